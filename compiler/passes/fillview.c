/*
 * fillview.c — an array made empty, filled whole by one store and read once is read as the
 * stored value itself (-O2, after mmstore.c):
 *
 *     D = cp.empty((R, n, m))                 e = empty R, n, m
 *     D[:] = cp.repeat(t, m, axis=2)     →    (guards: each dim >= 0, as empty's check)
 *     u = cp.reshape(D, (N,)) * w             v = store_view t', R, n, m;  u = reshape(v, N) * w
 *
 * The store wrote broadcast(V, D.shape) into D, so until something writes memory again D's
 * elements are those of the view rt_store_view(V, D.shape) (NumPy's assignment broadcast, with
 * the store's ValueError when V does not broadcast).  The one read of D reads that view
 * instead, and D is neither written nor allocated: NPBench stockham_fft's twiddles, written
 * to a 32 MB array and read once per stage (issue 25), are read from the 2^i-element
 * twiddle array through a view with a zero stride.  A store of a copy (`D[:] = repeat(...)`,
 * whose lowering copies a broadcast view and reshapes the copy) reads the copy's source
 * instead, reshaped where the copy was.
 *
 * The pattern, in one block: e = empty(s...) whose uses are the store's destination (e, or an
 * identity view e[:] used only by the store), then one read after it (a kernel instruction
 * that does not store into it, a product, or a reshape whose result only such instructions
 * read); store_into(e, V) without a cast, V an array of e's rank (or a copy of one used only
 * there, or a reshape of such a copy: then its source); and nothing that may write memory from
 * V's definition (the copy) to the last read.
 * One read only: a view of a strided V read by several kernels would be read several times
 * where the store read it once.  empty's "negative dimensions are not allowed" stays where
 * empty was, as a guard per dimension that is not a constant.
 */
#include "compiler/compiler.h"

/* Uses of v by `in`'s arguments and by the instructions nested in it. */
static int uses_in(const IrInstr *in, const IrValue *v)
{
    int n = 0;
    for (int j = 0; j < in->nargs; j++) n += in->args[j] == v;
    for (int k = 0; k < 2; k++) {
        const IrBlock *b = in->blocks[k];
        for (int i = 0; b && i < b->instrs.n; i++) n += uses_in(VEC_AT(b->instrs, i), v);
    }
    return n;
}

/* Does `in` only read v (one argument), never writing through it or keeping it? */
static bool reads_only(const IrInstr *in, const IrValue *v)
{
    if (in->blocks[0] || in->blocks[1]) return false;
    if (in->op == IR_STORE_INTO) return in->args[0] != v;
    if (in->op == IR_MATMUL) return true;
    return ir_is_kernel_instr(in) && in->op != IR_UKERNEL;
}

/* Is `in`, a use of v at position i of b, a read (see above)?  A reshape qualifies when the
 * instructions of b after it that use its result only read it, and use it all; *end gets the
 * position of the last instruction that reads v's memory. */
static bool is_read(const IrBlock *b, int i, const IrInstr *in, const IrValue *v, int *end)
{
    *end = i;
    if (in->op != IR_RESHAPE) return reads_only(in, v);
    if (in->args[0] != v || uses_in(in, v) != 1) return false;
    int seen = 0;
    for (int k = i + 1; k < b->instrs.n && seen < in->res->nuses; k++) {
        const IrInstr *u = VEC_AT(b->instrs, k);
        int n = uses_in(u, in->res);
        if (n && !reads_only(u, in->res)) return false;
        if (n) *end = k;
        seen += n;
    }
    return seen == in->res->nuses;
}

/* The guard `if d < 0: raise ValueError("negative dimensions are not allowed")` appended to seq. */
static void emit_guard(IrModule *m, IrBlock *seq, Span sp, IrValue *d)
{
    IrValue *zero = ir_emit(m, seq, IR_CONST_INT, sp, ty_int(), 0, NULL)->res;
    zero->def->ival = 0;
    IrValue *lt = ir_emit(m, seq, IR_LT, sp, ty_bool(), 2, (IrValue *[]){ d, zero })->res;
    lt->def->dtype = DT_BOOL;
    lt->def->cdtype = DT_INT64;
    IrInstr *iff = ir_emit(m, seq, IR_IF, sp, NULL, 1, &lt);
    iff->blocks[0] = ir_block_new(m, iff);
    iff->blocks[1] = ir_block_new(m, iff);
    IrInstr *r = ir_emit(m, iff->blocks[0], IR_RAISE, sp, NULL, 0, NULL);
    r->sval = "ValueError";
    r->sval2 = "negative dimensions are not allowed";
}

/* Rewrites the empty at position i of b when it fits the pattern; returns the position after
 * what it leaves there. */
