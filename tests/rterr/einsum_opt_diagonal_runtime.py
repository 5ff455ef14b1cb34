import sys

import cupy as cp

# einsum(optimize=True): NumPy's Python parser checks each label's sizes first, so a repeated
# letter whose sizes differ only at run time gets its "Size of label" message
n = len(sys.argv)
print(cp.einsum('ii->i', cp.ones((n + 2, n + 1)), optimize=True))
