import numpy as np
import numpy.testing as nt

print("before")
nt.assert_array_equal(np.array([1, 2, 3]), np.array([1, 2, 4]))
