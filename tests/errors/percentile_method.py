import cupy as cp

m = cp.ones((3, 4))
print(cp.percentile(m, 50,
                    method="nearest"))
