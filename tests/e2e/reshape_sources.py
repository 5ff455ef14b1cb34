import cupy as cp

# Elementwise kernels over reshapes (compiler/passes/reshapes.c): when the reshapes' sources
# have one shape (and the target shapes agree), the kernel walks the sources as they are, a
# transposed or strided one included, instead of copying it; else the reshapes run as written.

a = cp.arange(24.0).reshape(2, 3, 4)
p = cp.transpose(cp.reshape(cp.arange(24.0) * 0.5 - 3.0, (3, 2, 4)), (1, 0, 2))   # (2, 3, 4), strided
d = cp.arange(24.0).reshape(2, 3, 4) % 5.0
n = 24
print(cp.reshape(p, (n,)) * cp.reshape(d, (n,)))                 # the sources agree: no copy of p
print(cp.reshape(p, (4, 6)) + cp.reshape(a, (4, 6)) * 2.0)
print(cp.reshape(p, (-1,)) - cp.reshape(a, (-1,)))                # -1 resolved at run time
print(cp.sqrt(cp.abs(cp.reshape(p, (6, 4)))))                     # one reshape
s = cp.sum(a)                                                      # a 0-d operand broadcasts alike
print(cp.reshape(p, (n,)) * s + cp.reshape(d, (n,)))
b = cp.arange(24.0).reshape(4, 6)                                 # sources of other shapes: as written
print(cp.reshape(p, (n,)) * cp.reshape(b, (n,)))
print(cp.reshape(p[:, ::2, :], (16,)) + cp.reshape(a[:, 1:, :], (16,)))
q = cp.transpose(a, (2, 1, 0))                                     # (4, 3, 2)
print(cp.reshape(q, (n,)) * 1j + cp.reshape(cp.transpose(d, (2, 1, 0)), (n,)))
print(cp.reshape(a[:, :, ::2], (3, 4)).astype(cp.float32) / 3.0)
# two outputs of one kernel, each used later
u = cp.reshape(p, (n,))
v = cp.reshape(d, (n,))
w1 = u * v
w2 = u + v
print(w1.shape, w2.shape, cp.sum(w1), cp.sum(w2))
print(w1.reshape(4, 6)[1], w2[::5])
# in a loop over sizes, as stockham_fft's stages
y = cp.arange(16.0) + 1j * (cp.arange(16.0) % 3)
for i in range(4):
    yv = cp.reshape(y, (2**i, 2, 2**(3 - i)))
    t = cp.transpose(yv, (1, 0, 2))
    dd = cp.empty((2, 2**i, 2**(3 - i)), dtype=cp.complex128)
    dd[:] = cp.exp(-1j * cp.arange(2**(i + 1)).reshape(2, 2**i, 1) / 3.0)
    y = cp.reshape(t, (16,)) * cp.reshape(dd, (16,))
    print(y)
