/*
 * triprod.c — a triangle of a matrix product written as a row loop (-O2, after masked.c,
 * before loopmap.c) becomes one product and two masked stores.
 *
 *     for i in range(a, b):                            G = D[:, a:b].T @ E[:, L:H]    (one GEMM)
 *         C[i+c:H, i] = C[i, i+c:H] = f(D[:, i] @ E[:, i+c:H])   →   q = f(G)
 *                                                      C[a:b, L:H] = where(j >= i + c, q, ...)
 *                                                      C[L:H, a:b] = where(..., q.T, ...)
 *
 * with L = a + c: NPBench's covariance and correlation (`cov[i:M, i] = cov[i, i:M] = data[:, i]
 * @ data[:, i:M] / (n - 1)`), which loopmap.c keeps because a slice bound moves with the loop
 * variable.  Row i of the product over the columns from i + c is row i of D.T @ E restricted
 * to those columns, so the whole loop is the upper triangle (j >= i + c) of one product,
 * stored by rows, by columns or both.  The body must be exactly:
 *   - invariants: constants, loads of variables the body does not assign, scalar or 0-d
 *     elementwise arithmetic on them, shape reads;
 *   - the loop variable i and i + c for a constant c >= 0 (the slice start);
 *   - x = D[:, i] or D[i, :] (D a 2-d array variable), Y = E[:, i+c:H] or E[i+c:H, :] (H
 *     invariant or absent, no step), p = x @ Y or Y @ x;
 *   - elementwise ops on p whose other operands are invariant scalars or 0-d arrays (f);
 *   - one or two stores of the last of them, q, into C[i, i+c:H] (a row) and C[i+c:H, i] (a
 *     column), C a 2-d array variable other than D and E, of q's dtype (float32 or float64).
 * With c >= 0 no two iterations write one element (iteration i writes row i and column i
 * from i + c on; the diagonal, when c = 0, twice with one value), so the order of the stores
 * does not matter and the masked stores write exactly what the loop writes.  The masked-out
 * elements of the two stored blocks are written back with the values they hold (the column
 * store runs after the row store and reads what that left).
 *
 * The rewrite runs under a run-time test, the loop as written in its else branch (as
 * loopmap.c's): at least one iteration, a >= 0, every index i of the loop within its axis,
 * H within E's and C's axes and not below L, D's and E's other axes equal (else the product
 * raises, in the loop), and C overlapping neither D nor E (rt_may_overlap).  The loop
 * variable ends with its last value.  -v and --emit=kernels report the loop (loopmap.c then
 * leaves it alone: it has a record).
 */
#include "compiler/compiler.h"

#include <stdlib.h>
#include <string.h>

typedef enum Role {
    R_NONE, /* not classified: the body is not this pattern */
    R_INV,  /* loop-invariant */
    R_I,    /* the loop variable */
    R_LO,   /* i + c */
    R_X,    /* D[:, i] or D[i, :] */
    R_Y,    /* E[:, i+c:H] or E[i+c:H, :] */
    R_P,    /* the product and f's ops on it (rank 1) */
    R_T,    /* C[i, i+c:H] or C[i+c:H, i] */
    R_ST,   /* a store of q into a target */
} Role;

typedef struct Tri {
    IrModule *m;
    IrInstr *loop;
    IrBlock *body;
    unsigned stamp;
    Role *role;    /* per body instruction */
    int64_t *c;    /* per body instruction: R_LO's constant */
    const IrInstr *x, *y, *prod;
    int xaxis;     /* the axis of D that i indexes */
    int yaxis;     /* the axis of E that the slice i+c:H cuts */
    int64_t cc;    /* the slice start's constant */
    const IrValue *hi; /* H, or a None constant */
    const IrInstr *tgt[2], *st[2]; /* per axis of C that i indexes: 0 a row store, 1 a column store */
    const IrValue *q;
    /* emission */
    IrValue **to;  /* per body instruction: its value in the code being written */
    IrBlock *out;
    Span sp;
} Tri;

/* The role of body value v (R_INV for a value from outside the body). */
static Role role_of(const Tri *t, const IrValue *v)
{
    return v && v->stamp == t->stamp ? t->role[v->count] : R_INV;
}

