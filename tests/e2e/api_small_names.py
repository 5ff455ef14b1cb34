# Small names of CuPy's reference list: cupy.random.BitGenerator (the base class of XORWOW,
# MRG32k3a and Philox4x3210) in isinstance with the other object classes, cupyx.time.repeat
# (cupyx.profiler.benchmark's deprecated name), cupy.lib.stride_tricks.as_strided,
# cupy.memoize / cupy.clear_memo, cupy.format_float_positional, cupy.flatiter and
# cupy.from_dlpack.
import cupy as cp
import cupyx
import cupyx.time

bg = cp.random.XORWOW(5)
g = cp.random.default_rng(3)
print(isinstance(bg, cp.random.BitGenerator), isinstance(cp.random.MRG32k3a(1), cp.random.BitGenerator))
print(isinstance(g, cp.random.BitGenerator), isinstance(g, cp.random.Generator), isinstance(bg, cp.random.Generator))
print(isinstance(cp.random.RandomState(2), (cp.random.BitGenerator, cp.random.RandomState)), isinstance(1.5, cp.random.BitGenerator))
print(isinstance(cp.cuda.Stream(), cp.cuda.Stream), isinstance(cp.cuda.Event(), cp.random.Generator), isinstance(cp.zeros(2), cp.cuda.Event))


def f(a, b):
    return 3 * cp.sin(-a) * b


x = cp.linspace(0.0, 1.0, 64)
res = cupyx.time.repeat(f, (x, x), n_repeat=7, n_warmup=1)
print(res.name, res.cpu_times.shape, res.gpu_times.shape, bool((res.cpu_times > 0).all()))
res2 = cupyx.time.repeat(cp.sum, (x,), n_repeat=3, name="total")
print(res2.name, res2.cpu_times.size, len(res2.to_str()) > 20)

# lib.stride_tricks.as_strided: views with given shapes and byte strides
from cupy.lib.stride_tricks import as_strided

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


# cupy.memoize (gpyc runs the function at each call) and cupy.clear_memo
@cp.memoize(for_each_device=True)
def squares(n):
    return cp.arange(n) ** 2


@cp.memoize()
def scaled(k, s=2.0):
    return k * s


print(squares(4), int(squares(5).sum()), scaled(3), scaled(3, s=0.5), cp.clear_memo())

# cupy.format_float_positional: NumPy's Dragon4 positional form
from cupy import format_float_positional as ffp

print(cp.format_float_positional(1.0), ffp(0.1), ffp(-0.0), ffp(1e20), ffp(2.0 ** 70), len(ffp(5e-324)), ffp(float("nan")), ffp(-float("inf")), ffp(float("inf"), sign=True))
print(ffp(0.1, 20, False), ffp(1.0, 3, False), ffp(1.0, 3), ffp(123.456, 2, True, False), ffp(1.25, 1), ffp(0.000123, 2), ffp(9.9999, 2), ffp(0.5, 0, False))
print(ffp(1.0, trim="0"), ffp(1.0, trim="-"), ffp(1.5, 3, False, trim="."), ffp(0.000123, 2, trim="-"), ffp(100.0, trim="0"), ffp(0.1, 2, False, False))
print(repr(ffp(3.14159, sign=True, pad_left=4, pad_right=6)), repr(ffp(1.0, pad_right=3, trim="-")), repr(ffp(-3.0, pad_left=3, trim="-")))
print(ffp(1.0, min_digits=3), ffp(0.1, min_digits=20), ffp(0.95, min_digits=4, fractional=False), ffp(0.1, precision=3, min_digits=2), ffp(0.5, min_digits=4, fractional=False))
print(ffp(cp.float32(0.1)), ffp(cp.float32(3.14159), precision=10, unique=False), ffp(cp.array(2.5, dtype=cp.float16)), ffp(cp.float16(65504.0)), ffp(7), ffp(True))
n = int(cp.arange(4).sum())
print(ffp(cp.pi, precision=n), ffp(cp.array([2.0 / 3.0]), precision=n - 3, unique=False), ffp(1.5, sign=n > 0), ffp(cp.float32(0.1), min_digits=n + 6))

# cupy.flatiter(a): the iterator a.flat is (reads, stores into any view, iteration)
fa = cp.arange(6.0).reshape(2, 3)
cp.flatiter(fa.T)[1:3] = cp.array([-1.0])
print(fa, cp.flatiter(fa)[4], len(cp.flatiter(fa.T)), cp.flatiter(fa)[cp.array([5, 0])])
print([float(v) for v in cp.flatiter(fa[:, 1])])

# cupy.from_dlpack(x): an array sharing x's memory
dx = cp.arange(4.0)
dy = cp.from_dlpack(dx)
dy[1] = -7.0
print(dx, dy.dtype, cp.from_dlpack(cp.ones((2, 2), dtype=cp.int32)) + 1)
