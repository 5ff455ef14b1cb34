import cupy as cp

x = cp.ones((3, 5))
k = len([1, 2]) - 1
X = cp.fft.fftn(x, axes=(0, k))
