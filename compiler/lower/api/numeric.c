/*
 * lower/api/numeric.c — numerical routines composed from slices, gathers, searchsorted and
 * elementwise ops: interp, gradient, convolve, correlate, polymul, unwrap.  None has a kernel of
 * its own.
 *
 *   interp(x, xp, fp, left, right): j = searchsorted(xp, x, 'right') - 1 clipped to the last
 *     interval, fp[j] + (x - xp[j]) * slope_j, with left/right (default fp[0]/fp[-1]) outside
 *     [xp[0], xp[-1]]; float64 (NumPy's only real loop);
 *   gradient(f, dx..., axis=, edge_order=1): central differences inside, one-sided at the
 *     edges, uniform spacing given as numbers;
 *   convolve(a, v, mode): a gather of the zero-extended a by the (len(a)+len(v)-1, len(v))
 *     index matrix k - j, times v, summed over j — O(n*m) memory, meant for small kernels,
 *     then NumPy's 'same'/'valid' windows; correlate(a, v, mode) the same with conj(v)[::-1];
 *     polymul(a1, a2) the full convolution;
 *   unwrap(p, discont, axis, period): diff, mod, where and a cumsum (IR_SCAN);
 *   polynomial.polynomial.polycompanion(c): c's trailing zeros trimmed (a run-time length),
 *     then one elementwise matrix; polyvander(x, deg): x[..., None] ** arange(deg + 1);
 *   polynomial.polyutils.trimseq, trimcoef, as_series: the same trimming (kept_len).
 */
#include "compiler/lower/lower.h"

#include <string.h>

static IrValue *where3(Lower *L, Span sp, IrValue *c, IrValue *a, IrValue *b)
{
    return c && a && b ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){c, a, b}) : NULL;
}

/* x[i] of a 1-d x for a host int i: a 0-d view. */
static IrValue *item(Lower *L, Span sp, IrValue *x, IrValue *i)
{
    IrValue *args[2] = {x, i};
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(x->type->dtype, 0), 2, args);
    r->def->nidx = 1;
    r->def->idx[0] = IDX_INT;
    return r;
}

/* A 1-d real argument as float64. */
static IrValue *real1d(Lower *L, AstNode *e, const char *fn, const char *what)
{
    IrValue *v = lw_arraylike(L, e, fn);
    if (!v) return NULL;
    if (v->type->ndim != 1) {
        diag_error(e->span, "%s() needs a 1-d %s", fn, what);
        return NULL;
    }
    if (dt_is_complex(v->type->dtype)) {
        diag_error(e->span, "%s() of complex arrays is not supported yet", fn);
        return NULL;
    }
    return v->type->dtype == DT_FLOAT64 ? v : lw_cast(L, v, DT_FLOAT64, e->span);
}

/* ---------------------------------------------------------------- interp */

