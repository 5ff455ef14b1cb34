/*
 * lower_linalg.c — matrix products and the linear-algebra routines built from them:
 * the @ operator, cupy.matmul / dot / vdot / inner / tensordot (one IR_MATMUL each, run by
 * rt_matmul on cuBLAS), and compositions of existing ops: cupy.outer, trace, kron,
 * cross, cupy.linalg.norm, cupy.linalg.matrix_power (IR_MATMUL in its matrix_power mode), and
 * the statistics built on a matrix product: cov, corrcoef; einsum, mapped onto matmul, transpose,
 * sums and broadcast products at compile time.
 *
 * Invariants: IR_MATMUL's operands are arrays of ndim >= 1 (vdot, tensordot: any ndim) that
 * already have the result dtype (NumPy's promotion of the two array dtypes; the casts are
 * kernel ops emitted here), so the runtime never promotes.  Compile-time checks are the ones
 * the ndims decide (a 0-d operand of @, too many result dimensions); shapes are checked at
 * run time with NumPy's messages.
 */
#include "lower.h"

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
    int nd = x->type->ndim;
    IrValue *v = lw_emit1(L, IR_REDUCE, sp, ty_array(dt, keep ? nd : nd - naxes), x);
    IrInstr *in = v->def;
    in->redop = RED_SUM;
    in->dtype = dt;
    in->cdtype = x->type->dtype;
    in->keepdims = keep;
    in->naxes = naxes == nd ? 0 : naxes;
    for (int i = 0; i < naxes; i++) in->axes[i] = axes[i];
    return v;
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
 * a[..., i, i + offset] over axes axis1, axis2 = sum(where(eye(n1, n2, offset), a, 0)),
 * the eye mask placed on those axes (where, not a product, so inf/nan off the diagonal
 * stay out).  Accumulator dtype as sum's. */
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
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    IrValue *eye = lw_emit(L, IR_EYE, sp, ty_array(DT_BOOL, 2), 3, (IrValue *[]){dims[ax1], dims[ax2], off});
    eye->def->dtype = DT_BOOL;
    if (ax1 > ax2) eye = lw_emit_transpose(L, sp, eye, NULL);
    IrValue *md[IR_MAXDIM], *one = lw_const_int(L, sp, 1);
    for (int i = 0; i < nd; i++) md[i] = i == ax1 || i == ax2 ? dims[i] : one;
    IrValue *mask = lw_emit_reshape(L, sp, eye, nd, md);
    IrValue *masked = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){mask, x, lw_const_int(L, sp, 0)});
    if (!masked) return NULL;
    int axes[2] = {ax1 < ax2 ? ax1 : ax2, ax1 < ax2 ? ax2 : ax1};
    return emit_sum(L, sp, masked, 2, axes, false, dt);
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

/* if cond: raise ValueError(msg) (at run time). */
static void raise_if(Lower *L, Span sp, IrValue *cond, const char *msg)
{
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrInstr *r = ir_emit(L->m, in->blocks[0], IR_RAISE, sp, NULL, 0, NULL);
    r->sval = "ValueError";
    r->sval2 = msg;
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
    raise_if(L, sp, lw_binop(L, AOP_BITOR, sp, x_bad, y_bad), "incompatible dimensions for cross product\n"
                                                                "(dimension must be 2 or 3)");
    raise_if(L, sp, not3, "cross products of vectors of length 2 (deprecated in NumPy 2) are not supported "
                          "by gpyc");
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

/* linalg.norm(x, ord=None, axis=None, keepdims=False) for the 2-norm of vectors and the
 * Frobenius norm of matrices: sqrt(sum(abs(x)**2, axis)).  Bool and integer input is
 * converted to float64 first (NumPy's x.astype(float)).  ord: None, 'fro' (matrix norms) and
 * 2 (vector norms). */
static IrValue *api_norm(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "norm", "x,ord,axis,keepdims", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "norm");
    if (!x) return NULL;
    int nd = x->type->ndim;
    int axes[IR_MAXDIM], naxes;
    bool all, keep;
    if (!lw_axis_arg(L, a.p[2], nd, axes, &naxes, &all) || !lw_bool_arg(L, a.p[3], false, &keep)) return NULL;
    if (all) {
        naxes = nd;
        for (int i = 0; i < nd; i++) axes[i] = i;
    }
    if (!all && naxes > 2) {
        diag_error(a.p[2]->span, "Improper number of dimensions to norm.");
        return NULL;
    }
    if (a.p[1]) {
        IrValue *o = lw_expr(L, a.p[1]);
        if (!o) return NULL;
        bool vector = (all && nd == 1) || (!all && naxes == 1);
        bool matrix = (all && nd == 2) || (!all && naxes == 2);
        int64_t k;
        bool ok = o->type->kind == TY_NONE ||
                  (matrix && o->def && o->def->op == IR_CONST_STR && !strcmp(o->def->sval, "fro")) ||
                  (vector && o->type->kind == TY_INT && lw_is_const_int(o, &k) && k == 2) ||
                  (vector && o->def && o->def->op == IR_CONST_FLOAT && o->def->fval == 2.0);
        if (!ok) {
            diag_error(a.p[1]->span, "norm(ord=...) supports None, 2 (vectors) and 'fro' (matrices) for now");
            return NULL;
        }
    }
    DType d = x->type->dtype;
    if (d == DT_BOOL || dt_is_int(d)) x = lw_cast(L, x, DT_FLOAT64, sp);
    if (dt_is_complex(d)) x = lw_ewise(L, IR_ABS, sp, 1, &x);
    if (!x) return NULL;
    IrValue *sq = lw_binop(L, AOP_MUL, sp, x, x);
    if (!sq) return NULL;
    IrValue *s = emit_sum(L, sp, sq, naxes, axes, keep, sq->type->dtype);
    return lw_ewise(L, IR_SQRT, sp, 1, &s);
}

