/*
 * lower/dict.c — dicts whose keys are constant strings: records.
 *
 * A dict literal with constant str keys (`{'DIM_X': 16, 'name': 'a'}`) is a record: a tuple
 * value whose type carries the keys (Type.keys, ty_record), a type per key.  Everything about
 * its keys is known at compile time: `d['k']`, `'k' in d`, `len(d)`, `d.get('k', dflt)` and
 * `d.keys()` are resolved then; `d['k'] = v` and `del d['k']` make a new record (a new key,
 * or a value of another type, makes it a new type: the name is rebound, lower/flow.c) and
 * assign it to the name (a record inside a dict, `d['a']['y'] = 3`, is stored back into it).  `d.values()`, `d.items()` and `for k in d` are lists in insertion
 * order (values of one type).  str(d) and print(d) write Python's `{'k': v, ...}`.
 * A literal with other keys, `{}`, and a record used with a key computed at run time are
 * run-time tables (lower/table.c, whose comment states the rule).  Not compiled: `**d`.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* The record of keys[0..n) and values vs[0..n): an IR_TUPLE of a record type. */
IrValue *lw_record(Lower *L, Span sp, int n, const char **keys, IrValue **vs)
{
    Type **ts = ar_alloc(L->a, sizeof(Type *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (!lw_is_runtime_type(vs[i]->type) || vs[i]->type->kind == TY_NONE) {
            diag_error(sp, "a dict value cannot be %s here", ty_str_of(vs[i]->type));
            return NULL;
        }
        ts[i] = vs[i]->type;
    }
    Type *t = ty_record(n, keys, ts);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, n, vs);
}

/* The constant str key k, or NULL. */
static const char *const_str(const IrValue *k) { return k->def && k->def->op == IR_CONST_STR ? k->def->sval : NULL; }

/* The constant str key of e, or NULL after a located error. */
static const char *const_key(Lower *L, AstNode *e)
{
    IrValue *k = lw_expr(L, e);
    if (!k) return NULL;
    if (const_str(k)) return const_str(k);
    diag_error(e->span, "a dict with constant str keys (a record) takes constant str keys here, not %s",
               k->type->kind == TY_STR ? "a str computed at run time" : ty_str_of(k->type));
    return NULL;
}

/* The position of key in record type t, or -1. */
static int key_index(const Type *t, const char *key)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->keys[i], key)) return i;
    return -1;
}

IrValue *lw_dict_literal(Lower *L, AstNode *e)
{
    int n = e->elts.n;
    const char **keys = ar_alloc(L->a, sizeof(char *) * (size_t)(n ? n : 1));
    IrValue **ks = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n ? n : 1));
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n ? n : 1));
    bool record = n > 0;
    for (int i = 0; i < n; i++) { /* Python's order: key, value, key, value ... */
        if (!(ks[i] = lw_expr(L, e->elts.v[i])) || !(vs[i] = lw_expr(L, e->params.v[i]))) return NULL;
        if (vs[i]->type->kind == TY_FUNC && /* a function value (lower/closure.c) */
            !(vs[i] = lw_func_value(L, vs[i], ((AstNode *)e->params.v[i])->span, ESC_STORE)))
            return NULL;
        lw_note_escape(L, vs[i]->type);
        record = record && const_str(ks[i]);
    }
    if (!record) return lw_table_literal(L, e->span, n, ks, vs);
    int m = 0;
    for (int i = 0; i < n; i++) {
        const char *k = const_str(ks[i]);
        IrValue *v = vs[i];
        int j = 0;
        while (j < m && strcmp(keys[j], k)) j++;
        keys[j] = k; /* a repeated key keeps its first place and takes the last value, as Python */
        vs[j] = v;
        if (j == m) m++;
    }
    return lw_record(L, e->span, m, keys, vs);
}

IrValue *lw_dict_get(Lower *L, IrValue *d, AstNode *key, Span sp)
{
    IrValue *kv = lw_expr(L, key);
    if (!kv) return NULL;
    const char *k = const_str(kv);
    if (!k) {
        IrValue *t = lw_record_as_table(L, d, sp);
        return t ? lw_table_get(L, t, kv, sp) : NULL;
    }
    int i = key_index(d->type, k);
    if (i < 0) {
        diag_error(key->span, "KeyError: '%s' (the dict has no such key here)", k);
        return NULL;
    }
    return lw_tuple_get(L, d, i, sp);
}

/* d with key set to v (added at the end when new) or, v NULL, removed; NULL after an error. */
static IrValue *record_with(Lower *L, IrValue *d, const char *key, IrValue *v, Span sp)
{
    int n = d->type->n, i = key_index(d->type, key);
    if (!v && i < 0) {
        diag_error(sp, "KeyError: '%s' (the dict has no such key here)", key);
        return NULL;
    }
    const char **keys = ar_alloc(L->a, sizeof(char *) * (size_t)(n + 1));
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n + 1));
    int m = 0;
    for (int j = 0; j < n; j++) {
        if (j == i && !v) continue;
        keys[m] = d->type->keys[j];
        vs[m++] = j == i ? v : lw_tuple_get(L, d, j, sp);
    }
    if (i < 0) {
        keys[m] = key;
        vs[m++] = v;
    }
    if (m == 0) {
        diag_error(sp, "removing the last key of a dict is not supported (an empty dict has no type here)");
        return NULL;
    }
    return lw_record(L, sp, m, keys, vs);
}

