/*
 * npyio.c — cp.load and cp.save of .npy files, cp.fromfile and ndarray.tofile of raw binary
 * files: the .npy header through npyfmt.c (NumPy's words for
 * every malformed file), the data streamed between the file and the device through two pinned
 * host buffers, so that reading chunk k+1 overlaps chunk k's copy (and, saving, writing chunk k
 * overlaps copying chunk k+1 back).
 *
 * Invariants:
 *  - A save never leaves a partial file under the destination's name: the data goes to a
 *    temporary file beside it (`NAME.gpyc-tmp-XXXXXX`, mode 0666 less the umask, as Python's
 *    open() makes it), renamed over it once complete; an error, or SIGINT/SIGTERM/SIGHUP during
 *    the write, removes the temporary file and leaves the old file as it was (base/files.c does
 *    the same for gpyc's own outputs).  An existing destination that is not a regular file (a
 *    device, a fifo) is written in place, as Python writes it.
 *  - Arrays on the device are little-endian: big-endian files are swapped on the host, chunk by
 *    chunk, before the copy.  Loaded arrays keep the file's order (a Fortran-order file gives an
 *    F-contiguous array, a transposed view as NumPy's); save writes NumPy's order
 *    (fortran_order when F-contiguous and not C-contiguous; any other layout copied to C order).
 *  - The pinned buffers are allocated at the first load or save and kept; every copy that reads
 *    or fills them has finished when a load or save returns.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "npyfmt.h"

#define CHUNK ((size_t)16 << 20) /* bytes per pinned buffer: 16 MiB, a multiple of every item */

static char *pinned[2];
static cudaEvent_t done[2];

/* The two pinned buffers and their events, made once. */
static void staging(void)
{
    if (pinned[0]) return;
    for (int i = 0; i < 2; i++) {
        CHECK_CUDA(cudaHostAlloc((void **)&pinned[i], CHUNK, cudaHostAllocDefault));
        CHECK_CUDA(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
    }
}

/* Python's OSError for errno err on path: FileNotFoundError: [Errno 2] No such file or
 * directory: 'x.npy'. */
_Noreturn static void raise_os(int err, const char *path)
{
    const char *exc = err == ENOENT                   ? "FileNotFoundError"
                      : err == EACCES || err == EPERM ? "PermissionError"
                      : err == EISDIR                 ? "IsADirectoryError"
                      : err == ENOTDIR                ? "NotADirectoryError"
                                                      : "OSError";
    gp_sb sb = { 0 };
    rt_sb_str_repr(&sb, path);
    rt_raise(exc, "[Errno %d] %s: %s", err, strerror(err), sb.s);
}

/* gpyc's dtype of a NumPy dtype name. */
static gp_dtype dtype_named(const char *name)
{
    for (int d = 0; d < GP_NDTYPES; d++)
        if (!strcmp(rt_dtype_name((gp_dtype)d), name)) return (gp_dtype)d;
    rt_raise("TypeError", "gpyc arrays have no dtype '%s'", name);
}

/* Reads n bytes at the file's position into p: what was read (less only at the end). */
static size_t read_full(int fd, char *p, size_t n, const char *path)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, p + got, n - got);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) raise_os(errno, path);
        if (k == 0) break;
        got += (size_t)k;
    }
    return got;
}

/* Reverses the bytes of each unit-byte word of p[0..n). */
static void swap_bytes(char *p, size_t n, int unit)
{
    for (size_t i = 0; i + (size_t)unit <= n; i += (size_t)unit)
        for (int a = 0, b = unit - 1; a < b; a++, b--) {
            char t = p[i + a];
            p[i + a] = p[i + b];
            p[i + b] = t;
        }
}

/* The bytes a complex item swaps as: each of its two parts. */
static int swap_unit(gp_dtype dt)
{
    size_t isz = rt_dtype_size(dt);
    return (int)(dt == GP_COMPLEX64 || dt == GP_COMPLEX128 ? isz / 2 : isz);
}

/* Streams nbytes of the file at its position to dst on the device (byte-swapped if swap). */
static void stream_in(int fd, char *dst, size_t nbytes, bool swap, int unit, const char *path)
{
    staging();
    cudaStream_t s = rt_stream();
    for (size_t off = 0, k = 0; off < nbytes; off += CHUNK, k++) {
        size_t n = nbytes - off < CHUNK ? nbytes - off : CHUNK;
        char *buf = pinned[k & 1];
        CHECK_CUDA(cudaEventSynchronize(done[k & 1])); /* its previous copy has finished */
        if (read_full(fd, buf, n, path) != n)
            rt_raise("OSError", "%s: the file was shortened while being read", path);
        if (swap) swap_bytes(buf, n, unit);
        CHECK_CUDA(cudaMemcpyAsync(dst + off, buf, n, cudaMemcpyHostToDevice, s));
        CHECK_CUDA(cudaEventRecord(done[k & 1], s));
    }
    for (int i = 0; i < 2; i++) CHECK_CUDA(cudaEventSynchronize(done[i]));
}