/* linalg.matrix_power(a, n): a square in its last two dims (run-time check:
 * LinAlgError), n a compile-time int >= 0 (a negative power needs inv). */
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
    if (n < 0) {
        diag_error(a.p[1]->span, "matrix_power() with a negative exponent (an inverse) is not supported yet");
        return NULL;
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

/* An observations matrix for cov: x (ndim <= 2) as float64 / complex128 (dt), 2-d with one
 * variable per row: a 1-d x is one row; rowvar=False transposes a 2-d x. */
static IrValue *cov_rows(Lower *L, Span sp, AstNode *e, IrValue *x, bool rowvar, DType dt)
{
    if (x->type->ndim > 2) {
        diag_error(e->span, "m has more than 2 dimensions");
        return NULL;
    }
    if (x->type->dtype != dt) x = lw_cast(L, x, dt, sp);
    if (x->type->ndim < 2) {
        IrValue *d[2] = {lw_const_int(L, sp, 1), lw_const_int(L, sp, -1)};
        return lw_emit_reshape(L, sp, x, 2, d);
    }
    return rowvar ? x : lw_emit_transpose(L, sp, x, NULL);
}

/* cov(m, y=None, rowvar=True, bias=False, ddof=None), NumPy's:
 *   X = m as 2-d rows (and y's rows below them), in result_type(m, y, float64);
 *   X -= X.mean(axis=1)[:, None];  c = X @ X.T.conj() / max(N - ddof, 0)
 * with ddof = 0 if bias else 1 by default, N the number of observations; the result is
 * squeezed, so a 1-d m alone gives a 0-d array.  (NumPy also squeezes a 2-d m of one
 * variable; gpyc does when that size is known at compile time.)  A 2-d m with rowvar=False is
 * transposed even when it has one row (NumPy keeps such a row). */
static IrValue *cov(Lower *L, AstNode *call, const char *name, AstNode *me, AstNode *ye, AstNode *rowvar_e,
                    AstNode *bias_e, AstNode *ddof_e)
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
    bool rowvar, bias;
    if (!lw_bool_arg(L, rowvar_e, true, &rowvar) || !lw_bool_arg(L, bias_e, false, &bias)) return NULL;
    DType dt = dt_promote(m->type->dtype, DT_FLOAT64);
    if (y) dt = dt_promote(dt, y->type->dtype);
    IrValue *x = cov_rows(L, sp, me, m, rowvar, dt);
    if (!x) return NULL;
    if (y) {
        IrValue *yr = cov_rows(L, sp, ye, y, rowvar, dt);
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
    if (!ddof) ddof = lw_const_int(L, sp, bias ? 0 : 1);
    /* fact = max(N - ddof, 0) as a float (NumPy warns when it is not positive) */
    IrValue *n = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
    n->def->ival = 1;
    IrValue *fact = lw_binop(L, AOP_SUB, sp, n, lw_to_scalar(L, ddof, TY_INT, sp));
    fact = fact ? lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){fact, lw_const_int(L, sp, 0)}) : NULL;
    fact = fact ? lw_to_scalar(L, fact, TY_FLOAT, sp) : NULL;
    if (!fact) return NULL;
    IrValue *avg = lw_emit1(L, IR_REDUCE, sp, ty_array(dt, 2), x);
    avg->def->redop = RED_MEAN;
    avg->def->dtype = avg->def->cdtype = dt;
    avg->def->keepdims = true;
    avg->def->naxes = 1;
    avg->def->axes[0] = 1;
    IrValue *xc = lw_binop(L, AOP_SUB, sp, x, avg);
    if (!xc) return NULL;
    IrValue *xt = lw_emit_transpose(L, sp, xc, NULL);
    if (dt_is_complex(dt)) xt = lw_ewise(L, IR_CONJ, sp, 1, &xt);
    if (!xt) return NULL;
    IrValue *c = lw_binop(L, AOP_DIV, sp, emit_mm(L, sp, xc, xt, MM_MATMUL, 0, 2), fact);
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
    if (!lw_bind(call, "cov", "m,y,rowvar,bias,ddof,fweights,aweights,dtype", 1, &a) ||
        !lw_no_arg(a.p[5], "fweights") || !lw_no_arg(a.p[6], "aweights") || !lw_no_arg(a.p[7], "dtype"))
        return NULL;
    return cov(L, call, "cov", a.p[0], a.p[1], a.p[2], a.p[3], a.p[4]);
}

