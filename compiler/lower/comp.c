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

typedef struct Renames {
    Vec from, to; /* const char* */
} Renames;

/* Adds a fresh name for every name the target t binds. */
static void rename_target(Lower *L, AstNode *t, int id, Renames *r)
{
    if (t->kind == AST_NAME) {
        vec_push(&r->from, (void *)t->sval);
        vec_push(&r->to, ar_printf(L->a, "%s@comp%d", t->sval, id));
    } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
        for (int i = 0; i < t->elts.n; i++) rename_target(L, t->elts.v[i], id, r);
    }
}

/* A copy of n's subtree whose names are renamed by r (the latest renaming of a name wins). */
static AstNode *clone(Lower *L, AstNode *n, const Renames *r)
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
    c->lhs = clone(L, n->lhs, r);
    c->rhs = clone(L, n->rhs, r);
    c->cond = clone(L, n->cond, r);
    c->then = clone(L, n->then, r);
    c->els = clone(L, n->els, r);
    Vec *lists[] = { &c->elts, &c->params, &c->body };
    for (size_t k = 0; k < sizeof lists / sizeof *lists; k++) {
        Vec *v = lists[k];
        if (!v->n) continue;
        AstNode **kids = ar_alloc(L->a, sizeof(AstNode *) * (size_t)v->n);
        for (int i = 0; i < v->n; i++) kids[i] = clone(L, v->v[i], r);
        *v = lw_ast_vec(L, v->n, kids);
    }
    return c;
}

/* ---------------------------------------------------------------- comprehensions */

/* The loops and ifs of comprehension e around the statement inner(E') (E' the renamed
 * element), as one statement. */
static AstNode *comp_nest(Lower *L, AstNode *e, AstNode *(*inner)(Lower *, AstNode *, void *), void *ctx)
{
    Renames r = { 0 };
    int n = e->elts.n;
    AstNode **heads = ar_alloc(L->a, sizeof(AstNode *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        AstNode *c = e->elts.v[i];
        if (c->kind == AST_FOR) {
            /* the first iterable is evaluated in the enclosing scope, the others see the targets */
            AstNode *iter = i == 0 ? c->rhs : clone(L, c->rhs, &r);
            rename_target(L, c->lhs, e->id, &r);
            heads[i] = lw_ast_for(L, c->span, clone(L, c->lhs, &r), iter, NULL);
        } else {
            heads[i] = lw_ast_if(L, c->span, clone(L, c->cond, &r), NULL);
        }
    }
    AstNode *elt = e->lhs;
    if (e->ival == 'd') { /* key and value renamed together: an AST_DICT of the one pair */
        elt = lw_ast_node(L, AST_DICT, e->span);
        elt->elts = lw_ast_vec(L, 1, &e->lhs);
        elt->params = lw_ast_vec(L, 1, &e->rhs);
    }
    AstNode *s = inner(L, clone(L, elt, &r), ctx);
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
    lw_stmt(L, comp_nest(L, e, kind == 'd' ? store_to : kind == 's' ? add_to : append_to, (void *)tmp));
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
    if (!ty_is_scalar(kt) && kt->kind != TY_STR) {
        diag_error(key->span, "sorted(key=f) takes an f that returns a number or a str here, not %s",
                   ty_str_of(kt));
        return NULL;
    }
    return keys;
}

/* ---------------------------------------------------------------- sum, any, all, min, max */

/* `acc = acc <op> v`, `if v: acc = True; break` ... : the loop body of builtin name over the
 * element v (a name), accumulating into acc. */
static AstNode *reduce_step(Lower *L, const char *name, AstNode *v, const char *acc)
{
    Span sp = v->span;
    if (!strcmp(name, "sum")) {
        AstNode *add = lw_ast_node(L, AST_BINOP, sp);
        add->op = AOP_ADD;
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

IrValue *lw_reduce_iterable(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    bool is_sum = !strcmp(name, "sum"), extreme = name[0] == 'm';
    if (!(call->elts.n == 1 || (is_sum && call->elts.n == 2)) || call->params.n) {
        diag_error(sp, "%s() takes one iterable here%s", name, is_sum ? " (and a start value)" : "");
        return NULL;
    }
    IrValue *xs = lw_expr(L, call->elts.v[0]);
    if (!xs) return NULL;
    if (xs->type->kind == TY_DICT || xs->type->kind == TY_SET) xs = lw_table_list(L, xs, sp); /* its keys */
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
    IrValue *init;
    if (extreme) {
        init = first_of(L, sp, xs, et, ar_printf(L->a, "%s() iterable argument is empty", name));
    } else if (is_sum && call->elts.n == 2) {
        if (!(init = lw_expr(L, call->elts.v[1]))) return NULL;
    } else if (is_sum) {
        init = et->kind == TY_FLOAT ? lw_const_float(L, sp, 0.0) : lw_const_int(L, sp, 0);
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
static AstNode *mk_cmp(Lower *L, Span sp, AstOp op, AstNode *a, AstNode *b)
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
                         mk_ifexp(L, sp, mk_cmp(L, sp, AOP_LT, x, lw_ast_int(L, sp, 0)),
                                  lw_ast_bin(L, sp, AOP_ADD, x, n), x)));
    lw_stmt(L, lw_ast_assign(L, sp, name,
                         mk_ifexp(L, sp, mk_cmp(L, sp, AOP_LT, x, lo), lo,
                                  mk_ifexp(L, sp, mk_cmp(L, sp, AOP_GT, x, hi), hi, x))));
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
