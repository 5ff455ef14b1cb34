/*
 * list.c — homogeneous Python lists (elements stored by value), sorted(), and str() of a list.
 *
 * Invariants: 0 <= len <= cap; data holds cap * esize bytes; a GP_LIST_ARRAY list owns one
 * reference to each element (taken on append/set, dropped on set/release); a GP_LIST_OTHER
 * list with refs owns the references its elements hold (taken by the caller before
 * append/set, dropped here on set/release); a GP_LIST_STR list
 * holds pointers to runtime-owned strings (never freed here).  Index errors use Python's
 * message "list index out of range".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static size_t default_esize(gp_list_kind kind)
{
    switch (kind) {
    case GP_LIST_BOOL: return sizeof(bool);
    case GP_LIST_I64: return sizeof(int64_t);
    case GP_LIST_F64: return sizeof(double);
    case GP_LIST_C128: return 2 * sizeof(double);
    case GP_LIST_STR: return sizeof(const char *);
    case GP_LIST_ARRAY: return sizeof(gp_array *);
    default: return 8;
    }
}

gp_list *rt_list_new(gp_list_kind kind, size_t esize)
{
    gp_list *l = rt_xcalloc(1, sizeof *l);
    l->refcnt = 1;
    l->kind = kind;
    l->esize = esize ? esize : default_esize(kind);
    return l;
}

gp_list *rt_list_new_refs(size_t esize, void (*refs)(void *elem, int delta))
{
    gp_list *l = rt_list_new(GP_LIST_OTHER, esize);
    l->refs = refs;
    return l;
}

void rt_list_refs_array(void *elem, int delta)
{
    gp_array *a;
    memcpy(&a, elem, sizeof a);
    if (delta > 0)
        rt_retain(a);
    else
        rt_release(a);
}

void rt_list_refs_list(void *elem, int delta)
{
    gp_list *l;
    memcpy(&l, elem, sizeof l);
    if (delta > 0)
        rt_list_retain(l);
    else
        rt_list_release(l);
}

gp_list *rt_list_retain(gp_list *l)
{
    if (l)
        l->refcnt++;
    return l;
}

static gp_array *array_at(const gp_list *l, int64_t i)
{
    gp_array *a;
    memcpy(&a, l->data + (size_t)i * l->esize, sizeof a);
    return a;
}

void rt_list_release(gp_list *l)
{
    if (!l || --l->refcnt > 0)
        return;
    if (l->kind == GP_LIST_ARRAY)
        for (int64_t i = 0; i < l->len; i++)
            rt_release(array_at(l, i));
    if (l->refs)
        for (int64_t i = 0; i < l->len; i++) l->refs(l->data + (size_t)i * l->esize, -1);
    free(l->data);
    free(l);
}

void rt_list_append(gp_list *l, const void *elem)
{
    if (l->len == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->data = rt_xrealloc(l->data, (size_t)l->cap * l->esize);
    }
    memcpy(l->data + (size_t)l->len * l->esize, elem, l->esize);
    if (l->kind == GP_LIST_ARRAY)
        rt_retain(array_at(l, l->len));
    l->len++;
}

static int64_t normalise(const gp_list *l, int64_t i)
{
    if (i < 0)
        i += l->len;
    if (i < 0 || i >= l->len)
        rt_raise("IndexError", "list index out of range");
    return i;
}

void *rt_list_at(gp_list *l, int64_t i)
{
    return l->data + (size_t)normalise(l, i) * l->esize;
}

void rt_list_set(gp_list *l, int64_t i, const void *elem)
{
    i = normalise(l, i);
    char *at = l->data + (size_t)i * l->esize;
    gp_array *old = l->kind == GP_LIST_ARRAY ? array_at(l, i) : NULL;
    char *held = NULL; /* the old element, whose references go after the new one's came */
    if (l->refs) {
        held = rt_xmalloc(l->esize);
        memcpy(held, at, l->esize);
    }
    memcpy(at, elem, l->esize);
    if (l->kind == GP_LIST_ARRAY) {
        rt_retain(array_at(l, i));   /* retain before release: x[i] = x[i] is safe */
        rt_release(old);
    }
    if (held) {
        l->refs(held, -1);
        free(held);
    }
}

