/*
 * common.c — what every kernel family shares: the line writer, the parameters a group's kernel
 * takes (KParams), the expression emitter (a group's instructions for one element, in program
 * order on registers) and the host names a launch uses.
 */
#include "codegen/kernels/kernels.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

bool cg_defined_in(const IrValue *v, const KernelGroup *g)
{
    return v && v->def && v->def->group == g;
}

/* The C type of a value inside a kernel: an array's element type, or a host scalar's. */
const char *cg_val_ctype(const IrValue *v)
{
    switch (v->type->kind) {
    case TY_ARRAY: return dt_ctype(v->type->dtype);
    case TY_BOOL: return "bool";
    case TY_INT: return "int64_t";
    case TY_FLOAT: return "double";
    case TY_COMPLEX: return "gp_c128";
    default: return "double";
    }
}

static void ind(StrBuf *out, int n)
{
    for (int i = 0; i < n; i++) sb_puts(out, "    ");
}

/* Writes one line at indentation level n (4 spaces each). */
void cg_line(StrBuf *out, int n, const char *fmt, ...)
{
    va_list ap;
    ind(out, n);
    va_start(ap, fmt);
    sb_vprintf(out, fmt, ap);
    va_end(ap);
    sb_putc(out, '\n');
}

/* Whether argument j of `in` is read by kernel code (not only used to size the launch). */
static bool arg_in_kernel(const IrInstr *in, int j)
{
    switch (in->op) {
    case IR_FULL: return j == in->nargs - 1;            /* the fill value */
    case IR_ARANGE: return j == 0 || j == 1;            /* start, step */
    case IR_LINSPACE: return true;                      /* start, stop, n */
    case IR_EYE: return j == 2;                         /* k */
    default: return true;
    }
}

void cg_push_unique(Vec *vec, IrValue *v)
{
    for (int i = 0; i < vec->n; i++)
        if (VEC_AT(*vec, i) == v) return;
    vec_push(vec, v);
}

bool cg_in_vec(const Vec *vec, const IrValue *v)
{
    for (int i = 0; i < vec->n; i++)
        if (VEC_AT(*vec, i) == v) return true;
    return false;
}

typedef struct PtrAt {
    uintptr_t p;
    int at;
} PtrAt;

static int cmp_ptr_at(const void *a, const void *b)
{
    const PtrAt *x = a, *y = b;
    if (x->p != y->p) return (x->p > y->p) - (x->p < y->p);
    return (x->at > y->at) - (x->at < y->at);
}

/* Drops the later copies of each item of vec, in O(n log n) (a kernel of n instructions has up
 * to n scalar parameters: one search of the list per push was n^2). */
static void dedup(Vec *vec)
{
    int n = vec->n;
    if (n < 2) return;
    PtrAt *s = xcalloc(n, sizeof *s);
    bool *keep = xcalloc(n, sizeof *keep);
    for (int i = 0; i < n; i++) s[i] = (PtrAt){(uintptr_t)vec->v[i], i};
    qsort(s, n, sizeof *s, cmp_ptr_at);
    for (int i = 0; i < n; i++) keep[s[i].at] = i == 0 || s[i].p != s[i - 1].p;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (keep[i]) vec->v[k++] = vec->v[i];
    vec->n = k;
    xfree(s);
    xfree(keep);
}

/* How g's instructions read array v: bit 0 element by element, bit 1 whole (a user kernel's
 * raw argument).  Only groups with user kernels ask (one walk of g per input). */
static int read_modes(const KernelGroup *g, const IrValue *v)
{
    int m = 0;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == v) m |= in->op == IR_UKERNEL && ir_ukernel_arg(in, j) == UKA_RAW ? 2 : 1;
    }
    return m;
}

/* outs and arrs come from g's outputs and inputs, which group.c keeps free of copies. */
void cg_kparams_build(KParams *p, const KernelGroup *g)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < g->outputs.n; i++) {
        IrValue *v = VEC_AT(g->outputs, i);
        if (cg_defined_in(v, g) && is_array(v)) vec_push(&p->outs, v);
    }
    bool user = cg_find_op(g, IR_UKERNEL) != NULL;
    for (int i = 0; i < g->inputs.n; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        if (!is_array(v)) continue;
        int m = user ? read_modes(g, v) : 1;
        if (m & 2) vec_push(&p->raws, v);
        if (m & 1) vec_push(&p->arrs, v);
    }
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO) vec_push(&p->dsts, in->args[0]);
        for (int j = 0; j < in->nargs; j++) {
            IrValue *a = in->args[j];
            if (!a || cg_defined_in(a, g) || is_array(a) || !arg_in_kernel(in, j)) continue;
            vec_push(&p->scalars, a);
        }
    }
    if (g->recur) {         /* the loop's range: the kernel counts the iterations */
        vec_push(&p->scalars, g->recur->start);
        vec_push(&p->scalars, g->recur->stop);
        vec_push(&p->scalars, g->recur->step);
    }
    dedup(&p->dsts);
    dedup(&p->scalars);
}

