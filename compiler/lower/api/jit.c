/*
 * lower/api/jit.c — @cupyx.jit.rawkernel(): a kernel written in Python, translated to CUDA by
 * gpyc itself at compile time.
 *
 * The decorated def is a UK_JIT kernel value.  Each launch (kernel((grid,), (block,), (args)) or
 * kernel[grid, block](args), lowered by kernel.c's raw_call) types its arguments: an array is
 * CuPy's CArray, a gpjit_arr<T, ndim> by value (pointer, shape, byte strides: codegen's
 * emit_raw_launch fills it from the gp_array), indexed x[i, j, ...] with one integer per
 * dimension; a scalar (a NumPy scalar type, a 0-d array, a Python number) is passed by value.
 * The body is translated once per signature into an extern "C" __global__ function of a module
 * of its own (a UK_RAW of a UK_MODULE, as a cp.RawKernel), launched by the RawKernel path.
 *
 * The subset (CuPy's cupyx.jit): jit.threadIdx/blockIdx/blockDim/gridDim .x/.y/.z (uint32),
 * jit.warpsize, jit.laneid(), jit.grid(n), jit.gridsize(n) (n 2 or 3 unpacked: i, j = jit.grid(2)), jit.syncthreads(),
 * jit.syncwarp(mask), the shfl_*_sync family, jit.shared_memory(dtype, size) assigned to a name
 * (a plain pointer, indexed s[i]), x.shape[k] and x.size of an array parameter, jit.atomic_*
 * (add sub exch min max inc dec cas and or xor) on array[index], `range` loops with
 * 1 to 3 arguments, if/elif/else, while, break, continue, return, local scalars (typed by their
 * first assignment, as CuPy does; later assignments convert), NumPy scalar types as casts
 * (cupy.float32(x)), the math functions of math/cupy, abs/min/max, and arithmetic with NumPy's
 * promotion (a Python literal is weak, `/` of integers is float64, `//` and `%` floor as Python).
 * Anything else is a located compile-time error.
 *
 * Invariants:
 *   - every local is declared once, at the top of the kernel, with its first assignment's type
 *     (Python's function scope), so a name assigned inside a block is visible after it;
 *   - each operand of an arithmetic operation is converted to the operation's NumPy result type
 *     before C++ applies its own conversions.
 */
#include "compiler/lower/lower.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- the translation's state */

typedef struct JVal {
    DType dt;
    bool arr; /* an array: a parameter (a view, nd > 0) or shared memory (a pointer, nd 0) */
    bool lit; /* a Python literal: weak in promotion */
    int nd; /* an array parameter's dimensions (gpjit_arr<T, nd>) */
} JVal;

typedef struct JVar {
    const char *name;
    JVal t;
} JVar;

typedef struct Jit {
    Lower *L;
    StrBuf decl, body;
    Vec vars; /* JVar*: parameters first */
    int ntmp;
    bool ok;
} Jit;

static const char *const WHAT = "in a @cupyx.jit.rawkernel function";

/* ---------------------------------------------------------------- cupyx.jit's names */

/* What the translation makes of jit.NAME. */
typedef enum JKind {
    JK_INDEX,       /* NAME.x/.y/.z: a CUDA built-in index (uint32) */
    JK_WARPSIZE,    /* warpSize (int32) */
    JK_LANEID,      /* laneid(): the thread's lane */
    JK_GRID,        /* grid(n), gridsize(n): the absolute index / the grid's size, per axis */
    JK_SYNCTHREADS, /* syncthreads() */
    JK_SYNCWARP,    /* syncwarp(mask=all) */
    JK_SHFL,        /* the shuffles: (mask, value, lane or delta[, width]) */
    JK_SHARED,      /* shared_memory(dtype, size), assigned to a name */
    JK_ATOMIC,      /* atomic_OP(array, index, value[, value]) */
} JKind;

/* One row per cupyx.jit name a kernel body may use, with its CUDA spelling: the one list the
 * translation dispatches on and `gpyc --list-api` prints (lw_jit_each). */
typedef struct JName {
    const char *name;
    JKind kind;
    const char *c;
} JName;
static const JName jnames[] = {
    { "threadIdx", JK_INDEX, "threadIdx" },
    { "blockIdx", JK_INDEX, "blockIdx" },
    { "blockDim", JK_INDEX, "blockDim" },
    { "gridDim", JK_INDEX, "gridDim" },
    { "warpsize", JK_WARPSIZE, "warpSize" },
    { "laneid", JK_LANEID, NULL },
    { "grid", JK_GRID, NULL },
    { "gridsize", JK_GRID, NULL },
    { "syncthreads", JK_SYNCTHREADS, "__syncthreads" },
    { "syncwarp", JK_SYNCWARP, "__syncwarp" },
    { "shfl_sync", JK_SHFL, "__shfl_sync" },
    { "shfl_up_sync", JK_SHFL, "__shfl_up_sync" },
    { "shfl_down_sync", JK_SHFL, "__shfl_down_sync" },
    { "shfl_xor_sync", JK_SHFL, "__shfl_xor_sync" },
    { "shared_memory", JK_SHARED, NULL },
    { "atomic_add", JK_ATOMIC, "atomicAdd" },
    { "atomic_sub", JK_ATOMIC, "atomicSub" },
    { "atomic_exch", JK_ATOMIC, "atomicExch" },
    { "atomic_min", JK_ATOMIC, "atomicMin" },
    { "atomic_max", JK_ATOMIC, "atomicMax" },
    { "atomic_inc", JK_ATOMIC, "atomicInc" },
    { "atomic_dec", JK_ATOMIC, "atomicDec" },
    { "atomic_cas", JK_ATOMIC, "atomicCAS" },
    { "atomic_and", JK_ATOMIC, "atomicAnd" },
    { "atomic_or", JK_ATOMIC, "atomicOr" },
    { "atomic_xor", JK_ATOMIC, "atomicXor" },
};

/* The row of jit.NAME (n: NAME, up to a '.'), or NULL. */
static const JName *jname(const char *n)
{
    if (!n) return NULL;
    size_t l = strcspn(n, ".");
    for (size_t i = 0; i < sizeof jnames / sizeof *jnames; i++)
        if (strlen(jnames[i].name) == l && !strncmp(n, jnames[i].name, l)) return &jnames[i];
    return NULL;
}

