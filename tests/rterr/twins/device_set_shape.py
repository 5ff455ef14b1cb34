# Stand-in for tests/rterr/device_set_shape.py under the NumPy oracle, which has no
# ndarray.set: CuPy 14's ValueError for a set() from an array of another shape.
import numpy as np

print(np.ones((2, 4)).sum())
raise ValueError('Shape mismatch. Old shape: (2, 4), new shape: (2, 3)')
