/*
 * gpyrt_device.cuh — what generated kernels (and the host code beside them) compute with: the
 * complex types, float16, one function per row of ops.def, casts between the 14 C
 * types, and the helpers of reduction kernels.  CUDA C++; included by every generated .cu file
 * after gpyrt.h.
 *
 * Invariants:
 *   - Every function is __host__ __device__: host code computing on Python scalars calls the
 *     same function as a kernel, so host and device agree bit for bit where the math library
 *     does (casts, integer ops, comparisons, rounding).
 *   - DEVICE_FN<CT>(args...) takes its operands already cast to CT (the computation C type)
 *     and implements NumPy's loop for that type.  Where NumPy has no loop for CT (floor_divide
 *     on complex ...), there is no overload and the call does not compile.
 *   - float16 (__half) computes in float and rounds once to half, as NumPy's half loops do.
 *   - Integer arithmetic wraps (done in the unsigned type: no undefined behaviour), division
 *     and modulo by zero give 0, shifts past the width give 0 or the sign (NumPy), and
 *     float→int casts saturate (NaN → 0) as the GPU's cvt does, on the host too.
 *
 * Layout: types and traits · math wrappers · implementations (gpi_*, overloaded per C type) ·
 * gp_cast · the public templates gp_<op><CT> (forwarders generated from ops.def) · creation
 * helpers · reductions (gpyrt_reduce.cuh) · host helpers of launches.
 */
#ifndef GPYRT_DEVICE_CUH
#define GPYRT_DEVICE_CUH

#include "gpyrt.h"
#include <cuda_fp16.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <float.h>
#include <math_constants.h> /* CUDART_INF ...: user kernels (a ReductionKernel's identity) */

#define GP_HD __host__ __device__ inline

/* ================================================================ types and traits */

struct gp_c64 { float re, im; };
struct gp_c128 { double re, im; };

/* The real type under a complex one (abs, real parts); others map to themselves. */
template<typename T> struct gp_real { typedef T type; };
template<> struct gp_real<gp_c64> { typedef float type; };
template<> struct gp_real<gp_c128> { typedef double type; };

/* The float type NumPy's FLOAT ufuncs (sqrt, exp ...) give for an input type:
 * bool/int8/uint8 → float16, int16/uint16 → float32, wider ints → float64. */
template<typename T> struct gp_float_of { typedef T type; };
template<> struct gp_float_of<bool> { typedef __half type; };
template<> struct gp_float_of<int8_t> { typedef __half type; };
template<> struct gp_float_of<uint8_t> { typedef __half type; };
template<> struct gp_float_of<int16_t> { typedef float type; };
template<> struct gp_float_of<uint16_t> { typedef float type; };
template<> struct gp_float_of<int32_t> { typedef double type; };
template<> struct gp_float_of<uint32_t> { typedef double type; };
template<> struct gp_float_of<int64_t> { typedef double type; };
template<> struct gp_float_of<uint64_t> { typedef double type; };

/* The unsigned type of the same width, for wrapping arithmetic. */
template<typename T> struct gp_uns { typedef T type; };
template<> struct gp_uns<int8_t> { typedef uint8_t type; };
template<> struct gp_uns<int16_t> { typedef uint16_t type; };
template<> struct gp_uns<int32_t> { typedef uint32_t type; };
template<> struct gp_uns<int64_t> { typedef uint64_t type; };

/* Limits of the 14 types (floats: ±inf), for saturating casts and reduction identities. */
template<typename T> struct gp_lim;
#define GP_LIM(T, LO, HI, SIGNED, INT)                                                     \
    template<> struct gp_lim<T> {                                                          \
        static GP_HD T lowest() { return LO; }                                             \
        static GP_HD T highest() { return HI; }                                            \
        enum { is_signed = SIGNED, is_int = INT };                                         \
    };
GP_LIM(bool, false, true, 0, 0)
GP_LIM(int8_t, INT8_MIN, INT8_MAX, 1, 1)
GP_LIM(int16_t, INT16_MIN, INT16_MAX, 1, 1)
GP_LIM(int32_t, INT32_MIN, INT32_MAX, 1, 1)
GP_LIM(int64_t, INT64_MIN, INT64_MAX, 1, 1)
GP_LIM(uint8_t, 0, UINT8_MAX, 0, 1)
GP_LIM(uint16_t, 0, UINT16_MAX, 0, 1)
GP_LIM(uint32_t, 0, UINT32_MAX, 0, 1)
GP_LIM(uint64_t, 0, UINT64_MAX, 0, 1)
GP_LIM(float, -HUGE_VALF, HUGE_VALF, 1, 0)
GP_LIM(double, -HUGE_VAL, HUGE_VAL, 1, 0)
GP_LIM(__half, __float2half_rn(-HUGE_VALF), __float2half_rn(HUGE_VALF), 1, 0)
GP_LIM(gp_c64, (gp_c64{-HUGE_VALF, -HUGE_VALF}), (gp_c64{HUGE_VALF, HUGE_VALF}), 1, 0)
GP_LIM(gp_c128, (gp_c128{-HUGE_VAL, -HUGE_VAL}), (gp_c128{HUGE_VAL, HUGE_VAL}), 1, 0)
#undef GP_LIM
template<typename T> GP_HD T gp_lowest() { return gp_lim<T>::lowest(); }
template<typename T> GP_HD T gp_highest() { return gp_lim<T>::highest(); }
/* a < 0, without a comparison the compiler calls pointless for unsigned types */
template<typename T, int S = gp_lim<T>::is_signed> struct gp_signp {
    static GP_HD bool neg(T a) { return a < (T)0; }
};
template<typename T> struct gp_signp<T, 0> {
    static GP_HD bool neg(T) { return false; }
};
template<typename T> GP_HD bool gp_isneg(T a) { return gp_signp<T>::neg(a); }

/* ================================================================ math wrappers
 * One overloaded name per libm function for float and double (sqrtf / sqrt ...), all of
 * which CUDA declares __host__ __device__.                                                  */
#define GPM1(name)                                                                         \
    GP_HD float gpm_##name(float x) { return name##f(x); }                                 \
    GP_HD double gpm_##name(double x) { return name(x); }
#define GPM2(name)                                                                         \
    GP_HD float gpm_##name(float x, float y) { return name##f(x, y); }                     \
    GP_HD double gpm_##name(double x, double y) { return name(x, y); }
GPM1(sqrt) GPM1(exp) GPM1(log) GPM1(log2) GPM1(log10) GPM1(sin) GPM1(cos) GPM1(tan)
GPM1(tanh) GPM1(sinh) GPM1(cosh) GPM1(atan) GPM1(floor) GPM1(ceil) GPM1(trunc) GPM1(rint)
GPM1(fabs) GPM1(log1p)
GPM1(cbrt) GPM1(expm1) GPM1(exp2) GPM1(asin) GPM1(acos) GPM1(asinh) GPM1(acosh) GPM1(atanh)
GPM2(atan2) GPM2(hypot) GPM2(fmod) GPM2(pow) GPM2(copysign) GPM2(nextafter)
#undef GPM1
#undef GPM2

GP_HD float gp_h2f(__half h) { return __half2float(h); }
GP_HD __half gp_f2h(float f) { return __float2half_rn(f); }

/* NaN tests that survive every compiler mode we use (x != x) and need no <cmath> overloads. */
template<typename F> GP_HD bool gpm_isnan(F x) { return x != x; }
template<typename F> GP_HD bool gpm_isinf(F x) { return x == (F)HUGE_VAL || x == -(F)HUGE_VAL; }
template<typename F> GP_HD bool gpm_isfinite(F x) { return !gpm_isnan(x) && !gpm_isinf(x); }

/* ================================================================ implementations
 * gpi_<op>: a generic template for bool and the integers, and overloads for __half, float,
 * double, gp_c64 and gp_c128 (an exact non-template match wins over the template).          */

/* Defines a float16 overload of a unary/binary float op through float. */
#define GP_HALF1(name) GP_HD __half name(__half a) { return gp_f2h(name(gp_h2f(a))); }
#define GP_HALF2(name)                                                                     \
    GP_HD __half name(__half a, __half b) { return gp_f2h(name(gp_h2f(a), gp_h2f(b))); }
#define GP_HALF2B(name) GP_HD bool name(__half a, __half b) { return name(gp_h2f(a), gp_h2f(b)); }