static IrValue *api_interp(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "interp", "x,xp,fp,left,right,period", 3, &a) || !lw_no_arg(a.p[5], "period")) return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "interp");
    IrValue *xp = x ? real1d(L, a.p[1], "interp", "xp") : NULL;
    IrValue *fp = xp ? real1d(L, a.p[2], "interp", "fp") : NULL;
    if (!fp) return NULL;
    if (dt_is_complex(x->type->dtype)) {
        diag_error(a.p[0]->span, "interp() of complex arrays is not supported yet");
        return NULL;
    }
    if (x->type->dtype != DT_FLOAT64) x = lw_cast(L, x, DT_FLOAT64, sp);
    IrValue *n = lw_dim(L, sp, xp, 0);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0)), "ValueError", "array of sample points is empty") ||
        !lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, lw_dim(L, sp, fp, 0), n), "ValueError",
                     "fp and xp are not of the same length."))
        return NULL;
    IrValue *bounds[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        AstNode *e = a.p[3 + i];
        IrValue *v = e ? lw_expr(L, e) : NULL;
        if (e && !v) return NULL;
        if (v && v->type->kind != TY_NONE) {
            if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
                diag_error(e->span, "interp() takes a real number for %s here, got %s", i ? "right" : "left",
                           ty_str_of(v->type));
                return NULL;
            }
            bounds[i] = lw_to_scalar(L, v, TY_FLOAT, e->span);
        } else {
            bounds[i] = item(L, sp, fp, i ? lw_binop(L, AOP_SUB, sp, n, lw_cint(L, sp, 1)) : lw_cint(L, sp, 0));
        }
    }
    /* j in [0, n-2] (0 when n == 1), k = min(j + 1, n - 1) */
    IrValue *ss = lw_emit(L, IR_SEARCHSORTED, sp, ty_array(DT_INT64, x->type->ndim), 2, (IrValue *[]){xp, x});
    ss->def->ival = 1;
    IrValue *last = lw_binop(L, AOP_SUB, sp, n, lw_cint(L, sp, 1));
    IrValue *hi = lw_ew2(L, IR_MAXIMUM, sp, lw_binop(L, AOP_SUB, sp, n, lw_cint(L, sp, 2)), lw_cint(L, sp, 0));
    IrValue *j = lw_ew2(L, IR_MINIMUM, sp, lw_ew2(L, IR_MAXIMUM, sp, lw_ew2(L, IR_SUB, sp, ss, lw_cint(L, sp, 1)), lw_cint(L, sp, 0)), hi);
    IrValue *k = lw_ew2(L, IR_MINIMUM, sp, lw_ew2(L, IR_ADD, sp, j, lw_cint(L, sp, 1)), last);
    IrValue *x0 = lw_gather(L, sp, xp, j), *x1 = lw_gather(L, sp, xp, k);
    IrValue *f0 = lw_gather(L, sp, fp, j), *f1 = lw_gather(L, sp, fp, k);
    IrValue *dx = lw_ew2(L, IR_SUB, sp, x1, x0);
    IrValue *slope = lw_ew2(L, IR_TRUEDIV, sp, lw_ew2(L, IR_SUB, sp, f1, f0), dx);
    IrValue *lin = lw_ew2(L, IR_ADD, sp, lw_ew2(L, IR_MUL, sp, slope, lw_ew2(L, IR_SUB, sp, x, x0)), f0);
    IrValue *r = where3(L, sp, lw_ew2(L, IR_EQ, sp, dx, lw_cint(L, sp, 0)), f0, lin);
    IrValue *xlo = item(L, sp, xp, lw_cint(L, sp, 0)), *xhi = item(L, sp, xp, last);
    r = where3(L, sp, lw_ew2(L, IR_EQ, sp, x, xhi), item(L, sp, fp, last), r);
    r = where3(L, sp, lw_ew2(L, IR_GT, sp, x, xhi), bounds[1], r);
    r = where3(L, sp, lw_ew2(L, IR_LT, sp, x, xlo), bounds[0], r);
    if (r && r->type->dtype != DT_FLOAT64) r = lw_cast(L, r, DT_FLOAT64, sp);
    return r;
}

/* ---------------------------------------------------------------- gradient */

/* The gradient of f (float dtype dt) along axis with uniform spacing dx: central differences
 * (f[2:] - f[:-2]) / (2 dx) inside, (f[1] - f[0]) / dx and (f[-1] - f[-2]) / dx at the edges. */
static IrValue *gradient_axis(Lower *L, Span sp, IrValue *f, int axis, IrValue *dx, DType dt)
{
    int nd = f->type->ndim;
    IrValue *n = lw_dim(L, sp, f, axis);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_LT, sp, n, lw_cint(L, sp, 2)), "ValueError",
                     "Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements "
                     "are required."))
        return NULL;
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, f, sp, dims);
    IrValue *out = lw_emit_empty(L, sp, dt, nd, dims);
    IrValue *one = lw_cint(L, sp, 1), *two = lw_cint(L, sp, 2), *m1 = lw_cint(L, sp, -1), *m2 = lw_cint(L, sp, -2);
    IrValue *parts[3][2];
    parts[0][0] = lw_slice_axis(L, sp, out, axis, one, m1, NULL);
    parts[0][1] = lw_ew2(L, IR_TRUEDIV, sp,
                      lw_ew2(L, IR_SUB, sp, lw_slice_axis(L, sp, f, axis, two, NULL, NULL),
                          lw_slice_axis(L, sp, f, axis, NULL, m2, NULL)),
                      lw_ew2(L, IR_MUL, sp, lw_const_float(L, sp, 2.0), dx));
    parts[1][0] = lw_slice_axis(L, sp, out, axis, NULL, one, NULL);
    parts[1][1] = lw_ew2(L, IR_TRUEDIV, sp,
                      lw_ew2(L, IR_SUB, sp, lw_slice_axis(L, sp, f, axis, one, two, NULL),
                          lw_slice_axis(L, sp, f, axis, NULL, one, NULL)),
                      dx);
    parts[2][0] = lw_slice_axis(L, sp, out, axis, m1, NULL, NULL);
    parts[2][1] = lw_ew2(L, IR_TRUEDIV, sp,
                      lw_ew2(L, IR_SUB, sp, lw_slice_axis(L, sp, f, axis, m1, NULL, NULL),
                          lw_slice_axis(L, sp, f, axis, m2, m1, NULL)),
                      dx);
    for (int i = 0; i < 3; i++) {
        if (!parts[i][1]) return NULL;
        IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){parts[i][0], parts[i][1]});
        in->dtype = dt;
    }
    return out;
}

