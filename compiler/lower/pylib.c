/*
 * lower/pylib.c — Python's str methods and standard modules on host values: str.strip ...
 * str.isdigit, os and os.path, os.environ, time.sleep, math's integer functions and isclose,
 * the random module (CPython's generator), sys.stdout / sys.stderr.write.  Each is one row of
 * lw_pylib_api (the receiver's class or the module, the name, its lowering and a variant) and
 * one IR_PYLIB call of a runtime function (gpyrt_kinds.def's GPK_PY rows: runtime/pystr.c,
 * runtime/pymod.c).  Arguments bind as Python binds them (lw_bind), with Python's messages.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* One IR_PYLIB call c of args, of result type t (NULL: none; the value is then None). */
static IrValue *py(Lower *L, Span sp, IrPyCall c, Type *t, int n, IrValue **args)
{
    return lw_host_call(L, sp, IR_PYLIB, c, t, n, args);
}

/* Argument e as a value of kind k (str, int, float or bool; an int or bool is a float where
 * a float is asked; 0-d arrays convert), what naming it in the message; dflt (NULL: required)
 * when absent or None. */
static IrValue *arg_of(Lower *L, AstNode *e, TypeKind k, const char *what, IrValue *dflt)
{
    if (!e) return dflt;
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_NONE && dflt) return dflt;
    TypeKind vk = v->type->kind;
    if (vk == TY_ARRAY && v->type->ndim == 0 && k != TY_STR) return lw_to_scalar(L, v, k, e->span);
    bool ok = vk == k || (k == TY_FLOAT && (vk == TY_INT || vk == TY_BOOL)) || (k == TY_INT && vk == TY_BOOL);
    if (!ok) {
        static const char *names[] = {
            [TY_STR] = "str", [TY_INT] = "int", [TY_FLOAT] = "float", [TY_BOOL] = "bool"
        };
        diag_error(e->span, "%s must be %s, not %s", what, names[k], ty_str_of(v->type));
        return NULL;
    }
    return vk == k ? v : lw_to_scalar(L, v, k, e->span);
}

/* ---------------------------------------------------------------- str methods */

/* s.strip([chars]) / lstrip / rstrip (arg: which ends, 1 left 2 right) */
static IrValue *str_strip(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "chars", 0, &a)) return NULL;
    IrValue *none = lw_const_str(L, call->span, "");
    IrValue *chars = arg_of(L, a.p[0], TY_STR, ar_printf(L->a, "%s() argument 1", f->name), none);
    if (!chars) return NULL;
    int which = f->arg | (chars != none ? 4 : 0);
    return py(L, call->span, PY_STR_STRIP, ty_str(), 3,
              (IrValue *[]){ s, chars, lw_cint(L, call->span, which) });
}

/* s.split(sep=None, maxsplit=-1) / rsplit (arg 2) → list[str] */
static IrValue *str_split(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "sep,maxsplit", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *none = lw_const_str(L, sp, "");
    IrValue *sep = arg_of(L, a.p[0], TY_STR, ar_printf(L->a, "%s() argument 1", f->name), none);
    IrValue *max =
        sep ? arg_of(L, a.p[1], TY_INT, ar_printf(L->a, "%s() argument 2", f->name), lw_cint(L, sp, -1))
            : NULL;
    if (!max) return NULL;
    int flags = f->arg | (sep != none ? 1 : 0);
    return py(L, sp, PY_STR_SPLIT, ty_list(ty_str()), 4, (IrValue *[]){ s, sep, max, lw_cint(L, sp, flags) });
}

/* sep.join(iterable): a list or tuple of str (a comprehension or generator of str too) */
static IrValue *str_join(Lower *L, AstNode *call, const ApiFn *f, IrValue *sep)
{
    (void)f;
    if (call->elts.n != 1 || call->params.n) {
        diag_error(call->span, "str.join() takes exactly one argument (%d given)",
                   call->elts.n + call->params.n);
        return NULL;
    }
    AstNode *e = call->elts.v[0];
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_TUPLE && !v->type->keys) {
        int n = v->type->n;
        IrValue **items = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int i = 0; i < n; i++) {
            if (v->type->elems[i]->kind != TY_STR) {
                diag_error(e->span, "sequence item %d: expected str instance, %s found", i,
                           ty_str_of(v->type->elems[i]));
                return NULL;
            }
            items[i] = lw_tuple_get(L, v, i, e->span);
        }
        v = lw_emit(L, IR_LIST_NEW, e->span, ty_list(ty_str()), n, items);
    }
    if (v->type->kind != TY_LIST || (v->type->elem && v->type->elem->kind != TY_STR)) {
        diag_error(e->span,
                   "str.join() takes a list or tuple of str here, not %s (convert with str(): "
                   "', '.join(str(x) for x in xs))",
                   ty_str_of(v->type));
        return NULL;
    }
    if (!v->type->elem) v = lw_emit(L, IR_LIST_NEW, e->span, ty_list(ty_str()), 0, NULL); /* [] */
    return py(L, call->span, PY_STR_JOIN, ty_str(), 2, (IrValue *[]){ sep, v });
}

/* s.replace(old, new, count=-1) */
static IrValue *str_replace(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "old,new,count", 2, &a)) return NULL;
    IrValue *o = arg_of(L, a.p[0], TY_STR, "replace() argument 1", NULL);
    IrValue *n = o ? arg_of(L, a.p[1], TY_STR, "replace() argument 2", NULL) : NULL;
    IrValue *c = n ? arg_of(L, a.p[2], TY_INT, "replace() argument 3", lw_cint(L, call->span, -1)) : NULL;
    return c ? py(L, call->span, PY_STR_REPLACE, ty_str(), 4, (IrValue *[]){ s, o, n, c }) : NULL;
}

/* s.startswith(prefix) / endswith (arg 1): a str, or a tuple of str (any of them) */
static IrValue *str_affix(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, f->arg ? "suffix" : "prefix", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *v = lw_expr(L, a.p[0]);
    if (!v) return NULL;
    int n = v->type->kind == TY_TUPLE && !v->type->keys ? v->type->n : 1;
    IrValue *acc = n ? NULL : lw_const_bool(L, sp, false);
    for (int i = 0; i < n; i++) {
        IrValue *x = v->type->kind == TY_TUPLE ? lw_tuple_get(L, v, i, sp) : v;
        if (x->type->kind != TY_STR) {
            diag_error(a.p[0]->span, "%s first arg must be str or a tuple of str, not %s", f->name,
                       ty_str_of(x->type));
            return NULL;
        }
        IrValue *t = py(L, sp, PY_STR_AFFIX, ty_bool(), 3, (IrValue *[]){ s, x, lw_cint(L, sp, f->arg) });
        acc = acc ? lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ acc, t }) : t;
    }
    return acc;
}

/* s.upper() / lower / capitalize / title / swapcase (arg: the kind) */
static IrValue *str_case(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return py(L, call->span, PY_STR_CASE, ty_str(), 2, (IrValue *[]){ s, lw_cint(L, call->span, f->arg) });
}

