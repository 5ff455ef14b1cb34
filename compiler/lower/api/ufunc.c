/*
 * lower/api/ufunc.c — NumPy functions built from the elementwise table ops and reductions
 * (isclose, allclose, array_equal, array_equiv, divmod, iscomplex, isreal, asarray_chkfinite),
 * isscalar, the dtype functions
 * (result_type, promote_types, iscomplexobj, isrealobj, real_if_close; dtype is record.c's), and NumPy
 * scalar types called as functions (lower/call.c dispatches cupy.float32(...) ... here).
 *
 * NumPy scalars: gpyc has no NumPy scalar type; cp.float32(x) gives a 0-d array of that dtype.
 * It prints as the scalar does, and NEP 50 treats NumPy scalars as strong, like 0-d arrays,
 * so promotion agrees (docs/language.md lists the differences that remain; isscalar(cp.float32(1))
 * is False).
 */
#include "compiler/lower/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- scalar types */

/* A 0-d array of dtype dt holding Python scalar v (cast as NumPy casts it). */
static IrValue *zero_d(Lower *L, Span sp, IrValue *v, DType dt)
{
    IrValue *r = lw_emit(L, IR_ARRAY_LIT, sp, ty_array(dt, 0), 1, &v);
    r->def->dtype = dt;
    r->def->ndim = 0;
    return r;
}

/* cp.float32(x), cp.int8(x) ...: x a Python number (an int must fit the dtype, as NumPy 2
 * checks: OverflowError, at compile time for a constant, else at run time) or an array (cast, as np.float32(array) does); no argument
 * gives zero. */
IrValue *lw_scalar_type_call(Lower *L, AstNode *call, DType dt)
{
    Span sp = call->span;
    const char *name = dt_name(dt);
    Args a;
    if (!lw_bind(call, name, "x", 0, &a)) return NULL;
    if (!a.p[0]) return zero_d(L, sp, lw_const_int(L, sp, 0), dt);
    bool saved_ok = L->u64_ok;
    L->u64_ok = dt == DT_UINT64 && lw_is_u64_expr(a.p[0], NULL);   /* cp.uint64(18446744073709551615) */
    IrValue *v = lw_expr(L, a.p[0]);
    L->u64_ok = saved_ok;
    if (!v) return NULL;
    if (lw_is_u64_const(v)) return zero_d(L, sp, v, dt);
    if (v->type->kind == TY_ARRAY) {
        if (v->type->dtype == dt) return lw_emit1(L, IR_COPY, sp, v->type, v);
        return lw_cast(L, v, dt, sp);
    }
    if (!ty_is_scalar(v->type)) {
        diag_error(a.p[0]->span, "%s() takes a number or an array here, got %s", name, ty_str_of(v->type));
        return NULL;
    }
    if (v->type->kind == TY_COMPLEX && !dt_is_complex(dt) && dt != DT_BOOL) {
        if (dt_is_float(dt))
            diag_error(a.p[0]->span, "float() argument must be a string or a real number, not 'complex'");
        else
            diag_error(a.p[0]->span, "int() argument must be a string, a bytes-like object or a real number, "
                                     "not 'complex'");
        return NULL;
    }
    /* NumPy 2: cp.uint8(300) is OverflowError "Python integer 300 out of bounds for uint8" */
    if (!lw_pyint_fits(L, a.p[0]->span, v, dt)) return NULL;
    return zero_d(L, sp, v, dt);
}

/* ---------------------------------------------------------------- dtype functions */

/* A dtype-like value: a dtype, float/int/bool/complex, a dtype string.  *is_dtype false when
 * e is a value (array or Python scalar) instead, returned in *val. */
static bool dtype_like(Lower *L, AstNode *e, DType *d, bool *is_dtype, IrValue **val)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    *is_dtype = false;
    *val = v;
    if (ty_is_numeric(v->type)) return true;
    bool given;
    if (!lw_dtype_arg(L, e, d, &given)) return false;
    if (!given) {
        diag_error(e->span, "expected a dtype or an array, got %s", ty_str_of(v->type));
        return false;
    }
    *is_dtype = true;
    return true;
}

/* result_type(*arrays_and_dtypes): NEP 50 — arrays and dtypes strong, Python scalars weak. */
static IrValue *api_result_type(Lower *L, AstNode *call)
{
    if (call->params.n) {
        diag_error(call->span, "result_type() takes no keyword arguments");
        return NULL;
    }
    if (call->elts.n == 0) {
        diag_error(call->span, "at least one array or dtype is required");
        return NULL;
    }
    bool have_strong = false;
    DType strong = DT_BOOL;
    const Type *weak = NULL;
    for (int i = 0; i < call->elts.n; i++) {
        DType d;
        bool is_dt;
        IrValue *v;
        if (!dtype_like(L, call->elts.v[i], &d, &is_dt, &v)) return NULL;
        if (!is_dt && v->type->kind == TY_ARRAY) {
            d = v->type->dtype;
            is_dt = true;
        }
        if (is_dt) {
            strong = have_strong ? dt_promote(strong, d) : d;
            have_strong = true;
        } else if (!weak) {
            weak = v->type;
        } else {
            DType w;
            ty_promote_operands(weak, v->type, &w);
            weak = w == DT_BOOL ? ty_bool() : w == DT_INT64 ? ty_int() : w == DT_FLOAT64 ? ty_float() : ty_complex();
        }
    }
    DType r = strong;
    if (!have_strong) r = ty_scalar_dtype(weak);
    else if (weak) ty_promote_operands(ty_array(strong, 0), weak, &r);
    return lw_pseudo(L, ty_dtype(r));
}

static IrValue *api_promote_types(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "promote_types", "type1,type2", 2, &a)) return NULL;
    DType d1, d2;
    bool g1, g2;
    if (!lw_dtype_arg(L, a.p[0], &d1, &g1) || !lw_dtype_arg(L, a.p[1], &d2, &g2)) return NULL;
    if (!g1 || !g2) {
        diag_error(call->span, "promote_types() takes two dtypes");
        return NULL;
    }
    return lw_pseudo(L, ty_dtype(dt_promote(d1, d2)));
}

