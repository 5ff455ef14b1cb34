/*
 * pyargs.c — argparse's common subset at run time: a parser described at compile time (its
 * spec, below) parses sys.argv[1:] or a list of str as CPython 3.11's argparse does, prints
 * -h's help and usage as its HelpFormatter lays them out, and ends the program with its
 * error messages and exit status 2.  lower/argparse.c writes the spec and reads the values.
 *
 * The spec: records separated by RS (\x1e), fields by US (\x1f), list items by GS (\x1d).
 *   record 0:  prog (empty: the script's name) US description US epilog US add_help (0/1)
 *   then one record per argument:
 *     kind ('p' positional, 'o' optional) US names (GS-separated option strings, or the
 *     positional's name) US dest US type ('s' str, 'i' int, 'f' float, 'b' bool) US action
 *     ("store", "store_true", "store_false", "count") US nargs ("" one value, "?", "*", "+" or
 *     a count) US has_default (0/1) US default (its text; a list: GS-separated items) US
 *     choices (GS-separated texts) US help (\x01: SUPPRESS) US metavar US required (0/1)
 * Invariants: a value is kept as the text given on the command line (or the default's text)
 * and converted when read; every text was checked convertible while parsing, as argparse
 * converts there.  The help is as wide as $COLUMNS (else the terminal, else 80) minus 2.
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "internal.h"

typedef struct Arg {
    bool pos;
    const char **names;
    int nnames;
    const char *dest, *action, *nargs, *deflt, *help, *metavar;
    char type;
    bool has_default, required;
    const char **choices;
    int nchoices;
    /* parsed */
    bool seen;
    int count;
    const char **vals;
    int nvals;
} Arg;

typedef struct Parser {
    const char *prog, *desc, *epilog;
    bool add_help;
    Arg *args;
    int n;
} Parser;

static Parser **parsers;
static int nparsers;

/* ---------------------------------------------------------------- the spec */

/* Splits s (a copy) at sep: the pieces, their count in *n. */
static const char **split(const char *s, char sep, int *n)
{
    int k = 1;
    for (const char *p = s; *p; p++)
        k += *p == sep;
    const char **v = rt_xmalloc(sizeof *v * (size_t)k);
    char *c = (char *)rt_str_dup(s, strlen(s));
    *n = 0;
    for (char *p = c;; p++) {
        if (*p != sep && *p)
            continue;
        bool end = !*p;
        *p = 0;
        v[(*n)++] = c;
        c = p + 1;
        if (end)
            break;
    }
    return v;
}

static Parser *parse_spec(const char *spec)
{
    int nrec, nf;
    const char **rec = split(spec, '\x1e', &nrec);
    Parser *ps = rt_xcalloc(1, sizeof *ps);
    const char **h = split(rec[0], '\x1f', &nf);
    const char *script = rt_script_name();
    const char *slash = strrchr(script, '/');
    ps->prog = *h[0] ? h[0] : slash ? slash + 1 : script;
    ps->desc = h[1];
    ps->epilog = h[2];
    ps->add_help = h[3][0] == '1';
    free(h);
    ps->args = rt_xcalloc((size_t)nrec, sizeof *ps->args);
    if (ps->add_help) {
        Arg *a = &ps->args[ps->n++];
        static const char *hn[] = {"-h", "--help"};
        a->names = hn;
        a->nnames = 2;
        a->dest = "help";
        a->action = "help";
        a->nargs = "";
        a->type = 's';
        a->help = "show this help message and exit";
        a->metavar = "";
        a->deflt = "";
    }
    for (int r = 1; r < nrec; r++) {
        const char **f = split(rec[r], '\x1f', &nf);
        Arg *a = &ps->args[ps->n++];
        a->pos = f[0][0] == 'p';
        a->names = split(f[1], '\x1d', &a->nnames);
        a->dest = f[2];
        a->type = f[3][0];
        a->action = f[4];
        a->nargs = f[5];
        a->has_default = f[6][0] == '1';
        a->deflt = f[7];
        a->choices = *f[8] ? split(f[8], '\x1d', &a->nchoices) : NULL;
        a->help = f[9];
        a->metavar = f[10];
        a->required = f[11][0] == '1';
        free(f);
    }
    free(rec);
    return ps;
}