/* s.ljust(width, fillchar=' ') / rjust (arg 1) / center (2) */
static IrValue *str_pad(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "width,fillchar", 1, &a)) return NULL;
    IrValue *w = arg_of(L, a.p[0], TY_INT, ar_printf(L->a, "%s() argument 1", f->name), NULL);
    IrValue *c = w ? arg_of(L, a.p[1], TY_STR, ar_printf(L->a, "%s() argument 2", f->name),
                            lw_const_str(L, call->span, " "))
                   : NULL;
    return c ? py(L, call->span, PY_STR_PAD, ty_str(), 4,
                  (IrValue *[]){ s, w, c, lw_cint(L, call->span, f->arg) })
             : NULL;
}

/* s.zfill(width) */
static IrValue *str_zfill(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "width", 1, &a)) return NULL;
    IrValue *w = arg_of(L, a.p[0], TY_INT, "zfill() argument 1", NULL);
    return w ? py(L, call->span, PY_STR_ZFILL, ty_str(), 2, (IrValue *[]){ s, w }) : NULL;
}

/* s.find(sub[, start[, end]]) / rfind / index / rindex / count (arg: the kind) → int; start
 * and end ints or None */
static IrValue *str_find(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    Span sp = call->span;
    if (!lw_bind(call, f->name, "sub,start,end", 1, &a)) return NULL;
    IrValue *sub = arg_of(L, a.p[0], TY_STR, ar_printf(L->a, "%s() argument 1", f->name), NULL);
    if (!sub) return NULL;
    IrValue *args[6] = { s, sub, lw_cint(L, sp, f->arg), lw_cint(L, sp, 0), lw_cint(L, sp, 0) };
    int given = 0;
    for (int k = 1; k <= 2; k++) {
        if (!a.p[k] || a.p[k]->kind == AST_NONE) continue;
        IrValue *v = lw_expr(L, a.p[k]), *i = v ? lw_as_index(L, v, a.p[k]->span) : NULL;
        if (!i) {
            if (v) diag_error(a.p[k]->span, "slice indices must be integers or None or have an __index__ method");
            return NULL;
        }
        args[2 + k] = i;
        given |= k;
    }
    args[5] = lw_cint(L, sp, given);
    return py(L, sp, PY_STR_FIND, ty_int(), 6, args);
}

/* s.removeprefix(prefix) / removesuffix (arg 1) */
static IrValue *str_unaffix(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, f->arg ? "suffix" : "prefix", 1, &a)) return NULL;
    IrValue *x = arg_of(L, a.p[0], TY_STR, ar_printf(L->a, "%s() argument", f->name), NULL);
    return x ? py(L, call->span, PY_STR_UNAFFIX, ty_str(), 3, (IrValue *[]){ s, x, lw_cint(L, call->span, f->arg) })
             : NULL;
}

/* s.splitlines(keepends=False) → list[str] */
static IrValue *str_splitlines(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "keepends", 0, &a)) return NULL;
    IrValue *k = arg_of(L, a.p[0], TY_INT, "keepends", lw_cint(L, call->span, 0)); /* an int, as Python's */
    return k ? py(L, call->span, PY_STR_LINES, ty_list(ty_str()), 2, (IrValue *[]){ s, k }) : NULL;
}

/* s.partition(sep) / rpartition (arg 3): a tuple of three str, one runtime call per part */
static IrValue *str_partition(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "sep", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *sep = lw_expr(L, a.p[0]);
    if (!sep) return NULL;
    if (sep->type->kind != TY_STR) {
        diag_error(a.p[0]->span, "must be str, not %s", ty_str_of(sep->type));
        return NULL;
    }
    IrValue *parts[3];
    for (int k = 0; k < 3; k++)
        parts[k] = py(L, sp, PY_STR_PARTITION, ty_str(), 3, (IrValue *[]){ s, sep, lw_cint(L, sp, f->arg + k) });
    return lw_tuple(L, sp, 3, parts);
}

/* s.isdigit() / isalpha / isalnum / isspace / isupper / islower (arg: the kind) → bool */
static IrValue *str_is(Lower *L, AstNode *call, const ApiFn *f, IrValue *s)
{
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return py(L, call->span, PY_STR_IS, ty_bool(), 2, (IrValue *[]){ s, lw_cint(L, call->span, f->arg) });
}

/* s * n (n an int or bool): a constant folds (kernel sources stay constants), else a run-time
 * repeat */
IrValue *lw_str_repeat(Lower *L, IrValue *s, IrValue *n, Span sp)
{
    int64_t k;
    n = lw_to_scalar(L, n, TY_INT, sp);
    if (s->def && s->def->op == IR_CONST_STR && lw_is_const_int(n, &k) &&
        k * (int64_t)strlen(s->def->sval) < (1 << 20)) {
        StrBuf sb = { 0 };
        for (int64_t i = 0; i < k; i++) sb_puts(&sb, s->def->sval);
        IrValue *r = lw_const_str(L, sp, ar_strdup(L->a, sb.s ? sb.s : ""));
        sb_free(&sb);
        return r;
    }
    return py(L, sp, PY_STR_REPEAT, ty_str(), 2, (IrValue *[]){ s, n });
}

/* sub in s: s.find(sub) >= 0 */
IrValue *lw_str_contains(Lower *L, IrValue *sub, IrValue *s, Span sp)
{
    if (sub->def && sub->def->op == IR_CONST_STR && s->def && s->def->op == IR_CONST_STR)
        return lw_const_bool(L, sp, strstr(s->def->sval, sub->def->sval) != NULL); /* (dt.kind in 'iu') */
    IrValue *z = lw_cint(L, sp, 0);
    IrValue *i = py(L, sp, PY_STR_FIND, ty_int(), 6, (IrValue *[]){ s, sub, z, z, z, z });
    return lw_binop(L, AOP_GE, sp, i, lw_cint(L, sp, 0));
}

/* ---------------------------------------------------------------- os, os.path, time */

/* os.path.join(a, *p): joined left to right */
static IrValue *path_join(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    if (!call->elts.n || call->params.n) {
        diag_error(call->span, "os.path.join() takes one or more str positional arguments");
        return NULL;
    }
    IrValue *acc = NULL;
    for (int i = 0; i < call->elts.n; i++) {
        IrValue *v = arg_of(L, call->elts.v[i], TY_STR, "each path", NULL);
        if (!v) return NULL;
        acc = acc ? py(L, call->span, PY_PATH_JOIN, ty_str(), 2, (IrValue *[]){ acc, v }) : v;
    }
    return acc;
}

/* os.path.exists(p) / isfile / isdir / isabs (arg: the kind) → bool */
static IrValue *path_test(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "path", 1, &a)) return NULL;
    IrValue *p = arg_of(L, a.p[0], TY_STR, "path", NULL);
    return p ? py(L, call->span, PY_PATH_TEST, ty_bool(), 2,
                  (IrValue *[]){ p, lw_cint(L, call->span, f->arg) })
             : NULL;
}

