/*
 * lower/api/reduce.c — reductions: sum, prod, max, min, mean, any, all (one IR_REDUCE each,
 * lw_reduce in lower/compose.c) and the statistics and reductions composed beyond them:
 * argmax/argmin (and the nan* forms), var/std (and nanvar/nanstd), nansum, nanprod, nanmean,
 * nanmax, nanmin, ptp, count_nonzero, average, cumsum/cumprod (IR_SCAN), diff, median
 * (IR_MEDIAN), quantile/percentile and their nan* forms and nanmedian (IR_QUANTILE).
 *
 * Most are compositions of IR_REDUCE and elementwise ops written the way NumPy's own Python
 * code writes them (numpy/_core/_methods.py, numpy/lib/_nanfunctions_impl.py), so dtypes and
 * NaN behaviour follow NumPy and the fusion pass merges the pieces into few kernels.  Index
 * reductions and NaN-skipping max/min are reduction kinds of their own (RED_ARGMAX ...,
 * codegen/kernels/reduce.c).
 *
 * Invariants: every function checks its arguments at compile time where NumPy's checks can be
 * made then (axis bounds, dtypes, ndim); checks that need values (all-NaN slices, weights that
 * sum to zero) are IR_IF + IR_RAISE at run time.  Axes are compile-time constants.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* Reduced axes: all, or ax[0..n-1] normalised and ascending. */
typedef struct Axes {
    int ax[IR_MAXDIM];
    int n;
    bool all;
} Axes;

static bool axis_reduced(const Axes *a, int d)
{
    if (a->all) return true;
    for (int i = 0; i < a->n; i++)
        if (a->ax[i] == d) return true;
    return false;
}

/* An IR_REDUCE of x over a, result dtype dt (lw_reduce_axes; a whole reduction records no
 * axes: a->ax is not read then). */
static IrValue *red(Lower *L, Span sp, RedOp r, IrValue *x, const Axes *a, bool keep, DType dt)
{
    static const int none[IR_MAXDIM];
    return lw_reduce_axes(L, sp, r, x, a->all ? x->type->ndim : a->n, a->all ? none : a->ax, keep, dt);
}

static IrValue *ew3(Lower *L, IrOp op, Span sp, IrValue *a, IrValue *b, IrValue *c)
{
    if (!a || !b || !c) return NULL;
    IrValue *args[3] = {a, b, c};
    return lw_ewise(L, op, sp, 3, args);
}

static bool is_inexact(DType d) { return dt_is_float(d) || dt_is_complex(d); }

/* The number of elements reduced over a, as a host int. */
static IrValue *reduced_count(Lower *L, Span sp, IrValue *x, const Axes *a)
{
    IrValue *n = lw_const_int(L, sp, 1);
    for (int d = 0; d < x->type->ndim; d++) {
        if (!axis_reduced(a, d)) continue;
        IrValue *dim = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
        dim->def->ival = d;
        n = lw_ew2(L, IR_MUL, sp, n, dim);
    }
    return n;
}

/* Host truth of any(v) for a boolean array v (synchronises). */
static IrValue *any_true(Lower *L, Span sp, IrValue *v)
{
    Axes all = {.all = true};
    IrValue *r = red(L, sp, RED_ANY, v, &all, false, DT_BOOL);
    return lw_truth(L, r, sp);
}

/* true_divide(a, b) computed as NumPy's _divide_by_count does (in the promoted dtype of a
 * and b, e.g. float64 for a float32 sum over an int64 count), cast back to a's dtype. */
static IrValue *divide_by_count(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    if (!a || !b) return NULL;
    DType d = a->type->dtype;
    return lw_cast_to(L, lw_ew2(L, IR_TRUEDIV, sp, a, b), d, sp);
}

/* Binds cp.NAME(a, SIG) (self NULL) or x.NAME(SIG) and reads the array a; p[0..] are SIG's
 * parameters. */
static bool bind(Lower *L, AstNode *call, const char *name, const char *sig, IrValue *self, IrValue **x,
                 AstNode **p)
{
    char full[160];
    snprintf(full, sizeof full, "a,%s", sig);
    Args a;
    if (!lw_bind_self(call, name, full, 1, self, &a)) return false;
    for (int i = 0; i < MAXP; i++) p[i] = i + 1 < MAXP ? a.p[i + 1] : NULL;
    *x = self ? self : lw_expr(L, a.p[0]);
    if (!*x) return false;
    if ((*x)->type->kind != TY_ARRAY) {
        diag_error(a.p[0]->span, "%s() expects an array, got %s", name, ty_str_of((*x)->type));
        return false;
    }
    return true;
}

/* axis=None, an int or a tuple of ints (lw_axis_arg). */
static bool axes_arg(Lower *L, AstNode *e, int ndim, Axes *a)
{
    return lw_axis_arg(L, e, ndim, a->ax, &a->n, &a->all);
}

/* axis=None or one int (argmax, cumsum, diff): NumPy's "'tuple' object cannot be interpreted
 * as an integer" for a tuple. */
