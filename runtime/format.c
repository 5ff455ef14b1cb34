/*
 * format.c — the string builder and Python's formatting of scalars: repr(float), repr(complex),
 * and format(value, spec) with the format-spec mini-language, byte-identical to CPython 3.
 * NumPy's array printing (print.c) builds on the digit generators defined here.
 *
 * Invariants:
 *   - a gp_sb's s is NULL (empty, never grown) or NUL-terminated at s[len]; len < cap.
 *   - Digit strings (RtDigits) hold the significant decimal digits of |v| with the value
 *     equal to 0.D1D2...Dn × 10^decpt; shortest digits carry no trailing zeros, and zero is
 *     the single digit "0" with decpt 1.
 *   - Rounding to a number of digits is done by glibc's printf, which rounds the exact binary
 *     value half-to-even, as CPython's dtoa and NumPy's Dragon4 do.
 *   - Errors go through rt_raise with CPython 3.11's messages; nothing here exits otherwise.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ================================================================ the builder */

/* Makes room for extra more bytes plus the NUL. */
static void sb_reserve(gp_sb *sb, size_t extra)
{
    if (sb->s && sb->len + extra < sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap <= sb->len + extra)
        cap *= 2;
    sb->s = rt_xrealloc(sb->s, cap);
    sb->cap = cap;
    sb->s[sb->len] = '\0';
}

/* Appends one byte. */
void rt_sb_putc(gp_sb *sb, char c)
{
    sb_reserve(sb, 1);
    sb->s[sb->len++] = c;
    sb->s[sb->len] = '\0';
}

/* Appends n bytes of s. */
void rt_sb_putn(gp_sb *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memcpy(sb->s + sb->len, s, n);
    sb->len += n;
    sb->s[sb->len] = '\0';
}

/* Appends a NUL-terminated string. */
void rt_sb_puts(gp_sb *sb, const char *s)
{
    rt_sb_putn(sb, s, strlen(s));
}

/* Appends n copies of c (nothing when n <= 0). */
void rt_sb_pad(gp_sb *sb, char c, int64_t n)
{
    if (n <= 0)
        return;
    sb_reserve(sb, (size_t)n);
    memset(sb->s + sb->len, c, (size_t)n);
    sb->len += (size_t)n;
    sb->s[sb->len] = '\0';
}

/* printf into the builder. */
void rt_sb_printf(gp_sb *sb, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        sb_reserve(sb, (size_t)n);
        vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap2);
        sb->len += (size_t)n;
    }
    va_end(ap2);
}

/* Frees the buffer; the builder is empty and reusable afterwards. */
void rt_sb_free(gp_sb *sb)
{
    free(sb->s);
    sb->s = NULL;
    sb->len = sb->cap = 0;
}

/* sb, then end, to f; sb is emptied (capacity kept). */
void rt_sb_write(gp_sb *sb, const char *end, FILE *f)
{
    if (sb->len)
        fwrite(sb->s, 1, sb->len, f);
    if (end)
        fputs(end, f);
    sb->len = 0;
    if (sb->s)
        sb->s[0] = '\0';
}

/* The one place program output is written: sb, then end; sb is emptied (capacity kept). */
void rt_sb_print(gp_sb *sb, const char *end) { rt_sb_write(sb, end, stdout); }

/* print(..., file=sys.stderr): stdout's pending output first, so that a terminal shows the
 * two streams in the program's order, then sb and end to stderr (unbuffered). */
void rt_sb_eprint(gp_sb *sb, const char *end)
{
    fflush(stdout);
    rt_sb_write(sb, end, stderr);
}

/* Hands the buffer to the caller (a heap string it may keep for the program's lifetime). */
const char *rt_sb_take(gp_sb *sb)
{
    sb_reserve(sb, 0);
    char *s = sb->s;
    sb->s = NULL;
    sb->len = sb->cap = 0;
    return s;
}

/* ================================================================ decimal digits */

/* Digits of |v| (finite) rounded to nsig >= 1 significant digits, trailing zeros kept.
 * d must hold nsig + 1 bytes; returns decpt. */
