/*
 * lower/pycoll.c — collections.namedtuple: a class made at compile time, its instances
 * records (a tuple with keys, Type.name the class's name, as an argparse Namespace is one).
 *
 * `P = namedtuple('P', ['x', 'y'])` (field names a list or tuple of str literals, or one str
 * split at commas and blanks; defaults= a list or tuple for the rightmost fields) binds P to
 * the class: a pseudo builtin named "namedtuple P" whose self is a record template (its keys,
 * its name "namedtuple.P";
 * its def the defaults' AST).  P(1, y=2) binds the arguments as Python binds them and makes the
 * record; the instance is a tuple (indexing, unpacking, iteration, len, ==, isinstance(p,
 * tuple)) with attributes p.x, p._fields, p._replace(**kw), p._asdict(), and prints as
 * P(x=1, y=2).  Each distinct tuple of field types is a type of its own, as for any tuple.
 */
#include "compiler/lower/lower.h"

#include <ctype.h>
#include <string.h>

static const char CLASS_PREFIX[] = "namedtuple ";

bool lw_is_namedtuple(const Type *t)
{
    return t && t->kind == TY_TUPLE && t->keys && t->name && !strncmp(t->name, "namedtuple.", 11);
}

/* Whether s is a Python identifier (ASCII). */
static bool is_ident(const char *s)
{
    if (!*s || isdigit((unsigned char)*s)) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_') return false;
    return true;
}

/* Appends the field names that e (a str literal, or a list or tuple of them) gives to out;
 * false after a located error. */
static bool field_names(Lower *L, AstNode *e, Vec *out)
{
    if (e->kind == AST_STR) {
        char *s = ar_strndup(L->a, e->sval, e->slen);
        for (char *tok = strtok(s, ", \t\n"); tok; tok = strtok(NULL, ", \t\n")) vec_push(out, tok);
        return true;
    }
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        for (int i = 0; i < e->elts.n; i++) {
            AstNode *k = e->elts.v[i];
            if (k->kind != AST_STR) {
                diag_error(k->span, "namedtuple() takes field names as str literals here");
                return false;
            }
            vec_push(out, (void *)k->sval);
        }
        return true;
    }
    diag_error(e->span, "namedtuple() takes field names as a list or tuple of str literals, or one str "
                        "literal ('x y' or 'x, y'), here");
    return false;
}

/* collections.namedtuple(typename, field_names, *, rename=False, defaults=None, module=None) */
IrValue *lw_namedtuple_class(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "typename,field_names,rename,defaults,module", 2, &a)) return NULL;
    if (a.p[0]->kind != AST_STR || !is_ident(a.p[0]->sval)) {
        diag_error(a.p[0]->span, a.p[0]->kind != AST_STR
                                     ? "namedtuple() takes its type name as a str literal here"
                                     : "Type names and field names must be valid identifiers");
        return NULL;
    }
    if (a.p[2] || a.p[4]) {
        diag_error(a.p[a.p[2] ? 2 : 4]->span, "namedtuple() takes typename, field_names and defaults= here");
        return NULL;
    }
    Vec names = { 0 };
    if (!field_names(L, a.p[1], &names)) return NULL;
    for (int i = 0; i < names.n; i++) {
        const char *nm = names.v[i];
        const char *bad = !is_ident(nm)  ? "Type names and field names must be valid identifiers: '%s'"
                          : nm[0] == '_' ? "Field names cannot start with an underscore: '%s'"
                                         : NULL;
        for (int j = 0; !bad && j < i; j++)
            if (!strcmp(names.v[j], nm)) bad = "Encountered duplicate field name: '%s'";
        if (bad) {
            diag_error(a.p[1]->span, bad, nm);
            vec_free(&names);
            return NULL;
        }
    }
    AstNode *dflt = a.p[3] && a.p[3]->kind != AST_NONE ? a.p[3] : NULL;
    if (dflt && ((dflt->kind != AST_LIST && dflt->kind != AST_TUPLE) || dflt->elts.n > names.n)) {
        diag_error(dflt->span, dflt->kind != AST_LIST && dflt->kind != AST_TUPLE
                                   ? "namedtuple() takes defaults= as a list or tuple literal here"
                                   : "Got more default values than field names");
        vec_free(&names);
        return NULL;
    }
    int n = names.n;
    Type **none = ar_alloc(L->a, sizeof(Type *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) none[i] = ty_none();
    Type *tmpl = ty_record(n, (const char **)names.v, none);
    vec_free(&names);
    tmpl->name = ar_printf(L->a, "namedtuple.%s", a.p[0]->sval); /* printed as its last part */
    tmpl->def = dflt;
    return lw_pseudo(L, ty_builtin(ar_printf(L->a, "%s%s", CLASS_PREFIX, tmpl->name), tmpl));
}

