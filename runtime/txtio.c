/*
 * txtio.c — text files: cp.loadtxt, cp.genfromtxt and cp.fromfile(sep=) read through txtfmt.c's
 * parser on the host, then copied to the device once; cp.savetxt and ndarray.tofile(sep=)
 * format on the host with Python's printf-style rules, the conversions compiled by gpyc.
 *
 * Invariants:
 *  - A text file is read whole into host memory (text is parsed on the host; the device gets
 *    the finished array in one copy).
 *  - Outputs go through rt_out_open/rt_out_close (npyio.c): a temporary file renamed over the
 *    destination once complete, so an error half way (a value a conversion refuses: '%d' of a
 *    nan) leaves the old file as it was.
 *  - Each value is formatted as Python formats NumPy's scalar: int() truncates a float (nan and
 *    inf are Python's ValueError and OverflowError), float() converts, str() and repr() are
 *    NumPy's scalar str (tofile: the Python value's, NumPy's "closest Python type").
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "fileio.h"
#include "txtfmt.h"

/* ---------------------------------------------------------------- reading */

/* The whole file at path (NUL-terminated; free it) and its length.  numpy (loadtxt and
 * genfromtxt open through its DataSource) reports a missing file as "PATH not found."; open()
 * (fromfile) as Python's OSError. */
static char *slurp(const char *path, size_t *n, bool datasource)
{
    uint64_t size;
    if (datasource && access(path, F_OK) != 0 && errno == ENOENT)
        rt_raise("FileNotFoundError", "%s not found.", path);
    int fd = rt_open_in(path, &size);
    char *buf = rt_xmalloc((size_t)size + 1);
    size_t got = 0;
    for (;;) {
        if (got == size) { /* the file may have grown: read until the end */
            size = size ? size * 2 : 4096;
            buf = rt_xrealloc(buf, (size_t)size + 1);
        }
        ssize_t k = read(fd, buf + got, (size_t)size - got);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) rt_raise_os(errno, path);
        if (k == 0) break;
        got += (size_t)k;
    }
    close(fd);
    buf[got] = '\0';
    *n = got;
    return buf;
}

/* The parser's kind for an array of dt. */
static TxtKind kind_of(gp_dtype dt)
{
    switch (dt) {
    case GP_FLOAT64: return TXT_F64;
    case GP_INT64: return TXT_I64;
    case GP_UINT64: return TXT_U64;
    case GP_BOOL: return TXT_BOOL;
    default: return TXT_C128;
    }
}

/* usecols' text "0,2,-1" as indices (at most 4096). */
static int parse_usecols(const char *s, int64_t *out)
{
    int n = 0;
    for (char *end; s && *s && n < 4096; s = *end ? end + 1 : end) out[n++] = strtoll(s, &end, 10);
    return n;
}

gp_array *rt_loadtxt(const char *path, const char *delim, const char *comments, int64_t skiprows,
                     int64_t max_rows, const char *usecols, int64_t flags, double fill, const char *missing,
                     int64_t skip_footer, const char *dtname, gp_dtype dt, int ndim)
{
    static int64_t cols[4096];
    TxtOpts o = { .mode = (TxtMode)(flags & 3),
                  .kind = kind_of(dt),
                  .dtname = dtname,
                  .delim = delim,
                  .comments = comments,
                  .missing = missing,
                  .skiprows = skiprows < 0 ? 0 : skiprows,
                  .skip_footer = skip_footer,
                  .max_rows = max_rows,
                  .usecols = cols,
                  .has_fill = (flags & 256) != 0,
                  .fill = fill };
    o.nusecols = parse_usecols(usecols, cols);
    size_t n = strlen(path);
    char *text = flags & 512 ? strcpy(rt_xmalloc(n + 1), path) : slurp(path, &n, o.mode != TXT_SEP);
    TxtTable t;
    NpyError e;
    int rc = txt_parse(text, n, &o, &t, &e);
    free(text);
    if (rc != NPY_OK) rt_raise(e.exc, "%s", e.msg);
    int nd;
    int64_t shape[2];
    if (o.mode == TXT_SEP) {
        nd = 1;
        shape[0] = t.cols;
    } else {
        txt_shape(t.rows, t.cols, (int)(flags >> 4 & 3), &nd, shape);
    }
    if (nd != ndim) {
        free(t.data);
        rt_raise("TypeError",
                 "%s holds a table that loads as a %d-d array; the program was compiled for a %d-d one "
                 "(ndmin= fixes the number of dimensions)",
                 path, nd, ndim);
    }
    gp_array *a = rt_from_host(dt, nd, shape, t.data);
    free(t.data);
    return a;
}

