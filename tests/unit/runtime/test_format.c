/*
 * test_format.c — runtime/format.c against CPython: the string builder, repr(float),
 * repr(complex) and format(value, spec) for int, float, bool, str and complex, errors
 * included.  Expected strings come from format_cases.inc, written by gen_format_cases.py
 * (CPython itself); every case is compared byte for byte.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"

typedef struct FloatReprCase {
    uint64_t bits;
    const char *repr;
} FloatReprCase;

typedef struct ComplexReprCase {
    uint64_t re, im;
    const char *repr;
} ComplexReprCase;

enum { FK_INT, FK_FLOAT, FK_STR, FK_BOOL, FK_COMPLEX };
typedef struct FormatCase {
    int kind;
    int64_t i;
    uint64_t re, im;
    const char *s;
    const char *spec;
    const char *expect;      /* the result, or the error message when exc is set */
    const char *exc;         /* NULL, or "ValueError" ... */
} FormatCase;

#include "format_cases.inc"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static double from_bits(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* rt_raise lands here during a test: the exception is recorded and the test resumes. */
static jmp_buf raise_jmp;
static char raised_exc[64], raised_msg[512];
static void on_raise(const char *exc, const char *msg)
{
    snprintf(raised_exc, sizeof raised_exc, "%s", exc);
    snprintf(raised_msg, sizeof raised_msg, "%s", msg);
    longjmp(raise_jmp, 1);
}

Test(format, builder)
{
    gp_sb sb = {0};
    rt_sb_putc(&sb, 'a');
    rt_sb_puts(&sb, "bc");
    rt_sb_pad(&sb, '-', 3);
    rt_sb_printf(&sb, "%d", 42);
    for (int i = 0; i < 1000; i++)
        rt_sb_putc(&sb, 'x');
    cr_assert_eq(sb.len, 1008u);
    cr_assert(strncmp(sb.s, "abc---42xx", 10) == 0);
    const char *s = rt_sb_take(&sb);
    cr_assert_eq(strlen(s), 1008u);
    cr_assert_eq(sb.len, 0u);
    cr_assert_null(sb.s);
    const char *e = rt_sb_take(&sb);   /* an empty builder gives "" */
    cr_assert_str_eq(e, "");
    free((char *)s);     /* runtime strings live for the program; the test frees them */
    free((char *)e);
    rt_sb_free(&sb);
}

Test(format, print, .init = cr_redirect_stdout)
{
    gp_sb sb = {0};
    rt_sb_puts(&sb, "hello");
    rt_sb_print(&sb, "\n");
    cr_assert_eq(sb.len, 0u);
    rt_sb_i64(&sb, -5);
    rt_sb_print(&sb, " ");
    rt_sb_print(&sb, "|");
    rt_sb_none(&sb);
    rt_sb_putc(&sb, ' ');
    rt_sb_bool(&sb, false);
    rt_sb_print(&sb, "");
    rt_sb_free(&sb);
    fflush(stdout);
    cr_assert_stdout_eq_str("hello\n-5 |None False");
}

Test(format, float_repr)
{
    int bad = 0;
    for (size_t k = 0; k < NELEM(float_repr_cases); k++) {
        gp_sb sb = {0};
        rt_sb_f64(&sb, from_bits(float_repr_cases[k].bits));
        if (strcmp(sb.s, float_repr_cases[k].repr) != 0 && bad++ < 20)
            cr_log_error("repr(%a): got '%s', want '%s'", from_bits(float_repr_cases[k].bits),
                         sb.s, float_repr_cases[k].repr);
        rt_sb_free(&sb);
    }
    cr_assert_eq(bad, 0, "%d of %zu repr(float) cases differ", bad, NELEM(float_repr_cases));
}

Test(format, complex_repr)
{
    int bad = 0;
    for (size_t k = 0; k < NELEM(complex_repr_cases); k++) {
        const ComplexReprCase *c = &complex_repr_cases[k];
        gp_sb sb = {0};
        rt_sb_c128(&sb, from_bits(c->re), from_bits(c->im));
        if (strcmp(sb.s, c->repr) != 0 && bad++ < 20)
            cr_log_error("repr(complex(%a, %a)): got '%s', want '%s'", from_bits(c->re),
                         from_bits(c->im), sb.s, c->repr);
        rt_sb_free(&sb);
    }
    cr_assert_eq(bad, 0, "%d of %zu repr(complex) cases differ", bad,
                 NELEM(complex_repr_cases));
}

