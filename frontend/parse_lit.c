/*
 * parse_lit.c — the converter's literals: numbers (Python's rules for underscores, bases and
 * int64/uint64 ranges), strings with their escapes and prefixes, implicit concatenation and
 * f-strings with their interpolations and format specs.
 */
#include "frontend/parse.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- literals */

/* Appends code point cp to sb as UTF-8. */
static void put_utf8(StrBuf *sb, uint32_t cp)
{
    if (cp < 0x80) {
        sb_putc(sb, (char)cp);
    } else if (cp < 0x800) {
        sb_putc(sb, (char)(0xC0 | (cp >> 6)));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        sb_putc(sb, (char)(0xE0 | (cp >> 12)));
        sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else {
        sb_putc(sb, (char)(0xF0 | (cp >> 18)));
        sb_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
        sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
    }
}

/* Appends the code point of a numeric escape at sp, unless no string of gpyc's can hold it: a
 * NUL (strings are NUL-terminated C strings: it would cut the string short) or a surrogate
 * (no UTF-8 for it; Python could not print it either). */
static void put_escaped(Parser *p, StrBuf *sb, uint32_t cp, Span sp)
{
    if (cp == 0)
        ps_error_at(p, sp,
                    "a NUL character in a string literal is not supported (strings end at a NUL here)");
    else if (cp >= 0xD800 && cp <= 0xDFFF)
        ps_error_at(p, sp, "a surrogate (U+%04X) in a string literal is not supported: strings are UTF-8",
                    cp);
    else
        put_utf8(sb, cp);
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes the literal text in bytes [from, to) of the source into sb: Python's escapes unless
 * raw; in an f-string (fmode) also "{{" and "}}"; in a bytes literal (bytes) ASCII text only,
 * \x and octal escapes give the byte itself (NUL too) and \u, \U, \N stay as written.
 * Errors point at the escape. */
static void decode(Parser *p, uint32_t from, uint32_t to, bool raw, bool fmode, bool bytes, StrBuf *sb)
{
    const char *s = p->text;
    if (to > p->len)
        to = p->len;
    uint32_t i = from;
    while (i < to) {
        char c = s[i];
        if (fmode && (c == '{' || c == '}') && i + 1 < to && s[i + 1] == c) {
            sb_putc(sb, c);
            i += 2;
            continue;
        }
        if (bytes && (c & 0x80)) {
            ps_error_at(p, ps_span_range(p, i, i + 1), "bytes can only contain ASCII literal characters");
            return;
        }
        if (c != '\\' || raw || i + 1 >= to) {
            sb_putc(sb, c);
            i++;
            continue;
        }
        char e = s[i + 1];
        uint32_t esc = i;
        i += 2;
        if (bytes && (e == 'u' || e == 'U' || e == 'N'))
            e = '?'; /* not an escape in bytes: kept as written */
        switch (e) {
        case '\n': break; /* backslash-newline: a continued line */
        case '\r':
            if (i < to && s[i] == '\n')
                i++;
            break;
        case '\\': case '\'': case '"': sb_putc(sb, e); break;
        case 'a': sb_putc(sb, '\a'); break;
        case 'b': sb_putc(sb, '\b'); break;
        case 'f': sb_putc(sb, '\f'); break;
        case 'n': sb_putc(sb, '\n'); break;
        case 'r': sb_putc(sb, '\r'); break;
        case 't': sb_putc(sb, '\t'); break;
        case 'v': sb_putc(sb, '\v'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            uint32_t v = (uint32_t)(e - '0');
            for (int k = 0; k < 2 && i < to && s[i] >= '0' && s[i] <= '7'; k++)
                v = v * 8 + (uint32_t)(s[i++] - '0');
            if (bytes) /* Python keeps the low 8 bits of \400..\777 */
                sb_putc(sb, (char)(v & 0xFF));
            else
                put_escaped(p, sb, v, ps_span_range(p, esc, i));
            break;
        }
        case 'x': case 'u': case 'U': {
            int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t v = 0;
            int k = 0;
            for (; k < digits && i < to && hexval(s[i]) >= 0; k++)
                v = v * 16 + (uint32_t)hexval(s[i++]);
            if (k < digits) {
                ps_error_at(p, ps_span_range(p, esc, i), "truncated \\%c escape in string literal", e);
            } else if (v > 0x10FFFF) {
                ps_error_at(p, ps_span_range(p, esc, i), "illegal Unicode character in string literal");
            } else if (bytes) {
                sb_putc(sb, (char)v);
            } else {
                put_escaped(p, sb, v, ps_span_range(p, esc, i));
            }
            break;
        }
        case 'N': {
            uint32_t j = i;
            if (j < to && s[j] == '{') {
                while (j < to && s[j] != '}')
                    j++;
                if (j < to)
                    j++;
            }
            ps_error_at(p, ps_span_range(p, esc, j), "\\N{...} escapes are not supported");
            i = j;
            break;
        }
        default: /* Python keeps an unknown escape as written */
            sb_putc(sb, '\\');
            sb_putc(sb, s[esc + 1]);
            break;
        }
    }
}

/* Parses the digits of an integer literal (underscores allowed) in base; false if a digit is
 * invalid.  *over is set when the value does not fit 64 bits unsigned. */
static bool parse_digits(const char *s, size_t n, int base, uint64_t *out, bool *over)
{
    uint64_t v = 0;
    bool any = false;
    *over = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '_')
            continue;
        int d = hexval(s[i]);
        if (d < 0 || d >= base)
            return false;
        any = true;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            *over = true;
        else
            v = v * (uint64_t)base + (uint64_t)d;
    }
    *out = v;
    return any;
}

