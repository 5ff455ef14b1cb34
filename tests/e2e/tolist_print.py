# x.tolist(): Python scalars, lists of them, and nested lists (printed) as NumPy gives them.
import cupy as cp

a = cp.arange(5)
l = a.tolist()
print(l, len(l), l[1] + 1)
for v in l:
    print(v, end=" ")
print()
f = cp.array([0.1, 2.5, -1e-7], dtype=cp.float32).tolist()
print(f)
print(cp.linspace(0, 1, 4).tolist())
print(cp.array([True, False]).tolist())
print(cp.array([1 + 2j, -3j]).tolist())
print(cp.float64(2.5).tolist(), cp.int32(7).tolist(), cp.bool_(True).tolist())
m = cp.arange(6).reshape(2, 3)
print(m.tolist())
print(str((m * 0.5).tolist()))
print(f"m: {m.T.tolist()}")
print(cp.zeros((2, 0)).tolist(), cp.ones((2, 1, 2), dtype=cp.int8).tolist())
print(cp.array([18446744073709551615, 1], dtype=cp.uint64).tolist())
print(cp.array([1.5, cp.nan, cp.inf], dtype=cp.float16).tolist())
s = 0
for v in cp.arange(4).tolist():
    s += v
print(s)
