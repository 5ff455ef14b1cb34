/*
 * lower/bind.c — the one argument binder of the lowering (declared in the "binder" section of
 * lower.h): a call's arguments bound to a NumPy signature "a,b,c" (lw_bind; lw_bind_self for a
 * routine that is also an ndarray method), then the typed readers of a bound argument: ints
 * and shapes, dtypes, axes (lw_axis_arg for None/int/tuple, lw_axis1 for one), constant bools
 * and strings, and the array operands NumPy converts (lw_array_arg: an array only;
 * lw_arraylike / lw_values_into: asarray of an array, number or literal list; lw_seq_arrays:
 * a sequence of arrays; lw_array_operand: cp.array's rules).
 *
 * Every reader reports NumPy's or Python's message at the argument and returns false / NULL.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- binding */

/* Binds the call's arguments to a signature "a,b,c" (positional or keyword).  nreq leading
 * parameters are required.  Errors as Python's: "zeros() got an unexpected keyword argument
 * 'x'", "missing required argument 'shape'", "takes at most 3 arguments (4 given)". */
bool lw_bind(AstNode *call, const char *fname, const char *sig, int nreq, Args *out)
{
    const char *names[MAXP];
    int np = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", sig);
    for (char *tok = strtok(buf, ","); tok && np < MAXP; tok = strtok(NULL, ",")) names[np++] = tok;
    memset(out, 0, sizeof *out);
    out->call = call->span;
    if (call->elts.n > np) {
        diag_error(call->span, "%s() takes at most %d arguments (%d given)", fname, np, call->elts.n);
        return false;
    }
    for (int i = 0; i < call->elts.n; i++) out->p[i] = call->elts.v[i];
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        int k = -1;
        for (int j = 0; j < np; j++)
            if (strcmp(names[j], kw->sval) == 0) k = j;
        if (k < 0) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", fname, kw->sval);
            return false;
        }
        if (out->p[k]) {
            diag_error(kw->span, "%s() got multiple values for argument '%s'", fname, kw->sval);
            return false;
        }
        out->p[k] = kw->rhs;
    }
    for (int i = 0; i < nreq; i++)
        if (!out->p[i]) {
            diag_error(call->span, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            return false;
        }
    return true;
}

/* Binds a call of the function form ("a,axis") or, with self, of the method form (the
 * signature without its first parameter); a.p[0] is then NULL. */
bool lw_bind_self(AstNode *call, const char *fname, const char *sig, int nreq, IrValue *self, Args *a)
{
    if (!self) return lw_bind(call, fname, sig, nreq, a);
    const char *rest = strchr(sig, ',');
    if (!lw_bind(call, fname, rest ? rest + 1 : "", nreq > 0 ? nreq - 1 : 0, a)) return false;
    memmove(&a->p[1], &a->p[0], sizeof(AstNode *) * (MAXP - 1));
    a->p[0] = NULL;
    return true;
}

IrValue *lw_one_arg(Lower *L, AstNode *call, const char *name)
{
    if (call->elts.n != 1 || call->params.n) {
        diag_error(call->span, "%s() takes exactly one argument (%d given)", name, call->elts.n + call->params.n);
        return NULL;
    }
    return lw_expr(L, call->elts.v[0]);
}

/* ---------------------------------------------------------------- typed arguments */

IrValue *lw_as_index(Lower *L, IrValue *v, Span sp)
{
    if (v->type->kind == TY_INT) return v;
    if (v->type->kind == TY_BOOL ||
        (v->type->kind == TY_ARRAY && v->type->ndim == 0 && dt_is_int(v->type->dtype)))
        return lw_to_scalar(L, v, TY_INT, sp);
    return NULL;
}

IrValue *lw_int_arg(Lower *L, AstNode *e)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    IrValue *i = lw_as_index(L, v, e->span);
    if (!i) diag_error(e->span, "'%s' object cannot be interpreted as an integer", ty_str_of(v->type));
    return i;
}

/* A shape: an int, a tuple of ints or a list literal of ints (its length is the ndim).  Fills
 * dims[0..*ndim-1]. */
