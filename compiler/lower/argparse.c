/*
 * lower/argparse.c — argparse's common subset: an ArgumentParser is a compile-time object
 * whose add_argument() calls describe its arguments (constant names, type=int/float/str,
 * default=, choices=, action='store_true'/'store_false'/'count', nargs=, help=, metavar=,
 * dest=, required=); parse_args() hands the description (the spec, runtime/pyargs.c) to the
 * runtime, which parses sys.argv[1:] (or the list given) as CPython's argparse does, and
 * returns a Namespace: a record (a tuple with keys, named "argparse.Namespace") of one typed
 * value per argument, read as `args.NAME`.  print_help / format_help / print_usage /
 * format_usage print or return the runtime's text.
 *
 * Invariants: a parser is Lower.argparsers[Type.id] of its TY_OBJ type; every argument has
 * a value of one static type (so a missing optional needs a default: argparse's None has no
 * type here); add_argument() runs in the block that made the parser (it is a compile-time
 * statement).
 */
#include "compiler/lower/lower.h"

#include <stdlib.h>
#include <string.h>

#define CLS "argparse.ArgumentParser"

typedef struct ArgDef ArgDef;
struct ArgDef {
    const char *dest;
    char type; /* 's' str, 'i' int, 'f' float, 'b' bool */
    bool list; /* nargs '*', '+' or N: a list of type */
    const char *rec; /* its spec record */
    ArgDef *next;
};

typedef struct ArgParser {
    const char *prog, *desc, *epilog;
    bool add_help, show_defaults;
    IrBlock *blk;
    ArgDef *args, **tail; /* in the order added (arena) */
    int n;
} ArgParser;

/* ---------------------------------------------------------------- helpers */

/* The parser a method is called on (its type's id, set by ap_new) */
static ArgParser *parser_of(Lower *L, IrValue *self)
{
    int id = self->type->id;
    GPYC_ASSERT(id >= 0 && id < L->argparsers.n);
    return L->argparsers.v[id];
}

/* A constant str argument (NULL: dflt) */
static bool const_str(AstNode *e, const char *what, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e || e->kind == AST_NONE) return true;
    if (e->kind == AST_ATTR && e->lhs->kind == AST_NAME && !strcmp(e->sval, "SUPPRESS")) {
        *out = "\x01";
        return true;
    }
    if (e->kind != AST_STR) {
        diag_error(e->span, "%s must be a constant str here", what);
        return false;
    }
    *out = e->sval;
    return true;
}

/* The text of a constant scalar literal e (int, float, str, bool; -number), its kind in *k
 * ('i', 'f', 's', 'b'); false (no error) for anything else. */
static bool literal(Lower *L, AstNode *e, char *k, const char **text)
{
    bool neg = e->kind == AST_UNARY && e->op == AOP_NEG;
    AstNode *x = neg ? e->lhs : e;
    switch (x->kind) {
    case AST_INT:
        *k = 'i';
        *text = ar_printf(L->a, "%s%lld", neg ? "-" : "", (long long)x->ival);
        return true;
    case AST_FLOAT:
        *k = 'f';
        *text = ar_printf(L->a, "%.17g", neg ? -x->fval : x->fval);
        return true;
    case AST_STR:
        *k = 's';
        *text = x->sval;
        return !neg;
    case AST_BOOL:
        *k = 'b';
        *text = x->ival ? "True" : "False";
        return !neg;
    default: return false;
    }
}

/* Appends the literal values of list/tuple literal e (one item: a scalar literal) to sb,
 * GS-separated, checked against type t ('i' accepts ints, 'f' ints and floats). */
static bool literals(Lower *L, AstNode *e, char t, const char *what, StrBuf *sb)
{
    bool seq = e->kind == AST_LIST || e->kind == AST_TUPLE;
    int n = seq ? e->elts.n : 1;
    for (int i = 0; i < n; i++) {
        AstNode *x = seq ? e->elts.v[i] : e;
        char k;
        const char *text;
        if (!literal(L, x, &k, &text) || (k != t && !(t == 'f' && k == 'i'))) {
            static const char *names[128] = { ['i'] = "int", ['f'] = "float", ['s'] = "str", ['b'] = "bool" };
            diag_error(x->span, "%s must be constant %s values here (the argument's type%s)", what,
                       names[(int)t], t == 's' ? ": give type= for numbers" : "");
            return false;
        }
        if (t == 'f' && k == 'i') text = ar_printf(L->a, "%.17g", strtod(text, NULL));
        sb_printf(sb, "%s%s", i ? "\x1d" : "", text);
    }
    return true;
}

