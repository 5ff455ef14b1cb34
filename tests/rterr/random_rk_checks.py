import cupy as cp

df = cp.array([1.0, 2.0])
print(cp.random.noncentral_chisquare(df, 1.0, size=2).shape)
print(cp.random.noncentral_chisquare(df - 1.5, 1.0))
