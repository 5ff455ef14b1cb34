# unroll.c: the k-means update loop over K = 4 clusters is unrolled, and its 8 reductions
# over the same rows become one sibling set (siblings.c)
import cupy as cp
N = 1000
K = 4
X = cp.ones((N, 2), dtype=cp.float32)
labels = cp.arange(N) % K
C = cp.zeros((K, 2), dtype=cp.float32)
newC = cp.zeros((K, 2), dtype=cp.float32)
for k in range(K):
    m = labels == k
    cnt = cp.sum(m.astype(cp.float32))
    s = cp.sum(cp.where(m.reshape(N, 1), X, 0.0), axis=0)
    newC[k] = cp.where(cnt > 0.0, s / cp.maximum(cnt, 1.0), C[k])
print(newC)
