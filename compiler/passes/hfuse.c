/*
 * hfuse.c — horizontal fusion (-O2): independent elementwise kernels of one block launch as
 * one kernel, a bundle, member k on the blocks with blockIdx.y == k.
 *
 * After the sibling reductions (siblings.c) k-means' cluster loop ends in 16 tiny kernels,
 *     newC[k] = where(cnt_k > 0, s_k / max(cnt_k, 1), C[k])        k = 0 .. 15
 * each of two elements, none reading what another writes.  Launched one by one, each costs a
 * launch and a dependent step of the stream (a few µs, more than its work); as one bundle they
 * cost one.  Vertical fusion (fuse.c) cannot merge them: they are different shapes of work,
 * not one expression.
 *
 * A bundle is a run of positions [lo, hi] of one block holding only
 *   - the instructions of member groups: KG_EWISE groups outside any row chain, sibling set
 *     or recurrence, each wholly inside the run, and
 *   - host instructions that touch no array's memory and use no member's result: constants,
 *     loads of variables, views (index, reshape, transpose, broadcast_to, squeeze), shapes,
 *     tuples, host scalar arithmetic.
 * Each member's host code (shapes, outputs, arguments, errors) still runs at its own launch
 * point, filling its slot of the bundle's arguments (codegen/kernels/bundles.c, cg_bundle_member);
 * the last member's then launches the bundle.  Only the kernels run later than they did, and
 * nothing in between can tell: nothing there reads a member's result or any memory.
 *
 * Members run concurrently, so no member may use another's result, nor write memory another
 * reads or writes (ir_may_alias).  Two members may write the same array through views that
 * are provably disjoint: `a[i] = ...` and `a[j] = ...` with distinct constant ints i, j of the
 * same sign (k-means' newC[k] rows).
 *
 * The kernel's parameters are every member's (shape, mode, array views, scalars), passed by
 * value: a bundle stops growing at HF_PARAM_BYTES (CUDA 12.1+ accepts 32764 bytes of kernel
 * parameters) and at HF_MAX_MEMBERS.
 */
#include "compiler/compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    HF_MAX_MEMBERS = 32,
    HF_PARAM_BYTES = 16384,
    /* sizes of the kernel parameter types (gpyrt.h): gp_shape, gp_kin, a scalar */
    SHAPE_BYTES = 16 + 8 * IR_MAXDIM,
    KIN_BYTES = 8 + 8 * IR_MAXDIM,
    SCALAR_BYTES = 16,
};

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

static bool member_ok(const KernelGroup *g)
{
    return g->kind == KG_EWISE && !g->chain && !g->siblings && !g->recur && !g->bundle;
}

static bool in_members(const Vec *members, const KernelGroup *g)
{
    for (int i = 0; i < members->n; i++)
        if (VEC_AT(*members, i) == g) return true;
    return false;
}

/* The arrays g writes through STORE_INTO. */
static void dsts_of(const KernelGroup *g, Vec *out)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO) vec_push(out, in->args[0]);
    }
}

/* The arrays g reads (its array inputs, less the arrays it writes). */
static void reads_of(const KernelGroup *g, const Vec *dsts, Vec *out)
{
    for (int i = 0; i < g->inputs.n; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        bool dst = false;
        for (int k = 0; k < dsts->n && !dst; k++) dst = VEC_AT(*dsts, k) == v;
        if (is_array(v) && !dst) vec_push(out, v);
    }
}

/* a[i] and a[j]: views of one array at distinct constant first indices of the same sign. */
static bool disjoint_rows(const IrValue *a, const IrValue *b)
{
    const IrInstr *x = a->def, *y = b->def;
    if (!x || !y || x->op != IR_INDEX || y->op != IR_INDEX || x->args[0] != y->args[0]) return false;
    if (x->nidx < 1 || y->nidx < 1 || x->idx[0] != IDX_INT || y->idx[0] != IDX_INT) return false;
    const IrValue *i = x->args[1], *j = y->args[1];
    if (!i->def || !j->def || i->def->op != IR_CONST_INT || j->def->op != IR_CONST_INT) return false;
    int64_t p = i->def->ival, q = j->def->ival;
    return p != q && (p < 0) == (q < 0);
}

