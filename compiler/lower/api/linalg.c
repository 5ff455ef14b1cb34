/*
 * lower/api/linalg.c — matrix products and the routines built from them: cupy.matmul / dot /
 * vdot / inner / tensordot (one IR_MATMUL each, run by rt_matmul on cuBLAS; the @ operator is
 * lw_matmul, lower/compose.c), and compositions of existing ops: cupy.outer, trace, kron,
 * cross.  cupy.linalg (norm, matrix_power, the decompositions) is api/solver.c, einsum
 * api/einsum.c, cov / corrcoef api/stats.c.  Table: lw_linalg_api.
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
                               "with signature %s requires 1)", ir_matmul_sig);
        return NULL;
    }
    return lw_matmul(L, call->span, x, y);
}

/* dot(a, b, out=None): a scalar (or 0-d) operand multiplies; otherwise a's last axis with
 * b's second-to-last (its only one when 1-d): result shape a.shape[:-1] + b.shape[:-2] +
 * b.shape[-1:]. */
static IrValue *api_dot(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "dot", "a,b,out", 2, self, &a) || !lw_no_arg(a.p[2], "out")) return NULL;
    IrValue *x = self ? self : num_arg(L, a.p[0], "dot"), *y = x ? num_arg(L, a.p[1], "dot") : NULL;
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

/* One side of tensordot's axes=(a_axes, b_axes): an int, or a list or tuple literal of
 * constant ints (normalised against ndim, in the order given). */
static bool tensordot_side(Lower *L, AstNode *e, int ndim, int *axes, int *n)
{
    if (e->kind != AST_LIST && e->kind != AST_TUPLE) return lw_axes_list(L, e, ndim, axes, n, "axes");
    if (e->elts.n > ndim) {
        diag_error(e->span, "tensordot: more axes than the operand's %d dimensions", ndim);
        return false;
    }
    for (int i = 0; i < e->elts.n; i++) {
        int k;
        if (!lw_axes_list(L, e->elts.v[i], ndim, &axes[i], &k, "axes")) return false;
        if (k != 1) {
            diag_error(((AstNode *)e->elts.v[i])->span, "tensordot: an axis must be an int");
            return false;
        }
        for (int j = 0; j < i; j++)
            if (axes[j] == axes[i]) {
                diag_error(e->span, "repeated axis in `axes` argument");
                return false;
            }
    }
    *n = e->elts.n;
    return true;
}

/* x transposed so that axes[0..n) come last (first: first), in their order, the others
 * keeping theirs. */
static IrValue *axes_moved(Lower *L, Span sp, IrValue *x, const int *axes, int n, bool first)
{
    int nd = x->type->ndim, perm[IR_MAXDIM], k = first ? n : 0;
    bool used[IR_MAXDIM] = { false };
    for (int i = 0; i < n; i++) {
        perm[first ? i : nd - n + i] = axes[i];
        used[axes[i]] = true;
    }
    for (int d = 0; d < nd; d++)
        if (!used[d]) perm[k++] = d;
    return lw_emit_transpose(L, sp, x, perm);
}

/* tensordot(a, b, axes=2): an int axes contracts the last `axes` dims of a with the first of
 * b; a pair (a_axes, b_axes) of list or tuple literals contracts those, in pairs: a's are
 * moved last and b's first, in the order given, then the int case.  Result shape: a's other
 * dims, then b's. */
static IrValue *api_tensordot(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tensordot", "a,b,axes", 2, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "tensordot"), *y = x ? lw_array_arg(L, a.p[1], "tensordot") : NULL;
    if (!y) return NULL;
    int64_t n = 2;
    AstNode *ae = a.p[2];
    if (ae && (ae->kind == AST_TUPLE || ae->kind == AST_LIST) && ae->elts.n == 2) {
        int ax[IR_MAXDIM], bx[IR_MAXDIM], na, nb;
        if (!tensordot_side(L, ae->elts.v[0], x->type->ndim, ax, &na) ||
            !tensordot_side(L, ae->elts.v[1], y->type->ndim, bx, &nb))
            return NULL;
        if (na != nb) {
            diag_error(ae->span, "shape-mismatch for sum");
            return NULL;
        }
        x = axes_moved(L, call->span, x, ax, na, false);
        y = axes_moved(L, call->span, y, bx, nb, true);
        n = na;
    } else if (ae) {
        IrValue *v = lw_expr(L, ae);
        if (!v) return NULL;
        if (v->type->kind != TY_INT || !lw_is_const_int(v, &n)) {
            diag_error(ae->span,
                       "tensordot(axes=...) takes a compile-time int or a pair of list or tuple literals "
                       "of ints here, got %s",
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
static IrValue *api_trace(Lower *L, AstNode *call, IrValue *self)
{
    Args a;
    if (!lw_bind_self(call, "trace", "a,offset,axis1,axis2,dtype,out", 1, self, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = self ? self : lw_array_arg(L, a.p[0], "trace");
    if (!x) return NULL;
    int nd = x->type->ndim;
    if (nd < 2) {
        diag_error(self ? sp : a.p[0]->span, "diag requires an array of at least two dimensions");
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
    DType dt = lw_reduce_dtype(RED_SUM, x->type->dtype);
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

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_matmul)
LW_API_SELF(api_dot)
LW_API_PLAIN(api_vdot)
LW_API_PLAIN(api_inner)
LW_API_PLAIN(api_outer)
LW_API_PLAIN(api_tensordot)
LW_API_SELF(api_trace)
LW_API_PLAIN(api_kron)
LW_API_PLAIN(api_cross)

const ApiFn lw_linalg_api[] = {
    { "cupy", "matmul", api_matmul_api, 0 },       { "cupy", "dot", api_dot_api, 0 },
    { "cupy", "vdot", api_vdot_api, 0 },           { "cupy", "inner", api_inner_api, 0 },
    { "cupy", "outer", api_outer_api, 0 },         { "cupy", "tensordot", api_tensordot_api, 0 },
    { "cupy", "trace", api_trace_api, 0 },         { "cupy", "kron", api_kron_api, 0 },
    { "cupy", "cross", api_cross_api, 0 },         { "cupy.ndarray", "dot", api_dot_api, 0 },
    { "cupy.ndarray", "trace", api_trace_api, 0 }, { NULL, NULL, NULL, 0 },
};
