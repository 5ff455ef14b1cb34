import cupy as cp

scale = 10


def squares(n):
    for i in range(n):
        yield i * i


def countdown(n, step=1):
    print('countdown starts', n)
    while n > 0:
        yield n
        n -= step
    print('countdown done')


def first_over(xs, limit):
    for x in xs:
        if x > limit:
            return
        yield x * scale


def pairs(n):
    for i in range(n):
        for j in range(i):
            yield i, j


def chained(n):
    yield from range(n)
    yield from squares(n)
    yield -1


def naturals():
    k = 0
    while True:
        yield k
        k += 1


def traced(n):
    for i in range(n):
        print('  make', i)
        yield i
        print('  after', i)


for v in squares(4):
    print('sq', v)
print(list(squares(5)), sum(squares(5)), max(squares(4)), min(countdown(3)))
print(sorted(countdown(6, step=2)), len(set(squares(4))))
print([v + 1 for v in squares(4) if v % 2 == 0])

for i, (a, b) in enumerate(pairs(3), start=1):
    print(i, a, b)

for v in first_over([1, 2, 5, 3], 4):
    print('first_over', v)

print(list(chained(3)))

for k in naturals():
    if k == 3:
        continue
    if k > 5:
        break
    print('k', k)

for v in traced(4):
    print('use', v)
    if v == 1:
        break
else:
    print('no break')

for v in traced(2):
    print('use', v)
else:
    print('ran out')

for v in first_over([7], 4):
    print('never')
else:
    print('empty generator')

for a in squares(3):
    for b in squares(2):
        print('nested', a, b)


def total(n):
    i = 100  # the caller's i, apart from squares' own
    acc = 0
    for v in squares(n):
        acc += v + i
    return acc


print(total(4))


def outer(m):
    base = m * 2

    def shifted(n):
        for i in range(n):
            yield base + i

    return [s for s in shifted(3)]


print(outer(5))

