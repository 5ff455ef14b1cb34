# reductions over the last axis (rows): sum, max with keepdims, and their elementwise epilogue
import cupy as cp
X = cp.ones((200, 50), dtype=cp.float32)
s = X.sum(axis=1)
m = (X * 2.0).max(axis=1, keepdims=True)
print(s, X - m)
