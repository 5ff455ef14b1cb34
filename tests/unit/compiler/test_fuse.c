/*
 * test_fuse.c — how many kernels a program becomes, with and without fusion (no GPU needed):
 * parse → lower → gpyc's passes (passes.c: guards, unroll, forward, guards, smallred, masked, group,
 * fuse, row chains, siblings) up to recurrences, then count the kernels launched on the fused
 * path: groups, less row chain and sibling set members, plus one per chain or set (what
 * --emit=kernels lists unindented; a set's _fin kernel is not counted).  launches() adds the
 * horizontal bundles (hfuse.c): one launch per bundle instead of one per member.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "compiler/compiler.h"
#include "lower_src.h"

static int n_recur;     /* groups that run a loop per element (recur.c), set by kernels() */
static int n_sets;      /* sibling reduction sets (siblings.c), set by kernels() */
static int n_members;   /* groups in those sets */
static int n_bundles;   /* horizontal bundles (hfuse.c), set by kernels() */
static int n_bundled;   /* groups in those bundles */

/* Compiles `src` through gpyc's passes (passes.c) up to recurrences, at -O2 with `fuse`, else
 * -O0, and returns the number of kernel groups (-1 on a compile error); with `bundle`, the
 * passes run up to horizontal fusion and the number is of launches. */
static int count(const char *src, bool fuse, bool bundle)
{
    Arena *a = ar_new();
    int n = -1;
    IrModule *m = lower_src(a, src);
    if (m) {
        passes_run(m, fuse ? 2 : 0, bundle ? PASS_HFUSE : PASS_RECUR);
        n = m->groups.n;
        n_recur = 0;
        for (int i = 0; i < m->groups.n; i++) n_recur += ((KernelGroup *)VEC_AT(m->groups, i))->recur != NULL;
        for (int i = 0; i < m->chains.n; i++) n += 1 - ((RowChain *)VEC_AT(m->chains, i))->members.n;
        n_sets = m->siblings.n;
        n_members = 0;
        for (int i = 0; i < m->siblings.n; i++) {
            int k = ((Siblings *)VEC_AT(m->siblings, i))->members.n;
            n += 1 - k;
            n_members += k;
        }
        n_bundles = m->bundles.n;
        n_bundled = 0;
        for (int i = 0; i < m->bundles.n; i++) {
            int k = ((Bundle *)VEC_AT(m->bundles, i))->members.n;
            n += 1 - k;
            n_bundled += k;
        }
        ir_module_free(m);
    }
    ar_delete(a);
    return n;
}

static int kernels(const char *src, bool fuse) { return count(src, fuse, false); }
static int launches(const char *src) { return count(src, true, true); }

#define PRELUDE "import cupy as cp\nx = cp.ones(1000, dtype=cp.float32)\ny = cp.ones(1000, dtype=cp.float32)\n"

Test(fuse, elementwise_chain_is_one_kernel)
{
    /* W2's chain: 11 kernels unfused; 2 creations + 1 fused kernel here */
    const char *src = PRELUDE "z = cp.sin(x) * 2.0 + cp.cos(y) * 3.0 - cp.sqrt(cp.abs(x - y)) + x * y\n";
    cr_expect_eq(kernels(src, true), 3);
    cr_expect_eq(kernels(src, false), 13);
}

Test(fuse, sum_of_square_takes_a_prologue)
{
    const char *src = PRELUDE "s = cp.sum(x * x)\n";
    cr_expect_eq(kernels(src, true), 3);
    cr_expect_eq(kernels(src, false), 4);
}

Test(fuse, softmax_at_most_three)
{
    const char *src = PRELUDE "m = x.reshape(10, 100)\n"
                              "e = cp.exp(m - m.max(axis=1, keepdims=True))\n"
                              "s = e / e.sum(axis=1, keepdims=True)\n";
    int n = kernels(src, true) - 2;
    /* max; sum(exp(m - max)) with the exponential recomputed; exp(m - max) / sum: three
     * groups over the rows of m, one row chain */
    cr_expect_eq(n, 1, "softmax became %d kernels", n);
}