/* Python's rule for '_' in a numeric literal t of length n: between two digits of its base, or
 * right after a base prefix (0x_ff); else "invalid decimal literal" and so on. */
static bool underscores_ok(Parser *p, TSNode n, const char *t, size_t len, int base)
{
    for (size_t i = 0; i < len; i++) {
        if (t[i] != '_') continue;
        int a = i > 0 ? hexval(t[i - 1]) : -1, b = i + 1 < len ? hexval(t[i + 1]) : -1;
        if (((base != 10 && i == 2) || (a >= 0 && a < base)) && b >= 0 && b < base) continue;
        const char *kind = base == 16  ? "hexadecimal"
                           : base == 8 ? "octal"
                           : base == 2 ? "binary"
                                       : "decimal";
        ps_error_at(p, ps_span_of(p, n), "invalid %s literal", kind);
        return false;
    }
    return true;
}

/* A float or imaginary literal's value: underscores dropped, then strtod. */
static double float_value(Parser *p, TSNode n, size_t drop_suffix)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    StrBuf sb = {0};
    for (uint32_t i = s; i + drop_suffix < e; i++)
        if (p->text[i] != '_')
            sb_putc(&sb, p->text[i]);
    double v = sb.s ? strtod(sb.s, NULL) : 0.0;
    sb_free(&sb);
    return v;
}

/* integer: decimal, 0x, 0o, 0b, with underscores; a trailing j makes it imaginary.
 * neg: the literal is the operand of a unary minus, so 2**63 may still fit (as -2**63). */
AstNode *ps_integer(Parser *p, TSNode n, bool neg)
{
    char *t = ps_text_of(p, n);
    size_t len = strlen(t);
    int base = 10;
    if (len >= 2 && t[0] == '0' && strchr("xXoObB", t[1]))
        base = (t[1] == 'x' || t[1] == 'X') ? 16 : (t[1] == 'o' || t[1] == 'O') ? 8 : 2;
    if (!underscores_ok(p, n, t, len, base)) return ps_placeholder(p, n);
    if (len > 0 && (t[len - 1] == 'j' || t[len - 1] == 'J')) {
        AstNode *x = ps_mk(p, AST_IMAG, n);
        x->fval = float_value(p, n, 1);
        return x;
    }
    if (len > 0 && (t[len - 1] == 'l' || t[len - 1] == 'L'))
        return ps_bad(p, n, "invalid syntax: Python 2 long literal");
    const char *d = t;
    if (base != 10) {
        d = t + 2;
    } else if (len > 1 && t[0] == '0') {
        for (const char *q = t; *q; q++)
            if (*q != '0' && *q != '_')
                return ps_bad(p, n, "leading zeros in decimal integer literals are not permitted");
    }
    uint64_t v;
    bool over;
    if (!parse_digits(d, strlen(d), base, &v, &over))
        return ps_bad(p, n, "invalid integer literal");
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (over || (v > limit && neg))
        return ps_bad(p, n, "integer literal too large (gpyc integers are 64-bit)");
    AstNode *x = ps_mk(p, AST_INT, n);
    x->ival = (int64_t)v; /* 2**63 only reaches here under a minus: the caller negates */
    if (v > limit)
        x->conv = 'u'; /* 2**63 .. 2**64-1: a uint64 literal (lowering says where it may stand) */
    return x;
}

