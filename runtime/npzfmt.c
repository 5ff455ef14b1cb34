/*
 * npzfmt.c — .npz archives (npzfmt.h): the zip central directory (with zip64 sizes and
 * offsets, which Python's zipfile writes for numpy.savez's members), a member's .npy header,
 * and the records of a plain zip for writing.
 *
 * Invariants: every read goes through the caller's NpzRead, bounds-checked against the file;
 * a member's name is at most 255 bytes (longer ones are skipped: no .npy of gpyc's has one).
 */
#include "npzfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int bad_zip(NpyError *e)
{
    snprintf(e->exc, sizeof e->exc, "zipfile.BadZipFile");
    snprintf(e->msg, sizeof e->msg, "File is not a zip file");
    return NPY_ERR;
}

static uint64_t get(const unsigned char *b, int k)
{
    uint64_t v = 0;
    for (int i = k - 1; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

static void put(unsigned char *b, uint64_t v, int k)
{
    for (int i = 0; i < k; i++, v >>= 8) b[i] = (unsigned char)(v & 0xff);
}

bool npz_is_zip(const unsigned char *b, size_t n)
{
    return n >= 4 && b[0] == 'P' && b[1] == 'K' && ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6));
}

/* The zip64 extra field's values replace the 0xffffffff ones, in the order usize, csize, local. */
static void zip64_extra(const unsigned char *x, size_t n, NpzMember *m)
{
    for (size_t i = 0; i + 4 <= n;) {
        unsigned id = (unsigned)get(x + i, 2), len = (unsigned)get(x + i + 2, 2);
        if (i + 4 + len > n) return;
        if (id == 1) {
            const unsigned char *p = x + i + 4, *end = p + len;
            if (m->usize == 0xffffffffu && p + 8 <= end) m->usize = get(p, 8), p += 8;
            if (m->csize == 0xffffffffu && p + 8 <= end) m->csize = get(p, 8), p += 8;
            if (m->local == 0xffffffffu && p + 8 <= end) m->local = get(p, 8);
            return;
        }
        i += 4 + len;
    }
}

int npz_members(NpzRead rd, void *ctx, uint64_t fsize, NpzMember **out, int *n, NpyError *e)
{
    *out = NULL;
    *n = 0;
    /* the end record: the last "PK\5\6" within 64 KiB + 22 bytes of the end */
    size_t tail = fsize < 65557 ? (size_t)fsize : 65557;
    unsigned char *t = malloc(tail + 1);
    if (!t) abort();
    if (tail < 22 || !rd(ctx, fsize - tail, t, tail)) {
        free(t);
        return bad_zip(e);
    }
    long at = -1;
    for (long i = (long)tail - 22; i >= 0; i--)
        if (t[i] == 'P' && t[i + 1] == 'K' && t[i + 2] == 5 && t[i + 3] == 6) {
            at = i;
            break;
        }
    if (at < 0) {
        free(t);
        return bad_zip(e);
    }
    uint64_t count = get(t + at + 10, 2), dsize = get(t + at + 12, 4), doff = get(t + at + 16, 4);
    uint64_t eocd = fsize - tail + (uint64_t)at;
    free(t);
    if (count == 0xffff || dsize == 0xffffffffu || doff == 0xffffffffu) { /* zip64 end record */
        unsigned char loc[20], rec[56];
        if (eocd < 20 || !rd(ctx, eocd - 20, loc, 20) || get(loc, 4) != 0x07064b50) return bad_zip(e);
        uint64_t r = get(loc + 8, 8);
        if (!rd(ctx, r, rec, 56) || get(rec, 4) != 0x06064b50) return bad_zip(e);
        count = get(rec + 32, 8);
        dsize = get(rec + 40, 8);
        doff = get(rec + 48, 8);
    }
    if (doff > fsize || dsize > fsize - doff || count > dsize / 46) return bad_zip(e);
    unsigned char *d = malloc(dsize + 1);
    NpzMember *ms = calloc(count + 1, sizeof *ms);
    if (!d || !ms) abort();
    int k = 0;
    bool ok = rd(ctx, doff, d, dsize);
    for (uint64_t i = 0, p = 0; ok && i < count; i++) {
        if (p + 46 > dsize || get(d + p, 4) != 0x02014b50) {
            ok = false;
            break;
        }
        size_t nl = (size_t)get(d + p + 28, 2), xl = (size_t)get(d + p + 30, 2),
               cl = (size_t)get(d + p + 32, 2);
        if (p + 46 + nl + xl + cl > dsize) {
            ok = false;
            break;
        }
        NpzMember *m = &ms[k];
        m->method = (int)get(d + p + 10, 2);
        m->crc = (uint32_t)get(d + p + 16, 4);
        m->csize = get(d + p + 20, 4);
        m->usize = get(d + p + 24, 4);
        m->local = get(d + p + 42, 4);
        zip64_extra(d + p + 46 + nl, xl, m);
        if (nl < sizeof m->name && !memchr(d + p + 46, '\0', nl)) {
            memcpy(m->name, d + p + 46, nl);
            m->name[nl] = '\0';
            k++;
        }
        p += 46 + nl + xl + cl;
    }
    free(d);
    if (!ok) {
        free(ms);
        return bad_zip(e);
    }
    *out = ms;
    *n = k;
    return NPY_OK;
}

