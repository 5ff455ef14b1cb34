/*
 * lower/api/create.c — array creation: zeros, ones, empty, full and their *_like forms, arange,
 * linspace, eye, identity, array / asarray / asanyarray (literal lists), asnumpy, copy,
 * asfarray, fromiter (an iterable's numbers through a list); and the creation routines composed from index arrays and elementwise ops:
 * meshgrid, logspace, geomspace, the window functions (bartlett, blackman, hamming, hanning,
 * kaiser), and the index tuples tril_indices / triu_indices (and _from), diag_indices (and
 * _from), mask_indices.  Table: lw_create_api.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <ctype.h>
#include <string.h>

/* ---------------------------------------------------------------- fromiter */

/* fromiter(iter, dtype, count=-1, *, like=None): the numbers `list(iter)` gives (a list, a
 * range, a generator expression ...) as a 1-d array of dtype; a count >= 0 takes the first
 * count, NumPy's ValueError when there are fewer. */
static IrValue *api_fromiter(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "fromiter", "iter,dtype,count,like", 2, &a) || !lw_no_arg(a.p[3], "like")) return NULL;
    Span sp = call->span;
    DType dt;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (!given) {
        diag_error(a.p[1]->span, "fromiter() needs a dtype, not None");
        return NULL;
    }
    AstNode *lc = lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &a.p[0]);
    lc->id = call->id; /* list()'s hidden names are this call's */
    IrValue *xs = lw_expr(L, lc);
    if (!xs) return NULL;
    Type *et = xs->type->elem;
    if (!et ||
        (et->kind != TY_BOOL && et->kind != TY_INT && et->kind != TY_FLOAT && et->kind != TY_COMPLEX)) {
        diag_error(a.p[0]->span, "fromiter() takes an iterable of numbers here, not %s", ty_str_of(xs->type));
        return NULL;
    }
    DType from = et->kind == TY_BOOL    ? DT_BOOL
                 : et->kind == TY_INT   ? DT_INT64
                 : et->kind == TY_FLOAT ? DT_FLOAT64
                                        : DT_COMPLEX128;
    IrValue *x = lw_host_call(L, sp, IR_PYLIB, PY_LIST_ARRAY, ty_array(from, 1), 1, &xs);
    x = lw_cast_to(L, x, dt, sp);
    IrValue *count = lw_int_arg_or(L, a.p[2], sp, -1);
    int64_t c;
    if (!count || (lw_is_const_int(count, &c) && c < 0)) return count ? x : NULL;
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), xs);
    IrValue *shortfall = lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew1(L, IR_LOGICAL_NOT, sp, lw_is_neg(L, sp, count)),
                                lw_binop(L, AOP_LT, sp, n, count));
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &shortfall);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *parts[5] = { lw_const_str(L, sp, "iterator too short: Expected "), lw_str_of(L, count, sp),
                          lw_const_str(L, sp, " but iterator had only "), lw_str_of(L, n, sp),
                          lw_const_str(L, sp, " items.") };
    IrValue *msg = lw_emit(L, IR_STR_CONCAT, sp, ty_str(), 5, parts);
    ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &msg)->sval = "ValueError";
    L->blk = outer;
    IrValue *stop = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ lw_is_neg(L, sp, count), n, count });
    return lw_slice_axis(L, sp, x, 0, NULL, stop, NULL);
}

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

/* ---------------------------------------------------------------- zeros, ones, full, arange, array ... */

static DType scalar_default_dtype(const Type *t)
{
    return t->kind == TY_ARRAY ? t->dtype : ty_scalar_dtype(t);
}

/* order='C' (or None) / 'F' of a new array, a constant string (NumPy's words for the
 * others): *fortran. */
static bool order_arg(Lower *L, AstNode *e, bool *fortran)
{
    const char *o;
    *fortran = false;
    if (!e || e->kind == AST_NONE) return true;
    if (!lw_str_arg(L, e, "C", &o)) return false;
    if (!strcmp(o, "C") || !strcmp(o, "c") || !strcmp(o, "F") || !strcmp(o, "f")) {
        *fortran = toupper((unsigned char)o[0]) == 'F';
        return true;
    }
    if (!strcmp(o, "A") || !strcmp(o, "a") || !strcmp(o, "K") || !strcmp(o, "k"))
        diag_error(e->span, "only 'C' or 'F' order is permitted");
    else
        diag_error(e->span, "order must be one of 'C', 'F', 'A', or 'K' (got '%s')", o);
    return false;
}

