/*
 * lower/api/poly1d.c — cupy.poly1d, NumPy's one-dimensional polynomial class.  An instance is
 * a TY_POLY1D: at run time its coefficient array (1-d, highest power first, leading zeros
 * trimmed to one coefficient at least), the type carrying the dtype and the print variable.
 * Every operation is NumPy's poly1d method written out on the coefficients:
 *
 *   poly1d(c_or_r, r=False, variable=None): c a number, list or 1-d array (or a poly1d: its
 *     coefficients, the variable replaced when given); the leading zeros trimmed, [0] of c's
 *     dtype when none is left; r=True: the polynomial whose roots c's values are (from_roots);
 *   p.c / .coef / .coefficients / .coeffs (the array), p.order / p.o, p.variable, p.roots / p.r
 *     (cp.roots of the coefficients), len(p) (the order), bool(p) (len(p) != 0, Python's
 *     rule for a class with __len__), p[k] (the coefficient of x**k, 0 outside 0..order);
 *   p(x): polyval(p.c, x) of a number or an array; p(q) of a poly1d q: the composition;
 *   -p, +p, p + q, p - q, p * q (q a poly1d, a number or an array: poly1d(q); an array on the
 *     left is the array's operator on the coefficients, as NumPy's __array__ makes it), p * s and
 *     p / s of a number s (the coefficients times / over it), p ** n (n a constant int >= 0:
 *     n products by polymul from [1]), p == q and p != q of two poly1d;
 *   p.deriv(m=1) and p.integ(m=1, k=0) (NumPy's polyder / polyint, m a constant, k a number);
 *   print(p) / str(p) and repr(p): NumPy's texts (runtime/print.c, rt_sb_poly1d).
 * Results of operators and methods are new poly1d of the default variable x, as NumPy's.
 *
 * The products, sums and evaluations go through the API rows of polymul, polyadd, polysub,
 * polyval and roots (api_values), so each is the one lowering of that routine.
 */
#include "compiler/lower/lower.h"

#include <ctype.h>
#include <string.h>

/* The coefficients of the poly1d p, a 1-d array (a view of the same memory). */
static IrValue *coeffs(Lower *L, Span sp, IrValue *p)
{
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(p->type->dtype, 1), p);
    r->def->dtype = p->type->dtype;
    return r;
}

/* cupy.NAME(args...) of values: each bound to a hidden name, then NAME's API row lowers a
 * call of those names. */
static IrValue *api_values(Lower *L, Span sp, const char *name, int n, IrValue **args)
{
    AstNode *names[2];
    for (int i = 0; i < n; i++) {
        const char *t = ar_printf(L->a, "v@poly%d", args[i]->id);
        if (!lw_assign(L, lw_ast_name(L, sp, t), args[i], sp)) return NULL;
        names[i] = lw_ast_name(L, sp, t);
    }
    const ApiFn *f = lw_api_find("cupy", name);
    return f->lower(L, lw_ast_call(L, sp, lw_ast_name(L, sp, name), n, names), f, NULL);
}

/* The coefficients NumPy's poly1d(v) has for an operand v: a poly1d's, or a number's or an
 * array's (1-d at most; trimmed as poly1d trims them).  NULL after a located error. */
static IrValue *operand(Lower *L, Span sp, IrValue *v, const char *var)
{
    if (v->type->kind == TY_POLY1D) return coeffs(L, sp, v);
    if (ty_is_scalar(v->type)) v = lw_scalar_array(L, sp, v);
    if (v->type->kind != TY_ARRAY || v->type->ndim > 1) {
        diag_error(sp, "poly1d arithmetic takes a poly1d, a number or a 1-d array, not %s",
                   ty_str_of(v->type));
        return NULL;
    }
    IrValue *p = lw_poly1d_make(L, sp, lw_atleast(L, sp, v, 1), var);
    return p ? coeffs(L, sp, p) : NULL;
}

/* The variable of a poly1d call's variable= (a str constant, an identifier), "x" when None. */
static bool variable_arg(Lower *L, AstNode *e, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e || e->kind == AST_NONE) return true;
    if (!lw_str_arg(L, e, dflt, out)) return false;
    bool ok = **out && !isdigit((unsigned char)**out);
    for (const char *s = *out; *s; s++) ok = ok && (isalnum((unsigned char)*s) || *s == '_');
    if (!ok) diag_error(e->span, "poly1d(variable=) takes an identifier here, such as 'x' or 't'");
    return ok;
}

