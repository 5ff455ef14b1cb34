/*
 * loopmap.c — loop to map (-O2, after masked.c, before grouping): a loop whose iterations are
 * independent becomes one operation over all of them.
 *
 *     for i in range(a, b):                      C[a:b] = (X[a:b] * Y).sum(axis=1)
 *         C[i] = (X[i] * Y).sum()          →
 *     for j in range(m):                         A[:, 0:m] = B[:, 0:m] + 1    (batch axis first)
 *         A[:, j] = B[:, j] + 1
 *
 * The loop variable becomes an index dimension: each index `X[.., c*i + d, ..]` of an array
 * variable by an affine function of i (c a nonzero int constant, d loop-invariant) becomes the
 * slice of the rows the iterations visit, moved to the front (a transpose when it is not the
 * first axis of the view), and every operation of the body runs once over the batch: an
 * elementwise op over the batched operands (a batched operand of a lower per-iteration rank
 * gets new axes after the batch axis, so it broadcasts as it did per iteration; invariant ones
 * broadcast as before), a reduction over the same axes shifted by one (all axes: axes 1..r), a
 * product `a @ b` (or dot) with a batched a and an invariant b whose ranks keep the batch apart,
 * a vector product of one batched vector (`b_i @ a`), a copy, the loop variable as a value (an
 * arange of its values), mask checks (masked.c's: against an invariant array of the batched mask's per-iteration
 * shape, or of two batched arrays),
 * views of batched values (a full slice in front), shape reads, and the stores into the batched
 * views.  The iterations then run in the order of the slices (ascending rows; a loop whose
 * indices all descend runs reversed, which is the same when no iteration depends on another).
 * A window `X[.., c*i + d : c*i + e, ..]` (start and stop affine with one c, so of invariant
 * length; no step or a positive constant one) of an array variable is batched as the window
 * of the first iteration with a batch axis in front whose stride is |c * step| rows of X
 * (as_strided: the windows may overlap; they are only read).  conv2d's
 * `output[:, i, j, :] = sum(input[:, i:i+K, j:j+K, :, None] * weights, axis=(1, 2, 3))`: its
 * j loop is one reduction over (W_out, N, K, K, C_in, C_out).
 *
 * Dependence test, on the affine subscripts: every access to an array variable the body
 * writes must index it by the same affine function at the same axis as the write (then two
 * iterations touch disjoint rows); a read of the whole array, of a slice across that axis or
 * of another row is a dependence and keeps the loop, except a read `A[k, ..]` of one
 * loop-invariant row k with the write `A[i + d, ..]` (step 1): the loop is split at the
 * iteration that writes row k (it runs alone, in order) and the iterations before and after it
 * are mapped (Floyd-Warshall's `path[i, :] = minimum(path[i, :], path[i, k] + path[k, :])`;
 * k must not be negative, which would count from the end).  When the body has one store, into
 * the split array, and nothing after it but host ints (snap_ok), the split is two pieces over
 * copies instead (emit_snapshots): the iterations up to the one that writes row k read copies
 * of what that piece overwrites, and the iterations after it read the new row k; or one piece
 * (fused_ok, emit_fused) that reads the copies and, after that iteration, the value it stores
 * in row k, computed from the copies: Floyd-Warshall's inner loop is two launches.  A window of an array the body
 * writes is a dependence when it lies across the written axis (it reads rows of other
 * iterations), and a store into a window keeps the loop (the windows may overlap).
 * Two variables may hold one array: each pair of a written array and another one read is
 * checked at run time (rt_may_overlap).  The rows must be in range: the mapped code runs only
 * when every batched index of the first and the last iteration lies in [0, extent) (a negative
 * index counts from the end in Python, and an index out of range raises; a window's start of
 * the first and the last iteration >= 0, its stop <= the extent and start <= stop, as Python
 * would clamp or wrap it otherwise) and the loop runs at least one iteration; else the loop
 * runs as written.  So the loop becomes
 *
 *     if <n > 0, indices in range, no overlap>:  <mapped pieces>; i = <its last value>
 *     else:                                      <the loop as written>
 *
 * Not mapped (the loop is kept and -v says why): a body with anything but constants, loads of
 * variables it does not assign, int arithmetic, views, elementwise ops, reductions, copies,
 * products and stores into views (a print, a call, a break, an if, a nested loop, a library
 * routine, an assignment to a variable); the loop variable used as a value or in a slice bound
 * other than a window's;
 * a store into a place every iteration writes; indices running in opposite directions; a
 * non-constant step.  Every loop whose body stores into an array and reads the loop variable is
 * reported by `-v` (a remark at the loop: mapped, or kept with the reason) and in
 * `--emit=kernels` (IrModule.loopmaps).  -O0 keeps every loop as written.
 */
#include "compiler/compiler.h"

#include <stdlib.h>
#include <string.h>

typedef enum Cls {
    C_PRE, /* loop-invariant, hoisted in front of the test: constants, loads, int arithmetic, shapes */
    C_INV, /* loop-invariant, cloned into each mapped piece */
    C_AFF, /* an int c*i + d + dk */
    C_BAT, /* an array that has one value per iteration: the batch axis in front */
} Cls;

typedef struct Info {
    Cls cls;
    int64_t c, dk; /* C_AFF */
    const IrValue *d; /* C_AFF: a C_PRE body value, or NULL */
    int rank; /* C_BAT: the per-iteration ndim */
    const IrValue *rep; /* a mask_check of one batched array (argument repk): what has its
                            per-iteration shape (shape_rep) */
    int repk;
} Info;

/* An access to an array variable of the body: an index view of its load, or the whole load. */
typedef struct Acc {
    const IrInstr *index; /* the view, NULL for a use of the whole array */
    const IrValue *root; /* the load */
    int axis; /* the root axis indexed by i, -1 when none */
    const Info *aff; /* that index (a window: its start) */
    const Info *stop; /* a window `c*i + d : c*i + e`: its stop, else NULL */
    bool write;
} Acc;

typedef struct Map {
    IrModule *m;
    IrInstr *loop;
    IrBlock *body;
    int64_t step;
    int dir; /* +1: rows ascend with the iterations, -1: descend, 0: unknown yet */
    Info *info; /* per body instruction */
    unsigned stamp; /* body values carry it, their count is their instruction's index */
    Vec accs; /* Acc* */
    const Info *split; /* the write's index when the loop splits at row split_k */
    const IrValue *split_k;
    bool snap; /* split in two pieces over snapshots (snap_ok) */
    bool fused; /* ... or one piece over them (fused_ok) */
    const Acc *snap_w; /* the one write of the split array */
    const char *why; /* the reason it is kept, or NULL */
    /* emission */
    IrValue **to; /* per body instruction: its value in the code being written */
    IrValue **over; /* per body instruction: its value in the piece being written (a snapshot), or NULL */
    IrBlock *out;
    Span sp;
} Map;

static Info *info_of(Map *x, const IrValue *v)
{
    if (!v || v->stamp != x->stamp) return NULL;
    return &x->info[v->count];
}

static Cls cls_of(Map *x, const IrValue *v)
{
    const Info *i = info_of(x, v);
    return i ? i->cls : C_PRE; /* a value from outside the body is invariant and in scope */
}

static bool kept(Map *x, const char *why)
{
    if (!x->why) x->why = why;
    return false;
}

static bool const_int(const IrValue *v, int64_t *k)
{
    if (!v || !v->def || v->def->op != IR_CONST_INT) return false;
    *k = v->def->ival;
    return true;
}

static bool same_aff(const Info *a, const Info *b)
{
    return a->c == b->c && a->dk == b->dk && ir_same_invariant(a->d, b->d);
}

/* ---------------------------------------------------------------- analysis */

