/*
 * ewise.c — elementwise kernels (KG_EWISE) and their launch.
 *
 * KG_EWISE: a grid-stride loop over the iteration shape s.  Each array the group reads or
 * writes is a gp_kin (data + byte strides broadcast to s); a kernel takes a fast path (offset
 * = index * st[last]) when the host found every operand C-contiguous over s or constant.
 * Inputs are loaded once per element into v<id>, the instructions run in program order on
 * registers, and outputs (values defined in the group and used outside it) are stored last.
 * Host scalars are parameters v<id> of their host C type (bool, int64_t, double, gp_c128).
 * Where every array is contiguous and aligned, a vector path moves 16 bytes per access; a
 * recurrence (recur.c) runs its loop per element; a bundle member's body becomes a device
 * function that its bundle's kernel calls (bundles.c).
 */
#include "codegen/kernels/kernels.h"

#include <stdlib.h>

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
    return (x > y) - (x < y);
}

/* Per array input p->arrs[i]: is it read as a value (not only written as a STORE_INTO
 * destination)?  One walk over g with a binary search of the sorted inputs (a kernel of n
 * instructions and n inputs costs n log n, not n^2).  xfree the result. */
static bool *arrays_read(const KernelGroup *g, const KParams *p)
{
    int n = p->arrs.n;
    void **sorted = xcalloc(n ? n : 1, sizeof *sorted);
    for (int i = 0; i < n; i++) sorted[i] = VEC_AT(p->arrs, i);
    qsort(sorted, n, sizeof *sorted, cmp_ptr);
    bool *read_sorted = xcalloc(n ? n : 1, sizeof *read_sorted);
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            if (!in->args[j] || (in->op == IR_STORE_INTO && j == 0)) continue;
            void **hit = bsearch(&in->args[j], sorted, n, sizeof *sorted, cmp_ptr);
            if (hit) read_sorted[hit - sorted] = true;
        }
    }
    bool *read = xcalloc(n ? n : 1, sizeof *read);
    for (int i = 0; i < n; i++) {
        void *v = VEC_AT(p->arrs, i);
        read[i] = read_sorted[(void **)bsearch(&v, sorted, n, sizeof *sorted, cmp_ptr) - sorted];
    }
    xfree(sorted);
    xfree(read_sorted);
    return read;
}

/* An in-place recurrence's loop (recur.c): each destination's element in rc<id> (the value
 * read, when g reads it), the loop variable's loads counted in rc_v, the STORE_INTOs
 * assigning rc<id> (cg_emit_instrs), and each destination written once after the loop. */
static void emit_inplace(StrBuf *out, int n, const KernelGroup *g, const char *idx)
{
    const Recurrence *rc = g->recur;
    Vec dsts = { 0 };
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO && !cg_in_vec(&dsts, in->args[0])) vec_push(&dsts, in->args[0]);
    }
    for (int i = 0; i < dsts.n; i++) {
        const IrValue *d = VEC_AT(dsts, i);
        const char *ct = cg_val_ctype(d);
        if (kg_reads_value(g, d))
            cg_line(out, n, "%s rc%d = v%d;", ct, d->id, d->id);
        else
            cg_line(out, n, "%s rc%d{};", ct, d->id);
    }
    cg_line(out, n, "int64_t rc_v = v%d;", rc->start->id);
    cg_line(out, n, "for (int64_t rc_i = gp_range_len(v%d, v%d, v%d); rc_i > 0; rc_i--, rc_v += v%d) {",
            rc->start->id, rc->stop->id, rc->step->id, rc->step->id);
    for (int i = 0; i < dsts.n; i++) {
        const IrValue *d = VEC_AT(dsts, i);
        if (kg_reads_value(g, d)) cg_line(out, n + 1, "const %s v%d = rc%d;", cg_val_ctype(d), d->id, d->id);
    }
    for (int i = 0; i < rc->nivars; i++)
        cg_line(out, n + 1, "const %s v%d = rc_v;", cg_val_ctype(rc->ivars[i]), rc->ivars[i]->id);
    cg_emit_instrs(out, n + 1, g, idx);
    cg_line(out, n, "}");
    for (int i = 0; i < dsts.n; i++) {
        const IrValue *d = VEC_AT(dsts, i);
        cg_line(out, n, "*(%s *)(a%d.data + off%d) = rc%d;", cg_val_ctype(d), d->id, d->id, d->id);
    }
    vec_free(&dsts);
}

