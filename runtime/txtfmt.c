/*
 * txtfmt.c — text tables as NumPy 1.24 reads them (txtfmt.h).
 *
 * Invariants:
 *   - Lines end at "\n", "\r\n" or "\r" (Python's universal newlines); a comment marker ends a
 *     line's data; a line with nothing but blanks left is skipped and counts as no row (loadtxt's
 *     skiprows and genfromtxt's skip_header count physical lines, blank or not).
 *   - Fields: split at runs of blanks (no delimiter) or at each delimiter (fields keep their
 *     blanks, which the number parsers allow around a number).
 *   - Rows in messages: loadtxt's conversion errors count data rows from 0, its column errors
 *     from 1 (NumPy's own two conventions); genfromtxt's "Line #" is the physical line.
 *   - Numbers parse as Python's float() and int() do, without underscores (NumPy's parser):
 *     an optional sign, digits with an optional point and exponent, inf, infinity, nan (any
 *     case).  loadtxt parses an integer field that is not an integer as a float and truncates
 *     it (NumPy 1.23's deprecated path); a bool field is an integer, true when non-zero.
 *   - Nothing is allocated but the table and the scratch freed before returning.
 */
#include "txtfmt.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t txt_kind_size(TxtKind kind)
{
    return kind == TXT_BOOL ? 1 : kind == TXT_C128 ? 16 : kind == TXT_COUNT ? 0 : 8;
}

/* Fills e: ValueError with a printf-style message; returns NPY_ERR. */
static int fail(NpyError *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(NpyError *e, const char *fmt, ...)
{
    snprintf(e->exc, sizeof e->exc, "ValueError");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return NPY_ERR;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

/* ---------------------------------------------------------------- numbers */

/* The field s[0..n) without its surrounding blanks. */
static void trim(const char **s, size_t *n)
{
    while (*n && (blank(**s) || **s == '\n' || **s == '\r')) (*s)++, (*n)--;
    while (*n && (blank((*s)[*n - 1]) || (*s)[*n - 1] == '\n' || (*s)[*n - 1] == '\r')) (*n)--;
}

/* Length of the real number at s (at most n bytes) in Python's float() syntax, 0 if none. */
static size_t real_len(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    static const char *const words[] = { "infinity", "inf", "nan" };
    for (int w = 0; w < 3; w++) {
        size_t k = strlen(words[w]);
        if (n - i >= k && !strncasecmp(s + i, words[w], k)) return i + k;
    }
    size_t d = 0;
    while (i < n && isdigit((unsigned char)s[i])) i++, d++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && isdigit((unsigned char)s[i])) i++, d++;
    }
    if (!d) return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-')) j++;
        size_t e0 = j;
        while (j < n && isdigit((unsigned char)s[j])) j++;
        if (j > e0) i = j;
    }
    return i;
}

/* strtod of s[0..k) (k from real_len). */
static double to_double(const char *s, size_t k)
{
    char buf[512];
    if (k >= sizeof buf) k = sizeof buf - 1;
    memcpy(buf, s, k);
    buf[k] = '\0';
    return strtod(buf, NULL);
}

/* A float field. */
static bool parse_f64(const char *s, size_t n, double *out)
{
    trim(&s, &n);
    size_t k = real_len(s, n);
    if (!k || k != n) return false;
    *out = to_double(s, k);
    return true;
}

/* A complex field: a real, an imaginary (…j) or real±imag j, optionally in parentheses. */
static bool parse_c128(const char *s, size_t n, double out[2])
{
    trim(&s, &n);
    if (n >= 2 && s[0] == '(' && s[n - 1] == ')') s++, n -= 2;
    size_t k = real_len(s, n);
    if (!k) return false;
    double a = to_double(s, k);
    if (k == n) return out[0] = a, out[1] = 0, true;
    if (k + 1 == n && (s[k] == 'j' || s[k] == 'J')) return out[0] = 0, out[1] = a, true;
    if (s[k] != '+' && s[k] != '-') return false;
    size_t k2 = real_len(s + k, n - k);
    if (!k2 || k + k2 + 1 != n || (s[k + k2] != 'j' && s[k + k2] != 'J')) return false;
    out[0] = a;
    out[1] = to_double(s + k, k2);
    return true;
}

