/*
 * txtfmt.h — text tables read as NumPy 1.24's loadtxt, genfromtxt and fromfile(sep=) read them,
 * in plain C (no CUDA, no global state).  The runtime (runtime/txtio.c) parses a file's text
 * into values; the compiler (lower/api/txtio.c) counts the rows and columns of a constant
 * path's file to give the result its static ndim.
 */
#ifndef GPYC_TXTFMT_H
#define GPYC_TXTFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "npyfmt.h"

/* Which reader: loadtxt's rules, genfromtxt's (bad or missing fields filled), or fromfile's
 * items separated by sep. */
typedef enum TxtMode { TXT_LOADTXT, TXT_GENFROMTXT, TXT_SEP } TxtMode;

/* What each field becomes: a double, an int64 (uint64 bits for TXT_U64), a bool (one byte),
 * two doubles (complex), or nothing (rows and columns counted only). */
typedef enum TxtKind { TXT_F64, TXT_I64, TXT_U64, TXT_BOOL, TXT_C128, TXT_COUNT } TxtKind;

typedef struct TxtOpts {
    TxtMode mode;
    TxtKind kind;
    const char *dtname; /* the result dtype's NumPy name, for messages */
    const char *delim; /* NULL or "": whitespace (loadtxt's None); TXT_SEP: the separator */
    const char *comments; /* markers separated by '\x1f'; NULL or "": none */
    const char *missing; /* genfromtxt: markers of missing fields besides "", '\x1f'-separated */
    int64_t skiprows; /* loadtxt skiprows, genfromtxt skip_header */
    int64_t skip_footer; /* genfromtxt */
    int64_t max_rows; /* -1: all; TXT_SEP: count */
    const int64_t *usecols;
    int nusecols; /* 0: every column */
    bool has_fill;
    double fill; /* genfromtxt filling_values */
} TxtOpts;

/* A parsed table: rows x cols values in C order, in o->kind's representation (malloc'ed; free
 * it).  TXT_SEP: one row. */
typedef struct TxtTable {
    int64_t rows, cols;
    void *data;
} TxtTable;

/* Parses text[0..n).  NPY_OK: *t filled.  NPY_ERR: *e holds what NumPy raises (ValueError
 * with its words). */
int txt_parse(const char *text, size_t n, const TxtOpts *o, TxtTable *t, NpyError *e);

/* The shape NumPy gives a rows x cols table after its squeeze and ndmin (0, 1 or 2): 0 to 2
 * dimensions into ndim and shape. */
void txt_shape(int64_t rows, int64_t cols, int ndmin, int *ndim, int64_t shape[2]);

/* Bytes per value of kind. */
size_t txt_kind_size(TxtKind kind);

#endif
