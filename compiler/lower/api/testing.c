/*
 * lower/api/testing.c — cupy.testing's array assertions (NumPy's numpy.testing, which CuPy's
 * call after copying to the host): one DEV_ASSERT_ARRAYS runtime call each (runtime/testing.c
 * compares and writes NumPy's AssertionError message).
 *
 * Invariants: both operands are arrays by then (array-likes and Python scalars become arrays as
 * NumPy makes them); the runtime gets them as given, for the message, and as contiguous float64
 * (complex128 when either is complex) copies, for the comparison.  Two None operands are equal
 * (x.sort() returns None in CuPy's examples), decided at compile time.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* The comparison copy of x: float64 (complex128 when cplx), contiguous. */
static IrValue *as_f64(Lower *L, Span sp, IrValue *x, bool cplx)
{
    DType d = cplx ? DT_COMPLEX128 : DT_FLOAT64;
    IrValue *c = lw_cast_to(L, x, d, sp);
    return c == x ? lw_copy_of(L, sp, x) : c;
}

/* An operand: an array, a list literal or a Python scalar as an array (lw_arraylike), or
 * None; evaluated once.  NULL after a located error. */
static IrValue *operand(Lower *L, AstNode *e, const char *fname)
{
    if (lw_is_seq_lit(e)) return lw_arraylike(L, e, fname);
    IrValue *v = lw_expr(L, e);
    if (!v || v->type->kind == TY_ARRAY || v->type->kind == TY_NONE) return v;
    if (ty_is_scalar(v->type)) return lw_scalar_array(L, e->span, v);
    if (v->type->kind == TY_SPARSE) {
        /* CuPy's asnumpy makes it a 0-d object array, whose comparison asks the truth of a
         * sparse matrix: ValueError */
        diag_error(e->span, "%s() of a sparse matrix is not supported (CuPy compares it as an object); compare "
                            "its toarray()", fname);
        return NULL;
    }
    diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
    return NULL;
}

/* assert_array_equal(x, y, err_msg='', verbose=True, strict=False), assert_allclose(actual,
 * desired, rtol=1e-07, atol=0, equal_nan=True, err_msg='', verbose=True),
 * assert_array_almost_equal(x, y, decimal=6, err_msg='', verbose=True),
 * assert_array_less(x, y, err_msg='', verbose=True); arg: gp_assert_kind */
static IrValue *assert_arrays(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    static const char *const sigs[] = {
        [ASSERT_EQUAL] = "x,y,err_msg,verbose,strict",
        [ASSERT_ALLCLOSE] = "actual,desired,rtol,atol,equal_nan,err_msg,verbose",
        [ASSERT_ALMOST] = "x,y,decimal,err_msg,verbose",
        [ASSERT_LESS] = "x,y,err_msg,verbose",
    };
    static const int msg_at[] = {
        [ASSERT_EQUAL] = 2, [ASSERT_ALLCLOSE] = 5, [ASSERT_ALMOST] = 3, [ASSERT_LESS] = 2
    };
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, sigs[f->arg], 2, &a)) return NULL;
    IrValue *x = operand(L, a.p[0], f->name);
    IrValue *y = x ? operand(L, a.p[1], f->name) : NULL;
    if (!y) return NULL;
    if (x->type->kind == TY_NONE || y->type->kind == TY_NONE) {
        if (x->type->kind == y->type->kind && f->arg == ASSERT_EQUAL) return lw_pseudo(L, ty_none());
        diag_error(sp, "%s() compares arrays; gpyc compares None only with None in assert_array_equal",
                   f->name);
        return NULL;
    }
    const char *msg;
    if (!lw_str_arg(L, a.p[msg_at[f->arg]], "", &msg)) return NULL;
    IrValue *rtol = lw_const_float(L, sp, f->arg == ASSERT_ALLCLOSE ? 1e-7 : 0),
            *atol = lw_const_float(L, sp, 0);
    int64_t decimal = 6;
    if (f->arg == ASSERT_ALLCLOSE) {
        for (int k = 0; k < 2; k++) {
            AstNode *e = a.p[2 + k];
            if (!e) continue;
            IrValue *v = lw_expr(L, e);
            if (!v) return NULL;
            if (v->type->kind != TY_INT && v->type->kind != TY_FLOAT && v->type->kind != TY_BOOL) {
                diag_error(e->span, "%s must be a number, not %s", k ? "atol" : "rtol", ty_str_of(v->type));
                return NULL;
            }
            *(k ? &atol : &rtol) = lw_to_scalar(L, v, TY_FLOAT, sp);
        }
        bool eqnan;
        if (!lw_bool_arg(L, a.p[4], true, &eqnan)) return NULL;
        if (!eqnan) {
            diag_error(a.p[4]->span, "assert_allclose(equal_nan=False) is not supported by gpyc");
            return NULL;
        }
    }
    if (f->arg == ASSERT_ALMOST && a.p[2]) {
        IrValue *d = lw_expr(L, a.p[2]);
        if (!d) return NULL;
        if (!lw_is_const_int(d, &decimal) || d->type->kind != TY_INT) {
            diag_error(a.p[2]->span, "decimal must be a constant int in gpyc");
            return NULL;
        }
    }
    if (f->arg == ASSERT_ALMOST)   /* numpy.testing: abs(desired - actual) < 1.5 * 10**(-decimal) */
        atol = lw_const_float(L, sp, 1.5 * pow(10.0, (double)-decimal));
    bool cplx = dt_is_complex(x->type->dtype) || dt_is_complex(y->type->dtype);
    IrValue *xd = as_f64(L, sp, x, cplx), *yd = as_f64(L, sp, y, cplx);
    if (!xd || !yd) return NULL;
    IrValue *args[9] = { lw_cint(L, sp, f->arg),  x, y, xd, yd, rtol, atol, lw_cint(L, sp, decimal),
                         lw_const_str(L, sp, msg) };
    IrInstr *in = ir_emit(L->m, L->blk, IR_DEVICE, sp, NULL, 9, args);
    in->ival = DEV_ASSERT_ARRAYS;
    return lw_pseudo(L, ty_none());
}

const ApiFn lw_testing_api[] = {
    { "cupy.testing", "assert_array_equal", assert_arrays, ASSERT_EQUAL },
    { "cupy.testing", "assert_allclose", assert_arrays, ASSERT_ALLCLOSE },
    { "cupy.testing", "assert_array_almost_equal", assert_arrays, ASSERT_ALMOST },
    { "cupy.testing", "assert_array_less", assert_arrays, ASSERT_LESS },
    { NULL, NULL, NULL, 0 },
};
