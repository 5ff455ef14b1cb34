/*
 * lower/api/solver.c — cupy.linalg: the decompositions and solvers solve, inv, det, slogdet,
 * cholesky, qr, eigh, eigvalsh, svd, eigvals and roots (one IR_LINALG each, run by rt_linalg on
 * cuSOLVER), and
 * the routines NumPy builds from them and from existing ops: matrix_rank, pinv, lstsq,
 * tensorinv, tensorsolve, norm (every ord; the spectral ones on the singular values) and
 * matrix_power (IR_MATMUL's matrix_power mode; inv for negative exponents).
 * Table: lw_solver_api.
 *
 * Invariants: IR_LINALG's operands already have the computation dtype (NumPy's
 * _commonType: bool and integer arrays become float64, float32 and complex64 stay single
 * precision, two operands promote; float16 is NumPy's TypeError, here at compile time); a
 * routine with several results (slogdet, qr, eigh, svd) is one IR_LINALG whose value is a tuple
 * of arrays, so the factorisation runs once.  What the ndims decide is checked here (NumPy's
 * LinAlgError text for an operand of fewer than two dimensions, as a located error); shapes
 * (square, solve's sizes) are checked at run time by the runtime with NumPy's messages.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* ---------------------------------------------------------------- helpers */

/* NumPy's _commonType for one operand: bool and integers compute in float64; float16 is
 * unsupported (false after a located error). */
static bool la_dtype(Span sp, DType d, DType *out)
{
    if (d == DT_FLOAT16) {
        diag_error(sp, "array type float16 is unsupported in linalg");
        return false;
    }
    *out = d == DT_BOOL || dt_is_int(d) ? DT_FLOAT64 : d;
    return true;
}

/* An array argument of at least min_nd dimensions (NumPy's LinAlgError text otherwise). */
static IrValue *la_array(Lower *L, AstNode *e, const char *fname, int min_nd)
{
    IrValue *x = lw_array_arg(L, e, fname);
    if (!x) return NULL;
    if (x->type->ndim < min_nd) {
        diag_error(e->span, "%d-dimensional array given. Array must be at least two-dimensional", x->type->ndim);
        return NULL;
    }
    return x;
}

/* An array argument (ndim >= 2) cast to its computation dtype. */
static IrValue *la_operand(Lower *L, AstNode *e, const char *fname)
{
    IrValue *x = la_array(L, e, fname, 2);
    DType dt;
    if (!x || !la_dtype(e->span, x->type->dtype, &dt)) return NULL;
    return dt == x->type->dtype ? x : lw_cast(L, x, dt, e->span);
}

/* One IR_LINALG of result type t. */
static IrValue *emit_la(Lower *L, Span sp, int kind, int64_t mode, IrValue *a, IrValue *b, Type *t)
{
    IrValue *args[2] = {a, b};
    if (t->kind == TY_TUPLE) ir_need_tuple(L->m, t);
    IrValue *r = lw_emit(L, IR_LINALG, sp, t, b ? 2 : 1, args);
    r->def->ival = kind;
    r->def->shape[0] = mode;
    r->def->dtype = a->type->dtype;
    return r;
}

/* A tuple type of n arrays (dtype dts[i], ndim nds[i]). */
static Type *arrays_tuple(int n, const DType *dts, const int *nds)
{
    Type *el[3];
    for (int i = 0; i < n; i++) el[i] = ty_array(dts[i], nds[i]);
    return ty_tuple(n, el);
}

/* A compile-time string option among names[0..n-1] (default names[0]): its index, or -1
 * after a located error (ValueError text `msg`, with %s the value given).  fold: compare
 * upper-cased, as eigh's UPLO.upper(). */
static int str_option(Lower *L, AstNode *e, const char *const *names, int n, bool fold, const char *msg)
{
    const char *s;
    if (!lw_str_arg(L, e, names[0], &s)) return -1;
    for (int i = 0; i < n; i++)
        if (fold ? !strcasecmp(s, names[i]) : !strcmp(s, names[i])) return i;
    diag_error(e->span, msg, s);
    return -1;
}

/* x reduced with r over its last axis, keepdims (max of the singular values ...). */
static IrValue *reduce_last(Lower *L, Span sp, IrValue *x, RedOp r, bool keep)
{
    return lw_reduce_axes(L, sp, r, x, 1, (int[]){x->type->ndim - 1}, keep, x->type->dtype);
}

/* x[..., None]: a view. */
static IrValue *newaxis_last(Lower *L, Span sp, IrValue *x)
{
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(x->type->dtype, x->type->ndim + 1), 1, &x);
    r->def->nidx = 2;
    r->def->idx[0] = IDX_ELLIPSIS;
    r->def->idx[1] = IDX_NEWAXIS;
    return r;
}

/* x with its last two axes swapped (numpy.linalg's transpose): a view. */
static IrValue *swap_last(Lower *L, Span sp, IrValue *x)
{
    int nd = x->type->ndim, perm[IR_MAXDIM];
    for (int i = 0; i < nd; i++) perm[i] = i;
    perm[nd - 2] = nd - 1;
    perm[nd - 1] = nd - 2;
    return lw_emit_transpose(L, sp, x, perm);
}

