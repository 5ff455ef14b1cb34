/*
 * lower/api/random.c — cupy.random's legacy generator (CuPy's RandomState), call by call, and
 * numpy.random's legacy generator (NumPy's numbers, drawn on the host: IR_NP_DRAW; its section
 * below says how).
 *
 * Every draw is one IR_RANDOM_DRAW (a host call into runtime/random.cu, cuRAND) making the
 * cuRAND call CuPy makes, with CuPy's count, in CuPy's order; what CuPy then computes from the
 * draw with its ElementwiseKernels and ufuncs (scale and shift, -log(x), tan(pi*(x-0.5)), the
 * gumbel and laplace kernels ...) is ordinary elementwise IR here, in CuPy's dtypes, so it fuses
 * with its neighbours and gives CuPy's values bit for bit where the operations match.
 *
 * Invariants:
 *   - one IR_RANDOM_DRAW per cuRAND call sequence CuPy makes, emitted in source order (draws are
 *     never removed, merged or reordered: each advances the generator; graphloop.c does not
 *     capture loops that draw, since a draw is a library call that allocates);
 *   - size=None gives what CuPy gives: a 0-d array (random() alone keeps its Python float), or
 *     the broadcast shape of array parameters where CuPy takes it from them;
 *   - parameters CuPy converts with cupy.asarray become arrays of their default dtype here
 *     (0-d arrays are strong in NEP 50: float32 draws divided by one compute in float64), and
 *     parameters an ElementwiseKernel takes as T become arrays of the draw's dtype;
 *   - CuPy's checks (ValueError 'scale < 0', 'low >= high' ...) come before the draw, as in
 *     CuPy; on constants they are compile-time errors (lw_raise_if).
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* IR_RANDOM_DRAW of kind (IrRandKind) and dtype dt over dims, with parameters p0 and p1
 * (scalars; NULL when the kind takes none). */
static IrValue *draw(Lower *L, Span sp, IrRandKind kind, DType dt, int ndim, IrValue **dims, IrValue *p0,
                     IrValue *p1)
{
    IrValue *args[IR_MAXDIM + 2];
    int n = 0;
    for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    if (p0) args[n++] = p0;
    if (p1) args[n++] = p1;
    IrValue *r = lw_emit(L, IR_RANDOM_DRAW, sp, ty_array(dt, ndim), n, args);
    r->def->ival = kind;
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return r;
}

/* IR_NP_DRAW of kind (NpRandKind) and dtype dt over dims, with parameters p0 and p1. */
static IrValue *np_draw(Lower *L, Span sp, NpRandKind kind, DType dt, int ndim, IrValue **dims, IrValue *p0,
                        IrValue *p1)
{
    IrValue *args[IR_MAXDIM + 2];
    int n = 0;
    for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    args[n++] = p0;
    args[n++] = p1;
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, ty_array(dt, ndim), n, args);
    r->def->ival = kind;
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return r;
}

static IrValue *cfloat(Lower *L, Span sp, double v) { return lw_const_float(L, sp, v); }

static IrValue *bin(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b)
{
    return a && b ? lw_binop(L, op, sp, a, b) : NULL;
}

static bool is_array(const IrValue *v) { return v->type->kind == TY_ARRAY; }

/* size=None / an int / a tuple of ints → *given, dims */
static bool size_arg(Lower *L, AstNode *e, IrValue **dims, int *ndim, bool *given)
{
    *ndim = 0;
    *given = e && e->kind != AST_NONE;
    return !*given || lw_shape_arg(L, e, dims, ndim);
}

/* dtype=float32/float64 (CuPy's _check_and_get_dtype: "cupy.random only supports float32 and
 * float64"); absent: float64. */
static bool float_dtype(Lower *L, AstNode *e, Span sp, DType *dt)
{
    bool given;
    *dt = DT_FLOAT64;
    if (!lw_dtype_arg(L, e, dt, &given)) return false;
    if (*dt != DT_FLOAT32 && *dt != DT_FLOAT64) {
        diag_error(e ? e->span : sp, "cupy.random only supports float32 and float64, not %s", dt_name(*dt));
        return false;
    }
    return true;
}

/* size= and dtype= of a float distribution: the draw's shape (when size is None, the
 * broadcast shape of the parameters fills it: bcast_dims) and its float dtype. */
typedef struct DrawArgs {
    IrValue *dims[IR_MAXDIM];
    int ndim;
    bool given;     /* size given (not None) */
    DType dt;
} DrawArgs;

static bool draw_args(Lower *L, AstNode *size, AstNode *dtype, Span sp, DrawArgs *d)
{
    return size_arg(L, size, d->dims, &d->ndim, &d->given) && float_dtype(L, dtype, sp, &d->dt);
}

/* rand's and randn's arguments: dimensions as positional ints, then dtype= only (CuPy's
 * "rand() got unexpected keyword arguments dtypo"). */
static bool dims_args(Lower *L, AstNode *call, const char *fn, IrValue **dims, int *ndim, DType *dt)
{
    AstNode *dtype_kw = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "dtype")) {
            diag_error(kw->span, "%s() got unexpected keyword arguments %s", fn, kw->sval);
            return false;
        }
        dtype_kw = kw->rhs;
    }
    if (call->elts.n > IR_MAXDIM) {
        diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return false;
    }
    *ndim = 0;
    for (int i = 0; i < call->elts.n; i++)
        if (!(dims[(*ndim)++] = lw_int_arg(L, call->elts.v[i]))) return false;
    return float_dtype(L, dtype_kw, call->span, dt);
}

/* A distribution parameter: a Python number, a real array or a list literal (cupy.asarray's
 * rules; absent: dflt). */
static IrValue *param(Lower *L, AstNode *e, double dflt, Span sp, const char *fname, const char *pname)
{
    if (!e) return cfloat(L, sp, dflt);
    IrValue *v = e->kind == AST_LIST ? lw_arraylike(L, e, fname) : lw_expr(L, e);
    if (!v) return NULL;
    TypeKind k = v->type->kind;
    if (k == TY_INT || k == TY_FLOAT || k == TY_BOOL ||
        (k == TY_ARRAY && !dt_is_complex(v->type->dtype)))
        return v;
    diag_error(e->span, "%s() %s must be a real number or array, got %s", fname, pname, ty_str_of(v->type));
    return NULL;
}

/* cupy.asarray(v): a Python number becomes a 0-d array of its default dtype (int64, float64,
 * bool), an array stays. */
static IrValue *asarray(Lower *L, IrValue *v, Span sp)
{
    if (!v || is_array(v)) return v;
    DType d = v->type->kind == TY_INT ? DT_INT64 : v->type->kind == TY_BOOL ? DT_BOOL : DT_FLOAT64;
    return lw_emit_full(L, sp, d, 0, NULL, v);
}

/* cupy.asarray(v, dt), or a Python number an ElementwiseKernel converts to T = dt */
static IrValue *as_dt(Lower *L, IrValue *v, DType dt, Span sp)
{
    if (!v) return NULL;
    return is_array(v) ? lw_cast_to(L, v, dt, sp) : lw_emit_full(L, sp, dt, 0, NULL, v);
}

/* The shape of cupy.broadcast(vals...) when size is None: the arrays' shapes broadcast (a
 * mismatch is reported by the elementwise op that combines them later, with NumPy's message). */
static void bcast_dims(Lower *L, Span sp, int n, IrValue **vals, IrValue **dims, int *ndim)
{
    int nd = 0;
    for (int i = 0; i < n; i++)
        if (vals[i] && is_array(vals[i]) && vals[i]->type->ndim > nd) nd = vals[i]->type->ndim;
    for (int j = 0; j < nd; j++) {
        IrValue *d = lw_const_int(L, sp, 1);
        for (int i = 0; i < n; i++) {
            IrValue *v = vals[i];
            int k = v && is_array(v) ? j - (nd - v->type->ndim) : -1;
            if (k < 0) continue;
            IrValue *dv = lw_dim(L, sp, v, k);
            int64_t c;
            if (lw_is_const_int(d, &c) && c == 1) {
                d = dv;
                continue;
            }
            /* d == 1 ? dv : d, as d + (d == 1) * (dv - d) */
            IrValue *one = lw_binop(L, AOP_EQ, sp, d, lw_const_int(L, sp, 1));
            IrValue *pick = lw_to_scalar(L, one, TY_INT, sp);
            d = lw_binop(L, AOP_ADD, sp, d, lw_binop(L, AOP_MUL, sp, pick, lw_binop(L, AOP_SUB, sp, dv, d)));
        }
        dims[j] = d;
    }
    *ndim = nd;
}

/* A number known at compile time (int, bool or float constant). */
static bool const_num(const IrValue *v, double *out)
{
    int64_t i;
    if (lw_is_const_int(v, &i)) {
        *out = (double)i;
        return true;
    }
    if (v->def && v->def->op == IR_CONST_FLOAT) {
        *out = v->def->fval;
        return true;
    }
    return false;
}

/* CuPy's `if cupy.any(cond): raise ValueError(msg)` for a comparison cond (a Python bool or a
 * bool array): a run-time check (a reduction and a sync for an array). */
static bool check_any(Lower *L, Span sp, IrValue *cond, const char *msg)
{
    if (cond && is_array(cond)) cond = lw_reduce(L, sp, RED_ANY, cond, NULL, NULL, NULL);
    if (cond) cond = lw_truth(L, cond, sp);
    return cond && lw_raise_if(L, sp, cond, "ValueError", msg);
}

/* check_any(v OP bound) for op AOP_LT, AOP_LE, AOP_GT or AOP_GE; a compile-time error when
 * v is a constant that fails. */
static bool check_cmp(Lower *L, Span sp, IrValue *v, AstOp op, double bound, const char *msg)
{
    double c;
    if (!is_array(v) && const_num(v, &c)) {
        bool bad = op == AOP_LT   ? c < bound
                   : op == AOP_LE ? c <= bound
                   : op == AOP_GT ? c > bound
                                  : c >= bound;
        if (bad) diag_error(sp, "%s", msg);
        return !bad;
    }
    return check_any(L, sp, lw_binop(L, op, sp, v, cfloat(L, sp, bound)), msg);
}

/* check_any(v < 0); a compile-time error on a negative constant. */
static bool check_neg(Lower *L, Span sp, IrValue *v, const char *msg)
{
    return check_cmp(L, sp, v, AOP_LT, 0, msg);
}

/* ---------------------------------------------------------------- uniform draws */

/* random_sample(size=None, dtype=float64) and its names random, ranf, sample; rand(*dims,
 * dtype=float64).  CuPy: curandGenerateUniform[Double], then 1 → 0 (_mod1_kernel).  Without a
 * size, random() is read back as a Python float. */
static IrValue *random_sample(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    IrValue *dims[IR_MAXDIM];
    int ndim = 0;
    DType dt;
    Args a;
    bool given = false;
    if (strcmp(fn, "rand")) {
        if (!lw_bind(call, fn, "size,dtype", 0, &a)) return NULL;
        if (!size_arg(L, a.p[0], dims, &ndim, &given) || !float_dtype(L, a.p[1], sp, &dt)) return NULL;
    } else { /* rand(*dims, dtype=float64) */
        if (!dims_args(L, call, "rand", dims, &ndim, &dt)) return NULL;
        given = true;
    }
    IrValue *r = draw(L, sp, RAND_UNIFORM, dt, ndim, dims, 0, NULL);
    return given ? r : lw_to_scalar(L, r, TY_FLOAT, sp);
}

/* uniform(low=0.0, high=1.0, size=None, dtype=float64): random_sample, then CuPy's
 * _scale_kernel x = T(low) + x * T(high - low) with low and high converted to T (the dtype). */
static IrValue *api_uniform(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "uniform", "low,high,size,dtype", 0, &a)) return NULL;
    IrValue *lo = param(L, a.p[0], 0.0, sp, "uniform", "low");
    IrValue *hi = param(L, a.p[1], 1.0, sp, "uniform", "high");
    DrawArgs d;
    if (!lo || !hi || !draw_args(L, a.p[2], a.p[3], sp, &d)) return NULL;
    if (!d.given) bcast_dims(L, sp, 2, (IrValue *[]){lo, hi}, d.dims, &d.ndim);
    IrValue *x = draw(L, sp, RAND_UNIFORM, d.dt, d.ndim, d.dims, 0, NULL);
    IrValue *lot = as_dt(L, lo, d.dt, sp), *hit = as_dt(L, hi, d.dt, sp);
    return lw_cast_to(L, bin(L, AOP_ADD, sp, lot, bin(L, AOP_MUL, sp, x, bin(L, AOP_SUB, sp, hit, lot))), d.dt, sp);
}

/* standard_exponential(size=None, dtype=float64): -log(x) of the raw uniform draw (0, 1]. */
static IrValue *std_exponential(Lower *L, Span sp, DType dt, int ndim, IrValue **dims)
{
    IrValue *x = draw(L, sp, RAND_UNIFORM_RAW, dt, ndim, dims, 0, NULL);
    return lw_ew1(L, IR_NEG, sp, lw_ew1(L, IR_LOG, sp, x));
}

/* The routines of one parameter a (pareto, power, weibull, rayleigh's scale, exponential's
 * scale): a is cupy.asarray(a) (exponential: in the dtype); size=None takes a's shape. */
typedef enum OneParam { P_EXPONENTIAL, P_RAYLEIGH, P_PARETO, P_POWER, P_WEIBULL } OneParam;

/* exponential(scale=1.0, size=None, dtype=float64): standard_exponential * scale;
 * rayleigh(scale=1.0, ...): sqrt(log(x) * -2.) * scale of the raw draw;
 * pareto(a, ...): exp(-log(x) / a) - 1 of the raw draw;
 * power(a, ...): (1 - exp(-standard_exponential)) ** (1. / a);
 * weibull(a, ...): standard_exponential(size) ** (1. / a) (size=None: a 0-d draw, as CuPy). */
