/*
 * hoist.c — copies that live one iteration reuse one buffer (-O2, after loopmap.c, before
 * group.c).  In cavity_flow's pressure loop
 *     for q in range(nit):
 *         pn = p.copy()
 *         p[1:-1, 1:-1] = f(pn[1:-1, 2:], pn[1:-1, 0:-2], ...)
 * every iteration allocates pn, a new array that dies in the iteration.  Such a copy becomes a
 * store into one buffer made before the loop:
 *     buf = empty(p.shape)                          before the loop
 *     for q in range(nit):
 *         buf[...] = p                              (store_into buf, p)
 *         p[1:-1, 1:-1] = f(buf[1:-1, 2:], ...)
 * so the loop allocates nothing and graphloop.c can capture it as a CUDA graph.
 *
 * `c = copy x` directly in the body b of a FOR_RANGE loop qualifies when
 *   - b holds only kernel instructions, passive host instructions (ir_is_passive: constants,
 *     loads, views, shapes, host scalar arithmetic), stores of variables and raise guards: no
 *     call (which could rebind a global or keep an array), no stream switch, no nested loop,
 *     no host read of device data; every launch is on the one stream, in program order;
 *   - x has the same shape in every iteration: a value defined before the loop, or a load of
 *     a local variable b never stores (definite assignment: it is bound before the loop);
 *   - c dies in its iteration: every use of c, and of every view of c (index, transpose,
 *     reshape, ...), is in b and is an elementwise operation with an array result, a
 *     reduction, a copy, a shape read or the source of a store_into — each makes a new array
 *     or writes elsewhere, so no reference to the buffer outlives the iteration, and the next
 *     iteration's store comes after every read of this one in stream order.
 * The copy is C-contiguous and so is the buffer (rt_empty); store_into casts nothing (same
 * dtype).  A zero-trip loop allocates the buffer and never uses it.  -v says which copies.
 */
#include "compiler/compiler.h"

/* Does b hold only instructions that keep every launch on one stream in program order and
 * never rebind an array behind the loop's back (see the file comment)? */
static bool plain_body(const IrBlock *b)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (ir_is_raise_guard(in)) continue;
        if (in->blocks[0] || in->blocks[1]) return false;
        if (in->op == IR_STORE || ir_is_passive(in)) continue;
        if (!ir_is_kernel_instr(in) || in->op == IR_UKERNEL) return false;
    }
    return true;
}

/* Is x's shape the same in every iteration of the loop whose body is b? */
static bool invariant_shape(const IrBlock *b, const IrValue *x)
{
    if (!x->def || x->def->parent != b) return true; /* defined before the loop */
    const IrInstr *ld = x->def;
    return ld->op == IR_LOAD && ld->var && !ld->var->global && !ir_block_assigns(b, ld->var);
}

/* May instruction `in`, which reads u (c or a view of c) as its argument j, read it without
 * keeping a reference past the iteration?  Views are checked by the caller. */
static bool ends_here(const IrInstr *in, int j)
{
    if (ir_op_flags(in->op) & OPF_META) return true;
    switch (in->op) {
    case IR_STORE_INTO: return j == 1;
    case IR_REDUCE:
    case IR_COPY: return true;
    default: return ir_op_is_ewise(in->op) && in->res && in->res->type->kind == TY_ARRAY;
    }
}

/* Do all uses of u lie in b and end there (ends_here, or views whose uses do), looking at
 * most `depth` views deep? */
static bool dies_in(const IrBlock *b, const IrValue *u, int depth)
{
    int seen = 0;
    for (int i = 0; i < b->instrs.n && seen < u->nuses; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            if (in->args[j] != u) continue;
            seen++;
            if (ir_op_is_view(in->op) && j == 0 && in->res && in->res->type->kind == TY_ARRAY) {
                if (depth == 0 || !dies_in(b, in->res, depth - 1)) return false;
            } else if (!ends_here(in, j)) {
                return false;
            }
        }
    }
    return seen == u->nuses;
}

/* Every use of `from` in b names `to` instead. */
static void rename_uses(IrBlock *b, IrValue *from, IrValue *to)
{
    for (int i = 0; i < b->instrs.n && from->nuses; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            if (in->args[j] != from) continue;
            in->args[j] = to;
            from->nuses--;
            to->nuses++;
        }
    }
}

/* Rewrites `c = copy x` (position i of b, the body of `loop` at position pos of outer) as a
 * store into a buffer emitted before the loop. */
static void hoist_copy(IrModule *m, IrBlock *outer, int pos, IrInstr *loop, int i)
{
    IrBlock *b = loop->blocks[0];
    IrInstr *cp = VEC_AT(b->instrs, i);
    IrValue *x = cp->args[0], *c = cp->res;
    Span sp = cp->span;
    IrBlock seq = { 0 };
    IrValue *xo = x;
    if (x->def && x->def->parent == b) { /* a load in the body: load it before the loop */
        IrInstr *ld = ir_emit(m, &seq, IR_LOAD, sp, x->type, 0, NULL);
        ld->var = x->def->var;
        xo = ld->res;
    }
    int nd = c->type->ndim;
    IrValue *dims[IR_MAXDIM];
    for (int k = 0; k < nd; k++) {
        dims[k] = ir_emit(m, &seq, IR_SHAPE_DIM, sp, ty_int(), 1, &xo)->res;
        dims[k]->def->ival = k;
    }
    IrInstr *mk = ir_emit(m, &seq, IR_EMPTY, sp, c->type, nd, dims);
    mk->dtype = c->type->dtype;
    mk->ndim = nd;
    IrValue *buf = mk->res;
    vec_push(&seq.instrs, loop);
    ir_splice(outer, pos, &seq.instrs);
    vec_free(&seq.instrs);

    IrBlock st = { 0 };
    IrInstr *into = ir_emit(m, &st, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){ buf, x });
    into->dtype = c->type->dtype;
    ir_splice(b, i, &st.instrs);
    vec_free(&st.instrs);
    x->nuses--; /* the copy's argument */
    rename_uses(b, c, buf);
    diag_remark(sp, "this copy reuses one buffer in every iteration of the loop of line %u",
                (unsigned)loop->span.line);
}

/* Hoists the qualifying copies of the loop at position pos of outer; returns how many
 * instructions it put before the loop. */
static int hoist_loop(IrModule *m, IrBlock *outer, int pos)
{
    IrInstr *loop = VEC_AT(outer->instrs, pos);
    IrBlock *b = loop->blocks[0];
    if (!b || !plain_body(b)) return 0;
    int added = 0;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op != IR_COPY || !in->res || in->res->type->kind != TY_ARRAY ||
            in->args[0]->type->kind != TY_ARRAY || !invariant_shape(b, in->args[0]) ||
            !dies_in(b, in->res, 4))
            continue;
        int before = outer->instrs.n;
        hoist_copy(m, outer, pos + added, loop, i);
        added += outer->instrs.n - before;
    }
    return added;
}

static void hoist_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        hoist_block(m, in->blocks[0]);
        hoist_block(m, in->blocks[1]);
        if (in->op == IR_FOR_RANGE) i += hoist_loop(m, b, i);
    }
}

void hoist_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) hoist_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
