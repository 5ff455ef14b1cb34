/*
 * recur.c — elementwise recurrences: a loop
 *     for i in range(n):
 *         x = x * a + b
 * whose body is one elementwise kernel that reads the array variable x and assigns x its
 * result becomes ONE kernel that runs the whole loop per element, in registers: x is read
 * once and written once instead of n times, and n launches become one.  (W1 of the
 * benchmarks: 10^4 launches of a 1024-element kernel.)
 *
 * A FOR_RANGE loop qualifies when its body holds only
 *   - one IR_LOAD of x (the carried value, before the kernel), loads of variables the body
 *     does not store, and scalar constants;
 *   - the instructions of one KG_EWISE group G (no creation op, no STORE_INTO, not in a row
 *     chain) with exactly one output, used only by
 *   - one IR_STORE of that output to x;
 * and the loop variable is never read (after the loop Python would leave it at the last
 * value).  Every iteration then applies the same elementwise function f to x, so element e
 * of the result is f applied n times to element e of x (broadcast inputs included: after the
 * first iteration x has the iteration shape, and elementwise operations do not mix
 * elements).  The rewrite moves the body's instructions in front of the loop, deletes the
 * loop and records the range on G (g->recur); codegen wraps G's instructions in a loop of
 * range-length iterations and, for an empty range, keeps x as it is (no launch).
 * -O0 keeps every loop as written (the reference the tests compare against).
 */
#include "compiler/compiler.h"

#include <string.h>

static bool is_const(IrOp op)
{
    return op == IR_CONST_BOOL || op == IR_CONST_INT || op == IR_CONST_FLOAT || op == IR_CONST_COMPLEX;
}

/* Does any instruction in b (or blocks nested in it) load var v? */
static bool block_loads(const IrBlock *b, const IrVar *v)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_LOAD && in->var == v) return true;
        if (block_loads(in->blocks[0], v) || block_loads(in->blocks[1], v)) return true;
    }
    return false;
}

static bool module_loads(const IrModule *m, const IrVar *v)
{
    for (int i = 0; i < m->funcs.n; i++)
        if (block_loads(((IrFunc *)VEC_AT(m->funcs, i))->body, v)) return true;
    return false;
}

/* The recurrence of loop `loop`, or NULL when it does not qualify. */
static Recurrence *match(IrModule *m, IrInstr *loop)
{
    const IrBlock *b = loop->blocks[0];
    if (!b || !b->instrs.n || loop->nargs != 3 || (loop->var && module_loads(m, loop->var))) return NULL;
    KernelGroup *g = NULL;
    IrInstr *store = NULL;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->blocks[0] || in->blocks[1]) return NULL;
        if (in->group) {
            if (g && in->group != g) return NULL;
            g = in->group;
            continue;
        }
        if (in->op == IR_STORE) {
            if (store) return NULL;
            store = in;
        } else if (in->op != IR_LOAD && !is_const(in->op)) {
            return NULL;
        }
    }
    if (!g || !store || g->kind != KG_EWISE || g->chain || g->recur || g->outputs.n != 1) return NULL;
    if (g->last->parent != b) return NULL;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO || ir_op_is_creation(in->op) || in->parent != b) return NULL;
        if (in->op == IR_UKERNEL && in->uk->k->indexed) return NULL; /* reads x whole, or its index */
    }
    IrValue *out = VEC_AT(g->outputs, 0);
    if (store->nargs != 1 || store->args[0] != out || out->nuses != 1) return NULL;
    IrVar *x = store->var;
    /* the one load of x, feeding G only; every other load reads a variable not stored here */
    IrValue *in_x = NULL;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op != IR_LOAD) continue;
        if (in->var == loop->var) return NULL;
        if (in->var != x) continue;
        if (in_x) return NULL;
        in_x = in->res;
    }
    if (!in_x || in_x->type->kind != TY_ARRAY || in_x->type->dtype != out->type->dtype) return NULL;
    int uses = 0;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) uses += in->args[j] == in_x;
    }
    if (uses == 0 || uses != in_x->nuses) return NULL;
    Recurrence *rc = ar_alloc(m->arena, sizeof *rc);
    memset(rc, 0, sizeof *rc);
    rc->carry_in = in_x;
    rc->carry_out = out;
    rc->start = loop->args[0];
    rc->stop = loop->args[1];
    rc->step = loop->args[2];
    rc->line = loop->span.line;
    return rc;
}

/* Replaces loop (at position pos of b) by its body's instructions. */
static void unroll_into(IrBlock *b, int pos, IrInstr *loop)
{
    IrBlock *body = loop->blocks[0];
    int n = body->instrs.n;
    /* make room: the loop's slot plus n - 1 more */
    for (int k = 1; k < n; k++) vec_push(&b->instrs, NULL);
    for (int k = b->instrs.n - 1; k >= pos + n; k--) b->instrs.v[k] = b->instrs.v[k - (n - 1)];
    for (int k = 0; k < n; k++) {
        IrInstr *in = VEC_AT(body->instrs, k);
        in->parent = b;
        b->instrs.v[pos + k] = in;
    }
    vec_free(&body->instrs);      /* the loop leaves the IR: nothing else frees its body */
}

static void recur_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        Recurrence *rc = in->op == IR_FOR_RANGE ? match(m, in) : NULL;
        if (rc) {
            KernelGroup *g = rc->carry_out->def->group;
            g->recur = rc;
            unroll_into(b, i, in);
            continue;   /* the moved body holds no loops */
        }
        recur_block(m, in->blocks[0]);
        recur_block(m, in->blocks[1]);
    }
}

void recur_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) recur_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
