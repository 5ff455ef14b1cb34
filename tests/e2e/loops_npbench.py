# NPBench's launch-bound loops (issue 25).  Loops that allocate a copy per iteration
# (compiler/passes/hoist.c: one buffer made before the loop instead), store into slices of the
# array they read (graphloop.c: disjoint views), and run again with the same inputs
# (runtime/graph.c: rt_graph_replay, no second capture); row and element loops whose dots of
# two vectors are fused reductions (compiler/passes/vecdot.c: trisolv, lu, cholesky).
# The results must equal the loops' as written (-O0, GPYRT_GRAPHS=0).
import cupy as cp


# cavity_flow's pressure loop (NPBench): `pn = p.copy()` per iteration, a stencil from pn into
# p, boundary stores between columns and rows of p
def pressure_poisson(nit, p, dx, dy, b):
    pn = cp.empty_like(p)
    pn = p.copy()
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
                          (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
                         (2 * (dx**2 + dy**2)) - dx**2 * dy**2 /
                         (2 * (dx**2 + dy**2)) * b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
        p[:, 0] = p[:, 1]
        p[-1, :] = 0


def cavity_flow(nt, nit, u, v, dt, dx, dy, p, rho, nu):
    b = cp.zeros(u.shape)
    for n in range(nt):
        un = u.copy()
        vn = v.copy()
        b[1:-1, 1:-1] = (rho * (1 / dt * ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx) +
                                          (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                                ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 - 2 *
                                ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                                 (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx)) -
                                ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))
        pressure_poisson(nit, p, dx, dy, b)
        u[1:-1, 1:-1] = (un[1:-1, 1:-1] - un[1:-1, 1:-1] * dt / dx * (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy * (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                         dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                         nu * (dt / dx**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                               dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))
        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] - un[1:-1, 1:-1] * dt / dx * (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy * (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                         dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                         nu * (dt / dx**2 * (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                               dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))
        u[0, :] = 0
        u[:, 0] = 0
        u[:, -1] = 0
        u[-1, :] = 1
        v[0, :] = 0
        v[-1, :] = 0
        v[:, 0] = 0
        v[:, -1] = 0


# the whole program at a small size: the pressure loop (10 iterations) runs once per time step
# with the same arrays, so its graph is captured once and replayed
for ny, nt, nit in [(12, 5, 10), (9, 3, 20), (16, 4, 3)]:
    nx = ny + 1
    u = cp.zeros((ny, nx))
    v = cp.zeros((ny, nx))
    p = cp.zeros((ny, nx))
    dx = 2 / (nx - 1)
    dy = 2 / (ny - 1)
    dt = .1 / ((nx - 1) * (ny - 1))
    cavity_flow(nt, nit, u, v, dt, dx, dy, p, 1.0, 0.1)
    print(ny, nt, nit, float(cp.sum(cp.abs(u))), float(cp.sum(cp.abs(v))), float(cp.sum(cp.abs(p))))
    print(p[1, :4], u[-2, -4:])

# the same loop run again with other inputs: another p (new pointers), another dx (a scalar
# the launches read), other trip counts (below the minimum, captured whole, in parts)
g = cp.arange(80, dtype=cp.float64).reshape(8, 10)
rhs = cp.sin(g) * 0.25
p1 = cp.cos(g)
p2 = cp.cos(g) + 1.0
for nit, dx, which in [(10, 0.2, 1), (10, 0.2, 1), (10, 0.2, 2), (10, 0.3, 2), (3, 0.3, 1),
                       (20, 0.3, 1), (20, 0.3, 1), (0, 0.3, 2), (10, 0.3, 2)]:
    pp = p1 if which == 1 else p2
    pressure_poisson(nit, pp, dx, 0.25, rhs)
    print(nit, dx, which, float(cp.sum(pp * pp)), pp[3, :3])


# a copy kept after the loop is a new array every iteration (not hoisted): each a copy of
# its iteration's x
def kept_copy(x, n):
    last = x.copy()
    for i in range(n):
        x[1:] = x[1:] * 0.5 + x[:-1]
        last = x.copy()
    x[:] = 0.0
    return last


x = cp.arange(6, dtype=cp.float32)
print(kept_copy(x, 7), x)


# two copies in one body, of an array and of a view of it; a copy read twice through views
def two_copies(a, b, n):
    for i in range(n):
        c = a.copy()
        d = b.T.copy()
        a[1:-1] = c[2:] - c[:-2] + d[0, 1:-1] * 0.5
        b[:, :] = d.T * 0.5 + 1.0


a = cp.linspace(0.0, 1.0, 7)
b = cp.ones((7, 2)) * cp.arange(2)
two_copies(a, b, 12)
print(a, b[:3])


# stores between rows at constant indices of both signs (p[0] = p[-1] may be one row: a
# length-1 axis), and a loop whose variable sizes a slice (never a graph)
def edges(p, n):
    for i in range(n):
        p[0, :] = p[-1, :] + 1.0
        p[-1, :] = p[0, :] * 0.5 + p[-1, :] * 0.25


q = cp.ones((3, 4))
edges(q, 9)
r = cp.ones((1, 4))
edges(r, 9)
print(q, r)

y = cp.arange(12, dtype=cp.float64)
for i in range(1, 12):
    y[i] = y[i] - y[:i].sum() * 0.125
print(y)


# NPBench's trisolv, lu and cholesky kernels (verbatim loops) on small inputs: the dots'
# lengths move with the loop variables, from 0
def trisolv(L, x, b):
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]


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


for N in [1, 5, 13]:
    gi = cp.arange(N, dtype=cp.float64).reshape(N, 1)
    gj = cp.arange(N, dtype=cp.float64).reshape(1, N)
    L = (gi + N - gj + 1) * 2 / N
    x = cp.full((N, ), -999, dtype=cp.float64)
    b = cp.arange(N, dtype=cp.float64)
    trisolv(L, x, b)
    A = cp.where(gj <= gi, (-gj % N) / N + 1, 0.0)
    cp.fill_diagonal(A, 1.0)
    A[:] = A @ cp.transpose(A)
    A2 = A.copy()
    lu(A)
    cholesky(A2)
    print(N, x[-3:], float(cp.sum(cp.abs(A))), float(cp.sum(cp.abs(A2))), A[-1, -2:], A2[-1, -2:])

# dots of two vectors in other dtypes and forms: float32, complex (no conjugate), a Python
# scalar's promotion, empty, strided views, as a value in an expression; int stays cuBLAS's
f = cp.arange(7, dtype=cp.float32) * 0.5
c = (cp.arange(5) + 1j * cp.arange(5, 0, -1)).astype(cp.complex128)
n = cp.arange(6)
print(f @ f, cp.dot(f[:6:2], f[1::2]), (c @ c), cp.dot(c, c[::-1]), f[:0] @ f[:0], n @ n)
print(cp.dot(f, f.astype(cp.float64)), 2.0 * (f[1:4] @ f[:3]) + 1.0, f.dot(f[::-1]))
