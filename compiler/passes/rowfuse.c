/*
 * rowfuse.c — row chains: consecutive kernel groups that all walk the rows of one array X
 * run as one kernel, one block per row, X's row read from memory once (then from shared
 * memory), every intermediate reduction held in shared memory.  Row softmax
 *     e = exp(x - x.max(axis=1, keepdims=True)); s = e / e.sum(axis=1, keepdims=True)
 * is three groups after fusion (max; sum of the recomputed exponential; exponential / sum)
 * and one row chain: one pass over x, one write of s.
 *
 * A chain starts at a KG_REDUCE group R1 whose only array input is X (ndim >= 2) and whose
 * reduction is over X's last axis with keepdims (not an index reduction).  It grows by the
 * groups launched next in the same block, while each one
 *   - is a reduction of that same kind, or elementwise (no creation op, no STORE_INTO);
 *   - reads X and otherwise only results of the chain's reductions (so its iteration shape
 *     is exactly X's: keepdims results broadcast along the row) and host scalars;
 * and nothing in between writes memory, launches another group, or uses a chain value on
 * the host.  A store of a chain value to a variable (`mu = x.mean(...)`) is no use: it moves
 * after the chain's launch, unless the variable is loaded before then.  Then every member computes over the rows of X, row by row, in order.
 * Chains of one group are dropped.  Members stay groups of their own: codegen launches them
 * one by one when the rows are too few to fill the GPU (a fallback chosen at run time).
 * Invariants: members are listed in launch order; chain->last is the last member's last
 * instruction, where the chain is launched; a group belongs to at most one chain.
 */
#include "compiler/compiler.h"

#include <stdio.h>
#include <string.h>

static const IrInstr *group_reduce(const KernelGroup *g)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_REDUCE) return in;
    }
    return NULL;
}

/* A reduction over the last axis of an ndim-array, keepdims, with a plain accumulator. */
static bool row_reduce_ok(const IrInstr *r, int ndim)
{
    if (!r || !r->keepdims || r->naxes != 1 || RED_IS_ARG(r->redop) || r->redop == RED_USER) return false;
    const Type *t = r->args[0]->type;
    return t->kind == TY_ARRAY && t->ndim == ndim && r->axes[0] == ndim - 1;
}

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

/* Array inputs of g are X and chain reduction results only, X among them. */
static bool inputs_ok(const KernelGroup *g, const IrValue *x, const Vec *results)
{
    bool has_x = false;
    for (int i = 0; i < g->inputs.n; i++) {
        const IrValue *v = VEC_AT(g->inputs, i);
        if (!is_array(v)) continue;
        if (v == x) {
            has_x = true;
            continue;
        }
        bool found = false;
        for (int k = 0; k < results->n && !found; k++) found = VEC_AT(*results, k) == v;
        if (!found) return false;
    }
    return has_x;
}

static bool member_ok(const KernelGroup *g, const IrValue *x, const Vec *results)
{
    if (g->chain || !inputs_ok(g, x, results)) return false;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_REDUCE) continue;
        if (!(ir_op_is_ewise(in->op) || in->op == IR_COPY)) return false;
    }
    if (g->kind == KG_REDUCE) return row_reduce_ok(group_reduce(g), x->type->ndim);
    return true;
}

/* Does host instruction `in` (or a block it owns) read one of the chain's values? */
static bool reads_any(const IrInstr *in, const Vec *vals)
{
    for (int j = 0; j < in->nargs; j++)
        for (int k = 0; k < vals->n; k++)
            if (in->args[j] == VEC_AT(*vals, k)) return true;
    for (int b = 0; b < 2; b++) {
        const IrBlock *blk = in->blocks[b];
        if (!blk) continue;
        for (int i = 0; i < blk->instrs.n; i++)
            if (reads_any(VEC_AT(blk->instrs, i), vals)) return true;
    }
    return false;
}

/* Does `in` (or a block it owns) load variable v? */
static bool reads_var(const IrInstr *in, const IrVar *v)
{
    if (in->op == IR_LOAD && in->var == v) return true;
    for (int k = 0; k < 2; k++) {
        const IrBlock *blk = in->blocks[k];
        if (!blk) continue;
        for (int i = 0; i < blk->instrs.n; i++)
            if (reads_var(VEC_AT(blk->instrs, i), v)) return true;
    }
    return false;
}

