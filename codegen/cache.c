/*
 * cache.c — the kernel cache: a content-addressed store of opaque files in one folder, shared
 * by every gpyc process of a user (kc_*).  It knows nothing of what it stores: keys come from
 * the caller.
 *
 * Layout of the folder:
 *   ab/abcdef….kc    the entry of key abcdef… (fan-out by the key's first two hex digits):
 *                    a 48-byte header — magic "GPYKC001", the payload's length (u64, little
 *                    endian), the payload's SHA-256 — then the payload
 *   tmp-XXXXXX       a store in progress (mkstemp), and tmp-XXXXXX.N its links
 *   stats            "hits N / misses N / stores N / bytes N", one per line, changed only
 *                    under flock(LOCK_EX) on the file itself; bytes is the size estimate
 * Only names of the form ??/<64 hex>.kc are entries: temporary files, stats and anything
 * else never are.
 *
 * Invariants:
 * - Atomicity: an entry is written whole to a temporary file, closed, then made visible under
 *   a key's name by rename(2) (of the file itself, or of a fresh hard link to it for every key
 *   but the last), which atomically replaces what was there.  Entries are never written in
 *   place, so a reader that opened one reads one complete file, even if it is replaced or
 *   evicted meanwhile.  Several keys stored together share one inode.
 * - Verification: kc_get checks the magic, that the length matches the file's size and the
 *   payload's SHA-256 before it reports a hit (no fsync is done, so after a crash an entry may
 *   be damaged: that is a miss).  A damaged entry is unlinked only if its name still names
 *   the inode that was read, so a good entry that replaced it concurrently survives.
 * - LRU: the time of an entry is its inode's mtime, set to now by every hit (futimens) and by
 *   its store.  kc_trim evicts whole inodes, oldest first, until the distinct bytes (st_size,
 *   each inode once) are within the cap.
 * - Cheap trims: each store adds its file's size to the pending bytes; kc_trim adds them to
 *   the estimate in stats and scans the folder only when the estimate exceeds the cap, after
 *   which the estimate is the exact total.  Replacing an entry counts its bytes again, so the
 *   estimate only overshoots (an extra scan, never a missed eviction).
 * - Concurrency: processes, not threads: a KCache and its counters belong to one thread at
 *   a time (a child process opens its own).  Writers create unique temporary names; entries change only by rename and
 *   unlink; counters and the estimate change under the stats file's lock, and trims scan and
 *   evict while holding it, so two processes do not evict at once.  The worst race costs a
 *   miss (an entry evicted just after a hit refreshed it), never a wrong payload.
 */
#define _GNU_SOURCE /* mkstemp, futimens, flock, dirfd under C11 */
#include "codegen.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define KC_MAGIC "GPYKC001"
#define KC_HEADER 48 /* magic 8, length 8, SHA-256 32 */
#define KC_DEFAULT_CAP (2ull << 30) /* 2 GiB */
#define KC_STALE_TMP_S (10 * 60) /* a temporary file older than this is left over */
#define KC_BUF (1 << 16) /* bytes copied at a time */

struct KCache {
    char *dir;
    bool verbose;
    uint64_t cap;
    int hits, misses, stores;
    uint64_t pending; /* bytes of the entries this process stored since the last trim */
};

/* The counters shared by all processes, in the folder's stats file. */
typedef struct KcStats {
    uint64_t hits, misses, stores, bytes;
} KcStats;

/* One file found by a scan of the folder. */
typedef struct KcFile {
    char *path;
    dev_t dev;
    ino_t ino;
    struct timespec mtime;
    uint64_t size;
} KcFile;

/* ---------------------------------------------------------------- helpers */

/* dir + "/" + name, xmalloc'd. */
static char *path_join(const char *dir, const char *name)
{
    StrBuf sb = { 0 };
    sb_printf(&sb, "%s/%s", dir, name);
    return sb.s;
}

