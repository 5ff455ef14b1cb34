/*
 * lower/table.c — dicts and sets keyed at run time: hash tables of runtime/dict.c (IR_DICT).
 *
 * Which dict a literal makes (the rule docs/language.md states): a literal whose keys are all
 * constant strings is a record (lower/dict.c: a type per key, resolved at compile time, fused
 * like plain variables); any other literal, `{}`, `dict(...)` and a dict comprehension is a
 * table: keys of one type (bool, int, float, str, or tuples of them), values of one type
 * (numbers, str, lists, arrays, dicts, sets, tuples of those).  A record used with a key computed at run
 * time (`cfg[name]`, `cfg[name] = v`, `name in cfg`) becomes a table of its entries in order at
 * that point, when its values have one type.  Sets hold what dict keys are.
 *
 * Types: an empty `{}` or `set()` has unknown key and value types (Type.key, Type.elem NULL),
 * fixed by the first store, as an empty list's element type is by its first append.  A store
 * of another type is a located error that names both types.  A lookup converts an int (or
 * bool) key to a float dict's key type, as Python's 1 == 1.0 finds it.
 *
 * Iteration (for, list(), sorted(), comprehensions) goes over a list of the keys made when
 * the loop starts: Python's "dictionary changed size during iteration" is not raised.
 *
 * collections.defaultdict(int|float|str|list) and collections.Counter are tables whose type
 * has a name (Type.name: the factory, or "Counter"): `d[k]` of a missing key stores and gives
 * the factory's value (0, 0.0, '', a new list) in a defaultdict, gives 0 without storing it in
 * a Counter; Counter(iterable) counts (`c[x] += 1` in a loop), most_common([n]) and printing
 * follow the counts, descending, ties in insertion order (runtime/dict.c rt_dict_by_count).
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* An IR_DICT instruction doing op on args[0..n), result of type t (NULL: none). */
IrValue *lw_dk(Lower *L, IrDictOp op, Span sp, Type *t, int n, IrValue **args)
{
    IrValue *r;
    if (t) {
        r = lw_emit(L, IR_DICT, sp, t, n, args);
        r->def->ival = op;
        return r;
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_DICT, sp, NULL, n, args);
    in->ival = op;
    return lw_pseudo(L, ty_none());
}

/* Can t be a key: bool, int, float, str, a frozenset of known elements, or a tuple of those? */
static bool hashable(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL:
    case TY_INT:
    case TY_FLOAT:
    case TY_STR: return true;
    case TY_SET: return t->name && t->elem && hashable(t->elem);
    case TY_TUPLE:
        if (t->keys) return false;
        for (int i = 0; i < t->n; i++)
            if (!hashable(t->elems[i])) return false;
        return true;
    default: return false;
    }
}

/* Can t be a dict's value: numbers, str, lists, arrays, dicts, sets, tuples of those. */
static bool storable(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL:
    case TY_INT:
    case TY_FLOAT:
    case TY_COMPLEX:
    case TY_STR:
    case TY_ARRAY: return true;
    case TY_LIST:
    case TY_SET: return !t->elem || storable(t->elem); /* `[]`: fixed by its first append */
    case TY_DICT: return !t->elem || storable(t->elem);
    case TY_TUPLE:
        for (int i = 0; i < t->n; i++)
            if (!storable(t->elems[i])) return false;
        return true;
    case TY_FUNC: /* a function value: its environment's run-time values */
        if (!ty_is_fvalue(t)) return false;
        for (int i = 0; i < t->n; i++)
            if (lw_is_runtime_type(t->elems[i]) && !storable(t->elems[i])) return false;
        return true;
    default: return false;
    }
}

static bool check_key(const Type *t, Span sp, const char *what)
{
    if (hashable(t)) return true;
    diag_error(sp,
               "unhashable type: %s cannot be a %s key (gpyc's %ss take bool, int, float, str, frozensets or "
               "tuples of "
               "them)",
               ty_str_of(t), what, what);
    return false;
}

/* Fixes the unknown key type of table t from the first key k used with it (a store or a
 * lookup: `count.get(w, 0)` in a loop reads before the first store); false after an error. */