bool lw_is_jit_name(const char *name) { return !strchr(name, '.') && jname(name); }

void lw_jit_each(void (*fn)(const char *full, void *ctx), void *ctx)
{
    char buf[64];
    for (size_t i = 0; i < sizeof jnames / sizeof *jnames; i++) {
        snprintf(buf, sizeof buf, "cupyx.jit.%s", jnames[i].name);
        fn(buf, ctx);
    }
}

/* n of a call jit.grid(n) / jit.gridsize(n) written with an int literal n from 1 to 3, else 0. */
static int jgrid_ndim(const AstNode *call)
{
    const AstNode *n = call->elts.n == 1 && !call->params.n ? call->elts.v[0] : NULL;
    return n && n->kind == AST_INT && n->ival >= 1 && n->ival <= 3 ? (int)n->ival : 0;
}

/* Axis k (0 x, 1 y, 2 z) of jit.grid (the thread's absolute index) or jit.gridsize (the
 * threads in the grid along the axis), as CuPy computes them: uint32. */
static void jgrid_axis(StrBuf *o, const char *fn, int k)
{
    char a = "xyz"[k];
    if (!strcmp(fn, "grid"))
        sb_printf(o, "(blockIdx.%c * blockDim.%c + threadIdx.%c)", a, a, a);
    else
        sb_printf(o, "(blockDim.%c * gridDim.%c)", a, a);
}

static bool jfail(Jit *J, Span sp, const char *msg)
{
    if (J->ok) diag_error(sp, "%s %s", msg, WHAT);
    J->ok = false;
    return false;
}

static JVar *jvar(Jit *J, const char *name)
{
    for (int i = 0; i < J->vars.n; i++) {
        JVar *v = VEC_AT(J->vars, i);
        if (!strcmp(v->name, name)) return v;
    }
    return NULL;
}

static JVar *jnew_var(Jit *J, const char *name, JVal t)
{
    JVar *v = ar_alloc(J->L->a, sizeof *v);
    v->name = name;
    v->t = t;
    vec_push(&J->vars, v);
    return v;
}

/* The C type of a scalar dtype in a jit kernel; NULL (with an error) for complex and float16. */
static const char *jctype(Jit *J, DType d, Span sp)
{
    if (dt_is_complex(d) || d == DT_FLOAT16) {
        jfail(J, sp, ar_printf(J->L->a, "%s values are not supported", dt_name(d)));
        return NULL;
    }
    return dt_ctype(d);
}

/* The dotted name of a module-level reference e (jit.threadIdx.x → "cupyx.jit.threadIdx.x",
 * cupy.float32 → "cupy.float32"), or NULL when e is not one (a local, a parameter). */
static const char *qualname(Jit *J, AstNode *e)
{
    if (e->kind == AST_ATTR) {
        const char *q = qualname(J, e->lhs);
        return q ? ar_printf(J->L->a, "%s.%s", q, e->sval) : NULL;
    }
    if (e->kind != AST_NAME || jvar(J, e->sval)) return NULL;
    Binding *b = lw_scope_find(J->L->module_scope, e->sval);
    if (b && b->kind == BIND_CONST && b->value &&
        (b->value->type->kind == TY_MODULE || b->value->type->kind == TY_BUILTIN))
        return b->value->type->name;
    if (!b && (!strcmp(e->sval, "range") || !strcmp(e->sval, "abs") || !strcmp(e->sval, "min") ||
               !strcmp(e->sval, "max") || !strcmp(e->sval, "float") || !strcmp(e->sval, "int") ||
               !strcmp(e->sval, "bool")))
        return e->sval;
    return NULL;
}

/* The name after a module prefix ("cupyx.jit.", "cupy.", "math."), or NULL. */
static const char *after(const char *q, const char *prefix)
{
    size_t n = strlen(prefix);
    return q && !strncmp(q, prefix, n) ? q + n : NULL;
}

/* ---------------------------------------------------------------- expressions */

static bool jexpr(Jit *J, AstNode *e, StrBuf *o, JVal *t);

/* NumPy's result type of a binary operation on a and b (a Python literal is weak). */
static DType jpromote(JVal a, JVal b)
{
    if (a.lit != b.lit) {
        JVal w = a.lit ? a : b, s = a.lit ? b : a;
        if (dt_is_float(w.dt) && !dt_is_float(s.dt)) return DT_FLOAT64;
        return s.dt;
    }
    return dt_promote(a.dt, b.dt);
}

/* e as a scalar (not an array) into o, its type in *t. */
static bool jscalar(Jit *J, AstNode *e, StrBuf *o, JVal *t)
{
    if (!jexpr(J, e, o, t)) return false;
    if (t->arr) return jfail(J, e->span, "an array used as a value (index it: x[i]) is not supported");
    return true;
}

/* "(T)(x)" of a translated operand x. */
static void jcast(StrBuf *o, const char *ct, const char *x) { sb_printf(o, "((%s)(%s))", ct, x); }

static bool jbinop(Jit *J, AstNode *e, AstOp op, AstNode *l, AstNode *r, StrBuf *o, JVal *t)
{
    StrBuf a SB_SCOPED = { 0 }, b SB_SCOPED = { 0 };
    JVal ta = { 0 }, tb = { 0 };
    bool ok = jscalar(J, l, &a, &ta) && jscalar(J, r, &b, &tb);
    DType rt = ok ? jpromote(ta, tb) : DT_INT64;
    if (ok && op == AOP_DIV && !dt_is_float(rt)) rt = DT_FLOAT64;
    if (ok &&
        (op == AOP_LSHIFT || op == AOP_RSHIFT || op == AOP_BITAND || op == AOP_BITOR || op == AOP_BITXOR) &&
        dt_is_float(rt))
        ok = jfail(J, e->span, "a bitwise operation on floats is not supported");
    const char *ct = ok ? jctype(J, rt, e->span) : NULL;
    if (ok && ct) {
        StrBuf ca SB_SCOPED = { 0 }, cb SB_SCOPED = { 0 };
        jcast(&ca, ct, a.s);
        jcast(&cb, ct, b.s);
        switch (op) {
        case AOP_ADD:
        case AOP_SUB:
        case AOP_MUL:
        case AOP_DIV:
        case AOP_LSHIFT:
        case AOP_RSHIFT:
        case AOP_BITAND:
        case AOP_BITOR:
        case AOP_BITXOR: sb_printf(o, "((%s)(%s %s %s))", ct, ca.s, ast_op_name(op), cb.s); break;
        case AOP_FLOORDIV: sb_printf(o, "gp_jit_floordiv<%s>(%s, %s)", ct, ca.s, cb.s); break;
        case AOP_MOD: sb_printf(o, "gp_jit_mod<%s>(%s, %s)", ct, ca.s, cb.s); break;
        case AOP_POW: sb_printf(o, "((%s)pow((double)%s, (double)%s))", ct, ca.s, cb.s); break;
        default:
            ok = jfail(J, e->span, ar_printf(J->L->a, "the operator %s is not supported", ast_op_name(op)));
        }
        sb_free(&ca);
        sb_free(&cb);
    }
    sb_free(&a);
    sb_free(&b);
    *t = (JVal){ .dt = rt, .lit = ta.lit && tb.lit };
    return ok && ct;
}