static bool int_axis_arg(Lower *L, AstNode *e, int ndim, Axes *a)
{
    a->all = true;
    a->n = 0;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_NONE) return true;
    int64_t ax;
    if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
        diag_error(e->span, "'%s' object cannot be interpreted as an integer",
                   v->type->kind == TY_TUPLE ? "tuple" : v->type->kind == TY_LIST ? "list" : ty_str_of(v->type));
        return false;
    }
    if (!lw_is_const_int(v, &ax)) {
        diag_error(e->span, "axis must be a compile-time constant");
        return false;
    }
    if (ax < -ndim || ax >= ndim) {
        diag_error(e->span, "axis %lld is out of bounds for array of dimension %d", (long long)ax, ndim);
        return false;
    }
    a->all = false;
    a->n = 1;
    a->ax[0] = (int)(ax < 0 ? ax + ndim : ax);
    return true;
}

/* ---------------------------------------------------------------- argmax, argmin, nanarg* */

/* argmax(a, axis=None, out=None, *, keepdims=False): the index of the first maximum (a NaN
 * counts as the maximum), int64; axis=None gives the index into the flattened array.  Empty:
 * ValueError "attempt to get argmax of an empty sequence".  nanargmax skips NaNs and raises
 * ValueError "All-NaN slice encountered" when a slice holds only NaNs. */
static IrValue *api_argreduce(Lower *L, AstNode *call, const char *name, IrValue *self, RedOp r)
{
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,out,keepdims", self, &x, p)) return NULL;
    Axes a;
    bool keep;
    if (!int_axis_arg(L, p[0], x->type->ndim, &a) || !lw_no_arg(p[1], "out") || !lw_bool_arg(L, p[2], false, &keep))
        return NULL;
    bool nan = r == RED_NANARGMAX || r == RED_NANARGMIN;
    if (nan && !is_inexact(x->type->dtype)) r = r == RED_NANARGMAX ? RED_ARGMAX : RED_ARGMIN;
    IrValue *v = red(L, call->span, r, x, &a, keep, DT_INT64);
    if (r == RED_NANARGMAX || r == RED_NANARGMIN) {
        IrValue *bad = lw_ew2(L, IR_EQ, call->span, v, lw_const_int(L, call->span, -1));
        IrValue *c = bad ? any_true(L, call->span, bad) : NULL;
        if (!c) return NULL;
        lw_emit_raise_if(L, call->span, c, "ValueError", "All-NaN slice encountered");
    }
    return v;
}

/* ---------------------------------------------------------------- var, std, nanvar, nanstd */

/* d² for real d; re² + im² for complex d (a real dtype), as NumPy's _var computes it. */
static IrValue *abs_square(Lower *L, Span sp, IrValue *d)
{
    if (!d) return NULL;
    if (dt_is_complex(d->type->dtype))
        return lw_ew2(L, IR_ADD, sp, lw_ew1(L, IR_SQUARE, sp, lw_ew1(L, IR_REAL, sp, d)),
                   lw_ew1(L, IR_SQUARE, sp, lw_ew1(L, IR_IMAG, sp, d)));
    return lw_ew1(L, IR_SQUARE, sp, d);
}

/* var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False), NumPy's _var:
 *   arrmean = sum(a, axis, dtype, keepdims=True) / n;  x = a - arrmean;
 *   x = x * x  (complex: re² + im², real);  ret = sum(x, axis, dtype, keepdims) / max(n - ddof, 0)
 * dtype: ints and bool compute in float64; complex gives its real dtype.  std = sqrt(var).
 * nanvar (NumPy's _nanvar): NaNs replaced by 0 and left out of the counts; a slice with
 * count - ddof <= 0 gives NaN. */
static IrValue *api_var(Lower *L, AstNode *call, const char *name, IrValue *self, bool nan, bool sd)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,dtype,out,ddof,keepdims", self, &x, p)) return NULL;
    Axes a;
    bool keep, given;
    DType in = x->type->dtype, cdt = is_inexact(in) ? in : DT_FLOAT64;
    if (!axes_arg(L, p[0], x->type->ndim, &a) || !lw_dtype_arg(L, p[1], &cdt, &given) || !lw_no_arg(p[2], "out") ||
        !lw_bool_arg(L, p[4], false, &keep))
        return NULL;
    if (given && !is_inexact(cdt)) {
        diag_error(p[1]->span, "%s() with an integer or bool dtype is not supported; use a float dtype", name);
        return NULL;
    }
    IrValue *ddof = p[3] ? lw_expr(L, p[3]) : lw_const_int(L, sp, 0);
    if (!ddof) return NULL;
    if (ddof->type->kind != TY_INT && ddof->type->kind != TY_BOOL && ddof->type->kind != TY_FLOAT) {
        diag_error(p[3]->span, "ddof must be a number, got %s", ty_str_of(ddof->type));
        return NULL;
    }
    ddof = lw_to_scalar(L, ddof, TY_FLOAT, sp);
    DType rdt = dt_real(cdt);
    IrValue *xc = lw_cast_to(L, x, cdt, sp), *res;
    if (!nan || !is_inexact(in)) {
        IrValue *m = red(L, sp, RED_MEAN, xc, &a, true, cdt);
        IrValue *s = red(L, sp, RED_SUM, abs_square(L, sp, lw_ew2(L, IR_SUB, sp, xc, m)), &a, keep, rdt);
        if (!s) return NULL;
        /* ret / max(n - ddof, 0): NumPy divides by an intp, in float64 */
        IrValue *n = lw_to_scalar(L, reduced_count(L, sp, x, &a), TY_FLOAT, sp);
        IrValue *dn = lw_ew2(L, IR_MAXIMUM, sp, lw_ew2(L, IR_SUB, sp, n, ddof), lw_const_float(L, sp, 0.0));
        res = lw_cast_to(L, lw_ew2(L, IR_TRUEDIV, sp, lw_cast_to(L, s, DT_FLOAT64, sp), dn), rdt, sp);
    } else {
        IrValue *zero = lw_const_int(L, sp, 0);
        IrValue *mask = lw_ew1(L, IR_ISNAN, sp, xc);
        IrValue *x0 = ew3(L, IR_WHERE, sp, mask, zero, xc);
        IrValue *notnan = lw_ew1(L, IR_LOGICAL_NOT, sp, mask);
        if (!notnan || !x0) return NULL;
        IrValue *cnt = red(L, sp, RED_SUM, notnan, &a, true, DT_INT64);
        IrValue *avg = divide_by_count(L, sp, red(L, sp, RED_SUM, x0, &a, true, cdt), cnt);
        IrValue *d = ew3(L, IR_WHERE, sp, mask, zero, lw_ew2(L, IR_SUB, sp, x0, avg));
        IrValue *v = red(L, sp, RED_SUM, abs_square(L, sp, d), &a, keep, rdt);
        if (!v) return NULL;
        if (!keep) {
            IrValue *dims[IR_MAXDIM];
            lw_shape_of(L, v, sp, dims);
            cnt = lw_emit_reshape(L, sp, cnt, v->type->ndim, dims);
        }
        IrValue *dof = lw_ew2(L, IR_SUB, sp, cnt, ddof);           /* float64 */
        IrValue *q = lw_cast_to(L, lw_ew2(L, IR_TRUEDIV, sp, lw_cast_to(L, v, DT_FLOAT64, sp), dof), rdt, sp);
        IrValue *bad = lw_ew2(L, IR_LE, sp, dof, lw_const_int(L, sp, 0));
        res = ew3(L, IR_WHERE, sp, bad, lw_const_float(L, sp, NAN), q);
    }
    return sd ? lw_ew1(L, IR_SQRT, sp, res) : res;
}

