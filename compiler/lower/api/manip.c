/*
 * lower/api/manip.c — array manipulation built from existing IR: reshape, transpose, astype,
 * copy, flatten / ravel, ndim / shape / size; views (expand_dims, squeeze, swapaxes, moveaxis,
 * rollaxis, flip, rot90, broadcast_to, diagonal); copies (roll, tile, repeat, pad, diag, tril,
 * triu, tri, fill_diagonal, copyto); small compositions (ediff1d, polyadd, polyval, vander,
 * indices, trapz, trim_zeros); lib.stride_tricks.as_strided.  Views are IR_INDEX, IR_RESHAPE,
 * IR_TRANSPOSE, IR_BROADCAST_TO, IR_SQUEEZE, IR_AS_STRIDED;
 * copies go into views of a new array (IR_EMPTY / IR_FULL then IR_STORE_INTO).  No routine here
 * has a kernel of its own: tile and repeat are a broadcast view copied once, flip and rot90 are
 * views.  Joining and splitting are api/join.c, the creation routines api/create.c.
 *
 * Conventions kept by every routine:
 *   - axis arguments are compile-time constants (the result's ndim depends on them);
 *     sizes, shifts, offsets and repeat counts may be run-time ints (host int arithmetic);
 *   - a sequence of arrays (concatenate([a, b])) is a list or tuple literal in the call, or a
 *     tuple value; its elements are arrays, numbers or literal lists of numbers;
 *   - results that NumPy returns as a list of arrays (split, meshgrid) are TY_LIST values;
 *   - errors are NumPy's messages: at compile time where the ndim or a constant decides them,
 *     else at run time (IR_RAISE under an IR_IF, or rt_concat_check / rt_squeeze).
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- axes: views */

/* expand_dims(a, axis): axis (int or tuple) counts in the result's ndim. */
static IrValue *api_expand_dims(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "expand_dims", "a,axis", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "expand_dims");
    if (!x) return NULL;
    IrValue *v = lw_expr(L, a.p[1]);
    if (!v) return NULL;
    int cnt = v->type->kind == TY_TUPLE ? v->type->n : 1;
    int out_nd = x->type->ndim + cnt;
    if (out_nd > IR_MAXDIM) {
        diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    int axes[IR_MAXDIM], n;
    if (!lw_axes_list(L, a.p[1], out_nd, axes, &n, "axis")) return NULL;
    bool isnew[IR_MAXDIM] = {false};
    for (int i = 0; i < n; i++) isnew[axes[i]] = true;
    LwIx ix;
    lw_ix_init(&ix, x);
    for (int i = 0; i < out_nd; i++) {
        if (isnew[i]) lw_ix_new(&ix);
        else lw_ix_all(L, call->span, &ix);
    }
    return lw_ix_emit(L, call->span, &ix);
}

/* squeeze(a, axis=None): a view without the given axes of size 1 (checked at run time).
 * Without axis, the dimensions of size 1 must be known at compile time (the result's ndim
 * depends on them). */
static IrValue *api_squeeze(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "squeeze", "a,axis", 1, self, &a)) return NULL;
    IrValue *x = self ? self : lw_arraylike(L, a.p[0], "squeeze");
    if (!x) return NULL;
    int nd = x->type->ndim;
    int axes[IR_MAXDIM], n = 0;
    bool given = false;
    if (a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (v->type->kind != TY_NONE) {
            if (!lw_axes_list(L, a.p[1], nd, axes, &n, "axis")) return NULL;
            given = true;
        }
    }
    if (!given) {
        for (int i = 0; i < nd; i++) {
            int64_t d = lw_static_dim(x, i);
            if (d < 0) {
                diag_error(call->span, "squeeze() without an axis needs the array's shape known at compile "
                                       "time (dimension %d is not); pass axis=... to name the axes to remove", i);
                return NULL;
            }
            if (d == 1) axes[n++] = i;
        }
    }
    for (int i = 0; i < n; i++) {   /* sorted, for the printer and the runtime */
        int64_t d = lw_static_dim(x, axes[i]);
        if (d > 1) {
            diag_error(call->span, "cannot select an axis to squeeze out which has size not equal to one");
            return NULL;
        }
        for (int j = i; j > 0 && axes[j - 1] > axes[j]; j--) {
            int t = axes[j];
            axes[j] = axes[j - 1];
            axes[j - 1] = t;
        }
    }
    if (n == 0) return x;
    IrValue *r = lw_emit1(L, IR_SQUEEZE, call->span, ty_array(x->type->dtype, nd - n), x);
    r->def->naxes = n;
    for (int i = 0; i < n; i++) r->def->axes[i] = axes[i];
    return r;
}

/* swapaxes(a, axis1, axis2) */
static IrValue *api_swapaxes(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "swapaxes", "a,axis1,axis2", 3, self, &a)) return NULL;
    IrValue *x = self ? self : lw_arraylike(L, a.p[0], "swapaxes");
    if (!x) return NULL;
    int nd = x->type->ndim, i, j;
    if (!lw_axis1(L, a.p[1], nd, 0, &i) || !lw_axis1(L, a.p[2], nd, 0, &j)) return NULL;
    int perm[IR_MAXDIM];
    for (int k = 0; k < nd; k++) perm[k] = k;
    perm[i] = j;
    perm[j] = i;
    return lw_emit_transpose(L, call->span, x, perm);
}

/* moveaxis(a, source, destination): NumPy's order = the other axes, then each source
 * inserted at its destination in increasing destination order. */
static IrValue *api_moveaxis(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "moveaxis", "a,source,destination", 3, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "moveaxis");
    if (!x) return NULL;
    int nd = x->type->ndim, src[IR_MAXDIM], dst[IR_MAXDIM], ns, ndst;
    if (!lw_axes_list(L, a.p[1], nd, src, &ns, "source") || !lw_axes_list(L, a.p[2], nd, dst, &ndst, "destination"))
        return NULL;
    if (ns != ndst) {
        diag_error(call->span, "`source` and `destination` arguments must have the same number of elements");
        return NULL;
    }
    int order[IR_MAXDIM], n = 0;
    for (int k = 0; k < nd; k++) {
        bool moved = false;
        for (int s = 0; s < ns; s++) moved |= src[s] == k;
        if (!moved) order[n++] = k;
    }
    /* insert in increasing destination order */
    int idx[IR_MAXDIM];
    for (int s = 0; s < ns; s++) idx[s] = s;
    for (int s = 1; s < ns; s++)
        for (int t = s; t > 0 && dst[idx[t - 1]] > dst[idx[t]]; t--) {
            int tmp = idx[t];
            idx[t] = idx[t - 1];
            idx[t - 1] = tmp;
        }
    for (int s = 0; s < ns; s++) {
        int d = dst[idx[s]];
        for (int t = n; t > d; t--) order[t] = order[t - 1];
        order[d] = src[idx[s]];
        n++;
    }
    return lw_emit_transpose(L, call->span, x, order);
}

/* x with a reversed step on each axis where flip[axis] */
static IrValue *flip_axes(Lower *L, Span sp, IrValue *x, const bool *flip)
{
    LwIx ix;
    lw_ix_init(&ix, x);
    int last = -1;
    for (int i = 0; i < x->type->ndim; i++)
        if (flip[i]) last = i;
    for (int i = 0; i <= last; i++) {
        if (flip[i]) lw_ix_slice(L, sp, &ix, NULL, NULL, lw_cint(L, sp, -1));
        else lw_ix_all(L, sp, &ix);
    }
    return lw_ix_emit(L, sp, &ix);
}

/* flip(m, axis=None), fliplr(m) (axis 1), flipud(m) (axis 0): views with negative steps. */
static IrValue *api_flip(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    bool plain = !strcmp(fname, "flip");
    if (!lw_bind(call, fname, plain ? "m,axis" : "m", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], fname);
    if (!x) return NULL;
    int nd = x->type->ndim;
    bool fl[IR_MAXDIM] = {false};
    if (!plain) {
        int need = fname[4] == 'l' ? 2 : 1;
        if (nd < need) {
            diag_error(call->span, "Input must be >= %d-d.", need);
            return NULL;
        }
        fl[need == 2 ? 1 : 0] = true;
    } else {
        int axes[IR_MAXDIM], n;
        bool all;
        if (!lw_axis_arg(L, a.p[1], nd, axes, &n, &all)) return NULL;
        for (int i = 0; i < nd; i++) fl[i] = all;
        for (int i = 0; i < n; i++) fl[axes[i]] = true;
    }
    return flip_axes(L, call->span, x, fl);
}