/* NumPy 2's default relative tolerance of matrix_rank and pinv(rtol=None): max(M, N) * eps of
 * dt's real dtype, a Python float. */
static IrValue *default_rtol(Lower *L, Span sp, IrValue *x, DType dt)
{
    int nd = x->type->ndim;
    IrValue *big = lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){lw_dim(L, sp, x, nd - 2), lw_dim(L, sp, x, nd - 1)});
    double eps = dt_real(dt) == DT_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    return big ? lw_binop(L, AOP_MUL, sp, big, lw_const_float(L, sp, eps)) : NULL;
}

/* svd(x, compute_uv=False) of a float32/64 or complex64/128 x (ndim >= 2): its singular
 * values, (..., min(M, N)) of x's real dtype, descending. */
static IrValue *svd_values(Lower *L, Span sp, IrValue *x)
{
    int nd = x->type->ndim;
    return emit_la(L, sp, LA_SVD, SVD_VALUES, x, NULL, ty_array(dt_real(x->type->dtype), nd - 1));
}

/* ---------------------------------------------------------------- solve, inv, det, slogdet */

/* solve(a, b), NumPy 2: a (..., M, M); b (M,) is a vector, any other b (..., M, K) a stack of
 * matrices (batch dimensions broadcast); result dtype: the operands' common type. */
static IrValue *api_solve(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "solve", "a,b", 2, &a)) return NULL;
    IrValue *x = la_array(L, a.p[0], "solve", 2), *y = x ? lw_array_arg(L, a.p[1], "solve") : NULL;
    if (!y) return NULL;
    DType dx, dy;
    if (!la_dtype(a.p[0]->span, x->type->dtype, &dx) || !la_dtype(a.p[1]->span, y->type->dtype, &dy)) return NULL;
    if (y->type->ndim == 0) {
        diag_error(a.p[1]->span, "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with "
                                 "signature (m,m),(m,n)->(m,n) requires 2)");
        return NULL;
    }
    DType dt = dt_promote(dx, dy);
    if (x->type->dtype != dt) x = lw_cast(L, x, dt, a.p[0]->span);
    if (y->type->dtype != dt) y = lw_cast(L, y, dt, a.p[1]->span);
    if (!x || !y) return NULL;
    int nx = x->type->ndim, ny = y->type->ndim;
    int nd = ny == 1 ? nx - 1 : (nx > ny ? nx : ny);
    return emit_la(L, call->span, LA_SOLVE, 0, x, y, ty_array(dt, nd));
}

/* inv(x) of an array x (ndim >= 2) in its computation dtype (float64 for bool and integers). */
static IrValue *inv_of(Lower *L, Span sp, IrValue *x)
{
    DType dt;
    if (!la_dtype(sp, x->type->dtype, &dt)) return NULL;
    if (dt != x->type->dtype) x = lw_cast(L, x, dt, sp);
    return x ? emit_la(L, sp, LA_INV, 0, x, NULL, ty_array(dt, x->type->ndim)) : NULL;
}

/* inv(a): a (..., M, M) → the same shape, the computation dtype. */
static IrValue *api_inv(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "inv", "a", 1, &a)) return NULL;
    IrValue *x = la_array(L, a.p[0], "inv", 2);
    return x ? inv_of(L, a.p[0]->span, x) : NULL;
}

/* cholesky(a, /, *, upper=False): the lower L with a = L L^H (from a's lower triangle);
 * NumPy 2's upper=True returns L^H. */
static IrValue *api_cholesky(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "cholesky", "a,upper", 1, &a)) return NULL;
    bool upper;
    if (!lw_bool_arg(L, a.p[1], false, &upper)) return NULL;
    IrValue *x = la_operand(L, a.p[0], "cholesky");
    if (!x) return NULL;
    IrValue *r = emit_la(L, call->span, LA_CHOLESKY, 0, x, NULL, ty_array(x->type->dtype, x->type->ndim));
    if (!upper) return r;
    r = swap_last(L, call->span, r);
    return dt_is_complex(r->type->dtype) ? lw_ewise(L, IR_CONJ, call->span, 1, &r) : r;
}

/* det(a) → (...) of a's computation dtype; slogdet(a) → (sign, logabsdet), logabsdet real. */
static IrValue *api_det(Lower *L, AstNode *call, const char *name)
{
    Args a;
    if (!lw_bind(call, name, "a", 1, &a)) return NULL;
    IrValue *x = la_operand(L, a.p[0], name);
    if (!x) return NULL;
    DType dt = x->type->dtype;
    int nd = x->type->ndim - 2;
    if (!strcmp(name, "det")) return emit_la(L, call->span, LA_DET, 0, x, NULL, ty_array(dt, nd));
    DType dts[2] = {dt, dt_real(dt)};
    int nds[2] = {nd, nd};
    return emit_la(L, call->span, LA_SLOGDET, 0, x, NULL, arrays_tuple(2, dts, nds));
}

/* ---------------------------------------------------------------- qr, eigh, svd */

