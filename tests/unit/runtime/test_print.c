/*
 * test_print.c — runtime/print.c against NumPy: str() and repr() of arrays of every dtype
 * (0-d, 1-4 dimensions, wrapped lines, summarised and empty arrays), array2string and
 * str()/repr() under print options, str() of shapes and dtypes, and format() of NumPy
 * scalars.  Expected strings come from print_cases.inc,
 * written by gen_format_cases.py (NumPy itself, with NumPy 2's rules); the arrays are
 * formatted from host memory (rt_format_array_host), so no GPU is needed.
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"

typedef struct ArrayCase {
    gp_dtype dtype;
    int ndim;
    int64_t shape[GP_MAXDIM];
    const char *hex;         /* the elements' bytes in C order, little-endian */
    const char *str, *repr;
} ArrayCase;

typedef struct OptCase {
    gp_dtype dtype;
    int ndim;
    int64_t shape[GP_MAXDIM];
    const char *hex;
    gp_text_kind kind;
    RtPrintOpts opts;
    const char *sep, *prefix, *suffix;
    const char *expect;
} OptCase;

typedef struct ScalarFmtCase {
    gp_dtype dtype;
    const char *hex;
    const char *spec;
    const char *expect;
    const char *exc;
} ScalarFmtCase;

#include "print_cases.inc"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Decodes hex into a new buffer (at least 16 bytes). */
static unsigned char *unhex(const char *hex)
{
    size_t n = strlen(hex) / 2;
    unsigned char *b = calloc(n + 16, 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        b[i] = (unsigned char)v;
    }
    return b;
}

/* Prints a string with its newlines visible, for failure logs. */
static void log_mismatch(const char *what, int k, const char *got, const char *want)
{
    cr_log_error("case %d %s:\n--- got\n%s\n--- want\n%s\n---", k, what, got, want);
}

static void check_arrays(bool repr)
{
    int bad = 0;
    for (size_t k = 0; k < NELEM(array_cases); k++) {
        const ArrayCase *c = &array_cases[k];
        unsigned char *data = unhex(c->hex);
        gp_sb sb = {0};
        rt_format_array_host(&sb, c->dtype, c->ndim, c->shape, data, repr);
        const char *want = repr ? c->repr : c->str;
        if (strcmp(sb.s, want) != 0 && bad++ < 15)
            log_mismatch(repr ? "repr" : "str", (int)k, sb.s, want);
        rt_sb_free(&sb);
        free(data);
    }
    cr_assert_eq(bad, 0, "%d of %zu array %s cases differ", bad, NELEM(array_cases),
                 repr ? "repr" : "str");
}

Test(print, array_str)
{
    check_arrays(false);
}

Test(print, array_repr)
{
    check_arrays(true);
}

/* array2string with options, str() and repr() under print options */
Test(print, options)
{
    int bad = 0;
    for (size_t k = 0; k < NELEM(option_cases); k++) {
        const OptCase *c = &option_cases[k];
        unsigned char *data = unhex(c->hex);
        gp_sb sb = { 0 };
        rt_array_text_host(&sb, &c->opts, c->kind, c->dtype, c->ndim, c->shape, data, c->sep, c->prefix,
                           c->suffix);
        if (strcmp(sb.s, c->expect) != 0 && bad++ < 15) log_mismatch("options", (int)k, sb.s, c->expect);
        rt_sb_free(&sb);
        free(data);
    }
    cr_assert_eq(bad, 0, "%d of %zu print option cases differ", bad, NELEM(option_cases));
}

static jmp_buf raise_jmp;
static char raised[600];
static void on_raise(const char *exc, const char *msg)
{
    snprintf(raised, sizeof raised, "%s: %s", exc, msg);
    longjmp(raise_jmp, 1);
}

/* format() of one NumPy scalar into got ("Exc: message" when it raises). */
static void run_scalar_fmt(const ScalarFmtCase *c, const unsigned char *data, char *got,
                           size_t cap)
{
    gp_sb sb = {0};
    rt_set_raise_hook(on_raise);
    if (setjmp(raise_jmp) == 0) {
        rt_fmt_np_scalar(&sb, c->dtype, data, c->spec);
        snprintf(got, cap, "%s", sb.s ? sb.s : "");
    } else {
        snprintf(got, cap, "%s", raised);
    }
    rt_set_raise_hook(NULL);
    rt_sb_free(&sb);
}

Test(print, scalar_format)
{
    int bad = 0;
    for (size_t k = 0; k < NELEM(scalar_fmt_cases); k++) {
        const ScalarFmtCase *c = &scalar_fmt_cases[k];
        unsigned char *data = unhex(c->hex);
        char got[600], want[600];
        run_scalar_fmt(c, data, got, sizeof got);
        if (c->exc)
            snprintf(want, sizeof want, "%s: %s", c->exc, c->expect);
        else
            snprintf(want, sizeof want, "%s", c->expect);
        if (strcmp(got, want) != 0 && bad++ < 20)
            cr_log_error("format(%s 0x%s, '%s'): got '%s', want '%s'", rt_dtype_name(c->dtype),
                         c->hex, c->spec, got, want);
        free(data);
    }
    cr_assert_eq(bad, 0, "%d of %zu scalar format cases differ", bad, NELEM(scalar_fmt_cases));
}

Test(print, shape_and_dtype)
{
    gp_sb sb = {0};
    int64_t s2[] = {2, 3}, s1[] = {5};
    rt_sb_shape(&sb, 2, s2);
    rt_sb_putc(&sb, ' ');
    rt_sb_shape(&sb, 1, s1);
    rt_sb_putc(&sb, ' ');
    rt_sb_shape(&sb, 0, NULL);
    rt_sb_putc(&sb, ' ');
    rt_sb_dtype(&sb, GP_FLOAT32);
    rt_sb_putc(&sb, ' ');
    rt_sb_dtype(&sb, GP_COMPLEX128);
    cr_assert_str_eq(sb.s, "(2, 3) (5,) () float32 complex128");
    rt_sb_free(&sb);
}
