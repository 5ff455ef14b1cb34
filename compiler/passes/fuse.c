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
 * Recompute: a small producer with one result used by a few kernel instructions of its block
 * (softmax's e = exp(x - m), used by the row sum and by the division) is cloned in front of
 * each user, so each clone fuses into its user and the value is never stored: reading the
 * producer's inputs again costs less than writing and reading the value.
 *
 * Groups merged away are removed from m->groups (retired with empty lists during the pass, dropped
 * at its end); group ids keep their original numbers.
 */
#include "compiler/compiler.h"

#include <stdlib.h>

static bool producer_ok(const KernelGroup *g) { return g->kind == KG_EWISE && g->ewise_only; }

/* Counts, in the `count` scratch of each value under `stamp`, its uses by instructions of g. */
static void count_uses(const KernelGroup *g, unsigned stamp)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            IrValue *a = in->args[j];
            if (!a) continue;
            if (a->stamp != stamp) a->stamp = stamp, a->count = 0;
            a->count++;
        }
    }
}

/* Does all of g come before all of h in block b? */
static bool precedes(const IrBlock *b, const KernelGroup *g, const KernelGroup *h)
{
    return ir_index_in_block(b, g->last) < ir_index_in_block(b, VEC_AT(h->instrs, 0));
}

/* Is every value of g used only by instructions of g and h?  When g precedes h only the
 * results g lists as outputs can be used outside g (group.c keeps their `inner` uses):
 * O(|h| + outputs); else a count over both groups. */
static bool only_used_in(const IrModule *m, const IrBlock *b, const KernelGroup *g, const KernelGroup *h)
{
    unsigned stamp = ir_stamp(m);
    count_uses(h, stamp);
    if (precedes(b, g, h)) {
        for (int i = 0; i < g->outputs.n; i++) {
            const IrValue *r = VEC_AT(g->outputs, i);
            if (r->nuses == 0 || r->nuses != r->inner + (r->stamp == stamp ? r->count : 0)) return false;
        }
        return true;
    }
    count_uses(g, stamp);
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (!in->res) continue;
        if (in->res->nuses == 0) return false; /* an unused result is an output */
        if ((in->res->stamp == stamp ? in->res->count : 0) != in->res->nuses) return false;
    }
    return true;
}

/* Takes g out of the pass: its lists go, and fuse_module drops it from m->groups at the end
 * (one compaction instead of a search per merge). */
static void retire_group(KernelGroup *g)
{
    vec_free(&g->instrs);
    vec_free(&g->inputs);
    vec_free(&g->outputs);
}

/* Moves G's instructions into H, in program order.  When G precedes H (a chain), G's record
 * takes H's instructions, id and place in m->groups instead (group_append: the cost of H, not
 * of the chain so far); else one merge of the two lists by position and group_finish. */
static void merge(IrModule *m, const IrBlock *b, KernelGroup *g, KernelGroup *h)
{
    if (precedes(b, g, h)) {
        group_append(m, g, h);
        int slot = g->slot;
        g->slot = h->slot;
        h->slot = slot;
        m->groups.v[g->slot] = g;
        m->groups.v[h->slot] = h;
        retire_group(h);
        return;
    }
    Vec all = {0};
    int i = 0, k = 0;
    while (i < g->instrs.n || k < h->instrs.n) {
        bool from_g = k == h->instrs.n ||
                      (i < g->instrs.n && ir_index_in_block(b, VEC_AT(g->instrs, i)) <
                                              ir_index_in_block(b, VEC_AT(h->instrs, k)));
        vec_push(&all, from_g ? VEC_AT(g->instrs, i++) : VEC_AT(h->instrs, k++));
    }
    vec_free(&h->instrs);
    h->instrs = all;
    retire_group(g);
    group_finish(m, h);
}

#define MAX_CLONE_INSTRS 16
#define MAX_CLONE_USERS 4

/* Is every use of v by a kernel instruction of block b placed after position `from`, with
 * nothing writing memory between `from` and the last of them? */
