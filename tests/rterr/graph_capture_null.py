# Capturing Stream.null (the legacy default stream in CuPy): CuPy's RuntimeError.
import cupy as cp

x = cp.arange(3.0)
print(x * 2.0)
s = cp.cuda.Stream.null
s.begin_capture()
print(x)
