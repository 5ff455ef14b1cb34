/*
 * lower/call.c — call dispatch and attributes: lw_call resolves the callee (a user function, a
 * Python builtin: lower/builtins.c, a module attribute or an ndarray method) and dispatches
 * library calls through the API tables (lw_api_tables, lw_api_find: each API file's table,
 * then ops.def's ufuncs and the scalar types, derived here); module attributes (cupy.float32,
 * cupy.pi, ...), ndarray attributes (shape, T, real, imag ...), list methods, the ufunc call
 * protocol (out=, dtype=), a few cupy / cupyx / cupy.cuda glue routines, and calls of user
 * functions (argument binding; the instance itself is made in lower.c); gpyc --list-api.
 *
 * Each API entry is written as: the NumPy rule it implements (in the comment above), argument
 * binding against the NumPy signature (lower/bind.c), compile-time checks (axes, dtypes), then IR.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


/* ---------------------------------------------------------------- ufuncs */

/* A ufunc call's keywords beyond its operands (ufunc_kw). */
typedef struct UfKw {
    AstNode *out, *dtype, *where;
    Casting casting;
} UfKw;

/* Stores r into o, the out= of ufunc name's call (broadcast to o's shape, cast under rule c:
 * NumPy's "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting
 * rule 'same_kind'"); where (a bool array or NULL) keeps o's value where it is False.  The
 * call's value is o, as NumPy returns it. */
static IrValue *ufunc_store(Lower *L, AstNode *call, const char *name, IrValue *r, AstNode *out, Casting c,
                            IrValue *where)
{
    IrValue *o = lw_expr(L, out);
    if (!o) return NULL;
    if (o->type->kind == TY_TUPLE && o->type->n == 1) o = lw_tuple_get(L, o, 0, out->span);
    if (o->type->kind != TY_ARRAY) {
        diag_error(out->span, "return arrays must be of ArrayType");
        return NULL;
    }
    DType from = r->type->kind == TY_ARRAY ? r->type->dtype : ty_scalar_dtype(r->type), to = o->type->dtype;
    if (!dt_can_cast(from, to, c)) {
        diag_error(out->span,
                   "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule "
                   "'%s'",
                   name, dt_name(from), dt_name(to), dt_casting_names[c]);
        return NULL;
    }
    int rn = r->type->kind == TY_ARRAY ? r->type->ndim : 0;
    if (rn > o->type->ndim) {
        diag_error(out->span, "non-broadcastable output operand: the result has more dimensions (%d) than out= (%d)",
                   rn, o->type->ndim);
        return NULL;
    }
    /* a number's result (cp.sqrt(6.0, out=o, where=m)) selects as a 0-d array of its dtype */
    if (where && r->type->kind != TY_ARRAY) r = lw_scalar_array(L, call->span, r);
    if (where && !(r = lw_ewise(L, IR_WHERE, call->span, 3,
                                (IrValue *[]){ where, lw_cast_to(L, r, to, call->span), o })))
        return NULL;
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, call->span, NULL, 2, (IrValue *[]){o, r});
    in->dtype = to;
    return o;
}

IrValue *lw_ufunc_out(Lower *L, AstNode *call, const char *name, IrValue *r, AstNode *out)
{
    return r && out ? ufunc_store(L, call, name, r, out, CAST_SAME_KIND, NULL) : r;
}

/* The keywords of a ufunc call: out=, dtype=, where= (a bool array or bool; NumPy casts it
 * with the 'safe' rule), casting= (a constant name); false after a located error. */
static bool ufunc_kw(Lower *L, AstNode *call, const char *name, UfKw *k)
{
    *k = (UfKw){ .casting = CAST_SAME_KIND };
    AstNode *cast = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        AstNode **slot = !strcmp(kw->sval, "out")       ? &k->out
                         : !strcmp(kw->sval, "dtype")   ? &k->dtype
                         : !strcmp(kw->sval, "where")   ? &k->where
                         : !strcmp(kw->sval, "casting") ? &cast
                                                        : NULL;
        if (!slot) {
            diag_error(kw->span, "the '%s' argument of %s() is not supported yet", kw->sval, name);
            return false;
        }
        if (*slot) {
            diag_error(kw->span, "keyword argument repeated: %s", kw->sval);
            return false;
        }
        *slot = kw->rhs;
    }
    const char *cn;
    if (!cast) return true;
    if (!lw_str_arg(L, cast, "same_kind", &cn)) return false;
    if (dt_casting(cn, &k->casting)) return true;
    diag_error(cast->span, "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
    return false;
}

/* where=m of a ufunc call with out=: m as a bool array (a Python bool: a 0-d one), NULL after
 * NumPy's error for another dtype ("Cannot cast array data from dtype('int64') to
 * dtype('bool') according to the rule 'safe'"), or when out= is missing (NumPy leaves the
 * unselected elements of a new array uninitialised; gpyc requires out=). */
static IrValue *ufunc_where(Lower *L, const char *name, const UfKw *k)
{
    if (!k->out) {
        diag_error(k->where->span,
                   "%s(..., where=...) without out= leaves the unselected elements "
                   "uninitialised; gpyc requires out=",
                   name);
        return NULL;
    }
    IrValue *m = lw_array_operand(L, k->where, name);
    if (!m) return NULL;
    if (m->type->dtype != DT_BOOL) {
        diag_error(k->where->span,
                   "Cannot cast array data from dtype('%s') to dtype('bool') according to the "
                   "rule 'safe'",
                   dt_name(m->type->dtype));
        return NULL;
    }
    return m;
}

/* dtype=D of a ufunc call selects the loop: every operand is cast to D first (arrays with
 * NumPy's same_kind check on inputs, Python scalars to 0-d arrays of D), so the loop computes
 * in D; a ufunc that then gives another dtype (sqrt with an integer D) has no such loop.
 * Comparisons, logical functions and float tests have bool loops only (dtype=bool); ldexp's
 * loops are (float, int): D picks the float. */
static bool ufunc_dtype(Lower *L, AstNode *call, const char *name, const OpInfo *oi, AstNode *dte, Casting c,
                        int n, IrValue **args, DType *want)
{
    bool given;
    if (!lw_dtype_arg(L, dte, want, &given)) return false;
    if (!given) return true;
    if (!lw_ewise_operands(call->span, oi, n, args)) return false;
    DType d = *want;
    if (oi->rule == RULE_WHERE) {
        diag_error(dte->span, "the 'dtype' argument of %s() is not supported yet", name);
        return false;
    }
    if (oi->rule == RULE_CMP || oi->rule == RULE_LOGIC || oi->rule == RULE_FTEST) {
        /* every loop of these gives bool: dtype=bool names them all, any other dtype none */
        if (d == DT_BOOL) return true;
        goto no_loop;
    }
    if (oi->rule == RULE_LDEXP) {
        /* loops (float, int) -> the same float: D picks the float, into which x must cast
         * safely (NumPy's resolver: a Python int or bool goes to any float, a Python float
         * counts as float64) */
        DType from = args[0]->type->kind == TY_ARRAY ? args[0]->type->dtype : ty_scalar_dtype(args[0]->type);
        bool weak = args[0]->type->kind == TY_INT || args[0]->type->kind == TY_BOOL;
        if (!dt_is_float(d) || (!weak && dt_promote(from, d) != d)) goto no_loop;
        n = 1;   /* the exponent keeps its integer dtype */
    }
    for (int i = 0; i < n; i++) {
        IrValue *v = args[i];
        DType from = v->type->kind == TY_ARRAY ? v->type->dtype : ty_scalar_dtype(v->type);
        if (!dt_can_cast(from, d, v->type->kind == TY_ARRAY ? c : CAST_UNSAFE)) {
            diag_error(call->span,
                       "Cannot cast ufunc '%s' input %d from dtype('%s') to dtype('%s') with casting "
                       "rule '%s'",
                       name, i, dt_name(from), dt_name(d), dt_casting_names[c]);
            return false;
        }
        if (v->type->kind == TY_ARRAY) {
            if (from != d) args[i] = lw_cast(L, v, d, call->span);
        } else {
            /* NEP 50: a Python int goes to D's loop as a D (cp.add(uint8_array, 300,
             * dtype=cp.int8) is NumPy 2's OverflowError for int8) */
            if (!lw_pyint_fits(L, call->span, v, d)) return false;
            IrValue *z = lw_emit(L, IR_ARRAY_LIT, call->span, ty_array(d, 0), 1, &v);
            z->def->dtype = d;
            z->def->ndim = 0;
            args[i] = z;
        }
    }
    return true;
no_loop:
    diag_error(dte->span, "No loop matching the specified signature and casting was found for ufunc %s", name);
    return false;
}

