/*
 * smallred.c — reductions over a short constant axis written out as elementwise operations
 * (-O2, after forwarding, before grouping).
 *
 *     diff = X.reshape(N, 1, D) - C.reshape(1, K, D)      # D = 2, a module constant
 *     dist = cp.sum(diff * diff, axis=2)                   # N × K
 *     labels = cp.argmin(dist, axis=1)
 *
 * As a reduction, `dist` is a kernel of its own writing N·K values that the argmin reads
 * back — for W5's 10^6 × 16 × 2 that is 128 MB of traffic and a reduction kernel whose
 * per-output overhead dwarfs its two-element rows.  Written out,
 *
 *     dist = (X3[:, :, 0] - C3[:, :, 0])**2 + (X3[:, :, 1] - C3[:, :, 1])**2
 *
 * is elementwise over views of the inputs, so fusion makes it the argmin's prologue: one
 * kernel reading X once.  This is what a hand-written kernel does with a loop over D.
 *
 * A reduction qualifies when
 *   - it is sum, prod, max or min over one axis, without keepdims, and its result dtype is
 *     its input's (no accumulation dtype: float32, float64, complex, int64 sums ...; not
 *     float16, which NumPy accumulates in float32, nor bool);
 *   - the reduced axis has a compile-time extent of at most MAX_EXTENT (`extent`: a reshape
 *     or creation with constant sizes, through elementwise broadcasting and transposes);
 *   - every array its elementwise producers read (through any depth) has that axis with the
 *     same extent, has it of size 1 (broadcast), or lacks it (broadcast from the left).
 * Slice d of an elementwise producer is the producer over the slices d of its operands;
 * slice d of anything else is the view x[:, ..., d] (IR_INDEX, no copy).  The reduction
 * becomes op(slice 0, slice 1, ...), left to right, which the result value keeps as its
 * definition; producers that lose their last use are removed.  NaN handling is the
 * reduction's (maximum/minimum propagate NaN as max/min do); float sums associate left to
 * right, as NumPy's loop over fewer than 8 elements does.
 * -O0 keeps every reduction.
 */
#include "compiler/compiler.h"

#include <stdlib.h>

enum { MAX_EXTENT = 4, MAX_DEPTH = 32, MAX_MEMO = 256 };

typedef struct Ctx {
    IrModule *m;
    const IrConsts *c;
    const IrInstr *at;   /* the reduction: where extents are read and slices inserted */
    IrBlock *b;          /* its block */
    int first;           /* the position in b of the earliest producer recomputed */
    IrBlock tmp;         /* the new instructions, in order */
    struct {
        const IrValue *v;
        int axis, d;
        IrValue *r;
    } memo[MAX_MEMO];
    int nmemo;
} Ctx;

/* The compile-time extent of axis `axis` of array v, or -1 when unknown. */
static int64_t extent(const Ctx *x, const IrValue *v, int axis, int depth)
{
    if (!v || !v->def || !v->type || v->type->kind != TY_ARRAY || axis < 0 || axis >= v->type->ndim ||
        depth > MAX_DEPTH)
        return -1;
    const IrInstr *d = v->def;
    int64_t n;
    switch (d->op) {
    case IR_RESHAPE:
        if (d->nargs != 1 + v->type->ndim) return -1;
        return ir_const_int(x->m, x->c, d->args[1 + axis], x->at, &n) && n >= 0 ? n : -1;
    case IR_FULL:
        return ir_const_int(x->m, x->c, d->args[axis], x->at, &n) && n >= 0 ? n : -1;
    case IR_TRANSPOSE:
        return axis < d->ndim ? extent(x, d->args[0], d->perm[axis], depth + 1) : -1;
    default:
        break;
    }
    if (!ir_op_is_ewise(d->op)) return -1;
    /* broadcasting: the operands' extents along the axis, right-aligned */
    bool one = false;
    for (int j = 0; j < d->nargs; j++) {
        const IrValue *a = d->args[j];
        if (!a || !a->type || a->type->kind != TY_ARRAY) continue;
        int p = axis - (v->type->ndim - a->type->ndim);
        if (p < 0) continue;
        int64_t e = extent(x, a, p, depth + 1);
        if (e < 0) return -1;
        if (e != 1) return e;
        one = true;
    }
    return one ? 1 : -1;
}

