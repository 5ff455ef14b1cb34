import cupy as cp

s = cp.cuda.Stream()
print(s)
