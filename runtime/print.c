/*
 * print.c — NumPy's str() and repr() of arrays, dtypes and shapes, and of NumPy scalars,
 * byte-identical to NumPy 2 with default print options (precision 8, floatmode 'maxprec',
 * suppress False, linewidth 75, threshold 1000, edgeitems 3).
 *
 * The work is done on host memory in C order (rt_format_array_host), so it runs without a
 * GPU; rt_sb_array_str/repr copy the device array to the host first.
 *
 * It follows numpy/_core/arrayprint.py step by step:
 *   - summarise (size > threshold): only the leading and trailing edgeitems of each axis
 *     longer than 2*edgeitems are shown, with "..." between;
 *   - one element formatter is built from the shown elements (IntegerFormat, BoolFormat,
 *     FloatingFormat, ComplexFloatingFormat): every element gets the same width;
 *   - _formatArray lays the elements out: rows wrapped at the line width, nested brackets,
 *     blank lines between blocks of ndim >= 3.
 * Invariants: every element of one array is formatted by the same ElemFmt; floats are held
 * as doubles carrying the exact value of their float16/32/64 element.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const size_t itemsize[GP_NDTYPES] = {
#define GPK_DTYPE(id, name, ctype, size) size,
#include "gpyrt_kinds.def"
};
static const char *const dtname[GP_NDTYPES] = {
#define GPK_DTYPE(id, name, ctype, size) name,
#include "gpyrt_kinds.def"
};

enum { LINEWIDTH = 75, THRESHOLD = 1000, EDGEITEMS = 3, PRECISION = 8 };

void rt_sb_dtype(gp_sb *sb, gp_dtype d)
{
    rt_sb_puts(sb, (unsigned)d < GP_NDTYPES ? dtname[d] : "<invalid dtype>");
}

/* Python's tuple repr of a shape: (2, 3), (5,), (). */
void rt_sb_shape(gp_sb *sb, int ndim, const int64_t *shape)
{
    rt_sb_putc(sb, '(');
    for (int i = 0; i < ndim; i++) {
        if (i)
            rt_sb_puts(sb, ", ");
        rt_sb_i64(sb, shape[i]);
    }
    if (ndim == 1)
        rt_sb_putc(sb, ',');
    rt_sb_putc(sb, ')');
}

/* ================================================================ element values */

static bool is_float(gp_dtype d)
{
    return d == GP_FLOAT16 || d == GP_FLOAT32 || d == GP_FLOAT64;
}
static bool is_complex(gp_dtype d)
{
    return d == GP_COMPLEX64 || d == GP_COMPLEX128;
}
static bool is_unsigned(gp_dtype d)
{
    return d >= GP_UINT8 && d <= GP_UINT64;
}

/* The float kind of a float or complex dtype (complex: of its parts). */
static RtFloatKind kind_of(gp_dtype d)
{
    return d == GP_FLOAT16 ? RT_F16 : (d == GP_FLOAT32 || d == GP_COMPLEX64) ? RT_F32 : RT_F64;
}

/* Real (part == 0) or imaginary (part == 1) part of a float/complex element, exactly. */
static double elem_part(const char *p, gp_dtype d, int part)
{
    switch (d) {
    case GP_FLOAT16: return rt_half_to_f64(*(const uint16_t *)p);
    case GP_FLOAT32: return *(const float *)p;
    case GP_FLOAT64: return *(const double *)p;
    case GP_COMPLEX64: return ((const float *)p)[part];
    case GP_COMPLEX128: return ((const double *)p)[part];
    default: return 0;
    }
}

/* Signed integer elements (not uint64 beyond INT64_MAX: see elem_u64). */
static int64_t elem_i64(const char *p, gp_dtype d)
{
    switch (d) {
    case GP_BOOL: return *(const uint8_t *)p != 0;
    case GP_INT8: return *(const int8_t *)p;
    case GP_INT16: return *(const int16_t *)p;
    case GP_INT32: return *(const int32_t *)p;
    case GP_INT64: return *(const int64_t *)p;
    case GP_UINT8: return *(const uint8_t *)p;
    case GP_UINT16: return *(const uint16_t *)p;
    case GP_UINT32: return *(const uint32_t *)p;
    case GP_UINT64: return (int64_t)*(const uint64_t *)p;
    default: return 0;
    }
}