/* The group's instructions for one element; for a recurrence (recur.c), in a loop that
 * carries carry_in -> carry_out through len(range(...)) iterations in registers. */
static void emit_body(StrBuf *out, int n, const KernelGroup *g, const char *idx)
{
    const Recurrence *rc = g->recur;
    if (!rc) {
        cg_emit_instrs(out, n, g, idx);
        return;
    }
    if (!rc->carry_in) {
        emit_inplace(out, n, g, idx);
        return;
    }
    const char *ct = cg_val_ctype(rc->carry_out);
    cg_line(out, n, "%s rc_x = v%d;", ct, rc->carry_in->id);
    cg_line(out, n, "for (int64_t rc_i = gp_range_len(v%d, v%d, v%d); rc_i > 0; rc_i--) {", rc->start->id, rc->stop->id,
            rc->step->id);
    cg_line(out, n + 1, "const %s v%d = rc_x;", ct, rc->carry_in->id);
    cg_emit_instrs(out, n + 1, g, idx);
    cg_line(out, n + 1, "rc_x = v%d;", rc->carry_out->id);
    cg_line(out, n, "}");
    cg_line(out, n, "const %s v%d = rc_x;", ct, rc->carry_out->id);
}

/* sl<id> = the stride of the last dimension of s for every array in `all` (the element step of
 * the contiguous paths), read through gp_at: indexing a kernel parameter's array at a run-time
 * index (st[ndim - 1]) makes nvcc copy the whole parameter to local memory in every thread. */
static void emit_last_strides(StrBuf *out, int n, const Vec *all)
{
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        cg_line(out, n, "const int64_t sl%d = gp_at(a%d.st, s.ndim - 1);", id, id);
        cg_line(out, n, "(void)sl%d;", id);
    }
}

/* Writes the byte offsets o<id>[u] of element i (of index type IT) for every array in `all`:
 * contiguous path (i * st[last]) when `fast`, else the row-major decomposition of i over
 * s.dim — one division per dimension but the first, in IT (32 bits when the host found the
 * size small enough: then a multiply by the host's reciprocal, gp_dim_div).  need_ix (eye):
 * the decomposition always runs and keeps row and col. */
static void emit_offsets(StrBuf *out, int n, const Vec *all, bool need_ix)
{
    int body = n;
    if (!need_ix) {
        cg_line(out, n, "if (fast) {");
        for (int i = 0; i < all->n; i++) {
            int id = ((IrValue *)VEC_AT(*all, i))->id;
            cg_line(out, n + 1, "o%d[u] = (int64_t)i * sl%d;", id, id);
        }
        cg_line(out, n, "} else {");
        body = n + 1;
    }
    for (int i = 0; i < all->n; i++) cg_line(out, body, "o%d[u] = 0;", ((IrValue *)VEC_AT(*all, i))->id);
    cg_line(out, body, "IT r = i;");
    /* constant indices (unrolled, guarded by ndim): see gp_at */
    cg_line(out, body, "#pragma unroll");
    cg_line(out, body, "for (int d = GP_MAXDIM - 1; d > 0; d--) {");
    cg_line(out, body + 1, "if (d >= s.ndim) continue;");
    cg_line(out, body + 1, "const IT q = gp_dim_div<IT>(r, s, d), id = r - q * (IT)s.dim[d];");
    cg_line(out, body + 1, "r = q;");
    if (need_ix) cg_line(out, body + 1, "if (d == 1) col[u] = id;");
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        cg_line(out, body + 1, "o%d[u] += (int64_t)id * a%d.st[d];", id, id);
    }
    cg_line(out, body, "}");
    if (need_ix) cg_line(out, body, "row[u] = r;");
    for (int i = 0; i < all->n; i++) {
        int id = ((IrValue *)VEC_AT(*all, i))->id;
        cg_line(out, body, "o%d[u] += (int64_t)r * a%d.st[0];", id, id);
    }
    if (!need_ix) cg_line(out, n, "}");
}

