# cp.load of .npy files NumPy wrote (tests/e2e/data/make_npy.py): every dtype, C and Fortran
# order, big-endian files, a 0-d and an empty array, header versions 1.0, 2.0 and 3.0.
import cupy as cp



def show(a):
    print(a.dtype, a.shape, a.sum())
    print(a)


show(cp.load("data/dt_bool.npy"))
show(cp.load("data/dt_int8.npy"))
show(cp.load("data/dt_int16.npy"))
show(cp.load("data/dt_int32.npy"))
show(cp.load("data/dt_int64.npy"))
show(cp.load("data/dt_uint8.npy"))
show(cp.load("data/dt_uint16.npy"))
show(cp.load("data/dt_uint32.npy"))
show(cp.load("data/dt_uint64.npy"))
h = cp.load("data/dt_float16.npy")
f = cp.load("data/dt_float32.npy")
d = cp.load("data/dt_float64.npy")
print(h.dtype, h, h.mean())
print(f.dtype, f, f * 2)
print(d.dtype, d, d.T @ d)
c = cp.load("data/dt_complex64.npy")
z = cp.load("data/dt_complex128.npy")
print(c.dtype, c, cp.conj(c))
print(z.dtype, z, abs(z))

# Fortran order: NumPy's array is F-contiguous; values, views and reductions are the same
m = cp.load("data/f8_fortran.npy")
print(m.shape, m)
print(m[1], m[:, 2], m.sum(axis=0), m.ravel())
t = cp.load("data/i4_fortran3.npy")
print(t.shape, t[1, 2], t.sum(axis=(0, 2)))

# big-endian files: the same numbers (gpyc's arrays are little-endian)
print(cp.load("data/f4_big.npy") * 3)
print(cp.load("data/i2_big.npy") + 1)
print(cp.load("data/c16_big_fortran.npy"))
print(cp.load("data/u8_big.npy") // 2)

z0 = cp.load("data/zero_d.npy")
print(z0.shape, z0, z0 + 1)
e = cp.load("data/empty.npy")
print(e.shape, e.dtype, e.sum(axis=0))
print(cp.load("data/v2.npy"), cp.load("data/v3.npy"))
