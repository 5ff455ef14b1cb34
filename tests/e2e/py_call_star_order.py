# f(x, *g()): x is read before g() runs, as Python reads the arguments in order (lower/star.c)
x = 1
n = 2


def g():
    global x, n
    x = 5
    n += 1
    return [1]


def f(a, b, c=0):
    return a * 100 + b * 10 + c


print(f(x, *g()))
print(f(x, *g(), c=n))
print(f(n, *g(), c=x))
print(max(x, n, *g()), x, n)
x = 1
print(f(x, *g(), c=x), x)
