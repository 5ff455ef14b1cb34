import cupy as cp

xs = [cp.ones(i) for i in range(3)]
print(len(xs))
