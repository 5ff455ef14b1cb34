# cupy.random's legacy per-element distributions (compiler/lower/api/random.c): size= gives the
# draw's shape whether or not dtype= is given (negative_binomial once took a missing dtype= for
# a missing size= and drew one value), else the parameters' broadcast shape.
import cupy as cp

n = cp.random.negative_binomial(5, 0.5, size=(2, 3))
m = cp.random.negative_binomial(5, 0.5, size=4, dtype=cp.int32)
k = cp.random.negative_binomial(cp.array([3, 4]), 0.5)
g = cp.random.gamma(2.0, 3.0, size=(2, 3))
p = cp.random.poisson(cp.array([1.0, 2.0]), size=(3, 2))
print(n.shape, m.shape, k.shape, g.shape, p.shape)
