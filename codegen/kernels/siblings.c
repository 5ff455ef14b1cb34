/*
 * siblings.c — sibling reductions (compiler/passes/siblings.c): one kernel over the rows the
 * members share, a _fin kernel that combines the blocks, and their launch.
 *
 * One kernel walks the N common rows of the members: thread t takes rows t, t + grid, ...;
 * for each member it loads the row's elements of the member's arrays (element (i, o) at
 * p + i*s0 + o*s1, gp_srow: strides 0 where an array broadcasts), runs the member's
 * prologue and combines into its accumulators (one, or SIB_MAX_COLS for an axis-0 member,
 * column o < its column count).  Arrays that are the same view (one array, or equal
 * reshapes of it) at the same rank are one parameter, so the loads of different members
 * are the same expressions and the compiler loads once.  The block then combines each
 * accumulator (warp shuffles, then shared memory) into partials part[block][slot], and the
 * _fin kernel, one block per slot, combines the blocks' partials and writes the outputs.
 */
#include "codegen/kernels/kernels.h"

#include <stdlib.h>
#include <string.h>

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

static int member_rank(const KernelGroup *g) { return cg_reduce_of(g)->args[0]->type->ndim; }
static bool member_cols(const KernelGroup *g) { return cg_reduce_of(g)->naxes == 1 && member_rank(g) == 2; }

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
        cg_kparams_build(&p, g);
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
        for (int i = 0; i < p.scalars.n; i++) cg_push_unique(&sp->scalars, VEC_AT(p.scalars, i));
        cg_kparams_free(&p);
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

