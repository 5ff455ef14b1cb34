# comparison operators give bool arrays; bools in arithmetic and reductions
import cupy as cp

x = cp.arange(6)
print(x < 3)
print(x <= 3, x > 3, x >= 3)
print(x == 2, x != 2)
m = x.reshape(2, 3)
print(m > cp.array([0, 4, 1]))
f = cp.linspace(0, 1, 5)
print(f > 0.5, f == 0.25)
mask = (x > 1) == (x < 4)
print(mask)
print((x > 2).sum(), (f > 0.3).mean())
print(cp.where(x > 2, x, 0).sum())
print((x > 2) + (x > 3))
print((x > 2) * 1.5)
