/*
 * lower/api/place.c — routines that read or write an array through index arrays, composed from
 * the advanced-indexing IR of lower/subscript.c (IR_ADV_INDEX / IR_ADV_STORE), host shape
 * arithmetic and elementwise ops.  No routine here has a kernel or a runtime entry of its own.
 *
 *   take_along_axis / put_along_axis: one index array per axis — `indices` along `axis`, an
 *     arange broadcast along every other axis (NumPy's _make_along_axis_idx);
 *   put(a, ind, v): a.flat[ind] = v, with ind unravelled into one index array per axis so that
 *     a may be any view; v repeated to len(ind) as NumPy repeats it;
 *   place(arr, mask, vals): arr[mask] = vals repeated over the True positions in order;
 *   putmask(a, mask, values): a[mask] = values.flat[p % values.size] for each flat position p;
 *   choose(a, choices): a where chain over the choices (mode='raise');
 *   ix_, ravel_multi_index, unravel_index, broadcast_arrays: host shape arithmetic and integer
 *     elementwise ops;
 *   delete (a keep mask, then a gather), insert (NumPy's int and sequence cases: slices, or an
 *     argsort of the positions and two scatters), resize (a cyclic gather), ascontiguousarray,
 *     asfortranarray, require (views when the order holds, else a copy), broadcast (a record of
 *     the broadcast shape); isfortran, may_share_memory, shares_memory ask the runtime about
 *     the arrays' strides and memory (runtime/array.c).
 *
 * Errors: NumPy's compile-time messages where the ndim or dtype decides; out-of-bounds index
 * arrays raise NumPy's IndexError from the runtime (rt_adv_get / rt_adv_set); choose and
 * ravel_multi_index raise NumPy's ValueError at run time (one synchronisation each).
 */
#include "compiler/lower/lower.h"

#include <string.h>


/* A 1-d array v as an nd-d array whose dimension k holds it (the others 1). */
static IrValue *along(Lower *L, Span sp, IrValue *v, int nd, int k)
{
    IrValue *dims[IR_MAXDIM];
    for (int i = 0; i < nd; i++) dims[i] = i == k ? lw_dim(L, sp, v, 0) : lw_cint(L, sp, 1);
    return lw_emit_reshape(L, sp, v, nd, dims);
}

/* x[items[0], ..., items[n-1]] with every item an index array (IR_ADV_INDEX). */
static IrValue *adv(Lower *L, Span sp, IrValue *x, int n, IrValue **items)
{
    IrValue *args[1 + IR_MAXDIM];
    IdxKind kinds[IR_MAXDIM];
    args[0] = x;
    for (int i = 0; i < n; i++) {
        args[1 + i] = items[i];
        kinds[i] = IDX_INT;
    }
    return lw_index_adv(L, x, sp, sp, n, kinds, n + 1, args);
}

/* Raises exc(msg) at run time when any element of the bool array bad is true (syncs). */
static bool raise_any(Lower *L, Span sp, IrValue *bad, const char *exc, const char *msg)
{
    if (!bad) return false;
    IrValue *any = lw_reduce(L, sp, RED_ANY, bad, NULL, NULL, NULL);
    IrValue *t = any ? lw_truth(L, any, sp) : NULL;
    return t && lw_raise_if(L, sp, t, exc, msg);
}

/* An integer index operand: an int array, a literal list of ints or an int (0-d). */
static IrValue *int_index(Lower *L, AstNode *e, const char *fname, const char *what)
{
    IrValue *v = lw_array_operand(L, e, fname);
    if (!v) return NULL;
    if (!dt_is_int(v->type->dtype)) {
        diag_error(e->span, "%s must be an integer array", what);
        return NULL;
    }
    return v;
}

/* v's elements repeated (flat, cyclically) at positions pos (int64 1-d): v.flat[pos % v.size].
 * A 0-d v is returned as is (it broadcasts). */
static IrValue *cycled(Lower *L, Span sp, IrValue *v, IrValue *pos)
{
    if (v->type->ndim == 0) return v;
    IrValue *flat = lw_ravel(L, sp, v);
    IrValue *nv = lw_emit1(L, IR_SIZE, sp, ty_int(), flat);
    IrValue *k = lw_ew2(L, IR_MOD, sp, pos, nv);
    return k ? adv(L, sp, flat, 1, &k) : NULL;
}

/* ---------------------------------------------------------------- along an axis */

/* The index of take_along_axis / put_along_axis: x[idx_0, ..., idx_{nd-1}] with the indices
 * idx (written idx_e) at axis.  axis=None (take only) indexes x.ravel() with 1-d indices. */
static IrValue *along_axis(Lower *L, Span sp, const char *fn, IrValue *x, IrValue *idx, AstNode *idx_e,
                           AstNode *axis_e, bool allow_none)
{
    IrValue *av = lw_expr(L, axis_e);
    if (!av) return NULL;
    int nd = x->type->ndim, axis;
    if (av->type->kind == TY_NONE) {
        if (!allow_none) {
            diag_error(axis_e->span, "%s(axis=None) is not supported yet", fn);
            return NULL;
        }
        if (idx->type->ndim != 1) {
            diag_error(idx_e->span, "when axis=None, `indices` must have a single dimension.");
            return NULL;
        }
        x = lw_ravel(L, sp, x);
        return adv(L, sp, x, 1, &idx);
    }
    if (!lw_axis1(L, axis_e, nd, 0, &axis)) return NULL;
    if (idx->type->ndim != nd) {
        diag_error(idx_e->span, "`indices` and `arr` must have the same number of dimensions");
        return NULL;
    }
    IrValue *items[IR_MAXDIM];
    for (int d = 0; d < nd; d++) items[d] = d == axis ? idx : along(L, sp, lw_iota(L, sp, lw_dim(L, sp, x, d)), nd, d);
    return adv(L, sp, x, nd, items);
}

/* take_along_axis(arr, indices, axis) */
static IrValue *api_take_along_axis(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "take_along_axis", "arr,indices,axis", 3, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "take_along_axis");
    IrValue *idx = x ? int_index(L, a.p[1], "take_along_axis", "`indices`") : NULL;
    return idx ? along_axis(L, call->span, "take_along_axis", x, idx, a.p[1], a.p[2], true) : NULL;
}

/* put_along_axis(arr, indices, values, axis): arr[index] = values (broadcast to the index).
 * NumPy 2 converts values to arr's dtype as it stores: a Python int (or one in a literal list)
 * out of an integer dtype's range is NEP 50's OverflowError (lw_values_into). */
static IrValue *api_put_along_axis(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "put_along_axis", "arr,indices,values,axis", 4, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "put_along_axis");
    IrValue *idx = x ? int_index(L, a.p[1], "put_along_axis", "`indices`") : NULL;
    IrValue *v = idx ? lw_values_into(L, a.p[2], "put_along_axis", x->type->dtype) : NULL;
    IrValue *view = v ? along_axis(L, call->span, "put_along_axis", x, idx, a.p[1], a.p[3], false) : NULL;
    if (!view || !lw_adv_assign(L, view, v, call->span)) return NULL;
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- put, place, putmask */

