# guards-after-forward (guards.c after forward.c): a function's local constant, forwarded to
# its use, decides the range check; the module constant used inside a loop too
import sys
import cupy as cp
N = 100
u8 = cp.zeros(4, dtype=cp.uint8)
def f(a):
    n = 5
    return a * n
for t in range(len(sys.argv)):
    u8 = u8 * 3 + N
print(f(u8))
