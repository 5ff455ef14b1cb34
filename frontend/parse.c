/*
 * parse.c — source text → gpyc AST, over tree-sitter-python.
 *
 * Two passes over tree-sitter's concrete syntax tree:
 *  1. check_syntax walks the tree iteratively (a TSTreeCursor, so depth costs no stack) and
 *     reports every ERROR node ("invalid syntax") and MISSING node ("expected ':'").  If there
 *     is any, conversion is skipped: the dialect errors of a mangled tree would be noise.
 *  2. The converter (module/stmt/expr below, one function per grammar rule, the rule above it)
 *     builds AST nodes in the arena and reports each construct outside the dialect of DESIGN.md
 *     §2 with a located error that names it ("classes are not supported").  It keeps walking
 *     after an error, putting a placeholder (AST_NONE) where the bad construct was, so one run
 *     reports them all; fe_parse then returns NULL.
 *
 * Invariants:
 *  - Every node has a span; lines and columns are 1-based, columns count bytes (tree-sitter's
 *    are 0-based; we compute ours from a table of line starts, the same numbers plus one).
 *  - Vectors in the AST borrow arena storage (cap == 0, see util.c): nothing on the heap
 *    outlives fe_parse, and tree-sitter's parser and tree are deleted on every path.
 *  - Recursion is bounded: brackets, calls, subscripts, blocks and interpolations nest at most
 *    MAX_NEST deep and the converter recurses at most MAX_RECURSION deep (long operator chains);
 *    past either, one "too deeply nested" error.
 *  - Comments (tree-sitter "extras") are skipped everywhere.
 */
#include "frontend/frontend.h"

#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

enum { MAX_NEST = 200, MAX_RECURSION = 1000 };

typedef struct Parser {
    Arena *a;          /* the compile's arena: AST and strings */
    Arena *scratch;    /* child lists, freed at the end of fe_parse */
    const SrcFile *src;
    const char *text;
    uint32_t len;
    uint32_t *lines;   /* byte offset of the start of each line (in scratch) */
    uint32_t nlines;
    int next_id;
    int nerr;          /* errors reported by this parse */
    int nest, rec;     /* current nesting and recursion depth */
    bool too_deep;     /* "too deeply nested" already reported */
    int fn_depth;      /* inside a def */
    int loop_depth;    /* inside a for/while of the current function */
} Parser;

/* A child of a CST node with the name of the field it fills (or NULL). */
typedef struct Kid {
    TSNode node;
    const char *field;
} Kid;

typedef struct Kids {
    Kid *k;
    int n;
} Kids;

static AstNode *expr(Parser *p, TSNode n);
static AstNode *target(Parser *p, TSNode n);
static AstNode *block(Parser *p, TSNode n, TSNode owner);
static void stmt(Parser *p, TSNode n, Vec *out);

/* ---------------------------------------------------------------- helpers */

/* The span of bytes [start, end). */
static Span span_range(Parser *p, uint32_t start, uint32_t end) {
    if (start > p->len)
        start = p->len;
    if (end < start)
        end = start;
    uint32_t lo = 0, hi = p->nlines - 1;
    while (lo < hi) { /* last line starting at or before start */
        uint32_t mid = lo + (hi - lo + 1) / 2;
        if (p->lines[mid] <= start)
            lo = mid;
        else
            hi = mid - 1;
    }
    Span sp = {p->src, start, end, lo + 1, start - p->lines[lo] + 1};
    return sp;
}

/* The span of a CST node. */
static Span span_of(Parser *p, TSNode n) {
    return span_range(p, ts_node_start_byte(n), ts_node_end_byte(n));
}

/* Reports a located error and counts it against this parse. */
__attribute__((format(printf, 3, 4)))
static void error_at(Parser *p, Span sp, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_verror(sp, fmt, ap);
    va_end(ap);
    p->nerr++;
}

/* A new node spanning the CST node n. */
static AstNode *mk(Parser *p, AstKind k, TSNode n) {
    return ast_new(p->a, k, span_of(p, n), &p->next_id);
}

/* The placeholder that stands where an error was reported. */
static AstNode *placeholder(Parser *p, TSNode n) {
    return mk(p, AST_NONE, n);
}

/* Reports an error at n and returns a placeholder for it. */
__attribute__((format(printf, 3, 4)))
static AstNode *bad(Parser *p, TSNode n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_verror(span_of(p, n), fmt, ap);
    va_end(ap);
    p->nerr++;
    return placeholder(p, n);
}

/* Is n of the given CST type? */
static bool is(TSNode n, const char *type) {
    return strcmp(ts_node_type(n), type) == 0;
}

/* The source text of n, copied into the arena. */
static char *text_of(Parser *p, TSNode n) {
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    if (e > p->len)
        e = p->len;
    if (s > e)
        s = e;
    return ar_strndup(p->a, p->text + s, e - s);
}

/* The children of n (comments skipped), with their field names. */
static Kids kids_of(Parser *p, TSNode n) {
    Kids ks = {0};
    uint32_t cnt = ts_node_child_count(n);
    if (cnt == 0)
        return ks;
    ks.k = ar_alloc(p->scratch, sizeof(Kid) * cnt);
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
        do {
            TSNode k = ts_tree_cursor_current_node(&c);
            if (ts_node_is_extra(k) || ks.n >= (int)cnt)
                continue;
            ks.k[ks.n].node = k;
            ks.k[ks.n].field = ts_tree_cursor_current_field_name(&c);
            ks.n++;
        } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    return ks;
}

/* The named children of n, comments skipped. */
static Kids named_kids(Parser *p, TSNode n) {
    Kids ks = kids_of(p, n);
    int j = 0;
    for (int i = 0; i < ks.n; i++)
        if (ts_node_is_named(ks.k[i].node))
            ks.k[j++] = ks.k[i];
    ks.n = j;
    return ks;
}

/* The child in field name, or a null node. */
static TSNode field(TSNode n, const char *name) {
    return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* The span of n's first token (a statement's keyword), for "X is not supported". */
static Span keyword_span(Parser *p, TSNode n) {
    if (ts_node_child_count(n) > 0) {
        TSNode k = ts_node_child(n, 0);
        if (!ts_node_is_named(k))
            return span_of(p, k);
    }
    return span_of(p, n);
}

/* Copies a heap vector into the arena (a borrowed Vec, cap 0) and frees the heap one. */
static Vec freeze(Parser *p, Vec *v) {
    Vec out = {0};
    if (v->n > 0) {
        out.v = ar_alloc(p->a, sizeof(void *) * (size_t)v->n);
        memcpy(out.v, v->v, sizeof(void *) * (size_t)v->n);
        out.n = v->n;
    }
    vec_free(v);
    return out;
}

/* Enters one level of recursion (and of nesting when nest); false past the limits, after
 * reporting "too deeply nested" once.  Every call is paired with leave(). */
static bool enter(Parser *p, TSNode n, bool nest) {
    p->rec++;
    if (nest)
        p->nest++;
    if (p->rec > MAX_RECURSION || p->nest > MAX_NEST) {
        if (!p->too_deep) {
            p->too_deep = true;
            uint32_t at = ts_node_start_byte(n);
            error_at(p, span_range(p, at, at + 1), "too deeply nested");
        }
        return false;
    }
    return true;
}

static void leave(Parser *p, bool nest) {
    p->rec--;
    if (nest)
        p->nest--;
}

/* ---------------------------------------------------------------- pass 1: syntax errors */

/* What a MISSING node stands for, in words. */
static const char *missing_what(Parser *p, TSNode n) {
    const char *t = ts_node_type(n);
    if (!ts_node_is_named(n))
        return ar_printf(p->a, "'%s'", t);
    if (strcmp(t, "identifier") == 0)
        return "a name";
    if (strcmp(t, "block") == 0)
        return "an indented block";
    if (strcmp(t, "string_end") == 0 || strcmp(t, "string_start") == 0)
        return "the end of the string literal";
    return "an expression";
}

