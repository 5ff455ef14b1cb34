/*
 * kernels.c — one __global__ CUDA kernel per KernelGroup, and the host code that launches it.
 *
 * KG_EWISE: a grid-stride loop over the iteration shape s.  Each array the group reads or
 * writes is a gp_kin (data + byte strides broadcast to s); a kernel takes a fast path (offset
 * = index * st[last]) when the host found every operand C-contiguous over s or constant.
 * Inputs are loaded once per element into v<id>, the instructions run in program order on
 * registers, and outputs (values defined in the group and used outside it) are stored last.
 * Host scalars are parameters v<id> of their host C type (bool, int64_t, double, gp_c128).
 *
 * KG_REDUCE: one block (256 threads) per output element and per split of the reduced range;
 * threads stride over the reduced elements, accumulate in the accumulation type, and combine
 * with cub::BlockReduce.  When the reduced range is long and there are few outputs the range
 * is split over several blocks that write partials, which gp_reduce_finish combines.
 * Elementwise instructions of the group before the IR_REDUCE (a fused prologue) run per
 * reduced element.  Index reductions (argmax, argmin, nanarg*) accumulate (value, index in the
 * reduced range) pairs, gp_argacc, whose combiner breaks ties by the smaller index, and store
 * the index.
 *
 * Names in generated code: kernel parameters and locals use the IR value ids (a<id> the
 * gp_kin of array v<id>, off<id> its byte offset, v<id> its element); host statements use
 * kg_-prefixed locals inside their own { } block and assign outputs to name_of(v).
 */
#include "codegen.h"

#include <stdlib.h>
#include <string.h>

/* ROW_REGS: a row chain keeps a row in registers (ROW_REGS vectors per thread) when it has at
 * most BLOCK * ROW_REGS vectors (8192 float32), else in shared memory when it fits. */
enum { BLOCK = 256, UNROLL = 4, ROW_REGS = 8 };

/* ---------------------------------------------------------------- helpers */

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

static bool defined_in(const IrValue *v, const KernelGroup *g)
{
    return v && v->def && v->def->group == g;
}

/* The C type of a value inside a kernel: an array's element type, or a host scalar's. */
static const char *val_ctype(const IrValue *v)
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
static void line(StrBuf *out, int n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void line(StrBuf *out, int n, const char *fmt, ...)
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

/* The arrays and scalars a kernel takes, in parameter order. */
typedef struct KParams {
    Vec outs;      /* IrValue*: arrays defined in the group and used outside (allocated) */
    Vec arrs;      /* IrValue*: array inputs (group inputs), read or written in place */
    Vec scalars;   /* IrValue*: host scalars the kernel code reads */
    Vec dsts;      /* IrValue*: STORE_INTO destinations */
} KParams;

static void push_unique(Vec *vec, IrValue *v)
{
    for (int i = 0; i < vec->n; i++)
        if (VEC_AT(*vec, i) == v) return;
    vec_push(vec, v);
}

static bool in_vec(const Vec *vec, const IrValue *v)
{
    for (int i = 0; i < vec->n; i++)
        if (VEC_AT(*vec, i) == v) return true;
    return false;
}

static void kparams_build(KParams *p, const KernelGroup *g)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < g->outputs.n; i++) {
        IrValue *v = VEC_AT(g->outputs, i);
        if (defined_in(v, g) && is_array(v)) push_unique(&p->outs, v);
    }
    for (int i = 0; i < g->inputs.n; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        if (is_array(v)) push_unique(&p->arrs, v);
    }
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO) push_unique(&p->dsts, in->args[0]);
        for (int j = 0; j < in->nargs; j++) {
            IrValue *a = in->args[j];
            if (!a || defined_in(a, g) || is_array(a) || !arg_in_kernel(in, j)) continue;
            push_unique(&p->scalars, a);
        }
    }
    if (g->recur) {         /* the loop's range: the kernel counts the iterations */
        push_unique(&p->scalars, g->recur->start);
        push_unique(&p->scalars, g->recur->stop);
        push_unique(&p->scalars, g->recur->step);
    }
}

static void kparams_free(KParams *p)
{
    vec_free(&p->outs);
    vec_free(&p->arrs);
    vec_free(&p->scalars);
    vec_free(&p->dsts);
}

/* True when array input v is read as a value (not only written as a STORE_INTO destination). */
static bool array_is_read(const KernelGroup *g, const IrValue *v)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == v && !(in->op == IR_STORE_INTO && j == 0)) return true;
    }
    return false;
}

static const IrInstr *find_op(const KernelGroup *g, IrOp op)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == op) return in;
    }
    return NULL;
}

/* ---------------------------------------------------------------- the comment above a kernel */

static const char *file_name(const IrModule *m, const KernelGroup *g)
{
    if (g->last && g->last->span.file && g->last->span.file->name) return g->last->span.file->name;
    if (m->main_file && m->main_file->name) return m->main_file->name;
    return "script.py";
}

/* "script.py:12" or "script.py:12-14" */
static void put_where(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    if (g->line_lo == g->line_hi) sb_printf(out, "%s:%d", file_name(m, g), g->line_lo);
    else sb_printf(out, "%s:%d-%d", file_name(m, g), g->line_lo, g->line_hi);
}

/* The text of source line n (trimmed, at most 90 bytes, "*" "/" broken up). */
static void put_source_line(StrBuf *out, const SrcFile *f, int n)
{
    if (!f || !f->text || n <= 0) return;
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < n && p < end; p++)
        if (*p == '\n') l++;
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r') e++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t')) e--;
    int len = 0;
    for (const char *q = p; q < e && len < 90; q++, len++) {
        unsigned char c = (unsigned char)*q;
        if (c == '*' && q + 1 < e && q[1] == '/') {
            sb_puts(out, "* ");
            continue;
        }
        sb_putc(out, (c < 0x20 || c == 0x7f) ? ' ' : (char)c);
    }
    if (e - p > 90) sb_puts(out, " ...");
}

static void put_comment(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    sb_puts(out, "/* ");
    sb_puts(out, g->name);
    sb_puts(out, " — ");
    put_where(out, m, g);
    sb_puts(out, "\n");
    const SrcFile *f = g->last ? g->last->span.file : NULL;
    if (f && g->line_hi - g->line_lo < 8) {
        for (int l = g->line_lo; l <= g->line_hi; l++) {
            sb_printf(out, " *   %4d | ", l);
            put_source_line(out, f, l);
            sb_putc(out, '\n');
        }
    }
    sb_puts(out, " *   ops:");
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        sb_printf(out, "%s ", i ? "," : "");
        if (in->res) sb_printf(out, "v%d = ", in->res->id);
        if (in->op == IR_REDUCE) sb_printf(out, "%s", ir_redop_name(in->redop));
        else sb_puts(out, ir_op_name(in->op));
        if (in->op == IR_CAST) sb_printf(out, "<%s>", dt_name(in->dtype));
        sb_putc(out, '(');
        for (int j = 0; j < in->nargs; j++)
            sb_printf(out, "%sv%d", j ? ", " : "", in->args[j] ? in->args[j]->id : 0);
        sb_putc(out, ')');
    }
    sb_puts(out, "\n */\n");
}

/* ---------------------------------------------------------------- kernel bodies */

/* gp_cast<CT>(v<id>) */
static void put_cast(StrBuf *out, const char *ct, const IrValue *v)
{
    sb_printf(out, "gp_cast<%s>(v%d)", ct, v->id);
}

/* One elementwise table op: v<r> = gp_cast<RT>(FN<CT>(operands cast to CT)). */
static void emit_ewise(StrBuf *out, int n, const IrInstr *in)
{
    const OpInfo *info = ir_op_info(in->op);
    const char *rt = val_ctype(in->res);
    const char *ct = dt_ctype(in->cdtype);
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
    line(out, n, "const %s v%d = %s;", rt, in->res->id, e.s);
    sb_free(&e);
}

/* The instructions of a group (up to, not including, an IR_REDUCE), in order.
 * idx: the C expression of the linear index (ARANGE, LINSPACE); EYE reads ix[0], ix[1]. */
static void emit_instrs(StrBuf *out, int n, const KernelGroup *g, const char *idx)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        const char *rt = in->res ? val_ctype(in->res) : NULL;
        switch (in->op) {
        case IR_REDUCE:
            return;
        case IR_FULL:
            line(out, n, "const %s v%d = gp_cast<%s>(v%d);", rt, in->res->id, rt,
                 in->args[in->nargs - 1]->id);
            break;
        case IR_ARANGE: {
            /* start + i*step in the result's type; integer results count in int64 */
            DType d = in->res->type->dtype;
            const char *ct = (d == DT_BOOL || dt_is_int(d)) ? "int64_t" : dt_ctype(d);
            line(out, n,
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
            line(out, n,
                 "const %s v%d = gp_linspace_at<%s>(gp_cast<%s>(v%d), gp_cast<%s>(v%d), gp_cast<int64_t>(v%d), %s, %s);",
                 rt, in->res->id, rt, st, in->args[0]->id, st, in->args[1]->id, in->args[2]->id,
                 in->ival ? "true" : "false", idx);
            break;
        }
        case IR_EYE:
            line(out, n, "const %s v%d = gp_cast<%s>(ix[1] - ix[0] == gp_cast<int64_t>(v%d));", rt,
                 in->res->id, rt, in->args[2]->id);
            break;
        case IR_COPY:
            line(out, n, "const %s v%d = gp_cast<%s>(v%d);", rt, in->res->id, rt, in->args[0]->id);
            break;
        case IR_STORE_INTO: {
            const IrValue *dst = in->args[0];
            const char *dt = dt_ctype(dst->type->dtype);
            line(out, n, "*(%s *)(a%d.data + off%d) = gp_cast<%s>(v%d);", dt, dst->id, dst->id, dt,
                 in->args[1]->id);
            break;
        }
        default:
            if (ir_op_is_ewise(in->op) && in->res) emit_ewise(out, n, in);
            else line(out, n, "#error \"gpyc: %s cannot run in a kernel\"", ir_op_name(in->op));
            break;
        }
    }
}

/* The group's instructions for one element; for a recurrence (recur.c), in a loop that
 * carries carry_in -> carry_out through len(range(...)) iterations in registers. */
static void emit_body(StrBuf *out, int n, const KernelGroup *g, const char *idx)
{
    const Recurrence *rc = g->recur;
    if (!rc) {
        emit_instrs(out, n, g, idx);
        return;
    }
    const char *ct = val_ctype(rc->carry_out);
    line(out, n, "%s rc_x = v%d;", ct, rc->carry_in->id);
    line(out, n, "for (int64_t rc_i = gp_range_len(v%d, v%d, v%d); rc_i > 0; rc_i--) {", rc->start->id, rc->stop->id,
         rc->step->id);
    line(out, n + 1, "const %s v%d = rc_x;", ct, rc->carry_in->id);
    emit_instrs(out, n + 1, g, idx);
    line(out, n + 1, "rc_x = v%d;", rc->carry_out->id);
    line(out, n, "}");
    line(out, n, "const %s v%d = rc_x;", ct, rc->carry_out->id);
}

static void emit_scalar_params(StrBuf *out, const KParams *p)
{
    for (int i = 0; i < p->scalars.n; i++) {
        const IrValue *v = VEC_AT(p->scalars, i);
        sb_printf(out, ", %s v%d", val_ctype(v), v->id);
    }
}

/* sl<id> = the stride of the last dimension of s for every array in `all` (the element step of
 * the contiguous paths), read through gp_at: indexing a kernel parameter's array at a run-time
 * index (st[ndim - 1]) makes nvcc copy the whole parameter to local memory in every thread. */
static void emit_last_strides(StrBuf *out, int n, const Vec *all)
{
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        line(out, n, "const int64_t sl%d = gp_at(a%d.st, s.ndim - 1);", id, id);
        line(out, n, "(void)sl%d;", id);
    }
}

/* Writes the byte offsets o<id>[u] of element i (of index type IT) for every array in `all`:
 * contiguous path (i * st[last]) when `fast`, else the row-major decomposition of i over
 * s.dim — one division per dimension but the first, in IT (32 bits when the host found the
 * size small enough).  need_ix (eye): the decomposition always runs and keeps row and col. */
static void emit_offsets(StrBuf *out, int n, const Vec *all, bool need_ix)
{
    int body = n;
    if (!need_ix) {
        line(out, n, "if (fast) {");
        for (int i = 0; i < all->n; i++) {
            int id = ((IrValue *)VEC_AT(*all, i))->id;
            line(out, n + 1, "o%d[u] = (int64_t)i * sl%d;", id, id);
        }
        line(out, n, "} else {");
        body = n + 1;
    }
    for (int i = 0; i < all->n; i++) line(out, body, "o%d[u] = 0;", ((IrValue *)VEC_AT(*all, i))->id);
    line(out, body, "IT r = i;");
    /* constant indices (unrolled, guarded by ndim): see gp_at */
    line(out, body, "#pragma unroll");
    line(out, body, "for (int d = GP_MAXDIM - 1; d > 0; d--) {");
    line(out, body + 1, "if (d >= s.ndim) continue;");
    line(out, body + 1, "const IT dd = (IT)s.dim[d], q = r / dd, id = r - q * dd;");
    line(out, body + 1, "r = q;");
    if (need_ix) line(out, body + 1, "if (d == 1) col[u] = id;");
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        line(out, body + 1, "o%d[u] += (int64_t)id * a%d.st[d];", id, id);
    }
    line(out, body, "}");
    if (need_ix) line(out, body, "row[u] = r;");
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        line(out, body, "o%d[u] += (int64_t)r * a%d.st[0];", id, id);
    }
    if (!need_ix) line(out, n, "}");
}

