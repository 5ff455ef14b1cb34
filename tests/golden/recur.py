# recur.c: an elementwise recurrence (W1) is one kernel that runs the loop per element;
# a loop that prints each iteration is not
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
y = cp.ones(1000, dtype=cp.float32)
for i in range(10000):
    x = x * 0.99 + 0.01
for i in range(2, 50, 4):
    y = cp.sin(y) * x + 1.0
print(x, y)
for i in range(3):
    x = x * 0.5
    print(x)
