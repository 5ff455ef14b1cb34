/*
 * rows.c — row chains (compiler/passes/rowfuse.c): one kernel that runs the chain's members
 * as phases over each row of X, keeping the row in registers or shared memory, and its
 * launch, which falls back to the members' own kernels when the rows are few.
 */
#include "codegen/kernels/kernels.h"

#include <string.h>

/* A row chain runs a warp per row (rows of at most 32 * WARP_REGS vectors, in registers) when
 * its rows are at most WARP_ROW_ALWAYS vectors (a block would leave most threads idle) or
 * there are at least WARP_ROW_ROWS of them (eight warps per block and a few blocks per SM on
 * the largest GPUs, about 132 SMs, still fill it); few longer rows keep a block each, which
 * spreads them over more SMs.  WARP_REGS = 4 holds a row of 448 float32 (3.5 vectors a lane)
 * in 64 registers a thread (8: 98, two blocks per SM instead of four). */
enum { WARP_REGS = 4, WARP_ROW_ALWAYS = 64, WARP_ROW_ROWS = 8192 };

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
        cg_kparams_build(&p, g);
        if (g->kind == KG_REDUCE) vec_push(&cp->reds, (void *)cg_reduce_of(g));
        else
            for (int i = 0; i < p.outs.n; i++) cg_push_unique(&cp->outs, VEC_AT(p.outs, i));
        for (int i = 0; i < p.scalars.n; i++) cg_push_unique(&cp->scalars, VEC_AT(p.scalars, i));
        cg_kparams_free(&p);
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
            cg_line(out, n, "gp_vec<%s, %d> ov%d;", cg_val_ctype(v), V, v->id);
        }
    cg_line(out, n, "#pragma unroll");
    cg_line(out, n, "for (int u = 0; u < %d; u++) {", V);
    cg_line(out, n + 1, "if (!vec && u > 0) break;");
    cg_line(out, n + 1, "const int64_t j = vec ? jv * %d + u : jv;", V);
    cg_line(out, n + 1, "(void)j;");
    cg_line(out, n + 1, "const %s v%d = xv.v[u];", dt_ctype(x->type->dtype), x->id);
    cg_emit_instrs(out, n + 1, g, "j");
    if (r) {
        cg_emit_combine(out, n + 1, r, at, "acc");
    } else {
        for (int i = 0; i < p->outs.n; i++) {
            const IrValue *v = VEC_AT(p->outs, i);
            cg_line(out, n + 1, "if (vec) ov%d.v[u] = v%d;", v->id, v->id);
            cg_line(out, n + 1, "else *(%s *)(a%d.data + base%d + j * sl%d) = v%d;", cg_val_ctype(v), v->id, v->id,
                    v->id, v->id);
        }
    }
    cg_line(out, n, "}");
    if (!r)
        for (int i = 0; i < p->outs.n; i++) {
            const IrValue *v = VEC_AT(p->outs, i);
            cg_line(out, n, "if (vec) gp_vstore<%s, %d>(a%d.data + base%d, (uint32_t)jv, ov%d);", cg_val_ctype(v), V, v->id,
                    v->id, v->id);
        }
}

/* The chain kernel's parameters, with their types (a declaration) or without (a call). */
static void chain_param_list(StrBuf *out, const IrValue *x, const ChainParams *cp, bool typed)
{
    sb_printf(out, "%ss, %sflags, %sa%d", typed ? "gp_shape " : "", typed ? "int " : "",
              typed ? "gp_kin " : "", x->id);
    for (int i = 0; i < cp->outs.n; i++)
        sb_printf(out, ", %sa%d", typed ? "gp_kin " : "", ((IrValue *)VEC_AT(cp->outs, i))->id);
    for (int i = 0; i < cp->reds.n; i++) {
        const IrInstr *r = VEC_AT(cp->reds, i);
        if (typed)
            sb_printf(out, ", %s *rv%d", dt_ctype(r->res->type->dtype), r->res->id);
        else
            sb_printf(out, ", rv%d", r->res->id);
    }
    for (int i = 0; i < cp->scalars.n; i++) {
        const IrValue *v = VEC_AT(cp->scalars, i);
        if (typed)
            sb_printf(out, ", %s v%d", cg_val_ctype(v), v->id);
        else
            sb_printf(out, ", v%d", v->id);
    }
}

