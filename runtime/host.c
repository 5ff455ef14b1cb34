/*
 * host.c — Python values on the host: strings (one runtime-owned arena), int()/float() of
 * strings, sys.argv, time.perf_counter, device synchronisation, and Python scalar arithmetic
 * with Python's semantics and ZeroDivisionError messages (CPython 3.11 wording).
 *
 * Invariants: every string the runtime hands to generated code lives in the arena until the
 * program ends (chunks are never freed today; the arena is the one place a future change frees
 * them).  Integer arithmetic is int64 and wraps on overflow as NumPy's int64 does; floor
 * division and modulo round toward negative infinity, as Python's do.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "internal.h"

/* ---------------------------------------------------------------- the string arena */

typedef struct Chunk {
    struct Chunk *next;
    size_t used, cap;
    char mem[];
} Chunk;

static Chunk *chunks;

char *rt_str_alloc(size_t n)
{
    n = n ? n : 1;
    if (!chunks || chunks->cap - chunks->used < n) {
        size_t cap = n > 60000 ? n : 64000;
        Chunk *c = rt_xmalloc(sizeof *c + cap);
        c->used = 0;
        c->cap = cap;
        if (chunks && n > 60000) {   /* a big string: keep filling the current chunk after it */
            c->next = chunks->next;
            chunks->next = c;
        } else {
            c->next = chunks;
            chunks = c;
        }
        c->used = n;
        return c->mem;
    }
    char *p = chunks->mem + chunks->used;
    chunks->used += n;
    return p;
}

const char *rt_str_dup(const char *s, size_t len)
{
    char *p = rt_str_alloc(len + 1);
    memcpy(p, s, len);
    p[len] = 0;
    return p;
}

const char *rt_str_concat(int n, const char *const *parts)
{
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += parts[i] ? strlen(parts[i]) : 0;
    char *p = rt_str_alloc(len + 1), *q = p;
    for (int i = 0; i < n; i++) {
        if (!parts[i])
            continue;
        size_t l = strlen(parts[i]);
        memcpy(q, parts[i], l);
        q += l;
    }
    *q = 0;
    return p;
}

int64_t rt_str_len(const char *s)
{
    int64_t n = 0;
    if (!s)
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xc0) != 0x80;   /* every byte but a continuation byte starts a code point */
    return n;
}

bool rt_str_eq(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

bool rt_same_object(const void *a, const void *b)
{
    return a == b;
}

/* ---------------------------------------------------------------- int() and float() of str */

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Copies s without surrounding whitespace and without '_' between digits into out; false
 * when an underscore is misplaced (Python allows one '_' only between two digits). */
static bool strip_number(const char *s, char *out, size_t cap)
{
    const char *b = s, *e = s + strlen(s);
    while (b < e && is_space(*b))
        b++;
    while (e > b && is_space(e[-1]))
        e--;
    size_t n = 0;
    for (const char *p = b; p < e; p++) {
        if (*p == '_') {
            if (p == b || p + 1 == e || !isdigit((unsigned char)p[-1]) ||
                !isdigit((unsigned char)p[1]))
                return false;
            continue;
        }
        if (n + 1 >= cap)
            return false;
        out[n++] = *p;
    }
    out[n] = 0;
    return true;
}

/* ValueError "<prefix>'<repr of s>'" (the repr truncated past 400 bytes). */
static _Noreturn void raise_bad_literal(const char *prefix, const char *s)
{
    gp_sb sb = {0};
    char text[400];
    rt_sb_str_repr(&sb, s);
    snprintf(text, sizeof text, "%s", sb.s ? sb.s : "''");
    rt_sb_free(&sb);
    rt_raise("ValueError", "%s%s", prefix, text);
}

/* int(s, base) as Python reads s: whitespace around it, a sign, then for base 16, 8 or 2 an
 * optional prefix 0x / 0o / 0b (base 0: the prefix picks the base, else decimal without
 * leading zeros), digits below the base (letters after 9, either case) with single '_'
 * between them or after the prefix.  ValueError "invalid literal for int() with base B: 's'",
 * OverflowError past int64. */
int64_t rt_str_to_int_base(const char *s, int64_t base)
{
    if (base != 0 && (base < 2 || base > 36))
        rt_raise("ValueError", "int() base must be >= 2 and <= 36, or 0");
    const char *p = s, *e = s + strlen(s);
    while (p < e && is_space(*p))
        p++;
    while (e > p && is_space(e[-1]))
        e--;
    bool neg = false, digit = false, any = false, nonzero = false, overflow = false;
    if (p < e && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
    int64_t b = base;
    if (e - p >= 2 && p[0] == '0') {
        int c = tolower((unsigned char)p[1]), pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
        if (pb && (b == 0 || b == pb))
            b = pb, p += 2, digit = true; /* a '_' may follow the prefix */
    }
    bool decimal0 = !b; /* base 0 without a prefix: decimal, "0" or no leading zero */
    if (decimal0)
        b = 10;
    bool lead0 = decimal0 && p < e && *p == '0';
    uint64_t v = 0;
    for (; p < e; p++) {
        if (*p == '_') {
            if (!digit)
                goto bad;
            digit = false;
            continue;
        }
        int c = tolower((unsigned char)*p);
        int d = isdigit(c) ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;
        if (d >= b)
            goto bad;
        digit = any = true;
        nonzero |= d != 0;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)b)
            overflow = true;
        else
            v = v * (uint64_t)b + (uint64_t)d;
    }
    if (!any || !digit || (lead0 && nonzero))
        goto bad;
    if (overflow || v > (uint64_t)INT64_MAX + neg)
        rt_raise("OverflowError", "Python int too large to convert to C long");
    return neg ? (int64_t)(0 - v) : (int64_t)v;
bad:;
    char prefix[64];
    snprintf(prefix, sizeof prefix, "invalid literal for int() with base %lld: ", (long long)base);
    raise_bad_literal(prefix, s);
}