/* ---------------------------------------------------------------- help and usage */

static bool suppressed(const Arg *a) { return !strcmp(a->help, "\x01"); }
static bool takes_values(const Arg *a) { return !strcmp(a->action, "store"); }

/* str() of a value of type t given as text (a float's text is exact, "%.17g": Python's repr
 * shortens it) */
static void value_text(gp_sb *sb, char t, const char *text)
{
    if (t == 'f')
        rt_sb_f64(sb, strtod(text, NULL));
    else
        rt_sb_puts(sb, text);
}

/* The metavar: metavar=, else {choices}, else dflt */
static void metavar(gp_sb *sb, const Arg *a, const char *dflt)
{
    if (*a->metavar) {
        rt_sb_puts(sb, a->metavar);
    } else if (a->nchoices) {
        rt_sb_putc(sb, '{');
        for (int i = 0; i < a->nchoices; i++) {
            if (i)
                rt_sb_putc(sb, ',');
            value_text(sb, a->type, a->choices[i]);
        }
        rt_sb_putc(sb, '}');
    } else {
        rt_sb_puts(sb, dflt);
    }
}

/* argparse's _format_args: the metavar as nargs repeats it */
static void format_args(gp_sb *sb, const Arg *a, const char *dflt)
{
    gp_sb m = {NULL, 0, 0};
    metavar(&m, a, dflt);
    const char *mv = m.s ? m.s : "";
    const char *n = a->nargs;
    if (!*n)
        rt_sb_puts(sb, mv);
    else if (!strcmp(n, "?"))
        rt_sb_printf(sb, "[%s]", mv);
    else if (!strcmp(n, "*"))
        rt_sb_printf(sb, "[%s ...]", mv);
    else if (!strcmp(n, "+"))
        rt_sb_printf(sb, "%s [%s ...]", mv, mv);
    else
        for (int i = 0, k = atoi(n); i < k; i++)
            rt_sb_printf(sb, "%s%s", i ? " " : "", mv);
    rt_sb_free(&m);
}

static const char *upper(const char *s)
{
    char *u = (char *)rt_str_dup(s, strlen(s));
    for (char *p = u; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p -= 32;
    return u;
}

/* The usage text of one action */
static void usage_part(gp_sb *sb, const Arg *a)
{
    if (a->pos) {
        format_args(sb, a, a->dest);
        return;
    }
    bool opt = !a->required;
    if (opt)
        rt_sb_putc(sb, '[');
    rt_sb_puts(sb, a->names[0]);
    if (takes_values(a)) {
        rt_sb_putc(sb, ' ');
        format_args(sb, a, upper(a->dest));
    }
    if (opt)
        rt_sb_putc(sb, ']');
}

/* Splits usage text as argparse's part_regexp: a [...] or (...) run up to a closing bracket
 * before a space or the end, else a word. */
static void usage_words(const char *t, const char ***v, int *n, int *cap)
{
    while (*t) {
        while (*t == ' ')
            t++;
        if (!*t)
            break;
        const char *e = t;
        if (*t == '[' || *t == '(') {
            char close = *t == '[' ? ']' : ')';
            const char *p = t;
            for (; *p; p++)
                if (*p == close && (p[1] == ' ' || !p[1] || p[1] == close)) {
                    while (p[1] == close)
                        p++;
                    break;
                }
            e = *p ? p + 1 : p;
        } else {
            while (*e && *e != ' ')
                e++;
        }
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            *v = rt_xrealloc(*v, sizeof **v * (size_t)*cap);
        }
        (*v)[(*n)++] = rt_str_dup(t, (size_t)(e - t));
        t = e;
    }
}

static int help_width(void)
{
    const char *c = getenv("COLUMNS");
    int w = c ? atoi(c) : 0;
    struct winsize ws;
    if (w <= 0)
        w = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col ? ws.ws_col : 80;
    return w - 2;
}

