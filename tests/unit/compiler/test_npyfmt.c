/*
 * test_npyfmt.c — runtime/npyfmt.c's .npy header against NumPy: every case of npy_cases.inc
 * (written by gen_npy_cases.py with Debian's NumPy: what NumPy writes for every dtype, order and
 * version, broken framing, corrupt dicts and 400 random mutations of a good header) must give
 * np.load's outcome, the same dtype, order and shape or the same exception and words; and the
 * header gpyc writes must be NumPy's, byte for byte; and runtime/npzfmt.c reads the members and
 * headers of the .npz archives NumPy wrote for tests/e2e.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/npyfmt.h"
#include "runtime/npzfmt.h"

typedef struct Case {
    const char *bytes;
    size_t len;
    const char *want;
} Case;

static const Case cases[] = {
#include "npy_cases.inc"
};

/* What the reader makes of a whole file, in the generator's words. */
static void outcome(const Case *c, char *out, size_t cap)
{
    NpyHeader h;
    NpyError e;
    size_t need;
    int rc = npy_parse_header((const unsigned char *)c->bytes, c->len, true, &h, &need, &e);
    if (rc == NPY_OK && npy_check_data(&h, c->len - h.data_offset, &e) != NPY_OK) rc = NPY_ERR;
    if (rc != NPY_OK) {
        snprintf(out, cap, "%s: %s", e.exc, e.msg);
        return;
    }
    int big = 0; /* NumPy's flags: F-contiguous and not C-contiguous needs two axes longer than 1 */
    for (int i = 0; i < h.ndim; i++) big += h.shape[i] > 1;
    int k = snprintf(out, cap, "OK %s %d (", h.dtype, h.fortran && big > 1);
    for (int i = 0; i < h.ndim; i++)
        k += snprintf(out + k, cap - (size_t)k, "%s%lld", i ? ", " : "", (long long)h.shape[i]);
    snprintf(out + k, cap - (size_t)k, "%s)", h.ndim == 1 ? "," : "");
}

Test(npyfmt, numpy_outcomes)
{
    int bad = 0;
    static char got[1 << 16];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        outcome(&cases[i], got, sizeof got);
        const char *unsup = "TypeError: gpyc arrays have no dtype";
        bool same =
            !strcmp(cases[i].want, unsup) ? !strncmp(got, unsup, strlen(unsup)) : !strcmp(got, cases[i].want);
        if (!same) {
            if (bad++ < 200) fprintf(stderr, "case %zu:\n  want %s\n  got  %s\n", i, cases[i].want, got);
        }
    }
    cr_expect_eq(bad, 0, "%d of %zu cases differ from NumPy", bad, sizeof cases / sizeof cases[0]);
}

typedef struct Written {
    const char *dtype;
    int fortran, ndim;
    int64_t shape[3];
    const char *bytes;
    size_t len;
} Written;

static const Written written[] = {
#include "npy_written.inc"
};

Test(npyfmt, numpy_headers)
{
    for (size_t i = 0; i < sizeof written / sizeof written[0]; i++) {
        const Written *w = &written[i];
        char out[256];
        size_t n = npy_write_header(out, sizeof out, w->dtype, w->fortran, w->ndim, w->shape);
        cr_expect(n == w->len && memcmp(out, w->bytes, n) == 0,
                  "header %zu (%s, %d-d) differs from np.save's", i, w->dtype, w->ndim);
    }
}

/* ---------------------------------------------------------------- .npz (runtime/npzfmt.c) */

static bool read_file(void *ctx, uint64_t off, void *buf, size_t n)
{
    return fseek(ctx, (long)off, SEEK_SET) == 0 && fread(buf, 1, n, ctx) == n;
}

/* The archives tests/e2e/data/make_npy.py writes with np.savez and np.savez_compressed: their
 * members, stored and deflated, and each member's .npy header. */
Test(npzfmt, numpy_archives)
{
    static const struct {
        const char *file, *names[3], *dtypes[3];
        int method, ndims[3];
    } want[] = {
        { "tests/e2e/data/arch.npz",
          { "w.npy", "flag.npy", "arr_0.npy" },
          { "float64", "bool", "int32" },
          0,
          { 1, 0, 2 } },
        { "tests/e2e/data/arch_z.npz",
          { "big.npy", "m.npy", "c.npy" },
          { "float32", "float64", "complex64" },
          8,
          { 1, 2, 1 } },
    };
    for (int w = 0; w < 2; w++) {
        FILE *fp = fopen(want[w].file, "rb");
        cr_assert(fp, "%s", want[w].file);
        fseek(fp, 0, SEEK_END);
        uint64_t size = (uint64_t)ftell(fp);
        NpzMember *ms;
        int n;
        NpyError e;
        cr_assert_eq(npz_members(read_file, fp, size, &ms, &n, &e), NPY_OK, "%s: %s", e.exc, e.msg);
        cr_assert_eq(n, 3);
        for (int i = 0; i < 3; i++) {
            NpyHeader h;
            cr_expect_str_eq(ms[i].name, want[w].names[i]);
            cr_expect_eq(ms[i].method, want[w].method);
            cr_assert_eq(npz_member_header(read_file, fp, &ms[i], &h, &e), NPY_OK, "%s: %s", e.exc, e.msg);
            cr_expect_str_eq(h.dtype, want[w].dtypes[i]);
            cr_expect_eq(h.ndim, want[w].ndims[i]);
        }
        free(ms);
        fclose(fp);
    }
    NpyError e;
    NpzMember *ms;
    int n;
    FILE *fp = fopen("tests/e2e/data/v2.npy", "rb");
    cr_expect_eq(npz_members(read_file, fp, 128, &ms, &n, &e), NPY_ERR);
    cr_expect_str_eq(e.exc, "zipfile.BadZipFile");
    fclose(fp);
}
