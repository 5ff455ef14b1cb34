# cupy.testing.assert_array_equal that fails: NumPy's AssertionError message, exit status 1.
# Expected (the last stderr line): rterr/twins/testing_assert_equal.py (numpy.testing).
import cupy as cp

print("before")
cp.testing.assert_array_equal(cp.array([1, 2, 3]), cp.array([1, 2, 4]))
print("not reached")
