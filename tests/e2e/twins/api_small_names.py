# NumPy twin of e2e/api_small_names.py (CuPy-only API: cupy.random's BitGenerators, Generator and
# RandomState objects, CUDA streams and events, and cupyx.time.repeat): the same isinstance
# answers on stand-in classes, the same benchmark statistics' shapes, NumPy's own as_strided
# and format_float_positional (CuPy's are NumPy's), and CuPy's memoize and clear_memo written
# out (cupy/_util.pyx); x.flat for cupy.flatiter(x); x itself for cupy.from_dlpack(x).
import time

import numpy as np


class BitGenerator:
    pass


class XORWOW(BitGenerator):
    pass


class MRG32k3a(BitGenerator):
    pass


class Generator:
    pass


class RandomState:
    pass


class Stream:
    pass


class Event:
    pass


class _PerfCaseResult:
    def __init__(self, name, n):
        self.name = name
        self.cpu_times = np.ones((n,))
        self.gpu_times = np.ones((1, n))

    def to_str(self):
        return f"{self.name:<20s}:    CPU: 1.0 us   +/- 0.0 (min: 1.0 / max: 1.0) us"


def repeat(func, args=(), n_repeat=10000, name=None, n_warmup=10):
    for _ in range(n_warmup):
        func(*args)
    for _ in range(n_repeat):
        t = time.perf_counter()
        func(*args)
        assert time.perf_counter() >= t
    return _PerfCaseResult(func.__name__ if name is None else name, n_repeat)


bg = XORWOW()
g = Generator()
print(isinstance(bg, BitGenerator), isinstance(MRG32k3a(), BitGenerator))
print(isinstance(g, BitGenerator), isinstance(g, Generator), isinstance(bg, Generator))
print(isinstance(RandomState(), (BitGenerator, RandomState)), isinstance(1.5, BitGenerator))
print(isinstance(Stream(), Stream), isinstance(Event(), Generator), isinstance(np.zeros(2), Event))


def f(a, b):
    return 3 * np.sin(-a) * b


x = np.linspace(0.0, 1.0, 64)
res = repeat(f, (x, x), n_repeat=7, n_warmup=1)
print(res.name, res.cpu_times.shape, res.gpu_times.shape, bool((res.cpu_times > 0).all()))
res2 = repeat(np.sum, (x,), n_repeat=3, name="total")
print(res2.name, res2.cpu_times.size, len(res2.to_str()) > 20)

cp = np

# lib.stride_tricks.as_strided: views with given shapes and byte strides
from numpy.lib.stride_tricks import as_strided

x = cp.arange(12, dtype=cp.float64)
w = cp.lib.stride_tricks.as_strided(x, shape=(10, 3), strides=(8, 8))
print(w.sum(axis=1), w.shape, w.strides)
m = x.reshape(3, 4)
print(as_strided(m, shape=(4, 3), strides=(8, 32)), as_strided(m, (3,), (40,)))
b = as_strided(cp.array([1, 2, 3], dtype=cp.int32), shape=(2, 3), strides=(0, 4))
print(b, b.dtype, as_strided(m).shape, as_strided(m, strides=(16, 8)).tolist())
z = cp.zeros(6)
v = as_strided(z, shape=(3,), strides=(16,))
v[...] = 7.0
v += cp.arange(3.0)
print(z, as_strided(x[::-1], shape=(3,), strides=(-16,)), as_strided(x[2:], shape=(2, 2), strides=(24, 8)))
n = int(x.size) // 4
print(as_strided(x, shape=(n, 2), strides=(32, 8)), as_strided(x, shape=(0, 3), strides=(8, 8)).shape)
print(as_strided(x, shape=(), strides=()), cp.mean(as_strided(m, shape=(2, 2, 2), strides=(32, 8, 16)), axis=2))


# cupy.memoize and cupy.clear_memo: a cache by arguments, as CuPy's
def memoize(for_each_device=False):
    def decorator(f):
        memo = {}
        _memos.append(memo)

        def ret(*args, **kwargs):
            key = (args, frozenset(kwargs.items()))
            if key not in memo:
                memo[key] = f(*args, **kwargs)
            return memo[key]

        return ret

    return decorator


def clear_memo():
    for memo in _memos:
        memo.clear()


_memos = []


@memoize(for_each_device=True)
def squares(n):
    return cp.arange(n) ** 2


@memoize()
def scaled(k, s=2.0):
    return k * s


print(squares(4), int(squares(5).sum()), scaled(3), scaled(3, s=0.5), clear_memo())

# cupy.format_float_positional: NumPy's Dragon4 positional form
from numpy import format_float_positional as ffp

print(cp.format_float_positional(1.0), ffp(0.1), ffp(-0.0), ffp(1e20), ffp(2.0 ** 70), len(ffp(5e-324)), ffp(float("nan")), ffp(-float("inf")), ffp(float("inf"), sign=True))
print(ffp(0.1, 20, False), ffp(1.0, 3, False), ffp(1.0, 3), ffp(123.456, 2, True, False), ffp(1.25, 1), ffp(0.000123, 2), ffp(9.9999, 2), ffp(0.5, 0, False))
print(ffp(1.0, trim="0"), ffp(1.0, trim="-"), ffp(1.5, 3, False, trim="."), ffp(0.000123, 2, trim="-"), ffp(100.0, trim="0"), ffp(0.1, 2, False, False))
print(repr(ffp(3.14159, sign=True, pad_left=4, pad_right=6)), repr(ffp(1.0, pad_right=3, trim="-")), repr(ffp(-3.0, pad_left=3, trim="-")))
print(ffp(1.0, min_digits=3), ffp(0.1, min_digits=20), ffp(0.95, min_digits=4, fractional=False), ffp(0.1, precision=3, min_digits=2), ffp(0.5, min_digits=4, fractional=False))
print(ffp(cp.float32(0.1)), ffp(cp.float32(3.14159), precision=10, unique=False), ffp(cp.array(2.5, dtype=cp.float16)), ffp(cp.float16(65504.0)), ffp(7), ffp(True))
n = int(cp.arange(4).sum())
print(ffp(cp.pi, precision=n), ffp(cp.array([2.0 / 3.0]), precision=n - 3, unique=False), ffp(1.5, sign=n > 0), ffp(cp.float32(0.1), min_digits=n + 6))

# cupy.flatiter(a) is a.flat (NumPy's flatiter cannot be made by calling it)
fa = np.arange(6.0).reshape(2, 3)
fa.T.flat[1:3] = np.array([-1.0])
print(fa, fa.flat[4], len(fa.T.flat), fa.flat[np.array([5, 0])])
print([float(v) for v in fa[:, 1].flat])

# cupy.from_dlpack(x) shares x's memory and is writable (NumPy's from_dlpack is read-only)
dx = np.arange(4.0)
dy = dx
dy[1] = -7.0
print(dx, dy.dtype, np.from_dlpack(np.ones((2, 2), dtype=np.int32)) + 1)
