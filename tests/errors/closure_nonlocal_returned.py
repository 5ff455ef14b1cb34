def make_counter():
    count = 0

    def inc():
        nonlocal count
        count += 1
        return count

    return inc


c = make_counter()
print(c(), c())
