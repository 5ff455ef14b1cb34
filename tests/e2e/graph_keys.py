# A loop captured as a CUDA graph with every iteration's launches (graphloop.c's graph_each),
# run many times on arrays whose addresses come round in turn: a function's work arrays,
# taken from the pool at each call and given back at its return (deriche's y1, y2), and inputs
# that alternate between two arrays.  runtime/graph.c keeps a graph per key, up to four per
# site: each run must give what the loop as written gives, whichever graph it replays
# (tests/gpu/graph_keys.sh checks that graphs are replayed, and that GPYRT_GRAPHS=0 prints the
# same).
import cupy as cp


def smooth(x, a, b):
    y = cp.empty_like(x)
    z = cp.empty_like(x)
    y[:, 0] = x[:, 0]
    for j in range(1, x.shape[1]):
        y[:, j] = a * x[:, j] + b * y[:, j - 1]
    z[:, -1] = y[:, -1]
    for j in range(x.shape[1] - 2, -1, -1):
        z[:, j] = a * y[:, j] + b * z[:, j + 1]
    return y + z


def image(h, w, seed):
    g = cp.arange(h * w, dtype=cp.float64).reshape(h, w)
    return ((g * 37 + seed) % 101) / 101.0


x1 = image(8, 48, 3)
x2 = image(8, 48, 11)
out = cp.zeros((8, 48))
for call in range(12):   # the same input: only the work arrays' addresses change
    out = smooth(x1, 0.5, 0.25)
    print(call, float(cp.sum(out)), out[3, :3])
for call in range(12):   # inputs alternating between two arrays
    x = x1 if call % 2 == 0 else x2
    out = smooth(x, 0.25 + 0.0625 * (call % 3), 0.5)
    print(call, float(cp.sum(out)), out[5, -2:])
