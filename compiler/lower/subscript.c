/*
 * lower/subscript.c — advanced indexing, the part of subscripts (lw_index, lower/expr.c) whose
 * items are index arrays.
 *
 * NumPy's rules implemented here (the run-time half is runtime/indexing.cu):
 *   - an index item that is an integer or boolean array, or a list literal of ints/bools, makes
 *     the whole index "advanced": x[idx], x[mask], x[rows, cols], x[:, idx], x[1, [0, 3]];
 *     the result is a copy whose ndim is known here: the index arrays broadcast together (a
 *     boolean array of k dims counts as k 1-d arrays), plus one dim per slice, None and axis
 *     left unindexed;
 *   - x[idx] = v and x[mask] = v write through the index (IR_ADV_STORE); the value is cast to
 *     x's dtype as NumPy's setitem does; x[idx] op= v is x[idx] = x[idx] op v (NumPy's
 *     non-accumulating semantics, with same_kind casting of the result); cupyx.scatter_add /
 *     max / min accumulate through it.
 *
 * IR form: an index array rides in an IDX_INT item whose arg has array type (see compiler.h,
 * IR_ADV_INDEX), so the item list is IR_INDEX's.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- index items */

IrValue *lw_index_list(Lower *L, AstNode *list)
{
    int64_t shape[IR_MAXDIM];
    int ndim;
    Vec leaves = {0};
    if (!lw_lit_leaves(list, "index arrays", shape, &ndim, &leaves)) {
        vec_free(&leaves);
        return NULL;
    }
    int n = leaves.n;
    IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    bool all_bool = n > 0;
    for (int i = 0; i < n; i++) {
        AstNode *el = leaves.v[i];
        IrValue *v = lw_expr(L, el);
        if (!v) {
            vec_free(&leaves);
            return NULL;
        }
        if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
            diag_error(el->span, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                                 "integer or boolean arrays are valid indices");
            vec_free(&leaves);
            return NULL;
        }
        all_bool &= v->type->kind == TY_BOOL;
        vals[i] = v;
    }
    vec_free(&leaves);
    DType dt = all_bool ? DT_BOOL : DT_INT64;
    IrValue *r = lw_emit(L, IR_ARRAY_LIT, list->span, ty_array(dt, ndim), n, vals);
    r->def->dtype = dt;
    r->def->ndim = ndim;
    for (int i = 0; i < ndim; i++) r->def->shape[i] = shape[i];
    return r;
}

IrValue *lw_index_adv(Lower *L, IrValue *arr, Span isp, Span sp, int n, const IdxKind *kinds, int na,
                      IrValue **args)
{
    int nd = arr->type->ndim, consumed = 0, basic = 0, bnd = 0, a = 1;
    for (int k = 0; k < n; k++) {
        switch (kinds[k]) {
        case IDX_INT: {
            IrValue *v = args[a++];
            if (v->type->kind == TY_LIST) {
                diag_error(sp, "indexing with a list variable is not supported; write the indices as a "
                               "literal list or use cp.array(...)");
                return NULL;
            }
            if (v->type->kind != TY_ARRAY) {
                consumed++;
                break;
            }
            DType d = v->type->dtype;
            if (d != DT_BOOL && !dt_is_int(d)) {
                diag_error(sp, "arrays used as indices must be of integer (or boolean) type");
                return NULL;
            }
            if (d == DT_BOOL && v->type->ndim == 0) {
                diag_error(sp, "indexing with a 0-d boolean array is not supported yet");
                return NULL;
            }
            int vnd = d == DT_BOOL ? 1 : v->type->ndim;
            if (vnd > bnd) bnd = vnd;
            consumed += d == DT_BOOL ? v->type->ndim : 1;
            break;
        }
        case IDX_SLICE: a += 3; consumed++; basic++; break;
        case IDX_NEWAXIS: basic++; break;
        case IDX_ELLIPSIS: break;
        }
    }
    GPYC_ASSERT(a == na);
    if (consumed > nd) {
        diag_error(isp, "too many indices for array: array is %d-dimensional, but %d were indexed", nd, consumed);
        return NULL;
    }
    int rnd = bnd + basic + (nd - consumed);
    if (rnd > IR_MAXDIM) {
        diag_error(isp, "the result would have %d dimensions; gpyc supports up to %d", rnd, IR_MAXDIM);
        return NULL;
    }
    IrValue *r = lw_emit(L, IR_ADV_INDEX, sp, ty_array(arr->type->dtype, rnd), na, args);
    r->def->nidx = n;
    for (int k = 0; k < n; k++) r->def->idx[k] = kinds[k];
    return r;
}

