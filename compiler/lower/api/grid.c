/*
 * lower/api/grid.c — the subscripted module objects cp.mgrid, cp.ogrid, cp.r_ and cp.c_
 * (NumPy's nd_grid, AxisConcatenator), composed from arange-like values, reshapes,
 * broadcasts and concatenation.  No kernel or runtime entry of their own.
 *
 *   one slice start:stop:step (start 0 and step 1 when omitted; stop required):
 *     a real step gives arange's values, ceil((stop - start) / step) of them;
 *     a complex step (5j, n * 1j) gives int(abs(step)) points from start to stop inclusive
 *     (linspace's values, float64);
 *   mgrid[s0, s1, ...]: shape (n, len0, len1, ...), component k varying along axis k + 1;
 *     ogrid[...]: a tuple of n arrays, array k of shape 1 except len_k on axis k; one slice
 *     (no tuple) gives the 1-d values for both.  The dtype is NumPy's result_type of every
 *     start, stop and step (Python numbers: int64, else float64);
 *   r_[items]: the items concatenated along axis 0 — slices as above (arange / linspace),
 *     numbers as 1-element arrays, arrays as they are (0-d as 1-d); c_[items] the same as
 *     columns: 1-d items become (n, 1), concatenated along the last axis.  Their dtype is
 *     NumPy's result_type of the pieces, Python numbers weak (NEP 50).
 *
 *   fromfunction(f, shape, dtype=float): f (a def) called with NumPy's indices(shape, dtype),
 *     one grid per argument.
 *
 * Slice bounds are Python numbers (compile-time or run-time); r_/c_'s string directives
 * ('r', '0,2') are not supported.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* One slice's values: *vals (1-d) with n elements of dtype dt, after NumPy's rules above. */
typedef struct GridSlice {
    IrValue *start, *stop, *step;
    bool is_c;          /* a complex step: a number of points */
    bool is_float;      /* some bound or the step is a float (or the step complex) */
} GridSlice;

static bool grid_num(Lower *L, AstNode *e, IrValue **out, const char *what, bool complex_ok)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    TypeKind k = v->type->kind;
    if (k != TY_INT && k != TY_FLOAT && k != TY_BOOL && !(complex_ok && k == TY_COMPLEX)) {
        diag_error(e->span, "%s slices take Python numbers here, got %s", what, ty_str_of(v->type));
        return false;
    }
    if (k == TY_BOOL) v = lw_to_scalar(L, v, TY_INT, e->span);
    *out = v;
    return true;
}

static bool grid_slice(Lower *L, AstNode *sl, GridSlice *g, const char *what)
{
    memset(g, 0, sizeof *g);
    if (!sl->rhs) {
        diag_error(sl->span, "%s needs a stop in each slice", what);
        return false;
    }
    if (sl->lhs) {
        if (!grid_num(L, sl->lhs, &g->start, what, false)) return false;
    } else {
        g->start = lw_const_int(L, sl->span, 0);
    }
    if (!grid_num(L, sl->rhs, &g->stop, what, false)) return false;
    if (sl->cond) {
        if (!grid_num(L, sl->cond, &g->step, what, true)) return false;
    } else {
        g->step = lw_const_int(L, sl->span, 1);
    }
    g->is_c = g->step->type->kind == TY_COMPLEX;
    g->is_float = g->is_c || g->start->type->kind == TY_FLOAT || g->stop->type->kind == TY_FLOAT ||
                  g->step->type->kind == TY_FLOAT;
    return true;
}

