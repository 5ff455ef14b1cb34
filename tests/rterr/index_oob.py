# an out-of-bounds scalar index inside a function (NumPy's IndexError wording)
import sys
import cupy as cp


def pick(v, k):
    return v[k]


v = cp.arange(5) * 10
print(pick(v, 4))
k = len(sys.argv) + 6        # 7 when run without arguments
print(pick(v, k))
