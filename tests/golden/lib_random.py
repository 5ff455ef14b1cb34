# cp.random: a seed, uniform and normal draws (cuRAND), and a draw fused into arithmetic
import cupy as cp
cp.random.seed(1)
u = cp.random.rand(100)
n = cp.random.normal(0.0, 2.0, size=(10, 10))
print(u * 2.0 - 1.0, n.sum())
