import cupy as cp

# a function object as a ufunc operand with dtype=: the located error of one without dtype=
# (the dtype= path cast it before checking it: an internal error of the IR verifier)
a = cp.arange
print(cp.sin(a, dtype=cp.float64))