/* ---------------------------------------------------------------- writing */

/* One conversion or literal of a compiled format. */
typedef struct Conv {
    char kind; /* 'L' literal, 'i' 'f' 's' 'r' a conversion */
    const char *text; /* the literal, or the format() spec */
} Conv;

/* The records of prog (pointers into a copy owned by the caller: *store). */
static int conv_list(const char *prog, Conv **out, char **store)
{
    char *s = *store = rt_xmalloc(strlen(prog) + 1);
    strcpy(s, prog);
    int n = 1;
    for (const char *p = s; *p; p++) n += *p == '\x1e';
    Conv *c = *out = rt_xmalloc(sizeof *c * (size_t)n);
    int k = 0;
    for (char *p = s; p;) {
        char *sep = strchr(p, '\x1e');
        if (sep) *sep = '\0';
        if (*p) c[k++] = (Conv){ p[0], p + 1 };
        p = sep ? sep + 1 : NULL;
    }
    return k;
}

/* A value to format: an element (or a complex element's part) of dtype dt at p. */
typedef struct Cell {
    gp_dtype dt;
    const char *p;
} Cell;

static bool is_floatdt(gp_dtype dt) { return dt == GP_FLOAT16 || dt == GP_FLOAT32 || dt == GP_FLOAT64; }

/* Appends int(v) formatted with spec. */
static void put_int(gp_sb *sb, Cell c, const char *spec)
{
    if (c.dt == GP_UINT64) {
        rt_sb_fmt_u64(sb, *(const uint64_t *)c.p, spec);
        return;
    }
    if (!is_floatdt(c.dt)) {
        rt_fmt_np_scalar(sb, c.dt, c.p, spec);
        return;
    }
    double v = rt_elem_f64(c.p, c.dt);
    if (isnan(v)) rt_raise("ValueError", "cannot convert float NaN to integer");
    if (isinf(v)) rt_raise("OverflowError", "cannot convert float infinity to integer");
    v = trunc(v);
    if (v >= -9223372036854775808.0 && v < 9223372036854775808.0)
        rt_sb_fmt_i64(sb, (int64_t)v, spec);
    else
        rt_sb_printf(sb, "%.0f", v);
}

/* Appends the cell c through conversion k. */
static void put_cell(gp_sb *sb, const Conv *k, Cell c, bool python)
{
    if (k->kind == 'i') {
        put_int(sb, c, k->text);
    } else if (k->kind == 'f') {
        rt_sb_fmt_f64(sb, rt_elem_f64(c.p, c.dt), k->text);
    } else { /* str() / repr(): NumPy's scalar text, or the Python value's */
        gp_sb t = { 0 };
        if (python && is_floatdt(c.dt))
            rt_sb_f64(&t, rt_elem_f64(c.p, c.dt));
        else
            rt_sb_np_scalar(&t, c.dt, c.p);
        rt_sb_fmt_str(sb, t.s ? t.s : "", k->text);
        rt_sb_free(&t);
    }
}

/* One row: the conversions of cv in turn over cells (TypeError when their counts differ). */
static void put_row(gp_sb *sb, const Conv *cv, int ncv, const Cell *cells, int64_t ncells, bool python,
                    const char *dtname, const char *fmt)
{
    int64_t used = 0;
    for (int i = 0; i < ncv; i++) {
        if (cv[i].kind == 'L') {
            rt_sb_puts(sb, cv[i].text);
            continue;
        }
        if (used == ncells)
            rt_raise("TypeError", "Mismatch between array dtype ('%s') and format specifier ('%s')", dtname,
                     fmt);
        put_cell(sb, &cv[i], cells[used++], python);
    }
    if (used < ncells)
        rt_raise("TypeError", "Mismatch between array dtype ('%s') and format specifier ('%s')", dtname, fmt);
}

/* s with each "\n" followed by comments (savetxt's header and footer). */
static void put_commented(gp_sb *sb, const char *s, const char *comments, const char *newline)
{
    rt_sb_puts(sb, comments);
    for (; *s; s++) {
        rt_sb_putc(sb, *s);
        if (*s == '\n') rt_sb_puts(sb, comments);
    }
    rt_sb_puts(sb, newline);
}