/* Elements per thread of the vector path: 16 bytes of the widest array's type (1: no vector
 * path, for eye's 2-D index or 16-byte types). */
static int ewise_vec_width(const KernelGroup *g, const Vec *all)
{
    if (find_op(g, IR_EYE)) return 1;
    int widest = 1;
    for (int i = 0; i < all->n; i++) {
        int s = dt_size(((IrValue *)VEC_AT(*all, i))->type->dtype);
        if (s > widest) widest = s;
    }
    return widest >= 16 ? 1 : 16 / widest;
}

/* ", a<id>..., v<id>..." — the arguments after the shape (the body's and the kernel's). */
static void put_kernel_args(StrBuf *out, const Vec *all, const KParams *p, bool decl)
{
    for (int i = 0; i < all->n; i++)
        sb_printf(out, ", %sa%d", decl ? "const gp_kin &" : "", ((IrValue *)VEC_AT(*all, i))->id);
    for (int i = 0; i < p->scalars.n; i++) {
        const IrValue *v = VEC_AT(p->scalars, i);
        if (decl) sb_printf(out, ", const %s v%d", val_ctype(v), v->id);
        else sb_printf(out, ", v%d", v->id);
    }
}

/* The scalar body, a template over the index type IT (uint32_t or int64_t): each thread takes
 * UNROLL elements a grid stride apart per step, from `begin`, issues all their loads first
 * (phase 1: memory-level parallelism), then computes and stores them (phase 2). */
static void ewise_body_def(StrBuf *out, const KernelGroup *g, const KParams *p, const Vec *all, bool need_ix)
{
    sb_printf(out, "template<typename IT>\n__device__ __forceinline__ void %s_body(const gp_shape &s, bool fast, IT begin", g->name);
    put_kernel_args(out, all, p, true);
    sb_puts(out, ")\n{\n");
    line(out, 1, "const IT size = (IT)s.size, stride = (IT)gridDim.x * blockDim.x;");
    if (!need_ix) emit_last_strides(out, 1, all);
    line(out, 1, "for (IT i0 = begin + (IT)blockIdx.x * blockDim.x + threadIdx.x; i0 < size; i0 += %d * stride) {", UNROLL);
    StrBuf decl = {0};
    for (int i = 0; i < all->n; i++) sb_printf(&decl, "%so%d[%d]", i ? ", " : "", ((IrValue *)VEC_AT(*all, i))->id, UNROLL);
    if (all->n) line(out, 2, "int64_t %s;", decl.s);
    sb_free(&decl);
    if (need_ix) line(out, 2, "int64_t row[%d] = {0}, col[%d] = {0};", UNROLL, UNROLL);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (array_is_read(g, v)) line(out, 2, "%s in%d[%d];", val_ctype(v), v->id, UNROLL);
    }
    /* phase 1: offsets and loads */
    line(out, 2, "#pragma unroll");
    line(out, 2, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, 3, "const IT i = i0 + u * stride;");
    line(out, 3, "if (i >= size) break;");
    emit_offsets(out, 3, all, need_ix);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!array_is_read(g, v)) continue;
        line(out, 3, "in%d[u] = *(const %s *)(a%d.data + o%d[u]);", v->id, val_ctype(v), v->id, v->id);
    }
    line(out, 2, "}");
    /* phase 2: compute and store */
    line(out, 2, "#pragma unroll");
    line(out, 2, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, 3, "const IT i = i0 + u * stride;");
    line(out, 3, "if (i >= size) break;");
    for (int i = 0; i < all->n; i++) {
        IrValue *v = VEC_AT(*all, i);
        if (i < p->outs.n || in_vec(&p->dsts, v)) line(out, 3, "const int64_t off%d = o%d[u];", v->id, v->id);
    }
    if (need_ix) line(out, 3, "const int64_t ix[2] = {row[u], col[u]};");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (array_is_read(g, v)) line(out, 3, "const %s v%d = in%d[u];", val_ctype(v), v->id, v->id);
    }
    emit_body(out, 3, g, "i");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        line(out, 3, "*(%s *)(a%d.data + off%d) = v%d;", val_ctype(v), v->id, v->id, v->id);
    }
    line(out, 2, "}");
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* The vector path of the kernel (mode & 4): every array contiguous over s (or one element
 * read everywhere), 16-byte aligned, s.size < 2^31.  Thread t loads elements [t*V, t*V+V) of
 * each array with one 16-byte access (gp_vload), computes them in registers and stores each
 * output with one access; the s.size % V last elements go to the scalar body. */
static void emit_vec_path(StrBuf *out, const KernelGroup *g, const KParams *p, const Vec *all, int V)
{
    line(out, 1, "if (mode & 4) {");
    line(out, 2, "const uint32_t nv = (uint32_t)(s.size / %d), nthr = gridDim.x * blockDim.x;", V);
    emit_last_strides(out, 2, all);
    /* software pipelining: the next step's vectors are loaded before this step computes, so
     * loads stay in flight while the arithmetic runs */
    line(out, 2, "uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!array_is_read(g, v)) continue;
        const char *ct = val_ctype(v);
        line(out, 2, "gp_vec<%s, %d> in%d;", ct, V, v->id);
        line(out, 2, "if (t < nv) in%d = gp_vload<%s, %d>(a%d.data, sl%d != 0, t);", v->id, ct, V, v->id, v->id);
    }
    line(out, 2, "for (; t < nv; t += nthr) {");
    line(out, 3, "const uint32_t tn = t + nthr;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!array_is_read(g, v)) continue;
        const char *ct = val_ctype(v);
        line(out, 3, "gp_vec<%s, %d> nx%d = in%d;", ct, V, v->id, v->id);
        line(out, 3, "if (tn < nv) nx%d = gp_vload<%s, %d>(a%d.data, sl%d != 0, tn);", v->id, ct, V, v->id, v->id);
    }
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        line(out, 3, "gp_vec<%s, %d> r%d;", val_ctype(v), V, v->id);
    }
    line(out, 3, "#pragma unroll");
    line(out, 3, "for (int u = 0; u < %d; u++) {", V);
    line(out, 4, "const uint32_t i = t * %d + u;", V);
    line(out, 4, "(void)i;");
    for (int i = 0; i < p->dsts.n; i++) {
        const IrValue *v = VEC_AT(p->dsts, i);
        line(out, 4, "const int64_t off%d = (int64_t)i * sl%d;", v->id, v->id);
    }
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (array_is_read(g, v)) line(out, 4, "const %s v%d = in%d.v[u];", val_ctype(v), v->id, v->id);
    }
    emit_body(out, 4, g, "i");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        line(out, 4, "r%d.v[u] = v%d;", v->id, v->id);
    }
    line(out, 3, "}");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        line(out, 3, "gp_vstore<%s, %d>(a%d.data, t, r%d);", val_ctype(v), V, v->id, v->id);
    }
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (array_is_read(g, v)) line(out, 3, "in%d = nx%d;", v->id, v->id);
    }
    line(out, 2, "}");
    StrBuf args = {0};
    put_kernel_args(&args, all, p, false);
    line(out, 2, "%s_body<uint32_t>(s, true, nv * %d%s);", g->name, V, args.s);
    sb_free(&args);
    line(out, 2, "return;");
    line(out, 1, "}");
}

/* The elementwise kernel: a scalar body (a template over the index type) and, where the
 * arrays allow it, a vector path.  mode (chosen by the host, see ewise_launch): bit 0 every
 * array contiguous over s or constant (offset = index * st[last]); bit 1 the index fits 32
 * bits; bit 2 the vector path. */
static void ewise_def(StrBuf *out, const KernelGroup *g)
{
    KParams p;
    kparams_build(&p, g);
    bool need_ix = find_op(g, IR_EYE) != NULL;
    Vec all = {0};     /* every gp_kin: outputs then inputs */
    for (int i = 0; i < p.outs.n; i++) vec_push(&all, VEC_AT(p.outs, i));
    for (int i = 0; i < p.arrs.n; i++) vec_push(&all, VEC_AT(p.arrs, i));
    const int V = ewise_vec_width(g, &all);

    ewise_body_def(out, g, &p, &all, need_ix);
    if (g->bundle) {    /* run by its bundle's kernel (cg_bundle_defs) */
        sb_printf(out, "__device__ __forceinline__ void %s_run(const gp_shape &s, int mode", g->name);
        for (int i = 0; i < all.n; i++) sb_printf(out, ", const gp_kin &a%d", ((IrValue *)VEC_AT(all, i))->id);
    } else {
        sb_printf(out, "__global__ void __launch_bounds__(%d) %s(gp_shape s, int mode", BLOCK, g->name);
        for (int i = 0; i < all.n; i++) sb_printf(out, ", gp_kin a%d", ((IrValue *)VEC_AT(all, i))->id);
    }
    emit_scalar_params(out, &p);
    sb_puts(out, ")\n{\n");
    if (V > 1) emit_vec_path(out, g, &p, &all, V);
    StrBuf args = {0};
    put_kernel_args(&args, &all, &p, false);
    line(out, 1, "if (mode & 2) %s_body<uint32_t>(s, mode & 1, 0u%s);", g->name, args.s);
    line(out, 1, "else %s_body<int64_t>(s, mode & 1, (int64_t)0%s);", g->name, args.s);
    sb_puts(out, "}\n\n");
    sb_free(&args);
    vec_free(&all);
    kparams_free(&p);
}

/* ---------------------------------------------------------------- reductions */

static const IrInstr *reduce_of(const KernelGroup *g)
{
    const IrInstr *r = find_op(g, IR_REDUCE);
    GPYC_ASSERT(r != NULL);
    return r;
}

/* The accumulation dtype: bool for any/all; float for float16; the result dtype otherwise
 * (mean's result dtype is already a float or complex).  Index reductions (argmax ...): the
 * dtype of the compared values, the input's (float for float16); their accumulator is the
 * pair gp_argacc<that type> (acc_ctype). */
static DType acc_dtype(const IrInstr *r)
{
    if (r->redop == RED_ANY || r->redop == RED_ALL) return DT_BOOL;
    DType d = RED_IS_ARG(r->redop) ? r->args[0]->type->dtype : r->res->type->dtype;
    if (d == DT_FLOAT16) return DT_FLOAT32;
    if (r->redop == RED_MEAN && !dt_is_float(d) && !dt_is_complex(d)) return DT_FLOAT64;
    return d;
}

/* The C type of the accumulator (valid until the next call). */
static const char *acc_ctype(const IrInstr *r)
{
    static char buf[64];
    const char *vt = dt_ctype(acc_dtype(r));
    if (!RED_IS_ARG(r->redop)) return vt;
    snprintf(buf, sizeof buf, "gp_argacc<%s>", vt);
    return buf;
}

static const char *red_functor(RedOp op)
{
    switch (op) {
    case RED_SUM: case RED_MEAN: return "gp_red_sum";
    case RED_PROD: return "gp_red_prod";
    case RED_MAX: return "gp_red_max";
    case RED_MIN: return "gp_red_min";
    case RED_ANY: return "gp_red_any";
    case RED_ALL: return "gp_red_all";
    case RED_ARGMAX: return "gp_red_arg<true, false>";
    case RED_ARGMIN: return "gp_red_arg<false, false>";
    case RED_NANARGMAX: return "gp_red_arg<true, true>";
    case RED_NANARGMIN: return "gp_red_arg<false, true>";
    case RED_NANMAX: return "gp_red_nanmax";
    case RED_NANMIN: return "gp_red_nanmin";
    }
    return "gp_red_sum";
}

/* The identity of reduction r, as a C expression of its accumulator type. */
static void put_identity(StrBuf *out, const IrInstr *r)
{
    const char *at = dt_ctype(acc_dtype(r));
    switch (r->redop) {
    case RED_SUM: case RED_MEAN: sb_printf(out, "gp_ident_sum<%s>()", at); break;
    case RED_PROD: sb_printf(out, "gp_ident_prod<%s>()", at); break;
    case RED_MAX: sb_printf(out, "gp_ident_max<%s>()", at); break;
    case RED_MIN: sb_printf(out, "gp_ident_min<%s>()", at); break;
    case RED_ANY: sb_puts(out, "false"); break;
    case RED_ALL: sb_puts(out, "true"); break;
    case RED_ARGMAX: case RED_NANARGMAX: sb_printf(out, "gp_ident_arg<%s, true>()", at); break;
    case RED_ARGMIN: case RED_NANARGMIN: sb_printf(out, "gp_ident_arg<%s, false>()", at); break;
    case RED_NANMAX: sb_printf(out, "gp_ident_nanmax<%s>()", at); break;
    case RED_NANMIN: sb_printf(out, "gp_ident_nanmin<%s>()", at); break;
    }
}

/* base<id> = the byte offset of output element `o`'s first input element, per array. */
static void emit_bases(StrBuf *out, int n, const KParams *p)
{
    if (!p->arrs.n) return;
    StrBuf decl = {0};
    for (int i = 0; i < p->arrs.n; i++)
        sb_printf(&decl, "%sbase%d = 0", i ? ", " : "", ((IrValue *)VEC_AT(p->arrs, i))->id);
    line(out, n, "int64_t %s;", decl.s);
    sb_free(&decl);
    line(out, n, "{");
    line(out, n + 1, "int64_t r = o;");
    line(out, n + 1, "for (int d = rs.ond - 1; d >= 0; d--) {");
    line(out, n + 2, "const int64_t id = gp_divmod(r, rs.odim[d]);");
    for (int i = 0; i < p->arrs.n; i++) {
        int id = ((IrValue *)VEC_AT(p->arrs, i))->id;
        line(out, n + 2, "base%d += id * a%d.ost[d];", id, id);
    }
    line(out, n + 1, "}");
    line(out, n, "}");
}

