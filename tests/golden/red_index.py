# index reductions (argmax over all, argmin over rows) and var/std (two passes); argmax and
# argmin are never sibling members
import cupy as cp
x = cp.arange(1000, dtype=cp.float32)
X = x.reshape(10, 100)
print(cp.argmax(x), cp.argmin(X, axis=1))
print(X.var(axis=0), cp.std(x))