/* Int arithmetic over the loop variable: i, i + k, k - i, 2 * i, -i ... as c*i + d + dk. */
static bool affine(Map *x, const IrInstr *in, Info *r)
{
    const Info *a = info_of(x, in->args[0]), *b = in->nargs > 1 ? info_of(x, in->args[1]) : NULL;
    bool aa = a && a->cls == C_AFF, ba = b && b->cls == C_AFF;
    const IrValue *other = aa ? (in->nargs > 1 ? in->args[1] : NULL) : in->args[0];
    const Info *f = aa ? a : b;
    int64_t k = 0;
    bool isk = other && const_int(other, &k);
    if (in->res->type->kind != TY_INT || (aa && ba)) return kept(x, "uses the loop variable as a value");
    if (other && cls_of(x, other) != C_PRE)
        return kept(x, "uses the loop variable other than in an affine index");
    *r = (Info){ .cls = C_AFF, .c = f->c, .dk = f->dk, .d = f->d };
    switch (in->op) {
    case IR_NEG:
        if (f->d) return kept(x, "uses the loop variable other than in an affine index");
        r->c = -f->c, r->dk = -f->dk;
        return true;
    case IR_ADD:
    case IR_SUB:
        if (in->op == IR_SUB && ba) { /* k - (c*i + dk) */
            if (f->d) return kept(x, "uses the loop variable other than in an affine index");
            r->c = -f->c, r->dk = -f->dk;
            if (isk)
                r->dk += k;
            else
                r->d = other;
            return true;
        }
        if (isk)
            r->dk += in->op == IR_SUB ? -k : k;
        else if (f->d || in->op == IR_SUB)
            return kept(x, "uses the loop variable other than in an affine index");
        else
            r->d = other;
        return true;
    case IR_MUL:
        if (!isk || f->d || k == 0) return kept(x, "uses the loop variable other than in an affine index");
        r->c = f->c * k, r->dk = f->dk * k;
        return true;
    default: return kept(x, "uses the loop variable as a value");
    }
}

static void add_acc(Map *x, const IrInstr *index, const IrValue *root, int axis, const Info *aff,
                    const Info *stop)
{
    Acc *a = xcalloc(1, sizeof *a);
    *a = (Acc){ .index = index, .root = root, .axis = axis, .aff = aff, .stop = stop };
    vec_push(&x->accs, a);
}

/* Is v the load of an array variable in the body (an access root)? */
static bool is_root(Map *x, const IrValue *v)
{
    const Info *i = info_of(x, v);
    return i && v->def->op == IR_LOAD && v->type->kind == TY_ARRAY;
}

/* The uses of whole arrays: every array operand of `in` that is a root, unless `in` is an
 * index of it (recorded there). */
static void whole_uses(Map *x, const IrInstr *in)
{
    for (int j = in->op == IR_INDEX || in->op == IR_SHAPE_DIM ? 1 : 0; j < in->nargs; j++)
        if (is_root(x, in->args[j])) add_acc(x, NULL, in->args[j], -1, NULL, NULL);
}

/* Is the slice item at args[at..at+2] of `in` a window that moves with i: `c*i + d : c*i + e`
 * (start and stop affine with one c, so its length e - d is loop-invariant) with no step or a
 * positive constant one?  *start and *stop are their infos. */
static bool window(Map *x, const IrInstr *in, int at, const Info **start, const Info **stop)
{
    const Info *s = info_of(x, in->args[at]), *e = info_of(x, in->args[at + 1]);
    const IrValue *st = in->args[at + 2];
    int64_t k = 0;
    if (!s || !e || s->cls != C_AFF || e->cls != C_AFF || s->c != e->c || s->c == 0) return false;
    if (!(st->def && st->def->op == IR_CONST_NONE) && !(const_int(st, &k) && k > 0)) return false;
    *start = s, *stop = e;
    return true;
}

/* IR_INDEX: invariant, or batched by one int item affine in i or one window (of a root load),
 * or a view of a batched value by invariant items. */
static bool classify_index(Map *x, const IrInstr *in, Info *r)
{
    Cls base = cls_of(x, in->args[0]);
    int q = -1, axis = 0, at = 1, qaxis = -1;
    const Info *aff = NULL, *wstop = NULL;
    for (int k = 0; k < in->nidx; k++) {
        int na = in->idx[k] == IDX_INT ? 1 : in->idx[k] == IDX_SLICE ? 3 : 0;
        const Info *ws = NULL, *we = NULL;
        if (na == 3 && window(x, in, at, &ws, &we)) {
            if (q >= 0) return kept(x, "indexes one array by the loop variable twice");
            q = k, aff = ws, wstop = we, qaxis = axis;
            na = 0; /* its bounds are classified */
        }
        for (int j = 0; j < na; j++) {
            const Info *f = info_of(x, in->args[at + j]);
            if (!f || f->cls == C_PRE || f->cls == C_INV) continue;
            if (f->cls != C_AFF || in->idx[k] != IDX_INT || f->c == 0)
                return kept(x, "a slice bound depends on the loop variable");
            if (q >= 0) return kept(x, "indexes one array by the loop variable twice");
            q = k, aff = f, qaxis = axis;
        }
        if (q == k && wstop) na = 3;
        if (in->idx[k] == IDX_ELLIPSIS && q >= 0)
            return kept(x, "an ellipsis after the loop variable's index");
        if (in->idx[k] == IDX_ELLIPSIS) axis = -1000;
        if (na) axis++;
        at += na;
    }
    if (base == C_BAT) {
        if (q >= 0) return kept(x, "indexes a per-iteration view by the loop variable");
        *r = (Info){ .cls = C_BAT, .rank = in->res->type->ndim };
        return true;
    }
    if (q < 0) {
        *r = (Info){ .cls = C_INV };
        if (is_root(x, in->args[0])) add_acc(x, in, in->args[0], -1, NULL, NULL);
        return true;
    }
    if (qaxis < 0) return kept(x, "an ellipsis before the loop variable's index");
    if (!is_root(x, in->args[0])) return kept(x, "indexes a view by the loop variable");
    int dir = aff->c * x->step > 0 ? 1 : -1;
    if (x->dir && x->dir != dir) return kept(x, "indices that run in opposite directions");
    x->dir = dir;
    *r = (Info){ .cls = C_BAT, .rank = in->res->type->ndim };
    add_acc(x, in, in->args[0], qaxis, aff, wstop);
    return true;
}

/* What has the shape that batched value v has in each iteration: an invariant array (v's one
 * operand of its per-iteration rank, through the body's elementwise ops, when every other
 * operand has one element per iteration), or a batched index view of an array variable
 * (rep_at takes it at one iteration); NULL when there is none. */
static const IrValue *shape_rep(Map *x, const IrValue *v, int rank, int depth)
{
    const Info *f = info_of(x, v);
    if (!f || f->cls == C_AFF || v->type->kind != TY_ARRAY) return NULL;
    if (f->cls != C_BAT) return v->type->ndim == rank ? v : NULL;
    if (f->rank == 0 || depth > 16) return NULL;
    const IrInstr *d = v->def;
    if (d->op == IR_INDEX && cls_of(x, d->args[0]) != C_BAT) return v->type->ndim == rank ? v : NULL;
    if (!ir_op_is_ewise(d->op)) return NULL;
    const IrValue *rep = NULL;
    for (int j = 0; j < d->nargs; j++) {
        const Info *a = info_of(x, d->args[j]);
        const Type *t = d->args[j]->type;
        if (t->kind != TY_ARRAY || t->ndim == 0 || (a && a->cls == C_BAT && a->rank == 0)) continue;
        const IrValue *r = shape_rep(x, d->args[j], rank, depth + 1);
        if (!r || (rep && !ir_same_invariant(rep, r))) return NULL;
        rep = r;
    }
    return rep;
}

