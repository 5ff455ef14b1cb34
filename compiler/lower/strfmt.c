/*
 * lower/strfmt.c — `fmt % args` (printf-style) and `fmt.format(...)` where fmt is a constant
 * string: the format is read at compile time and becomes the parts of an f-string, a constant
 * string per literal run and an IR_FORMAT (lw_format_part: format(value, spec)) per field.
 *
 * printf-style conversions map to format specs with Python's meaning: `%5s` right-aligns
 * (`>5` after str()), `-` left-aligns, `0`, `+`, ` ` and `#` are the spec's own flags, `%d`
 * `%i` `%u` take int(value) (a float is truncated), `%f %F %e %E %g %G` take float(value),
 * `%x %X %o` an int (with a precision: at least that many digits, int_prec_part), `%r` and
 * `%a` repr(), `%c` a character, `*` widths and precisions from the arguments (star_spec),
 * `%(key)s` the value of a dict's key (a literal's record or a dict keyed by str: after a key,
 * no positional conversion, as Python finds no argument for it), `%%` a percent sign.  Not
 * compiled (a located error): a `*` precision on an integer conversion, a format string known
 * only at run time.  Python's TypeErrors for a count of arguments that
 * does not match are compile-time errors here.
 *
 * str.format fields: `{}` (automatic numbering), `{0}`, `{name}` (a keyword argument), each
 * with `!r`/`!s`/`!a` and `:spec`; `{{` and `}}`.  Not compiled: attribute and index fields
 * (`{0.real}`, `{a[0]}`) and nested fields in a spec (`{x:{w}}`).
 */
#include "compiler/lower/lower.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

/* The text of a str value the compiler knows (lw_fold_str), or NULL (after a located error
 * naming what). */
/* *v = *v * 10 + the digit d; false, *v unchanged, when that passes INT_MAX (Python's "width
 * too big" and the like: its formats take C ints). */
static bool add_digit(int *v, char d)
{
    if (*v > (INT_MAX - (d - '0')) / 10) return false;
    *v = *v * 10 + (d - '0');
    return true;
}

static const char *const_text(Lower *L, IrValue *fmt, Span sp, const char *what)
{
    const char *t;
    const IrInstr *bad;
    if (lw_fold_str(L, fmt, &t, NULL, &bad)) return t;
    diag_error(sp, "the format string of %s must be a string the compiler knows (a constant) here", what);
    return NULL;
}

/* Appends the literal text s[0..n) to parts (none when empty). */
static void lit_part(Lower *L, Span sp, const char *s, size_t n, IrValue **parts, int *np)
{
    if (n) parts[(*np)++] = lw_const_str(L, sp, ar_strndup(L->a, s, n));
}

/* The joined parts: a str value. */
static IrValue *join_parts(Lower *L, Span sp, IrValue **parts, int np)
{
    if (np == 0) return lw_const_str(L, sp, "");
    if (np == 1) return parts[0];
    return lw_emit(L, IR_STR_CONCAT, sp, ty_str(), np, parts);
}

/* ---------------------------------------------------------------- fmt % args */

/* The format() spec of a printf-style conversion (its flags, width, precision: prec < 0 when
 * absent) into *spec; *conv the str conversion ('s', 'r', 'a') or 0, *kind what the value
 * becomes first: 'i' int(), 'f' float(), 's' a str.  false after a located error. */
bool lw_percent_spec(Lower *L, Span sp, const PctConv *c, const char **spec, int *conv, char *kind)
{
    const char *flags = c->flags;
    bool left = strchr(flags, '-'), zero = strchr(flags, '0') && !left, alt = strchr(flags, '#');
    const char *sign = strchr(flags, '+') ? "+" : strchr(flags, ' ') ? " " : "";
    StrBuf sb = { 0 };
    *conv = 0;
    switch (c->type) {
    case 'c': /* the character (an int's code point, or a one-character str) as a str */
    case 's':
    case 'r':
    case 'a':
        *conv = c->type == 'c' ? 's' : c->type;
        *kind = c->type == 'c' ? 'c' : 's';
        if (c->width != -1) sb_puts(&sb, left ? "<" : ">");
        break;
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
        if (c->prec != -1) {   /* fmt % args takes a constant one (int_prec_part), savetxt none */
            diag_error(sp, "a %sprecision on the integer conversion %%%c is not supported",
                       c->prec == PCT_STAR ? "* " : "", c->type);
            return false;
        }
        *kind = 'i';
        sb_printf(&sb, "%s%s%s%s", left ? "<" : "", sign, alt ? "#" : "", zero ? "0" : "");
        break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
        *kind = 'f';
        sb_printf(&sb, "%s%s%s%s", left ? "<" : "", sign, alt ? "#" : "", zero ? "0" : "");
        break;
    default: diag_error(sp, "unsupported format character '%c' in a %% format", c->type); return false;
    }
    if (c->width >= 0) sb_printf(&sb, "%d", c->width);
    if (c->prec >= 0) sb_printf(&sb, ".%d", c->prec);
    if (!*conv) sb_printf(&sb, "%c", c->type == 'i' || c->type == 'u' ? 'd' : c->type);
    *spec = ar_strdup(L->a, sb.s ? sb.s : "");
    sb_free(&sb);
    return true;
}

static AstNode *ast_str(Lower *L, Span sp, const char *s)
{
    AstNode *n = lw_ast_node(L, AST_STR, sp);
    n->sval = s;
    n->slen = strlen(s);
    return n;
}

/* The spec of conversion c whose width w and/or precision p (NULL: not a `*`) come from the
 * arguments, made at run time as Python reads them: a negative width left-aligns (the 0 flag
 * then does nothing), a negative precision is 0.  Written as the expression
 *   (LEFT + str(-w) if w < 0 else FLAGS + str(w)) + '.' + str(p if p > 0 else 0) + TYPE
 * over hidden names w@pctID_K, p@pctID_K (k: the conversion's number).  NULL after an error. */
