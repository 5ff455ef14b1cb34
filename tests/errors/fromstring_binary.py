import numpy as np

x = np.fromstring("1 2", dtype=np.int32)
