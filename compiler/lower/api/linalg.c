/*
 * lower/api/linalg.c — matrix products and the linear-algebra routines built from them:
 * the @ operator, cupy.matmul / dot / vdot / inner / tensordot (one IR_MATMUL each, run by
 * rt_matmul on cuBLAS), and compositions of existing ops: cupy.outer, trace, kron,
 * cross, cupy.linalg.norm (every ord; the spectral ones on lw_svdvals, lower/api/solver.c),
 * cupy.linalg.matrix_power (IR_MATMUL in its matrix_power mode), and
 * the statistics built on a matrix product: cov and corrcoef (with fweights / aweights); einsum
 * (any number of operands, '...', repeated letters, the interleaved form with subscripts
 * lists, out= / dtype= / casting=), mapped at compile time onto diagonals, broadcast views,
 * transposes, sums, broadcast products and matmuls, contracted pairwise from the left, with
 * NumPy's size checks at compile time where the sizes are known and at run time otherwise.
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

/* ORDER GP_MM: the gp_mm_mode constants of runtime/include/gpyrt.h (IR_MATMUL's ival). */
enum { MM_MATMUL, MM_DOT, MM_VDOT, MM_INNER, MM_TENSORDOT, MM_MATRIX_POWER };

static const char *const matmul_sig = "(n?,k),(k,m?)->(n?,m?)";

/* ---------------------------------------------------------------- helpers */

static IrValue *emit_mm(Lower *L, Span sp, IrValue *a, IrValue *b, int mode, int64_t param, int ndim)
{
    DType dt = a->type->dtype;
    IrValue *r = lw_emit2(L, IR_MATMUL, sp, ty_array(dt, ndim), a, b);
    r->def->ival = mode;
    r->def->shape[0] = param;
    r->def->dtype = dt;
    return r;
}

/* Casts arrays a and b to their promoted dtype (NumPy's table for two arrays). */
static void promote_pair(Lower *L, Span sp, IrValue **a, IrValue **b)
{
    DType dt = dt_promote((*a)->type->dtype, (*b)->type->dtype);
    if ((*a)->type->dtype != dt) *a = lw_cast(L, *a, dt, sp);
    if ((*b)->type->dtype != dt) *b = lw_cast(L, *b, dt, sp);
}

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

static IrValue *emit_sum(Lower *L, Span sp, IrValue *x, int naxes, const int *axes, bool keep, DType dt)
{
    return lw_reduce_axes(L, sp, RED_SUM, x, naxes, axes, keep, dt);
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

/* ---------------------------------------------------------------- matmul

 * a @ b, matmul(a, b): NumPy's gufunc (n?,k),(k,m?)->(n?,m?).  Both operands need at least one
 * dimension (a Python scalar is a 0-d operand: ValueError at compile time here); a 1-d operand
 * is a row (left) or a column (right) whose dimension is dropped from the result; leading
 * dimensions broadcast.  Result dtype: the promotion of the two array dtypes. */
IrValue *lw_matmul(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    Type *ta = a->type, *tb = b->type;
    if (!ty_is_numeric(ta) || !ty_is_numeric(tb) || (ta->kind != TY_ARRAY && tb->kind != TY_ARRAY)) {
        diag_error(sp, "unsupported operand type(s) for @: '%s' and '%s'", ty_str_of(ta), ty_str_of(tb));
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        Type *t = i ? tb : ta;
        if (t->kind != TY_ARRAY || t->ndim == 0) {
            diag_error(sp, "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with "
                           "signature %s requires 1)", i, matmul_sig);
            return NULL;
        }
    }
    int na = ta->ndim, nb = tb->ndim;
    int nd = na == 1 && nb == 1 ? 0 : na == 1 ? nb - 1 : nb == 1 ? na - 1 : (na > nb ? na : nb);
    promote_pair(L, sp, &a, &b);
    return emit_mm(L, sp, a, b, MM_MATMUL, 0, nd);
}

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
                               "with signature %s requires 1)", matmul_sig);
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
    promote_pair(L, call->span, &x, &y);
    return emit_mm(L, call->span, x, y, MM_DOT, 0, nd);
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
    promote_pair(L, call->span, &x, &y);
    return emit_mm(L, call->span, x, y, MM_INNER, 0, nd);
}

/* vdot(a, b): sum(conj(a.ravel()) * b.ravel()) → 0-d; the sizes must agree. */
static IrValue *api_vdot(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "vdot", "a,b", 2, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "vdot"), *y = x ? lw_array_arg(L, a.p[1], "vdot") : NULL;
    if (!y) return NULL;
    promote_pair(L, call->span, &x, &y);
    return emit_mm(L, call->span, x, y, MM_VDOT, 0, 0);
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
    promote_pair(L, call->span, &x, &y);
    return emit_mm(L, call->span, x, y, MM_TENSORDOT, n, nd);
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
    return emit_sum(L, sp, d, 1, &last, false, dt);
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
    IrValue *s = emit_sum(L, sp, sq, naxes, axes, keep, sq->type->dtype);
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
        return nz ? emit_sum(L, sp, nz, 1, axes, keep, nz->type->dtype) : NULL;
    }
    if (p == 1.0) return emit_sum(L, sp, ax, 1, axes, keep, ax->type->dtype);
    IrValue *pw = lw_binop(L, AOP_POW, sp, ax, lw_const_float(L, sp, p));
    IrValue *s = pw ? emit_sum(L, sp, pw, 1, axes, keep, pw->type->dtype) : NULL;
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
        IrValue *s = ax ? emit_sum(L, sp, ax, 1, &first, keep, ax->type->dtype) : NULL;
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
    return emit_mm(L, sp, x, x, MM_MATRIX_POWER, n, x->type->ndim);
}

/* where(eye(n, m), x, 0) for a 2-d x: its diagonal, zeros elsewhere (NaNs off it dropped). */
static IrValue *eye_masked(Lower *L, Span sp, IrValue *x)
{
    IrValue *dims[2];
    lw_shape_of(L, x, sp, dims);
    IrValue *eye = lw_emit(L, IR_EYE, sp, ty_array(DT_BOOL, 2), 3,
                           (IrValue *[]){dims[0], dims[1], lw_const_int(L, sp, 0)});
    eye->def->dtype = DT_BOOL;
    return lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){eye, x, lw_const_int(L, sp, 0)});
}

/* ---------------------------------------------------------------- cov, corrcoef */

/* An observations matrix for cov: x (ndim <= 2; what names it in the error) in dtype dt, 2-d
 * with one variable per row: a 1-d x is one row; rowvar=False transposes a 2-d x. */
static IrValue *cov_rows(Lower *L, Span sp, AstNode *e, const char *what, IrValue *x, bool rowvar, DType dt)
{
    if (x->type->ndim > 2) {
        diag_error(e->span, "%s has more than 2 dimensions", what);
        return NULL;
    }
    if (x->type->dtype != dt) x = lw_cast(L, x, dt, sp);
    if (x->type->ndim < 2) {
        IrValue *d[2] = {lw_const_int(L, sp, 1), lw_const_int(L, sp, -1)};
        return lw_emit_reshape(L, sp, x, 2, d);
    }
    return rowvar ? x : lw_emit_transpose(L, sp, x, NULL);
}

/* Host truth of any(v) for a bool array v (synchronises). */
static IrValue *any_true(Lower *L, Span sp, IrValue *v)
{
    IrValue *r = emit_sum(L, sp, v, v->type->ndim, (int[IR_MAXDIM]){0}, false, DT_BOOL);
    r->def->redop = RED_ANY;
    return lw_truth(L, r, sp);
}

/* A cov weights argument e (fweights or aweights: name; absent or None leaves *w NULL) as a
 * 1-d float64 array (NumPy's asarray(e, dtype=float)), with NumPy's checks in its order:
 * fweights integral (TypeError; run time, for a float array), one dimension (RuntimeError;
 * compile time here, as a 0-d one's IndexError), as many weights as the nobs observations
 * (RuntimeError), none negative (ValueError).  Complex weights are a compile-time error
 * (NumPy keeps their real part, with a ComplexWarning).  The checks on values synchronise. */
static bool cov_weights(Lower *L, Span sp, AstNode *e, const char *name, IrValue *nobs, IrValue **w)
{
    *w = NULL;
    if (!e || e->kind == AST_NONE) return true;
    IrValue *v = lw_arraylike(L, e, "cov");
    if (!v) return false;
    DType d = v->type->dtype;
    if (dt_is_complex(d)) {
        diag_error(e->span, "%s must be real, got %s (NumPy drops the imaginary part: write .real)", name,
                   dt_name(d));
        return false;
    }
    if (d != DT_FLOAT64) v = lw_cast(L, v, DT_FLOAT64, sp);
    bool fw = name[0] == 'f';
    if (fw && dt_is_float(d)) {
        IrValue *r = lw_ewise(L, IR_RINT, sp, 1, &v);
        IrValue *ne = r ? lw_binop(L, AOP_NE, sp, v, r) : NULL;
        if (!ne || !lw_raise_if(L, sp, any_true(L, sp, ne), "TypeError", "fweights must be integer")) return false;
    }
    if (v->type->ndim > 1) {
        diag_error(e->span, "cannot handle multidimensional %s", name);
        return false;
    }
    if (v->type->ndim == 0) {
        diag_error(e->span, "tuple index out of range");
        return false;
    }
    IrValue *len = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), v);
    len->def->ival = 0;
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, len, nobs), "RuntimeError",
                     ar_printf(L->a, "incompatible numbers of samples and %s", name)))
        return false;
    IrValue *neg = lw_binop(L, AOP_LT, sp, v, lw_const_int(L, sp, 0));
    if (!neg || !lw_raise_if(L, sp, any_true(L, sp, neg), "ValueError", ar_printf(L->a, "%s cannot be negative", name)))
        return false;
    *w = v;
    return true;
}

/* cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
 * dtype=None), NumPy's:
 *   X = m as 2-d rows (and y's rows below them), in dtype (default result_type(m, y, float64));
 *   without weights: avg = X.mean(axis=1);  fact = N - ddof  (N observations)
 *   with w = fweights * aweights (float64; either alone): avg = sum(X * w, axis=1) / v1 in
 *     result_type(X, float64), v1 = sum(w) (ZeroDivisionError when 0);
 *     fact = v1 - ddof * sum(w * aweights) / v1, or v1 - ddof without aweights;
 *   fact = 0 when it is not positive (NumPy warns); X -= avg[:, None] (X keeps its dtype);
 *   c = X @ (X * w).T.conj() / fact  (X.T without weights)
 * with ddof = 0 if bias else 1 by default; the result is squeezed, so a 1-d m alone gives a
 * 0-d array.  (NumPy also squeezes a 2-d m of one variable; gpyc does when that size is known
 * at compile time.)  A 2-d m with rowvar=False is transposed even when it has one row (NumPy
 * keeps such a row).  An integer or bool dtype= fails in NumPy at X -= avg: a compile-time
 * error with its message here. */
static IrValue *cov(Lower *L, AstNode *call, const char *name, AstNode *me, AstNode *ye, AstNode *rowvar_e,
                    AstNode *bias_e, AstNode *ddof_e, AstNode *fw_e, AstNode *aw_e, AstNode *dtype_e)
{
    Span sp = call->span;
    IrValue *m = lw_array_arg(L, me, name);
    if (!m) return NULL;
    IrValue *y = NULL;
    if (ye) {
        y = lw_expr(L, ye);
        if (!y) return NULL;
        if (y->type->kind == TY_NONE) y = NULL;
        else if (y->type->kind != TY_ARRAY) {
            diag_error(ye->span, "%s() expects an array, got %s", name, ty_str_of(y->type));
            return NULL;
        }
    }
    bool rowvar, bias, given;
    if (!lw_bool_arg(L, rowvar_e, true, &rowvar) || !lw_bool_arg(L, bias_e, false, &bias)) return NULL;
    DType dt = dt_promote(m->type->dtype, DT_FLOAT64);
    if (y) dt = dt_promote(dt, y->type->dtype);
    if (!lw_dtype_arg(L, dtype_e, &dt, &given)) return NULL;
    if (given && (dt == DT_BOOL || dt_is_int(dt))) {
        diag_error(dtype_e->span, "Cannot cast ufunc 'subtract' output from dtype('float64') to dtype('%s') with "
                                  "casting rule 'same_kind'", dt_name(dt));
        return NULL;
    }
    IrValue *x = cov_rows(L, sp, me, "m", m, rowvar, dt);
    if (!x) return NULL;
    if (y) {
        IrValue *yr = cov_rows(L, sp, ye, "y", y, rowvar, dt);
        if (!yr) return NULL;
        IrValue *arrs[2] = {x, yr};
        x = lw_join(L, sp, 2, arrs, 0, dt);
    }
    IrValue *ddof = NULL;
    if (ddof_e) {
        ddof = lw_expr(L, ddof_e);
        if (!ddof) return NULL;
        if (ddof->type->kind == TY_NONE) ddof = NULL;
        else if (ddof->type->kind != TY_INT && ddof->type->kind != TY_BOOL) {
            diag_error(ddof_e->span, "ddof must be integer");
            return NULL;
        }
    }
    ddof = ddof ? lw_to_scalar(L, ddof, TY_INT, sp) : lw_const_int(L, sp, bias ? 0 : 1);
    IrValue *n = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
    n->def->ival = 1;
    IrValue *fw, *aw;
    if (!cov_weights(L, sp, fw_e, "fweights", n, &fw) || !cov_weights(L, sp, aw_e, "aweights", n, &aw)) return NULL;
    IrValue *w = fw && aw ? lw_binop(L, AOP_MUL, sp, fw, aw) : fw ? fw : aw;
    IrValue *fact, *avg, *xc, *xt;
    if (!w) {
        /* fact = max(N - ddof, 0) as a float */
        fact = lw_binop(L, AOP_SUB, sp, n, ddof);
        fact = fact ? lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){fact, lw_const_int(L, sp, 0)}) : NULL;
        fact = fact ? lw_to_scalar(L, fact, TY_FLOAT, sp) : NULL;
        if (!fact) return NULL;
        avg = lw_reduce_axes(L, sp, RED_MEAN, x, 1, (int[]){1}, true, dt);
        xc = lw_binop(L, AOP_SUB, sp, x, avg);
        xt = xc ? lw_emit_transpose(L, sp, xc, NULL) : NULL;
    } else {
        DType rdt = dt_promote(dt, DT_FLOAT64);
        IrValue *v1 = emit_sum(L, sp, w, 1, (int[]){0}, false, DT_FLOAT64);
        IrValue *zero = lw_binop(L, AOP_EQ, sp, v1, lw_const_int(L, sp, 0));
        if (!zero || !lw_raise_if(L, sp, lw_truth(L, zero, sp), "ZeroDivisionError",
                                  "Weights sum to zero, can't be normalized"))
            return NULL;
        IrValue *wr = lw_emit_reshape(L, sp, w, 2, (IrValue *[]){lw_const_int(L, sp, 1), lw_const_int(L, sp, -1)});
        IrValue *xw = lw_binop(L, AOP_MUL, sp, x, wr);
        if (!xw) return NULL;
        IrValue *s = emit_sum(L, sp, xw, 1, (int[]){1}, true, rdt);
        avg = lw_binop(L, AOP_DIV, sp, s, v1);
        if (aw) {
            IrValue *wa = lw_binop(L, AOP_MUL, sp, w, aw);
            IrValue *v2 = wa ? emit_sum(L, sp, wa, 1, (int[]){0}, false, DT_FLOAT64) : NULL;
            IrValue *t = v2 ? lw_binop(L, AOP_MUL, sp, ddof, v2) : NULL;
            t = t ? lw_binop(L, AOP_DIV, sp, t, v1) : NULL;
            fact = t ? lw_binop(L, AOP_SUB, sp, v1, t) : NULL;
        } else {
            fact = lw_binop(L, AOP_SUB, sp, v1, ddof);
        }
        fact = fact ? lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){fact, lw_const_int(L, sp, 0)}) : NULL;
        xc = avg && fact ? lw_binop(L, AOP_SUB, sp, x, avg) : NULL;
        if (xc && xc->type->dtype != dt) xc = lw_cast(L, xc, dt, sp);
        IrValue *xcw = xc ? lw_binop(L, AOP_MUL, sp, xc, wr) : NULL;
        xt = xcw ? lw_emit_transpose(L, sp, xcw, NULL) : NULL;
    }
    if (xt && dt_is_complex(xt->type->dtype)) xt = lw_ewise(L, IR_CONJ, sp, 1, &xt);
    if (!xt) return NULL;
    IrValue *c = lw_matmul(L, sp, xc, xt);
    c = c ? lw_binop(L, AOP_DIV, sp, c, fact) : NULL;
    if (!c) return NULL;
    if (!y && m->type->ndim < 2) {
        /* squeezed: one variable → 0-d */
        return lw_emit_reshape(L, sp, c, 0, NULL);
    }
    if (lw_static_dim(c, 0) == 1) return lw_emit_reshape(L, sp, c, 0, NULL);
    return c;
}

/* cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None) */
static IrValue *api_cov(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "cov", "m,y,rowvar,bias,ddof,fweights,aweights,dtype", 1, &a)) return NULL;
    return cov(L, call, "cov", a.p[0], a.p[1], a.p[2], a.p[3], a.p[4], a.p[5], a.p[6], a.p[7]);
}

/* corrcoef(x, y=None, rowvar=True, bias=<deprecated>, ddof=<deprecated>, *, dtype=None),
 * NumPy's: c = cov(x, y, rowvar, dtype=dtype); d = diag(c) (a 0-d c gives c / c);
 * c / sqrt(d.real)[:, None] / sqrt(d.real)[None, :], its real part clipped to [-1, 1] and, for
 * complex c, its imaginary part too.  bias and ddof have no effect (NumPy warns that they are
 * deprecated): they are evaluated and ignored. */
static IrValue *api_corrcoef(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "corrcoef", "x,y,rowvar,bias,ddof,dtype", 1, &a)) return NULL;
    Span sp = call->span;
    for (int i = 3; i < 5; i++)
        if (a.p[i] && !lw_expr(L, a.p[i])) return NULL;
    IrValue *c = cov(L, call, "corrcoef", a.p[0], a.p[1], a.p[2], NULL, NULL, NULL, NULL, a.p[5]);
    if (!c) return NULL;
    if (c->type->ndim == 0) return lw_binop(L, AOP_DIV, sp, c, c);
    /* the diagonal: sum(where(eye(n), c, 0), axis=1) — exact, as the other terms are 0 */
    IrValue *masked = eye_masked(L, sp, c);
    if (!masked) return NULL;
    int ax[1] = {1};
    IrValue *d = emit_sum(L, sp, masked, 1, ax, true, c->type->dtype);      /* (n, 1) */
    bool cplx = dt_is_complex(c->type->dtype);
    if (cplx) d = lw_ewise(L, IR_REAL, sp, 1, &d);
    IrValue *sd = d ? lw_ewise(L, IR_SQRT, sp, 1, &d) : NULL;
    if (!sd) return NULL;
    IrValue *r = lw_binop(L, AOP_DIV, sp, c, sd);
    r = r ? lw_binop(L, AOP_DIV, sp, r, lw_emit_transpose(L, sp, sd, NULL)) : NULL;
    if (!r) return NULL;
    IrValue *lo = lw_const_int(L, sp, -1), *hi = lw_const_int(L, sp, 1);
    if (!cplx) return lw_ewise(L, IR_CLIP, sp, 3, (IrValue *[]){r, lo, hi});
    IrValue *re = lw_ewise(L, IR_REAL, sp, 1, &r), *im = lw_ewise(L, IR_IMAG, sp, 1, &r);
    re = re ? lw_ewise(L, IR_CLIP, sp, 3, (IrValue *[]){re, lo, hi}) : NULL;
    im = im ? lw_ewise(L, IR_CLIP, sp, 3, (IrValue *[]){im, lo, hi}) : NULL;
    return re && im ? lw_ewise(L, IR_MAKE_COMPLEX, sp, 2, (IrValue *[]){re, im}) : NULL;
}

