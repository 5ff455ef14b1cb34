def dbl(x):
    return 2 * x


def inc(x):
    return x + 1


for f in [dbl, inc]:
    print(f(3))