/* The class of body instruction `in` (r), false with x->why when the loop must be kept. */
static bool classify(Map *x, const IrInstr *in, Info *r)
{
    bool bat = false, aff = false, inv = false;
    for (int j = 0; j < in->nargs; j++) {
        Cls c = cls_of(x, in->args[j]);
        bat |= c == C_BAT, aff |= c == C_AFF, inv |= c == C_INV;
    }
    unsigned fl = ir_op_flags(in->op);
    *r = (Info){ .cls = C_PRE };
    for (int j = 0; j < in->nargs; j++)
        if (in->args[j] && in->args[j]->type->kind == TY_ARRAY && !info_of(x, in->args[j]))
            return kept(x, "reads an array value from outside the loop body");
    if (fl & OPF_CONST) return true;
    switch (in->op) {
    case IR_LOAD:
        if (in->var == x->loop->var) *r = (Info){ .cls = C_AFF, .c = 1 };
        return true;
    case IR_STORE: return kept(x, "assigns a variable");
    case IR_INDEX: return classify_index(x, in, r);
    case IR_SHAPE_DIM: r->cls = bat ? C_INV : inv ? C_INV : C_PRE; return true;
    case IR_TRANSPOSE:
    case IR_COPY:
        whole_uses(x, in);
        r->cls = bat ? C_BAT : C_INV;
        r->rank = in->res->type->ndim;
        return true;
    case IR_REDUCE: {
        whole_uses(x, in);
        r->cls = bat ? C_BAT : C_INV;
        r->rank = in->res->type->ndim;
        int ra = in->args[0]->type->ndim;
        if (bat && (in->uk || ra == 0 || (RED_IS_ARG(in->redop) && in->naxes == 0 && ra > 1)))
            return kept(x, "a reduction that does not batch");
        return true;
    }
    case IR_MATMUL: {
        whole_uses(x, in);
        r->cls = bat ? C_BAT : C_INV;
        r->rank = in->res->type->ndim;
        int ra = in->args[0]->type->ndim, rb = in->args[1]->type->ndim;
        bool ba = cls_of(x, in->args[0]) == C_BAT, bb = cls_of(x, in->args[1]) == C_BAT;
        bool mm = in->ival == MM_MATMUL || (in->ival == MM_DOT && ra <= 2 && rb <= 2); /* dot is @ there */
        /* a batched a: (n, .., k) @ b keeps the batch apart when b has at most a's rank (or 2);
         * a vector product a . b of a batched b is b's batch @ a */
        if (bat && !(mm && !(ba && bb) && ((ra == 1 && rb == 1) || (ba && (ra == 1 ? rb <= 2 : rb <= ra)))))
            return kept(x, "a product that does not batch");
        return true;
    }
    case IR_MASK_CHECK: /* shapes only: of the invariant array a batched mask has the shape of */
        r->cls = C_INV;
        if (!bat || (cls_of(x, in->args[0]) == C_BAT && cls_of(x, in->args[1]) == C_BAT))
            return true; /* both batched: (n, ..) against (n, ..) */
        r->repk = cls_of(x, in->args[1]) == C_BAT;
        r->rep = shape_rep(x, in->args[r->repk], in->args[r->repk]->type->ndim, 0);
        return r->rep || kept(x, "a mask check that does not batch");
    case IR_STORE_INTO:
        whole_uses(x, in);
        if (cls_of(x, in->args[0]) != C_BAT) return kept(x, "stores into a place every iteration writes");
        r->cls = C_BAT;
        return true;
    default: break;
    }
    if (ir_op_is_ewise(in->op) && in->res) {
        if (in->res->type->kind != TY_ARRAY) {
            if (aff) return affine(x, in, r);
            if (inv)
                r->cls = C_INV;
            else if (in->op != IR_ADD && in->op != IR_SUB && in->op != IR_MUL && in->op != IR_NEG)
                r->cls = C_INV;
            return true;
        }
        if ((bat || aff) && in->nargs > 3) return kept(x, "an operation of more than 3 operands");
        whole_uses(x, in);
        r->cls = bat || aff ? C_BAT : C_INV;
        r->rank = in->res->type->ndim;
        return true;
    }
    if (!bat && !aff && (fl & OPF_VIEW)) {
        whole_uses(x, in);
        r->cls = C_INV;
        return true;
    }
    if (!bat && !aff && ir_op_is_creation(in->op)) { /* a new array per iteration, only read */
        r->cls = C_INV;
        return true;
    }
    static char buf[64];
    snprintf(buf, sizeof buf, aff ? "uses the loop variable as a value (%s)" : "contains %s", ir_op_name(in->op));
    return kept(x, buf);
}

/* The item of index view `in` at root axis `axis`: its kind (IDX_SLICE past the items) and
 * argument position. */
static IdxKind item_at(const IrInstr *in, int axis, int *argpos)
{
    int ax = 0, at = 1;
    for (int k = 0; k < in->nidx; k++) {
        int na = in->idx[k] == IDX_INT ? 1 : in->idx[k] == IDX_SLICE ? 3 : 0;
        if (in->idx[k] == IDX_ELLIPSIS) return IDX_ELLIPSIS;
        if (na && ax == axis) {
            *argpos = at;
            return in->idx[k];
        }
        if (na) ax++;
        at += na;
    }
    return IDX_SLICE;
}

/* Is the write access w compatible with access a of the same variable? */
static bool compatible(Map *x, const Acc *w, const Acc *a)
{
    if (!a->index) return kept(x, "reads all of an array the loop writes");
    int pos = 0;
    IdxKind k = item_at(a->index, w->axis, &pos);
    if (k != IDX_INT) return kept(x, "reads a slice across the rows the loop writes");
    const Info *f = info_of(x, a->index->args[pos]);
    Cls c = f ? f->cls : C_PRE;
    if (c == C_AFF) return same_aff(f, w->aff) || kept(x, "reads another row than the iteration writes");
    if (c != C_PRE || a->write || w->aff->c != 1 || x->step != 1)
        return kept(x, "reads a row that another iteration writes");
    if (x->split && (!same_aff(x->split, w->aff) || !ir_same_invariant(x->split_k, a->index->args[pos])))
        return kept(x, "reads two rows that iterations write");
    x->split = w->aff;
    x->split_k = a->index->args[pos];
    return true;
}

static const IrVar *root_var(const Acc *a) { return a->root->def->var; }

/* The dependence test over the accesses (see the top). */
static bool independent(Map *x)
{
    for (int i = 0; i < x->accs.n; i++) {
        const Acc *w = VEC_AT(x->accs, i);
        if (!w->write) continue;
        if (w->stop) return kept(x, "stores into a window that moves with the loop variable");
        for (int j = 0; j < x->accs.n; j++) {
            const Acc *a = VEC_AT(x->accs, j);
            if (root_var(a) == root_var(w) && !compatible(x, w, a)) return false;
        }
    }
    return true;
}

/* Marks the accesses through which `st` (a STORE_INTO) writes. */
static void mark_write(Map *x, const IrInstr *st)
{
    const IrValue *v = st->args[0];
    while (
        v->def && v->def->op != IR_LOAD &&
        !(v->def->op == IR_INDEX && info_of(x, v->def->args[0]) && info_of(x, v->def->args[0])->cls != C_BAT))
        v = v->def->args[0];
    for (int i = 0; i < x->accs.n; i++) {
        Acc *a = VEC_AT(x->accs, i);
        if (a->index && a->index->res == v) a->write = true;
    }
}

