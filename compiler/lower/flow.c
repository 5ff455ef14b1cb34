/*
 * flow.c — flow-sensitive bindings: a name rebound to a value of another type becomes a new
 * variable from that point on (SSA over names), and where paths join (after `if`, at the top
 * of a loop body, after a loop) the bindings of the paths unify into one variable.  Also
 * `x.shape = n`, a rebinding of x.
 *
 * Invariants:
 *   - A binding's variable changes only through lw_flow_rebind, a join, or a loop's head; the
 *     type of a variable never changes.
 *   - Types unify by NumPy's and Python's rules (join_type): equal types (lists of unknown
 *     element type take any list); a Python scalar and a 0-d array whose dtype is of the same
 *     kind or higher (bool < int < float < complex) give the 0-d array.  Anything else (arrays
 *     of different dtype or ndim, int and float, whose printed values differ) is a conflict:
 *     the name is bound to BIND_CONFLICT, and a read of it is a located error naming both
 *     bindings; an assignment rebinds it.
 *   - One exception to the array rule: a placeholder (Binding.fill: a new array of a small
 *     integral constant, `pred = xp.zeros(n)`, not read since) joins an array of its ndim and
 *     another dtype that holds the constant; the join takes the other dtype.  A read, a join of
 *     paths that disagree, or a loop around it ends the placeholder.
 *   - Each path stores its value, converted, into the join's variable at its end (the end of a
 *     branch's block, or before the loop's back edge: end of body, continue, break); a path
 *     that ends in break, continue or return (L->dead) flows nowhere else.
 *   - A loop whose back edges widen a type is lowered again with a head variable of the wider
 *     type, stored before the loop; types only widen, so this ends (at most a few passes).
 *     The diagnostics of a pass lowered again are dropped (diag_hold): an error there may come
 *     of the narrower type (x.shape of `x = 0.0` that the loop makes a 0-d array).
 *   - A module global that a function has read keeps its variable (an instance of the function
 *     already reads it): changing its type is an error, as before flow-sensitive typing.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* The bindings of the current function's scope and of the module scope (when different) at a
 * point: the order of each scope's list and a copy of each binding's fields. */
struct FlowState {
    int nsc;
    Scope *sc[2];
    int n[2];
    Binding **list[2];
    Binding *copy[2];
};

/* The mark of a conflict in a loop's want. */
static Type conflict_mark;

/* Poisoned by an earlier error: reads stay silent. */
static bool bound_to_nothing(const Binding *b) { return b->kind == BIND_CONST && !b->value; }

/* What a binding holds: kind, variable or value, where it was bound, a conflict's types. */
static void set_fields(Binding *to, const Binding *from)
{
    to->kind = from->kind;
    to->var = from->var;
    to->value = from->value;
    to->first = from->first;
    to->ctype[0] = from->ctype[0];
    to->ctype[1] = from->ctype[1];
    to->cspan[0] = from->cspan[0];
    to->cspan[1] = from->cspan[1];
    to->fill = from->fill;
}

static bool same_binding(const Binding *a, const Binding *b)
{
    return a->kind == b->kind && a->var == b->var && a->value == b->value;
}

static Type *binding_type(const Binding *b)
{
    if (b->kind == BIND_VAR) return b->var->type;
    return b->kind == BIND_CONST && b->value ? b->value->type : NULL;
}

FlowState *lw_flow_save(Lower *L)
{
    FlowState *st = ar_alloc(L->a, sizeof *st);
    st->sc[st->nsc++] = L->scope;
    if (L->module_scope != L->scope) st->sc[st->nsc++] = L->module_scope;
    for (int k = 0; k < st->nsc; k++) {
        int n = st->n[k] = st->sc[k]->binds.n;
        st->list[k] = ar_alloc(L->a, sizeof(Binding *) * (n ? n : 1));
        st->copy[k] = ar_alloc(L->a, sizeof(Binding) * (n ? n : 1));
        for (int i = 0; i < n; i++) {
            st->list[k][i] = st->sc[k]->binds.v[i];
            st->copy[k][i] = *st->list[k][i];
        }
    }
    return st;
}

/* The fields of st's bindings back; with drop, the bindings added since are dropped too. */
static void restore(FlowState *st, bool drop)
{
    for (int k = 0; k < st->nsc; k++) {
        if (drop) st->sc[k]->binds.n = 0;
        for (int i = 0; i < st->n[k]; i++) {
            if (drop) vec_push(&st->sc[k]->binds, st->list[k][i]);
            set_fields(st->list[k][i], &st->copy[k][i]);
        }
        if (drop) lw_scope_reindex(st->sc[k]);
    }
}

void lw_flow_restore(Lower *L, FlowState *st)
{
    (void)L;
    restore(st, false);
}

