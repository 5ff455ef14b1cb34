/*
 * pystr.c — Python's str methods on the host (strip, split, join, replace, startswith,
 * upper, ljust / rjust / center, zfill, find / index / count, isdigit ...): the GPK_PY rows of
 * gpyrt_kinds.def that lower/pylib.c calls for `s.METHOD(...)`.
 *
 * Invariants: strings are UTF-8, NUL-terminated and runtime-owned (host.c's arena); lengths,
 * widths and indices count code points, as Python's do.  Whitespace and letter case are
 * ASCII's (Python's Unicode tables are not here): non-ASCII characters are never whitespace,
 * never change case and are neither digits nor letters.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Python's str.isspace() for an ASCII byte: space, \t \n \v \f \r and \x1c..\x1f. */
static bool py_space(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Bytes of the code point starting at s (1 for a stray continuation byte). */
static size_t cp_len(const char *s)
{
    unsigned char c = (unsigned char)*s;
    size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    for (size_t i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            return i;
    return n;
}

/* Code points in the first n bytes of s. */
static int64_t cps(const char *s, size_t n)
{
    int64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xc0) != 0x80;
    return k;
}

/* Is the code point at p one of the code points of set? */
static bool in_set(const char *p, size_t n, const char *set)
{
    for (const char *q = set; *q; q += cp_len(q))
        if (cp_len(q) == n && !memcmp(p, q, n))
            return true;
    return false;
}

/* s.strip(chars) / lstrip / rstrip: which bit 1 strips the left, bit 2 the right; bit 4: chars
 * given (its code points are stripped), else whitespace. */
const char *rt_str_strip(const char *s, const char *chars, int64_t which)
{
    const char *b = s, *e = s + strlen(s);
    bool set = which & 4;
    if (which & 1)
        while (b < e && (set ? in_set(b, cp_len(b), chars) : py_space((unsigned char)*b)))
            b += set ? cp_len(b) : 1;
    if (which & 2)
        while (e > b) {
            const char *p = e - 1;
            while (p > b && ((unsigned char)*p & 0xc0) == 0x80)
                p--;
            if (!(set ? in_set(p, (size_t)(e - p), chars) : py_space((unsigned char)*p)))
                break;
            e = p;
        }
    return rt_str_dup(b, (size_t)(e - b));
}

static void push_str(gp_list *l, const char *b, const char *e)
{
    const char *p = rt_str_dup(b, (size_t)(e - b));
    rt_list_append(l, &p);
}

/* s.split() / s.split(sep): on runs of whitespace (no sep: empty parts dropped) or on each sep;
 * at most maxsplit splits (negative: no limit). */
static gp_list *split_left(const char *s, const char *sep, int64_t maxsplit)
{
    gp_list *l = rt_list_new(GP_LIST_STR, sizeof(const char *));
    const char *p = s, *end = s + strlen(s);
    if (sep) {
        size_t n = strlen(sep);
        const char *q;
        while (maxsplit-- != 0 && (q = strstr(p, sep))) {
            push_str(l, p, q);
            p = q + n;
        }
        push_str(l, p, end);
        return l;
    }
    for (;;) {
        while (p < end && py_space((unsigned char)*p))
            p++;
        if (p == end)
            break;
        if (maxsplit-- == 0) {
            const char *e = end;
            while (e > p && py_space((unsigned char)e[-1]))
                e--;
            push_str(l, p, e);
            break;
        }
        const char *q = p;
        while (q < end && !py_space((unsigned char)*q))
            q++;
        push_str(l, p, q);
        p = q;
    }
    return l;
}

/* s.rsplit(sep, maxsplit): as split, the splits counted from the right. */
static gp_list *split_right(const char *s, const char *sep, int64_t maxsplit)
{
    gp_list *parts = rt_list_new(GP_LIST_STR, sizeof(const char *));
    const char *end = s + strlen(s);
    size_t n = sep ? strlen(sep) : 0;
    for (;;) {
        if (!sep)
            while (end > s && py_space((unsigned char)end[-1]))
                end--;
        if (!sep && end == s)
            break;
        const char *q = NULL;
        if (maxsplit != 0) {
            if (sep) {
                for (const char *p = end - n; p >= s && !q; p--)
                    if (!memcmp(p, sep, n))
                        q = p;
            } else {
                for (const char *p = end; p > s && !q; p--)
                    if (py_space((unsigned char)p[-1]))
                        q = p - 1;
            }
        }
        if (!q) {
            const char *b = s;
            if (!sep)
                while (b < end && py_space((unsigned char)*b))
                    b++;
            push_str(parts, b, end);
            break;
        }
        push_str(parts, q + (sep ? n : 1), end);
        end = q;
        maxsplit--;
    }
    gp_list *l = rt_list_new(GP_LIST_STR, sizeof(const char *));
    for (int64_t i = parts->len - 1; i >= 0; i--)
        rt_list_append(l, rt_list_at(parts, i));
    rt_list_release(parts);
    return l;
}

/* s.split(sep, maxsplit) / s.rsplit: flags bit 1 sep given, bit 2 rsplit.  ValueError "empty
 * separator".  A new list of str. */
gp_list *rt_str_split(const char *s, const char *sep, int64_t maxsplit, int64_t flags)
{
    if (!(flags & 1))
        sep = NULL;
    if (sep && !*sep)
        rt_raise("ValueError", "empty separator");
    return flags & 2 ? split_right(s, sep, maxsplit) : split_left(s, sep, maxsplit);
}

/* s * n: n copies of s (none for n <= 0) */
const char *rt_str_repeat(const char *s, int64_t n)
{
    size_t k = strlen(s);
    if (n <= 0 || !k) return "";
    char *r = rt_str_alloc(k * (size_t)n + 1);
    for (int64_t i = 0; i < n; i++) memcpy(r + (size_t)i * k, s, k);
    r[k * (size_t)n] = 0;
    return r;
}

/* sep.join(list of str) */
const char *rt_str_join(const char *sep, const gp_list *l)
{
    size_t n = 0, sn = strlen(sep);
    for (int64_t i = 0; i < l->len; i++)
        n += strlen(*(const char **)(l->data + (size_t)i * l->esize)) + (i ? sn : 0);
    char *r = rt_str_alloc(n + 1), *q = r;
    for (int64_t i = 0; i < l->len; i++) {
        const char *e = *(const char **)(l->data + (size_t)i * l->esize);
        if (i) {
            memcpy(q, sep, sn);
            q += sn;
        }
        size_t k = strlen(e);
        memcpy(q, e, k);
        q += k;
    }
    *q = 0;
    return r;
}

/* s.replace(old, new, count): at most count replacements (negative: all), left to right; an
 * empty old inserts new before every code point and at the end. */
const char *rt_str_replace(const char *s, const char *old, const char *new_, int64_t count)
{
    gp_sb sb = {NULL, 0, 0};
    size_t on = strlen(old);
    const char *p = s;
    if (!on) {
        for (;;) {
            if (count != 0) {
                rt_sb_puts(&sb, new_);
                count -= count > 0;
            }
            if (!*p)
                break;
            size_t k = cp_len(p);
            rt_sb_putn(&sb, p, k);
            p += k;
        }
    } else {
        const char *q;
        while (count-- != 0 && (q = strstr(p, old))) {
            rt_sb_putn(&sb, p, (size_t)(q - p));
            rt_sb_puts(&sb, new_);
            p = q + on;
        }
        rt_sb_puts(&sb, p);
    }
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
}

/* s.startswith(fix) (which 0) / s.endswith(fix) (which 1) */
bool rt_str_affix(const char *s, const char *fix, int64_t which)
{
    size_t n = strlen(s), k = strlen(fix);
    return k <= n && !memcmp(which ? s + n - k : s, fix, k);
}

/* upper (0), lower (1), capitalize (2), title (3), swapcase (4), ASCII letters only. */
const char *rt_str_case(const char *s, int64_t kind)
{
    size_t n = strlen(s);
    char *r = rt_str_alloc(n + 1);
    bool prev_cased = false;
    for (size_t i = 0; i <= n; i++) {
        unsigned char c = (unsigned char)s[i];
        bool up;
        switch (kind) {
        case 0: up = true; break;
        case 1: up = false; break;
        case 2: up = i == 0; break;
        case 3: up = !prev_cased; break;
        default: up = is_lower(c); break;
        }
        prev_cased = is_lower(c) || is_upper(c);
        r[i] = (char)(up && is_lower(c) ? c - 32 : !up && is_upper(c) ? c + 32 : c);
    }
    return r;
}

/* s.ljust(width, fill) (kind 0), rjust (1), center (2): Python's padding (center puts the odd
 * character on the left when the width is odd, as CPython's pad()).  TypeError "The fill
 * character must be exactly one character long". */
const char *rt_str_pad(const char *s, int64_t width, const char *fill, int64_t kind)
{
    if (rt_str_len(fill) != 1)
        rt_raise("TypeError", "The fill character must be exactly one character long");
    int64_t len = rt_str_len(s), marg = width - len;
    if (marg <= 0)
        return s;
    int64_t left = kind == 0 ? 0 : kind == 1 ? marg : marg / 2 + (marg & width & 1);
    gp_sb sb = {NULL, 0, 0};
    for (int64_t i = 0; i < left; i++)
        rt_sb_puts(&sb, fill);
    rt_sb_puts(&sb, s);
    for (int64_t i = left; i < marg; i++)
        rt_sb_puts(&sb, fill);
    const char *r = rt_str_dup(sb.s, sb.len);
    rt_sb_free(&sb);
    return r;
}

/* s.zfill(width): zeros on the left, after a leading sign. */
const char *rt_str_zfill(const char *s, int64_t width)
{
    int64_t len = rt_str_len(s);
    if (len >= width)
        return s;
    size_t n = strlen(s), fill = (size_t)(width - len);
    char *r = rt_str_alloc(n + fill + 1);
    bool sign = *s == '+' || *s == '-';
    if (sign)
        r[0] = *s;
    memset(r + sign, '0', fill);
    memcpy(r + sign + fill, s + sign, n - sign + 1);
    return r;
}

/* Byte offset in s (n bytes) of code point i, 0 <= i <= its code points. */
static size_t cp_off(const char *s, size_t n, int64_t i)
{
    size_t b = 0;
    for (; i > 0 && b < n; i--)
        b += cp_len(s + b);
    return b;
}

/* s.find(sub[, start[, end]]) (kind 0), rfind (1), index (2), rindex (3): the code-point index
 * of the first (last) occurrence within s[start:end], -1 or ValueError "substring not found";
 * count (4): non-overlapping occurrences there (an empty sub: one more than the code points).
 * given: bit 1 start, bit 2 end (None or absent: not given); the bounds as slice.indices takes
 * them, but a start past the end finds nothing (Python's rule). */
int64_t rt_str_find(const char *s, const char *sub, int64_t kind, int64_t start, int64_t end, int64_t given)
{
    size_t n = strlen(s), k = strlen(sub);
    int64_t len = cps(s, n), a = given & 1 ? start : 0, b = given & 2 ? end : len;
    if (a < 0)
        a = a < -len ? 0 : a + len;
    if (b < 0)
        b = b < -len ? 0 : b + len;
    if (b > len)
        b = len;
    const char *hit = NULL;
    if (a <= len && a <= b) {
        size_t x = cp_off(s, n, a), y = x + cp_off(s + x, n - x, b - a);
        if (kind == 4) {
            if (!k)
                return b - a + 1;
            int64_t c = 0;
            for (size_t i = x; i + k <= y;)
                if (!memcmp(s + i, sub, k))
                    c++, i += k;
                else
                    i++;
            return c;
        }
        if (kind & 1) {
            for (size_t i = y + 1; i-- > x && !hit;)
                if (i + k <= y && !memcmp(s + i, sub, k))
                    hit = s + i;
        } else {
            for (size_t i = x; i + k <= y && !hit; i++)
                if (!memcmp(s + i, sub, k))
                    hit = s + i;
        }
    }
    if (kind == 4)
        return 0;
    if (hit)
        return cps(s, (size_t)(hit - s));
    if (kind >= 2)
        rt_raise("ValueError", "substring not found");
    return -1;
}

/* s[i]: the code point at i (a negative i counts from the end); Python's IndexError "string
 * index out of range" outside [-len(s), len(s)). */
const char *rt_str_item(const char *s, int64_t i)
{
    size_t n = strlen(s);
    int64_t len = cps(s, n);
    if (i < 0)
        i += len;
    if (i < 0 || i >= len)
        rt_raise("IndexError", "string index out of range");
    size_t b = cp_off(s, n, i);
    return rt_str_dup(s + b, cp_len(s + b));
}

/* s[start:stop:step] as slice.indices computes it; given: bit 1 start, 2 stop, 4 step (one not
 * given is None).  ValueError "slice step cannot be zero". */
const char *rt_str_slice(const char *s, int64_t start, int64_t stop, int64_t step, int64_t given)
{
    if (!(given & 4))
        step = 1;
    if (!step)
        rt_raise("ValueError", "slice step cannot be zero");
    size_t n = strlen(s);
    int64_t len = cps(s, n), lo = step > 0 ? 0 : -1, hi = step > 0 ? len : len - 1;
    int64_t b[2] = { start, stop };
    for (int k = 0; k < 2; k++) {
        if (!(given & (1 << k))) {
            b[k] = (step > 0) == !k ? lo : hi;
            continue;
        }
        if (b[k] < 0)
            b[k] = b[k] < -len ? lo : b[k] + len; /* no overflow at INT64_MIN */
        b[k] = b[k] < lo ? lo : b[k] > hi ? hi : b[k];
    }
    if (step == 1 && b[0] < b[1]) { /* one run of bytes */
        size_t x = cp_off(s, n, b[0]);
        return rt_str_dup(s + x, cp_off(s + x, n - x, b[1] - b[0]));
    }
    gp_sb sb = { 0 };
    size_t *off = rt_xmalloc(sizeof(size_t) * (size_t)(len + 1)); /* off[i]: code point i's byte */
    off[0] = 0;
    for (int64_t i = 0; i < len; i++)
        off[i + 1] = off[i] + cp_len(s + off[i]);
    for (int64_t i = b[0]; step > 0 ? i < b[1] : i > b[1]; i += step) {
        rt_sb_putn(&sb, s + off[i], off[i + 1] - off[i]);
        if ((step > 0 && i > INT64_MAX - step) || (step < 0 && i < INT64_MIN - step))
            break;
    }
    free(off);
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
}

/* s.partition(sep) (kind 0-2: the part before, sep, after) and s.rpartition(sep) (kind 3-5),
 * one part per call; not found: (s, '', '') and ('', '', s).  ValueError "empty separator". */
const char *rt_str_partition(const char *s, const char *sep, int64_t kind)
{
    size_t n = strlen(s), k = strlen(sep);
    if (!k)
        rt_raise("ValueError", "empty separator");
    const char *hit = NULL;
    if (kind >= 3) {
        for (size_t i = n + 1; i-- > 0 && !hit;)
            if (i + k <= n && !memcmp(s + i, sep, k))
                hit = s + i;
    } else {
        hit = strstr(s, sep);
    }
    int part = (int)(kind % 3);
    if (!hit)
        return part == (kind < 3 ? 0 : 2) ? s : "";
    return part == 0 ? rt_str_dup(s, (size_t)(hit - s)) : part == 1 ? sep : hit + k;
}

/* s.removeprefix(fix) (which 0) / s.removesuffix(fix) (1): s without fix at that end, else s. */
const char *rt_str_remove_affix(const char *s, const char *fix, int64_t which)
{
    size_t n = strlen(s), k = strlen(fix);
    if (!k || k > n)
        return s;
    if (!which)
        return memcmp(s, fix, k) ? s : s + k;
    return memcmp(s + n - k, fix, k) ? s : rt_str_dup(s, n - k);
}

/* Bytes of the line boundary at p (0: none), as str.splitlines knows them: \n, \r, \r\n, \v, \f,
 * \x1c, \x1d, \x1e, U+0085, U+2028, U+2029. */
static size_t line_end(const char *p)
{
    unsigned char c = (unsigned char)p[0];
    if (c == '\r')
        return p[1] == '\n' ? 2 : 1;
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e))
        return 1;
    if (c == 0xc2 && (unsigned char)p[1] == 0x85)
        return 2;
    if (c == 0xe2 && (unsigned char)p[1] == 0x80 && ((unsigned char)p[2] == 0xa8 || (unsigned char)p[2] == 0xa9))
        return 3;
    return 0;
}

