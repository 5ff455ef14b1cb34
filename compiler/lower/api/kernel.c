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

/* The constant string argument e, or dflt when absent; false after an error that says which
 * argument must be constant (CuPy compiles its strings at run time; gpyc at compile time). */
static bool const_str(Lower *L, AstNode *e, const char *what, const char *dflt, const char **out)
{
    *out = dflt;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind != TY_STR || !v->def || v->def->op != IR_CONST_STR) {
        diag_error(
            e->span,
            "the %s of a user kernel must be a constant string (gpyc compiles it ahead of time), got %s",
            what, v->type->kind == TY_STR ? "a string computed at run time" : ty_str_of(v->type));
        return false;
    }
    *out = v->def->sval;
    return true;
}

/* cp.ElementwiseKernel(...) → a TY_KERNEL pseudo value. */
static IrValue *elementwise_kernel(Lower *L, AstNode *call)
{
    AstNode *p[12] = { 0 };
    static const char *const names[] = { "in_params",   "out_params", "operation", "name",
                                         "reduce_dims", "preamble",   "no_return", "return_tuple",
                                         "loop_prep",   "options",    NULL };
    int np = 10;
    if (call->elts.n > 8) {
        diag_error(call->span, "ElementwiseKernel() takes at most 8 positional arguments (%d given)",
                   call->elts.n);
        return NULL;
    }
    for (int i = 0; i < call->elts.n; i++) p[i] = call->elts.v[i];
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        int k = -1;
        for (int j = 0; j < np; j++)
            if (!strcmp(names[j], kw->sval)) k = j;
        if (k < 0) {
            diag_error(kw->span, "ElementwiseKernel() got an unexpected keyword argument '%s'", kw->sval);
            return NULL;
        }
        if (p[k]) {
            diag_error(kw->span, "ElementwiseKernel() got multiple values for argument '%s'", kw->sval);
            return NULL;
        }
        p[k] = kw->rhs;
    }
    for (int i = 0; i < 3; i++)
        if (!p[i]) {
            diag_error(call->span, "ElementwiseKernel() missing required argument '%s' (pos %d)", names[i],
                       i + 1);
            return NULL;
        }
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
    Vec ps = { 0 };
    bool ok = parse_params(L, ins, p[0]->span, &ps);
    k->nin = ps.n;
    ok = ok && parse_params(L, outs, p[1]->span, &ps);
    k->nout = ps.n - k->nin;
    k->params = ar_alloc(L->a, sizeof(UkParam) * (ps.n ? ps.n : 1));
    for (int i = 0; i < ps.n; i++) k->params[i] = *(UkParam *)VEC_AT(ps, i);
    vec_free(&ps);
    if (!ok) return NULL;
    for (int i = 0; i < k->nin + k->nout; i++) {
        const UkParam *q = &k->params[i];
        if (!strcmp(q->name, "i")) {
            diag_error(p[i < k->nin ? 0 : 1]->span, "Can not use 'i' as a parameter name");
            return NULL;
        }
        if (q->raw && i >= k->nin) {
            diag_error(p[1]->span, "raw output parameters ('%s') are not supported by gpyc", q->name);
            return NULL;
        }
        if (q->raw) k->indexed = true;
    }
    if (k->nout == 0) {
        diag_error(p[1]->span, "a user kernel without output parameters is not supported by gpyc");
        return NULL;
    }
    k->indexed |= names_ident(k->operation, "i") || names_ident(k->operation, "_ind") ||
                  names_ident(k->loop_prep, "i") || names_ident(k->loop_prep, "_ind");
    return lw_pseudo(L, ty_kernel(k));
}

LW_API_PLAIN(elementwise_kernel)

const ApiFn lw_kernel_api[] = {
    { "cupy", "ElementwiseKernel", elementwise_kernel_api, 0 },
    { NULL },
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

IrValue *lw_ukernel_call(Lower *L, AstNode *call, const UKernel *k)
{
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
    IrValue *args[64];
    if (n + 1 > 64) {
        diag_error(call->span, "gpyc supports at most 63 arguments in a user kernel call");
        return NULL;
    }
    for (int i = 0; i < n; i++)
        if (!(args[i] = lw_expr(L, call->elts.v[i]))) return NULL;
    /* CuPy's _decide_params_type: outputs, then inputs */
    UkBind b = { .k = k };
    bool any_ew = false;
    int ndim = size ? 1 : 0;
    for (int pass = 0; pass < 2; pass++) {
        int lo = pass == 0 ? k->nin : 0, hi = pass == 0 ? n : k->nin;
        for (int i = lo; i < hi; i++) {
            const UkParam *q = &k->params[i];
            Span sp = ((AstNode *)call->elts.v[i])->span;
            const Type *t = args[i]->type;
            if (t->kind != TY_ARRAY) {
                if (i >= k->nin) {
                    diag_error(sp, "Output arguments must be cupy.ndarray");
                    return NULL;
                }
                if (q->raw || !(t->kind == TY_BOOL || t->kind == TY_INT || t->kind == TY_FLOAT)) {
                    diag_error(sp, "'%s' of kernel '%s' takes %s, got %s", q->name, k->name,
                               q->raw ? "an array (a raw parameter)"
                                      : "an array or a Python bool, int or float",
                               ty_str_of(t));
                    return NULL;
                }
                continue;
            }
            if (!bind_type(&b, q, t->dtype, sp)) return NULL;
            if (!q->raw) {
                any_ew = true;
                if (t->ndim > ndim) ndim = t->ndim;
            }
        }
    }
    if (size && any_ew) {
        diag_error(call->span, "Specified 'size' can be used only if all of the ndarray are 'raw'.");
        return NULL;
    }
    if (!size && !any_ew) {
        diag_error(call->span, "Loop size is undecided.");
        return NULL;
    }
    UkCall *c = make_call(L, &b, call->span);
    if (!c) return NULL;
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