/* casting='no' / 'equiv' without dtype=: the loop NumPy picks for arithmetic, bitwise,
 * integer and comparison ufuncs is the promotion of the array operands (Python scalars are
 * weak), and each array must have that dtype already ("Cannot cast ufunc 'add' input 0 from
 * dtype('int32') to dtype('float64') with casting rule 'no'"). */
static bool ufunc_inputs_exact(AstNode *call, const char *name, const OpInfo *oi, int n, IrValue **args,
                               Casting c)
{
    int rule = oi->rule;
    if (rule != RULE_ARITH && rule != RULE_BIT && rule != RULE_REM && rule != RULE_INT && rule != RULE_CMP)
        return true;
    DType loop = DT_COUNT;
    for (int i = 0; i < n; i++)
        if (args[i]->type->kind == TY_ARRAY)
            loop = loop == DT_COUNT ? args[i]->type->dtype : dt_promote(loop, args[i]->type->dtype);
    for (int i = 0; i < n; i++)
        if (args[i]->type->kind == TY_ARRAY && args[i]->type->dtype != loop) {
            diag_error(call->span,
                       "Cannot cast ufunc '%s' input %d from dtype('%s') to dtype('%s') with casting "
                       "rule '%s'",
                       name, i, dt_name(args[i]->type->dtype), dt_name(loop), dt_casting_names[c]);
            return false;
        }
    return true;
}

IrValue *lw_ufunc_call(Lower *L, AstNode *call, const char *name, IrOp op, IrValue *self)
{
    const OpInfo *oi = ir_op_info(op);
    int n = call->elts.n + (self ? 1 : 0);
    IrValue *args[3];
    if (op == IR_ROUND) {
        Args a;
        if (!lw_bind_self(call, name, "a,decimals,out", 1, self, &a)) return NULL;
        args[0] = self ? self : lw_expr(L, a.p[0]);
        if (!args[0]) return NULL;
        args[1] = a.p[1] ? lw_int_arg(L, a.p[1]) : lw_const_int(L, call->span, 0);
        if (!args[1]) return NULL;
        return lw_ufunc_out(L, call, name, lw_ewise(L, IR_ROUND, call->span, 2, args), a.p[2]);
    }
    if (op == IR_CLIP) {
        Args a;
        if (!lw_bind_self(call, "clip", "a,a_min,a_max,out", 3, self, &a)) return NULL;
        args[0] = self ? self : lw_expr(L, a.p[0]);
        if (!args[0] || !(args[1] = lw_expr(L, a.p[1])) || !(args[2] = lw_expr(L, a.p[2]))) return NULL;
        if (!lw_clip_pyint_bounds(L, call->span, args)) return NULL;   /* NumPy >= 2.1 */
        return lw_ufunc_out(L, call, "clip", lw_ewise(L, IR_CLIP, call->span, 3, args), a.p[3]);
    }
    if (op == IR_ANGLE && !self) {
        /* angle(z, deg=False): deg multiplies by 180/pi */
        Args a;
        bool deg;
        if (!lw_bind(call, "angle", "z,deg", 1, &a) || !lw_bool_arg(L, a.p[1], false, &deg)) return NULL;
        if (!(args[0] = lw_expr(L, a.p[0]))) return NULL;
        IrValue *r = lw_ewise(L, IR_ANGLE, call->span, 1, args);
        return r && deg ? lw_ewise(L, IR_DEGREES, call->span, 1, &r) : r;
    }
    UfKw kw;
    if (!ufunc_kw(L, call, name, &kw)) return NULL;
    AstNode *out = kw.out;
    if (op == IR_WHERE && n == 1) {
        diag_error(call->span, "where() with one argument (nonzero) is not supported yet");
        return NULL;
    }
    int npos = call->elts.n;
    if (!self && op != IR_WHERE && npos == oi->nargs + 1) {
        /* out given positionally, after the inputs: np.multiply(z, z, z) */
        if (out) {
            diag_error(call->span, "cannot specify 'out' as both a positional and keyword argument");
            return NULL;
        }
        out = kw.out = call->elts.v[--npos];
        n--;
    }
    if (n != oi->nargs) {
        diag_error(call->span, "%s() takes %d argument%s (%d given)", name, oi->nargs, oi->nargs > 1 ? "s" : "", n);
        return NULL;
    }
    int k = 0;
    if (self) args[k++] = self;
    for (int i = 0; i < npos; i++)
        if (!(args[k++] = lw_expr(L, call->elts.v[i]))) return NULL;
    DType want = DT_COUNT;
    if (kw.dtype && !ufunc_dtype(L, call, name, oi, kw.dtype, kw.casting, n, args, &want)) return NULL;
    if (!kw.dtype && kw.casting < CAST_SAFE && !ufunc_inputs_exact(call, name, oi, n, args, kw.casting))
        return NULL;
    IrValue *m = kw.where ? ufunc_where(L, name, &kw) : NULL;
    if (kw.where && !m) return NULL;
    IrValue *r = lw_ewise_py(L, op, call->span, n, args);
    if (r && want != DT_COUNT && r->type->dtype != want) {
        diag_error(kw.dtype->span,
                   "No loop matching the specified signature and casting was found for ufunc %s", name);
        return NULL;
    }
    return r && out ? ufunc_store(L, call, name, r, out, kw.casting, m) : r;
}

/* ---------------------------------------------------------------- attributes */

static const struct {
    const char *name;
    DType d;
} dtype_names[] = {{"bool_", DT_BOOL}, {"bool", DT_BOOL}, {"int8", DT_INT8}, {"int16", DT_INT16},
                   {"int32", DT_INT32}, {"int64", DT_INT64}, {"int_", DT_INT64}, {"intp", DT_INT64},
                   {"uint8", DT_UINT8}, {"uint16", DT_UINT16}, {"uint32", DT_UINT32}, {"uint64", DT_UINT64},
                   {"float16", DT_FLOAT16}, {"half", DT_FLOAT16}, {"float32", DT_FLOAT32},
                   {"single", DT_FLOAT32}, {"float64", DT_FLOAT64}, {"double", DT_FLOAT64},
                   {"float_", DT_FLOAT64}, {"complex64", DT_COMPLEX64}, {"csingle", DT_COMPLEX64},
                   {"complex128", DT_COMPLEX128}, {"cdouble", DT_COMPLEX128}, {"complex_", DT_COMPLEX128}};

const char *lw_canonical_module(const char *name)
{
    if (!strcmp(name, "numpy")) return "cupy";
    if (!strcmp(name, "numpy.random") || !strncmp(name, "numpy.random.", 13)) return "numpy.random";
    if (!strncmp(name, "numpy.", 6)) {
        static char buf[256];
        snprintf(buf, sizeof buf, "cupy.%s", name + 6);
        return buf;
    }
    return name;
}