/* Elements per thread of the vector path: 16 bytes of the widest array's type (1: no vector
 * path, for eye's 2-D index or 16-byte types). */
static int ewise_vec_width(const KernelGroup *g, const Vec *all)
{
    if (cg_find_op(g, IR_EYE)) return 1;
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
    for (int i = 0; i < p->raws.n; i++)
        sb_printf(out, ", %sra%d", decl ? "const gp_raw &" : "", ((IrValue *)VEC_AT(p->raws, i))->id);
    for (int i = 0; i < p->scalars.n; i++) {
        const IrValue *v = VEC_AT(p->scalars, i);
        if (decl) sb_printf(out, ", const %s v%d", cg_val_ctype(v), v->id);
        else sb_printf(out, ", v%d", v->id);
    }
}

/* The scalar body, a template over the index type IT and the unroll factor U: each thread
 * takes U elements a grid stride apart per step, issues all their loads first (phase 1:
 * memory-level parallelism), then computes and stores them (phase 2).  The kernel runs it
 * as <uint32_t, UNROLL> and, for sizes of 2^31 elements and more, <int64_t, 1>: that path
 * is rare and its 64-bit divisions are long, so it is not unrolled (half of ptxas's time on
 * such kernels was the unrolled 64-bit copy). */
static void ewise_body_def(StrBuf *out, const KernelGroup *g, const KParams *p, const bool *read, const Vec *all,
                           bool need_ix)
{
    sb_printf(out,
              "template<typename IT, int U>\n__device__ __forceinline__ void %s_body(const gp_shape &s, bool fast",
              g->name);
    put_kernel_args(out, all, p, true);
    sb_puts(out, ")\n{\n");
    cg_line(out, 1, "const IT size = (IT)s.size, stride = (IT)gridDim.x * blockDim.x;");
    if (!need_ix) emit_last_strides(out, 1, all);
    cg_line(out, 1, "for (IT i0 = (IT)blockIdx.x * blockDim.x + threadIdx.x; i0 < size; i0 += U * stride) {");
    StrBuf decl = {0};
    for (int i = 0; i < all->n; i++) sb_printf(&decl, "%so%d[U]", i ? ", " : "", ((IrValue *)VEC_AT(*all, i))->id);
    if (all->n) cg_line(out, 2, "int64_t %s;", decl.s);
    sb_free(&decl);
    if (need_ix) cg_line(out, 2, "int64_t row[U] = {0}, col[U] = {0};");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (read[i]) cg_line(out, 2, "%s in%d[U];", cg_val_ctype(v), v->id);
    }
    /* phase 1: offsets and loads */
    cg_line(out, 2, "#pragma unroll");
    cg_line(out, 2, "for (int u = 0; u < U; u++) {");
    cg_line(out, 3, "const IT i = i0 + u * stride;");
    cg_line(out, 3, "if (i >= size) break;");
    emit_offsets(out, 3, all, need_ix);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!read[i]) continue;
        cg_line(out, 3, "in%d[u] = *(const %s *)(a%d.data + o%d[u]);", v->id, cg_val_ctype(v), v->id, v->id);
    }
    cg_line(out, 2, "}");
    /* phase 2: compute and store */
    cg_line(out, 2, "#pragma unroll");
    cg_line(out, 2, "for (int u = 0; u < U; u++) {");
    cg_line(out, 3, "const IT i = i0 + u * stride;");
    cg_line(out, 3, "if (i >= size) break;");
    for (int i = 0; i < all->n; i++) {
        IrValue *v = VEC_AT(*all, i);
        if (i < p->outs.n || cg_in_vec(&p->dsts, v)) cg_line(out, 3, "const int64_t off%d = o%d[u];", v->id, v->id);
    }
    if (need_ix) cg_line(out, 3, "const int64_t ix[2] = {row[u], col[u]};");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (read[i]) cg_line(out, 3, "const %s v%d = in%d[u];", cg_val_ctype(v), v->id, v->id);
    }
    emit_body(out, 3, g, "i");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        cg_line(out, 3, "*(%s *)(a%d.data + off%d) = v%d;", cg_val_ctype(v), v->id, v->id, v->id);
    }
    cg_line(out, 2, "}");
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* The vector path of the kernel (mode & 4): every array contiguous over s (or one element
 * read everywhere), 16-byte aligned, s.size < 2^31.  Thread t loads elements [t*V, t*V+V) of
 * each array with one 16-byte access (gp_vload), computes them in registers and stores each
 * output with one access; the s.size % V last elements take a thread each (of the first
 * s.size % V threads: the grid has at least one block of BLOCK >= V threads). */
