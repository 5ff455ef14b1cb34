# NEP 50 at run time: a NumPy scalar type called with a run-time int out of its range
import sys
import cupy as cp

k = len(sys.argv)
print(cp.uint16(65535 * k), cp.int8(-128 * k))
print(cp.uint16(65536 * k))