/* os.path.basename(p) / dirname / abspath / normpath / expanduser (arg: the kind) → str;
 * splitext (arg -1) → (root, ext) */
static IrValue *path_part(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, f->arg < 0 ? "p" : "path", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *p = arg_of(L, a.p[0], TY_STR, "path", NULL);
    if (!p) return NULL;
    if (f->arg >= 0) return py(L, sp, PY_PATH_PART, ty_str(), 2, (IrValue *[]){ p, lw_cint(L, sp, f->arg) });
    IrValue *parts[2];
    for (int k = 0; k < 2; k++)
        parts[k] = py(L, sp, PY_PATH_PART, ty_str(), 2, (IrValue *[]){ p, lw_cint(L, sp, 2 + k) });
    return lw_tuple(L, sp, 2, parts);
}

/* os.getcwd() */
static IrValue *os_getcwd(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return py(L, call->span, PY_GETCWD, ty_str(), 0, NULL);
}

/* os.environ.get(key, default) / os.getenv(key, default): the default must be a str (a
 * missing variable then reads as it); without one Python returns None, which has no str
 * type here. */
static IrValue *env_get(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, f->arg ? "key,default" : "key,value", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *k = arg_of(L, a.p[0], TY_STR, "key", NULL);
    if (!k) return NULL;
    IrValue *d = a.p[1] ? lw_expr(L, a.p[1]) : NULL;
    if (a.p[1] && !d) return NULL;
    if (!d || d->type->kind != TY_STR) {
        diag_error(a.p[1] ? a.p[1]->span : sp,
                   "%s() needs a str default here (a missing variable would be None): "
                   "os.environ.get(\"NAME\", \"\")",
                   f->arg ? "os.getenv" : "os.environ.get");
        return NULL;
    }
    return py(L, sp, PY_ENV_GET, ty_str(), 3, (IrValue *[]){ k, d, lw_const_bool(L, sp, true) });
}

/* os.makedirs(name, mode=0o777, exist_ok=False): mode must be the default */
static IrValue *os_makedirs(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "name,mode,exist_ok", 1, &a)) return NULL;
    IrValue *p = arg_of(L, a.p[0], TY_STR, "name", NULL);
    if (!p) return NULL;
    if (a.p[1] && !(a.p[1]->kind == AST_INT && a.p[1]->ival == 0777)) {
        diag_error(a.p[1]->span, "os.makedirs(mode=) is supported only as 0o777 (the default)");
        return NULL;
    }
    IrValue *ok = arg_of(L, a.p[2], TY_BOOL, "exist_ok", lw_const_bool(L, call->span, false));
    return ok ? py(L, call->span, PY_MAKEDIRS, NULL, 2, (IrValue *[]){ p, ok }) : NULL;
}

/* time.sleep(secs) */
static IrValue *time_sleep(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "secs", 1, &a)) return NULL;
    IrValue *s = arg_of(L, a.p[0], TY_FLOAT, "secs", NULL);
    return s ? py(L, call->span, PY_SLEEP, NULL, 1, &s) : NULL;
}

/* sys.stdout.write(s) / sys.stderr.write(s) (arg 1): print(s, end='', file=...); returns
 * the number of characters written, as Python's. */
static IrValue *stream_write(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, "write", "s", 1, &a)) return NULL;
    IrValue *s = a.p[0] ? lw_expr(L, a.p[0]) : NULL;
    if (!s) return NULL;
    if (s->type->kind != TY_STR) {
        diag_error(a.p[0]->span, "write() argument must be str, not %s", ty_str_of(s->type));
        return NULL;
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_PRINT, call->span, NULL, 1, &s);
    in->sval = "";
    in->sval2 = "";
    in->ival = f->arg;
    return lw_emit1(L, IR_STR_LEN, call->span, ty_int(), s);
}

/* sys.stderr.flush(): stderr is unbuffered (nothing to do) */
static IrValue *stderr_flush(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    return lw_bind(call, f->name, "", 0, &a) ? lw_pseudo(L, ty_none()) : NULL;
}

/* ---------------------------------------------------------------- math on ints */

/* math.comb(n, k) / math.perm(n, k=None) (arg 1) */
static IrValue *math_comb(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "n,k", f->arg ? 1 : 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = arg_of(L, a.p[0], TY_INT, "n", NULL);
    if (!n) return NULL;
    if (f->arg && (!a.p[1] || a.p[1]->kind == AST_NONE)) return py(L, sp, PY_MATH_FACT, ty_int(), 1, &n);
    IrValue *k = arg_of(L, a.p[1], TY_INT, "k", NULL);
    return k ? py(L, sp, PY_MATH_COMB, ty_int(), 3, (IrValue *[]){ n, k, lw_cint(L, sp, f->arg) }) : NULL;
}

/* math.factorial(n) / math.isqrt(n) (arg: the call) */
static IrValue *math_int1(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "n", 1, &a)) return NULL;
    IrValue *n = arg_of(L, a.p[0], TY_INT, "n", NULL);
    return n ? py(L, call->span, (IrPyCall)f->arg, ty_int(), 1, &n) : NULL;
}

/* math.gcd(*ints) / math.lcm(*ints) (arg 1): folded left; gcd() is 0, lcm() is 1 */
static IrValue *math_gcd(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    if (call->params.n) {
        diag_error(sp, "math.%s() takes no keyword arguments", f->name);
        return NULL;
    }
    IrValue *acc = NULL;
    for (int i = 0; i < call->elts.n; i++) {
        IrValue *v = arg_of(L, call->elts.v[i], TY_INT, "each argument", NULL);
        if (!v) return NULL;
        acc = py(L, sp, PY_MATH_GCD, ty_int(), 3,
                 (IrValue *[]){ acc ? acc : lw_cint(L, sp, f->arg), v, lw_cint(L, sp, f->arg) });
    }
    return acc ? acc : lw_cint(L, sp, f->arg);
}

/* math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
static IrValue *math_isclose(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "a,b,rel_tol,abs_tol", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, "a", NULL);
    IrValue *y = x ? arg_of(L, a.p[1], TY_FLOAT, "b", NULL) : NULL;
    IrValue *r = y ? arg_of(L, a.p[2], TY_FLOAT, "rel_tol", lw_const_float(L, sp, 1e-09)) : NULL;
    IrValue *t = r ? arg_of(L, a.p[3], TY_FLOAT, "abs_tol", lw_const_float(L, sp, 0.0)) : NULL;
    return t ? py(L, sp, PY_MATH_ISCLOSE, ty_bool(), 4, (IrValue *[]){ x, y, r, t }) : NULL;
}

/* ---------------------------------------------------------------- math on floats */

/* The host function fn (IR_LIBM) on one or two scalars, of result type t. */
static IrValue *libm(Lower *L, Span sp, const char *fn, Type *t, int n, IrValue **args)
{
    IrValue *r = lw_emit(L, IR_LIBM, sp, t, n, args);
    r->def->sval = fn;
    return r;
}