static void emit_vec_path(StrBuf *out, const KernelGroup *g, const KParams *p, const bool *read, const Vec *all,
                          int V)
{
    cg_line(out, 1, "if (mode & 4) {");
    cg_line(out, 2, "const uint32_t nv = (uint32_t)(s.size / %d), nthr = gridDim.x * blockDim.x;", V);
    emit_last_strides(out, 2, all);
    /* software pipelining: the next step's vectors are loaded before this step computes, so
     * loads stay in flight while the arithmetic runs */
    cg_line(out, 2, "uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!read[i]) continue;
        const char *ct = cg_val_ctype(v);
        cg_line(out, 2, "gp_vec<%s, %d> in%d;", ct, V, v->id);
        cg_line(out, 2, "if (t < nv) in%d = gp_vload<%s, %d>(a%d.data, sl%d != 0, t);", v->id, ct, V, v->id, v->id);
    }
    cg_line(out, 2, "for (; t < nv; t += nthr) {");
    cg_line(out, 3, "const uint32_t tn = t + nthr;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (!read[i]) continue;
        const char *ct = cg_val_ctype(v);
        cg_line(out, 3, "gp_vec<%s, %d> nx%d = in%d;", ct, V, v->id, v->id);
        cg_line(out, 3, "if (tn < nv) nx%d = gp_vload<%s, %d>(a%d.data, sl%d != 0, tn);", v->id, ct, V, v->id, v->id);
    }
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        cg_line(out, 3, "gp_vec<%s, %d> r%d;", cg_val_ctype(v), V, v->id);
    }
    cg_line(out, 3, "#pragma unroll");
    cg_line(out, 3, "for (int u = 0; u < %d; u++) {", V);
    cg_line(out, 4, "const uint32_t i = t * %d + u;", V);
    cg_line(out, 4, "(void)i;");
    for (int i = 0; i < p->dsts.n; i++) {
        const IrValue *v = VEC_AT(p->dsts, i);
        cg_line(out, 4, "const int64_t off%d = (int64_t)i * sl%d;", v->id, v->id);
    }
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (read[i]) cg_line(out, 4, "const %s v%d = in%d.v[u];", cg_val_ctype(v), v->id, v->id);
    }
    emit_body(out, 4, g, "i");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        cg_line(out, 4, "r%d.v[u] = v%d;", v->id, v->id);
    }
    cg_line(out, 3, "}");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        cg_line(out, 3, "gp_vstore<%s, %d>(a%d.data, t, r%d);", cg_val_ctype(v), V, v->id, v->id);
    }
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (read[i]) cg_line(out, 3, "in%d = nx%d;", v->id, v->id);
    }
    cg_line(out, 2, "}");
    cg_line(out, 2, "const uint32_t i = nv * %d + blockIdx.x * blockDim.x + threadIdx.x;", V);
    cg_line(out, 2, "if (i < (uint32_t)s.size) {");
    for (int i = 0; i < all->n; i++) {
        const IrValue *v = VEC_AT(*all, i);
        if (i < p->outs.n || cg_in_vec(&p->dsts, v))
            cg_line(out, 3, "const int64_t off%d = (int64_t)i * sl%d;", v->id, v->id);
    }
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        if (read[i])
            cg_line(out, 3, "const %s v%d = *(const %s *)(a%d.data + (int64_t)i * sl%d);", cg_val_ctype(v),
                    v->id, cg_val_ctype(v), v->id, v->id);
    }
    emit_body(out, 3, g, "i");
    for (int i = 0; i < p->outs.n; i++) {
        const IrValue *v = VEC_AT(p->outs, i);
        cg_line(out, 3, "*(%s *)(a%d.data + off%d) = v%d;", cg_val_ctype(v), v->id, v->id, v->id);
    }
    cg_line(out, 2, "}");
    cg_line(out, 2, "return;");
    cg_line(out, 1, "}");
}

