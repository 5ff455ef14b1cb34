# Generator.choice of a population of 0
import numpy as np

rng = np.random.default_rng(0)
print(rng.choice(0, 2))
