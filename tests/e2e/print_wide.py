# line wrapping at 75 columns
import cupy as cp

print(cp.arange(40))
print(cp.arange(100, 140))
print(cp.linspace(0, 1, 21))
print(cp.arange(30).reshape(2, 15) * 1000)
print(cp.arange(20, dtype=cp.float32) / 3)
print(cp.arange(20) % 2 == 0)
print(cp.arange(-20, 20).reshape(2, 20))
