/*
 * group.c — puts every kernel instruction on arrays into a kernel group of its own.
 *
 * A kernel instruction (ir_is_kernel_instr) is an elementwise op with an array result, a
 * creation op (FULL, ARANGE, LINSPACE, EYE), COPY, STORE_INTO or REDUCE.  Elementwise ops on
 * Python scalars stay host code and get no group.  Groups are numbered in program order
 * (functions in m->funcs order, blocks depth first), so names are stable: k<id>_<ops>.
 *
 * Invariants after group_module: every kernel instruction has in->group set, and its group
 * lists it; a group's fields other than instrs are derived by group_finish, which a fusion
 * pass calls again after merging groups (codegen handles groups of many instructions).
 */
#include "compiler/compiler.h"

#include <string.h>

/* True when v is defined by an instruction of g. */
static bool defined_in(const IrValue *v, const KernelGroup *g)
{
    return v && v->def && v->def->group == g;
}

/* Appends v to vec unless it carries `stamp` (it is there already), and stamps it. */
static void push_unique(Vec *vec, IrValue *v, unsigned stamp)
{
    if (v->stamp == stamp) return;
    v->stamp = stamp;
    vec_push(vec, v);
}

/* The name of an instruction inside a group's name: "add", "sum", "full". */
static const char *instr_label(const IrInstr *in)
{
    if (in->uk) return in->uk->k->name; /* a user kernel (IR_UKERNEL, a ReductionKernel's IR_REDUCE) */
    return in->op == IR_REDUCE ? ir_redop_name(in->redop) : ir_op_name(in->op);
}

/* Adds label l to g's name labels unless there, up to four. */
static void add_label(KernelGroup *g, const char *l)
{
    if (g->nlabels == 4) return;
    for (int k = 0; k < g->nlabels; k++)
        if (g->labels[k] == l || strcmp(g->labels[k], l) == 0) return;
    g->labels[g->nlabels++] = l;
}

/* k<id>_<op>_<op>...: the distinct ops in order, at most four */
static void set_name(IrModule *m, KernelGroup *g)
{
    StrBuf sb = {0};
    sb_printf(&sb, "k%d", g->id);
    for (int k = 0; k < g->nlabels; k++) sb_printf(&sb, "_%s", g->labels[k]);
    g->name = ar_strdup(m->arena, sb.s);
    sb_free(&sb);
}

/* Takes instruction `in`, the next in program order, into g's kind, lines, last and labels. */
static void note_instr(KernelGroup *g, IrInstr *in)
{
    in->group = g;
    if (in->op == IR_REDUCE) g->kind = KG_REDUCE;
    bool ewise = ir_op_is_ewise(in->op) || in->op == IR_COPY || (in->op == IR_UKERNEL && !in->uk->k->indexed);
    if (!ewise) g->ewise_only = false;
    int line = (int)in->span.line;
    if (g->line_lo == 0 || line < g->line_lo) g->line_lo = line;
    if (line > g->line_hi) g->line_hi = line;
    g->last = in;
    add_label(g, instr_label(in));
}

/* Counts, in the `count` scratch under a fresh stamp (returned), the uses of each value by
 * the instructions of `instrs`. */
static unsigned count_uses(IrModule *m, const Vec *instrs)
{
    unsigned counted = ir_stamp(m);
    for (int i = 0; i < instrs->n; i++) {
        IrInstr *user = VEC_AT(*instrs, i);
        for (int j = 0; j < user->nargs; j++) {
            IrValue *a = user->args[j];
            if (!a) continue;
            if (a->stamp != counted) a->stamp = counted, a->count = 0;
            a->count++;
        }
    }
    return counted;
}

/* Pushes the results of `instrs` used outside the group (more uses than the group's own,
 * which `inner` gets from the counts under `counted`) or unused. */
static void push_result_outputs(KernelGroup *g, const Vec *instrs, unsigned counted, unsigned seen_out)
{
    for (int i = 0; i < instrs->n; i++) {
        IrInstr *in = VEC_AT(*instrs, i);
        if (!in->res) continue;
        in->res->inner = in->res->stamp == counted ? in->res->count : 0;
        if (in->res->nuses == 0 || in->res->nuses > in->res->inner) push_unique(&g->outputs, in->res, seen_out);
    }
}

static void push_store_outputs(KernelGroup *g, const Vec *instrs, unsigned seen_out)
{
    for (int i = 0; i < instrs->n; i++) {
        IrInstr *in = VEC_AT(*instrs, i);
        if (in->op == IR_STORE_INTO) push_unique(&g->outputs, in->args[0], seen_out);
    }
}

