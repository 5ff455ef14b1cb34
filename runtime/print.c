/*
 * print.c — NumPy's str() and repr() of arrays, dtypes and shapes, and of NumPy scalars,
 * byte-identical to NumPy 2, under NumPy's print options (set_printoptions, printoptions;
 * defaults: precision 8, floatmode 'maxprec', suppress False, sign '-', linewidth 75,
 * threshold 1000, edgeitems 3), and array2string / array_str / array_repr with options of
 * their own.
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
 * as doubles carrying the exact value of their float16/32/64 element.  The current options
 * (cur) change only through rt_printopts_apply; an options handle is an index into opt_tab,
 * whose entries never change once made.
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

/* NumPy's print options; floatmode is an RT_FM_* */
static RtPrintOpts cur = { 8, 3, 75, 1000, false, '-', RT_FM_MAXPREC };

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

/* Strips trailing zeros (keeps at least one digit). */
static void digits_trim(RtDigits *r)
{
    while (r->n > 1 && r->d[r->n - 1] == '0') r->n--;
    r->d[r->n] = '\0';
}

/* NumPy's FloatingFormat after fillFormat: one per array (two for complex). */
typedef struct FloatFmt {
    RtFloatKind kind;
    char sign; /* '-', '+' (the imaginary parts always) or ' ' */
    bool exp_format;
    bool unique; /* Dragon4's unique mode (all floatmodes but 'fixed') */
    int precision; /* digits after the point at most (unique) or exactly; -1: none */
    int min_digits; /* digits after the point at least */
    int pad_left, pad_right, exp_size;
} FloatFmt;

/* Dragon4's digits of a finite v, as NumPy's dragon4_positional (sci false: digits after the
 * point) or dragon4_scientific (sci: digits after the first): unique, the shortest digits that
 * read back as v, cut at precision (>= 0) by rounding; otherwise v rounded to precision
 * digits; then, when fewer, v rounded to min_digits digits. */
static void float_digits(double v, RtFloatKind kind, bool sci, bool unique, int precision, int min_digits,
                         RtDigits *r)
{
    if (unique) rt_digits_shortest(v, kind, r);
    if (!unique || (precision >= 0 && (sci ? r->n - 1 : frac_len(r)) > precision)) {
        if (sci)
            rt_digits_sig(v, precision + 1, r);
        else
            rt_digits_frac(v, precision, r);
        if (unique) digits_trim(r);
    }
    if ((sci ? r->n - 1 : frac_len(r)) < min_digits) {
        if (sci)
            rt_digits_sig(v, min_digits + 1, r);
        else
            rt_digits_frac(v, min_digits, r);
    }
}

/* Digits printed after the point: those of r, and zeros up to min_digits (up to precision
 * when not unique: trim 'k'). */
static int frac_shown(const FloatFmt *f, const RtDigits *r)
{
    int have = f->exp_format ? r->n - 1 : frac_len(r);
    int want = f->unique ? f->min_digits : f->precision;
    return have > want ? have : want;
}

/* fillFormat: chooses positional or scientific form and the paddings from the n values. */
static void floatfmt_fill(FloatFmt *f, const RtPrintOpts *o, RtFloatKind kind, char sign, const double *vals,
                          int64_t n)
{
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->sign = sign;
    f->exp_size = -1;
    f->unique = o->floatmode != RT_FM_FIXED;
    f->precision = o->floatmode == RT_FM_UNIQUE ? -1 : o->precision;
    double mx = 0, mn = INFINITY;
    int64_t nfinite = 0;
    bool neg_inf = false, any_signbit = false;
    for (int64_t i = 0; i < n; i++) {
        double v = vals[i];
        if (!isfinite(v)) {
            if (isinf(v) && v < 0)
                neg_inf = true;
            continue;
        }
        nfinite++;
        any_signbit |= signbit(v) != 0;
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
        if (mx >= cutoff || (!o->suppress && (mn < in_kind(1e-4, kind) || ratio > 1000.)))
            f->exp_format = true;
    }
    int left = 0, right = 0, expd = 0;
    RtDigits r;
    for (int64_t i = 0; i < n && nfinite; i++) {
        if (!isfinite(vals[i])) continue;
        float_digits(vals[i], kind, f->exp_format, f->unique, f->precision, 0, &r);
        int fl = f->exp_format ? r.n - 1 : frac_len(&r);
        if (!f->unique) fl = f->precision;
        right = fl > right ? fl : right;
        int il = (r.neg || sign == '+') +
                 (f->exp_format || r.decpt <= 0 || (r.n == 1 && r.d[0] == '0') ? 1 : r.decpt);
        left = il > left ? il : left;
        if (f->exp_format) {
            int e = vals[i] == 0 ? 0 : r.decpt - 1;
            int el = exp_len(e);
            expd = el > expd ? el : expd;
        }
    }
    if (nfinite && f->exp_format) {
        f->exp_size = expd;
        f->precision = f->min_digits = right;
        f->pad_left = left;
        f->pad_right = expd + 2 + right;
    } else if (nfinite) {
        f->pad_left = left;
        f->pad_right = right;
        if (o->floatmode == RT_FM_FIXED || o->floatmode == RT_FM_MAXPREC_EQUAL)
            f->precision = f->min_digits = right;
    }
    if (sign == ' ' && !any_signbit) f->pad_left++;
    if (nfinite != n) {
        int neginf = sign != '-' || neg_inf;
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
        const char *ret = isnan(v)         ? (f->sign == '+' ? "+nan" : "nan")
                          : v < 0          ? "-inf"
                          : f->sign == '+' ? "+inf"
                                           : "inf";
        rt_sb_pad(sb, ' ', f->pad_left + f->pad_right + 1 - (int64_t)strlen(ret));
        rt_sb_puts(sb, ret);
        return;
    }
    RtDigits r;
    const char *sign = signbit(v) ? "-" : f->sign == '+' ? "+" : "";
    float_digits(v, f->kind, f->exp_format, f->unique, f->precision, f->min_digits, &r);
    int shown = frac_shown(f, &r);
    if (f->exp_format) {
        int e = v == 0 ? 0 : r.decpt - 1;
        rt_sb_pad(sb, ' ', f->pad_left - 1 - (int64_t)strlen(sign));
        rt_sb_puts(sb, sign);
        rt_sb_putc(sb, r.d[0]);
        rt_sb_putc(sb, '.');
        rt_sb_putn(sb, r.d + 1, (size_t)(r.n - 1));
        rt_sb_pad(sb, '0', shown - (r.n - 1));
        rt_sb_printf(sb, "e%c%0*d", e < 0 ? '-' : '+', f->exp_size, e < 0 ? -e : e);
        return;
    }
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
    rt_sb_pad(sb, '0', shown - fl);
    rt_sb_pad(sb, ' ', f->pad_right - (shown > fl ? shown : fl));
}

