/*
 * lower/call.c — calls and attributes: Python builtins, the cupy.* / math / time / sys API,
 * ndarray methods and attributes, list methods, and calls of user functions (argument binding;
 * the instance itself is made in lower.c).
 *
 * Each API entry is written as: the NumPy rule it implements (in the comment above), argument
 * binding against the NumPy signature, compile-time checks (axes, dtypes), then IR.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

IrValue *lw_call_user(Lower *L, AstNode *def, IrValue **args, Span sp);

/* ---------------------------------------------------------------- argument binding */


/* ---------------------------------------------------------------- typed argument helpers */

static DType scalar_default_dtype(const Type *t)
{
    return t->kind == TY_ARRAY ? t->dtype : ty_scalar_dtype(t);
}

/* ---------------------------------------------------------------- creation */

/* zeros(shape, dtype=float), ones, empty; full(shape, fill_value, dtype=None): the dtype of
 * full defaults to the fill value's (NumPy: np.array(fill_value).dtype). */
static IrValue *api_fill(Lower *L, AstNode *call, const char *name)
{
    bool is_full = !strcmp(name, "full");
    Args a;
    if (!lw_bind(call, name, is_full ? "shape,fill_value,dtype,order" : "shape,dtype,order", is_full ? 2 : 1, &a))
        return NULL;
    IrValue *dims[IR_MAXDIM];
    int ndim;
    if (!lw_shape_arg(L, a.p[0], dims, &ndim)) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    IrValue *fill = NULL;
    bool fill_arr = false;
    if (is_full) {
        if (!(fill = lw_expr(L, a.p[1]))) return NULL;
        fill_arr = fill->type->kind == TY_ARRAY;
        if (fill->type->kind == TY_ARRAY) {
            if (fill->type->ndim != 0) {
                diag_error(a.p[1]->span, "fill_value must be a scalar here");
                return NULL;
            }
            dt = fill->type->dtype;
            fill = lw_to_scalar(L, fill, dt_is_complex(dt) ? TY_COMPLEX : dt_is_float(dt) ? TY_FLOAT : dt == DT_BOOL ? TY_BOOL : TY_INT, a.p[1]->span);
        } else if (ty_is_scalar(fill->type)) {
            dt = ty_scalar_dtype(fill->type);
        } else {
            diag_error(a.p[1]->span, "fill_value must be a number, got %s", ty_str_of(fill->type));
            return NULL;
        }
    }
    if (!lw_dtype_arg(L, a.p[is_full ? 2 : 1], &dt, &given)) return NULL;
    /* NEP 50: NumPy 2's full copies a Python int fill_value in as the array's dtype, and one
     * out of its range is OverflowError (cp.full(3, 300, dtype=cp.uint8)); a NumPy scalar
     * (0-d array) is cast as it is */
    if (is_full && !fill_arr && !lw_pyint_fits(L, a.p[1]->span, fill, dt)) return NULL;
    if (!strcmp(name, "empty")) return lw_emit_empty(L, call->span, dt, ndim, dims);
    if (!is_full) fill = lw_const_int(L, call->span, !strcmp(name, "ones") ? 1 : 0);
    return lw_emit_full(L, call->span, dt, ndim, dims, fill);
}

/* zeros_like(a, dtype=None, shape=None) and friends: a's shape and dtype unless given. */
static IrValue *api_like(Lower *L, AstNode *call, const char *name)
{
    bool is_full = !strcmp(name, "full_like");
    Args a;
    if (!lw_bind(call, name, is_full ? "a,fill_value,dtype,order,subok,shape" : "a,dtype,order,subok,shape",
              is_full ? 2 : 1, &a))
        return NULL;
    IrValue *src = lw_expr(L, a.p[0]);
    if (!src) return NULL;
    if (src->type->kind != TY_ARRAY) {
        if (!ty_is_scalar(src->type)) {
            diag_error(a.p[0]->span, "%s() expects an array, got %s", name, ty_str_of(src->type));
            return NULL;
        }
    }
    DType dt = scalar_default_dtype(src->type);
    int ndim = src->type->kind == TY_ARRAY ? src->type->ndim : 0;
    IrValue *dims[IR_MAXDIM];
    if (src->type->kind == TY_ARRAY) lw_shape_of(L, src, call->span, dims);
    IrValue *fill = NULL;
    if (is_full) {
        if (!(fill = lw_expr(L, a.p[1]))) return NULL;
        if (!ty_is_scalar(fill->type)) {
            diag_error(a.p[1]->span, "fill_value must be a number, got %s", ty_str_of(fill->type));
            return NULL;
        }
    }
    bool given;
    if (!lw_dtype_arg(L, a.p[is_full ? 2 : 1], &dt, &given)) return NULL;
    if (is_full && !lw_pyint_fits(L, a.p[1]->span, fill, dt)) return NULL;   /* NEP 50, as full */
    AstNode *shape_arg = a.p[is_full ? 5 : 4];
    if (shape_arg && !lw_shape_arg(L, shape_arg, dims, &ndim)) return NULL;
    if (!strcmp(name, "empty_like")) return lw_emit_empty(L, call->span, dt, ndim, dims);
    if (!is_full) fill = lw_const_int(L, call->span, !strcmp(name, "ones_like") ? 1 : 0);
    return lw_emit_full(L, call->span, dt, ndim, dims, fill);
}

/* arange([start,] stop[, step], dtype=None): n = ceil((stop - start) / step) elements
 * start + i*step; ints give int64, any float gives float64. */
static IrValue *api_arange(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "arange", "start,stop,step,dtype", 1, &a)) return NULL;
    IrValue *v[3] = {0};
    for (int i = 0; i < 3; i++) {
        if (!a.p[i]) continue;
        if (!(v[i] = lw_expr(L, a.p[i]))) return NULL;
        if (v[i]->type->kind == TY_ARRAY && v[i]->type->ndim == 0)
            v[i] = lw_to_scalar(L, v[i], dt_is_float(v[i]->type->dtype) ? TY_FLOAT : TY_INT, a.p[i]->span);
        if (v[i]->type->kind == TY_NONE && i > 0) {
            v[i] = NULL;
            continue;
        }
        if (!ty_is_scalar(v[i]->type) || v[i]->type->kind == TY_COMPLEX) {
            diag_error(a.p[i]->span, "arange() arguments must be real numbers, got %s", ty_str_of(v[i]->type));
            return NULL;
        }
    }
    IrValue *start, *stop, *step;
    if (!v[1]) {
        start = lw_const_int(L, call->span, 0);
        stop = v[0];
    } else {
        start = v[0];
        stop = v[1];
    }
    step = v[2] ? v[2] : lw_const_int(L, call->span, 1);
    bool is_float = start->type->kind == TY_FLOAT || stop->type->kind == TY_FLOAT || step->type->kind == TY_FLOAT;
    DType dt = is_float ? DT_FLOAT64 : DT_INT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[3], &dt, &given)) return NULL;
    Span sp = call->span;
    if (is_float) {
        start = lw_to_scalar(L, start, TY_FLOAT, sp);
        stop = lw_to_scalar(L, stop, TY_FLOAT, sp);
        step = lw_to_scalar(L, step, TY_FLOAT, sp);
    } else {
        start = lw_to_scalar(L, start, TY_INT, sp);
        stop = lw_to_scalar(L, stop, TY_INT, sp);
        step = lw_to_scalar(L, step, TY_INT, sp);
    }
    /* n = max(0, ceil((stop - start) / step)), on the host */
    IrValue *diff = lw_binop(L, AOP_SUB, sp, stop, start);
    IrValue *q = lw_binop(L, AOP_DIV, sp, diff, step);
    IrValue *c = lw_ewise(L, IR_CEIL, sp, 1, &q);
    IrValue *n = lw_to_scalar(L, c, TY_INT, sp);
    IrValue *zero = lw_const_int(L, sp, 0);
    n = lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){n, zero});
    IrValue *args[3] = {start, step, n};
    IrValue *r = lw_emit(L, IR_ARANGE, sp, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    return r;
}

/* linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None) */
static IrValue *api_linspace(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "linspace", "start,stop,num,endpoint,retstep,dtype,axis", 2, &a)) return NULL;
    IrValue *start = lw_expr(L, a.p[0]);
    IrValue *stop = start ? lw_expr(L, a.p[1]) : NULL;
    if (!stop) return NULL;
    for (int i = 0; i < 2; i++) {
        IrValue **pv = i ? &stop : &start;
        if ((*pv)->type->kind == TY_ARRAY && (*pv)->type->ndim == 0) *pv = lw_to_scalar(L, *pv, TY_FLOAT, call->span);
        if (!ty_is_scalar((*pv)->type) || (*pv)->type->kind == TY_COMPLEX) {
            diag_error(a.p[i]->span, "linspace() takes real scalar start and stop here, got %s", ty_str_of((*pv)->type));
            return NULL;
        }
        *pv = lw_to_scalar(L, *pv, TY_FLOAT, call->span);
    }
    IrValue *n = a.p[2] ? lw_int_arg(L, a.p[2]) : lw_const_int(L, call->span, 50);
    if (!n) return NULL;
    bool endpoint;
    if (!lw_bool_arg(L, a.p[3], true, &endpoint)) return NULL;
    if (!lw_no_arg(a.p[4], "retstep") || !lw_no_arg(a.p[6], "axis")) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[5], &dt, &given)) return NULL;
    IrValue *args[3] = {start, stop, n};
    IrValue *r = lw_emit(L, IR_LINSPACE, call->span, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    r->def->ival = endpoint;
    return r;
}

/* eye(N, M=None, k=0, dtype=float); identity(n, dtype=float) */
static IrValue *api_eye(Lower *L, AstNode *call, bool identity)
{
    Args a;
    if (!lw_bind(call, identity ? "identity" : "eye", identity ? "n,dtype" : "N,M,k,dtype,order", 1, &a)) return NULL;
    IrValue *n = lw_int_arg(L, a.p[0]);
    if (!n) return NULL;
    IrValue *m = n, *k = NULL;
    AstNode *dt_arg = identity ? a.p[1] : a.p[3];
    if (!identity) {
        if (a.p[1]) {
            IrValue *mv = lw_expr(L, a.p[1]);
            if (!mv) return NULL;
            if (mv->type->kind != TY_NONE && !(m = lw_int_arg(L, a.p[1]))) return NULL;
        }
        if (a.p[2] && !(k = lw_int_arg(L, a.p[2]))) return NULL;
    }
    if (!k) k = lw_const_int(L, call->span, 0);
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, dt_arg, &dt, &given)) return NULL;
    IrValue *args[3] = {n, m, k};
    IrValue *r = lw_emit(L, IR_EYE, call->span, ty_array(dt, 2), 3, args);
    r->def->dtype = dt;
    return r;
}

/* The shape of a nested literal list/tuple, read along its first elements. */
static bool literal_first_shape(AstNode *e, int64_t *shape, int *ndim)
{
    *ndim = 0;
    while (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        if (*ndim >= IR_MAXDIM) {
            diag_error(e->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return false;
        }
        shape[(*ndim)++] = e->elts.n;
        if (e->elts.n == 0) break;
        e = e->elts.v[0];
    }
    return true;
}

/* Checks that every path of the literal agrees with shape (NumPy: "inhomogeneous shape") and
 * collects the element expressions in C order. */
static bool literal_elems(AstNode *e, int depth, const int64_t *shape, int ndim, Vec *elems)
{
    bool seq = e->kind == AST_LIST || e->kind == AST_TUPLE;
    if (seq != (depth < ndim) || (seq && shape[depth] != e->elts.n)) {
        diag_error(e->span, "setting an array element with a sequence. The requested array has an "
                            "inhomogeneous shape after %d dimensions.", depth);
        return false;
    }
    if (!seq) {
        vec_push(elems, e);
        return true;
    }
    for (int i = 0; i < e->elts.n; i++)
        if (!literal_elems(e->elts.v[i], depth + 1, shape, ndim, elems)) return false;
    return true;
}

/* array(object, dtype=None) / asarray: from a literal (nested lists of numbers) or an array
 * (array copies, asarray does not when the dtype matches). */
static IrValue *api_array(Lower *L, AstNode *call, const char *name)
{
    Args a;
    if (!lw_bind(call, name, "object,dtype,copy,order", 1, &a)) return NULL;
    AstNode *obj = a.p[0];
    bool copy = strcmp(name, "asarray") && strcmp(name, "asanyarray");   /* CuPy has no subclasses */
    if (obj->kind == AST_LIST || obj->kind == AST_TUPLE) {
        int64_t shape[IR_MAXDIM];
        int ndim = 0;
        Vec elems = {0};
        if (!literal_first_shape(obj, shape, &ndim) || !literal_elems(obj, 0, shape, ndim, &elems)) {
            vec_free(&elems);
            return NULL;
        }
        int n = elems.n;
        IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        bool *pyint = ar_alloc(L->a, sizeof(bool) * (n ? n : 1));   /* element i a Python int */
        int kind = -1;
        DType arr_dt = DT_BOOL;
        bool have_arr = false;
        bool saved_ok = L->u64_ok;
        AstNode *big = NULL;   /* the first literal above 2**63-1 (uint64 arrays only) */
        int nbig = 0;
        for (int i = 0; i < n; i++) {
            AstNode *el = elems.v[i];
            L->u64_ok = el->kind == AST_INT || lw_is_u64_expr(el, NULL);
            IrValue *v = lw_expr(L, el);
            L->u64_ok = saved_ok;
            if (!v) {
                vec_free(&elems);
                return NULL;
            }
            if (lw_is_u64_const(v)) {
                if (!big) big = el;
                nbig++;
            }
            pyint[i] = v->type->kind == TY_INT;
            if (v->type->kind == TY_ARRAY && v->type->ndim == 0) {
                DType d = v->type->dtype;
                arr_dt = have_arr ? dt_promote(arr_dt, d) : d;
                have_arr = true;
                v = lw_to_scalar(L, v, dt_is_complex(d) ? TY_COMPLEX : dt_is_float(d) ? TY_FLOAT : d == DT_BOOL ? TY_BOOL : TY_INT, el->span);
            } else if (!ty_is_scalar(v->type)) {
                diag_error(el->span, "array elements must be numbers, got %s", ty_str_of(v->type));
                vec_free(&elems);
                return NULL;
            }
            int k = v->type->kind == TY_BOOL ? 0 : v->type->kind == TY_INT ? 1 : v->type->kind == TY_FLOAT ? 2 : 3;
            if (k > kind) kind = k;
            vals[i] = v;
        }
        vec_free(&elems);
        static const DType def[4] = {DT_BOOL, DT_INT64, DT_FLOAT64, DT_COMPLEX128};
        DType dt = kind < 0 ? DT_FLOAT64 : def[kind];
        if (have_arr) dt = dt_promote(dt, arr_dt);
        bool given;
        /* NumPy: ints above int64 give uint64 (mixed with smaller ints, float64) */
        if (big && nbig == n) dt = DT_UINT64;
        if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
        if (big && dt != DT_UINT64) {
            diag_error(big->span, "integer literal %llu does not fit gpyc's 64-bit int: only a uint64 array "
                                  "takes it (dtype=cp.uint64)", (unsigned long long)big->ival);
            return NULL;
        }
        /* NEP 50: NumPy 2 stores each Python int element as dt, and one out of an integer
         * dtype's range is OverflowError (cp.array([1, 300], dtype=cp.uint8)); NumPy scalars
         * are cast */
        for (int i = 0; i < n; i++)
            if (pyint[i] && !lw_pyint_fits(L, call->span, vals[i], dt)) return NULL;
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, call->span, ty_array(dt, ndim), n, vals);
        r->def->dtype = dt;
        r->def->ndim = ndim;
        for (int i = 0; i < ndim; i++) r->def->shape[i] = shape[i];
        return r;
    }
    IrValue *v = lw_expr(L, obj);
    if (!v) return NULL;
    if (ty_is_scalar(v->type)) {
        DType dt = ty_scalar_dtype(v->type);
        bool given;
        if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
        if (!lw_pyint_fits(L, call->span, v, dt)) return NULL;   /* NEP 50, as above */
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, call->span, ty_array(dt, 0), 1, &v);
        r->def->dtype = dt;
        r->def->ndim = 0;
        return r;
    }
    if (v->type->kind != TY_ARRAY) {
        diag_error(obj->span, "%s() of %s is not supported yet (write the values as a literal list)", name,
                   ty_str_of(v->type));
        return NULL;
    }
    DType dt = v->type->dtype;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (dt != v->type->dtype) return lw_cast(L, v, dt, call->span);
    if (!copy) return v;
    return lw_emit1(L, IR_COPY, call->span, v->type, v);
}

