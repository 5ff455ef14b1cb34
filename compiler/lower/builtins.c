/*
 * lower/builtins.c — Python's builtins (print, len, range, int, float, abs, min, max, sum, round,
 * isinstance, enumerate, zip, ...: lw_builtin_call, reached from lw_call for a plain name that
 * is no user function) and the math and time modules on host scalars (table lw_builtin_api).
 * Python's rules and messages; arrays enter only where Python's builtins take them (len, float
 * of a size-1 array, abs, min / max of scalars).
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <string.h>

/* The classes of gpyc's objects that isinstance knows besides the builtin types and ndarray:
 * an object (TY_OBJ) is an instance of the one its type names (XORWOW, MRG32k3a and
 * Philox4x3210 objects are cupy.random.BitGenerator's). */
static const char *const obj_classes[] = {
    "cupy.random.BitGenerator", "cupy.random.Generator",  "cupy.random.RandomState",
    "numpy.random.RandomState", "numpy.random.Generator", "cupy.cuda.Stream",
    "cupy.cuda.Event",          "cupy.cuda.Device",       "cupy.cuda.Graph",
};

/* Whether a value of type t is an instance of the object class named by cls (an attribute such
 * as cp.random.BitGenerator, or a name imported from its module; collections.deque too): 0 or
 * 1; -1 when cls names no such class, -2 after an error lowering cls. */
static int instance_of_obj(Lower *L, const Type *t, AstNode *cls)
{
    IrValue *c = lw_expr(L, cls);
    if (!c) return -2;
    if (c->type->kind != TY_BUILTIN) return -1;
    const char *n = c->type->name, *sub = NULL;
    if (!strncmp(n, "cupy.cuda.stream.", 17)) sub = n + 17;
    if (!strncmp(n, "cupy.cuda.graph.", 16)) sub = n + 16;
    char buf[64];
    if (sub) {
        snprintf(buf, sizeof buf, "cupy.cuda.%s", sub);
        n = buf;
    }
    if (!strcmp(n, "collections.deque")) return ty_is_deque(t);
    for (size_t i = 0; i < sizeof obj_classes / sizeof *obj_classes; i++)
        if (!strcmp(n, obj_classes[i])) return t->kind == TY_OBJ && !strcmp(t->name, n);
    return -1;
}

/* Whether a value of type t is an instance of the class cls names (a builtin type's name,
 * ndarray as cp.ndarray / np.ndarray, or an object class of obj_classes); -1 when cls names no
 * class isinstance knows, -2 after an error. */
static int instance_of(Lower *L, const Type *t, AstNode *cls)
{
    static const struct {
        const char *name;
        TypeKind kind, also;
    } classes[] = {
        { "int", TY_INT, TY_BOOL },      { "float", TY_FLOAT, TY_FLOAT },
        { "bool", TY_BOOL, TY_BOOL },    { "complex", TY_COMPLEX, TY_COMPLEX },
        { "str", TY_STR, TY_STR },       { "list", TY_LIST, TY_LIST },
        { "tuple", TY_TUPLE, TY_TUPLE }, { "dict", TY_DICT, TY_DICT },
        { "set", TY_SET, TY_SET },       { "frozenset", TY_SET, TY_SET },
    };
    if (cls->kind == AST_ATTR && !strcmp(cls->sval, "ndarray")) return t->kind == TY_ARRAY;
    if (cls->kind == AST_ATTR) return instance_of_obj(L, t, cls);
    if (cls->kind != AST_NAME) return -1;
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
        if (strcmp(classes[i].name, cls->sval)) continue;
        if (t->kind == TY_TUPLE) /* a dict record is a tuple at run time, but no tuple */
            return !strcmp(cls->sval, lw_is_dict_record(t) ? "dict" : "tuple");
        if (t->kind == TY_SET || t->kind == TY_LIST) /* a frozenset is no set, a deque no list */
            return t->kind == classes[i].kind && !strcmp(cls->sval, t->name && t->kind == TY_SET ? "frozenset"
                                                                    : t->name                    ? "deque"
                                                                              : classes[i].name);
        return t->kind == classes[i].kind || t->kind == classes[i].also;
    }
    return instance_of_obj(L, t, cls);
}

