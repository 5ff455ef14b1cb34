# cupy.fft result dtypes (CuPy 14 / NumPy 2: single precision stays single) and values.
import cupy as cp

x64 = cp.cos(cp.arange(12) * 0.5) * 10.0 + 20.0
print(cp.fft.fft(x64).dtype, cp.fft.rfft(x64).dtype, cp.fft.irfft(cp.fft.rfft(x64)).dtype)
x32 = x64.astype(cp.float32)
X32 = cp.fft.fft(x32)
print(X32.dtype, cp.fft.rfft(x32).dtype, cp.fft.irfft(cp.fft.rfft(x32)).dtype, cp.fft.ifft(X32).dtype)
print(cp.fft.fft2(x32.reshape(3, 4)).dtype, cp.fft.rfftn(x32.reshape(3, 4)).dtype)
print(cp.fft.hfft(X32).dtype, cp.fft.ihfft(x32).dtype)
X64 = cp.fft.fft(x64)
print(bool(cp.abs(X32 - X64).max() < 1e-3), bool(cp.abs(cp.fft.ifft(X32) - x32).max() < 1e-4))
print(bool(cp.abs(cp.fft.rfft(x32) - cp.fft.rfft(x64)).max() < 1e-3))
c64 = (x32 + 1j * x32[::-1]).astype(cp.complex64)
print(c64.dtype, cp.fft.fft(c64).dtype, cp.fft.ifftn(c64).dtype, cp.fft.irfft(c64).dtype)
print(bool(cp.abs(cp.fft.fft(c64) - cp.fft.fft(c64.astype(cp.complex128))).max() < 1e-3))
c128 = c64.astype(cp.complex128)
print(cp.fft.fft(c128).dtype, cp.fft.irfft(c128).dtype)
i32 = cp.arange(8, dtype=cp.int32) * 3 + 1
print(cp.fft.fft(i32).dtype, cp.fft.rfft(i32).dtype, cp.fft.irfft(i32).dtype)
print(cp.round(cp.fft.fft(i32), 6))
print(cp.round(cp.fft.rfft(cp.arange(9)), 6))
b = cp.arange(6) % 2 == 0
print(cp.fft.fft(b).dtype, cp.round(cp.fft.fft(b), 6))
h = cp.arange(8, dtype=cp.float16)
print(cp.fft.fft(h).dtype, bool(cp.abs(cp.fft.fft(h) - cp.fft.fft(cp.arange(8))).max() < 1e-3))
# float32 ortho and forward norms stay float32/complex64
print(cp.fft.fft(x32, norm="ortho").dtype, cp.fft.irfft(cp.fft.rfft(x32), norm="forward").dtype)
y32 = cp.fft.irfft(cp.fft.rfft(x32, norm="ortho"), 12, norm="ortho")
print(y32.dtype, bool(cp.abs(y32 - x32).max() < 1e-4))