/* The slice's values in dtype dt: iota(n) * step + start. */
static IrValue *grid_values(Lower *L, Span sp, const GridSlice *g, DType dt)
{
    IrValue *n, *step;
    IrValue *span = lw_binop(L, AOP_SUB, sp, g->stop, g->start);
    if (!span) return NULL;
    if (g->is_c) {
        /* int(abs(step)) points; step (stop - start) / (n - 1) (n == 1: just start) */
        IrValue *s = g->step;
        IrValue *mag = lw_ewise(L, IR_ABS, sp, 1, &s);
        if (!mag) return NULL;
        n = lw_to_scalar(L, mag, TY_INT, sp);
        IrValue *one = lw_const_int(L, sp, 1);
        IrValue *nm1 = lw_binop(L, AOP_SUB, sp, n, one);
        IrValue *den = nm1 ? lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){nm1, one}) : NULL;
        step = den ? lw_binop(L, AOP_DIV, sp, span, den) : NULL;
    } else {
        /* ceil((stop - start) / step), not below 0 */
        IrValue *q = lw_binop(L, AOP_DIV, sp, span, g->step);
        IrValue *c = q ? lw_ewise(L, IR_CEIL, sp, 1, &q) : NULL;
        IrValue *ci = c ? lw_to_scalar(L, c, TY_INT, sp) : NULL;
        n = ci ? lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){ci, lw_const_int(L, sp, 0)}) : NULL;
        step = g->step;
    }
    if (!n || !step) return NULL;
    IrValue *i = lw_cast(L, lw_iota(L, sp, n), dt, sp);
    IrValue *v = lw_binop(L, AOP_MUL, sp, i, step);
    v = v ? lw_binop(L, AOP_ADD, sp, v, g->start) : NULL;
    if (v && v->type->dtype != dt) v = lw_cast(L, v, dt, sp);
    return v;
}

/* mgrid[...] (sparse false) and ogrid[...] (sparse true). */
static IrValue *nd_grid(Lower *L, AstNode *e, bool sparse)
{
    const char *what = sparse ? "ogrid" : "mgrid";
    AstNode *idx = e->rhs;
    Span sp = e->span;
    if (idx->kind == AST_SLICE) {
        GridSlice g;
        if (!grid_slice(L, idx, &g, what)) return NULL;
        return grid_values(L, sp, &g, g.is_float ? DT_FLOAT64 : DT_INT64);
    }
    if (idx->kind != AST_TUPLE || idx->elts.n == 0) {
        diag_error(idx->span, "%s takes slices (start:stop:step, the step a number of points when complex)", what);
        return NULL;
    }
    int n = idx->elts.n;
    if (n > IR_MAXDIM - 1) {
        diag_error(idx->span, "%s of %d slices: gpyc arrays have at most %d dimensions", what, n, IR_MAXDIM);
        return NULL;
    }
    GridSlice g[IR_MAXDIM];
    bool is_float = false;
    for (int k = 0; k < n; k++) {
        AstNode *sl = idx->elts.v[k];
        if (sl->kind != AST_SLICE) {
            diag_error(sl->span, "%s takes slices (start:stop:step), not single values", what);
            return NULL;
        }
        if (!grid_slice(L, sl, &g[k], what)) return NULL;
        is_float |= g[k].is_float;
    }
    DType dt = is_float ? DT_FLOAT64 : DT_INT64;
    IrValue *vals[IR_MAXDIM], *dims[IR_MAXDIM];
    for (int k = 0; k < n; k++) {
        if (!(vals[k] = grid_values(L, sp, &g[k], dt))) return NULL;
        dims[k] = lw_dim(L, sp, vals[k], 0);
    }
    IrValue *parts[IR_MAXDIM];
    for (int k = 0; k < n; k++) {
        /* sparse: len_k on axis k, 1 elsewhere; dense: the same with a leading 1, broadcast */
        IrValue *shape[IR_MAXDIM + 1];
        int off = sparse ? 0 : 1;
        if (!sparse) shape[0] = lw_const_int(L, sp, 1);
        for (int j = 0; j < n; j++) shape[off + j] = j == k ? dims[k] : lw_const_int(L, sp, 1);
        IrValue *r = lw_emit_reshape(L, sp, vals[k], n + off, shape);
        if (!sparse) {
            shape[0] = lw_const_int(L, sp, 1);
            for (int j = 0; j < n; j++) shape[1 + j] = dims[j];
            r = lw_broadcast_to(L, sp, r, n + 1, shape);
        }
        if (!r) return NULL;
        parts[k] = r;
    }
    if (sparse) return lw_tuple(L, sp, n, parts);
    return lw_join(L, sp, "concatenate", n, parts, 0, dt);
}