/* argparse's get_lines: parts joined by spaces into lines of at most width, each after indent
 * spaces, except the first when prefix >= 0 (it follows "usage: ", prefix long); each line
 * goes to out after a newline unless out is empty. */
static void get_lines(gp_sb *out, const char **parts, int n, int indent, int prefix, int width)
{
    int len = (prefix >= 0 ? prefix : indent) - 1;
    bool first = true, empty = true;
    for (int i = 0; i < n; i++) {
        int pl = (int)strlen(parts[i]);
        if (len + 1 + pl > width && !empty) {
            empty = true;
            len = indent - 1;
        }
        if (empty) {
            if (out->len)
                rt_sb_putc(out, '\n');
            rt_sb_printf(out, "%*s", first && prefix >= 0 ? 0 : indent, "");
            first = false;
        } else {
            rt_sb_putc(out, ' ');
        }
        rt_sb_puts(out, parts[i]);
        empty = false;
        len += pl + 1;
    }
}

/* "usage: prog [-h] ...\n" as argparse's _format_usage (wrapped past the width) */
static void format_usage(gp_sb *out, const Parser *ps)
{
    int width = help_width();
    gp_sb opt = {NULL, 0, 0}, pos = {NULL, 0, 0};
    for (int i = 0; i < ps->n; i++) {
        const Arg *a = &ps->args[i];
        if (suppressed(a))
            continue;
        gp_sb *sb = a->pos ? &pos : &opt;
        if (sb->len)
            rt_sb_putc(sb, ' ');
        usage_part(sb, a);
    }
    const char *os = opt.s ? opt.s : "", *pss = pos.s ? pos.s : "";
    int total = (int)(strlen(ps->prog) + (*os ? 1 + strlen(os) : 0) + (*pss ? 1 + strlen(pss) : 0));
    rt_sb_puts(out, "usage: ");
    if (7 + total <= width) {
        rt_sb_puts(out, ps->prog);
        if (*os)
            rt_sb_printf(out, " %s", os);
        if (*pss)
            rt_sb_printf(out, " %s", pss);
    } else {
        const char **ov = NULL, **pv = NULL;
        int no = 0, np = 0, co = 0, cp = 0;
        usage_words(os, &ov, &no, &co);
        usage_words(pss, &pv, &np, &cp);
        gp_sb body = {NULL, 0, 0};
        int plen = (int)strlen(ps->prog);
        if (7 + plen <= 0.75 * width) {
            int indent = 7 + plen + 1;
            const char **v = rt_xmalloc(sizeof *v * (size_t)(1 + (no > np ? no : np)));
            v[0] = ps->prog;
            memcpy(v + 1, no ? ov : pv, sizeof *v * (size_t)(no ? no : np));
            get_lines(&body, v, 1 + (no ? no : np), indent, 7, width);
            if (no)
                get_lines(&body, pv, np, indent, -1, width);
            free(v);
        } else {
            /* argparse: all parts on the lines after prog, or optionals and positionals
             * on lines of their own when they do not fit on one */
            gp_sb one = {NULL, 0, 0};
            const char **v = rt_xmalloc(sizeof *v * (size_t)(no + np + 1));
            memcpy(v, ov, sizeof *v * (size_t)no);
            memcpy(v + no, pv, sizeof *v * (size_t)np);
            get_lines(&one, v, no + np, 7, -1, width);
            rt_sb_puts(&body, ps->prog);
            if (one.len && !memchr(one.s, '\n', one.len)) {
                rt_sb_printf(&body, "\n%s", one.s);
            } else {
                get_lines(&body, ov, no, 7, -1, width);
                get_lines(&body, pv, np, 7, -1, width);
            }
            rt_sb_free(&one);
            free(v);
        }
        rt_sb_puts(out, body.s ? body.s : "");
        rt_sb_free(&body);
        free(ov);
        free(pv);
    }
    rt_sb_puts(out, "\n");
    rt_sb_free(&opt);
    rt_sb_free(&pos);
}

/* textwrap.fill of text (whitespace runs collapsed) to lines of at most width characters,
 * the first after first_indent spaces, the others after indent spaces (not counted in width) */
