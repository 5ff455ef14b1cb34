/*
 * lower/api/kernel.c — user-defined kernels: cp.ElementwiseKernel, its construction and its
 * calls, compiled ahead of time (no NVRTC): every source string is a compile-time constant, so
 * the kernel's code goes into the program's device units (codegen/kernels/common.c writes it).
 *
 *   cp.ElementwiseKernel(in_params, out_params, operation, name='kernel', reduce_dims=True,
 *                        preamble='', no_return=False, return_tuple=False, loop_prep='',
 *                        options=()) → a compile-time value (TY_KERNEL) holding the parsed
 *   parameter lists (CuPy's ParameterInfo rules and messages: "[raw] TYPE NAME", TYPE a dtype
 *   name or a one-letter placeholder).
 *
 *   k(in..., [out...], size=, block_size=) → IR_UKERNEL per output (ival: which), after
 *   CuPy's _decide_params_type: given outputs first, then array inputs fix each placeholder
 *   (a typed parameter must match exactly: "Type is mismatched. ..."); Python scalars take
 *   their parameter's type.  Non-raw arrays broadcast together (given outputs too); size=
 *   gives a 1-d iteration space when every array is raw.  Given outputs are read (`out`'s
 *   initial value) and written back through IR_STORE_INTO, so the call fuses with its
 *   neighbours like any elementwise op; the call returns them (or the new arrays).
 *
 * A kernel whose operation reads `i`, `_ind` or a raw parameter is "indexed": its iteration
 * space is its own, so it never fuses into a consumer (group.c) and a raw argument is always
 * in memory (fuse.c).  Raw outputs are not supported (the kernel would write memory the IR
 * does not see); nor are complex parameters (CuPy's complex<T> is not gpyc's gp_c64).
 */
#include "compiler/lower/lower.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- construction */

static bool is_ident(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_')) return false;
    return true;
}

/* The next whitespace-separated word of *p (NULL at the end), in the arena. */
static const char *next_word(Lower *L, const char **p, const char *end)
{
    const char *s = *p;
    while (s < end && isspace((unsigned char)*s)) s++;
    const char *e = s;
    while (e < end && !isspace((unsigned char)*e)) e++;
    *p = e;
    return e > s ? ar_strndup(L->a, s, e - s) : NULL;
}

/* One parameter "[raw] TYPE NAME" (CuPy's ParameterInfo), text [s, e). */
static bool parse_param(Lower *L, const char *s, const char *e, UkParam *p, Span sp)
{
    const char *w[8];
    int n = 0;
    const char *q = s;
    for (const char *x; n < 8 && (x = next_word(L, &q, e));) w[n++] = x;
    if (n < 2) {
        diag_error(sp, "Syntax error: %.*s", (int)(e - s), s);
        return false;
    }
    memset(p, 0, sizeof *p);
    p->name = w[n - 1];
    p->tname = w[n - 2];
    if (strlen(p->tname) == 1) {
        p->typed = false;
    } else if (lw_dtype_name(p->tname, &p->dtype)) {
        p->typed = true;
    } else {
        diag_error(sp, "data type '%s' not understood", p->tname);
        return false;
    }
    for (int k = 0; k < n - 2; k++) {
        if (!strcmp(w[k], "raw"))
            p->raw = true;
        else if (strcmp(w[k], "_non_const") != 0) {
            diag_error(sp, "Unknown keyword \"%s\"", w[k]);
            return false;
        }
    }
    if (p->typed && dt_is_complex(p->dtype)) {
        diag_error(sp, "complex parameters of user kernels are not supported by gpyc ('%s %s')", p->tname,
                   p->name);
        return false;
    }
    return true;
}

/* A parameter list (comma-separated; "" has none) appended to *ps. */
static bool parse_params(Lower *L, const char *s, Span sp, Vec *ps)
{
    const char *a = s, *end = s + strlen(s);
    while (a < end && isspace((unsigned char)*a)) a++;
    while (end > a && isspace((unsigned char)end[-1])) end--;
    if (a == end) return true;
    for (const char *p = a;; p++) {
        if (p == end || *p == ',') {
            UkParam *prm = ar_alloc(L->a, sizeof *prm);
            if (!parse_param(L, a, p, prm, sp)) return false;
            vec_push(ps, prm);
            if (p == end) return true;
            a = p + 1;
        }
    }
}

/* Does code name identifier id as a token (outside string and character literals)? */
static bool names_ident(const char *code, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = code; p && *p;) {
        if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q) p += (*p == '\\' && p[1]) ? 2 : 1;
            if (*p) p++;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *s = p;
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            if ((size_t)(p - s) == n && !memcmp(s, id, n)) return true;
        } else {
            p++;
        }
    }
    return false;
}

/* The string argument e as the compiler knows it (lw_fold_str: a constant, or put together
 * from constants), or dflt when absent; false after an error that says which argument must be
 * constant (CuPy compiles its strings at run time; gpyc at compile time). */
static bool const_str(Lower *L, AstNode *e, const char *what, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    const IrInstr *bad;
    if (!v) return false;
    if (!lw_fold_str(L, v, out, NULL, &bad)) {
        diag_error(
            e->span,
            "the %s of a user kernel must be a constant string (gpyc compiles it ahead of time), got %s",
            what, v->type->kind == TY_STR ? "a string computed at run time" : ty_str_of(v->type));
        return false;
    }
    return true;
}

/* k's parameters from the in_params and out_params strings (arguments pin, pout), after
 * CuPy's checks and gpyc's limits; sets k->indexed from them and k->operation. */
