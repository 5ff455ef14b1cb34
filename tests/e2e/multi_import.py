# Programs of several files: import helper, import helper as h, from helper import f, g;
# the helpers' top-level code runs once, at the first import, in import order.
import cupy as cp
print("main starts")
import multi_import_helper
import multi_import_helper as mh
from multi_import_helper import scale, SCALE, norm2 as n2
from multi_import_helper2 import Pair, clipped

print(__name__)
x = cp.arange(6, dtype=cp.float32)
print(multi_import_helper.scale(x))
print(mh.scale(x, 3))
print(scale(2.5), SCALE, mh.SCALE)
print(n2(x))
print(multi_import_helper.TABLE)
print(mh.offset_all(cp.ones((2, 3))))
print(Pair, clipped(cp.linspace(-2, 2, 5)))
print(mh.counter_value())
mh.bump()
mh.bump()
print(mh.counter_value(), mh.COUNT)


def local_use(v):
    return mh.scale(v) + multi_import_helper.SCALE


print(local_use(cp.array([1, 2, 3])))
print(mh.NAME, mh.helper2_name())
