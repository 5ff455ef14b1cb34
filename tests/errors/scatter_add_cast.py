import cupy as cp
import cupyx

a = cp.zeros(3, dtype=cp.int32)
cupyx.scatter_add(a, cp.array([0, 1]), 1.5)
