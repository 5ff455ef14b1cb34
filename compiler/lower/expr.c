/*
 * lower/expr.c — expressions: names, literals, operators (through the ops.def type rules),
 * comparisons, boolean operators, conditional expressions, subscripts, tuples, lists and
 * f-strings.  Calls and attributes are in lower/call.c.
 *
 * NumPy 2 semantics kept here: NEP 50 promotion with Python scalars as weak types, the result
 * dtype of every ufunc rule, basic indexing giving views (and 0-d arrays for scalar indices,
 * as CuPy does).
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- type rules */

static Type *py_type_of(DType d)
{
    if (d == DT_BOOL) return ty_bool();
    if (dt_is_int(d)) return ty_int();
    if (dt_is_complex(d)) return ty_complex();
    return ty_float();
}

/* The promoted dtype of several operands, arrays strong and Python scalars weak (NEP 50).
 * to_float: each array's dtype is first replaced by its float dtype (dt_to_float), which is
 * what NumPy's loop search gives float-only ufuncs of two operands (int8, uint8 → float16). */
static bool promote_all(int n, IrValue **v, bool to_float, DType *out)
{
    bool have_arr = false;
    DType ad = DT_BOOL, orig = DT_BOOL;   /* promoted (float-converted) and original dtypes */
    const Type *best_scalar = NULL;
    static const int rank[TY_COUNT] = {[TY_BOOL] = 1, [TY_INT] = 2, [TY_FLOAT] = 3, [TY_COMPLEX] = 4};
    for (int i = 0; i < n; i++) {
        const Type *t = v[i]->type;
        if (t->kind == TY_ARRAY) {
            DType td = to_float ? dt_to_float(t->dtype) : t->dtype;
            ad = have_arr ? dt_promote(ad, td) : td;
            orig = have_arr ? dt_promote(orig, t->dtype) : t->dtype;
            have_arr = true;
        } else if (ty_is_scalar(t)) {
            if (!best_scalar || rank[t->kind] > rank[best_scalar->kind]) best_scalar = t;
        } else {
            return false;
        }
    }
    if (!have_arr) return ty_promote_operands(best_scalar, best_scalar, out);
    if (!best_scalar) {
        *out = ad;
        return true;
    }
    if (!to_float) return ty_promote_operands(ty_array(ad, 0), best_scalar, out);
    /* NEP 50 decides the scalar against the arrays' own dtypes: a Python float with an int8
     * array is float64 (arctan2(int8, 2.0) is float64), a Python int keeps the float the int
     * array converts to (arctan2(int8, 2) is float16). */
    DType w;
    if (!ty_promote_operands(ty_array(orig, 0), best_scalar, &w)) return false;
    *out = w == orig ? ad : dt_promote(ad, dt_to_float(w));
    return true;
}

/* NumPy's error for a ufunc without a loop for the operands' dtypes. */
static IrValue *no_loop(Span sp, const OpInfo *oi)
{
    diag_error(sp, "ufunc '%s' not supported for the input types, and the inputs could not be safely "
                   "coerced to any supported types according to the casting rule ''safe''",
               oi->numpy);
    return NULL;
}

/* Whether the Python int constant iv lies in the range of the integer dtype d; u64: iv holds
 * the bits of a literal above 2**63-1 (lw_is_u64_const). */
static bool int_in_range(int64_t iv, bool u64, DType d)
{
    int bits = dt_size(d) * 8;
    if (u64) return d == DT_UINT64;
    if (dt_is_signed(d)) return bits == 64 || (iv >= -((int64_t)1 << (bits - 1)) && iv < ((int64_t)1 << (bits - 1)));
    return iv >= 0 && (bits == 64 || iv < ((int64_t)1 << bits));
}

/* NEP 50: a Python int constant taking part in an integer ufunc is converted to the loop's
 * integer dtype d, and NumPy 2 raises OverflowError when it does not fit (uint8_array + 300).
 * Comparisons are exempt (NumPy 2 compares out-of-range Python ints by value: cmp_pyint), and
 * so are ufuncs whose loop is not an integer one (true_divide, logical_and, float_power). */
static bool int_fits_all(Span sp, int n, IrValue **v, DType d)
{
    for (int i = 0; i < n; i++) {
        int64_t iv;
        if (v[i]->type->kind != TY_INT || !lw_is_const_int(v[i], &iv)) continue;
        if (!int_in_range(iv, lw_is_u64_const(v[i]), d)) {
            diag_error(v[i]->def && v[i]->def->span.line ? v[i]->def->span : sp,
                       "Python integer %lld out of bounds for %s", (long long)iv, dt_name(d));
            return false;
        }
    }
    return true;
}

/* The smallest and largest value of the integer dtype d that an int64 can hold. */
static void int_limits(DType d, int64_t *lo, int64_t *hi)
{
    int bits = dt_size(d) * 8;
    if (dt_is_signed(d)) {
        *lo = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
        *hi = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
    } else {
        *lo = 0;
        *hi = bits == 64 ? INT64_MAX : ((int64_t)1 << bits) - 1;
    }
}

/* Whether the run-time int v is known to be >= 0: a length, a size or a dimension. */
static bool nonneg_int(const IrValue *v)
{
    const IrInstr *d = v->def;
    return d && (d->op == IR_SHAPE_DIM || d->op == IR_SIZE || d->op == IR_LIST_LEN || d->op == IR_ARGV_LEN);
}

/* Raises NumPy 2's OverflowError "Python integer V out of bounds for D" at run time when the
 * host bool cond holds (V: the run-time int v).  The message is built on the error path only. */
static bool pyint_raise_if(Lower *L, Span sp, IrValue *cond, IrValue *v, DType d)
{
    if (!cond) return false;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *msg = lw_str_of(L, v, sp);
    msg = msg ? lw_binop(L, AOP_ADD, sp, lw_const_str(L, sp, "Python integer "), msg) : NULL;
    msg = msg ? lw_binop(L, AOP_ADD, sp, msg, lw_const_str(L, sp, ar_printf(L->a, " out of bounds for %s", dt_name(d))))
              : NULL;
    if (msg) {
        IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &msg);
        r->sval = "OverflowError";
    }
    L->blk = outer;
    return msg != NULL;
}

bool lw_pyint_fits(Lower *L, Span sp, IrValue *v, DType d)
{
    if (v->type->kind != TY_INT || !dt_is_int(d)) return true;
    if (lw_is_const_int(v, NULL)) return int_fits_all(sp, 1, &v, d);
    int64_t lo, hi;
    int_limits(d, &lo, &hi);
    bool nonneg = nonneg_int(v);
    bool below = lo > INT64_MIN && !(nonneg && lo <= 0), above = hi < INT64_MAX;
    if (!below && !above) return true;   /* every int64 fits d */
    IrValue *cl = below ? lw_binop(L, AOP_LT, sp, v, lw_const_int(L, sp, lo)) : NULL;
    IrValue *ch = above ? lw_binop(L, AOP_GT, sp, v, lw_const_int(L, sp, hi)) : NULL;
    IrValue *cond = cl && ch ? lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){cl, ch}) : cl ? cl : ch;
    return pyint_raise_if(L, sp, cond, v, d);
}

bool lw_clip_pyint_bounds(Lower *L, Span sp, IrValue **args)
{
    const Type *ta = args[0]->type;
    if (ta->kind != TY_ARRAY || !dt_is_int(ta->dtype)) return true;
    DType d = ta->dtype;
    int64_t lo, hi;
    int_limits(d, &lo, &hi);
    bool u64 = d == DT_UINT64;   /* hi is then below the dtype's maximum */
    for (int k = 1; k <= 2; k++) {
        IrValue *b = args[k];
        if (b->type->kind != TY_INT) continue;
        int64_t iv;
        if (lw_is_const_int(b, &iv)) {
            if (lw_is_u64_const(b)) {
                if (k == 2 && !u64) args[k] = lw_const_int(L, sp, hi);
                continue;
            }
            if (k == 1 && iv <= lo) args[k] = lw_const_int(L, sp, lo);
            if (k == 2 && iv >= hi && !u64) args[k] = lw_const_int(L, sp, hi);
            continue;   /* a constant on the far side: lw_ewise's compile-time error */
        }
        if (lo == INT64_MIN && hi == INT64_MAX) continue;   /* int64: every bound fits */
        IrValue *lim = lw_const_int(L, sp, k == 1 ? lo : hi);
        IrValue *bad;
        if (k == 1) {
            /* a_min: raised to the minimum; past the maximum it is NumPy's error */
            bad = u64 ? NULL : lw_binop(L, AOP_GT, sp, b, lw_const_int(L, sp, hi));
            args[k] = lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){b, lim});
        } else {
            bad = nonneg_int(b) ? NULL : lw_binop(L, AOP_LT, sp, b, lw_const_int(L, sp, lo));
            if (!u64) args[k] = lw_ewise(L, IR_MINIMUM, sp, 2, (IrValue *[]){b, lim});
        }
        if (!args[k] || (bad && !pyint_raise_if(L, sp, bad, b, d))) return false;
    }
    return true;
}

/* The answer of a comparison op whose left operand is below its right one (less) or above
 * it (!less) — for every element, which is what an out-of-range int gives. */
static bool cmp_answer(IrOp op, bool less)
{
    switch (op) {
    case IR_EQ: return false;
    case IR_NE: return true;
    case IR_LT: case IR_LE: return less;
    default: return !less;   /* IR_GT, IR_GE */
    }
}

/* NumPy 2 compares an integer array with a Python int by value, whatever the int (its
 * comparison ufuncs special-case Python ints: uint8_array < 300 is all True, uint8_array ==
 * -1 all False, int8_array > -1000 all True), where arithmetic raises OverflowError.
 *   - a constant outside the array dtype's range: the all-True or all-False array of the
 *     array's shape (*folded);
 *   - an int known only at run time: the comparison computes in int64, which holds every
 *     value of the array's dtype and of the int (*cd); against a uint64 array the int's sign
 *     decides when it is negative (*neg_answer is then the answer for a negative int and
 *     *sint the int: lw_ewise combines them after the comparison).
 * args: the two operands (one an integer array of dtype d, or both arrays: nothing to do). */
