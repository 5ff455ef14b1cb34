/*
 * test_views.c — runtime/views.c on the CPU: broadcasting and its messages, basic indexing
 * (cases computed by NumPy in index_cases.inc), reshape, transpose, broadcast_to, the
 * reduction split; array.c's store-copy decision (rt_store_needs_copy); and, as small as
 * they are, launch.c's grids for small n and streams.c's per-stream handle table.  Arrays are hand-built headers over host
 * memory with no buffer; nothing here initialises the GPU.
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "runtime/internal.h"

static jmp_buf jb;
static char got_exc[128], got_msg[1024];

static void capture(const char *exc, const char *msg)
{
    snprintf(got_exc, sizeof got_exc, "%s", exc);
    snprintf(got_msg, sizeof got_msg, "%s", msg);
    longjmp(jb, 1);
}

/* Runs stmt and asserts that it raises EXC with message MSG. */
#define EXPECT_RAISE(stmt, EXC, MSG)                                                          \
    do {                                                                                      \
        rt_set_raise_hook(capture);                                                           \
        if (setjmp(jb) == 0) {                                                                \
            stmt;                                                                             \
            cr_assert_fail("no exception from %s", #stmt);                                    \
        }                                                                                     \
        cr_assert_str_eq(got_exc, EXC);                                                       \
        cr_assert_str_eq(got_msg, MSG);                                                       \
        rt_set_raise_hook(NULL);                                                              \
    } while (0)

static _Alignas(64) char arena[1 << 12];

/* A header over host memory: dtype int64 unless said otherwise, data at arena + offset. */
static gp_array mk(int ndim, const int64_t *shape, const int64_t *strides, int64_t offset)
{
    gp_array a;
    memset(&a, 0, sizeof a);
    a.refcnt = 1;
    a.dtype = GP_INT64;
    a.ndim = ndim;
    a.size = 1;
    for (int i = 0; i < ndim; i++) {
        a.shape[i] = shape[i];
        a.strides[i] = strides[i];
        a.size *= shape[i];
    }
    a.data = arena + offset;
    return a;
}

static gp_array mkc(int ndim, const int64_t *shape)
{
    int64_t st[GP_MAXDIM];
    rt_c_strides(ndim, shape, 8, st);
    return mk(ndim, shape, st, 0);
}

/* ---------------------------------------------------------------- broadcasting */

Test(broadcast, shapes)
{
    int64_t s1[] = {3, 1}, s2[] = {4}, s3[] = {2, 1, 1};
    gp_array a = mkc(2, s1), b = mkc(1, s2), c = mkc(3, s3);
    const gp_array *arrs[] = {&a, NULL, &b, &c};
    gp_shape out;
    rt_broadcast(&out, 4, arrs);
    cr_assert_eq(out.ndim, 3);
    cr_assert_eq(out.dim[0], 2);
    cr_assert_eq(out.dim[1], 3);
    cr_assert_eq(out.dim[2], 4);
    cr_assert_eq(out.size, 24);
}

Test(broadcast, zero_size_and_scalars)
{
    int64_t s1[] = {0, 1}, s2[] = {1, 5};
    gp_array a = mkc(2, s1), b = mkc(2, s2), z = mkc(0, NULL);
    const gp_array *arrs[] = {&a, &b, &z};
    gp_shape out;
    rt_broadcast(&out, 3, arrs);
    cr_assert_eq(out.ndim, 2);
    cr_assert_eq(out.dim[0], 0);
    cr_assert_eq(out.dim[1], 5);
    cr_assert_eq(out.size, 0);
}

Test(broadcast, errors)
{
    /* messages as NumPy prints them for np.ones(s1) + np.ones(s2) */
    int64_t s1[] = {3}, s2[] = {4}, s3[] = {2, 3}, s4[] = {4, 5};
    gp_array a = mkc(1, s1), b = mkc(1, s2), c = mkc(2, s3), d = mkc(2, s4);
    const gp_array *ab[] = {&a, &b}, *cd[] = {&c, &d};
    gp_shape out;
    EXPECT_RAISE(rt_broadcast(&out, 2, ab), "ValueError",
                 "operands could not be broadcast together with shapes (3,) (4,) ");
    EXPECT_RAISE(rt_broadcast(&out, 2, cd), "ValueError",
                 "operands could not be broadcast together with shapes (2,3) (4,5) ");
}

Test(broadcast, kin)
{
    int64_t s1[] = {3, 1};
    gp_array a = mkc(2, s1);
    int64_t d[] = {2, 3, 4};
    gp_shape s = rt_shape_make(3, d);
    gp_kin k = rt_kin(&a, &s);
    cr_assert_eq(k.data, a.data);
    cr_assert_eq(k.st[0], 0);
    cr_assert_eq(k.st[1], 8);
    cr_assert_eq(k.st[2], 0);
}

Test(broadcast, broadcast_to)
{
    int64_t s1[] = {3, 1}, to[] = {2, 3, 4};
    gp_array a = mkc(2, s1);
    gp_array *v = rt_broadcast_to(&a, 3, to);
    cr_assert_eq(v->ndim, 3);
    cr_assert_eq(v->size, 24);
    cr_assert_eq(v->strides[0], 0);
    cr_assert_eq(v->strides[1], 8);
    cr_assert_eq(v->strides[2], 0);
    rt_release(v);
    int64_t s3[] = {3}, t4[] = {4}, s23[] = {2, 3}, t3[] = {3}, t424[] = {4, 2, 4},
            tneg[] = {-1, 3};
    gp_array b = mkc(1, s3), c = mkc(2, s23);
    EXPECT_RAISE(rt_broadcast_to(&b, 1, t4), "ValueError",
                 "operands could not be broadcast together with remapped shapes "
                 "[original->remapped]: (3,)  and requested shape (4,)");
    EXPECT_RAISE(rt_broadcast_to(&c, 1, t3), "ValueError",
                 "input operand has more dimensions than allowed by the axis remapping");
    EXPECT_RAISE(rt_broadcast_to(&c, 3, t424), "ValueError",
                 "operands could not be broadcast together with remapped shapes "
                 "[original->remapped]: (2,3)  and requested shape (4,2,4)");
    EXPECT_RAISE(rt_broadcast_to(&c, 2, tneg), "ValueError",
                 "all elements of broadcast shape must be non-negative");
}

Test(shape, make_and_format)
{
    int64_t d[] = {2, -1};
    EXPECT_RAISE(rt_shape_make(2, d), "ValueError", "negative dimensions are not allowed");
    char buf[64];
    int64_t s[] = {2, 3};
    rt_shape_fmt(buf, sizeof buf, 2, s, false);
    cr_assert_str_eq(buf, "(2, 3)");
    rt_shape_fmt(buf, sizeof buf, 2, s, true);
    cr_assert_str_eq(buf, "(2,3)");
    rt_shape_fmt(buf, sizeof buf, 1, s, false);
    cr_assert_str_eq(buf, "(2,)");
    rt_shape_fmt(buf, sizeof buf, 0, s, false);
    cr_assert_str_eq(buf, "()");
}

/* n / dim[d] as the elementwise kernels' 32-bit path computes it (gp_dim_div). */
static uint32_t fdiv(const gp_shape *s, int d, uint32_t n)
{
    return (uint32_t)(((uint64_t)n * s->dmul[d]) >> s->dshr[d]);
}

/* rt_ew_mode: its mode bits, and reciprocals exact for every dividend below 2^31: all of
 * them for small divisors' edges, the extremes and a pseudo-random sample for every divisor
 * up to 70,000 and around each power of two up to 2^31 - 1. */
Test(shape, ew_mode_division)
{
    int64_t big[] = {INT64_C(1) << 31};
    gp_shape s = rt_shape_make(1, big);
    cr_assert_eq(rt_ew_mode(&s, true), 1);
    cr_assert_eq(rt_ew_mode(&s, false), 0);
    int64_t empty[] = {0, INT64_C(1) << 40};
    s = rt_shape_make(2, empty);
    cr_assert_eq(rt_ew_mode(&s, false), 2);
    int64_t divs[70000 + 64];
    int nd = 0;
    for (int64_t d = 1; d <= 70000; d++) divs[nd++] = d;
    for (int l = 17; l <= 31; l++) {
        divs[nd++] = (INT64_C(1) << l) - 1;
        if (l < 31) divs[nd++] = (INT64_C(1) << l) + 1;
    }
    uint64_t x = 88172645463325252ull;   /* xorshift64 */
    for (int k = 0; k < nd; k++) {
        int64_t one[] = {divs[k]};
        s = rt_shape_make(1, one);
        cr_assert_eq(rt_ew_mode(&s, true), 3);
        const uint32_t d = (uint32_t)divs[k], top = INT32_MAX;
        uint32_t ns[] = {0, 1, d - 1, d, d + 1, top, top - 1, top - top % d, top - top % d - 1, 2 * d - 1};
        for (size_t j = 0; j < sizeof ns / sizeof *ns; j++)
            if (ns[j] <= top) cr_assert_eq(fdiv(&s, 0, ns[j]), ns[j] / d, "%u / %u", ns[j], d);
        for (int j = 0; j < 64; j++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            const uint32_t n = (uint32_t)(x & INT32_MAX);
            cr_assert_eq(fdiv(&s, 0, n), n / d, "%u / %u", n, d);
        }
    }
}

/* rt_ew_setup: the views, the merge of dimensions walked alike, the mode bits and the vector
 * path's alignment. */
Test(shape, ew_setup)
{
    /* two contiguous (2, 3, 4) int64 arrays: one dimension, fast, 32-bit, vector */
    int64_t d3[] = {2, 3, 4};
    gp_array a = mkc(3, d3), b = mkc(3, d3);
    gp_shape s = rt_shape_make(3, d3);
    const gp_array *x[] = {&a, &b};
    const uint8_t z[] = {8, 8};
    gp_kin k[2];
    cr_assert_eq(rt_ew_setup(&s, 2, x, z, k, true, 2), 7);
    cr_assert_eq(s.ndim, 1);
    cr_assert_eq(s.dim[0], 24);
    cr_assert_eq(k[0].st[0], 8);
    cr_assert_eq(k[1].st[1], 0);
    /* the same without the vector path, and without merging (eye's kernel needs 2 dims) */
    s = rt_shape_make(3, d3);
    cr_assert_eq(rt_ew_setup(&s, 2, x, z, k, true, 1), 3);
    s = rt_shape_make(3, d3);
    cr_assert_eq(rt_ew_setup(&s, 2, x, z, k, false, 2), 7);
    cr_assert_eq(s.ndim, 3);
    /* a (4,) row broadcast over (3, 4) (stride 0 along dim 0): no merge, not fast */
    int64_t d2[] = {3, 4}, d1[] = {4};
    gp_array o = mkc(2, d2), r = mkc(1, d1);
    const gp_array *y[] = {&o, &r};
    s = rt_shape_make(2, d2);
    cr_assert_eq(rt_ew_setup(&s, 2, y, z, k, true, 2), 2);
    cr_assert_eq(s.ndim, 2);
    cr_assert_eq(k[1].st[0], 0);
    cr_assert_eq(k[1].st[1], 8);
    /* a scalar-like (1,) array reads one element everywhere: fast, last stride 0 */
    int64_t one[] = {1};
    gp_array c = mkc(1, one);
    const gp_array *w[] = {&o, &c};
    s = rt_shape_make(2, d2);
    cr_assert_eq(rt_ew_setup(&s, 2, w, z, k, true, 2), 7);
    cr_assert_eq(k[1].st[s.ndim - 1], 0);
    /* misaligned data (8 bytes off a 16-byte vector access): no vector path */
    gp_array m = mk(1, d1, (const int64_t[]){8}, 8), n4 = mk(1, d1, (const int64_t[]){8}, 64);
    const gp_array *v[] = {&n4, &m};
    s = rt_shape_make(1, d1);
    cr_assert_eq(rt_ew_setup(&s, 2, v, z, k, true, 2), 3);
    v[1] = &n4;
    s = rt_shape_make(1, d1);
    cr_assert_eq(rt_ew_setup(&s, 2, v, z, k, true, 2), 7);
    /* strided (every other element): not fast */
    gp_array e = mk(1, (const int64_t[]){2}, (const int64_t[]){16}, 0), f = mk(1, (const int64_t[]){2}, (const int64_t[]){8}, 0);
    const gp_array *u[] = {&e, &f};
    s = rt_shape_make(1, (const int64_t[]){2});
    cr_assert_eq(rt_ew_setup(&s, 2, u, z, k, true, 2), 2);
}

/* ---------------------------------------------------------------- indexing */

typedef struct IndexCase {
    int ndim;
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    int nidx;
    gp_index idx[GP_MAXDIM];
    const char *text;
    int ondim;
    int64_t oshape[GP_MAXDIM], ostrides[GP_MAXDIM], offset;
    const char *err, *msg;
} IndexCase;

static const IndexCase index_cases[] = {
#include "index_cases.inc"
};

Test(index, numpy_cases)
{
    int n = (int)(sizeof index_cases / sizeof index_cases[0]);
    cr_assert_gt(n, 500);
    for (int k = 0; k < n; k++) {
        const IndexCase *c = &index_cases[k];
        gp_array a = mk(c->ndim, c->shape, c->strides, 0);
        if (c->err) {
            EXPECT_RAISE(rt_index(&a, c->nidx, c->idx), c->err, c->msg);
            continue;
        }
        gp_array *v = rt_index(&a, c->nidx, c->idx);
        cr_assert_eq(v->ndim, c->ondim, "case %d %s: ndim %d", k, c->text, v->ndim);
        cr_assert_eq(v->data - a.data, c->offset, "case %d shape%s: offset %td", k, c->text,
                     v->data - a.data);
        int64_t size = 1;
        for (int i = 0; i < c->ondim; i++) {
            cr_assert_eq(v->shape[i], c->oshape[i], "case %d %s: shape[%d]", k, c->text, i);
            size *= c->oshape[i];
        }
        for (int i = 0; i < c->ondim; i++)
            if (size > 0 && c->oshape[i] > 1)
                cr_assert_eq(v->strides[i], c->ostrides[i], "case %d %s: strides[%d]", k,
                             c->text, i);
        cr_assert_eq(v->size, size);
        rt_release(v);
    }
}

/* ---------------------------------------------------------------- reshape, transpose */

typedef struct ReshapeCase {
    int ndim;
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM], offset;
    int nnew;
    int64_t newshape[GP_MAXDIM];
    const char *text;
    int ondim;
    int64_t oshape[GP_MAXDIM], ostrides[GP_MAXDIM];
    bool view;
    const char *msg;
} ReshapeCase;