/* Replaces each "+-" of sb from byte from on by "-" (savetxt's complex rows). */
static void plus_minus(gp_sb *sb, size_t from)
{
    size_t w = from;
    for (size_t r = from; r < sb->len; r++) {
        if (sb->s[r] == '+' && r + 1 < sb->len && sb->s[r + 1] == '-') continue;
        sb->s[w++] = sb->s[r];
    }
    sb->len = w;
    if (sb->s) sb->s[w] = '\0';
}

/* The per-row program: the unit repeated over ncol columns (complex: " (U+Uj)"), delim
 * between; or the unit itself. */
static int row_program(const Conv *u, int nu, bool repeat, bool complex, int64_t ncol, const char *delim,
                       Conv **out)
{
    int64_t per = complex ? 2 * nu + 3 : nu, n = repeat ? ncol * (per + 1) : nu;
    Conv *c = *out = rt_xmalloc(sizeof *c * (size_t)(n ? n : 1));
    int k = 0;
    if (!repeat) {
        memcpy(c, u, sizeof *c * (size_t)nu);
        return nu;
    }
    for (int64_t j = 0; j < ncol; j++) {
        if (j) c[k++] = (Conv){ 'L', delim };
        if (complex) c[k++] = (Conv){ 'L', " (" };
        for (int i = 0; i < nu; i++) c[k++] = u[i];
        if (complex) {
            c[k++] = (Conv){ 'L', "+" };
            for (int i = 0; i < nu; i++) c[k++] = u[i];
            c[k++] = (Conv){ 'L', "j)" };
        }
    }
    return k;
}

void rt_savetxt(const char *path, const gp_array *a, const char *prog, int64_t nfmt, const char *fmterr,
                const char *fmt, const char *delim, const char *newline, const char *header,
                const char *footer, const char *comments, int64_t flags)
{
    bool tofile = flags & 1, complex = a->dtype == GP_COMPLEX64 || a->dtype == GP_COMPLEX128;
    int64_t nrow = tofile ? (a->size ? 1 : 0) : a->shape[0];
    int64_t ncol = tofile ? a->size : a->ndim == 1 ? 1 : a->shape[1];
    if (nfmt < 0 ? -nfmt != ncol : nfmt != 1 && nfmt != (complex ? 2 * ncol : ncol))
        rt_raise(fmterr[0] == 'A' ? "AttributeError" : "ValueError", "%s", fmterr + 1);
    size_t isz = rt_dtype_size(a->dtype);
    char *host = rt_xmalloc(isz * (size_t)a->size + 1);
    rt_to_host(a, host);
    char *store;
    Conv *unit, *row;
    int nu = conv_list(prog, &unit, &store);
    int nr = row_program(unit, nu, nfmt == 1, complex, ncol, delim, &row);
    gp_dtype part = a->dtype == GP_COMPLEX64 ? GP_FLOAT32 : a->dtype == GP_COMPLEX128 ? GP_FLOAT64 : a->dtype;
    int64_t per = complex ? 2 : 1;
    Cell *cells = rt_xmalloc(sizeof *cells * (size_t)(ncol * per + 1));
    gp_sb sb = { 0 };
    gp_sb dtn = { 0 };
    rt_sb_dtype(&dtn, a->dtype);
    RtOutFile o;
    rt_out_open(&o, path);
    bool ok = true;
    if (*header) put_commented(&sb, header, comments, newline);
    for (int64_t r = 0; r < nrow && ok; r++) {
        for (int64_t j = 0; j < ncol; j++)
            for (int64_t q = 0; q < per; q++)
                cells[j * per + q] =
                    (Cell){ part, host + (size_t)(r * ncol + j) * isz + (size_t)q * (isz / 2) };
        size_t from = sb.len;
        put_row(&sb, row, nr, cells, ncol * per, tofile, dtn.s, fmt);
        if (complex) plus_minus(&sb, from);
        rt_sb_puts(&sb, newline);
        if (sb.len >= (1 << 20)) { /* written in pieces of about a MiB */
            ok = fwrite(sb.s, 1, sb.len, o.f) == sb.len;
            sb.len = 0;
        }
    }
    if (*footer) put_commented(&sb, footer, comments, newline);
    ok = ok && fwrite(sb.s ? sb.s : "", 1, sb.len, o.f) == sb.len;
    rt_out_close(&o, ok, errno);
    rt_sb_free(&sb);
    rt_sb_free(&dtn);
    free(cells);
    free(row);
    free(unit);
    free(store);
    free(host);
}
