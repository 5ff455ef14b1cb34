/*
 * npyfmt.h — the .npy header, read and written exactly as NumPy's numpy/lib/format.py does, in
 * plain C (no CUDA, no allocation that outlives a call, no global state).  The one source file
 * that the runtime (runtime/npyio.c: cp.load, cp.save) and the compiler (lower/api/npyio.c:
 * the dtype and ndim of a constant path's array at compile time) both link.
 *
 * Dtypes are named by NumPy's names ("float32"), which both sides map to their own enums.
 */
#ifndef GPYC_NPYFMT_H
#define GPYC_NPYFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NPY_MAXDIM 64 /* NumPy 2's limit; the caller checks its own */
#define NPY_MAX_HEADER 10000 /* numpy.load's max_header_size (characters) */
#define NPY_PREFIX_MAX 12 /* magic, version and the header length field */

/* What a header says. */
typedef struct NpyHeader {
    int major, minor; /* format version: 1.0, 2.0 or 3.0 */
    const char *dtype; /* NumPy's name: "bool", "int8" ... "complex128" */
    int itemsize;
    bool swap; /* the data is big-endian and has items of more than a byte */
    bool fortran;
    int ndim;
    int64_t shape[NPY_MAXDIM];
    int64_t size; /* product of shape (1 for 0-d; negative with a -1 until npy_check_data) */
    size_t data_offset; /* bytes before the data */
} NpyHeader;

/* An error as Python reports it: the exception's name and its message (NumPy's words). */
typedef struct NpyError {
    char exc[48];
    char msg[16384];
} NpyError;

enum { NPY_OK = 0, NPY_ERR = -1, NPY_MORE = 1 };

/* Parses a .npy header from the first n bytes of a file.  NPY_OK: *h filled.  NPY_MORE: the
 * file may be longer than n: read *need bytes in all and call again (a file of exactly n
 * bytes is then short: call with at_eof).  NPY_ERR: *e filled with what numpy.load raises. */
int npy_parse_header(const unsigned char *buf, size_t n, bool at_eof, NpyHeader *h, size_t *need,
                     NpyError *e);

/* After the header: data_bytes bytes follow it in the file.  NPY_OK when they hold the whole
 * array (more is ignored, as NumPy does; a -1 dimension becomes what the data holds), else
 * NPY_ERR with NumPy's reshape error. */
int npy_check_data(NpyHeader *h, uint64_t data_bytes, NpyError *e);

/* The header NumPy 1.24-2.x writes for an array of dtype (NumPy's name), order and shape:
 * version 1.0, padded to a multiple of 64 bytes.  Writes at most cap bytes; returns the full
 * length (0 for an unknown dtype). */
size_t npy_write_header(char *out, size_t cap, const char *dtype, bool fortran, int ndim,
                        const int64_t *shape);

/* The byte-order-free descriptor of a NumPy dtype name ("<f4", "|b1"), or NULL. */
const char *npy_descr(const char *dtype);

#endif
