# nanmax of an empty array has no identity
import cupy as cp

x = cp.zeros(0)
print(x.shape)
print(cp.nanmax(x))