static bool kernel_params(Lower *L, UKernel *k, const char *ins, const char *outs, AstNode *pin,
                          AstNode *pout)
{
    Vec ps = { 0 };
    bool ok = parse_params(L, ins, pin->span, &ps);
    k->nin = ps.n;
    ok = ok && parse_params(L, outs, pout->span, &ps);
    k->nout = ps.n - k->nin;
    k->params = ar_alloc(L->a, sizeof(UkParam) * (ps.n ? ps.n : 1));
    for (int i = 0; i < ps.n; i++) k->params[i] = *(UkParam *)VEC_AT(ps, i);
    vec_free(&ps);
    if (!ok) return false;
    for (int i = 0; i < k->nin + k->nout; i++) {
        const UkParam *q = &k->params[i];
        if (!strcmp(q->name, "i")) {
            diag_error((i < k->nin ? pin : pout)->span, "Can not use 'i' as a parameter name");
            return false;
        }
        if (q->raw && (i >= k->nin || k->kind == UK_REDUCTION)) {
            diag_error((i < k->nin ? pin : pout)->span, "raw %s parameters ('%s') are not supported by gpyc",
                       i < k->nin ? "reduction" : "output", q->name);
            return false;
        }
        if (q->raw) k->indexed = true;
    }
    if (k->nout == 0 || (k->kind == UK_REDUCTION && k->nout != 1)) {
        diag_error(pout->span, "gpyc supports %s output parameter%s here",
                   k->kind == UK_REDUCTION ? "exactly one" : "at least one",
                   k->kind == UK_REDUCTION ? "" : "s");
        return false;
    }
    k->indexed |= names_ident(k->operation, "i") || names_ident(k->operation, "_ind") ||
                  names_ident(k->loop_prep, "i") || names_ident(k->loop_prep, "_ind");
    return true;
}

/* Binds call's arguments to names[0..n) (positional, then keywords); CuPy's messages. */
static bool bind_named(AstNode *call, const char *fname, const char *const *names, int n, int nreq,
                       AstNode **p)
{
    memset(p, 0, sizeof(AstNode *) * (size_t)n);
    if (call->elts.n > n) {
        diag_error(call->span, "%s() takes at most %d arguments (%d given)", fname, n, call->elts.n);
        return false;
    }
    for (int i = 0; i < call->elts.n; i++) p[i] = call->elts.v[i];
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        int k = -1;
        for (int j = 0; j < n; j++)
            if (!strcmp(names[j], kw->sval)) k = j;
        if (k < 0) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", fname, kw->sval);
            return false;
        }
        if (p[k]) {
            diag_error(kw->span, "%s() got multiple values for argument '%s'", fname, kw->sval);
            return false;
        }
        p[k] = kw->rhs;
    }
    for (int i = 0; i < nreq; i++)
        if (!p[i]) {
            diag_error(call->span, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            return false;
        }
    return true;
}

/* cp.ElementwiseKernel(...) → a TY_KERNEL pseudo value. */
static IrValue *elementwise_kernel(Lower *L, AstNode *call)
{
    AstNode *p[12] = { 0 };
    static const char *const names[] = { "in_params",   "out_params", "operation", "name",
                                         "reduce_dims", "preamble",   "no_return", "return_tuple",
                                         "loop_prep",   "options",    NULL };
    if (call->elts.n > 8) {   /* the last two names are keyword-only */
        diag_error(call->span, "ElementwiseKernel() takes at most 8 positional arguments (%d given)",
                   call->elts.n);
        return NULL;
    }
    if (!bind_named(call, "ElementwiseKernel", names, 10, 3, p)) return NULL;
    UKernel *k = ar_alloc(L->a, sizeof *k);
    memset(k, 0, sizeof *k);
    const char *ins, *outs;
    bool rd, ret_tuple;
    if (!const_str(L, p[0], "in_params", NULL, &ins) || !const_str(L, p[1], "out_params", NULL, &outs) ||
        !const_str(L, p[2], "operation", NULL, &k->operation) ||
        !const_str(L, p[3], "name", "kernel", &k->name) || !lw_bool_arg(L, p[4], true, &rd) ||
        !const_str(L, p[5], "preamble", "", &k->preamble) || !lw_bool_arg(L, p[6], false, &k->no_return) ||
        !lw_bool_arg(L, p[7], false, &ret_tuple) || !const_str(L, p[8], "loop_prep", "", &k->loop_prep))
        return NULL;
    if (p[9] && !lw_expr(L, p[9])) return NULL; /* options: nvcc's flags are gpyc's */
    if (!is_ident(k->name)) {
        diag_error(p[3]->span, "Invalid kernel name: \"%s\"", k->name);
        return NULL;
    }
    if (ret_tuple) {
        diag_error(p[7]->span, "return_tuple=True is not supported by gpyc");
        return NULL;
    }
    if (!kernel_params(L, k, ins, outs, p[0], p[1])) return NULL;
    return lw_pseudo(L, ty_kernel(k));
}

/* ---------------------------------------------------------------- raw kernels */

static int tuple_items(Lower *L, AstNode *e, const char *what, int max, IrValue **out, AstNode **exprs);

/* The CUDA source argument e: a string the compiler knows (lw_fold_str: a constant, a module
 * variable whose last top-level value is one, +, str.format, % and f-strings of those, a call
 * of a function returning one); *sp:
 * where its text starts in the script. */
static bool code_arg(Lower *L, AstNode *e, const char **code, Span *sp)
{
    IrValue *v = lw_expr(L, e);
    const IrInstr *bad;
    if (!v) return false;
    if (!lw_fold_str(L, v, code, sp, &bad)) {
        if (v->type->kind == TY_STR && bad && bad->span.file == e->span.file && bad->span.line != e->span.line)
            diag_error(
                e->span,
                "the code of a raw kernel must be a constant string (gpyc compiles it ahead of time), "
                "got a string computed at run time (line %u); constants, +, str.format, %% and f-strings "
                "of constants fold, also through calls of functions",
                (unsigned)bad->span.line);
        else
            diag_error(
                e->span,
                "the code of a raw kernel must be a constant string (gpyc compiles it ahead of time), got %s",
                v->type->kind == TY_STR ? "a string computed at run time; constants, +, str.format, % and "
                                          "f-strings of constants fold, also through calls of functions"
                                        : ty_str_of(v->type));
        return false;
    }
    return true;
}

