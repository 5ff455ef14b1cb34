import cupy as cp

a = cp.zeros((4, 6))
cp.put(a, cp.array([1, 23, -24]), 1.0)
print(a)
# the first out-of-range index in order is reported, wherever it stands
cp.put(a, cp.array([1, 2, 5, 30, 40]), 1.0)
