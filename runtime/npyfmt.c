/*
 * npyfmt.c — the .npy header (npyfmt.h): NumPy's format.py in C.
 *
 * Reading follows numpy.load with allow_pickle=False step by step, so that each malformed
 * file gets the exception and the words NumPy gives it: the magic string (anything else is
 * "pickled data"), the version, the header length, the header decoded as latin-1 (1.0, 2.0) or
 * UTF-8 (3.0), at most 10,000 characters, Python 2's `L` suffixes dropped (1.0, 2.0), then the
 * header evaluated as a Python literal (ast.literal_eval: a small parser below builds a tree
 * of values, whose repr() the messages quote) and checked: a dict of exactly the keys descr,
 * fortran_order and shape, shape a tuple of ints, fortran_order a bool, descr a dtype.
 * Writing is format.py's _write_array_header and _wrap_header for version 1.0.
 *
 * Invariants: no allocation outlives a call; the parser's recursion depth is bounded
 * (Python's own limit of nested brackets, 200); every read is bounds-checked against n.
 */
#define _POSIX_C_SOURCE 200809L
#include "npyfmt.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char magic[6] = { 0x93, 'N', 'U', 'M', 'P', 'Y' };

static int fail(NpyError *e, const char *exc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(NpyError *e, const char *exc, const char *fmt, ...)
{
    snprintf(e->exc, sizeof e->exc, "%s", exc);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return NPY_ERR;
}

/* ---------------------------------------------------------------- text buffers */

typedef struct Txt {
    char *s;
    size_t n, cap;
} Txt;

static void txt_put(Txt *t, const char *p, size_t k)
{
    if (t->n + k + 1 > t->cap) {
        size_t c = t->cap ? t->cap : 256;
        while (c < t->n + k + 1) c *= 2;
        char *ns = realloc(t->s, c);
        if (!ns) abort();
        t->s = ns;
        t->cap = c;
    }
    memcpy(t->s + t->n, p, k);
    t->n += k;
    t->s[t->n] = '\0';
}

static void txt_str(Txt *t, const char *s) { txt_put(t, s, strlen(s)); }

static void txt_fmt(Txt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void txt_fmt(Txt *t, const char *fmt, ...)
{
    char b[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    txt_str(t, b);
}

/* Decodes one UTF-8 code point at s[0..n); its length, or 0 when invalid. */
static int utf8_len(const unsigned char *s, size_t n, uint32_t *cp)
{
    int len = s[0] < 0x80                   ? 1
              : s[0] >= 0xc2 && s[0] < 0xe0 ? 2
              : s[0] >= 0xe0 && s[0] < 0xf0 ? 3
              : s[0] >= 0xf0 && s[0] < 0xf5 ? 4
                                            : 0;
    if (!len || (size_t)len > n) return 0;
    uint32_t c = len == 1 ? s[0] : s[0] & (0x7f >> len);
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c < 0xe000))) ||
        (len == 4 && (c < 0x10000 || c > 0x10ffff)))
        return 0;
    *cp = c;
    return len;
}

/* Python's repr() of a str (UTF-8 s[0..n)), or of a bytes value when bytes is set. */
static void repr_str(Txt *t, const char *s, size_t n, bool bytes)
{
    bool sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
    char q = sq && !dq ? '"' : '\'';
    if (bytes) txt_str(t, "b");
    txt_put(t, &q, 1);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        int len = bytes || c < 0x80 ? 1 : utf8_len((const unsigned char *)s + i, n - i, &cp);
        if (len == 0) len = 1;
        if (c == (unsigned char)q || c == '\\')
            txt_fmt(t, "\\%c", c);
        else if (c == '\n')
            txt_str(t, "\\n");
        else if (c == '\r')
            txt_str(t, "\\r");
        else if (c == '\t')
            txt_str(t, "\\t");
        else if (cp < 0x20 || cp == 0x7f || (bytes && cp >= 0x80))
            txt_fmt(t, "\\x%02x", (unsigned)cp);
        else if (cp >= 0x80 && (cp <= 0xa0 || cp == 0xad))
            txt_fmt(t, "\\x%02x", (unsigned)cp);
        else
            txt_put(t, s + i, (size_t)len);
        i += (size_t)len;
    }
    txt_put(t, &q, 1);
}

/* Python's repr() of a float. */
static void repr_float(Txt *t, double v)
{
    if (isinf(v)) {
        txt_str(t, v < 0 ? "-inf" : "inf");
        return;
    }
    if (isnan(v)) {
        txt_str(t, "nan");
        return;
    }
    char b[40];
    int p = 1;
    for (; p < 17; p++) {
        snprintf(b, sizeof b, "%.*e", p - 1, v);
        if (strtod(b, NULL) == v) break;
    }
    snprintf(b, sizeof b, "%.*e", p - 1, v);
    char *ep = strchr(b, 'e');
    int x = atoi(ep + 1);
    *ep = '\0';
    char digits[24];
    size_t nd = 0;
    for (char *c = b; *c; c++)
        if (*c >= '0' && *c <= '9') digits[nd++] = *c;
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    if (v < 0) txt_str(t, "-");
    if (x >= -4 && x < 16) {
        if (x < 0) {
            txt_str(t, "0.");
            for (int i = -1; i > x; i--) txt_str(t, "0");
            txt_put(t, digits, nd);
        } else {
            for (int i = 0; i <= x; i++) txt_put(t, (size_t)i < nd ? &digits[i] : "0", 1);
            txt_str(t, ".");
            if ((size_t)x + 1 < nd)
                txt_put(t, digits + x + 1, nd - (size_t)x - 1);
            else
                txt_str(t, "0");
        }
    } else {
        txt_put(t, digits, 1);
        if (nd > 1) {
            txt_str(t, ".");
            txt_put(t, digits + 1, nd - 1);
        }
        txt_fmt(t, "e%c%02d", x < 0 ? '-' : '+', x < 0 ? -x : x);
    }
}

