import math
import os
import itertools


def f(a, b, c=3):
    return a * 100 + b * 10 + c


def g(x, y):
    return x - y


def h():
    print('h ran')


xs = [1, 2]
print(f(*xs))
ys = [4, 5, 6]
print(f(*ys))
print(f(7, *[8]))
print(g(*[9.5, 0.5]))
zs = [3.0, 4.0]
print(math.hypot(*zs), math.hypot(*[1, 2, 2]), math.hypot(*[]))
def neg(v):
    return -v


print(max(*ys), min(*ys), max(0, *xs), min(*zs, 2.5), max(*ys, key=neg))
print(math.gcd(*[12, 18, 30]), math.lcm(*[4, 6]), math.gcd(*[]), math.lcm(*[]))
parts = ['a', 'b', 'c.txt']
print(os.path.join(*parts), os.path.join('/root', *parts))
print(*ys)
print(*ys, sep=', ', end='!\n')
print('values:', *zs, 'end')
print(*[])
words = ['x', 'y']
print(list(itertools.chain(*[[1, 2], [3], []])))
t = (1, 2)
print(f(*t), f(*(5, 6)), f(*(t + (9,))))
n = 0
for k in range(4):
    n += f(*list(range(1, 3 + k % 2)))
print(n)
h(*[])
