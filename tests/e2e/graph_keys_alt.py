# A graph_each loop (runtime/graph.c) whose inputs alternate between two arrays while its
# outputs stay where they are: its key alternates A, B, A, B, so a site that kept one graph and
# remembered one key never captured it; with a graph per key both are captured and then
# replayed (tests/gpu/graph_keys.sh requires replays of this program, and GPYRT_GRAPHS=0 to
# print the same).
import cupy as cp


def smooth_into(x, y, a, b):
    y[:, 0] = x[:, 0]
    for j in range(1, x.shape[1]):
        y[:, j] = a * x[:, j] + b * y[:, j - 1]


def image(h, w, seed):
    g = cp.arange(h * w, dtype=cp.float64).reshape(h, w)
    return ((g * 37 + seed) % 101) / 101.0


x1 = image(6, 40, 3)
x2 = image(6, 40, 11)
y = cp.zeros((6, 40))
for call in range(10):
    smooth_into(x1 if call % 2 == 0 else x2, y, 0.5, 0.25)
    print(call, float(cp.sum(y)), y[2, -3:])