/* The elementwise kernel: a scalar body (a template over the index type) and, where the
 * arrays allow it, a vector path.  mode (chosen by the host, see cg_ewise_launch): bit 0 every
 * array contiguous over s or constant (offset = index * st[last]); bit 1 the index fits 32
 * bits; bit 2 the vector path. */
void cg_ewise_def(StrBuf *out, const KernelGroup *g)
{
    KParams p;
    cg_kparams_build(&p, g);
    bool need_ix = cg_find_op(g, IR_EYE) != NULL;
    Vec all = {0};     /* every gp_kin: outputs then inputs */
    for (int i = 0; i < p.outs.n; i++) vec_push(&all, VEC_AT(p.outs, i));
    for (int i = 0; i < p.arrs.n; i++) vec_push(&all, VEC_AT(p.arrs, i));
    const int V = ewise_vec_width(g, &all);

    bool *read = arrays_read(g, &p);
    ewise_body_def(out, g, &p, read, &all, need_ix);
    if (g->bundle) {    /* run by its bundle's kernel (cg_bundle_defs) */
        sb_printf(out, "__device__ __forceinline__ void %s_run(const gp_shape &s, int mode", g->name);
        for (int i = 0; i < all.n; i++) sb_printf(out, ", const gp_kin &a%d", ((IrValue *)VEC_AT(all, i))->id);
    } else {
        sb_printf(out, "__global__ void __launch_bounds__(%d) %s(gp_shape s, int mode", BLOCK, g->name);
        for (int i = 0; i < all.n; i++) sb_printf(out, ", gp_kin a%d", ((IrValue *)VEC_AT(all, i))->id);
    }
    for (int i = 0; i < p.raws.n; i++)
        sb_printf(out, ", %sgp_raw ra%d", g->bundle ? "const " : "", ((IrValue *)VEC_AT(p.raws, i))->id);
    cg_emit_scalar_params(out, &p);
    sb_puts(out, ")\n{\n");
    if (V > 1) emit_vec_path(out, g, &p, read, &all, V);
    StrBuf args = {0};
    put_kernel_args(&args, &all, &p, false);
    cg_line(out, 1, "if (mode & 2) %s_body<uint32_t, %d>(s, mode & 1%s);", g->name, UNROLL, args.s);
    cg_line(out, 1, "else %s_body<int64_t, 1>(s, mode & 1%s);", g->name, args.s);
    sb_puts(out, "}\n\n");
    sb_free(&args);
    vec_free(&all);
    xfree(read);
    cg_kparams_free(&p);
}

/* kg_s = the shape a creation op produces, from its shape arguments. */
static void creation_shape(const Launch *L, const IrInstr *in)
{
    StrBuf d = {0};
    int nd = 0;
    switch (in->op) {
    case IR_FULL:
        nd = in->res->type->ndim;
        for (int j = 0; j < nd; j++) sb_printf(&d, "%s%s", j ? ", " : "", cg_nm(L, in->args[j]));
        break;
    case IR_ARANGE: {
        const char *n = cg_nm(L, in->args[2]);
        sb_printf(&d, "%s < 0 ? 0 : %s", n, n);
        nd = 1;
        break;
    }
    case IR_LINSPACE:
        sb_puts(&d, cg_nm(L, in->args[2]));
        nd = 1;
        break;
    case IR_EYE:
        sb_printf(&d, "%s, ", cg_nm(L, in->args[0]));
        sb_puts(&d, cg_nm(L, in->args[1]));
        nd = 2;
        break;
    default:
        GPYC_UNREACHABLE();
    }
    if (nd == 0) {
        cg_line(L->out, L->n + 1, "kg_s = rt_shape_make(0, NULL);");
    } else {
        cg_line(L->out, L->n + 1, "{");
        cg_line(L->out, L->n + 2, "const int64_t kg_d[%d] = {%s};", nd, d.s);
        cg_line(L->out, L->n + 2, "kg_s = rt_shape_make(%d, kg_d);", nd);
        cg_line(L->out, L->n + 1, "}");
    }
    sb_free(&d);
}