/* isinstance(obj, cls) or isinstance(obj, (cls, ...)): a compile-time answer from obj's
 * static type (obj is evaluated for its effects). */
static IrValue *isinstance_of(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "isinstance", "obj,class_or_tuple", 2, &a)) return NULL;
    IrValue *v = lw_expr(L, a.p[0]);
    if (!v) return NULL;
    AstNode *c = a.p[1];
    int n = c->kind == AST_TUPLE ? c->elts.n : 1;
    bool yes = false;
    for (int i = 0; i < n; i++) {
        AstNode *k = c->kind == AST_TUPLE ? c->elts.v[i] : c;
        int r = instance_of(L, v->type, k);
        if (r == -2) return NULL;
        if (r < 0) {
            diag_error(
                k->span,
                "isinstance() takes int, float, bool, complex, str, list, tuple, dict, set, frozenset, "
                "collections.deque, cp.ndarray or a class of gpyc's objects (cp.random.BitGenerator, "
                "Generator, RandomState, cp.cuda.Stream, Event, Device, Graph) here (or a tuple of them)");
            return NULL;
        }
        yes = yes || r;
    }
    return lw_const_bool(L, call->span, yes);
}

/* min(a, b, ...) / max(a, b, ...) of real numbers and 0-d arrays.  Python returns the first
 * least / greatest argument (b < a / b > a replaces a: a NaN compares false).  Of Python
 * scalars the result is a scalar (gpyc's minimum / maximum); with a 0-d array among them, the
 * 0-d arrays must have one dtype and each scalar its Python type (int for an integer dtype ...):
 * Python returns one of the objects itself, which then prints the same as the 0-d array. */
/* min(a, b, ...) / max of tuples or str (vals[0..k] lowered): min of the list [a, b, ...] of
 * one type. */
static IrValue *extreme_of(Lower *L, AstNode *call, const char *name, IrValue **vals, int k)
{
    Span sp = call->span;
    int n = call->elts.n;
    for (int i = k + 1; i < n; i++)
        if (!(vals[i] = lw_expr(L, call->elts.v[i]))) return NULL;
    for (int i = 1; i < n; i++)
        if (!ty_equal(vals[i]->type, vals[0]->type)) {
            diag_error(((AstNode *)call->elts.v[i])->span, "%s() takes arguments of one type here: %s and %s",
                       name, ty_str_of(vals[0]->type), ty_str_of(vals[i]->type));
            return NULL;
        }
    if (vals[0]->type->kind == TY_TUPLE) ir_need_tuple(L->m, vals[0]->type);
    const char *tmp = ar_printf(L->a, "args@%s%d", name, call->id);
    lw_assign(L, lw_ast_name(L, sp, tmp), lw_emit(L, IR_LIST_NEW, sp, ty_list(vals[0]->type), n, vals), sp);
    AstNode c = *call, *l = lw_ast_name(L, sp, tmp);
    c.elts = lw_ast_vec(L, 1, &l);
    return lw_reduce_iterable(L, &c, name);
}

