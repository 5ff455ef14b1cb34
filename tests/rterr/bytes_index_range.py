# A bytes value indexed past its end: Python's IndexError.
import cupy as cp

b = cp.arange(3, dtype=cp.int8).tobytes()
print(b[-3], b[2])
print(b[3])
