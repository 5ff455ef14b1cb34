# `import cupy.fft` binds cupy; the module's functions through the full path.
import cupy
import cupy.fft

x = cupy.arange(6, dtype=cupy.float64) ** 2
print(cupy.round(cupy.fft.fft(x), 6))
print(cupy.round(cupy.fft.irfft(cupy.fft.rfft(x), 6), 6))
from cupy.fft import fft as F, irfftn
import cupy.fft as cf

print(cupy.round(F(x, 4), 6), cupy.round(irfftn(cf.rfftn(x.reshape(3, 2))), 6))