/* gradient(f, *varargs, axis=None, edge_order=1): one array for a 1-d f or one axis, else a
 * tuple with one array per axis; varargs: no spacing, one number for every axis, or one per
 * axis.  Float dtypes keep theirs, others give float64. */
static IrValue *api_gradient(Lower *L, AstNode *call)
{
    Span sp = call->span;
    if (call->elts.n < 1) {
        diag_error(sp, "gradient() missing required argument 'f' (pos 1)");
        return NULL;
    }
    AstNode *axis_e = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "axis")) {
            axis_e = kw->rhs;
        } else if (!strcmp(kw->sval, "edge_order")) {
            IrValue *eo = lw_expr(L, kw->rhs);
            int64_t c;
            if (!eo) return NULL;
            if (!lw_is_const_int(eo, &c) || c != 1) {
                diag_error(kw->rhs->span, "gradient(edge_order=...) other than 1 is not supported yet");
                return NULL;
            }
        } else {
            diag_error(kw->span, "gradient() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    AstNode *fe = call->elts.v[0];
    IrValue *f = lw_arraylike(L, fe, "gradient");
    if (!f) return NULL;
    int nd = f->type->ndim;
    if (nd == 0) {
        diag_error(fe->span, "gradient() needs an array of at least one dimension");
        return NULL;
    }
    DType dt = f->type->dtype;
    if (dt_is_complex(dt)) {
        diag_error(fe->span, "gradient() of complex arrays is not supported yet");
        return NULL;
    }
    if (!dt_is_float(dt)) {
        dt = DT_FLOAT64;
        f = lw_cast(L, f, dt, sp);
    }
    int axes[IR_MAXDIM], na = 0;
    bool all = true;
    if (axis_e) {
        IrValue *av = lw_expr(L, axis_e);
        if (!av) return NULL;
        if (av->type->kind != TY_NONE) {
            all = false;
            if (av->type->kind == TY_TUPLE) {
                bool a_all;
                if (!lw_axis_arg(L, axis_e, nd, axes, &na, &a_all)) return NULL;
            } else {
                if (!lw_axis1(L, axis_e, nd, 0, &axes[0])) return NULL;
                na = 1;
            }
        }
    }
    if (all) {
        for (int i = 0; i < nd; i++) axes[i] = i;
        na = nd;
    }
    int nsp = call->elts.n - 1;
    if (nsp != 0 && nsp != 1 && nsp != na) {
        diag_error(sp, "invalid number of arguments");
        return NULL;
    }
    IrValue *out[IR_MAXDIM];
    for (int i = 0; i < na; i++) {
        IrValue *dx = lw_const_float(L, sp, 1.0);
        if (nsp) {
            AstNode *e = call->elts.v[1 + (nsp == 1 ? 0 : i)];
            dx = lw_expr(L, e);
            if (!dx) return NULL;
            if (!ty_is_scalar(dx->type) || dx->type->kind == TY_COMPLEX) {
                diag_error(e->span, "gradient() takes numbers as spacing here (coordinate arrays are not supported "
                                    "yet), got %s", ty_str_of(dx->type));
                return NULL;
            }
        }
        if (!(out[i] = gradient_axis(L, sp, f, axes[i], dx, dt))) return NULL;
    }
    if (na == 1) return out[0];   /* NumPy: one axis gives the array itself */
    return lw_tuple(L, sp, na, out);
}

/* ---------------------------------------------------------------- convolve */

/* The full convolution of the 1-d arrays x and v: full[k] = sum_j v[j] * x[k - j], a gather of
 * x zero-extended by len(v) - 1 on both sides by the (len(x)+len(v)-1, len(v)) index grid, then
 * a sum over j in the operands' dtype.  Empty inputs are NumPy's ValueError. */
static IrValue *conv_full(Lower *L, Span sp, IrValue *x, IrValue *v)
{
    IrValue *n = lw_dim(L, sp, x, 0), *m = lw_dim(L, sp, v, 0);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0)), "ValueError",
                     "a cannot be empty") ||
        !lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, m, lw_cint(L, sp, 0)), "ValueError", "v cannot be empty"))
        return NULL;
    IrValue *m1 = lw_binop(L, AOP_SUB, sp, m, lw_cint(L, sp, 1));
    IrValue *len = lw_binop(L, AOP_ADD, sp, n, m1);
    /* a zero-extended by m - 1 on both sides */
    IrValue *elen = lw_binop(L, AOP_ADD, sp, len, m1);
    IrValue *ext = lw_emit_full(L, sp, x->type->dtype, 1, &elen, lw_cint(L, sp, 0));
    IrValue *mid = lw_slice_axis(L, sp, ext, 0, m1, lw_binop(L, AOP_ADD, sp, m1, n), NULL);
    IrInstr *st = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){ mid, x });
    st->dtype = x->type->dtype;
    /* K[k, j] = k - j + m - 1 */
    IrValue *kk = lw_emit_reshape(L, sp, lw_iota(L, sp, len), 2, (IrValue *[]){ len, lw_cint(L, sp, 1) });
    IrValue *jj = lw_emit_reshape(L, sp, lw_iota(L, sp, m), 2, (IrValue *[]){ lw_cint(L, sp, 1), m });
    IrValue *K = lw_ew2(L, IR_ADD, sp, lw_ew2(L, IR_SUB, sp, kk, jj), m1);
    IrValue *prod = lw_ew2(L, IR_MUL, sp, lw_gather(L, sp, ext, K), v);
    if (!prod) return NULL;
    /* the sum over j (axis 1), in the operands' dtype as NumPy's correlate computes it */
    return lw_reduce_axes(L, sp, RED_SUM, prod, 1, (int[]){ 1 }, false, prod->type->dtype);
}

