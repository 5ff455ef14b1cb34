# NumPy twin of tests/e2e/ukernel_fuse_func.py: the same calls without cp.fuse, run by
# tests/oracle/run-numpy to produce ukernel_fuse_func.expected (tests/e2e/regen.sh).
import cupy as cp


def squared_diff(x, y):
    return (x - y) * (x - y)


def softplus_sum(x):
    return cp.sum(cp.log1p(cp.exp(x)))


a = cp.arange(6, dtype=cp.float32)
b = cp.linspace(0, 1, 6, dtype=cp.float32)
print(squared_diff(a, b))
print(squared_diff(a, 2.0))
print(squared_diff(3.0, 1.0))
print(softplus_sum(cp.linspace(-2, 2, 5)))
print(2.0 * a + b)
print(cp.minimum(cp.maximum(cp.linspace(-3, 3, 7), -1.0), 1.0) * 2)
print(a * a * a, 64)
