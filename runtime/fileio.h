/*
 * fileio.h — what the runtime's file readers and writers share (npyio.c defines it, txtio.c
 * uses it too): Python's OSError for a path, and outputs written to a temporary file renamed
 * over the destination.
 */
#ifndef GPYC_FILEIO_H
#define GPYC_FILEIO_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Python's OSError for errno err on path: FileNotFoundError: [Errno 2] No such file or
 * directory: 'x.npy'. */
void rt_raise_os(int err, const char *path) __attribute__((noreturn));
/* Opens path for reading: the descriptor and its size (OSError as Python's). */
int rt_open_in(const char *path, uint64_t *size);
/* An output file being written: f, and the temporary file renamed over path at the end. */
typedef struct RtOutFile {
    FILE *f;
    const char *path;
    char *real;
    char tmp[PATH_MAX + 32]; /* "" when written in place */
} RtOutFile;
/* Starts writing path: a temporary file beside it (in place for a device or a fifo). */
void rt_out_open(RtOutFile *o, const char *path);
/* Ends writing: with ok, the temporary file renamed over the destination; else (or when that
 * fails) removed, and OSError err raised. */
void rt_out_close(RtOutFile *o, bool ok, int err);

#endif
