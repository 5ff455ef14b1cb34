# env: GPYRT_GRAPH_LAUNCH_MAX=40
# A loop captured with every iteration (graphloop.c's graph_each) whose host code carries
# Python scalars from one iteration to the next (c, k, on: read by the body only, so the loop
# keeps its key).  A run whose key repeats the last run's is captured (runtime/graph.c: the
# second run here; the inner loop's j is no input); with at most 40 launches per capture
# (9 x 6 here) the capture is thrown away after its iterations have run their host code, and
# the loop starts again as written: the scalars must start from their values before the loop
# (codegen/host/host.c emit_graph_range), not from those the iterations of the thrown-away
# capture left.
import cupy as cp


def sweep(m, t):
    c = 1.0
    k = 0
    on = False
    for i in range(m.shape[0]):
        for j in range(m.shape[1] - 2):
            m[i, j:j + 2] = m[i, j + 1:j + 3] * 0.5 + c + k
        if on:
            m[i, 0] = -m[i, 0]
        c = c * 2.0 + t
        k += 1
        on = not on


m = cp.ones((9, 8))
for r in range(4):
    m[...] = 1.0
    sweep(m, 0.5)
    print(m)
