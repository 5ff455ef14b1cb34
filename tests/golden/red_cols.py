# reductions over the first axis (columns) and over a middle axis of a 3-D array
import cupy as cp
X = cp.ones((200, 50), dtype=cp.float32)
Y = cp.ones((8, 16, 4))
print(X.sum(axis=0))
print(cp.min(Y * 2.0, axis=1))