static void cmp_pyint(Lower *L, IrOp op, Span sp, IrValue **args, DType d, DType *cd, IrValue **folded,
                      IrValue **sint, bool *neg_answer)
{
    *folded = *sint = NULL;
    for (int i = 0; i < 2; i++) {
        IrValue *s = args[i], *arr = args[1 - i];
        if (s->type->kind != TY_INT || arr->type->kind != TY_ARRAY) continue;
        int64_t iv;
        if (lw_is_const_int(s, &iv)) {
            bool u64 = lw_is_u64_const(s);
            if (int_in_range(iv, u64, d)) return;
            bool above = u64 || iv > 0;   /* the int is above every element (else below) */
            /* i == 1: array OP int, the left operand below the right one when the int is above */
            bool ans = cmp_answer(op, i == 1 ? above : !above);
            IrValue *dims[IR_MAXDIM];
            lw_shape_of(L, arr, sp, dims);
            *folded = lw_emit_full(L, sp, DT_BOOL, arr->type->ndim, dims, lw_const_bool(L, sp, ans));
            return;
        }
        if (d == DT_UINT64) {
            *sint = s;
            *neg_answer = cmp_answer(op, i == 0);   /* a negative int is below every element */
        } else if (d != DT_INT64) {
            *cd = DT_INT64;
        }
        return;
    }
}

static const char *kind_word(const Type *t)
{
    if (t->kind == TY_ARRAY) return "an array";
    return ty_str_of(t);
}

bool lw_ewise_operands(Span sp, const OpInfo *oi, int nargs, IrValue **args)
{
    for (int i = 0; i < nargs; i++) {
        const Type *t = args[i]->type;
        if (t->kind == TY_ARRAY || ty_is_scalar(t)) continue;
        if (oi->numpy[0])
            diag_error(sp, "'%s' needs numbers or arrays, got %s", oi->numpy, kind_word(t));
        else
            diag_error(sp, "unsupported operand type %s", ty_str_of(t));
        return false;
    }
    return true;
}

/* lw_ewise; script: an operation the script writes (an operator, an in-place operator, a
 * ufunc call), whose Python int operands get NEP 50's run-time range check (lw_pyint_fits). */
static IrValue *ewise(Lower *L, IrOp op, Span sp, int nargs, IrValue **args, bool script)
{
    const OpInfo *oi = ir_op_info(op);
    GPYC_ASSERT(oi && oi->nargs == nargs);
    if (!lw_ewise_operands(sp, oi, nargs, args)) return NULL;
    int ndim = 0;
    bool any_array = false;
    for (int i = 0; i < nargs; i++) {
        const Type *t = args[i]->type;
        if (t->kind == TY_ARRAY) {
            any_array = true;
            if (t->ndim > ndim) ndim = t->ndim;
        }
    }
    DType d, cd, rd;
    IrValue **pargs = args;
    int pn = nargs;
    if (oi->rule == RULE_WHERE) { /* the condition does not take part in promotion */
        pargs = args + 1;
        pn = 2;
    } else if (oi->rule == RULE_ROUND || oi->rule == RULE_LDEXP) {
        pn = 1;
    }
    bool to_float = (oi->rule == RULE_RFLOAT || oi->rule == RULE_FLOAT || oi->rule == RULE_FTEST) && nargs == 2;
    if (!promote_all(pn, pargs, to_float, &d)) GPYC_UNREACHABLE();
    /* Python scalars: bool arithmetic is int arithmetic */
    if (!any_array && d == DT_BOOL &&
        (oi->rule == RULE_ARITH || oi->rule == RULE_SAME || oi->rule == RULE_ABS || oi->rule == RULE_TDIV ||
         oi->rule == RULE_REM) &&
        op != IR_MAXIMUM && op != IR_MINIMUM && op != IR_FMAX && op != IR_FMIN)
        d = DT_INT64;
    cd = rd = d;
    switch (oi->rule) {
    case RULE_ARITH:
        if (any_array && d == DT_BOOL) {
            if (op == IR_SUB) {
                diag_error(sp, "numpy boolean subtract, the `-` operator, is not supported, use the "
                               "bitwise_xor, the `^` operator, or the logical_xor function instead.");
                return NULL;
            }
            if (op == IR_POW) cd = rd = DT_INT8;
        }
        break;
    case RULE_REM:
        if (dt_is_complex(d)) return no_loop(sp, oi);
        if (any_array && d == DT_BOOL) cd = rd = DT_INT8;
        break;
    case RULE_RFLOAT:
    case RULE_FTEST:
        if (dt_is_complex(d)) return no_loop(sp, oi);
        cd = rd = dt_to_float(d);
        if (oi->rule == RULE_FTEST) rd = DT_BOOL;
        break;
    case RULE_F64:
        if (dt_is_complex(d) && op == IR_I0) return no_loop(sp, oi);
        if (!dt_is_float(d) && !dt_is_complex(d)) cd = rd = DT_FLOAT64;
        break;
    case RULE_FPOW: cd = rd = dt_is_complex(d) ? DT_COMPLEX128 : DT_FLOAT64; break;
    case RULE_INT:
        if (!dt_is_int(d)) return no_loop(sp, oi);
        break;
    case RULE_LDEXP: {
        /* the exponent: an integer (bool too), not uint64; the mantissa: real */
        const Type *te = args[1]->type;
        DType ed = te->kind == TY_ARRAY ? te->dtype : ty_scalar_dtype(te);
        if (dt_is_complex(d) || (ed != DT_BOOL && !dt_is_int(ed)) || ed == DT_UINT64) return no_loop(sp, oi);
        cd = rd = args[0]->type->kind == TY_ARRAY ? dt_to_float(d) : DT_FLOAT64;
        break;
    }
    case RULE_ANGLE:
        if (dt_is_complex(d)) rd = dt_real(d);
        else cd = rd = (d == DT_BOOL && any_array) ? DT_FLOAT64 : dt_to_float(d);
        break;
    case RULE_CPLX:
        if (dt_is_complex(d)) return no_loop(sp, oi);
        cd = rd = dt_to_float(d) == DT_FLOAT64 || !any_array ? DT_COMPLEX128 : DT_COMPLEX64;
        break;
    case RULE_TDIV:
        if (!dt_is_float(d) && !dt_is_complex(d)) cd = rd = (op == IR_TRUEDIV) ? DT_FLOAT64 : dt_to_float(d);
        break;
    case RULE_FLOAT: cd = rd = dt_to_float(d); break;
    case RULE_SAME:
        if ((op == IR_RECIPROCAL || op == IR_CONJ) && any_array && d == DT_BOOL) cd = rd = DT_INT8;
        /* NumPy 2.3 and CuPy 14: floor, ceil, trunc (and fix) keep integer and bool dtypes;
         * rint of them is a float */
        if (op == IR_RINT && !dt_is_float(d) && !dt_is_complex(d)) cd = rd = dt_to_float(d);
        if (op == IR_NEG && any_array && d == DT_BOOL) {
            diag_error(sp, "The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                           "operator or the logical_not function instead.");
            return NULL;
        }
        break;
    case RULE_CMP: rd = DT_BOOL; break;
    case RULE_BIT:
        if (!dt_is_int(d) && d != DT_BOOL) {
            diag_error(sp, "ufunc '%s' not supported for the input types, and the inputs could not be "
                           "safely coerced to any supported types according to the casting rule ''safe''",
                       oi->numpy);
            return NULL;
        }
        if (op == IR_INVERT && d == DT_BOOL) {
            op = IR_LOGICAL_NOT;
            rd = DT_BOOL;
        }
        break;
    case RULE_LOGIC: rd = DT_BOOL; break;
    case RULE_ABS: rd = dt_real(d); break;
    case RULE_WHERE:
    case RULE_CLIP:
    case RULE_ROUND: break;
    case RULE_CAST: GPYC_UNREACHABLE();
    }
    /* NEP 50: Python ints are converted to the loop's dtype cd; an integer loop raises
     * OverflowError for one out of its range: constants here, run-time ints before the kernel
     * (script ops only: gpyc's own index arithmetic is not NumPy's).  The logical ufuncs have
     * bool loops for every input (NumPy's promoter): their ints become bools. */
    bool pyint = false;
    for (int i = 0; i < pn; i++) pyint |= pargs[i]->type->kind == TY_INT;
    if (oi->rule == RULE_LOGIC && nargs == 2 && any_array && pyint && dt_is_int(cd)) cd = DT_BOOL;
    if (pyint && any_array && dt_is_int(cd) && oi->rule != RULE_CMP && oi->rule != RULE_WHERE) {
        if (!int_fits_all(sp, pn, pargs, cd)) return NULL;
        for (int i = 0; script && i < pn; i++)
            if (!lw_pyint_fits(L, sp, pargs[i], cd)) return NULL;
    }
    IrValue *sint = NULL;   /* a run-time int compared with a uint64 array (cmp_pyint) */
    bool neg_answer = false;
    if (oi->rule == RULE_CMP && any_array && dt_is_int(d)) {
        IrValue *folded;
        cmp_pyint(L, op, sp, args, d, &cd, &folded, &sint, &neg_answer);
        if (folded) return folded;
    }
    if (!any_array) {
        /* host arithmetic on Python scalars: computed in int64 / double / complex128 */
        if (dt_is_float(cd)) cd = DT_FLOAT64;
        if (dt_is_float(rd)) rd = DT_FLOAT64;
        if (dt_is_int(cd)) cd = DT_INT64;
        if (dt_is_int(rd)) rd = DT_INT64;
    }
    Type *t = any_array ? ty_array(rd, ndim) : py_type_of(rd);
    IrValue *r = lw_emit(L, op, sp, t, nargs, args);
    r->def->dtype = rd;
    r->def->cdtype = cd;
    if (sint) {
        /* uint64 array OP int: the uint64 comparison where the int is >= 0, else neg_answer */
        IrValue *z = lw_const_int(L, sp, 0);
        IrValue *c = lw_binop(L, neg_answer ? AOP_LT : AOP_GE, sp, sint, z);
        r = c ? lw_ewise(L, neg_answer ? IR_LOGICAL_OR : IR_LOGICAL_AND, sp, 2, (IrValue *[]){c, r}) : NULL;
    }
    return r;
}

IrValue *lw_ewise(Lower *L, IrOp op, Span sp, int nargs, IrValue **args) { return ewise(L, op, sp, nargs, args, false); }

IrValue *lw_ewise_py(Lower *L, IrOp op, Span sp, int nargs, IrValue **args)
{
    return ewise(L, op, sp, nargs, args, true);
}

IrValue *lw_cast(Lower *L, IrValue *v, DType to, Span sp)
{
    GPYC_ASSERT(v->type->kind == TY_ARRAY);
    IrValue *r = lw_emit1(L, IR_CAST, sp, ty_array(to, v->type->ndim), v);
    r->def->dtype = to;
    r->def->cdtype = v->type->dtype;
    return r;
}

IrValue *lw_to_scalar(Lower *L, IrValue *v, TypeKind k, Span sp)
{
    if (v->type->kind == k) return v;
    IrOp op = k == TY_BOOL ? IR_TO_BOOL : k == TY_INT ? IR_TO_INT : k == TY_FLOAT ? IR_TO_FLOAT : IR_TO_COMPLEX;
    Type *t = k == TY_BOOL ? ty_bool() : k == TY_INT ? ty_int() : k == TY_FLOAT ? ty_float() : ty_complex();
    if (v->type->kind == TY_ARRAY || ty_is_scalar(v->type) || v->type->kind == TY_STR) {
        if (v->type->kind == TY_COMPLEX && k != TY_BOOL && k != TY_COMPLEX) {
            diag_error(sp, "%s() argument must be a string or a real number, not 'complex'",
                       k == TY_INT ? "int" : "float");
            return NULL;
        }
        if (v->type->kind == TY_STR && k == TY_COMPLEX) {
            diag_error(sp, "complex() of a string is not supported");
            return NULL;
        }
        /* constant folding for literals */
        int64_t iv;
        if (lw_is_const_int(v, &iv)) {
            if (k == TY_FLOAT) return lw_const_float(L, sp, (double)iv);
            if (k == TY_INT) return lw_const_int(L, sp, iv);
            if (k == TY_BOOL) return lw_const_bool(L, sp, iv != 0);
        }
        return lw_emit1(L, op, sp, t, v);
    }
    diag_error(sp, "cannot convert %s to %s", ty_str_of(v->type), ty_str_of(t));
    return NULL;
}

IrValue *lw_truth(Lower *L, IrValue *v, Span sp)
{
    switch (v->type->kind) {
    case TY_BOOL: return v;
    case TY_INT:
    case TY_FLOAT:
    case TY_COMPLEX:
    case TY_STR:
    case TY_BYTES:
    case TY_ARRAY:
    case TY_DICT:
    case TY_SET: return lw_emit1(L, IR_TO_BOOL, sp, ty_bool(), v);
    case TY_LIST: {
        IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), v);
        return lw_emit1(L, IR_TO_BOOL, sp, ty_bool(), n);
    }
    case TY_NONE: return lw_const_bool(L, sp, false);
    case TY_POLY1D: return lw_binop(L, AOP_NE, sp, lw_poly1d_len(L, v, sp), lw_cint(L, sp, 0));
    case TY_TUPLE: return lw_const_bool(L, sp, v->type->n > 0);
    case TY_MODULE:
    case TY_FUNC:
    case TY_BUILTIN:
    case TY_DTYPE: return lw_const_bool(L, sp, true);
    default:
        diag_error(sp, "%s has no truth value", ty_str_of(v->type));
        return NULL;
    }
}