static bool users_are_kernels(const IrBlock *b, int from, const IrValue *v, int *nusers)
{
    int seen = 0, n = 0;
    for (int i = from + 1; i < b->instrs.n && seen < v->nuses; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        int k = 0;
        for (int j = 0; j < in->nargs; j++) k += in->args[j] == v;
        if (k) {
            if (!in->group) return false;
            seen += k;
            n++;
        }
        if (seen < v->nuses && ir_writes_memory(in)) return false;
    }
    *nusers = n;
    return seen == v->nuses;
}

static int next_group_id(const IrModule *m)
{
    int id = 0;
    for (int i = 0; i < m->groups.n; i++) {
        const KernelGroup *g = VEC_AT(m->groups, i);
        if (g->instrs.n && g->id >= id) id = g->id + 1;   /* retired groups are gone */
    }
    return id;
}

/* Copies g's instructions into block b at position pos (in order) as a new group; returns the
 * copy of `v`. */
static IrValue *clone_group(IrModule *m, IrBlock *b, int pos, const KernelGroup *g, IrValue *v)
{
    int n = g->instrs.n;
    IrValue **from = xcalloc(n, sizeof *from), **to = xcalloc(n, sizeof *to);
    KernelGroup *ng = ar_alloc(m->arena, sizeof *ng);
    ng->id = next_group_id(m);
    IrBlock tmp = {0};
    IrValue *result = NULL;
    for (int i = 0; i < n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        IrInstr *c = ir_clone(m, &tmp, in, i, from, to);
        IrValue *res = c->res;
        c->parent = b;
        c->group = ng;
        from[i] = in->res;
        to[i] = res;
        if (in->res == v) result = res;
        vec_push(&ng->instrs, c);
        /* insert at pos + i */
        vec_push(&b->instrs, NULL);
        for (int k = b->instrs.n - 1; k > pos + i; k--) b->instrs.v[k] = b->instrs.v[k - 1];
        b->instrs.v[pos + i] = c;
    }
    vec_free(&tmp.instrs);
    free(from);
    free(to);
    ng->slot = m->groups.n;
    vec_push(&m->groups, ng);
    group_finish(m, ng);
    return result;
}

static void drop_group(IrBlock *b, KernelGroup *g)
{
    for (int i = 0; i < g->instrs.n; i++) {
        ir_remove(b, ir_index_in_block(b, VEC_AT(g->instrs, i)));
    }
    retire_group(g);
}

/* Clones producer group g (single result v) in front of each of v's users.  Returns true when
 * it did. */
static bool recompute(IrModule *m, IrBlock *b, KernelGroup *g)
{
    if (g->instrs.n > MAX_CLONE_INSTRS || g->outputs.n != 1 || !producer_ok(g)) return false;
    IrValue *v = VEC_AT(g->outputs, 0);
    if (!v->def || v->def->parent != b || v->nuses < 2) return false;
    int from = ir_index_in_block(b, g->last), nusers = 0;
    if (from < 0 || !users_are_kernels(b, from, v, &nusers) || nusers > MAX_CLONE_USERS) return false;
    /* rewire each user to its own copy, from the last user backwards (positions stay valid) */
    for (int i = b->instrs.n - 1; i > from; i--) {
        IrInstr *in = VEC_AT(b->instrs, i);
        bool uses = false;
        for (int j = 0; j < in->nargs; j++) uses |= in->args[j] == v;
        if (!uses) continue;
        IrValue *c = clone_group(m, b, i, g, v);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == v) {
                in->args[j] = c;
                v->nuses--;
                c->nuses++;
            }
        group_finish(m, in->group); /* its inputs: the copy, not v */
    }
    drop_group(b, g);
    return true;
}

