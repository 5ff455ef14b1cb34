def dbl(x):
    return 2 * x


def inc(x):
    return x + 1


fs = [dbl]
fs.append(inc)
print(fs[1](3))
