import cupy as cp

# Products stored into arrays (compiler/passes/mmstore.c, runtime rt_matmul_store): written
# straight into a C-contiguous destination of the value's shape that shares no memory with
# the operands, else computed aside and copied (strided destinations, broadcasting stores,
# overlap with an operand, a -1 in the reshape).


def mat(m, n, dt, s):
    v = (cp.arange(m * n, dtype=cp.float64) * s) % 7.0 - 3.0
    return v.astype(dt).reshape(m, n)


def fft_stages(x, K):
    # stockham_fft's loop: the product of each stage goes straight into y
    N = 2**K
    dft = cp.exp(-2.0j * cp.pi * cp.arange(2)[:, None] * cp.arange(2)[None, :] / 2)
    y = cp.empty_like(x)
    y[:] = x[:]
    for i in range(K):
        yv = cp.reshape(y, (2**i, 2, 2**(K - i - 1)))
        t = cp.reshape(cp.transpose(yv, axes=(1, 0, 2)), (N,)) * (1.0 + 0.5j * i)
        y[:] = cp.reshape(dft @ cp.reshape(t, (2, 2**(K - 1))), (N,))
    return y


x = (cp.arange(64) % 5 - 2.0) + 1j * (cp.arange(64) % 3)
print(fft_stages(x, 6))

a = mat(3, 4, cp.float64, 2)
b = mat(4, 5, cp.float64, 3)
z = cp.zeros((3, 5))
z[:, :] = a @ b                         # into z (the small kernel: K = 4)
print(z)
a20 = mat(3, 20, cp.float64, 2)
b20 = mat(20, 5, cp.float64, 5)
z[:] = a20 @ b20                        # into z (cuBLAS: K = 20)
print(z)
z[::2] = a[::2] @ b                     # a strided destination: aside, then copied
print(z)
z3 = cp.zeros((2, 3, 5))
z3[:] = a @ b                           # broadcast over the destination's first axis
print(z3)
z[:] = cp.reshape(a @ b, (1, 3, 5))     # a leading size-1 axis the store drops
print(z)
y = cp.zeros(15)
y[:] = cp.reshape(a @ b, (-1,))         # -1 in the reshape
print(y)
y[:] = cp.reshape(a @ b, (15,))
print(y)
v = cp.zeros(3)
v[:] = a @ cp.arange(4.0)               # matrix by vector
print(v)
zb = cp.zeros((2, 3, 5))
zb[:] = cp.reshape(mat(6, 4, cp.float64, 1), (2, 3, 4)) @ b    # batched
print(zb)
zi = cp.zeros((3, 5), dtype=cp.int64)
zi[:] = mat(3, 4, cp.int64, 1) @ mat(4, 5, cp.int64, 2)        # the integer kernel
print(zi)
zf = cp.zeros((3, 5), dtype=cp.float32)
zf[:] = mat(3, 4, cp.float32, 1) @ mat(4, 5, cp.float32, 2)
print(zf)

# the destination overlaps an operand: computed aside first, as NumPy
s = mat(4, 4, cp.float64, 1)
m = mat(4, 4, cp.float64, 3)
s[:] = m @ s
print(s)
s[:] = s @ s.T
print(s)
u = cp.arange(8.0)
u[:] = cp.reshape(mat(2, 2, cp.float64, 1) @ cp.reshape(u, (2, 4)), (8,))
print(u)
# another part of the same array, not overlapping: written straight there
w = cp.arange(12.0)
w[:6] = cp.reshape(mat(3, 3, cp.float64, 1) @ cp.reshape(w[6:], (3, 2)), (6,))
print(w)
