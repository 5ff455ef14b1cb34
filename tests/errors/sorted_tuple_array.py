# sorted() of tuples compares their elements: arrays have no order
import cupy as cp

xs = [(1, cp.zeros(2)), (0, cp.ones(2))]
print(sorted(xs))
