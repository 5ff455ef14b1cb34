# cp.savetxt with a format of two conversions for three columns: NumPy's ValueError.
import cupy as cp

cp.savetxt("/tmp/gpyc-rterr-savetxt_fmt_count.txt", cp.ones((2, 3)), fmt="%d %d")
