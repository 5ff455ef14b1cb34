/*
 * who.c — cupy.who(): the table of the CuPy arrays among a module's globals or a dict's values,
 * for generated code (gpyrt_kinds.def's GPK_PY rows WHO_ADD and WHO_PRINT).
 *
 * The compiler knows which names are bound to arrays at the call (lower/api/misc.c); it adds
 * them one call each, in any order, then prints.  The table is CuPy's (cupy/_misc/who.py, as
 * NumPy's numpy.who): rows sorted by name (Python's str order: code points, which is the byte
 * order of UTF-8), a name bound to the same array as an earlier row shown as "b (a)" and left
 * out of the total, columns as wide as their longest entry and at least 10 characters
 * (Python's len(): code points), the shape as "2 x 3" ("" for a 0-d array), an array of a
 * structured dtype as NumPy names it ("void96": the element's bits).
 *
 * Invariants: the rows live in one table from the call that adds the first (n == 0) to
 * rt_who_print; the count passed along is the table's length, so the calls of one who() are
 * chained by their values and none can move past another.  The table holds a reference to each
 * array from its rt_who_add to rt_who_print (generated code may release its own after the add).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct WhoRow {
    const char *name; /* a str: the runtime's for the program's lifetime */
    gp_array *a; /* a reference the table holds until it is printed */
    bool sview;  /* a structured array's bytes: its last axis is the element's */
} WhoRow;

static WhoRow *rows;
static int64_t nrows, caprows;

/* Adds the row (name, a) to the table of n rows (n == 0: a new table); returns n + 1.  sview:
 * a is the uint8 bytes of an array of a structured dtype, its last axis the element's. */
int64_t rt_who_add(int64_t n, const char *name, gp_array *a, bool sview)
{
    if (n == 0) nrows = 0;
    if (n != nrows) rt_raise("RuntimeError", "gpyc runtime: who() table of %lld rows given %lld", (long long)nrows, (long long)n);
    if (nrows == caprows) {
        caprows = caprows ? 2 * caprows : 16;
        rows = rt_xrealloc(rows, (size_t)caprows * sizeof *rows);
    }
    rows[nrows++] = (WhoRow){ name, rt_retain(a), sview };
    return nrows;
}

static int by_name(const void *x, const void *y)
{
    return strcmp(((const WhoRow *)x)->name, ((const WhoRow *)y)->name);
}

/* Python's len() of UTF-8 text: its code points. */
static int64_t pylen(const char *s, size_t n)
{
    int64_t k = 0;
    for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

/* One row's texts as CuPy builds them: namestr, shapestr, bytestr, the dtype's name. */
typedef struct WhoText {
    gp_sb name, shape, bytes, type;
    int64_t lname, lshape, lbytes;
    bool original;
} WhoText;

/* Prints the table of the n rows added (n: rt_who_add's last result, 0 for none). */
void rt_who_print(int64_t n)
{
    if (n == 0) nrows = 0;
    if (n != nrows) rt_raise("RuntimeError", "gpyc runtime: who() table of %lld rows given %lld", (long long)nrows, (long long)n);
    qsort(rows, (size_t)n, sizeof *rows, by_name);
    WhoText *t = rt_xcalloc(n ? (size_t)n : 1, sizeof *t);
    int64_t maxname = 0, maxshape = 0, maxbyte = 0, total = 0;
    for (int64_t i = 0; i < n; i++) {
        const gp_array *a = rows[i].a;
        WhoText *r = &t[i];
        int64_t first = i;
        for (int64_t j = 0; j < i && first == i; j++)
            if (rows[j].a == a) first = j;
        rt_sb_puts(&r->name, rows[i].name);
        r->original = first == i;
        if (!r->original) rt_sb_printf(&r->name, " (%s)", rows[first].name);
        int nd = rows[i].sview ? a->ndim - 1 : a->ndim;
        for (int d = 0; d < nd; d++) rt_sb_printf(&r->shape, "%s%lld", d ? " x " : "", (long long)a->shape[d]);
        int64_t nbytes = a->size * (int64_t)rt_dtype_size(a->dtype);
        rt_sb_i64(&r->bytes, nbytes);
        if (rows[i].sview) rt_sb_printf(&r->type, "void%lld", (long long)a->shape[nd] * 8); /* NumPy's name */
        else rt_sb_dtype(&r->type, a->dtype);
        r->lname = pylen(r->name.s ? r->name.s : "", r->name.len);
        r->lshape = (int64_t)r->shape.len;
        r->lbytes = (int64_t)r->bytes.len;
        if (r->lname > maxname) maxname = r->lname;
        if (r->lshape > maxshape) maxshape = r->lshape;
        if (r->lbytes > maxbyte) maxbyte = r->lbytes;
        if (r->original) total += nbytes;
    }
    gp_sb out = { 0 };
    int64_t sp1 = maxname > 10 ? maxname : 10, sp2 = maxshape > 10 ? maxshape : 10, sp3 = maxbyte > 10 ? maxbyte : 10;
    if (n > 0) {
        /* 'Name {} Shape {} Bytes {} Type' and a rule 5 longer, then a blank line */
        rt_sb_puts(&out, "Name ");
        rt_sb_pad(&out, ' ', sp1);
        rt_sb_puts(&out, " Shape ");
        rt_sb_pad(&out, ' ', sp2);
        rt_sb_puts(&out, " Bytes ");
        rt_sb_pad(&out, ' ', sp3);
        rt_sb_puts(&out, " Type\n");
        rt_sb_pad(&out, '=', (int64_t)out.len - 1 + 5);
        rt_sb_puts(&out, "\n\n");
    }
    for (int64_t i = 0; i < n; i++) {
        WhoText *r = &t[i];
        /* '{} {} {} {} {} {} {}': each column, then spaces to its width plus 4 or 5 */
        rt_sb_putn(&out, r->name.s ? r->name.s : "", r->name.len);
        rt_sb_putc(&out, ' ');
        rt_sb_pad(&out, ' ', sp1 - r->lname + 4);
        rt_sb_putc(&out, ' ');
        rt_sb_putn(&out, r->shape.s ? r->shape.s : "", r->shape.len);
        rt_sb_putc(&out, ' ');
        rt_sb_pad(&out, ' ', sp2 - r->lshape + 5);
        rt_sb_putc(&out, ' ');
        rt_sb_putn(&out, r->bytes.s, r->bytes.len);
        rt_sb_putc(&out, ' ');
        rt_sb_pad(&out, ' ', sp3 - r->lbytes + 5);
        rt_sb_putc(&out, ' ');
        rt_sb_putn(&out, r->type.s, r->type.len);
        rt_sb_putc(&out, '\n');
        rt_sb_free(&r->name);
        rt_sb_free(&r->shape);
        rt_sb_free(&r->bytes);
        rt_sb_free(&r->type);
        rt_release(rows[i].a);
    }
    free(t);
    rt_sb_printf(&out, "\nUpper bound on total bytes  =       %lld", (long long)total);
    rt_sb_print(&out, "\n");
    rt_sb_free(&out);
    nrows = 0;
}
