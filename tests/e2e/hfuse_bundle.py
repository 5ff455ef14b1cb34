import cupy as cp

# Independent elementwise kernels that gpyc launches as one (horizontal fusion, hfuse.c):
# each must compute exactly what it computes alone.

# rows of one array written by kernels of different shapes and dtypes
Z = cp.zeros((4, 5))
v = cp.arange(5)
Z[0] = v * 2
Z[1] = cp.sqrt(v + 1.0)
Z[2] = 7.0
Z[3] = cp.where(v > 2, v, -v).astype(cp.float32) / 4
print(Z)

# members without elements, alone and beside others
E = cp.zeros((3, 0))
E[0] = 1.0
E[1] = 2.0
print(E.shape, E.sum())
F = cp.zeros((2, 0))
G = cp.zeros((2, 3), dtype=cp.int32)
F[0] = 5.0
G[1] = 9
print(F.shape, G)

# large members of different sizes: contiguous (vector path), strided, broadcast, int8
x = cp.arange(3000001, dtype=cp.float32)
y = cp.linspace(0.0, 1.0, 2000003, dtype=cp.float64)
p = x * 0.5 + 1.0
q = cp.sqrt(y[::3])
r = cp.full((7, 1), 3, dtype=cp.int8) + cp.arange(4, dtype=cp.int8)
s = (x[:1000] > 500.0) & (x[1000:2000] < 1900.0)
print(float(p.sum()), float(q.sum()), int(r.sum()), int(s.sum()))
print(p[:3], p[-2:], q[:3], q[-1])
print(r[6], s[495:505])


# independent kernels in a loop's body: the bundle's arguments are set up afresh each time
a = cp.zeros(4)
b = cp.ones(3, dtype=cp.float32)
for it in range(3):
    a2 = a + it
    b2 = b * 2.0 - it
    print(it, a2, b2)

# a function whose unrolled loop ends in independent row updates (k-means' centre update)
K = 3


def update(C, cnt, sums):
    newC = cp.zeros((K, 2), dtype=cp.float32)
    for k in range(K):
        newC[k] = cp.where(cnt[k] > 0.0, sums[k] / cp.maximum(cnt[k], 1.0), C[k])
    return newC


C = cp.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], dtype=cp.float32)
cnt = cp.array([2.0, 0.0, 4.0], dtype=cp.float32)
sums = cp.array([[1.0, 3.0], [7.0, 7.0], [10.0, 2.0]], dtype=cp.float32)
for it in range(3):
    C = update(C, cnt, sums + it)
    print(it, C)
