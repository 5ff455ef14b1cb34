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
 *
 * In place (mandelbrot's iteration after masked.c and merge_selects):
 *     for n in range(maxiter):
 *         N[...] = where(abs(Z) < h, n, N);  Z[...] = where(abs(Z) < h, Z**2 + C, Z)
 * a loop (constant step) whose body holds one KG_EWISE group G whose STORE_INTOs write whole
 * arrays — loads of variables the body never stores — and otherwise only passive host
 * instructions (loads, constants, views, shape reads, mask_check, host scalar arithmetic; no
 * store of a variable), where every array G reads other than its destinations shares no
 * memory with them (ir_may_alias: fresh local arrays, say) and the destinations share none
 * with each other, and the loop variable's loads feed only G.  G's iteration shape is its
 * destinations' shape and it reads each destination only at the element it writes, so
 * iteration k of the loop applies one elementwise function, of element e and of the loop
 * value, to element e of the destinations: the kernel runs the loop per element, carrying
 * the destinations' values in registers and writing them once (200 launches of mandelbrot1
 * become one, and its arrays are read and written once instead of 200 times).  The rewrite
 * puts `if len(range) > 0:` in the loop's place and moves into it the loop variable's last
 * value (stored first, so the variable ends as Python leaves it and the body's loads of it
 * read a defined value on the host; the kernel counts its own) and the body; the group
 * records the range and the loads of the loop variable (g->recur, carry_in NULL).  Not when
 * the body raises (a nested block), stores a variable, reads the loop variable on the host
 * or holds anything else; -O0 keeps every loop as written (the reference the tests compare
 * against).
 */
#include "compiler/compiler.h"

#include <string.h>

static bool is_const(IrOp op)
{
    return op == IR_CONST_BOOL || op == IR_CONST_INT || op == IR_CONST_FLOAT || op == IR_CONST_COMPLEX;
}


static bool module_loads(const IrModule *m, const IrVar *v)
{
    for (int i = 0; i < m->funcs.n; i++)
        if (ir_block_loads(((IrFunc *)VEC_AT(m->funcs, i))->body, v)) return true;
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

/* ---------------------------------------------------------------- in place */

/* Is v defined in b by a load of a variable that b never stores? */
static bool invariant_load(const IrBlock *b, const IrValue *v)
{
    if (!v || !v->def || v->def->op != IR_LOAD || v->def->parent != b || !v->def->var) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && in->var == v->def->var) return false;
    }
    return true;
}

/* Uses of v by instructions of g. */
static int uses_in(const KernelGroup *g, const IrValue *v)
{
    int n = 0;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = 0; j < in->nargs; j++) n += in->args[j] == v;
    }
    return n;
}

/* Is input x of g one of its STORE_INTO destinations? */
static bool is_dst(const KernelGroup *g, const IrValue *x)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO && in->args[0] == x) return true;
    }
    return false;
}

/* Do g's STORE_INTOs write whole arrays loaded in b, which share memory with nothing else
 * g reads nor with each other, and does g make no new array? */
static bool inplace_group(const KernelGroup *g, const IrBlock *b)
{
    if (g->kind != KG_EWISE || g->chain || g->recur || g->siblings || g->bundle || g->last->parent != b)
        return false;
    int dsts = 0;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->parent != b || ir_op_is_creation(in->op) || in->op == IR_REDUCE) return false;
        if (in->op == IR_UKERNEL) return false;
        if (in->op != IR_STORE_INTO) continue;
        if (in->nargs != 2 || !invariant_load(b, in->args[0])) return false;
        dsts++;
    }
    for (int i = 0; i < g->outputs.n; i++) {
        const IrValue *o = VEC_AT(g->outputs, i);
        if (o->def && o->def->group == g) return false; /* a new array */
    }
    for (int i = 0; i < g->inputs.n; i++) {
        const IrValue *x = VEC_AT(g->inputs, i);
        if (!x->type || x->type->kind != TY_ARRAY) continue;
        for (int j = 0; j < g->inputs.n; j++) {
            const IrValue *d = VEC_AT(g->inputs, j);
            if (d != x && is_dst(g, d) && ir_may_alias(x, d)) return false;
        }
    }
    return dsts > 0;
}

