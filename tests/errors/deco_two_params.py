def deco(f, tag):
    def w(x):
        return f(x)

    return w


@deco
def inc(x):
    return x + 1


print(inc(1))