/* Is t an opening bracket token?  Which closes it? */
static char closer(const char *t) {
    return strcmp(t, "(") == 0 ? ')' : strcmp(t, "[") == 0 ? ']' : strcmp(t, "{") == 0 ? '}' : 0;
}

/* The end of the last token of n's subtree (comments aside) that lies on the given row. */
static uint32_t last_token_end_on_row(TSNode n, uint32_t row) {
    uint32_t at = ts_node_start_byte(n);
    TSTreeCursor c = ts_tree_cursor_new(n);
    for (;;) {
        TSNode k = ts_tree_cursor_current_node(&c);
        bool descend = false;
        if (ts_node_start_point(k).row <= row) {
            if (ts_node_child_count(k) == 0) {
                if (!ts_node_is_extra(k) && ts_node_end_point(k).row == row)
                    at = ts_node_end_byte(k);
            } else {
                descend = true;
            }
        }
        if (descend && ts_tree_cursor_goto_first_child(&c))
            continue;
        bool done = false;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c)) {
                done = true;
                break;
            }
        if (done)
            break;
    }
    ts_tree_cursor_delete(&c);
    return at;
}

/* Reports one ERROR node with the most specific message its direct children allow: the
 * innermost nested ERROR, an unterminated string, a bracket never closed, a compound
 * statement without its ':', else "invalid syntax" where the ERROR starts. */
static void syntax_error(Parser *p, TSNode n) {
    for (int guard = 0; guard < 64; guard++) { /* descend to a nested ERROR */
        Kids ks = kids_of(p, n);
        int inner = -1;
        for (int i = 0; i < ks.n && inner < 0; i++)
            if (ts_node_is_error(ks.k[i].node) && ts_node_child_count(ks.k[i].node) <= 1)
                inner = i;
        if (inner < 0)
            break;
        n = ks.k[inner].node;
    }
    Kids ks = kids_of(p, n);
    /* an unterminated string */
    for (int i = 0; i < ks.n; i++)
        if (is(ks.k[i].node, "string_start") &&
            (i + 1 >= ks.n || (!is(ks.k[i + 1].node, "string_content") &&
                               !is(ks.k[i + 1].node, "string_end")))) {
            error_at(p, span_of(p, ks.k[i].node), "unterminated string literal");
            return;
        }
    /* a bracket never closed */
    int stack[64], depth = 0, lost = -1;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ts_node_is_named(k))
            continue;
        const char *t = ts_node_type(k);
        if (closer(t)) {
            if (depth < 64)
                stack[depth] = i;
            depth++;
        } else if ((t[0] == ')' || t[0] == ']' || t[0] == '}') && t[1] == '\0' && depth > 0) {
            depth--;
        }
    }
    if (depth > 0)
        lost = stack[0];
    if (lost >= 0) {
        error_at(p, span_of(p, ks.k[lost].node), "'%s' was never closed",
                 ts_node_type(ks.k[lost].node));
        return;
    }
    /* a compound statement's header without its ':' */
    static const char *const compound[] = {"if", "elif", "else", "while", "for", "def", "with",
                                           "class", "try", "except", "finally"};
    if (ks.n > 0 && !ts_node_is_named(ks.k[0].node)) {
        const char *t = ts_node_type(ks.k[0].node);
        bool kw = false, colon = false;
        for (size_t j = 0; j < sizeof compound / sizeof *compound; j++)
            kw |= strcmp(t, compound[j]) == 0;
        for (int i = 0; i < ks.n; i++)
            colon |= !ts_node_is_named(ks.k[i].node) && is(ks.k[i].node, ":");
        if (kw && !colon) {
            uint32_t at = last_token_end_on_row(n, ts_node_start_point(ks.k[0].node).row);
            error_at(p, span_range(p, at, at), "expected ':'");
            return;
        }
    }
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    if (ks.n > 0) { /* the first token tree-sitter could not place */
        s = ts_node_start_byte(ks.k[0].node);
        e = ts_node_end_byte(ks.k[0].node);
    }
    if (e == s && e < p->len)
        e = s + 1;
    error_at(p, span_range(p, s, e), "invalid syntax");
}

/* Reports every ERROR and MISSING node, in source order, without recursion. */
static void check_syntax(Parser *p, TSNode root) {
    if (!ts_node_has_error(root))
        return;
    TSTreeCursor c = ts_tree_cursor_new(root);
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&c);
        bool descend = false;
        if (ts_node_is_error(n)) {
            syntax_error(p, n);
        } else if (ts_node_is_missing(n)) {
            /* just after the token before it: "if x" + missing ':' points after the x */
            uint32_t at = ts_node_start_byte(n);
            TSNode prev = ts_node_prev_sibling(n);
            if (!ts_node_is_null(prev))
                at = ts_node_end_byte(prev);
            error_at(p, span_range(p, at, at), "expected %s", missing_what(p, n));
        } else {
            descend = ts_node_has_error(n);
        }
        if (descend && ts_tree_cursor_goto_first_child(&c))
            continue;
        bool done = false;
        while (!ts_tree_cursor_goto_next_sibling(&c)) {
            if (!ts_tree_cursor_goto_parent(&c)) {
                done = true;
                break;
            }
        }
        if (done)
            break;
    }
    ts_tree_cursor_delete(&c);
}

/* ---------------------------------------------------------------- literals */

/* Appends code point cp to sb as UTF-8. */
static void put_utf8(StrBuf *sb, uint32_t cp) {
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

static int hexval(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes the literal text in bytes [from, to) of the source into sb: Python's escapes unless
 * raw; in an f-string (fmode) also "{{" and "}}".  Errors point at the escape. */
static void decode(Parser *p, uint32_t from, uint32_t to, bool raw, bool fmode, StrBuf *sb) {
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
        if (c != '\\' || raw || i + 1 >= to) {
            sb_putc(sb, c);
            i++;
            continue;
        }
        char e = s[i + 1];
        uint32_t esc = i;
        i += 2;
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
            put_utf8(sb, v);
            break;
        }
        case 'x': case 'u': case 'U': {
            int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t v = 0;
            int k = 0;
            for (; k < digits && i < to && hexval(s[i]) >= 0; k++)
                v = v * 16 + (uint32_t)hexval(s[i++]);
            if (k < digits) {
                error_at(p, span_range(p, esc, i), "truncated \\%c escape in string literal", e);
            } else if (v > 0x10FFFF) {
                error_at(p, span_range(p, esc, i), "illegal Unicode character in string literal");
            } else {
                put_utf8(sb, v);
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
            error_at(p, span_range(p, esc, j), "\\N{...} escapes are not supported");
            i = j;
            break;
        }
        default: /* Python keeps an unknown escape as written */
            sb_putc(sb, '\\');
            sb_putc(sb, e);
            break;
        }
    }
}

/* Parses the digits of an integer literal (underscores allowed) in base; false if a digit is
 * invalid.  *over is set when the value does not fit 64 bits unsigned. */
