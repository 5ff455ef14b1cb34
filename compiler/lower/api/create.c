/*
 * lower/api/create.c — creation routines composed from index arrays and elementwise ops:
 * meshgrid, logspace, geomspace, the window functions (bartlett, blackman, hamming, hanning,
 * kaiser), and the index tuples tril_indices / triu_indices (and _from), diag_indices (and
 * _from), mask_indices.  Table: lw_create_api.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- grids and spaces */

/* meshgrid(*xi, copy=True, sparse=False, indexing='xy'): each input flattened and viewed
 * along its own axis ('xy' swaps the first two), broadcast to the full grid and copied.  A list
 * of arrays (as NumPy 1.x and CuPy return); a tuple when the dtypes differ. */
static IrValue *api_meshgrid(Lower *L, AstNode *call)
{
    Span sp = call->span;
    const char *indexing = "xy";
    bool copy = true, sparse = false;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "indexing")) {
            if (!lw_str_arg(L, kw->rhs, "xy", &indexing)) return NULL;
            if (strcmp(indexing, "xy") && strcmp(indexing, "ij")) {
                diag_error(kw->rhs->span, "Valid values for `indexing` are 'xy' and 'ij'.");
                return NULL;
            }
        } else if (!strcmp(kw->sval, "copy")) {
            if (!lw_bool_arg(L, kw->rhs, true, &copy)) return NULL;
        } else if (!strcmp(kw->sval, "sparse")) {
            if (!lw_bool_arg(L, kw->rhs, false, &sparse)) return NULL;
        } else {
            diag_error(kw->span, "meshgrid() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    int n = call->elts.n;
    if (n == 0 || n > IR_MAXDIM) {
        diag_error(sp, "meshgrid() takes 1 to %d arrays here", IR_MAXDIM);
        return NULL;
    }
    bool xy = !strcmp(indexing, "xy") && n >= 2;
    IrValue *xs[IR_MAXDIM], *dims[IR_MAXDIM], *out[IR_MAXDIM];
    int pos[IR_MAXDIM];
    for (int i = 0; i < n; i++) {
        IrValue *x = lw_arraylike(L, call->elts.v[i], "meshgrid");
        if (!x) return NULL;
        xs[i] = lw_ravel(L, sp, x);
        pos[i] = xy && i < 2 ? 1 - i : i;
        dims[pos[i]] = lw_dim(L, sp, xs[i], 0);
    }
    bool same = true;
    for (int i = 0; i < n; i++) {
        LwIx ix;
        lw_ix_init(&ix, xs[i]);
        for (int j = 0; j < n; j++) {
            if (j == pos[i]) lw_ix_all(L, sp, &ix);
            else lw_ix_new(&ix);
        }
        IrValue *v = lw_ix_emit(L, sp, &ix);
        if (!sparse) v = lw_broadcast_to(L, sp, v, n, dims);
        out[i] = copy ? lw_copy_of(L, sp, v) : v;
        same &= out[i]->type->dtype == out[0]->type->dtype;
    }
    if (!same) return lw_tuple(L, sp, n, out);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(out[0]->type), n, out);
}

/* A real scalar argument as a Python float. */
static IrValue *real_arg(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, TY_FLOAT, e->span);
    if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
        diag_error(e->span, "%s() takes real scalar start and stop here, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    return lw_to_scalar(L, v, TY_FLOAT, e->span);
}

static IrValue *emit_linspace(Lower *L, Span sp, IrValue *start, IrValue *stop, IrValue *num, bool endpoint)
{
    IrValue *args[3] = {start, stop, num};
    IrValue *r = lw_emit(L, IR_LINSPACE, sp, ty_array(DT_FLOAT64, 1), 3, args);
    r->def->dtype = DT_FLOAT64;
    r->def->ival = endpoint;
    return r;
}

/* logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
 * base ** linspace(start, stop, num, endpoint). */
