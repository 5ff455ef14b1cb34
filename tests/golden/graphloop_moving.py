# graphloop.c: loops whose views and scalars move with the loop variable are captured with
# every iteration's launches ([graph each]): a recurrence along columns (the store's column and
# the columns it reads are other offsets of j: disjoint), backward with a scalar of j; a row
# read at t (a 0-d view); shifted slices of one axis (the launch copies: the graph's own memory).
import cupy as cp


def sweep(x, y):
    for j in range(2, x.shape[1]):
        y[:, j] = 0.5 * x[:, j] + 0.25 * y[:, j - 1] - 0.125 * y[:, j - 2]
    for j in range(x.shape[1] - 2, -1, -1):
        y[:, j] = y[:, j] * 0.5 + y[:, j + 1] * j


def rows(e, g, f, tmax):
    for t in range(tmax):
        e[0, :] = f[t]
        g[1:, :] -= 0.5 * e[:-1, :]


def shifted(a, n):
    for j in range(n):
        a[j:j + 4] = a[j + 1:j + 5] * 0.5


x = cp.ones((4, 16))
y = cp.zeros((4, 16))
sweep(x, y)
rows(y, x, cp.arange(8.0), 8)
a = cp.ones(32)
shifted(a, 8)
print(y, a)
