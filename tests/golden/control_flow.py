# host control flow and calls: while, if/else on a host scalar read back from the device,
# a user function called twice (one IR function), an early return
import cupy as cp
def step(v, s):
    if s > 2.0:
        return v * 0.5
    return v + s
x = cp.ones(100)
t = 0
while float(x.sum()) < 1000.0:
    x = step(x, 1.5)
    t += 1
print(t, step(x, 3.0))