static IrValue *api_one_param(Lower *L, AstNode *call, const char *fn, int which)
{
    Span sp = call->span;
    bool scale = which == P_EXPONENTIAL || which == P_RAYLEIGH;
    Args a;
    if (!lw_bind(call, fn, scale ? "scale,size,dtype" : "a,size,dtype", scale ? 0 : 1, &a)) return NULL;
    IrValue *p = param(L, a.p[0], 1.0, sp, fn, scale ? "scale" : "a");
    DrawArgs d;
    if (!p || !draw_args(L, a.p[1], a.p[2], sp, &d)) return NULL;
    if (which == P_EXPONENTIAL) {
        if (!check_neg(L, sp, p, "scale < 0")) return NULL;
        p = as_dt(L, p, d.dt, sp);
    } else if (which != P_PARETO) {
        if (!check_neg(L, sp, p, which == P_RAYLEIGH ? "scale < 0" : "a < 0")) return NULL;
    }
    if (!d.given && which != P_WEIBULL) bcast_dims(L, sp, 1, &p, d.dims, &d.ndim);
    if (which == P_WEIBULL && !d.given && is_array(p) && p->type->ndim > 0) {
        diag_error(sp, "weibull() with an array a needs a size (CuPy draws a single value then)");
        return NULL;
    }
    IrValue *x;
    switch (which) {
    case P_EXPONENTIAL:
        return lw_cast_to(L, bin(L, AOP_MUL, sp, std_exponential(L, sp, d.dt, d.ndim, d.dims), p), d.dt, sp);
    case P_RAYLEIGH:
        x = draw(L, sp, RAND_UNIFORM_RAW, d.dt, d.ndim, d.dims, 0, NULL);
        x = lw_ew1(L, IR_SQRT, sp, bin(L, AOP_MUL, sp, lw_ew1(L, IR_LOG, sp, x), cfloat(L, sp, -2.0)));
        return lw_cast_to(L, bin(L, AOP_MUL, sp, x, asarray(L, p, sp)), d.dt, sp);
    case P_PARETO:
        x = draw(L, sp, RAND_UNIFORM_RAW, d.dt, d.ndim, d.dims, 0, NULL);
        x = bin(L, AOP_DIV, sp, lw_ew1(L, IR_NEG, sp, lw_ew1(L, IR_LOG, sp, x)), asarray(L, p, sp));
        return bin(L, AOP_SUB, sp, lw_cast_to(L, lw_ew1(L, IR_EXP, sp, x), d.dt, sp), lw_const_int(L, sp, 1));
    case P_POWER:
        x = lw_ew1(L, IR_EXP, sp, lw_ew1(L, IR_NEG, sp, std_exponential(L, sp, d.dt, d.ndim, d.dims)));
        x = bin(L, AOP_ADD, sp, lw_const_int(L, sp, 1), lw_ew1(L, IR_NEG, sp, x));
        return lw_cast_to(L, bin(L, AOP_POW, sp, x, bin(L, AOP_DIV, sp, cfloat(L, sp, 1.0), asarray(L, p, sp))), d.dt, sp);
    default: /* P_WEIBULL */
        x = std_exponential(L, sp, d.dt, d.ndim, d.dims);
        return lw_cast_to(L, bin(L, AOP_POW, sp, x, bin(L, AOP_DIV, sp, cfloat(L, sp, 1.0), asarray(L, p, sp))), d.dt, sp);
    }
}

/* standard_exponential(size=None, dtype=float64) */
static IrValue *api_standard_exponential(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "standard_exponential", "size,dtype", 0, &a)) return NULL;
    DrawArgs d;
    if (!draw_args(L, a.p[0], a.p[1], call->span, &d)) return NULL;
    return std_exponential(L, call->span, d.dt, d.ndim, d.dims);
}

/* standard_cauchy(size=None, dtype=float64): x = uniform(size) (low 0, high 1: x itself),
 * then tan(pi * (x - 0.5)). */
static IrValue *api_standard_cauchy(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "standard_cauchy", "size,dtype", 0, &a)) return NULL;
    DrawArgs d;
    if (!draw_args(L, a.p[0], a.p[1], sp, &d)) return NULL;
    IrValue *x = draw(L, sp, RAND_UNIFORM, d.dt, d.ndim, d.dims, 0, NULL);
    /* _scale_kernel with low 0, high 1: T(0) + x * T(1) == x */
    x = bin(L, AOP_SUB, sp, x, cfloat(L, sp, 0.5));
    return lw_ew1(L, IR_TAN, sp, bin(L, AOP_MUL, sp, cfloat(L, sp, 3.141592653589793), x));
}

/* gumbel(loc=0.0, scale=1.0, size=None, dtype=float64): CuPy's _gumbel_kernel on the raw draw,
 * y = T(loc) - log(-log(x)) * T(scale);
 * laplace(loc=0.0, scale=1.0, ...): _laplace_kernel on the raw draw,
 * y = loc + scale * (x <= 0.5 ? log(x + x) : -log(x + x - 1.0)), where the double literal 1.0
 * makes the second branch, and so the sum, double (then stored as T). */
static IrValue *api_loc_scale(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, fn, "loc,scale,size,dtype", 0, &a)) return NULL;
    IrValue *loc = param(L, a.p[0], 0.0, sp, fn, "loc");
    IrValue *scale = param(L, a.p[1], 1.0, sp, fn, "scale");
    DrawArgs d;
    if (!loc || !scale || !draw_args(L, a.p[2], a.p[3], sp, &d))
        return NULL;
    if (!d.given) bcast_dims(L, sp, 2, (IrValue *[]){loc, scale}, d.dims, &d.ndim);
    IrValue *x = draw(L, sp, RAND_UNIFORM_RAW, d.dt, d.ndim, d.dims, 0, NULL);
    loc = as_dt(L, loc, d.dt, sp);
    scale = as_dt(L, scale, d.dt, sp);
    if (!strcmp(fn, "gumbel")) {
        IrValue *t = lw_ew1(L, IR_LOG, sp, lw_ew1(L, IR_NEG, sp, lw_ew1(L, IR_LOG, sp, x)));
        return lw_cast_to(L, bin(L, AOP_SUB, sp, loc, bin(L, AOP_MUL, sp, t, scale)), d.dt, sp);
    }
    IrValue *xx = bin(L, AOP_ADD, sp, x, x);
    IrValue *lo = lw_cast_to(L, lw_ew1(L, IR_LOG, sp, xx), DT_FLOAT64, sp);
    IrValue *hi = lw_ew1(L, IR_NEG, sp, lw_ew1(L, IR_LOG, sp, bin(L, AOP_SUB, sp, lw_cast_to(L, xx, DT_FLOAT64, sp),
                                                           cfloat(L, sp, 1.0))));
    IrValue *le = bin(L, AOP_LE, sp, x, cfloat(L, sp, 0.5));
    if (!lo || !hi || !le) return NULL;
    IrValue *t = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){le, lo, hi});
    t = bin(L, AOP_MUL, sp, lw_cast_to(L, scale, DT_FLOAT64, sp), t);
    return lw_cast_to(L, bin(L, AOP_ADD, sp, lw_cast_to(L, loc, DT_FLOAT64, sp), t), d.dt, sp);
}

/* ---------------------------------------------------------------- normal draws */

/* normal(loc=0.0, scale=1.0, size=None, dtype=float64), CuPy's order: an array scale draws
 * N(0, 1) then multiplies by scale and adds loc; an array loc (scalar scale) draws N(0, scale)
 * then adds loc; scalars go to cuRAND (curandGenerateNormal[Double](loc, scale)).  Each
 * product and sum is stored back in the dtype (CuPy's out=x).  size=None: the broadcast
 * shape of loc and scale (a 0-d array for scalars). */
static IrValue *normal(Lower *L, Span sp, IrValue *loc, IrValue *scale, DType dt, int ndim, IrValue **dims,
                       bool log)
{
    if (is_array(scale)) {
        IrValue *x = draw(L, sp, RAND_NORMAL, dt, ndim, dims, cfloat(L, sp, 0.0), cfloat(L, sp, 1.0));
        x = lw_cast_to(L, bin(L, AOP_MUL, sp, x, scale), dt, sp);
        x = lw_cast_to(L, bin(L, AOP_ADD, sp, x, loc), dt, sp);
        return log ? lw_ew1(L, IR_EXP, sp, x) : x;
    }
    if (is_array(loc)) {
        IrValue *x = draw(L, sp, RAND_NORMAL, dt, ndim, dims, cfloat(L, sp, 0.0), scale);
        x = lw_cast_to(L, bin(L, AOP_ADD, sp, x, loc), dt, sp);
        return log ? lw_ew1(L, IR_EXP, sp, x) : x;
    }
    return draw(L, sp, log ? RAND_LOGNORMAL : RAND_NORMAL, dt, ndim, dims, loc, scale);
}

/* normal(loc, scale, size, dtype); lognormal(mean=0.0, sigma=1.0, size=None, dtype=float64):
 * curandGenerateLogNormal[Double] for scalars, exp(normal(...)) when either is an array
 * (size=None then: their broadcast shape; for scalars: a 0-d array). */
static IrValue *api_normal(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    bool log = !strcmp(fn, "lognormal");
    Args a;
    if (!lw_bind(call, fn, log ? "mean,sigma,size,dtype" : "loc,scale,size,dtype", 0, &a)) return NULL;
    IrValue *loc = param(L, a.p[0], 0.0, sp, fn, log ? "mean" : "loc");
    IrValue *scale = param(L, a.p[1], 1.0, sp, fn, log ? "sigma" : "scale");
    DrawArgs d;
    if (!loc || !scale || !draw_args(L, a.p[2], a.p[3], sp, &d))
        return NULL;
    if (!d.given) bcast_dims(L, sp, 2, (IrValue *[]){loc, scale}, d.dims, &d.ndim);
    return normal(L, sp, loc, scale, d.dt, d.ndim, d.dims, log);
}

/* standard_normal(size=None, dtype=float64) = normal(size=size, dtype=dtype) */
static IrValue *api_standard_normal(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "standard_normal", "size,dtype", 0, &a)) return NULL;
    DrawArgs d;
    if (!draw_args(L, a.p[0], a.p[1], sp, &d)) return NULL;
    return normal(L, sp, cfloat(L, sp, 0.0), cfloat(L, sp, 1.0), d.dt, d.ndim, d.dims, false);
}

/* randn(*dims, dtype=float64) = normal(size=dims, dtype=dtype) */
static IrValue *api_randn(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    DType dt;
    if (!dims_args(L, call, "randn", dims, &ndim, &dt)) return NULL;
    return normal(L, sp, cfloat(L, sp, 0.0), cfloat(L, sp, 1.0), dt, ndim, dims, false);
}

/* wald(mean, scale, size=None, dtype=float64): mean and scale as arrays of the dtype; x =
 * normal(size) then u = random_sample(size), then CuPy's _wald_kernel in T:
 *   mu_2l = mean / (2*scale);  Y = mean*x*x;  x = mean + mu_2l*(Y - sqrt(4*scale*Y + Y*Y));
 *   x = u > mean/(mean + x) ? mean*mean/x : x
 * with the two multiply-adds NVRTC contracts in CuPy's kernel (its inputs are references into
 * global memory): fma(Y, Y, 4*scale*Y) and fma(mu_2l, Y - sqrt(...), mean).  Left to nvcc,
 * the fused kernel (values, not references) contracts fma(4*scale, Y, Y*Y) instead, and near
 * the cancellation in Y - sqrt(...) that moves float32 results by up to 2**-20 (issue 23). */
static IrValue *api_wald(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "wald", "mean,scale,size,dtype", 2, &a)) return NULL;
    IrValue *mean = param(L, a.p[0], 0.0, sp, "wald", "mean");
    IrValue *scale = param(L, a.p[1], 0.0, sp, "wald", "scale");
    DrawArgs d;
    if (!mean || !scale || !draw_args(L, a.p[2], a.p[3], sp, &d))
        return NULL;
    mean = as_dt(L, mean, d.dt, sp);
    scale = as_dt(L, scale, d.dt, sp);
    if (!d.given) bcast_dims(L, sp, 2, (IrValue *[]){mean, scale}, d.dims, &d.ndim);
    IrValue *x = normal(L, sp, cfloat(L, sp, 0.0), cfloat(L, sp, 1.0), d.dt, d.ndim, d.dims, false);
    IrValue *u = draw(L, sp, RAND_UNIFORM, d.dt, d.ndim, d.dims, 0, NULL);
    IrValue *mu2l = bin(L, AOP_DIV, sp, mean, bin(L, AOP_MUL, sp, lw_const_int(L, sp, 2), scale));
    IrValue *y = bin(L, AOP_MUL, sp, bin(L, AOP_MUL, sp, mean, x), x);
    IrValue *y4s = bin(L, AOP_MUL, sp, bin(L, AOP_MUL, sp, lw_const_int(L, sp, 4), scale), y);
    if (!mu2l || !y || !y4s) return NULL;
    IrValue *root = lw_ew1(L, IR_SQRT, sp, lw_ewise(L, IR_FMA, sp, 3, (IrValue *[]){y, y, y4s}));
    IrValue *diff = bin(L, AOP_SUB, sp, y, root);
    if (!diff) return NULL;
    x = lw_ewise(L, IR_FMA, sp, 3, (IrValue *[]){mu2l, diff, mean});
    IrValue *flip = bin(L, AOP_GT, sp, u, bin(L, AOP_DIV, sp, mean, bin(L, AOP_ADD, sp, mean, x)));
    IrValue *alt = bin(L, AOP_DIV, sp, bin(L, AOP_MUL, sp, mean, mean), x);
    if (!flip || !alt) return NULL;
    return lw_cast_to(L, lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){flip, alt, x}), d.dt, sp);
}

/* triangular(left, mode, right, size=None, dtype=float64): left, mode, right are
 * cupy.asarray'd (their own dtypes); CuPy's checks 'left > mode', 'mode > right',
 * 'left == right'; x = random_sample(size), then CuPy's _triangular_kernel, whose T locals
 * round each intermediate to the dtype and whose double literal 1.0 makes the upper branch
 * double:
 *   base = T(right - left); leftbase = T(mode - left); ratio = leftbase / base;
 *   leftprod = leftbase*base; rightprod = T(right - mode)*base;
 *   x = x <= ratio ? left + sqrt(x*leftprod) : right - sqrt((1.0 - x)*rightprod) */
