# Generator.integers(0): an empty interval with low == 0 (NumPy's special message)
import numpy as np

rng = np.random.default_rng(0)
print(rng.integers(0))