static bool jcompare(Jit *J, AstNode *e, StrBuf *o, JVal *t)
{
    *t = (JVal){ .dt = DT_BOOL };
    sb_putc(o, '(');
    for (int i = 0; i + 1 < e->elts.n; i++) {
        AstOp op = (AstOp)(intptr_t)e->ops.v[i];
        if (op == AOP_IS || op == AOP_ISNOT || op == AOP_IN || op == AOP_NOTIN)
            return jfail(J, e->span,
                         ar_printf(J->L->a, "the operator '%s' is not supported", ast_op_name(op)));
        StrBuf a SB_SCOPED = { 0 }, b SB_SCOPED = { 0 };
        JVal ta = { 0 }, tb = { 0 };
        if (!jscalar(J, e->elts.v[i], &a, &ta) || !jscalar(J, e->elts.v[i + 1], &b, &tb)) return false;
        const char *ct = jctype(J, jpromote(ta, tb), e->span);
        if (!ct) return false;
        sb_printf(o, "%s((%s)(%s) %s (%s)(%s))", i ? " && " : "", ct, a.s, ast_op_name(op), ct, b.s);
        sb_free(&a);
        sb_free(&b);
    }
    sb_putc(o, ')');
    return true;
}

/* The C spelling of a jit index attribute (jit.threadIdx.x ...), or NULL. */
static const char *index_attr(const char *n)
{
    const JName *r = jname(n);
    size_t l = r ? strlen(r->name) : 0;
    if (r && r->kind == JK_INDEX && n[l] == '.' && n[l + 1] >= 'x' && n[l + 1] <= 'z' && !n[l + 2]) return n;
    return NULL;
}

/* A call's positional arguments translated as scalars into a[] (at most 4), their types in t[]. */
static bool jargs(Jit *J, AstNode *call, int lo, int hi, StrBuf *a, JVal *t)
{
    int n = call->elts.n;
    if (call->params.n || n < lo || n > hi)
        return jfail(
            J, call->span,
            lo == hi ? ar_printf(J->L->a, "this call takes %d positional argument%s", lo, lo == 1 ? "" : "s")
                     : ar_printf(J->L->a, "this call takes %d to %d positional arguments", lo, hi));
    for (int i = 0; i < n; i++)
        if (!jscalar(J, call->elts.v[i], &a[i], &t[i])) return false;
    return true;
}

/* The element of array a (its text; type ta) at index idx (one integer, or a tuple of one per
 * dimension for a view) into o, as an lvalue: a view's element is at its byte strides, as
 * CuPy's CArray indexes (no wrap-around of negative indices). */
static bool jelement(Jit *J, const char *a, JVal ta, AstNode *idx, Span sp, StrBuf *o)
{
    if (!ta.arr) return jfail(J, sp, "indexing a scalar is not supported");
    if (idx->kind == AST_SLICE) return jfail(J, idx->span, "a slice index is not supported");
    int n = idx->kind == AST_TUPLE ? idx->elts.n : 1;
    AstNode *one = idx;
    AstNode **items = idx->kind == AST_TUPLE ? (AstNode **)idx->elts.v : &one;
    if (n != (ta.nd ? ta.nd : 1))
        return jfail(
            J, idx->span,
            ar_printf(J->L->a,
                      "an index of %d integer%s into an array of %d dimension%s (one per dimension) is "
                      "not supported",
                      n, n == 1 ? "" : "s", ta.nd ? ta.nd : 1, ta.nd > 1 ? "s" : ""));
    const char *ct = jctype(J, ta.dt, sp);
    if (!ct) return false;
    StrBuf off SB_SCOPED = { 0 };
    for (int k = 0; k < n; k++) {
        StrBuf i SB_SCOPED = { 0 };
        JVal ti = { 0 };
        bool ok = jscalar(J, items[k], &i, &ti);
        if (ok && (dt_is_float(ti.dt) || ti.dt == DT_BOOL))
            ok = jfail(J, items[k]->span, "an index that is not an integer is not supported");
        if (ok && ta.nd) sb_printf(&off, " + (long long)(%s) * %s.st[%d]", i.s, a, k);
        if (ok && !ta.nd) sb_printf(o, "%s[%s]", a, i.s);
        sb_free(&i);
        if (!ok) return false;
    }
    if (ta.nd) sb_printf(o, "(*(%s *)((char *)%s.p%s))", ct, a, off.s);
    sb_free(&off);
    return true;
}

/* x.shape[k] of an array parameter x (k an integer literal): an int64. */
static bool jshape(Jit *J, AstNode *e, StrBuf *o, JVal *t)
{
    AstNode *x = e->lhs->lhs, *k = e->rhs;
    JVar *v = x->kind == AST_NAME ? jvar(J, x->sval) : NULL;
    if (!v || !v->t.arr || !v->t.nd)
        return jfail(J, e->span, "shape of anything but an array parameter is not supported");
    if (k->kind != AST_INT || k->ival < 0 || k->ival >= v->t.nd)
        return jfail(J, k->span,
                     ar_printf(J->L->a, "x.shape[k] takes an integer literal k from 0 to %d", v->t.nd - 1));
    sb_printf(o, "%s.sh[%lld]", v->name, (long long)k->ival);
    *t = (JVal){ .dt = DT_INT64 };
    return true;
}

