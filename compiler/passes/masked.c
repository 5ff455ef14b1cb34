/*
 * masked.c — boolean-mask updates and reductions over the whole array (-O2, after smallred.c,
 * before grouping).
 *
 *     I = abs(Z) < horizon
 *     N[I] = n                      # a scatter through a mask
 *     Z[I] = Z[I]**2 + C[I]         # gathers, an elementwise f, a scatter
 *     s = data[mask].mean()         # a gather, a reduction
 *
 * A gather through a boolean mask has a size only the mask's count decides: the runtime
 * counts (nonzero), synchronises, allocates, gathers, and the scatter does it again.  None of
 * it is needed when every array the statement reads is gathered through the same mask M of
 * the target's shape: f is elementwise, so f over the gathers is f over the whole arrays,
 * selected by M:
 *
 *     Z[...] = where(I, Z**2 + C, Z)            N[...] = where(I, n, N)
 *     s = sum(where(mask, data, 0)) / sum(mask)
 *
 * Both are elementwise kernels (the select a STORE_INTO, which fuses with its producers; the
 * reductions one KG_REDUCE each, siblings of one pass when siblings.c allows): no count on the
 * host, no allocation but a reduction's 0-d result, so a loop of them is a loop of launches
 * (and a CUDA graph when graphloop.c's other conditions hold).
 *
 * A scatter `X[M] = V` (IR_ADV_STORE, a plain set) qualifies when M is its one index, a
 * boolean array of X's ndim, and V is a Python scalar, a 0-d array, or an elementwise op of
 * this block over such values and gathers `Y[M]` of this block through the same M value
 * (Y of X's ndim, any dtype: the clones keep each op's dtypes); it becomes
 * `X[...] = where(M, V', X)` (STORE_INTO of X's dtype), V' being V with each gather Y[M]
 * replaced by Y.  A reduction (IR_REDUCE: sum, prod, mean, any, all, max, min, over the
 * gather's one axis, without keepdims) of a gather Y[M] of this block becomes the reduction
 * over all axes of `where(M, Y, identity)`; the mean is sum(where(M, Y, 0)) / sum(M), in the
 * mean's accumulation dtype (float64 for ints and bool, float32 for float16), cast to its
 * result dtype: an empty mask gives 0 / 0, NaN, as the mean of an empty array does.  A
 * float64 mean of real values is one reduction, s = sum(where(M, Y + 1j, 0)) in complex128,
 * and real(s) / imag(s): the real parts add the same float64 values as the sum, the imaginary
 * parts count exactly (azimint's per-bin mean: one pass over the mask's inputs).  max and
 * min (of real numbers and bool; identity the dtype's lowest or highest, -inf/inf for floats)
 * have none for an empty selection, where NumPy raises ValueError: an IR_EMPTY_FLAG of any(M)
 * before them has the device set the runtime's flag when M selects nothing, and the error is
 * raised at the next read of device data on the host (the read of the result, at the latest
 * at exit; runtime/indexing.cu), without a synchronisation of its own.
 *
 * Semantics kept:
 *   - the shape checks: each gather's place gets an IR_MASK_CHECK (the IndexError
 *     rt_adv_get raises for a mask of another shape), and the scatter's place one for X;
 *   - the order of reads: the gathers are read later (at the scatter or the reduction) than
 *     the program reads them, so nothing in between may write memory (ir_writes_memory);
 *   - overlap: a Y that shares X's memory is read through STORE_INTO's rule (a source that
 *     may overlap its destination other than as the same view is copied first);
 *   - values: f runs on every element, selected or not; the ops of ops.def have no effect but
 *     their value, and the unselected results are discarded (NaN, division by zero: NumPy's
 *     warnings aside, the selected elements are what the gather gave).
 * Not rewritten: a scatter with other index items or an accumulating one (cupyx.scatter_add),
 * a value with another 1-d array (`X[M] = B`: its length is the count), a non-elementwise
 * step (a reduction, a call), max/min of complex numbers, argmax/argmin (the gathered index),
 * gathers through another mask value.  The gathers and ops that lose their last
 * use are removed.  -O0 keeps every gather.
 */