/* The reshape of g's reshapes (reshapes.c) whose result is v, or NULL. */
static const IrInstr *reshape_of(const KernelGroup *g, const IrValue *v)
{
    for (int i = 0; i < g->reshapes.n; i++) {
        const IrInstr *r = VEC_AT(g->reshapes, i);
        if (r->res == v) return r;
    }
    return NULL;
}

/* The iteration shape of a group that runs its inputs' reshapes (reshapes.c): kg_r says
 * whether the sources agree (rt_reshape_agree); then kg_s is their shape and the reshapes'
 * values are NULL, else the reshapes run here, in program order, and kg_s is as usual. */
static void reshaped_shape(const Launch *L, const KernelGroup *g, const KParams *p, int n)
{
    StrBuf src = {0}, dims = {0};
    int nd = 0;
    for (int i = 0; i < g->reshapes.n; i++) {
        const IrInstr *r = VEC_AT(g->reshapes, i);
        nd = r->nargs - 1;
        sb_printf(&src, "%s%s", i ? ", " : "", cg_nm(L, r->args[0]));
        for (int j = 0; j < nd; j++) sb_printf(&dims, "%s%s", i || j ? ", " : "", cg_nm(L, r->args[1 + j]));
    }
    const int m = g->reshapes.n;
    cg_line(L->out, n, "const gp_array *const kg_rsrc[%d] = {%s};", m, src.s);
    cg_line(L->out, n, "int64_t kg_rsh[%d] = {%s};", m * nd, dims.s ? dims.s : "0");
    cg_line(L->out, n, "const bool kg_r = rt_reshape_agree(%d, kg_rsrc, %d, kg_rsh);", m, nd);
    cg_line(L->out, n, "if (kg_r) {");
    cg_line(L->out, n + 1, "kg_s = rt_shape_of(kg_rsrc[0]);");
    for (int i = 0; i < m; i++)
        cg_line(L->out, n + 1, "%s = NULL;", cg_nm(L, ((const IrInstr *)VEC_AT(g->reshapes, i))->res));
    cg_line(L->out, n, "} else {");
    for (int i = 0; i < m; i++) {
        const IrInstr *r = VEC_AT(g->reshapes, i);
        cg_line(L->out, n + 1, "%s = rt_reshape(%s, %d, kg_rsh + %d);", cg_nm(L, r->res), cg_nm(L, r->args[0]), nd,
                i * nd);
    }
    cg_emit_broadcast_shape(L->out, n + 1, L, p);
    cg_line(L->out, n, "}");
    sb_free(&src);
    sb_free(&dims);
}

/* The elementwise launch of g; for a bundle member (slot != NULL) the host code up to the
 * launch, which fills the member's argument struct and element count instead and hands the
 * copies it makes to the bundle, which releases them after its launch. */
