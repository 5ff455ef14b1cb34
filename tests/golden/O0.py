# gpyc flags: -O0
# -O0: only group.c runs (--dump-after prints `not run at -O0` for the others): one kernel
# per array operation, loads and stores kept, no bundle, chain, set or graph
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
y = cp.sin(x) * 2.0 + x
s = y.reshape(10, 100).sum(axis=1)
for i in range(3):
    x = x * 0.5
print(y, s, x)