/* ---------------------------------------------------------------- reductions */

/* sum/prod: bool and signed ints below 64 bits accumulate in int64, unsigned in uint64;
 * mean: ints and bool give float64; max/min keep the dtype; any/all give bool; the arg-reductions
 * give int64 positions. */
static DType reduce_dtype(RedOp r, DType in)
{
    switch (r) {
    case RED_SUM:
    case RED_PROD:
        if (in == DT_BOOL || (dt_is_signed(in) && in != DT_INT64)) return DT_INT64;
        if (dt_is_int(in) && !dt_is_signed(in)) return DT_UINT64;
        return in;
    case RED_MEAN: return (in == DT_BOOL || dt_is_int(in)) ? DT_FLOAT64 : in;
    case RED_ANY:
    case RED_ALL: return DT_BOOL;
    case RED_ARGMAX:
    case RED_ARGMIN:
    case RED_NANARGMAX:
    case RED_NANARGMIN: return DT_INT64;
    default: return in;
    }
}

IrValue *lw_reduce(Lower *L, Span sp, RedOp r, IrValue *x, AstNode *axis, AstNode *dtype,
                          AstNode *keepdims)
{
    if (x->type->kind != TY_ARRAY) {
        diag_error(sp, "%s() expects an array here, got %s", ir_redop_name(r), ty_str_of(x->type));
        return NULL;
    }
    int ndim = x->type->ndim;
    int axes[IR_MAXDIM], naxes;
    bool all, keep;
    if (!lw_axis_arg(L, axis, ndim, axes, &naxes, &all)) return NULL;
    if (!lw_bool_arg(L, keepdims, false, &keep)) return NULL;
    DType dt = reduce_dtype(r, x->type->dtype);
    bool given;
    if (dtype && !lw_dtype_arg(L, dtype, &dt, &given)) return NULL;
    if (all) {
        naxes = ndim;
        for (int i = 0; i < ndim; i++) axes[i] = i;
    }
    return lw_reduce_axes(L, sp, r, x, naxes, axes, keep, dt);
}

IrValue *lw_reduce_axes(Lower *L, Span sp, RedOp r, IrValue *x, int naxes, const int *axes, bool keep, DType dt)
{
    int ndim = x->type->ndim;
    IrValue *v = lw_emit1(L, IR_REDUCE, sp, ty_array(dt, keep ? ndim : ndim - naxes), x);
    IrInstr *in = v->def;
    in->redop = r;
    in->dtype = dt;
    in->cdtype = x->type->dtype;
    in->keepdims = keep;
    in->naxes = naxes == ndim ? 0 : naxes;
    for (int i = 0; i < naxes; i++) in->axes[i] = axes[i];
    return v;
}

/* x.sum(axis=None, dtype=None, out=None, keepdims=False) (and the cp.sum(x, ...) form) */
static IrValue *api_reduce(Lower *L, AstNode *call, RedOp r, IrValue *self)
{
    Args a;
    bool has_dtype = r == RED_SUM || r == RED_PROD || r == RED_MEAN;
    const char *sig = has_dtype ? "a,axis,dtype,out,keepdims" : "a,axis,out,keepdims";
    if (self) sig = has_dtype ? "axis,dtype,out,keepdims" : "axis,out,keepdims";
    if (!lw_bind(call, ir_redop_name(r), sig, self ? 0 : 1, &a)) return NULL;
    int o = self ? 0 : 1;
    IrValue *x = self ? self : lw_expr(L, a.p[0]);
    if (!x) return NULL;
    AstNode *dtype = has_dtype ? a.p[o + 1] : NULL;
    AstNode *out = a.p[o + (has_dtype ? 2 : 1)];
    AstNode *keep = a.p[o + (has_dtype ? 3 : 2)];
    if (!lw_no_arg(out, "out")) return NULL;
    return lw_reduce(L, call->span, r, x, a.p[o], dtype, keep);
}

/* ---------------------------------------------------------------- ufuncs */

/* name(x, ...) of an ops.def ufunc op (self: the receiver of x.round(), x.clip()); round,
 * clip and angle take their keyword arguments, the others positional operands only. */
/* out=o of a ufunc call: r stored into o (broadcast to o's shape, cast with NumPy's
 * same_kind rule: "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with
 * casting rule 'same_kind'"); the call's value is o, as NumPy returns it. */
static IrValue *ufunc_out(Lower *L, AstNode *call, const char *name, IrValue *r, AstNode *out)
{
    if (!r || !out) return r;
    IrValue *o = lw_expr(L, out);
    if (!o) return NULL;
    if (o->type->kind == TY_TUPLE && o->type->n == 1) o = lw_tuple_get(L, o, 0, out->span);
    if (o->type->kind != TY_ARRAY) {
        diag_error(out->span, "return arrays must be of ArrayType");
        return NULL;
    }
    DType from = r->type->kind == TY_ARRAY ? r->type->dtype : ty_scalar_dtype(r->type), to = o->type->dtype;
    if (!dt_same_kind(from, to)) {
        diag_error(out->span, "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule "
                              "'same_kind'", name, dt_name(from), dt_name(to));
        return NULL;
    }
    int rn = r->type->kind == TY_ARRAY ? r->type->ndim : 0;
    if (rn > o->type->ndim) {
        diag_error(out->span, "non-broadcastable output operand: the result has more dimensions (%d) than out= (%d)",
                   rn, o->type->ndim);
        return NULL;
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, call->span, NULL, 2, (IrValue *[]){o, r});
    in->dtype = to;
    return o;
}

/* dtype=D of a ufunc call selects the loop: every operand is cast to D first (arrays with
 * NumPy's same_kind check on inputs, Python scalars to 0-d arrays of D), so the loop computes
 * in D; a ufunc that then gives another dtype (sqrt with an integer D) has no such loop.
 * Comparisons, logical functions and float tests have bool loops only (dtype=bool); ldexp's
 * loops are (float, int): D picks the float. */