/* convolve(a, v, mode='full'): full[k] = sum_j v[j] * a[k - j]; 'same' is full[(min-1)//2:]
 * of length max(n, m), 'valid' full[min-1:max].  Empty inputs are NumPy's ValueError.
 * correlate(a, v, mode='valid') is the convolution with conj(v) reversed, whose 'same' part
 * starts at min//2 when v is the longer. */
static IrValue *api_convolve(Lower *L, AstNode *call, const char *name)
{
    Args a;
    bool corr = !strcmp(name, "correlate");
    if (!lw_bind(call, name, "a,v,mode", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], name);
    IrValue *v = x ? lw_arraylike(L, a.p[1], name) : NULL;
    const char *mode;
    if (!v || !lw_str_arg(L, a.p[2], corr ? "valid" : "full", &mode)) return NULL;
    if (strcmp(mode, "full") && strcmp(mode, "same") && strcmp(mode, "valid")) {
        diag_error(a.p[2]->span, "mode must be one of 'valid', 'same', or 'full' (got '%s')", mode);
        return NULL;
    }
    if (x->type->ndim != 1 || v->type->ndim != 1) {
        diag_error(sp, "object too deep for desired array");
        return NULL;
    }
    if (x->type->dtype == DT_BOOL || v->type->dtype == DT_BOOL) {
        diag_error(sp, "%s() of boolean arrays is not supported yet", name);
        return NULL;
    }
    if (corr) {
        if (dt_is_complex(v->type->dtype)) v = lw_ew1(L, IR_CONJ, sp, v);
        v = lw_slice_axis(L, sp, v, 0, NULL, NULL, lw_cint(L, sp, -1));
        if (!v) return NULL;
    }
    IrValue *full = conv_full(L, sp, x, v);
    if (!full || !strcmp(mode, "full")) return full;
    IrValue *n = lw_dim(L, sp, x, 0), *m = lw_dim(L, sp, v, 0);
    IrValue *lo = lw_ew2(L, IR_MINIMUM, sp, n, m), *hi = lw_ew2(L, IR_MAXIMUM, sp, n, m);
    IrValue *start, *stop;
    if (!strcmp(mode, "same")) {
        IrValue *lo1 = lw_binop(L, AOP_SUB, sp, lo, lw_cint(L, sp, 1));
        if (corr) /* + (n < m) */
            lo1 = lw_binop(
                L, AOP_ADD, sp, lo1,
                lw_imin(L, sp, lw_imax(L, sp, lw_isub(L, sp, m, n), lw_cint(L, sp, 0)), lw_cint(L, sp, 1)));
        start = lw_binop(L, AOP_FLOORDIV, sp, lo1, lw_cint(L, sp, 2));
        stop = lw_binop(L, AOP_ADD, sp, start, hi);
    } else {
        start = lw_binop(L, AOP_SUB, sp, lo, lw_cint(L, sp, 1));
        stop = hi;
    }
    return lw_emit1(L, IR_COPY, sp, full->type, lw_slice_axis(L, sp, full, 0, start, stop, NULL));
}

