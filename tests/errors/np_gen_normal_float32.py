import numpy as np

rng = np.random.default_rng(0)
print(rng.standard_normal(3, dtype=np.float32))