/* qr(a, mode='reduced'): (Q, R); mode 'complete': (Q, R) with Q square; mode 'r': R. */
static IrValue *api_qr(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "qr", "a,mode", 1, &a)) return NULL;
    static const char *const modes[] = {"reduced", "complete", "r"};
    int mode = a.p[1] ? str_option(L, a.p[1], modes, 3, false, "Unrecognized mode '%s'") : QR_REDUCED;
    if (mode < 0) return NULL;
    IrValue *x = la_operand(L, a.p[0], "qr");
    if (!x) return NULL;
    DType dt = x->type->dtype;
    int nd = x->type->ndim;
    if (mode == QR_R) return emit_la(L, call->span, LA_QR, mode, x, NULL, ty_array(dt, nd));
    DType dts[2] = {dt, dt};
    int nds[2] = {nd, nd};
    return emit_la(L, call->span, LA_QR, mode, x, NULL, arrays_tuple(2, dts, nds));
}

/* eigh(a, UPLO='L') → (w, v), w real ascending; eigvalsh(a, UPLO='L') → w. */
static IrValue *api_eigh(Lower *L, AstNode *call, const char *name)
{
    Args a;
    if (!lw_bind(call, name, "a,UPLO", 1, &a)) return NULL;
    static const char *const uplo[] = {"L", "U"};
    int up = a.p[1] ? str_option(L, a.p[1], uplo, 2, true, "UPLO argument must be 'L' or 'U'") : 0;
    if (up < 0) return NULL;
    IrValue *x = la_operand(L, a.p[0], name);
    if (!x) return NULL;
    DType dt = x->type->dtype;
    int nd = x->type->ndim;
    int64_t mode = up ? EIGH_UPPER : 0;
    if (!strcmp(name, "eigvalsh"))
        return emit_la(L, call->span, LA_EIGH, mode | EIGH_VALUES, x, NULL, ty_array(dt_real(dt), nd - 1));
    DType dts[2] = {dt_real(dt), dt};
    int nds[2] = {nd - 1, nd};
    return emit_la(L, call->span, LA_EIGH, mode, x, NULL, arrays_tuple(2, dts, nds));
}

/* The complex dtype of computation dtype dt (float32, complex64 → complex64). */
static DType complex_of(DType dt)
{
    return dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? DT_COMPLEX64 : DT_COMPLEX128;
}

/* eigvals(a) → w (..., n), complex as CuPy's (geev): NumPy gives float64 when every
 * eigenvalue of a real matrix is real, a dtype that depends on the values. */
static IrValue *api_eigvals(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "eigvals", "a", 1, &a)) return NULL;
    IrValue *x = la_operand(L, a.p[0], "eigvals");
    if (!x) return NULL;
    Type *t = ty_array(complex_of(x->type->dtype), x->type->ndim - 1);
    return emit_la(L, call->span, LA_EIGVALS, 0, x, NULL, t);
}

/* roots(p), CuPy 14's (rt_linalg's roots): no roots for fewer than two coefficients once the
 * leading zeros are dropped; one for two; for more, the eigenvalues of a Hermitian companion
 * matrix (degree 2 with p[2] == -p[0]), CuPy's NotImplementedError at run time otherwise.  The
 * result has p's computation dtype (integers compute in float64).  p a 1-d array or list
 * (CuPy's own takes an array); CuPy's errors for a bool p, a 0-d one (a number too) and more
 * dimensions. */
static IrValue *api_roots(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "roots", "p", 1, &a)) return NULL;
    bool poly = false;
    IrValue *p = lw_coeffs_arg(L, a.p[0], "roots", &poly);
    if (!p) return NULL;
    if (p->type->dtype == DT_BOOL || p->type->ndim != 1) {
        diag_error(a.p[0]->span, p->type->dtype == DT_BOOL ? "boolean inputs are not supported"
                                 : p->type->ndim ? "Coefficient array is not 1-d"
                                                 : "0-dimensional input is not allowed");
        return NULL;
    }
    DType dt;
    if (!la_dtype(a.p[0]->span, p->type->dtype, &dt)) return NULL;
    p = lw_cast_to(L, p, dt, call->span);
    return emit_la(L, call->span, LA_ROOTS, 0, p, NULL, ty_array(dt, 1));
}

/* svd(a, full_matrices=True, compute_uv=True, hermitian=False) → (U, S, Vh) or S; S real,
 * descending.  hermitian=True is computed as the general SVD (same values; U and Vh are a
 * valid factorisation, not necessarily NumPy's eigh-derived one). */
static IrValue *api_svd(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "svd", "a,full_matrices,compute_uv,hermitian", 1, &a)) return NULL;
    bool full, uv, herm;
    if (!lw_bool_arg(L, a.p[1], true, &full) || !lw_bool_arg(L, a.p[2], true, &uv) ||
        !lw_bool_arg(L, a.p[3], false, &herm))
        return NULL;
    IrValue *x = la_operand(L, a.p[0], "svd");
    if (!x) return NULL;
    if (!uv) return svd_values(L, call->span, x);
    DType dt = x->type->dtype;
    int nd = x->type->ndim;
    DType dts[3] = {dt, dt_real(dt), dt};
    int nds[3] = {nd, nd - 1, nd};
    return emit_la(L, call->span, LA_SVD, full ? SVD_FULL : SVD_REDUCED, x, NULL, arrays_tuple(3, dts, nds));
}