static bool fix_key(Lower *L, Type *t, IrValue *k, Span sp)
{
    const char *what = t->kind == TY_SET ? "set" : "dict";
    Type **slot = t->kind == TY_SET ? &t->elem : &t->key;
    if (*slot) return true;
    if (!check_key(k->type, sp, what)) return false;
    *slot = k->type;
    ir_need_tuple(L->m, k->type);
    return true;
}

/* Fixes the unknown value type of dict t from v (a stored value or a default). */
static bool fix_value(Lower *L, Type *t, IrValue *v, Span sp)
{
    if (!lw_not_self_holding(t, v->type, sp)) return false;
    lw_note_escape(L, v->type);
    if (t->elem) return true;
    if (!storable(v->type)) {
        diag_error(sp,
                   "a dict value cannot be %s (dict values are numbers, str, lists, arrays, dicts, sets or "
                   "tuples of them)",
                   ty_str_of(v->type));
        return false;
    }
    t->elem = v->type;
    ir_need_tuple(L->m, v->type);
    return true;
}

/* The value type of dict d, or NULL after an error (never stored to yet: L->untyped notes
 * it, so that a function body that stores to it later is lowered again, lower.c lower_body). */
static Type *value_type(Lower *L, Type *d, Span sp)
{
    if (!d->elem) {
        vec_push(&L->untyped, d);
        diag_error(sp, "the values of this dict have no type yet (it is always empty here)");
    }
    return d->elem;
}

/* Key k converted for a lookup in table t (int → float), or NULL after an error (store: the
 * key must have the table's key type exactly). */
static IrValue *key_for(Lower *L, const Type *t, IrValue *k, bool store, Span sp)
{
    const Type *kt = t->kind == TY_SET ? t->elem : t->key;
    if (!kt || ty_equal(kt, k->type)) return k;
    bool numeric = (kt->kind == TY_FLOAT && (k->type->kind == TY_INT || k->type->kind == TY_BOOL)) ||
                   (kt->kind == TY_INT && k->type->kind == TY_BOOL);
    if (!store && numeric) return lw_to_scalar(L, k, kt->kind, sp);
    diag_error(sp, "%s keys must have one type: %s key in %s (convert it, e.g. %s(k))",
               t->kind == TY_SET ? "set" : "dict", ty_str_of(k->type), ty_str_of(t),
               kt->kind == TY_STR     ? "str"
               : kt->kind == TY_FLOAT ? "float"
               : kt->kind == TY_INT   ? "int"
                                      : "tuple");
    return NULL;
}

static bool check_value(const Type *t, IrValue *v, Span sp)
{
    if (t->elem && ty_equal(t->elem, v->type)) return true;
    diag_error(sp, "dict values must have one type: storing %s in %s", ty_str_of(v->type), ty_str_of(t));
    return false;
}

/* ---------------------------------------------------------------- dicts */

IrValue *lw_table_literal(Lower *L, Span sp, int n, IrValue **ks, IrValue **vs)
{
    Type *t = ty_dict(NULL, NULL);
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(2 * n + 1));
    bool funcs = n > 0;
    for (int i = 0; i < n; i++) funcs &= ty_is_fvalue(vs[i]->type);
    if (funcs && !lw_func_values_join(L, n, vs, sp)) return NULL; /* {1: f, 2: g}: a variant (lower/closure.c) */
    for (int i = 0; i < n; i++) {
        if (!fix_key(L, t, ks[i], sp) || !fix_value(L, t, vs[i], sp)) return NULL;
        if (!(args[2 * i] = key_for(L, t, ks[i], true, sp)) || !check_value(t, vs[i], sp)) return NULL;
        args[2 * i + 1] = vs[i];
    }
    return lw_dk(L, DK_NEW, sp, t, 2 * n, args);
}

/* The value a missing key gives in a defaultdict or Counter d (a new list for a list factory). */
static IrValue *missing_value(Lower *L, const Type *d, Span sp)
{
    const char *f = d->name;
    if (!strcmp(f, "int") || !strcmp(f, "Counter")) return lw_const_int(L, sp, 0);
    if (!strcmp(f, "float")) return lw_const_float(L, sp, 0.0);
    if (!strcmp(f, "str")) return lw_const_str(L, sp, "");
    return lw_emit(L, IR_LIST_NEW, sp, d->elem, 0, NULL); /* the dict's own list type: fixed by an append */
}

