import numpy as np

print(np.random.rand(3, dtype=np.float32))
