/*
 * lower/api/sort.c — sorting, searching and sets; the run-time half is runtime/sort.cu.
 *
 * NumPy's rules implemented here:
 *   - sort(a, axis=-1) / argsort(a, axis=-1): along one axis (an int constant) or over the
 *     flattened array (axis=None: a 1-d result); stable whatever `kind` says (CuPy's sorts are
 *     stable), NaNs last; argsort gives int64.  x.sort() sorts in place and returns None.
 *   - partition / argpartition(a, kth, axis=-1): the full sort (one of the partitions NumPy
 *     allows), after NumPy's run-time check of kth against the axis length.
 *   - lexsort(keys): stable argsorts from the first key to the last (the primary key), each of
 *     the keys permuted by the order so far.
 *   - searchsorted(a, v, side='left', sorter=None): a is 1-d; a and v are compared in their
 *     promoted dtype (NEP 50: a Python scalar v is weak); a scalar v gives a 0-d result.
 *   - unique(ar, return_index, return_inverse, return_counts): over the flattened array, NaNs
 *     collapse (equal_nan=True); each requested output is one IR_UNIQUE.
 *   - isin / in1d, intersect1d, union1d, setdiff1d, setxor1d: operands cast to their promoted
 *     dtype, flattened (isin keeps the element's shape).
 * Complex arrays are a compile-time error (NumPy orders them lexicographically; not yet here).
 *
 * Invariants: axes are compile-time constants, checked here; sizes are run-time values.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* The axis of a sort: -1 when absent, None (*flat), or an int constant, normalised against
 * ndim with NumPy's AxisError text.  For a 0-d array only None is valid. */
static bool sort_axis(Lower *L, AstNode *e, Span sp, int ndim, int *axis, bool *flat)
{
    *flat = false;
    int64_t raw = -1;
    Span at = e ? e->span : sp;
    if (e) {
        IrValue *v = lw_expr(L, e);
        if (!v) return false;
        if (v->type->kind == TY_NONE) {
            *flat = true;
            *axis = 0;
            return true;
        }
        if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
            diag_error(e->span, "axis must be None or an int, not %s", ty_str_of(v->type));
            return false;
        }
        if (!lw_is_const_int(v, &raw)) {
            diag_error(e->span, "axis must be a compile-time constant");
            return false;
        }
    }
    if (raw < -ndim || raw >= ndim) {
        diag_error(at, "axis %lld is out of bounds for array of dimension %d", (long long)raw, ndim);
        return false;
    }
    *axis = (int)(raw < 0 ? raw + ndim : raw);
    return true;
}

/* kind= takes any string (every sort here is stable); order= only None. */
static bool sort_kind_order(Lower *L, AstNode *kind, AstNode *order)
{
    if (kind) {
        IrValue *k = lw_expr(L, kind);
        if (!k) return false;
        if (k->type->kind != TY_STR && k->type->kind != TY_NONE) {
            diag_error(kind->span, "kind must be a string, not %s", ty_str_of(k->type));
            return false;
        }
    }
    if (order) {
        IrValue *o = lw_expr(L, order);
        if (!o) return false;
        if (o->type->kind != TY_NONE) {
            diag_error(order->span, "sort order= (structured arrays) is not supported");
            return false;
        }
    }
    return true;
}

/* The promoted dtype of two operands (arrays strong, 0-d arrays from scalars as arrays). */
static bool common_dtype(IrValue *a, IrValue *b, Span sp, const char *fname, DType *out)
{
    if (!ty_promote_operands(a->type, b->type, out)) {
        diag_error(sp, "%s() operands of types %s and %s do not mix", fname, ty_str_of(a->type), ty_str_of(b->type));
        return false;
    }
    return true;
}

/* ---------------------------------------------------------------- sort, argsort, partition */

/* sort(a, axis=-1, kind=None, order=None, *, stable=None) and argsort; partition(a, kth,
 * axis=-1, kind='introselect', order=None) and argpartition.  self: the method's receiver. */