IrValue *lw_module_attr(Lower *L, const char *module, const char *attr, Span sp)
{
    const char *full = ar_printf(L->a, "%s.%s", module, attr);
    if (!strcmp(module, "cupy")) {
        for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
            if (!strcmp(dtype_names[i].name, attr)) return lw_pseudo(L, ty_dtype(dtype_names[i].d));
        if (!strcmp(attr, "pi")) return lw_const_float(L, sp, M_PI);
        if (!strcmp(attr, "e")) return lw_const_float(L, sp, M_E);
        if (!strcmp(attr, "inf")) return lw_const_float(L, sp, INFINITY);
        if (!strcmp(attr, "nan")) return lw_const_float(L, sp, NAN);
        if (!strcmp(attr, "newaxis")) return lw_const_none(L, sp);
        if (!strcmp(attr, "cuda") || !strcmp(attr, "random") || !strcmp(attr, "linalg") || !strcmp(attr, "fft"))
            return lw_pseudo(L, ty_module(full));
        if (!strcmp(attr, "mgrid") || !strcmp(attr, "ogrid") || !strcmp(attr, "r_") || !strcmp(attr, "c_"))
            return lw_pseudo(L, ty_module(full));   /* subscripted: lw_grid_subscript */
    }
    if (!strcmp(module, "cupy.cuda") &&
        (!strcmp(attr, "runtime") || !strcmp(attr, "stream") || !strcmp(attr, "graph") ||
         !strcmp(attr, "nvtx") || !strcmp(attr, "profiler")))
        return lw_pseudo(L, ty_module(full));
    if ((!strcmp(module, "cupy") && (!strcmp(attr, "testing") || !strcmp(attr, "polynomial"))) ||
        (!strcmp(module, "cupy.polynomial") && (!strcmp(attr, "polynomial") || !strcmp(attr, "polyutils"))))
        return lw_pseudo(L, ty_module(full));
    if (!strcmp(module, "cupyx") &&
        (!strcmp(attr, "jit") || !strcmp(attr, "profiler") || !strcmp(attr, "scipy") ||
         !strcmp(attr, "cusparse") || !strcmp(attr, "time")))
        return lw_pseudo(L, ty_module(full));
    if (!strcmp(module, "cupyx.scipy") && !strcmp(attr, "sparse")) return lw_pseudo(L, ty_module(full));
    if ((!strcmp(module, "cupy") && !strcmp(attr, "lib")) ||
        (!strcmp(module, "cupy.lib") && !strcmp(attr, "stride_tricks")))
        return lw_pseudo(L, ty_module(full));
    if (!strcmp(module, "cupyx.jit") && lw_is_jit_name(attr)) /* from cupyx.jit import threadIdx */
        return lw_pseudo(L, ty_builtin(full, NULL));
    if (!strcmp(module, "math")) {
        if (!strcmp(attr, "pi")) return lw_const_float(L, sp, M_PI);
        if (!strcmp(attr, "e")) return lw_const_float(L, sp, M_E);
        if (!strcmp(attr, "tau")) return lw_const_float(L, sp, 2 * M_PI);
        if (!strcmp(attr, "inf")) return lw_const_float(L, sp, INFINITY);
        if (!strcmp(attr, "nan")) return lw_const_float(L, sp, NAN);
    }
    if (!strcmp(module, "contextlib") && !strcmp(attr, "contextmanager")) /* a decorator: lower/closure.c */
        return lw_pseudo(L, ty_builtin(full, NULL));
    if (!strcmp(module, "sys") && !strcmp(attr, "argv")) return lw_pseudo(L, ty_module("sys.argv"));
    if (!strcmp(module, "sys") && !strcmp(attr, "stdout")) return lw_pseudo(L, ty_module("sys.stdout"));
    const ApiFn *k = lw_device_const(module, attr);
    if (k) return k->lower(L, ast_new(L->a, AST_NAME, sp, NULL), k, NULL);
    if (lw_api_find(module, attr)) return lw_pseudo(L, ty_builtin(full, NULL));
    IrValue *c = lw_pylib_const(L, module, attr, sp);
    if (c) return c;
    diag_error(sp, "%s is not supported by gpyc", full);
    return NULL;
}

/* x.real, x.imag (NumPy): for a complex array, views of the real dtype (writing through them
 * changes x); x itself for the real part of a real array; a new array of zeros for its
 * imaginary part (read-only in NumPy: lw_assign rejects writes).  The part of a fresh
 * elementwise result, which nothing else can see, stays an elementwise op (it fuses). */
IrValue *lw_complex_part(Lower *L, IrValue *x, bool imag, Span sp)
{
    if (!dt_is_complex(x->type->dtype)) return imag ? lw_ewise(L, IR_IMAG, sp, 1, &x) : x;
    if (x->def && ir_op_is_ewise(x->def->op)) return lw_ewise(L, imag ? IR_IMAG : IR_REAL, sp, 1, &x);
    IrValue *r = lw_emit1(L, IR_COMPLEX_PART, sp, ty_array(dt_real(x->type->dtype), x->type->ndim), x);
    r->def->ival = imag;
    return r;
}

/* type(x).__name__: Python's name of x's type, a constant ('ndarray' for an array, a 0-d one
 * too: gpyc's NumPy scalars are 0-d arrays, as CuPy's reductions return). */
static IrValue *type_name(Lower *L, AstNode *e)
{
    AstNode *call = e->lhs;
    if (call->elts.n != 1 || call->params.n) {
        diag_error(call->span, "type() takes 1 argument here");
        return NULL;
    }
    IrValue *v = lw_expr(L, call->elts.v[0]);
    if (!v) return NULL;
    static const struct { TypeKind k; const char *name;
    } names[] = {
        { TY_BOOL, "bool" },     { TY_INT, "int" },     { TY_FLOAT, "float" },   { TY_COMPLEX, "complex" },
        { TY_STR, "str" },       { TY_BYTES, "bytes" }, { TY_POLY1D, "poly1d" }, { TY_ARRAY, "ndarray" },
        { TY_LIST, "list" },     { TY_TUPLE, "tuple" }, { TY_NONE, "NoneType" }, { TY_FUNC, "function" },
        { TY_MODULE, "module" }, { TY_DTYPE, "type" },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].k == v->type->kind) return lw_const_str(L, e->span, names[i].name);
    diag_error(e->span, "type(x).__name__ of %s is not supported", ty_str_of(v->type));
    return NULL;
}

/* rt_array_info(x, what) as a host int */
IrValue *lw_array_info(Lower *L, IrValue *x, int what, Span sp)
{
    IrValue *r = lw_emit1(L, IR_ARRAY_INFO, sp, ty_int(), x);
    r->def->ival = what;
    return r;
}

/* x.flags.NAME (e: that attribute) of array x: NumPy's flags, c_contiguous and f_contiguous
 * (and forc, fnc) from the strides at run time, writeable unless an axis is broadcast,
 * aligned always; owndata is not compiled (gpyc's views have no base array to tell it). */
static IrValue *flags_attr(Lower *L, IrValue *x, AstNode *e)
{
    static const char *const names[] = {
        "c_contiguous", "f_contiguous", "writeable", "aligned", "forc", "fnc"
    };
    const char *at = e->sval;
    int k = 0;
    while (k < 6 && strcmp(at, names[k])) k++;
    Span sp = e->span;
    if (k == 6) {
        diag_error(
            sp,
            "flags.%s is not supported by gpyc (c_contiguous, f_contiguous, writeable, aligned, forc and "
            "fnc are)",
            at);
        return NULL;
    }
    if (k == 3) return lw_const_bool(L, sp, true);
    if (k == 2) return lw_to_scalar(L, lw_array_info(L, x, INFO_WRITEABLE, sp), TY_BOOL, sp);
    IrValue *c = lw_to_scalar(L, lw_array_info(L, x, INFO_C_CONTIGUOUS, sp), TY_BOOL, sp);
    IrValue *f = lw_to_scalar(L, lw_array_info(L, x, INFO_F_CONTIGUOUS, sp), TY_BOOL, sp);
    if (k < 2) return k ? f : c;
    if (k == 4) return lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ c, f });
    return lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){ f, lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &c) });
}

/* An attribute of dtype dt, as NumPy's (little-endian host): its name, itemsize, kind
 * ('b', 'i', 'u', 'f', 'c'), char (the one-letter type code), num, str ('<f4'), byteorder ('='
 * or '|' for one byte), alignment and type (the scalar type); NULL for another attribute. */
static IrValue *dtype_attr(Lower *L, DType dt, const char *at, Span sp)
{
    static const char chars[DT_COUNT + 1] = "?bhilBHILefdFD";   /* ORDER GPK_DTYPE */
    static const int nums[DT_COUNT] = { 0, 1, 3, 5, 7, 2, 4, 6, 8, 23, 11, 12, 14, 15 };
    int size = dt_size(dt);
    char kind = dt == DT_BOOL ? 'b' : dt_is_signed(dt) ? 'i' : dt_is_int(dt) ? 'u' : dt_is_float(dt) ? 'f' : 'c';
    if (!strcmp(at, "name")) return lw_const_str(L, sp, dt_name(dt));
    if (!strcmp(at, "itemsize")) return lw_const_int(L, sp, size);
    if (!strcmp(at, "kind")) return lw_const_str(L, sp, ar_printf(L->a, "%c", kind));
    if (!strcmp(at, "char")) return lw_const_str(L, sp, ar_printf(L->a, "%c", chars[dt]));
    if (!strcmp(at, "num")) return lw_const_int(L, sp, nums[dt]);
    if (!strcmp(at, "str")) return lw_const_str(L, sp, ar_printf(L->a, "%c%c%d", size == 1 ? '|' : '<', kind, size));
    if (!strcmp(at, "byteorder")) return lw_const_str(L, sp, size == 1 ? "|" : "=");
    if (!strcmp(at, "alignment")) return lw_const_int(L, sp, dt_is_complex(dt) ? size / 2 : size);
    if (!strcmp(at, "type")) return lw_pseudo(L, ty_dtype(dt));
    return NULL;
}

