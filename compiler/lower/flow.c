/*
 * flow.c — flow-sensitive bindings: a name rebound to a value of another type becomes a new
 * variable from that point on (SSA over names), and where paths join (after `if`, at the top
 * of a loop body, after a loop) the bindings of the paths unify into one variable.  Also
 * `x.shape = n`, a rebinding of x; optional values (None on some paths).
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
 *   - A name first bound in a loop's body (no head binding) holds after the loop what its last
 *     exit run bound it to: where the exits bind it differently and the types join, each exit
 *     stores into one variable (LoopOut, the loop lowered again); where they do not, it is a
 *     conflict after the loop.
 *   - A str (int, float, bool) constant binding that a back edge changes becomes a variable at
 *     the loop's head; another compile-time value (a dtype, a function) that a back edge
 *     changes peels the loop (below), or is a conflict in a loop from its second iteration.
 *   - A loop whose back edges widen a type is lowered again with a head variable of the wider
 *     type, stored before the loop; types only widen, so this ends (at most a few passes).
 *     The diagnostics of a pass lowered again are dropped (diag_hold): an error there may come
 *     of the narrower type (x.shape of `x = 0.0` that the loop makes a 0-d array).
 *   - A loop whose back edge brings a type that does not join its head binding's (`w = w.astype(
 *     cp.float64)` of a float32 w), or another compile-time value (`dt = cp.float64` of `dt =
 *     cp.float32`), is peeled: its first iteration is lowered apart, as the loop
 *     instruction whose back edges all leave it (a continue is a break), and the loop from its
 *     second iteration on (a range from start + step) is lowered from the bindings the first
 *     one leaves, unless a break in it set the loop's hidden flag.  Where the loop may run no
 *     iteration and the type before it does not join the type after one, the name after the
 *     loop is a variable that holds no value on that path: each read checks the hidden flag
 *     `skipped` (Binding.guard) and raises RuntimeError.  A conflict in the peeled loop stays one
 *     (its exits' types, in the last pass or an earlier one).
 *   - None on one path and a variable on the other join into the variable and a hidden bool,
 *     true where it is None (Binding.guard, guard_none: an optional value); `x is None` reads the
 *     bool, other reads check it (TypeError), a branch where x is known not to be None reads
 *     it unchecked.  A loop head None that a back edge makes a value becomes such a variable.
 *     Each path that joins a guarded binding sets its bool (false where it has a value).
 *   - A name that may be unbound (Binding.unbound: on this path it holds no value, first bound
 *     in an if's other branch or deleted; Binding.pend/bound: bound on some paths only, or in a
 *     loop that may run no iteration) is read through a hidden bool "x@bound" (Binding.bflag,
 *     one per name, zero until a path binds it) that a read checks (NameError,
 *     UnboundLocalError).  Its stores are made only once a read needs them (Pend, carry_out):
 *     the code of names never read so is unchanged.  A read unbound on every path is Python's
 *     error at compile time.
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
/* The mark, in a peeled first iteration's acc, of exits that all bind a name to one compile-time
 * value other than the head's (Peel.why holds it). */
static Type const_mark;

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
    to->known = from->known;
    to->guard = from->guard;
    to->guard_none = from->guard_none;
    to->guard_msg = from->guard_msg;
    to->unbound = from->unbound;
    to->bound = from->bound;
    to->pend = from->pend;
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

bool lw_flow_global_fixed(const Lower *L, const Scope *s, const Binding *b)
{
    return s->is_module && (b->read_by_func || L->scope != s);
}

/* b holds variable v from here on (no value, placeholder, known shape or None guard). */
static void set_var(Binding *b, IrVar *v)
{
    b->kind = BIND_VAR;
    b->var = v;
    b->value = NULL;
    b->fill = NULL;
    b->known = NULL;
    b->guard = NULL;
}

bool lw_flow_rebind(Lower *L, Scope *s, Binding *b, Type *t, Span sp)
{
    if (lw_flow_global_fixed(L, s, b)) return false;
    set_var(b, lw_new_var(L, s, b->name, t));
    b->first = sp;
    return true;
}

