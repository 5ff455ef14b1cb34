# the IR dump of every numpy/cupy Generator draw kind (fuzz smoke: names[] of attrs_np_random was
# indexed past its end by the Generator kinds, UBSan at ir.c:430)
import cupy as cp
import numpy as np

rng = np.random.default_rng(0)
print(rng.choice(0, 2), rng.integers(3), rng.permuted(np.ones(3)), rng.normal(np.ones(2)))
g = cp.random.default_rng(0)
print(g.random(2), g.integers(3), g.poisson(2.0), g.dirichlet(cp.ones(2)))