/* poly1d(z, r=True): the coefficients of the monic polynomial whose roots are the values of the
 * 1-d z, as NumPy's and CuPy's poly(seq_of_zeros): a = [1], then for each root w in order
 * a = convolve(a, [1, -w]), a host loop of one step per root (a' = zeros(len(a) + 1),
 * a'[:-1] = a, a'[1:] -= w * a).  The dtype is their mintypecode of z's: float32, complex64 and
 * complex128 stay, any other is float64 (CuPy's multiplies the factors by FFTs: the same
 * values up to rounding; NumPy's turns conjugate pairs of complex roots real). */
static IrValue *from_roots(Lower *L, Span sp, IrValue *z)
{
    DType dt = z->type->dtype;
    if (dt != DT_FLOAT32 && dt != DT_COMPLEX64 && dt != DT_COMPLEX128) dt = DT_FLOAT64;
    z = lw_cast_to(L, z, dt, sp);
    IrValue *one = lw_cint(L, sp, 1);
    IrVar *av = lw_temp_var(L, "a", ty_array(dt, 1));
    lw_store(L, av, lw_emit_full(L, sp, dt, 1, &one, one), sp);
    IrValue *i;
    IrBlock *after = lw_loop_begin(L, sp, lw_cint(L, sp, 0), lw_dim(L, sp, z, 0), &i);
    IrValue *a = lw_load(L, av, sp);
    IrValue *len = lw_iadd(L, sp, lw_dim(L, sp, a, 0), one);
    IrValue *next = lw_emit_full(L, sp, dt, 1, &len, lw_cint(L, sp, 0));
    LwIx ix;
    lw_ix_init(&ix, next);
    lw_ix_slice(L, sp, &ix, NULL, lw_cint(L, sp, -1), NULL);
    lw_store_into(L, sp, lw_ix_emit(L, sp, &ix), a);
    lw_ix_init(&ix, next);
    lw_ix_slice(L, sp, &ix, one, NULL, NULL);
    IrValue *tail = lw_ix_emit(L, sp, &ix);
    lw_ix_init(&ix, z);
    lw_ix_int(&ix, i);
    IrValue *wa = lw_binop(L, AOP_MUL, sp, lw_ix_emit(L, sp, &ix), a);
    IrValue *d = wa ? lw_binop(L, AOP_SUB, sp, tail, wa) : NULL;
    if (d) {
        lw_store_into(L, sp, tail, lw_cast_to(L, d, dt, sp));
        lw_store(L, av, next, sp);
    }
    L->blk = after;
    return d ? lw_load(L, av, sp) : NULL;
}

/* poly1d(c_or_r, r=False, variable=None) */
static IrValue *api_poly1d(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "poly1d", "c_or_r,r,variable", 1, &a)) return NULL;
    Span sp = call->span;
    bool from_r = false;
    if (a.p[1] && !lw_bool_arg(L, a.p[1], false, &from_r)) return NULL;
    IrValue *c = lw_is_seq_lit(a.p[0]) ? NULL : lw_expr(L, a.p[0]);
    const char *var;
    if (c && c->type->kind == TY_POLY1D) {
        if (!variable_arg(L, a.p[2], c->type->name, &var)) return NULL;
        IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_poly1d(c->type->dtype, var), c);
        r->def->dtype = c->type->dtype;
        return r;
    }
    if (!variable_arg(L, a.p[2], "x", &var)) return NULL;
    if (!c)
        c = lw_arraylike(L, a.p[0], "poly1d");
    else if (ty_is_scalar(c->type))
        c = lw_scalar_array(L, sp, c);
    if (!c) return NULL;
    if (c->type->kind != TY_ARRAY) { /* a function, a str, a list of lists ... */
        diag_error(a.p[0]->span, "poly1d() takes coefficients (a number, a list or a 1-d array)");
        return NULL;
    }
    if (from_r && c->type->ndim != 1) {
        diag_error(a.p[0]->span, c->type->ndim == 2
                                     ? "poly1d(r=True) of a matrix (the polynomial of its eigenvalues) is not supported by gpyc"
                                     : "Input must be 1d or non-empty square 2d array.");
        return NULL;
    }
    if (from_r) c = from_roots(L, sp, c);
    if (!c) return NULL;
    if (c->type->ndim > 1) {
        diag_error(a.p[0]->span, "Polynomial must be 1d only.");
        return NULL;
    }
    return lw_poly1d_make(L, sp, lw_atleast(L, sp, c, 1), var);
}