Test(fuse, layer_norm_is_one_row_chain)
{
    /* mean; mean of the squared centred row; the normalised row.  The stores of mu and var
     * move after the chain's launch */
    const char *src = PRELUDE "m = x.reshape(10, 100)\n"
                              "mu = m.mean(axis=1, keepdims=True)\n"
                              "var = ((m - mu) * (m - mu)).mean(axis=1, keepdims=True)\n"
                              "z = (m - mu) / cp.sqrt(var + 1e-5)\n"
                              "print(z, mu, var)\n";
    cr_expect_eq(kernels(src, true) - 2, 1);
}

Test(fuse, row_chain_stops_at_a_host_use)
{
    /* printing the row max needs it before the sum runs: the max, then the sum and the
     * division (a chain must start at a reduction that reads only X) */
    const char *src = PRELUDE "m = x.reshape(10, 100)\n"
                              "mx = m.max(axis=1, keepdims=True)\n"
                              "print(mx)\n"
                              "e = cp.exp(m - mx)\n"
                              "s = e / e.sum(axis=1, keepdims=True)\n";
    cr_expect_eq(kernels(src, true) - 2, 3);
}

Test(fuse, row_chain_needs_a_last_axis_keepdims_reduction)
{
    /* a column reduction and a reduction without keepdims start no chain */
    const char *cols = PRELUDE "m = x.reshape(10, 100)\n"
                               "e = cp.exp(m - m.max(axis=0, keepdims=True))\n"
                               "s = e / e.sum(axis=0, keepdims=True)\n";
    cr_expect_eq(kernels(cols, true) - 2, 3);
    const char *flat = PRELUDE "m = x.reshape(10, 100)\n"
                               "t = m.max(axis=1)\n"
                               "u = m - t.reshape(10, 1)\n";
    cr_expect_eq(kernels(flat, true) - 2, 2);
}

Test(fuse, elementwise_recurrence_is_one_kernel)
{
    /* W1: the loop's kernel runs the whole loop per element */
    const char *src = PRELUDE "for i in range(10000):\n    x = x * 0.99 + 0.01\n";
    cr_expect_eq(kernels(src, true), 3);
    cr_expect_eq(n_recur, 1);
    cr_expect_eq(kernels(src, false), 4);
    cr_expect_eq(n_recur, 0);
    /* an array operand read every iteration, a range with a step */
    const char *src2 = PRELUDE "for i in range(2, 50, 4):\n    x = cp.sin(x) * y + 1.0\n";
    cr_expect_eq(kernels(src2, true), 3);
    cr_expect_eq(n_recur, 1);
}

Test(fuse, loops_that_are_not_recurrences)
{
    const char *uses_i = PRELUDE "for i in range(10):\n    x = x * 0.5 + i\n";
    const char *i_after = PRELUDE "for i in range(10):\n    x = x * 0.5\nprint(i)\n";
    const char *prints = PRELUDE "for i in range(10):\n    x = x * 0.5\n    print(x)\n";
    const char *two = PRELUDE "for i in range(10):\n    x = x * 0.5\n    y = y + x\n";
    const char *other = PRELUDE "for i in range(10):\n    y = x * 0.5\n";
    const char *reduce = PRELUDE "for i in range(10):\n    x = x - x.sum()\n";
    const char *srcs[] = {uses_i, i_after, prints, two, other, reduce};
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        cr_expect_gt(kernels(srcs[k], true), 0, "program %zu does not compile", k);
        cr_expect_eq(n_recur, 0, "program %zu became a recurrence", k);
    }
}

Test(fuse, stencil_fuses_into_the_slice_store)
{
    const char *src = "import cupy as cp\nh = cp.zeros(100)\n"
                      "h[1:-1] = h[1:-1] + 0.4 * (h[2:] - 2 * h[1:-1] + h[:-2])\n";
    cr_expect_eq(kernels(src, true), 2);
}