static bool is_hex_name(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]) && !(s[i] >= 'a' && s[i] <= 'f')) return false;
    return s[n] == '\0' || s[n] == '.';
}

/* 64 lowercase hex digits. */
static bool key_ok(const char *key) { return key && strlen(key) == 64 && is_hex_name(key, 64); }

/* An entry's file name: <64 hex>.kc */
static bool is_entry_name(const char *name)
{
    return strlen(name) == 67 && is_hex_name(name, 64) && !strcmp(name + 64, ".kc");
}

/* A fan-out folder's name: two hex digits. */
static bool is_fanout_name(const char *name) { return strlen(name) == 2 && is_hex_name(name, 2); }

/* "DIR/ab/abcdef….kc", xmalloc'd. */
static char *entry_path(const KCache *c, const char *key)
{
    StrBuf sb = { 0 };
    sb_printf(&sb, "%s/%.2s/%s.kc", c->dir, key, key);
    return sb.s;
}

/* Writes all n bytes (retrying short writes and EINTR); false with errno set. */
static bool write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* Reads up to n bytes, stopping only at end of file; the count, or -1 with errno set. */
static ssize_t read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, (char *)buf + got, n - got);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return -1;
        if (k == 0) break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

static void put_u64le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64le(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* "1.5 MiB" for messages. */
static void human_size(uint64_t n, char buf[32])
{
    static const char *units[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
    double v = (double)n;
    int u = 0;
    while (v >= 1024 && u < 4) v /= 1024, u++;
    if (u == 0)
        snprintf(buf, 32, "%llu bytes", (unsigned long long)n);
    else
        snprintf(buf, 32, "%.1f %s", v, units[u]);
}

/* ---------------------------------------------------------------- opening */

/* $GPYC_CACHE_SIZE: digits with an optional K, M or G (powers of 1024); the default (after a
 * warning) when it is not that. */
static uint64_t cap_from_env(void)
{
    const char *s = getenv("GPYC_CACHE_SIZE");
    if (!s || !*s) return KC_DEFAULT_CAP;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    switch (*end) {
    case 'k':
    case 'K': shift = 10, end++; break;
    case 'm':
    case 'M': shift = 20, end++; break;
    case 'g':
    case 'G': shift = 30, end++; break;
    }
    if (!isdigit((unsigned char)*s) || *end || errno || (shift && v > (UINT64_MAX >> shift))) {
        fprintf(stderr,
                "gpyc: warning: GPYC_CACHE_SIZE='%s' is not a size (bytes, with an optional K, M or G "
                "suffix): using 2G\n",
                s);
        return KC_DEFAULT_CAP;
    }
    return (uint64_t)v << shift;
}

/* The folder: $GPYC_CACHE_DIR, else $XDG_CACHE_HOME/gpyc (an absolute path, as the XDG spec
 * asks), else $HOME/.cache/gpyc; xmalloc'd, or NULL when none is set. */
static char *cache_dir_from_env(void)
{
    const char *d = getenv("GPYC_CACHE_DIR");
    if (d && *d) return xstrdup(d);
    d = getenv("XDG_CACHE_HOME");
    if (d && d[0] == '/') return path_join(d, "gpyc");
    d = getenv("HOME");
    if (d && *d) return path_join(d, ".cache/gpyc");
    return NULL;
}

/* mkdir -p with mode 0700 for the leaf (existing folders are left as they are); false with
 * errno set and *failed the prefix that could not be made (xmalloc'd). */
static bool make_dirs(const char *dir, char **failed)
{
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    size_t n = strlen(dir);
    for (size_t i = 1; i <= n; i++) {
        if (i < n && dir[i] != '/') continue;
        if (dir[i - 1] == '/') continue; /* "a//b", or a trailing slash */
        char *prefix = xstrndup(dir, i);
        bool leaf = dir[i] == '\0' || dir[i + strspn(dir + i, "/")] == '\0';
        int rc = mkdir(prefix, leaf ? 0700 : 0777);
        if (rc != 0 && errno == EEXIST && stat(prefix, &st) == 0 && !S_ISDIR(st.st_mode) && leaf)
            errno = ENOTDIR;
        else if (rc != 0 && errno == EEXIST)
            rc = 0;
        if (rc != 0) {
            *failed = prefix;
            return false;
        }
        free(prefix);
    }
    return true;
}

/* Opens the folder (see codegen.h). */
KCache *kc_open(bool verbose)
{
    char *dir = cache_dir_from_env();
    if (!dir) {
        fprintf(stderr, "gpyc: warning: kernel cache disabled: none of GPYC_CACHE_DIR, XDG_CACHE_HOME and "
                        "HOME is set\n");
        return NULL;
    }
    char *failed = NULL;
    if (!make_dirs(dir, &failed)) {
        fprintf(stderr, "gpyc: warning: kernel cache disabled: cannot create %s: %s\n", failed,
                strerror(errno));
        free(failed);
        free(dir);
        return NULL;
    }
    if (access(dir, R_OK | W_OK | X_OK) != 0) {
        fprintf(stderr, "gpyc: warning: kernel cache disabled: cannot write to %s: %s\n", dir,
                strerror(errno));
        free(dir);
        return NULL;
    }
    KCache *c = xcalloc(1, sizeof *c);
    c->dir = dir;
    c->verbose = verbose;
    c->cap = cap_from_env();
    return c;
}

const char *kc_dir(const KCache *c) { return c ? c->dir : NULL; }
int kc_hits(const KCache *c) { return c ? c->hits : 0; }
int kc_misses(const KCache *c) { return c ? c->misses : 0; }

/* ---------------------------------------------------------------- the stats file */

/* Opens DIR/stats and locks it (LOCK_EX or LOCK_SH); the descriptor, or -1. */
static int stats_lock(const KCache *c, int how)
{
    char *p = path_join(c->dir, "stats");
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    free(p);
    if (fd < 0) return -1;
    while (flock(fd, how) != 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

/* The counters in the locked file (zeros for what is missing or unreadable). */
static KcStats stats_read(int fd)
{
    KcStats s = { 0 };
    char buf[512];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return s;
    buf[n] = '\0';
    for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char name[16];
        unsigned long long v;
        if (sscanf(line, "%15s %llu", name, &v) != 2) continue;
        if (!strcmp(name, "hits"))
            s.hits = v;
        else if (!strcmp(name, "misses"))
            s.misses = v;
        else if (!strcmp(name, "stores"))
            s.stores = v;
        else if (!strcmp(name, "bytes"))
            s.bytes = v;
    }
    return s;
}

/* Rewrites the locked file (in place: every reader takes the lock too). */
static void stats_write(int fd, const KcStats *s)
{
    char buf[256];
    int n = snprintf(buf, sizeof buf, "hits %llu\nmisses %llu\nstores %llu\nbytes %llu\n",
                     (unsigned long long)s->hits, (unsigned long long)s->misses,
                     (unsigned long long)s->stores, (unsigned long long)s->bytes);
    if (pwrite(fd, buf, (size_t)n, 0) == n) (void)!ftruncate(fd, n);
}

/* Adds this process's counters and pending bytes to the stats file. */
static void stats_flush(KCache *c)
{
    if (!c->hits && !c->misses && !c->stores && !c->pending) return;
    int fd = stats_lock(c, LOCK_EX);
    if (fd < 0) return;
    KcStats s = stats_read(fd);
    s.hits += (uint64_t)c->hits;
    s.misses += (uint64_t)c->misses;
    s.stores += (uint64_t)c->stores;
    s.bytes += c->pending;
    stats_write(fd, &s);
    close(fd);
    c->hits = c->misses = c->stores = 0;
    c->pending = 0;
}

void kc_close(KCache *c)
{
    if (!c) return;
    stats_flush(c);
    free(c->dir);
    free(c);
}

/* ---------------------------------------------------------------- kc_get */

/* Unlinks the damaged entry at path if that name still names the inode st (a concurrent
 * store may have replaced it with a good one); notes it when verbose. */
static void drop_corrupt(const KCache *c, const char *path, const struct stat *st, const char *why)
{
    struct stat now;
    if (stat(path, &now) == 0 && now.st_dev == st->st_dev && now.st_ino == st->st_ino) unlink(path);
    if (c->verbose) fprintf(stderr, "gpyc: kernel cache: removed a damaged entry %s (%s)\n", path, why);
}

/* Copies the payload of the open entry fd (header already read) to dest_path while hashing it;
 * NULL when the copy is verified, else why not.  dest_path is removed on failure. */
static const char *copy_payload(int fd, uint64_t len, const uint8_t want[32], const char *dest_path,
                                bool *damaged)
{
    int out = open(dest_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) return "cannot create the destination";
    Sha256 h;
    sha256_init(&h);
    uint8_t *buf = xmalloc(KC_BUF);
    const char *why = NULL;
    while (len && !why) {
        ssize_t n = read_full(fd, buf, len < KC_BUF ? len : KC_BUF);
        if (n < 0) {
            why = "read error";
        } else if (n == 0) {
            why = "truncated payload";
            *damaged = true;
        } else if (!write_all(out, buf, (size_t)n)) {
            why = "cannot write the destination";
        } else {
            sha256_update(&h, buf, (size_t)n);
            len -= (uint64_t)n;
        }
    }
    free(buf);
    uint8_t got[32];
    sha256_final(&h, got);
    if (!why && memcmp(got, want, 32) != 0) {
        why = "payload SHA-256 mismatch";
        *damaged = true;
    }
    if (close(out) != 0 && !why) why = "cannot write the destination";
    if (why) unlink(dest_path);
    return why;
}

/* Checks the header of the open entry fd (st: its stat) and copies its payload to dest_path;
 * NULL on success, else why not (*damaged: the entry itself is bad). */
static const char *read_entry(int fd, const struct stat *st, const char *dest_path, bool *damaged)
{
    uint8_t hdr[KC_HEADER];
    ssize_t n = read_full(fd, hdr, KC_HEADER);
    *damaged = n >= 0;
    if (n < 0) return "read error";
    if (n < KC_HEADER) return "truncated header";
    if (memcmp(hdr, KC_MAGIC, 8) != 0) return "bad magic";
    uint64_t len = get_u64le(hdr + 8);
    if (len != (uint64_t)st->st_size - KC_HEADER) return "length does not match the file's size";
    *damaged = false;
    return copy_payload(fd, len, hdr + 16, dest_path, damaged);
}

/* Looks key up (see codegen.h). */
bool kc_get(KCache *c, const char *key, const char *dest_path)
{
    if (!c) return false;
    GPYC_ASSERT(key_ok(key));
    char *path = entry_path(c, key);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    const char *why = NULL;
    bool damaged = false;
    if (fd < 0)
        why = errno == ENOENT ? "" : "cannot open";
    else if (fstat(fd, &st) != 0)
        why = "cannot stat";
    else
        why = read_entry(fd, &st, dest_path, &damaged);
    if (!why)
        (void)futimens(fd, NULL); /* used now: LRU */
    else if (damaged)
        drop_corrupt(c, path, &st, why);
    else if (*why && c->verbose)
        fprintf(stderr, "gpyc: kernel cache: cannot read %s (%s): a miss\n", path, why);
    if (fd >= 0) close(fd);
    free(path);
    if (why)
        c->misses++;
    else
        c->hits++;
    return !why;
}

bool kc_payload_id(const KCache *c, const char *key, char id[65])
{
    if (!c) return false;
    GPYC_ASSERT(key_ok(key));
    char *path = entry_path(c, key);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    free(path);
    if (fd < 0) return false;
    uint8_t hdr[KC_HEADER];
    bool ok = read_full(fd, hdr, KC_HEADER) == KC_HEADER && memcmp(hdr, KC_MAGIC, 8) == 0;
    close(fd);
    if (ok) sha256_hex(hdr + 16, id);
    return ok;
}

/* ---------------------------------------------------------------- kc_put */

/* The warning of a failed store, once per process. */
static void store_warning(const KCache *c, const char *what, const char *path)
{
    static bool warned;
    if (warned) return;
    warned = true;
    fprintf(stderr, "gpyc: warning: kernel cache: cannot %s %s: %s (%s left as it was)\n", what, path,
            strerror(errno), c->dir);
}

/* Writes the header and the payload of src_path into the temporary file fd; the entry's size,
 * or 0 with a warning. */
static uint64_t write_entry(const KCache *c, int fd, const char *tmp, const char *src_path)
{
    int in = open(src_path, O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        store_warning(c, "read", src_path);
        return 0;
    }
    uint8_t hdr[KC_HEADER] = { 0 };
    uint8_t *buf = xmalloc(KC_BUF);
    Sha256 h;
    sha256_init(&h);
    uint64_t len = 0;
    bool ok = write_all(fd, hdr, sizeof hdr);
    ssize_t n = 0;
    while (ok && (n = read_full(in, buf, KC_BUF)) > 0) {
        sha256_update(&h, buf, (size_t)n);
        len += (uint64_t)n;
        ok = write_all(fd, buf, (size_t)n);
    }
    int err = errno;
    free(buf);
    close(in);
    errno = err;
    if (n < 0) {
        store_warning(c, "read", src_path);
        return 0;
    }
    memcpy(hdr, KC_MAGIC, 8);
    put_u64le(hdr + 8, len);
    sha256_final(&h, hdr + 16);
    if (ok) ok = pwrite(fd, hdr, sizeof hdr, 0) == (ssize_t)sizeof hdr;
    if (!ok) {
        store_warning(c, "write", tmp);
        return 0;
    }
    return KC_HEADER + len;
}

/* rename(from, to), creating to's fan-out folder when it is missing (a first store there, or
 * a concurrent kc_clear removed it). */
static bool place(const char *from, const char *to)
{
    if (rename(from, to) == 0) return true;
    if (errno != ENOENT) return false;
    char *fan = xstrndup(to, (size_t)(strrchr(to, '/') - to));
    bool made = mkdir(fan, 0700) == 0 || errno == EEXIST;
    free(fan);
    return made && rename(from, to) == 0;
}

/* Places the finished temporary file tmp under every key: a fresh link tmp.N renamed over the
 * entry for each key but the last, tmp itself for the last. */
static bool place_all(const KCache *c, const char *tmp, const char *const *keys, int nkeys)
{
    for (int i = 0; i < nkeys; i++) {
        char *path = entry_path(c, keys[i]);
        const char *from = tmp;
        StrBuf link_name = { 0 };
        bool ok = true;
        if (i < nkeys - 1) {
            sb_printf(&link_name, "%s.%d", tmp, i);
            from = link_name.s;
            ok = link(tmp, from) == 0;
            if (!ok) store_warning(c, "link", from);
        }
        if (ok && !place(from, path)) {
            ok = false;
            store_warning(c, "create", path);
        }
        /* rename leaves `from` when path already was a link to the same inode (a key given
         * twice) */
        if (i < nkeys - 1) unlink(from);
        sb_free(&link_name);
        free(path);
        if (!ok) return false;
    }
    return true;
}

/* Stores src_path under keys (see codegen.h and the invariants above). */
bool kc_put(KCache *c, const char *const *keys, int nkeys, const char *src_path)
{
    if (!c || nkeys <= 0) return false;
    for (int i = 0; i < nkeys; i++) GPYC_ASSERT(key_ok(keys[i]));
    char *tmp = path_join(c->dir, "tmp-XXXXXX");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        store_warning(c, "create a file in", c->dir);
        free(tmp);
        return false;
    }
    uint64_t size = write_entry(c, fd, tmp, src_path);
    if (close(fd) != 0 && size) {
        store_warning(c, "write", tmp);
        size = 0;
    }
    bool ok = size && place_all(c, tmp, keys, nkeys);
    unlink(tmp); /* still there after a failure, or when the last key was already this inode */
    free(tmp);
    if (ok) {
        c->stores++;
        c->pending += size;
    }
    return ok;
}

/* ---------------------------------------------------------------- scanning, kc_trim */

/* Removes the temporary file DIR/name if older than KC_STALE_TMP_S, or always when all. */
static void sweep_tmp(const KCache *c, const char *name, bool all)
{
    if (strncmp(name, "tmp-", 4) != 0) return;
    char *p = path_join(c->dir, name);
    struct stat st;
    if (lstat(p, &st) == 0 && (all || st.st_mtime < time(NULL) - KC_STALE_TMP_S)) unlink(p);
    free(p);
}

/* Adds the entries of the fan-out folder DIR/fan to files (KcFile*s). */
static void scan_fanout(const KCache *c, const char *fan, Vec *files)
{
    char *dp = path_join(c->dir, fan);
    DIR *d = opendir(dp);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!is_entry_name(e->d_name)) continue;
        char *p = path_join(dp, e->d_name);
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(p);
            continue;
        }
        KcFile *f = xmalloc(sizeof *f);
        *f = (KcFile){ p, st.st_dev, st.st_ino, st.st_mtim, (uint64_t)st.st_size };
        vec_push(files, f);
    }
    if (d) closedir(d);
    free(dp);
}

