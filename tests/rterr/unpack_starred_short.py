# a starred target needs at least as many items as its other names
def f(xs):
    a, *b, c, d = xs
    return b


print(f([1, 2, 3]))
print(f([1, 2]))
