# cp.loadtxt of a file that does not exist: FileNotFoundError, as Python's open().
import cupy as cp

print(cp.loadtxt("/tmp/gpyc-rterr-loadtxt_missing/x.txt", ndmin=2))