static IrValue *min_max(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    bool is_min = name[1] == 'i';
    int n = call->elts.n;
    IrValue **vals = ar_alloc(L->a, sizeof(IrValue *) * n);
    Type *t = NULL;
    bool any_array = false;
    for (int i = 0; i < n; i++) {
        AstNode *e = call->elts.v[i];
        IrValue *v = vals[i] = lw_expr(L, e);
        if (!v) return NULL;
        if (v->type->kind == TY_TUPLE || v->type->kind == TY_STR) return extreme_of(L, call, name, vals, i);
        bool zero_d = v->type->kind == TY_ARRAY && v->type->ndim == 0 && !dt_is_complex(v->type->dtype);
        if (!zero_d && (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX)) {
            diag_error(e->span, "%s() takes real numbers and 0-d arrays here, got %s", name,
                       ty_str_of(v->type));
            return NULL;
        }
        any_array |= zero_d;
        Type *j = t ? lw_join_type(t, v->type) : v->type;
        if (j && t && j->kind == TY_ARRAY && (t->kind != TY_ARRAY || v->type->kind != TY_ARRAY) &&
            lw_py_kind_of(j->dtype) != (t->kind == TY_ARRAY ? v->type->kind : t->kind))
            j = NULL; /* max(float_0d, 0) may return the int 0: Python prints 0, a 0-d array 0.0 */
        if (!j && any_array) {
            diag_error(e->span,
                       "%s() of %s and %s: Python returns one of them, whose type would depend on the "
                       "values; convert them to one type first",
                       name, ty_str_of(t), ty_str_of(v->type));
            return NULL;
        }
        t = j;
    }
    if (!any_array) {
        IrValue *acc = vals[0];
        for (int i = 1; i < n; i++)
            acc = lw_ewise(L, is_min ? IR_MINIMUM : IR_MAXIMUM, sp, 2, (IrValue *[]){ acc, vals[i] });
        return acc;
    }
    IrValue *acc = lw_flow_convert(L, vals[0], t, sp);
    for (int i = 1; i < n && acc; i++) {
        IrValue *v = lw_flow_convert(L, vals[i], t, sp);
        IrValue *c = lw_binop(L, is_min ? AOP_LT : AOP_GT, sp, v, acc);
        acc = c ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ c, v, acc }) : NULL;
    }
    return acc;
}

/* ---------------------------------------------------------------- builtins */

