import numpy as np

rng = np.random.default_rng(0)
print(rng.integers(0, 5, size=2, dtype=np.float64))