IrValue *lw_attr(Lower *L, AstNode *e)
{
    if (e->lhs->kind == AST_ATTR && !strcmp(e->lhs->sval, "flags")) {
        IrValue *x = lw_expr(L, e->lhs->lhs);
        if (!x) return NULL;
        if (x->type->kind == TY_ARRAY) return flags_attr(L, x, e);
        if (e->lhs->lhs->kind == AST_CALL) { /* not lowered twice */
            diag_error(e->lhs->span, "'%s' object has no attribute 'flags'", ty_str_of(x->type));
            return NULL;
        } /* a name or an attribute: lowering it again below is free */
    }
    if (e->lhs->kind == AST_ATTR && !strcmp(e->lhs->sval, "flat") &&
        (!strcmp(e->sval, "base") || !strcmp(e->sval, "index"))) {
        /* x.flat.base: x; x.flat.index: 0 (each x.flat is a new iterator, never advanced) */
        IrValue *x = lw_expr(L, e->lhs->lhs);
        if (!x || x->type->kind != TY_ARRAY) {
            if (x) diag_error(e->lhs->span, "'%s' object has no attribute 'flat'", ty_str_of(x->type));
            return NULL;
        }
        return e->sval[0] == 'b' ? x : lw_const_int(L, e->span, 0);
    }
    if (!strcmp(e->sval, "__name__") && e->lhs->kind == AST_CALL && e->lhs->lhs->kind == AST_NAME &&
        !strcmp(e->lhs->lhs->sval, "type") && !lw_lookup(L, "type"))
        return type_name(L, e);
    IrValue *obj = lw_expr(L, e->lhs);
    if (!obj) return NULL;
    const char *at = e->sval;
    if (obj->type->kind == TY_FUNC && !strcmp(at, "__name__"))
        return obj->type->def ? lw_const_str(L, e->span, lw_fvalue_name(L, obj->type)) : lw_variant_name(L, obj, e->span);
    if (ty_is_deque(obj->type) && !strcmp(at, "maxlen"))
        return obj->type->n < 0 ? lw_const_none(L, e->span) : lw_const_int(L, e->span, obj->type->n);
    UserModule *um = lw_user_module(L, obj->type);
    if (um) return lw_user_module_attr(L, um, at, e->span);
    if (lw_is_npz(obj->type)) return lw_npz_attr(L, obj, at, e->span);
    if (obj->type->kind == TY_MODULE && obj->type->numpy && !strcmp(at, "random"))
        return lw_pseudo(L, ty_module("numpy.random"));
    if (obj->type->kind == TY_MODULE) return lw_module_attr(L, obj->type->name, at, e->span);
    const ApiFn *pf = obj->type->kind == TY_OBJ ? lw_pylib_prop(obj->type->name, at) : NULL;
    if (pf) return pf->lower(L, e, pf, obj); /* f.closed, p.name */
    if (obj->type->kind == TY_OBJ || obj->type->kind == TY_BUILTIN) {
        /* a property of a device-API object (stream.done), or of its class (Stream.null) */
        const char *cls = obj->type->kind == TY_OBJ ? obj->type->name
                          : !strcmp(obj->type->name, "cupy.cuda.stream.Stream") ? "cupy.cuda.Stream"
                                                                                  : obj->type->name;
        const ApiFn *f = lw_device_prop(cls, at);
        if (f && (obj->type->kind == TY_OBJ || !strcmp(at, "null"))) return f->lower(L, e, f, obj);
        if (obj->type->kind == TY_OBJ && lw_api_find(cls, at)) {
            diag_error(e->span, "%s.%s is a method: gpyc compiles calls of it only", cls, at);
            return NULL;
        }
    }
    if (obj->type->kind == TY_ARRAY) {
        int nd = obj->type->ndim;
        if (!strcmp(at, "T")) return lw_emit_transpose(L, e->span, obj, NULL);
        if (!strcmp(at, "dtype")) return lw_pseudo(L, ty_dtype(obj->type->dtype));
        if (!strcmp(at, "ndim")) return lw_const_int(L, e->span, nd);
        if (!strcmp(at, "size")) return lw_emit1(L, IR_SIZE, e->span, ty_int(), obj);
        if (!strcmp(at, "itemsize")) return lw_const_int(L, e->span, dt_size(obj->type->dtype));
        if (!strcmp(at, "flat")) return lw_ravel(L, e->span, obj); /* its elements in C order (a.flat[i]) */
        if (!strcmp(at, "strides")) {
            IrValue *st[IR_MAXDIM];
            for (int d = 0; d < nd; d++) st[d] = lw_array_info(L, obj, INFO_STRIDE | d << 8, e->span);
            return lw_tuple(L, e->span, nd, st);
        }
        if (!strcmp(at, "flags")) {
            diag_error(e->span, "x.flags is compiled as x.flags.NAME (c_contiguous, f_contiguous, writeable, "
                                "aligned, forc, fnc)");
            return NULL;
        }
        if (!strcmp(at, "real") || !strcmp(at, "imag")) return lw_complex_part(L, obj, at[0] == 'i', e->span);
        if (!strcmp(at, "nbytes")) {
            IrValue *n = lw_emit1(L, IR_SIZE, e->span, ty_int(), obj);
            return lw_binop(L, AOP_MUL, e->span, n, lw_const_int(L, e->span, dt_size(obj->type->dtype)));
        }
        if (!strcmp(at, "shape")) {
            IrValue *dims[IR_MAXDIM];
            lw_shape_of(L, obj, e->span, dims);
            return lw_tuple(L, e->span, nd, dims);
        }
        diag_error(e->span, "ndarray attribute '%s' is not supported yet", at);
        return NULL;
    }
    if (obj->type->kind == TY_SPARSE) return lw_sparse_attr(L, obj, at, e->span);
    if (obj->type->kind == TY_POLY1D) return lw_poly1d_attr(L, obj, at, e->span);
    if (obj->type->kind == TY_SDTYPE) return lw_sdtype_attr(L, obj, at, e->span);
    if (lw_is_typeinfo(obj->type)) return lw_typeinfo_attr(L, obj, at, e->span);
    if (obj->type->kind == TY_TUPLE && obj->type->keys && obj->type->name)
        return lw_record_attr(L, obj, at, e->span);
    if (obj->type->kind == TY_DTYPE) {
        IrValue *r = dtype_attr(L, obj->type->dtype, at, e->span);
        if (r) return r;
    }
    diag_error(e->span, "'%s' object has no attribute '%s'", ty_str_of(obj->type), at);
    return NULL;
}

/* ---------------------------------------------------------------- cupy functions */

/* get_array_module(*args): the cupy module (gpyc's NumPy arrays are CuPy's, see language.md) */
static IrValue *api_get_array_module(Lower *L, AstNode *call)
{
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        diag_error(kw->span, "get_array_module() got an unexpected keyword argument '%s'", kw->sval);
        return NULL;
    }
    for (int i = 0; i < call->elts.n; i++)
        if (!lw_expr(L, call->elts.v[i])) return NULL;
    return lw_pseudo(L, ty_module("cupy"));
}

/* cupyx.rsqrt(x) = 1 / sqrt(x), real inputs only (CuPy's loops are float16/32/64) */
static IrValue *api_rsqrt(Lower *L, AstNode *call)
{
    Span sp = call->span;
    IrValue *x = lw_one_arg(L, call, "rsqrt");
    if (!x) return NULL;
    if (x->type->kind == TY_COMPLEX || (x->type->kind == TY_ARRAY && dt_is_complex(x->type->dtype))) {
        diag_error(sp, "ufunc 'rsqrt' not supported for the input types");
        return NULL;
    }
    IrValue *r = lw_ewise(L, IR_SQRT, sp, 1, &x);
    return r ? lw_binop(L, AOP_DIV, sp, lw_const_int(L, sp, 1), r) : NULL;
}

/* ---------------------------------------------------------------- methods */

/* x.item(*args): the Python scalar of a size-1 array (no argument), of flat (C-order) element
 * i (one int), or of element x[i, j, ...] (x.ndim ints, or one tuple of them); an index out of
 * range is the runtime's IndexError. */
static IrValue *api_item(Lower *L, AstNode *call, IrValue *x)
{
    if (call->params.n) {
        diag_error(call->span, "item() takes no keyword arguments");
        return NULL;
    }
    int n = call->elts.n;
    IrValue *ix[IR_MAXDIM];
    IrValue *t = n == 1 ? lw_expr(L, call->elts.v[0]) : NULL;
    if (n == 1 && !t) return NULL;
    bool tuple = t && t->type->kind == TY_TUPLE;
    if (tuple) n = t->type->n;
    if (n > 1 && n != x->type->ndim) {
        diag_error(call->span, "incorrect number of indices for array");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        IrValue *v = tuple         ? lw_tuple_get(L, t, i, call->span)
                     : i == 0 && t ? t
                                   : lw_expr(L, call->elts.v[i]);
        if (!v) return NULL;
        if (!(ix[i] = lw_as_index(L, v, call->span))) {
            diag_error(call->span, "an integer is required");
            return NULL;
        }
    }
    if (n) {
        LwIx w;
        lw_ix_init(&w, n == 1 ? lw_ravel(L, call->span, x) : x);
        for (int i = 0; i < n; i++) lw_ix_int(&w, ix[i]);
        x = lw_ix_emit(L, call->span, &w);
    }
    DType d = x->type->dtype;
    return lw_to_scalar(L, x, d == DT_BOOL ? TY_BOOL : dt_is_int(d) ? TY_INT : dt_is_complex(d) ? TY_COMPLEX : TY_FLOAT,
                        call->span);
}

