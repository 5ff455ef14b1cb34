/*
 * lower/api/misc.c — CuPy's "Miscellaneous routines" that report on the program rather than
 * compute: cupy.who (the arrays among the globals, or a dict's) and cupy.show_config (the
 * libraries and devices the program runs with).
 *
 *   who(vardict=None): one IR_PYLIB call WHO_ADD per array (name, array), the count of rows
 *     chained from one to the next, then WHO_PRINT (runtime/who.c sorts the rows and prints
 *     CuPy's table).  Without vardict (or with globals()) the rows are the names of the current
 *     module's globals whose binding at the call is an array: the compiler knows them, as it
 *     knows every binding (a name that may hold no array on this path — a loop that may have
 *     run no iteration, an array or None — is added where it holds one, a run-time test).
 *     Only at module level: a function's body is lowered once for all its calls, while the
 *     globals bound at each call may differ.  With a dict, its str keys whose values are arrays:
 *     a dict with constant keys (a record) statically, a dict keyed at run time by a loop over
 *     its keys.
 *   show_config(*, _full=False): one IR_DEVICE call SHOW_CONFIG (runtime/config.c queries the
 *     CUDA runtime, driver, libraries and devices when it runs; the driver links the libraries
 *     it reports, driver.c).
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- who */

/* Whether s is a Python identifier (the compiler's hidden names, "x@comp3", are not). */
static bool is_identifier(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9')) return false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (!(c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

/* The table's row count so far: a variable, as rows may be added in branches and loops. */
typedef struct WhoRows {
    IrVar *n;
    Span sp;
} WhoRows;

/* Whether values of type t are CuPy arrays: arrays, and arrays of a structured dtype. */
static bool is_ndarray(const Type *t) { return t->kind == TY_ARRAY || t->kind == TY_SVIEW; }

/* Adds the row (name, x) to the table (x an array or a structured array: its bytes, a uint8
 * array whose last axis is the element's). */
static void who_add(Lower *L, WhoRows *w, IrValue *name, IrValue *x)
{
    Span sp = w->sp;
    bool sview = x->type->kind == TY_SVIEW;
    if (sview) x = lw_tuple_get(L, x, 0, sp);
    IrValue *n = lw_load(L, w->n, sp);
    IrValue *r = lw_host_call(L, sp, IR_PYLIB, PY_WHO_ADD, ty_int(), 4,
                              (IrValue *[]){ n, name, x, lw_const_bool(L, sp, sview) });
    lw_store(L, w->n, r, sp);
}

/* The rows of the module's globals: the latest binding of each name in scope s that is an array. */
static bool who_globals(Lower *L, WhoRows *w, Scope *s)
{
    Span sp = w->sp;
    bool ok = true;
    for (int i = 0; i < s->binds.n; i++) {
        Binding *b = s->binds.v[i];
        if (lw_scope_find(s, b->name) != b || !is_identifier(b->name)) continue;
        if (b->kind == BIND_CONFLICT) {
            bool array = (b->ctype[0] && is_ndarray(b->ctype[0])) || (b->ctype[1] && is_ndarray(b->ctype[1]));
            if (array) {
                lw_flow_conflict(b, sp); /* who() reads it: whether it is an array is not known */
                ok = false;
            }
            continue;
        }
        if (b->kind != BIND_VAR || !is_ndarray(b->var->type)) continue;
        IrBlock *after = NULL;
        if (b->guard) { /* an array where the guard is false: the row is added there */
            IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, (IrValue *[]){ lw_load(L, b->guard, sp) });
            in->blocks[0] = ir_block_new(L->m, in);
            in->blocks[1] = ir_block_new(L->m, in);
            after = L->blk;
            L->blk = in->blocks[1];
        }
        b->fill = NULL; /* read: as lower_name reads a name */
        IrValue *x = lw_flow_read(L, b, sp);
        if (x) who_add(L, w, lw_const_str(L, sp, b->name), x);
        else ok = false;
        if (after) L->blk = after;
    }
    return ok;
}

/* The rows of a dict d: a record's constant keys, or a run-time dict's str keys, whose values
 * are arrays; e is its expression (for errors). */
