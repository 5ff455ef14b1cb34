# frombuffer of more items than the buffer holds: NumPy's ValueError.
import cupy as cp

b = cp.arange(8, dtype=cp.uint8).tobytes()
print(cp.frombuffer(b, dtype=cp.int32, count=2))
print(cp.frombuffer(b, dtype=cp.int32, count=2, offset=1))
