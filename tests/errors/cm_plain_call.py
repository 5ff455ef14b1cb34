import contextlib


@contextlib.contextmanager
def timer():
    yield


timer()
