/*
 * guards.c — run-time checks that constants decide (-O2).
 *
 *     N = 100                      store N ← 100
 *     y = u8_array + N             lt/gt of (load N) against 0 and 255; if … raise OverflowError
 *
 * Lowering emits NEP 50's range check of a Python int (lower/expr.c) wherever the int is not
 * a literal there, and lower_*.c emit raise_if checks on values such as shape reads; some of
 * those values are constants all the same: a constant module variable (consts.c), or a value
 * forward.c has put in place of a load (`n = 5` then `x + n` inside a function).  A raise
 * guard (ir_is_raise_guard) whose condition evaluates to False from such constants is
 * removed, with the host instructions before it that only computed its condition, so the
 * passes that want bodies without control flow (unroll.c, recur.c, siblings.c) see none.  A
 * condition that evaluates to True stays: the program raises there at run time, as NumPy
 * would when it gets there.
 *
 * Run twice: before unroll.c (module constants, so that loops holding such checks unroll) and
 * after forward.c (forwarded values).
 */
#include "compiler/compiler.h"

static bool eval(const IrModule *m, const IrConsts *c, const IrValue *v, const IrInstr *use, int depth,
                 int64_t *out);

/* Bounds [lo, hi] of every value the host int or bool v can take: its value when constants
 * decide it, else [0, k] for `x & k` with k a non-negative constant (Python's & with a
 * non-negative int: crc16's `(crc & 1)` against NEP 50's uint8 range). */
static bool bounds(const IrModule *m, const IrConsts *c, const IrValue *v, const IrInstr *use, int depth,
                   int64_t *lo, int64_t *hi)
{
    int64_t k;
    if (eval(m, c, v, use, depth, &k)) {
        *lo = *hi = k;
        return true;
    }
    const IrInstr *d = v ? v->def : NULL;
    if (!d || d->op != IR_BITAND || d->group || d->nargs != 2 || v->type->kind != TY_INT) return false;
    for (int j = 0; j < 2; j++) {
        const Type *t = d->args[j]->type;
        if (t->kind == TY_INT && eval(m, c, d->args[j], use, depth + 1, &k) && k >= 0) {
            *lo = 0;
            *hi = k;
            return true;
        }
    }
    return false;
}

/* An order comparison of a and b that their bounds decide. */
static bool compare(const IrModule *m, const IrConsts *c, const IrInstr *d, const IrInstr *use, int depth,
                    int64_t *out)
{
    int64_t alo, ahi, blo, bhi;
    if (!bounds(m, c, d->args[0], use, depth + 1, &alo, &ahi) || !bounds(m, c, d->args[1], use, depth + 1, &blo, &bhi))
        return false;
    bool yes, no;
    switch (d->op) {
    case IR_LT: yes = ahi < blo, no = alo >= bhi; break;
    case IR_LE: yes = ahi <= blo, no = alo > bhi; break;
    case IR_GT: yes = alo > bhi, no = ahi <= blo; break;
    case IR_GE: yes = alo >= bhi, no = ahi < blo; break;
    default: return false;
    }
    if (!yes && !no) return false;
    *out = yes;
    return true;
}

/* The value of the host int or bool v read by `use`, when constants decide it (Python int
 * arithmetic wraps as gpyc's int64 does), or for an order comparison, when bounds do. */
static bool eval(const IrModule *m, const IrConsts *c, const IrValue *v, const IrInstr *use, int depth,
                 int64_t *out)
{
    if (!v || !v->def || !v->type || depth > 16) return false;
    const IrInstr *d = v->def;
    if (d->op == IR_CONST_BOOL && v->type->kind == TY_BOOL) {
        *out = d->ival != 0;
        return true;
    }
    if (v->type->kind == TY_INT && ir_const_int(m, c, v, use, out)) return true;
    if ((v->type->kind != TY_INT && v->type->kind != TY_BOOL) || d->group || d->nargs < 1 || d->nargs > 2)
        return false;
    for (int j = 0; j < d->nargs; j++) {
        const Type *t = d->args[j] ? d->args[j]->type : NULL;
        if (!t || (t->kind != TY_INT && t->kind != TY_BOOL)) return false;
    }
    if (d->nargs == 2 && (d->op == IR_LT || d->op == IR_LE || d->op == IR_GT || d->op == IR_GE))
        return compare(m, c, d, use, depth, out);
    int64_t a, b = 0;
    if (!eval(m, c, d->args[0], use, depth + 1, &a)) return false;
    if (d->nargs == 2 && !eval(m, c, d->args[1], use, depth + 1, &b)) return false;
    bool two = d->nargs == 2;
    switch (d->op) {
    case IR_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); return two && v->type->kind == TY_INT;
    case IR_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); return two && v->type->kind == TY_INT;
    case IR_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); return two && v->type->kind == TY_INT;
    case IR_LT: *out = a < b; return two;
    case IR_LE: *out = a <= b; return two;
    case IR_GT: *out = a > b; return two;
    case IR_GE: *out = a >= b; return two;
    case IR_EQ: *out = a == b; return two;
    case IR_NE: *out = a != b; return two;
    case IR_LOGICAL_OR: *out = a || b; return two;
    case IR_LOGICAL_AND: *out = a && b; return two;
    case IR_LOGICAL_NOT: *out = !a; return !two;
    default: return false;
    }
}

/* Removes the host instructions just before position `end` of b that computed a removed
 * guard's condition and are now unused (constants, scalar comparisons and logic), walking
 * back to the first one that is not such; returns how many. */
static int drop_dead_condition(IrBlock *b, int end)
{
    int removed = 0;
    for (int i = end - 1; i >= 0; i--) {
        IrInstr *in = VEC_AT(b->instrs, i);
        bool pure = in->op == IR_CONST_INT || in->op == IR_CONST_BOOL || in->op == IR_LT || in->op == IR_LE ||
                    in->op == IR_GT || in->op == IR_GE || in->op == IR_EQ || in->op == IR_NE ||
                    in->op == IR_LOGICAL_OR || in->op == IR_LOGICAL_AND || in->op == IR_LOGICAL_NOT;
        if (!pure || !in->res || in->res->nuses || in->group || in->res->type->kind == TY_ARRAY) break;
        ir_remove(b, i);
        removed++;
    }
    return removed;
}

static void guards_block(const IrModule *m, const IrConsts *c, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        int64_t cond;
        if (ir_is_raise_guard(in) && in->nargs == 1 && eval(m, c, in->args[0], in, 0, &cond) && !cond) {
            ir_block_discard(in->blocks[0]);
            ir_block_discard(in->blocks[1]);
            in->blocks[0] = in->blocks[1] = NULL;
            ir_remove(b, i);
            i -= drop_dead_condition(b, i) + 1;
            continue;
        }
        guards_block(m, c, in->blocks[0]);
        guards_block(m, c, in->blocks[1]);
    }
}

void guards_module(IrModule *m)
{
    IrConsts c;
    ir_consts_find(m, &c);
    for (int i = 0; i < m->funcs.n; i++) guards_block(m, &c, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    ir_consts_free(&c);
}