/* math.frexp(x) → (m, e) / math.modf(x) → (fractional, integral) (arg 1): CPython's, through
 * gpyc_host.h's gp_pymath_* */
static IrValue *math_split(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "x", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, "x", NULL);
    if (!x) return NULL;
    IrValue *p0 = f->arg ? libm(L, sp, "gp_pymath_modf_frac", ty_float(), 1, &x)
                         : libm(L, sp, "gp_pymath_frexp_m", ty_float(), 1, &x);
    IrValue *p1 = f->arg ? libm(L, sp, "gp_pymath_modf_int", ty_float(), 1, &x)
                         : libm(L, sp, "gp_pymath_frexp_e", ty_int(), 1, &x);
    return lw_tuple(L, sp, 2, (IrValue *[]){ p0, p1 });
}

/* math.ldexp(x, i): OverflowError('math range error') when a finite x overflows, as CPython */
static IrValue *math_ldexp(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "x,i", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, "x", NULL);
    IrValue *i = x ? arg_of(L, a.p[1], TY_INT, "i", NULL) : NULL;
    if (!i) return NULL;
    IrValue *r = libm(L, sp, "gp_pymath_ldexp", ty_float(), 2, (IrValue *[]){ x, i });
    IrValue *over = lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){ lw_ew1(L, IR_ISINF, sp, r), lw_ew1(L, IR_ISFINITE, sp, x) });
    return over && lw_raise_if(L, sp, over, "OverflowError", "math range error") ? r : NULL;
}

/* math.remainder(x, y): C's (IEEE 754) remainder; ValueError('math domain error') where
 * CPython raises it: an infinite x or a zero y, neither operand NaN. */
static IrValue *math_remainder(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "x,y", 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, "x", NULL);
    IrValue *y = x ? arg_of(L, a.p[1], TY_FLOAT, "y", NULL) : NULL;
    if (!y) return NULL;
    IrValue *nan = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ lw_ew1(L, IR_ISNAN, sp, x), lw_ew1(L, IR_ISNAN, sp, y) });
    IrValue *zero = lw_binop(L, AOP_EQ, sp, y, lw_const_float(L, sp, 0.0));
    IrValue *bad = zero ? lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ lw_ew1(L, IR_ISINF, sp, x), zero }) : NULL;
    IrValue *dom = nan && bad ? lw_ewise(L, IR_LOGICAL_AND, sp, 2, (IrValue *[]){ bad, lw_ew1(L, IR_LOGICAL_NOT, sp, nan) }) : NULL;
    if (!dom || !lw_raise_if(L, sp, dom, "ValueError", "math domain error")) return NULL;
    return libm(L, sp, "remainder", ty_float(), 2, (IrValue *[]){ x, y });
}

/* math.ulp(x) */
static IrValue *math_ulp(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "x", 1, &a)) return NULL;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, "x", NULL);
    return x ? libm(L, call->span, "gp_pymath_ulp", ty_float(), 1, &x) : NULL;
}

/* math.prod(iterable, *, start=1): sum's loop with * (lower/comp.c) */
static IrValue *math_prod(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    return lw_reduce_iterable(L, call, "prod");
}

/* Iterable e (a list, tuple, range, comprehension or generator expression) of real numbers as
 * a new list (its elements float, int or bool), for math.fn's argument `what`; an empty
 * display is an empty list of floats.  id: the list() rewrite's, unique (its hidden names). */
static IrValue *real_list(Lower *L, int id, AstNode *e, const char *fn, const char *what)
{
    Span sp = e->span;
    if ((e->kind == AST_LIST || e->kind == AST_TUPLE) && !e->elts.n)
        return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_float()), 0, NULL);
    AstNode *c = lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &e);
    c->id = id;
    IrValue *l = lw_list_of(L, c);
    Type *et = l ? lw_list_elem(l, sp) : NULL;
    if (!et) return NULL;
    if (et->kind != TY_FLOAT && et->kind != TY_INT && et->kind != TY_BOOL) {
        diag_error(sp, "math.%s(): %s must hold real numbers (float, int or bool), not %s", fn, what,
                   ty_str_of(et));
        return NULL;
    }
    return l;
}

/* math.fsum(seq): CPython's exactly rounded sum (runtime/pymod.c) */
static IrValue *math_fsum(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "seq", 1, &a)) return NULL;
    IrValue *l = real_list(L, call->id, a.p[0], f->name, "seq");
    return l ? py(L, call->span, PY_MATH_FSUM, ty_float(), 1, &l) : NULL;
}

/* math.hypot(*coordinates): CPython's vector norm of any number of floats (runtime/pymod.c) */
static IrValue *math_hypot(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    if (call->params.n) {
        diag_error(sp, "math.%s() takes no keyword arguments", f->name);
        return NULL;
    }
    IrValue **xs = ar_alloc(L->a, sizeof *xs * (size_t)(call->elts.n + 1));
    for (int i = 0; i < call->elts.n; i++)
        if (!(xs[i] = arg_of(L, call->elts.v[i], TY_FLOAT, "each coordinate", NULL))) return NULL;
    IrValue *l = lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_float()), call->elts.n, xs);
    return py(L, sp, PY_MATH_HYPOT, ty_float(), 1, &l);
}

/* math.dist(p, q): the vector norm of p - q (runtime/pymod.c) */
static IrValue *math_dist(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "p,q", 2, &a)) return NULL;
    IrValue *p = real_list(L, call->id, a.p[0], f->name, "p");
    IrValue *q = p ? real_list(L, call->lhs->id, a.p[1], f->name, "q") /* an id no rewrite takes */ : NULL;
    return q ? py(L, call->span, PY_MATH_DIST, ty_float(), 2, (IrValue *[]){ p, q }) : NULL;
}

/* ---------------------------------------------------------------- random */

/* random.seed(a): an int (or None: from the clock) */
static IrValue *rand_seed(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "a", 0, &a)) return NULL;
    if (!a.p[0] || a.p[0]->kind == AST_NONE) return lw_pseudo(L, ty_none()); /* seeded at first use */
    IrValue *v = lw_expr(L, a.p[0]);
    if (!v) return NULL;
    if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
        diag_error(a.p[0]->span, "random.seed() takes an int here (CPython hashes other seeds), not %s",
                   ty_str_of(v->type));
        return NULL;
    }
    v = lw_to_scalar(L, v, TY_INT, a.p[0]->span);
    return py(L, call->span, PY_PYR_SEED, NULL, 1, &v);
}

/* random.random() */
static IrValue *rand_random(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return py(L, call->span, PY_PYR_RANDOM, ty_float(), 0, NULL);
}

/* random.getrandbits(k) */
static IrValue *rand_bits(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "k", 1, &a)) return NULL;
    IrValue *k = arg_of(L, a.p[0], TY_INT, "k", NULL);
    return k ? py(L, call->span, PY_PYR_BITS, ty_int(), 1, &k) : NULL;
}

