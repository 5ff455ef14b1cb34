# sorted(key=f): f returns a number or a str
def pair(x):
    return (x, -x)


print(sorted([3, 1, 2], key=pair))
