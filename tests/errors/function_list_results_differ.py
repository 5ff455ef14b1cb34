def count(x):
    return x + 1


def label(x):
    return "n=" + str(x)


for fn in [count, label]:
    print(fn(3))
