import numpy as np

with np.printoptions(legacy="1.13"):
    print(np.arange(3))
