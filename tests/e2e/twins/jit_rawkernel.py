# NumPy twin of tests/e2e/jit_rawkernel.py: the same values computed with NumPy (the oracle has
# no cupyx.jit); produces jit_rawkernel.expected (tests/e2e/regen.sh).
import numpy as np

n = 1000
x = np.arange(n, dtype=np.float32) * 0.5
y = (x * 2.5).astype(np.float32)
print(y[:5], y[-3:], float(y.sum()))
y = (x * -1.0).astype(np.float32)
print(y[:5], y[-3:])
z = np.zeros(n)
z[:500] = x[:500] * 4
print(z[498:502])

xi = np.arange(5000, dtype=np.int32) % 97
print(np.int32(xi.sum()), int(xi.sum()))
print(np.int32(xi.sum() + xi[:100].sum()))

a = np.array([-7, -1, 0, 1, 5, 9, 12], dtype=np.int64)
oi = np.stack([a // 3, a % 3, -a // 4, np.abs(a - 5) + np.maximum(a, 2) - np.minimum(a, 1),
               np.where(a > 0, (a << 2) | 1, ~a)], axis=1)
print(oi)
of = np.stack([a / 4, np.sqrt(np.abs(a) * 1.0) + np.float32(0.5), a % 2.5 + 2 ** 3], axis=1)
print(of)


def collatz(v):
    c = 0
    while v != 1:
        c += 1
        v = v // 2 if v % 2 == 0 else 3 * v + 1
    return c


print(np.array([collatz(v) for v in [1, 2, 3, 6, 7, 27]], dtype=np.int32))
w = np.arange(64, dtype=np.int32)
print(np.array([w[:32].sum(), w[32:].sum()], dtype=np.int32))
xa = np.array([5, 3, 12, 7, 9, 1, 8], dtype=np.int32)
print(np.array([xa.max(), xa.min(), 7, np.bitwise_or.reduce(xa), -xa.sum()], dtype=np.int32))
m = np.arange(12, dtype=np.float32).reshape(3, 4)
mt = (np.arange(12, dtype=np.float32).reshape(4, 3) * 10).T
o2 = m + mt * 2
print(o2)
o2 = m[:, ::-1] + m * 2
print(o2, float(o2.sum()))
xs = np.arange(40, dtype=np.int64)[::3]
h = np.zeros(6, dtype=np.int64)
for v in xs:
    h[v % 4] += v - 10
    h[3] -= 1
    h[4] = max(h[4], v)
    h[5] = min(h[5], -v)
print(h)
g2 = np.arange(35, dtype=np.int64).reshape(5, 7)
r, c = np.indices(g2.shape)
print(g2 * 3 + r - c)
x, y, z = np.indices((3, 4, 2))
print((x * 100 + y * 10 + z).astype(np.int32))
xw = np.arange(32, dtype=np.int32) * 3 - 40
print(np.full(32, xw[3], dtype=np.int32))
print(np.concatenate([xw[:1], xw[:-1]]))
print(xw[np.arange(32) ^ 1])
# exch: old 1; cas 7 -> 70: old 7; cas 5 on 0: old 0; and of ~(1 << t) for t < 8; xor of
# 1 << (t % 5) (bits 0 and 1 toggled 7 times, the others 6); 32 incs wrapping at 10, 32 decs
print(np.array([1, 7, 0], dtype=np.int32), np.array([42, 70, 0, 0xFF00, 3], dtype=np.int32),
      np.array([32 % 11, (5 - 32) % 11], dtype=np.uint32))
