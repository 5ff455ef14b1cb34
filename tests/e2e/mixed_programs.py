# small realistic computations: normalising rows, distances, a softmax, standardising
import cupy as cp


def softmax(z):
    e = cp.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def standardize(a):
    mu = a.mean(axis=0)
    sd = cp.sqrt(((a - mu) ** 2).mean(axis=0))
    return (a - mu) / sd


data = cp.arange(12, dtype=cp.float64).reshape(4, 3) % 5
print(data)
print(softmax(data))
print(softmax(data).sum(axis=1))
print(standardize(data))
pts = cp.array([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]])
dx = pts[:, 0].reshape(3, 1) - pts[:, 0]
dy = pts[:, 1].reshape(3, 1) - pts[:, 1]
d = cp.sqrt(dx * dx + dy * dy)
print(d)
rows = data / data.sum(axis=1, keepdims=True)
print(rows)
print(cp.where(data > 2, data, cp.zeros_like(data)).sum(axis=0))
