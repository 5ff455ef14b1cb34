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
 * A body that also reads the loop variable (`y[:, j] = a * x[:, j] + b * y[:, j - 1]`, NPBench's
 * deriche and adi sweeps, fdtd_2d's `ey[0, :] = fict[t]`) launches the same kernels each
 * iteration with views and scalars that move with the variable: such a loop is marked
 * in->graph_each too, and codegen captures every iteration (rt_graph_begin_each), each running
 * its own host code: the graph is the loop as written, whatever the body computes from the
 * variable (clamped slices, negative indices, a check that raises in one iteration only), and
 * the key holds the loop's bounds, so a later run with the same inputs replays it whole.
 * Since every iteration's host code runs under capture, a graph_each body (also one that holds
 * an if or a loop) is allowed more than the rules below: an if and a for-range loop whose
 * blocks qualify (floyd_warshall's k loop holds loopmap.c's test around the mapped i loop),
 * stores of Python scalars, and groups that make arrays dying in the iteration (its copies of
 * row and column k, an arange, a mask, a reduction such as lu's dot of two slices, a store's
 * copy of an overlapping source; not a row chain, a recurrence or sibling reductions): the pool's
 * allocations and frees during the capture become the graph's own allocation and free nodes
 * (runtime/graph.c checks that nothing else was allocated or freed).  Array variables are
 * still never rebound, so no array made in an iteration outlives it.  A body that binds a
 * variable read after the loop is marked graph_nokey: a replay by key would skip that store.
 *
 * A FOR_RANGE loop qualifies when its body (no nested blocks) holds only
 *   - kernel instructions of KG_EWISE groups that lie wholly in the body, run in no row chain
 *     and no recurrence, and allocate nothing: every output of the group is the destination of
 *     one of its STORE_INTOs (a value the group defines and that is used outside it would be a
 *     new array each iteration);
 *   - host instructions that compute the same result every iteration without touching the
 *     device: scalar constants, elementwise ops on Python scalars, views (index with basic
 *     items, transpose, broadcast_to), shape and size reads, tuples;
 *   - loads of variables the body does not store, and of the loop variable (graph_each);
 *   - run-time checks that only raise (ir_is_raise_guard), such as NEP 50's check of a Python
 *     int operand;
 *   - stores of a variable of the value the body loaded from it (`x = x`): the variable keeps
 *     its object, so its buffer is the same every iteration; and stores of Python scalars the
 *     body never loads (`c = alpha * 2.0`, its uses forwarded): the same value every time;
 * and at least one kernel.  Every value the body reads is then either defined before the loop
 * (SSA: fixed during it) or computed in the body from those, constants and (graph_each) the
 * loop variable, so each iteration makes the same launches with the same pointers, shapes and
 * scalars, or those of its own captured iteration: replaying the captured iterations is
 * running the loop.  No host synchronisation (print, float(x), if on
 * an array), no call, no library routine (cuBLAS, cuFFT, CUB, cuRAND) and no allocation can
 * occur in the body.  A group whose STORE_INTO reads another view of its destination's array
 * (`h[1:-1] = h[2:] + h[:-2]`, `m[:, :] = m.T`) copies that source at run time, an allocation:
 * such loops are not marked (the same view, `a[:] = a * 0.5`, is not copied).  What the
 * compiler cannot see — two variables viewing one buffer — the runtime checks: a capture
 * during which the pool allocated or freed is thrown away and the loop runs as written.
 * -O0 marks nothing.
 */
#include "compiler/compiler.h"

/* Host ops whose result depends only on their operands and that never touch the device. */
static bool pure_host_op(IrOp op)
{
    if (ir_op_flags(op) & OPF_META) return true;
    switch (op) {
    case IR_CONST_BOOL: case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_COMPLEX:
    case IR_CONST_NONE:
    case IR_INDEX: case IR_TRANSPOSE: case IR_BROADCAST_TO:
        return true;
    default:
        return op <= IR_EWISE_LAST;   /* on Python scalars: kernel ops carry a group */
    }
}

static bool is_const_none(const IrValue *v)
{
    return v && v->def && v->def->op == IR_CONST_NONE;
}

/* v without the views that change nothing. */
static const IrValue *strip(const IrValue *v)
{
    while (v && v->def && ir_is_identity_index(v->def) && v->def->nargs > 0) v = v->def->args[0];
    return v;
}

/* Do a and b denote the same object: one value, or loads of one variable? */
static bool same_base(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    return a && b && a->def && b->def && a->def->op == IR_LOAD && b->def->op == IR_LOAD &&
           a->def->var == b->def->var;
}