/* acc = combine(acc, v): the reduction's functor on its accumulator (`acc` names it) and the
 * value of its argument; index reductions pair the value with j, its place in the range. */
static void emit_combine(StrBuf *out, int n, const IrInstr *r, const char *at, const char *acc)
{
    if (RED_IS_ARG(r->redop))
        line(out, n, "%s = %s()(%s, gp_argacc<%s>{gp_cast<%s>(v%d), j});", acc, red_functor(r->redop), acc, at, at,
             r->args[0]->id);
    else
        line(out, n, "%s = %s()(%s, gp_cast<%s>(v%d));", acc, red_functor(r->redop), acc, at, r->args[0]->id);
}

/* off<id> = the byte offset of reduced element j (of output o, from base<id>) per array. */
static void emit_reduced_offsets(StrBuf *out, int n, const KParams *p)
{
    for (int i = 0; i < p->arrs.n; i++) {
        int id = ((IrValue *)VEC_AT(p->arrs, i))->id;
        line(out, n, "int64_t off%d = base%d;", id, id);
    }
    if (!p->arrs.n) return;
    line(out, n, "if (rs.ind == 1) {");
    for (int i = 0; i < p->arrs.n; i++) {
        int id = ((IrValue *)VEC_AT(p->arrs, i))->id;
        line(out, n + 1, "off%d += j * a%d.ist[0];", id, id);
    }
    line(out, n, "} else {");
    line(out, n + 1, "int64_t r = j;");
    line(out, n + 1, "for (int d = rs.ind - 1; d >= 0; d--) {");
    line(out, n + 2, "const int64_t id = gp_divmod(r, rs.idim[d]);");
    for (int i = 0; i < p->arrs.n; i++) {
        int id = ((IrValue *)VEC_AT(p->arrs, i))->id;
        line(out, n + 2, "off%d += id * a%d.ist[d];", id, id);
    }
    line(out, n + 1, "}");
    line(out, n, "}");
}

/* acc = combine(acc, x_j) for j = start, start + step, ... < j1: UNROLL elements per step,
 * loads first, then the prologue instructions and the combine. */
static void emit_accumulate(StrBuf *out, int n, const KernelGroup *g, const KParams *p,
                            const IrInstr *r, const char *start, const char *step)
{
    const char *at = dt_ctype(acc_dtype(r));
    line(out, n, "for (int64_t jb = %s; jb < j1; jb += %d * %s) {", start, UNROLL, step);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        line(out, n + 1, "%s in%d[%d];", val_ctype(v), v->id, UNROLL);
    }
    line(out, n + 1, "#pragma unroll");
    line(out, n + 1, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, n + 2, "const int64_t j = jb + u * %s;", step);
    line(out, n + 2, "if (j >= j1) break;");
    emit_reduced_offsets(out, n + 2, p);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        const char *ct = val_ctype(v);
        line(out, n + 2, "in%d[u] = *(const %s *)(a%d.data + off%d);", v->id, ct, v->id, v->id);
    }
    line(out, n + 1, "}");
    line(out, n + 1, "#pragma unroll");
    line(out, n + 1, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, n + 2, "const int64_t j = jb + u * %s;", step);
    line(out, n + 2, "if (j >= j1) break;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        line(out, n + 2, "const %s v%d = in%d[u];", val_ctype(v), v->id, v->id);
    }
    emit_instrs(out, n + 2, g, "j");
    emit_combine(out, n + 2, r, at, "acc");
    line(out, n + 1, "}");
    line(out, n, "}");
}

/* The widest element of a reduction's arrays gives its vector width: 16 bytes per access
 * (1: no vector path). */
static int reduce_vec_width(const KParams *p)
{
    int widest = 1;
    for (int i = 0; i < p->arrs.n; i++) {
        int s = dt_size(((IrValue *)VEC_AT(p->arrs, i))->type->dtype);
        if (s > widest) widest = s;
    }
    return (p->arrs.n == 0 || widest >= 16) ? 1 : 16 / widest;
}

/* Rows mode's vector loop (vec true: the reduced range is one contiguous dimension of every
 * array and each row starts 16-byte aligned): the block's threads take vectors of V elements
 * j0/V + threadIdx.x, ... < j1/V; jt is left at the first element the scalar loop takes. */
static void emit_accumulate_vec(StrBuf *out, int n, const KernelGroup *g, const KParams *p, const IrInstr *r, int V)
{
    const char *at = dt_ctype(acc_dtype(r));
    line(out, n, "if (vec) {");
    line(out, n + 1, "const int64_t jve = j1 / %d;", V);
    line(out, n + 1, "#pragma unroll 4   /* four vectors in flight per thread */");
    line(out, n + 1, "for (int64_t jv = j0 / %d + threadIdx.x; jv < jve; jv += blockDim.x) {", V);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        const char *ct = val_ctype(v);
        line(out, n + 2, "const gp_vec<%s, %d> in%d = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", ct, V,
             v->id, ct, V, v->id, v->id);
    }
    line(out, n + 2, "#pragma unroll");
    line(out, n + 2, "for (int u = 0; u < %d; u++) {", V);
    line(out, n + 3, "const int64_t j = jv * %d + u;", V);
    line(out, n + 3, "(void)j;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        line(out, n + 3, "const %s v%d = in%d.v[u];", val_ctype(v), v->id, v->id);
    }
    emit_instrs(out, n + 3, g, "j");
    emit_combine(out, n + 3, r, at, "acc");
    line(out, n + 2, "}");
    line(out, n + 1, "}");
    line(out, n + 1, "if (jve * %d > jt) jt = jve * %d;", V, V);
    line(out, n, "}");
}

/* The final value of reduction r from its accumulator `acc` (a C expression). */
static void put_final(StrBuf *out, const IrInstr *r, const char *rt, const char *at, const char *acc)
{
    if (r->redop == RED_MEAN) sb_printf(out, "gp_cast<%s>(gp_mean_div<%s>(%s, rs.nin))", rt, at, acc);
    else if (RED_IS_ARG(r->redop)) sb_printf(out, "gp_arg_index(%s)", acc);
    else sb_printf(out, "gp_cast<%s>(%s)", rt, acc);
}

/* Column mode's vector loop (col == V > 1, see gp_rkin_colvec): the thread's V adjacent
 * outputs o .. o+V-1 keep V accumulators; per reduced element j each array gives one V-wide
 * vector (one element repeated when its output stride is 0), UNROLL elements' loads first. */
static void emit_accumulate_colvec(StrBuf *out, int n, const KernelGroup *g, const KParams *p, const IrInstr *r,
                                   int V)
{
    const char *at = dt_ctype(acc_dtype(r));
    line(out, n, "for (int64_t jb = j0; jb < j1; jb += %d) {", UNROLL);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        line(out, n + 1, "gp_vec<%s, %d> in%d[%d];", val_ctype(v), V, v->id, UNROLL);
    }
    line(out, n + 1, "#pragma unroll");
    line(out, n + 1, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, n + 2, "const int64_t j = jb + u;");
    line(out, n + 2, "if (j >= j1) break;");
    emit_reduced_offsets(out, n + 2, p);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        const char *ct = val_ctype(v);
        line(out, n + 2, "in%d[u] = gp_vload<%s, %d>(a%d.data + off%d, a%d.ost[rs.ond - 1] != 0, 0u);", v->id, ct, V,
             v->id, v->id, v->id);
    }
    line(out, n + 1, "}");
    line(out, n + 1, "#pragma unroll");
    line(out, n + 1, "for (int u = 0; u < %d; u++) {", UNROLL);
    line(out, n + 2, "const int64_t j = jb + u;");
    line(out, n + 2, "if (j >= j1) break;");
    line(out, n + 2, "#pragma unroll");
    line(out, n + 2, "for (int w = 0; w < %d; w++) {", V);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        line(out, n + 3, "const %s v%d = in%d[u].v[w];", val_ctype(v), v->id, v->id);
    }
    emit_instrs(out, n + 3, g, "j");
    emit_combine(out, n + 3, r, at, "acc[w]");
    line(out, n + 2, "}");
    line(out, n + 1, "}");
    line(out, n, "}");
}

/* Whether a reduction group may take column mode's vector path: it reads arrays, and no
 * instruction depends on the output index (creation ops count elements themselves). */
static bool reduce_has_colvec(const KernelGroup *g, const KParams *p, int V)
{
    if (V <= 1 || p->arrs.n == 0) return false;
    for (int i = 0; i < g->instrs.n; i++)
        if (ir_op_is_creation(((const IrInstr *)VEC_AT(g->instrs, i))->op)) return false;
    return true;
}

/* What the three reduction kernels share: the group, its parameters, the reduction and the
 * C text of its accumulator type, identity and final value. */
typedef struct {
    const KernelGroup *g;
    KParams p;
    const IrInstr *r;
    const char *rt; /* result type */
    char at[64];    /* accumulator type */
    StrBuf ident, fin;
    int V; /* vector width (elements per 16-byte load) */
} RedGen;

/* Opens one reduction kernel: all modes take the same parameters, so the host picks one with
 * the same argument list. */
static void reduce_head(StrBuf *out, const RedGen *R, const char *suffix)
{
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s%s(gp_rshape rs, int col, bool vec, int64_t split, %s *out, %s *part",
              BLOCK, R->g->name, suffix, R->rt, R->at);
    for (int i = 0; i < R->p.arrs.n; i++) sb_printf(out, ", gp_rkin a%d", ((IrValue *)VEC_AT(R->p.arrs, i))->id);
    emit_scalar_params(out, &R->p);
    sb_puts(out, ")\n{\n");
    line(out, 1, "int64_t chunk = (rs.nin + split - 1) / split;");
    line(out, 1, "(void)vec;");
    line(out, 1, "(void)col;");
}

/* Opens the column modes' loop: a thread per (group of V adjacent outputs, split) pair, o the
 * group's first output, k its split, [j0, j1) its reduced range, base<id> per array. */
static void reduce_thread_loop(StrBuf *out, const RedGen *R, int V)
{
    const char *ng = V > 1 ? "ng" : "rs.nout";
    if (V > 1) line(out, 1, "const int64_t stride = (int64_t)gridDim.x * blockDim.x, ng = rs.nout / %d;", V);
    else line(out, 1, "const int64_t stride = (int64_t)gridDim.x * blockDim.x;");
    line(out, 1, "for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < %s * split; t += stride) {", ng);
    line(out, 2, "int64_t o = t, k = 0;");
    line(out, 2, "if (split > 1) { k = t; o = gp_divmod(k, %s); }", ng);
    if (V > 1) line(out, 2, "o *= %d;", V);
    line(out, 2, "const int64_t j0 = k * chunk;");
    line(out, 2, "const int64_t j1 = j0 + chunk < rs.nin ? j0 + chunk : rs.nin;");
    emit_bases(out, 2, &R->p);
}

/* Column vectors (<name>_cv, col == V, gp_rkin_colvec on every array): threads take (output
 * group, split) pairs, V adjacent outputs each, read as one 16-byte vector per reduced element. */
