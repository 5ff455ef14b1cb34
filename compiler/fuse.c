/*
 * fuse.c — the fusion pass: merges kernel groups so that chains of elementwise operations run
 * as one kernel and share one pass over memory.
 *
 * Rule: a KG_EWISE producer group G is merged into the group H of an instruction that uses
 * one of G's values when
 *   - every use of every value G defines is inside G or H (no value of G is needed outside,
 *     so nothing of G is ever materialised in global memory);
 *   - G and the user are in the same block (fusion never crosses control flow);
 *   - G holds only elementwise operations, casts and copies (no creation op: those compute
 *     from their own index space, and no STORE_INTO: that writes memory);
 *   - nothing between G's last instruction and the user may write an array that G reads:
 *     no STORE_INTO and no call (a user function may update arrays in place), also inside
 *     nested blocks.
 * H may be elementwise (the chain grows), a STORE_INTO (the kernel writes straight into the
 * destination view; codegen copies any input that may overlap the destination first) or a
 * reduction (G becomes its prologue: cp.sum(x * x) reads x once).
 * Broadcasting is legal to fuse: right-aligned broadcasts compose, so G's inputs broadcast
 * directly to H's iteration shape and G is recomputed per element of H.
 *
 * Groups merged away are removed from m->groups; group ids keep their original numbers.
 */
#include "compiler.h"

#include <stdlib.h>

static int index_in_block(const IrBlock *b, const IrInstr *in)
{
    for (int i = 0; i < b->instrs.n; i++)
        if (VEC_AT(b->instrs, i) == in) return i;
    return -1;
}

/* Does instruction `in` (or anything nested in it) write arrays or call user code? */
static bool writes_memory(const IrInstr *in)
{
    if (in->op == IR_STORE_INTO || in->op == IR_CALL) return true;
    for (int k = 0; k < 2; k++) {
        const IrBlock *b = in->blocks[k];
        if (!b) continue;
        for (int i = 0; i < b->instrs.n; i++)
            if (writes_memory(VEC_AT(b->instrs, i))) return true;
    }
    return false;
}

static bool producer_ok(const KernelGroup *g)
{
    if (g->kind != KG_EWISE) return false;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (!(ir_op_is_ewise(in->op) || in->op == IR_COPY)) return false;
    }
    return true;
}

/* Uses of v by instructions of g. */
static int uses_in(const IrValue *v, const KernelGroup *g)
{
    int n = 0;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) n += in->args[j] == v;
    }
    return n;
}

static bool only_used_in(const KernelGroup *g, const KernelGroup *h)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (!in->res) continue;
        if (in->res->nuses == 0) return false; /* an unused result is an output */
        if (uses_in(in->res, g) + uses_in(in->res, h) != in->res->nuses) return false;
    }
    return true;
}

static const IrBlock *block_of;
static int cmp_pos(const void *a, const void *b)
{
    int ia = index_in_block(block_of, *(IrInstr *const *)a);
    int ib = index_in_block(block_of, *(IrInstr *const *)b);
    return (ia > ib) - (ia < ib);
}

/* Moves G's instructions into H, in program order. */
static void merge(IrModule *m, const IrBlock *b, KernelGroup *g, KernelGroup *h)
{
    for (int i = 0; i < g->instrs.n; i++) vec_push(&h->instrs, VEC_AT(g->instrs, i));
    block_of = b;
    qsort(h->instrs.v, h->instrs.n, sizeof(void *), cmp_pos);
    g->instrs.n = 0;
    for (int i = 0; i < m->groups.n; i++)
        if (VEC_AT(m->groups, i) == g) {
            for (int k = i + 1; k < m->groups.n; k++) m->groups.v[k - 1] = m->groups.v[k];
            m->groups.n--;
            break;
        }
    group_finish(m, h);
}

/* Tries to merge the producer of each array argument of `in` into in's group. */
static bool fuse_into(IrModule *m, IrBlock *b, int pos)
{
    IrInstr *in = VEC_AT(b->instrs, pos);
    KernelGroup *h = in->group;
    for (int j = 0; j < in->nargs; j++) {
        IrValue *a = in->args[j];
        if (!a || !a->def || !a->def->group || a->def->group == h) continue;
        if (h->kind == KG_REDUCE && (in->op != IR_REDUCE || j != 0)) continue;
        KernelGroup *g = a->def->group;
        if (a->def->parent != b || !producer_ok(g) || !only_used_in(g, h)) continue;
        int from = index_in_block(b, g->last);
        if (from < 0) continue;
        bool hazard = false;
        for (int k = from + 1; k < pos && !hazard; k++) hazard = writes_memory(VEC_AT(b->instrs, k));
        if (hazard) continue;
        merge(m, b, g, h);
        return true;
    }
    return false;
}

/* Merges producers into consumers in one block until nothing changes (a merged group may
 * expose more producers), then does the same inside nested blocks. */
static void fuse_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < b->instrs.n; i++) {
            IrInstr *in = VEC_AT(b->instrs, i);
            if (in->group && fuse_into(m, b, i)) changed = true;
        }
    }
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        fuse_block(m, in->blocks[0]);
        fuse_block(m, in->blocks[1]);
    }
}

void fuse_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) {
        IrFunc *f = VEC_AT(m->funcs, i);
        fuse_block(m, f->body);
    }
}
