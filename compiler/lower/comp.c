/*
 * lower/comp.c — list comprehensions and generator expressions, and the builtins that consume
 * an iterable (sum, any, all, min and max of one argument).
 *
 * A comprehension `[E for x in A if C for y in B]` is lowered as the statements Python runs:
 *     tmp = []
 *     for x' in A:
 *         if C':
 *             for y' in B':
 *                 tmp.append(E')
 * written as AST and lowered by the statement lowering, so it compiles whatever a for loop
 * and list.append compile (ranges, lists, arrays, enumerate, zip; homogeneous elements).  A
 * set comprehension is the same with `tmp = set()` and `tmp.add(E')`, a dict comprehension
 * `{K: V for ...}` with `tmp = {}` and `tmp[K'] = V'` (lower/table.c's run-time tables).  The
 * targets get names of their own (x' is "x@comp<id>"): as in Python 3, they do not leak into
 * or clobber the enclosing function's names.  A generator expression is the same list (gpyc
 * has no lazy iterators): it is consumed where it stands.
 *
 * sum(it[, start]), any(it), all(it), min(it), max(it) of a list (a comprehension, a
 * generator expression, a list variable) loop over it the same way.  sum starts from the int
 * 0, or from 0.0 when the elements are floats (Python's empty sum is the int 0: gpyc prints
 * 0.0 there), or from 0 + xs[0] when they are arrays (an empty list of arrays raises
 * ValueError: Python's 0 is no array); min/max of an empty list raise Python's ValueError at
 * run time.
 *
 * A list slice xs[a:b:c] is the comprehension [t[i] for i in range(a', b', c)] of a copy t of
 * the list, a' and b' clamped as slice.indices(len(t)) clamps them (c a constant, 1 when
 * omitted), so it is a new list as in Python.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- AST builders */

AstNode *lw_ast_node(Lower *L, AstKind k, Span sp) { return ast_new(L->a, k, sp, NULL); }

AstNode *lw_ast_item(Lower *L, Span sp, const char *name, AstNode *index)
{
    AstNode *e = lw_ast_node(L, AST_SUBSCRIPT, sp);
    e->lhs = lw_ast_name(L, sp, name);
    e->rhs = index;
    return e;
}

AstNode *lw_ast_name(Lower *L, Span sp, const char *name)
{
    AstNode *n = lw_ast_node(L, AST_NAME, sp);
    n->sval = name;
    return n;
}

/* A Vec of the n nodes given (arena-backed). */
Vec lw_ast_vec(Lower *L, int n, AstNode **v)
{
    Vec out = { ar_alloc(L->a, sizeof(void *) * (size_t)(n ? n : 1)), n, 0 };
    if (n) memcpy(out.v, v, sizeof(void *) * (size_t)n);
    return out;
}

/* A block holding the one statement s. */
AstNode *lw_ast_block(Lower *L, AstNode *s)
{
    AstNode *b = lw_ast_node(L, AST_BLOCK, s->span);
    b->body = lw_ast_vec(L, 1, &s);
    return b;
}

AstNode *lw_ast_assign(Lower *L, Span sp, const char *name, AstNode *v)
{
    AstNode *a = lw_ast_node(L, AST_ASSIGN, sp), *t = lw_ast_name(L, sp, name);
    a->elts = lw_ast_vec(L, 1, &t);
    a->rhs = v;
    return a;
}

/* for target in iter: body (NULL: the body is set later) */
AstNode *lw_ast_for(Lower *L, Span sp, AstNode *target, AstNode *iter, AstNode *body)
{
    AstNode *f = lw_ast_node(L, AST_FOR, sp);
    f->lhs = target;
    f->rhs = iter;
    f->then = body ? lw_ast_block(L, body) : NULL;
    return f;
}

AstNode *lw_ast_if(Lower *L, Span sp, AstNode *cond, AstNode *body)
{
    AstNode *f = lw_ast_node(L, AST_IF, sp);
    f->cond = cond;
    f->then = body ? lw_ast_block(L, body) : NULL;
    return f;
}

/* ---------------------------------------------------------------- renaming */

/* Adds a fresh name for every name the target t binds. */
static void rename_target(Lower *L, AstNode *t, int id, AstRenames *r)
{
    if (t->kind == AST_NAME) {
        vec_push(&r->from, (void *)t->sval);
        vec_push(&r->to, ar_printf(L->a, "%s@comp%d", t->sval, id));
    } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
        for (int i = 0; i < t->elts.n; i++) rename_target(L, t->elts.v[i], id, r);
    } else if (t->kind == AST_STARRED) {
        rename_target(L, t->lhs, id, r);
    }
}

AstNode *lw_ast_clone(Lower *L, AstNode *n, const AstRenames *r)
{
    if (!n) return NULL;
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *n;
    if (n->kind == AST_NAME) {
        for (int i = r->from.n - 1; i >= 0; i--)
            if (!strcmp(r->from.v[i], n->sval)) {
                c->sval = r->to.v[i];
                break;
            }
        return c;
    }
    if (n->kind == AST_DEF) return c; /* a nested def keeps its own names */
    c->lhs = lw_ast_clone(L, n->lhs, r);
    c->rhs = lw_ast_clone(L, n->rhs, r);
    c->cond = lw_ast_clone(L, n->cond, r);
    c->then = lw_ast_clone(L, n->then, r);
    c->els = lw_ast_clone(L, n->els, r);
    Vec *lists[] = { &c->elts, &c->params, &c->body };
    for (size_t k = 0; k < sizeof lists / sizeof *lists; k++) {
        Vec *v = lists[k];
        if (!v->n) continue;
        AstNode **kids = ar_alloc(L->a, sizeof(AstNode *) * (size_t)v->n);
        for (int i = 0; i < v->n; i++) kids[i] = lw_ast_clone(L, v->v[i], r);
        *v = lw_ast_vec(L, v->n, kids);
    }
    return c;
}

/* ---------------------------------------------------------------- comprehensions */