/* Decimal text of an integer element into buf (>= 24 bytes); returns its length. */
static int int_text(char *buf, const char *p, gp_dtype d)
{
    if (d == GP_UINT64)
        return snprintf(buf, 24, "%llu", (unsigned long long)*(const uint64_t *)p);
    return snprintf(buf, 24, "%lld", (long long)elem_i64(p, d));
}

/* ================================================================ FloatingFormat */

/* NumPy's FloatingFormat after fillFormat: one per array (two for complex). */
typedef struct FloatFmt {
    RtFloatKind kind;
    bool sign_plus;          /* sign='+': the imaginary parts */
    bool exp_format;
    int precision;           /* exp: digits after the point, all elements */
    int pad_left, pad_right, exp_size;
} FloatFmt;

/* One finite value as NumPy prints it (Dragon4, unique, precision 8): significant digits in
 * r, and for positional form the digits after the point. */
static void unique_positional(double v, RtFloatKind kind, RtDigits *r)
{
    rt_digits_shortest(v, kind, r);
    if (r->n - r->decpt > PRECISION) {
        bool neg = r->neg;
        rt_digits_frac(v, PRECISION, r);
        r->neg = neg;
        while (r->n > 1 && r->d[r->n - 1] == '0')
            r->n--;
        r->d[r->n] = '\0';
    }
}

static void unique_scientific(double v, RtFloatKind kind, RtDigits *r)
{
    rt_digits_shortest(v, kind, r);
    if (r->n - 1 > PRECISION) {
        rt_digits_sig(v, PRECISION + 1, r);
        while (r->n > 1 && r->d[r->n - 1] == '0')
            r->n--;
        r->d[r->n] = '\0';
    }
}

static int frac_len(const RtDigits *r)
{
    return r->n > r->decpt ? r->n - r->decpt : 0;
}

static int exp_len(int e)
{
    e = e < 0 ? -e : e;
    return e >= 100 ? 3 : 2;
}

/* Rounds a double to the arithmetic of kind (the comparisons NumPy makes in the dtype). */
static double in_kind(double x, RtFloatKind kind)
{
    if (kind == RT_F32)
        return (float)x;
    if (kind == RT_F16)
        return rt_half_to_f64(rt_f64_to_half((float)x));
    return x;
}

/* fillFormat: chooses positional or scientific form and the paddings from the n values. */
static void floatfmt_fill(FloatFmt *f, RtFloatKind kind, bool sign_plus, const double *vals,
                          int64_t n)
{
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->sign_plus = sign_plus;
    f->exp_size = -1;
    double mx = 0, mn = INFINITY;
    int64_t nfinite = 0;
    bool neg_inf = false;
    for (int64_t i = 0; i < n; i++) {
        double v = vals[i];
        if (!isfinite(v)) {
            if (isinf(v) && v < 0)
                neg_inf = true;
            continue;
        }
        nfinite++;
        double a = fabs(v);
        if (a != 0) {
            mx = a > mx ? a : mx;
            mn = a < mn ? a : mn;
        }
    }
    if (mx > 0) {
        /* NumPy 2: the cutoff depends on the dtype's precision; comparisons in the dtype */
        double cutoff = kind == RT_F16 ? 1e3 : kind == RT_F32 ? 1e6 : 1e8;
        double ratio = kind == RT_F64 ? mx / mn : in_kind((float)mx / (float)mn, kind);
        if (mx >= cutoff || mn < in_kind(1e-4, kind) || ratio > 1000.)
            f->exp_format = true;
    }
    if (nfinite == 0) {
        f->pad_left = f->pad_right = 0;
    } else if (f->exp_format) {
        int prec = 0, expd = 0, left = 0;
        RtDigits r;
        for (int64_t i = 0; i < n; i++) {
            if (!isfinite(vals[i]))
                continue;
            unique_scientific(vals[i], kind, &r);
            int fl = r.n - 1;
            prec = fl > prec ? fl : prec;
            int e = vals[i] == 0 ? 0 : r.decpt - 1;
            int el = exp_len(e);
            expd = el > expd ? el : expd;
            int il = 1 + (r.neg || sign_plus);
            left = il > left ? il : left;
        }
        f->exp_size = expd;
        f->precision = prec;
        f->pad_left = left;
        f->pad_right = expd + 2 + prec;
    } else {
        int left = 0, right = 0;
        RtDigits r;
        for (int64_t i = 0; i < n; i++) {
            if (!isfinite(vals[i]))
                continue;
            unique_positional(vals[i], kind, &r);
            int il = (r.decpt > 0 && !(r.n == 1 && r.d[0] == '0') ? r.decpt : 1) +
                     (r.neg || sign_plus);
            left = il > left ? il : left;
            int fl = frac_len(&r);
            right = fl > right ? fl : right;
        }
        f->pad_left = left;
        f->pad_right = right;
    }
    if (nfinite != n) {
        int neginf = sign_plus || neg_inf;
        int offset = f->pad_right + 1;
        if (3 - offset > f->pad_left)
            f->pad_left = 3 - offset;
        if (3 + neginf - offset > f->pad_left)
            f->pad_left = 3 + neginf - offset;
    }
}

