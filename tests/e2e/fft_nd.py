# cupy.fft on several axes: axis=, fft2/ifft2, rfft2/irfft2, fftn/ifftn, rfftn/irfftn with
# s= and axes=, strided and non-contiguous inputs, norm modes.
import cupy as cp

a = cp.arange(60, dtype=cp.float64).reshape(3, 4, 5)
a = cp.sin(a * 0.37) + 0.1 * a


def along(a, ax):
    F = cp.fft.fft(a, axis=ax)
    print(ax, F.shape, cp.round(F, 5))
    print(cp.round(cp.fft.ifft(F, axis=ax).real, 5))


along(a, 0)
along(a, 1)
along(a, 2)
along(a, -1)
along(a, -3)
print(cp.round(cp.fft.fft(a, 6, axis=1), 5))
print(cp.round(cp.fft.rfft(a, axis=0), 5))
print(cp.round(cp.fft.irfft(cp.fft.rfft(a, axis=1), 4, axis=1), 5))
print(cp.round(cp.fft.irfft(cp.fft.rfft(a, axis=0), 3, axis=0), 5))

m = a[1]
F2 = cp.fft.fft2(m)
print(F2.dtype, cp.round(F2, 5))
print(cp.round(cp.fft.ifft2(F2).real, 5))
print(cp.round(cp.fft.fft2(m, s=(3, 7)), 5))
print(cp.round(cp.fft.fft2(a, axes=(0, 2)), 5))
print(cp.round(cp.fft.fft2(a, axes=(2, 0)), 5))
R2 = cp.fft.rfft2(m)
print(R2.shape, cp.round(R2, 5))
print(cp.round(cp.fft.irfft2(R2, s=(4, 5)), 5))
print(cp.round(cp.fft.irfft2(cp.fft.rfft2(m[:, :4])), 5))
print(cp.round(cp.fft.rfft2(a, axes=(2, 1)), 5))

Fn = cp.fft.fftn(a)
print(Fn.shape, cp.round(Fn, 4))
print(cp.round(cp.fft.ifftn(Fn).real, 5))
print(cp.round(cp.fft.fftn(a, s=(2, 6)), 4))
print(cp.round(cp.fft.fftn(a, axes=[0, 1]), 4))
print(cp.round(cp.fft.fftn(a, s=(4, 3), axes=(0, 2)), 4))
Rn = cp.fft.rfftn(a)
print(Rn.shape, cp.round(Rn, 4))
print(cp.round(cp.fft.irfftn(Rn, s=a.shape), 5))
print(cp.round(cp.fft.irfftn(Rn, a.shape, axes=(0, 1, 2)), 5))
print(cp.round(cp.fft.rfftn(a, axes=(0,)), 4))
print(cp.round(cp.fft.fftn(a, norm="ortho"), 5))
print(cp.round(cp.fft.ifftn(cp.fft.fftn(a, norm="ortho"), norm="ortho").real, 5))
print(cp.round(cp.fft.irfftn(cp.fft.rfftn(a, norm="ortho"), a.shape, norm="ortho"), 5))
print(cp.round(cp.fft.irfft2(cp.fft.rfft2(m, norm="ortho"), m.shape, norm="ortho"), 5))
print(cp.round(cp.fft.fftn(a, norm="forward"), 5))
print(cp.round(cp.fft.ifftn(cp.fft.fftn(a, norm="forward"), norm="forward").real, 5))
print(cp.round(cp.fft.irfftn(cp.fft.rfftn(a, norm="forward"), a.shape, norm="forward"), 5))
print(cp.round(cp.fft.ifft2(cp.fft.fft2(m), norm="forward"), 5))

# non-contiguous inputs: a transposed view, a strided slice, a broadcast-free column
t = a.T
print(cp.round(cp.fft.fft(t, axis=1), 5))
print(cp.round(cp.fft.fftn(t), 4))
s = a[:, ::2, 1:]
print(cp.round(cp.fft.fft2(s), 5))
col = m[:, 2]
print(cp.round(cp.fft.fft(col), 5), cp.round(cp.fft.rfft(col), 5))
print(cp.round(cp.fft.fft(a[::-1, 1, :]), 5))

# batched 2-d and 3-d transforms over the trailing axes (one multi-dimensional plan)
print(cp.round(cp.fft.fft2(a), 4))
B = cp.fft.rfft2(a)
print(B.shape, cp.round(B, 4))
print(cp.round(cp.fft.irfft2(B, s=(4, 5)), 5))
v = cp.cos(cp.arange(2 * 3 * 4 * 6, dtype=cp.float64).reshape(2, 3, 4, 6) * 0.21)
V = cp.fft.rfftn(v, axes=(1, 2, 3))
print(V.shape, cp.round(V, 4))
print(cp.round(cp.fft.irfftn(V, s=(3, 4, 6), axes=(1, 2, 3)), 5))
print(cp.round(cp.fft.ifftn(cp.fft.fftn(v, axes=(1, 2, 3)), axes=(1, 2, 3)).real, 5))
print(cp.round(cp.fft.fftn(v, s=(5, 3, 4), axes=(1, 2, 3)), 4))
print(cp.round(cp.fft.ifft2(cp.fft.fft2(a, axes=None), axes=None).real, 5), cp.fft.fft2(a, axes=None).shape)
