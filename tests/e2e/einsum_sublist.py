# einsum's interleaved form einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]): ints
# 0-51 as letters ('A'-'Z', 'a'-'z'), Ellipsis for '...', lists or tuples, implicit and explicit
# output; it gives what the subscripts string gives
import cupy as cp

a = cp.arange(6, dtype=cp.float64).reshape(2, 3) * 0.5 - 1.0
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) % 5 - 2.0
print(cp.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(cp.einsum(a, [0, 1], b, [1, 2]))
print(cp.einsum(a, [0, 1], b, [1, 2], [2, 0]), cp.einsum('ij,jk->ki', a, b))
print(cp.einsum(a, (0, 1), b, (1, 2), (0, 2)))
print(cp.einsum(a, [0, 1]), cp.einsum(a, [1, 0]), cp.einsum(a, [0, 1], [1, 0]))
print(cp.einsum(a, [0, 1], []), cp.einsum(a, [0, 1], [1]), cp.einsum(a, [0, 1], ()))
# letters above 25 are lower case: 26 'a' sorts after 25 'Z' in the implicit output
print(cp.einsum(a, [26, 25]), cp.einsum(a, [51, 0]), cp.einsum(a, [0, 51], b, [51, 30]))
# the diagonal, and a letter summed away
s = cp.arange(9, dtype=cp.float64).reshape(3, 3) - 4.0
print(cp.einsum(s, [0, 0]), cp.einsum(s, [0, 0], [0]), cp.einsum(s, [1, 1], b, [1, 2], [2]))
# Ellipsis: alone, before, after and in the output
x = cp.arange(24, dtype=cp.float32).reshape(2, 3, 4) % 7
y = cp.arange(40, dtype=cp.float32).reshape(2, 4, 5) % 3
print(cp.einsum(x, [Ellipsis, 0, 1], y, [Ellipsis, 1, 2], [Ellipsis, 0, 2]))
print(cp.einsum(x, [..., 0, 1], y, [..., 1, 2]))
print(cp.einsum(x, [0, ...], [...]), cp.einsum(x, [0, ...], [..., 0]).shape)
print(cp.einsum(x, [...]).shape, cp.einsum(x, [...], [...]).shape, cp.einsum(x, [Ellipsis, 5], [5, ...]).shape)
# three operands, bool and int
u = cp.array([1, 2, 3], dtype=cp.int32)
v = cp.array([[1, 0, 2], [0, 1, 1], [3, 1, 0]], dtype=cp.int32)
print(cp.einsum(u, [0], v, [0, 1], u, [1]), cp.einsum(u, [0], v, [0, 1], u, [1]).dtype)
print(cp.einsum(u, [0], u, [1], [0, 1]), cp.einsum(u, [0], u, [1], [1, 0]))
t = v > 0
print(cp.einsum(t, [0, 1], t, [1, 2], [0, 2]))
# subscripts written as constant expressions
print(cp.einsum(a, [8, 9 + 1], b, [9 + 1, 2 * 10], [2 * 10, 8]))
# the keywords work with the interleaved form
print(cp.einsum(a, [0, 1], b, [1, 2], [0, 2], optimize=True))
