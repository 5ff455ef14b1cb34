/*
 * test_diag.c — the diagnostic format (base/diag.c) and the utilities (base/util.c):
 * "path:line:col: error: msg", the source line with its number, the caret line (tabs copied,
 * one column per UTF-8 character, '~' to the end of the span on that line), error counting,
 * held diagnostics (printed or dropped), arenas, vectors, string buffers and the allocation
 * hook.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"

static char *buf;
static size_t buflen;
static FILE *mem;

static void capture(void)
{
    mem = open_memstream(&buf, &buflen);
    diag_set_stream(mem);
    diag_reset();
}

/* The text written so far (owned by the memstream until done()). */
static const char *captured(void)
{
    fflush(mem);
    return buf;
}

static void done(void)
{
    diag_set_stream(NULL);
    fclose(mem);
    free(buf);
    buf = NULL;
}

/* A span of [start, end) in src, with line and column worked out by hand in each test. */
static Span mkspan(const SrcFile *f, uint32_t start, uint32_t end, uint32_t line, uint32_t col)
{
    Span sp = {f, start, end, line, col};
    return sp;
}

Test(diag, design_example)
{
    /* DESIGN.md §3, byte for byte */
    const char *text = "a = 1\n"
                       "def f(x, y):\n"
                       "    z = x + y\n";
    SrcFile f = {"model.py", "model.py", text, strlen(text), false};
    capture();
    const char *at = strstr(text, "x + y");
    uint32_t s = (uint32_t)(at - text);
    diag_error(mkspan(&f, s, s + 5, 3, 9), "operands could not be broadcast together with shapes %s %s",
               "(3,)", "(4,)");
    cr_assert_str_eq(captured(),
                     "model.py:3:9: error: operands could not be broadcast together with shapes (3,) (4,)\n"
                     "    3 |     z = x + y\n"
                     "      |         ^~~~~\n");
    cr_assert_eq(diag_count(), 1);
    done();
}

Test(diag, line_number_width)
{
    StrBuf sb = {0};
    for (int i = 1; i < 14; i++)
        sb_puts(&sb, "\n");
    uint32_t s = (uint32_t)sb.len + 4;
    sb_puts(&sb, "    z = x + y\n");
    SrcFile f = {"m.py", "m.py", sb.s, sb.len, false};
    capture();
    diag_error(mkspan(&f, s, s + 1, 14, 5), "bad");
    cr_assert_str_eq(captured(), "m.py:14:5: error: bad\n"
                                 "   14 |     z = x + y\n"
                                 "      |     ^\n");
    done();
    sb_free(&sb);
}

Test(diag, tabs_are_copied_and_span_clipped_to_line)
{
    const char *text = "\tif x:\n\t\ty = foo(1,\n\t\t\t2)\n";
    SrcFile f = {"t.py", "t.py", text, strlen(text), false};
    capture();
    const char *at = strstr(text, "foo");
    uint32_t s = (uint32_t)(at - text);
    diag_error(mkspan(&f, s, (uint32_t)strlen(text) - 1, 2, 7), "call spans lines");
    cr_assert_str_eq(captured(), "t.py:2:7: error: call spans lines\n"
                                 "    2 | \t\ty = foo(1,\n"
                                 "      | \t\t    ^~~~~~\n");
    done();
}

Test(diag, utf8_counts_characters)
{
    const char *text = "s = \"\xc3\xa9t\xc3\xa9\" + 1\n";
    SrcFile f = {"u.py", "u.py", text, strlen(text), false};
    capture();
    const char *at = strstr(text, "+ 1");
    uint32_t s = (uint32_t)(at - text);
    diag_error(mkspan(&f, 4, s + 3, 1, 5), "cannot add");
    cr_assert_str_eq(captured(), "u.py:1:5: error: cannot add\n"
                                 "    1 | s = \"\xc3\xa9t\xc3\xa9\" + 1\n"
                                 "      |     ^~~~~~~~~\n");
    done();
}