/* Do index views a and b (of one root) pick the same elements in every iteration? */
static bool same_view(Map *x, const IrInstr *a, const IrInstr *b)
{
    if (a->nidx != b->nidx || a->nargs != b->nargs || a->args[0]->def->var != b->args[0]->def->var) return false;
    for (int k = 0; k < a->nidx; k++)
        if (a->idx[k] != b->idx[k]) return false;
    for (int j = 1; j < a->nargs; j++) {
        const Info *f = info_of(x, a->args[j]), *g = info_of(x, b->args[j]);
        bool fa = f && f->cls == C_AFF, ga = g && g->cls == C_AFF;
        if (fa != ga || (fa ? !same_aff(f, g) : !ir_same_invariant(a->args[j], b->args[j]))) return false;
    }
    return true;
}

/* May the split loop run in two pieces over snapshots: the iterations up to the one that
 * writes row k, then those after it?  In the first piece every iteration must read row k as
 * it was before the loop and its own row as it was before its store; the second reads the
 * new row k.  So: the body has one store, into the split array, and nothing after it but
 * host ints (every read of the array comes before the store: within an iteration, reads
 * see the old values); the array's row-k reads and own-row reads other than the stored view
 * are read from copies made before the pieces (the first piece would otherwise overwrite
 * row k and its own elements while other threads read them). */
static bool snap_ok(Map *x)
{
    const IrBlock *b = x->body;
    int stores = 0, at = -1;
    for (int k = 0; k < b->instrs.n; k++)
        if (((const IrInstr *)VEC_AT(b->instrs, k))->op == IR_STORE_INTO) stores++, at = k;
    if (stores != 1) return false;
    for (int k = at + 1; k < b->instrs.n; k++)
        if (x->info[k].cls != C_PRE && x->info[k].cls != C_AFF) return false;
    const Acc *w = NULL;
    for (int i = 0; i < x->accs.n; i++) {
        const Acc *a = VEC_AT(x->accs, i);
        if (!a->write) continue;
        if (w || a->aff != x->split) return false;
        w = a;
    }
    x->snap_w = w;
    return w != NULL;
}

/* Is index view a of the split array a row-k read of the elements the write w stores: the same
 * items but the row's? */
static bool row_of(Map *x, const IrInstr *a, const Acc *w)
{
    const IrInstr *b = w->index;
    int pa = 0, pb = 0;
    if (a->nidx != b->nidx || a->nargs != b->nargs || item_at(a, w->axis, &pa) != IDX_INT ||
        item_at(b, w->axis, &pb) != IDX_INT || pa != pb)
        return false;
    for (int k = 0; k < a->nidx; k++)
        if (a->idx[k] != b->idx[k]) return false;
    for (int j = 1; j < a->nargs; j++) {
        const Info *f = info_of(x, a->args[j]), *g = info_of(x, b->args[j]);
        bool fa = f && f->cls == C_AFF, ga = g && g->cls == C_AFF;
        if (j == pa) continue;
        if (fa != ga || (fa ? !same_aff(f, g) : !ir_same_invariant(a->args[j], b->args[j]))) return false;
    }
    return true;
}

static bool is_row_read(Map *x, const IrInstr *in, int k)
{
    return in->op == IR_INDEX && is_root(x, in->args[0]) && in->args[0]->def->var == root_var(x->snap_w) &&
           x->info[k].cls == C_INV;
}

/* Is body instruction k, an index view of the split array batched by another axis than the
 * written one, a read of row k (`A[k, i]` or a window `A[k, i:i+3]` beside the write
 * `A[i, :]`)?  Such a read is of row k, not of the iteration's own row: the iterations after
 * the one that writes row k read its new values. */
static bool row_k_batched(Map *x, const IrInstr *in, int k)
{
    int pos = 0;
    if (in->op != IR_INDEX || !is_root(x, in->args[0]) || in->args[0]->def->var != root_var(x->snap_w) ||
        x->info[k].cls != C_BAT || item_at(in, x->snap_w->axis, &pos) != IDX_INT)
        return false;
    const Info *f = info_of(x, in->args[pos]);
    return !(f && f->cls == C_AFF);
}

/* May the two pieces over snapshots be one (emit_fused)?  Each iteration up to the one, p,
 * that writes row k reads the copy of row k; those after p read what p stored there, which is
 * p's stored value computed from the copies (its own row is row k), when every row-k read
 * picks exactly the elements the store writes.  A row-k read then has one value per
 * iteration (a select between the two), so each of its uses must batch as an elementwise
 * operation or be the stored value; the stored value must be an array. */
static bool fused_ok(Map *x)
{
    const IrBlock *b = x->body;
    int reads = 0;
    for (int k = 0; k < b->instrs.n; k++) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        if (row_k_batched(x, in, k)) return false; /* one value per element of row k, not per iteration */
        if (is_row_read(x, in, k)) {
            if (!row_of(x, in, x->snap_w)) return false;
            reads++;
        }
        if (in->op == IR_STORE_INTO &&
            (in->args[1]->type->kind != TY_ARRAY || in->args[1]->type->ndim > in->args[0]->type->ndim))
            return false;
        for (int j = 0; j < in->nargs; j++) {
            const Info *f = info_of(x, in->args[j]);
            if (!f || !is_row_read(x, in->args[j]->def, in->args[j]->count)) continue;
            bool ew = ir_op_is_ewise(in->op) && in->res && in->res->type->kind == TY_ARRAY && x->info[k].cls == C_BAT;
            if (!ew && !(in->op == IR_STORE_INTO && j == 1)) return false;
        }
    }
    return reads > 0;
}

static bool analyse(Map *x)
{
    const IrInstr *loop = x->loop;
    if (loop->nargs != 3 || !const_int(loop->args[2], &x->step) || x->step == 0)
        return kept(x, "a step that is not an int constant");
    IrBlock *b = x->body;
    for (int k = 0; k < b->instrs.n; k++) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        if (in->blocks[0] || in->blocks[1]) return kept(x, "a nested loop or if");
    }
    x->info = xcalloc((size_t)b->instrs.n + 1, sizeof *x->info);
    x->stamp = ir_stamp(x->m);
    for (int k = 0; k < b->instrs.n; k++) {
        IrInstr *in = VEC_AT(b->instrs, k);
        if (!classify(x, in, &x->info[k])) return false;
        if (x->info[k].cls == C_BAT && (x->info[k].rank + 1 > IR_MAXDIM || in->nidx + 1 > IR_MAXDIM * 2))
            return kept(x, "too many dimensions with the batch axis");
        if (in->res) {
            in->res->stamp = x->stamp;
            in->res->count = k;
        }
        if (in->op == IR_STORE_INTO) mark_write(x, in);
    }
    if (!independent(x)) return false;
    x->snap = x->split && snap_ok(x);
    x->fused = x->snap && fused_ok(x);
    return true;
}

/* ---------------------------------------------------------------- emission */

static IrValue *emit(Map *x, IrOp op, Type *t, int nargs, IrValue **args)
{
    IrInstr *in = ir_emit(x->m, x->out, op, x->sp, t, nargs, args);
    if (ir_op_is_ewise(op)) in->cdtype = op == IR_LOGICAL_AND || op == IR_LOGICAL_NOT ? DT_BOOL : DT_INT64;
    return in->res;
}

static IrValue *cint(Map *x, int64_t k)
{
    IrInstr *in = ir_emit(x->m, x->out, IR_CONST_INT, x->sp, ty_int(), 0, NULL);
    in->ival = k;
    return in->res;
}

static IrValue *cnone(Map *x) { return emit(x, IR_CONST_NONE, ty_none(), 0, NULL); }

/* Int op a OP b, folded when both are constants. */
static IrValue *iop(Map *x, IrOp op, IrValue *a, IrValue *b)
{
    int64_t p = 0, q = 0;
    if (const_int(a, &p) && const_int(b, &q) && (op == IR_ADD || op == IR_SUB || op == IR_MUL))
        return cint(x, op == IR_ADD ? p + q : op == IR_SUB ? p - q : p * q);
    return emit(x, op, ty_int(), 2, (IrValue *[]){ a, b });
}

