# squeeze of an axis whose size is not 1 at run time
import sys
import cupy as cp

x = cp.zeros((2, len(sys.argv) + 2))   # (2, 3) when run without arguments
print(x[:, :1].squeeze(axis=1))
print(x.squeeze(axis=1))