/* options=, backend=, ... : evaluated (nvcc's flags are gpyc's); backend must be 'nvrtc' or
 * 'nvcc' as in CuPy. */
static bool raw_options(Lower *L, AstNode *options, AstNode *backend)
{
    if (options && !lw_expr(L, options)) return false;
    const char *b;
    if (!lw_str_arg(L, backend, "nvrtc", &b)) return false;
    if (strcmp(b, "nvrtc") != 0 && strcmp(b, "nvcc") != 0) {
        diag_error(backend->span, "Invalid backend %s", b);
        return false;
    }
    return true;
}

UKernel *lw_new_module(Lower *L, const char *code, Span sp)
{
    UKernel *m = ar_alloc(L->a, sizeof *m);
    memset(m, 0, sizeof *m);
    m->kind = UK_MODULE;
    m->name = "module";
    m->code = code;
    m->code_span = sp;
    m->index = -1;
    return m;
}

UKernel *lw_new_raw(Lower *L, UKernel *module, const char *name)
{
    UKernel *k = ar_alloc(L->a, sizeof *k);
    memset(k, 0, sizeof *k);
    k->kind = UK_RAW;
    k->name = name;
    k->module = module;
    return k;
}

/* cp.RawKernel(code, name, options=(), backend='nvrtc', translate_cucomplex=False,
 * enable_cooperative_groups=False, jitify=False) → a TY_KERNEL pseudo value. */
static IrValue *raw_kernel(Lower *L, AstNode *call)
{
    static const char *const names[] = {
        "code", "name", "options", "backend", "translate_cucomplex", "enable_cooperative_groups", "jitify"
    };
    AstNode *p[7];
    const char *code, *name;
    Span sp;
    bool flag;
    if (!bind_named(call, "RawKernel", names, 7, 2, p) || !code_arg(L, p[0], &code, &sp) ||
        !const_str(L, p[1], "name", NULL, &name) || !raw_options(L, p[2], p[3]))
        return NULL;
    for (int i = 4; i < 7; i++) {
        if (!lw_bool_arg(L, p[i], false, &flag)) return NULL;
        if (flag) {
            diag_error(p[i]->span, "%s=True is not supported by gpyc", names[i]);
            return NULL;
        }
    }
    return lw_pseudo(L, ty_kernel(lw_new_raw(L, lw_new_module(L, code, sp), name)));
}

/* name_expressions=: None, or a tuple or list literal (or tuple value) of strings the compiler
 * knows, into m (codegen/nvrtc.c finds their kernels' symbols). */
static bool name_expressions(Lower *L, AstNode *e, UKernel *m)
{
    if (e->kind == AST_NONE) return true;
    IrValue *v[64];
    AstNode *x[64];
    int n = tuple_items(L, e, "name_expressions", 64, v, x);
    if (n < 0) return false;
    m->nexprs = ar_alloc(L->a, sizeof(char *) * (size_t)(n ? n : 1));
    m->nnexprs = n;
    m->nexprs_span = e->span;
    for (int i = 0; i < n; i++) {
        const IrInstr *bad;
        if (!v[i] && !(v[i] = lw_expr(L, x[i]))) return false;
        if (!lw_fold_str(L, v[i], &m->nexprs[i], NULL, &bad)) {
            diag_error(x[i] ? x[i]->span : e->span,
                       "a name expression must be a string the compiler knows (gpyc instantiates the templates "
                       "ahead of time), got %s",
                       v[i]->type->kind == TY_STR ? "a string computed at run time" : ty_str_of(v[i]->type));
            return false;
        }
    }
    return true;
}

/* cp.RawModule(code=None, path=None, options=(), backend='nvrtc', translate_cucomplex=False,
 * enable_cooperative_groups=False, name_expressions=None, jitify=False). */
static IrValue *raw_module(Lower *L, AstNode *call)
{
    static const char *const names[] = { "code",
                                         "path",
                                         "options",
                                         "backend",
                                         "translate_cucomplex",
                                         "enable_cooperative_groups",
                                         "name_expressions",
                                         "jitify" };
    AstNode *p[8];
    const char *code;
    Span sp;
    bool flag;
    if (!bind_named(call, "RawModule", names, 8, 0, p)) return NULL;
    if (p[1]) {
        diag_error(p[1]->span, "RawModule(path=...) is not supported by gpyc: give the source as code=");
        return NULL;
    }
    if (!p[0]) {
        diag_error(call->span, "One of code and path must be specified");
        return NULL;
    }
    if (!code_arg(L, p[0], &code, &sp) || !raw_options(L, p[2], p[3])) return NULL;
    for (int i = 4; i < 8; i++) {
        if (i == 6) continue;
        if (!lw_bool_arg(L, p[i], false, &flag)) return NULL;
        if (flag) {
            diag_error(p[i]->span, "%s=True is not supported by gpyc", names[i]);
            return NULL;
        }
    }
    UKernel *m = lw_new_module(L, code, sp);
    if (p[6] && !name_expressions(L, p[6], m)) return NULL;
    return lw_pseudo(L, ty_kernel(m));
}

IrValue *lw_ukernel_method(Lower *L, AstNode *call, UKernel *k, const char *name)
{
    if (k->kind == UK_MODULE && !strcmp(name, "get_function")) {
        const char *fn;
        IrValue *a = lw_one_arg(L, call, "get_function");
        if (!a) return NULL;
        const IrInstr *bad;
        if (!lw_fold_str(L, a, &fn, NULL, &bad)) {
            diag_error(call->span,
                       "get_function() takes a constant string (gpyc links kernels ahead of time)");
            return NULL;
        }
        bool named = false;
        for (int i = 0; i < k->nnexprs && !named; i++) named = !strcmp(k->nexprs[i], fn);
        if (!named && strchr(fn, '<')) {
            diag_error(call->span,
                       "get_function('%s'): a templated kernel is found through the RawModule's "
                       "name_expressions, which do not hold it",
                       fn);
            return NULL;
        }
        return lw_pseudo(L, ty_kernel(lw_new_raw(L, k, fn)));
    }
    diag_error(call->lhs->span, "'%s' object has no method '%s' that gpyc supports",
               k->kind == UK_ELEMENTWISE ? "ElementwiseKernel"
               : k->kind == UK_RAW       ? "RawKernel"
                                         : "RawModule",
               name);
    return NULL;
}