/* ---------------------------------------------------------------- ArgumentParser */

/* argparse.ArgumentParser(prog=None, usage=None, description=None, epilog=None,
 * formatter_class=HelpFormatter, add_help=True): formatter_class may be
 * argparse.ArgumentDefaultsHelpFormatter (help texts end with "(default: ...)"). */
static IrValue *ap_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    Args a;
    if (!lw_bind(call, "ArgumentParser", "prog,usage,description,epilog,formatter_class,add_help", 0, &a))
        return NULL;
    ArgParser *ap = ar_alloc(L->a, sizeof *ap);
    memset(ap, 0, sizeof *ap);
    if (!const_str(a.p[0], "prog", "", &ap->prog) || !const_str(a.p[2], "description", "", &ap->desc) ||
        !const_str(a.p[3], "epilog", "", &ap->epilog) || !lw_bool_arg(L, a.p[5], true, &ap->add_help))
        return NULL;
    if (a.p[1] && a.p[1]->kind != AST_NONE) {
        diag_error(a.p[1]->span,
                   "ArgumentParser(usage=...) is not supported (the usage line is made from the arguments)");
        return NULL;
    }
    AstNode *fc = a.p[4];
    if (fc && !(fc->kind == AST_ATTR && !strcmp(fc->sval, "ArgumentDefaultsHelpFormatter"))) {
        diag_error(fc->span, "formatter_class= is supported only as argparse.ArgumentDefaultsHelpFormatter");
        return NULL;
    }
    ap->show_defaults = fc != NULL;
    ap->blk = L->blk;
    ap->tail = &ap->args;
    Type *t = ty_obj(CLS);
    t->id = L->argparsers.n;
    vec_push(&L->argparsers, ap);
    IrValue *v = lw_const_int(L, call->span, t->id);
    v->type = t;
    return v;
}

/* The type, action and nargs of add_argument's keywords; false after a located error */
static bool arg_kind(Lower *L, Args *a, bool pos, char *type, const char **action, const char **nargs)
{
    if (!const_str(a->p[1], "action", "store", action)) return false;
    static const char *actions[] = { "store", "store_true", "store_false", "count", NULL };
    int k = 0;
    while (actions[k] && strcmp(actions[k], *action)) k++;
    if (!actions[k] || (pos && k)) {
        diag_error(a->p[1]->span,
                   "action='%s' is not supported%s (gpyc: 'store', 'store_true', 'store_false', 'count')",
                   *action, pos ? " for a positional" : "");
        return false;
    }
    *type = k == 1 || k == 2 ? 'b' : k == 3 ? 'i' : 0;
    AstNode *te = a->p[5];
    if (te && te->kind != AST_NONE) {
        const char *tn = te->kind == AST_NAME ? te->sval : "";
        char t = !strcmp(tn, "int") ? 'i' : !strcmp(tn, "float") ? 'f' : !strcmp(tn, "str") ? 's' : 0;
        if (!t || lw_lookup(L, tn) || *type) {
            diag_error(te->span,
                       *type ? "type= does not go with action='%s'" : "type= takes int, float or str here%s",
                       *type                 ? *action
                       : !strcmp(tn, "bool") ? " (a flag is action='store_true')"
                                             : "");
            return false;
        }
        *type = t;
    }
    *nargs = "";
    AstNode *ne = a->p[2];
    if (ne && ne->kind != AST_NONE) {
        if (ne->kind == AST_INT && ne->ival > 0 && !k) {
            *nargs = ar_printf(L->a, "%lld", (long long)ne->ival);
        } else if (ne->kind == AST_STR && !k &&
                   (!strcmp(ne->sval, "*") || !strcmp(ne->sval, "+") || (pos && !strcmp(ne->sval, "?")))) {
            *nargs = ne->sval;
        } else {
            diag_error(ne->span, "nargs= takes '*', '+', a positive int%s here%s", pos ? " or '?'" : "",
                       k ? " (not with this action)" : "");
            return false;
        }
    }
    return true;
}

/* parser.add_argument(*names, action=, nargs=, default=, type=, choices=, required=, help=,
 * metavar=, dest=): one record of the spec; returns None (argparse returns the Action). */