/* ---- complex arithmetic (Smith's division, as NumPy) */
template<typename C> GP_HD C gpc_make(typename gp_real<C>::type re, typename gp_real<C>::type im)
{
    C c; c.re = re; c.im = im; return c;
}
template<typename C> GP_HD C gpc_add(C a, C b) { return gpc_make<C>(a.re + b.re, a.im + b.im); }
template<typename C> GP_HD C gpc_sub(C a, C b) { return gpc_make<C>(a.re - b.re, a.im - b.im); }
template<typename C> GP_HD C gpc_mul(C a, C b)
{
    return gpc_make<C>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
template<typename C> GP_HD C gpc_div(C a, C b)
{
    typedef typename gp_real<C>::type R;
    R abr = gpm_fabs(b.re), abi = gpm_fabs(b.im);
    if (abr >= abi) {
        if (abr == 0 && abi == 0)
            return gpc_make<C>(a.re / abr, a.im / abr);
        R rat = b.im / b.re, scl = (R)1 / (b.re + b.im * rat);
        return gpc_make<C>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
    }
    R rat = b.re / b.im, scl = (R)1 / (b.im + b.re * rat);
    return gpc_make<C>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}
GP_HD gp_c64 operator+(gp_c64 a, gp_c64 b) { return gpc_add(a, b); }
GP_HD gp_c64 operator-(gp_c64 a, gp_c64 b) { return gpc_sub(a, b); }
GP_HD gp_c64 operator*(gp_c64 a, gp_c64 b) { return gpc_mul(a, b); }
GP_HD gp_c64 operator/(gp_c64 a, gp_c64 b) { return gpc_div(a, b); }
GP_HD gp_c128 operator+(gp_c128 a, gp_c128 b) { return gpc_add(a, b); }
GP_HD gp_c128 operator-(gp_c128 a, gp_c128 b) { return gpc_sub(a, b); }
GP_HD gp_c128 operator*(gp_c128 a, gp_c128 b) { return gpc_mul(a, b); }
GP_HD gp_c128 operator/(gp_c128 a, gp_c128 b) { return gpc_div(a, b); }
GP_HD bool operator==(gp_c64 a, gp_c64 b) { return a.re == b.re && a.im == b.im; }
GP_HD bool operator==(gp_c128 a, gp_c128 b) { return a.re == b.re && a.im == b.im; }
GP_HD bool operator!=(gp_c64 a, gp_c64 b) { return !(a == b); }
GP_HD bool operator!=(gp_c128 a, gp_c128 b) { return !(a == b); }

/* ---- complex elementary functions */
template<typename C> GP_HD typename gp_real<C>::type gpc_abs(C z) { return gpm_hypot(z.re, z.im); }
template<typename C> GP_HD C gpc_exp(C z)
{
    typedef typename gp_real<C>::type R;
    R e = gpm_exp(z.re);
    if (z.im == 0) return gpc_make<C>(e, z.im);
    return gpc_make<C>(e * gpm_cos(z.im), e * gpm_sin(z.im));
}
template<typename C> GP_HD C gpc_log(C z)
{
    return gpc_make<C>(gpm_log(gpc_abs(z)), gpm_atan2(z.im, z.re));
}
template<typename C> GP_HD C gpc_sqrt(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.re == 0 && z.im == 0) return gpc_make<C>((R)0, z.im);
    if (gpm_isinf(z.im)) return gpc_make<C>((R)HUGE_VAL, z.im);
    R t = gpm_sqrt((gpm_fabs(z.re) + gpc_abs(z)) * (R)0.5);
    if (z.re >= 0) return gpc_make<C>(t, z.im / (2 * t));
    return gpc_make<C>(gpm_fabs(z.im) / (2 * t), gpm_copysign(t, z.im));
}
template<typename C> GP_HD C gpc_sin(C z)
{
    return gpc_make<C>(gpm_sin(z.re) * gpm_cosh(z.im), gpm_cos(z.re) * gpm_sinh(z.im));
}
template<typename C> GP_HD C gpc_cos(C z)
{
    return gpc_make<C>(gpm_cos(z.re) * gpm_cosh(z.im), -(gpm_sin(z.re) * gpm_sinh(z.im)));
}
template<typename C> GP_HD C gpc_sinh(C z)
{
    return gpc_make<C>(gpm_sinh(z.re) * gpm_cos(z.im), gpm_cosh(z.re) * gpm_sin(z.im));
}
template<typename C> GP_HD C gpc_cosh(C z)
{
    return gpc_make<C>(gpm_cosh(z.re) * gpm_cos(z.im), gpm_sinh(z.re) * gpm_sin(z.im));
}
/* tanh(x+iy) = (sinh 2x + i sin 2y) / (cosh 2x + cos 2y); past |x| > 20 the real part is ±1. */
template<typename C> GP_HD C gpc_tanh(C z)
{
    typedef typename gp_real<C>::type R;
    if (gpm_fabs(z.re) > (R)20) {
        R e = gpm_exp(-2 * gpm_fabs(z.re));
        return gpc_make<C>(gpm_copysign((R)1, z.re), 4 * gpm_sin(z.im) * gpm_cos(z.im) * e);
    }
    R d = gpm_cosh(2 * z.re) + gpm_cos(2 * z.im);
    return gpc_make<C>(gpm_sinh(2 * z.re) / d, gpm_sin(2 * z.im) / d);
}
/* tan(z) = -i tanh(iz) */
template<typename C> GP_HD C gpc_tan(C z)
{
    C t = gpc_tanh(gpc_make<C>(-z.im, z.re));
    return gpc_make<C>(t.im, -t.re);
}
/* arctan(z) = (i/2) (log(1 - iz) - log(1 + iz)) */
template<typename C> GP_HD C gpc_atan(C z)
{
    typedef typename gp_real<C>::type R;
    C a = gpc_log(gpc_make<C>(1 + z.im, -z.re));
    C b = gpc_log(gpc_make<C>(1 - z.im, z.re));
    C d = gpc_sub(a, b);
    return gpc_make<C>(-d.im * (R)0.5, d.re * (R)0.5);
}
/* NumPy's complex power: small integral real exponents by repeated multiplication. */
template<typename C> GP_HD C gpc_pow(C a, C b)
{
    typedef typename gp_real<C>::type R;
    if (b.re == 0 && b.im == 0) return gpc_make<C>((R)1, (R)0);
    if (a.re == 0 && a.im == 0) {
        if (b.re > 0 && b.im == 0) return gpc_make<C>((R)0, (R)0);
        return gpc_make<C>((R)NAN, (R)NAN);
    }
    if (b.im == 0 && b.re == gpm_trunc(b.re) && gpm_fabs(b.re) < 100) {
        long n = (long)b.re, m = n < 0 ? -n : n;
        C r = gpc_make<C>((R)1, (R)0), p = a;
        while (m) {
            if (m & 1) r = gpc_mul(r, p);
            p = gpc_mul(p, p);
            m >>= 1;
        }
        return n < 0 ? gpc_div(gpc_make<C>((R)1, (R)0), r) : r;
    }
    return gpc_exp(gpc_mul(b, gpc_log(a)));
}
/* NumPy orders complex numbers lexicographically; a NaN anywhere makes the test false. */
template<typename C> GP_HD bool gpc_lt(C a, C b)
{
    return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im < b.im);
}
template<typename C> GP_HD bool gpc_le(C a, C b)
{
    return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im);
}
template<typename C> GP_HD bool gpc_isnan(C a) { return a.re != a.re || a.im != a.im; }

/* ---- add, sub, mul (wrapping for ints; bool add = or, mul = and) */
template<typename T> GP_HD T gpi_add(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    return (T)((U)a + (U)b);
}
template<typename T> GP_HD T gpi_sub(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    return (T)((U)a - (U)b);
}
template<typename T> GP_HD T gpi_mul(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    return (T)((U)a * (U)b);
}
/* uint16/uint8 promote to int: multiply in unsigned int to avoid signed overflow. */
GP_HD uint16_t gpi_mul(uint16_t a, uint16_t b) { return (uint16_t)((unsigned)a * (unsigned)b); }
GP_HD uint8_t gpi_mul(uint8_t a, uint8_t b) { return (uint8_t)((unsigned)a * (unsigned)b); }
GP_HD bool gpi_add(bool a, bool b) { return a || b; }
GP_HD bool gpi_mul(bool a, bool b) { return a && b; }
GP_HD float gpi_add(float a, float b) { return a + b; }
GP_HD double gpi_add(double a, double b) { return a + b; }
GP_HD float gpi_sub(float a, float b) { return a - b; }
GP_HD double gpi_sub(double a, double b) { return a - b; }
GP_HD float gpi_mul(float a, float b) { return a * b; }
GP_HD double gpi_mul(double a, double b) { return a * b; }
GP_HALF2(gpi_add) GP_HALF2(gpi_sub) GP_HALF2(gpi_mul)
GP_HD gp_c64 gpi_add(gp_c64 a, gp_c64 b) { return gpc_add(a, b); }
GP_HD gp_c128 gpi_add(gp_c128 a, gp_c128 b) { return gpc_add(a, b); }
GP_HD gp_c64 gpi_sub(gp_c64 a, gp_c64 b) { return gpc_sub(a, b); }
GP_HD gp_c128 gpi_sub(gp_c128 a, gp_c128 b) { return gpc_sub(a, b); }
GP_HD gp_c64 gpi_mul(gp_c64 a, gp_c64 b) { return gpc_mul(a, b); }
GP_HD gp_c128 gpi_mul(gp_c128 a, gp_c128 b) { return gpc_mul(a, b); }