/* Int op a OP k for a constant k, folded when a is a constant or k the identity. */
static IrValue *iopk(Map *x, IrOp op, IrValue *a, int64_t k)
{
    int64_t p = 0;
    if (((op == IR_ADD || op == IR_SUB) && k == 0) || ((op == IR_MUL || op == IR_FLOORDIV) && k == 1))
        return a;
    if (const_int(a, &p) && (op == IR_ADD || op == IR_SUB || op == IR_MUL || op == IR_MAXIMUM))
        return cint(x, op == IR_ADD ? p + k : op == IR_SUB ? p - k : op == IR_MUL ? p * k : p > k ? p : k);
    return iop(x, op, a, cint(x, k));
}

static IrValue *bop(Map *x, IrOp op, IrValue *a, IrValue *b)
{
    return emit(x, op, ty_bool(), 2, (IrValue *[]){ a, b });
}

/* A body value's counterpart in the code being written. */
static IrValue *to(Map *x, IrValue *v)
{
    const Info *i = info_of(x, v);
    return i ? x->to[v->count] : v;
}

/* A copy of body instruction `in` over its operands' counterparts, appended to x->out; its
 * result is the counterpart of in's. */
static IrInstr *clone(Map *x, const IrInstr *in)
{
    IrValue **args = xcalloc((size_t)in->nargs + 1, sizeof *args);
    for (int j = 0; j < in->nargs; j++) args[j] = to(x, in->args[j]);
    IrInstr *c = ir_emit_like(x->m, x->out, in, in->res ? in->res->type : NULL, args);
    free(args);
    if (in->res) x->to[in->res->count] = c->res;
    return c;
}

/* c*i + d + dk for iteration value iv (an int of the code being written). */
static IrValue *aff_at(Map *x, const Info *f, IrValue *iv)
{
    IrValue *r = iopk(x, IR_MUL, iv, f->c);
    if (f->d) r = iop(x, IR_ADD, r, to(x, (IrValue *)f->d));
    return iopk(x, IR_ADD, r, f->dk);
}

/* len(range(start, stop, step)) for the constant step. */
static IrValue *trip_count(Map *x, IrValue *start, IrValue *stop)
{
    int64_t s = x->step;
    IrValue *span = s > 0 ? iop(x, IR_SUB, stop, start) : iop(x, IR_SUB, start, stop);
    int64_t a = s > 0 ? s : -s;
    return iopk(x, IR_MAXIMUM, iopk(x, IR_FLOORDIV, iopk(x, IR_ADD, span, a - 1), a), 0);
}

/* The values c*i + d + dk of the batch's iterations, in its order (an int64 arange). */
static IrValue *values(Map *x, const Info *f, IrValue *first, IrValue *cnt)
{
    IrValue *start = aff_at(x, f, first);
    IrValue *step = cint(x, f->c * x->step * (x->dir < 0 ? -1 : 1));
    return emit(x, IR_ARANGE, ty_array(DT_INT64, 1), 3, (IrValue *[]){ start, step, cnt });
}

/* v (batched, per-iteration rank r) with new axes after the batch axis up to rank R. */
static IrValue *lift(Map *x, IrValue *v, int r, int R)
{
    if (r >= R) return v;
    IrValue *args[3 + IR_MAXDIM + 1] = { v, cnone(x), cnone(x), cnone(x) };
    IrInstr *in = ir_emit(x->m, x->out, IR_INDEX, x->sp, ty_array(v->type->dtype, R + 1), 4, args);
    in->nidx = 1 + R - r;
    in->idx[0] = IDX_SLICE;
    for (int k = 1; k < in->nidx; k++) in->idx[k] = IDX_NEWAXIS;
    return in->res;
}

/* A window view `X[.., c*i + d : c*i + e, ..]` over the iterations first, first + step, ...
 * (cnt of them): the view at iteration `first`, with the batch axis in front whose stride is
 * |c * step| rows of X at the window's axis (root axis `axis`): as_strided, so the iterations'
 * windows may overlap (emit_test checked that every window lies within X). */
static IrValue *batch_window(Map *x, const IrInstr *in, int axis, int64_t rows, IrValue *first, IrValue *cnt)
{
    IrValue **a = xcalloc((size_t)in->nargs, sizeof *a);
    for (int j = 0; j < in->nargs; j++) {
        const Info *f = info_of(x, in->args[j]);
        a[j] = j > 0 && f && f->cls == C_AFF ? aff_at(x, f, first) : to(x, in->args[j]);
    }
    IrValue *v0 = ir_emit_like(x->m, x->out, in, in->res->type, a)->res;
    free(a);
    int r = in->res->type->ndim;
    IrValue *args[1 + 2 * IR_MAXDIM] = { v0 }, *root = to(x, in->args[0]);
    IrInstr *rs = ir_emit(x->m, x->out, IR_ARRAY_INFO, x->sp, ty_int(), 1, &root);
    rs->ival = INFO_STRIDE | axis << 8;
    args[1] = cnt;
    args[2 + r] = iopk(x, IR_MUL, rs->res, rows);
    for (int d = 0; d < r; d++) {
        IrInstr *n = ir_emit(x->m, x->out, IR_SHAPE_DIM, x->sp, ty_int(), 1, &v0);
        n->ival = d;
        IrInstr *st = ir_emit(x->m, x->out, IR_ARRAY_INFO, x->sp, ty_int(), 1, &v0);
        st->ival = INFO_STRIDE | d << 8;
        args[2 + d] = n->res;
        args[3 + r + d] = st->res;
    }
    return ir_emit(x->m, x->out, IR_AS_STRIDED, x->sp, ty_array(in->res->type->dtype, r + 1), 3 + 2 * r, args)->res;
}

/* The batched form of index view `in` over the iterations first, first + step, ... (cnt of
 * them): the affine int item becomes the slice of their rows, ascending, moved to the front;
 * a window, batch_window's view. */
static IrValue *batch_index(Map *x, const IrInstr *in, IrValue *first, IrValue *cnt)
{
    for (int k = 0, at = 1, ax = 0; k < in->nidx; k++) {
        int na = in->idx[k] == IDX_INT ? 1 : in->idx[k] == IDX_SLICE ? 3 : 0;
        const Info *ws = NULL, *we = NULL;
        if (na == 3 && window(x, in, at, &ws, &we)) {
            int64_t rows = ws->c * x->step;
            return batch_window(x, in, ax, rows > 0 ? rows : -rows, first, cnt);
        }
        if (na) ax++;
        at += na;
    }
    Vec args = { 0 };
    vec_push(&args, to(x, in->args[0]));
    IrInstr tmp = *in;
    int at = 1, pos = 0, slot = -1;
    for (int k = 0; k < in->nidx; k++) {
        int na = in->idx[k] == IDX_INT ? 1 : in->idx[k] == IDX_SLICE ? 3 : 0;
        const Info *f = na == 1 ? info_of(x, in->args[at]) : NULL;
        if (f && f->cls == C_AFF) {
            int64_t st = f->c * x->step;
            st = st > 0 ? st : -st;
            IrValue *lo = aff_at(x, f, first);
            vec_push(&args, lo);
            vec_push(&args, iop(x, IR_ADD, lo, iopk(x, IR_MUL, cnt, st)));
            vec_push(&args, cint(x, st));
            tmp.idx[k] = IDX_SLICE;
            slot = pos;
        } else {
            for (int j = 0; j < na; j++) vec_push(&args, to(x, in->args[at + j]));
            if (in->idx[k] != IDX_INT) pos++;
        }
        at += na;
    }
    int r = in->res->type->ndim;
    tmp.nargs = args.n;
    IrInstr *v = ir_emit_like(x->m, x->out, &tmp, ty_array(in->res->type->dtype, r + 1), (IrValue **)args.v);
    vec_free(&args);
    if (slot == 0) return v->res;
    IrInstr *t = ir_emit(x->m, x->out, IR_TRANSPOSE, x->sp, v->res->type, 1, &v->res);
    t->ndim = r + 1;
    t->perm[0] = slot;
    for (int k = 0, p = 1; k <= r; k++)
        if (k != slot) t->perm[p++] = k;
    return t->res;
}

