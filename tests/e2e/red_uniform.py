# Reductions with 0-d array operands (codegen/kernels/reduce.c split_uniform): a 0-d array
# (cp.float64(1.5), a reduction's result) is loaded once per kernel, not per element, and is
# left out of the host's choice of mode and vector path.  Rows mode's vector path with a 0-d
# factor (float32/64, complex), rows of odd length and misaligned (strided) rows, column mode
# and column vectors with the 0-d operand first, full reductions split over blocks, arg
# reductions, mean, two 0-d operands, a 0-d operand alone, empty and one-element ranges.
# Values are small dyadic numbers, so every order of summation gives NumPy's bits.
import cupy as cp

s = cp.float64(1.5)
h = cp.float32(0.5)
M = (cp.arange(48 * 1003, dtype=cp.float64).reshape(48, 1003) % 7 - 3.0) * 0.25
F = M.astype(cp.float32)
x = (cp.arange(1003, dtype=cp.float64) % 5) * 0.5

# rows mode: whole rows (odd length: a vector part and a scalar tail), aligned and not
r = (s * M).sum(axis=1)
print(r[:5], float(r.sum()), (M * s).sum(axis=1).dtype)
print((s * M[:, 1:]).sum(axis=1)[:5], (s * M[:, ::2]).sum(axis=1)[:5], (s * M[:, :1000]).sum(axis=1)[:5])
print((h * F).sum(axis=1)[:5], (h * F).sum(axis=1).dtype, (F * s).sum(axis=1).dtype)
print((s * M * x).sum(axis=1)[:5], (s * M @ x)[:5], (M @ x * s)[:5])
print((s * M).mean(axis=1)[:4], (M - s).max(axis=1)[:4], (M * s).argmax(axis=1)[:8], (s - M).argmin(axis=1)[:8])

# complex: 16-byte elements (no vector width) and 8-byte ones
Z = M + 0.5j * M[::-1]
z = cp.complex128(1 - 2j)
print((z * Z).sum(axis=1)[:3], (s * Z).sum(axis=1)[:3], (z * Z.astype(cp.complex64)).sum(axis=1)[:3])
print((cp.complex64(2j) * Z.astype(cp.complex64)).sum(axis=1)[:3])

# column mode and column vectors: the 0-d operand first in the group's inputs
C = (cp.arange(4096 * 64, dtype=cp.float32).reshape(4096, 64) % 9 - 4.0) * 0.5
print((h * C).sum(axis=0)[:6], (s * C).sum(axis=0)[:6], (s * C).max(axis=0)[:6], (h * C).argmax(axis=0)[:8])
print((s * M).sum(axis=0)[:6], (s * M.T).sum(axis=1)[:6], (s * C[:, ::3]).sum(axis=0)[:6])

# full reductions (split over blocks, partials combined), with a 0-d result as the operand
big = (cp.arange(3000001, dtype=cp.float64) % 11 - 5.0) * 0.125
print(float((s * big).sum()), float((big * s * s).sum()), float(cp.sum(big * s * 0.5)))
m = M.max()
print((M * m).sum(axis=1)[:4], float((M - m).sum()), (M * m).sum(axis=1).dtype)
mu = C.mean(axis=1, keepdims=True)
print((h * (C - mu) * (C - mu)).sum(axis=1)[:4], (h * (C - mu)).sum(axis=1).dtype)

# no array but 0-d ones: the reduced range is one element, or the operand alone
print(cp.sum(s), cp.sum(s * s), cp.max(s - h), (s * h).sum(), cp.sum(s * cp.float64(2.0)))

# edge shapes: one row, one column, empty rows and empty ranges
print((s * M[:1]).sum(axis=1), (s * M[:, :1]).sum(axis=1)[:4], (s * M[:, :1]).sum(axis=0))
E = cp.ones((3, 0))
print((s * E).sum(axis=1), (s * E.T).sum(axis=1), (s * cp.ones((0, 4))).sum(axis=0), (s * cp.ones(1)).sum())