/* p.order: len(p.c) - 1 */
static IrValue *order(Lower *L, Span sp, IrValue *p)
{
    return lw_isub(L, sp, lw_dim(L, sp, p, 0), lw_cint(L, sp, 1));
}

IrValue *lw_poly1d_attr(Lower *L, IrValue *p, const char *at, Span sp)
{
    if (!strcmp(at, "c") || !strcmp(at, "coef") || !strcmp(at, "coefficients") || !strcmp(at, "coeffs"))
        return coeffs(L, sp, p);
    if (!strcmp(at, "order") || !strcmp(at, "o")) return order(L, sp, p);
    if (!strcmp(at, "variable")) return lw_const_str(L, sp, p->type->name);
    if (!strcmp(at, "roots") || !strcmp(at, "r"))
        return api_values(L, sp, "roots", 1, (IrValue *[]){ coeffs(L, sp, p) });
    diag_error(sp, "poly1d attribute '%s' is not supported by gpyc", at);
    return NULL;
}

IrValue *lw_poly1d_len(Lower *L, IrValue *p, Span sp) { return order(L, sp, p); }

/* p[k]: the coefficient of x**k (a 0-d array of p's dtype), 0 where k is outside 0..order. */
IrValue *lw_poly1d_item(Lower *L, IrValue *p, IrValue *k, Span sp)
{
    IrValue *o = order(L, sp, p), *c = coeffs(L, sp, p);
    IrValue *in = lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_GE, sp, k, lw_cint(L, sp, 0)),
                           lw_binop(L, AOP_LE, sp, k, o));
    IrValue *i = lw_imin(L, sp, lw_imax(L, sp, lw_isub(L, sp, o, k), lw_cint(L, sp, 0)), o);
    LwIx ix;
    lw_ix_init(&ix, c);
    lw_ix_int(&ix, i);
    IrValue *v = lw_ix_emit(L, sp, &ix);
    IrValue *z = lw_emit_full(L, sp, p->type->dtype, 0, NULL, lw_cint(L, sp, 0));
    return lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ in, v, z });
}

/* p(q) of two poly1d: NumPy's polyval of a poly1d, Horner's rule in poly1d arithmetic from
 * y = p.c[:1] (y = polyadd(polymul(y, q.c), p.c[i:i+1]) for each next coefficient: a host loop),
 * in the dtype of p's and q's coefficients (int64 for two bools); a poly1d of variable x.  CuPy
 * sums c * q**k instead: the same values up to rounding. */
static IrValue *compose(Lower *L, Span sp, IrValue *p, IrValue *q)
{
    IrValue *pc = coeffs(L, sp, p), *qc = coeffs(L, sp, q), *one = lw_cint(L, sp, 1);
    DType dt = dt_promote(pc->type->dtype, qc->type->dtype);
    if (dt == DT_BOOL) dt = DT_INT64;
    qc = lw_cast_to(L, qc, dt, sp);
    IrVar *yv = lw_temp_var(L, "y", ty_array(dt, 1));
    lw_store(L, yv, lw_cast_to(L, lw_slice_axis(L, sp, pc, 0, NULL, one, NULL), dt, sp), sp);
    IrValue *i;
    IrBlock *after = lw_loop_begin(L, sp, one, lw_dim(L, sp, pc, 0), &i);
    IrValue *yq = api_values(L, sp, "polymul", 2, (IrValue *[]){ lw_load(L, yv, sp), qc });
    IrValue *pi = lw_slice_axis(L, sp, pc, 0, i, lw_iadd(L, sp, i, one), NULL);
    IrValue *y = yq ? api_values(L, sp, "polyadd", 2, (IrValue *[]){ yq, pi }) : NULL;
    if (y) lw_store(L, yv, lw_cast_to(L, y, dt, sp), sp);
    L->blk = after;
    return y ? lw_poly1d_make(L, sp, lw_load(L, yv, sp), "x") : NULL;
}

