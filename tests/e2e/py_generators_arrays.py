import cupy as cp


def batches(x, size):
    for start in range(0, x.shape[0], size):
        yield x[start:start + size]


def windows(x, w):
    n = x.shape[0]
    for i in range(n - w + 1):
        yield i, x[i:i + w]


x = cp.arange(10, dtype=cp.float32)
parts = []
for part in batches(x, 4):
    parts.append(float(part.sum()))
print(parts)
y = cp.zeros(10, dtype=cp.float32)
for i, part in enumerate(batches(x, 3)):
    y[i * 3:i * 3 + part.shape[0]] = part * (i + 1)
print(y)
print(sum(p.sum() for p in batches(x, 4)))
means = cp.stack([win.mean(axis=0) for _, win in windows(cp.arange(12.0).reshape(6, 2), 3)])
print(means)
best = None
for i, win in windows(x, 4):
    if best is None or float(win.sum()) > float(best.sum()):
        best = win
print(best)