#include "compiler/compiler.h"

#include <math.h>
#include <stdlib.h>

enum { MAX_DEPTH = 32, MAX_NODES = 64 };

typedef struct Ctx {
    IrModule *m;
    IrBlock *b;
    const IrInstr *at;   /* the scatter or reduction: where the new instructions go */
    IrValue *mask;
    int ndim;            /* the mask's */
    int first;           /* the position in b of the earliest instruction read again later */
    IrBlock tmp;         /* the new instructions, in order */
    struct {
        const IrValue *from;
        IrValue *to;
    } memo[MAX_NODES];
    int nmemo;
    IrInstr *gathers[MAX_NODES];   /* the gathers V reads, distinct */
    int ngathers;
} Ctx;

/* Is g a gather or a plain scatter through one boolean index of its array's ndim? */
static bool whole_mask(const IrInstr *g)
{
    if (g->op != IR_ADV_INDEX && g->op != IR_ADV_STORE) return false;
    if (g->nidx != 1 || g->idx[0] != IDX_INT || g->nargs != (g->op == IR_ADV_STORE ? 3 : 2)) return false;
    if (g->op == IR_ADV_STORE && g->ival != SCATTER_SET) return false;
    const Type *a = g->args[0]->type, *k = g->args[1]->type;
    return a->kind == TY_ARRAY && k->kind == TY_ARRAY && k->dtype == DT_BOOL && a->ndim >= 1 &&
           k->ndim == a->ndim;
}

static IrInstr *emit(Ctx *x, IrOp op, Type *t, int nargs, IrValue **args)
{
    return ir_emit(x->m, &x->tmp, op, x->at->span, t, nargs, args);
}

/* V over the whole array: V itself when it is a Python scalar or 0-d, the gathered array for a
 * gather through x->mask, a clone over the widened operands for an elementwise op of the
 * block; NULL when V is none of these. */
static IrValue *widen(Ctx *x, IrValue *v, int depth)
{
    if (!v->type || v->type->kind != TY_ARRAY) return v;
    if (v->type->ndim == 0) {
        /* a 0-d array filled with a scalar (setitem's conversion of `X[M] = 3.0`): the scalar,
         * which the select casts to the same dtype */
        const IrInstr *f = v->def;
        return f && f->op == IR_FULL && f->nargs == 1 && f->parent == x->b ? f->args[0] : v;
    }
    for (int i = 0; i < x->nmemo; i++)
        if (x->memo[i].from == v) return x->memo[i].to;
    IrInstr *d = v->def;
    if (depth > MAX_DEPTH || x->nmemo == MAX_NODES || !d || d->parent != x->b) return NULL;
    int at = ir_index_in_block(x->b, d);
    if (at < 0) return NULL;
    IrValue *r;
    if (d->op == IR_ADV_INDEX) {
        if (!whole_mask(d) || d->args[1] != x->mask || d->args[0]->type->ndim != x->ndim) return NULL;
        r = d->args[0];
        x->gathers[x->ngathers++] = d;
    } else if (ir_op_is_ewise(d->op) && d->nargs <= 8) {
        IrValue *args[8];
        for (int j = 0; j < d->nargs; j++)
            if (!(args[j] = widen(x, d->args[j], depth + 1))) return NULL;
        IrInstr *c = ir_emit_like(x->m, &x->tmp, d, ty_array(d->dtype, x->ndim), args);
        c->span = x->at->span;
        r = c->res;
    } else {
        return NULL;
    }
    if (at < x->first) x->first = at;
    x->memo[x->nmemo].from = v;
    x->memo[x->nmemo].to = r;
    x->nmemo++;
    return r;
}

/* Does any instruction of b strictly between positions lo and hi write memory? */
static bool writes_between(const IrBlock *b, int lo, int hi)
{
    for (int k = lo + 1; k < hi; k++)
        if (ir_writes_memory(VEC_AT(b->instrs, k))) return true;
    return false;
}