/* The atomic function and (in *ct, for 64-bit dtypes) the C type of its operands for
 * jit.atomic_OP (fn) on dtype d: CUDA has no signed 64-bit atomicAdd/Exch/CAS/And/Or/Xor, so
 * those take the unsigned 64-bit ones (two's complement: the same bits), and a 64-bit sub is an
 * add of the negation, as CuPy's jit does; NULL for none (64-bit inc/dec). */
static const char *jatomic_fn(const char *fn, DType d, const char **ct, bool *negate)
{
    bool wide = d == DT_INT64 || d == DT_UINT64;
    *negate = false;
    if (!wide) return fn;
    /* int64_t and uint64_t are long and unsigned long here: CUDA's overloads take long long */
    bool minmax = !strcmp(fn, "atomicMin") || !strcmp(fn, "atomicMax");
    *ct = minmax && d == DT_INT64 ? "long long" : "unsigned long long";
    if (minmax) return fn;
    if (!strcmp(fn, "atomicInc") || !strcmp(fn, "atomicDec")) return NULL;
    if (!strcmp(fn, "atomicSub")) {
        *negate = true;
        return "atomicAdd";
    }
    return fn;
}

/* jit.atomic_OP(array, index, value[, value2]) (r: its row) → CUDA's atomicOp on &array[index]. */
static bool jatomic(Jit *J, AstNode *call, const JName *r, StrBuf *o, JVal *t)
{
    const char *op = r->name + strlen("atomic_"), *fn = r->c;
    int nv = !strcmp(op, "cas") ? 2 : 1;
    if (call->params.n || call->elts.n != 2 + nv)
        return jfail(J, call->span,
                     ar_printf(J->L->a, "jit.atomic_%s takes an array, an index and %d value%s", op, nv,
                               nv > 1 ? "s" : ""));
    StrBuf arr SB_SCOPED = { 0 }, el SB_SCOPED = { 0 }, v0 SB_SCOPED = { 0 }, v1 SB_SCOPED = { 0 };
    StrBuf *v[2] = { &v0, &v1 };
    JVal ta = { 0 }, tv = { 0 };
    if (!jexpr(J, call->elts.v[0], &arr, &ta)) return false;
    if (!ta.arr)
        return jfail(J, ((AstNode *)call->elts.v[0])->span,
                     "the first argument of an atomic must be an array");
    if (!jelement(J, arr.s, ta, call->elts.v[1], call->span, &el)) return false;
    const char *ct = jctype(J, ta.dt, call->span), *vt = ct;
    if (!ct) return false;
    bool negate;
    fn = jatomic_fn(fn, ta.dt, &vt, &negate);
    if (!fn)
        return jfail(J, call->span,
                     ar_printf(J->L->a, "jit.atomic_%s of %s is not supported", op, dt_name(ta.dt)));
    for (int i = 0; i < nv; i++)
        if (!jscalar(J, call->elts.v[2 + i], v[i], &tv)) return false;
    /* the old value, as the array's type */
    sb_printf(o, "((%s)%s((%s *)&%s, (%s)(%s%s)", ct, fn, vt, el.s, vt, negate ? "-" : "", v[0]->s);
    if (nv == 2) sb_printf(o, ", (%s)(%s)", vt, v[1]->s);
    sb_puts(o, "))");
    *t = (JVal){ .dt = ta.dt };
    return true;
}

/* Frees a call's argument texts (the cleanup of a StrBuf a[4]: every return path). */
static void jfree_args(StrBuf (*a)[4])
{
    for (int i = 0; i < 4; i++) sb_free(&(*a)[i]);
}

/* A call inside the kernel: casts, jit's functions, math, abs/min/max. */
static bool jcall(Jit *J, AstNode *e, StrBuf *o, JVal *t)
{
    const char *q = qualname(J, e->lhs);
    const char *jn = after(q, "cupyx.jit."), *cn = after(q, "cupy."), *mn = after(q, "math.");
    StrBuf a[4] __attribute__((cleanup(jfree_args))) = { { 0 } };
    JVal ta[4] = { { 0 } };
    DType d;
    *t = (JVal){ .dt = DT_UINT32 };
    if ((cn && lw_dtype_name(cn, &d) && strcmp(cn, "dtype")) ||
        (q && (!strcmp(q, "float") || !strcmp(q, "int") || !strcmp(q, "bool")))) {
        if (!cn) d = !strcmp(q, "float") ? DT_FLOAT64 : !strcmp(q, "int") ? DT_INT64 : DT_BOOL;
        if (!jargs(J, e, 1, 1, a, ta)) return false;
        const char *ct = jctype(J, d, e->span);
        if (!ct) return false;
        jcast(o, ct, a[0].s);
        *t = (JVal){ .dt = d };
        return true;
    }
    const JName *r = jname(jn);
    if (jn && !r && (!strncmp(jn, "atomic_", 7) || !strncmp(jn, "shfl_", 5)))
        return jfail(J, e->span, ar_printf(J->L->a, "jit.%s is not supported", jn));
    switch (r && !strchr(jn, '.') ? r->kind : JK_INDEX) {
    case JK_SYNCTHREADS:
        if (!jargs(J, e, 0, 0, a, ta)) return false;
        sb_printf(o, "%s()", r->c);
        return true;
    case JK_SYNCWARP:
        if (!jargs(J, e, 0, 1, a, ta)) return false;
        sb_printf(o, "%s(%s)", r->c, e->elts.n ? a[0].s : "0xffffffffu");
        return true;
    case JK_LANEID:
        if (!jargs(J, e, 0, 0, a, ta)) return false;
        sb_puts(
            o,
            "((unsigned int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32u))");
        return true;
    case JK_GRID:
        if (jgrid_ndim(e) != 1)
            return jfail(J, e->span,
                         ar_printf(J->L->a,
                                   "jit.%s(n) other than jit.%s(1) is a tuple: unpack it "
                                   "(i, j = jit.%s(2); n is 1, 2 or 3)",
                                   jn, jn, jn));
        jgrid_axis(o, jn, 0);
        return true;
    case JK_SHFL:
        if (!jargs(J, e, 3, 4, a, ta)) return false;
        sb_printf(o, "%s(%s, %s, %s%s%s)", r->c, a[0].s, a[1].s, a[2].s, e->elts.n > 3 ? ", " : "",
                  e->elts.n > 3 ? a[3].s : "");
        *t = (JVal){ .dt = ta[1].dt };
        return true;
    case JK_ATOMIC: return jatomic(J, e, r, o, t);
    case JK_SHARED:
        return jfail(
            J, e->span,
            "jit.shared_memory() must be assigned to a name (smem = jit.shared_memory(dtype, size))");
    case JK_INDEX: case JK_WARPSIZE: break; /* not callables */
    }
    static const char *const math1[] = { "sqrt",  "exp",    "log",    "log2",   "log10", "sin",   "cos",
                                         "tan",   "arcsin", "arccos", "arctan", "asin",  "acos",  "atan",
                                         "sinh",  "cosh",   "tanh",   "floor",  "ceil",  "trunc", "fabs",
                                         "expm1", "log1p",  "erf",    "erfc",   NULL };
    const char *fname = mn ? mn : cn;
    for (int i = 0; fname && math1[i]; i++) {
        if (strcmp(fname, math1[i])) continue;
        if (!jargs(J, e, 1, 1, a, ta)) return false;
        d = ta[0].dt == DT_FLOAT32 && !mn ? DT_FLOAT32 : DT_FLOAT64;
        const char *cfn = !strncmp(fname, "arc", 3) ? ar_printf(J->L->a, "a%s", fname + 3) : fname;
        sb_printf(o, "%s((%s)(%s))", cfn, dt_ctype(d), a[0].s);
        *t = (JVal){ .dt = d };
        return true;
    }
    if (q && (!strcmp(q, "abs") || !strcmp(q, "min") || !strcmp(q, "max"))) {
        int n = !strcmp(q, "abs") ? 1 : 2;
        if (!jargs(J, e, n, n, a, ta)) return false;
        d = n == 1 ? ta[0].dt : jpromote(ta[0], ta[1]);
        const char *ct = jctype(J, d, e->span);
        if (!ct) return false;
        if (n == 1)
            sb_printf(o, "((%s)(%s < 0 ? -(%s) : (%s)))", ct, a[0].s, a[0].s, a[0].s);
        else
            sb_printf(o, "gp_jit_%s<%s>((%s)(%s), (%s)(%s))", q, ct, ct, a[0].s, ct, a[1].s);
        *t = (JVal){ .dt = d, .lit = n == 2 && ta[0].lit && ta[1].lit };
        return true;
    }
    const char *callee = q                          ? q
                         : e->lhs->kind == AST_NAME ? e->lhs->sval
                         : e->lhs->kind == AST_ATTR ? e->lhs->sval
                                                    : NULL;
    return jfail(J, e->span,
                 callee ? ar_printf(J->L->a, "calling %s() is not supported", callee)
                        : "this call is not supported");
}

