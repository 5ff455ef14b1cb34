import cupy as cp

a = cp.arange(5)
print(a.squeeze(), a.squeeze().shape)
b = cp.linspace(0, 1, 3).reshape(1, 3, 1)
print(b.squeeze(), b.squeeze().shape)
c = cp.arange(1.0, 2.0, 0.25)
print(c.squeeze().shape, cp.squeeze(c.reshape(4, 1)).shape)


def f(k):
    d = cp.arange(2, 8, 3).reshape(2, 1) * k
    e = d.T
    print(d.squeeze(), e.squeeze(), e.squeeze().ndim)
    return d.squeeze()


print(f(2), f(0.5))
for i in range(2):
    g = cp.ones((1, 3)) + i
    print(g.squeeze())
if a.size > 3:
    h = cp.zeros((1, 2))
else:
    h = cp.ones((1, 2))
print(h.squeeze().shape)
pts = cp.ones((5, 3))
H, edges = cp.histogramdd(pts, bins=4)
print(H.shape, len(edges), edges[0])
z = cp.zeros((1, 3))
print(cp.squeeze(z), cp.squeeze(z).shape)
