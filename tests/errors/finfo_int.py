import numpy as np

print(np.finfo(np.int32).eps)
