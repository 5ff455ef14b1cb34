/*
 * lower/api/typeinfo.c — numpy.iinfo and numpy.finfo: the machine limits of a dtype, all known
 * at compile time; numpy.common_type, a dtype of its arguments' dtypes.
 *
 * iinfo(t) / finfo(t) take a dtype (cp.int32, 'f4', int, float ...), a number or a NumPy scalar
 * (its dtype), as NumPy's do (an array is an error: x.dtype).  The value is a record named "numpy.iinfo" / "numpy.finfo" whose one key is the
 * dtype's name (so that the objects of two dtypes have two types) holding its bits; every
 * attribute is computed here from the dtype:
 *   iinfo: min, max (Python ints; uint64's max, above gpyc's int64, a 0-d uint64 array), bits,
 *          kind ('i' or 'u'), dtype;
 *   finfo: eps, epsneg, max, min, tiny, smallest_normal, smallest_subnormal, resolution (NumPy
 *          scalars of the float dtype: 0-d arrays), bits, precision, iexp, nexp, nmant, machep,
 *          negep, minexp, maxexp (ints), dtype (the real dtype of a complex one).
 * The float limits follow from the format (nmant mantissa bits, nexp exponent bits) as NumPy's
 * MachAr derives them; str() and repr() are NumPy's texts (its '%12.5e' / '%15.7e' / '%24.16e'
 * forms of the limits), made at compile time.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const IINFO = "numpy.iinfo", *const FINFO = "numpy.finfo";

/* The dtype argument e of what (iinfo, finfo): a dtype, or the dtype of a number or a NumPy
 * scalar (a 0-d array); false after a located error. */
static bool info_dtype(Lower *L, AstNode *e, const char *what, DType *dt)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    switch (v->type->kind) {
    case TY_ARRAY:
        if (v->type->ndim) { /* NumPy takes dtypes and scalars, not arrays: x.dtype */
            diag_error(e->span, "%s of an array is not a dtype: %s(x.dtype)", what, what);
            return false;
        }
        *dt = v->type->dtype;
        return true;
    case TY_INT: *dt = DT_INT64; return true;
    case TY_FLOAT: *dt = DT_FLOAT64; return true;
    case TY_COMPLEX: *dt = DT_COMPLEX128; return true;
    case TY_BOOL: *dt = DT_BOOL; return true;
    default: break;
    }
    bool given;
    if (!lw_dtype_arg(L, e, dt, &given)) return false;
    if (!given) {
        diag_error(e->span, "expected a dtype (cp.float32, 'float32', float ...), got None");
        return false;
    }
    return true;
}

/* The record of class cls for dtype dt. */
static IrValue *info_record(Lower *L, Span sp, const char *cls, DType dt)
{
    const char *key = dt_name(dt);
    IrValue *bits = lw_const_int(L, sp, 8 * dt_size(dt));
    Type *t = ty_record(1, &key, &bits->type);
    t->name = cls;
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, 1, &bits);
}

/* np.iinfo(int_type) */
static IrValue *api_iinfo(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "iinfo", "int_type", 1, &a)) return NULL;
    DType dt;
    if (!info_dtype(L, a.p[0], "iinfo", &dt)) return NULL;
    if (!dt_is_int(dt) || dt == DT_BOOL) {
        diag_error(a.p[0]->span, "Invalid integer data type '%c'.",
                   dt == DT_BOOL       ? 'b'
                   : dt_is_complex(dt) ? 'c'
                                       : 'f');
        return NULL;
    }
    return info_record(L, call->span, IINFO, dt);
}

/* np.finfo(dtype) */
static IrValue *api_finfo(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "finfo", "dtype", 1, &a)) return NULL;
    DType dt;
    if (!info_dtype(L, a.p[0], "finfo", &dt)) return NULL;
    if (!dt_is_float(dt) && !dt_is_complex(dt)) {
        diag_error(a.p[0]->span, "data type <class 'numpy.%s'> not inexact", dt_name(dt));
        return NULL;
    }
    if (dt == DT_COMPLEX64) dt = DT_FLOAT32;
    if (dt == DT_COMPLEX128) dt = DT_FLOAT64;
    return info_record(L, call->span, FINFO, dt);
}

/* ---------------------------------------------------------------- the limits */

/* The record's dtype (its key). */
static DType info_of(const IrValue *obj)
{
    DType dt = DT_INT64;
    lw_dtype_name(obj->type->keys[0], &dt);
    return dt;
}

static bool is_finfo(const IrValue *obj) { return !strcmp(obj->type->name, FINFO); }

