# numpy.random.default_rng: NumPy's Generator, bit for bit (SeedSequence, PCG64, the ziggurats,
# Lemire's integers, choice's algorithms, shuffles); expected output from the system NumPy
import numpy as np

rng = np.random.default_rng(42)
print(rng.random())
print(rng.random(3))
print(rng.random((2, 2), dtype=np.float32))
print(rng.standard_normal(4))
print(rng.normal(1.5, 2.0, size=3))
print(rng.normal([0.0, 10.0, 20.0], 0.5))
print(rng.uniform(-1, 1, 4))
print(rng.uniform(0.0, [1.0, 2.0, 3.0]))
print(rng.exponential(2.0, 3))
print(rng.exponential([1.0, 5.0]))
print(rng.standard_exponential(2))
print(rng.integers(10))
print(rng.integers(0, 100, size=8))
print(rng.integers(-5, 5, size=(2, 3), dtype=np.int8, endpoint=True))
print(rng.integers(0, 2**40, size=3))
print(rng.integers(0, 256, size=6, dtype=np.uint8))
print(rng.choice(10))
print(rng.choice(10, 5, replace=False))
print(rng.choice(20000, 3, replace=False))
print(rng.choice(5, 8, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(rng.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(rng.choice(np.array([1.5, 2.5, 3.5]), 4))
print(rng.choice(np.arange(12).reshape(4, 3), 2))
print(rng.permutation(10))
x = np.arange(12).reshape(3, 4)
print(rng.permutation(x))
print(rng.permutation(x, axis=1))
rng.shuffle(x)
print(x)
y = np.arange(6.0)
rng.shuffle(y)
print(y)
print(rng.permuted(x, axis=1))
print(rng.permuted(x))
g2 = np.random.Generator(np.random.PCG64(7))
print(g2.random(2), rng.random(2))
g3 = np.random.default_rng(2**40 + 3)
print(g3.integers(0, 1000, 5))


def draws(g, n):
    return g.standard_normal(n).max()


print(draws(rng, 1000), draws(g3, 5))
big = np.random.default_rng(0).standard_normal(100000)
print(big[99990:], big.min(), big.max(), np.argmax(big))
ex = np.random.default_rng(1).exponential(size=100000)
print(ex[:3], ex.max(), np.argmin(ex))
print(np.random.default_rng(5).choice(30000, 1000, replace=False)[:8])
print(np.random.default_rng(6).choice(100, 20, replace=False, shuffle=False))
acc = 0
for i in range(70):
    acc = (acc * 3 + int(np.random.default_rng(i).integers(0, 10))) % 1000003
print(acc)
