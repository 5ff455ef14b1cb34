import cupy as cp

xs = [cp.zeros(2), cp.ones(2)]
print(1.0 in xs)
