/*
 * gpyc_host.h — the one header a generated host file includes (codegen/host/host.c): the
 * runtime's interface and the scalar functions host code shares with kernels, for the host
 * C++ compiler alone (no CUDA compiler sees a host file).
 *
 * The build precompiles it (gpyc_host.h.gch beside it, CMakeLists.txt) with the flags gpyc
 * compiles host files with (GPYC_HOST_CXXFLAGS, one definition in CMakeLists.txt); g++ uses
 * the precompiled form when the flags and compiler match and reads this text otherwise.
 */
#ifndef GPYC_HOST_H
#define GPYC_HOST_H

#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Python's math module on floats where C's function differs or returns two values (IR_LIBM
 * calls these by name, compiler/lower/pylib.c): CPython's results, its special cases included
 * (frexp of 0, inf or nan has exponent 0; ulp of the largest float is the gap below it). */
static inline double gp_pymath_frexp_m(double x)
{
    int e = 0;
    return isfinite(x) ? frexp(x, &e) : x;
}
static inline int64_t gp_pymath_frexp_e(double x)
{
    int e = 0;
    if (isfinite(x) && x != 0) (void)frexp(x, &e);
    return e;
}
static inline double gp_pymath_modf_frac(double x)
{
    double i;
    return modf(x, &i);
}
static inline double gp_pymath_modf_int(double x)
{
    double i;
    (void)modf(x, &i);
    return i;
}
/* ldexp(x, n) for any int64 n (beyond +-4000 the result is already 0 or inf) */
static inline double gp_pymath_ldexp(double x, int64_t n)
{
    return ldexp(x, (int)(n > 4000 ? 4000 : n < -4000 ? -4000 : n));
}
static inline double gp_pymath_ulp(double x)
{
    if (isnan(x)) return x;
    x = fabs(x);
    if (isinf(x)) return x;
    double up = nextafter(x, INFINITY);
    return isinf(up) ? x - nextafter(x, -INFINITY) : up - x;
}

#endif