static int digits_sig(double v, int nsig, char *d)
{
    size_t cap = (size_t)nsig + 32;
    char small[128];
    char *buf = cap <= sizeof small ? small : rt_xmalloc(cap);
    snprintf(buf, cap, "%.*e", nsig - 1, fabs(v));
    int n = 0;
    const char *p = buf;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            d[n++] = *p;
    d[n] = '\0';
    int e = atoi(p + 1);
    if (buf != small)
        free(buf);
    if (v == 0)
        return 1;
    return e + 1;
}

/* Does the decimal 0.d × 10^decpt read back as v in the given float kind?  Reading back
 * rounds half to even, so an exact halfway point counts for an even mantissa: CPython's dtoa
 * and NumPy's Dragon4 ("IEEE unbiased rounding") both accept it. */
static bool digits_roundtrip(const char *d, int decpt, double v, RtFloatKind kind)
{
    char buf[64];
    snprintf(buf, sizeof buf, "0.%se%d", d, decpt);
    double av = fabs(v);
    if (kind == RT_F64)
        return strtod(buf, NULL) == av;
    if (kind == RT_F32)
        return strtof(buf, NULL) == av;
    return rt_half_to_f64(rt_f64_to_half(strtod(buf, NULL))) == av;
}

/* Adds (dir = 1) or subtracts (dir = -1) one unit in the last of n digits, in place.
 * Returns the new decpt (a carry out adds a digit position; a borrow may drop one). */
static int digits_step(char *d, int n, int decpt, int dir)
{
    int i = n - 1;
    if (dir > 0) {
        while (i >= 0 && d[i] == '9')
            d[i--] = '0';
        if (i < 0) {
            d[0] = '1';
            return decpt + 1;
        }
        d[i]++;
        return decpt;
    }
    while (i >= 0 && d[i] == '0')
        d[i--] = '9';
    if (i < 0)
        return decpt;   /* 0 - 1: not reached for non-zero digits */
    d[i]--;
    if (d[0] == '0' && n > 1) {
        memmove(d, d + 1, (size_t)n);   /* drops the leading zero (and moves the NUL) */
        return decpt - 1;
    }
    return decpt;
}

/* Strips trailing zeros (keeps at least one digit). */
static void digits_trim(RtDigits *r)
{
    while (r->n > 1 && r->d[r->n - 1] == '0')
        r->n--;
    r->d[r->n] = '\0';
}

/* The shortest digits that read back as v in its float kind, the closest to v among those.
 * v must be finite. */
void rt_digits_shortest(double v, RtFloatKind kind, RtDigits *r)
{
    r->neg = signbit(v) != 0;
    if (v == 0) {
        strcpy(r->d, "0");
        r->n = 1;
        r->decpt = 1;
        return;
    }
    int maxd = kind == RT_F64 ? 17 : kind == RT_F32 ? 9 : 5;
    for (int p = 1; p <= maxd; p++) {
        char d[32], t[32];
        int decpt = digits_sig(v, p, d);
        if (p == maxd || digits_roundtrip(d, decpt, v, kind)) {
            strcpy(r->d, d);
            r->n = p;
            r->decpt = decpt;
            digits_trim(r);
            return;
        }
        for (int dir = 1; dir >= -1; dir -= 2) {
            strcpy(t, d);
            int dp = digits_step(t, p, decpt, dir);
            if (digits_roundtrip(t, dp, v, kind)) {
                strcpy(r->d, t);
                r->n = (int)strlen(t);
                r->decpt = dp;
                digits_trim(r);
                return;
            }
        }
    }
}

/* |v| rounded to nsig significant digits (1 <= nsig <= RT_MAXDIGITS), trailing zeros kept. */
void rt_digits_sig(double v, int nsig, RtDigits *r)
{
    r->neg = signbit(v) != 0;
    r->decpt = digits_sig(v, nsig, r->d);
    r->n = nsig;
}

/* |v| rounded to nfrac digits after the decimal point (nfrac >= 0), as significant digits;
 * a value that rounds to zero gives "0" with decpt 1 (its sign kept in neg).  The integer
 * digits and nfrac together must fit RT_MAXDIGITS. */
