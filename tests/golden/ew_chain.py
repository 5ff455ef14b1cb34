# fuse.c: a long elementwise chain (W2) is one kernel; forward.c lets it run through the
# variable t, whose store nobody reads
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
y = cp.ones(1000, dtype=cp.float32)
t = cp.sin(x) * 2.0 + cp.cos(y) * 3.0
z = t - cp.sqrt(cp.abs(x - y)) + x * y
print(z)
