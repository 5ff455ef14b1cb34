/*
 * lower/api/linalg.c — matrix products and the linear-algebra routines built from them:
 * cupy.matmul / dot / vdot / inner / tensordot (one IR_MATMUL each, run by rt_matmul on cuBLAS;
 * the @ operator is lw_matmul, lower/compose.c), and compositions of existing ops: cupy.outer,
 * trace, kron, cross, cupy.linalg.norm (every ord; the spectral ones on lw_svdvals) and
 * cupy.linalg.matrix_power (IR_MATMUL in its matrix_power mode).  einsum is api/einsum.c,
 * cov / corrcoef api/stats.c.  Table: lw_linalg_api.
 *
 * Invariants: IR_MATMUL's operands are arrays of ndim >= 1 (vdot, tensordot: any ndim) that
 * already have the result dtype (NumPy's promotion of the two array dtypes; the casts are
 * kernel ops emitted here), so the runtime never promotes.  Compile-time checks are the ones
 * the ndims decide (a 0-d operand of @, too many result dimensions); shapes are checked at
 * run time with NumPy's messages.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* An argument that must be an array or a Python number. */
static IrValue *num_arg(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (!ty_is_numeric(v->type)) {
        diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

static bool is_scalar_like(const IrValue *v)
{
    return v->type->kind != TY_ARRAY || v->type->ndim == 0;
}

/* sum(x, axes) with NumPy's accumulator dtype unless dt is given. */
static DType sum_dtype(DType in)
{
    if (in == DT_BOOL || (dt_is_signed(in) && in != DT_INT64)) return DT_INT64;
    if (dt_is_int(in) && !dt_is_signed(in)) return DT_UINT64;
    return in;
}

/* A compile-time axis argument (default dflt), normalised against ndim. */
static bool const_axis(Lower *L, AstNode *e, const char *name, int ndim, int dflt, int *out)
{
    *out = dflt;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    int64_t ax;
    if (!lw_is_const_int(v, &ax)) {
        diag_error(e->span, "%s must be a compile-time integer constant", name);
        return false;
    }
    if (ax < -ndim || ax >= ndim) {
        diag_error(e->span, "%s: axis %lld is out of bounds for array of dimension %d", name, (long long)ax, ndim);
        return false;
    }
    *out = (int)(ax < 0 ? ax + ndim : ax);
    return true;
}

static bool check_result_ndim(Span sp, const char *fname, int nd)
{
    if (nd <= IR_MAXDIM) return true;
    diag_error(sp, "%s: the result would have %d dimensions; gpyc supports up to %d", fname, nd, IR_MAXDIM);
    return false;
}

/* ---------------------------------------------------------------- matmul */

/* matmul(x1, x2, out=None) */
static IrValue *api_matmul(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "matmul", "x1,x2,out", 2, &a) || !lw_no_arg(a.p[2], "out")) return NULL;
    IrValue *x = num_arg(L, a.p[0], "matmul"), *y = x ? num_arg(L, a.p[1], "matmul") : NULL;
    if (!y) return NULL;
    if (x->type->kind != TY_ARRAY && y->type->kind != TY_ARRAY) {
        /* NumPy makes both 0-d arrays: operand 0 lacks dimensions first */
        diag_error(call->span, "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core "
                               "with signature %s requires 1)", lw_matmul_sig);
        return NULL;
    }
    return lw_matmul(L, call->span, x, y);
}

/* dot(a, b, out=None): a scalar (or 0-d) operand multiplies; otherwise a's last axis with
 * b's second-to-last (its only one when 1-d): result shape a.shape[:-1] + b.shape[:-2] +
 * b.shape[-1:]. */
static IrValue *api_dot(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "dot", "a,b,out", 2, &a) || !lw_no_arg(a.p[2], "out")) return NULL;
    IrValue *x = num_arg(L, a.p[0], "dot"), *y = x ? num_arg(L, a.p[1], "dot") : NULL;
    if (!y) return NULL;
    if (is_scalar_like(x) || is_scalar_like(y)) return lw_binop(L, AOP_MUL, call->span, x, y);
    int nd = x->type->ndim + y->type->ndim - 2;
    if (!check_result_ndim(call->span, "dot", nd)) return NULL;
    lw_promote_pair(L, call->span, &x, &y);
    return lw_emit_matmul(L, call->span, x, y, MM_DOT, 0, nd);
}