/* An integer field (a sign and digits); false when it is not one or does not fit. */
static bool parse_int(const char *s, size_t n, bool u, int64_t *out)
{
    trim(&s, &n);
    size_t i = s && n && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    if (i == n) return false;
    for (size_t j = i; j < n; j++)
        if (!isdigit((unsigned char)s[j])) return false;
    char buf[32];
    if (n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    if (u && s[0] != '-')
        *out = (int64_t)strtoull(buf, &end, 10);
    else
        *out = strtoll(buf, &end, 10);
    return errno == 0;
}

/* genfromtxt's bool: "True"/"False" in any case. */
static bool parse_word_bool(const char *s, size_t n, uint8_t *out)
{
    trim(&s, &n);
    if (n == 4 && !strncasecmp(s, "true", 4)) return *out = 1, true;
    if (n == 5 && !strncasecmp(s, "false", 5)) return *out = 0, true;
    return false;
}

/* Converts field s[0..n) into dst as o->kind; false when it does not parse (loadtxt's rules:
 * an int falls back to a float, truncated). */
static bool convert(const TxtOpts *o, const char *s, size_t n, void *dst)
{
    int64_t i;
    double d;
    switch (o->kind) {
    case TXT_F64: return parse_f64(s, n, dst);
    case TXT_C128: return parse_c128(s, n, dst);
    case TXT_BOOL:
        if (o->mode == TXT_GENFROMTXT) return parse_word_bool(s, n, dst);
        if (!parse_int(s, n, false, &i)) return false;
        *(uint8_t *)dst = i != 0;
        return true;
    case TXT_I64:
    case TXT_U64:
        if (parse_int(s, n, o->kind == TXT_U64, &i)) {
            memcpy(dst, &i, 8);
            return true;
        }
        if (o->mode == TXT_GENFROMTXT || !parse_f64(s, n, &d)) return false;
        if (o->kind == TXT_U64 && d >= 0 && d < 18446744073709551616.0)
            i = (int64_t)(uint64_t)d;
        else
            i = d > -9223372036854775808.0 && d < 9223372036854775808.0 ? (int64_t)d : INT64_MIN;
        memcpy(dst, &i, 8);
        return true;
    case TXT_COUNT: return true;
    }
    return false;
}

/* genfromtxt's value of a missing or bad field. */
static void filled(const TxtOpts *o, void *dst)
{
    int64_t i;
    switch (o->kind) {
    case TXT_F64: *(double *)dst = o->has_fill ? o->fill : NAN; break;
    case TXT_C128:
        ((double *)dst)[0] = o->has_fill ? o->fill : NAN;
        ((double *)dst)[1] = 0;
        break;
    case TXT_BOOL: *(uint8_t *)dst = o->has_fill && o->fill != 0; break;
    case TXT_I64:
    case TXT_U64:
        i = o->has_fill ? (int64_t)o->fill : -1;
        memcpy(dst, &i, 8);
        break;
    case TXT_COUNT: break;
    }
}

/* ---------------------------------------------------------------- lines and fields */

/* A field of the current line. */
typedef struct Field {
    const char *s;
    size_t n;
} Field;

/* Growable storage: the fields of one line, the values of the table. */
typedef struct Buf {
    char *p;
    size_t len, cap;
} Buf;

static void *grow(Buf *b, size_t extra)
{
    if (!b->p || b->len + extra > b->cap) { /* a first grow(0) allocates too: no offset on NULL */
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + extra) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) abort();
        b->p = p;
        b->cap = cap;
    }
    void *r = b->p + b->len;
    b->len += extra;
    return r;
}