static IrValue *builtin_print(Lower *L, AstNode *call)
{
    const char *sep = " ", *end = "\n";
    int flags = 0; /* IR_PRINT's ival: 1 to stderr, 2 flush, 4 to the open() file that is its last arg */
    IrValue *file = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (strcmp(kw->sval, "sep") && strcmp(kw->sval, "end") && strcmp(kw->sval, "flush") &&
            strcmp(kw->sval, "file")) {
            diag_error(kw->span, "print() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
        IrValue *v = lw_expr(L, kw->rhs);
        if (!v) return NULL;
        if (!strcmp(kw->sval, "file")) {
            bool err = v->type->kind == TY_MODULE && !strcmp(v->type->name, "sys.stderr");
            if (lw_is_file(v))
                file = v;
            else if (v->type->kind != TY_NONE && !err &&
                     !(v->type->kind == TY_MODULE && !strcmp(v->type->name, "sys.stdout"))) {
                diag_error(kw->span,
                           "print(file=...) takes sys.stdout, sys.stderr or a file open() returned, not %s",
                           ty_str_of(v->type));
                return NULL;
            }
            flags |= err | (file ? 4 : 0);
            continue;
        }
        if (!strcmp(kw->sval, "flush")) {
            bool fl;
            if (!lw_bool_arg(L, kw->rhs, false, &fl)) return NULL;
            flags |= fl ? 2 : 0;
            continue;
        }
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
    IrValue **vs = ar_alloc(L->a, sizeof(IrValue *) * (n + 1));
    for (int i = 0; i < n; i++) {
        AstNode *ae = call->elts.v[i];
        IrValue *v = lw_optional_text(L, ae);
        if (!v) v = lw_printable(L, ae, NULL);
        if (!v) return NULL;
        if (v->type->kind == TY_DTYPE || v->type->kind == TY_NONE) v = lw_str_of(L, v, ae->span);
        if (!v) return NULL;
        if (v->type->kind == TY_MODULE || v->type->kind == TY_FUNC || v->type->kind == TY_BUILTIN ||
            v->type->kind == TY_RANGE || v->type->kind == TY_SDTYPE || v->type->kind == TY_KERNEL ||
            ty_holds_obj(v->type) || ty_holds_func(v->type) ||
            (v->type->kind == TY_TUPLE && !lw_is_runtime_type(v->type))) {
            diag_error(ae->span, "printing %s is not supported", ty_str_of(v->type));
            return NULL;
        }
        vs[i] = v;
    }
    if (file) vs[n++] = file;
    IrInstr *in = ir_emit(L->m, L->blk, IR_PRINT, call->span, NULL, n, vs);
    in->sval = sep;
    in->sval2 = end;
    in->ival = flags;
    return lw_pseudo(L, ty_none());
}

/* The one positional argument of builtin name as an int (a bool is one), as hex() and chr()
 * take it: anything else is Python's "'float' object cannot be interpreted as an integer". */
static IrValue *int_only_arg(Lower *L, AstNode *call, const char *name)
{
    IrValue *v = lw_one_arg(L, call, name);
    if (!v) return NULL;
    if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
        diag_error(((AstNode *)call->elts.v[0])->span, "'%s' object cannot be interpreted as an integer",
                   ty_str_of(v->type));
        return NULL;
    }
    return lw_to_scalar(L, v, TY_INT, call->span);
}

IrValue *lw_builtin_call(Lower *L, AstNode *call, const char *name)
{
    Span sp = call->span;
    if (!strcmp(name, "print")) return builtin_print(L, call);
    if (!strcmp(name, "open")) return lw_open(L, call);
    if (!strcmp(name, "len")) {
        IrValue *v = lw_one_arg(L, call, "len");
        if (!v) return NULL;
        switch (v->type->kind) {
        case TY_LIST: return lw_emit1(L, IR_LIST_LEN, sp, ty_int(), v);
        case TY_DICT: case TY_SET: return lw_table_len(L, v, sp);
        case TY_TUPLE: return lw_const_int(L, sp, v->type->n);
        case TY_STR: return lw_emit1(L, IR_STR_LEN, sp, ty_int(), v);
        case TY_BYTES: return lw_dim(L, sp, v, 0);
        case TY_POLY1D: return lw_poly1d_len(L, v, sp);
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
        if (k == TY_INT && call->elts.n + call->params.n == 2) { /* int(s, base) of a str */
            Args a;
            if (!lw_bind(call, "int", "x,base", 2, &a)) return NULL;
            IrValue *x = lw_expr(L, a.p[0]), *b = x ? lw_int_arg(L, a.p[1]) : NULL;
            if (!b) return NULL;
            if (x->type->kind != TY_STR) {
                diag_error(a.p[0]->span, "int() can't convert non-string with explicit base");
                return NULL;
            }
            return lw_host_call(L, sp, IR_PYLIB, PY_STR_INT_BASE, ty_int(), 2, (IrValue *[]){ x, b });
        }
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
            IrValue *v = lw_optional_text(L, call->elts.v[0]);
            if (v) return v;
            v = lw_printable(L, call->elts.v[0], NULL);
            return v ? lw_str_of(L, v, sp) : NULL;
        }
        IrValue *v = lw_one_arg(L, call, "str");
        return v ? lw_str_of(L, v, sp) : NULL;
    }
    if (!strcmp(name, "repr")) { /* format(v, '') after !r: what f'{v!r}' gives */
        int conv = 'r';
        IrValue *v = call->elts.n == 1 && !call->params.n ? lw_printable(L, call->elts.v[0], &conv)
                                                          : lw_one_arg(L, call, "repr");
        if (v && v->type->kind == TY_NONE) return lw_const_str(L, sp, "None");
        return v && conv ? lw_format_part(L, v, "", 'r', sp, sp) : v;
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
    if (!strcmp(name, "min") || !strcmp(name, "max"))
        return call->elts.n == 1 || call->params.n ? lw_reduce_iterable(L, call, name)
                                                   : min_max(L, call, name);
    if (!strcmp(name, "sum") || !strcmp(name, "any") || !strcmp(name, "all"))
        return lw_reduce_iterable(L, call, name);
    if (!strcmp(name, "map") || !strcmp(name, "filter")) return lw_map_filter(L, call, name);
    if (!strcmp(name, "list")) return lw_list_of(L, call);
    if (!strcmp(name, "tuple")) return lw_tuple_of(L, call);
    if (!strcmp(name, "divmod") || !strcmp(name, "pow")) { /* (a // b, a % b) / a ** b: the operators */
        bool dm = name[0] == 'd';
        Args a;
        if (!lw_bind(call, name, dm ? "a,b" : "base,exp,mod", 2, &a)) return NULL;
        IrValue *x = lw_expr(L, a.p[0]), *y = x ? lw_expr(L, a.p[1]) : NULL;
        if (!y) return NULL;
        if (!dm && a.p[2] && a.p[2]->kind != AST_NONE) { /* pow(base, exp, mod) of ints: CPython's */
            IrValue *m = lw_expr(L, a.p[2]);
            if (!m) return NULL;
            IrValue *v[3] = { x, y, m };
            for (int i = 0; i < 3; i++) {
                if (v[i]->type->kind != TY_INT && v[i]->type->kind != TY_BOOL) {
                    diag_error(a.p[i]->span, "pow() 3rd argument not allowed unless all arguments are integers");
                    return NULL;
                }
                v[i] = lw_to_scalar(L, v[i], TY_INT, a.p[i]->span);
            }
            return lw_host_call(L, sp, IR_PYLIB, PY_POWMOD, ty_int(), 3, v);
        }
        if (!dm) return lw_binop_py(L, AOP_POW, sp, x, y);
        IrValue *q = lw_binop_py(L, AOP_FLOORDIV, sp, x, y);
        IrValue *r = q ? lw_binop_py(L, AOP_MOD, sp, x, y) : NULL;
        return r ? lw_tuple(L, sp, 2, (IrValue *[]){ q, r }) : NULL;
    }
    if (!strcmp(name, "chr")) { /* chr(i): the code point i, a str */
        IrValue *v = int_only_arg(L, call, name);
        return v ? lw_host_call(L, sp, IR_PYLIB, PY_STR_CHR, ty_str(), 1, &v) : NULL;
    }
    if (!strcmp(name, "ord")) { /* ord(c): the code point of a one-character str (checked at run time) */
        IrValue *v = lw_one_arg(L, call, name);
        if (!v) return NULL;
        if (v->type->kind != TY_STR) {
            diag_error(((AstNode *)call->elts.v[0])->span, "ord() expected string of length 1, but %s found", ty_str_of(v->type));
            return NULL;
        }
        return lw_host_call(L, sp, IR_PYLIB, PY_STR_ORD, ty_int(), 1, &v);
    }
    if (!strcmp(name, "hex") || !strcmp(name, "bin") || !strcmp(name, "oct")) { /* format(x, '#x') ... */
        IrValue *v = int_only_arg(L, call, name);
        return !v ? NULL : lw_format_part(L, v, name[0] == 'h' ? "#x" : name[0] == 'b' ? "#b" : "#o", 0, sp, sp);
    }
    if (!strcmp(name, "format")) { /* format(value, spec=''): what f'{value:spec}' gives */
        Args a;
        if (!lw_bind(call, "format", "value,format_spec", 1, &a)) return NULL;
        IrValue *v = lw_expr(L, a.p[0]), *spec = v && a.p[1] ? lw_expr(L, a.p[1]) : NULL;
        if (!v || (a.p[1] && !spec)) return NULL;
        if (spec && (!spec->def || spec->def->op != IR_CONST_STR)) {
            diag_error(a.p[1]->span, "format() takes a format spec the compiler knows here (a string constant), "
                                     "not a run-time %s", ty_str_of(spec->type));
            return NULL;
        }
        return lw_format_part(L, v, spec ? spec->def->sval : "", 0, sp, a.p[0]->span);
    }
    if (!strcmp(name, "dict")) return lw_dict_of(L, call);
    if (!strcmp(name, "set") || !strcmp(name, "frozenset")) return lw_set_of(L, call);
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
        if (v->type->kind == TY_DICT || v->type->kind == TY_SET) v = lw_table_list(L, v, sp); /* its keys */
        if (lw_is_dict_record(v->type)) v = lw_dict_iter(L, v, sp); /* its keys */
        int why = 0;
        IrValue *items = v->type->kind == TY_TUPLE ? lw_tuple_as_list(L, v, sp, &why) : NULL;
        if (items) v = items; /* (a tuple of one type: its items; else the error below) */
        if (v->type->kind == TY_STR) v = lw_str_chars(L, v, sp); /* its characters */
        bool keyed = a.p[1] && a.p[1]->kind != AST_NONE;
        const Type *et = v->type->kind == TY_LIST ? v->type->elem : NULL;
        /* sorted(d.items()): the items in the order of their keys (distinct: the tuples' order) */
        IrValue *by = !keyed ? lw_items_keys(L, v, sp) : NULL;
        if (v->type->kind != TY_LIST || (et && !ty_is_scalar(et) && et->kind != TY_STR &&
                                         et->kind != TY_TUPLE && !(keyed && et->kind == TY_ARRAY))) {
            diag_error(
                a.p[0]->span,
                "sorted() takes a list of numbers, strings or tuples here (or of arrays, with key=), got %s",
                ty_str_of(v->type));
            return NULL;
        }
        bool rev;
        if (!lw_bool_arg(L, a.p[2], false, &rev)) return NULL;
        if (keyed && !(by = lw_sort_keys(L, call, v, a.p[1]))) return NULL;
        if (!by && et && et->kind == TY_TUPLE) by = v; /* tuples: by themselves */
        if (by && by->type->elem && by->type->elem->kind == TY_TUPLE)
            return lw_sort_tuples(L, call, v, by, rev);
        IrValue *args[2] = { v, by };
        IrValue *r =
            lw_emit(L, IR_LIST_SORTED, sp, ty_list(v->type->elem), by ? 2 : 1, args); /* a deque too */
        r->def->ival = rev;
        return r;
    }
    if (!strcmp(name, "reversed")) { /* the list of its items from the last (no lazy iterator) */
        if (call->elts.n != 1 || call->params.n) {
            diag_error(sp, "reversed() takes one sequence here");
            return NULL;
        }
        IrValue *xs = lw_list_of(L, call);
        if (!xs) return NULL;
        const char *tmp = ar_printf(L->a, "xs@reversed%d", call->id);
        lw_assign(L, lw_ast_name(L, sp, tmp), xs, sp);
        return lw_reversed_of(L, call, tmp);
    }
    if (!strcmp(name, "isinstance")) return isinstance_of(L, call);
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

/* ---------------------------------------------------------------- the math and time modules */

/* math.NAME(x[, y]) on Python floats: the ops.def op f->arg on host scalars */
static IrValue *math_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    const char *fn = f->name;
    int nargs = ir_op_info((IrOp)f->arg)->nargs;
    bool based = !strcmp(fn, "log") && call->elts.n == 2; /* log(x, base): log(x) / log(base), as Python */
    if (based) nargs = 2;
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
    if (based) {
        IrValue *num = lw_ewise(L, IR_LOG, call->span, 1, &args[0]),
                *den = lw_ewise(L, IR_LOG, call->span, 1, &args[1]);
        return lw_ewise(L, IR_TRUEDIV, call->span, 2, (IrValue *[]){ num, den });
    }
    IrValue *r = lw_ewise(L, (IrOp)f->arg, call->span, nargs, args);
    if (r && (!strcmp(fn, "floor") || !strcmp(fn, "ceil") || !strcmp(fn, "trunc")))
        r = lw_to_scalar(L, r, TY_INT, call->span);
    return r;
}

/* math.erf(x) / erfc / gamma / lgamma: the C library's function (f->arg: its index in
 * libm_names) on a float. */
static const char *const libm_names[] = { "erf", "erfc", "tgamma", "lgamma" };

static IrValue *libm_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    IrValue *v = lw_one_arg(L, call, f->name);
    if (!v) return NULL;
    if (v->type->kind == TY_ARRAY && v->type->ndim == 0) v = lw_to_scalar(L, v, TY_FLOAT, call->span);
    if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
        diag_error(call->span, "must be real number, not %s", ty_str_of(v->type));
        return NULL;
    }
    IrValue *r = lw_emit1(L, IR_LIBM, call->span, ty_float(), lw_to_scalar(L, v, TY_FLOAT, call->span));
    r->def->sval = libm_names[f->arg];
    return r;
}

