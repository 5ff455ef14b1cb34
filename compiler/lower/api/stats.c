/*
 * lower/api/stats.c — the statistics built on a matrix product: cov and corrcoef (rowvar, bias,
 * ddof, fweights / aweights with NumPy's checks, dtype=), composed of casts, sums
 * (lw_reduce_axes), a centred product (lw_matmul) and the diagonal (lw_eye_masked).
 * Table: lw_stats_api.
 */
#include "compiler/lower/lower.h"

#include <string.h>

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
    IrValue *r = lw_reduce_axes(L, sp, RED_SUM, v, v->type->ndim, (int[IR_MAXDIM]){0}, false, DT_BOOL);
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
        x = lw_join(L, sp, "concatenate", 2, arrs, 0, dt);
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
        IrValue *v1 = lw_reduce_axes(L, sp, RED_SUM, w, 1, (int[]){0}, false, DT_FLOAT64);
        IrValue *zero = lw_binop(L, AOP_EQ, sp, v1, lw_const_int(L, sp, 0));
        if (!zero || !lw_raise_if(L, sp, lw_truth(L, zero, sp), "ZeroDivisionError",
                                  "Weights sum to zero, can't be normalized"))
            return NULL;
        IrValue *wr = lw_emit_reshape(L, sp, w, 2, (IrValue *[]){lw_const_int(L, sp, 1), lw_const_int(L, sp, -1)});
        IrValue *xw = lw_binop(L, AOP_MUL, sp, x, wr);
        if (!xw) return NULL;
        IrValue *s = lw_reduce_axes(L, sp, RED_SUM, xw, 1, (int[]){1}, true, rdt);
        avg = lw_binop(L, AOP_DIV, sp, s, v1);
        if (aw) {
            IrValue *wa = lw_binop(L, AOP_MUL, sp, w, aw);
            IrValue *v2 = wa ? lw_reduce_axes(L, sp, RED_SUM, wa, 1, (int[]){0}, false, DT_FLOAT64) : NULL;
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
    IrValue *masked = lw_eye_masked(L, sp, c);
    if (!masked) return NULL;
    int ax[1] = {1};
    IrValue *d = lw_reduce_axes(L, sp, RED_SUM, masked, 1, ax, true, c->type->dtype);      /* (n, 1) */
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

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_cov)
LW_API_PLAIN(api_corrcoef)

const ApiFn lw_stats_api[] = {
    {"cupy", "cov", api_cov_api, 0},
    {"cupy", "corrcoef", api_corrcoef_api, 0},
    {NULL, NULL, NULL, 0},
};