/* ---------------------------------------------------------------- compositions */

/* v as an array: Python scalars become 0-d arrays of their default dtype (np.asarray). */
static IrValue *as_array(Lower *L, IrValue *v, Span sp, const char *fname)
{
    if (v->type->kind == TY_ARRAY) return v;
    if (!ty_is_scalar(v->type)) {
        diag_error(sp, "%s() expects arrays or numbers, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    return zero_d(L, sp, v, ty_scalar_dtype(v->type));
}

/* The first two arguments of isclose, allclose and array_equal as arrays (as_array), both
 * evaluated before either is converted. */
static bool two_arrays(Lower *L, const Args *a, const char *fname, IrValue **x, IrValue **y)
{
    *x = lw_expr(L, a->p[0]);
    *y = *x ? lw_expr(L, a->p[1]) : NULL;
    if (!*y) return false;
    return (*x = as_array(L, *x, a->p[0]->span, fname)) && (*y = as_array(L, *y, a->p[1]->span, fname));
}

/* A real Python number argument (rtol, atol) as a float, default dflt. */
static IrValue *real_arg(Lower *L, AstNode *e, double dflt, Span sp)
{
    if (!e) return lw_const_float(L, sp, dflt);
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, TY_FLOAT, e->span);
    if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
        diag_error(e->span, "expected a real number, got %s", ty_str_of(v->type));
        return NULL;
    }
    return lw_to_scalar(L, v, TY_FLOAT, e->span);
}

/* isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False), as NumPy computes it:
 * y = b as an array of result_type(b, 1.0); finite pairs: |a - y| <= atol + rtol*|y|;
 * others: a == y; equal_nan: two NaNs are close. */
static IrValue *isclose(Lower *L, Args *a, const char *fname)
{
    Span sp = a->call;
    IrValue *x, *y;
    if (!two_arrays(L, a, fname, &x, &y)) return NULL;
    DType yd = y->type->dtype;
    if (yd == DT_BOOL || dt_is_int(yd)) y = lw_cast(L, y, DT_FLOAT64, sp);
    IrValue *rtol = real_arg(L, a->p[2], 1e-05, sp);
    IrValue *atol = rtol ? real_arg(L, a->p[3], 1e-08, sp) : NULL;
    bool equal_nan;
    if (!atol || !lw_bool_arg(L, a->p[4], false, &equal_nan)) return NULL;
    IrValue *diff = lw_ew1(L, IR_ABS, sp, lw_ew2(L, IR_SUB, sp, x, y));
    IrValue *tol = lw_ew2(L, IR_ADD, sp, atol, lw_ew2(L, IR_MUL, sp, rtol, lw_ew1(L, IR_ABS, sp, y)));
    IrValue *close = lw_ew2(L, IR_LE, sp, diff, tol);
    IrValue *fin = lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew1(L, IR_ISFINITE, sp, x), lw_ew1(L, IR_ISFINITE, sp, y));
    IrValue *eq = lw_ew2(L, IR_EQ, sp, x, y);
    if (!close || !fin || !eq) return NULL;
    IrValue *r = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){fin, close, eq});
    if (r && equal_nan)
        r = lw_ew2(L, IR_LOGICAL_OR, sp, r,
                lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew1(L, IR_ISNAN, sp, x), lw_ew1(L, IR_ISNAN, sp, y)));
    return r;
}

/* array_equal(a1, a2, equal_nan=False): False when the shapes differ (ranks at compile time,
 * sizes at run time), else all(a1 == a2); array_equiv(a1, a2): False when the shapes do not
 * broadcast (extents compared from the last, equal or one of them 1), else all(a1 == a2).  A
 * Python bool, as NumPy returns. */
static IrValue *array_equal(Lower *L, AstNode *call, const char *name)
{
    Args a;
    bool equiv = !strcmp(name, "array_equiv");
    if (!lw_bind(call, name, equiv ? "a1,a2" : "a1,a2,equal_nan", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x, *y;
    if (!two_arrays(L, &a, name, &x, &y)) return NULL;
    bool equal_nan;
    if (!lw_bool_arg(L, equiv ? NULL : a.p[2], false, &equal_nan)) return NULL;
    int nx = x->type->ndim, ny = y->type->ndim, nd = nx < ny ? nx : ny;
    if (!equiv && nx != ny) return lw_const_bool(L, sp, false);
    IrValue *dx[IR_MAXDIM], *dy[IR_MAXDIM];
    lw_shape_of(L, x, sp, dx);
    lw_shape_of(L, y, sp, dy);
    IrValue *same = lw_const_bool(L, sp, true), *one = lw_cint(L, sp, 1);
    for (int k = 1; k <= nd && same; k++) {
        IrValue *ex = dx[nx - k], *ey = dy[ny - k], *ok = lw_binop(L, AOP_EQ, sp, ex, ey);
        if (equiv)
            ok = lw_ew2(L, IR_LOGICAL_OR, sp, ok,
                        lw_ew2(L, IR_LOGICAL_OR, sp, lw_binop(L, AOP_EQ, sp, ex, one),
                               lw_binop(L, AOP_EQ, sp, ey, one)));
        same = lw_ew2(L, IR_LOGICAL_AND, sp, same, ok);
    }
    if (!same) return NULL;
    IrVar *tmp = lw_temp_var(L, name, ty_bool());
    lw_store(L, tmp, lw_const_bool(L, sp, false), sp);
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &same);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    IrValue *eq = lw_ew2(L, IR_EQ, sp, x, y);
    if (eq && equal_nan)
        eq = lw_ew2(L, IR_LOGICAL_OR, sp, eq,
                 lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew1(L, IR_ISNAN, sp, x), lw_ew1(L, IR_ISNAN, sp, y)));
    IrValue *all = eq ? lw_reduce(L, sp, RED_ALL, eq, NULL, NULL, NULL) : NULL;
    IrValue *t = all ? lw_truth(L, all, sp) : NULL;
    if (t) lw_store(L, tmp, t, sp);
    L->blk = saved;
    return t ? lw_load(L, tmp, sp) : NULL;
}