/* The elements of a tuple argument e (a literal, or a tuple value), at most max; -1 after an
 * error naming what.  exprs[i]: the literal's element expression, or NULL. */
static int tuple_items(Lower *L, AstNode *e, const char *what, int max, IrValue **out, AstNode **exprs)
{
    if (e->kind == AST_TUPLE || e->kind == AST_LIST) {
        if (e->elts.n > max) {
            diag_error(e->span, "gpyc supports at most %d items in %s", max, what);
            return -1;
        }
        for (int i = 0; i < e->elts.n; i++) {
            exprs[i] = e->elts.v[i];
            out[i] = NULL;
        }
        return e->elts.n;
    }
    IrValue *t = lw_expr(L, e);
    if (!t) return -1;
    if (t->type->kind != TY_TUPLE) {
        diag_error(e->span, "Argument '%s' has incorrect type (expected tuple, got %s)", what,
                   ty_str_of(t->type));
        return -1;
    }
    if (t->type->n > max) {
        diag_error(e->span, "gpyc supports at most %d items in %s", max, what);
        return -1;
    }
    for (int i = 0; i < t->type->n; i++) {
        out[i] = lw_tuple_get(L, t, i, e->span);
        exprs[i] = NULL;
    }
    return t->type->n;
}

/* grid or block: a tuple of 1 to 3 ints, padded with 1 (CuPy: at least 1 each); in a jit
 * kernel's kernel[grid, block] (one) an int too. */
static bool launch_dims(Lower *L, AstNode *e, const char *what, IrValue **dims, bool one)
{
    IrValue *v[3];
    AstNode *x[3] = { e };
    int n = one && e->kind != AST_TUPLE ? 1 : tuple_items(L, e, what, 3, v, x);
    if (n < 0) return false;
    for (int i = 0; i < 3; i++) {
        int64_t c;
        IrValue *d = i >= n ? lw_cint(L, e->span, 1)
                     : x[i] ? lw_int_arg(L, x[i])
                            : lw_as_index(L, v[i], e->span);
        if (!d) {
            if (i < n && !x[i]) diag_error(e->span, "%s must hold ints", what);
            return false;
        }
        dims[i] = lw_is_const_int(d, &c) && c >= 1 ? d : lw_imax(L, e->span, d, lw_cint(L, e->span, 1));
    }
    return true;
}

/* Is callee f a name or a module's attribute (cp.int32), not a method of a value (x.view)? */
static bool callee_is_plain(Lower *L, AstNode *f)
{
    if (f->kind == AST_NAME) return true;
    if (f->kind != AST_ATTR || f->lhs->kind != AST_NAME) return false;
    Binding *b = lw_lookup(L, f->lhs->sval);
    return b && b->kind == BIND_CONST && b->value && b->value->type->kind == TY_MODULE;
}

/* One kernel argument: an array (its device pointer), a NumPy scalar type called on a number
 * (cp.int32(n): passed by value as that dtype), or a Python bool, int, float or complex
 * (CuPy's CScalar: bool, int64, float64, complex128). */
static IrValue *raw_arg(Lower *L, AstNode *x, IrValue *v, DType *how)
{
    if (x && x->kind == AST_CALL && x->elts.n == 1 && !x->params.n && callee_is_plain(L, x->lhs)) {
        IrValue *f = lw_expr(L, x->lhs);
        if (!f) return NULL;
        if (f->type->kind == TY_DTYPE) {
            IrValue *a = lw_expr(L, x->elts.v[0]);
            if (!a) return NULL;
            if (ty_is_scalar(a->type) && a->type->kind != TY_COMPLEX) {
                *how = f->type->dtype;
                return a;
            }
        }
    }
    if (!v && !(v = lw_expr(L, x))) return NULL;
    switch (v->type->kind) {
    case TY_ARRAY: case TY_SVIEW: *how = DT_COUNT; return v; /* a structured view: its bytes */
    case TY_BOOL: *how = DT_BOOL; return v;
    case TY_INT: *how = DT_INT64; return v;
    case TY_FLOAT: *how = DT_FLOAT64; return v;
    case TY_COMPLEX: *how = DT_COMPLEX128; return v;
    case TY_NONE: *how = DT_INT64; return lw_cint(L, x ? x->span : (Span){ 0 }, 0); /* a null pointer */
    default: break;
    }
    diag_error(x ? x->span : (Span){ 0 }, "a kernel argument must be an array or a scalar, got %s",
               ty_str_of(v->type));
    return NULL;
}

/* The module's place in IrModule.raws and the kernel's among its launched names. */
static void note_launched(Lower *L, UKernel *k)
{
    UKernel *m = k->module;
    if (m->index < 0) {
        m->index = L->m->raws.n;
        vec_push(&L->m->raws, m);
    }
    for (int i = 0; i < m->fnames.n; i++)
        if (!strcmp(VEC_AT(m->fnames, i), k->name)) return;
    vec_push(&m->fnames, (void *)k->name);
}

/* kernel(grid, block, args, shared_mem=0, stream=None, enable_cooperative_groups=False), or a
 * @jit.rawkernel()'s kernel[grid, block](args...) (call->lhs the subscript).  A jit kernel
 * passes a 0-d array by value (CuPy's NumPy scalar) and launches its instance for the
 * arguments' types (lw_jit_instance). */