/* r_[...] (columns false) and c_[...] (columns true). */
static IrValue *concatenator(Lower *L, AstNode *e, bool columns)
{
    const char *what = columns ? "c_" : "r_";
    AstNode *idx = e->rhs;
    Span sp = e->span;
    int n = idx->kind == AST_TUPLE ? idx->elts.n : 1;
    if (n == 0 || n > 32) {
        diag_error(idx->span, "%s takes 1 to 32 items here", what);
        return NULL;
    }
    IrValue *pieces[32] = {0};
    bool weak[32];
    for (int k = 0; k < n; k++) {
        AstNode *it = idx->kind == AST_TUPLE ? idx->elts.v[k] : idx;
        weak[k] = false;
        if (it->kind == AST_SLICE) {
            GridSlice g;
            if (!grid_slice(L, it, &g, what)) return NULL;
            if (!(pieces[k] = grid_values(L, sp, &g, g.is_float ? DT_FLOAT64 : DT_INT64))) return NULL;
            continue;
        }
        if (it->kind == AST_STR) {
            diag_error(it->span, "string directives of %s are not supported", what);
            return NULL;
        }
        IrValue *v = lw_expr(L, it);
        if (!v) return NULL;
        if (ty_is_scalar(v->type)) {
            weak[k] = true;
        } else if (v->type->kind != TY_ARRAY) {
            diag_error(it->span, "%s takes slices, numbers and arrays, got %s", what, ty_str_of(v->type));
            return NULL;
        }
        pieces[k] = v;
    }
    /* NumPy's result_type of the pieces: arrays strong, Python numbers weak */
    bool any_strong = false;
    DType dt = DT_BOOL;
    for (int k = 0; k < n; k++)
        if (!weak[k]) {
            dt = any_strong ? dt_promote(dt, pieces[k]->type->dtype) : pieces[k]->type->dtype;
            any_strong = true;
        }
    for (int k = 0; k < n; k++) {
        if (!weak[k]) continue;
        if (!any_strong) {
            dt = ty_scalar_dtype(pieces[k]->type);
            any_strong = true;   /* the first number's default dtype, then promotion */
            continue;
        }
        DType out;
        if (ty_promote_operands(ty_array(dt, 1), pieces[k]->type, &out)) dt = out;
    }
    for (int k = 0; k < n; k++) {
        IrValue *v = pieces[k];
        IrValue *one = lw_const_int(L, sp, 1);
        if (weak[k]) {
            IrValue *dims[2] = {one, one};
            v = lw_emit_full(L, sp, dt, columns ? 2 : 1, dims, v);
        } else {
            if (v->type->dtype != dt) v = lw_cast(L, v, dt, sp);
            int nd = v->type->ndim;
            if (nd == 0) {
                IrValue *dims[2] = {one, one};
                v = lw_emit_reshape(L, sp, v, columns ? 2 : 1, dims);
            } else if (columns && nd == 1) {
                IrValue *dims[2] = {lw_dim(L, sp, v, 0), one};
                v = lw_emit_reshape(L, sp, v, 2, dims);
            }
        }
        if (!v) return NULL;
        pieces[k] = v;
    }
    int nd = pieces[0]->type->ndim;
    for (int k = 1; k < n; k++)
        if (pieces[k]->type->ndim != nd) {
            diag_error(sp, "all the input array dimensions except for the concatenation axis must match "
                           "exactly (%s: %d-d and %d-d pieces)", what, nd, pieces[k]->type->ndim);
            return NULL;
        }
    return lw_join(L, sp, "concatenate", n, pieces, columns ? nd - 1 : 0, dt);
}

IrValue *lw_grid_subscript(Lower *L, const char *obj, AstNode *e)
{
    if (!strcmp(obj, "cupy.mgrid")) return nd_grid(L, e, false);
    if (!strcmp(obj, "cupy.ogrid")) return nd_grid(L, e, true);
    if (!strcmp(obj, "cupy.r_")) return concatenator(L, e, false);
    if (!strcmp(obj, "cupy.c_")) return concatenator(L, e, true);
    return NULL;
}