/* ---------------------------------------------------------------- einsum */

/* The most operands einsum takes here (NumPy 2 takes 64; a longer chain is unusual) and the
 * size of a per-label table (labels are ASCII). */
enum { EINSUM_MAXOPS = 32, EINSUM_NLABELS = 128 };

static const char *const einsum_supported =
    "up to 32 operands with letters, '...' and repeated letters, explicit or implicit output, "
    "contracted pairwise from the left with at most 8 dimensions in the result and in each "
    "intermediate";

/* Parsed subscripts, one label per axis: in[k] operand k's, out the result's.  A label is a
 * letter, or '0' + j for the j-th of the nb broadcast dimensions that '...' stands for (an
 * operand's '...' takes the last of them: NumPy aligns broadcast dimensions to the right). */
typedef struct Einsum {
    int nb;
    char in[EINSUM_MAXOPS][IR_MAXDIM + 1];
    char out[IR_MAXDIM + 1];
} Einsum;

static bool einsum_unsupported(Span sp, const char *subs)
{
    diag_error(sp, "einsum subscripts '%s' are not supported by gpyc (supported: %s)", subs, einsum_supported);
    return false;
}

static bool is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* NumPy's message for a character that is not a subscript (the whole UTF-8 sequence of a
 * non-ASCII one). */
static bool einsum_bad_char(Span sp, const char *c)
{
    int n = 1;
    while (n < 4 && ((unsigned char)*c & 0x80) && ((unsigned char)c[n] & 0xC0) == 0x80) n++;
    diag_error(sp, "invalid subscript '%.*s' in einstein sum subscripts string, subscripts must be letters", n, c);
    return false;
}

/* Operand k's subscripts s[0..len-1] for its nd axes, read as NumPy's parse_operand_subscripts
 * reads them: letters, spaces and at most one '...', which takes the axes the letters leave
 * (labelled '0'.. from its first axis here; einsum_parse renumbers them); *nell gets their
 * number.  counts[c] counts the uses of letter c. */
static bool einsum_parse_operand(Span sp, const char *s, int len, int nd, int k, char *labels, int *nell,
                                 int *counts)
{
    int n = 0, ell = -1;
    for (int i = 0; i < len; i++) {
        char c = s[i];
        if (is_letter(c)) {
            if (n >= nd) {
                diag_error(sp, "einstein sum subscripts string contains too many subscripts for operand %d", k);
                return false;
            }
            labels[n++] = c;
            counts[(int)c]++;
        } else if (c == '.') {
            if (ell >= 0 || i + 2 >= len || s[++i] != '.' || s[++i] != '.') {
                diag_error(sp, "einstein sum subscripts string contains a '.' that is not part of an ellipsis "
                               "('...') in operand %d", k);
                return false;
            }
            ell = n;
        } else if (c != ' ') {
            return einsum_bad_char(sp, s + i);
        }
    }
    *nell = 0;
    if (ell < 0 && n != nd) {
        diag_error(sp, "operand has more dimensions than subscripts given in einstein sum, but no '...' "
                       "ellipsis provided to broadcast the extra dimensions.");
        return false;
    }
    if (ell >= 0) {
        *nell = nd - n;
        memmove(labels + ell + *nell, labels + ell, (size_t)(n - ell));
        for (int j = 0; j < *nell; j++) labels[ell + j] = (char)('0' + j);
    }
    labels[nd] = 0;
    return true;
}

/* The output subscripts s (after '->'), read as NumPy's parse_output_subscripts: letters used
 * by an input, each once, spaces, and one '...' for the nb broadcast dimensions, which it
 * must have when nb > 0.  out has room for EINSUM_NLABELS labels. */
static bool einsum_parse_output(Span sp, const char *s, int nb, const int *counts, char *out, int *nout)
{
    int n = 0, len = (int)strlen(s);
    bool ell = false;
    for (int i = 0; i < len; i++) {
        char c = s[i];
        if (is_letter(c)) {
            if (strchr(s + i + 1, c)) {
                diag_error(sp, "einstein sum subscripts string includes output subscript '%c' multiple times", c);
                return false;
            }
            if (!counts[(int)c]) {
                diag_error(sp, "einstein sum subscripts string included output subscript '%c' which never "
                               "appeared in an input", c);
                return false;
            }
            out[n++] = c;
        } else if (c == '.') {
            if (ell || i + 2 >= len || s[++i] != '.' || s[++i] != '.') {
                diag_error(sp, "einstein sum subscripts string contains a '.' that is not part of an ellipsis "
                               "('...') in the output");
                return false;
            }
            ell = true;
            for (int j = 0; j < nb; j++) out[n++] = (char)('0' + j);
        } else if (c != ' ') {
            return einsum_bad_char(sp, s + i);
        }
    }
    if (!ell && nb > 0) {
        diag_error(sp, "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
                       "provided to broadcast the extra dimensions.");
        return false;
    }
    *nout = n;
    return true;
}

/* Parses subs for ops[0..nops-1] in NumPy's order and with its messages, so that the error
 * reported is the one NumPy raises first.  Implicit mode (no '->'): the output is the
 * broadcast dimensions, then the letters used once, in ASCII order.  (NumPy's messages for a
 * count mismatch name the opposite case: "more operands provided" when the string has more
 * terms than there are operands; they are kept as NumPy words them.) */
static bool einsum_parse(Span sp, const char *subs, int nops, IrValue **ops, Einsum *e)
{
    memset(e, 0, sizeof *e);
    int counts[EINSUM_NLABELS] = {0}, nell[EINSUM_MAXOPS];
    const char *s = subs;
    for (int k = 0; k < nops; k++) {
        int len = (int)strcspn(s, ",-");
        if (k == nops - 1 && s[len] == ',') {
            diag_error(sp, "more operands provided to einstein sum function than specified in the subscripts string");
            return false;
        }
        if (k < nops - 1 && s[len] != ',') {
            diag_error(sp, "fewer operands provided to einstein sum function than specified in the subscripts "
                           "string");
            return false;
        }
        if (!einsum_parse_operand(sp, s, len, ops[k]->type->ndim, k, e->in[k], &nell[k], counts)) return false;
        s += len + (k < nops - 1);
        if (nell[k] > e->nb) e->nb = nell[k];
    }
    for (int k = 0; k < nops; k++)
        for (char *c = e->in[k]; *c; c++)
            if (!is_letter(*c)) *c = (char)(*c + e->nb - nell[k]);
    char out[EINSUM_NLABELS];
    int nout = 0;
    if (!*s) {
        for (int j = 0; j < e->nb; j++) out[nout++] = (char)('0' + j);
        for (int c = 'A'; c <= 'z'; c++)
            if (counts[c] == 1) out[nout++] = (char)c;
    } else if (s[0] != '-' || s[1] != '>') {
        diag_error(sp, "einstein sum subscript string does not contain proper '->' output specified");
        return false;
    } else if (!einsum_parse_output(sp, s + 2, e->nb, counts, out, &nout)) {
        return false;
    }
    if (nout > IR_MAXDIM) return einsum_unsupported(sp, subs);
    memcpy(e->out, out, (size_t)nout);
    e->out[nout] = 0;
    return true;
}

/* x (labels xs, distinct) laid out over the labels all[0..n-1]: transposed into all's order
 * and given a size-1 axis for each label x lacks (a view). */
static IrValue *einsum_align(Lower *L, Span sp, IrValue *x, const char *xs, const char *all, int n)
{
    int nd = x->type->ndim, perm[IR_MAXDIM], k = 0;
    for (int i = 0; i < n; i++) {
        const char *c = strchr(xs, all[i]);
        if (c) perm[k++] = (int)(c - xs);
    }
    bool ident = true;
    for (int i = 0; i < nd; i++) ident &= perm[i] == i;
    if (!ident) x = lw_emit_transpose(L, sp, x, perm);
    if (n == nd) return x;
    IrValue *xd[IR_MAXDIM], *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, xd);
    k = 0;
    for (int i = 0; i < n; i++) dims[i] = strchr(xs, all[i]) ? xd[k++] : lw_const_int(L, sp, 1);
    return lw_emit_reshape(L, sp, x, n, dims);
}

/* sum(x, axes) in dt; for bool, NumPy's einsum adds with logical or: any(). */
static IrValue *einsum_sum(Lower *L, Span sp, IrValue *x, int naxes, const int *axes, DType dt)
{
    IrValue *r = emit_sum(L, sp, x, naxes, axes, false, dt);
    if (dt == DT_BOOL) r->def->redop = RED_ANY;
    return r;
}