/* put(a, ind, v, mode='raise'): a.flat[ind] = v repeated to len(ind).  A 1-d a takes ind as
 * is (negative indices and NumPy's IndexError from the runtime); an n-d a checks ind against
 * a.size first (NumPy's IndexError of axis 0 with the flat size), then takes it unravelled
 * (negative ones first made positive). */
static IrValue *api_put(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "put", "a,ind,v,mode", 3, &a) || !lw_no_arg(a.p[3], "mode")) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "put");
    IrValue *ind = x ? int_index(L, a.p[1], "put", "indices") : NULL;
    IrValue *v = ind ? lw_values_into(L, a.p[2], "put", x->type->dtype) : NULL;
    if (!v) return NULL;
    int nd = x->type->ndim;
    if (nd == 0) {
        diag_error(a.p[0]->span, "put() needs an array of at least one dimension here");
        return NULL;
    }
    ind = lw_ravel(L, sp, ind);
    IrValue *vals = cycled(L, sp, v, lw_iota(L, sp, lw_emit1(L, IR_SIZE, sp, ty_int(), ind)));
    if (!vals) return NULL;
    IrValue *items[IR_MAXDIM];
    if (nd == 1) {
        items[0] = ind;
    } else {
        /* NumPy checks the flat index against a.size: "index 30 is out of bounds for axis 0
         * with size 24" */
        IrValue *size = lw_emit1(L, IR_SIZE, sp, ty_int(), x);
        IrValue *msize = lw_binop(L, AOP_SUB, sp, lw_cint(L, sp, 0), size);
        IrValue *bad = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, ind, msize), lw_ew2(L, IR_GE, sp, ind, size));
        if (!lw_raise_first(L, sp, NULL, "IndexError", "index ", ind, bad,
                            " is out of bounds for axis 0 with size ", size, ""))
            return NULL;
        IrValue *neg = lw_ew2(L, IR_LT, sp, ind, lw_cint(L, sp, 0));
        IrValue *k = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){neg, lw_ew2(L, IR_ADD, sp, ind, size), ind});
        IrValue *stride = lw_cint(L, sp, 1);
        for (int d = nd - 1; d >= 0 && k; d--) {
            IrValue *q = lw_ew2(L, IR_FLOORDIV, sp, k, stride);
            items[d] = d ? lw_ew2(L, IR_MOD, sp, q, lw_dim(L, sp, x, d)) : q;
            if (!items[d]) return NULL;
            stride = lw_binop(L, AOP_MUL, sp, stride, lw_dim(L, sp, x, d));
        }
        if (!k) return NULL;
    }
    IrValue *view = adv(L, sp, x, nd, items);
    if (!view || !lw_adv_assign(L, view, vals, sp)) return NULL;
    return lw_pseudo(L, ty_none());
}

/* The mask of place / putmask: an array of x's ndim, as bool (nonzero is True). */
static IrValue *mask_arg(Lower *L, AstNode *e, IrValue *x, const char *fn)
{
    IrValue *m = lw_array_operand(L, e, fn);
    if (!m) return NULL;
    if (m->type->ndim != x->type->ndim) {
        diag_error(e->span, "%s() needs a mask of the array's number of dimensions (%d), got %d", fn,
                   x->type->ndim, m->type->ndim);
        return NULL;
    }
    if (m->type->dtype != DT_BOOL) m = lw_cast(L, m, DT_BOOL, e->span);
    return m;
}

/* place(arr, mask, vals) and putmask(a, mask, values): arr[mask] = the values repeated, in
 * order of the True positions (place) or by flat position (putmask). */
static IrValue *api_place(Lower *L, AstNode *call, const char *fn)
{
    Args a;
    bool place = !strcmp(fn, "place");
    if (!lw_bind(call, fn, place ? "arr,mask,vals" : "a,mask,values", 3, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], fn);
    if (x && x->type->ndim == 0) {
        diag_error(a.p[0]->span, "%s() needs an array of at least one dimension here", fn);
        return NULL;
    }
    IrValue *m = x ? mask_arg(L, a.p[1], x, fn) : NULL;
    IrValue *v = m ? lw_values_into(L, a.p[2], fn, x->type->dtype) : NULL;
    if (!v) return NULL;
    IrValue *sel = lw_emit1(L, IR_NONZERO, sp, ty_array(DT_INT64, 1), m);
    sel->def->ival = 2;   /* flatnonzero */
    IrValue *n = lw_emit1(L, IR_SIZE, sp, ty_int(), sel);
    if (v->type->ndim > 0) {
        IrValue *nv = lw_emit1(L, IR_SIZE, sp, ty_int(), v);
        IrValue *empty = lw_binop(L, AOP_EQ, sp, nv, lw_cint(L, sp, 0));
        IrValue *some = lw_binop(L, AOP_GT, sp, n, lw_cint(L, sp, 0));
        IrValue *bad = lw_ew2(L, IR_LOGICAL_AND, sp, empty, some);
        if (!bad || !lw_raise_if(L, sp, bad, "ValueError", "Cannot insert from an empty array!")) return NULL;
    }
    IrValue *vals = cycled(L, sp, v, place ? lw_iota(L, sp, n) : sel);
    IrValue *view = vals ? adv(L, sp, x, 1, &m) : NULL;
    if (!view || !lw_adv_assign(L, view, vals, sp)) return NULL;
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- choose */

/* choose(a, choices, out=None, mode='raise'): choices[a[I]][I] for every index I of the
 * broadcast shape, computed as a where chain; an entry of a outside [0, len(choices)) is
 * NumPy's ValueError. */
/* choose(a, C) with C an array: C[i] along its first axis are the choices, their number
 * known at run time.  a and C[0] broadcast to a shape S; C broadcast to (len(C),) + S is
 * indexed by (a, then an arange along each axis of S). */
static IrValue *choose_array(Lower *L, Span sp, IrValue *idx, IrValue *C)
{
    int ci = C->type->ndim - 1, ai = idx->type->ndim, m = ci > ai ? ci : ai;
    if (ci < 0) {
        diag_error(sp, "choose() needs its choices as a sequence or an array of at least one dimension");
        return NULL;
    }
    IrValue *n = lw_dim(L, sp, C, 0), *dims[1 + IR_MAXDIM], *items[1 + IR_MAXDIM];
    IrValue *bad = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, idx, lw_cint(L, sp, 0)),
                          lw_ew2(L, IR_GE, sp, idx, n));
    if (!raise_any(L, sp, bad, "ValueError", "invalid entry in choice array")) return NULL;
    dims[0] = n;
    for (int d = 0; d < m; d++) {
        int da = d - (m - ai), dc = d - (m - ci);
        IrValue *x = da >= 0 ? lw_dim(L, sp, idx, da) : NULL, *y = dc >= 0 ? lw_dim(L, sp, C, dc + 1) : NULL;
        dims[1 + d] = x && y ? lw_imax(L, sp, x, y) : x ? x : y;
    }
    items[0] = lw_broadcast_to(L, sp, idx, m, dims + 1);
    for (int d = 0; d < m; d++) items[1 + d] = along(L, sp, lw_iota(L, sp, dims[1 + d]), m, d);
    /* C's choice axis stays first: size-1 axes after it align C[0] with S's trailing axes */
    for (int d = ci; d < m; d++) C = lw_newaxis_at(L, sp, C, 1);
    return adv(L, sp, lw_broadcast_to(L, sp, C, m + 1, dims), m + 1, items);
}