bool lw_flow_rebind_const(Lower *L, Scope *s, Binding *b, IrValue *v, Span sp)
{
    if (lw_flow_global_fixed(L, s, b)) return false;
    b->kind = BIND_CONST;
    b->var = NULL;
    b->value = v;
    b->first = sp;
    b->fill = NULL;
    b->known = NULL;
    b->guard = NULL;
    b->unbound = 0;
    b->bound = NULL;
    b->pend = NULL;
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

/* Are compile-time values a and b (BIND_CONST values) the same: one pseudo value's type (a
 * dtype, a function, a module), or constants of one payload? */
static bool same_const(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    if (!a || !b || !ty_equal(a->type, b->type) || !a->def != !b->def) return false;
    if (!a->def) return true;
    const IrInstr *x = a->def, *y = b->def;
    if (x->op != y->op || x->dtype != y->dtype) return false;
    switch (x->op) {
    case IR_CONST_INT: case IR_CONST_BOOL: return x->ival == y->ival;
    case IR_CONST_FLOAT: return x->fval == y->fval && signbit(x->fval) == signbit(y->fval);
    case IR_CONST_STR: return !strcmp(x->sval, y->sval);
    case IR_CONST_NONE: return true;
    default: return false;
    }
}

/* The type of a variable that holds constants a and b (a str, int, float or bool constant
 * each, of one type), or NULL. */
static Type *const_runtime_type(const IrValue *a, const IrValue *b)
{
    if (!a->def || !b->def || a->def->op != b->def->op || a->def->dtype != b->def->dtype ||
        !ty_equal(a->type, b->type))
        return NULL;
    switch (a->def->op) {
    case IR_CONST_INT: return a->def->dtype == DT_UINT64 ? NULL : a->type;
    case IR_CONST_BOOL: case IR_CONST_FLOAT: case IR_CONST_STR: return a->type;
    default: return NULL;
    }
}

/* var = constant v (of const_runtime_type), converted to var's type, at the end of block blk
 * (L->blk when NULL). */
static void store_const(Lower *L, IrBlock *blk, IrVar *var, const IrValue *v, Span sp)
{
    IrBlock *saved = L->blk;
    if (blk) L->blk = blk;
    const IrInstr *c = v->def;
    IrValue *k = c->op == IR_CONST_STR     ? lw_const_str(L, sp, c->sval)
                 : c->op == IR_CONST_FLOAT ? lw_const_float(L, sp, c->fval)
                 : c->op == IR_CONST_BOOL  ? lw_const_bool(L, sp, c->ival)
                                           : lw_const_int(L, sp, c->ival);
    lw_store(L, var, lw_flow_convert(L, k, var->type, sp), sp);
    L->blk = saved;
}

/* The type of what binding b holds where paths join into a variable: a variable's, or that of
 * a str, int, float or bool constant (const_runtime_type); NULL for a compile-time value (a
 * dtype, a function, a module, None) or a conflict. */
static Type *exit_type(const Binding *b)
{
    if (b->kind == BIND_VAR) return b->var->type;
    if (b->kind != BIND_CONST || !b->value) return NULL;
    return const_runtime_type(b->value, b->value) ? b->value->type : NULL;
}

/* to = what binding b (of an exit_type) holds, converted to to's type, at the end of L->blk. */
static void store_binding(Lower *L, const Binding *b, IrVar *to, Span sp)
{
    if (b->kind == BIND_CONST)
        store_const(L, NULL, to, b->value, sp);
    else if (b->var != to)
        flow_store(L, NULL, b->var, to, sp);
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

/* flag = v (a hidden bool) at the end of block blk. */
static void store_flag(Lower *L, IrBlock *blk, IrVar *flag, IrVar *from, Span sp)
{
    IrBlock *saved = L->blk;
    L->blk = blk;
    lw_store(L, flag, from ? lw_load(L, from, sp) : lw_const_bool(L, sp, false), sp);
    L->blk = saved;
}

/* The check of a read (Binding.guard) after the join of if `in`, where dst joins t (then) and e
 * (else): the guard either path has, set at the end of each path (false where the path has a
 * value, its own guard's value where that differs). */
static void join_guard(Lower *L, IrInstr *in, Binding *dst, const Binding *t, const Binding *e)
{
    const Binding *g = t->guard ? t : e->guard ? e : NULL;
    dst->guard = g ? g->guard : NULL;
    if (!g) return;
    dst->guard_none = g->guard_none;
    dst->guard_msg = g->guard_msg;
    for (int k = 0; k < 2; k++) {
        const Binding *p = k ? e : t;
        if (p->guard != g->guard) store_flag(L, in->blocks[k], g->guard, p->guard, in->span);
    }
}

static bool is_none_const(const Binding *b)
{
    return b->kind == BIND_CONST && b->value && b->value->type->kind == TY_NONE;
}

/* The join after if `in` of None on one path and a variable on the other (t, e): the variable,
 * guarded by a hidden bool that is true where it is None (an optional value).  false: not
 * such a join. */
static bool none_join(Lower *L, IrInstr *in, Scope *s, Binding *dst, const Binding *t, const Binding *e)
{
    bool tn = is_none_const(t);
    const Binding *v = tn ? e : t;
    if (tn == is_none_const(e) || v->kind != BIND_VAR || (v->guard && !v->guard_none) ||
        lw_flow_global_fixed(L, s, dst))
        return false;
    IrVar *flag = v->guard ? v->guard : lw_new_var(L, s, ar_printf(L->a, "%s@none", dst->name), ty_bool());
    IrBlock *nb = in->blocks[tn ? 0 : 1];
    IrBlock *saved = L->blk;
    L->blk = nb;
    lw_store(L, flag, lw_const_bool(L, in->span, true), in->span);
    L->blk = saved;
    if (!v->guard) store_flag(L, in->blocks[tn ? 1 : 0], flag, NULL, in->span);
    set_fields(dst, v);
    dst->fill = NULL;
    dst->known = NULL;
    dst->guard = flag;
    dst->guard_none = true;
    dst->guard_msg =
        ar_printf(L->a, "'%s' is None (line %u) where gpyc uses it as the %s it is on another path",
                  dst->name, (tn ? t : e)->first.line, ty_str_of(v->var->type));
    return true;
}

/* Do values a and b (Binding.known) have the same compile-time facts: arrays of one ndim and
 * the same static dims (lw_static_dim)?  Then either stands for both after a join. */
static bool same_facts(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    if (!a || !b || a->type->kind != TY_ARRAY || b->type->kind != TY_ARRAY || a->type->ndim != b->type->ndim)
        return false;
    for (int i = 0; i < a->type->ndim; i++)
        if (lw_static_dim(a, i) != lw_static_dim(b, i)) return false;
    return true;
}

/* flag = val at the end of block blk. */
static void store_bool(Lower *L, IrBlock *blk, IrVar *flag, bool val, Span sp)
{
    IrBlock *saved = L->blk;
    L->blk = blk;
    lw_store(L, flag, lw_const_bool(L, sp, val), sp);
    L->blk = saved;
}

/* The hidden bool "x@bound" of binding b of scope s, made once (again where a loop's pass that
 * made it was dropped). */
static IrVar *bound_flag(Lower *L, Scope *s, Binding *b)
{
    Vec *vars = s->is_module ? &L->m->globals : &L->fn->locals;
    for (int i = 0; b->bflag && i < vars->n; i++)
        if (vars->v[i] == b->bflag) return b->bflag;
    return b->bflag = lw_new_var(L, s, ar_printf(L->a, "%s@bound", b->name), ty_bool());
}

/* What makes "x@bound" true or false once a read needs it (Binding.pend): made where a name
 * becomes maybe unbound, carried out (lw_flow_bound) only for a name read there, so that the
 * code of other names does not change.  The stores go at the end of a branch of an if (closed
 * by then) or after the stores of a loop into the name's variable. */
struct Pend {
    struct Pend *kid[2]; /* the paths' own (carried out too) */
    IrBlock *tblk, *fblk; /* true at the end of tblk (a path that binds it), false at fblk's (del) */
    IrBlock *blk; /* a loop's code: blk from instruction first on, its stores into var */
    IrInstr *first, *last;
    IrVar *var;
    Span sp;
    bool done;
};

static void mark_stores(Lower *L, IrBlock *blk, int from, int to, IrVar *var, IrVar *flag);

static void carry_out(Lower *L, Pend *p, IrVar *flag)
{
    if (!p || p->done) return;
    p->done = true;
    if (p->tblk) store_bool(L, p->tblk, flag, true, p->sp);
    if (p->fblk) store_bool(L, p->fblk, flag, false, p->sp);
    if (p->var) {
        int from = ir_index_in_block(p->blk, p->first), to = ir_index_in_block(p->blk, p->last);
        if (from >= 0 && to >= from) mark_stores(L, p->blk, from, to, p->var, flag);
    }
    carry_out(L, p->kid[0], flag);
    carry_out(L, p->kid[1], flag);
}

static Pend *new_pend(Lower *L, Span sp)
{
    Pend *p = ar_alloc(L->a, sizeof *p);
    memset(p, 0, sizeof *p);
    p->sp = sp;
    return p;
}

/* The scope that holds binding b. */
static Scope *scope_of(Lower *L, const Binding *b)
{
    return lw_scope_find(L->scope, b->name) == b ? L->scope : L->module_scope;
}

/* The flag of b that may be unbound, its stores made (a read, a del, a path's store). */
static IrVar *bound_now(Lower *L, Binding *b)
{
    if (b->pend) {
        b->bound = bound_flag(L, scope_of(L, b), b);
        carry_out(L, b->pend, b->bound);
        b->pend = NULL;
    }
    return b->bound;
}

/* The maybe-unbound state after if `in` of a name bound on both paths (t, e), one of them
 * maybe unbound (bound or pend): a path bound for sure stores true at its end. */
static void join_maybe(Lower *L, IrInstr *in, Binding *dst, Binding *t, Binding *e)
{
    bool tm = t->bound || t->pend, em = e->bound || e->pend;
    dst->bound = NULL;
    dst->pend = NULL;
    if (!tm && !em) return;
    if (t->bound || e->bound) { /* made already: carried out now */
        IrVar *f = t->bound ? t->bound : e->bound;
        for (int k = 0; k < 2; k++) {
            Binding *p = k ? e : t;
            if (p->pend) carry_out(L, p->pend, f);
            else if (!p->bound) store_bool(L, in->blocks[k], f, true, in->span);
        }
        dst->bound = f;
        return;
    }
    if (t->pend == e->pend) {
        dst->pend = t->pend;
        return;
    }
    Pend *p = new_pend(L, in->span);
    p->kid[0] = t->pend;
    p->kid[1] = e->pend;
    p->tblk = !tm ? in->blocks[0] : !em ? in->blocks[1] : NULL;
    dst->pend = p;
}

/* The join after if `in` of a name unbound on one path (t or e) and bound on the other: the
 * bound path's binding, maybe unbound: "x@bound" (zero, false, until a path binds it) is set
 * true at the end of the path that binds it and false at the end of a path that deleted it.
 * A path where it was never bound leaves the bool as it is: in a loop an earlier iteration may
 * have bound it.  Unbound on both paths: unbound. */
static void unbound_join(Lower *L, IrInstr *in, Scope *s, Binding *dst, const Binding *t, const Binding *e)
{
    if (t->unbound && e->unbound) {
        set_fields(dst, t->unbound == UNB_DEL ? e : t);
        return;
    }
    int ub = t->unbound ? 0 : 1; /* the block of the path where it is unbound */
    const Binding *u = ub ? e : t, *v = ub ? t : e;
    set_fields(dst, v);
    if (v->kind != BIND_VAR || (s->is_module && L->scope != s)) return; /* unchecked, as before */
    dst->fill = NULL;
    if (v->bound) { /* made already */
        if (u->unbound == UNB_DEL) store_bool(L, in->blocks[ub], v->bound, false, in->span);
        return;
    }
    Pend *p = new_pend(L, in->span);
    p->kid[0] = v->pend;
    if (!v->pend) p->tblk = in->blocks[1 - ub];
    if (u->unbound == UNB_DEL) p->fblk = in->blocks[ub];
    dst->pend = p;
}

static void join_types(Lower *L, IrInstr *in, Scope *s, Binding *dst, Binding t, Binding e);

/* The join after an if of binding dst (of scope s): t its fields at the end of the then-block,
 * e at the end of the else-block. */
static void join_pair(Lower *L, IrInstr *in, Scope *s, Binding *dst, const Binding *tb, const Binding *eb)
{
    Binding t = *tb, e = *eb;
    if (t.unbound || e.unbound) {
        unbound_join(L, in, s, dst, &t, &e);
        return;
    }
    Binding m;
    join_maybe(L, in, &m, &t, &e);
    join_types(L, in, s, dst, t, e);
    dst->bound = m.bound;
    dst->pend = m.pend;
}

/* join_pair of two bindings that are bound (or maybe unbound) on both paths. */
static void join_types(Lower *L, IrInstr *in, Scope *s, Binding *dst, Binding t, Binding e)
{
    if (same_binding(&t, &e)) {
        set_fields(dst, &e);
        if (t.fill != e.fill) dst->fill = NULL; /* read (or another placeholder) on one path */
        if (!same_facts(t.known, e.known)) dst->known = NULL; /* assigned again on one path */
        join_guard(L, in, dst, &t, &e);
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
        dst->known = same_facts(t.known, e.known) ? t.known : NULL;
        join_guard(L, in, dst, &t, &e);
        return;
    }
    if (bound_to_nothing(&t) || bound_to_nothing(&e)) {
        set_fields(dst, bound_to_nothing(&t) ? &t : &e);
        return;
    }
    if (t.kind == BIND_CONST && e.kind == BIND_CONST) {
        if (same_const(t.value, e.value)) {
            set_fields(dst, &e);
            return;
        }
        /* two str (int, float, bool) constants: a variable, each path storing its own */
        Type *ct = const_runtime_type(t.value, e.value);
        if (ct && !lw_flow_global_fixed(L, s, dst)) {
            IrVar *to = lw_new_var(L, s, dst->name, ct);
            store_const(L, in->blocks[0], to, t.value, in->span);
            store_const(L, in->blocks[1], to, e.value, in->span);
            set_fields(dst, &e);
            set_var(dst, to);
            return;
        }
        /* two compile-time values (dtypes, functions): which one the code after the join
         * sees is known only at run time, so a read there is the conflict's error */
    }
    if ((t.kind == BIND_CONST) != (e.kind == BIND_CONST) && t.kind != BIND_CONFLICT &&
        e.kind != BIND_CONFLICT) {
        /* a str (int, ...) constant and a variable of its type: the variable, the constant's
         * path storing it */
        const Binding *c = t.kind == BIND_CONST ? &t : &e, *v = c == &t ? &e : &t;
        if (v->kind == BIND_VAR && !v->guard && !v->fill && const_runtime_type(c->value, c->value) &&
            ty_equal(v->var->type, c->value->type)) {
            store_const(L, in->blocks[c == &t ? 0 : 1], v->var, c->value, in->span);
            set_fields(dst, v);
            dst->fill = NULL;
            dst->known = NULL;
            return;
        }
    }
    if (none_join(L, in, s, dst, &t, &e)) return;
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

/* The first iteration of a loop lowered apart (peeled, lw_flow_loop): the loop instruction
 * whose back edges all leave it, then the loop from its second iteration on.  Per head
 * binding (the index of lp->head's lists): */
typedef struct Peel {
    /* the join of the types the exits that changed it carry (NULL: none; &conflict_mark: they
     * do not join) */
    Type **acc;
    bool *kept; /* an exit carries it unchanged */
    bool *conflict; /* the types after the first iteration do not join */
    IrVar **exitv; /* the variable its exits store into (NULL: none) */
    Binding *why; /* the exit binding that set acc */
    IrVar *skipped; /* the hidden flag: true until an exit of the first iteration (NULL: a loop
                       that runs once, lw_flow_once) */
    IrVar **flag; /* the guard (Binding.guard) peel_finish gives it, or NULL */
    int n; /* head bindings */
    int exits; /* back edges lowered (in the last pass): none when every path returns or raises */
} Peel;

/* A back edge of a peeled first iteration: it leaves the loop.  Each binding's value goes to
 * its exit variable; the exits' types accumulate. */
static void peel_back(Lower *L, Loop *lp)
{
    Peel *pl = lp->peel;
    FlowState *h = lp->head;
    if (pl->skipped) lw_store(L, pl->skipped, lw_const_bool(L, lp->sp, false), lp->sp);
    pl->exits++;
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *b = h->list[k][i], *hc = &h->copy[k][i];
            if (hc->kind == BIND_CONFLICT || bound_to_nothing(hc) || bound_to_nothing(b)) continue;
            if (same_binding(b, hc) ||
                (b->kind == BIND_CONST && hc->kind == BIND_CONST && same_const(b->value, hc->value))) {
                pl->kept[idx] = true;
            } else if (b->kind == BIND_CONST && hc->kind == BIND_CONST) {
                /* another compile-time value: the one all such exits bind, else a conflict */
                Type *a = pl->acc[idx];
                if (!a) pl->why[idx] = *b;
                pl->acc[idx] = (!a || (a == &const_mark && same_const(pl->why[idx].value, b->value)))
                                   ? &const_mark
                                   : &conflict_mark;
                continue;
            } else {
                Type *a = pl->acc[idx], *bt = exit_type(b);
                Type *j = !bt                                       ? NULL
                          : !a                                      ? bt
                          : a == &conflict_mark || a == &const_mark ? NULL
                                                                    : lw_join_type(a, bt);
                if (!a || (!j && a != &conflict_mark)) pl->why[idx] = *b;
                pl->acc[idx] = j ? j : &conflict_mark;
            }
            IrVar *to = pl->exitv[idx];
            Type *bt = exit_type(b);
            if (to && bt && (b->kind != BIND_VAR || b->var != to)) {
                Type *j = lw_join_type(to->type, bt);
                if (j && ty_equal(j, to->type)) store_binding(L, b, to, lp->sp);
            }
        }
    }
}

/* The type head binding idx (hc) has after the first iteration (the join of its exits'), NULL
 * where no exit changes it; *conflict where they do not join. */
static Type *peel_want(const Peel *pl, int idx, const Binding *hc, bool *conflict)
{
    Type *a = pl->acc[idx];
    if (a == &const_mark) { /* (no exit variable: peel_finish binds the value) */
        *conflict = pl->kept[idx];
        return NULL;
    }
    *conflict = a == &conflict_mark;
    if (!a || *conflict || !pl->kept[idx]) return *conflict ? NULL : a;
    Type *j = exit_type(hc) ? lw_join_type(a, exit_type(hc)) : NULL;
    *conflict = !j;
    return j;
}

/* After a pass of the first iteration: whether a binding its exits change needs another
 * exit variable (the first iteration is lowered again); with apply, each gets it (the head's
 * where of its type; else a new one, given the head's value now where the types join). */
static bool peel_decide(Lower *L, Loop *lp, bool apply)
{
    Peel *pl = lp->peel;
    FlowState *h = lp->head;
    bool again = false;
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *hc = &h->copy[k][i];
            bool conflict;
            Type *w = peel_want(pl, idx, hc, &conflict);
            if (conflict && apply) pl->conflict[idx] = true;
            if (conflict || !w || (pl->exitv[idx] && ty_equal(pl->exitv[idx]->type, w))) continue;
            again = true;
            if (!apply) continue;
            Type *ht = binding_type(hc);
            if (ht && keeps_var(h->sc[k], h->list[k][i], lp->sp, ht, w)) {
                pl->conflict[idx] = true; /* (reported) */
                continue;
            }
            if (hc->kind == BIND_VAR && ty_equal(hc->var->type, w)) {
                pl->exitv[idx] = hc->var;
                continue;
            }
            pl->exitv[idx] = lw_new_var(L, h->sc[k], hc->name, w);
            if (exit_type(hc) && lw_join_type(w, exit_type(hc))) store_binding(L, hc, pl->exitv[idx], lp->sp);
        }
    }
    return again;
}