/* The end of the line's data: the first comment marker, else end. */
static const char *data_end(const TxtOpts *o, const char *s, const char *end)
{
    const char *c = o->comments;
    if (!c || !*c) return end;
    const char *best = end;
    while (*c) {
        const char *sep = strchr(c, '\x1f');
        size_t k = sep ? (size_t)(sep - c) : strlen(c);
        for (const char *p = s; k && p + k <= best; p++)
            if (!memcmp(p, c, k)) {
                best = p;
                break;
            }
        c += k + (sep ? 1 : 0);
    }
    return best;
}

/* Splits s[0..end) into fields (appended to f as Field); returns their count. */
static int64_t split(const TxtOpts *o, const char *s, const char *end, Buf *f)
{
    f->len = 0;
    int64_t n = 0;
    const char *d = o->delim && *o->delim ? o->delim : NULL;
    if (!d) {
        for (const char *p = s; p < end;) {
            while (p < end && blank(*p)) p++;
            if (p == end) break;
            const char *q = p;
            while (q < end && !blank(*q)) q++;
            *(Field *)grow(f, sizeof(Field)) = (Field){ p, (size_t)(q - p) };
            n++;
            p = q;
        }
        return n;
    }
    size_t k = strlen(d);
    for (const char *p = s;;) {
        const char *q = p;
        while (q + k <= end && memcmp(q, d, k)) q++;
        if (q + k > end) q = end;
        *(Field *)grow(f, sizeof(Field)) = (Field){ p, (size_t)(q - p) };
        n++;
        if (q == end) break;
        p = q + k;
    }
    return n;
}

/* True when s[0..n) is one of genfromtxt's missing markers: "" or one of o->missing. */
static bool is_missing(const TxtOpts *o, const char *s, size_t n)
{
    if (!n) return true;
    for (const char *c = o->missing; c && *c;) {
        const char *sep = strchr(c, '\x1f');
        size_t k = sep ? (size_t)(sep - c) : strlen(c);
        if (k == n && !memcmp(c, s, n)) return true;
        c += k + (sep ? 1 : 0);
    }
    return false;
}

/* A field as Python's repr shows it in a message, at most 200 bytes. */
static void field_text(char *buf, size_t cap, const Field *fl)
{
    size_t n = fl->n < 200 ? fl->n : 200;
    snprintf(buf, cap, "%.*s", (int)n, fl->s);
}

/* One line of the text: [s, end), and where the next starts. */
static const char *next_line(const char *s, const char *text_end, const char **end)
{
    const char *p = s;
    while (p < text_end && *p != '\n' && *p != '\r') p++;
    *end = p;
    if (p < text_end && *p == '\r' && p + 1 < text_end && p[1] == '\n') p++;
    return p < text_end ? p + 1 : p;
}

/* True when s[0..end) holds blanks only. */
static bool all_blank(const char *s, const char *end)
{
    for (; s < end; s++)
        if (!blank(*s)) return false;
    return true;
}

/* The column usecols[k] names in a row of nf fields, or -1 when out of range. */
static int64_t use_col(const TxtOpts *o, int k, int64_t nf)
{
    int64_t c = o->usecols[k] < 0 ? o->usecols[k] + nf : o->usecols[k];
    return c >= 0 && c < nf ? c : -1;
}

