# set_printoptions(sign=) of a str known at run time that is none of NumPy's: its ValueError.
import numpy as np

signs = ["-", "+", "x"]
for s in signs:
    np.set_printoptions(sign=s)
    print(np.array([1.5, -2.0]))