/* rot90(m, k=1, axes=(0, 1)): views (flip and transpose), k taken modulo 4. */
static IrValue *api_rot90(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "rot90", "m,k,axes", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "rot90");
    if (!x) return NULL;
    Span sp = call->span;
    int64_t k = 1;
    if (a.p[1]) {
        IrValue *kv = lw_int_arg(L, a.p[1]);
        if (!kv) return NULL;
        if (!lw_is_const_int(kv, &k)) {
            diag_error(a.p[1]->span, "rot90's k must be a compile-time constant");
            return NULL;
        }
    }
    int64_t ax[2] = {0, 1};
    if (a.p[2]) {
        IrValue *v = lw_expr(L, a.p[2]);
        if (!v) return NULL;
        if (v->type->kind != TY_TUPLE || v->type->n != 2) {
            diag_error(a.p[2]->span, "len(axes) must be 2.");
            return NULL;
        }
        for (int i = 0; i < 2; i++)
            if (!lw_is_const_int(lw_tuple_get(L, v, i, sp), &ax[i])) {
                diag_error(a.p[2]->span, "axis must be a compile-time constant");
                return NULL;
            }
    }
    int nd = x->type->ndim;
    if (ax[0] == ax[1] || (ax[0] - ax[1] == nd) || (ax[1] - ax[0] == nd)) {
        diag_error(sp, "Axes must be different.");
        return NULL;
    }
    if (ax[0] >= nd || ax[0] < -nd || ax[1] >= nd || ax[1] < -nd) {
        diag_error(sp, "Axes=(%lld, %lld) out of range for array of ndim=%d.", (long long)ax[0], (long long)ax[1], nd);
        return NULL;
    }
    int a0 = (int)(ax[0] < 0 ? ax[0] + nd : ax[0]), a1 = (int)(ax[1] < 0 ? ax[1] + nd : ax[1]);
    k = ((k % 4) + 4) % 4;
    bool fl[IR_MAXDIM] = {false};
    if (k == 0) {   /* m[:] in NumPy: a view of the whole array */
        LwIx ix;
        lw_ix_init(&ix, x);
        return lw_ix_emit(L, sp, &ix);
    }
    if (k == 2) {
        fl[a0] = fl[a1] = true;
        return flip_axes(L, sp, x, fl);
    }
    int perm[IR_MAXDIM];
    for (int i = 0; i < nd; i++) perm[i] = i;
    perm[a0] = a1;
    perm[a1] = a0;
    fl[a1] = true;
    if (k == 1) return lw_emit_transpose(L, sp, flip_axes(L, sp, x, fl), perm);
    return flip_axes(L, sp, lw_emit_transpose(L, sp, x, perm), fl);
}

/* broadcast_to(array, shape, subok=False): a read-only view. */
static IrValue *api_broadcast_to(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "broadcast_to", "array,shape,subok", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "broadcast_to");
    if (!x) return NULL;
    IrValue *dims[IR_MAXDIM];
    int nd;
    if (!lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
    if (nd < x->type->ndim) {
        diag_error(call->span, "input operand has more dimensions than allowed by the axis remapping");
        return NULL;
    }
    return lw_broadcast_to(L, call->span, x, nd, dims);
}

/* ---------------------------------------------------------------- copies: roll, tile, repeat */

/* v, the value of argument e, as host ints in out: an int or a bool (one), or a tuple value of
 * them (each converted; the caller has checked that it has at most IR_MAXDIM elements).  Their
 * number; -1 after Python's TypeError at e for a tuple element that is not an int; -2, with
 * nothing reported, when v is neither an int nor a tuple (each caller has its message). */
static int int_or_ints(Lower *L, IrValue *v, AstNode *e, Span sp, IrValue **out)
{
    if (v->type->kind == TY_INT || v->type->kind == TY_BOOL) {
        out[0] = lw_to_scalar(L, v, TY_INT, sp);
        return 1;
    }
    if (v->type->kind != TY_TUPLE) return -2;
    for (int i = 0; i < v->type->n; i++) {
        IrValue *el = lw_tuple_get(L, v, i, sp);
        if (el->type->kind != TY_INT && el->type->kind != TY_BOOL) {
            diag_error(e->span, "'%s' object cannot be interpreted as an integer", ty_str_of(el->type));
            return -1;
        }
        out[i] = lw_to_scalar(L, el, TY_INT, sp);
    }
    return v->type->n;
}

/* *flat: the axis argument e of roll or repeat is absent or None (the flattened array). */
static bool axis_none(Lower *L, AstNode *e, bool *flat)
{
    *flat = true;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    *flat = v->type->kind == TY_NONE;
    return true;
}

/* roll(a, shift, axis=None): shift an int (run time allowed) or, with a tuple of axes, a
 * tuple of ints; axis None rolls the flattened array and restores the shape. */
static IrValue *api_roll(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "roll", "a,shift,axis", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "roll");
    if (!x) return NULL;
    Span sp = call->span;
    IrValue *sv = lw_expr(L, a.p[1]);
    if (!sv) return NULL;
    if (sv->type->kind == TY_TUPLE && (sv->type->n > IR_MAXDIM || sv->type->n == 0)) {
        diag_error(a.p[1]->span, "roll() takes an int or a tuple of up to %d ints as shift", IR_MAXDIM);
        return NULL;
    }
    IrValue *shifts[IR_MAXDIM];
    int nshift = int_or_ints(L, sv, a.p[1], sp, shifts);
    if (nshift == -2)
        diag_error(a.p[1]->span, "'%s' object cannot be interpreted as an integer", ty_str_of(sv->type));
    if (nshift < 0) return NULL;
    bool flat;
    if (!axis_none(L, a.p[2], &flat)) return NULL;
    if (flat) {
        if (nshift != 1) {
            diag_error(a.p[1]->span, "roll() with axis=None takes one shift");
            return NULL;
        }
        IrValue *dims[IR_MAXDIM];
        lw_shape_of(L, x, sp, dims);
        IrValue *r = lw_roll_axis(L, sp, lw_ravel(L, sp, x), 0, shifts[0]);
        return lw_emit_reshape(L, sp, r, x->type->ndim, dims);
    }
    int axes[IR_MAXDIM], n;
    if (!lw_axes_list(L, a.p[2], x->type->ndim, axes, &n, "axis")) return NULL;
    if (n != nshift && nshift != 1 && n != 1) {
        diag_error(sp, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
                       "arg 0 with shape (%d,) and arg 1 with shape (%d,).", nshift, n);
        return NULL;
    }
    int cnt = n > nshift ? n : nshift;
    IrValue *r = x;
    for (int i = 0; i < cnt; i++) r = lw_roll_axis(L, sp, r, axes[n == 1 ? 0 : i], shifts[nshift == 1 ? 0 : i]);
    return r;
}

/* tile(A, reps): A viewed with a size-1 axis before each tiled axis, broadcast to the reps,
 * copied once and reshaped: (r0, s0, r1, s1, ...) → (r0*s0, r1*s1, ...). */