static IrInstr *emit(Ctx *x, IrOp op, Type *t, int nargs, IrValue **args)
{
    return ir_emit(x->m, &x->tmp, op, x->at->span, t, nargs, args);
}

/* v[:, ..., d] with `axis` full slices before the integer (a view). */
static IrValue *index_view(Ctx *x, IrValue *v, int axis, int64_t d)
{
    IrValue *args[1 + 3 * IR_MAXDIM + 1];
    int na = 0;
    args[na++] = v;
    for (int k = 0; k < axis; k++)
        for (int s = 0; s < 3; s++) args[na++] = emit(x, IR_CONST_NONE, ty_none(), 0, NULL)->res;
    IrInstr *c = emit(x, IR_CONST_INT, ty_int(), 0, NULL);
    c->ival = d;
    args[na++] = c->res;
    IrInstr *in = emit(x, IR_INDEX, ty_array(v->type->dtype, v->type->ndim - 1), na, args);
    in->nidx = axis + 1;
    for (int k = 0; k < axis; k++) in->idx[k] = IDX_SLICE;
    in->idx[axis] = IDX_INT;
    return in->res;
}

/* Slice d of array v along `axis` (extent e there): NULL when an operand's extent is not
 * known to be e or 1. */
static IrValue *slice(Ctx *x, IrValue *v, int axis, int64_t e, int64_t d, int depth)
{
    for (int i = 0; i < x->nmemo; i++)
        if (x->memo[i].v == v && x->memo[i].axis == axis && x->memo[i].d == d) return x->memo[i].r;
    if (depth > MAX_DEPTH || x->nmemo == MAX_MEMO) return NULL;
    IrValue *r;
    const IrInstr *def = v->def;
    if (def && ir_op_is_ewise(def->op)) {
        /* recomputed here: the producer must be in this block, with no write in between */
        int at = def->parent == x->b ? ir_index_in_block(x->b, def) : -1;
        if (at < 0) return NULL;
        if (at < x->first) x->first = at;
        const int nd = v->type->ndim;
        IrValue *args[8];
        if (def->nargs > 8) return NULL;
        for (int j = 0; j < def->nargs; j++) {
            IrValue *a = def->args[j];
            args[j] = a;
            if (!a || !a->type || a->type->kind != TY_ARRAY) continue;
            int p = axis - (nd - a->type->ndim);
            if (p < 0) continue;   /* broadcast from the left: every slice reads all of it */
            int64_t ea = extent(x, a, p, 0);
            if (ea != e && ea != 1) return NULL;
            if (!(args[j] = slice(x, a, p, ea, ea == 1 ? 0 : d, depth + 1))) return NULL;
        }
        IrInstr *c = ir_emit_like(x->m, &x->tmp, def, ty_array(def->dtype, nd - 1), args);
        c->span = x->at->span;
        r = c->res;
    } else {
        r = index_view(x, v, axis, d);
    }
    x->memo[x->nmemo].v = v;
    x->memo[x->nmemo].axis = axis;
    x->memo[x->nmemo].d = (int)d;
    x->memo[x->nmemo].r = r;
    x->nmemo++;
    return r;
}

static IrOp combine_op(RedOp r)
{
    switch (r) {
    case RED_SUM: return IR_ADD;
    case RED_PROD: return IR_MUL;
    case RED_MAX: return IR_MAXIMUM;
    case RED_MIN: return IR_MINIMUM;
    default: return IR_CAST;   /* not combinable */
    }
}