static const ReshapeCase reshape_cases[] = {
#define GEN_RESHAPE_CASES
#include "index_cases.inc"
#undef GEN_RESHAPE_CASES
};

Test(reshape, numpy_cases)
{
    int n = (int)(sizeof reshape_cases / sizeof reshape_cases[0]);
    for (int k = 0; k < n; k++) {
        const ReshapeCase *c = &reshape_cases[k];
        gp_array a = mk(c->ndim, c->shape, c->strides, c->offset);
        if (c->msg) {
            EXPECT_RAISE(rt_reshape(&a, c->nnew, c->newshape), "ValueError", c->msg);
            continue;
        }
        int64_t st[GP_MAXDIM];
        bool view = rt_reshape_view_strides(&a, c->ondim, c->oshape, st);
        cr_assert_eq(view, c->view, "case %s: view %d", c->text, view);
        if (!view)
            continue;   /* a copy needs the GPU */
        gp_array *v = rt_reshape(&a, c->nnew, c->newshape);
        cr_assert_eq(v->ndim, c->ondim);
        cr_assert_eq(v->data, a.data);
        for (int i = 0; i < c->ondim; i++) {
            cr_assert_eq(v->shape[i], c->oshape[i], "case %s: shape[%d]", c->text, i);
            if (c->oshape[i] > 1)
                cr_assert_eq(v->strides[i], c->ostrides[i], "case %s: strides[%d] %lld", c->text,
                             i, (long long)v->strides[i]);
        }
        rt_release(v);
    }
}

