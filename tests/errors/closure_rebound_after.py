def keep(f):
    return f


def outer():
    k = 1

    def g(x):
        return x * k

    h = keep(g)
    k = 2
    return h(10)


print(outer())
