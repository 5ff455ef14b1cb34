/*
 * lower/api/hist.c — counting: bincount, digitize, histogram, histogram2d, histogramdd (composed
 * from digitize and a weighted bincount); the run-time half is
 * runtime/hist.cu.
 *
 * NumPy 2's rules implemented here:
 *   - bincount(x, weights=None, minlength=0): x 1-d of a type that casts safely to int64 (bool,
 *     signed ints, uint8..uint32); int64 counts, float64 sums with weights; the length is
 *     max(x) + 1 or minlength (a run-time value: the runtime synchronises to read max(x)).
 *   - digitize(x, bins, right=False): searchsorted of x in the 1-d bins with the side swapped,
 *     bins increasing or decreasing (checked at run time); x and bins compared in their
 *     promoted dtype; int64 of x's shape.
 *   - histogram(a, bins=10, range=None, density=None, weights=None) over the flattened a:
 *     bins an int (equal bins over range or a's min..max; edges float16/float32 for those
 *     inputs, float64 otherwise) or a 1-d array of increasing edges (returned as given);
 *     counts int64, the weights' dtype with weights, float64 with density.
 *   - histogram2d(x, y, bins=10, range=None, density=None, weights=None): bins an int, an
 *     array of edges, or [bx, by] of ints or arrays; range [[xmin, xmax], [ymin, ymax]]; H is
 *     float64 (histogramdd's rule); int-bin edges take x and y's promoted dtype when it is
 *     float16/float32 and no range is given (NumPy's linspace of the sample's min and max),
 *     float64 otherwise.
 * Compile-time errors where the arguments are known (dtypes, ndims, constant bins, minlength
 * and range), NumPy's run-time errors (negative values, non-monotonic bins, non-finite ranges,
 * mismatched lengths) from the runtime.  Complex inputs are a compile-time error.
 */
#include "compiler/lower/lower.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* An optional array argument: NULL (absent or None) in *out; false on error. */
static bool opt_array(Lower *L, AstNode *e, const char *fname, const char *what, IrValue **out)
{
    *out = NULL;
    if (!e) return true;
    IrValue *v = e->kind == AST_LIST ? lw_index_list(L, e) : lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_NONE) return true;
    if (v->type->kind != TY_ARRAY) {
        diag_error(e->span, "%s() %s must be an array or None, got %s", fname, what, ty_str_of(v->type));
        return false;
    }
    if (dt_is_complex(v->type->dtype)) {
        diag_error(e->span, "%s() with complex %s is not supported yet", fname, what);
        return false;
    }
    *out = v;
    return true;
}

/* density=None/True/False (None is False). */
static bool density_arg(Lower *L, AstNode *e, bool *out)
{
    *out = false;
    if (!e) return true;
    if (e->kind == AST_NONE) return true;
    return lw_bool_arg(L, e, false, out);
}

/* A float of a range pair; *known and *val when it is a compile-time constant. */
static IrValue *range_item(Lower *L, AstNode *e, bool *known, double *val)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind != TY_INT && v->type->kind != TY_FLOAT && v->type->kind != TY_BOOL &&
        !(v->type->kind == TY_ARRAY && v->type->ndim == 0 && !dt_is_complex(v->type->dtype))) {
        diag_error(e->span, "range values must be real numbers, got %s", ty_str_of(v->type));
        return NULL;
    }
    int64_t iv;
    *known = false;
    if (lw_is_const_int(v, &iv)) {
        *known = true;
        *val = (double)iv;
    } else if (v->def && v->def->op == IR_CONST_FLOAT) {
        *known = true;
        *val = v->def->fval;
    }
    return lw_to_scalar(L, v, TY_FLOAT, e->span);
}

/* range=(lo, hi) as two floats; *given false for None or absent.  Compile-time NumPy check of
 * constant bounds. */
