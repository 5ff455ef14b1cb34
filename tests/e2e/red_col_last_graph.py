# GPYC_COLS=last (compiled with it) and CUDA graphs: a column sum split into 34 parts captured
# into a cupy.cuda.Graph (during a capture rt_red_counters gives no counters: the graph holds
# the split kernel and its _fin launch), launched again after its input changed, beside the
# same sum outside the capture (the stream's counters, finished in the kernel), 40 launches
# in a row (a loop of more than 32 iterations: not unrolled), each setting the counters back
# to 0 for the next.  Expected output: twins/red_col_last_graph.py under NumPy (the oracle has
# no cupy.cuda.Graph).  Small integer values: every order of summation gives NumPy's bits.
# gpyc env: GPYC_COLS=last
import cupy as cp

a = (cp.arange(1100 * 8200) % 17).astype(cp.float32).reshape(1100, 8200)
acc = cp.zeros(8200, dtype=cp.float32)
s = cp.cuda.Stream(non_blocking=True)
with s:
    s.begin_capture()
    acc += a.sum(axis=0)
    g = s.end_capture()
g.launch(stream=s)
s.synchronize()
print(acc[:4], acc[-4:])
with s:
    a[...] = a * 2.0
    for i in range(3):
        g.launch()
    mid = a.sum(axis=0)
s.synchronize()
print(acc[:4], acc[-4:], mid[:4], mid[-3:])
print(a.sum(axis=0)[:4], a.sum(axis=0)[-2:])
for i in range(40):
    acc += a.sum(axis=0)
print(acc[:4], acc[-4:], acc.sum())
