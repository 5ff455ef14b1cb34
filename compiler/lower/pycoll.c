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
 *
 * collections.deque: a run-time list (runtime/list.c's rt_deque_*) whose type names it
 * (ty_deque), its maxlen a constant of the type.  Index, len, `in`, iteration and truth are
 * a list's; append/appendleft/pop/popleft/extend/extendleft/rotate/clear/copy are IR_DICT's
 * DK_DQ_* operations; a push past maxlen drops the element at the other end, as Python's.
 */
#include "compiler/lower/lower.h"

#include <ctype.h>
#include <string.h>

static const char CLASS_PREFIX[] = "namedtuple ";

bool lw_is_namedtuple(const Type *t)
{
    return t && t->kind == TY_TUPLE && t->keys && t->name && !strncmp(t->name, "namedtuple.", 11);
}

bool lw_is_dict_record(const Type *t) { return t && t->keys && !lw_is_namedtuple(t); }

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
    if (!field_names(L, a.p[1], &names)) {
        vec_free(&names); /* the names before the one that is not a str */
        return NULL;
    }
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

/* ---------------------------------------------------------------- collections.deque */

/* The elements of iterable e as a list: a list value itself, else list(e) (lower/comp.c). */
static IrValue *as_list(Lower *L, AstNode *call, AstNode *e)
{
    IrValue *v = e->kind == AST_NAME ? lw_expr(L, e) : NULL;
    if (v && v->type->kind == TY_LIST) return v;
    if (e->kind == AST_NAME && !v) return NULL;
    AstNode c = *call;
    c.elts = lw_ast_vec(L, 1, &e);
    c.params = lw_ast_vec(L, 0, NULL);
    return lw_list_of(L, &c);
}

/* Fixes q's unknown element type to et, or checks that et is it; false after a located error. */
static bool deque_elems(const IrValue *q, Type *et, Span sp)
{
    if (!et) return true;
    if (!lw_not_self_holding(q->type, et, sp)) return false;
    if (!q->type->elem && et->kind != TY_NONE && lw_is_runtime_type(et)) q->type->elem = et;
    if (q->type->elem && ty_equal(q->type->elem, et)) return true;
    diag_error(sp, "a deque holds one type here: %s into %s", ty_str_of(et), ty_str_of(q->type));
    return false;
}

/* collections.deque([iterable[, maxlen]]) with maxlen a constant int or None. */
IrValue *lw_deque_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    Span sp = call->span;
    AstNode *it = call->elts.n ? call->elts.v[0] : NULL, *ml = call->elts.n > 1 ? call->elts.v[1] : NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "iterable") && !it)
            it = kw->rhs;
        else if (!strcmp(kw->sval, "maxlen") && !ml)
            ml = kw->rhs;
        else {
            diag_error(kw->span, "deque() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    if (call->elts.n > 2) {
        diag_error(sp, "deque() takes at most 2 arguments (%d given)", call->elts.n);
        return NULL;
    }
    int64_t maxlen = -1;
    IrValue *mv = ml ? lw_expr(L, ml) : NULL;
    if (ml && !mv) return NULL;
    if (mv && !lw_is_none(mv) && (!lw_is_const_int(mv, &maxlen) || maxlen < 0 || maxlen > INT32_MAX)) {
        diag_error(ml->span, "deque's maxlen is a non-negative int constant or None here");
        return NULL;
    }
    IrValue *l = it ? as_list(L, call, it) : NULL;
    if (it && !l) return NULL;
    Type *t = ty_deque(l ? l->type->elem : NULL, (int)maxlen);
    return lw_dk(L, DK_DQ_NEW, sp, t, l ? 1 : 0, &l);
}

/* q.append(x), appendleft, pop, popleft, extend, extendleft, rotate([n]), clear, copy. */
IrValue *lw_deque_method(Lower *L, AstNode *call, IrValue *q, const char *m)
{
    static const char *const names[] = { "append",  "appendleft", "extend", "extendleft", "pop",
                                         "popleft", "rotate",     "clear",  "copy",       NULL };
    static const IrDictOp ops[] = { DK_DQ_APPEND,     DK_DQ_APPENDLEFT, DK_DQ_EXTEND,
                                    DK_DQ_EXTENDLEFT, DK_DQ_POP,        DK_DQ_POPLEFT,
                                    DK_DQ_ROTATE,     DK_DQ_CLEAR,      DK_DQ_NEW };
    Span sp = call->span;
    int i = 0;
    while (names[i] && strcmp(names[i], m)) i++;
    if (!names[i]) return lw_seq_method(L, call, q, m); /* insert, remove, index, count, reverse */
    int nargs = i < 4 ? 1 : i == 6 ? call->elts.n : 0;
    if (call->params.n || call->elts.n != nargs || nargs > 1) {
        diag_error(sp, "deque.%s() takes %s", m,
                   i < 4    ? "one argument"
                   : i == 6 ? "at most one argument (n)"
                            : "no arguments");
        return NULL;
    }
    IrValue *args[2] = { q, NULL };
    if (i < 2) { /* append, appendleft: an int into a float deque is converted, as a list's append */
        IrValue *v = lw_expr(L, call->elts.v[0]);
        if (!v) return NULL;
        if (q->type->elem && q->type->elem->kind == TY_FLOAT &&
            (v->type->kind == TY_INT || v->type->kind == TY_BOOL))
            v = lw_to_scalar(L, v, TY_FLOAT, sp);
        if (v->type->kind == TY_TUPLE) ir_need_tuple(L->m, v->type);
        if (v->type->kind == TY_FUNC && !(v = lw_func_value(L, v, sp, ESC_STORE))) return NULL; /* lower/closure.c */
        lw_note_escape(L, v->type);
        if (!deque_elems(q, v->type, sp)) return NULL;
        args[1] = v;
    } else if (i < 4) {
        IrValue *l = as_list(L, call, call->elts.v[0]);
        if (!l || !deque_elems(q, l->type->elem, sp)) return NULL;
        args[1] = l;
    } else if (i == 6) {
        args[1] = nargs ? lw_int_arg(L, call->elts.v[0]) : lw_const_int(L, sp, 1);
        if (!args[1]) return NULL;
    }
    if (i == 4 || i == 5) {
        if (!q->type->elem) {
            diag_error(sp, "pop from a deque whose elements have no type yet (it is always empty here)");
            return NULL;
        }
        return lw_dk(L, ops[i], sp, q->type->elem, 1, args);
    }
    if (i == 8) return lw_dk(L, DK_DQ_NEW, sp, ty_deque(q->type->elem, q->type->n), 1, args);
    lw_dk(L, ops[i], sp, NULL, args[1] ? 2 : 1, args);
    return lw_pseudo(L, ty_none());
}
