def naturals(start=0):
    k = start
    while True:
        print('  yield', k)
        yield k
        k += 1


def evens(n):
    for i in range(0, n, 2):
        yield i


print(next(naturals()))
print(next(naturals(5)))
print(next(evens(0), -1))
print(next(evens(10), -1))
xs = [3, 8, 1, 9]
print(next((x for x in xs if x > 5), None))
m = next((x for x in xs if x > 50), None)
if m is None:
    print('none above 50')
print(next((i for i, x in enumerate(xs) if x == 1), -1))
print(any(evens(1)), any(evens(4)), all(evens(4)), all(evens(0)))
print(any(k > 2 for k in naturals()) if False else any(v > 2 for v in evens(8)))


def find(n):
    for k in naturals(n):
        if k % 7 == 0:
            return k
    return -1


print(find(3))
first = next(naturals(10))
print(first * 2)


# next(...) is [not] None reads whether next() found an item (its guard), not its value
def gen_n(n):
    for i in range(n):
        yield i + 1


i = 0
while next(gen_n(i), None) is not None:
    i += 1
    if i > 3:
        break
print(i)
print(next(gen_n(0), None) is None, None is next(gen_n(2), None), next(gen_n(1), 5) is not None)
xs = [1, 2, 3]
if next((x for x in xs if x > 5), None) is None:
    print("none above 5")
print([k for k in range(4) if next(gen_n(k), None) is not None])
