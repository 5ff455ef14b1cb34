/*
 * passes.c — the IR passes after lowering, in order, written once.  gpyc (driver.c) runs the
 * whole list; the unit tests that count kernels or look at marked loops run it up to the pass
 * they test, so what they measure is what the compiler does.
 *
 * Each pass is one file with one entry point (compiler.h); ir_verify checks the module after
 * each.  At -O0 only grouping runs: every kernel instruction becomes a kernel of its own.
 */
#include "compiler/compiler.h"

static const struct {
    void (*run)(IrModule *m);
    bool optimizing; /* runs at -O2 only */
} pass_table[PASS_COUNT] = {
    [PASS_GUARDS] = {guards_module, true},
    [PASS_UNROLL] = {unroll_module, true},
    [PASS_FORWARD] = {forward_module, true},
    [PASS_GUARDS_AFTER_FORWARD] = {guards_module, true},
    [PASS_SMALLRED] = {smallred_module, true},
    [PASS_GROUP] = {group_module, false},
    [PASS_FUSE] = {fuse_module, true},
    [PASS_ROWFUSE] = {rowfuse_module, true},
    [PASS_SIBLINGS] = {siblings_module, true},
    [PASS_RECUR] = {recur_module, true},
    [PASS_HFUSE] = {hfuse_module, true},
    [PASS_GRAPHLOOP] = {graphloop_module, true},
};

void passes_run(IrModule *m, int opt_level, PassId last)
{
    ir_verify(m);
    for (int p = 0; p <= (int)last && p < PASS_COUNT; p++) {
        if (pass_table[p].optimizing && opt_level < 2) continue;
        pass_table[p].run(m);
        ir_verify(m);
    }
}
