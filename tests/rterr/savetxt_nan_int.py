# cp.savetxt with '%d' of a nan: Python's ValueError half way through the rows; the file
# written before keeps its contents (the rows go to a temporary file: tests/unit/runtime/
# test_txtio.c checks the file).
import cupy as cp

P = "/tmp/gpyc-rterr-savetxt_nan_int.txt"
cp.savetxt(P, cp.arange(3.0))
cp.savetxt(P, cp.array([1.0, 2.0, cp.nan, 4.0]), fmt="%d")
