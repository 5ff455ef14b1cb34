import cupy as cp

cp.savez("/tmp/gpyc-errors-savez_name_twice", cp.zeros(3), arr_0=cp.ones(2))
