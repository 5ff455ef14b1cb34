# unique (return_index / return_inverse / return_counts), isin, in1d, set routines
import cupy as cp

u = cp.unique(cp.array([4, 1, 4, 2, 1, 1, 9]))
print(u, u.size)
vals, counts = cp.unique(cp.array([3, 3, 1, 2, 3, 2]), return_counts=True)
print(vals, counts)
vi, first = cp.unique(cp.array([5, 6, 5, 7, 6]), return_index=True)
print(vi, first)
print(cp.unique(cp.array([[1, 1], [2, 3]])))
x = cp.array([2.5, cp.nan, -1.0, 2.5, cp.nan, 0.0, -1.0])
v, idx, inv, cnt = cp.unique(x, return_index=True, return_inverse=True, return_counts=True)
print(v, idx, inv, cnt)
print(v[inv])
vv, ii = cp.unique(cp.array([[3, 1], [1, 2]]), return_inverse=True)
print(vv, ii)
print(cp.unique(cp.array([True, False, True])), cp.unique(cp.array([3, 1, 3], dtype=cp.uint16)))
print(cp.unique(cp.array([1.5, 0.5, 1.5], dtype=cp.float16)), cp.unique(cp.zeros(0)).size)
n = 100000
big = (cp.arange(n) * 7919) % 1013
ub, ib, cb = cp.unique(big, return_index=True, return_counts=True)
print(ub.size, ub[:5], ub[-3:], ib[:5], int(ib.sum()), cb[:5], int(cb.sum()))
vb, invb = cp.unique(big, return_inverse=True)
print(int((invb * (cp.arange(n) % 7)).sum()), bool(cp.all(vb[invb] == big)))
# isin / in1d
print(cp.isin(cp.array([1, 2, 3, 4]), cp.array([2, 4, 6])))
print(cp.isin(cp.array([[1, 5], [6, 2]]), cp.array([2, 6]), invert=True))
print(cp.isin(cp.array([1.0, cp.nan, 2.5]), cp.array([cp.nan, 2.5, 7.0])))
print(cp.isin(cp.array([1, 2, 3]), cp.array([2.0, 3.5])), cp.isin(cp.array([1, 2]), cp.zeros(0)))
print(cp.isin(cp.array([1, 2, 3]), [3, 1]), cp.in1d(cp.array([[1, 2], [3, 4]]), cp.array([4, 1])))
mask = cp.isin(big, cp.arange(0, 1013, 3))
print(int(mask.sum()), mask[:10])
# set routines
a = cp.array([5, 1, 3, 3, 9, 1])
b = cp.array([3, 7, 1, 1, 8])
print(cp.intersect1d(a, b), cp.union1d(a, b), cp.setdiff1d(a, b), cp.setxor1d(a, b))
print(cp.union1d(cp.array([3, 1]), cp.array([2, 1])))
print(cp.union1d(cp.array([1, 2]), cp.array([1.5, 0.5])), cp.intersect1d(cp.array([[1, 2], [3, 4]]), cp.array([4, 2, 9])))
fa = cp.array([1.0, cp.nan, 2.0])
fb = cp.array([cp.nan, 2.0, 3.0])
print(cp.intersect1d(fa, fb), cp.union1d(fa, fb), cp.setdiff1d(fa, fb), cp.setxor1d(fa, fb))
print(cp.setdiff1d(cp.arange(10), cp.arange(0, 10, 3)), cp.setxor1d(cp.arange(5), cp.arange(3, 8)))
ba = (cp.arange(n) * 13) % 5000
bb = (cp.arange(n) * 17) % 7000 + 2500
i1 = cp.intersect1d(ba, bb)
print(i1.size, i1[:3], int(i1.sum()), cp.union1d(ba, bb).size, cp.setdiff1d(ba, bb).size, cp.setxor1d(ba, bb).size)