/* s.splitlines(keepends): the lines of s, split at Python's line boundaries (kept at the ends
 * of the lines when keepends); no last empty line after a final boundary.  A new list of str. */
gp_list *rt_str_splitlines(const char *s, int64_t keepends)
{
    gp_list *l = rt_list_new(GP_LIST_STR, sizeof(const char *));
    const char *b = s, *p = s;
    while (*p) {
        size_t e = line_end(p);
        if (!e) {
            p += cp_len(p);
            continue;
        }
        push_str(l, b, keepends ? p + e : p);
        b = p += e;
    }
    if (p > b)
        push_str(l, b, p);
    return l;
}

/* list(s): its code points, each a str (`for c in s` over a str computed at run time). */
gp_list *rt_str_chars(const char *s)
{
    gp_list *l = rt_list_new(GP_LIST_STR, sizeof(const char *));
    for (const char *p = s; *p; p += cp_len(p))
        push_str(l, p, p + cp_len(p));
    return l;
}

/* chr(i): the code point i as UTF-8; ValueError "chr() arg not in range(0x110000)"; 0 and the
 * surrogates, which gpyc's strings (UTF-8, NUL-terminated) cannot hold, are ValueErrors too. */
const char *rt_str_chr(int64_t i)
{
    if (i < 0 || i >= 0x110000)
        rt_raise("ValueError", "chr() arg not in range(0x110000)");
    if (!i) /* as the literals "\0" and "\udc80" are compile-time errors */
        rt_raise("ValueError", "chr(0): a NUL character is not supported (strings end at a NUL here)");
    if (i >= 0xd800 && i < 0xe000)
        rt_raise("ValueError", "chr(%#llx): a surrogate is not supported: strings are UTF-8", (long long)i);
    char b[4];
    size_t n;
    if (i < 0x80) {
        b[0] = (char)i, n = 1;
    } else if (i < 0x800) {
        b[0] = (char)(0xc0 | (i >> 6)), b[1] = (char)(0x80 | (i & 0x3f)), n = 2;
    } else if (i < 0x10000) {
        b[0] = (char)(0xe0 | (i >> 12)), b[1] = (char)(0x80 | ((i >> 6) & 0x3f));
        b[2] = (char)(0x80 | (i & 0x3f)), n = 3;
    } else {
        b[0] = (char)(0xf0 | (i >> 18)), b[1] = (char)(0x80 | ((i >> 12) & 0x3f));
        b[2] = (char)(0x80 | ((i >> 6) & 0x3f)), b[3] = (char)(0x80 | (i & 0x3f)), n = 4;
    }
    return rt_str_dup(b, n);
}