/* ---------------------------------------------------------------- collections.deque */

/* Drops the references element i holds (an array, or what the refs function releases). */
static void drop_refs(gp_list *l, int64_t i)
{
    if (l->kind == GP_LIST_ARRAY) rt_release(array_at(l, i));
    if (l->refs) l->refs(l->data + (size_t)i * l->esize, -1);
}

/* Removes element i (its references already taken or dropped), closing the gap. */
static void remove_at(gp_list *l, int64_t i)
{
    memmove(l->data + (size_t)i * l->esize, l->data + (size_t)(i + 1) * l->esize,
            (size_t)(l->len - i - 1) * l->esize);
    l->len--;
}

void rt_deque_push(gp_list *l, const void *elem, bool left, int64_t maxlen)
{
    if (maxlen == 0) { /* Python stores nothing: what the caller retained goes */
        if (l->kind == GP_LIST_OTHER && l->refs) {
            char *tmp = rt_xmalloc(l->esize);
            memcpy(tmp, elem, l->esize);
            l->refs(tmp, -1);
            free(tmp);
        }
        return;
    }
    rt_list_append(l, elem);
    if (left) { /* move it to the front */
        char *tmp = rt_xmalloc(l->esize);
        memcpy(tmp, l->data + (size_t)(l->len - 1) * l->esize, l->esize);
        memmove(l->data + l->esize, l->data, (size_t)(l->len - 1) * l->esize);
        memcpy(l->data, tmp, l->esize);
        free(tmp);
    }
    while (maxlen > 0 && l->len > maxlen) {
        int64_t i = left ? l->len - 1 : 0;
        drop_refs(l, i);
        remove_at(l, i);
    }
}

void rt_deque_extend(gp_list *l, const gp_list *src, bool left, int64_t maxlen)
{
    gp_list *from = (gp_list *)src;
    if (src == l) { /* d.extend(d): the elements as they are before the first push */
        from = rt_list_new(l->kind, l->esize);
        from->refs = l->refs;
        for (int64_t i = 0; i < l->len; i++) {
            if (l->refs) l->refs(l->data + (size_t)i * l->esize, +1);
            rt_list_append(from, l->data + (size_t)i * l->esize);
        }
    }
    for (int64_t i = 0; i < from->len; i++) {
        const char *e = from->data + (size_t)i * from->esize;
        if (l->refs) l->refs((void *)e, +1);
        rt_deque_push(l, e, left, maxlen);
    }
    if (from != src) rt_list_release(from);
}

void rt_deque_pop(gp_list *l, void *out, bool left)
{
    if (l->len == 0) rt_raise("IndexError", "pop from an empty deque");
    int64_t i = left ? 0 : l->len - 1;
    memcpy(out, l->data + (size_t)i * l->esize, l->esize);
    remove_at(l, i);
}

void rt_deque_rotate(gp_list *l, int64_t n)
{
    if (l->len < 2) return;
    n %= l->len;
    if (n < 0) n += l->len;
    if (n == 0) return;
    size_t tail = (size_t)n * l->esize, head = (size_t)(l->len - n) * l->esize;
    char *tmp = rt_xmalloc(tail);
    memcpy(tmp, l->data + head, tail);
    memmove(l->data + tail, l->data, head);
    memcpy(l->data, tmp, tail);
    free(tmp);
}

void rt_deque_clear(gp_list *l)
{
    for (int64_t i = 0; i < l->len; i++) drop_refs(l, i);
    l->len = 0;
}

/* ---------------------------------------------------------------- sorted() */

/* Python's '<' on two elements of a list of kind k. */
static bool less(gp_list_kind k, const char *x, const char *y)
{
    switch (k) {
    case GP_LIST_BOOL: return !*(const bool *)x && *(const bool *)y;
    case GP_LIST_I64: return *(const int64_t *)x < *(const int64_t *)y;
    case GP_LIST_F64: return *(const double *)x < *(const double *)y;
    case GP_LIST_STR: {
        const char *a = *(const char *const *)x, *b = *(const char *const *)y;
        return strcmp(a, b) < 0;   /* bytewise UTF-8 order is code point order */
    }
    default: return false;
    }
}