static bool range_pair(Lower *L, AstNode *e, bool *given, IrValue **lo, IrValue **hi)
{
    *given = false;
    if (!e || e->kind == AST_NONE) return true;
    if ((e->kind != AST_TUPLE && e->kind != AST_LIST) || e->elts.n != 2) {
        diag_error(e->span, "range must be None or a pair (min, max) written in place");
        return false;
    }
    bool k0, k1;
    double v0 = 0, v1 = 0;
    *lo = range_item(L, e->elts.v[0], &k0, &v0);
    *hi = *lo ? range_item(L, e->elts.v[1], &k1, &v1) : NULL;
    if (!*hi) return false;
    if (k0 && k1 && v0 > v1) {
        diag_error(e->span, "max must be larger than min in range parameter.");
        return false;
    }
    *given = true;
    return true;
}

/* The dtype of int-bin edges for data of dtype d (NumPy: the data's float type, ints and bool
 * give float64). */
static DType edge_dtype(DType d)
{
    return d == DT_FLOAT16 || d == DT_FLOAT32 ? d : DT_FLOAT64;
}

/* IR_HIST_EDGES: nbins + 1 edges over a's range (or lo..hi). */
static IrValue *hist_edges(Lower *L, Span sp, IrValue *a, IrValue *nbins, IrValue *lo, IrValue *hi, DType dt)
{
    IrValue *args[4] = {a, nbins, lo, hi};
    IrValue *r = lw_emit(L, IR_HIST_EDGES, sp, ty_array(dt, 1), lo ? 4 : 2, args);
    r->def->dtype = dt;
    return r;
}

/* A bins argument: an int (*nbins, checked positive when constant) or a 1-d array (*edges). */
static bool bins_arg(Lower *L, AstNode *e, Span sp, IrValue **nbins, IrValue **edges, const char *what)
{
    *nbins = *edges = NULL;
    if (!e) {
        *nbins = lw_const_int(L, sp, 10);
        return true;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_INT || v->type->kind == TY_BOOL) {
        int64_t n;
        if (lw_is_const_int(v, &n) && n < 1) {
            diag_error(e->span, "`bins` must be positive, when an integer");
            return false;
        }
        *nbins = lw_to_scalar(L, v, TY_INT, e->span);
        return true;
    }
    if (v->type->kind == TY_ARRAY) {
        if (v->type->ndim != 1) {
            diag_error(e->span, "%s must be 1d, when an array", what);
            return false;
        }
        if (dt_is_complex(v->type->dtype)) {
            diag_error(e->span, "complex bins are not supported");
            return false;
        }
        *edges = v;
        return true;
    }
    if (v->type->kind == TY_STR) {
        diag_error(e->span, "histogram bin estimators ('%s') are not supported yet", v->def && v->def->op == IR_CONST_STR ? v->def->sval : "str");
        return false;
    }
    diag_error(e->span, "bins must be an int or a 1-d array of edges, got %s", ty_str_of(v->type));
    return false;
}

/* False (after NumPy's message at e, e's value v) when v is not 1-d. */
static bool one_d(const IrValue *v, const AstNode *e)
{
    if (v->type->ndim == 1) return true;
    diag_error(e->span, "%s", v->type->ndim ? "object too deep for desired array"
                                            : "object of too small depth for desired array");
    return false;
}

/* ---------------------------------------------------------------- bincount */

/* bincount(x, /, weights=None, minlength=0) */
static IrValue *api_bincount(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "bincount", "x,weights,minlength", 1, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], "bincount");
    if (!x) return NULL;
    DType d = x->type->dtype;
    if (d != DT_BOOL && !(dt_is_int(d) && d != DT_UINT64)) {
        diag_error(a.p[0]->span, "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'",
                   dt_name(d));
        return NULL;
    }
    if (!one_d(x, a.p[0])) return NULL;
    IrValue *w;
    if (!opt_array(L, a.p[1], "bincount", "weights", &w)) return NULL;
    if (w && !one_d(w, a.p[1])) return NULL;
    IrValue *ml = a.p[2] ? lw_int_arg(L, a.p[2]) : lw_const_int(L, sp, 0);
    if (!ml) return NULL;
    int64_t mv;
    if (lw_is_const_int(ml, &mv) && mv < 0) {
        diag_error(a.p[2]->span, "'minlength' must not be negative");
        return NULL;
    }
    DType rt = w ? DT_FLOAT64 : DT_INT64;
    IrValue *args[3] = {x, ml, w};
    IrValue *r = lw_emit(L, IR_BINCOUNT, sp, ty_array(rt, 1), w ? 3 : 2, args);
    r->def->dtype = rt;
    return r;
}