static bool parse_digits(const char *s, size_t n, int base, uint64_t *out, bool *over) {
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

/* A float or imaginary literal's value: underscores dropped, then strtod. */
static double float_value(Parser *p, TSNode n, size_t drop_suffix) {
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
static AstNode *integer(Parser *p, TSNode n, bool neg) {
    char *t = text_of(p, n);
    size_t len = strlen(t);
    if (len > 0 && (t[len - 1] == 'j' || t[len - 1] == 'J')) {
        AstNode *x = mk(p, AST_IMAG, n);
        x->fval = float_value(p, n, 1);
        return x;
    }
    if (len > 0 && (t[len - 1] == 'l' || t[len - 1] == 'L'))
        return bad(p, n, "invalid syntax: Python 2 long literal");
    int base = 10;
    const char *d = t;
    if (len >= 2 && t[0] == '0' && strchr("xXoObB", t[1])) {
        base = (t[1] == 'x' || t[1] == 'X') ? 16 : (t[1] == 'o' || t[1] == 'O') ? 8 : 2;
        d = t + 2;
    } else if (len > 1 && t[0] == '0') {
        for (const char *q = t; *q; q++)
            if (*q != '0' && *q != '_')
                return bad(p, n, "leading zeros in decimal integer literals are not permitted");
    }
    uint64_t v;
    bool over;
    if (!parse_digits(d, strlen(d), base, &v, &over))
        return bad(p, n, "invalid integer literal");
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (over || (v > limit && neg))
        return bad(p, n, "integer literal too large (gpyc integers are 64-bit)");
    AstNode *x = mk(p, AST_INT, n);
    x->ival = (int64_t)v; /* 2**63 only reaches here under a minus: the caller negates */
    if (v > limit)
        x->conv = 'u'; /* 2**63 .. 2**64-1: a uint64 literal (lowering says where it may stand) */
    return x;
}

/* float: digits with '.', exponent, underscores; a trailing j makes it imaginary. */
static AstNode *floating(Parser *p, TSNode n) {
    uint32_t e = ts_node_end_byte(n);
    bool imag = e > 0 && (p->text[e - 1] == 'j' || p->text[e - 1] == 'J');
    AstNode *x = mk(p, imag ? AST_IMAG : AST_FLOAT, n);
    x->fval = float_value(p, n, imag ? 1 : 0);
    return x;
}

/* The prefix letters of a string literal. */
typedef struct StrPrefix {
    bool raw, fstr, bytes, ok;
} StrPrefix;

static StrPrefix str_prefix(Parser *p, TSNode start) {
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


/* An expression in a value position: a bare `a, b` is a tuple, `yield` is rejected. */
static AstNode *value(Parser *p, TSNode n) {
    if (is(n, "expression_list") || is(n, "pattern_list")) {
        AstNode *t = mk(p, AST_TUPLE, n);
        Kids ks = named_kids(p, n);
        Vec elts = {0};
        for (int i = 0; i < ks.n; i++)
            vec_push(&elts, expr(p, ks.k[i].node));
        t->elts = freeze(p, &elts);
        return t;
    }
    return expr(p, n);
}

/* interpolation / format_expression: "{" expression ["="] ["!" conv] [":" spec] "}"
 * `{x=}` keeps the expression's text in sval and, with no conversion and no spec, converts
 * with repr as Python does. */
static AstNode *interpolation(Parser *p, TSNode n, bool raw) {
    AstNode *f = mk(p, AST_FORMAT, n);
    if (!enter(p, n, true)) {
        leave(p, true);
        return f;
    }
    Kids ks = kids_of(p, n);
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
            char *t = text_of(p, k);
            if (strlen(t) == 2 && strchr("rsa", t[1]))
                f->conv = t[1];
            else
                bad(p, k, "invalid conversion character in f-string: expected 'r', 's' or 'a'");
        } else if (fld && strcmp(fld, "format_specifier") == 0) {
            spec = k;
            have_spec = true;
        } else if (!ts_node_is_named(k) && is(k, "=")) {
            selfdoc = true;
        }
    }
    if (have_e) {
        f->lhs = value(p, e);
        if (selfdoc) {
            f->sval = text_of(p, e);
            if (!f->conv && !have_spec)
                f->conv = 'r';
        }
    } else {
        f->lhs = bad(p, n, "f-string: empty expression not allowed");
    }
    if (have_spec)
        f->rhs = fstring_spec(p, spec, raw);
    leave(p, true);
    return f;
}

/* The literal text of an f-string between interpolations: the decoded bytes and where in the
 * source they began (UINT32_MAX while empty). */
typedef struct Literal {
    StrBuf sb;
    uint32_t from;
} Literal;

/* Decodes source bytes [from, to) onto the pending literal. */
static void lit_add(Parser *p, Literal *lit, uint32_t from, uint32_t to, bool raw, bool fmode) {
    if (from >= to)
        return;
    if (lit->from == UINT32_MAX)
        lit->from = from;
    decode(p, from, to, raw, fmode, &lit->sb);
}

/* Appends the pending literal (if any) as an AST_STR part spanning [lit->from, upto). */
static void flush_literal(Parser *p, Literal *lit, uint32_t upto, Vec *parts) {
    if (lit->sb.len > 0) {
        uint32_t from = lit->from == UINT32_MAX ? upto : lit->from;
        AstNode *s = ast_new(p->a, AST_STR, span_range(p, from, upto), &p->next_id);
        s->sval = ar_strndup(p->a, lit->sb.s, lit->sb.len);
        s->slen = lit->sb.len;
        vec_push(parts, s);
        lit->sb.len = 0;
        lit->sb.s[0] = '\0';
    }
    lit->from = UINT32_MAX;
}

/* format_specifier: ":" (text | "{" expr "}")*  → an AST_FSTRING of the spec's parts. */
static AstNode *fstring_spec(Parser *p, TSNode spec, bool raw) {
    AstNode *fs = mk(p, AST_FSTRING, spec);
    Kids ks = kids_of(p, spec);
    uint32_t pos = ts_node_start_byte(spec);
    if (ks.n > 0 && !ts_node_is_named(ks.k[0].node) && is(ks.k[0].node, ":"))
        pos = ts_node_end_byte(ks.k[0].node);
    Literal lit = {.from = UINT32_MAX};
    Vec parts = {0};
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (!ts_node_is_named(k))
            continue;
        lit_add(p, &lit, pos, ts_node_start_byte(k), raw, true);
        flush_literal(p, &lit, ts_node_start_byte(k), &parts);
        vec_push(&parts, interpolation(p, k, raw));
        pos = ts_node_end_byte(k);
    }
    lit_add(p, &lit, pos, ts_node_end_byte(spec), raw, true);
    flush_literal(p, &lit, ts_node_end_byte(spec), &parts);
    sb_free(&lit.sb);
    fs->elts = freeze(p, &parts);
    return fs;
}

/* string / concatenated_string: adjacent literals concatenated; any f-string among them
 * makes the whole an AST_FSTRING, else it is one AST_STR.  Bytes literals are rejected. */
static AstNode *strings(Parser *p, TSNode whole) {
    Kids strs;
    if (is(whole, "concatenated_string")) {
        strs = named_kids(p, whole);
    } else {
        strs.k = ar_alloc(p->scratch, sizeof(Kid));
        strs.k[0].node = whole;
        strs.n = 1;
    }
    Literal lit = {.from = UINT32_MAX};
    sb_putn(&lit.sb, "", 0);
    Vec parts = {0};
    bool is_f = false, failed = false;
    uint32_t last_end = ts_node_start_byte(whole);
    for (int si = 0; si < strs.n; si++) {
        TSNode s = strs.k[si].node;
        Kids ks = kids_of(p, s);
        if (ks.n < 2 || !is(ks.k[0].node, "string_start")) {
            bad(p, s, "invalid string literal");
            failed = true;
            continue;
        }
        StrPrefix pf = str_prefix(p, ks.k[0].node);
        if (!pf.ok) {
            bad(p, s, "invalid string prefix");
            failed = true;
            continue;
        }
        if (pf.bytes) {
            bad(p, s, "bytes literals are not supported");
            failed = true;
            continue;
        }
        uint32_t from = ts_node_end_byte(ks.k[0].node);
        TSNode last = ks.k[ks.n - 1].node;
        uint32_t to = is(last, "string_end") ? ts_node_start_byte(last) : ts_node_end_byte(s);
        last_end = to;
        if (!pf.fstr) {
            lit_add(p, &lit, from, to, pf.raw, false);
            continue;
        }
        is_f = true;
        uint32_t pos = from;
        for (int i = 1; i < ks.n; i++) {
            TSNode k = ks.k[i].node;
            if (!is(k, "interpolation"))
                continue;
            lit_add(p, &lit, pos, ts_node_start_byte(k), pf.raw, true);
            flush_literal(p, &lit, ts_node_start_byte(k), &parts);
            vec_push(&parts, interpolation(p, k, pf.raw));
            pos = ts_node_end_byte(k);
        }
        lit_add(p, &lit, pos, to, pf.raw, true);
    }
    AstNode *r;
    if (failed) {
        r = placeholder(p, whole);
        vec_free(&parts);
    } else if (is_f) {
        flush_literal(p, &lit, last_end, &parts);
        r = mk(p, AST_FSTRING, whole);
        r->elts = freeze(p, &parts);
    } else {
        r = mk(p, AST_STR, whole);
        r->sval = ar_strndup(p->a, lit.sb.s, lit.sb.len);
        r->slen = lit.sb.len;
        vec_free(&parts);
    }
    sb_free(&lit.sb);
    return r;
}

