# Twin of masked_store_shape.py: NumPy 2's boolean-index IndexError, whose words are "axis" and
# "size of axis" (NumPy 1.24, the oracle's, says "dimension"); the same arrays and mask.
import numpy as np

A = np.arange(12.0).reshape(3, 4)
m = np.ones((1, 4), dtype=np.bool_)
print(A.sum())
if m.shape[0] != A.shape[0]:
    raise IndexError(f"boolean index did not match indexed array along axis 0; size of axis is {A.shape[0]} "
                     f"but size of corresponding boolean axis is {m.shape[0]}")
A[m] = A[m] * 2.0
print(A)
