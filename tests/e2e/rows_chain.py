# Row chains (compiler/rowfuse.c): consecutive row reductions and elementwise groups over the
# rows of one array run as one kernel per row at -O2.  Each case checks one path of the chain
# kernel: vector loads (C % 4 == 0), scalar loads (odd C), the row held in shared memory or
# re-read (C > 12288 float32), strided rows, 3-D arrays, results used after the chain, and
# the fallback to separate kernels when there are fewer than 64 rows.
import cupy as cp


def data(shape, dtype, k):
    n = cp.zeros(shape, dtype=cp.int8).size
    return (cp.sin(cp.arange(n, dtype=cp.float64) * k) * 3.0).astype(dtype).reshape(shape)


def softmax(x):
    e = cp.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def show(name, s):
    print(name, s.shape, s.dtype)
    print(s.reshape(-1, s.shape[-1])[:2, :5])
    print(float(cp.sum(s, dtype=cp.float64)), float(cp.sum(s * s, dtype=cp.float64)))


# vector path: 128 rows of 64 float32
show("softmax vec", softmax(data((128, 64), cp.float32, 0.37)))
# scalar path: odd row length
show("softmax odd", softmax(data((200, 37), cp.float32, 0.11)))
# float64, 3-D (4 * 50 rows)
show("softmax 3d f64", softmax(data((4, 50, 16), cp.float64, 0.013)))
# rows too long for shared memory: re-read from global memory
show("softmax long", softmax(data((64, 20000), cp.float32, 0.0007)))
# strided rows: every other column, and the transpose (last axis not contiguous)
base = data((96, 80), cp.float32, 0.05)
show("softmax strided", softmax(base[:, ::2]))
show("softmax transposed", softmax(base.T))
# fewer than 64 rows: the members run as separate kernels
show("softmax few rows", softmax(data((10, 7), cp.float32, 0.9)))

# layer norm: mean, then variance of the centred row, then the normalised row (3 members)
x = data((256, 48), cp.float32, 0.021)
mu = x.mean(axis=1, keepdims=True)
var = ((x - mu) * (x - mu)).mean(axis=1, keepdims=True)
y = (x - mu) / cp.sqrt(var + 1e-5) * 0.5 + 0.25
show("layernorm", y)
# a chain reduction used after the chain
print(mu[:3, 0], var[:3, 0])
print(float(cp.sum(mu, dtype=cp.float64)), float(cp.sum(var, dtype=cp.float64)))

# integer rows: max then a float result
xi = (cp.arange(100 * 24, dtype=cp.int32).reshape(100, 24) * 7) % 31
zi = xi - xi.max(axis=1, keepdims=True)
print(zi[:2], int(cp.sum(zi)))