/* One element through the FloatingFormat (__call__). */
static void floatfmt_put(gp_sb *sb, const FloatFmt *f, double v)
{
    if (!isfinite(v)) {
        const char *ret = isnan(v) ? (f->sign_plus ? "+nan" : "nan")
                          : v < 0   ? "-inf"
                          : f->sign_plus ? "+inf" : "inf";
        rt_sb_pad(sb, ' ', f->pad_left + f->pad_right + 1 - (int64_t)strlen(ret));
        rt_sb_puts(sb, ret);
        return;
    }
    RtDigits r;
    const char *sign = signbit(v) ? "-" : f->sign_plus ? "+" : "";
    if (f->exp_format) {
        rt_digits_shortest(v, f->kind, &r);
        if (r.n - 1 != f->precision)
            rt_digits_sig(v, f->precision + 1, &r);
        int e = v == 0 ? 0 : r.decpt - 1;
        rt_sb_pad(sb, ' ', f->pad_left - 1 - (int64_t)strlen(sign));
        rt_sb_puts(sb, sign);
        rt_sb_putc(sb, r.d[0]);
        rt_sb_putc(sb, '.');
        rt_sb_putn(sb, r.d + 1, (size_t)(r.n - 1));
        rt_sb_printf(sb, "e%c%0*d", e < 0 ? '-' : '+', f->exp_size, e < 0 ? -e : e);
        return;
    }
    unique_positional(v, f->kind, &r);
    bool zero = r.n == 1 && r.d[0] == '0';
    int ilen = r.decpt > 0 && !zero ? r.decpt : 1;
    rt_sb_pad(sb, ' ', f->pad_left - ilen - (int64_t)strlen(sign));
    rt_sb_puts(sb, sign);
    if (zero || r.decpt <= 0) {
        rt_sb_putc(sb, '0');
    } else {
        int k = r.decpt < r.n ? r.decpt : r.n;
        rt_sb_putn(sb, r.d, (size_t)k);
        rt_sb_pad(sb, '0', r.decpt - k);
    }
    rt_sb_putc(sb, '.');
    int fl = 0;
    if (!zero) {
        if (r.decpt < 0)
            rt_sb_pad(sb, '0', -r.decpt);
        if (r.n > r.decpt) {
            int from = r.decpt > 0 ? r.decpt : 0;
            rt_sb_putn(sb, r.d + from, (size_t)(r.n - from));
        }
        fl = frac_len(&r);
    }
    rt_sb_pad(sb, ' ', f->pad_right - fl);
}

/* ================================================================ element formatters */

typedef struct ElemFmt {
    gp_dtype dt;
    int int_width;           /* IntegerFormat: '%{w}d' */
    bool zero_d;             /* BoolFormat of a 0-d array: "True" without the space */
    FloatFmt re, im;
} ElemFmt;

