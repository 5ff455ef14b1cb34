/*
 * lower/api/join.c — joining and splitting arrays: concatenate, stack, vstack / hstack / dstack /
 * column_stack / row_stack, atleast_1d/2d/3d, append; split, array_split, hsplit, vsplit, dsplit.
 * A join is one strided copy per input into a new array (lw_join, lower/compose.c; a list
 * variable of arrays goes through the runtime's list concat); a split returns a list of views.
 * Axes are compile-time constants; sizes and section counts may be run-time ints.
 * Table: lw_join_api.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- joining */

static bool promote_arrays(int n, IrValue **arrs, AstNode *dtype_arg, Lower *L, DType *dt)
{
    *dt = arrs[0]->type->dtype;
    for (int i = 1; i < n; i++) *dt = dt_promote(*dt, arrs[i]->type->dtype);
    bool given;
    return lw_dtype_arg(L, dtype_arg, dt, &given);
}


/* concatenate or stack of a list variable (its length known only at run time): one runtime
 * call (rt_concat_list); the list's arrays share one dtype. */
static IrValue *join_list(Lower *L, Span sp, const char *what, IrValue *lv, int axis, AstNode *dtype_arg)
{
    Type *et = lv->type->elem;
    int nd = et->ndim + (!strcmp(what, "stack") ? 1 : 0);
    DType dt = et->dtype;
    bool given;
    if (!lw_dtype_arg(L, dtype_arg, &dt, &given)) return NULL;
    IrValue *r = lw_emit1(L, IR_CONCAT_LIST, sp, ty_array(et->dtype, nd), lv);
    r->def->sval = what;
    r->def->ival = axis;
    return dt != et->dtype ? lw_cast(L, r, dt, sp) : r;
}

/* Compile-time checks shared by concatenate-like routines: at least one array, no 0-d array,
 * one ndim. */
static bool check_concat_ndims(Span sp, int n, IrValue **arrs)
{
    if (n == 0) {
        diag_error(sp, "need at least one array to concatenate");
        return false;
    }
    for (int i = 0; i < n; i++)
        if (arrs[i]->type->ndim == 0) {
            diag_error(sp, "zero-dimensional arrays cannot be concatenated");
            return false;
        }
    for (int i = 1; i < n; i++)
        if (arrs[i]->type->ndim != arrs[0]->type->ndim) {
            diag_error(sp, "all the input arrays must have same number of dimensions, but the array at "
                           "index 0 has %d dimension(s) and the array at index %d has %d dimension(s)",
                       arrs[0]->type->ndim, i, arrs[i]->type->ndim);
            return false;
        }
    return true;
}

/* concatenate((a1, a2, ...), axis=0, out=None, dtype=None, casting="same_kind");
 * axis=None joins the flattened arrays. */
static IrValue *api_concatenate(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "concatenate", "arrays,axis,out,dtype,casting", 1, &a)) return NULL;
    IrValue *arrs[MAXARR], *lv = NULL;
    int n = lw_seq_arrays(L, a.p[0], "concatenate", arrs, &lv);
    if (n == -1 || !lw_no_arg(a.p[2], "out")) return NULL;
    Span sp = call->span;
    bool flat = false;
    if (a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        flat = v->type->kind == TY_NONE;
    }
    if (lv) {
        int nd = lv->type->elem->ndim, axis;
        if (flat) {
            diag_error(sp, "concatenate(axis=None) of a list variable is not supported; flatten the arrays first");
            return NULL;
        }
        if (nd == 0) {
            diag_error(sp, "zero-dimensional arrays cannot be concatenated");
            return NULL;
        }
        if (!lw_axis1(L, a.p[1], nd, 0, &axis)) return NULL;
        return join_list(L, sp, "concatenate", lv, axis, a.p[3]);
    }
    if (flat)
        for (int i = 0; i < n; i++) arrs[i] = lw_ravel(L, sp, arrs[i]);
    if (!check_concat_ndims(sp, n, arrs)) return NULL;
    int axis = 0;
    if (!flat && !lw_axis1(L, a.p[1], arrs[0]->type->ndim, 0, &axis)) return NULL;
    DType dt;
    if (!promote_arrays(n, arrs, a.p[3], L, &dt)) return NULL;
    return lw_join(L, sp, "concatenate", n, arrs, axis, dt);
}

/* stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"): a new axis at `axis`
 * (normalised against ndim + 1); all shapes equal. */
static IrValue *api_stack(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "stack", "arrays,axis,out,dtype,casting", 1, &a)) return NULL;
    IrValue *arrs[MAXARR], *lv = NULL;
    int n = lw_seq_arrays(L, a.p[0], "stack", arrs, &lv);
    if (n == -1 || !lw_no_arg(a.p[2], "out")) return NULL;
    if (lv) {
        int nd = lv->type->elem->ndim + 1, axis;
        if (nd > IR_MAXDIM) {
            diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return NULL;
        }
        if (!lw_axis1(L, a.p[1], nd, 0, &axis)) return NULL;
        return join_list(L, call->span, "stack", lv, axis, a.p[3]);
    }
    if (n == 0) {
        diag_error(call->span, "need at least one array to stack");
        return NULL;
    }
    for (int i = 1; i < n; i++)
        if (arrs[i]->type->ndim != arrs[0]->type->ndim) {
            diag_error(call->span, "all input arrays must have the same shape");
            return NULL;
        }
    int nd = arrs[0]->type->ndim + 1, axis;
    if (nd > IR_MAXDIM) {
        diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    if (!lw_axis1(L, a.p[1], nd, 0, &axis)) return NULL;
    DType dt;
    if (!promote_arrays(n, arrs, a.p[3], L, &dt)) return NULL;
    for (int i = 0; i < n; i++) arrs[i] = lw_newaxis_at(L, call->span, arrs[i], axis);
    return lw_join(L, call->span, "stack", n, arrs, axis, dt);
}

/* atleast_Nd(*arys): one array, or a tuple of them for several. */
static IrValue *api_atleast(Lower *L, AstNode *call, int want)
{
    const char *fname = want == 1 ? "atleast_1d" : want == 2 ? "atleast_2d" : "atleast_3d";
    if (call->params.n) {
        diag_error(call->span, "%s() takes arrays only", fname);
        return NULL;
    }
    int n = call->elts.n;
    if (n == 0) {
        diag_error(call->span, "%s() needs at least one array", fname);
        return NULL;
    }
    if (n > MAXARR) {
        diag_error(call->span, "%s() of more than %d arrays is not supported", fname, MAXARR);
        return NULL;
    }
    IrValue *r[MAXARR];
    for (int i = 0; i < n; i++) {
        IrValue *x = lw_arraylike(L, call->elts.v[i], fname);
        if (!x) return NULL;
        r[i] = lw_atleast(L, call->span, x, want);
    }
    return n == 1 ? r[0] : lw_tuple(L, call->span, n, r);
}

/* vstack (row_stack), hstack, dstack, column_stack (tup, dtype=None, casting=...) */
static IrValue *api_xstack(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    bool col = !strcmp(fname, "column_stack");
    if (!lw_bind(call, fname, col ? "tup" : "tup,dtype,casting", 1, &a)) return NULL;
    IrValue *arrs[MAXARR], *lv = NULL;
    int n = lw_seq_arrays(L, a.p[0], fname, arrs, &lv);
    if (n == -1) return NULL;
    Span sp = call->span;
    int axis = 0;
    if (lv) {   /* one ndim for all: the routine is a stack or a concatenate */
        int nd = lv->type->elem->ndim;
        AstNode *dta = col ? NULL : a.p[1];
        if (nd >= 1 && (fname[0] == 'v' || fname[0] == 'r'))
            return join_list(L, sp, nd == 1 ? "stack" : "concatenate", lv, 0, dta);
        if (nd >= 1 && fname[0] == 'h') return join_list(L, sp, "concatenate", lv, nd == 1 ? 0 : 1, dta);
        if ((nd == 1 || nd == 2) && col) return join_list(L, sp, nd == 1 ? "stack" : "concatenate", lv, 1, NULL);
        diag_error(sp, "%s() of a list variable of %d-d arrays is not supported; write the arrays in the call",
                   fname, nd);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        IrValue *x = arrs[i];
        switch (fname[0]) {
        case 'v': case 'r': x = lw_atleast(L, sp, x, 2); break;
        case 'h': x = lw_atleast(L, sp, x, 1); break;
        case 'd': x = lw_atleast(L, sp, x, 3); break;
        default:                           /* column_stack: 0-d → (1, 1), (n,) → (n, 1) */
            if (x->type->ndim < 2) {
                x = lw_atleast(L, sp, x, 1);
                x = lw_newaxis_at(L, sp, x, 1);
            }
            break;
        }
        arrs[i] = x;
    }
    if (!check_concat_ndims(sp, n, arrs)) return NULL;
    if (fname[0] == 'h') axis = arrs[0]->type->ndim == 1 ? 0 : 1;
    else if (fname[0] == 'd') axis = 2;
    else if (col) axis = 1;
    DType dt;
    if (!promote_arrays(n, arrs, col ? NULL : a.p[1], L, &dt)) return NULL;
    return lw_join(L, sp, "concatenate", n, arrs, axis, dt);
}

