# NumPy twin of tests/e2e/device_streams.py: the same values, without streams (NumPy runs
# synchronously); device queries print what a working GPU gives.  Produces the .expected.
import numpy as np

x = np.arange(12.0).reshape(3, 4)
expected = x @ x.T
y = x @ x.T
z = np.fft.fft(x[0])
print(y)
print(float(z.real.sum()), True)
w = np.sort(x[::-1, ::-1].ravel())
print(w)
parts = [x[k % 3] * (k + 1.0) for k in range(4)]
total = parts[0] + parts[1] + parts[2] + parts[3]
print(total)
a = x.sum(axis=0)
b = x.sum(axis=1)
c = a.sum() + b.sum()
print(a, b, float(c))
q = x * 2.0
q = q + 1.0
print(q)
big = np.ones((256, 256)) @ np.ones((256, 256))
print(True, True, True, float(big[0, 0]))
print(True)
d = np.linalg.norm(x)
print(0, float(d), True)
print(True)
print(True, 0)
print(True, True)
print(True)
print(True, True)
h = x.copy()
o = x * 2
print(float(h.sum()), o[1], o[2])
print((expected == y).all())
g = x + 1.0
print(g[2], g.dtype, g.shape)
g2 = x[1].copy()
pin = x * 3.0
print(g2, pin[2], pin[0], float(x.T.sum()))
dst = g + 0.5
print(dst[0])
dst = np.arange(12.0).reshape(3, 4) * -1.0
print(dst[2])
p = np.arange(6, dtype=np.float32)
print(p, p * 2, p.dtype)
q = np.full(4, 1.5, dtype=np.float32)
print(q * 2, q.dtype)