bool lw_flow_rebind(Lower *L, Scope *s, Binding *b, Type *t, Span sp)
{
    if (s->is_module && (b->read_by_func || L->scope != s)) return false;
    b->kind = BIND_VAR;
    b->var = lw_new_var(L, s, b->name, t);
    b->value = NULL;
    b->first = sp;
    b->fill = NULL;
    return true;
}

Type *lw_join_type(Type *a, Type *b)
{
    if (lw_unify(a, b)) return a;
    for (int k = 0; k < 2; k++) {
        Type *s = k ? b : a, *r = k ? a : b;
        if (ty_is_scalar(s) && r->kind == TY_ARRAY && r->ndim == 0 &&
            dt_same_kind(ty_scalar_dtype(s), r->dtype))
            return r;
    }
    return NULL;
}

bool lw_fill_const(const IrValue *v, int64_t *out)
{
    if (!v->def || v->def->op != IR_FULL) return false;
    const IrValue *f = v->def->args[v->def->nargs - 1];
    int64_t k;
    if (!lw_is_const_int(f, &k)) {
        if (!f->def || f->def->op != IR_CONST_FLOAT || !(fabs(f->def->fval) < 1e6) ||
            f->def->fval != (double)(int64_t)f->def->fval)
            return false;
        k = (int64_t)f->def->fval;
    }
    if (out) *out = k;
    return true;
}

/* The type of the join of binding a (of type ta) with a binding of type tb, where they do not
 * unify: a placeholder (lw_fill_const, unread since) of tb's ndim takes tb's dtype where that
 * holds its constant: `pred = xp.zeros(n)` that a loop rebinds to int64 labels.  NULL if not. */
static Type *fill_join(const Binding *a, const Type *ta, Type *tb)
{
    int64_t k; /* (the array's one use is its store: no other name holds it, `a = b = cp.zeros(n)`) */
    if (!a->fill || a->fill->nuses != 1 || !lw_fill_const(a->fill, &k) || ta->kind != TY_ARRAY || tb->kind != TY_ARRAY ||
        ta->ndim != tb->ndim)
        return NULL;
    DType d = tb->dtype;
    if (d == DT_BOOL) return k == 0 || k == 1 ? tb : NULL;
    if (dt_is_int(d) && !dt_is_signed(d)) return k >= 0 && k <= 127 ? tb : NULL;
    return k >= -127 && k <= 127 ? tb : NULL;
}

IrValue *lw_flow_convert(Lower *L, IrValue *v, Type *t, Span sp)
{
    if (ty_equal(v->type, t) || t->kind != TY_ARRAY) return v;
    /* a placeholder array (fill_join) is cast as it is; a Python scalar becomes a 0-d array */
    return lw_cast_to(L, v->type->kind == TY_ARRAY ? v : lw_scalar_array(L, sp, v), t->dtype, sp);
}

/* to = from at the end of block blk (L->blk when NULL), converted to to's type (a Python
 * scalar into a 0-d array). */
static void flow_store(Lower *L, IrBlock *blk, IrVar *from, IrVar *to, Span sp)
{
    IrBlock *saved = L->blk;
    if (blk) L->blk = blk;
    lw_store(L, to, lw_flow_convert(L, lw_load(L, from, sp), to->type, sp), sp);
    L->blk = saved;
}

/* dst becomes the conflict of bindings a and b (a conflict already in either is kept). */
static void set_conflict(Binding *dst, const Binding *a, const Binding *b)
{
    if (a->kind == BIND_CONFLICT || b->kind == BIND_CONFLICT) {
        set_fields(dst, a->kind == BIND_CONFLICT ? a : b);
        return;
    }
    Binding c = { .kind = BIND_CONFLICT, .first = b->first };
    c.ctype[0] = binding_type(a);
    c.cspan[0] = a->first;
    c.ctype[1] = binding_type(b);
    c.cspan[1] = b->first;
    set_fields(dst, &c);
}

/* A module global that a function reads keeps its variable: a join that would change it is an
 * error at sp. */
static bool keeps_var(Scope *s, const Binding *b, Span sp, Type *a, Type *t)
{
    if (!s->is_module || !b->read_by_func) return false;
    diag_error(sp,
               "'%s' is %s on one path and %s on another, and a function reads it: a module "
               "global that functions read keeps one type",
               b->name, ty_str_of(a), ty_str_of(t));
    return true;
}

/* The join after an if of binding dst (of scope s): t its fields at the end of the then-block,
 * e at the end of the else-block. */