/* Whether loop instruction in surely runs an iteration: a range of constants that is not
 * empty, or `while True`. */
static bool surely_runs(const IrInstr *in)
{
    int64_t a, b, c;
    if (in->op == IR_FOR_RANGE)
        return lw_is_const_int(in->args[0], &a) && lw_is_const_int(in->args[1], &b) &&
               lw_is_const_int(in->args[2], &c) && (c > 0 ? a < b : c < 0 && a > b);
    const IrBlock *cb = in->op == IR_WHILE ? in->blocks[0] : NULL;
    const IrInstr *last = cb && cb->instrs.n ? cb->instrs.v[cb->instrs.n - 1] : NULL;
    return last && last->op == IR_COND && lw_is_const_int(last->args[0], &a) && a;
}

/* After the first iteration: each binding its exits changed is its exit variable (a read
 * checks skipped where the head's type does not join it and the loop may run no iteration),
 * or a conflict.  Each is a remark (gpyc -v). */
static void peel_finish(Lower *L, Loop *lp, const IrInstr *in)
{
    Peel *pl = lp->peel;
    FlowState *h = lp->head;
    bool runs = !pl->skipped || surely_runs(in);
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *b = h->list[k][i], *hc = &h->copy[k][i];
            bool conflict; /* (the last pass's exits, whether or not an earlier pass recorded it) */
            peel_want(pl, idx, hc, &conflict);
            if (pl->conflict[idx] || conflict) {
                set_conflict(b, hc, &pl->why[idx]);
                continue;
            }
            if (pl->acc[idx] == &const_mark) { /* every exit that changed it binds one value */
                if (runs)
                    set_fields(b, &pl->why[idx]);
                else /* a loop that may run no iteration leaves the head's value: either one */
                    set_conflict(b, hc, &pl->why[idx]);
                continue;
            }
            IrVar *to = pl->exitv[idx];
            if (!to || (hc->kind == BIND_VAR && to == hc->var)) continue;
            const char *was = ty_str_of(binding_type(hc)), *now = ty_str_of(to->type);
            bool joins = exit_type(hc) && lw_join_type(to->type, exit_type(hc));
            b->kind = BIND_VAR;
            b->var = to;
            b->value = NULL;
            b->first = pl->why[idx].first;
            b->fill = NULL;
            b->known = NULL;
            if (!joins && !runs) {
                b->guard = pl->flag[idx] =
                    lw_new_var(L, h->sc[k], ar_printf(L->a, "%s@skipped", b->name), ty_bool());
                lw_store(L, b->guard, lw_load(L, pl->skipped, lp->sp), lp->sp);
                b->guard_none = is_none_const(hc);
                b->guard_msg =
                    ar_printf(L->a,
                              "'%s' is read after the loop at line %u, which ran no iteration: it "
                              "still holds the %s of line %u, but gpyc compiled the code after the "
                              "loop for the %s that one iteration makes it",
                              b->name, lp->sp.line, was, hc->first.line, now);
            }
            if (!pl->skipped) continue; /* (lw_flow_once: not a loop's first iteration) */
            diag_remark(
                lp->sp,
                "the first iteration of this loop is compiled apart from the others: '%s' is %s "
                "before it and %s after one iteration%s",
                b->name, was, now,
                b->guard ? " (a read after the loop raises RuntimeError if the loop runs no iteration)" : "");
        }
    }
}