static IrValue *api_tile(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tile", "A,reps", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "tile");
    if (!x) return NULL;
    Span sp = call->span;
    IrValue *reps[IR_MAXDIM];
    int d = 0;
    if (lw_is_seq_lit(a.p[1])) {
        if (a.p[1]->elts.n > IR_MAXDIM) goto toomany;
        for (int i = 0; i < a.p[1]->elts.n; i++)
            if (!(reps[d++] = lw_int_arg(L, a.p[1]->elts.v[i]))) return NULL;
    } else {
        IrValue *rv = lw_expr(L, a.p[1]);
        if (!rv) return NULL;
        if (rv->type->kind == TY_TUPLE && rv->type->n > IR_MAXDIM) goto toomany;
        d = int_or_ints(L, rv, a.p[1], sp, reps);
        if (d == -2)
            diag_error(a.p[1]->span, "tile() takes an int or a tuple of ints as reps, not %s", ty_str_of(rv->type));
        if (d < 0) return NULL;
    }
    int xnd = x->type->ndim, nd = d > xnd ? d : xnd, lead = nd - xnd;
    IrValue *r[IR_MAXDIM], *s[IR_MAXDIM];
    for (int i = 0; i < nd; i++) {
        r[i] = i < nd - d ? lw_cint(L, sp, 1) : reps[i - (nd - d)];
        s[i] = i < lead ? lw_cint(L, sp, 1) : lw_dim(L, sp, x, i - lead);
    }
    for (int i = 0; i < nd; i++) {   /* NumPy raises for negative reps (as a shape) */
        if (!lw_raise_if(L, sp, lw_is_neg(L, sp, r[i]), "ValueError",
                      "negative dimensions are not allowed"))
            return NULL;
    }
    /* the view: a new axis before each axis whose rep is not the constant 1 */
    LwIx ix;
    lw_ix_init(&ix, x);
    IrValue *bdims[IR_MAXDIM * 2];
    int bn = 0;
    for (int i = 0; i < nd; i++) {
        int64_t c;
        bool one = lw_is_const_int(r[i], &c) && c == 1;
        if (!one) {
            lw_ix_new(&ix);
            bdims[bn++] = r[i];
        }
        if (i < lead) lw_ix_new(&ix);
        else lw_ix_all(L, sp, &ix);
        bdims[bn++] = s[i];
    }
    if (bn > IR_MAXDIM) {
        diag_error(sp, "tile() of this many tiled dimensions is not supported (gpyc arrays have up to %d)", IR_MAXDIM);
        return NULL;
    }
    IrValue *v = lw_ix_emit(L, sp, &ix);
    IrValue *b = lw_copy_of(L, sp, lw_broadcast_to(L, sp, v, bn, bdims));
    IrValue *odims[IR_MAXDIM];
    for (int i = 0; i < nd; i++) odims[i] = lw_imul(L, sp, r[i], s[i]);
    return lw_emit_reshape(L, sp, b, nd, odims);
toomany:
    diag_error(a.p[1]->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
    return NULL;
}

/* repeat(a, repeats, axis=None): an int count by a broadcast copy (a new size-1 axis after
 * `axis` broadcast to the count, then merged); an array of counts through rt_repeat.
 * axis None works on the flattened array. */
static IrValue *api_repeat(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "repeat", "a,repeats,axis", 2, self, &a)) return NULL;
    IrValue *x = self ? self : lw_arraylike(L, a.p[0], "repeat");
    if (!x) return NULL;
    Span sp = call->span;
    IrValue *rep;
    if (lw_is_seq_lit(a.p[1])) {
        if (!(rep = lw_arraylike(L, a.p[1], "repeat"))) return NULL;
    } else {
        if (!(rep = lw_expr(L, a.p[1]))) return NULL;
    }
    if (rep->type->kind == TY_ARRAY && rep->type->ndim == 0) rep = lw_to_scalar(L, rep, TY_INT, sp);
    if (rep->type->kind == TY_BOOL) rep = lw_to_scalar(L, rep, TY_INT, sp);
    if (rep->type->kind != TY_INT && rep->type->kind != TY_ARRAY) {
        diag_error(a.p[1]->span, "repeat() takes an int or an array of ints as repeats, not %s", ty_str_of(rep->type));
        return NULL;
    }
    if (rep->type->kind == TY_ARRAY && (rep->type->ndim != 1 || !(dt_is_int(rep->type->dtype) || rep->type->dtype == DT_BOOL))) {
        diag_error(a.p[1]->span, "repeat() takes a 1-d array of ints as repeats, not %s", ty_str_of(rep->type));
        return NULL;
    }
    bool flat;
    if (!axis_none(L, a.p[2], &flat)) return NULL;
    int axis = 0;
    if (flat) x = lw_ravel(L, sp, x);
    else if (!lw_axis1(L, a.p[2], x->type->ndim, 0, &axis)) return NULL;
    if (x->type->ndim == 0) {
        diag_error(sp, "repeat() of a 0-d array needs axis=None");
        return NULL;
    }
    int nd = x->type->ndim;
    if (rep->type->kind == TY_ARRAY) {
        IrValue *r = lw_emit2(L, IR_REPEAT, sp, x->type, x, rep);
        r->def->ival = axis;
        return r;
    }
    if (nd + 1 > IR_MAXDIM) {
        diag_error(sp, "repeat() along an axis of an array of %d dimensions is not supported", nd);
        return NULL;
    }
    if (!lw_raise_if(L, sp, lw_is_neg(L, sp, rep), "ValueError",
                  "negative dimensions are not allowed"))
        return NULL;
    IrValue *dims[IR_MAXDIM], *bdims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    for (int i = 0, j = 0; i < nd; i++) {
        bdims[j++] = dims[i];
        if (i == axis) bdims[j++] = rep;
    }
    IrValue *v = lw_newaxis_at(L, sp, x, axis + 1);
    IrValue *b = lw_copy_of(L, sp, lw_broadcast_to(L, sp, v, nd + 1, bdims));
    dims[axis] = lw_imul(L, sp, dims[axis], rep);
    return lw_emit_reshape(L, sp, b, nd, dims);
}

/* ---------------------------------------------------------------- padding */

/* pad_width as NumPy broadcasts it to (ndim, 2): an int, (before, after), ((b, a),),
 * (n,) or one pair per axis.  Run-time ints allowed. */
static bool pad_widths(Lower *L, AstNode *e, int nd, IrValue *(*pw)[2])
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    IrValue *m[IR_MAXDIM][2];
    int rows = 1, cols = 1;
    Span sp = e->span;
    if (v->type->kind == TY_INT || v->type->kind == TY_BOOL) {
        m[0][0] = lw_to_scalar(L, v, TY_INT, sp);
    } else if (v->type->kind == TY_TUPLE && v->type->n > 0) {
        Type *t0 = v->type->elems[0];
        if (t0->kind == TY_TUPLE) {
            rows = v->type->n;
            cols = t0->n;
            if (rows > IR_MAXDIM || cols < 1 || cols > 2) goto bad;
            for (int i = 0; i < rows; i++) {
                IrValue *row = lw_tuple_get(L, v, i, sp);
                if (row->type->kind != TY_TUPLE || row->type->n != cols) goto bad;
                for (int j = 0; j < cols; j++) {
                    IrValue *c = lw_tuple_get(L, row, j, sp);
                    if (c->type->kind != TY_INT && c->type->kind != TY_BOOL) goto bad;
                    m[i][j] = lw_to_scalar(L, c, TY_INT, sp);
                }
            }
        } else {
            cols = v->type->n;
            if (cols > 2) goto bad;
            for (int j = 0; j < cols; j++) {
                IrValue *c = lw_tuple_get(L, v, j, sp);
                if (c->type->kind != TY_INT && c->type->kind != TY_BOOL) goto bad;
                m[0][j] = lw_to_scalar(L, c, TY_INT, sp);
            }
        }
    } else {
        goto bad;
    }
    if (rows != 1 && rows != nd) {
        diag_error(sp, "operands could not be broadcast together with remapped shapes [original->remapped]: "
                       "(%d,%d)  and requested shape (%d,2)", rows, cols, nd);
        return false;
    }
    for (int i = 0; i < nd; i++)
        for (int j = 0; j < 2; j++) {
            pw[i][j] = m[rows == 1 ? 0 : i][cols == 1 ? 0 : j];
            if (!lw_raise_if(L, sp, lw_is_neg(L, sp, pw[i][j]), "ValueError",
                          "index can't contain negative values"))
                return false;
        }
    return true;
bad:
    diag_error(sp, "pad_width must be an int, a pair (before, after) or a tuple of such pairs, one per axis");
    return false;
}

/* pad modes 'reflect', 'symmetric' and 'wrap': axis by axis (each on the result of the axes
 * before it, as NumPy pads), output position j maps to source index src(j) of the axis of
 * length n, with t = (j - before) mod period:
 *   wrap:      period n,        src = t
 *   reflect:   period 2(n - 1), src = t < n ? t : period - t   (n == 1: 0)
 *   symmetric: period 2n,       src = t < n ? t : period - 1 - t
 * which is NumPy's result for any pad width, wider than the axis too. */
static IrValue *pad_gather(Lower *L, Span sp, IrValue *x, IrValue *(*pw)[2], IrValue **s, IrValue **odims,
                           const char *mode)
{
    int nd = x->type->ndim;
    IrValue *cur = x;
    for (int k = 0; k < nd && cur; k++) {
        IrValue *n = s[k];
        IrValue *widen = lw_binop(L, AOP_GT, sp, lw_iadd(L, sp, pw[k][0], pw[k][1]), lw_cint(L, sp, 0));
        IrValue *empty = lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0));
        IrValue *bad = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){empty, widen});
        if (!lw_raise_if(L, sp, bad, "ValueError",
                      ar_printf(L->a, "can't extend empty axis %d using modes other than 'constant' or 'empty'", k)))
            return NULL;
        IrValue *period = !strcmp(mode, "wrap") ? n
                          : !strcmp(mode, "reflect") ? lw_imul(L, sp, lw_cint(L, sp, 2), lw_isub(L, sp, n, lw_cint(L, sp, 1)))
                                                     : lw_imul(L, sp, lw_cint(L, sp, 2), n);
        IrValue *j = lw_binop(L, AOP_SUB, sp, lw_iota(L, sp, odims[k]), pw[k][0]);
        IrValue *t = j ? lw_binop(L, AOP_MOD, sp, j, period) : NULL;
        if (!t) return NULL;
        IrValue *src = t;
        if (strcmp(mode, "wrap")) {
            IrValue *back = lw_binop(L, AOP_SUB, sp, !strcmp(mode, "reflect") ? period : lw_isub(L, sp, period, lw_cint(L, sp, 1)), t);
            IrValue *lo = lw_binop(L, AOP_LT, sp, t, n);
            src = back && lo ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){lo, t, back}) : NULL;
            if (!src) return NULL;
        }
        cur = lw_gather_axis(L, sp, cur, k, src);
    }
    return cur == x ? lw_copy_of(L, sp, x) : cur;
}