/* Stable merge sort of the element indices idx[0..n) of l by their elements (tmp: scratch of
 * n). Only '<' is asked, and an element from the right run goes first only when strictly
 * less, as in Python. */
static void merge_sort(const gp_list *l, bool reverse, int64_t *idx, int64_t *tmp, int64_t n)
{
    if (n < 2)
        return;
    int64_t h = n / 2;
    merge_sort(l, reverse, idx, tmp, h);
    merge_sort(l, reverse, idx + h, tmp, n - h);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        const char *x = l->data + (size_t)idx[i] * l->esize;
        const char *y = l->data + (size_t)idx[j] * l->esize;
        bool right_first = reverse ? less(l->kind, x, y) : less(l->kind, y, x);
        tmp[k++] = right_first ? idx[j++] : idx[i++];
    }
    while (i < h)
        tmp[k++] = idx[i++];
    while (j < n)
        tmp[k++] = idx[j++];
    memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

gp_list *rt_list_sorted(const gp_list *l, bool reverse) { return rt_list_sorted_by(l, l, reverse); }

gp_list *rt_list_sorted_by(const gp_list *items, const gp_list *l, bool reverse)
{
    if (l->len > 1) {
        if (l->kind == GP_LIST_C128)
            rt_raise("TypeError", "'<' not supported between instances of 'complex' and "
                     "'complex'");
        if (l->kind == GP_LIST_ARRAY)
            rt_raise("ValueError", "The truth value of an array with more than one element is "
                     "ambiguous. Use a.any() or a.all()");
        if (l->kind == GP_LIST_OTHER)
            rt_raise("TypeError", "gpyc: sorted() supports lists of bool, int, float and str");
    }
    int64_t n = l->len;
    int64_t *idx = rt_xmalloc((size_t)(n ? n : 1) * sizeof *idx);
    int64_t *tmp = rt_xmalloc((size_t)(n ? n : 1) * sizeof *tmp);
    for (int64_t i = 0; i < n; i++)
        idx[i] = i;
    merge_sort(l, reverse, idx, tmp, n);
    gp_list *out = rt_list_new(items->kind, items->esize);
    out->refs = items->refs;
    for (int64_t i = 0; i < n; i++) {
        char *e = items->data + (size_t)idx[i] * items->esize;
        if (out->refs)
            out->refs(e, +1); /* the copy's own references */
        rt_list_append(out, e);
    }
    free(idx);
    free(tmp);
    return out;
}

/* ---------------------------------------------------------------- repr */

/* Decodes one UTF-8 sequence at s (returns its length, 1 for a stray byte). */
static int utf8_decode(const unsigned char *s, uint32_t *cp)
{
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    int n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 1;
    if (n == 1) { *cp = s[0]; return 1; }
    uint32_t v = s[0] & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) { *cp = s[0]; return 1; }
        v = (v << 6) | (s[i] & 0x3f);
    }
    *cp = v;
    return n;
}

void rt_sb_str_repr(gp_sb *sb, const char *s)
{
    char quote = (strchr(s, '\'') && !strchr(s, '"')) ? '"' : '\'';
    rt_sb_putc(sb, quote);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t cp;
        int n = utf8_decode(p, &cp);
        char esc[8];
        if (cp == '\\' || cp == (uint32_t)quote) {
            rt_sb_putc(sb, '\\');
            rt_sb_putc(sb, (char)cp);
        } else if (cp == '\n') {
            rt_sb_puts(sb, "\\n");
        } else if (cp == '\r') {
            rt_sb_puts(sb, "\\r");
        } else if (cp == '\t') {
            rt_sb_puts(sb, "\\t");
        } else if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp == 0xad) {
            static const char hex[] = "0123456789abcdef";
            esc[0] = '\\'; esc[1] = 'x'; esc[2] = hex[(cp >> 4) & 15]; esc[3] = hex[cp & 15];
            esc[4] = 0;
            rt_sb_puts(sb, esc);
        } else {
            for (int i = 0; i < n; i++)
                rt_sb_putc(sb, (char)p[i]);
        }
        p += n;
    }
    rt_sb_putc(sb, quote);
}

