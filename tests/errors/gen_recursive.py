def walk(n):
    yield n
    if n > 0:
        for m in walk(n - 1):
            yield m


print(list(walk(3)))
