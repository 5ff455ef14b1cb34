/*
 * pyfile.c — Python's text files and pathlib's paths on the host: open() in modes r, w, a and
 * x, a file object's read, readline, readlines, write, print(file=), flush and close, and
 * pathlib.Path: PurePosixPath's operations on the string, mkdir, read_text and write_text.
 * The GPK_PY rows of gpyrt_kinds.def that lower/pylib.c calls (FILE_*, PATHLIB_*).
 *
 * Invariants:
 *  - A file object is a handle, its index in `files`, never reused; a closed file keeps its
 *    slot (f NULL), so that using it again is Python's ValueError.  Its mode is 'r' (read) or
 *    'w' (written: modes w, a and x).
 *  - Reading is Python's text mode with universal newlines: "\r\n" and "\r" read as "\n"; sizes
 *    count characters (UTF-8 code points) as Python's; the bytes are not checked as UTF-8, and
 *    a NUL byte ends a string read (gpyc's strings are C strings).
 *  - open() for writing writes in place, as Python does (a program's log survives its error:
 *    exit flushes every stdio stream); Path.write_text writes the whole file in one call, so it
 *    goes through a temporary file renamed over the destination (fileio.h), as cp.save does.
 *  - A path is a handle too: its string, normalised as PurePosixPath normalises it ('' and '.'
 *    parts dropped, no trailing slash, '.' for an empty path, a leading '//' kept).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "fileio.h"

/* ---------------------------------------------------------------- file objects */

typedef struct PyFile {
    FILE *f; /* NULL once closed */
    const char *name;
    char mode; /* 'r' or 'w' */
} PyFile;

static PyFile *files;
static int64_t nfiles, capfiles;

/* Python's OSError of a failed read or write (errno err): no file name, as io's. */
static void raise_io(int err) { rt_raise("OSError", "[Errno %d] %s", err, strerror(err)); }

/* open(path, mode): mode "r", "w", "a" or "x" (the compiler checked it).  A directory is
 * IsADirectoryError, as Python's open() of one. */
int64_t rt_file_open(const char *path, const char *mode)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) rt_raise_os(EISDIR, path);
    FILE *f = fopen(path, *mode == 'x' ? "wx" : mode);
    if (!f) rt_raise_os(errno, path);
    if (nfiles == capfiles) {
        capfiles = capfiles ? 2 * capfiles : 8;
        files = rt_xrealloc(files, sizeof *files * (size_t)capfiles);
    }
    files[nfiles] = (PyFile){ f, rt_str_dup(path, strlen(path)), *mode == 'r' ? 'r' : 'w' };
    return nfiles++;
}

/* The open stream of handle h, for reading (need 'r'), writing ('w') or either (0): Python's
 * ValueError for a closed file, io.UnsupportedOperation for the other direction. */
static FILE *file_at(int64_t h, char need)
{
    if (h < 0 || h >= nfiles) rt_raise("ValueError", "I/O operation on closed file.");
    PyFile *p = &files[h];
    if (!p->f) rt_raise("ValueError", "I/O operation on closed file.");
    if (need && p->mode != need)
        rt_raise("io.UnsupportedOperation", need == 'r' ? "not readable" : "not writable");
    return p->f;
}

/* The next byte of f in text mode: "\r\n" and "\r" read as '\n'; EOF at the end. */
static int get_nl(FILE *f)
{
    int c = getc(f);
    if (c == '\r') {
        int d = getc(f);
        if (d != '\n' && d != EOF) ungetc(d, f);
        return '\n';
    }
    return c;
}

/* Up to size characters of f (size < 0: no limit), up to and with the first '\n' when line:
 * the text read, '' at the end of the file. */
static const char *read_text(FILE *f, int64_t size, bool line)
{
    gp_sb sb = { 0 };
    int c = 0;
    for (int64_t n = 0; (size < 0 || n < size) && (c = get_nl(f)) != EOF; n++) {
        rt_sb_putc(&sb, (char)c);
        if (c >= 0xC0) /* a character's continuation bytes */
            for (int d; (d = getc(f)) != EOF;) {
                if ((d & 0xC0) != 0x80) {
                    ungetc(d, f);
                    break;
                }
                rt_sb_putc(&sb, (char)d);
            }
        if (line && c == '\n') break;
    }
    if (ferror(f)) raise_io(errno);
    return sb.len ? rt_sb_take(&sb) : "";
}

/* f.read(size=-1) (line false) / f.readline(size=-1) (line true) */
const char *rt_file_read(int64_t h, int64_t size, bool line)
{
    return read_text(file_at(h, 'r'), size, line);
}

/* f.readlines(): the remaining lines, each with its '\n' (the last may lack it) */
gp_list *rt_file_readlines(int64_t h)
{
    FILE *f = file_at(h, 'r');
    gp_list *l = rt_list_new(GP_LIST_STR, sizeof(const char *));
    for (const char *s; *(s = read_text(f, -1, true));) rt_list_append(l, &s);
    return l;
}