/* x.tolist() (NumPy): a Python scalar for a 0-d array, a list of Python scalars (bool, int,
 * float, complex by the dtype's kind) for a 1-d one; an n-d array's nested lists exist here
 * only as text, for printing (lw_printable). */
static Type *tolist_elem(DType d)
{
    if (d == DT_BOOL) return ty_bool();
    if (dt_is_complex(d)) return ty_complex();
    if (dt_is_float(d)) return ty_float();
    return ty_int();
}

static IrValue *api_tolist(Lower *L, AstNode *call, IrValue *x)
{
    if (call->elts.n || call->params.n) {
        diag_error(call->span, "tolist() takes no arguments");
        return NULL;
    }
    int nd = x->type->ndim;
    if (nd == 0) return lw_to_scalar(L, x, tolist_elem(x->type->dtype)->kind, call->span);
    if (nd > 1) {
        diag_error(call->span,
                   "tolist() of a %d-d array gives nested lists, which gpyc has only for printing: "
                   "print(x.tolist()), str(x.tolist()) or an f-string", nd);
        return NULL;
    }
    IrValue *r = lw_emit1(L, IR_TOLIST, call->span, ty_list(tolist_elem(x->type->dtype)), x);
    r->def->ival = 0;
    return r;
}

/* repr(q) of the deque q whose elements' list repr is r (`deque([...], maxlen=2)`); r itself when q
 * is a list. */
static IrValue *deque_repr(Lower *L, IrValue *q, IrValue *r, Span sp)
{
    if (!r || !ty_is_deque(q->type)) return r;
    const char *tail = q->type->n < 0 ? ")" : ar_printf(L->a, ", maxlen=%d)", q->type->n);
    IrValue *parts[3] = { lw_const_str(L, sp, "deque("), r, lw_const_str(L, sp, tail) };
    return lw_emit(L, IR_STR_CONCAT, sp, ty_str(), 3, parts);
}

IrValue *lw_optional_text(Lower *L, AstNode *e)
{
    if (e->kind != AST_NAME) return NULL;
    Binding *b = lw_lookup(L, e->sval);
    if (!b || b->kind != BIND_VAR || !b->guard || !b->guard_none || !b->var) return NULL;
    /* t = 'None'; if x is not None: t = str(x) (a statement: the conditional expression
     * evaluates both arms) */
    Span sp = e->span;
    const char *t = ar_printf(L->a, "t@optional%d", e->id);
    AstNode *none = lw_ast_node(L, AST_STR, sp);
    none->sval = "None";
    none->slen = 4;
    lw_stmt(L, lw_ast_assign(L, sp, t, none));
    lw_stmt(L, lw_ast_if(L, sp, lw_ast_cmp(L, sp, AOP_ISNOT, e, lw_ast_node(L, AST_NONE, sp)),
                         lw_ast_assign(L, sp, t, lw_ast_call(L, sp, lw_ast_name(L, sp, "str"), 1, &e))));
    return lw_expr(L, lw_ast_name(L, sp, t));
}

IrValue *lw_printable(Lower *L, AstNode *e, int *conv)
{
    if (e->kind == AST_CALL && e->lhs->kind == AST_ATTR && !strcmp(e->lhs->sval, "tolist") && !e->elts.n &&
        !e->params.n) {
        IrValue *x = lw_expr(L, e->lhs->lhs);
        if (!x) return NULL;
        if (x->type->kind == TY_ARRAY && x->type->ndim >= 1) {
            IrValue *r = lw_emit1(L, IR_TOLIST, e->span, ty_str(), x);
            r->def->ival = 1;
            return r;
        }
        if (x->type->kind == TY_ARRAY) return api_tolist(L, e, x);
    }
    IrValue *v = lw_expr(L, e);
    if (v && v->type->kind == TY_LIST && v->type->elem) {
        /* the runtime prints lists of numbers, strings and arrays (rt_sb_list) */
        switch (v->type->elem->kind) {
        case TY_BOOL: case TY_INT: case TY_OBJ: case TY_FLOAT: case TY_COMPLEX: case TY_STR: case TY_ARRAY: break;
        case TY_TUPLE:
            if (!v->type->elem->keys) break;
            return deque_repr(L, v, lw_list_repr(L, v, e), e->span);
        case TY_LIST:
        case TY_BYTES:
        case TY_POLY1D: return deque_repr(L, v, lw_list_repr(L, v, e), e->span);
        default:
            diag_error(e->span, "printing a list of %s is not supported yet", ty_str_of(v->type->elem));
            return NULL;
        }
    }
    const ApiFn *rf = v && v->type->kind == TY_OBJ && conv && (*conv == 'r' || *conv == 'a')
                          ? lw_api_find(v->type->name, "__repr__")
                          : NULL;
    if (rf) {
        *conv = 0;
        return rf->lower(L, e, rf, v);
    }
    if (v && v->type->kind == TY_SVIEW) {
        if (conv && (*conv == 'r' || *conv == 'a')) {
            diag_error(e->span, "gpyc prints a structured array with str() only, not repr()");
            return NULL;
        }
        return lw_sarray_str(L, v, e->span);
    }
    if (v && v->type->kind == TY_OBJ) {
        IrValue *str = lw_device_str(L, v, e);
        if (str) return str;
    }
    if (v && lw_is_typeinfo(v->type)) { /* np.iinfo / np.finfo: their str() or repr() text */
        bool repr = conv && (*conv == 'r' || *conv == 'a');
        if (repr) *conv = 0;
        return lw_typeinfo_str(L, v, repr, e->span);
    }
    if (v && v->type->kind == TY_TUPLE && v->type->keys) {
        /* a dict record or a namedtuple: its repr is the text str() gives, quoted no further */
        if (conv && *conv == 'r') *conv = 0;
        return lw_dict_str(L, v, e->span);
    }
    return v;
}

static IrValue *array_method(Lower *L, AstNode *call, IrValue *x, const char *m)
{
    const ApiFn *f = lw_api_find("cupy.ndarray", m);
    if (f) return f->lower(L, call, f, x);
    diag_error(call->span, "ndarray.%s() is not supported yet", m);
    return NULL;
}

/* ---------------------------------------------------------------- API table */

LW_API_SELF(api_tolist)
LW_API_PLAIN(api_get_array_module)
LW_API_PLAIN(api_rsqrt)

/* an ops.def ufunc (or NumPy's other name for one); arg: the IrOp */
static IrValue *ufunc_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return lw_ufunc_call(L, call, f->name, (IrOp)f->arg, self);
}

int lw_ufunc_op(const Type *t)
{
    const char *dot = t->kind == TY_BUILTIN ? strrchr(t->name, '.') : NULL;
    if (!dot || strncmp(t->name, "cupy.", 5) || dot != t->name + 4) return -1;
    const ApiFn *f = lw_api_find("cupy", dot + 1);
    return f && f->lower == ufunc_api && f->arg <= IR_EWISE_LAST ? f->arg : -1;
}

static IrValue *scalar_type_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return lw_scalar_type_call(L, call, (DType)f->arg);
}

static IrValue *item_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_item(L, call, x);
}

const ApiFn lw_call_api[] = {
    { "cupy", "get_array_module", api_get_array_module_api, 0 },
    /* NumPy's other names of ops.def ufuncs (the ops themselves come from ops.def) */
    { "cupy", "abs", ufunc_api, IR_ABS },
    { "cupy", "divide", ufunc_api, IR_TRUEDIV },
    { "cupy", "mod", ufunc_api, IR_MOD },
    { "cupy", "around", ufunc_api, IR_ROUND },
    { "cupy", "round_", ufunc_api, IR_ROUND },
    { "cupy", "conj", ufunc_api, IR_CONJ },
    { "cupy", "rad2deg", ufunc_api, IR_DEGREES },
    { "cupy", "deg2rad", ufunc_api, IR_RADIANS },
    { "cupy", "fix", ufunc_api, IR_TRUNC },
    /* cupyx */
    { "cupyx", "rsqrt", api_rsqrt_api, 0 },
    /* ndarray methods (the others are in the tables of the API files) */
    { "cupy.ndarray", "tolist", api_tolist_api, 0 },
    { "cupy.ndarray", "item", item_method, 0 },
    { "cupy.ndarray", "clip", ufunc_api, IR_CLIP },
    { "cupy.ndarray", "conj", ufunc_api, IR_CONJ },
    { "cupy.ndarray", "conjugate", ufunc_api, IR_CONJ },
    { "cupy.ndarray", "round", ufunc_api, IR_ROUND },
    { NULL, NULL, NULL, 0 },
};