/* ---------------------------------------------------------------- nansum, nanprod, nanmean, nanmax, nanmin */

/* nansum(a, axis=None, dtype=None, out=None, keepdims=False): sum with NaNs as 0 (nanprod:
 * as 1); integer and bool arrays have no NaN and reduce as sum/prod.  nanmean: the sum over
 * the count of non-NaN elements (NumPy's _divide_by_count; all NaN → NaN). */
static IrValue *api_nansum(Lower *L, AstNode *call, const char *name, IrValue *self, RedOp r)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,dtype,out,keepdims", self, &x, p)) return NULL;
    Axes a;
    bool keep, given;
    DType in = x->type->dtype;
    DType dt = r == RED_MEAN ? (is_inexact(in) ? in : DT_FLOAT64) : lw_reduce_dtype(RED_SUM, in);
    if (!axes_arg(L, p[0], x->type->ndim, &a) || !lw_dtype_arg(L, p[1], &dt, &given) || !lw_no_arg(p[2], "out") ||
        !lw_bool_arg(L, p[3], false, &keep))
        return NULL;
    if (!is_inexact(in)) return red(L, sp, r, x, &a, keep, dt);
    IrValue *mask = lw_ew1(L, IR_ISNAN, sp, x);
    IrValue *x0 = ew3(L, IR_WHERE, sp, mask, lw_const_int(L, sp, r == RED_PROD ? 1 : 0), x);
    if (!x0) return NULL;
    if (r != RED_MEAN) return red(L, sp, r, x0, &a, keep, dt);
    IrValue *cnt = red(L, sp, RED_SUM, lw_ew1(L, IR_LOGICAL_NOT, sp, mask), &a, keep, DT_INT64);
    return divide_by_count(L, sp, red(L, sp, RED_SUM, x0, &a, keep, dt), cnt);
}

/* nanmax(a, axis=None, out=None, keepdims=False): NumPy's fmax.reduce — NaNs skipped, an
 * all-NaN slice gives NaN; empty: ValueError "zero-size array to reduction operation fmax
 * which has no identity".  Integer arrays: max. */
static IrValue *api_nanmax(Lower *L, AstNode *call, const char *name, IrValue *self, RedOp r)
{
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,out,keepdims", self, &x, p)) return NULL;
    Axes a;
    bool keep;
    if (!axes_arg(L, p[0], x->type->ndim, &a) || !lw_no_arg(p[1], "out") || !lw_bool_arg(L, p[2], false, &keep))
        return NULL;
    if (!is_inexact(x->type->dtype)) r = r == RED_NANMAX ? RED_MAX : RED_MIN;
    return red(L, call->span, r, x, &a, keep, x->type->dtype);
}

/* ---------------------------------------------------------------- ptp, count_nonzero, average */

/* ptp(a, axis=None, out=None, keepdims=False): max - min in a's dtype (integers wrap; bool is
 * NumPy's boolean-subtract TypeError). */
static IrValue *api_ptp(Lower *L, AstNode *call, IrValue *self)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, "ptp", "axis,out,keepdims", self, &x, p)) return NULL;
    Axes a;
    bool keep;
    if (!axes_arg(L, p[0], x->type->ndim, &a) || !lw_no_arg(p[1], "out") || !lw_bool_arg(L, p[2], false, &keep))
        return NULL;
    DType d = x->type->dtype;
    return lw_ew2(L, IR_SUB, sp, red(L, sp, RED_MAX, x, &a, keep, d), red(L, sp, RED_MIN, x, &a, keep, d));
}

