# cp.vectorize(f): f's elementwise body over arrays, one fused kernel
import cupy as cp


def affine(x, a, b):
    return a * x + b


def smooth(x, y):
    d = x - y
    return cp.sqrt(d * d + 1.0) - 1.0


@cp.vectorize
def clipped_sq(v):
    return cp.minimum(v * v, 10)


vaffine = cp.vectorize(affine)
vsmooth = cp.vectorize(smooth)
x = cp.arange(6, dtype=cp.float64).reshape(2, 3)
y = cp.array([0.5, 1.5, 2.5])
print(vaffine(x, 2.0, y))
print(vaffine(cp.arange(4), 3, 1))
print(vsmooth(x, y))
print(clipped_sq(cp.arange(-2, 5)))
r = vsmooth(x, 1.0)
print(r.dtype, r.shape, float(r.sum()))