void rt_digits_frac(double v, int nfrac, RtDigits *r)
{
    r->neg = signbit(v) != 0;
    char buf[RT_MAXDIGITS + 32];
    snprintf(buf, sizeof buf, "%.*f", nfrac, fabs(v));
    int n = 0, decpt = 0;
    for (const char *p = buf; *p; p++) {
        if (*p == '.')
            decpt = n;
        else if (n < RT_MAXDIGITS)
            r->d[n++] = *p;
    }
    if (!strchr(buf, '.'))
        decpt = n;
    int lead = 0;                       /* leading zeros */
    while (lead < n - 1 && r->d[lead] == '0')
        lead++;
    memmove(r->d, r->d + lead, (size_t)(n - lead));
    n -= lead;
    decpt -= lead;
    r->d[n] = '\0';
    r->n = n;
    r->decpt = decpt;
    if (n == 1 && r->d[0] == '0')
        r->decpt = 1;
}

/* ================================================================ Python repr */

/* Python's short float layout (format_float_short) of digits r, padded with zeros to
 * min_sig significant digits:
 *   exponent:   d[.ddd]e±XX (the point also when alt);
 *   positional: the point placed among the digits, zeros added as needed; add_dot0 gives
 *               integral values ".0" (repr), alt keeps a bare point ("100."). */