static IrValue *api_sort(Lower *L, AstNode *call, const char *name, IrValue *self, bool arg, bool part)
{
    Span sp = call->span;
    Args a;
    const char *sig = part ? "a,kth,axis,kind,order" : "a,axis,kind,order,stable";
    if (!lw_bind_self(call, name, sig, 1 + part, self, &a)) return NULL;
    AstNode **p = a.p + 1;
    IrValue *x = self ? self : lw_array_operand(L, a.p[0], name);
    if (!x || !lw_real_only(x, sp, name)) return NULL;
    IrValue *kth = NULL;
    if (part) {
        if (p[0]->kind == AST_LIST || p[0]->kind == AST_TUPLE) {
            diag_error(p[0]->span, "%s() with a sequence of kth is not supported yet", name);
            return NULL;
        }
        kth = lw_int_arg(L, p[0]);
        if (!kth) return NULL;
        p++;
    }
    int axis;
    bool flat;
    if (!sort_axis(L, p[0], sp, x->type->ndim, &axis, &flat) || !sort_kind_order(L, p[1], p[2])) return NULL;
    if (!part && p[3]) {
        bool st;
        if (!lw_bool_arg(L, p[3], true, &st)) return NULL;
    }
    if (self && !arg && flat) {
        diag_error(p[0]->span, "in-place %s() needs an int axis", name);
        return NULL;
    }
    IrValue *r = lw_sort(L, sp, x, axis, flat, arg, kth);
    if (self && !arg) { /* x.sort(), x.partition(): in place, returns None */
        IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){x, r});
        in->dtype = x->type->dtype;
        return lw_pseudo(L, ty_none());
    }
    return r;
}

/* msort(a): sort(a, axis=0); sort_complex(a): sort(a) (last axis) as complex, complex64 for
 * 8- and 16-bit integers, else complex128 (NumPy's rule).  gpyc sorts real values only. */
static IrValue *api_msort(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, name, "a", 1, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], name);
    if (!x || !lw_real_only(x, sp, name)) return NULL;
    bool cplx = !strcmp(name, "sort_complex");
    int nd = x->type->ndim;
    if (nd == 0) {
        diag_error(sp, "AxisError: axis %d is out of bounds for array of dimension 0", cplx ? -1 : 0);
        return NULL;
    }
    IrValue *r = lw_sort(L, sp, x, cplx ? nd - 1 : 0, false, false, NULL);
    if (!cplx) return r;
    DType d = x->type->dtype;
    bool small = d == DT_INT8 || d == DT_INT16 || d == DT_UINT8 || d == DT_UINT16;
    return lw_cast(L, r, small ? DT_COMPLEX64 : DT_COMPLEX128, sp);
}

/* lexsort of the rows of the 2-d array keys (their number known at run time): the stable
 * argsort of row 0, then for each further row k, the permutation re-sorted stably by
 * keys[k][perm] (a host loop over the rows). */
static IrValue *lexsort_rows(Lower *L, Span sp, IrValue *keys)
{
    if (!lw_real_only(keys, sp, "lexsort")) return NULL;
    IrValue *nk = lw_dim(L, sp, keys, 0);
    lw_emit_raise_if(L, sp, lw_ew2(L, IR_EQ, sp, nk, lw_cint(L, sp, 0)), "TypeError",
                     "need sequence of keys with len > 0 in lexsort");
    LwIx r0;
    lw_ix_init(&r0, keys);
    lw_ix_int(&r0, lw_cint(L, sp, 0));
    IrValue *first = lw_sort(L, sp, lw_ix_emit(L, sp, &r0), 0, false, true, NULL);
    if (!first) return NULL;
    IrVar *pv = lw_temp_var(L, "perm", first->type);
    lw_store(L, pv, first, sp);
    IrValue *k;
    IrBlock *after = lw_loop_begin(L, sp, lw_cint(L, sp, 1), nk, &k);
    LwIx rk;
    lw_ix_init(&rk, keys);
    lw_ix_int(&rk, k);
    IrValue *perm = lw_load(L, pv, sp);
    IrValue *q = lw_sort(L, sp, lw_gather(L, sp, lw_ix_emit(L, sp, &rk), perm), 0, false, true, NULL);
    IrValue *np = q ? lw_gather(L, sp, perm, q) : NULL;
    if (np) lw_store(L, pv, np, sp);
    L->blk = after;
    return np ? lw_load(L, pv, sp) : NULL;
}

/* lexsort(keys, axis=-1): keys a tuple or list of 1-d arrays, or a 2-d array of key rows; the
 * last key is the primary one. */