static bool jexpr(Jit *J, AstNode *e, StrBuf *o, JVal *t)
{
    switch (e->kind) {
    case AST_INT:
        sb_printf(o, "((long long)%lldLL)", (long long)e->ival);
        *t = (JVal){ .dt = DT_INT64, .lit = true };
        return true;
    case AST_FLOAT: {
        char buf[40];
        snprintf(buf, sizeof buf, "%.17g", e->fval);
        if (!isfinite(e->fval))
            snprintf(buf, sizeof buf, "%s", isnan(e->fval) ? "(0.0 / 0.0)" : "(1.0 / 0.0)");
        sb_printf(o, "%s%s", buf, strpbrk(buf, ".e(") ? "" : ".0");
        *t = (JVal){ .dt = DT_FLOAT64, .lit = true };
        return true;
    }
    case AST_BOOL:
        sb_puts(o, e->ival ? "true" : "false");
        *t = (JVal){ .dt = DT_BOOL, .lit = true };
        return true;
    case AST_NAME: {
        JVar *v = jvar(J, e->sval);
        if (!v)
            return jfail(
                J, e->span,
                ar_printf(J->L->a, "the name '%s' (not a parameter or a local) is not supported", e->sval));
        sb_puts(o, v->name);
        *t = v->t;
        return true;
    }
    case AST_ATTR: {
        const char *jn = after(qualname(J, e), "cupyx.jit.");
        if (jn && index_attr(jn)) {
            sb_puts(o, jn);
            *t = (JVal){ .dt = DT_UINT32 };
            return true;
        }
        const JName *r = jname(jn);
        if (r && r->kind == JK_WARPSIZE && !strchr(jn, '.')) {
            sb_puts(o, r->c);
            *t = (JVal){ .dt = DT_INT32 };
            return true;
        }
        JVar *x = e->lhs->kind == AST_NAME ? jvar(J, e->lhs->sval) : NULL;
        if (x && x->t.nd && !strcmp(e->sval, "size")) { /* the product of the shape */
            sb_putc(o, '(');
            for (int k = 0; k < x->t.nd; k++) sb_printf(o, "%s%s.sh[%d]", k ? " * " : "", x->name, k);
            sb_putc(o, ')');
            *t = (JVal){ .dt = DT_INT64 };
            return true;
        }
        return jfail(J, e->span, "this attribute is not supported");
    }
    case AST_SUBSCRIPT: {
        if (e->lhs->kind == AST_ATTR && !strcmp(e->lhs->sval, "shape")) return jshape(J, e, o, t);
        StrBuf a SB_SCOPED = { 0 };
        JVal ta = { 0 };
        bool ok = jexpr(J, e->lhs, &a, &ta) && jelement(J, a.s, ta, e->rhs, e->span, o);
        sb_free(&a);
        *t = (JVal){ .dt = ta.dt };
        return ok;
    }
    case AST_BINOP: return jbinop(J, e, e->op, e->lhs, e->rhs, o, t);
    case AST_UNARY: {
        StrBuf a SB_SCOPED = { 0 };
        bool ok = jscalar(J, e->lhs, &a, t);
        if (ok && e->op == AOP_NOT) {
            sb_printf(o, "(!(%s))", a.s);
            *t = (JVal){ .dt = DT_BOOL };
        } else if (ok) {
            const char *ct = jctype(J, t->dt, e->span);
            if (ct) sb_printf(o, "((%s)(%s(%s)))", ct, e->op == AOP_NEG ? "-" : e->op == AOP_INVERT ? "~" : "+", a.s);
            ok = ct != NULL;
        }
        sb_free(&a);
        return ok;
    }
    case AST_BOOLOP: {
        StrBuf a SB_SCOPED = { 0 }, b SB_SCOPED = { 0 };
        JVal ta = { 0 }, tb = { 0 };
        if (!jscalar(J, e->lhs, &a, &ta) || !jscalar(J, e->rhs, &b, &tb)) return false;
        sb_printf(o, "((bool)(%s) %s (bool)(%s))", a.s, e->op == AOP_AND ? "&&" : "||", b.s);
        *t = (JVal){ .dt = DT_BOOL };
        return true;
    }
    case AST_COMPARE: return jcompare(J, e, o, t);
    case AST_IFEXP: {
        StrBuf c SB_SCOPED = { 0 }, a SB_SCOPED = { 0 }, b SB_SCOPED = { 0 };
        JVal tc = { 0 }, ta = { 0 }, tb = { 0 };
        if (!jscalar(J, e->cond, &c, &tc) || !jscalar(J, e->then, &a, &ta) || !jscalar(J, e->els, &b, &tb))
            return false;
        DType d = jpromote(ta, tb);
        const char *ct = jctype(J, d, e->span);
        if (!ct) return false;
        sb_printf(o, "((bool)(%s) ? (%s)(%s) : (%s)(%s))", c.s, ct, a.s, ct, b.s);
        *t = (JVal){ .dt = d };
        return true;
    }
    case AST_CALL: return jcall(J, e, o, t);
    default: return jfail(J, e->span, "this expression is not supported");
    }
}