static bool is_none(const IrValue *v) { return v && v->def && v->def->op == IR_CONST_NONE; }

static bool full_slice(IrValue *const *a) { return is_none(a[0]) && is_none(a[1]) && is_none(a[2]); }

/* The variable an invariant 2-d array value is a load of, else NULL. */
static const IrVar *array_var(const Tri *t, const IrValue *v)
{
    if (role_of(t, v) != R_INV || !v->def || v->def->op != IR_LOAD || !v->type || v->type->kind != TY_ARRAY ||
        v->type->ndim != 2)
        return NULL;
    return v->def->var;
}

/* An index view of a 2-d array by two items: (int i, slice) or (slice, int i) → the slice's
 * three arguments, the axis i indexes (R_I), or the axis a slice i+c:H cuts, in *axis. */
static IrValue *const *index_items(const Tri *t, const IrInstr *in, int *iaxis)
{
    if (in->nidx != 2 || !array_var(t, in->args[0])) return NULL;
    if (in->idx[0] == IDX_INT && in->idx[1] == IDX_SLICE && in->nargs == 5 && role_of(t, in->args[1]) == R_I) {
        *iaxis = 0;
        return in->args + 2;
    }
    if (in->idx[0] == IDX_SLICE && in->idx[1] == IDX_INT && in->nargs == 5 && role_of(t, in->args[4]) == R_I) {
        *iaxis = 1;
        return in->args + 1;
    }
    return NULL;
}

/* The slice i+c:H (no step) of three slice arguments: c in *c, H in *hi. */
static bool moving_slice(const Tri *t, IrValue *const *s, int64_t *c, const IrValue **hi)
{
    Role r = role_of(t, s[0]);
    if ((r != R_I && r != R_LO) || role_of(t, s[1]) != R_INV || !is_none(s[2])) return false;
    if (s[1]->type && s[1]->type->kind != TY_INT && !is_none(s[1])) return false;
    *c = r == R_LO ? t->c[s[0]->count] : 0;
    *hi = s[1];
    return true;
}

/* E[:, i+c:H] or E[i+c:H, :]: the cut axis in *axis. */
static bool product_operand(const Tri *t, const IrInstr *in, int *axis, int64_t *c, const IrValue **hi)
{
    if (in->nidx != 2 || in->nargs != 7 || in->idx[0] != IDX_SLICE || in->idx[1] != IDX_SLICE ||
        !array_var(t, in->args[0]))
        return false;
    if (full_slice(in->args + 1) && moving_slice(t, in->args + 4, c, hi)) {
        *axis = 1;
        return true;
    }
    if (full_slice(in->args + 4) && moving_slice(t, in->args + 1, c, hi)) {
        *axis = 0;
        return true;
    }
    return false;
}

static bool float_dtype(DType d) { return d == DT_FLOAT32 || d == DT_FLOAT64; }