/* May h run concurrently with the members? */
static bool independent(const Vec *members, const KernelGroup *h)
{
    bool ok = true;
    Vec hw = {0}, hr = {0};
    dsts_of(h, &hw);
    reads_of(h, &hw, &hr);
    for (int i = 0; i < h->inputs.n && ok; i++) {   /* no member's result */
        const IrValue *v = VEC_AT(h->inputs, i);
        ok = !(v->def && v->def->group && in_members(members, v->def->group));
    }
    for (int k = 0; k < members->n && ok; k++) {
        const KernelGroup *g = VEC_AT(*members, k);
        /* nor does a member read h's result: a member group may straddle h in the block
         * (2.0 * eye(n) - eye(n, k=1) - eye(n, k=-1): the subtraction's group spans both eyes) */
        for (int i = 0; i < g->inputs.n && ok; i++) {
            const IrValue *v = VEC_AT(g->inputs, i);
            ok = !(v->def && v->def->group == h);
        }
        Vec gw = {0}, gr = {0};
        dsts_of(g, &gw);
        reads_of(g, &gw, &gr);
        for (int a = 0; a < gw.n && ok; a++) {
            for (int b = 0; b < hr.n && ok; b++) ok = !ir_may_alias(VEC_AT(gw, a), VEC_AT(hr, b));
            for (int b = 0; b < hw.n && ok; b++)
                ok = disjoint_rows(VEC_AT(gw, a), VEC_AT(hw, b)) || !ir_may_alias(VEC_AT(gw, a), VEC_AT(hw, b));
        }
        for (int a = 0; a < gr.n && ok; a++)
            for (int b = 0; b < hw.n && ok; b++) ok = !ir_may_alias(VEC_AT(gr, a), VEC_AT(hw, b));
        vec_free(&gw);
        vec_free(&gr);
    }
    vec_free(&hw);
    vec_free(&hr);
    return ok;
}

/* The bytes of h's kernel parameters in the bundle (an estimate from above). */
static int param_bytes(const KernelGroup *h)
{
    int n = SHAPE_BYTES + 8;    /* shape, mode */
    for (int i = 0; i < h->outputs.n; i++) n += KIN_BYTES;
    for (int i = 0; i < h->inputs.n; i++) n += is_array(VEC_AT(h->inputs, i)) ? KIN_BYTES : SCALAR_BYTES;
    return n;
}

static int last_pos(const IrBlock *b, const KernelGroup *g) { return ir_index_in_block(b, g->last); }

/* Grows a bundle from the group whose first instruction is at position lo of b; returns the
 * position after which the search goes on. */
static int try_bundle(IrModule *m, IrBlock *b, int lo)
{
    Vec members = {0};
    int bytes = 0;
    int p = lo;
    for (; p < b->instrs.n && members.n < HF_MAX_MEMBERS; p++) {
        IrInstr *in = VEC_AT(b->instrs, p);
        KernelGroup *h = in->group;
        if (h && in_members(&members, h)) continue;
        if (h) {
            /* a new member starts here: all of it in the block, from here on */
            if (!member_ok(h) || VEC_AT(h->instrs, 0) != in || last_pos(b, h) < p) break;
            int hb = param_bytes(h);
            if (bytes + hb > HF_PARAM_BYTES || !independent(&members, h)) break;
            vec_push(&members, h);
            bytes += hb;
            continue;
        }
        if (in->blocks[0] || in->blocks[1] || !ir_is_passive(in)) break;
        bool uses_member = false;
        for (int j = 0; j < in->nargs && !uses_member; j++) {
            const IrValue *a = in->args[j];
            uses_member = a && a->def && a->def->group && in_members(&members, a->def->group);
        }
        if (uses_member) break;
    }
    /* the run ends before p: drop the members that had not ended by then */
    int k = 0;
    for (int i = 0; i < members.n; i++) {
        KernelGroup *g = VEC_AT(members, i);
        if (last_pos(b, g) < p) members.v[k++] = g;
    }
    members.n = k;
    if (members.n < 2) {
        vec_free(&members);
        return lo;
    }
    /* members launch in the order of their launches */
    for (int i = 1; i < members.n; i++)
        for (int j = i; j > 0 && last_pos(b, VEC_AT(members, j - 1)) > last_pos(b, VEC_AT(members, j)); j--) {
            void *t = members.v[j];
            members.v[j] = members.v[j - 1];
            members.v[j - 1] = t;
        }
    Bundle *bd = ar_alloc(m->arena, sizeof *bd);
    memset(bd, 0, sizeof *bd);
    bd->id = m->bundles.n;
    bd->members = members;
    KernelGroup *first = VEC_AT(members, 0), *last = VEC_AT(members, members.n - 1);
    bd->last = last->last;
    for (int i = 0; i < members.n; i++) ((KernelGroup *)VEC_AT(members, i))->bundle = bd;
    char buf[64];
    snprintf(buf, sizeof buf, "h%d_%s", bd->id, first->name);
    bd->name = ar_strdup(m->arena, buf);
    vec_push(&m->bundles, bd);
    return last_pos(b, last);
}

static void hfuse_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        KernelGroup *g = in->group;
        if (g && member_ok(g) && VEC_AT(g->instrs, 0) == in) i = try_bundle(m, b, i);
    }
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        hfuse_block(m, in->blocks[0]);
        hfuse_block(m, in->blocks[1]);
    }
}

void hfuse_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) hfuse_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
