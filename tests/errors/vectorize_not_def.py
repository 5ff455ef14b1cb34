# cp.vectorize takes a function written with def (gpyc compiles its body elementwise)
import cupy as cp

f = cp.vectorize(cp.sin)
print(f(cp.arange(3.0)))
