/*
 * bundles.c — horizontal bundles (compiler/passes/hfuse.c): independent elementwise kernels
 * run by one launch.  Each member's body is a device function (ewise.c writes it); the bundle
 * kernel picks the member by blockIdx.y.  The host fills one argument struct per member at the
 * member's own launch point and launches the bundle after the last.
 */
#include "codegen/kernels/kernels.h"

/* The copies g's launch may make: its inputs that can overlap a destination. */
static int ewise_copies(const KernelGroup *g)
{
    KParams p;
    cg_kparams_build(&p, g);
    int n = 0;
    for (int i = 0; i < p.arrs.n && p.dsts.n > 0; i++)
        if (!cg_in_vec(&p.dsts, VEC_AT(p.arrs, i))) n++;
    cg_kparams_free(&p);
    return n;
}

/* Member k's argument struct <bundle>_m<k>: its ewise kernel's parameters. */
static void bundle_member_struct(StrBuf *out, const Bundle *bd, int k)
{
    const KernelGroup *g = VEC_AT(bd->members, k);
    KParams p;
    cg_kparams_build(&p, g);
    sb_printf(out, "struct %s_m%d {  /* %s */\n", bd->name, k, g->name);
    cg_line(out, 1, "gp_shape s;");
    cg_line(out, 1, "int mode;");
    for (int i = 0; i < p.outs.n; i++) cg_line(out, 1, "gp_kin a%d;", ((IrValue *)VEC_AT(p.outs, i))->id);
    for (int i = 0; i < p.arrs.n; i++) cg_line(out, 1, "gp_kin a%d;", ((IrValue *)VEC_AT(p.arrs, i))->id);
    for (int i = 0; i < p.scalars.n; i++) {
        const IrValue *v = VEC_AT(p.scalars, i);
        cg_line(out, 1, "%s v%d;", cg_val_ctype(v), v->id);
    }
    sb_puts(out, "};\n\n");
    cg_kparams_free(&p);
}

/* The bundle kernel: blockIdx.y picks the member, whose body walks its own elements with the
 * grid's x extent (every body is a grid-stride loop, so any extent is correct). */
void cg_bundle_structs(StrBuf *out, const Bundle *bd)
{
    for (int k = 0; k < bd->members.n; k++) bundle_member_struct(out, bd, k);
}

void cg_bundle_def(StrBuf *out, const IrModule *m, const Bundle *bd)
{
    for (int k = 0; k < bd->members.n; k++) cg_kernel_def(out, m, VEC_AT(bd->members, k));
    cg_bundle_structs(out, bd);
    sb_printf(out, "/* %s — %d independent elementwise kernels in one launch (hfuse.c):", bd->name, bd->members.n);
    for (int k = 0; k < bd->members.n; k++) {
        StrBuf w = {0};
        cg_put_where(&w, m, VEC_AT(bd->members, k));
        sb_printf(out, "\n *   y=%d  %s  %s", k, ((KernelGroup *)VEC_AT(bd->members, k))->name, w.s);
        sb_free(&w);
    }
    sb_puts(out, "\n */\n");
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s(", BLOCK, bd->name);
    for (int k = 0; k < bd->members.n; k++) sb_printf(out, "%s%s_m%d m%d", k ? ", " : "", bd->name, k, k);
    sb_puts(out, ")\n{\n");
    cg_line(out, 1, "switch (blockIdx.y) {");
    for (int k = 0; k < bd->members.n; k++) {
        const KernelGroup *g = VEC_AT(bd->members, k);
        KParams p;
        cg_kparams_build(&p, g);
        StrBuf a = {0};
        sb_printf(&a, "m%d.s, m%d.mode", k, k);
        for (int i = 0; i < p.outs.n; i++) sb_printf(&a, ", m%d.a%d", k, ((IrValue *)VEC_AT(p.outs, i))->id);
        for (int i = 0; i < p.arrs.n; i++) sb_printf(&a, ", m%d.a%d", k, ((IrValue *)VEC_AT(p.arrs, i))->id);
        for (int i = 0; i < p.scalars.n; i++) sb_printf(&a, ", m%d.v%d", k, ((IrValue *)VEC_AT(p.scalars, i))->id);
        cg_line(out, 1, "case %d: %s_run(%s); break;", k, g->name, a.s);
        sb_free(&a);
        cg_kparams_free(&p);
    }
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
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
    for (int k = 0; k < bd->members.n; k++) cg_line(out, indent, "%s_m%d hb%d_m%d = {};", bd->name, k, bd->id, k);
    cg_line(out, indent, "int64_t hb%d_n[%d] = {0};", bd->id, bd->members.n);
    int copies = bundle_copies(bd);
    if (copies) cg_line(out, indent, "gp_array *hb%d_rel[%d] = {NULL};", bd->id, copies);
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
    cg_put_where(&where, m, g);
    cg_line(out, indent, "{   /* %s  %s (member %d of %s) */", where.s, g->name, k, bd->name);
    sb_free(&where);
    int n = indent + 1;
    if (k == 0) {
        for (int j = 0; j < nm_; j++) cg_line(out, n, "hb%d_m%d = {};", b, j);
        cg_line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) hb%d_n[kg_i] = 0;", nm_, b);
        if (copies) cg_line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) hb%d_rel[kg_i] = NULL;", copies, b);
    }
    Slot slot = {bd, k, 0};
    for (int j = 0; j < k; j++) slot.copy0 += ewise_copies(VEC_AT(bd->members, j));
    Launch L = {out, name_of, ctx, indent};
    cg_ewise_launch(&L, g, &slot);
    if (k == nm_ - 1) {
        cg_line(out, n, "int64_t kg_bmax = 0;");
        cg_line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) kg_bmax = hb%d_n[kg_i] > kg_bmax ? hb%d_n[kg_i] : kg_bmax;",
                nm_, b, b);
        cg_line(out, n, "if (kg_bmax > 0) {");
        StrBuf args = {0};
        for (int j = 0; j < nm_; j++) sb_printf(&args, "%shb%d_m%d", j ? ", " : "", b, j);
        cg_line(out, n + 1, "L_%s(rt_grid_fit(kg_bmax, %d, rt_kernel_fn(&K_%s), 0), %d, %d, 0, %s);", bd->name, BLOCK,
                bd->name, nm_, BLOCK, args.s);
        cg_line(out, n, "}");
        sb_free(&args);
        if (copies) cg_line(out, n, "for (int kg_i = 0; kg_i < %d; kg_i++) rt_release(hb%d_rel[kg_i]);", copies, b);
    }
    cg_line(out, indent, "}");
}
