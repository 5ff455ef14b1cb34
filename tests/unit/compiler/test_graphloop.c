/*
 * test_graphloop.c — which loops compiler/passes/graphloop.c marks for CUDA-graph capture (no GPU
 * needed): parse → lower → gpyc's -O2 passes (passes.c), graphloop last, then the script
 * lines of the marked loops.  The last tests go through driver_main (--emit=kernels, -O2 and
 * -O0) to check the listing and that -O0 captures nothing.
 */
#define _GNU_SOURCE /* open_memstream, mkstemps */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler/compiler.h"
#include "lower_src.h"

static void collect(const IrBlock *b, char *out, size_t cap)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->graph) {
            size_t n = strlen(out);
            snprintf(out + n, cap - n, "%s%u%s", n ? "," : "", (unsigned)in->span.line, in->graph_each ? "*" : "");
        }
        collect(in->blocks[0], out, cap);
        collect(in->blocks[1], out, cap);
    }
}

/* Compiles src at -O2 and returns the lines of the loops marked for capture, comma-separated,
 * each followed by '*' when every iteration is captured (graph_each: the launches move with
 * the loop variable) ("" for none, "error" on a compile error); static storage. */
static const char *marked(const char *src)
{
    static char out[256];
    strcpy(out, "error");
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    if (m) {
        passes_run(m, 2, PASS_ALL);
        out[0] = 0;
        for (int i = 0; i < m->funcs.n; i++) collect(((IrFunc *)VEC_AT(m->funcs, i))->body, out, sizeof out);
        ir_module_free(m);
    }
    ar_delete(a);
    return out;
}

#define PRE "import cupy as cp\n" \
            "a = cp.ones(1024, dtype=cp.float32)\n" \
            "b = cp.ones(1024, dtype=cp.float32)\n" \
            "n = 100\n"
/* PRE is 4 lines: a loop written right after it is on line 5. */

/* ---------------------------------------------------------------- captured */

Test(graphloop, jacobi_stencil_in_a_function)
{
    const char *src = "import cupy as cp\n"
                      "def jacobi(A, B, T):\n"
                      "    for t in range(T):\n"
                      "        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])\n"
                      "        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])\n"
                      "A = cp.ones((64, 64))\n"
                      "B = A.copy()\n"
                      "jacobi(A, B, 10)\n"
                      "print(A)\n";
    cr_expect_str_eq(marked(src), "3");
}

Test(graphloop, two_arrays_updated_in_place)
{
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[:] = a * 0.5 + b\n"
                                "    b[:] = b * 0.9 + a\n"
                                "print(a, b)\n"), "5");
}

Test(graphloop, augmented_assignments)
{
    cr_expect_str_eq(marked(PRE "for i in range(2, n, 3):\n"
                                "    a += b\n"
                                "    a *= 0.5\n"
                                "    b[0:10] -= 1.0\n"
                                "print(a, b, i)\n"), "5");
}

Test(graphloop, views_scalars_and_invariant_host_values)
{
    /* views stored in no variable, a scalar computed in the body from invariant values and
     * stored (its loads forwarded), a transposed view of another array */
    cr_expect_str_eq(marked(PRE "alpha = 0.25\n"
                                "m = cp.ones((32, 32))\n"
                                "u = cp.ones((32, 32))\n"
                                "for k in range(n):\n"
                                "    c = alpha * 2.0 + len(a)\n"
                                "    a[1:] = a[1:] * c + b[:-1]\n"
                                "    u[:, :] = m.T * 0.5\n"
                                "print(a, c, u)\n"), "8");
}

Test(graphloop, inner_loop_of_a_loop_with_prints)
{
    cr_expect_str_eq(marked(PRE "for r in range(3):\n"
                                "    for i in range(n):\n"
                                "        a += b\n"
                                "    print(float(a[0]))\n"), "6");
}