/* Moves instruction `in` of b to just after `after` (which comes later in b). */
static void move_after(IrBlock *b, IrInstr *in, const IrInstr *after)
{
    int from = ir_index_in_block(b, in), to = ir_index_in_block(b, after);
    for (int k = from; k < to; k++) b->instrs.v[k] = b->instrs.v[k + 1];
    b->instrs.v[to] = in;
}

/* Grows a chain from R1 (launched at position pos of b); records it when it has 2+ members. */
static void try_chain(IrModule *m, IrBlock *b, int pos, KernelGroup *r1)
{
    const IrInstr *r = group_reduce(r1);
    IrValue *x = NULL;
    int narr = 0;
    for (int i = 0; i < r1->inputs.n; i++) {
        IrValue *v = VEC_AT(r1->inputs, i);
        if (is_array(v)) {
            x = v;
            narr++;
        }
    }
    if (narr != 1 || x->type->ndim < 2 || !row_reduce_ok(r, x->type->ndim)) return;
    for (int i = 0; i < r1->instrs.n; i++) {
        const IrInstr *in = VEC_AT(r1->instrs, i);
        if (in->op != IR_REDUCE && !(ir_op_is_ewise(in->op) || in->op == IR_COPY)) return;
    }

    Vec members = {0}, results = {0}, values = {0}, stores = {0};
    vec_push(&members, r1);
    vec_push(&results, r->res);
    for (int k = 0; k < r1->outputs.n; k++) vec_push(&values, VEC_AT(r1->outputs, k));
    for (int i = pos + 1; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->group) {
            KernelGroup *g = in->group;
            if (g->last != in) continue;                /* computed at its group's launch */
            if (!member_ok(g, x, &results)) break;
            vec_push(&members, g);
            for (int k = 0; k < g->outputs.n; k++) vec_push(&values, VEC_AT(g->outputs, k));
            const IrInstr *gr = group_reduce(g);
            if (gr) vec_push(&results, gr->res);
            continue;
        }
        bool loads_stored = false;                      /* a moved store must stay before its loads */
        for (int k = 0; k < stores.n && !loads_stored; k++)
            loads_stored = reads_var(in, ((IrInstr *)VEC_AT(stores, k))->var);
        if (loads_stored) break;
        if (in->op == IR_STORE && in->nargs == 1 && reads_any(in, &values)) {
            vec_push(&stores, in);                      /* moved after the chain's launch */
            continue;
        }
        if (ir_writes_memory(in) || reads_any(in, &values)) break;
    }
    /* stores past the last member stay where they are */
    KernelGroup *lastg = VEC_AT(members, members.n - 1);
    int at = ir_index_in_block(b, lastg->last);
    while (stores.n && ir_index_in_block(b, VEC_AT(stores, stores.n - 1)) > at) stores.n--;
    if (members.n >= 2) {
        for (int k = stores.n - 1; k >= 0; k--) move_after(b, VEC_AT(stores, k), lastg->last);
        RowChain *c = ar_alloc(m->arena, sizeof *c);
        c->id = m->chains.n;
        c->x = x;
        c->members = members;
        for (int k = 0; k < members.n; k++) ((KernelGroup *)VEC_AT(members, k))->chain = c;
        c->last = lastg->last;
        char buf[64];
        snprintf(buf, sizeof buf, "r%d_rows_%s", c->id, r1->name);
        c->name = ar_strdup(m->arena, buf);
        vec_push(&m->chains, c);
    } else {
        vec_free(&members);
    }
    vec_free(&results);
    vec_free(&values);
    vec_free(&stores);
}

static void rowfuse_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        KernelGroup *g = in->group;
        if (g && g->last == in && g->kind == KG_REDUCE && !g->chain) try_chain(m, b, i, g);
    }
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        rowfuse_block(m, in->blocks[0]);
        rowfuse_block(m, in->blocks[1]);
    }
}

void rowfuse_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) rowfuse_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
