import cupy as cp

f = cp.load("../e2e/data/arch.npz")
print(f["nope"])
