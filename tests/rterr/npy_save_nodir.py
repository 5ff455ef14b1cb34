# cp.save into a folder that does not exist: FileNotFoundError naming the file.
import cupy as cp

cp.save("/tmp/gpyc-rterr-npy_save_nodir/x", cp.zeros(3))