static void reduce_def_colvec(StrBuf *out, RedGen *R)
{
    const int V = R->V;
    reduce_head(out, R, "_cv");
    reduce_thread_loop(out, R, V);
    line(out, 2, "%s acc[%d];", R->at, V);
    line(out, 2, "#pragma unroll");
    line(out, 2, "for (int w = 0; w < %d; w++) acc[w] = %s;", V, R->ident.s);
    emit_accumulate_colvec(out, 2, R->g, &R->p, R->r, V);
    line(out, 2, "#pragma unroll");
    line(out, 2, "for (int w = 0; w < %d; w++) {", V);
    StrBuf finw = {0};
    put_final(&finw, R->r, R->rt, R->at, "acc[w]");
    line(out, 3, "if (split == 1) out[o + w] = %s;", finw.s);
    sb_free(&finw);
    line(out, 3, "else part[k * rs.nout + o + w] = acc[w];");
    line(out, 2, "}");
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* Columns (<name>_col, col == 1): threads take (output, split) pairs, adjacent threads adjacent
 * outputs, each reducing its range alone: coalesced when outputs are adjacent in memory. */
static void reduce_def_col(StrBuf *out, RedGen *R)
{
    reduce_head(out, R, "_col");
    reduce_thread_loop(out, R, 1);
    line(out, 2, "%s acc = %s;", R->at, R->ident.s);
    emit_accumulate(out, 2, R->g, &R->p, R->r, "j0", "1");
    line(out, 2, "if (split == 1) out[o] = %s;", R->fin.s);
    line(out, 2, "else part[k * rs.nout + o] = acc;");
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* Rows (<name>, col == 0): blocks take (output, split) pairs; the block's threads stride over
 * the reduced range and combine with cub::BlockReduce — for reduced elements adjacent in
 * memory.  Chunks round to 16 elements, so vector accesses start aligned in every split. */
static void reduce_def_rows(StrBuf *out, RedGen *R)
{
    reduce_head(out, R, "");
    line(out, 1, "if (split > 1) chunk = (chunk + 15) / 16 * 16;");
    line(out, 1, "for (int64_t b = blockIdx.x; b < rs.nout * split; b += gridDim.x) {");
    line(out, 2, "int64_t o = b;");
    line(out, 2, "const int64_t j0 = split > 1 ? gp_divmod(o, split) * chunk : 0;");
    line(out, 2, "const int64_t j1 = j0 + chunk < rs.nin ? j0 + chunk : rs.nin;");
    emit_bases(out, 2, &R->p);
    line(out, 2, "%s acc = %s;", R->at, R->ident.s);
    line(out, 2, "int64_t jt = j0;");
    if (R->V > 1) emit_accumulate_vec(out, 2, R->g, &R->p, R->r, R->V);
    emit_accumulate(out, 2, R->g, &R->p, R->r, "jt + threadIdx.x", "(int64_t)blockDim.x");
    line(out, 2, "acc = gp_block_reduce<%s, %d>(acc, %s());", R->at, BLOCK, red_functor(R->r->redop));
    line(out, 2, "if (threadIdx.x == 0) {");
    line(out, 3, "if (split == 1) out[o] = %s;", R->fin.s);
    line(out, 3, "else part[b] = acc;");
    line(out, 2, "}");
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* A reduction group becomes up to three kernels with one parameter list, one per mode, and the
 * host picks one (gp_reduce_col; reduce_launch).  Separate kernels because in one kernel the
 * widest path's registers set the occupancy of all: W5's argmin over 16 clusters in column
 * mode ran at 128 registers, 2 blocks per SM; the column kernel alone needs 80.
 * split > 1: partial results go to part, combined by gp_reduce_finish. */
static void reduce_def(StrBuf *out, const KernelGroup *g)
{
    RedGen R = {.g = g};
    kparams_build(&R.p, g);
    R.r = reduce_of(g);
    R.rt = dt_ctype(R.r->res->type->dtype);
    snprintf(R.at, sizeof R.at, "%s", acc_ctype(R.r));
    put_identity(&R.ident, R.r);
    put_final(&R.fin, R.r, R.rt, R.at, "acc");
    R.V = reduce_vec_width(&R.p);
    if (reduce_has_colvec(g, &R.p, R.V)) reduce_def_colvec(out, &R);
    reduce_def_col(out, &R);
    reduce_def_rows(out, &R);
    sb_free(&R.ident);
    sb_free(&R.fin);
    kparams_free(&R.p);
}

void cg_kernel_def(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    put_comment(out, m, g);
    if (g->kind == KG_REDUCE) reduce_def(out, g);
    else ewise_def(out, g);
}

/* ---------------------------------------------------------------- launches */

typedef struct Launch {
    StrBuf *out;
    CgValueName name_of;
    void *ctx;
    int n;          /* indentation level */
} Launch;

static const char *nm(const Launch *L, const IrValue *v) { return L->name_of(v, L->ctx); }

/* The scalar arguments of a kernel call, in parameter order. */
static void put_scalar_args(StrBuf *sb, const Launch *L, const KParams *p)
{
    for (int i = 0; i < p->scalars.n; i++) sb_printf(sb, ", %s", nm(L, VEC_AT(p->scalars, i)));
}

/* kg_s = the shape a creation op produces, from its shape arguments. */
static void creation_shape(const Launch *L, const IrInstr *in)
{
    StrBuf d = {0};
    int nd = 0;
    switch (in->op) {
    case IR_FULL:
        nd = in->res->type->ndim;
        for (int j = 0; j < nd; j++) sb_printf(&d, "%s%s", j ? ", " : "", nm(L, in->args[j]));
        break;
    case IR_ARANGE: {
        const char *n = nm(L, in->args[2]);
        sb_printf(&d, "%s < 0 ? 0 : %s", n, n);
        nd = 1;
        break;
    }
    case IR_LINSPACE:
        sb_puts(&d, nm(L, in->args[2]));
        nd = 1;
        break;
    case IR_EYE:
        sb_printf(&d, "%s, ", nm(L, in->args[0]));
        sb_puts(&d, nm(L, in->args[1]));
        nd = 2;
        break;
    default:
        GPYC_UNREACHABLE();
    }
    if (nd == 0) {
        line(L->out, L->n + 1, "kg_s = rt_shape_make(0, NULL);");
    } else {
        line(L->out, L->n + 1, "{");
        line(L->out, L->n + 2, "const int64_t kg_d[%d] = {%s};", nd, d.s);
        line(L->out, L->n + 2, "kg_s = rt_shape_make(%d, kg_d);", nd);
        line(L->out, L->n + 1, "}");
    }
    sb_free(&d);
}

/* A bundle member's place in its bundle's host state (see cg_bundle_member). */
typedef struct Slot {
    const Bundle *bd;
    int k;          /* member k: arguments in hb<id>_m<k>, element count in hb<id>_n[k] */
    int copy0;      /* its copies go to hb<id>_rel[copy0...] */
} Slot;

/* The elementwise launch of g; for a bundle member (slot != NULL) the host code up to the
 * launch, which fills the member's argument struct and element count instead and hands the
 * copies it makes to the bundle, which releases them after its launch. */
static void ewise_launch(const Launch *L, const KernelGroup *g, const Slot *slot)
{
    StrBuf *out = L->out;
    int n = L->n + 1;
    KParams p;
    kparams_build(&p, g);

    /* the iteration shape */
    line(out, n, "gp_shape kg_s;");
    const IrInstr *creation = NULL;
    for (int i = 0; i < g->instrs.n && !creation; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (ir_op_is_creation(in->op)) creation = in;
    }
    if (p.dsts.n > 0) {
        /* STORE_INTO: the destination's shape; every other array must broadcast into it */
        const IrValue *dst = VEC_AT(p.dsts, 0);
        line(out, n, "kg_s = rt_shape_of(%s);", nm(L, dst));
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (in_vec(&p.dsts, v)) continue;
            const char *x = nm(L, v);
            line(out, n, "gp_check_store_shape(kg_s.ndim, kg_s.dim, %s->ndim, %s->shape);", x, x);
        }
    } else if (creation) {
        creation_shape(L, creation);
        for (int i = 0; i < p.arrs.n; i++) {
            line(out, n, "{");
            line(out, n + 1, "const gp_shape kg_t = rt_shape_of(%s);", nm(L, VEC_AT(p.arrs, i)));
            line(out, n + 1, "gp_shape_broadcast(&kg_s, &kg_t);");
            line(out, n, "}");
        }
    } else if (p.arrs.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&l, "%s%s", i ? ", " : "", nm(L, VEC_AT(p.arrs, i)));
        line(out, n, "{");
        line(out, n + 1, "const gp_array *kg_bc[%d] = {%s};", p.arrs.n, l.s);
        line(out, n + 1, "rt_broadcast(&kg_s, %d, kg_bc);", p.arrs.n);
        line(out, n, "}");
        sb_free(&l);
    } else {
        line(out, n, "kg_s = rt_shape_make(0, NULL);");
    }

    /* a recurrence over an empty range leaves x as it was (the same array, no launch) */
    const Recurrence *rc = g->recur;
    if (rc) {
        const char *step = nm(L, rc->step);
        line(out, n, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
        line(out, n, "if (gp_range_len(%s, %s, %s) == 0) {", nm(L, rc->start), nm(L, rc->stop), step);
        line(out, n + 1, "%s = rt_retain(%s);", nm(L, rc->carry_out), nm(L, rc->carry_in));
        line(out, n, "} else {");
        n++;
    }

    /* outputs */
    for (int i = 0; i < p.outs.n; i++) {
        const IrValue *v = VEC_AT(p.outs, i);
        line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_s.dim);", nm(L, v), dt_gp_enum(v->type->dtype));
    }

    line(out, n, "if (kg_s.size > 0) {");
    /* inputs that may overlap a destination are read from a copy (NumPy's a[1:] = a[:-1]),
     * except an input that is exactly the destination (a[:] = a * 0.5: element e is read and
     * written by one thread, read first) */
    bool any_copy = false;
    for (int i = 0; i < p.arrs.n && p.dsts.n > 0; i++) {
        const IrValue *v = VEC_AT(p.arrs, i);
        if (in_vec(&p.dsts, v)) continue;
        StrBuf c = {0};
        for (int k = 0; k < p.dsts.n; k++) {
            sb_printf(&c, "%srt_store_needs_copy(", k ? " || " : "");
            sb_printf(&c, "%s, ", nm(L, VEC_AT(p.dsts, k)));
            sb_printf(&c, "%s)", nm(L, v));
        }
        line(out, n + 1, "gp_array *kg_c%d = (%s) ? rt_copy(%s) : NULL;", v->id, c.s, nm(L, v));
        sb_free(&c);
        any_copy = true;
    }
    Vec all = {0};
    for (int i = 0; i < p.outs.n; i++) vec_push(&all, VEC_AT(p.outs, i));
    for (int i = 0; i < p.arrs.n; i++) vec_push(&all, VEC_AT(p.arrs, i));
    for (int i = 0; i < all.n; i++) {
        const IrValue *v = VEC_AT(all, i);
        bool copied = p.dsts.n > 0 && i >= p.outs.n && !in_vec(&p.dsts, v);
        if (copied) {
            const char *x = nm(L, v);
            line(out, n + 1, "gp_kin a%d = rt_kin(kg_c%d ? kg_c%d : %s, &kg_s);", v->id, v->id, v->id, x);
        } else {
            line(out, n + 1, "gp_kin a%d = rt_kin(%s, &kg_s);", v->id, nm(L, v));
        }
    }
    /* the launch mode (see ewise_def): merge dimensions every array walks alike, then test
     * for contiguity, a 32-bit index and the vector path's alignment */
    const bool need_ix = find_op(g, IR_EYE) != NULL;
    const int V = ewise_vec_width(g, &all);
    if (!need_ix && all.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < all.n; i++) sb_printf(&l, "%s&a%d", i ? ", " : "", ((IrValue *)VEC_AT(all, i))->id);
        line(out, n + 1, "gp_kin *const kg_k[%d] = {%s};", all.n, l.s);
        line(out, n + 1, "gp_ew_coalesce(&kg_s, kg_k, %d);", all.n);
        sb_free(&l);
    }
    line(out, n + 1, "bool kg_fast = true;");
    for (int i = 0; i < all.n; i++) {
        const IrValue *v = VEC_AT(all, i);
        line(out, n + 1, "kg_fast = gp_kin_fast(&a%d, &kg_s, %d) && kg_fast;", v->id, dt_size(v->type->dtype));
    }
    line(out, n + 1, "int kg_mode = (kg_fast ? 1 : 0) | (kg_s.size <= INT32_MAX ? 2 : 0);");
    if (V > 1) {
        StrBuf c = {0};
        sb_puts(&c, "kg_mode == 3");
        for (int i = 0; i < all.n; i++) {
            const IrValue *v = VEC_AT(all, i);
            sb_printf(&c, " && gp_kin_aligned(&a%d, &kg_s, %d)", v->id, V * dt_size(v->type->dtype));
        }
        line(out, n + 1, "if (%s) kg_mode |= 4;", c.s);
        sb_free(&c);
    }
    StrBuf args = {0};
    sb_puts(&args, "kg_s, kg_mode");
    for (int i = 0; i < all.n; i++) sb_printf(&args, ", a%d", ((IrValue *)VEC_AT(all, i))->id);
    put_scalar_args(&args, L, &p);
    if (V > 1)
        line(out, n + 1, "const int64_t kg_n = (kg_mode & 4) ? (kg_s.size + %d) / %d : kg_s.size;", V - 1, V);
    else
        line(out, n + 1, "const int64_t kg_n = kg_s.size;");
    if (slot) {
        const int b = slot->bd->id, k = slot->k;
        line(out, n + 1, "hb%d_m%d.s = kg_s;", b, k);
        line(out, n + 1, "hb%d_m%d.mode = kg_mode;", b, k);
        for (int i = 0; i < all.n; i++) {
            int id = ((IrValue *)VEC_AT(all, i))->id;
            line(out, n + 1, "hb%d_m%d.a%d = a%d;", b, k, id, id);
        }
        for (int i = 0; i < p.scalars.n; i++) {
            const IrValue *v = VEC_AT(p.scalars, i);
            line(out, n + 1, "hb%d_m%d.v%d = %s;", b, k, v->id, nm(L, v));
        }
        line(out, n + 1, "hb%d_n[%d] = kg_n;", b, k);
        int c = slot->copy0;
        for (int i = 0; i < p.arrs.n && any_copy; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (!in_vec(&p.dsts, v)) line(out, n + 1, "hb%d_rel[%d] = kg_c%d;", b, c++, v->id);
        }
        any_copy = false;
    } else {
        /* the vector path in one pass, a thread per vector; the others grid-stride */
        line(out, n + 1, "%s<<<rt_grid_ew(kg_n, %s, %d, (const void *)%s), %d, 0, rt_stream()>>>(%s);", g->name,
             V > 1 ? "(kg_mode & 4) != 0" : "false", BLOCK, g->name, BLOCK, args.s);
        line(out, n + 1, "rt_check_launch();");
    }
    if (any_copy) {
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (!in_vec(&p.dsts, v)) line(out, n + 1, "rt_release(kg_c%d);", v->id);
        }
    }
    line(out, n, "}");
    if (rc) line(out, n - 1, "}");
    sb_free(&args);
    vec_free(&all);
    kparams_free(&p);
}

