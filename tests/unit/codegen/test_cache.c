/*
 * test_cache.c — the kernel cache (codegen/cache.c): store and look up by key, one file for
 * several keys, damaged entries (a flipped payload byte, a truncated file, a bad magic, a
 * wrong length) are misses and are removed, LRU eviction within the cap (each inode counted
 * once), stale temporary files, the folder's location and the warning when it cannot be made,
 * the counters across processes, --cache-clear, and 8 processes storing and reading the same
 * keys at once.  Each test runs in its own process (Criterion) with GPYC_CACHE_DIR in a fresh
 * temporary folder.
 */
#define _GNU_SOURCE /* mkdtemp, nftw, setenv, open_memstream */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "codegen/codegen.h"

static char root[64]; /* this test's temporary folder */
static char cache[128]; /* root/cache, the GPYC_CACHE_DIR */

static void setup(void)
{
    strcpy(root, "/tmp/gpyc-kc-XXXXXX");
    cr_assert(mkdtemp(root));
    snprintf(cache, sizeof cache, "%s/cache", root);
    setenv("GPYC_CACHE_DIR", cache, 1);
    unsetenv("GPYC_CACHE_SIZE");
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(p);
}

static void teardown(void) { nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS); }

TestSuite(cache, .init = setup, .fini = teardown);

/* ---------------------------------------------------------------- helpers */

/* root/name, in a static buffer per call site's use (copy it to keep it). */
static const char *in_root(const char *name)
{
    static char buf[4][256];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, 256, "%s/%s", root, name);
    return p;
}

/* The key of test item i: the SHA-256 of "key i". */
static const char *key_of(int i)
{
    static char keys[128][65];
    char text[32];
    uint8_t d[32];
    Sha256 s;
    snprintf(text, sizeof text, "key %d", i);
    sha256_init(&s);
    sha256_update(&s, text, strlen(text));
    sha256_final(&s, d);
    sha256_hex(d, keys[i % 128]);
    return keys[i % 128];
}

/* n pseudo-random bytes depending on seed, xmalloc'd. */
static uint8_t *payload(unsigned seed, size_t n)
{
    uint8_t *p = xmalloc(n ? n : 1);
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (uint8_t)(x >> 16);
    }
    return p;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    cr_assert_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

/* Writes payload(seed, n) to root/name and returns the path (static). */
static const char *payload_file(const char *name, unsigned seed, size_t n)
{
    uint8_t *p = payload(seed, n);
    const char *path = in_root(name);
    write_file(path, p, n);
    free(p);
    return path;
}

/* True when the file at path holds exactly payload(seed, n). */
static bool file_is(const char *path, unsigned seed, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    uint8_t *want = payload(seed, n), *got = xmalloc(n + 1);
    size_t k = fread(got, 1, n + 1, f);
    fclose(f);
    bool same = k == n && memcmp(want, got, n) == 0;
    free(want);
    free(got);
    return same;
}

/* True when the file at path holds exactly the text t. */
static bool file_is_text(const char *path, const char *t)
{
    char buf[64] = "";
    FILE *f = fopen(path, "r");
    if (!f) return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    return n == strlen(t) && memcmp(buf, t, n) == 0;
}

