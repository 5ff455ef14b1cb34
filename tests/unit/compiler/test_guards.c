/*
 * test_guards.c — NEP 50's run-time range check of a Python int (lower/expr.c) and the pass
 * that removes the checks constants decide (compiler/passes/guards.c).  No GPU needed: parse →
 * lower → gpyc's -O2 passes (passes.c) up to the second guards pass, then the count of checks
 * (IF instructions whose block raises OverflowError) left in the IR.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "compiler/compiler.h"
#include "lower_src.h"

static int count_checks(const IrBlock *b)
{
    if (!b) return 0;
    int n = 0;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (ir_is_raise_guard(in)) {
            const IrBlock *t = in->blocks[0];
            const IrInstr *r = VEC_AT(t->instrs, t->instrs.n - 1);
            n += r->sval && strcmp(r->sval, "OverflowError") == 0;
        }
        n += count_checks(in->blocks[0]) + count_checks(in->blocks[1]);
    }
    return n;
}

/* The NEP 50 checks left in src's IR after lowering (passes false) or after the -O2 passes
 * up to forwarding and guards.c (passes true); -1 on a compile error. */
static int checks(const char *src, bool passes)
{
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    int n = -1;
    if (m) {
        if (passes) passes_run(m, 2, PASS_GUARDS_AFTER_FORWARD);
        ir_verify(m);
        n = 0;
        for (int i = 0; i < m->funcs.n; i++) n += count_checks(((IrFunc *)VEC_AT(m->funcs, i))->body);
        ir_module_free(m);
    }
    ar_delete(a);
    return n;
}

#define PRE "import sys\n" \
            "import cupy as cp\n" \
            "k = len(sys.argv)\n" \
            "u8 = cp.zeros(4, dtype=cp.uint8)\n" \
            "i64 = cp.zeros(4, dtype=cp.int64)\n" \
            "u64 = cp.zeros(4, dtype=cp.uint64)\n" \
            "f32 = cp.zeros(4, dtype=cp.float32)\n"

Test(guards, where_the_int_can_be_out_of_range)
{
    cr_expect_eq(checks(PRE "y = u8 + k\n", false), 1);
    cr_expect_eq(checks(PRE "y = k - u8\n", false), 1);
    cr_expect_eq(checks(PRE "u8 += k\n", false), 1);
    cr_expect_eq(checks(PRE "y = cp.bitwise_and(u8, k)\n", false), 1);
    cr_expect_eq(checks(PRE "y = cp.add(i64, k, dtype=cp.int8)\n", false), 1);
    cr_expect_eq(checks(PRE "y = cp.uint8(k)\n", false), 1);
    cr_expect_eq(checks(PRE "y = u64 - k\n", false), 1);   /* k might be negative */
    cr_expect_eq(checks(PRE "y = cp.clip(u8, k, 2 * k)\n", false), 2);
}

Test(guards, never_where_every_int_fits_or_none_is_converted)
{
    cr_expect_eq(checks(PRE "y = i64 * k + 1\n", false), 0);        /* int64 holds every int */
    cr_expect_eq(checks(PRE "y = u64 + len(u64)\n", false), 0);     /* a length is >= 0 */
    cr_expect_eq(checks(PRE "y = u8 + 255\n", false), 0);           /* a literal: compile time */
    cr_expect_eq(checks(PRE "y = (u8 < k) | (u8 == k)\n", false), 0);   /* by value */
    cr_expect_eq(checks(PRE "y = u8 / k\n", false), 0);             /* a float64 loop */
    cr_expect_eq(checks(PRE "y = cp.logical_and(u8, k)\n", false), 0);   /* a bool loop */
    cr_expect_eq(checks(PRE "y = f32 + k\n", false), 0);
    cr_expect_eq(checks(PRE "y = cp.clip(u8, -5, len(u8))\n", false), 0);   /* no bound beyond */
    cr_expect_eq(checks(PRE "y = cp.clip(u8, -k, 300)\n", false), 1);   /* -k may pass 255 */
    cr_expect_eq(checks(PRE "y = cp.insert(u8, k, 7)\n", false), 0);    /* gpyc's own arithmetic */
}

Test(guards, constants_decide_after_lowering)
{
    /* a module constant, also read inside a loop; a function's local constant (forwarded) */
    cr_expect_eq(checks(PRE "N = 100\n"
                            "y = u8 + N\n"
                            "for t in range(k):\n"
                            "    u8 = u8 * 3 + N\n"
                            "def f(a):\n"
                            "    n = 5\n"
                            "    return a * n\n"
                            "print(y, f(u8))\n", true), 0);
    /* out of range: the check stays and raises at run time, as NumPy raises there */
    cr_expect_eq(checks(PRE "M = 300\n"
                            "y = u8 + M\n", true), 1);
    /* a run-time value stays checked */
    cr_expect_eq(checks(PRE "y = u8 + k\n", true), 1);
}
