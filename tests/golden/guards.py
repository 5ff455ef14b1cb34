# guards.c: NEP 50's range check of a Python int goes where a module constant decides it
# (N = 100 fits uint8) and stays where it may fail at run time (len(sys.argv))
import sys
import cupy as cp
N = 100
k = len(sys.argv)
u8 = cp.zeros(4, dtype=cp.uint8)
y = u8 + N
z = u8 + k
print(y, z)
