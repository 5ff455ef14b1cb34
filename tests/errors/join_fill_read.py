# a constant-filled array read before the join is no placeholder: its dtype stays its own
import cupy as cp

pred = cp.zeros(4)
print(pred.sum())
for i in range(2):
    pred = cp.arange(4) + i
print(pred)