Test(graphloop, run_time_checks_in_the_body)
{
    /* NEP 50's range check of a run-time Python int with a uint8 array: an IF that only
     * raises, the same in every iteration */
    cr_expect_str_eq(marked(PRE "u = cp.zeros(1024, dtype=cp.uint8)\n"
                                "k = int(a[0]) + 1\n"
                                "for i in range(n):\n"
                                "    u += k\n"
                                "    u[:] = u * 3 - k\n"
                                "print(u)\n"), "7");
}

Test(graphloop, masked_updates)
{
    /* masked.c: the scatters through a mask become selects (kernels and mask_checks, which
     * read only shapes); with the loop variable stored (`b[m] = i`) the launches differ per
     * iteration: each is captured */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    m = cp.abs(a) < 2.0\n"
                                "    a[m] = a[m] * a[m] + b[m]\n"
                                "    b[a > 1.5] = 0.0\n"), "5");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    m = cp.abs(a) < 2.0\n"
                                "    b[m] = i\n"), "5*");
    /* a gather of the count's length stays (it synchronises) */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[a > 1.0] = b[b > 1.0]\n"), "");
}

Test(graphloop, copies_per_iteration_and_disjoint_boundary_stores)
{
    /* cavity_flow's pressure loop: the copy becomes a store into one buffer (hoist.c), the
     * boundary stores read other rows and columns of p (disjoint views) */
    const char *src = "import cupy as cp\n"
                      "def poisson(nit, p, b):\n"
                      "    for q in range(nit):\n"
                      "        pn = p.copy()\n"
                      "        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, 0:-2] + pn[2:, 1:-1] + "
                      "pn[0:-2, 1:-1]) - b[1:-1, 1:-1]\n"
                      "        p[:, -1] = p[:, -2]\n"
                      "        p[0, :] = p[1, :]\n"
                      "        p[:, 0] = p[:, 1]\n"
                      "        p[-1, :] = 0\n"
                      "p = cp.ones((16, 16))\n"
                      "poisson(10, p, p * 0.5)\n"
                      "print(p)\n";
    cr_expect_str_eq(marked(src), "3");
    /* a copy kept after the loop stays a new array per iteration */
    cr_expect_str_eq(marked("import cupy as cp\n"
                            "def f(p, n):\n"
                            "    c = p.copy()\n"
                            "    for q in range(n):\n"
                            "        p[1:] = p[1:] * 0.5\n"
                            "        c = p.copy()\n"
                            "    return c\n"
                            "print(f(cp.ones(8), 5))\n"),
                     "");
    /* a copy of an array the body rebinds, and a copy in a body that prints */
    cr_expect_str_eq(marked("import cupy as cp\n"
                            "def f(p, n):\n"
                            "    for q in range(n):\n"
                            "        c = p.copy()\n"
                            "        p = c * 0.5\n"
                            "    return p\n"
                            "print(f(cp.ones(8), 5))\n"),
                     "");
    cr_expect_str_eq(marked("import cupy as cp\n"
                            "def f(p, n):\n"
                            "    for q in range(n):\n"
                            "        c = p.copy()\n"
                            "        p[1:] = c[:-1]\n"
                            "        print(q)\n"
                            "f(cp.ones(8), 5)\n"),
                     "");
    /* rows at constant indices of two signs may be one row: not shown disjoint */
    cr_expect_str_eq(marked(PRE "m = cp.ones((4, 8))\n"
                                "for i in range(n):\n"
                                "    m[0, :] = m[-1, :] + 1.0\n"),
                     "");
    cr_expect_str_eq(marked(PRE "m = cp.ones((4, 8))\n"
                                "for i in range(n):\n"
                                "    m[0, :] = m[2, :] + 1.0\n"
                                "    m[:, -1] = m[:, -3] * 2.0\n"),
                     "6");
}

/* The -v remarks of compiling src at -O2 (xmalloc'd). */
static char *remarks(const char *src) { return lower_src_remarks(src, NULL); }