/* Removes v's defining instruction from b when nothing uses v any more and it is an
 * elementwise op, a fill or a gather (no effect but its value; a gather's shape check stays
 * in an IR_MASK_CHECK before it), then its operands in turn. */
static void drop_dead(IrBlock *b, IrValue *v)
{
    if (!v || v->nuses != 0 || !v->def || v->def->parent != b) return;
    IrInstr *in = v->def;
    if (!ir_op_is_ewise(in->op) && in->op != IR_ADV_INDEX && in->op != IR_FULL) return;
    int i = ir_index_in_block(b, in);
    if (i < 0) return;
    ir_remove(b, i);
    for (int j = 0; j < in->nargs; j++) drop_dead(b, in->args[j]);
}

/* An IR_MASK_CHECK of gather g's array and mask, inserted just before g. */
static void check_before(IrModule *m, IrBlock *b, IrInstr *g)
{
    IrBlock seq = {0};
    ir_emit(m, &seq, IR_MASK_CHECK, g->span, NULL, 2, g->args);
    vec_push(&seq.instrs, g);
    ir_splice(b, ir_index_in_block(b, g), &seq.instrs);
    vec_free(&seq.instrs);
}

/* Puts x->tmp's instructions in place of the instruction at position i of b (whose argument
 * uses the caller gives back), then the gathers' checks before them; returns the last one. */
static IrInstr *commit(Ctx *x, int i)
{
    IrInstr *last = VEC_AT(x->tmp.instrs, x->tmp.instrs.n - 1);
    ir_splice(x->b, i, &x->tmp.instrs);
    vec_free(&x->tmp.instrs);
    for (int k = 0; k < x->ngathers; k++) check_before(x->m, x->b, x->gathers[k]);
    return last;
}

/* X[M] = V at position i of b as X[...] = where(M, V', X); returns the last instruction put
 * in its place, or NULL when it does not qualify. */
static IrInstr *select_store(IrModule *m, IrBlock *b, int i)
{
    IrInstr *st = VEC_AT(b->instrs, i);
    if (!whole_mask(st)) return NULL;
    Ctx *x = xcalloc(1, sizeof *x);
    *x = (Ctx){.m = m, .b = b, .at = st, .mask = st->args[1], .ndim = st->args[1]->type->ndim, .first = i};
    IrValue *dst = st->args[0], *val = st->args[2];
    IrValue *w = widen(x, val, 0);
    if (!w || writes_between(b, x->first, i)) {
        ir_block_discard(&x->tmp);
        free(x);
        return NULL;
    }
    DType dt = dst->type->dtype;
    bool checked = false;   /* a gather of X itself checks X's shape already */
    for (int k = 0; k < x->ngathers; k++) checked |= x->gathers[k]->args[0] == dst;
    if (!checked) emit(x, IR_MASK_CHECK, NULL, 2, (IrValue *[]){dst, x->mask});
    IrInstr *sel = emit(x, IR_WHERE, ty_array(dt, x->ndim), 3, (IrValue *[]){x->mask, w, dst});
    sel->cdtype = dt;
    IrInstr *put = emit(x, IR_STORE_INTO, NULL, 2, (IrValue *[]){dst, sel->res});
    put->dtype = dt;
    for (int j = 0; j < st->nargs; j++) st->args[j]->nuses--;
    IrInstr *last = commit(x, i);
    free(x);
    drop_dead(b, val);
    return last;
}

/* A Python scalar constant of dtype dt's kind: 0 (False), or 1 (True) when `one`. */
static IrValue *const_of(Ctx *x, DType dt, bool one)
{
    IrInstr *c;
    if (dt == DT_BOOL) {
        c = emit(x, IR_CONST_BOOL, ty_bool(), 0, NULL);
        c->ival = one;
    } else if (dt_is_complex(dt)) {
        c = emit(x, IR_CONST_COMPLEX, ty_complex(), 0, NULL);
        c->fval = one;
    } else if (dt_is_float(dt)) {
        c = emit(x, IR_CONST_FLOAT, ty_float(), 0, NULL);
        c->fval = one;
    } else {
        c = emit(x, IR_CONST_INT, ty_int(), 0, NULL);
        c->ival = one;
    }
    return c->res;
}

