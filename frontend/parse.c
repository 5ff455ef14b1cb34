/*
 * parse.c — source text → gpyc AST, over tree-sitter-python: the entry point (fe_parse), the
 * syntax-error pass and the CST helpers the converter's parts share (parse.h).  The converter
 * itself is parse_lit.c (literals), parse_expr.c (expressions) and parse_stmt.c (statements).
 *
 * Two passes over tree-sitter's concrete syntax tree:
 *  1. check_syntax walks the tree iteratively (a TSTreeCursor, so depth costs no stack) and
 *     reports every ERROR node ("invalid syntax") and MISSING node ("expected ':'").  If there
 *     is any, conversion is skipped: the dialect errors of a mangled tree would be noise.
 *  2. The converter (parse_stmt.c, parse_expr.c, parse_lit.c: one function per grammar rule,
 *     the rule above it in a comment) builds AST nodes in the arena and reports each construct outside the dialect of DESIGN.md
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
#include "frontend/parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const TSLanguage *tree_sitter_python(void);

/* ---------------------------------------------------------------- helpers */

/* The span of bytes [start, end). */
Span ps_span_range(Parser *p, uint32_t start, uint32_t end)
{
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
Span ps_span_of(Parser *p, TSNode n)
{
    return ps_span_range(p, ts_node_start_byte(n), ts_node_end_byte(n));
}

/* Reports a located error and counts it against this parse. */
__attribute__((format(printf, 3, 4)))
void ps_error_at(Parser *p, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(sp, fmt, ap);
    va_end(ap);
    p->nerr++;
}

/* A new node spanning the CST node n. */
AstNode *ps_mk(Parser *p, AstKind k, TSNode n)
{
    return ast_new(p->a, k, ps_span_of(p, n), &p->next_id);
}

/* The placeholder that stands where an error was reported. */
AstNode *ps_placeholder(Parser *p, TSNode n)
{
    return ps_mk(p, AST_NONE, n);
}

/* Reports an error at n and returns a placeholder for it. */
__attribute__((format(printf, 3, 4)))
AstNode *ps_bad(Parser *p, TSNode n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps_span_of(p, n), fmt, ap);
    va_end(ap);
    p->nerr++;
    return ps_placeholder(p, n);
}

/* Is n of the given CST type? */
bool ps_is(TSNode n, const char *type)
{
    return strcmp(ts_node_type(n), type) == 0;
}

/* The source text of n, copied into the arena. */
char *ps_text_of(Parser *p, TSNode n)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    if (e > p->len)
        e = p->len;
    if (s > e)
        s = e;
    return ar_strndup(p->a, p->text + s, e - s);
}

