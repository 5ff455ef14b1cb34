import cupy as cp
import numpy as np

mem = cp.cuda.alloc_pinned_memory(64)
y = np.frombuffer(mem, np.float32)