/* polymul(a1, a2): the coefficients of the product, highest power first: NumPy's
 * convolve(atleast_1d(a1), atleast_1d(a2)) (1-d coefficient arrays, lists or numbers; a
 * poly1d operand gives a poly1d). */
static IrValue *api_polymul(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "polymul", "a1,a2", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x[2];
    bool poly = false;
    for (int i = 0; i < 2; i++) {
        if (!(x[i] = lw_coeffs_arg(L, a.p[i], "polymul", &poly))) return NULL;
        if (x[i]->type->ndim > 1) {
            diag_error(a.p[i]->span, "polymul() takes 1-d coefficient arrays here");
            return NULL;
        }
        if (x[i]->type->dtype == DT_BOOL) {
            diag_error(a.p[i]->span, "polymul() of boolean arrays is not supported yet");
            return NULL;
        }
        if (x[i]->type->ndim == 0) x[i] = lw_atleast(L, sp, x[i], 1);
    }
    IrValue *r = conv_full(L, sp, x[0], x[1]);
    return r && poly ? lw_poly1d_make(L, sp, r, "x") : r;
}

/* ---------------------------------------------------------------- unwrap */

/* A number argument known when compiling (an int or float constant), dflt when absent or
 * None.  false after a located error. */
static bool number_arg(Lower *L, AstNode *e, double dflt, double *out)
{
    *out = dflt;
    if (!e || e->kind == AST_NONE) return true;
    IrValue *v = lw_expr(L, e);
    int64_t i;
    if (v && lw_is_const_int(v, &i)) return *out = (double)i, true;
    if (v && v->def && v->def->op == IR_CONST_FLOAT) return *out = v->def->fval, true;
    if (v) diag_error(e->span, "this argument must be a constant number here");
    return false;
}

/* unwrap(p, discont=None, axis=-1, *, period=2*pi), NumPy's steps: dd = diff(p) along axis,
 * ddmod = mod(dd + period/2, period) - period/2, +period/2 where that is -period/2 and dd > 0,
 * the correction ddmod - dd (0 where |dd| < discont, default period/2) summed along axis and
 * added to p[1:].  Real values; an integer p computes in float64 (NumPy's result_type with
 * the float period). */