static void reduce_launch(const Launch *L, const KernelGroup *g)
{
    StrBuf *out = L->out;
    int n = L->n + 1;
    KParams p;
    kparams_build(&p, g);
    const IrInstr *r = reduce_of(g);
    DType rd = r->res->type->dtype;
    const char *rt = dt_ctype(rd);
    char at[64];
    snprintf(at, sizeof at, "%s", acc_ctype(r));
    const bool arg = RED_IS_ARG(r->redop);

    /* the reduction's input shape */
    const IrValue *src = r->args[0];
    line(out, n, "gp_shape kg_s;");
    if (!defined_in(src, g)) {
        line(out, n, "kg_s = rt_shape_of(%s);", nm(L, src));
    } else if (p.arrs.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&l, "%s%s", i ? ", " : "", nm(L, VEC_AT(p.arrs, i)));
        line(out, n, "{");
        line(out, n + 1, "const gp_array *kg_bc[%d] = {%s};", p.arrs.n, l.s);
        line(out, n + 1, "rt_broadcast(&kg_s, %d, kg_bc);", p.arrs.n);
        line(out, n, "}");
        sb_free(&l);
    } else {
        line(out, n, "kg_s = rt_shape_make(0, NULL);");
    }
    const char *axes = "NULL";
    if (r->naxes > 0) {
        StrBuf a = {0};
        for (int i = 0; i < r->naxes; i++) sb_printf(&a, "%s%d", i ? ", " : "", r->axes[i]);
        line(out, n, "const int kg_ax[%d] = {%s};", r->naxes, a.s);
        sb_free(&a);
        axes = "kg_ax";
    }
    line(out, n, "gp_rshape kg_rs;");
    line(out, n, "gp_shape kg_os;");
    line(out, n, "rt_reduce_setup(&kg_s, %d, %s, %s, &kg_rs, &kg_os);", r->naxes, axes,
         r->keepdims ? "true" : "false");
    if (r->redop == RED_MAX || r->redop == RED_MIN)
        line(out, n, "rt_reduce_check_nonempty(&kg_rs, \"%s\");", r->redop == RED_MAX ? "maximum" : "minimum");
    if (r->redop == RED_NANMAX || r->redop == RED_NANMIN)
        line(out, n, "rt_reduce_check_nonempty(&kg_rs, \"%s\");", r->redop == RED_NANMAX ? "fmax" : "fmin");
    if (arg)
        line(out, n, "gp_argreduce_check_nonempty(&kg_rs, \"%s\");",
             r->redop == RED_ARGMAX || r->redop == RED_NANARGMAX ? "argmax" : "argmin");
    const char *res = nm(L, r->res);
    line(out, n, "%s = rt_empty(%s, kg_os.ndim, kg_os.dim);", res, dt_gp_enum(rd));
    line(out, n, "if (kg_rs.nout > 0) {");
    for (int i = 0; i < p.arrs.n; i++) {
        const IrValue *v = VEC_AT(p.arrs, i);
        line(out, n + 1, "gp_rkin a%d = rt_rkin(%s, &kg_s, %d, %s);", v->id, nm(L, v), r->naxes, axes);
    }
    const int V = reduce_vec_width(&p);
    if (p.arrs.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&l, "%s&a%d", i ? ", " : "", ((IrValue *)VEC_AT(p.arrs, i))->id);
        line(out, n + 1, "gp_rkin *const kg_k[%d] = {%s};", p.arrs.n, l.s);
        line(out, n + 1, "gp_red_coalesce(&kg_rs, kg_k, %d);", p.arrs.n);
        sb_free(&l);
        if (reduce_has_colvec(g, &p, V)) {
            StrBuf c = {0};
            for (int i = 0; i < p.arrs.n; i++) {
                const IrValue *v = VEC_AT(p.arrs, i);
                sb_printf(&c, " && gp_rkin_colvec(&a%d, &kg_rs, %d, %d, %d)", v->id, dt_size(v->type->dtype),
                          V * dt_size(v->type->dtype), V);
            }
            line(out, n + 1, "int kg_col = gp_reduce_col(&kg_rs, &a%d) ? 1 : 0;", ((IrValue *)VEC_AT(p.arrs, 0))->id);
            line(out, n + 1, "if (kg_col%s) kg_col = %d;", c.s, V);
            sb_free(&c);
        } else {
            line(out, n + 1, "const int kg_col = gp_reduce_col(&kg_rs, &a%d) ? 1 : 0;", ((IrValue *)VEC_AT(p.arrs, 0))->id);
        }
    } else {
        line(out, n + 1, "const int kg_col = 0;");
    }
    if (V > 1) {
        StrBuf c = {0};
        sb_puts(&c, "!kg_col && kg_rs.ind == 1");
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            sb_printf(&c, " && gp_rkin_vec(&a%d, &kg_rs, %d, %d)", v->id, dt_size(v->type->dtype), V * dt_size(v->type->dtype));
        }
        line(out, n + 1, "const bool kg_vec = %s;", c.s);
        sb_free(&c);
    } else {
        line(out, n + 1, "const bool kg_vec = false;");
    }
    line(out, n + 1, "const int64_t kg_split = gp_reduce_split(&kg_rs, kg_col);");
    line(out, n + 1, "gp_array *kg_part = NULL;");
    line(out, n + 1, "if (kg_split > 1) {");
    /* partials of the accumulator type, in an int64 buffer large enough */
    line(out, n + 2, "const int64_t kg_np = kg_rs.nout * kg_split * (int64_t)((sizeof(%s) + 7) / 8);", at);
    line(out, n + 2, "kg_part = rt_empty(GP_INT64, 1, &kg_np);");
    line(out, n + 1, "}");
    StrBuf args = {0};
    sb_printf(&args, "kg_rs, kg_col, kg_vec, kg_split, (%s *)", rt);
    sb_printf(&args, "%s->data, kg_part ? (%s *)kg_part->data : NULL", res, at);
    for (int i = 0; i < p.arrs.n; i++) sb_printf(&args, ", a%d", ((IrValue *)VEC_AT(p.arrs, i))->id);
    put_scalar_args(&args, L, &p);
    line(out, n + 1, "const int64_t kg_threads = (kg_col ? kg_rs.nout / kg_col : kg_rs.nout * %d) * kg_split;", BLOCK);
    if (reduce_has_colvec(g, &p, V)) {
        line(out, n + 1, "if (kg_col == %d)", V);
        line(out, n + 2, "%s_cv<<<rt_grid_fit(kg_threads, %d, (const void *)%s_cv, 0), %d, 0, rt_stream()>>>(%s);", g->name,
             BLOCK, g->name, BLOCK, args.s);
        line(out, n + 1, "else if (kg_col)");
    } else {
        line(out, n + 1, "if (kg_col)");
    }
    line(out, n + 2, "%s_col<<<rt_grid_fit(kg_threads, %d, (const void *)%s_col, 0), %d, 0, rt_stream()>>>(%s);", g->name, BLOCK,
         g->name, BLOCK, args.s);
    line(out, n + 1, "else");
    line(out, n + 2, "%s<<<rt_grid_fit(kg_threads, %d, (const void *)%s, 0), %d, 0, rt_stream()>>>(%s);", g->name, BLOCK,
         g->name, BLOCK, args.s);
    line(out, n + 1, "rt_check_launch();");
    line(out, n + 1, "if (kg_part) {");
    StrBuf ident = {0};
    put_identity(&ident, r);
    if (arg) {
        line(out, n + 2, "gp_argreduce_finish<%s, %s><<<rt_grid_for(kg_rs.nout * (kg_col ? 8 : %d), %d), %d, 0, rt_stream()>>>(",
             at, red_functor(r->redop), BLOCK, BLOCK, BLOCK);
        line(out, n + 3, "(const %s *)kg_part->data, kg_split, (int64_t *)%s->data, kg_rs.nout, %s, kg_col != 0);", at,
             res, ident.s);
    } else {
        line(out, n + 2,
             "gp_reduce_finish<%s, %s, %s, %s><<<rt_grid_for(kg_rs.nout * (kg_col ? 8 : %d), %d), %d, 0, rt_stream()>>>(",
             at, rt, red_functor(r->redop), r->redop == RED_MEAN ? "true" : "false", BLOCK, BLOCK, BLOCK);
        line(out, n + 3, "(const %s *)kg_part->data, kg_split, (%s *)%s->data, kg_rs.nout, kg_rs.nin, %s, kg_col != 0);",
             at, rt, res, ident.s);
    }
    line(out, n + 2, "rt_check_launch();");
    line(out, n + 2, "rt_release(kg_part);");
    line(out, n + 1, "}");
    line(out, n, "}");
    sb_free(&ident);
    sb_free(&args);
    kparams_free(&p);
}

void cg_kernel_launch(StrBuf *out, const IrModule *m, const KernelGroup *g, CgValueName name_of,
                      void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    StrBuf where = {0};
    put_where(&where, m, g);
    line(out, indent, "{   /* %s  %s */", where.s, g->name);
    sb_free(&where);
    if (g->kind == KG_REDUCE) reduce_launch(&L, g);
    else ewise_launch(&L, g, NULL);
    line(out, indent, "}");
}

/* One line per kernel; a row chain's members follow its kernel, marked as its fallback. */
/* The loops graphloop.c marked in b (and the blocks nested in it), one line each. */
static void list_graph_loops(FILE *out, const IrModule *m, const IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_FOR_RANGE && in->graph) {
            const char *f = in->span.file && in->span.file->name ? in->span.file->name
                            : m->main_file && m->main_file->name ? m->main_file->name : "script.py";
            fprintf(out, "graph  %s:%u  (the loop of line %u, captured once and replayed:", f,
                    (unsigned)in->span.line, (unsigned)in->span.line);
            const IrBlock *body = in->blocks[0];
            for (int k = 0; k < body->instrs.n; k++) {
                const IrInstr *bi = VEC_AT(body->instrs, k);
                if (bi->group && bi->group->last == bi) fprintf(out, " %s", bi->group->name);
            }
            fputs(")\n", out);
        }
        list_graph_loops(out, m, in->blocks[0]);
        list_graph_loops(out, m, in->blocks[1]);
    }
}

