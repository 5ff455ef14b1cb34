# cp.load of a corrupt .npy file (not a .npy file: numpy.load with allow_pickle=False).  The file is written with
# tofile; the save in a branch that never runs gives load its dtype and ndim at compile time.
import sys

import cupy as cp

PATH = "/tmp/gpyc-rterr-npy_pickled.npy"
if len(sys.argv) > 5:
    cp.save(PATH, cp.zeros((3, 4), dtype=cp.float32))
cp.array([104, 101, 108, 108, 111, 44, 32, 119, 111, 114, 108, 100, 10], dtype=cp.uint8).tofile(PATH)
x = cp.load(PATH)
print(x)
