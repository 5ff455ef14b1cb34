# float(x), int(x) on 0-d arrays and elements; cp.asnumpy
import cupy as cp

x = cp.arange(1, 5) * 1.5
s = float(x.sum())
print(s, s * 2)
n = int(cp.arange(10).sum())
print(n, n + 1)
print(int(x[2]), float(x[0]))
print(int(cp.linspace(7.9, 8.9, 2)[0]), int(cp.linspace(-7.9, 1.0, 3)[0]))
print(float(cp.arange(5, dtype=cp.int32).max()))
mean = float(cp.linspace(0, 1, 11).mean())
print(f"{mean:.6f}")
h = cp.asnumpy(x)
print(h)
print(cp.asnumpy(cp.arange(6).reshape(2, 3)))
print(cp.asnumpy(x > 3))
total = 0.0
for i in range(4):
    total += float(x[i])
print(total)
