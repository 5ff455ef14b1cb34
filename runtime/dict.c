/*
 * dict.c — Python's dicts and sets whose keys are known at run time (hash tables).
 *
 * A key is stored by value in ksize bytes and described by a layout string (kdesc): 'b' bool,
 * 'i' int64, 'f' double, 's' a runtime-owned str pointer, 'S' a frozenset (a gp_set pointer,
 * never changed once made), '(' ... ')' a tuple of those (a C struct with C's alignment: bool
 * 1 byte, the rest 8).  A key holding frozensets holds a reference to each: taken when the key
 * is stored into a table, dropped when it leaves it (key_refs).
 *
 * gp_dict is CPython's compact dict: entries in insertion order (a deleted one stays dead in
 * place until the table is rebuilt), and an open-addressing index of entry numbers.  Iteration
 * is insertion order, as Python's.  Values are stored by value (vsize bytes); vrefs, when the
 * values hold references, is called with +1 when the dict stores a value and -1 when it drops
 * one.
 *
 * gp_set is CPython's set table (Objects/setobject.c's algorithm, 3.11): one slot per entry,
 * linear probes of 9 then perturbed jumps, a dummy left by a removal, resized when fill * 5 >=
 * mask * 3; with CPython's hashes of bool, int and float, iteration (the table's order) is the
 * order in which CPython iterates the same set built by the same operations.  A str hashes by
 * FNV-1a (CPython's str hash is randomised per process: no order is CPython's there); a tuple
 * by CPython's tuplehash over its fields' hashes, so a set of tuples of numbers iterates in
 * CPython's order too.
 *
 * Invariants: len <= n <= cap (dict); the index has a free slot always (n < 2/3 of its size);
 * used <= fill <= mask (set), fill * 5 < mask * 3 after each insertion.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---------------------------------------------------------------- keys */

#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)

/* CPython's hash of an int (sys.hash_info: modulus 2**61 - 1, -1 becomes -2). */
static int64_t hash_i64(int64_t v)
{
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int64_t h = (int64_t)(a % HASH_MOD);
    if (v < 0) h = -h;
    return h == -1 ? -2 : h;
}

/* CPython's hash of a float: the hash of the rational it equals, modulo 2**61 - 1 (so
 * hash(2.0) == hash(2)); inf 314159, -inf -314159; nan 0 (CPython's depends on the object). */
static int64_t hash_f64(double v)
{
    if (isinf(v)) return v > 0 ? 314159 : -314159;
    if (isnan(v)) return 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) { /* 28 bits at a time: x = x * 2**28 + the next bits, modulo 2**61 - 1 */
        x = ((x << 28) & HASH_MOD) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MOD) x -= HASH_MOD;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MOD) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    if (x == (uint64_t)-1) x = (uint64_t)-2;
    return (int64_t)x;
}

/* CPython's tuple hash constants (Objects/tupleobject.c, 64-bit). */
#define XXPRIME_1 11400714785074694791u
#define XXPRIME_2 14029467366897019727u
#define XXPRIME_5 2870177450012600261u

static int64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) h = (h ^ *p) * 1099511628211u;
    int64_t r = (int64_t)(h >> 1);
    return r == -1 ? -2 : r;
}

static size_t align_up(size_t off, size_t a) { return (off + a - 1) / a * a; }

static int64_t frozenset_hash(const gp_set *s);
static void frozenset_repr(gp_sb *sb, const gp_set *s);

/* The end of the field or tuple that *d describes (advanced past it), its alignment in *al. */
static size_t key_size(const char **d, size_t *al)
{
    char c = *(*d)++;
    if (c == 'b') {
        *al = 1;
        return 1;
    }
    if (c != '(') {
        *al = 8;
        return 8;
    }
    size_t off = 0, amax = 1;
    while (**d != ')') {
        size_t a, s = key_size(d, &a);
        off = align_up(off, a) + s;
        if (a > amax) amax = a;
    }
    (*d)++;
    *al = amax;
    return align_up(off, amax);
}

