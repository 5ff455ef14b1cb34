import cupy as cp

v = cp.array([3.0, -4.0, 0.0, 1.0])
for o in (None, 1, 2, 3, 0.5, 0, cp.inf, -cp.inf, -1, -2):
    print(o, cp.round(cp.linalg.norm(v, o), 8))
print(cp.linalg.norm(v, 0).dtype, cp.linalg.norm(cp.arange(4), 1), cp.linalg.norm(cp.arange(4), cp.inf).dtype)
print(cp.round(cp.linalg.norm(cp.array([3 + 4j, 1j]), 3), 8), cp.linalg.norm(cp.array([3 + 4j, 1j], dtype=cp.complex64), 1).dtype)
print(cp.linalg.norm(cp.array([1.0, 0.0, 2.0], dtype=cp.float32), 0), cp.linalg.norm(cp.array([1.0, 0.0, 2.0], dtype=cp.float32), 0).dtype)

A = cp.array([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
for o in (None, "fro", "nuc", 1, -1, 2, -2, cp.inf, -cp.inf):
    print(o, cp.round(cp.linalg.norm(A, o), 6), cp.round(cp.linalg.norm(A.T, o), 6))
print(cp.linalg.norm(A, 2).dtype, cp.linalg.norm(A.astype(cp.float32), "nuc").dtype, cp.linalg.norm(A.astype(cp.complex64), -2).dtype)
C = A * (1 + 1j)
for o in (None, "fro", "nuc", 1, -1, 2, -2, cp.inf, -cp.inf):
    print(o, cp.round(cp.linalg.norm(C, o), 5))

# axis= and keepdims
T = cp.arange(24, dtype=cp.float64).reshape(2, 3, 4) - 11.5
for o in (None, 1, 2, cp.inf, -cp.inf, 0, 3):
    print(o, cp.round(cp.linalg.norm(T, o, axis=1), 4))
    print(cp.linalg.norm(T, o, axis=-1, keepdims=True).shape, cp.round(cp.linalg.norm(T, o, axis=-1, keepdims=True), 4))
for o in (None, "fro", "nuc", 1, -1, 2, -2, cp.inf, -cp.inf):
    r = cp.linalg.norm(T, o, axis=(1, 2))
    rk = cp.linalg.norm(T, o, axis=(2, 0), keepdims=True)
    print(o, r.shape, cp.round(r, 4), rk.shape, cp.round(rk, 4))
print(cp.round(cp.linalg.norm(T, axis=(0,)), 4))
print(cp.round(cp.linalg.norm(T), 6), cp.linalg.norm(T, keepdims=True).shape, cp.linalg.norm(A, keepdims=True).shape)
print(cp.round(cp.linalg.norm(A, 1, keepdims=True), 6), cp.linalg.norm(A, 1, keepdims=True).shape)
print(cp.round(cp.linalg.norm(A, axis=1, ord=1), 6), cp.round(cp.linalg.norm(A, axis=(1, 0), ord=1), 6))
print(cp.round(cp.linalg.norm(cp.arange(6).reshape(2, 3), "nuc"), 6), cp.linalg.norm(cp.arange(6).reshape(2, 3), "nuc").dtype)
