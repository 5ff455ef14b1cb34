# unary operators and the unary ufuncs sqrt exp log sin cos tanh abs floor
import cupy as cp

x = cp.linspace(0.5, 4.0, 8)
print(-x)
print(+x)
print(cp.sqrt(x))
print(cp.exp(x))
print(cp.log(x))
print(cp.sin(x))
print(cp.cos(x))
print(cp.tanh(x - 2))
print(cp.abs(x - 2))
print(cp.floor(x * 1.5))
print(cp.floor(-x))
i = cp.arange(-3, 4)
print(-i, cp.abs(i))
print(cp.sqrt(cp.arange(5)))
y = cp.arange(4, dtype=cp.float32) + 0.5
print(cp.sqrt(y), cp.exp(y).dtype)
print(cp.log(cp.array([1.0, 0.0])))
print(cp.sqrt(cp.array([-1.0, 4.0])))