/* inner(a, b): a scalar (or 0-d) operand multiplies; otherwise the last axes of both:
 * result shape a.shape[:-1] + b.shape[:-1]. */
static IrValue *api_inner(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "inner", "a,b", 2, &a)) return NULL;
    IrValue *x = num_arg(L, a.p[0], "inner"), *y = x ? num_arg(L, a.p[1], "inner") : NULL;
    if (!y) return NULL;
    if (is_scalar_like(x) || is_scalar_like(y)) return lw_binop(L, AOP_MUL, call->span, x, y);
    int nd = x->type->ndim + y->type->ndim - 2;
    if (!check_result_ndim(call->span, "inner", nd)) return NULL;
    lw_promote_pair(L, call->span, &x, &y);
    return lw_emit_matmul(L, call->span, x, y, MM_INNER, 0, nd);
}

/* vdot(a, b): sum(conj(a.ravel()) * b.ravel()) → 0-d; the sizes must agree. */
static IrValue *api_vdot(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "vdot", "a,b", 2, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "vdot"), *y = x ? lw_array_arg(L, a.p[1], "vdot") : NULL;
    if (!y) return NULL;
    lw_promote_pair(L, call->span, &x, &y);
    return lw_emit_matmul(L, call->span, x, y, MM_VDOT, 0, 0);
}

/* tensordot(a, b, axes=2) with an int axes: the last `axes` dims of a against the first of b;
 * result shape a.shape[:-axes] + b.shape[axes:]. */
static IrValue *api_tensordot(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tensordot", "a,b,axes", 2, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "tensordot"), *y = x ? lw_array_arg(L, a.p[1], "tensordot") : NULL;
    if (!y) return NULL;
    int64_t n = 2;
    if (a.p[2]) {
        IrValue *v = lw_expr(L, a.p[2]);
        if (!v) return NULL;
        if (v->type->kind != TY_INT || !lw_is_const_int(v, &n)) {
            diag_error(a.p[2]->span, "tensordot(axes=...) supports a compile-time integer here, got %s",
                       ty_str_of(v->type));
            return NULL;
        }
    }
    if (n < 0 || n > x->type->ndim || n > y->type->ndim) {
        diag_error(call->span, "tensordot: axes=%lld does not fit operands of %d and %d dimensions", (long long)n,
                   x->type->ndim, y->type->ndim);
        return NULL;
    }
    int nd = x->type->ndim + y->type->ndim - 2 * (int)n;
    if (!check_result_ndim(call->span, "tensordot", nd)) return NULL;
    lw_promote_pair(L, call->span, &x, &y);
    return lw_emit_matmul(L, call->span, x, y, MM_TENSORDOT, n, nd);
}

/* ---------------------------------------------------------------- compositions */

/* outer(a, b, out=None) = multiply(a.ravel()[:, None], b.ravel()[None, :]) */
static IrValue *api_outer(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "outer", "a,b,out", 2, &a) || !lw_no_arg(a.p[2], "out")) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "outer"), *y = x ? lw_array_arg(L, a.p[1], "outer") : NULL;
    if (!y) return NULL;
    Span sp = call->span;
    IrValue *m1 = lw_const_int(L, sp, -1), *one = lw_const_int(L, sp, 1);
    IrValue *col = lw_emit_reshape(L, sp, x, 2, (IrValue *[]){m1, one});
    IrValue *row = lw_emit_reshape(L, sp, y, 2, (IrValue *[]){one, m1});
    return lw_binop(L, AOP_MUL, sp, col, row);
}

/* trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None): the sum of the diagonal
 * a[..., i, i + offset] over axes axis1, axis2 = diagonal(a, offset, axis1, axis2).sum(-1), a
 * reduction over the diagonal view that reads only the diagonal.  Accumulator dtype as sum's. */
