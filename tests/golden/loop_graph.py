# hoist.c and graphloop.c: cavity_flow's pressure loop.  `pn = p.copy()` becomes a store into
# one buffer made before the loop (`empty`, then `store_into` in the body), the boundary
# stores read other rows and columns of p (disjoint), so the loop is marked [graph]; trisolv's
# row loop (a dot: vecdot.c's sum of a product) is captured with every iteration.
import cupy as cp


def poisson(nit, p, b):
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, 0:-2] + pn[2:, 1:-1] + pn[0:-2, 1:-1]) - b[1:-1, 1:-1]
        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
        p[-1, :] = 0


def trisolv(L, x, b):
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]


p = cp.ones((8, 8))
poisson(10, p, p * 0.5)
x = cp.zeros(8)
trisolv(p + 1.0, x, cp.ones(8))
print(p, x)
