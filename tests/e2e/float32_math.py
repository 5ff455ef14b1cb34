# float32 stays float32 through ufuncs, Python scalars and reductions
import cupy as cp

x = cp.linspace(0, 2, 9).astype(cp.float32)
y = cp.sqrt(x) * 2 + 1.5
print(y, y.dtype)
z = cp.exp(-x) * cp.cos(x) + cp.sin(x) * cp.tanh(x)
print(z, z.dtype)
print(cp.log(x + 1), cp.floor(x * 2.5))
print(cp.power(x, 2), cp.power(x, 2).dtype)
print(cp.clip(x, 0.5, 1.5), cp.clip(x, 0.5, 1.5).dtype)
print(float(x.sum()), float(x.mean()), float(y.max()), float(z.min()))
print((x + x.astype(cp.float64)).dtype, (x * 2).dtype, (x + cp.ones(9)).dtype)
print(cp.abs(x - 1).dtype, cp.maximum(x, 1).dtype, cp.where(x > 1, x, x * 2).dtype)