static IrValue *api_unwrap(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "unwrap", "p,discont,axis,period", 1, &a)) return NULL;
    IrValue *p = lw_arraylike(L, a.p[0], "unwrap");
    if (!p || !lw_real_only(p, sp, "unwrap")) return NULL;
    int nd = p->type->ndim, axis;
    double period, discont;
    if (nd == 0) {
        diag_error(sp, "diff requires input that is at least one dimensional");
        return NULL;
    }
    if (!lw_axis1(L, a.p[2], nd, -1, &axis) || !number_arg(L, a.p[3], 6.283185307179586, &period) ||
        !number_arg(L, a.p[1], period / 2, &discont))
        return NULL;
    int64_t iperiod;
    IrValue *pv = a.p[3] ? lw_expr(L, a.p[3]) : NULL;
    if (!dt_is_float(p->type->dtype) && pv && lw_is_const_int(pv, &iperiod)) {
        diag_error(a.p[3]->span, "unwrap() of integers with an integer period is not supported");
        return NULL;
    }
    if (!dt_is_float(p->type->dtype)) p = lw_cast(L, p, DT_FLOAT64, sp);
    IrValue *one = lw_cint(L, sp, 1);
    IrValue *hi = lw_slice_axis(L, sp, p, axis, one, NULL, NULL);
    IrValue *dd = lw_ew2(L, IR_SUB, sp, hi, lw_slice_axis(L, sp, p, axis, NULL, lw_cint(L, sp, -1), NULL));
    IrValue *h = lw_const_float(L, sp, period / 2), *nh = lw_const_float(L, sp, -period / 2);
    IrValue *ddmod = lw_ew2(
        L, IR_SUB, sp, lw_ew2(L, IR_MOD, sp, lw_ew2(L, IR_ADD, sp, dd, h), lw_const_float(L, sp, period)), h);
    IrValue *amb = lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew2(L, IR_EQ, sp, ddmod, nh),
                          lw_ew2(L, IR_GT, sp, dd, lw_cint(L, sp, 0)));
    ddmod = where3(L, sp, amb, h, ddmod);
    IrValue *small = lw_ew2(L, IR_LT, sp, lw_ew1(L, IR_ABS, sp, dd), lw_const_float(L, sp, discont));
    IrValue *ph = where3(L, sp, small, lw_const_float(L, sp, 0), lw_ew2(L, IR_SUB, sp, ddmod, dd));
    if (!ph) return NULL;
    IrValue *cum = lw_emit1(L, IR_SCAN, sp, ph->type, ph);
    cum->def->redop = RED_SUM;
    cum->def->dtype = ph->type->dtype;
    cum->def->ival = axis;
    IrValue *up = lw_copy_of(L, sp, lw_cast_to(L, p, ph->type->dtype, sp));
    IrValue *sum = lw_ew2(L, IR_ADD, sp, hi, cum);
    if (!sum) return NULL;
    IrInstr *st = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2,
                          (IrValue *[]){ lw_slice_axis(L, sp, up, axis, one, NULL, NULL), sum });
    st->dtype = up->type->dtype;
    return up;
}

/* ---------------------------------------------------------------- polycompanion, polyvander */

/* The length of x (1-d) through its last element that is nonzero (tol NULL) or of absolute
 * value above tol: a host int, 0 when there is none. */
static IrValue *kept_len(Lower *L, Span sp, IrValue *x, IrValue *tol)
{
    IrValue *n = lw_dim(L, sp, x, 0);
    IrValue *pos = lw_ew2(L, IR_ADD, sp, lw_iota(L, sp, n), lw_cint(L, sp, 1));
    IrValue *keep = tol ? lw_ew2(L, IR_GT, sp, lw_ew1(L, IR_ABS, sp, x), tol) : lw_ew2(L, IR_NE, sp, x, lw_cint(L, sp, 0));
    IrValue *ends = lw_join(L, sp, "concatenate", 2,
                            (IrValue *[]){ where3(L, sp, keep, pos, lw_cint(L, sp, 0)),
                                           lw_emit_full(L, sp, DT_INT64, 1, (IrValue *[]){ lw_cint(L, sp, 1) },
                                                        lw_cint(L, sp, 0)) },
                            0, DT_INT64);
    int axis = 0;
    IrValue *len = ends ? lw_reduce_axes(L, sp, RED_MAX, ends, 1, &axis, false, DT_INT64) : NULL;
    return len ? lw_to_scalar(L, len, TY_INT, sp) : NULL;
}

/* x[:max(k, 1)] (k from kept_len): a view that keeps at least one element. */
static IrValue *trim_to(Lower *L, Span sp, IrValue *x, IrValue *k)
{
    return k ? lw_slice_axis(L, sp, x, 0, NULL, lw_imax(L, sp, k, lw_cint(L, sp, 1)), NULL) : NULL;
}

/* The dtype NumPy's common_type gives a coefficient series of dtype d alone: integers as
 * float64 (bool: NumPy's ValueError, *after a located error*: DT_COUNT). */
static DType series_dtype(Span sp, DType d)
{
    if (d == DT_BOOL) {
        diag_error(sp, "Coefficient arrays have no common type");
        return DT_COUNT;
    }
    return dt_is_int(d) ? DT_FLOAT64 : d;
}

/* One coefficient series as NumPy's as_series makes it, before the common type: e a number,
 * list or array (1-d at most: NumPy's ValueError, here at compile time) as a 1-d array, not
 * empty (ValueError at run time), its trailing zeros trimmed when trim (one kept). */