static void *zalloc(Lower *L, int n, size_t size)
{
    void *p = ar_alloc(L->a, size * (size_t)(n ? n : 1));
    memset(p, 0, size * (size_t)(n ? n : 1));
    return p;
}

/* A name first bound in a loop's body (no head binding): after the loop it holds what the
 * last exit run (a back edge or a break) bound it to.  Where its exits bind it to different
 * bindings whose types join, the loop is lowered again with one variable of the join's type
 * (var) that each exit stores into; where they do not join, the name after the loop is a
 * conflict.  Per name, kept from pass to pass (Loop.outs): */
typedef struct LoopOut {
    const char *name;
    Scope *sc;
    Type *acc; /* the join of the exits' types (exit_type); &const_mark: one compile-time value;
                  &conflict_mark: they do not join; NULL: no exit binds it (this pass) */
    Binding first; /* the first exit's binding */
    Binding why; /* the exit's binding that made acc a conflict */
    bool differ; /* exits bind it to different bindings */
    bool guarded; /* an exit's binding has a guard (an optional value) or may be unbound: what
                     var does not carry (where they differ, a conflict) */
    IrVar *var; /* the variable each exit stores into (from the pass after one where they differ) */
} LoopOut;

/* At an exit of loop lp: what each name first bound in its body holds (a path where it is
 * unbound, or poisoned by an error, leaves it as an earlier iteration did). */
static void out_exit(Lower *L, Loop *lp)
{
    FlowState *h = lp->head;
    for (int k = 0; k < h->nsc; k++) {
        Scope *sc = h->sc[k];
        for (int i = h->n[k]; i < sc->binds.n; i++) {
            Binding *b = sc->binds.v[i];
            if (b->unbound || bound_to_nothing(b)) continue;
            LoopOut *e = NULL;
            for (int j = 0; j < lp->outs->n && !e; j++) {
                LoopOut *o = lp->outs->v[j];
                if (o->sc == sc && !strcmp(o->name, b->name)) e = o;
            }
            if (!e) {
                e = zalloc(L, 1, sizeof *e);
                e->name = b->name;
                e->sc = sc;
                vec_push(lp->outs, e);
            }
            Type *t = b->kind == BIND_CONFLICT ? NULL : exit_type(b);
            bool konst = b->kind == BIND_CONST && !t;
            if (!e->acc) {
                e->first = *b;
                e->why = *b;
                e->acc = b->kind == BIND_CONFLICT ? &conflict_mark : konst ? &const_mark : t;
            } else if (!same_binding(b, &e->first) &&
                       !(b->kind == BIND_CONST && e->first.kind == BIND_CONST &&
                         same_const(b->value, e->first.value))) {
                if (!e->differ) e->why = *b;
                e->differ = true;
                Type *j =
                    e->acc == &conflict_mark || e->acc == &const_mark || !t ? NULL : lw_join_type(e->acc, t);
                if (!j && e->acc != &conflict_mark) e->why = *b;
                e->acc = j ? j : &conflict_mark;
            }
            if (b->guard || b->bound || b->pend) e->guarded = true;
            if (e->var && t && (b->kind != BIND_VAR || b->var != e->var)) {
                Type *j = lw_join_type(e->var->type, t);
                if (j && ty_equal(j, e->var->type)) store_binding(L, b, e->var, lp->sp);
            }
        }
    }
}

