# Where a store must not run in the reduction after it (compiler/passes/storered.c), or runs
# there only when the run time allows: another reader of the array in between, a value that is
# not elementwise (eye), a reduction operand that is a view of the array (a row, a column: it
# must read the values stored), store operands that overlap the array (read from copies), an
# operand that broadcasts the array up (each element would be stored twice), an empty array.
# Every result must be NumPy's.
import cupy as cp


def base(n):
    i = cp.arange(n, dtype=cp.float64)
    return (i[:, None] * 3.0 + i[None, :]) % 7.0 - 2.0


n = 6
y = cp.linspace(-1.0, 1.0, n)

# a reader of A between the store and the reduction
A = base(n)
A += 1.0
B = A * 2.0
r = y @ A
print(B.sum(), r)

# the value stored is not elementwise
A = base(n)
A[...] = cp.eye(n) * 2.0
print(y @ A)


# a reduction operand that is a view of A: it reads what the store left there
def upd(A, v):
    A += cp.outer(cp.arange(n, dtype=cp.float64), cp.ones(n))
    return v @ A


A = base(n)
print(upd(A, A[1]))
A = base(n)
print(upd(A, A[:, 2]))
A = base(n)
print(upd(A, y))
print(A)


# store operands that overlap A: read from copies of what A held before
def upd2(A, u, v):
    A += u[:, None] * u[None, :]
    return v @ A


A = base(n)
print(upd2(A, A[0], y))
print(A)
A = base(n)
print(upd2(A, A[:, 5], y))
print(A)


# a reduction operand with more rows than the array (1 row): each element would be stored
# more than once, so the store runs first
def upd3(M, v):
    M += 1.0
    return (v[:, None] * M).sum(axis=0)


M = cp.arange(4.0).reshape(1, 4)
print(upd3(M, cp.array([1.0, 2.0, 3.0])))
print(M)
M = cp.arange(8.0).reshape(2, 4)
print(upd3(M, cp.array([1.0, -1.0])))

# an empty array
E = cp.zeros((0, 3))
E += 1.0
print(cp.ones(0) @ E)