/* The characters of s (UTF-8 code points). */
static int64_t chars_of(const char *s)
{
    int64_t n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* f.write(s): the characters written */
int64_t rt_file_write(int64_t h, const char *s)
{
    FILE *f = file_at(h, 'w');
    size_t n = strlen(s);
    if (fwrite(s, 1, n, f) != n) raise_io(errno);
    return chars_of(s);
}

/* print(..., file=f): sb, then end, to f (flushed with flush); sb is emptied. */
void rt_file_print(int64_t h, gp_sb *sb, const char *end, bool flush)
{
    FILE *f = file_at(h, 'w');
    rt_sb_write(sb, end, f);
    if (ferror(f) || (flush && fflush(f) != 0)) raise_io(errno);
}

/* f.close() (kind 0: closing a closed file does nothing) / f.flush() (kind 1) */
void rt_file_close(int64_t h, int64_t kind)
{
    if (kind == 0 && (h < 0 || h >= nfiles || !files[h].f)) return;
    FILE *f = file_at(h, 0);
    if (kind == 1) {
        if (fflush(f) != 0) raise_io(errno);
        return;
    }
    files[h].f = NULL;
    if (fclose(f) != 0) raise_io(errno);
}

/* f.closed */
bool rt_file_closed(int64_t h) { return h < 0 || h >= nfiles || !files[h].f; }

/* f.name */
const char *rt_file_name(int64_t h) { return h >= 0 && h < nfiles ? files[h].name : ""; }

/* ---------------------------------------------------------------- pathlib */

static const char **paths;
static int64_t npaths, cappaths;

/* p as PurePosixPath normalises it (the header's rules). */
static const char *normalise(const char *p)
{
    size_t n = strlen(p);
    char *r = rt_str_alloc(n + 2), *w = r;
    int root = *p == '/' ? (p[1] == '/' && p[2] != '/' ? 2 : 1) : 0;
    for (int i = 0; i < root; i++) *w++ = '/';
    for (const char *s = p; *s;) {
        while (*s == '/') s++;
        const char *e = s;
        while (*e && *e != '/') e++;
        bool dot = e - s == 1 && *s == '.';
        if (e > s && !dot) {
            if (w > r + root) *w++ = '/';
            memcpy(w, s, (size_t)(e - s));
            w += e - s;
        }
        s = e;
    }
    if (w == r) *w++ = '.';
    *w = 0;
    return r;
}

/* Path(s): a new path handle */
int64_t rt_pathlib_new(const char *s)
{
    if (npaths == cappaths) {
        cappaths = cappaths ? 2 * cappaths : 16;
        paths = rt_xrealloc(paths, sizeof *paths * (size_t)cappaths);
    }
    paths[npaths] = normalise(s);
    return npaths++;
}

/* str(p) */
const char *rt_pathlib_str(int64_t h) { return h >= 0 && h < npaths ? paths[h] : "."; }

/* p / s: s itself when absolute, else s's parts after p's */
int64_t rt_pathlib_join(int64_t h, const char *s)
{
    const char *p = rt_pathlib_str(h);
    if (*s == '/') return rt_pathlib_new(s);
    size_t n = strlen(p);
    const char *parts[3] = { p, p[n - 1] == '/' ? "" : "/", s };
    return rt_pathlib_new(rt_str_concat(3, parts));
}

/* The last part of p's string ('' for '.' or a root alone). */
static const char *name_of(const char *p)
{
    const char *slash = strrchr(p, '/');
    return !strcmp(p, ".") ? "" : slash ? slash + 1 : p;
}

/* p.name (kind 0), p.stem (1), p.suffix (2) */
const char *rt_pathlib_part(int64_t h, int64_t kind)
{
    const char *name = name_of(rt_pathlib_str(h));
    const char *dot = strrchr(name, '.');
    size_t n = strlen(name);
    bool has_suffix = dot && dot > name && dot < name + n - 1;
    if (kind == 0 || (kind == 1 && !has_suffix)) return name;
    if (kind == 2) return has_suffix ? dot : "";
    return rt_str_dup(name, (size_t)(dot - name));
}

/* p.parent: p without its last part (a root or '.' is its own parent) */
int64_t rt_pathlib_parent(int64_t h)
{
    const char *p = rt_pathlib_str(h), *name = name_of(p);
    if (!*name) return h;
    size_t keep = (size_t)(name - p);
    while (keep > 0 && p[keep - 1] == '/' && (keep > 2 || (keep == 2 && p[0] != '/'))) keep--;
    return rt_pathlib_new(keep ? rt_str_dup(p, keep) : ".");
}

/* p.mkdir(parents=False, exist_ok=False) */
void rt_pathlib_mkdir(int64_t h, bool parents, bool exist_ok)
{
    const char *p = rt_pathlib_str(h);
    if (parents) {
        rt_makedirs(p, exist_ok);
        return;
    }
    if (mkdir(p, 0777) == 0) return;
    int e = errno;
    if (e == EEXIST && exist_ok && rt_path_test(p, 2)) return;
    rt_raise_os(e, p);
}

/* p.read_text(): the whole file, in text mode */
const char *rt_pathlib_read(int64_t h)
{
    int64_t f = rt_file_open(rt_pathlib_str(h), "r");
    const char *s = rt_file_read(f, -1, false);
    rt_file_close(f, 0);
    return s;
}

/* p.write_text(data): the whole file at once, through a temporary file; the characters written */
int64_t rt_pathlib_write(int64_t h, const char *data)
{
    RtOutFile o;
    rt_out_open(&o, rt_pathlib_str(h));
    size_t n = strlen(data);
    bool ok = fwrite(data, 1, n, o.f) == n;
    rt_out_close(&o, ok, errno);
    return chars_of(data);
}
