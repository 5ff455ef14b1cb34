/*
 * base.h — what every stage of gpyc uses: allocation, arenas, growable vectors, string
 * buffers, source files and spans, diagnostics, and internal-error checks.  It knows nothing
 * of Python, CUDA, types or the IR; the frontend, the compiler and codegen all build on it.
 *
 * Everything a compile allocates lives in one arena (ar_*): the source text, the AST, the IR.
 *
 * Sections, one per file:  util.c · files.c · diag.c · sha256.c
 */
#ifndef GPYC_BASE_H
#define GPYC_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---------------------------------------------------------------- util.c
 * xmalloc & co. never return NULL: on exhaustion they print "gpyc: out of memory" and exit 1.
 * Tests may replace the allocator through util_set_alloc_hook (Lua's lmem.h).              */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void xfree(void *p);                                   /* frees what the x* functions gave; NULL is fine */
typedef void *(*UtilAllocHook)(void *old, size_t n); /* realloc semantics; NULL means failure */
void util_set_alloc_hook(UtilAllocHook hook);          /* NULL restores realloc */

/* Arena: bump allocation, freed all at once.  Memory is zeroed. */
typedef struct Arena Arena;
Arena *ar_new(void);
void ar_delete(Arena *a);
void *ar_alloc(Arena *a, size_t n);
char *ar_strdup(Arena *a, const char *s);
char *ar_strndup(Arena *a, const char *s, size_t n);
char *ar_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Vec: a growable array of pointers (tree-sitter's Array(T), specialised to void*).  A Vec with
 * cap == 0 and n > 0 borrows its storage (the parser's AST vectors live in the arena):
 * vec_push copies it to the heap before growing, vec_free leaves it alone. */
typedef struct Vec {
    void **v;
    int n, cap;
} Vec;
void vec_push(Vec *vec, void *item);
void vec_free(Vec *vec);
bool vec_contains(const Vec *vec, const void *item);
#define VEC_AT(vec, i) ((vec).v[(i)])

/* StrBuf: a growable NUL-terminated string (xmalloc'd; caller frees .s, or sb_free). */
typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;
void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_putn(StrBuf *sb, const char *s, size_t n);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap);
void sb_free(StrBuf *sb);
/* A local StrBuf freed when it goes out of scope, whatever path leaves it (GCC's and clang's
 * cleanup attribute): for code with many early error returns. */
#define SB_SCOPED __attribute__((cleanup(sb_free)))

/* ---------------------------------------------------------------- files.c
 * Output files, written atomically: to a temporary file beside the destination, renamed over
 * it when complete (an existing device or fifo is written in place).  Failures are reported
 * ("gpyc: error: cannot write PATH: reason") and return false; the destination is then as it
 * was.  A writer that is not gpyc (the linker) writes o.tmp itself between open and commit.  */
typedef struct UtilOut {
    char *path; /* the destination, as given (for messages) */
    char *target; /* what is replaced: path, or the file a symbolic link path points to */
    char *tmp;  /* the temporary file: beside path, or in $TMPDIR when direct */
    int fd;     /* open on tmp until commit or abort */
    bool direct; /* path is a device or a fifo: commit copies tmp into it */
} UtilOut;
bool util_out_open(UtilOut *o, const char *path, bool executable);
bool util_out_write(UtilOut *o, const void *data, size_t n);
bool util_out_commit(UtilOut *o);
void util_out_abort(UtilOut *o);
/* The three in one: path gets exactly n bytes of data, or stays as it was. */
bool util_write_file(const char *path, const void *data, size_t n, bool executable);
/* SIGINT, SIGTERM and SIGHUP remove the output being written, then end gpyc as they would. */
void util_files_on_signals(void);

/* ---------------------------------------------------------------- diag.c
 * A source file and a span in it.  Lines and columns are 1-based (tree-sitter's are 0-based:
 * the parser adds one).  Columns count bytes.                                               */
typedef struct SrcFile {
    const char *path;    /* as given on the command line, used in messages */
    const char *name;    /* basename, used in tracebacks ("model.py") */
    const char *text;    /* NUL-terminated */
    size_t len;
    bool bom;            /* the file began with a UTF-8 byte-order mark (dropped from text) */
} SrcFile;

typedef struct Span {
    const SrcFile *file;
    uint32_t start, end; /* byte offsets, end exclusive */
    uint32_t line, col;  /* of start, 1-based */
} Span;

/* Prints "path:line:col: error: msg", the source line and a caret under the span (^~~~), to
 * stderr, and counts the error.  Never exits: callers go on to find independent errors.    */
void diag_error(Span sp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_verror(Span sp, const char *fmt, va_list ap);
/* A note attached to the previous error ("note: first assigned here"). */
void diag_note(Span sp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A remark: a decision the compiler made there ("remark: the first iteration ..."), printed
 * like a note, only after diag_set_remarks(true) (gpyc -v); held like the others. */
void diag_remark(Span sp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_set_remarks(bool on);
/* An error with no location: "gpyc: error: msg". */
void diag_fatal_noloc(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int diag_count(void);
void diag_reset(void);
/* Where diagnostics go (stderr by default); tests point it at a memstream. */
void diag_set_stream(FILE *f);
/* Diagnostics held back while code may be redone (holds nest): diag_hold buffers them from
 * now on; diag_release ends the hold, with keep printing them where they would have gone,
 * without keep dropping them and their count.  Where no buffer can be made they are printed
 * at once and stay counted, keep or not.  An error printed once (the same message at the same
 * place: a function's body lowered once per argument types) is counted again but not printed,
 * nor are its notes; a dropped hold forgets the errors printed into it. */
typedef struct DiagHold {
    FILE *prev, *mem;
    char *buf;
    size_t len;
    int errors;
    int seen;
} DiagHold;
void diag_hold(DiagHold *h);
void diag_release(DiagHold *h, bool keep);

/* Compiler bugs: "gpyc: internal error at FILE:LINE: msg", exit status 1, never a signal. */
_Noreturn void util_internal_error(const char *file, int line, const char *msg);
#define GPYC_UNREACHABLE() util_internal_error(__FILE__, __LINE__, "unreachable")
#define GPYC_ASSERT(c) ((c) ? (void)0 : util_internal_error(__FILE__, __LINE__, "assertion failed: " #c))

/* ---------------------------------------------------------------- sha256.c
 * SHA-256 (FIPS 180-4), incremental: sha256_init, sha256_update any number of times (any
 * lengths), sha256_final.  The state is plain data: copy it to hash a common prefix once.  */
typedef struct Sha256 {
    uint32_t h[8]; /* the chaining value */
    uint64_t len; /* bytes hashed so far */
    uint8_t buf[64]; /* a partial block: the first len % 64 bytes */
} Sha256;
void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t n);
void sha256_final(Sha256 *s, uint8_t out[32]); /* the digest; s must be initialised again to reuse */
void sha256_hex(const uint8_t d[32], char hex[65]); /* 64 lowercase hex digits and a NUL */

#endif