static IrValue *api_lexsort(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "lexsort", "keys,axis", 1, &a)) return NULL;
    if (a.p[1]) {
        int64_t ax;
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (!lw_is_const_int(v, &ax) || (ax != -1 && ax != 0)) {
            diag_error(a.p[1]->span, "lexsort() supports axis=-1 (1-d keys) only");
            return NULL;
        }
    }
    IrValue *keys[16];
    int n = 0;
    AstNode *ke = a.p[0];
    if (ke->kind == AST_LIST || ke->kind == AST_TUPLE) {
        if (ke->elts.n > 16) {
            diag_error(ke->span, "lexsort() takes at most 16 keys here");
            return NULL;
        }
        for (int i = 0; i < ke->elts.n; i++)
            if (!(keys[n++] = lw_array_arg(L, ke->elts.v[i], "lexsort"))) return NULL;
    } else {
        IrValue *v = lw_expr(L, ke);
        if (!v) return NULL;
        if (v->type->kind == TY_TUPLE) {
            if (v->type->n > 16) {
                diag_error(ke->span, "lexsort() takes at most 16 keys here");
                return NULL;
            }
            for (int i = 0; i < v->type->n; i++) {
                keys[n] = lw_tuple_get(L, v, i, ke->span);
                if (keys[n]->type->kind != TY_ARRAY) {
                    diag_error(ke->span, "lexsort() keys must be arrays, got %s", ty_str_of(keys[n]->type));
                    return NULL;
                }
                n++;
            }
        } else if (v->type->kind == TY_ARRAY && v->type->ndim == 2) {
            return lexsort_rows(L, sp, v);
        } else if (v->type->kind == TY_ARRAY && v->type->ndim == 1) {
            keys[n++] = v;
        } else {
            diag_error(ke->span, "lexsort() expects a tuple of 1-d arrays, got %s", ty_str_of(v->type));
            return NULL;
        }
    }
    if (n == 0) {
        diag_error(ke->span, "need sequence of keys with len > 0 in lexsort");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        if (!lw_real_only(keys[i], sp, "lexsort")) return NULL;
        if (keys[i]->type->ndim != 1) {
            diag_error(ke->span, "lexsort() supports 1-d keys here, got %d-d", keys[i]->type->ndim);
            return NULL;
        }
    }
    IrValue *perm = lw_sort(L, sp, keys[0], 0, false, true, NULL);
    IrValue *n0 = lw_emit1(L, IR_SIZE, sp, ty_int(), keys[0]);
    for (int i = 1; i < n && perm; i++) {
        IrValue *ni = lw_emit1(L, IR_SIZE, sp, ty_int(), keys[i]);
        IrValue *ne = lw_ewise(L, IR_NE, sp, 2, (IrValue *[]){ni, n0});
        if (!ne) return NULL;
        lw_emit_raise_if(L, sp, ne, "ValueError", "all keys need to be the same shape");
        IrValue *kp = lw_gather(L, sp, keys[i], perm);
        if (!kp) return NULL;
        IrValue *q = lw_sort(L, sp, kp, 0, false, true, NULL);
        perm = lw_gather(L, sp, perm, q);
    }
    return perm;
}

/* ---------------------------------------------------------------- searchsorted */