/* Builds the formatter from the n shown elements at ptrs. */
static void elemfmt_init(ElemFmt *f, gp_dtype dt, const char *const *ptrs, int64_t n,
                         bool zero_d)
{
    memset(f, 0, sizeof *f);
    f->dt = dt;
    f->zero_d = zero_d;
    if (dt == GP_BOOL)
        return;
    if (is_float(dt) || is_complex(dt)) {
        double *vals = rt_xmalloc((size_t)(n ? n : 1) * sizeof(double));
        for (int64_t i = 0; i < n; i++)
            vals[i] = elem_part(ptrs[i], dt, 0);
        floatfmt_fill(&f->re, kind_of(dt), false, vals, n);
        if (is_complex(dt)) {
            for (int64_t i = 0; i < n; i++)
                vals[i] = elem_part(ptrs[i], dt, 1);
            floatfmt_fill(&f->im, kind_of(dt), true, vals, n);
        }
        free(vals);
        return;
    }
    /* integers: the longer of str(max) and str(min) */
    const char *pmax = ptrs[0], *pmin = ptrs[0];
    for (int64_t i = 1; i < n; i++) {
        if (is_unsigned(dt)) {
            uint64_t v = dt == GP_UINT64 ? *(const uint64_t *)ptrs[i] : (uint64_t)elem_i64(ptrs[i], dt);
            uint64_t a = dt == GP_UINT64 ? *(const uint64_t *)pmax : (uint64_t)elem_i64(pmax, dt);
            uint64_t b = dt == GP_UINT64 ? *(const uint64_t *)pmin : (uint64_t)elem_i64(pmin, dt);
            if (v > a)
                pmax = ptrs[i];
            if (v < b)
                pmin = ptrs[i];
        } else {
            int64_t v = elem_i64(ptrs[i], dt);
            if (v > elem_i64(pmax, dt))
                pmax = ptrs[i];
            if (v < elem_i64(pmin, dt))
                pmin = ptrs[i];
        }
    }
    char buf[24];
    int a = int_text(buf, pmax, dt), b = int_text(buf, pmin, dt);
    f->int_width = a > b ? a : b;
}

static void elemfmt_put(gp_sb *sb, const ElemFmt *f, const char *p)
{
    if (f->dt == GP_BOOL) {
        rt_sb_puts(sb, *(const uint8_t *)p ? (f->zero_d ? "True" : " True") : "False");
    } else if (is_float(f->dt)) {
        floatfmt_put(sb, &f->re, elem_part(p, f->dt, 0));
    } else if (is_complex(f->dt)) {
        floatfmt_put(sb, &f->re, elem_part(p, f->dt, 0));
        /* the imaginary part, with 'j' before its trailing padding */
        gp_sb im = {0};
        floatfmt_put(&im, &f->im, elem_part(p, f->dt, 1));
        size_t k = im.len;
        while (k > 0 && im.s[k - 1] == ' ')
            k--;
        rt_sb_putn(sb, im.s, k);
        rt_sb_putc(sb, 'j');
        rt_sb_putn(sb, im.s + k, im.len - k);
        rt_sb_free(&im);
    } else {
        char buf[24];
        int n = int_text(buf, p, f->dt);
        rt_sb_pad(sb, ' ', f->int_width - n);
        rt_sb_putn(sb, buf, (size_t)n);
    }
}

/* ================================================================ _formatArray */

typedef struct Layout {
    const char *data;
    size_t isz;
    int ndim;
    const int64_t *shape;
    int64_t stride[GP_MAXDIM];   /* C-order strides in elements */
    bool summary;
    const char *sep;             /* " " (str) or ", " (repr) */
    const ElemFmt *fmt;
} Layout;

/* NumPy's _extendLine: wraps before word when the line would pass width (unless the line
 * holds only the hanging indent). */
static void extend_line(gp_sb *s, gp_sb *line, const char *word, size_t wlen, int64_t width,
                        int hang)
{
    bool wrap = (int64_t)(line->len + wlen) > width;
    if ((int64_t)line->len <= hang)
        wrap = false;
    if (wrap) {
        size_t k = line->len;
        while (k > 0 && line->s[k - 1] == ' ')
            k--;
        rt_sb_putn(s, line->s, k);
        rt_sb_putc(s, '\n');
        line->len = 0;
        rt_sb_pad(line, ' ', hang);
    }
    rt_sb_putn(line, word, wlen);
}

