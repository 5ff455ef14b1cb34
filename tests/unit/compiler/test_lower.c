/*
 * test_lower.c — the lowering's guards against values it cannot type (issue 24): lw_emit never
 * hands a caller a NULL value or type, lw_list_elem reports a list whose element type is not
 * known yet, and the scripts that once crashed gpyc (a list with nothing appended iterated by
 * for, enumerate or zip; a for loop over a name poisoned by an earlier error) give located
 * errors.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/lower/lower.h"
#include "lower_src.h"

/* The diagnostics of lowering src (NULL module expected), xmalloc'd. */
static char *errors_of(const char *src)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *errs = open_memstream(&buf, &len);
    diag_set_stream(errs);
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    cr_expect_null(m, "lowered without an error:\n%s", src);
    if (m) ir_module_free(m);
    ar_delete(a);
    diag_set_stream(NULL);
    fclose(errs);
    return buf;
}

static void expect_error(const char *src, const char *want)
{
    char *got = errors_of(src);
    cr_expect(strstr(got, want) != NULL, "want %s\ngot %s", want, got);
    free(got);
}

Test(lower, emit_without_a_type_is_a_located_error)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *errs = open_memstream(&buf, &len);
    diag_set_stream(errs);
    diag_reset();
    Arena *a = ar_new();
    SrcFile f = {"t.py", "t.py", "x = y\n", 6, false};
    Lower L = {.a = a};
    L.m = ir_module_new(a, &f);
    L.fn = ir_func_new(L.m, "<module>", "gp_module");
    L.blk = L.fn->body;
    Span sp = {&f, 4, 5, 1, 5};
    IrValue *v = lw_emit(&L, IR_LIST_GET, sp, NULL, 0, NULL);
    cr_assert_not_null(v);
    cr_assert_not_null(v->type);
    cr_expect_eq(diag_count(), 1);
    IrValue *list = lw_emit(&L, IR_LIST_NEW, sp, ty_list(NULL), 0, NULL);
    cr_expect_null(lw_list_elem(list, sp));
    cr_expect_eq(diag_count(), 2);
    diag_set_stream(NULL);
    fclose(errs);
    cr_expect(strstr(buf, "t.py:1:5: error: cannot tell the type of this value\n"), "%s", buf);
    cr_expect(strstr(buf, "t.py:1:5: error: the elements of this list have no type yet: nothing is appended to "
                          "it before this line\n"),
              "%s", buf);
    free(buf);
    ir_module_free(L.m);
    ty_free_all();
    ar_delete(a);
}

Test(lower, unknown_list_elements_and_poisoned_names)
{
    const char *unknown = "error: the elements of this list have no type yet";
    expect_error("a = []\nfor v in a:\n    print(v)\n", unknown);
    expect_error("a = []\nfor i, v in enumerate(a, start=1):\n    print(i, v)\n", unknown);
    expect_error("a = []\nfor v, w in zip(a, a):\n    print(v, w)\n", unknown);
    expect_error("a = []\nfor t in zip(a):\n    print(t)\n", unknown);
    expect_error("a = []\na[0] += 1\n", unknown);
    expect_error("def f(xs):\n    for x in xs:\n        print(x)\n\n\nf([])\n", unknown);
    expect_error("b = [[]]\nfor v in b:\n    for w in v:\n        print(w)\n", unknown);
    expect_error("k = q\nfor k in range(3):\n    print(k)\n", "t.py:1:5: error: name 'q' is not defined");
    expect_error("k = q\nfor k in range(3):\n    k = k + 'a'\n",
                 "t.py:3:9: error: unsupported operand types for +: 'int' and 'str'");
}