/* Every entry of the folder into files (unless NULL: then only the top folder is read);
 * removes temporary files (stale ones, or all). */
static void scan(const KCache *c, Vec *files, bool all_tmp)
{
    DIR *d = opendir(c->dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (is_fanout_name(e->d_name)) {
            if (files) scan_fanout(c, e->d_name, files);
        } else
            sweep_tmp(c, e->d_name, all_tmp);
    }
    if (d) closedir(d);
}

/* Oldest first; the links of one inode (equal times) next to each other. */
static int by_time(const void *pa, const void *pb)
{
    const KcFile *a = *(KcFile *const *)pa, *b = *(KcFile *const *)pb;
    if (a->mtime.tv_sec != b->mtime.tv_sec) return a->mtime.tv_sec < b->mtime.tv_sec ? -1 : 1;
    if (a->mtime.tv_nsec != b->mtime.tv_nsec) return a->mtime.tv_nsec < b->mtime.tv_nsec ? -1 : 1;
    if (a->dev != b->dev) return a->dev < b->dev ? -1 : 1;
    if (a->ino != b->ino) return a->ino < b->ino ? -1 : 1;
    return 0;
}

static bool same_inode(const KcFile *a, const KcFile *b) { return a->dev == b->dev && a->ino == b->ino; }

