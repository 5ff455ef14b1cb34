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
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "npyfmt.h"
#include "npzfmt.h"
#include "fileio.h"

#include <zlib.h>

#define CHUNK ((size_t)16 << 20) /* bytes per pinned buffer: 16 MiB, a multiple of every item */

static char *pinned[2];
static cudaEvent_t done[2];

/* Releases the staging buffers at exit (rt_at_exit; failing statuses ignored, as after a
 * fault every call fails). */
static void staging_drop(void *arg)
{
    (void)arg;
    for (int i = 0; i < 2; i++) {
        if (pinned[i]) (void)cudaFreeHost(pinned[i]);
        if (done[i]) (void)cudaEventDestroy(done[i]);
        pinned[i] = NULL;
        done[i] = NULL;
    }
}

/* The two pinned buffers and their events, made once. */
static void staging(void)
{
    if (pinned[0]) return;
    rt_at_exit(staging_drop, NULL);
    for (int i = 0; i < 2; i++) {
        CHECK_CUDA(cudaHostAlloc((void **)&pinned[i], CHUNK, cudaHostAllocDefault));
        CHECK_CUDA(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
    }
}

void rt_raise_os(int err, const char *path)
{
    const char *exc = err == ENOENT                   ? "FileNotFoundError"
                      : err == EACCES || err == EPERM ? "PermissionError"
                      : err == EISDIR                 ? "IsADirectoryError"
                      : err == ENOTDIR                ? "NotADirectoryError"
                      : err == EEXIST                 ? "FileExistsError"
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
        if (k < 0) rt_raise_os(errno, path);
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
                 "dtype and ndim come from the file gpyc read at compile time, or the annotation of "
                 "a path known only at run time)",
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

int rt_open_in(const char *path, uint64_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) rt_raise_os(errno, path);
    struct stat st;
    if (fstat(fd, &st) != 0) rt_raise_os(errno, path);
    if (S_ISDIR(st.st_mode)) rt_raise_os(EISDIR, path);
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    *size = (uint64_t)st.st_size;
    return fd;
}

gp_array *rt_npy_load(const char *path, gp_dtype dt, int ndim)
{
    uint64_t size;
    int fd = rt_open_in(path, &size);
    NpyHeader h;
    read_header(fd, path, size, &h);
    NpyError e;
    if (npy_check_data(&h, size - h.data_offset, &e) != NPY_OK) rt_raise(e.exc, "%s", e.msg);
    gp_array *a = array_for(&h, dt, ndim, path);
    if (lseek(fd, (off_t)h.data_offset, SEEK_SET) < 0) rt_raise_os(errno, path);
    stream_in(fd, a->data, (size_t)a->size * rt_dtype_size(dt), h.swap, swap_unit(dt), path);
    close(fd);
    return oriented(a, &h);
}

/* ---------------------------------------------------------------- .npz members */

typedef struct InFile {
    int fd;
    const char *path;
} InFile;

/* NpzRead over a file descriptor. */
static bool read_at(void *ctx, uint64_t off, void *buf, size_t n)
{
    const InFile *f = ctx;
    size_t got = 0;
    while (got < n) {
        ssize_t k = pread(f->fd, (char *)buf + got, n - got, (off_t)(off + got));
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) rt_raise_os(errno, f->path);
        if (k == 0) return false;
        got += (size_t)k;
    }
    return true;
}

/* Inflates a deflated member (its compressed bytes at off) to dst on the device, skipping the
 * first skip bytes (the .npy header) and swapping as asked. */
