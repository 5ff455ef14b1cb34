/*
 * internal.h — what the runtime's own files share (errors.c, array.c, views.c, host.c, list.c,
 * format.c, print.c, ...).  Not part of the contract with generated code: gpyrt.h is.
 *
 * Sections, one per file that defines them: errors.c · exit.c · graph.c · array.c · views.c · streams.c ·
 * host.c · list.c · format.c · print.c · cccl.cu · blas_int.cu · solver_kernels.cu.
 */
#ifndef GPYRT_INTERNAL_H
#define GPYRT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "gpyrt.h"
#include "libgpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- errors.c */
/* Tests replace rt_raise's printing and exit: the hook receives the exception name and the
 * formatted message and is expected to longjmp out (if it returns, rt_raise prints and exits
 * as usual).  NULL restores the default. */
typedef void (*rt_raise_hook_fn)(const char *exc, const char *msg);
void rt_set_raise_hook(rt_raise_hook_fn hook);
/* The script name given to rt_init ("script.py" before rt_init). */
const char *rt_script_name(void);
/* argc/argv as given to rt_init. */
int rt_saved_argc(void);
char **rt_saved_argv(void);
/* Allocation that never returns NULL: MemoryError (a Python-style traceback) instead.
 * Use for all host memory the runtime allocates. */
void *rt_xmalloc(size_t n);
void *rt_xcalloc(size_t n, size_t size);
void *rt_xrealloc(void *p, size_t n);
/* Records the current stack as that of the last launch of the program's kernels (kernels.c,
 * after each successful launch): rt_raise traces a kernel's fault there. */
void rt_note_launch(void);

/* ---------------------------------------------------------------- exit.c */
/* Registers fn(arg) to release a resource that lives to the program's end (exit.c's comment):
 * one call per file, when it makes its first such resource.  fn may run with the device in an
 * error state: it ignores every status and never raises. */
void rt_at_exit(void (*fn)(void *arg), void *arg);
/* After a synchronisation: raises the ValueError of a masked max/min over an empty selection
 * that the device flagged (rt_reduce_flag_empty), if any. */
void rt_reduce_raise_flagged(void);
/* Runs the registered releases, latest first, then gpu_shutdown(all): rt_finish (all false),
 * rt_sys_exit and rt_raise (all true: every live allocation is freed too).  Once; later calls
 * do nothing. */
void rt_exit_release(bool all);
/* rt_init: SIGINT and SIGTERM end the program through the runtime's signal thread. */
void rt_signals_init(void);

/* ---------------------------------------------------------------- graph.c */
/* Ends a graph capture in progress, if any, throwing it away (rt_raise calls it first). */
void rt_graph_abort(void);
/* rt_launch's question during a loop capture: false once the capture has recorded more than
 * GPYRT_GRAPH_LAUNCH_MAX launches (it will be thrown away: the launch need not be recorded). */
bool rt_graph_note_launch(void);
/* What GPYRT_STATS=1 reports: graphs captured, graph launches, captures thrown away, graphs
 * replayed without a capture (rt_graph_replay). */
void rt_graph_stats(uint64_t *captures, uint64_t *launches, uint64_t *fallbacks, uint64_t *reuses);

/* The product of d[0..n-1] (1 for n == 0): an element count from shape entries. */
static inline int64_t rt_prod(const int64_t *d, int n)
{
    int64_t p = 1;
    for (int i = 0; i < n; i++) p *= d[i];
    return p;
}

/* ---------------------------------------------------------------- array.c */
/* The device allocation behind arrays: from gpu_malloc, freed with gpu_free when the last
 * array holding it releases it. */
struct gp_buffer {
    int refcnt;
    char *base;
    size_t nbytes;
};
/* The byte range [*lo, *hi) relative to a->data that a's elements span (lo <= 0 with
 * negative strides).  Both 0 for an empty array. */