/* Walks the key at k described by *d: its hash (h non-NULL), equality with k2 (k2 non-NULL),
 * or its repr (sb non-NULL).  Returns false at the first unequal field. */
static bool key_walk(const char **d, const char *k, const char *k2, int64_t *h, gp_sb *sb)
{
    char c = *(*d)++;
    switch (c) {
    case 'b':
        if (h) *h = *(const bool *)k;
        if (sb) rt_sb_bool(sb, *(const bool *)k);
        return !k2 || *(const bool *)k == *(const bool *)k2;
    case 'i':
        if (h) *h = hash_i64(*(const int64_t *)k);
        if (sb) rt_sb_i64(sb, *(const int64_t *)k);
        return !k2 || *(const int64_t *)k == *(const int64_t *)k2;
    case 'f': {
        double x = *(const double *)k;
        if (h) *h = hash_f64(x);
        if (sb) rt_sb_f64(sb, x);
        return !k2 || x == *(const double *)k2 || (isnan(x) && isnan(*(const double *)k2));
    }
    case 's': {
        const char *s = *(const char *const *)k;
        if (h) *h = hash_str(s);
        if (sb) rt_sb_str_repr(sb, s);
        return !k2 || !strcmp(s, *(const char *const *)k2);
    }
    case 'S': {
        const gp_set *s = *(const gp_set *const *)k;
        if (h) *h = frozenset_hash(s);
        if (sb) frozenset_repr(sb, s);
        return !k2 || rt_set_eq(s, *(const gp_set *const *)k2);
    }
    default: break; /* '(' */
    }
    size_t off = 0, n = 0;
    uint64_t acc = XXPRIME_5;
    if (sb) rt_sb_putc(sb, '(');
    bool eq = true;
    while (**d != ')') {
        const char *f = *d;
        size_t a, s = key_size(&f, &a);
        off = align_up(off, a);
        int64_t fh = 0;
        if (sb && n) rt_sb_puts(sb, ", ");
        if (!key_walk(d, k + off, k2 ? k2 + off : NULL, h ? &fh : NULL, sb)) eq = false;
        acc += (uint64_t)fh * XXPRIME_2; /* CPython's tuplehash (xxHash's round) */
        acc = acc << 31 | acc >> 33;
        acc *= XXPRIME_1;
        off += s;
        n++;
    }
    (*d)++;
    if (sb) rt_sb_puts(sb, n == 1 ? ",)" : ")");
    acc += n ^ (XXPRIME_5 ^ 3527539u);
    if (h) *h = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
    return eq;
}

static int64_t key_hash(const char *kdesc, const void *k)
{
    int64_t h = 0;
    key_walk(&kdesc, k, NULL, &h, NULL);
    return h;
}

static bool key_eq(const char *kdesc, const void *a, const void *b)
{
    return key_walk(&kdesc, a, b, NULL, NULL);
}

/* Takes (delta +1) or drops (-1) the references key k (described by *d, advanced past it)
 * holds: one per frozenset. */
static void key_refs_walk(const char **d, const char *k, int delta)
{
    char c = *(*d)++;
    if (c == 'S') {
        rt_set_refs((void *)k, delta);
        return;
    }
    if (c != '(') return;
    size_t off = 0;
    while (**d != ')') {
        const char *f = *d;
        size_t a, sz = key_size(&f, &a);
        off = align_up(off, a);
        key_refs_walk(d, k + off, delta);
        off += sz;
    }
    (*d)++;
}

static void key_refs(const char *kdesc, const void *k, int delta)
{
    if (strchr(kdesc, 'S')) key_refs_walk(&kdesc, k, delta);
}

/* Python's KeyError of key k: its repr is the message. */
static _Noreturn void key_error(const char *kdesc, const void *k)
{
    gp_sb sb = { NULL, 0, 0 };
    key_walk(&kdesc, k, NULL, NULL, &sb);
    rt_raise("KeyError", "%s", sb.s ? sb.s : "");
}

/* ---------------------------------------------------------------- dict */

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)

