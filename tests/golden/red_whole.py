# reductions over the whole array: the squares fuse into the sum as its prologue; a max and
# a mean with a cast prologue
import cupy as cp
x = cp.arange(1000, dtype=cp.float32)
s = cp.sum(x * x)
print(s)
print(cp.max(cp.abs(x - 3.0)))
print(x.astype(cp.float64).mean())
