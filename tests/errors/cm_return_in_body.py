import contextlib


@contextlib.contextmanager
def timer():
    yield
    print('done')


def f(x):
    with timer():
        return x + 1


print(f(2))
