/*
 * lower/api/index.c — the indexing routines: nonzero (and where(a) with one argument) is a
 * tuple of int64 arrays (lw_nonzero, lower/compose.c), argwhere(a) an (N, ndim) int64 array,
 * flatnonzero(a) the positions in a.ravel(); take(a, idx, axis) is a[idx] along axis
 * (a.ravel() when axis is None); compress(c, a, axis) and extract(c, a) are take with the
 * positions of c's nonzero elements; select(condlist, choicelist, default) a chain of where()
 * from the last pair.  Advanced indexing itself (x[idx], x[mask] = v) is
 * lower/subscript.c.  Table: lw_index_api.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- routines */

/* An index operand of take: a list literal, an integer array (bool arrays count as 0/1) or an
 * int. */
static IrValue *take_indices(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = e->kind == AST_LIST ? lw_index_list(L, e) : lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_BOOL) v = lw_to_scalar(L, v, TY_INT, e->span);
    if (v->type->kind == TY_INT) return v;
    if (v->type->kind != TY_ARRAY) {
        diag_error(e->span, "%s() expects integer indices, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    if (v->type->dtype == DT_BOOL) return lw_cast(L, v, DT_INT64, e->span);
    if (!dt_is_int(v->type->dtype)) {
        diag_error(e->span, "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'",
                   dt_name(v->type->dtype));
        return NULL;
    }
    return v;
}

/* a[idx] along axis (None: along a.ravel()); idx an int or an integer array. */
static IrValue *take_along(Lower *L, Span sp, IrValue *a, IrValue *idx, AstNode *axis_e)
{
    int axes[IR_MAXDIM], naxes;
    bool all;
    if (!lw_axis_arg(L, axis_e, a->type->ndim, axes, &naxes, &all)) return NULL;
    if (!all && naxes != 1) {
        diag_error(axis_e->span, "take() needs one axis, not a tuple");
        return NULL;
    }
    int axis = 0;
    if (all) {
        IrValue *m1 = lw_const_int(L, sp, -1);
        a = lw_emit_reshape(L, sp, a, 1, &m1);
    } else {
        axis = axes[0];
    }
    IrValue *args[1 + 3 * IR_MAXDIM + 1];
    IdxKind kinds[IR_MAXDIM + 1];
    int na = 0, n = 0;
    args[na++] = a;
    for (int k = 0; k < axis; k++) {
        for (int j = 0; j < 3; j++) args[na++] = lw_const_none(L, sp);
        kinds[n++] = IDX_SLICE;
    }
    args[na++] = idx;
    kinds[n++] = IDX_INT;
    if (idx->type->kind == TY_ARRAY) return lw_index_adv(L, a, sp, sp, n, kinds, na, args);
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(a->type->dtype, a->type->ndim - 1), na, args);
    r->def->nidx = n;
    for (int k = 0; k < n; k++) r->def->idx[k] = kinds[k];
    return r;
}

/* The condition of compress/extract: an array or a list literal (any dtype: nonzero counts). */
static IrValue *cond_arg(Lower *L, AstNode *e, const char *fname)
{
    if (e->kind == AST_LIST) return lw_index_list(L, e);
    return lw_array_arg(L, e, fname);
}

/* nonzero(a), argwhere(a), flatnonzero(a), where(condition); the method x.nonzero() */
static IrValue *nonzero_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    const char *fn = f->name;
    Span sp = call->span;
    Args a;
    IrValue *x = self;
    if (!x) {
        if (!lw_bind(call, fn, !strcmp(fn, "where") ? "condition" : "a", 1, &a)) return NULL;
        if (!(x = lw_array_arg(L, a.p[0], fn))) return NULL;
    } else if (!lw_bind(call, fn, "", 0, &a)) {
        return NULL;
    }
    if (!strcmp(fn, "argwhere")) return lw_emit_nonzero(L, sp, x, 1);
    if (!strcmp(fn, "flatnonzero")) return lw_emit_nonzero(L, sp, x, 2);
    return lw_nonzero(L, sp, x);
}

/* where(condition) is nonzero; where(condition, x, y) is the elementwise ufunc */
static IrValue *where_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    if (call->elts.n != 1 || call->params.n) return lw_ufunc_call(L, call, "where", IR_WHERE, self);
    return nonzero_api(L, call, f, self);
}

/* select(condlist, choicelist, default=0): list or tuple literals of one length, each
 * condition a bool array; the first true condition's choice, else default: where() from the
 * last pair to the first, Python numbers as 0-d arrays (NumPy's asarray: strong types under
 * NEP 50, so an int default makes int32 choices int64). */