/* '%c' % x: chr(i) of an int (is_int; OverflowError "%c arg not in range(0x110000)"), else s,
 * a one-character str (TypeError "%c requires int or char", Python 3.11's words). */
const char *rt_str_pct_c(const char *s, int64_t i, int64_t is_int)
{
    if (is_int && (i < 0 || i >= 0x110000))
        rt_raise("OverflowError", "%%c arg not in range(0x110000)");
    if (is_int)
        return rt_str_chr(i);
    if (rt_str_len(s) != 1)
        rt_raise("TypeError", "%%c requires int or char");
    return s;
}

/* ord(s): the code point of a one-character s; TypeError "ord() expected a character, but
 * string of length N found". */
int64_t rt_str_ord(const char *s)
{
    size_t n = strlen(s);
    int64_t len = cps(s, n);
    if (len != 1)
        rt_raise("TypeError", "ord() expected a character, but string of length %lld found", (long long)len);
    const unsigned char *u = (const unsigned char *)s;
    if (n == 1)
        return u[0];
    int64_t c = u[0] & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
    for (size_t i = 1; i < n; i++)
        c = (c << 6) | (u[i] & 0x3f);
    return c;
}

/* isdigit (0), isalpha (1), isalnum (2), isspace (3), isupper (4), islower (5), ASCII: False
 * for the empty string; isupper / islower need a cased character and no other case. */
bool rt_str_is(const char *s, int64_t kind)
{
    bool cased = false;
    if (!*s)
        return false;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        switch (kind) {
        case 0: if (!is_digit(c)) return false; break;
        case 1: if (!is_lower(c) && !is_upper(c)) return false; break;
        case 2: if (!is_lower(c) && !is_upper(c) && !is_digit(c)) return false; break;
        case 3: if (!py_space(c)) return false; break;
        case 4: if (is_lower(c)) return false; cased |= is_upper(c); break;
        default: if (is_upper(c)) return false; cased |= is_lower(c); break;
        }
    }
    return kind < 4 || cased;
}
