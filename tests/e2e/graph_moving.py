# Loops whose views and scalars move with the loop variable, captured as CUDA graphs with every
# iteration's launches (compiler/passes/graphloop.c's graph_each, runtime/graph.c's
# rt_graph_begin_each): the results must equal the loop's as written, after a capture, after a
# replay of the kept graph (the same arrays and bounds again) and after a new capture (other
# arrays, other bounds), and the loop variable keeps its last value.
import cupy as cp


# deriche's recurrences along the columns, forward and backward (two arrays, a scalar that
# moves with the loop variable)
def sweep(x, y, a1, b1, b2):
    j = -1
    for j in range(2, x.shape[1]):
        y[:, j] = a1 * x[:, j] + b1 * y[:, j - 1] + b2 * y[:, j - 2] + 0.001 * j
    for j in range(x.shape[1] - 3, -1, -1):
        y[:, j] = 0.5 * y[:, j] + 0.25 * y[:, j + 1] - 0.125 * y[:, 2 + j] + x[:, j]
    return j


def image(h, w, seed):
    g = cp.arange(h * w, dtype=cp.float64).reshape(h, w)
    return ((g * 37 + seed) % 101) / 101.0


x = image(6, 40, 3)
y = cp.zeros((6, 40))
y[:, 0] = x[:, 0]
y[:, 1] = x[:, 1] * 0.5
for run in range(3):   # the same arrays: captured once, then replayed
    last = sweep(x, y, 0.5, 0.3, -0.2)
    print(run, last, float(cp.sum(y)), y[0, :4], y[-1, -3:])
x2 = image(5, 23, 7)   # other arrays and bounds: a new capture
y2 = cp.ones((5, 23))
print(sweep(x2, y2, 0.25, 0.5, 0.125), float(cp.sum(y2)), y2[2, 5:9])
print(sweep(x, y, 0.5, 0.3, -0.2), float(cp.sum(y)))   # back to the first arrays
# columns 0 and 1 only (both loops run 0 times), 3 (once), 5 (3 times, below the capture
# threshold) and 6 (4 times)
for w in [2, 3, 5, 6]:
    xs = image(3, w, w)
    ys = cp.ones((3, w))
    print(w, sweep(xs, ys, 0.5, 0.25, 0.125), ys)


# adi's sweeps: 2-d slices of columns and rows of several arrays, forward then backward
def adi_step(u, v, p, q, n):
    a, b, c, d = -0.25, 1.5, -0.25, -0.5
    v[0, 1:n - 1] = 1.0
    p[1:n - 1, 0] = 0.0
    q[1:n - 1, 0] = v[0, 1:n - 1]
    for j in range(1, n - 1):
        p[1:n - 1, j] = -c / (a * p[1:n - 1, j - 1] + b)
        q[1:n - 1, j] = (-d * u[j, 0:n - 2] + (1.0 + 2.0 * d) * u[j, 1:n - 1] - d * u[j, 2:n] -
                         a * q[1:n - 1, j - 1]) / (a * p[1:n - 1, j - 1] + b)
    v[n - 1, 1:n - 1] = 1.0
    for j in range(n - 2, 0, -1):
        v[j, 1:n - 1] = p[1:n - 1, j] * v[j + 1, 1:n - 1] + q[1:n - 1, j]
    u[1:n - 1, 1:n - 1] = v[1:n - 1, 1:n - 1].T


for n in [12, 7]:
    g = cp.arange(n * n, dtype=cp.float64).reshape(n, n)
    u = (g % 13) / 13.0
    v = cp.zeros((n, n))
    p = cp.zeros((n, n))
    q = cp.zeros((n, n))
    for t in range(3):
        adi_step(u, v, p, q, n)
    print(n, float(cp.sum(u)), float(cp.sum(v * v)), u[1, 1:5], q[2, :4])


# fdtd_2d's time loop: a row set from a 0-d view that moves with t
def fdtd(tmax, ex, ey, hz, fict):
    for t in range(tmax):
        ey[0, :] = fict[t]
        ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])
    return t


gi = cp.arange(9, dtype=cp.float64).reshape(9, 1)
gj = cp.arange(11, dtype=cp.float64).reshape(1, 11)
ex = gi * (gj + 1) / 9
ey = gi * (gj + 2) / 11
hz = gi * (gj + 3) / 9
fict = cp.arange(20, dtype=cp.float64) * 0.25
for tmax in [20, 20, 6]:   # captured, replayed, captured again for other bounds
    tl = fdtd(tmax, ex, ey, hz, fict)
    print(tmax, tl, float(cp.sum(ex)), float(cp.sum(ey)), hz[3, :4])

# a column read at the loop variable minus one wraps to the last column at j = 0, as Python
# reads it; an int array and a loop variable that reaches the device as a scalar
z = cp.arange(30, dtype=cp.int32).reshape(3, 10)
for j in range(10):
    z[:, j] = z[:, j - 1] * 2 + j
print(z, j)
for j in range(0, 10, 3):
    z[1:, j] -= z[:-1, j] + j * j
print(z, j)
