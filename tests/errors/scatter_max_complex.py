import cupy as cp
import cupyx

z = cp.zeros(3, dtype=cp.complex64)
cupyx.scatter_max(z, cp.array([0, 1]), 1.0)