/* An integer dtype's limits (uint64's max as its bits). */
static void int_limits(DType dt, int64_t *mn, int64_t *mx)
{
    int bits = 8 * dt_size(dt);
    bool u = !dt_is_signed(dt);
    *mn = u ? 0 : bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
    *mx = u            ? (bits == 64 ? -1 : ((int64_t)1 << bits) - 1)
          : bits == 64 ? INT64_MAX
                       : ((int64_t)1 << (bits - 1)) - 1;
}

/* A float format: its mantissa and exponent bits, and the limits MachAr derives from them. */
typedef struct FloatInfo {
    int nmant, nexp, precision, maxexp, minexp;
    double eps, epsneg, max, tiny, subnormal, resolution;
    const char *efmt; /* MachAr's float_to_str: "%12.5e", "%15.7e", "%24.16e" */
} FloatInfo;

/* v rounded to a float of nmant mantissa bits (a normal value). */
static double round_to(double v, int nmant)
{
    int e;
    double m = frexp(v, &e);
    return ldexp(nearbyint(ldexp(m, nmant + 1)), e - nmant - 1);
}

static FloatInfo float_info(DType dt)
{
    FloatInfo f;
    f.nmant = dt == DT_FLOAT16 ? 10 : dt == DT_FLOAT32 ? 23 : 52;
    f.nexp = dt == DT_FLOAT16 ? 5 : dt == DT_FLOAT32 ? 8 : 11;
    f.efmt = dt == DT_FLOAT16 ? "%.5e" : dt == DT_FLOAT32 ? "%.7e" : "%.16e";
    f.eps = ldexp(1, -f.nmant);
    f.epsneg = ldexp(1, -f.nmant - 1);
    f.precision = (int)floor(-log10(f.eps));
    f.maxexp = 1 << (f.nexp - 1);
    f.minexp = 2 - f.maxexp;
    f.tiny = ldexp(1, f.minexp);
    f.subnormal = ldexp(1, f.minexp - f.nmant);
    f.max = ldexp(2 - f.eps, f.maxexp - 1);
    f.resolution = round_to(pow(10, -f.precision), f.nmant);
    return f;
}

/* A limit as a NumPy scalar of dtype dt (a 0-d array). */
static IrValue *np_scalar(Lower *L, Span sp, double v, DType dt)
{
    return lw_cast(L, lw_scalar_array(L, sp, lw_const_float(L, sp, v)), dt, sp);
}

IrValue *lw_typeinfo_attr(Lower *L, IrValue *obj, const char *at, Span sp)
{
    DType dt = info_of(obj);
    if (!strcmp(at, "dtype")) return lw_pseudo(L, ty_dtype(dt));
    if (!strcmp(at, "bits")) return lw_const_int(L, sp, 8 * dt_size(dt));
    if (!is_finfo(obj)) {
        int64_t mn, mx;
        int_limits(dt, &mn, &mx);
        if (!strcmp(at, "kind")) return lw_const_str(L, sp, !dt_is_signed(dt) ? "u" : "i");
        if (!strcmp(at, "min")) return lw_const_int(L, sp, mn);
        if (!strcmp(at, "max") && dt == DT_UINT64)
            return lw_cast(L, lw_scalar_array(L, sp, lw_const_int(L, sp, -1)), DT_UINT64, sp);
        if (!strcmp(at, "max")) return lw_const_int(L, sp, mx);
        diag_error(sp, "'iinfo' object has no attribute '%s'", at);
        return NULL;
    }
    FloatInfo f = float_info(dt);
    static const char *const fnames[] = {
        "eps", "epsneg", "max", "min", "tiny", "smallest_normal", "smallest_subnormal", "resolution"
    };
    double fvals[] = { f.eps, f.epsneg, f.max, -f.max, f.tiny, f.tiny, f.subnormal, f.resolution };
    for (int i = 0; i < 8; i++)
        if (!strcmp(at, fnames[i])) return np_scalar(L, sp, fvals[i], dt);
    static const char *const inames[] = { "precision", "iexp",  "nexp",   "nmant",
                                          "machep",    "negep", "minexp", "maxexp" };
    int64_t ivals[] = { f.precision, f.nexp, f.nexp, f.nmant, -f.nmant, -f.nmant - 1, f.minexp, f.maxexp };
    for (int i = 0; i < 8; i++)
        if (!strcmp(at, inames[i])) return lw_const_int(L, sp, ivals[i]);
    diag_error(sp, "'finfo' object has no attribute '%s'", at);
    return NULL;
}