/* Does n's subtree call anything? */
static bool has_call(const AstNode *n)
{
    if (!n) return false;
    if (n->kind == AST_CALL) return true;
    const AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if (has_call(kids[i])) return true;
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++)
            if (has_call(lists[i]->v[j])) return true;
    return false;
}

/* Is e a name, or a subscript of one with keys that call nothing (`d['a']`, `d[k][i]`): an
 * expression that lowering may read again, to store the record made from its value back? */
static bool rereadable(const AstNode *e)
{
    if (e->kind == AST_NAME) return true;
    return e->kind == AST_SUBSCRIPT && rereadable(e->lhs) && !has_call(e->rhs);
}

bool lw_dict_set(Lower *L, AstNode *target, IrValue *d, IrValue *v, Span sp)
{
    if (v->type->kind == TY_FUNC && !(v = lw_func_value(L, v, sp, ESC_STORE))) return false;
    lw_note_escape(L, v->type);
    if (!rereadable(target->lhs)) { /* d['a']['y'] = 3 stores d['a'] with 'y' back into d */
        diag_error(target->span, "d[k] = v takes a dict that is a name (or an item of one, d['a'][k]) here");
        return false;
    }
    IrValue *kv = lw_expr(L, target->rhs);
    if (!kv) return false;
    const char *k = const_str(kv);
    if (!k) { /* the record becomes a table (its values must have v's type) */
        IrValue *t = lw_record_as_table(L, d, sp);
        return t && lw_table_set(L, t, kv, v, sp) && lw_assign(L, target->lhs, t, sp);
    }
    IrValue *r = record_with(L, d, k, v, sp);
    return r && lw_assign(L, target->lhs, r, sp);
}

bool lw_dict_del(Lower *L, AstNode *target)
{
    IrValue *d = target->lhs->kind == AST_NAME ? lw_expr(L, target->lhs) : NULL;
    if (!d || d->type->kind != TY_TUPLE || !d->type->keys) {
        if (!d || target->lhs->kind == AST_NAME)
            diag_error(target->span,
                       "del d[k] takes a dict that is a name here (a record: d['a'] of a name d)");
        return false;
    }
    const char *k = const_key(L, target->rhs);
    IrValue *r = k ? record_with(L, d, k, NULL, target->span) : NULL;
    return r && lw_assign(L, target->lhs, r, target->span);
}

IrValue *lw_dict_in(Lower *L, IrValue *kv, IrValue *d, bool negate, Span sp)
{
    if (!const_str(kv)) {
        if (kv->type->kind != TY_STR) return lw_const_bool(L, sp, negate); /* a record's keys are str */
        IrValue *t = lw_record_as_table(L, d, sp);
        return t ? lw_table_in(L, kv, t, negate, sp) : NULL;
    }
    return lw_const_bool(L, sp, (key_index(d->type, kv->def->sval) >= 0) != negate);
}

/* The record's keys as a list of str. */
static IrValue *keys_list(Lower *L, IrValue *d, Span sp)
{
    int n = d->type->n;
    IrValue **ks = ar_alloc(L->a, sizeof(IrValue *) * (size_t)n);
    for (int i = 0; i < n; i++) ks[i] = lw_const_str(L, sp, d->type->keys[i]);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), n, ks);
}

/* The record's values (items: (key, value) tuples) as a list: one type for all. */
static IrValue *values_list(Lower *L, IrValue *d, bool items, Span sp)
{
    int n = d->type->n;
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!ty_equal(d->type->elems[i], d->type->elems[0])) {
            diag_error(sp, "d.%s() of a dict whose values have different types (%s): a list holds one type; "
                           "read the keys one by one",
                       items ? "items" : "values", ty_str_of(d->type));
            return NULL;
        }
        vs[i] = lw_tuple_get(L, d, i, sp);
        if (items) vs[i] = lw_tuple(L, sp, 2, (IrValue *[]){lw_const_str(L, sp, d->type->keys[i]), vs[i]});
    }
    Type *et = vs[0]->type;
    if (et->kind == TY_TUPLE) ir_need_tuple(L->m, et);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(et), n, vs);
}

IrValue *lw_dict_iter(Lower *L, IrValue *d, Span sp) { return keys_list(L, d, sp); }

/* d.update(other, k=v, ...) of a record d named by a name (or an item of one): the record
 * with other's keys (a record), then the keywords, set in that order (new keys at the end),
 * bound to d as d[k] = v binds it. */
