import math

import cupy as cp

print(math.prod([cp.ones(3), cp.ones(3)]))