static bool ufunc_dtype(Lower *L, AstNode *call, const char *name, const OpInfo *oi, AstNode *dte, int n,
                        IrValue **args, DType *want)
{
    bool given;
    if (!lw_dtype_arg(L, dte, want, &given)) return false;
    if (!given) return true;
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
        if (!dt_same_kind(from, d)) {
            diag_error(call->span, "Cannot cast ufunc '%s' input %d from dtype('%s') to dtype('%s') with casting "
                                   "rule 'same_kind'", name, i, dt_name(from), dt_name(d));
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

IrValue *lw_ufunc_call(Lower *L, AstNode *call, const char *name, IrOp op, IrValue *self)
{
    const OpInfo *oi = ir_op_info(op);
    int n = call->elts.n + (self ? 1 : 0);
    IrValue *args[3];
    if (op == IR_ROUND) {
        Args a;
        if (!lw_bind(call, name, self ? "decimals,out" : "a,decimals,out", self ? 0 : 1, &a)) return NULL;
        int o = self ? 0 : 1;
        args[0] = self ? self : lw_expr(L, a.p[0]);
        if (!args[0]) return NULL;
        args[1] = a.p[o] ? lw_int_arg(L, a.p[o]) : lw_const_int(L, call->span, 0);
        if (!args[1]) return NULL;
        return ufunc_out(L, call, name, lw_ewise(L, IR_ROUND, call->span, 2, args), a.p[o + 1]);
    }
    if (op == IR_CLIP) {
        Args a;
        if (!lw_bind(call, "clip", self ? "a_min,a_max,out" : "a,a_min,a_max,out", self ? 2 : 3, &a)) return NULL;
        int o = self ? 0 : 1;
        args[0] = self ? self : lw_expr(L, a.p[0]);
        if (!args[0] || !(args[1] = lw_expr(L, a.p[o])) || !(args[2] = lw_expr(L, a.p[o + 1]))) return NULL;
        if (!lw_clip_pyint_bounds(L, call->span, args)) return NULL;   /* NumPy >= 2.1 */
        return ufunc_out(L, call, "clip", lw_ewise(L, IR_CLIP, call->span, 3, args), a.p[o + 2]);
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
    AstNode *out = NULL, *dte = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "out") && !out) {
            out = kw->rhs;
            continue;
        }
        if (!strcmp(kw->sval, "dtype") && !dte) {
            dte = kw->rhs;
            continue;
        }
        diag_error(kw->span, "the '%s' argument of %s() is not supported yet", kw->sval, name);
        return NULL;
    }
    if (op == IR_WHERE && n == 1) {
        diag_error(call->span, "where() with one argument (nonzero) is not supported yet");
        return NULL;
    }
    if (n != oi->nargs) {
        diag_error(call->span, "%s() takes %d argument%s (%d given)", name, oi->nargs, oi->nargs > 1 ? "s" : "", n);
        return NULL;
    }
    int k = 0;
    if (self) args[k++] = self;
    for (int i = 0; i < call->elts.n; i++)
        if (!(args[k++] = lw_expr(L, call->elts.v[i]))) return NULL;
    DType want = DT_COUNT;
    if (dte && !ufunc_dtype(L, call, name, oi, dte, n, args, &want)) return NULL;
    IrValue *r = lw_ewise_py(L, op, call->span, n, args);
    if (r && want != DT_COUNT && r->type->dtype != want) {
        diag_error(dte->span, "No loop matching the specified signature and casting was found for ufunc %s", name);
        return NULL;
    }
    return ufunc_out(L, call, name, r, out);
}

/* ---------------------------------------------------------------- views and copies */

/* x.reshape(*shape) / x.reshape(shape) / cp.reshape(x, shape) */
static IrValue *api_reshape(Lower *L, AstNode *call, IrValue *x, int first)
{
    IrValue *dims[IR_MAXDIM];
    int ndim = 0;
    int n = call->elts.n - first;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "order") == 0) {
            diag_error(kw->span, "reshape(order=...) is not supported yet");
            return NULL;
        }
        if (strcmp(kw->sval, "newshape") == 0 || strcmp(kw->sval, "shape") == 0) {
            if (!lw_shape_arg(L, kw->rhs, dims, &ndim)) return NULL;
            return lw_emit_reshape(L, call->span, x, ndim, dims);
        }
        diag_error(kw->span, "reshape() got an unexpected keyword argument '%s'", kw->sval);
        return NULL;
    }
    if (n == 1) {
        if (!lw_shape_arg(L, call->elts.v[first], dims, &ndim)) return NULL;
    } else {
        if (n > IR_MAXDIM) {
            diag_error(call->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return NULL;
        }
        for (int i = 0; i < n; i++)
            if (!(dims[i] = lw_int_arg(L, call->elts.v[first + i]))) return NULL;
        ndim = n;
    }
    return lw_emit_reshape(L, call->span, x, ndim, dims);
}

