# Diagnosis of random_dists' wald float32 line (2e-6 off CuPy 14.2 in session 6, where the
# compiled kernel's arithmetic matches CuPy's _wald_kernel operation for operation, FMAs
# included): the float32 normal and uniform draws wald reads, then wald itself, from one seed.
# Draws that differ point at cuRAND (library versions), a wald line alone at the kernel.
import cupy as cp

cp.random.seed(31)
print(cp.random.normal(size=8, dtype=cp.float32).tolist())
print(cp.random.random_sample(8, dtype=cp.float32).tolist())
cp.random.seed(31)
print(cp.random.wald(cp.full(8, 3.0), 1.5, dtype=cp.float32).tolist())