static IrValue *api_trace(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "trace", "a,offset,axis1,axis2,dtype,out", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "trace");
    if (!x) return NULL;
    int nd = x->type->ndim;
    if (nd < 2) {
        diag_error(a.p[0]->span, "diag requires an array of at least two dimensions");
        return NULL;
    }
    IrValue *off = a.p[1] ? lw_int_arg(L, a.p[1]) : lw_const_int(L, sp, 0);
    if (!off) return NULL;
    int ax1, ax2;
    if (!const_axis(L, a.p[2], "axis1", nd, 0, &ax1) || !const_axis(L, a.p[3], "axis2", nd, 1, &ax2)) return NULL;
    if (ax1 == ax2) {
        diag_error(sp, "axis1 and axis2 cannot be the same");
        return NULL;
    }
    DType dt = sum_dtype(x->type->dtype);
    bool given;
    if (!lw_dtype_arg(L, a.p[4], &dt, &given) || !lw_no_arg(a.p[5], "out")) return NULL;
    IrValue *d = lw_diagonal(L, sp, x, off, ax1, ax2);
    int last = nd - 2;
    return lw_reduce_axes(L, sp, RED_SUM, d, 1, &last, false, dt);
}

/* kron(a, b): with both padded to n = max(ndim) dims, the product of a reshaped to
 * (a0, 1, a1, 1, ...) and b to (1, b0, 1, b1, ...), reshaped to (a0*b0, a1*b1, ...). */
static IrValue *api_kron(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "kron", "a,b", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = num_arg(L, a.p[0], "kron"), *y = x ? num_arg(L, a.p[1], "kron") : NULL;
    if (!y) return NULL;
    if (is_scalar_like(x) && is_scalar_like(y)) return lw_binop(L, AOP_MUL, sp, x, y);
    if (x->type->kind != TY_ARRAY || y->type->kind != TY_ARRAY) {
        diag_error(sp, "kron() of a Python scalar and an array: write the product with *");
        return NULL;
    }
    int na = x->type->ndim, nb = y->type->ndim, n = na > nb ? na : nb;
    if (2 * n > IR_MAXDIM) {
        diag_error(sp, "kron() of %d-dimensional arrays needs %d dimensions on the way; gpyc supports up to %d",
                   n, 2 * n, IR_MAXDIM);
        return NULL;
    }
    IrValue *one = lw_const_int(L, sp, 1);
    IrValue *sa[IR_MAXDIM], *sb[IR_MAXDIM], *da[IR_MAXDIM], *db[IR_MAXDIM], *dout[IR_MAXDIM];
    lw_shape_of(L, x, sp, sa);
    lw_shape_of(L, y, sp, sb);
    for (int i = 0; i < n; i++) {
        IrValue *ai = i < n - na ? one : sa[i - (n - na)];
        IrValue *bi = i < n - nb ? one : sb[i - (n - nb)];
        da[2 * i] = ai;
        da[2 * i + 1] = one;
        db[2 * i] = one;
        db[2 * i + 1] = bi;
        dout[i] = lw_binop(L, AOP_MUL, sp, ai, bi);
    }
    IrValue *ra = lw_emit_reshape(L, sp, x, 2 * n, da);
    IrValue *rb = lw_emit_reshape(L, sp, y, 2 * n, db);
    IrValue *p = lw_binop(L, AOP_MUL, sp, ra, rb);
    if (!p) return NULL;
    return lw_emit_reshape(L, sp, p, n, dout);
}

/* a[..., k] (k >= 0) or, with k < 0, a[..., None]: a view. */
static IrValue *last_axis_item(Lower *L, Span sp, IrValue *a, int k)
{
    IrValue *args[2] = {a, k >= 0 ? lw_const_int(L, sp, k) : NULL};
    int nd = a->type->ndim + (k >= 0 ? -1 : 1);
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(a->type->dtype, nd), k >= 0 ? 2 : 1, args);
    r->def->nidx = 2;
    r->def->idx[0] = IDX_ELLIPSIS;
    r->def->idx[1] = k >= 0 ? IDX_INT : IDX_NEWAXIS;
    return r;
}

/* cross(a, b) of 3-vectors along the last axes (axisa = axisb = axisc = -1):
 * (a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0), the leading dimensions broadcast.  The
 * components are put together with where(arange(3) == k, ...), which never mixes values.
 * Vectors of length 2 (deprecated in NumPy 2) are a run-time error here. */