static IrValue *api_triangular(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "triangular", "left,mode,right,size,dtype", 3, &a)) return NULL;
    IrValue *p[3];
    static const char *const names[3] = {"left", "mode", "right"};
    for (int i = 0; i < 3; i++)
        if (!(p[i] = asarray(L, param(L, a.p[i], 0.0, sp, "triangular", names[i]), sp))) return NULL;
    DrawArgs d;
    if (!draw_args(L, a.p[3], a.p[4], sp, &d)) return NULL;
    IrValue *left = p[0], *mode = p[1], *right = p[2];
    if (!check_any(L, sp, bin(L, AOP_GT, sp, left, mode), "left > mode") ||
        !check_any(L, sp, bin(L, AOP_GT, sp, mode, right), "mode > right") ||
        !check_any(L, sp, bin(L, AOP_EQ, sp, left, right), "left == right"))
        return NULL;
    if (!d.given) bcast_dims(L, sp, 3, p, d.dims, &d.ndim);
    IrValue *x = draw(L, sp, RAND_UNIFORM, d.dt, d.ndim, d.dims, 0, NULL);
    IrValue *base = lw_cast_to(L, bin(L, AOP_SUB, sp, right, left), d.dt, sp);
    IrValue *leftbase = lw_cast_to(L, bin(L, AOP_SUB, sp, mode, left), d.dt, sp);
    IrValue *ratio = bin(L, AOP_DIV, sp, leftbase, base);
    IrValue *leftprod = bin(L, AOP_MUL, sp, leftbase, base);
    IrValue *rightprod = bin(L, AOP_MUL, sp, lw_cast_to(L, bin(L, AOP_SUB, sp, right, mode), d.dt, sp), base);
    IrValue *lo = bin(L, AOP_ADD, sp, left, lw_ew1(L, IR_SQRT, sp, bin(L, AOP_MUL, sp, x, leftprod)));
    IrValue *one_minus = bin(L, AOP_SUB, sp, cfloat(L, sp, 1.0), lw_cast_to(L, x, DT_FLOAT64, sp));
    IrValue *hi = bin(L, AOP_SUB, sp, right, lw_ew1(L, IR_SQRT, sp, bin(L, AOP_MUL, sp, one_minus,
                                                                    lw_cast_to(L, rightprod, DT_FLOAT64, sp))));
    IrValue *le = bin(L, AOP_LE, sp, x, ratio);
    if (!lo || !hi || !le) return NULL;
    return lw_cast_to(L, lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){le, lo, hi}), d.dt, sp);
}

/* ---------------------------------------------------------------- per-element kernels
 * The distributions CuPy's RandomState draws with its own ElementwiseKernels (beta, binomial,
 * gamma, poisson, ...): one IR_RANDOM_DRAW of a RAND_RK_* kind each (rt_random_rk: NumPy's
 * legacy sampler per element, from the RandomState's rk seed + i), whose parameters are
 * cupy.asarray'd, read as float64 and broadcast to the draw's shape; the result is the
 * kernel's (float64 or int64) stored in dtype=, as CuPy's y = cupy.empty(size, dtype). */

/* The parameters' kernel form (cp_kparam, after the Generator's section). */
static IrValue *cp_kparam(Lower *L, Span sp, IrValue *p, int ndim, IrValue **dims);

/* One RAND_RK_* draw over dims with parameters p[0..np-1] (np <= 3), in dtype dt. */
static IrValue *rk_draw(Lower *L, Span sp, IrRandKind kind, DType dt, int ndim, IrValue **dims, int np,
                        IrValue **p)
{
    IrValue *args[IR_MAXDIM + 3];
    int n = 0;
    for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    for (int i = 0; i < 3; i++) {
        args[n] = i < np ? cp_kparam(L, sp, p[i], ndim, dims) : lw_const_none(L, sp);
        if (!args[n++]) return NULL;
    }
    bool ints = kind == RAND_RK_BINOMIAL || kind == RAND_RK_GEOMETRIC || kind == RAND_RK_HYPERGEOMETRIC ||
                kind == RAND_RK_LOGSERIES || kind == RAND_RK_POISSON || kind == RAND_RK_ZIPF;
    DType kt = kind == RAND_RK_OPEN_UNIFORM_F32 ? DT_FLOAT32 : ints ? DT_INT64 : DT_FLOAT64;
    IrValue *r = lw_emit(L, IR_RANDOM_DRAW, sp, ty_array(kt, ndim), n, args);
    r->def->ival = kind;
    r->def->dtype = kt;
    r->def->ndim = ndim;
    return lw_cast_to(L, r, dt, sp);
}

/* A legacy per-element distribution's row: its name and parameters, its kernel, its dtype=
 * default (float64 or int64), and CuPy's checks of its parameters. */
typedef struct RkCheck {
    int param; /* which parameter */
    AstOp op; /* v OP bound fails */
    double bound;
    bool scalars; /* checked only when a Python number (hypergeometric) */
    const char *msg;
} RkCheck;
typedef struct RkDist {
    const char *name, *sig; /* "n,p,size,dtype" */
    int np; /* parameters before size */
    IrRandKind kind;
    bool ints; /* dtype= defaults to int64 */
    RkCheck checks[3];
} RkDist;

static const RkDist rk_dists[] = {
    { "beta", "a,b,size,dtype", 2, RAND_RK_BETA, false, { { 0 } } },
    { "binomial", "n,p,size,dtype", 2, RAND_RK_BINOMIAL, true, { { 0 } } },
    { "chisquare", "df,size,dtype", 1, RAND_RK_CHISQUARE, false, { { 0 } } },
    { "f", "dfnum,dfden,size,dtype", 2, RAND_RK_F, false, { { 0 } } },
    { "standard_gamma", "shape,size,dtype", 1, RAND_RK_GAMMA, false, { { 0 } } },
    { "geometric", "p,size,dtype", 1, RAND_RK_GEOMETRIC, true, { { 0 } } },
    { "hypergeometric",
      "ngood,nbad,nsample,size,dtype",
      3,
      RAND_RK_HYPERGEOMETRIC,
      true,
      { { 0, AOP_LT, 0, true, "ngood < 0" },
        { 1, AOP_LT, 0, true, "nbad < 0" },
        { 2, AOP_LT, 1, true, "nsample < 1" } } },
    { "logseries",
      "p,size,dtype",
      1,
      RAND_RK_LOGSERIES,
      true,
      { { 0, AOP_LE, 0, false, "p <= 0.0" }, { 0, AOP_GE, 1, false, "p >= 1.0" } } },
    { "noncentral_chisquare",
      "df,nonc,size,dtype",
      2,
      RAND_RK_NONCENTRAL_CHISQUARE,
      false,
      { { 0, AOP_LE, 0, false, "df <= 0" }, { 1, AOP_LT, 0, false, "nonc < 0" } } },
    { "noncentral_f",
      "dfnum,dfden,nonc,size,dtype",
      3,
      RAND_RK_NONCENTRAL_F,
      false,
      { { 0, AOP_LE, 0, false, "dfnum <= 0" },
        { 1, AOP_LE, 0, false, "dfden <= 0" },
        { 2, AOP_LT, 0, false, "nonc < 0" } } },
    { "poisson", "lam,size,dtype", 1, RAND_RK_POISSON, true, { { 0 } } },
    { "standard_t", "df,size,dtype", 1, RAND_RK_STANDARD_T, false, { { 0 } } },
    { "vonmises", "mu,kappa,size,dtype", 2, RAND_RK_VONMISES, false, { { 0 } } },
    { "zipf",
      "a,size,dtype",
      1,
      RAND_RK_ZIPF,
      true,
      { { 0, AOP_LE, 1, false, "'a' must be a valid float > 1.0" } } },
};

/* The parameters (p[0..d->np-1], Python numbers or arrays; lam's default 1.0), CuPy's checks,
 * then size= (or the parameters' broadcast shape) and dtype= of distribution d. */
static bool rk_args(Lower *L, AstNode *call, const RkDist *d, IrValue **p, IrValue **dims, int *ndim,
                    DType *dt)
{
    Span sp = call->span;
    Args a;
    bool pois = d->kind == RAND_RK_POISSON;
    if (!lw_bind(call, d->name, d->sig, pois ? 0 : d->np, &a)) return false;
    char pname[32];
    const char *at = d->sig;
    for (int i = 0; i < d->np; i++) {
        size_t len = strcspn(at, ",");
        snprintf(pname, sizeof pname, "%.*s", (int)len, at);
        at += len + 1;
        if (!(p[i] = param(L, a.p[i], 1.0, sp, d->name, pname))) return false;
    }
    for (int k = 0; k < 3 && d->checks[k].msg; k++) {
        const RkCheck *c = &d->checks[k];
        if (c->scalars && is_array(p[c->param])) continue;
        if (!check_cmp(L, sp, p[c->param], c->op, c->bound, c->msg)) return false;
    }
    bool given;
    if (!size_arg(L, a.p[d->np], dims, ndim, &given)) return false;
    if (!given) bcast_dims(L, sp, d->np, p, dims, ndim);
    *dt = d->ints ? DT_INT64 : DT_FLOAT64;
    if (!lw_dtype_arg(L, a.p[d->np + 1], dt, &given)) return false;
    if (dt_is_complex(*dt) || *dt == DT_FLOAT16) {
        diag_error(a.p[d->np + 1]->span, "%s() draws real dtypes in gpyc, not %s", d->name, dt_name(*dt));
        return false;
    }
    return true;
}

/* cupy.random.beta, binomial, chisquare, f, standard_gamma, geometric, hypergeometric,
 * logseries, noncentral_chisquare, noncentral_f, poisson, standard_t, vonmises, zipf: one
 * kernel each (the row of rk_dists of the name). */
static IrValue *api_rk(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    const RkDist *d = rk_dists;
    while (strcmp(d->name, f->name)) d++;
    IrValue *p[3], *dims[IR_MAXDIM];
    int ndim;
    DType dt;
    if (!rk_args(L, call, d, p, dims, &ndim, &dt)) return NULL;
    return rk_draw(L, call->span, d->kind, dt, ndim, dims, d->np, p);
}

/* gamma(shape, scale=1.0, size=None, dtype=float64): standard_gamma's kernel in dtype, then
 * y *= cupy.asarray(scale) (stored back in dtype). */
static IrValue *api_gamma(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "gamma", "shape,scale,size,dtype", 1, &a)) return NULL;
    IrValue *p[2] = { param(L, a.p[0], 1.0, sp, "gamma", "shape"),
                      param(L, a.p[1], 1.0, sp, "gamma", "scale") };
    DrawArgs d;
    if (!p[0] || !p[1] || !size_arg(L, a.p[2], d.dims, &d.ndim, &d.given)) return NULL;
    bool dgiven;
    d.dt = DT_FLOAT64;
    if (!lw_dtype_arg(L, a.p[3], &d.dt, &dgiven)) return NULL;
    if (!d.given) bcast_dims(L, sp, 2, p, d.dims, &d.ndim);
    IrValue *y = rk_draw(L, sp, RAND_RK_GAMMA, d.dt, d.ndim, d.dims, 1, p);
    return lw_cast_to(L, bin(L, AOP_MUL, sp, y, asarray(L, p[1], sp)), d.dt, sp);
}

/* dirichlet(alpha, size=None, dtype=float64): standard_gamma's kernel over size + alpha.shape
 * (alpha broadcast), then y /= y.sum(axis=-1, keepdims=True), in dtype. */
static IrValue *api_dirichlet(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "dirichlet", "alpha,size,dtype", 1, &a)) return NULL;
    IrValue *alpha = asarray(L, param(L, a.p[0], 1.0, sp, "dirichlet", "alpha"), sp), *dims[IR_MAXDIM];
    int ndim;
    bool given;
    DType dt = DT_FLOAT64;
    if (!alpha || !size_arg(L, a.p[1], dims, &ndim, &given) || !lw_dtype_arg(L, a.p[2], &dt, &given))
        return NULL;
    if (ndim + alpha->type->ndim > IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    for (int k = 0; k < alpha->type->ndim; k++) dims[ndim++] = lw_dim(L, sp, alpha, k);
    if (!ndim) {
        diag_error(sp, "axis -1 is out of bounds for array of dimension 0");
        return NULL;
    }
    IrValue *y = rk_draw(L, sp, RAND_RK_GAMMA, dt, ndim, dims, 1, &alpha);
    IrValue *sum = y ? lw_reduce_axes(L, sp, RED_SUM, y, 1, (int[]){ ndim - 1 }, true, dt) : NULL;
    return lw_cast_to(L, bin(L, AOP_DIV, sp, y, sum), dt, sp);
}

/* logistic(loc=0.0, scale=1.0, size=None, dtype=float64): the open-interval uniform kernel x in
 * dtype, then x = log((1.0 - x) / x) in dtype, times cupy.asarray(scale) and plus
 * cupy.asarray(loc), each stored back in dtype. */
static IrValue *api_logistic(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "logistic", "loc,scale,size,dtype", 0, &a)) return NULL;
    IrValue *p[2] = { param(L, a.p[0], 0.0, sp, "logistic", "loc"),
                      param(L, a.p[1], 1.0, sp, "logistic", "scale") };
    DrawArgs d;
    if (!p[0] || !p[1] || !draw_args(L, a.p[2], a.p[3], sp, &d)) return NULL;
    if (!d.given) bcast_dims(L, sp, 2, p, d.dims, &d.ndim);
    IrRandKind k = d.dt == DT_FLOAT32 ? RAND_RK_OPEN_UNIFORM_F32 : RAND_RK_OPEN_UNIFORM;
    IrValue *x = rk_draw(L, sp, k, d.dt, d.ndim, d.dims, 0, NULL);
    x = lw_cast_to(L, bin(L, AOP_DIV, sp, bin(L, AOP_SUB, sp, cfloat(L, sp, 1.0), x), x), d.dt, sp);
    x = x ? lw_ew1(L, IR_LOG, sp, x) : NULL;
    x = lw_cast_to(L, bin(L, AOP_MUL, sp, x, asarray(L, p[1], sp)), d.dt, sp);
    return lw_cast_to(L, bin(L, AOP_ADD, sp, x, asarray(L, p[0], sp)), d.dt, sp);
}

/* negative_binomial(n, p, size=None, dtype=int64): CuPy's checks ('n <= 0', 'p < 0', 'p > 1'),
 * then y = gamma(n, (1 - p) / p, size) and poisson(y) in dtype. */
static IrValue *api_negative_binomial(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "negative_binomial", "n,p,size,dtype", 2, &a)) return NULL;
    IrValue *n = param(L, a.p[0], 1.0, sp, "negative_binomial", "n");
    IrValue *p = param(L, a.p[1], 1.0, sp, "negative_binomial", "p"), *dims[IR_MAXDIM];
    int ndim;
    bool given, dgiven;
    DType dt = DT_INT64;
    if (!n || !p || !check_cmp(L, sp, n, AOP_LE, 0, "n <= 0") || !check_cmp(L, sp, p, AOP_LT, 0, "p < 0") ||
        !check_cmp(L, sp, p, AOP_GT, 1, "p > 1") || !size_arg(L, a.p[2], dims, &ndim, &given) ||
        !lw_dtype_arg(L, a.p[3], &dt, &dgiven))
        return NULL;
    p = asarray(L, p, sp);
    IrValue *scale = bin(L, AOP_DIV, sp, bin(L, AOP_SUB, sp, lw_const_int(L, sp, 1), p), p);
    if (!scale) return NULL;
    if (!given) bcast_dims(L, sp, 2, (IrValue *[]){ n, scale }, dims, &ndim);
    IrValue *y = rk_draw(L, sp, RAND_RK_GAMMA, DT_FLOAT64, ndim, dims, 1, &n);
    y = lw_cast_to(L, bin(L, AOP_MUL, sp, y, scale), DT_FLOAT64, sp);
    return y ? rk_draw(L, sp, RAND_RK_POISSON, dt, ndim, dims, 1, &y) : NULL;
}

