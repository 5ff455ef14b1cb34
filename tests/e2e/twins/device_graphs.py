# NumPy twin of tests/e2e/device_graphs.py: each graph launch does the captured computation
# once, at launch time, on the inputs of that time; device queries print what a working GPU
# (an H100 or H200) gives; profiling ranges change no value.  Produces the .expected.
import numpy as np

x = np.arange(12.0).reshape(3, 4)
w = np.ones((4, 2)) * 0.5
acc = np.zeros((3, 4))


def launch():
    global y, z
    y = x * 2.0 + 1.0
    z = np.sin(y) @ w + y.sum(axis=1, keepdims=True)
    acc[...] += x


print(True, False, False)
launch()
print(y)
print(np.round(z, 6))
print(acc)
x[...] = x * -1.0
launch()
print(y[0], float(z[2, 1].round(6)), acc[1])
launch()
for i in range(5):
    launch()
print(acc[2])
print(0, 1, 2)
v = np.arange(4, dtype=np.float32)
for i in range(3):
    v *= 3.0
print(v, v.dtype)
print(32, 32, 1024, 1024)
print(True)
print(True)
print((1024, 1024, 64), 2147483647, True)
print(1024, 2147483647, False, True)
print(True, True, True)
q = x * 2.0
q = (q + 1.0) + (q + 2.0)
r = q.sum()
for i in range(3):
    r = r + 1.0
t = x.T @ x
u = np.trace(t)
print(q[1], float(r), float(u))
print("f", (20,), (1, 20), True, True)
print("colsum", True, True, 5)
print(1, (1, 1))
