/*
 * siblings.c — sibling reductions over the same rows run as one multi-output kernel (-O2).
 *
 * After unrolling (unroll.c) k-means' cluster loop is 16 copies of
 *     cnt_k = sum(cast(labels == k))                   a full reduction over N rows
 *     s_k = sum(where(labels' == k, X, 0), axis=0)     N x 2 → 2 column sums
 *     newC[k] = where(cnt_k > 0, s_k / max(cnt_k, 1), C[k])
 * and 32 reduction kernels each read `labels` (and X) again.  They all walk the same N rows,
 * and each has a tiny output, so one kernel can walk the rows once and keep every sum in
 * registers: each thread holds one accumulator per full reduction and one per column of each
 * axis-0 reduction, the block combines them, and a second small kernel combines the blocks.
 *
 * A member is a KG_REDUCE group (not in a row chain) whose instructions are elementwise ops
 * and one plain reduction (sum, prod, max, min, any, all, mean, nanmax, nanmin; no index
 * reduction; an accumulator of at most 8 bytes) of a 1-d or 2-d input over all axes or over
 * axis 0: row i, column o of the input is element (i, o); a 1-d input has one column.  A set
 * is members of one block that share a row array (the root of an input of the member's rank,
 * through views), grown from its first member while the instructions in between allow it.
 *
 * The set launches at its last member's last instruction P.  Every other member must then
 * still compute the same values at P, and nothing may read a member's result before P.  The
 * pass reorders the window [first member .. P]: S = the members' instructions and what they
 * need from the window (views, loads, constants, kernels without stores), in order, then
 * T = the rest, in order.  T's instructions must be kernel instructions, views, constants,
 * loads, stores, host scalar arithmetic, shapes or tuples (no print, call, sync, control
 * flow: the scan stops there), and moving S before them must not change what S reads: no
 * store of a variable that S loads, no STORE_INTO into memory an S kernel reads (roots of
 * views compared: two arrays made by kernels never alias, nor does one made by a kernel with
 * an array that existed before it was made, or with a variable's value when the array was
 * never stored to that variable), no result of one member used by another.
 *
 * Whether the one kernel runs is decided at run time (codegen/kernels/siblings.c, cg_siblings_launch):
 * every member has the same number of rows N > 0 and 1..SIB_MAX_COLS columns; otherwise the
 * members launch one by one, as they would have.  Members stay groups for that fallback.
 * Invariants: a group belongs to at most one set; members are listed in launch order; every
 * member's instructions precede set->last in the block.
 */
#include "compiler/compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MAX_WINDOW: the most instructions from the first member to the last (a bound on the scan
 * from each first member, so that the pass stays linear in the block's length). */
enum { MAX_MEMBERS = 64, MAX_SLOTS = 160, MAX_WINDOW = 512 };

/* ---------------------------------------------------------------- members */

static bool is_array(const IrValue *v) { return v && v->type && v->type->kind == TY_ARRAY; }

static IrInstr *group_reduce(const KernelGroup *g)
{
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_REDUCE) return in;
    }
    return NULL;
}

/* The accumulator size of reduction r in bytes (codegen's acc_dtype). */
static int acc_size(const IrInstr *r)
{
    if (r->redop == RED_ANY || r->redop == RED_ALL) return 1;
    DType d = r->res->type->dtype;
    if (d == DT_FLOAT16) return 4;
    if (r->redop == RED_MEAN && !dt_is_float(d) && !dt_is_complex(d)) return 8;
    return dt_size(d);
}

static bool siblings_member_ok(const KernelGroup *g)
{
    if (g->kind != KG_REDUCE || g->chain || g->recur || g->siblings || g->outputs.n != 1) return false;
    IrInstr *r = group_reduce(g);
    if (!r || r != g->last || VEC_AT(g->outputs, 0) != r->res || RED_IS_ARG(r->redop) || r->redop == RED_USER)
        return false;
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in != r && !(ir_op_is_ewise(in->op) || in->op == IR_COPY)) return false;
    }
    int d = r->args[0]->type->ndim;
    if (d < 1 || d > 2 || acc_size(r) > 8 || dt_is_complex(r->res->type->dtype)) return false;
    if (r->naxes == 0) return true;
    return r->naxes == 1 && r->axes[0] == 0;
}

/* Adds to `rows` the roots of g's array inputs of the reduction's rank (the row arrays). */
static void row_roots(const KernelGroup *g, Vec *rows)
{
    int d = group_reduce(g)->args[0]->type->ndim;
    for (int i = 0; i < g->inputs.n; i++) {
        const IrValue *v = VEC_AT(g->inputs, i);
        if (is_array(v) && v->type->ndim == d) vec_push(rows, (void *)ir_view_root(v));
    }
}

static bool shares_rows(const KernelGroup *g, const Vec *rows)
{
    Vec mine = {0};
    row_roots(g, &mine);
    bool hit = false;
    for (int i = 0; i < mine.n && !hit; i++)
        for (int k = 0; k < rows->n && !hit; k++) hit = VEC_AT(mine, i) == VEC_AT(*rows, k);
    vec_free(&mine);
    return hit;
}