/* ================================================================ element formatters */

typedef struct ElemFmt {
    gp_dtype dt;
    int int_width; /* IntegerFormat: '{:{sign}{w}d}' */
    char int_sign; /* its sign: '-', '+' or ' ' */
    bool zero_d;             /* BoolFormat of a 0-d array: "True" without the space */
    FloatFmt re, im;
} ElemFmt;

/* Builds the formatter from the n shown elements at ptrs. */
static void elemfmt_init(ElemFmt *f, const RtPrintOpts *o, gp_dtype dt, const char *const *ptrs, int64_t n,
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
        floatfmt_fill(&f->re, o, kind_of(dt), o->sign, vals, n);
        if (is_complex(dt)) {
            for (int64_t i = 0; i < n; i++)
                vals[i] = elem_part(ptrs[i], dt, 1);
            floatfmt_fill(&f->im, o, kind_of(dt), '+', vals, n);
        }
        free(vals);
        return;
    }
    /* integers: the longer of str(max) (and its sign) and str(min) */
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
    bool min_neg = !is_unsigned(dt) && elem_i64(pmin, dt) < 0;
    bool max_neg = !is_unsigned(dt) && elem_i64(pmax, dt) < 0;
    f->int_sign = o->sign == ' ' && min_neg ? '-' : o->sign;
    if (!max_neg && f->int_sign != '-') a++;
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
        bool sign = buf[0] != '-' && f->int_sign != '-';
        rt_sb_pad(sb, ' ', f->int_width - n - sign);
        if (sign) rt_sb_putc(sb, f->int_sign);
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
    int64_t edgeitems;
    const char *sep; /* " " (str), ", " (repr) or array2string's separator */
    const ElemFmt *fmt;
    const struct SFmt *sfmt; /* a structured array's element formatter (else fmt) */
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
static void sfmt_put(gp_sb *sb, const struct SFmt *f, const char *p);