/* corrcoef(x, y=None, rowvar=True), NumPy's: c = cov(x, y, rowvar); d = diag(c) (a 0-d c
 * gives c / c); c / sqrt(d)[:, None] / sqrt(d)[None, :], clipped to [-1, 1].  Complex input is
 * not supported yet (NumPy clips the real and imaginary parts apart). */
static IrValue *api_corrcoef(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "corrcoef", "x,y,rowvar,bias,ddof,dtype", 1, &a) || !lw_no_arg(a.p[3], "bias") ||
        !lw_no_arg(a.p[4], "ddof") || !lw_no_arg(a.p[5], "dtype"))
        return NULL;
    Span sp = call->span;
    IrValue *c = cov(L, call, "corrcoef", a.p[0], a.p[1], a.p[2], NULL, NULL);
    if (!c) return NULL;
    if (dt_is_complex(c->type->dtype)) {
        diag_error(sp, "corrcoef() of complex arrays is not supported yet");
        return NULL;
    }
    if (c->type->ndim == 0) return lw_binop(L, AOP_DIV, sp, c, c);
    /* the diagonal: sum(where(eye(n), c, 0), axis=1) — exact, as the other terms are 0 */
    IrValue *masked = eye_masked(L, sp, c);
    if (!masked) return NULL;
    int ax[1] = {1};
    IrValue *d = emit_sum(L, sp, masked, 1, ax, true, c->type->dtype);      /* (n, 1) */
    IrValue *sd = lw_ewise(L, IR_SQRT, sp, 1, &d);
    if (!sd) return NULL;
    IrValue *r = lw_binop(L, AOP_DIV, sp, c, sd);
    r = r ? lw_binop(L, AOP_DIV, sp, r, lw_emit_transpose(L, sp, sd, NULL)) : NULL;
    if (!r) return NULL;
    return lw_ewise(L, IR_CLIP, sp, 3, (IrValue *[]){r, lw_const_int(L, sp, -1), lw_const_int(L, sp, 1)});
}

/* ---------------------------------------------------------------- einsum */

static const char *const einsum_supported =
    "one or two operands, letters without '...', a letter repeated only as 'ii->' or 'ii->i'";

/* Parsed subscripts: in[k] the letters of operand k, out the output's (implicit mode: the
 * letters used once, in alphabetical order). */
typedef struct Einsum {
    char in[2][IR_MAXDIM + 1];
    char out[IR_MAXDIM + 1];
    int nin;
} Einsum;

static bool einsum_unsupported(Span sp, const char *subs)
{
    diag_error(sp, "einsum subscripts '%s' are not supported by gpyc (supported: %s)", subs, einsum_supported);
    return false;
}

/* Parses subs (spaces ignored) for nops operands; NumPy's messages for what it rejects, the
 * unsupported message for what gpyc does not compile. */
