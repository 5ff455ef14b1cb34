# concatenate / stack / vstack / hstack of a list built at run time
import sys
import cupy as cp

n = len(sys.argv) + 2        # 3 when run without arguments
rows = []
for i in range(n):
    rows.append(cp.arange(4) * i)
print(cp.stack(rows))
print(cp.stack(rows, axis=1))
print(cp.vstack(rows).shape, cp.hstack(rows))
print(cp.concatenate(rows), cp.concatenate(rows, dtype=cp.float32).dtype)
print(cp.column_stack(rows))
mats = [cp.ones((2, 2)), cp.zeros((1, 2))]
mats.append(cp.full((3, 2), 7.0))
print(cp.concatenate(mats))
print(cp.vstack(mats).shape, cp.concatenate(mats, axis=0).sum())