/* The identity of max (lowest) or min (highest) over dtype dt, a real number type or bool:
 * the value where() puts in the unselected places. */
static IrValue *extreme_of(Ctx *x, DType dt, bool lowest)
{
    if (dt_is_float(dt)) {
        IrInstr *c = emit(x, IR_CONST_FLOAT, ty_float(), 0, NULL);
        c->fval = lowest ? -INFINITY : INFINITY;
        return c->res;
    }
    if (dt == DT_BOOL) return const_of(x, dt, !lowest);
    int bits = 8 * dt_size(dt);
    IrInstr *c = emit(x, IR_CONST_INT, ty_int(), 0, NULL);
    if (dt_is_signed(dt))
        c->ival = lowest ? -(INT64_MAX >> (64 - bits)) - 1 : INT64_MAX >> (64 - bits);
    else
        c->ival = lowest ? 0 : (int64_t)(UINT64_MAX >> (64 - bits)); /* uint64's highest: -1 */
    return c->res;
}

/* A whole reduction of op r and result dtype dt over array a (0-d result). */
static IrValue *reduce_all(Ctx *x, RedOp r, IrValue *a, DType dt)
{
    IrInstr *in = emit(x, IR_REDUCE, ty_array(dt, 0), 1, &a);
    in->redop = r;
    in->dtype = dt;
    in->cdtype = a->type->dtype;
    return in->res;
}

static IrValue *cast_to(Ctx *x, IrValue *v, DType dt)
{
    if (v->type->dtype == dt) return v;
    IrInstr *c = emit(x, IR_CAST, ty_array(dt, v->type->ndim), 1, &v);
    c->dtype = dt;
    c->cdtype = v->type->dtype;
    return c->res;
}

/* An elementwise op of result type t over args, computed in dtype cd. */
static IrValue *ew(Ctx *x, IrOp op, Type *t, DType cd, int n, IrValue **args)
{
    IrInstr *in = emit(x, op, t, n, args);
    in->cdtype = cd;
    return in->res;
}

/* The float64 mean of Y[M] in one pass: the real parts of where(M, Y + 1j, 0) add up the
 * selected values (as sum(where(M, Y, 0)) does, in float64), the imaginary parts count them
 * (exactly: below 2^53), and real / imag is the mean (0 / 0, NaN, for an empty selection).
 * One reduction instead of a sum and a count that each read M's inputs. */
static IrValue *mean_pair(Ctx *x, IrValue *y)
{
    IrInstr *j = emit(x, IR_CONST_COMPLEX, ty_complex(), 0, NULL);
    j->fval2 = 1.0;
    Type *ct = ty_array(DT_COMPLEX128, x->ndim), *f0 = ty_array(DT_FLOAT64, 0);
    IrValue *yj = ew(x, IR_ADD, ct, DT_COMPLEX128, 2, (IrValue *[]){ y, j->res });
    IrValue *sel = ew(x, IR_WHERE, ct, DT_COMPLEX128, 3,
                      (IrValue *[]){ x->mask, yj, const_of(x, DT_COMPLEX128, false) });
    IrValue *s = reduce_all(x, RED_SUM, sel, DT_COMPLEX128);
    IrValue *re = ew(x, IR_REAL, f0, DT_COMPLEX128, 1, &s), *im = ew(x, IR_IMAG, f0, DT_COMPLEX128, 1, &s);
    return ew(x, IR_TRUEDIV, f0, DT_FLOAT64, 2, (IrValue *[]){ re, im });
}

/* Reduction r of Y[M] as the reduction of where(M, Y, identity) (the mean: its sum over the
 * count sum(M), in accumulation dtype acc), of r's result dtype. */
