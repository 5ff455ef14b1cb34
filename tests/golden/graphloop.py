# graphloop.c: a Jacobi sweep loop in a function is captured as a CUDA graph (`[graph]`,
# a `graph` line in --emit=kernels); a loop that prints is not
import cupy as cp
def jacobi(A, B, T):
    for t in range(T):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])
A = cp.ones((64, 64))
B = A.copy()
jacobi(A, B, 10)
print(A)
for i in range(3):
    A += B
    print(float(A[1, 1]))
