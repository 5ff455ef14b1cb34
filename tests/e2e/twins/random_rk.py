# NumPy twin of e2e/random_rk.py (CuPy-only API: the dtype= keywords of CuPy's RandomState,
# set_random_state/get_random_state, the cupy Generator's binomial, hypergeometric and
# logseries): the same statistics of NumPy's own generators (legacy RandomState, default_rng),
# through a small namespace `cp` that maps those calls onto NumPy's.
import numpy as np


class _State:
    """A RandomState whose distributions take CuPy's dtype= keyword (the sample cast to it)."""

    def __init__(self, seed=None):
        self._r = np.random.RandomState(seed)

    def seed(self, s):
        self._r.seed(s)

    def __getattr__(self, name):
        f = getattr(self._r, name)

        def draw(*args, dtype=None, **kw):
            y = np.asarray(f(*args, **kw))
            return y if dtype is None else y.astype(dtype)

        return draw


class _Random:
    """cupy.random: module functions drawing from the state set_random_state set."""

    RandomState = _State

    def __init__(self):
        self._g = _State(0)

    def seed(self, s):
        self._g.seed(s)

    def get_random_state(self):
        return self._g

    def set_random_state(self, rs):
        self._g = rs

    def default_rng(self, seed):
        return np.random.default_rng(seed)

    def __getattr__(self, name):
        return getattr(self._g, name)


class _Cp:
    """cupy: NumPy's names, with the random module above."""

    random = _Random()

    def __getattr__(self, name):
        return getattr(np, name)


cp = _Cp()
N = 200000


def near(x, mean, var):
    m = float(x.mean())
    return abs(m - mean) < 6.0 * (var / N) ** 0.5


def near2(x, mean, var, kurt):
    v = float(x.var())
    return near(x, mean, var), abs(v - var) < 6.0 * var * ((kurt - 1.0) / N) ** 0.5


