import cupy as cp

# one position: NumPy names obj as given
print(cp.insert(cp.arange(5), [7], 9))
