/*
 * passes.c — the IR passes after lowering, in order, written once.  gpyc (driver.c) runs the
 * whole list; the unit tests that count kernels or look at marked loops run it up to the pass
 * they test, so what they measure is what the compiler does.  The names in the table are the
 * ones `gpyc --dump-after=NAME` takes, so the passes a user can name are the passes that run.
 *
 * Each pass is one file with one entry point (compiler.h); ir_verify checks the module after
 * each.  At -O0 only grouping runs: every kernel instruction becomes a kernel of its own.
 */
#include "compiler/compiler.h"

#include <string.h>

static const struct {
    const char *name;   /* for --dump-after; unique in the list */
    void (*run)(IrModule *m);
    bool optimizing;    /* runs at -O2 only */
} pass_table[PASS_COUNT] = {
    [PASS_GUARDS] = { "guards", guards_module, true },
    [PASS_UNROLL] = { "unroll", unroll_module, true },
    [PASS_FORWARD] = { "forward", forward_module, true },
    [PASS_GUARDS_AFTER_FORWARD] = { "guards-after-forward", guards_module, true },
    [PASS_SMALLRED] = { "smallred", smallred_module, true },
    [PASS_MASKED] = { "masked", masked_module, true },
    [PASS_TRIPROD] = { "triprod", triprod_module, true },
    [PASS_LOOPMAP] = { "loopmap", loopmap_module, true },
    [PASS_VECDOT] = { "vecdot", vecdot_module, true },
    [PASS_MMSTORE] = { "mmstore", mmstore_module, true },
    [PASS_FILLVIEW] = { "fillview", fillview_module, true },
    [PASS_HOIST] = { "hoist", hoist_module, true },
    [PASS_DEVLOOP] = { "devloop", devloop_module, true },
    [PASS_GROUP] = { "group", group_module, false },
    [PASS_FUSE] = { "fuse", fuse_module, true },
    [PASS_ROWFUSE] = { "rowfuse", rowfuse_module, true },
    [PASS_SIBLINGS] = { "siblings", siblings_module, true },
    [PASS_RECUR] = { "recur", recur_module, true },
    [PASS_HFUSE] = { "hfuse", hfuse_module, true },
    [PASS_STORERED] = { "storered", storered_module, true },
    [PASS_GRAPHLOOP] = { "graphloop", graphloop_module, true },
    [PASS_RESHAPES] = { "reshapes", reshapes_module, true },
};

const char *pass_name(PassId p) { return pass_table[p].name; }

int pass_lookup(const char *name)
{
    if (strcmp(name, "all") == 0) return PASS_DUMP_ALL;
    for (int p = 0; p < PASS_COUNT; p++)
        if (strcmp(pass_table[p].name, name) == 0) return p;
    return PASS_DUMP_NONE;
}

void passes_run_dump(IrModule *m, int opt_level, PassId last, int dump_after, FILE *out)
{
    ir_verify(m);
    for (int p = 0; p <= (int)last && p < PASS_COUNT; p++) {
        bool dump = dump_after == PASS_DUMP_ALL || dump_after == p;
        if (pass_table[p].optimizing && opt_level < 2) {
            if (dump) fprintf(out, ";; after %s: not run at -O%d\n", pass_table[p].name, opt_level);
            continue;
        }
        pass_table[p].run(m);
        /* printed before the check, so that the IR a broken pass leaves can be seen */
        if (dump) {
            fprintf(out, ";; after %s\n", pass_table[p].name);
            ir_print(out, m);
        }
        ir_verify(m);
    }
}

void passes_run(IrModule *m, int opt_level, PassId last) { passes_run_dump(m, opt_level, last, PASS_DUMP_NONE, NULL); }
