# cupy.testing.assert_allclose of two shapes: NumPy's shape-mismatch message (the x line is the
# one before last; the last line is y's repr).  Expected: rterr/twins/testing_assert_shapes.py.
import cupy as cp

cp.testing.assert_allclose(cp.ones(3), cp.ones((2, 2)), rtol=1e-3, err_msg="shapes")
