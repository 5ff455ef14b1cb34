import cupy as cp

x = cp.zeros(3)
cp.testing.assert_allclose(x, x, equal_nan=False)