static void fill(gp_sb *out, const char *text, int width, int first_indent, int indent)
{
    int col = -1;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
            p++;
        if (!*p)
            break;
        const char *e = p;
        while (*e && !(*e == ' ' || (*e >= '\t' && *e <= '\r')))
            e++;
        int wl = (int)(e - p);
        if (col < 0) {
            rt_sb_printf(out, "%*s", first_indent, "");
            col = 0;
        } else if (col + 1 + wl > width) {
            rt_sb_printf(out, "\n%*s", indent, "");
            col = 0;
        } else {
            rt_sb_putc(out, ' ');
            col++;
        }
        rt_sb_putn(out, p, (size_t)wl);
        col += wl;
        p = e;
    }
}

/* str() of an argument's default, for %(default)s */
static void default_text(gp_sb *sb, const Arg *a)
{
    bool list = *a->nargs && strcmp(a->nargs, "?");
    if (!a->has_default) {
        rt_sb_puts(sb, "None");
        return;
    }
    int n = 1;
    const char *one = a->deflt;
    const char **items = list ? split(a->deflt, '\x1d', &n) : &one;
    if (list && !*a->deflt)
        n = 0;
    if (list)
        rt_sb_putc(sb, '[');
    for (int i = 0; i < n; i++) {
        if (i)
            rt_sb_puts(sb, ", ");
        if (a->type == 's' && list)
            rt_sb_printf(sb, "'%s'", items[i]);
        else
            value_text(sb, a->type, items[i]);
    }
    if (list) {
        rt_sb_putc(sb, ']');
        free(items);
    }
}

/* The help text with %(default)s, %(prog)s, %(dest)s, %(choices)s, %(metavar)s and %% */
static const char *expand_help(const Parser *ps, const Arg *a)
{
    gp_sb sb = {NULL, 0, 0};
    for (const char *p = a->help; *p; p++) {
        if (*p != '%') {
            rt_sb_putc(&sb, *p);
            continue;
        }
        if (p[1] == '%') {
            rt_sb_putc(&sb, '%');
            p++;
            continue;
        }
        const char *keys[] = {"(default)s", "(prog)s", "(dest)s", "(choices)s", "(metavar)s"};
        int k = 0;
        while (k < 5 && strncmp(p + 1, keys[k], strlen(keys[k])))
            k++;
        if (k == 5) {
            rt_sb_putc(&sb, '%');
            continue;
        }
        if (k == 0)
            default_text(&sb, a);
        else if (k == 1)
            rt_sb_puts(&sb, ps->prog);
        else if (k == 2)
            rt_sb_puts(&sb, a->dest);
        else if (k == 3)
            for (int i = 0; i < a->nchoices; i++) {
                rt_sb_puts(&sb, i ? ", " : "");
                value_text(&sb, a->type, a->choices[i]);
            }
        else
            rt_sb_puts(&sb, *a->metavar ? a->metavar : "None");
        p += strlen(keys[k]);
    }
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
}

/* The invocation in the help: the metavar of a positional; "-s SIZE, --size SIZE" */
static const char *invocation(const Arg *a)
{
    gp_sb sb = {NULL, 0, 0};
    if (a->pos) {
        metavar(&sb, a, a->dest);
    } else {
        for (int i = 0; i < a->nnames; i++) {
            if (i)
                rt_sb_puts(&sb, ", ");
            rt_sb_puts(&sb, a->names[i]);
            if (takes_values(a)) {
                rt_sb_putc(&sb, ' ');
                format_args(&sb, a, upper(a->dest));
            }
        }
    }
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
}

/* argparse's _format_action: the invocation, then its help in the help column */
static void format_action(gp_sb *out, const Parser *ps, const Arg *a, int help_pos, int width)
{
    int hw = width - help_pos > 11 ? width - help_pos : 11;
    int aw = help_pos - 2 - 2;
    const char *inv = invocation(a);
    const char *help = *a->help ? expand_help(ps, a) : "";
    bool has_help = false;
    for (const char *p = a->help; *p; p++)
        has_help |= !(*p == ' ' || (*p >= '\t' && *p <= '\r'));
    int indent_first;
    if (!*a->help) {
        rt_sb_printf(out, "  %s\n", inv);
        return;
    } else if ((int)strlen(inv) <= aw) {
        rt_sb_printf(out, "  %-*s  ", aw, inv);
        indent_first = 0;
    } else {
        rt_sb_printf(out, "  %s\n", inv);
        indent_first = help_pos;
    }
    if (has_help && *help) {
        fill(out, help, hw, indent_first, help_pos);
        rt_sb_putc(out, '\n');
    } else if (indent_first == 0) {
        rt_sb_putc(out, '\n');
    }
}

