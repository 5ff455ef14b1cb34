import cupy as cp

f = cp.finfo(cp.float32)
print(f.epsilon)
