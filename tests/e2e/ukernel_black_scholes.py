# CuPy's Black-Scholes example kernel (../shared/external/cupy-examples/04_black_scholes.py):
# an ElementwiseKernel with two outputs and a preamble function over T, against the same
# formula written with cupy operations.  Expected output: twins/ukernel_black_scholes.py.
import cupy as cp

black_scholes_kernel = cp.ElementwiseKernel(
    'T s, T x, T t, T r, T v',  # Inputs
    'T call, T put',  # Outputs
    '''
    const T sqrt_t = sqrt(t);
    const T d1 = (log(s / x) + (r + v * v / 2) * t) / (v * sqrt_t);
    const T d2 = d1 - v * sqrt_t;

    const T cnd_d1 = get_cumulative_normal_distribution(d1);
    const T cnd_d2 = get_cumulative_normal_distribution(d2);

    const T exp_rt = exp(- r * t);
    call = s * cnd_d1 - x * exp_rt * cnd_d2;
    put = x * exp_rt * (1 - cnd_d2) - s * (1 - cnd_d1);
    ''',
    'black_scholes_kernel',
    preamble='''
    __device__
    inline T get_cumulative_normal_distribution(T x) {
        const T A1 = 0.31938153;
        const T A2 = -0.356563782;
        const T A3 = 1.781477937;
        const T A4 = -1.821255978;
        const T A5 = 1.330274429;
        const T RSQRT2PI = 0.39894228040143267793994605993438;
        const T W = 0.2316419;

        const T k = 1 / (1 + W * abs(x));
        T cnd = RSQRT2PI * exp(- x * x / 2) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
        if (x > 0) {
            cnd = 1 - cnd;
        }
        return cnd;
    }
    ''',
)


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
call2, put2 = black_scholes_kernel(stock, strike, years, 0.02, 0.3)
print(f'call {float(call1.sum()):.6e} put {float(put1.sum()):.6e}')
print(f'call {float(call2.sum()):.6e} put {float(put2.sum()):.6e}')
print(bool(cp.allclose(call1, call2)), bool(cp.allclose(put1, put2)))