IrValue *lw_str_of(Lower *L, IrValue *v, Span sp)
{
    switch (v->type->kind) {
    case TY_STR: return v;
    case TY_DTYPE: return lw_const_str(L, sp, dt_name(v->type->dtype));
    case TY_NONE: return lw_const_str(L, sp, "None");
    case TY_BOOL: case TY_INT: case TY_FLOAT: case TY_COMPLEX: case TY_ARRAY: case TY_LIST: case TY_TUPLE:
    case TY_DICT:
    case TY_SET:
    case TY_BYTES:
    case TY_POLY1D:
        if (ty_holds_obj(v->type) || ty_holds_func(v->type) || !lw_is_runtime_type(v->type)) break;
        return lw_emit1(L, IR_TO_STR, sp, ty_str(), v);
    case TY_SVIEW: return lw_sarray_str(L, v, sp);
    case TY_OBJ: {
        IrValue *str = lw_device_str(L, v, ast_new(L->a, AST_NAME, sp, NULL));
        if (str) return str;
        break;
    }
    default: break;
    }
    diag_error(sp, "cannot convert %s to str", ty_str_of(v->type));
    return NULL;
}

/* ---------------------------------------------------------------- tuples and lists */

static bool is_runtime(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: case TY_INT: case TY_FLOAT: case TY_COMPLEX: case TY_STR: case TY_ARRAY: case TY_LIST:
    case TY_OBJ:
    case TY_SVIEW:
    case TY_BYTES:
    case TY_POLY1D:
    case TY_DICT:
    case TY_SET: return true;
    case TY_TUPLE: return lw_is_runtime_type(t); /* not a compile-time tuple of dtypes */
    case TY_FUNC: return ty_is_fvalue(t);
    default: return false;
    }
}

static bool is_format(const Type *t) { return t->kind == TY_DTYPE || t->kind == TY_SDTYPE; }

/* A tuple (or list: what) of dtypes and structured dtypes, numpy.dtype's formats: a compile-time
 * value (a pseudo value; its element types are the elements) or, of structured dtypes with a
 * run-time layout, a tuple of their layouts. */
static IrValue *format_tuple(Lower *L, Span sp, int n, IrValue **elems, const char *what)
{
    Type **ts = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
    int nrt = 0;
    for (int i = 0; i < n; i++) {
        if (!is_format(elems[i]->type)) {
            diag_error(sp,
                       "a %s of dtypes cannot hold %s (gpyc holds it as a compile-time tuple: dtypes such as "
                       "numpy.float64 and structured dtypes only)",
                       what, ty_str_of(elems[i]->type));
            return NULL;
        }
        ts[i] = elems[i]->type;
        nrt += lw_is_runtime_type(ts[i]);
    }
    if (!nrt) return lw_pseudo(L, ty_tuple(n, ts));
    if (nrt < n) {
        diag_error(sp,
                   "a %s of dtypes holds structured dtypes with a run-time layout only when all its elements "
                   "are such (gpyc)",
                   what);
        return NULL;
    }
    Type *t = ty_tuple(n, ts);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, n, elems);
}

IrValue *lw_tuple(Lower *L, Span sp, int n, IrValue **elems)
{
    for (int i = 0; i < n; i++)
        if (is_format(elems[i]->type)) return format_tuple(L, sp, n, elems, "tuple");
    Type **ts = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (elems[i]->type->kind == TY_FUNC && /* a function value (lower/closure.c) */
            !(elems[i] = lw_func_value(L, elems[i], sp, ESC_STORE)))
            return NULL;
        if (!is_runtime(elems[i]->type)) {
            diag_error(sp, "a tuple cannot hold %s", ty_str_of(elems[i]->type));
            return NULL;
        }
        ts[i] = elems[i]->type;
    }
    Type *t = ty_tuple(n, ts);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, n, elems);
}

IrValue *lw_tuple_get(Lower *L, IrValue *t, int i, Span sp)
{
    GPYC_ASSERT(ty_is_struct(t->type) && i >= 0 && i < t->type->n);
    if (t->id < 0) return lw_pseudo(L, t->type->elems[i]); /* a compile-time tuple of dtypes */
    if (t->def && t->def->op == IR_TUPLE) return t->def->args[i];
    IrValue *r = lw_emit1(L, IR_TUPLE_GET, sp, t->type->elems[i], t);
    r->def->ival = i;
    return r;
}