static IrValue *star_spec(Lower *L, AstNode *e, int k, const PctConv *c, IrValue *w, IrValue *p)
{
    Span sp = e->span;
    const char *pos, *neg;
    int conv;
    char kind;
    PctConv base = *c, left; /* no precision: the flags (and a str's alignment), then the type */
    base.prec = -1;
    left = base;
    size_t nf = strlen(left.flags);
    if (nf < 7 && !strchr(left.flags, '-')) left.flags[nf] = '-';
    if (!lw_percent_spec(L, sp, c, &pos, &conv, &kind) || !lw_percent_spec(L, sp, &base, &pos, &conv, &kind) ||
        !lw_percent_spec(L, sp, &left, &neg, &conv, &kind))
        return NULL;
    const char *type = conv ? "" : ar_strdup(L->a, pos + strlen(pos) - 1);
    char *hp = ar_strdup(L->a, pos), *hn = ar_strdup(L->a, neg);
    hp[strlen(hp) - strlen(type)] = 0, hn[strlen(hn) - strlen(type)] = 0;
    AstNode *spec;
    if (w) {
        const char *wn = ar_printf(L->a, "w@pct%d_%d", e->id, k);
        lw_assign(L, lw_ast_name(L, sp, wn), w, sp);
        AstNode *wv = lw_ast_name(L, sp, wn), *mw = lw_ast_bin(L, sp, AOP_SUB, lw_ast_int(L, sp, 0), wv);
        AstNode *ife = lw_ast_node(L, AST_IFEXP, sp);
        ife->cond = lw_ast_cmp(L, sp, AOP_LT, wv, lw_ast_int(L, sp, 0));
        ife->then = lw_ast_bin(L, sp, AOP_ADD, ast_str(L, sp, hn), lw_ast_call(L, sp, lw_ast_name(L, sp, "str"), 1, &mw));
        ife->els = lw_ast_bin(L, sp, AOP_ADD, ast_str(L, sp, hp), lw_ast_call(L, sp, lw_ast_name(L, sp, "str"), 1, &wv));
        spec = ife;
    } else {
        spec = ast_str(L, sp, hp);
    }
    if (c->prec >= 0) spec = lw_ast_bin(L, sp, AOP_ADD, spec, ast_str(L, sp, ar_printf(L->a, ".%d", c->prec)));
    if (p) {
        const char *pn = ar_printf(L->a, "p@pct%d_%d", e->id, k);
        lw_assign(L, lw_ast_name(L, sp, pn), p, sp);
        AstNode *pv = lw_ast_name(L, sp, pn), *ife = lw_ast_node(L, AST_IFEXP, sp);
        ife->cond = lw_ast_cmp(L, sp, AOP_GT, pv, lw_ast_int(L, sp, 0));
        ife->then = pv;
        ife->els = lw_ast_int(L, sp, 0);
        spec = lw_ast_bin(L, sp, AOP_ADD, lw_ast_bin(L, sp, AOP_ADD, spec, ast_str(L, sp, ".")),
                          lw_ast_call(L, sp, lw_ast_name(L, sp, "str"), 1, &ife));
    }
    return lw_expr(L, lw_ast_bin(L, sp, AOP_ADD, spec, ast_str(L, sp, type)));
}

/* An integer conversion with a precision ('%.3d', '%5.3d', '%#.4x', '%05.3d'), as Python's %
 * formats it: the precision is the least number of digits (zeros before them), the sign (and
 * '#''s 0x / 0o) in front of those, the 0 flag pads the digits to the width, else the width
 * aligns the whole.  format() has no precision for ints, so this is the expression
 *   ('-' + format(-v, NEG) if v < 0 else SIGN + format(v, POS))   [aligned: format(.., '>W')]
 * with NEG and POS zero-padded int specs, over the hidden name v@pctID_K (k: the part's
 * number).  v: an int value. */
static IrValue *int_prec_part(Lower *L, AstNode *e, int k, IrValue *v, const PctConv *c)
{
    Span sp = e->span;
    const char *flags = c->flags;
    bool left = strchr(flags, '-'), alt = strchr(flags, '#') && c->type != 'd' && c->type != 'i' && c->type != 'u';
    const char *sign = strchr(flags, '+') ? "+" : strchr(flags, ' ') ? " " : "";
    int width = c->width > 0 ? c->width : 0, prec = c->prec, altlen = alt ? 2 : 0;
    bool zero = strchr(flags, '0') && !left && width > 0;
    char type = c->type == 'i' || c->type == 'u' ? 'd' : c->type;
    const char *vn = ar_printf(L->a, "v@pct%d_%d", e->id, k);
    lw_assign(L, lw_ast_name(L, sp, vn), v, sp);
    AstNode *branch[2];
    for (int neg = 0; neg < 2; neg++) {
        int signlen = neg ? 1 : (int)strlen(sign);
        int64_t ndig = prec;
        if (zero && (int64_t)width - signlen - altlen > ndig) ndig = (int64_t)width - signlen - altlen;
        ndig += altlen;
        const char *spec = ndig > 0 ? ar_printf(L->a, "%s0%lld%c", alt ? "#" : "", (long long)ndig, type)
                                    : ar_printf(L->a, "%s%c", alt ? "#" : "", type);
        AstNode *val = lw_ast_name(L, sp, vn);
        if (neg) val = lw_ast_bin(L, sp, AOP_SUB, lw_ast_int(L, sp, 0), val);
        AstNode *args[2] = { val, ast_str(L, sp, spec) };
        AstNode *digits = lw_ast_call(L, sp, lw_ast_name(L, sp, "format"), 2, args);
        branch[neg] = lw_ast_bin(L, sp, AOP_ADD, ast_str(L, sp, neg ? "-" : sign), digits);
    }
    AstNode *ife = lw_ast_node(L, AST_IFEXP, sp);
    ife->cond = lw_ast_cmp(L, sp, AOP_LT, lw_ast_name(L, sp, vn), lw_ast_int(L, sp, 0));
    ife->then = branch[1];
    ife->els = branch[0];
    AstNode *r = ife;
    if (width > 0 && !zero) {
        AstNode *args[2] = { ife, ast_str(L, sp, ar_printf(L->a, "%c%d", left ? '<' : '>', width)) };
        r = lw_ast_call(L, sp, lw_ast_name(L, sp, "format"), 2, args);
    }
    return lw_expr(L, r);
}