/* A view of batched value b by invariant items: a full slice in front of them. */
static IrValue *batch_subview(Map *x, const IrInstr *in)
{
    Vec args = { 0 };
    vec_push(&args, to(x, in->args[0]));
    for (int k = 0; k < 3; k++) vec_push(&args, cnone(x));
    for (int j = 1; j < in->nargs; j++) vec_push(&args, to(x, in->args[j]));
    IrInstr tmp = *in;
    tmp.nargs = args.n;
    tmp.nidx = in->nidx + 1;
    tmp.idx[0] = IDX_SLICE;
    memcpy(tmp.idx + 1, in->idx, sizeof(IdxKind) * (size_t)in->nidx);
    IrInstr *v = ir_emit_like(x->m, x->out, &tmp, ty_array(in->res->type->dtype, in->res->type->ndim + 1),
                              (IrValue **)args.v);
    vec_free(&args);
    return v->res;
}

/* shape_rep's value in the code being written: a batched index view taken at iteration
 * `first` (an int item), else the invariant array. */
static IrValue *rep_at(Map *x, const IrValue *rep, IrValue *first)
{
    const IrInstr *d = rep->def;
    if (cls_of(x, rep) != C_BAT) return to(x, (IrValue *)rep);
    IrValue **args = xcalloc((size_t)d->nargs, sizeof *args);
    for (int j = 0; j < d->nargs; j++) {
        const Info *f = info_of(x, d->args[j]);
        args[j] = j > 0 && f && f->cls == C_AFF ? aff_at(x, f, first) : to(x, d->args[j]);
    }
    IrInstr *c = ir_emit_like(x->m, x->out, d, d->res->type, args);
    free(args);
    return c->res;
}

/* Body instruction `in` (index k) written into x->out over the batch (first, cnt). */
static void emit_instr(Map *x, IrInstr *in, int k, IrValue *first, IrValue *cnt)
{
    const Info *f = &x->info[k];
    if (f->cls == C_PRE || f->cls == C_AFF) return;
    if (x->over && x->over[k]) {
        x->to[k] = x->over[k];
        return;
    }
    if (f->cls == C_INV) {
        IrValue *rep = f->rep ? rep_at(x, f->rep, first) : NULL;
        IrInstr *c = clone(x, in);
        if (in->op == IR_SHAPE_DIM && cls_of(x, in->args[0]) == C_BAT) c->ival++; /* one axis further */
        if (rep) {
            c->args[f->repk]->nuses--;
            c->args[f->repk] = rep;
            rep->nuses++;
        }
        return;
    }
    if (in->op == IR_INDEX) {
        x->to[k] = cls_of(x, in->args[0]) == C_BAT ? batch_subview(x, in) : batch_index(x, in, first, cnt);
        return;
    }
    IrValue *args[3]; /* the batched ops have at most 3 arguments (classify) */
    int n = in->nargs;
    for (int j = 0; j < n; j++) args[j] = to(x, in->args[j]);
    int R = in->res ? in->res->type->ndim : 0;
    if (in->op == IR_STORE_INTO) R = in->args[0]->type->ndim;
    if (in->op == IR_STORE_INTO || ir_op_is_ewise(in->op))
        for (int j = 0; j < n; j++) {
            const Info *a = info_of(x, in->args[j]);
            if (a && a->cls == C_AFF)
                args[j] = lift(x, values(x, a, first, cnt), 0, R);
            else if (a && a->cls == C_BAT)
                args[j] = lift(x, args[j], a->rank, R);
        }
    if (in->op == IR_MATMUL && cls_of(x, in->args[0]) != C_BAT) { /* a . b_i as b_i @ a */
        IrValue *t = args[0];
        args[0] = args[1], args[1] = t;
    }
    IrInstr *c = ir_emit_like(x->m, x->out, in, in->res ? ty_array(in->res->type->dtype, R + 1) : NULL, args);
    if (in->op == IR_MATMUL) c->ival = MM_MATMUL;
    if (in->op == IR_TRANSPOSE) {
        for (int j = c->ndim; j > 0; j--) c->perm[j] = in->perm[j - 1] + 1;
        c->perm[0] = 0;
        c->ndim++;
    } else if (in->op == IR_REDUCE) {
        int ra = in->args[0]->type->ndim;
        if (in->naxes == 0) {
            c->naxes = ra;
            for (int j = 0; j < ra; j++) c->axes[j] = j + 1;
        } else {
            for (int j = 0; j < in->naxes; j++) c->axes[j] = in->axes[j] + 1;
        }
    }
    if (in->res) x->to[k] = c->res;
}

/* One mapped piece: the body over the cnt iterations from `start` (when cnt > 0, which
 * `tested` says the caller knows). */
static void emit_piece(Map *x, IrValue *start, IrValue *cnt, bool tested)
{
    IrBlock *outer = x->out;
    if (!tested) {
        IrValue *any = bop(x, IR_GT, cnt, cint(x, 0));
        IrInstr *iff = ir_emit(x->m, outer, IR_IF, x->sp, NULL, 1, &any);
        iff->blocks[0] = ir_block_new(x->m, iff);
        iff->blocks[1] = ir_block_new(x->m, iff);
        x->out = iff->blocks[0];
    }
    IrValue *first = start; /* the iteration of the first row */
    if (x->dir < 0) first = iop(x, IR_ADD, start, iopk(x, IR_MUL, iopk(x, IR_SUB, cnt, 1), x->step));
    for (int k = 0; k < x->body->instrs.n; k++) emit_instr(x, VEC_AT(x->body->instrs, k), k, first, cnt);
    x->out = outer;
}

/* A view of v: v[lo:hi] on its first axis, or v[...] (lo NULL). */
static IrValue *view_of(Map *x, IrValue *v, IrValue *lo, IrValue *hi)
{
    IrValue *args[4] = { v, lo, hi, lo ? cnone(x) : NULL };
    IrInstr *in = ir_emit(x->m, x->out, IR_INDEX, x->sp, v->type, lo ? 4 : 1, args);
    in->nidx = 1;
    in->idx[0] = lo ? IDX_SLICE : IDX_ELLIPSIS;
    return in->res;
}

/* The split loop in two pieces over snapshots (snap_ok): copies of the split array's row-k
 * reads and of its own-row reads over all n iterations from start (other than the stored
 * view), made before the pieces; the first piece, [start, q), reads the copies (the row-k
 * reads as they were before the loop, each iteration's own row as it was before its store);
 * the second, [q, stop), reads row k itself, as iteration q - 1 left it, and its slice of the
 * own-row copies.  A row-k read batched by another axis (row_k_batched) is copied for the
 * first piece and read from the array by the second.  The pieces read the copies through views, so fuse.c does not make them
 * prologues of the pieces (which would read the array while the pieces write it). */
/* The copies of emit_snapshots and emit_fused, one after another (hfuse.c: one launch) in
 * src (per body instruction: a row-k read, per iteration; an own-row read other than the
 * stored view, over the n iterations from start). */