void rt_array_extent(const gp_array *a, int64_t *lo, int64_t *hi);
/* rt_to_host of a uint8 array whose last axis holds each element's bytes (a structured
 * array), reading only the bytes [lo[i], hi[i]) of each element (its fields, not the padding
 * between them, which nothing may have written: numpy.empty); dst's other bytes are left as
 * they are.  One 2-D copy per range when the elements are equally spaced (C order, a field's
 * view), else the whole of a.  Synchronises. */
void rt_to_host_ranges(const gp_array *a, int n, const int64_t *lo, const int64_t *hi, void *dst);
/* Copies src's elements into dst (same dtype and shape, any strides) on rt_stream(). */
void rt_strided_copy(gp_array *dst, const gp_array *src);
/* Host conversions of one element stored at p with dtype d (host memory). */
double rt_half_to_f64(uint16_t h);
uint16_t rt_f64_to_half(double v);
double rt_elem_f64(const void *p, gp_dtype d);          /* complex: the real part */
int64_t rt_elem_i64(const void *p, gp_dtype d);         /* floats truncate; uint64 wraps */
void rt_elem_c128(const void *p, gp_dtype d, double *re, double *im);
bool rt_elem_bool(const void *p, gp_dtype d);           /* nonzero (NaN is true) */
bool rt_dtype_is_complex(gp_dtype d);
bool rt_dtype_is_float(gp_dtype d);                     /* float16/32/64 */

/* array_kernels.cu: strided copy of n elements of esize bytes (1, 2, 4, 8 or 16) over shape;
 * byte strides for source and destination. */
void rt_launch_strided_copy(char *dst, const int64_t *dst_st, const char *src,
                            const int64_t *src_st, int ndim, const int64_t *shape, int64_t n,
                            size_t esize, cudaStream_t stream);

/* ---------------------------------------------------------------- views.c */
/* Writes a shape tuple into buf (always NUL-terminated).  compact: NumPy's error-message form
 * "(2,3)" / "(3,)" / "()", with -1 printed "newaxis" and leading -1s dropped as NumPy's
 * reshape error does ("(3)" for (-1, 3)); otherwise Python's tuple repr "(2, 3)". */
void rt_shape_fmt(char *buf, size_t cap, int ndim, const int64_t *shape, bool compact);
/* Byte strides that view a's elements with shape nshape (no -1) without a copy, as NumPy's
 * reshape finds them; false when the layout needs a copy. */
bool rt_reshape_view_strides(const gp_array *a, int nnd, const int64_t *nshape, int64_t *nst);
/* C-contiguous byte strides for shape. */
void rt_c_strides(int ndim, const int64_t *shape, size_t itemsize, int64_t *strides);

/* ---------------------------------------------------------------- streams.c */
/* A library's handles (cuBLAS in blas.c, cuSOLVER in solver.c), one per stream: make() creates
 * a handle bound to s at the first call on that stream; with more streams than
 * RT_STREAM_HANDLES, the oldest handle is rebound to the new stream by bind(); at exit drop()
 * destroys each (with its workspace), ignoring the status.  Zero n and slot when defining one. */
#define RT_STREAM_HANDLES 16
/* The CUDA stream of a Stream object's handle (0: Stream.null). */
cudaStream_t rt_stream_of(int64_t h);
typedef struct rt_stream_handles {
    void *(*make)(cudaStream_t s);
    void (*bind)(void *handle, cudaStream_t s);
    void (*drop)(void *handle);
    int n;
    struct {
        cudaStream_t stream;
        void *handle;
    } slot[RT_STREAM_HANDLES];
} rt_stream_handles;
/* t's handle bound to rt_stream() (gpu_init first). */
void *rt_stream_handle(rt_stream_handles *t);
/* t's handle bound to s (what rt_stream_handle does once the stream is known). */
void *rt_stream_handle_for(rt_stream_handles *t, cudaStream_t s);

/* ---------------------------------------------------------------- host.c */
/* Runtime-owned string storage (one arena for the program's lifetime). */
char *rt_str_alloc(size_t n);                      /* n bytes, uninitialised */
const char *rt_str_dup(const char *s, size_t len); /* copies len bytes and adds a NUL */