/* MachAr's text of v (its float_to_str) */
static const char *etext(Lower *L, const FloatInfo *f, double v) { return ar_printf(L->a, f->efmt, v); }

IrValue *lw_typeinfo_str(Lower *L, IrValue *obj, bool repr, Span sp)
{
    DType dt = info_of(obj);
    const char *rule = "---------------------------------------------------------------\n";
    if (!is_finfo(obj)) {
        int64_t mn, mx;
        int_limits(dt, &mn, &mx);
        const char *smax = dt == DT_UINT64 ? "18446744073709551615" : ar_printf(L->a, "%lld", (long long)mx);
        if (repr)
            return lw_const_str(
                L, sp,
                ar_printf(L->a, "iinfo(min=%lld, max=%s, dtype=%s)", (long long)mn, smax, dt_name(dt)));
        return lw_const_str(L, sp,
                            ar_printf(L->a, "Machine parameters for %s\n%smin = %lld\nmax = %s\n%s",
                                      dt_name(dt), rule, (long long)mn, smax, rule));
    }
    FloatInfo f = float_info(dt);
    if (repr) /* str() of the resolution, 10**-precision: its shortest digits in the dtype are "1" */
        return lw_const_str(L, sp,
                            ar_printf(L->a, "finfo(resolution=%g, min=-%s, max=%s, dtype=%s)",
                                      pow(10, -f.precision), etext(L, &f, f.max), etext(L, &f, f.max),
                                      dt_name(dt)));
    return lw_const_str(L, sp,
                        ar_printf(L->a,
                                  "Machine parameters for %s\n%s"
                                  "precision = %3d   resolution = %s\n"
                                  "machep = %6d   eps =        %s\n"
                                  "negep =  %6d   epsneg =     %s\n"
                                  "minexp = %6d   tiny =       %s\n"
                                  "maxexp = %6d   max =        %s\n"
                                  "nexp =   %6d   min =        -max\n"
                                  "smallest_normal = %s   smallest_subnormal = %s\n%s",
                                  dt_name(dt), rule, f.precision, etext(L, &f, f.resolution), -f.nmant,
                                  etext(L, &f, f.eps), -f.nmant - 1, etext(L, &f, f.epsneg), f.minexp,
                                  etext(L, &f, f.tiny), f.maxexp, etext(L, &f, f.max), f.nexp,
                                  etext(L, &f, f.tiny), etext(L, &f, f.subnormal), rule));
}

bool lw_is_typeinfo(const Type *t)
{
    return t->kind == TY_TUPLE && t->name && (!strcmp(t->name, IINFO) || !strcmp(t->name, FINFO));
}

/* ---------------------------------------------------------------- common_type */

/* np.common_type(*arrays): the inexact scalar type of them all: float16/32/64 by the widest
 * float (an integer array counts as float64), complex when one is complex; a bool array is
 * NumPy's TypeError.  A compile-time dtype value. */
static IrValue *api_common_type(Lower *L, AstNode *call)
{
    if (call->params.n) {
        diag_error(call->span, "common_type() takes no keyword arguments");
        return NULL;
    }
    int prec = 0; /* 0 float16, 1 float32, 2 float64 */
    bool cplx = false;
    for (int i = 0; i < call->elts.n; i++) {
        AstNode *e = call->elts.v[i];
        IrValue *x = lw_array_arg(L, e, "common_type");
        if (!x) return NULL;
        DType d = x->type->dtype;
        if (d == DT_BOOL) {
            diag_error(e->span, "can't get common type for non-numeric array");
            return NULL;
        }
        int p = dt_is_int(d) || d == DT_FLOAT64 || d == DT_COMPLEX128 ? 2 : d == DT_FLOAT16 ? 0 : 1;
        prec = p > prec ? p : prec;
        cplx |= dt_is_complex(d);
    }
    static const DType real[] = { DT_FLOAT16, DT_FLOAT32, DT_FLOAT64 };
    DType r = real[prec];
    if (cplx) r = prec == 2 ? DT_COMPLEX128 : DT_COMPLEX64;
    return lw_pseudo(L, ty_dtype(r));
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_iinfo)
LW_API_PLAIN(api_finfo)
LW_API_PLAIN(api_common_type)

const ApiFn lw_typeinfo_api[] = {
    { "cupy", "iinfo", api_iinfo_api, 0 },
    { "cupy", "finfo", api_finfo_api, 0 },
    { "cupy", "common_type", api_common_type_api, 0 },
    { NULL, NULL, NULL, 0 },
};