static void py_layout(gp_sb *sb, const RtDigits *r, bool use_exp, bool add_dot0, bool alt,
                      int min_sig)
{
    const char *d = r->d;
    int n = r->n;
    int nn = min_sig > n ? min_sig : n;            /* digits shown, zeros past n */
    if (use_exp) {
        int e = r->decpt - 1;
        rt_sb_putc(sb, d[0]);
        if (nn > 1 || alt)
            rt_sb_putc(sb, '.');
        rt_sb_putn(sb, d + 1, (size_t)(n - 1));
        rt_sb_pad(sb, '0', nn - n);
        rt_sb_printf(sb, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
        return;
    }
    if (r->decpt <= 0) {
        rt_sb_puts(sb, "0.");
        rt_sb_pad(sb, '0', -r->decpt);
        rt_sb_putn(sb, d, (size_t)n);
        rt_sb_pad(sb, '0', nn - n);
    } else if (r->decpt >= nn) {
        rt_sb_putn(sb, d, (size_t)n);
        rt_sb_pad(sb, '0', r->decpt - n);
        if (alt || add_dot0)
            rt_sb_putc(sb, '.');
        if (add_dot0)
            rt_sb_putc(sb, '0');
    } else {
        int ip = r->decpt < n ? r->decpt : n;
        rt_sb_putn(sb, d, (size_t)ip);
        rt_sb_pad(sb, '0', r->decpt - ip);
        rt_sb_putc(sb, '.');
        if (n > r->decpt)
            rt_sb_putn(sb, d + r->decpt, (size_t)(n - r->decpt));
        rt_sb_pad(sb, '0', nn - (n > r->decpt ? n : r->decpt));
    }
}

/* repr() of |v| digits without sign, or inf/nan. */
static void py_repr_body(gp_sb *sb, double v, bool add_dot0)
{
    if (isnan(v)) {
        rt_sb_puts(sb, "nan");
        return;
    }
    if (isinf(v)) {
        rt_sb_puts(sb, "inf");
        return;
    }
    RtDigits r;
    rt_digits_shortest(v, RT_F64, &r);
    bool use_exp = r.decpt <= -4 || r.decpt > 16;
    py_layout(sb, &r, use_exp, add_dot0, false, 0);
}

/* str() of a bool, an int and None. */
void rt_sb_bool(gp_sb *sb, bool v)
{
    rt_sb_puts(sb, v ? "True" : "False");
}

void rt_sb_i64(gp_sb *sb, int64_t v)
{
    rt_sb_printf(sb, "%lld", (long long)v);
}

void rt_sb_none(gp_sb *sb)
{
    rt_sb_puts(sb, "None");
}

/* repr(float): shortest round-trip digits; positional when -4 <= exponent < 16. */
void rt_sb_f64(gp_sb *sb, double v)
{
    if (signbit(v) && !isnan(v))
        rt_sb_putc(sb, '-');
    py_repr_body(sb, v, true);
}

/* repr(complex): (1+2j), 2j when the real part is +0.0, parts without ".0". */
void rt_sb_c128(gp_sb *sb, double re, double im)
{
    bool skip_re = re == 0 && !signbit(re);
    if (!skip_re) {
        rt_sb_putc(sb, '(');
        if (signbit(re) && !isnan(re))
            rt_sb_putc(sb, '-');
        py_repr_body(sb, re, false);
        rt_sb_putc(sb, signbit(im) && !isnan(im) ? '-' : '+');
    } else if (signbit(im) && !isnan(im)) {
        rt_sb_putc(sb, '-');
    }
    py_repr_body(sb, im, false);
    rt_sb_putc(sb, 'j');
    if (!skip_re)
        rt_sb_putc(sb, ')');
}

/* ================================================================ format specs */

/* A parsed format spec: [[fill]align][sign][z][#][0][width][grouping][.precision][type]. */
typedef struct Spec {
    char fill[5];            /* one UTF-8 character */
    char align;              /* '<' '>' '^' '=' or 0 (the type's default) */
    char sign;               /* '+' ' ' '-' or 0 */
    bool z, alt, zero_fill;
    int64_t width;           /* -1: none */
    char grouping;           /* ',' '_' or 0 */
    int group_size;          /* 3, or 4 for '_' with b/o/x/X */
    int64_t precision;       /* -1: none */
    char type;               /* 0: none */
    bool fill_given;
} Spec;

/* Length of the UTF-8 sequence starting with byte c (1 for invalid bytes). */
static int utf8_len(unsigned char c)
{
    return c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : 1;
}

/* Number of code points in s[0..n). */
static int64_t utf8_count(const char *s, size_t n)
{
    int64_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            k++;
    return k;
}

static bool is_align(char c)
{
    return c == '<' || c == '>' || c == '^' || c == '=';
}

/* Reads a decimal integer at *p; false when the value exceeds what Python accepts. */
static bool read_int(const char **p, int64_t *out)
{
    int64_t v = 0;
    while (**p >= '0' && **p <= '9') {
        if (v > (INT64_C(1) << 62) / 10)
            return false;
        v = v * 10 + (**p - '0');
        (*p)++;
    }
    *out = v;
    return true;
}

/* Parses spec as CPython's parse_internal_render_format_spec does; default_align is the
 * type's ('>' for numbers, '<' for str).  tname names the type in error messages. */
static void spec_parse(Spec *sp, const char *spec, char default_align, char default_type,
                       const char *tname)
{
    memset(sp, 0, sizeof *sp);
    strcpy(sp->fill, " ");
    sp->width = -1;
    sp->precision = -1;
    sp->group_size = 3;
    const char *p = spec;
    int cl = utf8_len((unsigned char)p[0]);
    bool align_given = false;
    bool whole = true;    /* the fill character's bytes are all there */
    for (int i = 0; i < cl; i++)
        if (!p[i])
            whole = false;
    if (p[0] && whole && is_align(p[cl])) {
        memcpy(sp->fill, p, (size_t)cl);
        sp->fill[cl] = '\0';
        sp->align = p[cl];
        sp->fill_given = align_given = true;
        p += cl + 1;
    } else if (is_align(p[0])) {
        sp->align = p[0];
        align_given = true;
        p++;
    }
    if (*p == '+' || *p == '-' || *p == ' ')
        sp->sign = *p++;
    if (*p == 'z') {
        sp->z = true;
        p++;
    }
    if (*p == '#') {
        sp->alt = true;
        p++;
    }
    if (!sp->fill_given && *p == '0') {
        strcpy(sp->fill, "0");
        sp->zero_fill = true;
        if (!align_given && default_align == '>')
            sp->align = '=';
        p++;
    }
    const char *w0 = p;
    int64_t v;
    if (!read_int(&p, &v))
        rt_raise("ValueError", "Too many decimal digits in format string");
    if (p != w0)
        sp->width = v;
    if (*p == ',') {
        sp->grouping = ',';
        p++;
    }
    if (*p == '_') {
        if (sp->grouping)
            rt_raise("ValueError", "Cannot specify both ',' and '_'.");
        sp->grouping = '_';
        p++;
    }
    if (*p == ',') {
        if (sp->grouping == '_')
            rt_raise("ValueError", "Cannot specify both ',' and '_'.");
        rt_raise("ValueError", "Cannot specify ',' with ','.");
    }
    if (*p == '.') {
        p++;
        const char *p0 = p;
        if (!read_int(&p, &v))
            rt_raise("ValueError", "Too many decimal digits in format string");
        if (p == p0)
            rt_raise("ValueError", "Format specifier missing precision");
        sp->precision = v;
    }
    if (p[0] && p[1])
        rt_raise("ValueError", "Invalid format specifier '%s' for object of type '%s'", spec,
                 tname);
    sp->type = p[0] ? p[0] : default_type;
    if (!sp->align)
        sp->align = default_align;
    if (sp->grouping) {
        switch (sp->type) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F':
        case '\0':
            break;
        case 'b': case 'o': case 'x': case 'X':
            if (sp->grouping == '_') {
                sp->group_size = 4;
                break;
            }
            /* fall through */
        default:
            if (sp->type >= 32 && sp->type < 127)
                rt_raise("ValueError", "Cannot specify '%c' with '%c'.", sp->grouping,
                         sp->type);
            rt_raise("ValueError", "Cannot specify '%c' with '\\x%x'.", sp->grouping,
                     (unsigned char)sp->type);
        }
    }
}