static IrValue *raw_call(Lower *L, AstNode *call, UKernel *k)
{
    static const char *const names[] = { "grid",       "block",  "args",
                                         "shared_mem", "stream", "enable_cooperative_groups" };
    AstNode *p[6] = { 0 };
    IrValue *a[7 + 64];
    AstNode *x[64];
    IrValue *v[64];
    bool coop = false;
    int n = 0;
    if (call->lhs->kind == AST_SUBSCRIPT) {
        AstNode *cfg = call->lhs->rhs;
        if (k->kind != UK_JIT || cfg->kind != AST_TUPLE || (cfg->elts.n != 2 && cfg->elts.n != 3)) {
            diag_error(cfg->span,
                       "a kernel is configured as kernel[grid, block] or kernel[grid, block, shared_mem]");
            return NULL;
        }
        if (call->params.n) {
            diag_error(call->span, "kernel[grid, block](...) takes the kernel's arguments, positional only");
            return NULL;
        }
        p[0] = cfg->elts.v[0];
        p[1] = cfg->elts.v[1];
        p[3] = cfg->elts.n == 3 ? cfg->elts.v[2] : NULL;
        n = call->elts.n;
        if (n > 64) n = -1, diag_error(call->span, "gpyc supports at most 64 kernel arguments");
        for (int i = 0; i < n; i++) {
            x[i] = call->elts.v[i];
            v[i] = NULL;
        }
    } else if (!bind_named(call, "__call__", names, 6, 3, p)) {
        return NULL;
    }
    bool one = call->lhs->kind == AST_SUBSCRIPT;
    if (!launch_dims(L, p[0], "grid", a, one) || !launch_dims(L, p[1], "block", a + 3, one)) return NULL;
    if (!(a[6] = lw_int_arg_or(L, p[3], call->span, 0))) return NULL;
    if (p[4] && !lw_expr(L, p[4])) return NULL;
    if (!lw_bool_arg(L, p[5], false, &coop)) return NULL;
    if (coop) {
        diag_error(p[5]->span, "enable_cooperative_groups=True is not supported by gpyc");
        return NULL;
    }
    if (call->lhs->kind != AST_SUBSCRIPT) n = tuple_items(L, p[2], "args", 64, v, x);
    if (n < 0) return NULL;
    UkCall *c = ar_alloc(L->a, sizeof *c);
    memset(c, 0, sizeof *c);
    c->types = ar_alloc(L->a, sizeof(DType) * (n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (!(a[7 + i] = raw_arg(L, x[i], v[i], &c->types[i]))) return NULL;
        IrValue *ai = a[7 + i];
        if (k->kind == UK_JIT && c->types[i] == DT_COUNT && ai->type->kind == TY_ARRAY && ai->type->ndim == 0) {
            DType d = ai->type->dtype;
            TypeKind tk = d == DT_BOOL ? TY_BOOL : dt_is_int(d) ? TY_INT : TY_FLOAT;
            if (dt_is_complex(d)) tk = TY_COMPLEX;
            a[7 + i] = lw_to_scalar(L, ai, tk, x[i]->span);
            c->types[i] = d;
        }
    }
    if (k->kind == UK_JIT && !(k = lw_jit_instance(L, k, call->span, c->types, a + 7, n))) return NULL;
    c->k = k;
    note_launched(L, k);
    IrInstr *in = ir_emit(L->m, L->blk, IR_RAW_LAUNCH, call->span, NULL, 7 + n, a);
    in->uk = c;
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- reduction kernels */

/* cp.ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
 * name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='', options=()). */
static IrValue *reduction_kernel(Lower *L, AstNode *call)
{
    static const char *const names[] = { "in_params",     "out_params", "map_expr", "reduce_expr",
                                         "post_map_expr", "identity",   "name",     "reduce_type",
                                         "reduce_dims",   "preamble",   "options" };
    AstNode *p[11];
    if (!bind_named(call, "ReductionKernel", names, 11, 6, p)) return NULL;
    UKernel *k = ar_alloc(L->a, sizeof *k);
    memset(k, 0, sizeof *k);
    k->kind = UK_REDUCTION;
    k->loop_prep = "";
    const char *ins, *outs;
    bool rd;
    if (!const_str(L, p[0], "in_params", NULL, &ins) || !const_str(L, p[1], "out_params", NULL, &outs) ||
        !const_str(L, p[2], "map_expr", NULL, &k->operation) ||
        !const_str(L, p[3], "reduce_expr", NULL, &k->reduce_expr) ||
        !const_str(L, p[4], "post_map_expr", NULL, &k->post_map) ||
        !const_str(L, p[6], "name", "reduce_kernel", &k->name) ||
        !const_str(L, p[7], "reduce_type", NULL, &k->reduce_type) || !lw_bool_arg(L, p[8], true, &rd) ||
        !const_str(L, p[9], "preamble", "", &k->preamble))
        return NULL;
    if (p[10] && !lw_expr(L, p[10])) return NULL;
    IrValue *id = lw_expr(L, p[5]); /* CuPy: str(identity) */
    if (!id) return NULL;
    int64_t iv;
    if (id->def && id->def->op == IR_CONST_STR)
        k->identity = id->def->sval;
    else if (id->def && id->def->op == IR_CONST_FLOAT)
        k->identity = ar_printf(L->a, "%.17g", id->def->fval);
    else if (lw_is_const_int(id, &iv))
        k->identity = ar_printf(L->a, "%lld", (long long)iv);
    if (!k->identity || !*k->identity) {
        diag_error(p[5]->span,
                   "the identity of a ReductionKernel must be a constant number or string (gpyc needs one)");
        return NULL;
    }
    if (!is_ident(k->name)) {
        diag_error(p[6]->span, "Invalid kernel name: \"%s\"", k->name);
        return NULL;
    }
    DType d;
    if (k->reduce_type && strlen(k->reduce_type) != 1 && !lw_dtype_name(k->reduce_type, &d)) {
        diag_error(p[7]->span, "data type '%s' not understood", k->reduce_type);
        return NULL;
    }
    if (!kernel_params(L, k, ins, outs, p[0], p[1])) return NULL;
    if (!k->reduce_type) k->reduce_type = k->params[k->nin].tname;
    return lw_pseudo(L, ty_kernel(k));
}

/* An elementwise stage of the reduction call c: the map (k's inputs → `_gp_m`, of type rdt)
 * or, post, post_map_expr (`a` of type rdt → k's output); its UkCall. */
static UkCall *stage_call(Lower *L, const UkCall *c, bool post, DType rdt)
{
    const UKernel *k = c->k;
    UKernel *s = ar_alloc(L->a, sizeof *s);
    memset(s, 0, sizeof *s);
    s->kind = UK_ELEMENTWISE;
    s->name = k->name;
    s->preamble = k->preamble;
    s->loop_prep = "";
    s->nin = post ? 1 : k->nin;
    s->nout = 1;
    s->params = ar_alloc(L->a, sizeof(UkParam) * (size_t)(s->nin + 1));
    UkCall *sc = ar_alloc(L->a, sizeof *sc);
    *sc = *c;
    sc->k = s;
    sc->types = ar_alloc(L->a, sizeof(DType) * (size_t)(s->nin + 1));
    sc->outs_given = false;
    sc->sized = false;
    if (post) {
        s->params[0] = (UkParam){ .name = "a", .tname = dt_name(rdt), .typed = true, .dtype = rdt };
        s->params[1] = k->params[k->nin];
        sc->types[0] = rdt;
        sc->types[1] = c->types[k->nin];
        s->operation = k->post_map;
    } else {
        for (int j = 0; j < k->nin; j++) {
            s->params[j] = k->params[j];
            sc->types[j] = c->types[j];
        }
        s->params[k->nin] = (UkParam){ .name = "_gp_m", .tname = dt_name(rdt), .typed = true, .dtype = rdt };
        sc->types[k->nin] = rdt;
        s->operation = ar_printf(L->a, "_gp_m = gp_cast<%s>(%s);", dt_ctype(rdt), k->operation);
    }
    s->indexed = names_ident(s->operation, "i") || names_ident(s->operation, "_ind");
    return sc;
}

/* Is post_map_expr `out = a` (the reduced value is the output)? */
static bool post_is_copy(const UKernel *k)
{
    char buf[128], want[128];
    int n = 0;
    for (const char *q = k->post_map; *q && n < 120; q++)
        if (!isspace((unsigned char)*q) && *q != ';') buf[n++] = *q;
    buf[n] = 0;
    snprintf(want, sizeof want, "%s=a", k->params[k->nin].name);
    return !strcmp(buf, want);
}

/* ---------------------------------------------------------------- cp.fuse */

/* cp.fuse(f) → f itself: gpyc compiles every function's elementwise operations into fused
 * kernels already (f is called as any user function, with arrays or scalars).  cp.fuse() and
 * cp.fuse(kernel_name='...') → the decorator that does the same, cp.fuse itself
 * (cp.fuse()(f) is cp.fuse(f)). */
static IrValue *fuse(Lower *L, AstNode *call)
{
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        const char *kn;
        if (strcmp(kw->sval, "kernel_name") != 0) {
            diag_error(kw->span, "fuse() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
        if (!lw_str_arg(L, kw->rhs, NULL, &kn)) return NULL;
    }
    if (call->elts.n == 0) return lw_pseudo(L, ty_builtin("cupy.fuse", NULL));
    IrValue *f = call->elts.n == 1 ? lw_expr(L, call->elts.v[0]) : NULL;
    if (call->elts.n == 1 && !f) return NULL;
    if (!f || f->type->kind != TY_FUNC || call->params.n) {
        diag_error(call->span,
                   "cupy.fuse takes one function (cp.fuse(f), or cp.fuse(kernel_name=...) as a decorator)");
        return NULL;
    }
    return f;
}

/* cp.vectorize(f): f itself, as cp.fuse(f) (CuPy compiles f to one elementwise kernel): a
 * call with arrays runs f's body on them, whose elementwise operations fuse into one kernel
 * (a body that branches on an element is lw_truth's error there). */
static IrValue *vectorize(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "vectorize", "pyfunc,otypes,doc,excluded,cache,signature", 1, &a)) return NULL;
    static const char *const rest[] = { "otypes", "doc", "excluded", "cache", "signature" };
    for (int i = 1; i < 6; i++)
        if (!lw_no_arg(a.p[i], rest[i - 1])) return NULL;
    IrValue *f = lw_expr(L, a.p[0]);
    if (!f) return NULL;
    if (f->type->kind != TY_FUNC) {
        diag_error(a.p[0]->span, "cupy.vectorize takes a function defined with def here (got %s)",
                   ty_str_of(f->type));
        return NULL;
    }
    return f;
}

LW_API_PLAIN(fuse)
LW_API_PLAIN(vectorize)
LW_API_PLAIN(reduction_kernel)
LW_API_PLAIN(elementwise_kernel)
LW_API_PLAIN(raw_kernel)
LW_API_PLAIN(raw_module)

const ApiFn lw_kernel_api[] = {
    { "cupy", "ElementwiseKernel", elementwise_kernel_api, 0 },
    { "cupy", "RawKernel", raw_kernel_api, 0 },
    { "cupy", "RawModule", raw_module_api, 0 },
    { "cupy", "ReductionKernel", reduction_kernel_api, 0 },
    { "cupy", "fuse", fuse_api, 0 },
    { "cupy", "vectorize", vectorize_api, 0 },
    { 0 },
};

/* ---------------------------------------------------------------- calls */

/* A call's state while its placeholders are resolved. */
typedef struct UkBind {
    const UKernel *k;
    int ntmap;
    const char *tn[16];
    DType td[16];
} UkBind;

static int tmap_find(const UkBind *b, const char *t)
{
    for (int i = 0; i < b->ntmap; i++)
        if (!strcmp(b->tn[i], t)) return i;
    return -1;
}

/* Argument v (an array's dtype) for parameter q: a typed parameter must match it; a
 * placeholder takes it, or must match what it took (CuPy's messages). */
static bool bind_type(UkBind *b, const UkParam *q, DType d, Span sp)
{
    if (q->typed) {
        if (q->dtype == d) return true;
        diag_error(sp, "Type is mismatched. %s %s %s", q->name, dt_name(d), dt_name(q->dtype));
        return false;
    }
    int t = tmap_find(b, q->tname);
    if (t >= 0) {
        if (b->td[t] == d) return true;
        diag_error(sp, "Type is mismatched. %s %s %s %s", q->name, dt_name(d), dt_name(b->td[t]), q->tname);
        return false;
    }
    if (dt_is_complex(d)) {
        diag_error(sp, "complex arguments of user kernels are not supported by gpyc ('%s')", q->name);
        return false;
    }
    if (b->ntmap == 16) {
        diag_error(sp, "gpyc supports at most 16 type placeholders in one kernel");
        return false;
    }
    b->tn[b->ntmap] = q->tname;
    b->td[b->ntmap++] = d;
    return true;
}

static int cmp_tname(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The call's UkCall: every parameter's dtype, the placeholder map sorted by name. */
static UkCall *make_call(Lower *L, UkBind *b, Span sp)
{
    const UKernel *k = b->k;
    UkCall *c = ar_alloc(L->a, sizeof *c);
    memset(c, 0, sizeof *c);
    c->k = k;
    c->types = ar_alloc(L->a, sizeof(DType) * (k->nin + k->nout));
    for (int i = 0; i < k->nin + k->nout; i++) {
        const UkParam *q = &k->params[i];
        if (q->typed) {
            c->types[i] = q->dtype;
            continue;
        }
        int t = tmap_find(b, q->tname);
        if (t < 0) {
            diag_error(sp,
                       "'%s': no array argument gives the type of '%s %s' (CuPy decides it from arrays only)",
                       q->tname, q->tname, q->name);
            return NULL;
        }
        c->types[i] = b->td[t];
    }
    const char *names[16];
    for (int i = 0; i < b->ntmap; i++) names[i] = b->tn[i];
    qsort(names, b->ntmap, sizeof names[0], cmp_tname);
    c->ntmap = b->ntmap;
    c->tnames = ar_alloc(L->a, sizeof(char *) * (b->ntmap ? b->ntmap : 1));
    c->tdtypes = ar_alloc(L->a, sizeof(DType) * (b->ntmap ? b->ntmap : 1));
    for (int i = 0; i < b->ntmap; i++) {
        c->tnames[i] = names[i];
        c->tdtypes[i] = b->td[tmap_find(b, names[i])];
    }
    return c;
}

/* Keyword arguments of a call: size= (a run-time int, or NULL), block_size= (checked, then
 * ignored: gpyc picks the block size). */
static bool call_keywords(Lower *L, AstNode *call, IrValue **size)
{
    *size = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "size")) {
            if (!(*size = lw_int_arg(L, kw->rhs))) return false;
        } else if (!strcmp(kw->sval, "block_size")) {
            IrValue *bs = lw_int_arg(L, kw->rhs);
            int64_t c;
            if (!bs) return false;
            if (lw_is_const_int(bs, &c) && c <= 0) {
                diag_error(kw->rhs->span, "block_size must be greater than zero");
                return false;
            }
        } else if (strcmp(kw->sval, "stream") != 0) {
            diag_error(kw->span, "Wrong arguments {'%s': %.*s}", kw->sval,
                       (int)(kw->rhs->span.end - kw->rhs->span.start),
                       kw->rhs->span.file->text + kw->rhs->span.start);
            return false;
        }
    }
    return true;
}

