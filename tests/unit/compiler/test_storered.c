/*
 * test_storered.c — stores fused into the reduction after them (compiler/passes/storered.c),
 * no GPU needed: the pairs the pass makes and the -v remark of each decision, taken or not.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/compiler.h"
#include "lower_src.h"

static int n_pairs; /* StoreRed pairs, set by remarks() */

static void count_pairs(const IrModule *m) { n_pairs = m->storereds.n; }

/* The -v remarks of compiling src at -O2 through every pass (xmalloc'd); n_pairs the pairs. */
static char *remarks(const char *src)
{
    n_pairs = -1;
    return lower_src_remarks(src, count_pairs);
}

#define GEMVER                                                                                               \
    "import cupy as cp\n"                                                                                    \
    "def f(alpha, beta, A, u1, v1, u2, v2, w, x, y, z):\n"                                                   \
    "    A += cp.outer(u1, v1) + cp.outer(u2, v2)\n"                                                         \
    "    x += beta * y @ A + z\n"                                                                            \
    "    w += alpha * A @ x\n"                                                                               \
    "v = cp.ones(4)\n"                                                                                       \
    "f(cp.float64(1.5), cp.float64(1.2), cp.ones((4, 4)), v, v, v, v, v, v, v, v)\n"

Test(storered, gemver_update_runs_in_the_column_reduction)
{
    char *r = remarks(GEMVER);
    cr_expect_eq(n_pairs, 1);
    cr_expect(strstr(r, "t.py:3:5: remark: this store into A runs in the reduction of line 4 (t0_") != NULL, "%s", r);
    /* x's store, then `A @ x` reads x broadcast over A's rows */
    cr_expect(strstr(r, "t.py:4:5: remark: this store into x is not fused into the reduction of line 5: the reduction "
                        "walks 2 dimensions, x has 1: it would store each element more than once") != NULL,
              "%s", r);
    free(r);
}

Test(storered, whole_view_store_and_row_reduction)
{
    char *r = remarks("import cupy as cp\n"
                      "def f(M, b):\n"
                      "    M[...] = M * 0.5 + b[None, :]\n"
                      "    return (M * b[None, :]).sum(axis=1)\n"
                      "print(f(cp.ones((4, 3)), cp.ones(3)))\n");
    cr_expect_eq(n_pairs, 1);
    cr_expect(strstr(r, "t.py:3:5: remark: this store into M runs in the reduction of line 4") != NULL, "%s", r);
    free(r);
}

Test(storered, a_reader_in_between_keeps_the_store)
{
    char *r = remarks("import cupy as cp\n"
                      "def f(A, y):\n"
                      "    A += 1.0\n"
                      "    B = A * 2.0\n"
                      "    return (A * y[:, None]).sum(axis=0), B\n"
                      "print(f(cp.ones((4, 3)), cp.ones(4)))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "t.py:3:5: remark: this store into A is not fused into the reduction of line 5: line 4 reads "
                        "A in between") != NULL,
              "%s", r);
    free(r);
}

Test(storered, a_write_in_between_keeps_the_store)
{
    char *r = remarks("import cupy as cp\n"
                      "def f(A, y):\n"
                      "    z = cp.zeros(2)\n"
                      "    A += 1.0\n"
                      "    z[0] = 2.0\n"
                      "    print(z)\n"
                      "    return (A * y[:, None]).sum(axis=0)\n"
                      "print(f(cp.ones((4, 3)), cp.ones(4)))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "this store into A is not fused into the reduction of line 7: line 5 writes memory in "
                        "between") != NULL,
              "%s", r);
    free(r);
}

Test(storered, a_reduction_of_another_view_keeps_the_store)
{
    char *r = remarks("import cupy as cp\n"
                      "def f(A):\n"
                      "    A += 1.0\n"
                      "    return (A * A.T).sum(axis=0)\n"
                      "print(f(cp.ones((3, 3))))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "this store into A is not fused into the reduction of line 4: the reduction reads another "
                        "view of A") != NULL,
              "%s", r);
    free(r);
}

Test(storered, a_user_kernel_value_keeps_the_store)
{
    char *r = remarks("import cupy as cp\n"
                      "k = cp.ElementwiseKernel('float64 x', 'float64 y', 'y = y + x * i', 'k')\n"
                      "def f(A, B, y):\n"
                      "    k(B, A)\n"
                      "    return (A * y[:, None]).sum(axis=0)\n"
                      "print(f(cp.ones((4, 3)), cp.ones((4, 3)), cp.ones(4)))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "this store into A is not fused into the reduction of line 5: the value stored is not "
                        "elementwise (a user kernel)") != NULL,
              "%s", r);
    free(r);
}

Test(storered, plain_products_stay_gemv)
{
    /* no store before it: y @ A stays the runtime's product, no reduction, no pair */
    char *r = remarks("import cupy as cp\n"
                      "def f(A, y):\n"
                      "    return y @ A\n"
                      "print(f(cp.ones((4, 3)), cp.ones(4)))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "store into") == NULL, "%s", r);
    free(r);
}

Test(storered, a_0d_array_is_not_fused)
{
    /* a kernel reads a 0-d operand once, as a pointer: no element to store per thread */
    char *r = remarks("import cupy as cp\n"
                      "def f(s, t):\n"
                      "    s[...] = t * 3.0\n"
                      "    return s.sum()\n"
                      "print(f(cp.zeros(()), cp.ones(())))\n");
    cr_expect_eq(n_pairs, 0);
    cr_expect(strstr(r, "this store into s is not fused into the reduction of line 4: it stores one element (a 0-d "
                        "array)") != NULL,
              "%s", r);
    free(r);
}
