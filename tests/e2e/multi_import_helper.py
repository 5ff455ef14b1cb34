# A helper module of multi_import.py: constants, functions using its own globals, a
# module-level array, a counter changed through `global`.
import cupy as cp
import multi_import_helper2 as h2

print("helper runs:", __name__)
SCALE = 2.0
TABLE = cp.arange(4) * 10
COUNT = 0
NAME = __name__


def scale(x, s=SCALE):
    return x * s


def norm2(x):
    return float(cp.sqrt(cp.sum(x * x)))


def offset_all(a):
    return a + TABLE[1] + h2.Pair


def bump():
    global COUNT
    COUNT += 1


def counter_value():
    return COUNT


def helper2_name():
    return h2.NAME


if __name__ == "__main__":
    print("not printed when imported")