/* One printf-style conversion c of v as a part (dspec: its spec made at run time, or NULL);
 * NULL after a located error.  k: the part's number (int_prec_part's hidden name). */
static IrValue *percent_part(Lower *L, AstNode *e, int k, IrValue *v, const PctConv *c, IrValue *dspec)
{
    Span sp = e->span;
    const char *spec;
    int conv;
    char kind;
    bool int_prec = strchr("diuxXo", c->type) && c->prec >= 0 && !dspec;
    PctConv base = *c;
    if (int_prec) base.prec = -1;   /* the value's checks below; the digits: int_prec_part */
    if (!lw_percent_spec(L, sp, &base, &spec, &conv, &kind)) return NULL;
    if (kind == 'c') {
        bool is_int = v->type->kind == TY_INT || v->type->kind == TY_BOOL;
        if (!is_int && v->type->kind != TY_STR) {
            diag_error(sp, "%%c requires int or char (got %s)", ty_str_of(v->type));
            return NULL;
        }
        IrValue *i = is_int ? lw_to_scalar(L, v, TY_INT, sp) : lw_cint(L, sp, 0);
        v = lw_host_call(L, sp, IR_PYLIB, PY_STR_PCT_C, ty_str(), 3,
                         (IrValue *[]){ is_int ? lw_const_str(L, sp, "") : v, i, lw_cint(L, sp, is_int) });
    } else if (kind == 'i') {
        if (v->type->kind == TY_FLOAT || v->type->kind == TY_BOOL ||
            (v->type->kind == TY_ARRAY && v->type->ndim == 0))
            v = lw_to_scalar(L, v, TY_INT, sp);
        if (!v) return NULL;
        if (v->type->kind != TY_INT) {
            diag_error(sp, "%%%c format: a real number is required, not %s", c->type, ty_str_of(v->type));
            return NULL;
        }
        if (int_prec) return int_prec_part(L, e, k, v, c);
    } else if (kind == 'f') {
        if (v->type->kind == TY_INT || v->type->kind == TY_BOOL ||
            (v->type->kind == TY_ARRAY && v->type->ndim == 0 && !dt_is_float(v->type->dtype)))
            v = lw_to_scalar(L, v, TY_FLOAT, sp);
        if (!v) return NULL;
        if (v->type->kind != TY_FLOAT && !(v->type->kind == TY_ARRAY && v->type->ndim == 0)) {
            diag_error(sp, "%%%c format: a real number is required, not %s", c->type, ty_str_of(v->type));
            return NULL;
        }
    }
    return dspec ? lw_format_part_dyn(L, v, dspec, conv, sp, sp) : lw_format_part(L, v, spec, conv, sp, sp);
}

/* The next piece of the printf-style format f from *pos: the literal run before the next
 * conversion (c->lit, c->nlit) and the conversion (c->type 0 at the end of f; '%' for %%).
 * false after a located error. */
bool lw_percent_next(Span sp, const char *f, size_t *pos, PctConv *c)
{
    size_t len = strlen(f), i = *pos;
    memset(c, 0, sizeof *c);
    c->lit = f + i;
    while (i < len && f[i] != '%') i++;
    c->nlit = (size_t)(f + i - c->lit);
    c->width = c->prec = -1;
    if (i == len) {
        *pos = i;
        return true;
    }
    size_t j = i + 1;
    if (j < len && f[j] == '(') {   /* a mapping key: up to the matching ')', as Python reads it */
        size_t k = j + 1;
        for (int depth = 1; k < len; k++) {
            if (f[k] == '(') depth++;
            if (f[k] == ')' && --depth == 0) break;
        }
        if (k >= len) {
            diag_error(sp, "incomplete format key");
            return false;
        }
        c->key = f + j + 1;
        c->nkey = k - j - 1;
        j = k + 1;
    }
    int nf = 0;
    while (j < len && strchr("-+ #0", f[j])) {
        if (nf < 7) c->flags[nf++] = f[j];
        j++;
    }
    if (j < len && f[j] == '*') c->width = PCT_STAR, j++;
    for (; c->width != PCT_STAR && j < len && isdigit((unsigned char)f[j]); j++) {
        if (c->width < 0) c->width = 0;
        if (!add_digit(&c->width, f[j])) {
            diag_error(sp, "width too big");
            return false;
        }
    }
    if (j < len && f[j] == '.') {
        c->prec = 0;
        if (j + 1 < len && f[j + 1] == '*') c->prec = PCT_STAR, j++;
        for (j++; c->prec != PCT_STAR && j < len && isdigit((unsigned char)f[j]); j++)
            if (!add_digit(&c->prec, f[j])) {
                diag_error(sp, "precision too big");
                return false;
            }
    }
    while (j < len && strchr("hlL", f[j])) j++; /* length modifiers: Python ignores them */
    if (j >= len) {
        diag_error(sp, "incomplete format in a %% format string");
        return false;
    }
    c->type = f[j];
    *pos = j + 1;
    return true;
}