static IrValue *api_choose(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "choose", "a,choices,out,mode", 2, self, &a) || !lw_no_arg(a.p[2], "out") ||
        !lw_no_arg(a.p[3], "mode"))
        return NULL;
    Span sp = call->span;
    IrValue *idx = self ? self : int_index(L, a.p[0], "choose", "a");
    if (self && !dt_is_int(self->type->dtype)) {
        diag_error(sp, "a must be an integer array");
        return NULL;
    }
    if (idx && !lw_is_seq_lit(a.p[1])) {
        IrValue *c = lw_expr(L, a.p[1]);
        if (!c) return NULL;
        if (c->type->kind == TY_ARRAY) return choose_array(L, sp, idx, c);
        if (a.p[1]->kind == AST_CALL) { /* not lowered twice; a name is read again below */
            diag_error(a.p[1]->span,
                       "choose() takes its choices as an array, a list or tuple literal or a tuple "
                       "name here, not %s",
                       ty_str_of(c->type));
            return NULL;
        }
    }
    IrValue *ch[MAXARR];
    int n = idx ? lw_seq_arrays(L, a.p[1], "choose", ch, NULL) : -1;
    if (n < 0) return NULL;
    if (n == 0) {
        diag_error(a.p[1]->span, "0-length sequence.");
        return NULL;
    }
    DType dt = ch[0]->type->dtype;
    for (int i = 1; i < n; i++) dt = dt_promote(dt, ch[i]->type->dtype);
    IrValue *bad = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, idx, lw_cint(L, sp, 0)),
                       lw_ew2(L, IR_GE, sp, idx, lw_cint(L, sp, n)));
    if (!raise_any(L, sp, bad, "ValueError", "invalid entry in choice array")) return NULL;
    IrValue *r = ch[n - 1]->type->dtype == dt ? ch[n - 1] : lw_cast(L, ch[n - 1], dt, sp);
    if (n == 1) /* a new array of the broadcast shape */
        r = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){lw_ew2(L, IR_EQ, sp, idx, lw_cint(L, sp, 0)), r, r});
    for (int i = n - 2; i >= 0 && r; i--) {
        IrValue *c = ch[i]->type->dtype == dt ? ch[i] : lw_cast(L, ch[i], dt, sp);
        IrValue *eq = lw_ew2(L, IR_EQ, sp, idx, lw_cint(L, sp, i));
        r = eq ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){eq, c, r}) : NULL;
    }
    return r;
}

/* ---------------------------------------------------------------- index arithmetic */

/* ix_(*args): args[k] (1-d; booleans become their nonzero positions) reshaped to have its
 * length at dimension k of len(args) dimensions — an open mesh for fancy indexing. */
static IrValue *api_ix(Lower *L, AstNode *call)
{
    Span sp = call->span;
    int n = call->elts.n;
    if (call->params.n) {
        diag_error(call->span, "ix_() takes no keyword arguments");
        return NULL;
    }
    if (n > IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    IrValue *out[IR_MAXDIM];
    for (int k = 0; k < n; k++) {
        AstNode *e = call->elts.v[k];
        IrValue *v = lw_array_operand(L, e, "ix_");
        if (!v) return NULL;
        if (v->type->ndim != 1) {
            diag_error(e->span, "Cross index must be 1 dimensional");
            return NULL;
        }
        if (v->type->dtype == DT_BOOL) {
            v = lw_emit1(L, IR_NONZERO, sp, ty_array(DT_INT64, 1), v);
            v->def->ival = 2;
        } else if (!dt_is_int(v->type->dtype)) {
            diag_error(e->span, "Cross index must be 1 dimensional");
            return NULL;
        }
        out[k] = along(L, sp, v, n, k);
    }
    return lw_tuple(L, sp, n, out);
}

/* The integer arrays of a sequence argument (multi_index), as int64. */
static int int_arrays(Lower *L, AstNode *e, const char *fn, IrValue **out)
{
    int n = lw_seq_arrays(L, e, fn, out, NULL);
    for (int i = 0; i < n; i++) {
        if (!dt_is_int(out[i]->type->dtype)) {
            diag_error(e->span, "only int indices permitted");
            return -1;
        }
        if (out[i]->type->dtype != DT_INT64) out[i] = lw_cast(L, out[i], DT_INT64, e->span);
    }
    return n;
}

/* ravel_multi_index(multi_index, dims, mode='raise', order='C'): sum of idx_k * stride_k, C
 * order; an index outside its dimension is NumPy's ValueError. */
static IrValue *api_ravel_multi_index(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "ravel_multi_index", "multi_index,dims,mode,order", 2, &a) || !lw_no_arg(a.p[2], "mode") ||
        !lw_no_arg(a.p[3], "order"))
        return NULL;
    Span sp = call->span;
    IrValue *idx[MAXARR], *dims[IR_MAXDIM];
    int n = int_arrays(L, a.p[0], "ravel_multi_index", idx), nd = 0;
    if (n < 0 || !lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
    if (n != nd) {
        diag_error(a.p[0]->span, "parameter multi_index must be a sequence of length %d", nd);
        return NULL;
    }
    IrValue *bad = NULL, *r = NULL;
    for (int k = 0; k < n; k++) {
        IrValue *b = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, idx[k], lw_cint(L, sp, 0)),
                         lw_ew2(L, IR_GE, sp, idx[k], dims[k]));
        bad = bad ? lw_ew2(L, IR_LOGICAL_OR, sp, bad, b) : b;
        r = r ? lw_ew2(L, IR_ADD, sp, lw_ew2(L, IR_MUL, sp, r, dims[k]), idx[k]) : idx[k];
        if (!bad || !r) return NULL;
    }
    if (!raise_any(L, sp, bad, "ValueError", "invalid entry in coordinates array")) return NULL;
    return r->def && r->def->op == IR_CAST ? r : lw_emit1(L, IR_COPY, sp, r->type, r);
}

/* unravel_index(indices, shape, order='C'): a tuple of int64 arrays (indices // stride_k) %
 * dim_k.  The first index outside [0, prod(shape)) raises NumPy's ValueError ("index 100 is
 * out of bounds for array with size 24"). */