cp.random.seed(3)
b = cp.random.beta(2.0, 3.0, size=N)
print(b.dtype, bool(cp.all((b > 0) & (b < 1))), near2(b, 0.4, 0.04, 2.4))
print(cp.random.beta(0.5, 0.5, size=3, dtype=cp.float32).dtype, near(cp.random.beta(0.5, 0.5, size=N), 0.5, 0.125))
bi = cp.random.binomial(10, 0.3, size=N)
print(bi.dtype, int(bi.min()) >= 0, int(bi.max()) <= 10, near2(bi, 3.0, 2.1, 2.81))
print(near2(cp.random.binomial(1000, 0.4, size=N), 400.0, 240.0, 3.0), near(cp.random.binomial(40, 0.9, size=N), 36.0, 3.6))
print(cp.random.binomial(cp.array([5, 200]), 0.5).shape, cp.random.binomial(5, 0.5, size=(2, 3), dtype=cp.int32).dtype)
c2 = cp.random.chisquare(4.0, size=N)
print(c2.dtype, bool(cp.all(c2 > 0)), near2(c2, 4.0, 8.0, 6.0))
d = cp.random.dirichlet([1.0, 2.0, 3.0], size=N)
print(d.shape, bool(cp.all(cp.abs(d.sum(axis=1) - 1.0) < 1e-12)), near(d[:, 0], 1 / 6, 5 / 252), near(d[:, 2], 0.5, 3 / 84))
print(cp.random.dirichlet(cp.ones(4)).shape, cp.random.dirichlet([2.0, 2.0], size=(2, 3)).shape)
print(near(cp.random.f(5.0, 10.0, size=N), 1.25, 2600 / 1920))
g = cp.random.gamma(2.0, 3.0, size=N)
print(g.dtype, near2(g, 6.0, 18.0, 6.0), near2(cp.random.standard_gamma(0.5, size=N), 0.5, 0.5, 15.0))
print(cp.random.gamma(cp.array([1.0, 2.0]), cp.array([[1.0], [2.0]])).shape, cp.random.standard_gamma(2.0, size=2, dtype=cp.float32).dtype)
ge = cp.random.geometric(0.3, size=N)
print(ge.dtype, int(ge.min()) >= 1, near2(ge, 1 / 0.3, 0.7 / 0.09, 9.0), near(cp.random.geometric(0.05, size=N), 20.0, 380.0))
h = cp.random.hypergeometric(10, 5, 6, size=N)
print(h.dtype, int(h.min()) >= 1, int(h.max()) <= 6, near(h, 4.0, 6 * (2 / 3) * (1 / 3) * (9 / 14)))
print(near(cp.random.hypergeometric(100, 200, 50, size=N), 50 / 3, 50 * (2 / 9) * (250 / 299)))
lo = cp.random.logistic(1.0, 2.0, size=N)
print(lo.dtype, near2(lo, 1.0, 4.0 * 3.141592653589793 ** 2 / 3, 4.2), cp.random.logistic(size=2, dtype=cp.float32).dtype)
ls = cp.random.logseries(0.5, size=N)
print(ls.dtype, int(ls.min()) >= 1, near(ls, 1.4426950408889634, 0.8040211007747))
nb = cp.random.negative_binomial(5, 0.5, size=N)
print(nb.dtype, int(nb.min()) >= 0, near2(nb, 5.0, 10.0, 4.3))
print(near2(cp.random.noncentral_chisquare(3.0, 2.0, size=N), 5.0, 14.0, 3 + 132 / 49), near(cp.random.noncentral_chisquare(0.5, 1.0, size=N), 1.5, 5.0))
print(near(cp.random.noncentral_f(3.0, 10.0, 2.0, size=N), 50 / 24, 4.0))
p = cp.random.poisson(4.0, size=N)
print(p.dtype, int(p.min()) >= 0, near2(p, 4.0, 4.0, 3.25), near2(cp.random.poisson(50.0, size=N), 50.0, 50.0, 3.02))
print(cp.random.poisson(cp.array([1.0, 2.0, 3.0])).shape, cp.random.poisson().shape, cp.random.poisson(0.0, size=3).tolist())
print(near2(cp.random.standard_t(5.0, size=N), 0.0, 5 / 3, 9.0))
v = cp.random.vonmises(0.5, 2.0, size=N)
print(bool(cp.all(cp.abs(v) <= 3.141592653589793)), near(cp.cos(v - 0.5), 0.697775, 0.2))
z = cp.random.zipf(2.5, size=N)
print(z.dtype, int(z.min()) >= 1, near(z == 1, 0.7454, 0.19))
cp.random.seed(9)
x1 = cp.random.poisson(3.0, size=5)
x2 = cp.random.poisson(3.0, size=5)
cp.random.seed(9)
x3 = cp.random.poisson(3.0, size=5)
print(bool(cp.all(x1 == x3)), bool(cp.any(x1 != x2)))
rs = cp.random.RandomState(5)
a = rs.binomial(20, 0.5, size=8)
rs2 = cp.random.RandomState(5)
cp.random.set_random_state(rs2)
print(bool(cp.all(cp.random.binomial(20, 0.5, size=8) == a)), bool(cp.all(cp.random.get_random_state().gamma(2.0, size=3) > 0)))
print(near(rs.vonmises(0.0, 4.0, size=N), 0.0, 0.3), near(rs.standard_t(30.0, size=N), 0.0, 30 / 28))
print(rs.logistic(size=3).shape, rs.multivariate_normal([0.0, 0.0], cp.eye(2), size=2).shape, rs.negative_binomial(3, 0.5, size=2).dtype)
print(rs.noncentral_chisquare(2.0, 1.0, size=2).shape, rs.noncentral_f(2.0, 3.0, 1.0).shape, rs.zipf(3.0, size=2).dtype)
cp.random.seed(12)
ch = cp.random.choice(4, size=N, p=cp.array([0.1, 0.2, 0.3, 0.4]))
print(ch.dtype, int(ch.min()) >= 0, int(ch.max()) <= 3, near(ch == 3, 0.4, 0.24), near(ch == 0, 0.1, 0.09))
m = cp.random.multinomial(10, [0.2, 0.3, 0.5], size=N)
print(m.shape, m.dtype, bool(cp.all(m.sum(axis=1) == 10)), near(m[:, 1], 3.0, 2.1), cp.random.multinomial(4, [0.5, 0.5]).shape)
mv = cp.random.multivariate_normal([0.0, 1.0], [[1.0, 0.5], [0.5, 2.0]], size=N)
print(mv.shape, near(mv[:, 1], 1.0, 2.0), near(mv[:, 0] * (mv[:, 1] - 1.0), 0.5, 2.25))
print(cp.random.multivariate_normal([0.0, 0.0, 0.0], cp.eye(3), size=(2, 2)).shape)
gen = cp.random.default_rng(7)
gb = gen.binomial(10, 0.5, size=N)
print(gb.dtype, near2(gb, 5.0, 2.5, 2.8), near(gen.binomial(cp.array([100, 100]), 0.3, size=(N, 2)), 30.0, 21.0))
gh = gen.hypergeometric(60, 40, 30, size=N)
print(gh.dtype, near(gh, 18.0, 30 * 0.6 * 0.4 * 70 / 99), near(gen.hypergeometric(5, 5, 3, size=N), 1.5, 3 * 0.25 * 7 / 9))
print(near(gen.logseries(0.5, size=N), 1.4426950408889634, 0.8040211007747))
