# cp.fuse(f) and cp.fuse(kernel_name=...)(f): the function itself, whose elementwise
# operations gpyc fuses as it does everywhere (lower/api/kernel.c); called with arrays and
# with scalars.  Expected output: twins/ukernel_fuse_func.py.
import cupy as cp


def squared_diff(x, y):
    return (x - y) * (x - y)


def softplus_sum(x):
    return cp.sum(cp.log1p(cp.exp(x)))


fused = cp.fuse(squared_diff)
fused2 = cp.fuse(kernel_name='softplus_sum')(softplus_sum)
a = cp.arange(6, dtype=cp.float32)
b = cp.linspace(0, 1, 6, dtype=cp.float32)
print(fused(a, b))
print(fused(a, 2.0))
print(fused(3.0, 1.0))
print(fused2(cp.linspace(-2, 2, 5)))


# the decorator forms
@cp.fuse()
def axpy(a, x, y):
    return a * x + y


@cp.fuse(kernel_name='clipped')
def clipped(x):
    return cp.minimum(cp.maximum(x, -1.0), 1.0) * 2


@cp.fuse
def cube(x):
    return x * x * x


print(axpy(2.0, a, b))
print(clipped(cp.linspace(-3, 3, 7)))
print(cube(a), cube(4))