/* ---------------------------------------------------------------- views of producers
 *
 * m = labels == k; ... cp.where(m.reshape(n, 1), X, 0.0): the reshape is a host op, so the
 * where's group cannot take m's producer as a prologue and m is materialised.  When the
 * producer group G (elementwise, one result v) has exactly one distinct array input A of v's
 * rank, and its other array inputs are 0-d, v has A's shape, and elementwise operations
 * commute with a reshape:  reshape(f(A, s...), d) == f(reshape(A, d), s...).  The pass then
 * reshapes A instead (a view when A is contiguous) and clones G after it, so the clone fuses
 * into the reshape's users and v is never stored.  The reshape's result must only be read by
 * kernel instructions of the block, with nothing writing memory from G's launch to the last
 * of them (the clone reads A later than G did).  The same for a view that only adds axes of
 * size one (`v[:, None]`, full slices and newaxis): f(A, s...)[:, None] == f(A[:, None], s...),
 * so `(beta * y)[:, None] * M` reads y in M's kernel (vecdot.c's column reductions). */

static bool is_array_value(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

/* Inserts `in` (already appended to some block by ir_emit) at position pos of b. */
static void insert_at(IrBlock *b, int pos, IrInstr *in)
{
    vec_push(&b->instrs, NULL);
    for (int k = b->instrs.n - 1; k > pos; k--) b->instrs.v[k] = b->instrs.v[k - 1];
    b->instrs.v[pos] = in;
    in->parent = b;
}

/* The one array input of g of rank `ndim` (every other array input 0-d), or NULL. */
static IrValue *full_rank_input(const KernelGroup *g, int ndim)
{
    IrValue *a = NULL;
    for (int i = 0; i < g->inputs.n; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        if (!is_array_value(v) || v->type->ndim == 0) continue;
        if (v->type->ndim != ndim || (a && a != v)) return NULL;
        a = v;
    }
    return a;
}

/* Is `in` an IR_INDEX of full slices and new axes only (`v[:, None]`, `v[None]`)? */
static bool adds_axes(const IrInstr *in)
{
    if (in->op != IR_INDEX) return false;
    int a = 1;
    for (int i = 0; i < in->nidx; i++) {
        if (in->idx[i] == IDX_NEWAXIS) continue;
        if (in->idx[i] != IDX_SLICE || a + 3 > in->nargs) return false;
        for (int k = 0; k < 3; k++)
            if (!in->args[a + k] || !in->args[a + k]->def || in->args[a + k]->def->op != IR_CONST_NONE) return false;
        a += 3;
    }
    return a == in->nargs;
}

/* Is g cheap enough to run at every element of a consumer that broadcasts it?  Through a
 * view that adds axes, g's clone runs once per element of its consumer, not of v: azimint_naive's
 * bin edges (`rmax * i / npt` for 1,000 bins, read as a column against 400,000 points) cost two
 * float64 divisions at each of 400 million elements, twice the time of computing the 1,000
 * edges in their own kernel.  Adds, multiplies, comparisons, selects and casts: a few
 * instructions each, less than the load of a stored v; a division, a power or a function
 * (exp, sin, sqrt ...) is not.  This pass's policy, not a fact about the ops. */
static bool cheap_to_broadcast(const KernelGroup *g)
{
    for (int i = 0; i < g->instrs.n; i++) {
        switch (((const IrInstr *)VEC_AT(g->instrs, i))->op) {
        case IR_ADD: case IR_SUB: case IR_MUL: case IR_NEG: case IR_POS: case IR_ABS: case IR_FABS:
        case IR_SQUARE: case IR_MAXIMUM: case IR_MINIMUM: case IR_FMAX: case IR_FMIN: case IR_EQ:
        case IR_NE: case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_BITAND: case IR_BITOR:
        case IR_BITXOR: case IR_INVERT: case IR_LSHIFT: case IR_RSHIFT: case IR_LOGICAL_AND:
        case IR_LOGICAL_OR: case IR_LOGICAL_XOR: case IR_LOGICAL_NOT: case IR_WHERE: case IR_CAST:
        case IR_CONJ: case IR_REAL: case IR_IMAG: case IR_FMA: case IR_COPY:
            continue;
        default:
            return false;
        }
    }
    return true;
}

/* Rewrites reshape(v, d...) (or a view that adds axes, adds_axes) at position pos of b as
 * the same op of A followed by a clone of v's producer; returns true when it did. */
static bool push_reshape(IrModule *m, IrBlock *b, int pos)
{
    IrInstr *r = VEC_AT(b->instrs, pos);
    IrValue *v = r->args[0];
    if (!r->res || !is_array_value(v) || !v->def || !v->def->group || v->def->parent != b) return false;
    KernelGroup *g = v->def->group;
    if (!producer_ok(g) || g->instrs.n > MAX_CLONE_INSTRS || g->outputs.n != 1 || VEC_AT(g->outputs, 0) != v)
        return false;
    if (r->op != IR_RESHAPE && !cheap_to_broadcast(g)) return false;
    IrValue *a = full_rank_input(g, v->type->ndim);
    if (!a || a->type->ndim == 0) return false;
    int from = ir_index_in_block(b, g->last), nusers = 0;
    if (from < 0 || from > pos || !users_are_kernels(b, pos, r->res, &nusers) || nusers == 0) return false;
    for (int i = from + 1; i < pos; i++)
        if (ir_writes_memory(VEC_AT(b->instrs, i))) return false;
    for (int i = pos + 1; i < b->instrs.n; i++) {       /* never a STORE_INTO destination */
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE_INTO && in->args[0] == r->res) return false;
    }
    /* reshape(A, d...) in r's place, with r's attributes */
    IrBlock tmp = {0};
    IrValue **args = xcalloc(r->nargs, sizeof *args);
    args[0] = a;
    for (int j = 1; j < r->nargs; j++) args[j] = r->args[j];
    IrInstr *ra = ir_emit_like(m, &tmp, r, ty_array(a->type->dtype, r->res->type->ndim), args);
    free(args);
    vec_free(&tmp.instrs);
    insert_at(b, pos, ra);                              /* r moves to pos + 1 */
    /* G's clone reads the reshaped A (its type: A's dtype at r's rank) */
    IrValue *c = clone_group(m, b, pos + 1, g, v);
    KernelGroup *ng = c->def->group;
    for (int i = 0; i < ng->instrs.n; i++) {
        IrInstr *in = VEC_AT(ng->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == a) {
                in->args[j] = ra->res;
                a->nuses--;
                ra->res->nuses++;
            }
        if (in->res && in->res->type->ndim == v->type->ndim)
            in->res->type = ty_array(in->res->type->dtype, r->res->type->ndim);
    }
    group_finish(m, ng);
    /* r's users read the clone; r goes */
    int at = ir_index_in_block(b, r);
    for (int i = at + 1; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        bool hit = false;
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == r->res) {
                in->args[j] = c;
                r->res->nuses--;
                c->nuses++;
                hit = true;
            }
        if (hit && in->group) group_finish(m, in->group);
    }
    ir_remove(b, at);
    if (v->nuses == 0) drop_group(b, g);
    else group_finish(m, g);
    return true;
}