AstNode *lw_comp_nest(Lower *L, AstNode *e, AstNode *(*inner)(Lower *, AstNode *, void *), void *ctx)
{
    AstRenames r = { 0 };
    int n = e->elts.n;
    AstNode **heads = ar_alloc(L->a, sizeof(AstNode *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        AstNode *c = e->elts.v[i];
        if (c->kind == AST_FOR) {
            /* the first iterable is evaluated in the enclosing scope, the others see the targets */
            AstNode *iter = i == 0 ? c->rhs : lw_ast_clone(L, c->rhs, &r);
            rename_target(L, c->lhs, e->id, &r);
            heads[i] = lw_ast_for(L, c->span, lw_ast_clone(L, c->lhs, &r), iter, NULL);
        } else {
            heads[i] = lw_ast_if(L, c->span, lw_ast_clone(L, c->cond, &r), NULL);
        }
    }
    AstNode *elt = e->lhs;
    if (e->ival == 'd') { /* key and value renamed together: an AST_DICT of the one pair */
        elt = lw_ast_node(L, AST_DICT, e->span);
        elt->elts = lw_ast_vec(L, 1, &e->lhs);
        elt->params = lw_ast_vec(L, 1, &e->rhs);
    }
    AstNode *s = inner(L, lw_ast_clone(L, elt, &r), ctx);
    for (int i = n - 1; i >= 0; i--) {
        heads[i]->then = lw_ast_block(L, s);
        s = heads[i];
    }
    vec_free(&r.from);
    vec_free(&r.to);
    return s;
}

/* tmp.append(elt) */
static AstNode *append_to(Lower *L, AstNode *elt, void *ctx)
{
    AstNode *call = lw_ast_node(L, AST_CALL, elt->span), *attr = lw_ast_node(L, AST_ATTR, elt->span);
    attr->lhs = lw_ast_name(L, elt->span, ctx);
    attr->sval = "append";
    call->lhs = attr;
    call->elts = lw_ast_vec(L, 1, &elt);
    AstNode *s = lw_ast_node(L, AST_EXPR_STMT, elt->span);
    s->lhs = call;
    return s;
}

/* tmp.add(elt) */
static AstNode *add_to(Lower *L, AstNode *elt, void *ctx)
{
    AstNode *s = append_to(L, elt, ctx);
    s->lhs->lhs->sval = "add";
    return s;
}

/* tmp[K] = V of the pair `kv` (an AST_DICT of one pair) */
static AstNode *store_to(Lower *L, AstNode *kv, void *ctx)
{
    AstNode *t = lw_ast_node(L, AST_SUBSCRIPT, kv->span), *a = lw_ast_node(L, AST_ASSIGN, kv->span);
    t->lhs = lw_ast_name(L, kv->span, ctx);
    t->rhs = kv->elts.v[0];
    a->elts = lw_ast_vec(L, 1, &t);
    a->rhs = kv->params.v[0];
    return a;
}

IrValue *lw_comprehension(Lower *L, AstNode *e)
{
    int kind = (int)e->ival;
    const char *tmp = ar_printf(L->a, "%s@comp%d", kind == 'd' ? "dict" : kind == 's' ? "set" : "list", e->id);
    lw_stmt(L, lw_ast_assign(L, e->span, tmp, lw_ast_node(L, kind == 'd' ? AST_DICT : kind == 's' ? AST_SET : AST_LIST, e->span)));
    lw_stmt(L, lw_comp_nest(L, e, kind == 'd' ? store_to : kind == 's' ? add_to : append_to, (void *)tmp));
    IrValue *v = lw_expr(L, lw_ast_name(L, e->span, tmp));
    if (v && v->type->kind == TY_LIST && !v->type->elem) {
        diag_error(e->span, "the element type of this comprehension is unknown: it never appends");
        return NULL;
    }
    return v;
}

/* ---------------------------------------------------------------- map, filter, sorted(key=) */

AstNode *lw_ast_call(Lower *L, Span sp, AstNode *f, int n, AstNode **args)
{
    AstNode *c = lw_ast_node(L, AST_CALL, sp);
    c->lhs = f;
    c->elts = lw_ast_vec(L, n, args);
    return c;
}

/* [E for x in src if C] as an AST_COMP of id `id` (C NULL: no if clause). */
static AstNode *mk_comp(Lower *L, Span sp, int id, AstNode *elt, AstNode *x, AstNode *src, AstNode *cond)
{
    AstNode *c = lw_ast_node(L, AST_COMP, sp), *f = lw_ast_node(L, AST_FOR, sp), *clauses[2] = { f, NULL };
    c->ival = 'l';
    c->id = id;
    c->lhs = elt;
    f->lhs = x;
    f->rhs = src;
    if (cond) {
        clauses[1] = lw_ast_node(L, AST_IF, sp);
        clauses[1]->cond = cond;
    }
    c->elts = lw_ast_vec(L, cond ? 2 : 1, clauses);
    return c;
}

IrValue *lw_map_filter(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    bool is_map = name[0] == 'm';
    int n = call->elts.n - 1;
    if (call->params.n || n < 1 || (!is_map && n != 1) || n > 8) {
        diag_error(sp, is_map ? "map() takes a function and 1 to 8 iterables here"
                              : "filter() takes a function (or None) and one iterable");
        return NULL;
    }
    AstNode *f = call->elts.v[0], *xs[8];
    for (int i = 0; i < n; i++) xs[i] = lw_ast_name(L, sp, ar_printf(L->a, "x%d@%s", i, name));
    AstNode *src = call->elts.v[1], *target = xs[0];
    if (n > 1) { /* map(f, a, b): f(x, y) for x, y in zip(a, b) */
        src = lw_ast_call(L, sp, lw_ast_name(L, sp, "zip"), n, (AstNode **)call->elts.v + 1);
        target = lw_ast_node(L, AST_TUPLE, sp);
        target->elts = lw_ast_vec(L, n, xs);
    }
    if (is_map)
        return lw_comprehension(L, mk_comp(L, sp, call->id, lw_ast_call(L, sp, f, n, xs), target, src, NULL));
    AstNode *cond = f->kind == AST_NONE ? xs[0] : lw_ast_call(L, sp, f, 1, xs);
    return lw_comprehension(L, mk_comp(L, sp, call->id, lw_ast_name(L, sp, xs[0]->sval), target, src, cond));
}

/* {k: v for k, v in src} (dict(src)) or {x for x in src} (set(src)): kind 'd' or 's'. */
static IrValue *table_of(Lower *L, AstNode *call, AstNode *src, int kind)
{
    Span sp = call->span;
    AstNode *k = lw_ast_name(L, sp, "k@table"), *v = lw_ast_name(L, sp, "v@table"), *target = k;
    if (kind == 'd') {
        target = lw_ast_node(L, AST_TUPLE, sp);
        target->elts = lw_ast_vec(L, 2, (AstNode *[]){ k, v });
    }
    AstNode *c = mk_comp(L, sp, call->id, lw_ast_name(L, sp, k->sval), target, src, NULL);
    c->ival = kind;
    if (kind == 'd') c->rhs = lw_ast_name(L, sp, v->sval);
    return lw_comprehension(L, c);
}

IrValue *lw_dict_pairs(Lower *L, AstNode *call, AstNode *src) { return table_of(L, call, src, 'd'); }

IrValue *lw_set_comp_of(Lower *L, AstNode *call, AstNode *src) { return table_of(L, call, src, 's'); }

IrValue *lw_count_into(Lower *L, AstNode *call, IrValue *c, AstNode *src)
{
    Span sp = call->span;
    const char *tmp = ar_printf(L->a, "counter@%d", call->id);
    AstNode *x = lw_ast_name(L, sp, "x@counter"), *t = lw_ast_node(L, AST_SUBSCRIPT, sp), *one = lw_ast_node(L, AST_INT, sp);
    if (!lw_assign(L, lw_ast_name(L, sp, tmp), c, sp)) return NULL;
    t->lhs = lw_ast_name(L, sp, tmp);
    t->rhs = lw_ast_name(L, sp, x->sval);
    one->ival = 1;
    AstNode *inc = lw_ast_node(L, AST_AUGASSIGN, sp);
    inc->op = AOP_ADD;
    inc->lhs = t;
    inc->rhs = one;
    lw_stmt(L, lw_ast_for(L, sp, x, src, inc));
    return lw_expr(L, lw_ast_name(L, sp, tmp));
}

IrValue *lw_list_of(Lower *L, AstNode *call)
{
    if (call->elts.n != 1 || call->params.n) {
        diag_error(call->span, "list() takes one iterable here (write [] for an empty list)");
        return NULL;
    }
    AstNode *x = lw_ast_name(L, call->span, "x@list");
    return lw_comprehension(
        L, mk_comp(L, call->span, call->id, lw_ast_name(L, call->span, x->sval), x, call->elts.v[0], NULL));
}

/* An int literal (or its negation) of the source: *v; false for anything else. */
static bool int_literal(const AstNode *e, int64_t *v)
{
    if (e->kind == AST_UNARY && e->op == AOP_NEG && e->lhs->kind == AST_INT) {
        *v = -e->lhs->ival;
        return true;
    }
    if (e->kind == AST_INT) *v = e->ival;
    return e->kind == AST_INT;
}

/* The length of iterable e when the source fixes it: a list or tuple display, range() of int
 * literals, a name bound to a tuple, a comprehension or generator expression with for clauses
 * and no if clause over these (the inner clauses over a display or range() of literals: the
 * product of the lengths), map(f, one of these); -1 otherwise. */
static int64_t static_len(Lower *L, AstNode *e)
{
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        for (int i = 0; i < e->elts.n; i++)
            if (((AstNode *)e->elts.v[i])->kind == AST_STARRED) return -1;
        return e->elts.n;
    }
    if (e->kind == AST_NAME) {
        IrValue *v = lw_expr(L, e);
        return v && v->type->kind == TY_TUPLE ? v->type->n : -1;
    }
    if (e->kind == AST_COMP && e->ival != 'd' && e->ival != 's') {
        int64_t n = 1;
        for (int i = 0; i < e->elts.n; i++) {
            AstNode *c = e->elts.v[i];
            if (c->kind != AST_FOR) return -1;
            /* an inner clause's names are the comprehension's own: only a display or range() */
            bool display = c->rhs->kind == AST_LIST || c->rhs->kind == AST_TUPLE;
            if (i && !display &&
                !(c->rhs->kind == AST_CALL && c->rhs->lhs->kind == AST_NAME &&
                  !strcmp(c->rhs->lhs->sval, "range")))
                return -1;
            int64_t k = static_len(L, c->rhs);
            if (k < 0) return -1;
            n = k && n > INT32_MAX / k ? INT32_MAX : n * k;
        }
        return n;
    }
    if (e->kind != AST_CALL || e->lhs->kind != AST_NAME || e->params.n) return -1;
    if (!strcmp(e->lhs->sval, "map") && e->elts.n == 2) return static_len(L, e->elts.v[1]);
    if (strcmp(e->lhs->sval, "range") || e->elts.n < 1 || e->elts.n > 3) return -1;
    int64_t b[3] = { 0, 0, 1 };
    for (int i = 0; i < e->elts.n; i++)
        if (!int_literal(e->elts.v[i], &b[e->elts.n == 1 ? 1 : i])) return -1;
    if (b[2] == 0) return -1; /* range()'s own error, when the list is made */
    int64_t n = b[2] > 0 ? (b[1] - b[0] + b[2] - 1) / b[2] : (b[0] - b[1] - b[2] - 1) / -b[2];
    return n > 0 ? n : 0;
}

IrValue *lw_tuple_of(Lower *L, AstNode *call)
{
    Span sp = call->span;
    if (call->params.n || call->elts.n > 1) {
        diag_error(sp, "tuple() takes at most one iterable");
        return NULL;
    }
    if (call->elts.n == 0) return lw_tuple(L, sp, 0, NULL);
    AstNode *e = call->elts.v[0];
    if (e->kind == AST_NAME || e->kind == AST_TUPLE) { /* a tuple is itself, its items of any types */
        IrValue *v = lw_expr(L, e);
        if (!v || v->type->kind == TY_TUPLE) return v;
    }
    int64_t n = static_len(L, e);
    if (n < 0) {
        IrValue *v = lw_expr(L, e);
        if (!v) return NULL;
        if (v->type->kind == TY_TUPLE) return v;
        diag_error(
            e->span,
            "tuple() of an iterable whose length is known only at run time is not supported (a tuple's "
            "length is static here): give it a display, range() of literals or a comprehension over "
            "these without if clauses, or make a list");
        return NULL;
    }
    if (n > 64) {
        diag_error(e->span, "tuple() of %lld items: gpyc builds tuples of at most 64 (make a list)", (long long)n);
        return NULL;
    }
    IrValue *xs = lw_list_of(L, call);
    Type *et = xs ? lw_list_elem(xs, sp) : NULL;
    if (!et) return NULL;
    IrValue *items[64];
    for (int64_t i = 0; i < n; i++)
        items[i] = lw_emit(L, IR_LIST_GET, sp, et, 2, (IrValue *[]){ xs, lw_cint(L, sp, i) });
    return lw_tuple(L, sp, (int)n, items);
}