/* The recurser of _formatArray for the subarray at element offset off along axis. */
static void format_rec(const Layout *L, int axis, int64_t off, int hang, int64_t width,
                       gp_sb *out)
{
    if (axis == L->ndim) {
        elemfmt_put(out, L->fmt, L->data + (size_t)off * L->isz);
        return;
    }
    int next_hang = hang + 1;
    int64_t next_width = width - 1;
    int64_t n = L->shape[axis];
    bool summ = L->summary && n > 2 * EDGEITEMS;
    int64_t lead = summ ? EDGEITEMS : 0, trail = summ ? EDGEITEMS : n;
    int axes_left = L->ndim - axis;
    int64_t st = L->stride[axis];
    gp_sb s = {0}, word = {0};
    if (axes_left == 1) {
        int64_t elem_width = width - 1;    /* max(len(sep.rstrip()), len(']')) == 1 */
        gp_sb line = {0};
        rt_sb_pad(&line, ' ', hang);
        for (int64_t i = 0; i < lead; i++) {
            word.len = 0;
            format_rec(L, axis + 1, off + i * st, next_hang, next_width, &word);
            extend_line(&s, &line, word.s, word.len, elem_width, hang);
            rt_sb_puts(&line, L->sep);
        }
        if (summ) {
            extend_line(&s, &line, "...", 3, elem_width, hang);
            rt_sb_puts(&line, L->sep);
        }
        for (int64_t i = trail; i > 1; i--) {
            word.len = 0;
            format_rec(L, axis + 1, off + (n - i) * st, next_hang, next_width, &word);
            extend_line(&s, &line, word.s, word.len, elem_width, hang);
            rt_sb_puts(&line, L->sep);
        }
        word.len = 0;
        format_rec(L, axis + 1, off + (n - 1) * st, next_hang, next_width, &word);
        extend_line(&s, &line, word.s, word.len, elem_width, hang);
        rt_sb_putn(&s, line.s, line.len);
        rt_sb_free(&line);
    } else {
        /* line_sep: separator.rstrip() + '\n' * (axes_left - 1) */
        gp_sb line_sep = {0};
        size_t sl = strlen(L->sep);
        while (sl > 0 && L->sep[sl - 1] == ' ')
            sl--;
        rt_sb_putn(&line_sep, L->sep, sl);
        rt_sb_pad(&line_sep, '\n', axes_left - 1);
        for (int64_t i = 0; i < lead; i++) {
            rt_sb_pad(&s, ' ', hang);
            format_rec(L, axis + 1, off + i * st, next_hang, next_width, &s);
            rt_sb_putn(&s, line_sep.s, line_sep.len);
        }
        if (summ) {
            rt_sb_pad(&s, ' ', hang);
            rt_sb_puts(&s, "...");
            rt_sb_putn(&s, line_sep.s, line_sep.len);
        }
        for (int64_t i = trail; i > 1; i--) {
            rt_sb_pad(&s, ' ', hang);
            format_rec(L, axis + 1, off + (n - i) * st, next_hang, next_width, &s);
            rt_sb_putn(&s, line_sep.s, line_sep.len);
        }
        rt_sb_pad(&s, ' ', hang);
        format_rec(L, axis + 1, off + (n - 1) * st, next_hang, next_width, &s);
        rt_sb_free(&line_sep);
    }
    /* remove the hanging indent, and wrap in [] */
    rt_sb_putc(out, '[');
    rt_sb_putn(out, s.s + hang, s.len - (size_t)hang);
    rt_sb_putc(out, ']');
    rt_sb_free(&s);
    rt_sb_free(&word);
}

/* Pointers to the elements that will be shown (all, or the corners when summarising),
 * in C order; returns their count. */
static int64_t shown_elements(const Layout *L, int64_t size, const char ***out)
{
    int64_t cnt[GP_MAXDIM], n = 1;
    for (int k = 0; k < L->ndim; k++) {
        bool summ = L->summary && L->shape[k] > 2 * EDGEITEMS;
        cnt[k] = summ ? 2 * EDGEITEMS : L->shape[k];
        n *= cnt[k];
    }
    if (!L->summary)
        n = size;
    const char **p = rt_xmalloc((size_t)(n ? n : 1) * sizeof *p);
    int64_t idx[GP_MAXDIM] = {0};
    for (int64_t i = 0; i < n; i++) {
        int64_t off = 0;
        for (int k = 0; k < L->ndim; k++) {
            int64_t j = idx[k];
            if (cnt[k] != L->shape[k] && j >= EDGEITEMS)
                j = L->shape[k] - 2 * EDGEITEMS + j;
            off += j * L->stride[k];
        }
        p[i] = L->data + (size_t)off * L->isz;
        for (int k = L->ndim - 1; k >= 0; k--) {
            if (++idx[k] < cnt[k])
                break;
            idx[k] = 0;
        }
    }
    *out = p;
    return n;
}