/* Before a pass of a loop: no exit seen yet. */
static void outs_begin(Vec *outs)
{
    for (int j = 0; j < outs->n; j++) {
        LoopOut *o = outs->v[j];
        o->acc = NULL;
        o->differ = o->guarded = false;
    }
}

/* Whether a name's exits need a variable they do not have yet (the loop is lowered again);
 * with apply, each gets it. */
static bool outs_again(Lower *L, Vec *outs, bool apply)
{
    bool again = false;
    for (int j = 0; j < outs->n; j++) {
        LoopOut *o = outs->v[j];
        Type *a = o->acc;
        if (!a || a == &conflict_mark || a == &const_mark || !o->differ || o->guarded ||
            (o->var && ty_equal(o->var->type, a)))
            continue;
        again = true;
        if (apply) o->var = lw_new_var(L, o->sc, o->name, a);
    }
    return again;
}

/* After the loop's last pass: each name first bound in the body holds its exits' variable, the
 * one binding they all have, or a conflict. */
static void outs_finish(Vec *outs)
{
    for (int j = 0; j < outs->n; j++) {
        LoopOut *o = outs->v[j];
        Binding *b = lw_scope_find(o->sc, o->name);
        if (!b || !o->acc) continue;
        if (o->acc == &conflict_mark || (o->differ && (o->guarded || !o->var))) {
            set_conflict(b, &o->first, &o->why);
            continue;
        }
        if (!o->differ) {
            /* (the end of the body is not an exit: dead, where the name may be unbound) */
            if (!same_binding(b, &o->first) || b->unbound != o->first.unbound || b->bound != o->first.bound ||
                b->pend != o->first.pend) {
                set_fields(b, &o->first);
                b->fill = NULL;
                b->known = NULL;
            }
            continue;
        }
        if (b->kind == BIND_VAR && b->var != o->var &&
            keeps_var(o->sc, b, b->first, b->var->type, o->var->type))
            continue;
        b->kind = BIND_VAR;
        b->var = o->var;
        b->value = NULL;
        b->first = o->first.first;
        b->fill = NULL;
        b->known = NULL;
        b->guard = NULL;
    }
}

void lw_flow_back(Lower *L)
{
    Loop *lp = L->loop;
    if (L->dead || !lp) return;
    if (lp->outs) out_exit(L, lp);
    if (lp->peel) {
        peel_back(L, lp);
        return;
    }
    FlowState *h = lp->head;
    int idx = 0;
    for (int k = 0; k < h->nsc; k++) {
        for (int i = 0; i < h->n[k]; i++, idx++) {
            Binding *b = h->list[k][i], *hc = &h->copy[k][i];
            if (same_binding(b, hc) || hc->kind == BIND_CONFLICT || bound_to_nothing(hc) ||
                bound_to_nothing(b) || lp->want[idx] == &conflict_mark)
                continue;
            if (hc->kind == BIND_VAR && hc->guard && hc->guard_none && is_none_const(b)) {
                /* None again: an optional head (none_head) holds it */
                lw_store(L, hc->guard, lw_const_bool(L, lp->sp, true), lp->sp);
                continue;
            }
            Type *j = NULL;
            if (b->kind == BIND_VAR && is_none_const(hc) && (!b->guard || b->guard_none) &&
                (!lp->want[idx] || lp->opt[idx])) {
                /* None at the head, a value here: an optional head (none_head) */
                j = !lp->want[idx] ? b->var->type : lw_join_type(lp->want[idx], b->var->type);
                if (j && lp->want[idx] && ty_equal(j, lp->want[idx])) continue;
                lp->want[idx] = j ? j : &conflict_mark;
                lp->opt[idx] = j != NULL;
                lp->why[idx] = *b;
                lp->widen = true;
                continue;
            }
            Type *ht = exit_type(hc), *bt = exit_type(b);
            if (ht && bt) { /* (a str constant of a loop over a tuple and a variable: one variable) */
                Type *was = lp->want[idx] ? lp->want[idx] : ht;
                j = lw_join_type(was, bt);
                if (!j && !lp->want[idx] && hc->kind == BIND_VAR) j = fill_join(hc, was, bt);
                if (!j && b->kind == BIND_VAR) j = fill_join(b, bt, was);
            } else if (b->kind == BIND_CONST && hc->kind == BIND_CONST && same_const(b->value, hc->value)) {
                continue;
            } /* (another compile-time value, a dtype or a function: the first iteration is
                 lowered apart, peel_first, the next ones see the value it leaves) */
            if (j && !lp->want[idx] && hc->kind == BIND_VAR && ty_equal(j, hc->var->type)) {
                store_binding(L, b, hc->var, lp->sp);
                if (hc->guard && b->guard != hc->guard) store_flag(L, L->blk, hc->guard, b->guard, lp->sp);
                continue;
            }
            if (j && lp->want[idx] && ty_equal(j, lp->want[idx])) continue;
            lp->want[idx] = j ? j : &conflict_mark;
            lp->why[idx] = *b;
            lp->widen = true;
        }
    }
}

/* Head binding b, None before the loop, becomes a variable of type t that may be None (a hidden
 * bool, true now: Binding.guard). */
static void none_head(Lower *L, Scope *s, Binding *b, Type *t, Span sp)
{
    Span first = b->first;
    if (!lw_flow_rebind(L, s, b, t, first)) return;
    b->guard = lw_new_var(L, s, ar_printf(L->a, "%s@none", b->name), ty_bool());
    lw_store(L, b->guard, lw_const_bool(L, sp, true), sp);
    b->guard_none = true;
    b->guard_msg =
        ar_printf(L->a, "'%s' is None (line %u) where gpyc uses it as the %s it is on another path", b->name,
                  first.line, ty_str_of(t));
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
            if (w != &conflict_mark && lp->opt[idx]) {
                none_head(L, h->sc[k], b, w, lp->sp);
                continue;
            }
            if (w == &conflict_mark || !exit_type(b)) {
                set_conflict(b, &h->copy[k][i], &lp->why[idx]);
                continue;
            }
            IrVar *nv = lw_new_var(L, h->sc[k], b->name, w);
            store_binding(L, b, nv, lp->sp); /* (a constant head becomes a variable) */
            b->kind = BIND_VAR;
            b->value = NULL;
            b->var = nv;
            b->fill = NULL;
            b->known = NULL;
        }
    }
}

/* Whether a back edge found a type that does not join its head binding's. */
static bool has_conflict(const Loop *lp, int n)
{
    for (int i = 0; i < n; i++)
        if (lp->want[i] == &conflict_mark) return true;
    return false;
}

/* What a pass of a loop made, to drop it when the loop is lowered again. */
typedef struct PassMark {
    IrBlock *blk;
    int ninst, nfuncs, nglobals, nlocals;
} PassMark;

static PassMark pass_mark(Lower *L)
{
    return (PassMark){ L->blk, L->instances.n, L->m->funcs.n, L->m->globals.n, L->fn->locals.n };
}

