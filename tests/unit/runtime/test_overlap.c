/*
 * test_overlap.c — runtime/array.c's store-copy decision on the CPU: a kernel writing dst while
 * reading src at the same index copies src first only when the two share bytes (and are not
 * the same view).  Views of one buffer built by hand; nothing here touches the GPU.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "runtime/internal.h"

static char mem[1 << 16];
static gp_buffer *const buf = (gp_buffer *)mem; /* only compared, never dereferenced */

/* A view of `buf` at byte offset off with the given shape and byte strides. */
static gp_array view(gp_dtype dt, int64_t off, int ndim, const int64_t *shape, const int64_t *strides)
{
    gp_array a;
    memset(&a, 0, sizeof a);
    a.dtype = dt;
    a.ndim = ndim;
    a.size = 1;
    for (int i = 0; i < ndim; i++) {
        a.shape[i] = shape[i];
        a.strides[i] = strides[i];
        a.size *= shape[i];
    }
    a.data = mem + off;
    a.buf = buf;
    return a;
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
