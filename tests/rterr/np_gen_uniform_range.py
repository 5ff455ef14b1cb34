# Generator.uniform with high < low (NumPy checks high - low >= 0)
import numpy as np

rng = np.random.default_rng(0)
print(rng.uniform(2.0, 1.0, size=3))