/* ---------------------------------------------------------------- statements */

static bool jblock(Jit *J, AstNode *b, int n);

static void jline(Jit *J, int n, const char *s)
{
    for (int i = 0; i < n; i++) sb_puts(&J->body, "    ");
    sb_puts(&J->body, s);
    sb_putc(&J->body, '\n');
}

/* name = jit.shared_memory(dtype, size): a __shared__ array (size None: the launch's dynamic
 * shared memory). */
static bool jshared(Jit *J, AstNode *target, AstNode *call)
{
    if (call->params.n || call->elts.n != 2)
        return jfail(J, call->span, "jit.shared_memory takes (dtype, size)");
    const char *q = qualname(J, call->elts.v[0]);
    const char *cn = after(q, "cupy.");
    DType d;
    if (!cn || !lw_dtype_name(cn, &d))
        return jfail(J, ((AstNode *)call->elts.v[0])->span,
                     "the dtype of shared memory must be a NumPy scalar type (cupy.float32)");
    const char *ct = jctype(J, d, call->span);
    if (!ct) return false;
    AstNode *sz = call->elts.v[1];
    if (jvar(J, target->sval))
        return jfail(J, target->span, "shared memory assigned to a name used before is not supported");
    if (sz->kind == AST_NONE)
        sb_printf(&J->decl, "    extern __shared__ %s %s[];\n", ct, target->sval);
    else if (sz->kind == AST_INT && sz->ival > 0)
        sb_printf(&J->decl, "    __shared__ %s %s[%lld];\n", ct, target->sval, (long long)sz->ival);
    else
        return jfail(J, sz->span, "the size of shared memory must be a positive integer literal or None");
    jnew_var(J, target->sval, (JVal){ .dt = d, .arr = true });
    return true;
}

/* target = v, a C expression of type tv: a new local name is declared with tv's type, an
 * existing one (or an element) converts v to its own. */
static bool jstore(Jit *J, int n, AstNode *target, const char *v, JVal tv, Span sp)
{
    bool ok = true;
    if (target->kind == AST_NAME && !jvar(J, target->sval)) {
        JVal nt = { .dt = tv.dt };
        const char *ct = jctype(J, nt.dt, sp);
        if (ct) {
            sb_printf(&J->decl, "    %s %s = %s();\n", ct, target->sval, ct);
            jnew_var(J, target->sval, nt);
        }
        ok = ct != NULL;
    }
    JVal tt = { 0 };
    StrBuf tgt SB_SCOPED = { 0 }, line SB_SCOPED = { 0 };
    if (ok) ok = jexpr(J, target, &tgt, &tt);
    if (ok && tt.arr) ok = jfail(J, target->span, "assigning to an array (not an element) is not supported");
    const char *ct = ok ? jctype(J, tt.dt, sp) : NULL;
    if (ct) {
        sb_printf(&line, "%s = (%s)(%s);", tgt.s, ct, v);
        jline(J, n, line.s);
    }
    sb_free(&line);
    sb_free(&tgt);
    return ct != NULL;
}

/* i, j[, k] = jit.grid(n) / jit.gridsize(n): one name (or element) per axis, uint32 as CuPy's. */
static bool jgrid_unpack(Jit *J, int n, AstNode *target, AstNode *call, const char *fn)
{
    int nd = jgrid_ndim(call);
    if (nd < 2 || nd != target->elts.n)
        return jfail(J, call->span,
                     ar_printf(J->L->a, "jit.%s(n) unpacks into n names (i, j = jit.%s(2); n is 2 or 3 here)",
                               fn, fn));
    for (int k = 0; k < nd; k++) {
        AstNode *t = target->elts.v[k];
        if (t->kind != AST_NAME && t->kind != AST_SUBSCRIPT)
            return jfail(J, t->span, "assigning to this target is not supported");
        StrBuf ax SB_SCOPED = { 0 };
        jgrid_axis(&ax, fn, k);
        bool ok = jstore(J, n, t, ax.s, (JVal){ .dt = DT_UINT32 }, t->span);
        sb_free(&ax);
        if (!ok) return false;
    }
    return true;
}

/* target = value (op: AOP_NONE) or target op= value. */
static bool jassign(Jit *J, int n, AstNode *target, AstOp op, AstNode *value, Span sp)
{
    StrBuf v SB_SCOPED = { 0 };
    JVal tv = { 0 };
    const char *jn = value->kind == AST_CALL ? after(qualname(J, value->lhs), "cupyx.jit.") : NULL;
    const JName *r = jn && !strchr(jn, '.') ? jname(jn) : NULL;
    if (target->kind == AST_NAME && op == AOP_NONE && r && r->kind == JK_SHARED) return jshared(J, target, value);
    if (target->kind == AST_TUPLE && op == AOP_NONE && r && r->kind == JK_GRID)
        return jgrid_unpack(J, n, target, value, jn);
    if (target->kind != AST_NAME && target->kind != AST_SUBSCRIPT)
        return jfail(J, target->span, "assigning to this target is not supported");
    bool ok = op != AOP_NONE ? jbinop(J, value, op, target, value, &v, &tv) : jscalar(J, value, &v, &tv);
    ok = ok && jstore(J, n, target, v.s, tv, sp);
    sb_free(&v);
    return ok;
}