/* A distinct id for the k-th node a rewrite of call makes (the hidden names derive from ids). */
static int it_id(const AstNode *call, int k) { return -(call->id * 16 + k + 1); }

/* x in t for a tuple t: x == t[i] or ... over its elements of x's kind (a number, a str; the
 * others are unequal), a compile-time False for none. */
static IrValue *tuple_in(Lower *L, IrValue *x, IrValue *t, bool negate, Span sp)
{
    IrValue *r = lw_const_bool(L, sp, false);
    for (int i = 0; i < t->type->n; i++) {
        const Type *et = t->type->elems[i];
        bool num = ty_is_scalar(et) && ty_is_scalar(x->type), str = et->kind == TY_STR && x->type->kind == TY_STR;
        if (!num && !str) {
            if (et->kind == x->type->kind || !(ty_is_scalar(et) || et->kind == TY_STR)) {
                diag_error(sp, "'in' of a %s is not supported (its elements are numbers or str here)",
                           ty_str_of(t->type));
                return NULL;
            }
            continue;
        }
        IrValue *eq = lw_binop_py(L, AOP_EQ, sp, x, lw_tuple_get(L, t, i, sp));
        if (!eq) return NULL;
        r = i ? lw_emit2(L, IR_LOGICAL_OR, sp, ty_bool(), r, eq) : eq;
    }
    return negate ? lw_emit1(L, IR_LOGICAL_NOT, sp, ty_bool(), r) : r;
}

/* dt in t for a dtype dt: NumPy's dtype == each element (lw_dtype_eq), known at compile
 * time. */
static IrValue *dtype_in(Lower *L, IrValue *x, IrValue *t, bool negate, Span sp)
{
    bool in = false;
    for (int i = 0; i < t->type->n && !in; i++) {
        int eq = lw_dtype_eq(x->type->dtype, lw_tuple_get(L, t, i, sp));
        if (eq < 0) {
            diag_error(sp, "'in' of a dtype compares it with str constants only here, not with a run-time str");
            return NULL;
        }
        in = eq;
    }
    return lw_const_bool(L, sp, in != negate);
}

IrValue *lw_list_in(Lower *L, IrValue *x, IrValue *xs, bool negate, Span sp)
{
    if (x->type->kind == TY_DTYPE && xs->type->kind == TY_TUPLE) return dtype_in(L, x, xs, negate, sp);
    if (!ty_is_scalar(x->type) && x->type->kind != TY_STR) {
        diag_error(sp, "'in' of a list or tuple takes a number or a str on the left here, not %s (write float(x) "
                       "or int(x) for a 0-d array)",
                   ty_str_of(x->type));
        return NULL;
    }
    if (xs->type->kind == TY_TUPLE) return tuple_in(L, x, xs, negate, sp);
    Type *et = xs->type->elem;
    bool xnum = ty_is_scalar(x->type), xstr = x->type->kind == TY_STR;
    if ((et && !ty_is_scalar(et) && et->kind != TY_STR) || (!xnum && !xstr)) {
        diag_error(sp, "'in' of a %s is not supported (its elements are numbers or str here)",
                   ty_str_of(xs->type));
        return NULL;
    }
    if (!et || xnum != ty_is_scalar(et)) return lw_const_bool(L, sp, negate); /* empty, or a str among numbers */
    const char *xn = ar_printf(L->a, "x@in%u.%u", sp.line, sp.col),
               *ln = ar_printf(L->a, "xs@in%u.%u", sp.line, sp.col);
    if (!lw_assign(L, lw_ast_name(L, sp, xn), x, sp) || !lw_assign(L, lw_ast_name(L, sp, ln), xs, sp))
        return NULL;
    AstNode *e = lw_ast_name(L, sp, ar_printf(L->a, "e@in%u.%u", sp.line, sp.col)),
            *eq = lw_ast_node(L, AST_COMPARE, sp);
    eq->elts = lw_ast_vec(L, 2, (AstNode *[]){ lw_ast_name(L, sp, xn), lw_ast_name(L, sp, e->sval) });
    eq->ops = lw_ast_vec(L, 1, (AstNode *[]){ (AstNode *)(intptr_t)AOP_EQ });
    /* ids below -2**30: no other rewrite's (it_id) */
    AstNode *comp = mk_comp(L, sp, -(1 << 30) - (int)sp.start, eq, e, lw_ast_name(L, sp, ln), NULL);
    AstNode *any = lw_ast_call(L, sp, lw_ast_name(L, sp, "any"), 1, &comp);
    if (!negate) return lw_expr(L, any);
    AstNode *not = lw_ast_node(L, AST_UNARY, sp);
    not ->op = AOP_NOT;
    not ->lhs = any;
    return lw_expr(L, not );
}

IrValue *lw_list_repr(Lower *L, IrValue *xs, AstNode *e)
{
    Span sp = e->span;
    const char *t = ar_printf(L->a, "xs@repr%d", e->id);
    lw_assign(L, lw_ast_name(L, sp, t), xs, sp);
    AstNode *x = lw_ast_name(L, sp, ar_printf(L->a, "x@repr%d", e->id)), *join = lw_ast_node(L, AST_ATTR, sp);
    AstNode *sep = lw_ast_node(L, AST_STR, sp), *open = lw_ast_node(L, AST_STR, sp), *close = lw_ast_node(L, AST_STR, sp);
    sep->sval = ", ", sep->slen = 2;
    open->sval = "[", open->slen = 1;
    close->sval = "]", close->slen = 1;
    join->lhs = sep;
    join->sval = "join";
    AstNode *reprs = mk_comp(L, sp, it_id(e, 15), lw_ast_call(L, sp, lw_ast_name(L, sp, "repr"), 1, &x), lw_ast_name(L, sp, x->sval),
                             lw_ast_name(L, sp, t), NULL);
    AstNode *body = lw_ast_call(L, sp, join, 1, &reprs);
    AstNode *cat = lw_ast_node(L, AST_BINOP, sp), *all = lw_ast_node(L, AST_BINOP, sp);
    cat->op = all->op = AOP_ADD;
    cat->lhs = open;
    cat->rhs = body;
    all->lhs = cat;
    all->rhs = close;
    return lw_expr(L, all);
}

IrValue *lw_sort_keys(Lower *L, AstNode *call, IrValue *xs, AstNode *key)
{
    Span sp = call->span;
    const char *tmp = ar_printf(L->a, "xs@sorted%d", call->id);
    lw_assign(L, lw_ast_name(L, sp, tmp), xs, sp);
    AstNode *x = lw_ast_name(L, sp, "x@sorted");
    IrValue *keys = lw_comprehension(L, mk_comp(L, sp, call->id, lw_ast_call(L, sp, key, 1, &x),
                                                lw_ast_name(L, sp, x->sval), lw_ast_name(L, sp, tmp), NULL));
    if (!keys) return NULL;
    Type *kt = keys->type->elem;
    if (!ty_is_scalar(kt) && kt->kind != TY_STR && kt->kind != TY_TUPLE) {
        diag_error(key->span,
                   "sorted(key=f) takes an f that returns a number, a str or a tuple of them here, not %s",
                   ty_str_of(kt));
        return NULL;
    }
    return keys;
}

/* ---------------------------------------------------------------- sorting by tuples
 *
 * Python orders tuples lexicographically, and its sort is stable: so sorting by each element in
 * turn, from the last to the first, with the same stable sort (rt_list_sorted_by, reverse= in
 * every pass) gives Python's order, equal tuples in their first order, reversed or not.  The
 * passes permute a list of indices, then the items are taken in its order.  Nested tuples are
 * their elements in order (every tuple of a list has one type, so one shape). */

typedef struct {
    Span sp;
    const char *ks, *perm, *i; /* the hidden names: the keys, the permutation, the loop index */
    int id; /* the call's id: pass k's key comprehension has id sort_id(id, k) */
    int passes; /* made so far */
    bool reverse;
} SortPass;

/* A distinct id for the key comprehension of pass k of a sort (each pass's keys have a type of
 * their own, so a name of their own); below it_id's and above lw_list_in's. */
static int sort_id(int id, int k) { return -(1 << 29) - id * 64 - k; }

/* One stable pass per element of the keys' tuple type t (path[0..depth): where t sits in the
 * key), the last element first; false after a located error. */