int64_t rt_str_to_i64(const char *s) { return rt_str_to_int_base(s, 10); }

double rt_str_to_f64(const char *s)
{
    char buf[512];
    if (strip_number(s, buf, sizeof buf) && buf[0]) {
        const char *p = buf;
        int sign = 1;
        if (*p == '+' || *p == '-')
            sign = *p++ == '-' ? -1 : 1;
        if (strcasecmp(p, "inf") == 0 || strcasecmp(p, "infinity") == 0)
            return sign * INFINITY;
        if (strcasecmp(p, "nan") == 0)
            return sign < 0 ? -NAN : NAN;
        /* Python accepts decimal digits, one '.', an exponent; strtod also takes hex and
         * "infinity" spellings, which we have handled or reject here. */
        bool digits = false, ok = true;
        const char *q = p;
        while (isdigit((unsigned char)*q)) { q++; digits = true; }
        if (*q == '.') {
            q++;
            while (isdigit((unsigned char)*q)) { q++; digits = true; }
        }
        if (digits && (*q == 'e' || *q == 'E')) {
            q++;
            if (*q == '+' || *q == '-')
                q++;
            if (!isdigit((unsigned char)*q))
                ok = false;
            while (isdigit((unsigned char)*q))
                q++;
        }
        if (ok && digits && *q == 0) {
            errno = 0;
            double v = strtod(p, NULL);   /* overflow gives inf, as Python's float() */
            return sign * v;
        }
    }
    raise_bad_literal("could not convert string to float: ", s);
}

/* ---------------------------------------------------------------- sys, time, device */

int rt_argc(void)
{
    return rt_saved_argc();
}

/* sys.argv[i]; argv[0] is the script name, as Python's. */
const char *rt_argv(int64_t i)
{
    int64_t n = rt_saved_argc();
    if (n < 1)
        n = 1;
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        rt_raise("IndexError", "list index out of range");
    if (i == 0)
        return rt_script_name();
    return rt_saved_argv()[i];
}

double rt_perf_counter(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- Python scalar arithmetic */

int64_t rt_i64_floordiv(int64_t a, int64_t b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "integer division or modulo by zero");
    if (b == -1)
        return (int64_t)(0 - (uint64_t)a);   /* INT64_MIN // -1 wraps */
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

int64_t rt_i64_mod(int64_t a, int64_t b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "integer modulo by zero");
    if (b == -1)
        return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

double rt_f64_truediv(double a, double b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "float division by zero");
    return a / b;
}

double rt_i64_truediv(int64_t a, int64_t b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "division by zero");
    return (double)a / (double)b;
}

/* Python's float //: floor of the exact quotient, computed from fmod as CPython's divmod. */
double rt_f64_floordiv(double a, double b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "float floor division by zero");
    double mod = fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0)))
        div -= 1.0;
    if (div == 0)
        return copysign(0.0, a / b);
    double fl = floor(div);
    if (div - fl > 0.5)
        fl += 1.0;
    return fl;
}

/* Python's float %: the result has the sign of b (or is a zero with b's sign). */
double rt_f64_mod(double a, double b)
{
    if (b == 0)
        rt_raise("ZeroDivisionError", "float modulo");
    double mod = fmod(a, b);
    if (mod != 0) {
        if ((b < 0) != (mod < 0))
            mod += b;
    } else {
        mod = copysign(0.0, b);
    }
    return mod;
}

/* a ** b for b >= 0, wrapping like int64 on overflow. */
int64_t rt_i64_pow(int64_t a, int64_t b)
{
    uint64_t r = 1, x = (uint64_t)a;
    if (b < 0)
        rt_raise("ValueError", "Integers to negative integer powers are not allowed.");
    while (b > 0) {
        if (b & 1)
            r *= x;
        x *= x;
        b >>= 1;
    }
    return (int64_t)r;
}
