import cupy as cp

A = cp.array([[3.0, 1.0, -2.0], [2.0, -4.0, 1.0], [1.0, 5.0, 7.0]])
Ai = cp.linalg.inv(A)
print(cp.round(Ai, 8), Ai.dtype, cp.allclose(Ai @ A, cp.eye(3)), cp.allclose(A @ Ai, cp.eye(3)))
print(f"{float(cp.linalg.det(A)):.8f}", cp.linalg.det(A).dtype, cp.linalg.det(A).shape)
s, l = cp.linalg.slogdet(A)
print(s, f"{float(l):.8f}", s.dtype, l.dtype)

def inv_det(Ad):
    inv = cp.linalg.inv(Ad)
    d = cp.linalg.det(Ad)
    sg, ld = cp.linalg.slogdet(Ad)
    print(inv.dtype, cp.allclose(inv @ Ad, cp.eye(3), atol=1e-5), d.dtype, cp.round(d, 3), sg.dtype, ld.dtype,
          cp.round(sg, 5), cp.round(ld, 5))


inv_det(A.astype(cp.float32))
inv_det(A)
inv_det(A.astype(cp.complex64) * (1 + 0.5j))
inv_det(A.astype(cp.complex128) * (1 + 0.5j))

# integer input: float64; a 2 x 2 with a negative determinant; a permutation
I2 = cp.array([[1, 2], [3, 4]])
print(cp.linalg.inv(I2), cp.linalg.inv(I2).dtype, cp.round(cp.linalg.det(I2), 10), cp.linalg.det(I2).dtype)
P = cp.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
print(cp.linalg.det(P), cp.linalg.slogdet(P)[0], cp.linalg.slogdet(P)[1])
Q = cp.array([[0.0, 1.0], [1.0, 0.0]])
print(cp.linalg.det(Q), cp.linalg.slogdet(Q)[0])

# singular: det is 0.0 and slogdet (0, -inf), no error
Z = cp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [2.0, 4.0, 6.0]])
print(cp.linalg.det(Z), cp.linalg.slogdet(Z)[0], cp.linalg.slogdet(Z)[1])
print(cp.linalg.det(cp.zeros((2, 2))), cp.linalg.det(cp.zeros((2, 2), dtype=cp.complex64)))

# stacked
S = cp.stack([A, 2 * cp.eye(3), P])
print(cp.round(cp.linalg.det(S), 6), cp.linalg.det(S).shape)
sg, ld = cp.linalg.slogdet(S)
print(sg, cp.round(ld, 6), sg.shape)
Si = cp.linalg.inv(S)
print(Si.shape, cp.allclose(Si @ S, cp.eye(3)))
S4 = cp.arange(16, dtype=cp.float64).reshape(2, 2, 2, 2) + cp.eye(2) * 3
print(cp.round(cp.linalg.det(S4), 6), cp.allclose(cp.linalg.inv(S4) @ S4, cp.eye(2)))
# a larger determinant through logs
H = cp.eye(30) * 3 + 0.01 * cp.ones((30, 30))
print(f"{float(cp.linalg.slogdet(H)[1]):.8f}", f"{float(cp.linalg.det(H)):.6e}")
# complex determinant and sign
C = cp.array([[1 + 1j, 2], [3, 4j]])
print(cp.round(cp.linalg.det(C), 8), cp.round(cp.linalg.slogdet(C)[0], 8), cp.round(cp.linalg.slogdet(C)[1], 8))
# matrix_power with a negative exponent needs inv: not here; inv twice is the identity map
print(cp.allclose(cp.linalg.inv(cp.linalg.inv(A)), A))
# matrix_power with a negative exponent: a power of inv(a) (float64 for integer a)
print(cp.round(cp.linalg.matrix_power(A, -2) @ A @ A, 8))
F = cp.array([[1, 1], [1, 0]])
print(cp.linalg.matrix_power(F, -3), cp.linalg.matrix_power(F, -1).dtype)
print(cp.round(cp.linalg.matrix_power(S, -1) @ S, 8)[2], cp.linalg.matrix_power(A.astype(cp.complex64), -1).dtype)