/* A new array of shape dims (lw_emit_full with fill, else lw_emit_empty); in Fortran order when
 * fortran: the C-ordered array of the reversed shape, transposed (NumPy's order='F' strides). */
static IrValue *new_in_order(Lower *L, Span sp, DType dt, int ndim, IrValue **dims, IrValue *fill,
                             bool fortran)
{
    IrValue *rev[IR_MAXDIM];
    if (!fortran || ndim < 2)
        return fill ? lw_emit_full(L, sp, dt, ndim, dims, fill) : lw_emit_empty(L, sp, dt, ndim, dims);
    for (int i = 0; i < ndim; i++) rev[i] = dims[ndim - 1 - i];
    IrValue *r = fill ? lw_emit_full(L, sp, dt, ndim, rev, fill) : lw_emit_empty(L, sp, dt, ndim, rev);
    return lw_emit_transpose(L, sp, r, NULL);
}

/* zeros(shape, dtype=float, order='C'), ones, empty, the ndarray(shape, dtype=float)
 * constructor (an empty array: no buffer=, offset=, strides=); full(shape, fill_value,
 * dtype=None, order='C'): the dtype of full defaults to the fill value's (NumPy:
 * np.array(fill_value).dtype); order='F' gives Fortran strides. */
static IrValue *api_fill(Lower *L, AstNode *call, const char *name)
{
    bool is_full = !strcmp(name, "full");
    Args a;
    if (!lw_bind(call, name, is_full ? "shape,fill_value,dtype,order" : "shape,dtype,order", is_full ? 2 : 1, &a))
        return NULL;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    if (!lw_shape_arg(L, a.p[0], dims, &ndim)) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    IrValue *fill = NULL;
    bool fill_arr = false;
    if (is_full) {
        if (!(fill = lw_expr(L, a.p[1]))) return NULL;
        fill_arr = fill->type->kind == TY_ARRAY;
        if (fill->type->kind == TY_ARRAY) {
            if (fill->type->ndim != 0) {
                diag_error(a.p[1]->span, "fill_value must be a scalar here");
                return NULL;
            }
            dt = fill->type->dtype;
            fill = lw_to_scalar(L, fill, dt_is_complex(dt) ? TY_COMPLEX : dt_is_float(dt) ? TY_FLOAT : dt == DT_BOOL ? TY_BOOL : TY_INT, a.p[1]->span);
        } else if (ty_is_scalar(fill->type)) {
            dt = ty_scalar_dtype(fill->type);
        } else {
            diag_error(a.p[1]->span, "fill_value must be a number, got %s", ty_str_of(fill->type));
            return NULL;
        }
    }
    AstNode *dte = a.p[is_full ? 2 : 1];
    IrValue *sd = dte && !is_full && strcmp(name, "ones") ? lw_expr(L, dte) : NULL;
    if (dte && !is_full && strcmp(name, "ones") && !sd) return NULL;
    if (sd && sd->type->kind == TY_SDTYPE) { /* a structured array: C order only */
        bool fortran;
        if (!order_arg(L, a.p[2], &fortran)) return NULL;
        if (fortran) {
            diag_error(a.p[2]->span, "gpyc makes structured arrays in C order only");
            return NULL;
        }
        return lw_sarray_new(L, call->span, ndim, dims, sd, !strcmp(name, "zeros"));
    }
    if (!lw_dtype_arg(L, dte, &dt, &given)) return NULL;
    /* NEP 50: NumPy 2's full copies a Python int fill_value in as the array's dtype, and one
     * out of its range is OverflowError (cp.full(3, 300, dtype=cp.uint8)); a NumPy scalar
     * (0-d array) is cast as it is */
    if (is_full && !fill_arr && !lw_pyint_fits(L, a.p[1]->span, fill, dt)) return NULL;
    bool fortran;
    if (!order_arg(L, a.p[is_full ? 3 : 2], &fortran)) return NULL;
    if (!strcmp(name, "empty") || !strcmp(name, "ndarray"))
        fill = NULL;
    else if (!is_full)
        fill = lw_const_int(L, call->span, !strcmp(name, "ones") ? 1 : 0);
    return new_in_order(L, call->span, dt, ndim, dims, fill, fortran);
}

