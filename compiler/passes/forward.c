/*
 * forward.c — load forwarding and dead stores: the pass that lets fusion see through Python
 * variables.
 *
 *   e = cp.exp(x - m)          store e ← v1
 *   s = e / e.sum(axis=1)      load e; load e   →   both uses read v1 directly
 *
 * Forwarding: within one block, a load of a variable whose last store (or first load) in that
 * block is still current (no store to the variable since, in this block or in any block nested in an
 * instruction since; for a global, no call since, in this block or nested in an instruction
 * since) is replaced by the stored value.  Values are
 * references, so forwarding keeps Python's aliasing (two names for one array stay one array).
 * An element of a tuple read where the tuple's IR_TUPLE is known (a dict record's field read
 * through the record's name, after forwarding) is replaced by the element likewise, so a loop
 * over a dict of arrays fuses as the same code on plain variables does.
 * Dead stores: a variable that no load anywhere in the module reads after forwarding needs no
 * stores; removing them frees the stored values for fusion.
 *
 * Invariant kept: a replaced value is defined earlier in the same block as the load it
 * replaces, so it dominates every use of the load (uses sit in that block or nested in it).
 */
#include "compiler/compiler.h"

#include <stdlib.h>

/* The forwarding state of one block walk (forward_block).  Everything is sized by the
 * module's ids and allocated once per module; a block's walk resets what it set, so a walk
 * costs the block's size, not the number of variables. */
typedef struct Fwd {
    IrModule *m;
    IrValue **cur;      /* per variable id: the value a load of it reads now, or NULL */
    int *set_at;        /* per variable id: the walk step at which cur was set */
    int last_call;      /* the step of the block's last call: globals set before it are stale */
    int last_inner; /* the step of the last instruction with a call nested in it: globals a
                           function assigns (fn_stored), set before it, are stale */
    bool *fn_stored; /* per variable id: a global some function other than the module body stores */
    Vec set;            /* IrVar* whose cur this walk set */
    IrValue **subst;    /* per value id: the value a forwarded load's result is replaced by */
} Fwd;

/* The value a load of var reads at this point of the walk, or NULL. */
static IrValue *current(const Fwd *F, const IrVar *var)
{
    IrValue *v = F->cur[var->id];
    if (v && var->global &&
        (F->set_at[var->id] <= F->last_call ||
         (F->fn_stored[var->id] && F->set_at[var->id] <= F->last_inner)))
        return NULL;
    return v;
}

static void set_current(Fwd *F, IrVar *var, IrValue *v, int step)
{
    if (!F->cur[var->id]) vec_push(&F->set, var);
    F->cur[var->id] = v;
    F->set_at[var->id] = step;
}

/* Rewrites the arguments of `in`, and of the instructions nested in it, that are forwarded
 * loads' results to their replacements. */
static void rewrite_args(Fwd *F, IrInstr *in)
{
    for (int j = 0; j < in->nargs; j++) {
        IrValue *a = in->args[j];
        if (!a || !F->subst[a->id]) continue;
        IrValue *to = F->subst[a->id];
        in->args[j] = to;
        a->nuses--;
        to->nuses++;
    }
    for (int k = 0; k < 2; k++)
        if (in->blocks[k])
            for (int i = 0; i < in->blocks[k]->instrs.n; i++) rewrite_args(F, VEC_AT(in->blocks[k]->instrs, i));
}

/* Forgets the current value of every variable some store (or for-loop) inside b assigns;
 * true when b holds a call (which may assign any global: a nested function's `global` or
 * `nonlocal` name). */
static bool forget_stored(Fwd *F, const IrBlock *b)
{
    if (!b) return false;
    bool call = false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var) F->cur[in->var->id] = NULL;
        call |= in->op == IR_CALL;
        call |= forget_stored(F, in->blocks[0]);
        call |= forget_stored(F, in->blocks[1]);
    }
    return call;
}

/* Marks in fn_stored the globals that b stores. */
static void mark_global_stores(bool *fn_stored, const IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && in->var && in->var->global) fn_stored[in->var->id] = true;
        mark_global_stores(fn_stored, in->blocks[0]);
        mark_global_stores(fn_stored, in->blocks[1]);
    }
}

/* Forwards the loads of b (a forwarded load's uses, all after it in b or nested in what
 * follows, are rewritten as the walk reaches them; the loads go in one pass at the end), then
 * walks the nested blocks, each with a fresh state. */
