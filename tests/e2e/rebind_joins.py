# Where paths join: a Python scalar and a 0-d array unify to the 0-d array
import cupy as cp


def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += cp.tanh(a[i, i])
    return a + trace


def durbin(r):
    y = cp.empty_like(r)
    alpha = -r[0]
    beta = 1.0
    y[0] = -r[0]
    for k in range(1, r.shape[0]):
        beta *= 1.0 - alpha * alpha
        alpha = -(r[k] + cp.dot(cp.flip(r[:k]), y[:k])) / beta
        y[:k] += alpha * cp.flip(y[:k])
        y[k] = alpha
    return y


def settle(u):
    # an int that becomes a 0-d float64 array around a while loop (channel_flow)
    diff = 1
    steps = 0
    while diff > 0.001:
        un = u.copy()
        u = 0.5 * u + 0.5
        diff = (cp.sum(u) - cp.sum(un)) / cp.sum(u)
        steps += 1
    return steps, u


def pick(v, k):
    # if / elif / else joins, one branch binding a 0-d array
    if k == 0:
        m = 2.5
    elif k == 1:
        m = cp.max(v)
    else:
        m = cp.min(v) + 1
    return m * 2


def first_big(v, limit):
    # break and continue carry the 0-d array to the loop's head and exit
    best = 0.0
    for i in range(v.shape[0]):
        if v[i] < 0:
            continue
        best = best + v[i]
        if best > limit:
            break
    return best


a = cp.arange(16, dtype=cp.float64).reshape(4, 4) / 20
print(go_fast(a))
r = cp.arange(1, 7, dtype=cp.float64) / 10
print(durbin(r))
steps, u = settle(cp.zeros(4))
print(steps, u)
v = cp.array([3.0, -1.0, 4.0, -1.5, 5.0])
print(pick(v, 0), pick(v, 1), pick(v, 2))
print(first_big(v, 5.0), first_big(v, 100.0))

# module level: a name first bound in one branch, then joined values
acc = 0.0
for row in a:
    acc += cp.sum(row)
print(acc)
if acc > 1:
    w = cp.sum(a[0])
else:
    w = 1.5
print(w)


def bump(t, v):
    return t + cp.tanh(v)


# a function called with the loop-carried value: compiled for the 0-d array only
trace = 0.0
for i in range(4):
    trace = bump(trace, a[i, i])
print(trace)

# the loop-carried value used as an array before the first iteration makes it one
s = 0.0
for i in range(3):
    s += a[i, 0]
    print(s.shape, s.dtype, s)
print(s)


# a placeholder (a new array of a small integral constant, not read before the join) takes the
# dtype of the array a path binds: kmeans's `pred = xp.zeros(n)` rebound to int64 labels
def labels(x, k, iters):
    pred = cp.zeros(x.shape[0])
    for _ in range(iters):
        new_pred = cp.argmin(cp.abs(x[:, None] - cp.arange(k)[None, :] * 2.0), axis=1)
        if cp.all(new_pred == pred):
            break
        pred = new_pred
        x = x + 0.5
    return pred


x = cp.array([0.1, 2.2, 3.9, 1.2, 0.4])
p = labels(x, 3, 4)
print(p, p.dtype, labels(x, 3, 1).dtype)
flags = cp.ones(3, dtype=cp.int32)
if acc > 1:
    flags = x[:3] > 1
print(flags, flags.dtype)
counts = cp.full((2, 2), 3)
for i in range(2):
    counts = cp.arange(4.0).reshape(2, 2) + i
print(counts, counts.dtype)