static IrValue *api_select(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "select", "condlist,choicelist,default", 2, &a)) return NULL;
    AstNode *cl = a.p[0], *ch = a.p[1];
    if (!lw_is_seq_lit(cl) || !lw_is_seq_lit(ch)) {
        diag_error(lw_is_seq_lit(cl) ? ch->span : cl->span,
                   "select() takes lists or tuples written out here");
        return NULL;
    }
    if (cl->elts.n != ch->elts.n) {
        diag_error(sp, "list of cases must be same length as list of conditions");
        return NULL;
    }
    if (!cl->elts.n) {
        diag_error(sp, "select with an empty condition list is not possible");
        return NULL;
    }
    IrValue *r = a.p[2] ? lw_expr(L, a.p[2]) : lw_cint(L, sp, 0);
    for (int i = cl->elts.n - 1; r && i >= 0; i--) {
        IrValue *c = lw_expr(L, cl->elts.v[i]), *v = c ? lw_expr(L, ch->elts.v[i]) : NULL;
        if (!v) return NULL;
        if (!(c->type->kind == TY_ARRAY && c->type->dtype == DT_BOOL) && c->type->kind != TY_BOOL) {
            diag_error(((AstNode *)cl->elts.v[i])->span,
                       "TypeError: invalid entry %d in condlist: should be boolean ndarray", i);
            return NULL;
        }
        if (v->type->kind != TY_ARRAY) v = lw_scalar_array(L, sp, v);
        if (r->type->kind != TY_ARRAY) r = lw_scalar_array(L, sp, r);
        r = v && r ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ c, v, r }) : NULL;
    }
    return r;
}

/* take(a, indices, axis=None, out=None, mode=None); x.take(indices, ...) */
static IrValue *take_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    const char *fn = f->name;
    Args a;
    if (!lw_bind_self(call, fn, "a,indices,axis,out,mode", 2, self, &a)) return NULL;
    AstNode **p = a.p + 1;
    if (!lw_no_arg(p[2], "out") || !lw_no_arg(p[3], "mode")) return NULL;
    IrValue *x = self ? self : lw_array_arg(L, a.p[0], fn);
    IrValue *idx = x ? take_indices(L, p[0], fn) : NULL;
    return idx ? take_along(L, call->span, x, idx, p[1]) : NULL;
}

/* compress(condition, a, axis=None, out=None); x.compress(condition, ...) */
static IrValue *compress_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    const char *fn = f->name;
    Args a;
    if (!lw_bind(call, fn, self ? "condition,axis,out" : "condition,a,axis,out", self ? 1 : 2, &a)) return NULL;
    AstNode *axis = self ? a.p[1] : a.p[2];
    if (!lw_no_arg(self ? a.p[2] : a.p[3], "out")) return NULL;
    IrValue *c = cond_arg(L, a.p[0], fn);
    IrValue *x = !c ? NULL : self ? self : lw_array_arg(L, a.p[1], fn);
    if (!x) return NULL;
    if (c->type->ndim != 1) {
        diag_error(a.p[0]->span, "condition must be a 1-d array");
        return NULL;
    }
    return take_along(L, call->span, x, lw_emit_nonzero(L, call->span, c, 2), axis);
}

/* extract(condition, arr) = take(ravel(arr), flatnonzero(condition)) */
static IrValue *extract_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "condition,arr", 2, &a)) return NULL;
    IrValue *c = cond_arg(L, a.p[0], f->name);
    IrValue *x = c ? lw_array_arg(L, a.p[1], f->name) : NULL;
    if (!x) return NULL;
    return take_along(L, call->span, x, lw_emit_nonzero(L, call->span, c, 2), NULL);
}

LW_API_PLAIN(api_select)

const ApiFn lw_index_api[] = {
    { "cupy", "nonzero", nonzero_api, 0 },
    { "cupy", "argwhere", nonzero_api, 0 },
    { "cupy", "flatnonzero", nonzero_api, 0 },
    { "cupy", "where", where_api, 0 },
    { "cupy", "select", api_select_api, 0 },
    { "cupy", "take", take_api, 0 },
    { "cupy", "compress", compress_api, 0 },
    { "cupy", "extract", extract_api, 0 },
    /* ndarray methods */
    { "cupy.ndarray", "nonzero", nonzero_api, 0 },
    { "cupy.ndarray", "take", take_api, 0 },
    { "cupy.ndarray", "compress", compress_api, 0 },
    { NULL, NULL, NULL, 0 },
};
