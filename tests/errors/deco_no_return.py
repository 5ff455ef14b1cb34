# a decorator ends with `return` of its wrapper or of the function
def noted(f):
    print("decorating", f.__name__)


@noted
def inc(x):
    return x + 1
