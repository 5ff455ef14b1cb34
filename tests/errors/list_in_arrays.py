import cupy as cp

xs = [cp.zeros(2), cp.ones(2)]
print(cp.zeros(2) in xs)
