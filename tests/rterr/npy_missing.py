# cp.load of a file that does not exist: FileNotFoundError, as numpy.load's open().  The save
# in a branch that never runs gives load its dtype and ndim at compile time.
import sys

import cupy as cp

PATH = "/tmp/gpyc-rterr-npy_missing/x.npy"
if len(sys.argv) > 5:
    cp.save(PATH, cp.zeros(3))
print(cp.load(PATH))
