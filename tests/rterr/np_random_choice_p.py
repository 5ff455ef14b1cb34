# numpy.random.choice with probabilities that do not sum to 1 (checked at run time, NumPy's words)
import numpy as np

p = np.array([0.5, 0.25, 0.2])
print(np.random.choice(3, 2, p=p))
