# storered.c: stores that stay apart from the reduction after them: another reader in between,
# a reduction that reads another view of the array, one whose iteration space is larger than
# the array (x is stored, `A @ x` walks 2-d), a value a user kernel computes from its index
import cupy as cp

add_index = cp.ElementwiseKernel('float64 x', 'float64 y', 'y = y + x * i', 'add_index')


def f(A, x, y):
    A += 1.0
    B = A * 2.0
    r = y @ A
    A *= 3.0
    s = (A[0] * A).sum(axis=0)
    x += r
    t = A @ x
    add_index(B, A)
    u = (A * y[:, None]).sum(axis=0)
    return r, s, t, u


A = cp.ones((3, 3))
print(f(A, cp.zeros(3), cp.ones(3)))
