# NumPy twin of tests/e2e/ukernel_black_scholes.py: the kernel's formula written with cupy
# operations (as the program's own black_scholes), run by tests/oracle/run-numpy to produce
# ukernel_black_scholes.expected (tests/e2e/regen.sh).
import cupy as cp


def black_scholes(s, x, t, r, v):
    sqrt_t = cp.sqrt(t)
    d1 = (cp.log(s / x) + (r + v * v / 2) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    cnd_d1 = cnd(d1)
    cnd_d2 = cnd(d2)
    exp_rt = cp.exp(- r * t)
    call = s * cnd_d1 - x * exp_rt * cnd_d2
    put = x * exp_rt * (1 - cnd_d2) - s * (1 - cnd_d1)
    return call, put


def cnd(x):
    k = 1 / (1 + 0.2316419 * cp.abs(x))
    c = 0.39894228040143267793994605993438 * cp.exp(-x * x / 2) * \
        (k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))))
    return cp.where(x > 0, 1 - c, c)


n = 100000
stock = cp.linspace(5, 30, n)
strike = cp.linspace(1, 100, n)[::-1].copy()
years = cp.linspace(0.25, 10, n)
call1, put1 = black_scholes(stock, strike, years, 0.02, 0.3)
call2, put2 = black_scholes(stock, strike, years, 0.02, 0.3)
print(f'call {float(call1.sum()):.6e} put {float(put1.sum()):.6e}')
print(f'call {float(call2.sum()):.6e} put {float(put2.sum()):.6e}')
print(bool(cp.allclose(call1, call2)), bool(cp.allclose(put1, put2)))