/* append(arr, values, axis=None): flattened when axis is None, else concatenate. */
static IrValue *api_append(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "append", "arr,values,axis", 2, &a)) return NULL;
    IrValue *arrs[2];
    if (!(arrs[0] = lw_arraylike(L, a.p[0], "append")) || !(arrs[1] = lw_arraylike(L, a.p[1], "append"))) return NULL;
    Span sp = call->span;
    bool flat = true;
    if (a.p[2]) {
        IrValue *v = lw_expr(L, a.p[2]);
        if (!v) return NULL;
        flat = v->type->kind == TY_NONE;
    }
    int axis = 0;
    if (flat) {
        arrs[0] = lw_ravel(L, sp, arrs[0]);
        arrs[1] = lw_ravel(L, sp, arrs[1]);
    } else {
        if (!check_concat_ndims(sp, 2, arrs)) return NULL;
        if (!lw_axis1(L, a.p[2], arrs[0]->type->ndim, 0, &axis)) return NULL;
    }
    return lw_join(L, sp, "concatenate", 2, arrs, axis, dt_promote(arrs[0]->type->dtype, arrs[1]->type->dtype));
}

/* ---------------------------------------------------------------- splitting */

/* split / array_split / hsplit / vsplit / dsplit (ary, indices_or_sections[, axis]): a list of
 * views.  A section count must be a compile-time constant (it is the list's length); split
 * needs an equal division (checked at run time); array_split gives the first n % N sections
 * one more element.  A list of indices (run-time ints allowed) cuts at those points. */
