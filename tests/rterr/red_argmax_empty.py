# argmax of an empty range: NumPy's ValueError
import cupy as cp

x = cp.zeros((3, 0))
print(x.argmax(axis=0))
print(x.argmax(axis=1))
