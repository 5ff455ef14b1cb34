import contextlib


@contextlib.contextmanager
def twice():
    yield
    yield


with twice():
    print(1)
