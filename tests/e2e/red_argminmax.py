# argmax / argmin: first index of the extreme, NaN wins, flat C-order index for axis=None
import cupy as cp

m = cp.array([[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 9.0]])
print(m.argmax(), m.argmin(), cp.argmax(m), cp.argmin(m))
print(m.argmax(axis=0), m.argmin(axis=0), m.argmax(axis=1), m.argmin(axis=1))
print(m.argmax(axis=-1), cp.argmin(m, axis=-2))
k = cp.argmax(m, axis=1, keepdims=True)
print(k, k.shape, k.dtype)
print(cp.argmax(m, keepdims=True).shape)
print(m.argmax().dtype, m.argmax(axis=0).dtype)
print(cp.argmax(cp.array([1, 7, 7, 3, 7])), cp.argmin(cp.array([2, 0, 5, 0])))
print(m.T.argmax(axis=0), m.T.argmin(), m[:, ::-1].argmax(axis=1), m[1:, 1:3].argmin(axis=0))
t = cp.arange(24).reshape(2, 3, 4) % 7
print(t.argmax(), t.argmax(axis=0), t.argmin(axis=1), t.argmax(axis=2))
print(cp.argmax(t, axis=1, keepdims=True).shape)


def show(x):
    print(x.dtype, x.argmax(), x.argmin(), x.argmax(axis=0), x.argmin(axis=1))


show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.int8))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.int16))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.int32))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.int64))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.uint8))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.uint32))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.float16))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.float32))
show(cp.array([[4, 2, 9, 9], [0, 7, 7, 1]], dtype=cp.float64))
show(cp.array([[4 + 1j, 4 + 2j, 9 - 1j, 9 - 1j], [0, 7j, 7, 1]], dtype=cp.complex64))
b = cp.array([[False, True, True], [False, False, False]])
print(b.argmax(), b.argmin(), b.argmax(axis=1), b.argmin(axis=0))
f = cp.array([1.0, cp.nan, 3.0, cp.nan])
print(cp.argmax(f), cp.argmin(f), cp.nanargmax(f), cp.nanargmin(f))
g = cp.array([[1.0, 2.0, cp.nan], [-cp.inf, 0.0, 5.0], [cp.inf, cp.nan, cp.inf]])
print(g.argmax(axis=1), g.argmin(axis=1), g.argmax(axis=0), g.argmin(axis=0))
print(cp.nanargmax(g, axis=1), cp.nanargmin(g, axis=1), cp.nanargmax(g, axis=0), cp.nanargmin(g))
h = cp.array([-cp.inf, -cp.inf, -cp.inf])
print(h.argmax(), h.argmin(), cp.nanargmax(h))
i = cp.arange(10, dtype=cp.int32)
print(cp.nanargmax(i), cp.nanargmin(i, axis=0))
# long ranges: split over many blocks, ties across blocks keep the first index
n = 1000003
x = (cp.arange(n) * 7919) % 100003
print(int(x.argmax()), int(x.argmin()), int(x.max()))
y = cp.zeros(n, dtype=cp.float32)
y[5] = 2.0
y[700000] = 2.0
y[900000] = -1.0
y[999999] = -1.0
print(int(y.argmax()), int(y.argmin()))
y[800000] = cp.nan
y[300000] = cp.nan
print(int(y.argmax()), int(y.argmin()), int(cp.nanargmax(y)), int(cp.nanargmin(y)))
z = cp.zeros((3, 200000))
z[0, 150000] = 1.0
z[1, 3] = 1.0
z[1, 199999] = 1.0
z[2, 199998] = -4.0
print(z.argmax(axis=1), z.argmin(axis=1), int(z.argmax()), int(z.argmin()))
w = cp.zeros((200000, 3))
w[150000, 0] = 1.0
w[7, 1] = -1.0
w[199999, 2] = 3.0
print(w.argmax(axis=0), w.argmin(axis=0), int(w.argmax()))
c = (cp.arange(300 * 70).reshape(300, 70) * 37) % 1001
print(c.argmax(axis=0)[:10], c.argmin(axis=0)[-5:], c.argmax(axis=1)[:10])
print(cp.argmax(cp.array([2.5])), cp.argmax(cp.array(3.0)))
