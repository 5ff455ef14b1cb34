import cupy as cp
print(isinstance(cp.zeros(2), cp.random.XORWOW))