IrValue *lw_table_get(Lower *L, IrValue *d, IrValue *k, Span sp)
{
    if (!fix_key(L, d->type, k, sp) || !(k = key_for(L, d->type, k, false, sp))) return NULL;
    Type *vt = value_type(L, d->type, sp);
    if (!vt) return NULL;
    if (d->type->name) {
        IrDictOp op = strcmp(d->type->name, "Counter") ? DK_SETDEFAULT : DK_GET_OR;
        return lw_dk(L, op, sp, vt, 3, (IrValue *[]){ d, k, missing_value(L, d->type, sp) });
    }
    return lw_dk(L, DK_GET, sp, vt, 2, (IrValue *[]){ d, k });
}

bool lw_table_set(Lower *L, IrValue *d, IrValue *k, IrValue *v, Span sp)
{
    if (v->type->kind == TY_FUNC && !(v = lw_func_value(L, v, sp, ESC_STORE))) return false; /* lower/closure.c */
    if (d->type->elem && d->type->elem->kind == TY_DICT && v->type->kind == TY_TUPLE && v->type->keys &&
        !(v = lw_record_as_table(L, v,
                                 sp))) /* a dict literal with str keys, stored as a dict of dicts' value */
        return false;
    if (!fix_key(L, d->type, k, sp) || !fix_value(L, d->type, v, sp) ||
        !(k = key_for(L, d->type, k, true, sp)) || !check_value(d->type, v, sp))
        return false;
    lw_dk(L, DK_SET, sp, NULL, 3, (IrValue *[]){ d, k, v });
    return true;
}

bool lw_table_del(Lower *L, IrValue *d, IrValue *k, Span sp)
{
    if (!fix_key(L, d->type, k, sp) || !(k = key_for(L, d->type, k, false, sp))) return false;
    lw_dk(L, DK_DEL, sp, NULL, 2, (IrValue *[]){ d, k });
    return true;
}

IrValue *lw_table_in(Lower *L, IrValue *k, IrValue *d, bool negate, Span sp)
{
    if (!fix_key(L, d->type, k, sp) || !(k = key_for(L, d->type, k, false, sp))) return NULL;
    IrValue *r =
        lw_dk(L, d->type->kind == TY_SET ? DK_SET_HAS : DK_HAS, sp, ty_bool(), 2, (IrValue *[]){ d, k });
    return negate ? lw_emit1(L, IR_LOGICAL_NOT, sp, ty_bool(), r) : r;
}

IrValue *lw_table_len(Lower *L, IrValue *d, Span sp) { return lw_dk(L, DK_LEN, sp, ty_int(), 1, &d); }

/* The keys (dict) or elements (set) of d as a new list, in iteration order. */
IrValue *lw_table_list(Lower *L, IrValue *d, Span sp)
{
    bool set = d->type->kind == TY_SET;
    return lw_dk(L, set ? DK_SET_LIST : DK_KEYS, sp, ty_list(set ? d->type->elem : d->type->key), 1, &d);
}

IrValue *lw_items_keys(Lower *L, IrValue *items, Span sp)
{
    const IrInstr *in = items->def;
    if (!in || in->op != IR_DICT || in->ival != DK_ITEMS) return NULL;
    IrValue *d = in->args[0];
    const Type *kt = d->type->key;
    if (!kt || !(ty_is_scalar(kt) || kt->kind == TY_STR || kt->kind == TY_TUPLE)) return NULL;
    return lw_dk(L, DK_KEYS, sp, ty_list(d->type->key), 1, &d);
}

