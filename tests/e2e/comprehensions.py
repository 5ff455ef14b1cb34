import cupy as cp

xs = [1, 2, 3, 4, 5]
x = 100
sq = [x * x for x in xs]
print(sq, x)
print([v + 0.5 for v in xs if v % 2 == 1])
print([i * j for i in range(3) for j in range(i) if j != 1])
print(sum(v * v for v in xs), sum([0.5, 1.5]), sum(xs, 10))
print(any(v > 4 for v in xs), all(v > 4 for v in xs), all(v > 0 for v in xs))
print(min(v * 2 for v in xs), max(abs(v - 3) for v in xs), min([3.5, -1.0, 2.0]))
print(sorted(-v for v in xs))
a = cp.arange(6.0).reshape(2, 3)
rows = [float(a[i].sum()) for i in range(2)]
print(rows)
print(len([r for r in rows if r > 5.0]))
print(sum(float(a[i, j]) for i in range(2) for j in range(3)))
for t in [(i, s) for i, s in enumerate(['a', 'b'])]:
    print(t)
print([p * q for p, q in zip(xs, sq)])
norms = [float(cp.linalg.norm(a[i])) for i in range(2)]
print(max(norms) > 0)
# sum() of arrays: Python's 0 + x0 + x1 + ... (broadcast shapes, 0 + a bool array is int64)
zs = [cp.arange(3.0) * k for k in range(4)]
print(sum(zs), sum(z * z for z in zs))
bs = [cp.array([True, False]), cp.array([True, True])]
print(sum(bs), sum(bs).dtype, sum([cp.ones((2, 3)), cp.arange(6.0).reshape(2, 3)]))
print(sum([cp.ones(2, dtype=cp.float32)]).dtype, sum([cp.sum(z) for z in zs]))
