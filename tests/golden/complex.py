# complex elementwise: a complex128 array built from real and imaginary parts, its conjugate
# product, abs and angle in one kernel
import cupy as cp
re = cp.arange(10, dtype=cp.float64)
z = re + 1j * cp.ones(10)
w = z * cp.conj(z) + cp.abs(z) + cp.angle(z)
print(w, z.real, z.imag)
