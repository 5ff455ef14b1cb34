import cupy as cp

sizes = {"a": 1, "b": 2}
print(sizes)
