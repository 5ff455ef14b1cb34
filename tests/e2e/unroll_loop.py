# Full unrolling (compiler/unroll.c) of small constant loops whose body is array statements
# with a reduction, then sibling reductions over the same rows (compiler/siblings.c): k-means'
# center update.  Cases: the loop variable read in the body and after the loop, ranges with
# a start and a negative step, a module constant as the bound, loops that must stay loops
# (a print, a value brought to the host, a bound stored twice, too many iterations), and a
# loop inside a function called before and after its bound is read.
import cupy as cp

N = 2000
K = 5
D = 2


def points(n, d, k):
    i = cp.arange(n * d, dtype=cp.float64)
    return ((cp.sin(i * k) + 1.0) * 0.5).astype(cp.float32).reshape(n, d)


def assign(X, C):
    diff = X.reshape(N, 1, D) - C.reshape(1, K, D)
    return cp.argmin(cp.sum(diff * diff, axis=2), axis=1)


def update(X, C, labels):
    newC = cp.zeros((K, D), dtype=cp.float32)
    for k in range(K):
        m = labels == k
        cnt = cp.sum(m.astype(cp.float32))
        s = cp.sum(cp.where(m.reshape(N, 1), X, 0.0), axis=0)
        newC[k] = cp.where(cnt > 0.0, s / cp.maximum(cnt, 1.0), C[k])
    return newC


X = points(N, D, 0.731)
C = X[0:K].copy()
for it in range(4):
    labels = assign(X, C)
    C = update(X, C, labels)
print(C)
print(cp.bincount(labels, minlength=K))

# an empty cluster keeps its center (cnt == 0)
C2 = cp.array([[0.1, 0.1], [0.9, 0.9], [5.0, 5.0], [0.5, 0.5], [0.2, 0.8]], dtype=cp.float32)
print(update(X, C2, assign(X, C2)))

# the loop variable in the body and after the loop; a start and a negative step
x = points(N, 1, 0.37).reshape(N)
acc = cp.zeros(6, dtype=cp.float64)
for j in range(5, -1, -1):
    acc[j] = cp.sum((x > j * 0.15) * (x + j))
print(acc, j)
tot = cp.zeros((), dtype=cp.float32)
for j in range(2, 11, 3):
    tot = tot + cp.max(x * j) + cp.min(x - j)
print(tot, j)

# loops that stay loops
for k in range(3):
    m = x > k * 0.3
    print(k, cp.sum(m), cp.sum(cp.where(m, x, 0.0)))
t = 0.0
for k in range(3):
    t += float(cp.sum(x * k))
print(t)
B = 3
B = 4
u = cp.zeros(B)
for k in range(B):
    u[k] = cp.sum(x > k * 0.2)
print(u)
v = cp.zeros(40)
for k in range(40):
    v[k] = cp.sum(x > k * 0.025)
print(v[::8])