static IrValue *api_cross(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "cross", "a,b,axisa,axisb,axisc,axis", 2, &a)) return NULL;
    Span sp = call->span;
    for (int i = 2; i < 6; i++)
        if (!lw_no_arg(a.p[i], "axis")) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "cross"), *y = x ? lw_array_arg(L, a.p[1], "cross") : NULL;
    if (!y) return NULL;
    if (x->type->ndim < 1 || y->type->ndim < 1) {
        diag_error(sp, "incompatible dimensions for cross product (dimension must be 2 or 3)");
        return NULL;
    }
    IrValue *three = lw_const_int(L, sp, 3);
    IrValue *dx = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x), *dy = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), y);
    dx->def->ival = x->type->ndim - 1;
    dy->def->ival = y->type->ndim - 1;
    IrValue *two = lw_const_int(L, sp, 2);
    IrValue *x_bad = lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_NE, sp, dx, two), lw_binop(L, AOP_NE, sp, dx, three));
    IrValue *y_bad = lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_NE, sp, dy, two), lw_binop(L, AOP_NE, sp, dy, three));
    IrValue *not3 = lw_binop(L, AOP_BITOR, sp, lw_binop(L, AOP_NE, sp, dx, three), lw_binop(L, AOP_NE, sp, dy, three));
    lw_emit_raise_if(L, sp, lw_binop(L, AOP_BITOR, sp, x_bad, y_bad), "ValueError",
                     "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
    lw_emit_raise_if(L, sp, not3, "ValueError",
                     "cross products of vectors of length 2 (deprecated in NumPy 2) are not supported by gpyc");
    IrValue *ax[3], *bx[3];
    for (int k = 0; k < 3; k++) {
        ax[k] = last_axis_item(L, sp, x, k);
        bx[k] = last_axis_item(L, sp, y, k);
    }
    IrValue *comp[3];
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        comp[k] = lw_binop(L, AOP_SUB, sp, lw_binop(L, AOP_MUL, sp, ax[i], bx[j]), lw_binop(L, AOP_MUL, sp, ax[j], bx[i]));
        if (!comp[k]) return NULL;
        comp[k] = last_axis_item(L, sp, comp[k], -1);
    }
    IrValue *n3 = three;
    IrValue *idx = lw_emit(L, IR_ARANGE, sp, ty_array(DT_INT64, 1), 3,
                           (IrValue *[]){lw_const_int(L, sp, 0), lw_const_int(L, sp, 1), n3});
    idx->def->dtype = DT_INT64;
    IrValue *is0 = lw_binop(L, AOP_EQ, sp, idx, lw_const_int(L, sp, 0));
    IrValue *is1 = lw_binop(L, AOP_EQ, sp, idx, lw_const_int(L, sp, 1));
    IrValue *tail = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){is1, comp[1], comp[2]});
    return tail ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){is0, comp[0], tail}) : NULL;
}

/* norm's axis argument: None (*n = -1), an int (n = 1) or a tuple of one or two ints, each a
 * compile-time constant, normalised, in the order given (a matrix norm's (row, col)). */
static bool norm_axes(Lower *L, AstNode *e, int nd, int *axes, int *n)
{
    *n = -1;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_NONE) return true;
    IrValue *el[2];
    int k;
    if (v->type->kind == TY_TUPLE) {
        k = v->type->n;
        if (k < 1 || k > 2) {
            diag_error(e->span, "Improper number of dimensions to norm.");
            return false;
        }
        for (int i = 0; i < k; i++) el[i] = lw_tuple_get(L, v, i, e->span);
    } else {
        k = 1;
        el[0] = v;
    }
    for (int i = 0; i < k; i++) {
        int64_t ax;
        if (!el[i] || el[i]->type->kind == TY_TUPLE || !lw_is_const_int(el[i], &ax)) {
            diag_error(e->span, "'axis' must be None, an integer or a tuple of integers (compile-time constants)");
            return false;
        }
        if (ax < -nd || ax >= nd) {
            diag_error(e->span, "axis %lld is out of bounds for array of dimension %d", (long long)ax, nd);
            return false;
        }
        axes[i] = (int)(ax < 0 ? ax + nd : ax);
    }
    if (k == 2 && axes[0] == axes[1]) {
        diag_error(e->span, "Duplicate axes given.");
        return false;
    }
    *n = k;
    return true;
}

