import cupy as cp

cp.testing.assert_array_equal(None, cp.zeros(3))