/* count_nonzero(a, axis=None, *, keepdims=False): int64 counts (NumPy returns a Python int
 * for axis=None; gpyc a 0-d int64 array, as CuPy — both print alike). */
static IrValue *api_count_nonzero(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, "count_nonzero", "axis,keepdims", NULL, &x, p)) return NULL;
    Axes a;
    bool keep;
    if (!axes_arg(L, p[0], x->type->ndim, &a) || !lw_bool_arg(L, p[1], false, &keep)) return NULL;
    IrValue *b = x->type->dtype == DT_BOOL ? x : lw_ew2(L, IR_NE, sp, x, lw_const_int(L, sp, 0));
    return b ? red(L, sp, RED_SUM, b, &a, keep, DT_INT64) : NULL;
}

/* average(a, axis=None, weights=None, returned=False, *, keepdims=False), NumPy's rules:
 *   no weights: mean(a, axis); the count (returned=True) has the mean's dtype and shape;
 *   weights: result dtype promote(a, w) (and at least float64 for integer a);
 *     scl = sum(w, axis); ZeroDivisionError "Weights sum to zero, can't be normalized" when
 *     any is 0; avg = sum(a * w, axis) / scl.  1-d weights with an n-d a need an int axis
 *     and a length matching it (TypeError / ValueError as NumPy otherwise). */
static IrValue *api_average(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, "average", "axis,weights,returned,keepdims", NULL, &x, p)) return NULL;
    Axes a;
    bool keep, returned;
    int nd = x->type->ndim;
    if (!axes_arg(L, p[0], nd, &a) || !lw_bool_arg(L, p[2], false, &returned) || !lw_bool_arg(L, p[3], false, &keep))
        return NULL;
    IrValue *w = NULL;
    if (p[1]) {
        w = lw_expr(L, p[1]);
        if (!w) return NULL;
        if (w->type->kind == TY_NONE) w = NULL;
        else if (w->type->kind != TY_ARRAY) {
            diag_error(p[1]->span, "average() expects the weights as an array, got %s", ty_str_of(w->type));
            return NULL;
        }
    }
    DType in = x->type->dtype;
    IrValue *avg, *scl;
    if (!w) {
        DType md = is_inexact(in) ? in : DT_FLOAT64;
        avg = red(L, sp, RED_MEAN, x, &a, keep, md);
        /* the count, returned: a.size / avg.size broadcast to avg's shape */
        scl = NULL;
        if (returned) {
            IrValue *n = lw_to_scalar(L, reduced_count(L, sp, x, &a), TY_FLOAT, sp);
            if (!n) return NULL;
            IrValue *dims[IR_MAXDIM];
            lw_shape_of(L, avg, sp, dims);
            scl = lw_emit_full(L, sp, md, avg->type->ndim, dims, n);
        }
    } else {
        DType rd = dt_promote(in, w->type->dtype);
        if (!is_inexact(in)) rd = dt_promote(rd, DT_FLOAT64);
        int wn = w->type->ndim;
        if (wn != nd) {
            if (a.all) {
                diag_error(sp, "Axis must be specified when shapes of a and weights differ.");
                return NULL;
            }
            if (wn != 1) {
                diag_error(p[1]->span, "1D weights expected when shapes of a and weights differ.");
                return NULL;
            }
            if (a.n != 1) {
                diag_error(p[0]->span, "average() with 1-d weights needs a single int axis here");
                return NULL;
            }
            IrValue *wl = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), w);
            wl->def->ival = 0;
            IrValue *al = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
            al->def->ival = a.ax[0];
            IrValue *c = lw_ew2(L, IR_NE, sp, wl, al);
            if (!c) return NULL;
            lw_emit_raise_if(L, sp, c, "ValueError", "Length of weights not compatible with specified axis.");
            IrValue *dims[IR_MAXDIM];
            for (int d = 0; d < nd; d++) dims[d] = d == a.ax[0] ? wl : lw_const_int(L, sp, 1);
            w = lw_emit_reshape(L, sp, w, nd, dims);
        } else {
            /* same rank: the shapes must be equal (NumPy compares them before broadcasting) */
            IrValue *c = lw_const_bool(L, sp, false);
            for (int d = 0; d < nd && c; d++) {
                IrValue *wd = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), w), *xd = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
                wd->def->ival = xd->def->ival = d;
                c = lw_ew2(L, IR_LOGICAL_OR, sp, c, lw_ew2(L, IR_NE, sp, wd, xd));
            }
            if (!c) return NULL;
            if (nd > 0) {
                const char *msg = a.all ? "Axis must be specified when shapes of a and weights differ."
                                  : nd != 1 ? "1D weights expected when shapes of a and weights differ."
                                            : "Length of weights not compatible with specified axis.";
                lw_emit_raise_if(L, sp, c, a.all || nd != 1 ? "TypeError" : "ValueError", msg);
            }
        }
        scl = red(L, sp, RED_SUM, lw_cast_to(L, w, rd, sp), &a, keep, rd);
        IrValue *z = lw_ew2(L, IR_EQ, sp, scl, lw_const_float(L, sp, 0.0));
        IrValue *c = z ? any_true(L, sp, z) : NULL;
        if (!c) return NULL;
        lw_emit_raise_if(L, sp, c, "ZeroDivisionError", "Weights sum to zero, can't be normalized");
        IrValue *prod = lw_ew2(L, IR_MUL, sp, lw_cast_to(L, x, rd, sp), lw_cast_to(L, w, rd, sp));
        if (!prod) return NULL;
        avg = lw_ew2(L, IR_TRUEDIV, sp, red(L, sp, RED_SUM, prod, &a, keep, rd), scl);
        if (!avg) return NULL;
        if (returned) { /* NumPy: broadcast_to(scl, avg.shape).copy() when the shapes differ */
            IrValue *dims[IR_MAXDIM + 1];
            dims[0] = scl;
            lw_shape_of(L, avg, sp, dims + 1);
            IrValue *b = lw_emit(L, IR_BROADCAST_TO, sp, ty_array(rd, avg->type->ndim), avg->type->ndim + 1, dims);
            scl = lw_emit1(L, IR_COPY, sp, b->type, b);
        }
    }
    if (!avg) return NULL;
    if (!returned) return avg;
    IrValue *pair[2] = {avg, scl};
    return lw_tuple(L, sp, 2, pair);
}