/* str() of a list: '[' + ', '.join(repr(x) for x in l) + ']'. */
void rt_sb_list(gp_sb *sb, const gp_list *l)
{
    if (l->kind == GP_LIST_OTHER)
        rt_raise("TypeError", "gpyc: cannot print a list of this element type");
    rt_sb_putc(sb, '[');
    for (int64_t i = 0; i < l->len; i++) {
        const char *e = l->data + (size_t)i * l->esize;
        if (i > 0)
            rt_sb_puts(sb, ", ");
        switch (l->kind) {
        case GP_LIST_BOOL: rt_sb_bool(sb, *(const bool *)e); break;
        case GP_LIST_I64: rt_sb_i64(sb, *(const int64_t *)e); break;
        case GP_LIST_F64: rt_sb_f64(sb, *(const double *)e); break;
        case GP_LIST_C128: rt_sb_c128(sb, ((const double *)e)[0], ((const double *)e)[1]); break;
        case GP_LIST_STR: rt_sb_str_repr(sb, *(const char *const *)e); break;
        case GP_LIST_ARRAY: rt_sb_array_repr(sb, array_at(l, i)); break;
        default: break;
        }
    }
    rt_sb_putc(sb, ']');
}

/* ---------------------------------------------------------------- ndarray.tolist() */

/* The array's elements in C order, on the host (xmalloc'd; caller frees). */
static char *host_elems(const gp_array *a)
{
    size_t n = (size_t)a->size * rt_dtype_size(a->dtype);
    char *h = rt_xmalloc(n ? n : 1);
    rt_to_host(a, h);
    return h;
}

static gp_list_kind tolist_kind(gp_dtype d)
{
    switch (d) {
    case GP_BOOL: return GP_LIST_BOOL;
    case GP_FLOAT16: case GP_FLOAT32: case GP_FLOAT64: return GP_LIST_F64;
    case GP_COMPLEX64: case GP_COMPLEX128: return GP_LIST_C128;
    default: return GP_LIST_I64;
    }
}

gp_list *rt_tolist(const gp_array *a)
{
    gp_list_kind kind = tolist_kind(a->dtype);
    gp_list *l = rt_list_new(kind, 0);
    char *h = host_elems(a);
    size_t isz = rt_dtype_size(a->dtype);
    for (int64_t i = 0; i < a->size; i++) {
        const char *e = h + (size_t)i * isz;
        if (kind == GP_LIST_BOOL) {
            bool b = *e != 0;
            rt_list_append(l, &b);
        } else if (kind == GP_LIST_I64) {
            int64_t v = rt_elem_i64(e, a->dtype);
            rt_list_append(l, &v);
        } else if (kind == GP_LIST_F64) {
            double v = rt_elem_f64(e, a->dtype);
            rt_list_append(l, &v);
        } else {
            double c[2];
            if (a->dtype == GP_COMPLEX64) {
                float f[2];
                memcpy(f, e, sizeof f);
                c[0] = f[0];
                c[1] = f[1];
            } else {
                memcpy(c, e, sizeof c);
            }
            rt_list_append(l, c);
        }
    }
    free(h);
    return l;
}

/* One element as its Python scalar's repr. */
static void sb_elem(gp_sb *sb, const char *e, gp_dtype d)
{
    switch (tolist_kind(d)) {
    case GP_LIST_BOOL: rt_sb_bool(sb, *e != 0); break;
    case GP_LIST_F64: rt_sb_f64(sb, rt_elem_f64(e, d)); break;
    case GP_LIST_C128:
        if (d == GP_COMPLEX64) {
            float f[2];
            memcpy(f, e, sizeof f);
            rt_sb_c128(sb, f[0], f[1]);
        } else {
            double c[2];
            memcpy(c, e, sizeof c);
            rt_sb_c128(sb, c[0], c[1]);
        }
        break;
    default:
        if (d == GP_UINT64) {
            uint64_t u;
            memcpy(&u, e, sizeof u);
            char buf[32];
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)u);
            rt_sb_puts(sb, buf);
        } else {
            rt_sb_i64(sb, rt_elem_i64(e, d));
        }
        break;
    }
}

