/*
 * kernels.c — the entry points for one KernelGroup: the comment above its kernel, its kernel
 * (cg_kernel_def) and its launch (cg_kernel_launch), by kind; and the --emit=kernels list.
 *
 * The kernel families live beside it, one file each: ewise.c (elementwise, KG_EWISE),
 * reduce.c (reductions, KG_REDUCE), rows.c (row chains), siblings.c (sibling reductions),
 * bundles.c (horizontal bundles); common.c and kernels.h hold what they share.
 */
#include "codegen/kernels/kernels.h"

#include <stdlib.h>

/* ---------------------------------------------------------------- the comment above a kernel */

static const char *file_name(const IrModule *m, const KernelGroup *g)
{
    if (g->last && g->last->span.file && g->last->span.file->name) return g->last->span.file->name;
    if (m->main_file && m->main_file->name) return m->main_file->name;
    return "script.py";
}

/* "script.py:12" or "script.py:12-14" */
void cg_put_where(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    if (g->line_lo == g->line_hi) sb_printf(out, "%s:%d", file_name(m, g), g->line_lo);
    else sb_printf(out, "%s:%d-%d", file_name(m, g), g->line_lo, g->line_hi);
}

/* The start of source line n of the file of `near`, found from near's line and offset (a
 * kernel's lines are near its last instruction: the cost is those lines, not the file's);
 * from the file's start when near has no offset (a span made without one, as in unit tests). */
static const char *line_start(const Span *near, int n)
{
    const SrcFile *f = near->file;
    const char *p = f->text, *end = f->text + f->len;
    int l = 1;
    if (near->line > 0 && near->start > 0 && near->start <= f->len) {
        p = f->text + near->start;
        while (p > f->text && p[-1] != '\n') p--;
        for (l = (int)near->line; l > n && p > f->text; l--) /* back to the line before, then its start */
            for (p--; p > f->text && p[-1] != '\n'; p--) continue;
        if (l > n) p = f->text, l = 1;
    }
    for (; l < n && p < end; p++)
        if (*p == '\n') l++;
    return p;
}

/* The text of source line n of the file of `near` (trimmed, at most 90 bytes, "*" "/" broken
 * up). */
static void put_source_line(StrBuf *out, const Span *near, int n)
{
    const SrcFile *f = near->file;
    if (!f || !f->text || n <= 0) return;
    const char *p = line_start(near, n), *end = f->text + f->len;
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r') e++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t')) e--;
    int len = 0;
    for (const char *q = p; q < e && len < 90; q++, len++) {
        unsigned char c = (unsigned char)*q;
        if (c == '*' && q + 1 < e && q[1] == '/') {
            sb_puts(out, "* ");
            continue;
        }
        sb_putc(out, (c < 0x20 || c == 0x7f) ? ' ' : (char)c);
    }
    if (e - p > 90) sb_puts(out, " ...");
}

static void put_comment(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    sb_puts(out, "/* ");
    sb_puts(out, g->name);
    sb_puts(out, " — ");
    cg_put_where(out, m, g);
    sb_puts(out, "\n");
    const SrcFile *f = g->last ? g->last->span.file : NULL;
    if (f && g->line_hi - g->line_lo < 8) {
        for (int l = g->line_lo; l <= g->line_hi; l++) {
            sb_printf(out, " *   %4d | ", l);
            put_source_line(out, &g->last->span, l);
            sb_putc(out, '\n');
        }
    }
    sb_puts(out, " *   ops:");
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        sb_printf(out, "%s ", i ? "," : "");
        if (in->res) sb_printf(out, "v%d = ", in->res->id);
        if (in->op == IR_REDUCE) sb_printf(out, "%s", ir_redop_name(in->redop));
        else sb_puts(out, ir_op_name(in->op));
        if (in->op == IR_CAST) sb_printf(out, "<%s>", dt_name(in->dtype));
        sb_putc(out, '(');
        for (int j = 0; j < in->nargs; j++)
            sb_printf(out, "%sv%d", j ? ", " : "", in->args[j] ? in->args[j]->id : 0);
        sb_putc(out, ')');
    }
    sb_puts(out, "\n */\n");
}