/* isscalar(element): True for a Python number or str, False for an array (a 0-d one too) or
 * anything else; known when compiling. */
static IrValue *api_isscalar(Lower *L, AstNode *call)
{
    IrValue *v = lw_one_arg(L, call, "isscalar");
    if (!v) return NULL;
    TypeKind k = v->type->kind;
    return lw_const_bool(L, call->span,
                         k == TY_INT || k == TY_FLOAT || k == TY_BOOL || k == TY_COMPLEX || k == TY_STR);
}

/* asarray_chkfinite(a, dtype=None, order=None): cp.asarray(a, dtype), then NumPy's ValueError
 * when a float or complex result holds an inf or a nan (syncs). */
static IrValue *api_asarray_chkfinite(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "asarray_chkfinite", "a,dtype,order", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "asarray_chkfinite");
    DType dt;
    bool given;
    if (!x || !lw_dtype_arg(L, a.p[1], &dt, &given) || !lw_no_arg(a.p[2], "order")) return NULL;
    if (given && dt != x->type->dtype) x = lw_cast(L, x, dt, sp);
    if (x && (dt_is_float(x->type->dtype) || dt_is_complex(x->type->dtype))) {
        IrValue *bad = lw_ew1(L, IR_LOGICAL_NOT, sp, lw_ew1(L, IR_ISFINITE, sp, x));
        IrValue *any = bad ? lw_reduce(L, sp, RED_ANY, bad, NULL, NULL, NULL) : NULL;
        IrValue *t = any ? lw_truth(L, any, sp) : NULL;
        if (!t || !lw_raise_if(L, sp, t, "ValueError", "array must not contain infs or NaNs")) return NULL;
    }
    return x;
}

/* iscomplexobj(x) / isrealobj(x): compile-time bools from the dtype */
static IrValue *api_iscomplexobj(Lower *L, AstNode *call, const char *fn)
{
    IrValue *v = lw_one_arg(L, call, fn);
    if (!v) return NULL;
    if (!ty_is_numeric(v->type)) {
        diag_error(call->span, "%s() expects an array or a number, got %s", fn, ty_str_of(v->type));
        return NULL;
    }
    bool c = v->type->kind == TY_COMPLEX || (v->type->kind == TY_ARRAY && dt_is_complex(v->type->dtype));
    return lw_const_bool(L, call->span, fn[2] == 'c' ? c : !c);
}

/* The shortest text of x that reads back as x (as a float32 when f32), as Python's repr
 * and NumPy's float32 printing give it. */
static const char *short_float(Lower *L, double x, bool f32)
{
    char buf[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, x);
        double y = strtod(buf, NULL);
        if (f32 ? (float)y == (float)x : y == x) break;
    }
    return ar_printf(L->a, "%s", buf);
}

/* real_if_close(a, tol=100): NumPy returns a itself when a is not complex (gpyc too: the same
 * array, so writes through the result change a), and for a complex a its real part when every
 * |imaginary part| < tol (tol machine epsilons of a's real dtype when tol > 1), else a
 * unchanged.  That dtype depends on the data, which static types cannot express: a complex a
 * is a compile-time error that spells out NumPy's test, to be written as an explicit branch. */
static IrValue *api_real_if_close(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "real_if_close", "a,tol", 1, &a)) return NULL;
    IrValue *x = lw_arraylike(L, a.p[0], "real_if_close");
    if (!x) return NULL;
    IrValue *tol = a.p[1] ? lw_expr(L, a.p[1]) : lw_const_int(L, call->span, 100);
    if (!tol) return NULL;
    const Type *tt = tol->type;
    if (tt->kind == TY_COMPLEX || (tt->kind == TY_ARRAY && (tt->ndim != 0 || dt_is_complex(tt->dtype))) ||
        (tt->kind != TY_ARRAY && !ty_is_scalar(tt))) {
        diag_error(a.p[1]->span, "real_if_close() takes a real number as tol, got %s", ty_str_of(tt));
        return NULL;
    }
    DType d = x->type->dtype;
    if (!dt_is_complex(d)) return x;
    DType rd = dt_real(d);
    bool f32 = rd == DT_FLOAT32;
    double eps = f32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    int64_t iv;
    double t;
    bool known = true;
    if (lw_is_const_int(tol, &iv)) t = (double)iv;
    else if (tol->def && tol->def->op == IR_CONST_FLOAT) t = tol->def->fval;
    else known = false;
    /* NumPy: tol = finfo(a.dtype).eps * tol when tol > 1 (in a's real dtype), else tol itself */
    const char *thr = !known ? ar_printf(L->a, "tol * %s", short_float(L, eps, f32))
                      : t > 1 ? short_float(L, f32 ? (double)(float)(eps * t) : eps * t, f32)
                              : short_float(L, t, f32);
    diag_error(call->span, "real_if_close() of a %s array: its result dtype depends on the data (%s when every "
                           "imaginary part is below %s%s, else %s), which gpyc's static types cannot express; use "
                           "cp.real(a) where cp.all(cp.abs(a.imag) < %s) holds",
               dt_name(d), dt_name(rd), thr, known ? "" : ", or tol itself when tol <= 1", dt_name(d), thr);
    return NULL;
}

/* iscomplex(x) / isreal(x): imag(x) != 0 / imag(x) == 0 */
static IrValue *api_iscomplex(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    IrValue *v = lw_one_arg(L, call, fn);
    if (!v) return NULL;
    if (!(v = as_array(L, v, sp, fn))) return NULL;
    IrValue *im = lw_ew1(L, IR_IMAG, sp, v);
    return lw_ew2(L, fn[2] == 'c' ? IR_NE : IR_EQ, sp, im, lw_const_int(L, sp, 0));
}

