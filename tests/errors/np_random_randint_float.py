import numpy as np

print(np.random.randint(0, 5, size=3, dtype=np.float64))
