# cupy.who() where CuPy's arrays are what the NumPy oracle cannot give: 0-d arrays from
# reductions and indexing, the rows of an array iterated (tests/gpu/misc_vs_cupy.sh)
import cupy as cp

x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
total = x.sum()
col_max = x.max(axis=0)
first = x[0, 0]
mean = cp.mean(x)
for r in x:
    last_row = r
cp.who()
cp.who({'total': total, 'x': x, 'same': x, 'scale': 2.5})