static IrValue *api_transpose(Lower *L, AstNode *call, IrValue *x, int first)
{
    int nd = x->type->ndim;
    int n = call->elts.n - first;
    if (call->params.n) {
        AstNode *kw = call->params.v[0];
        if (strcmp(kw->sval, "axes") != 0) {
            diag_error(kw->span, "transpose() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
    }
    AstNode *axes_arg = n == 1 ? call->elts.v[first] : call->params.n ? ((AstNode *)call->params.v[0])->rhs : NULL;
    if (n == 0 && !axes_arg) return lw_emit_transpose(L, call->span, x, NULL);
    int64_t raw[IR_MAXDIM];
    int cnt = 0;
    if (axes_arg) {
        IrValue *v = lw_expr(L, axes_arg);
        if (!v) return NULL;
        if (v->type->kind == TY_NONE) return lw_emit_transpose(L, call->span, x, NULL);
        if (v->type->kind != TY_TUPLE && v->type->kind != TY_INT) {
            diag_error(axes_arg->span, "axes must be a tuple of ints");
            return NULL;
        }
        if (v->type->kind == TY_INT) {
            if (!lw_is_const_int(v, &raw[0])) goto notconst;
            cnt = 1;
        } else {
            cnt = v->type->n > IR_MAXDIM ? IR_MAXDIM + 1 : v->type->n;
            for (int i = 0; i < cnt && i < IR_MAXDIM; i++)
                if (!lw_is_const_int(lw_tuple_get(L, v, i, axes_arg->span), &raw[i])) goto notconst;
        }
    } else {
        if (n > IR_MAXDIM) {
            diag_error(call->span, "axes don't match array");
            return NULL;
        }
        for (int i = 0; i < n; i++) {
            IrValue *v = lw_expr(L, call->elts.v[first + i]);
            if (!v) return NULL;
            if (!lw_is_const_int(v, &raw[i])) goto notconst;
        }
        cnt = n;
    }
    if (cnt != nd) {
        diag_error(call->span, "axes don't match array");
        return NULL;
    }
    int perm[IR_MAXDIM];
    bool seen[IR_MAXDIM] = {0};
    for (int i = 0; i < nd; i++) {
        int64_t p = raw[i];
        if (p < -nd || p >= nd) {
            diag_error(call->span, "axis %lld is out of bounds for array of dimension %d", (long long)p, nd);
            return NULL;
        }
        if (p < 0) p += nd;
        if (seen[p]) {
            diag_error(call->span, "repeated axis in transpose");
            return NULL;
        }
        seen[p] = true;
        perm[i] = (int)p;
    }
    return lw_emit_transpose(L, call->span, x, perm);
notconst:
    diag_error(call->span, "transpose axes must be compile-time constants");
    return NULL;
}

static IrValue *api_astype(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind(call, "astype", "dtype,order,casting,subok,copy", 1, &a)) return NULL;
    DType dt;
    bool given;
    if (!lw_dtype_arg(L, a.p[0], &dt, &given)) return NULL;
    if (!given) dt = DT_FLOAT64;
    if (dt == x->type->dtype) return lw_emit1(L, IR_COPY, call->span, x->type, x);
    return lw_cast(L, x, dt, call->span);
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
    if (!strcmp(module, "cupy.cuda") && !strcmp(attr, "runtime")) return lw_pseudo(L, ty_module(full));
    if (!strcmp(module, "math")) {
        if (!strcmp(attr, "pi")) return lw_const_float(L, sp, M_PI);
        if (!strcmp(attr, "e")) return lw_const_float(L, sp, M_E);
        if (!strcmp(attr, "tau")) return lw_const_float(L, sp, 2 * M_PI);
        if (!strcmp(attr, "inf")) return lw_const_float(L, sp, INFINITY);
        if (!strcmp(attr, "nan")) return lw_const_float(L, sp, NAN);
    }
    if (!strcmp(module, "sys") && !strcmp(attr, "argv")) return lw_pseudo(L, ty_module("sys.argv"));
    if (!strcmp(module, "sys") && !strcmp(attr, "stdout")) return lw_pseudo(L, ty_module("sys.stdout"));
    if (!strcmp(module, "cupy.cuda.Stream()") && !strcmp(attr, "null")) return lw_pseudo(L, ty_module(module));
    if ((!strcmp(module, "cupy.cuda.Device()") || !strcmp(module, "cupy.cuda.Stream()")) &&
        !strcmp(attr, "synchronize"))
        return lw_pseudo(L, ty_builtin("cupy.cuda.Device().synchronize", NULL));
    if (!strcmp(module, "cupy.cuda.Stream") && !strcmp(attr, "null")) return lw_pseudo(L, ty_module("cupy.cuda.Stream()"));
    if (lw_api_find(module, attr)) return lw_pseudo(L, ty_builtin(full, NULL));
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

IrValue *lw_attr(Lower *L, AstNode *e)
{
    IrValue *obj = lw_expr(L, e->lhs);
    if (!obj) return NULL;
    const char *at = e->sval;
    UserModule *um = lw_user_module(L, obj->type);
    if (um) return lw_user_module_attr(L, um, at, e->span);
    if (obj->type->kind == TY_MODULE) return lw_module_attr(L, obj->type->name, at, e->span);
    if (obj->type->kind == TY_ARRAY) {
        int nd = obj->type->ndim;
        if (!strcmp(at, "T")) return lw_emit_transpose(L, e->span, obj, NULL);
        if (!strcmp(at, "dtype")) return lw_pseudo(L, ty_dtype(obj->type->dtype));
        if (!strcmp(at, "ndim")) return lw_const_int(L, e->span, nd);
        if (!strcmp(at, "size")) return lw_emit1(L, IR_SIZE, e->span, ty_int(), obj);
        if (!strcmp(at, "itemsize")) return lw_const_int(L, e->span, dt_size(obj->type->dtype));
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
    if (obj->type->kind == TY_DTYPE) {
        if (!strcmp(at, "name")) return lw_const_str(L, e->span, dt_name(obj->type->dtype));
        if (!strcmp(at, "itemsize")) return lw_const_int(L, e->span, dt_size(obj->type->dtype));
    }
    diag_error(e->span, "'%s' object has no attribute '%s'", ty_str_of(obj->type), at);
    return NULL;
}

/* ---------------------------------------------------------------- builtins */

static IrValue *builtin_print(Lower *L, AstNode *call)
{
    const char *sep = " ", *end = "\n";
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "sep") && strcmp(kw->sval, "end") && strcmp(kw->sval, "flush")) {
            diag_error(kw->span, "print() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
        IrValue *v = lw_expr(L, kw->rhs);
        if (!v) return NULL;
        if (!strcmp(kw->sval, "flush")) continue;
        const char *s = NULL;
        if (v->type->kind == TY_NONE) continue;
        if (v->def && v->def->op == IR_CONST_STR) s = v->def->sval;
        if (!s) {
            diag_error(kw->span, "print(%s=...) must be a constant string", kw->sval);
            return NULL;
        }
        if (!strcmp(kw->sval, "sep")) sep = s;
        else end = s;
    }
    int n = call->elts.n;
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    for (int i = 0; i < n; i++) {
        AstNode *ae = call->elts.v[i];
        IrValue *v = lw_printable(L, ae);
        if (!v) return NULL;
        if (v->type->kind == TY_DTYPE || v->type->kind == TY_NONE) v = lw_str_of(L, v, ae->span);
        if (!v) return NULL;
        if (v->type->kind == TY_MODULE || v->type->kind == TY_FUNC || v->type->kind == TY_BUILTIN ||
            v->type->kind == TY_RANGE) {
            diag_error(ae->span, "printing %s is not supported", ty_str_of(v->type));
            return NULL;
        }
        vs[i] = v;
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_PRINT, call->span, NULL, n, vs);
    in->sval = sep;
    in->sval2 = end;
    return lw_pseudo(L, ty_none());
}

static IrValue *builtin_call(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    if (!strcmp(name, "print")) return builtin_print(L, call);
    if (!strcmp(name, "len")) {
        IrValue *v = lw_one_arg(L, call, "len");
        if (!v) return NULL;
        switch (v->type->kind) {
        case TY_LIST: return lw_emit1(L, IR_LIST_LEN, sp, ty_int(), v);
        case TY_TUPLE: return lw_const_int(L, sp, v->type->n);
        case TY_ARRAY: {
            if (v->type->ndim == 0) {
                diag_error(sp, "len() of unsized object");
                return NULL;
            }
            IrValue *r = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), v);
            r->def->ival = 0;
            return r;
        }
        case TY_MODULE:
            if (!strcmp(v->type->name, "sys.argv")) return lw_emit(L, IR_ARGV_LEN, sp, ty_int(), 0, NULL);
            break;
        default: break;
        }
        diag_error(sp, "object of type '%s' has no len()", ty_str_of(v->type));
        return NULL;
    }
    if (!strcmp(name, "int") || !strcmp(name, "float") || !strcmp(name, "bool") || !strcmp(name, "complex")) {
        TypeKind k = name[0] == 'i' ? TY_INT : name[0] == 'f' ? TY_FLOAT : name[0] == 'b' ? TY_BOOL : TY_COMPLEX;
        if (call->elts.n == 0 && !call->params.n) {
            if (k == TY_INT) return lw_const_int(L, sp, 0);
            if (k == TY_FLOAT) return lw_const_float(L, sp, 0.0);
            if (k == TY_BOOL) return lw_const_bool(L, sp, false);
        }
        if (k == TY_COMPLEX && call->elts.n == 2) {
            IrValue *re = lw_expr(L, call->elts.v[0]), *im = re ? lw_expr(L, call->elts.v[1]) : NULL;
            if (!im) return NULL;
            if (re->type->kind != TY_COMPLEX && im->type->kind != TY_COMPLEX) {
                /* exact, as Python: complex(2.0, inf) is (2+infj) */
                re = lw_to_scalar(L, re, TY_FLOAT, sp);
                im = lw_to_scalar(L, im, TY_FLOAT, sp);
                return re && im ? lw_ewise(L, IR_MAKE_COMPLEX, sp, 2, (IrValue *[]){re, im}) : NULL;
            }
            re = lw_to_scalar(L, re, TY_COMPLEX, sp);
            im = lw_to_scalar(L, im, TY_COMPLEX, sp);
            IrValue *j = lw_emit(L, IR_CONST_COMPLEX, sp, ty_complex(), 0, NULL);
            j->def->fval2 = 1.0;
            return lw_binop(L, AOP_ADD, sp, re, lw_binop(L, AOP_MUL, sp, im, j));
        }
        IrValue *v = lw_one_arg(L, call, name);
        if (!v) return NULL;
        if (k == TY_BOOL) return lw_truth(L, v, sp);
        if (v->type->kind == TY_ARRAY && v->type->ndim != 0) {
            /* run time: only size-1 arrays convert; the runtime checks the size */
        }
        return lw_to_scalar(L, v, k, sp);
    }
    if (!strcmp(name, "str")) {
        if (call->elts.n == 1 && !call->params.n) {
            IrValue *v = lw_printable(L, call->elts.v[0]);
            return v ? lw_str_of(L, v, sp) : NULL;
        }
        IrValue *v = lw_one_arg(L, call, "str");
        return v ? lw_str_of(L, v, sp) : NULL;
    }
    if (!strcmp(name, "abs")) {
        IrValue *v = lw_one_arg(L, call, "abs");
        if (!v) return NULL;
        if (!ty_is_numeric(v->type)) {
            diag_error(sp, "bad operand type for abs(): '%s'", ty_str_of(v->type));
            return NULL;
        }
        return lw_ewise(L, IR_ABS, sp, 1, &v);
    }
    if (!strcmp(name, "min") || !strcmp(name, "max")) {
        if (call->elts.n < 2) {
            diag_error(sp, "%s() of an iterable is not supported yet; pass the values as arguments", name);
            return NULL;
        }
        IrValue *acc = NULL;
        for (int i = 0; i < call->elts.n; i++) {
            IrValue *v = lw_expr(L, call->elts.v[i]);
            if (!v) return NULL;
            if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
                diag_error(((AstNode *)call->elts.v[i])->span, "%s() takes real numbers here, got %s", name,
                           ty_str_of(v->type));
                return NULL;
            }
            acc = acc ? lw_ewise(L, name[1] == 'i' ? IR_MINIMUM : IR_MAXIMUM, sp, 2, (IrValue *[]){acc, v}) : v;
        }
        return acc;
    }
    if (!strcmp(name, "round")) {
        Args a;
        if (!lw_bind(call, "round", "number,ndigits", 1, &a)) return NULL;
        IrValue *v = lw_expr(L, a.p[0]);
        if (!v) return NULL;
        if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, TY_FLOAT, sp);
        if (v->type->kind != TY_INT && v->type->kind != TY_FLOAT && v->type->kind != TY_BOOL) {
            diag_error(sp, "round() takes a real number here, got %s", ty_str_of(v->type));
            return NULL;
        }
        if (!a.p[1]) {
            if (v->type->kind != TY_FLOAT) return lw_to_scalar(L, v, TY_INT, sp);
            IrValue *r = lw_ewise(L, IR_RINT, sp, 1, &v);
            return lw_to_scalar(L, r, TY_INT, sp);
        }
        IrValue *nd = lw_int_arg(L, a.p[1]);
        if (!nd) return NULL;
        return lw_ewise(L, IR_ROUND, sp, 2, (IrValue *[]){v, nd});
    }
    if (!strcmp(name, "sorted")) {
        Args a;
        if (!lw_bind(call, "sorted", "iterable,key,reverse", 1, &a)) return NULL;
        IrValue *v = lw_expr(L, a.p[0]);
        if (!v) return NULL;
        if (v->type->kind != TY_LIST || (v->type->elem && !ty_is_scalar(v->type->elem) &&
                                         v->type->elem->kind != TY_STR)) {
            diag_error(a.p[0]->span, "sorted() takes a list of numbers or strings here, got %s", ty_str_of(v->type));
            return NULL;
        }
        if (!lw_no_arg(a.p[1], "key")) return NULL;
        bool rev;
        if (!lw_bool_arg(L, a.p[2], false, &rev)) return NULL;
        IrValue *r = lw_emit1(L, IR_LIST_SORTED, sp, v->type, v);
        r->def->ival = rev;
        return r;
    }
    if (!strcmp(name, "range")) {
        diag_error(sp, "range() is supported only as the iterable of a for loop");
        return NULL;
    }
    if (!strcmp(name, "enumerate") || !strcmp(name, "zip")) {
        diag_error(sp, "%s() is supported only as the iterable of a for loop", name);
        return NULL;
    }
    diag_error(sp, "the builtin %s() is not supported yet", name);
    return NULL;
}