/* ---------------------------------------------------------------- digitize */

/* digitize(x, bins, right=False) */
static IrValue *api_digitize(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "digitize", "x,bins,right", 2, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], "digitize");
    IrValue *b = x ? lw_array_operand(L, a.p[1], "digitize") : NULL;
    bool right;
    if (!b || !lw_bool_arg(L, a.p[2], false, &right)) return NULL;
    if (dt_is_complex(x->type->dtype)) {
        diag_error(a.p[0]->span, "x may not be complex");
        return NULL;
    }
    if (!one_d(b, a.p[1])) return NULL;
    if (!lw_real_only(b, a.p[1]->span, "digitize")) return NULL;
    DType dt;
    if (!ty_promote_operands(x->type, b->type, &dt)) {
        diag_error(sp, "digitize() operands of types %s and %s do not mix", ty_str_of(x->type), ty_str_of(b->type));
        return NULL;
    }
    if (x->type->dtype != dt) x = lw_cast(L, x, dt, sp);
    if (b->type->dtype != dt) b = lw_cast(L, b, dt, sp);
    IrValue *r = lw_emit2(L, IR_DIGITIZE, sp, ty_array(DT_INT64, x->type->ndim), x, b);
    r->def->ival = right;
    r->def->dtype = DT_INT64;
    return r;
}

/* ---------------------------------------------------------------- histogram */

/* histogram(a, bins=10, range=None, density=None, weights=None) → (hist, bin_edges) */
static IrValue *api_histogram(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "histogram", "a,bins,range,density,weights", 1, &a)) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], "histogram");
    if (!x || !lw_real_only(x, a.p[0]->span, "histogram")) return NULL;
    IrValue *nbins, *edges, *lo = NULL, *hi = NULL, *w;
    bool has_range, density;
    if (!bins_arg(L, a.p[1], sp, &nbins, &edges, "`bins`") || !range_pair(L, a.p[2], &has_range, &lo, &hi) ||
        !density_arg(L, a.p[3], &density) || !opt_array(L, a.p[4], "histogram", "weights", &w))
        return NULL;
    if (w && w->type->ndim != x->type->ndim) {
        diag_error(a.p[4]->span, "weights should have the same shape as a.");
        return NULL;
    }
    if (w && w->type->dtype == DT_BOOL) {
        diag_error(a.p[4]->span, "histogram() with bool weights is not supported");
        return NULL;
    }
    if (!edges) edges = hist_edges(L, sp, x, nbins, has_range ? lo : NULL, has_range ? hi : NULL,
                                   edge_dtype(x->type->dtype));
    IrValue *args[3] = {x, edges, w};
    DType ct = w || density ? DT_FLOAT64 : DT_INT64;
    IrValue *h = lw_emit(L, IR_HISTOGRAM, sp, ty_array(ct, 1), w ? 3 : 2, args);
    h->def->ival = density;
    h->def->dtype = ct;
    /* NumPy: weighted counts have the weights' dtype */
    if (w && !density && w->type->dtype != DT_FLOAT64) h = lw_cast(L, h, w->type->dtype, sp);
    return lw_tuple(L, sp, 2, (IrValue *[]){h, edges});
}

/* ---------------------------------------------------------------- histogram2d */

/* One axis's bins of histogram2d: an int or an array. */
static bool bins2_item(Lower *L, AstNode *e, Span sp, IrValue **nbins, IrValue **edges, int i)
{
    char what[32];
    snprintf(what, sizeof what, "`bins[%d]`", i);
    return bins_arg(L, e, sp, nbins, edges, what);
}