static IrValue *api_split(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    bool has_axis = !strcmp(fname, "split") || !strcmp(fname, "array_split");
    if (!lw_bind(call, fname, has_axis ? "ary,indices_or_sections,axis" : "ary,indices_or_sections", 2, &a))
        return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], fname);
    if (!x) return NULL;
    Span sp = call->span;
    int nd = x->type->ndim, axis = 0;
    bool equal = strcmp(fname, "array_split") != 0;
    if (has_axis) {
        if (nd == 0) {
            diag_error(sp, "%s() of a 0-d array is not possible", fname);
            return NULL;
        }
        if (!lw_axis1(L, a.p[2], nd, 0, &axis)) return NULL;
    } else if (fname[0] == 'h') {
        if (nd == 0) {
            diag_error(sp, "hsplit only works on arrays of 1 or more dimensions");
            return NULL;
        }
        axis = nd > 1 ? 1 : 0;
    } else if (fname[0] == 'v') {
        if (nd < 2) {
            diag_error(sp, "vsplit only works on arrays of 2 or more dimensions");
            return NULL;
        }
    } else {
        if (nd < 3) {
            diag_error(sp, "dsplit only works on arrays of 3 or more dimensions");
            return NULL;
        }
        axis = 2;
    }
    IrValue *bounds[MAXARR + 1];
    int nb = 0;
    IrValue *n = lw_dim(L, sp, x, axis);
    bounds[nb++] = lw_cint(L, sp, 0);
    AstNode *ios = a.p[1];
    IrValue *iv = NULL;
    if (!lw_is_seq_lit(ios)) {
        if (!(iv = lw_expr(L, ios))) return NULL;
        if (iv->type->kind == TY_ARRAY && iv->type->ndim == 0) iv = lw_to_scalar(L, iv, TY_INT, sp);
    }
    if (iv && (iv->type->kind == TY_INT || iv->type->kind == TY_BOOL)) {
        int64_t N;
        if (!lw_is_const_int(iv, &N)) {
            diag_error(ios->span, "the number of sections must be a compile-time constant (it is the length "
                                  "of the list %s() returns)", fname);
            return NULL;
        }
        if (N <= 0) {
            diag_error(ios->span, "number sections must be larger than 0.");
            return NULL;
        }
        if (N > MAXARR) {
            diag_error(ios->span, "%s() into more than %d sections is not supported", fname, MAXARR);
            return NULL;
        }
        IrValue *Nv = lw_cint(L, sp, N);
        IrValue *extras = lw_binop(L, AOP_MOD, sp, n, Nv);
        if (equal && !lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, extras, lw_cint(L, sp, 0)), "ValueError",
                               "array split does not result in an equal division"))
            return NULL;
        IrValue *each = lw_binop(L, AOP_FLOORDIV, sp, n, Nv);
        for (int64_t i = 1; i < N; i++)
            bounds[nb++] = lw_iadd(L, sp, lw_imul(L, sp, lw_cint(L, sp, i), each), lw_imin(L, sp, lw_cint(L, sp, i), extras));
    } else {
        int cnt;
        if (iv && iv->type->kind == TY_TUPLE) cnt = iv->type->n;
        else if (!iv) cnt = ios->elts.n;
        else {
            diag_error(ios->span, "indices_or_sections must be an int or a list or tuple of ints, not %s",
                       ty_str_of(iv->type));
            return NULL;
        }
        if (cnt >= MAXARR) {
            diag_error(ios->span, "%s() into more than %d sections is not supported", fname, MAXARR);
            return NULL;
        }
        for (int i = 0; i < cnt; i++) {
            IrValue *b;
            if (iv) {
                b = lw_tuple_get(L, iv, i, sp);
                if (b->type->kind != TY_INT && b->type->kind != TY_BOOL) {
                    diag_error(ios->span, "split indices must be integers, not %s", ty_str_of(b->type));
                    return NULL;
                }
                b = lw_to_scalar(L, b, TY_INT, sp);
            } else if (!(b = lw_int_arg(L, ios->elts.v[i]))) {
                return NULL;
            }
            bounds[nb++] = b;
        }
    }
    bounds[nb++] = NULL;   /* the end */
    IrValue *parts[MAXARR + 1];
    for (int i = 0; i + 1 < nb; i++) parts[i] = lw_slice_axis(L, sp, x, axis, bounds[i], bounds[i + 1], NULL);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(x->type), nb - 1, parts);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_concatenate)
LW_API_PLAIN(api_stack)
LW_API_NAMED(api_xstack)
LW_API_ARG(api_atleast)
LW_API_PLAIN(api_append)
LW_API_NAMED(api_split)

const ApiFn lw_join_api[] = {
    {"cupy", "concatenate", api_concatenate_api, 0},
    {"cupy", "stack", api_stack_api, 0},
    {"cupy", "vstack", api_xstack_api, 0},
    {"cupy", "row_stack", api_xstack_api, 0},
    {"cupy", "hstack", api_xstack_api, 0},
    {"cupy", "dstack", api_xstack_api, 0},
    {"cupy", "column_stack", api_xstack_api, 0},
    {"cupy", "atleast_1d", api_atleast_api, 1},
    {"cupy", "atleast_2d", api_atleast_api, 2},
    {"cupy", "atleast_3d", api_atleast_api, 3},
    {"cupy", "append", api_append_api, 0},
    {"cupy", "split", api_split_api, 0},
    {"cupy", "array_split", api_split_api, 0},
    {"cupy", "hsplit", api_split_api, 0},
    {"cupy", "vsplit", api_split_api, 0},
    {"cupy", "dsplit", api_split_api, 0},
    {NULL, NULL, NULL, 0},
};