/* pad(array, pad_width, mode='constant', constant_values=0); modes 'edge', 'reflect',
 * 'symmetric' and 'wrap' (NumPy's default reflect_type='even'). */
static IrValue *api_pad(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "pad", "array,pad_width,mode,constant_values", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "pad");
    if (!x) return NULL;
    Span sp = call->span;
    int nd = x->type->ndim;
    IrValue *pw[IR_MAXDIM][2];
    if (!pad_widths(L, a.p[1], nd, pw)) return NULL;
    const char *mode;
    if (!lw_str_arg(L, a.p[2], "constant", &mode)) return NULL;
    bool edge = !strcmp(mode, "edge");
    bool gather = !strcmp(mode, "reflect") || !strcmp(mode, "symmetric") || !strcmp(mode, "wrap");
    if (!edge && !gather && strcmp(mode, "constant")) {
        diag_error(a.p[2]->span,
                   "pad(mode='%s') is not supported yet (constant, edge, reflect, symmetric and wrap are)", mode);
        return NULL;
    }
    IrValue *cval = NULL;
    if (a.p[3]) {
        if (edge || gather) {
            diag_error(a.p[3]->span, "unsupported keyword arguments for mode '%s': {'constant_values'}", mode);
            return NULL;
        }
        if (!(cval = lw_expr(L, a.p[3]))) return NULL;
        if (cval->type->kind == TY_ARRAY && cval->type->ndim == 0)
            cval = lw_to_scalar(L, cval, lw_py_kind_of(cval->type->dtype), a.p[3]->span);
        if (!ty_is_scalar(cval->type)) {
            diag_error(a.p[3]->span, "pad() takes one number as constant_values here, got %s", ty_str_of(cval->type));
            return NULL;
        }
    }
    IrValue *s[IR_MAXDIM], *odims[IR_MAXDIM];
    lw_shape_of(L, x, sp, s);
    for (int i = 0; i < nd; i++) odims[i] = lw_iadd(L, sp, lw_iadd(L, sp, s[i], pw[i][0]), pw[i][1]);
    if (gather) return pad_gather(L, sp, x, pw, s, odims, mode);
    DType dt = x->type->dtype;
    IrValue *out = edge ? lw_emit_empty(L, sp, dt, nd, odims)
                        : lw_emit_full(L, sp, dt, nd, odims, cval ? cval : lw_cint(L, sp, 0));
    LwIx ix;
    lw_ix_init(&ix, out);
    for (int i = 0; i < nd; i++) lw_ix_slice(L, sp, &ix, pw[i][0], lw_iadd(L, sp, pw[i][0], s[i]), NULL);
    lw_store_into(L, sp, lw_ix_emit(L, sp, &ix), x);
    if (!edge) return out;
    /* Axis k copies its edge planes within the region the axes after k have so far: their
     * original extent (NumPy's _view_roi).  The full extent there is still unwritten (empty):
     * the copy would read it, to be overwritten when those axes pad (compute-sanitizer
     * initcheck on e2e manip_pad_diag).  The corners are filled by the last axis's copies. */
    for (int k = 0; k < nd; k++) {
        IrValue *b = pw[k][0], *e = lw_iadd(L, sp, pw[k][0], s[k]);
        IrValue *roi = out;
        if (k + 1 < nd) {
            LwIx rx;
            lw_ix_init(&rx, out);
            for (int j = 0; j < nd; j++) {
                if (j <= k) lw_ix_all(L, sp, &rx);
                else lw_ix_slice(L, sp, &rx, pw[j][0], lw_iadd(L, sp, pw[j][0], s[j]), NULL);
            }
            roi = lw_ix_emit(L, sp, &rx);
        }
        IrValue *widen = lw_binop(L, AOP_GT, sp, lw_iadd(L, sp, pw[k][0], pw[k][1]), lw_cint(L, sp, 0));
        IrValue *empty = lw_binop(L, AOP_EQ, sp, s[k], lw_cint(L, sp, 0));
        IrValue *bad = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){empty, widen});
        if (!lw_raise_if(L, sp, bad, "ValueError",
                      ar_printf(L->a, "can't extend empty axis %d using modes other than 'constant' or 'empty'", k)))
            return NULL;
        lw_store_into(L, sp, lw_slice_axis(L, sp, roi, k, NULL, b, NULL),
              lw_slice_axis(L, sp, roi, k, b, lw_iadd(L, sp, b, lw_cint(L, sp, 1)), NULL));
        lw_store_into(L, sp, lw_slice_axis(L, sp, roi, k, e, NULL, NULL),
              lw_slice_axis(L, sp, roi, k, lw_isub(L, sp, e, lw_cint(L, sp, 1)), e, NULL));
    }
    return out;
}

/* ---------------------------------------------------------------- diagonals and triangles */

/* diag(v, k=0): 1-d v → the 2-d matrix with v on diagonal k (zeros, then a store into the
 * strided view of its diagonal); 2-d v → its diagonal k. */
static IrValue *diag_of(Lower *L, Span sp, IrValue *x, IrValue *k)
{
    if (x->type->ndim == 2) return lw_diagonal(L, sp, x, k, 0, 1);
    if (x->type->ndim != 1) {
        diag_error(sp, "Input must be 1- or 2-d.");
        return NULL;
    }
    IrValue *n = lw_dim(L, sp, x, 0);
    IrValue *N = lw_iadd(L, sp, n, lw_ewise(L, IR_ABS, sp, 1, &k));
    IrValue *dims[2] = {N, N};
    IrValue *z = lw_emit_full(L, sp, x->type->dtype, 2, dims, lw_cint(L, sp, 0));
    lw_store_into(L, sp, lw_diagonal(L, sp, z, k, 0, 1), x);
    return z;
}

static IrValue *api_diag(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    if (!lw_bind(call, fname, "v,k", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], fname);
    IrValue *k = x ? lw_int_arg_or(L, a.p[1], call->span, 0) : NULL;
    if (!k) return NULL;
    if (!strcmp(fname, "diagflat")) x = lw_ravel(L, call->span, x);
    return diag_of(L, call->span, x, k);
}

/* diagonal(a, offset=0, axis1=0, axis2=1) of an array of ndim >= 2 (and the method): a view. */
static IrValue *api_diagonal(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "diagonal", "a,offset,axis1,axis2", 1, self, &a)) return NULL;
    IrValue *x = self ? self : lw_arraylike(L, a.p[0], "diagonal");
    if (!x) return NULL;
    IrValue *k = lw_int_arg_or(L, a.p[1], call->span, 0);
    if (!k) return NULL;
    int nd = x->type->ndim;
    if (nd < 2) {
        diag_error(call->span, "diag requires an array of at least two dimensions");
        return NULL;
    }
    int a1, a2;
    if (!lw_axis1_named(L, a.p[2], nd, 0, "axis1", &a1) || !lw_axis1_named(L, a.p[3], nd, 1, "axis2", &a2)) return NULL;
    if (a1 == a2) {
        diag_error(call->span, "axis1 and axis2 cannot be the same");
        return NULL;
    }
    return lw_diagonal(L, call->span, x, k, a1, a2);
}

/* tri(N, M=None, k=0, dtype=float): 1 where col - row <= k. */
static IrValue *api_tri(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tri", "N,M,k,dtype", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *N = lw_int_arg(L, a.p[0]);
    if (!N) return NULL;
    IrValue *M = N;
    if (a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (v->type->kind != TY_NONE && !(M = lw_int_arg(L, a.p[1]))) return NULL;
    }
    IrValue *k = lw_int_arg_or(L, a.p[2], sp, 0);
    if (!k) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[3], &dt, &given)) return NULL;
    IrValue *m = lw_binop(L, AOP_LE, sp, lw_col_minus_row(L, sp, N, M), k);
    return dt == DT_BOOL ? m : lw_cast(L, m, dt, sp);
}

/* tril(m, k=0) / triu(m, k=0): where(col - row <= k (>= k), m, 0) over the last two axes
 * (a 1-d m is treated as the rows of a square matrix, as NumPy does). */