/* ---------------------------------------------------------------- shapes of producers
 *
 * n = v.shape[0] of an elementwise producer v keeps v in memory: the shape_dim is a use
 * outside v's user group.  When v's group G (elementwise, one result v) has exactly one
 * distinct array input A of v's rank and its other array inputs are 0-d, v has A's shape (as
 * for push_reshape), so shape_dim(v, i) reads A instead and v may still fuse into its user
 * (einsum's size checks read the shapes of operands that elementwise producers make).  The
 * same for the mask of a mask_check (masked.c), which reads only its shape: `x[(r1 <= radius)
 * & (radius < r2)].mean()`'s mask then fuses into the masked reduction. */
/* Is a defined before `in` runs: earlier in in's block or in a block enclosing it? */
static bool defined_before(const IrValue *a, const IrInstr *in)
{
    if (!a->def) return true;
    for (const IrInstr *at = in; at && at->parent; at = at->parent->owner)
        if (at->parent == a->def->parent)
            return ir_index_in_block(at->parent, a->def) < ir_index_in_block(at->parent, at);
    return false;
}

static bool shape_of_input(IrModule *m, IrInstr *in)
{
    const int k = in->op == IR_MASK_CHECK;   /* the argument whose shape is read */
    IrValue *v = in->args[k];
    if (!is_array_value(v) || !v->def || !v->def->group) return false;
    KernelGroup *g = v->def->group;
    group_finish(m, g);      /* its inputs: a recompute may have rewired its instructions */
    if (!producer_ok(g) || g->outputs.n != 1 || VEC_AT(g->outputs, 0) != v) return false;
    IrValue *a = full_rank_input(g, v->type->ndim);
    if (!a || !defined_before(a, in)) return false;
    in->args[k] = a;
    v->nuses--;
    a->nuses++;
    return true;
}

