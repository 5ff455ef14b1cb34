# Generator.choice with p of another length than a
import numpy as np

rng = np.random.default_rng(0)
print(rng.choice(4, 2, p=[0.5, 0.5]))
