# A loop whose first iteration changes a name's type (stable after that): gpyc compiles the
# first iteration apart from the others (cupy-examples 03_gmm: weights float32, then float64)
import cupy as cp
import numpy as np


def m_step(resp):
    nk = cp.sum(resp, axis=0)
    return nk / len(resp)


def train(x, max_iter):
    # float32 weights before the loop, float64 after one iteration; a run-time trip count
    weights = cp.array([0.5, 0.5], dtype=np.float32)
    lower = -np.inf
    for it in range(max_iter):
        prev = lower
        resp = cp.exp(x * cp.log(weights))
        weights = m_step(resp)
        lower = cp.mean(weights)
        if abs(lower - prev) < 1e-3:
            break
    return weights, lower


def accumulate(n):
    # an int that becomes a float (Python's `total = 0` then `total += i / 2`)
    total = 0
    for i in range(n):
        total += i / 2
    return total


def flatten_once(k):
    # a 2-d array that becomes 1-d after the first iteration
    x = cp.ones((2, 3))
    for i in range(k):
        x = x.ravel() + i
    return x


def placeholder_read():
    pred = cp.zeros(4)
    print(pred.sum())
    for i in range(2):
        pred = cp.arange(4) + i
    return pred


def halve_until(v, limit):
    # a while loop: float32 before, float64 after one iteration
    steps = 0
    while float(v.max()) > limit:
        v = v.astype(cp.float64) / 2
        steps += 1
    return steps, v


def first_break(v):
    # a break in the first iteration skips the rest; the else block runs only without one
    out = v
    for i in range(5):
        out = out.astype(cp.float64) + i
        if i == 0 and float(v[0]) > 10:
            break
    else:
        print('no break', out)
    return out


def with_continue(v, n):
    # continue after the change goes on with the second iteration
    seen = 0
    for i in range(n):
        v = v.astype(cp.float64) * 2
        if i % 2 == 0:
            continue
        seen += 1
    return seen, v


def items_loop(vals):
    # a loop over a list: its first element lowered apart
    acc = 0
    for k, x in enumerate(vals):
        acc = acc + x * k / 4
    return acc


def nested(m):
    # the peeled loop inside another loop
    res = []
    for j in range(m):
        w = cp.arange(3, dtype=cp.int32)
        for i in range(j + 1):
            w = w * 0.5 + i
        res.append(float(w.sum()))
    return res


x = cp.linspace(0.1, 0.9, 10).reshape(5, 2)
n = int(cp.sum(cp.ones(3)))
w, lb = train(x, n * 10)
print(w.dtype, w, lb)
print(accumulate(n), accumulate(n + 2))
f = flatten_once(n)
print(f.ndim, f)
print(placeholder_read())
s, h = halve_until(cp.array([40.0, 3.0], dtype=cp.float32), 4.5)
print(s, h.dtype, h)
print(first_break(cp.array([20, 1])))
print(first_break(cp.array([2, 1])))
seen, v = with_continue(cp.array([1.5], dtype=cp.float32), n + 2)
print(seen, v)
print(items_loop([1, 2, 3, 4]))
print(nested(n))