/* x (labels xs, distinct) summed over the labels that keep lacks; they leave xs. */
static IrValue *einsum_reduce(Lower *L, Span sp, IrValue *x, char *xs, const bool *keep, DType dt)
{
    int axes[IR_MAXDIM], naxes = 0, n = 0;
    for (int i = 0; xs[i]; i++) {
        if (keep[(unsigned char)xs[i]]) xs[n++] = xs[i];
        else axes[naxes++] = i;
    }
    xs[n] = 0;
    return naxes ? einsum_sum(L, sp, x, naxes, axes, dt) : x;
}

/* ---- sizes known at compile time or only at run time, and NumPy's messages made of them */

/* A host int (a dimension): c >= 0 its value when known at compile time, else v; c == -2
 * stands for NumPy's "newaxis" in a remapped shape. */
typedef struct Sz {
    IrValue *v;
    int64_t c;
} Sz;

/* A host bool: c 0 or 1 when known at compile time, else -1 and v. */
typedef struct Sb {
    IrValue *v;
    int c;
} Sb;

static const Sz sz_newaxis = {NULL, -2};

static Sz sz_dim(IrValue *x, int i, IrValue *d)
{
    Sz s = {d, lw_static_dim(x, i)};
    return s;
}

static IrValue *sz_val(Lower *L, Span sp, Sz a) { return a.c >= 0 ? lw_const_int(L, sp, a.c) : a.v; }

static Sb sb_const(bool b) { return (Sb){NULL, b}; }

/* a == k (ne: a != k) for a constant k */
static Sb sz_is(Lower *L, Span sp, Sz a, int64_t k, bool ne)
{
    if (a.c >= 0) return sb_const((a.c == k) != ne);
    return (Sb){lw_binop(L, ne ? AOP_NE : AOP_EQ, sp, a.v, lw_const_int(L, sp, k)), -1};
}

static Sb sz_ne(Lower *L, Span sp, Sz a, Sz b)
{
    if (a.c >= 0 && b.c >= 0) return sb_const(a.c != b.c);
    if (a.v && a.v == b.v) return sb_const(false);
    return (Sb){lw_binop(L, AOP_NE, sp, sz_val(L, sp, a), sz_val(L, sp, b)), -1};
}

static Sb sb_and(Lower *L, Span sp, Sb a, Sb b)
{
    if (a.c == 0 || b.c == 0) return sb_const(false);
    if (a.c == 1) return b;
    if (b.c == 1) return a;
    return (Sb){lw_binop(L, AOP_BITAND, sp, a.v, b.v), -1};
}

static Sb sb_or(Lower *L, Span sp, Sb a, Sb b)
{
    if (a.c == 1 || b.c == 1) return sb_const(true);
    if (a.c == 0) return b;
    if (b.c == 0) return a;
    return (Sb){lw_binop(L, AOP_BITOR, sp, a.v, b.v), -1};
}

/* c ? a : b */
static Sz sz_pick(Lower *L, Span sp, Sb c, Sz a, Sz b)
{
    if (c.c >= 0) return c.c ? a : b;
    if ((a.c >= 0 && a.c == b.c) || (a.v && a.v == b.v)) return a;
    return (Sz){lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){c.v, sz_val(L, sp, a), sz_val(L, sp, b)}), -1};
}

/* A message of text and sizes.  Without ir: its text, with "?" for a size known only at run
 * time (dynamic is then set).  With ir: the run-time str made of its pieces, emitted into the
 * current block. */
typedef struct EMsg {
    Lower *L;
    Span sp;
    bool ir, dynamic;
    const char *text;    /* the text since the last run-time piece */
    IrValue *v;          /* ir: the pieces before text */
} EMsg;

static void msg_text(EMsg *m, const char *s) { m->text = ar_printf(m->L->a, "%s%s", m->text, s); }

/* Moves the text so far into the run-time str v. */
static void msg_flush(EMsg *m)
{
    if (!*m->text) return;
    IrValue *t = lw_const_str(m->L, m->sp, m->text);
    m->v = m->v ? lw_binop(m->L, AOP_ADD, m->sp, m->v, t) : t;
    m->text = "";
}

/* Appends the run-time str p. */
static void msg_piece(EMsg *m, IrValue *p)
{
    msg_flush(m);
    m->v = m->v ? lw_binop(m->L, AOP_ADD, m->sp, m->v, p) : p;
}

static void msg_size(EMsg *m, Sz d)
{
    if (d.c >= 0) {
        msg_text(m, ar_printf(m->L->a, "%lld", (long long)d.c));
        return;
    }
    m->dynamic = true;
    if (m->ir) msg_piece(m, lw_str_of(m->L, d.v, m->sp));
    else msg_text(m, "?");
}

/* NumPy's convert_shape_to_string: leading newaxis entries left out, the others written
 * "newaxis", a comma after a lone entry, then ending. */
static void msg_shape(EMsg *m, int n, const Sz *d, const char *ending)
{
    int i = 0;
    while (i < n && d[i].c == -2) i++;
    if (i == n) {
        msg_text(m, "()");
        msg_text(m, ending);
        return;
    }
    msg_text(m, "(");
    msg_size(m, d[i++]);
    for (; i < n; i++) {
        if (d[i].c == -2) {
            msg_text(m, ",newaxis");
        } else {
            msg_text(m, ",");
            msg_size(m, d[i]);
        }
    }
    msg_text(m, n == 1 ? ",)" : ")");
    msg_text(m, ending);
}

typedef void (*MsgFn)(EMsg *m, const void *ctx);

/* Raises ValueError(message) where bad holds: a compile-time error when bad holds for sure and
 * the message is known at compile time (false after it), else a run-time check whose message
 * is made only when it fails. */
static bool einsum_raise(Lower *L, Span sp, Sb bad, MsgFn fn, const void *ctx)
{
    if (bad.c == 0) return true;
    EMsg m = {.L = L, .sp = sp, .text = ""};
    fn(&m, ctx);
    if (bad.c == 1 && !m.dynamic) {
        diag_error(sp, "%s", m.text);
        return false;
    }
    IrValue *c = bad.c == 1 ? lw_const_bool(L, sp, true) : bad.v;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &c);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrInstr *r;
    if (m.dynamic) {
        EMsg mi = {.L = L, .sp = sp, .ir = true, .text = ""};
        fn(&mi, ctx);
        msg_flush(&mi);
        r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &mi.v);
    } else {
        r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 0, NULL);
        r->sval2 = m.text;
    }
    r->sval = "ValueError";
    L->blk = outer;
    return true;
}

typedef struct DiagMsg {
    const char *where;
    char label;
    Sz a, b;
} DiagMsg;

static void diag_msg(EMsg *m, const void *ctx)
{
    const DiagMsg *d = ctx;
    msg_text(m, ar_printf(m->L->a, "dimensions in %s for collapsing index '%c' don't match (", d->where, d->label));
    msg_size(m, d->a);
    msg_text(m, " != ");
    msg_size(m, d->b);
    msg_text(m, ")");
}

/* x (labels xs) with each repeated label collapsed onto its diagonal, as NumPy's
 * combined-dims view: for the first axis q whose label is already at an axis p < q,
 * where(eye(n_p, n_q) placed on axes p and q, x, 0) summed over axis q (in dt) leaves
 * x[..., i, ..., i, ...] at axis p (NaNs off the diagonal stay out); repeated until the labels
 * are distinct.  The two sizes must match, with NumPy's message (a compile-time error when
 * both are known).  A lone operand without out= (single) is "single operand" in NumPy's
 * message when no label before q is summed: NumPy's view path meets the mismatch first.  as_view
 * (a lone operand that sums nothing, without out=): each diagonal is a view of x instead
 * (IR_DIAG_VIEW), as NumPy's and CuPy's einsum return a writeable view there. */
static IrValue *einsum_diagonal(Lower *L, Span sp, IrValue *x, char *xs, int k, bool single, bool as_view,
                                const char *out, DType dt)
{
    for (;;) {
        int n = (int)strlen(xs), p = 0, q = 1;
        for (; q < n; q++) {
            p = (int)(strchr(xs, xs[q]) - xs);
            if (p < q) break;
        }
        if (q >= n) return x;
        bool view = single;
        for (int i = 0; i < q; i++) view &= strchr(out, xs[i]) != NULL;
        IrValue *dims[IR_MAXDIM], *md[IR_MAXDIM], *one = lw_const_int(L, sp, 1);
        lw_shape_of(L, x, sp, dims);
        DiagMsg dm = {view ? "single operand" : ar_printf(L->a, "operand %d", k), xs[p], sz_dim(x, p, dims[p]),
                      sz_dim(x, q, dims[q])};
        if (!einsum_raise(L, sp, sz_ne(L, sp, dm.a, dm.b), diag_msg, &dm)) return NULL;
        memmove(xs + q, xs + q + 1, (size_t)(n - q));
        if (as_view) {
            x = lw_diag_view(L, sp, x, p, q);
            continue;
        }
        IrValue *eye = lw_emit(L, IR_EYE, sp, ty_array(DT_BOOL, 2), 3,
                               (IrValue *[]){dims[p], dims[q], lw_const_int(L, sp, 0)});
        eye->def->dtype = DT_BOOL;
        for (int i = 0; i < n; i++) md[i] = i == p || i == q ? dims[i] : one;
        IrValue *mask = n == 2 ? eye : lw_emit_reshape(L, sp, eye, n, md);
        IrValue *zero = dt == DT_BOOL ? lw_const_bool(L, sp, false) : lw_const_int(L, sp, 0);
        IrValue *m = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){mask, x, zero});
        if (!m) return NULL;
        if (m->type->dtype != dt) m = lw_cast(L, m, dt, sp);
        x = einsum_sum(L, sp, m, 1, &q, dt);
    }
}

/* The operands of NumPy's iterator after the diagonals (and out=, when given, as operand
 * nops): their labels and sizes, and the iterator's labels (the output's, then the summed
 * letters in ASCII order). */