Test(diag, empty_span_at_end_of_file_and_control_bytes)
{
    const char text[] = "x = (1\x01";
    SrcFile f = {"e.py", "e.py", text, sizeof text - 1, false};
    capture();
    diag_error(mkspan(&f, 7, 7, 1, 8), "expected ')'");
    cr_assert_str_eq(captured(), "e.py:1:8: error: expected ')'\n"
                                 "    1 | x = (1 \n"
                                 "      |        ^\n");
    done();
}

Test(diag, notes_and_unlocated_errors)
{
    const char *text = "x = 1\nx = 'a'\n";
    SrcFile f = {"n.py", "n.py", text, strlen(text), false};
    capture();
    diag_error(mkspan(&f, 6, 13, 2, 1), "x changes type from int to str");
    diag_note(mkspan(&f, 0, 5, 1, 1), "first assigned here");
    diag_fatal_noloc("cannot open %s", "missing.py");
    cr_assert_str_eq(captured(), "n.py:2:1: error: x changes type from int to str\n"
                                 "    2 | x = 'a'\n"
                                 "      | ^~~~~~~\n"
                                 "n.py:1:1: note: first assigned here\n"
                                 "    1 | x = 1\n"
                                 "      | ^~~~~\n"
                                 "gpyc: error: cannot open missing.py\n");
    cr_assert_eq(diag_count(), 2, "notes are not counted");
    diag_reset();
    cr_assert_eq(diag_count(), 0);
    done();
}

Test(diag, held_diagnostics_are_printed_or_dropped)
{
    const char *text = "x = 1\n";
    SrcFile f = { "h.py", "h.py", text, strlen(text) , false};
    capture();
    DiagHold outer, inner;
    diag_hold(&outer);
    diag_error(mkspan(&f, 0, 1, 1, 1), "kept");
    diag_hold(&inner);
    diag_error(mkspan(&f, 4, 5, 1, 5), "dropped");
    cr_assert_eq(diag_count(), 2);
    diag_release(&inner, false);
    cr_assert_eq(diag_count(), 1, "a dropped error is not counted");
    cr_assert_str_eq(captured() ? captured() : "", "", "nothing is printed while held");
    diag_release(&outer, true);
    cr_assert_str_eq(captured(), "h.py:1:1: error: kept\n"
                                 "    1 | x = 1\n"
                                 "      | ^\n");
    cr_assert_eq(diag_count(), 1);
    done();
}

Test(diag, a_repeated_error_is_printed_once)
{
    /* a function lowered once per argument types reports its body's error in each instance */
    const char *text = "def f(x):\n    return x + y\n";
    SrcFile f = { "r.py", "r.py", text, strlen(text), false };
    capture();
    Span at = mkspan(&f, 25, 26, 2, 16);
    diag_error(at, "name '%s' is not defined", "y");
    diag_note(mkspan(&f, 0, 1, 1, 1), "in f(int)");
    diag_error(at, "name '%s' is not defined", "y");
    diag_note(mkspan(&f, 0, 1, 1, 1), "in f(float)");
    diag_error(at, "name 'z' is not defined");
    cr_assert_str_eq(captured(), "r.py:2:16: error: name 'y' is not defined\n"
                                 "    2 |     return x + y\n"
                                 "      |                ^\n"
                                 "r.py:1:1: note: in f(int)\n"
                                 "    1 | def f(x):\n"
                                 "      | ^\n"
                                 "r.py:2:16: error: name 'z' is not defined\n"
                                 "    2 |     return x + y\n"
                                 "      |                ^\n");
    cr_assert_eq(diag_count(), 3, "a repeat is counted");
    diag_reset();
    size_t before = strlen(captured());
    diag_error(at, "name 'y' is not defined");
    cr_assert_eq(diag_count(), 1);
    cr_assert_str_eq(captured() + before, "r.py:2:16: error: name 'y' is not defined\n"
                                          "    2 |     return x + y\n"
                                          "      |                ^\n",
                     "printed again after diag_reset");
    done();
}