static void join_pair(Lower *L, IrInstr *in, Scope *s, Binding *dst, const Binding *tb, const Binding *eb)
{
    Binding t = *tb, e = *eb;
    if (same_binding(&t, &e)) {
        set_fields(dst, &e);
        if (t.fill != e.fill) dst->fill = NULL; /* read (or another placeholder) on one path */
        return;
    }
    if (t.kind == BIND_VAR && e.kind == BIND_VAR) {
        if (keeps_var(s, dst, in->span, t.var->type, e.var->type)) return;
        Type *j = lw_join_type(t.var->type, e.var->type);
        if (!j) j = fill_join(&t, t.var->type, e.var->type);
        if (!j) j = fill_join(&e, e.var->type, t.var->type);
        if (!j) {
            set_conflict(dst, &t, &e);
            return;
        }
        IrVar *to = ty_equal(t.var->type, j)   ? t.var
                    : ty_equal(e.var->type, j) ? e.var
                                               : lw_new_var(L, s, dst->name, j);
        if (to != t.var) flow_store(L, in->blocks[0], t.var, to, in->span);
        if (to != e.var) flow_store(L, in->blocks[1], e.var, to, in->span);
        set_fields(dst, to == t.var ? &t : &e);
        dst->var = to;
        dst->fill = NULL;
        return;
    }
    if (bound_to_nothing(&t) || bound_to_nothing(&e)) {
        set_fields(dst, bound_to_nothing(&t) ? &t : &e);
        return;
    }
    if (t.kind == BIND_CONST && e.kind == BIND_CONST) {
        set_fields(dst, &e); /* compile-time values: the last one lowered, as before */
        return;
    }
    set_conflict(dst, &t, &e);
}

void lw_flow_join_if(Lower *L, IrInstr *in, FlowState *t, bool tdead, bool edead)
{
    L->dead = tdead && edead;
    if (tdead) return; /* the else-block's bindings */
    if (edead) {
        restore(t, false);
        return;
    }
    /* both paths reach the join: the current bindings are the else-block's, whose list starts
     * with the then-block's (the names first bound there stay bound in the else-block, as
     * before a path of their own: an assignment of the same type reuses their variable) */
    FlowState *e = lw_flow_save(L);
    for (int k = 0; k < t->nsc; k++)
        for (int i = 0; i < t->n[k]; i++)
            join_pair(L, in, t->sc[k], t->list[k][i], &t->copy[k][i], &e->copy[k][i]);
}

/* ---------------------------------------------------------------- loops */

void lw_flow_back(Lower *L)
{
    Loop *lp = L->loop;
    if (L->dead || !lp) return;
    FlowState *h = lp->head;
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *b = h->list[k][i], *hc = &h->copy[k][i];
            if (same_binding(b, hc) || hc->kind == BIND_CONFLICT || bound_to_nothing(hc) ||
                bound_to_nothing(b) || lp->want[idx] == &conflict_mark)
                continue;
            Type *j = NULL;
            if (b->kind == BIND_VAR && hc->kind == BIND_VAR) {
                Type *was = lp->want[idx] ? lp->want[idx] : hc->var->type;
                j = lw_join_type(was, b->var->type);
                if (!j && !lp->want[idx]) j = fill_join(hc, was, b->var->type);
                if (!j) j = fill_join(b, b->var->type, was);
            } else if (b->kind == BIND_CONST && hc->kind == BIND_CONST)
                continue; /* compile-time values: as before */
            if (j && !lp->want[idx] && ty_equal(j, hc->var->type)) {
                flow_store(L, NULL, b->var, hc->var, lp->sp);
                continue;
            }
            if (j && lp->want[idx] && ty_equal(j, lp->want[idx])) continue;
            lp->want[idx] = j ? j : &conflict_mark;
            lp->why[idx] = *b;
            lp->widen = true;
        }
    }
}

/* Before the loop is lowered again: each head binding a back edge widened gets a head variable
 * of the wider type (or becomes a conflict), its value stored there now. */
static void widen_head(Lower *L, Loop *lp)
{
    FlowState *h = lp->head;
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *b = h->list[k][i];
            Type *w = lp->want[idx];
            if (!w) continue;
            Type *was = binding_type(b), *now = binding_type(&lp->why[idx]);
            if (was && now && keeps_var(h->sc[k], b, lp->sp, was, now)) continue;
            if (w == &conflict_mark || b->kind != BIND_VAR) {
                set_conflict(b, &h->copy[k][i], &lp->why[idx]);
                continue;
            }
            IrVar *nv = lw_new_var(L, h->sc[k], b->name, w);
            flow_store(L, NULL, b->var, nv, lp->sp);
            b->var = nv;
            b->fill = NULL;
        }
    }
}