/* The chain kernel, as a body template and two entries: NAME, where blocks take rows o, and
 * NAME_w for short rows, where each warp of a block takes rows o (a block of 256 threads
 * over a row of 448 float32 left 144 idle and waited on a barrier per reduction: 0.6 TB/s
 * on an H200 for NPBench's softmax; the warp entry keeps WARP_REGS vectors a thread, fewer
 * registers, more rows in flight).  Each member runs as one phase over the row (the group's
 * threads, the block or the warp, stride over it, V elements at a time when flags & 1), in
 * order.  Phase 0 reads X's row from memory and keeps it for the later phases: in registers
 * when flags & 4 or in a warp (vectors jv = lane + q * group in xr[q], all loads issued
 * first), else in shared memory when flags & 2, else they read it again.  A reduction phase
 * ends with a reduction over the group (a block's through shared memory, a warp's by
 * shuffles) whose result every later phase reads (and rv<id>[o] when it is used outside the
 * chain). */
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
    cg_put_where(out, m, first);
    sb_puts(out, ") */\n");
    sb_printf(out, "template<int R, bool WARP>\n__device__ __forceinline__ void %s_body(", c->name);
    chain_param_list(out, x, &cp, true);
    sb_puts(out, ")\n{\n");
    cg_line(out, 1, "extern __shared__ __align__(16) unsigned char gp_rowbuf[];");
    cg_line(out, 1, "%s *const row = (%s *)gp_rowbuf;", xt, xt);
    cg_line(out, 1, "const bool vec = flags & 1, stage = !WARP && (flags & 2), regs = WARP || (flags & 4);");
    cg_line(out, 1, "const int lane = WARP ? threadIdx.x & 31 : threadIdx.x, group = WARP ? 32 : %d;", BLOCK);
    cg_line(out, 1, "const int64_t ofirst = WARP ? (int64_t)blockIdx.x * %d + threadIdx.x / 32 : blockIdx.x;",
            BLOCK / 32);
    cg_line(out, 1, "const int64_t ostep = WARP ? (int64_t)gridDim.x * %d : gridDim.x;", BLOCK / 32);
    cg_line(out, 1, "const int last = s.ndim - 1;");
    /* run-time indices into the parameters only through gp_at and unrolled loops (see gp_at) */
    cg_line(out, 1, "const int64_t C = gp_at(s.dim, last), nrows = s.size / C, nv = vec ? C / %d : C;", V);
    cg_line(out, 1, "const int64_t sl%d = gp_at(a%d.st, last);", x->id, x->id);
    for (int i = 0; i < cp.outs.n; i++) {
        int id = ((IrValue *)VEC_AT(cp.outs, i))->id;
        cg_line(out, 1, "const int64_t sl%d = gp_at(a%d.st, last);", id, id);
    }
    cg_line(out, 1, "gp_vec<%s, %d> xr[R];   /* registers mode: the thread's vectors of the row */", xt, V);
    for (int i = 0; i < cp.reds.n; i++) { /* each reduction's warp values, two rows' worth */
        const IrInstr *r = VEC_AT(cp.reds, i);
        cg_line(out, 1, "__shared__ __align__(16) unsigned char s_w%d[2][%d * sizeof(%s)];", r->res->id, BLOCK / 32,
                dt_ctype(cg_acc_dtype(r)));
    }
    cg_line(out, 1, "int it = 0;");
    cg_line(out, 1, "for (int64_t o = ofirst; o < nrows; o += ostep, it++) {");
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        cg_line(out, 2, "%s f_v%d;   /* the row's reduction result, in every thread */", dt_ctype(r->res->type->dtype),
                r->res->id);
    }
    /* row bases */
    StrBuf decl = {0};
    sb_printf(&decl, "base%d = 0", x->id);
    for (int i = 0; i < cp.outs.n; i++) sb_printf(&decl, ", base%d = 0", ((IrValue *)VEC_AT(cp.outs, i))->id);
    cg_line(out, 2, "int64_t %s;", decl.s);
    sb_free(&decl);
    cg_line(out, 2, "{");
    cg_line(out, 3, "int64_t r = o;");
    cg_line(out, 3, "#pragma unroll");
    cg_line(out, 3, "for (int d = GP_MAXDIM - 2; d >= 0; d--) {");
    cg_line(out, 4, "if (d >= last) continue;");
    cg_line(out, 4, "const int64_t id = gp_divmod(r, s.dim[d]);");
    cg_line(out, 4, "base%d += id * a%d.st[d];", x->id, x->id);
    for (int i = 0; i < cp.outs.n; i++) {
        int id = ((IrValue *)VEC_AT(cp.outs, i))->id;
        cg_line(out, 4, "base%d += id * a%d.st[d];", id, id);
    }
    cg_line(out, 3, "}");
    cg_line(out, 2, "}");

    Vec done = {0};     /* reductions finished by earlier phases */
    for (int k = 0; k < c->members.n; k++) {
        const KernelGroup *g = VEC_AT(c->members, k);
        const IrInstr *r = g->kind == KG_REDUCE ? cg_reduce_of(g) : NULL;
        KParams p;
        cg_kparams_build(&p, g);
        cg_line(out, 2, "{   /* phase %d: %s */", k, g->name);
        for (int i = 0; i < done.n; i++) {
            const IrInstr *d = VEC_AT(done, i);
            cg_line(out, 3, "const %s v%d = f_v%d;", dt_ctype(d->res->type->dtype), d->res->id, d->res->id);
            cg_line(out, 3, "(void)v%d;", d->res->id);
        }
        char at[64] = "";
        if (r) {
            StrBuf ident = {0};
            cg_put_identity(&ident, r);
            snprintf(at, sizeof at, "%s", dt_ctype(cg_acc_dtype(r)));
            cg_line(out, 3, "%s acc = %s;", at, ident.s);
            sb_free(&ident);
        }
        if (k == 0) { /* registers mode: every load of the row first */
            cg_line(out, 3, "if (regs) {");
            cg_line(out, 4, "#pragma unroll");
            cg_line(out, 4, "for (int q = 0; q < R; q++) {");
            cg_line(out, 5, "const int64_t jv = lane + q * group;");
            cg_line(out, 5, "if (jv >= nv) break;");
            cg_line(out, 5, "if (vec) xr[q] = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt,
                    V, x->id, x->id);
            cg_line(out, 5, "else xr[q].v[0] = *(const %s *)(a%d.data + base%d + jv * sl%d);", xt, x->id,
                    x->id, x->id);
            cg_line(out, 4, "}");
            cg_line(out, 3, "}");
        }
        cg_line(out, 3, "if (regs) {");
        cg_line(out, 4, "#pragma unroll");
        cg_line(out, 4, "for (int q = 0; q < R; q++) {");
        cg_line(out, 5, "const int64_t jv = lane + q * group;");
        cg_line(out, 5, "if (jv >= nv) break;");
        cg_line(out, 5, "const gp_vec<%s, %d> xv = xr[q];", xt, V);
        emit_row_vector(out, 5, g, &p, r, x, V, at);
        cg_line(out, 4, "}");
        cg_line(out, 3, "} else {");
        cg_line(out, 4, "for (int64_t jv = threadIdx.x; jv < nv; jv += blockDim.x) {");
        cg_line(out, 5, "gp_vec<%s, %d> xv;", xt, V);
        if (k == 0) {
            cg_line(out, 5, "if (vec) xv = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt, V, x->id, x->id);
            cg_line(out, 5, "else xv.v[0] = *(const %s *)(a%d.data + base%d + jv * sl%d);", xt, x->id, x->id, x->id);
            cg_line(out, 5, "if (stage) {");
            cg_line(out, 6, "if (vec) ((gp_vec<%s, %d> *)row)[jv] = xv;", xt, V);
            cg_line(out, 6, "else row[jv] = xv.v[0];");
            cg_line(out, 5, "}");
        } else {
            cg_line(out, 5, "if (stage) {");
            cg_line(out, 6, "if (vec) xv = ((const gp_vec<%s, %d> *)row)[jv];", xt, V);
            cg_line(out, 6, "else xv.v[0] = row[jv];");
            cg_line(out, 5, "} else if (vec) {");
            cg_line(out, 6, "xv = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", xt, V, x->id, x->id);
            cg_line(out, 5, "} else {");
            cg_line(out, 6, "xv.v[0] = *(const %s *)(a%d.data + base%d + jv * sl%d);", xt, x->id, x->id, x->id);
            cg_line(out, 5, "}");
        }
        emit_row_vector(out, 5, g, &p, r, x, V, at);
        cg_line(out, 4, "}");
        cg_line(out, 3, "}");
        if (r) {
            const char *rt = dt_ctype(r->res->type->dtype);
            cg_line(out, 3,
                    "acc = WARP ? gp_warp_reduce(acc, %s()) : gp_block_allreduce<%s, %d>(acc, %s(), (%s "
                    "*)s_w%d[it & 1]);",
                    cg_red_functor(r), at, BLOCK, cg_red_functor(r), at, r->res->id);
            if (r->redop == RED_MEAN) cg_line(out, 3, "f_v%d = gp_cast<%s>(gp_mean_div<%s>(acc, C));", r->res->id, rt, at);
            else cg_line(out, 3, "f_v%d = gp_cast<%s>(acc);", r->res->id, rt);
            cg_line(out, 3, "if (lane == 0 && rv%d) rv%d[o] = f_v%d;", r->res->id, r->res->id, r->res->id);
            vec_push(&done, (void *)r);
        }
        cg_line(out, 2, "}");
        cg_kparams_free(&p);
    }
    cg_line(out, 2, "if (stage) __syncthreads();   /* the next row overwrites the staged one */");
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
    for (int w = 0; w < 2; w++) { /* the entries: a block per row, a warp per row (_w) */
        sb_printf(out, "__global__ void __launch_bounds__(%d) %s%s(", BLOCK, c->name, w ? "_w" : "");
        chain_param_list(out, x, &cp, true);
        sb_printf(out, ")\n{\n    %s_body<%d, %s>(", c->name, w ? WARP_REGS : ROW_REGS, w ? "true" : "false");
        chain_param_list(out, x, &cp, false);
        sb_puts(out, ");\n}\n\n");
    }
    vec_free(&done);
    chain_params_free(&cp);
}