void cg_kparams_free(KParams *p)
{
    vec_free(&p->outs);
    vec_free(&p->arrs);
    vec_free(&p->scalars);
    vec_free(&p->dsts);
    vec_free(&p->raws);
}

const IrInstr *cg_find_op(const KernelGroup *g, IrOp op)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == op) return in;
    }
    return NULL;
}

/* ---------------------------------------------------------------- kernel bodies */

/* gp_cast<CT>(v<id>) */
static void put_cast(StrBuf *out, const char *ct, const IrValue *v)
{
    sb_printf(out, "gp_cast<%s>(v%d)", ct, v->id);
}

/* One elementwise table op: v<r> = gp_cast<RT>(FN<CT>(operands cast to CT)).  A Python int
 * result computed in bool (True + True) counts in int64, as the host does (scalars.c). */
void cg_emit_ewise(StrBuf *out, int n, const IrInstr *in)
{
    const OpInfo *info = ir_op_info(in->op);
    const char *rt = cg_val_ctype(in->res);
    const char *ct = dt_ctype(in->cdtype == DT_BOOL && in->res->type->kind == TY_INT ? DT_INT64 : in->cdtype);
    StrBuf e = {0};
    if (in->op == IR_CAST) {
        put_cast(&e, rt, in->args[0]);
    } else {
        sb_printf(&e, "gp_cast<%s>(%s<%s>(", rt, info->fn, ct);
        for (int j = 0; j < in->nargs; j++) {
            if (j) sb_puts(&e, ", ");
            if (in->op == IR_WHERE && j == 0) put_cast(&e, "bool", in->args[j]);
            else if (in->op == IR_ROUND && j == 1) put_cast(&e, "int64_t", in->args[j]);
            else put_cast(&e, ct, in->args[j]);
        }
        sb_puts(&e, "))");
    }
    cg_line(out, n, "const %s v%d = %s;", rt, in->res->id, e.s);
    sb_free(&e);
}

/* The namespace of g's user-kernel call c ("<group>_u<k>", k: the call's rank among g's
 * calls, so that the unit's text names it by its owned base). */
static const char *ukernel_scope(StrBuf *sb, const KernelGroup *g, const UkCall *c)
{
    int k = 0;
    const UkCall *seen = NULL;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (!in->uk || in->uk == seen) continue;
        if (in->uk == c) break;
        seen = in->uk;
        k++;
    }
    sb->len = 0;
    sb_printf(sb, "%s_u%d", g->name, k);
    return sb->s;
}

/* The operation of user-kernel call c as `gp_uk_op`, a device function of c's namespace
 * (after its placeholders and preamble, so that the names these declare shadow the unit's
 * own, as uint64_t does stdint's): its inputs by value (raw ones as gp_carray), its outputs
 * by reference, `_ind` and `i` first when it is indexed; loop_prep, then the operation. */
static void emit_ukernel_op(StrBuf *out, const UkCall *c)
{
    const UKernel *k = c->k;
    sb_puts(out, "__device__ __forceinline__ void gp_uk_op(");
    if (k->indexed) sb_puts(out, "const gp_ind _ind, ");
    for (int j = 0; j < k->nin + k->nout; j++) {
        const UkParam *q = &k->params[j];
        const char *ct = dt_ctype(c->types[j]);
        if (j) sb_puts(out, ", ");
        if (j >= k->nin)
            sb_printf(out, "%s &%s", ct, q->name);
        else if (q->raw)
            sb_printf(out, "const gp_carray<%s> %s", ct, q->name);
        else
            sb_printf(out, "const %s %s", ct, q->name);
    }
    sb_puts(out, ")\n{\n");
    if (k->indexed) /* CuPy's i is signed: the loops' may be a uint32_t */
        sb_puts(out, "    const ptrdiff_t i = _ind.get();\n");
    if (*k->loop_prep) sb_printf(out, "%s;\n", k->loop_prep);
    sb_printf(out, "%s\n;}\n", k->operation);
}

