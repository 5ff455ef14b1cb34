# meshgrid, logspace, geomspace
import cupy as cp

x = cp.arange(3)
y = cp.linspace(0, 1, 2)
X, Y = cp.meshgrid(x, y)
print(X)
print(Y)
I, J = cp.meshgrid(x, cp.arange(4), indexing='ij')
print(I.shape, J)
g = cp.meshgrid(x, x)
print(len(g), g[1])
print(cp.logspace(0, 3, 4))
print(cp.logspace(0, 1, 3, base=2.0), cp.logspace(0, 2, 3, endpoint=False))
print(cp.geomspace(1, 1000, 4), cp.geomspace(-1, -16, 5))
print(cp.geomspace(2, 32, 3, endpoint=False))
print(cp.logspace(1, 2, 3, dtype=cp.float32))
