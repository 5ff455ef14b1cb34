import cupy as cp
import numpy as np

x = cp.zeros(4)
y = np.frombuffer(x, np.float32, 4)
