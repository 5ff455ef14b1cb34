/*
 * lower/api/printing.c — NumPy's printing routines: set_printoptions, printoptions (a `with`
 * context), array2string, array_str, array_repr, the integer text routines base_repr and
 * binary_repr, and format_float_positional.  Each is one IR_PYLIB call of runtime/print.c
 * (gpyrt_kinds.def's GPK_PY rows).
 *
 * The print options are a state of the runtime, as NumPy's are of the interpreter: an options
 * handle (rt_printopts_new) holds the options a call gives (PRINT_* bits), applied on top of
 * the current ones by set_printoptions and at the entry of `with printoptions(...)` (whose exit
 * restores the options it replaced: lower/api/device.c's `with`), or used for one call by
 * array2string / array_str / array_repr.  An argument that is None is not given, as in NumPy.
 * Values may be known only at run time; the runtime checks them with NumPy's messages.
 * nanstr, infstr, formatter, legacy and override_repr are compile-time errors.
 */
#include "compiler/lower/lower.h"

#include <string.h>

static const char *const POPTS = "cupy.printoptions";

/* One IR_PYLIB call c of args, of result type t (NULL: none). */
static IrValue *py(Lower *L, Span sp, IrPyCall c, Type *t, int n, IrValue **args)
{
    return lw_host_call(L, sp, IR_PYLIB, c, t, n, args);
}

/* ---------------------------------------------------------------- options */

/* The options of one call, as AST arguments (NULL: not given). */
typedef struct OptArgs {
    AstNode *precision, *threshold, *edgeitems, *linewidth, *suppress, *sign, *floatmode;
} OptArgs;

static bool given(const AstNode *e) { return e && e->kind != AST_NONE; }

/* Option e read as a value of kind k (TY_INT, TY_FLOAT, TY_BOOL or TY_STR), named what; dflt
 * when not given; NULL after a located error. */
static IrValue *opt_value(Lower *L, AstNode *e, TypeKind k, const char *what, IrValue *dflt)
{
    if (!given(e)) return dflt;
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    TypeKind vk = v->type->kind;
    if (vk == TY_ARRAY && v->type->ndim == 0 && k != TY_STR) return lw_to_scalar(L, v, k, e->span);
    bool ok = vk == k || (k != TY_STR && (vk == TY_INT || vk == TY_BOOL)) || (k == TY_BOOL && vk != TY_STR);
    if (k == TY_INT && vk == TY_FLOAT) ok = false;
    if (!ok) {
        static const char *const kinds[] = {
            [TY_INT] = "an integer", [TY_FLOAT] = "a number", [TY_BOOL] = "a bool", [TY_STR] = "a str"
        };
        diag_error(e->span, "%s must be %s, not %s", what, kinds[k], ty_str_of(v->type));
        return NULL;
    }
    if (vk == k || k == TY_STR) return v;
    return lw_to_scalar(L, v, k, e->span);
}

/* The options handle of o, of type t: a constant -1 when none is given, unless t is an object
 * type (printoptions()); NULL after a located error. */
static IrValue *opt_handle(Lower *L, Span sp, const OptArgs *o, Type *t)
{
    AstNode *e[7] = { o->precision, o->threshold, o->edgeitems, o->linewidth,
                      o->suppress,  o->sign,      o->floatmode };
    static const int bits[7] = { PRINT_PRECISION, PRINT_THRESHOLD, PRINT_EDGEITEMS, PRINT_LINEWIDTH,
                                 PRINT_SUPPRESS,  PRINT_SIGN,      PRINT_FLOATMODE };
    int mask = 0;
    for (int i = 0; i < 7; i++)
        if (given(e[i])) mask |= bits[i];
    if (!mask && t->kind == TY_INT) return lw_cint(L, sp, -1);
    IrValue *zero = lw_cint(L, sp, 0), *none = lw_const_str(L, sp, "");
    IrValue *args[8] = { lw_cint(L, sp, mask) };
    if (!(args[1] = opt_value(L, o->precision, TY_INT, "precision", zero)) ||
        !(args[2] = opt_value(L, o->threshold, TY_FLOAT, "threshold", lw_const_float(L, sp, 0))) ||
        !(args[3] = opt_value(L, o->edgeitems, TY_INT, "edgeitems", zero)) ||
        !(args[4] = opt_value(L, o->linewidth, TY_INT, "linewidth", zero)) ||
        !(args[5] = opt_value(L, o->suppress, TY_BOOL, "suppress", lw_const_bool(L, sp, false))) ||
        !(args[6] = opt_value(L, o->sign, TY_STR, "sign", none)) ||
        !(args[7] = opt_value(L, o->floatmode, TY_STR, "floatmode", none)))
        return NULL;
    return py(L, sp, PY_PRINTOPTS_NEW, t, 8, args);
}

