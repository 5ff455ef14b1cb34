def count(x):
    return x + 1


def label(x):
    return "n=" + str(x)


fns = [count, label]  # (a list value: one call site calls either; a list display in the for
for fn in fns:        # statement itself is written out per element, each copy its own call)
    print(fn(3))