/* isclose(a, b, rtol, atol, equal_nan) / allclose: all(isclose(...)) */
static IrValue *api_isclose(Lower *L, AstNode *call, const char *fn)
{
    Args a;
    if (!lw_bind(call, fn, "a,b,rtol,atol,equal_nan", 2, &a)) return NULL;
    IrValue *r = isclose(L, &a, fn);
    if (!r || fn[0] == 'i') return r;
    return lw_reduce(L, call->span, RED_ALL, r, NULL, NULL, NULL);
}

/* divmod(x1, x2) = (floor_divide(x1, x2), remainder(x1, x2)) */
static IrValue *api_divmod(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "divmod", "x1,x2", 2, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    IrValue *y = x ? lw_expr(L, a.p[1]) : NULL;
    if (!y) return NULL;
    if (!ty_is_numeric(x->type) || !ty_is_numeric(y->type)) {
        diag_error(sp, "'divmod' needs numbers or arrays, got %s and %s", ty_str_of(x->type), ty_str_of(y->type));
        return NULL;
    }
    IrValue *q = lw_ewise_py(L, IR_FLOORDIV, sp, 2, (IrValue *[]){x, y});   /* NEP 50's check, once */
    IrValue *r = q ? lw_ew2(L, IR_MOD, sp, x, y) : NULL;
    return r ? lw_tuple(L, sp, 2, (IrValue *[]){q, r}) : NULL;
}

/* modf(x) = (fractional part, integral part), both in x's float dtype (NumPy's loop search:
 * bool and 8-bit ints → float16, 16-bit → float32, wider → float64); the fractional part is
 * fmod(x, 1) (sign of x), ±0 for ±inf as C's modf gives. */
static IrValue *api_modf(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *v = lw_one_arg(L, call, "modf");
    if (!v || !(v = as_array(L, v, sp, "modf"))) return NULL;
    DType d = v->type->dtype, dt;
    if (dt_is_complex(d)) {
        diag_error(sp, "ufunc 'modf' not supported for the input types, and the inputs could not be safely "
                       "coerced to any supported types according to the casting rule ''safe''");
        return NULL;
    }
    if (dt_is_float(d)) dt = d;
    else if (d == DT_BOOL || dt_size(d) == 1) dt = DT_FLOAT16;
    else if (dt_size(d) == 2) dt = DT_FLOAT32;
    else dt = DT_FLOAT64;
    IrValue *x = dt == d ? v : lw_cast(L, v, dt, sp);
    IrValue *ip = lw_ew1(L, IR_TRUNC, sp, x);
    IrValue *fr = lw_ew2(L, IR_FMOD, sp, x, lw_const_float(L, sp, 1.0));
    IrValue *z = lw_ew2(L, IR_COPYSIGN, sp, lw_const_float(L, sp, 0.0), x);
    IrValue *inf = lw_ew1(L, IR_ISINF, sp, x);
    if (!ip || !fr || !z || !inf) return NULL;
    fr = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){inf, z, fr});
    return fr ? lw_tuple(L, sp, 2, (IrValue *[]){fr, ip}) : NULL;
}

/* can_cast(from_, to, casting='safe'): a compile-time bool.  from_ is a dtype or an array
 * (its dtype); 'safe' holds when promote_types(from_, to) is to; 'same_kind' also allows a
 * cast within a kind or to a later kind; 'no'/'equiv' need equal dtypes; 'unsafe' always. */
static IrValue *api_can_cast(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "can_cast", "from_,to,casting", 2, &a)) return NULL;
    IrValue *v = lw_expr(L, a.p[0]);
    if (!v) return NULL;
    DType from, to;
    bool given;
    if (v->type->kind == TY_INT || v->type->kind == TY_FLOAT || v->type->kind == TY_COMPLEX) {
        diag_error(a.p[0]->span, "can_cast() does not support Python ints, floats, and complex because the "
                                 "result used to depend on the value.\nThis change was part of adopting NEP 50, "
                                 "we may explicitly allow them again in the future.");
        return NULL;
    }
    if (v->type->kind == TY_ARRAY) from = v->type->dtype;
    else if (!lw_dtype_arg(L, a.p[0], &from, &given)) return NULL;
    if (!lw_dtype_arg(L, a.p[1], &to, &given)) return NULL;
    const char *casting = "safe";
    if (a.p[2]) {
        IrValue *c = lw_expr(L, a.p[2]);
        if (!c) return NULL;
        if (!c->def || c->def->op != IR_CONST_STR) {
            diag_error(a.p[2]->span, "casting must be a string constant");
            return NULL;
        }
        casting = c->def->sval;
    }
    Casting c;
    if (!dt_casting(casting, &c)) {
        diag_error(a.p[2]->span, "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
        return NULL;
    }
    return lw_const_bool(L, call->span, dt_can_cast(from, to, c));
}

/* The float dtype NumPy's loop search gives a one-operand float ufunc (modf, frexp): floats
 * keep theirs, bool and 8-bit ints → float16, 16-bit → float32, wider → float64; complex
 * has no loop (NumPy's message). */
static bool real_float_loop(Span sp, const char *fn, DType d, DType *out)
{
    if (dt_is_complex(d)) {
        diag_error(sp, "ufunc '%s' not supported for the input types, and the inputs could not be safely "
                       "coerced to any supported types according to the casting rule ''safe''", fn);
        return false;
    }
    if (dt_is_float(d)) *out = d;
    else if (d == DT_BOOL || dt_size(d) == 1) *out = DT_FLOAT16;
    else if (dt_size(d) == 2) *out = DT_FLOAT32;
    else *out = DT_FLOAT64;
    return true;
}

/* frexp(x) = (mantissa, exponent) with x = m * 2**e, 0.5 <= |m| < 1 (m in x's float dtype, e
 * int32); zeros, infinities and NaNs give (x, 0).  Composed as e = floor(log2|x|) + 1, then one
 * correction step each way for log2's rounding near powers of two, m = ldexp(x, -e). */
