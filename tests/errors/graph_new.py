import cupy as cp

g = cp.cuda.Graph()