void cg_sibling_def(StrBuf *out, const IrModule *m, const Siblings *s)
{
    SibParams sp;
    sib_params(&sp, s);
    const KernelGroup *first = VEC_AT(s->members, 0);
    sb_printf(out, "/* %s — %d sibling reductions over the same rows in one pass (", s->name, s->members.n);
    cg_put_where(out, m, first);
    sb_puts(out, "):");
    for (int k = 0; k < s->members.n; k++) sb_printf(out, "%s%s", k % 6 ? " " : "\n *   ", ((KernelGroup *)VEC_AT(s->members, k))->name);
    sb_puts(out, "\n */\n");

    sb_printf(out, "__global__ void __launch_bounds__(%d) %s(int64_t n", BLOCK, s->name);
    for (int k = 0; k < s->members.n; k++)
        if (member_rank(VEC_AT(s->members, k)) == 2) sb_printf(out, ", int c%d", k);
    for (int r = 0; r < sp.reps.n; r++) sb_printf(out, ", gp_srow p%d", r);
    for (int i = 0; i < sp.scalars.n; i++) {
        const IrValue *v = VEC_AT(sp.scalars, i);
        sb_printf(out, ", %s v%d", cg_val_ctype(v), v->id);
    }
    sb_puts(out, ", unsigned long long *part)\n{\n");
    /* accumulators */
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        StrBuf ident = {0};
        cg_put_identity(&ident, r);
        const char *at = dt_ctype(cg_acc_dtype(r));
        if (member_cols(g)) {
            cg_line(out, 1, "%s acc%d[%d];", at, k, SIB_MAX_COLS);
            cg_line(out, 1, "#pragma unroll");
            cg_line(out, 1, "for (int o = 0; o < %d; o++) acc%d[o] = %s;", SIB_MAX_COLS, k, ident.s);
        } else {
            cg_line(out, 1, "%s acc%d = %s;", at, k, ident.s);
        }
        sb_free(&ident);
    }
    cg_line(out, 1, "for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        const int d = member_rank(g);
        const char *at = dt_ctype(cg_acc_dtype(r));
        KParams p;
        cg_kparams_build(&p, g);
        int n = 3;
        cg_line(out, 2, "{   /* %s */", g->name);
        if (d == 2) {
            cg_line(out, 3, "#pragma unroll");
            cg_line(out, 3, "for (int o = 0; o < %d; o++) {", SIB_MAX_COLS);
            cg_line(out, 4, "if (o >= c%d) break;", k);
            n = 4;
        }
        for (int i = 0; i < p.arrs.n; i++) {
            const IrValue *v = VEC_AT(p.arrs, i);
            int rp = sib_rep(&sp, v, d);
            if (d == 2)
                cg_line(out, n, "const %s v%d = *(const %s *)(p%d.p + i * p%d.s0 + o * p%d.s1);", cg_val_ctype(v), v->id,
                        cg_val_ctype(v), rp, rp, rp);
            else
                cg_line(out, n, "const %s v%d = *(const %s *)(p%d.p + i * p%d.s0);", cg_val_ctype(v), v->id, cg_val_ctype(v), rp, rp);
        }
        cg_emit_instrs(out, n, g, "i");
        cg_line(out, n, "acc%d%s = %s()(acc%d%s, gp_cast<%s>(v%d));", k, member_cols(g) ? "[o]" : "",
                cg_red_functor(r), k, member_cols(g) ? "[o]" : "", at, r->args[0]->id);
        if (d == 2) cg_line(out, 3, "}");
        cg_line(out, 2, "}");
        cg_kparams_free(&p);
    }
    cg_line(out, 1, "}");
    /* the block's partials: warps first, then one value per warp in shared memory */
    cg_line(out, 1, "__shared__ unsigned long long sib_w[%d][%d];", BLOCK / 32, sp.nslots);
    cg_line(out, 1, "const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        const char *at = dt_ctype(cg_acc_dtype(r));
        const char *fn = cg_red_functor(r);
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        for (int o = 0; o < ns; o++) {
            char a[32];
            if (member_cols(g)) snprintf(a, sizeof a, "acc%d[%d]", k, o);
            else snprintf(a, sizeof a, "acc%d", k);
            cg_line(out, 1, "for (int d = 16; d > 0; d >>= 1) %s = %s()(%s, gp_shfl_xor<%s>(%s, d));", a, fn, a, at, a);
            cg_line(out, 1, "if (lane == 0) gp_sib_put<%s>(&sib_w[warp][%d], %s);", at, sp.base[k] + o, a);
        }
    }
    cg_line(out, 1, "__syncthreads();");
    cg_line(out, 1, "const int t = threadIdx.x;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        const char *at = dt_ctype(cg_acc_dtype(r));
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        cg_line(out, 1, "if (t >= %d && t < %d) {", sp.base[k], sp.base[k] + ns);
        cg_line(out, 2, "%s a = gp_sib_get<%s>(&sib_w[0][t]);", at, at);
        cg_line(out, 2, "for (int w = 1; w < %d; w++) a = %s()(a, gp_sib_get<%s>(&sib_w[w][t]));", BLOCK / 32,
                cg_red_functor(r), at);
        cg_line(out, 2, "gp_sib_put<%s>(&part[(int64_t)blockIdx.x * %d + t], a);", at, sp.nslots);
        cg_line(out, 1, "}");
    }
    sb_puts(out, "}\n\n");

    /* _fin: one block per slot combines the blocks' partials */
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s_fin(const unsigned long long *part, int64_t nb, int64_t n", BLOCK,
              s->name);
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        if (member_rank(g) == 2) sb_printf(out, ", int c%d", k);
        sb_printf(out, ", %s *out%d", dt_ctype(cg_reduce_of(g)->res->type->dtype), k);
    }
    sb_puts(out, ")\n{\n");
    cg_line(out, 1, "const int slot = blockIdx.x;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        const char *at = dt_ctype(cg_acc_dtype(r));
        const char *rt = dt_ctype(r->res->type->dtype);
        int ns = member_cols(g) ? SIB_MAX_COLS : 1;
        StrBuf ident = {0};
        cg_put_identity(&ident, r);
        cg_line(out, 1, "if (slot >= %d && slot < %d) {   /* %s */", sp.base[k], sp.base[k] + ns, g->name);
        cg_line(out, 2, "const int o = slot - %d;", sp.base[k]);
        if (member_cols(g)) cg_line(out, 2, "if (o >= c%d) return;", k);
        cg_line(out, 2, "%s acc = %s;", at, ident.s);
        cg_line(out, 2,
                "for (int64_t b = threadIdx.x; b < nb; b += blockDim.x) acc = %s()(acc, "
                "gp_sib_get<%s>(&part[b * %d + slot]));",
                cg_red_functor(r), at, sp.nslots);
        cg_line(out, 2, "acc = gp_block_reduce<%s, %d>(acc, %s());", at, BLOCK, cg_red_functor(r));
        if (r->redop == RED_MEAN) {
            StrBuf ns2 = {0};   /* the number of reduced elements */
            if (member_rank(g) == 2 && !member_cols(g)) sb_printf(&ns2, "n * (int64_t)c%d", k);
            else sb_puts(&ns2, "n");
            cg_line(out, 2, "if (threadIdx.x == 0) out%d[o] = gp_cast<%s>(gp_mean_div<%s>(acc, %s));", k, rt, at, ns2.s);
            sb_free(&ns2);
        } else {
            cg_line(out, 2, "if (threadIdx.x == 0) out%d[o] = gp_cast<%s>(acc);", k, rt);
        }
        cg_line(out, 2, "return;");
        cg_line(out, 1, "}");
        sb_free(&ident);
    }
    sb_puts(out, "}\n\n");
    sib_params_free(&sp);
}


/* kg_s<k> = the input shape of member k's reduction (as cg_reduce_launch computes it). */
static void sib_member_shape(const Launch *L, int n, const KernelGroup *g, int k)
{
    StrBuf *out = L->out;
    KParams p;
    cg_kparams_build(&p, g);
    const IrValue *src = cg_reduce_of(g)->args[0];
    if (!cg_defined_in(src, g)) {
        cg_line(out, n, "const gp_shape kg_s%d = rt_shape_of(%s);", k, cg_nm(L, src));
    } else if (p.arrs.n > 0) {
        StrBuf l = {0};
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&l, "%s%s", i ? ", " : "", cg_nm(L, VEC_AT(p.arrs, i)));
        cg_line(out, n, "gp_shape kg_s%d;", k);
        cg_line(out, n, "{");
        cg_line(out, n + 1, "const gp_array *kg_bc[%d] = {%s};", p.arrs.n, l.s);
        cg_line(out, n + 1, "rt_broadcast(&kg_s%d, %d, kg_bc);", k, p.arrs.n);
        cg_line(out, n, "}");
        sb_free(&l);
    } else {
        cg_line(out, n, "const gp_shape kg_s%d = rt_shape_make(0, NULL);", k);
    }
    cg_kparams_free(&p);
}

