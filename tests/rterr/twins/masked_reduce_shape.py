# Twin of masked_reduce_shape.py: NumPy 2's boolean-index IndexError, whose words are "axis" and
# "size of axis" (NumPy 1.24, the oracle's, says "dimension"); the same arrays and mask.
import numpy as np

r = np.arange(5.0)
x = np.arange(4.0)
m = r > 10
if m.shape[0] != x.shape[0]:
    raise IndexError(f"boolean index did not match indexed array along axis 0; size of axis is {x.shape[0]} "
                     f"but size of corresponding boolean axis is {m.shape[0]}")
print(x[m].sum())