/* histogram2d(x, y, bins=10, range=None, density=None, weights=None) → (H, xedges, yedges) */
static IrValue *api_histogram2d(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "histogram2d", "x,y,bins,range,density,weights", 2, &a)) return NULL;
    IrValue *xy[2];
    for (int i = 0; i < 2; i++) {
        xy[i] = lw_array_operand(L, a.p[i], "histogram2d");
        if (!xy[i] || !lw_real_only(xy[i], a.p[i]->span, "histogram2d")) return NULL;
        if (xy[i]->type->ndim != 1) {
            diag_error(a.p[i]->span, "histogram2d() needs 1-d x and y, got a %d-d array", xy[i]->type->ndim);
            return NULL;
        }
    }
    IrValue *nb[2] = {NULL, NULL}, *ed[2] = {NULL, NULL};
    AstNode *be = a.p[2];
    if (be && (be->kind == AST_LIST || be->kind == AST_TUPLE)) {
        if (be->elts.n != 2) {
            diag_error(be->span, "The dimension of bins must be equal to the dimension of the sample x.");
            return NULL;
        }
        for (int i = 0; i < 2; i++)
            if (!bins2_item(L, be->elts.v[i], sp, &nb[i], &ed[i], i)) return NULL;
    } else {
        if (!bins2_item(L, be, sp, &nb[0], &ed[0], 0)) return NULL;
        nb[1] = nb[0];
        ed[1] = ed[0];
    }
    /* range: None, or [[xmin, xmax], [ymin, ymax]] (each pair may be None) */
    IrValue *lo[2] = {NULL, NULL}, *hi[2] = {NULL, NULL};
    bool given[2] = {false, false};
    AstNode *re = a.p[3];
    if (re && re->kind != AST_NONE) {
        if ((re->kind != AST_LIST && re->kind != AST_TUPLE) || re->elts.n != 2) {
            diag_error(re->span, "range must be None or a pair of (min, max) pairs written in place");
            return NULL;
        }
        for (int i = 0; i < 2; i++)
            if (!range_pair(L, re->elts.v[i], &given[i], &lo[i], &hi[i])) return NULL;
    }
    bool density;
    IrValue *w;
    if (!density_arg(L, a.p[4], &density) || !opt_array(L, a.p[5], "histogram2d", "weights", &w)) return NULL;
    if (w && w->type->ndim != 1) {
        diag_error(a.p[5]->span, "object too deep for desired array");
        return NULL;
    }
    /* histogramdd stacks x and y into one sample array: their promoted dtype */
    DType st;
    if (!ty_promote_operands(xy[0]->type, xy[1]->type, &st)) {
        diag_error(sp, "histogram2d() operands of types %s and %s do not mix", ty_str_of(xy[0]->type),
                   ty_str_of(xy[1]->type));
        return NULL;
    }
    for (int i = 0; i < 2; i++)
        if (!ed[i])
            ed[i] = hist_edges(L, sp, xy[i], nb[i], given[i] ? lo[i] : NULL, given[i] ? hi[i] : NULL,
                               given[i] ? DT_FLOAT64 : edge_dtype(st));
    IrValue *args[5] = {xy[0], xy[1], ed[0], ed[1], w};
    IrValue *h = lw_emit(L, IR_HISTOGRAM2D, sp, ty_array(DT_FLOAT64, 2), w ? 5 : 4, args);
    h->def->ival = density;
    h->def->dtype = DT_FLOAT64;
    return lw_tuple(L, sp, 3, (IrValue *[]){h, ed[0], ed[1]});
}

/* ---------------------------------------------------------------- histogramdd */

/* The d-th coordinate of histogramdd's sample: a column of an (N, D) array, or the d-th array
 * of a list or tuple written in the call. */
static IrValue *sample_column(Lower *L, Span sp, IrValue *s, AstNode **cols, int d)
{
    if (cols) return lw_array_operand(L, cols[d], "histogramdd");
    LwIx ix;
    lw_ix_init(&ix, s);
    lw_ix_all(L, sp, &ix);
    lw_ix_int(&ix, lw_cint(L, sp, d));
    return lw_ix_emit(L, sp, &ix);
}

/* x's bin along one axis of edges e (nb bins): digitize(x, e) - 1, the last edge in the last
 * bin, and whether it is inside. */
