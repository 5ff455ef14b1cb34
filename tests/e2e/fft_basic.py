# cupy.fft one-axis transforms: fft/ifft/rfft/irfft/hfft/ihfft, n= (padding and truncation),
# norm= modes, sizes that are powers of two and not, odd n for irfft.
import cupy as cp


def sig(n):
    t = cp.arange(n, dtype=cp.float64)
    return cp.cos(0.7 * t) + 0.25 * t - 0.01 * t * t


for n in [1, 2, 5, 8, 12, 17, 64, 100]:
    x = sig(n)
    X = cp.fft.fft(x)
    print(n, X.dtype, X.shape)
    print(cp.round(X, 6))
    print(cp.round(cp.fft.ifft(X).real, 6))

x = sig(10)
print(cp.round(cp.fft.fft(x, 16), 6))
print(cp.round(cp.fft.fft(x, 4), 6))
print(cp.round(cp.fft.fft(x, n=7), 6))
X = cp.fft.fft(x, norm="backward")
print(cp.round(X, 6), cp.round(cp.fft.ifft(X, norm="backward").real, 6))
X = cp.fft.fft(x, norm="ortho")
print(cp.round(X, 6), cp.round(cp.fft.ifft(X, norm="ortho").real, 6))
X = cp.fft.fft(x, norm="forward")
print(cp.round(X, 6), cp.round(cp.fft.ifft(X, norm="forward").real, 6))
R = cp.fft.rfft(x, norm="backward")
print(cp.round(R, 6), cp.round(cp.fft.irfft(R, 10, norm="backward"), 6))
R = cp.fft.rfft(x, norm="ortho")
print(cp.round(R, 6), cp.round(cp.fft.irfft(R, 10, norm="ortho"), 6))
R = cp.fft.rfft(x, norm="forward")
print(cp.round(R, 6), cp.round(cp.fft.irfft(R, 10, norm="forward"), 6))
print(cp.round(cp.fft.ifft(cp.fft.fft(x), norm="forward"), 6))
print(cp.round(cp.fft.fft(x, norm=None), 6))

# rfft / irfft with odd and even lengths
for n in [3, 6, 9, 16, 31]:
    x = sig(n)
    R = cp.fft.rfft(x)
    print(n, R.shape, cp.round(R, 6))
    print(cp.round(cp.fft.irfft(R, n), 6))
    print(cp.fft.irfft(R).shape)
print(cp.round(cp.fft.rfft(sig(9), 12), 6))
print(cp.round(cp.fft.rfft(sig(9), n=5), 6))
print(cp.round(cp.fft.irfft(cp.fft.rfft(sig(8)), 11), 6))

# hfft / ihfft
h = cp.fft.ihfft(sig(7))
print(h.dtype, cp.round(h, 6))
print(cp.round(cp.fft.hfft(h, 7), 6))
print(cp.round(cp.fft.hfft(cp.fft.ihfft(sig(8))), 6))
print(cp.round(cp.fft.hfft(h, 7, norm="ortho"), 6), cp.round(cp.fft.ihfft(sig(7), norm="forward"), 6))

# complex input, a run-time length
z = sig(6) + 1j * sig(6)[::-1]
print(cp.round(cp.fft.fft(z), 6))
print(cp.round(cp.fft.ifft(z), 6))
m = 3 + len([1, 2])
print(cp.round(cp.fft.fft(z, m), 6))

# views at odd offsets and with steps (copied before the transform)
w = sig(13).astype(cp.float32)
print(cp.fft.rfft(w[1:]).dtype, bool(cp.abs(cp.fft.rfft(w[1:]) - cp.fft.rfft(sig(13)[1:])).max() < 1e-3))
print(cp.round(cp.fft.fft(sig(13)[1:]), 6))
print(cp.round(cp.fft.rfft(sig(13)[1::3]), 6))