static bool einsum_parse(Span sp, const char *subs, int nops, IrValue **ops, Einsum *e)
{
    memset(e, 0, sizeof *e);
    char *cur = e->in[0];
    int len = 0, nout = 0;
    bool arrow = false;
    for (const char *c = subs; *c; c++) {
        if (*c == ' ') continue;
        if (*c == ',' && !arrow) {
            if (++e->nin >= 2) return einsum_unsupported(sp, subs);
            cur = e->in[e->nin];
            len = 0;
        } else if (*c == '-' && c[1] == '>' && !arrow) {
            arrow = true;
            c++;
            cur = e->out;
            len = 0;
        } else if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')) {
            if (len >= IR_MAXDIM) return einsum_unsupported(sp, subs);
            cur[len++] = *c;
            if (arrow) nout = len;
        } else {
            return einsum_unsupported(sp, subs);
        }
    }
    e->nin++;
    if (nops > e->nin) {
        diag_error(sp, "more operands provided to einstein sum function than specified in the subscripts string");
        return false;
    }
    if (nops < e->nin) {
        diag_error(sp, "fewer operands provided to einstein sum function than specified in the subscripts string");
        return false;
    }
    for (int k = 0; k < e->nin; k++) {
        int n = (int)strlen(e->in[k]), nd = ops[k]->type->ndim;
        if (n > nd) {
            diag_error(sp, "einstein sum subscripts string contains too many subscripts for operand %d", k);
            return false;
        }
        if (n < nd) {
            diag_error(sp, "operand has more dimensions than subscripts given in einstein sum, but no '...' "
                           "ellipsis provided to broadcast the extra dimensions.");
            return false;
        }
    }
    if (!arrow) { /* implicit output: the letters that appear once, sorted */
        for (int ch = 'A'; ch <= 'z'; ch++) {
            int count = 0;
            for (int k = 0; k < e->nin; k++)
                for (const char *c = e->in[k]; *c; c++) count += *c == ch;
            if (count == 1) e->out[nout++] = (char)ch;
        }
    }
    for (int i = 0; i < nout; i++) {
        if (!strchr(e->in[0], e->out[i]) && (e->nin < 2 || !strchr(e->in[1], e->out[i]))) {
            diag_error(sp, "einstein sum subscripts string included output subscript '%c' which never appeared in "
                           "an input", e->out[i]);
            return false;
        }
        if (strchr(e->out + i + 1, e->out[i])) {
            diag_error(sp, "einstein sum subscripts string includes output subscript '%c' multiple times",
                       e->out[i]);
            return false;
        }
    }
    return true;
}

static bool has_repeat(const char *s)
{
    for (; *s; s++)
        if (strchr(s + 1, *s)) return true;
    return false;
}

/* x (letters xs, distinct) laid out over the letters all[0..n-1]: transposed into all's order
 * and given a size-1 axis for each letter x lacks (a view). */
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

/* The product of the aligned operands summed over all[nout..n-1]: the general route. */
static IrValue *einsum_sum_product(Lower *L, Span sp, const char *subs, const Einsum *e, IrValue **ops, DType dt)
{
    char all[2 * IR_MAXDIM + 1] = {0};
    int n = (int)strlen(e->out);
    memcpy(all, e->out, (size_t)n);
    for (int k = 0; k < e->nin; k++)
        for (const char *c = e->in[k]; *c; c++)
            if (!strchr(all, *c)) all[n++] = *c;
    if (n > IR_MAXDIM) {
        einsum_unsupported(sp, subs);
        return NULL;
    }
    IrValue *p = einsum_align(L, sp, ops[0], e->in[0], all, n);
    if (p->type->dtype != dt) p = lw_cast(L, p, dt, sp);
    if (e->nin == 2) {
        IrValue *b = einsum_align(L, sp, ops[1], e->in[1], all, n);
        p = lw_ewise(L, IR_MUL, sp, 2, (IrValue *[]){p, b});
        if (!p) return NULL;
        if (p->type->dtype != dt) p = lw_cast(L, p, dt, sp);
    }
    int nout = (int)strlen(e->out), axes[IR_MAXDIM];
    if (n == nout) return p;
    for (int i = nout; i < n; i++) axes[i - nout] = i;
    return einsum_sum(L, sp, p, n - nout, axes, dt);
}

/* Two operands as one matrix product when the letters allow it: one contracted letter k (in
 * both, not in the output), batch letters (in both and the output), and at most one free
 * letter per operand (none with batch letters is left to the general route); NULL with
 * *ok true when they do not. */