static IrValue *lower_list(Lower *L, AstNode *e)
{
    int n = e->elts.n;
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    Type *et = NULL;
    for (int i = 0; i < n; i++) {
        if (!(vs[i] = lw_expr(L, e->elts.v[i]))) return NULL;
        if (vs[i]->type->kind == TY_FUNC && /* a function value (lower/closure.c) */
            !(vs[i] = lw_func_value(L, vs[i], ((AstNode *)e->elts.v[i])->span, ESC_STORE)))
            return NULL;
        lw_note_escape(L, vs[i]->type);
        if (is_format(vs[i]->type)) {
            /* a list of dtypes (numpy.dtype's formats) is a tuple: gpyc has no dtypes at run time */
            for (int j = i + 1; j < n; j++)
                if (!(vs[j] = lw_expr(L, e->elts.v[j]))) return NULL;
            return format_tuple(L, e->span, n, vs, "list");
        }
        if (!is_runtime(vs[i]->type) || vs[i]->type->kind == TY_SVIEW) {
            diag_error(((AstNode *)e->elts.v[i])->span, "a list cannot hold %s", ty_str_of(vs[i]->type));
            return NULL;
        }
        if (!et) {
            et = vs[i]->type;
        } else if (et->kind == TY_FUNC && vs[i]->type->kind == TY_FUNC) {
            continue; /* functions of other types: a variant, below */
        } else if (!ty_equal(et, vs[i]->type)) {
            /* numbers mix as Python's sorted() and printing would not: keep lists homogeneous,
             * but promote int/float mixes of literals to float */
            if (ty_is_scalar(et) && ty_is_scalar(vs[i]->type) && et->kind != TY_COMPLEX &&
                vs[i]->type->kind != TY_COMPLEX) {
                et = (et->kind == TY_FLOAT || vs[i]->type->kind == TY_FLOAT) ? ty_float() : ty_int();
            } else {
                diag_error(((AstNode *)e->elts.v[i])->span, "lists must be homogeneous: %s after %s",
                           ty_str_of(vs[i]->type), ty_str_of(et));
                return NULL;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (et && ty_is_scalar(et) && !ty_equal(vs[i]->type, et))
            vs[i] = lw_to_scalar(L, vs[i], et->kind, ((AstNode *)e->elts.v[i])->span);
    if (et && et->kind == TY_FUNC) { /* [f, g]: one variant of their types (lower/closure.c) */
        if (!lw_func_values_join(L, n, vs, e->span)) return NULL;
        et = vs[0]->type;
    }
    Type *lt = ty_list(et);
    if (et && et->kind == TY_TUPLE) ir_need_tuple(L->m, et);
    return lw_emit(L, IR_LIST_NEW, e->span, lt, n, vs);
}

/* ---------------------------------------------------------------- indexing */

IrValue *lw_index(Lower *L, IrValue *arr, AstNode *index, Span sp)
{
    AstNode *one[1] = {index};
    AstNode **items = one;
    int n = 1;
    if (index->kind == AST_TUPLE) {
        items = (AstNode **)index->elts.v;
        n = index->elts.n;
    }
    if (n > IR_MAXDIM * 2) {
        diag_error(index->span, "too many indices");
        return NULL;
    }
    IrValue *args[1 + IR_MAXDIM * 2 * 3];
    IdxKind kinds[IR_MAXDIM * 2];
    int na = 0, nint = 0, nslice = 0, nnew = 0, nell = 0, nadv = 0;
    args[na++] = arr;
    for (int i = 0; i < n; i++) {
        AstNode *it = items[i];
        if (it->kind == AST_SLICE) {
            AstNode *parts[3] = {it->lhs, it->rhs, it->cond};
            for (int k = 0; k < 3; k++) {
                IrValue *v;
                if (!parts[k]) {
                    v = lw_const_none(L, it->span);
                } else {
                    if (!(v = lw_expr(L, parts[k]))) return NULL;
                    IrValue *iv = v->type->kind == TY_NONE ? NULL : lw_as_index(L, v, parts[k]->span);
                    if (iv) v = iv;
                    if (v->type->kind != TY_INT && v->type->kind != TY_NONE) {
                        diag_error(parts[k]->span, "slice indices must be integers or None, not %s",
                                   ty_str_of(v->type));
                        return NULL;
                    }
                    if (k == 2) {
                        int64_t st;
                        if (lw_is_const_int(v, &st) && st == 0) {
                            diag_error(parts[k]->span, "slice step cannot be zero");
                            return NULL;
                        }
                    }
                }
                args[na++] = v;
            }
            kinds[i] = IDX_SLICE;
            nslice++;
            continue;
        }
        if (it->kind == AST_ELLIPSIS) {
            kinds[i] = IDX_ELLIPSIS;
            if (++nell > 1) {
                diag_error(it->span, "an index can only have a single ellipsis ('...')");
                return NULL;
            }
            continue;
        }
        IrValue *v = it->kind == AST_LIST ? lw_index_list(L, it) : lw_expr(L, it);
        if (!v) return NULL;
        if (v->type->kind == TY_NONE) {
            kinds[i] = IDX_NEWAXIS;
            nnew++;
            continue;
        }
        if (v->type->kind == TY_INT || v->type->kind == TY_BOOL) {
            if (v->type->kind == TY_BOOL) v = lw_to_scalar(L, v, TY_INT, it->span);
            args[na++] = v;
            kinds[i] = IDX_INT;
            nint++;
            continue;
        }
        if (v->type->kind == TY_TUPLE && n == 1) return lw_index_tuple(L, arr, v, index->span, sp);
        if (v->type->kind == TY_ARRAY || v->type->kind == TY_LIST) {
            /* advanced indexing (lower/subscript.c): the array rides in an IDX_INT item */
            args[na++] = v;
            kinds[i] = IDX_INT;
            nadv++;
            continue;
        }
        diag_error(it->span, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                             "integer or boolean arrays are valid indices");
        return NULL;
    }
    if (nadv) return lw_index_adv(L, arr, index->span, sp, n, kinds, na, args);
    int nd = arr->type->ndim;
    if (nint + nslice > nd) {
        diag_error(index->span, "too many indices for array: array is %d-dimensional, but %d were indexed", nd,
                   nint + nslice);
        return NULL;
    }
    int rnd = nd - nint + nnew;
    if (rnd > IR_MAXDIM) {
        diag_error(index->span, "the result would have %d dimensions; gpyc supports up to %d", rnd, IR_MAXDIM);
        return NULL;
    }
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(arr->type->dtype, rnd), na, args);
    r->def->nidx = n;
    for (int i = 0; i < n; i++) r->def->idx[i] = kinds[i];
    return r;
}

/* b'...': a bytes value, its bytes an array literal of uint8. */
static IrValue *bytes_literal(Lower *L, AstNode *e)
{
    size_t n = e->slen;
    IrValue **v = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    for (size_t i = 0; i < n; i++) v[i] = lw_cint(L, e->span, (unsigned char)e->sval[i]);
    IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(DT_UINT8, 1), (int)n, v);
    r->def->dtype = DT_UINT8;
    r->def->ndim = 1;
    r->def->shape[0] = (int64_t)n;
    return lw_bytes_of(L, e->span, r);
}

/* b[i] of a bytes value: an int (Python's IndexError "index out of range" outside
 * [-len(b), len(b))); b[i:j:k]: a bytes value, a copy. */
static IrValue *bytes_subscript(Lower *L, IrValue *b, AstNode *e)
{
    Span sp = e->span;
    IrValue *arr = lw_bytes_array(L, sp, b);
    if (e->rhs->kind == AST_SLICE) {
        IrValue *v = lw_index(L, arr, e->rhs, sp);
        return v ? lw_bytes_of(L, sp, lw_copy_of(L, sp, v)) : NULL;
    }
    IrValue *v = lw_expr(L, e->rhs), *i = v ? lw_as_index(L, v, e->rhs->span) : NULL;
    if (v && !i) {
        diag_error(e->rhs->span, "byte indices must be integers or slices, not %s", ty_str_of(v->type));
        return NULL;
    }
    if (!i) return NULL;
    IrValue *n = lw_dim(L, sp, arr, 0);
    IrValue *out = lw_binop(L, AOP_BITOR, sp, lw_binop(L, AOP_GE, sp, i, n),
                            lw_binop(L, AOP_LT, sp, i, lw_isub(L, sp, lw_cint(L, sp, 0), n)));
    if (!lw_raise_if(L, sp, out, "IndexError", "index out of range")) return NULL;
    LwIx ix;
    lw_ix_init(&ix, arr);
    lw_ix_int(&ix, i);
    return lw_to_scalar(L, lw_ix_emit(L, sp, &ix), TY_INT, sp);
}

/* s[i] of a str: its code point i, a str (Python's IndexError "string index out of range");
 * s[a:b:c]: a str, bounds and step as slice.indices takes them (run-time ints or None). */
static IrValue *str_subscript(Lower *L, IrValue *s, AstNode *e)
{
    Span sp = e->span;
    AstNode *sl = e->rhs;
    if (sl->kind != AST_SLICE) {
        IrValue *v = lw_expr(L, sl), *i = v ? lw_as_index(L, v, sl->span) : NULL;
        if (v && !i) diag_error(sl->span, "string indices must be integers, not '%s'", ty_str_of(v->type));
        return i ? lw_host_call(L, sp, IR_PYLIB, PY_STR_ITEM, ty_str(), 2, (IrValue *[]){ s, i }) : NULL;
    }
    AstNode *parts[3] = { sl->lhs, sl->rhs, sl->cond };
    IrValue *args[5] = { s };
    int given = 0;
    for (int k = 0; k < 3; k++) {
        args[k + 1] = lw_cint(L, sp, 0);
        if (!parts[k] || parts[k]->kind == AST_NONE) continue;
        IrValue *v = lw_expr(L, parts[k]), *i = v ? lw_as_index(L, v, parts[k]->span) : NULL;
        if (!i) {
            if (v) diag_error(parts[k]->span, "slice indices must be integers or None or have an __index__ method");
            return NULL;
        }
        args[k + 1] = i;
        given |= 1 << k;
    }
    args[4] = lw_cint(L, sp, given);
    return lw_host_call(L, sp, IR_PYLIB, PY_STR_SLICE, ty_str(), 5, args);
}

/* t[a:b:c] of a tuple: a new tuple of the elements slice(a, b, c).indices(len(t)) picks, as
 * Python's; a, b and c constants or None (a tuple's length and element types are static). */
static IrValue *tuple_slice(Lower *L, IrValue *t, AstNode *sl, Span sp)
{
    AstNode *parts[3] = { sl->lhs, sl->rhs, sl->cond };
    int64_t v[3] = { 0, 0, 1 };
    bool given[3] = { false, false, false };
    for (int k = 0; k < 3; k++) {
        if (!parts[k] || parts[k]->kind == AST_NONE) continue;
        IrValue *x = lw_expr(L, parts[k]);
        if (!x) return NULL;
        if (!lw_is_const_int(x, &v[k])) {
            diag_error(parts[k]->span,
                       "a tuple's slice takes constant bounds and step here, not %s (its length and element "
                       "types are static in gpyc: make a list to slice it at run time)",
                       x->type->kind == TY_INT ? "an int computed at run time" : ty_str_of(x->type));
            return NULL;
        }
        given[k] = true;
    }
    int64_t n = t->type->n, step = v[2];
    if (step == 0) {
        diag_error(parts[2]->span, "ValueError: slice step cannot be zero");
        return NULL;
    }
    /* slice.indices(n) */
    int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? n - 1 : n, at[2];
    for (int k = 0; k < 2; k++) {
        int64_t x = v[k];
        if (!given[k]) at[k] = (step < 0) == (k == 0) ? upper : lower;
        else if (x < 0) at[k] = x + n < lower ? lower : x + n;
        else at[k] = x > upper ? upper : x;
    }
    IrValue **el = ar_alloc(L->a, sizeof *el * (size_t)(n ? n : 1));
    int m = 0;
    step = step > n ? n + 1 : step < -n ? -(n + 1) : step; /* (the same elements; no overflow) */
    for (int64_t i = at[0]; step > 0 ? i < at[1] : i > at[1]; i += step)
        el[m++] = lw_tuple_get(L, t, (int)i, sp);
    return lw_tuple(L, sp, m, el);
}

static IrValue *lower_subscript(Lower *L, AstNode *e)
{
    IrValue *obj = lw_expr(L, e->lhs);
    if (!obj) return NULL;
    switch (obj->type->kind) {
    case TY_ARRAY:
        if (obj->type->ndim == 0) {
            /* a[()] and a[...] are the only valid indices of a 0-d array */
            if (e->rhs->kind != AST_ELLIPSIS) {
                diag_error(e->rhs->span, "too many indices for array: array is 0-dimensional, but 1 were indexed");
                return NULL;
            }
        }
        return lw_index(L, obj, e->rhs, e->span);
    case TY_BYTES: return bytes_subscript(L, obj, e);
    case TY_STR: return str_subscript(L, obj, e);
    case TY_POLY1D: {
        IrValue *k = lw_int_arg(L, e->rhs);
        return k ? lw_poly1d_item(L, obj, k, e->span) : NULL;
    }
    case TY_DICT: {
        IrValue *k = lw_expr(L, e->rhs);
        return k ? lw_table_get(L, obj, k, e->span) : NULL;
    }
    case TY_SVIEW: return lw_sarray_index(L, obj, e->rhs, e->span);
    case TY_TUPLE: {
        if (lw_is_dict_record(obj->type)) return lw_dict_get(L, obj, e->rhs, e->span);
        if (e->rhs->kind == AST_SLICE) return tuple_slice(L, obj, e->rhs, e->span);
        IrValue *iv = lw_expr(L, e->rhs);
        if (!iv) return NULL;
        int64_t k;
        if (!lw_is_const_int(iv, &k)) {
            diag_error(e->rhs->span, "tuple indices must be integer constants (a tuple's elements are typed one "
                                     "by one in gpyc: write t[0], t[-1], t[1:])");
            return NULL;
        }
        if (k < 0) k += obj->type->n;
        if (k < 0 || k >= obj->type->n) {
            diag_error(e->rhs->span, "tuple index out of range");
            return NULL;
        }
        return lw_tuple_get(L, obj, (int)k, e->span);
    }
    case TY_LIST: {
        if (e->rhs->kind == AST_SLICE && ty_is_deque(obj->type)) {
            diag_error(e->rhs->span,
                       "sequence index must be integer, not 'slice' (a deque has no slices: write "
                       "list(q)[a:b])");
            return NULL;
        }
        if (e->rhs->kind == AST_SLICE) return lw_list_slice(L, obj, e);
        IrValue *iv = lw_expr(L, e->rhs);
        if (!iv) return NULL;
        IrValue *ii = lw_as_index(L, iv, e->rhs->span);
        if (!ii) {
            diag_error(e->rhs->span, "list indices must be integers or slices, not %s", ty_str_of(iv->type));
            return NULL;
        }
        if (!obj->type->elem) {
            diag_error(e->span, "list index out of range (the list is always empty here)");
            return NULL;
        }
        return lw_emit2(L, IR_LIST_GET, e->span, obj->type->elem, obj, ii);
    }
    case TY_MODULE:
        if (lw_is_npz(obj->type)) return lw_npz_subscript(L, obj, e);
        if (!obj->type->def && (!strcmp(obj->type->name, "cupy.mgrid") || !strcmp(obj->type->name, "cupy.ogrid") ||
                                !strcmp(obj->type->name, "cupy.r_") || !strcmp(obj->type->name, "cupy.c_")))
            return lw_grid_subscript(L, obj->type->name, e);
        if (strcmp(obj->type->name, "sys.argv") == 0) {
            IrValue *iv = lw_expr(L, e->rhs);
            if (!iv) return NULL;
            if (iv->type->kind != TY_INT) {
                diag_error(e->rhs->span, "list indices must be integers or slices, not %s", ty_str_of(iv->type));
                return NULL;
            }
            return lw_emit1(L, IR_ARGV_GET, e->span, ty_str(), iv);
        }
        break;
    default: break;
    }
    diag_error(e->span, "'%s' object is not subscriptable", ty_str_of(obj->type));
    return NULL;
}

/* ---------------------------------------------------------------- operators */

static IrOp binop_ir(AstOp op)
{
    switch (op) {
    case AOP_ADD: return IR_ADD;
    case AOP_SUB: return IR_SUB;
    case AOP_MUL: return IR_MUL;
    case AOP_DIV: return IR_TRUEDIV;
    case AOP_FLOORDIV: return IR_FLOORDIV;
    case AOP_MOD: return IR_MOD;
    case AOP_POW: return IR_POW;
    case AOP_LSHIFT: return IR_LSHIFT;
    case AOP_RSHIFT: return IR_RSHIFT;
    case AOP_BITAND: return IR_BITAND;
    case AOP_BITOR: return IR_BITOR;
    case AOP_BITXOR: return IR_BITXOR;
    case AOP_EQ: return IR_EQ;
    case AOP_NE: return IR_NE;
    case AOP_LT: return IR_LT;
    case AOP_LE: return IR_LE;
    case AOP_GT: return IR_GT;
    case AOP_GE: return IR_GE;
    default: return IR_OP_COUNT;
    }
}

static bool is_const_str(const IrValue *v) { return v->def && v->def->op == IR_CONST_STR; }

/* Constant folding of int arithmetic on literals, so shapes and axes written as expressions
 * (`-1`, `n - 1` with constant n) stay compile-time constants. */
static IrValue *fold_int(Lower *L, IrOp op, Span sp, IrValue *a, IrValue *b)
{
    int64_t x, y;
    if (a->type->kind != TY_INT || b->type->kind != TY_INT || !lw_is_const_int(a, &x) || !lw_is_const_int(b, &y))
        return NULL;
    switch (op) {
    case IR_ADD: return lw_const_int(L, sp, (int64_t)((uint64_t)x + (uint64_t)y));
    case IR_SUB: return lw_const_int(L, sp, (int64_t)((uint64_t)x - (uint64_t)y));
    case IR_MUL: return lw_const_int(L, sp, (int64_t)((uint64_t)x * (uint64_t)y));
    default: return NULL;
    }
}

/* t * n of a tuple t and a constant int n (a run-time n would give a tuple of unknown length). */
static IrValue *tuple_repeat(Lower *L, Span sp, IrValue *t, IrValue *n)
{
    int64_t k;
    if (!lw_is_const_int(n, &k)) {
        diag_error(
            sp, "a tuple (or a list of dtypes) repeats a constant number of times in gpyc, not one known at "
                "run time");
        return NULL;
    }
    if (k < 0) k = 0;
    if (k * t->type->n > 4096) {
        diag_error(sp, "gpyc makes tuples of at most 4096 elements");
        return NULL;
    }
    int m = (int)(k * t->type->n);
    IrValue **el = ar_alloc(L->a, sizeof(IrValue *) * (m ? m : 1));
    for (int i = 0; i < m; i++) el[i] = lw_tuple_get(L, t, i % t->type->n, sp);
    return lw_tuple(L, sp, m, el);
}

static bool is_order(AstOp aop) { return aop == AOP_LT || aop == AOP_LE || aop == AOP_GT || aop == AOP_GE; }

/* a OP b of two tuples (OP <, <=, > or >=) as Python compares them: OP of the first elements
 * that differ, else of the lengths.  From the last element back, r = (a[i] != b[i] and a[i] OP
 * b[i]) or (a[i] == b[i] and r): the elements are values (numbers, str, tuples of them), so
 * computing every comparison gives what Python's early exit gives. */
static IrValue *tuple_order(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b)
{
    const Type *ta = a->type, *tb = b->type;
    int n = ta->n < tb->n ? ta->n : tb->n;
    bool lens = aop == AOP_LT   ? ta->n < tb->n
                : aop == AOP_LE ? ta->n <= tb->n
                : aop == AOP_GT ? ta->n > tb->n
                                : ta->n >= tb->n;
    IrValue *r = lw_const_bool(L, sp, lens);
    if (lw_is_dict_record(ta) || lw_is_dict_record(tb)) {
        diag_error(sp, "'%s' not supported between instances of 'dict' and 'dict'", ast_op_name(aop));
        return NULL;
    }
    for (int i = n - 1; i >= 0; i--) {
        IrValue *x = lw_tuple_get(L, a, i, sp), *y = lw_tuple_get(L, b, i, sp);
        IrValue *ne = lw_binop(L, AOP_NE, sp, x, y), *o = ne ? lw_binop(L, aop, sp, x, y) : NULL;
        if (!o) return NULL;
        if (ne->type->kind != TY_BOOL || o->type->kind != TY_BOOL) {
            diag_error(sp, "tuples compare element by element only when the elements are numbers, str or "
                           "tuples of them");
            return NULL;
        }
        IrValue *eq = lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &ne);
        IrValue *here = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){ ne, o });
        IrValue *later = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){ eq, r });
        r = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ here, later });
    }
    return r;
}

