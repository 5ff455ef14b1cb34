# sizes above one block: 100000 elements, one line (radix sort) and many lines (segmented)
import cupy as cp

n = 100000
i = cp.arange(n)
x = (i * 7919) % 100003          # distinct ints
s = cp.sort(x)
print(s[:6], s[-6:], bool(cp.all(s[1:] > s[:-1])), int((s * (i % 13)).sum()))
p = cp.argsort(x)
print(p[:6], p[-6:], int((p * (i % 7)).sum()), bool(cp.all(x[p] == s)))
# ties: stability over a long line
k = x % 1000
pk = cp.argsort(k, kind="stable")
print(pk[:8], pk[-8:], int((pk * (i % 11)).sum()))
sk = cp.sort(k)
print(sk[:4], sk[-4:], int((sk * (i % 5)).sum()))
# floats with NaNs, exact values
f = x / 8.0 - 6000.0
f[::97] = cp.nan
sf = cp.sort(f)
nn = int(cp.isnan(f).sum())
print(nn, sf[:4], sf[n - nn - 3:n - nn], bool(cp.isnan(sf[n - nn:]).all()))
pf = cp.argsort(f, kind="stable")
print(pf[:5], pf[-5:], int((pf * (i % 3)).sum()))
f32 = f.astype(cp.float32)
print(cp.sort(f32)[:4], int((cp.argsort(f32, kind="stable") * (i % 9)).sum()))
# 2-d: each axis
m = x.reshape(400, 250)
s0 = cp.sort(m, axis=0)
s1 = cp.sort(m, axis=1)
print(s0[:2, :4], s1[:2, :4], int((s0 * (i.reshape(400, 250) % 17)).sum()), int((s1 * (i.reshape(400, 250) % 19)).sum()))
a0 = cp.argsort(m % 100, axis=0, kind="stable")
a1 = cp.argsort(m % 100, axis=1, kind="stable")
print(a0[:2, :5], a1[:2, :5], int((a0 * (i.reshape(400, 250) % 23)).sum()), int((a1 * (i.reshape(400, 250) % 29)).sum()))
print(int((cp.sort(m, axis=None) * (i % 31)).sum()))
# int16 and uint8 keys, many short lines
h = (x % 60000 - 30000).astype(cp.int16).reshape(1000, 100)
print(int((cp.sort(h, axis=1).astype(cp.int64) * (i.reshape(1000, 100) % 7)).sum()))
u = (x % 256).astype(cp.uint8)
print(int((cp.argsort(u, kind="stable") * (i % 5)).sum()), cp.sort(u)[-3:])
w = m.copy()
w.sort(axis=0)
print(bool(cp.all(w == s0)))