static bool sort_passes(Lower *L, SortPass *s, const Type *t, int *path, int depth)
{
    if (lw_is_dict_record(t)) {
        diag_error(s->sp, "'<' not supported between instances of 'dict' and 'dict'");
        return false;
    }
    for (int k = t->n - 1; k >= 0; k--) {
        const Type *et = t->elems[k];
        path[depth] = k;
        if (et->kind == TY_TUPLE) {
            if (depth + 1 == 16) {
                diag_error(s->sp, "sorted() of tuples nested more than 16 deep is not supported");
                return false;
            }
            if (!sort_passes(L, s, et, path, depth + 1)) return false;
            continue;
        }
        if (s->passes == 64) {
            diag_error(s->sp, "sorted() of tuples of more than 64 elements is not supported");
            return false;
        }
        if ((!ty_is_scalar(et) || et->kind == TY_COMPLEX) && et->kind != TY_STR) {
            diag_error(
                s->sp,
                "sorted() of tuples orders them by their elements, which are real numbers, str or tuples "
                "of them here, not %s",
                ty_str_of(et));
            return false;
        }
        AstNode *e = lw_ast_node(L, AST_SUBSCRIPT, s->sp);
        e->lhs = lw_ast_name(L, s->sp, s->ks);
        e->rhs = lw_ast_name(L, s->sp, s->i);
        for (int d = 0; d <= depth; d++) {
            AstNode *g = lw_ast_node(L, AST_SUBSCRIPT, s->sp);
            g->lhs = e;
            g->rhs = lw_ast_int(L, s->sp, path[d]);
            e = g;
        }
        IrValue *kk =
            lw_comprehension(L, mk_comp(L, s->sp, sort_id(s->id, s->passes++), e, lw_ast_name(L, s->sp, s->i),
                                        lw_ast_name(L, s->sp, s->perm), NULL));
        IrValue *p = kk ? lw_expr(L, lw_ast_name(L, s->sp, s->perm)) : NULL;
        if (!p) return false;
        IrValue *r = lw_emit(L, IR_LIST_SORTED, s->sp, p->type, 2, (IrValue *[]){ p, kk });
        r->def->ival = s->reverse;
        lw_assign(L, lw_ast_name(L, s->sp, s->perm), r, s->sp);
    }
    return true;
}

IrValue *lw_sort_tuples(Lower *L, AstNode *call, IrValue *items, IrValue *keys, bool reverse)
{
    Span sp = call->span;
    SortPass s = { sp,
                   ar_printf(L->a, "ks@tsort%d", call->id),
                   ar_printf(L->a, "perm@tsort%d", call->id),
                   ar_printf(L->a, "i@tsort%d", call->id),
                   call->id,
                   0,
                   reverse };
    const char *xs = ar_printf(L->a, "xs@tsort%d", call->id);
    lw_assign(L, lw_ast_name(L, sp, xs), items, sp);
    lw_assign(L, lw_ast_name(L, sp, s.ks), keys, sp);
    AstNode *ks = lw_ast_name(L, sp, s.ks);
    AstNode *n = lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &ks);
    IrValue *perm =
        lw_comprehension(L, mk_comp(L, sp, it_id(call, 1), lw_ast_name(L, sp, s.i), lw_ast_name(L, sp, s.i),
                                    lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &n), NULL));
    if (!perm) return NULL;
    lw_assign(L, lw_ast_name(L, sp, s.perm), perm, sp);
    int path[16];
    if (!sort_passes(L, &s, keys->type->elem, path, 0)) return NULL;
    AstNode *e = lw_ast_node(L, AST_SUBSCRIPT, sp);
    e->lhs = lw_ast_name(L, sp, xs);
    e->rhs = lw_ast_name(L, sp, s.i);
    return lw_comprehension(
        L, mk_comp(L, sp, it_id(call, 3), e, lw_ast_name(L, sp, s.i), lw_ast_name(L, sp, s.perm), NULL));
}

/* ---------------------------------------------------------------- sum, any, all, min, max */

/* `acc = acc <op> v`, `if v: acc = True; break` ... : the loop body of builtin name over the
 * element v (a name), accumulating into acc. */
static AstNode *reduce_step(Lower *L, const char *name, AstNode *v, const char *acc)
{
    Span sp = v->span;
    if (!strcmp(name, "sum") || !strcmp(name, "prod")) {
        AstNode *add = lw_ast_node(L, AST_BINOP, sp);
        add->op = name[0] == 's' ? AOP_ADD : AOP_MUL;
        add->lhs = lw_ast_name(L, sp, acc);
        add->rhs = v;
        return lw_ast_assign(L, sp, acc, add);
    }
    if (!strcmp(name, "any") || !strcmp(name, "all")) {
        bool any = name[1] == 'n';
        AstNode *cond = v, *val = lw_ast_node(L, AST_BOOL, sp);
        if (!any) {
            cond = lw_ast_node(L, AST_UNARY, sp);
            cond->op = AOP_NOT;
            cond->lhs = v;
        }
        val->ival = any;
        AstNode *body = lw_ast_node(L, AST_BLOCK, sp);
        AstNode *stmts[2] = { lw_ast_assign(L, sp, acc, val), lw_ast_node(L, AST_BREAK, sp) };
        body->body = lw_ast_vec(L, 2, stmts);
        AstNode *f = lw_ast_if(L, sp, cond, stmts[0]);
        f->then = body;
        return f;
    }
    AstNode *cmp = lw_ast_node(L, AST_COMPARE, sp); /* min: v < acc, max: v > acc (the first extreme stays) */
    AstNode *ops[2] = { v, lw_ast_name(L, sp, acc) };
    cmp->elts = lw_ast_vec(L, 2, ops);
    AstNode *op = (AstNode *)(intptr_t)(name[1] == 'i' ? AOP_LT : AOP_GT); /* ops holds AstOps */
    cmp->ops = lw_ast_vec(L, 1, &op); /* in the arena, as every synthesised node (no vec_push) */
    return lw_ast_if(L, sp, cmp, lw_ast_assign(L, sp, acc, lw_ast_name(L, sp, v->sval)));
}

/* xs[0] of the list xs (element type et), a ValueError named after builtin name when empty. */
static IrValue *first_of(Lower *L, Span sp, IrValue *xs, Type *et, const char *what)
{
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), xs);
    lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0)), "ValueError", what);
    IrValue *args[2] = { xs, lw_cint(L, sp, 0) };
    return lw_emit(L, IR_LIST_GET, sp, et, 2, args);
}

/* sum(xs) of a list of arrays (bound to the name tmp): Python's 0 + xs[0] + xs[1] + ..., an
 * array of the elements' broadcast shape (a bool array's sum is int64, as 0 + it is).  The
 * empty list's sum is the int 0 in Python, which is not an array: a ValueError here. */
static IrValue *sum_arrays(Lower *L, Span sp, IrValue *xs, Type *et, const char *tmp, const char *acc,
                           const char *i)
{
    IrValue *x0 = first_of(L, sp, xs, et,
                           "sum() of an empty list of arrays: Python's sum is the int 0 there, which "
                           "gpyc does not join with arrays (give sum() a start array)");
    lw_assign(L, lw_ast_name(L, sp, acc), lw_binop(L, AOP_ADD, sp, lw_cint(L, sp, 0), x0), sp);
    AstNode *len = lw_ast_node(L, AST_CALL, sp), *range = lw_ast_node(L, AST_CALL, sp), *one = lw_ast_node(L, AST_INT, sp);
    AstNode *get = lw_ast_node(L, AST_SUBSCRIPT, sp), *tn = lw_ast_name(L, sp, tmp);
    len->lhs = lw_ast_name(L, sp, "len");
    len->elts = lw_ast_vec(L, 1, &tn);
    one->ival = 1;
    AstNode *bounds[2] = { one, len };
    range->lhs = lw_ast_name(L, sp, "range");
    range->elts = lw_ast_vec(L, 2, bounds);
    get->lhs = lw_ast_name(L, sp, tmp);
    get->rhs = lw_ast_name(L, sp, i);
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, i), range, reduce_step(L, "sum", get, acc)));
    return lw_expr(L, lw_ast_name(L, sp, acc));
}

/* min(xs, key=f) / max (xs bound to the name tmp, its elements et): the first element whose
 * key is least (greatest), the keys [f(x) for x in xs] compared as Python compares them:
 *   acc, kacc = xs[0], ks[0]
 *   for i in range(1, len(xs)):
 *       if ks[i] < kacc: kacc = ks[i]; acc = xs[i] */
static IrValue *extreme_by(Lower *L, AstNode *call, const char *name, IrValue *xs, Type *et, const char *tmp)
{
    Span sp = call->span;
    AstNode *key = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "key") || key) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", name, kw->sval);
            return NULL;
        }
        key = kw->rhs;
    }
    IrValue *ks = key->kind == AST_NONE ? xs : lw_sort_keys(L, call, xs, key);
    if (!ks) return NULL;
    const char *kn = ar_printf(L->a, "ks@%s%d", name, call->id),
               *acc = ar_printf(L->a, "acc@%s%d", name, call->id),
               *kacc = ar_printf(L->a, "kacc@%s%d", name, call->id),
               *i = ar_printf(L->a, "i@%s%d", name, call->id);
    lw_assign(L, lw_ast_name(L, sp, kn), ks, sp);
    lw_assign(L, lw_ast_name(L, sp, acc),
              first_of(L, sp, xs, et, ar_printf(L->a, "%s() iterable argument is empty", name)), sp);
    lw_assign(L, lw_ast_name(L, sp, kacc),
              lw_emit(L, IR_LIST_GET, sp, ks->type->elem, 2, (IrValue *[]){ ks, lw_cint(L, sp, 0) }), sp);
    AstNode *ki = lw_ast_node(L, AST_SUBSCRIPT, sp), *xi = lw_ast_node(L, AST_SUBSCRIPT, sp);
    ki->lhs = lw_ast_name(L, sp, kn);
    ki->rhs = lw_ast_name(L, sp, i);
    xi->lhs = lw_ast_name(L, sp, tmp);
    xi->rhs = lw_ast_name(L, sp, i);
    AstNode *body = lw_ast_node(L, AST_BLOCK, sp);
    AstNode *stmts[2] = { lw_ast_assign(L, sp, kacc, ki), lw_ast_assign(L, sp, acc, xi) };
    body->body = lw_ast_vec(L, 2, stmts);
    AstNode *better = lw_ast_if(
        L, sp, lw_ast_cmp(L, sp, name[1] == 'i' ? AOP_LT : AOP_GT, ki, lw_ast_name(L, sp, kacc)), stmts[0]);
    better->then = body;
    AstNode *xn = lw_ast_name(L, sp, tmp),
            *bounds[2] = { lw_ast_int(L, sp, 1), lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &xn) };
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, i),
                          lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 2, bounds), better));
    return lw_expr(L, lw_ast_name(L, sp, acc));
}

