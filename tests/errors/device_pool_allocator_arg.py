import cupy as cp

pool = cp.cuda.MemoryPool(allocator=None)