static IrValue *einsum_matmul(Lower *L, Span sp, const Einsum *e, IrValue **ops, bool *ok)
{
    const char *a = e->in[0], *b = e->in[1], *o = e->out;
    char batch[IR_MAXDIM + 1] = {0}, k = 0, fa = 0, fb = 0;
    int nb = 0;
    *ok = true;
    for (const char *c = a; *c; c++) {
        bool inb = strchr(b, *c), ino = strchr(o, *c);
        if (inb && ino) batch[nb++] = *c;
        else if (inb) {
            if (k) return NULL;
            k = *c;
        } else if (ino) {
            if (fa) return NULL;
            fa = *c;
        } else return NULL;   /* summed over a alone */
    }
    for (const char *c = b; *c; c++) {
        if (strchr(a, *c)) continue;
        if (!strchr(o, *c) || fb) return NULL;
        fb = *c;
    }
    if (!k || (nb && (!fa || !fb))) return NULL;
    char la[IR_MAXDIM + 2] = {0}, lb[IR_MAXDIM + 2] = {0}, lr[IR_MAXDIM + 2] = {0};
    memcpy(la, batch, (size_t)nb);
    memcpy(lb, batch, (size_t)nb);
    memcpy(lr, batch, (size_t)nb);
    int ia = nb, ib = nb, ir = nb;
    if (fa) la[ia++] = fa, lr[ir++] = fa;
    la[ia++] = k;
    lb[ib++] = k;
    if (fb) lb[ib++] = fb, lr[ir++] = fb;
    IrValue *x = einsum_align(L, sp, ops[0], a, la, ia), *y = einsum_align(L, sp, ops[1], b, lb, ib);
    IrValue *r = lw_matmul(L, sp, x, y);
    if (!r) {
        *ok = false;
        return NULL;
    }
    return einsum_align(L, sp, r, lr, o, ir);
}

/* einsum(subscripts, *operands): subscripts a compile-time string over one or two operands,
 * mapped onto existing operations at compile time: a product with one contracted letter is a
 * matmul (cuBLAS) — 'ij,jk->ik', 'bij,bjk->bik', 'i,i->' —, other products are a broadcast
 * multiply and a sum ('i,j->ij', 'ij,ij->ij', 'ij,ij->'), one operand is a transpose and/or a
 * sum ('ij->ji', 'ij->i'), and 'ii->' / 'ii->i' sum the diagonal masked by eye (trace,
 * diagonal).  Implicit mode (no '->'): the output is the letters used once, sorted.  Result
 * dtype: the operands' promotion (sums keep it, as NumPy's einsum). */
static IrValue *api_einsum(Lower *L, AstNode *call)
{
    Span sp = call->span;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "optimize")) {
            diag_error(kw->span, "einsum() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    if (call->elts.n < 1) {
        diag_error(sp, "einsum() needs the subscripts and at least one operand");
        return NULL;
    }
    AstNode *se = call->elts.v[0];
    IrValue *sv = lw_expr(L, se);
    if (!sv) return NULL;
    if (!sv->def || sv->def->op != IR_CONST_STR) {
        diag_error(se->span, "einsum() needs the subscripts as a string constant");
        return NULL;
    }
    const char *subs = sv->def->sval;
    int nops = call->elts.n - 1;
    if (nops > 2) {
        einsum_unsupported(sp, subs);
        return NULL;
    }
    IrValue *ops[2] = {NULL, NULL};
    for (int k = 0; k < nops; k++)
        if (!(ops[k] = lw_array_arg(L, call->elts.v[1 + k], "einsum"))) return NULL;
    Einsum e;
    if (!einsum_parse(sp, subs, nops, ops, &e)) return NULL;
    DType dt = ops[0]->type->dtype;
    if (nops == 2) dt = dt_promote(dt, ops[1]->type->dtype);
    if (has_repeat(e.in[0]) || (e.nin == 2 && has_repeat(e.in[1]))) {
        /* 'ii->' (trace) and 'ii->i' (diagonal) only */
        if (e.nin != 1 || strlen(e.in[0]) != 2 || strlen(e.out) > 1 || (e.out[0] && e.out[0] != e.in[0][0])) {
            einsum_unsupported(sp, subs);
            return NULL;
        }
        IrValue *x = ops[0], *dims[2];
        lw_shape_of(L, x, sp, dims);
        /* NumPy's message also gives the two sizes: "... don't match (2 != 3)" */
        IrValue *ne = lw_ewise(L, IR_NE, sp, 2, dims);
        if (!ne) return NULL;
        char *msg = ar_alloc(L->a, 80);
        snprintf(msg, 80, "dimensions in operand 0 for collapsing index '%c' don't match", e.in[0][0]);
        raise_if(L, sp, ne, msg);
        IrValue *masked = eye_masked(L, sp, x);
        if (!masked) return NULL;
        if (masked->type->dtype != dt) masked = lw_cast(L, masked, dt, sp);
        int axes[2] = {0, 1};
        return e.out[0] ? einsum_sum(L, sp, masked, 1, axes + 1, dt) : einsum_sum(L, sp, masked, 2, axes, dt);
    }
    if (e.nin == 2) {
        bool ok;
        IrValue *r = einsum_matmul(L, sp, &e, ops, &ok);
        if (r || !ok) return r;
    }
    return einsum_sum_product(L, sp, subs, &e, ops, dt);
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