/* The record d as a table (its values must have one type), or NULL after an error. */
IrValue *lw_record_as_table(Lower *L, IrValue *d, Span sp)
{
    int n = d->type->n;
    IrValue **ks = ar_alloc(L->a, sizeof(IrValue *) * (size_t)n),
            **vs = ar_alloc(L->a, sizeof(IrValue *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!ty_equal(d->type->elems[i], d->type->elems[0]) &&
            !(ty_is_fvalue(d->type->elems[i]) && ty_is_fvalue(d->type->elems[0]))) { /* functions: a variant */
            diag_error(sp,
                       "a key computed at run time needs a dict whose values have one type, not %s (gpyc "
                       "keeps a dict with constant str keys as a record, a type per key)",
                       ty_str_of(d->type));
            return NULL;
        }
        ks[i] = lw_const_str(L, sp, d->type->keys[i]);
        vs[i] = lw_tuple_get(L, d, i, sp);
    }
    return lw_table_literal(L, sp, n, ks, vs);
}

/* d.get(k[, dflt]), d.setdefault(k, dflt), d.pop(k[, dflt]) */
static IrValue *keyed_method(Lower *L, AstNode *call, IrValue *d, const char *m)
{
    Span sp = call->span;
    int nargs = call->elts.n;
    bool pop = !strcmp(m, "pop"), get = !strcmp(m, "get");
    if (nargs < 1 + !(pop || get) || nargs > 2) {
        diag_error(sp, "dict.%s() takes %s arguments, got %d", m, get || pop ? "1 or 2" : "2", nargs);
        return NULL;
    }
    IrValue *k = lw_expr(L, call->elts.v[0]);
    IrValue *v = k && nargs == 2 ? lw_expr(L, call->elts.v[1]) : NULL;
    if (!k || (nargs == 2 && !v)) return NULL;
    if (!fix_key(L, d->type, k, sp) || (v && !fix_value(L, d->type, v, sp)) || !value_type(L, d->type, sp) ||
        !(k = key_for(L, d->type, k, false, sp)))
        return NULL;
    if (get && !v) {
        diag_error(sp,
                   "d.get(k) without a default may give None, which gpyc cannot mix with %s values: write "
                   "d.get(k, default)",
                   ty_str_of(d->type->elem));
        return NULL;
    }
    if (v && !check_value(d->type, v, sp)) return NULL;
    IrValue *args[3] = { d, k, v };
    IrDictOp op = get ? DK_GET_OR : pop ? DK_POP : DK_SETDEFAULT;
    return lw_dk(L, op, sp, d->type->elem, v ? 3 : 2, args);
}

IrValue *lw_table_method(Lower *L, AstNode *call, IrValue *d, const char *m)
{
    Span sp = call->span;
    if (call->params.n) {
        diag_error(sp, "dict.%s() takes no keyword arguments", m);
        return NULL;
    }
    if (!strcmp(m, "get") || !strcmp(m, "setdefault") || !strcmp(m, "pop"))
        return keyed_method(L, call, d, m);
    bool counter = d->type->name && !strcmp(d->type->name, "Counter");
    if (counter && !strcmp(m, "most_common")) {
        if (call->elts.n > 1) {
            diag_error(sp, "most_common() takes at most one argument");
            return NULL;
        }
        IrValue *n = call->elts.n ? lw_int_arg(L, call->elts.v[0]) : NULL;
        if (call->elts.n && !n) return NULL;
        Type *it = ty_tuple(2, (Type *[]){ d->type->key ? d->type->key : ty_int(), ty_int() });
        ir_need_tuple(L->m, it);
        return lw_dk(L, DK_MOST_COMMON, sp, ty_list(it), n ? 2 : 1, (IrValue *[]){ d, n });
    }
    if (!strcmp(m, "update") && !counter) {
        IrValue *o = lw_one_arg(L, call, "update");
        if (!o) return NULL;
        if (o->type->kind == TY_TUPLE && o->type->keys && !(o = lw_record_as_table(L, o, sp))) return NULL;
        if (o->type->kind != TY_DICT || !lw_unify(d->type, o->type)) {
            diag_error(sp, "d.update() takes a dict of the same key and value types here, got %s for %s",
                       ty_str_of(o->type), ty_str_of(d->type));
            return NULL;
        }
        if (o->type->key) lw_dk(L, DK_UPDATE, sp, NULL, 2, (IrValue *[]){ d, o });
        return lw_pseudo(L, ty_none());
    }
    if (call->elts.n) {
        diag_error(sp, "dict.%s() takes no arguments here", m);
        return NULL;
    }
    if (!strcmp(m, "copy")) {
        Type *t = ty_dict(d->type->key, d->type->elem);
        t->name = d->type->name;
        return lw_dk(L, DK_COPY, sp, t, 1, &d);
    }
    if (!strcmp(m, "keys")) return lw_table_list(L, d, sp);
    if (!strcmp(m, "values")) return lw_dk(L, DK_VALUES, sp, ty_list(d->type->elem), 1, &d);
    if (!strcmp(m, "items")) {
        Type *it = d->type->key ? ty_tuple(2, (Type *[]){ d->type->key, d->type->elem }) : ty_int();
        ir_need_tuple(L->m, it);
        return lw_dk(L, DK_ITEMS, sp, ty_list(d->type->key ? it : NULL), 1, &d);
    }
    diag_error(sp,
               "%s.%s() is not supported (gpyc's dicts have get, setdefault, pop, update, copy, keys, "
               "values, items%s)",
               counter ? "Counter" : "dict", m, counter ? "; a Counter most_common but not update" : "");
    return NULL;
}