/* for NAME in range(...): the bounds evaluated once, Python's test by the step's sign. */
static bool jfor(Jit *J, int n, AstNode *s)
{
    AstNode *it = s->rhs;
    if (s->lhs->kind != AST_NAME || it->kind != AST_CALL || !qualname(J, it->lhs) ||
        strcmp(qualname(J, it->lhs), "range"))
        return jfail(J, s->span, "a for loop other than `for NAME in range(...)` is not supported");
    StrBuf a[4] __attribute__((cleanup(jfree_args))) = { { 0 } };
    JVal t[4] = { { 0 } };
    if (!jargs(J, it, 1, 3, a, t)) return false;
    int na = it->elts.n;
    JVal start = na > 1 ? t[0] : (JVal){ .dt = DT_INT64, .lit = true };
    JVal stop = na > 1 ? t[1] : t[0];
    DType d = jpromote(start, stop);
    if (na == 3) d = jpromote((JVal){ .dt = d, .lit = start.lit && stop.lit }, t[2]);
    if (dt_is_float(d) || d == DT_BOOL) return jfail(J, it->span, "range() of non-integers is not supported");
    const char *ct = dt_ctype(d);
    JVar *v = jvar(J, s->lhs->sval);
    if (!v) {
        sb_printf(&J->decl, "    %s %s = %s();\n", ct, s->lhs->sval, ct);
        v = jnew_var(J, s->lhs->sval, (JVal){ .dt = d });
    } else if (v->t.arr) {
        return jfail(J, s->lhs->span, "a loop over an array's name is not supported");
    }
    int k = J->ntmp++;
    StrBuf l SB_SCOPED = { 0 };
    AstNode *step = na == 3 ? it->elts.v[2] : NULL;
    bool up = !step || (step->kind == AST_INT && step->ival > 0);
    bool down = step && step->kind == AST_UNARY && step->op == AOP_NEG && step->lhs->kind == AST_INT;
    if (step && step->kind == AST_INT && step->ival == 0)
        return jfail(J, step->span, "range() arg 3 must not be zero");
    sb_printf(&l, "{ const %s gp_stop%d = (%s)(%s); const %s gp_step%d = (%s)(%s);", ct, k, ct,
              na > 1 ? a[1].s : a[0].s, ct, k, ct, step ? a[2].s : "1");
    jline(J, n, l.s);
    l.len = 0;
    sb_printf(&l, "for (%s = (%s)(%s); %s; %s += gp_step%d) {", v->name, dt_ctype(v->t.dt),
              na > 1 ? a[0].s : "0",
              up     ? ar_printf(J->L->a, "%s < gp_stop%d", v->name, k)
              : down ? ar_printf(J->L->a, "%s > gp_stop%d", v->name, k)
                     : ar_printf(J->L->a, "(gp_step%d > 0 ? %s < gp_stop%d : %s > gp_stop%d)", k, v->name, k,
                                 v->name, k),
              v->name, k);
    jline(J, n, l.s);
    sb_free(&l);
    if (!jblock(J, s->then, n + 1)) return false;
    jline(J, n, "} }");
    return true;
}

static bool jstmt(Jit *J, AstNode *s, int n)
{
    StrBuf e SB_SCOPED = { 0 };
    JVal t = { 0 };
    switch (s->kind) {
    case AST_EXPR_STMT:
        if (s->lhs->kind == AST_STR) return true; /* a docstring */
        if (!jexpr(J, s->lhs, &e, &t)) return false;
        sb_putc(&e, ';');
        jline(J, n, e.s);
        sb_free(&e);
        return true;
    case AST_ASSIGN:
        if (s->elts.n != 1) return jfail(J, s->span, "chained assignment is not supported");
        return jassign(J, n, s->elts.v[0], AOP_NONE, s->rhs, s->span);
    case AST_AUGASSIGN: return jassign(J, n, s->lhs, s->op, s->rhs, s->span);
    case AST_FOR:
    case AST_WHILE:
        if (s->els) return jfail(J, s->els->span, "an else clause on a loop is not supported");
        if (s->kind == AST_FOR) return jfor(J, n, s);
        /* fall through */
    case AST_IF:
        if (!jscalar(J, s->cond, &e, &t)) return false;
        jline(J, n, ar_printf(J->L->a, "%s ((bool)(%s)) {", s->kind == AST_IF ? "if" : "while", e.s));
        sb_free(&e);
        if (!jblock(J, s->then, n + 1)) return false;
        if (s->kind == AST_IF && s->els) {
            jline(J, n, "} else {");
            if (s->els->kind == AST_IF ? !jstmt(J, s->els, n + 1) : !jblock(J, s->els, n + 1)) return false;
        }
        jline(J, n, "}");
        return true;
    case AST_BREAK: jline(J, n, "break;"); return true;
    case AST_CONTINUE: jline(J, n, "continue;"); return true;
    case AST_PASS: return true;
    case AST_RETURN:
        if (s->lhs) return jfail(J, s->span, "returning a value is not supported");
        jline(J, n, "return;");
        return true;
    default: return jfail(J, s->span, "this statement is not supported");
    }
}

static bool jblock(Jit *J, AstNode *b, int n)
{
    for (int i = 0; i < b->body.n; i++)
        if (!jstmt(J, b->body.v[i], n)) return false;
    return true;
}

/* ---------------------------------------------------------------- kernels and instances */

/* The helpers every translated kernel may call: Python's // and %, min and max (once per
 * nvcc batch, which concatenates units).  Their integer sign tests compare with > 0 (the same
 * for the nonzero operands there), which nvcc does not call pointless for unsigned types. */