gp_dict *rt_dict_new(const char *kdesc, size_t ksize, size_t vsize, void (*vrefs)(void *v, int delta))
{
    gp_dict *d = rt_xcalloc(1, sizeof *d);
    d->refcnt = 1;
    d->kdesc = kdesc;
    d->ksize = ksize;
    d->vsize = vsize ? vsize : 1;
    d->vrefs = vrefs;
    return d;
}

gp_dict *rt_dict_retain(gp_dict *d)
{
    if (d) d->refcnt++;
    return d;
}

static char *val_at(const gp_dict *d, int64_t i) { return d->vals + (size_t)i * d->vsize; }
static char *key_at(const gp_dict *d, int64_t i) { return d->keys + (size_t)i * d->ksize; }

void rt_dict_release(gp_dict *d)
{
    if (!d || --d->refcnt > 0) return;
    for (int64_t i = 0; i < d->n; i++) {
        if (!d->live[i]) continue;
        if (d->vrefs) d->vrefs(val_at(d, i), -1);
        key_refs(d->kdesc, key_at(d, i), -1);
    }
    free(d->keys);
    free(d->vals);
    free(d->hashes);
    free(d->live);
    free(d->index);
    free(d);
}

void rt_dict_refs(void *elem, int delta)
{
    gp_dict *d;
    memcpy(&d, elem, sizeof d);
    if (delta > 0)
        rt_dict_retain(d);
    else
        rt_dict_release(d);
}