/* random.randrange(start, stop=None, step=1) / random.randint(a, b) (arg 1: randrange(a, b + 1)) */
static IrValue *rand_range(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, f->arg ? "a,b" : "start,stop,step", f->arg ? 2 : 1, &a)) return NULL;
    Span sp = call->span;
    bool has_stop = a.p[1] && a.p[1]->kind != AST_NONE;
    if (!f->arg && !has_stop && a.p[2]) {
        diag_error(sp, "Missing a non-None stop argument");
        return NULL;
    }
    IrValue *lo = arg_of(L, a.p[0], TY_INT, f->arg ? "a" : "start", NULL);
    IrValue *hi =
        lo ? arg_of(L, has_stop ? a.p[1] : NULL, TY_INT, f->arg ? "b" : "stop", lw_cint(L, sp, 0)) : NULL;
    IrValue *st = hi ? arg_of(L, f->arg ? NULL : a.p[2], TY_INT, "step", lw_cint(L, sp, 1)) : NULL;
    if (!st) return NULL;
    if (f->arg) hi = lw_binop(L, AOP_ADD, sp, hi, lw_cint(L, sp, 1));
    return py(L, sp, PY_PYR_RANGE, ty_int(), 4, (IrValue *[]){ lo, hi, st, lw_const_bool(L, sp, has_stop) });
}

/* random.uniform(a, b) / gauss(mu=0, sigma=1) / normalvariate(mu=0, sigma=1) / expovariate(lambd=1)
 * (arg: the kind) */
static IrValue *rand_real(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    static const char *sigs[] = { "a,b", "mu,sigma", "mu,sigma", "lambd" };
    Args a;
    if (!lw_bind(call, f->name, sigs[f->arg], f->arg ? 0 : 2, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = arg_of(L, a.p[0], TY_FLOAT, f->arg ? (f->arg == 3 ? "lambd" : "mu") : "a",
                        lw_const_float(L, sp, f->arg == 3 ? 1.0 : 0.0));
    IrValue *y = x ? arg_of(L, f->arg == 3 ? NULL : a.p[1], TY_FLOAT, f->arg ? "sigma" : "b",
                            lw_const_float(L, sp, 1.0))
                   : NULL;
    return y ? py(L, sp, PY_PYR_REAL, ty_float(), 3, (IrValue *[]){ x, y, lw_cint(L, sp, f->arg) }) : NULL;
}

/* A list argument of random.choice / shuffle / sample */
static IrValue *list_arg(Lower *L, AstNode *e, const char *fn)
{
    IrValue *v = e ? lw_expr(L, e) : NULL;
    if (!v) return NULL;
    if (v->type->kind != TY_LIST || !v->type->elem) {
        diag_error(e->span, "random.%s() takes a list here, not %s", fn, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

/* random.choice(seq): seq[_randbelow(len(seq))] of a list */
static IrValue *rand_choice(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "seq", 1, &a)) return NULL;
    IrValue *l = list_arg(L, a.p[0], f->name);
    if (!l) return NULL;
    Span sp = call->span;
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), l);
    IrValue *i = py(L, sp, PY_PYR_INDEX, ty_int(), 1, &n);
    return lw_emit(L, IR_LIST_GET, sp, l->type->elem, 2, (IrValue *[]){ l, i });
}

/* random.shuffle(x): in place */
static IrValue *rand_shuffle(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "x", 1, &a)) return NULL;
    IrValue *l = list_arg(L, a.p[0], f->name);
    return l ? py(L, call->span, PY_PYR_SHUFFLE, NULL, 1, &l) : NULL;
}

/* random.sample(population, k) → a new list */
static IrValue *rand_sample(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "population,k", 2, &a)) return NULL;
    IrValue *l = list_arg(L, a.p[0], f->name);
    IrValue *k = l ? arg_of(L, a.p[1], TY_INT, "k", NULL) : NULL;
    return k ? py(L, call->span, PY_PYR_SAMPLE, l->type, 2, (IrValue *[]){ l, k }) : NULL;
}

/* ---------------------------------------------------------------- open() and pathlib */

#define PROP 0x100 /* ApiFn.arg of a file's or a path's row: a property, not a method */

static const char *const FILE_CLS = "_io.TextIOWrapper", *const PATH_CLS = "pathlib.PosixPath";

/* Whether v is an object of class cls. */
static bool is_obj(const IrValue *v, const char *cls)
{
    return v->type->kind == TY_OBJ && !strcmp(v->type->name, cls);
}

/* str(v) of a pathlib.Path v, else v itself */
IrValue *lw_path_as_str(Lower *L, IrValue *v, Span sp)
{
    return is_obj(v, PATH_CLS) ? py(L, sp, PY_PATHLIB_STR, ty_str(), 1, &v) : v;
}

/* A str or a pathlib.Path argument e as a str (a path's string); what names it in the message. */
static IrValue *path_text(Lower *L, AstNode *e, const char *what)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    v = lw_path_as_str(L, v, e->span);
    if (v->type->kind == TY_STR) return v;
    diag_error(e->span, "%s must be str or a pathlib.Path, not %s", what, ty_str_of(v->type));
    return NULL;
}

/* A constant str argument e (absent or None: dflt), into *out; false after a located error. */
static bool const_text(Lower *L, AstNode *e, const char *what, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e || e->kind == AST_NONE) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->def && v->def->op == IR_CONST_STR) {
        *out = v->def->sval;
        return true;
    }
    diag_error(e->span, "%s must be a constant str in gpyc, not %s", what, ty_str_of(v->type));
    return false;
}

/* Whether an encoding= is UTF-8 ('utf-8', 'UTF8', 'utf_8'), after a located error if not. */
static bool utf8_only(Lower *L, AstNode *e, const char *fn)
{
    const char *enc;
    if (!const_text(L, e, "encoding", "utf-8", &enc)) return false;
    char norm[8];
    size_t k = 0;
    for (const char *c = enc; *c && k < sizeof norm - 1; c++)
        if (*c != '-' && *c != '_') norm[k++] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    norm[k] = 0;
    if (!strcmp(norm, "utf8")) return true;
    diag_error(e->span, "%s(encoding='%s'): gpyc reads and writes text as UTF-8 only (encoding='utf-8')", fn,
               enc);
    return false;
}

/* Python's open() mode m checked: its letter ('r', 'w', 'a' or 'x'), 0 after a located error
 * (Python's ValueError for an invalid mode; binary and update modes are not compiled). */
static char open_mode(const char *m, Span sp)
{
    char kind = 0;
    bool seen[128] = { false }, ok = *m != 0;
    for (const char *c = m; *c && ok; c++) {
        ok = strchr("rwaxbt+", *c) && !seen[(int)*c];
        seen[(int)*c] = true;
        if (ok && strchr("rwax", *c)) ok = !kind, kind = *c;
    }
    if (!ok || !kind || (seen['b'] && seen['t'])) {
        diag_error(sp, "invalid mode: '%s'", m);
        return 0;
    }
    if (seen['b']) {
        diag_error(sp,
                   "open() in binary mode ('%s') is not supported by gpyc: read and write binary data with "
                   "cp.fromfile / ndarray.tofile or cp.load / cp.save",
                   m);
        return 0;
    }
    if (seen['+']) {
        diag_error(sp,
                   "open() mode '%s' (reading and writing one file) is not supported by gpyc: open it once "
                   "to read and once to write",
                   m);
        return 0;
    }
    return kind;
}