/* ---------------------------------------------------------------- math module */

/* math.NAME(x[, y]) on Python floats: the ops.def op f->arg on host scalars */
static IrValue *math_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    const char *fn = f->name;
    int nargs = ir_op_info((IrOp)f->arg)->nargs;
    if (call->elts.n != nargs || call->params.n) {
        diag_error(call->span, "math.%s() takes %d argument%s", fn, nargs, nargs > 1 ? "s" : "");
        return NULL;
    }
    IrValue *args[2];
    for (int k = 0; k < nargs; k++) {
        AstNode *ae = call->elts.v[k];
        IrValue *v = lw_expr(L, ae);
        if (!v) return NULL;
        if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, TY_FLOAT, ae->span);
        if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
            diag_error(ae->span, "must be real number, not %s", ty_str_of(v->type));
            return NULL;
        }
        args[k] = lw_to_scalar(L, v, TY_FLOAT, ae->span);
    }
    IrValue *r = lw_ewise(L, (IrOp)f->arg, call->span, nargs, args);
    if (r && (!strcmp(fn, "floor") || !strcmp(fn, "ceil") || !strcmp(fn, "trunc")))
        r = lw_to_scalar(L, r, TY_INT, call->span);
    return r;
}

/* time.perf_counter() / time.time() / time.monotonic() */
static IrValue *time_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    return lw_emit(L, IR_PERF_COUNTER, call->span, ty_float(), 0, NULL);
}

/* ---------------------------------------------------------------- cupy functions */

/* asnumpy(a, stream=None, order='C') / copy(a): a copy (a Python scalar becomes a 0-d array) */
static IrValue *api_asnumpy(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, fn, "a,stream,order", 1, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (ty_is_scalar(x->type)) {
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, sp, ty_array(ty_scalar_dtype(x->type), 0), 1, &x);
        r->def->dtype = ty_scalar_dtype(x->type);
        return r;
    }
    if (x->type->kind != TY_ARRAY) {
        diag_error(a.p[0]->span, "%s() expects an array, got %s", fn, ty_str_of(x->type));
        return NULL;
    }
    return lw_emit1(L, IR_COPY, sp, x->type, x);
}

/* reshape(a, newshape) / transpose(a, axes): the function forms of the methods */
static IrValue *api_reshape_fn(Lower *L, AstNode *call, const char *fn)
{
    if (call->elts.n < 1) {
        diag_error(call->span, "%s() missing required argument 'a' (pos 1)", fn);
        return NULL;
    }
    IrValue *x = lw_array_arg(L, call->elts.v[0], fn);
    if (!x) return NULL;
    return fn[0] == 'r' ? api_reshape(L, call, x, 1) : api_transpose(L, call, x, 1);
}

/* ndim(a) / shape(a) / size(a) */
static IrValue *api_ndim(Lower *L, AstNode *call, const char *fn)
{
    Span sp = call->span;
    IrValue *x = lw_one_arg(L, call, fn);
    if (!x) return NULL;
    if (x->type->kind != TY_ARRAY) {
        diag_error(sp, "%s() expects an array here", fn);
        return NULL;
    }
    if (fn[0] == 'n') return lw_const_int(L, sp, x->type->ndim);
    if (fn[1] == 'i') return lw_emit1(L, IR_SIZE, sp, ty_int(), x);
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    return lw_tuple(L, sp, x->type->ndim, dims);
}

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

/* asfarray(a, dtype=float64): asarray(a, dtype), a dtype that is not inexact meaning float64 */
static IrValue *api_asfarray(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "asfarray", "a,dtype", 1, &a)) return NULL;
    IrValue *x = lw_array_arg(L, a.p[0], "asfarray");
    if (!x) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (!dt_is_float(dt) && !dt_is_complex(dt)) dt = DT_FLOAT64;
    return dt == x->type->dtype ? x : lw_cast(L, x, dt, call->span);
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

/* ---------------------------------------------------------------- cupy.cuda */

/* cp.cuda.Device() / cp.cuda.Stream(): objects whose methods are pseudo modules */
static IrValue *cuda_object(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)call, (void)self;
    return lw_pseudo(L, ty_module(f->arg ? "cupy.cuda.Stream()" : "cupy.cuda.Device()"));
}

