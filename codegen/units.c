/*
 * units.c — a program's device code as units: the text of one launchable entity (a kernel
 * group, a horizontal bundle with its members, a row chain, a set of sibling reductions),
 * canonicalised so that the same kernel in any program is the same text, named by the hash
 * of that text, and compiled (or found in the kernel cache) on its own.
 *
 * Canonical form, from the text the kernel emitters write:
 *   - comments are dropped (they name script lines);
 *   - the unit's own names (its group, bundle, chain or set names, and every name built on
 *     them: "k3_add_body", "k1_sum_cv") become "$<k>..." (k: which owned name);
 *   - the value numbers in local names (v12, a12, off12, in12 ... : a prefix of kernels.h's
 *     naming scheme followed by digits) are renumbered in order of first appearance;
 *   - every __global__ function is extern "C", so the loader finds it by name.
 * The unit's hash is SHA-256 of the canonical text; its final text replaces "$" by
 * "gk<16 hex digits of the hash>_", so equal kernels get equal names in every program, and a
 * name identifies its kernel's text.
 *
 * Invariants: renaming is a bijection on the identifiers it touches (one map from value
 * number to local number, applied to every prefix), so the canonical text means what the
 * emitted text meant; identifiers outside the prefix list (header functions, types, CUDA
 * builtins) are never touched.  The host side of a unit is a gp_kernel and a typed launcher
 * per __global__ (cg_unit_host_decls), whose parameters are the kernel's own (less the
 * device-only __grid_constant__), so arguments convert as they would in a <<<>>> launch.
 */
#include "codegen/codegen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Local-name prefixes of the kernel emitters (codegen/kernels/) that take a value or
 * member number: "<prefix><digits>" is renumbered, nothing else.  No prefix may make a name
 * the runtime headers declare: "s" would rename gp_srow's fields s0 and s1. */
static const char *const num_prefixes[] = {
    "a", "v", "in", "base", "sl", "off", "acc", "p", "o", "m", "c", "rv", "r", "ov", "out", "nx",
    "sv", "so", "shb", "sbase", "sa", "hb", "f_v", "s_w", "kg_s", "kg_c", "ra", "nv", NULL,
};

static bool ident_start(int c) { return isalpha(c) || c == '_'; }
static bool ident_char(int c) { return isalnum(c) || c == '_'; }

/* If id (n bytes) is "<prefix><digits>" with a listed prefix, the digits' offset, else 0. */
static size_t num_suffix(const char *id, size_t n)
{
    size_t d = n;
    while (d > 0 && isdigit((unsigned char)id[d - 1])) d--;
    if (d == 0 || d == n) return 0;
    for (const char *const *p = num_prefixes; *p; p++)
        if (strlen(*p) == d && memcmp(*p, id, d) == 0) return d;
    return 0;
}

/* Which owned name id starts (as itself or followed by '_'), the longest; -1 if none. */
static int owned_base(const char *id, size_t n, const char *const *bases, int nbases, size_t *len)
{
    int best = -1;
    size_t blen = 0;
    for (int k = 0; k < nbases; k++) {
        size_t l = strlen(bases[k]);
        if (l <= n && memcmp(id, bases[k], l) == 0 && (l == n || id[l] == '_') && l > blen) {
            best = k;
            blen = l;
        }
    }
    *len = blen;
    return best;
}

/* A number map: value number → local number, in order of first appearance. */
typedef struct NumMap {
    long *from;
    int n, cap;
} NumMap;

static int num_local(NumMap *nm, long v)
{
    for (int i = 0; i < nm->n; i++)
        if (nm->from[i] == v) return i;
    if (nm->n == nm->cap) {
        nm->cap = nm->cap ? 2 * nm->cap : 32;
        nm->from = xrealloc(nm->from, (size_t)nm->cap * sizeof *nm->from);
    }
    nm->from[nm->n] = v;
    return nm->n++;
}

/* Skips a string or character literal starting at p (the quote); returns past its end. */
static const char *skip_literal(const char *p, const char *end)
{
    char q = *p++;
    while (p < end && *p != q) {
        if (*p == '\\' && p + 1 < end) p++;
        p++;
    }
    return p < end ? p + 1 : end;
}

