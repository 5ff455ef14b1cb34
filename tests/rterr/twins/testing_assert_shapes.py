import numpy as np
import numpy.testing as nt

nt.assert_allclose(np.ones(3), np.ones((2, 2)), rtol=1e-3, err_msg="shapes")