/* p(x): polyval(p.c, x); p(q) of a poly1d q: compose */
IrValue *lw_poly1d_call(Lower *L, AstNode *call, IrValue *p)
{
    Span sp = call->span;
    if (call->elts.n != 1 || call->params.n) {
        diag_error(sp, "a poly1d takes one argument, the value to evaluate it at");
        return NULL;
    }
    AstNode *arg = call->elts.v[0];
    IrValue *x = lw_expr(L, arg);
    if (!x) return NULL;
    if (x->type->kind == TY_POLY1D) return compose(L, sp, p, x);
    return api_values(L, sp, "polyval", 2, (IrValue *[]){ coeffs(L, sp, p), x });
}

/* p ** n for a constant int n >= 0: [1] times p's coefficients n times (NumPy's loop). */
static IrValue *power(Lower *L, Span sp, IrValue *p, IrValue *n)
{
    int64_t k;
    if (!lw_is_const_int(n, &k) || n->type->kind != TY_INT || k < 0) {
        diag_error(sp, lw_is_const_int(n, &k) ? "Power to non-negative integers only."
                                              : "poly1d ** n takes a constant int n here");
        return NULL;
    }
    if (k > 64) {
        diag_error(sp, "poly1d ** %lld: gpyc unrolls at most 64 products", (long long)k);
        return NULL;
    }
    IrValue *one = lw_cint(L, sp, 1);
    IrValue *r = lw_emit_full(L, sp, DT_INT64, 1, &one, one);
    IrValue *c = coeffs(L, sp, p);
    for (int64_t i = 0; i < k && r; i++) r = api_values(L, sp, "polymul", 2, (IrValue *[]){ c, r });
    return r ? lw_poly1d_make(L, sp, r, "x") : NULL;
}

/* p == q of two poly1d: equal lengths and equal coefficients. */
static IrValue *equal(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    IrValue *ca = coeffs(L, sp, a), *cb = coeffs(L, sp, b);
    IrValue *na = lw_dim(L, sp, ca, 0), *nb = lw_dim(L, sp, cb, 0), *m = lw_imin(L, sp, na, nb);
    IrValue *eq = lw_ew2(L, IR_EQ, sp, lw_slice_axis(L, sp, ca, 0, NULL, m, NULL),
                         lw_slice_axis(L, sp, cb, 0, NULL, m, NULL));
    IrValue *all = eq ? lw_reduce(L, sp, RED_ALL, eq, NULL, NULL, NULL) : NULL;
    if (!all) return NULL;
    return lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_EQ, sp, na, nb), lw_truth(L, all, sp));
}

IrValue *lw_poly1d_binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b)
{
    if (a->type->kind == TY_ARRAY) /* the array's operator, on the coefficients (NumPy's __array__) */
        return lw_binop(L, aop, sp, a, coeffs(L, sp, b));
    IrValue *p = a->type->kind == TY_POLY1D ? a : b, *o = p == a ? b : a;
    const char *var = "x"; /* NumPy's results are new poly1d of the default variable */
    if (aop == AOP_POW && p == a) return power(L, sp, p, b);
    if (aop == AOP_EQ || aop == AOP_NE) {
        if (o->type->kind != TY_POLY1D) return lw_const_bool(L, sp, aop == AOP_NE);
        IrValue *eq = equal(L, sp, a, b);
        return !eq || aop == AOP_EQ ? eq : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &eq);
    }
    if ((aop == AOP_MUL || (aop == AOP_DIV && p == a)) && ty_is_scalar(o->type)) {
        IrValue *c = coeffs(L, sp, p);
        IrValue *r = lw_binop(L, aop, sp, p == a ? c : o, p == a ? o : c);
        return r ? lw_poly1d_make(L, sp, r, var) : NULL;
    }
    const char *fn = aop == AOP_ADD   ? "polyadd"
                     : aop == AOP_SUB ? "polysub"
                     : aop == AOP_MUL ? "polymul"
                                      : NULL;
    if (!fn) {
        diag_error(sp, "unsupported operand types for %s: '%s' and '%s' (gpyc)", ast_op_name(aop),
                   ty_str_of(a->type), ty_str_of(b->type));
        return NULL;
    }
    IrValue *x = operand(L, sp, a, var), *y = x ? operand(L, sp, b, var) : NULL;
    IrValue *r = y ? api_values(L, sp, fn, 2, (IrValue *[]){ x, y }) : NULL;
    return r ? lw_poly1d_make(L, sp, r, var) : NULL;
}