/* ---------------------------------------------------------------- compositions */

/* matrix_rank(A, tol=None, hermitian=False, *, rtol=None), NumPy 2: S = svd(A, compute_uv=
 * False) (abs(eigvalsh(A)) when hermitian); tol None: S.max(-1, keepdims) * rtol, rtol None:
 * max(M, N) * eps of S's dtype; count_nonzero(S > tol, axis=-1) (int64).  A 1-d A: the
 * Python int `not all(A == 0)`. */
static IrValue *api_matrix_rank(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "matrix_rank", "A,tol,hermitian,rtol", 1, &a)) return NULL;
    Span sp = call->span;
    bool herm;
    if (!lw_bool_arg(L, a.p[2], false, &herm)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "matrix_rank");
    if (!x) return NULL;
    if (x->type->ndim < 2) {   /* int(not all(A == 0)) */
        IrValue *nz = lw_binop(L, AOP_NE, sp, x, lw_const_int(L, sp, 0));
        IrValue *any = nz ? lw_reduce(L, sp, RED_ANY, nz, NULL, NULL, NULL) : NULL;
        return any ? lw_to_scalar(L, any, TY_INT, sp) : NULL;
    }
    DType dt;
    if (!la_dtype(a.p[0]->span, x->type->dtype, &dt)) return NULL;
    if (dt != x->type->dtype) x = lw_cast(L, x, dt, sp);
    if (!x) return NULL;
    IrValue *tol = a.p[1] ? lw_expr(L, a.p[1]) : NULL, *rtol = a.p[3] ? lw_expr(L, a.p[3]) : NULL;
    if ((a.p[1] && !tol) || (a.p[3] && !rtol)) return NULL;
    if (tol && lw_is_none(tol)) tol = NULL;
    if (rtol && lw_is_none(rtol)) rtol = NULL;
    for (int i = 0; i < 2; i++) {
        IrValue *t = i ? rtol : tol;
        if (t && !ty_is_numeric(t->type)) {
            diag_error(a.p[i ? 3 : 1]->span, "matrix_rank() expects a number or an array, got %s", ty_str_of(t->type));
            return NULL;
        }
    }
    IrValue *s;
    if (herm) {
        IrValue *w = emit_la(L, sp, LA_EIGH, EIGH_VALUES, x, NULL, ty_array(dt_real(dt), x->type->ndim - 1));
        s = lw_ewise(L, IR_ABS, sp, 1, &w);
    } else {
        s = svd_values(L, sp, x);
    }
    if (!s) return NULL;
    if (tol) {
        if (tol->type->kind == TY_ARRAY) tol = newaxis_last(L, sp, tol);
    } else {
        if (rtol) {
            if (rtol->type->kind == TY_ARRAY) rtol = newaxis_last(L, sp, rtol);
        } else {
            rtol = default_rtol(L, sp, x, dt);
        }
        IrValue *smax = reduce_last(L, sp, s, RED_MAX, true);
        tol = rtol ? lw_binop(L, AOP_MUL, sp, smax, rtol) : NULL;
    }
    IrValue *big = tol ? lw_binop(L, AOP_GT, sp, s, tol) : NULL;
    if (!big) return NULL;
    return lw_reduce_axes(L, sp, RED_SUM, big, 1, (int[]){big->type->ndim - 1}, false, DT_INT64);
}

/* The reduced SVD u, s, vt of x (float32/64 or complex64/128, ndim >= 2) as pinv and lstsq use
 * it: large = s > rc * max(s) along the last axis (rc broadcast against s's batch), and the
 * returned sinv = where(large, 1 / s, 0) in x's real dtype. */
typedef struct Svd {
    IrValue *u, *s, *vt, *large;
} Svd;
static IrValue *svd_inverted(Lower *L, Span sp, IrValue *x, IrValue *rc, Svd *f)
{
    DType dt = x->type->dtype;
    int nd = x->type->ndim;
    DType dts[3] = {dt, dt_real(dt), dt};
    int nds[3] = {nd, nd - 1, nd};
    IrValue *usv = emit_la(L, sp, LA_SVD, SVD_REDUCED, x, NULL, arrays_tuple(3, dts, nds));
    f->u = lw_tuple_get(L, usv, 0, sp);
    f->s = lw_tuple_get(L, usv, 1, sp);
    f->vt = lw_tuple_get(L, usv, 2, sp);
    IrValue *cutoff = lw_binop(L, AOP_MUL, sp, rc, reduce_last(L, sp, f->s, RED_MAX, true));
    f->large = cutoff ? lw_binop(L, AOP_GT, sp, f->s, cutoff) : NULL;
    IrValue *recip = lw_binop(L, AOP_DIV, sp, lw_const_float(L, sp, 1.0), f->s);
    if (!f->large || !recip) return NULL;
    IrValue *sinv = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){f->large, recip, lw_const_float(L, sp, 0.0)});
    if (sinv && sinv->type->dtype != dt_real(dt)) sinv = lw_cast(L, sinv, dt_real(dt), sp);
    return sinv;
}

