import cupy as cp

d = 3
x = cp.zeros(3)
cp.testing.assert_array_almost_equal(x, x, decimal=d + 0.5)