/* fromfunction(function, shape, dtype=float): function (a def) called once with the index
 * grids of shape (NumPy's indices(shape, dtype)), one argument per dimension; its result is
 * the call's. */
static IrValue *api_fromfunction(Lower *L, AstNode *call)
{
    Args A;
    if (!lw_bind(call, "fromfunction", "function,shape,dtype", 2, &A)) return NULL;
    IrValue *fv = lw_expr(L, A.p[0]);
    if (!fv) return NULL;
    if (fv->type->kind != TY_FUNC || !fv->type->def) {
        diag_error(A.p[0]->span, "fromfunction() takes a function defined with def here, got %s", ty_str_of(fv->type));
        return NULL;
    }
    if (A.p[1]->kind != AST_TUPLE && A.p[1]->kind != AST_LIST && A.p[1]->kind != AST_NAME) {
        /* NumPy's indices(shape) iterates over the shape */
        diag_error(A.p[1]->span, "'int' object is not iterable (fromfunction takes a shape tuple)");
        return NULL;
    }
    IrValue *dims[IR_MAXDIM];
    int nd = 0;
    if (!lw_shape_arg(L, A.p[1], dims, &nd)) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, A.p[2], &dt, &given)) return NULL;
    AstNode *def = fv->type->def;
    int np = def->params.n, nreq = 0;
    for (int i = 0; i < np; i++) nreq += ((AstNode *)def->params.v[i])->rhs == NULL;
    if (nd < nreq || nd > np) {
        diag_error(call->span, "fromfunction(): %s() takes %d argument%s, the shape has %d dimension%s", def->sval, np,
                   np == 1 ? "" : "s", nd, nd == 1 ? "" : "s");
        return NULL;
    }
    Span sp = call->span;
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(np ? np : 1));
    for (int k = 0; k < nd; k++) {
        IrValue *shape[IR_MAXDIM];
        for (int j = 0; j < nd; j++) shape[j] = j == k ? dims[k] : lw_const_int(L, sp, 1);
        IrValue *v = lw_cast(L, lw_iota(L, sp, dims[k]), dt, sp);
        v = lw_emit_reshape(L, sp, v, nd, shape);
        v = v ? lw_broadcast_to(L, sp, v, nd, dims) : NULL;
        /* a copy: the function may write into its arguments */
        if (v) v = lw_emit1(L, IR_COPY, sp, v->type, v);
        if (!v) return NULL;
        args[k] = v;
    }
    for (int k = nd; k < np; k++)   /* defaults, in the def's module */
        if (!(args[k] = lw_expr(L, ((AstNode *)def->params.v[k])->rhs))) return NULL;
    return lw_call_user(L, fv, args, sp);
}

static IrValue *api_fromfunction_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    (void)self;
    return api_fromfunction(L, call);
}

/* cp.mgrid(...) and the like: the objects are subscripted, not called (NumPy's TypeError). */
static IrValue *api_grid_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L;
    (void)self;
    static const char *const cls[][2] = {{"mgrid", "MGridClass"}, {"ogrid", "OGridClass"},
                                         {"r_", "RClass"}, {"c_", "CClass"}};
    const char *c = "object";
    for (size_t i = 0; i < sizeof cls / sizeof cls[0]; i++)
        if (!strcmp(cls[i][0], f->name)) c = cls[i][1];
    diag_error(call->span, "'%s' object is not callable (write cp.%s[...])", c, f->name);
    return NULL;
}

const ApiFn lw_grid_api[] = {
    {"cupy", "mgrid", api_grid_call, 0},
    {"cupy", "ogrid", api_grid_call, 0},
    {"cupy", "r_", api_grid_call, 0},
    {"cupy", "c_", api_grid_call, 0},
    {"cupy", "fromfunction", api_fromfunction_api, 0},
    {NULL, NULL, NULL, 0},
};
