import numpy as np

rng = np.random.Generator(5)
