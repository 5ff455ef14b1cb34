# Generator.integers with a bound outside the dtype (NumPy's words)
import numpy as np

rng = np.random.default_rng(0)
print(rng.integers(-1, 10, size=3, dtype=np.uint8))
