import sys
import cupy as cp

# An array made empty, filled whole by one store and read once is read as the stored value's
# view (compiler/passes/fillview.c): the value, broadcast to the array's shape as the store
# broadcasts it, without the array.  And where it must not: two reads, a write between.


def stage(y, i, k):
    # stockham_fft's stage: twiddles repeated along the last axis, read once
    n = 2**i
    m = 2**(k - i - 1)
    t = cp.exp(-2.0j * cp.pi * cp.arange(2 * n) / (2 * n))
    d = cp.empty((2, n, m), dtype=cp.complex128)
    d[:] = cp.repeat(cp.reshape(t, (2, n, 1)), m, axis=2)
    p = cp.transpose(cp.reshape(y, (n, 2, m)), (1, 0, 2))
    return cp.reshape(p, (2 * n * m,)) * cp.reshape(d, (2 * n * m,))


y = cp.arange(16.0) + 1j * (cp.arange(16.0) % 5)
for i in range(4):
    y = stage(y, i, 4)
    print(y)

nn = len(sys.argv) + 2       # 3 without arguments: sizes the compiler does not know
u = cp.arange(2.0 * nn).reshape(2, nn)
a = cp.empty((2, nn))
a[:] = u * 2.0               # a fused value
print(a + 1.0)
b = cp.empty((4, 2, nn))
b[:] = u                     # broadcast over a new leading axis (ranks differ: kept)
print(cp.sum(b, axis=0))
c = cp.empty((2, nn))
c[:] = u[:, ::-1].copy()     # a copy of a reversed view: read from the view
print(c * c[0, 0])
c2 = cp.empty((3, 2, nn))
c2[:] = cp.broadcast_to(u[:, :1], (3, 2, nn))   # a stride-0 value
print(c2 - 1.0)
e = cp.empty((2, nn))
e[:] = u + 1.0
print(e * e)                 # two reads of e
f = cp.empty((2, nn))
f[:] = u
u[0, 0] = 9.0                # u written before f is read: f keeps the old value
print(f + 1.0)
g = cp.empty((2, nn), dtype=cp.float32)
g[:] = u                     # a cast
print(g * 2)
h = cp.empty((2, nn))
h[:] = u[:, :1]              # the value broadcasts along the last axis
print(cp.reshape(h, (2 * nn,)) + 0.5)
