# numpy.random.normal with array parameters that do not broadcast to the size: NumPy's message
import numpy as np

np.random.seed(0)
loc = np.zeros((2, 3))
print(np.random.normal(loc, np.ones(3), size=(4, 3)))
