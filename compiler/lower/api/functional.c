/*
 * lower/api/functional.c — NumPy's functional routines that call a user function:
 * apply_along_axis and piecewise.  Each is lowered as the Python statements NumPy's own
 * implementation runs, written as AST (lower/comp.c's builders) and lowered by the statement
 * lowering, so the function may be any def (or cupy routine) a call compiles, with its extra
 * positional and keyword arguments (which are evaluated at each call).
 *
 *   apply_along_axis(func1d, axis, arr, *args, **kwargs): arr's axis moved last and its other
 *     axes flattened into rows r (a copy); out[0] = func1d(r[0]) decides the result's shape and
 *     dtype (an array's, or a Python number's: int64, float64 ...), then
 *         for i in range(1, len(r)): out[i] = func1d(r[i], *args, **kwargs)
 *     and out is reshaped and its function axes moved to where axis was (NumPy's layout);
 *   piecewise(x, condlist, funclist, *args, **kw): y = zeros_like(x), then for each condition
 *     in order y[cond] = value (a constant) or y[cond] = func(x[cond], *args, **kw) (skipped
 *     when no element holds); one more function than conditions is the `otherwise` case,
 *     where no condition holds.  condlist is a list or tuple written in the call (or one bool
 *     array), funclist a list or tuple written in the call (their lengths are compile-time).
 * The hidden names are "NAME@apply<id>" / "NAME@piecewise<id>" (the call's id).
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* obj[index] */
static AstNode *ast_sub(Lower *L, Span sp, AstNode *obj, AstNode *index)
{
    AstNode *s = lw_ast_node(L, AST_SUBSCRIPT, sp);
    s->lhs = obj;
    s->rhs = index;
    return s;
}

/* target = v for any target */
static AstNode *ast_store(Lower *L, Span sp, AstNode *target, AstNode *v)
{
    AstNode *a = lw_ast_node(L, AST_ASSIGN, sp);
    a->elts = lw_ast_vec(L, 1, &target);
    a->rhs = v;
    return a;
}

/* f(first, extra...) with call's keyword arguments (extra: call's positional arguments from
 * skip on) */
static AstNode *ast_call_with(Lower *L, Span sp, AstNode *f, AstNode *first, AstNode *call, int skip)
{
    int n = call->elts.n - skip + 1;
    AstNode **args = ar_alloc(L->a, sizeof(AstNode *) * (size_t)n);
    args[0] = first;
    for (int i = 1; i < n; i++) args[i] = call->elts.v[skip + i - 1];
    AstNode *c = lw_ast_call(L, sp, f, n, args);
    c->params = call->params;
    c->id = call->id; /* hidden names made for the call (sum(), list() ...) are this call's */
    return c;
}

/* A hidden name of this call. */
static const char *hidden(Lower *L, AstNode *call, const char *what, const char *fn)
{
    return ar_printf(L->a, "%s@%s%d", what, fn, call->id);
}

/* The dtype of a value a function returned (an array's, a Python number's), or false. */
static bool result_dtype(const Type *t, DType *dt)
{
    switch (t->kind) {
    case TY_ARRAY: *dt = t->dtype; return true;
    case TY_BOOL: *dt = DT_BOOL; return true;
    case TY_INT: *dt = DT_INT64; return true;
    case TY_FLOAT: *dt = DT_FLOAT64; return true;
    case TY_COMPLEX: *dt = DT_COMPLEX128; return true;
    default: return false;
    }
}

/* ---------------------------------------------------------------- apply_along_axis */

