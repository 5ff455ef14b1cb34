/*
 * test_sha256.c — base/sha256.c against the test vectors of FIPS 180-4's examples (NIST's
 * "SHA256.pdf": "abc", the 448-bit and 896-bit messages), the empty message, one million 'a',
 * every split of a message into two updates, and sha256sum(1) on a file.
 */
#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/base.h"

/* The hex digest of n bytes of data, hashed in one update. */
static void hex_of(const void *data, size_t n, char hex[65])
{
    Sha256 s;
    uint8_t d[32];
    sha256_init(&s);
    sha256_update(&s, data, n);
    sha256_final(&s, d);
    sha256_hex(d, hex);
}

static void check(const char *msg, const char *want)
{
    char hex[65];
    hex_of(msg, strlen(msg), hex);
    cr_assert_str_eq(hex, want, "sha256(\"%s\")", msg);
}

Test(sha256, empty) { check("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"); }

Test(sha256, abc) { check("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"); }

Test(sha256, bits448)
{
    check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(sha256, bits896)
{
    check(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnop"
        "qrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

/* One million 'a', fed 1000 bytes at a time. */
Test(sha256, million_a)
{
    char chunk[1000];
    memset(chunk, 'a', sizeof chunk);
    Sha256 s;
    uint8_t d[32];
    char hex[65];
    sha256_init(&s);
    for (int i = 0; i < 1000; i++) sha256_update(&s, chunk, sizeof chunk);
    sha256_final(&s, d);
    sha256_hex(d, hex);
    cr_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* Every way of cutting a 200-byte message in two updates gives the one-update digest, and so
 * does every length around the 55/56/64-byte padding boundaries. */
Test(sha256, splits)
{
    uint8_t msg[200];
    for (int i = 0; i < 200; i++) msg[i] = (uint8_t)(i * 37 + 11);
    for (size_t n = 0; n <= sizeof msg; n += (n < 130 ? 1 : 7)) {
        char want[65];
        hex_of(msg, n, want);
        for (size_t cut = 0; cut <= n; cut++) {
            Sha256 s;
            uint8_t d[32];
            char hex[65];
            sha256_init(&s);
            sha256_update(&s, msg, cut);
            sha256_update(&s, msg + cut, n - cut);
            sha256_final(&s, d);
            sha256_hex(d, hex);
            cr_assert_str_eq(hex, want, "length %zu cut at %zu", n, cut);
        }
    }
}

/* A 100 KB file of pseudo-random bytes: our digest equals sha256sum's (skipped without it). */
Test(sha256, file_vs_sha256sum)
{
    if (system("command -v sha256sum >/dev/null 2>&1") != 0) cr_skip_test("no sha256sum");
    char path[] = "/tmp/gpyc-sha256-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    size_t n = 100 * 1024 + 17;
    uint8_t *data = malloc(n);
    uint32_t x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = (uint8_t)(x >> 16);
    }
    cr_assert_eq(write(fd, data, n), (ssize_t)n);
    close(fd);
    char cmd[128], got[65] = "", want[65];
    snprintf(cmd, sizeof cmd, "sha256sum %s", path);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    cr_assert_eq(fscanf(p, "%64s", got), 1);
    pclose(p);
    unlink(path);
    hex_of(data, n, want);
    free(data);
    cr_assert_str_eq(want, got);
}
