/*
 * rkdist.cuh — NumPy's legacy samplers (randomkit's rk_* of numpy/random/mtrand/distributions.c)
 * as CuPy runs them on the device, for both of CuPy's random APIs: the legacy RandomState's
 * per-element kernels (random.cu: a randomkit state seeded from seed + i) and the Generator's
 * per-thread cuRAND states (cpgen.cu).
 *
 * Every sampler is a template over its state S and draws only through two primitives:
 * rk_double(S &) (a uniform double in [0, 1)) and rk_normal(S &) (a standard normal).  For a
 * cuRAND state they are CuPy's Generator's (curand_uniform_double with 1 mapped to 0,
 * curand_normal_double); random.cu overloads them for its randomkit state (rk_double's 53-bit
 * doubles of xorshift128 words, the polar method's Gaussian pairs).
 *
 * Invariants: each sampler makes its draws in CuPy's order (where C leaves an expression's
 * operands unsequenced, CuPy's compiler draws the left one first, and so do these, as separate
 * statements); they compute in double, the types CuPy's code uses (int for binomial's n and
 * its BTPE's m, y, k, i; 64-bit integers for the counts), so that with the same draws the
 * numbers are CuPy's.  Negative gamma shapes give 0 (CuPy's Generator; its legacy kernel does
 * not define them either).
 */
#ifndef GPYC_RKDIST_CUH
#define GPYC_RKDIST_CUH

#include <curand_kernel.h>
#include <math.h>
#include <stdint.h>

/* ---------------------------------------------------------------- cuRAND states' primitives */

/* curand's (0, 1] mapped to [0, 1) by 1 → 0 (CuPy's Generator's rk_double) */
template <typename S> __device__ double rk_double(S &s)
{
    double r = curand_uniform_double(&s);
    return r >= 1.0 ? 0.0 : r;
}

template <typename S> __device__ double rk_normal(S &s) { return curand_normal_double(&s); }

/* ---------------------------------------------------------------- continuous */

template <typename S> __device__ double rk_exponential(S &s) { return -log(1.0 - rk_double(s)); }

/* Marsaglia and Tsang for shape >= 1, Johnk-like rejection below */
template <typename S> __device__ double rk_gamma(S &s, double shape)
{
    if (shape == 1.0) return rk_exponential(s);
    if (shape < 0.0) return 0.0;
    if (shape < 1.0) {
        for (;;) {
            double U = rk_double(s);
            double V = rk_exponential(s);
            if (U <= 1.0 - shape) {
                double X = pow(U, 1. / shape);
                if (X <= V) return X;
            } else {
                double Y = -log((1 - U) / shape);
                double X = pow(1.0 - shape + shape * Y, 1. / shape);
                if (X <= (V + Y)) return X;
            }
        }
    }
    double b = shape - 1. / 3., c = 1. / sqrt(9 * b);
    for (;;) {
        double X, V;
        do {
            X = rk_normal(s);
            V = 1.0 + c * X;
        } while (V <= 0.0);
        V = V * V * V;
        double U = rk_double(s);
        if (U < 1.0 - 0.0331 * (X * X) * (X * X)) return (b * V);
        if (log(U) < 0.5 * X * X + b * (1. - V + log(V))) return (b * V);
    }
}

/* Johnk's algorithm when a, b <= 1 (logs when X + Y underflows), else two gammas */
template <typename S> __device__ double rk_beta(S &s, double a, double b)
{
    if (!(a <= 1.0 && b <= 1.0)) {
        double Ga = rk_gamma(s, a);
        double Gb = rk_gamma(s, b);
        return Ga / (Ga + Gb);
    }
    for (;;) {
        double U = rk_double(s);
        double V = rk_double(s);
        double X = pow(U, 1.0 / a), Y = pow(V, 1.0 / b);
        if ((X + Y) <= 1.0) {
            if (X + Y > 0) return X / (X + Y);
            double logX = log(U) / a, logY = log(V) / b;
            double logM = logX > logY ? logX : logY;
            logX -= logM;
            logY -= logM;
            return exp(logX - log(exp(logX) + exp(logY)));
        }
    }
}

template <typename S> __device__ double rk_chisquare(S &s, double df) { return 2.0 * rk_gamma(s, df / 2.0); }

template <typename S> __device__ double rk_f(S &s, double dfnum, double dfden)
{
    double num = rk_chisquare(s, dfnum) * dfden;
    return num / (rk_chisquare(s, dfden) * dfnum);
}

