# A name rebound to a value of another type: each binding is its own variable
import cupy as cp


def relu(x):
    return cp.maximum(x, 0)


def layers(x):
    # float64 4-d, then float32 4-d, then float32 2-d under the same name (resnet, lenet)
    x = relu(x - 1.5)
    x = x.astype(cp.float32)
    x = x * 2
    n = x.shape[0]
    x = cp.reshape(x, (n, 12))
    return x.sum(axis=1)


a = cp.arange(24, dtype=cp.float64).reshape(2, 3, 2, 2)
r = layers(a)
print(r, r.dtype, r.shape)

# module level: int, then float, then a 1-d array, then a str
x = 3
y = x
x = x / 2
z = x
x = cp.arange(4) * x
print(y, z, x, x.dtype)
x = "done"
print(x)

# the old binding keeps its value after the rebinding
b = cp.ones(3, dtype=cp.int32)
c = b
b = b.astype(cp.float64) / 4
print(b, c)


def count(n):
    # an int bound to a 0-d array, then back to an int
    s = 0
    for i in range(n):
        s += i
    t = cp.sum(cp.arange(n))
    s = t * 2
    s = int(s) + 1
    return s


print(count(5))