void cg_ewise_launch(const Launch *L, const KernelGroup *g, const Slot *slot)
{
    StrBuf *out = L->out;
    int n = L->n + 1;
    KParams p;
    cg_kparams_build(&p, g);

    /* the iteration shape */
    cg_line(out, n, "gp_shape kg_s;");
    const IrInstr *creation = NULL;
    for (int i = 0; i < g->instrs.n && !creation; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (ir_op_is_creation(in->op)) creation = in;
    }
    if (p.dsts.n > 0) {
        /* STORE_INTO: the destination's shape; every other array must broadcast into it */
        const IrValue *dst = VEC_AT(p.dsts, 0);
        cg_line(out, n, "kg_s = rt_shape_of(%s);", cg_nm(L, dst));
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (cg_in_vec(&p.dsts, v)) continue;
            const char *x = cg_nm(L, v);
            cg_line(out, n, "rt_check_store_shape(kg_s.ndim, kg_s.dim, %s->ndim, %s->shape);", x, x);
        }
    } else if (creation) {
        creation_shape(L, creation);
        for (int i = 0; i < p.arrs.n; i++) {
            cg_line(out, n, "{");
            cg_line(out, n + 1, "const gp_shape kg_t = rt_shape_of(%s);", cg_nm(L, VEC_AT(p.arrs, i)));
            cg_line(out, n + 1, "gp_shape_broadcast(&kg_s, &kg_t);");
            cg_line(out, n, "}");
        }
    } else if (g->reshapes.n) {
        reshaped_shape(L, g, &p, n);
    } else {
        cg_emit_broadcast_shape(out, n, L, &p);
    }

    /* a recurrence over an empty range leaves x as it was (the same array, no launch) */
    const Recurrence *rc = g->recur;
    if (rc) {
        const char *step = cg_nm(L, rc->step);
        cg_line(out, n, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
        cg_line(out, n, "if (gp_range_len(%s, %s, %s) == 0) {", cg_nm(L, rc->start), cg_nm(L, rc->stop), step);
        if (rc->carry_in)
            cg_line(out, n + 1, "%s = rt_retain(%s);", cg_nm(L, rc->carry_out), cg_nm(L, rc->carry_in));
        cg_line(out, n, "} else {");
        n++;
    }

    /* outputs */
    const int rnd = g->reshapes.n ? ((const IrInstr *)VEC_AT(g->reshapes, 0))->nargs - 1 : 0;
    for (int i = 0; i < p.outs.n; i++) {
        const IrValue *v = VEC_AT(p.outs, i);
        const char *x = cg_nm(L, v), *dt = dt_gp_enum(v->type->dtype);
        if (g->reshapes.n) {   /* made in the reshapes' shape, written through a view in kg_s */
            cg_line(out, n, "%s = kg_r ? rt_empty(%s, %d, kg_rsh) : rt_empty(%s, kg_s.ndim, kg_s.dim);", x, dt, rnd, dt);
            cg_line(out, n, "gp_array *kg_o%d = kg_r ? rt_reshape(%s, kg_s.ndim, kg_s.dim) : NULL;", v->id, x);
        } else {
            cg_line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_s.dim);", x, dt);
        }
    }

    cg_line(out, n, "if (kg_s.size > 0) {");
    /* inputs that may overlap a destination are read from a copy (NumPy's a[1:] = a[:-1]),
     * except an input that is exactly the destination (a[:] = a * 0.5: element e is read and
     * written by one thread, read first) */
    bool any_copy = false;
    for (int i = 0; i < p.arrs.n && p.dsts.n > 0; i++) {
        const IrValue *v = VEC_AT(p.arrs, i);
        if (cg_in_vec(&p.dsts, v)) continue;
        StrBuf c = {0};
        for (int k = 0; k < p.dsts.n; k++) {
            sb_printf(&c, "%srt_store_needs_copy(", k ? " || " : "");
            sb_printf(&c, "%s, ", cg_nm(L, VEC_AT(p.dsts, k)));
            sb_printf(&c, "%s)", cg_nm(L, v));
        }
        cg_line(out, n + 1, "gp_array *kg_c%d = (%s) ? rt_copy(%s) : NULL;", v->id, c.s, cg_nm(L, v));
        sb_free(&c);
        any_copy = true;
    }
    Vec all = {0};
    for (int i = 0; i < p.outs.n; i++) vec_push(&all, VEC_AT(p.outs, i));
    for (int i = 0; i < p.arrs.n; i++) vec_push(&all, VEC_AT(p.arrs, i));
    /* the launch mode (see cg_ewise_def) in one runtime call, rt_ew_setup: each array's view
     * kg_a[i], dimensions every array walks alike merged (not for eye, whose kernel needs the
     * 2-d index), contiguity, a 32-bit index and the vector path's alignment */
    const bool need_ix = cg_find_op(g, IR_EYE) != NULL;
    const int V = ewise_vec_width(g, &all);
    StrBuf arrs = {0}, sizes = {0}, args = {0};
    sb_puts(&args, "kg_s, kg_mode");
    for (int i = 0; i < all.n; i++) {
        const IrValue *v = VEC_AT(all, i);
        const char *x = cg_nm(L, v);
        bool copied = p.dsts.n > 0 && i >= p.outs.n && !cg_in_vec(&p.dsts, v);
        const IrInstr *r = i >= p.outs.n ? reshape_of(g, v) : NULL;
        if (copied)
            sb_printf(&arrs, "%skg_c%d ? kg_c%d : %s", i ? ", " : "", v->id, v->id, x);
        else if (g->reshapes.n && i < p.outs.n)
            sb_printf(&arrs, "%skg_r ? kg_o%d : %s", i ? ", " : "", v->id, x);
        else if (r)
            sb_printf(&arrs, "%skg_r ? %s : %s", i ? ", " : "", cg_nm(L, r->args[0]), x);
        else
            sb_printf(&arrs, "%s%s", i ? ", " : "", x);
        sb_printf(&sizes, "%s%d", i ? ", " : "", dt_size(v->type->dtype));
        sb_printf(&args, ", kg_a[%d]", i);
    }
    for (int i = 0; i < p.raws.n; i++) sb_printf(&args, ", gp_raw_of(%s)", cg_nm(L, VEC_AT(p.raws, i)));
    cg_put_scalar_args(&args, L, &p);
    const int na = all.n > 0 ? all.n : 1;   /* no zero-length arrays in C++ */
    cg_line(out, n + 1, "const gp_array *const kg_x[%d] = {%s};", na, all.n ? arrs.s : "NULL");
    cg_line(out, n + 1, "static const uint8_t kg_z[%d] = {%s};", na, all.n ? sizes.s : "0");
    cg_line(out, n + 1, "gp_kin kg_a[%d];", na);
    cg_line(out, n + 1, "const int kg_mode = rt_ew_setup(&kg_s, %d, kg_x, kg_z, kg_a, %s, %d);", all.n,
            need_ix || all.n == 0 ? "false" : "true", V);
    sb_free(&arrs);
    sb_free(&sizes);
    if (V > 1)
        cg_line(out, n + 1, "const int64_t kg_n = (kg_mode & 4) ? (kg_s.size + %d) / %d : kg_s.size;", V - 1, V);
    else
        cg_line(out, n + 1, "const int64_t kg_n = kg_s.size;");
    if (slot) {
        const int b = slot->bd->id, k = slot->k;
        cg_line(out, n + 1, "hb%d_m%d.s = kg_s;", b, k);
        cg_line(out, n + 1, "hb%d_m%d.mode = kg_mode;", b, k);
        for (int i = 0; i < all.n; i++)
            cg_line(out, n + 1, "hb%d_m%d.a%d = kg_a[%d];", b, k, ((IrValue *)VEC_AT(all, i))->id, i);
        for (int i = 0; i < p.scalars.n; i++) {
            const IrValue *v = VEC_AT(p.scalars, i);
            cg_line(out, n + 1, "hb%d_m%d.v%d = %s;", b, k, v->id, cg_nm(L, v));
        }
        cg_line(out, n + 1, "hb%d_n[%d] = kg_n;", b, k);
        int c = slot->copy0;
        for (int i = 0; i < p.arrs.n && any_copy; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (!cg_in_vec(&p.dsts, v)) cg_line(out, n + 1, "hb%d_rel[%d] = kg_c%d;", b, c++, v->id);
        }
        any_copy = false;
    } else {
        /* the vector path in one pass, a thread per vector; the others grid-stride */
        cg_line(out, n + 1, "L_%s(rt_grid_ew(kg_n, %s, %d, rt_kernel_fn(&K_%s)), 1, %d, 0, %s);", g->name,
                V > 1 ? "(kg_mode & 4) != 0" : "false", BLOCK, g->name, BLOCK, args.s);
    }
    if (any_copy) {
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            if (!cg_in_vec(&p.dsts, v)) cg_line(out, n + 1, "rt_release(kg_c%d);", v->id);
        }
    }
    cg_line(out, n, "}");
    for (int i = 0; i < p.outs.n && g->reshapes.n; i++)
        cg_line(out, n, "rt_release(kg_o%d);", ((const IrValue *)VEC_AT(p.outs, i))->id);
    if (rc) cg_line(out, n - 1, "}");
    sb_free(&args);
    vec_free(&all);
    cg_kparams_free(&p);
}