static IrValue *api_tri_lu(Lower *L, AstNode *call, bool lower)
{
    Args a;
    if (!lw_bind(call, lower ? "tril" : "triu", "m,k", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], lower ? "tril" : "triu");
    if (!x) return NULL;
    Span sp = call->span;
    IrValue *k = lw_int_arg_or(L, a.p[1], sp, 0);
    if (!k) return NULL;
    int nd = x->type->ndim;
    if (nd == 0) {
        diag_error(sp, "%s() needs an array of at least one dimension", lower ? "tril" : "triu");
        return NULL;
    }
    IrValue *M = lw_dim(L, sp, x, nd - 1);
    IrValue *N = nd >= 2 ? lw_dim(L, sp, x, nd - 2) : M;
    IrValue *mask = lw_binop(L, lower ? AOP_LE : AOP_GE, sp, lw_col_minus_row(L, sp, N, M), k);
    IrValue *zero = x->type->dtype == DT_BOOL ? lw_const_bool(L, sp, false) : lw_cint(L, sp, 0);
    return lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){mask, x, zero});
}

/* ---------------------------------------------------------------- rollaxis, ediff1d */

/* rollaxis(a, axis, start=0): axis moved to lie before start (NumPy's AxisError texts) */
static IrValue *api_rollaxis(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "rollaxis", "a,axis,start", 2, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "rollaxis");
    if (!x) return NULL;
    int n = x->type->ndim, axis;
    if (!lw_axis1(L, a.p[1], n, 0, &axis)) return NULL;
    int64_t start = 0;
    if (a.p[2]) {
        IrValue *v = lw_expr(L, a.p[2]);
        if (!v) return NULL;
        if ((v->type->kind != TY_INT && v->type->kind != TY_BOOL) || !lw_is_const_int(v, &start)) {
            diag_error(a.p[2]->span, "rollaxis() start must be a compile-time int");
            return NULL;
        }
    }
    if (start < 0) start += n;
    if (start < 0 || start >= n + 1) {
        diag_error(call->span, "'start' arg requires %d <= start < %d, but %lld was passed in", -n, n + 1,
                   (long long)start);
        return NULL;
    }
    if (axis < start) start--;
    int perm[IR_MAXDIM], k = 0;
    for (int d = 0; d < n; d++)
        if (d != axis) perm[k++] = d;
    for (int d = n - 1; d > start; d--) perm[d] = perm[d - 1];
    perm[start] = axis;
    return lw_emit_transpose(L, call->span, x, perm);
}

/* ediff1d(ary): ravel(ary)[1:] - ravel(ary)[:-1] (to_end and to_begin not supported yet) */
static IrValue *api_ediff1d(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "ediff1d", "ary,to_end,to_begin", 1, &a) || !lw_no_arg(a.p[1], "to_end") ||
        !lw_no_arg(a.p[2], "to_begin"))
        return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "ediff1d");
    if (!x) return NULL;
    x = lw_ravel(L, sp, x);
    IrValue *hi = lw_slice_axis(L, sp, x, 0, lw_cint(L, sp, 1), NULL, NULL);
    IrValue *lo = lw_slice_axis(L, sp, x, 0, NULL, lw_cint(L, sp, -1), NULL);
    return lw_binop(L, AOP_SUB, sp, hi, lo);
}

/* ---------------------------------------------------------------- more compositions */

/* fill_diagonal(a, val, wrap=False) of a 2-d array with a number: a store into the view of
 * a's main diagonal (NumPy's a.flat[::ncols+1] = val, which for a tall matrix without wrap is
 * that diagonal too).  Returns None. */
static IrValue *api_fill_diagonal(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "fill_diagonal", "a,val,wrap", 2, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "fill_diagonal");
    IrValue *v = x ? lw_expr(L, a.p[1]) : NULL;
    bool wrap;
    if (!v || !lw_bool_arg(L, a.p[2], false, &wrap)) return NULL;
    Span sp = call->span;
    if (x->type->ndim < 2) {
        diag_error(sp, "array must be at least 2-d");
        return NULL;
    }
    if (x->type->ndim != 2 || wrap) {
        diag_error(sp, "fill_diagonal() is supported for 2-d arrays without wrap only");
        return NULL;
    }
    if (!ty_is_numeric(v->type) || (v->type->kind == TY_ARRAY && v->type->ndim != 0)) {
        diag_error(a.p[1]->span, "fill_diagonal() takes a number (or a 0-d array) as val here");
        return NULL;
    }
    /* NEP 50: NumPy stores val through a.flat, and a Python int out of an integer dtype's
     * range is OverflowError */
    if (!lw_pyint_fits(L, a.p[1]->span, v, x->type->dtype)) return NULL;
    lw_store_into(L, sp, lw_diagonal(L, sp, x, lw_cint(L, sp, 0), 0, 1), v);
    return lw_pseudo(L, ty_none());
}

/* x.fill(value): every element of x is value (as x[...] = value), a number or a 0-d array.
 * NEP 50: a Python int out of x's integer dtype's range is NumPy 2's OverflowError. */
static IrValue *api_fill_method(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind(call, "fill", "value", 1, &a)) return NULL;
    IrValue *v = lw_expr(L, a.p[0]);
    if (!v) return NULL;
    if (!ty_is_numeric(v->type) || (v->type->kind == TY_ARRAY && v->type->ndim != 0)) {
        diag_error(a.p[0]->span, "fill() takes a number (or a 0-d array) here, got %s", ty_str_of(v->type));
        return NULL;
    }
    if (!lw_pyint_fits(L, a.p[0]->span, v, x->type->dtype)) return NULL;
    lw_store_into(L, call->span, x, v);
    return lw_pseudo(L, ty_none());
}

/* polyadd(a1, a2) / polysub(a1, a2): both 1-d, the shorter padded with leading zeros of its
 * own dtype (NumPy concatenates zeros(diff, a.dtype)), then added / subtracted; a poly1d
 * operand gives a poly1d. */
static IrValue *api_polyadd(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    if (!lw_bind(call, fname, "a1,a2", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x[2];
    bool poly = false;
    for (int i = 0; i < 2; i++) {
        if (!(x[i] = lw_coeffs_arg(L, a.p[i], fname, &poly))) return NULL;
        if (x[i]->type->ndim > 1) {
            diag_error(a.p[i]->span, "%s() takes 1-d coefficient arrays here", fname);
            return NULL;
        }
        if (x[i]->type->ndim == 0) x[i] = lw_atleast(L, sp, x[i], 1);
    }
    IrValue *l0 = lw_dim(L, sp, x[0], 0), *l1 = lw_dim(L, sp, x[1], 0);
    IrValue *n = lw_imax(L, sp, l0, l1);
    IrValue *p[2];
    for (int i = 0; i < 2; i++) {
        p[i] = lw_emit_full(L, sp, x[i]->type->dtype, 1, &n, lw_cint(L, sp, 0));
        lw_store_into(L, sp, lw_slice_axis(L, sp, p[i], 0, lw_isub(L, sp, n, i ? l1 : l0), NULL, NULL), x[i]);
    }
    IrValue *r = lw_binop(L, fname[4] == 'a' ? AOP_ADD : AOP_SUB, sp, p[0], p[1]);
    return r && poly ? lw_poly1d_make(L, sp, r, "x") : r;
}

/* vander(x, N=None, increasing=False): column j is x**(N-1-j) (x**j when increasing), in
 * promote_types(x.dtype, int64) as NumPy allocates it. */
static IrValue *api_vander(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "vander", "x,N,increasing", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "vander");
    if (!x) return NULL;
    if (x->type->ndim != 1) {
        diag_error(sp, "x must be a one-dimensional array or sequence.");
        return NULL;
    }
    IrValue *N = lw_dim(L, sp, x, 0);
    if (a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (v->type->kind != TY_NONE && !(N = lw_int_arg(L, a.p[1]))) return NULL;
    }
    bool inc;
    if (!lw_bool_arg(L, a.p[2], false, &inc)) return NULL;
    if (!lw_raise_if(L, sp, lw_is_neg(L, sp, N), "ValueError", "negative dimensions are not allowed")) return NULL;
    DType dt = dt_promote(x->type->dtype, DT_INT64);
    if (dt != x->type->dtype) x = lw_cast(L, x, dt, sp);
    IrValue *e = lw_iota(L, sp, N);
    if (!inc) e = lw_binop(L, AOP_SUB, sp, lw_isub(L, sp, N, lw_cint(L, sp, 1)), e);
    return lw_ewise(L, IR_POW, sp, 2, (IrValue *[]){lw_newaxis_at(L, sp, x, 1), e});
}

/* indices(dimensions, dtype=int): out[i] = the index along axis i, shape (n, *dimensions) */
static IrValue *api_indices(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "indices", "dimensions,dtype,sparse", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *dims[IR_MAXDIM];
    int n = 0;
    if (!lw_shape_arg(L, a.p[0], dims, &n)) return NULL;
    DType dt = DT_INT64;
    bool given, sparse;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given) || !lw_bool_arg(L, a.p[2], false, &sparse)) return NULL;
    if (sparse) {
        diag_error(a.p[2]->span, "indices(sparse=True) is not supported yet");
        return NULL;
    }
    if (n + 1 > IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    IrValue *all[IR_MAXDIM];
    all[0] = lw_cint(L, sp, n);
    for (int i = 0; i < n; i++) all[i + 1] = dims[i];
    IrValue *r = lw_emit_empty(L, sp, dt, n + 1, all);
    for (int i = 0; i < n; i++) {
        IrValue *shape[IR_MAXDIM];
        for (int j = 0; j < n; j++) shape[j] = j == i ? dims[i] : lw_cint(L, sp, 1);
        IrValue *ax = lw_emit_reshape(L, sp, lw_iota(L, sp, dims[i]), n, shape);
        LwIx ix;
        lw_ix_init(&ix, r);
        lw_ix_int(&ix, lw_cint(L, sp, i));
        lw_store_into(L, sp, lw_ix_emit(L, sp, &ix), ax);
    }
    return r;
}

