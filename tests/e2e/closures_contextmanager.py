import contextlib
import time

import cupy as cp


@contextlib.contextmanager
def timer(message):
    cp.cuda.Device().synchronize()
    start = time.perf_counter()
    print('enter', message)
    yield
    cp.cuda.Device().synchronize()
    elapsed = time.perf_counter() - start
    print('exit', message, elapsed >= 0.0)


@contextlib.contextmanager
def scaled(x, k):
    y = x * k
    yield y
    print('scaled sum', float(y.sum()))


def black_scholes(xp, s, x, t, r, v):
    sqrt_t = xp.sqrt(t)
    d1 = (xp.log(s / x) + (r + v * v / 2) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t

    def cnd(x):
        k = 1 / (1 + 0.2316419 * xp.abs(x))
        c = 0.39894228 * xp.exp(-x * x / 2) * (k * (0.31938153 + k * -0.356563782))
        return xp.where(x > 0, 1 - c, c)

    exp_rt = xp.exp(-r * t)
    call = s * cnd(d1) - x * exp_rt * cnd(d2)
    return call, cnd(d2)


def main():
    n = 5
    base = cp.arange(n, dtype=cp.float64)

    def shifted(m, M):
        return (m + (M - m) * base / n).astype(cp.float32)

    def total(a):
        return float(a.sum()) + n

    with timer('first'):
        a = shifted(1, 3)
        print(a)
    n = 10
    b = shifted(0.5, 2.5)
    print(b, total(b))

    @contextlib.contextmanager
    def section(name):
        print('begin', name, n)
        yield
        print('end', name)

    with section('inner'):
        with scaled(base, 2.0) as y:
            print(y)
            for i in range(3):
                if i == 1:
                    continue
                print('i', i)
    return n


with timer('module'):
    s = cp.linspace(5.0, 30.0, 4)
    x = cp.linspace(1.0, 100.0, 4)
    t = cp.linspace(0.25, 10.0, 4)
    call, c2 = black_scholes(cp, s, x, t, 0.02, 0.3)
    print(call)
    print(c2)
print(main())