static int member_slots(const KernelGroup *g)
{
    const IrInstr *r = group_reduce(g);
    return r->naxes == 1 && r->args[0]->type->ndim == 2 ? SIB_MAX_COLS : 1;
}

/* ---------------------------------------------------------------- the window */

/* May the set's window hold `in`? */
static bool window_ok(const IrInstr *in)
{
    if (in->blocks[0] || in->blocks[1]) return false;
    if (in->group) return !in->group->chain && !in->group->recur;
    if ((ir_op_flags(in->op) & (OPF_CONST | OPF_META | OPF_VIEW)) || ir_op_is_ewise(in->op)) return true;
    return in->op == IR_LOAD || in->op == IR_STORE;
}

typedef struct Window {
    const IrModule *m;
    IrBlock *b;
    int lo, hi;          /* positions [lo, hi] */
    bool *in_s;          /* per position - lo: in S */
    unsigned has_store;  /* the stamp of the groups that hold a STORE_INTO (siblings_module) */
    unsigned *loaded;    /* per variable id: == a window_legal's stamp when S loads it later */
} Window;

static bool in_members(const Vec *members, const KernelGroup *g)
{
    for (int i = 0; i < members->n; i++)
        if (VEC_AT(*members, i) == g) return true;
    return false;
}

/* The index in g->instrs (program order) of g's first instruction at position lo of b or
 * later: a binary search, so that a long kernel crossing the window costs its part inside. */
static int first_at(const IrBlock *b, const KernelGroup *g, int lo)
{
    int a = 0, z = g->instrs.n;
    while (a < z) {
        int mid = a + (z - a) / 2;
        if (ir_index_in_block(b, VEC_AT(g->instrs, mid)) < lo) a = mid + 1;
        else z = mid;
    }
    return a;
}

/* Puts instruction at position p into S with what it needs from the window; false when that
 * needs another member's result or a kernel that writes memory. */
static bool need(Window *w, const Vec *members, const KernelGroup *self, int p)
{
    if (p < w->lo || p > w->hi) return true;
    IrInstr *in = VEC_AT(w->b->instrs, p);
    if (in->group && in->group != self && in_members(members, in->group)) return false;
    if (w->in_s[p - w->lo]) return true;
    if (in->op == IR_STORE_INTO || in->op == IR_STORE) return false;
    w->in_s[p - w->lo] = true;
    if (in->group && in->group != self) {   /* a whole other kernel moves, or nothing */
        KernelGroup *g = in->group;
        if (g->stamp == w->has_store) return false;
        for (int i = first_at(w->b, g, w->lo); i < g->instrs.n; i++) {
            int at = ir_index_in_block(w->b, VEC_AT(g->instrs, i));
            if (at > w->hi) break;
            if (!need(w, members, self, at)) return false;
        }
    }
    for (int j = 0; j < in->nargs; j++) {
        const IrValue *a = in->args[j];
        if (!a || !a->def || a->def->parent != w->b) continue;
        if (!need(w, members, in->group ? in->group : self, ir_index_in_block(w->b, a->def))) return false;
    }
    return true;
}

/* Would moving S (computed for `members`, the last one launched at position hi) before the
 * rest of the window keep the program's meaning?  Fills w->in_s. */
static bool window_legal(Window *w, const Vec *members)
{
    memset(w->in_s, 0, (size_t)(w->hi - w->lo + 1) * sizeof *w->in_s);
    for (int k = 0; k < members->n; k++) {
        const KernelGroup *g = VEC_AT(*members, k);
        for (int i = 0; i < g->instrs.n; i++) {
            int p = ir_index_in_block(w->b, VEC_AT(g->instrs, i));
            if (p < w->lo || p > w->hi || !need(w, members, g, p)) return false;
        }
    }
    /* each T instruction against the S instructions after it: walked backwards, with the
     * variables S loads after it stamped */
    unsigned later = ir_stamp(w->m);
    for (int t = w->hi; t >= w->lo; t--) {
        const IrInstr *ti = VEC_AT(w->b->instrs, t);
        if (w->in_s[t - w->lo]) {
            if (ti->op == IR_LOAD) w->loaded[ti->var->id] = later;
            continue;
        }
        const KernelGroup *g = ti->group;
        if (g && VEC_AT(g->instrs, first_at(w->b, g, w->lo)) == ti) {
            /* a kernel computes at its launch: it stays after S only if all of it does */
            for (int i = first_at(w->b, g, w->lo); i < g->instrs.n; i++) {
                int p = ir_index_in_block(w->b, VEC_AT(g->instrs, i));
                if (p > w->hi) break;
                if (w->in_s[p - w->lo]) return false;
            }
        }
        if (ti->op == IR_STORE && w->loaded[ti->var->id] == later) return false;
        if (ti->op != IR_STORE_INTO) continue;
        for (int s = t + 1; s <= w->hi; s++) {
            if (!w->in_s[s - w->lo]) continue;
            const IrInstr *si = VEC_AT(w->b->instrs, s);
            if (si->group)
                for (int j = 0; j < si->nargs; j++)
                    if (is_array(si->args[j]) && ir_may_alias(ti->args[0], si->args[j])) return false;
        }
    }
    return true;
}