/* ---- true_divide: ints and bool divide as float64 */
template<typename T> GP_HD double gpi_truediv(T a, T b) { return (double)a / (double)b; }
GP_HD float gpi_truediv(float a, float b) { return a / b; }
GP_HD double gpi_truediv(double a, double b) { return a / b; }
GP_HALF2(gpi_truediv)
GP_HD gp_c64 gpi_truediv(gp_c64 a, gp_c64 b) { return gpc_div(a, b); }
GP_HD gp_c128 gpi_truediv(gp_c128 a, gp_c128 b) { return gpc_div(a, b); }

/* ---- floor_divide and remainder.
 * Ints: Python signs (round toward -inf, remainder has the divisor's sign); by zero → 0;
 * MIN // -1 wraps.  Floats: NumPy's divmod: mod = fmod(a, b) moved to b's sign, and
 * a // b = floor((a - mod) / b) corrected to the nearest integer; by zero → a / b, fmod.   */
template<typename T> GP_HD T gpi_floordiv(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    if (b == 0) return 0;
    if (gp_lim<T>::is_signed) {
        if (b == (T)-1) return (T)(0 - (U)a);
        T q = a / b;
        if (a % b != 0 && (gp_isneg(a) != gp_isneg(b))) q--;
        return q;
    }
    return a / b;
}
template<typename T> GP_HD T gpi_mod(T a, T b)
{
    if (b == 0) return 0;
    if (gp_lim<T>::is_signed) {
        if (b == (T)-1) return 0;
        T r = a % b;
        if (r != 0 && (gp_isneg(r) != gp_isneg(b))) r += b;
        return r;
    }
    return a % b;
}
template<typename F> GP_HD void gpf_divmod(F a, F b, F *fdiv, F *fmod_)
{
    F mod = gpm_fmod(a, b);
    if (b == 0) {
        *fmod_ = mod;
        *fdiv = a / b;
        return;
    }
    F div = (a - mod) / b;
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1;
        }
    } else {
        mod = gpm_copysign((F)0, b);
    }
    F fl;
    if (div != 0) {
        fl = gpm_floor(div);
        if (div - fl > (F)0.5) fl += 1;
    } else {
        fl = gpm_copysign((F)0, a / b);
    }
    *fdiv = fl;
    *fmod_ = mod;
}
GP_HD float gpi_floordiv(float a, float b) { float d, m; gpf_divmod(a, b, &d, &m); return d; }
GP_HD double gpi_floordiv(double a, double b) { double d, m; gpf_divmod(a, b, &d, &m); return d; }
GP_HD float gpi_mod(float a, float b) { float d, m; gpf_divmod(a, b, &d, &m); return m; }
GP_HD double gpi_mod(double a, double b) { double d, m; gpf_divmod(a, b, &d, &m); return m; }
GP_HALF2(gpi_floordiv) GP_HALF2(gpi_mod)

/* ---- power: ints by repeated squaring (wrapping; a negative exponent gives 0, as CuPy) */
template<typename T> GP_HD T gpi_pow(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    if (gp_isneg(b)) return 0;
    U r = 1, p = (U)a;
    uint64_t e = (uint64_t)b;
    while (e) {
        if (e & 1) r = (U)(r * p);
        p = (U)(p * p);
        e >>= 1;
    }
    return (T)r;
}
GP_HD bool gpi_pow(bool a, bool b) { return a || !b; }
GP_HD float gpi_pow(float a, float b) { return gpm_pow(a, b); }
GP_HD double gpi_pow(double a, double b) { return gpm_pow(a, b); }
GP_HALF2(gpi_pow)
GP_HD gp_c64 gpi_pow(gp_c64 a, gp_c64 b) { return gpc_pow(a, b); }
GP_HD gp_c128 gpi_pow(gp_c128 a, gp_c128 b) { return gpc_pow(a, b); }

/* ---- comparisons (NaN: all false but !=) */
#define GP_CMP(name, OP, CPLX)                                                             \
    template<typename T> GP_HD bool name(T a, T b) { return a OP b; }                     \
    GP_HALF2B(name)                                                                        \
    GP_HD bool name(gp_c64 a, gp_c64 b) { return CPLX; }                                   \
    GP_HD bool name(gp_c128 a, gp_c128 b) { return CPLX; }
GP_CMP(gpi_eq, ==, a == b)
GP_CMP(gpi_ne, !=, a != b)
GP_CMP(gpi_lt, <, gpc_lt(a, b))
GP_CMP(gpi_le, <=, gpc_le(a, b))
GP_CMP(gpi_gt, >, gpc_lt(b, a))
GP_CMP(gpi_ge, >=, gpc_le(b, a))
#undef GP_CMP

/* ---- maximum / minimum: a NaN operand propagates (the first one when both are NaN) */
template<typename T> GP_HD T gpi_maximum(T a, T b) { return a >= b ? a : b; }
template<typename T> GP_HD T gpi_minimum(T a, T b) { return a <= b ? a : b; }
GP_HD bool gpi_maximum(bool a, bool b) { return a || b; }
GP_HD bool gpi_minimum(bool a, bool b) { return a && b; }
GP_HD float gpi_maximum(float a, float b) { return (a >= b || a != a) ? a : b; }
GP_HD double gpi_maximum(double a, double b) { return (a >= b || a != a) ? a : b; }
GP_HD float gpi_minimum(float a, float b) { return (a <= b || a != a) ? a : b; }
GP_HD double gpi_minimum(double a, double b) { return (a <= b || a != a) ? a : b; }
GP_HALF2(gpi_maximum) GP_HALF2(gpi_minimum)
#define GP_CMAXMIN(C)                                                                      \
    GP_HD C gpi_maximum(C a, C b) { return (gpc_le(b, a) || gpc_isnan(a)) ? a : b; }       \
    GP_HD C gpi_minimum(C a, C b) { return (gpc_le(a, b) || gpc_isnan(a)) ? a : b; }
GP_CMAXMIN(gp_c64) GP_CMAXMIN(gp_c128)
#undef GP_CMAXMIN

/* ---- bitwise ops (bool and ints) and shifts (NumPy: a shift by >= the width, or by a
 * negative amount, gives 0, or -1 for a right shift of a negative value). */
template<typename T> GP_HD T gpi_bitand(T a, T b) { return (T)(a & b); }
template<typename T> GP_HD T gpi_bitor(T a, T b) { return (T)(a | b); }
template<typename T> GP_HD T gpi_bitxor(T a, T b) { return (T)(a ^ b); }
template<typename T> GP_HD T gpi_invert(T a) { return (T)~a; }
GP_HD bool gpi_bitand(bool a, bool b) { return a && b; }
GP_HD bool gpi_bitor(bool a, bool b) { return a || b; }
GP_HD bool gpi_bitxor(bool a, bool b) { return a != b; }
GP_HD bool gpi_invert(bool a) { return !a; }
template<typename T> GP_HD T gpi_lshift(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    if ((uint64_t)(int64_t)b < sizeof(T) * 8) return (T)((U)a << (unsigned)b);
    return 0;
}
template<typename T> GP_HD T gpi_rshift(T a, T b)
{
    if ((uint64_t)(int64_t)b < sizeof(T) * 8) return (T)(a >> (unsigned)b);
    return gp_isneg(a) ? (T)-1 : (T)0;
}

/* ---- logical ops: any type, truth = nonzero */
template<typename T> GP_HD bool gpi_truth(T a) { return a != (T)0; }
GP_HD bool gpi_truth(__half a) { return gp_h2f(a) != 0.0f; }
GP_HD bool gpi_truth(gp_c64 a) { return a.re != 0 || a.im != 0; }
GP_HD bool gpi_truth(gp_c128 a) { return a.re != 0 || a.im != 0; }
template<typename T> GP_HD bool gpi_logical_and(T a, T b) { return gpi_truth(a) && gpi_truth(b); }
template<typename T> GP_HD bool gpi_logical_or(T a, T b) { return gpi_truth(a) || gpi_truth(b); }
template<typename T> GP_HD bool gpi_logical_not(T a) { return !gpi_truth(a); }