void cg_emit_ukernel_scopes(StrBuf *out, const KernelGroup *g)
{
    const UkCall *seen = NULL;
    StrBuf ns = { 0 };
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (!in->uk || in->uk == seen) continue;
        seen = in->uk;
        const char *scope = ukernel_scope(&ns, g, in->uk);
        sb_printf(out, "namespace %s {\n", scope);
        for (int t = 0; t < in->uk->ntmap; t++)
            sb_printf(out, "typedef %s %s;\n", dt_ctype(in->uk->tdtypes[t]), in->uk->tnames[t]);
        sb_printf(out, "%s\n", in->uk->k->preamble);
        if (in->op == IR_REDUCE) /* a ReductionKernel's combiner over a and b */
            sb_printf(out,
                      "struct %s_ur {\n    template<typename GpT> __device__ GpT operator()(const GpT &a, "
                      "const GpT &b) const\n    {\n        return gp_cast<GpT>(%s);\n    }\n};\n",
                      g->name, in->uk->k->reduce_expr);
        else
            emit_ukernel_op(out, in->uk);
        sb_printf(out, "}\n");
        if (in->op == IR_REDUCE) sb_printf(out, "using %s::%s_ur;\n", scope, g->name);
        sb_putc(out, '\n');
    }
    sb_free(&ns);
}

/* Output ival of a user kernel's call: its outputs as locals gp_o<j> (from the given arrays,
 * or zero; the user's names live in the call's namespace only), its namespace's gp_uk_op
 * called on them, in a block of their own; v<r> takes output ival.  idx: the linear index (`i`, _ind.get()). */
static void emit_ukernel(StrBuf *out, int n, const KernelGroup *g, const IrInstr *in, const char *idx)
{
    const UkCall *c = in->uk;
    const UKernel *k = c->k;
    const char *rt = cg_val_ctype(in->res);
    cg_line(out, n, "%s v%d;", rt, in->res->id);
    cg_line(out, n, "{   /* %s */", k->name);
    for (int j = k->nin; j < k->nin + k->nout; j++) {
        const char *ct = dt_ctype(c->types[j]);
        if (c->outs_given)
            cg_line(out, n + 1, "%s gp_o%d = gp_cast<%s>(v%d);", ct, j, ct, in->args[j]->id);
        else
            cg_line(out, n + 1, "%s gp_o%d = %s();", ct, j, ct);
    }
    StrBuf call = { 0 };
    ukernel_scope(&call, g, c);
    sb_puts(&call, "::gp_uk_op(");
    if (k->indexed) sb_printf(&call, "gp_ind{(int64_t)s.size, (int64_t)(%s)}, ", idx);
    for (int j = 0; j < k->nin + k->nout; j++) {
        const char *ct = dt_ctype(c->types[j]);
        if (j) sb_puts(&call, ", ");
        if (j >= k->nin)
            sb_printf(&call, "gp_o%d", j);
        else if (k->params[j].raw)
            sb_printf(&call, "gp_carray<%s>{ra%d}", ct, in->args[j]->id);
        else
            sb_printf(&call, "gp_cast<%s>(v%d)", ct, in->args[j]->id);
    }
    cg_line(out, n + 1, "%s);", call.s);
    sb_free(&call);
    cg_line(out, n + 1, "v%d = gp_o%d;", in->res->id, k->nin + (int)in->ival);
    cg_line(out, n, "}");
}

/* The instructions of a group (up to, not including, an IR_REDUCE), in order.
 * idx: the C expression of the linear index (ARANGE, LINSPACE); EYE reads ix[0], ix[1]. */