static IrValue *api_logspace(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "logspace", "start,stop,num,endpoint,base,dtype,axis", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *start = real_arg(L, a.p[0], "logspace");
    IrValue *stop = start ? real_arg(L, a.p[1], "logspace") : NULL;
    IrValue *num = stop ? lw_int_arg_or(L, a.p[2], sp, 50) : NULL;
    if (!num) return NULL;
    bool endpoint;
    if (!lw_bool_arg(L, a.p[3], true, &endpoint)) return NULL;
    IrValue *base = a.p[4] ? real_arg(L, a.p[4], "logspace") : lw_const_float(L, sp, 10.0);
    if (!base || !lw_no_arg(a.p[6], "axis")) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[5], &dt, &given)) return NULL;
    IrValue *y = emit_linspace(L, sp, start, stop, num, endpoint);
    IrValue *r = lw_ewise(L, IR_POW, sp, 2, (IrValue *[]){base, y});
    return r && dt != r->type->dtype ? lw_cast(L, r, dt, sp) : r;
}

/* geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0): NumPy's algorithm for
 * real start and stop of one sign: 10 ** linspace(log10|start|, log10|stop|), the end points
 * set exactly, times the sign. */
static IrValue *api_geomspace(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "geomspace", "start,stop,num,endpoint,dtype,axis", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *start = real_arg(L, a.p[0], "geomspace");
    IrValue *stop = start ? real_arg(L, a.p[1], "geomspace") : NULL;
    IrValue *num = stop ? lw_int_arg_or(L, a.p[2], sp, 50) : NULL;
    if (!num) return NULL;
    bool endpoint;
    if (!lw_bool_arg(L, a.p[3], true, &endpoint)) return NULL;
    if (!lw_no_arg(a.p[5], "axis")) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[4], &dt, &given)) return NULL;
    IrValue *zero = lw_const_float(L, sp, 0.0);
    IrValue *has0 = lw_ewise(L, IR_LOGICAL_OR, sp, 2,
                             (IrValue *[]){lw_binop(L, AOP_EQ, sp, start, zero), lw_binop(L, AOP_EQ, sp, stop, zero)});
    if (!lw_raise_if(L, sp, has0, "ValueError", "Geometric sequence cannot include zero")) return NULL;
    IrValue *sign = lw_ewise(L, IR_SIGN, sp, 1, &start);
    start = lw_binop(L, AOP_DIV, sp, start, sign);
    stop = lw_binop(L, AOP_DIV, sp, stop, sign);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_LT, sp, stop, zero), "ValueError",
                  "geomspace() with start and stop of different signs (a complex result) is not supported by gpyc"))
        return NULL;
    IrValue *y = emit_linspace(L, sp, lw_ewise(L, IR_LOG10, sp, 1, &start), lw_ewise(L, IR_LOG10, sp, 1, &stop),
                               num, endpoint);
    IrValue *r = lw_ewise(L, IR_POW, sp, 2, (IrValue *[]){lw_const_float(L, sp, 10.0), y});
    /* the end points exactly: result[0] = start; result[-1] = stop when endpoint and num > 1 */
    IrValue *conds[2] = {lw_binop(L, AOP_GT, sp, num, lw_cint(L, sp, 0)),
                         lw_binop(L, AOP_GT, sp, num, lw_cint(L, sp, 1))};
    for (int i = 0; i < (endpoint ? 2 : 1); i++) {
        IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &conds[i]);
        in->blocks[0] = ir_block_new(L->m, in);
        in->blocks[1] = ir_block_new(L->m, in);
        IrBlock *saved = L->blk;
        L->blk = in->blocks[0];
        LwIx ix;
        lw_ix_init(&ix, r);
        lw_ix_int(&ix, lw_cint(L, sp, i ? -1 : 0));
        lw_store_into(L, sp, lw_ix_emit(L, sp, &ix), i ? stop : start);
        L->blk = saved;
    }
    r = lw_binop(L, AOP_MUL, sp, sign, r);
    return r && dt != r->type->dtype ? lw_cast(L, r, dt, sp) : r;
}