/* parser.format_help() */
static const char *format_help(const Parser *ps)
{
    int width = help_width();
    gp_sb sb = {NULL, 0, 0};
    format_usage(&sb, ps);
    rt_sb_putc(&sb, '\n');
    if (*ps->desc) {
        fill(&sb, ps->desc, width, 0, 0);
        rt_sb_puts(&sb, "\n\n");
    }
    int maxlen = 0;
    for (int i = 0; i < ps->n; i++)
        if (!suppressed(&ps->args[i])) {
            int l = (int)strlen(invocation(&ps->args[i])) + 2;
            maxlen = l > maxlen ? l : maxlen;
        }
    int maxpos = width - 20 > 4 ? width - 20 : 4;
    maxpos = maxpos < 24 ? maxpos : 24;
    int help_pos = maxlen + 2 < maxpos ? maxlen + 2 : maxpos;
    for (int sec = 0; sec < 2; sec++) {
        bool any = false;
        for (int i = 0; i < ps->n; i++) {
            const Arg *a = &ps->args[i];
            if (a->pos != (sec == 0) || suppressed(a))
                continue;
            if (!any)
                rt_sb_puts(&sb, sec == 0 ? "positional arguments:\n" : "options:\n");
            any = true;
            format_action(&sb, ps, a, help_pos, width);
        }
        if (any)
            rt_sb_putc(&sb, '\n');
    }
    if (*ps->epilog) {
        fill(&sb, ps->epilog, width, 0, 0);
        rt_sb_putc(&sb, '\n');
    }
    /* argparse: runs of blank lines become one, one newline at the end */
    size_t n = sb.len;
    while (n && sb.s[n - 1] == '\n')
        n--;
    char *r = rt_str_alloc(n + 2), *q = r;
    for (size_t i = 0; i < n; i++) {
        if (sb.s[i] == '\n' && q - r >= 2 && q[-1] == '\n' && q[-2] == '\n')
            continue;
        *q++ = sb.s[i];
    }
    *q++ = '\n';
    *q = 0;
    rt_sb_free(&sb);
    return r;
}

/* ---------------------------------------------------------------- parsing */

