# set_printoptions(precision=-1): NumPy's ValueError (gpyc raises it when the options are set, NumPy when the next float array prints).
import numpy as np

a = np.array([1.25, 2.5])
for p in [2, 1, 0, -1]:
    np.set_printoptions(precision=p)
    print(a)
