# loopmap.c's split over copies with row k read batched by the loop variable on another axis
# (row_k_batched): A[k, i] is a read of row k, not of the iteration's own row.  row_k_at_i:
# two pieces, the first reading a copy of A[k, start:stop] (row k as before the loop), the
# second reading the array itself (row k as iteration k left it: its index of A at [k, i] has
# no copy under it).  row_k_mixed: beside A[k, :], a row-k read of the stored elements, it
# stays two pieces (one operation over copies would give the iterations after k the old
# A[k, i]).  e2e loop_split runs both against NumPy.
import cupy as cp


def row_k_at_i(A, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] + A[k, i]


def row_k_mixed(A, k):
    for i in range(A.shape[0]):
        A[i, :] = cp.minimum(A[i, :], A[k, :] + A[k, i])


A = cp.arange(42.0).reshape(6, 7)
row_k_at_i(A, 2)
row_k_mixed(A, 3)
print(A)
