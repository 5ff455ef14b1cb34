import cupy as cp

cp.cuda.set_allocator(3)
