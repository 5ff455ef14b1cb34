import cupy as cp

y = cp.unwrap(cp.arange(5), period=
              6)