static const char *const PRELUDE =
    "#ifndef GP_JIT_PRELUDE\n"
    "#define GP_JIT_PRELUDE\n"
    "#include <cstdint>\n"
    "#include <type_traits>\n"
    "template <typename T> __device__ __forceinline__ T gp_jit_floordiv(T a, T b)\n"
    "{\n"
    "    if constexpr (std::is_integral<T>::value) {\n"
    "        T q = a / b;\n"
    "        return (q * b != a && ((a > 0) != (b > 0))) ? q - 1 : q;\n"
    "    } else {\n"
    "        return floor(a / b);\n"
    "    }\n"
    "}\n"
    "template <typename T> __device__ __forceinline__ T gp_jit_mod(T a, T b)\n"
    "{\n"
    "    if constexpr (std::is_integral<T>::value) {\n"
    "        T r = a % b;\n"
    "        return (r != 0 && ((r > 0) != (b > 0))) ? r + b : r;\n"
    "    } else {\n"
    "        T r = fmod(a, b);\n"
    "        return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;\n"
    "    }\n"
    "}\n"
    "template <typename T, int N> struct gpjit_arr { T *p; long long sh[N]; long long st[N]; };\n"
    "template <typename T> __device__ __forceinline__ T gp_jit_min(T a, T b) { return b < a ? b : a; }\n"
    "template <typename T> __device__ __forceinline__ T gp_jit_max(T a, T b) { return b > a ? b : a; }\n"
    "#endif\n";

/* One translated signature of a jit kernel. */
typedef struct JInst {
    int n;
    DType types[64], elems[64];
    int nds[64]; /* an array argument's dimensions (0: a scalar) */
    UKernel *raw;
} JInst;

IrValue *lw_jit_kernel(Lower *L, AstNode *s)
{
    if (s->outer) {
        diag_error(s->span,
                   "a @cupyx.jit.rawkernel() function must be defined at the top level of the module");
        return NULL;
    }
    for (int i = 0; i < s->params.n; i++) {
        AstNode *p = s->params.v[i];
        if (p->rhs) {
            diag_error(p->span, "a parameter with a default value is not supported %s", WHAT);
            return NULL;
        }
    }
    UKernel *k = ar_alloc(L->a, sizeof *k);
    memset(k, 0, sizeof *k);
    k->kind = UK_JIT;
    k->name = s->sval;
    k->def = s;
    return lw_pseudo(L, ty_kernel(k));
}

UKernel *lw_jit_instance(Lower *L, UKernel *k, Span sp, const DType *types, IrValue **args, int n)
{
    const AstNode *def = k->def;
    if (n != def->params.n) {
        diag_error(sp, "%s() takes %d argument%s (%d given)", k->name, def->params.n,
                   def->params.n == 1 ? "" : "s", n);
        return NULL;
    }
    DType elems[64];
    int nds[64];
    for (int i = 0; i < n; i++) {
        if (types[i] == DT_COUNT && args[i]->type->kind != TY_ARRAY) {
            diag_error(sp, "argument %d of %s() is a %s, which a @cupyx.jit.rawkernel function does not take", i + 1,
                       k->name, ty_str_of(args[i]->type));
            return NULL;
        }
        elems[i] = types[i] == DT_COUNT ? args[i]->type->dtype : types[i];
        nds[i] = types[i] == DT_COUNT ? (args[i]->type->ndim ? args[i]->type->ndim : 1) : 0;
    }
    for (int i = 0; i < k->fnames.n; i++) {
        JInst *in = VEC_AT(k->fnames, i);
        if (!memcmp(in->types, types, sizeof(DType) * n) && !memcmp(in->elems, elems, sizeof(DType) * n) &&
            !memcmp(in->nds, nds, sizeof(int) * n))
            return in->raw;
    }
    Jit J = { .L = L, .ok = true };
    StrBuf sig SB_SCOPED = { 0 };
    const char *name = ar_printf(L->a, "%s_gpjit%d", k->name, k->fnames.n);
    for (int i = 0; i < n; i++) {
        AstNode *p = def->params.v[i];
        const char *ct = jctype(&J, elems[i], p->span);
        if (!ct) break;
        if (nds[i])
            sb_printf(&sig, "%sgpjit_arr<%s, %d> %s", i ? ", " : "", ct, nds[i], p->sval);
        else
            sb_printf(&sig, "%s%s %s", i ? ", " : "", ct, p->sval);
        jnew_var(&J, p->sval, (JVal){ .dt = elems[i], .arr = nds[i] > 0, .nd = nds[i] });
    }
    if (J.ok) jblock(&J, def->then, 1);
    StrBuf code SB_SCOPED = { 0 };
    if (J.ok)
        sb_printf(&code, "%s\nextern \"C\" __global__ void %s(%s)\n{\n%s%s}\n", PRELUDE, name, sig.s,
                  J.decl.s ? J.decl.s : "", J.body.s ? J.body.s : "");
    sb_free(&sig);
    sb_free(&J.decl);
    sb_free(&J.body);
    vec_free(&J.vars);
    if (!J.ok) {
        sb_free(&code);
        return NULL;
    }
    JInst *in = ar_alloc(L->a, sizeof *in);
    memset(in, 0, sizeof *in);
    in->n = n;
    memcpy(in->types, types, sizeof(DType) * n);
    memcpy(in->elems, elems, sizeof(DType) * n);
    memcpy(in->nds, nds, sizeof(int) * n);
    in->raw = lw_new_raw(L, lw_new_module(L, ar_strdup(L->a, code.s), def->span), name);
    in->raw->def = def; /* its arrays are passed as views (codegen: emit_raw_launch) */
    sb_free(&code);
    /* k's instances in arena storage (a borrowed Vec: cap 0), as the kernel itself is */
    void **v = ar_alloc(L->a, sizeof(void *) * (size_t)(k->fnames.n + 1));
    if (k->fnames.n) memcpy(v, k->fnames.v, sizeof(void *) * (size_t)k->fnames.n);
    v[k->fnames.n] = in;
    k->fnames = (Vec){ .v = v, .n = k->fnames.n + 1, .cap = 0 };
    return in->raw;
}

/* ---------------------------------------------------------------- the decorator */

/* jit.rawkernel(*, mode='cuda', device=False): the decorator (a def under it is lw_jit_kernel). */
static IrValue *rawkernel(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    if (call->kind != AST_CALL || call->elts.n || call->params.n) {
        diag_error(call->span, "jit.rawkernel() takes no arguments in gpyc (mode='cuda', device=False)");
        return NULL;
    }
    return lw_pseudo(L, ty_builtin("cupyx.jit.rawkernel()", NULL));
}

const ApiFn lw_jit_api[] = {
    { "cupyx.jit", "rawkernel", rawkernel, 0 },
    { NULL, NULL, NULL, 0 },
};