bool lw_shape_arg(Lower *L, AstNode *e, IrValue **dims, int *ndim)
{
    if (e->kind == AST_LIST && e->elts.n <= IR_MAXDIM) {
        for (int i = 0; i < e->elts.n; i++)
            if (!(dims[i] = lw_int_arg(L, e->elts.v[i]))) return false;
        *ndim = e->elts.n;
        return true;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_INT || v->type->kind == TY_BOOL ||
        (v->type->kind == TY_ARRAY && v->type->ndim == 0 && dt_is_int(v->type->dtype))) {
        dims[0] = lw_to_scalar(L, v, TY_INT, e->span);
        *ndim = 1;
        return true;
    }
    if (v->type->kind == TY_TUPLE || v->type->kind == TY_LIST) {
        if (v->type->kind == TY_LIST) {
            diag_error(e->span, "shapes are written as tuples or list literals here");
            return false;
        }
        if (v->type->n > IR_MAXDIM) {
            diag_error(e->span, "gpyc supports arrays of up to %d dimensions", IR_MAXDIM);
            return false;
        }
        for (int i = 0; i < v->type->n; i++) {
            Type *t = v->type->elems[i];
            if (!(dims[i] = lw_as_index(L, lw_tuple_get(L, v, i, e->span), e->span))) {
                diag_error(e->span, "'%s' object cannot be interpreted as an integer", ty_str_of(t));
                return false;
            }
        }
        *ndim = v->type->n;
        return true;
    }
    diag_error(e->span, "expected a shape (an int or a tuple of ints), got %s", ty_str_of(v->type));
    return false;
}

bool lw_dtype_name(const char *s, DType *out)
{
    static const struct {
        const char *name;
        DType d;
    } tab[] = {{"bool", DT_BOOL}, {"?", DT_BOOL}, {"b1", DT_BOOL},
               {"int8", DT_INT8}, {"i1", DT_INT8}, {"int16", DT_INT16}, {"i2", DT_INT16},
               {"int32", DT_INT32}, {"i4", DT_INT32}, {"int64", DT_INT64}, {"i8", DT_INT64}, {"int", DT_INT64},
               {"uint8", DT_UINT8}, {"u1", DT_UINT8}, {"uint16", DT_UINT16}, {"u2", DT_UINT16},
               {"uint32", DT_UINT32}, {"u4", DT_UINT32}, {"uint64", DT_UINT64}, {"u8", DT_UINT64},
               {"float16", DT_FLOAT16}, {"f2", DT_FLOAT16}, {"half", DT_FLOAT16},
               {"float32", DT_FLOAT32}, {"f4", DT_FLOAT32}, {"single", DT_FLOAT32},
               {"float64", DT_FLOAT64}, {"f8", DT_FLOAT64}, {"float", DT_FLOAT64}, {"double", DT_FLOAT64},
               {"d", DT_FLOAT64}, {"f", DT_FLOAT32}, {"e", DT_FLOAT16},
               /* NumPy's one-letter type codes (numpy.dtype('i').char) */
               {"b", DT_INT8}, {"B", DT_UINT8}, {"h", DT_INT16}, {"H", DT_UINT16}, {"i", DT_INT32},
               {"I", DT_UINT32}, {"l", DT_INT64}, {"L", DT_UINT64}, {"q", DT_INT64}, {"Q", DT_UINT64},
               {"F", DT_COMPLEX64}, {"D", DT_COMPLEX128},
               {"complex64", DT_COMPLEX64}, {"c8", DT_COMPLEX64}, {"complex128", DT_COMPLEX128},
               {"c16", DT_COMPLEX128}, {"complex", DT_COMPLEX128},
               /* NumPy 1.x's other names of these types (numpy.sctypeDict, 64-bit Linux) */
               {"bool_", DT_BOOL}, {"bool8", DT_BOOL}, {"byte", DT_INT8}, {"ubyte", DT_UINT8},
               {"short", DT_INT16}, {"ushort", DT_UINT16}, {"intc", DT_INT32}, {"uintc", DT_UINT32},
               {"int_", DT_INT64}, {"intp", DT_INT64}, {"int0", DT_INT64}, {"long", DT_INT64},
               {"longlong", DT_INT64}, {"p", DT_INT64}, {"uint", DT_UINT64}, {"uintp", DT_UINT64},
               {"uint0", DT_UINT64}, {"ulong", DT_UINT64}, {"ulonglong", DT_UINT64}, {"P", DT_UINT64},
               {"float_", DT_FLOAT64}, {"csingle", DT_COMPLEX64}, {"singlecomplex", DT_COMPLEX64},
               {"cdouble", DT_COMPLEX128}, {"cfloat", DT_COMPLEX128}, {"complex_", DT_COMPLEX128}};
    /* a type code may carry a byte order: '<', '=' or '|' (this host's), '>' for one byte */
    char order = s[0] == '<' || s[0] == '=' || s[0] == '|' || s[0] == '>' ? s[0] : 0;
    const char *code = order ? s + 1 : s;
    if (order) {
        bool is_code = code[0] && (!code[1] || (code[1] >= '0' && code[1] <= '9'));
        for (size_t i = 1; is_code && code[i]; i++) is_code = code[i] >= '0' && code[i] <= '9';
        if (!is_code) return false;
    }
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(tab[i].name, code) == 0) {
            if (order == '>' && dt_size(tab[i].d) != 1) return false; /* big-endian: not a gpyc dtype */
            *out = tab[i].d;
            return true;
        }
    return false;
}

