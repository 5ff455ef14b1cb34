/*
 * npzfmt.h — .npz archives (zip files of .npy members, as numpy.savez writes them): the zip
 * directory read, a member's .npy header read (stored or deflated: zlib), and the zip records
 * written.  Plain C and zlib, like npyfmt.h: the runtime (runtime/npyio.c) and the compiler
 * (cp.load of an .npz at compile time) both link it.
 */
#ifndef GPYC_NPZFMT_H
#define GPYC_NPZFMT_H

#include "npyfmt.h"

/* Reads n bytes at offset off of the archive into buf: false when they are not all there. */
typedef bool (*NpzRead)(void *ctx, uint64_t off, void *buf, size_t n);

typedef struct NpzMember {
    char name[256]; /* the member's name in the archive ("x.npy") */
    int method; /* 0 stored, 8 deflated */
    uint32_t crc;
    uint64_t csize, usize; /* compressed and uncompressed sizes */
    uint64_t local; /* offset of its local header */
} NpzMember;

/* True when the first bytes of a file (at least 4) are a zip archive's, as numpy.load tells. */
bool npz_is_zip(const unsigned char *b, size_t n);

/* The archive's members from its central directory: *out (malloc'd; free it) and *n.  NPY_ERR
 * with zipfile's words (BadZipFile: File is not a zip file) when it is not a readable zip. */
int npz_members(NpzRead rd, void *ctx, uint64_t fsize, NpzMember **out, int *n, NpyError *e);

/* Where member m's bytes start in the archive (after its local header). */
int npz_data_offset(NpzRead rd, void *ctx, const NpzMember *m, uint64_t *off, NpyError *e);

/* The .npy header at the start of member m: *h (data_offset counts from the member's
 * uncompressed start).  Deflated members are inflated as far as the header needs. */
int npz_member_header(NpzRead rd, void *ctx, const NpzMember *m, NpyHeader *h, NpyError *e);

/* The zip records numpy.savez writes around a member and at the end (no zip64: members and
 * archives under 4 GiB), little-endian; each returns its length.  dos_time/dos_date: the
 * member's modification time in MS-DOS form. */
size_t npz_local_header(unsigned char *out, const char *name, int method, uint32_t crc, uint64_t csize,
                        uint64_t usize, uint16_t dos_time, uint16_t dos_date);
size_t npz_central_entry(unsigned char *out, const NpzMember *m, uint16_t dos_time, uint16_t dos_date);
size_t npz_end_record(unsigned char *out, int nmembers, uint64_t dir_size, uint64_t dir_offset);

#endif