static IrValue *ap_add(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    ArgParser *ap = parser_of(L, self);
    Span sp = call->span;
    if (L->blk != ap->blk) {
        diag_error(sp, "add_argument() must be called in the block that made the parser (gpyc builds "
                       "the parser at compile time)");
        return NULL;
    }
    if (!call->elts.n) {
        diag_error(sp, "add_argument() needs the argument's name or option strings");
        return NULL;
    }
    StrBuf names = { 0 }, dflt = { 0 }, choices = { 0 };
    bool pos = false;
    const char *dest = NULL, *longest = NULL;
    for (int i = 0; i < call->elts.n; i++) {
        AstNode *e = call->elts.v[i];
        if (e->kind != AST_STR || !*e->sval || (i && (e->sval[0] != '-' || pos))) {
            diag_error(
                e->span,
                "add_argument()'s names must be constant str: one name, or option strings starting with '-'");
            goto fail;
        }
        pos = e->sval[0] != '-';
        sb_printf(&names, "%s%s", i ? "\x1d" : "", e->sval);
        if (pos)
            dest = e->sval;
        else if (!longest || (e->sval[1] == '-' && longest[1] != '-'))
            longest = e->sval;
    }
    /* a call with its names bound away: the keywords only */
    AstNode kw = *call;
    kw.elts.n = 0;
    Args a;
    if (!lw_bind(&kw, "add_argument", "_,action,nargs,const,default,type,choices,required,help,metavar,dest",
                 0, &a))
        goto fail;
    char type;
    const char *action, *nargs, *help, *metavar, *dest_kw;
    bool required = pos;
    if (!arg_kind(L, &a, pos, &type, &action, &nargs) || !const_str(a.p[8], "help", "", &help) ||
        !const_str(a.p[9], "metavar", "", &metavar) || !const_str(a.p[10], "dest", NULL, &dest_kw) ||
        (!pos && !lw_bool_arg(L, a.p[7], false, &required)) ||
        !lw_no_arg(a.p[3], "add_argument(const=...)"))
        goto fail;
    if (pos) required = strcmp(nargs, "?") && strcmp(nargs, "*");
    if (!pos) {
        const char *s = longest + (longest[1] == '-' ? 2 : 1);
        char *d = ar_strdup(L->a, s);
        for (char *p = d; *p; p++)
            if (*p == '-') *p = '_';
        dest = d;
    }
    if (dest_kw) dest = dest_kw;
    /* the default */
    bool list = *nargs && strcmp(nargs, "?");
    bool has_default = false;
    AstNode *de = a.p[4];
    if (de && de->kind != AST_NONE) {
        char k = 0;
        const char *text;
        if (!type && !list && literal(L, de, &k, &text)) type = k == 'b' ? 0 : k;
        if (!type) type = 's';
        if (!literals(L, de, type, "default", &dflt)) goto fail;
        if (!list && (de->kind == AST_LIST || de->kind == AST_TUPLE)) {
            diag_error(de->span, "a list default needs nargs= ('*', '+' or a count)");
            goto fail;
        }
        has_default = true;
    } else if (type == 'b') {
        sb_puts(&dflt, strcmp(action, "store_true") ? "True" : "False");
        has_default = true;
    } else if (!required && !(pos && !strcmp(nargs, "*"))) {
        diag_error(sp, "'%s' needs default= (or required=True): argparse's None has no type in gpyc", dest);
        goto fail;
    }
    if (!type) type = 's';
    if (a.p[6] && !(a.p[6]->kind == AST_LIST || a.p[6]->kind == AST_TUPLE)) {
        diag_error(a.p[6]->span, "choices= must be a list or tuple literal of constants here");
        goto fail;
    }
    if (a.p[6] && !literals(L, a.p[6], type, "choices", &choices)) goto fail;
    if (ap->show_defaults && *help && *help != '\x01' && !strstr(help, "%(default)") &&
        (!pos || !strcmp(nargs, "?") || !strcmp(nargs, "*")))
        help = ar_printf(L->a, "%s (default: %%(default)s)", help);
    ArgDef *d = ar_alloc(L->a, sizeof *d);
    memset(d, 0, sizeof *d);
    d->dest = dest;
    d->type = type;
    d->list = list;
    d->rec = ar_printf(L->a, "%c\x1f%s\x1f%s\x1f%c\x1f%s\x1f%s\x1f%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%d",
                       pos ? 'p' : 'o', names.s, dest, type, action, nargs, has_default, dflt.s ? dflt.s : "",
                       choices.s ? choices.s : "", help, metavar, required);
    *ap->tail = d;
    ap->tail = &d->next;
    ap->n++;
    sb_free(&choices);
    sb_free(&dflt);
    sb_free(&names);
    return lw_pseudo(L, ty_none());
fail:
    sb_free(&choices);
    sb_free(&dflt);
    sb_free(&names);
    return NULL;
}

