# The NumPy twin of ../oom_device.py (tests/e2e/regen.sh runs it for the expected line): the same
# arrays, accounted as CuPy's pool does (cupy_memory.py); the 16 TiB one is not made.
import numpy as np

from cupy_memory import alloc

n = 1 << 20
x = np.arange(n, dtype=np.float32)
alloc(x.nbytes)
for i in range(50):
    x *= 0.5
    x += 1.0
print(x.shape)
alloc((1 << 42) * 4)
print("not reached")