IrValue *lw_percent_format(Lower *L, AstNode *e, IrValue *fmt, IrValue *args)
{
    Span sp = e->span;
    const char *f = const_text(L, fmt, e->lhs->span, "%");
    if (!f) return NULL;
    const Type *at = args->type;
    bool mapping = lw_is_dict_record(at) ||
                   (at->kind == TY_DICT && at->key && at->key->kind == TY_STR);
    int nargs = args->type->kind == TY_TUPLE && !mapping ? args->type->n : 1, used = 0, nkeyed = 0;
    size_t len = strlen(f);
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (2 * len + 1));
    int np = 0;
    for (size_t pos = 0;;) {
        PctConv c;
        if (!lw_percent_next(sp, f, &pos, &c)) return NULL;
        lit_part(L, sp, c.lit, c.nlit, parts, &np);
        if (!c.type) break;
        if (c.type == '%') {
            parts[np++] = lw_const_str(L, sp, "%");
            continue;
        }
        if (c.key) {   /* `%(key)s`: the value of args[key], a dict (Python: any mapping) */
            if (!mapping) {
                diag_error(sp, "format requires a mapping");
                return NULL;
            }
            if (c.width == PCT_STAR || c.prec == PCT_STAR) {
                diag_error(sp, "not enough arguments for format string");
                return NULL;
            }
            AstNode *kn = ast_str(L, sp, ar_strndup(L->a, c.key, c.nkey));
            IrValue *v = at->kind == TY_DICT ? lw_table_get(L, args, lw_expr(L, kn), sp) : lw_dict_get(L, args, kn, sp);
            if (!v || !(parts[np] = percent_part(L, e, np, v, &c, NULL))) return NULL;
            np++, nkeyed++;
            continue;
        }
        if (nkeyed) {   /* Python: the positional ones after a key find no arguments */
            diag_error(sp, "not enough arguments for format string");
            return NULL;
        }
        IrValue *star[2] = { NULL, NULL }, *dspec = NULL; /* '%*.*f': width, precision, value */
        for (int k = 0; k < 3; k++) {
            if ((k == 0 && c.width != PCT_STAR) || (k == 1 && c.prec != PCT_STAR)) continue;
            if (used == nargs) {
                diag_error(sp, "not enough arguments for format string");
                return NULL;
            }
            IrValue *v = args->type->kind == TY_TUPLE && !mapping ? lw_tuple_get(L, args, used, sp) : args;
            used++;
            if (!v) return NULL;
            if (k < 2 && v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
                diag_error(sp, "* wants int (got %s)", ty_str_of(v->type));
                return NULL;
            }
            if (k < 2) {
                star[k] = lw_to_scalar(L, v, TY_INT, sp);
                continue;
            }
            if ((star[0] || star[1]) && !(dspec = star_spec(L, e, np, &c, star[0], star[1]))) return NULL;
            if (!(parts[np] = percent_part(L, e, np, v, &c, dspec))) return NULL;
            np++;
        }
    }
    if (used < nargs && !mapping) {   /* Python: a mapping need not be used up */
        diag_error(sp, "not all arguments converted during string formatting");
        return NULL;
    }
    return join_parts(L, sp, parts, np);
}

/* ---------------------------------------------------------------- fmt.format(...) */

/* The value of field `name` (empty: the next automatic number) of str.format's arguments
 * (pos: positional values, call's keywords), NULL after a located error. */
static IrValue *field_value(AstNode *call, IrValue **pos, IrValue **kw, const char *name, int *next,
                            int *manual)
{
    Span sp = call->span;
    int npos = call->elts.n;
    if (!*name || isdigit((unsigned char)*name)) {
        int k;
        if (!*name) {
            if (*manual > 0) {
                diag_error(sp, "cannot switch from manual field specification to automatic field numbering");
                return NULL;
            }
            *manual = -1;
            k = (*next)++;
        } else {
            if (*manual < 0) {
                diag_error(sp, "cannot switch from automatic field numbering to manual field specification");
                return NULL;
            }
            *manual = 1;
            k = 0;
            for (const char *c = name; *c; c++) {
                if (!isdigit((unsigned char)*c)) {
                    diag_error(
                        sp,
                        "the field '{%s}' of str.format is not supported: name a positional or keyword "
                        "argument",
                        name);
                    return NULL;
                }
                if (!add_digit(&k, *c)) { /* past any tuple's length */
                    diag_error(sp, "Replacement index %s out of range for positional args tuple", name);
                    return NULL;
                }
            }
        }
        if (k >= npos) {
            diag_error(sp, "Replacement index %d out of range for positional args tuple", k);
            return NULL;
        }
        return pos[k];
    }
    for (int i = 0; i < call->params.n; i++)
        if (!strcmp(((AstNode *)call->params.v[i])->sval, name)) return kw[i];
    for (const char *c = name; *c; c++)
        if (*c == '.' || *c == '[') {
            diag_error(
                sp, "the field '{%s}' of str.format is not supported: name a positional or keyword argument",
                name);
            return NULL;
        }
    diag_error(sp, "KeyError: '%s' (a field of str.format that no keyword argument gives)", name);
    return NULL;
}

/* The formatted value of the str.format field text `name[!conv][:spec]` (fa: the arguments,
 * numbering as field_value), a str part; a spec holding replacement fields (`{:{w}.{p}f}`,
 * nested once as Python allows) is made at run time from them, numbered after the field's own
 * value, as Python numbers them.  NULL after a located error. */
typedef struct FmtArgs {
    AstNode *call;
    IrValue **pos, **kw;
    int next, manual;
} FmtArgs;