/* Sorts files by_time and returns their distinct bytes (each inode once); *ninodes counts
 * the inodes. */
static uint64_t sort_and_total(Vec *files, int *ninodes)
{
    if (files->n) qsort(files->v, (size_t)files->n, sizeof(void *), by_time);
    uint64_t total = 0;
    *ninodes = 0;
    for (int i = 0; i < files->n; i++) {
        if (i > 0 && same_inode(VEC_AT(*files, i - 1), VEC_AT(*files, i))) continue;
        total += ((KcFile *)VEC_AT(*files, i))->size;
        ++*ninodes;
    }
    return total;
}

static void free_files(Vec *files)
{
    for (int i = 0; i < files->n; i++) {
        free(((KcFile *)VEC_AT(*files, i))->path);
        free(VEC_AT(*files, i));
    }
    vec_free(files);
}

/* Unlinks whole inodes, oldest first, until the distinct bytes are within the cap; returns
 * the bytes left. */
static uint64_t evict(Vec *files, uint64_t total, uint64_t cap)
{
    for (int i = 0; i < files->n && total > cap;) {
        KcFile *first = VEC_AT(*files, i);
        for (; i < files->n && same_inode(first, VEC_AT(*files, i)); i++)
            unlink(((KcFile *)VEC_AT(*files, i))->path);
        total -= first->size;
    }
    return total;
}

