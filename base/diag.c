/*
 * diag.c — diagnostics in the C compilers' format (cproc token.c, chibicc verror_at):
 *
 *     model.py:14:9: error: operands could not be broadcast together with shapes (3,) (4,)
 *        14 |     z = x + y
 *           |         ^~~~~
 *
 * Invariants:
 *  - The line number is right-aligned in 5 columns, then " | " and the source line as it is
 *    (control bytes other than tab shown as spaces, a trailing '\r' dropped).
 *  - The caret line copies the tabs that come before the span, so the caret lines up whatever
 *    the tab width; other bytes become one space per UTF-8 character.  '^' marks the first
 *    character of the span, '~' the rest of it up to the end of that line.
 *  - Errors (located or not) are counted; notes are not.  Nothing here exits.
 *  - A located error is printed once: the same message at the same place again (a function
 *    lowered once per combination of argument types reports an error of its body in each
 *    instance) is counted, not printed, and so are the notes after it.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

static FILE *diag_stream;
static int diag_errors;
static bool diag_remarks;
static Vec diag_seen;        /* "path:line:col: msg" of each located error printed (xmalloc'd) */
static bool diag_mute_notes; /* the last error was a repeat: its notes are not printed either */

/* Points diagnostics at f; NULL restores stderr. */
void diag_set_stream(FILE *f)
{
    diag_stream = f;
}

/* Where messages go now. */
static FILE *out(void)
{
    return diag_stream ? diag_stream : stderr;
}

/* Number of errors reported since the last diag_reset. */
int diag_count(void)
{
    return diag_errors;
}

void diag_hold(DiagHold *h)
{
    h->prev = diag_stream;
    h->buf = NULL;
    h->len = 0;
    h->errors = diag_errors;
    h->seen = diag_seen.n;
    h->mem = open_memstream(&h->buf, &h->len);
    if (h->mem) diag_stream = h->mem;
}

void diag_release(DiagHold *h, bool keep)
{
    diag_stream = h->prev;
    if (!h->mem) return;
    fclose(h->mem);
    if (keep)
        fwrite(h->buf, 1, h->len, out());
    else
        diag_errors = h->errors;
    free(h->buf);
    while (!keep && diag_seen.n > h->seen) xfree(diag_seen.v[--diag_seen.n]);
}

/* Forgets the errors counted so far. */
void diag_reset(void)
{
    diag_errors = 0;
    for (int i = 0; i < diag_seen.n; i++) xfree(diag_seen.v[i]);
    vec_free(&diag_seen);
    diag_seen = (Vec){0};
    diag_mute_notes = false;
}

/* Is b the first byte of a UTF-8 character (not a continuation byte)? */
static bool char_start(unsigned char b)
{
    return (b & 0xC0) != 0x80;
}

/* Prints the source line holding sp.start and a caret line under the span. */
static void show_source(FILE *f, Span sp)
{
    const SrcFile *src = sp.file;
    if (!src || !src->text)
        return;
    size_t len = src->len;
    size_t start = sp.start > len ? len : sp.start;
    size_t end = sp.end < start ? start : (sp.end > len ? len : sp.end);
    size_t ls = start;
    while (ls > 0 && src->text[ls - 1] != '\n')
        ls--;
    size_t le = start;
    while (le < len && src->text[le] != '\n')
        le++;
    size_t shown_end = le;
    if (shown_end > ls && src->text[shown_end - 1] == '\r')
        shown_end--;
    uint32_t line = sp.line;
    if (line == 0) { /* a span made without a line: count it */
        line = 1;
        for (size_t i = 0; i < ls; i++)
            line += src->text[i] == '\n';
    }
    fprintf(f, "%5u | ", (unsigned)line);
    for (size_t i = ls; i < shown_end; i++) {
        unsigned char c = (unsigned char)src->text[i];
        fputc(c < 0x20 && c != '\t' ? ' ' : c, f);
    }
    fputc('\n', f);
    fprintf(f, "%5s | ", "");
    for (size_t i = ls; i < start; i++) {
        unsigned char c = (unsigned char)src->text[i];
        if (c == '\t')
            fputc('\t', f);
        else if (char_start(c))
            fputc(' ', f);
    }
    fputc('^', f);
    if (end > shown_end)
        end = shown_end;
    /* skip the rest of the first character, then one '~' per further character */
    size_t i = start + 1;
    while (i < end && !char_start((unsigned char)src->text[i]))
        i++;
    for (; i < end; i++)
        if (char_start((unsigned char)src->text[i]))
            fputc('~', f);
    fputc('\n', f);
}

/* Prints "path:line:col: KIND: msg" and the source display. */
static void report(Span sp, const char *kind, const char *fmt, va_list ap)
{
    FILE *f = out();
    if (sp.file && sp.file->path)
        fprintf(f, "%s:%u:%u: %s: ", sp.file->path, (unsigned)sp.line, (unsigned)sp.col, kind);
    else
        fprintf(f, "gpyc: %s: ", kind);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    show_source(f, sp);
    fflush(f);
}

/* Reports an error at sp and counts it. */
void diag_error(Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(sp, fmt, ap);
    va_end(ap);
}

/* Has a located error with this message been printed at sp?  If not, it is remembered as
 * printed now. */
static bool repeated(Span sp, const char *fmt, va_list ap)
{
    if (!sp.file || !sp.file->path) return false;
    va_list aq;
    va_copy(aq, ap);
    StrBuf key = {0};
    sb_printf(&key, "%s:%u:%u: ", sp.file->path, (unsigned)sp.line, (unsigned)sp.col);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *msg = xmalloc((size_t)(n > 0 ? n : 0) + 1);
    va_copy(aq, ap);
    vsnprintf(msg, (size_t)(n > 0 ? n : 0) + 1, fmt, aq);
    va_end(aq);
    sb_puts(&key, msg);
    xfree(msg);
    for (int i = 0; i < diag_seen.n; i++)
        if (!strcmp(diag_seen.v[i], key.s)) {
            sb_free(&key);
            return true;
        }
    vec_push(&diag_seen, key.s);
    return false;
}

/* diag_error with a va_list. */
void diag_verror(Span sp, const char *fmt, va_list ap)
{
    diag_errors++;
    diag_mute_notes = repeated(sp, fmt, ap);
    if (!diag_mute_notes) report(sp, "error", fmt, ap);
}

/* A note that explains the previous error; not counted. */
void diag_note(Span sp, const char *fmt, ...)
{
    if (diag_mute_notes) return;
    va_list ap;
    va_start(ap, fmt);
    report(sp, "note", fmt, ap);
    va_end(ap);
}

void diag_set_remarks(bool on) { diag_remarks = on; }

/* A remark (a decision of the compiler, -v): printed only when remarks are on; not counted. */
void diag_remark(Span sp, const char *fmt, ...)
{
    if (!diag_remarks) return;
    va_list ap;
    va_start(ap, fmt);
    report(sp, "remark", fmt, ap);
    va_end(ap);
}

/* "gpyc: error: msg", counted; the caller decides whether to go on. */
void diag_fatal_noloc(const char *fmt, ...)
{
    FILE *f = out();
    va_list ap;
    va_start(ap, fmt);
    diag_errors++;
    fputs("gpyc: error: ", f);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    fflush(f);
    va_end(ap);
}