/* The record of class template tmpl of the values vals (n of them). */
static IrValue *make(Lower *L, Span sp, const Type *tmpl, IrValue **vals)
{
    int n = tmpl->n;
    Type **types = ar_alloc(L->a, sizeof(Type *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) types[i] = vals[i]->type;
    Type *rt = ty_record(n, tmpl->keys, types);
    rt->name = tmpl->name;
    ir_need_tuple(L->m, rt);
    return lw_emit(L, IR_TUPLE, sp, rt, n, vals);
}

IrValue *lw_namedtuple_new(Lower *L, AstNode *call, const Type *cls)
{
    const Type *tmpl = cls->self;
    int n = tmpl->n, nd = tmpl->def ? tmpl->def->elts.n : 0;
    if (n > MAXP) {
        diag_error(call->span, "a namedtuple of more than %d fields is not supported", MAXP);
        return NULL;
    }
    StrBuf sig SB_SCOPED = { 0 };
    for (int i = 0; i < n; i++) sb_printf(&sig, "%s%s", i ? "," : "", tmpl->keys[i]);
    Args a;
    if (!lw_bind(call, strchr(tmpl->name, '.') + 1, sig.s ? sig.s : "", n - nd, &a)) return NULL;
    IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        AstNode *e = a.p[i] ? a.p[i] : tmpl->def->elts.v[i - (n - nd)];
        if (!(vals[i] = lw_expr(L, e))) return NULL;
    }
    sb_free(&sig);
    return make(L, call->span, tmpl, vals);
}

IrValue *lw_record_attr(Lower *L, IrValue *r, const char *name, Span sp)
{
    const Type *t = r->type;
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->keys[i], name)) return lw_tuple_get(L, r, i, sp);
    if (lw_is_namedtuple(t) && !strcmp(name, "_fields")) {
        IrValue **names = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(t->n ? t->n : 1));
        for (int i = 0; i < t->n; i++) names[i] = lw_const_str(L, sp, t->keys[i]);
        return lw_tuple(L, sp, t->n, names);
    }
    const char *dot = strrchr(t->name, '.');
    diag_error(sp, "'%s' object has no attribute '%s'", dot ? dot + 1 : t->name, name);
    return NULL;
}

IrValue *lw_record_str(Lower *L, IrValue *r, Span sp)
{
    const Type *t = r->type;
    const char *dot = strrchr(t->name, '.'), *cls = dot ? dot + 1 : t->name;
    int n = t->n;
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(2 * n + 2));
    int np = 0;
    for (int i = 0; i < n; i++) {
        parts[np++] =
            lw_const_str(L, sp, ar_printf(L->a, "%s%s=", i ? ", " : ar_printf(L->a, "%s(", cls), t->keys[i]));
        IrValue *v = lw_tuple_get(L, r, i, sp);
        if (!(parts[np++] = v->type->kind == TY_TUPLE && v->type->keys
                                ? lw_dict_str(L, v, sp)
                                : lw_format_part(L, v, "", 'r', sp, sp)))
            return NULL;
    }
    parts[np++] = lw_const_str(L, sp, n ? ")" : ar_printf(L->a, "%s()", cls));
    return lw_emit(L, IR_STR_CONCAT, sp, ty_str(), np, parts);
}

IrValue *lw_namedtuple_method(Lower *L, AstNode *call, IrValue *r, const char *m)
{
    const Type *t = r->type;
    Span sp = call->span;
    int n = t->n;
    IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) vals[i] = lw_tuple_get(L, r, i, sp);
    if (!strcmp(m, "_replace") && !call->elts.n) {
        for (int k = 0; k < call->params.n; k++) {
            AstNode *kw = call->params.v[k];
            int i = 0;
            while (i < n && (!kw->sval || strcmp(t->keys[i], kw->sval))) i++;
            if (i == n) {
                diag_error(kw->span, "Got unexpected field names: ['%s']", kw->sval ? kw->sval : "**");
                return NULL;
            }
            if (!(vals[i] = lw_expr(L, kw->rhs))) return NULL;
        }
        return make(L, sp, t, vals);
    }
    if (!strcmp(m, "_asdict") && !call->elts.n && !call->params.n) {
        Type **types = ar_alloc(L->a, sizeof(Type *) * (size_t)(n ? n : 1));
        for (int i = 0; i < n; i++) types[i] = vals[i]->type;
        Type *dt = ty_record(n, t->keys, types);
        ir_need_tuple(L->m, dt);
        return lw_emit(L, IR_TUPLE, sp, dt, n, vals);
    }
    diag_error(sp, "%s.%s() is not supported (a namedtuple has _replace(**fields) and _asdict())", t->name,
               m);
    return NULL;
}