/* sum(t, start) / math.prod(t, start=) of a tuple: Python's left fold, start + t[0] + t[1] ...
 * (start 0 or 1), each step the operator as the script would write it, so items of different
 * types (1, 2.5, a 0-d array) promote as Python and NumPy do. */
static IrValue *fold_tuple(Lower *L, AstNode *call, const char *name, IrValue *t, AstNode *start)
{
    Span sp = call->span;
    bool is_sum = !strcmp(name, "sum");
    IrValue *acc = start ? lw_expr(L, start) : lw_const_int(L, sp, !is_sum);
    if (is_sum && acc && acc->type->kind == TY_STR) {
        diag_error(sp, "sum() can't sum strings [use ''.join(seq) instead]");
        return NULL;
    }
    for (int i = 0; acc && i < t->type->n; i++) {
        if (is_sum && t->type->elems[i]->kind == TY_STR) {
            diag_error(sp, "sum() can't sum strings [use ''.join(seq) instead]");
            return NULL;
        }
        acc = lw_binop_py(L, is_sum ? AOP_ADD : AOP_MUL, sp, acc, lw_tuple_get(L, t, i, sp));
    }
    return acc;
}

IrValue *lw_reduce_iterable(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    bool is_sum = !strcmp(name, "sum"), is_prod = !strcmp(name, "prod"), extreme = name[0] == 'm';
    AstNode *start = is_sum && call->elts.n == 2 ? call->elts.v[1] : NULL;
    if (is_prod && call->params.n == 1 && !strcmp(((AstNode *)call->params.v[0])->sval, "start"))
        start = ((AstNode *)call->params.v[0])->rhs; /* math.prod(iterable, *, start=1) */
    for (int i = 0; extreme && call->elts.n > 1 && i < call->params.n; i++)
        if (!strcmp(((AstNode *)call->params.v[i])->sval, "default")) {
            diag_error(((AstNode *)call->params.v[i])->span,
                       "Cannot specify a default for %s() with multiple positional arguments", name);
            return NULL;
        }
    if (!(call->elts.n == 1 || (is_sum && call->elts.n == 2)) || (call->params.n && !extreme && !(is_prod && start))) {
        diag_error(sp, "%s() takes one iterable here%s", name,
                   is_sum ? " (and a start value)" : is_prod ? " (and start=)" : "");
        return NULL;
    }
    IrValue *xs = lw_expr(L, call->elts.v[0]);
    if (!xs) return NULL;
    if (xs->type->kind == TY_DICT || xs->type->kind == TY_SET) xs = lw_table_list(L, xs, sp); /* its keys */
    if (xs->type->kind == TY_TUPLE && !lw_is_dict_record(xs->type)) {
        if (is_sum || is_prod) return fold_tuple(L, call, name, xs, start);
        int why;
        IrValue *ys = lw_tuple_as_list(L, xs, sp, &why);
        if (!ys) {
            diag_error(sp, "%s() of %s is not supported: gpyc walks a tuple here as a list, whose items "
                           "have one type", name, ty_str_of(xs->type));
            return NULL;
        }
        xs = ys;
    }
    Type *et = xs->type->kind == TY_LIST ? lw_list_elem(xs, sp) : NULL;
    if (!et) {
        if (xs->type->kind != TY_LIST)
            diag_error(sp,
                       "%s() of %s is not supported: it takes a list, a comprehension or a generator "
                       "expression here",
                       name, ty_str_of(xs->type));
        return NULL;
    }
    const char *tmp = ar_printf(L->a, "xs@%s%d", name, call->id),
               *acc = ar_printf(L->a, "acc@%s%d", name, call->id);
    const char *v = ar_printf(L->a, "v@%s%d", name, call->id);
    AstNode *t = lw_ast_name(L, sp, tmp);
    lw_assign(L, t, xs, sp);
    if (is_sum && call->elts.n == 1 && et->kind == TY_ARRAY) return sum_arrays(L, sp, xs, et, tmp, acc, v);
    if (is_prod && et->kind == TY_ARRAY) {
        diag_error(sp, "math.prod() of arrays is not supported (write cupy.prod(cupy.stack(xs), axis=0))");
        return NULL;
    }
    AstNode *dflt = NULL, *key = NULL;
    for (int i = 0; extreme && i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "default")) dflt = kw;
        else key = kw;
    }
    if (dflt) { /* min(xs, default=d): r = d; if xs: r = min(xs); d of the items' type */
        if (call->params.n > (key ? 2 : 1)) {
            diag_error(dflt->span, "%s() got multiple values for keyword argument 'default'", name);
            return NULL;
        }
        const char *r = ar_printf(L->a, "r@%s%d", name, call->id);
        IrValue *d = lw_expr(L, dflt->rhs);
        if (!d) return NULL;
        if (!ty_equal(d->type, et)) {
            diag_error(dflt->rhs->span,
                       "%s(): default= is %s where the items are %s: gpyc gives the result one type "
                       "(write a default of the items' type%s)",
                       name, ty_str_of(d->type), ty_str_of(et),
                       d->type->kind == TY_NONE ? ", or test len(xs) first" : "");
            return NULL;
        }
        lw_assign(L, lw_ast_name(L, sp, r), d, sp);
        AstNode *inner = lw_ast_call(L, sp, lw_ast_name(L, sp, name), 1, &t);
        inner->id = it_id(call, 0);
        if (key) inner->params = lw_ast_vec(L, 1, &key);
        lw_stmt(L, lw_ast_if(L, sp, lw_ast_name(L, sp, tmp), lw_ast_assign(L, sp, r, inner)));
        return lw_expr(L, lw_ast_name(L, sp, r));
    }
    if (call->params.n && extreme) return extreme_by(L, call, name, xs, et, tmp);
    IrValue *init;
    if (extreme) {
        init = first_of(L, sp, xs, et, ar_printf(L->a, "%s() iterable argument is empty", name));
    } else if (start) {
        if (!(init = lw_expr(L, start))) return NULL;
    } else if (is_sum || is_prod) {
        init = et->kind == TY_FLOAT ? lw_const_float(L, sp, is_prod) : lw_const_int(L, sp, is_prod);
    } else {
        init = lw_const_bool(L, sp, name[1] == 'l');
    }
    lw_assign(L, lw_ast_name(L, sp, acc), init, sp);
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, v), lw_ast_name(L, sp, tmp),
                      reduce_step(L, name, lw_ast_name(L, sp, v), acc)));
    return lw_expr(L, lw_ast_name(L, sp, acc));
}

/* ---------------------------------------------------------------- list slices */

AstNode *lw_ast_int(Lower *L, Span sp, int64_t v)
{
    AstNode *n = lw_ast_node(L, AST_INT, sp);
    n->ival = v;
    return n;
}

AstNode *lw_ast_bin(Lower *L, Span sp, AstOp op, AstNode *a, AstNode *b)
{
    AstNode *n = lw_ast_node(L, AST_BINOP, sp);
    n->op = op;
    n->lhs = a;
    n->rhs = b;
    return n;
}

/* `a if a OP b else c` pieces: the comparison a OP b. */
AstNode *lw_ast_cmp(Lower *L, Span sp, AstOp op, AstNode *a, AstNode *b)
{
    AstNode *n = lw_ast_node(L, AST_COMPARE, sp), *ab[2] = { a, b };
    n->elts = lw_ast_vec(L, 2, ab);
    n->ops = (Vec){ ar_alloc(L->a, sizeof(void *)), 1, 0 };
    n->ops.v[0] = (void *)(intptr_t)op;
    return n;
}

static AstNode *mk_ifexp(Lower *L, Span sp, AstNode *cond, AstNode *then, AstNode *els)
{
    AstNode *n = lw_ast_node(L, AST_IFEXP, sp);
    n->cond = cond;
    n->then = then;
    n->els = els;
    return n;
}

/* Binds hidden variable name to one bound of a slice of a sequence of length n (a variable), as
 * slice.indices does: e (None or absent: dflt), a negative one counted from the end, then
 * clamped to [lo, hi].  false after a located error (an index that is not an int). */