Test(fuse, values_used_twice_are_materialised)
{
    /* a is used by two kernels and by print: it must exist in memory */
    const char *src = PRELUDE "a = x + 1.0\nb = a * 2.0\nc = a * 3.0\nprint(a)\n";
    cr_expect_eq(kernels(src, true), 2 + 3);
}

Test(fuse, no_fusion_across_an_in_place_write)
{
    /* t reads x; x is written before t's only use: t must be computed before the write */
    const char *src = PRELUDE "t = x + 1.0\nx[0] = 5.0\nu = t * 2.0\n";
    /* creations (2), t (1), the store (1), u (1): t is not moved past the store */
    cr_expect_eq(kernels(src, true), 5);
}

Test(fuse, no_fusion_across_control_flow)
{
    const char *src = PRELUDE "t = x + 1.0\nif len(x) > 3:\n    u = t * 2.0\n";
    cr_expect_eq(kernels(src, true), 4);
}

Test(fuse, chains_fuse_through_variables)
{
    /* y is stored and reloaded: forwarding lets the two statements share one kernel */
    const char *src = PRELUDE "y = x * 2.0 + 1.0\ny = cp.sqrt(y * y + 1.0)\nprint(y)\n";
    cr_expect_eq(kernels(src, true), 3);
}

Test(fuse, loop_carried_values_stay_in_memory)
{
    /* x is read by the next iteration: its store is live and each iteration is one kernel */
    const char *src = PRELUDE "for i in range(10):\n    x = x * 0.99 + 0.01\nprint(x)\n";
    cr_expect_eq(kernels(src, true), 3);
}

Test(fuse, recompute_feeds_two_reductions)
{
    /* the cast is cheap: each sum reads x itself instead of a float64 copy */
    const char *src = PRELUDE "x64 = x.astype(cp.float64)\nprint(float(cp.sum(x64)), float(cp.sum(x64 * x64)))\n";
    cr_expect_eq(kernels(src, true), 2 + 2);
}

Test(fuse, fft_of_complex64_adds_no_kernel)
{
    /* W7: the transform is a library call on the input as it lies (no cast, no copy, no scale) */
    const char *src = "import cupy as cp\nz = cp.ones(1024, dtype=cp.complex64)\nX = cp.fft.fft(z)\n";
    cr_expect_eq(kernels(src, true), 1);
}

Test(fuse, fft_norm_factor_fuses_with_its_consumer)
{
    /* ifft's 1/n multiplies in the same kernel as the abs that reads it; float32 input is cast */
    const char *src = "import cupy as cp\nx = cp.ones(1024, dtype=cp.float32)\ny = cp.abs(cp.fft.ifft(x))\n";
    cr_expect_eq(kernels(src, true), 3);
    cr_expect_eq(kernels(src, false), 4);
}

/* ---------------------------------------------------------------- unroll.c, siblings.c */

#define KMEANS_BODY                                                                      \
    "    m = labels == k\n"                                                              \
    "    cnt = cp.sum(m.astype(cp.float32))\n"                                           \
    "    s = cp.sum(cp.where(m.reshape(N, 1), X, 0.0), axis=0)\n"                        \
    "    newC[k] = cp.where(cnt > 0.0, s / cp.maximum(cnt, 1.0), C[k])\n"
#define KMEANS_PRELUDE                                                                   \
    "import cupy as cp\nN = 1000\nK = 4\n"                                               \
    "X = cp.ones((N, 2), dtype=cp.float32)\nlabels = cp.zeros(N, dtype=cp.int64)\n"      \
    "C = cp.zeros((K, 2), dtype=cp.float32)\nnewC = cp.zeros((K, 2), dtype=cp.float32)\n"

Test(fuse, mask_is_recomputed_through_its_reshape)
{
    /* m = labels == k is not stored: each reduction recomputes it (the second through the
     * reshape), and the two reductions share one pass over the rows: one set and the tail
     * (unfused: 10 kernels) */
    const char *src = KMEANS_PRELUDE "k = 1\nif k == 1:\n" KMEANS_BODY;
    cr_expect_eq(kernels(src, true), 4 + 2);
    cr_expect_eq(n_sets, 1);
    cr_expect_eq(n_members, 2);
    const char *src2 = "import cupy as cp\nx = cp.ones(1000, dtype=cp.float32)\nX = cp.ones((1000, 3))\n"
                       "m = x > 0.5\nt = cp.where(m.reshape(1000, 1), X, 1.0)\nprint(t)\n";
    cr_expect_eq(kernels(src2, true), 3);
}