/* array2string(a, separator, prefix) for a non-empty array; suffix_len narrows the line. */
static void array2string(gp_sb *sb, gp_dtype dt, int ndim, const int64_t *shape,
                         const void *host, int64_t size, const char *sep, int prefix_len,
                         int suffix_len)
{
    Layout L;
    memset(&L, 0, sizeof L);
    L.data = host;
    L.isz = itemsize[dt];
    L.ndim = ndim;
    L.shape = shape;
    L.sep = sep;
    L.summary = size > THRESHOLD;
    int64_t st = 1;
    for (int k = ndim - 1; k >= 0; k--) {
        L.stride[k] = st;
        st *= shape[k];
    }
    const char **ptrs;
    int64_t n = shown_elements(&L, size, &ptrs);
    ElemFmt f;
    elemfmt_init(&f, dt, ptrs, n, ndim == 0);
    free(ptrs);
    L.fmt = &f;
    format_rec(&L, 0, 0, 1 + prefix_len, LINEWIDTH - suffix_len, sb);
}

/* str() of a NumPy float scalar: positional when 1e-4 <= |v| < 1e16 (or zero), shortest
 * digits of its own type; "1.0", "0.1", "1e-05", "1.5e+16".  trim_zero: complex parts drop
 * the ".0" of integral values ("(1+2j)"). */
