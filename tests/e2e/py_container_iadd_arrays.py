# x[i] op= v where x[i] is an array held by a list or a dict: the array itself changes (NumPy's
# __iadd__), so every name and container holding it sees the change, as in Python
import cupy as cp
arrs = [cp.arange(3)] * 2
arrs[0] += 10
print(arrs)
b = cp.ones(2)
d = {'k': b}
d['k'] *= 3
print(b, d)
t = {1: b}
t[1] -= 1
print(b, t[1])