/* ---- negative, positive, absolute, sign, square */
template<typename T> GP_HD T gpi_neg(T a)
{
    typedef typename gp_uns<T>::type U;
    return (T)(0 - (U)a);
}
GP_HD float gpi_neg(float a) { return -a; }
GP_HD double gpi_neg(double a) { return -a; }
GP_HD __half gpi_neg(__half a) { return gp_f2h(-gp_h2f(a)); }
GP_HD gp_c64 gpi_neg(gp_c64 a) { return gp_c64{-a.re, -a.im}; }
GP_HD gp_c128 gpi_neg(gp_c128 a) { return gp_c128{-a.re, -a.im}; }
template<typename T> GP_HD T gpi_pos(T a) { return a; }
template<typename T> GP_HD T gpi_abs(T a)
{
    if (gp_isneg(a)) return gpi_neg(a);
    return a;
}
GP_HD bool gpi_abs(bool a) { return a; }
GP_HD float gpi_abs(float a) { return gpm_fabs(a); }
GP_HD double gpi_abs(double a) { return gpm_fabs(a); }
GP_HD __half gpi_abs(__half a) { return gp_f2h(gpm_fabs(gp_h2f(a))); }
GP_HD float gpi_abs(gp_c64 a) { return gpc_abs(a); }
GP_HD double gpi_abs(gp_c128 a) { return gpc_abs(a); }
template<typename T> GP_HD T gpi_sign(T a) { return (T)((a > (T)0) - (int)gp_isneg(a)); }
GP_HD bool gpi_sign(bool a) { return a; }
template<typename F> GP_HD F gpf_sign(F a) { return a > 0 ? (F)1 : a < 0 ? (F)-1 : a == 0 ? (F)0 : a; }
GP_HD float gpi_sign(float a) { return gpf_sign(a); }
GP_HD double gpi_sign(double a) { return gpf_sign(a); }
GP_HD __half gpi_sign(__half a) { return gp_f2h(gpf_sign(gp_h2f(a))); }
/* NumPy 2: sign(z) = z / |z| (0 for 0). */
template<typename C> GP_HD C gpc_sign(C z)
{
    typedef typename gp_real<C>::type R;
    if (gpc_isnan(z)) return gpc_make<C>((R)NAN, (R)NAN);
    R m = gpc_abs(z);
    if (m == 0) return gpc_make<C>((R)0, (R)0);
    if (gpm_isinf(m)) {
        /* infinite parts: the direction of the infinite component(s) */
        R r = gpm_isinf(z.re) ? gpm_copysign((R)1, z.re) : (R)0;
        R i = gpm_isinf(z.im) ? gpm_copysign((R)1, z.im) : (R)0;
        R n = gpm_sqrt(r * r + i * i);
        return gpc_make<C>(r / n, i / n);
    }
    return gpc_make<C>(z.re / m, z.im / m);
}
GP_HD gp_c64 gpi_sign(gp_c64 a) { return gpc_sign(a); }
GP_HD gp_c128 gpi_sign(gp_c128 a) { return gpc_sign(a); }
template<typename T> GP_HD T gpi_square(T a) { return gpi_mul(a, a); }