/* Writes raw's canonical form to out (see the file comment). */
static void canonicalise(StrBuf *out, const char *raw, size_t len, const char *const *bases, int nbases)
{
    NumMap nm = {0};
    const char *p = raw, *end = raw + len;
    bool line_start = true;
    while (p < end) {
        if (p[0] == '/' && p + 1 < end && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : end;
            continue;
        }
        if (p[0] == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n') p++;
            continue;
        }
        if (*p == '"' || *p == '\'') {
            const char *e = skip_literal(p, end);
            sb_putn(out, p, (size_t)(e - p));
            p = e;
            line_start = false;
            continue;
        }
        if (*p == '\n') {
            /* drop blank lines and trailing blanks the dropped comments leave */
            while (out->len && (out->s[out->len - 1] == ' ' || out->s[out->len - 1] == '\t')) out->len--;
            if (out->len && out->s[out->len - 1] != '\n') sb_putc(out, '\n');
            p++;
            line_start = true;
            continue;
        }
        if (ident_start((unsigned char)*p) && (p == raw || !ident_char((unsigned char)p[-1]))) {
            const char *s = p;
            while (p < end && ident_char((unsigned char)*p)) p++;
            size_t n = (size_t)(p - s), blen;
            int k = owned_base(s, n, bases, nbases, &blen);
            size_t d;
            if (k >= 0) {
                sb_printf(out, "$%d", k);
                sb_putn(out, s + blen, n - blen);
            } else if ((d = num_suffix(s, n)) > 0) {
                sb_putn(out, s, d);
                sb_printf(out, "%d", num_local(&nm, strtol(s + d, NULL, 10)));
            } else {
                if (n == 10 && memcmp(s, "__global__", 10) == 0) sb_puts(out, "extern \"C\" ");
                sb_putn(out, s, n);
            }
            line_start = false;
            continue;
        }
        if (isdigit((unsigned char)*p)) {   /* a number: copied whole, so "1e10" stays one */
            const char *s = p;
            while (p < end && (ident_char((unsigned char)*p) || *p == '.')) p++;
            sb_putn(out, s, (size_t)(p - s));
            line_start = false;
            continue;
        }
        if (line_start && (*p == ' ' || *p == '\t')) {   /* indentation stays */
            sb_putc(out, *p++);
            continue;
        }
        /* anything else up to the next character one of the cases above looks at */
        const char *s = p++;
        while (p < end && !strchr("/\"'\n", *p) && !ident_char((unsigned char)*p)) p++;
        sb_putn(out, s, (size_t)(p - s));
        line_start = false;
    }
    if (out->len && out->s[out->len - 1] != '\n') sb_putc(out, '\n');
    free(nm.from);
}

/* The __global__ functions of a canonical text: for each, the offset of its name ("$k...")
 * and of its parameter list's "(". */
static void find_kernels(const char *t, Vec *names)
{
    for (const char *p = strstr(t, "__global__"); p; p = strstr(p + 10, "__global__")) {
        const char *q = p + 10;
        for (;;) {
            while (*q == ' ') q++;
            if (strncmp(q, "void", 4) == 0 && !ident_char((unsigned char)q[4])) {
                q += 4;
            } else if (strncmp(q, "__launch_bounds__", 17) == 0) {
                q = strchr(q, ')');
                if (!q) return;
                q++;
            } else {
                break;
            }
        }
        if (*q == '$') vec_push(names, (void *)q);
    }
}

CgUnit *cg_unit_new(const char *raw, size_t len, const char *const *bases, int nbases)
{
    CgUnit *u = xcalloc(1, sizeof *u);
    StrBuf canon = {0};
    canonicalise(&canon, raw, len, bases, nbases);
    Sha256 h;
    uint8_t d[32];
    char hex[65];
    sha256_init(&h);
    sha256_update(&h, canon.s, canon.len);
    sha256_final(&h, d);
    sha256_hex(d, hex);
    memcpy(u->hash, hex, 16);
    u->hash[16] = 0;

    /* final text: "$k" → "gk<hash>_k" */
    StrBuf fin = {0};
    for (const char *c = canon.s, *end = canon.s + canon.len; c < end;) {
        const char *d = memchr(c, '$', (size_t)(end - c));
        sb_putn(&fin, c, (size_t)((d ? d : end) - c));
        if (!d) break;
        sb_printf(&fin, "gk%s_", u->hash);
        c = d + 1;
    }
    u->text = fin.s;
    u->len = fin.len;

    /* the kernels, with their names before and after */
    Vec at = {0};
    find_kernels(canon.s, &at);
    for (int i = 0; i < at.n; i++) {
        const char *q = at.v[i], *e = q + 1;
        while (ident_char((unsigned char)*e)) e++;
        CgKernel *k = xcalloc(1, sizeof *k);
        int base = atoi(q + 1);
        const char *rest = q + 1;
        while (isdigit((unsigned char)*rest)) rest++;
        StrBuf orig = {0}, final = {0};
        sb_puts(&orig, bases[base]);
        sb_putn(&orig, rest, (size_t)(e - rest));
        sb_printf(&final, "gk%s_%d", u->hash, base);
        sb_putn(&final, rest, (size_t)(e - rest));
        k->name = orig.s;
        k->symbol = final.s;
        /* the parameter list, with its canonical names (the launcher's own) */
        const char *lp = e, *rp;
        while (*lp == ' ') lp++;
        int depth = 0;
        for (rp = lp; *rp; rp++) {
            if (*rp == '(') depth++;
            else if (*rp == ')' && --depth == 0) break;
        }
        StrBuf params = {0};   /* owned names as the host knows them (bundle structs) */
        for (const char *c = lp + 1; c < rp; c++) {
            if (*c == '$') {
                sb_puts(&params, bases[atoi(c + 1)]);
                while (isdigit((unsigned char)c[1])) c++;
            } else {
                sb_putc(&params, *c == '\n' ? ' ' : *c);
            }
        }
        k->params = params.s ? params.s : xstrdup("");
        vec_push(&u->kernels, k);
    }
    vec_free(&at);
    sb_free(&canon);
    return u;
}