static bool qualifies(const IrInstr *in)
{
    if (in->op != IR_REDUCE || in->naxes != 1 || in->keepdims || !in->res || in->nargs != 1) return false;
    if (combine_op(in->redop) == IR_CAST) return false;
    const IrValue *a = in->args[0];
    if (!a->type || a->type->kind != TY_ARRAY || a->type->ndim < 1) return false;
    return in->dtype == a->type->dtype && in->dtype != DT_FLOAT16 && in->dtype != DT_BOOL;
}

/* Removes v's defining instruction from b when nothing uses v any more and it is an
 * elementwise op (no effect but its value), then its operands in turn. */
static void drop_dead(IrBlock *b, IrValue *v)
{
    if (!v || v->nuses != 0 || !v->def || v->def->parent != b || !ir_op_is_ewise(v->def->op)) return;
    IrInstr *in = v->def;
    int i = ir_index_in_block(b, in);
    if (i < 0) return;
    ir_remove(b, i);
    for (int j = 0; j < in->nargs; j++) drop_dead(b, in->args[j]);
}

/* Writes out the reduction at position i of b if it qualifies; true when it did. */
static bool expand(IrModule *m, const IrConsts *c, IrBlock *b, int i)
{
    IrInstr *r = VEC_AT(b->instrs, i);
    if (!qualifies(r)) return false;
    Ctx *x = xcalloc(1, sizeof *x);
    x->m = m;
    x->c = c;
    x->at = r;
    x->b = b;
    x->first = i;
    IrValue *a = r->args[0];
    const int axis = r->axes[0];
    const int64_t e = extent(x, a, axis, 0);
    bool ok = e >= 1 && e <= MAX_EXTENT;
    IrValue *acc = NULL;
    for (int64_t d = 0; ok && d < e; d++) {
        IrValue *s = slice(x, a, axis, e, d, 0);
        if (!s) {
            ok = false;
        } else if (!acc) {
            acc = s;
        } else {
            IrValue *args[2] = {acc, s};
            IrInstr *k = emit(x, combine_op(r->redop), ty_array(r->dtype, a->type->ndim - 1), 2, args);
            k->cdtype = r->dtype;
            acc = k->res;
        }
    }
    /* the recomputed producers read their operands later than they did: nothing may write
     * memory in between (a slice assignment to an input, a call) */
    for (int k = x->first + 1; ok && k < i; k++) ok = !ir_writes_memory(VEC_AT(b->instrs, k));
    if (ok && (!acc->def || acc->def->parent != &x->tmp || acc->def->op == IR_INDEX)) {
        /* extent 1 of a plain array: the result must be a value of its own; copy the view */
        IrInstr *k = emit(x, IR_COPY, ty_array(r->dtype, a->type->ndim - 1), 1, &acc);
        acc = k->res;
    }
    if (!ok) {
        /* abandon: the new instructions never entered the IR; give back their uses */
        ir_block_discard(&x->tmp);
        free(x);
        return false;
    }
    /* the last instruction defines the reduction's value (its uses stay as they are) */
    IrInstr *last = acc->def;
    IrValue *res = r->res;
    last->res = res;
    res->def = last;
    /* splice: the new instructions replace the reduction */
    a->nuses--;
    ir_splice(b, i, &x->tmp.instrs);
    vec_free(&x->tmp.instrs);
    free(x);
    drop_dead(b, a);
    return true;
}

static void smallred_block(IrModule *m, const IrConsts *c, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        smallred_block(m, c, in->blocks[0]);
        smallred_block(m, c, in->blocks[1]);
    }
    /* an expansion inserts instructions and drops dead producers before it: start over
     * (each expansion removes a reduction, so this ends) */
    for (int i = 0; i < b->instrs.n; i++)
        if (expand(m, c, b, i)) i = -1;
}

void smallred_module(IrModule *m)
{
    IrConsts c;
    ir_consts_find(m, &c);
    for (int i = 0; i < m->funcs.n; i++) smallred_block(m, &c, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    ir_consts_free(&c);
}