/* pinv(a, rcond=None, hermitian=False, *, rtol=<unset>), NumPy 2: rcond 1e-15 unless given
 * (rtol=None: max(M, N) * eps); u, s, vt = svd(conj(a), full_matrices=False); the singular
 * values above rcond * max(s) are inverted, the others dropped:
 * transpose(vt) @ (where(s > cutoff, 1 / s, 0)[..., None] * transpose(u)). */
static IrValue *api_pinv(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "pinv", "a,rcond,hermitian,rtol", 1, &a)) return NULL;
    Span sp = call->span;
    bool herm;
    if (!lw_bool_arg(L, a.p[2], false, &herm)) return NULL;
    IrValue *x = la_operand(L, a.p[0], "pinv");
    if (!x) return NULL;
    DType dt = x->type->dtype;
    IrValue *rc = a.p[1] ? lw_expr(L, a.p[1]) : NULL;
    if (a.p[1] && !rc) return NULL;
    if (rc && lw_is_none(rc)) rc = NULL;
    if (!rc && a.p[3]) {
        IrValue *rt = lw_expr(L, a.p[3]);
        if (!rt) return NULL;
        rc = lw_is_none(rt) ? default_rtol(L, sp, x, dt) : rt;
    }
    if (!rc) rc = lw_const_float(L, sp, 1e-15);
    if (!ty_is_numeric(rc->type)) {
        diag_error(a.p[1] ? a.p[1]->span : sp, "pinv() expects a number or an array for rcond, got %s",
                   ty_str_of(rc->type));
        return NULL;
    }
    if (rc->type->kind == TY_ARRAY) rc = newaxis_last(L, sp, rc);
    if (dt_is_complex(dt)) x = lw_ewise(L, IR_CONJ, sp, 1, &x);
    if (!x) return NULL;
    Svd f;
    IrValue *sinv = svd_inverted(L, sp, x, rc, &f);
    if (!sinv) return NULL;
    IrValue *u = f.u, *vt = f.vt;
    IrValue *scaled = lw_binop(L, AOP_MUL, sp, newaxis_last(L, sp, sinv), swap_last(L, sp, u));
    return scaled ? lw_matmul(L, sp, swap_last(L, sp, vt), scaled) : NULL;
}

/* x[..., k]: a view. */
static IrValue *last_item(Lower *L, Span sp, IrValue *x, int64_t k)
{
    IrValue *args[2] = {x, lw_const_int(L, sp, k)};
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(x->type->dtype, x->type->ndim - 1), 2, args);
    r->def->nidx = 2;
    r->def->idx[0] = IDX_ELLIPSIS;
    r->def->idx[1] = IDX_INT;
    return r;
}

/* The minimum-norm least-squares solution of x @ sol = bm (2-d, one dtype) from the SVD of
 * x, the singular values above rc * max(s) inverted: Vh^H (s^-1 U^H bm); *f gets the SVD. */
static IrValue *lstsq_solution(Lower *L, Span sp, IrValue *x, IrValue *bm, IrValue *rc, Svd *f)
{
    IrValue *sinv = svd_inverted(L, sp, x, rc, f);
    if (!sinv) return NULL;
    IrValue *uh = swap_last(L, sp, f->u), *v = swap_last(L, sp, f->vt);
    if (dt_is_complex(x->type->dtype)) {
        uh = lw_ewise(L, IR_CONJ, sp, 1, &uh);
        v = lw_ewise(L, IR_CONJ, sp, 1, &v);
    }
    IrValue *uhb = uh ? lw_matmul(L, sp, uh, bm) : NULL;
    IrValue *scaled = uhb ? lw_binop(L, AOP_MUL, sp, newaxis_last(L, sp, sinv), uhb) : NULL;
    return scaled && v ? lw_matmul(L, sp, v, scaled) : NULL;
}

/* polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False), NumPy's: x and y as floats
 * (ints and bool as float64), lhs = vander(x, deg + 1) (column j is x**(deg - j)), rows
 * multiplied by w when given, each column scaled to unit norm; the lstsq solution (rcond
 * len(x) * eps) divided by the scales.  y 1-d gives deg + 1 coefficients, highest power
 * first; y 2-d a column of them per column of y.  NumPy's TypeErrors for the shapes, its
 * ValueError for deg < 0 (at run time for a run-time deg).  Not compiled: full=True, cov=. */