Test(diag, a_dropped_hold_forgets_its_errors)
{
    const char *text = "x = y\n";
    SrcFile f = { "d.py", "d.py", text, strlen(text), false };
    capture();
    DiagHold h;
    diag_hold(&h);
    diag_error(mkspan(&f, 4, 5, 1, 5), "name 'y' is not defined");
    diag_release(&h, false);
    diag_error(mkspan(&f, 4, 5, 1, 5), "name 'y' is not defined");
    cr_assert_str_eq(captured(), "d.py:1:5: error: name 'y' is not defined\n"
                                 "    1 | x = y\n"
                                 "      |     ^\n");
    cr_assert_eq(diag_count(), 1);
    done();
}

Test(diag, crlf_line_endings)
{
    const char *text = "a = 1\r\nb = c\r\n";
    SrcFile f = {"w.py", "w.py", text, strlen(text), false};
    capture();
    diag_error(mkspan(&f, 11, 12, 2, 5), "name 'c' is not defined");
    cr_assert_str_eq(captured(), "w.py:2:5: error: name 'c' is not defined\n"
                                 "    2 | b = c\n"
                                 "      |     ^\n");
    done();
}

/* ---------------------------------------------------------------- util.c */

Test(util, arena_is_zeroed_aligned_and_holds_big_blocks)
{
    Arena *a = ar_new();
    for (int i = 0; i < 1000; i++) {
        unsigned char *p = ar_alloc(a, (size_t)(i % 37) + 1);
        cr_assert_eq((uintptr_t)p % 16, 0);
        for (int j = 0; j < i % 37 + 1; j++)
            cr_assert_eq(p[j], 0);
        memset(p, 0xAB, (size_t)(i % 37) + 1);
    }
    char *big = ar_alloc(a, 1 << 20);
    cr_assert_eq(big[(1 << 20) - 1], 0);
    char *s = ar_strndup(a, "ab\0cd", 5);
    cr_assert_eq(memcmp(s, "ab\0cd", 6), 0);
    cr_assert_str_eq(ar_printf(a, "%s-%d", "x", 42), "x-42");
    cr_assert_str_eq(ar_strdup(a, "hello"), "hello");
    ar_delete(a);
}

Test(util, vec_and_strbuf)
{
    Vec v = {0};
    for (intptr_t i = 0; i < 100; i++)
        vec_push(&v, (void *)i);
    cr_assert_eq(v.n, 100);
    cr_assert_eq((intptr_t)VEC_AT(v, 57), 57);
    vec_free(&v);
    cr_assert_eq(v.n, 0);

    void *storage[2] = {(void *)1, (void *)2};
    Vec borrowed = {storage, 2, 0}; /* cap 0: borrowed, copied out on growth */
    vec_push(&borrowed, (void *)3);
    cr_assert_eq(storage[0], (void *)1);
    cr_assert_eq((intptr_t)borrowed.v[2], 3);
    cr_assert_neq(borrowed.v, storage);
    vec_free(&borrowed);

    StrBuf sb = {0};
    sb_putc(&sb, 'a');
    sb_puts(&sb, "bc");
    sb_putn(&sb, "d\0e", 3);
    sb_printf(&sb, "%05.1f", 3.14159);
    cr_assert_eq(sb.len, 11);
    cr_assert_eq(memcmp(sb.s, "abcd\0e003.1", 12), 0);
    sb_free(&sb);
    cr_assert_null(sb.s);

    char *d = xstrndup("abcdef", 3);
    cr_assert_str_eq(d, "abc");
    free(d);
}

static void *failing_alloc(void *old, size_t n)
{
    if (n == 0) {
        free(old);
        return NULL;
    }
    return NULL;
}

Test(util, out_of_memory_exits_cleanly, .exit_code = 1)
{
    util_set_alloc_hook(failing_alloc);
    (void)xmalloc(10);
}

Test(util, internal_error_exits_cleanly, .exit_code = 1)
{
    GPYC_ASSERT(1 + 1 == 3);
}