static const char *kind_name[] = {"int", "float", "str", "bool", "complex"};

/* Runs one format() case; returns true when the output (or the error) matches. */
static bool run_case(const FormatCase *c, char *got, size_t cap)
{
    gp_sb sb = {0};
    raised_exc[0] = '\0';
    rt_set_raise_hook(on_raise);
    if (setjmp(raise_jmp) == 0) {
        switch (c->kind) {
        case FK_INT: rt_sb_fmt_i64(&sb, c->i, c->spec); break;
        case FK_FLOAT: rt_sb_fmt_f64(&sb, from_bits(c->re), c->spec); break;
        case FK_STR: rt_sb_fmt_str(&sb, c->s, c->spec); break;
        case FK_BOOL: rt_sb_fmt_bool(&sb, c->i != 0, c->spec); break;
        case FK_COMPLEX: rt_sb_fmt_c128(&sb, from_bits(c->re), from_bits(c->im), c->spec); break;
        }
        snprintf(got, cap, "%s", sb.s ? sb.s : "");
    } else {
        snprintf(got, cap, "%s: %s", raised_exc, raised_msg);
    }
    rt_set_raise_hook(NULL);
    rt_sb_free(&sb);
    if (c->exc) {
        char want[600];
        snprintf(want, sizeof want, "%s: %s", c->exc, c->expect);
        return raised_exc[0] && strcmp(got, want) == 0;
    }
    return !raised_exc[0] && strcmp(got, c->expect) == 0;
}

Test(format, format_spec)
{
    int bad = 0;
    static char got[4096];
    for (size_t k = 0; k < NELEM(format_cases); k++) {
        const FormatCase *c = &format_cases[k];
        if (!run_case(c, got, sizeof got) && bad++ < 40) {
            if (c->kind == FK_STR)
                cr_log_error("format('%s', '%s'): got '%s', want %s'%s'", c->s, c->spec, got,
                             c->exc ? c->exc : "", c->expect);
            else if (c->kind == FK_INT || c->kind == FK_BOOL)
                cr_log_error("format(%s %lld, '%s'): got '%s', want %s'%s'", kind_name[c->kind],
                             (long long)c->i, c->spec, got, c->exc ? c->exc : "", c->expect);
            else
                cr_log_error("format(%s %a %a, '%s'): got '%s', want %s'%s'",
                             kind_name[c->kind], from_bits(c->re), from_bits(c->im), c->spec,
                             got, c->exc ? c->exc : "", c->expect);
        }
    }
    cr_assert_eq(bad, 0, "%d of %zu format() cases differ", bad, NELEM(format_cases));
}

/* The digit generators behind both Python's and NumPy's output. */
Test(format, digits)
{
    RtDigits r;
    rt_digits_shortest(0.1, RT_F64, &r);
    cr_assert_str_eq(r.d, "1");
    cr_assert_eq(r.decpt, 0);
    rt_digits_shortest((float)0.1, RT_F32, &r);
    cr_assert_str_eq(r.d, "1");
    rt_digits_shortest(rt_half_to_f64(rt_f64_to_half(0.1)), RT_F16, &r);
    cr_assert_str_eq(r.d, "1");
    rt_digits_sig(2.5, 1, &r);
    cr_assert_str_eq(r.d, "2");          /* half to even on the exact value */
    rt_digits_frac(0.125, 2, &r);
    cr_assert_str_eq(r.d, "12");
    cr_assert_eq(r.decpt, 0);
    rt_digits_frac(0.001, 2, &r);
    cr_assert_str_eq(r.d, "0");
    rt_digits_frac(123.456, 1, &r);
    cr_assert_str_eq(r.d, "1235");
    cr_assert_eq(r.decpt, 3);
    rt_digits_frac(1200.0, 0, &r);
    cr_assert_str_eq(r.d, "1200");
    cr_assert_eq(r.decpt, 4);
    rt_digits_frac(0.0996, 2, &r);
    cr_assert_str_eq(r.d, "10");
    cr_assert_eq(r.decpt, 0);
}