CgUnit *cg_unit_new_raw(const char *text, size_t len, const char *const *names, const char *const *symbols,
                        int n)
{
    CgUnit *u = xcalloc(1, sizeof *u);
    Sha256 h;
    uint8_t d[32];
    char hex[65];
    sha256_init(&h);
    sha256_update(&h, text, len);
    sha256_final(&h, d);
    sha256_hex(d, hex);
    memcpy(u->hash, hex, 16);
    u->hash[16] = 0;
    u->text = xmalloc(len + 1);
    memcpy(u->text, text, len);
    u->text[len] = 0;
    u->len = len;
    u->user = true;
    for (int i = 0; i < n; i++) {
        CgKernel *k = xcalloc(1, sizeof *k);
        k->name = xstrdup(names[i]);
        k->symbol = xstrdup(symbols[i]);
        k->params = xstrdup("");
        vec_push(&u->kernels, k);
    }
    return u;
}

void cg_unit_free(CgUnit *u)
{
    if (!u) return;
    for (int i = 0; i < u->kernels.n; i++) {
        CgKernel *k = u->kernels.v[i];
        free(k->name);
        free(k->symbol);
        free(k->params);
        free(k);
    }
    vec_free(&u->kernels);
    free(u->text);
    free(u);
}

/* The last identifier of a parameter declaration ("const int64_t *out" → "out"). */
static void param_name(StrBuf *out, const char *decl, size_t n)
{
    size_t e = n;
    while (e > 0 && !ident_char((unsigned char)decl[e - 1])) e--;
    size_t s = e;
    while (s > 0 && ident_char((unsigned char)decl[s - 1])) s--;
    sb_putn(out, decl + s, e - s);
}

/* A kernel's parameter list as host parameters: without the device-only "__grid_constant__ "
 * (const parameters that kernels index in place; nvcc rejects it outside a __global__). */
static void put_host_params(StrBuf *out, const char *params)
{
    static const char gc[] = "__grid_constant__ ";
    for (const char *p = params; *p;) {
        const char *q = strstr(p, gc);
        if (!q) {
            sb_puts(out, p);
            break;
        }
        sb_putn(out, p, (size_t)(q - p));
        p = q + sizeof gc - 1;
    }
}

void cg_unit_host_decls(StrBuf *out, const CgUnit *u)
{
    sb_printf(out, "extern \"C\" const int gpyk_fb_%s;   /* its fatbin (build.c) */\n", u->hash);
    for (int i = 0; i < u->kernels.n; i++) {
        const CgKernel *k = u->kernels.v[i];
        sb_printf(out, "static gp_kernel K_%s = {\"%s\", &gpyk_fb_%s, NULL};\n", k->name, k->symbol, u->hash);
        sb_printf(out,
                  "static inline void L_%s(unsigned kg_gx, unsigned kg_gy, unsigned kg_b, size_t kg_sm%s",
                  k->name, *k->params ? ", " : "");
        put_host_params(out, k->params);
        sb_puts(out, ")\n{\n");
        sb_puts(out, "    void *kg_a[] = {");
        const char *p = k->params;
        int depth = 0, np = 0;
        const char *s = p;
        for (;; p++) {
            if (*p == '(' || *p == '<' || *p == '[') depth++;
            else if (*p == ')' || *p == '>' || *p == ']') depth--;
            if ((*p == ',' && depth == 0) || !*p) {
                if (p > s) {
                    sb_puts(out, np++ ? ", (void *)&" : "(void *)&");
                    param_name(out, s, (size_t)(p - s));
                }
                if (!*p) break;
                s = p + 1;
            }
        }
        if (!np) sb_puts(out, "NULL");
        sb_printf(out, "};\n    rt_launch(&K_%s, kg_gx, kg_gy, kg_b, kg_sm, kg_a);\n}\n", k->name);
    }
}