static void inflate_in(const InFile *f, const NpzMember *m, uint64_t off, uint64_t skip, char *dst,
                       size_t nbytes, bool swap, int unit)
{
    staging();
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK) rt_raise("MemoryError", "zlib could not start inflating");
    unsigned char *in = rt_xmalloc(1 << 16);
    uint64_t left = m->csize, out_pos = 0; /* out_pos: uncompressed bytes produced so far */
    size_t filled = 0, k = 0, sent = 0;
    cudaStream_t s = rt_stream();
    int rc = Z_OK;
    CHECK_CUDA(cudaEventSynchronize(done[0]));
    while (sent < nbytes) {
        char *buf = pinned[k & 1];
        if (z.avail_in == 0 && left > 0) {
            size_t n = left < (1 << 16) ? (size_t)left : (1 << 16);
            if (!read_at((void *)f, off, in, n)) break;
            off += n;
            left -= n;
            z.next_in = in;
            z.avail_in = (uInt)n;
        }
        unsigned char scratch[4096];
        bool skipping = out_pos < skip;
        size_t room =
            skipping ? (size_t)(skip - out_pos < sizeof scratch ? skip - out_pos : sizeof scratch)
                     : (nbytes - sent - filled < CHUNK - filled ? nbytes - sent - filled : CHUNK - filled);
        z.next_out = skipping ? scratch : (unsigned char *)buf + filled;
        z.avail_out = (uInt)room;
        rc = inflate(&z, Z_NO_FLUSH);
        size_t made = room - z.avail_out;
        out_pos += made;
        if (!skipping) filled += made;
        if (!skipping && (filled == CHUNK || sent + filled == nbytes)) {
            if (swap) swap_bytes(buf, filled, unit);
            CHECK_CUDA(cudaMemcpyAsync(dst + sent, buf, filled, cudaMemcpyHostToDevice, s));
            CHECK_CUDA(cudaEventRecord(done[k & 1], s));
            sent += filled;
            filled = 0;
            k++;
            CHECK_CUDA(cudaEventSynchronize(done[k & 1]));
        }
        if (rc != Z_OK && made == 0) break;
    }
    inflateEnd(&z);
    free(in);
    for (int i = 0; i < 2; i++) CHECK_CUDA(cudaEventSynchronize(done[i]));
    if (sent < nbytes)
        rt_raise(rc == Z_DATA_ERROR ? "zlib.error" : "ValueError",
                 rc == Z_DATA_ERROR ? "Error -3 while decompressing data: invalid stored block lengths"
                                    : "EOF: reading array data, expected %zu bytes got %zu",
                 nbytes, sent);
}

gp_array *rt_npz_load(const char *path, const char *key, gp_dtype dt, int ndim)
{
    uint64_t size;
    InFile f = { rt_open_in(path, &size), path };
    NpzMember *ms;
    int n;
    NpyError e;
    if (npz_members(read_at, &f, size, &ms, &n, &e) != NPY_OK) rt_raise(e.exc, "%s", e.msg);
    size_t klen = strlen(key);
    const NpzMember *m = NULL;
    for (int i = 0; i < n && !m; i++) /* numpy's NpzFile: the member "key", else "key.npy" */
        if (!strcmp(ms[i].name, key)) m = &ms[i];
    for (int i = 0; i < n && !m; i++)
        if (!strncmp(ms[i].name, key, klen) && !strcmp(ms[i].name + klen, ".npy")) m = &ms[i];
    if (!m) rt_raise("KeyError", "'%s is not a file in the archive'", key);
    NpyHeader h;
    uint64_t off;
    if (npz_member_header(read_at, &f, m, &h, &e) != NPY_OK ||
        npz_data_offset(read_at, &f, m, &off, &e) != NPY_OK)
        rt_raise(e.exc, "%s", e.msg);
    if (h.size < 0) rt_raise("ValueError", "negative dimensions are not allowed");
    size_t nbytes = (size_t)h.size * (size_t)h.itemsize;
    if (m->usize < h.data_offset + nbytes) /* a member is read as a stream, not a file */
        rt_raise("ValueError", "EOF: reading array data, expected %zu bytes got %llu", nbytes,
                 (unsigned long long)(m->usize > h.data_offset ? m->usize - h.data_offset : 0));
    char what[600];
    snprintf(what, sizeof what, "%s['%s']", path, key);
    gp_array *a = array_for(&h, dt, ndim, what);
    if (m->method == 0) {
        if (lseek(f.fd, (off_t)(off + h.data_offset), SEEK_SET) < 0) rt_raise_os(errno, path);
        stream_in(f.fd, a->data, nbytes, h.swap, swap_unit(dt), path);
    } else if (nbytes) {
        inflate_in(&f, m, off, h.data_offset, a->data, nbytes, h.swap, swap_unit(dt));
    }
    free(ms);
    close(f.fd);
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

/* Removes the pending temporary file when the program ends by an error (rt_raise) while
 * writing it: the destination keeps its old contents. */
static void drop_pending(void *arg)
{
    (void)arg;
    if (have_pending) unlink(pending);
    have_pending = 0;
}

static void guard_tmp(const char *tmp)
{
    static bool registered;
    if (!registered) rt_at_exit(drop_pending, NULL);
    registered = true;
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

void rt_out_open(RtOutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) rt_raise_os(EISDIR, path);
    if (exists && !S_ISREG(st.st_mode)) { /* a device or a fifo: written in place */
        o->f = fopen(path, "wb");
        if (!o->f) rt_raise_os(errno, path);
        return;
    }
    o->real = exists ? realpath(path, NULL) : NULL; /* a symbolic link: replace its target */
    const char *target = o->real ? o->real : path;
    if (snprintf(o->tmp, sizeof o->tmp, "%s.gpyc-tmp-XXXXXX", target) >= (int)sizeof o->tmp)
        rt_raise_os(ENAMETOOLONG, path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) rt_raise_os(errno, path);
    guard_tmp(o->tmp);
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) rt_raise_os(errno, path);
}