/* The role of body instruction `in` given the roles before it, R_NONE when it does not fit. */
static Role classify(Tri *t, const IrInstr *in)
{
    if (in->blocks[0] || in->blocks[1]) return R_NONE;
    int iaxis = 0, axis = 0;
    int64_t c = 0;
    const IrValue *hi = NULL;
    switch (in->op) {
    case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_BOOL: case IR_CONST_NONE:
        return R_INV;
    case IR_LOAD:
        if (in->var == t->loop->var) return R_I;
        return ir_block_assigns(t->body, in->var) ? R_NONE : R_INV;
    case IR_SHAPE_DIM:
        return role_of(t, in->args[0]) == R_INV ? R_INV : R_NONE;
    case IR_INDEX: {
        IrValue *const *s = index_items(t, in, &iaxis);
        if (s && full_slice(s) && !t->x) { /* D[:, i] or D[i, :] */
            t->x = in;
            t->xaxis = iaxis;
            return R_X;
        }
        if (s && moving_slice(t, s, &c, &hi)) { /* C[i, i+c:H] or C[i+c:H, i] */
            if (t->tgt[iaxis] || (t->y && (c != t->cc || !ir_same_invariant(hi, t->hi)))) return R_NONE;
            t->tgt[iaxis] = in;
            if (!t->y) t->cc = c, t->hi = hi;
            return R_T;
        }
        if (!s && !t->y && product_operand(t, in, &axis, &c, &hi)) {
            bool fits = true; /* a target seen before must have the same slice */
            for (int a = 0; a < 2; a++)
                if (t->tgt[a]) fits &= c == t->cc && ir_same_invariant(hi, t->hi);
            if (!fits) return R_NONE;
            t->y = in;
            t->yaxis = axis;
            t->cc = c;
            t->hi = hi;
            return R_Y;
        }
        return R_NONE;
    }
    case IR_MATMUL: {
        if (t->prod || in->nargs != 2 || !t->x || !t->y) return R_NONE;
        bool xy = in->args[0] == t->x->res && in->args[1] == t->y->res && t->yaxis == 1;
        bool yx = in->args[0] == t->y->res && in->args[1] == t->x->res && t->yaxis == 0;
        if (!(xy || yx) || !float_dtype(in->res->type->dtype) || t->x->res->type->dtype != in->res->type->dtype ||
            t->y->res->type->dtype != in->res->type->dtype)
            return R_NONE;
        t->prod = in;
        return R_P;
    }
    case IR_STORE_INTO: {
        if (role_of(t, in->args[0]) != R_T || role_of(t, in->args[1]) != R_P) return R_NONE;
        const IrInstr *tg = in->args[0]->def;
        int a = tg == t->tgt[0] ? 0 : 1;
        if (t->st[a] || (t->q && t->q != in->args[1])) return R_NONE;
        t->st[a] = in;
        t->q = in->args[1];
        return R_ST;
    }
    default:
        break;
    }
    if (!ir_op_is_ewise(in->op) || !in->res || !in->res->type) return R_NONE;
    int np = 0, nother = 0;
    for (int j = 0; j < in->nargs; j++) {
        Role r = role_of(t, in->args[j]);
        const Type *ty = in->args[j]->type;
        if (r == R_P) np++;
        else if (r == R_INV && (!ty || ty->kind != TY_ARRAY || ty->ndim == 0)) nother++;
        else return R_NONE;
    }
    const Type *rt = in->res->type;
    if (np == 0) return rt->kind != TY_ARRAY || rt->ndim == 0 ? R_INV : R_NONE;
    if (np == 1 && rt->kind == TY_ARRAY && rt->ndim == 1 && float_dtype(rt->dtype)) return R_P;
    return R_NONE;
}

/* The slice start i + c (c >= 0 a constant) of an int op. */
static bool slice_start(Tri *t, const IrInstr *in, int64_t *c)
{
    if (in->op != IR_ADD || in->nargs != 2) return false;
    for (int j = 0; j < 2; j++) {
        const IrValue *v = in->args[1 - j];
        if (role_of(t, in->args[j]) == R_I && v->def && v->def->op == IR_CONST_INT && v->def->ival >= 0) {
            *c = v->def->ival;
            return true;
        }
    }
    return false;
}

/* Does the loop's body fit the pattern (the roles of its instructions in t)? */
static bool analyse(Tri *t)
{
    const IrValue *step = t->loop->args[2];
    if (!t->loop->var || !step->def || step->def->op != IR_CONST_INT || step->def->ival != 1) return false;
    IrBlock *b = t->body;
    t->role = xcalloc((size_t)b->instrs.n + 1, sizeof *t->role);
    t->c = xcalloc((size_t)b->instrs.n + 1, sizeof *t->c);
    t->stamp = ir_stamp(t->m);
    for (int k = 0; k < b->instrs.n; k++) {
        IrInstr *in = VEC_AT(b->instrs, k);
        int64_t c = 0;
        Role r = slice_start(t, in, &c) ? R_LO : classify(t, in);
        if (r == R_NONE) return false;
        t->role[k] = r;
        t->c[k] = c;
        if (in->res) {
            in->res->stamp = t->stamp;
            in->res->count = k;
        }
    }
    if (!t->prod || !t->q || (!t->st[0] && !t->st[1])) return false;
    for (int a = 0; a < 2; a++) /* a target with no store, or stored twice */
        if (!t->tgt[a] != !t->st[a]) return false;
    /* every value of the body used only in it (the product's values only by f and the stores) */
    const IrVar *dv = t->x->args[0]->def->var, *ev = t->y->args[0]->def->var;
    for (int a = 0; a < 2; a++) {
        if (!t->tgt[a]) continue;
        const IrVar *cv = t->tgt[a]->args[0]->def->var;
        if (cv == dv || cv == ev || t->st[a]->dtype != t->q->type->dtype ||
            t->tgt[a]->args[0]->type->dtype != t->q->type->dtype)
            return false;
    }
    if (t->tgt[0] && t->tgt[1] && t->tgt[0]->args[0]->def->var != t->tgt[1]->args[0]->def->var) return false;
    int *uses = xcalloc((size_t)b->instrs.n + 1, sizeof *uses);
    for (int k = 0; k < b->instrs.n; k++) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j]->stamp == t->stamp) uses[in->args[j]->count]++;
    }
    bool inside = true;
    for (int k = 0; k < b->instrs.n && inside; k++) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        if (in->res) inside = uses[k] == in->res->nuses;
    }
    free(uses);
    return inside;
}