void cg_list_kernels(FILE *out, const IrModule *m)
{
    bool *shown = xcalloc(m->siblings.n + 1, sizeof *shown);   /* sets whose line is out */
    for (int i = 0; i < m->groups.n; i++) {
        const KernelGroup *g = VEC_AT(m->groups, i);
        StrBuf w = {0};
        put_where(&w, m, g);
        if (g->chain && VEC_AT(g->chain->members, 0) == g) fprintf(out, "%s  %s\n", g->chain->name, w.s);
        const Siblings *sb = g->siblings;
        if (sb && !shown[sb->id]) {     /* the set, then its members (its fallback) */
            shown[sb->id] = true;
            fprintf(out, "%s  %s  (%d sibling reductions over the same rows, + %s_fin)\n", sb->name, w.s,
                    sb->members.n, sb->name);
            for (int k = 0; k < sb->members.n; k++) {
                const KernelGroup *h = VEC_AT(sb->members, k);
                StrBuf hw = {0};
                put_where(&hw, m, h);
                fprintf(out, "  %s  %s  (fallback of %s)\n", h->name, hw.s, sb->name);
                sb_free(&hw);
            }
        }
        const Bundle *bd = g->bundle;
        if (bd && VEC_AT(bd->members, 0) == g) {    /* the bundle, then the kernels it runs */
            fprintf(out, "%s  %s  (%d elementwise kernels in one launch)\n", bd->name, w.s, bd->members.n);
            for (int k = 0; k < bd->members.n; k++) {
                const KernelGroup *h = VEC_AT(bd->members, k);
                StrBuf hw = {0};
                put_where(&hw, m, h);
                fprintf(out, "  %s  %s  (in %s)\n", h->name, hw.s, bd->name);
                sb_free(&hw);
            }
        }
        if (g->chain) fprintf(out, "  %s  %s  (fallback of %s: few rows)\n", g->name, w.s, g->chain->name);
        else if (sb || bd) { /* listed with its set or bundle */ }
        else if (g->recur) fprintf(out, "%s  %s  (runs the loop of line %d per element)\n", g->name, w.s, g->recur->line);
        else fprintf(out, "%s  %s\n", g->name, w.s);
        sb_free(&w);
    }
    free(shown);
    for (int i = 0; i < m->funcs.n; i++) list_graph_loops(out, m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}

/* ---------------------------------------------------------------- row chains (rowfuse.c) */

/* Whether v, a result of a chain member, is used outside the chain. */
static bool used_outside_chain(const RowChain *c, const IrValue *v)
{
    int inner = 0;
    for (int k = 0; k < c->members.n; k++) {
        const KernelGroup *g = VEC_AT(c->members, k);
        for (int i = 0; i < g->instrs.n; i++) {
            const IrInstr *in = VEC_AT(g->instrs, i);
            for (int j = 0; j < in->nargs; j++) inner += in->args[j] == v;
        }
    }
    return v->nuses == 0 || v->nuses > inner;
}

/* The arrays a chain kernel takes: X, the elementwise members' outputs, the reduction results
 * (rv<id>, NULL when only the chain reads them), and the members' host scalars. */
typedef struct ChainParams {
    Vec outs;       /* IrValue*: elementwise outputs, full shape */
    Vec reds;       /* const IrInstr*: each member's IR_REDUCE */
    Vec scalars;    /* IrValue* */
} ChainParams;

static void chain_params(ChainParams *cp, const RowChain *c)
{
    memset(cp, 0, sizeof *cp);
    for (int k = 0; k < c->members.n; k++) {
        const KernelGroup *g = VEC_AT(c->members, k);
        KParams p;
        kparams_build(&p, g);
        if (g->kind == KG_REDUCE) vec_push(&cp->reds, (void *)reduce_of(g));
        else
            for (int i = 0; i < p.outs.n; i++) push_unique(&cp->outs, VEC_AT(p.outs, i));
        for (int i = 0; i < p.scalars.n; i++) push_unique(&cp->scalars, VEC_AT(p.scalars, i));
        kparams_free(&p);
    }
}

static void chain_params_free(ChainParams *cp)
{
    vec_free(&cp->outs);
    vec_free(&cp->reds);
    vec_free(&cp->scalars);
}

static int chain_vec_width(const RowChain *c, const ChainParams *cp)
{
    int widest = dt_size(c->x->type->dtype);
    for (int i = 0; i < cp->outs.n; i++) {
        int s = dt_size(((IrValue *)VEC_AT(cp->outs, i))->type->dtype);
        if (s > widest) widest = s;
    }
    return widest >= 16 ? 1 : 16 / widest;
}

/* One row vector xv (element index jv) through phase g: the member's instructions per element,
 * then the combine into acc (a reduction, accumulator type at) or the stores of its outputs
 * (one vector store each when vec). */
static void emit_row_vector(StrBuf *out, int n, const KernelGroup *g, const KParams *p, const IrInstr *r,
                            const IrValue *x, int V, const char *at)
{
    if (!r)
        for (int i = 0; i < p->outs.n; i++) {
            const IrValue *v = VEC_AT(p->outs, i);
            line(out, n, "gp_vec<%s, %d> ov%d;", val_ctype(v), V, v->id);
        }
    line(out, n, "#pragma unroll");
    line(out, n, "for (int u = 0; u < %d; u++) {", V);
    line(out, n + 1, "if (!vec && u > 0) break;");
    line(out, n + 1, "const int64_t j = vec ? jv * %d + u : jv;", V);
    line(out, n + 1, "(void)j;");
    line(out, n + 1, "const %s v%d = xv.v[u];", dt_ctype(x->type->dtype), x->id);
    emit_instrs(out, n + 1, g, "j");
    if (r) {
        emit_combine(out, n + 1, r, at, "acc");
    } else {
        for (int i = 0; i < p->outs.n; i++) {
            const IrValue *v = VEC_AT(p->outs, i);
            line(out, n + 1, "if (vec) ov%d.v[u] = v%d;", v->id, v->id);
            line(out, n + 1, "else *(%s *)(a%d.data + base%d + j * sl%d) = v%d;", val_ctype(v), v->id, v->id,
                 v->id, v->id);
        }
    }
    line(out, n, "}");
    if (!r)
        for (int i = 0; i < p->outs.n; i++) {
            const IrValue *v = VEC_AT(p->outs, i);
            line(out, n, "if (vec) gp_vstore<%s, %d>(a%d.data + base%d, (uint32_t)jv, ov%d);", val_ctype(v), V, v->id,
                 v->id, v->id);
        }
}

/* The chain kernel: blocks take rows o; each member runs as one phase over the row (the
 * block's threads stride over it, V elements at a time when flags & 1), in order.  Phase 0
 * reads X's row from memory and keeps it for the later phases: in registers when flags & 4
 * (vectors jv = threadIdx.x + q * BLOCK in xr[q], all loads issued first), else in shared
 * memory when flags & 2, else they read it again.  A reduction phase ends with a block reduction whose result every later phase
 * reads from shared memory (and rv<id>[o] when it is used outside the chain). */
static void rows_def(StrBuf *out, const IrModule *m, const RowChain *c)
{
    ChainParams cp;
    chain_params(&cp, c);
    const int V = chain_vec_width(c, &cp);
    const IrValue *x = c->x;
    const char *xt = dt_ctype(x->type->dtype);
    const KernelGroup *first = VEC_AT(c->members, 0);

    sb_printf(out, "/* %s — row chain over the rows of v%d: ", c->name, x->id);
    for (int k = 0; k < c->members.n; k++)
        sb_printf(out, "%s%s", k ? ", " : "", ((KernelGroup *)VEC_AT(c->members, k))->name);
    sb_puts(out, " in one pass (");
    put_where(out, m, first);
    sb_puts(out, ") */\n");
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s(gp_shape s, int flags, gp_kin a%d", BLOCK, c->name, x->id);
    for (int i = 0; i < cp.outs.n; i++) sb_printf(out, ", gp_kin a%d", ((IrValue *)VEC_AT(cp.outs, i))->id);
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        sb_printf(out, ", %s *rv%d", dt_ctype(r->res->type->dtype), r->res->id);
    }
    for (int i = 0; i < cp.scalars.n; i++) {
        const IrValue *v = VEC_AT(cp.scalars, i);
        sb_printf(out, ", %s v%d", val_ctype(v), v->id);
    }
    sb_puts(out, ")\n{\n");
    line(out, 1, "extern __shared__ __align__(16) unsigned char gp_rowbuf[];");
    line(out, 1, "%s *const row = (%s *)gp_rowbuf;", xt, xt);
    line(out, 1, "const bool vec = flags & 1, stage = flags & 2, regs = flags & 4;");
    line(out, 1, "const int last = s.ndim - 1;");
    /* run-time indices into the parameters only through gp_at and unrolled loops (see gp_at) */
    line(out, 1, "const int64_t C = gp_at(s.dim, last), nrows = s.size / C, nv = vec ? C / %d : C;", V);
    line(out, 1, "const int64_t sl%d = gp_at(a%d.st, last);", x->id, x->id);
    for (int i = 0; i < cp.outs.n; i++) {
        int id = ((IrValue *)VEC_AT(cp.outs, i))->id;
        line(out, 1, "const int64_t sl%d = gp_at(a%d.st, last);", id, id);
    }
    line(out, 1, "gp_vec<%s, %d> xr[%d];   /* registers mode: the thread's vectors of the row */", xt, V, ROW_REGS);
    for (int i = 0; i < cp.reds.n; i++) { /* each reduction's warp values, two rows' worth */
        const IrInstr *r = VEC_AT(cp.reds, i);
        line(out, 1, "__shared__ __align__(16) unsigned char s_w%d[2][%d * sizeof(%s)];", r->res->id, BLOCK / 32,
             dt_ctype(acc_dtype(r)));
    }
    line(out, 1, "int it = 0;");
    line(out, 1, "for (int64_t o = blockIdx.x; o < nrows; o += gridDim.x, it++) {");
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        line(out, 2, "%s f_v%d;   /* the row's reduction result, in every thread */", dt_ctype(r->res->type->dtype),
             r->res->id);
    }
    /* row bases */
    StrBuf decl = {0};
    sb_printf(&decl, "base%d = 0", x->id);
    for (int i = 0; i < cp.outs.n; i++) sb_printf(&decl, ", base%d = 0", ((IrValue *)VEC_AT(cp.outs, i))->id);
    line(out, 2, "int64_t %s;", decl.s);
    sb_free(&decl);
    line(out, 2, "{");
    line(out, 3, "int64_t r = o;");
    line(out, 3, "#pragma unroll");
    line(out, 3, "for (int d = GP_MAXDIM - 2; d >= 0; d--) {");
    line(out, 4, "if (d >= last) continue;");
    line(out, 4, "const int64_t id = gp_divmod(r, s.dim[d]);");
    line(out, 4, "base%d += id * a%d.st[d];", x->id, x->id);
    for (int i = 0; i < cp.outs.n; i++) {
        int id = ((IrValue *)VEC_AT(cp.outs, i))->id;
        line(out, 4, "base%d += id * a%d.st[d];", id, id);
    }
    line(out, 3, "}");
    line(out, 2, "}");

    Vec done = {0};     /* reductions finished by earlier phases */
    for (int k = 0; k < c->members.n; k++) {
        const KernelGroup *g = VEC_AT(c->members, k);
        const IrInstr *r = g->kind == KG_REDUCE ? reduce_of(g) : NULL;
        KParams p;
        kparams_build(&p, g);
        line(out, 2, "{   /* phase %d: %s */", k, g->name);
        for (int i = 0; i < done.n; i++) {
            const IrInstr *d = VEC_AT(done, i);
            line(out, 3, "const %s v%d = f_v%d;", dt_ctype(d->res->type->dtype), d->res->id, d->res->id);
            line(out, 3, "(void)v%d;", d->res->id);
        }
        char at[64] = "";
        if (r) {
            StrBuf ident = {0};
            put_identity(&ident, r);
            snprintf(at, sizeof at, "%s", dt_ctype(acc_dtype(r)));
            line(out, 3, "%s acc = %s;", at, ident.s);
            sb_free(&ident);
        }
        if (k == 0) { /* registers mode: every load of the row first */
            line(out, 3, "if (regs) {");
            line(out, 4, "#pragma unroll");
            line(out, 4, "for (int q = 0; q < %d; q++) {", ROW_REGS);
            line(out, 5, "const int64_t jv = threadIdx.x + q * %d;", BLOCK);
            line(out, 5, "if (jv < nv) xr[q] = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt, V, x->id,
                 x->id);
            line(out, 4, "}");
            line(out, 3, "}");
        }
        line(out, 3, "if (regs) {");
        line(out, 4, "#pragma unroll");
        line(out, 4, "for (int q = 0; q < %d; q++) {", ROW_REGS);
        line(out, 5, "const int64_t jv = threadIdx.x + q * %d;", BLOCK);
        line(out, 5, "if (jv >= nv) break;");
        line(out, 5, "const gp_vec<%s, %d> xv = xr[q];", xt, V);
        emit_row_vector(out, 5, g, &p, r, x, V, at);
        line(out, 4, "}");
        line(out, 3, "} else {");
        line(out, 4, "for (int64_t jv = threadIdx.x; jv < nv; jv += blockDim.x) {");
        line(out, 5, "gp_vec<%s, %d> xv;", xt, V);
        if (k == 0) {
            line(out, 5, "if (vec) xv = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt, V, x->id, x->id);
            line(out, 5, "else xv.v[0] = *(const %s *)(a%d.data + base%d + jv * sl%d);", xt, x->id, x->id, x->id);
            line(out, 5, "if (stage) {");
            line(out, 6, "if (vec) ((gp_vec<%s, %d> *)row)[jv] = xv;", xt, V);
            line(out, 6, "else row[jv] = xv.v[0];");
            line(out, 5, "}");
        } else {
            line(out, 5, "if (stage) {");
            line(out, 6, "if (vec) xv = ((const gp_vec<%s, %d> *)row)[jv];", xt, V);
            line(out, 6, "else xv.v[0] = row[jv];");
            line(out, 5, "} else if (vec) {");
            line(out, 6, "xv = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt, V, x->id, x->id);
            line(out, 5, "} else {");
            line(out, 6, "xv.v[0] = *(const %s *)(a%d.data + base%d + jv * sl%d);", xt, x->id, x->id, x->id);
            line(out, 5, "}");
        }
        emit_row_vector(out, 5, g, &p, r, x, V, at);
        line(out, 4, "}");
        line(out, 3, "}");
        if (r) {
            const char *rt = dt_ctype(r->res->type->dtype);
            line(out, 3, "acc = gp_block_allreduce<%s, %d>(acc, %s(), (%s *)s_w%d[it & 1]);", at, BLOCK,
                 red_functor(r->redop), at, r->res->id);
            if (r->redop == RED_MEAN) line(out, 3, "f_v%d = gp_cast<%s>(gp_mean_div<%s>(acc, C));", r->res->id, rt, at);
            else line(out, 3, "f_v%d = gp_cast<%s>(acc);", r->res->id, rt);
            line(out, 3, "if (threadIdx.x == 0 && rv%d) rv%d[o] = f_v%d;", r->res->id, r->res->id, r->res->id);
            vec_push(&done, (void *)r);
        }
        line(out, 2, "}");
        kparams_free(&p);
    }
    line(out, 2, "if (stage) __syncthreads();   /* the next row overwrites the staged one */");
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
    vec_free(&done);
    chain_params_free(&cp);
}

void cg_rows_def(StrBuf *out, const IrModule *m, const RowChain *c) { rows_def(out, m, c); }

/* The chain's launch, at its last member's last instruction: the chain kernel when X has
 * rows enough to fill the GPU (one block each), else the members one by one. */
void cg_rows_launch(StrBuf *out, const IrModule *m, const RowChain *c, CgValueName name_of, void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    ChainParams cp;
    chain_params(&cp, c);
    const int V = chain_vec_width(c, &cp);
    const IrValue *x = c->x;
    const char *xn = nm(&L, x);
    int n = indent;
    line(out, n, "{   /* %s */", c->name);
    line(out, n + 1, "const gp_shape kg_s = rt_shape_of(%s);", xn);
    line(out, n + 1, "const int64_t kg_C = kg_s.dim[kg_s.ndim - 1], kg_rows = kg_C > 0 ? kg_s.size / kg_C : 0;");
    line(out, n + 1, "if (kg_C > 0 && kg_rows >= 64) {");
    n += 2;
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_s.dim);", nm(&L, v), dt_gp_enum(v->type->dtype));
    }
    if (cp.reds.n) {
        line(out, n, "int64_t kg_kd[GP_MAXDIM];");
        line(out, n, "for (int d = 0; d < kg_s.ndim; d++) kg_kd[d] = d == kg_s.ndim - 1 ? 1 : kg_s.dim[d];");
    }
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        if (used_outside_chain(c, r->res))
            line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_kd);", nm(&L, r->res), dt_gp_enum(r->res->type->dtype));
        else
            line(out, n, "%s = NULL;", nm(&L, r->res));
    }
    line(out, n, "gp_kin a%d = rt_kin(%s, &kg_s);", x->id, xn);
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        line(out, n, "gp_kin a%d = rt_kin(%s, &kg_s);", v->id, nm(&L, v));
    }
    StrBuf cond = {0};
    sb_printf(&cond, "kg_C %% %d == 0 && gp_rows_vec(&a%d, &kg_s, %d, %d)", V, x->id, dt_size(x->type->dtype),
              V * dt_size(x->type->dtype));
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        sb_printf(&cond, " && gp_rows_vec(&a%d, &kg_s, %d, %d)", v->id, dt_size(v->type->dtype),
                  V * dt_size(v->type->dtype));
    }
    line(out, n, "int kg_flags = (%s) ? 1 : 0;", cond.s);
    sb_free(&cond);
    line(out, n, "size_t kg_smem = (size_t)kg_C * %d;", dt_size(x->type->dtype));
    line(out, n, "if ((kg_flags & 1) && kg_C / %d <= %d) {", V, BLOCK * ROW_REGS);
    line(out, n + 1, "kg_flags |= 4;");
    line(out, n + 1, "kg_smem = 0;");
    line(out, n, "} else if (kg_smem <= 48 * 1024) {");
    line(out, n + 1, "kg_flags |= 2;");
    line(out, n, "} else {");
    line(out, n + 1, "kg_smem = 0;");
    line(out, n, "}");
    StrBuf args = {0};
    sb_printf(&args, "kg_s, kg_flags, a%d", x->id);
    for (int i = 0; i < cp.outs.n; i++) sb_printf(&args, ", a%d", ((IrValue *)VEC_AT(cp.outs, i))->id);
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        const char *rn = nm(&L, r->res);
        sb_printf(&args, ", %s ? (%s *)%s->data : NULL", rn, dt_ctype(r->res->type->dtype), rn);
    }
    for (int i = 0; i < cp.scalars.n; i++) sb_printf(&args, ", %s", nm(&L, VEC_AT(cp.scalars, i)));
    line(out, n, "%s<<<rt_grid_fit(kg_rows * %d, %d, (const void *)%s, kg_smem), %d, kg_smem, rt_stream()>>>(%s);", c->name, BLOCK, BLOCK, c->name, BLOCK,
         args.s);
    line(out, n, "rt_check_launch();");
    sb_free(&args);
    n -= 2;
    line(out, n + 1, "} else {");
    for (int k = 0; k < c->members.n; k++) cg_kernel_launch(out, m, VEC_AT(c->members, k), name_of, ctx, n + 2);
    line(out, n + 1, "}");
    line(out, n, "}");
    chain_params_free(&cp);
}