/* ---------------------------------------------------------------- window functions */

enum { WIN_BARTLETT, WIN_BLACKMAN, WIN_HAMMING, WIN_HANNING, WIN_KAISER };

static IrValue *fmul(Lower *L, Span sp, IrValue *a, double c) { return lw_binop(L, AOP_MUL, sp, a, lw_const_float(L, sp, c)); }
static IrValue *fadd(Lower *L, Span sp, IrValue *a, double c) { return lw_binop(L, AOP_ADD, sp, a, lw_const_float(L, sp, c)); }
static IrValue *fcos(Lower *L, Span sp, IrValue *a) { return lw_ewise(L, IR_COS, sp, 1, &a); }

/* bartlett(M), blackman(M), hamming(M), hanning(M) over n = arange(1 - M, M, 2), as NumPy
 * writes them (M == 1 gives [1.], M < 1 an empty array), and kaiser(M, beta) =
 * i0(beta * sqrt(1 - ((n - alpha) / alpha)**2)) / i0(beta) over n = arange(M), alpha = (M-1)/2.
 * float64.  M - 1 is taken as at least 1, which changes nothing but M == 1 (one point, n = 0;
 * kaiser's beta is then 0, so i0(0) / i0(0) = 1). */
static IrValue *api_window(Lower *L, AstNode *call, int kind)
{
    static const char *const names[] = {"bartlett", "blackman", "hamming", "hanning", "kaiser"};
    const char *fname = names[kind];
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, fname, kind == WIN_KAISER ? "M,beta" : "M", kind == WIN_KAISER ? 2 : 1, &a)) return NULL;
    IrValue *M = lw_int_arg(L, a.p[0]);
    if (!M) return NULL;
    IrValue *beta = NULL;
    if (kind == WIN_KAISER) {
        if (!(beta = lw_expr(L, a.p[1]))) return NULL;
        if (!ty_is_scalar(beta->type) || beta->type->kind == TY_COMPLEX) {
            diag_error(a.p[1]->span, "kaiser() beta must be a real number, got %s", ty_str_of(beta->type));
            return NULL;
        }
        beta = lw_to_scalar(L, beta, TY_FLOAT, sp);
    }
    IrValue *count = lw_imax(L, sp, M, lw_cint(L, sp, 0));
    IrValue *m1 = lw_to_scalar(L, lw_imax(L, sp, lw_isub(L, sp, M, lw_cint(L, sp, 1)), lw_cint(L, sp, 1)), TY_FLOAT, sp);
    IrValue *start = lw_to_scalar(L, kind == WIN_KAISER ? lw_cint(L, sp, 0) : lw_isub(L, sp, lw_cint(L, sp, 1), M), TY_FLOAT, sp);
    IrValue *step = lw_const_float(L, sp, kind == WIN_KAISER ? 1.0 : 2.0);
    IrValue *n = lw_emit(L, IR_ARANGE, sp, ty_array(DT_FLOAT64, 1), 3, (IrValue *[]){start, step, count});
    n->def->dtype = DT_FLOAT64;
    if (kind == WIN_KAISER) {
        IrValue *alpha = lw_binop(L, AOP_DIV, sp, m1, lw_const_float(L, sp, 2.0));
        IrValue *t = lw_binop(L, AOP_DIV, sp, lw_binop(L, AOP_SUB, sp, n, alpha), alpha);
        IrValue *r = lw_binop(L, AOP_SUB, sp, lw_const_float(L, sp, 1.0), lw_binop(L, AOP_POW, sp, t, lw_const_float(L, sp, 2.0)));
        IrValue *one = lw_binop(L, AOP_NE, sp, M, lw_cint(L, sp, 1));
        IrValue *b = lw_binop(L, AOP_MUL, sp, beta, lw_to_scalar(L, one, TY_FLOAT, sp));
        IrValue *arg = lw_binop(L, AOP_MUL, sp, b, lw_ewise(L, IR_SQRT, sp, 1, &r));
        return lw_binop(L, AOP_DIV, sp, lw_ewise(L, IR_I0, sp, 1, &arg), lw_ewise(L, IR_I0, sp, 1, &b));
    }
    IrValue *x = lw_binop(L, AOP_DIV, sp, fmul(L, sp, n, M_PI), m1);  /* pi * n / (M - 1) */
    switch (kind) {
    case WIN_HANNING: return fadd(L, sp, fmul(L, sp, fcos(L, sp, x), 0.5), 0.5);
    case WIN_HAMMING: return fadd(L, sp, fmul(L, sp, fcos(L, sp, x), 0.46), 0.54);
    case WIN_BLACKMAN:
        return lw_binop(L, AOP_ADD, sp, fadd(L, sp, fmul(L, sp, fcos(L, sp, x), 0.5), 0.42),
                        fmul(L, sp, fcos(L, sp, fmul(L, sp, x, 2.0)), 0.08));
    default: { /* bartlett: where(n <= 0, 1 + n/(M-1), 1 - n/(M-1)) */
        IrValue *q = lw_binop(L, AOP_DIV, sp, n, m1);
        IrValue *c = lw_binop(L, AOP_LE, sp, n, lw_const_float(L, sp, 0.0));
        IrValue *up = fadd(L, sp, q, 1.0);
        IrValue *down = lw_binop(L, AOP_SUB, sp, lw_const_float(L, sp, 1.0), q);
        return lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){c, up, down});
    }
    }
}

