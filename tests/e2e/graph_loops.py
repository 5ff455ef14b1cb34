# Loops captured as CUDA graphs (compiler/graphloop.c, runtime/graph.c): at -O2 a loop whose
# body only updates loop-invariant arrays in place runs its first iterations under stream
# capture and replays them.  The results must equal the loop's as written (the -O0 run, and a
# run with GPYRT_GRAPHS=0, execute every iteration directly).
import cupy as cp


# two arrays of 1024 elements updated in place (launch-bound); trip counts around the
# runtime's thresholds (minimum trip count, iterations per graph, remainders) reuse one site
def coupled(a, b, n):
    for i in range(n):
        a[:] = a * 0.5 + b * 0.25
        b[:] = b * 0.5 - a * 0.25 + 0.125
    return a, b


for n in [0, 1, 2, 3, 4, 7, 8, 9, 16, 17, 100]:
    a = cp.arange(1024, dtype=cp.float32) / 1024.0
    b = cp.ones(1024, dtype=cp.float32)
    a, b = coupled(a, b, n)
    print(n, float(cp.sum(a)), float(cp.sum(b)), a[:3], b[-2:])


# the Jacobi stencil (W8) on small arrays, twice with other arrays (the graph is updated with
# new pointers)
def jacobi(A, B, steps):
    for t in range(steps):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])


for size in [10, 34]:
    g = cp.arange(size * size, dtype=cp.float64).reshape(size, size)
    A = cp.sin(g) * 0.5 + 0.5
    B = A.copy()
    jacobi(A, B, 20)
    print(size, float(cp.sum(A)), float(cp.sum(B * B)), A[1, 1:5])

# augmented assignments, a range with start and step and a negative step; the loop variable
# keeps its last value
x = cp.zeros(8, dtype=cp.float64)
y = cp.arange(8, dtype=cp.float64)
for k in range(3, 50, 4):
    x += y
    x *= 0.5
    y[2:4] -= 1.0
print(x, y, k)
for k in range(40, 0, -3):
    x -= y * 0.125
print(x, k)

# integers and complex numbers; a view of a 2-d array with a broadcast row
z = cp.arange(6, dtype=cp.int32)
for zi in range(32):
    z *= 3
    z += 1
print(z, zi)
c = cp.ones(4, dtype=cp.complex64) * (1 + 1j)
for _ in range(12):
    c *= 0.9 + 0.1j
    c += 1.0
print(c)
m = cp.ones((3, 5), dtype=cp.float32)
row = cp.arange(5, dtype=cp.float32)
for _ in range(9):
    m[:, :] = m * 0.5 + row
    m[1:, 2:] += 1.0
print(m)

# a Python scalar computed in the body from loop-invariant values
alpha = 0.25
s = cp.ones((4, 4), dtype=cp.float64)
v = cp.arange(16, dtype=cp.float64)
for _ in range(11):
    beta = alpha * 2.0 + 0.75
    v[1:] = v[1:] * beta - 1.0
    s[1:3, :] = s[1:3, :] * 0.5 + beta
print(v[:4], beta)

# the source overlaps the destination (a transposed view): the copy would allocate, so the
# loop is not captured
for _ in range(7):
    s[:, :] = s.T * 0.5 + 1.0
print(s)

# two variables view one buffer: the compiler captures the loop, the run-time copy of the
# overlapping source allocates during the capture, so the runtime throws the capture away and
# runs the loop as written (same results)
base = cp.arange(12, dtype=cp.float64)
lo = base[:-1]
hi = base[1:]
for _ in range(9):
    hi[:] = lo * 0.5 + 1.0
print(base)

# a shifted source of the same array (not captured)
w = cp.arange(10, dtype=cp.float64)
for _ in range(6):
    w[1:] = w[:-1] * 0.5 + 1.0
print(w)

# inside an outer loop that prints: only the inner loop is captured, run several times
p = cp.zeros(16, dtype=cp.float32)
q = cp.ones(16, dtype=cp.float32)
for r in range(3):
    for _ in range(25):
        p += q
        q *= 1.01
    print(r, float(cp.sum(p)))

# empty arrays: the captured iterations launch nothing
e = cp.zeros((0, 3), dtype=cp.float32)
for _ in range(10):
    e += 1.0
    e[:, 1:] *= 2.0
print(e.shape, e)