/* ---------------------------------------------------------------- sibling reductions (siblings.c)
 *
 * One kernel walks the N common rows of the members: thread t takes rows t, t + grid, ...;
 * for each member it loads the row's elements of the member's arrays (element (i, o) at
 * p + i*s0 + o*s1, gp_srow: strides 0 where an array broadcasts), runs the member's
 * prologue and combines into its accumulators (one, or SIB_MAX_COLS for an axis-0 member,
 * column o < its column count).  Arrays that are the same view (one array, or equal
 * reshapes of it) at the same rank are one parameter, so the loads of different members
 * are the same expressions and the compiler loads once.  The block then combines each
 * accumulator (warp shuffles, then shared memory) into partials part[block][slot], and the
 * _fin kernel, one block per slot, combines the blocks' partials and writes the outputs. */

/* Are a and b the same view: one value, or reshapes of the same view with the same dims? */
static bool same_view(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    if (!a || !b || !a->def || !b->def) return false;
    const IrInstr *x = a->def, *y = b->def;
    if (x->op == IR_CONST_INT && y->op == IR_CONST_INT) return x->ival == y->ival;
    if (x->op != IR_RESHAPE || y->op != IR_RESHAPE || x->nargs != y->nargs) return false;
    for (int j = 0; j < x->nargs; j++)
        if (!same_view(x->args[j], y->args[j])) return false;
    return true;
}

static int member_rank(const KernelGroup *g) { return reduce_of(g)->args[0]->type->ndim; }
static bool member_cols(const KernelGroup *g) { return reduce_of(g)->naxes == 1 && member_rank(g) == 2; }

typedef struct SibParams {
    Vec reps;       /* IrValue*: one per distinct (view, rank) */
    Vec rank;       /* (void*)(intptr_t) rank of each rep */
    Vec scalars;    /* IrValue* */
    int nslots;
    int *base;      /* per member: its first slot */
} SibParams;

static void sib_params(SibParams *sp, const Siblings *s)
{
    memset(sp, 0, sizeof *sp);
    sp->base = xcalloc(s->members.n, sizeof *sp->base);
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        KParams p;
        kparams_build(&p, g);
        int d = member_rank(g);
        for (int i = 0; i < p.arrs.n; i++) {
            IrValue *v = VEC_AT(p.arrs, i);
            bool found = false;
            for (int r = 0; r < sp->reps.n && !found; r++)
                found = (intptr_t)VEC_AT(sp->rank, r) == d && same_view(VEC_AT(sp->reps, r), v);
            if (!found) {
                vec_push(&sp->reps, v);
                vec_push(&sp->rank, (void *)(intptr_t)d);
            }
        }
        for (int i = 0; i < p.scalars.n; i++) push_unique(&sp->scalars, VEC_AT(p.scalars, i));
        kparams_free(&p);
        sp->base[k] = sp->nslots;
        sp->nslots += member_cols(g) ? SIB_MAX_COLS : 1;
    }
}

static void sib_params_free(SibParams *sp)
{
    vec_free(&sp->reps);
    vec_free(&sp->rank);
    vec_free(&sp->scalars);
    free(sp->base);
}

/* The parameter index of array v read by a member of rank d. */
static int sib_rep(const SibParams *sp, const IrValue *v, int d)
{
    for (int r = 0; r < sp->reps.n; r++)
        if ((intptr_t)VEC_AT(sp->rank, r) == d && same_view(VEC_AT(sp->reps, r), v)) return r;
    GPYC_UNREACHABLE();
}

/* Helpers every sibling kernel uses, written once per file. */
static void sib_prelude(StrBuf *out)
{
    sb_puts(out, "/* sibling reductions: a row view of an array and an 8-byte cell for partials */\n");
    sb_puts(out, "struct gp_srow { const char *p; int64_t s0, s1; };\n");
    sb_puts(out, "static inline gp_srow gp_srow_of(const gp_array *a, int rank)\n{\n");
    line(out, 1, "gp_srow r = {a->data, 0, 0};");
    line(out, 1, "if (a->ndim == rank) {");
    line(out, 2, "if (a->shape[0] != 1) r.s0 = a->strides[0];");
    line(out, 2, "if (rank == 2 && a->shape[1] != 1) r.s1 = a->strides[1];");
    line(out, 1, "} else if (a->ndim == 1 && rank == 2 && a->shape[0] != 1) {");
    line(out, 2, "r.s1 = a->strides[0];");
    line(out, 1, "}");
    line(out, 1, "return r;");
    sb_puts(out, "}\n");
    sb_puts(out, "template<typename T> __device__ __forceinline__ void gp_sib_put(unsigned long long *c, T v) { memcpy(c, &v, sizeof(T)); }\n");
    sb_puts(out, "template<typename T> __device__ __forceinline__ T gp_sib_get(const unsigned long long *c) { T v; memcpy(&v, c, sizeof(T)); return v; }\n\n");
}

static void sib_def(StrBuf *out, const IrModule *m, const Siblings *s)
{
    SibParams sp;
    sib_params(&sp, s);
    const KernelGroup *first = VEC_AT(s->members, 0);
    sb_printf(out, "/* %s — %d sibling reductions over the same rows in one pass (", s->name, s->members.n);
    put_where(out, m, first);
    sb_puts(out, "):");
    for (int k = 0; k < s->members.n; k++) sb_printf(out, "%s%s", k % 6 ? " " : "\n *   ", ((KernelGroup *)VEC_AT(s->members, k))->name);
    sb_puts(out, "\n */\n");

    sb_printf(out, "__global__ void __launch_bounds__(%d) %s(int64_t n", BLOCK, s->name);
    for (int k = 0; k < s->members.n; k++)
        if (member_rank(VEC_AT(s->members, k)) == 2) sb_printf(out, ", int c%d", k);
    for (int r = 0; r < sp.reps.n; r++) sb_printf(out, ", gp_srow p%d", r);
    for (int i = 0; i < sp.scalars.n; i++) {
        const IrValue *v = VEC_AT(sp.scalars, i);
        sb_printf(out, ", %s v%d", val_ctype(v), v->id);
    }
    sb_puts(out, ", unsigned long long *part)\n{\n");
    /* accumulators */
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        StrBuf ident = {0};
        put_identity(&ident, r);
        const char *at = dt_ctype(acc_dtype(r));
        if (member_cols(g)) {
            line(out, 1, "%s acc%d[%d];", at, k, SIB_MAX_COLS);
            line(out, 1, "#pragma unroll");
            line(out, 1, "for (int o = 0; o < %d; o++) acc%d[o] = %s;", SIB_MAX_COLS, k, ident.s);
        } else {
            line(out, 1, "%s acc%d = %s;", at, k, ident.s);
        }
        sb_free(&ident);
    }
    line(out, 1, "for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        const int d = member_rank(g);
        const char *at = dt_ctype(acc_dtype(r));
        KParams p;
        kparams_build(&p, g);
        int n = 3;
        line(out, 2, "{   /* %s */", g->name);
        if (d == 2) {
            line(out, 3, "#pragma unroll");
            line(out, 3, "for (int o = 0; o < %d; o++) {", SIB_MAX_COLS);
            line(out, 4, "if (o >= c%d) break;", k);
            n = 4;
        }
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            int rp = sib_rep(&sp, v, d);
            if (d == 2)
                line(out, n, "const %s v%d = *(const %s *)(p%d.p + i * p%d.s0 + o * p%d.s1);", val_ctype(v), v->id,
                     val_ctype(v), rp, rp, rp);
            else
                line(out, n, "const %s v%d = *(const %s *)(p%d.p + i * p%d.s0);", val_ctype(v), v->id, val_ctype(v), rp, rp);
        }
        emit_instrs(out, n, g, "i");
        line(out, n, "acc%d%s = %s()(acc%d%s, gp_cast<%s>(v%d));", k, member_cols(g) ? "[o]" : "",
             red_functor(r->redop), k, member_cols(g) ? "[o]" : "", at, r->args[0]->id);
        if (d == 2) line(out, 3, "}");
        line(out, 2, "}");
        kparams_free(&p);
    }
    line(out, 1, "}");
    /* the block's partials: warps first, then one value per warp in shared memory */
    line(out, 1, "__shared__ unsigned long long sib_w[%d][%d];", BLOCK / 32, sp.nslots);
    line(out, 1, "const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        const char *at = dt_ctype(acc_dtype(r));
        const char *fn = red_functor(r->redop);
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        for (int o = 0; o < ns; o++) {
            char a[32];
            if (member_cols(g)) snprintf(a, sizeof a, "acc%d[%d]", k, o);
            else snprintf(a, sizeof a, "acc%d", k);
            line(out, 1, "for (int d = 16; d > 0; d >>= 1) %s = %s()(%s, gp_shfl_xor<%s>(%s, d));", a, fn, a, at, a);
            line(out, 1, "if (lane == 0) gp_sib_put<%s>(&sib_w[warp][%d], %s);", at, sp.base[k] + o, a);
        }
    }
    line(out, 1, "__syncthreads();");
    line(out, 1, "const int t = threadIdx.x;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        const char *at = dt_ctype(acc_dtype(r));
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        line(out, 1, "if (t >= %d && t < %d) {", sp.base[k], sp.base[k] + ns);
        line(out, 2, "%s a = gp_sib_get<%s>(&sib_w[0][t]);", at, at);
        line(out, 2, "for (int w = 1; w < %d; w++) a = %s()(a, gp_sib_get<%s>(&sib_w[w][t]));", BLOCK / 32,
             red_functor(r->redop), at);
        line(out, 2, "gp_sib_put<%s>(&part[(int64_t)blockIdx.x * %d + t], a);", at, sp.nslots);
        line(out, 1, "}");
    }
    sb_puts(out, "}\n\n");

    /* _fin: one block per slot combines the blocks' partials */
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s_fin(const unsigned long long *part, int64_t nb, int64_t n", BLOCK,
              s->name);
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        if (member_rank(g) == 2) sb_printf(out, ", int c%d", k);
        sb_printf(out, ", %s *out%d", dt_ctype(reduce_of(g)->res->type->dtype), k);
    }
    sb_puts(out, ")\n{\n");
    line(out, 1, "const int slot = blockIdx.x;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        const char *at = dt_ctype(acc_dtype(r));
        const char *rt = dt_ctype(r->res->type->dtype);
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        StrBuf ident = {0};
        put_identity(&ident, r);
        line(out, 1, "if (slot >= %d && slot < %d) {   /* %s */", sp.base[k], sp.base[k] + ns, g->name);
        line(out, 2, "const int o = slot - %d;", sp.base[k]);
        if (member_cols(g)) line(out, 2, "if (o >= c%d) return;", k);
        line(out, 2, "%s acc = %s;", at, ident.s);
        line(out, 2, "for (int64_t b = threadIdx.x; b < nb; b += blockDim.x) acc = %s()(acc, gp_sib_get<%s>(&part[b * %d + slot]));",
             red_functor(r->redop), at, sp.nslots);
        line(out, 2, "acc = gp_block_reduce<%s, %d>(acc, %s());", at, BLOCK, red_functor(r->redop));
        if (r->redop == RED_MEAN) {
            StrBuf ns2 = {0};   /* the number of reduced elements */
            if (member_rank(g) == 2 && !member_cols(g)) sb_printf(&ns2, "n * (int64_t)c%d", k);
            else sb_puts(&ns2, "n");
            line(out, 2, "if (threadIdx.x == 0) out%d[o] = gp_cast<%s>(gp_mean_div<%s>(acc, %s));", k, rt, at, ns2.s);
            sb_free(&ns2);
        } else {
            line(out, 2, "if (threadIdx.x == 0) out%d[o] = gp_cast<%s>(acc);", k, rt);
        }
        line(out, 2, "return;");
        line(out, 1, "}");
        sb_free(&ident);
    }
    sb_puts(out, "}\n\n");
    sib_params_free(&sp);
}