/* dt == other as NumPy compares a dtype: other is turned into a dtype the way np.dtype(other)
 * does (a dtype, a type name or code, Python's float, int, bool, complex, and None, which is
 * float64), and anything it does not turn into one (a number, another str) is unequal. */
int lw_dtype_eq(DType dt, const IrValue *other)
{
    const Type *t = other->type;
    DType od;
    switch (t->kind) {
    case TY_DTYPE: return dt == t->dtype;
    case TY_NONE: return dt == DT_FLOAT64;
    case TY_BUILTIN:
        if (!strcmp(t->name, "float")) return dt == DT_FLOAT64;
        if (!strcmp(t->name, "int")) return dt == DT_INT64;
        if (!strcmp(t->name, "bool")) return dt == DT_BOOL;
        if (!strcmp(t->name, "complex")) return dt == DT_COMPLEX128;
        return 0;
    case TY_STR:
        if (!lw_known_str(other)) return -1;
        return lw_dtype_name(lw_known_str(other), &od) && od == dt;
    default: return 0;
    }
}

/* The text of str value v where it is a constant: a literal, or a read of a name whose every
 * path to here comes from the assignment of one (Binding.known: `dt = 'f4'`, each copy of
 * `for dt in ('f4', 'f8')`); NULL otherwise. */
const char *lw_known_str(const IrValue *v)
{
    for (int depth = 0; v && v->def && depth < 16; depth++, v = v->def->known) {
        if (v->def->op == IR_CONST_STR) return v->def->sval;
        if (v->def->op != IR_LOAD) return NULL;
    }
    return NULL;
}

/* A dtype argument: cp.float32, 'float32', 'f4', float, int, bool, complex, or None.
 * Returns false on error; *given is false for None / absent. */
bool lw_dtype_arg(Lower *L, AstNode *e, DType *out, bool *given)
{
    *given = false;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    switch (v->type->kind) {
    case TY_NONE: return true;
    case TY_DTYPE: *out = v->type->dtype; *given = true; return true;
    case TY_BUILTIN:
        if (!strcmp(v->type->name, "float")) *out = DT_FLOAT64;
        else if (!strcmp(v->type->name, "int")) *out = DT_INT64;
        else if (!strcmp(v->type->name, "bool")) *out = DT_BOOL;
        else if (!strcmp(v->type->name, "complex")) *out = DT_COMPLEX128;
        else break;
        *given = true;
        return true;
    case TY_STR:
        if (lw_known_str(v)) {
            if (lw_dtype_name(lw_known_str(v), out)) {
                *given = true;
                return true;
            }
            diag_error(e->span, "data type '%s' not understood", lw_known_str(v));
            return false;
        }
        break;
    default: break;
    }
    diag_error(e->span, "expected a dtype (cp.float32, 'float32', float ...), got %s", ty_str_of(v->type));
    return false;
}

