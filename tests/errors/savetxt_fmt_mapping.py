import cupy as cp

cp.savetxt("out.txt", cp.ones((2, 2)), fmt="%(a)s")
