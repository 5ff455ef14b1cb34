import cupy as cp

m = cp.ones((3, 4))
print(cp.quantile(m,
                  "0.5"))
