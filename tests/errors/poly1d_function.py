# fuzzing (session 10, be9e230): poly1d of a function with r=2 reached from_roots with a
# value that is no array (an internal error, lw_cast's assertion)
import cupy as cp

p = cp.poly1d(cp.eye, 2)
