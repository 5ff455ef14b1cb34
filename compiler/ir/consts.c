/*
 * consts.c — compile-time values of constant module variables, for the passes that need a
 * trip count or an extent the script spells as a module constant (`K = 16` ...
 * `range(K)`; `X.reshape(N, 1, D)`): unroll.c, smallred.c.
 *
 * A module variable is constant when it is stored once, at the top level of the module body,
 * from an int constant, before any instruction there that calls a function or reads it.
 */
#include "compiler/compiler.h"

#include <stdlib.h>

/* Counts in `stores` the stores (and for-loop assignments) of each variable in b. */
static void count_stores(const IrBlock *b, int *stores)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var) stores[in->var->id]++;
        count_stores(in->blocks[0], stores);
        count_stores(in->blocks[1], stores);
    }
}

/* Does `in` (or a block it owns) call a function or load variable v? */
static bool calls_or_loads(const IrInstr *in, const IrVar *v)
{
    if (in->op == IR_CALL || (in->op == IR_LOAD && in->var == v)) return true;
    for (int k = 0; k < 2; k++) {
        const IrBlock *b = in->blocks[k];
        if (!b) continue;
        for (int i = 0; i < b->instrs.n; i++)
            if (calls_or_loads(VEC_AT(b->instrs, i), v)) return true;
    }
    return false;
}

void ir_consts_find(const IrModule *m, IrConsts *c)
{
    int n = m->next_var_id + 1;
    c->known = xcalloc(n, sizeof *c->known);
    c->value = xcalloc(n, sizeof *c->value);
    c->store = xcalloc(n, sizeof *c->store);
    int *stores = xcalloc(n, sizeof *stores);
    for (int i = 0; i < m->funcs.n; i++) count_stores(((IrFunc *)VEC_AT(m->funcs, i))->body, stores);
    const IrBlock *top = ((IrFunc *)VEC_AT(m->funcs, 0))->body;
    for (int i = 0; i < top->instrs.n; i++) {
        IrInstr *in = VEC_AT(top->instrs, i);
        if (in->op != IR_STORE || !in->var || !in->var->global || stores[in->var->id] != 1) continue;
        const IrValue *a = in->nargs == 1 ? in->args[0] : NULL;
        if (!a || !a->def || a->def->op != IR_CONST_INT) continue;
        bool early = true;      /* nothing before the store can run code that reads it */
        for (int k = 0; k < i && early; k++) early = !calls_or_loads(VEC_AT(top->instrs, k), in->var);
        if (!early) continue;
        c->known[in->var->id] = true;
        c->value[in->var->id] = a->def->ival;
        c->store[in->var->id] = in;
    }
    free(stores);
}

void ir_consts_free(IrConsts *c)
{
    free(c->known);
    free(c->value);
    free(c->store);
}

/* The top-level instruction of the module body that holds `in` (or `in` itself). */
static const IrInstr *top_holder(const IrInstr *in)
{
    while (in->parent && in->parent->owner) in = in->parent->owner;
    return in;
}

/* The compile-time value of int v, read by an instruction at `use`. */
bool ir_const_int(const IrModule *m, const IrConsts *c, const IrValue *v, const IrInstr *use, int64_t *out)
{
    if (!v || !v->def || !v->type || v->type->kind != TY_INT) return false;
    const IrInstr *d = v->def;
    if (d->op == IR_CONST_INT) {
        *out = d->ival;
        return true;
    }
    if (d->op != IR_LOAD || !d->var || !c->known[d->var->id]) return false;
    /* in the module body, the load must come after the store */
    const IrBlock *top = ((IrFunc *)VEC_AT(m->funcs, 0))->body;
    const IrInstr *h = top_holder(use);
    if (h->parent == top) {
        int at = ir_index_in_block(top, h), st = ir_index_in_block(top, c->store[d->var->id]);
        if (at < 0 || st < 0 || at <= st) return false;
    }
    *out = c->value[d->var->id];
    return true;
}

