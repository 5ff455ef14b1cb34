# fuse.c: no fusion across an in-place write (t must be computed before x[0] changes) nor
# across control flow
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
t = x + 1.0
x[0] = 5.0
u = t * 2.0
if len(x) > 3:
    u = u * 2.0
print(u)