void rt_out_close(RtOutFile *o, bool ok, int err)
{
    if (fclose(o->f) != 0 && ok) ok = false, err = errno;
    if (o->tmp[0]) {
        if (ok && rename(o->tmp, o->real ? o->real : o->path) != 0) ok = false, err = errno;
        if (!ok) unlink(o->tmp);
        unguard_tmp();
    }
    free(o->real);
    if (!ok) rt_raise_os(err, o->path);
}

/* Writes the header hdr (may be empty) and nbytes of contiguous device data to path. */
static void write_out(const char *path, const char *hdr, size_t hlen, const char *data, size_t nbytes)
{
    RtOutFile o;
    rt_out_open(&o, path);
    bool ok = fwrite(hdr, 1, hlen, o.f) == hlen && stream_out(data, nbytes, sink_file, o.f);
    rt_out_close(&o, ok, errno);
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
    int fd = rt_open_in(path, &size);
    size_t isz = rt_dtype_size(dt);
    int64_t left = offset < (int64_t)size ? (int64_t)size - offset : 0;
    int64_t n = left / (int64_t)isz;
    if (count >= 0 && count < n) n = count;
    gp_array *a = rt_empty(dt, 1, &n);
    if (n > 0) {
        if (lseek(fd, (off_t)offset, SEEK_SET) < 0) rt_raise_os(errno, path);
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

/* ---------------------------------------------------------------- .npz archives */

/* A member being written: its CRC and sizes, and the deflater of a compressed archive. */
typedef struct ZipSink {
    FILE *f;
    uint32_t crc;
    uint64_t usize, csize;
    z_stream *z;
    unsigned char *out; /* the deflater's output buffer (CHUNK bytes) */
} ZipSink;

/* Deflates what the stream has, with flush, writing its output; false with errno set. */
static bool deflate_some(ZipSink *zs, int flush)
{
    int rc;
    do {
        zs->z->next_out = zs->out;
        zs->z->avail_out = (uInt)CHUNK;
        rc = deflate(zs->z, flush);
        size_t made = CHUNK - zs->z->avail_out;
        zs->csize += made;
        if (made && fwrite(zs->out, 1, made, zs->f) != made) return false;
    } while (zs->z->avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    return true;
}

static bool sink_zip(void *ctx, const char *p, size_t n)
{
    ZipSink *zs = ctx;
    zs->crc = (uint32_t)crc32(zs->crc, (const Bytef *)p, (uInt)n);
    zs->usize += n;
    if (!zs->z) {
        zs->csize += n;
        return fwrite(p, 1, n, zs->f) == n;
    }
    zs->z->next_in = (Bytef *)p;
    zs->z->avail_in = (uInt)n;
    return deflate_some(zs, Z_NO_FLUSH);
}

/* Writes member name (an .npy of a) at the file's end: its local header (rewritten with the
 * CRC and sizes once known), the data, and fills *m. */
static bool write_member(FILE *f, const char *name, const gp_array *a, bool compressed, uint16_t t,
                         uint16_t d, NpzMember *m)
{
    bool fortran = !contiguous(a, false) && contiguous(a, true);
    gp_array *c = contiguous(a, false) || fortran ? NULL : rt_copy(a);
    char hdr[4096];
    size_t hlen = npy_write_header(hdr, sizeof hdr, rt_dtype_name(a->dtype), fortran, a->ndim, a->shape);
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s.npy", name);
    m->method = compressed ? 8 : 0;
    off_t at = ftello(f);
    if (at < 0) return false;
    m->local = (uint64_t)at;
    unsigned char lh[320];
    size_t lhlen = npz_local_header(lh, m->name, m->method, 0, 0, 0, t, d);
    z_stream z;
    memset(&z, 0, sizeof z);
    ZipSink zs = { f, (uint32_t)crc32(0, NULL, 0), 0, 0, compressed ? &z : NULL, NULL };
    if (compressed) {
        if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            rt_raise("MemoryError", "zlib could not start deflating");
        zs.out = rt_xmalloc(CHUNK);
    }
    bool ok = fwrite(lh, 1, lhlen, f) == lhlen && sink_zip(&zs, hdr, hlen) &&
              stream_out((c ? c : a)->data, (size_t)a->size * rt_dtype_size(a->dtype), sink_zip, &zs) &&
              (!compressed || deflate_some(&zs, Z_FINISH));
    if (compressed) {
        deflateEnd(&z);
        free(zs.out);
    }
    rt_release(c);
    if (ok && (zs.usize > 0xffffffffu || zs.csize > 0xffffffffu))
        rt_raise("ValueError", "gpyc writes .npz members of less than 4 GiB (%s)", m->name);
    m->crc = zs.crc;
    m->usize = zs.usize;
    m->csize = zs.csize;
    lhlen = npz_local_header(lh, m->name, m->method, m->crc, m->csize, m->usize, t, d);
    return ok && fflush(f) == 0 && pwrite(fileno(f), lh, lhlen, at) == (ssize_t)lhlen;
}

void rt_npz_save(const char *file, int n, const char *const *names, gp_array *const *arrays, bool compressed)
{
    /* numpy.savez appends .npz to a name without it */
    size_t len = strlen(file);
    char *path = rt_xmalloc(len + 5);
    memcpy(path, file, len + 1);
    if (len < 4 || strcmp(file + len - 4, ".npz") != 0) memcpy(path + len, ".npz", 5);
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    uint16_t t = (uint16_t)(tm.tm_hour << 11 | tm.tm_min << 5 | tm.tm_sec / 2);
    uint16_t d = (uint16_t)((tm.tm_year - 80) << 9 | (tm.tm_mon + 1) << 5 | tm.tm_mday);
    RtOutFile o;
    rt_out_open(&o, path);
    NpzMember *ms = rt_xcalloc((size_t)n + 1, sizeof *ms);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) ok = write_member(o.f, names[i], arrays[i], compressed, t, d, &ms[i]);
    off_t dir = ok ? ftello(o.f) : -1;
    ok = ok && dir >= 0;
    unsigned char rec[512];
    for (int i = 0; i < n && ok; i++) {
        size_t k = npz_central_entry(rec, &ms[i], t, d);
        ok = fwrite(rec, 1, k, o.f) == k;
    }
    off_t end = ok ? ftello(o.f) : -1;
    size_t k = npz_end_record(rec, n, (uint64_t)(end - dir), (uint64_t)dir);
    ok = ok && end >= 0 && fwrite(rec, 1, k, o.f) == k;
    int err = errno;
    free(ms);
    rt_out_close(&o, ok, err);
    free(path);
}