/* dict(), dict(d), dict(record), dict(iterable of pairs) (lower/comp.c lowers the last). */
IrValue *lw_dict_of(Lower *L, AstNode *call)
{
    Span sp = call->span;
    if (call->params.n || call->elts.n > 1) {
        diag_error(sp, "dict() takes at most one positional argument here (no keywords)");
        return NULL;
    }
    if (!call->elts.n) return lw_dk(L, DK_NEW, sp, ty_dict(NULL, NULL), 0, NULL);
    AstNode *a = call->elts.v[0];
    if (a->kind != AST_NAME) return lw_dict_pairs(L, call, a);
    IrValue *v = lw_expr(L, a);
    if (!v) return NULL;
    if (v->type->kind == TY_TUPLE && v->type->keys) return lw_record_as_table(L, v, sp);
    if (v->type->kind == TY_DICT) return lw_dk(L, DK_COPY, sp, ty_dict(v->type->key, v->type->elem), 1, &v);
    return lw_dict_pairs(L, call, a);
}

/* ---------------------------------------------------------------- sets */

/* Are es[0..n) constants (a tuple of constants too, as CPython folds one)?  CPython 3.11's
 * compiler makes a set display of more than 2 constants, or of any constants as a for loop's
 * iterable, a frozenset constant (its order can differ from adding the elements one by one). */
static bool all_const(int n, IrValue **es)
{
    for (int i = 0; i < n; i++) {
        IrOp op = es[i]->def ? es[i]->def->op : IR_LOAD;
        if (op == IR_TUPLE && all_const(es[i]->def->nargs, es[i]->def->args)) continue;
        if (op != IR_CONST_INT && op != IR_CONST_FLOAT && op != IR_CONST_BOOL && op != IR_CONST_STR) return false;
    }
    return true;
}

IrValue *lw_set_literal(Lower *L, Span sp, int n, IrValue **es, bool iter)
{
    Type *t = ty_set(NULL);
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        if (!fix_key(L, t, es[i], sp) || !(args[i] = key_for(L, t, es[i], true, sp))) return NULL;
    IrDictOp op = !n || !all_const(n, es) ? DK_SET_NEW : iter ? DK_FROZENSET : n > 2 ? DK_SET_CONST : DK_SET_NEW;
    return lw_dk(L, op, sp, t, n, args);
}

/* set(), set(s) (a copy in CPython's order), set(list or other iterable) (added in order). */
static IrValue *set_of(Lower *L, AstNode *call)
{
    Span sp = call->span;
    if (!call->elts.n) return lw_dk(L, DK_SET_NEW, sp, ty_set(NULL), 0, NULL);
    AstNode *a = call->elts.v[0];
    IrValue *v = a->kind == AST_NAME ? lw_expr(L, a) : NULL;
    if (a->kind == AST_NAME && !v) return NULL;
    TypeKind k = v ? v->type->kind : TY_VOID;
    if (k == TY_SET) return lw_dk(L, DK_COPY, sp, ty_set(v->type->elem), 1, &v);
    if (k != TY_DICT && k != TY_LIST) return lw_set_comp_of(L, call, a); /* added one by one */
    Type *t = ty_set(NULL), *et = k == TY_DICT ? v->type->key : v->type->elem;
    if (et && !fix_key(L, t, lw_pseudo(L, et), sp)) return NULL;
    return lw_dk(L, k == TY_DICT ? DK_SET_KEYS : DK_SET_OF, sp, t, 1, &v);
}