/* ---------------------------------------------------------------- list.c */
/* Python's repr() of a str: 'abc', "it's", '\n' escapes. */
void rt_sb_str_repr(gp_sb *sb, const char *s);

/* ---------------------------------------------------------------- format.c */
void rt_sb_putn(gp_sb *sb, const char *s, size_t n);
void rt_sb_write(gp_sb *sb, const char *end, FILE *f); /* sb, then end, to f; sb emptied */
void rt_sb_pad(gp_sb *sb, char c, int64_t n);               /* n copies of c (n <= 0: none) */
void rt_sb_printf(gp_sb *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rt_sb_fmt_u64(gp_sb *sb, uint64_t v, const char *spec);   /* format() of a uint64 */
/* Decimal digits of |v|: v = 0.D1D2...Dn x 10^decpt (zero: "0", decpt 1). */
#define RT_MAXDIGITS 800
typedef struct RtDigits {
    bool neg;                  /* sign bit of v */
    int n, decpt;
    char d[RT_MAXDIGITS + 2];
} RtDigits;
typedef enum RtFloatKind { RT_F16, RT_F32, RT_F64 } RtFloatKind;
/* Shortest digits that read back as v (finite) in its kind, closest to v among those
 * (CPython's repr and NumPy's Dragon4 in unique mode). */
void rt_digits_shortest(double v, RtFloatKind kind, RtDigits *r);
/* |v| correctly rounded to nsig (1..RT_MAXDIGITS) significant digits, zeros kept. */
void rt_digits_sig(double v, int nsig, RtDigits *r);
/* |v| correctly rounded to nfrac fractional digits (zero: "0", decpt 1). */
void rt_digits_frac(double v, int nfrac, RtDigits *r);

/* ---------------------------------------------------------------- print.c */
/* NumPy's str() (repr false) or repr() of an array held in host memory in C order.  The
 * whole of NumPy's printing works on host memory; rt_sb_array_str/repr copy to the host and
 * call this. */
void rt_format_array_host(gp_sb *sb, gp_dtype dt, int ndim, const int64_t *shape,
                          const void *host, bool repr);
/* NumPy's print options; floatmode is an RT_FM_* (NumPy's names in that order). */
enum { RT_FM_FIXED, RT_FM_UNIQUE, RT_FM_MAXPREC, RT_FM_MAXPREC_EQUAL };
typedef struct RtPrintOpts {
    int precision;
    int64_t edgeitems, linewidth;
    double threshold;
    bool suppress;
    char sign; /* '-', '+' or ' ' */
    int floatmode;
} RtPrintOpts;
/* array2string (with sep, and the lengths of prefix and suffix), array_str or array_repr
 * (kind) of a host array in C order under options o. */
void rt_array_text_host(gp_sb *sb, const RtPrintOpts *o, gp_text_kind kind, gp_dtype dt, int ndim,
                        const int64_t *shape, const void *host, const char *sep, const char *prefix,
                        const char *suffix);
/* str() of the NumPy scalar of dtype dt stored at p (str of a 0-d array). */
void rt_sb_np_scalar(gp_sb *sb, gp_dtype dt, const void *p);
/* format(x, spec) of the NumPy scalar at p, as NumPy's generic __format__: the value is
 * converted to the Python bool/int/float/complex first (float32 0.1 -> 0.10000000149011612). */
void rt_fmt_np_scalar(gp_sb *sb, gp_dtype dt, const void *p, const char *spec);

/* ---------------------------------------------------------------- cccl.cu */
/* THRUST_VERSION and CUB_VERSION of the headers this runtime was built with (show_config). */
int64_t rt_thrust_version(void);
int64_t rt_cub_version(void);

/* ---------------------------------------------------------------- blas_int.cu */
/* c (contiguous batch x M x N) = a · b for bool and integer dtypes; operands are read through
 * element strides (row, column, batch). */
void rt_launch_matmul_int(gp_dtype dt, int64_t batch, int64_t M, int64_t N, int64_t K, const char *a,
                          int64_t ars, int64_t acs, int64_t abs_, const char *b, int64_t brs,
                          int64_t bcs, int64_t bbs, char *c, cudaStream_t s);
/* Sets element [q, j, j] of each matrix of a contiguous batch x n x n array to 1. */
void rt_launch_set_diag_one(gp_dtype dt, char *c, int64_t batch, int64_t n, cudaStream_t s);

/* ---------------------------------------------------------------- blas_small.cu */
/* The largest inner dimension K and output side M of a product blas_small.cu computes. */
#define RT_MM_SMALL 8
/* c[q, m, n] = sum_k a[q, m, k] * b[q, k, n] for float32/64 and complex64/128, 1 <= M, K <=
 * RT_MM_SMALL: operands and result through element strides (row, column, batch), each
 * pointer aligned to the element size. */
void rt_launch_matmul_small(gp_dtype dt, int64_t batch, int64_t M, int64_t N, int64_t K, const char *a,
                            int64_t ars, int64_t acs, int64_t abs_, const char *b, int64_t brs, int64_t bcs,
                            int64_t bbs, char *c, int64_t crs, int64_t ccs, int64_t cbs, cudaStream_t s);

/* ---------------------------------------------------------------- sparse_kernels.cu */
/* p[i] = i for i < n (int32): the identity permutation sparse.c's sorts start from. */
void rt_launch_iota_i32(int *p, int64_t n, cudaStream_t s);

/* ---------------------------------------------------------------- blas.c */
/* Solves L U X = B in place for one column-major n x k B, with L (unit diagonal) and U packed
 * in the column-major n x n lu (getrf's factors, rows not swapped: the caller has applied the
 * pivots to B); dt: float32, float64, complex64 or complex128. */
void rt_blas_lu_trsm(gp_dtype dt, const char *lu, char *b, int64_t n, int64_t k);

/* ---------------------------------------------------------------- solver_kernels.cu */
/* c[q, r, k] = 0 where k > r (upper) or k < r (not upper), over a contiguous batch x rows x
 * cols array of esize-byte elements. */
void rt_launch_tri_zero(size_t esize, char *c, int64_t batch, int64_t rows, int64_t cols, bool upper,
                        cudaStream_t s);
/* What rt_launch_transpose writes of each matrix (src's row r, column k; dst's row k, column r). */
typedef enum {
    RT_TR_ALL,       /* every element */
    RT_TR_DST_LOWER, /* every element, dst's strictly upper triangle (r > k) as zeros; a 32 x 32
                      * tile wholly there reads nothing */
    RT_TR_SRC_LOWER, /* the tiles that hold some of src's lower triangle (r >= k); a tile wholly
                      * in src's strictly upper triangle is written as zeros without reading it
                      * (potrf 'L' uses no element of it; cuSOLVER's diagonal-block kernel
                      * reads some, so they must be written: initcheck) */
} RtTransposeMode;
/* dst[q, k, r] = src[q, rowmap[q * rows + r], k] (rowmap NULL: src[q, r, k]) over a
 * contiguous batch x rows x cols src of esize-byte elements into the contiguous batch x cols x
 * rows dst, as mode says.  false (nothing launched) when the tiles of a matrix exceed the
 * grid's limits (more than 65535 x 32 rows). */
bool rt_launch_transpose(size_t esize, const char *src, char *dst, int64_t batch, int64_t rows, int64_t cols,
                         RtTransposeMode mode, const int *rowmap, cudaStream_t s);
/* The largest n rt_launch_lu_perm takes (its block keeps 2 n ints in shared memory). */
#define RT_LU_PERM_MAX 4096
/* perm (batch x n int32) = the row order of each matrix's LAPACK pivots ipiv (batch x n,
 * 1-based swaps, as getrf writes them): B's pivoted rows are B[perm[i]].  false (nothing
 * launched) when n > RT_LU_PERM_MAX. */
bool rt_launch_lu_perm(const int64_t *ipiv, int *perm, int64_t batch, int64_t n, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
