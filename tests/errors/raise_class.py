# raise takes a built-in exception: gpyc has no exception classes
import cupy as cp

Oops = cp.float64
raise Oops("bad")
