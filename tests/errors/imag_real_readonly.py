import cupy as cp

x = cp.arange(3.0)
x.imag[0] = 1.0
print(x)
