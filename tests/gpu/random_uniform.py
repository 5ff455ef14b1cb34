# Seeded uniform draws, printed in full precision: gpyc must print CuPy's numbers.
import cupy as cp

cp.random.seed(1234)
print(cp.random.random_sample(5).tolist())
print(cp.random.rand(3, dtype=cp.float32).tolist())
print(cp.random.random(4).tolist())
print(cp.random.ranf(3).tolist())
print(cp.random.sample((2, 2)).tolist())
print(cp.random.uniform(-2.0, 3.0, size=7).tolist())
print(cp.random.uniform(1.5, 2.5, size=5, dtype=cp.float32).tolist())
print(cp.random.uniform(0, cp.arange(1, 5, dtype=cp.float64)).tolist())
print(cp.random.uniform(size=3).tolist())
cp.random.seed(99)
print(cp.random.random_sample(1).tolist())
x = cp.random.rand(1000)
print(float(x.sum()))
