# cp.load of a corrupt .npy file (a descr that is not a dtype).  The file is written with
# tofile; the save in a branch that never runs gives load its dtype and ndim at compile time.
import sys

import cupy as cp

PATH = "/tmp/gpyc-rterr-npy_bad_descr.npy"
if len(sys.argv) > 5:
    cp.save(PATH, cp.zeros((3, 4), dtype=cp.float32))
cp.array([147, 78, 85, 77, 80, 89, 1, 0, 60, 0, 123, 39, 100, 101, 115, 99, 114, 39, 58, 32, 39, 60, 113, 57, 39, 44, 32, 39, 102, 111, 114, 116, 114, 97, 110, 95, 111, 114, 100, 101, 114, 39, 58, 32, 70, 97, 108, 115, 101, 44, 32, 39, 115, 104, 97, 112, 101, 39, 58, 32, 40, 51, 44, 32, 52, 41, 44, 32, 125, 10], dtype=cp.uint8).tofile(PATH)
x = cp.load(PATH)
print(x)