/* searchsorted(a, v, side='left', sorter=None) (and a.searchsorted(v, ...)). */
static IrValue *api_searchsorted(Lower *L, AstNode *call, IrValue *self)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind_self(call, "searchsorted", "a,v,side,sorter", 2, self, &a)) return NULL;
    AstNode **p = a.p + 1;
    IrValue *x = self ? self : lw_array_operand(L, a.p[0], "searchsorted");
    if (!x) return NULL;
    IrValue *v = p[0]->kind == AST_LIST ? lw_index_list(L, p[0]) : lw_expr(L, p[0]);
    if (!v) return NULL;
    if (v->type->kind != TY_ARRAY && !ty_is_scalar(v->type)) {
        diag_error(p[0]->span, "searchsorted() expects an array or a number to search for, got %s",
                   ty_str_of(v->type));
        return NULL;
    }
    if (x->type->ndim != 1) {
        diag_error(sp, "searchsorted() needs a 1-d sorted array, got %d-d", x->type->ndim);
        return NULL;
    }
    bool right = false;
    if (p[1]) {
        IrValue *s = lw_expr(L, p[1]);
        if (!s) return NULL;
        if (s->type->kind != TY_STR || s->def == NULL || s->def->op != IR_CONST_STR) {
            diag_error(p[1]->span, "side must be the string 'left' or 'right'");
            return NULL;
        }
        const char *side = s->def->sval;
        if (!strcmp(side, "right")) right = true;
        else if (strcmp(side, "left")) {
            diag_error(p[1]->span, "side must be 'left' or 'right' (got '%s')", side);
            return NULL;
        }
    }
    if (p[2]) {
        IrValue *so = lw_expr(L, p[2]);
        if (!so) return NULL;
        if (so->type->kind != TY_NONE) {
            if (so->type->kind != TY_ARRAY || !dt_is_int(so->type->dtype) || so->type->ndim != 1) {
                diag_error(p[2]->span, "sorter must be a 1-d integer array, got %s", ty_str_of(so->type));
                return NULL;
            }
            x = lw_gather(L, sp, x, so);
            if (!x) return NULL;
        }
    }
    DType dt;
    if (!common_dtype(x, v, sp, "searchsorted", &dt)) return NULL;
    if (dt_is_complex(dt) || !lw_real_only(x, sp, "searchsorted")) {
        if (dt_is_complex(dt)) diag_error(sp, "searchsorted() of complex arrays is not supported yet");
        return NULL;
    }
    if (v->type->kind != TY_ARRAY) {
        IrValue *lit = lw_emit(L, IR_ARRAY_LIT, p[0]->span, ty_array(ty_scalar_dtype(v->type), 0), 1, &v);
        lit->def->dtype = ty_scalar_dtype(v->type);
        v = lit;
    }
    x = lw_cast_to(L, x, dt, sp);
    v = lw_cast_to(L, v, dt, sp);
    IrValue *r = lw_emit2(L, IR_SEARCHSORTED, sp, ty_array(DT_INT64, v->type->ndim), x, v);
    r->def->ival = right;
    r->def->dtype = DT_INT64;
    return r;
}

/* ---------------------------------------------------------------- unique */

static IrValue *unique_part(Lower *L, Span sp, IrValue *x, int part)
{
    DType dt = part == 0 ? x->type->dtype : DT_INT64;
    int nd = part == 2 ? x->type->ndim : 1;
    IrValue *r = lw_emit1(L, IR_UNIQUE, sp, ty_array(dt, nd), x);
    r->def->ival = part;
    r->def->dtype = dt;
    return r;
}

/* unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
 * equal_nan=True): the sorted unique values, then the requested outputs as a tuple. */
static IrValue *api_unique(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "unique", "ar,return_index,return_inverse,return_counts,axis,equal_nan", 1, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], "unique");
    if (!x || !lw_real_only(x, sp, "unique")) return NULL;
    bool want[4] = {true, false, false, false}, eqnan;
    for (int i = 1; i <= 3; i++)
        if (!lw_bool_arg(L, a.p[i], false, &want[i])) return NULL;
    if (a.p[4]) {
        IrValue *ax = lw_expr(L, a.p[4]);
        if (!ax) return NULL;
        if (ax->type->kind != TY_NONE) {
            diag_error(a.p[4]->span, "unique() along an axis is not supported yet");
            return NULL;
        }
    }
    if (!lw_bool_arg(L, a.p[5], true, &eqnan)) return NULL;
    if (!eqnan) {
        diag_error(a.p[5]->span, "unique() with equal_nan=False is not supported yet");
        return NULL;
    }
    IrValue *outs[4];
    int n = 0;
    for (int part = 0; part < 4; part++)
        if (want[part]) outs[n++] = unique_part(L, sp, x, part);
    return n == 1 ? outs[0] : lw_tuple(L, sp, n, outs);
}

/* ---------------------------------------------------------------- isin, set routines */

/* isin(element, test_elements, assume_unique=False, invert=False, *, kind=None); in1d: the
 * same over element.ravel(). */
static IrValue *api_isin(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    Args a;
    const char *sig = !strcmp(name, "isin") ? "element,test_elements,assume_unique,invert,kind"
                                            : "ar1,ar2,assume_unique,invert,kind";
    if (!lw_bind(call, name, sig, 2, &a)) return NULL;
    IrValue *e = lw_array_operand(L, a.p[0], name), *t = e ? lw_array_operand(L, a.p[1], name) : NULL;
    bool au, inv;
    if (!t || !lw_bool_arg(L, a.p[2], false, &au) || !lw_bool_arg(L, a.p[3], false, &inv)) return NULL;
    DType dt;
    if (!common_dtype(e, t, sp, name, &dt)) return NULL;
    if (dt_is_complex(dt)) {
        diag_error(sp, "%s() of complex arrays is not supported yet", name);
        return NULL;
    }
    if (name[0] == 'i' && name[1] == 'n') e = lw_ravel(L, sp, e);  /* in1d */
    e = lw_cast_to(L, e, dt, sp);
    t = lw_cast_to(L, t, dt, sp);
    IrValue *r = lw_emit2(L, IR_ISIN, sp, ty_array(DT_BOOL, e->type->ndim), e, t);
    r->def->ival = inv;
    r->def->dtype = DT_BOOL;
    return r;
}