/* Reads the header: the first bytes of the file, more while the parser asks. */
static void read_header(int fd, const char *path, uint64_t fsize, NpyHeader *h)
{
    size_t cap = 4096, have = 0;
    unsigned char *buf = rt_xmalloc(cap);
    for (;;) {
        size_t want = cap < fsize ? cap : (size_t)fsize;
        if (want > have) have += read_full(fd, (char *)buf + have, want - have, path);
        NpyError e;
        size_t need;
        int rc = npy_parse_header(buf, have, have >= fsize, h, &need, &e);
        if (rc == NPY_OK) break;
        if (rc == NPY_ERR) {
            free(buf);
            rt_raise(e.exc, "%s", e.msg);
        }
        while (cap < need) cap *= 2;
        buf = rt_xrealloc(buf, cap);
    }
    free(buf);
}

/* The C-order array a header's data fills (the reversed shape for Fortran order), after
 * checking the dtype and ndim the program was compiled for. */
static gp_array *array_for(const NpyHeader *h, gp_dtype dt, int ndim, const char *what)
{
    gp_dtype fdt = dtype_named(h->dtype);
    if (fdt != dt || h->ndim != ndim)
        rt_raise("TypeError",
                 "%s holds a %d-d %s array; the program was compiled for a %d-d %s array (cp.load's "
                 "dtype and ndim come from the file gpyc read at compile time)",
                 what, h->ndim, h->dtype, ndim, rt_dtype_name(dt));
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < ndim; i++) shape[i] = h->shape[h->fortran ? ndim - 1 - i : i];
    return rt_empty(dt, ndim, shape);
}

/* a, filled in the file's order, as NumPy returns it: transposed for Fortran order. */
static gp_array *oriented(gp_array *a, const NpyHeader *h)
{
    if (!h->fortran || a->ndim < 2) return a;
    int perm[GP_MAXDIM];
    for (int i = 0; i < a->ndim; i++) perm[i] = a->ndim - 1 - i;
    gp_array *t = rt_transpose(a, perm);
    rt_release(a);
    return t;
}

/* Opens path for reading: the descriptor and its size (OSError as Python's). */
static int open_in(const char *path, uint64_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) raise_os(errno, path);
    struct stat st;
    if (fstat(fd, &st) != 0) raise_os(errno, path);
    if (S_ISDIR(st.st_mode)) raise_os(EISDIR, path);
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    *size = (uint64_t)st.st_size;
    return fd;
}

gp_array *rt_npy_load(const char *path, gp_dtype dt, int ndim)
{
    uint64_t size;
    int fd = open_in(path, &size);
    NpyHeader h;
    read_header(fd, path, size, &h);
    NpyError e;
    if (npy_check_data(&h, size - h.data_offset, &e) != NPY_OK) rt_raise(e.exc, "%s", e.msg);
    gp_array *a = array_for(&h, dt, ndim, path);
    if (lseek(fd, (off_t)h.data_offset, SEEK_SET) < 0) raise_os(errno, path);
    stream_in(fd, a->data, (size_t)a->size * rt_dtype_size(dt), h.swap, swap_unit(dt), path);
    close(fd);
    return oriented(a, &h);
}

/* ---------------------------------------------------------------- saving */

/* NumPy's flags: contiguous in C order (forward) or Fortran order, ignoring axes of length 1. */
static bool contiguous(const gp_array *a, bool fortran)
{
    if (a->size == 0) return true;
    int64_t want = (int64_t)rt_dtype_size(a->dtype);
    for (int k = 0; k < a->ndim; k++) {
        int i = fortran ? k : a->ndim - 1 - k;
        if (a->shape[i] == 1) continue;
        if (a->strides[i] != want) return false;
        want *= a->shape[i];
    }
    return true;
}

/* The temporary file being written, removed by the signals that end a program. */
static char pending[PATH_MAX + 32];
static volatile sig_atomic_t have_pending;
static struct sigaction old_actions[3];
static const int signals[3] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
    if (have_pending) unlink(pending);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard_tmp(const char *tmp)
{
    snprintf(pending, sizeof pending, "%s", tmp);
    have_pending = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    for (int i = 0; i < 3; i++) sigaction(signals[i], &sa, &old_actions[i]);
}

static void unguard_tmp(void)
{
    have_pending = 0;
    for (int i = 0; i < 3; i++) sigaction(signals[i], &old_actions[i], NULL);
}

/* Receives the bytes of an output in order: false with errno set to stop. */
typedef bool (*Sink)(void *ctx, const char *p, size_t n);

/* A sink into a stdio stream (which retries short writes). */
static bool sink_file(void *ctx, const char *p, size_t n) { return fwrite(p, 1, n, ctx) == n; }

/* Hands nbytes of contiguous device data to sink, chunk by chunk through the pinned buffers:
 * chunk k+1 is copied back while chunk k is handed on.  false (errno set) when sink stops. */