/* loadtxt: every data row converted, NumPy's errors for the first bad one. */
static int parse_loadtxt(const TxtOpts *o, const char *text, size_t n, TxtTable *t, Buf *fields, Buf *vals,
                         NpyError *e)
{
    size_t vsz = txt_kind_size(o->kind);
    const char *p = text, *tend = text + n, *lend;
    for (int64_t li = 0; p < tend; li++) {
        const char *line = p;
        p = next_line(line, tend, &lend);
        if (li < o->skiprows) continue;
        const char *dend = data_end(o, line, lend);
        if (all_blank(line, dend)) continue;
        if (o->max_rows >= 0 && t->rows == o->max_rows) break;
        int64_t nf = split(o, line, dend, fields);
        const Field *fl = (const Field *)fields->p;
        int64_t ncols = o->nusecols ? o->nusecols : nf;
        if (o->nusecols) {
            for (int k = 0; k < o->nusecols; k++)
                if (use_col(o, k, nf) < 0)
                    return fail(e, "invalid column index %lld at row %lld with %lld columns",
                                (long long)o->usecols[k], (long long)t->rows + 1, (long long)nf);
        } else if (t->cols >= 0 && nf != t->cols) {
            return fail(e,
                        "the number of columns changed from %lld to %lld at row %lld; use `usecols` to "
                        "select a subset and avoid this error",
                        (long long)t->cols, (long long)nf, (long long)t->rows + 1);
        }
        t->cols = ncols;
        char *dst = grow(vals, vsz * (size_t)ncols);
        for (int64_t k = 0; k < ncols; k++) {
            int64_t c = o->nusecols ? use_col(o, (int)k, nf) : k;
            if (!convert(o, fl[c].s, fl[c].n, dst + k * (int64_t)vsz)) {
                char buf[256];
                field_text(buf, sizeof buf, &fl[c]);
                return fail(e, "could not convert string '%s' to %s at row %lld, column %lld.", buf,
                            o->dtname, (long long)t->rows, (long long)c + 1);
            }
        }
        t->rows++;
    }
    return NPY_OK;
}

/* genfromtxt: rows of the first row's width (others listed as NumPy lists them), missing and
 * bad fields filled. */
static int parse_genfromtxt(const TxtOpts *o, const char *text, size_t n, TxtTable *t, Buf *fields, Buf *vals,
                            NpyError *e)
{
    size_t vsz = txt_kind_size(o->kind);
    const char *p = text, *tend = text + n, *lend;
    int64_t li = 0, i = -1, nbcols = -1;
    Buf bad = { 0 }; /* pairs of int64: line number, fields */
    for (; p < tend; li++) {
        const char *line = p;
        p = next_line(line, tend, &lend);
        if (li < o->skiprows) continue;
        const char *dend = data_end(o, line, lend);
        int64_t nf = all_blank(line, dend) ? 0 : split(o, line, dend, fields);
        if (i < 0 && !nf) continue; /* before the first line with data */
        i++;
        if (!nf) continue;
        if (nbcols < 0) nbcols = o->nusecols ? o->nusecols : nf;
        if (o->max_rows >= 0 && t->rows == o->max_rows) break;
        bool ok = true;
        for (int k = 0; k < o->nusecols; k++) ok = ok && use_col(o, k, nf) >= 0;
        if (!ok || (!o->nusecols && nf != nbcols)) {
            int64_t *b = grow(&bad, 16);
            b[0] = i + o->skiprows + 1;
            b[1] = nf;
            continue;
        }
        const Field *fl = (const Field *)fields->p;
        char *dst = grow(vals, vsz * (size_t)nbcols);
        for (int64_t k = 0; k < nbcols; k++) {
            const Field *f = &fl[o->nusecols ? use_col(o, (int)k, nf) : k];
            void *d = dst + k * (int64_t)vsz;
            if (is_missing(o, f->s, f->n) || !convert(o, f->s, f->n, d)) filled(o, d);
        }
        t->rows++;
    }
    t->cols = nbcols < 0 ? 0 : nbcols;
    int64_t nbad = (int64_t)(bad.len / 16), footer = o->skip_footer;
    const int64_t *b = (const int64_t *)bad.p;
    if (nbad && footer > 0) { /* bad lines within the footer are forgiven */
        int64_t nbrows = t->rows + nbad - footer, skipped = 0;
        for (int64_t k = 0; k < nbad; k++) skipped += b[2 * k] > nbrows + o->skiprows;
        nbad -= skipped;
        footer -= skipped;
    }
    if (nbad) {
        size_t len = (size_t)snprintf(e->msg, sizeof e->msg, "Some errors were detected !");
        for (int64_t k = 0; k < nbad && len < sizeof e->msg; k++)
            len += (size_t)snprintf(e->msg + len, sizeof e->msg - len,
                                    "\n    Line #%lld (got %lld columns instead of %lld)",
                                    (long long)b[2 * k], (long long)b[2 * k + 1], (long long)nbcols);
        snprintf(e->exc, sizeof e->exc, "ValueError");
        free(bad.p);
        return NPY_ERR;
    }
    free(bad.p);
    t->rows = footer > 0 ? (t->rows > footer ? t->rows - footer : 0) : t->rows;
    return NPY_OK;
}

