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
 * and list.append compile (ranges, lists, arrays, enumerate, zip; homogeneous elements).  The
 * targets get names of their own (x' is "x@comp<id>"): as in Python 3, they do not leak into
 * or clobber the enclosing function's names.  A generator expression is the same list (gpyc
 * has no lazy iterators): it is consumed where it stands.
 *
 * sum(it[, start]), any(it), all(it), min(it), max(it) of a list (a comprehension, a
 * generator expression, a list variable) loop over it the same way.  sum starts from the int
 * 0, or from 0.0 when the elements are floats (Python's empty sum is the int 0: gpyc prints
 * 0.0 there); min/max of an empty list raise Python's ValueError at run time.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- AST builders */

static AstNode *mk(Lower *L, AstKind k, Span sp) { return ast_new(L->a, k, sp, NULL); }

static AstNode *mk_name(Lower *L, Span sp, const char *name)
{
    AstNode *n = mk(L, AST_NAME, sp);
    n->sval = name;
    return n;
}

/* A Vec of the n nodes given (arena-backed). */
static Vec mk_vec(Lower *L, int n, AstNode **v)
{
    Vec out = { ar_alloc(L->a, sizeof(void *) * (size_t)(n ? n : 1)), n, 0 };
    memcpy(out.v, v, sizeof(void *) * (size_t)n);
    return out;
}

/* A block holding the one statement s. */
static AstNode *mk_block(Lower *L, AstNode *s)
{
    AstNode *b = mk(L, AST_BLOCK, s->span);
    b->body = mk_vec(L, 1, &s);
    return b;
}

static AstNode *mk_assign(Lower *L, Span sp, const char *name, AstNode *v)
{
    AstNode *a = mk(L, AST_ASSIGN, sp), *t = mk_name(L, sp, name);
    a->elts = mk_vec(L, 1, &t);
    a->rhs = v;
    return a;
}

/* for target in iter: body (NULL: the body is set later) */
static AstNode *mk_for(Lower *L, Span sp, AstNode *target, AstNode *iter, AstNode *body)
{
    AstNode *f = mk(L, AST_FOR, sp);
    f->lhs = target;
    f->rhs = iter;
    f->then = body ? mk_block(L, body) : NULL;
    return f;
}

static AstNode *mk_if(Lower *L, Span sp, AstNode *cond, AstNode *body)
{
    AstNode *f = mk(L, AST_IF, sp);
    f->cond = cond;
    f->then = body ? mk_block(L, body) : NULL;
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
        *v = mk_vec(L, v->n, kids);
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
            heads[i] = mk_for(L, c->span, clone(L, c->lhs, &r), iter, NULL);
        } else {
            heads[i] = mk_if(L, c->span, clone(L, c->cond, &r), NULL);
        }
    }
    AstNode *s = inner(L, clone(L, e->lhs, &r), ctx);
    for (int i = n - 1; i >= 0; i--) {
        heads[i]->then = mk_block(L, s);
        s = heads[i];
    }
    vec_free(&r.from);
    vec_free(&r.to);
    return s;
}

/* tmp.append(elt) */
static AstNode *append_to(Lower *L, AstNode *elt, void *ctx)
{
    AstNode *call = mk(L, AST_CALL, elt->span), *attr = mk(L, AST_ATTR, elt->span);
    attr->lhs = mk_name(L, elt->span, ctx);
    attr->sval = "append";
    call->lhs = attr;
    call->elts = mk_vec(L, 1, &elt);
    AstNode *s = mk(L, AST_EXPR_STMT, elt->span);
    s->lhs = call;
    return s;
}

IrValue *lw_comprehension(Lower *L, AstNode *e)
{
    const char *tmp = ar_printf(L->a, "list@comp%d", e->id);
    lw_stmt(L, mk_assign(L, e->span, tmp, mk(L, AST_LIST, e->span)));
    lw_stmt(L, comp_nest(L, e, append_to, (void *)tmp));
    IrValue *v = lw_expr(L, mk_name(L, e->span, tmp));
    if (v && v->type->kind == TY_LIST && !v->type->elem) {
        diag_error(e->span, "the element type of this comprehension is unknown: it never appends");
        return NULL;
    }
    return v;
}

/* ---------------------------------------------------------------- sum, any, all, min, max */

/* `acc = acc <op> v`, `if v: acc = True; break` ... : the loop body of builtin name over the
 * element v (a name), accumulating into acc. */
static AstNode *reduce_step(Lower *L, const char *name, AstNode *v, const char *acc)
{
    Span sp = v->span;
    if (!strcmp(name, "sum")) {
        AstNode *add = mk(L, AST_BINOP, sp);
        add->op = AOP_ADD;
        add->lhs = mk_name(L, sp, acc);
        add->rhs = v;
        return mk_assign(L, sp, acc, add);
    }
    if (!strcmp(name, "any") || !strcmp(name, "all")) {
        bool any = name[1] == 'n';
        AstNode *cond = v, *val = mk(L, AST_BOOL, sp);
        if (!any) {
            cond = mk(L, AST_UNARY, sp);
            cond->op = AOP_NOT;
            cond->lhs = v;
        }
        val->ival = any;
        AstNode *body = mk(L, AST_BLOCK, sp);
        AstNode *stmts[2] = { mk_assign(L, sp, acc, val), mk(L, AST_BREAK, sp) };
        body->body = mk_vec(L, 2, stmts);
        AstNode *f = mk_if(L, sp, cond, stmts[0]);
        f->then = body;
        return f;
    }
    AstNode *cmp = mk(L, AST_COMPARE, sp); /* min: v < acc, max: v > acc (the first extreme stays) */
    AstNode *ops[2] = { v, mk_name(L, sp, acc) };
    cmp->elts = mk_vec(L, 2, ops);
    AstNode *op = (AstNode *)(intptr_t)(name[1] == 'i' ? AOP_LT : AOP_GT); /* ops holds AstOps */
    cmp->ops = mk_vec(L, 1, &op);   /* in the arena, as every synthesised node (no vec_push) */
    return mk_if(L, sp, cmp, mk_assign(L, sp, acc, mk_name(L, sp, v->sval)));
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
    AstNode *t = mk_name(L, sp, tmp);
    lw_assign(L, t, xs, sp);
    IrValue *init;
    if (extreme) {
        IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), xs);
        IrValue *empty = lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0));
        lw_emit_raise_if(L, sp, empty, "ValueError",
                         ar_printf(L->a, "%s() iterable argument is empty", name));
        IrValue *args[2] = { xs, lw_cint(L, sp, 0) };
        init = lw_emit(L, IR_LIST_GET, sp, et, 2, args);
    } else if (is_sum && call->elts.n == 2) {
        if (!(init = lw_expr(L, call->elts.v[1]))) return NULL;
    } else if (is_sum) {
        init = et->kind == TY_FLOAT ? lw_const_float(L, sp, 0.0) : lw_const_int(L, sp, 0);
    } else {
        init = lw_const_bool(L, sp, name[1] == 'l');
    }
    lw_assign(L, mk_name(L, sp, acc), init, sp);
    lw_stmt(L, mk_for(L, sp, mk_name(L, sp, v), mk_name(L, sp, tmp),
                      reduce_step(L, name, mk_name(L, sp, v), acc)));
    return lw_expr(L, mk_name(L, sp, acc));
}