template <typename S> __device__ double rk_standard_t(S &s, double df)
{
    double N = rk_normal(s);
    double G = rk_gamma(s, df / 2);
    return sqrt(df / 2) * N / sqrt(G);
}

template <typename S> __device__ int64_t rk_poisson(S &s, double lam);

template <typename S> __device__ double rk_noncentral_chisquare(S &s, double df, double nonc)
{
    if (nonc == 0) return rk_chisquare(s, df);
    if (1 < df) {
        const double Chi2 = rk_chisquare(s, df - 1);
        const double N = rk_normal(s) + sqrt(nonc);
        return Chi2 + N * N;
    }
    const long i = (long)rk_poisson(s, nonc / 2.0);
    return rk_chisquare(s, df + 2 * i);
}

template <typename S> __device__ double rk_noncentral_f(S &s, double dfnum, double dfden, double nonc)
{
    double t = rk_noncentral_chisquare(s, dfnum, nonc) * dfden;
    return t / (rk_chisquare(s, dfden) * dfnum);
}

/* von Mises: Best and Fisher's rejection, the angle folded into [-pi, pi) */
template <typename S> __device__ double rk_vonmises(S &s, double mu, double kappa)
{
    if (kappa < 1e-8) return M_PI * (2 * rk_double(s) - 1);
    double sc;
    if (kappa < 1e-5) {
        sc = (1. / kappa + kappa);
    } else {
        double r = 1 + sqrt(1 + 4 * kappa * kappa);
        double rho = (r - sqrt(2 * r)) / (2 * kappa);
        sc = (1 + rho * rho) / (2 * rho);
    }
    double W;
    for (;;) {
        double U = rk_double(s);
        double Z = cos(M_PI * U);
        W = (1 + sc * Z) / (sc + Z);
        double Y = kappa * (sc - W);
        double V = rk_double(s);
        if ((Y * (2 - Y) - V >= 0) || (log(Y / V) + 1 - Y >= 0)) break;
    }
    double U = rk_double(s);
    double result = acos(W);
    if (U < 0.5) result = -result;
    result += mu;
    bool neg = result < 0;
    double mod = fabs(result);
    mod = (fmod(mod + M_PI, 2 * M_PI) - M_PI);
    if (neg) mod *= -1;
    return mod;
}

/* ---------------------------------------------------------------- discrete */

/* log(Gamma(x)): Stirling's series of ten terms at x + n >= 7, shifted back by n factors */
__device__ inline double rk_loggam(double x)
{
    const double a[10] = { 8.333333333333333e-02,  -2.777777777777778e-03, 7.936507936507937e-04,
                           -5.952380952380952e-04, 8.417508417508418e-04,  -1.917526917526918e-03,
                           6.410256410256410e-03,  -2.955065359477124e-02, 1.796443723688307e-01,
                           -1.39243221690590e+00 };
    double x0 = x;
    long n = 0;
    if (x == 1.0 || x == 2.0) return 0.0;
    if (x <= 7.0) {
        n = (long)(7 - x);
        x0 = x + n;
    }
    double x2 = 1.0 / (x0 * x0), xp = 2 * M_PI, gl0 = a[9];
    for (int k = 8; k >= 0; k--) {
        gl0 *= x2;
        gl0 += a[k];
    }
    double gl = gl0 / x0 + 0.5 * log(xp) + (x0 - 0.5) * log(x0) - x0;
    if (x <= 7.0)
        for (long k = 1; k <= n; k++) {
            gl -= log(x0 - 1.0);
            x0 -= 1.0;
        }
    return gl;
}

/* Poisson: products of uniforms below 10, Hormann's PTRS transformed rejection from 10 */
template <typename S> __device__ int64_t rk_poisson(S &s, double lam)
{
    if (!(lam >= 10)) { /* NaN draws here, as in CuPy */
        if (lam == 0) return 0;
        double enlam = exp(-lam), prod = 1.0;
        int64_t X = 0;
        for (;;) {
            prod *= rk_double(s);
            if (prod > enlam)
                X += 1;
            else
                return X;
        }
    }
    double slam = sqrt(lam), loglam = log(lam);
    double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
        double U = rk_double(s) - 0.5;
        double V = rk_double(s);
        double us = 0.5 - fabs(U);
        int64_t k = (int64_t)floor((2 * a / us + b) * U + lam + 0.43);
        if ((us >= 0.07) && (V <= vr)) return k;
        if ((k < 0) || ((us < 0.013) && (V > us))) continue;
        if ((log(V) + log(invalpha) - log(a / (us * us) + b)) <= (-lam + k * loglam - rk_loggam(k + 1)))
            return k;
    }
}

