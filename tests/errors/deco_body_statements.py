def counted(f):
    print("decorating", f.__name__)

    def wrapper(x):
        return f(x)

    return wrapper


@counted
def twice(x):
    return 2 * x


print(twice(3))