/* Reorders the window: S, then T, each in program order. */
static void window_apply(Window *w)
{
    int n = w->hi - w->lo + 1, k = 0;
    IrInstr **tmp = xcalloc(n, sizeof *tmp);
    for (int i = 0; i < n; i++)
        if (w->in_s[i]) tmp[k++] = VEC_AT(w->b->instrs, w->lo + i);
    for (int i = 0; i < n; i++)
        if (!w->in_s[i]) tmp[k++] = VEC_AT(w->b->instrs, w->lo + i);
    for (int i = 0; i < n; i++) {
        w->b->instrs.v[w->lo + i] = tmp[i];
        tmp[i]->pos = w->lo + i;   /* ir_index_in_block's cache stays right */
    }
    free(tmp);
}

static int first_pos(const IrBlock *b, const KernelGroup *g)
{
    int lo = -1;
    for (int i = 0; i < g->instrs.n; i++) {
        int p = ir_index_in_block(b, VEC_AT(g->instrs, i));
        if (p >= 0 && (lo < 0 || p < lo)) lo = p;
    }
    return lo;
}

/* ---------------------------------------------------------------- sets */

/* Grows a set from member g1 (its launch at position pos of b); records it with 2+ members. */
static void try_set(IrModule *m, const Window *pass, IrBlock *b, int pos, KernelGroup *g1)
{
    Vec members = {0}, rows = {0};
    vec_push(&members, g1);
    row_roots(g1, &rows);
    int slots = member_slots(g1);
    Window w = *pass;
    w.b = b;
    w.lo = first_pos(b, g1);
    if (w.lo < 0) {
        vec_free(&members);
        vec_free(&rows);
        return;
    }
    int end = pos;
    for (int i = pos + 1; i < b->instrs.n && members.n < MAX_MEMBERS && i - w.lo < MAX_WINDOW; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (!window_ok(in)) break;
        KernelGroup *h = in->group;
        if (!h || h->last != in || !siblings_member_ok(h) || slots + member_slots(h) > MAX_SLOTS ||
            !shares_rows(h, &rows) || first_pos(b, h) < w.lo)
            continue;
        vec_push(&members, h);
        w.hi = i;
        w.in_s = xcalloc(w.hi - w.lo + 1, sizeof *w.in_s);
        bool ok = window_legal(&w, &members);
        free(w.in_s);
        w.in_s = NULL;
        if (!ok) {
            members.n--;
            continue;
        }
        row_roots(h, &rows);
        slots += member_slots(h);
        end = i;
    }
    if (members.n >= 2) {
        w.hi = end;
        w.in_s = xcalloc(w.hi - w.lo + 1, sizeof *w.in_s);
        bool ok = window_legal(&w, &members);
        GPYC_ASSERT(ok);
        window_apply(&w);
        free(w.in_s);
        KernelGroup *last = VEC_AT(members, members.n - 1);
        Siblings *s = ar_alloc(m->arena, sizeof *s);
        memset(s, 0, sizeof *s);
        s->id = m->siblings.n;
        s->members = members;
        s->last = last->last;
        for (int k = 0; k < members.n; k++) ((KernelGroup *)VEC_AT(members, k))->siblings = s;
        char buf[64];
        snprintf(buf, sizeof buf, "s%d_rows_%s", s->id, g1->name);
        s->name = ar_strdup(m->arena, buf);
        vec_push(&m->siblings, s);
    } else {
        vec_free(&members);
    }
    vec_free(&rows);
}

static void siblings_block(IrModule *m, const Window *pass, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        KernelGroup *g = in->group;
        if (g && g->last == in && siblings_member_ok(g)) {
            try_set(m, pass, b, i, g);
            if (g->siblings) i = ir_index_in_block(b, g->siblings->last);
        }
    }
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        siblings_block(m, pass, in->blocks[0]);
        siblings_block(m, pass, in->blocks[1]);
    }
}

void siblings_module(IrModule *m)
{
    Window pass = {.m = m, .has_store = ir_stamp(m), .loaded = xcalloc(m->next_var_id + 1, sizeof *pass.loaded)};
    for (int i = 0; i < m->groups.n; i++) {
        KernelGroup *g = VEC_AT(m->groups, i);
        for (int k = 0; k < g->instrs.n; k++)
            if (((IrInstr *)VEC_AT(g->instrs, k))->op == IR_STORE_INTO) g->stamp = pass.has_store;
    }
    for (int i = 0; i < m->funcs.n; i++) siblings_block(m, &pass, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    free(pass.loaded);
}