/* Ends the program as argparse's error(): the usage and "prog: error: msg" on stderr, status 2 */
static void fail(const Parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void fail(const Parser *ps, const char *fmt, ...)
{
    gp_sb sb = {NULL, 0, 0};
    format_usage(&sb, ps);
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(stdout);
    fprintf(stderr, "%s%s: error: %s\n", sb.s, ps->prog, msg);
    rt_sb_free(&sb);
    rt_sys_exit(2, NULL);
}

/* The argument's name in messages: "-s/--size", or the positional's metavar or dest */
static const char *arg_name(const Arg *a)
{
    gp_sb sb = {NULL, 0, 0};
    if (a->pos)
        metavar(&sb, a, a->dest);
    for (int i = 0; !a->pos && i < a->nnames; i++)
        rt_sb_printf(&sb, "%s%s", i ? "/" : "", a->names[i]);
    const char *r = rt_str_dup(sb.s ? sb.s : "", sb.len);
    rt_sb_free(&sb);
    return r;
}

static bool parse_int(const char *s, int64_t *out)
{
    char *e;
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;
    if (!*s)
        return false;
    long long v = strtoll(s, &e, 10);
    while (*e == ' ' || (*e >= '\t' && *e <= '\r'))
        e++;
    *out = v;
    return !*e && (s[0] != '+' || s[1] >= '0');
}

static bool parse_float(const char *s, double *out)
{
    char *e;
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;
    if (!*s || (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
        return false;
    *out = strtod(s, &e);
    while (*e == ' ' || (*e >= '\t' && *e <= '\r'))
        e++;
    return !*e;
}

/* Are two texts of type t the same value (choices: compared after conversion)? */
static bool same_value(char t, const char *x, const char *y)
{
    int64_t a, b;
    double f, g;
    if (t == 'i' && parse_int(x, &a) && parse_int(y, &b))
        return a == b;
    if (t == 'f' && parse_float(x, &f) && parse_float(y, &g))
        return f == g;
    return !strcmp(x, y);
}

/* Checks value v of a as argparse's _get_values does: the type's conversion, then choices */
static void check_value(const Parser *ps, const Arg *a, const char *v)
{
    int64_t i = 0;
    double f = 0;
    if (a->type == 'i' && !parse_int(v, &i))
        fail(ps, "argument %s: invalid int value: '%s'", arg_name(a), v);
    if (a->type == 'f' && !parse_float(v, &f))
        fail(ps, "argument %s: invalid float value: '%s'", arg_name(a), v);
    if (!a->nchoices)
        return;
    for (int k = 0; k < a->nchoices; k++)
        if (same_value(a->type, v, a->choices[k]))
            return;
    gp_sb sb = {NULL, 0, 0}, val = {NULL, 0, 0};
    bool q = a->type == 's';
    for (int k = 0; k < a->nchoices; k++) {
        rt_sb_puts(&sb, k ? ", " : "");
        if (q)
            rt_sb_printf(&sb, "'%s'", a->choices[k]);
        else
            value_text(&sb, a->type, a->choices[k]);
    }
    if (q)
        rt_sb_printf(&val, "'%s'", v);
    else if (a->type == 'i')
        rt_sb_printf(&val, "%lld", (long long)i);
    else
        rt_sb_f64(&val, f);
    fail(ps, "argument %s: invalid choice: %s (choose from %s)", arg_name(a), val.s, sb.s);
}

/* Does s look like an option (argparse: starts with '-', is not '-' and not a negative number)? */
static bool option_like(const char *s)
{
    double f;
    return s[0] == '-' && s[1] && !parse_float(s, &f);
}

/* The optional named by s (exact, or a unique prefix of a long option: allow_abbrev), or NULL;
 * *value: the text after '=' in --name=value */
static Arg *find_option(const Parser *ps, const char *s, const char **value)
{
    const char *eq = strchr(s, '=');
    size_t n = eq && s[1] == '-' ? (size_t)(eq - s) : strlen(s);
    Arg *hit = NULL;
    int hits = 0;
    *value = NULL;
    for (int i = 0; i < ps->n; i++)
        for (int k = 0; k < ps->args[i].nnames && !ps->args[i].pos; k++) {
            const char *nm = ps->args[i].names[k];
            if (strlen(nm) == n && !strncmp(nm, s, n)) {
                *value = n < strlen(s) ? s + n + 1 : NULL;
                return &ps->args[i];
            }
        }
    for (int i = 0; i < ps->n && s[1] == '-'; i++)
        for (int k = 0; k < ps->args[i].nnames && !ps->args[i].pos; k++) {
            const char *nm = ps->args[i].names[k];
            if (nm[1] == '-' && strlen(nm) > n && !strncmp(nm, s, n)) {
                hits += hit != &ps->args[i];
                hit = &ps->args[i];
            }
        }
    if (hits > 1) {
        gp_sb sb = {NULL, 0, 0};
        for (int i = 0; i < ps->n; i++)
            for (int k = 0; k < ps->args[i].nnames && !ps->args[i].pos; k++) {
                const char *nm = ps->args[i].names[k];
                if (nm[1] == '-' && strlen(nm) > n && !strncmp(nm, s, n))
                    rt_sb_printf(&sb, "%s%s", sb.len ? ", " : "", nm);
            }
        fail(ps, "ambiguous option: %.*s could match %s", (int)n, s, sb.s);
    }
    if (hit)
        *value = n < strlen(s) ? s + n + 1 : NULL;
    return hit;
}

static void add_value(Arg *a, const char *v)
{
    a->vals = rt_xrealloc(a->vals, sizeof *a->vals * (size_t)(a->nvals + 1));
    a->vals[a->nvals++] = v;
}

/* The fewest values nargs takes */
static int min_values(const char *n) { return !*n ? 1 : !strcmp(n, "?") || !strcmp(n, "*") ? 0 : !strcmp(n, "+") ? 1 : atoi(n); }
static int max_values(const char *n) { return !*n || !strcmp(n, "?") ? 1 : !strcmp(n, "*") || !strcmp(n, "+") ? 1 << 30 : atoi(n); }

/* Parses argv (n strings) into ps's arguments: optionals as they come, then the positional
 * strings distributed over the positionals in order (each takes what its nargs allows while
 * leaving the later ones their least). */
static void parse(Parser *ps, const char **argv, int n)
{
    const char **posv = rt_xmalloc(sizeof *posv * (size_t)(n ? n : 1));
    int np = 0;
    gp_sb extra = {NULL, 0, 0};
    bool only_pos = false;
    for (int i = 0; i < n; i++) {
        const char *s = argv[i];
        if (!only_pos && !strcmp(s, "--")) {
            only_pos = true;
            continue;
        }
        if (only_pos || !option_like(s)) {
            posv[np++] = s;
            continue;
        }
        const char *val;
        Arg *a = find_option(ps, s, &val);
        char two[3] = {s[0], s[1], 0};
        if (!a && s[1] != '-' && strlen(s) > 2 && (a = find_option(ps, two, &val))) {
            /* -t0.5: a short option and its value; -vq: short flags together */
            val = s + 2;
            if (!takes_values(a) && strcmp(a->action, "help")) {
                a->seen = true;
                a->count++;
                static char buf[4096];
                snprintf(buf, sizeof buf, "-%s", s + 2);
                argv[i--] = rt_str_dup(buf, strlen(buf)); /* the rest, as flags of their own */
                continue;
            }
        }
        if (!a) {
            rt_sb_printf(&extra, "%s%s", extra.len ? " " : "", s);
            continue;
        }
        if (!strcmp(a->action, "help")) {
            fputs(format_help(ps), stdout);
            rt_sys_exit(0, NULL);
        }
        a->seen = true;
        a->count++;
        if (!takes_values(a)) {
            if (val)
                fail(ps, "argument %s: ignored explicit argument '%s'", arg_name(a), val);
            continue;
        }
        a->nvals = 0;
        if (val) {
            add_value(a, val);
        } else {
            int max = max_values(a->nargs);
            while (a->nvals < max && i + 1 < n && !option_like(argv[i + 1]) && strcmp(argv[i + 1], "--"))
                add_value(a, argv[++i]);
        }
        if (a->nvals < min_values(a->nargs)) {
            const char *n_ = a->nargs;
            if (!*n_)
                fail(ps, "argument %s: expected one argument", arg_name(a));
            if (!strcmp(n_, "+"))
                fail(ps, "argument %s: expected at least one argument", arg_name(a));
            fail(ps, "argument %s: expected %s argument%s", arg_name(a), n_, atoi(n_) == 1 ? "" : "s");
        }
        for (int k = 0; k < a->nvals; k++)
            check_value(ps, a, a->vals[k]);
    }
    /* positionals */
    int at = 0;
    gp_sb missing = {NULL, 0, 0};
    for (int i = 0; i < ps->n; i++) {
        Arg *a = &ps->args[i];
        if (!a->pos)
            continue;
        int later = 0;
        for (int k = i + 1; k < ps->n; k++)
            if (ps->args[k].pos)
                later += min_values(ps->args[k].nargs);
        int avail = np - at - later, min = min_values(a->nargs), max = max_values(a->nargs);
        int take = avail < max ? avail : max;
        if (take < min) {
            rt_sb_printf(&missing, "%s%s", missing.len ? ", " : "", arg_name(a));
            continue;
        }
        for (int k = 0; k < take; k++) {
            check_value(ps, a, posv[at]);
            add_value(a, posv[at++]);
        }
        a->seen = take > 0 || strcmp(a->nargs, "?");
    }
    for (int i = 0; i < ps->n; i++) {
        Arg *a = &ps->args[i];
        if (!a->pos && a->required && !a->seen)
            rt_sb_printf(&missing, "%s%s", missing.len ? ", " : "", arg_name(a));
    }
    if (missing.len)
        fail(ps, "the following arguments are required: %s", missing.s);
    while (at < np)
        rt_sb_printf(&extra, "%s%s", extra.len ? " " : "", posv[at++]);
    if (extra.len)
        fail(ps, "unrecognized arguments: %s", extra.s);
    free(posv);
}

/* ---------------------------------------------------------------- the entry points */

/* parser.parse_args(args): args a list of str (has_args), else sys.argv[1:]; a handle to the
 * parsed values (rt_args_*).  Exits 0 after -h's help, 2 after an error. */
int64_t rt_argparse(const char *spec, const gp_list *args, bool has_args)
{
    Parser *ps = parse_spec(spec);
    if (!has_args)
        args = NULL;
    int n = args ? (int)args->len : rt_saved_argc() - 1;
    const char **argv = rt_xmalloc(sizeof *argv * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++)
        argv[i] = args ? *(const char **)(args->data + (size_t)i * args->esize) : rt_saved_argv()[i + 1];
    parse(ps, argv, n < 0 ? 0 : n);
    free(argv);
    parsers = rt_xrealloc(parsers, sizeof *parsers * (size_t)(nparsers + 1));
    parsers[nparsers] = ps;
    return nparsers++;
}

/* parser.format_help() (kind 0) / format_usage() (1) */
const char *rt_argparse_text(const char *spec, int64_t kind)
{
    Parser *ps = parse_spec(spec);
    if (kind == 0)
        return format_help(ps);
    gp_sb sb = {NULL, 0, 0};
    format_usage(&sb, ps);
    const char *r = rt_str_dup(sb.s, sb.len);
    rt_sb_free(&sb);
    return r;
}

/* The text of argument i of parse h (its value, else its default) */
static const char *text(int64_t h, int64_t i)
{
    Arg *a = &parsers[h]->args[i + parsers[h]->add_help];
    return a->nvals ? a->vals[0] : a->deflt;
}

const char *rt_args_str(int64_t h, int64_t i) { return text(h, i); }

int64_t rt_args_int(int64_t h, int64_t i)
{
    Arg *a = &parsers[h]->args[i + parsers[h]->add_help];
    if (!strcmp(a->action, "count"))
        return a->count + strtoll(a->deflt, NULL, 10);
    int64_t v = 0;
    parse_int(text(h, i), &v);
    return v;
}

double rt_args_float(int64_t h, int64_t i)
{
    double v = 0;
    parse_float(text(h, i), &v);
    return v;
}

bool rt_args_bool(int64_t h, int64_t i)
{
    Arg *a = &parsers[h]->args[i + parsers[h]->add_help];
    if (a->seen)
        return !strcmp(a->action, "store_true");
    return !strcmp(a->deflt, "True");
}

/* A list argument (nargs '*', '+' or N): its values converted to type t, or its default */
gp_list *rt_args_list(int64_t h, int64_t i)
{
    Arg *a = &parsers[h]->args[i + parsers[h]->add_help];
    int n = a->nvals;
    const char **v = a->vals;
    bool dflt = !a->seen || (!n && a->pos);
    if (dflt) {
        v = split(a->deflt, '\x1d', &n);
        n = *a->deflt ? n : 0;
    }
    gp_list *l = rt_list_new(a->type == 'i' ? GP_LIST_I64 : a->type == 'f' ? GP_LIST_F64 : GP_LIST_STR, 0);
    for (int k = 0; k < n; k++) {
        if (a->type == 'i') {
            int64_t x = 0;
            parse_int(v[k], &x);
            rt_list_append(l, &x);
        } else if (a->type == 'f') {
            double x = 0;
            parse_float(v[k], &x);
            rt_list_append(l, &x);
        } else {
            rt_list_append(l, &v[k]);
        }
    }
    if (dflt)
        free(v);
    return l;
}