Test(graphloop, v_says_why_a_loop_is_kept)
{
    char *r = remarks(PRE "for i in range(n):\n"
                          "    a[1:-1] = a[2:] * 0.5\n"
                          "for i in range(n):\n"
                          "    a[:] = b.copy()\n"
                          "for i in range(n):\n"
                          "    b[:] = b * 0.5\n");
    cr_expect(strstr(r, ":5:1: remark: this loop is not captured as a CUDA graph: a store reads another view of "
                        "its destination's array (its launch copies it)") != NULL, "%s", r);
    cr_expect(strstr(r, ":7:1: remark: this loop is not captured as a CUDA graph: a reduction or a copy") != NULL, "%s", r);
    cr_expect(strstr(r, ":9:1: remark: this loop is captured once as a CUDA graph and replayed") != NULL, "%s", r);
    free(r);
}

/* ---------------------------------------------------------------- not captured */

Test(graphloop, print_in_the_body)
{
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a += b\n"
                                "    print('step')\n"), "");
}

Test(graphloop, host_reads_of_device_data)
{
    cr_expect_str_eq(marked(PRE "s = 0.0\n"
                                "for i in range(n):\n"
                                "    a += b\n"
                                "    s = float(cp.sum(a))\n"
                                "print(s)\n"), "");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a += b\n"
                                "    if a[0] > 3.0:\n"
                                "        b *= 0.5\n"), "");
    cr_expect_str_eq(marked(PRE "x = a.sum()\n"
                                "for i in range(n):\n"
                                "    a += b\n"
                                "    x = a.sum()\n"
                                "print(x)\n"), "");
}

Test(graphloop, rebinding_array_variables)
{
    /* new arrays every iteration: the buffers change */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a = a * 0.5 + b\n"
                                "    b = b * 0.9 + a\n"
                                "print(a, b)\n"), "");
    /* a swap rebinds without allocating, but the buffers trade places each iteration */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    b[:] = a * 2.0\n"
                                "    a, b = b, a\n"
                                "print(a, b)\n"), "");
    /* a view rebinding an array variable */
    cr_expect_str_eq(marked(PRE "v = a[0:4]\n"
                                "for i in range(n):\n"
                                "    v = a[1:5]\n"
                                "    v += 1.0\n"
                                "print(v)\n"), "");
}

Test(graphloop, allocations_in_the_body)
{
    /* a new array kept after the loop */
    cr_expect_str_eq(marked(PRE "z = a * 1.0\n"
                                "for i in range(n):\n"
                                "    z = cp.zeros(1024, dtype=cp.float32)\n"
                                "    a += b\n"
                                "print(z)\n"), "");
    /* a copy */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[:] = b.copy()\n"), "");
    /* a reduction result stored into a view */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[0:1] = cp.sum(b)\n"), "");
}

Test(graphloop, sources_that_overlap_the_destination)
{
    /* another view of the destination's array: the launch copies it (an allocation) */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[1:-1] = a[1:-1] + 0.4 * (a[2:] - 2.0 * a[1:-1] + a[:-2])\n"), "");
    cr_expect_str_eq(marked(PRE "m = cp.ones((8, 8))\n"
                                "for i in range(n):\n"
                                "    m[:, :] = m.T * 0.5\n"), "");
    /* the same view, written twice or as the whole array: read and written in place */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[1:-1] = a[1:-1] * 0.5 + b[1:-1]\n"
                                "    a[...] = a * 0.5\n"
                                "    b[:] = b[::1] + 1.0\n"), "5");
    /* two variables viewing one buffer: left to the runtime's check */
    cr_expect_str_eq(marked(PRE "lo = a[:-1]\n"
                                "hi = a[1:]\n"
                                "for i in range(n):\n"
                                "    hi[:] = lo * 0.5\n"), "7");
}

Test(graphloop, library_routines_and_calls)
{
    cr_expect_str_eq(marked(PRE "m = cp.ones((8, 8))\n"
                                "for i in range(n):\n"
                                "    m[:, :] = m @ m\n"), "");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[:] = cp.cumsum(b)\n"), "");
    cr_expect_str_eq(marked(PRE "def step(x):\n"
                                "    x += 1.0\n"
                                "for i in range(n):\n"
                                "    step(a)\n"), "");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[:] = cp.random.rand(1024)\n"), "");
}

