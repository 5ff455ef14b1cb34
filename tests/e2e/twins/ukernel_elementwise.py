# NumPy twin of tests/e2e/ukernel_elementwise.py: the same computation without user kernels,
# run by tests/oracle/run-numpy to produce ukernel_elementwise.expected (tests/e2e/regen.sh).
import cupy as cp

a = cp.arange(6, dtype=cp.float32)
b = cp.linspace(0, 1, 6, dtype=cp.float32)
print((a - b) * (a - b))

col = cp.arange(3, dtype=cp.float64).reshape(3, 1)
row = cp.arange(4, dtype=cp.float64)
print(2.0 * col + row)
print((3 * cp.arange(5, dtype=cp.int32) + cp.ones(5, dtype=cp.int32)).astype(cp.int32))

x = cp.array([3.0, 0.0, -1.0])
y = cp.array([4.0, 2.0, 0.0])
print(cp.sqrt(x * x + y * y))
print(cp.arctan2(y, x))

acc = cp.full(5, 100.0)
acc = acc + cp.clip(cp.array([-5.0, 0.5, 2.0, 7.0, 1.0]), 0.0, 3.0)
print(acc)
print(acc)

print(cp.arange(4, dtype=cp.int64) * 3)
print((cp.arange(6, dtype=cp.int64) * 10 + 6).reshape(2, 3))
print(cp.arange(5, dtype=cp.float64)[::-1])
print(cp.arange(7, dtype=cp.int32))
print(cp.arange(4, dtype=cp.int32))
print(cp.arange(3, dtype=cp.float32).astype(cp.float64) * 2 + 0.5)

x = cp.arange(8, dtype=cp.float32)
print(cp.sqrt((x * 2 - (x + 1)) * (x * 2 - (x + 1))) - 1)

print(0.5 * cp.arange(3, dtype=cp.float32) + cp.arange(3, dtype=cp.float32))
print(4 * cp.arange(3, dtype=cp.int64) + cp.arange(3, dtype=cp.int64))

k = cp.arange(5)
print(cp.arange(5, dtype=cp.float64) + (31 * (k + 1) + 10) % 1000 + 2)
k = cp.arange(4)
print(((cp.arange(4, dtype=cp.int32) + (31 * (k + 1) + 37) % 1000 + 2) * 2).astype(cp.int32))