/* Drops a pass's loop instruction in (its block's last instruction) with the variables and
 * function instances it made, which only its code uses. */
static void drop_pass(Lower *L, const PassMark *pm, IrInstr *in)
{
    IrBlock *blk = pm->blk;
    if (blk->instrs.n && blk->instrs.v[blk->instrs.n - 1] == in) {
        blk->instrs.n--;
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j]) in->args[j]->nuses--;
        ir_block_discard(in->blocks[0]); /* the loop's body (its instruction lists) */
        ir_block_discard(in->blocks[1]);
    }
    lw_drop_instances(L, pm->ninst);
    lw_drop_funcs(L, pm->nfuncs);
    L->m->globals.n = pm->nglobals;
    L->fn->locals.n = pm->nlocals;
}

/* The number of bindings st holds. */
static int flow_size(const FlowState *st)
{
    int n = 0;
    for (int k = 0; k < st->nsc; k++) n += st->n[k];
    return n;
}

/* The first iteration of loop s, lowered apart: body's loop instruction, each back edge a
 * break (continue included; a break also sets the hidden flag broke), lowered again while an
 * exit variable changes.  Returns the instruction (and *pp its Peel), NULL after errors in it.
 * once: the loop instruction surely runs its body (lw_flow_once), no flag `skipped`. */
static IrInstr *peel_first(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx,
                           const char *broke, Peel *pp, bool once)
{
    Peel pl = { 0 };
    Vec outs = { 0 };
    if (!once) {
        pl.skipped = lw_new_var(L, L->scope, ar_printf(L->a, "skipped@loop%d", s->id), ty_bool());
        lw_store(L, pl.skipped, lw_const_bool(L, s->span, true), s->span);
    }
    for (int pass = 0;; pass++) {
        FlowState *h = lw_flow_save(L);
        int n = flow_size(h);
        if (!pass) {
            pl.acc = zalloc(L, n, sizeof(Type *));
            pl.kept = zalloc(L, n, sizeof(bool));
            pl.conflict = zalloc(L, n, sizeof(bool));
            pl.exitv = zalloc(L, n, sizeof(IrVar *));
            pl.why = zalloc(L, n, sizeof(Binding));
            pl.flag = zalloc(L, n, sizeof(IrVar *));
        } else {
            memset(pl.acc, 0, sizeof(Type *) * (size_t)(n ? n : 1));
            memset(pl.kept, 0, sizeof(bool) * (size_t)(n ? n : 1));
        }
        pl.exits = 0;
        outs_begin(&outs);
        Loop lp = { .outer = L->loop, .head = h, .sp = s->span, .broke = broke, .peel = &pl, .outs = &outs };
        int errors = diag_count();
        DiagHold hold;
        diag_hold(&hold);
        PassMark pm = pass_mark(L);
        L->loop = &lp;
        IrInstr *in = body(L, ctx);
        L->loop = lp.outer;
        if (!L->dead) { /* the end of the body leaves the loop too */
            IrBlock *b = in->blocks[in->op == IR_WHILE ? 1 : 0];
            ir_emit(L->m, b, IR_BREAK, s->span, NULL, 0, NULL);
        }
        L->dead = false;
        if (diag_count() == errors && pass < 8 &&
            (peel_decide(L, &lp, false) || outs_again(L, &outs, false))) {
            diag_release(&hold, false);
            drop_pass(L, &pm, in);
            restore(h, true);
            peel_decide(L, &lp, true);
            outs_again(L, &outs, true);
            continue;
        }
        diag_release(&hold, true);
        restore(h, false);
        for (int k = 0; k < h->nsc; k++)
            for (int i = 0; i < h->n[k]; i++) h->list[k][i]->fill = NULL;
        outs_finish(&outs);
        vec_free(&outs);
        if (diag_count() > errors) return NULL;
        peel_finish(L, &lp, in);
        pl.n = n;
        *pp = pl;
        return in;
    }
}

static void flow_loop(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx,
                      const char *broke, bool rest, IrValue *start);

/* The reads of the current bindings check the guards peel_finish gave no more. */
static void drop_guards(Lower *L, const Peel *pl)
{
    Scope *sc[2] = { L->scope, L->module_scope };
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < sc[k]->binds.n; i++) {
            Binding *b = sc[k]->binds.v[i];
            for (int j = 0; j < pl->n && b->guard; j++)
                if (b->guard == pl->flag[j]) b->guard = NULL;
        }
}

/* The loop from its second iteration on, after peel_first, unless a break left the first
 * iteration (broke) or it ran none (skipped): `if not (broke or skipped):` the loop (a range
 * from start + step), whose reads need no check of skipped, then the join of both paths. */
static void peel_rest(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx,
                      const IrInstr *first, const char *broke, const Peel *pl)
{
    Span sp = s->span;
    Binding *fb = lw_lookup(L, broke);
    IrValue *c = lw_ewise(L, IR_LOGICAL_OR, sp, 2,
                          (IrValue *[]){ lw_load(L, fb->var, sp), lw_load(L, pl->skipped, sp) });
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &c);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    FlowState *t = lw_flow_save(L);
    drop_guards(L, pl);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[1];
    IrValue *start = NULL;
    if (first->op == IR_FOR_RANGE)
        start = lw_ewise(L, IR_ADD, sp, 2, (IrValue *[]){ first->args[0], first->args[2] });
    flow_loop(L, s, body, ctx, s->els ? broke : NULL, true, start);
    L->blk = saved;
    lw_flow_join_if(L, in, t, false, L->dead);
}

/* The passes of loop s from the current bindings (lw_flow_loop): broke is its hidden flag (or
 * NULL); rest: the loop from its second iteration on (a range from start), which does not
 * peel.  Otherwise a back edge whose type does not join its head binding's peels the first
 * iteration (peel_first, then peel_rest). */
static void flow_loop(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx,
                      const char *broke, bool rest, IrValue *start)
{
    Vec outs = { 0 };
    for (int pass = 0;; pass++) {
        FlowState *h = lw_flow_save(L);
        int n = flow_size(h);
        outs_begin(&outs);
        Loop lp = { .outer = L->loop, .head = h, .sp = s->span, .broke = broke, .outs = &outs };
        lp.want = zalloc(L, n, sizeof(Type *));
        lp.why = zalloc(L, n, sizeof(Binding));
        lp.opt = zalloc(L, n, sizeof(bool));
        int errors = diag_count();
        DiagHold hold; /* a pass lowered again reports nothing: its errors may come of a type it widens */
        diag_hold(&hold);
        PassMark pm = pass_mark(L);
        L->loop = &lp;
        IrInstr *in = body(L, ctx);
        L->loop = lp.outer;
        L->dead = false;
        if (start && in->op == IR_FOR_RANGE) {
            in->args[0]->nuses--;
            in->args[0] = start;
            start->nuses++;
        }
        bool again = (lp.widen || outs_again(L, &outs, false)) && pass < 8;
        diag_release(&hold, !again);
        if (!again || diag_count() > errors) {
            restore(h, false); /* after the loop: the head variables; names first bound in it stay */
            for (int k = 0; k < h->nsc; k++) /* the body may have read or rebound them */
                for (int i = 0; i < h->n[k]; i++) h->list[k][i]->fill = NULL;
            outs_finish(&outs); /* (those its exits bind) */
            vec_free(&outs);
            return;
        }
        /* lowered again: this pass's loop is dropped */
        drop_pass(L, &pm, in);
        restore(h, true);
        if (!rest && has_conflict(&lp, n)) {
            vec_free(&outs);
            if (!broke) broke = lw_loop_else_begin(L, s);
            Peel pl;
            IrInstr *first = peel_first(L, s, body, ctx, broke, &pl, false);
            if (first) peel_rest(L, s, body, ctx, first, broke, &pl);
            return;
        }
        widen_head(L, &lp);
        outs_again(L, &outs, true);
    }
}