static IrValue *api_polyfit(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "polyfit", "x,y,deg,rcond,full,w,cov", 3, &a) || !lw_no_arg(a.p[6], "cov"))
        return NULL;
    Span sp = call->span;
    bool full;
    if (!lw_bool_arg(L, a.p[4], false, &full)) return NULL;
    if (full) {
        diag_error(a.p[4]->span, "polyfit(full=True) is not supported yet");
        return NULL;
    }
    IrValue *x = lw_arraylike(L, a.p[0], "polyfit"), *y = x ? lw_arraylike(L, a.p[1], "polyfit") : NULL;
    IrValue *deg = y ? lw_int_arg(L, a.p[2]) : NULL;
    if (!deg) return NULL;
    if (x->type->ndim != 1) {
        diag_error(a.p[0]->span, "expected 1D vector for x");
        return NULL;
    }
    if (y->type->ndim < 1 || y->type->ndim > 2) {
        diag_error(a.p[1]->span, "expected 1D or 2D array for y");
        return NULL;
    }
    DType dx, dy;
    if (!la_dtype(a.p[0]->span, x->type->dtype, &dx) || !la_dtype(a.p[1]->span, y->type->dtype, &dy))
        return NULL;
    DType dt = dt_promote(dx, dy);
    x = lw_cast_to(L, x, dt, sp);
    y = lw_cast_to(L, y, dt, sp);
    IrValue *n = lw_dim(L, sp, x, 0), *zero = lw_cint(L, sp, 0);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_LT, sp, deg, zero), "ValueError", "expected deg >= 0") ||
        !lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, zero), "TypeError",
                     "expected non-empty vector for x") ||
        !lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, n, lw_dim(L, sp, y, 0)), "TypeError",
                     "expected x and y to have same length"))
        return NULL;
    IrValue *order = lw_iadd(L, sp, deg, lw_cint(L, sp, 1));
    IrValue *pw = lw_binop(L, AOP_SUB, sp, deg, lw_iota(L, sp, order)); /* deg, deg - 1, ..., 0 */
    IrValue *lhs = lw_binop(L, AOP_POW, sp, newaxis_last(L, sp, x), lw_cast_to(L, pw, dt, sp));
    IrValue *rhs = y;
    if (a.p[5]) {
        IrValue *w = lw_arraylike(L, a.p[5], "polyfit");
        if (!w) return NULL;
        if (w->type->ndim != 1) {
            diag_error(a.p[5]->span, "expected a 1-d array for weights");
            return NULL;
        }
        if (!lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, lw_dim(L, sp, w, 0), n), "TypeError",
                         "expected w and y to have the same length"))
            return NULL;
        w = lw_cast_to(L, w, dt, sp);
        lhs = lw_binop(L, AOP_MUL, sp, lhs, newaxis_last(L, sp, w));
        rhs = lw_binop(L, AOP_MUL, sp, rhs, y->type->ndim == 2 ? newaxis_last(L, sp, w) : w);
    }
    IrValue *sq = lhs ? lw_binop(L, AOP_MUL, sp, lhs, lhs) : NULL;
    IrValue *scale =
        sq ? lw_ewise(L, IR_SQRT, sp, 1,
                      (IrValue *[]){ lw_reduce_axes(L, sp, RED_SUM, sq, 1, (int[]){ 0 }, false, dt) })
           : NULL;
    lhs = scale ? lw_binop(L, AOP_DIV, sp, lhs, scale) : NULL;
    if (!lhs || !rhs) return NULL;
    double eps = dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    IrValue *rc = a.p[3] ? lw_expr(L, a.p[3]) : NULL;
    if (a.p[3] && !rc) return NULL;
    if (!rc || lw_is_none(rc)) rc = lw_binop(L, AOP_MUL, sp, n, lw_const_float(L, sp, eps));
    if (!ty_is_numeric(rc->type) || rc->type->kind == TY_ARRAY) {
        diag_error(a.p[3]->span, "polyfit() expects a number for rcond, got %s", ty_str_of(rc->type));
        return NULL;
    }
    Svd f;
    bool vec = rhs->type->ndim == 1;
    IrValue *c = lstsq_solution(L, sp, lhs, vec ? newaxis_last(L, sp, rhs) : rhs, rc, &f);
    if (!c) return NULL;
    c = lw_binop(L, AOP_DIV, sp, c, newaxis_last(L, sp, scale));
    return c && vec ? last_item(L, sp, c, 0) : c;
}

/* lstsq(a, b, rcond=None), NumPy 2 (gelsd's minimum-norm least-squares solution, from the
 * SVD): a (M, N) and b (M,) or (M, K), both 2-d after b[:, None]; rcond None: float64's eps *
 * max(M, N) (NumPy computes in double); the singular values above rcond * max(s) count:
 * x = Vh^H (s^-1 U^H b), rank = their number, residuals sum(|b - a x|**2, axis=0) when rank == N
 * and M > N, else an empty array; → (x, residuals, rank, s), rank a Python int. */
