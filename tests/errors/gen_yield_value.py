def acc():
    total = 0
    while True:
        x = yield total
        total += x


print(acc)