/* trapz(y, x=None, dx=1.0, axis=-1) = sum(d * (y[1:] + y[:-1]) / 2.0, axis) along axis, d = dx
 * or diff(x) for a 1-d x (NumPy 1.x's trapz, NumPy 2's trapezoid). */
static IrValue *api_trapz(Lower *L, AstNode *call, const char *fn)
{
    Args a;
    if (!lw_bind(call, fn, "y,x,dx,axis", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *y = lw_arraylike(L, a.p[0], fn);
    if (!y) return NULL;
    int nd = y->type->ndim, ax;
    if (nd == 0) {
        diag_error(sp, "%s() needs an array of at least one dimension", fn);
        return NULL;
    }
    if (!lw_axis1(L, a.p[3], nd, nd - 1, &ax)) return NULL;
    IrValue *d;
    IrValue *xv = NULL;
    if (a.p[1]) {
        if (!(xv = lw_expr(L, a.p[1]))) return NULL;
        if (xv->type->kind == TY_NONE) xv = NULL;
    }
    if (xv) {
        if (!(xv = lw_arraylike(L, a.p[1], fn))) return NULL;
        if (xv->type->ndim != 1) {
            diag_error(a.p[1]->span, "%s() takes a 1-d x here", fn);
            return NULL;
        }
        IrValue *hi = lw_slice_axis(L, sp, xv, 0, lw_cint(L, sp, 1), NULL, NULL);
        IrValue *lo = lw_slice_axis(L, sp, xv, 0, NULL, lw_cint(L, sp, -1), NULL);
        d = lw_binop(L, AOP_SUB, sp, hi, lo);
        IrValue *shape[IR_MAXDIM];
        for (int i = 0; i < nd; i++) shape[i] = i == ax ? lw_dim(L, sp, d, 0) : lw_cint(L, sp, 1);
        if (d) d = lw_emit_reshape(L, sp, d, nd, shape);
    } else if (a.p[2]) {
        if (!(d = lw_expr(L, a.p[2]))) return NULL;
        if (!ty_is_numeric(d->type)) {
            diag_error(a.p[2]->span, "%s() dx must be a number, got %s", fn, ty_str_of(d->type));
            return NULL;
        }
    } else {
        d = lw_const_float(L, sp, 1.0);
    }
    if (!d) return NULL;
    IrValue *s = lw_binop(L, AOP_ADD, sp, lw_slice_axis(L, sp, y, ax, lw_cint(L, sp, 1), NULL, NULL),
                          lw_slice_axis(L, sp, y, ax, NULL, lw_cint(L, sp, -1), NULL));
    IrValue *t = s ? lw_binop(L, AOP_MUL, sp, d, s) : NULL;
    t = t ? lw_binop(L, AOP_DIV, sp, t, lw_const_float(L, sp, 2.0)) : NULL;
    if (!t) return NULL;
    if (t->type->kind != TY_ARRAY) return t;
    DType dt = t->type->dtype;
    if (dt == DT_BOOL || (dt_is_int(dt) && dt_is_signed(dt) && dt != DT_INT64)) dt = DT_INT64;
    else if (dt_is_int(dt) && !dt_is_signed(dt)) dt = DT_UINT64;
    return lw_reduce_axes(L, sp, RED_SUM, t, 1, &ax, false, dt);
}

/* polyval(p, x): y = zeros_like(x); y = y * x + pv for each coefficient pv of p (0-d arrays,
 * strong as NumPy scalars): unrolled when p's length is known at compile time (at most 64),
 * else a host loop over p of one kernel per coefficient, y of the dtype its first step gives
 * (the promotion of x's and p's; NumPy's zeros_like(x) only for an empty p). */
static IrValue *api_polyval(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "polyval", "p,x", 2, &a)) return NULL;
    Span sp = call->span;
    bool poly = false;
    IrValue *p = lw_coeffs_arg(L, a.p[0], "polyval", &poly);
    IrValue *x = p ? lw_arraylike(L, a.p[1], "polyval") : NULL;
    if (!x) return NULL;
    if (p->type->ndim != 1) {
        diag_error(a.p[0]->span, "polyval() takes a 1-d array of coefficients");
        return NULL;
    }
    int64_t n = lw_static_dim(p, 0);
    IrValue *dims[IR_MAXDIM];
    for (int i = 0; i < x->type->ndim; i++) dims[i] = lw_dim(L, sp, x, i);
    if (n < 0 || n > 64) {
        DType dt = dt_promote(x->type->dtype, p->type->dtype);
        IrVar *yv = lw_temp_var(L, "y", ty_array(dt, x->type->ndim));
        lw_store(L, yv, lw_emit_full(L, sp, dt, x->type->ndim, dims, lw_cint(L, sp, 0)), sp);
        IrValue *i;
        IrBlock *after = lw_loop_begin(L, sp, lw_cint(L, sp, 0), lw_dim(L, sp, p, 0), &i);
        LwIx ix;
        lw_ix_init(&ix, p);
        lw_ix_int(&ix, i);
        IrValue *yx = lw_binop(L, AOP_MUL, sp, lw_load(L, yv, sp), x);
        IrValue *y = yx ? lw_binop(L, AOP_ADD, sp, yx, lw_ix_emit(L, sp, &ix)) : NULL;
        if (y) lw_store(L, yv, lw_cast_to(L, y, dt, sp), sp);
        L->blk = after;
        return y ? lw_load(L, yv, sp) : NULL;
    }
    IrValue *y = lw_emit_full(L, sp, x->type->dtype, x->type->ndim, dims, lw_cint(L, sp, 0));
    for (int64_t i = 0; i < n && y; i++) {
        LwIx ix;
        lw_ix_init(&ix, p);
        lw_ix_int(&ix, lw_cint(L, sp, i));
        IrValue *yx = lw_binop(L, AOP_MUL, sp, y, x);
        y = yx ? lw_binop(L, AOP_ADD, sp, yx, lw_ix_emit(L, sp, &ix)) : NULL;
    }
    return y;
}

/* copyto(dst, src): dst[...] = src under NumPy's same_kind rule (b < u < i < f < c may not go
 * down a kind; within a kind anything goes); casting= and where= are not supported yet. */
static IrValue *api_copyto(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "copyto", "dst,src,casting,where", 2, &a) || !lw_no_arg(a.p[2], "casting") ||
        !lw_no_arg(a.p[3], "where"))
        return NULL;
    Span sp = call->span;
    IrValue *dst = lw_array_arg(L, a.p[0], "copyto"), *src;
    if (!dst) return NULL;
    if (!lw_is_seq_lit(a.p[1]) && dt_is_int(dst->type->dtype)) {
        /* NEP 50: a Python int src goes in as dst's integer dtype (NumPy 2's copyto; out of
         * its range, the OverflowError); a list is an int64 array first, cast under same_kind */
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (v->type->kind == TY_INT) {
            if (!lw_pyint_fits(L, a.p[1]->span, v, dst->type->dtype)) return NULL;
            lw_store_into(L, sp, dst, v);
            return lw_pseudo(L, ty_none());
        }
        if (v->type->kind != TY_ARRAY && !ty_is_scalar(v->type)) {
            diag_error(a.p[1]->span, "copyto() expects an array, got %s", ty_str_of(v->type));
            return NULL;
        }
        src = v->type->kind == TY_ARRAY ? v : lw_scalar_array(L, a.p[1]->span, v);
    } else {
        src = lw_arraylike(L, a.p[1], "copyto");
    }
    if (!src) return NULL;
    DType from = src->type->dtype, to = dst->type->dtype;
    if (!dt_same_kind(from, to)) {
        diag_error(sp, "Cannot cast array data from dtype('%s') to dtype('%s') according to the rule 'same_kind'",
                   dt_name(from), dt_name(to));
        return NULL;
    }
    lw_store_into(L, sp, dst, src);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- reshape, transpose, astype, copy */