/* ---------------------------------------------------------------- emission */

static IrInstr *emit(Tri *t, IrOp op, Type *ty, int nargs, IrValue **args)
{
    return ir_emit(t->m, t->out, op, t->sp, ty, nargs, args);
}

static IrValue *cint(Tri *t, int64_t k)
{
    IrInstr *in = emit(t, IR_CONST_INT, ty_int(), 0, NULL);
    in->ival = k;
    return in->res;
}

static IrValue *cnone(Tri *t) { return emit(t, IR_CONST_NONE, ty_none(), 0, NULL)->res; }

/* An elementwise op computing in dtype cd. */
static IrValue *ew(Tri *t, IrOp op, Type *ty, DType cd, int nargs, IrValue **args)
{
    IrInstr *in = emit(t, op, ty, nargs, args);
    in->cdtype = cd;
    return in->res;
}

static IrValue *iop(Tri *t, IrOp op, IrValue *a, IrValue *b)
{
    return ew(t, op, ty_int(), DT_INT64, 2, (IrValue *[]){ a, b });
}

static IrValue *both(Tri *t, IrValue *ok, IrOp cmp, IrValue *a, IrValue *b)
{
    IrValue *c = ew(t, cmp, ty_bool(), DT_INT64, 2, (IrValue *[]){ a, b });
    return ew(t, IR_LOGICAL_AND, ty_bool(), DT_BOOL, 2, (IrValue *[]){ ok, c });
}

static IrValue *dim(Tri *t, IrValue *a, int axis)
{
    IrInstr *in = emit(t, IR_SHAPE_DIM, ty_int(), 1, &a);
    in->ival = axis;
    return in->res;
}

/* A body value's counterpart in the code being written. */
static IrValue *to(Tri *t, IrValue *v) { return v->stamp == t->stamp ? t->to[v->count] : v; }

/* A copy of body instruction k over its operands' counterparts, of result type ty, in t->out;
 * its result is the counterpart of k's. */
static void clone(Tri *t, int k, Type *ty)
{
    const IrInstr *in = VEC_AT(t->body->instrs, k);
    IrValue **args = xcalloc((size_t)in->nargs + 1, sizeof *args);
    for (int j = 0; j < in->nargs; j++) args[j] = to(t, in->args[j]);
    IrInstr *c = ir_emit_like(t->m, t->out, in, ty, args);
    free(args);
    if (in->res) t->to[k] = c->res;
}

/* The 2-d view a[r0:r1, c0:c1] (NULL bounds: the whole axis). */
static IrValue *block(Tri *t, IrValue *a, IrValue *r0, IrValue *r1, IrValue *c0, IrValue *c1)
{
    IrValue *args[7] = { a, r0 ? r0 : cnone(t), r1 ? r1 : cnone(t), cnone(t), c0 ? c0 : cnone(t),
                         c1 ? c1 : cnone(t), cnone(t) };
    IrInstr *in = emit(t, IR_INDEX, ty_array(a->type->dtype, 2), 7, args);
    in->nidx = 2;
    in->idx[0] = in->idx[1] = IDX_SLICE;
    return in->res;
}