void group_finish(IrModule *m, KernelGroup *g)
{
    g->inputs.n = 0;
    g->outputs.n = 0;
    g->kind = KG_EWISE;
    g->line_lo = g->line_hi = 0;
    g->last = NULL;
    g->nlabels = 0;
    g->ewise_only = true;
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        in->group = g;
    }
    unsigned seen_in = ir_stamp(m);
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        note_instr(g, in);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] && !defined_in(in->args[j], g)) push_unique(&g->inputs, in->args[j], seen_in);
    }
    /* Outputs: results used outside the group or unused, then STORE_INTO destinations, which
     * the group writes. */
    unsigned counted = count_uses(m, &g->instrs);
    unsigned seen_out = ir_stamp(m);
    push_result_outputs(g, &g->instrs, counted, seen_out);
    push_store_outputs(g, &g->instrs, seen_out);
    set_name(m, g);
}

void group_append(IrModule *m, KernelGroup *g, KernelGroup *h)
{
    /* inputs: g's, then h's values defined outside both that g does not read (a value whose
     * uses are all in h is not read by g; else g's inputs say) */
    unsigned counted = count_uses(m, &h->instrs), seen_in = ir_stamp(m);
    int ng_inputs = g->inputs.n;
    for (int i = 0; i < h->instrs.n; i++) {
        IrInstr *in = VEC_AT(h->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            IrValue *a = in->args[j];
            if (!a || defined_in(a, g) || defined_in(a, h) || a->stamp == seen_in) continue;
            bool in_g = false;
            for (int k = 0; a->nuses != a->count && k < ng_inputs && !in_g; k++) in_g = VEC_AT(g->inputs, k) == a;
            a->stamp = seen_in;
            if (!in_g) vec_push(&g->inputs, a);
        }
    }
    /* outputs: g's results still used outside (h's uses are inner now; only the results g
     * lists can be used by h), then h's results and h's store destinations (g has none) */
    Vec old = g->outputs;
    g->outputs = (Vec){0};
    unsigned seen_out = ir_stamp(m);
    for (int i = 0; i < old.n; i++) {
        IrValue *r = VEC_AT(old, i);
        if (r->stamp == counted) r->inner += r->count;
        if (r->nuses == 0 || r->nuses > r->inner) push_unique(&g->outputs, r, seen_out);
    }
    vec_free(&old);
    push_result_outputs(g, &h->instrs, counted, seen_out);
    push_store_outputs(g, &h->instrs, seen_out);
    for (int i = 0; i < h->instrs.n; i++) {
        IrInstr *in = VEC_AT(h->instrs, i);
        vec_push(&g->instrs, in);
        note_instr(g, in);
    }
    g->id = h->id;
    set_name(m, g);
}

/* A group holding only `in`. */
static void group_one(IrModule *m, IrInstr *in)
{
    KernelGroup *g = ar_alloc(m->arena, sizeof *g);
    g->id = m->groups.n;
    vec_push(&g->instrs, in);
    vec_push(&m->groups, g);
    group_finish(m, g);
}

/* Output k > 0 of a user kernel's call (IR_UKERNEL, ival k) directly after output k - 1:
 * that output's group, so that one kernel computes every output of a call. */
static KernelGroup *call_group(const IrBlock *b, int i)
{
    const IrInstr *in = VEC_AT(b->instrs, i);
    if (in->op != IR_UKERNEL || in->ival == 0 || i == 0) return NULL;
    const IrInstr *prev = VEC_AT(b->instrs, i - 1);
    if (prev->op != IR_UKERNEL || prev->uk != in->uk || prev->ival != in->ival - 1) return NULL;
    return prev->group;
}

static void group_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        KernelGroup *cg = in->group ? NULL : call_group(b, i);
        if (cg) {
            vec_push(&cg->instrs, in);
            group_finish(m, cg);
        } else if (!in->group && ir_is_kernel_instr(in))
            group_one(m, in);
        if (in->dev) continue;  /* a device loop's body runs in its own kernel (devloop.c) */
        group_block(m, in->blocks[0]);
        group_block(m, in->blocks[1]);
    }
}

void group_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) {
        IrFunc *f = VEC_AT(m->funcs, i);
        group_block(m, f->body);
    }
}

bool kg_reads_value(const KernelGroup *g, const IrValue *v)
{
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        for (int j = in->op == IR_STORE_INTO ? 1 : 0; j < in->nargs; j++)
            if (in->args[j] == v) return true;
    }
    return false;
}
