/*
 * test_solver.c — compiler/lower/api/solver.c without a GPU: how many IR_LINALG calls a linalg
 * routine becomes (a multi-result routine factors once; compositions reuse one SVD), the
 * result types NumPy 2 gives (dtypes, ndims, tuples), and that graphloop.c never captures a
 * loop that calls cuSOLVER (it synchronises).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "compiler/compiler.h"
#include "lower_src.h"

static int count_op(const IrBlock *b, IrOp op)
{
    int n = 0;
    if (!b) return 0;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        n += in->op == op;
        n += count_op(in->blocks[0], op) + count_op(in->blocks[1], op);
    }
    return n;
}

static bool any_graph(const IrBlock *b)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->graph || any_graph(in->blocks[0]) || any_graph(in->blocks[1])) return true;
    }
    return false;
}

/* IR_LINALG calls in src's module (-1 on a compile error); *ty gets the type of the last
 * IR_LINALG's result (static storage). */
static int linalg_calls(const char *src, const char **ty)
{
    static char buf[256];
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    int n = -1;
    buf[0] = 0;
    if (m) {
        n = 0;
        for (int i = 0; i < m->funcs.n; i++) {
            const IrBlock *b = ((IrFunc *)VEC_AT(m->funcs, i))->body;
            n += count_op(b, IR_LINALG);
            for (int j = 0; j < b->instrs.n; j++) {
                const IrInstr *in = VEC_AT(b->instrs, j);
                if (in->op == IR_LINALG) snprintf(buf, sizeof buf, "%s", ty_str_of(in->res->type));
            }
        }
        ir_module_free(m);
    }
    ar_delete(a);
    if (ty) *ty = buf;
    return n;
}

#define PRE "import cupy as cp\nA = cp.ones((4, 3))\nS = cp.eye(3, dtype=cp.float32)\n"

Test(solver, multi_result_routines_factor_once)
{
    const char *ty;
    cr_expect_eq(linalg_calls(PRE "Q, R = cp.linalg.qr(A)\nprint(Q, R)\n", &ty), 1);
    cr_expect_str_eq(ty, "tuple[ndarray[float64, 2], ndarray[float64, 2]]");
    cr_expect_eq(linalg_calls(PRE "u, s, vh = cp.linalg.svd(A)\nprint(u, s, vh)\n", &ty), 1);
    cr_expect_str_eq(ty, "tuple[ndarray[float64, 2], ndarray[float64, 1], ndarray[float64, 2]]");
    cr_expect_eq(linalg_calls(PRE "s, l = cp.linalg.slogdet(S.astype(cp.complex64))\nprint(s, l)\n", &ty), 1);
    cr_expect_str_eq(ty, "tuple[ndarray[complex64, 0], ndarray[float32, 0]]");
    cr_expect_eq(linalg_calls(PRE "w, v = cp.linalg.eigh(S)\nprint(w, v)\n", &ty), 1);
    cr_expect_str_eq(ty, "tuple[ndarray[float32, 1], ndarray[float32, 2]]");
}

Test(solver, compositions_use_one_svd)
{
    const char *ty;
    cr_expect_eq(linalg_calls(PRE "print(cp.linalg.pinv(A))\n", NULL), 1);
    cr_expect_eq(linalg_calls(PRE "print(cp.linalg.matrix_rank(A))\n", &ty), 1);
    cr_expect_str_eq(ty, "ndarray[float64, 1]");
    cr_expect_eq(linalg_calls(PRE "print(cp.linalg.norm(A, 2), cp.linalg.norm(A, 'nuc'))\n", NULL), 2);
    cr_expect_eq(linalg_calls(PRE "print(cp.linalg.norm(A, 1), cp.linalg.norm(A, -cp.inf))\n", NULL), 0);
    cr_expect_eq(linalg_calls(PRE "x, r, k, s = cp.linalg.lstsq(A, cp.ones(4))\nprint(x, r, k, s)\n", NULL), 1);
}

Test(solver, result_types_follow_numpy2)
{
    const char *ty;
    /* a 1-d b is one vector for every matrix of a stack (NumPy 2) */
    cr_expect_eq(linalg_calls("import cupy as cp\nx = cp.linalg.solve(cp.ones((5, 3, 3)), cp.ones(3))\nprint(x)\n", &ty), 1);
    cr_expect_str_eq(ty, "ndarray[float64, 2]");
    cr_expect_eq(linalg_calls("import cupy as cp\nx = cp.linalg.solve(cp.ones((3, 3), dtype=cp.float32), "
                              "cp.ones((2, 3, 1), dtype=cp.complex64))\nprint(x)\n", &ty), 1);
    cr_expect_str_eq(ty, "ndarray[complex64, 3]");
    cr_expect_eq(linalg_calls("import cupy as cp\nprint(cp.linalg.det(cp.ones((2, 3, 3), dtype=cp.int32)))\n", &ty), 1);
    cr_expect_str_eq(ty, "ndarray[float64, 1]");
    cr_expect_eq(linalg_calls("import cupy as cp\nprint(cp.linalg.svd(cp.ones((2, 3), dtype=cp.complex128), "
                              "compute_uv=False))\n", &ty), 1);
    cr_expect_str_eq(ty, "ndarray[float64, 1]");
    cr_expect_eq(linalg_calls("import cupy as cp\nprint(cp.linalg.det(cp.ones((3, 3), dtype=cp.float16)))\n", NULL), -1);
}

Test(solver, loops_that_call_cusolver_are_not_captured)
{
    Arena *a = ar_new();
    IrModule *m = lower_src(a, "import cupy as cp\n"
                               "A = cp.eye(8) * 2.0\n"
                               "x = cp.ones(8)\n"
                               "for i in range(100):\n"
                               "    x[:] = cp.linalg.solve(A, x)\n"
                               "print(x)\n");
    cr_assert(m);
    passes_run(m, 2, PASS_ALL);
    bool g = false;
    for (int i = 0; i < m->funcs.n; i++) g = g || any_graph(((IrFunc *)VEC_AT(m->funcs, i))->body);
    cr_expect(!g);
    ir_module_free(m);
    ar_delete(a);
}