Test(graphloop, loop_index_reaches_the_device)
{
    /* loops that other passes turn into one kernel (devloop.c, loopmap.c) */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a += i\n"), "");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[i] = 1.0\n"), "");
    /* a scalar argument and a view's offset that move with the loop variable: every
     * iteration is captured */
    cr_expect_str_eq(marked(PRE "m = cp.ones((8, 16))\n"
                                "for i in range(n):\n"
                                "    m[:, :] = m * 0.5 + i\n"
                                "    m[:, i % 16] = a[i:i + 8] * 2.0\n"), "6*");
}

Test(graphloop, moving_views)
{
    /* deriche's recurrences along columns, forward and backward: the store's column and the
     * columns it reads are other offsets of the loop variable (disjoint) */
    cr_expect_str_eq(marked(PRE "y = cp.ones((8, 16))\n"
                                "x = cp.ones((8, 16))\n"
                                "for j in range(2, 16):\n"
                                "    y[:, j] = x[:, j] * 0.5 + y[:, j - 1] * 0.25 + y[:, j - 2] * 0.125\n"
                                "for j in range(13, -1, -1):\n"
                                "    y[:, j] = 0.5 * y[:, j + 1] - y[:, 2 + j] + x[:, j]\n"),
                     "7*,9*");
    /* adi's sweeps: 2-d slices of rows, several arrays */
    cr_expect_str_eq(marked(PRE "p = cp.ones((10, 10))\n"
                                "q = cp.ones((10, 10))\n"
                                "for j in range(1, 9):\n"
                                "    p[1:9, j] = -0.5 / (p[1:9, j - 1] + 2.0)\n"
                                "    q[1:9, j] = (q[1:9, j - 1] - p[1:9, j]) * 0.5\n"
                                "    p[j, 1:9] = q[j - 1, 1:9] + 1.0\n"),
                     "7*");
    /* the same column read and written: in place */
    cr_expect_str_eq(marked(PRE "y = cp.ones((8, 16))\n"
                                "for j in range(16):\n"
                                "    y[:, j] = y[:, j] * 0.5 + j\n"),
                     "6*");
    /* shifted slices of one axis overlap: the launch copies, an array of the iteration that
     * the graph holds in its own memory when every iteration is captured; without the loop
     * variable the loop is not captured */
    cr_expect_str_eq(marked(PRE "for j in range(n):\n"
                                "    a[j:j + 4] = a[j + 1:j + 5] * 0.5\n"),
                     "5*");
    cr_expect_str_eq(marked(PRE "for j in range(1, n):\n"
                                "    a[j:] = a[j - 1:-1] * 0.5\n"),
                     "5*");
    cr_expect_str_eq(marked(PRE "for j in range(1, n):\n"
                                "    a[1:] = a[:-1] * 0.5\n"),
                     "");
    /* offsets of one int that add up past int64 (no signed overflow in the compiler): not
     * read as disjoint, so the store's source is copied and the loop is not captured */
    cr_expect_str_eq(marked(PRE "y = cp.ones((8, 16))\n"
                                "c = int(a[0]) + 2\n"
                                "for t in range(n):\n"
                                "    y[:, c] = y[:, c + 9223372036854775807 + 1] * 0.5\n"),
                     "");
    cr_expect_str_eq(marked(PRE "y = cp.ones((8, 16))\n"
                                "c = int(a[0]) + 2\n"
                                "for t in range(n):\n"
                                "    y[:, c] = y[:, c - 1] * 0.5\n"),
                     "7");
    /* a slice whose length moves with the loop variable: still every iteration captured */
    cr_expect_str_eq(marked(PRE "for j in range(n):\n"
                                "    a[:j] += b[j:2 * j]\n"),
                     "5*");
}

Test(graphloop, loop_carried_host_scalar)
{
    cr_expect_str_eq(marked(PRE "s = 1.0\n"
                                "for i in range(n):\n"
                                "    a *= s\n"
                                "    s = s * 0.5\n"), "");
}