/* An axis argument: None (all axes), an int or a tuple of ints — compile-time constants,
 * normalised (negative counts from the end) and sorted. */
bool lw_axis_arg(Lower *L, AstNode *e, int ndim, int *axes, int *naxes, bool *all)
{
    *all = true;
    *naxes = 0;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_NONE) return true;
    int64_t raw[IR_MAXDIM];
    int n = 0;
    if (v->type->kind == TY_INT) {
        if (!lw_is_const_int(v, &raw[0])) {
            diag_error(e->span, "axis must be a compile-time constant");
            return false;
        }
        n = 1;
    } else if (v->type->kind == TY_TUPLE) {
        if (v->type->n > IR_MAXDIM) {
            diag_error(e->span, "too many axes");
            return false;
        }
        for (int i = 0; i < v->type->n; i++) {
            IrValue *el = lw_tuple_get(L, v, i, e->span);
            if (!lw_is_const_int(el, &raw[i])) {
                diag_error(e->span, "axis must be a compile-time constant");
                return false;
            }
        }
        n = v->type->n;
    } else {
        diag_error(e->span, "axis must be None, an int or a tuple of ints, not %s", ty_str_of(v->type));
        return false;
    }
    for (int i = 0; i < n; i++) {
        int64_t a = raw[i];
        if (a < -ndim || a >= ndim) {
            diag_error(e->span, "axis %lld is out of bounds for array of dimension %d", (long long)a, ndim);
            return false;
        }
        if (a < 0) a += ndim;
        for (int j = 0; j < i; j++)
            if (axes[j] == a) {
                diag_error(e->span, "duplicate value in 'axis'");
                return false;
            }
        axes[i] = (int)a;
    }
    /* sort ascending */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && axes[j - 1] > axes[j]; j--) {
            int t = axes[j];
            axes[j] = axes[j - 1];
            axes[j - 1] = t;
        }
    *naxes = n;
    *all = false;
    return true;
}

bool lw_bool_arg(Lower *L, AstNode *e, bool dflt, bool *out)
{
    *out = dflt;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    int64_t b;
    if (!lw_is_const_int(v, &b)) {
        diag_error(e->span, "this argument must be a constant True or False");
        return false;
    }
    *out = b != 0;
    return true;
}

IrValue *lw_array_arg(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind != TY_ARRAY) {
        diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

bool lw_no_arg(AstNode *e, const char *what)
{
    if (!e) return true;
    diag_error(e->span, "the '%s' argument is not supported yet", what);
    return false;
}

/* One axis: a compile-time int in [-ndim, ndim), normalised; dflt when e is NULL. */
bool lw_axis1_named(Lower *L, AstNode *e, int ndim, int dflt, const char *name, int *out)
{
    if (!e) {
        *out = dflt;
        return true;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    int64_t a;
    if ((v->type->kind != TY_INT && v->type->kind != TY_BOOL) || !lw_is_const_int(v, &a)) {
        if (v->type->kind == TY_INT) diag_error(e->span, "axis must be a compile-time constant");
        else diag_error(e->span, "axis must be an int, not %s", ty_str_of(v->type));
        return false;
    }
    if (a < -ndim || a >= ndim) {
        diag_error(e->span, "%s%saxis %lld is out of bounds for array of dimension %d", name, *name ? ": " : "",
                   (long long)a, ndim);
        return false;
    }
    *out = (int)(a < 0 ? a + ndim : a);
    return true;
}

bool lw_axis1(Lower *L, AstNode *e, int ndim, int dflt, int *out)
{
    return lw_axis1_named(L, e, ndim, dflt, "", out);
}

/* An int or a tuple of compile-time ints, normalised against ndim, in the order given.
 * what names the argument in the duplicate message ("repeated axis in `source` argument"). */
bool lw_axes_list(Lower *L, AstNode *e, int ndim, int *axes, int *n, const char *what)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    int64_t raw[IR_MAXDIM];
    int cnt = 0;
    if (v->type->kind == TY_INT || v->type->kind == TY_BOOL) {
        if (!lw_is_const_int(v, &raw[0])) goto notconst;
        cnt = 1;
    } else if (v->type->kind == TY_TUPLE) {
        if (v->type->n > IR_MAXDIM) {
            diag_error(e->span, "too many axes");
            return false;
        }
        for (int i = 0; i < v->type->n; i++)
            if (!lw_is_const_int(lw_tuple_get(L, v, i, e->span), &raw[i])) goto notconst;
        cnt = v->type->n;
    } else {
        diag_error(e->span, "axis must be an int or a tuple of ints, not %s", ty_str_of(v->type));
        return false;
    }
    for (int i = 0; i < cnt; i++) {
        if (raw[i] < -ndim || raw[i] >= ndim) {
            diag_error(e->span, "axis %lld is out of bounds for array of dimension %d", (long long)raw[i], ndim);
            return false;
        }
        axes[i] = (int)(raw[i] < 0 ? raw[i] + ndim : raw[i]);
        for (int j = 0; j < i; j++)
            if (axes[j] == axes[i]) {
                diag_error(e->span, "repeated axis in `%s` argument", what);
                return false;
            }
    }
    *n = cnt;
    return true;
notconst:
    diag_error(e->span, "axis must be a compile-time constant");
    return false;
}

/* A constant string argument (mode='edge', indexing='ij'); dflt when absent. */
bool lw_str_arg(Lower *L, AstNode *e, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind != TY_STR || !lw_known_str(v)) {
        diag_error(e->span, "this argument must be a constant string");
        return false;
    }
    *out = lw_known_str(v);
    return true;
}