/* set_printoptions / printoptions: their signature, the unsupported arguments refused. */
static bool bind_setopts(AstNode *call, const char *name, OptArgs *o)
{
    Args a;
    if (!lw_bind(call, name,
                 "precision,threshold,edgeitems,linewidth,suppress,nanstr,infstr,formatter,sign,"
                 "floatmode,legacy,override_repr",
                 0, &a))
        return false;
    static const char *const unsupported[] = {
        [5] = "nanstr", [6] = "infstr", [7] = "formatter", [10] = "legacy", [11] = "override_repr"
    };
    for (int i = 5; i < 12; i++)
        if (unsupported[i] && given(a.p[i])) {
            diag_error(a.p[i]->span,
                       "%s() of '%s' is not supported by gpyc (precision, threshold, edgeitems, "
                       "linewidth, suppress, sign and floatmode are)",
                       name, unsupported[i]);
            return false;
        }
    *o = (OptArgs){ a.p[0], a.p[1], a.p[2], a.p[3], a.p[4], a.p[8], a.p[9] };
    return true;
}

/* np.set_printoptions(...): the given options become current; None */
static IrValue *api_set_printoptions(Lower *L, AstNode *call)
{
    OptArgs o;
    if (!bind_setopts(call, "set_printoptions", &o)) return NULL;
    IrValue *h = opt_handle(L, call->span, &o, ty_int());
    if (!h) return NULL;
    py(L, call->span, PY_PRINTOPTS_APPLY, NULL, 1, &h);
    return lw_const_none(L, call->span);
}

/* np.printoptions(...): an object whose `with` applies the options and restores the old ones */
static IrValue *api_printoptions(Lower *L, AstNode *call)
{
    OptArgs o;
    if (!bind_setopts(call, "printoptions", &o)) return NULL;
    return opt_handle(L, call->span, &o, ty_obj(POPTS));
}

/* ---------------------------------------------------------------- array2string & co. */

/* One call of rt_array2string: a's text of kind under options o. */
static IrValue *array_text(Lower *L, Span sp, IrValue *a, const OptArgs *o, int kind, IrValue *sep,
                           IrValue *prefix, IrValue *suffix)
{
    IrValue *h = opt_handle(L, sp, o, ty_int());
    if (!h) return NULL;
    return py(L, sp, PY_ARRAY2STRING, ty_str(), 6,
              (IrValue *[]){ a, h, lw_cint(L, sp, kind), sep, prefix, suffix });
}

/* np.array2string(a, max_line_width, precision, suppress_small, separator=' ', prefix='',
 * style, formatter, threshold, edgeitems, sign, floatmode, suffix='', legacy) */
static IrValue *api_array2string(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "array2string",
                 "a,max_line_width,precision,suppress_small,separator,prefix,style,formatter,threshold,"
                 "edgeitems,sign,floatmode,suffix,legacy",
                 1, &a))
        return NULL;
    static const char *const unsupported[] = { [6] = "style", [7] = "formatter", [13] = "legacy" };
    for (int i = 6; i < 14; i++)
        if (unsupported[i] && given(a.p[i])) {
            diag_error(a.p[i]->span, "array2string() of '%s' is not supported by gpyc", unsupported[i]);
            return NULL;
        }
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], "array2string");
    IrValue *sep = x ? opt_value(L, a.p[4], TY_STR, "separator", lw_const_str(L, sp, " ")) : NULL;
    IrValue *prefix = sep ? opt_value(L, a.p[5], TY_STR, "prefix", lw_const_str(L, sp, "")) : NULL;
    IrValue *suffix = prefix ? opt_value(L, a.p[12], TY_STR, "suffix", lw_const_str(L, sp, "")) : NULL;
    if (!suffix) return NULL;
    OptArgs o = { a.p[2], a.p[8], a.p[9], a.p[1], a.p[3], a.p[10], a.p[11] };
    return array_text(L, sp, x, &o, TEXT_ARRAY2STRING, sep, prefix, suffix);
}

/* np.array_str(a, max_line_width, precision, suppress_small) / array_repr (arg: repr) */
static IrValue *api_array_str(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name,
                 f->arg ? "arr,max_line_width,precision,suppress_small"
                        : "a,max_line_width,precision,suppress_small",
                 1, &a))
        return NULL;
    Span sp = call->span;
    IrValue *x = lw_arraylike(L, a.p[0], f->name);
    if (!x) return NULL;
    OptArgs o = { a.p[2], NULL, NULL, a.p[1], a.p[3], NULL, NULL };
    IrValue *empty = lw_const_str(L, sp, "");
    return array_text(L, sp, x, &o, f->arg ? TEXT_REPR : TEXT_STR, empty, empty, empty);
}

/* ---------------------------------------------------------------- base_repr, binary_repr */

/* np.base_repr(number, base=2, padding=0) */
static IrValue *api_base_repr(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "base_repr", "number,base,padding", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = lw_int_arg(L, a.p[0]);
    IrValue *b = n ? lw_int_arg_or(L, a.p[1], sp, 2) : NULL;
    IrValue *p = b ? lw_int_arg_or(L, a.p[2], sp, 0) : NULL;
    return p ? py(L, sp, PY_BASE_REPR, ty_str(), 3, (IrValue *[]){ n, b, p }) : NULL;
}

