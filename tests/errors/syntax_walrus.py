import cupy as cp

if (n := 3) > 2:
    print(cp.ones(n))