/* zeros_like(a, dtype=None, shape=None) and friends: a's shape and dtype unless given. */
static IrValue *api_like(Lower *L, AstNode *call, const char *name)
{
    bool is_full = !strcmp(name, "full_like");
    Args a;
    if (!lw_bind(call, name, is_full ? "a,fill_value,dtype,order,subok,shape" : "a,dtype,order,subok,shape",
              is_full ? 2 : 1, &a))
        return NULL;
    IrValue *src = lw_expr(L, a.p[0]);
    if (!src) return NULL;
    if (src->type->kind != TY_ARRAY) {
        if (!ty_is_scalar(src->type)) {
            diag_error(a.p[0]->span, "%s() expects an array, got %s", name, ty_str_of(src->type));
            return NULL;
        }
    }
    DType dt = scalar_default_dtype(src->type);
    int ndim = src->type->kind == TY_ARRAY ? src->type->ndim : 0;
    IrValue *dims[IR_MAXDIM];
    if (src->type->kind == TY_ARRAY) lw_shape_of(L, src, call->span, dims);
    IrValue *fill = NULL;
    if (is_full) {
        if (!(fill = lw_expr(L, a.p[1]))) return NULL;
        if (!ty_is_scalar(fill->type)) {
            diag_error(a.p[1]->span, "fill_value must be a number, got %s", ty_str_of(fill->type));
            return NULL;
        }
    }
    bool given;
    if (!lw_dtype_arg(L, a.p[is_full ? 2 : 1], &dt, &given)) return NULL;
    if (is_full && !lw_pyint_fits(L, a.p[1]->span, fill, dt)) return NULL;   /* NEP 50, as full */
    AstNode *shape_arg = a.p[is_full ? 5 : 4];
    if (shape_arg && !lw_shape_arg(L, shape_arg, dims, &ndim)) return NULL;
    if (!strcmp(name, "empty_like")) return lw_emit_empty(L, call->span, dt, ndim, dims);
    if (!is_full) fill = lw_const_int(L, call->span, !strcmp(name, "ones_like") ? 1 : 0);
    return lw_emit_full(L, call->span, dt, ndim, dims, fill);
}

/* The value of an int or float constant: *out; false for anything else. */
static bool const_real(const IrValue *v, double *out)
{
    int64_t i;
    if (lw_is_const_int(v, &i)) {
        *out = (double)i;
        return true;
    }
    if (!v->def || v->def->op != IR_CONST_FLOAT) return false;
    *out = v->def->fval;
    return true;
}

/* arange([start,] stop[, step], dtype=None): n = ceil((stop - start) / step) elements
 * start + i*step; ints give int64, any float gives float64. */
static IrValue *api_arange(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "arange", "start,stop,step,dtype", 1, &a)) return NULL;
    IrValue *v[3] = {0};
    for (int i = 0; i < 3; i++) {
        if (!a.p[i]) continue;
        if (!(v[i] = lw_expr(L, a.p[i]))) return NULL;
        if (v[i]->type->kind == TY_ARRAY && v[i]->type->ndim == 0)
            v[i] = lw_to_scalar(L, v[i], dt_is_float(v[i]->type->dtype) ? TY_FLOAT : TY_INT, a.p[i]->span);
        if (v[i]->type->kind == TY_NONE && i > 0) {
            v[i] = NULL;
            continue;
        }
        if (!ty_is_scalar(v[i]->type) || v[i]->type->kind == TY_COMPLEX) {
            diag_error(a.p[i]->span, "arange() arguments must be real numbers, got %s", ty_str_of(v[i]->type));
            return NULL;
        }
    }
    IrValue *start, *stop, *step;
    if (!v[1]) {
        start = lw_const_int(L, call->span, 0);
        stop = v[0];
    } else {
        start = v[0];
        stop = v[1];
    }
    step = v[2] ? v[2] : lw_const_int(L, call->span, 1);
    bool is_float = start->type->kind == TY_FLOAT || stop->type->kind == TY_FLOAT || step->type->kind == TY_FLOAT;
    DType dt = is_float ? DT_FLOAT64 : DT_INT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[3], &dt, &given)) return NULL;
    Span sp = call->span;
    if (is_float) {
        start = lw_to_scalar(L, start, TY_FLOAT, sp);
        stop = lw_to_scalar(L, stop, TY_FLOAT, sp);
        step = lw_to_scalar(L, step, TY_FLOAT, sp);
    } else {
        start = lw_to_scalar(L, start, TY_INT, sp);
        stop = lw_to_scalar(L, stop, TY_INT, sp);
        step = lw_to_scalar(L, step, TY_INT, sp);
    }
    /* n = max(0, ceil((stop - start) / step)), on the host, or here where the three are
     * constants (the same arithmetic): a length known at compile time (lw_static_dim) */
    double k[3];
    IrValue *n;
    if (const_real(start, &k[0]) && const_real(stop, &k[1]) && const_real(step, &k[2]) && k[2] != 0 &&
        fabs((k[1] - k[0]) / k[2]) < 1e15) {
        double q = ceil((k[1] - k[0]) / k[2]);
        n = lw_const_int(L, sp, q > 0 ? (int64_t)q : 0);
    } else {
        IrValue *diff = lw_binop(L, AOP_SUB, sp, stop, start);
        IrValue *q = lw_binop(L, AOP_DIV, sp, diff, step);
        IrValue *c = lw_ewise(L, IR_CEIL, sp, 1, &q);
        n = lw_to_scalar(L, c, TY_INT, sp);
        IrValue *zero = lw_const_int(L, sp, 0);
        n = lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){n, zero});
    }
    IrValue *args[3] = {start, step, n};
    IrValue *r = lw_emit(L, IR_ARANGE, sp, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    return r;
}

/* linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None) */
static IrValue *api_linspace(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "linspace", "start,stop,num,endpoint,retstep,dtype,axis", 2, &a)) return NULL;
    IrValue *start = lw_expr(L, a.p[0]);
    IrValue *stop = start ? lw_expr(L, a.p[1]) : NULL;
    if (!stop) return NULL;
    for (int i = 0; i < 2; i++) {
        IrValue **pv = i ? &stop : &start;
        if ((*pv)->type->kind == TY_ARRAY && (*pv)->type->ndim == 0) *pv = lw_to_scalar(L, *pv, TY_FLOAT, call->span);
        if (!ty_is_scalar((*pv)->type) || (*pv)->type->kind == TY_COMPLEX) {
            diag_error(a.p[i]->span, "linspace() takes real scalar start and stop here, got %s", ty_str_of((*pv)->type));
            return NULL;
        }
        *pv = lw_to_scalar(L, *pv, TY_FLOAT, call->span);
    }
    IrValue *n = a.p[2] ? lw_int_arg(L, a.p[2]) : lw_const_int(L, call->span, 50);
    if (!n) return NULL;
    bool endpoint;
    if (!lw_bool_arg(L, a.p[3], true, &endpoint)) return NULL;
    if (!lw_no_arg(a.p[4], "retstep") || !lw_no_arg(a.p[6], "axis")) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[5], &dt, &given)) return NULL;
    IrValue *args[3] = {start, stop, n};
    IrValue *r = lw_emit(L, IR_LINSPACE, call->span, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    r->def->ival = endpoint;
    return r;
}

/* eye(N, M=None, k=0, dtype=float); identity(n, dtype=float) */
static IrValue *api_eye(Lower *L, AstNode *call, bool identity)
{
    Args a;
    if (!lw_bind(call, identity ? "identity" : "eye", identity ? "n,dtype" : "N,M,k,dtype,order", 1, &a)) return NULL;
    IrValue *n = lw_int_arg(L, a.p[0]);
    if (!n) return NULL;
    IrValue *m = n, *k = NULL;
    AstNode *dt_arg = identity ? a.p[1] : a.p[3];
    if (!identity) {
        if (a.p[1]) {
            IrValue *mv = lw_expr(L, a.p[1]);
            if (!mv) return NULL;
            if (mv->type->kind != TY_NONE && !(m = lw_int_arg(L, a.p[1]))) return NULL;
        }
        if (a.p[2] && !(k = lw_int_arg(L, a.p[2]))) return NULL;
    }
    if (!k) k = lw_const_int(L, call->span, 0);
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, dt_arg, &dt, &given)) return NULL;
    IrValue *args[3] = {n, m, k};
    IrValue *r = lw_emit(L, IR_EYE, call->span, ty_array(dt, 2), 3, args);
    r->def->dtype = dt;
    return r;
}

