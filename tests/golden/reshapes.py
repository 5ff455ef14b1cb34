# reshapes.c: an elementwise kernel whose array operands are reshapes of sources of one rank
# runs them at its launch ([in kN] on each reshape) and walks the sources as they are when
# their shapes agree at run time; not where an operand is another array, a reshape has
# another use, or the kernel stores into an array
import cupy as cp


def stage(y, n, m):
    t = cp.transpose(cp.reshape(y, (m, 2, n // (2 * m))), (1, 0, 2))
    d = cp.ones((2, m, n // (2 * m)))
    return cp.reshape(t, (n,)) * cp.reshape(d, (n,))    # both reshapes in the kernel


y = cp.arange(16.0)
print(stage(y, 16, 2))
a = cp.ones((4, 4))
b = cp.ones(16)
print(cp.reshape(a.T, (16,)) * b)              # not: b is not a reshape
r = cp.reshape(a.T, (16,))
print(r + 1.0, r * 2.0)                        # not: r has two kernels
z = cp.zeros(16)
z[:] = cp.reshape(a.T, (16,)) * 2.0            # not: the kernel stores into z
