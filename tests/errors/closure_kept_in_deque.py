import collections


def keep(f, q, xs):
    q.append(f)
    xs.insert(0, f)
    return 0


def outer():
    k = 1

    def g(x):
        return x * k

    q = collections.deque()
    xs = []
    keep(g, q, xs)
    k = 2
    return q[0](10), xs[0](10)


print(outer())
