import contextlib


@contextlib.contextmanager
def timer(m):
    yield


with timer('a'), timer('b'):
    print(1)