static void copies(Map *x, IrValue *start, IrValue *n, IrValue **src)
{
    IrBlock *b = x->body;
    for (int k = 0; k < b->instrs.n; k++) { /* the views to copy */
        IrInstr *in = VEC_AT(b->instrs, k);
        if (in->op != IR_INDEX || !is_root(x, in->args[0]) || in->args[0]->def->var != root_var(x->snap_w)) continue;
        if (x->info[k].cls == C_INV)
            src[k] = clone(x, in)->res; /* a row-k read */
        else if (x->info[k].cls == C_BAT && (row_k_batched(x, in, k) || !same_view(x, in, x->snap_w->index)))
            src[k] = batch_index(x, in, start, n); /* a batched row-k read, or an own-row read */
    }
    for (int k = 0; k < b->instrs.n; k++)
        if (src[k]) src[k] = ir_emit(x->m, x->out, IR_COPY, x->sp, src[k]->type, 1, &src[k])->res;
}

static void emit_snapshots(Map *x, IrValue *start, IrValue *n, IrValue *q, IrValue *stop)
{
    IrBlock *b = x->body;
    IrValue **src = xcalloc((size_t)b->instrs.n + 1, sizeof *src);
    IrValue **first = xcalloc((size_t)b->instrs.n + 1, sizeof *first);
    IrValue **second = xcalloc((size_t)b->instrs.n + 1, sizeof *second);
    copies(x, start, n, src);
    IrValue *m = iop(x, IR_SUB, q, start);
    for (int k = 0; k < b->instrs.n; k++) {
        if (!src[k]) continue;
        if (x->info[k].cls == C_INV) {
            first[k] = view_of(x, src[k], NULL, NULL);
        } else {
            first[k] = view_of(x, src[k], cint(x, 0), m);
            /* the second piece reads row k as iteration q - 1 left it: the array itself */
            if (!row_k_batched(x, VEC_AT(b->instrs, k), k)) second[k] = view_of(x, src[k], m, n);
        }
    }
    x->over = first;
    emit_piece(x, start, m, false);
    x->over = second;
    emit_piece(x, q, iop(x, IR_SUB, stop, q), false);
    x->over = NULL;
    free(src);
    free(first);
    free(second);
}

/* An elementwise array op of result dtype dt and ndim nd over args, computed in cd. */
static IrValue *ew_op(Map *x, IrOp op, DType dt, DType cd, int nd, int nargs, IrValue **args)
{
    IrInstr *in = ir_emit(x->m, x->out, op, x->sp, ty_array(dt, nd), nargs, args);
    in->cdtype = cd;
    if (op == IR_CAST) in->dtype = dt;
    return in->res;
}

/* The split loop as one piece over the copies (fused_ok): the copies and the iterations'
 * values (one bundle), then the value iteration p (unclamped: praw) stores into row k,
 * computed as the body at p over the copies (its own row is row k: a row-k read's copy for
 * the stored view, its slice of an own-row copy for the others), cast to the array's dtype;
 * then the body over all n iterations from start, each row-k read the select
 * `where(i > p and p >= start, new, copy)` and each own-row read its copy. */
static void emit_fused(Map *x, IrValue *start, IrValue *n, IrValue *stop, IrValue *praw)
{
    IrBlock *b = x->body;
    int nb = b->instrs.n, at = -1;
    IrValue **src = xcalloc((size_t)nb + 1, sizeof *src), **over = xcalloc((size_t)nb + 1, sizeof *over);
    copies(x, start, n, src);
    Info unit = { .cls = C_AFF, .c = 1 };
    IrValue *iv = values(x, &unit, start, n);
    IrValue *pc = iop(x, IR_MINIMUM, iop(x, IR_MAXIMUM, praw, start), iopk(x, IR_SUB, stop, 1));
    IrValue *row0 = NULL;
    for (int k = 0; k < nb; k++) {
        if (!src[k]) continue;
        over[k] = view_of(x, src[k], NULL, NULL);
        if (x->info[k].cls == C_INV && !row0) row0 = over[k];
    }
    /* the body at iteration p over the copies */
    IrValue **save = x->to, **t = xcalloc((size_t)nb + 1, sizeof *t);
    memcpy(t, save, ((size_t)nb + 1) * sizeof *t);
    x->to = t;
    for (int k = 0; k < nb; k++) {
        IrInstr *in = VEC_AT(b->instrs, k);
        if (in->op == IR_STORE_INTO) {
            at = k;
            break;
        }
        if (x->info[k].cls == C_PRE) continue;
        if (in->op == IR_LOAD && in->var == x->loop->var) {
            t[k] = pc;
        } else if (in->op == IR_INDEX && is_root(x, in->args[0]) && in->args[0]->def->var == root_var(x->snap_w)) {
            if (x->info[k].cls == C_INV) {
                t[k] = over[k];
            } else if (!src[k]) {
                t[k] = row0; /* the stored view of row k */
            } else { /* its slice of an own-row copy */
                IrValue *args[2] = { src[k], iop(x, IR_SUB, pc, start) };
                IrInstr *v = ir_emit(x->m, x->out, IR_INDEX, x->sp, ty_array(src[k]->type->dtype, src[k]->type->ndim - 1),
                                     2, args);
                v->nidx = 1;
                v->idx[0] = IDX_INT;
                t[k] = v->res;
            }
        } else {
            clone(x, in);
        }
    }
    const IrInstr *st = VEC_AT(b->instrs, at);
    IrValue *nv = to(x, st->args[1]);
    x->to = save;
    free(t);
    DType dt = st->args[0]->type->dtype;
    int rn = row0->type->ndim;
    if (nv->type->dtype != dt) nv = ew_op(x, IR_CAST, dt, nv->type->dtype, nv->type->ndim, 1, &nv);
    IrValue *later = ew_op(x, IR_GT, DT_BOOL, DT_INT64, rn + 1, 2, (IrValue *[]){ lift(x, iv, 0, rn), praw });
    IrValue *in_range = bop(x, IR_GE, praw, start);
    IrValue *sel = ew_op(x, IR_LOGICAL_AND, DT_BOOL, DT_BOOL, rn + 1, 2, (IrValue *[]){ later, in_range });
    for (int k = 0; k < nb; k++) {
        if (!src[k] || x->info[k].cls != C_INV) continue;
        over[k] = ew_op(x, IR_WHERE, dt, dt, rn + 1, 3, (IrValue *[]){ sel, nv, over[k] });
        x->info[k].cls = C_BAT; /* one value per iteration now */
        x->info[k].rank = rn;
    }
    x->over = over;
    emit_piece(x, start, n, true);
    x->over = NULL;
    free(src);
    free(over);
}

/* The test in front of the mapped code: n > 0, every batched index of the first and the last
 * iteration in range, no written array overlapping another array the body reads, and the row
 * a split loop reads not negative. */
