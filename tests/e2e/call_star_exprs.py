# f(*expr) of any expression of static tuple type (issue 22): a call's result after other
# arguments (print(x, *g())), a slice of a tuple (*t[1:]), an index of a call's result
import cupy as cp


def g():
    return 1, "two", 3.5


def h(a, b, c, d=0):
    print("h:", a, b, c, d)


def pair(x):
    return x.min(), x.max()


x = cp.arange(3)
print(x, *g())
print(x, *g(), sep=", ")
print("shape", *x.shape, *g(), end=" |\n")
h(*g())
h(0, *g()[1:])
t = (1, 2, 3, 4)
print(*t[1:])
print(*t[::-1], *t[:-2])
h(*t[1:])
h(*t[:2], *t[2:3])
print(t[1:3], t[::2], t[5:], t[-2:], t[-100:2], t[3:0:-1], t[::-3])
u = t[1:]
print(len(u), u, u[0] + u[-1])
print("range", *pair(cp.arange(5.0) * 2))
mixed = (cp.ones(2), "s", 7)
print(*mixed[::2])
for v in mixed[1:]:
    print("item", v)
