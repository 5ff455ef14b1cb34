import cupy as cp

arrays = [cp.arange(3), cp.ones(2, dtype=cp.int64)]
cp.who(arrays)