/* The shape of a nested literal list/tuple, read along its first elements. */
static bool literal_first_shape(AstNode *e, int64_t *shape, int *ndim)
{
    *ndim = 0;
    while (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        if (*ndim >= IR_MAXDIM) {
            diag_error(e->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return false;
        }
        shape[(*ndim)++] = e->elts.n;
        if (e->elts.n == 0) break;
        e = e->elts.v[0];
    }
    return true;
}

/* Checks that every path of the literal agrees with shape (NumPy: "inhomogeneous shape") and
 * collects the element expressions in C order. */
static bool literal_elems(AstNode *e, int depth, const int64_t *shape, int ndim, Vec *elems)
{
    bool seq = e->kind == AST_LIST || e->kind == AST_TUPLE;
    if (seq != (depth < ndim) || (seq && shape[depth] != e->elts.n)) {
        diag_error(e->span, "setting an array element with a sequence. The requested array has an "
                            "inhomogeneous shape after %d dimensions.", depth);
        return false;
    }
    if (!seq) {
        vec_push(elems, e);
        return true;
    }
    for (int i = 0; i < e->elts.n; i++)
        if (!literal_elems(e->elts.v[i], depth + 1, shape, ndim, elems)) return false;
    return true;
}

/* array(object, dtype=None, copy=True) / asarray(..., copy=None): from a literal (nested lists
 * of numbers) or an array (when the dtype matches, a copy where copy is True, the array itself
 * where it is False or None). */
static IrValue *api_array(Lower *L, AstNode *call, const char *name)
{
    Args a;
    if (!lw_bind(call, name, "object,dtype,copy,order", 1, &a)) return NULL;
    AstNode *obj = a.p[0];
    bool copy = strcmp(name, "asarray") && strcmp(name, "asanyarray");   /* CuPy has no subclasses */
    if (a.p[2]) { /* copy=False or None: x itself when its dtype is kept; True: a copy (NumPy 2) */
        IrValue *c = lw_expr(L, a.p[2]);
        int64_t b;
        if (!c) return NULL;
        if (!lw_is_none(c) && !lw_is_const_int(c, &b)) {
            diag_error(a.p[2]->span, "this argument must be a constant True, False or None");
            return NULL;
        }
        copy = !lw_is_none(c) && b != 0;
    }
    if (obj->kind == AST_LIST || obj->kind == AST_TUPLE) {
        int64_t shape[IR_MAXDIM];
        int ndim = 0;
        Vec elems = {0};
        if (!literal_first_shape(obj, shape, &ndim) || !literal_elems(obj, 0, shape, ndim, &elems)) {
            vec_free(&elems);
            return NULL;
        }
        int n = elems.n;
        IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        bool *pyint = ar_alloc(L->a, sizeof(bool) * (n ? n : 1));   /* element i a Python int */
        int kind = -1;
        DType arr_dt = DT_BOOL;
        bool have_arr = false;
        bool saved_ok = L->u64_ok;
        AstNode *big = NULL;   /* the first literal above 2**63-1 (uint64 arrays only) */
        int nbig = 0;
        for (int i = 0; i < n; i++) {
            AstNode *el = elems.v[i];
            L->u64_ok = el->kind == AST_INT || lw_is_u64_expr(el, NULL);
            IrValue *v = lw_expr(L, el);
            L->u64_ok = saved_ok;
            if (!v) {
                vec_free(&elems);
                return NULL;
            }
            if (lw_is_u64_const(v)) {
                if (!big) big = el;
                nbig++;
            }
            pyint[i] = v->type->kind == TY_INT;
            if (v->type->kind == TY_ARRAY && v->type->ndim == 0) {
                DType d = v->type->dtype;
                arr_dt = have_arr ? dt_promote(arr_dt, d) : d;
                have_arr = true;
                v = lw_to_scalar(L, v, dt_is_complex(d) ? TY_COMPLEX : dt_is_float(d) ? TY_FLOAT : d == DT_BOOL ? TY_BOOL : TY_INT, el->span);
            } else if (!ty_is_scalar(v->type)) {
                diag_error(el->span, "array elements must be numbers, got %s", ty_str_of(v->type));
                vec_free(&elems);
                return NULL;
            }
            int k = v->type->kind == TY_BOOL ? 0 : v->type->kind == TY_INT ? 1 : v->type->kind == TY_FLOAT ? 2 : 3;
            if (k > kind) kind = k;
            vals[i] = v;
        }
        vec_free(&elems);
        static const DType def[4] = {DT_BOOL, DT_INT64, DT_FLOAT64, DT_COMPLEX128};
        DType dt = kind < 0 ? DT_FLOAT64 : def[kind];
        if (have_arr) dt = dt_promote(dt, arr_dt);
        bool given;
        /* NumPy: ints above int64 give uint64 (mixed with smaller ints, float64) */
        if (big && nbig == n) dt = DT_UINT64;
        if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
        if (big && dt != DT_UINT64) {
            diag_error(big->span, "integer literal %llu does not fit gpyc's 64-bit int: only a uint64 array "
                                  "takes it (dtype=cp.uint64)", (unsigned long long)big->ival);
            return NULL;
        }
        /* NEP 50: NumPy 2 stores each Python int element as dt, and one out of an integer
         * dtype's range is OverflowError (cp.array([1, 300], dtype=cp.uint8)); NumPy scalars
         * are cast */
        for (int i = 0; i < n; i++)
            if (pyint[i] && !lw_pyint_fits(L, call->span, vals[i], dt)) return NULL;
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, call->span, ty_array(dt, ndim), n, vals);
        r->def->dtype = dt;
        r->def->ndim = ndim;
        for (int i = 0; i < ndim; i++) r->def->shape[i] = shape[i];
        return r;
    }
    IrValue *v = lw_expr(L, obj);
    if (!v) return NULL;
    if (ty_is_scalar(v->type)) {
        DType dt = ty_scalar_dtype(v->type);
        bool given;
        if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
        if (!lw_pyint_fits(L, call->span, v, dt)) return NULL;   /* NEP 50, as above */
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, call->span, ty_array(dt, 0), 1, &v);
        r->def->dtype = dt;
        r->def->ndim = 0;
        return r;
    }
    if (v->type->kind != TY_ARRAY) {
        diag_error(obj->span, "%s() of %s is not supported yet (write the values as a literal list)", name,
                   ty_str_of(v->type));
        return NULL;
    }
    DType dt = v->type->dtype;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (dt != v->type->dtype) return lw_cast(L, v, dt, call->span);
    if (!copy) return v;
    return lw_emit1(L, IR_COPY, call->span, v->type, v);
}