void cg_kernel_def(StrBuf *out, const IrModule *m, const KernelGroup *g)
{
    put_comment(out, m, g);
    cg_emit_ukernel_scopes(out, g);
    if (g->kind == KG_REDUCE) cg_reduce_def(out, g);
    else cg_ewise_def(out, g);
}

void cg_kernel_launch(StrBuf *out, const IrModule *m, const KernelGroup *g, CgValueName name_of,
                      void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent};
    StrBuf where = {0};
    cg_put_where(&where, m, g);
    cg_line(out, indent, "{   /* %s  %s */", where.s, g->name);
    sb_free(&where);
    if (g->kind == KG_REDUCE) cg_reduce_launch(&L, g);
    else cg_ewise_launch(&L, g, NULL);
    cg_line(out, indent, "}");
}

/* One line per kernel; a row chain's members follow its kernel, marked as its fallback. */
/* The name of the file of span sp, as the kernel lines show it. */
static const char *span_file(const IrModule *m, Span sp)
{
    if (sp.file && sp.file->name) return sp.file->name;
    return m->main_file && m->main_file->name ? m->main_file->name : "script.py";
}

/* The kernels launched in b and the blocks nested in it, each name after a space. */
static void list_launches(FILE *out, const IrBlock *b)
{
    for (int k = 0; b && k < b->instrs.n; k++) {
        const IrInstr *bi = VEC_AT(b->instrs, k);
        if (bi->group && bi->group->last == bi) fprintf(out, " %s", bi->group->name);
        list_launches(out, bi->blocks[0]);
        list_launches(out, bi->blocks[1]);
    }
}

/* The loops graphloop.c marked in b (and the blocks nested in it), one line each. */
static void list_graph_loops(FILE *out, const IrModule *m, const IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_FOR_RANGE && in->graph) {
            fprintf(out, "graph  %s:%u  (the loop of line %u, captured once%s and replayed:", span_file(m, in->span),
                    (unsigned)in->span.line, (unsigned)in->span.line,
                    in->graph_each ? " with every iteration's launches (they move with the loop variable or branch)" : "");
            list_launches(out, in->blocks[0]);
            fputs(")\n", out);
        }
        list_graph_loops(out, m, in->blocks[0]);
        list_graph_loops(out, m, in->blocks[1]);
    }
}

/* The loops loopmap.c looked at, one line each: mapped, or kept and why. */
static void list_loop_maps(FILE *out, const IrModule *m)
{
    for (int i = 0; i < m->loopmaps.n; i++) {
        const LoopMap *r = VEC_AT(m->loopmaps, i);
        const char *f = span_file(m, r->span);
        if (r->dev)
            fprintf(out, "loop   %s:%u  runs on the device as one kernel: %s (one thread, %d instructions)%s%s\n", f,
                    (unsigned)r->span.line, r->dev->name, r->dev->steps, r->why ? "; not mapped: " : "",
                    r->why ? r->why : "");
        else if (r->per_element)
            fprintf(out, "loop   %s:%u  runs per element in one kernel (an in-place recurrence)\n", f,
                    (unsigned)r->span.line);
        else if (r->triangle)
            fprintf(out, "loop   %s:%u  mapped: a triangle of one matrix product, stored masked\n", f,
                    (unsigned)r->span.line);
        else if (r->why && r->dev_why)
            fprintf(out, "loop   %s:%u  kept: %s; stays on the host: %s\n", f, (unsigned)r->span.line, r->why,
                    r->dev_why);
        else if (r->why || r->dev_why)
            fprintf(out, "loop   %s:%u  kept: %s\n", f, (unsigned)r->span.line, r->why ? r->why : r->dev_why);
        else if (r->fused)
            fprintf(out,
                    "loop   %s:%u  mapped: its iterations run as one operation over copies of the row they "
                    "read (those after the one that writes it read the value it stores)\n",
                    f, (unsigned)r->span.line);
        else if (r->snap)
            fprintf(out,
                    "loop   %s:%u  mapped in two parts: up to the iteration that writes the row the others "
                    "read (reading copies) and after it\n",
                    f, (unsigned)r->span.line);
        else if (r->split)
            fprintf(out,
                    "loop   %s:%u  mapped in three parts: before, at and after the iteration that writes the "
                    "row the others read\n",
                    f, (unsigned)r->span.line);
        else
            fprintf(out, "loop   %s:%u  mapped: its iterations run as one operation\n", f,
                    (unsigned)r->span.line);
    }
}

