import cupy as cp
import sys

flag = len(sys.argv) > 1
s = cp.cuda.Stream(non_blocking=flag)
