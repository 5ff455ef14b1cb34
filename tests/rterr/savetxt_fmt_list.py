# cp.savetxt with a list of two formats for three columns: NumPy's AttributeError.
import cupy as cp

cp.savetxt("/tmp/gpyc-rterr-savetxt_fmt_list.txt", cp.ones((2, 3)), fmt=["%d", "%.2f"])