static IrValue *api_apply_along_axis(Lower *L, AstNode *call)
{
    Span sp = call->span;
    static const char *const names[] = { "func1d", "axis", "arr" };
    for (int i = 0; i < 3; i++)
        if (call->elts.n <= i || ((AstNode *)call->elts.v[i])->kind == AST_STARRED) {
            diag_error(
                sp,
                "apply_along_axis() takes func1d, axis and arr as its first three positional arguments "
                "here (missing '%s')",
                names[i]);
            return NULL;
        }
    IrValue *x = lw_array_arg(L, call->elts.v[2], "apply_along_axis");
    if (!x) return NULL;
    int nd = x->type->ndim, k;
    if (nd == 0) {
        diag_error(((AstNode *)call->elts.v[1])->span, "axis 0 is out of bounds for array of dimension 0");
        return NULL;
    }
    if (!lw_axis1(L, call->elts.v[1], nd, 0, &k)) return NULL;
    /* rows: arr with axis last, its other axes flattened */
    int perm[IR_MAXDIM], np = 0;
    for (int i = 0; i < nd; i++)
        if (i != k) perm[np++] = i;
    perm[np] = k;
    IrValue *t = lw_copy_of(L, sp, lw_emit_transpose(L, sp, x, perm));
    IrValue *tdims[IR_MAXDIM];
    lw_shape_of(L, t, sp, tdims);
    IrValue *rows = lw_cint(L, sp, 1);
    for (int i = 0; i < nd - 1; i++) rows = lw_imul(L, sp, rows, tdims[i]);
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, rows, lw_cint(L, sp, 0)), "ValueError",
                     "Cannot apply_along_axis when any iteration dimensions are 0"))
        return NULL;
    IrValue *r = lw_emit_reshape(L, sp, t, 2, (IrValue *[]){ rows, tdims[nd - 1] });
    const char *rn = hidden(L, call, "r", "apply"), *on = hidden(L, call, "out", "apply"),
               *in = hidden(L, call, "i", "apply");
    if (!lw_assign(L, lw_ast_name(L, sp, rn), r, sp)) return NULL;
    /* out[0] = func1d(r[0]) decides the result */
    AstNode *f = call->elts.v[0];
    IrValue *first = lw_expr(
        L, ast_call_with(L, sp, f, ast_sub(L, sp, lw_ast_name(L, sp, rn), lw_ast_int(L, sp, 0)), call, 3));
    if (!first) return NULL;
    DType dt;
    if (!result_dtype(first->type, &dt)) {
        diag_error(f->span, "apply_along_axis() takes a func1d that returns an array or a number, not %s",
                   ty_str_of(first->type));
        return NULL;
    }
    int kd = first->type->kind == TY_ARRAY ? first->type->ndim : 0;
    if (nd - 1 + kd > IR_MAXDIM) {
        diag_error(sp, "apply_along_axis() would give a %d-d array, beyond gpyc's %d dimensions", nd - 1 + kd,
                   IR_MAXDIM);
        return NULL;
    }
    IrValue *fdims[IR_MAXDIM + 1];
    fdims[0] = rows;
    if (kd) lw_shape_of(L, first, sp, fdims + 1);
    if (!lw_assign(L, lw_ast_name(L, sp, on), lw_emit_empty(L, sp, dt, 1 + kd, fdims), sp) ||
        !lw_assign(L, ast_sub(L, sp, lw_ast_name(L, sp, on), lw_ast_int(L, sp, 0)), first, sp))
        return NULL;
    /* for i in range(1, rows): out[i] = func1d(r[i], *args, **kwargs) */
    const char *nn = hidden(L, call, "n", "apply");
    if (!lw_assign(L, lw_ast_name(L, sp, nn), rows, sp)) return NULL;
    AstNode *range = lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 2,
                                 (AstNode *[]){ lw_ast_int(L, sp, 1), lw_ast_name(L, sp, nn) });
    AstNode *step = ast_store(
        L, sp, ast_sub(L, sp, lw_ast_name(L, sp, on), lw_ast_name(L, sp, in)),
        ast_call_with(L, sp, f, ast_sub(L, sp, lw_ast_name(L, sp, rn), lw_ast_name(L, sp, in)), call, 3));
    AstNode *loop = lw_ast_for(L, sp, lw_ast_name(L, sp, in), range, step);
    loop->id = call->id;
    lw_stmt(L, loop);
    IrValue *out = lw_expr(L, lw_ast_name(L, sp, on));
    if (!out) return NULL;
    /* out reshaped to arr's other axes + func1d's axes, those moved to where axis was */
    IrValue *dims[IR_MAXDIM];
    for (int i = 0; i < nd - 1; i++) dims[i] = tdims[i];
    for (int i = 0; i < kd; i++) dims[nd - 1 + i] = fdims[1 + i];
    int rnd = nd - 1 + kd;
    IrValue *res = lw_emit_reshape(L, sp, out, rnd, dims);
    int back[IR_MAXDIM], nb = 0;
    for (int i = 0; i < k; i++) back[nb++] = i;
    for (int i = 0; i < kd; i++) back[nb++] = nd - 1 + i;
    for (int i = k; i < nd - 1; i++) back[nb++] = i;
    return kd && k < nd - 1 ? lw_emit_transpose(L, sp, res, back) : res;
}

/* ---------------------------------------------------------------- piecewise */

/* The elements of a list or tuple literal e (one element when e is neither). */
static int literal_items(AstNode *e, AstNode ***items)
{
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        *items = (AstNode **)e->elts.v;
        return e->elts.n;
    }
    *items = NULL;
    return 1;
}

/* Whether e denotes a function (a def, a builtin or a cupy routine) rather than a value. */
static bool is_function(Lower *L, AstNode *e)
{
    if (e->kind != AST_NAME && e->kind != AST_ATTR) return false;
    IrValue *v = lw_expr(L, e);
    return v && (v->type->kind == TY_FUNC || v->type->kind == TY_BUILTIN);
}