/* The current stream made s (a cupy.cuda.Stream given as e; absent or None: no change) for
 * asnumpy(stream=): returns the stream to make current again after the copy, NULL when none;
 * *ok false after a located error. */
static IrValue *enter_stream(Lower *L, AstNode *e, bool *ok)
{
    *ok = true;
    if (!e || e->kind == AST_NONE) return NULL;
    IrValue *s = lw_expr(L, e);
    if (!s || s->type->kind != TY_OBJ || strcmp(s->type->name, "cupy.cuda.Stream")) {
        if (s) diag_error(e->span, "stream must be a cupy.cuda.Stream, not %s", ty_str_of(s->type));
        *ok = false;
        return NULL;
    }
    IrValue *prev = lw_emit1(L, IR_DEVICE, e->span, s->type, s);
    prev->def->ival = DEV_STREAM_ENTER;
    return prev;
}

/* asnumpy(a, stream=None, order='C', out=None) / copy(a, order='K') / CuPy's method
 * a.get(stream=None, order='C', out=None, blocking=True) (self: a): a copy (a Python scalar
 * becomes a 0-d array); asnumpy and get copy on `stream` when given, into `out` when given (an
 * array of a's dtype and shape, which they return).  NumPy's arrays are device arrays in
 * gpyc, so the copy is one on the device (ordered on the stream like CuPy's; blocking= has
 * nothing to wait for). */
