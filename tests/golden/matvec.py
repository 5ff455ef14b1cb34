# lower/compose.c matvec_fused: a matrix-vector product whose matrix is an elementwise value
# made there is a fused reduction (mul + reduce sum in one kernel, the matrix's producer as
# its prologue, a run-time check of the core dimension read from the producer's operands);
# gesummv is two such reductions and an add (before: two mul kernels writing alpha*A and
# beta*B, two cuBLAS products, the add).  Left as matmul: a plain array, a stored value.
import cupy as cp


def gesummv(alpha, beta, A, B, x):
    return alpha * A @ x + beta * B @ x


def plain(A, x):
    P = A * 2.0
    return A @ x, P @ x, P


A = cp.ones((3, 4))
x = cp.arange(4.0)
print(gesummv(1.5, 2.0, A, A * 3.0, x))
print(x[:3] @ (A - 1.0))
print(plain(A, x))