static IrValue *emit_test(Map *x, IrValue *n, IrValue *last)
{
    IrValue *start = x->loop->args[0];
    IrValue *ok = bop(x, IR_GT, n, cint(x, 0));
    for (int i = 0; i < x->accs.n; i++) {
        const Acc *a = VEC_AT(x->accs, i);
        bool seen = false; /* one test per variable, axis and index */
        for (int j = 0; j < i && !seen; j++) {
            const Acc *b = VEC_AT(x->accs, j);
            seen = b->axis == a->axis && root_var(b) == root_var(a) && a->axis >= 0 && same_aff(a->aff, b->aff) &&
                   !a->stop && !b->stop;
        }
        if (a->axis >= 0 && a->stop) { /* a window: 0 <= its start, start <= stop <= extent */
            IrValue *root = to(x, (IrValue *)a->root);
            IrInstr *d = ir_emit(x->m, x->out, IR_SHAPE_DIM, x->sp, ty_int(), 1, &root);
            d->ival = a->axis;
            IrValue *p = aff_at(x, a->aff, start), *q = aff_at(x, a->aff, last);
            IrValue *pe = aff_at(x, a->stop, start), *qe = aff_at(x, a->stop, last);
            ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_GE, iop(x, IR_MINIMUM, p, q), cint(x, 0)));
            ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_LE, iop(x, IR_MAXIMUM, pe, qe), d->res));
            ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_LE, p, pe));
        } else if (a->axis >= 0 && !seen) {
            IrValue *root = to(x, (IrValue *)a->root);
            IrInstr *d = ir_emit(x->m, x->out, IR_SHAPE_DIM, x->sp, ty_int(), 1, &root);
            d->ival = a->axis;
            IrValue *p = aff_at(x, a->aff, start), *q = aff_at(x, a->aff, last);
            IrValue *lo = iop(x, IR_MINIMUM, p, q), *hi = iop(x, IR_MAXIMUM, p, q);
            ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_GE, lo, cint(x, 0)));
            ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_LT, hi, d->res));
        }
        if (!a->write) continue;
        for (int j = 0; j < x->accs.n; j++) { /* one check per pair of variables */
            const Acc *b = VEC_AT(x->accs, j);
            bool dup = root_var(b) == root_var(a);
            for (int k = 0; k < j && !dup; k++) dup = root_var(VEC_AT(x->accs, k)) == root_var(b);
            if (dup) continue;
            IrValue *pair[2] = { to(x, (IrValue *)a->root), to(x, (IrValue *)b->root) };
            IrValue *ov = emit(x, IR_MAY_OVERLAP, ty_bool(), 2, pair);
            ok = bop(x, IR_LOGICAL_AND, ok, emit(x, IR_LOGICAL_NOT, ty_bool(), 1, &ov));
        }
    }
    if (x->split) /* a negative row counts from the end: not the iteration k - d */
        ok = bop(x, IR_LOGICAL_AND, ok, bop(x, IR_GE, to(x, (IrValue *)x->split_k), cint(x, 0)));
    return ok;
}

/* Replaces the loop at position pos of b by the test, the mapped pieces and the loop as
 * written in the else branch. */
static void rewrite(Map *x, IrBlock *b, int pos)
{
    IrBlock seq = { 0 };
    x->out = &seq;
    x->sp = x->loop->span;
    x->to = xcalloc((size_t)x->body->instrs.n + 1, sizeof *x->to);
    for (int k = 0; k < x->body->instrs.n; k++) { /* the invariants the test needs */
        IrInstr *in = VEC_AT(x->body->instrs, k);
        if (x->info[k].cls == C_PRE) clone(x, in);
    }
    IrValue *start = x->loop->args[0], *stop = x->loop->args[1];
    IrValue *n = trip_count(x, start, stop);
    IrValue *last = iop(x, IR_ADD, start, iopk(x, IR_MUL, iopk(x, IR_SUB, n, 1), x->step));
    IrValue *ok = emit_test(x, n, last);
    IrInstr *iff = ir_emit(x->m, x->out, IR_IF, x->sp, NULL, 1, &ok);
    iff->blocks[0] = ir_block_new(x->m, iff);
    iff->blocks[1] = ir_block_new(x->m, iff);
    x->out = iff->blocks[0];
    if (x->split) { /* [start, p), [p, q), [q, stop) with p the row's iteration, clamped */
        IrValue *p = iopk(x, IR_SUB, to(x, (IrValue *)x->split_k), x->split->dk);
        if (x->split->d) p = iop(x, IR_SUB, p, to(x, (IrValue *)x->split->d));
        p = iop(x, IR_MINIMUM, iop(x, IR_MAXIMUM, p, start), stop);
        IrValue *q = iop(x, IR_MINIMUM, iopk(x, IR_ADD, p, 1), stop);
        if (x->fused) {
            IrValue *praw = iopk(x, IR_SUB, to(x, (IrValue *)x->split_k), x->split->dk);
            if (x->split->d) praw = iop(x, IR_SUB, praw, to(x, (IrValue *)x->split->d));
            emit_fused(x, start, n, stop, praw);
            goto done;
        }
        if (x->snap) {
            emit_snapshots(x, start, n, q, stop);
            goto done;
        }
        emit_piece(x, start, iop(x, IR_SUB, p, start), false);
        emit_piece(x, p, iop(x, IR_SUB, q, p), false);
        emit_piece(x, q, iop(x, IR_SUB, stop, q), false);
    } else {
        emit_piece(x, start, n, true);
    }
done:;
    IrInstr *st = ir_emit(x->m, x->out, IR_STORE, x->sp, NULL, 1, &last);
    st->var = x->loop->var;
    vec_push(&iff->blocks[1]->instrs, x->loop);
    x->loop->parent = iff->blocks[1];
    ir_splice(b, pos, &seq.instrs);
    vec_free(&seq.instrs);
}

/* Does the loop's body store into an array and read the loop variable (a candidate)? */
static bool candidate(const IrInstr *loop)
{
    bool store = false, var = false;
    const IrBlock *b = loop->blocks[0];
    for (int k = 0; b && k < b->instrs.n; k++) {
        const IrInstr *in = VEC_AT(b->instrs, k);
        store |= in->op == IR_STORE_INTO || in->op == IR_ADV_STORE;
        var |= in->op == IR_LOAD && in->var == loop->var;
    }
    return store && var && loop->var;
}

static void record(IrModule *m, const IrInstr *loop, const char *why, bool split, bool snap, bool fused)
{
    LoopMap *r = ar_alloc(m->arena, sizeof *r);
    r->span = loop->span;
    r->why = why ? ar_printf(m->arena, "%s", why) : NULL;
    r->split = split;
    r->snap = snap;
    r->fused = fused;
    vec_push(&m->loopmaps, r);
    if (why)
        diag_remark(loop->span, "this loop runs iteration by iteration: %s", why);
    else if (fused)
        diag_remark(loop->span,
                    "this loop runs as one operation over copies of the row they all read and of what "
                    "the one that writes it overwrites: the iterations after it read the value it stores");
    else if (snap)
        diag_remark(loop->span,
                    "this loop runs as two operations: the iterations up to the one that writes the row "
                    "they all read, reading copies of what that iteration overwrites, and the iterations "
                    "after it");
    else if (split)
        diag_remark(loop->span,
                    "this loop runs as three operations: the iterations before the one that writes the "
                    "row they all read, that one, and the iterations after it");
    else
        diag_remark(loop->span, "this loop's iterations are independent: they run as one operation");
}

/* Is this loop the fallback of an earlier rewrite (triprod.c keeps the loop as written behind
 * its test)?  By instruction, not by span: a function compiled for two argument types has the
 * loop twice. */
static bool reported(const IrModule *m, const IrInstr *loop)
{
    for (int i = 0; i < m->loopmaps.n; i++)
        if (((const LoopMap *)VEC_AT(m->loopmaps, i))->fallback == loop) return true;
    return false;
}

static void loopmap_block(IrModule *m, IrBlock *b)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        loopmap_block(m, in->blocks[0]);
        loopmap_block(m, in->blocks[1]);
        if (in->op != IR_FOR_RANGE || !candidate(in) || reported(m, in)) continue;
        Map x = { .m = m, .loop = in, .body = in->blocks[0] };
        bool ok = analyse(&x);
        record(m, in, ok ? NULL : x.why, ok && x.split, ok && x.snap, ok && x.fused);
        if (ok) {
            rewrite(&x, b, i);
            i = ir_index_in_block(b, in->parent->owner);
        }
        for (int k = 0; k < x.accs.n; k++) free(VEC_AT(x.accs, k));
        vec_free(&x.accs);
        free(x.info);
        free(x.to);
    }
}

void loopmap_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) loopmap_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
