# a decorator's statements run once when it decorates: a return among them is not compiled
def maybe(f):
    if f.__name__ == "skip":
        return f

    def wrapper(x):
        return f(x)

    return wrapper


@maybe
def twice(x):
    return 2 * x


print(twice(3))