/* ---------------------------------------------------------------- Python literals */

typedef enum { LV_NONE, LV_BOOL, LV_INT, LV_FLOAT, LV_STR, LV_BYTES, LV_TUPLE, LV_LIST, LV_DICT } LvKind;

/* A value: scalars hold their value (a str its UTF-8 text in the parser's arena), containers
 * their elements as a chain (kid, then next; a dict alternates keys and values). */
typedef struct Lv {
    LvKind kind;
    bool big; /* an int beyond int64: text holds its decimal digits */
    int64_t i;
    double f;
    const char *text;
    size_t len;
    int kid, next, n; /* node indices, -1 for none; n: elements (pairs for a dict) */
} Lv;

typedef struct Parser {
    const char *s;
    size_t n, pos;
    Lv *nodes;
    int nnodes, cap;
    Txt arena; /* string contents, as offsets first (arena.s moves) */
    int depth;
    int err; /* 1 SyntaxError, 2 malformed node (ValueError), 3 unhashable (TypeError) */
    const char *what; /* the unhashable type's name */
} Parser;

static int new_node(Parser *p, LvKind k)
{
    if (p->nnodes == p->cap) {
        int c = p->cap ? p->cap * 2 : 64;
        Lv *nn = realloc(p->nodes, (size_t)c * sizeof *nn);
        if (!nn) abort();
        p->nodes = nn;
        p->cap = c;
    }
    Lv *v = &p->nodes[p->nnodes];
    memset(v, 0, sizeof *v);
    v->kind = k;
    v->kid = v->next = -1;
    return p->nnodes++;
}

static void skip_space(Parser *p)
{
    while (p->pos < p->n) {
        char c = p->s[p->pos];
        if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r')
            p->pos++;
        else if (c == '\\' && p->pos + 1 < p->n && p->s[p->pos + 1] == '\n')
            p->pos += 2;
        else if (c == '#')
            while (p->pos < p->n && p->s[p->pos] != '\n') p->pos++;
        else
            break;
    }
}

static bool is_ident(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (unsigned char)c >= 0x80;
}

/* A syntax error: it wins over what evaluation would have found (literal_eval parses first). */
static int syntax(Parser *p)
{
    p->err = 1;
    return -1;
}

static int parse_value(Parser *p);

/* A string literal at p->pos with its prefix; contents into the arena. */
static int parse_string(Parser *p)
{
    bool raw = false, bytes = false;
    while (p->pos < p->n && strchr("rRbBuU", p->s[p->pos])) {
        char c = p->s[p->pos++];
        if (c == 'r' || c == 'R') raw = true;
        if (c == 'b' || c == 'B') bytes = true;
    }
    if (p->pos >= p->n) return syntax(p);
    char q = p->s[p->pos];
    bool triple = p->pos + 2 < p->n && p->s[p->pos + 1] == q && p->s[p->pos + 2] == q;
    p->pos += triple ? 3 : 1;
    int id = new_node(p, bytes ? LV_BYTES : LV_STR);
    size_t start = p->arena.n;
    for (;;) {
        if (p->pos >= p->n) return syntax(p);
        char c = p->s[p->pos];
        if (c == q && (!triple || (p->pos + 2 < p->n && p->s[p->pos + 1] == q && p->s[p->pos + 2] == q))) {
            p->pos += triple ? 3 : 1;
            break;
        }
        if (c == '\n' && !triple) return syntax(p);
        if (bytes && (unsigned char)c >= 0x80) return syntax(p);
        if (c == '\\' && !raw && p->pos + 1 < p->n) {
            char d = p->s[++p->pos];
            const char *map = "n\nt\tr\r\\\\''\"\"a\ab\bf\fv\v0\0";
            const char *m = NULL;
            for (const char *k = map; *k || k == map; k += 2) {
                if (k[0] == d) {
                    m = k;
                    break;
                }
                if (!k[0]) break;
            }
            if (d == '\n') {
                p->pos++;
                continue;
            }
            if (m) {
                txt_put(&p->arena, &m[1], 1);
                p->pos++;
                continue;
            }
            if (d == 'x' && p->pos + 2 < p->n) {
                char hx[3] = { p->s[p->pos + 1], p->s[p->pos + 2], 0 };
                char *end;
                long v = strtol(hx, &end, 16);
                if (*end || !hx[0] || hx[0] == '-' || hx[0] == '+') return syntax(p);
                if (v >= 0x80 && !bytes) {
                    char u[2] = { (char)(0xc0 | (v >> 6)), (char)(0x80 | (v & 0x3f)) };
                    txt_put(&p->arena, u, 2);
                } else {
                    char b = (char)v;
                    txt_put(&p->arena, &b, 1);
                }
                p->pos += 3;
                continue;
            }
            txt_put(&p->arena, "\\", 1);
            continue;
        }
        txt_put(&p->arena, &c, 1);
        p->pos++;
    }
    p->nodes[id].i = (int64_t)start;
    p->nodes[id].len = p->arena.n - start;
    /* implicit concatenation: 'a' 'b' */
    skip_space(p);
    size_t save = p->pos;
    size_t k = p->pos;
    while (k < p->n && strchr("rRbBuU", p->s[k])) k++;
    if (k < p->n && (p->s[k] == '\'' || p->s[k] == '"') && k - save <= 2) {
        int nxt = parse_string(p);
        if (nxt < 0) return -1;
        if (p->nodes[nxt].kind != p->nodes[id].kind) return syntax(p);
        p->nodes[id].len += p->nodes[nxt].len; /* contiguous in the arena */
        p->nnodes--;
    }
    return id;
}