/* a is b (neither None): two lists, dicts or sets are the same object or not (a run-time
 * test; of different types, never); two bools are the same object when equal (Python's two
 * singletons); two functions named (not closures) when they are the same def; anything else is a located error (an int's or a str's identity is CPython's
 * caching, an array's would see through gpyc's own copies and views). */
static IrValue *identity(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    Type *ta = a->type, *tb = b->type;
    if (ta->kind == TY_BOOL && tb->kind == TY_BOOL) return lw_binop(L, AOP_EQ, sp, a, b);
    bool ca = ta->kind == TY_LIST || ta->kind == TY_DICT || ta->kind == TY_SET,
         cb = tb->kind == TY_LIST || tb->kind == TY_DICT || tb->kind == TY_SET;
    if (ca && cb && ty_equal(ta, tb)) return lw_emit2(L, IR_SAME_OBJECT, sp, ty_bool(), a, b);
    if (ca && cb) return lw_const_bool(L, sp, false);
    /* two functions by name (compile-time values): the same def or not */
    if (ta->kind == TY_FUNC && tb->kind == TY_FUNC && ta->def && tb->def && !ty_is_fvalue(ta) && !ty_is_fvalue(tb))
        return lw_const_bool(L, sp, ta->def == tb->def);
    diag_error(sp, "'is' compares lists, dicts and sets (the same object or not), bools, functions and None here, not "
                   "%s and %s: use == for values",
               ty_str_of(ta), ty_str_of(tb));
    return NULL;
}