typedef struct EinsumIter {
    int nops;          /* operands, out= not counted */
    bool has_out;
    const char *labels[EINSUM_MAXOPS + 1];
    Sz dims[EINSUM_MAXOPS + 1][IR_MAXDIM];
    char iter[EINSUM_NLABELS];
    int niter;
} EinsumIter;

/* NumPy's nditer message for operands whose sizes do not broadcast: each operand's shape and
 * its shape remapped onto the iterator's labels. */
static void bcast_msg(EMsg *m, const void *ctx)
{
    const EinsumIter *it = ctx;
    msg_text(m, "operands could not be broadcast together with remapped shapes [original->remapped]: ");
    for (int k = 0; k < it->nops + it->has_out; k++) {
        const char *ls = it->labels[k];
        msg_shape(m, (int)strlen(ls), it->dims[k], "->");
        Sz rem[EINSUM_NLABELS];
        for (int t = 0; t < it->niter; t++) {
            const char *c = strchr(ls, it->iter[t]);
            rem[t] = c ? it->dims[k][c - ls] : sz_newaxis;
        }
        msg_shape(m, it->niter, rem, " ");
    }
}

/* ctx: the axis of out= */
static void reduce_msg(EMsg *m, const void *ctx)
{
    msg_text(m, ar_printf(m->L->a, "output operand requires a reduction along dimension %d, but the reduction is not "
                                   "enabled. The dimension size of 1 does not match the expected output shape.",
                          *(const int *)ctx));
}

/* NumPy broadcasts the sizes of a label across the operands (and out=): each is 1 or the
 * common size, else its nditer error; out= may not have a 1 where the common size is not
 * (an error naming its last such axis).  Checks known at compile time are compile-time
 * errors.  The products below then stretch a size-1 dimension as NumPy does: the broadcast
 * product broadcasts, matmul broadcasts its batch dimensions, einsum_stretch broadcasts
 * contracted ones, and out= receives the result broadcast to its shape.  known[k][i]: the size of
 * operand k's axis i when known at compile time from before its diagonals, else -1. */
static bool einsum_broadcast(Lower *L, Span sp, const Einsum *e, int nops, IrValue *const *ops, IrValue *out,
                             int64_t (*known)[IR_MAXDIM])
{
    EinsumIter *it = ar_alloc(L->a, sizeof *it);
    memset(it, 0, sizeof *it);
    it->nops = nops;
    it->has_out = out != NULL;
    IrValue *x[EINSUM_MAXOPS + 1];
    for (int k = 0; k <= nops; k++) {
        x[k] = k < nops ? ops[k] : out;
        if (!x[k]) break;
        it->labels[k] = k < nops ? e->in[k] : e->out;
        int same = 0;     /* an operand given twice has one shape: sizes compare equal */
        while (same < k && x[same] != x[k]) same++;
        for (int i = 0; i < x[k]->type->ndim; i++) {
            /* a shape_dim only where compile time does not know the size: an unused one would
             * still keep an elementwise producer of the operand from fusing into its user */
            Sz d = {NULL, lw_static_dim(x[k], i)};
            if (d.c < 0 && k < nops) d.c = known[k][i];
            if (same < k) d = it->dims[same][i];
            else if (d.c < 0) d.v = lw_dim(L, sp, x[k], i);
            it->dims[k][i] = d;
        }
    }
    bool used[EINSUM_NLABELS] = {false};
    for (int k = 0; k < nops; k++)
        for (const char *c = e->in[k]; *c; c++) used[(unsigned char)*c] = true;
    it->niter = (int)strlen(e->out);
    memcpy(it->iter, e->out, (size_t)it->niter);
    for (int c = 'A'; c <= 'z'; c++)
        if (is_letter(c) && used[c] && !strchr(e->out, c)) it->iter[it->niter++] = (char)c;
    Sz size[EINSUM_NLABELS] = {{NULL, 0}};
    bool seen[EINSUM_NLABELS] = {false};
    Sb bad = sb_const(false);
    for (int k = 0; k < nops + it->has_out; k++)
        for (int i = 0; it->labels[k][i]; i++) {
            unsigned char c = (unsigned char)it->labels[k][i];
            Sz d = it->dims[k][i], s = size[c];
            if (!seen[c] || s.c == 1) {
                size[c] = d;
                seen[c] = true;
                continue;
            }
            Sb clash = sb_and(L, sp, sb_and(L, sp, sz_is(L, sp, s, 1, true), sz_is(L, sp, d, 1, true)),
                              sz_ne(L, sp, d, s));
            bad = sb_or(L, sp, bad, clash);
            size[c] = sz_pick(L, sp, sz_is(L, sp, d, 1, false), s, d);
        }
    if (!einsum_raise(L, sp, bad, bcast_msg, it)) return false;
    if (out)
        for (int i = (int)strlen(e->out) - 1; i >= 0; i--) {
            Sz s = size[(unsigned char)e->out[i]];
            Sb r = sb_and(L, sp, sz_is(L, sp, it->dims[nops][i], 1, false), sz_is(L, sp, s, 1, true));
            if (!einsum_raise(L, sp, r, reduce_msg, &i)) return false;
        }
    return true;
}

/* The contracted axes ax (of x, sizes xd) and ay (of y, sizes yd) of n labels on the matmul
 * route, broadcast to their common sizes: a size-1 one stretches (a view), as NumPy's iterator
 * stretches it; xd and yd get the common sizes. */
static void einsum_stretch(Lower *L, Span sp, IrValue **x, IrValue **xd, int ax, IrValue **y, IrValue **yd, int ay,
                           int n)
{
    IrValue *nx[IR_MAXDIM], *ny[IR_MAXDIM];
    bool bx = false, by = false;
    memcpy(nx, xd, sizeof nx);
    memcpy(ny, yd, sizeof ny);
    for (int i = 0; i < n; i++) {
        Sz a = sz_dim(*x, ax + i, xd[ax + i]), b = sz_dim(*y, ay + i, yd[ay + i]);
        if ((a.c >= 0 && a.c == b.c) || (a.c == -1 && b.c == -1 && a.v == b.v)) continue;
        Sz s = a.c == 1 ? b : b.c == 1 ? a : sz_pick(L, sp, sz_is(L, sp, a, 1, false), b, a);
        bx |= !(s.c >= 0 && s.c == a.c) && s.v != a.v;
        by |= !(s.c >= 0 && s.c == b.c) && s.v != b.v;
        nx[ax + i] = ny[ay + i] = sz_val(L, sp, s);
    }
    if (bx) *x = lw_broadcast_to(L, sp, *x, (*x)->type->ndim, nx);
    if (by) *y = lw_broadcast_to(L, sp, *y, (*y)->type->ndim, ny);
    memcpy(xd, nx, sizeof nx);
    memcpy(yd, ny, sizeof ny);
}

/* x, whose axes are (batch, group 1, group 2) with nbt, n1 and n2 axes (sizes xd), reshaped to
 * (batch, G1, G2), Gi the product of group i's sizes; an empty group gives no axis. */
static IrValue *einsum_merge(Lower *L, Span sp, IrValue *x, IrValue **xd, int nbt, int n1, int n2)
{
    IrValue *d[IR_MAXDIM];
    int n = 0, k = nbt, g[2] = {n1, n2};
    for (int i = 0; i < nbt; i++) d[n++] = xd[i];
    for (int gi = 0; gi < 2; gi++) {
        if (!g[gi]) continue;
        IrValue *p = xd[k++];
        for (int i = 1; i < g[gi]; i++) p = lw_binop(L, AOP_MUL, sp, p, xd[k++]);
        d[n++] = p;
    }
    return lw_emit_reshape(L, sp, x, n, d);
}

/* x (labels xs) times y (labels ys), summed over the labels that keep lacks; rs gets the
 * result's labels: (batch, x's own, y's own).  The sizes of a label on both sides broadcast
 * (einsum_broadcast checked them).  A label of one side alone that keep lacks is summed on that side
 * first.  A label of both sides is a batch label when kept, else a contracted one.  With
 * contracted labels, and batch labels only where each side keeps a label of its own, the
 * product is one matmul (cuBLAS): x transposed to (batch, own, contracted) and y to (batch,
 * contracted, own), several own or contracted labels merged into one axis by a reshape (a
 * copy when the transposed view is not contiguous), the result reshaped back.  Otherwise: the
 * broadcast product and a sum over the contracted labels. */