void cg_emit_instrs(StrBuf *out, int n, const KernelGroup *g, const char *idx)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        const char *rt = in->res ? cg_val_ctype(in->res) : NULL;
        switch (in->op) {
        case IR_REDUCE:
            return;
        case IR_FULL:
            cg_line(out, n, "const %s v%d = gp_cast<%s>(v%d);", rt, in->res->id, rt,
                    in->args[in->nargs - 1]->id);
            break;
        case IR_ARANGE: {
            /* start + i*step in the result's type; integer results count in int64 */
            DType d = in->res->type->dtype;
            const char *ct = (d == DT_BOOL || dt_is_int(d)) ? "int64_t" : dt_ctype(d);
            cg_line(out, n,
                    "const %s v%d = gp_cast<%s>(gp_add<%s>(gp_cast<%s>(v%d), gp_mul<%s>(gp_cast<%s>(%s), gp_cast<%s>(v%d))));",
                    rt, in->res->id, rt, ct, ct, in->args[0]->id, ct, ct, idx, ct, in->args[1]->id);
            break;
        }
        case IR_LINSPACE: {
            bool cplx = dt_is_complex(in->res->type->dtype) ||
                        in->args[0]->type->kind == TY_COMPLEX || in->args[1]->type->kind == TY_COMPLEX ||
                        (is_array(in->args[0]) && dt_is_complex(in->args[0]->type->dtype)) ||
                        (is_array(in->args[1]) && dt_is_complex(in->args[1]->type->dtype));
            const char *st = cplx ? "gp_c128" : "double";
            cg_line(out, n,
                    "const %s v%d = gp_linspace_at<%s>(gp_cast<%s>(v%d), gp_cast<%s>(v%d), gp_cast<int64_t>(v%d), %s, %s);",
                    rt, in->res->id, rt, st, in->args[0]->id, st, in->args[1]->id, in->args[2]->id,
                    in->ival ? "true" : "false", idx);
            break;
        }
        case IR_EYE:
            cg_line(out, n, "const %s v%d = gp_cast<%s>(ix[1] - ix[0] == gp_cast<int64_t>(v%d));", rt,
                    in->res->id, rt, in->args[2]->id);
            break;
        case IR_COPY:
            cg_line(out, n, "const %s v%d = gp_cast<%s>(v%d);", rt, in->res->id, rt, in->args[0]->id);
            break;
        case IR_STORE_INTO: {
            const IrValue *dst = in->args[0];
            const char *dt = dt_ctype(dst->type->dtype);
            if (g->recur && !g->recur->carry_in) { /* in place: carried, written after the loop */
                cg_line(out, n, "rc%d = gp_cast<%s>(v%d);", dst->id, dt, in->args[1]->id);
                break;
            }
            cg_line(out, n, "*(%s *)(a%d.data + off%d) = gp_cast<%s>(v%d);", dt, dst->id, dst->id, dt,
                    in->args[1]->id);
            break;
        }
        case IR_UKERNEL: emit_ukernel(out, n, g, in, idx); break;
        default:
            if (ir_op_is_ewise(in->op) && in->res) cg_emit_ewise(out, n, in);
            else cg_line(out, n, "#error \"gpyc: %s cannot run in a kernel\"", ir_op_name(in->op));
            break;
        }
    }
}

/* kg_s = the broadcast shape of the group's array arguments, or a 0-d shape when it has none. */
void cg_emit_broadcast_shape(StrBuf *out, int n, const Launch *L, const KParams *p)
{
    if (p->arrs.n == 0) {
        cg_line(out, n, "kg_s = rt_shape_make(0, NULL);");
        return;
    }
    StrBuf l = {0};
    for (int i = 0; i < p->arrs.n; i++) sb_printf(&l, "%s%s", i ? ", " : "", cg_nm(L, VEC_AT(p->arrs, i)));
    cg_line(out, n, "{");
    cg_line(out, n + 1, "const gp_array *kg_bc[%d] = {%s};", p->arrs.n, l.s);
    cg_line(out, n + 1, "rt_broadcast(&kg_s, %d, kg_bc);", p->arrs.n);
    cg_line(out, n, "}");
    sb_free(&l);
}

void cg_emit_scalar_params(StrBuf *out, const KParams *p)
{
    for (int i = 0; i < p->scalars.n; i++) {
        const IrValue *v = VEC_AT(p->scalars, i);
        sb_printf(out, ", %s v%d", cg_val_ctype(v), v->id);
    }
}

/* ---------------------------------------------------------------- launches */

/* The C expression of value v in the launch's host code. */
const char *cg_nm(const Launch *L, const IrValue *v) { return L->name_of(v, L->ctx); }

/* The scalar arguments of a kernel call, in parameter order. */
void cg_put_scalar_args(StrBuf *sb, const Launch *L, const KParams *p)
{
    for (int i = 0; i < p->scalars.n; i++) sb_printf(sb, ", %s", cg_nm(L, VEC_AT(p->scalars, i)));
}