/* Each binding of a name that loop s assigns forgets the value it holds (Binding.known): in
 * the loop a read may come after the assignment of an earlier iteration, after it the value
 * is that of the last iteration run.  The same for a part of an expression that may not run
 * (lw_flow_forget_known). */
static void forget_known(Lower *L, AstNode *s)
{
    Scope names = { 0 };
    lw_collect_names(&names, s);
    Scope *sc[2] = { L->scope, L->module_scope };
    for (int k = 0; k < 2 && names.local_names.n; k++)
        for (int i = 0; i < sc[k]->binds.n; i++) {
            Binding *b = sc[k]->binds.v[i];
            for (int j = 0; b->known && j < names.local_names.n; j++)
                if (!strcmp(names.local_names.v[j], b->name)) b->known = NULL;
        }
    vec_free(&names.local_names);
    vec_free(&names.global_names);
}

void lw_flow_forget_known(Lower *L, AstNode *e) { forget_known(L, e); }

/* One copy of the body of a loop written out per element (lower.c's loops over tuples) that
 * has a break or continue: the loop instruction body(L, ctx) emits runs once, as a peeled
 * first iteration (every back edge leaves it: a continue goes on after it, a break also sets
 * broke), and the bindings after it join those of its exits.  Its body runs once, straight
 * from the bindings before it: a read in it may use the value a name holds (Binding.known);
 * after it the names the body assigns hold what one exit left.  A body that returns or raises
 * on every path leaves the path dead. */
void lw_flow_once(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx, const char *broke)
{
    Peel pl;
    if (!peel_first(L, s, body, ctx, broke, &pl, true)) return;
    forget_known(L, s->then);
    L->dead = !pl.exits; /* (every path returns or raises: what follows never runs) */
}

/* Does loop s surely run an iteration: `for _ in range(k)` (k, or a, b[, c], int literals,
 * negated or not, of a range that is not empty), `while True`?  Asked of its source: its code
 * is compiled before its instruction is. */
static bool ast_surely_runs(const AstNode *s)
{
    if (s->kind == AST_WHILE)
        return s->cond && (s->cond->kind == AST_BOOL || s->cond->kind == AST_INT) && s->cond->ival;
    const AstNode *c = s->rhs;
    if (!c || c->kind != AST_CALL || c->lhs->kind != AST_NAME || strcmp(c->lhs->sval, "range") ||
        c->params.n || c->elts.n < 1 || c->elts.n > 3)
        return false;
    int64_t a[3] = { 0, 0, 1 };
    for (int i = 0; i < c->elts.n; i++) {
        const AstNode *x = c->elts.v[i];
        bool neg = x->kind == AST_UNARY && x->op == AOP_NEG;
        if (neg) x = x->lhs;
        if (x->kind != AST_INT || x->conv == 'u') return false;
        a[c->elts.n == 1 ? 1 : i] = neg ? -x->ival : x->ival;
    }
    return a[2] > 0 ? a[0] < a[1] : a[2] < 0 && a[0] > a[1];
}

/* Moves the instructions emitted at the end of blk since it held n0 to index pos. */
static void move_to(IrBlock *blk, int n0, int pos)
{
    void *tmp[16];
    int k = blk->instrs.n - n0;
    if (k > 16) GPYC_UNREACHABLE();
    memcpy(tmp, &blk->instrs.v[n0], sizeof(void *) * (size_t)k);
    memmove(&blk->instrs.v[pos + k], &blk->instrs.v[pos], sizeof(void *) * (size_t)(n0 - pos));
    memcpy(&blk->instrs.v[pos], tmp, sizeof(void *) * (size_t)k);
}

/* flag = true at index pos of block blk. */
static void insert_true(Lower *L, IrBlock *blk, int pos, IrVar *flag, Span sp)
{
    int n0 = blk->instrs.n;
    store_bool(L, blk, flag, true, sp);
    move_to(blk, n0, pos);
}

/* flag = flag or (range loop `in` runs an iteration), after it (index pos of its block blk):
 * outside the loop, which a CUDA graph may capture (compiler/ir/graphloop.c). */
static void insert_ran(Lower *L, IrBlock *blk, int pos, const IrInstr *in, IrVar *flag)
{
    int n0 = blk->instrs.n;
    IrBlock *saved = L->blk;
    L->blk = blk;
    Span sp = in->span;
    IrValue *a = in->args[0], *b = in->args[1], *c = in->args[2], *ran;
    int64_t step;
    if (lw_is_const_int(c, &step)) {
        ran = lw_binop(L, step > 0 ? AOP_LT : AOP_GT, sp, a, b);
    } else {
        IrValue *zero = lw_cint(L, sp, 0);
        IrValue *up = lw_ewise(L, IR_LOGICAL_AND, sp, 2,
                               (IrValue *[]){ lw_binop(L, AOP_GT, sp, c, zero), lw_binop(L, AOP_LT, sp, a, b) });
        IrValue *down = lw_ewise(L, IR_LOGICAL_AND, sp, 2,
                                 (IrValue *[]){ lw_binop(L, AOP_LT, sp, c, zero), lw_binop(L, AOP_GT, sp, a, b) });
        ran = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ up, down });
    }
    IrValue *v = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ lw_load(L, flag, sp), ran });
    lw_store(L, flag, v, sp);
    L->blk = saved;
    move_to(blk, n0, pos);
}

/* flag = true after each store into var in blk's instructions from..to (and their nested
 * blocks); after a range loop whose counter is var, true where it ran. */
static void mark_stores(Lower *L, IrBlock *blk, int from, int to, IrVar *var, IrVar *flag)
{
    for (int i = from; i <= to && i < blk->instrs.n; i++) {
        IrInstr *in = blk->instrs.v[i];
        int n0 = blk->instrs.n;
        if (in->op == IR_STORE && in->var == var) {
            insert_true(L, blk, i + 1, flag, in->span);
            i += blk->instrs.n - n0;
            to += blk->instrs.n - n0;
            continue;
        }
        for (int k = 0; k < 2; k++)
            if (in->blocks[k]) mark_stores(L, in->blocks[k], 0, in->blocks[k]->instrs.n - 1, var, flag);
        if (in->op == IR_FOR_RANGE && in->var == var) {
            insert_ran(L, blk, i + 1, in, flag);
            i += blk->instrs.n - n0;
            to += blk->instrs.n - n0;
        }
    }
}

/* After loop s (its code: blk's instructions from `from` on), which may run no iteration: a
 * name it binds that was unbound or maybe unbound before it (first bound in it, deleted, bound
 * first on another branch; a range loop's new counter) may be unbound after it.  Where a read
 * needs it, "x@bound" is set true after each store of the loop into its variable. */
static void loop_bound(Lower *L, AstNode *s, FlowState *pre, IrBlock *blk, int from, Binding *counter,
                       Pend *was)
{
    if (ast_surely_runs(s) || from >= blk->instrs.n) return;
    for (int k = 0; k < pre->nsc; k++) {
        Scope *sc = pre->sc[k];
        if (sc->is_module && L->scope != sc) continue;
        for (int i = 0; i < sc->binds.n; i++) {
            Binding *b = sc->binds.v[i];
            if (b->kind != BIND_VAR || (b->bound && b != counter)) continue;
            /* (first bound in the loop and unbound at its end: bound on a path that breaks) */
            bool before = i < pre->n[k], maybe = before && (pre->copy[k][i].unbound || pre->copy[k][i].pend);
            if (b != counter && (before ? !maybe || !lw_assigns_name(s, b->name) : b->unbound == UNB_DEL))
                continue;
            if (s->kind == AST_WHILE && lw_assigns_name(s->cond, b->name)) continue; /* (its test runs) */
            Pend *p = new_pend(L, s->span);
            p->blk = blk;
            p->first = blk->instrs.v[from];
            p->last = blk->instrs.v[blk->instrs.n - 1];
            p->var = b->var;
            p->kid[0] = b == counter ? was : b->pend;
            b->unbound = 0;
            b->pend = p;
        }
    }
}

