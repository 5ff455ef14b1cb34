# Twin of histogramdd_dims.py: NumPy 2's histogramdd, whose message has one space before
# 'sample' (NumPy 1.24, the oracle's, has two); the same sample and bins.
import numpy as np

pts = np.ones((5, 3))
if len([2, 2]) != pts.shape[1]:
    raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
