/*
 * devloop.c — scalar loops on the device (-O2, after loopmap.c, before grouping).
 *
 *     crc = 0xFFFF
 *     for b in data:                       # data: a device array
 *         cur_byte = 0xFF & b              # a 0-d array
 *         for _ in range(0, 8):
 *             if (crc & 0x0001) ^ (cur_byte & 0x0001):    # a device value decides
 *                 crc = (crc >> 1) ^ poly
 *             else:
 *                 crc >>= 1
 *             cur_byte >>= 1
 *
 * On the host every `if` on a device value is a synchronising read and every 0-d operation a
 * launch: NPBench's crc16 makes 6,400 host round trips for 800 bytes.  A loop (FOR_RANGE or
 * WHILE) whose body works on host scalars (bool, int, float), 0-d arrays and single elements
 * of arrays defined before it runs instead as ONE single-thread kernel that executes the whole
 * loop (codegen/kernels/scalar.c); the host launches it in the loop's place and reads back,
 * in one copy, an error code and the variables the loop stored.
 *
 * The rule (checked on every instruction of the loop, nested blocks included):
 *   - allowed: constants; loads and stores of variables; if, while, break, continue and
 *     `for ... in range(...)`; elementwise ops on host scalars and 0-d arrays (not the host
 *     ops that raise: /, //, % and ** of Python scalars, nor their casts); `A[i, j]` with one
 *     int per dimension of an array defined before the loop (checked against the shape in the
 *     kernel: an out-of-range index raises IndexError on the host, as rt_index would); shape
 *     and size reads of such arrays; stores into a 0-d array or an element; copies of 0-d
 *     arrays; bool(), int() of an integer and float() of a 0-d array or scalar;
 *   - the variables the loop stores hold host scalars or 0-d arrays of a real dtype of at most
 *     8 bytes; a 0-d array variable is only assigned new arrays (the result of an operation,
 *     never a view or an array from before the loop, so no other name sees its array), and a
 *     load of it is used in its own block before the next store of the variable (the kernel
 *     keeps the variable's element in a register that such a load refers to);
 *   - a store into a 0-d array writes an element, a variable's 0-d array or an array from
 *     before the loop, never an operation's result;
 *   - the loop touches device data (an element, a 0-d array): a loop of host scalars alone
 *     stays on the host, which runs scalar code faster than one GPU thread;
 *   - cost: at most DEV_MAX_STEPS instructions per device access in the body (each access
 *     costs the host a launch or a round trip of microseconds, the kernel a few hundred cycles),
 *     and a trip count, where constants give it, of at most DEV_MAX_TRIPS iterations.
 * Kept on the host (the reason in -v and --emit=kernels): print, calls, raise, lists, strings,
 * reductions, array-valued ops (arrays as a whole), allocations, library routines, return.
 *
 * The rewrite: loads inside the loop of variables it never stores move in front of it (their
 * arrays and scalars become kernel arguments), and the loop is marked (in->dev); group.c
 * leaves its body alone.  Nothing else changes, so the host code of everything around the
 * loop is as before.  -O0 keeps every loop on the host (the reference the tests compare
 * against).
 */
#include "compiler/compiler.h"

#include <string.h>

enum {
    DEV_MAX_STEPS = 256,            /* instructions per device access */
    DEV_MAX_TRIPS = 1 << 24,        /* iterations, when constants give the trip count */
};

typedef struct Scan {
    IrModule *m;
    IrInstr *loop;
    unsigned inside;    /* stamp of the loop's instructions */
    Vec stored;         /* IrVar*: stored in the loop (IR_STORE, a FOR_RANGE's variable) */
    Vec hoist;          /* IrInstr*: loads of variables the loop never stores */
    Vec ins;            /* IrValue*: defined before the loop, read in it */
    int device;         /* device accesses: elements, 0-d operations, stores into 0-d arrays */
    int steps;          /* instructions */
    const char *why;    /* the first reason to keep the loop on the host */
} Scan;

static bool keep(Scan *x, const char *why)
{
    if (!x->why) x->why = why;
    return false;
}

