import cupy as cp

print(cp.fmod(cp.array([1j]), 2))