void cg_siblings_defs(StrBuf *out, const IrModule *m)
{
    if (!m->siblings.n) return;
    sib_prelude(out);
    for (int i = 0; i < m->siblings.n; i++) sib_def(out, m, VEC_AT(m->siblings, i));
}

/* kg_s<k> = the input shape of member k's reduction (as reduce_launch computes it). */
static void sib_member_shape(const Launch *L, int n, const KernelGroup *g, int k)
{
    StrBuf *out = L->out;
    KParams p;
    kparams_build(&p, g);
    const IrValue *src = reduce_of(g)->args[0];
    if (!defined_in(src, g)) {
        line(out, n, "const gp_shape kg_s%d = rt_shape_of(%s);", k, nm(L, src));
    } else if (p.arrs.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&l, "%s%s", i ? ", " : "", nm(L, VEC_AT(p.arrs, i)));
        line(out, n, "gp_shape kg_s%d;", k);
        line(out, n, "{");
        line(out, n + 1, "const gp_array *kg_bc[%d] = {%s};", p.arrs.n, l.s);
        line(out, n + 1, "rt_broadcast(&kg_s%d, %d, kg_bc);", k, p.arrs.n);
        line(out, n, "}");
        sb_free(&l);
    } else {
        line(out, n, "const gp_shape kg_s%d = rt_shape_make(0, NULL);", k);
    }
    kparams_free(&p);
}

void cg_siblings_launch(StrBuf *out, const IrModule *m, const Siblings *s, CgValueName name_of, void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    SibParams sp;
    sib_params(&sp, s);
    int n = indent;
    line(out, n, "{   /* %s */", s->name);
    n++;
    for (int k = 0; k < s->members.n; k++) sib_member_shape(&L, n, VEC_AT(s->members, k), k);
    /* one kernel when every member has the same rows N > 0 and 1..SIB_MAX_COLS columns */
    line(out, n, "const int64_t kg_n = kg_s0.ndim > 0 ? kg_s0.dim[0] : 0;");
    line(out, n, "bool kg_one = kg_n > 0;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        int d = member_rank(g);
        if (d == 2)
            line(out, n, "kg_one = kg_one && kg_s%d.ndim == 2 && kg_s%d.dim[0] == kg_n && kg_s%d.dim[1] >= 1 && kg_s%d.dim[1] <= %d;",
                 k, k, k, k, SIB_MAX_COLS);
        else
            line(out, n, "kg_one = kg_one && kg_s%d.ndim == 1 && kg_s%d.dim[0] == kg_n;", k, k);
    }
    line(out, n, "if (kg_one) {");
    n++;
    StrBuf args = {0}, fargs = {0};
    sb_puts(&args, "kg_n");
    sb_puts(&fargs, "(const unsigned long long *)kg_part->data, (int64_t)kg_nb, kg_n");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = reduce_of(g);
        const char *res = nm(&L, r->res);
        line(out, n, "{");
        if (r->naxes > 0) {
            StrBuf a = {0};
            for (int i = 0; i < r->naxes; i++) sb_printf(&a, "%s%d", i ? ", " : "", r->axes[i]);
            line(out, n + 1, "const int kg_ax[%d] = {%s};", r->naxes, a.s);
            sb_free(&a);
        }
        line(out, n + 1, "gp_rshape kg_rs;");
        line(out, n + 1, "gp_shape kg_os;");
        line(out, n + 1, "rt_reduce_setup(&kg_s%d, %d, %s, %s, &kg_rs, &kg_os);", k, r->naxes, r->naxes ? "kg_ax" : "NULL",
             r->keepdims ? "true" : "false");
        line(out, n + 1, "%s = rt_empty(%s, kg_os.ndim, kg_os.dim);", res, dt_gp_enum(r->res->type->dtype));
        line(out, n, "}");
        if (member_rank(g) == 2) {
            sb_printf(&args, ", (int)kg_s%d.dim[1]", k);
            sb_printf(&fargs, ", (int)kg_s%d.dim[1]", k);
        }
        sb_printf(&fargs, ", (%s *)%s->data", dt_ctype(r->res->type->dtype), res);
    }
    for (int r = 0; r < sp.reps.n; r++)
        sb_printf(&args, ", gp_srow_of(%s, %d)", nm(&L, VEC_AT(sp.reps, r)), (int)(intptr_t)VEC_AT(sp.rank, r));
    put_scalar_args(&args, &L, &(KParams){.scalars = sp.scalars});
    sb_puts(&args, ", (unsigned long long *)kg_part->data");
    line(out, n, "const unsigned kg_nb = rt_grid_fit(kg_n, %d, (const void *)%s, 0);", BLOCK, s->name);
    line(out, n, "const int64_t kg_np = (int64_t)kg_nb * %d;", sp.nslots);
    line(out, n, "gp_array *kg_part = rt_empty(GP_INT64, 1, &kg_np);");
    line(out, n, "%s<<<kg_nb, %d, 0, rt_stream()>>>(%s);", s->name, BLOCK, args.s);
    line(out, n, "rt_check_launch();");
    line(out, n, "%s_fin<<<%d, %d, 0, rt_stream()>>>(%s);", s->name, sp.nslots, BLOCK, fargs.s);
    line(out, n, "rt_check_launch();");
    line(out, n, "rt_release(kg_part);");
    sb_free(&args);
    sb_free(&fargs);
    n--;
    line(out, n, "} else {");
    for (int k = 0; k < s->members.n; k++) cg_kernel_launch(out, m, VEC_AT(s->members, k), name_of, ctx, n + 1);
    line(out, n, "}");
    n--;
    line(out, n, "}");
    sib_params_free(&sp);
}

/* ---------------------------------------------------------------- bundles (hfuse.c) */

/* The copies g's launch may make: its inputs that can overlap a destination. */
static int ewise_copies(const KernelGroup *g)
{
    KParams p;
    kparams_build(&p, g);
    int n = 0;
    for (int i = 0; i < p.arrs.n && p.dsts.n > 0; i++)
        if (!in_vec(&p.dsts, VEC_AT(p.arrs, i))) n++;
    kparams_free(&p);
    return n;
}

/* Member k's argument struct <bundle>_m<k>: its ewise kernel's parameters. */
static void bundle_member_struct(StrBuf *out, const Bundle *bd, int k)
{
    const KernelGroup *g = VEC_AT(bd->members, k);
    KParams p;
    kparams_build(&p, g);
    sb_printf(out, "struct %s_m%d {  /* %s */\n", bd->name, k, g->name);
    line(out, 1, "gp_shape s;");
    line(out, 1, "int mode;");
    for (int i = 0; i < p.outs.n; i++) line(out, 1, "gp_kin a%d;", ((IrValue *)VEC_AT(p.outs, i))->id);
    for (int i = 0; i < p.arrs.n; i++) line(out, 1, "gp_kin a%d;", ((IrValue *)VEC_AT(p.arrs, i))->id);
    for (int i = 0; i < p.scalars.n; i++) {
        const IrValue *v = VEC_AT(p.scalars, i);
        line(out, 1, "%s v%d;", val_ctype(v), v->id);
    }
    sb_puts(out, "};\n\n");
    kparams_free(&p);
}

/* The bundle kernel: blockIdx.y picks the member, whose body walks its own elements with the
 * grid's x extent (every body is a grid-stride loop, so any extent is correct). */
static void bundle_def(StrBuf *out, const IrModule *m, const Bundle *bd)
{
    for (int k = 0; k < bd->members.n; k++) bundle_member_struct(out, bd, k);
    sb_printf(out, "/* %s — %d independent elementwise kernels in one launch (hfuse.c):", bd->name, bd->members.n);
    for (int k = 0; k < bd->members.n; k++) {
        StrBuf w = {0};
        put_where(&w, m, VEC_AT(bd->members, k));
        sb_printf(out, "\n *   y=%d  %s  %s", k, ((KernelGroup *)VEC_AT(bd->members, k))->name, w.s);
        sb_free(&w);
    }
    sb_puts(out, "\n */\n");
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s(", BLOCK, bd->name);
    for (int k = 0; k < bd->members.n; k++) sb_printf(out, "%s%s_m%d m%d", k ? ", " : "", bd->name, k, k);
    sb_puts(out, ")\n{\n");
    line(out, 1, "switch (blockIdx.y) {");
    for (int k = 0; k < bd->members.n; k++) {
        const KernelGroup *g = VEC_AT(bd->members, k);
        KParams p;
        kparams_build(&p, g);
        StrBuf a = {0};
        sb_printf(&a, "m%d.s, m%d.mode", k, k);
        for (int i = 0; i < p.outs.n; i++) sb_printf(&a, ", m%d.a%d", k, ((IrValue *)VEC_AT(p.outs, i))->id);
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&a, ", m%d.a%d", k, ((IrValue *)VEC_AT(p.arrs, i))->id);
        for (int i = 0; i < p.scalars.n; i++) sb_printf(&a, ", m%d.v%d", k, ((IrValue *)VEC_AT(p.scalars, i))->id);
        line(out, 1, "case %d: %s_run(%s); break;", k, g->name, a.s);
        sb_free(&a);
        kparams_free(&p);
    }
    line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

void cg_bundle_defs(StrBuf *out, const IrModule *m)
{
    for (int i = 0; i < m->bundles.n; i++) bundle_def(out, m, VEC_AT(m->bundles, i));
}

static int bundle_copies(const Bundle *bd)
{
    int n = 0;
    for (int k = 0; k < bd->members.n; k++) n += ewise_copies(VEC_AT(bd->members, k));
    return n;
}

/* The bundle's host state, declared with the function's values (zeroed by member 0): one
 * argument struct per member, the members' element counts, the copies to release. */
void cg_bundle_decls(StrBuf *out, const Bundle *bd, int indent)
{
    for (int k = 0; k < bd->members.n; k++) line(out, indent, "%s_m%d hb%d_m%d = {};", bd->name, k, bd->id, k);
    line(out, indent, "int64_t hb%d_n[%d] = {0};", bd->id, bd->members.n);
    int copies = bundle_copies(bd);
    if (copies) line(out, indent, "gp_array *hb%d_rel[%d] = {NULL};", bd->id, copies);
}

/* Member k's host code, at its own launch point: the shapes, outputs and arguments it would
 * launch with go to its slot (a member without elements keeps a zeroed slot: an empty shape,
 * whose body does nothing).  The last member then launches the bundle: max-over-members
 * blocks in x, one row of blocks per member in y. */
void cg_bundle_member(StrBuf *out, const IrModule *m, const Bundle *bd, int k, CgValueName name_of, void *ctx,
                      int indent)
{
    const KernelGroup *g = VEC_AT(bd->members, k);
    const int b = bd->id, nm_ = bd->members.n, copies = bundle_copies(bd);
    StrBuf where = {0};
    put_where(&where, m, g);
    line(out, indent, "{   /* %s  %s (member %d of %s) */", where.s, g->name, k, bd->name);
    sb_free(&where);
    int n = indent + 1;
    if (k == 0) {
        for (int j = 0; j < nm_; j++) line(out, n, "hb%d_m%d = {};", b, j);
        line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) hb%d_n[kg_i] = 0;", nm_, b);
        if (copies) line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) hb%d_rel[kg_i] = NULL;", copies, b);
    }
    Slot slot = {bd, k, 0};
    for (int j = 0; j < k; j++) slot.copy0 += ewise_copies(VEC_AT(bd->members, j));
    Launch L = {out, name_of, ctx, indent};
    ewise_launch(&L, g, &slot);
    if (k == nm_ - 1) {
        line(out, n, "int64_t kg_bmax = 0;");
        line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) kg_bmax = hb%d_n[kg_i] > kg_bmax ? hb%d_n[kg_i] : kg_bmax;",
             nm_, b, b);
        line(out, n, "if (kg_bmax > 0) {");
        StrBuf args = {0};
        for (int j = 0; j < nm_; j++) sb_printf(&args, "%shb%d_m%d", j ? ", " : "", b, j);
        line(out, n + 1, "const dim3 kg_grid(rt_grid_fit(kg_bmax, %d, (const void *)%s, 0), %d);", BLOCK, bd->name, nm_);
        line(out, n + 1, "%s<<<kg_grid, %d, 0, rt_stream()>>>(%s);", bd->name, BLOCK, args.s);
        line(out, n + 1, "rt_check_launch();");
        line(out, n, "}");
        sb_free(&args);
        if (copies) line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) rt_release(hb%d_rel[kg_i]);", copies, b);
    }
    line(out, indent, "}");
}