/* ORDER: the API files; a new file with a table adds one line here. */
const ApiFn *const lw_api_tables[] = {
    lw_call_api,     lw_builtin_api,  lw_reduce_api, lw_manip_api,      lw_join_api,   lw_create_api,
    lw_index_api,    lw_ufunc_api,    lw_linalg_api, lw_einsum_api,     lw_stats_api,  lw_sort_api,
    lw_fft_api,      lw_hist_api,     lw_place_api,  lw_numeric_api,    lw_grid_api,   lw_solver_api,
    lw_random_api,   lw_kernel_api,   lw_npyio_api,  lw_txtio_api,      lw_device_api, lw_testing_api,
    lw_record_api,   lw_jit_api,      lw_pylib_api,  lw_argparse_api,   lw_sparse_api, lw_table_api,
    lw_printing_api, lw_typeinfo_api, lw_bits_api,   lw_functional_api, lw_poly1d_api, lw_misc_api,
    NULL
};

/* Derived tables: cupy.<ops.def NumPy name> for every ufunc, cupy.<dtype name> for the scalar
 * types.  Built on first use from ops.def and dtype_names, so those stay the one place. */
static ApiFn ufunc_table[IR_EWISE_LAST + 2];
static ApiFn scalar_table[sizeof dtype_names / sizeof dtype_names[0] + 1];

static void derived_init(void)
{
    static bool done;
    if (done) return;
    done = true;
    int k = 0;
    for (int o = 0; o <= IR_EWISE_LAST; o++) {
        const OpInfo *oi = ir_op_info((IrOp)o);
        if (oi && oi->numpy[0]) ufunc_table[k++] = (ApiFn){"cupy", oi->numpy, ufunc_api, o};
    }
    for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
        scalar_table[i] = (ApiFn){"cupy", dtype_names[i].name, scalar_type_api, dtype_names[i].d};
}

static const ApiFn *find_in(const ApiFn *t, const char *mod, const char *name)
{
    for (; t->mod; t++)
        if (!strcmp(t->name, name) && !strcmp(t->mod, mod)) return t;
    return NULL;
}

const ApiFn *lw_api_find(const char *mod, const char *name)
{
    const ApiFn *f;
    for (int i = 0; lw_api_tables[i]; i++)
        if ((f = find_in(lw_api_tables[i], mod, name))) return f;
    derived_init();
    if ((f = find_in(ufunc_table, mod, name))) return f;
    return find_in(scalar_table, mod, name);
}

void lw_api_each(void (*fn)(const char *full, void *ctx), void *ctx)
{
    char buf[256];
    derived_init();
    const ApiFn *all[64];
    int n = 0;
    for (int i = 0; lw_api_tables[i]; i++) all[n++] = lw_api_tables[i];
    all[n++] = ufunc_table;
    all[n++] = scalar_table;
    for (int i = 0; i < n; i++)
        for (const ApiFn *t = all[i]; t->mod; t++) {
            const char *m = t->mod;
            if (strcmp(m, "cupy") && strncmp(m, "cupy.", 5) && strcmp(m, "cupyx") &&
                strncmp(m, "cupyx.", 6) && strcmp(m, "numpy.random"))
                continue;
            if (t->name[0] == '_') continue; /* the compiler's own steps (benchmark's), __str__ */
            snprintf(buf, sizeof buf, "%s.%s", t->mod, t->name);
            fn(buf, ctx);
        }
    lw_jit_each(fn, ctx);
}

static IrValue *list_method(Lower *L, AstNode *call, IrValue *l, const char *m)
{
    if (!strcmp(m, "append")) {
        IrValue *v = lw_one_arg(L, call, "append");
        if (v && v->type->kind == TY_FUNC) v = lw_func_value(L, v, call->span, ESC_STORE); /* lower/closure.c */
        if (!v || !lw_not_self_holding(l->type, v->type, call->span)) return NULL;
        lw_note_escape(L, v->type);
        if (l->type->elem == NULL) {
            if (!lw_is_runtime_type(v->type) || v->type->kind == TY_SVIEW || v->type->kind == TY_SDTYPE) {
                diag_error(call->span, "a list cannot hold %s", ty_str_of(v->type));
                return NULL;
            }
            l->type->elem = v->type;
            if (v->type->kind == TY_TUPLE) ir_need_tuple(L->m, v->type);
        } else if (!ty_equal(l->type->elem, v->type)) {
            if (ty_is_scalar(l->type->elem) && ty_is_scalar(v->type) && l->type->elem->kind == TY_FLOAT &&
                v->type->kind != TY_COMPLEX) {
                v = lw_to_scalar(L, v, TY_FLOAT, call->span);
            } else {
                diag_error(call->span, "lists must be homogeneous: appending %s to %s%s", ty_str_of(v->type),
                           ty_str_of(l->type),
                           l->type->elem->kind == TY_FUNC && v->type->kind == TY_FUNC
                               ? " (a list display of the functions, `[f, g]`, holds functions of several types)"
                               : "");
                return NULL;
            }
        }
        ir_emit(L->m, L->blk, IR_LIST_APPEND, call->span, NULL, 2, (IrValue *[]){l, v});
        return lw_pseudo(L, ty_none());
    }
    return lw_seq_method(L, call, l, m);
}

/* ---------------------------------------------------------------- user functions */

/* The extra arguments of a `*args` (kw false: a tuple of the positionals vals[0..n)) or
 * `**kwargs` parameter (a record of the keywords vals[0..n), named by es[0..n)). */
static IrValue *extra_args(Lower *L, AstNode **es, IrValue **vals, int n, bool kw, Span sp)
{
    Type **types = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
    const char **keys = ar_alloc(L->a, sizeof(char *) * (n ? n : 1));
    for (int i = 0; i < n; i++) {
        types[i] = vals[i]->type;
        keys[i] = kw ? es[i]->sval : NULL;
        if (kw && (!lw_is_runtime_type(types[i]) || types[i]->kind == TY_NONE)) {
            diag_error(es[i]->span, "a **kwargs value cannot be %s here", ty_str_of(types[i]));
            return NULL;
        }
    }
    if (!kw) return lw_tuple(L, sp, n, vals);
    Type *t = ty_record(n, keys, types);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, n, vals);
}

/* The default of a nested def's parameter p that lw_def_stmt hoisted (p->rhs names the hidden
 * local it bound): that local, from the closure fv's values when fv holds it (a function value
 * made where the def stood), else from the caller's scope (the defining function or one nested
 * in it, which captures it); NULL when neither holds it and the default makes a value or reads
 * the enclosing functions' names (a located error; one that reads globals only is evaluated
 * here, in the module: *global set). */
static IrValue *nested_default(Lower *L, AstNode *call, AstNode *def, AstNode *p, IrValue *fv, bool *global)
{
    *global = false;
    if (fv && ty_is_closure(fv->type)) {
        const char **names;
        IrValue **caps;
        int n = lw_closure_env(L, fv, call->span, &names, &caps);
        for (int j = 0; j < n; j++)
            if (!strcmp(names[def->params.n + j], p->rhs->sval)) return caps[j];
    }
    if (lw_scope_find(L->scope, p->rhs->sval)) return lw_expr(L, p->rhs);
    if (lw_default_reads_globals(L, def, p->cond)) {
        *global = true;
        return NULL;
    }
    diag_error(call->span,
               "'%s' is called here, deeper inside '%s' than the functions that see its default for "
               "'%s', a value made where '%s' is defined: pass %s= here (gpyc reads such a default "
               "in the function that defines it, in one nested in that, or in a function value "
               "made there)",
               def->sval, def->outer->sval, p->sval, def->sval, p->sval);
    return NULL;
}