static IrValue *api_frexp(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *v = lw_one_arg(L, call, "frexp");
    if (!v || !(v = as_array(L, v, sp, "frexp"))) return NULL;
    DType dt;
    if (!real_float_loop(sp, "frexp", v->type->dtype, &dt)) return NULL;
    /* float16 is composed in float32 (every float16 is one; the mantissa converts back
     * exactly) */
    const DType wd = dt == DT_FLOAT16 ? DT_FLOAT32 : dt;
    IrValue *x = wd == v->type->dtype ? v : lw_cast(L, v, wd, sp);
    IrValue *ok = lw_ew2(L, IR_LOGICAL_AND, sp, lw_ew1(L, IR_ISFINITE, sp, x), lw_ew2(L, IR_NE, sp, x, lw_const_int(L, sp, 0)));
    IrValue *e = lw_ew2(L, IR_ADD, sp, lw_ew1(L, IR_FLOOR, sp, lw_ew1(L, IR_LOG2, sp, lw_ew1(L, IR_ABS, sp, x))),
                     lw_const_int(L, sp, 1));
    if (!ok || !e) return NULL;
    e = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ok, e, lw_const_int(L, sp, 0)});
    if (!e) return NULL;
    e = lw_cast(L, e, DT_INT32, sp);
    IrValue *m = lw_ew2(L, IR_LDEXP, sp, x, lw_ew1(L, IR_NEG, sp, e));
    IrValue *am = lw_ew1(L, IR_ABS, sp, m);
    IrValue *lo = lw_ew2(L, IR_LOGICAL_AND, sp, ok, lw_ew2(L, IR_LT, sp, am, lw_const_float(L, sp, 0.5)));
    IrValue *hi = lw_ew2(L, IR_LOGICAL_AND, sp, ok, lw_ew2(L, IR_GE, sp, am, lw_const_int(L, sp, 1)));
    if (!lo || !hi) return NULL;
    IrValue *adj = lw_ew2(L, IR_SUB, sp, lw_cast(L, hi, DT_INT32, sp), lw_cast(L, lo, DT_INT32, sp));
    e = lw_ew2(L, IR_ADD, sp, e, adj);
    m = lw_ew2(L, IR_LDEXP, sp, m, lw_ew1(L, IR_NEG, sp, adj));
    if (!e || !m) return NULL;
    m = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ok, m, x});
    if (m && m->type->dtype != dt) m = lw_cast(L, m, dt, sp);
    return m ? lw_tuple(L, sp, 2, (IrValue *[]){m, e}) : NULL;
}

/* The largest finite value of float dtype d (nan_to_num's default posinf). */
static double float_max(DType d)
{
    return d == DT_FLOAT16 ? 65504.0 : d == DT_FLOAT32 ? 3.4028234663852886e+38 : 1.7976931348623157e+308;
}

/* nan_to_num of a real float array x: NaN → nan, +inf → posinf, -inf → neginf (defaults: 0
 * and the dtype's largest finite values); the fill values are cast to x's dtype. */
static IrValue *nan_to_num_real(Lower *L, Span sp, IrValue *x, IrValue *nan, IrValue *pinf, IrValue *ninf)
{
    DType d = x->type->dtype;
    IrValue *p = pinf ? pinf : lw_const_float(L, sp, float_max(d));
    IrValue *n = ninf ? ninf : lw_const_float(L, sp, -float_max(d));
    IrValue *isinf = lw_ew1(L, IR_ISINF, sp, x);
    IrValue *pos = lw_ew2(L, IR_LOGICAL_AND, sp, isinf, lw_ew2(L, IR_GT, sp, x, lw_const_int(L, sp, 0)));
    IrValue *neg = lw_ew2(L, IR_LOGICAL_AND, sp, isinf, lw_ew2(L, IR_LT, sp, x, lw_const_int(L, sp, 0)));
    IrValue *isnan = lw_ew1(L, IR_ISNAN, sp, x);
    if (!pos || !neg || !isnan) return NULL;
    IrValue *r = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){neg, n, x});
    r = r ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){pos, p, r}) : NULL;
    r = r ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){isnan, nan, r}) : NULL;
    if (r && r->type->dtype != d) r = lw_cast(L, r, d, sp);
    return r;
}

/* nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None): floats as nan_to_num_real,
 * complex parts separately, other dtypes unchanged (a copy); copy=False writes into x and
 * returns it. */
static IrValue *api_nan_to_num(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "nan_to_num", "x,copy,nan,posinf,neginf", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_expr(L, a.p[0]);
    bool copy;
    if (!x || !(x = as_array(L, x, a.p[0]->span, "nan_to_num")) || !lw_bool_arg(L, a.p[1], true, &copy)) return NULL;
    IrValue *fill[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) {
        AstNode *e = a.p[2 + i];
        if (!e) continue;
        IrValue *v = lw_expr(L, e);
        if (!v) return NULL;
        if (v->type->kind == TY_NONE) continue;
        if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
            diag_error(e->span, "nan_to_num() takes real numbers for nan, posinf and neginf, got %s",
                       ty_str_of(v->type));
            return NULL;
        }
        fill[i] = v;
    }
    if (!fill[0]) fill[0] = lw_const_float(L, sp, 0.0);
    DType d = x->type->dtype;
    IrValue *r;
    if (dt_is_float(d)) {
        r = nan_to_num_real(L, sp, x, fill[0], fill[1], fill[2]);
    } else if (dt_is_complex(d)) {
        IrValue *re = nan_to_num_real(L, sp, lw_ew1(L, IR_REAL, sp, x), fill[0], fill[1], fill[2]);
        IrValue *im = re ? nan_to_num_real(L, sp, lw_ew1(L, IR_IMAG, sp, x), fill[0], fill[1], fill[2]) : NULL;
        r = lw_ew2(L, IR_MAKE_COMPLEX, sp, re, im); /* exact, also for an infinite posinf */
        if (r && r->type->dtype != d) r = lw_cast(L, r, d, sp);
    } else {
        r = copy ? lw_emit1(L, IR_COPY, sp, x->type, x) : x;
    }
    if (!r || copy || r == x) return r;
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){x, r});
    in->dtype = d;
    return x;
}

