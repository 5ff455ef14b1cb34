import numpy as np

x = np.zeros(3, dtype=np.complex128)
print(np.random.normal(x, 1.0, size=3))