static IrValue *series(Lower *L, Span sp, AstNode *e, const char *fn, bool trim)
{
    IrValue *c = lw_arraylike(L, e, fn);
    if (!c) return NULL;
    if (c->type->ndim > 1) {
        diag_error(e->span, "Coefficient array is not 1-d");
        return NULL;
    }
    if (c->type->ndim == 0) c = lw_atleast(L, sp, c, 1);
    IrValue *n = lw_dim(L, sp, c, 0);
    lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0)), "ValueError", "Coefficient array is empty");
    if (!trim) return c;
    return trim_to(L, sp, c, kept_len(L, sp, c, NULL));
}

/* polynomial.polynomial.polycompanion(c), CuPy's: c as as_series makes it (trimmed; integers
 * as float64), deg = len(c) - 1 >= 1 (NumPy's ValueError at run time), then the deg x deg
 * matrix with ones below the diagonal, minus c[:-1] / c[-1] in its last column (just
 * -c[0] / c[1] for deg 1, NumPy's sign of a zero there). */
static IrValue *api_polycompanion(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "polycompanion", "c", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *c = series(L, sp, a.p[0], "polycompanion", true);
    DType dt = c ? series_dtype(a.p[0]->span, c->type->dtype) : DT_COUNT;
    if (dt == DT_COUNT) return NULL;
    c = lw_cast_to(L, c, dt, sp);
    IrValue *deg = lw_isub(L, sp, lw_dim(L, sp, c, 0), lw_cint(L, sp, 1));
    lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, deg, lw_cint(L, sp, 0)), "ValueError",
                     "Series must have maximum degree of at least 1.");
    IrValue *cols = lw_iota(L, sp, deg);
    IrValue *rows = lw_newaxis_at(L, sp, cols, 1);
    IrValue *below = lw_cast(L, lw_ew2(L, IR_EQ, sp, rows, lw_ew2(L, IR_ADD, sp, cols, lw_cint(L, sp, 1))), dt, sp);
    IrValue *q = lw_ew2(L, IR_TRUEDIV, sp, lw_slice_axis(L, sp, c, 0, NULL, deg, NULL), item(L, sp, c, deg));
    q = q ? lw_newaxis_at(L, sp, q, 1) : NULL;
    IrValue *lastcol = lw_ew2(L, IR_EQ, sp, cols, lw_isub(L, sp, deg, lw_cint(L, sp, 1)));
    IrValue *one = lw_binop(L, AOP_EQ, sp, deg, lw_cint(L, sp, 1));
    IrValue *last = where3(L, sp, one, lw_ew1(L, IR_NEG, sp, q), lw_ew2(L, IR_SUB, sp, below, q));
    return where3(L, sp, lastcol, last, below);
}

/* polynomial.polyutils.trimseq(seq): seq (a 1-d array) without its trailing zeros, one element
 * kept (an empty seq as it is): a view. */
static IrValue *api_trimseq(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "trimseq", "seq", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], "trimseq");
    if (!x) return NULL;
    if (x->type->ndim != 1) {
        diag_error(a.p[0]->span, "trimseq() takes a 1-d array");
        return NULL;
    }
    return trim_to(L, sp, x, kept_len(L, sp, x, NULL));
}

/* polynomial.polyutils.trimcoef(c, tol=0): c as as_series makes it, then through its last
 * coefficient of absolute value above tol; c[:1] * 0 when none is (tol < 0: NumPy's
 * ValueError).  A new array. */
static IrValue *api_trimcoef(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "trimcoef", "c,tol", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *tol = a.p[1] ? lw_expr(L, a.p[1]) : lw_cint(L, sp, 0);
    if (!tol) return NULL;
    if (!ty_is_scalar(tol->type) || tol->type->kind == TY_COMPLEX) {
        diag_error(a.p[1]->span, "trimcoef() takes a real number tol, not %s", ty_str_of(tol->type));
        return NULL;
    }
    IrValue *neg = lw_binop(L, AOP_LT, sp, tol, lw_cint(L, sp, 0));
    if (!neg || !lw_raise_if(L, sp, neg, "ValueError", "tol must be non-negative")) return NULL;
    IrValue *c = series(L, sp, a.p[0], "trimcoef", true);
    DType dt = c ? series_dtype(a.p[0]->span, c->type->dtype) : DT_COUNT;
    if (dt == DT_COUNT) return NULL;
    c = lw_cast_to(L, c, dt, sp);
    IrValue *k = kept_len(L, sp, c, tol);
    if (!k) return NULL;
    IrValue *some = lw_to_scalar(L, lw_binop(L, AOP_GT, sp, k, lw_cint(L, sp, 0)), TY_INT, sp);
    IrValue *part = trim_to(L, sp, c, k);
    return lw_binop(L, AOP_MUL, sp, part, some);
}