void cg_rows_def(StrBuf *out, const IrModule *m, const RowChain *c) { rows_def(out, m, c); }

int cg_rows_warp_max(const RowChain *c)
{
    ChainParams cp;
    chain_params(&cp, c);
    const int V = chain_vec_width(c, &cp);
    chain_params_free(&cp);
    return 32 * WARP_REGS * V;
}

/* The chain's launch, at its last member's last instruction: the chain kernel when X has
 * rows enough to fill the GPU (one block or warp each), else the members one by one. */
void cg_rows_launch(StrBuf *out, const IrModule *m, const RowChain *c, CgValueName name_of, void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    ChainParams cp;
    chain_params(&cp, c);
    const int V = chain_vec_width(c, &cp);
    const IrValue *x = c->x;
    const char *xn = cg_nm(&L, x);
    int n = indent;
    cg_line(out, n, "{   /* %s */", c->name);
    cg_line(out, n + 1, "const gp_shape kg_s = rt_shape_of(%s);", xn);
    cg_line(out, n + 1, "const int64_t kg_C = kg_s.dim[kg_s.ndim - 1], kg_rows = kg_C > 0 ? kg_s.size / kg_C : 0;");
    cg_line(out, n + 1, "if (kg_C > 0 && kg_rows >= 64) {");
    n += 2;
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        cg_line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_s.dim);", cg_nm(&L, v), dt_gp_enum(v->type->dtype));
    }
    if (cp.reds.n) {
        cg_line(out, n, "int64_t kg_kd[GP_MAXDIM];");
        cg_line(out, n, "for (int d = 0; d < kg_s.ndim; d++) kg_kd[d] = d == kg_s.ndim - 1 ? 1 : kg_s.dim[d];");
    }
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        if (used_outside_chain(c, r->res))
            cg_line(out, n, "%s = rt_empty(%s, kg_s.ndim, kg_kd);", cg_nm(&L, r->res), dt_gp_enum(r->res->type->dtype));
        else
            cg_line(out, n, "%s = NULL;", cg_nm(&L, r->res));
    }
    cg_line(out, n, "gp_kin a%d = rt_kin(%s, &kg_s);", x->id, xn);
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        cg_line(out, n, "gp_kin a%d = rt_kin(%s, &kg_s);", v->id, cg_nm(&L, v));
    }
    StrBuf cond = {0};
    sb_printf(&cond, "kg_C %% %d == 0 && gp_rows_vec(&a%d, &kg_s, %d, %d)", V, x->id, dt_size(x->type->dtype),
              V * dt_size(x->type->dtype));
    for (int i = 0; i < cp.outs.n; i++) {
        const IrValue *v = VEC_AT(cp.outs, i);
        sb_printf(&cond, " && gp_rows_vec(&a%d, &kg_s, %d, %d)", v->id, dt_size(v->type->dtype),
                  V * dt_size(v->type->dtype));
    }
    cg_line(out, n, "int kg_flags = (%s) ? 1 : 0;", cond.s);
    sb_free(&cond);
    cg_line(out, n, "size_t kg_smem = (size_t)kg_C * %d;", dt_size(x->type->dtype));
    cg_line(out, n, "const int64_t kg_nv = (kg_flags & 1) ? kg_C / %d : kg_C;", V);
    cg_line(out, n, "if (kg_nv <= %d && (kg_nv <= %d || kg_rows >= %d)) {", 32 * WARP_REGS, WARP_ROW_ALWAYS,
            WARP_ROW_ROWS);
    cg_line(out, n + 1, "kg_flags |= 8;");
    cg_line(out, n + 1, "kg_smem = 0;");
    cg_line(out, n, "} else if ((kg_flags & 1) && kg_nv <= %d) {", BLOCK * ROW_REGS);
    cg_line(out, n + 1, "kg_flags |= 4;");
    cg_line(out, n + 1, "kg_smem = 0;");
    cg_line(out, n, "} else if (kg_smem <= 48 * 1024) {");
    cg_line(out, n + 1, "kg_flags |= 2;");
    cg_line(out, n, "} else {");
    cg_line(out, n + 1, "kg_smem = 0;");
    cg_line(out, n, "}");
    StrBuf args = {0};
    sb_printf(&args, "kg_s, kg_flags, a%d", x->id);
    for (int i = 0; i < cp.outs.n; i++) sb_printf(&args, ", a%d", ((IrValue *)VEC_AT(cp.outs, i))->id);
    for (int i = 0; i < cp.reds.n; i++) {
        const IrInstr *r = VEC_AT(cp.reds, i);
        const char *rn = cg_nm(&L, r->res);
        sb_printf(&args, ", %s ? (%s *)%s->data : NULL", rn, dt_ctype(r->res->type->dtype), rn);
    }
    for (int i = 0; i < cp.scalars.n; i++) sb_printf(&args, ", %s", cg_nm(&L, VEC_AT(cp.scalars, i)));
    cg_line(
        out, n,
        "if (kg_flags & 8) L_%s_w(rt_grid_fit(kg_rows * 32, %d, rt_kernel_fn(&K_%s_w), 0), 1, %d, 0, %s);",
        c->name, BLOCK, c->name, BLOCK, args.s);
    cg_line(out, n,
            "else L_%s(rt_grid_fit(kg_rows * %d, %d, rt_kernel_fn(&K_%s), kg_smem), 1, %d, kg_smem, %s);",
            c->name, BLOCK, BLOCK, c->name, BLOCK, args.s);
    sb_free(&args);
    n -= 2;
    cg_line(out, n + 1, "} else {");
    for (int k = 0; k < c->members.n; k++) cg_kernel_launch(out, m, VEC_AT(c->members, k), name_of, ctx, n + 2);
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
    chain_params_free(&cp);
}
