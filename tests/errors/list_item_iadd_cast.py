# an int array held by a list divided in place: NumPy's same-kind casting error
import cupy as cp
f = [cp.arange(3)]
f[0] /= 2
print(f)
