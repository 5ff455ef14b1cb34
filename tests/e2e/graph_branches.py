# Loops captured with every iteration (graphloop.c's graph_each) whose bodies branch, nest
# loops or make arrays that die in their iteration (runtime/graph.c: the graph's own allocation
# and free nodes): the results must equal the loop's as written, after a capture, after a
# replay of the kept graph (the same arrays and bounds again) and after a new capture.
import cupy as cp


# NPBench's Floyd-Warshall: loopmap.c maps the i loop under a run-time test (copies of row and
# column k, one fused store), the loop as written in the else branch
def floyd(path):
    for k in range(path.shape[0]):
        for i in range(path.shape[0]):
            path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def graph_of(n, seed):
    gi = cp.arange(n, dtype=cp.int32).reshape(n, 1)
    gj = cp.arange(n, dtype=cp.int32).reshape(1, n)
    p = (gi * gj + seed) % 7 + 1
    s = gi + gj
    p[(s % 13 == 0) | (s % 7 == 0) | (s % 11 == 0)] = 999
    return p


p0 = graph_of(12, 0)
p = p0.copy()
for run in range(3):   # the same array: captured, then replayed
    p[:, :] = p0
    floyd(p)
    print(run, int(cp.sum(p)), p[0, :6], p[-1, -6:])
q = graph_of(9, 3)     # another array and size: a new capture
floyd(q)
print(q)
for n in [1, 2, 5]:    # below the capture threshold, and one more
    r = graph_of(n, n)
    floyd(r)
    print(n, r)


# syrk's triangle update: a loop nested in the captured one, slices that grow with i
def syrk(alpha, beta, C, A):
    for i in range(A.shape[0]):
        C[i, :i + 1] *= beta
        for k in range(A.shape[1]):
            C[i, :i + 1] += alpha * A[i, k] * A[:i + 1, k]


A = (cp.arange(7 * 5, dtype=cp.float64).reshape(7, 5) % 9) / 9.0
for run in range(2):
    C = cp.ones((7, 7))
    syrk(1.5, 1.2, C, A)
    print(run, float(cp.sum(C)), C[6, :], C[3, :4])


# a branch on a host value of the iteration; a copy that dies in it; a store whose source
# overlaps its destination (the launch's copy)
def branchy(m, b, n):
    for i in range(n):
        if i % 3 == 0:
            m[:, i] = m[:, i - 1] * 0.5 + 1.0
        elif i % 3 == 1:
            c = b.copy()
            m[:, i] += c[:, i] * 2.0 - i
        else:
            m[1:, i] = m[:-1, i] + 0.25
    return i


for run in range(3):
    m = cp.arange(4 * 10, dtype=cp.float64).reshape(4, 10) / 8.0
    b = cp.ones((4, 10)) * 0.5
    print(branchy(m, b, 10 - run), m)


def shift(a, n):
    for j in range(1, n):
        a[j:] = a[j - 1:-1] * 0.5 + j
    return a


print(shift(cp.arange(12, dtype=cp.float64), 6))
print(shift(cp.arange(12, dtype=cp.float64), 6))


# masks made in the iteration (mandelbrot1's pattern, in integers): every iteration's mask is
# a new array of the graph
def collatz(v, steps, hits):
    for i in range(steps):
        m = v % 2 == 0
        o = v % 2 == 1
        v[m] = v[m] // 2
        hits[m] = i
        v[o] = v[o] * 3 + 1
    return v, hits


v = cp.arange(1, 25, dtype=cp.int64)
h = cp.zeros(24, dtype=cp.int64)
for run in range(2):
    collatz(v, 9, h)
    print(run, v, h)


# a nested loop's variable read after the loop: captured, never replayed (the key would skip
# setting it); an outer loop below the capture threshold: the inner loops are captured alone
def nested(a, n):
    for i in range(n):
        for j in range(3):
            a[i, j:] += a[i, :a.shape[1] - j] * 0.5 + i
    return j


for run in range(2):
    a = cp.ones((6, 5))
    print(nested(a, 6), a)
a = cp.ones((6, 5))
print(nested(a, 2), a)