/* ---------------------------------------------------------------- expressions */

/* The AstOp of an operator token ("+", "//=", "not in", ...); AOP_NONE if unknown. */
static AstOp op_of(const char *t) {
    static const struct { const char *s; AstOp op; } ops[] = {
        {"+", AOP_ADD}, {"-", AOP_SUB}, {"*", AOP_MUL}, {"/", AOP_DIV}, {"//", AOP_FLOORDIV},
        {"%", AOP_MOD}, {"**", AOP_POW}, {"@", AOP_MATMUL}, {"<<", AOP_LSHIFT},
        {">>", AOP_RSHIFT}, {"&", AOP_BITAND}, {"|", AOP_BITOR}, {"^", AOP_BITXOR},
        {"and", AOP_AND}, {"or", AOP_OR}, {"==", AOP_EQ}, {"!=", AOP_NE}, {"<", AOP_LT},
        {"<=", AOP_LE}, {">", AOP_GT}, {">=", AOP_GE}, {"is", AOP_IS}, {"is not", AOP_ISNOT},
        {"in", AOP_IN}, {"not in", AOP_NOTIN},
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strcmp(ops[i].s, t) == 0)
            return ops[i].op;
    return AOP_NONE;
}

/* The elements of a tuple/list-like node, each converted by conv. */
static Vec elements(Parser *p, TSNode n, AstNode *(*conv)(Parser *, TSNode)) {
    Kids ks = named_kids(p, n);
    Vec elts = {0};
    for (int i = 0; i < ks.n; i++)
        vec_push(&elts, conv(p, ks.k[i].node));
    return freeze(p, &elts);
}

/* call: primary "(" (expr | name "=" expr),* ")" — no unpacking of *args or **kwargs. */
static AstNode *call(Parser *p, TSNode n) {
    AstNode *c = mk(p, AST_CALL, n);
    c->lhs = expr(p, field(n, "function"));
    TSNode args = field(n, "arguments");
    if (ts_node_is_null(args))
        return c;
    if (is(args, "generator_expression"))
        return bad(p, args, "generator expressions are not supported");
    Kids ks = named_kids(p, args);
    Vec pos = {0}, kw = {0};
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (is(k, "keyword_argument")) {
            AstNode *a = mk(p, AST_KEYWORD, k);
            a->sval = text_of(p, field(k, "name"));
            a->rhs = expr(p, field(k, "value"));
            for (int j = 0; j < kw.n; j++)
                if (strcmp(((AstNode *)kw.v[j])->sval, a->sval) == 0) {
                    bad(p, k, "keyword argument repeated: %s", a->sval);
                    break;
                }
            vec_push(&kw, a);
        } else if (is(k, "list_splat") || is(k, "dictionary_splat") ||
                   is(k, "parenthesized_list_splat")) {
            bad(p, k, "argument unpacking is not supported");
        } else {
            if (kw.n > 0)
                bad(p, k, "positional argument follows keyword argument");
            vec_push(&pos, expr(p, k));
        }
    }
    c->elts = freeze(p, &pos);
    c->params = freeze(p, &kw);
    return c;
}

/* slice: [expr] ":" [expr] [":" [expr]] */
static AstNode *slice(Parser *p, TSNode n) {
    AstNode *s = mk(p, AST_SLICE, n);
    Kids ks = kids_of(p, n);
    int part = 0;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (!ts_node_is_named(k)) {
            if (is(k, ":"))
                part++;
            continue;
        }
        AstNode *e = expr(p, k);
        if (part == 0)
            s->lhs = e;
        else if (part == 1)
            s->rhs = e;
        else
            s->cond = e;
    }
    return s;
}

/* An index inside brackets: a slice or an expression. */
static AstNode *index_item(Parser *p, TSNode n) {
    return is(n, "slice") ? slice(p, n) : expr(p, n);
}

/* subscript: primary "[" index ("," index)* [","] "]"; several indices make an AST_TUPLE. */
static AstNode *subscript(Parser *p, TSNode n) {
    AstNode *s = mk(p, AST_SUBSCRIPT, n);
    s->lhs = expr(p, field(n, "value"));
    Kids ks = kids_of(p, n);
    Vec idx = {0};
    bool comma = false;
    uint32_t first = 0, last = 0;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ks.k[i].field && strcmp(ks.k[i].field, "subscript") == 0) {
            if (idx.n == 0)
                first = ts_node_start_byte(k);
            last = ts_node_end_byte(k);
            vec_push(&idx, index_item(p, k));
        } else if (!ts_node_is_named(k) && is(k, ",") && idx.n > 0) {
            comma = true;
        }
    }
    if (idx.n == 1 && !comma) {
        s->rhs = idx.v[0];
        vec_free(&idx);
    } else {
        AstNode *t = ast_new(p->a, AST_TUPLE, span_range(p, first, last), &p->next_id);
        if (idx.n == 0)
            t->span = span_of(p, n);
        t->elts = freeze(p, &idx);
        s->rhs = t;
    }
    return s;
}

/* comparison: expr (op expr)+ — a chain becomes one AST_COMPARE. */
static AstNode *comparison(Parser *p, TSNode n) {
    AstNode *c = mk(p, AST_COMPARE, n);
    Kids ks = kids_of(p, n);
    Vec elts = {0}, ops = {0};
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ks.k[i].field && strcmp(ks.k[i].field, "operators") == 0) {
            AstOp op = op_of(ts_node_type(k));
            if (op == AOP_NONE)
                bad(p, k, "invalid syntax: operator '%s'", ts_node_type(k));
            vec_push(&ops, (void *)(intptr_t)op);
        } else if (ts_node_is_named(k)) {
            vec_push(&elts, expr(p, k));
        }
    }
    c->elts = freeze(p, &elts);
    c->ops = freeze(p, &ops);
    return c;
}

/* unary: ("-" | "+" | "~") primary; -9223372036854775808 is one int literal. */
static AstNode *unary(Parser *p, TSNode n) {
    TSNode opn = field(n, "operator"), arg = field(n, "argument");
    AstOp op = AOP_NONE;
    if (!ts_node_is_null(opn)) {
        const char *t = ts_node_type(opn);
        op = t[0] == '-' ? AOP_NEG : t[0] == '+' ? AOP_POS : AOP_INVERT;
    }
    if (op == AOP_NEG && !ts_node_is_null(arg) && is(arg, "integer")) {
        AstNode *lit = integer(p, arg, true);
        if (lit->kind == AST_INT && (uint64_t)lit->ival == (uint64_t)INT64_MAX + 1) {
            lit->ival = INT64_MIN;
            lit->span = span_of(p, n);
            return lit;
        }
        AstNode *u = mk(p, AST_UNARY, n);
        u->op = op;
        u->lhs = lit;
        return u;
    }
    AstNode *u = mk(p, AST_UNARY, n);
    u->op = op;
    u->lhs = expr(p, arg);
    return u;
}

/* A run of `&` and `^` operators without parentheses, flattened in source order:
 * operand[0] op[0] operand[1] ... (see bitwise()). */
typedef struct BitChain {
    TSNode *operand;
    char *op;
    int n, cap;
} BitChain;

/* Is n a binary `&` or `^`?  Which one goes in *op. */
static bool is_bitop(TSNode n, char *op) {
    if (ts_node_is_null(n) || !is(n, "binary_operator"))
        return false;
    TSNode o = field(n, "operator");
    if (ts_node_is_null(o) || (!is(o, "&") && !is(o, "^")))
        return false;
    *op = ts_node_type(o)[0];
    return true;
}

