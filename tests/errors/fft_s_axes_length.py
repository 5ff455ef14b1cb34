import cupy as cp

x = cp.ones((3, 5))
X = cp.fft.fftn(x, s=(3, 5), axes=(1,))
