/*
 * reshapes.c — an elementwise kernel whose inputs are reshapes of arrays of one shape reads
 * them in that shape, without the copies (-O2, after graphloop.c):
 *
 *     t = reshape(P, (N,)) * reshape(D, (N,))     P a transposed view, D contiguous, both (2, n, m)
 *
 * rt_reshape copies a source it cannot view in the new shape (P here: a 32 MB copy per stage
 * of NPBench's stockham_fft, issue 25).  An elementwise op computes element k of its C-order
 * walk from element k of each operand, and a reshape keeps the C order, so when every array
 * operand is a reshape to one shape s of a source of one shape t (and sizes agree), the
 * kernel may walk t over the sources themselves and write its new outputs, made in shape s,
 * through their contiguous views in shape t.  Whether the shapes agree is known at run time:
 * the launch tests it (rt_reshape_agree) and else runs the reshapes as written, at the launch
 * (codegen/kernels/ewise.c).
 *
 * A group qualifies when it is elementwise and launches alone (no row chain, recurrence,
 * siblings or bundle), stores into nothing and creates nothing from its own index (so its
 * iteration shape is its operands' broadcast), and its array inputs are such reshapes, at
 * least one, or 0-d arrays (which broadcast alike in both shapes): sources of one rank
 * reshaped to one rank, each reshape in the block of the group's launch, used only by the
 * group, with nothing between it and the launch but the group's own instructions, the other
 * reshapes and inert host instructions (ir_is_inert).  Run at the launch instead, a reshape
 * then reads the same memory and raises the same error first.  The pass lists the reshapes in
 * g->reshapes (in program order) and points each at the group (in->runs_in); the host code
 * skips them where they stand.
 */
#include "compiler/compiler.h"

/* Counts, in v->count (stamped), the uses of values by the instructions of g. */
static void count_uses(const KernelGroup *g, unsigned stamp)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            IrValue *v = in->args[j];
            if (!v) continue;
            if (v->stamp != stamp) {
                v->stamp = stamp;
                v->count = 0;
            }
            v->count++;
        }
    }
}

static bool launches_alone(const KernelGroup *g)
{
    if (g->kind != KG_EWISE || g->chain || g->recur || g->siblings || g->bundle) return false;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO || in->op == IR_UKERNEL || ir_op_is_creation(in->op)) return false;
    }
    return true;
}

/* Fills g->reshapes when g qualifies (see above). */
static void take_reshapes(IrModule *m, KernelGroup *g)
{
    if (!launches_alone(g) || !g->last || !g->last->parent) return;
    IrBlock *b = g->last->parent;
    unsigned stamp = ir_stamp(m);
    count_uses(g, stamp);
    Vec rs = { 0 };
    int first = ir_index_in_block(b, g->last), src_nd = -1, dst_nd = -1;
    bool ok = true;
    for (int i = 0; i < g->inputs.n && ok; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        if (v->type->kind != TY_ARRAY || v->type->ndim == 0) continue;
        IrInstr *r = v->def;
        ok = r && r->op == IR_RESHAPE && r->parent == b && v->stamp == stamp && v->count == v->nuses &&
             !vec_contains(&rs, r);
        if (!ok) break;
        int sn = r->args[0]->type->ndim, dn = v->type->ndim;
        ok = (src_nd < 0 || sn == src_nd) && (dst_nd < 0 || dn == dst_nd) && r->nargs == 1 + dn;
        src_nd = sn;
        dst_nd = dn;
        int pos = ir_index_in_block(b, r);
        if (pos < first) first = pos;
        vec_push(&rs, r);
    }
    int last = ir_index_in_block(b, g->last);
    for (int k = first; ok && k < last; k++) {   /* what lies between runs before the launch */
        IrInstr *in = VEC_AT(b->instrs, k);
        ok = in->group == g || (in->op == IR_RESHAPE && vec_contains(&rs, in)) || ir_is_inert(in);
    }
    if (!ok || rs.n == 0) {
        vec_free(&rs);
        return;
    }
    for (int k = first; k < last; k++) {   /* program order */
        IrInstr *in = VEC_AT(b->instrs, k);
        if (in->op == IR_RESHAPE && vec_contains(&rs, in)) {
            vec_push(&g->reshapes, in);
            in->runs_in = g;
        }
    }
    vec_free(&rs);
}

void reshapes_module(IrModule *m)
{
    for (int i = 0; i < m->groups.n; i++) take_reshapes(m, VEC_AT(m->groups, i));
}