static void chain_push(BitChain *c, TSNode operand, char op) {
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->operand = xrealloc(c->operand, sizeof(TSNode) * (size_t)c->cap);
        c->op = xrealloc(c->op, (size_t)c->cap);
    }
    c->operand[c->n] = operand;
    c->op[c->n] = op; /* the operator after this operand; 0 for the last */
    c->n++;
}

static void flatten_bits(Parser *p, TSNode n, BitChain *c) {
    char op;
    if (is_bitop(n, &op)) {
        if (enter(p, n, false)) {
            flatten_bits(p, field(n, "left"), c);
            c->op[c->n - 1] = op;
            flatten_bits(p, field(n, "right"), c);
        } else {
            chain_push(c, n, 0); /* becomes a placeholder: the depth error is reported */
        }
        leave(p, false);
        return;
    }
    chain_push(c, n, 0);
}

/* A binop over two converted operands, spanning both. */
static AstNode *join(Parser *p, AstOp op, AstNode *l, AstNode *r) {
    AstNode *b = ast_new(p->a, AST_BINOP, span_range(p, l->span.start, r->span.end), &p->next_id);
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return b;
}

static AstNode *bit_and(Parser *p, BitChain *c, int *k) {
    AstNode *l = expr(p, c->operand[*k]);
    while (*k < c->n - 1 && c->op[*k] == '&') {
        (*k)++;
        l = join(p, AOP_BITAND, l, expr(p, c->operand[*k]));
    }
    return l;
}

/* `a ^ b & c`: tree-sitter-python 0.25 ranks `^` above `&` (grammar.js PREC.xor 16 >
 * PREC.bitwise_and 15), Python the other way round (& binds tighter than ^).  We re-associate
 * each unparenthesised run of the two: xor := and ("^" and)*, and := operand ("&" operand)*. */
static AstNode *bitwise(Parser *p, TSNode n) {
    BitChain c = {0};
    flatten_bits(p, n, &c);
    int k = 0;
    AstNode *l = bit_and(p, &c, &k);
    while (k < c.n - 1 && c.op[k] == '^') {
        k++;
        l = join(p, AOP_BITXOR, l, bit_and(p, &c, &k));
    }
    xfree(c.operand);
    xfree(c.op);
    return l;
}

/* The conversion of one expression node; see expr(). */
static AstNode *expr_inner(Parser *p, TSNode n) {
    const char *t = ts_node_type(n);
    AstNode *x;
    if (strcmp(t, "identifier") == 0) {
        x = mk(p, AST_NAME, n);
        x->sval = text_of(p, n);
        return x;
    }
    if (strcmp(t, "integer") == 0)
        return integer(p, n, false);
    if (strcmp(t, "float") == 0)
        return floating(p, n);
    if (strcmp(t, "string") == 0 || strcmp(t, "concatenated_string") == 0)
        return strings(p, n);
    if (strcmp(t, "true") == 0 || strcmp(t, "false") == 0) {
        x = mk(p, AST_BOOL, n);
        x->ival = t[0] == 't';
        return x;
    }
    if (strcmp(t, "none") == 0)
        return mk(p, AST_NONE, n);
    if (strcmp(t, "ellipsis") == 0)
        return mk(p, AST_ELLIPSIS, n);
    char bitop;
    if (is_bitop(n, &bitop))
        return bitwise(p, n);
    if (strcmp(t, "binary_operator") == 0) {
        x = mk(p, AST_BINOP, n);
        TSNode opn = field(n, "operator");
        x->op = ts_node_is_null(opn) ? AOP_NONE : op_of(ts_node_type(opn));
        x->lhs = expr(p, field(n, "left"));
        x->rhs = expr(p, field(n, "right"));
        return x;
    }
    if (strcmp(t, "boolean_operator") == 0) {
        x = mk(p, AST_BOOLOP, n);
        TSNode opn = field(n, "operator");
        x->op = ts_node_is_null(opn) ? AOP_NONE : op_of(ts_node_type(opn));
        x->lhs = expr(p, field(n, "left"));
        x->rhs = expr(p, field(n, "right"));
        return x;
    }
    if (strcmp(t, "unary_operator") == 0)
        return unary(p, n);
    if (strcmp(t, "not_operator") == 0) {
        x = mk(p, AST_UNARY, n);
        x->op = AOP_NOT;
        x->lhs = expr(p, field(n, "argument"));
        return x;
    }
    if (strcmp(t, "comparison_operator") == 0)
        return comparison(p, n);
    if (strcmp(t, "conditional_expression") == 0) {
        /* body "if" cond "else" orelse */
        Kids ks = named_kids(p, n);
        if (ks.n != 3)
            return bad(p, n, "invalid syntax");
        x = mk(p, AST_IFEXP, n);
        x->then = expr(p, ks.k[0].node);
        x->cond = expr(p, ks.k[1].node);
        x->els = expr(p, ks.k[2].node);
        return x;
    }
    if (strcmp(t, "call") == 0)
        return call(p, n);
    if (strcmp(t, "attribute") == 0) {
        x = mk(p, AST_ATTR, n);
        x->lhs = expr(p, field(n, "object"));
        x->sval = text_of(p, field(n, "attribute"));
        return x;
    }
    if (strcmp(t, "subscript") == 0)
        return subscript(p, n);
    if (strcmp(t, "tuple") == 0 || strcmp(t, "expression_list") == 0 ||
        strcmp(t, "pattern_list") == 0 || strcmp(t, "tuple_pattern") == 0) {
        x = mk(p, AST_TUPLE, n);
        x->elts = elements(p, n, expr);
        return x;
    }
    if (strcmp(t, "list") == 0 || strcmp(t, "list_pattern") == 0) {
        x = mk(p, AST_LIST, n);
        x->elts = elements(p, n, expr);
        return x;
    }
    if (strcmp(t, "parenthesized_expression") == 0) {
        Kids ks = named_kids(p, n);
        if (ks.n != 1)
            return bad(p, n, "invalid syntax");
        return expr(p, ks.k[0].node); /* no node for the parentheses */
    }
    if (strcmp(t, "slice") == 0)
        return bad(p, n, "slices are only allowed inside brackets");
    if (strcmp(t, "lambda") == 0)
        return bad(p, n, "lambda expressions are not supported");
    if (strcmp(t, "named_expression") == 0)
        return bad(p, n, "walrus operator := is not supported");
    if (strcmp(t, "await") == 0)
        return bad(p, n, "await is not supported");
    if (strcmp(t, "yield") == 0)
        return bad(p, n, "generators are not supported");
    if (strcmp(t, "list_comprehension") == 0)
        return bad(p, n, "list comprehensions are not supported");
    if (strcmp(t, "dictionary_comprehension") == 0)
        return bad(p, n, "dict comprehensions are not supported");
    if (strcmp(t, "set_comprehension") == 0)
        return bad(p, n, "set comprehensions are not supported");
    if (strcmp(t, "generator_expression") == 0)
        return bad(p, n, "generator expressions are not supported");
    if (strcmp(t, "dictionary") == 0)
        return bad(p, n, "dicts are not supported");
    if (strcmp(t, "set") == 0)
        return bad(p, n, "sets are not supported");
    if (strcmp(t, "list_splat") == 0 || strcmp(t, "list_splat_pattern") == 0 ||
        strcmp(t, "dictionary_splat") == 0 || strcmp(t, "parenthesized_list_splat") == 0)
        return bad(p, n, "star expressions are not supported");
    if (strcmp(t, "keyword_argument") == 0)
        return bad(p, n, "keyword arguments are only allowed in calls");
    return bad(p, n, "invalid syntax");
}

