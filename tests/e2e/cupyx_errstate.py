# cupyx.errstate as a with item: floating-point errors give inf and nan (gpyc raises no
# FloatingPointError and prints no warning), linalg='raise' is what gpyc does; break leaves it
import cupy as cp
import cupyx

a = cp.array([1.0, 0.0, -1.0])
with cupyx.errstate(divide='ignore', invalid='ignore'):
    print(a / 0.0)
    for i in range(3):
        if i == 1:
            break
        print(i, cp.log(a))
with cupyx.errstate(linalg='raise', over='warn', under=None):
    print(cp.linalg.inv(cp.eye(2) * 2))
    with cupyx.errstate():
        print(cp.exp(cp.array([1000.0])))
print('after')