/* Evicts down to the cap (see codegen.h and the invariants above). */
void kc_trim(KCache *c)
{
    if (!c || !c->pending) return;
    int fd = stats_lock(c, LOCK_EX);
    if (fd < 0) return;
    KcStats s = stats_read(fd);
    s.bytes += c->pending;
    c->pending = 0;
    if (s.bytes > c->cap) {
        Vec files = { 0 };
        int ninodes;
        scan(c, &files, false);
        s.bytes = evict(&files, sort_and_total(&files, &ninodes), c->cap);
        free_files(&files);
    } else {
        scan(c, NULL, false);
    }
    stats_write(fd, &s);
    close(fd);
}

/* ---------------------------------------------------------------- stats and clear */

/* Prints the folder, its contents, the cap and the counters of all processes. */
void kc_print_stats(KCache *c, FILE *out)
{
    if (!c) return;
    stats_flush(c);
    Vec files = { 0 };
    int ninodes;
    int fd = stats_lock(c, LOCK_SH);
    KcStats s = { 0 };
    if (fd >= 0) s = stats_read(fd);
    scan(c, &files, false);
    uint64_t total = sort_and_total(&files, &ninodes);
    if (fd >= 0) close(fd);
    char hbytes[32], hcap[32];
    human_size(total, hbytes);
    human_size(c->cap, hcap);
    fprintf(out, "folder   %s\n", c->dir);
    fprintf(out, "entries  %d keys, %d files\n", files.n, ninodes);
    fprintf(out, "size     %llu bytes (%s)\n", (unsigned long long)total, hbytes);
    fprintf(out, "cap      %llu bytes (%s)\n", (unsigned long long)c->cap, hcap);
    fprintf(out, "hits     %llu\n", (unsigned long long)s.hits);
    fprintf(out, "misses   %llu\n", (unsigned long long)s.misses);
    fprintf(out, "stores   %llu\n", (unsigned long long)s.stores);
    free_files(&files);
}

