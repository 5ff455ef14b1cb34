# NumPy >= 2.1 clips an integer array with an a_max above its dtype's range as if there were
# none; an a_max below the range is NEP 50's OverflowError
import sys
import cupy as cp

x = cp.array([0, 7, 200], dtype=cp.uint8)
k = len(sys.argv)
print(cp.clip(x, -5 * k, 300 * k), cp.clip(x, 3 * k, 1000 * k), cp.clip(x, -k, 100 * k))
print(cp.clip(x, 0, -k))