static bool is_scalar(const Type *t) { return t && (t->kind == TY_BOOL || t->kind == TY_INT || t->kind == TY_FLOAT); }

/* A 0-d array of a real dtype of at most 8 bytes (not float16: no host C type). */
static bool is_elem(const Type *t)
{
    return t && t->kind == TY_ARRAY && t->ndim == 0 && !dt_is_complex(t->dtype) && t->dtype != DT_FLOAT16 &&
           dt_size(t->dtype) <= 8;
}

static bool is_array(const Type *t) { return t && t->kind == TY_ARRAY; }

/* Marks every instruction of b (nested blocks included) with stamp s; collects the variables
 * stored there. */
static void mark(Scan *x, IrBlock *b, unsigned s)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        in->stamp = s;
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var && !vec_contains(&x->stored, in->var))
            vec_push(&x->stored, in->var);
        mark(x, in->blocks[0], s);
        mark(x, in->blocks[1], s);
    }
}

static bool inside(const Scan *x, const IrValue *v) { return v && v->def && v->def->stamp == x->inside; }

/* Does b (nested blocks included) use value v? */
static bool block_uses(const IrBlock *b, const IrValue *v)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] == v) return true;
        if (block_uses(in->blocks[0], v) || block_uses(in->blocks[1], v)) return true;
    }
    return false;
}

/* A load `ld` of a 0-d array variable the loop stores: every use of its value is in its own
 * block, before the next store of the variable (the kernel names the variable's element). */
static bool load_fits(const IrInstr *ld)
{
    const IrBlock *b = ld->parent;
    int at = ir_index_in_block(b, ld), last = at;
    for (int i = at + 1; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        bool uses = false;
        for (int j = 0; j < in->nargs; j++) uses |= in->args[j] == ld->res;
        if (uses) last = i;
        else if (block_uses(in->blocks[0], ld->res) || block_uses(in->blocks[1], ld->res))
            return false;   /* a use in a nested block: keep it simple */
    }
    for (int i = at + 1; i < last; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE && in->var == ld->var) || ir_block_assigns(in->blocks[0], ld->var) ||
            ir_block_assigns(in->blocks[1], ld->var))
            return false;
    }
    return ld->res->nuses == 0 || last > at;
}

/* A new 0-d array: the result of an operation in the loop (not a view, not an array from
 * before it). */
static bool is_fresh(const Scan *x, const IrValue *v)
{
    return inside(x, v) && is_elem(v->type) && (ir_op_is_ewise(v->def->op) || v->def->op == IR_COPY);
}

/* Host elementwise ops the kernel does not write as the host does (scalars.c): powers of
 * Python scalars and casts.  (/, // and % check their divisor in the kernel.) */
static bool host_special(IrOp op) { return op == IR_POW || op == IR_CAST; }

static void note_in(Scan *x, IrValue *v)
{
    if (v && !inside(x, v) && !vec_contains(&x->ins, v)) vec_push(&x->ins, v);
}

/* An int index into an array defined before the loop, one per dimension. */
static bool index_fits(Scan *x, const IrInstr *in)
{
    const IrValue *a = in->args[0];
    if (inside(x, a) && !(a->def->op == IR_LOAD && !vec_contains(&x->stored, a->def->var)))
        return keep(x, "it indexes an array made in the loop");
    if (!is_array(a->type) || in->nidx != a->type->ndim || in->nargs != a->type->ndim + 1 || !is_elem(in->res->type))
        return keep(x, "it takes a slice or a view of an array");
    for (int k = 0; k < in->nidx; k++)
        if (in->idx[k] != IDX_INT || in->args[k + 1]->type->kind != TY_INT)
            return keep(x, "it takes a slice or a view of an array");
    if (dt_is_complex(a->type->dtype) || a->type->dtype == DT_FLOAT16 || dt_size(a->type->dtype) > 8)
        return keep(x, "it reads elements of a complex or float16 array");
    return true;
}