/* Dimension dim of a C-order host copy, starting at element *at. */
static void sb_nested(gp_sb *sb, const gp_array *a, const char *h, int dim, int64_t *at)
{
    size_t isz = rt_dtype_size(a->dtype);
    if (dim == a->ndim) {
        sb_elem(sb, h + (size_t)*at * isz, a->dtype);
        (*at)++;
        return;
    }
    rt_sb_putc(sb, '[');
    for (int64_t i = 0; i < a->shape[dim]; i++) {
        if (i > 0)
            rt_sb_puts(sb, ", ");
        sb_nested(sb, a, h, dim + 1, at);
    }
    rt_sb_putc(sb, ']');
}

const char *rt_tolist_str(const gp_array *a)
{
    char *h = host_elems(a);
    gp_sb sb = {0};
    int64_t at = 0;
    sb_nested(&sb, a, h, 0, &at);
    free(h);
    return rt_sb_take(&sb);
}

gp_array *rt_list_array(const gp_list *l)
{
    /* the list's items are the dtype's items: C bool (1 byte), int64_t, double, two doubles */
    static const gp_dtype of_kind[] = { [GP_LIST_BOOL] = GP_BOOL,
                                        [GP_LIST_I64] = GP_INT64,
                                        [GP_LIST_F64] = GP_FLOAT64,
                                        [GP_LIST_C128] = GP_COMPLEX128 };
    return rt_from_host(of_kind[l->kind], 1, &l->len, l->data);
}

/* Item i of a list of numbers or bools as a complex number (real, imag). */
static void number_at(const gp_list *l, int64_t i, double *re, double *im)
{
    const char *e = l->data + (size_t)i * l->esize;
    *im = 0;
    switch (l->kind) {
    case GP_LIST_BOOL: { bool b; memcpy(&b, e, sizeof b); *re = b; break; }
    case GP_LIST_I64: { int64_t v; memcpy(&v, e, sizeof v); *re = (double)v; break; }
    case GP_LIST_F64: memcpy(re, e, sizeof *re); break;
    case GP_LIST_C128: memcpy(re, e, sizeof *re); memcpy(im, e + sizeof *re, sizeof *im); break;
    default: *re = 0; break;
    }
}

bool rt_list_eq(const void *pa, const void *pb)
{
    const gp_list *a = pa, *b = pb;
    if (a->len != b->len)
        return false;
    if (a->len == 0 || a == b)
        return true;
    bool na = a->kind <= GP_LIST_C128, nb = b->kind <= GP_LIST_C128;
    if (a->kind == GP_LIST_STR && b->kind == GP_LIST_STR) {
        for (int64_t i = 0; i < a->len; i++) {
            const char *x, *y;
            memcpy(&x, a->data + (size_t)i * a->esize, sizeof x);
            memcpy(&y, b->data + (size_t)i * b->esize, sizeof y);
            if (strcmp(x ? x : "", y ? y : ""))
                return false;
        }
        return true;
    }
    if (!na || !nb) {
        if ((na || a->kind == GP_LIST_STR) && (nb || b->kind == GP_LIST_STR))
            return false; /* a number never equals a str */
        rt_raise("NotImplementedError", "gpyc compares these lists' items only where their type is known "
                 "when compiling (here both lists were first bound to [])");
    }
    for (int64_t i = 0; i < a->len; i++) {
        double ar, ai, br, bi;
        number_at(a, i, &ar, &ai);
        number_at(b, i, &br, &bi);
        if (!(ar == br && ai == bi))
            return false;
    }
    return true;
}