static IrValue *api_unravel_index(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "unravel_index", "indices,shape,order", 2, &a) || !lw_no_arg(a.p[2], "order")) return NULL;
    Span sp = call->span;
    IrValue *idx = int_index(L, a.p[0], "unravel_index", "indices");
    IrValue *dims[IR_MAXDIM];
    int nd = 0;
    if (!idx || !lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
    IrValue *size = lw_cint(L, sp, 1);
    for (int k = 0; k < nd; k++) size = lw_binop(L, AOP_MUL, sp, size, dims[k]);
    IrValue *bad = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, idx, lw_cint(L, sp, 0)), lw_ew2(L, IR_GE, sp, idx, size));
    if (!lw_raise_first(L, sp, NULL, "ValueError", "index ", idx, bad,
                        " is out of bounds for array with size ", size, ""))
        return NULL;
    if (idx->type->dtype != DT_INT64) idx = lw_cast(L, idx, DT_INT64, sp);
    IrValue *out[IR_MAXDIM], *stride = lw_cint(L, sp, 1);
    for (int k = nd - 1; k >= 0; k--) {
        IrValue *q = lw_ew2(L, IR_FLOORDIV, sp, idx, stride);
        out[k] = lw_ew2(L, IR_MOD, sp, q, dims[k]);
        if (!out[k]) return NULL;
        stride = lw_binop(L, AOP_MUL, sp, stride, dims[k]);
    }
    return lw_tuple(L, sp, nd, out);
}

/* broadcast_arrays(*args): each argument as a (read-only) view broadcast to the common
 * shape; a tuple (NumPy 2; NumPy 1 gives a list, which unpacks alike). */
static IrValue *api_broadcast_arrays(Lower *L, AstNode *call)
{
    Span sp = call->span;
    int n = call->elts.n;
    if (call->params.n) {
        diag_error(call->span, "broadcast_arrays() takes no keyword arguments");
        return NULL;
    }
    if (n > MAXARR) {
        diag_error(sp, "broadcast_arrays() of more than %d arrays is not supported", MAXARR);
        return NULL;
    }
    IrValue *x[MAXARR];
    int nd = 0;
    for (int i = 0; i < n; i++) {
        if (!(x[i] = lw_arraylike(L, call->elts.v[i], "broadcast_arrays"))) return NULL;
        if (x[i]->type->ndim > nd) nd = x[i]->type->ndim;
    }
    IrValue *dims[IR_MAXDIM];
    for (int j = 0; j < nd; j++) {
        dims[j] = lw_cint(L, sp, 1);
        for (int i = 0; i < n; i++) {
            int k = j - (nd - x[i]->type->ndim);
            if (k < 0) continue;
            IrValue *d = lw_dim(L, sp, x[i], k);
            IrValue *one = lw_binop(L, AOP_EQ, sp, d, lw_cint(L, sp, 1));
            dims[j] = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){one, dims[j], d});
            if (!dims[j]) return NULL;
        }
    }
    IrValue *out[MAXARR];
    for (int i = 0; i < n; i++) out[i] = lw_broadcast_to(L, sp, x[i], nd, dims);
    return lw_tuple(L, sp, n, out);
}

/* ---------------------------------------------------------------- insert, delete, resize */

/* x[:, ..., item] (item an index array at axis k): a copy, or with val the store of val. */
static IrValue *adv_axis(Lower *L, Span sp, IrValue *x, int k, IrValue *item, IrValue *val)
{
    IrValue *view = lw_gather_axis(L, sp, x, k, item);
    if (!view || !val) return view;
    return lw_adv_assign(L, view, val, sp) ? view : NULL;
}

/* The array and axis of insert/delete: axis=None (or absent) means arr.ravel() along 0. */
static IrValue *arr_axis(Lower *L, AstNode *arr_e, AstNode *axis_e, const char *fn, int *axis)
{
    IrValue *x = lw_arraylike(L, arr_e, fn);
    if (!x) return NULL;
    IrValue *av = axis_e ? lw_expr(L, axis_e) : NULL;
    if (axis_e && !av) return NULL;
    if (!av || av->type->kind == TY_NONE) {
        *axis = 0;
        return lw_ravel(L, arr_e->span, x);
    }
    if (x->type->ndim == 0) {
        diag_error(axis_e->span, "axis 0 is out of bounds for array of dimension 0");
        return NULL;
    }
    return lw_axis1(L, axis_e, x->type->ndim, 0, axis) ? x : NULL;
}

/* delete(arr, obj, axis=None): arr without the entries obj (an int, a list literal or an int
 * array of indices, negative too; or a boolean mask of the axis' length) along axis: a keep
 * mask with obj's entries cleared, then a gather of the kept positions. */
static IrValue *api_delete(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "delete", "arr,obj,axis", 2, &a)) return NULL;
    Span sp = call->span;
    int axis;
    IrValue *x = arr_axis(L, a.p[0], a.p[2], "delete", &axis);
    IrValue *obj = x ? lw_array_operand(L, a.p[1], "delete") : NULL;
    if (!obj) return NULL;
    IrValue *n = lw_dim(L, sp, x, axis);
    IrValue *keep;
    if (obj->type->dtype == DT_BOOL) {
        if (obj->type->ndim != 1) {
            diag_error(a.p[1]->span, "boolean array argument obj to delete must be one dimensional and match the "
                                     "axis length of %s", "the array");
            return NULL;
        }
        IrValue *bad = lw_binop(L, AOP_NE, sp, lw_dim(L, sp, obj, 0), n);
        if (!lw_raise_if(L, sp, bad, "ValueError",
                         "boolean array argument obj to delete must be one dimensional and match the axis length"))
            return NULL;
        keep = lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &obj);
    } else {
        if (!dt_is_int(obj->type->dtype)) {
            diag_error(a.p[1]->span, "arrays used as indices must be of integer (or boolean) type");
            return NULL;
        }
        keep = lw_emit_full(L, sp, DT_BOOL, 1, &n, lw_const_bool(L, sp, true));
        IrValue *idx = lw_ravel(L, sp, obj);
        IrValue *view = adv(L, sp, keep, 1, &idx);
        if (!view || !lw_adv_assign(L, view, lw_const_bool(L, sp, false), sp)) return NULL;
    }
    if (!keep) return NULL;
    IrValue *sel = lw_emit1(L, IR_NONZERO, sp, ty_array(DT_INT64, 1), keep);
    sel->def->ival = 2;
    return adv_axis(L, sp, x, axis, sel, NULL);
}

/* v given nd dimensions by leading 1s (NumPy's array(v, ndmin=nd)). */
static IrValue *ndmin(Lower *L, Span sp, IrValue *v, int nd)
{
    if (v->type->ndim >= nd) return v;
    IrValue *vd[IR_MAXDIM];
    int pad = nd - v->type->ndim;
    for (int i = 0; i < nd; i++) vd[i] = i < pad ? lw_cint(L, sp, 1) : lw_dim(L, sp, v, i - pad);
    return lw_emit_reshape(L, sp, v, nd, vd);
}

