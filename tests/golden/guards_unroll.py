# guards.c, first run (before unroll.c): the range check of the module constant N in the
# loop body goes, so the body has no control flow and the loop over K = 4 unrolls into one
# sibling set of 4 sums
import cupy as cp
N = 100
K = 4
u8 = cp.zeros(1000, dtype=cp.uint8)
labels = cp.arange(1000) % K
out = cp.zeros(K, dtype=cp.uint64)
for k in range(K):
    out[k] = cp.sum(cp.where(labels == k, u8 + N, 0))
print(out)
