# 3-D arrays: printing, reductions, transposes
import cupy as cp

t = cp.arange(24).reshape(2, 3, 4)
print(t)
print(t * 0.5)
print(t.T.shape)
print(t[1])
print(t[:, 1, :])
print(t[0, :, 2])
print(t.sum(), t.max(), t.min())
print(cp.zeros((2, 2, 2), dtype=cp.bool_))
print(t.reshape(4, 3, 2)[3])