/* ---------------------------------------------------------------- ufunc methods */

/* The binary ufuncs whose reduce and accumulate gpyc has: each one's reduction (IR_REDUCE)
 * and scan (IR_SCAN: add, multiply, maximum and minimum; RED_USER for none).  fmax/fmin
 * reduce as nanmax/nanmin, which skip NaNs as they do. */
static const struct {
    IrOp op;
    RedOp red, scan;
} ufunc_reds[] = {
    { IR_ADD, RED_SUM, RED_SUM },          { IR_MUL, RED_PROD, RED_PROD },
    { IR_MAXIMUM, RED_MAX, RED_MAX },      { IR_MINIMUM, RED_MIN, RED_MIN },
    { IR_FMAX, RED_NANMAX, RED_USER },     { IR_FMIN, RED_NANMIN, RED_USER },
    { IR_LOGICAL_AND, RED_ALL, RED_USER }, { IR_LOGICAL_OR, RED_ANY, RED_USER },
};

/* The ufunc a method is called on (self: cupy.add as a value) and its op; false after NumPy's
 * ValueError for a ufunc that is not binary (what: "reduce", "outer product" ...). */
static bool ufunc_self(IrValue *self, Span sp, const char *what, const char **name, IrOp *op)
{
    const char *full = self->type->name;
    *name = strrchr(full, '.') + 1;
    *op = (IrOp)lw_ufunc_op(self->type);
    if (ir_op_info(*op)->nargs == 2) return true;
    diag_error(sp, "%s only supported for binary functions", what);
    return false;
}

/* The reduction (scan: the scan) of binary ufunc op, or RED_USER after gpyc's error naming
 * the ones it has. */
static RedOp ufunc_red(IrOp op, const char *name, const char *meth, bool scan, Span sp)
{
    for (size_t i = 0; i < sizeof ufunc_reds / sizeof ufunc_reds[0]; i++)
        if (ufunc_reds[i].op == op && (scan ? ufunc_reds[i].scan : ufunc_reds[i].red) != RED_USER)
            return scan ? ufunc_reds[i].scan : ufunc_reds[i].red;
    diag_error(sp, "%s.%s() is not supported by gpyc (it has %s)", name, meth,
               scan ? "add, multiply, maximum and minimum.accumulate"
                    : "add, multiply, maximum, minimum, fmax, fmin, logical_and and logical_or.reduce");
    return RED_USER;
}

/* ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=<no value>,
 * where=True): the ufunc applied along the axes (None: all; a tuple: several; () none), one
 * IR_REDUCE.  Result dtype as sum's for add and multiply (bool and small ints widen to the
 * platform int), the input's for maximum/minimum, bool for the logical ones; a 0-d array is
 * returned as it is.  initial= folds in once (add, multiply, logical_and/or); maximum/minimum
 * with initial= and where= are not supported. */
static IrValue *ufunc_reduce(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    Span sp = call->span;
    const char *name;
    IrOp op;
    Args a;
    if (!ufunc_self(self, sp, "reduce", &name, &op)) return NULL;
    if (!lw_bind(call, "reduce", "array,axis,dtype,out,keepdims,initial,where", 1, &a)) return NULL;
    RedOp r = ufunc_red(op, name, "reduce", false, sp);
    if (r == RED_USER || !lw_no_arg(a.p[6], "where")) return NULL;
    if (a.p[5] && (r == RED_MAX || r == RED_MIN || r == RED_NANMAX || r == RED_NANMIN)) {
        diag_error(a.p[5]->span, "the 'initial' argument of %s.reduce() is not supported yet", name);
        return NULL;
    }
    IrValue *x = lw_array_operand(L, a.p[0], "reduce");
    if (!x) return NULL;
    int nd = x->type->ndim, axes[IR_MAXDIM] = { 0 }, n = nd ? 1 : 0;
    bool all = false, keep, given;
    if (a.p[1] && !lw_axis_arg(L, a.p[1], nd, axes, &n, &all)) return NULL;
    if (all) {
        n = nd;
        for (int i = 0; i < nd; i++) axes[i] = i;
    }
    if ((r == RED_NANMAX || r == RED_NANMIN) && !dt_is_float(x->type->dtype) &&
        !dt_is_complex(x->type->dtype))
        r = r == RED_NANMAX ? RED_MAX : RED_MIN;
    DType dt = lw_reduce_dtype(r, x->type->dtype);
    if (!lw_dtype_arg(L, a.p[2], &dt, &given) || !lw_bool_arg(L, a.p[4], false, &keep)) return NULL;
    IrValue *v = n ? lw_reduce_axes(L, sp, r, x, n, axes, keep, dt) : lw_emit1(L, IR_COPY, sp, x->type, x);
    if (!n) v = lw_cast_to(L, v, dt, sp);
    if (v && a.p[5]) {
        IrValue *init = lw_expr(L, a.p[5]);
        if (!init || !(v = lw_ewise_py(L, op, sp, 2, (IrValue *[]){ v, init }))) return NULL;
    }
    return lw_ufunc_out(L, call, name, v, a.p[3]);
}

/* ufunc.accumulate(array, axis=0, dtype=None, out=None): the running ufunc along one axis
 * (IR_SCAN, as cumsum; axis=None only for a 1-d array), dtypes as reduce's.  A 0-d array is
 * NumPy's TypeError "cannot accumulate on a scalar". */
