# cupy.who(): CuPy's table of the arrays among the module's globals, or in a dict
import cupy as cp
import numpy as np


def make_global():
    global made_in_function
    made_in_function = cp.zeros((4, 4), dtype=cp.uint8)


print("no arrays yet:")
cp.who()

a = cp.arange(10)
b = cp.ones((2, 3), dtype=cp.float32)
alias_of_a = a
view_of_a = a[2:5]
same_object = cp.asarray(b)
flags = cp.array([True, False, True])
cplx = cp.zeros((3, 1, 2), dtype=cp.complex64)
a_rather_long_array_name = cp.empty((1000, 20), dtype=cp.int16)
empty = cp.zeros((0, 5))
pair = np.dtype({'names': ['i', 'x'], 'formats': [np.int32, np.float64]})
records = cp.zeros((2, 3), dtype=pair)
n = 5
text = "not an array"
values = [1, 2, 3]
make_global()
for row in cp.ones((3, 7), dtype=cp.float64):
    pass
squares = [x * x for x in range(3)]
cp.who()

print("None is the globals:")
cp.who(None)
cp.who(vardict=globals())

maybe = None
if n > 3:
    maybe = cp.full(6, 2, dtype=cp.int32)
never = None
if n > 30:
    never = cp.ones(2)
print("bound on one path:")
cp.who()

d = {'x': cp.arange(2.0), 'y': cp.arange(3.0), 'txt': 'Some str', 'idx': 5, 'again': a}
cp.who(d)
cp.who({'only': 'text'})

t = {}
t['k2'] = cp.ones((2, 2))
t['k1'] = cp.zeros((5, 2))
t['k3'] = t['k2']
cp.who(t)
