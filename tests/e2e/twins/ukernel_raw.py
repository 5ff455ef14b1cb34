# NumPy twin of tests/e2e/ukernel_raw.py: the same computation without raw kernels, run by
# tests/oracle/run-numpy to produce ukernel_raw.expected (tests/e2e/regen.sh).
import cupy as cp

x1 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
x2 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
print(x1 + x2)

print(cp.ones(10) * 2.5)

r = cp.arange(3, dtype=cp.int32).reshape(3, 1)
c = cp.arange(4, dtype=cp.int32)
print(100 + 10 * r + c)

x = cp.arange(1000, dtype=cp.float32)
xp = cp.zeros(1024, dtype=cp.float32)
xp[:1000] = x
partial = xp.reshape(4, 256).sum(axis=1)
print(partial)
print(float(partial.sum()))

for k in range(3):
    print(cp.linspace(0, 1, 5) * float(k))

# make_tiled: a * SCALE + OFFSET + HALF with OFFSET = offset // 2, HALF = block // (scale + 1) % 5
print(cp.arange(10, dtype=cp.float32) * cp.float32(3) + cp.float32(-4 + 1))
print(cp.arange(5, dtype=cp.float32) * cp.float32(2) + cp.float32(-4 + 1))
print((cp.arange(70, dtype=cp.float32) * cp.float32(3) + cp.float32(4 + 3))[60:])