int npz_data_offset(NpzRead rd, void *ctx, const NpzMember *m, uint64_t *off, NpyError *e)
{
    unsigned char h[30];
    if (!rd(ctx, m->local, h, 30) || get(h, 4) != 0x04034b50) return bad_zip(e);
    *off = m->local + 30 + get(h + 26, 2) + get(h + 28, 2);
    return NPY_OK;
}

/* The first n bytes of member m, uncompressed, into buf: how many there are (at most n). */
static size_t member_prefix(NpzRead rd, void *ctx, const NpzMember *m, uint64_t off, unsigned char *buf,
                            size_t n)
{
    if (m->method == 0) {
        size_t k = m->usize < n ? (size_t)m->usize : n;
        return rd(ctx, off, buf, k) ? k : 0;
    }
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK) return 0;
    unsigned char in[16384];
    uint64_t left = m->csize;
    z.next_out = buf;
    z.avail_out = (uInt)n;
    int rc = Z_OK;
    while (z.avail_out > 0 && rc == Z_OK) {
        if (z.avail_in == 0) {
            size_t k = left < sizeof in ? (size_t)left : sizeof in;
            if (k == 0 || !rd(ctx, off, in, k)) break;
            off += k;
            left -= k;
            z.next_in = in;
            z.avail_in = (uInt)k;
        }
        rc = inflate(&z, Z_NO_FLUSH);
    }
    size_t got = n - z.avail_out;
    inflateEnd(&z);
    return got;
}

int npz_member_header(NpzRead rd, void *ctx, const NpzMember *m, NpyHeader *h, NpyError *e)
{
    if (m->method != 0 && m->method != 8) {
        snprintf(e->exc, sizeof e->exc, "NotImplementedError");
        snprintf(e->msg, sizeof e->msg, "That compression method is not supported");
        return NPY_ERR;
    }
    uint64_t off;
    if (npz_data_offset(rd, ctx, m, &off, e) != NPY_OK) return NPY_ERR;
    size_t cap = 4096;
    for (;;) {
        unsigned char *buf = malloc(cap);
        if (!buf) abort();
        size_t got = member_prefix(rd, ctx, m, off, buf, cap);
        size_t need;
        int rc = npy_parse_header(buf, got, got < cap, h, &need, e);
        free(buf);
        if (rc != NPY_MORE) return rc;
        while (cap < need) cap *= 2;
    }
}

size_t npz_local_header(unsigned char *out, const char *name, int method, uint32_t crc, uint64_t csize,
                        uint64_t usize, uint16_t dos_time, uint16_t dos_date)
{
    size_t nl = strlen(name);
    put(out, 0x04034b50, 4);
    put(out + 4, 20, 2); /* version needed: 2.0 */
    put(out + 6, 0, 2); /* flags */
    put(out + 8, (uint64_t)method, 2);
    put(out + 10, dos_time, 2);
    put(out + 12, dos_date, 2);
    put(out + 14, crc, 4);
    put(out + 18, csize, 4);
    put(out + 22, usize, 4);
    put(out + 26, nl, 2);
    put(out + 28, 0, 2);
    memcpy(out + 30, name, nl);
    return 30 + nl;
}

size_t npz_central_entry(unsigned char *out, const NpzMember *m, uint16_t dos_time, uint16_t dos_date)
{
    size_t nl = strlen(m->name);
    put(out, 0x02014b50, 4);
    put(out + 4, 0x0314, 2); /* made by: Unix, 2.0 */
    put(out + 6, 20, 2);
    put(out + 8, 0, 2);
    put(out + 10, (uint64_t)m->method, 2);
    put(out + 12, dos_time, 2);
    put(out + 14, dos_date, 2);
    put(out + 16, m->crc, 4);
    put(out + 20, m->csize, 4);
    put(out + 24, m->usize, 4);
    put(out + 28, nl, 2);
    put(out + 30, 0, 2); /* extra */
    put(out + 32, 0, 2); /* comment */
    put(out + 34, 0, 2); /* disk */
    put(out + 36, 0, 2); /* internal attributes */
    put(out + 38, (uint64_t)0600 << 16, 4); /* external: rw------- as zipfile.open('w') makes it */
    put(out + 42, m->local, 4);
    memcpy(out + 46, m->name, nl);
    return 46 + nl;
}

size_t npz_end_record(unsigned char *out, int nmembers, uint64_t dir_size, uint64_t dir_offset)
{
    put(out, 0x06054b50, 4);
    put(out + 4, 0, 2);
    put(out + 6, 0, 2);
    put(out + 8, (uint64_t)nmembers, 2);
    put(out + 10, (uint64_t)nmembers, 2);
    put(out + 12, dir_size, 4);
    put(out + 16, dir_offset, 4);
    put(out + 20, 0, 2);
    return 22;
}
