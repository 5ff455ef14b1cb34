# fuzz finding (session 14, 540586f's harness): a function object as an operand of a ufunc with
# dtype= reached the IR verifier (internal error, an exit in the harness); now a located error
import cupy as cp

a = cp.arange
print(cp.ldexp(a, 2, dtype=cp.float64))
