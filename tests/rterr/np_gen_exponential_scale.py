# Generator.exponential with a negative scale in an array parameter
import numpy as np

rng = np.random.default_rng(0)
print(rng.exponential(np.array([1.0, -2.0])))