/* Removes every entry, the emptied fan-out folders and all temporary files; the counters
 * stay, the size estimate becomes 0. */
int kc_clear(KCache *c)
{
    if (!c) return 1;
    int fd = stats_lock(c, LOCK_EX);
    Vec files = { 0 };
    int ninodes, rc = 0;
    scan(c, &files, true);
    uint64_t total = sort_and_total(&files, &ninodes);
    for (int i = 0; i < files.n; i++) {
        const char *p = ((KcFile *)VEC_AT(files, i))->path;
        if (unlink(p) != 0 && errno != ENOENT && rc == 0) {
            fprintf(stderr, "gpyc: error: cannot remove %s: %s\n", p, strerror(errno));
            rc = 1;
        }
    }
    for (int b = 0; b < 256; b++) {
        char name[3];
        snprintf(name, sizeof name, "%02x", b);
        char *p = path_join(c->dir, name);
        rmdir(p); /* fails, harmlessly, when missing or not empty */
        free(p);
    }
    if (fd >= 0) {
        KcStats s = stats_read(fd);
        s.bytes = 0;
        stats_write(fd, &s);
        close(fd);
    }
    if (rc == 0) {
        char h[32];
        human_size(total, h);
        printf("gpyc: kernel cache cleared: removed %d entries (%s) from %s\n", files.n, h, c->dir);
    }
    free_files(&files);
    return rc;
}