/* The parser's spec as a str constant */
static IrValue *spec_of(Lower *L, ArgParser *ap, Span sp)
{
    StrBuf sb = { 0 };
    sb_printf(&sb, "%s\x1f%s\x1f%s\x1f%d", ap->prog, ap->desc, ap->epilog, ap->add_help);
    for (ArgDef *d = ap->args; d; d = d->next) sb_printf(&sb, "\x1e%s", d->rec);
    IrValue *v = lw_const_str(L, sp, ar_strdup(L->a, sb.s));
    sb_free(&sb);
    return v;
}

/* parser.parse_args(args=None): a Namespace record of the arguments' values */
static IrValue *ap_parse(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    ArgParser *ap = parser_of(L, self);
    Args a;
    if (!lw_bind(call, "parse_args", "args", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *list = NULL;
    if (a.p[0] && a.p[0]->kind != AST_NONE) {
        if (!(list = lw_expr(L, a.p[0]))) return NULL;
        if (list->type->kind == TY_NONE)
            list = NULL; /* None (a parameter's default): sys.argv */
        else if (list->type->kind != TY_LIST || (list->type->elem && list->type->elem->kind != TY_STR)) {
            diag_error(a.p[0]->span, "parse_args() takes a list of str here, not %s", ty_str_of(list->type));
            return NULL;
        } else if (!list->type->elem)
            list = lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), 0, NULL);
    }
    bool given = list != NULL;
    if (!list) list = lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), 0, NULL);
    IrValue *h = lw_host_call(L, sp, IR_PYLIB, PY_ARGPARSE, ty_int(), 3,
                              (IrValue *[]){ spec_of(L, ap, sp), list, lw_const_bool(L, sp, given) });
    int n = ap->n;
    IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    Type **types = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
    const char **keys = ar_alloc(L->a, sizeof(char *) * (n ? n : 1));
    ArgDef *d = ap->args;
    for (int i = 0; i < n; i++, d = d->next) {
        Type *t = d->type == 'i'   ? ty_int()
                  : d->type == 'f' ? ty_float()
                  : d->type == 'b' ? ty_bool()
                                   : ty_str();
        IrPyCall c = d->type == 'i'   ? PY_ARGS_INT
                     : d->type == 'f' ? PY_ARGS_FLOAT
                     : d->type == 'b' ? PY_ARGS_BOOL
                                      : PY_ARGS_STR;
        if (d->list) t = ty_list(t), c = PY_ARGS_LIST;
        vals[i] = lw_host_call(L, sp, IR_PYLIB, c, t, 2, (IrValue *[]){ h, lw_cint(L, sp, i) });
        types[i] = t;
        keys[i] = d->dest;
    }
    Type *rt = ty_record(n, keys, types);
    rt->name = "argparse.Namespace";
    ir_need_tuple(L->m, rt);
    return lw_emit(L, IR_TUPLE, sp, rt, n, vals);
}

/* parser.format_help() / format_usage() (arg 1) → str; print_help() / print_usage() (arg 2, 3) */
static IrValue *ap_text(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    ArgParser *ap = parser_of(L, self);
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *s = lw_host_call(L, sp, IR_PYLIB, PY_ARGS_TEXT, ty_str(), 2,
                              (IrValue *[]){ spec_of(L, ap, sp), lw_cint(L, sp, f->arg & 1) });
    if (f->arg < 2) return s;
    IrInstr *in = ir_emit(L->m, L->blk, IR_PRINT, sp, NULL, 1, &s);
    in->sval = "";
    in->sval2 = "";
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- API table */

const ApiFn lw_argparse_api[] = {
    { "argparse", "ArgumentParser", ap_new, 0 }, { CLS, "add_argument", ap_add, 0 },
    { CLS, "parse_args", ap_parse, 0 },          { CLS, "format_help", ap_text, 0 },
    { CLS, "format_usage", ap_text, 1 },         { CLS, "print_help", ap_text, 2 },
    { CLS, "print_usage", ap_text, 3 },          { NULL, NULL, NULL, 0 },
};
