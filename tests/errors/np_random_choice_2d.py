import numpy as np

a = np.ones((2, 2))
print(np.random.choice(a, 3))