static IrValue *ufunc_accumulate(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    Span sp = call->span;
    const char *name;
    IrOp op;
    Args a;
    if (!ufunc_self(self, sp, "accumulate", &name, &op)) return NULL;
    if (!lw_bind(call, "accumulate", "array,axis,dtype,out", 1, &a)) return NULL;
    RedOp r = ufunc_red(op, name, "accumulate", true, sp);
    if (r == RED_USER) return NULL;
    IrValue *x = lw_array_operand(L, a.p[0], "accumulate");
    if (!x) return NULL;
    int nd = x->type->ndim, axis = 0;
    if (nd == 0) {
        diag_error(a.p[0]->span, "cannot accumulate on a scalar");
        return NULL;
    }
    IrValue *av = a.p[1] ? lw_expr(L, a.p[1]) : NULL;
    if (a.p[1] && !av) return NULL;
    if (av && av->type->kind == TY_NONE && nd > 1) {
        diag_error(a.p[1]->span, "accumulate does not allow multiple axes");
        return NULL;
    }
    if (av && av->type->kind != TY_NONE && !lw_axis1(L, a.p[1], nd, 0, &axis)) return NULL;
    bool given;
    DType dt = lw_reduce_dtype(r, x->type->dtype);
    if (!lw_dtype_arg(L, a.p[2], &dt, &given)) return NULL;
    IrValue *xc = lw_cast_to(L, x, dt, sp);
    IrValue *v = lw_emit1(L, IR_SCAN, sp, ty_array(dt, nd), xc);
    v->def->redop = r;
    v->def->dtype = dt;
    v->def->ival = nd == 1 ? -1 : axis;
    return lw_ufunc_out(L, call, name, v, a.p[3]);
}

/* ufunc.outer(A, B, out=None): op(A[..., None, ...], B) over every pair, of shape
 * A.shape + B.shape: A gets B.ndim trailing size-1 axes and broadcasts, one elementwise op that
 * fuses with its neighbours; Python scalars and lists are arrays (NumPy converts them). */
static IrValue *ufunc_outer(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    Span sp = call->span;
    const char *name;
    IrOp op;
    Args a;
    if (!ufunc_self(self, sp, "outer product", &name, &op)) return NULL;
    if (!lw_bind(call, "outer", "A,B,out", 2, &a)) return NULL;
    IrValue *A = lw_array_operand(L, a.p[0], "outer"), *B = A ? lw_array_operand(L, a.p[1], "outer") : NULL;
    if (!B) return NULL;
    if (A->type->ndim + B->type->ndim > IR_MAXDIM) {
        diag_error(sp, "%s.outer() gives %d dimensions; gpyc arrays have at most %d", name,
                   A->type->ndim + B->type->ndim, IR_MAXDIM);
        return NULL;
    }
    for (int i = 0; i < B->type->ndim; i++) A = lw_newaxis_at(L, sp, A, A->type->ndim);
    IrValue *v = lw_ewise_py(L, op, sp, 2, (IrValue *[]){ A, B });
    return lw_ufunc_out(L, call, name, v, a.p[2]);
}

/* ufunc.reduceat(array, indices, axis=0, dtype=None, out=None) for add, maximum and minimum:
 * segment i reduces array[indices[i]:end_i] along axis, end_i being indices[i + 1] where that
 * is larger (else the one element indices[i]) and the axis's length for the last.  The segments'
 * number and lengths are known at run time: the elements of every segment in turn (the
 * segment numbers repeated by the lengths; one synchronisation for their total) are gathered
 * along the axis and combined into their segment with cupyx.scatter's atomics (add into
 * zeros; maximum and minimum into each segment's first element).  An index outside the axis
 * is NumPy's IndexError "index 9 out-of-bounds in add.reduceat [0, 8)".  Float sums combine in
 * any order (atomics), so their last bits may differ from NumPy's sequential sums. */
