import numpy as np

n = 5
np.random.shuffle(n)