static IrValue *api_asnumpy(Lower *L, AstNode *call, const char *fn, IrValue *self)
{
    Span sp = call->span;
    Args a;
    bool asnumpy = strcmp(fn, "copy") != 0;
    const char *sig = self ? "a,stream,order,out,blocking" : asnumpy ? "a,stream,order,out" : "a,order";
    if (!lw_bind_self(call, fn, sig, 1, self, &a)) return NULL;
    IrValue *x = self ? self : lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (ty_is_scalar(x->type)) {
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, sp, ty_array(ty_scalar_dtype(x->type), 0), 1, &x);
        r->def->dtype = ty_scalar_dtype(x->type);
        return r;
    }
    if (x->type->kind != TY_ARRAY) {
        diag_error(a.p[0]->span, "%s() expects an array, got %s", fn, ty_str_of(x->type));
        return NULL;
    }
    IrValue *out = asnumpy && a.p[3] && a.p[3]->kind != AST_NONE ? lw_array_arg(L, a.p[3], fn) : NULL;
    if (asnumpy && a.p[3] && a.p[3]->kind != AST_NONE && !out) return NULL;
    if (out && !ty_equal(out->type, x->type)) {
        diag_error(a.p[3]->span, "%s(out=): out must be %s like the array, not %s", fn, ty_str_of(x->type),
                   ty_str_of(out->type));
        return NULL;
    }
    bool ok;
    IrValue *prev = asnumpy ? enter_stream(L, a.p[1], &ok) : NULL;
    if (asnumpy && !ok) return NULL;
    IrValue *r = out;
    if (out) {
        lw_store_into(L, sp, out, x);
    } else {
        r = lw_emit1(L, IR_COPY, sp, x->type, x);
    }
    if (prev) {
        IrInstr *in = ir_emit(L->m, L->blk, IR_DEVICE, sp, NULL, 1, &prev);
        in->ival = DEV_STREAM_SET;
    }
    return r;
}

/* str(a.shape) at run time: "(2, 3)", "(4,)" */
static IrValue *shape_str(Lower *L, Span sp, IrValue *a)
{
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, a, sp, dims);
    return lw_str_of(L, lw_tuple(L, sp, a->type->ndim, dims), sp);
}

/* CuPy's ValueError "Shape mismatch. Old shape: (..), new shape: (..)" when x's and arr's
 * shapes (of one rank) differ: at compile time when every size of both is known, else a
 * run-time check whose message is built on the error path only.  False after a compile-time
 * error. */
static bool set_shape_check(Lower *L, Span sp, IrValue *x, IrValue *arr)
{
    int nd = x->type->ndim;
    bool known = true, differ = false;
    for (int i = 0; i < nd; i++) {
        int64_t m = lw_static_dim(x, i), n = lw_static_dim(arr, i);
        known = known && m >= 0 && n >= 0;
        differ = differ || (m >= 0 && n >= 0 && m != n);
    }
    if (differ && known) {
        StrBuf o = { 0 }, n = { 0 };
        for (int i = 0; i < nd; i++) {
            sb_printf(&o, "%s%lld", i ? ", " : "(", (long long)lw_static_dim(x, i));
            sb_printf(&n, "%s%lld", i ? ", " : "(", (long long)lw_static_dim(arr, i));
        }
        diag_error(sp, "Shape mismatch. Old shape: %s%s), new shape: %s%s)", o.s, nd == 1 ? "," : "", n.s,
                   nd == 1 ? "," : "");
        sb_free(&o);
        sb_free(&n);
        return false;
    }
    if (known) return true;
    IrValue *cond = NULL;
    for (int i = 0; i < nd; i++) {
        IrValue *ne = lw_binop(L, AOP_NE, sp, lw_dim(L, sp, x, i), lw_dim(L, sp, arr, i));
        cond = cond ? lw_binop(L, AOP_BITOR, sp, cond, ne) : ne;
    }
    if (!cond) return true;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *msg =
        lw_binop(L, AOP_ADD, sp, lw_const_str(L, sp, "Shape mismatch. Old shape: "), shape_str(L, sp, x));
    msg = lw_binop(L, AOP_ADD, sp, msg, lw_const_str(L, sp, ", new shape: "));
    msg = lw_binop(L, AOP_ADD, sp, msg, shape_str(L, sp, arr));
    IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &msg);
    r->sval = "ValueError";
    L->blk = outer;
    return true;
}

/* CuPy's x.set(arr, stream=None): arr (a NumPy array: a device array in gpyc, as for get())
 * copied into x, on `stream` when given; CuPy's TypeError when the dtypes differ and its
 * ValueError when the shapes do (at compile time when the ranks, or all the sizes, are known). */