/* x.reshape(*shape) / x.reshape(shape) / cp.reshape(x, shape) */
static IrValue *api_reshape(Lower *L, AstNode *call, IrValue *x, int first)
{
    IrValue *dims[IR_MAXDIM];
    int ndim = 0;
    int n = call->elts.n - first;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "order") == 0) {
            diag_error(kw->span, "reshape(order=...) is not supported yet");
            return NULL;
        }
        if (strcmp(kw->sval, "newshape") == 0 || strcmp(kw->sval, "shape") == 0) {
            if (!lw_shape_arg(L, kw->rhs, dims, &ndim)) return NULL;
            return lw_emit_reshape(L, call->span, x, ndim, dims);
        }
        diag_error(kw->span, "reshape() got an unexpected keyword argument '%s'", kw->sval);
        return NULL;
    }
    if (n == 1) {
        if (!lw_shape_arg(L, call->elts.v[first], dims, &ndim)) return NULL;
    } else {
        if (n > IR_MAXDIM) {
            diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return NULL;
        }
        for (int i = 0; i < n; i++)
            if (!(dims[i] = lw_int_arg(L, call->elts.v[first + i]))) return NULL;
        ndim = n;
    }
    return lw_emit_reshape(L, call->span, x, ndim, dims);
}

static IrValue *api_transpose(Lower *L, AstNode *call, IrValue *x, int first)
{
    int nd = x->type->ndim;
    int n = call->elts.n - first;
    if (call->params.n) {
        AstNode *kw = call->params.v[0];
        if (strcmp(kw->sval, "axes") != 0) {
            diag_error(kw->span, "transpose() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    AstNode *axes_arg = n == 1 ? call->elts.v[first] : call->params.n ? ((AstNode *)call->params.v[0])->rhs : NULL;
    if (n == 0 && !axes_arg) return lw_emit_transpose(L, call->span, x, NULL);
    int64_t raw[IR_MAXDIM];
    int cnt = 0;
    if (axes_arg) {
        IrValue *v = lw_expr(L, axes_arg);
        if (!v) return NULL;
        if (v->type->kind == TY_NONE) return lw_emit_transpose(L, call->span, x, NULL);
        if (v->type->kind != TY_TUPLE && v->type->kind != TY_INT) {
            diag_error(axes_arg->span, "axes must be a tuple of ints");
            return NULL;
        }
        if (v->type->kind == TY_INT) {
            if (!lw_is_const_int(v, &raw[0])) goto notconst;
            cnt = 1;
        } else {
            cnt = v->type->n > IR_MAXDIM ? IR_MAXDIM + 1 : v->type->n;
            for (int i = 0; i < cnt && i < IR_MAXDIM; i++)
                if (!lw_is_const_int(lw_tuple_get(L, v, i, axes_arg->span), &raw[i])) goto notconst;
        }
    } else {
        if (n > IR_MAXDIM) {
            diag_error(call->span, "axes don't match array");
            return NULL;
        }
        for (int i = 0; i < n; i++) {
            IrValue *v = lw_expr(L, call->elts.v[first + i]);
            if (!v) return NULL;
            if (!lw_is_const_int(v, &raw[i])) goto notconst;
        }
        cnt = n;
    }
    if (cnt != nd) {
        diag_error(call->span, "axes don't match array");
        return NULL;
    }
    int perm[IR_MAXDIM];
    bool seen[IR_MAXDIM] = {0};
    for (int i = 0; i < nd; i++) {
        int64_t p = raw[i];
        if (p < -nd || p >= nd) {
            diag_error(call->span, "axis %lld is out of bounds for array of dimension %d", (long long)p, nd);
            return NULL;
        }
        if (p < 0) p += nd;
        if (seen[p]) {
            diag_error(call->span, "repeated axis in transpose");
            return NULL;
        }
        seen[p] = true;
        perm[i] = (int)p;
    }
    return lw_emit_transpose(L, call->span, x, perm);
notconst:
    diag_error(call->span, "transpose axes must be compile-time constants");
    return NULL;
}

static IrValue *api_astype(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind(call, "astype", "dtype,order,casting,subok,copy", 1, &a)) return NULL;
    DType dt;
    bool given;
    if (!lw_dtype_arg(L, a.p[0], &dt, &given)) return NULL;
    if (!given) dt = DT_FLOAT64;
    bool copy; /* copy=False: x itself when no cast is needed (NumPy's "the input array is returned") */
    if (!lw_bool_arg(L, a.p[4], true, &copy)) return NULL;
    if (dt == x->type->dtype) return copy ? lw_emit1(L, IR_COPY, call->span, x->type, x) : x;
    return lw_cast(L, x, dt, call->span);
}

/* reshape(a, newshape) / transpose(a, axes): the function forms of the methods */
static IrValue *api_reshape_fn(Lower *L, AstNode *call, const char *fn)
{
    if (call->elts.n < 1) {
        diag_error(call->span, "%s() missing required argument 'a' (pos 1)", fn);
        return NULL;
    }
    IrValue *x = lw_array_arg(L, call->elts.v[0], fn);
    if (!x) return NULL;
    return fn[0] == 'r' ? api_reshape(L, call, x, 1) : api_transpose(L, call, x, 1);
}

/* ndim(a) / shape(a) / size(a) */
static IrValue *api_ndim(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    IrValue *x = lw_one_arg(L, call, fn);
    if (!x) return NULL;
    if (x->type->kind != TY_ARRAY) {
        diag_error(sp, "%s() expects an array here", fn);
        return NULL;
    }
    if (fn[0] == 'n') return lw_const_int(L, sp, x->type->ndim);
    if (fn[1] == 'i') return lw_emit1(L, IR_SIZE, sp, ty_int(), x);
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    return lw_tuple(L, sp, x->type->ndim, dims);
}

/* x.copy() */
static IrValue *api_copy_method(Lower *L, AstNode *call, IrValue *x)
{
    if (call->elts.n || call->params.n) {
        diag_error(call->span, "copy() arguments are not supported yet");
        return NULL;
    }
    return lw_emit1(L, IR_COPY, call->span, x->type, x);
}

/* x.flatten() (a copy) / x.ravel() (a view when possible) */
static IrValue *api_flatten(Lower *L, AstNode *call, const char *m, IrValue *x)
{
    Span sp = call->span;
    if (call->elts.n || call->params.n) {
        diag_error(sp, "%s() arguments are not supported yet", m);
        return NULL;
    }
    IrValue *src = !strcmp(m, "flatten") ? lw_emit1(L, IR_COPY, sp, x->type, x) : x;
    IrValue *d = lw_const_int(L, sp, -1);
    return lw_emit_reshape(L, sp, src, 1, &d);
}

static IrValue *reshape_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_reshape(L, call, x, 0);
}

static IrValue *transpose_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_transpose(L, call, x, 0);
}

static IrValue *astype_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_astype(L, call, x);
}

static IrValue *copy_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_copy_method(L, call, x);
}

static IrValue *flatten_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    return api_flatten(L, call, f->name, x);
}

/* ---------------------------------------------------------------- trim_zeros */

/* The position of the first True of the 1-d bool array m, or its length when it has none: the
 * argmax of m with a True appended (no empty-sequence error for an empty m). */
static IrValue *first_true(Lower *L, Span sp, IrValue *m)
{
    IrValue *one =
        lw_emit_full(L, sp, DT_BOOL, 1, (IrValue *[]){ lw_cint(L, sp, 1) }, lw_const_bool(L, sp, true));
    IrValue *ext = lw_join(L, sp, "concatenate", 2, (IrValue *[]){ m, one }, 0, DT_BOOL);
    int axis = 0;
    IrValue *r = ext ? lw_reduce_axes(L, sp, RED_ARGMAX, ext, 1, &axis, false, DT_INT64) : NULL;
    return r ? lw_to_scalar(L, r, TY_INT, sp) : NULL;
}

/* One past the position of the last True of the 1-d bool array m (0 when it has none). */
static IrValue *end_of_true(Lower *L, Span sp, IrValue *m)
{
    IrValue *rev = m ? lw_slice_axis(L, sp, m, 0, NULL, NULL, lw_cint(L, sp, -1)) : NULL;
    IrValue *off = rev ? first_true(L, sp, rev) : NULL;
    return off ? lw_isub(L, sp, lw_dim(L, sp, m, 0), off) : NULL;
}

