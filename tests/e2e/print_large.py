# summarised printing past 1000 elements (edge items 3), 1-D and 2-D
import cupy as cp

print(cp.arange(1001))
print(cp.arange(1000))
print(cp.arange(2000).reshape(40, 50))
print(cp.linspace(0, 1, 5000))
print(cp.ones((1001,), dtype=cp.int32))
print(cp.arange(3000, dtype=cp.float32).reshape(3, 1000) / 8)
print((cp.arange(1500) % 3 == 0))
