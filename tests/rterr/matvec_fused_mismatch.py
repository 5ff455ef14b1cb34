# A matrix-vector product of an elementwise value (a fused reduction, lower/compose.c
# matvec_fused) checks matmul's core dimension as cuBLAS's path does: the matrix's last axis,
# here broadcast from 1, against the vector's length (sys.argv makes the size a run-time one).
import sys
import cupy as cp

m = cp.ones((2, 1))
v = cp.arange(3.0 + len(sys.argv))
print((m * 2.0 + cp.zeros((1, 1))) @ v)
