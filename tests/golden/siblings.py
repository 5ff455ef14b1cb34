# siblings.c: four reductions over the same array share one pass (a sibling set + _fin);
# column sums of one matrix likewise; a reduction that reads another's result stays apart
import cupy as cp
x = cp.arange(1000, dtype=cp.float32)
y = cp.ones(1000, dtype=cp.float32)
a = x.sum()
b = (x * x).sum()
c = x.max()
d = cp.mean(x * y)
print(a, b, c, d)
X = cp.ones((1000, 3))
print(X.sum(axis=0), (X * X).sum(axis=0), X.min())
e = (x - a).sum()
print(e)