/* ---------------------------------------------------------------- cumsum, cumprod, diff */

/* cumsum(a, axis=None, dtype=None, out=None): the inclusive scan along axis, or over the
 * flattened array (1-d result) when axis is None; nancumsum/nancumprod (nan) first replace
 * NaNs by 0 / 1.  Default dtype as sum's: bool and small
 * signed ints → int64, small unsigned → uint64. */
static IrValue *api_scan(Lower *L, AstNode *call, const char *name, IrValue *self, RedOp r, bool nan)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,dtype,out", self, &x, p)) return NULL;
    Axes a;
    bool given;
    DType dt = lw_reduce_dtype(RED_SUM, x->type->dtype);
    if (!int_axis_arg(L, p[0], x->type->ndim, &a) || !lw_dtype_arg(L, p[1], &dt, &given) || !lw_no_arg(p[2], "out"))
        return NULL;
    if (nan && (dt_is_float(x->type->dtype) || dt_is_complex(x->type->dtype))) {
        /* nancumsum/nancumprod: NaNs count as 0 (1 for the product), as NumPy replaces them */
        IrValue *isn = lw_ewise(L, IR_ISNAN, sp, 1, &x);
        IrValue *fill = lw_const_int(L, sp, r == RED_PROD);
        if (!isn || !(x = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){isn, fill, x}))) return NULL;
    }
    IrValue *xc = lw_cast_to(L, x, dt, sp);
    IrValue *v = lw_emit1(L, IR_SCAN, sp, ty_array(dt, a.all ? 1 : x->type->ndim), xc);
    v->def->redop = r;
    v->def->dtype = dt;
    v->def->ival = a.all ? -1 : a.ax[0];
    return v;
}

/* x[..., lo:hi] along axis (other axes whole): an IR_INDEX view.  lo/hi: 0 for None. */
static IrValue *slice_const(Lower *L, Span sp, IrValue *x, int axis, int64_t lo, int64_t hi)
{
    IrValue *args[1 + 3 * IR_MAXDIM];
    int na = 0;
    args[na++] = x;
    for (int d = 0; d <= axis; d++) {
        bool here = d == axis;
        args[na++] = here && lo ? lw_const_int(L, sp, lo) : lw_const_none(L, sp);
        args[na++] = here && hi ? lw_const_int(L, sp, hi) : lw_const_none(L, sp);
        args[na++] = lw_const_none(L, sp);
    }
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(x->type->dtype, x->type->ndim), na, args);
    r->def->nidx = axis + 1;
    for (int d = 0; d <= axis; d++) r->def->idx[d] = IDX_SLICE;
    return r;
}

/* diff(a, n=1, axis=-1): a[..., 1:] - a[..., :-1] along axis, n times (bool: not_equal).
 * ValueError for n < 0 ("order must be non-negative but got -1") and 0-d input ("diff
 * requires input that is at least one dimensional"). */
static IrValue *api_diff(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *x;
    AstNode *p[MAXP];
    if (!bind(L, call, "diff", "n,axis,prepend,append", NULL, &x, p)) return NULL;
    if (!lw_no_arg(p[2], "prepend") || !lw_no_arg(p[3], "append")) return NULL;
    int64_t n = 1;
    if (p[0]) {
        IrValue *nv = lw_int_arg(L, p[0]);
        if (!nv) return NULL;
        if (!lw_is_const_int(nv, &n)) {
            diag_error(p[0]->span, "diff() needs n as a compile-time constant");
            return NULL;
        }
        if (n < 0) {
            diag_error(p[0]->span, "order must be non-negative but got %lld", (long long)n);
            return NULL;
        }
    }
    int nd = x->type->ndim;
    if (nd == 0) {
        diag_error(sp, "diff requires input that is at least one dimensional");
        return NULL;
    }
    Axes a;
    if (p[1]) {
        if (!int_axis_arg(L, p[1], nd, &a)) return NULL;
        if (a.all) {
            diag_error(p[1]->span, "diff() needs an int axis");
            return NULL;
        }
    } else {
        a.all = false;
        a.n = 1;
        a.ax[0] = nd - 1;
    }
    IrOp op = x->type->dtype == DT_BOOL ? IR_NE : IR_SUB;
    for (int64_t k = 0; k < n && x; k++)
        x = lw_ew2(L, op, sp, slice_const(L, sp, x, a.ax[0], 1, 0), slice_const(L, sp, x, a.ax[0], 0, -1));
    return x;
}

