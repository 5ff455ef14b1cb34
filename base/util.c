/*
 * util.c — allocation, arenas, growable vectors and string buffers, internal errors.  Used by
 * every stage of the compiler.
 *
 * Invariants:
 *  - Every heap allocation goes through one hook (realloc semantics, Lua's lmem.h): xmalloc,
 *    xcalloc, xrealloc and the frees in vec_free/sb_free/ar_delete.  hook(p, 0) frees p.  A NULL
 *    return for a non-zero size is out of memory: "gpyc: out of memory" on stderr, exit 1.
 *  - Arena memory is zeroed and aligned to 16 bytes; it is freed only by ar_delete.
 *  - A Vec owns its storage when cap > 0.  A Vec with cap == 0 and n > 0 borrows it (the parser
 *    freezes AST vectors into the arena that way): vec_push copies it out before growing and
 *    vec_free leaves it alone.
 *  - A StrBuf's .s is NUL-terminated once anything has been written to it.
 */
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

static UtilAllocHook alloc_hook;

/* Installs a replacement allocator; NULL restores the C library's realloc/free. */
void util_set_alloc_hook(UtilAllocHook hook)
{
    alloc_hook = hook;
}

/* Reports exhaustion and exits: the one place allocation failure ends up. */
static _Noreturn void out_of_memory(void)
{
    fputs("gpyc: out of memory\n", stderr);
    exit(1);
}

/* realloc through the hook; n == 0 frees and returns NULL. */
static void *raw_realloc(void *p, size_t n)
{
    if (alloc_hook)
        return alloc_hook(p, n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, n);
}

/* Frees memory obtained from xmalloc & co. */
void xfree(void *p)
{
    if (p)
        raw_realloc(p, 0);
}

/* Allocates n bytes (at least one), never NULL. */
void *xmalloc(size_t n)
{
    void *p = raw_realloc(NULL, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

/* Allocates a zeroed array of n elements of size bytes, never NULL; checks the product. */
void *xcalloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        out_of_memory();
    size_t total = n * size;
    void *p = xmalloc(total);
    memset(p, 0, total > 0 ? total : 1);
    return p;
}

/* Resizes p to n bytes (at least one), never NULL. */
void *xrealloc(void *p, size_t n)
{
    void *q = raw_realloc(p, n ? n : 1);
    if (!q)
        out_of_memory();
    return q;
}

/* Copies a NUL-terminated string to the heap. */
char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

/* Copies at most n bytes of s (stopping at a NUL) to the heap, NUL-terminated. */
char *xstrndup(const char *s, size_t n)
{
    size_t len = 0;
    while (len < n && s[len])
        len++;
    char *p = xmalloc(len + 1);
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

/* ---------------------------------------------------------------- arenas */

typedef struct Chunk Chunk;
struct Chunk {
    Chunk *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

struct Arena {
    Chunk *head;
};

enum { ARENA_CHUNK = 64 * 1024 };

/* Creates an empty arena. */
Arena *ar_new(void)
{
    return xcalloc(1, sizeof(Arena));
}

/* Frees an arena and everything allocated in it. */
void ar_delete(Arena *a)
{
    if (!a)
        return;
    for (Chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        xfree(c);
    }
    xfree(a);
}

/* Returns n zeroed bytes aligned to 16, valid until ar_delete.  Big requests get a chunk of
 * their own, linked behind the current one so that its free space is not lost. */
void *ar_alloc(Arena *a, size_t n)
{
    if (n > SIZE_MAX - 64)
        out_of_memory();
    n = (n + 15) & ~(size_t)15;
    if (n == 0)
        n = 16;
    Chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        size_t size = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
        Chunk *nc = xmalloc(sizeof(Chunk) + size);
        nc->used = 0;
        nc->size = size;
        if (c && size == n) { /* dedicated chunk: keep filling the current one afterwards */
            nc->next = c->next;
            c->next = nc;
        } else {
            nc->next = c;
            a->head = nc;
        }
        c = nc;
    }
    void *p = c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

/* Copies a NUL-terminated string into the arena. */
char *ar_strdup(Arena *a, const char *s)
{
    return ar_strndup(a, s, strlen(s));
}

/* Copies exactly n bytes (which may include NULs) into the arena and adds a NUL. */
char *ar_strndup(Arena *a, const char *s, size_t n)
{
    char *p = ar_alloc(a, n + 1);
    if (n)
        memcpy(p, s, n);
    return p;
}

/* printf into the arena. */
char *ar_printf(Arena *a, const char *fmt, ...)
{
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    char *p = ar_strndup(a, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    return p;
}

/* ---------------------------------------------------------------- vectors */

/* Appends item, growing the storage (copying it out first if it is borrowed). */
void vec_push(Vec *vec, void *item)
{
    if (vec->n >= vec->cap) {
        int ncap = vec->cap < 8 ? 8 : vec->cap * 2;
        if (ncap <= vec->n)
            ncap = vec->n * 2 + 8;
        if (vec->cap == 0 && vec->n > 0) { /* borrowed storage */
            void **nv = xmalloc(sizeof(void *) * (size_t)ncap);
            memcpy(nv, vec->v, sizeof(void *) * (size_t)vec->n);
            vec->v = nv;
        } else {
            vec->v = xrealloc(vec->v, sizeof(void *) * (size_t)ncap);
        }
        vec->cap = ncap;
    }
    vec->v[vec->n++] = item;
}

/* True when item is one of vec's pointers. */
bool vec_contains(const Vec *vec, const void *item)
{
    for (int i = 0; i < vec->n; i++)
        if (vec->v[i] == item) return true;
    return false;
}

/* Frees owned storage and empties the vector. */
void vec_free(Vec *vec)
{
    if (vec->cap > 0)
        xfree(vec->v);
    vec->v = NULL;
    vec->n = vec->cap = 0;
}

/* ---------------------------------------------------------------- string buffers */

/* Makes room for extra more bytes plus the terminating NUL. */
static void sb_grow(StrBuf *sb, size_t extra)
{
    if (extra > SIZE_MAX / 2 - sb->len)
        out_of_memory();
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return;
    size_t ncap = sb->cap < 64 ? 64 : sb->cap;
    while (ncap < need)
        ncap *= 2;
    sb->s = xrealloc(sb->s, ncap);
    sb->cap = ncap;
}

/* Appends one byte. */
void sb_putc(StrBuf *sb, char c)
{
    sb_grow(sb, 1);
    sb->s[sb->len++] = c;
    sb->s[sb->len] = '\0';
}

/* Appends a NUL-terminated string. */
void sb_puts(StrBuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}

/* Appends n bytes (which may include NULs). */
void sb_putn(StrBuf *sb, const char *s, size_t n)
{
    sb_grow(sb, n);
    if (n)
        memcpy(sb->s + sb->len, s, n);
    sb->len += n;
    sb->s[sb->len] = '\0';
}

/* Appends printf-formatted text. */
void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

/* Appends vprintf-formatted text. */
void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        sb_grow(sb, 0);
        return;
    }
    sb_grow(sb, (size_t)n);
    vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

/* Frees the buffer and empties it. */
void sb_free(StrBuf *sb)
{
    xfree(sb->s);
    sb->s = NULL;
    sb->len = sb->cap = 0;
}

/* ---------------------------------------------------------------- internal errors */

/* A compiler bug: says where, exits with status 1 (never a signal). */
_Noreturn void util_internal_error(const char *file, int line, const char *msg)
{
    fflush(stdout);
    fprintf(stderr, "gpyc: internal error at %s:%d: %s\n", file, line, msg);
    exit(1);
}
