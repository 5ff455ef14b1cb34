import cupy as cp


def traced(f):
    def wrapper(x):
        return f(x)

    return wrapper


@cp.fuse()
@traced
def inc(x):
    return x + 1


print(inc(cp.arange(3)))