/* The children of n (comments skipped), with their field names. */
Kids ps_kids_of(Parser *p, TSNode n)
{
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
Kids ps_named_kids(Parser *p, TSNode n)
{
    Kids ks = ps_kids_of(p, n);
    int j = 0;
    for (int i = 0; i < ks.n; i++)
        if (ts_node_is_named(ks.k[i].node))
            ks.k[j++] = ks.k[i];
    ks.n = j;
    return ks;
}

/* The child in field name, or a null node. */
TSNode ps_field(TSNode n, const char *name)
{
    return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* The span of n's first token (a statement's keyword), for "X is not supported". */
Span ps_keyword_span(Parser *p, TSNode n)
{
    if (ts_node_child_count(n) > 0) {
        TSNode k = ts_node_child(n, 0);
        if (!ts_node_is_named(k))
            return ps_span_of(p, k);
    }
    return ps_span_of(p, n);
}

/* Copies a heap vector into the arena (a borrowed Vec, cap 0) and frees the heap one. */
Vec ps_freeze(Parser *p, Vec *v)
{
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
 * reporting "too deeply nested" once.  Every call is paired with ps_leave(). */
bool ps_enter(Parser *p, TSNode n, bool nest)
{
    p->rec++;
    if (nest)
        p->nest++;
    if (p->rec > MAX_RECURSION || p->nest > MAX_NEST) {
        if (!p->too_deep) {
            p->too_deep = true;
            uint32_t at = ts_node_start_byte(n);
            ps_error_at(p, ps_span_range(p, at, at + 1), "too deeply nested");
        }
        return false;
    }
    return true;
}

void ps_leave(Parser *p, bool nest)
{
    p->rec--;
    if (nest)
        p->nest--;
}
/* ---------------------------------------------------------------- pass 1: syntax errors */

/* What a MISSING node stands for, in words. */
static const char *missing_what(Parser *p, TSNode n)
{
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
static char closer(const char *t)
{
    return strcmp(t, "(") == 0 ? ')' : strcmp(t, "[") == 0 ? ']' : strcmp(t, "{") == 0 ? '}' : 0;
}

/* The end of the last token of n's subtree (comments aside) that lies on the given row. */
static uint32_t last_token_end_on_row(TSNode n, uint32_t row)
{
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
static void syntax_error(Parser *p, TSNode n)
{
    for (int guard = 0; guard < 64; guard++) { /* descend to a nested ERROR */
        Kids ks = ps_kids_of(p, n);
        int inner = -1;
        for (int i = 0; i < ks.n && inner < 0; i++)
            if (ts_node_is_error(ks.k[i].node) && ts_node_child_count(ks.k[i].node) <= 1)
                inner = i;
        if (inner < 0)
            break;
        n = ks.k[inner].node;
    }
    Kids ks = ps_kids_of(p, n);
    /* an unterminated string */
    for (int i = 0; i < ks.n; i++)
        if (ps_is(ks.k[i].node, "string_start") &&
            (i + 1 >= ks.n || (!ps_is(ks.k[i + 1].node, "string_content") &&
                               !ps_is(ks.k[i + 1].node, "string_end")))) {
            ps_error_at(p, ps_span_of(p, ks.k[i].node), "unterminated string literal");
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
        ps_error_at(p, ps_span_of(p, ks.k[lost].node), "'%s' was never closed",
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
            colon |= !ts_node_is_named(ks.k[i].node) && ps_is(ks.k[i].node, ":");
        if (kw && !colon) {
            uint32_t at = last_token_end_on_row(n, ts_node_start_point(ks.k[0].node).row);
            ps_error_at(p, ps_span_range(p, at, at), "expected ':'");
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
    ps_error_at(p, ps_span_range(p, s, e), "invalid syntax");
}

/* Reports every ERROR and MISSING node, in source order, without recursion. */
static void check_syntax(Parser *p, TSNode root)
{
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
            ps_error_at(p, ps_span_range(p, at, at), "expected %s", missing_what(p, n));
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
/* ---------------------------------------------------------------- pass 0: decoding */

/* PEP 263's declaration in the line [b, e): a comment that is all the line holds, with
 * `coding[:=][ \t]*` followed by a name of letters, digits, '-', '_' and '.' (CPython's
 * get_coding_spec).  The name's start and length, or false.  *other: the line holds something
 * besides a comment (then line 2 is not looked at). */
static bool coding_spec(const char *t, uint32_t b, uint32_t e, uint32_t *at, uint32_t *n, bool *other)
{
    uint32_t i = b;
    while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == '\f')) i++;
    *other = i < e && t[i] != '#';
    if (i == e || t[i] != '#') return false;
    for (; i + 6 < e; i++) {
        if (memcmp(t + i, "coding", 6) != 0 || (t[i + 6] != ':' && t[i + 6] != '=')) continue;
        uint32_t j = i + 7;
        while (j < e && (t[j] == ' ' || t[j] == '\t')) j++;
        uint32_t k = j;
        while (k < e && (isalnum((unsigned char)t[k]) || t[k] == '-' || t[k] == '_' || t[k] == '.')) k++;
        if (k > j) {
            *at = j;
            *n = k - j;
            return true;
        }
    }
    return false;
}

/* The source's declared encoding (PEP 263: line 1, or line 2 after a line 1 of only a
 * comment or blanks) as CPython names it (get_normal_name: lower case, '_' as '-', the
 * spellings of utf-8 and latin-1 as those) into name; false without a declaration. */
static bool declared_encoding(Parser *p, char *name, size_t cap, uint32_t *at, uint32_t *n)
{
    bool found = false, other = false;
    for (uint32_t l = 0; l < 2 && l < p->nlines && !found && !other; l++) {
        uint32_t b = p->lines[l], e = l + 1 < p->nlines ? p->lines[l + 1] - 1 : p->len;
        found = coding_spec(p->text, b, e, at, n, &other);
    }
    if (!found) return false;
    size_t k = 0;
    for (; k < *n && k + 1 < cap; k++) {
        char c = (char)tolower((unsigned char)p->text[*at + k]);
        name[k] = c == '_' ? '-' : c;
    }
    name[k] = '\0';
    static const char *const latin1[] = {"latin-1", "iso-8859-1", "iso-latin-1"};
    /* and the aliases of utf_8 in Python's encodings package, '-' left out */
    static const char *const utf8[] = {"utf8", "u8", "utf", "cp65001", "utf8ucs2", "utf8ucs4"};
    char bare[32];
    size_t b = 0;
    for (size_t i = 0; name[i] && b + 1 < sizeof bare; i++)
        if (name[i] != '-') bare[b++] = name[i];
    bare[b] = '\0';
    for (size_t i = 0; i < sizeof utf8 / sizeof *utf8; i++)
        if (!strcmp(bare, utf8[i])) snprintf(name, cap, "utf-8");
    if (!strcmp(name, "utf-8") || !strncmp(name, "utf-8-", 6)) snprintf(name, cap, "utf-8");
    for (size_t i = 0; i < sizeof latin1 / sizeof *latin1; i++) {
        size_t m = strlen(latin1[i]);
        if (!strncmp(name, latin1[i], m) && (name[m] == '\0' || name[m] == '-')) snprintf(name, cap, "iso-8859-1");
    }
    return true;
}

/* Encodings whose ASCII bytes mean ASCII: a file declared in one of them and holding only
 * ASCII bytes reads the same as UTF-8. */
static bool ascii_compatible(const char *name)
{
    static const char *const names[] = {"ascii", "us-ascii", "us", "646", "iso-8859-1", "latin1", "latin", "l1",
                                        "iso8859-1", "iso8859", "8859", "cp819", "cp1252", "windows-1252",
                                        "iso-8859-15", "iso8859-15", "latin9", "l9"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i])) return true;
    return false;
}

/* Python's decoding of a source file (PEP 3120): UTF-8 (strict: no overlong forms, no
 * surrogates, nothing above U+10FFFF) without NUL bytes.  Reports the first offence, located,
 * in Python's words; false then.  Nothing undecodable reaches the AST or generated code.
 * A PEP 263 declaration of another encoding: gpyc reads UTF-8 only, so a file declared ASCII
 * or Latin-1 (ascii_compatible) must hold ASCII bytes only (which read alike), and any other
 * declaration is refused, as Python refuses an unknown one ("encoding problem: NAME"). */
static bool check_encoding(Parser *p)
{
    const unsigned char *t = (const unsigned char *)p->text;
    char enc[32];
    uint32_t at = 0, n = 0;
    bool ascii_only = false;
    if (declared_encoding(p, enc, sizeof enc, &at, &n) && strcmp(enc, "utf-8") != 0) {
        Span sp = ps_span_range(p, at, at + n);
        if (p->src->bom) {
            ps_error_at(p, sp, "encoding problem: %s with BOM", enc);
            return false;
        }
        if (!ascii_compatible(enc)) {
            ps_error_at(p, sp, "encoding problem: %s (gpyc reads source in UTF-8; save the file as UTF-8)", enc);
            return false;
        }
        ascii_only = true;
    }
    for (uint32_t i = 0; i < p->len;) {
        unsigned c = t[i];
        if (c == 0) {
            ps_error_at(p, ps_span_range(p, i, i + 1), "source code cannot contain null bytes");
            return false;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        if (ascii_only) {
            if (!strcmp(enc, "ascii") || !strcmp(enc, "us-ascii") || !strcmp(enc, "us") || !strcmp(enc, "646"))
                ps_error_at(p, ps_span_range(p, i, i + 1), "encoding problem: %s (byte 0x%02x is not ASCII)", enc,
                            c);
            else
                ps_error_at(p, ps_span_range(p, i, i + 1),
                            "byte 0x%02x is not ASCII: gpyc reads source in UTF-8, and a file declared %s "
                            "must hold ASCII only (save it as UTF-8)", c, enc);
            return false;
        }
        /* the sequence length and the range of its second byte (Unicode's table 3-7) */
        int n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
        unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
        const char *why = n == 0 ? "invalid start byte" : NULL;
        for (int k = 1; k < n && !why; k++) {
            if (i + k >= p->len)
                why = "unexpected end of data";
            else if (t[i + k] < (k == 1 ? lo : 0x80) || t[i + k] > (k == 1 ? hi : 0xbf))
                why = "invalid continuation byte";
        }
        if (why) {
            ps_error_at(p, ps_span_range(p, i, i + 1),
                        "'utf-8' codec can't decode byte 0x%02x: %s (Python source is UTF-8)", c, why);
            return false;
        }
        i += (uint32_t)n;
    }
    return true;
}

/* ---------------------------------------------------------------- pass 1b: layout
 *
 * tree-sitter's scanner tolerates layouts Python rejects (an empty block, a line indented for
 * no block, tabs and spaces mixed, two statements on one line) without an ERROR node, so the
 * leaves are walked again the way Python's tokenizer and parser see them: a logical line
 * starts at the first token of a physical line outside brackets and strings and not after a
 * backslash; its indentation is measured with tabs to 8 columns and to 1 (both must agree on
 * the order, else TabError); a line after one ending in ':' must indent, any other must not. */

enum { MAX_INDENT = 100 }; /* Python's MAXINDENT */

typedef struct Layout {
    Parser *p;
    int col[MAX_INDENT], alt[MAX_INDENT]; /* the indentation stack, tabs as 8 and as 1 */
    int top;
    int brackets, strings; /* depth of open brackets and strings */
    char ctx[64]; /* from the outermost string in: 'S' a string, 'C' the code of an f-string's
                     replacement field, 'F' its format spec (a string); deeper ones uncounted */
    int nctx;
    uint32_t last_row; /* of the last token seen (UINT32_MAX before the first) */
    uint32_t last_end; /* the byte after it */
    uint32_t gap_from; /* the byte after the last leaf of any kind (comments too) */
    uint32_t comment_start, comment_end; /* the last comment */
    bool after_colon; /* the last token was ':' */
    bool after_open; /* the last token was '(', '[', '{' or ',' */
    uint32_t continuation; /* a backslash after the last token (UINT32_MAX: none) */
    TSNode header; /* the first token of the last logical line */
    uint32_t tok_at; /* the first tokenizer error (TabError, unindent), if tok_msg */
    const char *tok_msg;
    uint32_t parse_at; /* the first parser error (indent, two statements), if parse_msg */
    const char *parse_msg;
} Layout;

static void layout_tok_error(Layout *y, uint32_t at, const char *msg)
{
    if (!y->tok_msg) {
        y->tok_msg = msg;
        y->tok_at = at;
    }
}

static void layout_parse_error(Layout *y, uint32_t at, const char *msg)
{
    if (!y->parse_msg || at < y->parse_at) {
        y->parse_msg = msg;
        y->parse_at = at;
    }
}

/* "expected an indented block after 'if' statement on line 2", from the header's keyword. */
static const char *expected_block(Layout *y)
{
    static const char *const stmts[] = { "if",  "elif",   "else",    "while", "for", "with",
                                         "try", "except", "finally", "match", "case" };
    if (ts_node_is_null(y->header)) return "expected an indented block";
    const char *kw = ts_node_type(y->header), *what = NULL;
    if (!ts_node_is_named(y->header)) {
        if (!strcmp(kw, "def"))
            what = "function definition";
        else if (!strcmp(kw, "class"))
            what = "class definition";
        for (size_t i = 0; i < sizeof stmts / sizeof *stmts && !what; i++)
            if (!strcmp(kw, stmts[i])) what = ar_printf(y->p->a, "'%s' statement", kw);
    }
    if (!what) return "expected an indented block";
    return ar_printf(y->p->a, "expected an indented block after %s on line %u", what,
                     ts_node_start_point(y->header).row + 1);
}

/* Does leaf, the first token of a logical line, start a statement or a clause?  tree-sitter's
 * scanner reads a newline where the grammar cannot take one as whitespace, so `x = ` followed by
 * a line `y = 1` parses as `x = y = 1`; Python ends the statement at the newline: invalid
 * syntax.  The largest node that starts with leaf must be a module's or block's statement (or
 * the block), a clause (else, elif, except, finally, case) or a decorated definition's part. */
static bool starts_statement(TSNode leaf)
{
    TSNode n = leaf, up = ts_node_parent(n);
    while (!ts_node_is_null(up) && ts_node_start_byte(up) == ts_node_start_byte(leaf)) {
        n = up;
        up = ts_node_parent(n);
    }
    if (ts_node_is_null(up) || ps_is(n, "block") || ps_is(up, "module") || ps_is(up, "block") ||
        ps_is(up, "decorated_definition"))
        return true;
    static const char *const clauses[] = { "else_clause",   "elif_clause",          "except_clause",
                                           "finally_clause", "except_group_clause", "case_clause" };
    for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
        if (ps_is(n, clauses[i])) return true;
    return false;
}

/* A token that starts a logical line: its indentation against the stack. */
static void layout_line(Layout *y, TSNode leaf)
{
    Parser *p = y->p;
    uint32_t at = ts_node_start_byte(leaf), row = ts_node_start_point(leaf).row;
    int col = 0, alt = 0;
    for (uint32_t j = p->lines[row]; j < at; j++) {
        char c = p->text[j];
        if (c == ' ')
            col++, alt++;
        else if (c == '\t')
            col = (col / 8 + 1) * 8, alt++;
        else
            col = alt = 0; /* form feed */
    }
    if (y->after_colon && col <= y->col[y->top]) layout_parse_error(y, at, expected_block(y));
    if (!y->after_colon && !starts_statement(leaf)) /* where Python reads the statement's end */
        layout_parse_error(y, y->last_end, "invalid syntax");
    if (col == y->col[y->top]) {
        if (alt != y->alt[y->top])
            layout_tok_error(y, at, "inconsistent use of tabs and spaces in indentation");
    } else if (col > y->col[y->top]) {
        if (!y->after_colon) layout_parse_error(y, at, "unexpected indent");
        if (alt <= y->alt[y->top])
            layout_tok_error(y, at, "inconsistent use of tabs and spaces in indentation");
        else if (y->top + 1 >= MAX_INDENT)
            layout_tok_error(y, at, "too many levels of indentation");
        else
            y->top++, y->col[y->top] = col, y->alt[y->top] = alt;
    } else {
        while (y->top > 0 && col < y->col[y->top]) y->top--;
        if (col != y->col[y->top])
            layout_tok_error(y, at, "unindent does not match any outer indentation level");
        else if (alt != y->alt[y->top])
            layout_tok_error(y, at, "inconsistent use of tabs and spaces in indentation");
    }
    y->header = leaf;
}

/* The text between two tokens outside strings: Python's tokenizer takes spaces, tabs, form
 * feeds, newlines and backslash continuations there; any other control character (tree-sitter
 * takes a vertical tab as a space) is "invalid non-printable character U+000B". */
static void layout_gap(Layout *y, uint32_t from, uint32_t to)
{
    if (y->nctx > 0 && (y->nctx > (int)sizeof y->ctx || y->ctx[y->nctx - 1] != 'C')) return;
    for (uint32_t j = from; j < to; j++) {
        unsigned char c = (unsigned char)y->p->text[j];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r') || c == 0x7f) {
            layout_tok_error(y, j, ar_printf(y->p->a, "invalid non-printable character U+%04X", c));
            return;
        }
    }
}

static void ctx_push(Layout *y, char c)
{
    if (y->nctx < (int)sizeof y->ctx) y->ctx[y->nctx] = c;
    y->nctx++;
}

/* Layout.ctx after leaf (of type t): strings, and in f-strings the code of replacement fields
 * (`{`, `}` of an interpolation or of a format spec's nested field) and format specs (`:`). */
static void layout_fstring(Layout *y, TSNode leaf, const char *t, bool named)
{
    if (named) {
        if (!strcmp(t, "string_start")) ctx_push(y, 'S');
        else if (!strcmp(t, "string_end") && y->nctx > 0) y->nctx--;
        return;
    }
    if (y->nctx == 0 || (strcmp(t, "{") && strcmp(t, "}") && strcmp(t, ":"))) return;
    TSNode up = ts_node_parent(leaf);
    bool field = ps_is(up, "interpolation") || ps_is(up, "format_expression");
    char top = y->nctx <= (int)sizeof y->ctx ? y->ctx[y->nctx - 1] : 0;
    if (!strcmp(t, "{") && field) {
        ctx_push(y, 'C');
    } else if (!strcmp(t, "}") && field) {
        if (top == 'F' && y->nctx > 1) y->nctx--;
        y->nctx--;
    } else if (!strcmp(t, ":") && ps_is(up, "format_specifier") && top == 'C') {
        ctx_push(y, 'F');
    }
}

/* One leaf, in source order. */
static void layout_leaf(Layout *y, TSNode leaf)
{
    Parser *p = y->p;
    uint32_t at = ts_node_start_byte(leaf), row = ts_node_start_point(leaf).row;
    layout_gap(y, y->gap_from, at);
    if (ts_node_end_byte(leaf) > y->gap_from) y->gap_from = ts_node_end_byte(leaf);
    if (ts_node_is_extra(leaf)) { /* a comment or a line continuation */
        if (ps_is(leaf, "comment")) {
            y->comment_start = at;
            y->comment_end = ts_node_end_byte(leaf);
        } else if (ps_is(leaf, "line_continuation")) {
            y->continuation = at;
        }
        return;
    }
    if (ts_node_end_byte(leaf) == at) /* MISSING */
        return;
    if (row != y->last_row && y->brackets == 0 && y->strings == 0) {
        bool first = true;
        for (uint32_t j = p->lines[row]; j < at && first; j++)
            first = p->text[j] == ' ' || p->text[j] == '\t' || p->text[j] == '\f';
        uint32_t bs = p->lines[row] >= 2 ? p->lines[row] - 2 : UINT32_MAX; /* before the '\n' */
        bool continued =
            bs != UINT32_MAX && p->text[bs] == '\\' && !(bs >= y->comment_start && bs < y->comment_end);
        if (first && !continued) layout_line(y, leaf);
    }
    const char *t = ts_node_type(leaf);
    bool named = ts_node_is_named(leaf);
    if (!named && !strcmp(t, ",") && y->after_open) /* f(,) f(a,,b): tree-sitter takes them */
        layout_parse_error(y, at, "invalid syntax");
    y->after_open = !named && (closer(t) || !strcmp(t, ","));
    y->continuation = UINT32_MAX;
    layout_fstring(y, leaf, t, named);
    if (ps_is(leaf, "string_start"))
        y->strings++;
    else if (ps_is(leaf, "string_end") && y->strings > 0)
        y->strings--;
    else if (!named && closer(t))
        y->brackets++;
    else if (!named && (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) && y->brackets > 0)
        y->brackets--;
    y->after_colon = !named && !strcmp(t, ":") && y->brackets == 0 && y->strings == 0;
    y->last_row = ts_node_end_point(leaf).row;
    y->last_end = ts_node_end_byte(leaf);
}

/* Two statements of a module or block on one line without a ';' between them. */
static void layout_statements(Layout *y, TSNode n)
{
    Kids ks = ps_kids_of(y->p, n);
    for (int i = 1; i < ks.n; i++) {
        TSNode a = ks.k[i - 1].node, b = ks.k[i].node;
        if (ts_node_is_named(a) && ts_node_is_named(b) &&
            ts_node_end_point(a).row == ts_node_start_point(b).row)
            layout_parse_error(y, ts_node_start_byte(b), "invalid syntax");
    }
}

/* Walks the tree once (iteratively) and records the first layout error of each kind. */
static void check_layout(Layout *y, TSNode root)
{
    y->last_row = y->continuation = UINT32_MAX;
    y->comment_start = y->comment_end = UINT32_MAX;
    TSTreeCursor c = ts_tree_cursor_new(root);
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&c);
        if (ts_node_child_count(n) == 0)
            layout_leaf(y, n);
        else if (ps_is(n, "module") || ps_is(n, "block"))
            layout_statements(y, n);
        if (ts_tree_cursor_goto_first_child(&c)) continue;
        bool done = false;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c)) {
                done = true;
                break;
            }
        if (done) break;
    }
    ts_tree_cursor_delete(&c);
    layout_gap(y, y->gap_from, y->p->len);
    if (y->after_colon) /* a header on the last line */
        layout_parse_error(y, y->p->len, expected_block(y));
    if (y->continuation != UINT32_MAX) /* a backslash with no line after it */
        layout_tok_error(y, y->continuation, "unexpected EOF while parsing");
}

