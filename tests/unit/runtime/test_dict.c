/*
 * test_dict.c — runtime/dict.c on the CPU: sets (of ints, floats and tuples) iterate in CPython's
 * order after random add/discard/|/&/-/^ sequences (expected orders from CPython in
 * set_cases.inc), dicts keep
 * insertion order through deletes and rebuilds, tuple and str keys, KeyError's repr, and a
 * Counter's most_common() order.
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "runtime/internal.h"

static jmp_buf jb;
static char got_exc[64], got_msg[256];

static void capture(const char *exc, const char *msg)
{
    snprintf(got_exc, sizeof got_exc, "%s", exc);
    snprintf(got_msg, sizeof got_msg, "%s", msg);
    longjmp(jb, 1);
}

typedef struct {
    int64_t i;
    double f;
} KeyIF; /* the tuple (i, f): kdesc "(if)" */

/* The key at v as kind k stores it ('i': int64, 'f': double, 't': the tuple (v, v / 4)). */
static void *key_of(char k, double v, int64_t *i, double *f, KeyIF *t)
{
    *i = (int64_t)v;
    *f = v;
    t->i = (int64_t)v;
    t->f = (double)t->i / 4;
    return k == 'i' ? (void *)i : k == 'f' ? (void *)f : (void *)t;
}

/* Applies one operation of a case to *s. */
static void apply(gp_set **s, char kind, char op, int n, const double *vs)
{
    int64_t i;
    double f;
    KeyIF t;
    if (op == 'a' || op == 'd') {
        if (op == 'a')
            rt_set_add(*s, key_of(kind, vs[0], &i, &f, &t));
        else
            rt_set_discard(*s, key_of(kind, vs[0], &i, &f, &t), false);
        return;
    }
    gp_set *o = rt_set_new((*s)->kdesc, (*s)->ksize);
    for (int j = 0; j < n; j++) rt_set_add(o, key_of(kind, vs[j], &i, &f, &t));
    int k = op == '|' ? GP_SETOP_OR : op == '&' ? GP_SETOP_AND : op == '-' ? GP_SETOP_SUB : GP_SETOP_XOR;
    gp_set *r = rt_set_op(k, *s, o);
    rt_set_release(o);
    rt_set_release(*s);
    *s = r;
}

static void check(const gp_set *s, char kind, int n, const double *want, int line)
{
    int64_t pos = 0;
    void *k;
    cr_assert_eq(s->used, n, "line %d: %lld elements, CPython has %d", line, (long long)s->used, n);
    for (int j = 0; j < n; j++) {
        cr_assert(rt_set_next(s, &pos, &k));
        double got = kind == 'f' ? *(double *)k : (double)*(int64_t *)k; /* a tuple's first field */
        cr_assert_eq(got, want[j], "line %d: element %d is %.17g, CPython's %.17g", line, j, got, want[j]);
    }
    cr_assert(!rt_set_next(s, &pos, &k));
}

Test(set, cpython_order){
#define CASE_BEGIN(k)  \
    {                  \
        char kind = k; \
        gp_set *s = kind == 't' ? rt_set_new("(if)", sizeof(KeyIF)) : rt_set_new(kind == 'i' ? "i" : "f", 8);
#define OP(op, n, ...) apply(&s, kind, op, n, (double[])__VA_ARGS__);
#define CASE_END(n, ...)                                \
    check(s, kind, n, (double[])__VA_ARGS__, __LINE__); \
    rt_set_release(s);                                  \
    }
#include "set_cases.inc"
}

Test(set, copy_and_keys_presize)
{
    /* CPython: s = {0, 8, 16, 24, 32}; set(d) of the dict with these keys is
     * {0, 16, 32, 8, 24} (one resize first), {x for x in d} adds one by one */
    gp_dict *d = rt_dict_new("i", 8, 8, NULL);
    for (int64_t i = 0; i < 5; i++) {
        int64_t k = i * 8;
        rt_dict_set(d, &k, &i);
    }
    gp_set *s = rt_set_new("i", 8);
    rt_set_add_keys(s, d);
    int64_t want[] = { 0, 16, 32, 8, 24 }, pos = 0;
    void *k;
    for (int j = 0; j < 5; j++) {
        cr_assert(rt_set_next(s, &pos, &k));
        cr_assert_eq(*(int64_t *)k, want[j]);
    }
    rt_set_release(s);
    rt_dict_release(d);
}

typedef struct {
    int64_t a;
    const char *b;
    bool c;
} Key3;

Test(dict, insertion_order_and_tuple_keys)
{
    gp_dict *d = rt_dict_new("(isb)", sizeof(Key3), sizeof(double), NULL);
    char names[200][8];
    for (int i = 0; i < 200; i++) {
        snprintf(names[i], sizeof names[i], "n%d", i % 7);
        Key3 k = { i, names[i], i % 2 == 0 };
        double v = i * 0.5;
        rt_dict_set(d, &k, &v);
    }
    for (int i = 0; i < 200; i += 3) {
        char other[8]; /* an equal str at another address finds the key */
        snprintf(other, sizeof other, "n%d", i % 7);
        Key3 k = { i, other, i % 2 == 0 };
        cr_assert(rt_dict_pop(d, &k, NULL, true));
    }
    Key3 k = { 3, "n3", false };
    double v = -1.0;
    rt_dict_set(d, &k, &v); /* deleted before: now last */
    cr_assert_eq(d->len, 134);
    int64_t pos = 0, prev = -1;
    void *kp, *vp;
    int n = 0;
    while (rt_dict_next(d, &pos, &kp, &vp)) {
        const Key3 *e = kp;
        if (++n < 134) {
            cr_assert(e->a > prev && e->a % 3 != 0);
            cr_assert_eq(*(double *)vp, e->a * 0.5);
        } else {
            cr_assert_eq(e->a, 3);
        }
        prev = e->a;
    }
    rt_set_raise_hook(capture);
    Key3 missing = { 6, "it's", true };
    if (setjmp(jb) == 0) {
        rt_dict_at(d, &missing);
        cr_assert_fail("no KeyError");
    }
    rt_set_raise_hook(NULL);
    cr_assert_str_eq(got_exc, "KeyError");
    cr_assert_str_eq(got_msg, "(6, \"it's\", True)");
    rt_dict_release(d);
}

Test(dict, most_common_order)
{
    gp_dict *d = rt_dict_new("s", sizeof(const char *), 8, NULL);
    const char *ks[] = { "x", "y", "z", "w" };
    int64_t cs[] = { 1, 3, 1, 3 };
    for (int i = 0; i < 4; i++) rt_dict_set(d, &ks[i], &cs[i]);
    gp_dict *c = rt_dict_by_count(d);
    const char *want[] = { "y", "w", "x", "z" };
    int64_t pos = 0;
    void *k, *v;
    for (int i = 0; i < 4; i++) {
        cr_assert(rt_dict_next(c, &pos, &k, &v));
        cr_assert_str_eq(*(const char **)k, want[i]);
    }
    rt_dict_release(c);
    rt_dict_release(d);
}
