import cupy as cp

scale = 1.0


def f(v):
    return v * scale


if cp.sum(cp.ones(2)) > 1:
    scale = cp.float32(2.0)
    print(f(cp.ones(2)))
print(scale)
