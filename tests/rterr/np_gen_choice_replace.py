# Generator.choice without replacement of more than the population
import numpy as np

rng = np.random.default_rng(0)
print(rng.choice(3, 5, replace=False))