/* An int argument (run-time allowed); dflt when absent. */
IrValue *lw_int_arg_or(Lower *L, AstNode *e, Span sp, int64_t dflt)
{
    if (!e) return lw_cint(L, sp, dflt);
    return lw_int_arg(L, e);
}

/* ---------------------------------------------------------------- array operands */

bool lw_is_seq_lit(const AstNode *e) { return e && (e->kind == AST_LIST || e->kind == AST_TUPLE); }

TypeKind lw_py_kind_of(DType d)
{
    return d == DT_BOOL ? TY_BOOL : dt_is_int(d) ? TY_INT : dt_is_complex(d) ? TY_COMPLEX : TY_FLOAT;
}

/* A number as a 0-d array of its default dtype. */
IrValue *lw_scalar_array(Lower *L, Span sp, IrValue *v)
{
    DType dt = ty_scalar_dtype(v->type);
    IrValue *r = lw_emit(L, IR_ARRAY_LIT, sp, ty_array(dt, 0), 1, &v);
    r->def->dtype = dt;
    r->def->ndim = 0;
    return r;
}

/* lw_lit_leaves below depth (shape[i] and *ndim are -1 while unknown). */
static bool lit_leaves(AstNode *e, int depth, const char *what, int64_t *shape, int *ndim, Vec *out)
{
    if (!lw_is_seq_lit(e)) {
        if (depth != *ndim && *ndim >= 0) goto ragged;
        *ndim = depth;
        vec_push(out, e);
        return true;
    }
    if (depth >= IR_MAXDIM) {
        diag_error(e->span, "gpyc supports %s of up to %d dimensions", what, IR_MAXDIM);
        return false;
    }
    if (*ndim >= 0 && depth >= *ndim) goto ragged;
    if (shape[depth] < 0) shape[depth] = e->elts.n;
    else if (shape[depth] != e->elts.n) goto ragged;
    if (e->elts.n == 0) {
        if (*ndim >= 0 && *ndim != depth + 1) goto ragged;
        *ndim = depth + 1;
        return true;
    }
    for (int i = 0; i < e->elts.n; i++)
        if (!lit_leaves(e->elts.v[i], depth + 1, what, shape, ndim, out)) return false;
    return true;
ragged:
    diag_error(e->span, "setting an array element with a sequence. The requested array has an "
                        "inhomogeneous shape after %d dimensions.", depth);
    return false;
}

bool lw_lit_leaves(AstNode *e, const char *what, int64_t *shape, int *ndim, Vec *leaves)
{
    for (int i = 0; i < IR_MAXDIM; i++) shape[i] = -1;
    *ndim = -1;
    return lit_leaves(e, 0, what, shape, ndim, leaves);
}

