# einsum: a contraction that becomes a matmul, and a diagonal-style one that is a reduction
import cupy as cp
a = cp.ones((8, 16))
b = cp.ones((16, 4))
print(cp.einsum('ij,jk->ik', a, b))
print(cp.einsum('ij,ij->i', a, a * 2.0))