/* The number of elements of x when its shape is a compile-time constant, else -1. */
static int64_t static_size(const IrValue *x)
{
    int64_t n = 1;
    for (int i = 0; i < x->type->ndim; i++) {
        int64_t d = lw_static_dim(x, i);
        if (d < 0) return -1;
        n *= d;
    }
    return n;
}

/* insert(arr, obj, values, axis=None), NumPy's cases (numpy/lib/_function_base_impl.py):
 *   obj an int or a 0-d int array: values (given arr's ndim by leading 1s, then its first axis
 *     moved to axis) go in before position obj as values.shape[axis] new entries (broadcast);
 *     obj outside [-n, n] is NumPy's IndexError naming obj;
 *   obj of one element (a list literal of one int, an int array of one element, its size known
 *     at compile time or only at run time): the same without the move of values' axis
 *     ("index [7]" in the IndexError), so all values.shape[axis] entries go in at obj[0];
 *   obj a list literal or 1-d int array of another size: one new entry before each obj[i]
 *     (stable order of equal positions), values broadcast to them; out-of-range positions
 *     raise from the stores as in NumPy.
 * An int array obj takes the last path whatever its size: one position is that position
 * repeated values.shape[axis] times, which inserts what NumPy's size-1 case inserts. */
static IrValue *api_insert(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "insert", "arr,obj,values,axis", 3, &a)) return NULL;
    Span sp = call->span;
    int axis;
    IrValue *x = arr_axis(L, a.p[0], a.p[3], "insert", &axis);
    if (!x) return NULL;
    int nd = x->type->ndim;
    DType dt = x->type->dtype;
    /* a list literal of one int is NumPy's size-1 case: the int case, values not moved */
    AstNode *oe = a.p[1];
    bool seq1 = oe->kind == AST_LIST && oe->elts.n == 1 && ((AstNode *)oe->elts.v[0])->kind != AST_LIST &&
                ((AstNode *)oe->elts.v[0])->kind != AST_TUPLE;
    bool scalar_obj = oe->kind != AST_LIST || seq1;
    IrValue *obj = NULL;
    if (seq1) oe = oe->elts.v[0];
    if (scalar_obj) {
        obj = lw_expr(L, oe);
        if (!obj) return NULL;
        /* a 0-d int array is NumPy's indices.ndim == 0 case: the int's */
        if (obj->type->kind == TY_ARRAY && obj->type->ndim == 0 && dt_is_int(obj->type->dtype))
            obj = lw_to_scalar(L, obj, TY_INT, oe->span);
        if (obj->type->kind == TY_ARRAY && !seq1) {
            scalar_obj = false;
        } else if (obj->type->kind != TY_INT) {
            diag_error(oe->span, "insert() takes an int, a list of ints or an int array as obj, got %s",
                       ty_str_of(obj->type));
            return NULL;
        }
    }
    if (!scalar_obj) {
        obj = obj ? obj : lw_index_list(L, a.p[1]);
        if (!obj) return NULL;
        if (!dt_is_int(obj->type->dtype) || obj->type->ndim > 1) {
            diag_error(a.p[1]->span, "insert() takes a 1-d int array or list of ints as obj here");
            return NULL;
        }
    }
    IrValue *v = lw_values_into(L, a.p[2], "insert", dt);   /* NumPy: array(values, dtype=arr.dtype) */
    if (!v) return NULL;
    if (v->type->ndim > nd) {
        diag_error(a.p[2]->span, "insert() values of %d dimensions do not fit an array of %d", v->type->ndim, nd);
        return NULL;
    }
    if (v->type->dtype != dt) v = lw_cast(L, v, dt, sp);
    IrValue *n = lw_dim(L, sp, x, axis);
    IrValue *s[IR_MAXDIM], *os[IR_MAXDIM];
    lw_shape_of(L, x, sp, s);
    /* values with ndmin=nd (in the sequence case the leading 1s change no broadcast) */
    v = ndmin(L, sp, v, nd);
    if (scalar_obj) {
        /* then (obj an int) moveaxis(0, axis) */
        if (axis != 0 && !seq1) {
            int perm[IR_MAXDIM], k = 0;
            for (int i = 1; i <= axis; i++) perm[k++] = i;
            perm[k++] = 0;
            for (int i = axis + 1; i < nd; i++) perm[k++] = i;
            v = lw_emit_transpose(L, sp, v, perm);
        }
        IrValue *num = lw_dim(L, sp, v, axis);
        IrValue *neg = lw_binop(L, AOP_LT, sp, obj, lw_const_int(L, sp, 0));
        IrValue *pos = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){neg, lw_binop(L, AOP_ADD, sp, obj, n), obj});
        IrValue *oob = lw_ewise(L, IR_LOGICAL_OR, sp, 2,
                                (IrValue *[]){lw_binop(L, AOP_LT, sp, pos, lw_const_int(L, sp, 0)),
                                              lw_binop(L, AOP_GT, sp, pos, n)});
        if (!oob ||
            !lw_raise_first(
                L, sp, oob, "IndexError", seq1 ? "index [" : "index ", obj, NULL,
                ar_printf(L->a, "%s is out of bounds for axis %d with size ", seq1 ? "]" : "", axis), n, ""))
            return NULL;
        for (int i = 0; i < nd; i++) os[i] = i == axis ? lw_binop(L, AOP_ADD, sp, s[i], num) : s[i];
        IrValue *out = lw_emit_empty(L, sp, dt, nd, os);
        IrValue *end = lw_binop(L, AOP_ADD, sp, pos, num);
        IrValue *parts[3][2] = {{NULL, pos}, {pos, end}, {end, NULL}};
        IrValue *srcs[3] = {lw_slice_axis(L, sp, x, axis, NULL, pos, NULL), v,
                            lw_slice_axis(L, sp, x, axis, pos, NULL, NULL)};
        for (int p = 0; p < 3; p++) {
            IrValue *dst = lw_slice_axis(L, sp, out, axis, parts[p][0], parts[p][1], NULL);
            IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){dst, srcs[p]});
            in->dtype = dt;
        }
        return out;
    }
    /* a sequence of positions: NumPy's argsort (stable), shift by rank, mask the rest */
    IrValue *idx = lw_ravel(L, sp, obj);
    if (idx->type->dtype != DT_INT64) idx = lw_cast(L, idx, DT_INT64, sp);
    IrValue *num = lw_emit1(L, IR_SIZE, sp, ty_int(), idx);
    int64_t ks = static_size(obj);
    /* one position: NumPy's check of it against [-n, n], naming obj ("index [7] is out of
     * bounds for axis 0 with size 5"); more: no check of their own, the stores below raise
     * NumPy's errors (an index out of the new length, or a mask that does not match) */
    IrInstr *one = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1,
                           (IrValue *[]){lw_binop(L, AOP_EQ, sp, num, lw_const_int(L, sp, 1))});
    one->blocks[0] = ir_block_new(L->m, one);
    one->blocks[1] = ir_block_new(L->m, one);
    IrBlock *outer = L->blk;
    L->blk = one->blocks[0];
    IrValue *mn = lw_binop(L, AOP_SUB, sp, lw_const_int(L, sp, 0), n);
    IrValue *bad1 = lw_ew2(L, IR_LOGICAL_OR, sp, lw_binop(L, AOP_LT, sp, idx, mn), lw_binop(L, AOP_GT, sp, idx, n));
    IrValue *any1 = bad1 ? lw_reduce(L, sp, RED_ANY, bad1, NULL, NULL, NULL) : NULL;
    IrValue *oob1 = any1 ? lw_truth(L, any1, sp) : NULL;
    bool ok =
        oob1 && lw_raise_first(L, sp, oob1, "IndexError", "index ", obj, NULL,
                               ar_printf(L->a, " is out of bounds for axis %d with size ", axis), n, "");
    L->blk = outer;
    if (!ok) return NULL;
    if (ks < 0 || ks == 1) {
        /* one position (NumPy's size-1 case): repeated values.shape[axis] times */
        IrValue *numv = lw_dim(L, sp, v, axis);
        if (ks < 0)
            num = lw_ewise(L, IR_WHERE, sp, 3,
                           (IrValue *[]){lw_binop(L, AOP_EQ, sp, num, lw_const_int(L, sp, 1)), numv, num});
        else
            num = numv;
        idx = num ? lw_broadcast_to(L, sp, idx, 1, &num) : NULL;
        if (!idx) return NULL;
    }
    IrValue *neg = lw_binop(L, AOP_LT, sp, idx, lw_const_int(L, sp, 0));
    IrValue *pidx = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){neg, lw_binop(L, AOP_ADD, sp, idx, n), idx});
    if (!pidx) return NULL;
    IrValue *order = lw_emit1(L, IR_SORT, sp, ty_array(DT_INT64, 1), pidx);
    order->def->ival = 0;
    order->def->shape[0] = 1;   /* argsort (stable) */
    order->def->dtype = DT_INT64;
    IrValue *shifted = lw_binop(L, AOP_ADD, sp, adv(L, sp, pidx, 1, &order), lw_iota(L, sp, num));
    IrValue *newpos = lw_emit_empty(L, sp, DT_INT64, 1, &num);
    IrValue *view = shifted ? adv(L, sp, newpos, 1, &order) : NULL;
    if (!view || !lw_adv_assign(L, view, shifted, sp)) return NULL;
    IrValue *total = lw_binop(L, AOP_ADD, sp, n, num);
    IrValue *old = lw_emit_full(L, sp, DT_BOOL, 1, &total, lw_const_bool(L, sp, true));
    view = adv(L, sp, old, 1, &newpos);
    if (!view || !lw_adv_assign(L, view, lw_const_bool(L, sp, false), sp)) return NULL;
    for (int i = 0; i < nd; i++) os[i] = i == axis ? total : s[i];
    IrValue *out = lw_emit_empty(L, sp, dt, nd, os);
    /* NumPy's order: the values, then arr through the mask */
    if (!adv_axis(L, sp, out, axis, newpos, v) || !adv_axis(L, sp, out, axis, old, x)) return NULL;
    return out;
}