static IrValue *api_piecewise(Lower *L, AstNode *call)
{
    Span sp = call->span;
    static const char *const names[] = { "x", "condlist", "funclist" };
    for (int i = 0; i < 3; i++)
        if (call->elts.n <= i || ((AstNode *)call->elts.v[i])->kind == AST_STARRED) {
            diag_error(sp,
                       "piecewise() takes x, condlist and funclist as its first three positional arguments "
                       "here (missing '%s')",
                       names[i]);
            return NULL;
        }
    IrValue *x = lw_arraylike(L, call->elts.v[0], "piecewise");
    if (!x) return NULL;
    AstNode **conds, **funcs, *ce = call->elts.v[1], *fe = call->elts.v[2];
    int nc = literal_items(ce, &conds), nf = literal_items(fe, &funcs);
    if (!conds) conds = &ce;
    if (!funcs) {
        diag_error(fe->span, "piecewise() takes a funclist written as a list or tuple in the call here");
        return NULL;
    }
    if (nf != nc && nf != nc + 1) {
        diag_error(fe->span, "with %d condition(s), either %d or %d functions are expected", nc, nc, nc + 1);
        return NULL;
    }
    const char *xn = hidden(L, call, "x", "piecewise"), *yn = hidden(L, call, "y", "piecewise");
    IrValue *xdims[IR_MAXDIM];
    lw_shape_of(L, x, sp, xdims);
    IrValue *y = lw_emit_full(L, sp, x->type->dtype, x->type->ndim, xdims, lw_cint(L, sp, 0));
    if (!lw_assign(L, lw_ast_name(L, sp, xn), x, sp) || !lw_assign(L, lw_ast_name(L, sp, yn), y, sp))
        return NULL;
    /* the conditions as bool arrays of x's shape, then `otherwise` */
    const char **cn = ar_alloc(L->a, sizeof(char *) * (size_t)(nc + 1));
    IrValue *any = NULL;
    for (int i = 0; i < nc; i++) {
        IrValue *c = lw_arraylike(L, conds[i], "piecewise");
        if (!c) return NULL;
        c = lw_cast_to(L, c, DT_BOOL, conds[i]->span);
        if (c->type->ndim > x->type->ndim) {
            diag_error(conds[i]->span, "piecewise() takes conditions of x's shape (%d-d), not %d-d",
                       x->type->ndim, c->type->ndim);
            return NULL;
        }
        c = lw_broadcast_to(L, sp, c, x->type->ndim, xdims);
        any = any ? lw_ew2(L, IR_LOGICAL_OR, sp, any, c) : c;
        cn[i] = ar_printf(L->a, "c%d@piecewise%d", i, call->id);
        if (!lw_assign(L, lw_ast_name(L, sp, cn[i]), c, sp)) return NULL;
    }
    if (nf == nc + 1) {
        cn[nc] = ar_printf(L->a, "c%d@piecewise%d", nc, call->id);
        IrValue *other = any ? lw_ew1(L, IR_LOGICAL_NOT, sp, any) : NULL;
        if (!other || !lw_assign(L, lw_ast_name(L, sp, cn[nc]), other, sp)) return NULL;
    }
    for (int i = 0; i < nf; i++) {
        AstNode *target = ast_sub(L, sp, lw_ast_name(L, sp, yn), lw_ast_name(L, sp, cn[i]));
        if (!is_function(L, funcs[i])) { /* y[cond] = value */
            lw_stmt(L, ast_store(L, sp, target, funcs[i]));
            continue;
        }
        /* v = x[cond]; if v.size: y[cond] = func(v, *args, **kw) */
        const char *vn = ar_printf(L->a, "v%d@piecewise%d", i, call->id);
        lw_stmt(L,
                lw_ast_assign(L, sp, vn, ast_sub(L, sp, lw_ast_name(L, sp, xn), lw_ast_name(L, sp, cn[i]))));
        AstNode *size = lw_ast_node(L, AST_ATTR, sp);
        size->lhs = lw_ast_name(L, sp, vn);
        size->sval = "size";
        lw_stmt(L, lw_ast_if(L, sp, size,
                             ast_store(L, sp, target,
                                       ast_call_with(L, sp, funcs[i], lw_ast_name(L, sp, vn), call, 3))));
    }
    return lw_expr(L, lw_ast_name(L, sp, yn));
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_apply_along_axis)
LW_API_PLAIN(api_piecewise)

const ApiFn lw_functional_api[] = {
    { "cupy", "apply_along_axis", api_apply_along_axis_api, 0 },
    { "cupy", "piecewise", api_piecewise_api, 0 },
    { NULL, NULL, NULL, 0 },
};