Test(graphloop, control_flow_in_the_body)
{
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a += b\n"
                                "    if n > 3:\n"
                                "        break\n"), "");
    /* a nested loop: the outer loop would be captured with every iteration (graph_each), the
     * inner one on its own too (it is when the outer one runs uncaptured); here the inner
     * loop's variable is a global, which code after the loop may read: the outer loop is not
     * marked (a replay would skip setting it) */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    for j in range(2):\n"
                                "        a += b\n"), "6");
    cr_expect_str_eq(marked(PRE "def f(a, b, n):\n"
                                "    for i in range(n):\n"
                                "        for j in range(2):\n"
                                "            a += b\n"
                                "f(a, b, n)\n"), "6*,7");
    cr_expect_str_eq(marked(PRE "while n > 0:\n"
                                "    a += b\n"
                                "    n -= 1\n"), "");
}

Test(graphloop, recurrences_and_empty_bodies_are_not_graphs)
{
    /* recur.c turns it into one kernel: no loop is left */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a = a * 0.99 + 0.01\n"
                                "print(a)\n"), "");
    cr_expect_str_eq(marked(PRE "x = 0\n"
                                "for i in range(n):\n"
                                "    x = 3\n"
                                "print(x)\n"), "");
}

/* ---------------------------------------------------------------- through the driver */