static IrValue *einsum_pair(Lower *L, Span sp, const char *subs, IrValue *x, char *xs, IrValue *y, char *ys,
                            const bool *keep, char *rs, DType dt)
{
    bool kx[EINSUM_NLABELS], ky[EINSUM_NLABELS];
    memcpy(kx, keep, sizeof kx);
    memcpy(ky, keep, sizeof ky);
    for (const char *c = ys; *c; c++) kx[(unsigned char)*c] = true;
    for (const char *c = xs; *c; c++) ky[(unsigned char)*c] = true;
    x = einsum_reduce(L, sp, x, xs, kx, dt);
    y = einsum_reduce(L, sp, y, ys, ky, dt);
    char bt[IR_MAXDIM + 1] = {0}, ct[IR_MAXDIM + 1] = {0}, fa[IR_MAXDIM + 1] = {0}, fb[IR_MAXDIM + 1] = {0};
    int nbt = 0, nct = 0, nfa = 0, nfb = 0;
    for (const char *c = xs; *c; c++) {
        if (!strchr(ys, *c)) fa[nfa++] = *c;
        else if (keep[(unsigned char)*c]) bt[nbt++] = *c;
        else ct[nct++] = *c;
    }
    for (const char *c = ys; *c; c++)
        if (!strchr(xs, *c)) fb[nfb++] = *c;
    if (nbt + nfa + nfb > IR_MAXDIM) {
        einsum_unsupported(sp, subs);
        return NULL;
    }
    snprintf(rs, IR_MAXDIM + 1, "%s%s%s", bt, fa, fb);
    int nr = nbt + nfa + nfb;
    if (!nct || (nbt && (!nfa || !nfb))) {
        /* with contracted labels here, one side has no own label: all fit in the other's axes */
        char all[2 * IR_MAXDIM + 2];
        int n = snprintf(all, sizeof all, "%s%s", rs, ct);
        if (n > IR_MAXDIM) {
            einsum_unsupported(sp, subs);
            return NULL;
        }
        IrValue *ax = einsum_align(L, sp, x, xs, all, n), *ay = einsum_align(L, sp, y, ys, all, n);
        IrValue *p = lw_ewise(L, IR_MUL, sp, 2, (IrValue *[]){ax, ay});
        if (!p) return NULL;
        if (p->type->dtype != dt) p = lw_cast(L, p, dt, sp);
        if (!nct) return p;
        int axes[IR_MAXDIM];
        for (int i = 0; i < nct; i++) axes[i] = nr + i;
        return einsum_sum(L, sp, p, nct, axes, dt);
    }
    char la[IR_MAXDIM + 1], lb[IR_MAXDIM + 1];
    snprintf(la, sizeof la, "%s%s%s", bt, fa, ct);
    snprintf(lb, sizeof lb, "%s%s%s", bt, ct, fb);
    x = einsum_align(L, sp, x, xs, la, nbt + nfa + nct);
    y = einsum_align(L, sp, y, ys, lb, nbt + nct + nfb);
    IrValue *xd[IR_MAXDIM], *yd[IR_MAXDIM];
    lw_shape_of(L, x, sp, xd);
    lw_shape_of(L, y, sp, yd);
    einsum_stretch(L, sp, &x, xd, nbt + nfa, &y, yd, nbt, nct);
    if (nfa > 1 || nct > 1) x = einsum_merge(L, sp, x, xd, nbt, nfa, nct);
    if (nfb > 1 || nct > 1) y = einsum_merge(L, sp, y, yd, nbt, nct, nfb);
    IrValue *r = lw_matmul(L, sp, x, y);
    if (!r || (nfa <= 1 && nfb <= 1)) return r;
    IrValue *rd[IR_MAXDIM], *d[IR_MAXDIM];
    lw_shape_of(L, r, sp, rd);
    int n = 0;
    for (int i = 0; i < nbt; i++) d[n++] = rd[i];
    for (int i = 0; i < nfa; i++) d[n++] = xd[nbt + i];
    for (int i = 0; i < nfb; i++) d[n++] = yd[nbt + nct + i];
    return lw_emit_reshape(L, sp, r, n, d);
}

/* ---- optimize=True: NumPy's Python parser (einsum_path) checks the subscripts first */

/* NumPy's einsum_symbols: the labels the Python parser accepts, in the order its '...' takes
 * unused ones from. */
static const char einsum_symbols[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

typedef struct LabelMsg {
    char label;
    int k;
    Sz prev, dim;
} LabelMsg;

static void label_msg(EMsg *m, const void *ctx)
{
    const LabelMsg *l = ctx;
    msg_text(m, ar_printf(m->L->a, "Size of label '%c' for operand %d (", l->label, l->k));
    msg_size(m, l->prev);
    msg_text(m, ") does not match previous terms (");
    msg_size(m, l->dim);
    msg_text(m, ").");
}

/* With optimize= True, 'greedy' or 'optimal', NumPy's einsum parses subs in Python
 * (_parse_einsum_input, then einsum_path) before its C einsum sees anything, with messages of
 * its own, in this order: a character that is not a letter (spaces are dropped first), '->'
 * not written once, a '.' outside one '...' per term, '...' standing for a negative number of
 * axes, an output letter no input has, a count of terms other than the operands', a term whose
 * letter count is not its operand's ndim (NumPy names the term by the tnum-th character of the
 * whole input string), then each label's sizes across the terms in order: 1 or the first other
 * size, else "Size of label" (a run-time check where a size is known only then).  '...' stands
 * for letters no term uses: NumPy takes them from a set, so which ones varies from run to run;
 * here the last unused ones in einsum_symbols' order.  The C einsum's checks follow (the
 * caller's einsum_parse). */
static bool einsum_parse_py(Lower *L, Span sp, const char *subs, int nops, IrValue **ops)
{
    size_t len = strlen(subs);
    char *s = ar_alloc(L->a, len + 1), *in = ar_alloc(L->a, len + 64 * (size_t)(nops + 1) + 1);
    size_t n = 0;
    for (const char *c = subs; *c; c++)
        if (*c != ' ') s[n++] = *c;
    s[n] = 0;
    for (const char *c = s; *c; c++) {
        if (strchr(".,->", *c)) continue;
        if (!is_letter(*c)) {
            int k = 1;
            while (k < 4 && ((unsigned char)*c & 0x80) && ((unsigned char)c[k] & 0xC0) == 0x80) k++;
            diag_error(sp, "Character %.*s is not a valid symbol.", k, c);
            return false;
        }
    }
    const char *arrow = strstr(s, "->");
    if (strchr(s, '-') || strchr(s, '>')) {
        int minus = 0, gt = 0;
        for (const char *c = s; *c; c++) {
            minus += *c == '-';
            gt += *c == '>';
        }
        if (minus > 1 || gt > 1 || !arrow) {
            diag_error(sp, "Subscripts can only contain one '->'.");
            return false;
        }
    }
    size_t ninput = arrow ? (size_t)(arrow - s) : n;
    char unused[sizeof einsum_symbols];
    int nunused = 0, longest = 0;
    for (const char *c = einsum_symbols; *c; c++)
        if (!memchr(s, *c, n)) unused[nunused++] = *c;
    /* the input terms with each '...' replaced, comma-separated, into in */
    size_t m = 0;
    int nterms = 0;
    for (size_t i = 0; i <= ninput; nterms++) {
        size_t tl = strcspn(s + i, ",");
        if (i + tl > ninput) tl = ninput - i;
        const char *t = s + i;
        int dots = 0;
        for (size_t j = 0; j < tl; j++) dots += t[j] == '.';
        if (nterms) in[m++] = ',';
        if (!dots) {
            memcpy(in + m, t, tl);
            m += tl;
        } else {
            const char *ell = strstr(t, "...");
            if (dots != 3 || !ell || ell >= t + tl) {
                diag_error(sp, "Invalid Ellipses.");
                return false;
            }
            if (nterms >= nops) {
                diag_error(sp, "list index out of range");
                return false;
            }
            int nd = ops[nterms]->type->ndim, cnt = nd ? nd - ((int)tl - 3) : 0;
            if (cnt > longest) longest = cnt;
            if (cnt < 0) {
                diag_error(sp, "Ellipses lengths do not match.");
                return false;
            }
            if (cnt > nunused) return einsum_unsupported(sp, subs);
            size_t pre = (size_t)(ell - t);
            memcpy(in + m, t, pre);
            m += pre;
            memcpy(in + m, unused + nunused - cnt, (size_t)cnt);
            m += (size_t)cnt;
            memcpy(in + m, ell + 3, tl - pre - 3);
            m += tl - pre - 3;
        }
        i += tl + 1;
    }
    in[m] = 0;
    if (arrow) {
        for (const char *c = arrow + 2; *c; c++) {
            if (!strncmp(c, "...", 3)) {     /* the longest term's '...' letters, all in the input */
                c += 2;
                continue;
            }
            if (!strchr(in, *c)) {
                diag_error(sp, "Output character %c did not appear in the input", *c);
                return false;
            }
        }
    }
    if (nterms != nops) {
        diag_error(sp, "Number of einsum subscripts must be equal to the number of operands.");
        return false;
    }
    Sz size[EINSUM_NLABELS];
    bool seen[EINSUM_NLABELS] = {false};
    const char *t = in;
    for (int k = 0; k < nops; k++) {
        int tl = (int)strcspn(t, ",");
        if (tl != ops[k]->type->ndim) {
            diag_error(sp, "Einstein sum subscript %c does not contain the correct number of indices for operand %d.",
                       in[k], k);
            return false;
        }
        for (int i = 0; i < tl; i++) {
            unsigned char c = (unsigned char)t[i];
            Sz d = {NULL, lw_static_dim(ops[k], i)};
            if (d.c < 0) d.v = lw_dim(L, sp, ops[k], i);
            if (!seen[c]) {
                size[c] = d;
                seen[c] = true;
                continue;
            }
            Sz p = size[c];
            Sb bad = sb_and(L, sp, sb_and(L, sp, sz_is(L, sp, p, 1, true), sz_is(L, sp, d, 1, true)), sz_ne(L, sp, d, p));
            LabelMsg lm = {(char)c, k, p, d};
            if (!einsum_raise(L, sp, bad, label_msg, &lm)) return false;
            size[c] = sz_pick(L, sp, sz_is(L, sp, p, 1, false), d, p);
        }
        t += tl + (t[tl] == ',');
    }
    return true;
}

/* ---- the interleaved form einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]) */

/* The size of NumPy's buffer for the subscripts made from the lists. */
enum { EINSUM_SUBSIZE = 256 };

static bool einsum_too_long(Span sp)
{
    diag_error(sp, "subscripts list is too long");
    return false;
}

static bool is_ellipsis(Lower *L, const AstNode *e)
{
    return e->kind == AST_ELLIPSIS || (e->kind == AST_NAME && !strcmp(e->sval, "Ellipsis") && !lw_lookup(L, "Ellipsis"));
}

/* Appends to buf[*n..] the subscripts of the subscripts list e, as NumPy's
 * einsum_list_to_subscripts writes them: a list or tuple of ints in [0, 52) (0-25 'A'-'Z',
 * 26-51 'a'-'z') and at most one Ellipsis ('...'), here compile-time constants, with NumPy's
 * messages for what it rejects. */
static bool einsum_sublist(Lower *L, AstNode *e, char *buf, int *n)
{
    AstNode **items = NULL;
    IrValue *tv = NULL;
    int nitems = 0;
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        items = (AstNode **)e->elts.v;
        nitems = e->elts.n;
    } else {
        if (!(tv = lw_expr(L, e))) return false;
        Type *t = tv->type;
        bool cstr = t->kind == TY_STR && tv->def && tv->def->op == IR_CONST_STR;
        if (t->kind == TY_TUPLE) {
            nitems = t->n;
        } else if (cstr && !tv->def->sval[0]) {
            return true;
        } else if (cstr) {
            diag_error(e->span, "each subscript must be either an integer or an ellipsis");
            return false;
        } else if (t->kind == TY_ARRAY && (t->ndim > 1 || (t->ndim == 1 && !dt_is_int(t->dtype)))) {
            diag_error(e->span, "each subscript must be either an integer or an ellipsis");   /* its items */
            return false;
        } else if (t->kind == TY_LIST || (t->kind == TY_ARRAY && t->ndim == 1) || t->kind == TY_STR) {
            diag_error(e->span, "einsum() needs each subscripts list as a list or tuple of compile-time ints and "
                                "Ellipsis; this %s is known only at run time", ty_str_of(t));
            return false;
        } else {
            diag_error(e->span, "the subscripts for each operand must be a list or a tuple");
            return false;
        }
    }
    bool ell = false;
    for (int i = 0; i < nitems; i++) {
        AstNode *item = items ? items[i] : NULL;
        Span isp = item ? item->span : e->span;
        if (item && is_ellipsis(L, item)) {
            if (ell) {
                diag_error(isp, "each subscripts list may have only one ellipsis");
                return false;
            }
            if (*n + 3 >= EINSUM_SUBSIZE) return einsum_too_long(isp);
            memcpy(buf + *n, "...", 3);
            *n += 3;
            ell = true;
            continue;
        }
        IrValue *v = item ? lw_expr(L, item) : lw_tuple_get(L, tv, i, isp);
        if (!v) return false;
        Type *t = v->type;
        bool intlike = t->kind == TY_INT || (t->kind == TY_ARRAY && t->ndim == 0 && dt_is_int(t->dtype));
        int64_t s;
        if (!intlike) {
            diag_error(isp, "each subscript must be either an integer or an ellipsis");
            return false;
        }
        if (!lw_is_const_int(v, &s)) {
            diag_error(isp, "einsum() needs the subscripts in a subscripts list as compile-time constants; this one "
                            "is known only at run time");
            return false;
        }
        if (*n + 1 >= EINSUM_SUBSIZE) return einsum_too_long(isp);
        if (s < 0 || s >= 52) {
            diag_error(isp, "subscript is not within the valid range [0, 52)");
            return false;
        }
        buf[(*n)++] = (char)(s < 26 ? 'A' + s : 'a' + (s - 26));
    }
    return true;
}

