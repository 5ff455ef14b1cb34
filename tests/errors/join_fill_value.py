# a placeholder joins only a dtype that holds its constant (-1 is no bool)
import cupy as cp

x = cp.arange(3.0)
flags = cp.full(3, -1)
if x[0] < 1:
    flags = x > 0
print(flags)