static bool who_dict(Lower *L, WhoRows *w, IrValue *d, AstNode *e)
{
    Span sp = w->sp;
    const Type *t = d->type;
    if (lw_is_dict_record(t)) {
        for (int i = 0; i < t->n; i++)
            if (is_ndarray(t->elems[i])) who_add(L, w, lw_const_str(L, sp, t->keys[i]), lw_tuple_get(L, d, i, sp));
        return true;
    }
    if (t->kind != TY_DICT || t->name) {
        diag_error(e->span, "'%s' object has no attribute 'keys'", ty_str_of(t));
        return false;
    }
    if (!t->elem || !is_ndarray(t->elem)) return true; /* no value is an array */
    if (t->key->kind != TY_STR) {
        /* CuPy's len() of the row's name */
        diag_error(e->span, "object of type '%s' has no len()", ty_str_of(t->key));
        return false;
    }
    IrValue *keys = lw_table_list(L, d, sp), *i;
    IrValue *len = lw_emit(L, IR_LIST_LEN, sp, ty_int(), 1, &keys);
    IrBlock *after = lw_loop_begin(L, sp, lw_cint(L, sp, 0), len, &i);
    IrValue *k = lw_emit2(L, IR_LIST_GET, sp, t->key, keys, i);
    IrValue *x = lw_table_get(L, d, k, sp);
    if (x) who_add(L, w, k, x);
    L->blk = after;
    return x != NULL;
}

/* Whether e is a call globals() of Python's builtin. */
static bool is_globals_call(Lower *L, const AstNode *e)
{
    return e->kind == AST_CALL && e->lhs->kind == AST_NAME && !strcmp(e->lhs->sval, "globals") && !e->elts.n &&
           !e->params.n && !lw_lookup(L, "globals");
}

/* cupy.who(vardict=None): CuPy's table of the arrays in vardict, or among the globals */
static IrValue *api_who(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "who", "vardict", 0, &a)) return NULL;
    Span sp = call->span;
    AstNode *vd = a.p[0];
    IrValue *d = NULL;
    if (vd && !is_globals_call(L, vd)) {
        if (!(d = lw_expr(L, vd))) return NULL;
        if (d->type->kind == TY_NONE) d = NULL;
    }
    if (!d && L->inst) {
        diag_error(sp, "cupy.who() of the globals is supported by gpyc at module level only (a function's "
                       "body is compiled once for all its calls): pass a dict of the arrays to list");
        return NULL;
    }
    WhoRows w = { lw_temp_var(L, "who", ty_int()), sp };
    lw_store(L, w.n, lw_cint(L, sp, 0), sp);
    if (!(d ? who_dict(L, &w, d, vd) : who_globals(L, &w, L->module_scope))) return NULL;
    IrValue *n = lw_load(L, w.n, sp);
    lw_host_call(L, sp, IR_PYLIB, PY_WHO_PRINT, NULL, 1, &n);
    return lw_const_none(L, sp);
}

/* ---------------------------------------------------------------- show_config */

/* cupy.show_config(*, _full=False): prints the runtime's configuration (runtime/config.c) */
static IrValue *api_show_config(Lower *L, AstNode *call)
{
    if (call->elts.n) {
        diag_error(call->span, "show_config() takes 0 positional arguments but %d %s given", call->elts.n,
                   call->elts.n == 1 ? "was" : "were");
        return NULL;
    }
    Args a;
    if (!lw_bind(call, "show_config", "_full", 0, &a)) return NULL;
    Span sp = call->span;
    IrValue *full = lw_const_bool(L, sp, false);
    if (a.p[0]) {
        IrValue *v = lw_expr(L, a.p[0]);
        if (!v || !(full = lw_truth(L, v, a.p[0]->span))) return NULL;
    }
    lw_host_call(L, sp, IR_DEVICE, DEV_SHOW_CONFIG, NULL, 1, &full);
    return lw_const_none(L, sp);
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_who)
LW_API_PLAIN(api_show_config)

const ApiFn lw_misc_api[] = {
    { "cupy", "who", api_who_api, 0 },
    { "cupy", "show_config", api_show_config_api, 0 },
    { NULL, NULL, NULL, 0 },
};
