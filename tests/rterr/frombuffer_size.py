# frombuffer of a buffer whose size is not a multiple of the itemsize: NumPy's ValueError.
import cupy as cp

b = cp.arange(5, dtype=cp.uint8).tobytes()
print(cp.frombuffer(b, dtype=cp.int16))