/* The n arguments of a call of k (into args) typed as CuPy's _decide_params_type does (given
 * outputs, then inputs) into *c, after CuPy's checks of the loop size (sized: size= given);
 * *ndim: the broadcast rank of the non-raw arrays (at least *ndim on entry), *any_ew: there is
 * one. */
static bool bind_args(Lower *L, AstNode *call, UKernel *k, IrValue **args, int n, bool sized, UkCall **c,
                      int *ndim, bool *any_ew)
{
    for (int i = 0; i < n; i++)
        if (!(args[i] = lw_expr(L, call->elts.v[i]))) return false;
    UkBind b = { .k = k };
    *any_ew = false;
    for (int pass = 0; pass < 2; pass++) {
        int lo = pass == 0 ? k->nin : 0, hi = pass == 0 ? n : k->nin;
        for (int i = lo; i < hi; i++) {
            const UkParam *q = &k->params[i];
            Span sp = ((AstNode *)call->elts.v[i])->span;
            const Type *t = args[i]->type;
            if (t->kind != TY_ARRAY) {
                if (i >= k->nin) {
                    diag_error(sp, "Output arguments must be cupy.ndarray");
                    return false;
                }
                if (q->raw || !(t->kind == TY_BOOL || t->kind == TY_INT || t->kind == TY_FLOAT)) {
                    diag_error(sp, "'%s' of kernel '%s' takes %s, got %s", q->name, k->name,
                               q->raw ? "an array (a raw parameter)"
                                      : "an array or a Python bool, int or float",
                               ty_str_of(t));
                    return false;
                }
                continue;
            }
            if (!bind_type(&b, q, t->dtype, sp)) return false;
            if (!q->raw) {
                *any_ew = true;
                if (t->ndim > *ndim) *ndim = t->ndim;
            }
        }
    }
    /* CuPy's _broadcast decides the loop size before the types */
    if (sized && *any_ew) {
        diag_error(call->span, "Specified 'size' can be used only if all of the ndarray are 'raw'.");
        return false;
    }
    if (!sized && !*any_ew) {
        diag_error(call->span, "Loop size is undecided.");
        return false;
    }
    if (k->kind == UK_REDUCTION && strlen(k->reduce_type) == 1 && tmap_find(&b, k->reduce_type) < 0) {
        diag_error(call->span, "'%s': no array argument gives the reduce_type '%s'", k->reduce_type,
                   k->reduce_type);
        return false;
    }
    *c = make_call(L, &b, call->span);
    return *c != NULL;
}