void cg_list_kernels(FILE *out, const IrModule *m)
{
    bool *shown = xcalloc(m->siblings.n + 1, sizeof *shown);   /* sets whose line is out */
    bool *shown_sr = xcalloc(m->storereds.n + 1, sizeof *shown_sr);
    for (int i = 0; i < m->groups.n; i++) {
        const KernelGroup *g = VEC_AT(m->groups, i);
        StrBuf w = {0};
        cg_put_where(&w, m, g);
        if (g->chain && VEC_AT(g->chain->members, 0) == g)
            fprintf(out, "%s  %s  (a warp per row of at most %d elements when rows are many, else a block)\n",
                    g->chain->name, w.s, cg_rows_warp_max(g->chain));
        const Siblings *sb = g->siblings;
        if (sb && !shown[sb->id]) {     /* the set, then its members (its fallback) */
            shown[sb->id] = true;
            fprintf(out, "%s  %s  (%d sibling reductions over the same rows, + %s_fin)\n", sb->name, w.s,
                    sb->members.n, sb->name);
            for (int k = 0; k < sb->members.n; k++) {
                const KernelGroup *h = VEC_AT(sb->members, k);
                StrBuf hw = {0};
                cg_put_where(&hw, m, h);
                fprintf(out, "  %s  %s  (fallback of %s)\n", h->name, hw.s, sb->name);
                sb_free(&hw);
            }
        }
        const Bundle *bd = g->bundle;
        if (bd && VEC_AT(bd->members, 0) == g) {    /* the bundle, then the kernels it runs */
            fprintf(out, "%s  %s  (%d elementwise kernels in one launch)\n", bd->name, w.s, bd->members.n);
            for (int k = 0; k < bd->members.n; k++) {
                const KernelGroup *h = VEC_AT(bd->members, k);
                StrBuf hw = {0};
                cg_put_where(&hw, m, h);
                fprintf(out, "  %s  %s  (in %s)\n", h->name, hw.s, bd->name);
                sb_free(&hw);
            }
        }
        const StoreRed *sr = g->storered;
        if (sr && !shown_sr[sr->id]) {  /* the fused kernel, then its two fallbacks */
            shown_sr[sr->id] = true;
            StrBuf rw = {0};
            cg_put_where(&rw, m, sr->red);
            fprintf(out, "%s  %s  (the store into %s of %s runs in the reduction %s: one pass over %s, + %s_fin)\n",
                    sr->name, rw.s, sr->dst_name, sr->store->name, sr->red->name, sr->dst_name, sr->name);
            sb_free(&rw);
            for (int k = 0; k < 2; k++) {
                const KernelGroup *h = k ? sr->red : sr->store;
                StrBuf hw = {0};
                cg_put_where(&hw, m, h);
                fprintf(out, "  %s  %s  (fallback of %s)\n", h->name, hw.s, sr->name);
                sb_free(&hw);
            }
        }
        if (g->chain) fprintf(out, "  %s  %s  (fallback of %s: few rows)\n", g->name, w.s, g->chain->name);
        else if (sb || bd || sr) { /* listed with its set, bundle or fused store */ }
        else if (g->recur) fprintf(out, "%s  %s  (runs the loop of line %d per element)\n", g->name, w.s, g->recur->line);
        else if (g->reshapes.n)
            fprintf(out, "%s  %s  (runs %d reshape%s of its operands; walks the sources when their shapes agree)\n",
                    g->name, w.s, g->reshapes.n, g->reshapes.n > 1 ? "s" : "");
        else fprintf(out, "%s  %s\n", g->name, w.s);
        sb_free(&w);
    }
    free(shown);
    free(shown_sr);
    for (int i = 0; i < m->funcs.n; i++) list_graph_loops(out, m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
    list_loop_maps(out, m);
}