/* float: digits with '.', exponent, underscores; a trailing j makes it imaginary. */
AstNode *ps_floating(Parser *p, TSNode n)
{
    uint32_t e = ts_node_end_byte(n);
    bool imag = e > 0 && (p->text[e - 1] == 'j' || p->text[e - 1] == 'J');
    char *t = ps_text_of(p, n);
    if (!underscores_ok(p, n, t, strlen(t), 10)) return ps_placeholder(p, n);
    AstNode *x = ps_mk(p, imag ? AST_IMAG : AST_FLOAT, n);
    x->fval = float_value(p, n, imag ? 1 : 0);
    return x;
}

/* The prefix letters of a string literal. */
typedef struct StrPrefix {
    bool raw, fstr, bytes, ok;
} StrPrefix;

static StrPrefix str_prefix(Parser *p, TSNode start)
{
    StrPrefix pf = {.ok = true};
    for (uint32_t i = ts_node_start_byte(start); i < ts_node_end_byte(start) && i < p->len; i++) {
        char c = p->text[i];
        if (c == '\'' || c == '"')
            break;
        switch (c) {
        case 'r': case 'R': pf.raw = true; break;
        case 'f': case 'F': pf.fstr = true; break;
        case 'b': case 'B': pf.bytes = true; break;
        case 'u': case 'U': break;
        default: pf.ok = false; break;
        }
    }
    return pf;
}

static AstNode *fstring_spec(Parser *p, TSNode spec, bool raw);



/* interpolation / format_expression: "{" expression ["="] ["!" conv] [":" spec] "}"
 * `{x=}` keeps the expression's text in sval and, with no conversion and no spec, converts
 * with repr as Python does. */
static AstNode *interpolation(Parser *p, TSNode n, bool raw)
{
    AstNode *f = ps_mk(p, AST_FORMAT, n);
    if (!ps_enter(p, n, true)) {
        ps_leave(p, true);
        return f;
    }
    Kids ks = ps_kids_of(p, n);
    bool selfdoc = false;
    TSNode e = {0}, spec = {0};
    bool have_e = false, have_spec = false;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        const char *fld = ks.k[i].field;
        if (fld && strcmp(fld, "expression") == 0) {
            e = k;
            have_e = true;
        } else if (fld && strcmp(fld, "type_conversion") == 0) {
            char *t = ps_text_of(p, k);
            if (strlen(t) == 2 && strchr("rsa", t[1]))
                f->conv = t[1];
            else
                ps_bad(p, k, "invalid conversion character in f-string: expected 'r', 's' or 'a'");
        } else if (fld && strcmp(fld, "format_specifier") == 0) {
            spec = k;
            have_spec = true;
        } else if (!ts_node_is_named(k) && ps_is(k, "=")) {
            selfdoc = true;
        }
    }
    if (have_e) {
        f->lhs = ps_value(p, e);
        if (selfdoc) {
            f->sval = ps_text_of(p, e);
            if (!f->conv && !have_spec)
                f->conv = 'r';
        }
    } else {
        f->lhs = ps_bad(p, n, "f-string: empty expression not allowed");
    }
    if (have_spec)
        f->rhs = fstring_spec(p, spec, raw);
    ps_leave(p, true);
    return f;
}

/* The literal text of an f-string between interpolations: the decoded bytes and where in the
 * source they began (UINT32_MAX while empty). */
typedef struct Literal {
    StrBuf sb;
    uint32_t from;
} Literal;

/* Decodes source bytes [from, to) onto the pending literal. */
static void lit_add(Parser *p, Literal *lit, uint32_t from, uint32_t to, bool raw, bool fmode, bool bytes)
{
    if (from >= to)
        return;
    if (lit->from == UINT32_MAX)
        lit->from = from;
    decode(p, from, to, raw, fmode, bytes, &lit->sb);
}

/* Appends the pending literal (if any) as an AST_STR part spanning [lit->from, upto). */
static void flush_literal(Parser *p, Literal *lit, uint32_t upto, Vec *parts)
{
    if (lit->sb.len > 0) {
        uint32_t from = lit->from == UINT32_MAX ? upto : lit->from;
        AstNode *s = ast_new(p->a, AST_STR, ps_span_range(p, from, upto), &p->next_id);
        s->sval = ar_strndup(p->a, lit->sb.s, lit->sb.len);
        s->slen = lit->sb.len;
        vec_push(parts, s);
        lit->sb.len = 0;
        lit->sb.s[0] = '\0';
    }
    lit->from = UINT32_MAX;
}

