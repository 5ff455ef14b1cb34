# Generator.integers with endpoint=True and low > high
import numpy as np

rng = np.random.default_rng(0)
print(rng.integers(5, 4, size=2, endpoint=True))