Test(fuse, kmeans_loop_is_one_multi_reduction)
{
    /* K = 4 iterations unrolled: 8 reductions over the same N rows in one kernel, plus the
     * four tails; unfused the loop stays, and its body is 10 kernels */
    const char *src = KMEANS_PRELUDE "for k in range(K):\n" KMEANS_BODY;
    cr_expect_eq(kernels(src, true), 4 + 1 + 4);
    cr_expect_eq(n_sets, 1);
    cr_expect_eq(n_members, 8);
    cr_expect_eq(kernels(src, false), 4 + 10);
    cr_expect_eq(n_sets, 0);
}

Test(fuse, loops_that_are_not_unrolled)
{
    /* a print, a value brought to the host, a trip count that is not a constant (K stored
     * twice), too many iterations: the loop stays, one set per
     * iteration at most */
    const char *prints = KMEANS_PRELUDE "for k in range(K):\n" KMEANS_BODY "    print(cnt)\n";
    const char *host = KMEANS_PRELUDE "t = 0.0\nfor k in range(K):\n" KMEANS_BODY "    t += float(cnt)\n";
    const char *twice = KMEANS_PRELUDE "K = 5\nfor k in range(K):\n" KMEANS_BODY;
    const char *many = KMEANS_PRELUDE "for k in range(100):\n" KMEANS_BODY;
    const char *srcs[] = {prints, host, twice, many};
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        cr_expect_eq(kernels(srcs[k], true), 4 + 2, "program %zu", k);
        cr_expect_eq(n_members, 2, "program %zu", k);
    }
}

Test(fuse, sibling_reductions_over_one_array)
{
    const char *src = PRELUDE "a = x.sum()\nb = (x * x).sum()\nc = x.max()\nd = cp.mean(x * y)\nprint(a, b, c, d)\n";
    cr_expect_eq(kernels(src, true), 3);
    cr_expect_eq(n_members, 4);
    const char *cols = "import cupy as cp\nX = cp.ones((1000, 3))\n"
                       "s1 = X.sum(axis=0)\ns2 = (X * X).sum(axis=0)\nt = X.min()\nprint(s1, s2, t)\n";
    cr_expect_eq(kernels(cols, true), 2);
    cr_expect_eq(n_members, 3);
}

Test(fuse, sibling_reductions_that_must_stay_apart)
{
    /* the input is written between the two reductions */
    const char *written = PRELUDE "a = x.sum()\nx[0] = 5.0\nb = (x * 2.0).sum()\nprint(a, b)\n";
    cr_expect_eq(kernels(written, true), 5);
    cr_expect_eq(n_sets, 0);
    /* the second reads the first's result */
    const char *dep = PRELUDE "a = x.sum()\nb = (x - a).sum()\nprint(a, b)\n";
    cr_expect_eq(kernels(dep, true), 4);
    cr_expect_eq(n_sets, 0);
    /* a print in between */
    const char *printed = PRELUDE "a = x.sum()\nprint(a)\nb = (x * x).sum()\nprint(b)\n";
    cr_expect_eq(kernels(printed, true), 4);
    cr_expect_eq(n_sets, 0);
    /* index reductions and reductions over a last axis of 2-d arrays are not members */
    const char *arg = PRELUDE "a = x.argmax()\nb = x.argmin()\nprint(a, b)\n";
    cr_expect_eq(kernels(arg, true), 4);
    cr_expect_eq(n_sets, 0);
    const char *rows = "import cupy as cp\nX = cp.ones((1000, 3))\n"
                       "s1 = X.sum(axis=1)\ns2 = (X * X).sum(axis=1)\nprint(s1, s2)\n";
    cr_expect_eq(kernels(rows, true), 3);
    cr_expect_eq(n_sets, 0);
}

