import cupy as cp

a = cp.array([10, 20, 30, 40, 50])
idx = cp.array([0, 2, 2, -1])
print(a[idx], a[cp.array([4, 0], dtype=cp.int32)], a[cp.array([1], dtype=cp.uint8)])
print(a[cp.array([[0, 1], [3, 4]])])
print(a[[0, 2]], a[[-1, -5, 3]])
print(a[cp.array([], dtype=cp.int64)].shape)
b = cp.arange(12).reshape(3, 4)
print(b[idx[:3]])
print(b[:, cp.array([3, 0])])
print(b[cp.array([0, 1, 2]), cp.array([3, 2, 1])])
print(b[[0, 2]])
print(b[1, [0, 0, 3]])
print(b[[2, 0], 1:3])
print(b[1:, [1, 3]])
rows = cp.array([[0, 0], [2, 2]])
cols = cp.array([[0, 3], [0, 3]])
print(b[rows, cols])
print(b[rows, 1])
print(b[cp.array([[0], [2]]), cp.array([1, 2, 3])])
print(b[None, [0, 1]].shape, b[[0, 1], None].shape)
c = cp.arange(24).reshape(2, 3, 4)
print(c[[0, 1], :, 1])
print(c[:, [0, 2], [1, 3]])
print(c[1, :, [0, 1]])
print(c[[1, 0], [2, 0]])
print(c[..., [3, 0]].shape, c[:, 1:, [0]].shape)
print(c[:, [0, 2]][:, :, [1, 3]])
d = cp.linspace(0, 1, 5).astype(cp.float32)
print(d[cp.array([4, 3])])
t = b.T
print(t[[1, 3]])
print(t[::-1][[0, 2], [1, 2]])

# scatter and in-place operators
g = cp.zeros(8)
g[cp.array([1, 4, 6])] = cp.array([1.5, 2.5, 3.5])
print(g)
g[cp.array([0, 7])] += 10
print(g)
g[[2, 3]] = 5
print(g)
g[cp.array([-1, -2])] *= 2
print(g)
h = cp.zeros((3, 4), dtype=cp.int32)
h[[0, 2]] = cp.array([1, 2, 3, 4])
print(h)
h[:, [1, 3]] = 9
print(h)
h[cp.array([0, 1, 2]), cp.array([0, 1, 2])] = cp.array([-1, -2, -3])
print(h)
h[1, [0, 2]] -= 5
print(h)
k = cp.arange(10)
k[k[::3]] = 0
print(k)
w = cp.arange(6.0)
w[cp.array([0, 1, 2])] = w[cp.array([3, 4, 5])]
print(w)