/* ---------------------------------------------------------------- index tuples */

/* tril_indices(n, k=0, m=None) = nonzero(tri(n, m, k, dtype=bool));
 * triu_indices(n, k=0, m=None) = nonzero(~tri(n, m, k - 1, dtype=bool)) */
static IrValue *tri_indices(Lower *L, Span sp, IrValue *N, IrValue *M, IrValue *k, bool lower)
{
    IrValue *cr = lw_col_minus_row(L, sp, N, M);
    return lw_nonzero(L, sp, lw_binop(L, lower ? AOP_LE : AOP_GE, sp, cr, k));
}

static IrValue *api_tri_indices(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    if (!lw_bind(call, fname, "n,k,m", 1, &a)) return NULL;
    IrValue *N = lw_int_arg(L, a.p[0]);
    IrValue *k = N ? lw_int_arg_or(L, a.p[1], call->span, 0) : NULL;
    if (!k) return NULL;
    IrValue *M = N;
    if (a.p[2]) {
        IrValue *v = lw_expr(L, a.p[2]);
        if (!v) return NULL;
        if (v->type->kind != TY_NONE && !(M = lw_int_arg(L, a.p[2]))) return NULL;
    }
    return tri_indices(L, call->span, N, M, k, fname[3] == 'l');
}

/* tril_indices_from(arr, k=0) / triu_indices_from: the indices for arr's shape (2-d only) */
static IrValue *api_tri_indices_from(Lower *L, AstNode *call, const char *fname)
{
    Args a;
    if (!lw_bind(call, fname, "arr,k", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], fname);
    IrValue *k = x ? lw_int_arg_or(L, a.p[1], call->span, 0) : NULL;
    if (!k) return NULL;
    if (x->type->ndim != 2) {
        diag_error(call->span, "input array must be 2-d");
        return NULL;
    }
    Span sp = call->span;
    return tri_indices(L, sp, lw_dim(L, sp, x, 0), lw_dim(L, sp, x, 1), k, fname[3] == 'l');
}

/* diag_indices(n, ndim=2): (arange(n),) * ndim */
static IrValue *diag_indices(Lower *L, Span sp, IrValue *n, int64_t nd)
{
    if (nd < 0 || nd > IR_MAXDIM) {
        diag_error(sp, "diag_indices() supports ndim from 0 to %d", IR_MAXDIM);
        return NULL;
    }
    IrValue *idx[IR_MAXDIM];
    for (int i = 0; i < nd; i++) idx[i] = lw_iota(L, sp, n);
    return lw_tuple(L, sp, (int)nd, idx);
}

