import cupy as cp

# histogram: int bins, range, weights, density, edges arrays; float32/float64/int inputs
a = cp.array([0.5, 1.5, 2.5, 2.75, 4.0, 1.0, 3.0, 0.0])
h1, e1 = cp.histogram(a)
print(h1, h1.dtype)
print(e1, e1.dtype)
h2, e2 = cp.histogram(a, bins=4)
print(h2)
print(e2)
h3, e3 = cp.histogram(a, bins=4, range=(0.0, 2.0))
print(h3)
print(e3)
h4, e4 = cp.histogram(a, bins=2, density=True)
print(h4, h4.dtype)
w = cp.array([1.0, 2.0, 1.0, 0.5, 1.0, 2.0, 1.0, 3.0])
h5, e5 = cp.histogram(a, bins=4, weights=w)
print(h5, h5.dtype)
h6, e6 = cp.histogram(a, bins=4, weights=w, density=True)
print(h6)
f = cp.array([0.25, 0.5, 0.75, 1.0, 1.25], dtype=cp.float32)
h7, e7 = cp.histogram(f, bins=4)
print(h7)
print(e7, e7.dtype)
h8, e8 = cp.histogram(f, bins=2, weights=cp.ones(5, dtype=cp.float32))
print(h8, h8.dtype)
i = cp.array([[1, 2, 2], [3, 3, 3]], dtype=cp.int32)
h9, e9 = cp.histogram(i, bins=3)
print(h9)
print(e9, e9.dtype)
edges = cp.array([0.0, 1.0, 2.5, 4.0])
h10, e10 = cp.histogram(a, bins=edges)
print(h10)
print(e10)
h11, e11 = cp.histogram(a, bins=edges, density=True)
print(h11)
h12, e12 = cp.histogram(cp.array([1, 2, 3, 4, 5]), bins=cp.array([0, 2, 4, 6]))
print(h12)
print(e12, e12.dtype)
h13, e13 = cp.histogram(cp.array([2.0, 2.0]), bins=2)
print(h13)
print(e13)
h14, e14 = cp.histogram(cp.array([1.0, 2.0, 3.0]), bins=3, weights=cp.array([1, 2, 3], dtype=cp.int32))
print(h14, h14.dtype)
lo = float(cp.min(a))
h15, e15 = cp.histogram(a, bins=2, range=(lo, 5.0))
print(h15)
print(e15)
hn, en = cp.histogram(cp.array([1.0, float("nan"), 2.0, -1.0]), bins=2, range=(0.0, 2.0))
print(hn)

# many samples (rt_histogram's per-block shared bins: grid-stride blocks, four loads in flight
# per thread), azimint_hist's form; then more bins than shared memory holds (global atomics)
n = 1000003
r = (cp.arange(n, dtype=cp.int64) * 7919 % 100003).astype(cp.float64) / 100003.0
d = (cp.arange(n, dtype=cp.int64) % 13).astype(cp.float64) * 0.25 - 1.0
hu = cp.histogram(r, 1000)[0]
hw = cp.histogram(r, 1000, weights=d)[0]
k = cp.arange(1000)
print(int(hu.sum()), int((hu * (k % 7 + 1)).sum()), hu[:6], hu[-3:])
print(float(hw.sum()), float((hw * (k % 7 + 1)).sum()), hw[:4], hw[-2:])
print((hw / hu)[:4])
hf = cp.histogram(r.astype(cp.float32), 700, range=(0.125, 0.875), weights=d.astype(cp.float32))[0]
print(hf.dtype, float(hf.sum()), hf[:3], hf[-3:])
hd = cp.histogram(r, 500, density=True)[0]
print(round(float((hd * (cp.arange(500) % 3 + 1)).sum()), 6))
hg = cp.histogram(r, 8000)[0]
hgw = cp.histogram(r, 8000, weights=d)[0]
k8 = cp.arange(8000)
print(int(hg.sum()), int((hg * (k8 % 7 + 1)).sum()), float((hgw * (k8 % 5 + 1)).sum()), hg[:5])
hi = cp.histogram(cp.arange(n, dtype=cp.int32) % 977, bins=cp.arange(0, 1000, 10))[0]
print(int(hi.sum()), hi[:4], hi[-3:])