/* set(...), or frozenset(...): the same set, of a type named frozenset (CPython builds both
 * alike). */
IrValue *lw_set_of(Lower *L, AstNode *call)
{
    const char *name = call->lhs->kind == AST_NAME ? call->lhs->sval : "set";
    if (call->params.n || call->elts.n > 1) {
        diag_error(call->span, "%s() takes at most one argument", name);
        return NULL;
    }
    IrValue *s = set_of(L, call);
    if (s && !strcmp(name, "frozenset")) {
        Type *t = ty_set(s->type->elem);
        t->name = "frozenset";
        s = lw_dk(L, DK_COPY, call->span, t, 1, &s); /* a copy is the table CPython's frozenset(s) makes */
    }
    return s;
}

/* a OP b of two sets (|, &, -, ^; <=, <, >=, >, ==, != through DK_LE and DK_EQ), or NULL
 * with no error when op is not a set operator. */
IrValue *lw_set_binop(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b, bool inplace)
{
    static const struct {
        AstOp op;
        IrDictOp dk;
    } ops[] = {
        { AOP_BITOR, DK_OR },
        { AOP_BITAND, DK_AND },
        { AOP_SUB, DK_SUB },
        { AOP_BITXOR, DK_XOR },
    };
    Type ea = *b->type; /* a set and a frozenset mix: the elements must have one type */
    ea.name = a->type->name;
    if (!lw_unify(a->type, &ea)) {
        diag_error(sp, "set operands must have one element type: %s and %s", ty_str_of(a->type),
                   ty_str_of(b->type));
        return NULL;
    }
    if (!b->type->elem) b->type->elem = ea.elem;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (ops[i].op == op) {
            if (inplace) return lw_dk(L, ops[i].dk + (DK_IOR - DK_OR), sp, NULL, 2, (IrValue *[]){ a, b });
            Type *t = ty_set(a->type->elem); /* the left operand's kind, as CPython's */
            t->name = a->type->name;
            return lw_dk(L, ops[i].dk, sp, t, 2, (IrValue *[]){ a, b });
        }
    IrValue *r = NULL;
    switch (op) {
    case AOP_LE: r = lw_dk(L, DK_LE, sp, ty_bool(), 2, (IrValue *[]){ a, b }); break;
    case AOP_GE: r = lw_dk(L, DK_LE, sp, ty_bool(), 2, (IrValue *[]){ b, a }); break;
    case AOP_EQ:
    case AOP_NE: r = lw_dk(L, DK_EQ, sp, ty_bool(), 2, (IrValue *[]){ a, b }); break;
    case AOP_LT:
    case AOP_GT: {
        IrValue *le = op == AOP_LT ? lw_dk(L, DK_LE, sp, ty_bool(), 2, (IrValue *[]){ a, b })
                                   : lw_dk(L, DK_LE, sp, ty_bool(), 2, (IrValue *[]){ b, a });
        IrValue *eq = lw_dk(L, DK_EQ, sp, ty_bool(), 2, (IrValue *[]){ a, b });
        IrValue *ne = lw_emit1(L, IR_LOGICAL_NOT, sp, ty_bool(), eq);
        return lw_emit2(L, IR_LOGICAL_AND, sp, ty_bool(), le, ne);
    }
    default:
        diag_error(sp, "unsupported operand type(s) for %s: 'set' and 'set'", ast_op_name(op));
        return NULL;
    }
    return op == AOP_NE ? lw_emit1(L, IR_LOGICAL_NOT, sp, ty_bool(), r) : r;
}

/* s.add(x), discard, remove, union, intersection, difference, symmetric_difference,
 * issubset, issuperset, copy, update (|=). */