/* open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None): a text file
 * object (buffering is accepted and has no effect on what is read or written; errors and
 * newline only as their defaults) */
IrValue *lw_open(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "open", "file,mode,buffering,encoding,errors,newline", 1, &a)) return NULL;
    Span sp = call->span;
    for (int k = 4; k < 6; k++)
        if (a.p[k] && a.p[k]->kind != AST_NONE) {
            diag_error(a.p[k]->span, "open(%s=) is not supported by gpyc: %s", k == 4 ? "errors" : "newline",
                       k == 4 ? "text is UTF-8, read as it is (no decoding errors)"
                              : "text is read with universal newlines and written with '\\n'");
            return NULL;
        }
    IrValue *p = path_text(L, a.p[0], "open() argument 'file'");
    const char *m;
    if (!p || !const_text(L, a.p[1], "open() argument 'mode'", "r", &m)) return NULL;
    char kind = open_mode(m, a.p[1] ? a.p[1]->span : sp);
    if (!kind || (a.p[2] && !arg_of(L, a.p[2], TY_INT, "open() argument 'buffering'", NULL)) ||
        !utf8_only(L, a.p[3], "open"))
        return NULL;
    IrValue *mode = lw_const_str(L, sp, kind == 'r' ? "r" : kind == 'w' ? "w" : kind == 'a' ? "a" : "x");
    return py(L, sp, PY_FILE_OPEN, ty_obj(FILE_CLS), 2, (IrValue *[]){ p, mode });
}

/* `with open(...) as f:`: every way out of the body closes f; false (nothing done) when ctx
 * is not a file. */
bool lw_file_with(Lower *L, IrValue *ctx, Span sp)
{
    if (!is_obj(ctx, FILE_CLS)) return false;
    lw_with_push(L, IR_PYLIB, PY_FILE_CLOSE, 2, (IrValue *[]){ ctx, lw_cint(L, sp, 0) });
    return true;
}

/* `for line in f:` of a file f: its remaining lines (read when the loop starts), or NULL (no
 * error) when v is not a file. */
IrValue *lw_file_lines(Lower *L, IrValue *v, Span sp)
{
    return is_obj(v, FILE_CLS) ? py(L, sp, PY_FILE_LINES, ty_list(ty_str()), 1, &v) : NULL;
}

/* print(..., file=f): whether v is a file object print can write to */
bool lw_is_file(const IrValue *v) { return is_obj(v, FILE_CLS); }

/* f.read(size=-1) / f.readline(size=-1) (arg 1) */
static IrValue *file_read(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "size", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = arg_of(L, a.p[0], TY_INT, "argument 'size'", lw_cint(L, sp, -1));
    return n ? py(L, sp, PY_FILE_READ, ty_str(), 3, (IrValue *[]){ self, n, lw_const_bool(L, sp, f->arg) })
             : NULL;
}

/* f.readlines() */
static IrValue *file_readlines(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    return lw_bind(call, f->name, "", 0, &a) ? py(L, call->span, PY_FILE_LINES, ty_list(ty_str()), 1, &self)
                                             : NULL;
}

/* f.write(s): the characters written */
static IrValue *file_write(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "s", 1, &a)) return NULL;
    IrValue *s = lw_expr(L, a.p[0]);
    if (!s) return NULL;
    if (s->type->kind != TY_STR) {
        diag_error(a.p[0]->span, "write() argument must be str, not %s", ty_str_of(s->type));
        return NULL;
    }
    return py(L, call->span, PY_FILE_WRITE, ty_int(), 2, (IrValue *[]){ self, s });
}

/* f.writelines(lines): a list of str written one after the other (no newlines added) */
static IrValue *file_writelines(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "lines", 1, &a)) return NULL;
    IrValue *l = lw_expr(L, a.p[0]);
    if (!l) return NULL;
    if (l->type->kind != TY_LIST || (l->type->elem && l->type->elem->kind != TY_STR)) {
        diag_error(a.p[0]->span, "writelines() takes a list of str here, not %s", ty_str_of(l->type));
        return NULL;
    }
    if (!l->type->elem) return lw_pseudo(L, ty_none()); /* [] */
    Span sp = call->span;
    IrValue *s = py(L, sp, PY_STR_JOIN, ty_str(), 2, (IrValue *[]){ lw_const_str(L, sp, ""), l });
    py(L, sp, PY_FILE_WRITE, ty_int(), 2, (IrValue *[]){ self, s });
    return lw_pseudo(L, ty_none());
}

/* f.close() / f.flush() (arg 1) */
static IrValue *file_close(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return py(L, call->span, PY_FILE_CLOSE, NULL, 2, (IrValue *[]){ self, lw_cint(L, call->span, f->arg) });
}

/* f.closed / f.name (properties: arg's low bits the call) */
static IrValue *file_prop(Lower *L, AstNode *at, const ApiFn *f, IrValue *self)
{
    IrPyCall c = (IrPyCall)(f->arg & ~PROP);
    return py(L, at->span, c, c == PY_FILE_CLOSED ? ty_bool() : ty_str(), 1, &self);
}

/* pathlib.Path(*parts): '.' for none, else the parts joined as p / q does */
static IrValue *path_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    Span sp = call->span;
    if (call->params.n) {
        diag_error(sp, "Path() takes no keyword arguments");
        return NULL;
    }
    IrValue *p = NULL;
    for (int i = 0; i < call->elts.n || !p; i++) {
        IrValue *s = i < call->elts.n ? path_text(L, call->elts.v[i], "each part of Path()")
                                      : lw_const_str(L, sp, ".");
        if (!s) return NULL;
        p = p ? py(L, sp, PY_PATHLIB_JOIN, p->type, 2, (IrValue *[]){ p, s })
              : py(L, sp, PY_PATHLIB_NEW, ty_obj(PATH_CLS), 1, &s);
    }
    return p;
}

/* a / b where a or b is an object: a path joined with a str or a path; NULL after a located
 * error (Python's TypeError) */
IrValue *lw_path_div(Lower *L, IrValue *a, IrValue *b, Span sp)
{
    IrValue *s[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        if (is_obj(s[k], PATH_CLS))
            s[k] = py(L, sp, PY_PATHLIB_STR, ty_str(), 1, &s[k]);
        else if (s[k]->type->kind != TY_STR || (!is_obj(a, PATH_CLS) && !is_obj(b, PATH_CLS))) {
            diag_error(sp, "unsupported operand type(s) for /: '%s' and '%s'",
                       is_obj(a, PATH_CLS) ? "PosixPath" : ty_str_of(a->type),
                       is_obj(b, PATH_CLS) ? "PosixPath" : ty_str_of(b->type));
            return NULL;
        }
    }
    IrValue *base = py(L, sp, PY_PATHLIB_NEW, ty_obj(PATH_CLS), 1, &s[0]);
    return py(L, sp, PY_PATHLIB_JOIN, base->type, 2, (IrValue *[]){ base, s[1] });
}