Test(fuse, masked_updates_and_reductions)
{
    /* masked.c: mandelbrot's update is one kernel (mask, square, add, where, store), the
     * per-bin mean one complex128 reduction (the masked sum in the real parts, the count in
     * the imaginary ones: no sibling set) and one division stored into res[i]; unfused (-O0)
     * the gathers and scatters are host calls, not kernels */
    const char *head = "import cupy as cp\n"
                       "Z = cp.zeros((64, 64), dtype=cp.complex128)\n"
                       "C = cp.ones((64, 64), dtype=cp.complex128)\n";
    char src[512];
    snprintf(src, sizeof src, "%sI = abs(Z) < 2.0\nZ[I] = Z[I] ** 2 + C[I]\n", head);
    cr_expect_eq(kernels(src, true), 2 + 1);
    /* three masks (three values, each its own gather): nothing to rewrite, the masks and the
     * square-add are kernels */
    snprintf(src, sizeof src, "%sZ[abs(Z) < 2.0] = Z[abs(Z) < 2.0] ** 2 + C[abs(Z) < 2.0]\n", head);
    cr_expect_eq(kernels(src, true), 2 + 4);
    const char *bins = "import cupy as cp\n"
                       "data = cp.ones(1000)\nradius = cp.ones(1000)\nres = cp.zeros(10)\n"
                       "for i in range(10):\n"
                       "    m = cp.logical_and(i * 0.1 <= radius, radius < (i + 1) * 0.1)\n"
                       "    res[i] = data[m].mean()\n";
    cr_expect_eq(kernels(bins, true), 3 + 2);
    cr_expect_eq(n_sets, 0);
}

Test(fuse, short_axis_reduction_fuses_into_its_consumer)
{
    /* W5's distances: sum over the constant axis D = 2 is written out (smallred.c) and
     * becomes the argmin's prologue: 3 creations + 1 kernel; unfused, the sum and the argmin
     * and the two elementwise ops are 4 kernels */
    const char *head = "import cupy as cp\nN = 1000\nK = 16\nD = 2\n"
                       "X = cp.ones((N, D), dtype=cp.float32)\nC = cp.zeros((K, D), dtype=cp.float32)\n";
    char src[1024];
    snprintf(src, sizeof src, "%s%s", head,
             "diff = X.reshape(N, 1, D) - C.reshape(1, K, D)\n"
             "print(cp.argmin(cp.sum(diff * diff, axis=2), axis=1))\n");
    cr_expect_eq(kernels(src, true), 2 + 1);
    cr_expect_eq(kernels(src, false), 2 + 4);
    /* not written out: an extent that is not a compile-time constant, more than 4 elements,
     * keepdims, an accumulation dtype (int32 sums to int64) — the sum stays a kernel of its
     * own, the argmin another */
    const char *kept[] = {
        "n = int(cp.sum(X))\nd = X.reshape(N, 1, n) - C.reshape(1, K, n)\nprint(cp.argmin(cp.sum(d * d, axis=2), axis=1))\n",
        "d = cp.ones((N, 1, 5), dtype=cp.float32) - cp.ones((1, K, 5), dtype=cp.float32)\nprint(cp.argmin(cp.sum(d * d, axis=2), axis=1))\n",
        "d = X.reshape(N, 1, D) - C.reshape(1, K, D)\nprint(cp.argmin(cp.sum(d * d, axis=2, keepdims=True), axis=1))\n",
        "d = X.astype(cp.int32).reshape(N, 1, D) - C.astype(cp.int32).reshape(1, K, D)\n"
        "print(cp.argmin(cp.sum(d * d, axis=2), axis=1))\n",
    };
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        snprintf(src, sizeof src, "%s%s", head, kept[k]);
        int n = kernels(src, true);
        cr_expect(n >= 2 + 2, "program %zu: %d kernels", k, n);
    }
}