/* Is instruction `in` of the loop allowed (see the file comment)?  False with x->why. */
static bool instr_fits(Scan *x, IrInstr *in)
{
    x->steps++;
    for (int j = 0; j < in->nargs; j++) {
        const Type *t = in->args[j] ? in->args[j]->type : NULL;
        if (!t || (!is_scalar(t) && !is_array(t) && t->kind != TY_NONE)) return keep(x, "it works on values other than numbers and arrays");
    }
    if (ir_op_is_ewise(in->op)) {
        if (!in->res || (!is_scalar(in->res->type) && !is_elem(in->res->type)))
            return keep(x, "it computes on arrays as a whole");
        for (int j = 0; j < in->nargs; j++)
            if (!is_scalar(in->args[j]->type) && !is_elem(in->args[j]->type))
                return keep(x, "it computes on arrays as a whole");
        if (is_scalar(in->res->type) && host_special(in->op))
            return keep(x, "it takes a power or casts Python scalars");
        x->device += is_elem(in->res->type);
        return true;
    }
    switch (in->op) {
    case IR_CONST_BOOL: case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_NONE:
    case IR_BREAK: case IR_CONTINUE: case IR_COND:
        return true;
    case IR_IF:
        return in->args[0]->type->kind == TY_BOOL || keep(x, "an if on a value that is not a bool");
    case IR_WHILE:
        return true;
    case IR_FOR_RANGE:
        return (in->var && in->var->type->kind == TY_INT) || keep(x, "a loop variable that is not an int");
    case IR_LOAD:
        if (!vec_contains(&x->stored, in->var)) {
            if (!is_scalar(in->var->type) && !is_array(in->var->type))
                return keep(x, "it reads a variable that is not a number or an array");
            vec_push(&x->hoist, in);
            return true;
        }
        if (is_scalar(in->var->type)) return true;
        if (!is_elem(in->var->type)) return keep(x, "it rebinds a variable that is not a number or a 0-d array");
        return load_fits(in) || keep(x, "a 0-d array variable is read across a store of it");
    case IR_STORE:
        if (!in->nargs) return keep(x, "it stores a value that is not a number or an array");
        if (is_scalar(in->var->type)) return is_scalar(in->args[0]->type) || keep(x, "it stores an array in a number variable");
        if (!is_elem(in->var->type)) return keep(x, "it rebinds a variable that is not a number or a 0-d array");
        return is_fresh(x, in->args[0]) || keep(x, "a 0-d array variable is bound to a view or an array from before the loop");
    case IR_INDEX:
        x->device++;
        return index_fits(x, in);
    case IR_SHAPE_DIM:
    case IR_SIZE:
        return ((!inside(x, in->args[0]) || in->args[0]->def->op == IR_LOAD) && in->ival >= 0 &&
                (in->op == IR_SIZE || in->ival < in->args[0]->type->ndim)) ||
               keep(x, "it reads the shape of an array made in the loop");
    case IR_STORE_INTO: {
        x->device++;
        const IrValue *d = in->args[0], *s = in->args[1];
        if (!is_elem(d->type) || (!is_scalar(s->type) && !is_elem(s->type)))
            return keep(x, "it stores into arrays as a whole");
        if (inside(x, d) && d->def->op != IR_INDEX && d->def->op != IR_LOAD)
            return keep(x, "it stores into the result of an operation");
        return true;
    }
    case IR_COPY:
        return (is_elem(in->args[0]->type) && is_elem(in->res->type)) || keep(x, "it copies arrays as a whole");
    case IR_TO_BOOL:
    case IR_TO_FLOAT:
        x->device += is_elem(in->args[0]->type);
        return is_scalar(in->args[0]->type) || is_elem(in->args[0]->type) ||
               keep(x, "it converts a value that is not a number");
    case IR_TO_INT: {
        const Type *t = in->args[0]->type;
        x->device += is_elem(t);
        return t->kind == TY_BOOL || t->kind == TY_INT || (is_elem(t) && !dt_is_float(t->dtype)) ||
               keep(x, "int() of a float (the host checks NaN and infinity)");
    }
    case IR_PRINT: return keep(x, "it prints");
    case IR_RAISE: case IR_ASSERT: return keep(x, "it raises");
    case IR_CALL: return keep(x, "it calls a function");
    case IR_RETURN: return keep(x, "it returns");
    default:
        if (ir_is_kernel_instr(in) || (in->res && is_array(in->res->type)))
            return keep(x, "it works on arrays as a whole or allocates");
        return keep(x, ir_instr_info(in->op) && ir_instr_info(in->op)->lib ? "it calls a library routine"
                                                                          : "it uses an operation the device loop lacks");
    }
}

