# after a loop over dtypes that may break, which dtype the name holds is known only at run time
import sys
import cupy as cp
n = len(sys.argv)
for name, dt in (("single", cp.float32), ("double", cp.float64)):
    if n > 3:
        break
print(name)
print(cp.zeros(1, dtype=dt).dtype)
