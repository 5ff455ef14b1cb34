import contextlib


@contextlib.contextmanager
def early(flag):
    if flag:
        return
    yield


with early(True):
    print(1)
