# Reductions over a short constant axis (smallred.c writes them out as elementwise slices,
# which then fuse into their consumers): sum/prod/max/min, any axis, broadcasting operands,
# NaN, ints, complex, a write between producer and reduction, and the k-means distance.
import cupy as cp

N = 6
K = 4
D = 2

X = cp.arange(N * D, dtype=cp.float32).reshape(N, D) * 0.5 - 2.0
C = cp.array([[0.0, 1.0], [2.0, -1.0], [-3.0, 0.5], [1.5, 1.5]], dtype=cp.float32)
diff = X.reshape(N, 1, D) - C.reshape(1, K, D)
dist = cp.sum(diff * diff, axis=2)
print(dist)
print(cp.argmin(dist, axis=1), cp.argmax(cp.sum(diff * diff, axis=-1), axis=1))
print(dist.dtype, dist.shape)

a = cp.arange(24, dtype=cp.float64).reshape(2, 3, 4) - 7.5
t = a.reshape(2, 3, 4)
print(cp.sum(t * 2.0, axis=0), cp.max(t - 1.0, axis=1), cp.min(cp.abs(t), axis=2))
print(cp.prod(t.reshape(2, 3, 4) + 8.0, axis=0))
b = cp.full((3, 2), 1.5)
print(cp.sum(b * cp.arange(2.0), axis=1), cp.max(b.reshape(3, 2) * cp.array([[1.0], [-2.0], [3.0]]), axis=1))

n = cp.array([1.0, cp.nan, 3.0, 4.0]).reshape(2, 2)
print(cp.max(n.reshape(2, 2) * 1.0, axis=1), cp.min(n.reshape(2, 2) + 0.0, axis=0), cp.sum(n.reshape(2, 2) - 1.0, axis=1))

i = cp.arange(12, dtype=cp.int64).reshape(4, 3)
print(cp.sum(i.reshape(4, 3) * 3, axis=1), cp.max(i.reshape(4, 3) % 5, axis=1), cp.sum(i.reshape(4, 3), axis=1).dtype)
j = cp.arange(12, dtype=cp.int32).reshape(4, 3)
print(cp.sum(j.reshape(4, 3) + 1, axis=1), cp.sum(j.reshape(4, 3) + 1, axis=1).dtype)

z = (cp.arange(6) + 1j * cp.arange(6)).reshape(3, 2)
print(cp.sum(z.reshape(3, 2) * (1 - 1j), axis=1), cp.prod(z.reshape(3, 2) + 1, axis=1))

h = cp.arange(8, dtype=cp.float16).reshape(4, 2)
print(cp.sum(h.reshape(4, 2) * 0.5, axis=1), cp.sum(h.reshape(4, 2) * 0.5, axis=1).dtype)

one = cp.arange(5.0).reshape(5, 1)
print(cp.sum(one.reshape(5, 1) * 2.0, axis=1), cp.max(one.reshape(5, 1), axis=1))
print(cp.sum(t.reshape(2, 3, 4) * 1.0, axis=2, keepdims=True)[1])

# the producer is computed before a write to its input: the reduction must see the old values
w = cp.arange(6.0).reshape(3, 2)
p = w.reshape(3, 2) * 10.0
w[0, 0] = 1000.0
print(cp.sum(p, axis=1), cp.sum(w.reshape(3, 2) + 0.0, axis=1))

# a producer used by the reduction and by something else
q = X.reshape(N, D) * 2.0
print(cp.sum(q, axis=1), q[2])

# transposed operand
m = cp.arange(10.0).reshape(5, 2).T
print(cp.sum(m.reshape(2, 5) * 1.0, axis=0), cp.max(cp.transpose(X.reshape(N, D)) * 1.0, axis=0))