/* ---------------------------------------------------------------- integers */

/* randint over [lo, hi) of an integer dtype: CuPy's checks (low >= high, then the dtype's
 * bounds), compile-time errors on constants, then one IR_RANDOM_DRAW (RAND_RANDINT, whose
 * runtime call repeats the checks and draws as CuPy's _interval). */
static IrValue *randint(Lower *L, Span sp, IrValue *lo, IrValue *hi, DType dt, int ndim, IrValue **dims,
                        bool np)
{
    int64_t l, h;
    if (lw_is_const_int(lo, &l) && lw_is_const_int(hi, &h)) {
        if (l >= h) {
            diag_error(sp, "low >= high");
            return NULL;
        }
    } else {
        IrValue *ge = lw_binop(L, AOP_GE, sp, lo, hi);
        if (!ge || !lw_raise_if(L, sp, ge, "ValueError", "low >= high")) return NULL;
    }
    if (dt_is_int(dt) && dt_size(dt) < 8) {   /* int64 and uint64 hold every Python int here */
        int bits = dt_size(dt) * 8;
        int64_t dmin = dt_is_signed(dt) ? -((int64_t)1 << (bits - 1)) : 0;
        int64_t dmax = dt_is_signed(dt) ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
        char *lm = ar_alloc(L->a, 64), *hm = ar_alloc(L->a, 64);
        snprintf(lm, 64, "low is out of bounds for %s", dt_name(dt));
        snprintf(hm, 64, "high is out of bounds for %s", dt_name(dt));
        if (lw_is_const_int(lo, &l)) {
            if (l < dmin) {
                diag_error(sp, "%s", lm);
                return NULL;
            }
        } else if (!lw_raise_if(L, sp, lw_binop(L, AOP_LT, sp, lo, lw_const_int(L, sp, dmin)), "ValueError", lm)) {
            return NULL;
        }
        if (lw_is_const_int(hi, &h)) {
            if (h - 1 > dmax) {
                diag_error(sp, "%s", hm);
                return NULL;
            }
        } else if (!lw_raise_if(L, sp, lw_binop(L, AOP_GT, sp, hi, lw_const_int(L, sp, dmax + 1)), "ValueError", hm)) {
            return NULL;
        }
    } else if ((dt_is_int(dt) && !dt_is_signed(dt)) && lw_is_const_int(lo, &l) && l < 0) {
        diag_error(sp, "low is out of bounds for %s", dt_name(dt));
        return NULL;
    }
    return np ? np_draw(L, sp, NPR_RANDINT, dt, ndim, dims, lo, hi)
              : draw(L, sp, RAND_RANDINT, dt, ndim, dims, lo, hi);
}

/* v as a Python int (a bool converts), or NULL after a located error naming what. */
static IrValue *as_int(Lower *L, IrValue *v, Span sp, const char *what)
{
    if (!v) return NULL;
    if (v->type->kind == TY_BOOL) return lw_to_scalar(L, v, TY_INT, sp);
    if (v->type->kind == TY_INT) return v;
    diag_error(sp, "%s must be a Python int (gpyc does not support array bounds), got %s", what, ty_str_of(v->type));
    return NULL;
}

/* randint's and random_integers' low and high (Python ints: array bounds are not supported);
 * without high, the interval is [dflt, low]: *lo = dflt, *hi = low. */
static bool int_bounds(Lower *L, Args *a, const char *fn, int64_t dflt, IrValue **lo, IrValue **hi)
{
    char what[64];
    snprintf(what, sizeof what, "%s() low", fn);
    *lo = as_int(L, lw_expr(L, a->p[0]), a->p[0]->span, what);
    if (!*lo) return false;
    if (!a->p[1] || a->p[1]->kind == AST_NONE) {
        *hi = *lo;
        *lo = lw_const_int(L, a->call, dflt);
        return true;
    }
    snprintf(what, sizeof what, "%s() high", fn);
    *hi = as_int(L, lw_expr(L, a->p[1]), a->p[1]->span, what);
    return *hi != NULL;
}

/* randint(low, high=None, size=None, dtype=int64): integers in [low, high) ([0, low) without
 * high); size=None gives a 0-d array, as CuPy, or for numpy.random (np) a Python int drawn
 * from NumPy's generator. */
static IrValue *api_randint(Lower *L, AstNode *call, bool np)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "randint", "low,high,size,dtype", 1, &a)) return NULL;
    IrValue *lo, *hi;
    if (!int_bounds(L, &a, "randint", 0, &lo, &hi)) return NULL;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    bool given, dgiven;
    DType dt = DT_INT64;
    if (!size_arg(L, a.p[2], dims, &ndim, &given) || !lw_dtype_arg(L, a.p[3], &dt, &dgiven)) return NULL;
    if (!dt_is_int(dt)) {
        diag_error(a.p[3] ? a.p[3]->span : sp, "randint() supports integer dtypes, not %s", dt_name(dt));
        return NULL;
    }
    IrValue *r = randint(L, sp, lo, hi, dt, ndim, dims, np);
    return !r || given || !np ? r : lw_to_scalar(L, r, TY_INT, sp);
}

/* bytes(length): CuPy's is numpy.random.bytes, drawn from NumPy's global legacy generator (the
 * host's MT19937, as NumPy's numbers), whatever cupy.random's seed: the little-endian bytes of
 * randint(0, 2**32, size=(length - 1) // 4 + 1, dtype=uint32), the first length of them.  NumPy
 * computes that size in C (mtrand.pyx divides with cdivision), so the division truncates:
 * bytes(0) draws one word (seen on the GPU against CuPy 14.2 and NumPy 2, and in NumPy 1.24),
 * bytes(-7) asks for a size of -1. */
static IrValue *api_bytes(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "bytes", "length", 1, &a)) return NULL;
    IrValue *len = lw_int_arg(L, a.p[0]);
    if (!len) return NULL;
    /* trunc(a / 4) = max(a, 0) // 4 - max(-a, 0) // 4 */
    IrValue *am1 = lw_isub(L, sp, len, lw_cint(L, sp, 1)), *zero = lw_cint(L, sp, 0), *four = lw_cint(L, sp, 4);
    IrValue *pos = lw_binop(L, AOP_FLOORDIV, sp, lw_imax(L, sp, am1, zero), four);
    IrValue *neg = lw_binop(L, AOP_FLOORDIV, sp, lw_imax(L, sp, lw_isub(L, sp, zero, am1), zero), four);
    IrValue *n = lw_iadd(L, sp, lw_isub(L, sp, pos, neg), lw_cint(L, sp, 1));
    if (!n || !lw_raise_if(L, sp, lw_is_neg(L, sp, n), "ValueError", "negative dimensions are not allowed"))
        return NULL;
    IrValue *w =
        np_draw(L, sp, NPR_RANDINT, DT_UINT32, 1, &n, lw_cint(L, sp, 0), lw_cint(L, sp, 4294967296LL));
    IrValue *u8 = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(DT_UINT8, 1), w);
    u8->def->dtype = DT_UINT8;
    return lw_bytes_of(L, sp, lw_slice_axis(L, sp, u8, 0, NULL, len, NULL));
}

/* random_integers(low, high=None, size=None): randint(low, high + 1, size) (without high:
 * randint(1, low + 1)); int64. */
static IrValue *api_random_integers(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "random_integers", "low,high,size", 1, &a)) return NULL;
    IrValue *lo, *hi;
    if (!int_bounds(L, &a, "random_integers", 1, &lo, &hi)) return NULL;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    bool given;
    if (!size_arg(L, a.p[2], dims, &ndim, &given)) return NULL;
    return randint(L, sp, lo, lw_binop(L, AOP_ADD, sp, hi, lw_const_int(L, sp, 1)), DT_INT64, ndim, dims,
                   false);
}

/* ---------------------------------------------------------------- permutations */

/* CuPy's _permutation(n): n raw 32-bit draws as int32, argsorted (stable) → int64 */
static IrValue *perm_of(Lower *L, Span sp, IrValue *n)
{
    IrValue *keys = draw(L, sp, RAND_BITS, DT_INT32, 1, &n, NULL, NULL);
    return lw_sort(L, sp, keys, 0, false, true, NULL);
}

/* x[perm] along the first axis (a copy) */
static IrValue *take_first(Lower *L, Span sp, IrValue *x, IrValue *perm)
{
    IdxKind kinds[1] = {IDX_INT};
    return lw_index_adv(L, x, sp, sp, 1, kinds, 2, (IrValue *[]){x, perm});
}

/* permutation(a): an int n → a permuted arange(n) (int64); an array → a copy with its first
 * axis permuted. */
static IrValue *api_permutation(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "permutation", "x", 1, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (x->type->kind == TY_INT || x->type->kind == TY_BOOL) return perm_of(L, sp, as_int(L, x, sp, "permutation()"));
    if (!is_array(x) || x->type->ndim == 0) {
        diag_error(a.p[0]->span, "permutation() takes an int or an array of at least one dimension, got %s",
                   ty_str_of(x->type));
        return NULL;
    }
    return take_first(L, sp, x, perm_of(L, sp, lw_dim(L, sp, x, 0)));
}

/* shuffle(a): a[:] = a[permutation(len(a))], in place; returns None. */
static IrValue *api_shuffle(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "shuffle", "x", 1, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (!is_array(x)) {
        diag_error(a.p[0]->span, "shuffle() takes a cupy.ndarray (The array must be cupy.ndarray)");
        return NULL;
    }
    if (x->type->ndim == 0) {
        diag_error(a.p[0]->span, "shuffle(): an array whose ndim is 0 is not supported");
        return NULL;
    }
    IrValue *y = take_first(L, sp, x, perm_of(L, sp, lw_dim(L, sp, x, 0)));
    if (!y) return NULL;
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){x, y});
    in->dtype = x->type->dtype;
    return lw_pseudo(L, ty_none());
}

/* choice's checks of p for a population of n: 'a and p must have same size', 'probabilities
 * are not non-negative', then numpy.allclose(p.sum(), 1) ('probabilities do not sum to 1'). */
static bool p_checks(Lower *L, Span sp, IrValue *pv, IrValue *n)
{
    IrValue *ne = lw_binop(L, AOP_NE, sp, lw_dim(L, sp, pv, 0), n);
    if (!ne || !lw_raise_if(L, sp, ne, "ValueError", "a and p must have same size") ||
        !check_neg(L, sp, pv, "probabilities are not non-negative"))
        return false;
    /* |s - 1| <= 1e-8 + 1e-5 */
    IrValue *s = lw_to_scalar(L, lw_reduce(L, sp, RED_SUM, pv, NULL, NULL, NULL), TY_FLOAT, sp);
    IrValue *dev = lw_ew1(L, IR_ABS, sp, bin(L, AOP_SUB, sp, s, cfloat(L, sp, 1.0)));
    IrValue *far = bin(L, AOP_GT, sp, dev, cfloat(L, sp, 1e-8 + 1e-5));
    return far && lw_raise_if(L, sp, far, "ValueError", "probabilities do not sum to 1");
}

/* choice's indices with p over dims (int64): cdf = p.cumsum(); cdf /= cdf[-1];
 * cdf.searchsorted(random_sample(size), side='right'), as CuPy 14. */
static IrValue *p_index(Lower *L, Span sp, IrValue *pv, int ndim, IrValue **dims)
{
    IrValue *cdf = lw_emit1(L, IR_SCAN, sp, pv->type, pv);
    cdf->def->redop = RED_SUM;
    cdf->def->dtype = pv->type->dtype;
    cdf->def->ival = 0;
    IrValue *len = lw_dim(L, sp, cdf, 0);
    IrValue *last =
        lw_slice_axis(L, sp, cdf, 0, lw_binop(L, AOP_SUB, sp, len, lw_const_int(L, sp, 1)), len, NULL);
    cdf = lw_cast_to(L, bin(L, AOP_DIV, sp, cdf, last), pv->type->dtype, sp);
    IrValue *u = draw(L, sp, RAND_UNIFORM, DT_FLOAT64, ndim, dims, NULL, NULL);
    if (!cdf) return NULL;
    DType ct = dt_promote(cdf->type->dtype, DT_FLOAT64);
    IrValue *index = lw_emit2(L, IR_SEARCHSORTED, sp, ty_array(DT_INT64, ndim), lw_cast_to(L, cdf, ct, sp),
                              lw_cast_to(L, u, ct, sp));
    index->def->ival = 1;
    index->def->dtype = DT_INT64;
    return index;
}

/* choice(a, size, replace=True, p=None), CuPy's RandomState.choice: a an int or a 1-d array;
 * size is required (CuPy: NotImplementedError without it).  Uniform with replacement:
 * randint(0, len, size) as int64; without replacement: the first prod(size) of a shuffled
 * arange(a) (or copy of a), where CuPy 14 draws an int a's sample through a Feistel bijection
 * keyed by NumPy's PCG64 (not reproduced: the values are a valid sample, not CuPy's); with
 * p: CuPy 14's p.cumsum() / its last element searched (side='right') for random_sample(size). */
