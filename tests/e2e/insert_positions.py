# cp.insert with a list of one position (NumPy's size-1 case: every value goes in, along axis
# without moving the values' first axis) and with negative positions that NumPy shifts once
# (-n..-1) and then lets wrap in the longer array.
import cupy as cp

x = cp.arange(5)
print(cp.insert(x, [1], [10, 20]))
print(cp.insert(x, [-2], 7), cp.insert(x, [5], 7), cp.insert(x, [-5], 7))
g = cp.arange(6).reshape(2, 3)
print(cp.insert(g, [1], [[7], [8]], axis=1))
print(cp.insert(g, 1, [7, 8], axis=1))
print(cp.insert(g, [2], 9, axis=0))
print(cp.insert(x, [-12, 1], 0))
print(cp.insert(x, [-6, 1], 0))
print(cp.insert(x, cp.array([4, -1, 0]), cp.array([40, 10, 0])))
