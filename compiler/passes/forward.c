/*
 * forward.c — load forwarding and dead stores: the pass that lets fusion see through Python
 * variables.
 *
 *   e = cp.exp(x - m)          store e ← v1
 *   s = e / e.sum(axis=1)      load e; load e   →   both uses read v1 directly
 *
 * Forwarding: within one block, a load of a variable whose last store (or first load) in that
 * block is still current (no store to the variable since, in this block or in any block nested in an
 * instruction since; for a global, no call since) is replaced by the stored value.  Values are
 * references, so forwarding keeps Python's aliasing (two names for one array stay one array).
 * Dead stores: a variable that no load anywhere in the module reads after forwarding needs no
 * stores; removing them frees the stored values for fusion.
 *
 * Invariant kept: a replaced value is defined earlier in the same block as the load it
 * replaces, so it dominates every use of the load (uses sit in that block or nested in it).
 */
#include "compiler/compiler.h"

#include <stdlib.h>
#include <string.h>

/* Replaces every use of `from` by `to` in instructions of b from index `start` on, nested
 * blocks included. */
static void replace_uses(IrBlock *b, int start, IrValue *from, IrValue *to)
{
    for (int i = start; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == from) {
                in->args[j] = to;
                from->nuses--;
                to->nuses++;
            }
        for (int k = 0; k < 2; k++)
            if (in->blocks[k]) replace_uses(in->blocks[k], 0, from, to);
    }
}

/* Marks in `stored` every variable some store (or for-loop) inside b assigns. */
static void stores_in(const IrBlock *b, bool *stored)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var) stored[in->var->id] = true;
        stores_in(in->blocks[0], stored);
        stores_in(in->blocks[1], stored);
    }
}

static void forward_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    int nvars = m->next_var_id + 1;
    IrValue **cur = xcalloc(nvars, sizeof *cur);
    bool *stored = xcalloc(nvars, sizeof *stored);
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE) {
            cur[in->var->id] = in->args[0];
        } else if (in->op == IR_LOAD && in->res && cur[in->var->id]) {
            IrValue *v = cur[in->var->id];
            replace_uses(b, i + 1, in->res, v);
            if (in->res->nuses == 0) {
                ir_remove(b, i);
                i--;
            }
            continue;
        } else if (in->op == IR_LOAD && in->res) {
            /* later loads of the variable read this value (one array read once by a kernel) */
            cur[in->var->id] = in->res;
        } else if (in->op == IR_CALL) {
            for (int k = 0; k < m->globals.n; k++) cur[((IrVar *)VEC_AT(m->globals, k))->id] = NULL;
        }
        if (in->blocks[0] || in->blocks[1] || in->op == IR_FOR_RANGE) {
            memset(stored, 0, nvars * sizeof *stored);
            if (in->op == IR_FOR_RANGE && in->var) stored[in->var->id] = true;
            stores_in(in->blocks[0], stored);
            stores_in(in->blocks[1], stored);
            for (int k = 0; k < nvars; k++)
                if (stored[k]) cur[k] = NULL;
        }
    }
    free(cur);
    free(stored);
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        forward_block(m, in->blocks[0]);
        forward_block(m, in->blocks[1]);
    }
}

static void count_loads(const IrBlock *b, int *loads)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_LOAD) loads[in->var->id]++;
        count_loads(in->blocks[0], loads);
        count_loads(in->blocks[1], loads);
    }
}

static void drop_dead_stores(IrBlock *b, const int *loads)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && loads[in->var->id] == 0) {
            ir_remove(b, i);
            i--;
            continue;
        }
        drop_dead_stores(in->blocks[0], loads);
        drop_dead_stores(in->blocks[1], loads);
    }
}

void forward_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) forward_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    int *loads = xcalloc(m->next_var_id + 1, sizeof *loads);
    for (int i = 0; i < m->funcs.n; i++) count_loads(((IrFunc *)VEC_AT(m->funcs, i))->body, loads);
    for (int i = 0; i < m->funcs.n; i++) drop_dead_stores(((IrFunc *)VEC_AT(m->funcs, i))->body, loads);
    free(loads);
}