static IrValue *bin_index(Lower *L, Span sp, IrValue *x, IrValue *e, IrValue *nb, IrValue **inside)
{
    DType dt;
    if (!ty_promote_operands(x->type, e->type, &dt)) return NULL;
    IrValue *xc = lw_cast_to(L, x, dt, sp), *ec = lw_cast_to(L, e, dt, sp);
    IrValue *k = lw_emit2(L, IR_DIGITIZE, sp, ty_array(DT_INT64, 1), xc, ec);
    k->def->dtype = DT_INT64;
    LwIx ix;
    lw_ix_init(&ix, ec);
    lw_ix_int(&ix, lw_cint(L, sp, -1));
    IrValue *last = lw_ix_emit(L, sp, &ix);
    IrValue *on_last = lw_ew2(L, IR_EQ, sp, xc, last);
    IrValue *last_bin = lw_isub(L, sp, nb, lw_cint(L, sp, 1));
    k = lw_ewise(L, IR_WHERE, sp, 3,
                 (IrValue *[]){ on_last, last_bin, lw_ew2(L, IR_SUB, sp, k, lw_cint(L, sp, 1)) });
    *inside = lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew2(L, IR_GE, sp, k, lw_cint(L, sp, 0)),
                     lw_ew2(L, IR_LT, sp, k, nb));
    return k;
}

/* histogramdd(sample, bins=10, range=None, density=None, weights=None) → (H, edges): sample an
 * (N, D) array whose D is known at compile time, or a list or tuple of D 1-d arrays written in
 * the call; bins an int or a list or tuple of D ints or edge arrays; range None or D pairs.
 * Composed: each coordinate's bin (digitize), their flat index, and one weighted bincount of
 * prod(bins) bins (float64, as NumPy's H), reshaped; density divides by the total and each
 * axis's bin widths.  edges is a tuple of D arrays (NumPy: a list). */
