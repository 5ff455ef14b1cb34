import cupy as cp

# Products of a small inner dimension K and a small output side (M, or N): runtime
# blas_small.cu's kernel (K and M, or K and N, at most 8), cuBLAS past that.  Each result is
# printed whole when small, else as position-weighted sums of its parts.


def mat(m, n, dt, s):
    v = (cp.arange(m * n, dtype=cp.float64) * s) % 7.0 - 3.0
    if dt == cp.complex64 or dt == cp.complex128:
        w = (cp.arange(m * n, dtype=cp.float64) * (s + 2)) % 5.0 - 2.0
        return (v + 1j * w).astype(dt).reshape(m, n)
    return v.astype(dt).reshape(m, n)


def summary(c):
    f = cp.ravel(c)
    w = cp.arange(f.size) % 11 + 1
    g = f.astype(cp.complex128)
    return (c.shape, complex(cp.sum(w * g)), float(cp.sum(w * (g.real * g.real + g.imag * g.imag))), complex(f[-1]))


for dt in (cp.float32, cp.float64, cp.complex64, cp.complex128):
    print(mat(1, 1, dt, 1).dtype)
    # a 2 x 2 matrix by a 2 x n array (stockham_fft's product), n past one block
    print(summary(mat(2, 2, dt, 3) @ mat(2, 3000, dt, 1)))
    # K and M from 1 to 9 (9: cuBLAS)
    for k in [1, 2, 3, 5, 8, 9]:
        for m in [1, 2, 4, 8, 9]:
            print(k, m, summary(mat(m, k, dt, 5) @ mat(k, 700, dt, 3)))
    # the transposed side: N and K small, M large
    for k in [1, 2, 8, 9]:
        for n in [1, 3, 8, 9]:
            print(k, n, summary(mat(600, k, dt, 2) @ mat(k, n, dt, 7)))
    print(mat(3, 2, dt, 1) @ mat(2, 4, dt, 2))
    print(mat(4, 3, dt, 2) @ mat(3, 2, dt, 5))

# stockham_fft's DFT matrix
dft = cp.exp(-2j * cp.pi * cp.arange(2)[:, None] * cp.arange(2)[None, :] / 2)
print(summary(dft @ mat(2, 4096, cp.complex128, 1)))
x = mat(4, 512, cp.complex128, 1)
a = mat(3, 4, cp.complex128, 2)
# strided operands: a transposed, b a column slice and a row slice with a step
print(summary(a.T.T @ x[:, ::3]))
print(summary(cp.transpose(mat(4, 3, cp.complex128, 2)) @ x))
print(summary(a[:, ::-1] @ x[::-1, :]))
print(summary(a @ cp.transpose(mat(512, 4, cp.complex128, 9))))
# batches: a 3-d batch, a 2-d operand broadcast over it, a broadcast batch dimension
xb = mat(5 * 3, 200, cp.float64, 1).reshape(5, 3, 200)
ab = mat(5 * 2, 3, cp.float64, 4).reshape(5, 2, 3)
print(summary(ab @ xb))
print(summary(ab[0] @ xb))
print(summary(ab @ xb[:1]))
print(summary(cp.reshape(xb, (5, 200, 3)) @ ab[0].T))
# matrix by vector and vector by matrix with a small side
print(summary(a @ x[:, 7]))
print(summary(x[:, 7] @ cp.transpose(mat(200, 4, cp.complex128, 3))))
print(summary(mat(300, 3, cp.float32, 2) @ cp.arange(3, dtype=cp.float32)))
# float16 keeps cuBLAS
print(mat(2, 2, cp.float16, 1) @ mat(2, 5, cp.float16, 3))
# empty and one-element sides
print((mat(2, 3, cp.float64, 1) @ cp.ones((3, 0))).shape, mat(1, 1, cp.float64, 1) @ mat(1, 1, cp.float64, 2))
