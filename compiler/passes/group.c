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
    return in->op == IR_REDUCE ? ir_redop_name(in->redop) : ir_op_name(in->op);
}

void group_finish(IrModule *m, KernelGroup *g)
{
    g->inputs.n = 0;
    g->outputs.n = 0;
    g->kind = KG_EWISE;
    g->line_lo = g->line_hi = 0;
    g->last = NULL;
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        in->group = g;
    }
    unsigned seen_in = ir_stamp(m);
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_REDUCE) g->kind = KG_REDUCE;
        int line = (int)in->span.line;
        if (g->line_lo == 0 || line < g->line_lo) g->line_lo = line;
        if (line > g->line_hi) g->line_hi = line;
        g->last = in;
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j] && !defined_in(in->args[j], g)) push_unique(&g->inputs, in->args[j], seen_in);
    }
    /* Outputs: results used outside the group (more uses than the group's own, counted in
     * one walk) or unused; then STORE_INTO destinations, which the group writes. */
    unsigned counted = ir_stamp(m);
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *user = VEC_AT(g->instrs, i);
        for (int j = 0; j < user->nargs; j++) {
            IrValue *a = user->args[j];
            if (!a) continue;
            if (a->stamp != counted) a->stamp = counted, a->count = 0;
            a->count++;
        }
    }
    unsigned seen_out = ir_stamp(m);
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        if (!in->res) continue;
        int inner = in->res->stamp == counted ? in->res->count : 0;
        if (in->res->nuses == 0 || in->res->nuses > inner) push_unique(&g->outputs, in->res, seen_out);
    }
    for (int i = 0; i < g->instrs.n; i++) {
        IrInstr *in = VEC_AT(g->instrs, i);
        if (in->op == IR_STORE_INTO) push_unique(&g->outputs, in->args[0], seen_out);
    }

    /* k<id>_<op>_<op>...: the distinct ops in order, at most four */
    StrBuf sb = {0};
    sb_printf(&sb, "k%d", g->id);
    const char *seen[4];
    int nseen = 0;
    for (int i = 0; i < g->instrs.n && nseen < 4; i++) {
        const char *l = instr_label(VEC_AT(g->instrs, i));
        bool dup = false;
        for (int k = 0; k < nseen && !dup; k++) dup = seen[k] == l || strcmp(seen[k], l) == 0;
        if (dup) continue;
        seen[nseen++] = l;
        sb_printf(&sb, "_%s", l);
    }
    g->name = ar_strdup(m->arena, sb.s);
    sb_free(&sb);
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

static void group_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (!in->group && ir_is_kernel_instr(in)) group_one(m, in);
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
