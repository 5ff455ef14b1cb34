# Row chains (compiler/rowfuse.c): consecutive row reductions and elementwise groups over the
# rows of one array run as one kernel per row at -O2.  Each case checks one path of the chain
# kernel: vector loads (C % 4 == 0), scalar loads (odd C), the row held in shared memory or
# re-read (C > 12288 float32), strided rows, 3-D arrays, results used after the chain, and
# the fallback to separate kernels when there are fewer than 64 rows, a warp per short row
# and the boundaries where rows go back to a block each.
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
# a warp per row (rows of at most 128 vectors when there are 8192 or more, of at most 64
# always): NPBench's row of 448 float32 in a 4-d array (3.5 vectors a lane), the longest rows
# a warp takes (512 float32, 256 float64, 127 odd float32) and the first a block takes back
# (516 float32, or 8191 rows of 448)
show("softmax 4d 448", softmax(data((2, 4, 1100, 448), cp.float32, 0.0031)))
show("softmax warp 512", softmax(data((8192, 512), cp.float32, 0.0013)))
show("softmax warp f64 256", softmax(data((8192, 256), cp.float64, 0.0017)))
show("softmax warp odd 127", softmax(data((8200, 127), cp.float32, 0.0023)))
show("softmax block 516", softmax(data((8192, 516), cp.float32, 0.0011)))
show("softmax block 8191 rows", softmax(data((8191, 448), cp.float32, 0.0019)))

# layer norm: mean, then variance of the centred row, then the normalised row (3 members)
x = data((256, 48), cp.float32, 0.021)
mu = x.mean(axis=1, keepdims=True)
var = ((x - mu) * (x - mu)).mean(axis=1, keepdims=True)
y = (x - mu) / cp.sqrt(var + 1e-5) * 0.5 + 0.25
show("layernorm", y)
# a chain reduction used after the chain
print(mu[:3, 0], var[:3, 0])
print(float(cp.sum(mu, dtype=cp.float64)), float(cp.sum(var, dtype=cp.float64)))

# layer norm over 9000 rows of 300 (a warp per row), with its mean and variance used after
x = data((9000, 300), cp.float32, 0.0029)
mu = x.mean(axis=1, keepdims=True)
var = ((x - mu) * (x - mu)).mean(axis=1, keepdims=True)
show("layernorm warp", (x - mu) / cp.sqrt(var + 1e-5) * 0.5 + 0.25)
print(var[8997:, 0])
print(float(cp.sum(cp.abs(mu), dtype=cp.float64)), float(cp.sum(var, dtype=cp.float64)))

# integer rows: max then a float result
xi = (cp.arange(100 * 24, dtype=cp.int32).reshape(100, 24) * 7) % 31
zi = xi - xi.max(axis=1, keepdims=True)
print(zi[:2], int(cp.sum(zi)))


# the last member takes a value of the one before from registers (rows.c row_cache): softmax's
# exp(x - max) above, log-softmax's x - max; not when the last member also reads the row
# itself (exp(x - max) * x / sum), nor for a value it computes differently (exp(max - x))
def log_softmax(x):
    m = x.max(axis=1, keepdims=True)
    return x - m - cp.log(cp.exp(x - m).sum(axis=1, keepdims=True))


def weighted(x):
    e = cp.exp(x - x.max(axis=1, keepdims=True))
    return e * x / e.sum(axis=1, keepdims=True)


def other_exp(x):
    m = x.max(axis=1, keepdims=True)
    e = cp.exp(x - m)
    return cp.exp(m - x) / e.sum(axis=1, keepdims=True)


x = data((9000, 300), cp.float32, 0.0041)
show("log_softmax warp", log_softmax(x))
show("weighted warp", weighted(x))
show("other exp warp", other_exp(x))
show("softmax block f64", softmax(data((300, 2000), cp.float64, 0.0013)))
