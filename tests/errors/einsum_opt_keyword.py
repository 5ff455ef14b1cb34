import cupy as cp

print(cp.einsum("ij->ji", cp.ones((2, 3)), dtypes=cp.float32, optimize=True, foo=1))