/* lw_binop; script: see ewise. */
static IrValue *binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b, bool script)
{
    Type *ta = a->type, *tb = b->type;
    if (aop == AOP_MATMUL && (ta->kind == TY_SPARSE || tb->kind == TY_SPARSE)) return lw_sparse_matmul(L, sp, a, b);
    if (aop == AOP_MATMUL) return lw_matmul(L, sp, a, b);
    if (ta->kind == TY_POLY1D || tb->kind == TY_POLY1D) return lw_poly1d_binop(L, aop, sp, a, b);
    if (aop == AOP_DIV && (ta->kind == TY_OBJ || tb->kind == TY_OBJ)) return lw_path_div(L, a, b, sp);
    if (aop == AOP_IS || aop == AOP_ISNOT) {
        bool same = ta->kind == TY_NONE && tb->kind == TY_NONE;
        if (ta->kind != TY_NONE && tb->kind != TY_NONE) {
            IrValue *r = identity(L, sp, a, b);
            return !r || aop == AOP_IS ? r : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &r);
        }
        return lw_const_bool(L, sp, aop == AOP_IS ? same : !same);
    }
    if ((ta->kind == TY_DTYPE || tb->kind == TY_DTYPE) && (aop == AOP_EQ || aop == AOP_NE)) {
        /* NumPy's dtype comparison (lw_dtype_eq): known at compile time */
        int eq = lw_dtype_eq(ta->kind == TY_DTYPE ? ta->dtype : tb->dtype, ta->kind == TY_DTYPE ? b : a);
        if (eq >= 0) return lw_const_bool(L, sp, aop == AOP_EQ ? eq : !eq);
        diag_error(sp, "a dtype compares with a str that the compiler knows here (a string constant), not a "
                       "run-time str");
        return NULL;
    }
    if ((aop == AOP_IN || aop == AOP_NOTIN) && lw_is_dict_record(tb))
        return lw_dict_in(L, a, b, aop == AOP_NOTIN, sp);
    if ((aop == AOP_IN || aop == AOP_NOTIN) && ta->kind == TY_STR && tb->kind == TY_STR) {
        IrValue *in = lw_str_contains(L, a, b, sp);
        return aop == AOP_IN ? in : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &in);
    }
    if ((aop == AOP_IN || aop == AOP_NOTIN) && (tb->kind == TY_DICT || tb->kind == TY_SET))
        return lw_table_in(L, a, b, aop == AOP_NOTIN, sp);
    if (ta->kind == TY_SET && tb->kind == TY_SET) return lw_set_binop(L, aop, sp, a, b, false);
    if ((aop == AOP_IN || aop == AOP_NOTIN) && (tb->kind == TY_LIST || tb->kind == TY_TUPLE))
        return lw_list_in(L, a, b, aop == AOP_NOTIN, sp);
    if (aop == AOP_IN || aop == AOP_NOTIN) {
        diag_error(sp, "the '%s' operator is not supported yet", ast_op_name(aop));
        return NULL;
    }
    if (ta->kind == TY_STR || tb->kind == TY_STR) {
        if (ta->kind == TY_STR && tb->kind == TY_STR) {
            if (aop == AOP_ADD) return lw_emit2(L, IR_STR_CONCAT, sp, ty_str(), a, b);
            if ((aop == AOP_EQ || aop == AOP_NE) && is_const_str(a) && is_const_str(b)) {
                bool eq = strcmp(a->def->sval, b->def->sval) == 0;
                return lw_const_bool(L, sp, aop == AOP_EQ ? eq : !eq);
            }
            if (aop == AOP_EQ || aop == AOP_NE) {
                IrValue *eq = lw_emit2(L, IR_STR_EQ, sp, ty_bool(), a, b);
                return aop == AOP_EQ ? eq : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &eq);
            }
            if (is_order(aop)) /* strcmp(a, b) OP 0 */
                return lw_binop(L, aop, sp, lw_emit2(L, IR_STR_CMP, sp, ty_int(), a, b), lw_cint(L, sp, 0));
        }
        bool ia = ta->kind == TY_INT || ta->kind == TY_BOOL, ib = tb->kind == TY_INT || tb->kind == TY_BOOL;
        if (aop == AOP_MUL && (ib || ia)) return ib ? lw_str_repeat(L, a, b, sp) : lw_str_repeat(L, b, a, sp);
        /* Python: no str equals a number (`v == 'a'` of each element of a loop over a tuple) */
        if ((aop == AOP_EQ || aop == AOP_NE) && ty_is_scalar(ta->kind == TY_STR ? tb : ta))
            return lw_const_bool(L, sp, aop == AOP_NE);
        diag_error(sp, "unsupported operand types for %s: '%s' and '%s'", ast_op_name(aop), ty_str_of(ta),
                   ty_str_of(tb));
        return NULL;
    }
    if (ta->kind == TY_NONE || tb->kind == TY_NONE) {
        if (aop == AOP_EQ || aop == AOP_NE) {
            bool eq = ta->kind == tb->kind;
            return lw_const_bool(L, sp, aop == AOP_EQ ? eq : !eq);
        }
    }
    if (ta->kind == TY_LIST && tb->kind == TY_LIST && !ty_is_deque(ta) && !ty_is_deque(tb) &&
        (aop == AOP_EQ || aop == AOP_NE))
        return lw_list_eq(L, sp, a, b, aop == AOP_NE);
    if ((ta->kind == TY_LIST || tb->kind == TY_LIST) && (aop == AOP_ADD || aop == AOP_MUL)) {
        int n0 = diag_count();
        IrValue *r = lw_list_binop(L, aop, sp, a, b);
        if (r || diag_count() > n0) return r;
    }
    if (ta->kind == TY_TUPLE && tb->kind == TY_TUPLE && aop == AOP_ADD) {
        int n = ta->n + tb->n;
        IrValue **el = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < ta->n; i++) el[i] = lw_tuple_get(L, a, i, sp);
        for (int i = 0; i < tb->n; i++) el[ta->n + i] = lw_tuple_get(L, b, i, sp);
        return lw_tuple(L, sp, n, el);
    }
    if (aop == AOP_MUL && (ta->kind == TY_TUPLE) != (tb->kind == TY_TUPLE) &&
        (ta->kind == TY_INT || tb->kind == TY_INT))
        return tuple_repeat(L, sp, ta->kind == TY_TUPLE ? a : b, ta->kind == TY_TUPLE ? b : a);
    if (ta->kind == TY_TUPLE && tb->kind == TY_TUPLE && is_order(aop)) return tuple_order(L, aop, sp, a, b);
    if (ta->kind == TY_TUPLE && tb->kind == TY_TUPLE && (aop == AOP_EQ || aop == AOP_NE)) {
        IrValue *acc = lw_const_bool(L, sp, ta->n == tb->n);
        for (int i = 0; ta->n == tb->n && i < ta->n; i++) {
            IrValue *e = lw_binop(L, AOP_EQ, sp, lw_tuple_get(L, a, i, sp), lw_tuple_get(L, b, i, sp));
            if (!e || e->type->kind != TY_BOOL) {
                diag_error(sp, "tuples compare element by element only when the elements are scalars");
                return NULL;
            }
            acc = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){acc, e});
        }
        return aop == AOP_EQ ? acc : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &acc);
    }
    IrOp op = binop_ir(aop);
    if (op == IR_OP_COUNT || !ty_is_numeric(ta) || !ty_is_numeric(tb)) {
        diag_error(sp, "unsupported operand types for %s: '%s' and '%s'", ast_op_name(aop), ty_str_of(ta),
                   ty_str_of(tb));
        return NULL;
    }
    IrValue *f = fold_int(L, op, sp, a, b);
    if (f) return f;
    /* Python int ** negative int is a float */
    int64_t e;
    if (op == IR_POW && ta->kind == TY_INT && tb->kind == TY_INT && lw_is_const_int(b, &e) && e < 0) {
        a = lw_to_scalar(L, a, TY_FLOAT, sp);
        b = lw_to_scalar(L, b, TY_FLOAT, sp);
    }
    /* array ** 2 of floats or complex numbers is square(array), as NumPy's fast scalar power
     * computes it (x * x, not a general pow: the same value NumPy prints, and a kernel a
     * fraction of pow's size) */
    if (op == IR_POW && ta->kind == TY_ARRAY && (dt_is_float(ta->dtype) || dt_is_complex(ta->dtype)) &&
        ((tb->kind == TY_INT && lw_is_const_int(b, &e) && e == 2) ||
         (tb->kind == TY_FLOAT && b->def && b->def->op == IR_CONST_FLOAT && b->def->fval == 2.0)))
        return ewise(L, IR_SQUARE, sp, 1, &a, script);
    IrValue *args[2] = {a, b};
    return ewise(L, op, sp, 2, args, script);
}

IrValue *lw_binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b) { return binop(L, aop, sp, a, b, false); }

IrValue *lw_binop_py(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b) { return binop(L, aop, sp, a, b, true); }

static IrValue *lower_unary(Lower *L, AstNode *e)
{
    IrValue *v = lw_expr(L, e->lhs);
    if (!v) return NULL;
    switch (e->op) {
    case AOP_NOT: {
        IrValue *t = lw_truth(L, v, e->span);
        return t ? lw_ewise(L, IR_LOGICAL_NOT, e->span, 1, &t) : NULL;
    }
    case AOP_NEG: {
        int64_t iv;
        if (v->type->kind == TY_POLY1D) return lw_poly1d_neg(L, v, e->span);
        if (v->type->kind == TY_INT && lw_is_const_int(v, &iv)) return lw_const_int(L, e->span, (int64_t)(0 - (uint64_t)iv));
        if (v->def && v->def->op == IR_CONST_FLOAT) return lw_const_float(L, e->span, -v->def->fval);
        if (!ty_is_numeric(v->type)) break;
        return lw_ewise(L, IR_NEG, e->span, 1, &v);
    }
    case AOP_POS:
        if (v->type->kind == TY_POLY1D) return v;
        if (!ty_is_numeric(v->type)) break;
        return lw_ewise(L, IR_POS, e->span, 1, &v);
    case AOP_INVERT:
        if (!ty_is_numeric(v->type)) break;
        if (v->type->kind == TY_BOOL) v = lw_to_scalar(L, v, TY_INT, e->span);
        return lw_ewise(L, IR_INVERT, e->span, 1, &v);
    default: break;
    }
    diag_error(e->span, "bad operand type for unary %s: '%s'", ast_op_name(e->op), ty_str_of(v->type));
    return NULL;
}

/* a and b / a or b: Python evaluates b only when needed.  Lowered to a temporary variable and
 * an IF.  Operands of one type keep it (value semantics); otherwise both become bool.  Where
 * a's truth is a compile-time constant the result is a, or b (lowered only then). */
static IrValue *lower_boolop(Lower *L, AstNode *e)
{
    IrValue *a = lw_expr(L, e->lhs);
    if (!a) return NULL;
    /* peek at b's type by lowering it into a scratch block that is then thrown away would
     * duplicate work; instead decide after lowering b inside the branch */
    bool is_and = e->op == AOP_AND;
    IrValue *ta = lw_truth(L, a, e->lhs->span);
    if (!ta) return NULL;
    int64_t k;
    if (lw_is_const_int(ta, &k)) /* `x is None or x.sum() > 0` of a constant x: one operand */
        return !k == is_and ? a : lw_expr(L, e->rhs);
    IrVar *tmp = lw_temp_var(L, is_and ? "and" : "or", a->type);
    IrValue *cond = is_and ? ta : lw_ewise(L, IR_LOGICAL_NOT, e->span, 1, &ta);
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, e->span, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    /* `x is None or x.sum() > 0`, `x is not None and ...`: x has a value in b */
    bool is_none = false;
    Binding *opt = lw_flow_none_name(L, e->lhs, &is_none);
    IrVar *guard = opt && is_none != is_and ? opt->guard : NULL;
    if (guard) opt->guard = NULL;
    IrValue *b = lw_expr(L, e->rhs);
    if (guard) opt->guard = guard;
    lw_flow_forget_known(L, e->rhs); /* b may not run: a name it binds holds either value */
    if (!b) {
        L->blk = saved;
        return NULL;
    }
    bool same = ty_equal(a->type, b->type) && a->type->kind != TY_ARRAY;
    if (!same) {
        /* both as bool */
        tmp->type = ty_bool();
        IrValue *tb = lw_truth(L, b, e->rhs->span);
        if (!tb) {
            L->blk = saved;
            return NULL;
        }
        lw_store(L, tmp, tb, e->span);
        L->blk = in->blocks[1];
        lw_store(L, tmp, ta, e->span);
    } else {
        lw_store(L, tmp, b, e->span);
        L->blk = in->blocks[1];
        lw_store(L, tmp, a, e->span);
    }
    L->blk = saved;
    return lw_load(L, tmp, e->span);
}

