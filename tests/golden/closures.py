# Function values (lower/closure.c): a nested def passed to a user function, a closure made by
# a factory and one of a list of functions each give the kernel that the same computation
# written out in place gives (one fused kernel: tanh(x * w + b)); the closure's environment is
# a host struct, no kernel argument of its own.
import cupy as cp


def apply(f, x):
    return f(x)


def outer(x, w, b):
    def affine(v):
        return cp.tanh(v * w + b)

    return apply(affine, x)


def make_affine(w, b):
    def affine(v):
        return cp.tanh(v * w + b)

    return affine


x = cp.arange(1000, dtype=cp.float32) / 1000
w = cp.full(1000, 0.5, dtype=cp.float32)
print(outer(x, w, 2.0))
f = make_affine(w, 2.0)
print(f(x))
fs = [f, make_affine(w, 1.0)]
print(fs[1](x))
print(cp.tanh(x * w + 2.0))
