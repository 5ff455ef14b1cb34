# decorators defined in a helper module (for py_decorators.py)
import functools

calls = []


def counted(f):
    @functools.wraps(f)
    def wrapper(*args):
        calls.append(f.__name__)
        return f(*args)

    return wrapper


def scaled(k):
    def deco(f):
        def w(x):
            return k * f(x)

        return w

    return deco
