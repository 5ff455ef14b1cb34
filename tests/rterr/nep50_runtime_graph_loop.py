# NEP 50 at run time in a loop captured as a CUDA graph (compiler/graphloop.c): the check runs
# in the first iteration, whose launches are being captured, and raises as uncaptured
import sys
import cupy as cp

acc = cp.zeros(1024, dtype=cp.int8)
k = 100 * len(sys.argv)
for t in range(50):
    acc[:] = acc * 0 + (k + 27)
print(acc[:4])
for t in range(50):
    acc += k + 28
print(acc[:4])
