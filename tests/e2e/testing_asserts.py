# cupy.testing's assertions that hold: each returns None and prints nothing (issue 21).
# Expected output: twins/testing_asserts.py (numpy.testing) under NumPy.
import cupy as cp

x = cp.arange(6.0).reshape(2, 3)
cp.testing.assert_array_equal(x, x.copy())
cp.testing.assert_array_equal(x[0], [0.0, 1.0, 2.0])
cp.testing.assert_array_equal(cp.zeros(3), 0.0)
cp.testing.assert_array_equal(cp.array([1.0, cp.nan]), cp.array([1.0, cp.nan]))
cp.testing.assert_allclose(x * (1 + 1e-9), x)
cp.testing.assert_allclose(x * 1.001, x, rtol=1e-2, atol=0)
cp.testing.assert_allclose(x + 0.5, x, atol=1.0, err_msg="close")
cp.testing.assert_array_almost_equal(x + 1e-7, x)
cp.testing.assert_array_almost_equal(x + 0.004, x, decimal=2)
cp.testing.assert_array_less(x, x + 1)
cp.testing.assert_array_equal(cp.array([1 + 2j, 3j]), cp.array([1 + 2j, 3j]))
y = cp.sort(x[::-1].ravel())
cp.testing.assert_array_equal(y, cp.sort(x.ravel()), err_msg="sorted", verbose=True)
print("all assertions hold")
