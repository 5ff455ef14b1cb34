# cov with weights and dtypes: int input, float32 input, dtype= (weights make float64)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.5, 3.0], [2.0, 1.0, 0.5, 0.0, 1.5], [1.0, 3.0, 2.0, 7.0, -1.0]])
fw = cp.array([1, 2, 1, 3, 1])
aw = cp.array([0.5, 1.0, 2.0, 0.25, 1.0])
# weights with dtypes: int input, float32 input and dtype= (weights make float64)
i = cp.array([[1, 5, 2, 8, 0], [3, 3, 9, 1, 4]], dtype=cp.int32)
print(cp.cov(i, fweights=fw), cp.cov(i, aweights=aw).dtype)
f = m.astype(cp.float32)
print(cp.cov(f, aweights=aw).dtype, cp.cov(f, aweights=aw))
print(cp.cov(m, dtype=cp.float32).dtype, cp.cov(m, dtype=cp.float32))
print(cp.cov(m, dtype=cp.float32, fweights=fw).dtype, cp.cov(m, dtype=cp.float32, fweights=fw))
print(cp.cov(i, dtype=cp.complex64).dtype, cp.cov(i, dtype=cp.complex64))
