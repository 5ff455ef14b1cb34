# NumPy twin of tests/e2e/cupyx_errstate.py (produces its .expected): numpy.errstate for
# cupyx.errstate (the oracle's shim has no cupyx.errstate); the same arrays.
import numpy as np

a = np.array([1.0, 0.0, -1.0])
with np.errstate(divide='ignore', invalid='ignore'):
    print(a / 0.0)
    for i in range(3):
        if i == 1:
            break
        print(i, np.log(a))
with np.errstate(over='warn', under=None):
    print(np.linalg.inv(np.eye(2) * 2))
    with np.errstate():
        print(np.exp(np.array([1000.0])))
print('after')
