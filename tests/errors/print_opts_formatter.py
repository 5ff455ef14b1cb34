import numpy as np

np.set_printoptions(precision=3, formatter={"float": str})