/* The subscripts string of the interleaved form (NumPy's einsum_sub_op_from_lists): the
 * operands are the arguments 0, 2, 4 ... (first: the first one, already lowered), each
 * followed by its subscripts list; an odd last argument is the output's list. */
static const char *einsum_from_lists(Lower *L, AstNode *call, IrValue *first, IrValue **ops, int *nops)
{
    int nargs = call->elts.n, nop = nargs / 2;
    if (nop == 0) {
        diag_error(call->span, "must provide at least an operand and a subscripts list to einsum");
        return NULL;
    }
    if (nop >= 64) {
        diag_error(call->span, "too many operands");
        return NULL;
    }
    if (nop > EINSUM_MAXOPS) {
        diag_error(call->span, "einsum with %d operands is not supported by gpyc (supported: %s)", nop,
                   einsum_supported);
        return NULL;
    }
    char *buf = ar_alloc(L->a, EINSUM_SUBSIZE);
    int n = 0;
    for (int k = 0; k < nop; k++) {
        AstNode *oe = call->elts.v[2 * k];
        if (k) {
            buf[n++] = ',';
            if (n >= EINSUM_SUBSIZE) {
                einsum_too_long(oe->span);
                return NULL;
            }
        }
        if (k == 0 && first->type->kind != TY_ARRAY) {
            diag_error(oe->span, "einsum() expects an array, got %s", ty_str_of(first->type));
            return NULL;
        }
        if (!(ops[k] = k ? lw_array_arg(L, oe, "einsum") : first)) return NULL;
        if (!einsum_sublist(L, call->elts.v[2 * k + 1], buf, &n)) return NULL;
    }
    if (nargs == 2 * nop + 1) {
        AstNode *oe = call->elts.v[2 * nop];
        if (n + 2 >= EINSUM_SUBSIZE) {
            einsum_too_long(oe->span);
            return NULL;
        }
        buf[n++] = '-';
        buf[n++] = '>';
        if (!einsum_sublist(L, oe, buf, &n)) return NULL;
    }
    buf[n] = 0;
    *nops = nop;
    return buf;
}

/* ---- keywords: optimize=, out=, dtype=, casting=, order= */

typedef enum Casting { CAST_NO, CAST_EQUIV, CAST_SAFE, CAST_SAME_KIND, CAST_UNSAFE } Casting;
static const char *const casting_names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};

/* np.can_cast(from, to, casting) for two dtypes. */
static bool can_cast(DType from, DType to, Casting c)
{
    switch (c) {
    case CAST_NO: case CAST_EQUIV: return from == to;
    case CAST_SAFE: return dt_promote(from, to) == to;
    case CAST_SAME_KIND: return dt_same_kind(from, to);
    case CAST_UNSAFE: return true;
    }
    return false;
}

typedef struct EinsumKw {
    IrValue *out;         /* NULL when absent or None */
    bool has_dtype;
    DType dtype;
    Casting casting;
} EinsumKw;

/* Python's name of the type of a value that is not a str (NumPy's converters name it). */
static const char *py_type_name(const Type *t)
{
    switch (t->kind) {
    case TY_NONE: return "NoneType";
    case TY_BOOL: return "bool";
    case TY_INT: return "int";
    case TY_FLOAT: return "float";
    case TY_COMPLEX: return "complex";
    case TY_TUPLE: return "tuple";
    case TY_LIST: return "list";
    case TY_ARRAY: return "cupy.ndarray";
    default: return ty_str_of(t);
    }
}

/* A constant string keyword v (its expression e) among names[0..n-1] (*idx its index), else
 * NumPy's converter errors: "what must be str, not int", "what must be one of ... (got 'x')". */
static bool str_choice(AstNode *e, IrValue *v, const char *what, const char *const *names, int n, const char *list,
                       int *idx)
{
    if (v->type->kind != TY_STR) {
        diag_error(e->span, "%s must be str, not %s", what, py_type_name(v->type));
        return false;
    }
    if (!v->def || v->def->op != IR_CONST_STR) {
        diag_error(e->span, "einsum(%s=...) needs a constant string", what);
        return false;
    }
    const char *s = v->def->sval;
    for (int i = 0; i < n; i++)
        if (!strcmp(s, names[i])) {
            *idx = i;
            return true;
        }
    diag_error(e->span, "%s must be one of %s (got '%s')", what, list, s);
    return false;
}

static bool einsum_keywords(Lower *L, AstNode *call, EinsumKw *kw)
{
    memset(kw, 0, sizeof *kw);
    kw->casting = CAST_SAFE;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        const char *name = p->sval;
        if (!strcmp(name, "optimize")) {
            continue;     /* einsum_optimize */
        } else if (!strcmp(name, "out")) {
            IrValue *o = lw_expr(L, p->rhs);
            if (!o) return false;
            if (o->type->kind == TY_NONE) continue;
            if (o->type->kind != TY_ARRAY) {
                diag_error(p->rhs->span, "keyword parameter out must be an array for einsum");
                return false;
            }
            kw->out = o;
        } else if (!strcmp(name, "dtype")) {
            if (!lw_dtype_arg(L, p->rhs, &kw->dtype, &kw->has_dtype)) return false;
        } else if (!strcmp(name, "casting")) {
            IrValue *cv = lw_expr(L, p->rhs);
            int c;
            if (!cv || !str_choice(p->rhs, cv, "casting", casting_names, 5,
                                   "'no', 'equiv', 'safe', 'same_kind', or 'unsafe'", &c))
                return false;
            kw->casting = (Casting)c;
        } else if (!strcmp(name, "order")) {
            /* the memory layout of the result: gpyc's values do not depend on it (None: 'K') */
            static const char *const orders[] = {"C", "F", "A", "K", "c", "f", "a", "k"};
            int o;
            IrValue *ov = lw_expr(L, p->rhs);
            if (!ov) return false;
            if (ov->type->kind != TY_NONE && !str_choice(p->rhs, ov, "order", orders, 8, "'C', 'F', 'A', or 'K'", &o))
                return false;
        } else {
            diag_error(p->span, "einsum() got an unexpected keyword argument '%s'", name);
            return false;
        }
    }
    return true;
}

/* optimize=: *opt true for True, 'greedy', 'optimal' (any string: NumPy's Python path parses
 * the subscripts then, einsum_parse_py), false for False and None; the result does not depend
 * on it.  With *opt, NumPy rejects keywords other than out=, dtype=, order= and casting= before
 * anything else, naming them all. */
