# fuse.c (views of producers): a producer read through a view that adds axes (`v[:, None]`) is
# computed in its broadcasting consumer's kernel only when it is cheap there (adds, multiplies,
# compares: gemver's `(beta * y)[:, None]`); a division is not (azimint_naive's bin edges
# `rmax * i / npt` against 400,000 points): those edges stay a kernel of their own.
import cupy as cp

y = cp.arange(4.0)
M = cp.ones((4, 6))
print((2.0 * y)[:, None] * M)
i = cp.arange(3)
r = cp.arange(8.0) / 8.0
edges = 7.0 * i / 3
print(cp.sum(cp.where(edges[:, None] <= r, r, 0.0), axis=1))
