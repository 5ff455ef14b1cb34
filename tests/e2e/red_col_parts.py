# Column reductions split into partials that a second kernel combines (gp_finish_cols, eight
# partials in flight per thread, then the rest): splits of 21, 64 and 100, several blocks of
# outputs with a partial last one, more (output, split) pairs than the GPU holds at once,
# every accumulator family, arg reductions with ties across splits, a loop replayed as a CUDA
# graph, and the same reductions inside a `with cp.cuda.Stream()` block.
import cupy as cp

a = ((cp.arange(700 * 4100) * 7) % 13).astype(cp.float32).reshape(700, 4100)
big = ((cp.arange(4096 * 8192) * 5) % 11).astype(cp.float32).reshape(4096, 8192)
i = ((cp.arange(512 * 1032) * 3) % 101).astype(cp.int32).reshape(512, 1032)
f = (cp.arange(300 * 2050) % 9).astype(cp.float64).reshape(300, 2050) * 0.5
g = ((cp.arange(3200 * 5240) * 3) % 17).astype(cp.float32).reshape(3200, 5240)
h = ((cp.arange(256 * 640) % 5) - 2).astype(cp.float16).reshape(256, 640)


def show(v):
    print(v[:3], v[-3:], v.sum())


show(a.sum(axis=0))
show(a.max(axis=0))
show(a.mean(axis=0))
show(a.argmax(axis=0))
show(a.argmin(axis=0))
show(big.sum(axis=0))
show(big.min(axis=0))
show((big * big - 1).sum(axis=0))
show(g.sum(axis=0))
show(g.argmin(axis=0))
show(g.max(axis=0))
show(i.sum(axis=0))
print(i.sum(axis=0).dtype)
show(i.max(axis=0))
show(i.argmax(axis=0))
show(f.sum(axis=0))
show(f.max(axis=0))
show(f.argmin(axis=0))
show(h.sum(axis=0))
print(h.sum(axis=0).dtype)
show(h.astype(cp.float32).mean(axis=0))
t = cp.zeros(4100, dtype=cp.float32)
for k in range(10):
    t = t + a.sum(axis=0) * (k % 4)
show(t)
s = cp.cuda.Stream()
with s:
    u = a.sum(axis=0)
    w = big.max(axis=0)
    x = i.argmax(axis=0)
s.synchronize()
show(u)
show(w)
show(x)
show(a.sum(axis=0) - u)