/* Raises Python's error for a type code the object does not accept. */
static _Noreturn void unknown_code(char type, const char *tname)
{
    if (type >= 32 && type < 127)
        rt_raise("ValueError", "Unknown format code '%c' for object of type '%s'", type, tname);
    rt_raise("ValueError", "Unknown format code '\\x%x' for object of type '%s'",
             (unsigned char)type, tname);
}

/* Digits grouped from the right with sep every `group`, padded with zeros (and separators)
 * to at least min_width characters, as CPython's InsertThousandsGrouping. */
static void group_digits(gp_sb *out, const char *dig, int64_t n, char sep, int group,
                         int64_t min_width)
{
    gp_sb rev = {0};
    int64_t remaining = n, minw = min_width;
    bool first = true;
    for (;;) {
        int64_t l = remaining > minw ? remaining : minw;
        if (l < 1)
            l = 1;
        if (l > group)
            l = group;
        int64_t zeros = l - remaining > 0 ? l - remaining : 0;
        int64_t chars = remaining < l ? remaining : l;
        if (chars < 0)
            chars = 0;
        if (!first)
            rt_sb_putc(&rev, sep);
        for (int64_t i = 0; i < chars; i++)
            rt_sb_putc(&rev, dig[remaining - 1 - i]);
        rt_sb_pad(&rev, '0', zeros);
        first = false;
        remaining -= chars;
        minw -= l;
        if (remaining <= 0 && minw <= 0)
            break;
        minw -= 1;
    }
    for (size_t i = rev.len; i-- > 0;)
        rt_sb_putc(out, rev.s[i]);
    rt_sb_free(&rev);
}

/* Lays out a number: sign, prefix ("0x"), integer digits (grouped per spec), the rest
 * (point, fraction, exponent, '%'), then pads to the width with the fill and alignment. */
static void put_number(gp_sb *sb, const Spec *sp, const char *sign, const char *prefix,
                       const char *digits, size_t ndig, const char *rest)
{
    gp_sb body = {0};
    size_t lead = strlen(sign) + strlen(prefix);
    if (sp->grouping && ndig > 0) {
        int64_t minw = 0;
        if (sp->align == '=' && strcmp(sp->fill, "0") == 0)
            minw = sp->width - (int64_t)lead - (int64_t)strlen(rest);
        group_digits(&body, digits, (int64_t)ndig, sp->grouping, sp->group_size, minw);
    } else {
        rt_sb_putn(&body, digits, ndig);
    }
    rt_sb_puts(&body, rest);
    int64_t len = (int64_t)lead + utf8_count(body.s, body.len);
    int64_t pad = sp->width > len ? sp->width - len : 0;
    int64_t left = 0, right = 0;
    switch (sp->align) {
    case '<': right = pad; break;
    case '^': left = pad / 2; right = pad - left; break;
    case '=': break;
    default: left = pad; break;
    }
    for (int64_t i = 0; i < left; i++)
        rt_sb_puts(sb, sp->fill);
    rt_sb_puts(sb, sign);
    rt_sb_puts(sb, prefix);
    if (sp->align == '=')
        for (int64_t i = 0; i < pad; i++)
            rt_sb_puts(sb, sp->fill);
    rt_sb_putn(sb, body.s, body.len);
    for (int64_t i = 0; i < right; i++)
        rt_sb_puts(sb, sp->fill);
    rt_sb_free(&body);
}

