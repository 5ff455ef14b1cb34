# Twin of roots_not_hermitian.py: CuPy 14's roots, which raises its NotImplementedError for a
# companion matrix that is not Hermitian (the cubic's: ones below the diagonal, zeros above).
import numpy as np


def companion_is_hermitian(p):
    c = np.trim_zeros(np.asarray(p, dtype=float), "f")[::-1]
    m = np.eye(c.size - 1, k=-1)
    m[:, -1] -= c[:-1] / c[-1]
    return np.array_equal(m, m.conj().T)


for p in ([1.0, 3.0, -1.0], [1.0, -6.0, 11.0, -6.0]):
    if not companion_is_hermitian(p):
        raise NotImplementedError("Only complex Hermitian and real symmetric 2d arrays are supported currently")
    print(np.sort(np.roots(p)))