static IrValue *api_choice(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "choice", "a,size,replace,p", 1, &a)) return NULL;
    IrValue *av = lw_expr(L, a.p[0]);
    if (!av) return NULL;
    bool is_int = av->type->kind == TY_INT || av->type->kind == TY_BOOL;
    if (!is_int && (!is_array(av) || av->type->ndim != 1)) {
        diag_error(a.p[0]->span, "a must be 1-dimensional or an integer");
        return NULL;
    }
    IrValue *dims[IR_MAXDIM];
    int ndim;
    bool given, replace;
    if (!size_arg(L, a.p[1], dims, &ndim, &given) || !lw_bool_arg(L, a.p[2], true, &replace)) return NULL;
    if (!given) {
        diag_error(sp, "choice() without specifying size is not supported yet (as in CuPy)");
        return NULL;
    }
    IrValue *pv = NULL;
    if (a.p[3] && a.p[3]->kind != AST_NONE && !(pv = lw_arraylike(L, a.p[3], "choice"))) return NULL;
    IrValue *n = is_int ? as_int(L, av, sp, "choice() a") : lw_dim(L, sp, av, 0);
    if (is_int && !check_neg(L, sp, n, "a must be greater than or equal to 0")) return NULL;
    IrValue *total = lw_const_int(L, sp, 1);
    for (int i = 0; i < ndim; i++) total = lw_binop(L, AOP_MUL, sp, total, dims[i]);
    if (pv) {
        if (pv->type->ndim != 1) {
            diag_error(a.p[3]->span, "p must be 1-dimensional");
            return NULL;
        }
        if (!replace) {
            diag_error(sp, "choice() with p and replace=False is not supported (CuPy: NotImplementedError)");
            return NULL;
        }
        if (!p_checks(L, sp, pv, n)) return NULL;
    }
    IrValue *empty = lw_binop(L, AOP_EQ, sp, n, lw_const_int(L, sp, 0));
    IrValue *some = lw_binop(L, AOP_GT, sp, total, lw_const_int(L, sp, 0));
    IrValue *both = empty && some ? lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){empty, some}) : NULL;
    if (!both || !lw_raise_if(L, sp, both, "ValueError", "a cannot be empty unless no samples are taken")) return NULL;
    IrValue *index;
    if (!replace) {
        IrValue *big = lw_binop(L, AOP_LT, sp, n, total);
        if (!big || !lw_raise_if(L, sp, big, "ValueError", "Cannot take a larger sample than population when 'replace=False'"))
            return NULL;
        IrValue *pool = is_int ? lw_iota(L, sp, n) : lw_emit1(L, IR_COPY, sp, av->type, av);
        pool = take_first(L, sp, pool, perm_of(L, sp, n));
        pool = lw_slice_axis(L, sp, pool, 0, lw_const_int(L, sp, 0), total, NULL);
        return pool ? lw_emit_reshape(L, sp, pool, ndim, dims) : NULL;
    }
    if (pv) {
        index = p_index(L, sp, pv, ndim, dims);
    } else {
        /* a_size == 0 only with size 0 here: CuPy draws from randint(0, 1) then */
        IrValue *z = lw_binop(L, AOP_EQ, sp, n, lw_const_int(L, sp, 0));
        IrValue *hi = lw_binop(L, AOP_ADD, sp, n, lw_to_scalar(L, z, TY_INT, sp));
        index = randint(L, sp, lw_const_int(L, sp, 0), hi, DT_INT64, ndim, dims, false);
    }
    if (!index) return NULL;
    if (is_int) return index;
    return take_first(L, sp, av, index);
}

/* multinomial(n, pvals, size=None): xs = choice(len(pvals), p=pvals, size=n * m) (m: the
 * size's product), then each draw counted, ys[i // n, xs[i]] += 1 (CuPy's atomicAdd kernel),
 * in int64 of shape size + (len(pvals),). */
static IrValue *api_multinomial(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "multinomial", "n,pvals,size", 2, &a)) return NULL;
    IrValue *n = as_int(L, lw_expr(L, a.p[0]), a.p[0]->span, "multinomial() n");
    IrValue *pv = n ? lw_arraylike(L, a.p[1], "multinomial") : NULL, *dims[IR_MAXDIM + 1];
    int ndim;
    bool given;
    if (!pv || !size_arg(L, a.p[2], dims, &ndim, &given)) return NULL;
    if (pv->type->ndim != 1) {
        diag_error(a.p[1]->span, "p must be 1-dimensional");
        return NULL;
    }
    if (ndim == IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    IrValue *p = lw_dim(L, sp, pv, 0), *m = lw_const_int(L, sp, 1);
    for (int i = 0; i < ndim; i++) m = lw_binop(L, AOP_MUL, sp, m, dims[i]);
    IrValue *total = lw_binop(L, AOP_MUL, sp, n, m);
    if (!check_neg(L, sp, n, "negative dimensions are not allowed") || !p_checks(L, sp, pv, p)) return NULL;
    IrValue *xs = p_index(L, sp, pv, 1, &total);
    IrValue *row = lw_binop(L, AOP_FLOORDIV, sp, lw_iota(L, sp, total), lw_imax(L, sp, n, lw_cint(L, sp, 1)));
    IrValue *flat = bin(L, AOP_ADD, sp, bin(L, AOP_MUL, sp, row, p), xs);
    IrValue *mp = lw_binop(L, AOP_MUL, sp, m, p);
    IrValue *ys = lw_emit_full(L, sp, DT_INT64, 1, &mp, lw_const_int(L, sp, 0));
    if (!flat || !ys) return NULL;
    IdxKind kinds[1] = { IDX_INT };
    IrValue *view = lw_index_adv(L, ys, sp, sp, 1, kinds, 2, (IrValue *[]){ ys, flat });
    if (!view || !lw_adv_scatter(L, view, lw_const_int(L, sp, 1), 1, sp)) return NULL;
    dims[ndim++] = p;
    return lw_emit_reshape(L, sp, ys, ndim, dims);
}

/* multivariate_normal(mean, cov, size=None, check_valid='ignore', tol=1e-08,
 * method='cholesky', dtype=float64): mean and cov in dtype (ValueError 'mean must be 1
 * dimensional', 'cov must be 2 dimensional and square', 'mean and cov must have same length'),
 * decomp = cholesky(cov), x = standard_normal(size + (n,)) as rows of n, then
 * dot(decomp, x.T).T + mean, shaped size + (n,).  gpyc: method 'cholesky' and check_valid
 * 'ignore' only (a matrix that is not positive definite raises LinAlgError). */
static IrValue *api_multivariate_normal(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "multivariate_normal", "mean,cov,size,check_valid,tol,method,dtype", 2, &a))
        return NULL;
    const char *cv = "ignore", *method = "cholesky";
    if (!lw_str_arg(L, a.p[3], "ignore", &cv) || !lw_str_arg(L, a.p[5], "cholesky", &method)) return NULL;
    if (strcmp(cv, "ignore") || strcmp(method, "cholesky")) {
        diag_error(sp, "multivariate_normal() supports method='cholesky' and check_valid='ignore' in gpyc");
        return NULL;
    }
    DrawArgs d;
    if (!draw_args(L, a.p[2], a.p[6], sp, &d)) return NULL;
    IrValue *mean = lw_arraylike(L, a.p[0], "multivariate_normal"),
            *cov = mean ? lw_arraylike(L, a.p[1], "multivariate_normal") : NULL;
    if (!cov) return NULL;
    if (mean->type->ndim != 1) {
        diag_error(a.p[0]->span, "mean must be 1 dimensional");
        return NULL;
    }
    if (cov->type->ndim != 2) {
        diag_error(a.p[1]->span, "cov must be 2 dimensional and square");
        return NULL;
    }
    mean = lw_cast_to(L, mean, d.dt, sp);
    cov = lw_cast_to(L, cov, d.dt, sp);
    IrValue *n = lw_dim(L, sp, mean, 0);
    IrValue *sq = lw_binop(L, AOP_NE, sp, lw_dim(L, sp, cov, 0), lw_dim(L, sp, cov, 1));
    IrValue *len = lw_binop(L, AOP_NE, sp, n, lw_dim(L, sp, cov, 0));
    if (!sq || !len || !lw_raise_if(L, sp, sq, "ValueError", "cov must be 2 dimensional and square") ||
        !lw_raise_if(L, sp, len, "ValueError", "mean and cov must have same length"))
        return NULL;
    if (d.ndim == IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    IrValue *decomp = lw_emit(L, IR_LINALG, sp, cov->type, 1, &cov);
    decomp->def->ival = LA_CHOLESKY;
    decomp->def->dtype = d.dt;
    IrValue *rows = lw_const_int(L, sp, 1);
    for (int i = 0; i < d.ndim; i++) rows = lw_binop(L, AOP_MUL, sp, rows, d.dims[i]);
    d.dims[d.ndim++] = n;
    IrValue *x = normal(L, sp, cfloat(L, sp, 0.0), cfloat(L, sp, 1.0), d.dt, d.ndim, d.dims, false);
    x = lw_emit_reshape(L, sp, x, 2, (IrValue *[]){ rows, n });
    x = x ? lw_matmul(L, sp, decomp, lw_emit_transpose(L, sp, x, NULL)) : NULL;
    x = x ? lw_cast_to(L, bin(L, AOP_ADD, sp, lw_emit_transpose(L, sp, x, NULL), mean), d.dt, sp) : NULL;
    return x ? lw_emit_reshape(L, sp, x, d.ndim, d.dims) : NULL;
}

/* ---------------------------------------------------------------- seed */

/* seed(seed): cupy.random's generator's seed as uint64, offset 0 (op IR_RANDOM_SEED), or
 * numpy.random's (IR_NP_SEED: NumPy's int seeding, [0, 2**32) checked at run time). */
static IrValue *api_seed(Lower *L, AstNode *call, IrOp op)
{
    Args a;
    if (!lw_bind(call, "seed", "seed", 1, &a)) return NULL;
    IrValue *s = lw_int_arg(L, a.p[0]);
    if (!s) return NULL;
    ir_emit(L->m, L->blk, op, call->span, NULL, 1, &s);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- numpy.random
 * NumPy's legacy global generator (np.random.*): every draw is one IR_NP_DRAW, computed on the
 * host by runtime/nprand.c with NumPy's algorithms, so the numbers are NumPy's bit for bit.
 * Parameters are Python numbers, or for normal and uniform arrays too (NumPy's broadcasting
 * form, computed on the host as NumPy does: loc + scale * gauss is not fused into an FMA);
 * size=None gives a Python scalar, as NumPy, or with array parameters their broadcast shape. */

typedef enum NpFloat { NPF_SAMPLE, NPF_RAND, NPF_RANDN, NPF_STD_NORMAL, NPF_NORMAL, NPF_UNIFORM } NpFloat;

/* A parameter of normal/uniform (absent: dflt): a Python number, or an array (or a list
 * literal) that NumPy reads as float64. */
static IrValue *np_param(Lower *L, AstNode *e, double dflt, Span sp, const char *fn, const char *pname)
{
    if (!e) return cfloat(L, sp, dflt);
    IrValue *v = lw_is_seq_lit(e) ? lw_arraylike(L, e, fn) : lw_expr(L, e);
    if (!v) return NULL;
    TypeKind k = v->type->kind;
    if (k == TY_INT || k == TY_FLOAT || k == TY_BOOL) return v; /* the C call converts it to double */
    if (k == TY_ARRAY && !dt_is_complex(v->type->dtype)) return v;
    diag_error(e->span, "numpy.random.%s() %s must be a real number or array, got %s", fn, pname,
               ty_str_of(v->type));
    return NULL;
}

/* A draw with an array parameter (NumPy's broadcasting form, rt_np_draw_arr; arr_kind an
 * NPR_*_ARR kind): both parameters as float64 arrays; without a size the draw has their
 * broadcast's ndim. */
static IrValue *np_draw_arr(Lower *L, Span sp, NpRandKind arr_kind, IrValue **dims, int ndim, bool given,
                            IrValue *p0, IrValue *p1)
{
    IrValue *args[IR_MAXDIM + 2], *p[2] = { p0, p1 };
    int n = 0;
    for (int i = 0; i < 2; i++) {
        if (!is_array(p[i])) p[i] = lw_scalar_array(L, sp, p[i]);
        p[i] = lw_cast_to(L, p[i], DT_FLOAT64, sp);
    }
    if (!given)
        ndim = p[0]->type->ndim > p[1]->type->ndim ? p[0]->type->ndim : p[1]->type->ndim;
    else
        for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    args[n++] = p[0];
    args[n++] = p[1];
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, ty_array(DT_FLOAT64, ndim), n, args);
    r->def->ival = arr_kind;
    r->def->dtype = DT_FLOAT64;
    r->def->ndim = ndim;
    return given || ndim ? r : lw_to_scalar(L, r, TY_FLOAT, sp);
}

/* rand(*dims) and randn(*dims): positional ints only. */
static bool np_dims(Lower *L, AstNode *call, const char *fn, IrValue **dims, int *ndim)
{
    if (call->params.n) {
        diag_error(((AstNode *)call->params.v[0])->span, "%s() takes no keyword arguments", fn);
        return false;
    }
    if (call->elts.n > IR_MAXDIM) {
        diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return false;
    }
    *ndim = 0;
    for (int i = 0; i < call->elts.n; i++)
        if (!(dims[(*ndim)++] = lw_int_arg(L, call->elts.v[i]))) return false;
    return true;
}

/* random_sample/random(size=None), rand(*dims), randn(*dims),
 * standard_normal(size=None), normal(loc=0.0, scale=1.0, size=None) (ValueError "scale < 0"),
 * uniform(low=0.0, high=1.0, size=None): float64 draws, low + (high - low) * random_sample()
 * or loc + scale * gauss(). */
static IrValue *np_float(Lower *L, AstNode *call, const char *fn, NpFloat which)
{
    Span sp = call->span;
    IrValue *dims[IR_MAXDIM], *p0 = cfloat(L, sp, 0.0), *p1 = cfloat(L, sp, 1.0);
    int ndim = 0;
    bool given = true;
    Args a;
    AstNode *size;
    if (which == NPF_RAND || which == NPF_RANDN) {
        if (!np_dims(L, call, fn, dims, &ndim)) return NULL;
    } else {
        bool two = which == NPF_NORMAL || which == NPF_UNIFORM;
        const char *sig = which == NPF_NORMAL    ? "loc,scale,size"
                          : which == NPF_UNIFORM ? "low,high,size"
                                                 : "size";
        if (!lw_bind(call, fn, sig, 0, &a)) return NULL;
        size = a.p[two ? 2 : 0];
        if (two) {
            p0 = np_param(L, a.p[0], 0.0, sp, fn, which == NPF_NORMAL ? "loc" : "low");
            p1 = np_param(L, a.p[1], 1.0, sp, fn, which == NPF_NORMAL ? "scale" : "high");
            if (!p0 || !p1) return NULL;
            if (!is_array(p0) && !is_array(p1) && which == NPF_NORMAL && !check_neg(L, sp, p1, "scale < 0"))
                return NULL;
        }
        if (!size_arg(L, size, dims, &ndim, &given)) return NULL;
    }
    bool gauss = which == NPF_RANDN || which == NPF_STD_NORMAL || which == NPF_NORMAL;
    if (is_array(p0) || is_array(p1))
        return np_draw_arr(L, sp, gauss ? NPR_GAUSS_ARR : NPR_UNIFORM_ARR, dims, ndim, given, p0, p1);
    IrValue *r = np_draw(L, sp, gauss ? NPR_GAUSS : NPR_UNIFORM, DT_FLOAT64, ndim, dims, p0, p1);
    return given ? r : lw_to_scalar(L, r, TY_FLOAT, sp);
}

/* IR_NP_DRAW NPR_PERM (the legacy generator) or NPR_G_PERM (a Generator): the shuffle's
 * permutation of arange(n) (int64; draws only when draw is true: NumPy's shuffle of an empty
 * n-d array draws nothing). */