/* expression: every expression form of the dialect (DESIGN.md §2), depth-guarded. */
static AstNode *expr(Parser *p, TSNode n) {
    if (ts_node_is_null(n))
        return ast_new(p->a, AST_NONE, span_range(p, 0, 0), &p->next_id);
    const char *t = ts_node_type(n);
    bool nest = strcmp(t, "parenthesized_expression") == 0 || strcmp(t, "tuple") == 0 ||
                strcmp(t, "list") == 0 || strcmp(t, "call") == 0 ||
                strcmp(t, "subscript") == 0;
    AstNode *x;
    if (enter(p, n, nest))
        x = expr_inner(p, n);
    else
        x = placeholder(p, n);
    leave(p, nest);
    return x;
}

/* target: name | attribute | subscript | "(" targets ")" | "[" targets "]" | targets "," */
static AstNode *target(Parser *p, TSNode n) {
    if (ts_node_is_null(n))
        return ast_new(p->a, AST_NONE, span_range(p, 0, 0), &p->next_id);
    const char *t = ts_node_type(n);
    AstNode *x;
    if (!enter(p, n, true)) {
        x = placeholder(p, n);
    } else if (strcmp(t, "identifier") == 0 || strcmp(t, "attribute") == 0 ||
               strcmp(t, "subscript") == 0) {
        x = expr(p, n);
    } else if (strcmp(t, "pattern_list") == 0 || strcmp(t, "tuple_pattern") == 0 ||
               strcmp(t, "expression_list") == 0 || strcmp(t, "tuple") == 0) {
        x = mk(p, AST_TUPLE, n);
        x->elts = elements(p, n, target);
    } else if (strcmp(t, "list_pattern") == 0 || strcmp(t, "list") == 0) {
        x = mk(p, AST_LIST, n);
        x->elts = elements(p, n, target);
    } else if (strcmp(t, "parenthesized_expression") == 0) {
        Kids ks = named_kids(p, n);
        x = ks.n == 1 ? target(p, ks.k[0].node) : bad(p, n, "invalid syntax");
    } else if (strcmp(t, "list_splat_pattern") == 0 || strcmp(t, "list_splat") == 0) {
        x = bad(p, n, "star expressions are not supported");
    } else {
        x = bad(p, n, "cannot assign to this expression");
    }
    leave(p, true);
    return x;
}

/* ---------------------------------------------------------------- statements */

/* dotted_name: name ("." name)* → "a.b.c" (spaces around dots dropped). */
static char *dotted(Parser *p, TSNode n) {
    if (!is(n, "dotted_name"))
        return text_of(p, n);
    Kids ks = named_kids(p, n);
    StrBuf sb = {0};
    for (int i = 0; i < ks.n; i++) {
        if (i)
            sb_putc(&sb, '.');
        uint32_t s = ts_node_start_byte(ks.k[i].node), e = ts_node_end_byte(ks.k[i].node);
        sb_putn(&sb, p->text + s, e - s);
    }
    char *r = ar_strndup(p->a, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    return r;
}

/* One imported name: dotted_name | dotted_name "as" name. */
static AstNode *alias(Parser *p, TSNode n) {
    AstNode *a = mk(p, AST_ALIAS, n);
    if (is(n, "aliased_import")) {
        a->sval = dotted(p, field(n, "name"));
        a->sval2 = text_of(p, field(n, "alias"));
    } else {
        a->sval = dotted(p, n);
    }
    return a;
}

/* The names of an import statement (its "name" fields). */
static Vec import_names(Parser *p, TSNode n) {
    Kids ks = kids_of(p, n);
    Vec v = {0};
    for (int i = 0; i < ks.n; i++)
        if (ks.k[i].field && strcmp(ks.k[i].field, "name") == 0)
            vec_push(&v, alias(p, ks.k[i].node));
    return freeze(p, &v);
}

/* Takes a leading string-literal statement out of body as the docstring. */
static AstNode *take_docstring(Vec *body) {
    if (body->n == 0)
        return NULL;
    AstNode *first = body->v[0];
    if (first->kind != AST_EXPR_STMT || !first->lhs || first->lhs->kind != AST_STR)
        return NULL;
    memmove(body->v, body->v + 1, sizeof(void *) * (size_t)(body->n - 1));
    body->n--;
    return first->lhs;
}

/* The statements among n's children, appended to out. */
static void statements(Parser *p, TSNode n, Vec *out) {
    Kids ks = named_kids(p, n);
    for (int i = 0; i < ks.n; i++)
        stmt(p, ks.k[i].node, out);
}

/* block: an indented suite (or the statements after the colon on the same line).  A null
 * node (an empty body tree-sitter tolerated) gives an empty block spanning owner. */
static AstNode *block(Parser *p, TSNode n, TSNode owner) {
    AstNode *b = mk(p, AST_BLOCK, ts_node_is_null(n) ? owner : n);
    if (ts_node_is_null(n))
        return b;
    Vec body = {0};
    if (enter(p, n, true))
        statements(p, n, &body);
    leave(p, true);
    b->body = freeze(p, &body);
    return b;
}

/* Rejects `async` before def/for/with; true if it was there. */
static bool reject_async(Parser *p, TSNode n, const char *what) {
    if (ts_node_child_count(n) > 0) {
        TSNode k = ts_node_child(n, 0);
        if (!ts_node_is_named(k) && is(k, "async")) {
            error_at(p, span_of(p, k), "%s are not supported", what);
            return true;
        }
    }
    return false;
}

/* Rejects a loop's else clause. */
static void reject_loop_else(Parser *p, TSNode n) {
    TSNode alt = field(n, "alternative");
    if (!ts_node_is_null(alt))
        error_at(p, keyword_span(p, alt), "else clauses on loops are not supported");
}

/* Checks a parameter name against the earlier ones. */
static void check_param_name(Parser *p, TSNode name, Vec *params) {
    char *s = text_of(p, name);
    for (int i = 0; i < params->n; i++)
        if (strcmp(((AstNode *)params->v[i])->sval, s) == 0) {
            error_at(p, span_of(p, name), "duplicate parameter '%s' in function definition", s);
            return;
        }
}

/* parameters: "(" (name [":" type] ["=" default]),* ")" — annotations ignored; `*`, `*args`,
 * `**kwargs` rejected; `/` accepted and ignored. */
static Vec parameters(Parser *p, TSNode n) {
    Vec params = {0};
    if (ts_node_is_null(n))
        return params;
    Kids ks = named_kids(p, n);
    bool seen_default = false, seen_star = false;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        const char *t = ts_node_type(k);
        TSNode name = {0}, deflt = {0};
        bool have_default = false;
        if (strcmp(t, "identifier") == 0) {
            name = k;
        } else if (strcmp(t, "default_parameter") == 0 ||
                   strcmp(t, "typed_default_parameter") == 0) {
            name = field(k, "name");
            deflt = field(k, "value");
            have_default = true;
        } else if (strcmp(t, "typed_parameter") == 0) {
            Kids tk = named_kids(p, k);
            for (int j = 0; j < tk.n; j++)
                if (!tk.k[j].field || strcmp(tk.k[j].field, "type") != 0) {
                    name = tk.k[j].node;
                    break;
                }
        } else if (strcmp(t, "positional_separator") == 0) {
            continue;
        } else if (strcmp(t, "keyword_separator") == 0) {
            seen_star = true;
            error_at(p, span_of(p, k), "keyword-only parameters are not supported");
            continue;
        } else if (strcmp(t, "list_splat_pattern") == 0 ||
                   strcmp(t, "dictionary_splat_pattern") == 0) {
            seen_star = true;
            error_at(p, span_of(p, k), "*args and **kwargs parameters are not supported");
            continue;
        }
        if (ts_node_is_null(name) || !is(name, "identifier")) {
            const char *nt = ts_node_is_null(name) ? "" : ts_node_type(name);
            if (strcmp(nt, "list_splat_pattern") == 0 || strcmp(nt, "dictionary_splat_pattern") == 0)
                error_at(p, span_of(p, k), "*args and **kwargs parameters are not supported");
            else
                error_at(p, span_of(p, k), "unsupported parameter form");
            continue;
        }
        if (have_default) {
            seen_default = true;
        } else if (seen_default && !seen_star) {
            error_at(p, span_of(p, k), "parameter without a default follows parameter with a default");
        }
        check_param_name(p, name, &params);
        AstNode *pa = mk(p, AST_PARAM, k);
        pa->sval = text_of(p, name);
        if (have_default)
            pa->rhs = expr(p, deflt);
        vec_push(&params, pa);
    }
    return freeze(p, &params);
}

