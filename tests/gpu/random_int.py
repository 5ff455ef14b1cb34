# Seeded integer draws (CuPy's _interval: masks, rejection, 64-bit draws), exact.
import cupy as cp

cp.random.seed(2024)
print(cp.random.randint(0, 10, size=20).tolist())
print(cp.random.randint(-5, 5, size=7, dtype=cp.int8).tolist())
print(cp.random.randint(100, size=6, dtype=cp.uint8).tolist())
print(cp.random.randint(0, 1 << 16, size=5).tolist())
print(cp.random.randint(-(1 << 40), 1 << 40, size=5).tolist())
print(cp.random.randint(7, 8, size=4).tolist())
print(int(cp.random.randint(1000)))
print(cp.random.random_integers(1, 6, size=10).tolist())
print(cp.random.random_integers(3, size=5).tolist())
big = cp.random.randint(0, 3000000000, size=5000)
print(int(big.sum()), int(big.min()), int(big.max()))
print(cp.random.randint(0, 10, size=8, dtype=cp.int32).tolist())
print(cp.random.randint(5, 17, size=(2, 3), dtype=cp.uint16).tolist())