/* The index slot of key k (hash h): its entry, or the empty slot where it would go. */
static int64_t dict_slot(const gp_dict *d, const void *k, int64_t h, bool *found)
{
    uint64_t mask = (uint64_t)d->mask, i = (uint64_t)h & mask, perturb = (uint64_t)h;
    int64_t free_slot = -1;
    for (;;) {
        int64_t e = d->index[i];
        if (e == IX_EMPTY) {
            *found = false;
            return free_slot >= 0 ? free_slot : (int64_t)i;
        }
        if (e == IX_DUMMY) {
            if (free_slot < 0) free_slot = (int64_t)i;
        } else if (d->hashes[e] == h && key_eq(d->kdesc, key_at(d, e), k)) {
            *found = true;
            return (int64_t)i;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* Rebuilds the entries (dropping dead ones) and the index for at least want entries. */
static void dict_rebuild(gp_dict *d, int64_t want)
{
    int64_t m = 0;
    for (int64_t i = 0; i < d->n; i++) {
        if (!d->live[i]) continue;
        if (m != i) {
            memmove(key_at(d, m), key_at(d, i), d->ksize);
            memmove(val_at(d, m), val_at(d, i), d->vsize);
            d->hashes[m] = d->hashes[i];
            d->live[m] = true;
        }
        m++;
    }
    d->n = m;
    int64_t cap = 8;
    while (cap < want) cap *= 2;
    d->cap = cap;
    d->keys = rt_xrealloc(d->keys, (size_t)cap * d->ksize);
    d->vals = rt_xrealloc(d->vals, (size_t)cap * d->vsize);
    d->hashes = rt_xrealloc(d->hashes, (size_t)cap * sizeof *d->hashes);
    d->live = rt_xrealloc(d->live, (size_t)cap * sizeof *d->live);
    int64_t size = cap * 2; /* entries fill at most half the index */
    free(d->index);
    d->index = rt_xmalloc((size_t)size * sizeof *d->index);
    for (int64_t i = 0; i < size; i++) d->index[i] = IX_EMPTY;
    d->mask = size - 1;
    for (int64_t e = 0; e < d->n; e++) {
        bool found;
        d->index[dict_slot(d, key_at(d, e), d->hashes[e], &found)] = e;
    }
}

/* The entry of key k, or -1. */
static int64_t dict_find(const gp_dict *d, const void *k)
{
    if (!d->index) return -1;
    bool found;
    int64_t s = dict_slot(d, k, key_hash(d->kdesc, k), &found);
    return found ? d->index[s] : -1;
}

void *rt_dict_find(const gp_dict *d, const void *key)
{
    int64_t e = dict_find(d, key);
    return e < 0 ? NULL : val_at(d, e);
}

void *rt_dict_at(const gp_dict *d, const void *key)
{
    void *v = rt_dict_find(d, key);
    if (!v) key_error(d->kdesc, key);
    return v;
}

/* The value slot of key, a new entry (its value unset) when absent; *added says which. */
static char *dict_entry(gp_dict *d, const void *key, bool *added)
{
    int64_t h = key_hash(d->kdesc, key);
    if (d->index) {
        bool found;
        int64_t s = dict_slot(d, key, h, &found);
        if (found) {
            *added = false;
            return val_at(d, d->index[s]);
        }
    }
    if (d->n == d->cap) dict_rebuild(d, d->len + 1 > d->cap / 2 ? d->cap * 2 : d->cap);
    int64_t e = d->n++;
    memcpy(key_at(d, e), key, d->ksize);
    key_refs(d->kdesc, key, +1);
    d->hashes[e] = h;
    d->live[e] = true;
    bool found;
    d->index[dict_slot(d, key, h, &found)] = e;
    d->len++;
    *added = true;
    return val_at(d, e);
}

void rt_dict_set(gp_dict *d, const void *key, const void *val)
{
    bool added;
    char *v = dict_entry(d, key, &added);
    char *held = NULL; /* the old value, released after the new one is retained */
    if (!added && d->vrefs) {
        held = rt_xmalloc(d->vsize);
        memcpy(held, v, d->vsize);
    }
    memcpy(v, val, d->vsize);
    if (d->vrefs) d->vrefs(v, +1);
    if (held) {
        d->vrefs(held, -1);
        free(held);
    }
}

void *rt_dict_setdefault(gp_dict *d, const void *key, const void *dflt)
{
    bool added;
    char *v = dict_entry(d, key, &added);
    if (added) {
        memcpy(v, dflt, d->vsize);
        if (d->vrefs) d->vrefs(v, +1);
    }
    return v;
}

bool rt_dict_pop(gp_dict *d, const void *key, void *out, bool must)
{
    int64_t e = dict_find(d, key);
    if (e < 0) {
        if (must) key_error(d->kdesc, key);
        return false;
    }
    bool found;
    int64_t s = dict_slot(d, key, d->hashes[e], &found);
    d->index[s] = IX_DUMMY;
    d->live[e] = false;
    d->len--;
    key_refs(d->kdesc, key_at(d, e), -1);
    if (out)
        memcpy(out, val_at(d, e), d->vsize); /* the caller takes the dict's references */
    else if (d->vrefs)
        d->vrefs(val_at(d, e), -1);
    return true;
}

bool rt_dict_next(const gp_dict *d, int64_t *pos, void **key, void **val)
{
    while (*pos < d->n && !d->live[*pos]) (*pos)++;
    if (*pos >= d->n) return false;
    *key = key_at(d, *pos);
    *val = val_at(d, *pos);
    (*pos)++;
    return true;
}

void rt_dict_update(gp_dict *d, const gp_dict *o)
{
    if (d == o) return;
    int64_t pos = 0;
    void *k, *v;
    while (rt_dict_next(o, &pos, &k, &v)) rt_dict_set(d, k, v);
}

gp_dict *rt_dict_copy(const gp_dict *o)
{
    gp_dict *d = rt_dict_new(o->kdesc, o->ksize, o->vsize, o->vrefs);
    rt_dict_update(d, o);
    return d;
}

/* Stable merge sort of the entry numbers e[0..n) of d by their int64 values, descending. */
static void sort_by_count(const gp_dict *d, int64_t *e, int64_t *tmp, int64_t n)
{
    if (n < 2) return;
    int64_t h = n / 2, i = 0, j = h, k = 0;
    sort_by_count(d, e, tmp, h);
    sort_by_count(d, e + h, tmp, n - h);
    while (i < h && j < n) {
        int64_t a = *(const int64_t *)val_at(d, e[i]), b = *(const int64_t *)val_at(d, e[j]);
        tmp[k++] = b > a ? e[j++] : e[i++];
    }
    while (i < h) tmp[k++] = e[i++];
    while (j < n) tmp[k++] = e[j++];
    memcpy(e, tmp, (size_t)n * sizeof *e);
}

gp_dict *rt_dict_by_count(const gp_dict *d)
{
    int64_t n = 0, *e = rt_xmalloc((size_t)(d->len + 1) * sizeof *e),
            *tmp = rt_xmalloc((size_t)(d->len + 1) * sizeof *e);
    for (int64_t i = 0; i < d->n; i++)
        if (d->live[i]) e[n++] = i;
    sort_by_count(d, e, tmp, n);
    gp_dict *r = rt_dict_new(d->kdesc, d->ksize, d->vsize, d->vrefs);
    for (int64_t i = 0; i < n; i++) rt_dict_set(r, key_at(d, e[i]), val_at(d, e[i]));
    free(e);
    free(tmp);
    return r;
}

void rt_dict_list(const gp_dict *d, gp_list *l, int what, size_t voff)
{
    char *tmp = rt_xcalloc(1, l->esize);
    int64_t pos = 0;
    void *k, *v;
    while (rt_dict_next(d, &pos, &k, &v)) {
        if (what == 0) {
            memcpy(tmp, k, d->ksize);
        } else if (what == 1) {
            memcpy(tmp, v, d->vsize);
        } else {
            memcpy(tmp, k, d->ksize);
            memcpy(tmp + voff, v, d->vsize);
        }
        rt_list_append(l, tmp); /* retains an array element itself */
        if (l->refs) l->refs(l->data + (size_t)(l->len - 1) * l->esize, +1);
    }
    free(tmp);
}

/* ---------------------------------------------------------------- set */

#define LINEAR_PROBES 9
enum { SLOT_UNUSED, SLOT_ACTIVE, SLOT_DUMMY };

static gp_set *set_alloc(const char *kdesc, size_t ksize, int64_t size)
{
    gp_set *s = rt_xcalloc(1, sizeof *s);
    s->refcnt = 1;
    s->kdesc = kdesc;
    s->ksize = ksize;
    s->mask = size - 1;
    s->keys = rt_xmalloc((size_t)size * ksize);
    s->hashes = rt_xmalloc((size_t)size * sizeof *s->hashes);
    s->state = rt_xcalloc((size_t)size, 1);
    return s;
}

gp_set *rt_set_new(const char *kdesc, size_t ksize) { return set_alloc(kdesc, ksize, 8); }

gp_set *rt_set_retain(gp_set *s)
{
    if (s) s->refcnt++;
    return s;
}

static void set_free_table(gp_set *s)
{
    free(s->keys);
    free(s->hashes);
    free(s->state);
}

/* Drops the references of s's keys (before its table goes). */
static void set_drop_keys(gp_set *s)
{
    if (!strchr(s->kdesc, 'S')) return;
    for (int64_t i = 0; i <= s->mask; i++)
        if (s->state[i] == SLOT_ACTIVE) key_refs(s->kdesc, s->keys + (size_t)i * s->ksize, -1);
}

void rt_set_release(gp_set *s)
{
    if (!s || --s->refcnt > 0) return;
    set_drop_keys(s);
    set_free_table(s);
    free(s);
}

void rt_set_refs(void *elem, int delta)
{
    gp_set *s;
    memcpy(&s, elem, sizeof s);
    if (delta > 0)
        rt_set_retain(s);
    else
        rt_set_release(s);
}

static char *skey(const gp_set *s, int64_t i) { return s->keys + (size_t)i * s->ksize; }

static void slot_put(gp_set *s, int64_t i, const void *k, int64_t h)
{
    memcpy(skey(s, i), k, s->ksize);
    s->hashes[i] = h;
    s->state[i] = SLOT_ACTIVE;
}

/* Inserts a key known absent into a table without dummies (CPython's set_insert_clean). */
static void set_insert_clean(gp_set *s, const void *k, int64_t h)
{
    uint64_t mask = (uint64_t)s->mask, perturb = (uint64_t)h, i = (uint64_t)h & mask;
    for (;;) {
        uint64_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (uint64_t j = i; j <= i + probes; j++)
            if (s->state[j] == SLOT_UNUSED) {
                slot_put(s, (int64_t)j, k, h);
                return;
            }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* A table of the smallest power of two above minused, the active keys reinserted in order. */
static void set_resize(gp_set *s, int64_t minused)
{
    int64_t size = 8;
    while (size <= minused) size <<= 1;
    gp_set old = *s;
    s->keys = rt_xmalloc((size_t)size * s->ksize);
    s->hashes = rt_xmalloc((size_t)size * sizeof *s->hashes);
    s->state = rt_xcalloc((size_t)size, 1);
    s->mask = size - 1;
    s->fill = s->used;
    for (int64_t i = 0; i <= old.mask; i++)
        if (old.state[i] == SLOT_ACTIVE) set_insert_clean(s, skey(&old, i), old.hashes[i]);
    set_free_table(&old);
}

/* The slot of key k (hash h), or -1. */
static int64_t set_find(const gp_set *s, const void *k, int64_t h)
{
    uint64_t mask = (uint64_t)s->mask, perturb = (uint64_t)h, i = (uint64_t)h & mask;
    for (;;) {
        uint64_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (uint64_t j = i; j <= i + probes; j++) {
            if (s->state[j] == SLOT_UNUSED) return -1;
            if (s->state[j] == SLOT_ACTIVE && s->hashes[j] == h && key_eq(s->kdesc, skey(s, j), k))
                return (int64_t)j;
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* CPython's set_add_entry: the first dummy on the probe path is reused. */
static void set_add_hashed(gp_set *s, const void *k, int64_t h)
{
    uint64_t mask = (uint64_t)s->mask, perturb = (uint64_t)h, i = (uint64_t)h & mask;
    int64_t free_slot = -1, unused = -1;
    while (unused < 0) {
        uint64_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (uint64_t j = i; j <= i + probes && unused < 0; j++) {
            if (s->state[j] == SLOT_UNUSED) {
                unused = (int64_t)j;
            } else if (s->state[j] == SLOT_ACTIVE) {
                if (s->hashes[j] == h && key_eq(s->kdesc, skey(s, j), k)) return;
            } else if (free_slot < 0) {
                free_slot = (int64_t)j;
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
    s->used++;
    key_refs(s->kdesc, k, +1);
    if (free_slot >= 0) {
        slot_put(s, free_slot, k, h);
        return;
    }
    s->fill++;
    slot_put(s, unused, k, h);
    if ((uint64_t)s->fill * 5 >= mask * 3) set_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

void rt_set_add(gp_set *s, const void *key) { set_add_hashed(s, key, key_hash(s->kdesc, key)); }

bool rt_set_has(const gp_set *s, const void *key) { return set_find(s, key, key_hash(s->kdesc, key)) >= 0; }

static bool set_discard_hashed(gp_set *s, const void *k, int64_t h)
{
    int64_t i = set_find(s, k, h);
    if (i < 0) return false;
    s->state[i] = SLOT_DUMMY;
    s->used--;
    key_refs(s->kdesc, skey(s, i), -1);
    return true;
}

bool rt_set_discard(gp_set *s, const void *key, bool must)
{
    bool had = set_discard_hashed(s, key, key_hash(s->kdesc, key));
    if (!had && must) key_error(s->kdesc, key);
    return had;
}

bool rt_set_next(const gp_set *s, int64_t *pos, void **key)
{
    while (*pos <= s->mask && s->state[*pos] != SLOT_ACTIVE) (*pos)++;
    if (*pos > s->mask) return false;
    *key = skey(s, *pos);
    (*pos)++;
    return true;
}

void rt_set_add_list(gp_set *s, const gp_list *l)
{
    for (int64_t i = 0; i < l->len; i++) rt_set_add(s, l->data + (size_t)i * l->esize);
}

void rt_set_add_keys(gp_set *s, const gp_dict *d)
{
    if ((s->fill + d->len) * 5 >= s->mask * 3) set_resize(s, (s->used + d->len) * 2);
    int64_t pos = 0;
    void *k, *v;
    while (rt_dict_next(d, &pos, &k, &v)) set_add_hashed(s, k, d->hashes[pos - 1]);
}

/* Takes the references of s's keys (copied into its table). */
static void set_take_keys(gp_set *s)
{
    if (!strchr(s->kdesc, 'S')) return;
    for (int64_t i = 0; i <= s->mask; i++)
        if (s->state[i] == SLOT_ACTIVE) key_refs(s->kdesc, skey(s, i), +1);
}

/* CPython's set_merge: s |= o, one resize first; an empty s copies o's table. */
static void set_merge(gp_set *s, const gp_set *o)
{
    if (s == o || o->used == 0) return;
    if ((s->fill + o->used) * 5 >= s->mask * 3) set_resize(s, (s->used + o->used) * 2);
    if (s->fill == 0 && s->mask == o->mask && o->fill == o->used) {
        memcpy(s->keys, o->keys, (size_t)(o->mask + 1) * s->ksize);
        memcpy(s->hashes, o->hashes, (size_t)(o->mask + 1) * sizeof *s->hashes);
        memcpy(s->state, o->state, (size_t)(o->mask + 1));
        s->fill = o->fill;
        s->used = o->used;
        set_take_keys(s);
        return;
    }
    if (s->fill == 0) {
        s->fill = s->used = o->used;
        for (int64_t i = 0; i <= o->mask; i++)
            if (o->state[i] == SLOT_ACTIVE) set_insert_clean(s, skey(o, i), o->hashes[i]);
        set_take_keys(s);
        return;
    }
    for (int64_t i = 0; i <= o->mask; i++)
        if (o->state[i] == SLOT_ACTIVE) set_add_hashed(s, skey(o, i), o->hashes[i]);
}

gp_set *rt_set_copy(const gp_set *o)
{
    gp_set *s = rt_set_new(o->kdesc, o->ksize);
    set_merge(s, o);
    return s;
}

/* a & b (CPython's set_intersection: over the smaller one's table, into a new set). */
static gp_set *set_and(const gp_set *a, const gp_set *b)
{
    if (a == b) return rt_set_copy(a);
    gp_set *r = rt_set_new(a->kdesc, a->ksize);
    if (b->used > a->used) {
        const gp_set *t = a;
        a = b;
        b = t;
    }
    for (int64_t i = 0; i <= b->mask; i++)
        if (b->state[i] == SLOT_ACTIVE && set_find(a, skey(b, i), b->hashes[i]) >= 0)
            set_add_hashed(r, skey(b, i), b->hashes[i]);
    return r;
}

/* s -= o in place (CPython's set_difference_update_internal). */
static void set_sub_update(gp_set *s, const gp_set *o)
{
    if (s == o) {
        gp_set *e = rt_set_new(s->kdesc, s->ksize);
        set_drop_keys(s);
        set_free_table(s);
        s->keys = e->keys, s->hashes = e->hashes, s->state = e->state;
        s->mask = e->mask, s->fill = s->used = 0;
        free(e);
        return;
    }
    for (int64_t i = 0; i <= o->mask; i++)
        if (o->state[i] == SLOT_ACTIVE) set_discard_hashed(s, skey(o, i), o->hashes[i]);
}

/* a - b (CPython's set_difference: a copy less b when a is over 4x larger, else a's table filtered). */
static gp_set *set_sub(const gp_set *a, const gp_set *b)
{
    if ((a->used >> 2) > b->used) {
        gp_set *r = rt_set_copy(a);
        set_sub_update(r, b);
        return r;
    }
    gp_set *r = rt_set_new(a->kdesc, a->ksize);
    for (int64_t i = 0; i <= a->mask; i++)
        if (a->state[i] == SLOT_ACTIVE && (a == b || set_find(b, skey(a, i), a->hashes[i]) < 0))
            set_add_hashed(r, skey(a, i), a->hashes[i]);
    return r;
}

/* s ^= o in place (CPython's set_symmetric_difference_update over o's table). */
static void set_xor_update(gp_set *s, const gp_set *o)
{
    if (s == o) {
        set_sub_update(s, o);
        return;
    }
    for (int64_t i = 0; i <= o->mask; i++)
        if (o->state[i] == SLOT_ACTIVE && !set_discard_hashed(s, skey(o, i), o->hashes[i]))
            set_add_hashed(s, skey(o, i), o->hashes[i]);
}

/* Moves r's table into s (CPython's set_swap_bodies for s &= o) and frees r. */
static void set_take(gp_set *s, gp_set *r)
{
    set_drop_keys(s);
    set_free_table(s);
    s->keys = r->keys, s->hashes = r->hashes, s->state = r->state;
    s->mask = r->mask, s->fill = r->fill, s->used = r->used;
    free(r);
}

gp_set *rt_set_op(int op, const gp_set *a, const gp_set *b)
{
    gp_set *r;
    switch (op) {
    case GP_SETOP_OR:
        r = rt_set_copy(a);
        set_merge(r, b);
        return r;
    case GP_SETOP_AND: return set_and(a, b);
    case GP_SETOP_SUB: return set_sub(a, b);
    default: /* a ^ b: a copy of b, updated by a */
        r = rt_set_copy(b);
        set_xor_update(r, a);
        return r;
    }
}

void rt_set_iop(int op, gp_set *s, const gp_set *o)
{
    switch (op) {
    case GP_SETOP_OR: set_merge(s, o); break;
    case GP_SETOP_AND: set_take(s, set_and(s, o)); break;
    case GP_SETOP_SUB: set_sub_update(s, o); break;
    default: set_xor_update(s, o); break;
    }
}

bool rt_set_le(const gp_set *a, const gp_set *b)
{
    if (a->used > b->used) return false;
    for (int64_t i = 0; i <= a->mask; i++)
        if (a->state[i] == SLOT_ACTIVE && set_find(b, skey(a, i), a->hashes[i]) < 0) return false;
    return true;
}

bool rt_set_eq(const gp_set *a, const gp_set *b) { return a->used == b->used && rt_set_le(a, b); }

void rt_set_list(const gp_set *s, gp_list *l)
{
    int64_t pos = 0;
    void *k;
    while (rt_set_next(s, &pos, &k)) {
        rt_list_append(l, k);
        if (l->refs) l->refs(l->data + (size_t)(l->len - 1) * l->esize, +1);
    }
}

/* CPython's frozenset hash (Objects/setobject.c): its elements' hashes, each shuffled, xor-ed
 * (any order gives the same), with the size, then dispersed. */
static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747u) ^ (h << 16)) * 3644798167u; }

static int64_t frozenset_hash(const gp_set *s)
{
    uint64_t h = 0;
    for (int64_t i = 0; i <= s->mask; i++)
        if (s->state[i] == SLOT_ACTIVE) h ^= shuffle_bits((uint64_t)s->hashes[i]);
    h ^= ((uint64_t)s->used + 1) * 1927868237u;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069u + 907133923u;
    return h == (uint64_t)-1 ? 590923713 : (int64_t)h;
}

/* frozenset({1, 2}) / frozenset(), its elements in the table's order. */
static void frozenset_repr(gp_sb *sb, const gp_set *s)
{
    if (!s->used) {
        rt_sb_puts(sb, "frozenset()");
        return;
    }
    rt_sb_puts(sb, "frozenset({");
    int64_t pos = 0, n = 0;
    void *k;
    while (rt_set_next(s, &pos, &k)) {
        if (n++) rt_sb_puts(sb, ", ");
        const char *d = s->kdesc;
        key_walk(&d, k, NULL, NULL, sb);
    }
    rt_sb_puts(sb, "})");
}