/* ---------------------------------------------------------------- median */

static IrValue *quantile_ir(Lower *L, Span sp, IrValue *x, IrValue *q, const Axes *a, bool keep, int flags, DType dt);

/* The arguments of median and nanmedian (name): (a, axis=None, out=None, overwrite_input=False,
 * keepdims=False), a real array (overwrite_input is read and ignored: the input is never
 * overwritten). */
static bool median_args(Lower *L, AstNode *call, const char *name, IrValue **x, Axes *a, bool *keep)
{
    AstNode *p[MAXP];
    if (!bind(L, call, name, "axis,out,overwrite_input,keepdims", NULL, x, p)) return false;
    bool ow;
    if (!axes_arg(L, p[0], (*x)->type->ndim, a) || !lw_no_arg(p[1], "out") || !lw_bool_arg(L, p[2], false, &ow) ||
        !lw_bool_arg(L, p[3], false, keep))
        return false;
    if (dt_is_complex((*x)->type->dtype)) {
        diag_error(call->span, "%s() of complex arrays is not supported yet", name);
        return false;
    }
    return true;
}

/* median(a, axis=None, out=None, overwrite_input=False, keepdims=False): the middle of each
 * sorted line (the mean of the two middle elements for even lengths); float64 for integer and
 * bool input, the input's dtype for floats; NaN for a line holding a NaN.  axis: None, an int
 * (IR_MEDIAN) or a tuple of several (IR_QUANTILE's median). */
static IrValue *api_median(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *x;
    Axes a;
    bool keep;
    if (!median_args(L, call, "median", &x, &a, &keep)) return NULL;
    DType in = x->type->dtype;
    DType dt = dt_is_float(in) ? in : DT_FLOAT64;
    if (!a.all && a.n > 1) /* several axes: rt_quantile's median (no NaN skipping) */
        return quantile_ir(L, sp, x, NULL, &a, keep, 0, dt);
    int nd = x->type->ndim, rnd = keep ? nd : a.all ? 0 : nd - 1;
    IrValue *v = lw_emit1(L, IR_MEDIAN, sp, ty_array(dt, rnd), x);
    v->def->dtype = dt;
    v->def->keepdims = keep;
    v->def->ival = a.all ? -1 : a.ax[0];
    return v;
}

/* ---------------------------------------------------------------- quantile, percentile, nanmedian */

/* A constant q outside [0, hi] (or NaN): NumPy's ValueError, at compile time. */
static bool q_const_ok(const IrValue *v, double hi, bool percent, Span sp)
{
    double x;
    int64_t iv;
    if (lw_is_const_int(v, &iv)) x = (double)iv;
    else if (v->def && v->def->op == IR_CONST_FLOAT) x = v->def->fval;
    else return true;
    if (x >= 0 && x <= hi) return true;
    diag_error(sp, "%s",
               percent ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]");
    return false;
}

/* q of quantile/percentile: a Python number, a flat list or tuple literal of numbers, or an
 * array (real) → a float64 array of q's shape.  *weak: q was a Python number, which NumPy 2
 * divides in a's float dtype (so a float32 a gives a float32 result); *qdt: q's dtype
 * otherwise (a list: float64).  Constants are range-checked here, others at run time. */
static IrValue *q_arg(Lower *L, AstNode *e, const char *name, bool percent, bool *weak, DType *qdt)
{
    double hi = percent ? 100.0 : 1.0;
    *weak = false;
    *qdt = DT_FLOAT64;
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        int n = e->elts.n;
        IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < n; i++) {
            AstNode *el = e->elts.v[i];
            IrValue *v = lw_expr(L, el);
            if (!v) return NULL;
            if (v->type->kind != TY_INT && v->type->kind != TY_FLOAT && v->type->kind != TY_BOOL) {
                diag_error(el->span, "%s() expects q as a number, a list of numbers or a real array, got %s",
                           name, ty_str_of(v->type));
                return NULL;
            }
            if (!q_const_ok(v, hi, percent, el->span)) return NULL;
            vals[i] = lw_to_scalar(L, v, TY_FLOAT, el->span);
            if (!vals[i]) return NULL;
        }
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(DT_FLOAT64, 1), n, vals);
        r->def->dtype = DT_FLOAT64;
        r->def->ndim = 1;
        r->def->shape[0] = n;
        return r;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_INT || v->type->kind == TY_FLOAT || v->type->kind == TY_BOOL) {
        if (!q_const_ok(v, hi, percent, e->span)) return NULL;
        *weak = true;
        IrValue *f = lw_to_scalar(L, v, TY_FLOAT, e->span);
        if (!f) return NULL;
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(DT_FLOAT64, 0), 1, &f);
        r->def->dtype = DT_FLOAT64;
        r->def->ndim = 0;
        return r;
    }
    if (v->type->kind == TY_TUPLE) { /* a tuple value of numbers (qs = (25, 75)) */
        int n = v->type->n;
        IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < n; i++) {
            TypeKind k = v->type->elems[i]->kind;
            if (k != TY_INT && k != TY_FLOAT && k != TY_BOOL) {
                diag_error(e->span, "%s() expects q as a number, a list of numbers or a real array, got %s", name,
                           ty_str_of(v->type));
                return NULL;
            }
            IrValue *el = lw_tuple_get(L, v, i, e->span);
            if (!el || !q_const_ok(el, hi, percent, e->span)) return NULL;
            if (!(vals[i] = lw_to_scalar(L, el, TY_FLOAT, e->span))) return NULL;
        }
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(DT_FLOAT64, 1), n, vals);
        r->def->dtype = DT_FLOAT64;
        r->def->ndim = 1;
        r->def->shape[0] = n;
        return r;
    }
    if (v->type->kind != TY_ARRAY || dt_is_complex(v->type->dtype)) {
        diag_error(e->span, "%s() expects q as a number, a list of numbers or a real array, got %s", name,
                   ty_str_of(v->type));
        return NULL;
    }
    *qdt = v->type->dtype;
    return lw_cast_to(L, v, DT_FLOAT64, e->span);
}

