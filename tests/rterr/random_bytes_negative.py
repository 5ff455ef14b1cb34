# cupy.random.bytes of a negative length past -4: NumPy's ValueError (randint's size).
import cupy as cp

print(cp.random.bytes(-4))
print(cp.random.bytes(int(cp.arange(3).sum()) - 12))
