import cupy as cp

print(cp.linalg.norm(cp.eye(3, dtype=cp.float16), 2))