void lw_flow_loop(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx)
{
    FlowState *pre = lw_flow_save(L);
    Binding *counter = L->new_counter;
    Pend *was = L->counter_was;
    L->new_counter = NULL;
    L->counter_was = NULL;
    IrBlock *blk = L->blk;
    int from = blk->instrs.n;
    const char *broke = s->els ? lw_loop_else_begin(L, s) : NULL;
    forget_known(L, s);
    flow_loop(L, s, body, ctx, broke, false, NULL);
    forget_known(L, s);
    if (broke) lw_loop_else_end(L, s, broke);
    if (!L->dead) loop_bound(L, s, pre, blk, from, counter, was);
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
    else if (ta && tc && !lw_is_runtime_type(ta) && !lw_is_runtime_type(tc))
        why = "compile-time values (dtypes, functions, modules) do not join where paths meet: gpyc compiles "
              "the code after the join for one of them (use it on each path, or give each its own name)";
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

/* ---------------------------------------------------------------- values that may be absent */

/* Does a def of the current module declare name `global` (so that a call may assign it)? */
static bool declared_global(Lower *L, const char *name)
{
    UserModule *um = L->mod;
    if (!um || !um->ast) return true;
    if (!um->declared_global_made) {
        Vec todo = { 0 };
        vec_push(&todo, um->ast);
        while (todo.n) {
            AstNode *n = todo.v[--todo.n];
            if (n->kind == AST_GLOBAL)
                for (int i = 0; i < n->elts.n; i++)
                    vec_push(&um->declared_global, (void *)((AstNode *)n->elts.v[i])->sval);
            for (int i = 0; i < n->body.n; i++) vec_push(&todo, n->body.v[i]);
            if (n->then) vec_push(&todo, n->then);
            if (n->els) vec_push(&todo, n->els);
        }
        vec_free(&todo);
        um->declared_global_made = true;
    }
    for (int i = 0; i < um->declared_global.n; i++)
        if (!strcmp(um->declared_global.v[i], name)) return true;
    return false;
}

bool lw_flow_owns(Lower *L, const Binding *b)
{
    return L->scope->is_module || lw_scope_find(L->module_scope, b->name) != b;
}

/* Python's exception and message (3.11 on) for a read of name where it holds no value: a local
 * of a function (UnboundLocalError) or a global (NameError). */
const char *lw_flow_unbound_msg(Lower *L, const char *name, bool local, const char **exc)
{
    if (exc) *exc = local ? "UnboundLocalError" : "NameError";
    return local ? ar_printf(L->a, "cannot access local variable '%s' where it is not associated with a value", name)
                 : ar_printf(L->a, "name '%s' is not defined", name);
}

/* Python's message for a read of binding b where it holds no value. */
static const char *unbound_msg(Lower *L, const Binding *b, const char **exc)
{
    bool local = !L->scope->is_module && lw_scope_find(L->module_scope, b->name) != b;
    return lw_flow_unbound_msg(L, b->name, local, exc);
}

/* The run-time check of a read of b that may be unbound (Binding.bound, .pend). */
static void check_bound(Lower *L, Binding *b, Span sp)
{
    const char *exc, *msg = unbound_msg(L, b, &exc);
    IrValue *v = lw_load(L, bound_now(L, b), sp);
    lw_emit_raise_if(L, sp, lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &v), exc, msg);
}

void lw_flow_else_begin(Lower *L, FlowState *before)
{
    (void)L;
    for (int k = 0; k < before->nsc; k++)
        for (int i = before->n[k]; i < before->sc[k]->binds.n; i++) {
            Binding *b = before->sc[k]->binds.v[i];
            if (b->kind != BIND_VAR || b->unbound) continue;
            b->unbound = UNB_NOTYET;
            b->bound = NULL;
            b->pend = NULL;
        }
}

void lw_flow_bind(Lower *L, Binding *b, Span sp)
{
    if (b->bound) lw_store(L, b->bound, lw_const_bool(L, sp, true), sp);
    b->bound = NULL;
    b->pend = NULL;
    b->unbound = 0;
}

void lw_flow_del(Lower *L, Binding *b, Span sp)
{
    if (b->kind != BIND_VAR || b->read_by_func || !lw_flow_owns(L, b)) return; /* as before */
    if (b->unbound) {
        diag_error(sp, "%s", unbound_msg(L, b, NULL));
        return;
    }
    if (b->bound || b->pend) check_bound(L, b, sp);
    if (b->bflag) /* (a loop's next iteration, a join) */
        lw_store(L, bound_flag(L, scope_of(L, b), b), lw_const_bool(L, sp, false), sp);
    b->unbound = UNB_DEL;
    b->bound = NULL;
    b->pend = NULL;
    b->known = NULL;
    b->fill = NULL;
}

IrValue *lw_flow_read(Lower *L, Binding *b, Span sp)
{
    if (b->bound || b->pend) check_bound(L, b, sp);
    if (b->guard)
        lw_emit_raise_if(L, sp, lw_load(L, b->guard, sp), b->guard_none ? "TypeError" : "RuntimeError",
                         b->guard_msg);
    IrValue *v = lw_load(L, b->var, sp);
    /* what it holds, unless a call may have stored another value since: a module global read
     * in a function or from another module, or one that a def declares global (a nonlocal's
     * hidden global too) */
    if (b->known && (!b->var->global || (L->scope->is_module && lw_scope_find(L->module_scope, b->name) == b &&
                                         !declared_global(L, b->name))))
        v->def->known = b->known;
    return v;
}

/* The binding of name expression e that may be None (guard_none), or NULL. */
static Binding *maybe_none(Lower *L, const AstNode *e)
{
    Binding *b = e->kind == AST_NAME ? lw_lookup(L, e->sval) : NULL;
    return b && b->kind == BIND_VAR && b->guard && b->guard_none ? b : NULL;
}

Binding *lw_flow_none_name(Lower *L, AstNode *e, bool *is)
{
    if (e->kind != AST_COMPARE || e->elts.n != 2) return NULL;
    AstOp op = (AstOp)(intptr_t)e->ops.v[0];
    AstNode *x = e->elts.v[0], *y = e->elts.v[1];
    if (x->kind == AST_NONE) x = y, y = e->elts.v[0];
    Binding *b = maybe_none(L, x);
    if ((op != AOP_IS && op != AOP_ISNOT) || y->kind != AST_NONE || !b) return NULL;
    *is = op == AOP_IS;
    return b;
}

IrValue *lw_flow_none_test(Lower *L, AstNode *e)
{
    bool is;
    Binding *b = lw_flow_none_name(L, e, &is);
    if (!b) return NULL;
    IrValue *v = lw_load(L, b->guard, e->span);
    return is ? v : lw_ewise(L, IR_LOGICAL_NOT, e->span, 1, &v);
}

void lw_flow_unguard(Lower *L, Binding *b, bool store, Span sp)
{
    if (!b->guard) return;
    if (store) lw_store(L, b->guard, lw_const_bool(L, sp, false), sp);
    b->guard = NULL;
}
