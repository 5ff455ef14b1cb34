# fuzzing (session 17, ece0d83's harness, at 10,008,884 executions): a chained assignment whose first
# target unpacks a tuple (`H, edges = axis = ...`) dropped the tuple the next target stores: the IR
# verifier's internal error (exit); e2e py_chained_unpack checks the outputs
# cp.histogramdd of an (N, 3) sample with bins for .
import sys

import cupy as cp

pts = cp.ones((5, len(sys.argv) + 2))  # 3  number known only at run time
H, edges = axis=cp.histogramdd(pts, bins=[2, 2])
print(H)