static IrValue *api_lstsq(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "lstsq", "a,b,rcond", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "lstsq"), *y = x ? lw_array_arg(L, a.p[1], "lstsq") : NULL;
    if (!y) return NULL;
    bool vec = y->type->ndim == 1;
    for (int i = 0; i < 2; i++) {
        int nd = (i ? y : x)->type->ndim + (i && vec ? 1 : 0);
        if (nd != 2) {
            diag_error(a.p[i]->span, "%d-dimensional array given. Array must be two-dimensional", nd);
            return NULL;
        }
    }
    DType dx, dy;
    if (!la_dtype(a.p[0]->span, x->type->dtype, &dx) || !la_dtype(a.p[1]->span, y->type->dtype, &dy)) return NULL;
    DType dt = dt_promote(dx, dy), rdt = dt_real(dt);
    if (x->type->dtype != dt) x = lw_cast(L, x, dt, sp);
    if (y->type->dtype != dt) y = lw_cast(L, y, dt, sp);
    if (!x || !y) return NULL;
    IrValue *bm = vec ? newaxis_last(L, sp, y) : y;
    IrValue *m = lw_dim(L, sp, x, 0), *n = lw_dim(L, sp, x, 1);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, m, lw_dim(L, sp, bm, 0)), "numpy.linalg.LinAlgError",
                     "Incompatible dimensions"))
        return NULL;
    IrValue *rc = a.p[2] ? lw_expr(L, a.p[2]) : NULL;
    if (a.p[2] && !rc) return NULL;
    if (!rc || lw_is_none(rc)) {
        IrValue *big = lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){m, n});
        rc = big ? lw_binop(L, AOP_MUL, sp, big, lw_const_float(L, sp, 2.220446049250313e-16)) : NULL;
    }
    if (!rc || !ty_is_numeric(rc->type) || rc->type->kind == TY_ARRAY) {
        if (rc) diag_error(a.p[2]->span, "lstsq() expects a number for rcond, got %s", ty_str_of(rc->type));
        return NULL;
    }
    Svd f;
    IrValue *sol = lstsq_solution(L, sp, x, bm, rc, &f);
    if (!sol) return NULL;
    IrValue *s = f.s, *large = f.large;
    /* rank (synchronises: the residuals' length depends on it) */
    IrValue *cnt = lw_reduce_axes(L, sp, RED_SUM, large, 1, (int[]){0}, false, DT_INT64);
    IrValue *rank = lw_to_scalar(L, cnt, TY_INT, sp);
    /* residuals: sum(|b - a x|**2, axis=0), kept when rank == N and M > N */
    IrValue *res = lw_binop(L, AOP_SUB, sp, bm, lw_matmul(L, sp, x, sol));
    if (res && dt_is_complex(dt)) res = lw_ewise(L, IR_ABS, sp, 1, &res);
    IrValue *sq = res ? lw_binop(L, AOP_MUL, sp, res, res) : NULL;
    if (!sq || !rank) return NULL;
    IrValue *rsum = lw_reduce_axes(L, sp, RED_SUM, sq, 1, (int[]){0}, false, rdt);
    IrValue *keep = lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_EQ, sp, rank, n), lw_binop(L, AOP_GT, sp, m, n));
    IrValue *stop = keep ? lw_binop(L, AOP_MUL, sp, lw_dim(L, sp, rsum, 0), keep) : NULL;
    IrValue *resids = stop ? lw_slice_axis(L, sp, rsum, 0, lw_const_none(L, sp), stop, lw_const_none(L, sp)) : NULL;
    if (!resids) return NULL;
    if (vec) sol = last_item(L, sp, sol, 0);
    return lw_tuple(L, sp, 4, (IrValue *[]){sol, resids, rank, s});
}

/* The product of x's dimensions [lo, hi) as a run-time int. */
static IrValue *dims_prod(Lower *L, Span sp, IrValue *x, int lo, int hi)
{
    IrValue *p = lw_const_int(L, sp, 1);
    for (int i = lo; i < hi && p; i++) p = lw_binop(L, AOP_MUL, sp, p, lw_dim(L, sp, x, i));
    return p;
}

/* tensorinv(a, ind=2): inv(a.reshape(prod(a.shape[:ind]), -1)) reshaped to
 * a.shape[ind:] + a.shape[:ind]; ind a compile-time int > 0. */
static IrValue *api_tensorinv(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tensorinv", "a,ind", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "tensorinv");
    int64_t ind = 2;
    if (!x) return NULL;
    if (a.p[1]) {
        IrValue *v = lw_expr(L, a.p[1]);
        if (!v) return NULL;
        if (!lw_is_const_int(v, &ind)) {
            diag_error(a.p[1]->span, "tensorinv() needs a compile-time integer ind");
            return NULL;
        }
    }
    int nd = x->type->ndim;
    if (ind <= 0) {
        diag_error(a.p[1] ? a.p[1]->span : sp, "Invalid ind argument.");
        return NULL;
    }
    int cut = ind < nd ? (int)ind : nd;   /* past the last axis, a.shape[ind:] is () */
    IrValue *dims[2] = {dims_prod(L, sp, x, cut, nd), lw_const_int(L, sp, -1)};
    IrValue *m = lw_emit_reshape(L, sp, x, 2, dims);
    IrValue *inv = m ? inv_of(L, sp, m) : NULL;
    if (!inv) return NULL;
    IrValue *shape[IR_MAXDIM];
    int k = 0;
    for (int i = cut; i < nd; i++) shape[k++] = lw_dim(L, sp, x, i);
    for (int i = 0; i < cut; i++) shape[k++] = lw_dim(L, sp, x, i);
    return lw_emit_reshape(L, sp, inv, nd, shape);
}