/* str(p) (arg 0) / repr(p) (arg 1): PosixPath('a/b') */
static IrValue *path_str(Lower *L, AstNode *at, const ApiFn *f, IrValue *self)
{
    Span sp = at->span;
    IrValue *s = py(L, sp, PY_PATHLIB_STR, ty_str(), 1, &self);
    if (!f->arg) return s;
    IrValue *parts[3] = { lw_const_str(L, sp, "PosixPath("), lw_format_part(L, s, "", 'r', sp, sp),
                          lw_const_str(L, sp, ")") };
    return lw_emit(L, IR_STR_CONCAT, sp, ty_str(), 3, parts);
}

/* p.name / stem / suffix (arg: 1 + the part) and p.parent (arg 0): properties */
static IrValue *path_part_of(Lower *L, AstNode *at, const ApiFn *f, IrValue *self)
{
    int k = (f->arg & ~PROP) - 1;
    if (k < 0) return py(L, at->span, PY_PATHLIB_PARENT, self->type, 1, &self);
    return py(L, at->span, PY_PATHLIB_PART, ty_str(), 2, (IrValue *[]){ self, lw_cint(L, at->span, k) });
}

/* p.joinpath(*parts): p / part / ... */
static IrValue *path_joinpath(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    if (call->params.n) {
        diag_error(call->span, "%s() takes no keyword arguments", f->name);
        return NULL;
    }
    IrValue *p = self;
    for (int i = 0; i < call->elts.n && p; i++) {
        IrValue *s = path_text(L, call->elts.v[i], "each part of joinpath()");
        p = s ? py(L, call->span, PY_PATHLIB_JOIN, self->type, 2, (IrValue *[]){ p, s }) : NULL;
    }
    return p;
}

/* p.as_posix(): its string */
static IrValue *path_as_posix(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    return lw_bind(call, f->name, "", 0, &a) ? py(L, call->span, PY_PATHLIB_STR, ty_str(), 1, &self) : NULL;
}

/* p.exists() / is_file() / is_dir() / is_absolute() (arg: os.path's test) */
static IrValue *path_is(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *s = py(L, sp, PY_PATHLIB_STR, ty_str(), 1, &self);
    return py(L, sp, PY_PATH_TEST, ty_bool(), 2, (IrValue *[]){ s, lw_cint(L, sp, f->arg) });
}

/* p.mkdir(mode=0o777, parents=False, exist_ok=False): mode must be the default */
static IrValue *path_mkdir(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "mode,parents,exist_ok", 0, &a)) return NULL;
    Span sp = call->span;
    if (a.p[0] && !(a.p[0]->kind == AST_INT && a.p[0]->ival == 0777)) {
        diag_error(a.p[0]->span, "Path.mkdir(mode=) is supported only as 0o777 (the default)");
        return NULL;
    }
    IrValue *par = arg_of(L, a.p[1], TY_BOOL, "parents", lw_const_bool(L, sp, false));
    IrValue *ok = par ? arg_of(L, a.p[2], TY_BOOL, "exist_ok", lw_const_bool(L, sp, false)) : NULL;
    return ok ? py(L, sp, PY_PATHLIB_MKDIR, NULL, 3, (IrValue *[]){ self, par, ok }) : NULL;
}

/* p.read_text(encoding=None) */
static IrValue *path_read(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "encoding", 0, &a) || !utf8_only(L, a.p[0], f->name)) return NULL;
    return py(L, call->span, PY_PATHLIB_READ, ty_str(), 1, &self);
}

/* p.write_text(data, encoding=None): the characters written */
static IrValue *path_write(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "data,encoding", 1, &a)) return NULL;
    IrValue *d = lw_expr(L, a.p[0]);
    if (!d || !utf8_only(L, a.p[1], f->name)) return NULL;
    if (d->type->kind != TY_STR) {
        diag_error(a.p[0]->span, "data must be str, not %s", ty_str_of(d->type));
        return NULL;
    }
    return py(L, call->span, PY_PATHLIB_WRITE, ty_int(), 2, (IrValue *[]){ self, d });
}

/* The row of a property of a file or a path (f.closed, p.name), or NULL. */
const ApiFn *lw_pylib_prop(const char *cls, const char *name)
{
    for (const ApiFn *t = lw_pylib_api; t->mod; t++)
        if ((t->arg & PROP) && !strcmp(t->name, name) && !strcmp(t->mod, cls)) return t;
    return NULL;
}

/* ---------------------------------------------------------------- module constants */