static bool block_fits(Scan *x, IrBlock *b)
{
    if (!b) return true;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (!instr_fits(x, in) || !block_fits(x, in->blocks[0]) || !block_fits(x, in->blocks[1])) return false;
    }
    return true;
}

/* The most telling reason in b (nested blocks included) to keep a loop on the host, before
 * the instruction-by-instruction check: print, raise, call, return, an array as a whole. */
static const char *first_reason(const IrBlock *b)
{
    if (!b) return NULL;
    const char *why = NULL;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        const char *w = in->op == IR_PRINT                        ? "it prints"
                        : in->op == IR_RAISE || in->op == IR_ASSERT ? "it raises"
                        : in->op == IR_CALL                        ? "it calls a function"
                        : in->op == IR_RETURN                      ? "it returns"
                                                                   : NULL;
        if (w) return w;
        if (!why && in->op != IR_LOAD && in->res && is_array(in->res->type) && in->res->type->ndim > 0)
            why = "it works on arrays as a whole";
        if (ir_is_raise_guard(in)) { /* a run-time check: a weaker reason than the others */
            if (!why) why = "it raises (a run-time check)";
            continue;
        }
        const char *inner = first_reason(in->blocks[0]);
        if (!inner) inner = first_reason(in->blocks[1]);
        if (inner && strncmp(inner, "it works", 8) != 0 && strncmp(inner, "it raises (", 11) != 0) return inner;
        if (inner && (!why || strncmp(why, "it raises (", 11) == 0)) why = inner;
    }
    return why;
}

/* The values the loop reads from before it (the hoisted loads' results are among them once
 * they move). */
static void collect_ins(Scan *x, IrBlock *b, const IrInstr *loop)
{
    if (loop)
        for (int j = 0; j < loop->nargs; j++) note_in(x, loop->args[j]);
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++) note_in(x, in->args[j]);
        collect_ins(x, in->blocks[0], NULL);
        collect_ins(x, in->blocks[1], NULL);
    }
}

/* The trip count of a FOR_RANGE whose bounds are int constants, else -1. */
static int64_t const_trips(const IrInstr *loop)
{
    if (loop->op != IR_FOR_RANGE) return -1;
    int64_t v[3];
    for (int j = 0; j < 3; j++) {
        const IrInstr *d = loop->args[j]->def;
        if (!d || d->op != IR_CONST_INT) return -1;
        v[j] = d->ival;
    }
    if (v[2] == 0) return -1;
    if (v[2] > 0) return v[1] > v[0] ? (v[1] - v[0] + v[2] - 1) / v[2] : 0;
    return v[0] > v[1] ? (v[0] - v[1] - v[2] - 1) / -v[2] : 0;
}

