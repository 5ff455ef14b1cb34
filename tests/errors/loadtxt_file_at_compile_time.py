import cupy as cp

x = cp.loadtxt("/tmp/gpyc-errors-no-such-table.txt")