IrValue *lw_index_tuple(Lower *L, IrValue *arr, IrValue *t, Span isp, Span sp)
{
    int n = t->type->n;
    if (n > IR_MAXDIM * 2) {
        diag_error(isp, "too many indices");
        return NULL;
    }
    IrValue *args[1 + IR_MAXDIM * 2];
    IdxKind kinds[IR_MAXDIM * 2];
    int na = 0, nadv = 0;
    args[na++] = arr;
    for (int k = 0; k < n; k++) {
        IrValue *e = lw_tuple_get(L, t, k, isp);
        if (e->type->kind == TY_BOOL) e = lw_to_scalar(L, e, TY_INT, isp);
        if (e->type->kind != TY_INT && e->type->kind != TY_ARRAY) {
            diag_error(isp, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                            "integer or boolean arrays are valid indices");
            return NULL;
        }
        nadv += e->type->kind == TY_ARRAY;
        args[na++] = e;
        kinds[k] = IDX_INT;
    }
    if (nadv) return lw_index_adv(L, arr, isp, sp, n, kinds, na, args);
    if (n > arr->type->ndim) {
        diag_error(isp, "too many indices for array: array is %d-dimensional, but %d were indexed",
                   arr->type->ndim, n);
        return NULL;
    }
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(arr->type->dtype, arr->type->ndim - n), na, args);
    r->def->nidx = n;
    for (int k = 0; k < n; k++) r->def->idx[k] = kinds[k];
    return r;
}

/* ---------------------------------------------------------------- assignment */

/* v (a Python scalar or an array) as an array of dtype dt, for IR_ADV_STORE. */
static IrValue *value_as(Lower *L, IrValue *v, DType dt, Span sp)
{
    if (v->type->kind == TY_ARRAY) return v->type->dtype == dt ? v : lw_cast(L, v, dt, sp);
    return lw_emit_full(L, sp, dt, 0, NULL, v);
}

/* Emits IR_ADV_STORE with the index of gather instruction g and value val (dtype-converted). */
static void emit_store(Lower *L, const IrInstr *g, IrValue *val, Span sp)
{
    IrValue *dst = g->args[0];
    IrValue *v = value_as(L, val, dst->type->dtype, sp);
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(g->nargs + 1));
    for (int i = 0; i < g->nargs; i++) args[i] = g->args[i];
    args[g->nargs] = v;
    IrInstr *in = ir_emit(L->m, L->blk, IR_ADV_STORE, sp, NULL, g->nargs + 1, args);
    in->dtype = dst->type->dtype;
    in->nidx = g->nidx;
    for (int k = 0; k < g->nidx; k++) in->idx[k] = g->idx[k];
}

/* x[idx] = v: the gather lw_index emitted last is taken back (it would read for nothing and
 * synchronise) and a store with the same index is emitted after the value's conversion.
 * pyint_check: a Python int v must fit x's integer dtype (NEP 50: NumPy 2's OverflowError
 * "Python integer 300 out of bounds for uint8", as NumPy converts the value before it stores). */
static bool adv_assign(Lower *L, IrValue *view, IrValue *v, Span sp, bool pyint_check)
{
    IrInstr *g = view->def;
    IrBlock *b = L->blk;
    GPYC_ASSERT(g && g->op == IR_ADV_INDEX);
    if (b->instrs.n && VEC_AT(b->instrs, b->instrs.n - 1) == g && view->nuses == 0) {
        b->instrs.n--;
        for (int i = 0; i < g->nargs; i++) g->args[i]->nuses--;
    }
    if (pyint_check && !lw_pyint_fits(L, sp, v, g->args[0]->type->dtype)) return false;
    emit_store(L, g, v, sp);
    return true;
}

bool lw_adv_assign(Lower *L, IrValue *view, IrValue *v, Span sp) { return adv_assign(L, view, v, sp, true); }

/* cupyx.scatter_add/max/min(x, idx, v) where view (from lw_index) is an IR_ADV_INDEX: an
 * accumulating IR_ADV_STORE (ival: the runtime's gp_scatter_op, 1 add, 2 max, 3 min).  A
 * Python int v is not range-checked here: NumPy 2's ufunc.at (the oracle's scatter_*) makes it
 * an int64 array, not a weak scalar, and casts the result back unsafely, so it never raises
 * NEP 50's OverflowError (CuPy's scatter_* does, through cupy.array(v, dtype=x.dtype)). */
bool lw_adv_scatter(Lower *L, IrValue *view, IrValue *v, int op, Span sp)
{
    if (!adv_assign(L, view, v, sp, false)) return false;
    IrInstr *st = VEC_AT(L->blk->instrs, L->blk->instrs.n - 1);
    GPYC_ASSERT(st->op == IR_ADV_STORE);
    st->ival = op;
    return true;
}

/* x[idx] op= v.  NumPy: the result of x[idx] op v must cast to x's dtype under same_kind. */
bool lw_adv_augassign(Lower *L, AstNode *s, IrValue *view)
{
    IrInstr *g = view->def;
    GPYC_ASSERT(g && g->op == IR_ADV_INDEX);
    IrValue *val = lw_expr(L, s->rhs);
    if (!val) return false;
    IrValue *r = lw_binop_py(L, s->op, s->span, view, val);
    if (!r) return false;
    if (!ty_is_numeric(r->type)) {
        diag_error(s->span, "cannot assign %s to an array element", ty_str_of(r->type));
        return false;
    }
    if (!lw_same_kind(r, view->type->dtype, s)) return false;
    emit_store(L, g, r, s->span);
    return true;
}