static bool slice_bound(Lower *L, AstNode *e, const char *name, AstNode *n, AstNode *dflt, AstNode *lo,
                        AstNode *hi)
{
    Span sp = e ? e->span : dflt->span;
    if (!e || e->kind == AST_NONE) {
        lw_stmt(L, lw_ast_assign(L, sp, name, dflt));
        return true;
    }
    IrValue *v = lw_expr(L, e);
    IrValue *i = v ? lw_as_index(L, v, sp) : NULL;
    if (!i) {
        if (v) diag_error(sp, "slice indices must be integers or None or have an __index__ method");
        return false;
    }
    lw_assign(L, lw_ast_name(L, sp, name), i, sp);
    AstNode *x = lw_ast_name(L, sp, name);
    lw_stmt(L, lw_ast_assign(L, sp, name,
                             mk_ifexp(L, sp, lw_ast_cmp(L, sp, AOP_LT, x, lw_ast_int(L, sp, 0)),
                                      lw_ast_bin(L, sp, AOP_ADD, x, n), x)));
    lw_stmt(L, lw_ast_assign(L, sp, name,
                             mk_ifexp(L, sp, lw_ast_cmp(L, sp, AOP_LT, x, lo), lo,
                                      mk_ifexp(L, sp, lw_ast_cmp(L, sp, AOP_GT, x, hi), hi, x))));
    return true;
}

IrValue *lw_list_slice(Lower *L, IrValue *xs, AstNode *e)
{
    AstNode *sl = e->rhs;
    Span sp = e->span;
    int64_t step = 1;
    if (sl->cond && sl->cond->kind != AST_NONE) {
        IrValue *s = lw_expr(L, sl->cond);
        if (!s) return NULL;
        if (!lw_is_const_int(s, &step)) {
            diag_error(sl->cond->span, "the step of a list slice must be a constant int here, got %s",
                       s->type->kind == TY_INT ? "an int computed at run time" : ty_str_of(s->type));
            return NULL;
        }
        if (step == 0) {
            diag_error(sl->cond->span, "slice step cannot be zero");
            return NULL;
        }
    }
    if (!xs->type->elem) /* a list that is always empty here (`[]` before any append): a new one */
        return lw_emit(L, IR_LIST_NEW, sp, ty_list(NULL), 0, NULL);
    const char *t = ar_printf(L->a, "t@slice%d", e->id), *n = ar_printf(L->a, "n@slice%d", e->id);
    const char *a = ar_printf(L->a, "a@slice%d", e->id), *b = ar_printf(L->a, "b@slice%d", e->id);
    lw_assign(L, lw_ast_name(L, sp, t), xs, sp);
    AstNode *tn = lw_ast_name(L, sp, t), *nn = lw_ast_name(L, sp, n);
    lw_stmt(L, lw_ast_assign(L, sp, n, lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &tn)));
    /* step > 0: within [0, n], defaults 0 and n; step < 0: within [-1, n - 1], defaults n - 1, -1 */
    AstNode *lo = lw_ast_int(L, sp, step > 0 ? 0 : -1),
            *hi = step > 0 ? nn : lw_ast_bin(L, sp, AOP_SUB, nn, lw_ast_int(L, sp, 1));
    if (!slice_bound(L, sl->lhs, a, nn, step > 0 ? lo : hi, lo, hi) ||
        !slice_bound(L, sl->rhs, b, nn, step > 0 ? hi : lo, lo, hi))
        return NULL;
    AstNode *i = lw_ast_name(L, sp, ar_printf(L->a, "i@slice%d", e->id)), *idx = lw_ast_node(L, AST_SUBSCRIPT, sp);
    idx->lhs = tn;
    idx->rhs = i;
    AstNode *rargs[3] = { lw_ast_name(L, sp, a), lw_ast_name(L, sp, b), lw_ast_int(L, sp, step) };
    return lw_comprehension(
        L, mk_comp(L, sp, e->id, idx, i, lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 3, rargs), NULL));
}

/* ---------------------------------------------------------------- itertools and functools
 *
 * Each is the list Python's iterator would produce, made where it stands (gpyc has no lazy
 * iterators), written as the comprehension or loop that computes it: the iterables are first
 * made lists (evaluated once, in order, as the itertools functions take them), then e.g.
 * combinations(t, 2) is [(t[i0], t[i1]) for i0 in range(n) for i1 in range(i0 + 1, n)], whose
 * order is Python's (the indices in lexicographic order).  A tuple's length is static, so r
 * is a constant.  count() and cycle() never end: they are for-loop iterables only
 * (lw_for_itertools rewrites the loop into a while loop). */

/* A hidden name of call's rewrite. */
static const char *it_name(Lower *L, const AstNode *call, const char *what, int k)
{
    return ar_printf(L->a, "%s%d@it%d", what, k, call->id);
}

/* Binds the hidden name to list(e); false after an error. */
static bool it_list(Lower *L, const AstNode *call, AstNode *e, const char *name, int k)
{
    AstNode *c = lw_ast_call(L, e->span, lw_ast_name(L, e->span, "list"), 1, &e);
    c->id = it_id(call, k);
    IrValue *v = lw_list_of(L, c);
    if (!v) return false;
    lw_assign(L, lw_ast_name(L, e->span, name), v, e->span);
    return true;
}

/* A constant int argument e (what: its name in the message) of at least lo; false after an error. */
static bool it_const(Lower *L, AstNode *e, const char *fname, const char *what, int64_t lo, int64_t *out)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind != TY_INT || !lw_is_const_int(v, out) || *out < lo || *out > 16) {
        diag_error(e->span,
                   "%s() takes %s as a constant int from %lld to 16 here (the length of its tuples is "
                   "known at compile time)",
                   fname, what, (long long)lo);
        return false;
    }
    return true;
}

/* A list comprehension of id `id` over the clauses given, element elt. */
static IrValue *it_comp(Lower *L, Span sp, int id, AstNode *elt, int n, AstNode **clauses)
{
    AstNode *c = lw_ast_node(L, AST_COMP, sp);
    c->ival = 'l';
    c->id = id;
    c->lhs = elt;
    c->elts = lw_ast_vec(L, n, clauses);
    return lw_comprehension(L, c);
}

/* itertools.product(*iterables, repeat=1): [(x0, x1, ...) for x0 in t0 for x1 in t1 ...] */
IrValue *lw_it_product(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    int64_t repeat = 1;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "repeat")) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", f->name, kw->sval);
            return NULL;
        }
        if (!it_const(L, kw->rhs, f->name, "repeat", 1, &repeat)) return NULL;
    }
    int m = call->elts.n, n = m * (int)repeat;
    if (m == 0 || n > 16) {
        diag_error(sp, "product() takes 1 to 16 iterables here (repeat= included)");
        return NULL;
    }
    for (int i = 0; i < m; i++)
        if (!it_list(L, call, call->elts.v[i], it_name(L, call, "t", i), i)) return NULL;
    AstNode **clauses = ar_alloc(L->a, sizeof(AstNode *) * (size_t)n), **xs = ar_alloc(L->a, sizeof(AstNode *) * (size_t)n);
    for (int k = 0; k < n; k++) {
        xs[k] = lw_ast_name(L, sp, it_name(L, call, "x", k));
        clauses[k] = lw_ast_for(L, sp, xs[k], lw_ast_name(L, sp, it_name(L, call, "t", k % m)), NULL);
    }
    AstNode *elt = lw_ast_node(L, AST_TUPLE, sp);
    elt->elts = lw_ast_vec(L, n, xs);
    return it_comp(L, sp, call->id, elt, n, clauses);
}

/* combinations (arg 0), combinations_with_replacement (1), permutations (2) of (iterable, r):
 * tuples of r items of t at the indices i0 < i1 < ... (i0 <= i1 <= ...; all distinct). */
IrValue *lw_it_combinations(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, "iterable,r", f->arg == 2 ? 1 : 2, &a)) return NULL;
    int64_t r;
    if (a.p[1] && a.p[1]->kind != AST_NONE) {
        if (!it_const(L, a.p[1], f->name, "r", 1, &r)) return NULL;
    } else if (a.p[0]->kind == AST_LIST || a.p[0]->kind == AST_TUPLE) {
        r = a.p[0]->elts.n;
    } else {
        diag_error(sp, "permutations() takes r here (the length of its tuples is known at compile time)");
        return NULL;
    }
    const char *t = it_name(L, call, "t", 0), *n = it_name(L, call, "n", 0);
    if (!it_list(L, call, a.p[0], t, 0)) return NULL;
    AstNode *tn = lw_ast_name(L, sp, t);
    lw_stmt(L, lw_ast_assign(L, sp, n, lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &tn)));
    AstNode **clauses = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(2 * r)), **items = ar_alloc(L->a, sizeof(AstNode *) * (size_t)r);
    int nc = 0;
    for (int k = 0; k < r; k++) {
        const char *ik = it_name(L, call, "i", k), *prev = k ? it_name(L, call, "i", k - 1) : NULL;
        AstNode *lo = !prev || f->arg == 2 ? lw_ast_int(L, sp, 0)
                      : f->arg == 1        ? lw_ast_name(L, sp, prev)
                                           : lw_ast_bin(L, sp, AOP_ADD, lw_ast_name(L, sp, prev), lw_ast_int(L, sp, 1));
        AstNode *bounds[2] = { lo, lw_ast_name(L, sp, n) };
        clauses[nc++] = lw_ast_for(L, sp, lw_ast_name(L, sp, ik), lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 2, bounds), NULL);
        if (f->arg == 2 && k) { /* ik differs from every index before it */
            AstNode *cond = NULL;
            for (int j = 0; j < k; j++) {
                AstNode *ne = lw_ast_cmp(L, sp, AOP_NE, lw_ast_name(L, sp, ik),
                                         lw_ast_name(L, sp, it_name(L, call, "i", j)));
                if (cond) {
                    AstNode *both = lw_ast_node(L, AST_BOOLOP, sp);
                    both->op = AOP_AND;
                    both->lhs = cond;
                    both->rhs = ne;
                    ne = both;
                }
                cond = ne;
            }
            clauses[nc] = lw_ast_node(L, AST_IF, sp);
            clauses[nc++]->cond = cond;
        }
        items[k] = lw_ast_item(L, sp, t, lw_ast_name(L, sp, ik));
    }
    AstNode *elt = lw_ast_node(L, AST_TUPLE, sp);
    elt->elts = lw_ast_vec(L, (int)r, items);
    return it_comp(L, sp, call->id, elt, nc, clauses);
}

