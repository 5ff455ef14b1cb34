def evens(n):
    for i in range(0, n, 2):
        yield i


print(next(evens(4)))
print(next(evens(0)))