/* Reports a recorded layout error: the first token of the line, or the end of the file. */
static void layout_report(Parser *p, uint32_t at, const char *msg)
{
    ps_error_at(p, ps_span_range(p, at, at < p->len ? at + 1 : at), "%s", msg);
}

/* ---------------------------------------------------------------- entry point */

/* Parses src into an AST_MODULE in arena a; NULL after reporting errors. */
AstNode *fe_parse(Arena *a, const SrcFile *src, int *n_nodes)
{
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

    if (!check_encoding(&p)) {
        ar_delete(p.scratch);
        return NULL;
    }
    TSParser *tp = ts_parser_new();
    AstNode *mod = NULL;
    if (!ts_parser_set_language(tp, tree_sitter_python()))
        util_internal_error(__FILE__, __LINE__, "tree-sitter-python: incompatible language version");
    TSTree *tree = ts_parser_parse_string(tp, NULL, src->text, p.len);
    if (!tree) {
        ps_error_at(&p, ps_span_range(&p, 0, 0), "the parser gave up on this file");
    } else {
        /* Python's order: tokenizer errors, then the first syntax error in the text */
        TSNode root = ts_tree_root_node(tree);
        Layout y = { .p = &p };
        check_layout(&y, root);
        if (y.tok_msg)
            layout_report(&p, y.tok_at, y.tok_msg);
        else
            check_syntax(&p, root);
        if (p.nerr == 0 && y.parse_msg) layout_report(&p, y.parse_at, y.parse_msg);
        if (p.nerr == 0) {
            if (ps_is(root, "module"))
                mod = ps_module(&p, root);
            else
                ps_error_at(&p, ps_span_of(&p, root), "invalid syntax");
        }
        ts_tree_delete(tree);
    }
    ts_parser_delete(tp);
    vec_free(&p.nonlocals);
    ar_delete(p.scratch);
    if (p.nerr > 0)
        mod = NULL;
    else if (n_nodes)
        *n_nodes = p.next_id;
    return mod;
}
