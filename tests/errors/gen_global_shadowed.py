limit = 3


def upto():
    for i in range(limit):
        yield i


def main():
    limit = 10
    for v in upto():
        print(v, limit)


main()