/* Pads a finished string s (not a number) to the spec's width. */
static void put_padded(gp_sb *sb, const Spec *sp, const char *s, size_t n)
{
    int64_t len = utf8_count(s, n);
    int64_t pad = sp->width > len ? sp->width - len : 0;
    int64_t left = 0, right = 0;
    if (sp->align == '<')
        right = pad;
    else if (sp->align == '^') {
        left = pad / 2;
        right = pad - left;
    } else
        left = pad;
    for (int64_t i = 0; i < left; i++)
        rt_sb_puts(sb, sp->fill);
    rt_sb_putn(sb, s, n);
    for (int64_t i = 0; i < right; i++)
        rt_sb_puts(sb, sp->fill);
}

/* The sign to print for a value of sign neg under the spec's sign option. */
static const char *sign_str(char spec_sign, bool neg)
{
    if (neg)
        return "-";
    return spec_sign == '+' ? "+" : spec_sign == ' ' ? " " : "";
}

/* Splits a formatted float body into leading integer digits and the rest. */
static size_t int_digits_len(const char *s)
{
    size_t i = 0;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    return i;
}

/* The body (no sign) of a float in Python's format type: e E f F g G %, 'r' (repr, for
 * type-less specs without precision), 'q' (repr without the ".0": complex parts) or 'R'
 * (type-less with precision: 'g' that keeps a digit after the point and switches to the
 * exponent at exp >= p - 1).  *neg receives the sign to print (after z's coercion). */
