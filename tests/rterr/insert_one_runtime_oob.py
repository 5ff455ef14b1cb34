import cupy as cp

# one position in an array whose size is known only at run time: NumPy's size-1 check, naming
# obj as given; in range, all the values go in there
g = cp.arange(6).reshape(2, 3)
pos = cp.flatnonzero(cp.arange(5) == 3)
print(cp.insert(g, pos, [7, 8], axis=1))
print(cp.insert(g, pos + 4, [7, 8], axis=1))