/* norm's ord: None (NORD_NONE), a string ('fro'/'f', 'nuc', others kept for the error), or a
 * compile-time number (inf and -inf included). */
typedef enum NormOrd { NORD_NONE, NORD_STR, NORD_NUM } NormOrd;
static bool norm_ord(Lower *L, AstNode *e, NormOrd *kind, double *p, const char **str)
{
    *kind = NORD_NONE;
    if (!e) return true;
    IrValue *o = lw_expr(L, e);
    if (!o) return false;
    if (o->type->kind == TY_NONE) return true;
    bool neg = false;
    if (o->def && o->def->op == IR_NEG && o->def->nargs == 1 && o->type->kind != TY_ARRAY) {
        neg = true;
        o = o->def->args[0];
    }
    int64_t k;
    if (!neg && o->def && o->def->op == IR_CONST_STR) {
        *kind = NORD_STR;
        *str = o->def->sval;
        return true;
    }
    if (lw_is_const_int(o, &k)) *p = (double)k;
    else if (o->def && o->def->op == IR_CONST_FLOAT) *p = o->def->fval;
    else {
        diag_error(e->span, "norm(ord=...) must be None, a string or a compile-time number");
        return false;
    }
    if (neg) *p = -*p;
    *kind = NORD_NUM;
    return true;
}

static IrValue *emit_red(Lower *L, Span sp, RedOp r, IrValue *x, int naxes, const int *axes, bool keep)
{
    return lw_reduce_axes(L, sp, r, x, naxes, axes, keep, x->type->dtype);
}

/* sqrt(sum(|x|**2)) over axes: the 2-norm of vectors, the Frobenius norm of matrices. */
static IrValue *norm_fro(Lower *L, Span sp, IrValue *x, int naxes, const int *axes, bool keep)
{
    if (dt_is_complex(x->type->dtype)) x = lw_ewise(L, IR_ABS, sp, 1, &x);
    IrValue *sq = x ? lw_binop(L, AOP_MUL, sp, x, x) : NULL;
    if (!sq) return NULL;
    IrValue *s = lw_reduce_axes(L, sp, RED_SUM, sq, naxes, axes, keep, sq->type->dtype);
    return lw_ewise(L, IR_SQRT, sp, 1, &s);
}

/* The vector norms of x along axis (NumPy's order of cases). */
static IrValue *norm_vector(Lower *L, Span sp, IrValue *x, int axis, bool keep, NormOrd kind, double p)
{
    int axes[1] = {axis};
    if (kind == NORD_NONE || (kind == NORD_NUM && p == 2.0)) return norm_fro(L, sp, x, 1, axes, keep);
    if (kind == NORD_STR) return NULL;   /* the caller reports it */
    IrValue *ax = lw_ewise(L, IR_ABS, sp, 1, &x);
    if (!ax) return NULL;
    if (isinf(p)) return emit_red(L, sp, p > 0 ? RED_MAX : RED_MIN, ax, 1, axes, keep);
    if (p == 0.0) {   /* (x != 0).astype(x.real.dtype).sum(axis) */
        IrValue *nz = lw_binop(L, AOP_NE, sp, x, lw_const_int(L, sp, 0));
        nz = nz ? lw_cast(L, nz, dt_real(x->type->dtype), sp) : NULL;
        return nz ? lw_reduce_axes(L, sp, RED_SUM, nz, 1, axes, keep, nz->type->dtype) : NULL;
    }
    if (p == 1.0) return lw_reduce_axes(L, sp, RED_SUM, ax, 1, axes, keep, ax->type->dtype);
    IrValue *pw = lw_binop(L, AOP_POW, sp, ax, lw_const_float(L, sp, p));
    IrValue *s = pw ? lw_reduce_axes(L, sp, RED_SUM, pw, 1, axes, keep, pw->type->dtype) : NULL;
    return s ? lw_binop(L, AOP_POW, sp, s, lw_const_float(L, sp, 1.0 / p)) : NULL;
}

