# cupy.fft.fftfreq, rfftfreq, fftshift, ifftshift; import forms.
import cupy as cp
from cupy import fft
from cupy.fft import fftfreq, fftshift

for n in [1, 2, 5, 8, 11]:
    print(n, cp.fft.fftfreq(n), cp.fft.rfftfreq(n))
    print(cp.fft.fftfreq(n, d=0.1), cp.fft.rfftfreq(n, 2.5), cp.fft.fftfreq(n, 3))
print(fftfreq(6, 0.5), fft.rfftfreq(7, d=0.25))
for n in [1, 4, 5, 6]:
    print(cp.fft.fftshift(cp.arange(n)), cp.fft.ifftshift(cp.arange(n)))
    print(cp.fft.ifftshift(cp.fft.fftshift(cp.arange(n))))
m = cp.arange(15).reshape(3, 5)
print(fftshift(m))
print(cp.fft.fftshift(m, axes=1))
print(cp.fft.fftshift(m, axes=(0,)))
print(cp.fft.ifftshift(m, axes=(1, 0)))
print(cp.fft.fftshift(cp.fft.fftfreq(10, 0.1)))
X = fft.fft(cp.arange(8, dtype=cp.float64))
print(cp.round(fft.ifft(X).real, 6))
print(cp.round(cp.fft.fftshift(cp.abs(X)), 6))
# .real and .imag of real, integer and complex arrays (values for reading)
r = cp.arange(3.0)
print(r.real, r.imag, cp.arange(3).imag, (cp.arange(3) * 1j + 2).real, (cp.arange(3) * 1j).imag)