static IrValue *api_set_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "set", "arr,stream", 1, &a)) return NULL;
    IrValue *arr = lw_array_arg(L, a.p[0], "set");
    if (!arr) return NULL;
    if (arr->type->dtype != x->type->dtype) {
        diag_error(a.p[0]->span, "%s array cannot be set to %s array", dt_name(arr->type->dtype),
                   dt_name(x->type->dtype));
        return NULL;
    }
    if (arr->type->ndim != x->type->ndim) {
        diag_error(a.p[0]->span, "Shape mismatch: set() of a %d-d array from a %d-d one", x->type->ndim,
                   arr->type->ndim);
        return NULL;
    }
    if (!set_shape_check(L, sp, x, arr)) return NULL;
    bool ok;
    IrValue *prev = enter_stream(L, a.p[1], &ok);
    if (!ok) return NULL;
    lw_store_into(L, sp, x, arr);
    if (prev) {
        IrInstr *in = ir_emit(L->m, L->blk, IR_DEVICE, sp, NULL, 1, &prev);
        in->ival = DEV_STREAM_SET;
    }
    return lw_pseudo(L, ty_none());
}

/* asfarray(a, dtype=float64): asarray(a, dtype), a dtype that is not inexact meaning float64 */
static IrValue *api_asfarray(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "asfarray", "a,dtype", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "asfarray");
    if (!x) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (!dt_is_float(dt) && !dt_is_complex(dt)) dt = DT_FLOAT64;
    return dt == x->type->dtype ? x : lw_cast(L, x, dt, call->span);
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

LW_API_NAMED(api_fill)
LW_API_NAMED(api_like)
LW_API_PLAIN(api_arange)
LW_API_PLAIN(api_linspace)
LW_API_PLAIN(api_fromiter)
LW_API_ARG(api_eye)
LW_API_NAMED(api_array)
static IrValue *api_asnumpy_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_asnumpy(L, call, f->name, self);
}
LW_API_PLAIN(api_asfarray)

const ApiFn lw_create_api[] = {
    { "cupy", "fromiter", api_fromiter_api, 0 },
    { "cupy", "meshgrid", api_meshgrid_api, 0 },
    { "cupy", "logspace", api_logspace_api, 0 },
    { "cupy", "geomspace", api_geomspace_api, 0 },
    { "cupy", "bartlett", api_window_api, WIN_BARTLETT },
    { "cupy", "blackman", api_window_api, WIN_BLACKMAN },
    { "cupy", "hamming", api_window_api, WIN_HAMMING },
    { "cupy", "hanning", api_window_api, WIN_HANNING },
    { "cupy", "kaiser", api_window_api, WIN_KAISER },
    { "cupy", "tril_indices", api_tri_indices_api, 0 },
    { "cupy", "triu_indices", api_tri_indices_api, 0 },
    { "cupy", "tril_indices_from", api_tri_indices_from_api, 0 },
    { "cupy", "triu_indices_from", api_tri_indices_from_api, 0 },
    { "cupy", "diag_indices", api_diag_indices_api, 0 },
    { "cupy", "diag_indices_from", api_diag_indices_from_api, 0 },
    { "cupy", "mask_indices", api_mask_indices_api, 0 },
    { "cupy", "zeros", api_fill_api, 0 },
    { "cupy", "ones", api_fill_api, 0 },
    { "cupy", "empty", api_fill_api, 0 },
    { "cupy", "ndarray", api_fill_api, 0 }, /* the constructor: ndarray(shape, dtype) is empty() */
    { "cupy", "full", api_fill_api, 0 },
    { "cupy", "zeros_like", api_like_api, 0 },
    { "cupy", "ones_like", api_like_api, 0 },
    { "cupy", "empty_like", api_like_api, 0 },
    { "cupy", "full_like", api_like_api, 0 },
    { "cupy", "arange", api_arange_api, 0 },
    { "cupy", "linspace", api_linspace_api, 0 },
    { "cupy", "eye", api_eye_api, false },
    { "cupy", "identity", api_eye_api, true },
    { "cupy", "array", api_array_api, 0 },
    { "cupy", "asarray", api_array_api, 0 },
    { "cupy", "asanyarray", api_array_api, 0 },
    { "cupy", "asnumpy", api_asnumpy_api, 0 },
    { "cupy", "copy", api_asnumpy_api, 0 },
    { "cupy.ndarray", "get", api_asnumpy_api, 0 },
    { "cupy.ndarray", "set", api_set_method, 0 },
    { "cupy", "asfarray", api_asfarray_api, 0 },
    { NULL, NULL, NULL, 0 },
};