/* Runs `gpyc OPT --emit=WHAT -o out file` on src and returns out's text (malloc'd). */
static char *emit(const char *src, const char *opt, const char *what)
{
    char py[] = "/tmp/gpyc-gl-XXXXXX.py", txt[] = "/tmp/gpyc-gl-XXXXXX.txt";
    int fd = mkstemps(py, 3);
    cr_assert(fd >= 0);
    cr_assert(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
    close(fd);
    fd = mkstemps(txt, 4);
    cr_assert(fd >= 0);
    close(fd);
    char flag[32];
    snprintf(flag, sizeof flag, "--emit=%s", what);
    char *argv[] = {"gpyc", (char *)opt, flag, "-o", txt, py, NULL};
    int rc = driver_main(6, argv);
    cr_expect_eq(rc, 0);
    FILE *f = fopen(txt, "rb");
    cr_assert(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    unlink(py);
    unlink(txt);
    return strdup(buf);
}

Test(graphloop, emit_kernels_lists_captured_loops_and_O0_none)
{
    const char *src = PRE "for i in range(n):\n"
                          "    a[:] = a * 0.5 + b\n"
                          "    b[:] = b * 0.9 + a\n"
                          "print(a, b)\n";
    char *o2 = emit(src, "-O2", "kernels");
    cr_expect(strstr(o2, "graph  ") && strstr(o2, ":5  (the loop of line 5, captured once and replayed: k"),
              "no graph line in:\n%s", o2);
    free(o2);
    char *o0 = emit(src, "-O0", "kernels");
    cr_expect(strstr(o0, "graph") == NULL, "-O0 captured a loop:\n%s", o0);
    free(o0);
}

Test(graphloop, codegen_captures_then_replays)
{
    const char *src = PRE "for i in range(3, n, 2):\n"
                          "    a += b\n"
                          "print(a, i)\n";
    char *o2 = emit(src, "-O2", "cuda");
    cr_expect(strstr(o2, "static gp_graph gl0;"), "no site");
    cr_expect(strstr(o2, "int64_t gu0 = gd0 ? 0 : rt_graph_begin(&gl0, gn0);"), "no rt_graph_begin");
    cr_expect(strstr(o2, "gj0 = rt_graph_end(&gl0, gn0, gk0, gkn0) - 1;"), "no rt_graph_end");
    /* the key: a and b (module variables the body loads), no stores to skip */
    cr_expect(strstr(o2, "int64_t gkn0 = 0;") && strstr(o2, "rt_graph_key_array(gk0 + gkn0, g_a);"),
              "no key");
    cr_expect(strstr(o2, "int64_t gd0 = rt_graph_replay(&gl0, gn0, gk0, gkn0);"), "no rt_graph_replay");
    cr_expect(strstr(o2, "for (int64_t gj0 = gd0; gj0 < gn0; gj0++)"),
              "the loop does not start after a replay");
    cr_expect(strstr(o2, "if (gj0 >= 0) g_i = "), "the loop variable is not set after a replay");
    free(o2);
    char *o0 = emit(src, "-O0", "cuda");
    cr_expect(strstr(o0, "rt_graph_begin") == NULL, "-O0 captures");
    free(o0);
    char *ir = emit(src, "-O2", "ir");
    cr_expect(strstr(ir, "for i in range") && strstr(ir, "[graph]"), "--emit=ir does not show the mark");
    free(ir);
}

Test(graphloop, branches_copies_and_nested_loops)
{
    /* Floyd-Warshall: loopmap.c maps the i loop (copies of row and column k, one store) under
     * a run-time test, with the loop as written in the else branch; the k loop is captured
     * with every iteration, the branches, the copies and the inner loop in it */
    const char *fw = "import cupy as cp\n"
                     "def fw(path):\n"
                     "    for k in range(path.shape[0]):\n"
                     "        for i in range(path.shape[0]):\n"
                     "            path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])\n"
                     "p = cp.ones((8, 8))\n"
                     "fw(p)\n"
                     "print(p)\n";
    cr_expect_str_eq(marked(fw), "3*,4*");
    /* the key: path and the bounds, not i (the nested loop sets it before each read) */
    char *o2 = emit(fw, "-O2", "cuda");
    cr_expect(strstr(o2, "rt_graph_key_array(gk0 + gkn0, l_path);") && !strstr(o2, "(uint64_t)(l_i)"),
              "the key holds the nested loop's variable");
    free(o2);
    char *r = remarks(fw);
    cr_expect(strstr(r, ":3:5: remark: this loop is captured once as a CUDA graph of all its iterations") &&
                  strstr(r, "on its second run with the same inputs and bounds, and replayed on the later ones"),
              "%s", r);
    free(r);
    /* an if on a host value of the iteration */
    cr_expect_str_eq(marked(PRE "m = cp.ones((8, 16))\n"
                                "for i in range(16):\n"
                                "    if i % 2 == 0:\n"
                                "        m[:, i] = m[:, i - 1] * 0.5\n"
                                "    else:\n"
                                "        m[:, i] += 1.0\n"), "6*");
    /* a copy that dies in the iteration; one kept after it rebinds an array variable */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    c = b.copy()\n"
                                "    a[i:i + 8] = c[:8] * 2.0 + i\n"), "5*");
    cr_expect_str_eq(marked(PRE "c = b\n"
                                "for i in range(n):\n"
                                "    c = b.copy()\n"
                                "    a[i:i + 8] = c[:8] * 2.0 + i\n"
                                "print(c)\n"), "");
    /* a reduction whose result dies in the iteration (trisolv's dot); a matrix product
     * (cuBLAS) and a host read of the device keep the loop out */
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    a[i:i + 2] = b[i:i + 8].sum()\n"), "5*");
    cr_expect_str_eq(marked(PRE "m = cp.ones((8, 8))\n"
                                "for i in range(8):\n"
                                "    m[i:, :] = m[i:, :] @ m\n"), "");
    cr_expect_str_eq(marked(PRE "for i in range(n):\n"
                                "    if a[i] > 0.0:\n"
                                "        b[i:i + 8] += 1.0\n"), "");
}

Test(graphloop, variables_read_after_the_loop_leave_no_key)
{
    /* the inner loop's variable is printed after the loop: a replay of the outer loop would
     * skip setting it, and a graph_each loop is captured only to be replayed, so the outer
     * loop is not marked; the inner one is (its own variable is set after a replay) */
    const char *src = PRE "m = cp.ones((8, 16))\n"
                          "for i in range(n):\n"
                          "    for j in range(3):\n"
                          "        m[:, j] += i\n"
                          "print(m, j)\n";
    cr_expect_str_eq(marked(src), "7*");
    char *r = remarks(src);
    cr_expect(strstr(r, ":6:1: remark: this loop is not captured as a CUDA graph: it binds a variable read after "
                        "it, which a replay would skip"),
              "%s", r);
    free(r);
    /* the inner loop's capture ends early when it records too many launches */
    char *o2 = emit(src, "-O2", "cuda");
    cr_expect(strstr(o2, "rt_graph_begin_each(") && strstr(o2, " || rt_graph_over())) {"),
              "no check of the capture's size");
    free(o2);
}