/* k(in..., [out], out=, axis=, keepdims=) of a ReductionKernel: the map (an elementwise user
 * op giving reduce_type), an IR_REDUCE of RED_USER on the built-in reduction skeleton (the map
 * fuses into it as its prologue), then post_map_expr as an elementwise op (none when it is
 * `out = a` with the output of reduce_type). */
static IrValue *reduction_call(Lower *L, AstNode *call, UKernel *k)
{
    int n = call->elts.n;
    if (n != k->nin && n != k->nin + 1) {
        diag_error(call->span, "Wrong number of arguments for %s", k->name);
        return NULL;
    }
    AstNode *outk = NULL, *axis = NULL, *keep = NULL;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        if (!strcmp(kw->sval, "out"))
            outk = kw->rhs;
        else if (!strcmp(kw->sval, "axis"))
            axis = kw->rhs;
        else if (!strcmp(kw->sval, "keepdims"))
            keep = kw->rhs;
        else if (strcmp(kw->sval, "stream") != 0) {
            diag_error(kw->span, "Wrong arguments {'%s': %.*s}", kw->sval,
                       (int)(kw->rhs->span.end - kw->rhs->span.start),
                       kw->rhs->span.file->text + kw->rhs->span.start);
            return NULL;
        }
    }
    if (outk && n > k->nin) {
        diag_error(outk->span, "cannot specify 'out' as both a positional and keyword argument");
        return NULL;
    }
    if (n + 1 > 64) {
        diag_error(call->span, "gpyc supports at most 63 arguments in a user kernel call");
        return NULL;
    }
    IrValue *args[64];
    UkCall *c;
    int ndim = 0;
    bool any_ew;
    if (!bind_args(L, call, k, args, n, false, &c, &ndim, &any_ew)) return NULL;
    IrValue *given = n > k->nin ? args[k->nin] : NULL;
    if (outk && !(given = lw_array_arg(L, outk, k->name))) return NULL;
    if (given && given->type->dtype != c->types[k->nin]) {
        diag_error(outk ? outk->span : ((AstNode *)call->elts.v[k->nin])->span,
                   "Type is mismatched. %s %s %s", k->params[k->nin].name, dt_name(given->type->dtype),
                   dt_name(c->types[k->nin]));
        return NULL;
    }
    DType rdt = DT_FLOAT64;
    if (strlen(k->reduce_type) == 1) {
        for (int t = 0; t < c->ntmap; t++)
            if (!strcmp(c->tnames[t], k->reduce_type)) rdt = c->tdtypes[t];
    } else {
        lw_dtype_name(k->reduce_type, &rdt);
    }
    int axes[IR_MAXDIM], naxes;
    bool all, keepdims;
    if (!lw_axis_arg(L, axis, ndim, axes, &naxes, &all) || !lw_bool_arg(L, keep, false, &keepdims))
        return NULL;
    if (all) {
        naxes = ndim;
        for (int i = 0; i < ndim; i++) axes[i] = i;
    }
    IrValue *mapped = lw_emit(L, IR_UKERNEL, call->span, ty_array(rdt, ndim), k->nin, args);
    mapped->def->uk = stage_call(L, c, false, rdt);
    mapped->def->dtype = rdt;
    IrValue *red = lw_reduce_axes(L, call->span, RED_USER, mapped, naxes, axes, keepdims, rdt);
    red->def->uk = c;
    IrValue *res = red;
    DType odt = c->types[k->nin];
    if (!post_is_copy(k) || odt != rdt) {
        res = lw_emit(L, IR_UKERNEL, call->span, ty_array(odt, red->type->ndim), 1, &red);
        res->def->uk = stage_call(L, c, true, rdt);
        res->def->dtype = odt;
    }
    if (!given) return res;
    lw_store_into(L, call->span, given, res);
    return given;
}

