def evens(n):
    for i in range(0, n, 2):
        yield i


for a, b in zip(evens(6), [1, 2, 3]):
    print(a, b)