/* The object array value v views (through index, transpose, broadcast_to). */
static const IrValue *view_root(const IrValue *v)
{
    while (v && v->def && (v->def->op == IR_INDEX || v->def->op == IR_TRANSPOSE ||
                           v->def->op == IR_BROADCAST_TO) && v->def->nargs > 0)
        v = v->def->args[0];
    return v;
}

/* v as x + *off with x an int value that is not a sum with a constant (NULL: v is the
 * constant *off).  `j - 1` is (load j, -1), `2 + j` (load j, 2), `5` (NULL, 5). */
static const IrValue *int_affine(const IrValue *v, int64_t *off)
{
    const IrValue *whole = v;
    *off = 0;
    for (;;) {
        if (!v || !v->def || !v->type || v->type->kind != TY_INT) return v;
        const IrInstr *d = v->def;
        if (d->op == IR_CONST_INT) {
            if (__builtin_add_overflow(*off, d->ival, off)) break;
            return NULL;
        }
        if ((d->op != IR_ADD && d->op != IR_SUB) || d->nargs != 2) return v;
        const IrValue *x = d->args[0], *k = d->args[1];
        if (d->op == IR_ADD && x && x->def && x->def->op == IR_CONST_INT) {
            x = d->args[1];
            k = d->args[0];
        }
        if (!k || !k->def || k->def->op != IR_CONST_INT) return v;
        if (d->op == IR_ADD ? __builtin_add_overflow(*off, k->def->ival, off)
                            : __builtin_sub_overflow(*off, k->def->ival, off))
            break;
        v = x;
    }
    *off = 0;   /* an offset past int64: v unanalysed */
    return whole;
}

/* Equal scalar operands of a view: both None, or the same int x + c (one value or loads of
 * one variable, which the body does not rebind when it qualifies, plus equal constants). */
static bool same_operand(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    if (is_const_none(a) && is_const_none(b)) return true;
    int64_t ka, kb;
    const IrValue *xa = int_affine(a, &ka), *xb = int_affine(b, &kb);
    return ka == kb && (xa == xb || same_base(xa, xb));
}

/* Are a and b, written the same way, views of the same elements with the same layout?
 * (False when unsure.) */
static bool same_view(const IrValue *a, const IrValue *b)
{
    a = strip(a);
    b = strip(b);
    if (same_base(a, b)) return true;
    if (!a || !b || !a->def || !b->def || a->def->op != b->def->op) return false;
    const IrInstr *x = a->def, *y = b->def;
    if (x->op == IR_INDEX) {
        if (x->nidx != y->nidx || x->nargs != y->nargs) return false;
        for (int i = 0; i < x->nidx; i++)
            if (x->idx[i] != y->idx[i]) return false;
        for (int i = 1; i < x->nargs; i++)
            if (!same_operand(x->args[i], y->args[i])) return false;
        return same_view(x->args[0], y->args[0]);
    }
    if (x->op == IR_TRANSPOSE) {
        if (x->ndim != y->ndim) return false;
        for (int i = 0; i < x->ndim; i++)
            if (x->perm[i] != y->perm[i]) return false;
        return same_view(x->args[0], y->args[0]);
    }
    return false;
}

/* Are a and b views of disjoint elements of one object: IR_INDEX views of the same base
 * whose items, read in step up to some axis, pick there two different int constants of one
 * sign (`p[:, -1]` and `p[:, -2]`, `p[0, :]` and `p[1, :]`) or two different offsets from
 * one int (`y[:, j]` and `y[:, j - 1]`)?  Every element of a then has another coordinate on
 * that axis of the base than every element of b -- for the offsets, unless one of them is
 * negative and wraps onto the other (`y[:, j - 1]` at j = 0 of a one-column y), which the
 * runtime's check sees (rt_store_needs_copy copies, an allocation that throws the capture
 * away).  Items before it must be ints or slices (one base axis each) in both.  (False when
 * unsure.) */
static bool disjoint_views(const IrValue *a, const IrValue *b)
{
    a = strip(a);
    b = strip(b);
    if (!a || !b || !a->def || !b->def || a->def->op != IR_INDEX || b->def->op != IR_INDEX) return false;
    const IrInstr *x = a->def, *y = b->def;
    if (!same_base(strip(x->args[0]), strip(y->args[0]))) return false;
    int ax = 1, ay = 1; /* the items' first operands */
    for (int i = 0; i < x->nidx && i < y->nidx; i++) {
        IdxKind kx = x->idx[i], ky = y->idx[i];
        if ((kx != IDX_INT && kx != IDX_SLICE) || (ky != IDX_INT && ky != IDX_SLICE)) return false;
        int64_t cx, cy;
        if (kx == IDX_INT && ky == IDX_INT && ax < x->nargs && ay < y->nargs) {
            const IrValue *bx = int_affine(x->args[ax], &cx), *by = int_affine(y->args[ay], &cy);
            if (!bx && !by && cx != cy && (cx < 0) == (cy < 0)) return true;
            if (bx && by && same_base(bx, by) && cx != cy) return true;
        }
        ax += kx == IDX_INT ? 1 : 3;
        ay += ky == IDX_INT ? 1 : 3;
    }
    return false;
}