/* acc OP x, or func(acc, x) */
static AstNode *it_combine(Lower *L, Span sp, AstNode *func, AstNode *acc, AstNode *x)
{
    if (!func || func->kind == AST_NONE) return lw_ast_bin(L, sp, AOP_ADD, acc, x);
    AstNode *args[2] = { acc, x };
    return lw_ast_call(L, sp, func, 2, args);
}

/* t[a:b] of the hidden list t (a, b NULL: omitted), a new list */
static AstNode *it_slice(Lower *L, const AstNode *call, int k, const char *t, AstNode *a, AstNode *b)
{
    AstNode *sl = lw_ast_node(L, AST_SLICE, call->span), *e = lw_ast_item(L, call->span, t, sl);
    sl->lhs = a;
    sl->rhs = b;
    e->id = it_id(call, k);
    return e;
}

/* name.append(v) as a statement */
AstNode *lw_ast_append(Lower *L, const char *name, AstNode *v) { return append_to(L, v, (void *)name); }

/* itertools.accumulate(iterable, func=None, *, initial=None): out = [initial] or t[:1], then
 * out.append(func(out[-1], x)) (out[-1] + x) for x in the rest. */
IrValue *lw_it_accumulate(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, "iterable,func,initial", 1, &a)) return NULL;
    const char *t = it_name(L, call, "t", 0), *out = it_name(L, call, "out", 0), *x = it_name(L, call, "x", 0);
    if (!it_list(L, call, a.p[0], t, 0)) return NULL;
    AstNode *rest = lw_ast_name(L, sp, t);
    if (a.p[2] && a.p[2]->kind != AST_NONE) {
        AstNode *l = lw_ast_node(L, AST_LIST, sp);
        l->elts = lw_ast_vec(L, 1, &a.p[2]);
        lw_stmt(L, lw_ast_assign(L, sp, out, l));
    } else {
        lw_stmt(L, lw_ast_assign(L, sp, out, it_slice(L, call, 1, t, NULL, lw_ast_int(L, sp, 1))));
        rest = it_slice(L, call, 2, t, lw_ast_int(L, sp, 1), NULL);
    }
    AstNode *last = lw_ast_item(L, sp, out, lw_ast_int(L, sp, -1));
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, x), rest,
                          lw_ast_append(L, out, it_combine(L, sp, a.p[1], last, lw_ast_name(L, sp, x)))));
    return lw_expr(L, lw_ast_name(L, sp, out));
}

/* itertools.chain(*iterables): list(first), then each item of the others appended */
IrValue *lw_it_chain(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    if (call->elts.n < 1 || call->params.n) {
        diag_error(sp, "%s() takes 1 or more iterables here", f->name);
        return NULL;
    }
    const char *out = it_name(L, call, "out", 0), *x = it_name(L, call, "x", 0);
    if (!it_list(L, call, call->elts.v[0], out, 0)) return NULL;
    for (int i = 1; i < call->elts.n; i++)
        lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, x), call->elts.v[i],
                              lw_ast_append(L, out, lw_ast_name(L, sp, x))));
    return lw_expr(L, lw_ast_name(L, sp, out));
}

/* itertools.islice(iterable, stop) / islice(iterable, start, stop[, step]): list(iterable)
 * sliced (a constant step) */
IrValue *lw_it_islice(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    int n = call->elts.n;
    if (n < 2 || n > 4 || call->params.n) {
        diag_error(call->span, "%s() takes (iterable, stop) or (iterable, start, stop[, step])", f->name);
        return NULL;
    }
    const char *t = it_name(L, call, "t", 0);
    if (!it_list(L, call, call->elts.v[0], t, 0)) return NULL;
    AstNode *e = it_slice(L, call, 1, t, n > 2 ? call->elts.v[1] : NULL, call->elts.v[n > 2 ? 2 : 1]);
    e->rhs->cond = n == 4 ? call->elts.v[3] : NULL;
    return lw_expr(L, e);
}

/* itertools.zip_longest(*iterables, fillvalue=None): [(t0[i] if i < len(t0) else fill, ...)
 * for i in range(max(len(t0), ...))] */
IrValue *lw_it_zip_longest(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    int m = call->elts.n;
    AstNode *fill = lw_ast_node(L, AST_NONE, sp);
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "fillvalue")) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", f->name, kw->sval);
            return NULL;
        }
        fill = kw->rhs;
    }
    if (m < 1 || m > 8) {
        diag_error(sp, "%s() takes 1 to 8 iterables here", f->name);
        return NULL;
    }
    if (fill->kind == AST_NONE) {
        diag_error(sp, "%s() takes a fillvalue= of the elements' type here (Python's default None has "
                       "no type that joins them)", f->name);
        return NULL;
    }
    const char *fv = it_name(L, call, "fill", 0), *n = it_name(L, call, "n", 0), *i = it_name(L, call, "i", 0);
    lw_stmt(L, lw_ast_assign(L, sp, fv, fill));
    AstNode **lens = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(m + 1)), **items = ar_alloc(L->a, sizeof(AstNode *) * (size_t)m);
    for (int k = 0; k < m; k++) {
        const char *tk = it_name(L, call, "t", k);
        if (!it_list(L, call, call->elts.v[k], tk, k)) return NULL;
        AstNode *tn = lw_ast_name(L, sp, tk);
        lens[k] = lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &tn);
        items[k] = mk_ifexp(L, sp, lw_ast_cmp(L, sp, AOP_LT, lw_ast_name(L, sp, i), lens[k]),
                            lw_ast_item(L, sp, tk, lw_ast_name(L, sp, i)), lw_ast_name(L, sp, fv));
    }
    lens[m] = lw_ast_int(L, sp, 0);
    lw_stmt(L, lw_ast_assign(L, sp, n, lw_ast_call(L, sp, lw_ast_name(L, sp, "max"), m + 1, lens)));
    AstNode *elt = lw_ast_node(L, AST_TUPLE, sp), *nn = lw_ast_name(L, sp, n);
    elt->elts = lw_ast_vec(L, m, items);
    AstNode *loop = lw_ast_for(L, sp, lw_ast_name(L, sp, i), lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &nn), NULL);
    return it_comp(L, sp, call->id, elt, 1, &loop);
}

/* itertools.starmap(func, iterable): [func(*x) for x in iterable] */
IrValue *lw_it_starmap(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, "function,iterable", 2, &a)) return NULL;
    AstNode *x = lw_ast_name(L, sp, it_name(L, call, "x", 0)), *star = lw_ast_node(L, AST_STARRED, sp);
    star->lhs = x;
    AstNode *loop = lw_ast_for(L, sp, x, a.p[1], NULL);
    return it_comp(L, sp, call->id, lw_ast_call(L, sp, a.p[0], 1, &star), 1, &loop);
}

/* itertools.count() / cycle() outside a for loop's iterable */
IrValue *lw_it_endless(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L, (void)self;
    diag_error(call->span,
               "itertools.%s() is supported only as the iterable of a for loop (it never ends: "
               "gpyc makes iterators as lists)",
               f->name);
    return NULL;
}

/* functools.reduce(function, iterable[, initial]): acc = initial (or t[0], Python's TypeError
 * for an empty t), then acc = function(acc, x) for x in the rest. */
IrValue *lw_functools_reduce(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, "function,iterable,initial", 2, &a)) return NULL;
    const char *t = it_name(L, call, "t", 0), *acc = it_name(L, call, "acc", 0), *x = it_name(L, call, "x", 0);
    if (!it_list(L, call, a.p[1], t, 0)) return NULL;
    AstNode *rest = lw_ast_name(L, sp, t);
    if (a.p[2]) {
        lw_stmt(L, lw_ast_assign(L, sp, acc, a.p[2]));
    } else {
        IrValue *tv = lw_expr(L, lw_ast_name(L, sp, t));
        if (!tv) return NULL;
        IrValue *len = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), tv);
        lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, len, lw_cint(L, sp, 0)), "TypeError",
                         "reduce() of empty iterable with no initial value");
        lw_stmt(L, lw_ast_assign(L, sp, acc, lw_ast_item(L, sp, t, lw_ast_int(L, sp, 0))));
        rest = it_slice(L, call, 1, t, lw_ast_int(L, sp, 1), NULL);
    }
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, x), rest,
                      lw_ast_assign(L, sp, acc, it_combine(L, sp, a.p[0], lw_ast_name(L, sp, acc), lw_ast_name(L, sp, x)))));
    return lw_expr(L, lw_ast_name(L, sp, acc));
}