/* Does a user kernel of h read v whole (a raw argument, or the size= view)?  Such a value
 * must be in memory: its producer never fuses into h. */
static bool read_whole_in(const KernelGroup *h, const IrValue *v)
{
    for (int i = 0; i < h->instrs.n; i++) {
        const IrInstr *in = VEC_AT(h->instrs, i);
        if (in->op != IR_UKERNEL) continue;
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == v && ir_ukernel_arg(in, j) != UKA_EW) return true;
    }
    return false;
}

/* May g, the group of an indexed user kernel's output a (not a producer: its iteration space is
 * its own), fuse into `in`, the store of a into the output its call was given?  The store walks
 * that output's shape, which is the call's own iteration space (CuPy requires it). */
static bool own_output_store(const KernelGroup *g, const IrInstr *in, const IrValue *a)
{
    if (in->op != IR_STORE_INTO || in->args[1] != a || g->kind != KG_EWISE || a->def->op != IR_UKERNEL) return false;
    const IrInstr *u = a->def;
    return u->uk->outs_given && u->args[u->uk->k->nin + u->ival] == in->args[0];
}

/* ---------------------------------------------------------------- selects through one mask
 *
 * masked.c makes mandelbrot's `N[I] = n; Z[I] = Z[I]**2 + C[I]` two selects through one mask
 * value I, store_into(N, where(I, n, N)) and store_into(Z, where(I, Z**2 + C, Z)), each after
 * a mask_check of its target against the mask's shape: both walk that shape, so one kernel
 * can do both, each thread writing its element of N, then of Z.  The first store's group G
 * merges into the second's, H, when
 *   - each ends in its store into X of a where(M, ., X) of its own, M the same value, and
 *     each X has a mask_check against one and the same value before its store, within its
 *     group's span or a few instructions before it (equal shapes at run time, or the
 *     program raised before the launch);
 *   - every output of G and of H is its store's target (nothing else to allocate);
 *   - between G's store and H's launch are only H's instructions and passive host
 *     instructions (ir_is_passive: they touch no memory, so G's store may run later);
 *   - nothing H reads or writes may share memory with G's target (H would read it before G
 *     wrote it, or the two would write one element in either order).
 * G may read H's target: a thread reads its element before H's store writes it, and an input
 * that overlaps a target otherwise is copied first (codegen checks every input against every
 * target).  The mask's producer, used by nothing but the merged group, then fuses into it as
 * any producer does: mandelbrot's iteration is one kernel. */
enum { MASK_CHECK_WINDOW = 32 };

/* The select g ends in (store_into(X, where(M, ., X)), the where in g): its store, else NULL. */
static IrInstr *select_store(const KernelGroup *g)
{
    IrInstr *st = g->last;
    if (!st || st->op != IR_STORE_INTO || g->kind != KG_EWISE) return NULL;
    const IrInstr *w = st->args[1]->def;
    if (!w || w->op != IR_WHERE || w->group != g || w->args[2] != st->args[0]) return NULL;
    for (int i = 0; i < g->outputs.n; i++)
        if (VEC_AT(g->outputs, i) != st->args[0]) return NULL;
    return st;
}