Test(reshape, errors)
{
    /* NumPy: np.arange(6).reshape(...) */
    int64_t s6[] = {6};
    gp_array a = mkc(1, s6);
    int64_t r4[] = {4}, r24[] = {2, 4}, r4u[] = {4, -1}, ruu[] = {-1, -1};
    EXPECT_RAISE(rt_reshape(&a, 1, r4), "ValueError", "cannot reshape array of size 6 into shape (4,)");
    EXPECT_RAISE(rt_reshape(&a, 2, r24), "ValueError", "cannot reshape array of size 6 into shape (2,4)");
    EXPECT_RAISE(rt_reshape(&a, 2, r4u), "ValueError",
                 "cannot reshape array of size 6 into shape (4,newaxis)");
    EXPECT_RAISE(rt_reshape(&a, 2, ruu), "ValueError", "can only specify one unknown dimension");
    EXPECT_RAISE(rt_reshape(&a, 0, NULL), "ValueError", "cannot reshape array of size 6 into shape ()");
    int64_t s16[] = {16}, ru3[] = {-1, 3};
    gp_array b = mkc(1, s16);
    EXPECT_RAISE(rt_reshape(&b, 2, ru3), "ValueError",   /* NumPy drops a leading -1 here */
                 "cannot reshape array of size 16 into shape (3)");
    int64_t s0[] = {0}, r0u[] = {0, -1};
    gp_array z = mkc(1, s0);
    EXPECT_RAISE(rt_reshape(&z, 2, r0u), "ValueError",
                 "cannot reshape array of size 0 into shape (0,newaxis)");
}