static IrValue *format_field(Lower *L, FmtArgs *fa, const char *text, bool nested)
{
    Span sp = fa->call->span;
    char *field = ar_strdup(L->a, text);
    const char *spec = "";
    int conv = 0;
    char *colon = strchr(field, ':');
    if (colon) {
        spec = colon + 1;
        *colon = 0;
    }
    if (strchr(field, '{')) {
        diag_error(sp, "unexpected '{' in field name");
        return NULL;
    }
    char *bang = strchr(field, '!');
    if (bang) {
        if (strlen(bang) != 2 || !strchr("rsa", bang[1])) {
            diag_error(sp, "invalid conversion in a str.format field: expected '!r', '!s' or '!a'");
            return NULL;
        }
        conv = bang[1];
        *bang = 0;
    }
    IrValue *v = field_value(fa->call, fa->pos, fa->kw, field, &fa->next, &fa->manual);
    if (!v) return NULL;
    if (!strchr(spec, '{') && !strchr(spec, '}')) return lw_format_part(L, v, spec, conv, sp, sp);
    if (nested) {
        diag_error(sp, "Max string recursion exceeded");
        return NULL;
    }
    size_t len = strlen(spec);
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (2 * len + 1));
    int np = 0;
    for (size_t i = 0, lit = 0; i <= len; i++) {
        if (i < len && spec[i] != '{' && spec[i] != '}') continue;
        lit_part(L, sp, spec + lit, i - lit, parts, &np);
        if (i == len) break;
        size_t end = i + 1;
        while (end < len && spec[end] != '}') end++;
        if (spec[i] == '}' || end >= len) {
            diag_error(sp, spec[i] == '}' ? "Single '}' encountered in format string"
                                          : "expected '}' before end of string");
            return NULL;
        }
        IrValue *part = format_field(L, fa, ar_strndup(L->a, spec + i + 1, end - i - 1), true);
        if (!part) return NULL;
        parts[np++] = part;
        lit = (i = end) + 1;
    }
    return lw_format_part_dyn(L, v, join_parts(L, sp, parts, np), conv, sp, sp);
}

IrValue *lw_str_format(Lower *L, AstNode *call, IrValue *fmt)
{
    Span sp = call->span;
    const char *f = const_text(L, fmt, call->lhs->span, "str.format");
    if (!f) return NULL;
    int npos = call->elts.n, nkw = call->params.n;
    FmtArgs fa = { call, ar_alloc(L->a, sizeof(IrValue *) * (npos + 1)),
                   ar_alloc(L->a, sizeof(IrValue *) * (nkw + 1)), 0, 0 };
    for (int i = 0; i < npos; i++)
        if (!(fa.pos[i] = lw_printable(L, call->elts.v[i], NULL))) return NULL;
    for (int i = 0; i < nkw; i++)
        if (!(fa.kw[i] = lw_printable(L, ((AstNode *)call->params.v[i])->rhs, NULL))) return NULL;
    size_t len = strlen(f);
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (2 * len + 1));
    int np = 0;
    StrBuf lit = { 0 };
    IrValue *r = NULL;
    for (size_t i = 0; i < len; i++) {
        char c = f[i];
        if ((c == '{' || c == '}') && i + 1 < len && f[i + 1] == c) {
            sb_putc(&lit, c);
            i++;
            continue;
        }
        if (c == '}') {
            diag_error(sp, "Single '}' encountered in format string");
            goto out;
        }
        if (c != '{') {
            sb_putc(&lit, c);
            continue;
        }
        size_t end = i + 1; /* the '}' that closes this field, past those of nested fields */
        for (int depth = 0; end < len && (f[end] != '}' || depth); end++)
            depth += f[end] == '{' ? 1 : f[end] == '}' ? -1 : 0;
        if (end >= len) {
            diag_error(sp, "expected '}' before end of string");
            goto out;
        }
        lit_part(L, sp, lit.s, lit.len, parts, &np);
        lit.len = 0;
        if (!(parts[np++] = format_field(L, &fa, ar_strndup(L->a, f + i + 1, end - i - 1), false))) goto out;
        i = end;
    }
    lit_part(L, sp, lit.s, lit.len, parts, &np);
    r = join_parts(L, sp, parts, np);
out:
    sb_free(&lit);
    return r;
}

/* ---------------------------------------------------------------- compile-time strings */

/* Does in, or a block it owns, store var? */
static bool stores_var(const IrInstr *in, const IrVar *var)
{
    if (in->op == IR_STORE && in->var == var) return true;
    for (int k = 0; k < 2; k++) {
        const IrBlock *b = in->blocks[k];
        for (int i = 0; b && i < b->instrs.n; i++)
            if (stores_var(VEC_AT(b->instrs, i), var)) return true;
    }
    return false;
}

/* The value var holds just before instruction at when the code before it says (the last
 * store on the straight path there, with no store in a branch or a loop around in between),
 * or NULL. */
static const IrValue *value_before(const IrInstr *at, const IrVar *var)
{
    const IrBlock *b = at->parent;
    int from = b ? ir_index_in_block(b, at) - 1 : -1;
    while (b) {
        for (int i = from; i >= 0; i--) {
            const IrInstr *in = VEC_AT(b->instrs, i);
            if (in->op == IR_STORE && in->var == var) return in->nargs == 1 ? in->args[0] : NULL;
            if ((in->blocks[0] || in->blocks[1]) && stores_var(in, var)) return NULL;
        }
        const IrInstr *own = b->owner;
        if (!own || !own->parent || (own->op != IR_IF && stores_var(own, var))) return NULL; /* a loop's back edge */
        b = own->parent;
        from = ir_index_in_block(b, own) - 1;
    }
    return NULL;
}