/* The value whose shape a mask_check compares X with, before g's store in b, among g's
 * instructions or the MASK_CHECK_WINDOW before them; NULL when there is none. */
static const IrValue *checked_against(const IrBlock *b, const KernelGroup *g, const IrValue *x)
{
    int first = ir_index_in_block(b, VEC_AT(g->instrs, 0));
    for (int k = ir_index_in_block(b, g->last) - 1; k >= 0 && k >= first - MASK_CHECK_WINDOW; k--) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        if (in->op == IR_MASK_CHECK && in->args[0] == x) return in->args[1];
    }
    return NULL;
}

/* Merges the select before the store at position pos of b into the store's group (see above);
 * true when it did. */
static bool merge_selects(IrModule *m, IrBlock *b, int pos)
{
    KernelGroup *h = ((IrInstr *)VEC_AT(b->instrs, pos))->group;
    IrInstr *sh = select_store(h);
    if (!sh || sh != VEC_AT(b->instrs, pos)) return false;
    KernelGroup *g = NULL;
    for (int k = pos - 1; k >= 0 && !g; k--) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        if (in->group == h) continue;
        if (in->group) g = in->group;
        else if (in->blocks[0] || in->blocks[1] || !ir_is_passive(in)) return false;
    }
    IrInstr *sg = g ? select_store(g) : NULL;
    if (!sg || sg->args[1]->def->args[0] != sh->args[1]->def->args[0]) return false;
    const IrValue *xg = sg->args[0], *xh = sh->args[0];
    const IrValue *cg = checked_against(b, g, xg), *ch = checked_against(b, h, xh);
    if (!cg || cg != ch) return false;
    for (int i = 0; i < h->inputs.n; i++) {
        const IrValue *v = VEC_AT(h->inputs, i);
        if (v->type->kind == TY_ARRAY && ir_may_alias(v, xg)) return false;
    }
    merge(m, b, g, h);
    return true;
}

/* Tries to merge the producer of each array argument of `in` into in's group. */
static bool fuse_into(IrModule *m, IrBlock *b, int pos)
{
    IrInstr *in = VEC_AT(b->instrs, pos);
    KernelGroup *h = in->group;
    for (int j = 0; j < in->nargs; j++) {
        IrValue *a = in->args[j];
        if (!a || !a->def || !a->def->group || a->def->group == h) continue;
        if (h->kind == KG_REDUCE && in->op == IR_REDUCE && j != 0) continue; /* prologue args only */
        KernelGroup *g = a->def->group;
        if (a->def->parent != b || !(producer_ok(g) || own_output_store(g, in, a)) || read_whole_in(h, a)) continue;
        if (!only_used_in(m, b, g, h)) {
            if (recompute(m, b, g)) return true; /* positions changed: start over */
            continue;
        }
        int from = ir_index_in_block(b, g->last);
        if (from < 0) continue;
        bool hazard = false;
        for (int k = from + 1; k < pos && !hazard; k++) hazard = ir_writes_memory(VEC_AT(b->instrs, k));
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
            if ((in->op == IR_SHAPE_DIM || in->op == IR_MASK_CHECK) && shape_of_input(m, in))
                changed = true;
            else if ((in->op == IR_RESHAPE || adds_axes(in)) && push_reshape(m, b, i)) changed = true;
            else if (in->op == IR_STORE_INTO && in->group && merge_selects(m, b, i)) changed = true;
            else if (in->group && fuse_into(m, b, i)) changed = true;
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
    for (int i = 0; i < m->groups.n; i++) ((KernelGroup *)VEC_AT(m->groups, i))->slot = i;
    for (int i = 0; i < m->funcs.n; i++) {
        IrFunc *f = VEC_AT(m->funcs, i);
        fuse_block(m, f->body);
    }
    int n = 0;
    for (int i = 0; i < m->groups.n; i++)
        if (((KernelGroup *)VEC_AT(m->groups, i))->instrs.n) m->groups.v[n++] = m->groups.v[i];
    m->groups.n = n;
}
