import cupy as cp

tag = b"café"
