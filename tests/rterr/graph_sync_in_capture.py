# A synchronisation of a stream while it is captured: CuPy's CUDARuntimeError; the capture is
# ended before the traceback, and the output before it is kept.
import cupy as cp

x = cp.arange(4.0)
s = cp.cuda.Stream(non_blocking=True)
print("before", x)
with s:
    s.begin_capture()
    y = x + 1.0
    s.synchronize()
print(y)
