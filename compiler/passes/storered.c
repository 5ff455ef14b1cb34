/*
 * storered.c — a store fused into the reduction that reads what it stored (-O2, after
 * hfuse.c): one pass over the array instead of two.
 *
 * NPBench's gemver updates A in place and then reduces it:
 *     A += outer(u1, v1) + outer(u2, v2)      G: store_into(A, A + u1 v1' + u2 v2')
 *     x += beta * y @ A + z                   H: sum(beta * y[:, None] * A, axis=0)  (vecdot.c)
 * G reads and writes A, H reads it again.  One kernel can do both: at each element of A it
 * computes the value G stores, writes it, and H's prologue takes that value where it would
 * have read A, so A is read once and written once (issue 25: 3 passes over gemver's 800 MB
 * matrix instead of 4).  Each element of A must then be visited exactly once by the reduction,
 * which is what every reduction mode does when the reduction's iteration shape is A's shape.
 *
 * The pair (G, H) qualifies when
 *   - M has at least one dimension (a kernel reads a 0-d array once, as a pointer);
 *   - G is an elementwise group launched alone (no row chain, recurrence, siblings, bundle)
 *     whose last instruction is its one STORE_INTO, into M, and whose only output is M; its
 *     other instructions elementwise ops or copies (a creation op computes from its own index,
 *     a user kernel is not looked into);
 *   - H is the first reduction group after G's store, in G's block, that reads M (or the
 *     array M views whole, when the store is `X[...] = v` or `X[:] = v`: X is M): one
 *     reduction (not a user reduction) after elementwise ops, launched alone, reading M itself
 *     and no other view of M (the kernel would read it from memory while it writes M), and no
 *     operand of G or H, nor H's reduced input, has more dimensions than M (the reduction
 *     would then visit each element of M more than once);
 *   - between G's store and H's launch, nothing but H's own instructions, inert host
 *     instructions (ir_is_inert), raise guards (gpyc has no `try`: a raise ends the program,
 *     so the delayed store is never seen) and instructions that neither write memory nor read
 *     an array that may share memory with M (ir_may_alias).  G then runs at H's launch as it
 *     would have run at its own: the same inputs, and nothing read M in between.
 * What only the run time knows, the launch checks (codegen/kernels/reduce.c,
 * cg_storered_launch): M is not empty, every array of G and H broadcasts into M's shape
 * (so the reduction walks M's shape), and no array H reads may share memory with M (H must read
 * what the store left there: y could be a row of A).  Then the one kernel runs, its store's
 * inputs that overlap M read from copies as elementwise stores do; else G and H launch one by
 * one at H's launch, as they would have.  Both stay groups for that fallback.
 *
 * Each decision, taken or not (for a store followed by a reduction that reads M), goes to -v;
 * --emit=kernels lists the fused kernel with its two fallbacks.
 * Invariants: a group belongs to at most one pair; sr->last is H->last; G's launch is emitted
 * at sr->last only.
 */
#include "compiler/compiler.h"

enum { WINDOW = 256 };   /* the most instructions from G's store to one of H's */

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

static bool alone(const KernelGroup *g)
{
    return !g->chain && !g->recur && !g->siblings && !g->bundle && !g->storered && !g->reshapes.n;
}

/* The instruction of g that is not elementwise (ewise op, copy), ignoring `skip`; NULL if none. */
static const IrInstr *not_ewise(const KernelGroup *g, const IrInstr *skip)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in != skip && !(ir_op_is_ewise(in->op) || in->op == IR_COPY)) return in;
    }
    return NULL;
}

/* Why store group g, ending in store `st` into M, cannot run in a reduction; NULL when it can. */
static const char *store_why(IrModule *m, const KernelGroup *g, const IrInstr *st)
{
    if (!alone(g)) return "its kernel runs with others already";
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in != st && in->op == IR_STORE_INTO) return "its kernel stores into another array too";
    }
    if (g->outputs.n != 1 || VEC_AT(g->outputs, 0) != st->args[0]) return "its kernel makes another array too";
    const IrInstr *x = not_ewise(g, st);
    if (x)
        return ar_printf(m->arena, "the value stored is not elementwise (%s)",
                         x->op == IR_UKERNEL ? "a user kernel" : ir_op_name(x->op));
    return NULL;
}

/* Why reduction group h cannot take the store into M; NULL when it can. */
static const char *red_why(IrModule *m, const KernelGroup *h, const IrValue *M, const IrValue *whole,
                           const char *name)
{
    if (!alone(h)) return "the reduction's kernel runs with others already";
    const IrInstr *r = h->last;
    if (!r || r->op != IR_REDUCE || r->redop == RED_USER || r->uk) return "it is not a plain reduction";
    if (not_ewise(h, r)) return "the reduction's prologue is not elementwise";
    if (r->args[0]->type->ndim > M->type->ndim)
        return ar_printf(m->arena, "the reduction walks %d dimensions, %s has %d: it would store each element "
                                   "more than once", r->args[0]->type->ndim, name, M->type->ndim);
    for (int i = 0; i < h->inputs.n; i++) {
        const IrValue *v = VEC_AT(h->inputs, i);
        if (v != M && v != whole && is_array(v) && ir_view_root(v) == ir_view_root(M))
            return ar_printf(m->arena, "the reduction reads another view of %s", name);
    }
    return NULL;
}

