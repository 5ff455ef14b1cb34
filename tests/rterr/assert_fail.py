# a failing assert with a message
import cupy as cp

x = cp.arange(6)
total = int(x.sum())
assert total > 0, "positive"
print("total", total)
assert total < 10, f"total too large: {total}"
print("not reached")