/* cp.cuda.runtime.deviceSynchronize(), cp.cuda.Device().synchronize() */
static IrValue *cuda_sync(Lower *L, AstNode *call)
{
    lw_emit(L, IR_SYNC, call->span, NULL, 0, NULL);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- methods */

/* x.copy() */
static IrValue *api_copy_method(Lower *L, AstNode *call, IrValue *x)
{
    if (call->elts.n || call->params.n) {
        diag_error(call->span, "copy() arguments are not supported yet");
        return NULL;
    }
    return lw_emit1(L, IR_COPY, call->span, x->type, x);
}

/* x.flatten() (a copy) / x.ravel() (a view when possible) */
static IrValue *api_flatten(Lower *L, AstNode *call, const char *m, IrValue *x)
{
    Span sp = call->span;
    if (call->elts.n || call->params.n) {
        diag_error(sp, "%s() arguments are not supported yet", m);
        return NULL;
    }
    IrValue *src = !strcmp(m, "flatten") ? lw_emit1(L, IR_COPY, sp, x->type, x) : x;
    IrValue *d = lw_const_int(L, sp, -1);
    return lw_emit_reshape(L, sp, src, 1, &d);
}

/* x.item(): the Python scalar */
static IrValue *api_item(Lower *L, AstNode *call, IrValue *x)
{
    if (call->elts.n || call->params.n) {
        diag_error(call->span, "item() arguments are not supported yet");
        return NULL;
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

IrValue *lw_printable(Lower *L, AstNode *e)
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
    return lw_expr(L, e);
}

static IrValue *array_method(Lower *L, AstNode *call, IrValue *x, const char *m)
{
    if (!strcmp(m, "get")) {
        diag_error(call->span, "x.get() is CuPy-only; write cp.asnumpy(x) so the script also runs under NumPy");
        return NULL;
    }
    const ApiFn *f = lw_api_find("cupy.ndarray", m);
    if (f) return f->lower(L, call, f, x);
    diag_error(call->span, "ndarray.%s() is not supported yet", m);
    return NULL;
}

/* ---------------------------------------------------------------- API table */

LW_API_SELF(api_tolist)
LW_API_NAMED(api_fill)
LW_API_NAMED(api_like)
LW_API_PLAIN(api_arange)
LW_API_PLAIN(api_linspace)
LW_API_ARG(api_eye)
LW_API_NAMED(api_array)
LW_API_NAMED(api_asnumpy)
LW_API_NAMED(api_reshape_fn)
LW_API_NAMED(api_ndim)
LW_API_PLAIN(api_get_array_module)
LW_API_PLAIN(api_asfarray)
LW_API_PLAIN(api_rsqrt)

/* sum/prod/max/min/mean/any/all; arg: the RedOp */
static IrValue *reduce_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return api_reduce(L, call, (RedOp)f->arg, self);
}

/* an ops.def ufunc (or NumPy's other name for one); arg: the IrOp */
static IrValue *ufunc_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    return lw_ufunc_call(L, call, f->name, (IrOp)f->arg, self);
}

static IrValue *scalar_type_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return lw_scalar_type_call(L, call, (DType)f->arg);
}

static IrValue *cuda_sync_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    return cuda_sync(L, call);
}

static IrValue *reshape_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_reshape(L, call, x, 0);
}

static IrValue *transpose_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_transpose(L, call, x, 0);
}

static IrValue *astype_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_astype(L, call, x);
}

static IrValue *copy_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_copy_method(L, call, x);
}

static IrValue *flatten_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    return api_flatten(L, call, f->name, x);
}

static IrValue *item_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    (void)f;
    return api_item(L, call, x);
}

const ApiFn lw_call_api[] = {
    /* creation */
    {"cupy", "zeros", api_fill_api, 0},
    {"cupy", "ones", api_fill_api, 0},
    {"cupy", "empty", api_fill_api, 0},
    {"cupy", "full", api_fill_api, 0},
    {"cupy", "zeros_like", api_like_api, 0},
    {"cupy", "ones_like", api_like_api, 0},
    {"cupy", "empty_like", api_like_api, 0},
    {"cupy", "full_like", api_like_api, 0},
    {"cupy", "arange", api_arange_api, 0},
    {"cupy", "linspace", api_linspace_api, 0},
    {"cupy", "eye", api_eye_api, false},
    {"cupy", "identity", api_eye_api, true},
    {"cupy", "array", api_array_api, 0},
    {"cupy", "asarray", api_array_api, 0},
    {"cupy", "asanyarray", api_array_api, 0},
    {"cupy", "asnumpy", api_asnumpy_api, 0},
    {"cupy", "copy", api_asnumpy_api, 0},
    {"cupy", "asfarray", api_asfarray_api, 0},
    {"cupy", "get_array_module", api_get_array_module_api, 0},
    /* reductions through IR_REDUCE (the others are lower/api/reduce.c's) */
    {"cupy", "sum", reduce_api, RED_SUM},
    {"cupy", "prod", reduce_api, RED_PROD},
    {"cupy", "max", reduce_api, RED_MAX},
    {"cupy", "amax", reduce_api, RED_MAX},
    {"cupy", "min", reduce_api, RED_MIN},
    {"cupy", "amin", reduce_api, RED_MIN},
    {"cupy", "mean", reduce_api, RED_MEAN},
    {"cupy", "any", reduce_api, RED_ANY},
    {"cupy", "all", reduce_api, RED_ALL},
    /* shapes and views */
    {"cupy", "reshape", api_reshape_fn_api, 0},
    {"cupy", "transpose", api_reshape_fn_api, 0},
    {"cupy", "ndim", api_ndim_api, 0},
    {"cupy", "shape", api_ndim_api, 0},
    {"cupy", "size", api_ndim_api, 0},
    /* NumPy's other names of ops.def ufuncs (the ops themselves come from ops.def) */
    {"cupy", "abs", ufunc_api, IR_ABS},
    {"cupy", "divide", ufunc_api, IR_TRUEDIV},
    {"cupy", "mod", ufunc_api, IR_MOD},
    {"cupy", "around", ufunc_api, IR_ROUND},
    {"cupy", "round_", ufunc_api, IR_ROUND},
    {"cupy", "conj", ufunc_api, IR_CONJ},
    {"cupy", "rad2deg", ufunc_api, IR_DEGREES},
    {"cupy", "deg2rad", ufunc_api, IR_RADIANS},
    {"cupy", "fix", ufunc_api, IR_TRUNC},
    /* cupyx */
    {"cupyx", "rsqrt", api_rsqrt_api, 0},
    /* cupy.cuda */
    {"cupy.cuda", "Device", cuda_object, 0},
    {"cupy.cuda", "Stream", cuda_object, 1},
    {"cupy.cuda.runtime", "deviceSynchronize", cuda_sync_api, 0},
    /* ndarray methods (the others are in the tables of lower/api/reduce.c, lower/api/index.c and
     * lower/api/manip.c) */
    {"cupy.ndarray", "tolist", api_tolist_api, 0},
    {"cupy.ndarray", "sum", reduce_api, RED_SUM},
    {"cupy.ndarray", "prod", reduce_api, RED_PROD},
    {"cupy.ndarray", "max", reduce_api, RED_MAX},
    {"cupy.ndarray", "min", reduce_api, RED_MIN},
    {"cupy.ndarray", "mean", reduce_api, RED_MEAN},
    {"cupy.ndarray", "any", reduce_api, RED_ANY},
    {"cupy.ndarray", "all", reduce_api, RED_ALL},
    {"cupy.ndarray", "reshape", reshape_method, 0},
    {"cupy.ndarray", "transpose", transpose_method, 0},
    {"cupy.ndarray", "astype", astype_method, 0},
    {"cupy.ndarray", "copy", copy_method, 0},
    {"cupy.ndarray", "flatten", flatten_method, 0},
    {"cupy.ndarray", "ravel", flatten_method, 0},
    {"cupy.ndarray", "item", item_method, 0},
    {"cupy.ndarray", "clip", ufunc_api, IR_CLIP},
    {"cupy.ndarray", "round", ufunc_api, IR_ROUND},
    /* the math module, on Python floats */
    {"math", "sqrt", math_call, IR_SQRT},
    {"math", "exp", math_call, IR_EXP},
    {"math", "log", math_call, IR_LOG},
    {"math", "log2", math_call, IR_LOG2},
    {"math", "log10", math_call, IR_LOG10},
    {"math", "sin", math_call, IR_SIN},
    {"math", "cos", math_call, IR_COS},
    {"math", "tan", math_call, IR_TAN},
    {"math", "tanh", math_call, IR_TANH},
    {"math", "sinh", math_call, IR_SINH},
    {"math", "cosh", math_call, IR_COSH},
    {"math", "atan", math_call, IR_ARCTAN},
    {"math", "atan2", math_call, IR_ARCTAN2},
    {"math", "hypot", math_call, IR_HYPOT},
    {"math", "floor", math_call, IR_FLOOR},
    {"math", "ceil", math_call, IR_CEIL},
    {"math", "trunc", math_call, IR_TRUNC},
    {"math", "fabs", math_call, IR_ABS},
    {"math", "isnan", math_call, IR_ISNAN},
    {"math", "isinf", math_call, IR_ISINF},
    {"math", "isfinite", math_call, IR_ISFINITE},
    {"math", "pow", math_call, IR_POW},
    /* the time module */
    {"time", "perf_counter", time_call, 0},
    {"time", "time", time_call, 0},
    {"time", "monotonic", time_call, 0},
    {NULL, NULL, NULL, 0},
};

