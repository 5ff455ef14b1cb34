# a function compiled before a def of the same name keeps calling the first one: refused
def scale(x):
    return x * 10


def use():
    return scale(2)


print(use())


def scale(x):
    return x * 100


print(use())