IrValue *lw_set_method(Lower *L, AstNode *call, IrValue *s, const char *m)
{
    Span sp = call->span;
    static const struct {
        const char *name;
        AstOp op;
        bool inplace;
    } binops[] = {
        { "union", AOP_BITOR, false },          { "intersection", AOP_BITAND, false },
        { "difference", AOP_SUB, false },       { "symmetric_difference", AOP_BITXOR, false },
        { "issubset", AOP_LE, false },          { "issuperset", AOP_GE, false },
        { "update", AOP_BITOR, true },          { "intersection_update", AOP_BITAND, true },
        { "difference_update", AOP_SUB, true }, { "symmetric_difference_update", AOP_BITXOR, true },
    };
    size_t nb = sizeof binops / sizeof *binops, b = 0;
    while (b < nb && strcmp(binops[b].name, m)) b++;
    IrDictOp op = !strcmp(m, "add")       ? DK_SET_ADD
                  : !strcmp(m, "discard") ? DK_DISCARD
                  : !strcmp(m, "remove")  ? DK_REMOVE
                                          : DK_COUNT;
    if (s->type->name && (op != DK_COUNT || (b < nb && binops[b].inplace))) {
        diag_error(sp, "'frozenset' object has no attribute '%s'", m);
        return NULL;
    }
    if (b == nb && op == DK_COUNT && strcmp(m, "copy")) {
        diag_error(sp,
                   "set.%s() is not supported (gpyc's sets have add, discard, remove, copy, union, "
                   "intersection, difference, symmetric_difference, issubset, issuperset and the updates)",
                   m);
        return NULL;
    }
    if (!strcmp(m, "copy") && !call->elts.n && !call->params.n)
        return s->type->name ? s
                             : lw_dk(L, DK_COPY, sp, ty_set(s->type->elem), 1, &s); /* a frozenset: itself */
    IrValue *x = lw_one_arg(L, call, m);
    if (!x) return NULL;
    if (b < nb) {
        if (x->type->kind != TY_SET) {
            diag_error(sp, "set.%s() takes a set here, got %s (write set(x))", m, ty_str_of(x->type));
            return NULL;
        }
        IrValue *r = lw_set_binop(L, binops[b].op, sp, s, x, binops[b].inplace);
        return r && binops[b].inplace ? lw_pseudo(L, ty_none()) : r;
    }
    if (!fix_key(L, s->type, x, sp) || !(x = key_for(L, s->type, x, op == DK_SET_ADD, sp))) return NULL;
    lw_dk(L, op, sp, NULL, 2, (IrValue *[]){ s, x });
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- collections */

/* collections.defaultdict(factory): factory int, float, str or list (a builtin's name). */
static IrValue *api_defaultdict(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    static const char *const factories[] = { "int", "float", "str", "list", NULL };
    IrValue *fv = call->elts.n == 1 && !call->params.n ? lw_expr(L, call->elts.v[0]) : NULL;
    int i = 0;
    while (fv && fv->type->kind == TY_BUILTIN && factories[i] && strcmp(factories[i], fv->type->name)) i++;
    if (!fv || fv->type->kind != TY_BUILTIN || !factories[i]) {
        if (!fv && call->elts.n == 1 && !call->params.n) return NULL;
        diag_error(call->span, "defaultdict() takes one factory here: int, float, str or list");
        return NULL;
    }
    Type *vt = i == 0 ? ty_int() : i == 1 ? ty_float() : i == 2 ? ty_str() : ty_list(NULL);
    Type *t = ty_dict(NULL, vt);
    t->name = factories[i];
    return lw_dk(L, DK_NEW, call->span, t, 0, NULL);
}

/* collections.Counter() or Counter(iterable): c[x] += 1 for each x, in order. */
static IrValue *api_counter(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    if (call->params.n || call->elts.n > 1) {
        diag_error(call->span, "Counter() takes at most one iterable here (no keywords)");
        return NULL;
    }
    Type *t = ty_dict(NULL, ty_int());
    t->name = "Counter";
    IrValue *c = lw_dk(L, DK_NEW, call->span, t, 0, NULL);
    return call->elts.n ? lw_count_into(L, call, c, call->elts.v[0]) : c;
}

const ApiFn lw_table_api[] = {
    { "collections", "defaultdict", api_defaultdict, 0 },
    { "collections", "Counter", api_counter, 0 },
    { NULL, NULL, NULL, 0 },
};