/* The entry file of key i. */
static const char *entry_of(int i)
{
    static char buf[2][256];
    static int next;
    char *p = buf[next++ % 2];
    snprintf(p, 256, "%s/%.2s/%s.kc", cache, key_of(i), key_of(i));
    return p;
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

static bool put1(KCache *c, int i, const char *src)
{
    const char *k[] = { key_of(i) };
    return kc_put(c, k, 1, src);
}

/* What the code between capture_begin(fd) and capture_end() writes to fd (1 or 2), as
 * static text. */
static int captured_fd, saved_fd = -1;
static void capture_begin(int fd)
{
    fflush(fd == 1 ? stdout : stderr);
    captured_fd = fd;
    saved_fd = dup(fd);
    int tmp = open(in_root("captured.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(tmp, fd);
    close(tmp);
}

static const char *capture_end(void)
{
    static char text[4096];
    fflush(captured_fd == 1 ? stdout : stderr);
    dup2(saved_fd, captured_fd);
    close(saved_fd);
    FILE *f = fopen(in_root("captured.txt"), "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* kc_print_stats's text (static). */
static const char *stats_text(KCache *c)
{
    static char text[4096];
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    kc_print_stats(c, f);
    fclose(f);
    snprintf(text, sizeof text, "%s", buf);
    free(buf);
    return text;
}

/* The number of names in the cache folder starting with "tmp-". */
static int count_tmp(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "exit $(ls -a %s | grep -c '^tmp-')", cache);
    return WEXITSTATUS(system(cmd));
}

/* Sets the modification (LRU) time of path to t seconds after the epoch. */
static void set_time(const char *path, time_t t)
{
    struct timespec ts[2] = { { t, 0 }, { t, 0 } };
    cr_assert_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
}

/* ---------------------------------------------------------------- store and look up */

Test(cache, roundtrip)
{
    KCache *c = kc_open(false);
    cr_assert(c);
    cr_assert_str_eq(kc_dir(c), cache);
    struct stat st;
    cr_assert_eq(stat(cache, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0700, "the folder is private");
    size_t n = 100001;
    cr_assert(put1(c, 1, payload_file("src", 7, n)));
    cr_assert(kc_get(c, key_of(1), in_root("dest")));
    cr_assert(file_is(in_root("dest"), 7, n));
    cr_assert_eq(stat(entry_of(1), &st), 0);
    cr_assert_eq(st.st_size, 48 + (off_t)n, "header of 48 bytes, then the payload");
    cr_assert_not(kc_get(c, key_of(2), in_root("dest2")), "an absent key is a miss");
    cr_assert_not(exists(in_root("dest2")));
    cr_assert_eq(kc_hits(c), 1);
    cr_assert_eq(kc_misses(c), 1);
    /* an empty payload is an entry too */
    cr_assert(put1(c, 3, payload_file("empty", 1, 0)));
    cr_assert(kc_get(c, key_of(3), in_root("dest3")));
    cr_assert(file_is(in_root("dest3"), 1, 0));
    cr_assert_eq(count_tmp(), 0, "no temporary file is left");
    kc_close(c);
}

Test(cache, replace)
{
    KCache *c = kc_open(false);
    cr_assert(put1(c, 1, payload_file("a", 1, 5000)));
    cr_assert(put1(c, 1, payload_file("b", 2, 7000)));
    cr_assert(kc_get(c, key_of(1), in_root("dest")));
    cr_assert(file_is(in_root("dest"), 2, 7000), "the newer store wins");
    kc_close(c);
}

Test(cache, several_keys_one_file)
{
    KCache *c = kc_open(false);
    const char *keys[] = { key_of(1), key_of(2), key_of(3), key_of(2) }; /* key 2 twice */
    cr_assert(kc_put(c, keys, 4, payload_file("src", 3, 4096)));
    struct stat s1, s2, s3;
    cr_assert_eq(stat(entry_of(1), &s1), 0);
    cr_assert_eq(stat(entry_of(2), &s2), 0);
    cr_assert_eq(stat(entry_of(3), &s3), 0);
    cr_assert(s1.st_ino == s2.st_ino && s2.st_ino == s3.st_ino, "one inode for the three keys");
    cr_assert_eq(s1.st_nlink, 3);
    for (int i = 1; i <= 3; i++) {
        cr_assert(kc_get(c, key_of(i), in_root("dest")));
        cr_assert(file_is(in_root("dest"), 3, 4096));
    }
    cr_assert_eq(count_tmp(), 0, "no temporary file or link is left");
    cr_assert(strstr(stats_text(c), "entries  3 keys, 1 files\n"));
    cr_assert(strstr(stats_text(c), "size     4144 bytes (4.0 KiB)\n"), "%s", stats_text(c));
    kc_close(c);
}

Test(cache, null_cache_is_disabled)
{
    const char *k[] = { key_of(1) };
    cr_assert_not(kc_get(NULL, key_of(1), in_root("dest")));
    cr_assert_not(kc_put(NULL, k, 1, in_root("none")));
    kc_trim(NULL);
    kc_close(NULL);
    cr_assert_eq(kc_hits(NULL), 0);
    cr_assert_null(kc_dir(NULL));
}

Test(cache, unreadable_source_is_a_failed_store)
{
    KCache *c = kc_open(false);
    capture_begin(2);
    cr_assert_not(put1(c, 1, in_root("missing")));
    cr_assert_not(put1(c, 2, in_root("missing")));
    const char *err = capture_end();
    char want[512];
    snprintf(want, sizeof want,
             "gpyc: warning: kernel cache: cannot read %s/missing: No such file or directory (%s left as it "
             "was)\n",
             root, cache);
    cr_assert_str_eq(err, want, "one warning per process");
    cr_assert_not(exists(entry_of(1)));
    cr_assert_eq(count_tmp(), 0);
    kc_close(c);
}

/* A full disk, as a file size limit: the store fails with one warning and leaves neither an
 * entry nor a temporary file; the entries already there still read. */
Test(cache, disk_full)
{
    KCache *c = kc_open(false);
    cr_assert(put1(c, 1, payload_file("small", 1, 500)));
    const char *big = payload_file("big", 2, 100000);
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = { 4096, 4096 };
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    capture_begin(2);
    bool stored = put1(c, 2, big);
    const char *err = capture_end();
    cr_assert_not(stored);
    cr_assert(strstr(err, "gpyc: warning: kernel cache: cannot write "), "%s", err);
    cr_assert(strstr(err, ": File too large ("), "%s", err);
    cr_assert_not(exists(entry_of(2)));
    cr_assert_eq(count_tmp(), 0);
    cr_assert(kc_get(c, key_of(1), in_root("dest")));
    cr_assert(file_is(in_root("dest"), 1, 500));
    kc_close(c);
}

/* ---------------------------------------------------------------- damaged entries */

/* Stores payload(5, 3000) under key 1, damages the entry with fn, and checks that a verbose
 * lookup is a miss that removes the entry and notes `why`; the destination is left as it was,
 * or removed when the damage was found while copying (copied: true). */
static void check_damaged(void (*damage)(int fd), const char *why, bool copied)
{
    KCache *c = kc_open(true);
    cr_assert(put1(c, 1, payload_file("src", 5, 3000)));
    int fd = open(entry_of(1), O_RDWR);
    cr_assert(fd >= 0);
    damage(fd);
    close(fd);
    write_file(in_root("dest"), "old", 3);
    capture_begin(2);
    bool hit = kc_get(c, key_of(1), in_root("dest"));
    const char *err = capture_end();
    cr_assert_not(hit, "a damaged entry (%s) is a miss", why);
    cr_assert_not(exists(entry_of(1)), "and it is removed");
    if (copied)
        cr_assert_not(exists(in_root("dest")), "and so is the destination");
    else
        cr_assert(file_is_text(in_root("dest"), "old"), "the destination is untouched");
    char want[512];
    snprintf(want, sizeof want, "gpyc: kernel cache: removed a damaged entry %s (%s)\n", entry_of(1), why);
    cr_assert_str_eq(err, want);
    cr_assert_eq(kc_misses(c), 1);
    kc_close(c);
}

static void flip_payload_byte(int fd)
{
    uint8_t b;
    cr_assert_eq(pread(fd, &b, 1, 48 + 1234), 1);
    b ^= 0x10;
    cr_assert_eq(pwrite(fd, &b, 1, 48 + 1234), 1);
}
static void truncate_payload(int fd) { cr_assert_eq(ftruncate(fd, 48 + 2999), 0); }
static void truncate_header(int fd) { cr_assert_eq(ftruncate(fd, 20), 0); }
static void bad_magic(int fd) { cr_assert_eq(pwrite(fd, "GPYKC999", 8, 0), 8); }
static void longer_file(int fd)
{
    /* a payload whose length field is one byte short: the lengths disagree */
    uint8_t b;
    cr_assert_eq(pread(fd, &b, 1, 8), 1);
    b -= 1;
    cr_assert_eq(pwrite(fd, &b, 1, 8), 1);
}

Test(cache, flipped_payload_byte) { check_damaged(flip_payload_byte, "payload SHA-256 mismatch", true); }
Test(cache, truncated_payload)
{
    check_damaged(truncate_payload, "length does not match the file's size", false);
}
Test(cache, truncated_header) { check_damaged(truncate_header, "truncated header", false); }
Test(cache, bad_magic) { check_damaged(bad_magic, "bad magic", false); }
Test(cache, wrong_length) { check_damaged(longer_file, "length does not match the file's size", false); }

Test(cache, damaged_entry_is_quiet_without_verbose)
{
    KCache *c = kc_open(false);
    cr_assert(put1(c, 1, payload_file("src", 5, 100)));
    int fd = open(entry_of(1), O_RDWR);
    bad_magic(fd);
    close(fd);
    capture_begin(2);
    cr_assert_not(kc_get(c, key_of(1), in_root("dest")));
    cr_assert_str_eq(capture_end(), "");
    cr_assert_not(exists(entry_of(1)));
    kc_close(c);
}

/* ---------------------------------------------------------------- eviction */

/* Entries of 1000-byte payloads are 1048 bytes: the cap holds three. */
Test(cache, lru_eviction)
{
    KCache *c = kc_open(false);
    for (int i = 0; i < 5; i++) {
        char name[16];
        snprintf(name, sizeof name, "src%d", i);
        cr_assert(put1(c, i, payload_file(name, (unsigned)i, 1000)));
    }
    kc_trim(c); /* under the default cap: nothing goes */
    kc_close(c);
    for (int i = 0; i < 5; i++) {
        cr_assert(exists(entry_of(i)));
        set_time(entry_of(i), 1000000 + i); /* 0 oldest ... 4 newest */
    }
    setenv("GPYC_CACHE_SIZE", "3144", 1);
    c = kc_open(false);
    cr_assert(kc_get(c, key_of(0), in_root("dest"))); /* 0 is now the most recent */
    cr_assert(put1(c, 5, payload_file("src5", 5, 1000)));
    kc_trim(c);
    bool kept[6];
    for (int i = 0; i < 6; i++) kept[i] = exists(entry_of(i));
    cr_assert(kept[0] && kept[4] && kept[5], "the three most recently used stay");
    cr_assert(!kept[1] && !kept[2] && !kept[3], "the others go");
    cr_assert(strstr(stats_text(c), "size     3144 bytes"));
    kc_close(c);
}

Test(cache, eviction_counts_an_inode_once)
{
    setenv("GPYC_CACHE_SIZE", "1048", 1);
    KCache *c = kc_open(false);
    const char *keys[] = { key_of(1), key_of(2), key_of(3) };
    cr_assert(kc_put(c, keys, 3, payload_file("src", 1, 1000)));
    kc_trim(c);
    for (int i = 1; i <= 3; i++)
        cr_assert(exists(entry_of(i)), "3 names of one 1048-byte file fit in 1048 bytes");
    cr_assert(put1(c, 4, payload_file("src4", 4, 1000)));
    kc_trim(c);
    cr_assert(exists(entry_of(4)));
    for (int i = 1; i <= 3; i++) cr_assert_not(exists(entry_of(i)), "a whole inode goes, every name of it");
    kc_close(c);
}

Test(cache, cap_suffixes)
{
    setenv("GPYC_CACHE_SIZE", "10K", 1);
    KCache *c = kc_open(false);
    cr_assert(strstr(stats_text(c), "cap      10240 bytes (10.0 KiB)\n"));
    kc_close(c);
    setenv("GPYC_CACHE_SIZE", "3g", 1);
    c = kc_open(false);
    cr_assert(strstr(stats_text(c), "cap      3221225472 bytes (3.0 GiB)\n"));
    kc_close(c);
    setenv("GPYC_CACHE_SIZE", "12X", 1);
    capture_begin(2);
    c = kc_open(false);
    cr_assert_str_eq(capture_end(),
                     "gpyc: warning: GPYC_CACHE_SIZE='12X' is not a size (bytes, with an optional "
                     "K, M or G suffix): using 2G\n");
    cr_assert(strstr(stats_text(c), "cap      2147483648 bytes (2.0 GiB)\n"));
    kc_close(c);
}

Test(cache, stale_temporary_files)
{
    KCache *c = kc_open(false);
    char stale[256], fresh[256];
    snprintf(stale, sizeof stale, "%s/tmp-stale1", cache);
    snprintf(fresh, sizeof fresh, "%s/tmp-fresh1", cache);
    write_file(stale, "x", 1);
    write_file(fresh, "x", 1);
    set_time(stale, time(NULL) - 3600);
    cr_assert(put1(c, 1, payload_file("src", 1, 10)));
    cr_assert_not(kc_get(c, key_of(2), in_root("dest")), "a temporary file is never an entry");
    kc_trim(c);
    cr_assert_not(exists(stale), "trim removes a temporary file an hour old");
    cr_assert(exists(fresh), "and leaves a recent one (a store in progress)");
    capture_begin(1);
    cr_assert_eq(kc_clear(c), 0);
    capture_end();
    cr_assert_not(exists(fresh), "clear removes every temporary file");
    kc_close(c);
}

/* ---------------------------------------------------------------- the folder */

Test(cache, folder_under_a_file)
{
    write_file(in_root("file"), "x", 1);
    char dir[256], want[512];
    snprintf(dir, sizeof dir, "%s/file/sub", root);
    setenv("GPYC_CACHE_DIR", dir, 1);
    capture_begin(2);
    KCache *c = kc_open(false);
    const char *err = capture_end();
    cr_assert_null(c);
    snprintf(want, sizeof want, "gpyc: warning: kernel cache disabled: cannot create %s: Not a directory\n",
             dir);
    cr_assert_str_eq(err, want);
    /* the folder itself a file */
    setenv("GPYC_CACHE_DIR", in_root("file"), 1);
    capture_begin(2);
    c = kc_open(false);
    err = capture_end();
    cr_assert_null(c);
    snprintf(want, sizeof want,
             "gpyc: warning: kernel cache disabled: cannot create %s/file: Not a directory\n", root);
    cr_assert_str_eq(err, want);
}

Test(cache, folder_not_writable)
{
    if (geteuid() == 0) cr_skip_test("root writes to any folder");
    cr_assert_eq(mkdir(cache, 0500), 0);
    capture_begin(2);
    KCache *c = kc_open(false);
    const char *err = capture_end();
    cr_assert_null(c);
    char want[512];
    snprintf(want, sizeof want,
             "gpyc: warning: kernel cache disabled: cannot write to %s: Permission denied\n", cache);
    cr_assert_str_eq(err, want);
    chmod(cache, 0700);
}

Test(cache, folder_from_xdg_and_home)
{
    unsetenv("GPYC_CACHE_DIR");
    char xdg[256], want[300];
    snprintf(xdg, sizeof xdg, "%s/xdg/deep", root);
    setenv("XDG_CACHE_HOME", xdg, 1);
    KCache *c = kc_open(false);
    cr_assert(c);
    snprintf(want, sizeof want, "%s/gpyc", xdg);
    cr_assert_str_eq(kc_dir(c), want, "parents are made as needed");
    kc_close(c);
    setenv("XDG_CACHE_HOME", "relative/path", 1); /* ignored, as the XDG spec says */
    setenv("HOME", in_root("home"), 1);
    c = kc_open(false);
    snprintf(want, sizeof want, "%s/home/.cache/gpyc", root);
    cr_assert_str_eq(kc_dir(c), want);
    kc_close(c);
}

/* ---------------------------------------------------------------- stats and clear */

Test(cache, stats_across_processes)
{
    KCache *c = kc_open(false);
    cr_assert(put1(c, 1, payload_file("src", 1, 952)));
    cr_assert(kc_get(c, key_of(1), in_root("dest")));
    cr_assert_not(kc_get(c, key_of(2), in_root("dest")));
    kc_close(c);
    c = kc_open(false);
    cr_assert(kc_get(c, key_of(1), in_root("dest")));
    kc_close(c);
    c = kc_open(false);
    char want[1024];
    snprintf(want, sizeof want,
             "folder   %s\n"
             "entries  1 keys, 1 files\n"
             "size     1000 bytes (1000 bytes)\n"
             "cap      2147483648 bytes (2.0 GiB)\n"
             "hits     2\n"
             "misses   1\n"
             "stores   1\n",
             cache);
    cr_assert_str_eq(stats_text(c), want);
    kc_close(c);
}

Test(cache, clear)
{
    KCache *c = kc_open(false);
    const char *keys[] = { key_of(1), key_of(2) };
    cr_assert(kc_put(c, keys, 2, payload_file("src", 1, 100)));
    cr_assert(put1(c, 3, payload_file("src3", 3, 100)));
    capture_begin(1);
    int rc = kc_clear(c);
    const char *out = capture_end();
    cr_assert_eq(rc, 0);
    for (int i = 1; i <= 3; i++) cr_assert_not(exists(entry_of(i)));
    cr_assert(strstr(stats_text(c), "entries  0 keys, 0 files\n"));
    char want[512];
    snprintf(want, sizeof want, "gpyc: kernel cache cleared: removed 3 entries (296 bytes) from %s\n", cache);
    cr_assert_str_eq(out, want);
    kc_close(c);
}

/* ---------------------------------------------------------------- concurrency */

/* The payload of item r: its size varies so that entries differ in length too. */
static size_t item_size(int r) { return 2000 + (size_t)r * 37; }

/* One of the processes of the concurrency tests: for each of 50 items, stores its payload
 * (written to a file of its own) under two keys, reads one back and checks it, and trims.
 * may_miss: other processes' trims may have evicted it (a small cap); a hit must still be
 * the right payload. */
static int worker(int w, bool may_miss)
{
    KCache *c = kc_open(false);
    if (!c) return 10;
    for (int r = 0; r < 50; r++) {
        char src[64], dest[64];
        snprintf(src, sizeof src, "src-w%d-r%d", w, r);
        snprintf(dest, sizeof dest, "dest-w%d", w);
        const char *keys[] = { key_of(r), key_of(r + 50) };
        if (!kc_put(c, keys, 2, payload_file(src, (unsigned)r, item_size(r)))) return 11;
        int back = (r + w) % 2 ? r : r + 50;
        if (!kc_get(c, key_of(back), in_root(dest))) {
            if (may_miss) continue;
            return 12;
        }
        if (!file_is(in_root(dest), (unsigned)r, item_size(r))) return 13;
        kc_trim(c);
    }
    kc_close(c);
    return 0;
}

Test(cache, eight_processes_at_once)
{
    pid_t pids[8];
    for (int w = 0; w < 8; w++) {
        pids[w] = fork();
        cr_assert(pids[w] >= 0);
        if (pids[w] == 0) _exit(worker(w, false));
    }
    for (int w = 0; w < 8; w++) {
        int status;
        cr_assert_eq(waitpid(pids[w], &status, 0), pids[w]);
        cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "worker %d: status %d", w, status);
    }
    KCache *c = kc_open(false);
    for (int i = 0; i < 100; i++) {
        cr_assert(kc_get(c, key_of(i), in_root("dest")), "key %d", i);
        cr_assert(file_is(in_root("dest"), (unsigned)(i % 50), item_size(i % 50)), "key %d", i);
    }
    kc_close(c);
    c = kc_open(false);
    const char *st = stats_text(c);
    cr_assert(strstr(st, "entries  100 keys"), "%s", st);
    cr_assert(strstr(st, "hits     500\n"), "%s", st);
    cr_assert(strstr(st, "misses   0\n"), "%s", st);
    cr_assert(strstr(st, "stores   400\n"), "%s", st);
    cr_assert_eq(count_tmp(), 0);
    kc_close(c);
}

/* The same with a cap of about 8 items: the processes evict each other's entries while they
 * store and read; every hit is still the right payload, and the folder ends within the cap. */
Test(cache, eight_processes_evicting)
{
    setenv("GPYC_CACHE_SIZE", "20K", 1);
    pid_t pids[8];
    for (int w = 0; w < 8; w++) {
        pids[w] = fork();
        cr_assert(pids[w] >= 0);
        if (pids[w] == 0) _exit(worker(w, true));
    }
    for (int w = 0; w < 8; w++) {
        int status;
        cr_assert_eq(waitpid(pids[w], &status, 0), pids[w]);
        cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "worker %d: status %d", w, status);
    }
    KCache *c = kc_open(false);
    const char *st = stats_text(c);
    unsigned long long size = 0;
    cr_assert_eq(sscanf(strstr(st, "size "), "size %llu", &size), 1);
    cr_assert(size <= 20480, "%s", st);
    cr_assert(size > 0, "%s", st);
    cr_assert_eq(count_tmp(), 0);
    kc_close(c);
}
