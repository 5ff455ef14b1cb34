/*
 * test_api.c — the API tables (compiler/lower/lower.h, "API tables") that calls dispatch on and
 * `gpyc --list-api` prints: one line per name, every listed function resolves as Python code
 * would reach it (`from cupy.linalg import norm`), the list is sorted and unique.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/lower/lower.h"
#include "lower_src.h"

/* Table lines that take over an ops.def ufunc of the same name, on purpose. */
static const char *const overrides[] = {"cupy.where", NULL};

static bool is_override(const char *mod, const char *name)
{
    char full[256];
    snprintf(full, sizeof full, "%s.%s", mod, name);
    for (int i = 0; overrides[i]; i++)
        if (!strcmp(overrides[i], full)) return true;
    return false;
}

Test(api, one_line_per_name)
{
    for (int i = 0; lw_api_tables[i]; i++)
        for (const ApiFn *f = lw_api_tables[i]; f->mod; f++) {
            cr_expect(f->name && f->lower, "%s: an entry without a name or a lowering", f->mod);
            for (int j = 0; lw_api_tables[j]; j++)
                for (const ApiFn *g = lw_api_tables[j]; g->mod; g++)
                    if (g != f && !strcmp(f->mod, g->mod) && !strcmp(f->name, g->name))
                        cr_expect(false, "%s.%s is in two table lines", f->mod, f->name);
            cr_expect(lw_api_find(f->mod, f->name) == f, "%s.%s: lw_api_find finds another line", f->mod,
                      f->name);
        }
}

Test(api, table_lines_and_ufuncs_do_not_collide)
{
    for (int o = 0; o <= IR_EWISE_LAST; o++) {
        const OpInfo *oi = ir_op_info((IrOp)o);
        if (!oi || !oi->numpy[0]) continue;
        const ApiFn *f = lw_api_find("cupy", oi->numpy);
        cr_assert(f, "ufunc %s is not found", oi->numpy);
        if (is_override("cupy", oi->numpy)) continue;
        for (int i = 0; lw_api_tables[i]; i++)
            for (const ApiFn *g = lw_api_tables[i]; g->mod; g++)
                if (g == f) cr_expect(false, "table line cupy.%s hides the ops.def ufunc (an override?)", oi->numpy);
    }
}

/* Compiles src with --check's pipeline; true when it has no error. */
static bool compiles(const char *src)
{
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    bool ok = m != NULL;
    if (m) ir_module_free(m);
    ar_delete(a);
    return ok;
}

Test(api, list_is_sorted_unique_and_resolves)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    lower_list_api(out);
    fclose(out);
    int n = 0;
    char prev[256] = "";
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"), n++) {
        cr_expect(strcmp(prev, line) < 0, "not sorted or repeated: %s after %s", line, prev);
        cr_expect(!strncmp(line, "cupy.", 5) || !strncmp(line, "cupyx.", 6) || !strncmp(line, "numpy.random.", 13),
                  "%s is not a cupy or numpy.random name", line);
        snprintf(prev, sizeof prev, "%s", line);
        const char *dot = strrchr(line, '.');
        if (!strncmp(line, "cupy.ndarray.", 13)) continue;
        /* from cupy.linalg import norm */
        char src[512];
        snprintf(src, sizeof src, "from %.*s import %s\n", (int)(dot - line), line, dot + 1);
        cr_expect(compiles(src), "%s is listed but `%s` does not compile", line, src);
    }
    cr_expect(n > 200, "only %d names listed", n);
    free(buf);
}