Test(graphloop, codegen_captures_every_iteration_of_a_moving_body)
{
    const char *src = PRE "m = cp.ones((8, 16))\n"
                          "for i in range(3, 16, 2):\n"
                          "    m[:, i] = m[:, i - 1] * 2.0 + i\n"
                          "print(m, i)\n";
    char *o2 = emit(src, "-O2", "cuda");
    cr_expect(strstr(o2, "int64_t gu0 = gd0 ? 0 : rt_graph_begin_each(&gl0, gn0, gk0, gkn0);"),
              "no rt_graph_begin_each");
    /* the key: m, then start, step and count in place of the loop variable */
    cr_expect(strstr(o2, "rt_graph_key_array(gk0 + gkn0, g_m);") && !strstr(o2, "(uint64_t)(g_i)"),
              "the key holds the loop variable");
    cr_expect(strstr(o2, "gk0[gkn0++] = (uint64_t)gn0;"), "no count in the key");
    cr_expect(strstr(o2, "g_i = "), "the loop variable is not set");
    free(o2);
    char *ir = emit(src, "-O2", "ir");
    cr_expect(strstr(ir, "[graph each]"), "--emit=ir does not show the mark");
    free(ir);
    char *k = emit(src, "-O2", "kernels");
    cr_expect(strstr(k, ":6  (the loop of line 6, captured once with every iteration's launches (they move with the "
                        "loop variable or branch) and replayed: k"),
              "no graph line in:\n%s", k);
    free(k);
}

/* The name of the copy "T gsK_I = VAR;" that o keeps of VAR before a graph_each loop, in buf. */
static const char *kept_copy(const char *o, const char *var, char *buf, size_t n)
{
    char tail[64];
    snprintf(tail, sizeof tail, " = %s;", var);
    for (const char *p = strstr(o, " gs"); p; p = strstr(p + 1, " gs")) {
        const char *e = strchr(p + 1, ' ');
        if (e && !strncmp(e, tail, strlen(tail)) && (size_t)(e - p) < n) {
            snprintf(buf, n, "%.*s", (int)(e - p - 1), p + 1);
            return buf;
        }
    }
    return NULL;
}

Test(graphloop, a_restart_puts_back_the_scalars_the_body_carries)
{
    /* every iteration of the i loop runs its host code under capture; when the capture is
     * thrown away (more launches than GPYRT_GRAPH_LAUNCH_MAX, a failed instantiation) the loop
     * starts again from its first iteration, with s and t as they were before the loop (e2e
     * graph_restart) */
    char *o2 = emit(PRE "def f(m, n):\n"
                        "    s = 0.0\n"
                        "    t = 0\n"
                        "    for i in range(n):\n"
                        "        for j in range(3):\n"
                        "            m[:, j] += s + t\n"
                        "        s = s + 1.0\n"
                        "        t += i\n"
                        "m = cp.ones((8, 16))\n"
                        "f(m, n)\n"
                        "f(m, n)\n"
                        "print(m)\n",
                    "-O2", "cuda");
    char ks[32], kt[32], put[64];
    cr_assert(kept_copy(o2, "l_s", ks, sizeof ks) && kept_copy(o2, "l_t", kt, sizeof kt),
              "the scalars are not kept:\n%s", o2);
    const char *back = strstr(o2, "/* the loop starts again: its scalars as they were */");
    cr_assert(back, "the scalars are not put back:\n%s", o2);
    snprintf(put, sizeof put, "l_s = %s;", ks);
    cr_expect(strstr(back, put), "no %s:\n%s", put, o2);
    snprintf(put, sizeof put, "l_t = %s;", kt);
    cr_expect(strstr(back, put), "no %s:\n%s", put, o2);
    free(o2);
}
