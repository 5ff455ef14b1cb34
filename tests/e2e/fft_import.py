# `import cupy.fft` binds cupy; the module's functions through the full path.
import cupy
import cupy.fft

x = cupy.arange(6, dtype=cupy.float64) ** 2
print(cupy.round(cupy.fft.fft(x), 6))
print(cupy.round(cupy.fft.irfft(cupy.fft.rfft(x), 6), 6))
