import cupy as cp

print(cp.random.logseries(1.5, size=2))