/* np.binary_repr(num, width=None) */
static IrValue *api_binary_repr(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "binary_repr", "num,width", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = lw_int_arg(L, a.p[0]);
    if (!n) return NULL;
    bool has = given(a.p[1]);
    IrValue *w = has ? lw_int_arg(L, a.p[1]) : lw_cint(L, sp, 0);
    return w ? py(L, sp, PY_BINARY_REPR, ty_str(), 3, (IrValue *[]){ n, w, lw_const_bool(L, sp, has) })
             : NULL;
}

/* ---------------------------------------------------------------- format_float_positional */

/* The value x of np.format_float_positional and its float kind (0 float16, 1 float32, 2
 * float64: a number, or an array's real dtype, integers as float64); NULL after an error. */
static IrValue *ffp_value(Lower *L, AstNode *e, int *kind)
{
    IrValue *x = lw_expr(L, e);
    if (!x) return NULL;
    TypeKind k = x->type->kind;
    DType d = k == TY_ARRAY ? x->type->dtype : DT_FLOAT64;
    if (!(k == TY_INT || k == TY_BOOL || k == TY_FLOAT || k == TY_ARRAY) || dt_is_complex(d)) {
        diag_error(e->span, "format_float_positional() takes a real number or a real array of size 1, not %s",
                   ty_str_of(x->type));
        return NULL;
    }
    *kind = d == DT_FLOAT16 ? 0 : d == DT_FLOAT32 ? 1 : 2;
    return lw_to_scalar(L, x, TY_FLOAT, e->span);
}

/* np.format_float_positional(x, precision=None, unique=True, fractional=True, trim='k',
 * sign=False, pad_left=None, pad_right=None, min_digits=None): one rt_format_float_positional
 * call (NumPy's Dragon4 positional form); trim a str constant, the others run-time values. */
static IrValue *api_format_float_positional(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "format_float_positional",
                 "x,precision,unique,fractional,trim,sign,pad_left,pad_right,min_digits", 1, &a))
        return NULL;
    Span sp = call->span;
    int kind;
    const char *trim;
    IrValue *x = ffp_value(L, a.p[0], &kind);
    if (!x || !lw_str_arg(L, a.p[4], "k", &trim)) return NULL;
    if (strlen(trim) != 1 || !strchr("k.0-", trim[0])) {
        diag_error(a.p[4]->span, "if supplied, trim must be 'k', '.', '0' or '-' found `%s`", trim);
        return NULL;
    }
    static const int ints[4] = { 1, 6, 7, 8 }; /* precision, pad_left, pad_right, min_digits */
    static const char *const names[4] = { "precision", "pad_left", "pad_right", "min_digits" };
    IrValue *iv[4], *zero = lw_cint(L, sp, 0), *yes = lw_const_bool(L, sp, true);
    int mask = 0;
    for (int i = 0; i < 4; i++) {
        if (given(a.p[ints[i]])) mask |= 1 << i;
        if (!(iv[i] = opt_value(L, a.p[ints[i]], TY_INT, names[i], zero))) return NULL;
    }
    IrValue *unique = opt_value(L, a.p[2], TY_BOOL, "unique", yes);
    IrValue *frac = unique ? opt_value(L, a.p[3], TY_BOOL, "fractional", yes) : NULL;
    IrValue *sign = frac ? opt_value(L, a.p[5], TY_BOOL, "sign", lw_const_bool(L, sp, false)) : NULL;
    if (!sign) return NULL;
    IrValue *k = lw_cint(L, sp, kind), *m = lw_cint(L, sp, mask), *t = lw_cint(L, sp, trim[0]);
    IrValue *args[11] = { x, k, m, iv[0], unique, frac, t, sign, iv[1], iv[2], iv[3] };
    return py(L, sp, PY_FORMAT_FLOAT, ty_str(), 11, args);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_set_printoptions)
LW_API_PLAIN(api_printoptions)
LW_API_PLAIN(api_array2string)
LW_API_PLAIN(api_base_repr)
LW_API_PLAIN(api_binary_repr)
LW_API_PLAIN(api_format_float_positional)

const ApiFn lw_printing_api[] = {
    { "cupy", "set_printoptions", api_set_printoptions_api, 0 },
    { "cupy", "printoptions", api_printoptions_api, 0 },
    { "cupy", "array2string", api_array2string_api, 0 },
    { "cupy", "array_str", api_array_str, 0 },
    { "cupy", "array_repr", api_array_str, 1 },
    { "cupy", "base_repr", api_base_repr_api, 0 },
    { "cupy", "binary_repr", api_binary_repr_api, 0 },
    { "cupy", "format_float_positional", api_format_float_positional_api, 0 },
    { NULL, NULL, NULL, 0 },
};