static IrValue *np_perm(Lower *L, Span sp, NpRandKind kind, IrValue *n, IrValue *draw)
{
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, ty_array(DT_INT64, 1), 2, (IrValue *[]){n, draw});
    r->def->ival = kind;
    r->def->dtype = DT_INT64;
    r->def->ndim = 1;
    return r;
}

/* permutation(x) (numpy.random's; a Generator's when gen: permutation(x, axis=0)): an int n →
 * permuted arange(n) (int64), an array → a copy with axis permuted, by the shuffle's swaps. */
static IrValue *np_permutation(Lower *L, AstNode *call, bool gen)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "permutation", gen ? "x,axis" : "x", 1, &a)) return NULL;
    NpRandKind kind = gen ? NPR_G_PERM : NPR_PERM;
    IrValue *x = lw_is_seq_lit(a.p[0]) ? lw_arraylike(L, a.p[0], "permutation") : lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (x->type->kind == TY_INT || x->type->kind == TY_BOOL) {
        IrValue *n = as_int(L, x, sp, "permutation()");
        return np_perm(L, sp, kind, lw_imax(L, sp, n, lw_cint(L, sp, 0)), lw_const_bool(L, sp, true));
    }
    if (!is_array(x) || x->type->ndim == 0) {
        diag_error(a.p[0]->span, "x must be an integer or at least 1-dimensional");
        return NULL;
    }
    int ax = 0;
    if (gen && !lw_axis1(L, a.p[1], x->type->ndim, 0, &ax)) return NULL;
    return lw_gather_axis(L, sp, x, ax,
                          np_perm(L, sp, kind, lw_dim(L, sp, x, ax), lw_const_bool(L, sp, true)));
}

/* shuffle(x) (a Generator's: shuffle(x, axis=0)): x permuted along axis in place, by the
 * shuffle's swaps; returns None. */
static IrValue *np_shuffle(Lower *L, AstNode *call, bool gen)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "shuffle", gen ? "x,axis" : "x", 1, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (!is_array(x) || x->type->ndim == 0) {
        diag_error(a.p[0]->span, "shuffle() takes an array of at least one dimension in gpyc, got %s",
                   ty_str_of(x->type));
        return NULL;
    }
    int ax = 0;
    if (gen && !lw_axis1(L, a.p[1], x->type->ndim, 0, &ax)) return NULL;
    IrValue *size = lw_emit1(L, IR_SIZE, sp, ty_int(), x);
    IrValue *some = lw_binop(L, AOP_GT, sp, size, lw_const_int(L, sp, 0));
    IrValue *perm = np_perm(L, sp, gen ? NPR_G_PERM : NPR_PERM, lw_dim(L, sp, x, ax), some);
    IrValue *y = lw_gather_axis(L, sp, x, ax, perm);
    if (!y) return NULL;
    lw_store_into(L, sp, x, y);
    return lw_pseudo(L, ty_none());
}

/* choice(a, size=None, replace=True, p=None) of numpy.random (the legacy algorithms,
 * rt_np_choice: randint, p's cdf searched with random_sample, the first prod(size) of a
 * permutation, or rounds of rand with p), or of a Generator (gen: also axis=0, shuffle=True;
 * rt_npg_choice: integers, p's cdf, Floyd's algorithm or a tail shuffle, rounds with p), then
 * a taken along axis for an array a (the legacy one: 1-d only); without a size, one Python
 * scalar (a Generator's of an n-d a: the taken sub-array). */
static IrValue *np_choice(Lower *L, AstNode *call, bool gen)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "choice", gen ? "a,size,replace,p,axis,shuffle" : "a,size,replace,p", 1, &a))
        return NULL;
    IrValue *av = lw_is_seq_lit(a.p[0]) ? lw_arraylike(L, a.p[0], "choice") : lw_expr(L, a.p[0]);
    if (!av) return NULL;
    bool is_int = av->type->kind == TY_INT || av->type->kind == TY_BOOL;
    if (gen && !is_int && (!is_array(av) || av->type->ndim == 0)) {
        TypeKind k = av->type->kind;
        diag_error(a.p[0]->span, "a must be a sequence or an integer, not <class '%s'>",
                   k == TY_FLOAT     ? "float"
                   : k == TY_COMPLEX ? "complex"
                   : k == TY_STR     ? "str"
                   : k == TY_ARRAY   ? "numpy.ndarray"
                                     : ty_str_of(av->type));
        return NULL;
    }
    if (!gen && !is_int && (!is_array(av) || av->type->ndim != 1)) {
        diag_error(a.p[0]->span, is_array(av) && av->type->ndim > 1 ? "a must be 1-dimensional"
                                                                     : "a must be 1-dimensional or an integer");
        return NULL;
    }
    IrValue *dims[IR_MAXDIM], *args[IR_MAXDIM + 5];
    int ndim, n = 0, ax = 0;
    bool given, replace, shuffle = true;
    if (!size_arg(L, a.p[1], dims, &ndim, &given) || !lw_bool_arg(L, a.p[2], true, &replace)) return NULL;
    if (gen && (!lw_bool_arg(L, a.p[5], true, &shuffle) ||
                (!is_int && !lw_axis1(L, a.p[4], av->type->ndim, 0, &ax))))
        return NULL;
    IrValue *pv = lw_const_none(L, sp);
    if (a.p[3] && a.p[3]->kind != AST_NONE && !(pv = lw_arraylike(L, a.p[3], "choice"))) return NULL;
    if (is_array(pv) && dt_is_complex(pv->type->dtype)) {
        diag_error(a.p[3]->span, "choice() p must be real, got %s", ty_str_of(pv->type));
        return NULL;
    }
    for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    args[n++] = is_int ? as_int(L, av, sp, "choice() a") : lw_dim(L, sp, av, ax);
    args[n++] = lw_const_bool(L, sp, is_int);
    args[n++] = lw_const_bool(L, sp, replace);
    args[n++] = pv;
    if (gen) args[n++] = lw_const_bool(L, sp, shuffle);
    if (!args[ndim]) return NULL;
    IrValue *idx = lw_emit(L, IR_NP_DRAW, sp, ty_array(DT_INT64, ndim), n, args);
    idx->def->ival = gen ? NPR_G_CHOICE : NPR_CHOICE;
    idx->def->dtype = DT_INT64;
    idx->def->ndim = ndim;
    IrValue *r = is_int ? idx : lw_gather_axis(L, sp, av, ax, idx);
    if (!r || given || (is_array(r) && r->type->ndim)) return r;
    return lw_to_scalar(L, r, is_int ? TY_INT : lw_py_kind_of(av->type->dtype), sp);
}

/* ---------------------------------------------------------------- numpy.random.Generator
 * NumPy's Generator (np.random.default_rng(seed), np.random.Generator(np.random.PCG64(seed))):
 * an object whose handle names a Generator of runtime/npgen.c; each method is lowered between
 * two DEV_NPG_USE calls that select the object's Generator and then restore the previous
 * selection, and each draw is one IR_NP_DRAW of an NPR_G_* kind computed on the host with
 * NumPy's algorithms (PCG64, the ziggurats, Lemire's integers), so the numbers are NumPy's bit
 * for bit.  Parameters and size=None as numpy.random's legacy functions above. */

static const char *const NPGEN = "numpy.random.Generator", *const PCG64 = "numpy.random.PCG64";

/* a Generator method's row (ApiFn.arg): the float draws of gen_float, then the others */
typedef enum GenFloat {
    GF_RANDOM,
    GF_STD_NORMAL,
    GF_NORMAL,
    GF_UNIFORM,
    GF_EXPONENTIAL,
    GF_STD_EXP,
    GM_INTEGERS,
    GM_PERMUTATION,
    GM_SHUFFLE,
    GM_CHOICE,
    GM_PERMUTED
} GenFloat;

/* random(size=None, dtype=float64), standard_normal(size=None, dtype=float64), normal(loc=0.0,
 * scale=1.0, size=None), uniform(low=0.0, high=1.0, size=None), exponential(scale=1.0,
 * size=None), standard_exponential(size=None, dtype=float64): float64 draws (random: float32
 * too); the run-time checks are NumPy's ("scale < 0", "high - low < 0", OverflowError). */
static IrValue *gen_float(Lower *L, AstNode *call, const char *fn, GenFloat which)
{
    static const char *const sigs[] = { "size,dtype",    "size,dtype", "loc,scale,size",
                                        "low,high,size", "scale,size", "size,dtype" };
    static const NpRandKind kinds[] = { NPR_G_RANDOM,  NPR_G_NORMAL, NPR_G_NORMAL,
                                        NPR_G_UNIFORM, NPR_G_EXP,    NPR_G_EXP };
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, fn, sigs[which], 0, &a)) return NULL;
    int np = which == GF_NORMAL || which == GF_UNIFORM ? 2 : which == GF_EXPONENTIAL ? 1 : 0;
    IrValue *p0 = cfloat(L, sp, which == GF_EXPONENTIAL || which == GF_STD_EXP ? 1.0 : 0.0),
            *p1 = cfloat(L, sp, 1.0);
    if (np >= 1)
        p0 = np_param(L, a.p[0], which == GF_EXPONENTIAL ? 1.0 : 0.0, sp, fn,
                      which == GF_NORMAL    ? "loc"
                      : which == GF_UNIFORM ? "low"
                                            : "scale");
    if (np == 2) p1 = np_param(L, a.p[1], 1.0, sp, fn, which == GF_NORMAL ? "scale" : "high");
    if (!p0 || !p1) return NULL;
    DType dt = DT_FLOAT64;
    bool dgiven;
    if (!np && !lw_dtype_arg(L, a.p[1], &dt, &dgiven)) return NULL;
    if (dt != DT_FLOAT64 && !(which == GF_RANDOM && dt == DT_FLOAT32)) {
        diag_error(a.p[1]->span, "%s() of a numpy.random.Generator supports %s in gpyc, not %s", fn,
                   which == GF_RANDOM ? "float64 and float32" : "float64", dt_name(dt));
        return NULL;
    }
    IrValue *dims[IR_MAXDIM];
    int ndim;
    bool given;
    if (!size_arg(L, a.p[np], dims, &ndim, &given)) return NULL;
    if (is_array(p0) || is_array(p1)) {
        NpRandKind ak = which == GF_NORMAL    ? NPR_G_NORMAL_ARR
                        : which == GF_UNIFORM ? NPR_G_UNIFORM_ARR
                                              : NPR_G_EXP_ARR;
        return np_draw_arr(L, sp, ak, dims, ndim, given, p0, np == 1 ? p0 : p1);
    }
    IrValue *r = np_draw(L, sp, kinds[which], dt, ndim, dims, p0, p1);
    return given ? r : lw_to_scalar(L, r, TY_FLOAT, sp);
}

/* integers(low, high=None, size=None, dtype=int64, endpoint=False): integers in [low, high)
 * ([low, high] with endpoint; [0, low) without high), the checks at run time: a NumPy
 * Generator's (kind NPR_G_INTEGERS: Lemire's method; size=None gives a Python int) or a CuPy
 * Generator's (NPR_C_INTEGERS: masked rejection; size=None gives a 0-d array). */
static IrValue *gen_integers(Lower *L, AstNode *call, NpRandKind kind)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "integers", "low,high,size,dtype,endpoint", 1, &a)) return NULL;
    IrValue *lo, *hi, *dims[IR_MAXDIM + 3];
    int ndim;
    bool given, dgiven, endpoint;
    DType dt = DT_INT64;
    if (!int_bounds(L, &a, "integers", 0, &lo, &hi) || !size_arg(L, a.p[2], dims, &ndim, &given) ||
        !lw_dtype_arg(L, a.p[3], &dt, &dgiven) || !lw_bool_arg(L, a.p[4], false, &endpoint))
        return NULL;
    if (!dt_is_int(dt)) {
        diag_error(a.p[3]->span, "integers() supports integer dtypes in gpyc, not %s", dt_name(dt));
        return NULL;
    }
    dims[ndim] = lo;
    dims[ndim + 1] = hi;
    dims[ndim + 2] = lw_const_bool(L, sp, endpoint);
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, ty_array(dt, ndim), ndim + 3, dims);
    r->def->ival = kind;
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return given || kind == NPR_C_INTEGERS ? r : lw_to_scalar(L, r, TY_INT, sp);
}

/* permuted(x, axis=None): a copy of x with each lane along axis shuffled (axis None: all the
 * elements as one lane, in C order); out= is not supported. */
static IrValue *gen_permuted(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "permuted", "x,axis,out", 1, &a) || !lw_no_arg(a.p[2], "out")) return NULL;
    IrValue *x = lw_is_seq_lit(a.p[0]) ? lw_arraylike(L, a.p[0], "permuted") : lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (!is_array(x)) {
        diag_error(a.p[0]->span, "permuted() takes an array in gpyc, got %s", ty_str_of(x->type));
        return NULL;
    }
    int ax = -1;
    if (a.p[1] && a.p[1]->kind != AST_NONE && !lw_axis1(L, a.p[1], x->type->ndim, 0, &ax)) return NULL;
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, x->type, 2, (IrValue *[]){ x, lw_const_int(L, sp, ax) });
    r->def->ival = NPR_G_PERMUTED;
    r->def->dtype = x->type->dtype;
    r->def->ndim = x->type->ndim;
    return r;
}

/* IR_DEVICE DEV_NPG_USE: selects Generator h for the draws that follow; the previous one. */
static IrValue *gen_use(Lower *L, Span sp, IrValue *h)
{
    IrValue *r = lw_emit(L, IR_DEVICE, sp, ty_obj(NPGEN), 1, &h);
    r->def->ival = DEV_NPG_USE;
    return r;
}

/* gen.NAME(...): the method lowered between the DEV_NPG_USE calls of gen's Generator. */
static IrValue *gen_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    IrValue *prev = gen_use(L, call->span, self), *r;
    switch (f->arg) {
    case GM_INTEGERS: r = gen_integers(L, call, NPR_G_INTEGERS); break;
    case GM_PERMUTATION: r = np_permutation(L, call, true); break;
    case GM_SHUFFLE: r = np_shuffle(L, call, true); break;
    case GM_CHOICE: r = np_choice(L, call, true); break;
    case GM_PERMUTED: r = gen_permuted(L, call); break;
    default: r = gen_float(L, call, f->name, (GenFloat)f->arg);
    }
    gen_use(L, call->span, prev);
    return r;
}

/* default_rng(seed=None) and PCG64(seed=None): a new Generator of an int seed through
 * SeedSequence (ValueError "expected non-negative integer" at run time; None: the clock);
 * Generator(bit_generator) of a PCG64: that Generator. */