/* def: "def" name "(" parameters ")" ["->" type] ":" block — at module level only. */
static AstNode *funcdef(Parser *p, TSNode n) {
    if (reject_async(p, n, "async functions"))
        return placeholder(p, n);
    if (p->fn_depth > 0) {
        error_at(p, keyword_span(p, n), "nested functions are not supported");
        return placeholder(p, n);
    }
    if (!ts_node_is_null(field(n, "type_parameters")))
        error_at(p, span_of(p, field(n, "type_parameters")), "type parameters are not supported");
    AstNode *d = mk(p, AST_DEF, n);
    d->sval = text_of(p, field(n, "name"));
    d->params = parameters(p, field(n, "parameters"));
    int saved_loops = p->loop_depth;
    p->fn_depth++;
    p->loop_depth = 0;
    d->then = block(p, field(n, "body"), n);
    p->fn_depth--;
    p->loop_depth = saved_loops;
    d->docstring = take_docstring(&d->then->body);
    return d;
}

/* if: "if" cond ":" block ("elif" cond ":" block)* ["else" ":" block]; elif nests in els. */
static AstNode *ifstmt(Parser *p, TSNode n) {
    AstNode *s = mk(p, AST_IF, n);
    s->cond = expr(p, field(n, "condition"));
    s->then = block(p, field(n, "consequence"), n);
    AstNode **tail = &s->els;
    Kids ks = kids_of(p, n);
    for (int i = 0; i < ks.n; i++) {
        if (!ks.k[i].field || strcmp(ks.k[i].field, "alternative") != 0)
            continue;
        TSNode alt = ks.k[i].node;
        if (is(alt, "elif_clause")) {
            AstNode *e = mk(p, AST_IF, alt);
            e->cond = expr(p, field(alt, "condition"));
            e->then = block(p, field(alt, "consequence"), alt);
            *tail = e;
            tail = &e->els;
        } else {
            *tail = block(p, field(alt, "body"), alt);
        }
    }
    return s;
}

/* assignment: targets ("=" targets)* "=" value | target ":" type ["=" value].  A chain gives
 * several targets; an annotation is dropped (without a value it is a no-op: AST_PASS). */
static AstNode *assignment(Parser *p, TSNode n, TSNode stmt_node) {
    AstNode *s = mk(p, AST_ASSIGN, stmt_node);
    Vec targets = {0};
    TSNode cur = n;
    for (;;) {
        TSNode left = field(cur, "left"), right = field(cur, "right");
        if (ts_node_is_null(right)) {
            if (targets.n == 0) {
                vec_free(&targets);
                return mk(p, AST_PASS, stmt_node);
            }
            s->rhs = bad(p, cur, "invalid syntax");
            break;
        }
        vec_push(&targets, target(p, left));
        if (is(right, "assignment")) {
            cur = right;
            continue;
        }
        if (is(right, "augmented_assignment"))
            s->rhs = bad(p, right, "invalid syntax");
        else
            s->rhs = value(p, right);
        break;
    }
    s->elts = freeze(p, &targets);
    return s;
}

/* augmented assignment: target op= value, op one of + - * / // % ** @ << >> & | ^ */
static AstNode *augassign(Parser *p, TSNode n, TSNode stmt_node) {
    AstNode *s = mk(p, AST_AUGASSIGN, stmt_node);
    TSNode opn = field(n, "operator"), left = field(n, "left"), right = field(n, "right");
    if (!ts_node_is_null(opn)) {
        char op[4] = {0};
        const char *t = ts_node_type(opn);
        size_t len = strlen(t);
        if (len >= 2 && len <= 4)
            memcpy(op, t, len - 1);
        s->op = op_of(op);
    }
    if (!ts_node_is_null(left) && !is(left, "identifier") && !is(left, "attribute") &&
        !is(left, "subscript"))
        s->lhs = bad(p, left, "illegal expression for augmented assignment");
    else
        s->lhs = target(p, left);
    if (!ts_node_is_null(right) && (is(right, "assignment") || is(right, "augmented_assignment")))
        s->rhs = bad(p, right, "invalid syntax");
    else
        s->rhs = value(p, right);
    return s;
}

/* expression statement: an expression, an assignment or an augmented assignment. */
static AstNode *expr_stmt(Parser *p, TSNode n) {
    Kids ks = named_kids(p, n);
    if (ks.n == 1 && is(ks.k[0].node, "assignment"))
        return assignment(p, ks.k[0].node, n);
    if (ks.n == 1 && is(ks.k[0].node, "augmented_assignment"))
        return augassign(p, ks.k[0].node, n);
    AstNode *s = mk(p, AST_EXPR_STMT, n);
    if (ks.n == 1) {
        s->lhs = expr(p, ks.k[0].node);
    } else { /* `a, b` as a statement */
        AstNode *t = mk(p, AST_TUPLE, n);
        Vec elts = {0};
        for (int i = 0; i < ks.n; i++)
            vec_push(&elts, expr(p, ks.k[i].node));
        t->elts = freeze(p, &elts);
        s->lhs = t;
    }
    return s;
}

/* with: "with" item ("," item)* ":" block, item: expr ["as" target] */
static AstNode *withstmt(Parser *p, TSNode n) {
    if (reject_async(p, n, "async with statements"))
        return placeholder(p, n);
    AstNode *w = mk(p, AST_WITH, n);
    Vec items = {0};
    Kids ks = named_kids(p, n);
    for (int i = 0; i < ks.n; i++) {
        if (!is(ks.k[i].node, "with_clause"))
            continue;
        Kids wi = named_kids(p, ks.k[i].node);
        for (int j = 0; j < wi.n; j++) {
            TSNode item = wi.k[j].node;
            if (!is(item, "with_item"))
                continue;
            AstNode *it = mk(p, AST_WITH_ITEM, item);
            TSNode v = field(item, "value");
            if (!ts_node_is_null(v) && is(v, "as_pattern")) {
                Kids ak = named_kids(p, v);
                it->lhs = ak.n > 0 ? expr(p, ak.k[0].node) : bad(p, v, "invalid syntax");
                TSNode tgt = field(v, "alias");
                if (!ts_node_is_null(tgt)) {
                    Kids tk = named_kids(p, tgt);
                    it->rhs = tk.n == 1 ? target(p, tk.k[0].node) : target(p, tgt);
                }
            } else {
                it->lhs = expr(p, v);
            }
            vec_push(&items, it);
        }
    }
    w->elts = freeze(p, &items);
    w->then = block(p, field(n, "body"), n);
    return w;
}