static IrValue *transpose(Tri *t, IrValue *a)
{
    IrInstr *in = emit(t, IR_TRANSPOSE, a->type, 1, &a);
    in->ndim = 2;
    in->perm[0] = 1;
    in->perm[1] = 0;
    return in->res;
}

/* C's block of the store along axis a (0: rows a:b by columns L:H; 1: its transpose),
 * written where the mask holds (m: K x W, q: K x W) and left as it is elsewhere. */
static void masked_store(Tri *t, int a, IrValue *cvar, IrValue *start, IrValue *stop, IrValue *lo, IrValue *hi,
                         IrValue *m, IrValue *q)
{
    DType dt = q->type->dtype;
    IrValue *blk = a == 0 ? block(t, cvar, start, stop, lo, hi) : block(t, cvar, lo, hi, start, stop);
    if (a == 1) m = transpose(t, m), q = transpose(t, q);
    IrValue *w = ew(t, IR_WHERE, ty_array(dt, 2), dt, 3, (IrValue *[]){ m, q, blk });
    IrInstr *st = emit(t, IR_STORE_INTO, NULL, 2, (IrValue *[]){ blk, w });
    st->dtype = dt;
}

/* The test: n > 0, start >= 0, stop within the axes i indexes, L <= H within the cut axes,
 * the product's shapes agreeing, no overlap of C with D or E. */
static IrValue *emit_test(Tri *t, IrValue *n, IrValue *start, IrValue *stop, IrValue *lo, IrValue *hi)
{
    IrValue *d = to(t, t->x->args[0]), *e = to(t, t->y->args[0]);
    IrValue *ok = ew(t, IR_GT, ty_bool(), DT_INT64, 2, (IrValue *[]){ n, cint(t, 0) });
    ok = both(t, ok, IR_GE, start, cint(t, 0));
    ok = both(t, ok, IR_LE, stop, dim(t, d, t->xaxis));
    ok = both(t, ok, IR_LE, lo, hi);
    ok = both(t, ok, IR_LE, hi, dim(t, e, t->yaxis));
    ok = both(t, ok, IR_EQ, dim(t, d, 1 - t->xaxis), dim(t, e, 1 - t->yaxis));
    for (int a = 0; a < 2; a++) {
        if (!t->tgt[a]) continue;
        IrValue *cv = to(t, t->tgt[a]->args[0]);
        ok = both(t, ok, IR_LE, stop, dim(t, cv, a));
        ok = both(t, ok, IR_LE, hi, dim(t, cv, 1 - a));
        for (int k = 0; k < 2; k++) {
            IrValue *pair[2] = { cv, k ? e : d };
            IrValue *ov = ew(t, IR_MAY_OVERLAP, ty_bool(), DT_BOOL, 2, pair);
            IrValue *no = ew(t, IR_LOGICAL_NOT, ty_bool(), DT_BOOL, 1, &ov);
            ok = ew(t, IR_LOGICAL_AND, ty_bool(), DT_BOOL, 2, (IrValue *[]){ ok, no });
        }
    }
    return ok;
}