Test(transpose, perms)
{
    int64_t s[] = {2, 3, 4};
    gp_array a = mkc(3, s);
    gp_array *t = rt_transpose(&a, NULL);
    cr_assert_eq(t->shape[0], 4);
    cr_assert_eq(t->shape[2], 2);
    cr_assert_eq(t->strides[0], 8);
    cr_assert_eq(t->strides[2], 96);
    rt_release(t);
    int perm[] = {1, 0, 2};
    t = rt_transpose(&a, perm);
    cr_assert_eq(t->shape[0], 3);
    cr_assert_eq(t->strides[0], 32);
    cr_assert_eq(t->strides[1], 96);
    cr_assert(!rt_is_contiguous(t));
    rt_release(t);
    int bad[] = {0, 0, 1};
    EXPECT_RAISE(rt_transpose(&a, bad), "ValueError", "axes don't match array");
}

/* ---------------------------------------------------------------- reductions */

Test(reduce, setup_axes)
{
    int64_t d[] = {2, 3, 4};
    gp_shape s = rt_shape_make(3, d), out;
    gp_rshape rs;
    int axes[] = {0, 2};
    rt_reduce_setup(&s, 2, axes, false, &rs, &out);
    cr_assert_eq(rs.nout, 3);
    cr_assert_eq(rs.nin, 8);
    cr_assert_eq(rs.ond, 1);
    cr_assert_eq(rs.ind, 2);
    cr_assert_eq(rs.idim[0], 2);
    cr_assert_eq(rs.idim[1], 4);
    cr_assert_eq(out.ndim, 1);
    cr_assert_eq(out.dim[0], 3);
    rt_reduce_setup(&s, 2, axes, true, &rs, &out);
    cr_assert_eq(out.ndim, 3);
    cr_assert_eq(out.dim[0], 1);
    cr_assert_eq(out.dim[1], 3);
    cr_assert_eq(out.dim[2], 1);
    rt_reduce_setup(&s, 0, NULL, false, &rs, &out);
    cr_assert_eq(rs.nout, 1);
    cr_assert_eq(rs.nin, 24);
    cr_assert_eq(out.ndim, 0);
    cr_assert_eq(out.size, 1);

    int64_t sa[] = {3, 1};
    gp_array a = mkc(2, sa);
    gp_rkin rk = rt_rkin(&a, &s, 2, axes);   /* a broadcast to (2,3,4) */
    cr_assert_eq(rk.ost[0], 8);
    cr_assert_eq(rk.ist[0], 0);
    cr_assert_eq(rk.ist[1], 0);
}