/* A call of a user function being folded through: the callee's parameters are the call's
 * arguments, which resolve in the caller's frame (up; NULL: the function being lowered). */
typedef struct FoldFrame {
    const IrInstr *call;
    const struct FoldFrame *up;
} FoldFrame;

/* The value that load (under frames fr) reads from its module variable: as a local's when
 * the module's code runs it, directly or through the calls of fr (value_before the load or the
 * outermost call); in a function being lowered, the value the module's top level stored last
 * so far (the function is lowered at its first call, in source order), unless a branch or a
 * loop there stores it after; or NULL. */
static const IrValue *global_value(Lower *L, const IrInstr *load, const FoldFrame *fr)
{
    if (!L->m->funcs.n) return NULL;
    const IrInstr *at = load;
    for (; fr; fr = fr->up) at = fr->call;
    const IrBlock *top = ((IrFunc *)VEC_AT(L->m->funcs, 0))->body, *b = at->parent;
    while (b && b->owner && b->owner->parent) b = b->owner->parent;
    if (b == top) return value_before(at, load->var);
    const IrValue *v = NULL;
    for (int i = 0; i < top->instrs.n; i++) {
        const IrInstr *in = VEC_AT(top->instrs, i);
        if (in->op == IR_STORE && in->var == load->var)
            v = in->nargs == 1 ? in->args[0] : NULL;
        else if ((in->blocks[0] || in->blocks[1]) && stores_var(in, load->var))
            v = NULL;
    }
    return v;
}

/* Does b (or a block inside it) return? */
static bool block_returns(const IrBlock *b)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_RETURN || block_returns(in->blocks[0]) || block_returns(in->blocks[1])) return true;
    }
    return false;
}

/* The value f returns when its body has one return, at its top level (straight-line code
 * before it: loops over constant tuples and dicts are written out), or NULL. */
static const IrValue *sole_return(const IrFunc *f)
{
    const IrBlock *b = f->body;
    const IrInstr *ret = NULL;
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_RETURN) {
            if (ret) return NULL;
            ret = in;
        } else if (block_returns(in->blocks[0]) || block_returns(in->blocks[1])) {
            return NULL;
        }
    }
    return ret && ret->nargs == 1 ? ret->args[0] : NULL;
}

/* v, through the variables it loads (a module variable's last top-level value, a local's
 * value on the path to the load, a parameter's argument in the frame's call), the elements of
 * tuples (and dicts) it takes, and the calls of user functions it makes (into the callee's
 * return value, in a new frame); *fr: the frame of the result. */
static const IrValue *resolve(Lower *L, const IrValue *v, const FoldFrame **fr)
{
    for (int k = 0; k < 256 && v->def; k++) {
        const IrInstr *d = v->def;
        const IrValue *next = NULL;
        if (d->op == IR_LOAD && d->var->global) {
            next = global_value(L, d, *fr);
            *fr = NULL; /* the value is the module code's, outside every call */
        } else if (d->op == IR_LOAD && *fr) {
            const FoldFrame *f = *fr;
            for (int i = 0; i < f->call->func->params.n && i < f->call->nargs; i++)
                if (VEC_AT(f->call->func->params, i) == d->var) {
                    next = f->call->args[i];
                    *fr = f->up;
                    break;
                }
            if (!next) next = value_before(d, d->var);
        } else if (d->op == IR_LOAD) {
            next = value_before(d, d->var);
        } else if (d->op == IR_TUPLE_GET) {
            const FoldFrame *tf = *fr;
            const IrValue *t = resolve(L, d->args[0], &tf);
            if (t->def && t->def->op == IR_TUPLE && d->ival >= 0 && d->ival < t->def->nargs) {
                next = t->def->args[d->ival];
                *fr = tf;
            }
        } else if (d->op == IR_CALL && d->func && d->func->body) {
            next = sole_return(d->func);
            if (next) {
                FoldFrame *nf = ar_alloc(L->a, sizeof *nf);
                *nf = (FoldFrame){ d, *fr };
                *fr = nf;
            }
        }
        if (!next) break;
        v = next;
    }
    return v;
}

/* The constant value of the Python int v (constants, and + - * // % and unary - of those,
 * with Python's floor rounding), or false. */
static bool fold_int(Lower *L, const IrValue *v, const FoldFrame *fr, int64_t *out, int depth)
{
    if (depth >= 64 || (v->type->kind != TY_INT && v->type->kind != TY_BOOL)) return false;
    v = resolve(L, v, &fr);
    const IrInstr *d = v->def;
    if (!d) return false;
    if (lw_is_const_int(v, out)) return true;
    int64_t a, b = 0;
    if (d->nargs < 1 || d->nargs > 2 || !fold_int(L, d->args[0], fr, &a, depth + 1)) return false;
    if (d->nargs == 2 && !fold_int(L, d->args[1], fr, &b, depth + 1)) return false;
    switch (d->op) {
    case IR_NEG: *out = -a; return d->nargs == 1;
    case IR_ADD: *out = a + b; return true;
    case IR_SUB: *out = a - b; return true;
    case IR_MUL: *out = a * b; return true;
    case IR_FLOORDIV:
    case IR_MOD:
        if (b == 0) return false;
        int64_t q = a / b, r = a % b;
        if (r != 0 && ((r < 0) != (b < 0))) {
            q--;
            r += b;
        }
        *out = d->op == IR_FLOORDIV ? q : r;
        return true;
    default: return false;
    }
}

/* Appends the constant text of v (a str, or with scalar str() of a constant int or bool too)
 * to sb; false with *bad: the instruction computed at run time. */