static IrValue *record_update(Lower *L, AstNode *call, IrValue *d)
{
    Span sp = call->span;
    AstNode *dn = call->lhs->lhs;
    if (!rereadable(dn)) {
        diag_error(sp, "d.update() takes a dict that is a name (or an item of one) here");
        return NULL;
    }
    if (call->elts.n > 1) {
        diag_error(sp, "update expected at most 1 argument, got %d", call->elts.n);
        return NULL;
    }
    IrValue *r = d;
    if (call->elts.n) {
        AstNode *a = call->elts.v[0];
        IrValue *o = lw_expr(L, a);
        if (!o) return NULL;
        if (!lw_is_dict_record(o->type)) {
            diag_error(a->span,
                       "update() of a dict with constant str keys takes another such dict or keywords here, not %s "
                       "(write d = dict(d) before it for a run-time dict)",
                       ty_str_of(o->type));
            return NULL;
        }
        for (int i = 0; i < o->type->n && r; i++)
            r = record_with(L, r, o->type->keys[i], lw_tuple_get(L, o, i, a->span), sp);
    }
    for (int i = 0; i < call->params.n && r; i++) {
        AstNode *kw = call->params.v[i];
        if (kw->kind != AST_KEYWORD) {
            diag_error(kw->span, "update(**d) is not supported here: pass the dict itself");
            return NULL;
        }
        IrValue *v = lw_expr(L, kw->rhs);
        r = v ? record_with(L, r, kw->sval, v, sp) : NULL;
    }
    return r && lw_assign(L, dn, r, sp) ? lw_pseudo(L, ty_none()) : NULL;
}

IrValue *lw_dict_method(Lower *L, AstNode *call, IrValue *d, const char *m)
{
    Span sp = call->span;
    int nargs = call->elts.n;
    if (!strcmp(m, "update")) return record_update(L, call, d);
    if (call->params.n) {
        diag_error(sp, "dict.%s() takes no keyword arguments", m);
        return NULL;
    }
    if (!strcmp(m, "get")) {
        if (nargs < 1 || nargs > 2) {
            diag_error(sp, "get expected 1 or 2 arguments, got %d", nargs);
            return NULL;
        }
        IrValue *kv = lw_expr(L, call->elts.v[0]);
        if (!kv) return NULL;
        const char *k = const_str(kv);
        if (!k) { /* a key computed at run time: the record as a table */
            IrValue *t = lw_record_as_table(L, d, sp);
            return t ? lw_table_method(L, call, t, m) : NULL;
        }
        int i = key_index(d->type, k);
        if (i >= 0) return lw_tuple_get(L, d, i, sp);
        return nargs == 2 ? lw_expr(L, call->elts.v[1]) : lw_const_none(L, sp);
    }
    if (strcmp(m, "keys") && strcmp(m, "values") && strcmp(m, "items") && strcmp(m, "copy")) {
        diag_error(sp, "dict.%s() of a dict with constant str keys (a record: a type per key) is not supported: "
                       "write d = dict(d) before it for a run-time dict (values of one type)",
                   m);
        return NULL;
    }
    if (nargs) {
        diag_error(sp, "dict.%s() takes no arguments here", m);
        return NULL;
    }
    if (!strcmp(m, "keys")) return keys_list(L, d, sp);
    if (!strcmp(m, "values") || !strcmp(m, "items")) return values_list(L, d, m[0] == 'i', sp);
    return d; /* copy */
}

IrValue *lw_dict_str(Lower *L, IrValue *d, Span sp)
{
    if (lw_is_typeinfo(d->type)) return lw_typeinfo_str(L, d, false, sp);
    if (d->type->name && (!strcmp(d->type->name, "argparse.Namespace") || lw_is_namedtuple(d->type)))
        return lw_record_str(L, d, sp); /* Namespace(n=5), P(x=1, y=2) */
    if (d->type->name)
        return lw_const_str(L, sp, ar_printf(L->a, "<%s object>", d->type->name)); /* np.broadcast */
    int n = d->type->n;
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(4 * n + 1));
    int np = 0;
    for (int i = 0; i < n; i++) {
        /* the key as Python's repr quotes and escapes it ("it's", 'tab\t') */
        parts[np++] = lw_const_str(L, sp, i ? ", " : "{");
        parts[np++] = lw_format_part(L, lw_const_str(L, sp, d->type->keys[i]), "", 'r', sp, sp);
        parts[np++] = lw_const_str(L, sp, ": ");
        IrValue *v = lw_tuple_get(L, d, i, sp);
        if (v->type->kind == TY_TUPLE && v->type->keys) v = lw_dict_str(L, v, sp);
        else v = lw_format_part(L, v, "", 'r', sp, sp);
        if (!v) return NULL;
        parts[np++] = v;
    }
    parts[np++] = lw_const_str(L, sp, n ? "}" : "{}");
    return lw_emit(L, IR_STR_CONCAT, sp, ty_str(), np, parts);
}