/* geometric: a sequential search for p >= 1/3, inversion below */
template <typename S> __device__ int64_t rk_geometric(S &s, double p)
{
    if (p >= 0.333333333333333333333333) {
        double U = rk_double(s), sum = p, prod = p, q = 1.0 - p;
        int64_t X = 1;
        while (U > sum) {
            prod *= q;
            sum += prod;
            X++;
        }
        return X;
    }
    return (int64_t)ceil(log(1.0 - rk_double(s)) / log(1.0 - p));
}

/* binomial by inversion (n * min(p, q) <= 30) */
template <typename S> __device__ int64_t rk_binomial_inversion(S &s, int n, double p)
{
    double q = 1.0 - p, qn = exp(n * log(q)), np = n * p;
    int bound = (int)fmin((double)n, np + 10.0 * sqrt(np * q + 1));
    int X = 0;
    double px = qn, U = rk_double(s);
    while (U > px) {
        X++;
        if (X > bound) {
            X = 0;
            px = qn;
            U = rk_double(s);
        } else {
            U -= px;
            px = ((n - X + 1) * p * px) / (X * q);
        }
    }
    return X;
}

/* The BTPE's acceptance test of y against the Stirling-corrected bound (Step 52) for
 * k = |y - m| in (20, nrq / 2 - 1): 1 accept, -1 reject, 0 undecided by the squeeze. */
__device__ inline bool rk_btpe_accept(double v, int y, int m, long n, double r, double q, double xm,
                                      double nrq)
{
    int k = abs(y - m);
    double rho = (k / (nrq)) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    double t = -k * k / (2 * nrq);
    double A = log(v);
    if (A < (t - rho)) return true;
    if (A > (t + rho)) return false;
    double x1 = y + 1, f1 = m + 1, z = n + 1 - m, w = n - y + 1;
    double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    return !(A > (xm * log(f1 / x1) + (n - m + 0.5) * log(z / w) + (y - m) * log(w * r / (x1 * q)) +
                  (13680. - (462. - (132. - (99. - 140. / f2) / f2) / f2) / f2) / f1 / 166320. +
                  (13680. - (462. - (132. - (99. - 140. / z2) / z2) / z2) / z2) / z / 166320. +
                  (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x1 / 166320. +
                  (13680. - (462. - (132. - (99. - 140. / w2) / w2) / w2) / w2) / w / 166320.));
}

/* binomial by Kachitvichyanukul and Schmeiser's BTPE (n * min(p, q) > 30) */
template <typename S> __device__ int64_t rk_binomial_btpe(S &s, long n, double p)
{
    double r = fmin(p, 1.0 - p), q = 1.0 - r, fm = n * r + r;
    int m = (int)(long)floor(fm);
    double p1 = floor(2.195 * sqrt(n * r * q) - 4.6 * q) + 0.5;
    double xm = m + 0.5, xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + m);
    double a = (fm - xl) / (fm - xl * r), laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    double lamr = a * (1.0 + a / 2.0);
    double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    int y;
    for (;;) {
        double nrq = n * r * q;
        double u = rk_double(s) * p4;
        double v = rk_double(s);
        if (u <= p1) {
            y = (int)(long)floor(xm - p1 * v + u);
            break;
        }
        if (u <= p2) {
            double x = xl + (u - p1) / c;
            v = v * c + 1.0 - fabs(m - x + 0.5) / p1;
            if (v > 1.0) continue;
            y = (int)(long)floor(x);
        } else if (u <= p3) {
            y = (int)(long)floor(xl + log(v) / laml);
            if (y < 0) continue;
            v = v * (u - p2) * laml;
        } else {
            y = (int)(long)floor(xr - log(v) / lamr);
            if (y > n) continue;
            v = v * (u - p3) * lamr;
        }
        int k = abs(y - m);
        if ((k > 20) && (k < ((nrq) / 2.0 - 1))) {
            if (rk_btpe_accept(v, y, m, n, r, q, xm, nrq)) break;
            continue;
        }
        double sr = r / q, aa = sr * (n + 1), F = 1.0;
        if (m < y)
            for (int i = m + 1; i <= y; i++) F *= (aa / i - sr);
        else if (m > y)
            for (int i = y + 1; i <= m; i++) F /= (aa / i - sr);
        if (v <= F) break;
    }
    if (p > 0.5) y = n - y;
    return y;
}

