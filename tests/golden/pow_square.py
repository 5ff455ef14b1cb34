import cupy as cp

# x ** 2 of a float or complex array is square(x), as NumPy computes it; other exponents, and
# integer arrays, stay power
x = cp.linspace(0.0, 1.0, 8)
z = x + 1j * x
n = cp.arange(8)
print(((x - 0.5) ** 2).sum(), (z ** 2.0).sum(), (x ** 3).sum(), (n ** 2).sum())
