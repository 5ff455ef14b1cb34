# .real and .imag of complex arrays are views: writing through them changes the base.
import cupy as cp

z = cp.array([1 + 2j, 3 - 4j, -5 + 0.5j])
z.real[0] = 10
print(z)
z.imag[:] = 0
print(z)
z.imag[1:] += 7
print(z)
z.real = cp.array([1.0, 2.0, 3.0])
print(z)
z.imag = 2.5
print(z)
z.real *= 2
print(z)
r = z.real
r[2] = -1
print(z, r.dtype)

w = cp.arange(6).reshape(2, 3).astype(cp.complex64)
w.imag[:, 1] = cp.array([9, 8], dtype=cp.float32)
print(w, w.real.dtype, w.imag.dtype)
print(w.T.real)
wi = w[1].imag
wi += 1
print(w)
print(w.real.sum(), w.imag.max(axis=0))

x = cp.array([1.5, 2.5])
xr = x.real
xr[0] = 7
print(x, x.imag)
x.real = 3
print(x)
print((z * 2).real, (z * 2).imag)