/* time.perf_counter() / time.time() / time.monotonic() */
static IrValue *time_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    return lw_emit(L, IR_PERF_COUNTER, call->span, ty_float(), 0, NULL);
}

/* sys.exit([status]): an int (a bool) is the exit status (modulo 256, as the OS takes it), a str
 * is written to stderr and the status is 1, None or nothing is 0; the program ends there as it
 * does at its last line (pending GPU work finishes, output is flushed). */
static IrValue *sys_exit(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    Args a;
    if (!lw_bind(call, "exit", "status", 0, &a)) return NULL;
    IrValue *v = a.p[0] ? lw_expr(L, a.p[0]) : NULL;
    if (a.p[0] && !v) return NULL;
    if (v && v->type->kind == TY_NONE) v = NULL;
    if (v && v->type->kind == TY_BOOL) v = lw_to_scalar(L, v, TY_INT, call->span);
    if (v && v->type->kind != TY_INT && v->type->kind != TY_STR) {
        diag_error(call->span, "sys.exit() takes an int, a str or None here, not %s", ty_str_of(v->type));
        return NULL;
    }
    ir_emit(L->m, L->blk, IR_EXIT, call->span, NULL, v ? 1 : 0, v ? &v : NULL);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- API table */

const ApiFn lw_builtin_api[] = {
    /* the math module, on Python floats */
    { "math", "sqrt", math_call, IR_SQRT },
    { "math", "exp", math_call, IR_EXP },
    { "math", "log", math_call, IR_LOG },
    { "math", "log2", math_call, IR_LOG2 },
    { "math", "log10", math_call, IR_LOG10 },
    { "math", "sin", math_call, IR_SIN },
    { "math", "cos", math_call, IR_COS },
    { "math", "tan", math_call, IR_TAN },
    { "math", "tanh", math_call, IR_TANH },
    { "math", "sinh", math_call, IR_SINH },
    { "math", "cosh", math_call, IR_COSH },
    { "math", "atan", math_call, IR_ARCTAN },
    { "math", "atan2", math_call, IR_ARCTAN2 },
    { "math", "floor", math_call, IR_FLOOR },
    { "math", "ceil", math_call, IR_CEIL },
    { "math", "trunc", math_call, IR_TRUNC },
    { "math", "fabs", math_call, IR_ABS },
    { "math", "isnan", math_call, IR_ISNAN },
    { "math", "isinf", math_call, IR_ISINF },
    { "math", "isfinite", math_call, IR_ISFINITE },
    { "math", "pow", math_call, IR_POW },
    { "math", "asin", math_call, IR_ARCSIN },
    { "math", "acos", math_call, IR_ARCCOS },
    { "math", "asinh", math_call, IR_ARCSINH },
    { "math", "acosh", math_call, IR_ARCCOSH },
    { "math", "atanh", math_call, IR_ARCTANH },
    { "math", "cbrt", math_call, IR_CBRT },
    { "math", "exp2", math_call, IR_EXP2 },
    { "math", "expm1", math_call, IR_EXPM1 },
    { "math", "log1p", math_call, IR_LOG1P },
    { "math", "degrees", math_call, IR_DEGREES },
    { "math", "radians", math_call, IR_RADIANS },
    { "math", "fmod", math_call, IR_FMOD },
    { "math", "copysign", math_call, IR_COPYSIGN },
    { "math", "nextafter", math_call, IR_NEXTAFTER },
    { "math", "erf", libm_call, 0 },
    { "math", "erfc", libm_call, 1 },
    { "math", "gamma", libm_call, 2 },
    { "math", "lgamma", libm_call, 3 },
    { "sys", "exit", sys_exit, 0 },
    /* the time module */
    { "time", "perf_counter", time_call, 0 },
    { "time", "time", time_call, 0 },
    { "time", "monotonic", time_call, 0 },
    { NULL, NULL, NULL, 0 },
};
