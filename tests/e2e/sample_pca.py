# The deployment sample samples/pca.py, imported through the link pca_helper.py: its main() on
# a table this program makes and saves (4 features mixed from 4 signals of distinct sizes), the
# scores it saved loaded back; then more components asked than there are features.
import cupy as cp

import pca_helper

P = "/tmp/gpyc-e2e-sample_pca-"
t = cp.linspace(0.0, 1.0, 240)
a = cp.sin(7.0 * t) + 0.5 * t
b = cp.cos(3.0 * t) - t * t
c = 0.3 * cp.sin(40.0 * t)
d = t * t * t
data = cp.stack([a + 0.2 * d, 2.0 * a - b, 0.5 * b + c + 3.0, d - 0.1 * c], axis=1)
cp.save(P + "data.npy", data)
pca_helper.main([P + "data.npy", P + "scores.npy", "--components", "2"])
s: "float64[:, :]" = cp.load(P + "scores.npy")
print(s.shape, s.dtype, bool(cp.abs(s.mean(axis=0)).max() < 1e-12), s.std(axis=0))
print(s[:3], s[-2:])
pca_helper.main([P + "data.npy", P + "all.npy", "-k", "9"])
r: "float64[:, :]" = cp.load(P + "all.npy")
print(r.shape, float(cp.abs(r[:, :2] - s).max()) < 1e-9)