static int fill_view(IrModule *m, IrBlock *b, int i)
{
    IrInstr *e = VEC_AT(b->instrs, i);
    IrValue *ev = e->res;
    if (!ev || ev->type->kind != TY_ARRAY || ev->nuses < 2) return i + 1;
    IrInstr *view = NULL, *st = NULL, *rd = NULL;
    int st_at = -1, rd_at = -1, rd_end = -1, seen = 0;
    for (int k = i + 1; k < b->instrs.n && seen < ev->nuses; k++) {
        IrInstr *in = VEC_AT(b->instrs, k);
        int n = uses_in(in, ev);
        if (!n) continue;
        seen += n;
        if (!st && !view && n == 1 && ir_is_identity_index(in) && in->args[0] == ev && in->res->nuses == 1) {
            view = in;
        } else if (!st && n == 1 && in->op == IR_STORE_INTO && in->args[0] == ev && !view) {
            st = in;
            st_at = k;
        } else if (st && !rd && n == 1 && is_read(b, k, in, ev, &rd_end)) {
            rd = in;
            rd_at = k;
        } else {
            return i + 1;
        }
        if (view && !st) {   /* the view's one use must be the store, next */
            for (int j = k + 1; j < b->instrs.n && !st; j++) {
                IrInstr *u = VEC_AT(b->instrs, j);
                if (uses_in(u, view->res) == 0) continue;
                if (u->op != IR_STORE_INTO || u->args[0] != view->res || uses_in(u, view->res) != 1 || uses_in(u, ev))
                    return i + 1;
                st = u;
                st_at = j;
            }
            if (!st) return i + 1;
        }
    }
    if (seen != ev->nuses || !st || !rd || st_at > rd_at) return i + 1;
    IrValue *val = st->args[1];
    if (val->type->kind != TY_ARRAY || val->type->ndim != ev->type->ndim || val->type->dtype != ev->type->dtype ||
        st->dtype != ev->type->dtype)
        return i + 1;
    /* a copy, or a reshape of a copy (repeat's lowering), each used only on the way: the
     * store reads the copy's source instead (reshaped there) */
    IrInstr *rs = val->def && val->def->op == IR_RESHAPE && val->nuses == 1 && val->def->parent == b ? val->def : NULL;
    IrValue *cv = rs ? rs->args[0] : val;
    IrInstr *copy = cv->def && cv->def->op == IR_COPY && cv->nuses == 1 && cv->def->parent == b ? cv->def : NULL;
    if (rs && !copy) rs = NULL;
    IrValue *src = copy ? (rs ? val : copy->args[0]) : val;
    if (copy && copy->args[0]->type->dtype != ev->type->dtype) return i + 1;
    /* nothing writes memory from the value's making (or the store) to the read */
    int from = copy ? ir_index_in_block(b, copy) : st_at;
    if (from < 0 || from > st_at) return i + 1;
    for (int k = from + 1; k < rd_end; k++) {
        IrInstr *in = VEC_AT(b->instrs, k);
        if (in != st && ir_writes_memory(in)) return i + 1;
    }

    if (rs) {   /* reshape(copy(x)) → reshape(x), in its place */
        rs->args[0] = copy->args[0];
        copy->args[0]->nuses++;
        cv->nuses--;
    }

    /* the view at the store's place, read instead of e */
    int nd = e->nargs;
    IrValue *args[1 + IR_MAXDIM];
    args[0] = src;
    for (int k = 0; k < nd; k++) args[1 + k] = e->args[k];
    IrBlock seq = { 0 };
    IrValue *sv = ir_emit(m, &seq, IR_STORE_VIEW, st->span, ev->type, 1 + nd, args)->res;
    for (int j = 0; j < rd->nargs; j++)
        if (rd->args[j] == ev) {
            rd->args[j] = sv;
            sv->nuses++;
            ev->nuses--;
        }
    IrValue *stv = st->args[0], *stval = st->args[1];
    ir_splice(b, st_at, &seq.instrs);
    vec_free(&seq.instrs);
    stv->nuses--;   /* the store's arguments */
    stval->nuses--;
    if (copy && copy->res->nuses == 0) ir_remove(b, ir_index_in_block(b, copy));   /* its one use went */
    if (view) ir_remove(b, ir_index_in_block(b, view));
    /* empty's check of its dims, where it was */
    IrBlock guards = { 0 };
    for (int k = 0; k < nd; k++) {
        IrValue *d = e->args[k];
        if (d->def && d->def->op == IR_CONST_INT && d->def->ival >= 0) continue;
        emit_guard(m, &guards, e->span, d);
    }
    int at = ir_index_in_block(b, e), n = guards.instrs.n;
    for (int k = 0; k < nd; k++) e->args[k]->nuses--;   /* empty's arguments */
    ir_splice(b, at, &guards.instrs);
    vec_free(&guards.instrs);
    return at + n;
}

static void fillview_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n;) {
        IrInstr *in = VEC_AT(b->instrs, i);
        fillview_block(m, in->blocks[0]);
        fillview_block(m, in->blocks[1]);
        i = in->op == IR_EMPTY ? fill_view(m, b, i) : i + 1;
    }
}

void fillview_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) fillview_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
