# A loop captured as a CUDA graph whose body raises in its first iteration, while the capture
# is in progress: the traceback and message are those of the loop run as written.
import cupy as cp

n = 4
a = cp.zeros(n)
b = cp.ones(n + 1)
for i in range(10):
    a += 1.0
    a[:] = b * 2.0
print(a)