/* An IR_QUANTILE of x over a (q NULL: the median), result dtype dt. */
static IrValue *quantile_ir(Lower *L, Span sp, IrValue *x, IrValue *q, const Axes *a, bool keep, int flags, DType dt)
{
    int nd = x->type->ndim, naxes = a->all ? nd : a->n;
    int rnd = (q ? q->type->ndim : 0) + (keep ? nd : nd - naxes);
    if (rnd > IR_MAXDIM) {
        diag_error(sp, "the result would have %d dimensions; gpyc supports up to %d", rnd, IR_MAXDIM);
        return NULL;
    }
    IrValue *args[2] = {x, q};
    IrValue *v = lw_emit(L, IR_QUANTILE, sp, ty_array(dt, rnd), q ? 2 : 1, args);
    IrInstr *in = v->def;
    in->dtype = dt;
    in->keepdims = keep;
    in->ival = flags;
    in->naxes = naxes == nd ? 0 : naxes;
    for (int i = 0; i < in->naxes; i++) in->axes[i] = a->ax[i];
    return v;
}

/* quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False)
 * and percentile (q in percent), nanquantile, nanpercentile (NaNs skipped; an all-NaN slice
 * gives NaN, without NumPy's warning).  NumPy's 'linear' method: each sorted slice of n
 * elements is read at (n-1)·q and interpolated between its neighbours (numpy _lerp).  The
 * result has q's shape followed by the reduced shape; a slice holding a NaN gives NaN.
 * dtype (NumPy 2): float64 for integer and bool a; a float a keeps its dtype for a Python
 * number q, else promote(a, q) with float64 for lists and integer q.  Complex a: TypeError
 * "a must be an array of real numbers". */
static IrValue *api_quantile(Lower *L, AstNode *call, const char *name, int flags)
{
    Span sp = call->span;
    Args ar;
    if (!lw_bind(call, name, "a,q,axis,out,overwrite_input,method,keepdims", 2, &ar)) return NULL;
    IrValue *x = lw_array_arg(L, ar.p[0], name);
    if (!x) return NULL;
    bool percent = flags & Q_PERCENT, weak, keep, ow;
    DType qdt;
    IrValue *q = q_arg(L, ar.p[1], name, percent, &weak, &qdt);
    if (!q) return NULL;
    Axes a;
    if (!axes_arg(L, ar.p[2], x->type->ndim, &a) || !lw_no_arg(ar.p[3], "out") ||
        !lw_bool_arg(L, ar.p[4], false, &ow) || !lw_bool_arg(L, ar.p[6], false, &keep))
        return NULL;
    if (ar.p[5]) {
        IrValue *m = lw_expr(L, ar.p[5]);
        if (!m) return NULL;
        if (!m->def || m->def->op != IR_CONST_STR || strcmp(m->def->sval, "linear")) {
            diag_error(ar.p[5]->span, "%s() method other than 'linear' is not supported by gpyc", name);
            return NULL;
        }
    }
    DType in = x->type->dtype;
    if (dt_is_complex(in)) {
        diag_error(ar.p[0]->span, "a must be an array of real numbers");
        return NULL;
    }
    DType dt = DT_FLOAT64;
    if (dt_is_float(in)) dt = weak ? in : dt_promote(in, dt_is_float(qdt) ? qdt : DT_FLOAT64);
    return quantile_ir(L, sp, x, q, &a, keep, flags, dt);
}

/* nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False): median with NaNs
 * skipped (the mean of the two middle non-NaN elements for even counts); an all-NaN slice
 * gives NaN; float64 for integer and bool a.  axis: None, an int or a tuple. */
static IrValue *api_nanmedian(Lower *L, AstNode *call)
{
    IrValue *x;
    Axes a;
    bool keep;
    if (!median_args(L, call, "nanmedian", &x, &a, &keep)) return NULL;
    DType in = x->type->dtype;
    return quantile_ir(L, call->span, x, NULL, &a, keep, Q_NAN, dt_is_float(in) ? in : DT_FLOAT64);
}

/* ---------------------------------------------------------------- sum, prod, max, min, mean, any, all */

/* x.sum(axis=None, dtype=None, out=None, keepdims=False) (and the cp.sum(x, ...) form) */
static IrValue *api_reduce(Lower *L, AstNode *call, RedOp r, IrValue *self)
{
    Args a;
    bool has_dtype = r == RED_SUM || r == RED_PROD || r == RED_MEAN;
    const char *sig = has_dtype ? "a,axis,dtype,out,keepdims" : "a,axis,out,keepdims";
    if (!lw_bind_self(call, ir_redop_name(r), sig, 1, self, &a)) return NULL;
    IrValue *x = self ? self : lw_expr(L, a.p[0]);
    if (!x) return NULL;
    AstNode *dtype = has_dtype ? a.p[2] : NULL;
    AstNode *out = a.p[has_dtype ? 3 : 2];
    AstNode *keep = a.p[has_dtype ? 4 : 3];
    if (!lw_no_arg(out, "out")) return NULL;
    return lw_reduce(L, call->span, r, x, a.p[1], dtype, keep);
}

