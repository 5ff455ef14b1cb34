# np.base_repr of a base above 36: NumPy's ValueError.
import numpy as np

for b in [2, 16, 36, 40]:
    print(np.base_repr(100, b))