/* polynomial.polyutils.as_series(alist, trim=True): a list literal (or tuple) of coefficient
 * series, each as series() makes it, all of their common type (NumPy's common_type), as a
 * list of 1-d arrays; trim a constant. */
static IrValue *api_as_series(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "as_series", "alist,trim", 1, &a)) return NULL;
    Span sp = call->span;
    bool trim = true;
    if (a.p[1]) {
        IrValue *t = lw_expr(L, a.p[1]);
        int64_t v;
        if (!t) return NULL;
        if (!lw_is_const_int(t, &v)) {
            diag_error(a.p[1]->span, "as_series(trim=) must be a constant here");
            return NULL;
        }
        trim = v != 0;
    }
    AstNode *e = a.p[0];
    if (!lw_is_seq_lit(e) || e->elts.n == 0 || e->elts.n > MAXARR) {
        diag_error(e->span, "as_series() takes a list or tuple literal of 1 to %d coefficient series here", MAXARR);
        return NULL;
    }
    IrValue *xs[MAXARR];
    DType dt = DT_COUNT;
    for (int i = 0; i < e->elts.n; i++) {
        AstNode *el = e->elts.v[i];
        DType d;
        if (!(xs[i] = series(L, sp, el, "as_series", trim)) || (d = series_dtype(el->span, xs[i]->type->dtype)) == DT_COUNT)
            return NULL;
        dt = dt == DT_COUNT ? d : dt_promote(dt, d);
    }
    for (int i = 0; i < e->elts.n; i++) xs[i] = lw_cast_to(L, xs[i], dt, sp);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_array(dt, 1)), e->elts.n, xs);
}

/* polynomial.polynomial.polyvander(x, deg), CuPy's: x ** arange(deg + 1) along a new last
 * axis (integers and bools as float64; a 0-d x as 1-d); deg an int, negative: NumPy's
 * ValueError at run time. */
static IrValue *api_polyvander(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "polyvander", "x,deg", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "polyvander");
    IrValue *deg = x ? lw_int_arg(L, a.p[1]) : NULL;
    if (!deg) return NULL;
    if (x->type->ndim == 0) x = lw_atleast(L, sp, x, 1);
    if (x->type->dtype == DT_BOOL || dt_is_int(x->type->dtype)) x = lw_cast(L, x, DT_FLOAT64, sp);
    if (!lw_raise_if(L, a.p[1]->span, lw_is_neg(L, sp, deg), "ValueError", "deg must be non-negative")) return NULL;
    IrValue *k = lw_cast(L, lw_iota(L, sp, lw_iadd(L, sp, deg, lw_cint(L, sp, 1))), x->type->dtype, sp);
    return lw_ew2(L, IR_POW, sp, lw_newaxis_at(L, sp, x, x->type->ndim), k);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_interp)
LW_API_PLAIN(api_gradient)
LW_API_NAMED(api_convolve)
LW_API_PLAIN(api_polymul)
LW_API_PLAIN(api_unwrap)
LW_API_PLAIN(api_polycompanion)
LW_API_PLAIN(api_polyvander)
LW_API_PLAIN(api_trimseq)
LW_API_PLAIN(api_trimcoef)
LW_API_PLAIN(api_as_series)

const ApiFn lw_numeric_api[] = {
    { "cupy", "interp", api_interp_api, 0 },
    { "cupy", "gradient", api_gradient_api, 0 },
    { "cupy", "convolve", api_convolve_api, 0 },
    { "cupy", "correlate", api_convolve_api, 0 },
    { "cupy", "polymul", api_polymul_api, 0 },
    { "cupy", "unwrap", api_unwrap_api, 0 },
    { "cupy.polynomial.polynomial", "polycompanion", api_polycompanion_api, 0 },
    { "cupy.polynomial.polynomial", "polyvander", api_polyvander_api, 0 },
    { "cupy.polynomial.polyutils", "trimseq", api_trimseq_api, 0 },
    { "cupy.polynomial.polyutils", "trimcoef", api_trimcoef_api, 0 },
    { "cupy.polynomial.polyutils", "as_series", api_as_series_api, 0 },
    { NULL, NULL, NULL, 0 },
};
