# sorted(key=f): f returns a number, a str or a tuple of them
def box(x):
    return [x]


print(sorted([3, 1, 2], key=box))