/* An array argument as NumPy's asarray sees it: an array, a number (0-d array) or a literal
 * list/tuple of numbers, for values converted to the dtype into (NEP 50: a Python int out of
 * an integer into's range is NumPy 2's OverflowError "Python integer 300 out of bounds for
 * uint8"): a Python int value is checked, and so are the Python int elements of a literal list
 * (NumPy converts a list with the dtype too: put, place, insert).  DT_BOOL: no check. */
IrValue *lw_values_into(Lower *L, AstNode *e, const char *fname, DType into)
{
    if (lw_is_seq_lit(e)) {
        int64_t shape[IR_MAXDIM];
        int ndim;
        Vec leaves = {0};
        if (!lw_lit_leaves(e, "arrays", shape, &ndim, &leaves)) {
            vec_free(&leaves);
            return NULL;
        }
        int n = leaves.n, kind = -1;
        IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < n; i++) {
            AstNode *el = leaves.v[i];
            IrValue *v = lw_expr(L, el);
            if (!v) {
                vec_free(&leaves);
                return NULL;
            }
            if (!lw_pyint_fits(L, el->span, v, into)) {
                vec_free(&leaves);
                return NULL;
            }
            if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, lw_py_kind_of(v->type->dtype), el->span);
            if (!ty_is_scalar(v->type)) {
                diag_error(el->span, "%s() expects numbers in this list, got %s", fname, ty_str_of(v->type));
                vec_free(&leaves);
                return NULL;
            }
            int k = v->type->kind == TY_BOOL ? 0 : v->type->kind == TY_INT ? 1 : v->type->kind == TY_FLOAT ? 2 : 3;
            if (k > kind) kind = k;
            vals[i] = v;
        }
        vec_free(&leaves);
        static const DType def[4] = {DT_BOOL, DT_INT64, DT_FLOAT64, DT_COMPLEX128};
        DType dt = kind < 0 ? DT_FLOAT64 : def[kind];
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(dt, ndim), n, vals);
        r->def->dtype = dt;
        r->def->ndim = ndim;
        for (int i = 0; i < ndim; i++) r->def->shape[i] = shape[i];
        return r;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_ARRAY) return v;
    if (ty_is_scalar(v->type)) return lw_pyint_fits(L, e->span, v, into) ? lw_scalar_array(L, e->span, v) : NULL;
    diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
    return NULL;
}

IrValue *lw_arraylike(Lower *L, AstNode *e, const char *fname) { return lw_values_into(L, e, fname, DT_BOOL); }

IrValue *lw_coeffs_arg(Lower *L, AstNode *e, const char *fname, bool *poly)
{
    if (lw_is_seq_lit(e)) return lw_arraylike(L, e, fname);
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_POLY1D) {
        *poly = true;
        IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, e->span, ty_array(v->type->dtype, 1), v);
        r->def->dtype = v->type->dtype;
        return r;
    }
    if (v->type->kind == TY_ARRAY) return v;
    if (ty_is_scalar(v->type)) return lw_scalar_array(L, e->span, v);
    diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
    return NULL;
}

/* The arrays of a sequence argument: a list/tuple literal or a tuple value (returns their
 * number), or, when listv is not NULL, a list variable of arrays (returns -2, *listv = it). */