Test(fuse, independent_kernels_share_one_launch)
{
    /* k-means: the four creations of the prelude are one bundle, and so are the loop's four
     * tails newC[k] = where(...), which write distinct rows of newC */
    const char *src = KMEANS_PRELUDE "for k in range(K):\n" KMEANS_BODY;
    cr_expect_eq(launches(src), 1 + 1 + 1);
    cr_expect_eq(n_bundles, 2);
    cr_expect_eq(n_bundled, 4 + 4);
    /* rows written by kernels of different shapes and dtypes */
    const char *rows = "import cupy as cp\nZ = cp.zeros((3, 4))\nv = cp.arange(4)\n"
                       "Z[0] = v * 2\nZ[1] = cp.sqrt(v + 1.0)\nZ[2] = 7.0\nprint(Z)\n";
    cr_expect_eq(kernels(rows, true), 5);
    cr_expect_eq(launches(rows), 2);
    cr_expect_eq(n_bundled, 5);
}

Test(fuse, kernels_that_must_not_share_a_launch)
{
    const char *head = "import cupy as cp\nZ = cp.zeros((4, 3))\nprint(Z)\nv = cp.arange(3.0)\nprint(v)\n";
    const char *apart[] = {
        "Z[0:2] = v * 2\nZ[1:3] = v + 1\n",       /* overlapping writes: the order decides */
        "Z[0] = v * 2\nZ[-4] = v + 1\n",          /* the same row, one index negative */
        "Z[i] = v * 2\nZ[1] = v + 1\n",           /* a row not known at compile time */
        "Z[0] = Z[1] * 2\nZ[1] = v + 1\n",        /* the second writes what the first reads */
        "Z[0] = v * 2\nprint(Z)\nZ[1] = v + 1\n", /* a print in between */
        "Z[0] = v * 2\nv[0] = 5.0\nZ[1] = v + 1\n", /* v written in between (a kernel itself) */
    };
    char src[1024];
    for (size_t k = 0; k < sizeof apart / sizeof apart[0]; k++) {
        snprintf(src, sizeof src, "%si = int(v[1])\n%sprint(Z)\n", head, apart[k]);
        int fused = kernels(src, true);
        cr_expect_eq(launches(src), fused, "program %zu: %d launches for %d kernels", k, launches(src), fused);
        cr_expect_eq(n_bundles, 0, "program %zu", k);
    }
    /* a group that straddles the producers it reads (the subtraction's group spans both eyes:
     * acceptance 19's laplacian) must launch after them, not beside them */
    const char *lap = "import cupy as cp\nn = 5\nA = 2.0 * cp.eye(n) - cp.eye(n, k=1) - cp.eye(n, k=-1)\nprint(A)\n";
    int fused = kernels(lap, true);
    cr_expect_eq(launches(lap), fused);
    cr_expect_eq(n_bundles, 0);
}

Test(fuse, shape_of_a_producer_reads_its_input)
{
    /* n = e.shape[0] of an elementwise producer with one full-size array input reads that
     * input's shape, so e still fuses into its user: 2 creations, the sum with e as its
     * prologue, the division */
    const char *src = PRELUDE "e = x * 2.0 + 1.0\nn = e.shape[0]\nprint(cp.sum(e) / n)\n";
    cr_expect_eq(kernels(src, true), 2 + 2);
    /* einsum's run-time size checks read its operands' shapes: the producer of one still
     * fuses into the product and the sum (sizes known only at run time here) */
    const char *es = "import cupy as cp\nimport sys\nk = len(sys.argv)\na = cp.ones((k, k + 2))\n"
                     "b = cp.ones((k, k + 2))\nd = a * 2.0\nprint(cp.einsum('ij,ij->i', d, b))\n";
    cr_expect_eq(kernels(es, true), 2 + 1);
    /* two array inputs that could broadcast: the shape is the producer's own, which stays in
     * memory */
    const char *two = PRELUDE "e = x - y\nn = e.shape[0]\nprint(cp.sum(e) / n)\n";
    cr_expect_eq(kernels(two, true), 2 + 3);
}