/* a OP b of two constant ints (len() of a tuple, a constant argument) folded to a constant
 * bool, so that `len(t) == 3 and t[2] ...` compiles only the branch that runs; else NULL. */
static IrValue *const_compare(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b)
{
    int64_t x, y;
    if (a->type->kind != TY_INT || b->type->kind != TY_INT || !lw_is_const_int(a, &x) ||
        !lw_is_const_int(b, &y))
        return NULL;
    switch (op) {
    case AOP_EQ: return lw_const_bool(L, sp, x == y);
    case AOP_NE: return lw_const_bool(L, sp, x != y);
    case AOP_LT: return lw_const_bool(L, sp, x < y);
    case AOP_LE: return lw_const_bool(L, sp, x <= y);
    case AOP_GT: return lw_const_bool(L, sp, x > y);
    case AOP_GE: return lw_const_bool(L, sp, x >= y);
    default: return NULL;
    }
}

/* `next(it, d) is [not] None` (either side): next()'s value assigned to the hidden name
 * "n@is.ID" first (lower/gen.c: an optional value where d is None), then the test of that
 * name, which reads its guard, not its value. False when e is not that; else true, *out the
 * test or NULL after a located error. */
static bool next_is_none(Lower *L, AstNode *e, IrValue **out)
{
    if (e->elts.n != 2) return false;
    AstOp op = (AstOp)(intptr_t)e->ops.v[0];
    int k = ((AstNode *)e->elts.v[0])->kind == AST_NONE ? 1 : 0;
    AstNode *c = e->elts.v[k], *other = e->elts.v[1 - k];
    if ((op != AOP_IS && op != AOP_ISNOT) || other->kind != AST_NONE || c->kind != AST_CALL ||
        c->lhs->kind != AST_NAME || strcmp(c->lhs->sval, "next") || c->elts.n != 2 || c->params.n ||
        lw_lookup(L, "next"))
        return false;
    const char *h = ar_printf(L->a, "n@is.%d", e->id);
    *out = NULL;
    lw_stmt(L, lw_ast_assign(L, e->span, h, c));
    if (!lw_lookup(L, h)) return true; /* (its error reported) */
    AstNode *t = lw_ast_node(L, AST_COMPARE, e->span);
    *t = *e;
    AstNode *elts[2] = { lw_ast_name(L, c->span, h), other };
    t->elts = lw_ast_vec(L, 2, elts);
    *out = lw_expr(L, t);
    return true;
}

static IrValue *lower_compare(Lower *L, AstNode *e)
{
    IrValue *none = lw_flow_none_test(L, e); /* x is None, x an optional value */
    if (none) return none;
    if (next_is_none(L, e, &none)) return none;
    int n = e->elts.n;
    IrValue *prev = lw_expr(L, e->elts.v[0]);
    if (!prev) return NULL;
    IrValue *acc = NULL;
    for (int i = 1; i < n; i++) {
        IrValue *cur = lw_expr(L, e->elts.v[i]);
        if (!cur) return NULL;
        AstOp op = (AstOp)(intptr_t)e->ops.v[i - 1];
        IrValue *c = const_compare(L, op, e->span, prev, cur);
        if (!c) c = lw_binop(L, op, e->span, prev, cur);
        if (!c) return NULL;
        if (!acc) {
            acc = c;
        } else {
            if (acc->type->kind == TY_ARRAY || c->type->kind == TY_ARRAY) {
                IrValue *ta = lw_truth(L, acc, e->span), *tc = lw_truth(L, c, e->span);
                if (!ta || !tc) return NULL;
                acc = ta, c = tc;
            }
            acc = lw_ewise(L, IR_LOGICAL_AND, e->span, 2, (IrValue *[]){acc, c});
        }
        prev = cur;
    }
    return acc;
}

static IrValue *lower_ifexp(Lower *L, AstNode *e)
{
    IrValue *c = lw_expr(L, e->cond);
    if (!c || !(c = lw_truth(L, c, e->cond->span))) return NULL;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, e->span, NULL, 1, &c);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    IrValue *a = lw_expr(L, e->then);
    lw_flow_forget_known(L, e->then); /* not the else branch's value, nor surely the result's */
    if (!a) {
        L->blk = saved;
        return NULL;
    }
    IrVar *tmp = lw_temp_var(L, "ifexp", a->type);
    lw_store(L, tmp, a, e->span);
    L->blk = in->blocks[1];
    IrValue *b = lw_expr(L, e->els);
    lw_flow_forget_known(L, e->els);
    if (!b) {
        L->blk = saved;
        return NULL;
    }
    if (!ty_equal(a->type, b->type)) {
        diag_error(e->span, "the two branches of this conditional expression have different types (%s and %s)",
                   ty_str_of(a->type), ty_str_of(b->type));
        L->blk = saved;
        return NULL;
    }
    lw_store(L, tmp, b, e->span);
    L->blk = saved;
    return lw_load(L, tmp, e->span);
}

/* ---------------------------------------------------------------- f-strings */

/* format(v, spec) after conversion conv; dspec (NULL: none): a spec computed at run time,
 * f'{x:.{d}f}', in place of spec. */
static IrValue *format_part(Lower *L, IrValue *v, const char *spec, IrValue *dspec, int conv, Span sp,
                            Span vsp)
{
    if (v->type->kind == TY_DTYPE || v->type->kind == TY_NONE) v = lw_str_of(L, v, sp);
    if (!v) return NULL;
    if (!is_runtime(v->type) || ty_holds_func(v->type)) {
        diag_error(vsp, "cannot format %s", ty_str_of(v->type));
        return NULL;
    }
    IrValue *f = lw_emit(L, IR_FORMAT, sp, ty_str(), dspec ? 2 : 1, (IrValue *[]){ v, dspec });
    f->def->sval = spec;
    f->def->ival = conv == 'a' ? 'r' : conv;
    return f;
}

IrValue *lw_format_part(Lower *L, IrValue *v, const char *spec, int conv, Span sp, Span vsp)
{
    return format_part(L, v, spec, NULL, conv, sp, vsp);
}

IrValue *lw_format_part_dyn(Lower *L, IrValue *v, IrValue *spec, int conv, Span sp, Span vsp)
{
    return format_part(L, v, "", spec, conv, sp, vsp);
}

static IrValue *lower_fstring(Lower *L, AstNode *e)
{
    int n = e->elts.n;
    /* (a {x=} field makes two parts: its "x=" text and the value) */
    IrValue **parts = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(2 * n + 1));
    int np = 0;
    for (int i = 0; i < n; i++) {
        AstNode *p = e->elts.v[i];
        if (p->kind == AST_STR) {
            parts[np++] = lw_const_str(L, p->span, p->sval);
            continue;
        }
        GPYC_ASSERT(p->kind == AST_FORMAT);
        int conv = p->sval && !p->conv && !p->rhs ? 'r' : p->conv; /* {x=} uses repr */
        IrValue *v = !p->rhs && (!conv || conv == 's') ? lw_optional_text(L, p->lhs) : NULL; /* {x} of x None or not */
        if (!v) v = lw_printable(L, p->lhs, &conv);
        if (!v) return NULL;
        const char *spec = "";
        IrValue *dspec = NULL; /* a spec with replacement fields: f'{x:.{d}f}' */
        if (p->rhs) {
            StrBuf sb = {0};
            for (int k = 0; k < p->rhs->elts.n; k++) {
                AstNode *sp = p->rhs->elts.v[k];
                if (sp->kind != AST_STR) {
                    sb_free(&sb);
                    if (!(dspec = lower_fstring(L, p->rhs))) return NULL;
                    break;
                }
                sb_puts(&sb, sp->sval);
            }
            spec = dspec ? "" : ar_strdup(L->a, sb.s ? sb.s : "");
            sb_free(&sb);
        }
        if (p->sval) parts[np++] = lw_const_str(L, p->span, ar_printf(L->a, "%s=", p->sval));
        if (!(parts[np++] = format_part(L, v, spec, dspec, conv, p->span, p->lhs->span))) return NULL;
    }
    if (np == 0) return lw_const_str(L, e->span, "");
    if (np == 1 && parts[0]->type->kind == TY_STR) return parts[0];
    return lw_emit(L, IR_STR_CONCAT, e->span, ty_str(), np, parts);
}

/* ---------------------------------------------------------------- names */

static IrValue *lower_name(Lower *L, AstNode *e)
{
    Binding *b = lw_lookup(L, e->sval);
    if (b) {
        if (b->kind == BIND_VAR && b->unbound && lw_flow_owns(L, b)) { /* unbound on every path */
            diag_error(e->span, "%s",
                       lw_flow_unbound_msg(L, e->sval, !L->scope->is_module && lw_scope_find(L->scope, e->sval) == b, NULL));
            return NULL;
        }
        if (b->kind == BIND_VAR) {
            b->fill = NULL; /* read: its value may be aliased or written from here on */
            return lw_flow_read(L, b, e->span);
        }
        if (b->kind == BIND_CONFLICT) {
            lw_flow_conflict(b, e->span);
            return NULL;
        }
        IrValue *v = b->value;
        if (!v) return NULL; /* poisoned by an earlier error */
        if (v->def) {
            /* a constant: materialise a copy here (the original may live in another block) */
            IrInstr *c = v->def;
            IrValue *nv = lw_emit(L, c->op, e->span, v->type, 0, NULL);
            nv->def->ival = c->ival;
            nv->def->fval = c->fval;
            nv->def->fval2 = c->fval2;
            nv->def->sval = c->sval;
            return nv;
        }
        return v;
    }
    if (strcmp(e->sval, "__name__") == 0)
        return lw_const_str(L, e->span, !L->mod || L->mod->is_main ? "__main__" : L->mod->name);
    static const char *builtins[] = { "print", "len",  "range",  "enumerate", "zip",        "min",
                                      "max",   "abs",  "int",    "float",     "bool",       "complex",
                                      "round", "sum",  "sorted", "str",       "isinstance", "list",
                                      "tuple", "any",  "all",    "map",       "filter",     "repr",
                                      "open",  "dict", "set",    "frozenset", "reversed",   "divmod",
                                      "pow",   "format", "hex",  "bin",       "oct",        "chr",
                                      "ord",   NULL };
    for (int i = 0; builtins[i]; i++)
        if (strcmp(builtins[i], e->sval) == 0) return lw_pseudo(L, ty_builtin(builtins[i], NULL));
    if (!L->scope->is_module && (L->scope->local_names.n || 1)) {
        for (int i = 0; i < L->scope->local_names.n; i++)
            if (strcmp(L->scope->local_names.v[i], e->sval) == 0) {
                diag_error(e->span, "%s", lw_flow_unbound_msg(L, e->sval, true, NULL));
                return NULL;
            }
    }
    diag_error(e->span, "%s", lw_flow_unbound_msg(L, e->sval, false, NULL));
    return NULL;
}

