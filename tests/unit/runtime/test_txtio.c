/*
 * test_txtio.c — runtime/txtfmt.c's tables against NumPy's loadtxt, genfromtxt and
 * fromfile(sep=) (txt_cases.inc, from gen_txt_cases.py: shapes, values and error messages), and
 * the outputs of runtime/npyio.c: a write that fails half way (an error raised while the
 * temporary file is open) leaves the old file as it was and no temporary file beside it.
 * Nothing here initialises the GPU.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/fileio.h"
#include "runtime/internal.h"
#include "runtime/txtfmt.h"

typedef struct TxtCase {
    TxtMode mode;
    const char *text, *delim, *comments;
    int64_t skiprows, skip_footer, max_rows;
    const char *usecols;
    int ndmin;
    const char *missing;
    int has_fill;
    double fill;
    TxtKind kind;
    const char *dtname;
    int ndim;
    int64_t shape[2];
    int nvals;
    const char *exc, *msg;
    const char **vals;
} TxtCase;

static const TxtCase cases[] = {
#include "txt_cases.inc"
};

/* Equal as NumPy's value v (its text): same number, nan with nan. */
static bool same_f64(double x, const char *v)
{
    double y = strtod(v, NULL);
    return isnan(y) ? isnan(x) : x == y;
}

/* The k-th value of t as the case's kind holds it equals v. */
static bool same_value(const TxtCase *c, const TxtTable *t, int k, const char *v)
{
    const char *p =
        (const char *)t->data + (size_t)k * txt_kind_size(c->kind) / (c->kind == TXT_C128 ? 2 : 1);
    switch (c->kind) {
    case TXT_F64:
    case TXT_C128: return same_f64(*(const double *)p, v);
    case TXT_I64: return *(const int64_t *)p == strtoll(v, NULL, 10);
    case TXT_U64: return *(const uint64_t *)p == strtoull(v, NULL, 10);
    case TXT_BOOL: return *(const uint8_t *)p == (uint8_t)strtol(v, NULL, 10);
    case TXT_COUNT: return false;
    }
    return false;
}

Test(txtfmt, numpy_tables)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const TxtCase *c = &cases[i];
        int64_t cols[16];
        int ncols = 0;
        for (const char *s = c->usecols; *s;) {
            char *end;
            cols[ncols++] = strtoll(s, &end, 10);
            s = *end ? end + 1 : end;
        }
        TxtOpts o = { .mode = c->mode,
                      .kind = c->kind,
                      .dtname = c->dtname,
                      .delim = c->delim,
                      .comments = c->comments,
                      .missing = c->missing,
                      .skiprows = c->skiprows,
                      .skip_footer = c->skip_footer,
                      .max_rows = c->max_rows,
                      .usecols = cols,
                      .nusecols = ncols,
                      .has_fill = c->has_fill,
                      .fill = c->fill };
        TxtTable t;
        NpyError e;
        int rc = txt_parse(c->text, strlen(c->text), &o, &t, &e);
        if (*c->exc) {
            cr_assert_eq(rc, NPY_ERR, "case %zu: no error", i);
            cr_assert_str_eq(e.exc, c->exc, "case %zu", i);
            cr_assert_str_eq(e.msg, c->msg, "case %zu", i);
            continue;
        }
        cr_assert_eq(rc, NPY_OK, "case %zu: %s", i, e.msg);
        int nd;
        int64_t shape[2];
        if (c->mode == TXT_SEP) {
            nd = 1;
            shape[0] = t.cols;
        } else {
            txt_shape(t.rows, t.cols, c->ndmin, &nd, shape);
        }
        cr_assert_eq(nd, c->ndim, "case %zu: ndim %d", i, nd);
        for (int d = 0; d < nd; d++) cr_assert_eq(shape[d], c->shape[d], "case %zu: axis %d", i, d);
        for (int k = 0; k < c->nvals; k++)
            cr_assert(same_value(c, &t, k, c->vals[k]), "case %zu: value %d is not %s", i, k, c->vals[k]);
        free(t.data);
    }
}

/* The contents of path (at most 255 bytes) into buf. */
static void read_back(const char *path, char *buf)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s is gone", path);
    size_t n = fread(buf, 1, 255, f);
    buf[n] = '\0';
    fclose(f);
}

/* No "*.gpyc-tmp-*" file in dir. */
static bool no_temporary(const char *dir)
{
    DIR *d = opendir(dir);
    bool none = true;
    for (struct dirent *de; d && (de = readdir(d));) none = none && !strstr(de->d_name, "gpyc-tmp");
    if (d) closedir(d);
    return none;
}

Test(outputs, failed_write_keeps_old_file)
{
    char dir[] = "/tmp/gpyc-test-outputs-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    RtOutFile o;
    rt_out_open(&o, path);
    fputs("old\n", o.f);
    rt_out_close(&o, true, 0);
    char buf[256];
    read_back(path, buf);
    cr_assert_str_eq(buf, "old\n");
    /* an error raised half way ends the program (rt_raise): the old file stays */
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        rt_out_open(&o, path);
        fputs("new, half written", o.f);
        fflush(o.f);
        rt_raise("ValueError", "cannot convert float NaN to integer");
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    read_back(path, buf);
    cr_assert_str_eq(buf, "old\n");
    cr_assert(no_temporary(dir));
    /* a write that fails (ok false) raises OSError and removes the temporary file */
    pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        rt_out_open(&o, path);
        fputs("new", o.f);
        rt_out_close(&o, false, 28);
        _exit(0);
    }
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    read_back(path, buf);
    cr_assert_str_eq(buf, "old\n");
    cr_assert(no_temporary(dir));
    unlink(path);
    rmdir(dir);
}
