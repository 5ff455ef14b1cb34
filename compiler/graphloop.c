/*
 * graphloop.c — loops captured as CUDA graphs (-O2, after recur.c): a loop
 *     for t in range(T):
 *         B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + ...)
 *         A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + ...)
 * whose every iteration launches the same kernels with the same arguments is marked
 * (in->graph); codegen then runs its first iterations under stream capture and replays the
 * captured graph for the rest (runtime/graph.c), so T iterations cost a few graph launches
 * instead of T launches per kernel.
 *
 * A FOR_RANGE loop qualifies when its body (no nested blocks) holds only
 *   - kernel instructions of KG_EWISE groups that lie wholly in the body, run in no row chain
 *     and no recurrence, and allocate nothing: every output of the group is the destination of
 *     one of its STORE_INTOs (a value the group defines and that is used outside it would be a
 *     new array each iteration);
 *   - host instructions that compute the same result every iteration without touching the
 *     device: scalar constants, elementwise ops on Python scalars, views (index with basic
 *     items, transpose, broadcast_to), shape and size reads, tuples;
 *   - loads of variables the body does not store, other than the loop variable;
 *   - stores of a variable of the value the body loaded from it (`x = x`): the variable keeps
 *     its object, so its buffer is the same every iteration; and stores of Python scalars the
 *     body never loads (`c = alpha * 2.0`, its uses forwarded): the same value every time;
 * and at least one kernel.  Every value the body reads is then either defined before the loop
 * (SSA: fixed during it) or computed in the body from those and constants, so each iteration
 * makes the same launches with the same pointers, shapes and scalars: replaying the first
 * iteration's launches is running the loop.  No host synchronisation (print, float(x), if on
 * an array), no call, no library routine (cuBLAS, cuFFT, CUB, cuRAND) and no allocation can
 * occur in the body.  What the compiler cannot see — a STORE_INTO whose source overlaps its
 * destination gets copied (an allocation) — the runtime checks: a capture during which the
 * pool allocated or freed is thrown away and the loop runs as written.
 * -O0 marks nothing.
 */
#include "compiler.h"

/* Host ops whose result depends only on their operands and that never touch the device. */
static bool pure_host_op(IrOp op)
{
    switch (op) {
    case IR_CONST_BOOL: case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_COMPLEX:
    case IR_CONST_NONE:
    case IR_INDEX: case IR_TRANSPOSE: case IR_BROADCAST_TO:
    case IR_SHAPE_DIM: case IR_SIZE:
    case IR_TUPLE: case IR_TUPLE_GET:
        return true;
    default:
        return op <= IR_EWISE_LAST;   /* on Python scalars: kernel ops carry a group */
    }
}

/* Does kernel group g, whose instructions must all lie in b, allocate nothing and fit a
 * graph? */
static bool group_fits(const KernelGroup *g, const IrBlock *b)
{
    if (g->kind != KG_EWISE || g->chain || g->recur || !g->last || g->last->parent != b) return false;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->parent != b || in->op == IR_REDUCE || in->op == IR_COPY) return false;
    }
    for (int i = 0; i < g->outputs.n; i++) {
        const IrValue *o = VEC_AT(g->outputs, i);
        if (o->def && o->def->group == g) return false;   /* a new array */
    }
    return true;
}

/* Does b store v other than as `v = v` (the value b loaded from v)? */
static bool body_rebinds(const IrBlock *b, const IrVar *v)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op != IR_STORE || in->var != v) continue;
        const IrValue *a = in->nargs == 1 ? in->args[0] : NULL;
        if (!a || !a->def || a->def->op != IR_LOAD || a->def->var != v || a->def->parent != b) return true;
    }
    return false;
}

static bool body_loads(const IrBlock *b, const IrVar *v)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_LOAD && in->var == v) return true;
    }
    return false;
}

/* May the body store `in` (an IR_STORE)?  Either `x = x`, or a Python scalar the body never
 * loads (forward.c has replaced the loads after the store by its value): then every iteration
 * stores the same value, computed from values fixed during the loop.  An array variable
 * rebound to another object would release its old one (a free inside the capture) and hold a
 * buffer that is not the same every iteration. */
static bool store_fits(const IrBlock *b, const IrInstr *in, const IrInstr *loop)
{
    const IrVar *v = in->var;
    if (!v || v == loop->var) return false;
    if (!body_rebinds(b, v)) return true;
    return ty_is_scalar(v->type) && !body_loads(b, v);
}

/* Does loop qualify for capture (see the file comment)? */
static bool qualifies(const IrInstr *loop)
{
    const IrBlock *b = loop->blocks[0];
    if (!b || !b->instrs.n || loop->nargs != 3) return false;
    int kernels = 0;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->blocks[0] || in->blocks[1]) return false;
        if (in->group) {
            if (!group_fits(in->group, b)) return false;
            kernels += in->group->last == in;
            continue;
        }
        switch (in->op) {
        case IR_LOAD:
            if (!in->var || in->var == loop->var || body_rebinds(b, in->var)) return false;
            break;
        case IR_STORE:
            if (!store_fits(b, in, loop)) return false;
            break;
        default:
            if (!pure_host_op(in->op)) return false;
            break;
        }
    }
    return kernels > 0;
}

static void mark_block(IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_FOR_RANGE && qualifies(in)) {
            in->graph = true;
            continue;   /* its body holds no loops */
        }
        mark_block(in->blocks[0]);
        mark_block(in->blocks[1]);
    }
}

void graphloop_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) mark_block(((IrFunc *)VEC_AT(m->funcs, i))->body);
}
