# forward.c: y is stored and reloaded, and the loads see through it (one kernel); a store
# nobody reads is dropped; a global read after a call is not forwarded
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
y = x * 2.0 + 1.0
y = cp.sqrt(y * y + 1.0)
w = y * 3.0
def g():
    global x
    x = x + 1.0
g()
print(y, x + w)