/* Why instruction p (between the store and the reduction's launch, not the reduction's) keeps
 * the store where it is; NULL when it does not. */
static const char *between_why(IrModule *m, const IrInstr *p, const IrValue *M, const char *name)
{
    if (ir_is_inert(p) || ir_is_raise_guard(p)) return NULL;
    if (ir_writes_memory(p)) return ar_printf(m->arena, "line %u writes memory in between", (unsigned)p->span.line);
    if (p->blocks[0] || p->blocks[1])
        return ar_printf(m->arena, "line %u branches or loops in between", (unsigned)p->span.line);
    for (int j = 0; j < p->nargs; j++)
        if (is_array(p->args[j]) && ir_may_alias(p->args[j], M))
            return ar_printf(m->arena, "line %u reads %s in between", (unsigned)p->span.line, name);
    return NULL;
}

/* The Python name M holds (for messages): the variable it was loaded from or is stored to in
 * block b, else "the array". */
static const char *name_of(const IrBlock *b, const IrValue *M)
{
    const IrValue *r = ir_view_root(M);
    if (r->def && r->def->op == IR_LOAD && r->def->var && r->def->var->name) return r->def->var->name;
    for (int k = 0; k < 2; k++)     /* M itself, then its root */
        for (int i = 0; i < b->instrs.n; i++) {
            const IrInstr *in = VEC_AT(b->instrs, i);
            if (in->op == IR_STORE && in->nargs == 1 && in->args[0] == (k ? r : M) && in->var && in->var->name)
                return in->var->name;
        }
    return "the array";
}

/* Does an array operand of g have more dimensions than M? */
static bool wider_than(const KernelGroup *g, const IrValue *M)
{
    for (int i = 0; i < g->inputs.n; i++) {
        const IrValue *v = VEC_AT(g->inputs, i);
        if (is_array(v) && v->type->ndim > M->type->ndim) return true;
    }
    return false;
}

/* Looks at the store at position pos of b (its group's last instruction) and the first
 * reduction after it that reads M; pairs them when they qualify (see above). */
static void try_pair(IrModule *m, IrBlock *b, int pos)
{
    IrInstr *st = VEC_AT(b->instrs, pos);
    KernelGroup *g = st->group;
    IrValue *M = st->args[0];
    /* `M[...] = v`, `M[:] = v`: the store is into M's whole view, which H may read as M */
    IrValue *whole = M->def && ir_is_identity_index(M->def) ? M->def->args[0] : NULL;
    const char *name = name_of(b, whole ? whole : M);
    KernelGroup *h = NULL;
    for (int k = pos + 1; k < b->instrs.n && k <= pos + WINDOW && !h; k++) {
        KernelGroup *q = ((const IrInstr *)VEC_AT(b->instrs, k))->group;
        if (q && q != g && q->kind == KG_REDUCE && (kg_reads_value(q, M) || (whole && kg_reads_value(q, whole)))) h = q;
    }
    if (!h) return;                     /* no reduction reads what was stored */
    int last = ir_index_in_block(b, h->last);
    if (last <= pos) return;
    const char *why = NULL;             /* the first thing in between that keeps the store */
    for (int i = 0; i < h->instrs.n && !why; i++) {
        const IrInstr *in = VEC_AT(h->instrs, i);
        for (int j = 0; j < in->nargs && !why; j++)
            if ((in->args[j] == M || (whole && in->args[j] == whole)) && ir_index_in_block(b, in) < pos)
                why = ar_printf(m->arena, "the reduction reads %s before the store", name);
    }
    for (int k = pos + 1; k < last && !why; k++) {
        const IrInstr *p = VEC_AT(b->instrs, k);
        if (p->group != h) why = between_why(m, p, M, name);
    }
    if (!why && M->type->ndim == 0) why = "it stores one element (a 0-d array)";
    if (!why) why = store_why(m, g, st);
    if (!why) why = red_why(m, h, M, whole, name);
    if (!why && (wider_than(g, M) || wider_than(h, M)))
        why = ar_printf(m->arena, "an operand has more dimensions than %s", name);
    if (why) {
        diag_remark(st->span, "this store into %s is not fused into the reduction of line %u: %s", name,
                    (unsigned)h->last->span.line, why);
        return;
    }
    StoreRed *sr = ar_alloc(m->arena, sizeof *sr);
    sr->id = m->storereds.n;
    sr->store = g;
    sr->red = h;
    sr->dst = M;
    sr->whole = whole;
    sr->dst_name = name;
    sr->last = h->last;
    sr->name = ar_printf(m->arena, "t%d_%s", sr->id, h->name);
    g->storered = h->storered = sr;
    vec_push(&m->storereds, sr);
    diag_remark(st->span, "this store into %s runs in the reduction of line %u (%s): %s is read once and written "
                          "once, where the values are stored", name, (unsigned)h->last->span.line, sr->name, name);
}

static void storered_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE_INTO && in->group && in->group->last == in && in->group->kind == KG_EWISE &&
            !in->group->storered)
            try_pair(m, b, i);
        storered_block(m, in->blocks[0]);
        storered_block(m, in->blocks[1]);
    }
}

void storered_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) storered_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
