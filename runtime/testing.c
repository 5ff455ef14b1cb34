/*
 * testing.c — cupy.testing's array assertions with NumPy's AssertionError messages
 * (numpy.testing's assert_array_compare, as the NumPy of the team's oracle, 1.24, writes them):
 *
 *   <blank>
 *   HEADER
 *   ERR_MSG
 *   (shapes (3,), (2,) mismatch)        or  x and y nan location mismatch:
 *                                       or  Mismatched elements: 1 / 3 (33.3%)
 *                                           Max absolute difference: 1
 *                                           Max relative difference: 0.25
 *    x: array([1, 2, 3])
 *    y: array([1, 2, 4])
 *
 * Invariants: the comparison reads xd and yd (contiguous float64 or complex128 copies of x and
 * y, made by the compiler), on the host after the current stream is synchronised; the
 * differences are NumPy's over every element (1.24 does not restrict them to the violations);
 * a 0-d operand compares with every element of the other.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The host copy of a contiguous float64/complex128 array: 2 doubles per element when cplx. */
static double *host_values(const gp_array *a, bool cplx)
{
    size_t n = (size_t)a->size * (cplx ? 2 : 1);
    double *h = rt_xmalloc(n ? n * sizeof(double) : 1);
    if (n) {
        CHECK_CUDA(cudaMemcpyAsync(h, a->data, n * sizeof(double), cudaMemcpyDeviceToHost, rt_stream()));
        CHECK_CUDA(cudaStreamSynchronize(rt_stream()));
    }
    return h;
}

/* array2string of one value of dtype dt (NumPy's "1.", "0.25", "1"): the element of a
 * one-element array's str without its brackets. */
static void sb_value(gp_sb *sb, gp_dtype dt, double v)
{
    gp_sb t = { NULL, 0, 0 };
    int64_t one = 1, iv = (int64_t)v;
    rt_format_array_host(&t, dt, 1, &one, dt == GP_INT64 ? (const void *)&iv : (const void *)&v, false);
    const char *s = rt_sb_take(&t);
    size_t n = strlen(s);
    rt_sb_putn(sb, s + 1, n >= 2 ? n - 2 : 0);
    rt_sb_free(&t);
}

static bool is_nan2(const double *p, bool cplx) { return isnan(p[0]) || (cplx && isnan(p[1])); }

/* Does element pair (a, b) pass check kind? */
static bool passes(int64_t kind, const double *a, const double *b, bool cplx, double rtol, double atol)
{
    if (is_nan2(a, cplx) || is_nan2(b, cplx)) return is_nan2(a, cplx) && is_nan2(b, cplx);
    double d = cplx ? hypot(a[0] - b[0], a[1] - b[1]) : fabs(a[0] - b[0]);
    switch ((gp_assert_kind)kind) {
    case GP_ASSERT_EQUAL: return a[0] == b[0] && (!cplx || a[1] == b[1]);
    case GP_ASSERT_ALLCLOSE:
        if (isinf(a[0]) || isinf(b[0])) return a[0] == b[0];
        return d <= atol + rtol * (cplx ? hypot(b[0], b[1]) : fabs(b[0]));
    case GP_ASSERT_ALMOST:
        if (isinf(a[0]) || isinf(b[0])) return a[0] == b[0];
        return d < atol;
    case GP_ASSERT_LESS: return a[0] < b[0];
    }
    return false;
}

/* Python's repr of the array's shape, "(3,)" */
static void sb_shape(gp_sb *sb, const gp_array *a)
{
    char buf[256];
    rt_shape_fmt(buf, sizeof buf, a->ndim, a->shape, false);
    rt_sb_puts(sb, buf);
}

void rt_assert_arrays(int64_t kind, const gp_array *x, const gp_array *y, const gp_array *xd,
                      const gp_array *yd, double rtol, double atol, int64_t decimal, const char *err_msg)
{
    bool cplx = xd->dtype == GP_COMPLEX128;
    gp_sb body = { NULL, 0, 0 };
    bool same_shape = x->ndim == y->ndim;
    for (int i = 0; same_shape && i < x->ndim; i++) same_shape = x->shape[i] == y->shape[i];
    if (!same_shape && x->ndim && y->ndim) {
        rt_sb_puts(&body, "(shapes ");
        sb_shape(&body, x);
        rt_sb_puts(&body, ", ");
        sb_shape(&body, y);
        rt_sb_puts(&body, " mismatch)");
    } else {
        int k = cplx ? 2 : 1;
        int64_t n = x->size > y->size ? x->size : y->size;
        double *hx = host_values(xd, cplx), *hy = host_values(yd, cplx);
        int64_t bad = 0, nan_mismatch = 0;
        double max_abs = 0, max_rel = 0;
        bool any_nonzero = false;
        for (int64_t i = 0; i < n; i++) {
            const double *a = hx + (xd->size == 1 ? 0 : i) * k, *b = hy + (yd->size == 1 ? 0 : i) * k;
            if (kind != GP_ASSERT_LESS && is_nan2(a, cplx) != is_nan2(b, cplx)) nan_mismatch++;
            if (!passes(kind, a, b, cplx, rtol, atol)) bad++;
            if (is_nan2(a, cplx) || is_nan2(b, cplx)) continue;
            double d = cplx ? hypot(a[0] - b[0], a[1] - b[1]) : fabs(a[0] - b[0]);
            double m = cplx ? hypot(b[0], b[1]) : fabs(b[0]);
            if (d > max_abs) max_abs = d;
            if (m != 0) {
                any_nonzero = true;
                if (d / m > max_rel) max_rel = d / m;
            }
        }
        free(hx);
        free(hy);
        if (nan_mismatch) {
            rt_sb_puts(&body, "x and y nan location mismatch:");
        } else if (bad) {
            double pct = 100.0 * (double)bad / (double)n;
            rt_sb_printf(&body, "Mismatched elements: %lld / %lld (%.3g%%)\nMax absolute difference: ",
                         (long long)bad, (long long)n, pct);
            bool ints = x->dtype != GP_FLOAT16 && x->dtype != GP_FLOAT32 && x->dtype != GP_FLOAT64 &&
                        y->dtype != GP_FLOAT16 && y->dtype != GP_FLOAT32 && y->dtype != GP_FLOAT64 && !cplx;
            sb_value(&body, ints ? GP_INT64 : GP_FLOAT64, max_abs);
            rt_sb_puts(&body, "\nMax relative difference: ");
            sb_value(&body, GP_FLOAT64, any_nonzero ? max_rel : INFINITY);
        } else {
            rt_sb_free(&body);
            return;
        }
    }
    gp_sb msg = { NULL, 0, 0 };
    switch ((gp_assert_kind)kind) {
    case GP_ASSERT_EQUAL: rt_sb_puts(&msg, "\nArrays are not equal"); break;
    case GP_ASSERT_ALLCLOSE:
        rt_sb_printf(&msg, "\nNot equal to tolerance rtol=%g, atol=%g", rtol, atol);
        break;
    case GP_ASSERT_ALMOST:
        rt_sb_printf(&msg, "\nArrays are not almost equal to %lld decimals", (long long)decimal);
        break;
    case GP_ASSERT_LESS: rt_sb_puts(&msg, "\nArrays are not less-ordered"); break;
    }
    rt_sb_printf(&msg, "\n%s\n%s\n x: ", err_msg, rt_sb_take(&body));
    rt_sb_array_repr(&msg, x);
    rt_sb_puts(&msg, "\n y: ");
    rt_sb_array_repr(&msg, y);
    rt_raise("AssertionError", "%s", rt_sb_take(&msg));
}
