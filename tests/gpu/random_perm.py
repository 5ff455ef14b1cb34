# Seeded permutations, shuffles and choices (argsort of raw 32-bit draws; randint; Gumbel-max with p).
import cupy as cp

cp.random.seed(5)
print(cp.random.permutation(10).tolist())
a = cp.arange(12).reshape(6, 2) * 10
print(cp.random.permutation(a).tolist())
b = cp.arange(8, dtype=cp.float32)
cp.random.shuffle(b)
print(b.tolist())
print(cp.random.choice(10, size=6).tolist())
print(cp.random.choice(cp.array([1.5, 2.5, 3.5]), size=(2, 3)).tolist())
s = cp.random.choice(7, size=4, replace=False)   # CuPy: a Feistel bijection keyed by NumPy's PCG64
print(int(cp.unique(s).size), bool(cp.all((s >= 0) & (s < 7))))
cp.random.seed(6)   # so that what follows does not depend on the draws above
print(cp.random.choice(cp.arange(5) * 3, size=3, replace=False).tolist())
print(cp.random.choice(4, size=8, p=cp.array([0.1, 0.2, 0.3, 0.4])).tolist())
print(int(cp.random.permutation(100000).sum()))
