# frombuffer with an offset past the end of the buffer: NumPy's ValueError naming its length.
import cupy as cp

b = cp.arange(6, dtype=cp.uint8).tobytes()
print(cp.frombuffer(b, dtype=cp.uint8, offset=2))
print(cp.frombuffer(b, dtype=cp.uint8, offset=int(cp.arange(5).sum()) - 3))