/* The matrix norms of x over (row, col).  ord 2 / -2 / 'nuc': the largest / smallest / sum of
 * the singular values of x with (row, col) moved last; 1 / -1: max / min over col of the
 * column sums of |x|; inf / -inf: max / min over row of the row sums; None / 'fro' / 'f':
 * Frobenius.  keepdims keeps row and col as size-1 axes. */
static IrValue *norm_matrix(Lower *L, Span sp, IrValue *x, int row, int col, bool keep, NormOrd kind, double p,
                            const char *str)
{
    int nd = x->type->ndim;
    bool spectral = (kind == NORD_NUM && (p == 2.0 || p == -2.0)) || (kind == NORD_STR && !strcmp(str, "nuc"));
    if (spectral && x->type->dtype == DT_FLOAT16) {
        diag_error(sp, "array type float16 is unsupported in linalg");
        return NULL;
    }
    if (spectral) {
        int perm[IR_MAXDIM], k = 0;
        for (int i = 0; i < nd; i++)
            if (i != row && i != col) perm[k++] = i;
        perm[k++] = row;
        perm[k++] = col;
        IrValue *y = lw_emit_transpose(L, sp, x, perm);
        IrValue *s = lw_svdvals(L, sp, y);
        int last[1] = {nd - 2};
        RedOp r = kind == NORD_STR ? RED_SUM : p > 0 ? RED_MAX : RED_MIN;
        IrValue *v = emit_red(L, sp, r, s, 1, last, false);
        if (!keep) return v;
        IrValue *dims[IR_MAXDIM];
        lw_shape_of(L, x, sp, dims);
        dims[row] = dims[col] = lw_const_int(L, sp, 1);
        return lw_emit_reshape(L, sp, v, nd, dims);
    }
    if (kind == NORD_NONE || (kind == NORD_STR && (!strcmp(str, "fro") || !strcmp(str, "f")))) {
        int axes[2] = {row < col ? row : col, row < col ? col : row};
        return norm_fro(L, sp, x, 2, axes, keep);
    }
    if (kind == NORD_NUM && (fabs(p) == 1.0 || isinf(p))) {
        /* 1: sum over row, then extreme over col; inf: sum over col, then extreme over row */
        int first = fabs(p) == 1.0 ? row : col, second = fabs(p) == 1.0 ? col : row;
        if (!keep && second > first) second--;
        IrValue *ax = lw_ewise(L, IR_ABS, sp, 1, &x);
        IrValue *s = ax ? lw_reduce_axes(L, sp, RED_SUM, ax, 1, &first, keep, ax->type->dtype) : NULL;
        return s ? emit_red(L, sp, p > 0 ? RED_MAX : RED_MIN, s, 1, &second, keep) : NULL;
    }
    return NULL;   /* api_norm reports an invalid order first */
}

/* linalg.norm(x, ord=None, axis=None, keepdims=False), NumPy's rules: bool and integer x is
 * converted to float64 first; with axis None, ord None (any ndim: the flattened 2-norm), 'fro'
 * of a matrix and 2 of a vector are sqrt(sum(|x|**2)); otherwise axis (None: all of a 1-d or
 * 2-d x) names one axis (vector norms: ord inf, -inf, 0, 1, 2, any other p: sum(|x|**p)**(1/p))
 * or two (matrix norms: 1, -1, inf, -inf, 2, -2, 'fro', 'nuc').  keepdims as NumPy. */