static void float_body(gp_sb *out, double v, char type, int64_t prec, bool alt, bool z,
                       bool *neg)
{
    bool upper = type == 'E' || type == 'F' || type == 'G';
    *neg = signbit(v) && !isnan(v);
    if (!isfinite(v)) {
        rt_sb_puts(out, isnan(v) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
        if (type == '%')
            rt_sb_putc(out, '%');
        return;
    }
    if (type == '%')
        v *= 100;
    if (prec > 100000000)
        rt_raise("ValueError", "precision too big");
    char lt = (char)(type == 'E' ? 'e' : type == 'F' ? 'f' : type == 'G' ? 'g' : type);
    RtDigits *r = rt_xmalloc(sizeof *r);
    switch (lt) {
    case 'r':
    case 'q':   /* repr digits without the ".0" (complex parts) */
        rt_digits_shortest(v, RT_F64, r);
        if (z && r->n == 1 && r->d[0] == '0')
            *neg = false;
        py_layout(out, r, r->decpt <= -4 || r->decpt > 16, type == 'r' ? 1 : 0, alt, 0);
        break;
    case 'e': {
        char *buf = rt_xmalloc((size_t)prec + 40);
        snprintf(buf, (size_t)prec + 40, alt ? "%#.*e" : "%.*e", (int)prec, fabs(v));
        if (z) {
            bool allz = true;
            for (char *q = buf; *q && *q != 'e'; q++)
                if (*q >= '1' && *q <= '9')
                    allz = false;
            if (allz)
                *neg = false;
        }
        rt_sb_puts(out, buf);
        free(buf);
        break;
    }
    case 'f':
    case '%': {
        size_t cap = (size_t)prec + 400;
        char *buf = rt_xmalloc(cap);
        snprintf(buf, cap, alt ? "%#.*f" : "%.*f", (int)prec, fabs(v));
        if (z) {
            bool allz = true;
            for (char *q = buf; *q; q++)
                if (*q >= '1' && *q <= '9')
                    allz = false;
            if (allz)
                *neg = false;
        }
        rt_sb_puts(out, buf);
        if (type == '%')
            rt_sb_putc(out, '%');
        free(buf);
        break;
    }
    case 'g':
    case 'R': {
        int64_t p = prec == 0 ? 1 : prec;
        rt_digits_sig(v, p > RT_MAXDIGITS ? RT_MAXDIGITS : (int)p, r);
        if (v == 0 && z)
            *neg = false;
        if (!alt)
            digits_trim(r);
        bool add_dot0 = lt == 'R';
        bool use_exp = r->decpt <= -4 || r->decpt > (add_dot0 ? p - 1 : p);
        py_layout(out, r, use_exp, add_dot0, alt, alt ? (int)p : 0);
        break;
    }
    }
    free(r);
    if (upper)
        for (size_t i = 0; i < out->len; i++)
            if (out->s[i] >= 'a' && out->s[i] <= 'z')
                out->s[i] = (char)(out->s[i] - 'a' + 'A');
}

/* format(float, spec) once parsed; tname for messages ("float", "complex" parts use it). */
static void fmt_float_spec(gp_sb *sb, double v, Spec *sp, const char *tname)
{
    char type = sp->type;
    int64_t prec = sp->precision;
    switch (type) {
    case '\0':
        type = prec < 0 ? 'r' : 'R';
        break;
    case 'n':
        type = 'g';
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
        break;
    default:
        unknown_code(type, tname);
    }
    if (prec < 0)
        prec = type == 'r' ? 0 : 6;
    gp_sb body = {0};
    bool neg;
    float_body(&body, v, type, prec, sp->alt, sp->z, &neg);
    size_t nd = isfinite(v) ? int_digits_len(body.s) : 0;
    put_number(sb, sp, sign_str(sp->sign, neg), "", body.s, nd, body.s + nd);
    rt_sb_free(&body);
}

void rt_sb_fmt_f64(gp_sb *sb, double v, const char *spec)
{
    if (!spec[0]) {
        rt_sb_f64(sb, v);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '>', '\0', "float");
    fmt_float_spec(sb, v, &sp, "float");
}

/* format(int, spec) of the integer -mag (neg) or mag: covers INT64_MIN and uint64. */
static void fmt_int_spec(gp_sb *sb, bool neg, uint64_t mag, Spec *sp, const char *tname)
{
    char type = sp->type;
    switch (type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
        fmt_float_spec(sb, neg ? -(double)mag : (double)mag, sp, tname);
        return;
    case '\0': case 'd': case 'n': case 'b': case 'o': case 'x': case 'X': case 'c':
        break;
    default:
        unknown_code(type, tname);
    }
    if (sp->precision >= 0)
        rt_raise("ValueError", "Precision not allowed in integer format specifier");
    if (sp->z)
        rt_raise("ValueError", "Negative zero coercion (z) not allowed in integer format "
                 "specifier");
    if (type == 'c') {
        if (sp->sign)
            rt_raise("ValueError", "Sign not allowed with integer format specifier 'c'");
        if (sp->alt)
            rt_raise("ValueError",
                     "Alternate form (#) not allowed with integer format specifier 'c'");
        if (neg || mag > 0x10ffff)
            rt_raise("OverflowError", "%%c arg not in range(0x110000)");
        char u[5];
        int n;
        uint32_t c = (uint32_t)mag;
        if (c < 0x80) {
            u[0] = (char)c;
            n = 1;
        } else if (c < 0x800) {
            u[0] = (char)(0xc0 | (c >> 6));
            u[1] = (char)(0x80 | (c & 63));
            n = 2;
        } else if (c < 0x10000) {
            u[0] = (char)(0xe0 | (c >> 12));
            u[1] = (char)(0x80 | ((c >> 6) & 63));
            u[2] = (char)(0x80 | (c & 63));
            n = 3;
        } else {
            u[0] = (char)(0xf0 | (c >> 18));
            u[1] = (char)(0x80 | ((c >> 12) & 63));
            u[2] = (char)(0x80 | ((c >> 6) & 63));
            u[3] = (char)(0x80 | (c & 63));
            n = 4;
        }
        u[n] = '\0';
        put_number(sb, sp, "", "", u, 0, u);
        return;
    }
    char dig[72];
    int n = 0;
    const char *prefix = "";
    unsigned base = 10;
    const char *alphabet = "0123456789abcdef";
    if (type == 'b') {
        base = 2;
        prefix = "0b";
    } else if (type == 'o') {
        base = 8;
        prefix = "0o";
    } else if (type == 'x') {
        base = 16;
        prefix = "0x";
    } else if (type == 'X') {
        base = 16;
        prefix = "0X";
        alphabet = "0123456789ABCDEF";
    }
    if (!sp->alt)
        prefix = "";
    char rev[72];
    do {
        rev[n++] = alphabet[mag % base];
        mag /= base;
    } while (mag);
    for (int i = 0; i < n; i++)
        dig[i] = rev[n - 1 - i];
    dig[n] = '\0';
    put_number(sb, sp, sign_str(sp->sign, neg), prefix, dig, (size_t)n, "");
}

void rt_sb_fmt_i64(gp_sb *sb, int64_t v, const char *spec)
{
    if (!spec[0]) {
        rt_sb_i64(sb, v);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '>', 'd', "int");
    fmt_int_spec(sb, v < 0, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, &sp, "int");
}

/* format(int, spec) of an unsigned 64-bit value (Python ints are unbounded). */
void rt_sb_fmt_u64(gp_sb *sb, uint64_t v, const char *spec)
{
    if (!spec[0]) {
        rt_sb_printf(sb, "%llu", (unsigned long long)v);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '>', 'd', "int");
    fmt_int_spec(sb, false, v, &sp, "int");
}

/* bool.__format__ is int.__format__: "True"/"False" for an empty spec, else an int. */
void rt_sb_fmt_bool(gp_sb *sb, bool v, const char *spec)
{
    if (!spec[0]) {
        rt_sb_bool(sb, v);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '>', 'd', "bool");
    fmt_int_spec(sb, false, v ? 1 : 0, &sp, "bool");
}

/* format(complex, spec): no '=' alignment nor zero padding; type-less formats like str()
 * (parentheses unless the real part is +0.0) and with a precision like 'g'. */
void rt_sb_fmt_c128(gp_sb *sb, double re, double im, const char *spec)
{
    if (!spec[0]) {
        rt_sb_c128(sb, re, im);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '>', '\0', "complex");
    char type = sp.type;
    int64_t prec = sp.precision;
    bool skip_re = false, parens = false;
    switch (type) {
    case '\0':
        type = 'r';
        if (re == 0 && !signbit(re))
            skip_re = true;
        else
            parens = true;
        break;
    case 'n':
        type = 'g';
        break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
        break;
    default:
        unknown_code(type, "complex");
    }
    if (strcmp(sp.fill, "0") == 0)
        rt_raise("ValueError", "Zero padding is not allowed in complex format specifier");
    if (sp.align == '=')
        rt_raise("ValueError", "'=' alignment flag is not allowed in complex format specifier");
    if (prec < 0)
        prec = type == 'r' ? 0 : 6;
    else if (type == 'r')
        type = 'g';
    /* each part laid out with the spec's sign, z, # and grouping but no width */
    Spec part = sp;
    part.width = -1;
    part.zero_fill = false;
    part.align = '>';
    strcpy(part.fill, " ");
    gp_sb body = {0}, num = {0};
    if (parens)
        rt_sb_putc(&body, '(');
    bool neg;
    if (!skip_re) {
        float_body(&num, re, type == 'r' ? 'q' : type, prec, sp.alt, sp.z, &neg);
        size_t nd = isfinite(re) ? int_digits_len(num.s) : 0;
        put_number(&body, &part, sign_str(sp.sign, neg), "", num.s, nd, num.s + nd);
        num.len = 0;
        part.sign = '+';
    }
    float_body(&num, im, type == 'r' ? 'q' : type, prec, sp.alt, sp.z, &neg);
    size_t nd = isfinite(im) ? int_digits_len(num.s) : 0;
    put_number(&body, &part, sign_str(part.sign, neg), "", num.s, nd, num.s + nd);
    rt_sb_putc(&body, 'j');
    if (parens)
        rt_sb_putc(&body, ')');
    put_padded(sb, &sp, body.s, body.len);
    rt_sb_free(&body);
    rt_sb_free(&num);
}

/* format(str, spec): type 's' or none; precision truncates (in code points). */
void rt_sb_fmt_str(gp_sb *sb, const char *v, const char *spec)
{
    if (!spec[0]) {
        rt_sb_puts(sb, v);
        return;
    }
    Spec sp;
    spec_parse(&sp, spec, '<', 's', "str");
    if (sp.type != 's')
        unknown_code(sp.type, "str");
    if (sp.sign == ' ')
        rt_raise("ValueError", "Space not allowed in string format specifier");
    if (sp.sign)
        rt_raise("ValueError", "Sign not allowed in string format specifier");
    if (sp.z)
        rt_raise("ValueError",
                 "Negative zero coercion (z) not allowed in string format specifier");
    if (sp.alt)
        rt_raise("ValueError", "Alternate form (#) not allowed in string format specifier");
    if (sp.align == '=')
        rt_raise("ValueError", "'=' alignment not allowed in string format specifier");
    size_t n = strlen(v);
    if (sp.precision >= 0) {
        size_t i = 0;
        int64_t k = 0;
        while (i < n && k < sp.precision) {
            i += (size_t)utf8_len((unsigned char)v[i]);
            k++;
        }
        n = i < n ? i : n;
    }
    put_padded(sb, &sp, v, n);
}