void cg_siblings_launch(StrBuf *out, const IrModule *m, const Siblings *s, CgValueName name_of, void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    SibParams sp;
    sib_params(&sp, s);
    int n = indent;
    cg_line(out, n, "{   /* %s */", s->name);
    n++;
    for (int k = 0; k < s->members.n; k++) sib_member_shape(&L, n, VEC_AT(s->members, k), k);
    /* one kernel when every member has the same rows N > 0 and 1..SIB_MAX_COLS columns */
    cg_line(out, n, "const int64_t kg_n = kg_s0.ndim > 0 ? kg_s0.dim[0] : 0;");
    cg_line(out, n, "bool kg_one = kg_n > 0;");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        int d = member_rank(g);
        if (d == 2)
            cg_line(out, n, "kg_one = kg_one && kg_s%d.ndim == 2 && kg_s%d.dim[0] == kg_n && kg_s%d.dim[1] >= 1 && kg_s%d.dim[1] <= %d;",
                    k, k, k, k, SIB_MAX_COLS);
        else
            cg_line(out, n, "kg_one = kg_one && kg_s%d.ndim == 1 && kg_s%d.dim[0] == kg_n;", k, k);
    }
    cg_line(out, n, "if (kg_one) {");
    n++;
    StrBuf args = {0}, fargs = {0};
    sb_puts(&args, "kg_n");
    sb_puts(&fargs, "(const unsigned long long *)kg_part->data, (int64_t)kg_nb, kg_n");
    for (int k = 0; k < s->members.n; k++) {
        const KernelGroup *g = VEC_AT(s->members, k);
        const IrInstr *r = cg_reduce_of(g);
        const char *res = cg_nm(&L, r->res);
        cg_line(out, n, "{");
        if (r->naxes > 0) {
            StrBuf a = {0};
            for (int i = 0; i < r->naxes; i++) sb_printf(&a, "%s%d", i ? ", " : "", r->axes[i]);
            cg_line(out, n + 1, "const int kg_ax[%d] = {%s};", r->naxes, a.s);
            sb_free(&a);
        }
        cg_line(out, n + 1, "gp_rshape kg_rs;");
        cg_line(out, n + 1, "gp_shape kg_os;");
        cg_line(out, n + 1, "rt_reduce_setup(&kg_s%d, %d, %s, %s, &kg_rs, &kg_os);", k, r->naxes, r->naxes ? "kg_ax" : "NULL",
                r->keepdims ? "true" : "false");
        cg_line(out, n + 1, "%s = rt_empty(%s, kg_os.ndim, kg_os.dim);", res, dt_gp_enum(r->res->type->dtype));
        cg_line(out, n, "}");
        if (member_rank(g) == 2) {
            sb_printf(&args, ", (int)kg_s%d.dim[1]", k);
            sb_printf(&fargs, ", (int)kg_s%d.dim[1]", k);
        }
        sb_printf(&fargs, ", (%s *)%s->data", dt_ctype(r->res->type->dtype), res);
    }
    for (int r = 0; r < sp.reps.n; r++)
        sb_printf(&args, ", gp_srow_of(%s, %d)", cg_nm(&L, VEC_AT(sp.reps, r)), (int)(intptr_t)VEC_AT(sp.rank, r));
    cg_put_scalar_args(&args, &L, &(KParams){.scalars = sp.scalars});
    sb_puts(&args, ", (unsigned long long *)kg_part->data");
    cg_line(out, n, "const unsigned kg_nb = rt_grid_fit(kg_n, %d, rt_kernel_fn(&K_%s), 0);", BLOCK, s->name);
    cg_line(out, n, "const int64_t kg_np = (int64_t)kg_nb * %d;", sp.nslots);
    cg_line(out, n, "gp_array *kg_part = rt_empty(GP_INT64, 1, &kg_np);");
    cg_line(out, n, "L_%s(kg_nb, 1, %d, 0, %s);", s->name, BLOCK, args.s);
    cg_line(out, n, "L_%s_fin(%d, 1, %d, 0, %s);", s->name, sp.nslots, BLOCK, fargs.s);
    cg_line(out, n, "rt_release(kg_part);");
    sb_free(&args);
    sb_free(&fargs);
    n--;
    cg_line(out, n, "} else {");
    for (int k = 0; k < s->members.n; k++) cg_kernel_launch(out, m, VEC_AT(s->members, k), name_of, ctx, n + 1);
    cg_line(out, n, "}");
    n--;
    cg_line(out, n, "}");
    sib_params_free(&sp);
}