/* The product, f over it and the masked stores, in t->out. */
static void emit_mapped(Tri *t, IrValue *n, IrValue *start, IrValue *stop, IrValue *lo, IrValue *hi)
{
    IrValue *d = to(t, t->x->args[0]), *e = to(t, t->y->args[0]);
    IrValue *xs = t->xaxis == 1 ? transpose(t, block(t, d, NULL, NULL, start, stop)) : block(t, d, start, stop, NULL, NULL);
    IrValue *ys = t->yaxis == 1 ? block(t, e, NULL, NULL, lo, hi) : transpose(t, block(t, e, lo, hi, NULL, NULL));
    DType dt = t->prod->res->type->dtype;
    IrInstr *g = ir_emit_like(t->m, t->out, t->prod, ty_array(dt, 2), (IrValue *[]){ xs, ys });
    g->ival = MM_MATMUL;
    t->to[t->prod->res->count] = g->res;
    for (int k = 0; k < t->body->instrs.n; k++) { /* f over the product */
        IrInstr *in = VEC_AT(t->body->instrs, k);
        if (t->role[k] == R_P && in != t->prod) clone(t, k, ty_array(in->res->type->dtype, 2));
    }
    /* the mask j >= i + c over rows i = start.. and columns j = L.. */
    IrValue *w = iop(t, IR_SUB, hi, lo);
    IrValue *rows = emit(t, IR_ARANGE, ty_array(DT_INT64, 1), 3, (IrValue *[]){ start, cint(t, 1), n })->res;
    IrInstr *col = emit(t, IR_INDEX, ty_array(DT_INT64, 2), 4, (IrValue *[]){ rows, cnone(t), cnone(t), cnone(t) });
    col->nidx = 2;
    col->idx[0] = IDX_SLICE;
    col->idx[1] = IDX_NEWAXIS;
    IrValue *cols = emit(t, IR_ARANGE, ty_array(DT_INT64, 1), 3, (IrValue *[]){ lo, cint(t, 1), w })->res;
    IrValue *lim = ew(t, IR_ADD, ty_array(DT_INT64, 2), DT_INT64, 2, (IrValue *[]){ col->res, cint(t, t->cc) });
    IrValue *m = ew(t, IR_GE, ty_array(DT_BOOL, 2), DT_INT64, 2, (IrValue *[]){ cols, lim });
    IrValue *q = to(t, (IrValue *)t->q);
    for (int a = 0; a < 2; a++)
        if (t->tgt[a]) masked_store(t, a, to(t, t->tgt[a]->args[0]), start, stop, lo, hi, m, q);
}

/* Replaces the loop at position pos of b by the test, the mapped code and the loop as written
 * in the else branch. */
static void rewrite(Tri *t, IrBlock *b, int pos)
{
    IrBlock seq = { 0 };
    t->out = &seq;
    t->sp = t->loop->span;
    t->to = xcalloc((size_t)t->body->instrs.n + 1, sizeof *t->to);
    for (int k = 0; k < t->body->instrs.n; k++) { /* the invariants, in front of the test */
        IrInstr *in = VEC_AT(t->body->instrs, k);
        if (t->role[k] == R_INV) clone(t, k, in->res ? in->res->type : NULL);
    }
    IrValue *start = t->loop->args[0], *stop = t->loop->args[1];
    IrValue *n = iop(t, IR_MAXIMUM, iop(t, IR_SUB, stop, start), cint(t, 0));
    IrValue *lo = iop(t, IR_ADD, start, cint(t, t->cc));
    IrValue *hi = is_none(t->hi) ? dim(t, to(t, t->y->args[0]), t->yaxis) : to(t, (IrValue *)t->hi);
    IrValue *ok = emit_test(t, n, start, stop, lo, hi);
    IrInstr *iff = emit(t, IR_IF, NULL, 1, &ok);
    iff->blocks[0] = ir_block_new(t->m, iff);
    iff->blocks[1] = ir_block_new(t->m, iff);
    t->out = iff->blocks[0];
    emit_mapped(t, n, start, stop, lo, hi);
    IrValue *last = iop(t, IR_SUB, stop, cint(t, 1));
    IrInstr *st = emit(t, IR_STORE, NULL, 1, &last);
    st->var = t->loop->var;
    vec_push(&iff->blocks[1]->instrs, t->loop);
    t->loop->parent = iff->blocks[1];
    ir_splice(b, pos, &seq.instrs);
    vec_free(&seq.instrs);
}

static void record(IrModule *m, const IrInstr *loop)
{
    LoopMap *r = ar_alloc(m->arena, sizeof *r);
    memset(r, 0, sizeof *r);
    r->span = loop->span;
    r->triangle = true;
    r->fallback = loop;
    vec_push(&m->loopmaps, r);
    diag_remark(loop->span, "this loop stores a triangle of one matrix product: it runs as the product and "
                            "two masked stores");
}

static void triprod_block(IrModule *m, IrBlock *b)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        triprod_block(m, in->blocks[0]);
        triprod_block(m, in->blocks[1]);
        if (in->op != IR_FOR_RANGE || !in->blocks[0]) continue;
        Tri t = { .m = m, .loop = in, .body = in->blocks[0] };
        if (analyse(&t)) {
            record(m, in);
            rewrite(&t, b, i);
            i = ir_index_in_block(b, in->parent->owner);
        }
        free(t.role);
        free(t.c);
        free(t.to);
    }
}

void triprod_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) triprod_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
