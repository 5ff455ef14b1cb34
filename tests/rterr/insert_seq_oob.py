import cupy as cp

# several positions: the store into the longer array raises (positions shifted by their rank)
print(cp.insert(cp.arange(5), cp.array([1, 5]), 9))
print(cp.insert(cp.arange(5), cp.array([9, 1]), 9))