static IrValue *masked_value(Ctx *x, const IrInstr *r, IrValue *y, DType acc)
{
    DType yt = y->type->dtype;
    bool one = r->redop == RED_PROD || r->redop == RED_ALL;
    bool extreme = r->redop == RED_MAX || r->redop == RED_MIN;
    IrValue *ident = extreme ? extreme_of(x, yt, r->redop == RED_MAX) : const_of(x, yt, one);
    IrValue *sel = ew(x, IR_WHERE, ty_array(yt, x->ndim), yt, 3, (IrValue *[]){ x->mask, y, ident });
    if (r->redop != RED_MEAN) return reduce_all(x, r->redop, sel, r->dtype);
    IrValue *s = reduce_all(x, RED_SUM, sel, acc);
    IrValue *n = cast_to(x, reduce_all(x, RED_SUM, x->mask, DT_INT64), acc);
    return cast_to(x, ew(x, IR_TRUEDIV, ty_array(acc, 0), acc, 2, (IrValue *[]){ s, n }), r->dtype);
}

/* A reduction of a gather Y[M] at position i of b as a reduction of where(M, Y, identity);
 * returns the last instruction put in its place, or NULL when it does not qualify. */
static IrInstr *masked_reduce(IrModule *m, IrBlock *b, int i)
{
    IrInstr *r = VEC_AT(b->instrs, i);
    if (r->op != IR_REDUCE || r->nargs != 1 || r->keepdims || r->naxes != 0 || !r->res || r->uk) return NULL;
    bool one = r->redop == RED_PROD || r->redop == RED_ALL;
    bool extreme = r->redop == RED_MAX || r->redop == RED_MIN;
    if (!one && !extreme && r->redop != RED_SUM && r->redop != RED_MEAN && r->redop != RED_ANY) return NULL;
    IrValue *a = r->args[0];
    if (extreme && dt_is_complex(a->type->dtype)) return NULL;
    IrInstr *g = a->def;
    if (!g || g->op != IR_ADV_INDEX || g->parent != b || !whole_mask(g)) return NULL;
    int at = ir_index_in_block(b, g);
    if (at < 0 || writes_between(b, at, i)) return NULL;
    Ctx *x = xcalloc(1, sizeof *x);
    *x = (Ctx){.m = m, .b = b, .at = r, .mask = g->args[1], .ndim = g->args[1]->type->ndim, .first = at};
    x->gathers[x->ngathers++] = g;
    IrValue *y = g->args[0];
    DType yt = y->type->dtype;
    /* the mean's accumulation dtype (codegen's cg_acc_dtype) */
    DType acc = r->dtype == DT_FLOAT16 ? DT_FLOAT32 : r->dtype;
    IrValue *res;
    if (r->redop == RED_MEAN && acc == DT_FLOAT64 && !dt_is_complex(yt)) {
        res = cast_to(x, mean_pair(x, y), r->dtype);
    } else {
        res = masked_value(x, r, y, acc);
    }
    if (extreme) { /* an empty selection raises at the next read; any(M) a sibling of res */
        IrValue *any = reduce_all(x, RED_ANY, x->mask, DT_BOOL);
        IrInstr *op = emit(x, IR_CONST_INT, ty_int(), 0, NULL);
        op->ival = r->redop == RED_MIN;
        emit(x, IR_EMPTY_FLAG, NULL, 2, (IrValue *[]){ any, op->res });
    }
    /* res's instruction defines the reduction's value (its uses stay as they are) */
    res->def->res = r->res;
    r->res->def = res->def;
    a->nuses--;
    IrInstr *last = commit(x, i);
    free(x);
    drop_dead(b, a);
    return last;
}

static void masked_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        masked_block(m, in->blocks[0]);
        masked_block(m, in->blocks[1]);
    }
    /* a rewrite inserts instructions and drops dead ones before it: go on after what it put
     * in place of the instruction (none of which is a scatter or a gather's reduction) */
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i), *last = NULL;
        if (in->op == IR_ADV_STORE) last = select_store(m, b, i);
        else if (in->op == IR_REDUCE) last = masked_reduce(m, b, i);
        if (last) i = ir_index_in_block(b, last);
    }
}

void masked_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) masked_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