static void forward_block(Fwd *F, IrBlock *b)
{
    if (!b) return;
    unsigned dead = ir_stamp(F->m);
    F->last_call = F->last_inner = -1;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        rewrite_args(F, in);
        if (in->op == IR_STORE) {
            set_current(F, in->var, in->args[0], i);
        } else if (in->op == IR_LOAD && in->res && current(F, in->var)) {
            F->subst[in->res->id] = current(F, in->var);
            in->stamp = dead;
            continue;
        } else if (in->op == IR_LOAD && in->res) {
            /* later loads of the variable read this value (one array read once by a kernel) */
            set_current(F, in->var, in->res, i);
        } else if (in->op == IR_TUPLE_GET && in->res && in->args[0]->def &&
                   in->args[0]->def->op == IR_TUPLE) {
            /* an element of a tuple built here (a dict record read through its name) */
            F->subst[in->res->id] = in->args[0]->def->args[in->ival];
            in->stamp = dead;
            continue;
        } else if (in->op == IR_CALL) {
            F->last_call = i;
        }
        if (in->blocks[0] || in->blocks[1] || in->op == IR_FOR_RANGE) {
            if (in->op == IR_FOR_RANGE && in->var) F->cur[in->var->id] = NULL;
            bool call = forget_stored(F, in->blocks[0]);
            if (forget_stored(F, in->blocks[1]) || call) F->last_inner = i;
        }
    }
    ir_remove_stamped(b, dead);
    for (int k = 0; k < F->set.n; k++) F->cur[((IrVar *)VEC_AT(F->set, k))->id] = NULL;
    F->set.n = 0;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        forward_block(F, in->blocks[0]);
        forward_block(F, in->blocks[1]);
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

static void drop_dead_stores(const IrModule *m, IrBlock *b, const int *loads)
{
    if (!b) return;
    unsigned dead = ir_stamp(m);
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && loads[in->var->id] == 0) {
            in->stamp = dead;
            continue;
        }
        drop_dead_stores(m, in->blocks[0], loads);
        drop_dead_stores(m, in->blocks[1], loads);
    }
    ir_remove_stamped(b, dead);
}

/* Drops the tuples (IR_TUPLE, IR_TUPLE_GET: no effect) that nothing reads, last first, so that
 * their elements' uses are only the reads (a record's fields fuse); whether one went. */
static bool drop_dead_tuples(const IrModule *m, IrBlock *b)
{
    if (!b) return false;
    bool any = false;
    unsigned dead = ir_stamp(m);
    for (int i = b->instrs.n - 1; i >= 0; i--) {
        IrInstr *in = VEC_AT(b->instrs, i);
        any |= drop_dead_tuples(m, in->blocks[0]);
        any |= drop_dead_tuples(m, in->blocks[1]);
        if ((in->op == IR_TUPLE || in->op == IR_TUPLE_GET) && in->res && in->res->nuses == 0) {
            in->stamp = dead;
            for (int j = 0; j < in->nargs; j++)
                if (in->args[j]) in->args[j]->nuses--;
            in->nargs = 0; /* (counted down here: ir_remove_stamped has nothing left to count) */
            any = true;
        }
    }
    ir_remove_stamped(b, dead);
    return any;
}

void forward_module(IrModule *m)
{
    Fwd F = { .m = m,
              .cur = xcalloc(m->next_var_id + 1, sizeof *F.cur),
              .set_at = xcalloc(m->next_var_id + 1, sizeof *F.set_at),
              .subst = xcalloc(m->next_value_id + 1, sizeof *F.subst),
              .fn_stored = xcalloc(m->next_var_id + 1, sizeof *F.fn_stored) };
    for (int i = 1; i < m->funcs.n; i++)
        mark_global_stores(F.fn_stored, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    for (int i = 0; i < m->funcs.n; i++) forward_block(&F, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    free(F.cur);
    free(F.set_at);
    free(F.subst);
    free(F.fn_stored);
    vec_free(&F.set);
    int *loads = xcalloc(m->next_var_id + 1, sizeof *loads);
    for (int i = 0; i < m->funcs.n; i++) count_loads(((IrFunc *)VEC_AT(m->funcs, i))->body, loads);
    for (int i = 0; i < m->funcs.n; i++) drop_dead_stores(m, ((IrFunc *)VEC_AT(m->funcs, i))->body, loads);
    free(loads);
    for (int i = 0; i < m->funcs.n; i++)
        while (drop_dead_tuples(m, ((IrFunc *)VEC_AT(m->funcs, i))->body)) {}
}