IrValue *lw_ukernel_call(Lower *L, AstNode *call, UKernel *k)
{
    if (k->kind == UK_RAW || k->kind == UK_JIT) return raw_call(L, call, k);
    if (k->kind == UK_REDUCTION) return reduction_call(L, call, k);
    if (k->kind == UK_MODULE) {
        diag_error(call->lhs->span,
                   "'RawModule' object is not callable (get_function(name) gives its kernels)");
        return NULL;
    }
    int n = call->elts.n, nargs = k->nin + k->nout;
    if (n != k->nin && n != nargs) {
        diag_error(
            call->span,
            "Wrong number of arguments for '%s'. It must be either %d or %d (with outputs), but given %d.",
            k->name, k->nin, nargs, n);
        return NULL;
    }
    IrValue *size;
    if (!call_keywords(L, call, &size)) return NULL;
    if (n + 1 > 64) {
        diag_error(call->span, "gpyc supports at most 63 arguments in a user kernel call");
        return NULL;
    }
    IrValue *args[64];
    UkCall *c;
    int ndim = size ? 1 : 0;
    bool any_ew;
    if (!bind_args(L, call, k, args, n, size != NULL, &c, &ndim, &any_ew)) return NULL;
    c->outs_given = n == nargs;
    int na = n;
    if (size) {
        c->sized = true;
        IrValue *z = lw_scalar_array(L, call->span, lw_const_bool(L, call->span, false));
        args[na++] = lw_broadcast_to(L, call->span, z, 1, &size);
    }
    IrValue *res[32];
    if (k->nout > 32) {
        diag_error(call->span, "gpyc supports at most 32 outputs in a user kernel");
        return NULL;
    }
    for (int o = 0; o < k->nout; o++) {
        res[o] = lw_emit(L, IR_UKERNEL, call->span, ty_array(c->types[k->nin + o], ndim), na, args);
        res[o]->def->uk = c;
        res[o]->def->ival = o;
        res[o]->def->dtype = c->types[k->nin + o];
    }
    if (c->outs_given) {
        for (int o = 0; o < k->nout; o++) {
            lw_store_into(L, call->span, args[k->nin + o], res[o]);
            res[o] = args[k->nin + o];
        }
    }
    if (k->no_return) return lw_pseudo(L, ty_none());
    if (k->nout == 1) return res[0];
    return lw_tuple(L, call->span, k->nout, res);
}
