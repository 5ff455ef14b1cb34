import cupy as cp

print(cp.iscomplexobj("a"))