Test(reduce, empty)
{
    int64_t d[] = {0, 3};
    gp_shape s = rt_shape_make(2, d), out;
    gp_rshape rs;
    int ax1[] = {1}, ax0[] = {0};
    rt_reduce_setup(&s, 1, ax1, false, &rs, &out);
    rt_reduce_check_nonempty(&rs, "maximum");   /* NumPy: max over axis 1 of (0,3) is [] */
    rt_reduce_setup(&s, 1, ax0, false, &rs, &out);
    EXPECT_RAISE(rt_reduce_check_nonempty(&rs, "maximum"), "ValueError",
                 "zero-size array to reduction operation maximum which has no identity");
}

Test(grid, no_gpu_for_small_n)
{
    cr_assert_eq(rt_grid_for(0, 256), 1);
    cr_assert_eq(rt_grid_for(1, 256), 1);
    cr_assert_eq(rt_grid_for(257, 256), 2);
    cr_assert_eq(rt_grid_for(32 * 256, 256), 32);
}

/* The vector path of elementwise kernels runs in one pass, a thread per vector: the grid is
 * ceil(n / block) blocks however large (no cap from the SM count, so no GPU is asked). */
Test(grid, elementwise_vector_path_one_pass)
{
    cr_assert_eq(rt_grid_ew(0, true, 256, NULL), 1);
    cr_assert_eq(rt_grid_ew(1, true, 256, NULL), 1);
    cr_assert_eq(rt_grid_ew(257, true, 0, NULL), 2);
    cr_assert_eq(rt_grid_ew((int64_t)1 << 24, true, 256, NULL), 65536);
    cr_assert_eq(rt_grid_ew((int64_t)1 << 40, true, 256, NULL), INT32_MAX);
    /* the scalar paths keep rt_grid_fit's grid, which for small n needs no GPU either */
    cr_assert_eq(rt_grid_ew(32 * 256, false, 256, NULL), 32);
}