/* sum/prod/max/min/mean/any/all; arg: the RedOp */
static IrValue *reduce_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_reduce(L, call, (RedOp)f->arg, self);
}

/* ---------------------------------------------------------------- API table */

/* arg: the RedOp (argmax, nan*, cumsum), or VAR_NAN | VAR_SD for var/std */
enum { VAR_NAN = 1, VAR_SD = 2 };

static IrValue *argreduce_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_argreduce(L, call, f->name, self, (RedOp)f->arg);
}
static IrValue *var_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_var(L, call, f->name, self, f->arg & VAR_NAN, f->arg & VAR_SD);
}
static IrValue *nansum_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_nansum(L, call, f->name, self, (RedOp)f->arg);
}
static IrValue *nanmax_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_nanmax(L, call, f->name, self, (RedOp)f->arg);
}
static IrValue *scan_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_scan(L, call, f->name, self, (RedOp)f->arg, false);
}
static IrValue *nanscan_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_scan(L, call, f->name, self, (RedOp)f->arg, true);
}
LW_API_SELF(api_ptp)
LW_API_PLAIN(api_count_nonzero)
LW_API_PLAIN(api_average)
LW_API_PLAIN(api_diff)
LW_API_PLAIN(api_median)
LW_API_PLAIN(api_nanmedian)
static IrValue *quantile_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_quantile(L, call, f->name, (int)f->arg);
}

const ApiFn lw_reduce_api[] = {
    {"cupy", "argmax", argreduce_api, RED_ARGMAX},
    {"cupy", "argmin", argreduce_api, RED_ARGMIN},
    {"cupy", "nanargmax", argreduce_api, RED_NANARGMAX},
    {"cupy", "nanargmin", argreduce_api, RED_NANARGMIN},
    {"cupy", "var", var_api, 0},
    {"cupy", "std", var_api, VAR_SD},
    {"cupy", "nanvar", var_api, VAR_NAN},
    {"cupy", "nanstd", var_api, VAR_NAN | VAR_SD},
    {"cupy", "nansum", nansum_api, RED_SUM},
    {"cupy", "nanprod", nansum_api, RED_PROD},
    {"cupy", "nanmean", nansum_api, RED_MEAN},
    {"cupy", "nanmax", nanmax_api, RED_NANMAX},
    {"cupy", "nanmin", nanmax_api, RED_NANMIN},
    {"cupy", "ptp", api_ptp_api, 0},
    {"cupy", "count_nonzero", api_count_nonzero_api, 0},
    {"cupy", "average", api_average_api, 0},
    {"cupy", "cumsum", scan_api, RED_SUM},
    {"cupy", "cumprod", scan_api, RED_PROD},
    {"cupy", "nancumsum", nanscan_api, RED_SUM},
    {"cupy", "nancumprod", nanscan_api, RED_PROD},
    {"cupy", "diff", api_diff_api, 0},
    {"cupy", "median", api_median_api, 0},
    {"cupy", "nanmedian", api_nanmedian_api, 0},
    {"cupy", "quantile", quantile_api, 0},
    {"cupy", "percentile", quantile_api, Q_PERCENT},
    {"cupy", "nanquantile", quantile_api, Q_NAN},
    {"cupy", "nanpercentile", quantile_api, Q_NAN | Q_PERCENT},
    /* ndarray methods (NumPy 2 has no ndarray.ptp) */
    {"cupy.ndarray", "argmax", argreduce_api, RED_ARGMAX},
    {"cupy.ndarray", "argmin", argreduce_api, RED_ARGMIN},
    {"cupy.ndarray", "var", var_api, 0},
    {"cupy.ndarray", "std", var_api, VAR_SD},
    {"cupy.ndarray", "cumsum", scan_api, RED_SUM},
    {"cupy.ndarray", "cumprod", scan_api, RED_PROD},
    /* the plain reductions (one IR_REDUCE) */
    {"cupy", "sum", reduce_api, RED_SUM},
    {"cupy", "prod", reduce_api, RED_PROD},
    {"cupy", "max", reduce_api, RED_MAX},
    {"cupy", "amax", reduce_api, RED_MAX},
    {"cupy", "min", reduce_api, RED_MIN},
    {"cupy", "amin", reduce_api, RED_MIN},
    {"cupy", "mean", reduce_api, RED_MEAN},
    {"cupy", "any", reduce_api, RED_ANY},
    {"cupy", "all", reduce_api, RED_ALL},
    {"cupy.ndarray", "sum", reduce_api, RED_SUM},
    {"cupy.ndarray", "prod", reduce_api, RED_PROD},
    {"cupy.ndarray", "max", reduce_api, RED_MAX},
    {"cupy.ndarray", "min", reduce_api, RED_MIN},
    {"cupy.ndarray", "mean", reduce_api, RED_MEAN},
    {"cupy.ndarray", "any", reduce_api, RED_ANY},
    {"cupy.ndarray", "all", reduce_api, RED_ALL},
    {NULL, NULL, NULL, 0},
};
