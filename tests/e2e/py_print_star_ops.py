# print(x, *expr) where expr starts with an operand and goes on with an operator, a call, an
# attribute or an index (tree-sitter-python binds the star to the first operand after print's
# other arguments; gpyc reads it as Python does: the star of the whole expression)
import cupy as cp


def g():
    return 1, 2


t = (3,)
u = (4.5, "five")
x = cp.arange(6).reshape(2, 3)
print(0, *g() + t)
print(0, *t + u)
print("shape", *x.shape + t, sep="|")
print(0, *g()[::-1] + t + g(), end=" .\n")
print(1, *t * 3)
print(2, *u + t, *g())
print(3, *[10, 20] + [30])
print(4, *(g() + t))