/* string.NAME, os.sep, os.path.sep ...: the constant, or NULL (no error) when there is none */
IrValue *lw_pylib_const(Lower *L, const char *module, const char *attr, Span sp)
{
    static const struct {
        const char *mod, *name, *val;
    } consts[] = {
        { "string", "ascii_letters", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" },
        { "string", "ascii_lowercase", "abcdefghijklmnopqrstuvwxyz" },
        { "string", "ascii_uppercase", "ABCDEFGHIJKLMNOPQRSTUVWXYZ" },
        { "string", "digits", "0123456789" },
        { "string", "hexdigits", "0123456789abcdefABCDEF" },
        { "string", "octdigits", "01234567" },
        { "string", "punctuation", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" },
        { "string", "whitespace", " \t\n\r\x0b\x0c" },
        { "string", "printable",
          "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
          "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c" },
        { "os", "sep", "/" },
        { "os", "linesep", "\n" },
        { "os", "curdir", "." },
        { "os", "pardir", ".." },
        { "os", "name", "posix" },
        { "os.path", "sep", "/" },
    };
    for (size_t i = 0; i < sizeof consts / sizeof *consts; i++)
        if (!strcmp(consts[i].mod, module) && !strcmp(consts[i].name, attr))
            return lw_const_str(L, sp, consts[i].val);
    if (!strcmp(module, "os") && (!strcmp(attr, "path") || !strcmp(attr, "environ")))
        return lw_pseudo(L, ty_module(ar_printf(L->a, "os.%s", attr)));
    if (!strcmp(module, "sys") && !strcmp(attr, "stderr")) return lw_pseudo(L, ty_module("sys.stderr"));
    return NULL;
}

/* ---------------------------------------------------------------- API table */

const ApiFn lw_pylib_api[] = {
    /* str methods: the receiver is the str */
    { "str", "strip", str_strip, 3 },
    { "str", "lstrip", str_strip, 1 },
    { "str", "rstrip", str_strip, 2 },
    { "str", "split", str_split, 0 },
    { "str", "rsplit", str_split, 2 },
    { "str", "join", str_join, 0 },
    { "str", "replace", str_replace, 0 },
    { "str", "startswith", str_affix, 0 },
    { "str", "endswith", str_affix, 1 },
    { "str", "upper", str_case, 0 },
    { "str", "lower", str_case, 1 },
    { "str", "capitalize", str_case, 2 },
    { "str", "title", str_case, 3 },
    { "str", "swapcase", str_case, 4 },
    { "str", "ljust", str_pad, 0 },
    { "str", "rjust", str_pad, 1 },
    { "str", "center", str_pad, 2 },
    { "str", "zfill", str_zfill, 0 },
    { "str", "find", str_find, 0 },
    { "str", "rfind", str_find, 1 },
    { "str", "index", str_find, 2 },
    { "str", "rindex", str_find, 3 },
    { "str", "count", str_find, 4 },
    { "str", "removeprefix", str_unaffix, 0 },
    { "str", "removesuffix", str_unaffix, 1 },
    { "str", "splitlines", str_splitlines, 0 },
    { "str", "partition", str_partition, 0 },
    { "str", "rpartition", str_partition, 3 },
    { "str", "isdigit", str_is, 0 },
    { "str", "isalpha", str_is, 1 },
    { "str", "isalnum", str_is, 2 },
    { "str", "isspace", str_is, 3 },
    { "str", "isupper", str_is, 4 },
    { "str", "islower", str_is, 5 },
    /* os, os.path, os.environ */
    { "os.path", "join", path_join, 0 },
    { "os.path", "exists", path_test, 0 },
    { "os.path", "isfile", path_test, 1 },
    { "os.path", "isdir", path_test, 2 },
    { "os.path", "isabs", path_test, 3 },
    { "os.path", "basename", path_part, 0 },
    { "os.path", "dirname", path_part, 1 },
    { "os.path", "splitext", path_part, -1 },
    { "os.path", "abspath", path_part, 4 },
    { "os.path", "normpath", path_part, 5 },
    { "os.path", "expanduser", path_part, 6 },
    { "os", "getcwd", os_getcwd, 0 },
    { "os", "getenv", env_get, 1 },
    { "os", "makedirs", os_makedirs, 0 },
    { "os.environ", "get", env_get, 0 },
    /* time, sys streams */
    { "time", "sleep", time_sleep, 0 },
    { "sys.stdout", "write", stream_write, 0 },
    { "sys.stderr", "write", stream_write, 1 },
    { "sys.stderr", "flush", stderr_flush, 0 },
    /* math on ints */
    { "math", "comb", math_comb, 0 },
    { "math", "perm", math_comb, 1 },
    { "math", "factorial", math_int1, PY_MATH_FACT },
    { "math", "isqrt", math_int1, PY_MATH_ISQRT },
    { "math", "gcd", math_gcd, 0 },
    { "math", "lcm", math_gcd, 1 },
    { "math", "isclose", math_isclose, 0 },
    /* math on floats */
    { "math", "frexp", math_split, 0 },
    { "math", "modf", math_split, 1 },
    { "math", "ldexp", math_ldexp, 0 },
    { "math", "remainder", math_remainder, 0 },
    { "math", "ulp", math_ulp, 0 },
    { "math", "prod", math_prod, 0 },
    { "math", "fsum", math_fsum, 0 },
    { "math", "hypot", math_hypot, 0 },
    { "math", "dist", math_dist, 0 },
    /* random: CPython's generator */
    { "random", "seed", rand_seed, 0 },
    { "random", "random", rand_random, 0 },
    { "random", "getrandbits", rand_bits, 0 },
    { "random", "randrange", rand_range, 0 },
    { "random", "randint", rand_range, 1 },
    { "random", "uniform", rand_real, 0 },
    { "random", "gauss", rand_real, 1 },
    { "random", "normalvariate", rand_real, 2 },
    { "random", "expovariate", rand_real, 3 },
    { "random", "choice", rand_choice, 0 },
    { "random", "shuffle", rand_shuffle, 0 },
    { "random", "sample", rand_sample, 0 },
    /* open() files, pathlib */
    { FILE_CLS, "read", file_read, 0 },
    { FILE_CLS, "readline", file_read, 1 },
    { FILE_CLS, "readlines", file_readlines, 0 },
    { FILE_CLS, "write", file_write, 0 },
    { FILE_CLS, "writelines", file_writelines, 0 },
    { FILE_CLS, "close", file_close, 0 },
    { FILE_CLS, "flush", file_close, 1 },
    { FILE_CLS, "closed", file_prop, PY_FILE_CLOSED | PROP },
    { FILE_CLS, "name", file_prop, PY_FILE_NAME | PROP },
    { "pathlib", "Path", path_new, 0 },
    { PATH_CLS, "__str__", path_str, 0 },
    { PATH_CLS, "__repr__", path_str, 1 },
    { PATH_CLS, "name", path_part_of, 1 | PROP },
    { PATH_CLS, "stem", path_part_of, 2 | PROP },
    { PATH_CLS, "suffix", path_part_of, 3 | PROP },
    { PATH_CLS, "parent", path_part_of, 0 | PROP },
    { PATH_CLS, "exists", path_is, 0 },
    { PATH_CLS, "is_file", path_is, 1 },
    { PATH_CLS, "is_dir", path_is, 2 },
    { PATH_CLS, "is_absolute", path_is, 3 },
    { PATH_CLS, "joinpath", path_joinpath, 0 },
    { PATH_CLS, "as_posix", path_as_posix, 0 },
    { PATH_CLS, "mkdir", path_mkdir, 0 },
    { PATH_CLS, "read_text", path_read, 0 },
    { PATH_CLS, "write_text", path_write, 0 },
    /* itertools, functools (lower/comp.c) */
    { "itertools", "product", lw_it_product, 0 },
    { "itertools", "combinations", lw_it_combinations, 0 },
    { "itertools", "combinations_with_replacement", lw_it_combinations, 1 },
    { "itertools", "permutations", lw_it_combinations, 2 },
    { "itertools", "accumulate", lw_it_accumulate, 0 },
    { "itertools", "chain", lw_it_chain, 0 },
    { "itertools", "islice", lw_it_islice, 0 },
    { "itertools", "zip_longest", lw_it_zip_longest, 0 },
    { "itertools", "starmap", lw_it_starmap, 0 },
    { "itertools", "count", lw_it_endless, 0 },
    { "itertools", "cycle", lw_it_endless, 0 },
    { "functools", "reduce", lw_functools_reduce, 0 },
    /* collections (lower/pycoll.c) */
    { "collections", "namedtuple", lw_namedtuple_class, 0 },
    { "collections", "deque", lw_deque_new, 0 },
    { "functools", "partial", lw_functools_partial, 0 },
    { "functools", "lru_cache", lw_functools_cache, 0 },
    { "functools", "cache", lw_functools_cache, 0 },
    { "functools", "wraps", lw_functools_cache, 0 },
    { NULL, NULL, NULL, 0 },
};