IrValue **lw_user_args(Lower *L, AstNode *call, AstNode *def, IrValue *fv)
{
    int np = def->params.n, npos = 0, star = -1, dstar = -1;
    for (int j = 0; j < np; j++) {
        int k = (int)((AstNode *)def->params.v[j])->ival;
        npos += k == PARAM_PLAIN;
        if (k == PARAM_ARGS) star = j;
        if (k == PARAM_KWARGS) dstar = j;
    }
    int na = call->elts.n, nk = call->params.n;
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (np ? np : 1));
    int *given = ar_alloc(L->a, sizeof(int) * (np ? np : 1)); /* 1 + the argument's index, 0: none */
    if (na > npos && star < 0) {
        diag_error(call->span, "%s() takes %d positional argument%s but %d were given", def->sval, npos,
                   npos == 1 ? "" : "s", na);
        return NULL;
    }
    for (int i = 0; i < na && i < npos; i++) given[i] = 1 + i;
    /* the keywords: index na + i among the arguments; those no parameter names go to **kwargs */
    AstNode **kwextra = ar_alloc(L->a, sizeof(AstNode *) * (nk ? nk : 1));
    int *kwidx = ar_alloc(L->a, sizeof(int) * (nk ? nk : 1)), nkw = 0;
    for (int i = 0; i < nk; i++) {
        AstNode *kw = call->params.v[i];
        int k = -1;
        for (int j = 0; j < np; j++) {
            AstNode *p = def->params.v[j];
            if (p->ival <= PARAM_KWONLY && !strcmp(p->sval, kw->sval)) k = j;
        }
        if (k < 0 && dstar >= 0) {
            kwidx[nkw] = na + i;
            kwextra[nkw++] = kw;
            continue;
        }
        if (k < 0) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", def->sval, kw->sval);
            return NULL;
        }
        if (given[k]) {
            diag_error(kw->span, "%s() got multiple values for argument '%s'", def->sval, kw->sval);
            return NULL;
        }
        given[k] = 1 + na + i;
    }
    for (int i = 0; i < np; i++) {
        AstNode *p = def->params.v[i];
        if (i != star && i != dstar && !given[i] && !p->rhs) {
            diag_error(call->span, "%s() missing required %sargument: '%s'", def->sval,
                       p->ival == PARAM_KWONLY ? "keyword-only " : "", p->sval);
            return NULL;
        }
    }
    /* the arguments in Python's order: as written, positionals then keywords */
    IrValue **ev = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(na + nk + 1));
    for (int i = 0; i < na + nk; i++) {
        AstNode *e = i < na ? call->elts.v[i] : ((AstNode *)call->params.v[i - na])->rhs;
        if (!(ev[i] = lw_expr(L, e))) return NULL;
    }
    for (int i = 0; i < np; i++) {
        AstNode *p = def->params.v[i];
        if (i == star || i == dstar) {
            IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(na + nk + 1));
            int n = 0;
            if (i == star)
                for (int j = npos; j < na; j++) vals[n++] = ev[j];
            else
                for (int j = 0; j < nkw; j++) vals[n++] = ev[kwidx[j]];
            if (!(args[i] = extra_args(L, kwextra, vals, n, i == dstar, call->span))) return NULL;
        } else if (given[i]) {
            args[i] = ev[given[i] - 1];
        } else {
            /* a default: a nested def's hoisted one reads the hidden local its def assigned
             * (lw_def_stmt), bound in the caller, the defining function or one nested in it;
             * other defaults read the defining module's globals (Python evaluates them there,
             * at the def: lw_def_stmt hoisted one whose value lives at run time into a hidden
             * global it assigned there) */
            AstNode *e = p->rhs;
            if (def->outer && p->cond) {
                bool global;
                if ((args[i] = nested_default(L, call, def, p, fv, &global))) continue;
                if (!global) return NULL;
                e = p->cond;
            }
            Scope *saved_scope;
            UserModule *um = lw_module_of(L, def);
            UserModule *prev = lw_enter_module(L, um, &saved_scope);
            L->scope = L->module_scope;
            args[i] = lw_expr(L, e);
            lw_leave_module(L, prev, saved_scope);
            if (!args[i]) return NULL;
        }
    }
    return args;
}

static IrValue *user_call(Lower *L, AstNode *call, IrValue *fv)
{
    IrValue **args = lw_user_args(L, call, fv->type->def, fv);
    return args ? lw_call_user(L, fv, args, call->span) : NULL;
}

/* ---------------------------------------------------------------- entry */

static IrValue *call_value(Lower *L, AstNode *call, IrValue *fv);

/* The tuple or dict record that `*e` / `**e` (e: AST_STARRED) spreads: a name bound to one
 * (its length and keys are static); NULL after a located error. */
static IrValue *spread_value(Lower *L, AstNode *e)
{
    bool dict = e->ival == 2;
    IrValue *t = e->lhs->kind == AST_NAME ? lw_expr(L, e->lhs) : NULL;
    if (e->lhs->kind == AST_NAME && !t) return NULL;
    if (!t || t->type->kind != TY_TUPLE || !t->type->keys != !dict) {
        diag_error(e->span,
                   dict ? "f(**d) takes the name of a dict with constant str keys here%s%s"
                        : "f(*x) takes a tuple or a list here%s%s",
                   t ? ", not " : "", t ? ty_str_of(t->type) : "");
        return NULL;
    }
    return t;
}

/* t[k] (key: t["key"]) as an expression of the spread argument e */
static AstNode *spread_item(Lower *L, AstNode *e, int k, const char *key)
{
    AstNode *idx = ast_new(L->a, key ? AST_STR : AST_INT, e->span, NULL);
    AstNode *sub = ast_new(L->a, AST_SUBSCRIPT, e->span, NULL);
    idx->ival = k;
    if (key) {
        idx->sval = key;
        idx->slen = strlen(key);
    }
    sub->lhs = e->lhs;
    sub->rhs = idx;
    return sub;
}

/* call with each `*t` argument spread into t[0], t[1], ... (Python's f(*t)) for a name t
 * bound to a tuple, and each `**d` into keywords k=d["k"] for a name d bound to a dict with
 * constant str keys: a new call node, or call itself when it spreads nothing; NULL after a
 * located error. */
static AstNode *spread_args(Lower *L, AstNode *call)
{
    int n = 0, nk = 0;
    bool any = false;
    IrValue **sv = ar_alloc(L->a, sizeof(IrValue *) * (call->elts.n + call->params.n + 1));
    for (int i = 0; i < call->elts.n + call->params.n; i++) {
        bool kw = i >= call->elts.n;
        AstNode *e = kw ? call->params.v[i - call->elts.n] : call->elts.v[i];
        int *cnt = kw ? &nk : &n;
        if (e->kind != AST_STARRED) {
            (*cnt)++;
            continue;
        }
        any = true;
        if (!(sv[i] = spread_value(L, e))) return NULL;
        *cnt += sv[i]->type->n;
    }
    if (!any) return call;
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *call;
    c->elts = (Vec){ar_alloc(L->a, sizeof(void *) * (n ? n : 1)), 0, n};
    c->params = (Vec){ ar_alloc(L->a, sizeof(void *) * (nk ? nk : 1)), 0, nk };
    for (int i = 0; i < call->elts.n + call->params.n; i++) {
        bool kw = i >= call->elts.n;
        AstNode *e = kw ? call->params.v[i - call->elts.n] : call->elts.v[i];
        Vec *out = kw ? &c->params : &c->elts;
        if (e->kind != AST_STARRED) {
            out->v[out->n++] = e;
            continue;
        }
        for (int k = 0; k < sv[i]->type->n; k++) {
            const char *key = kw ? sv[i]->type->keys[k] : NULL;
            AstNode *item = spread_item(L, e, k, key);
            if (kw) {
                for (int j = 0; j < out->n; j++)
                    if (!strcmp(((AstNode *)out->v[j])->sval, key)) {
                        diag_error(e->span, "got multiple values for keyword argument '%s'", key);
                        return NULL;
                    }
                AstNode *a = ast_new(L->a, AST_KEYWORD, e->span, NULL);
                a->sval = key;
                a->rhs = item;
                item = a;
            }
            out->v[out->n++] = item;
        }
    }
    return c;
}

/* Is call a call of a builtin without side effects (str(n * 2) in a kernel template's
 * replace)? */
static bool pure_builtin_call(const AstNode *call)
{
    static const char *const pure[] = { "str", "int", "float", "bool", "repr", "len", "abs", NULL };
    if (call->lhs->kind != AST_NAME) return false;
    for (int i = 0; pure[i]; i++)
        if (!strcmp(call->lhs->sval, pure[i])) return true;
    return false;
}

/* Does expression e (or anything in it) call or bind (a call other than a pure builtin's, a
 * walrus)?  Such arguments are lowered once only. */