/* One statement (tree-sitter's _simple_statement or _compound_statement), appended to out. */
static void stmt_inner(Parser *p, TSNode n, Vec *out) {
    const char *t = ts_node_type(n);
    AstNode *s = NULL;
    if (strcmp(t, "expression_statement") == 0) {
        s = expr_stmt(p, n);
    } else if (strcmp(t, "if_statement") == 0) {
        s = ifstmt(p, n);
    } else if (strcmp(t, "for_statement") == 0) {
        if (reject_async(p, n, "async for loops"))
            return;
        reject_loop_else(p, n);
        s = mk(p, AST_FOR, n);
        s->lhs = target(p, field(n, "left"));
        s->rhs = value(p, field(n, "right"));
        p->loop_depth++;
        s->then = block(p, field(n, "body"), n);
        p->loop_depth--;
    } else if (strcmp(t, "while_statement") == 0) {
        reject_loop_else(p, n);
        s = mk(p, AST_WHILE, n);
        s->cond = expr(p, field(n, "condition"));
        p->loop_depth++;
        s->then = block(p, field(n, "body"), n);
        p->loop_depth--;
    } else if (strcmp(t, "break_statement") == 0 || strcmp(t, "continue_statement") == 0) {
        bool brk = t[0] == 'b';
        if (p->loop_depth == 0)
            error_at(p, span_of(p, n), "'%s' outside loop", brk ? "break" : "continue");
        s = mk(p, brk ? AST_BREAK : AST_CONTINUE, n);
    } else if (strcmp(t, "pass_statement") == 0) {
        s = mk(p, AST_PASS, n);
    } else if (strcmp(t, "return_statement") == 0) {
        if (p->fn_depth == 0)
            error_at(p, keyword_span(p, n), "'return' outside function");
        s = mk(p, AST_RETURN, n);
        Kids ks = named_kids(p, n);
        if (ks.n > 0)
            s->lhs = value(p, ks.k[0].node);
    } else if (strcmp(t, "function_definition") == 0) {
        s = funcdef(p, n);
    } else if (strcmp(t, "import_statement") == 0) {
        s = mk(p, AST_IMPORT, n);
        s->elts = import_names(p, n);
    } else if (strcmp(t, "import_from_statement") == 0) {
        TSNode mod = field(n, "module_name");
        if (!ts_node_is_null(mod) && is(mod, "relative_import")) {
            error_at(p, span_of(p, mod), "relative imports are not supported");
            return;
        }
        Kids ks = named_kids(p, n);
        for (int i = 0; i < ks.n; i++)
            if (is(ks.k[i].node, "wildcard_import")) {
                error_at(p, span_of(p, ks.k[i].node), "wildcard imports are not supported");
                return;
            }
        s = mk(p, AST_IMPORT_FROM, n);
        s->sval = ts_node_is_null(mod) ? "" : dotted(p, mod);
        s->elts = import_names(p, n);
    } else if (strcmp(t, "future_import_statement") == 0) {
        return; /* from __future__ import ...: nothing to do */
    } else if (strcmp(t, "assert_statement") == 0) {
        s = mk(p, AST_ASSERT, n);
        Kids ks = named_kids(p, n);
        s->cond = ks.n > 0 ? expr(p, ks.k[0].node) : bad(p, n, "invalid syntax");
        if (ks.n > 1)
            s->rhs = expr(p, ks.k[1].node);
    } else if (strcmp(t, "global_statement") == 0) {
        s = mk(p, AST_GLOBAL, n);
        s->elts = elements(p, n, expr);
    } else if (strcmp(t, "delete_statement") == 0) {
        s = mk(p, AST_DEL, n);
        Kids ks = named_kids(p, n);
        Vec elts = {0};
        for (int i = 0; i < ks.n; i++) {
            TSNode k = ks.k[i].node;
            if (is(k, "expression_list")) {
                Kids ek = named_kids(p, k);
                for (int j = 0; j < ek.n; j++)
                    vec_push(&elts, target(p, ek.k[j].node));
            } else {
                vec_push(&elts, target(p, k));
            }
        }
        s->elts = freeze(p, &elts);
    } else if (strcmp(t, "with_statement") == 0) {
        s = withstmt(p, n);
    } else if (strcmp(t, "class_definition") == 0) {
        error_at(p, keyword_span(p, n), "classes are not supported");
        return;
    } else if (strcmp(t, "decorated_definition") == 0) {
        Kids ks = named_kids(p, n);
        error_at(p, ks.n > 0 ? span_of(p, ks.k[0].node) : span_of(p, n),
                 "decorators are not supported");
        return;
    } else if (strcmp(t, "try_statement") == 0) {
        error_at(p, keyword_span(p, n), "try statements are not supported");
        return;
    } else if (strcmp(t, "match_statement") == 0) {
        error_at(p, keyword_span(p, n), "match statements are not supported");
        return;
    } else if (strcmp(t, "raise_statement") == 0) {
        error_at(p, keyword_span(p, n), "raise statements are not supported");
        return;
    } else if (strcmp(t, "nonlocal_statement") == 0) {
        error_at(p, keyword_span(p, n), "nonlocal is not supported");
        return;
    } else if (strcmp(t, "print_statement") == 0) {
        error_at(p, keyword_span(p, n), "missing parentheses in call to 'print'");
        return;
    } else if (strcmp(t, "exec_statement") == 0) {
        error_at(p, keyword_span(p, n), "missing parentheses in call to 'exec'");
        return;
    } else if (strcmp(t, "type_alias_statement") == 0) {
        error_at(p, keyword_span(p, n), "type alias statements are not supported");
        return;
    } else {
        error_at(p, span_of(p, n), "invalid syntax");
        return;
    }
    vec_push(out, s);
}

/* One statement, depth-guarded. */
static void stmt(Parser *p, TSNode n, Vec *out) {
    if (enter(p, n, false))
        stmt_inner(p, n, out);
    leave(p, false);
}

/* module: statement* — its docstring taken out of the body. */
static AstNode *module(Parser *p, TSNode root) {
    AstNode *m = ast_new(p->a, AST_MODULE, span_range(p, 0, p->len), &p->next_id);
    const char *name = p->src->name ? p->src->name : p->src->path ? p->src->path : "<input>";
    const char *slash = strrchr(name, '/');
    if (slash)
        name = slash + 1;
    size_t nl = strlen(name);
    if (nl > 3 && strcmp(name + nl - 3, ".py") == 0)
        nl -= 3;
    m->sval = ar_strndup(p->a, name, nl);
    Vec body = {0};
    Kids ks = named_kids(p, root);
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        Span sp = span_of(p, k);
        bool first_on_line = true; /* `a = 1; b = 2` puts b after a on one line */
        for (uint32_t j = p->lines[sp.line - 1]; j < sp.start; j++)
            first_on_line &= p->text[j] == ' ' || p->text[j] == '\t' || p->text[j] == '\f';
        if (sp.col > 1 && first_on_line) {
            error_at(p, span_range(p, sp.start, sp.start), "unexpected indent");
            continue;
        }
        stmt(p, k, &body);
    }
    m->docstring = take_docstring(&body);
    m->body = freeze(p, &body);
    return m;
}

/* ---------------------------------------------------------------- entry point */

/* Parses src into an AST_MODULE in arena a; NULL after reporting errors. */
AstNode *fe_parse(Arena *a, const SrcFile *src, int *n_nodes) {
    if (n_nodes)
        *n_nodes = 0;
    if (!a || !src || !src->text)
        GPYC_UNREACHABLE();
    Parser p = {.a = a, .src = src, .text = src->text};
    if (src->len >= UINT32_MAX) {
        Span sp = {src, 0, 0, 1, 1};
        diag_error(sp, "source file too large");
        return NULL;
    }
    p.len = (uint32_t)src->len;
    /* the line table */
    uint32_t nl = 1;
    for (uint32_t i = 0; i < p.len; i++)
        nl += src->text[i] == '\n';
    p.scratch = ar_new();
    p.lines = ar_alloc(p.scratch, sizeof(uint32_t) * nl);
    p.lines[0] = 0;
    p.nlines = 1;
    for (uint32_t i = 0; i < p.len; i++)
        if (src->text[i] == '\n')
            p.lines[p.nlines++] = i + 1;

    TSParser *tp = ts_parser_new();
    AstNode *mod = NULL;
    if (!ts_parser_set_language(tp, tree_sitter_python()))
        util_internal_error(__FILE__, __LINE__, "tree-sitter-python: incompatible language version");
    TSTree *tree = ts_parser_parse_string(tp, NULL, src->text, p.len);
    if (!tree) {
        error_at(&p, span_range(&p, 0, 0), "the parser gave up on this file");
    } else {
        TSNode root = ts_tree_root_node(tree);
        check_syntax(&p, root);
        if (p.nerr == 0) {
            if (is(root, "module"))
                mod = module(&p, root);
            else
                error_at(&p, span_of(&p, root), "invalid syntax");
        }
        ts_tree_delete(tree);
    }
    ts_parser_delete(tp);
    ar_delete(p.scratch);
    if (p.nerr > 0)
        mod = NULL;
    else if (n_nodes)
        *n_nodes = p.next_id;
    return mod;
}