/* ---- FLOAT ufuncs.  Ints and bool compute in NumPy's float for them (gp_float_of). */
#define GP_FLOAT1(name, cfn)                                                               \
    GP_HD float name(float a) { return gpm_##cfn(a); }                                     \
    GP_HD double name(double a) { return gpm_##cfn(a); }                                   \
    GP_HALF1(name)                                                                         \
    GP_HD gp_c64 name(gp_c64 a) { return gpc_##cfn(a); }                                   \
    GP_HD gp_c128 name(gp_c128 a) { return gpc_##cfn(a); }                                 \
    template<typename T> GP_HD typename gp_float_of<T>::type name(T a)                     \
    {                                                                                      \
        typedef typename gp_float_of<T>::type F;                                           \
        return name(gp_cast_real<F>(a));                                                   \
    }
/* int/bool → float/double/__half for the FLOAT ufuncs */
template<typename F, typename T> GP_HD F gp_cast_real(T a) { return (F)a; }
template<> GP_HD __half gp_cast_real<__half, bool>(bool a) { return gp_f2h(a ? 1.0f : 0.0f); }
template<> GP_HD __half gp_cast_real<__half, int8_t>(int8_t a) { return gp_f2h((float)a); }
template<> GP_HD __half gp_cast_real<__half, uint8_t>(uint8_t a) { return gp_f2h((float)a); }
template<typename C> GP_HD C gpc_log2(C z)
{
    typedef typename gp_real<C>::type R;
    C l = gpc_log(z);
    const R k = (R)1.4426950408889634074;
    return gpc_make<C>(l.re * k, l.im * k);
}
template<typename C> GP_HD C gpc_log10(C z)
{
    typedef typename gp_real<C>::type R;
    C l = gpc_log(z);
    const R k = (R)0.43429448190325182765;
    return gpc_make<C>(l.re * k, l.im * k);
}
GP_FLOAT1(gpi_sqrt, sqrt) GP_FLOAT1(gpi_exp, exp) GP_FLOAT1(gpi_log, log)
GP_FLOAT1(gpi_log2, log2) GP_FLOAT1(gpi_log10, log10) GP_FLOAT1(gpi_sin, sin)
GP_FLOAT1(gpi_cos, cos) GP_FLOAT1(gpi_tan, tan) GP_FLOAT1(gpi_tanh, tanh)
GP_FLOAT1(gpi_sinh, sinh) GP_FLOAT1(gpi_cosh, cosh) GP_FLOAT1(gpi_arctan, atan)
#undef GP_FLOAT1

/* ---- floor, ceil, trunc, rint (rint: half to even); identity on ints and bool */
template<typename C> GP_HD C gpc_rint(C z) { return gpc_make<C>(gpm_rint(z.re), gpm_rint(z.im)); }
#define GP_ROUNDING(name, cfn)                                                             \
    template<typename T> GP_HD T name(T a) { return a; }                                   \
    GP_HD float name(float a) { return gpm_##cfn(a); }                                     \
    GP_HD double name(double a) { return gpm_##cfn(a); }                                   \
    GP_HALF1(name)
GP_ROUNDING(gpi_floor, floor) GP_ROUNDING(gpi_ceil, ceil) GP_ROUNDING(gpi_trunc, trunc)
GP_ROUNDING(gpi_rint, rint)
#undef GP_ROUNDING
GP_HD gp_c64 gpi_rint(gp_c64 a) { return gpc_rint(a); }
GP_HD gp_c128 gpi_rint(gp_c128 a) { return gpc_rint(a); }

/* ---- isnan, isinf, isfinite (ints and bool: false, false, true) */
template<typename T> GP_HD bool gpi_isnan(T) { return false; }
template<typename T> GP_HD bool gpi_isinf(T) { return false; }
template<typename T> GP_HD bool gpi_isfinite(T) { return true; }
#define GP_FCLASS(F, CONV)                                                                 \
    GP_HD bool gpi_isnan(F a) { return gpm_isnan(CONV(a)); }                               \
    GP_HD bool gpi_isinf(F a) { return gpm_isinf(CONV(a)); }                               \
    GP_HD bool gpi_isfinite(F a) { return gpm_isfinite(CONV(a)); }
#define GP_ID(x) (x)
GP_FCLASS(float, GP_ID) GP_FCLASS(double, GP_ID) GP_FCLASS(__half, gp_h2f)
#undef GP_FCLASS
#undef GP_ID
#define GP_CCLASS(C)                                                                       \
    GP_HD bool gpi_isnan(C a) { return gpm_isnan(a.re) || gpm_isnan(a.im); }               \
    GP_HD bool gpi_isinf(C a) { return gpm_isinf(a.re) || gpm_isinf(a.im); }               \
    GP_HD bool gpi_isfinite(C a) { return gpm_isfinite(a.re) && gpm_isfinite(a.im); }
GP_CCLASS(gp_c64) GP_CCLASS(gp_c128)
#undef GP_CCLASS

/* ---- arctan2, hypot (floats; ints compute in float64 as NumPy's TDIV-like rule) */
template<typename T> GP_HD double gpi_arctan2(T a, T b) { return gpm_atan2((double)a, (double)b); }
template<typename T> GP_HD double gpi_hypot(T a, T b) { return gpm_hypot((double)a, (double)b); }
GP_HD float gpi_arctan2(float a, float b) { return gpm_atan2(a, b); }
GP_HD double gpi_arctan2(double a, double b) { return gpm_atan2(a, b); }
GP_HD float gpi_hypot(float a, float b) { return gpm_hypot(a, b); }
GP_HD double gpi_hypot(double a, double b) { return gpm_hypot(a, b); }
GP_HALF2(gpi_arctan2) GP_HALF2(gpi_hypot)

/* ---- where, clip */
template<typename T> GP_HD T gpi_where(bool c, T x, T y) { return c ? x : y; }
/* NumPy (and CuPy): a NaN x propagates, a NaN bound is ignored; lo > hi gives hi. */
template<typename T> GP_HD T gpi_clip(T x, T lo, T hi)
{
    T t = gpi_lt(x, lo) ? lo : x;
    return gpi_gt(t, hi) ? hi : t;
}

/* ---- fma: one rounding (floats; ints and others as a * b + c) */
template<typename T> GP_HD T gpi_fma(T a, T b, T c) { return a * b + c; }
GP_HD float gpi_fma(float a, float b, float c) { return fmaf(a, b, c); }
GP_HD double gpi_fma(double a, double b, double c) { return fma(a, b, c); }

/* ---- round(x, decimals): NumPy's around.
 * floats: d >= 0: rint(x * 10^d) / 10^d, d < 0: rint(x / 10^-d) * 10^-d, each step in the
 * type's own precision; ints: unchanged for d >= 0, else rounded to a multiple of 10^-d,
 * half to even, in integer arithmetic; complex: both parts. */
template<typename F> GP_HD F gpf_round(F x, int64_t d)
{
    if (d >= 0) {
        F f = gpm_pow((F)10, (F)d);
        return gpm_rint(x * f) / f;
    }
    F f = gpm_pow((F)10, (F)-d);
    return gpm_rint(x / f) * f;
}
GP_HD float gpi_round(float x, int64_t d) { return gpf_round(x, d); }
GP_HD double gpi_round(double x, int64_t d) { return gpf_round(x, d); }
GP_HD __half gpi_round(__half x, int64_t d)
{
    float f = gp_h2f(gp_f2h(powf(10.0f, (float)(d >= 0 ? d : -d))));
    float y = d >= 0 ? gp_h2f(gp_f2h(gp_h2f(x) * f)) : gp_h2f(gp_f2h(gp_h2f(x) / f));
    y = rintf(y);
    return gp_f2h(d >= 0 ? y / f : y * f);
}
GP_HD gp_c64 gpi_round(gp_c64 x, int64_t d) { return gp_c64{gpf_round(x.re, d), gpf_round(x.im, d)}; }
GP_HD gp_c128 gpi_round(gp_c128 x, int64_t d)
{
    return gp_c128{gpf_round(x.re, d), gpf_round(x.im, d)};
}
GP_HD bool gpi_round(bool x, int64_t) { return x; }
template<typename T> GP_HD T gpi_round(T x, int64_t d)
{
    if (d >= 0) return x;
    if (d < -19) return 0;
    if (gp_lim<T>::is_signed) {
        int64_t f = 1;
        for (int64_t k = 0; k < -d; k++) f *= 10;
        int64_t v = (int64_t)x, q = v / f, r = v % f;
        if (r < 0) { r += f; q--; }                   /* floor division */
        if (2 * (uint64_t)r > (uint64_t)f || (2 * (uint64_t)r == (uint64_t)f && (q & 1))) q++;
        return (T)(uint64_t)((uint64_t)q * (uint64_t)f);
    }
    uint64_t f = 1;
    for (int64_t k = 0; k < -d; k++) f *= 10;
    uint64_t v = (uint64_t)x, q = v / f, r = v % f;
    if (r > f - r || (r == f - r && (q & 1))) q++;
    return (T)(q * f);
}

/* ---- more ufuncs: inverse trigonometric and hyperbolic functions, exp2, expm1, log1p, cbrt,
 * degrees/radians, fabs, signbit, copysign, nextafter, ldexp, heaviside, logaddexp(2), sinc,
 * i0, fmod, fmax/fmin, logical_xor, reciprocal, conjugate, real/imag/angle, gcd/lcm.
 * Real-only ops (NumPy has no complex loop) have no complex overload; the compiler rejects
 * complex operands before a call is generated. */
template<typename C> GP_HD C gpc_expm1(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0) return gpc_make<C>(gpm_expm1(z.re), z.im);
    R s = gpm_sin(z.im * (R)0.5);
    return gpc_make<C>(gpm_expm1(z.re) * gpm_cos(z.im) - 2 * s * s, gpm_exp(z.re) * gpm_sin(z.im));
}
/* NumPy's nc_log1p: log|1+z| + i arg(1+z) */
template<typename C> GP_HD C gpc_log1p(C z)
{
    typedef typename gp_real<C>::type R;
    R x = z.re + (R)1;
    return gpc_make<C>(gpm_log(gpm_hypot(x, z.im)), gpm_atan2(z.im, x));
}
template<typename C> GP_HD C gpc_exp2(C z)
{
    typedef typename gp_real<C>::type R;
    const R ln2 = (R)0.69314718055994530942;
    return gpc_exp(gpc_make<C>(z.re * ln2, z.im * ln2));
}
/* asinh(z) = log(z + sqrt(z^2 + 1)), evaluated in the right half plane (odd function) */
template<typename C> GP_HD C gpc_asinh(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0) return gpc_make<C>(gpm_asinh(z.re), z.im);    /* the real axis: exact signs */
    if (z.re < 0) {
        C w = gpc_asinh(gpc_make<C>(-z.re, -z.im));
        return gpc_make<C>(-w.re, -w.im);
    }
    C s = gpc_sqrt(gpc_add(gpc_mul(z, z), gpc_make<C>((R)1, (R)0)));
    return gpc_log(gpc_add(z, s));
}
/* asin(z) = -i asinh(iz); acos(z) = pi/2 - asin(z) */
template<typename C> GP_HD C gpc_asin(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0 && gpm_fabs(z.re) <= (R)1) return gpc_make<C>(gpm_asin(z.re), z.im);
    if (z.re == 0) return gpc_make<C>(z.re, gpm_asinh(z.im));
    C w = gpc_asinh(gpc_make<C>(-z.im, z.re));
    return gpc_make<C>(w.im, -w.re);
}
template<typename C> GP_HD C gpc_acos(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0 && gpm_fabs(z.re) <= (R)1) return gpc_make<C>(gpm_acos(z.re), -z.im);
    C a = gpc_asin(z);
    return gpc_make<C>((R)1.57079632679489661923 - a.re, -a.im);
}
/* acosh(z) = log(z + sqrt(z + 1) sqrt(z - 1)) */
template<typename C> GP_HD C gpc_acosh(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0 && z.re >= (R)1) return gpc_make<C>(gpm_acosh(z.re), z.im);
    C p = gpc_sqrt(gpc_make<C>(z.re + (R)1, z.im)), m = gpc_sqrt(gpc_make<C>(z.re - (R)1, z.im));
    return gpc_log(gpc_add(z, gpc_mul(p, m)));
}
/* atanh(z) = (log(1 + z) - log(1 - z)) / 2 */
template<typename C> GP_HD C gpc_atanh(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.im == 0 && gpm_fabs(z.re) < (R)1) return gpc_make<C>(gpm_atanh(z.re), z.im);
    if (z.re == 0) return gpc_make<C>(z.re, gpm_atan(z.im));
    C a = gpc_log(gpc_make<C>((R)1 + z.re, z.im)), b = gpc_log(gpc_make<C>((R)1 - z.re, -z.im));
    return gpc_make<C>((a.re - b.re) * (R)0.5, (a.im - b.im) * (R)0.5);
}