static bool fold_into(Lower *L, const IrValue *v, const FoldFrame *fr, StrBuf *sb, const IrInstr **bad,
                      bool scalar, int depth)
{
    int64_t n;
    if (scalar && fold_int(L, v, fr, &n, depth)) {
        if (v->type->kind == TY_BOOL)
            sb_puts(sb, n ? "True" : "False");
        else
            sb_printf(sb, "%lld", (long long)n);
        return true;
    }
    const IrInstr *d = resolve(L, v, &fr)->def;
    if (!d || depth >= 64) {
        *bad = d;
        return false;
    }
    if (d->op == IR_STR_CONCAT) {
        for (int i = 0; i < d->nargs; i++)
            if (!fold_into(L, d->args[i], fr, sb, bad, false, depth + 1)) return false;
        return true;
    }
    if (d->op == IR_TO_STR ||
        (d->op == IR_FORMAT && d->nargs == 1 && (!d->sval || !*d->sval) && (d->ival == 0 || d->ival == 's')))
        return fold_into(L, d->args[0], fr, sb, bad, true, depth + 1);
    if (d->op == IR_CONST_STR) {
        sb_puts(sb, d->sval);
        return true;
    }
    *bad = d;
    return false;
}

bool lw_fold_str(Lower *L, IrValue *v, const char **out, Span *sp, const IrInstr **bad)
{
    StrBuf sb = { 0 };
    const FoldFrame *fr = NULL;
    const IrValue *src = resolve(L, v, &fr);
    *bad = NULL;
    if (v->type->kind != TY_STR || !fold_into(L, v, NULL, &sb, bad, false, 0)) {
        sb_free(&sb);
        return false;
    }
    *out = ar_strndup(L->a, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    if (sp && src->def) *sp = src->def->span;
    return true;
}

/* ---------------------------------------------------------------- str methods */

/* The text of argument e of s.m(...) (argument pos, 1-based; item pos - 1 of join's
 * sequence when join), a str the compiler knows; NULL after a located error (Python's
 * TypeError for another type). */
static const char *known_arg(Lower *L, AstNode *e, const char *m, int pos, bool join)
{
    IrValue *v = lw_expr(L, e);
    const char *t;
    const IrInstr *bad;
    if (!v) return NULL;
    if (v->type->kind != TY_STR) {
        if (join)
            diag_error(e->span, "sequence item %d: expected str instance, %s found", pos - 1,
                       ty_str_of(v->type));
        else
            diag_error(e->span, "%s() argument %d must be str, not %s", m, pos, ty_str_of(v->type));
        return NULL;
    }
    if (lw_fold_str(L, v, &t, NULL, &bad)) return t;
    diag_error(e->span,
               "str.%s() of a string computed at run time: gpyc evaluates str methods at compile time, on "
               "strings it knows (constants, +, format and f-strings of them)",
               m);
    return NULL;
}

/* s with each of the first count (all when negative) non-overlapping occurrences of old
 * replaced by new, as str.replace (an empty old matches before each character and at the end:
 * bytes here, code points in Python; the same for ASCII). */
static const char *str_replace(Lower *L, const char *s, const char *old, const char *new, int64_t count)
{
    StrBuf sb = { 0 };
    size_t ol = strlen(old), sl = strlen(s), i = 0;
    for (int64_t k = 0; (count < 0 || k < count) && i <= sl; k++) {
        const char *q = ol ? strstr(s + i, old) : s + i;
        if (!q) break;
        sb_putn(&sb, s + i, (size_t)(q - (s + i)));
        sb_puts(&sb, new);
        i = (size_t)(q - s) + ol;
        if (!ol && i < sl) sb_putc(&sb, s[i]);
        i += !ol;
    }
    if (i < sl) sb_puts(&sb, s + i);
    const char *r = ar_strndup(L->a, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    return r;
}

/* sep.join(items): items a tuple or list literal, or a tuple value, of strs the compiler
 * knows. */
static const char *str_join(Lower *L, const char *sep, AstNode *items)
{
    StrBuf sb = { 0 };
    const char *r = NULL;
    if (items->kind == AST_LIST || items->kind == AST_TUPLE) {
        for (int i = 0; i < items->elts.n; i++) {
            const char *t = known_arg(L, items->elts.v[i], "join", i + 1, true);
            if (!t) goto out;
            sb_printf(&sb, "%s%s", i ? sep : "", t);
        }
    } else {
        diag_error(items->span,
                   "str.join() takes a list or tuple written in the call here (gpyc evaluates str "
                   "methods at compile time)");
        goto out;
    }
    r = ar_strndup(L->a, sb.s ? sb.s : "", sb.len);
out:
    sb_free(&sb);
    return r;
}

/* s stripped of the characters of chars (whitespace when NULL) at its start (lead) and end
 * (trail), as str.strip / lstrip / rstrip. */
static const char *str_strip(Lower *L, const char *s, const char *chars, bool lead, bool trail)
{
    const char *set = chars ? chars : " \t\n\r\v\f";
    size_t b = 0, e = strlen(s);
    while (lead && b < e && strchr(set, s[b])) b++;
    while (trail && e > b && strchr(set, s[e - 1])) e--;
    return ar_strndup(L->a, s + b, e - b);
}

/* s.split(sep, maxsplit) as Python: sep NULL splits at runs of whitespace (none at either
 * end), else at each sep (an empty one is Python's ValueError); at most maxsplit splits when
 * it is not negative.  The list of the parts (constants); NULL after a located error. */
static IrValue *str_split(Lower *L, Span sp, const char *s, const char *sep, int64_t maxsplit)
{
    if (sep && !*sep) {
        diag_error(sp, "empty separator");
        return NULL;
    }
    size_t n = strlen(s), k = 0, i = 0, ls = sep ? strlen(sep) : 0;
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (n + 2));
    for (;;) {
        if (!sep)
            while (i < n && isspace((unsigned char)s[i])) i++;
        if (!sep && i == n) break;
        bool last = maxsplit >= 0 && (int64_t)k == maxsplit;
        size_t j = i;
        if (sep) {
            const char *q = last ? NULL : strstr(s + i, sep);
            j = q ? (size_t)(q - s) : n;
        } else if (last) {
            j = n; /* the rest, trailing whitespace kept */
        } else {
            while (j < n && !isspace((unsigned char)s[j])) j++;
        }
        parts[k++] = lw_const_str(L, sp, ar_strndup(L->a, s + i, j - i));
        if (j == n || (!sep && last)) break;
        i = j + ls;
    }
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), (int)k, parts);
}