/* The in-place recurrence of loop `loop` (see the file comment), or NULL. */
static Recurrence *match_inplace(IrModule *m, IrInstr *loop)
{
    const IrBlock *b = loop->blocks[0];
    const IrValue *step = loop->nargs == 3 ? loop->args[2] : NULL;
    if (!b || !b->instrs.n || !loop->var || !step || !step->def || step->def->op != IR_CONST_INT ||
        step->def->ival == 0)
        return NULL;
    KernelGroup *g = NULL;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->blocks[0] || in->blocks[1]) return NULL;
        if (in->group) {
            if (g && in->group != g) return NULL;
            g = in->group;
        } else if (!ir_is_passive(in)) {
            return NULL;
        }
    }
    if (!g || !inplace_group(g, b)) return NULL;
    Recurrence *rc = ar_alloc(m->arena, sizeof *rc);
    memset(rc, 0, sizeof *rc);
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op != IR_LOAD || in->var != loop->var) continue;
        if (rc->nivars == RC_MAXIVARS || uses_in(g, in->res) != in->res->nuses) return NULL;
        rc->ivars[rc->nivars++] = in->res;
    }
    rc->start = loop->args[0];
    rc->stop = loop->args[1];
    rc->step = loop->args[2];
    rc->line = loop->span.line;
    return rc;
}

static IrValue *emit_int(IrModule *m, IrBlock *b, Span sp, IrOp op, IrValue *x, IrValue *y)
{
    IrInstr *in = ir_emit(m, b, op, sp, op == IR_GT ? ty_bool() : ty_int(), 2, (IrValue *[]){ x, y });
    in->cdtype = DT_INT64;
    return in->res;
}

static IrValue *emit_const(IrModule *m, IrBlock *b, Span sp, int64_t k)
{
    IrInstr *in = ir_emit(m, b, IR_CONST_INT, sp, ty_int(), 0, NULL);
    in->ival = k;
    return in->res;
}

/* Replaces loop (at position pos of b) by `if len(range) > 0:` holding the store of the
 * loop variable's last value and the loop's body. */
static void rewrite_inplace(IrModule *m, IrBlock *b, int pos, IrInstr *loop)
{
    IrBlock seq = { 0 };
    Span sp = loop->span;
    int64_t s = loop->args[2]->def->ival, a = s > 0 ? s : -s;
    IrValue *span = s > 0 ? emit_int(m, &seq, sp, IR_SUB, loop->args[1], loop->args[0])
                          : emit_int(m, &seq, sp, IR_SUB, loop->args[0], loop->args[1]);
    IrValue *any = emit_int(m, &seq, sp, IR_GT, span, emit_const(m, &seq, sp, 0));
    IrInstr *iff = ir_emit(m, &seq, IR_IF, sp, NULL, 1, &any);
    iff->blocks[0] = ir_block_new(m, iff);
    iff->blocks[1] = ir_block_new(m, iff);
    IrBlock *t = iff->blocks[0];
    /* last = start + (span - 1) // |s| * s */
    IrValue *q = emit_int(m, t, sp, IR_SUB, span, emit_const(m, t, sp, 1));
    if (a != 1) q = emit_int(m, t, sp, IR_FLOORDIV, q, emit_const(m, t, sp, a));
    if (s != 1) q = emit_int(m, t, sp, IR_MUL, q, emit_const(m, t, sp, s));
    IrValue *last = emit_int(m, t, sp, IR_ADD, loop->args[0], q);
    IrInstr *st = ir_emit(m, t, IR_STORE, sp, NULL, 1, &last);
    st->var = loop->var;
    IrBlock *body = loop->blocks[0];
    for (int k = 0; k < body->instrs.n; k++) {
        IrInstr *in = VEC_AT(body->instrs, k);
        in->parent = t;
        vec_push(&t->instrs, in);
    }
    vec_free(&body->instrs);
    ir_splice(b, pos, &seq.instrs);
    vec_free(&seq.instrs);
}

/* -v and --emit=kernels: loop now runs per element (loopmap.c's record of it, if any, says
 * so instead of why it kept the loop: the first record of its span not yet marked, as both
 * passes visit the loops in the same order). */
static void report_inplace(IrModule *m, const IrInstr *loop)
{
    for (int i = 0; i < m->loopmaps.n; i++) {
        LoopMap *r = VEC_AT(m->loopmaps, i);
        if (!r->per_element && r->span.file == loop->span.file && r->span.start == loop->span.start) {
            r->per_element = true;
            break;
        }
    }
    diag_remark(loop->span, "this loop runs per element in one kernel: its arrays stay in registers");
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
        rc = in->op == IR_FOR_RANGE ? match_inplace(m, in) : NULL;
        if (rc) {
            KernelGroup *g = NULL;
            for (int k = 0; !g; k++) g = ((IrInstr *)VEC_AT(in->blocks[0]->instrs, k))->group;
            g->recur = rc;
            report_inplace(m, in);
            rewrite_inplace(m, b, i, in);
            continue; /* the if holds no loops */
        }
        recur_block(m, in->blocks[0]);
        recur_block(m, in->blocks[1]);
    }
}

void recur_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) recur_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