/* functools.partial(func, *args, **keywords): a function of its own, def p(*a, **kw): return
 * func(h0, ..., *a, k=hk, ..., **kw), where h0 ... hk hold the arguments' values at the partial
 * call (hidden names, captured as a nested function captures; at module level, globals, which
 * its els lists: a function value of it captures them, as a partial object holds its arguments).
 * It is a def of the current function, so it is called where a nested def may be. */
IrValue *lw_functools_partial(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    int np = call->elts.n - 1, nk = call->params.n;
    if (np < 0) {
        diag_error(sp, "%s() takes a function and the arguments to bind", f->name);
        return NULL;
    }
    AstNode **args = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(np + 1)),
            **kws = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(nk + 1));
    for (int i = 0; i < np + nk; i++) {
        AstNode *src = i < np ? call->elts.v[i + 1] : ((AstNode *)call->params.v[i - np])->rhs;
        if (src->kind == AST_STARRED) {
            diag_error(src->span, "%s() takes its arguments one by one here (no *args or **kwargs)", f->name);
            return NULL;
        }
        const char *h = it_name(L, call, "arg", i);
        lw_stmt(L, lw_ast_assign(L, src->span, h, src));
        if (i < np) {
            args[i] = lw_ast_name(L, src->span, h);
        } else {
            AstNode *kw = lw_ast_node(L, AST_KEYWORD, src->span);
            kw->sval = ((AstNode *)call->params.v[i - np])->sval;
            kw->rhs = lw_ast_name(L, src->span, h);
            kws[i - np] = kw;
        }
    }
    for (int i = 0; i + 1 < L->partials.n; i += 2)
        if (L->partials.v[i] == call) return lw_pseudo(L, ty_func(L->partials.v[i + 1]));
    const char *a = it_name(L, call, "args", 0), *kw = it_name(L, call, "kwargs", 0);
    AstNode *star = lw_ast_node(L, AST_STARRED, sp), *dstar = lw_ast_node(L, AST_STARRED, sp);
    star->lhs = lw_ast_name(L, sp, a);
    dstar->lhs = lw_ast_name(L, sp, kw);
    dstar->ival = 2;
    args[np] = star;
    kws[nk] = dstar;
    AstNode *inner = lw_ast_call(L, sp, call->elts.v[0], np + 1, args);
    inner->params = lw_ast_vec(L, nk + 1, kws);
    AstNode *ret = lw_ast_node(L, AST_RETURN, sp), *def = lw_ast_node(L, AST_DEF, sp), *pa[2];
    ret->lhs = inner;
    for (int i = 0; i < 2; i++) {
        pa[i] = lw_ast_node(L, AST_PARAM, sp);
        pa[i]->sval = i ? kw : a;
        pa[i]->ival = i ? PARAM_KWARGS : PARAM_ARGS;
    }
    AstNode *fn = call->elts.v[0]; /* the name, in tracebacks and the generated code */
    def->sval = ar_printf(L->a, "partial_%s_%d", fn->kind == AST_NAME ? fn->sval : "f", call->id);
    def->params = lw_ast_vec(L, 2, pa);
    def->then = lw_ast_block(L, ret);
    def->outer = L->inst ? L->inst->def : NULL;
    if (!def->outer) { /* module globals: its function value captures them (lower/closure.c) */
        AstNode **hs = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(np + nk + 1));
        for (int i = 0; i < np + nk; i++) hs[i] = i < np ? args[i] : kws[i - np]->rhs;
        def->els = lw_ast_node(L, AST_TUPLE, sp);
        def->els->elts = lw_ast_vec(L, np + nk, hs);
    }
    vec_push(&L->partials, call);
    vec_push(&L->partials, def);
    return lw_pseudo(L, ty_func(def));
}

/* functools.lru_cache / cache other than as a decorator; functools.wraps other than on the
 * wrapper of a user decorator (lower/closure.c reads it there) */
IrValue *lw_functools_cache(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L, (void)self;
    if (!strcmp(f->name, "wraps"))
        diag_error(call->span, "functools.wraps is supported only as the decorator of a decorator's wrapper "
                               "(@functools.wraps(f) on the def that the decorator returns)");
    else
        diag_error(call->span,
                   "functools.%s is supported only as a decorator (@functools.%s%s on a def: gpyc calls the "
                   "function each time, which gives the same results for a function without side effects)",
                   f->name, f->name, strcmp(f->name, "lru_cache") ? "" : "(maxsize=None)");
    return NULL;
}

/* The itertools function (count or cycle) that the call e makes, or NULL. */
static const char *endless_of(Lower *L, AstNode *e)
{
    if (e->kind != AST_CALL) return NULL;
    AstNode *f = e->lhs;
    const char *full = NULL;
    if (f->kind == AST_NAME) {
        Binding *b = lw_lookup(L, f->sval);
        if (b && b->kind == BIND_CONST && b->value && b->value->type->kind == TY_BUILTIN) full = b->value->type->name;
    } else if (f->kind == AST_ATTR && f->lhs->kind == AST_NAME) {
        Binding *b = lw_lookup(L, f->lhs->sval);
        if (b && b->kind == BIND_CONST && b->value && b->value->type->kind == TY_MODULE &&
            !strcmp(b->value->type->name, "itertools"))
            full = ar_printf(L->a, "itertools.%s", f->sval);
    }
    if (!full) return NULL;
    return !strcmp(full, "itertools.count") ? "count" : !strcmp(full, "itertools.cycle") ? "cycle" : NULL;
}

/* A while loop of body statements stmts (n), else els. */
static AstNode *it_while(Lower *L, Span sp, AstNode *cond, int n, AstNode **stmts, AstNode *els)
{
    AstNode *w = lw_ast_node(L, AST_WHILE, sp), *b = lw_ast_node(L, AST_BLOCK, sp);
    b->body = lw_ast_vec(L, n, stmts);
    w->cond = cond;
    w->then = b;
    w->els = els;
    return w;
}

bool lw_for_itertools(Lower *L, AstNode *s)
{
    AstNode *it = s->rhs;
    const char *which = endless_of(L, it);
    /* a comprehension's loop (id 0: made by comp_nest) has no break: count() is an error there */
    if (!which || s->id == 0) return false;
    Span sp = it->span;
    const char *c = it_name(L, it, "c", 0), *st = it_name(L, it, "step", 0), *n = it_name(L, it, "n", 0);
    AstNode *body[2], *cond; /* the target's value, the step to the next */
    Args a;
    if (!strcmp(which, "count")) {
        /* c = start; while True: target = c; c = c + step; body */
        if (!lw_bind(it, "count", "start,step", 0, &a)) return true;
        lw_stmt(L, lw_ast_assign(L, sp, c, a.p[0] ? a.p[0] : lw_ast_int(L, sp, 0)));
        lw_stmt(L, lw_ast_assign(L, sp, st, a.p[1] ? a.p[1] : lw_ast_int(L, sp, 1)));
        body[1] = lw_ast_assign(L, sp, c, lw_ast_bin(L, sp, AOP_ADD, lw_ast_name(L, sp, c), lw_ast_name(L, sp, st)));
        body[0] = lw_ast_name(L, sp, c);
        cond = lw_ast_node(L, AST_BOOL, sp);
        cond->ival = 1;
    } else {
        /* t = list(xs); n = len(t); c = 0; while n > 0: target = t[c]; c = (c + 1) % n; body */
        if (!lw_bind(it, "cycle", "iterable", 1, &a)) return true;
        const char *t = it_name(L, it, "t", 0);
        if (!it_list(L, it, a.p[0], t, 0)) return true;
        AstNode *tn = lw_ast_name(L, sp, t);
        lw_stmt(L, lw_ast_assign(L, sp, n, lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &tn)));
        lw_stmt(L, lw_ast_assign(L, sp, c, lw_ast_int(L, sp, 0)));
        body[0] = lw_ast_item(L, sp, t, lw_ast_name(L, sp, c));
        body[1] = lw_ast_assign(L, sp, c,
                            lw_ast_bin(L, sp, AOP_MOD, lw_ast_bin(L, sp, AOP_ADD, lw_ast_name(L, sp, c), lw_ast_int(L, sp, 1)),
                                   lw_ast_name(L, sp, n)));
        cond = lw_ast_cmp(L, sp, AOP_GT, lw_ast_name(L, sp, n), lw_ast_int(L, sp, 0));
    }
    AstNode *bind = lw_ast_node(L, AST_ASSIGN, s->lhs->span);
    bind->elts = lw_ast_vec(L, 1, &s->lhs);
    bind->rhs = body[0];
    int nb = s->then->body.n;
    AstNode **stmts = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(nb + 2));
    stmts[0] = bind;
    stmts[1] = body[1];
    for (int i = 0; i < nb; i++) stmts[i + 2] = s->then->body.v[i];
    lw_stmt(L, it_while(L, s->span, cond, nb + 2, stmts, s->els));
    return true;
}