static void np_float_str(gp_sb *sb, double v, RtFloatKind kind, bool plus, bool trim_zero)
{
    if (isnan(v)) {
        rt_sb_puts(sb, plus ? "+nan" : "nan");
        return;
    }
    if (isinf(v)) {
        rt_sb_puts(sb, v < 0 ? "-inf" : plus ? "+inf" : "inf");
        return;
    }
    RtDigits r;
    rt_digits_shortest(v, kind, &r);
    if (r.neg)
        rt_sb_putc(sb, '-');
    else if (plus)
        rt_sb_putc(sb, '+');
    double a = fabs(v);
    if (a == 0 || (a < 1e16 && a >= 1e-4)) {
        if (r.decpt <= 0) {
            rt_sb_puts(sb, "0.");
            rt_sb_pad(sb, '0', -r.decpt);
            rt_sb_putn(sb, r.d, (size_t)r.n);
        } else if (r.decpt >= r.n) {
            rt_sb_putn(sb, r.d, (size_t)r.n);
            rt_sb_pad(sb, '0', r.decpt - r.n);
            if (!trim_zero)
                rt_sb_puts(sb, ".0");
        } else {
            rt_sb_putn(sb, r.d, (size_t)r.decpt);
            rt_sb_putc(sb, '.');
            rt_sb_putn(sb, r.d + r.decpt, (size_t)(r.n - r.decpt));
        }
        return;
    }
    int e = r.decpt - 1;
    rt_sb_putc(sb, r.d[0]);
    if (r.n > 1) {
        rt_sb_putc(sb, '.');
        rt_sb_putn(sb, r.d + 1, (size_t)(r.n - 1));
    }
    rt_sb_printf(sb, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
}

/* str() of the NumPy scalar at p: what str() of a 0-d array prints. */
void rt_sb_np_scalar(gp_sb *sb, gp_dtype dt, const void *p)
{
    const char *c = p;
    if (dt == GP_BOOL) {
        rt_sb_bool(sb, *(const uint8_t *)c != 0);
    } else if (is_float(dt)) {
        np_float_str(sb, elem_part(c, dt, 0), kind_of(dt), false, false);
    } else if (is_complex(dt)) {
        double re = elem_part(c, dt, 0), im = elem_part(c, dt, 1);
        RtFloatKind k = kind_of(dt);
        if (re == 0 && !signbit(re)) {
            np_float_str(sb, im, k, false, true);
            rt_sb_putc(sb, 'j');
            return;
        }
        rt_sb_putc(sb, '(');
        np_float_str(sb, re, k, false, true);
        np_float_str(sb, im, k, true, true);
        rt_sb_puts(sb, "j)");
    } else {
        char buf[24];
        int n = int_text(buf, c, dt);
        rt_sb_putn(sb, buf, (size_t)n);
    }
}

/* format() of a NumPy scalar: through the Python value, as NumPy's gentype_format. */
void rt_fmt_np_scalar(gp_sb *sb, gp_dtype dt, const void *p, const char *spec)
{
    const char *c = p;
    if (dt == GP_BOOL)
        rt_sb_fmt_bool(sb, *(const uint8_t *)c != 0, spec);
    else if (dt == GP_UINT64)
        rt_sb_fmt_u64(sb, *(const uint64_t *)c, spec);
    else if (is_float(dt))
        rt_sb_fmt_f64(sb, elem_part(c, dt, 0), spec);
    else if (is_complex(dt))
        rt_sb_fmt_c128(sb, elem_part(c, dt, 0), elem_part(c, dt, 1), spec);
    else
        rt_sb_fmt_i64(sb, elem_i64(c, dt), spec);
}

/* NumPy's dtype_is_implied: the dtypes repr() leaves out. */
static bool dtype_implied(gp_dtype dt)
{
    return dt == GP_INT64 || dt == GP_FLOAT64 || dt == GP_COMPLEX128 || dt == GP_BOOL;
}

void rt_format_array_host(gp_sb *sb, gp_dtype dt, int ndim, const int64_t *shape,
                          const void *host, bool repr)
{
    int64_t size = 1;
    for (int k = 0; k < ndim; k++)
        size *= shape[k];
    if (!repr) {
        if (ndim == 0)
            rt_sb_np_scalar(sb, dt, host);
        else if (size == 0)
            rt_sb_puts(sb, "[]");
        else
            array2string(sb, dt, ndim, shape, host, size, " ", 0, 0);
        return;
    }
    /* _array_repr_implementation */
    gp_sb s = {0};
    rt_sb_puts(&s, "array(");
    if (size == 0)
        rt_sb_puts(&s, "[]");
    else
        array2string(&s, dt, ndim, shape, host, size, ", ", 6, 1);
    gp_sb extra = {0};
    if ((size == 0 && !(ndim == 1 && shape[0] == 0)) || size > THRESHOLD) {
        rt_sb_puts(&extra, "shape=");
        rt_sb_shape(&extra, ndim, shape);
    }
    if (!dtype_implied(dt) || size == 0) {
        if (extra.len)
            rt_sb_puts(&extra, ", ");
        rt_sb_puts(&extra, "dtype=");
        rt_sb_dtype(&extra, dt);
    }
    if (extra.len == 0) {
        rt_sb_putn(sb, s.s, s.len);
        rt_sb_putc(sb, ')');
    } else {
        rt_sb_putc(&s, ',');
        rt_sb_putc(&extra, ')');
        const char *nl = strrchr(s.s, '\n');
        size_t last = nl ? s.len - (size_t)(nl + 1 - s.s) : s.len;
        rt_sb_putn(sb, s.s, s.len);
        if (last + extra.len + 1 > LINEWIDTH) {
            rt_sb_putc(sb, '\n');
            rt_sb_pad(sb, ' ', 6);
        } else {
            rt_sb_putc(sb, ' ');
        }
        rt_sb_putn(sb, extra.s, extra.len);
    }
    rt_sb_free(&s);
    rt_sb_free(&extra);
}

/* ================================================================ device arrays */

/* Copies a to the host (C order) and formats it. */
static void format_device(gp_sb *sb, const gp_array *a, bool repr)
{
    size_t nbytes = (size_t)(a->size > 0 ? a->size : 0) * itemsize[a->dtype];
    void *host = rt_xmalloc(nbytes ? nbytes : 16);
    if (nbytes)
        rt_to_host(a, host);
    rt_format_array_host(sb, a->dtype, a->ndim, a->shape, host, repr);
    free(host);
}

void rt_sb_array_str(gp_sb *sb, const gp_array *a)
{
    format_device(sb, a, false);
}

void rt_sb_array_repr(gp_sb *sb, const gp_array *a)
{
    format_device(sb, a, true);
}

/* format(array, spec): a 0-d array formats as its scalar; others accept only "" (str). */
void rt_sb_fmt_array(gp_sb *sb, const gp_array *a, const char *spec)
{
    if (a->ndim == 0) {
        _Alignas(16) char buf[16];
        rt_to_host(a, buf);
        rt_fmt_np_scalar(sb, a->dtype, buf, spec);
        return;
    }
    if (spec[0])
        rt_raise("TypeError", "unsupported format string passed to numpy.ndarray.__format__");
    rt_sb_array_str(sb, a);
}