void lw_flow_loop(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx)
{
    Span sp = s->span;
    const char *broke = s->els ? lw_loop_else_begin(L, s) : NULL;
    for (int pass = 0;; pass++) {
        FlowState *h = lw_flow_save(L);
        int n = 0;
        for (int k = 0; k < h->nsc; k++) n += h->n[k];
        Loop lp = { .outer = L->loop, .head = h, .sp = sp, .broke = broke };
        lp.want = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
        lp.why = ar_alloc(L->a, sizeof(Binding) * (n ? n : 1));
        int errors = diag_count();
        DiagHold hold; /* a pass lowered again reports nothing: its errors may come of a type it widens */
        diag_hold(&hold);
        int ninst = L->instances.n, nfuncs = L->m->funcs.n, nglobals = L->m->globals.n,
            nlocals = L->fn->locals.n;
        IrBlock *blk = L->blk;
        L->loop = &lp;
        IrInstr *in = body(L, ctx);
        L->loop = lp.outer;
        L->dead = false;
        bool again = lp.widen && pass < 8;
        diag_release(&hold, !again);
        if (!again || diag_count() > errors) {
            restore(h, false); /* after the loop: the head variables; names first bound in it stay */
            for (int k = 0; k < h->nsc; k++) /* the body may have read or rebound them */
                for (int i = 0; i < h->n[k]; i++) h->list[k][i]->fill = NULL;
            if (broke) lw_loop_else_end(L, s, broke);
            return;
        }
        /* lowered again: this pass's loop is dropped (the block's last instruction), with the
         * variables and function instances it made, which only its code uses */
        if (blk->instrs.n && blk->instrs.v[blk->instrs.n - 1] == in) {
            blk->instrs.n--;
            for (int j = 0; j < in->nargs; j++)
                if (in->args[j]) in->args[j]->nuses--;
            ir_block_discard(in->blocks[0]);   /* the loop's body (its instruction lists) */
            ir_block_discard(in->blocks[1]);
        }
        lw_drop_instances(L, ninst);
        lw_drop_funcs(L, nfuncs);
        L->m->globals.n = nglobals;
        L->fn->locals.n = nlocals;
        restore(h, true);
        widen_head(L, &lp);
    }
}

/* ---------------------------------------------------------------- x.shape = v */

/* x.shape = v (an int or a tuple of ints) for a name x: NumPy gives the array object itself
 * the new shape (a view of the same data); gpyc rebinds the name to x.reshape(v), so another
 * name of the same array keeps the old shape, and an array that is not contiguous is copied
 * where NumPy raises. */
bool lw_assign_shape(Lower *L, AstNode *t, IrValue *v, Span sp)
{
    if (t->lhs->kind != AST_NAME) {
        diag_error(t->span, "assignment to .shape is supported on a name only (x.shape = n)");
        return false;
    }
    IrValue *x = lw_expr(L, t->lhs);
    if (!x) return false;
    if (x->type->kind != TY_ARRAY) {
        diag_error(t->span, "'%s' object has no attribute 'shape' to set", ty_str_of(x->type));
        return false;
    }
    IrValue *dims[IR_MAXDIM];
    int nd = v->type->kind == TY_TUPLE ? v->type->n : 1;
    if (nd > IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return false;
    }
    for (int i = 0; i < nd; i++) {
        IrValue *d = v->type->kind == TY_TUPLE ? lw_tuple_get(L, v, i, sp) : v;
        if (!(dims[i] = lw_as_index(L, d, sp))) {
            diag_error(sp, "expected a shape (an int or a tuple of ints), got %s", ty_str_of(v->type));
            return false;
        }
    }
    return lw_assign(L, t->lhs, lw_emit_reshape(L, sp, x, nd, dims), sp);
}

/* ---------------------------------------------------------------- conflicts */

void lw_flow_conflict(Binding *b, Span sp)
{
    const char *a = b->ctype[0] ? ty_str_of(b->ctype[0]) : "unbound";
    const char *c = b->ctype[1] ? ty_str_of(b->ctype[1]) : "unbound";
    const Type *ta = b->ctype[0], *tc = b->ctype[1];
    const char *why;
    if (ta && tc && ta->kind == TY_ARRAY && tc->kind == TY_ARRAY)
        why = "arrays of different dtype or ndim do not join where paths meet: give one of them another name";
    else if (ta && tc && ty_is_scalar(ta) && ty_is_scalar(tc))
        why = "Python scalars of different types do not join where paths meet (Python would print 1 where "
              "gpyc would print 1.0): write both as the same type (0.0 for 0), or give one another name";
    else
        why = "values of these types do not join where paths meet: give one of them another name";
    /* located at the later of the two bindings (the one that made the conflict, as the
     * acceptance programs expect), with the other binding and the read as notes */
    const bool swap = b->cspan[0].line > b->cspan[1].line ||
                      (b->cspan[0].line == b->cspan[1].line && b->cspan[0].col > b->cspan[1].col);
    const int late = swap ? 0 : 1;
    diag_error(b->cspan[late], "'%s' is %s here but %s on another path (line %u), and both reach line %u: %s",
               b->name, late ? c : a, late ? a : c, b->cspan[1 - late].line, sp.line, why);
    diag_note(b->cspan[1 - late], "bound to %s here", late ? a : c);
    diag_note(sp, "read here");
}