/* tensorsolve(a, b, axes=None): x of shape a.shape[b.ndim:] with tensordot(a, x, x.ndim) == b:
 * solve(a.reshape(P, P), b.ravel()) reshaped, P = prod(a.shape[b.ndim:]), after NumPy's check
 * that a.size == P * P (LinAlgError; its text keeps the spaces of NumPy's line continuation). */
static IrValue *api_tensorsolve(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "tensorsolve", "a,b,axes", 2, &a) || !lw_no_arg(a.p[2], "axes")) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "tensorsolve"), *y = x ? lw_array_arg(L, a.p[1], "tensorsolve") : NULL;
    if (!y) return NULL;
    int an = x->type->ndim, bn = y->type->ndim;
    if (bn > an) {
        diag_error(sp, "tensorsolve(): b has more dimensions (%d) than a (%d)", bn, an);
        return NULL;
    }
    IrValue *p = dims_prod(L, sp, x, bn, an);
    IrValue *bad = p ? lw_binop(L, AOP_NE, sp, lw_emit1(L, IR_SIZE, sp, ty_int(), x), lw_binop(L, AOP_MUL, sp, p, p)) : NULL;
    if (!bad || !lw_raise_if(L, sp, bad, "numpy.linalg.LinAlgError",
                             "Input arrays must satisfy the requirement             "
                             "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])"))
        return NULL;
    IrValue *dims[2] = {p, p};
    IrValue *m = lw_emit_reshape(L, sp, x, 2, dims), *v = lw_ravel(L, sp, y);
    DType dx, dy;
    if (!m || !v || !la_dtype(a.p[0]->span, x->type->dtype, &dx) || !la_dtype(a.p[1]->span, y->type->dtype, &dy))
        return NULL;
    DType dt = dt_promote(dx, dy);
    if (m->type->dtype != dt) m = lw_cast(L, m, dt, sp);
    if (v->type->dtype != dt) v = lw_cast(L, v, dt, sp);
    IrValue *r = m && v ? emit_la(L, sp, LA_SOLVE, 0, m, v, ty_array(dt, 1)) : NULL;
    if (!r) return NULL;
    IrValue *shape[IR_MAXDIM];
    for (int i = bn; i < an; i++) shape[i - bn] = lw_dim(L, sp, x, i);
    return lw_emit_reshape(L, sp, r, an - bn, shape);
}

/* ---------------------------------------------------------------- norm, matrix_power */

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
        IrValue *s = svd_values(L, sp, y);
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
        x = inv_of(L, sp, x);
        if (!x) return NULL;
        n = -n;
    }
    return lw_emit_matmul(L, sp, x, x, MM_MATRIX_POWER, n, x->type->ndim);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_solve)
LW_API_PLAIN(api_inv)
LW_API_PLAIN(api_cholesky)
LW_API_NAMED(api_det)
LW_API_PLAIN(api_qr)
LW_API_NAMED(api_eigh)
LW_API_PLAIN(api_svd)
LW_API_PLAIN(api_eigvals)
LW_API_PLAIN(api_roots)
LW_API_PLAIN(api_matrix_rank)
LW_API_PLAIN(api_pinv)
LW_API_PLAIN(api_lstsq)
LW_API_PLAIN(api_polyfit)
LW_API_PLAIN(api_tensorinv)
LW_API_PLAIN(api_tensorsolve)

LW_API_PLAIN(api_norm)
LW_API_PLAIN(api_matrix_power)

const ApiFn lw_solver_api[] = {
    { "cupy.linalg", "solve", api_solve_api, 0 },
    { "cupy.linalg", "inv", api_inv_api, 0 },
    { "cupy.linalg", "cholesky", api_cholesky_api, 0 },
    { "cupy.linalg", "det", api_det_api, 0 },
    { "cupy.linalg", "slogdet", api_det_api, 0 },
    { "cupy.linalg", "qr", api_qr_api, 0 },
    { "cupy.linalg", "eigh", api_eigh_api, 0 },
    { "cupy.linalg", "eigvalsh", api_eigh_api, 0 },
    { "cupy.linalg", "svd", api_svd_api, 0 },
    { "cupy.linalg", "eigvals", api_eigvals_api, 0 },
    { "cupy", "roots", api_roots_api, 0 },
    { "cupy.linalg", "matrix_rank", api_matrix_rank_api, 0 },
    { "cupy.linalg", "pinv", api_pinv_api, 0 },
    { "cupy.linalg", "lstsq", api_lstsq_api, 0 },
    { "cupy", "polyfit", api_polyfit_api, 0 },
    { "cupy.linalg", "tensorinv", api_tensorinv_api, 0 },
    { "cupy.linalg", "tensorsolve", api_tensorsolve_api, 0 },
    { "cupy.linalg", "norm", api_norm_api, 0 },
    { "cupy.linalg", "matrix_power", api_matrix_power_api, 0 },
    { NULL, NULL, NULL, 0 },
};