static bool has_effects(const AstNode *e)
{
    if (!e) return false;
    if ((e->kind == AST_CALL && !pure_builtin_call(e)) || e->kind == AST_WALRUS || e->kind == AST_COMP)
        return true;
    if (has_effects(e->lhs) || has_effects(e->rhs) || has_effects(e->cond)) return true;
    if (e->kind == AST_IFEXP && (has_effects(e->then) || has_effects(e->els))) return true;
    for (int i = 0; i < e->elts.n; i++)
        if (has_effects(e->elts.v[i])) return true;
    for (int i = 0; i < e->params.n; i++)
        if (has_effects(e->params.v[i])) return true;
    return false;
}

/* s.m(...): at compile time where the string and the arguments fold (lower/strfmt.c: kernel
 * source text stays a constant), else at run time (lower/pylib.c's str rows); methods only the
 * compile-time side has, and their errors, are lw_str_method's. */
static IrValue *str_method(Lower *L, AstNode *call, IrValue *s, const char *m)
{
    const ApiFn *sf = lw_api_find("str", m);
    const char *t;
    const IrInstr *bad;
    if (!sf) return lw_str_method(L, call, s, m);
    bool effects = false;
    for (int i = 0; i < call->elts.n; i++) effects |= has_effects(call->elts.v[i]);
    for (int i = 0; i < call->params.n; i++) effects |= has_effects(call->params.v[i]);
    if (effects || !lw_fold_str(L, s, &t, NULL, &bad)) return sf->lower(L, call, sf, s);
    DiagHold h;
    diag_hold(&h);
    IrValue *r = lw_str_method(L, call, s, m);
    diag_release(&h, false);
    return r ? r : sf->lower(L, call, sf, s);
}

IrValue *lw_call(Lower *L, AstNode *call)
{
    IrValue *star;
    if (lw_star_call(L, &call, &star)) return star; /* f(*xs) of a list (lower/star.c) */
    if (!(call = spread_args(L, call))) return NULL;
    lw_gen_args(L, call); /* list(g(...)) of a generator function g (lower/gen.c) */
    IrValue *got;
    if (lw_gen_builtin(L, call, &got)) return got; /* next(g(...)), any(g(...)) */
    AstNode *f = call->lhs;
    if (f->kind == AST_ATTR) {
        IrValue *obj = lw_expr(L, f->lhs);
        if (!obj) return NULL;
        const char *m = f->sval;
        UserModule *um = lw_user_module(L, obj->type);
        if (um) {
            /* helper.f(...): whatever helper's f is */
            IrValue *fv = lw_user_module_attr(L, um, m, f->span);
            return fv ? call_value(L, call, fv) : NULL;
        }
        if (obj->type->kind == TY_ARRAY) return array_method(L, call, obj, m);
        if (ty_is_deque(obj->type)) return lw_deque_method(L, call, obj, m);
        if (obj->type->kind == TY_LIST) return list_method(L, call, obj, m);
        if (obj->type->kind == TY_KERNEL) return lw_ukernel_method(L, call, obj->type->uk, m);
        if (obj->type->kind == TY_BUILTIN && lw_ufunc_op(obj->type) >= 0) {
            const ApiFn *fn = lw_api_find("cupy.ufunc", m); /* cp.add.reduce(x): self is the ufunc */
            if (fn) return fn->lower(L, call, fn, obj);
        }
        if (obj->type->kind == TY_SPARSE || obj->type->kind == TY_POLY1D) {
            const ApiFn *fn =
                lw_api_find(obj->type->kind == TY_SPARSE ? "cupyx.scipy.sparse.spmatrix" : "cupy.poly1d", m);
            if (fn) return fn->lower(L, call, fn, obj);
        }
        if (obj->type->kind == TY_STR && !strcmp(m, "format")) return lw_str_format(L, call, obj);
        if (obj->type->kind == TY_STR) return str_method(L, call, obj, m);
        if (lw_is_namedtuple(obj->type)) return lw_namedtuple_method(L, call, obj, m);
        if (obj->type->kind == TY_TUPLE && obj->type->keys) return lw_dict_method(L, call, obj, m);
        if (obj->type->kind == TY_DICT) return lw_table_method(L, call, obj, m);
        if (obj->type->kind == TY_TUPLE) return lw_tuple_method(L, call, obj, m);
        if (obj->type->kind == TY_SET) return lw_set_method(L, call, obj, m);
        if (obj->type->kind == TY_OBJ) {
            const ApiFn *fn = lw_api_find(obj->type->name, m);
            if (fn && !lw_device_prop(obj->type->name, m) && !lw_pylib_prop(obj->type->name, m))
                return fn->lower(L, call, fn, obj);
            if (!fn) {
                diag_error(f->span, "%s.%s is not supported by gpyc", obj->type->name, m);
                return NULL;
            }
        }
        if (obj->type->kind == TY_DTYPE && !strcmp(m, "type")) /* x.dtype.type(v): the scalar type's call */
            return call_value(L, call, lw_pseudo(L, ty_dtype(obj->type->dtype)));
        if (obj->type->kind != TY_MODULE) {
            diag_error(f->span, "'%s' object has no method '%s' that gpyc supports", ty_str_of(obj->type), m);
            return NULL;
        }
        const char *mod = obj->type->name;
        if (lw_is_npz(obj->type) && !strcmp(m, "close") && !call->elts.n && !call->params.n)
            return lw_pseudo(L, ty_none()); /* nothing is open between accesses */
        if (!strcmp(mod, "sys.stdout") && !strcmp(m, "flush")) {
            ir_emit(L->m, L->blk, IR_FLUSH, call->span, NULL, 0, NULL);
            return lw_pseudo(L, ty_none());
        }
        const ApiFn *fn = lw_api_find(mod, m);
        if (fn) return fn->lower(L, call, fn, NULL);
        bool at_call = !strcmp(mod, "cupy") || !strcmp(mod, "cupy.random") || !strcmp(mod, "numpy.random") ||
                       !strcmp(mod, "math");
        diag_error(at_call ? call->span : f->span, "%s.%s is not supported by gpyc", mod, m);
        return NULL;
    }
    if (f->kind == AST_SUBSCRIPT && f->lhs->kind == AST_NAME) { /* kernel[grid, block](args) */
        Binding *b = lw_lookup(L, f->lhs->sval);
        if (b && b->kind == BIND_CONST && b->value && b->value->type->kind == TY_KERNEL)
            return lw_ukernel_call(L, call, b->value->type->uk);
    }
    IrValue *fv = lw_expr(L, f);
    if (!fv) return NULL;
    return call_value(L, call, fv);
}

/* Calls the value fv (a user function, a builtin, an API function bound by name, a scalar
 * type) with call's arguments. */
static IrValue *call_value(Lower *L, AstNode *call, IrValue *fv)
{
    AstNode *f = call->lhs;
    switch (fv->type->kind) {
    case TY_FUNC: return fv->type->def ? user_call(L, call, fv) : lw_call_variant(L, call, fv);
    case TY_POLY1D: return lw_poly1d_call(L, call, fv);
    case TY_BUILTIN: {
        /* a builtin (print), or mod.name bound by `from mod import name` (lw_module_attr) */
        const char *name = fv->type->name;
        if (lw_is_namedtuple(fv->type->self)) return lw_namedtuple_new(L, call, fv->type);
        const char *dot = strrchr(name, '.');
        if (!dot) return lw_builtin_call(L, call, name);
        const char *mod = ar_strndup(L->a, name, dot - name);
        const ApiFn *fn = lw_api_find(mod, dot + 1);
        if (fn) return fn->lower(L, call, fn, NULL);
        diag_error(f->span, "%s is not supported by gpyc", name);
        return NULL;
    }
    case TY_DTYPE: return lw_scalar_type_call(L, call, fv->type->dtype);
    case TY_KERNEL: return lw_ukernel_call(L, call, fv->type->uk);
    default:
        diag_error(f->span, "'%s' object is not callable", ty_str_of(fv->type));
        return NULL;
    }
}

/* ---------------------------------------------------------------- gpyc --list-api */

typedef struct {
    Vec names;   /* char*, xmalloc'd */
} NameList;

static void collect_name(const char *full, void *ctx)
{
    vec_push(&((NameList *)ctx)->names, xstrdup(full));
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void lower_list_api(FILE *out)
{
    NameList l = {0};
    lw_api_each(collect_name, &l);
    qsort(l.names.v, l.names.n, sizeof(char *), cmp_str);
    for (int i = 0; i < l.names.n; i++) {
        if (i == 0 || strcmp(l.names.v[i], l.names.v[i - 1])) fprintf(out, "%s\n", (char *)l.names.v[i]);
    }
    for (int i = 0; i < l.names.n; i++) free(l.names.v[i]);
    vec_free(&l.names);
}
