# cupy.random's legacy generator: the draws differ between NumPy and cuRAND, so only what does
# not depend on them is printed (shapes, dtypes, the range, the same numbers after a re-seed).
import cupy as cp

cp.random.seed(7)
a = cp.random.rand(3, 4)
b = cp.random.random((2, 5))
c = cp.random.random_sample(6)
s = cp.random.random()
print(a.shape, a.dtype, bool(cp.all((a >= 0) & (a < 1))))
print(b.shape, b.dtype, bool(cp.all((b >= 0) & (b < 1))))
print(c.shape, c.dtype, bool(cp.all((c >= 0) & (c < 1))))
print(0.0 <= s < 1.0)
cp.random.seed(7)
a2 = cp.random.rand(3, 4)
print(bool(cp.all(a == a2)))
