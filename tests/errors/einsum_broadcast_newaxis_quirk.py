import cupy as cp

# NumPy leaves out leading newaxis entries and then writes no comma after a lone entry: "(4)"
print(cp.einsum("i,j->j", cp.ones(3), cp.ones(4), out=cp.zeros(5)))
