# smallred.c: a sum over a constant axis of 2 is written out elementwise and fuses into the
# argmin as its prologue (W5's distances); an axis of 5 stays a reduction
import cupy as cp
N = 1000
K = 16
D = 2
X = cp.ones((N, D), dtype=cp.float32)
C = cp.zeros((K, D), dtype=cp.float32)
diff = X.reshape(N, 1, D) - C.reshape(1, K, D)
print(cp.argmin(cp.sum(diff * diff, axis=2), axis=1))
d5 = cp.ones((N, 1, 5), dtype=cp.float32) - cp.ones((1, K, 5), dtype=cp.float32)
print(cp.argmin(cp.sum(d5 * d5, axis=2), axis=1))