/* format_specifier: ":" (text | "{" expr "}")*  → an AST_FSTRING of the spec's parts. */
static AstNode *fstring_spec(Parser *p, TSNode spec, bool raw)
{
    AstNode *fs = ps_mk(p, AST_FSTRING, spec);
    Kids ks = ps_kids_of(p, spec);
    uint32_t pos = ts_node_start_byte(spec);
    if (ks.n > 0 && !ts_node_is_named(ks.k[0].node) && ps_is(ks.k[0].node, ":"))
        pos = ts_node_end_byte(ks.k[0].node);
    Literal lit = {.from = UINT32_MAX};
    Vec parts = {0};
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (!ts_node_is_named(k))
            continue;
        lit_add(p, &lit, pos, ts_node_start_byte(k), raw, true, false);
        flush_literal(p, &lit, ts_node_start_byte(k), &parts);
        vec_push(&parts, interpolation(p, k, raw));
        pos = ts_node_end_byte(k);
    }
    lit_add(p, &lit, pos, ts_node_end_byte(spec), raw, true, false);
    flush_literal(p, &lit, ts_node_end_byte(spec), &parts);
    sb_free(&lit.sb);
    fs->elts = ps_freeze(p, &parts);
    return fs;
}

/* string / concatenated_string: adjacent literals concatenated; any f-string among them
 * makes the whole an AST_FSTRING, else it is one AST_STR, or an AST_BYTES of bytes literals
 * (Python's SyntaxError when bytes and str literals are mixed). */
AstNode *ps_strings(Parser *p, TSNode whole)
{
    Kids strs;
    if (ps_is(whole, "concatenated_string")) {
        strs = ps_named_kids(p, whole);
    } else {
        strs.k = ar_alloc(p->scratch, sizeof(Kid));
        strs.k[0].node = whole;
        strs.n = 1;
    }
    Literal lit = {.from = UINT32_MAX};
    sb_putn(&lit.sb, "", 0);
    Vec parts = {0};
    bool is_f = false, failed = false, is_bytes = false;
    uint32_t last_end = ts_node_start_byte(whole);
    for (int si = 0; si < strs.n; si++) {
        TSNode s = strs.k[si].node;
        Kids ks = ps_kids_of(p, s);
        if (ks.n < 2 || !ps_is(ks.k[0].node, "string_start")) {
            ps_bad(p, s, "invalid string literal");
            failed = true;
            continue;
        }
        StrPrefix pf = str_prefix(p, ks.k[0].node);
        if (!pf.ok) {
            ps_bad(p, s, "invalid string prefix");
            failed = true;
            continue;
        }
        if (si > 0 && pf.bytes != is_bytes) {
            ps_bad(p, s, "cannot mix bytes and nonbytes literals");
            failed = true;
            continue;
        }
        is_bytes = pf.bytes;
        uint32_t from = ts_node_end_byte(ks.k[0].node);
        TSNode last = ks.k[ks.n - 1].node;
        uint32_t to = ps_is(last, "string_end") ? ts_node_start_byte(last) : ts_node_end_byte(s);
        last_end = to;
        if (!pf.fstr) {
            lit_add(p, &lit, from, to, pf.raw, false, pf.bytes);
            continue;
        }
        is_f = true;
        uint32_t pos = from;
        for (int i = 1; i < ks.n; i++) {
            TSNode k = ks.k[i].node;
            if (!ps_is(k, "interpolation"))
                continue;
            lit_add(p, &lit, pos, ts_node_start_byte(k), pf.raw, true, false);
            flush_literal(p, &lit, ts_node_start_byte(k), &parts);
            vec_push(&parts, interpolation(p, k, pf.raw));
            pos = ts_node_end_byte(k);
        }
        lit_add(p, &lit, pos, to, pf.raw, true, false);
    }
    AstNode *r;
    if (failed) {
        r = ps_placeholder(p, whole);
        vec_free(&parts);
    } else if (is_f) {
        flush_literal(p, &lit, last_end, &parts);
        r = ps_mk(p, AST_FSTRING, whole);
        r->elts = ps_freeze(p, &parts);
    } else {
        r = ps_mk(p, is_bytes ? AST_BYTES : AST_STR, whole);
        r->sval = ar_strndup(p->a, lit.sb.s, lit.sb.len);
        r->slen = lit.sb.len;
        vec_free(&parts);
    }
    sb_free(&lit.sb);
    return r;
}