/* resize(a, new_shape): a's elements in C order, repeated, filling new_shape
 * (a.ravel()[arange(total) % a.size].reshape(new_shape)). */
static IrValue *api_resize(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "resize", "a,new_shape", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "resize");
    IrValue *dims[IR_MAXDIM];
    int nd = 0;
    if (!x || !lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
    IrValue *total = lw_const_int(L, sp, 1);
    for (int i = 0; i < nd; i++) {
        IrValue *neg = lw_binop(L, AOP_LT, sp, dims[i], lw_const_int(L, sp, 0));
        if (!lw_raise_if(L, sp, neg, "ValueError", "all elements of `new_shape` must be non-negative")) return NULL;
        total = lw_binop(L, AOP_MUL, sp, total, dims[i]);
    }
    IrValue *flat = lw_ravel(L, sp, x);
    IrValue *size = lw_emit1(L, IR_SIZE, sp, ty_int(), flat);
    IrValue *empty = lw_binop(L, AOP_EQ, sp, size, lw_const_int(L, sp, 0));
    IrValue *some = lw_binop(L, AOP_GT, sp, total, lw_const_int(L, sp, 0));
    IrValue *bad = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){empty, some});
    if (!bad || !lw_raise_if(L, sp, bad, "ValueError", "resize() of an empty array is not supported by gpyc"))
        return NULL;
    IrValue *k = lw_ew2(L, IR_MOD, sp, lw_iota(L, sp, total), size);
    IrValue *r = k ? adv(L, sp, flat, 1, &k) : NULL;
    return r ? lw_emit_reshape(L, sp, r, nd, dims) : NULL;
}

/* x itself when C-contiguous (x.ravel() is then a view), else a C-contiguous copy. */
static IrValue *c_order(Lower *L, Span sp, IrValue *x)
{
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    return lw_emit_reshape(L, sp, lw_ravel(L, sp, x), x->type->ndim, dims);
}

/* x itself when Fortran-contiguous, else a copy in Fortran order (strides reversed, as
 * NumPy's): x.T is C-contiguous exactly when x is Fortran-contiguous, so this is c_order of
 * x.T, transposed back. */
static IrValue *f_order(Lower *L, Span sp, IrValue *x)
{
    if (x->type->ndim < 2) return c_order(L, sp, x);
    return lw_emit_transpose(L, sp, c_order(L, sp, lw_emit_transpose(L, sp, x, NULL)), NULL);
}

/* The array argument e of fname converted to dtype argument de (absent or None: its own). */
static IrValue *array_as(Lower *L, AstNode *e, AstNode *de, const char *fname, Span sp)
{
    IrValue *x = lw_arraylike(L, e, fname);
    DType dt = x ? x->type->dtype : DT_BOOL;
    bool given;
    if (!x || !lw_dtype_arg(L, de, &dt, &given)) return NULL;
    return dt != x->type->dtype ? lw_cast(L, x, dt, sp) : x;
}

/* A 0-d x as a 1-d array of one element (ascontiguousarray and asfortranarray give >= 1-d). */
static IrValue *at_least_1d(Lower *L, Span sp, IrValue *x)
{
    return x->type->ndim ? x : lw_emit_reshape(L, sp, x, 1, (IrValue *[]){ lw_cint(L, sp, 1) });
}