/* trim_zeros(filt, trim='fb'): the view filt[first:last], first the position of its first
 * nonzero element ('f' in trim, any case; else 0), last one past its last ('b'; else len);
 * an all-zero filt gives NumPy's filt[n:0] (empty).  1-d only, as CuPy's. */
static IrValue *api_trim_zeros(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "trim_zeros", "filt,trim,axis", 1, &a) || !lw_no_arg(a.p[2], "axis")) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "trim_zeros");
    const char *trim;
    if (!x || !lw_str_arg(L, a.p[1], "fb", &trim)) return NULL;
    if (x->type->ndim != 1) {
        diag_error(a.p[0]->span,
                   x->type->ndim ? "Multi-dimensional trim is not supported" : "0-d array cannot be trimmed");
        return NULL;
    }
    bool front = strpbrk(trim, "fF"), back = strpbrk(trim, "bB");
    IrValue *nz = lw_ew2(L, IR_NE, sp, x, lw_cint(L, sp, 0));
    IrValue *n = lw_dim(L, sp, x, 0);
    IrValue *first = front ? first_true(L, sp, nz) : lw_cint(L, sp, 0);
    IrValue *last = back ? end_of_true(L, sp, nz) : n;
    return first && last ? lw_slice_axis(L, sp, x, 0, first, last, NULL) : NULL;
}

/* ---------------------------------------------------------------- as_strided */

/* lib.stride_tricks.as_strided(x, shape=None, strides=None): CuPy's ndarray(shape, x.dtype,
 * memptr=x.data, strides): a view of x's data with that shape and those byte strides (x's own
 * where not given), unchecked against x's memory; IR_AS_STRIDED. */
static IrValue *api_as_strided(Lower *L, AstNode *call)
{
    Args a;
    Span sp = call->span;
    if (!lw_bind(call, "as_strided", "x,shape,strides", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "as_strided");
    if (!x) return NULL;
    IrValue *args[1 + 2 * IR_MAXDIM] = { x }, **dims = args + 1, *st[IR_MAXDIM];
    int nd = x->type->ndim, ns = x->type->ndim;
    if (a.p[1] && a.p[1]->kind != AST_NONE) {
        if (!lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
    } else {
        lw_shape_of(L, x, sp, dims);
    }
    if (a.p[2] && a.p[2]->kind != AST_NONE) {
        if (!lw_shape_arg(L, a.p[2], st, &ns)) return NULL;
    } else {
        for (int d = 0; d < ns; d++) st[d] = lw_array_info(L, x, INFO_STRIDE | d << 8, sp);
    }
    if (nd != ns) {
        diag_error(sp, "len(shape) != len(strides)");
        return NULL;
    }
    for (int d = 0; d < nd; d++) args[1 + nd + d] = st[d];
    return lw_emit(L, IR_AS_STRIDED, sp, ty_array(x->type->dtype, nd), 1 + 2 * nd, args);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_expand_dims)
LW_API_SELF(api_squeeze)
LW_API_SELF(api_swapaxes)
LW_API_PLAIN(api_moveaxis)
LW_API_NAMED(api_flip)
LW_API_PLAIN(api_rot90)
LW_API_PLAIN(api_broadcast_to)
LW_API_PLAIN(api_roll)
LW_API_PLAIN(api_tile)
LW_API_SELF(api_repeat)
LW_API_PLAIN(api_pad)
LW_API_NAMED(api_diag)
LW_API_SELF(api_diagonal)
LW_API_PLAIN(api_tri)
LW_API_ARG(api_tri_lu)
LW_API_PLAIN(api_rollaxis)
LW_API_PLAIN(api_ediff1d)
LW_API_PLAIN(api_fill_diagonal)
LW_API_NAMED(api_polyadd)
LW_API_PLAIN(api_vander)
LW_API_PLAIN(api_indices)
LW_API_NAMED(api_trapz)
LW_API_PLAIN(api_polyval)
LW_API_PLAIN(api_copyto)
LW_API_SELF(api_fill_method)

/* ravel(a, order='C') */
static IrValue *api_ravel(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "ravel", "a,order", 1, &a) || !lw_no_arg(a.p[1], "order")) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "ravel");
    return x ? lw_ravel(L, call->span, x) : NULL;
}
/* flatiter(a): the iterator a.flat is (its elements in C order); stores through it are
 * lw_assign's, as a.flat's (lower.c, target_object). */
static IrValue *api_flatiter(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "flatiter", "a", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "flatiter");
    return x ? lw_ravel(L, call->span, x) : NULL;
}
/* from_dlpack(x): an array that shares x's memory (CuPy's zero-copy import of x's DLPack
 * capsule): x itself, whose stores the two names then see alike. */
static IrValue *api_from_dlpack(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "from_dlpack", "x", 1, &a)) return NULL;
    return lw_array_arg(L, a.p[0], "from_dlpack");
}
LW_API_PLAIN(api_ravel)
LW_API_PLAIN(api_flatiter)
LW_API_PLAIN(api_from_dlpack)
LW_API_PLAIN(api_trim_zeros)
LW_API_PLAIN(api_as_strided)

LW_API_NAMED(api_reshape_fn)
LW_API_NAMED(api_ndim)

const ApiFn lw_manip_api[] = {
    { "cupy", "expand_dims", api_expand_dims_api, 0 },
    { "cupy", "trim_zeros", api_trim_zeros_api, 0 },
    { "cupy.lib.stride_tricks", "as_strided", api_as_strided_api, 0 },
    { "cupy", "squeeze", api_squeeze_api, 0 },
    { "cupy", "swapaxes", api_swapaxes_api, 0 },
    { "cupy", "moveaxis", api_moveaxis_api, 0 },
    { "cupy", "flip", api_flip_api, 0 },
    { "cupy", "fliplr", api_flip_api, 0 },
    { "cupy", "flipud", api_flip_api, 0 },
    { "cupy", "rot90", api_rot90_api, 0 },
    { "cupy", "broadcast_to", api_broadcast_to_api, 0 },
    { "cupy", "ravel", api_ravel_api, 0 },
    { "cupy", "flatiter", api_flatiter_api, 0 },
    { "cupy", "from_dlpack", api_from_dlpack_api, 0 },
    { "cupy", "roll", api_roll_api, 0 },
    { "cupy", "tile", api_tile_api, 0 },
    { "cupy", "repeat", api_repeat_api, 0 },
    { "cupy", "pad", api_pad_api, 0 },
    { "cupy", "diag", api_diag_api, 0 },
    { "cupy", "diagflat", api_diag_api, 0 },
    { "cupy", "diagonal", api_diagonal_api, 0 },
    { "cupy", "tri", api_tri_api, 0 },
    { "cupy", "tril", api_tri_lu_api, true },
    { "cupy", "triu", api_tri_lu_api, false },
    { "cupy", "rollaxis", api_rollaxis_api, 0 },
    { "cupy", "ediff1d", api_ediff1d_api, 0 },
    { "cupy", "fill_diagonal", api_fill_diagonal_api, 0 },
    { "cupy", "polyadd", api_polyadd_api, 0 },
    { "cupy", "polysub", api_polyadd_api, 0 },
    { "cupy", "vander", api_vander_api, 0 },
    { "cupy", "indices", api_indices_api, 0 },
    { "cupy", "trapz", api_trapz_api, 0 },
    { "cupy", "trapezoid", api_trapz_api, 0 },
    { "cupy", "polyval", api_polyval_api, 0 },
    { "cupy", "copyto", api_copyto_api, 0 },
    /* ndarray methods */
    { "cupy.ndarray", "squeeze", api_squeeze_api, 0 },
    { "cupy.ndarray", "fill", api_fill_method_api, 0 },
    { "cupy.ndarray", "swapaxes", api_swapaxes_api, 0 },
    { "cupy.ndarray", "repeat", api_repeat_api, 0 },
    { "cupy.ndarray", "diagonal", api_diagonal_api, 0 },
    /* reshape, transpose, ndim, shape, size; the methods reshape, transpose, astype, copy, flatten, ravel */
    { "cupy", "reshape", api_reshape_fn_api, 0 },
    { "cupy", "transpose", api_reshape_fn_api, 0 },
    { "cupy", "ndim", api_ndim_api, 0 },
    { "cupy", "shape", api_ndim_api, 0 },
    { "cupy", "size", api_ndim_api, 0 },
    { "cupy.ndarray", "reshape", reshape_method, 0 },
    { "cupy.ndarray", "transpose", transpose_method, 0 },
    { "cupy.ndarray", "astype", astype_method, 0 },
    { "cupy.ndarray", "copy", copy_method, 0 },
    { "cupy.ndarray", "flatten", flatten_method, 0 },
    { "cupy.ndarray", "ravel", flatten_method, 0 },
    { NULL, NULL, NULL, 0 },
};