static bool stream_out(const char *data, size_t nbytes, Sink sink, void *ctx)
{
    if (!nbytes) return true;
    staging();
    cudaStream_t s = rt_stream();
    size_t nchunks = (nbytes + CHUNK - 1) / CHUNK;
    for (size_t k = 0; k < nchunks + 1; k++) {
        if (k < nchunks) {
            size_t n = nbytes - k * CHUNK < CHUNK ? nbytes - k * CHUNK : CHUNK;
            CHECK_CUDA(cudaMemcpyAsync(pinned[k & 1], data + k * CHUNK, n, cudaMemcpyDeviceToHost, s));
            CHECK_CUDA(cudaEventRecord(done[k & 1], s));
        }
        if (k > 0) {
            size_t j = k - 1, n = nbytes - j * CHUNK < CHUNK ? nbytes - j * CHUNK : CHUNK;
            CHECK_CUDA(cudaEventSynchronize(done[j & 1]));
            if (!sink(ctx, pinned[j & 1], n)) {
                int err = errno;
                for (int i = 0; i < 2; i++) CHECK_CUDA(cudaEventSynchronize(done[i]));
                errno = err;
                return false;
            }
        }
    }
    return true;
}

/* An output file being written: f, and the temporary file renamed over path at the end. */
typedef struct OutFile {
    FILE *f;
    const char *path;
    char *real;
    char tmp[PATH_MAX + 32]; /* "" when written in place */
} OutFile;

/* Starts writing path: a temporary file beside it (in place for a device or a fifo). */
static void out_open(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) raise_os(EISDIR, path);
    if (exists && !S_ISREG(st.st_mode)) { /* a device or a fifo: written in place */
        o->f = fopen(path, "wb");
        if (!o->f) raise_os(errno, path);
        return;
    }
    o->real = exists ? realpath(path, NULL) : NULL; /* a symbolic link: replace its target */
    const char *target = o->real ? o->real : path;
    if (snprintf(o->tmp, sizeof o->tmp, "%s.gpyc-tmp-XXXXXX", target) >= (int)sizeof o->tmp)
        raise_os(ENAMETOOLONG, path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) raise_os(errno, path);
    guard_tmp(o->tmp);
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) raise_os(errno, path);
}

/* Ends writing: with ok, the temporary file renamed over the destination; else (or when that
 * fails) removed, and OSError err raised. */
static void out_close(OutFile *o, bool ok, int err)
{
    if (fclose(o->f) != 0 && ok) ok = false, err = errno;
    if (o->tmp[0]) {
        if (ok && rename(o->tmp, o->real ? o->real : o->path) != 0) ok = false, err = errno;
        if (!ok) unlink(o->tmp);
        unguard_tmp();
    }
    free(o->real);
    if (!ok) raise_os(err, o->path);
}

/* Writes the header hdr (may be empty) and nbytes of contiguous device data to path. */
static void write_out(const char *path, const char *hdr, size_t hlen, const char *data, size_t nbytes)
{
    OutFile o;
    out_open(&o, path);
    bool ok = fwrite(hdr, 1, hlen, o.f) == hlen && stream_out(data, nbytes, sink_file, o.f);
    out_close(&o, ok, errno);
}

void rt_npy_save(const char *file, const gp_array *a)
{
    /* numpy.save appends .npy to a name without it */
    size_t len = strlen(file);
    char *path = rt_xmalloc(len + 5);
    memcpy(path, file, len + 1);
    if (len < 4 || strcmp(file + len - 4, ".npy") != 0) memcpy(path + len, ".npy", 5);
    bool fortran = !contiguous(a, false) && contiguous(a, true);
    gp_array *c = contiguous(a, false) || fortran ? NULL : rt_copy(a);
    char hdr[4096];
    size_t hlen = npy_write_header(hdr, sizeof hdr, rt_dtype_name(a->dtype), fortran, a->ndim, a->shape);
    write_out(path, hdr, hlen, (c ? c : a)->data, (size_t)a->size * rt_dtype_size(a->dtype));
    rt_release(c);
    free(path);
}

/* ---------------------------------------------------------------- raw binary files */

gp_array *rt_fromfile(const char *path, gp_dtype dt, int64_t count, int64_t offset)
{
    uint64_t size;
    int fd = open_in(path, &size);
    size_t isz = rt_dtype_size(dt);
    int64_t left = offset < (int64_t)size ? (int64_t)size - offset : 0;
    int64_t n = left / (int64_t)isz;
    if (count >= 0 && count < n) n = count;
    gp_array *a = rt_empty(dt, 1, &n);
    if (n > 0) {
        if (lseek(fd, (off_t)offset, SEEK_SET) < 0) raise_os(errno, path);
        stream_in(fd, a->data, (size_t)n * isz, false, 1, path);
    }
    close(fd);
    return a;
}

void rt_tofile(const char *path, const gp_array *a)
{
    gp_array *c = contiguous(a, false) ? NULL : rt_copy(a); /* ndarray.tofile writes C order */
    write_out(path, "", 0, (c ? c : a)->data, (size_t)a->size * rt_dtype_size(a->dtype));
    rt_release(c);
}
