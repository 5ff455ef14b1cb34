# cp.fromiter with a count above the iterable's length: NumPy's ValueError with both numbers.
import cupy as cp

for c in [2, 3, 4]:
    print(cp.fromiter(range(3), dtype=cp.int64, count=c))