/* Will g's launch copy a source because it overlaps a destination (`h[1:-1] = h[2:] + ...`,
 * `m[:, :] = m.T`)?  True when an array g reads views the same object as a STORE_INTO
 * destination but not in the same way, unless the two views are disjoint (disjoint_views:
 * cavity_flow's `p[:, -1] = p[:, -2]`, which rt_store_needs_copy does not copy either; the
 * graph's nodes keep program order, so the store reads what the kernels before it wrote).
 * The runtime would throw a capture that copies away (rt_store_needs_copy allocates), so
 * such a loop is better left as written.  Different objects that share a buffer are left to
 * the runtime's check. */
static bool copies_a_source(const KernelGroup *g)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *st = VEC_AT(g->instrs, i);
        if (st->op != IR_STORE_INTO || st->nargs != 2) continue;
        const IrValue *dst = st->args[0], *root = view_root(dst);
        for (int j = 0; j < g->inputs.n; j++) {
            const IrValue *x = VEC_AT(g->inputs, j);
            if (x == dst || !x->type || x->type->kind != TY_ARRAY) continue;
            if (same_base(view_root(x), root) && !same_view(x, dst) && !disjoint_views(x, dst)) return true;
        }
    }
    return false;
}

/* Why kernel group g, whose instructions must all lie in b, does not fit a graph (it
 * allocates, or is not a plain elementwise kernel), or NULL when it fits.  With each (every
 * iteration captured) a group may make new arrays (a copy, an arange, a reduction, a store's
 * copy of an overlapping source): they die in their iteration (the body rebinds no array
 * variable), so the capture holds them in the graph's own memory (runtime/graph.c). */
static const char *group_misfit(const KernelGroup *g, const IrBlock *b, bool each)
{
    if ((g->kind != KG_EWISE && !(each && g->kind == KG_REDUCE)) || g->chain || g->recur || g->siblings ||
        !g->last || g->last->parent != b)
        return "a kernel other than an elementwise one (a reduction, a row chain, a recurrence)";
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->parent != b || ((in->op == IR_REDUCE || in->op == IR_COPY) && !each))
            return "a reduction or a copy (a new array every iteration)";
    }
    if (each) return NULL;
    for (int i = 0; i < g->outputs.n; i++) {
        const IrValue *o = VEC_AT(g->outputs, i);
        if (o->def && o->def->group == g) return "a kernel makes a new array every iteration";
    }
    return copies_a_source(g) ? "a store reads another view of its destination's array (its launch copies it)"
                              : NULL;
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

/* May the body store `in` (an IR_STORE)?  Either `x = x`, or a Python scalar the body never
 * loads (forward.c has replaced the loads after the store by its value): then every iteration
 * stores the same value, computed from values fixed during the loop; with each (every
 * iteration's host code runs under capture) any Python scalar.  An array variable rebound to
 * another object would release its old one (a free inside the capture) and hold a buffer that
 * is not the same every iteration. */
static bool store_fits(const IrBlock *b, const IrInstr *in, const IrInstr *loop, bool each)
{
    const IrVar *v = in->var;
    if (!v || v == loop->var) return false;
    if (!body_rebinds(b, v)) return true;
    return ty_is_scalar(v->type) && (each || !ir_block_loads(b, v));
}

/* Does b (or a block in it) hold an instruction with blocks other than a raise guard? */
static bool has_nested(const IrBlock *b)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->blocks[0] || in->blocks[1]) && !ir_is_raise_guard(in)) return true;
    }
    return false;
}

static const char *block_misfit(const IrInstr *loop, const IrBlock *b, bool each, int *kernels);

/* Why the body of loop (or block b nested in it) does not qualify, or NULL; counts the
 * kernels.  With each, an if whose blocks qualify (its condition is a host value computed in
 * the iteration) and a for-range loop whose body does (its bounds are) may nest: every
 * iteration's host code runs under capture, taking its own branches. */
