# array manipulation: transpose and reshape views, concatenate, stack, tile, flip, a copy
import cupy as cp
a = cp.arange(12, dtype=cp.float32).reshape(3, 4)
b = a.T * 2.0
c = cp.concatenate([a, a + 1.0], axis=0)
d = cp.stack([a, a], axis=1)
print(b, c, d, cp.tile(a, (2, 1)), cp.flip(a, axis=1), a[::-1, 1:3].copy())