/* intersect1d(ar1, ar2, assume_unique=False, return_indices=False), union1d(ar1, ar2),
 * setdiff1d(ar1, ar2, assume_unique=False), setxor1d(ar1, ar2, assume_unique=False).
 * op: SET_* (the runtime's gp_setop). */
static IrValue *api_setop(Lower *L, AstNode *call, const char *name, int op)
{
    Span sp = call->span;
    Args a;
    const char *sig = op == SET_INTERSECT ? "ar1,ar2,assume_unique,return_indices"
                      : op == SET_UNION   ? "ar1,ar2"
                                          : "ar1,ar2,assume_unique";
    if (!lw_bind(call, name, sig, 2, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], name), *y = x ? lw_array_operand(L, a.p[1], name) : NULL;
    bool au = false, ri = false;
    if (!y || (op != SET_UNION && !lw_bool_arg(L, a.p[2], false, &au))) return NULL;
    if (op == SET_INTERSECT) {
        if (!lw_bool_arg(L, a.p[3], false, &ri)) return NULL;
        if (ri) {
            diag_error(a.p[3]->span, "intersect1d() with return_indices=True is not supported yet");
            return NULL;
        }
    }
    DType dt;
    if (!common_dtype(x, y, sp, name, &dt)) return NULL;
    if (dt_is_complex(dt)) {
        diag_error(sp, "%s() of complex arrays is not supported yet", name);
        return NULL;
    }
    x = lw_cast_to(L, x, dt, sp);
    y = lw_cast_to(L, y, dt, sp);
    IrValue *r = lw_emit2(L, IR_SETOP, sp, ty_array(dt, 1), x, y);
    r->def->ival = op;
    r->def->dtype = dt;
    return r;
}

/* ---------------------------------------------------------------- API table */

/* arg: bit 0 arg (argsort, argpartition), bit 1 partition; for the set routines the gp_setop */
static IrValue *sort_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_sort(L, call, f->name, self, f->arg & 1, f->arg & 2);
}
static IrValue *lexsort_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f; (void)self;
    return api_lexsort(L, call);
}
static IrValue *searchsorted_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    return api_searchsorted(L, call, self);
}
LW_API_PLAIN(api_unique)
LW_API_NAMED(api_msort)
LW_API_NAMED(api_isin)
static IrValue *setop_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_setop(L, call, f->name, f->arg);
}

const ApiFn lw_sort_api[] = {
    { "cupy", "sort", sort_api, 0 },
    { "cupy", "argsort", sort_api, 1 },
    { "cupy", "partition", sort_api, 2 },
    { "cupy", "argpartition", sort_api, 3 },
    { "cupy", "lexsort", lexsort_api, 0 },
    { "cupy", "msort", api_msort_api, 0 },
    { "cupy", "sort_complex", api_msort_api, 0 },
    { "cupy", "searchsorted", searchsorted_api, 0 },
    { "cupy", "unique", api_unique_api, 0 },
    { "cupy", "isin", api_isin_api, 0 },
    { "cupy", "in1d", api_isin_api, 0 },
    { "cupy", "intersect1d", setop_api, SET_INTERSECT },
    { "cupy", "union1d", setop_api, SET_UNION },
    { "cupy", "setdiff1d", setop_api, SET_DIFF },
    { "cupy", "setxor1d", setop_api, SET_XOR },
    /* ndarray methods (sort and partition in place) */
    { "cupy.ndarray", "sort", sort_api, 0 },
    { "cupy.ndarray", "argsort", sort_api, 1 },
    { "cupy.ndarray", "partition", sort_api, 2 },
    { "cupy.ndarray", "argpartition", sort_api, 3 },
    { "cupy.ndarray", "searchsorted", searchsorted_api, 0 },
    { NULL, NULL, NULL, 0 },
};