int lw_seq_arrays(Lower *L, AstNode *e, const char *fname, IrValue **out, IrValue **listv)
{
    if (lw_is_seq_lit(e)) {
        if (e->elts.n > MAXARR) {
            diag_error(e->span, "%s() of more than %d arrays is not supported", fname, MAXARR);
            return -1;
        }
        for (int i = 0; i < e->elts.n; i++)
            if (!(out[i] = lw_arraylike(L, e->elts.v[i], fname))) return -1;
        return e->elts.n;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return -1;
    if (v->type->kind == TY_TUPLE) {
        if (v->type->n > MAXARR) {
            diag_error(e->span, "%s() of more than %d arrays is not supported", fname, MAXARR);
            return -1;
        }
        for (int i = 0; i < v->type->n; i++) {
            IrValue *el = lw_tuple_get(L, v, i, e->span);
            if (el->type->kind == TY_ARRAY) out[i] = el;
            else if (ty_is_scalar(el->type)) out[i] = lw_scalar_array(L, e->span, el);
            else {
                diag_error(e->span, "%s() expects a sequence of arrays, got %s", fname, ty_str_of(v->type));
                return -1;
            }
        }
        return v->type->n;
    }
    if (v->type->kind == TY_LIST && listv && v->type->elem && v->type->elem->kind == TY_ARRAY) {
        *listv = v;
        return -2;
    }
    if (v->type->kind == TY_LIST)
        diag_error(e->span, "%s() needs its arrays as a list or tuple written in the call "
                            "([a, b]) or a tuple; a list variable's length is known only at run time", fname);
    else
        diag_error(e->span, "%s() expects a sequence of arrays, got %s", fname, ty_str_of(v->type));
    return -1;
}

/* An array operand: an array, a list literal (cp.array's rules) or a Python scalar (a 0-d
 * array of its default dtype). */
IrValue *lw_array_operand(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = e->kind == AST_LIST ? lw_index_list(L, e) : lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_ARRAY) return v;
    if (ty_is_scalar(v->type)) {
        DType d = ty_scalar_dtype(v->type);
        IrValue *r = lw_emit(L, IR_ARRAY_LIT, e->span, ty_array(d, 0), 1, &v);
        r->def->dtype = d;
        return r;
    }
    diag_error(e->span, "%s() expects an array, got %s", fname, ty_str_of(v->type));
    return NULL;
}

bool lw_real_only(const IrValue *x, Span sp, const char *fname)
{
    if (!dt_is_complex(x->type->dtype)) return true;
    diag_error(sp, "%s() of complex arrays is not supported yet", fname);
    return false;
}

/* ---------------------------------------------------------------- constant paths (files) */

/* Counts the stores of var in b and the blocks under it; *val gets the last one's value. */
static int stores_of(const IrBlock *b, const IrVar *var, IrValue **val)
{
    int n = 0;
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var == var) {
            n++;
            *val = in->op == IR_STORE ? in->args[0] : NULL;
        }
        n += stores_of(in->blocks[0], var, val) + stores_of(in->blocks[1], var, val);
    }
    return n;
}

/* The text of a str value known when compiling: a literal, a concatenation of such, or a
 * variable stored once so far (in its function, or for a global in any function lowered so
 * far) from one; NULL otherwise. */
const char *lw_const_text(Lower *L, const IrValue *v, int depth)
{
    if (v->type->kind != TY_STR || !v->def || depth > 16) return NULL;
    const IrInstr *in = v->def;
    if (in->op == IR_CONST_STR) return in->sval;
    if (in->op == IR_STR_CONCAT) {
        const char *acc = "";
        for (int i = 0; i < in->nargs; i++) {
            const char *part = lw_const_text(L, in->args[i], depth + 1);
            if (!part) return NULL;
            acc = ar_printf(L->a, "%s%s", acc, part);
        }
        return acc;
    }
    if (in->op != IR_LOAD || !in->var) return NULL;
    IrValue *val = NULL;
    int n = 0;
    if (in->var->global)
        for (int i = 0; i < L->m->funcs.n; i++)
            n += stores_of(((IrFunc *)L->m->funcs.v[i])->body, in->var, &val);
    else
        n = stores_of(L->fn->body, in->var, &val);
    return n == 1 && val ? lw_const_text(L, val, depth + 1) : NULL;
}

/* A file name argument: a str (no file objects in gpyc). */
IrValue *lw_file_arg(Lower *L, AstNode *e, const char *fname)
{
    IrValue *f = lw_expr(L, e);
    if (f) f = lw_path_as_str(L, f, e->span);
    if (f && f->type->kind != TY_STR) {
        diag_error(e->span, "%s() takes a file name (a str or a pathlib.Path) here, not %s", fname,
                   ty_str_of(f->type));
        return NULL;
    }
    return f;
}

/* The type of the array an earlier save of the constant path wrote, or NULL. */
Type *lw_saved_type(Lower *L, const char *path)
{
    for (int i = L->npy_saved.n - 2; i >= 0; i -= 2)
        if (!strcmp(L->npy_saved.v[i], path)) return L->npy_saved.v[i + 1];
    return NULL;
}