/* Checks loop; a yes moves the hoisted loads in front of it and marks it. */
static bool try_loop(IrModule *m, IrInstr *loop, const char **why)
{
    Scan x = {.m = m, .loop = loop, .inside = ir_stamp(m)};
    loop->stamp = x.inside;
    if (loop->op == IR_FOR_RANGE && loop->var) vec_push(&x.stored, loop->var);
    mark(&x, loop->blocks[0], x.inside);
    mark(&x, loop->blocks[1], x.inside);
    const char *first = first_reason(loop->blocks[0]);
    if (!first) first = first_reason(loop->blocks[1]);
    bool ok = (first ? keep(&x, first) : true) && (loop->op != IR_FOR_RANGE || instr_fits(&x, loop)) &&
              block_fits(&x, loop->blocks[0]) && block_fits(&x, loop->blocks[1]);
    int64_t trips = const_trips(loop);
    if (ok && x.device == 0) ok = keep(&x, "no device value: host scalars run faster on the host");
    if (ok && x.steps > DEV_MAX_STEPS * x.device)
        ok = keep(&x, "too many host scalar operations per device access");
    if (ok && trips > DEV_MAX_TRIPS) ok = keep(&x, "too many iterations for one GPU thread");
    *why = x.why;
    if (ok) {
        /* loads of variables the loop never stores move in front of it, in order */
        IrBlock *pb = loop->parent;
        Vec seq = {0};
        for (int i = 0; i < x.hoist.n; i++) {
            IrInstr *ld = VEC_AT(x.hoist, i);
            IrBlock *b = ld->parent;
            ir_remove(b, ir_index_in_block(b, ld));
            ld->stamp = 0;
            vec_push(&seq, ld);
        }
        vec_push(&seq, loop);
        ir_splice(pb, ir_index_in_block(pb, loop), &seq);
        vec_free(&seq);
        DevLoop *d = ar_alloc(m->arena, sizeof *d);
        d->id = m->devloops.n;
        d->name = ar_printf(m->arena, "d%d_loop", d->id);
        d->loop = loop;
        d->steps = x.steps;
        collect_ins(&x, loop->blocks[0], loop);
        collect_ins(&x, loop->blocks[1], NULL);
        d->ins = x.ins;
        x.ins = (Vec){0};
        d->vars = x.stored;
        x.stored = (Vec){0};
        loop->dev = d;
        vec_push(&m->devloops, d);
    }
    vec_free(&x.stored);
    vec_free(&x.hoist);
    vec_free(&x.ins);
    return ok;
}

/* loopmap.c's record of the loop at sp (the first one this pass has not decided: a function
 * compiled for two argument types has two loops at one place), or a new one; NULL when
 * loopmap.c mapped that loop (this one is the loop as written, the fallback of its run-time
 * test: the listing keeps saying mapped). */
static LoopMap *record_of(IrModule *m, Span sp)
{
    for (int i = 0; i < m->loopmaps.n; i++) {
        LoopMap *r = VEC_AT(m->loopmaps, i);
        if (r->span.file == sp.file && r->span.line == sp.line && r->span.start == sp.start && !r->dev &&
            !r->dev_why)
            return r->why ? r : NULL;
    }
    LoopMap *r = ar_alloc(m->arena, sizeof *r);
    r->span = sp;
    vec_push(&m->loopmaps, r);
    return r;
}

/* Does b (nested blocks included) read an element or compute on a 0-d array?  Only such
 * loops are candidates worth a line in -v. */
static bool touches_device(const IrBlock *b)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->res && is_elem(in->res->type) && (in->op == IR_INDEX || ir_op_is_ewise(in->op))) return true;
        if (touches_device(in->blocks[0]) || touches_device(in->blocks[1])) return true;
    }
    return false;
}

static void devloop_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_FOR_RANGE || in->op == IR_WHILE) && !in->group &&
            (touches_device(in->blocks[0]) || touches_device(in->blocks[1]))) {
            const char *why = NULL;
            Span sp = in->span;
            bool ok = try_loop(m, in, &why);
            LoopMap *r = record_of(m, sp);
            if (ok) {
                if (r) r->dev = in->dev;
                if (r) diag_remark(sp, "this loop runs on the device as one kernel, one thread (%s): no host round "
                                   "trip per device value", in->dev->name);
                i = ir_index_in_block(b, in);   /* hoisted loads went in front of it */
                continue;
            }
            if (r) r->dev_why = ar_printf(m->arena, "%s", why);
            if (r) diag_remark(sp, "this loop stays on the host: %s", why);
        }
        devloop_block(m, in->blocks[0]);
        devloop_block(m, in->blocks[1]);
    }
}

void devloop_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) devloop_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