static void format_rec(const Layout *L, int axis, int64_t off, int hang, int64_t width,
                       gp_sb *out)
{
    if (axis == L->ndim) {
        if (L->sfmt)
            sfmt_put(out, L->sfmt, L->data + (size_t)off * L->isz);
        else
            elemfmt_put(out, L->fmt, L->data + (size_t)off * L->isz);
        return;
    }
    int next_hang = hang + 1;
    int64_t next_width = width - 1;
    int64_t n = L->shape[axis];
    bool summ = L->summary && n > 2 * L->edgeitems;
    int64_t lead = summ ? L->edgeitems : 0, trail = summ ? L->edgeitems : n;
    int axes_left = L->ndim - axis;
    int64_t st = L->stride[axis];
    gp_sb s = {0}, word = {0};
    if (axes_left == 1) {
        size_t sl = strlen(L->sep); /* max(len(sep.rstrip()), len(']')) */
        while (sl > 0 && L->sep[sl - 1] == ' ') sl--;
        int64_t elem_width = width - (sl > 1 ? (int64_t)sl : 1);
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
        /* NumPy's _leading_trailing: edgeitems 0 keeps a[:0] and a[-0:], the whole axis */
        bool summ = L->summary && L->edgeitems > 0 && L->shape[k] > 2 * L->edgeitems;
        cnt[k] = summ ? 2 * L->edgeitems : L->shape[k];
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
            if (cnt[k] != L->shape[k] && j >= L->edgeitems) j = L->shape[k] - 2 * L->edgeitems + j;
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

/* _array2string(a, options, separator, prefix) for a non-empty array: prefix_len the length
 * of prefix, suffix_len that of suffix (it narrows the line). */
static void array2string(gp_sb *sb, const RtPrintOpts *o, gp_dtype dt, int ndim, const int64_t *shape,
                         const void *host, int64_t size, const char *sep, int64_t prefix_len,
                         int64_t suffix_len)
{
    Layout L;
    memset(&L, 0, sizeof L);
    L.data = host;
    L.isz = itemsize[dt];
    L.ndim = ndim;
    L.shape = shape;
    L.sep = sep;
    L.summary = (double)size > o->threshold;
    L.edgeitems = o->edgeitems;
    int64_t st = 1;
    for (int k = ndim - 1; k >= 0; k--) {
        L.stride[k] = st;
        st *= shape[k];
    }
    const char **ptrs;
    int64_t n = shown_elements(&L, size, &ptrs);
    ElemFmt f;
    elemfmt_init(&f, o, dt, ptrs, n, ndim == 0);
    free(ptrs);
    L.fmt = &f;
    format_rec(&L, 0, 0, (int)(1 + prefix_len), o->linewidth - suffix_len, sb);
}

/* ================================================================ structured arrays */

/* NumPy's StructuredVoidFormat: one formatter per field, each built from that field's values
 * in every shown element (a subarray's: SubArrayFormat over all its items). */
typedef struct SFmt {
    int n;
    int64_t *off, *count;
    int *kind; /* gp_dtype, or -1: a structured field (sub) */
    ElemFmt *leaf;
    struct SFmt **sub;
} SFmt;

/* The formatter of the fields described at desc[*pos] (rt_struct_str's form) at byte base of
 * each of the n shown elements at ptrs. */
static SFmt *sfmt_new(const RtPrintOpts *o, const int64_t *desc, int64_t len, int64_t *pos, int64_t base,
                      const char *const *ptrs, int64_t n)
{
    if (*pos >= len) rt_raise("RuntimeError", "gpyc runtime: a short structured dtype description");
    SFmt *f = rt_xmalloc(sizeof *f);
    f->n = (int)desc[(*pos)++];
    size_t k = (size_t)(f->n ? f->n : 1);
    f->off = rt_xmalloc(k * sizeof(int64_t));
    f->count = rt_xmalloc(k * sizeof(int64_t));
    f->kind = rt_xmalloc(k * sizeof(int));
    f->leaf = rt_xmalloc(k * sizeof(ElemFmt));
    f->sub = rt_xmalloc(k * sizeof(SFmt *));
    for (int i = 0; i < f->n; i++) {
        if (*pos + 3 > len) rt_raise("RuntimeError", "gpyc runtime: a short structured dtype description");
        f->off[i] = desc[(*pos)++];
        f->count[i] = desc[(*pos)++];
        f->kind[i] = (int)desc[(*pos)++];
        f->sub[i] = NULL;
        if (f->kind[i] < 0) {
            f->sub[i] = sfmt_new(o, desc, len, pos, base + f->off[i], ptrs, n);
            continue;
        }
        int64_t es = (int64_t)itemsize[f->kind[i]], m = n * f->count[i];
        const char **fp = rt_xmalloc((size_t)(m ? m : 1) * sizeof *fp);
        for (int64_t e = 0; e < n; e++)
            for (int64_t j = 0; j < f->count[i]; j++)
                fp[e * f->count[i] + j] = ptrs[e] + base + f->off[i] + j * es;
        elemfmt_init(&f->leaf[i], o, (gp_dtype)f->kind[i], fp, m, false);
        free(fp);
    }
    return f;
}

static void sfmt_free(SFmt *f)
{
    for (int i = 0; i < f->n; i++)
        if (f->sub[i]) sfmt_free(f->sub[i]);
    free(f->off);
    free(f->count);
    free(f->kind);
    free(f->leaf);
    free(f->sub);
    free(f);
}

/* One element at p: "(a, b)", "(a,)"; a subarray field "[x, y]". */
static void sfmt_put(gp_sb *sb, const SFmt *f, const char *p)
{
    rt_sb_putc(sb, '(');
    for (int i = 0; i < f->n; i++) {
        if (i) rt_sb_puts(sb, ", ");
        if (f->sub[i]) {
            sfmt_put(sb, f->sub[i], p + f->off[i]);
            continue;
        }
        int64_t es = (int64_t)itemsize[f->kind[i]];
        if (f->count[i] != 1) rt_sb_putc(sb, '[');
        for (int64_t j = 0; j < f->count[i]; j++) {
            if (j) rt_sb_puts(sb, ", ");
            elemfmt_put(sb, &f->leaf[i], p + f->off[i] + j * es);
        }
        if (f->count[i] != 1) rt_sb_putc(sb, ']');
    }
    if (f->n == 1) rt_sb_putc(sb, ',');
    rt_sb_putc(sb, ')');
}

/* The byte ranges of the leaf fields described at desc[*pos] (rt_struct_str's form) at byte
 * base, appended to lo/hi (*n of them, capacity *cap). */
static void sfmt_ranges(const int64_t *desc, int64_t len, int64_t *pos, int64_t base, int64_t **lo, int64_t **hi,
                        int *n, int *cap)
{
    if (*pos >= len) rt_raise("RuntimeError", "gpyc runtime: a short structured dtype description");
    int nf = (int)desc[(*pos)++];
    for (int i = 0; i < nf; i++) {
        if (*pos + 3 > len) rt_raise("RuntimeError", "gpyc runtime: a short structured dtype description");
        int64_t off = desc[(*pos)++], count = desc[(*pos)++];
        int kind = (int)desc[(*pos)++];
        if (kind < 0) {
            sfmt_ranges(desc, len, pos, base + off, lo, hi, n, cap);
            continue;
        }
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 8;
            *lo = rt_xrealloc(*lo, (size_t)*cap * sizeof **lo);
            *hi = rt_xrealloc(*hi, (size_t)*cap * sizeof **hi);
        }
        (*lo)[*n] = base + off;
        (*hi)[*n] = base + off + count * (int64_t)itemsize[kind];
        (*n)++;
    }
}

const char *rt_struct_str(const gp_array *a, const gp_list *desc)
{
    const int nd = a->ndim - 1;
    const int64_t isz = a->shape[nd];
    int64_t size = 1;
    for (int k = 0; k < nd; k++) size *= a->shape[k];
    gp_sb sb = { 0 };
    if (size == 0) {
        rt_sb_puts(&sb, "[]");
    } else {
        size_t nbytes = (size_t)(size * isz);
        char *host = rt_xmalloc(nbytes ? nbytes : 16);
        /* the fields' bytes only: the padding between them may never have been written
         * (numpy.empty), and nothing here reads it (compute-sanitizer initcheck) */
        memset(host, 0, nbytes);
        int64_t *lo = NULL, *hi = NULL, p0 = 0;
        int nr = 0, cap = 0;
        sfmt_ranges((const int64_t *)desc->data, desc->len, &p0, 0, &lo, &hi, &nr, &cap);
        for (int i = 1; i < nr; i++)   /* by start (insertion: a few fields), then touching ones merged */
            for (int j = i; j > 0 && lo[j] < lo[j - 1]; j--) {
                int64_t t = lo[j]; lo[j] = lo[j - 1]; lo[j - 1] = t;
                t = hi[j]; hi[j] = hi[j - 1]; hi[j - 1] = t;
            }
        int m = 0;
        for (int i = 0; i < nr; i++) {
            if (m && lo[i] <= hi[m - 1]) {
                if (hi[i] > hi[m - 1]) hi[m - 1] = hi[i];
            } else {
                lo[m] = lo[i];
                hi[m++] = hi[i];
            }
        }
        nr = m;
        if (nbytes) rt_to_host_ranges(a, nr, lo, hi, host);
        free(lo);
        free(hi);
        Layout L;
        memset(&L, 0, sizeof L);
        L.data = host;
        L.isz = (size_t)isz;
        L.ndim = nd;
        L.shape = a->shape;
        L.sep = " ";
        L.summary = (double)size > cur.threshold;
        L.edgeitems = cur.edgeitems;
        int64_t st = 1;
        for (int k = nd - 1; k >= 0; k--) {
            L.stride[k] = st;
            st *= a->shape[k];
        }
        const char **ptrs;
        int64_t n = shown_elements(&L, size, &ptrs), pos = 0;
        SFmt *f = sfmt_new(&cur, (const int64_t *)desc->data, desc->len, &pos, 0, ptrs, n);
        free(ptrs);
        L.sfmt = f;
        if (nd == 0)
            sfmt_put(&sb, f, host);
        else
            format_rec(&L, 0, 0, 1, cur.linewidth, &sb);
        sfmt_free(f);
        free(host);
    }
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
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

/* Code points of a UTF-8 string (Python's len). */
static int64_t text_len(const char *s)
{
    int64_t n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

void rt_array_text_host(gp_sb *sb, const RtPrintOpts *o, gp_text_kind kind, gp_dtype dt, int ndim,
                        const int64_t *shape, const void *host, const char *sep, const char *prefix,
                        const char *suffix)
{
    int64_t size = 1;
    for (int k = 0; k < ndim; k++)
        size *= shape[k];
    if (kind == GP_TEXT_ARRAY2STRING) {
        if (size == 0)
            rt_sb_puts(sb, "[]");
        else
            array2string(sb, o, dt, ndim, shape, host, size, sep, text_len(prefix), text_len(suffix));
        return;
    }
    if (kind == GP_TEXT_STR) {
        if (ndim == 0)
            rt_sb_np_scalar(sb, dt, host);
        else if (size == 0)
            rt_sb_puts(sb, "[]");
        else
            array2string(sb, o, dt, ndim, shape, host, size, " ", 0, 0);
        return;
    }
    /* _array_repr_implementation */
    gp_sb s = {0};
    rt_sb_puts(&s, "array(");
    if (size == 0)
        rt_sb_puts(&s, "[]");
    else
        array2string(&s, o, dt, ndim, shape, host, size, ", ", 6, 1);
    gp_sb extra = {0};
    if ((size == 0 && !(ndim == 1 && shape[0] == 0)) || (double)size > o->threshold) {
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
        if ((int64_t)(last + extra.len + 1) > o->linewidth) {
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

void rt_format_array_host(gp_sb *sb, gp_dtype dt, int ndim, const int64_t *shape, const void *host, bool repr)
{
    rt_array_text_host(sb, &cur, repr ? GP_TEXT_REPR : GP_TEXT_STR, dt, ndim, shape, host, "", "", "");
}

/* ================================================================ print options */

/* An options handle: the options it sets (given: RT_OPT_* bits) and their values. */
typedef struct OptEntry {
    int given;
    RtPrintOpts o;
} OptEntry;
static OptEntry *opt_tab;
static int64_t opt_n, opt_cap;

static int64_t opt_push(int given, const RtPrintOpts *o)
{
    if (opt_n == opt_cap) {
        opt_cap = opt_cap ? 2 * opt_cap : 16;
        opt_tab = rt_xrealloc(opt_tab, (size_t)opt_cap * sizeof *opt_tab);
    }
    opt_tab[opt_n].given = given;
    opt_tab[opt_n].o = *o;
    return opt_n++;
}

/* base with the options handle h sets on top (h < 0: none). */
static RtPrintOpts opt_merge(RtPrintOpts base, int64_t h)
{
    if (h < 0) return base;
    const OptEntry *e = &opt_tab[h];
    if (e->given & GP_PRINT_PRECISION) base.precision = e->o.precision;
    if (e->given & GP_PRINT_THRESHOLD) base.threshold = e->o.threshold;
    if (e->given & GP_PRINT_EDGEITEMS) base.edgeitems = e->o.edgeitems;
    if (e->given & GP_PRINT_LINEWIDTH) base.linewidth = e->o.linewidth;
    if (e->given & GP_PRINT_SUPPRESS) base.suppress = e->o.suppress;
    if (e->given & GP_PRINT_SIGN) base.sign = e->o.sign;
    if (e->given & GP_PRINT_FLOATMODE) base.floatmode = e->o.floatmode;
    return base;
}

int64_t rt_printopts_new(int64_t given, int64_t precision, double threshold, int64_t edgeitems,
                         int64_t linewidth, bool suppress, const char *sign, const char *floatmode)
{
    static const char *const modes[] = { "fixed", "unique", "maxprec", "maxprec_equal" };
    RtPrintOpts o = cur;
    if ((given & GP_PRINT_PRECISION) && precision < 0) rt_raise("ValueError", "precision must be >= 0");
    if ((given & GP_PRINT_THRESHOLD) && isnan(threshold))
        rt_raise("ValueError", "threshold must be non-NAN, try sys.maxsize for untruncated representation");
    if (given & GP_PRINT_SIGN) {
        if (strcmp(sign, "-") && strcmp(sign, "+") && strcmp(sign, " "))
            rt_raise("ValueError", "sign option must be one of ' ', '+', or '-'");
        o.sign = sign[0];
    }
    if (given & GP_PRINT_FLOATMODE) {
        o.floatmode = -1;
        for (int i = 0; i < 4; i++)
            if (!strcmp(floatmode, modes[i])) o.floatmode = i;
        if (o.floatmode < 0)
            rt_raise("ValueError", "floatmode option must be one of \"fixed\", \"unique\", "
                                   "\"maxprec\", \"maxprec_equal\"");
    }
    o.precision = (int)(precision > 10000 ? 10000 : precision);
    o.threshold = threshold;
    o.edgeitems = edgeitems;
    o.linewidth = linewidth;
    o.suppress = suppress;
    return opt_push((int)given, &o);
}

int64_t rt_printopts_apply(int64_t h)
{
    int64_t prev = opt_push(~0, &cur); /* every option */
    cur = opt_merge(cur, h);
    return prev;
}

const char *rt_array2string(const gp_array *a, int64_t h, int64_t kind, const char *sep, const char *prefix,
                            const char *suffix)
{
    RtPrintOpts o = opt_merge(cur, h);
    size_t nbytes = (size_t)(a->size > 0 ? a->size : 0) * itemsize[a->dtype];
    void *host = rt_xmalloc(nbytes ? nbytes : 16);
    if (nbytes) rt_to_host(a, host);
    gp_sb sb = { 0 };
    rt_array_text_host(&sb, &o, (gp_text_kind)kind, a->dtype, a->ndim, a->shape, host, sep, prefix, suffix);
    free(host);
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
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

/* ================================================================ base_repr, binary_repr */

/* The digits of u in base (2..36), most significant first, into buf (>= 65 bytes). */
static int base_digits(uint64_t u, int base, char *buf)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char tmp[65];
    int n = 0;
    while (u) {
        tmp[n++] = digits[u % (uint64_t)base];
        u /= (uint64_t)base;
    }
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

static uint64_t abs_u64(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

/* ================================================================ format_float_positional */

/* Dragon4's positional text (dragon4.c's FormatPositional) of the digits r of a finite value:
 * its sign ('+' when plus), whole digits (or 0), the point and the fraction; zeros_to: the
 * fraction's length when v rounded to zero at a precision (NumPy prints those zeros); want:
 * the fraction digits padded to under trim 'k' (total digits when !fractional: less the
 * whole ones); trim and the paddings as NumPy's (-1: none). */
static void ffp_text(gp_sb *sb, const RtDigits *r, bool plus, int zeros_to, bool fractional, int want,
                     char trim, int pad_left, int pad_right)
{
    size_t start = sb->len;
    int has_sign = r->neg || plus, whole = 1, nfrac = 0;
    if (has_sign) rt_sb_putc(sb, r->neg ? '-' : '+');
    bool zero = r->n == 1 && r->d[0] == '0';
    if (zero || r->decpt > 0) {
        int k = zero ? 1 : r->decpt < r->n ? r->decpt : r->n;
        whole = zero ? 1 : r->decpt;
        rt_sb_putn(sb, r->d, (size_t)k);
        rt_sb_pad(sb, '0', whole - k);
        nfrac = zero ? zeros_to : r->n - k;
        if (nfrac > 0) rt_sb_putc(sb, '.');
        if (zero)
            rt_sb_pad(sb, '0', nfrac);
        else
            rt_sb_putn(sb, r->d + k, (size_t)nfrac);
    } else {
        rt_sb_puts(sb, "0.");
        rt_sb_pad(sb, '0', -r->decpt);
        rt_sb_putn(sb, r->d, (size_t)r->n);
        nfrac = r->n - r->decpt;
    }
    if (trim != '-' && nfrac == 0) rt_sb_putc(sb, '.');
    if (!fractional) want -= whole;
    if (trim == '0' && nfrac == 0) {
        rt_sb_putc(sb, '0');
        nfrac++;
    } else if (trim == 'k' && want > nfrac) {
        rt_sb_pad(sb, '0', want - nfrac);
        nfrac = want;
    }
    if (trim != 'k' && nfrac > 0) {
        while (sb->s[sb->len - 1] == '0') {
            sb->len--;
            nfrac--;
        }
        if (sb->s[sb->len - 1] == '.' && trim == '-') sb->len--;
        sb->s[sb->len] = '\0';
        if (sb->s[sb->len - 1] == '.' && trim == '0') {
            rt_sb_putc(sb, '0');
            nfrac++;
        }
    }
    if (pad_right >= nfrac) {
        if (trim == '-' && nfrac == 0) rt_sb_putc(sb, ' ');
        rt_sb_pad(sb, ' ', pad_right - nfrac);
    }
    int shift = pad_left - whole - has_sign;
    if (shift > 0) {
        size_t len = sb->len - start;
        rt_sb_pad(sb, ' ', shift);
        memmove(sb->s + start + shift, sb->s + start, len);
        memset(sb->s + start, ' ', (size_t)shift);
    }
}

/* x rounded to n digits after the point (fractional) or n significant digits, as Dragon4 ends
 * a cut: a round-up drops the zeros it leaves (e: x's exact digits, trailing zeros trimmed). */
static void ffp_round(double x, const RtDigits *e, bool fractional, int n, RtDigits *r)
{
    if (fractional)
        rt_digits_frac(x, n, r);
    else
        rt_digits_sig(x, n, r);
    bool down = r->decpt == e->decpt;
    for (int i = 0; down && i < r->n; i++) down = r->d[i] == (i < e->n ? e->d[i] : '0');
    if (!down) digits_trim(r);
}

/* Dragon4's digits of the finite x: unique, the shortest digits that read back as x in its
 * kind, cut at precision, then extended to min_digits digits of x (zeros past its end
 * included); otherwise x cut at precision, stopped where the digits are x exactly.  Digits
 * count after the point (fractional) or in all. */
static void ffp_digits(double x, RtFloatKind kind, bool unique, bool fractional, int prec, int md,
                       RtDigits *r)
{
    RtDigits e;
    rt_digits_sig(x, RT_MAXDIGITS, &e);
    digits_trim(&e);
    if (!unique) {
        ffp_round(x, &e, fractional, prec, r);
        if (r->n > e.n) digits_trim(r);
        return;
    }
    rt_digits_shortest(x, kind, r);
    if (prec >= 0 && (fractional ? frac_len(r) : r->n) > prec) ffp_round(x, &e, fractional, prec, r);
    if ((fractional ? frac_len(r) : r->n) < md) ffp_round(x, &e, fractional, md, r);
}

/* One of format_float_positional's int arguments: -1 when not given (bit of given), NumPy's
 * ValueError when negative. */
static int ffp_arg(int64_t given, int bit, int64_t v, const char *name)
{
    if (!(given & bit)) return -1;
    if (v < 0) rt_raise("ValueError", "%s must be >= 0", name);
    return v > RT_MAXDIGITS ? RT_MAXDIGITS : (int)v;
}

const char *rt_format_float_positional(double x, int64_t kind, int64_t given, int64_t precision, bool unique,
                                       bool fractional, int64_t trim, bool sign, int64_t pad_left,
                                       int64_t pad_right, int64_t min_digits)
{
    int prec = ffp_arg(given, GP_FFP_PRECISION, precision, "precision");
    int pl = ffp_arg(given, GP_FFP_PAD_LEFT, pad_left, "pad_left");
    int pr = ffp_arg(given, GP_FFP_PAD_RIGHT, pad_right, "pad_right");
    int md = ffp_arg(given, GP_FFP_MIN_DIGITS, min_digits, "min_digits");
    if (!fractional && prec == 0)
        rt_raise("ValueError", "precision must be greater than 0 if fractional=False");
    if (md > 0 && prec > 0 && md > prec)
        rt_raise("ValueError", "min_digits must be less than or equal to precision");
    if (!unique && prec < 0) rt_raise("TypeError", "in non-unique mode `precision` must be supplied");
    gp_sb sb = { 0 };
    if (isnan(x)) {
        rt_sb_puts(&sb, "nan");
    } else if (isinf(x)) {
        rt_sb_puts(&sb, x < 0 ? "-inf" : sign ? "+inf" : "inf");
    } else {
        RtDigits r;
        ffp_digits(x, (RtFloatKind)kind, unique, fractional, prec, md, &r);
        int zeros_to = unique && fractional && prec > 0 && x != 0 ? prec : 0;
        ffp_text(&sb, &r, sign, zeros_to, fractional, unique ? md : prec, (char)trim, pl, pr);
    }
    const char *s = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return s;
}

const char *rt_base_repr(int64_t number, int64_t base, int64_t padding)
{
    if (base > 36) rt_raise("ValueError", "Bases greater than 36 not handled in base_repr.");
    if (base < 2) rt_raise("ValueError", "Bases less than 2 not handled in base_repr.");
    char buf[65];
    int n = base_digits(abs_u64(number), (int)base, buf);
    gp_sb sb = { 0 };
    if (number < 0) rt_sb_putc(&sb, '-');
    rt_sb_pad(&sb, '0', padding);
    if (n == 0 && padding <= 0) rt_sb_putc(&sb, '0');
    rt_sb_puts(&sb, buf);
    const char *r = rt_str_dup(sb.s, sb.len);
    rt_sb_free(&sb);
    return r;
}

const char *rt_binary_repr(int64_t num, int64_t width, bool has_width)
{
    char buf[66];
    gp_sb sb = { 0 };
    if (num == 0) {
        rt_sb_pad(&sb, '0', has_width && width > 0 ? width : 1);
    } else if (num > 0 || !has_width) {
        int n = base_digits(abs_u64(num), 2, buf);
        if (has_width && width < n)
            rt_raise("ValueError", "Insufficient bit width=%lld provided for binwidth=%d", (long long)width,
                     n);
        if (num < 0)
            rt_sb_putc(&sb, '-');
        else if (has_width)
            rt_sb_pad(&sb, '0', width - n);
        rt_sb_puts(&sb, buf);
    } else {
        /* two's complement in poswidth + 1 bits (one fewer at a power of two: gh-8679) */
        uint64_t m = abs_u64(num);
        int poswidth = base_digits(m, 2, buf);
        if ((m & (m - 1)) == 0) poswidth--;
        unsigned __int128 twocomp = ((unsigned __int128)1 << (poswidth + 1)) - m;
        int n = base_digits((uint64_t)twocomp, 2, buf);
        if (width < n)
            rt_raise("ValueError", "Insufficient bit width=%lld provided for binwidth=%d", (long long)width,
                     n);
        rt_sb_pad(&sb, '1', width - n);
        rt_sb_puts(&sb, buf);
    }
    const char *r = rt_str_dup(sb.s, sb.len);
    rt_sb_free(&sb);
    return r;
}

/* ---------------------------------------------------------------- poly1d */

/* poly1d's fmt_float: Python's '%.4g' % q (NaN without a sign), a trailing ".0000" dropped. */
static void fmt_coef(gp_sb *sb, double q)
{
    char buf[40];
    if (isnan(q))
        snprintf(buf, sizeof buf, "nan");
    else
        snprintf(buf, sizeof buf, "%.4g", q);
    size_t n = strlen(buf);
    if (n >= 5 && !strcmp(buf + n - 5, ".0000")) buf[n - 5] = '\0';
    rt_sb_puts(sb, buf);
}

/* NumPy's _raise_power(s, wrap=70): the text of s with each "**N" taken out and N written on a
 * line above, the lines broken where either would pass 70 characters. */
static void raise_power(gp_sb *sb, const char *s)
{
    gp_sb l1 = { 0 }, l2 = { 0 };
    size_t n = 0;
    rt_sb_putc(sb, ' ');
    const char *m;
    while ((m = strstr(s + n, "**"))) {
        size_t start = (size_t)(m - s), pe = start + 2;
        while (s[pe] >= '0' && s[pe] <= '9') pe++;
        long part = (long)(start - n), plen = (long)(pe - start - 2);
        long add2 = part + (plen > 1 ? plen - 1 : 0), add1 = (part > 1 ? part - 1 : 0) + plen;
        if ((long)l2.len + add2 > 70 || (long)l1.len + add1 > 70) {
            rt_sb_puts(sb, l1.s ? l1.s : "");
            rt_sb_putc(sb, '\n');
            rt_sb_puts(sb, l2.s ? l2.s : "");
            rt_sb_puts(sb, "\n ");
            rt_sb_free(&l1);
            rt_sb_free(&l2);
        }
        for (size_t i = n; i < start; i++) rt_sb_putc(&l2, s[i]);
        rt_sb_pad(&l2, ' ', plen - 1);
        rt_sb_pad(&l1, ' ', part - 1);
        for (size_t i = start + 2; i < pe; i++) rt_sb_putc(&l1, s[i]);
        n = pe;
    }
    rt_sb_puts(sb, l1.s ? l1.s : "");
    rt_sb_putc(sb, '\n');
    rt_sb_puts(sb, l2.s ? l2.s : "");
    rt_sb_puts(sb, s + n);
    rt_sb_free(&l1);
    rt_sb_free(&l2);
}

/* One term of poly1d.__str__: the coefficient's text (re, im; complex: its imaginary part
 * counts) with var and the power (NumPy's never matched 'b' case left out), "" for a zero. */
static void poly_term(gp_sb *t, double re, double im, bool cplx, const char *var, int64_t power, bool first)
{
    gp_sb c = { 0 };
    if (!cplx || im == 0) {
        fmt_coef(&c, re);
    } else if (re == 0) {
        fmt_coef(&c, im);
        rt_sb_putc(&c, 'j');
    } else {
        rt_sb_putc(&c, '(');
        fmt_coef(&c, re);
        rt_sb_puts(&c, " + ");
        fmt_coef(&c, im);
        rt_sb_puts(&c, "j)");
    }
    const char *cs = c.s ? c.s : "";
    bool zero = !strcmp(cs, "0");
    if (!zero || (power == 0 && first)) {
        rt_sb_puts(t, cs);
        if (power >= 1) {
            rt_sb_putc(t, ' ');
            rt_sb_puts(t, var);
        }
        if (power >= 2) rt_sb_printf(t, "**%lld", (long long)power);
    }
    rt_sb_free(&c);
}

void rt_sb_poly1d(gp_sb *sb, const gp_array *c, const char *var, bool repr)
{
    if (repr) { /* "poly1d(" + repr(c.coeffs)[6:-1] + ")" */
        gp_sb t = { 0 };
        rt_sb_array_repr(&t, c);
        rt_sb_puts(sb, "poly1d(");
        for (size_t i = 6; i + 1 < t.len; i++) rt_sb_putc(sb, t.s[i]);
        rt_sb_putc(sb, ')');
        rt_sb_free(&t);
        return;
    }
    size_t esz = rt_dtype_size(c->dtype);
    char *h = rt_xmalloc((size_t)(c->size ? c->size : 1) * esz);
    rt_to_host(c, h);
    bool cplx = c->dtype == GP_COMPLEX64 || c->dtype == GP_COMPLEX128;
    int64_t first = 0, n = c->size;
    double *re = rt_xmalloc((size_t)(n ? n : 1) * sizeof(double)),
           *im = rt_xmalloc((size_t)(n ? n : 1) * sizeof(double));
    for (int64_t i = 0; i < n; i++) {
        const char *p = h + (size_t)i * esz;
        re[i] = rt_elem_f64(p, c->dtype);
        im[i] = !cplx ? 0 : c->dtype == GP_COMPLEX64 ? ((const float *)p)[1] : ((const double *)p)[1];
    }
    while (first < n && re[first] == 0 && im[first] == 0) first++; /* the leading zeros go */
    gp_sb t = { 0 };
    rt_sb_putc(&t, '0');
    for (int64_t k = first; k < n; k++) {
        gp_sb term = { 0 };
        poly_term(&term, re[k], im[k], cplx, var, n - 1 - k, k == first);
        const char *ts = term.s ? term.s : "";
        if (k == first) {
            t.len = 0;
            t.s[0] = '\0';
            rt_sb_puts(&t, ts);
        } else if (*ts == '-') {
            rt_sb_puts(&t, " - ");
            rt_sb_puts(&t, ts + 1);
        } else if (*ts) {
            rt_sb_puts(&t, " + ");
            rt_sb_puts(&t, ts);
        }
        rt_sb_free(&term);
    }
    raise_power(sb, t.s);
    rt_sb_free(&t);
    free(re);
    free(im);
    free(h);
}