static IrValue *gen_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    bool wrap = !strcmp(f->name, "Generator");
    if (!lw_bind(call, f->name, wrap ? "bit_generator" : "seed", wrap, &a)) return NULL;
    if (wrap) {
        IrValue *b = lw_expr(L, a.p[0]);
        if (!b) return NULL;
        if (b->type->kind != TY_OBJ || strcmp(b->type->name, PCG64)) {
            diag_error(a.p[0]->span, "Generator() takes a numpy.random.PCG64 in gpyc, not %s",
                       ty_str_of(b->type));
            return NULL;
        }
        /* selecting b returns the selection before it; selecting that again returns b, now
         * typed as a Generator */
        return gen_use(L, sp, gen_use(L, sp, b));
    }
    bool seeded = a.p[0] && a.p[0]->kind != AST_NONE;
    IrValue *seed = lw_int_arg_or(L, seeded ? a.p[0] : NULL, sp, 0);
    if (!seed) return NULL;
    IrValue *args[2] = { seed, lw_const_bool(L, sp, seeded) };
    IrValue *r = lw_emit(L, IR_DEVICE, sp, ty_obj(f->arg ? PCG64 : NPGEN), 2, args);
    r->def->ival = DEV_NPG_NEW;
    return r;
}

/* ---------------------------------------------------------------- cupy.random.Generator
 * CuPy's Generator API (cupy.random.default_rng(seed), Generator(XORWOW(seed)), MRG32k3a,
 * Philox4x3210): objects whose handle names a Generator of runtime/cpgen.cu; each method is
 * lowered between two DEV_CPG_USE calls, each kernel CuPy launches is one IR_NP_DRAW of an
 * NPR_C_* kind (cuRAND device states seeded and laid out as CuPy's), and what CuPy computes
 * around a launch in Python (uniform's low + (high - low) * y, exponential's and gamma's
 * scale, chisquare's df / 2 and * 2, astype) is elementwise IR in CuPy's dtypes.  Parameters
 * the kernels read are float64 arrays broadcast to the draw's shape; size=None gives the
 * parameters' (broadcast) shape, a 0-d array for numbers, as CuPy. */

static const char *const CPGEN = "cupy.random.Generator", *const CPBIT = "cupy.random.BitGenerator";

typedef enum CpMethod {
    CM_RANDOM,
    CM_STD_NORMAL,
    CM_STD_EXP,
    CM_EXPONENTIAL,
    CM_UNIFORM,
    CM_INTEGERS,
    CM_STD_GAMMA,
    CM_GAMMA,
    CM_CHISQUARE,
    CM_BETA,
    CM_POISSON,
    CM_GEOMETRIC,
    CM_F,
    CM_POWER,
    CM_DIRICHLET,
    CM_BINOMIAL,
    CM_HYPERGEOMETRIC,
    CM_LOGSERIES
} CpMethod;

/* One kernel launch of kind k into a new array of dtype dt over dims; p[0..np-1] (np <= 3):
 * the kernel's parameters (cp_kparam). */
static IrValue *cp_draw(Lower *L, Span sp, CpDrawKind k, DType dt, int ndim, IrValue **dims, int np,
                        IrValue **p)
{
    IrValue *args[IR_MAXDIM + 3];
    int n = 0;
    for (int i = 0; i < ndim; i++) args[n++] = dims[i];
    for (int i = 0; i < 3; i++) args[n++] = i < np ? p[i] : lw_const_none(L, sp);
    IrValue *r = lw_emit(L, IR_NP_DRAW, sp, ty_array(dt, ndim), n, args);
    r->def->ival = NPR_C_DRAW + k;
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return r;
}

/* A parameter as CuPy's kernels read it: float64, broadcast to dims, C-contiguous. */
static IrValue *cp_kparam(Lower *L, Span sp, IrValue *p, int ndim, IrValue **dims)
{
    p = as_dt(L, p, DT_FLOAT64, sp);
    return p ? lw_copy_of(L, sp, lw_broadcast_to(L, sp, p, ndim, dims)) : NULL;
}

/* size= (given) or the shape of cupy.broadcast(p0, p1) (p1 may be NULL). */
static bool cp_size(Lower *L, AstNode *size, Span sp, IrValue *p0, IrValue *p1, IrValue **dims, int *ndim)
{
    bool given;
    if (!size_arg(L, size, dims, ndim, &given)) return false;
    if (!given) bcast_dims(L, sp, p1 ? 2 : 1, (IrValue *[]){ p0, p1 }, dims, ndim);
    return true;
}

/* dtype= of random/standard_normal/standard_exponential/standard_gamma/beta/uniform: float64 or
 * float32 (CuPy's others are not compiled). */
static bool cp_float_dtype(Lower *L, AstNode *e, const char *fn, DType *dt)
{
    bool given;
    *dt = DT_FLOAT64;
    if (!lw_dtype_arg(L, e, dt, &given)) return false;
    if (*dt == DT_FLOAT64 || *dt == DT_FLOAT32) return true;
    diag_error(e->span, "%s() of a cupy.random.Generator supports float64 and float32 in gpyc, not %s", fn,
               dt_name(*dt));
    return false;
}

/* standard_gamma(shape, size) as CuPy launches it: float64 over size (or shape's shape). */
static IrValue *cp_std_gamma(Lower *L, Span sp, IrValue *shape, int ndim, IrValue **dims)
{
    IrValue *k = cp_kparam(L, sp, shape, ndim, dims);
    return k ? cp_draw(L, sp, CPD_GAMMA, DT_FLOAT64, ndim, dims, 1, &k) : NULL;
}

/* chisquare(df, size) as CuPy computes it: standard_gamma(broadcast_to(df, size) / 2) * 2. */
static IrValue *cp_chisquare(Lower *L, Span sp, IrValue *df, int ndim, IrValue **dims)
{
    IrValue *half = bin(L, AOP_DIV, sp, as_dt(L, df, DT_FLOAT64, sp), cfloat(L, sp, 2.0));
    return lw_cast_to(L, bin(L, AOP_MUL, sp, cp_std_gamma(L, sp, half, ndim, dims), cfloat(L, sp, 2.0)),
                      DT_FLOAT64, sp);
}

/* f(dfnum, dfden, size=None): (chisquare(dfnum) * dfden) / (chisquare(dfden) * dfnum);
 * power(a, size=None): (1 + -exp(-standard_exponential)) ** (1. / a); dirichlet(alpha,
 * size=None): standard_gamma(alpha, size + alpha.shape) over its sums along the last axis.
 * CuPy's compositions, in its order of draws. */
static IrValue *cp_composed(Lower *L, AstNode *call, const char *fn, CpMethod m)
{
    Span sp = call->span;
    Args a;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    if (!lw_bind(call, fn,
                 m == CM_F       ? "dfnum,dfden,size"
                 : m == CM_POWER ? "a,size"
                                 : "alpha,size",
                 m == CM_F ? 2 : 1, &a))
        return NULL;
    IrValue *p = as_dt(L,
                       param(L, a.p[0], 0.0, sp, fn,
                             m == CM_F       ? "dfnum"
                             : m == CM_POWER ? "a"
                                             : "alpha"),
                       DT_FLOAT64, sp);
    IrValue *q = m == CM_F ? as_dt(L, param(L, a.p[1], 0.0, sp, fn, "dfden"), DT_FLOAT64, sp) : NULL;
    if (!p || (m == CM_F && !q)) return NULL;
    if (m == CM_F) {
        if (!cp_size(L, a.p[2], sp, p, q, dims, &ndim)) return NULL;
        IrValue *num = bin(L, AOP_MUL, sp, cp_chisquare(L, sp, p, ndim, dims), q);
        IrValue *den = bin(L, AOP_MUL, sp, cp_chisquare(L, sp, q, ndim, dims), p);
        return bin(L, AOP_DIV, sp, num, den);
    }
    if (m == CM_POWER) {
        if (!cp_size(L, a.p[1], sp, p, NULL, dims, &ndim)) return NULL;
        IrValue *x = cp_draw(L, sp, CPD_EXPONENTIAL, DT_FLOAT64, ndim, dims, 0, NULL);
        x = lw_ew1(L, IR_EXP, sp, lw_ew1(L, IR_NEG, sp, x));
        x = bin(L, AOP_ADD, sp, lw_const_int(L, sp, 1), lw_ew1(L, IR_NEG, sp, x));
        return bin(L, AOP_POW, sp, x, bin(L, AOP_DIV, sp, cfloat(L, sp, 1.0), p));
    }
    bool given;
    if (!size_arg(L, a.p[1], dims, &ndim, &given)) return NULL;
    if (!given) ndim = 0;
    if (ndim + p->type->ndim > IR_MAXDIM) {
        diag_error(sp, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
        return NULL;
    }
    for (int k = 0; k < p->type->ndim; k++) dims[ndim++] = lw_dim(L, sp, p, k);
    if (!ndim) {
        diag_error(sp, "axis -1 is out of bounds for array of dimension 0");
        return NULL;
    }
    IrValue *y = cp_std_gamma(L, sp, p, ndim, dims);
    return bin(L, AOP_DIV, sp, y,
               lw_reduce_axes(L, sp, RED_SUM, y, 1, (int[]){ ndim - 1 }, true, DT_FLOAT64));
}

/* The float draws and their scaled forms (see CpMethod). */
static IrValue *cp_float(Lower *L, AstNode *call, const char *fn, CpMethod m)
{
    Span sp = call->span;
    Args a;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    DType dt = DT_FLOAT64;
    bool given;
    switch (m) {
    case CM_RANDOM:
    case CM_STD_NORMAL:
    case CM_STD_EXP: {
        if (!lw_bind(call, fn, m == CM_STD_EXP ? "size,dtype,method" : "size,dtype", 0, &a) ||
            !size_arg(L, a.p[0], dims, &ndim, &given) || !cp_float_dtype(L, a.p[1], fn, &dt))
            return NULL;
        const char *method = "inv";
        if (m == CM_STD_EXP && !lw_str_arg(L, a.p[2], "inv", &method)) return NULL;
        if (strcmp(method, "inv")) {
            diag_error(a.p[2]->span, "Ziggurat method is not supported");
            return NULL;
        }
        if (m == CM_STD_EXP)
            return lw_cast_to(L, cp_draw(L, sp, CPD_EXPONENTIAL, DT_FLOAT64, ndim, dims, 0, NULL), dt, sp);
        bool f32 = dt == DT_FLOAT32;
        CpDrawKind k =
            m == CM_RANDOM ? (f32 ? CPD_RANDOM_F32 : CPD_RANDOM) : (f32 ? CPD_NORMAL_F32 : CPD_NORMAL);
        return cp_draw(L, sp, k, dt, ndim, dims, 0, NULL);
    }
    case CM_EXPONENTIAL: {
        if (!lw_bind(call, fn, "scale,size", 0, &a)) return NULL;
        IrValue *scale = param(L, a.p[0], 1.0, sp, fn, "scale");
        if (!scale || !size_arg(L, a.p[1], dims, &ndim, &given)) return NULL;
        return bin(L, AOP_MUL, sp, cp_draw(L, sp, CPD_EXPONENTIAL, DT_FLOAT64, ndim, dims, 0, NULL), scale);
    }
    case CM_UNIFORM: {
        if (!lw_bind(call, fn, "low,high,size,dtype", 0, &a)) return NULL;
        IrValue *lo = asarray(L, param(L, a.p[0], 0.0, sp, fn, "low"), sp);
        IrValue *hi = asarray(L, param(L, a.p[1], 1.0, sp, fn, "high"), sp);
        if (!lo || !hi || !cp_size(L, a.p[2], sp, lo, hi, dims, &ndim) || !cp_float_dtype(L, a.p[3], fn, &dt))
            return NULL;
        IrValue *y = cp_draw(L, sp, dt == DT_FLOAT32 ? CPD_RANDOM_F32 : CPD_RANDOM, dt, ndim, dims, 0, NULL);
        return lw_cast_to(L, bin(L, AOP_ADD, sp, lo, bin(L, AOP_MUL, sp, bin(L, AOP_SUB, sp, hi, lo), y)), dt,
                          sp);
    }
    case CM_STD_GAMMA:
    case CM_POISSON:
    case CM_GEOMETRIC: {
        const char *pn = m == CM_STD_GAMMA ? "shape" : m == CM_POISSON ? "lam" : "p";
        if (!lw_bind(call, fn,
                     m == CM_STD_GAMMA ? "shape,size,dtype"
                     : m == CM_POISSON ? "lam,size"
                                       : "p,size",
                     m == CM_POISSON ? 0 : 1, &a))
            return NULL;
        IrValue *p = param(L, a.p[0], 1.0, sp, fn, pn);
        if (!p || !cp_size(L, a.p[1], sp, p, NULL, dims, &ndim)) return NULL;
        if (m == CM_STD_GAMMA)
            return cp_float_dtype(L, a.p[2], fn, &dt)
                       ? lw_cast_to(L, cp_std_gamma(L, sp, p, ndim, dims), dt, sp)
                       : NULL;
        IrValue *k = cp_kparam(L, sp, p, ndim, dims);
        return k ? cp_draw(L, sp, m == CM_POISSON ? CPD_POISSON : CPD_GEOMETRIC, DT_INT64, ndim, dims, 1, &k)
                 : NULL;
    }
    case CM_GAMMA:
    case CM_CHISQUARE: {
        bool g = m == CM_GAMMA;
        if (!lw_bind(call, fn, g ? "shape,scale,size" : "df,size", 1, &a)) return NULL;
        IrValue *p = param(L, a.p[0], 1.0, sp, fn, g ? "shape" : "df");
        IrValue *scale = g ? param(L, a.p[1], 1.0, sp, fn, "scale") : NULL;
        if (!p || (g && !scale) || !cp_size(L, a.p[g ? 2 : 1], sp, p, scale, dims, &ndim)) return NULL;
        if (!g) return cp_chisquare(L, sp, p, ndim, dims);
        return lw_cast_to(L, bin(L, AOP_MUL, sp, cp_std_gamma(L, sp, p, ndim, dims), scale), DT_FLOAT64, sp);
    }
    case CM_F:
    case CM_POWER:
    case CM_DIRICHLET: return cp_composed(L, call, fn, m);
    default: { /* CM_BETA */
        if (!lw_bind(call, fn, "a,b,size,dtype", 2, &a)) return NULL;
        IrValue *pa = param(L, a.p[0], 0.0, sp, fn, "a"), *pb = param(L, a.p[1], 0.0, sp, fn, "b");
        if (!pa || !pb || !cp_size(L, a.p[2], sp, pa, pb, dims, &ndim) || !cp_float_dtype(L, a.p[3], fn, &dt))
            return NULL;
        IrValue *ka = cp_kparam(L, sp, pa, ndim, dims), *kb = cp_kparam(L, sp, pb, ndim, dims);
        return ka && kb
                   ? lw_cast_to(L,
                                cp_draw(L, sp, CPD_BETA, DT_FLOAT64, ndim, dims, 2, (IrValue *[]){ ka, kb }),
                                dt, sp)
                   : NULL;
    }
    }
}

/* binomial(n, p, size=None), hypergeometric(ngood, nbad, nsample, size=None) (ValueError
 * 'ngood < 0', 'nbad < 0', 'nsample < 0' for Python numbers, as CuPy), logseries(p, size=None):
 * int64 draws of the kernels rkdist.cuh shares with the legacy RandomState. */
static IrValue *cp_discrete(Lower *L, AstNode *call, const char *fn, CpMethod m)
{
    static const char *const names[3][3] = { { "n", "p" }, { "ngood", "nbad", "nsample" }, { "p" } };
    static const char *const sigs[3] = { "n,p,size", "ngood,nbad,nsample,size", "p,size" };
    static const CpDrawKind kinds[3] = { CPD_BINOMIAL, CPD_HYPERGEOMETRIC, CPD_LOGSERIES };
    int w = m - CM_BINOMIAL, np = w == 0 ? 2 : w == 1 ? 3 : 1;
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, fn, sigs[w], np, &a)) return NULL;
    IrValue *p[3], *dims[IR_MAXDIM];
    for (int i = 0; i < np; i++) {
        if (!(p[i] = param(L, a.p[i], 0.0, sp, fn, names[w][i]))) return NULL;
        if (w == 1 && !is_array(p[i]) &&
            !check_cmp(L, sp, p[i], AOP_LT, 0, ar_printf(L->a, "%s < 0", names[w][i])))
            return NULL;
    }
    int ndim;
    bool given;
    if (!size_arg(L, a.p[np], dims, &ndim, &given)) return NULL;
    if (!given) bcast_dims(L, sp, np, p, dims, &ndim);
    for (int i = 0; i < np; i++)
        if (!(p[i] = cp_kparam(L, sp, p[i], ndim, dims))) return NULL;
    return cp_draw(L, sp, kinds[w], DT_INT64, ndim, dims, np, p);
}