/* A number at p->pos (no sign). */
static int parse_number(Parser *p)
{
    size_t a = p->pos;
    const char *s = p->s;
    bool isfloat = false;
    int base = 10;
    if (s[a] == '0' && a + 1 < p->n && strchr("xXoObB", s[a + 1])) {
        base = strchr("xX", s[a + 1]) ? 16 : strchr("oO", s[a + 1]) ? 8 : 2;
        p->pos += 2;
    }
    Txt dig = { 0 };
    while (p->pos < p->n) {
        char c = s[p->pos];
        if (c == '_') {
            p->pos++;
            continue;
        }
        bool ok = base == 16   ? strchr("0123456789abcdefABCDEF", c) != NULL
                  : base == 10 ? (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' ||
                                     ((c == '+' || c == '-') && dig.n && strchr("eE", dig.s[dig.n - 1]))
                               : c >= '0' && c < '0' + base;
        if (!ok || !c) break;
        if (c == '.' || c == 'e' || c == 'E') isfloat = true;
        txt_put(&dig, &c, 1);
        p->pos++;
    }
    if (p->pos < p->n && (is_ident(s[p->pos]) || s[p->pos] == '.')) {
        free(dig.s);
        return syntax(p);
    }
    if (!dig.n) {
        free(dig.s);
        return syntax(p);
    }
    int id;
    if (isfloat) {
        char *end;
        double v = strtod(dig.s, &end);
        bool bad = *end != '\0';
        id = bad ? syntax(p) : new_node(p, LV_FLOAT);
        if (id >= 0) p->nodes[id].f = v;
    } else if (base == 10 && dig.n > 1 && dig.s[0] == '0' && strspn(dig.s, "0") != dig.n) {
        id = syntax(p); /* 007 */
    } else {
        id = new_node(p, LV_INT);
        errno = 0;
        unsigned long long v = strtoull(dig.s, NULL, base);
        if (errno == ERANGE || v > INT64_MAX) {
            p->nodes[id].big = true;
            size_t start = p->arena.n;
            const char *d = dig.s + strspn(dig.s, "0");
            txt_str(&p->arena, *d ? d : "0");
            p->nodes[id].i = (int64_t)start;
            p->nodes[id].len = p->arena.n - start;
        } else {
            p->nodes[id].i = (int64_t)v;
        }
    }
    free(dig.s);
    return id;
}

/* A parenthesised, bracketed or braced display after its opening bracket. */
static int parse_display(Parser *p, char open)
{
    char close = open == '(' ? ')' : open == '[' ? ']' : '}';
    int id = new_node(p, open == '(' ? LV_TUPLE : open == '[' ? LV_LIST : LV_DICT);
    int last = -1, count = 0;
    bool comma = false;
    if (++p->depth > 200) return syntax(p);
    for (;;) {
        skip_space(p);
        if (p->pos >= p->n) return syntax(p);
        if (p->s[p->pos] == close) {
            p->pos++;
            break;
        }
        if (count && !comma) return syntax(p);
        int k = parse_value(p);
        if (k < 0) return -1;
        int items[2] = { k, -1 };
        if (open == '{') {
            skip_space(p);
            if (p->pos >= p->n || p->s[p->pos] != ':') return syntax(p);
            p->pos++;
            items[1] = parse_value(p);
            if (items[1] < 0) return -1;
            LvKind kk = p->nodes[k].kind;
            if (kk == LV_LIST || kk == LV_DICT) {
                p->err = p->err ? p->err : 3;
                p->what = kk == LV_LIST ? "list" : "dict";
            }
        }
        for (int j = 0; j < 2 && items[j] >= 0; j++) {
            if (last < 0)
                p->nodes[id].kid = items[j];
            else
                p->nodes[last].next = items[j];
            last = items[j];
        }
        count++;
        skip_space(p);
        comma = p->pos < p->n && p->s[p->pos] == ',';
        if (comma) p->pos++;
    }
    p->depth--;
    if (open == '(' && count == 1 && !comma) { /* (x) is x */
        int k = p->nodes[id].kid;
        return k;
    }
    p->nodes[id].n = count;
    return id;
}

static int parse_value(Parser *p)
{
    skip_space(p);
    if (p->pos >= p->n) return syntax(p);
    char c = p->s[p->pos];
    if (c == '(' || c == '[' || c == '{') {
        p->pos++;
        return parse_display(p, c);
    }
    if (c == '-' || c == '+') {
        p->pos++;
        skip_space(p);
        if (p->pos >= p->n) return syntax(p);
        char d = p->s[p->pos];
        if (!((d >= '0' && d <= '9') || d == '.')) {
            int k = parse_value(p); /* -x of something else: literal_eval refuses it */
            if (k >= 0 && !p->err) p->err = 2;
            return k < 0 ? -1 : k;
        }
        int k = parse_number(p);
        if (k >= 0 && c == '-') {
            Lv *v = &p->nodes[k];
            if (v->kind == LV_FLOAT)
                v->f = -v->f;
            else if (v->big) { /* the digits get their sign in front */
                size_t start = p->arena.n;
                txt_str(&p->arena, "-");
                txt_put(&p->arena, p->arena.s + v->i, v->len);
                v->i = (int64_t)start;
                v->len = p->arena.n - start;
            } else
                v->i = -v->i;
        }
        return k;
    }
    if ((c >= '0' && c <= '9') ||
        (c == '.' && p->pos + 1 < p->n && p->s[p->pos + 1] >= '0' && p->s[p->pos + 1] <= '9'))
        return parse_number(p);
    size_t k = p->pos;
    while (k < p->n && strchr("rRbBuU", p->s[k]) && k - p->pos < 2) k++;
    if (k < p->n && (p->s[k] == '\'' || p->s[k] == '"')) return parse_string(p);
    if (is_ident(c)) {
        size_t a = p->pos;
        while (p->pos < p->n && is_ident(p->s[p->pos])) p->pos++;
        size_t len = p->pos - a;
        int id;
        if (len == 4 && !memcmp(p->s + a, "None", 4)) return new_node(p, LV_NONE);
        if ((len == 4 && !memcmp(p->s + a, "True", 4)) || (len == 5 && !memcmp(p->s + a, "False", 5))) {
            id = new_node(p, LV_BOOL);
            p->nodes[id].i = len == 4;
            return id;
        }
        id = new_node(p, LV_NONE); /* a name: literal_eval refuses it */
        if (!p->err) p->err = 2;
        return id;
    }
    return syntax(p);
}

/* Python's repr() of node k. */
static void repr_lv(const Parser *p, int k, Txt *t)
{
    const Lv *v = &p->nodes[k];
    switch (v->kind) {
    case LV_NONE: txt_str(t, "None"); break;
    case LV_BOOL: txt_str(t, v->i ? "True" : "False"); break;
    case LV_INT:
        if (v->big)
            txt_put(t, p->arena.s + v->i, v->len);
        else
            txt_fmt(t, "%lld", (long long)v->i);
        break;
    case LV_FLOAT: repr_float(t, v->f); break;
    case LV_STR:
    case LV_BYTES: repr_str(t, p->arena.s + v->i, v->len, v->kind == LV_BYTES); break;
    case LV_TUPLE:
    case LV_LIST:
    case LV_DICT: {
        txt_str(t, v->kind == LV_TUPLE ? "(" : v->kind == LV_LIST ? "[" : "{");
        int j = 0;
        for (int c = v->kid; c >= 0; c = p->nodes[c].next, j++) {
            if (j) txt_str(t, v->kind == LV_DICT && (j & 1) ? ": " : ", ");
            repr_lv(p, c, t);
        }
        if (v->kind == LV_TUPLE && v->n == 1) txt_str(t, ",");
        txt_str(t, v->kind == LV_TUPLE ? ")" : v->kind == LV_LIST ? "]" : "}");
        break;
    }
    }
}

/* Python's name of a value's type. */
static const char *lv_type(LvKind k)
{
    static const char *const names[] = { "NoneType", "bool",  "int",  "float", "str",
                                         "bytes",    "tuple", "list", "dict" };
    return names[k];
}

/* True when node k is the str s. */
static bool lv_is_str(const Parser *p, int k, const char *s)
{
    const Lv *v = &p->nodes[k];
    return v->kind == LV_STR && v->len == strlen(s) && !memcmp(p->arena.s + v->i, s, v->len);
}

/* Python's dict() of the pairs: a later equal key replaces the value and keeps its place. */
static void dict_dedup(Parser *p, int d)
{
    int n = p->nodes[d].n, m = 0;
    int *kv = malloc(sizeof(int) * 2 * (size_t)(n + 1));
    Txt *reprs = calloc((size_t)n + 1, sizeof *reprs);
    if (!kv || !reprs) abort();
    for (int k = p->nodes[d].kid; k >= 0; k = p->nodes[p->nodes[k].next].next) {
        Txt r = { 0 };
        repr_lv(p, k, &r);
        int j = 0;
        while (j < m && !(reprs[j].n == r.n && !memcmp(reprs[j].s, r.s, r.n))) j++;
        if (j < m) {
            kv[2 * j + 1] = p->nodes[k].next;
            free(r.s);
        } else {
            reprs[m] = r;
            kv[2 * m] = k;
            kv[2 * m + 1] = p->nodes[k].next;
            m++;
        }
    }
    p->nodes[d].n = m;
    p->nodes[d].kid = m ? kv[0] : -1;
    for (int i = 0; i < 2 * m; i++) p->nodes[kv[i]].next = i + 1 < 2 * m ? kv[i + 1] : -1;
    for (int i = 0; i < m; i++) free(reprs[i].s);
    free(reprs);
    free(kv);
}

/* ---------------------------------------------------------------- dtypes */

typedef struct DtInfo {
    const char *name, *descr;
    char code; /* NumPy's one-letter type code */
} DtInfo;

static const DtInfo dtypes[] = {
    { "bool", "|b1", '?' },      { "int8", "|i1", 'b' },        { "int16", "<i2", 'h' },
    { "int32", "<i4", 'i' },     { "int64", "<i8", 'l' },       { "uint8", "|u1", 'B' },
    { "uint16", "<u2", 'H' },    { "uint32", "<u4", 'I' },      { "uint64", "<u8", 'L' },
    { "float16", "<f2", 'e' },   { "float32", "<f4", 'f' },     { "float64", "<f8", 'd' },
    { "complex64", "<c8", 'F' }, { "complex128", "<c16", 'D' },
};
#define NDTYPES (int)(sizeof dtypes / sizeof dtypes[0])

const char *npy_descr(const char *dtype)
{
    for (int i = 0; i < NDTYPES; i++)
        if (!strcmp(dtypes[i].name, dtype)) return dtypes[i].descr;
    return NULL;
}

/* numpy.dtype(s) for a str descr: 1 a dtype gpyc has (*d, *big), 0 one NumPy has that gpyc
 * does not (strings, datetimes, void, long double), -1 an object dtype, -2 not a dtype. */
static int descr_dtype(const char *s, size_t n, int *d, bool *big)
{
    char b[32];
    if (n == 0 || n >= sizeof b || memchr(s, '\0', n)) return -2;
    memcpy(b, s, n);
    b[n] = '\0';
    for (int i = 0; i < NDTYPES; i++)
        if (!strcmp(b, dtypes[i].name)) {
            *d = i;
            *big = false;
            return 1;
        }
    static const struct {
        const char *alias;
        int to;
    } aliases[] = {
        { "int", 4 },   { "float", 11 }, { "complex", 13 }, { "p", 4 },         { "P", 8 },
        { "q", 4 },     { "Q", 8 },      { "double", 11 },  { "single", 10 },   { "half", 9 },
        { "byte", 1 },  { "ubyte", 5 },  { "short", 2 },    { "ushort", 6 },    { "intc", 3 },
        { "uintc", 7 }, { "uint", 8 },   { "longlong", 4 }, { "ulonglong", 8 },
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcmp(b, aliases[i].alias)) {
            *d = aliases[i].to;
            *big = false;
            return 1;
        }
    const char *t = b;
    *big = false;
    if (*t && strchr("<>=|!", *t)) *big = *t == '>' || *t == '!', t++;
    if (!*t) return -2;
    if (t[1] == '\0') {
        for (int i = 0; i < NDTYPES; i++)
            if (t[0] == dtypes[i].code) {
                *d = i;
                return 1;
            }
        if (t[0] == 'q') {
            *d = 4;
            return 1;
        }
        if (t[0] == 'Q') {
            *d = 8;
            return 1;
        }
        if (t[0] == 'p') {
            *d = 4;
            return 1;
        }
        if (t[0] == 'P') {
            *d = 8;
            return 1;
        }
        if (t[0] == 'O') return -1;
        return strchr("gGSUVaMmc", t[0]) ? 0 : -2;
    }
    char kind = t[0];
    char *end;
    long sz = strtol(t + 1, &end, 10);
    if (kind == 'O') return *end || t[1] < '0' || t[1] > '9' ? -2 : sz == 8 ? -1 : -2;
    if (strchr("SUVa", kind) && t[1] >= '0' && t[1] <= '9' && !*end) return 0;
    if ((kind == 'M' || kind == 'm') && t[1] == '8' && (t[2] == '\0' || t[2] == '[')) return 0;
    if (*end || t[1] < '1' || t[1] > '9') return -2;
    for (int i = 0; i < NDTYPES; i++) {
        const char *ds = dtypes[i].descr + 1;
        if (ds[0] == kind && atol(ds + 1) == sz) {
            *d = i;
            return 1;
        }
    }
    if ((kind == 'f' && sz == 16) || (kind == 'c' && sz == 32)) return 0;
    return -2;
}

/* ---------------------------------------------------------------- reading */

/* Python 2's `3L` in version 1.0 and 2.0 headers (format.py's _filter_header): the L after a
 * number is dropped.  Unbalanced brackets are tokenize's TokenError, as in NumPy. */
static int filter_header(Txt *h, NpyError *e)
{
    int depth = 0, line = 1;
    size_t w = 0, bol = 0;
    bool blank = true;
    for (size_t i = 0; i < h->n; i++) {
        char c = h->s[i];
        if (c != ' ' && c != '\t' && c != '\f') blank = false;
        if (c == '\'' || c == '"') {
            /* tokenize: a string when it closes (a triple quote may span lines), else the quote
             * alone is an error token and tokenizing goes on after it */
            bool triple = i + 2 < h->n && h->s[i + 1] == c && h->s[i + 2] == c;
            size_t j = i + (triple ? 3 : 1);
            int lines = 0;
            while (j < h->n) {
                if (h->s[j] == '\\' && j + 1 < h->n) {
                    lines += h->s[j + 1] == '\n';
                    j += 2;
                    continue;
                }
                if (h->s[j] == c && (!triple || (j + 2 < h->n && h->s[j + 1] == c && h->s[j + 2] == c)))
                    break;
                if (h->s[j] == '\n' && !triple) break;
                lines += h->s[j] == '\n';
                j++;
            }
            if (j < h->n && h->s[j] == c) {
                size_t end = j + (triple ? 3 : 1);
                memmove(h->s + w, h->s + i, end - i);
                w += end - i;
                i = end - 1;
                line += lines;
                continue;
            }
            if (triple)
                return fail(e, "tokenize.TokenError", "('EOF in multi-line string', (%d, %zu))", line,
                            i - bol);
        } else if (c == '#') {
            while (i < h->n && h->s[i] != '\n') h->s[w++] = h->s[i++];
            if (i >= h->n) break;
            c = '\n';
        } else if (c == '(' || c == '[' || c == '{')
            depth++;
        else if (c == ')' || c == ']' || c == '}')
            depth--;
        else if (c == 'L' && w > 0 && h->s[w - 1] >= '0' && h->s[w - 1] <= '9' &&
                 (i + 1 >= h->n || !is_ident(h->s[i + 1]))) {
            size_t k = w;
            while (k > 0 && is_ident(h->s[k - 1])) k--;
            if (h->s[k] >= '0' && h->s[k] <= '9') c = ' '; /* 3L: untokenize leaves a space */
        }
        if (c == '\n') {
            line++;
            bol = i + 1;
        }
        h->s[w++] = c;
    }
    h->n = w;
    if (h->s) h->s[w] = '\0';
    if (depth != 0) {
        int lines = line - (h->n && h->s[h->n - 1] == '\n' ? 1 : 0);
        return fail(e, "tokenize.TokenError", "('EOF in multi-line statement', (%d, 0))", lines + 1);
    }
    if (blank && h->n) { /* a line of blanks untokenizes to nothing */
        h->n = 0;
        h->s[0] = '\0';
    }
    return NPY_OK;
}

/* The header's text as UTF-8 (latin-1 for versions 1.0 and 2.0), its length in characters. */
static int decode_header(const unsigned char *b, size_t n, int major, Txt *h, size_t *chars, NpyError *e)
{
    *chars = 0;
    for (size_t i = 0; i < n;) {
        if (major < 3 || b[i] < 0x80) {
            if (b[i] < 0x80)
                txt_put(h, (const char *)b + i, 1);
            else {
                char u[2] = { (char)(0xc0 | (b[i] >> 6)), (char)(0x80 | (b[i] & 0x3f)) };
                txt_put(h, u, 2);
            }
            i++;
        } else {
            uint32_t cp;
            int len = utf8_len(b + i, n - i, &cp);
            if (!len) {
                bool start = b[i] >= 0xc2 && b[i] < 0xf5;
                bool end = start && n - i < (size_t)(b[i] < 0xe0 ? 2 : b[i] < 0xf0 ? 3 : 4);
                return fail(e, "UnicodeDecodeError",
                            "'utf-8' codec can't decode byte 0x%02x in position %zu: %s", b[i], i,
                            !start ? "invalid start byte"
                            : end  ? "unexpected end of data"
                                   : "invalid continuation byte");
            }
            txt_put(h, (const char *)b + i, (size_t)len);
            i += (size_t)len;
        }
        (*chars)++;
    }
    if (!h->s) txt_put(h, "", 0);
    return NPY_OK;
}

/* The header's dict checked as format.py checks it; fills h. */
static int check_dict(Parser *p, int d, NpyHeader *h, NpyError *e)
{
    Txt r = { 0 };
    int rc = NPY_OK;
    if (p->nodes[d].kind != LV_DICT) {
        repr_lv(p, d, &r);
        rc = fail(e, "ValueError", "Header is not a dictionary: %s", r.s);
        goto out;
    }
    dict_dedup(p, d);
    int vals[3] = { -1, -1, -1 }, nkeys = 0;
    static const char *const want[3] = { "descr", "fortran_order", "shape" };
    for (int k = p->nodes[d].kid; k >= 0; k = p->nodes[p->nodes[k].next].next, nkeys++)
        for (int j = 0; j < 3; j++)
            if (lv_is_str(p, k, want[j])) vals[j] = p->nodes[k].next;
    if (nkeys != 3 || vals[0] < 0 || vals[1] < 0 || vals[2] < 0) {
        /* sorted(d.keys()): strs in code point order (UTF-8 byte order); keys of types that do
         * not compare fail at the first pair timsort's run detection compares (keys[i] < keys[i-1]) */
        int keys[1024], nk = 0;
        for (int k = p->nodes[d].kid; k >= 0 && nk < 1024; k = p->nodes[p->nodes[k].next].next)
            keys[nk++] = k;
        for (int a = 1; a < nk; a++) {
            LvKind x = p->nodes[keys[a]].kind, y = p->nodes[keys[a - 1]].kind;
            bool xn = x == LV_INT || x == LV_BOOL || x == LV_FLOAT,
                 yn = y == LV_INT || y == LV_BOOL || y == LV_FLOAT;
            if (x != y && !(xn && yn)) {
                rc = fail(e, "TypeError", "'<' not supported between instances of '%s' and '%s'", lv_type(x),
                          lv_type(y));
                goto out;
            }
        }
        for (int a = 1; a < nk; a++)
            for (int b = a; b > 0; b--) {
                const Lv *x = &p->nodes[keys[b - 1]], *y = &p->nodes[keys[b]];
                size_t m = x->len < y->len ? x->len : y->len;
                int c = memcmp(p->arena.s + x->i, p->arena.s + y->i, m);
                if (c < 0 || (c == 0 && x->len <= y->len)) break;
                int t = keys[b];
                keys[b] = keys[b - 1];
                keys[b - 1] = t;
            }
        txt_str(&r, "[");
        for (int a = 0; a < nk; a++) {
            if (a) txt_str(&r, ", ");
            repr_lv(p, keys[a], &r);
        }
        txt_str(&r, "]");
        rc = fail(e, "ValueError", "Header does not contain the correct keys: %s", r.s);
        goto out;
    }
    const Lv *sh = &p->nodes[vals[2]];
    bool shape_ok = sh->kind == LV_TUPLE;
    for (int k = sh->kid; shape_ok && k >= 0; k = p->nodes[k].next)
        shape_ok = p->nodes[k].kind == LV_INT || p->nodes[k].kind == LV_BOOL;
    if (!shape_ok) {
        repr_lv(p, vals[2], &r);
        rc = fail(e, "ValueError", "shape is not valid: %s", r.s);
        goto out;
    }
    if (p->nodes[vals[1]].kind != LV_BOOL) {
        repr_lv(p, vals[1], &r);
        rc = fail(e, "ValueError", "fortran_order is not a valid bool: %s", r.s);
        goto out;
    }
    const Lv *ds = &p->nodes[vals[0]];
    int di = 0;
    bool big = false;
    int dk = ds->kind == LV_STR ? descr_dtype(p->arena.s + ds->i, ds->len, &di, &big)
             : ds->kind == LV_LIST || ds->kind == LV_TUPLE ? 0
                                                           : -2;
    repr_lv(p, vals[0], &r);
    if (dk == -2) {
        rc = fail(e, "ValueError", "descr is not a valid dtype descriptor: %s", r.s);
        goto out;
    }
    if (dk == -1) {
        rc = fail(e, "ValueError", "Object arrays cannot be loaded when allow_pickle=False");
        goto out;
    }
    if (dk == 0) {
        rc = fail(e, "TypeError", "gpyc arrays have no dtype %s (bool, integers, floats and complex only)",
                  r.s);
        goto out;
    }
    h->dtype = dtypes[di].name;
    h->itemsize = atoi(dtypes[di].descr + 2);
    h->swap = big && h->itemsize > 1;
    h->fortran = p->nodes[vals[1]].i != 0;
    h->ndim = sh->n;
    h->size = 1; /* numpy.multiply.reduce(shape): negative when a dimension is -1 */
    int j = 0;
    for (int k = sh->kid; k >= 0; k = p->nodes[k].next, j++) {
        const Lv *v = &p->nodes[k];
        if (v->big) {
            rc = fail(e, "OverflowError", "Python int too large to convert to C long");
            goto out;
        }
        if (v->kind == LV_BOOL) {
            rc = fail(e, "TypeError", "an integer is required");
            goto out;
        }
        if (j >= NPY_MAXDIM) {
            rc = fail(e, "ValueError", "maximum supported dimension for an ndarray is %d, found %d",
                      NPY_MAXDIM, sh->n);
            goto out;
        }
        h->shape[j] = v->i;
        if (v->i && (h->size > INT64_MAX / llabs(v->i) || h->size < -INT64_MAX / llabs(v->i))) {
            rc = fail(e, "ValueError",
                      "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
                      "size.");
            goto out;
        }
        h->size *= v->i;
    }
out:
    free(r.s);
    return rc;
}

/* The literal in text evaluated and checked (format.py's safe_eval and the checks after). */
static int eval_header(Txt *text, NpyHeader *h, NpyError *e)
{
    Parser p = { 0 };
    p.s = text->s;
    p.n = text->n;
    size_t a = 0;
    while (a < p.n && (p.s[a] == ' ' || p.s[a] == '\t')) a++; /* literal_eval's lstrip(" \t") */
    p.pos = a;
    int root = parse_value(&p);
    if (root >= 0) {
        skip_space(&p);
        if (p.pos != p.n) syntax(&p);
    }
    int rc;
    if (p.err == 1 || root < 0) {
        Txt r = { 0 };
        repr_str(&r, text->s, text->n, false);
        rc = fail(e, "ValueError", "Cannot parse header: %s", r.s);
        free(r.s);
    } else if (p.err == 3) {
        rc = fail(e, "TypeError", "unhashable type: '%s'", p.what);
    } else if (p.err == 2) {
        rc = fail(e, "ValueError", "malformed node or string in the header");
    } else {
        rc = check_dict(&p, root, h, e);
    }
    free(p.nodes);
    free(p.arena.s);
    return rc;
}

/* Reads the little-endian unsigned integer of k bytes at b. */
static uint64_t le(const unsigned char *b, int k)
{
    uint64_t v = 0;
    for (int i = k - 1; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

int npy_parse_header(const unsigned char *buf, size_t n, bool at_eof, NpyHeader *h, size_t *need, NpyError *e)
{
    memset(h, 0, sizeof *h);
    *need = 0;
#define NEED(k, what, want)                                                                   \
    do {                                                                                      \
        if (n < (k)) {                                                                        \
            if (!at_eof) {                                                                    \
                *need = (k);                                                                  \
                return NPY_MORE;                                                              \
            }                                                                                 \
            return fail(e, "ValueError", "EOF: reading %s, expected %zu bytes got %zu", what, \
                        (size_t)(want), n - ((k) - (size_t)(want)));                          \
        }                                                                                     \
    } while (0)
    if (n < 6 && !at_eof) {
        *need = 6;
        return NPY_MORE;
    }
    if (n < 6 || memcmp(buf, magic, 6) != 0)
        return fail(e, "ValueError", "Cannot load file containing pickled data when allow_pickle=False");
    NEED(8, "magic string", 8);
    h->major = buf[6];
    h->minor = buf[7];
    if (!((h->major == 1 || h->major == 2 || h->major == 3) && h->minor == 0))
        return fail(e, "ValueError", "we only support format version (1,0), (2,0), and (3,0), not (%d, %d)",
                    h->major, h->minor);
    int lsize = h->major == 1 ? 2 : 4;
    NEED(8 + (size_t)lsize, "array header length", lsize);
    uint64_t hlen = le(buf + 8, lsize);
    size_t start = 8 + (size_t)lsize;
    if (hlen > (uint64_t)1 << 40) hlen = (uint64_t)1 << 40;
    NEED(start + (size_t)hlen, "array header", hlen);
#undef NEED
    Txt text = { 0 };
    size_t chars;
    int rc = decode_header(buf + start, (size_t)hlen, h->major, &text, &chars, e);
    if (rc == NPY_OK && chars > NPY_MAX_HEADER)
        rc = fail(e, "ValueError",
                  "Header info length (%zu) is large and may not be safe to load securely.\n"
                  "To allow loading, adjust `max_header_size` or fully trust the `.npy` file using "
                  "`allow_pickle=True`.\nFor safety against large resource use or crashes, sandboxing "
                  "may be necessary.",
                  chars);
    if (rc == NPY_OK && h->major < 3) rc = filter_header(&text, e);
    if (rc == NPY_OK && memchr(text.s, '\0', text.n))
        rc = fail(e, "ValueError", "source code string cannot contain null bytes");
    if (rc == NPY_OK) rc = eval_header(&text, h, e);
    free(text.s);
    h->data_offset = start + (size_t)hlen;
    return rc;
}

/* A shape as NumPy's reshape error writes it: (3,4), (5,), (). */
static void shape_text(Txt *r, const int64_t *shape, int ndim)
{
    txt_str(r, "(");
    for (int i = 0; i < ndim; i++) txt_fmt(r, "%s%lld", i ? "," : "", (long long)shape[i]);
    txt_str(r, ndim == 1 ? ",)" : ")");
}

int npy_check_data(NpyHeader *h, uint64_t data_bytes, NpyError *e)
{
    /* numpy.fromfile reads count = product(shape) items, or all there are when count < 0; then
     * `array.shape = shape` (reversed for Fortran order), where one -1 is inferred */
    uint64_t avail = data_bytes / (uint64_t)h->itemsize;
    int64_t have = h->size < 0 || avail < (uint64_t)h->size ? (int64_t)avail : h->size;
    int64_t shape[NPY_MAXDIM];
    int unknown = -1, nneg = 0;
    int64_t known = 1;
    for (int i = 0; i < h->ndim; i++) {
        shape[i] = h->shape[h->fortran ? h->ndim - 1 - i : i];
        if (shape[i] < 0) {
            nneg++;
            unknown = i;
        } else
            known *= shape[i];
    }
    if (nneg > 1 || (nneg == 1 && shape[unknown] != -1))
        return fail(e, "ValueError",
                    nneg > 1 ? "can only specify one unknown dimension" : "negative dimensions not allowed");
    if (nneg == 1 && known > 0 && have % known == 0) {
        h->shape[h->fortran ? h->ndim - 1 - unknown : unknown] = have / known;
        h->size = have;
    }
    if (have == h->size && h->size >= 0) return NPY_OK;
    Txt r = { 0 };
    shape_text(&r, shape, h->ndim);
    fail(e, "ValueError", "cannot reshape array of size %lld into shape %s", (long long)have, r.s);
    free(r.s);
    return NPY_ERR;
}

/* ---------------------------------------------------------------- writing */

size_t npy_write_header(char *out, size_t cap, const char *dtype, bool fortran, int ndim,
                        const int64_t *shape)
{
    const char *descr = npy_descr(dtype);
    if (!descr) return 0;
    char dict[2048];
    int k = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': %s, 'shape': (", descr,
                     fortran ? "True" : "False");
    for (int i = 0; i < ndim; i++)
        k += snprintf(dict + k, sizeof dict - (size_t)k, "%s%lld", i ? ", " : "", (long long)shape[i]);
    k += snprintf(dict + k, sizeof dict - (size_t)k, "%s), }", ndim == 1 ? "," : "");
    if (ndim > 0) { /* room for the growth axis to be rewritten in place (GROWTH_AXIS_MAX_DIGITS) */
        char d[24];
        int len = snprintf(d, sizeof d, "%lld", (long long)shape[fortran ? ndim - 1 : 0]);
        for (int i = len; i < 21; i++) dict[k++] = ' ';
    }
    size_t hlen = (size_t)k + 1;
    size_t pad = 64 - (10 + hlen) % 64; /* magic, version, the length field, then the header */
    size_t total = 10 + (size_t)k + pad + 1;
    char *tmp = malloc(total);
    if (!tmp) abort();
    memcpy(tmp, magic, 6);
    tmp[6] = 1;
    tmp[7] = 0;
    tmp[8] = (char)((hlen + pad) & 0xff);
    tmp[9] = (char)((hlen + pad) >> 8);
    memcpy(tmp + 10, dict, (size_t)k);
    memset(tmp + 10 + k, ' ', pad);
    tmp[total - 1] = '\n';
    memcpy(out, tmp, total < cap ? total : cap);
    free(tmp);
    return total;
}
