import cupy as cp
import numpy as np

x = cp.zeros(3)
x.set(np.zeros(3, dtype=np.float32))