/* ---------------------------------------------------------------- per-stream handles */

/* Fake library handles: make() hands out 1, 2, 3, ... and records each stream a handle was
 * made or rebound for. */
static int made, rebound;
static cudaStream_t last_bound;
static void *fake_make(cudaStream_t s)
{
    last_bound = s;
    return (void *)(intptr_t)++made;
}
static void fake_bind(void *h, cudaStream_t s)
{
    (void)h;
    last_bound = s;
    rebound++;
}

static cudaStream_t fake_stream(int i) { return (cudaStream_t)(intptr_t)(0x1000 + i); }

/* One handle per stream, made at the first call on it and found again after; past
 * RT_STREAM_HANDLES streams the oldest handle is rebound, not a new one made. */
Test(stream_handles, one_per_stream_oldest_rebound)
{
    rt_stream_handles t = {.make = fake_make, .bind = fake_bind};
    made = rebound = 0;
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(0)), (void *)1);
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(1)), (void *)2);
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(0)), (void *)1);
    cr_assert_eq(made, 2);
    for (int i = 2; i < RT_STREAM_HANDLES; i++)
        cr_assert_eq(rt_stream_handle_for(&t, fake_stream(i)), (void *)(intptr_t)(i + 1));
    cr_assert_eq(made, RT_STREAM_HANDLES);
    cr_assert_eq(rebound, 0);
    /* a 17th stream takes stream 0's handle (the oldest slot), rebound to it */
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(99)), (void *)1);
    cr_assert_eq(made, RT_STREAM_HANDLES);
    cr_assert_eq(rebound, 1);
    cr_assert_eq(last_bound, fake_stream(99));
    cr_assert_eq(t.n, RT_STREAM_HANDLES);
    /* stream 1 still has its own handle; stream 0 now needs a rebind of the oldest (stream 1's) */
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(1)), (void *)2);
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(0)), (void *)2);
    cr_assert_eq(rebound, 2);
    cr_assert_eq(rt_stream_handle_for(&t, fake_stream(99)), (void *)1);
}

/* ---------------------------------------------------------------- store copies
 * runtime/array.c's decision: a kernel writing dst while reading src at the same index copies
 * src first only when the two share bytes and are not the same view.  Views of one (fake)
 * buffer: rt_may_overlap only compares the buffer pointers. */

/* mk()'s header of dtype dt over the buffer `arena` stands for. */
static gp_array view(gp_dtype dt, int64_t off, int ndim, const int64_t *shape, const int64_t *strides)
{
    gp_array a = mk(ndim, shape, strides, off);
    a.dtype = dt;
    a.buf = (gp_buffer *)arena; /* only compared, never dereferenced */
    return a;
}

/* rt_red_setup's mode for sum(x, axis) of a C-contiguous float32 R x C matrix: col, and the
 * split returned. */
