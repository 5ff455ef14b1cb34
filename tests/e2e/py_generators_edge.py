# generators: the cases an early exit, a nested inlining or an assignment of next() must keep apart


def g():
    for i in range(3):
        yield i
    print('g end')
    yield 99


for x in g():
    print(x)
    if x == 0:
        break


def grid():
    for i in range(1, 3):
        for j in range(3):
            if i * 10 + j == 21:
                return
            yield i * 10 + j
    print('grid done')


for v in grid():
    print('grid', v)
    if v == 11:
        break
for v in grid():
    print('grid all', v)


def p():
    for i in range(8):
        print('  p', i)
        yield i


print(next(v for v in p() if v > 3))


def b():
    for y in range(5):
        yield y


def a():
    for y in b():
        yield y * 2
    yield 100


print(next(a()))
print(any(v == 2 for v in p()), all(v < 1 for v in p()))


def k(n):
    yield n
    yield n + 1


print([(x, y) for x in k(1) for y in k(10)])


def h(n):
    t = n * 2
    for i in range(n):
        yield t + i


print([sum(h(x)) for x in h(2)])
print([[y for y in h(x)] for x in h(2)])


def single(v):
    yield v


m = 5
m = next(single(m), -1)
print(m)


def gt():
    yield m


t = next(gt(), -1)
print(t)
w = next(single(3), None)
if w is not None:
    print('w', w)
z = next(b(), None)
print(z)
