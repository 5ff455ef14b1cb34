# NumPy twin of tests/e2e/red_col_last_graph.py: each graph launch does the captured
# computation once, at launch time, on the inputs of that time.  Produces the .expected.
import numpy as np

a = (np.arange(1100 * 8200) % 17).astype(np.float32).reshape(1100, 8200)
acc = np.zeros(8200, dtype=np.float32)


def launch():
    acc[...] += a.sum(axis=0)


launch()
print(acc[:4], acc[-4:])
a[...] = a * 2.0
for i in range(3):
    launch()
mid = a.sum(axis=0)
print(acc[:4], acc[-4:], mid[:4], mid[-3:])
print(a.sum(axis=0)[:4], a.sum(axis=0)[-2:])
for i in range(40):
    acc += a.sum(axis=0)
print(acc[:4], acc[-4:], acc.sum())
