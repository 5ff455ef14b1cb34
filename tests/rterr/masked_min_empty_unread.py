# A masked min over an empty selection whose result the host never reads (masked.c): the
# device flags it, and the ValueError is raised at the program's end, its next synchronisation
# (NumPy raises at the min itself; the message is the same).
import cupy as cp

x = cp.arange(12, dtype=cp.int32).reshape(3, 4)
lo = x[x < 0].min()
y = x + lo