template <typename S> __device__ int64_t rk_binomial(S &s, int n, double p)
{
    if (p <= 0.5) return p * n <= 30.0 ? rk_binomial_inversion(s, n, p) : rk_binomial_btpe(s, n, p);
    double q = 1.0 - p;
    return n - (q * n <= 30.0 ? rk_binomial_inversion(s, n, q) : rk_binomial_btpe(s, n, q));
}

/* hypergeometric by sequential draws (HYP), for small samples */
template <typename S>
__device__ int64_t rk_hypergeometric_hyp(S &s, int64_t good, int64_t bad, int64_t sample)
{
    int64_t d1 = bad + good - sample, K = sample;
    double d2 = (double)(bad < good ? bad : good), Y = d2;
    while (Y > 0.0) {
        double U = rk_double(s);
        Y -= (int64_t)floor(U + Y / (d1 + K));
        K--;
        if (K == 0) break;
    }
    int64_t Z = (int64_t)(d2 - Y);
    if (good > bad) Z = sample - Z;
    return Z;
}

/* hypergeometric by ratio of uniforms (HRUA*, with Ivan Frohne's two corrections) */
template <typename S>
__device__ int64_t rk_hypergeometric_hrua(S &s, int64_t good, int64_t bad, int64_t sample)
{
    const double D1 = 1.7155277699214135, D2 = 0.8989161620588988;
    int64_t mingoodbad = good < bad ? good : bad, maxgoodbad = good > bad ? good : bad;
    int64_t popsize = good + bad, m = sample < popsize - sample ? sample : popsize - sample;
    double d4 = ((double)mingoodbad) / popsize, d5 = 1.0 - d4, d6 = m * d4 + 0.5;
    double d7 = sqrt((double)(popsize - m) * sample * d4 * d5 / (popsize - 1) + 0.5);
    double d8 = D1 * d7 + D2;
    int64_t d9 = (int64_t)floor((double)(m + 1) * (mingoodbad + 1) / (popsize + 2));
    double d10 = (rk_loggam(d9 + 1) + rk_loggam(mingoodbad - d9 + 1) + rk_loggam(m - d9 + 1) +
                  rk_loggam(maxgoodbad - m + d9 + 1));
    double d11 = fmin((m < mingoodbad ? m : mingoodbad) + 1.0, floor(d6 + 16 * d7));
    int64_t Z;
    for (;;) {
        double X = rk_double(s);
        double Y = rk_double(s);
        double W = d6 + d8 * (Y - 0.5) / X;
        if ((W < 0.0) || (W >= d11)) continue;
        Z = (int64_t)floor(W);
        double T = d10 - (rk_loggam(Z + 1) + rk_loggam(mingoodbad - Z + 1) + rk_loggam(m - Z + 1) +
                          rk_loggam(maxgoodbad - m + Z + 1));
        if ((X * (4.0 - X) - 3.0) <= T) break;
        if (X * (X - T) >= 1) continue;
        if (2.0 * log(X) <= T) break;
    }
    if (good > bad) Z = m - Z;
    if (m < sample) Z = good - Z;
    return Z;
}

template <typename S> __device__ int64_t rk_hypergeometric(S &s, int64_t good, int64_t bad, int64_t sample)
{
    if (sample <= 0) return 0;
    if ((sample > 10) && (sample <= good + bad - 10)) return rk_hypergeometric_hrua(s, good, bad, sample);
    return rk_hypergeometric_hyp(s, good, bad, sample);
}

/* logarithmic series: Kemp's second accelerated generator */
template <typename S> __device__ int64_t rk_logseries(S &s, double p)
{
    double r = log(1.0 - p);
    for (;;) {
        double V = rk_double(s);
        if (V >= p) return 1;
        double U = rk_double(s);
        double q = 1.0 - exp(r * U);
        if (V <= q * q) {
            int64_t result = (int64_t)floor(1 + log(V) / log(q));
            if (result < 1) continue;
            return result;
        }
        return V >= q ? 1 : 2;
    }
}

/* Zipf: Devroye's rejection */
template <typename S> __device__ int64_t rk_zipf(S &s, double a)
{
    double am1 = a - 1.0, b = pow(2.0, am1);
    for (;;) {
        double U = 1.0 - rk_double(s);
        double V = rk_double(s);
        double X = floor(pow(U, -1.0 / am1));
        if (X < 1.0) continue;
        double T = pow(1.0 + 1.0 / X, am1);
        if (V * X * (T - 1.0) / (b - 1.0) <= T / b) return (int64_t)X;
    }
}

#endif
