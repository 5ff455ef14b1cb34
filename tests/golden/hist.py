# histograms and counting: histogram with bins, bincount, digitize
import cupy as cp
x = (cp.arange(200) * 13) % 50
print(cp.histogram(x, bins=5))
print(cp.bincount(x % 7), cp.digitize(x, cp.array([10, 20, 30])))
