import cupy as cp

print(cp.random.multinomial(5, [[0.5, 0.5]]))