/* FLOAT ufuncs with complex loops (the int overloads come from the generic template) */
#define GP_FLOAT1C(name, cfn)                                                              \
    GP_HD float name(float a) { return gpm_##cfn(a); }                                     \
    GP_HD double name(double a) { return gpm_##cfn(a); }                                   \
    GP_HALF1(name)                                                                         \
    GP_HD gp_c64 name(gp_c64 a) { return gpc_##cfn(a); }                                   \
    GP_HD gp_c128 name(gp_c128 a) { return gpc_##cfn(a); }
GP_FLOAT1C(gpi_expm1, expm1) GP_FLOAT1C(gpi_log1p, log1p) GP_FLOAT1C(gpi_exp2, exp2)
GP_FLOAT1C(gpi_arcsin, asin) GP_FLOAT1C(gpi_arccos, acos) GP_FLOAT1C(gpi_arcsinh, asinh)
GP_FLOAT1C(gpi_arccosh, acosh) GP_FLOAT1C(gpi_arctanh, atanh)
#undef GP_FLOAT1C

/* real-only float ufuncs: float, double, and float16 through float */
template<typename F> GP_HD F gpf_degrees(F a) { return a * (F)57.295779513082320877; }
template<typename F> GP_HD F gpf_radians(F a) { return a * (F)0.017453292519943295769; }
template<typename F> GP_HD F gpf_heaviside(F x, F h0)
{
    if (x < 0) return (F)0;
    if (x > 0) return (F)1;
    if (x == 0) return h0;
    return x;                                                     /* NaN */
}
/* NumPy's npy_logaddexp / npy_logaddexp2 */
template<typename F> GP_HD F gpf_logaddexp(F x, F y)
{
    if (x == y) return x + (F)0.69314718055994530942;            /* handles infinities of one sign */
    F t = x - y;
    if (t > 0) return x + gpm_log1p(gpm_exp(-t));
    if (t <= 0) return y + gpm_log1p(gpm_exp(t));
    return t;                                                     /* NaN */
}
template<typename F> GP_HD F gpf_logaddexp2(F x, F y)
{
    const F log2e = (F)1.4426950408889634074;
    if (x == y) return x + (F)1;
    F t = x - y;
    if (t > 0) return x + log2e * gpm_log1p(gpm_exp2(-t));
    if (t <= 0) return y + log2e * gpm_log1p(gpm_exp2(t));
    return t;
}
template<typename F> GP_HD F gpf_ldexp(F x, F e)
{
    double d = (double)e;
    int n = d > 100000.0 ? 100000 : d < -100000.0 ? -100000 : (int)d;
    return (F)ldexp((double)x, n);
}
GP_HD float gpf_ldexp(float x, float e)
{
    int n = e > 100000.0f ? 100000 : e < -100000.0f ? -100000 : (int)e;
    return ldexpf(x, n);
}
#define GP_REAL1(name, f)                                                                  \
    GP_HD float name(float a) { return f(a); }                                             \
    GP_HD double name(double a) { return f(a); }                                           \
    GP_HD __half name(__half a) { return gp_f2h(f(gp_h2f(a))); }
#define GP_REAL2(name, f)                                                                  \
    GP_HD float name(float a, float b) { return f(a, b); }                                 \
    GP_HD double name(double a, double b) { return f(a, b); }                              \
    GP_HD __half name(__half a, __half b) { return gp_f2h(f(gp_h2f(a), gp_h2f(b))); }
GP_REAL1(gpi_cbrt, gpm_cbrt) GP_REAL1(gpi_fabs, gpm_fabs)
GP_REAL1(gpi_degrees, gpf_degrees) GP_REAL1(gpi_radians, gpf_radians)
GP_REAL2(gpi_copysign, gpm_copysign) GP_REAL2(gpi_heaviside, gpf_heaviside)
GP_REAL2(gpi_logaddexp, gpf_logaddexp) GP_REAL2(gpi_logaddexp2, gpf_logaddexp2)
GP_REAL2(gpi_ldexp, gpf_ldexp)
GP_HD float gpi_nextafter(float a, float b) { return gpm_nextafter(a, b); }
GP_HD double gpi_nextafter(double a, double b) { return gpm_nextafter(a, b); }
/* float16 steps by one half ulp: done on the bits */
GP_HD __half gpi_nextafter(__half a, __half b)
{
    float fa = gp_h2f(a), fb = gp_h2f(b);
    if (fa != fa || fb != fb) return gp_f2h(fa + fb);
    if (fa == fb) return b;
    __half_raw r = a;
    if (fa == 0) r.x = fb > 0 ? (unsigned short)0x0001 : (unsigned short)0x8001;
    else if ((fb > fa) == (fa > 0)) r.x = (unsigned short)(r.x + 1);
    else r.x = (unsigned short)(r.x - 1);
    return __half(r);
}
#undef GP_REAL1
#undef GP_REAL2

/* signbit: bool result; ints test the sign directly (NumPy converts them to float first,
 * which keeps the sign) */
template<typename T> GP_HD bool gpi_signbit(T a) { return gp_isneg(a); }
GP_HD bool gpi_signbit(float a) { return gpm_copysign(1.0f, a) < 0; }
GP_HD bool gpi_signbit(double a) { return gpm_copysign(1.0, a) < 0; }
GP_HD bool gpi_signbit(__half a) { return gpm_copysign(1.0f, gp_h2f(a)) < 0; }

/* sinc(x) = sin(pi x) / (pi x), 1 at 0 (NumPy's sinc) */
template<typename F> GP_HD F gpf_sinc(F a)
{
    if (a == 0) return (F)1;
    F y = (F)3.14159265358979323846 * a;
    return gpm_sin(y) / y;
}
template<typename C> GP_HD C gpc_sinc(C z)
{
    typedef typename gp_real<C>::type R;
    if (z.re == 0 && z.im == 0) return gpc_make<C>((R)1, (R)0);
    const R pi = (R)3.14159265358979323846;
    C y = gpc_make<C>(pi * z.re, pi * z.im);
    return gpc_div(gpc_sin(y), y);
}
GP_HD float gpi_sinc(float a) { return gpf_sinc(a); }
GP_HD double gpi_sinc(double a) { return gpf_sinc(a); }
GP_HD __half gpi_sinc(__half a) { return gp_f2h(gpf_sinc(gp_h2f(a))); }
GP_HD gp_c64 gpi_sinc(gp_c64 a) { return gpc_sinc(a); }
GP_HD gp_c128 gpi_sinc(gp_c128 a) { return gpc_sinc(a); }

/* i0: the modified Bessel function of order 0 by NumPy's (Cephes') Chebyshev series,
 * evaluated in double */
#define GPI0_C(c) b2 = b1; b1 = b0; b0 = y * b1 - b2 + (c);
GP_HD double gpm_i0(double x)
{
    double b0 = 0, b1 = 0, b2 = 0, y;
    x = fabs(x);
    if (x <= 8.0) {
        y = x / 2.0 - 2.0;
        GPI0_C(-4.41534164647933937950E-18) GPI0_C(3.33079451882223809783E-17) GPI0_C(-2.43127984654795469359E-16) GPI0_C(1.71539128555513303061E-15) GPI0_C(-1.16853328779934516808E-14) GPI0_C(7.67618549860493561688E-14) GPI0_C(-4.85644678311192946090E-13) GPI0_C(2.95505266312963983461E-12) GPI0_C(-1.72682629144155570723E-11) GPI0_C(9.67580903537323691224E-11) GPI0_C(-5.18979560163526290666E-10) GPI0_C(2.65982372468238665035E-9) GPI0_C(-1.30002500998624804212E-8) GPI0_C(6.04699502254191894932E-8) GPI0_C(-2.67079385394061173391E-7) GPI0_C(1.11738753912010371815E-6) GPI0_C(-4.41673835845875056359E-6) GPI0_C(1.64484480707288970893E-5) GPI0_C(-5.75419501008210370398E-5) GPI0_C(1.88502885095841655729E-4) GPI0_C(-5.76375574538582365885E-4) GPI0_C(1.63947561694133579842E-3) GPI0_C(-4.32430999505057594430E-3) GPI0_C(1.05464603945949983183E-2) GPI0_C(-2.37374148058994688156E-2) GPI0_C(4.93052842396707084878E-2) GPI0_C(-9.49010970480476444210E-2) GPI0_C(1.71620901522208775349E-1) GPI0_C(-3.04682672343198398683E-1) GPI0_C(6.76795274409476084995E-1)
        return exp(x) * 0.5 * (b0 - b2);
    }
    y = 32.0 / x - 2.0;
    GPI0_C(-7.23318048787475395456E-18) GPI0_C(-4.83050448594418207126E-18) GPI0_C(4.46562142029675999901E-17) GPI0_C(3.46122286769746109310E-17) GPI0_C(-2.82762398051658348494E-16) GPI0_C(-3.42548561967721913462E-16) GPI0_C(1.77256013305652638360E-15) GPI0_C(3.81168066935262242075E-15) GPI0_C(-9.55484669882830764870E-15) GPI0_C(-4.15056934728722208663E-14) GPI0_C(1.54008621752140982691E-14) GPI0_C(3.85277838274214270114E-13) GPI0_C(7.18012445138366623367E-13) GPI0_C(-1.79417853150680611778E-12) GPI0_C(-1.32158118404477131188E-11) GPI0_C(-3.14991652796324136454E-11) GPI0_C(1.18891471078464383424E-11) GPI0_C(4.94060238822496958910E-10) GPI0_C(3.39623202570838634515E-9) GPI0_C(2.26666899049817806459E-8) GPI0_C(2.04891858946906374183E-7) GPI0_C(2.89137052083475648297E-6) GPI0_C(6.88975834691682398426E-5) GPI0_C(3.36911647825569408990E-3) GPI0_C(8.04490411014108831608E-1)
    return exp(x) * 0.5 * (b0 - b2) / sqrt(x);
}
#undef GPI0_C
GP_HD float gpi_i0(float a) { return (float)gpm_i0((double)a); }
GP_HD double gpi_i0(double a) { return gpm_i0(a); }
GP_HD __half gpi_i0(__half a) { return gp_f2h((float)gpm_i0((double)gp_h2f(a))); }

/* fmod: C's remainder (the dividend's sign); ints: by zero → 0 */
template<typename T> GP_HD T gpi_fmod(T a, T b)
{
    if (b == 0) return 0;
    if (gp_lim<T>::is_signed && b == (T)-1) return 0;
    return (T)(a % b);
}
GP_HD float gpi_fmod(float a, float b) { return gpm_fmod(a, b); }
GP_HD double gpi_fmod(double a, double b) { return gpm_fmod(a, b); }
GP_HALF2(gpi_fmod)

/* fmax / fmin: a NaN operand is ignored (NaN only when both are) */
template<typename T> GP_HD T gpi_fmax(T a, T b) { return a >= b ? a : b; }
template<typename T> GP_HD T gpi_fmin(T a, T b) { return a <= b ? a : b; }
GP_HD bool gpi_fmax(bool a, bool b) { return a || b; }
GP_HD bool gpi_fmin(bool a, bool b) { return a && b; }
GP_HD float gpi_fmax(float a, float b) { return (a >= b || b != b) ? a : b; }
GP_HD double gpi_fmax(double a, double b) { return (a >= b || b != b) ? a : b; }
GP_HD float gpi_fmin(float a, float b) { return (a <= b || b != b) ? a : b; }
GP_HD double gpi_fmin(double a, double b) { return (a <= b || b != b) ? a : b; }
GP_HALF2(gpi_fmax) GP_HALF2(gpi_fmin)
#define GP_CFMAXMIN(C)                                                                     \
    GP_HD C gpi_fmax(C a, C b) { return (gpc_le(b, a) || gpc_isnan(b)) ? a : b; }          \
    GP_HD C gpi_fmin(C a, C b) { return (gpc_le(a, b) || gpc_isnan(b)) ? a : b; }
GP_CFMAXMIN(gp_c64) GP_CFMAXMIN(gp_c128)
#undef GP_CFMAXMIN

template<typename T> GP_HD bool gpi_logical_xor(T a, T b) { return gpi_truth(a) != gpi_truth(b); }

/* reciprocal: ints give 1/x truncated, and 0 for 0 (CuPy; NumPy's value there is undefined) */
template<typename T> GP_HD T gpi_reciprocal(T a)
{
    if (a == 0) return 0;
    return (T)(1 / a);
}
GP_HD float gpi_reciprocal(float a) { return 1.0f / a; }
GP_HD double gpi_reciprocal(double a) { return 1.0 / a; }
GP_HD __half gpi_reciprocal(__half a) { return gp_f2h(1.0f / gp_h2f(a)); }
GP_HD gp_c64 gpi_reciprocal(gp_c64 a) { return gpc_div(gp_c64{1.0f, 0.0f}, a); }
GP_HD gp_c128 gpi_reciprocal(gp_c128 a) { return gpc_div(gp_c128{1.0, 0.0}, a); }

/* conjugate, real part, imaginary part, angle */
template<typename T> GP_HD T gpi_conj(T a) { return a; }
GP_HD gp_c64 gpi_conj(gp_c64 a) { return gp_c64{a.re, -a.im}; }
GP_HD gp_c128 gpi_conj(gp_c128 a) { return gp_c128{a.re, -a.im}; }
/* complex(re, im) of two complex-typed operands holding real values: (re.re, im.re). */
template<typename T> GP_HD T gpi_make_complex(T re, T im) { return T{re.re, im.re}; }
template<typename T> GP_HD T gpi_realpart(T a) { return a; }
GP_HD float gpi_realpart(gp_c64 a) { return a.re; }
GP_HD double gpi_realpart(gp_c128 a) { return a.re; }
template<typename T> GP_HD T gpi_imagpart(T) { return T(); }
GP_HD __half gpi_imagpart(__half) { return gp_f2h(0.0f); }
GP_HD float gpi_imagpart(gp_c64 a) { return a.im; }
GP_HD double gpi_imagpart(gp_c128 a) { return a.im; }
GP_HD float gpi_angle(float a) { return gpm_atan2(0.0f, a); }
GP_HD double gpi_angle(double a) { return gpm_atan2(0.0, a); }
GP_HD __half gpi_angle(__half a) { return gp_f2h(gpm_atan2(0.0f, gp_h2f(a))); }
GP_HD float gpi_angle(gp_c64 a) { return gpm_atan2(a.im, a.re); }
GP_HD double gpi_angle(gp_c128 a) { return gpm_atan2(a.im, a.re); }

/* float_power: power computed in float64 / complex128 (the compiler picks those types) */
template<typename T> GP_HD T gpi_float_power(T a, T b) { return gpi_pow(a, b); }

/* gcd / lcm of ints (NumPy: non-negative results; lcm wraps like the int type) */
template<typename T> GP_HD T gpi_gcd(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    U x = gp_isneg(a) ? (U)(0 - (U)a) : (U)a, y = gp_isneg(b) ? (U)(0 - (U)b) : (U)b;
    while (y != 0) {
        U t = (U)(x % y);
        x = y;
        y = t;
    }
    return (T)x;
}
template<typename T> GP_HD T gpi_lcm(T a, T b)
{
    typedef typename gp_uns<T>::type U;
    U g = (U)gpi_gcd(a, b);
    if (g == 0) return 0;
    U x = gp_isneg(a) ? (U)(0 - (U)a) : (U)a, y = gp_isneg(b) ? (U)(0 - (U)b) : (U)b;
    return (T)(U)((U)(x / g) * y);
}

#undef GP_HALF1
#undef GP_HALF2
#undef GP_HALF2B

/* ================================================================ casts
 * gp_cast<TO>(x) for every pair of the 14 C types.  bool → 1/0; anything → bool is != 0;
 * float → int saturates (NaN → 0) on host and device alike; complex → real takes the real
 * part; real → complex has a zero imaginary part.                                            */
template<typename I> GP_HD I gp_sat_int(double x)
{
    if (x != x) return (I)0;
    if (x <= (double)gp_lim<I>::lowest()) return gp_lim<I>::lowest();
    if (x >= (double)gp_lim<I>::highest()) return gp_lim<I>::highest();
    return (I)x;
}
template<typename TO> struct gp_caster {
    /* TO is an integer type */
    template<typename F> static GP_HD TO f(F x) { return (TO)x; }
    static GP_HD TO f(float x) { return gp_sat_int<TO>((double)x); }
    static GP_HD TO f(double x) { return gp_sat_int<TO>(x); }
    static GP_HD TO f(__half x) { return gp_sat_int<TO>((double)gp_h2f(x)); }
    static GP_HD TO f(gp_c64 x) { return gp_sat_int<TO>((double)x.re); }
    static GP_HD TO f(gp_c128 x) { return gp_sat_int<TO>(x.re); }
};
template<> struct gp_caster<bool> {
    template<typename F> static GP_HD bool f(F x) { return gpi_truth(x); }
    static GP_HD bool f(bool x) { return x; }
};
#define GP_CAST_FLOAT(TO)                                                                  \
    template<> struct gp_caster<TO> {                                                      \
        template<typename F> static GP_HD TO f(F x) { return (TO)x; }                      \
        static GP_HD TO f(__half x) { return (TO)gp_h2f(x); }                              \
        static GP_HD TO f(gp_c64 x) { return (TO)x.re; }                                   \
        static GP_HD TO f(gp_c128 x) { return (TO)x.re; }                                  \
    };
GP_CAST_FLOAT(float) GP_CAST_FLOAT(double)
#undef GP_CAST_FLOAT
template<> struct gp_caster<__half> {
    template<typename F> static GP_HD __half f(F x) { return gp_f2h((float)x); }
    static GP_HD __half f(bool x) { return gp_f2h(x ? 1.0f : 0.0f); }
    static GP_HD __half f(int64_t x) { return __double2half((double)x); }
    static GP_HD __half f(uint64_t x) { return __double2half((double)x); }
    static GP_HD __half f(int32_t x) { return __double2half((double)x); }
    static GP_HD __half f(uint32_t x) { return __double2half((double)x); }
    static GP_HD __half f(double x) { return __double2half(x); }
    static GP_HD __half f(__half x) { return x; }
    static GP_HD __half f(gp_c64 x) { return gp_f2h(x.re); }
    static GP_HD __half f(gp_c128 x) { return __double2half(x.re); }
};
#define GP_CAST_CPLX(C, R)                                                                 \
    template<> struct gp_caster<C> {                                                       \
        template<typename F> static GP_HD C f(F x) { return C{gp_caster<R>::f(x), (R)0}; } \
        static GP_HD C f(gp_c64 x) { return C{(R)x.re, (R)x.im}; }                         \
        static GP_HD C f(gp_c128 x) { return C{(R)x.re, (R)x.im}; }                        \
    };
GP_CAST_CPLX(gp_c64, float) GP_CAST_CPLX(gp_c128, double)
#undef GP_CAST_CPLX
template<typename TO, typename FROM> GP_HD TO gp_cast(FROM x) { return gp_caster<TO>::f(x); }

/* ================================================================ the ops.def functions
 * gp_<op><CT>(operands already of type CT): forwards to the overloads above, one per OP row of
 * ops.def (its OP_OWN rows follow by hand).  Return types:
 * CT for most; bool for comparisons, logical ops and isnan/isinf/isfinite; the real type for
 * abs of complex; NumPy's float type for FLOAT ufuncs on ints (gp_float_of) and float64 for
 * true_divide, arctan2 and hypot on ints.                                                    */
#define GP_FWD1(name)                                                                      \
    template<typename CT> GP_HD auto gp_##name(CT a) -> decltype(gpi_##name(a))            \
    {                                                                                      \
        return gpi_##name(a);                                                              \
    }
#define GP_FWD2(name)                                                                      \
    template<typename CT> GP_HD auto gp_##name(CT a, CT b) -> decltype(gpi_##name(a, b))   \
    {                                                                                      \
        return gpi_##name(a, b);                                                           \
    }
#define OP(id, name, nargs, rule, fn) GP_FWD##nargs(fn)
#define OP_OWN(id, name, nargs, rule, fn)
#include "ops.def"
#undef OP
#undef GP_FWD1
#undef GP_FWD2
/* where(cond, x, y): cond is bool, x and y of CT. */
template<typename CT> GP_HD CT gp_where(bool c, CT x, CT y) { return gpi_where(c, x, y); }
/* clip(x, lo, hi): see gpi_clip. */
template<typename CT> GP_HD CT gp_clip(CT x, CT lo, CT hi) { return gpi_clip(x, lo, hi); }
/* fma(a, b, c): see gpi_fma. */
template<typename CT> GP_HD CT gp_fma(CT a, CT b, CT c) { return gpi_fma(a, b, c); }
/* round(x, decimals): decimals is an int64, never cast to CT. */
template<typename CT> GP_HD CT gp_round(CT x, int64_t decimals) { return gpi_round(x, decimals); }

/* ================================================================ creation helpers
 * linspace element i (NumPy): step = (stop - start) / div with div = n - 1 (endpoint) or n;
 * y = start + i*step (or start + (i/div)*delta when the step underflows to 0); the last
 * element is exactly stop when endpoint and n > 1.  Computed in double (complex: gp_c128),
 * then cast; integer results round toward -inf as NumPy 2 does.                           */
template<typename RT> GP_HD RT gp_linspace_at(double start, double stop, int64_t n, bool endpoint,
                                              int64_t i)
{
    int64_t div = endpoint ? n - 1 : n;
    double y;
    if (endpoint && n > 1 && i == n - 1) {
        y = stop;
    } else if (div > 0) {
        double delta = stop - start, step = delta / (double)div;
        y = step == 0 ? ((double)i / (double)div) * delta + start : (double)i * step + start;
    } else {
        y = start;
    }
    if (gp_lim<RT>::is_int) y = gpm_floor(y);
    return gp_cast<RT>(y);
}
template<typename RT> GP_HD RT gp_linspace_at(gp_c128 start, gp_c128 stop, int64_t n, bool endpoint,
                                              int64_t i)
{
    int64_t div = endpoint ? n - 1 : n;
    gp_c128 y;
    if (endpoint && n > 1 && i == n - 1) {
        y = stop;
    } else if (div > 0) {
        gp_c128 delta = stop - start;
        gp_c128 step = gp_c128{delta.re / (double)div, delta.im / (double)div};
        y = gp_c128{(double)i * step.re + start.re, (double)i * step.im + start.im};
    } else {
        y = start;
    }
    return gp_cast<RT>(y);
}

/* ================================================================ user kernels (cp.ElementwiseKernel)
 * A raw parameter is CuPy's CArray, read-only: x[i] is element i of x in C order, x[idx] the
 * element at an index array of x.ndim ints; size(), shape(), strides() as CuPy's.  _ind is
 * CuPy's CIndexer: _ind.size() the number of elements of the loop, _ind.get() this one's. */
#ifdef __CUDACC__
template <typename T> struct gp_carray {
    const gp_raw &r;
    __device__ const T &operator[](int64_t i) const
    {
        if (r.ndim == 1) return *(const T *)(r.data + i * r.strides[0]);
        int64_t off = 0;
        for (int d = r.ndim - 1; d > 0; d--) {
            off += (i % r.shape[d]) * r.strides[d];
            i /= r.shape[d];
        }
        if (r.ndim > 0) off += i * r.strides[0];
        return *(const T *)(r.data + off);
    }
    template <typename I, int N> __device__ const T &operator[](const I (&idx)[N]) const
    {
        int64_t off = 0;
        for (int d = 0; d < N; d++) off += (int64_t)idx[d] * r.strides[d];
        return *(const T *)(r.data + off);
    }
    __device__ int64_t size() const { return r.size; }
    __device__ const int64_t *shape() const { return r.shape; }
    __device__ const int64_t *strides() const { return r.strides; }
};
struct gp_ind {
    int64_t n, at;
    __device__ int64_t size() const { return n; }
    __device__ int64_t get() const { return at; }
};
#endif

/* ================================================================ reductions (gpyrt_reduce.cuh) */
#include "gpyrt_reduce.cuh"

/* ================================================================ host helpers of launches */

/* len(range(start, stop, step)) for step != 0: the iteration count of an elementwise
 * recurrence (compiler/passes/recur.c). */
GP_HD int64_t gp_range_len(int64_t start, int64_t stop, int64_t step)
{
    if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
    return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

/* A row chain's vector path: k walks the last dimension of s contiguously and every row
 * starts `bytes`-aligned. */
static inline bool gp_rows_vec(const gp_kin *k, const gp_shape *s, int64_t itemsize, int64_t bytes)
{
    const int last = s->ndim - 1;
    if (k->st[last] != itemsize || ((uintptr_t)k->data % (uintptr_t)bytes) != 0) return false;
    for (int d = 0; d < last; d++)
        if (k->st[d] % bytes != 0) return false;
    return true;
}

#ifdef __CUDACC__
/* V consecutive elements of type T, aligned so that one access moves them all (16 bytes). */
template<typename T, int V> struct alignas(sizeof(T) * V) gp_vec { T v[V]; };

/* Elements [t*V, t*V+V) of a contiguous array, or its one element V times (strided false). */
template<typename T, int V> __device__ inline gp_vec<T, V> gp_vload(const char *data, bool strided, uint32_t t)
{
    if (strided) return ((const gp_vec<T, V> *)data)[t];
    gp_vec<T, V> r;
    const T x = *(const T *)data;
#pragma unroll
    for (int u = 0; u < V; u++) r.v[u] = x;
    return r;
}

template<typename T, int V> __device__ inline void gp_vstore(char *data, uint32_t t, const gp_vec<T, V> &r)
{
    ((gp_vec<T, V> *)data)[t] = r;
}
#endif

/* acc = broadcast(acc, b) (for groups whose iteration shape combines a creation shape with
 * array inputs).  ValueError as rt_broadcast. */
static inline void gp_shape_broadcast(gp_shape *acc, const gp_shape *b)
{
    gp_shape r;
    r.ndim = acc->ndim > b->ndim ? acc->ndim : b->ndim;
    r.size = 1;
    for (int i = 0; i < r.ndim; i++) {
        int ia = i - (r.ndim - acc->ndim), ib = i - (r.ndim - b->ndim);
        int64_t da = ia >= 0 ? acc->dim[ia] : 1, db = ib >= 0 ? b->dim[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            gp_sb sa = {0, 0, 0}, sb = {0, 0, 0};
            rt_sb_shape(&sa, acc->ndim, acc->dim);
            rt_sb_shape(&sb, b->ndim, b->dim);
            rt_raise("ValueError", "operands could not be broadcast together with shapes %s %s ",
                     sa.s, sb.s);
        }
        r.dim[i] = da == 1 ? db : da;
        r.size *= r.dim[i];
    }
    *acc = r;
}

#endif