static int64_t red_mode(int64_t R, int64_t C, int axis, int *col)
{
    const int64_t d[2] = { R, C }, st[2] = { C * 4, 4 };
    gp_shape s = rt_shape_make(2, d), out;
    gp_rshape rs;
    int ax[1] = { axis };
    rt_reduce_setup(&s, 1, ax, false, &rs, &out);
    gp_array a = view(GP_FLOAT32, 0, 2, d, st);
    const gp_array *arr[1] = { &a };
    const uint8_t z[1] = { 4 };
    gp_rkin k[1];
    bool vec;
    return rt_red_setup(&rs, &s, 1, ax, 1, arr, z, k, 2, 4, col, &vec);
}

Test(reduce, column_split)
{
    int col;
    /* W3's column sums: 2048 vectors of 4, each column split 64 ways (131072 threads) */
    cr_expect_eq(red_mode(8192, 8192, 0, &col), 64);
    cr_expect_eq(col, 4);
    /* fewer rows: at least 32 a part (300 / 32 = 9); enough vectors: no split */
    cr_expect_eq(red_mode(300, 4100, 0, &col), 9);
    cr_expect_eq(col, 4);
    cr_expect_eq(red_mode(64, 1 << 20, 0, &col), 1);
    cr_expect_eq(col, 4);
    cr_expect_eq(red_mode(40, 8192, 0, &col), 1);
    /* row sums: rows mode */
    red_mode(8192, 8192, 1, &col);
    cr_expect_eq(col, 0);
}

/* Column j (rows 1 .. R-2) of an R x C float64 matrix in C order. */
static gp_array column(int64_t R, int64_t C, int64_t j)
{
    const int64_t shape[1] = { R - 2 }, strides[1] = { C * 8 };
    return view(GP_FLOAT64, (C + j) * 8, 1, shape, strides);
}

Test(store_copy, interleaved_columns_need_no_copy)
{
    /* adi's p[1:N-1, j] = f(p[1:N-1, j-1]), deriche's y1[:, j] from y1[:, j-1], y1[:, j-2] */
    gp_array c5 = column(10, 12, 5), c4 = column(10, 12, 4), c3 = column(10, 12, 3), c6 = column(10, 12, 6);
    cr_expect(rt_may_overlap(&c5, &c4)); /* the byte ranges overlap: may_share_memory */
    cr_expect(!rt_store_needs_copy(&c5, &c4));
    cr_expect(!rt_store_needs_copy(&c5, &c3));
    cr_expect(!rt_store_needs_copy(&c5, &c6));
    cr_expect(!rt_store_needs_copy(&c5, &c5)); /* the same view */
}

Test(store_copy, overlapping_views_are_copied)
{
    /* h[1:] = h[:-1] + 1: the same lattice shifted by one element */
    const int64_t s1[1] = { 9 }, st1[1] = { 8 };
    gp_array h1 = view(GP_FLOAT64, 8, 1, s1, st1), h0 = view(GP_FLOAT64, 0, 1, s1, st1);
    cr_expect(rt_store_needs_copy(&h1, &h0));
    /* a column against a row of the same matrix */
    const int64_t sr[1] = { 12 }, str[1] = { 8 };
    gp_array c5 = column(10, 12, 5), row2 = view(GP_FLOAT64, 2 * 12 * 8, 1, sr, str);
    cr_expect(rt_store_needs_copy(&c5, &row2));
    /* the transpose of a square matrix */
    const int64_t sq[2] = { 4, 4 }, st[2] = { 32, 8 }, tt[2] = { 8, 32 };
    gp_array m = view(GP_FLOAT64, 0, 2, sq, st), mt = view(GP_FLOAT64, 0, 2, sq, tt);
    cr_expect(rt_store_needs_copy(&m, &mt));
    /* wider elements in the gap: float64 columns 4 bytes apart do touch */
    const int64_t sc[1] = { 8 }, stc[1] = { 96 };
    gp_array a = view(GP_FLOAT64, 0, 1, sc, stc), b = view(GP_FLOAT64, 4, 1, sc, stc);
    cr_expect(rt_store_needs_copy(&a, &b));
    /* a float32 column 4 bytes after a float64 one does not reach it: 4 + 4 <= 96 */
    gp_array f = view(GP_FLOAT32, 8, 1, sc, stc);
    cr_expect(!rt_store_needs_copy(&a, &f));
    cr_expect(rt_store_needs_copy(&f, &b));
}
