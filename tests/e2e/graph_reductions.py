# Row loops whose bodies reduce (a dot of two slices that move and grow with the loop variable,
# vecdot.c's sum of a product) captured with every iteration (graphloop.c's graph_each): each
# reduction's result is an array of its iteration, the graph's own memory (runtime/graph.c).
# NPBench's lu, cholesky, trisolv and ludcmp on small well-conditioned matrices; each called
# again on the same arrays (the kept graph replayed) and on others (a new capture).
import cupy as cp


def lu(A):
    for i in range(A.shape[0]):
        for j in range(i):
            A[i, j] -= A[i, :j] @ A[:j, j]
            A[i, j] /= A[j, j]
        for j in range(i, A.shape[0]):
            A[i, j] -= A[i, :i] @ A[:i, j]


def cholesky(A):
    A[0, 0] = cp.sqrt(A[0, 0])
    for i in range(1, A.shape[0]):
        for j in range(i):
            A[i, j] -= cp.dot(A[i, :j], A[j, :j])
            A[i, j] /= A[j, j]
        A[i, i] -= cp.dot(A[i, :i], A[i, :i])
        A[i, i] = cp.sqrt(A[i, i])


def trisolv(L, x, b):
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]


def solve(A, b):
    x = cp.zeros_like(b)
    y = cp.zeros_like(b)
    for i in range(A.shape[0]):
        y[i] = b[i] - A[i, :i] @ y[:i]
    for i in range(A.shape[0] - 1, -1, -1):
        x[i] = (y[i] - A[i, i + 1:] @ x[i + 1:]) / A[i, i]
    return x, y


def spd(n, seed):
    g = cp.arange(n * n, dtype=cp.float64).reshape(n, n)
    m = ((g * 7 + seed) % 11) / 11.0
    return m @ m.T + n * cp.eye(n)


A0 = spd(9, 1)
A = A0.copy()
for run in range(3):   # the same array: captured, then replayed
    A[:, :] = A0
    lu(A)
    print(run, float(cp.sum(A)), A[8, :4], A[2, 5:])
x, y = solve(A, cp.arange(9, dtype=cp.float64))
print(x, y)
x, y = solve(A, cp.arange(9, dtype=cp.float64))
print(x, y)
B = spd(6, 4)          # another size: new captures
lu(B)
print(B)
for n in [1, 3, 10]:
    C = spd(n, n)
    cholesky(C)
    print(n, cp.tril(C))
for run in range(2):
    L = cp.tril(spd(12, 2))
    xs = cp.zeros(12)
    trisolv(L, xs, cp.ones(12))
    print(run, xs)
