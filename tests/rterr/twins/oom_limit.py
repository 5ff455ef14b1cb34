# The NumPy twin of ../oom_limit.py (tests/e2e/regen.sh runs it for the expected line): the same
# arrays, accounted as CuPy's pool does (cupy_memory.py).
import numpy as np

from cupy_memory import alloc

n = 1 << 20
x = np.arange(n, dtype=np.float32)
alloc(x.nbytes)
kept = []
for i in range(100):
    x *= 0.5
    x += 1.0
    x -= 0.25
    alloc(n * 4)
    kept.append(np.ones(n, dtype=np.float32))
    print(i, len(kept))
print("not reached")