/* ORDER: the API files; a new file with a table adds one line here. */
const ApiFn *const lw_api_tables[] = {
    lw_call_api, lw_reduce_api, lw_manip_api, lw_join_api, lw_create_api, lw_index_api,
    lw_ufunc_api, lw_linalg_api, lw_einsum_api, lw_stats_api, lw_sort_api, lw_fft_api, lw_hist_api,
    lw_place_api, lw_numeric_api, lw_grid_api, lw_solver_api, lw_random_api, NULL
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
            if (strcmp(m, "cupy") && strncmp(m, "cupy.", 5) && strcmp(m, "cupyx") && strncmp(m, "cupyx.", 6)) continue;
            snprintf(buf, sizeof buf, "%s.%s", t->mod, t->name);
            fn(buf, ctx);
        }
}

static IrValue *list_method(Lower *L, AstNode *call, IrValue *l, const char *m)
{
    if (!strcmp(m, "append")) {
        IrValue *v = lw_one_arg(L, call, "append");
        if (!v) return NULL;
        if (l->type->elem == NULL) {
            if (v->type->kind == TY_NONE || v->type->kind == TY_DTYPE || v->type->kind == TY_MODULE ||
                v->type->kind == TY_FUNC || v->type->kind == TY_BUILTIN) {
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
                diag_error(call->span, "lists must be homogeneous: appending %s to %s", ty_str_of(v->type),
                           ty_str_of(l->type));
                return NULL;
            }
        }
        ir_emit(L->m, L->blk, IR_LIST_APPEND, call->span, NULL, 2, (IrValue *[]){l, v});
        return lw_pseudo(L, ty_none());
    }
    diag_error(call->span, "list.%s() is not supported yet", m);
    return NULL;
}

/* ---------------------------------------------------------------- user functions */

static IrValue *user_call(Lower *L, AstNode *call, AstNode *def)
{
    int np = def->params.n;
    IrValue **args = ar_alloc(L->a, sizeof(IrValue *) * (np ? np : 1));
    AstNode **given = ar_alloc(L->a, sizeof(AstNode *) * (np ? np : 1));
    if (call->elts.n > np) {
        diag_error(call->span, "%s() takes %d positional argument%s but %d were given", def->sval, np,
                   np == 1 ? "" : "s", call->elts.n);
        return NULL;
    }
    for (int i = 0; i < call->elts.n; i++) given[i] = call->elts.v[i];
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        int k = -1;
        for (int j = 0; j < np; j++)
            if (!strcmp(((AstNode *)def->params.v[j])->sval, kw->sval)) k = j;
        if (k < 0) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", def->sval, kw->sval);
            return NULL;
        }
        if (given[k]) {
            diag_error(kw->span, "%s() got multiple values for argument '%s'", def->sval, kw->sval);
            return NULL;
        }
        given[k] = kw->rhs;
    }
    for (int i = 0; i < np; i++) {
        AstNode *p = def->params.v[i];
        AstNode *e = given[i] ? given[i] : p->rhs;
        if (!e) {
            diag_error(call->span, "%s() missing required argument: '%s'", def->sval, p->sval);
            return NULL;
        }
        if (given[i]) {
            if (!(args[i] = lw_expr(L, e))) return NULL;
        } else {
            /* a default: its names are the defining module's globals (Python evaluates it
             * there, at the def) */
            Scope *saved_scope;
            UserModule *um = lw_module_of(L, def);
            UserModule *prev = lw_enter_module(L, um, &saved_scope);
            L->scope = L->module_scope;
            args[i] = lw_expr(L, e);
            lw_leave_module(L, prev, saved_scope);
            if (!args[i]) return NULL;
        }
    }
    return lw_call_user(L, def, args, call->span);
}

/* ---------------------------------------------------------------- entry */

static IrValue *call_value(Lower *L, AstNode *call, IrValue *fv);

IrValue *lw_call(Lower *L, AstNode *call)
{
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
        if (obj->type->kind == TY_LIST) return list_method(L, call, obj, m);
        if (obj->type->kind != TY_MODULE) {
            diag_error(f->span, "'%s' object has no method '%s' that gpyc supports", ty_str_of(obj->type), m);
            return NULL;
        }
        const char *mod = obj->type->name;
        if ((!strcmp(mod, "cupy.cuda.Device()") || !strcmp(mod, "cupy.cuda.Stream()")) && !strcmp(m, "synchronize"))
            return cuda_sync(L, call);
        if (!strcmp(mod, "sys.stdout") && !strcmp(m, "flush")) {
            lw_emit(L, IR_FLUSH, call->span, NULL, 0, NULL);
            return lw_pseudo(L, ty_none());
        }
        const ApiFn *fn = lw_api_find(mod, m);
        if (fn) return fn->lower(L, call, fn, NULL);
        bool at_call = !strcmp(mod, "cupy") || !strcmp(mod, "cupy.random") || !strcmp(mod, "math");
        diag_error(at_call ? call->span : f->span, "%s.%s is not supported by gpyc", mod, m);
        return NULL;
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
    case TY_FUNC: return user_call(L, call, fv->type->def);
    case TY_BUILTIN: {
        /* a builtin (print), or mod.name bound by `from mod import name` (lw_module_attr) */
        const char *name = fv->type->name;
        const char *dot = strrchr(name, '.');
        if (!dot) return builtin_call(L, call, name);
        if (!strcmp(name, "cupy.cuda.Device().synchronize")) return cuda_sync(L, call);
        const char *mod = ar_strndup(L->a, name, dot - name);
        const ApiFn *fn = lw_api_find(mod, dot + 1);
        if (fn) return fn->lower(L, call, fn, NULL);
        diag_error(f->span, "%s is not supported by gpyc", name);
        return NULL;
    }
    case TY_DTYPE: return lw_scalar_type_call(L, call, fv->type->dtype);
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
