# cp.load of a path known only at run time, annotated as a 2-d float64 array, of a file that
# holds a 1-d int64 one: gpyc's TypeError (NumPy would load it; the twin raises gpyc's words).
import sys

import cupy as cp

P = "/tmp/gpyc-rterr-npy_load_annotated.npy"
cp.save(P, cp.arange(5))
path = P if len(sys.argv) < 9 else "other.npy"
x: "float64[:, :]" = cp.load(path)
print(x.sum())