static IrValue *api_norm(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "norm", "x,ord,axis,keepdims", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "norm");
    if (!x) return NULL;
    int nd = x->type->ndim, axes[2], naxes;
    bool keep;
    NormOrd kind;
    double p = 0;
    const char *str = NULL;
    if (!norm_axes(L, a.p[2], nd, axes, &naxes) || !lw_bool_arg(L, a.p[3], false, &keep) ||
        !norm_ord(L, a.p[1], &kind, &p, &str))
        return NULL;
    DType d = x->type->dtype;
    if (d == DT_BOOL || dt_is_int(d)) x = lw_cast(L, x, DT_FLOAT64, sp);
    if (!x) return NULL;
    if (naxes < 0) {
        bool fro = kind == NORD_STR && (!strcmp(str, "fro") || !strcmp(str, "f"));
        if (kind == NORD_NONE || (fro && nd == 2) || (kind == NORD_NUM && p == 2.0 && nd == 1)) {
            int all[IR_MAXDIM];
            for (int i = 0; i < nd; i++) all[i] = i;
            return norm_fro(L, sp, x, nd, all, keep);
        }
        if (nd != 1 && nd != 2) {
            diag_error(sp, "Improper number of dimensions to norm.");
            return NULL;
        }
        naxes = nd;
        axes[0] = 0;
        axes[1] = 1;
    }
    Span osp = a.p[1] ? a.p[1]->span : sp;
    if (naxes == 1) {
        if (kind == NORD_STR) {
            diag_error(osp, "Invalid norm order '%s' for vectors", str);
            return NULL;
        }
        return norm_vector(L, sp, x, axes[0], keep, kind, p);
    }
    bool valid = kind == NORD_NONE ||
                 (kind == NORD_NUM && (fabs(p) == 1.0 || fabs(p) == 2.0 || isinf(p))) ||
                 (kind == NORD_STR && (!strcmp(str, "fro") || !strcmp(str, "f") || !strcmp(str, "nuc")));
    if (!valid) {
        diag_error(osp, "Invalid norm order for matrices.");
        return NULL;
    }
    return norm_matrix(L, sp, x, axes[0], axes[1], keep, kind, p, str);
}

/* linalg.matrix_power(a, n): a square in its last two dims (run-time check:
 * LinAlgError), n a compile-time int; a negative n is the power -n of inv(a) (float64 for
 * integer a, as NumPy). */
static IrValue *api_matrix_power(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "matrix_power", "a,n", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "matrix_power");
    if (!x) return NULL;
    if (x->type->ndim < 2) {
        diag_error(a.p[0]->span, "%d-dimensional array given. Array must be at least two-dimensional",
                   x->type->ndim);
        return NULL;
    }
    IrValue *nv = lw_expr(L, a.p[1]);
    if (!nv) return NULL;
    int64_t n;
    if (nv->type->kind != TY_INT && nv->type->kind != TY_BOOL) {
        diag_error(a.p[1]->span, "exponent must be an integer");
        return NULL;
    }
    if (!lw_is_const_int(nv, &n)) {
        diag_error(a.p[1]->span, "matrix_power() needs a compile-time integer exponent");
        return NULL;
    }
    if (n == INT64_MIN) {
        diag_error(a.p[1]->span, "matrix_power() exponent %lld is out of range", (long long)n);
        return NULL;
    }
    if (n < 0) {   /* NumPy: a = inv(a); n = abs(n) */
        x = lw_inv(L, sp, x);
        if (!x) return NULL;
        n = -n;
    }
    return lw_emit_matmul(L, sp, x, x, MM_MATRIX_POWER, n, x->type->ndim);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_matmul)
LW_API_PLAIN(api_dot)
LW_API_PLAIN(api_vdot)
LW_API_PLAIN(api_inner)
LW_API_PLAIN(api_outer)
LW_API_PLAIN(api_tensordot)
LW_API_PLAIN(api_trace)
LW_API_PLAIN(api_kron)
LW_API_PLAIN(api_cross)
LW_API_PLAIN(api_norm)
LW_API_PLAIN(api_matrix_power)

const ApiFn lw_linalg_api[] = {
    {"cupy", "matmul", api_matmul_api, 0},
    {"cupy", "dot", api_dot_api, 0},
    {"cupy", "vdot", api_vdot_api, 0},
    {"cupy", "inner", api_inner_api, 0},
    {"cupy", "outer", api_outer_api, 0},
    {"cupy", "tensordot", api_tensordot_api, 0},
    {"cupy", "trace", api_trace_api, 0},
    {"cupy", "kron", api_kron_api, 0},
    {"cupy", "cross", api_cross_api, 0},
    {"cupy.linalg", "norm", api_norm_api, 0},
    {"cupy.linalg", "matrix_power", api_matrix_power_api, 0},
    {NULL, NULL, NULL, 0},
};