static IrValue *api_diag_indices(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "diag_indices", "n,ndim", 1, &a)) return NULL;
    IrValue *n = lw_int_arg(L, a.p[0]);
    int64_t nd = 2;
    if (n && a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if ((v->type->kind != TY_INT && v->type->kind != TY_BOOL) || !lw_is_const_int(v, &nd)) {
            diag_error(a.p[1]->span, "diag_indices() ndim must be a compile-time int");
            return NULL;
        }
    }
    return n ? diag_indices(L, call->span, n, nd) : NULL;
}

/* diag_indices_from(arr): arr at least 2-d with all dimensions equal (NumPy's ValueErrors) */
static IrValue *api_diag_indices_from(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "diag_indices_from", "arr", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "diag_indices_from");
    if (!x) return NULL;
    Span sp = call->span;
    int nd = x->type->ndim;
    if (nd < 2) {
        diag_error(sp, "input array must be at least 2-d");
        return NULL;
    }
    IrValue *n = lw_dim(L, sp, x, 0);
    for (int i = 1; i < nd; i++)
        if (!lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, lw_dim(L, sp, x, i), n), "ValueError",
                      "All dimensions of input must be of equal length"))
            return NULL;
    return diag_indices(L, sp, n, nd);
}

/* mask_indices(n, mask_func, k=0) for mask_func cp.triu / cp.tril: NumPy's
 * nonzero(mask_func(ones((n, n)), k)), i.e. triu_indices(n, k) / tril_indices(n, k) */
static IrValue *api_mask_indices(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "mask_indices", "n,mask_func,k", 2, &a)) return NULL;
    IrValue *N = lw_int_arg(L, a.p[0]);
    IrValue *f = N ? lw_expr(L, a.p[1]) : NULL;
    IrValue *k = f ? lw_int_arg_or(L, a.p[2], call->span, 0) : NULL;
    if (!k) return NULL;
    bool lower = f->type->kind == TY_BUILTIN && !strcmp(f->type->name, "cupy.tril");
    if (!lower && !(f->type->kind == TY_BUILTIN && !strcmp(f->type->name, "cupy.triu"))) {
        diag_error(a.p[1]->span, "mask_indices() supports mask_func cupy.triu and cupy.tril only");
        return NULL;
    }
    return tri_indices(L, call->span, N, N, k, lower);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_meshgrid)
LW_API_PLAIN(api_logspace)
LW_API_PLAIN(api_geomspace)
LW_API_ARG(api_window)
LW_API_NAMED(api_tri_indices)
LW_API_NAMED(api_tri_indices_from)
LW_API_PLAIN(api_diag_indices)
LW_API_PLAIN(api_diag_indices_from)
LW_API_PLAIN(api_mask_indices)

const ApiFn lw_create_api[] = {
    {"cupy", "meshgrid", api_meshgrid_api, 0},
    {"cupy", "logspace", api_logspace_api, 0},
    {"cupy", "geomspace", api_geomspace_api, 0},
    {"cupy", "bartlett", api_window_api, WIN_BARTLETT},
    {"cupy", "blackman", api_window_api, WIN_BLACKMAN},
    {"cupy", "hamming", api_window_api, WIN_HAMMING},
    {"cupy", "hanning", api_window_api, WIN_HANNING},
    {"cupy", "kaiser", api_window_api, WIN_KAISER},
    {"cupy", "tril_indices", api_tri_indices_api, 0},
    {"cupy", "triu_indices", api_tri_indices_api, 0},
    {"cupy", "tril_indices_from", api_tri_indices_from_api, 0},
    {"cupy", "triu_indices_from", api_tri_indices_from_api, 0},
    {"cupy", "diag_indices", api_diag_indices_api, 0},
    {"cupy", "diag_indices_from", api_diag_indices_from_api, 0},
    {"cupy", "mask_indices", api_mask_indices_api, 0},
    {NULL, NULL, NULL, 0},
};