static const char *block_misfit(const IrInstr *loop, const IrBlock *b, bool each, int *kernels)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        /* a run-time check (ir_is_raise_guard): its condition is computed like every other
         * host value here, so it holds in every iteration or in none; the first iteration,
         * which runs the body's host code while its launches are captured, raises if any
         * would (rt_raise drops the capture).  With graph_each every iteration runs its
         * host code under capture, so the check raises in its own iteration; the launches
         * of those before it never run, but the program ends there (gpyc has no try) */
        if (ir_is_raise_guard(in)) continue;
        if (in->blocks[0] || in->blocks[1]) {
            if (!each || (in->op != IR_IF && (in->op != IR_FOR_RANGE || in->dev || in->nargs != 3)))
                return "a nested loop or if";
            for (int h = 0; h < 2; h++) {
                const char *why = in->blocks[h] ? block_misfit(loop, in->blocks[h], each, kernels) : NULL;
                if (why) return why;
            }
            continue;
        }
        if (in->group) {
            const char *why = group_misfit(in->group, b, each);
            if (why) return why;
            *kernels += in->group->last == in;
            continue;
        }
        switch (in->op) {
        case IR_LOAD:
            if (!in->var) return "it rebinds a variable it reads";
            if (in->var != loop->var && !each && body_rebinds(b, in->var)) return "it rebinds a variable it reads";
            break;
        case IR_STORE:
            if (!store_fits(b, in, loop, each)) return "it stores a variable whose value changes between iterations";
            break;
        default:
            if (!pure_host_op(in->op)) return ir_is_kernel_instr(in) ? "a library routine" : "host work that touches the device or calls a function";
            break;
        }
    }
    return NULL;
}

/* Why loop does not qualify for capture (see the file comment), "" when it launches no
 * kernel, or NULL when it qualifies; *each tells whether every iteration is captured: the
 * body reads the loop variable or holds an if or a loop. */
static const char *misfit(const IrInstr *loop, bool *each)
{
    const IrBlock *b = loop->blocks[0];
    *each = false;
    if (!b || !b->instrs.n || loop->nargs != 3) return "";
    *each = ir_block_loads(b, loop->var) || has_nested(b);
    int kernels = 0;
    const char *why = block_misfit(loop, b, *each, &kernels);
    if (why) return why;
    return kernels > 0 ? NULL : "";
}

/* Does b (or a block in it, other than loop's) load v? */
static bool loads_outside(const IrBlock *b, const IrVar *v, const IrInstr *loop)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in == loop) continue;
        if ((in->op == IR_LOAD && in->var == v) || loads_outside(in->blocks[0], v, loop) ||
            loads_outside(in->blocks[1], v, loop))
            return true;
    }
    return false;
}

/* Does b (in loop's body) bind a variable that code after the loop may read: a store other
 * than `x = x`, or a nested loop's variable, of a global or of a variable some function
 * loads outside loop?  A replay by key skips the body's host code, so such a loop gets no
 * key (graph_nokey); a store to a variable nothing reads afterwards (loopmap.c's last value of
 * a mapped loop's variable) keeps the key. */
static bool binds_live(const IrModule *m, const IrBlock *b, const IrInstr *loop)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        const IrVar *v = NULL;
        if (in->op == IR_STORE) {
            const IrValue *a = in->nargs == 1 ? in->args[0] : NULL;
            if (!a || !a->def || a->def->op != IR_LOAD || a->def->var != in->var) v = in->var;
        } else if (in->op == IR_FOR_RANGE) {
            v = in->var;
        }
        if (v) {
            if (v->global) return true;
            for (int f = 0; f < m->funcs.n; f++)
                if (loads_outside(((IrFunc *)VEC_AT(m->funcs, f))->body, v, loop)) return true;
        }
        if (binds_live(m, in->blocks[0], loop) || binds_live(m, in->blocks[1], loop)) return true;
    }
    return false;
}

static void mark_block(const IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->dev) continue;  /* the loop runs on the device as one kernel (devloop.c) */
        bool each = false;
        const char *why = in->op == IR_FOR_RANGE ? misfit(in, &each) : "";
        bool nokey = !why && binds_live(m, in->blocks[0], in);
        if (nokey && each)   /* captured only to be replayed (rt_graph_begin_each) */
            why = "it binds a variable read after it, which a replay would skip";
        if (!why) {
            in->graph = true;
            in->graph_each = each;
            in->graph_nokey = nokey;
            if (each)
                diag_remark(in->span, "this loop is captured once as a CUDA graph of all its iterations (its views "
                                      "and scalars move with the loop variable, or it branches) on its second run "
                                      "with the same inputs and bounds, and replayed on the later ones");
            else
                diag_remark(in->span, "this loop is captured once as a CUDA graph and replayed");
        }
        /* a loop in a captured one may qualify too: it is captured on its own when the outer
         * one runs uncaptured (too few iterations, too many launches), and runs as written
         * inside the outer one's capture (rt_graph_begin refuses while one is active) */
        if (why && *why) diag_remark(in->span, "this loop is not captured as a CUDA graph: %s", why);
        mark_block(m, in->blocks[0]);
        mark_block(m, in->blocks[1]);
    }
}

void graphloop_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) mark_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
