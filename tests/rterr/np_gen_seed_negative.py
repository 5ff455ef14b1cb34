# default_rng of a negative seed (SeedSequence's check at run time, NumPy's words)
import numpy as np

rng = np.random.default_rng(-1)
print(rng.random())