/* The methods lw_str_method evaluates: name, signature (self first), required arguments. */
enum {
    SM_REPLACE,
    SM_JOIN,
    SM_UPPER,
    SM_LOWER,
    SM_STRIP,
    SM_LSTRIP,
    SM_RSTRIP,
    SM_STARTS,
    SM_ENDS,
    SM_SPLIT,
    SM_N
};
static const struct {
    const char *name, *sig;
    int nreq;
} str_methods[SM_N] = {
    [SM_REPLACE] = { "replace", "self,old,new,count", 3 },
    [SM_JOIN] = { "join", "self,iterable", 2 },
    [SM_UPPER] = { "upper", "self", 1 },
    [SM_LOWER] = { "lower", "self", 1 },
    [SM_STRIP] = { "strip", "self,chars", 1 },
    [SM_LSTRIP] = { "lstrip", "self,chars", 1 },
    [SM_RSTRIP] = { "rstrip", "self,chars", 1 },
    [SM_STARTS] = { "startswith", "self,prefix", 2 },
    [SM_ENDS] = { "endswith", "self,suffix", 2 },
    [SM_SPLIT] = { "split", "self,sep,maxsplit", 1 },
};

IrValue *lw_str_method(Lower *L, AstNode *call, IrValue *s, const char *m)
{
    int k = 0;
    while (k < SM_N && strcmp(str_methods[k].name, m)) k++;
    if (k == SM_N) {
        diag_error(call->lhs->span, "'str' object has no method '%s' that gpyc supports", m);
        return NULL;
    }
    Args a;
    if (!lw_bind_self(call, m, str_methods[k].sig, str_methods[k].nreq, s, &a)) return NULL;
    const IrInstr *bad;
    const char *t, *x = NULL, *y = NULL, *r;
    if (!lw_fold_str(L, s, &t, NULL, &bad)) {
        diag_error(call->lhs->span,
                   "str.%s() of a string computed at run time: gpyc evaluates str methods at "
                   "compile time, on strings it knows (constants, +, format and f-strings of them)",
                   m);
        return NULL;
    }
    /* strip(None) and split(None): whitespace */
    bool none = a.p[1] && a.p[1]->kind == AST_NONE && (k == SM_SPLIT || (k >= SM_STRIP && k <= SM_RSTRIP));
    if (k != SM_JOIN && a.p[1] && !none && !(x = known_arg(L, a.p[1], m, 1, false))) return NULL;
    if (k == SM_REPLACE && !(y = known_arg(L, a.p[2], m, 2, false))) return NULL;
    int64_t count = -1;
    AstNode *ce = k == SM_REPLACE ? a.p[3] : k == SM_SPLIT ? a.p[2] : NULL;
    if (ce) {
        IrValue *c = lw_expr(L, ce);
        if (!c) return NULL;
        if (!lw_is_const_int(c, &count)) {
            diag_error(ce->span, "the %s of str.%s() must be a constant int here, got %s",
                       k == SM_SPLIT ? "maxsplit" : "count", m,
                       c->type->kind == TY_INT ? "an int computed at run time" : ty_str_of(c->type));
            return NULL;
        }
    }
    switch (k) {
    case SM_REPLACE: r = str_replace(L, t, x, y, count); break;
    case SM_JOIN: r = str_join(L, t, a.p[1]); break;
    case SM_UPPER:
    case SM_LOWER: {
        char *u = ar_strndup(L->a, t, strlen(t));
        for (char *p = u; *p; p++)
            *p = (char)(k == SM_UPPER ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
        r = u;
        break;
    }
    case SM_STRIP:
    case SM_LSTRIP:
    case SM_RSTRIP: r = str_strip(L, t, x, k != SM_RSTRIP, k != SM_LSTRIP); break;
    case SM_SPLIT: return str_split(L, call->span, t, x, count);
    default: {
        size_t lt = strlen(t), lx = strlen(x);
        bool yes = lx <= lt && !memcmp(k == SM_STARTS ? t : t + lt - lx, x, lx);
        return lw_const_bool(L, call->span, yes);
    }
    }
    return r ? lw_const_str(L, call->span, r) : NULL;
}

IrValue *lw_str_chars(Lower *L, IrValue *s, Span sp)
{
    const char *t;
    const IrInstr *bad;
    if (!lw_fold_str(L, s, &t, NULL, &bad)) /* computed at run time: its characters then */
        return lw_host_call(L, sp, IR_PYLIB, PY_STR_CHARS, ty_list(ty_str()), 1, &s);
    size_t n = strlen(t), k = 0;
    IrValue **cs = ar_alloc(L->a, sizeof(IrValue *) * (n + 1));
    for (size_t i = 0; i < n; k++) {
        size_t j = i + 1;
        while (j < n && ((unsigned char)t[j] & 0xC0) == 0x80) j++; /* a UTF-8 continuation byte */
        cs[k] = lw_const_str(L, sp, ar_strndup(L->a, t + i, j - i));
        i = j;
    }
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), (int)k, cs);
}
