import cupy as cp

# a 0-d array of positions is the int case: NumPy names it as its value
g = cp.arange(6).reshape(2, 3)
print(cp.insert(g, cp.array(-3), [7, 8], axis=1))
print(cp.insert(g, cp.array(-4), [7, 8], axis=1))
