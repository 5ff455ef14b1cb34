import numpy as np

rs = np.random.RandomState(1)
print(rs.normal(np.zeros(2, dtype=np.complex64)))