/* The exact value of an int expression made of literals only (+, -, *, //, %, **, << and
 * unary -, +), as Python computes it (no int64 wrap): 1 and *out, *wide set when a value on
 * the way (*out included) lies outside int64; 2 for a value past 2**65 on the way; 0 for
 * anything else, a zero divisor or a negative exponent or shift (lowered as usual). */
static int exact_int(const AstNode *e, __int128 *out, bool *wide)
{
    const __int128 lim = (__int128)1 << 65;
    __int128 a, b, r;
    if (e->kind == AST_INT) {
        *out = e->conv == 'u' ? (__int128)(uint64_t)e->ival : (__int128)e->ival;
        *wide |= e->conv == 'u';
        return 1;
    }
    if (e->kind == AST_UNARY && (e->op == AOP_NEG || e->op == AOP_POS)) {
        int k = exact_int(e->lhs, &a, wide);
        if (k == 1) *out = e->op == AOP_NEG ? -a : a;
        *wide |= k == 1 && *out > INT64_MAX;
        return k;
    }
    if (e->kind != AST_BINOP) return 0;
    int ka = exact_int(e->lhs, &a, wide);
    if (!ka) return 0;   /* not literals only: the right side need not be walked */
    int kb = exact_int(e->rhs, &b, wide);
    if (!kb) return 0;
    if (ka == 2 || kb == 2) return 2;
    __int128 ma = a < 0 ? -a : a, mb = b < 0 ? -b : b;
    switch (e->op) {
    case AOP_ADD: r = a + b; break;
    case AOP_SUB: r = a - b; break;
    case AOP_MUL:
        if (ma && mb > lim / ma) return 2;
        r = a * b;
        break;
    case AOP_FLOORDIV:
    case AOP_MOD: {
        if (!b) return 0;
        __int128 q = a / b, m = a % b;
        if (m && (m < 0) != (b < 0)) {   /* Python's floor division and modulo */
            q--;
            m += b;
        }
        r = e->op == AOP_MOD ? m : q;
        break;
    }
    case AOP_POW:
        if (b < 0) return 0;
        if (ma <= 1) {   /* 0, 1, -1 */
            r = !b ? 1 : a == -1 && b % 2 == 0 ? 1 : a;
            break;
        }
        r = 1;
        for (__int128 i = 0; i < b; i++) {
            if ((r < 0 ? -r : r) > lim / ma) return 2;
            r *= a;
        }
        break;
    case AOP_LSHIFT:
        if (b < 0) return 0;
        if (a && (b > 65 || ma > lim >> (int)b)) return 2;
        r = a ? a * ((__int128)1 << (int)b) : 0;
        break;
    default: return 0;
    }
    if (r > lim || r < -lim) return 2;
    *wide |= r < INT64_MIN || r > INT64_MAX;
    *out = r;
    return 1;
}

bool lw_is_u64_expr(const AstNode *e, int64_t *bits)
{
    __int128 v;
    bool wide = false;
    if (e->kind == AST_INT) {
        if (e->conv != 'u') return false;
        if (bits) *bits = e->ival;
        return true;
    }
    if (exact_int(e, &v, &wide) != 1 || v < ((__int128)1 << 63) || v >= ((__int128)1 << 64)) return false;
    if (bits) *bits = (int64_t)(uint64_t)v;
    return true;
}

/* An int expression of literals other than a lone literal (exact_int) where gpyc's int64
 * arithmetic would wrap on the way (2**64 - 1 is -1 there) is the constant Python computes:
 * *done.  Outside int64 it is a compile-time error, except 2**63 .. 2**64-1 in a uint64
 * context (L->u64_ok), a uint64 constant as a literal there.  Any other is lowered as usual. */
static IrValue *literal_expr(Lower *L, AstNode *e, bool *done)
{
    __int128 v;
    bool wide = false;
    int k = exact_int(e, &v, &wide);
    *done = k == 2 || (k == 1 && wide);
    if (!*done) return NULL;
    bool u64 = k == 1 && v > INT64_MAX && v < ((__int128)1 << 64);
    if (k == 1 && v >= INT64_MIN && v <= INT64_MAX) return lw_const_int(L, e->span, (int64_t)v);
    if (u64 && L->u64_ok) {
        IrValue *c = lw_const_int(L, e->span, (int64_t)(uint64_t)v);
        c->def->dtype = DT_UINT64; /* the marker lw_is_u64_const reads */
        L->u64_seen++;
        return c;
    }
    if (u64)
        diag_error(e->span, "integer %llu does not fit gpyc's 64-bit int: above 2**63-1 write it as "
                            "cp.uint64(...) or in cp.array([...], dtype=cp.uint64)",
                   (unsigned long long)(uint64_t)v);
    else
        diag_error(e->span, "the value of this integer expression does not fit gpyc's 64-bit int");
    return NULL;
}

/* ---------------------------------------------------------------- entry */

IrValue *lw_expr(Lower *L, AstNode *e)
{
    switch (e->kind) {
    case AST_NAME: return lower_name(L, e);
    case AST_INT: {
        if (e->conv != 'u') return lw_const_int(L, e->span, e->ival);
        /* 2**63 .. 2**64-1: only where a uint64 takes it (cp.uint64(...), cp.array(..., dtype=
         * cp.uint64)); elsewhere gpyc's int64 Python ints would change its value */
        if (!L->u64_ok) {
            diag_error(e->span, "integer literal %llu does not fit gpyc's 64-bit int: above 2**63-1 write it as "
                                "cp.uint64(%llu) or in cp.array([...], dtype=cp.uint64)",
                       (unsigned long long)e->ival, (unsigned long long)e->ival);
            return NULL;
        }
        IrValue *v = lw_const_int(L, e->span, e->ival);
        v->def->dtype = DT_UINT64; /* the marker lw_is_u64_const reads */
        L->u64_seen++;
        return v;
    }
    case AST_FLOAT: return lw_const_float(L, e->span, e->fval);
    case AST_IMAG: {
        IrValue *v = lw_emit(L, IR_CONST_COMPLEX, e->span, ty_complex(), 0, NULL);
        v->def->fval = 0.0;
        v->def->fval2 = e->fval;
        return v;
    }
    case AST_BOOL: return lw_const_bool(L, e->span, e->ival != 0);
    case AST_STR: return lw_const_str(L, e->span, e->sval);
    case AST_BYTES: return bytes_literal(L, e);
    case AST_NONE: return lw_const_none(L, e->span);
    case AST_FSTRING: return lower_fstring(L, e);
    case AST_COMP: return lw_comprehension(L, e);
    case AST_DICT: return lw_dict_literal(L, e);
    case AST_SET: {
        if (lw_display_starred(e) && !lw_lookup(L, "set")) { /* {*xs, 1}: set([*xs, 1]) */
            AstNode *l = lw_ast_node(L, AST_LIST, e->span);
            l->elts = e->elts;
            l->id = e->id;
            return lw_expr(L, lw_ast_call(L, e->span, lw_ast_name(L, e->span, "set"), 1, &l));
        }
        IrValue **es = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(e->elts.n ? e->elts.n : 1));
        for (int i = 0; i < e->elts.n; i++)
            if (!(es[i] = lw_expr(L, e->elts.v[i]))) return NULL;
        return lw_set_literal(L, e->span, e->elts.n, es, L->set_iter == e);
    }
    case AST_BINOP: {
        bool done;
        IrValue *c = literal_expr(L, e, &done);   /* 2**10, 2**64 - 1 (uint64 contexts) */
        if (done) return c;
        IrValue *a = lw_expr(L, e->lhs);
        IrValue *b = a ? lw_expr(L, e->rhs) : NULL;
        if (b && e->op == AOP_MOD && a->type->kind == TY_STR) return lw_percent_format(L, e, a, b);
        return b ? lw_binop_py(L, e->op, e->span, a, b) : NULL;
    }
    case AST_UNARY: {
        bool done;
        IrValue *c = literal_expr(L, e, &done);   /* -(2**63) */
        return done ? c : lower_unary(L, e);
    }
    case AST_BOOLOP: return lower_boolop(L, e);
    case AST_COMPARE: return lower_compare(L, e);
    case AST_IFEXP: return lower_ifexp(L, e);
    case AST_WALRUS: { /* name := value: binds name, and is the value */
        IrValue *v = lw_expr(L, e->rhs);
        if (!v) return NULL;
        lw_assign(L, e->lhs, v, e->span);
        return lw_expr(L, e->lhs);
    }
    case AST_CALL: return lw_call(L, e);
    case AST_ATTR: return lw_attr(L, e);
    case AST_SUBSCRIPT: return lower_subscript(L, e);
    case AST_TUPLE: {
        if (lw_display_starred(e)) return lw_display_spread(L, e);
        int n = e->elts.n;
        IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < n; i++)
            if (!(vs[i] = lw_expr(L, e->elts.v[i]))) return NULL;
        return lw_tuple(L, e->span, n, vs);
    }
    case AST_LIST: return lw_display_starred(e) ? lw_display_spread(L, e) : lower_list(L, e);
    case AST_STARRED:
        diag_error(e->span, "a starred expression stands in a call, a tuple or list display or an assignment "
                            "target only");
        return NULL;
    case AST_ELLIPSIS: diag_error(e->span, "'...' is only valid as an index"); return NULL;
    case AST_SLICE: diag_error(e->span, "a slice is only valid as an index"); return NULL;
    default: diag_error(e->span, "this expression is not supported"); return NULL;
    }
}
