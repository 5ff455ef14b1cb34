# NumPy twin of tests/e2e/testing_asserts.py (produces its .expected): numpy.testing.
import numpy as np
import numpy.testing as nt

x = np.arange(6.0).reshape(2, 3)
nt.assert_array_equal(x, x.copy())
nt.assert_array_equal(x[0], [0.0, 1.0, 2.0])
nt.assert_array_equal(np.zeros(3), 0.0)
nt.assert_array_equal(np.array([1.0, np.nan]), np.array([1.0, np.nan]))
nt.assert_allclose(x * (1 + 1e-9), x)
nt.assert_allclose(x * 1.001, x, rtol=1e-2, atol=0)
nt.assert_allclose(x + 0.5, x, atol=1.0, err_msg="close")
nt.assert_array_almost_equal(x + 1e-7, x)
nt.assert_array_almost_equal(x + 0.004, x, decimal=2)
nt.assert_array_less(x, x + 1)
nt.assert_array_equal(np.array([1 + 2j, 3j]), np.array([1 + 2j, 3j]))
y = np.sort(x[::-1].ravel())
nt.assert_array_equal(y, np.sort(x.ravel()), err_msg="sorted", verbose=True)
print("all assertions hold")