/* ascontiguousarray(a, dtype=None) / asfortranarray (arg 1): in that order, at least 1-d. */
static IrValue *api_ascontiguousarray(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "a,dtype", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = array_as(L, a.p[0], a.p[1], f->name, sp);
    if (!x) return NULL;
    x = at_least_1d(L, sp, x);
    return f->arg ? f_order(L, sp, x) : c_order(L, sp, x);
}

/* require(a, dtype=None, requirements=None): NumPy's flags by letter or name ('C',
 * 'C_CONTIGUOUS', 'CONTIGUOUS', 'F', 'F_CONTIGUOUS', 'FORTRAN', 'A', 'ALIGNED', 'W', 'WRITEABLE',
 * 'O', 'OWNDATA', 'E', 'ENSUREARRAY'; a str is its letters): C or F gives that order; O a copy
 * (gpyc does not know whether an array owns its data); A, W and E hold for every gpyc array.
 * The requirements are constants (a str or a list or tuple of them written in the call). */
static IrValue *api_require(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "require", "a,dtype,requirements,like", 1, &a) || !lw_no_arg(a.p[3], "like"))
        return NULL;
    Span sp = call->span;
    IrValue *x = array_as(L, a.p[0], a.p[1], "require", sp);
    if (!x) return NULL;
    static const char *const names[][2] = { { "C", "C" },
                                            { "C_CONTIGUOUS", "C" },
                                            { "CONTIGUOUS", "C" },
                                            { "F", "F" },
                                            { "F_CONTIGUOUS", "F" },
                                            { "FORTRAN", "F" },
                                            { "A", "A" },
                                            { "ALIGNED", "A" },
                                            { "W", "W" },
                                            { "WRITEABLE", "W" },
                                            { "O", "O" },
                                            { "OWNDATA", "O" },
                                            { "E", "E" },
                                            { "ENSUREARRAY", "E" } };
    AstNode *re = a.p[2];
    bool flag[128] = { false };
    int n = re && (re->kind == AST_LIST || re->kind == AST_TUPLE) ? re->elts.n : re && re->kind != AST_NONE;
    for (int i = 0; i < n; i++) {
        AstNode *e = re->kind == AST_LIST || re->kind == AST_TUPLE ? re->elts.v[i] : re;
        const char *s;
        if (!lw_str_arg(L, e, "", &s)) return NULL;
        bool whole = re->kind == AST_LIST || re->kind == AST_TUPLE;
        for (size_t c = 0; c < (whole ? 1 : strlen(s)); c++) {
            char one[2] = { s[c], 0 };
            const char *word = whole ? s : one;
            int k = 0, nk = (int)(sizeof names / sizeof names[0]);
            while (k < nk && strcasecmp(names[k][0], word)) k++;
            if (k == nk) {
                diag_error(e->span, "'%s' is not a requirement (NumPy's KeyError): C, F, A, W, O or E", word);
                return NULL;
            }
            flag[(int)names[k][1][0]] = true;
        }
    }
    if (flag['C'] && flag['F']) {
        diag_error(re->span, "Cannot specify both \"C\" and \"F\" order");
        return NULL;
    }
    if (flag['O']) return flag['F'] ? f_order(L, sp, lw_copy_of(L, sp, x)) : lw_copy_of(L, sp, x);
    return flag['C'] ? c_order(L, sp, x) : flag['F'] ? f_order(L, sp, x) : x;
}

/* isfortran(a): Fortran-contiguous and not C-contiguous (a.T C-contiguous, a not), false for
 * fewer than 2 dimensions; run-time strides (rt_is_contiguous). */
static IrValue *api_isfortran(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "isfortran", "a", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "isfortran");
    if (!x) return NULL;
    if (x->type->ndim < 2) return lw_const_bool(L, sp, false);
    IrValue *t = lw_emit_transpose(L, sp, x, NULL);
    IrValue *f = lw_host_call(L, sp, IR_PYLIB, PY_IS_CONTIG, ty_bool(), 1, &t);
    IrValue *c = lw_host_call(L, sp, IR_PYLIB, PY_IS_CONTIG, ty_bool(), 1, &x);
    return lw_ew2(L, IR_LOGICAL_AND, sp, f, lw_ew1(L, IR_LOGICAL_NOT, sp, c));
}

/* may_share_memory(a, b, max_work=None) (arg PY_MAY_SHARE: the two arrays' byte ranges
 * overlap) and shares_memory (PY_SHARES_MEMORY: an element's bytes in common, exactly) */
static IrValue *api_shares_memory(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "a,b,max_work", 2, &a) || !lw_no_arg(a.p[2], "max_work")) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], f->name), *y = x ? lw_array_arg(L, a.p[1], f->name) : NULL;
    return y ? lw_host_call(L, call->span, IR_PYLIB, f->arg, ty_bool(), 2, (IrValue *[]){ x, y }) : NULL;
}

/* broadcast(*arrays): NumPy's broadcast object, a record named "numpy.broadcast" of the
 * broadcast shape, nd, ndim, size and numiter (the shapes checked as broadcast_to checks them). */
static IrValue *api_broadcast(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *t = api_broadcast_arrays(L, call);
    if (!t) return NULL;
    IrValue *first = lw_tuple_get(L, t, 0, sp), *dims[IR_MAXDIM];
    int nd = first->type->ndim;
    lw_shape_of(L, first, sp, dims);
    IrValue *size = lw_cint(L, sp, 1);
    for (int i = 0; i < nd; i++) size = lw_imul(L, sp, size, dims[i]);
    static const char *keys[] = { "shape", "nd", "ndim", "size", "numiter" };
    IrValue *vals[] = { lw_tuple(L, sp, nd, dims), lw_cint(L, sp, nd), lw_cint(L, sp, nd), size,
                        lw_cint(L, sp, call->elts.n) };
    Type *types[5];
    for (int i = 0; i < 5; i++) types[i] = vals[i]->type;
    Type *rt = ty_record(5, keys, types);
    rt->name = "numpy.broadcast";
    ir_need_tuple(L->m, rt);
    return lw_emit(L, IR_TUPLE, sp, rt, 5, vals);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_take_along_axis)
LW_API_PLAIN(api_put_along_axis)
LW_API_PLAIN(api_put)
LW_API_NAMED(api_place)
LW_API_SELF(api_choose)
LW_API_PLAIN(api_ix)
LW_API_PLAIN(api_ravel_multi_index)
LW_API_PLAIN(api_unravel_index)
LW_API_PLAIN(api_broadcast_arrays)
LW_API_PLAIN(api_delete)
LW_API_PLAIN(api_insert)
LW_API_PLAIN(api_resize)
LW_API_PLAIN(api_require)
LW_API_PLAIN(api_isfortran)
LW_API_PLAIN(api_broadcast)

