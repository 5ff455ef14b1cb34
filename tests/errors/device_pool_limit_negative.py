import cupy as cp

pool = cp.get_default_memory_pool()
pool.set_limit(size=-1)
