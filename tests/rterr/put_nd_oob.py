import cupy as cp

a = cp.zeros((4, 6))
cp.put(a, cp.array([1, 23, -24]), 1.0)
print(a)
cp.put(a, cp.array([1, 30, 40]), 1.0)