static IrValue *ufunc_reduceat(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    Span sp = call->span;
    const char *name;
    IrOp op;
    Args a;
    if (!ufunc_self(self, sp, "reduceat", &name, &op)) return NULL;
    if (!lw_bind(call, "reduceat", "array,indices,axis,dtype,out", 2, &a)) return NULL;
    int sop = op == IR_ADD       ? SCATTER_ADD
              : op == IR_MAXIMUM ? SCATTER_MAX
              : op == IR_MINIMUM ? SCATTER_MIN
                                 : -1;
    if (sop < 0) {
        diag_error(sp, "%s.reduceat() is not supported by gpyc (it has add, maximum and minimum.reduceat)",
                   name);
        return NULL;
    }
    IrValue *x = lw_array_operand(L, a.p[0], "reduceat");
    IrValue *idx = x ? lw_array_operand(L, a.p[1], "reduceat") : NULL;
    if (!idx) return NULL;
    int nd = x->type->ndim, axis;
    if (nd == 0) {
        diag_error(a.p[0]->span, "cannot reduceat on a scalar");
        return NULL;
    }
    if (idx->type->ndim > 1) {
        diag_error(a.p[1]->span, "object too deep for desired array");
        return NULL;
    }
    if (!dt_is_int(idx->type->dtype)) {
        diag_error(a.p[1]->span, "reduceat() takes integer indices");
        return NULL;
    }
    if (!lw_axis1(L, a.p[2], nd, 0, &axis)) return NULL;
    bool given;
    DType dt = lw_reduce_dtype(op == IR_ADD ? RED_SUM : RED_MAX, x->type->dtype);
    if (!lw_dtype_arg(L, a.p[3], &dt, &given)) return NULL;
    x = lw_cast_to(L, x, dt, sp);
    idx = lw_cast_to(L, lw_atleast(L, sp, idx, 1), DT_INT64, sp);
    /* the axis first, the other axes flattened: x2 (n, R) */
    int perm[IR_MAXDIM], back[IR_MAXDIM], k = 1;
    perm[0] = axis;
    for (int d = 0; d < nd; d++)
        if (d != axis) perm[k++] = d;
    for (int d = 0; d < nd; d++) back[perm[d]] = d;
    IrValue *xt = lw_emit_transpose(L, sp, x, perm);
    IrValue *n = lw_dim(L, sp, x, axis), *m = lw_dim(L, sp, idx, 0), *one = lw_cint(L, sp, 1);
    IrValue *x2 = lw_emit_reshape(L, sp, xt, 2, (IrValue *[]){ n, lw_cint(L, sp, -1) });
    IrValue *R = lw_dim(L, sp, x2, 1);
    IrValue *bad = lw_ew2(L, IR_LOGICAL_OR, sp, lw_ew2(L, IR_LT, sp, idx, lw_cint(L, sp, 0)),
                          lw_ew2(L, IR_GE, sp, idx, n));
    if (!bad || !lw_raise_first(L, sp, NULL, "IndexError", "index ", idx, bad,
                                ar_printf(L->a, " out-of-bounds in %s.reduceat [0, ", name), n, ")"))
        return NULL;
    /* end_i: indices[i + 1] where larger, else indices[i] + 1; n for the last */
    IrValue *nxt = lw_emit_full(L, sp, DT_INT64, 1, &m, n);
    lw_store_into(L, sp, lw_slice_axis(L, sp, nxt, 0, NULL, lw_isub(L, sp, m, one), NULL),
                  lw_slice_axis(L, sp, idx, 0, one, NULL, NULL));
    IrValue *gt = lw_ew2(L, IR_GT, sp, nxt, idx), *inc = lw_ew2(L, IR_ADD, sp, idx, one);
    IrValue *end = gt && inc ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ gt, nxt, inc }) : NULL;
    IrValue *lens = lw_ew2(L, IR_SUB, sp, end, idx);
    if (!lens) return NULL;
    /* seg: the segment of each gathered element; pos: its place along the axis */
    IrValue *seg = lw_emit2(L, IR_REPEAT, sp, ty_array(DT_INT64, 1), lw_iota(L, sp, m), lens);
    seg->def->ival = 0;
    IrValue *cum = lw_emit1(L, IR_SCAN, sp, ty_array(DT_INT64, 1), lens);
    cum->def->redop = RED_SUM;
    cum->def->dtype = DT_INT64;
    cum->def->ival = -1;
    IrValue *first = lw_ew2(L, IR_SUB, sp, cum, lens);
    IrValue *T = lw_dim(L, sp, seg, 0);
    IrValue *off = lw_ew2(L, IR_SUB, sp, lw_iota(L, sp, T), lw_gather(L, sp, first, seg));
    IrValue *pos = lw_ew2(L, IR_ADD, sp, off, lw_gather(L, sp, idx, seg));
    IrValue *vals = pos ? lw_gather_axis(L, sp, x2, 0, pos) : NULL;
    if (!vals) return NULL;
    IrValue *r = sop == SCATTER_ADD ? lw_emit_full(L, sp, dt, 2, (IrValue *[]){ m, R }, lw_cint(L, sp, 0))
                                    : lw_copy_of(L, sp, lw_gather_axis(L, sp, x2, 0, idx));
    IrValue *items[3] = { r, lw_emit_reshape(L, sp, seg, 2, (IrValue *[]){ T, one }),
                          lw_emit_reshape(L, sp, lw_iota(L, sp, R), 2, (IrValue *[]){ one, R }) };
    IdxKind kinds[2] = { IDX_INT, IDX_INT };
    IrValue *view = lw_index_adv(L, r, sp, sp, 2, kinds, 3, items);
    if (!view || !lw_adv_scatter(L, view, vals, sop, sp)) return NULL;
    IrValue *dims[IR_MAXDIM];
    dims[0] = m;
    for (int d = 1; d < nd; d++) dims[d] = lw_dim(L, sp, xt, d);
    IrValue *v = lw_emit_transpose(L, sp, lw_emit_reshape(L, sp, r, nd, dims), back);
    return lw_ufunc_out(L, call, name, v, a.p[4]);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_result_type)
LW_API_PLAIN(api_promote_types)
LW_API_NAMED(api_iscomplexobj)
LW_API_PLAIN(api_isscalar)
LW_API_PLAIN(api_asarray_chkfinite)
LW_API_PLAIN(api_real_if_close)
LW_API_NAMED(api_iscomplex)
LW_API_NAMED(api_isclose)
LW_API_NAMED(array_equal)
LW_API_PLAIN(api_divmod)
LW_API_PLAIN(api_modf)
LW_API_PLAIN(api_can_cast)
LW_API_PLAIN(api_frexp)
LW_API_PLAIN(api_nan_to_num)

const ApiFn lw_ufunc_api[] = {
    { "cupy", "result_type", api_result_type_api, 0 },
    { "cupy", "promote_types", api_promote_types_api, 0 },
    { "cupy", "iscomplexobj", api_iscomplexobj_api, 0 },
    { "cupy", "isrealobj", api_iscomplexobj_api, 0 },
    { "cupy", "real_if_close", api_real_if_close_api, 0 },
    { "cupy", "iscomplex", api_iscomplex_api, 0 },
    { "cupy", "isreal", api_iscomplex_api, 0 },
    { "cupy", "isclose", api_isclose_api, 0 },
    { "cupy", "allclose", api_isclose_api, 0 },
    { "cupy", "array_equal", array_equal_api, 0 },
    { "cupy", "array_equiv", array_equal_api, 0 },
    { "cupy", "isscalar", api_isscalar_api, 0 },
    { "cupy", "asarray_chkfinite", api_asarray_chkfinite_api, 0 },
    { "cupy", "divmod", api_divmod_api, 0 },
    { "cupy", "modf", api_modf_api, 0 },
    { "cupy", "can_cast", api_can_cast_api, 0 },
    { "cupy", "frexp", api_frexp_api, 0 },
    { "cupy", "nan_to_num", api_nan_to_num_api, 0 },
    /* methods of the ufuncs (cp.add.reduce(a)): self is the ufunc; ufunc.at is place.c's */
    { "cupy.ufunc", "reduce", ufunc_reduce, 0 },
    { "cupy.ufunc", "accumulate", ufunc_accumulate, 0 },
    { "cupy.ufunc", "outer", ufunc_outer, 0 },
    { "cupy.ufunc", "reduceat", ufunc_reduceat, 0 },
    { NULL, NULL, NULL, 0 },
};
