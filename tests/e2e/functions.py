# user functions: keyword and default arguments, tuple returns, one function called with
# different argument types (monomorphized per type)
import cupy as cp


def scale(x, factor=2, offset=0):
    return x * factor + offset


def stats(x):
    return float(x.min()), float(x.max()), float(x.mean())


def norm2(v):
    return cp.sqrt((v * v).sum())


def describe(name, x, scale=1.0):
    print(f"{name}: shape={x.shape} dtype={x.dtype} sum={float(x.sum()) * scale:.3f}")


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


print(scale(3), scale(3.5), scale(3, 10), scale(3, offset=1), scale(factor=3, x=2))
print(scale(cp.arange(4)))
print(scale(cp.arange(4, dtype=cp.float32), 0.5))
print(scale(cp.arange(4), offset=0.25))
lo, hi, mean = stats(cp.arange(10))
print(lo, hi, mean)
print(stats(cp.linspace(-1, 1, 5)))
print(norm2(cp.array([3.0, 4.0])), norm2(cp.array([3, 4], dtype=cp.float32)))
describe("a", cp.ones((2, 3)))
describe("b", cp.arange(10, dtype=cp.int32), scale=0.5)
describe(x=cp.eye(3), name="eye")
print(fib(10), fib(50))
print(sign(-3), sign(0), sign(2.5))
