import cupy as cp
import sys

rule = "safe" if len(sys.argv) > 1 else "unsafe"
print(cp.einsum("ij", cp.ones((2, 2)), casting=rule))