IrValue *lw_poly1d_neg(Lower *L, IrValue *p, Span sp)
{
    IrValue *c = coeffs(L, sp, p);
    return lw_poly1d_make(L, sp, lw_ewise(L, IR_NEG, sp, 1, &c), "x");
}

/* A constant order m >= 0 of deriv / integ (NumPy's ValueError text for a negative one). */
static bool order_arg(Lower *L, AstNode *e, const char *neg, int64_t *m)
{
    *m = 1;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (!lw_is_const_int(v, m)) {
        diag_error(e->span, "the order m must be a constant int here");
        return false;
    }
    if (*m < 0) diag_error(e->span, "%s", neg);
    return *m >= 0;
}

/* p.deriv(m=1): NumPy's polyder, m times y = c[:-1] * arange(n, 0, -1) (n = len(c) - 1). */
static IrValue *api_deriv(Lower *L, AstNode *call, IrValue *p)
{
    Args a;
    int64_t m;
    if (!lw_bind_self(call, "deriv", "self,m", 0, p, &a) ||
        !order_arg(L, a.p[1], "Order of derivative must be positive (see polyint)", &m))
        return NULL;
    Span sp = call->span;
    IrValue *c = coeffs(L, sp, p);
    for (int64_t i = 0; i < m && c; i++) {
        IrValue *n = lw_isub(L, sp, lw_dim(L, sp, c, 0), lw_cint(L, sp, 1));
        IrValue *w = lw_ew2(L, IR_SUB, sp, n, lw_iota(L, sp, lw_imax(L, sp, n, lw_cint(L, sp, 0))));
        c = lw_binop(L, AOP_MUL, sp, lw_slice_axis(L, sp, c, 0, NULL, lw_cint(L, sp, -1), NULL), w);
    }
    return c ? lw_poly1d_make(L, sp, c, "x") : NULL;
}

/* p.integ(m=1, k=0): NumPy's polyint with a number k, m times y = concatenate((c /
 * arange(len(c), 0, -1), [k])) (k as a 1-element array of its own type). */
static IrValue *api_integ(Lower *L, AstNode *call, IrValue *p)
{
    Args a;
    int64_t m;
    if (!lw_bind_self(call, "integ", "self,m,k", 0, p, &a) ||
        !order_arg(L, a.p[1], "Order of integral must be positive (see polyder)", &m))
        return NULL;
    Span sp = call->span;
    IrValue *k = a.p[2] ? lw_expr(L, a.p[2]) : lw_cint(L, sp, 0);
    if (!k) return NULL;
    if (!ty_is_scalar(k->type)) {
        diag_error(a.p[2]->span, "integ(k=) takes a number here, not %s", ty_str_of(k->type));
        return NULL;
    }
    IrValue *kk = lw_atleast(L, sp, lw_scalar_array(L, sp, k), 1);
    IrValue *c = coeffs(L, sp, p);
    for (int64_t i = 0; i < m && c; i++) {
        IrValue *n = lw_dim(L, sp, c, 0);
        IrValue *d = lw_binop(L, AOP_DIV, sp, c, lw_ew2(L, IR_SUB, sp, n, lw_iota(L, sp, n)));
        c = d ? lw_join(L, sp, "concatenate", 2, (IrValue *[]){ d, kk }, 0,
                        dt_promote(d->type->dtype, kk->type->dtype))
              : NULL;
    }
    return c ? lw_poly1d_make(L, sp, c, "x") : NULL;
}

LW_API_PLAIN(api_poly1d)
LW_API_SELF(api_deriv)
LW_API_SELF(api_integ)

const ApiFn lw_poly1d_api[] = {
    { "cupy", "poly1d", api_poly1d_api, 0 },
    { "cupy.poly1d", "deriv", api_deriv_api, 0 },
    { "cupy.poly1d", "integ", api_integ_api, 0 },
    { NULL, NULL, NULL, 0 },
};