static IrValue *api_histogramdd(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "histogramdd", "sample,bins,range,density,weights", 1, &a)) return NULL;
    AstNode *se = a.p[0], **cols = NULL, *be = a.p[1], *re = a.p[2];
    bool per_axis = be && (be->kind == AST_LIST || be->kind == AST_TUPLE);
    IrValue *s = NULL;
    int D;
    if (se->kind == AST_LIST || se->kind == AST_TUPLE) {
        cols = (AstNode **)se->elts.v;
        D = se->elts.n;
    } else {
        s = lw_array_operand(L, se, "histogramdd");
        if (!s || !lw_real_only(s, se->span, "histogramdd")) return NULL;
        D = s->type->ndim == 2 ? (int)lw_static_dim(s, 1) : -1;
        if (D < 0 && s->type->ndim == 2) /* D from bins or range written per axis, checked at run time */
            D = per_axis                                                ? be->elts.n
                : re && (re->kind == AST_LIST || re->kind == AST_TUPLE) ? re->elts.n
                                                                        : -1;
        if (D < 0) {
            diag_error(se->span,
                       "histogramdd() takes an (N, D) sample whose D is known at compile time here (a "
                       "shape of constants, bins or range given per axis, or a list of D 1-d arrays): "
                       "the result has D dimensions");
            return NULL;
        }
        if (!lw_raise_if(L, sp, lw_binop(L, AOP_NE, sp, lw_dim(L, sp, s, 1), lw_cint(L, sp, D)), "ValueError",
                         "The dimension of bins must be equal to the dimension of the sample x."))
            return NULL;
    }
    if (D < 1 || D > IR_MAXDIM) {
        diag_error(se->span, "histogramdd() of %d dimensions is not supported", D);
        return NULL;
    }
    if (per_axis && be->elts.n != D) {
        diag_error(be->span, "The dimension of bins must be equal to the dimension of the sample x.");
        return NULL;
    }
    bool has_range = re && re->kind != AST_NONE;
    if (has_range && ((re->kind != AST_LIST && re->kind != AST_TUPLE) || re->elts.n != D)) {
        diag_error(re->span, "range must be None or %d (min, max) pairs written in place", D);
        return NULL;
    }
    bool density;
    IrValue *w;
    if (!density_arg(L, a.p[3], &density) || !opt_array(L, a.p[4], "histogramdd", "weights", &w)) return NULL;
    if (w && !one_d(w, a.p[4])) return NULL;
    IrValue *x[IR_MAXDIM], *edges[IR_MAXDIM], *nb[IR_MAXDIM], *flat = NULL, *inside = NULL,
                                                              *total = lw_cint(L, sp, 1);
    for (int d = 0; d < D; d++) {
        if (!(x[d] = sample_column(L, sp, s, cols, d)) || !lw_real_only(x[d], sp, "histogramdd") ||
            !one_d(x[d], se))
            return NULL;
        IrValue *n;
        if (!bins2_item(L, per_axis ? be->elts.v[d] : be, sp, &n, &edges[d], d)) return NULL;
        IrValue *lo = NULL, *hi = NULL;
        bool given = false;
        if (has_range && !range_pair(L, re->elts.v[d], &given, &lo, &hi)) return NULL;
        if (!edges[d])
            edges[d] = hist_edges(L, sp, x[d], n, given ? lo : NULL, given ? hi : NULL,
                                  given ? DT_FLOAT64 : edge_dtype(x[d]->type->dtype));
        nb[d] = lw_isub(L, sp, lw_dim(L, sp, edges[d], 0), lw_cint(L, sp, 1));
        total = lw_imul(L, sp, total, nb[d]);
    }
    for (int d = 0; d < D; d++) {
        IrValue *in, *k = bin_index(L, sp, x[d], edges[d], nb[d], &in);
        if (!k) return NULL;
        flat = flat ? lw_ew2(L, IR_ADD, sp, lw_ew2(L, IR_MUL, sp, flat, nb[d]), k) : k;
        inside = inside ? lw_ew2(L, IR_LOGICAL_AND, sp, inside, in) : in;
    }
    IrValue *one = w ? lw_cast_to(L, w, DT_FLOAT64, sp) : lw_const_float(L, sp, 1.0);
    IrValue *wt = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ inside, one, lw_const_float(L, sp, 0.0) });
    flat = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ inside, flat, lw_cint(L, sp, 0) });
    if (!flat || !wt) return NULL;
    IrValue *h = lw_emit(L, IR_BINCOUNT, sp, ty_array(DT_FLOAT64, 1), 3, (IrValue *[]){ flat, total, wt });
    h->def->dtype = DT_FLOAT64;
    h = lw_emit_reshape(L, sp, h, D, nb);
    if (density) {
        h = lw_ew2(L, IR_TRUEDIV, sp, h, lw_reduce(L, sp, RED_SUM, h, NULL, NULL, NULL));
        for (int d = 0; d < D; d++) {
            IrValue *hi = lw_slice_axis(L, sp, edges[d], 0, lw_cint(L, sp, 1), NULL, NULL);
            IrValue *lo = lw_slice_axis(L, sp, edges[d], 0, NULL, lw_cint(L, sp, -1), NULL);
            IrValue *width = lw_cast_to(L, lw_ew2(L, IR_SUB, sp, hi, lo), DT_FLOAT64, sp), *dims[IR_MAXDIM];
            for (int k = 0; k < D - d; k++) dims[k] = k ? lw_cint(L, sp, 1) : nb[d];
            if (D - d > 1) width = lw_emit_reshape(L, sp, width, D - d, dims);
            h = lw_ew2(L, IR_TRUEDIV, sp, h, width);
        }
    }
    return h ? lw_tuple(L, sp, 2, (IrValue *[]){ h, lw_tuple(L, sp, D, edges) }) : NULL;
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_bincount)
LW_API_PLAIN(api_digitize)
LW_API_PLAIN(api_histogram)
LW_API_PLAIN(api_histogram2d)
LW_API_PLAIN(api_histogramdd)

const ApiFn lw_hist_api[] = {
    { "cupy", "bincount", api_bincount_api, 0 },       { "cupy", "digitize", api_digitize_api, 0 },
    { "cupy", "histogram", api_histogram_api, 0 },     { "cupy", "histogram2d", api_histogram2d_api, 0 },
    { "cupy", "histogramdd", api_histogramdd_api, 0 }, { NULL, NULL, NULL, 0 },
};
