# NumPy twin of ../storered_ukernel.py: the ElementwiseKernel's y = y + x * i as NumPy
# (i: the element's index in C order).
import numpy as np

A = np.arange(12.0).reshape(4, 3)
A += np.full((4, 3), 0.5) * np.arange(12.0).reshape(4, 3)
y = np.array([1.0, -1.0, 2.0, 0.5])
print((A * y[:, None]).sum(axis=0))
print(A)