/* IR_DEVICE DEV_CPG_USE: selects cupy Generator h; the previous one, typed as a Generator. */
static IrValue *cp_use(Lower *L, Span sp, IrValue *h)
{
    IrValue *r = lw_emit(L, IR_DEVICE, sp, ty_obj(CPGEN), 1, &h);
    r->def->ival = DEV_CPG_USE;
    return r;
}

/* gen.NAME(...) of a cupy.random.Generator: between the DEV_CPG_USE calls of gen's Generator. */
static IrValue *cp_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    IrValue *prev = cp_use(L, call->span, self);
    IrValue *r = f->arg == CM_INTEGERS   ? gen_integers(L, call, NPR_C_INTEGERS)
                 : f->arg >= CM_BINOMIAL ? cp_discrete(L, call, f->name, (CpMethod)f->arg)
                                         : cp_float(L, call, f->name, (CpMethod)f->arg);
    cp_use(L, call->span, prev);
    return r;
}

/* cupy.random.XORWOW / MRG32k3a / Philox4x3210(seed=None) (arg: the RT_CPG_* kind + 1): a
 * BitGenerator; default_rng(seed=None) (arg 0): Generator(XORWOW(seed)), of a BitGenerator its
 * Generator, of a Generator itself; Generator(bit_generator): the BitGenerator's Generator. */
static IrValue *cp_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    bool wrap = !strcmp(f->name, "Generator");
    if (!lw_bind(call, f->name, wrap ? "bit_generator" : "seed", wrap, &a)) return NULL;
    IrValue *v = a.p[0] && a.p[0]->kind != AST_NONE ? lw_expr(L, a.p[0]) : NULL;
    if (a.p[0] && a.p[0]->kind != AST_NONE && !v) return NULL;
    if (v && v->type->kind == TY_OBJ && (!strcmp(v->type->name, CPBIT) || !strcmp(v->type->name, CPGEN))) {
        if (f->arg > 0 || (wrap && strcmp(v->type->name, CPBIT))) {
            diag_error(a.p[0]->span, "%s() takes %s in gpyc, not %s", f->name,
                       wrap ? "a cupy.random.BitGenerator" : "an int seed", ty_str_of(v->type));
            return NULL;
        }
        /* selecting v returns the selection before it; selecting that returns v, a Generator */
        return cp_use(L, sp, cp_use(L, sp, v));
    }
    if (wrap) {
        diag_error(call->span,
                   "Generator() takes a cupy.random.BitGenerator in gpyc (XORWOW, MRG32k3a, Philox4x3210)");
        return NULL;
    }
    IrValue *seed = v ? as_int(L, v, a.p[0]->span, "the seed") : lw_const_int(L, sp, 0);
    if (!seed) return NULL;
    IrValue *args[3] = { lw_const_int(L, sp, f->arg > 0 ? f->arg - 1 : 0), seed,
                         lw_const_bool(L, sp, v != NULL) };
    IrValue *r = lw_emit(L, IR_DEVICE, sp, ty_obj(f->arg > 0 ? CPBIT : CPGEN), 3, args);
    r->def->ival = DEV_CPG_NEW;
    return r;
}

/* cupy.random.BitGenerator: the base class of XORWOW, MRG32k3a and Philox4x3210, a name for
 * isinstance (lower/builtins.c); CuPy's base draws nothing itself, so a call is an error. */
static IrValue *bitgen_base(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L, (void)f, (void)self;
    diag_error(call->span, "cupy.random.BitGenerator is the base class of XORWOW, MRG32k3a and Philox4x3210: "
                           "gpyc makes one of those, and takes BitGenerator in isinstance()");
    return NULL;
}

/* ---------------------------------------------------------------- API table */

LW_API_NAMED(random_sample)
LW_API_PLAIN(api_uniform)
LW_API_NAMED(api_normal)
LW_API_PLAIN(api_standard_normal)
LW_API_PLAIN(api_randn)
LW_API_PLAIN(api_random_integers)
LW_API_PLAIN(api_standard_exponential)
LW_API_PLAIN(api_standard_cauchy)
LW_API_NAMED(api_loc_scale)
LW_API_PLAIN(api_wald)
LW_API_PLAIN(api_triangular)
LW_API_PLAIN(api_permutation)
LW_API_PLAIN(api_shuffle)
LW_API_PLAIN(api_choice)
LW_API_PLAIN(api_gamma)
LW_API_PLAIN(api_dirichlet)
LW_API_PLAIN(api_logistic)
LW_API_PLAIN(api_negative_binomial)
LW_API_PLAIN(api_multinomial)
LW_API_PLAIN(api_multivariate_normal)

static IrValue *seed_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_seed(L, call, (IrOp)f->arg);
}

static IrValue *randint_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_randint(L, call, f->arg);
}

static IrValue *np_float_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return np_float(L, call, f->name, f->arg);
}

/* numpy.random's permutation (arg 0), shuffle (1) and choice (2) */
static IrValue *np_perm_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return f->arg == 0   ? np_permutation(L, call, false)
           : f->arg == 1 ? np_shuffle(L, call, false)
                         : np_choice(L, call, false);
}

LW_API_PLAIN(api_bytes)

static IrValue *one_param_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_one_param(L, call, f->name, f->arg);
}

const ApiFn lw_random_api[] = {
    { "cupy.random", "seed", seed_api, IR_RANDOM_SEED },
    { "cupy.random", "random", random_sample_api, 0 },
    { "cupy.random", "random_sample", random_sample_api, 0 },
    { "cupy.random", "ranf", random_sample_api, 0 },
    { "cupy.random", "sample", random_sample_api, 0 },
    { "cupy.random", "rand", random_sample_api, 0 },
    { "cupy.random", "uniform", api_uniform_api, 0 },
    { "cupy.random", "normal", api_normal_api, 0 },
    { "cupy.random", "lognormal", api_normal_api, 0 },
    { "cupy.random", "standard_normal", api_standard_normal_api, 0 },
    { "cupy.random", "randn", api_randn_api, 0 },
    { "cupy.random", "randint", randint_api, 0 },
    { "cupy.random", "random_integers", api_random_integers_api, 0 },
    { "cupy.random", "bytes", api_bytes_api, 0 },
    { "numpy.random", "bytes", api_bytes_api, 0 },
    { "cupy.random", "standard_exponential", api_standard_exponential_api, 0 },
    { "cupy.random", "exponential", one_param_api, P_EXPONENTIAL },
    { "cupy.random", "rayleigh", one_param_api, P_RAYLEIGH },
    { "cupy.random", "pareto", one_param_api, P_PARETO },
    { "cupy.random", "power", one_param_api, P_POWER },
    { "cupy.random", "weibull", one_param_api, P_WEIBULL },
    { "cupy.random", "standard_cauchy", api_standard_cauchy_api, 0 },
    { "cupy.random", "gumbel", api_loc_scale_api, 0 },
    { "cupy.random", "laplace", api_loc_scale_api, 0 },
    { "cupy.random", "wald", api_wald_api, 0 },
    { "cupy.random", "triangular", api_triangular_api, 0 },
    { "cupy.random", "permutation", api_permutation_api, 0 },
    { "cupy.random", "shuffle", api_shuffle_api, 0 },
    { "cupy.random", "choice", api_choice_api, 0 },
    { "cupy.random", "beta", api_rk, 0 },
    { "cupy.random", "binomial", api_rk, 0 },
    { "cupy.random", "chisquare", api_rk, 0 },
    { "cupy.random", "f", api_rk, 0 },
    { "cupy.random", "standard_gamma", api_rk, 0 },
    { "cupy.random", "geometric", api_rk, 0 },
    { "cupy.random", "hypergeometric", api_rk, 0 },
    { "cupy.random", "logseries", api_rk, 0 },
    { "cupy.random", "noncentral_chisquare", api_rk, 0 },
    { "cupy.random", "noncentral_f", api_rk, 0 },
    { "cupy.random", "poisson", api_rk, 0 },
    { "cupy.random", "standard_t", api_rk, 0 },
    { "cupy.random", "vonmises", api_rk, 0 },
    { "cupy.random", "zipf", api_rk, 0 },
    { "cupy.random", "gamma", api_gamma_api, 0 },
    { "cupy.random", "dirichlet", api_dirichlet_api, 0 },
    { "cupy.random", "logistic", api_logistic_api, 0 },
    { "cupy.random", "negative_binomial", api_negative_binomial_api, 0 },
    { "cupy.random", "multinomial", api_multinomial_api, 0 },
    { "cupy.random", "multivariate_normal", api_multivariate_normal_api, 0 },
    { "numpy.random", "seed", seed_api, IR_NP_SEED },
    { "numpy.random", "random", np_float_api, NPF_SAMPLE },
    { "numpy.random", "random_sample", np_float_api, NPF_SAMPLE },
    { "numpy.random", "rand", np_float_api, NPF_RAND },
    { "numpy.random", "randn", np_float_api, NPF_RANDN },
    { "numpy.random", "standard_normal", np_float_api, NPF_STD_NORMAL },
    { "numpy.random", "normal", np_float_api, NPF_NORMAL },
    { "numpy.random", "uniform", np_float_api, NPF_UNIFORM },
    { "numpy.random", "randint", randint_api, 1 },
    { "numpy.random", "permutation", np_perm_api, 0 },
    { "numpy.random", "shuffle", np_perm_api, 1 },
    { "numpy.random", "choice", np_perm_api, 2 },
    { "cupy.random", "default_rng", cp_new, 0 },
    { "cupy.random", "XORWOW", cp_new, 1 },
    { "cupy.random", "MRG32k3a", cp_new, 2 },
    { "cupy.random", "Philox4x3210", cp_new, 3 },
    { "cupy.random", "Generator", cp_new, 0 },
    { "cupy.random", "BitGenerator", bitgen_base, 0 },
    { "cupy.random.Generator", "random", cp_method, CM_RANDOM },
    { "cupy.random.Generator", "standard_normal", cp_method, CM_STD_NORMAL },
    { "cupy.random.Generator", "standard_exponential", cp_method, CM_STD_EXP },
    { "cupy.random.Generator", "exponential", cp_method, CM_EXPONENTIAL },
    { "cupy.random.Generator", "uniform", cp_method, CM_UNIFORM },
    { "cupy.random.Generator", "integers", cp_method, CM_INTEGERS },
    { "cupy.random.Generator", "standard_gamma", cp_method, CM_STD_GAMMA },
    { "cupy.random.Generator", "gamma", cp_method, CM_GAMMA },
    { "cupy.random.Generator", "chisquare", cp_method, CM_CHISQUARE },
    { "cupy.random.Generator", "beta", cp_method, CM_BETA },
    { "cupy.random.Generator", "poisson", cp_method, CM_POISSON },
    { "cupy.random.Generator", "geometric", cp_method, CM_GEOMETRIC },
    { "cupy.random.Generator", "f", cp_method, CM_F },
    { "cupy.random.Generator", "power", cp_method, CM_POWER },
    { "cupy.random.Generator", "dirichlet", cp_method, CM_DIRICHLET },
    { "cupy.random.Generator", "binomial", cp_method, CM_BINOMIAL },
    { "cupy.random.Generator", "hypergeometric", cp_method, CM_HYPERGEOMETRIC },
    { "cupy.random.Generator", "logseries", cp_method, CM_LOGSERIES },
    { "numpy.random", "default_rng", gen_new, 0 },
    { "numpy.random", "PCG64", gen_new, 1 },
    { "numpy.random", "Generator", gen_new, 0 },
    { "numpy.random.Generator", "random", gen_method, GF_RANDOM },
    { "numpy.random.Generator", "standard_normal", gen_method, GF_STD_NORMAL },
    { "numpy.random.Generator", "normal", gen_method, GF_NORMAL },
    { "numpy.random.Generator", "uniform", gen_method, GF_UNIFORM },
    { "numpy.random.Generator", "exponential", gen_method, GF_EXPONENTIAL },
    { "numpy.random.Generator", "standard_exponential", gen_method, GF_STD_EXP },
    { "numpy.random.Generator", "integers", gen_method, GM_INTEGERS },
    { "numpy.random.Generator", "permutation", gen_method, GM_PERMUTATION },
    { "numpy.random.Generator", "shuffle", gen_method, GM_SHUFFLE },
    { "numpy.random.Generator", "choice", gen_method, GM_CHOICE },
    { "numpy.random.Generator", "permuted", gen_method, GM_PERMUTED },
    { NULL, NULL, NULL, 0 },
};