/* cupyx.scatter_add(a, slices, value) (NumPy: add.at; scatter_max: maximum.at, scatter_min:
 * minimum.at): value broadcasts to a[slices]; every element combines into its place, so
 * repeated indices accumulate (atomics in the runtime).  Casting: NumPy's same_kind from the
 * ufunc's result dtype to a's.  A basic index (no index array) has no repeats: a[slices] =
 * a[slices] op value.  op: the runtime's gp_scatter_op; sig: the parameters' names (ufunc.at's
 * "a,indices,b"); neg: value negated first (subtract.at as an add). */
static IrValue *api_scatter(Lower *L, AstNode *call, const char *fname, const char *sig, int op, bool neg)
{
    Args A;
    if (!lw_bind(call, fname, sig, 3, &A)) return NULL;
    IrValue *a = lw_expr(L, A.p[0]);
    if (!a) return NULL;
    if (a->type->kind != TY_ARRAY) {
        diag_error(A.p[0]->span, "%s() needs an array as its first argument, got %s", fname, ty_str_of(a->type));
        return NULL;
    }
    const char *ufunc = neg ? "subtract" : op == 1 ? "add" : op == 2 ? "maximum" : "minimum";
    if (neg && (a->type->dtype == DT_BOOL)) {
        diag_error(call->span,
                   "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                   "the `^` operator, or the logical_xor function instead.");
        return NULL;
    }
    if (op != 1 && dt_is_complex(a->type->dtype)) {
        diag_error(call->span, "%s() does not support complex arrays (CuPy's scatter_max/min take real dtypes)",
                   fname);
        return NULL;
    }
    IrValue *v = lw_expr(L, A.p[2]);
    if (!v) return NULL;
    if (!ty_is_numeric(v->type)) {
        diag_error(A.p[2]->span, "%s() needs a number or an array as its value, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    if (neg && !(v = lw_ewise_py(L, IR_NEG, call->span, 1, &v))) return NULL;
    DType rd;
    if (!ty_promote_operands(a->type, v->type, &rd)) {
        diag_error(call->span, "ufunc '%s' did not contain a loop with signature matching types", ufunc);
        return NULL;
    }
    if (!dt_same_kind(rd, a->type->dtype)) {
        diag_error(call->span,
                   "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
                   ufunc, dt_name(rd), dt_name(a->type->dtype));
        return NULL;
    }
    IrValue *view = lw_index(L, a, A.p[1], call->span);
    if (!view) return NULL;
    bool adv = view->def && view->def->op == IR_ADV_INDEX;
    IrOp iop = op == 1 ? IR_ADD : op == 2 ? IR_MAXIMUM : IR_MINIMUM;
    DType t = a->type->dtype;
    IrValue *r;
    if (op != 1 && v->type->kind == TY_INT && dt_is_int(t) && t != DT_INT64) {
        /* NumPy's maximum.at / minimum.at make a Python int an int64 operand and cast the
         * result back unsafely: an int outside the array's dtype compares in int64 (uint8 50
         * max 300 is 300, stored as 44), against uint64 in float64 (NumPy 2.5: 2**63 + 1
         * max 5 is 2**63).  Inside the dtype the int64 result is the same.  The max or min of
         * one value is idempotent, so a repeated index needs no atomics. */
        IrValue *w = lw_cast(L, view, t == DT_UINT64 ? DT_FLOAT64 : DT_INT64, call->span);
        r = lw_ewise(L, iop, call->span, 2, (IrValue *[]){w, v});
        if (!r) return NULL;
        r = lw_cast(L, r, t, call->span);
        if (adv) return lw_adv_assign(L, view, r, call->span) ? lw_pseudo(L, ty_none()) : NULL;
    } else if (adv) {
        return lw_adv_scatter(L, view, v, op, call->span) ? lw_pseudo(L, ty_none()) : NULL;
    } else {
        r = lw_ewise(L, iop, call->span, 2, (IrValue *[]){view, v});
        if (!r) return NULL;
    }
    IrValue *args[2] = {view, r};
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, call->span, NULL, 2, args);
    in->dtype = view->type->dtype;
    return lw_pseudo(L, ty_none());
}

static IrValue *api_scatter_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_scatter(L, call, f->name, "a,slices,value", f->arg, false);
}

/* ufunc.at(a, indices, b) of ufunc self (cp.add.at(a, idx, v)): NumPy's unbuffered in-place
 * a[indices] = ufunc(a[indices], b), once per occurrence of a repeated index: add, maximum
 * and minimum as cupyx.scatter_add/max/min, subtract as an add of -b.  The others would need
 * an atomic of their own (multiply, the bitwise ones) and are gpyc's error. */
static IrValue *ufunc_at(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    IrOp op = (IrOp)lw_ufunc_op(self->type);
    int sop = op == IR_ADD || op == IR_SUB ? SCATTER_ADD
              : op == IR_MAXIMUM           ? SCATTER_MAX
              : op == IR_MINIMUM           ? SCATTER_MIN
                                           : -1;
    if (sop < 0) {
        diag_error(call->span,
                   "%s.at() is not supported by gpyc (it has add, subtract, maximum and minimum.at)",
                   strrchr(self->type->name, '.') + 1);
        return NULL;
    }
    return api_scatter(L, call, "at", "a,indices,b", sop, op == IR_SUB);
}

const ApiFn lw_place_api[] = {
    { "cupy", "take_along_axis", api_take_along_axis_api, 0 },
    { "cupy", "put_along_axis", api_put_along_axis_api, 0 },
    { "cupy", "put", api_put_api, 0 },
    { "cupy", "place", api_place_api, 0 },
    { "cupy", "putmask", api_place_api, 0 },
    { "cupy", "choose", api_choose_api, 0 },
    { "cupy.ndarray", "choose", api_choose_api, 0 },
    { "cupy", "ix_", api_ix_api, 0 },
    { "cupy", "ravel_multi_index", api_ravel_multi_index_api, 0 },
    { "cupy", "unravel_index", api_unravel_index_api, 0 },
    { "cupy", "broadcast_arrays", api_broadcast_arrays_api, 0 },
    { "cupy", "delete", api_delete_api, 0 },
    { "cupy", "insert", api_insert_api, 0 },
    { "cupy", "resize", api_resize_api, 0 },
    { "cupy", "ascontiguousarray", api_ascontiguousarray, 0 },
    { "cupy", "asfortranarray", api_ascontiguousarray, 1 },
    { "cupy", "require", api_require_api, 0 },
    { "cupy", "isfortran", api_isfortran_api, 0 },
    { "cupy", "may_share_memory", api_shares_memory, PY_MAY_SHARE },
    { "cupy", "shares_memory", api_shares_memory, PY_SHARES_MEMORY },
    { "cupy", "broadcast", api_broadcast_api, 0 },
    { "cupyx", "scatter_add", api_scatter_api, SCATTER_ADD },
    { "cupyx", "scatter_max", api_scatter_api, SCATTER_MAX },
    { "cupyx", "scatter_min", api_scatter_api, SCATTER_MIN },
    { "cupy.ufunc", "at", ufunc_at, 0 },
    { NULL, NULL, NULL, 0 },
};