/* fromfile(sep=): numbers separated by sep (blanks around it and in it match any run of
 * whitespace, none too), at most max_rows of them (-1: all); reading stops at the first text
 * that does not fit. */
static int parse_sep(const TxtOpts *o, const char *text, size_t n, TxtTable *t, Buf *vals)
{
    size_t vsz = txt_kind_size(o->kind);
    const char *p = text, *end = text + n;
    t->rows = 1;
    t->cols = 0;
    while (o->max_rows < 0 || t->cols < o->max_rows) {
        while (p < end && isspace((unsigned char)*p)) p++;
        size_t k = real_len(p, (size_t)(end - p));
        if (o->kind != TXT_F64 && o->kind != TXT_C128) { /* an integer: sign and digits */
            k = p < end && (*p == '+' || *p == '-');
            while (p + k < end && isdigit((unsigned char)p[k])) k++;
        }
        if (!k) break;
        char *dst = grow(vals, vsz);
        if (!convert(o, p, k, dst)) {
            vals->len -= vsz;
            break;
        }
        t->cols++;
        p += k;
        bool ok = true;
        while (p < end && isspace((unsigned char)*p)) p++; /* NumPy pads sep with blanks */
        for (const char *s = o->delim; ok && *s; s++) {
            if (isspace((unsigned char)*s))
                while (p < end && isspace((unsigned char)*p)) p++;
            else if (p < end && *p == *s)
                p++;
            else
                ok = false;
        }
        if (!ok) break;
    }
    return NPY_OK;
}

int txt_parse(const char *text, size_t n, const TxtOpts *o, TxtTable *t, NpyError *e)
{
    Buf fields = { 0 }, vals = { 0 };
    t->rows = 0;
    t->cols = -1;
    t->data = NULL;
    int rc = o->mode == TXT_SEP       ? parse_sep(o, text, n, t, &vals)
             : o->mode == TXT_LOADTXT ? parse_loadtxt(o, text, n, t, &fields, &vals, e)
                                      : parse_genfromtxt(o, text, n, t, &fields, &vals, e);
    free(fields.p);
    if (t->cols < 0) t->cols = 0;
    if (rc != NPY_OK) {
        free(vals.p);
        return rc;
    }
    t->data = vals.p ? vals.p : malloc(1);
    return NPY_OK;
}

void txt_shape(int64_t rows, int64_t cols, int ndmin, int *ndim, int64_t shape[2])
{
    int nd = 0;
    int64_t s[2];
    if (rows == 0) { /* no data: NumPy's empty 1-d array */
        s[nd++] = 0;
    } else { /* (rows, cols) squeezed when ndmin is smaller */
        if (rows != 1 || ndmin == 2) s[nd++] = rows;
        if (cols != 1 || ndmin == 2) s[nd++] = cols;
    }
    if (nd < ndmin) { /* atleast_1d, or atleast_2d(a).T: (n,) -> (n, 1), () -> (1, 1) */
        if (nd == 0) s[nd++] = 1;
        if (ndmin == 2 && nd == 1) s[nd++] = 1;
    }
    *ndim = nd;
    memcpy(shape, s, sizeof s);
}
