# Generator.uniform whose range is not finite
import numpy as np

rng = np.random.default_rng(0)
print(rng.uniform(-1e308, 1e308))