static bool einsum_optimize(Lower *L, AstNode *call, bool *opt)
{
    *opt = false;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        if (strcmp(p->sval, "optimize")) continue;
        IrValue *o = lw_expr(L, p->rhs);
        if (!o) return false;
        if (o->type->kind == TY_BOOL) {
            int64_t b;
            if (!lw_is_const_int(o, &b)) {
                diag_error(p->rhs->span, "einsum(optimize=...) needs a constant bool here");
                return false;
            }
            *opt = b != 0;
        } else if (o->type->kind == TY_STR) {
            *opt = true;
        } else if (o->type->kind != TY_NONE) {
            diag_error(p->rhs->span, "einsum(optimize=...) takes a bool or a string here (gpyc ignores it), got %s",
                       ty_str_of(o->type));
            return false;
        }
    }
    if (!*opt) return true;
    static const char *const known[] = {"optimize", "out", "dtype", "order", "casting"};
    StrBuf sb = {0};
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        const char *name = p->sval;
        bool ok = false;
        for (size_t j = 0; j < sizeof known / sizeof known[0]; j++) ok |= !strcmp(name, known[j]);
        if (!ok) sb_printf(&sb, "%s'%s'", sb.s ? ", " : "", name);
    }
    if (sb.s) diag_error(call->span, "Did not understand the following kwargs: [%s]", sb.s);
    bool ok = !sb.s;
    sb_free(&sb);
    return ok;
}

/* einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe',
 * optimize=False), NumPy's, or its interleaved form einsum(op0, sublist0, op1, sublist1, ...,
 * [sublist_out]) whose lists (compile-time ints 0-51 and Ellipsis) are translated to the
 * subscripts string first.  Subscripts: a compile-time string; labels are letters, '...'
 * broadcast dimensions; a label repeated in one operand takes its diagonal; a label missing
 * from the output is summed; implicit mode (no '->'): the output is '...' then the labels used
 * once, sorted.  The dtype of the computation: dtype= (each operand cast to it under the
 * casting rule), else the promotion of the operands and out=; sums keep it (bool sums are or,
 * products and).  As in NumPy, a lone
 * operand that sums nothing, without out=, is a (writeable) view of it whose dtype is the
 * operand's (dtype= and casting= are then not looked at): its diagonals, transposed.  With out=: the result is written into it (its dtype is
 * cast to the computation's and back under the casting rule, as NumPy's read-write iterator
 * operand; its shape takes part in broadcasting) and returned.
 *
 * Lowered at compile time, in NumPy's order of checks: each operand's repeated labels
 * collapsed (einsum_diagonal); the sizes of each label checked to broadcast across the
 * operands and out= (einsum_broadcast); then one operand is a sum and a transpose, and several
 * are contracted pairwise from the left (einsum_pair: matmul on cuBLAS where the labels allow
 * it, a size-1 contracted dimension stretched first; a fused broadcast product and sum
 * otherwise), each step keeping the labels of the output and of the operands still to come;
 * out= receives the result broadcast to its shape.  NumPy's optimize=False sums all the products at once; the pairwise
 * order changes only the rounding.  optimize= does not change the result (the contraction order
 * here is always pairwise from the left), only which errors come first and their words
 * (einsum_parse_py); order= is accepted and ignored (it changes only the memory layout). */
static IrValue *api_einsum(Lower *L, AstNode *call)
{
    Span sp = call->span;
    bool opt;
    if (!einsum_optimize(L, call, &opt)) return NULL;
    if (call->elts.n < 1) {
        if (opt) {
            diag_error(sp, "No input operands");
            return NULL;
        }
        diag_error(sp, "must specify the einstein sum subscripts string and at least one operand, or at least one "
                       "operand and its corresponding subscripts list");
        return NULL;
    }
    AstNode *se = call->elts.v[0];
    IrValue *sv = lw_expr(L, se);
    if (!sv) return NULL;
    IrValue *ops[EINSUM_MAXOPS];
    const char *subs;
    int nops;
    if (sv->type->kind != TY_STR) {
        if (!(subs = einsum_from_lists(L, call, sv, ops, &nops))) return NULL;
    } else {
        if (!sv->def || sv->def->op != IR_CONST_STR) {
            diag_error(se->span, "einsum() needs the subscripts as a string constant");
            return NULL;
        }
        subs = sv->def->sval;
        nops = call->elts.n - 1;
        if (nops < 1 && opt) {
            einsum_parse_py(L, sp, subs, 0, ops);
            return NULL;
        }
        if (nops < 1) {
            diag_error(sp, "must specify the einstein sum subscripts string and at least one operand");
            return NULL;
        }
        if (nops > EINSUM_MAXOPS) {
            einsum_unsupported(sp, subs);
            return NULL;
        }
        for (int k = 0; k < nops; k++)
            if (!(ops[k] = lw_array_arg(L, call->elts.v[1 + k], "einsum"))) return NULL;
    }
    if (opt && !einsum_parse_py(L, sp, subs, nops, ops)) return NULL;
    EinsumKw kw;
    if (!einsum_keywords(L, call, &kw)) return NULL;
    Einsum e;
    if (!einsum_parse(sp, subs, nops, ops, &e)) return NULL;
    int nout = (int)strlen(e.out);
    if (kw.out && kw.out->type->ndim != nout) {
        diag_error(sp, "out parameter does not have the correct number of dimensions, has %d but should have %d",
                   kw.out->type->ndim, nout);
        return NULL;
    }
    bool view = nops == 1 && !kw.out;
    for (const char *c = e.in[0]; view && *c; c++) view = strchr(e.out, *c) != NULL;
    DType dt = ops[0]->type->dtype, odt[EINSUM_MAXOPS];
    for (int k = 0; k < nops; k++) {
        odt[k] = ops[k]->type->dtype;
        dt = dt_promote(dt, odt[k]);
    }
    if (kw.out) dt = dt_promote(dt, kw.out->type->dtype);   /* out= is an operand of NumPy's iterator */
    if (kw.has_dtype && !view) dt = kw.dtype;
    int64_t known[EINSUM_MAXOPS][IR_MAXDIM];
    for (int k = 0; k < nops; k++) {
        /* the size of each distinct label, first-occurrence order, where compile time knows it */
        int n = 0;
        for (int i = 0; e.in[k][i]; i++) {
            const char *first = strchr(e.in[k], e.in[k][i]);
            int j = 0;
            for (const char *c = e.in[k]; c < first; c++) j += strchr(e.in[k], *c) == c;
            if (first == e.in[k] + i) known[k][n++] = -1;
            int64_t st = lw_static_dim(ops[k], i);
            if (st >= 0) known[k][j] = st;
        }
        if (!(ops[k] = einsum_diagonal(L, sp, ops[k], e.in[k], k, nops == 1 && !kw.out, view, e.out, dt))) return NULL;
    }
    if (!einsum_broadcast(L, sp, &e, nops, ops, kw.out, known)) return NULL;
    const char *rule = casting_names[kw.casting];
    for (int k = 0; k < nops && !view; k++) {
        if (odt[k] != dt && !can_cast(odt[k], dt, kw.casting)) {
            diag_error(sp, "Iterator operand %d dtype could not be cast from dtype('%s') to dtype('%s') according to the "
                           "rule '%s'", k, dt_name(odt[k]), dt_name(dt), rule);
            return NULL;
        }
    }
    DType odtype = kw.out ? kw.out->type->dtype : dt;
    if (odtype != dt && !can_cast(odtype, dt, kw.casting)) {   /* out= is read and written */
        diag_error(sp, "Iterator operand %d dtype could not be cast from dtype('%s') to dtype('%s') according to the "
                       "rule '%s'", nops, dt_name(odtype), dt_name(dt), rule);
        return NULL;
    }
    if (odtype != dt && !can_cast(dt, odtype, kw.casting)) {
        diag_error(sp, "Iterator requested dtype could not be cast from dtype('%s') to dtype('%s'), the operand %d "
                       "dtype, according to the rule '%s'", dt_name(dt), dt_name(odtype), nops, rule);
        return NULL;
    }
    for (int k = 0; k < nops; k++)
        if (ops[k]->type->dtype != dt) ops[k] = lw_cast(L, ops[k], dt, sp);
    bool keep[EINSUM_NLABELS] = {false};
    for (const char *c = e.out; *c; c++) keep[(unsigned char)*c] = true;
    IrValue *r = ops[0];
    char rs[IR_MAXDIM + 1];
    memcpy(rs, e.in[0], sizeof rs);
    if (nops == 1) r = einsum_reduce(L, sp, r, rs, keep, dt);
    for (int k = 1; k < nops && r; k++) {
        bool kk[EINSUM_NLABELS];
        memcpy(kk, keep, sizeof kk);
        for (int j = k + 1; j < nops; j++)
            for (const char *c = e.in[j]; *c; c++) kk[(unsigned char)*c] = true;
        char ns[IR_MAXDIM + 1];
        r = einsum_pair(L, sp, subs, r, rs, ops[k], e.in[k], kk, ns, dt);
        memcpy(rs, ns, sizeof rs);
    }
    if (r) r = einsum_align(L, sp, r, rs, e.out, nout);
    if (!r || !kw.out) return r;
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){kw.out, r});
    in->dtype = kw.out->type->dtype;
    return kw.out;
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
LW_API_PLAIN(api_cov)
LW_API_PLAIN(api_corrcoef)
LW_API_PLAIN(api_einsum)
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
    {"cupy", "cov", api_cov_api, 0},
    {"cupy", "corrcoef", api_corrcoef_api, 0},
    {"cupy", "einsum", api_einsum_api, 0},
    {"cupy.linalg", "norm", api_norm_api, 0},
    {"cupy.linalg", "matrix_power", api_matrix_power_api, 0},
    {NULL, NULL, NULL, 0},
};
