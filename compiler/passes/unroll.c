/*
 * unroll.c — full unrolling of small constant loops whose bodies are array statements (-O2).
 *
 *     for k in range(K):                 # K = 16, a module constant
 *         m = labels == k
 *         cnt = cp.sum(m.astype(cp.float32))
 *         s = cp.sum(cp.where(m.reshape(n, 1), X, 0.0), axis=0)
 *         ...
 *
 * As a runtime loop every iteration launches its own kernels, each reading `labels` again.
 * Written out, the iterations are one straight-line block: forwarding sees through their
 * variables, and the sibling reductions of all iterations can share one pass over the rows
 * (siblings.c).  This is what XLA does with a constant trip count.
 *
 * A FOR_RANGE loop is unrolled when
 *   - start, stop and step are compile-time integers: int constants, or loads of a constant
 *     module variable (stored once, at the top level of the module body, from an int
 *     constant, before any instruction there that calls a function or reads it);
 *   - its trip count is 1..MAX_TRIP, and trip count × body size <= MAX_INSTRS;
 *   - its body holds no control flow (it is innermost: a loop that got an unrolled loop in
 *     its body is not unrolled in turn) and only array statements: kernel instructions,
 *     views, constants, loads and stores (not of the loop variable), host scalar arithmetic,
 *     shapes and tuples — no print, no call, no value brought to the host, no list;
 *   - the body holds a reduction (unrolling pays when iterations can share a pass over
 *     memory; purely elementwise loops are recur.c's).
 * Each copy begins with `k = <its value>` (a constant stored to the loop variable), so a
 * load of k in the copy, and after the loop, reads what Python gives; forward.c folds the
 * loads and drops the stores nobody reads.  Copies keep the body's spans (script lines).
 * Cost: values of the iterations live to the end of the enclosing block instead of the
 * iteration's (host.c releases at block end), which the size limits bound.
 * -O0 keeps every loop.
 */
#include "compiler/compiler.h"

#include <stdlib.h>

enum { MAX_TRIP = 32, MAX_INSTRS = 1024 };

/* ---------------------------------------------------------------- the body */

static bool is_const(IrOp op)
{
    return op == IR_CONST_BOOL || op == IR_CONST_INT || op == IR_CONST_FLOAT || op == IR_CONST_COMPLEX ||
           op == IR_CONST_NONE;
}

/* An instruction an unrolled body may hold (see the top of the file). */
static bool body_instr_ok(const IrInstr *in, const IrVar *loop_var)
{
    if (in->blocks[0] || in->blocks[1]) return false;
    if (ir_is_kernel_instr(in) || is_const(in->op)) return true;
    if (ir_op_is_ewise(in->op)) return true;            /* host scalar arithmetic */
    if (ir_op_flags(in->op) & (OPF_VIEW | OPF_META)) return true;
    switch (in->op) {
    case IR_LOAD:
        return true;
    case IR_STORE:
        return in->var != loop_var;
    default:
        return false;
    }
}

/* len(range(start, stop, step)), step != 0 */
static int64_t range_len(int64_t start, int64_t stop, int64_t step)
{
    if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
    return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

/* The trip count of `loop` when it may be unrolled, else -1; *start, *step its range. */
static int64_t trip_count(const IrModule *m, const IrConsts *c, const IrInstr *loop, int64_t *start, int64_t *step)
{
    const IrBlock *b = loop->blocks[0];
    if (!b || loop->nargs != 3 || !loop->var || loop->var->type->kind != TY_INT) return -1;
    int64_t stop;
    if (!ir_const_int(m, c, loop->args[0], loop, start) || !ir_const_int(m, c, loop->args[1], loop, &stop) ||
        !ir_const_int(m, c, loop->args[2], loop, step) || *step == 0)
        return -1;
    /* keep far from int64 overflow: constants this large are never small trip counts */
    if (*start < -(INT64_C(1) << 40) || *start > (INT64_C(1) << 40) || stop < -(INT64_C(1) << 40) ||
        stop > (INT64_C(1) << 40) || *step < -(INT64_C(1) << 40) || *step > (INT64_C(1) << 40))
        return -1;
    int64_t n = range_len(*start, stop, *step);
    if (n < 1 || n > MAX_TRIP || n * b->instrs.n > MAX_INSTRS) return -1;
    bool reduces = false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (!body_instr_ok(in, loop->var)) return -1;
        reduces |= in->op == IR_REDUCE;
    }
    return reduces ? n : -1;
}

/* ---------------------------------------------------------------- the rewrite */

/* Appends to `out` one copy of the body for loop value `value`: a store of the value to the
 * loop variable, then the body's instructions with their values renamed. */
static void copy_body(IrModule *m, const IrInstr *loop, int64_t value, Vec *out)
{
    const IrBlock *body = loop->blocks[0];
    IrBlock tmp = {0};
    IrInstr *kc = ir_emit(m, &tmp, IR_CONST_INT, loop->span, ty_int(), 0, NULL);
    kc->ival = value;
    IrInstr *ks = ir_emit(m, &tmp, IR_STORE, loop->span, NULL, 1, &kc->res);
    ks->var = loop->var;
    vec_push(out, kc);
    vec_push(out, ks);
    int n = body->instrs.n;
    IrValue **from = xcalloc(n, sizeof *from), **to = xcalloc(n, sizeof *to);
    for (int i = 0; i < n; i++) {
        const IrInstr *in = VEC_AT(body->instrs, i);
        IrInstr *c = ir_clone(m, &tmp, in, i, from, to);
        c->group = NULL;
        from[i] = in->res;
        to[i] = c->res;
        vec_push(out, c);
    }
    free(from);
    free(to);
    vec_free(&tmp.instrs);
}

/* Replaces the loop at position pos of b by the instructions in `seq`. */
static void splice(IrBlock *b, int pos, const Vec *seq)
{
    IrInstr *loop = VEC_AT(b->instrs, pos);
    for (int j = 0; j < loop->nargs; j++)
        if (loop->args[j]) loop->args[j]->nuses--;
    /* the old body's instructions leave the IR: their argument uses go with them */
    ir_block_discard(loop->blocks[0]);
    ir_splice(b, pos, seq);
}

/* Unrolls the qualifying loops of b and of the blocks nested in it, innermost first; returns
 * true when b (or a block nested in it) changed. */
static bool unroll_block(IrModule *m, const IrConsts *c, IrBlock *b)
{
    if (!b) return false;
    bool changed = false;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        bool inner = unroll_block(m, c, in->blocks[0]);
        inner |= unroll_block(m, c, in->blocks[1]);
        changed |= inner;
        if (inner || in->op != IR_FOR_RANGE) continue;
        int64_t start, step, n = trip_count(m, c, in, &start, &step);
        if (n < 1) continue;
        Vec seq = {0};
        for (int64_t t = 0; t < n; t++) copy_body(m, in, start + t * step, &seq);
        splice(b, i, &seq);
        i += seq.n - 1;
        vec_free(&seq);
        changed = true;
    }
    return changed;
}

void unroll_module(IrModule *m)
{
    IrConsts c;
    ir_consts_find(m, &c);
    for (int i = 0; i < m->funcs.n; i++) unroll_block(m, &c, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    ir_consts_free(&c);
}
