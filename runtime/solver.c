/*
 * solver.c — cupy.linalg's factorisations and solvers on cuSOLVER's dense API: solve, inv,
 * det, slogdet (LU: getrf; solves apply its pivots while they transpose the right-hand sides,
 * then cuBLAS's two triangular solves, as getrs does; getrs itself for n > 4096), cholesky (potrf), qr (geqrf, orgqr/ungqr), eigh and
 * eigvalsh (syevd/heevd), svd (gesvd), eigvals and roots (geev: the eigenvalues of a general
 * matrix, complex as CuPy's eigvals gives them, for real matrices too).  The compiler builds matrix_rank, pinv and norm's
 * spectral orders from these (lower/api/solver.c, lower/api/linalg.c).
 *
 * Layout.  cuSOLVER is column-major.  A C-contiguous array of shape (..., c, r) holds, per
 * matrix, an r x c column-major matrix with leading dimension r; so colmajor(x) (swap the last
 * two axes, then copy) gives each matrix of x column-major, and the same swap-and-copy turns a
 * column-major result back into a row-major array.  Each routine factors the matrix LAPACK
 * factors for NumPy (A itself, column-major), so that pivoting, and with it which matrices are
 * exactly singular, is NumPy's.  One place reads a row-major copy as the column-major
 * transpose instead: svd of a wide matrix (gesvd needs
 * rows >= cols: the column-major A^T = U' S VT' gives A = VT'^T S U'^T, and the row-major
 * readings of VT' and U' are A's U and Vh).
 *
 * Batches: the leading dimensions are looped over on the host, one cuSOLVER call per matrix,
 * with one workspace (the largest query) and one device info word per matrix, read back once
 * after the loop (that synchronises) and checked in batch order: the first failing matrix
 * raises numpy.linalg.LinAlgError with NumPy's text (getrs, which cannot fail on data, is not
 * read back).  Workspaces are freed after that read-back
 * (cuSOLVER may use a host workspace until the stream reaches it).
 *
 * Invariants: inputs arrive in the computation dtype (float32/64, complex64/128: the compiler
 * casts) with ndim >= 2 (solve's b: ndim >= 1), borrowed; every output is a new C-contiguous
 * array.  One cuSOLVER handle per stream, created at first use and bound to rt_stream().
 * Workspaces come from the pool (gpu_malloc) and go back before returning.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cusolverDn.h>

#include "internal.h"

/* ---------------------------------------------------------------- handles */

static void *solver_make(cudaStream_t s)
{
    cusolverDnHandle_t h;
    CHECK_CUSOLVER(cusolverDnCreate(&h));
    CHECK_CUSOLVER(cusolverDnSetStream(h, s));
    return h;
}

static void solver_bind(void *h, cudaStream_t s) { CHECK_CUSOLVER(cusolverDnSetStream((cusolverDnHandle_t)h, s)); }

static void solver_drop(void *h) { (void)cusolverDnDestroy((cusolverDnHandle_t)h); }

static rt_stream_handles solver_handles = {.make = solver_make, .bind = solver_bind, .drop = solver_drop};

/* The cuSOLVER handle bound to the current stream (created at the first call on it). */
static cusolverDnHandle_t solver_handle(void) { return (cusolverDnHandle_t)rt_stream_handle(&solver_handles); }

/* ---------------------------------------------------------------- dtypes, shapes, buffers */

/* One computation dtype as cuSOLVER names it, with its real counterpart (eigenvalues,
 * singular values, logdet). */
typedef struct La {
    cusolverDnHandle_t h;
    cusolverDnParams_t params;
    gp_dtype dt, real;
    cudaDataType t, rt;
    size_t esz;
} La;

static La la_begin(gp_dtype dt)
{
    La l = {.dt = dt};
    switch (dt) {
    case GP_FLOAT32: l.real = GP_FLOAT32; l.t = l.rt = CUDA_R_32F; break;
    case GP_FLOAT64: l.real = GP_FLOAT64; l.t = l.rt = CUDA_R_64F; break;
    case GP_COMPLEX64: l.real = GP_FLOAT32; l.t = CUDA_C_32F; l.rt = CUDA_R_32F; break;
    case GP_COMPLEX128: l.real = GP_FLOAT64; l.t = CUDA_C_64F; l.rt = CUDA_R_64F; break;
    default: rt_raise("TypeError", "array type %s is unsupported in linalg", rt_dtype_name(dt));
    }
    l.esz = rt_dtype_size(dt);
    l.h = solver_handle();
    CHECK_CUSOLVER(cusolverDnCreateParams(&l.params));
    return l;
}

static void la_end(La *l) { CHECK_CUSOLVER(cusolverDnDestroyParams(l->params)); }

/* A workspace on the device and on the host, grown to the largest query. */
typedef struct Ws {
    void *dev, *host;
    size_t ndev, nhost;
} Ws;

static void ws_reserve(Ws *w, size_t ndev, size_t nhost)
{
    if (ndev > w->ndev) {
        if (w->dev) gpu_free(w->dev);
        w->dev = gpu_malloc(ndev);
        w->ndev = ndev;
    }
    if (nhost > w->nhost) {
        free(w->host);
        w->host = rt_xmalloc(nhost);
        w->nhost = nhost;
    }
}

static void ws_free(Ws *w)
{
    if (w->dev) gpu_free(w->dev);
    free(w->host);
    *w = (Ws){0};
}

/* One device info word per matrix, zeroed. */
static int *info_new(int64_t batch)
{
    int *d = gpu_malloc((size_t)(batch > 0 ? batch : 1) * sizeof(int));
    CHECK_CUDA(cudaMemsetAsync(d, 0, (size_t)(batch > 0 ? batch : 1) * sizeof(int), rt_stream()));
    return d;
}

/* Reads the info words back (synchronises) and frees them: the first nonzero one in batch
 * order, or 0.  A negative info is a bad argument (a bug here): RuntimeError. */
static int info_check(int *d, int64_t batch, const char *routine)
{
    int first = 0;
    if (batch > 0) {
        int *h = rt_xmalloc((size_t)batch * sizeof(int));
        CHECK_CUDA(cudaMemcpyAsync(h, d, (size_t)batch * sizeof(int), cudaMemcpyDeviceToHost, rt_stream()));
        CHECK_CUDA(cudaStreamSynchronize(rt_stream()));
        for (int64_t i = 0; i < batch && !first; i++) first = h[i];
        free(h);
    }
    gpu_free(d);
    if (first < 0) rt_raise("RuntimeError", "cuSOLVER %s: parameter %d had an illegal value", routine, -first);
    return first;
}

static void need_2d(const gp_array *a)
{
    if (a->ndim < 2)
        rt_raise("numpy.linalg.LinAlgError", "%d-dimensional array given. Array must be at least "
                 "two-dimensional", a->ndim);
}

static void need_square(const gp_array *a)
{
    need_2d(a);
    if (a->shape[a->ndim - 1] != a->shape[a->ndim - 2])
        rt_raise("numpy.linalg.LinAlgError", "Last 2 dimensions of the array must be square");
}

/* The transposes of the matrices of the contiguous x (ndim >= 2) into a new array, by the
 * tiled kernel, as mode says (RtTransposeMode); NULL when the
 * kernel does not take x (a view that is not contiguous, a matrix of more than 65535 x 32
 * rows). */
static gp_array *transposed(const gp_array *x, RtTransposeMode mode)
{
    const size_t esz = rt_dtype_size(x->dtype);
    if (!rt_is_contiguous(x) || (esz != 4 && esz != 8 && esz != 16)) return NULL;
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < x->ndim; i++) shape[i] = x->shape[i];
    const int64_t rows = shape[x->ndim - 2], cols = shape[x->ndim - 1];
    shape[x->ndim - 2] = cols;
    shape[x->ndim - 1] = rows;
    gp_array *c = rt_empty(x->dtype, x->ndim, shape);
    if (rt_launch_transpose(esz, x->data, c->data, rt_prod(x->shape, x->ndim - 2), rows, cols, mode, NULL,
                            rt_stream()))
        return c;
    rt_release(c);
    return NULL;
}

/* x with its last two axes swapped, copied: C order of the swapped shape.  Gives each matrix
 * of a row-major x column-major, and each column-major matrix back row-major.  New reference. */
static gp_array *swap_copy(const gp_array *x)
{
    gp_array *fast = transposed(x, RT_TR_ALL);
    if (fast) return fast;
    int perm[GP_MAXDIM];
    for (int i = 0; i < x->ndim; i++) perm[i] = i;
    perm[x->ndim - 2] = x->ndim - 1;
    perm[x->ndim - 1] = x->ndim - 2;
    gp_array *t = rt_transpose(x, perm);
    gp_array *c = rt_copy(t);
    rt_release(t);
    return c;
}

/* swap_copy, consuming x. */
static gp_array *swap_take(gp_array *x)
{
    gp_array *c = swap_copy(x);
    rt_release(x);
    return c;
}

/* A new C-contiguous array of shape lead[0..nl-1] + (r, c). */
static gp_array *empty_mats(gp_dtype dt, int nl, const int64_t *lead, int64_t r, int64_t c)
{
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < nl; i++) shape[i] = lead[i];
    shape[nl] = r;
    shape[nl + 1] = c;
    return rt_empty(dt, nl + 2, shape);
}

/* x (contiguous, batch of n x n) set to identity matrices. */
static void set_identity(gp_array *x, int64_t n)
{
    if (x->size == 0) return;
    gpu_init();
    CHECK_CUDA(cudaMemsetAsync(x->data, 0, (size_t)x->size * rt_dtype_size(x->dtype), rt_stream()));
    rt_launch_set_diag_one(x->dtype, x->data, x->size / (n * n), n, rt_stream());
}

/* Element p of matrix i of a contiguous batch of matrices of `elems` elements each. */
static char *mat_at(const gp_array *x, int64_t i, int64_t elems, size_t esz)
{
    return x->data + (size_t)(i * elems) * esz;
}

/* ---------------------------------------------------------------- LU: solve, inv, det, slogdet */

/* An LU factorisation on its way (lu_start): its info words, and the workspace cuSOLVER may
 * read until the stream reaches it. */
typedef struct LuRun {
    int *info;
    Ws w;
    int64_t batch;
} LuRun;

/* Launches the factorisation of each n x n column-major matrix of lu in place (P A = L U),
 * pivots into ipiv (batch x n), one info word per matrix (> 0: an exactly zero pivot); no
 * synchronisation: lu_finish reads the info words.  solve and inv launch getrs and their
 * transposes before it, so the GPU runs them while the host waits (contour_integral: one
 * idle gap per solve fewer). */
static LuRun lu_start(La *l, gp_array *lu, int64_t batch, int64_t n, int64_t *ipiv)
{
    LuRun r = {.info = info_new(batch), .batch = batch};
    size_t nd = 0, nh = 0;
    if (batch > 0 && n > 0)
        CHECK_CUSOLVER(cusolverDnXgetrf_bufferSize(l->h, l->params, n, n, l->t, lu->data, n, l->t, &nd, &nh));
    ws_reserve(&r.w, nd, nh);
    for (int64_t i = 0; i < batch && n > 0; i++)
        CHECK_CUSOLVER(cusolverDnXgetrf(l->h, l->params, n, n, l->t, mat_at(lu, i, n * n, l->esz), n, ipiv + i * n,
                                        l->t, r.w.dev, nd, r.w.host, nh, r.info + i));
    return r;
}

/* Waits for the factorisation (synchronises) and frees what it held: the first nonzero info
 * word in batch order, or 0. */
static int lu_finish(LuRun *r)
{
    int first = info_check(r->info, r->batch, "getrf");
    ws_free(&r->w);   /* after the synchronisation: cuSOLVER may read its host workspace until then */
    return first;
}

/* The solutions X of A X = B for each matrix, column-major ((..., k, n), C order): lu and ipiv
 * from lu_start (still running), b the right-hand sides (..., n, k) in any layout.  B's rows
 * are read in the pivots' order while B is transposed (one tiled kernel reads B[perm[i]]),
 * then two cuBLAS triangular solves: getrs's work without its row-swap kernel, laswp, which
 * took 0.42 ms of each of contour_integral's 2.7 ms solves on an H200 (swapping rows of a
 * column-major 600 x 1000 complex128 matrix).  An n larger than the permutation kernel takes:
 * cuSOLVER's getrs on the transpose.  Neither has a data-dependent failure (getrs's info
 * reports an illegal argument only, which the shapes here rule out), so nothing is read back:
 * no synchronisation (one per inverse fewer in contour_integral's loop). */
static gp_array *lu_solve(La *l, const gp_array *lu, const int64_t *ipiv, const gp_array *b, int64_t batch,
                          int64_t n, int64_t k)
{
    if (batch == 0 || n == 0 || k == 0 || n > RT_LU_PERM_MAX) {
        gp_array *x = swap_copy(b);
        if (batch == 0 || n == 0 || k == 0) return x;
        int *info = info_new(batch);
        for (int64_t i = 0; i < batch; i++)
            CHECK_CUSOLVER(cusolverDnXgetrs(l->h, l->params, CUBLAS_OP_N, n, k, l->t, mat_at(lu, i, n * n, l->esz),
                                            n, ipiv + i * n, l->t, mat_at(x, i, n * k, l->esz), n, info + i));
        gpu_free(info);
        return x;
    }
    gp_array *bc = rt_is_contiguous(b) ? rt_retain((gp_array *)b) : rt_copy(b);
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < b->ndim; i++) shape[i] = b->shape[i];
    shape[b->ndim - 2] = k;
    shape[b->ndim - 1] = n;
    gp_array *x = rt_empty(b->dtype, b->ndim, shape);
    int *perm = gpu_malloc((size_t)(batch * n) * sizeof(int));
    if (!rt_launch_lu_perm(ipiv, perm, batch, n, rt_stream()) ||
        !rt_launch_transpose(l->esz, bc->data, x->data, batch, n, k, RT_TR_ALL, perm, rt_stream()))
        rt_raise("RuntimeError", "gpyc runtime: lu_solve's kernels refused n = %lld", (long long)n);
    for (int64_t i = 0; i < batch; i++)
        rt_blas_lu_trsm(lu->dtype, mat_at(lu, i, n * n, l->esz), mat_at(x, i, n * k, l->esz), n, k);
    gpu_free(perm);
    rt_release(bc);
    return x;
}

static int64_t *pivots_new(int64_t batch, int64_t n)
{
    return gpu_malloc((size_t)(batch * n > 0 ? batch * n : 1) * sizeof(int64_t));
}

/* NumPy's gufunc broadcast error for solve's batch dimensions. */
static _Noreturn void solve_bcast_error(const gp_array *a, const gp_array *b)
{
    char msg[768], s[160];
    size_t n = (size_t)snprintf(msg, sizeof msg, "operands could not be broadcast together with remapped "
                                                 "shapes [original->remapped]: ");
    const gp_array *ops[2] = {a, b};
    for (int k = 0; k < 2 && n < sizeof msg; k++) {
        const gp_array *o = ops[k];
        rt_shape_fmt(s, sizeof s, o->ndim, o->shape, true);
        n += (size_t)snprintf(msg + n, sizeof msg - n, "%s->(", s);
        for (int d = 0; d < o->ndim && n < sizeof msg; d++)
            n += (size_t)(d < o->ndim - 2 ? snprintf(msg + n, sizeof msg - n, "%s%lld", d ? "," : "",
                                                      (long long)o->shape[d])
                                           : snprintf(msg + n, sizeof msg - n, "%snewaxis", d ? "," : ""));
        if (n < sizeof msg) n += (size_t)snprintf(msg + n, sizeof msg - n, ") ");
    }
    int64_t req[2] = {a->shape[a->ndim - 1], b->shape[b->ndim - 1]};
    rt_shape_fmt(s, sizeof s, 2, req, true);
    if (n < sizeof msg) snprintf(msg + n, sizeof msg - n, " and requested shape %s", s);
    rt_raise("ValueError", "%s", msg);
}

/* solve(a, b), NumPy 2: b is a vector (m) when b.ndim == 1, else a stack of matrices (m, k);
 * the batch dimensions of a and b broadcast. */
static gp_array *solve(La *l, const gp_array *a, const gp_array *b)
{
    need_square(a);
    int64_t n = a->shape[a->ndim - 1];
    bool vec = b->ndim == 1;
    int64_t bn = b->shape[vec ? 0 : b->ndim - 2];
    if (bn != n)
        rt_raise("ValueError", "%s: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                 "%s (size %lld is different from %lld)", vec ? "solve1" : "solve",
                 vec ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)", (long long)bn, (long long)n);
    int64_t k = vec ? 1 : b->shape[b->ndim - 1];
    int na = a->ndim - 2, nbb = vec ? 0 : b->ndim - 2, nl = na > nbb ? na : nbb;
    int64_t lead[GP_MAXDIM];
    for (int i = 0; i < nl; i++) {
        int ia = i - (nl - na), ib = i - (nl - nbb);
        int64_t da = ia >= 0 ? a->shape[ia] : 1, db = ib >= 0 ? b->shape[ib] : 1;
        if (da != db && da != 1 && db != 1) solve_bcast_error(a, b);
        lead[i] = da == 1 ? db : da;
    }
    int64_t batch = rt_prod(lead, nl);
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < nl; i++) shape[i] = lead[i];
    shape[nl] = n;
    shape[nl + 1] = n;
    gp_array *av = rt_broadcast_to(a, nl + 2, shape);
    gp_array *lu = swap_copy(av);
    rt_release(av);
    /* b as (..., n, k) matrices; a vector is one column */
    gp_array *bm;
    if (vec) {
        int64_t s2[2] = {n, 1}, st2[2] = {b->strides[0], 0};
        bm = rt_view(b, 2, s2, st2, b->data);
    } else {
        bm = rt_retain((gp_array *)b);
    }
    shape[nl + 1] = k;
    gp_array *bv = rt_broadcast_to(bm, nl + 2, shape);
    rt_release(bm);
    int64_t *ipiv = pivots_new(batch, n);
    LuRun run = lu_start(l, lu, batch, n, ipiv);
    /* (..., k, n): column-major n x k; a singular matrix's solution is dropped below */
    gp_array *x = lu_solve(l, lu, ipiv, bv, batch, n, k);
    rt_release(bv);
    gp_array *r;
    if (vec) {   /* (..., 1, n) holds the solution vectors contiguously: (..., n) */
        shape[nl] = n;
        r = rt_reshape(x, nl + 1, shape);
        rt_release(x);
    } else {
        r = swap_take(x);
    }
    if (lu_finish(&run) > 0) rt_raise("numpy.linalg.LinAlgError", "Singular matrix");
    gpu_free(ipiv);
    rt_release(lu);
    return r;
}

/* inv(a): solve(a, identity). */
static gp_array *inv(La *l, const gp_array *a)
{
    need_square(a);
    int64_t n = a->shape[a->ndim - 1], batch = rt_prod(a->shape, a->ndim - 2);
    gp_array *lu = swap_copy(a);
    gp_array *id = rt_empty(a->dtype, a->ndim, a->shape);
    set_identity(id, n);
    int64_t *ipiv = pivots_new(batch, n);
    LuRun run = lu_start(l, lu, batch, n, ipiv);
    gp_array *x = lu_solve(l, lu, ipiv, id, batch, n, n);   /* a singular matrix's inverse is dropped below */
    rt_release(id);
    gp_array *r = swap_take(x);
    if (lu_finish(&run) > 0) rt_raise("numpy.linalg.LinAlgError", "Singular matrix");
    gpu_free(ipiv);
    rt_release(lu);
    return r;
}

/* det (out[0], a's dtype) or slogdet (out[0] sign in a's dtype, out[1] logabsdet real) as
 * NumPy's umath_linalg computes them: from the LU factors, sign = the permutation's parity
 * times the product of d/|d| over U's diagonal, logdet = the sum of log|d|, det = sign *
 * exp(logdet); an exactly singular matrix has sign 0 and logdet -inf (det 0.0). */
static int det(La *l, const gp_array *a, bool slog, gp_array **out)
{
    need_square(a);
    int nl = a->ndim - 2;
    int64_t n = a->shape[a->ndim - 1], batch = rt_prod(a->shape, nl);
    gp_array *lu = swap_copy(a);
    int64_t *ipiv = pivots_new(batch, n);
    LuRun run = lu_start(l, lu, batch, n, ipiv);
    lu_finish(&run);   /* a zero pivot is not an error: det 0 */
    /* U's diagonals and the pivots, on the host */
    int64_t ds[2] = {batch, n}, dst[2] = {(int64_t)(n * n * l->esz), (int64_t)((n + 1) * l->esz)};
    gp_array *dv = rt_view(lu, 2, ds, dst, lu->data);
    size_t ncell = (size_t)(batch * n > 0 ? batch * n : 1);
    double *diag = rt_xcalloc(ncell, 2 * sizeof(double));
    int64_t *piv = rt_xcalloc(ncell, sizeof(int64_t));
    if (batch * n > 0) {
        char *hd = rt_xmalloc((size_t)(batch * n) * l->esz);
        rt_to_host(dv, hd);
        for (int64_t i = 0; i < batch * n; i++) rt_elem_c128(hd + (size_t)i * l->esz, l->dt, &diag[2 * i], &diag[2 * i + 1]);
        free(hd);
        CHECK_CUDA(cudaMemcpyAsync(piv, ipiv, (size_t)(batch * n) * sizeof(int64_t), cudaMemcpyDeviceToHost, rt_stream()));
        CHECK_CUDA(cudaStreamSynchronize(rt_stream()));
    }
    rt_release(dv);
    rt_release(lu);
    gpu_free(ipiv);
    bool cplx = rt_dtype_is_complex(l->dt);
    size_t resz = rt_dtype_size(l->real);
    char *hs = rt_xcalloc((size_t)(batch > 0 ? batch : 1), l->esz);     /* sign or det */
    char *hl = rt_xcalloc((size_t)(batch > 0 ? batch : 1), resz);       /* logdet */
    for (int64_t p = 0; p < batch; p++) {
        double sr = 1.0, si = 0.0, logdet = 0.0;
        for (int64_t i = 0; i < n; i++) {
            double dr = diag[2 * (p * n + i)], di = diag[2 * (p * n + i) + 1];
            if (piv[p * n + i] != i + 1) {
                sr = -sr;
                si = -si;
            }
            double m = cplx ? hypot(dr, di) : fabs(dr);
            if (m == 0.0) {
                sr = si = 0.0;
                logdet = -INFINITY;
                break;
            }
            double ur = dr / m, ui = di / m, t = sr * ur - si * ui;
            si = sr * ui + si * ur;
            sr = t;
            logdet += log(m);
        }
        if (!slog) {   /* det = sign * exp(logdet) */
            double e = exp(logdet);
            sr *= e;
            si *= e;
        }
        char *ps = hs + (size_t)p * l->esz, *pl = hl + (size_t)p * resz;
        switch (l->dt) {
        case GP_FLOAT32: *(float *)ps = (float)sr; break;
        case GP_FLOAT64: *(double *)ps = sr; break;
        case GP_COMPLEX64: ((float *)ps)[0] = (float)sr; ((float *)ps)[1] = (float)si; break;
        default: ((double *)ps)[0] = sr; ((double *)ps)[1] = si; break;
        }
        if (l->real == GP_FLOAT32) *(float *)pl = (float)logdet;
        else *(double *)pl = logdet;
    }
    out[0] = rt_from_host(l->dt, nl, a->shape, hs);
    if (slog) out[1] = rt_from_host(l->real, nl, a->shape, hl);
    free(hs);
    free(hl);
    free(diag);
    free(piv);
    return slog ? 2 : 1;
}

/* ---------------------------------------------------------------- cholesky */

/* cholesky(a): the lower L with a = L L^H, from the lower triangle of a.  potrf 'L' on the
 * column-major copy reads that triangle and leaves L in it; the transpose back (the tiled
 * kernel) writes L row-major with zeros above the diagonal, where the column-major matrix
 * holds a's values (or zeros).  The lower factorisation is meant as cuSOLVER's faster form: CuPy's
 * potrf 'U' on the row-major copy (what this did before, with no transpose) took 15 ms of
 * NPBench cholesky2's 8000 x 8000, JAX's 8 ms.  The copy reads only the tiles that hold some
 * of a's lower triangle (RT_TR_SRC_LOWER: the others become zeros), and the transpose back
 * reads only the tiles that hold some of L (RT_TR_DST_LOWER): of the 8000 x 8000 float64,
 * 0.5 GB of traffic less. */
static gp_array *cholesky(La *l, const gp_array *a)
{
    need_square(a);
    int64_t n = a->shape[a->ndim - 1], batch = rt_prod(a->shape, a->ndim - 2);
    gp_array *x = transposed(a, RT_TR_SRC_LOWER);
    if (!x) x = swap_copy(a);
    int *info = info_new(batch);
    Ws w = {0};
    size_t nd = 0, nh = 0;
    if (batch > 0 && n > 0)
        CHECK_CUSOLVER(cusolverDnXpotrf_bufferSize(l->h, l->params, CUBLAS_FILL_MODE_LOWER, n, l->t, x->data,
                                                   n, l->t, &nd, &nh));
    ws_reserve(&w, nd, nh);
    for (int64_t i = 0; i < batch && n > 0; i++)
        CHECK_CUSOLVER(cusolverDnXpotrf(l->h, l->params, CUBLAS_FILL_MODE_LOWER, n, l->t,
                                        mat_at(x, i, n * n, l->esz), n, l->t, w.dev, nd, w.host, nh,
                                        info + i));
    int r = info_check(info, batch, "potrf");
    ws_free(&w);
    if (r > 0) rt_raise("numpy.linalg.LinAlgError", "Matrix is not positive definite");
    gp_array *low = transposed(x, RT_TR_DST_LOWER);
    if (low) {
        rt_release(x);
        return low;
    }
    low = swap_take(x);
    rt_launch_tri_zero(l->esz, low->data, batch, n, n, true, rt_stream());
    return low;
}

/* ---------------------------------------------------------------- qr */

/* orgqr / ungqr (typed API): the first nq columns of Q from k reflectors, in place. */
static void orgqr(La *l, char *q, int64_t m, int64_t nq, int64_t k, const char *tau, Ws *w, int *info)
{
    int M = (int)m, N = (int)nq, K = (int)k, lwork = 0;
    switch (l->dt) {
    case GP_FLOAT32:
        CHECK_CUSOLVER(cusolverDnSorgqr_bufferSize(l->h, M, N, K, (float *)q, M, (const float *)tau, &lwork));
        ws_reserve(w, (size_t)lwork * l->esz, 0);
        CHECK_CUSOLVER(cusolverDnSorgqr(l->h, M, N, K, (float *)q, M, (const float *)tau, w->dev, lwork, info));
        break;
    case GP_FLOAT64:
        CHECK_CUSOLVER(cusolverDnDorgqr_bufferSize(l->h, M, N, K, (double *)q, M, (const double *)tau, &lwork));
        ws_reserve(w, (size_t)lwork * l->esz, 0);
        CHECK_CUSOLVER(cusolverDnDorgqr(l->h, M, N, K, (double *)q, M, (const double *)tau, w->dev, lwork, info));
        break;
    case GP_COMPLEX64:
        CHECK_CUSOLVER(cusolverDnCungqr_bufferSize(l->h, M, N, K, (cuComplex *)q, M, (const cuComplex *)tau, &lwork));
        ws_reserve(w, (size_t)lwork * l->esz, 0);
        CHECK_CUSOLVER(cusolverDnCungqr(l->h, M, N, K, (cuComplex *)q, M, (const cuComplex *)tau, w->dev, lwork, info));
        break;
    default:
        CHECK_CUSOLVER(cusolverDnZungqr_bufferSize(l->h, M, N, K, (cuDoubleComplex *)q, M,
                                                   (const cuDoubleComplex *)tau, &lwork));
        ws_reserve(w, (size_t)lwork * l->esz, 0);
        CHECK_CUSOLVER(cusolverDnZungqr(l->h, M, N, K, (cuDoubleComplex *)q, M, (const cuDoubleComplex *)tau, w->dev,
                                        lwork, info));
        break;
    }
}

static void check_int_dim(int64_t v)
{
    if (v > INT_MAX)
        rt_raise("ValueError", "matrix dimension %lld is too large for cuSOLVER's qr (at most %d)", (long long)v,
                 INT_MAX);
}

/* The first `rows` rows of each row-major matrix of the column-major buffer f (shape
 * (..., n, m): m x n matrices), copied, with the strictly lower triangle zeroed: R. */
static gp_array *upper_rows(La *l, const gp_array *f, int64_t rows)
{
    int nd = f->ndim;
    int64_t m = f->shape[nd - 1], n = f->shape[nd - 2], batch = rt_prod(f->shape, nd - 2);
    int64_t shape[GP_MAXDIM], st[GP_MAXDIM];
    for (int i = 0; i < nd - 2; i++) {
        shape[i] = f->shape[i];
        st[i] = f->strides[i];
    }
    shape[nd - 2] = rows;
    shape[nd - 1] = n;
    st[nd - 2] = (int64_t)l->esz;
    st[nd - 1] = m * (int64_t)l->esz;
    gp_array *v = rt_view(f, nd, shape, st, f->data);
    gp_array *r = rt_copy(v);
    rt_release(v);
    rt_launch_tri_zero(l->esz, r->data, batch, rows, n, false, rt_stream());
    return r;
}

/* qr(a, mode): Householder QR (geqrf) of A column-major; R from its upper triangle, Q from
 * the reflectors (orgqr/ungqr): reduced Q (m, k), R (k, n); complete Q (m, m), R (m, n);
 * 'r' R (k, n) only; k = min(m, n). */
static int qr(La *l, const gp_array *a, int mode, gp_array **out)
{
    need_2d(a);
    int nl = a->ndim - 2;
    int64_t m = a->shape[nl], n = a->shape[nl + 1], k = m < n ? m : n, batch = rt_prod(a->shape, nl);
    gp_array *f = swap_copy(a);   /* (..., n, m): column-major m x n */
    gp_array *tau = empty_mats(l->dt, nl, a->shape, 1, k > 0 ? k : 1);
    int *info = info_new(batch);
    Ws w = {0};
    size_t nd = 0, nh = 0;
    bool work = batch > 0 && k > 0;
    if (work)
        CHECK_CUSOLVER(cusolverDnXgeqrf_bufferSize(l->h, l->params, m, n, l->t, f->data, m, l->t, tau->data, l->t,
                                                   &nd, &nh));
    ws_reserve(&w, nd, nh);
    for (int64_t i = 0; i < batch && work; i++)
        CHECK_CUSOLVER(cusolverDnXgeqrf(l->h, l->params, m, n, l->t, mat_at(f, i, m * n, l->esz), m, l->t,
                                        mat_at(tau, i, k, l->esz), l->t, w.dev, nd, w.host, nh, info + i));
    info_check(info, batch, "geqrf");
    int nout = 0;
    gp_array *r = upper_rows(l, f, mode == GP_QR_COMPLETE ? m : k);
    if (mode != GP_QR_R) {
        int64_t nq = mode == GP_QR_COMPLETE ? m : k;   /* columns of Q */
        gp_array *q;                                    /* (..., nq, m): column-major m x nq */
        if (nq <= n) {   /* Q overwrites the first nq columns of f */
            q = rt_retain(f);
        } else {         /* complete with m > n: an m x m buffer, f's n columns first */
            q = empty_mats(l->dt, nl, a->shape, m, m);
            set_identity(q, m);
            int64_t shape[GP_MAXDIM];
            for (int i = 0; i < q->ndim; i++) shape[i] = q->shape[i];
            shape[nl] = n;
            gp_array *dst = rt_view(q, q->ndim, shape, q->strides, q->data);
            rt_strided_copy(dst, f);
            rt_release(dst);
        }
        int64_t qcols = q->shape[nl];   /* columns held per matrix of q */
        check_int_dim(m);
        check_int_dim(qcols);
        info = info_new(batch);
        for (int64_t i = 0; i < batch && k > 0; i++)   /* no reflectors: q is already I */
            orgqr(l, mat_at(q, i, m * qcols, l->esz), m, nq, k, mat_at(tau, i, k, l->esz), &w, info + i);
        info_check(info, batch, "orgqr");
        /* the first nq columns, row-major */
        int64_t shape[GP_MAXDIM];
        for (int i = 0; i < q->ndim; i++) shape[i] = q->shape[i];
        shape[nl] = nq;
        gp_array *qv = rt_view(q, q->ndim, shape, q->strides, q->data);
        rt_release(q);
        out[nout++] = swap_take(qv);
    }
    out[nout++] = r;
    ws_free(&w);
    rt_release(tau);
    rt_release(f);
    return nout;
}

/* ---------------------------------------------------------------- eigh */

/* eigh (w, v) or eigvalsh (w): syevd/heevd of A column-major reading the lower (UPLO 'L') or
 * upper triangle; w ascending, real; v's columns the eigenvectors (column-major Z read back). */
static int eigh(La *l, const gp_array *a, int64_t flags, gp_array **out)
{
    need_square(a);
    int nl = a->ndim - 2;
    int64_t n = a->shape[nl], batch = rt_prod(a->shape, nl);
    bool values = flags & GP_EIGH_VALUES;
    cublasFillMode_t uplo = (flags & GP_EIGH_UPPER) ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    cusolverEigMode_t jobz = values ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
    gp_array *z = swap_copy(a);
    int64_t wshape[GP_MAXDIM];
    for (int i = 0; i < nl; i++) wshape[i] = a->shape[i];
    wshape[nl] = n;
    gp_array *wv = rt_empty(l->real, nl + 1, wshape);
    int *info = info_new(batch);
    Ws w = {0};
    size_t nd = 0, nh = 0;
    if (batch > 0 && n > 0)
        CHECK_CUSOLVER(cusolverDnXsyevd_bufferSize(l->h, l->params, jobz, uplo, n, l->t, z->data, n, l->rt, wv->data,
                                                   l->t, &nd, &nh));
    ws_reserve(&w, nd, nh);
    size_t resz = rt_dtype_size(l->real);
    for (int64_t i = 0; i < batch && n > 0; i++)
        CHECK_CUSOLVER(cusolverDnXsyevd(l->h, l->params, jobz, uplo, n, l->t, mat_at(z, i, n * n, l->esz), n, l->rt,
                                        wv->data + (size_t)(i * n) * resz, l->t, w.dev, nd, w.host, nh, info + i));
    int r = info_check(info, batch, "syevd");
    ws_free(&w);
    if (r > 0) rt_raise("numpy.linalg.LinAlgError", "Eigenvalues did not converge");
    out[0] = wv;
    if (values) {
        rt_release(z);
        return 1;
    }
    out[1] = swap_take(z);
    return 2;
}

/* ---------------------------------------------------------------- svd */

/* Does the real array x hold a NaN?  (gesvd passes NaN input through to S where LAPACK's
 * gesdd, and so NumPy, reports no convergence.)  Synchronises. */
static bool has_nan(const gp_array *x)
{
    if (x->size == 0) return false;
    size_t esz = rt_dtype_size(x->dtype);
    char *h = rt_xmalloc((size_t)x->size * esz);
    rt_to_host(x, h);
    bool nan = false;
    for (int64_t i = 0; i < x->size && !nan; i++) nan = isnan(rt_elem_f64(h + (size_t)i * esz, x->dtype));
    free(h);
    return nan;
}

/* svd: (U, S, Vh) with U (m, m) and Vh (n, n) (GP_SVD_FULL) or U (m, k), Vh (k, n)
 * (GP_SVD_REDUCED), or S alone (GP_SVD_VALUES); S real, descending.  gesvd needs rows >= cols:
 * a tall or square A is factored column-major (U and VT read back with swaps); a wide A is
 * factored as its row-major copy, the column-major A^T = U' S VT', so A = VT'^T S U'^T: the
 * row-major readings of VT' and U' are A's U and Vh, with no swap. */
static int svd(La *l, const gp_array *a, int mode, gp_array **out)
{
    need_2d(a);
    int nl = a->ndim - 2;
    int64_t m = a->shape[nl], n = a->shape[nl + 1], k = m < n ? m : n, batch = rt_prod(a->shape, nl);
    bool wide = m < n, uv = mode != GP_SVD_VALUES, full = mode == GP_SVD_FULL;
    int64_t rows = wide ? n : m, cols = wide ? m : n;   /* what gesvd factors: rows >= cols */
    gp_array *f = wide ? rt_copy(a) : swap_copy(a);
    /* gesvd's U: rows x ucols column-major (C shape (..., ucols, rows)); VT: cols x cols */
    int64_t ucols = full ? rows : cols;
    signed char jobu = !uv ? 'N' : full ? 'A' : 'S', jobvt = uv ? 'A' : 'N';
    gp_array *u = uv ? empty_mats(l->dt, nl, a->shape, ucols, rows) : NULL;
    gp_array *vt = uv ? empty_mats(l->dt, nl, a->shape, cols, cols) : NULL;
    int64_t sshape[GP_MAXDIM];
    for (int i = 0; i < nl; i++) sshape[i] = a->shape[i];
    sshape[nl] = k;
    gp_array *s = rt_empty(l->real, nl + 1, sshape);
    size_t resz = rt_dtype_size(l->real);
    if (k == 0) {   /* empty: U and Vh are identities where square */
        if (u) set_identity(u, rows);
        if (vt) set_identity(vt, cols);
    }
    int *info = info_new(batch);
    Ws w = {0};
    size_t nd = 0, nh = 0;
    bool work = batch > 0 && k > 0;
    if (work)
        CHECK_CUSOLVER(cusolverDnXgesvd_bufferSize(l->h, l->params, jobu, jobvt, rows, cols, l->t, f->data, rows,
                                                   l->rt, s->data, l->t, u ? u->data : NULL, rows, l->t,
                                                   vt ? vt->data : NULL, cols, l->t, &nd, &nh));
    ws_reserve(&w, nd, nh);
    for (int64_t i = 0; i < batch && work; i++)
        CHECK_CUSOLVER(cusolverDnXgesvd(l->h, l->params, jobu, jobvt, rows, cols, l->t, mat_at(f, i, rows * cols, l->esz),
                                        rows, l->rt, s->data + (size_t)(i * k) * resz, l->t,
                                        u ? mat_at(u, i, rows * ucols, l->esz) : NULL, rows, l->t,
                                        vt ? mat_at(vt, i, cols * cols, l->esz) : NULL, cols, l->t, w.dev, nd, w.host,
                                        nh, info + i));
    int r = info_check(info, batch, "gesvd");
    ws_free(&w);
    rt_release(f);
    if (r > 0 || has_nan(s)) rt_raise("numpy.linalg.LinAlgError", "SVD did not converge");
    if (!uv) {
        out[0] = s;
        return 1;
    }
    if (wide) {   /* U = VT' read row-major (m x m), Vh = U' read row-major (ucols x n) */
        out[0] = vt;
        out[2] = u;
    } else {
        out[0] = swap_take(u);
        out[2] = swap_take(vt);
    }
    out[1] = s;
    return 3;
}

/* ---------------------------------------------------------------- eigvals, roots */

/* The complex dtype of a computation dtype, as cuSOLVER names it. */
static cudaDataType complex_of(const La *l, gp_dtype *dt)
{
    bool single = l->real == GP_FLOAT32;
    *dt = single ? GP_COMPLEX64 : GP_COMPLEX128;
    return single ? CUDA_C_32F : CUDA_C_64F;
}

/* geev of the batch of n x n column-major matrices in f (overwritten), eigenvalues only, into
 * w (complex, n per matrix, contiguous).  No convergence: NumPy's LinAlgError. */
static void geev_values(La *l, gp_array *f, int64_t batch, int64_t n, char *w)
{
    gp_dtype cdt;
    cudaDataType ct = complex_of(l, &cdt);
    size_t csz = rt_dtype_size(cdt);
    int *info = info_new(batch);
    Ws ws = {0};
    size_t nd = 0, nh = 0;
    cusolverEigMode_t no = CUSOLVER_EIG_MODE_NOVECTOR;
    if (batch > 0 && n > 0)
        CHECK_CUSOLVER(cusolverDnXgeev_bufferSize(l->h, l->params, no, no, n, l->t, f->data, n, ct, w, l->t, NULL, n,
                                                  l->t, NULL, n, l->t, &nd, &nh));
    ws_reserve(&ws, nd, nh);
    for (int64_t i = 0; i < batch && n > 0; i++)
        CHECK_CUSOLVER(cusolverDnXgeev(l->h, l->params, no, no, n, l->t, mat_at(f, i, n * n, l->esz), n, ct,
                                       w + (size_t)(i * n) * csz, l->t, NULL, n, l->t, NULL, n, l->t, ws.dev, nd,
                                       ws.host, nh, info + i));
    int r = info_check(info, batch, "geev");
    ws_free(&ws);
    if (r > 0) rt_raise("numpy.linalg.LinAlgError", "Eigenvalues did not converge");
}

/* eigvals(a): the eigenvalues of each square matrix, complex (..., n). */
static gp_array *eigvals(La *l, const gp_array *a)
{
    need_square(a);
    int nl = a->ndim - 2;
    int64_t n = a->shape[nl], batch = rt_prod(a->shape, nl), wshape[GP_MAXDIM];
    for (int i = 0; i < nl; i++) wshape[i] = a->shape[i];
    wshape[nl] = n;
    gp_dtype cdt;
    complex_of(l, &cdt);
    gp_array *w = rt_empty(cdt, nl + 1, wshape);
    gp_array *f = swap_copy(a);
    geev_values(l, f, batch, n, w->data);
    rt_release(f);
    return w;
}

/* Coefficient i of the host copy h of p, as a complex double. */
static double _Complex coef(const char *h, gp_dtype dt, int64_t i)
{
    switch (dt) {
    case GP_FLOAT32: return ((const float *)h)[i];
    case GP_FLOAT64: return ((const double *)h)[i];
    case GP_COMPLEX64: return ((const float _Complex *)h)[i];
    default: return ((const double _Complex *)h)[i];
    }
}

/* Stores v as element i of the host matrix h of dtype dt. */
static void put(char *h, gp_dtype dt, int64_t i, double _Complex v)
{
    switch (dt) {
    case GP_FLOAT32: ((float *)h)[i] = (float)creal(v); break;
    case GP_FLOAT64: ((double *)h)[i] = creal(v); break;
    case GP_COMPLEX64: ((float _Complex *)h)[i] = (float _Complex)v; break;
    default: ((double _Complex *)h)[i] = v; break;
    }
}

/* v rounded to dtype dt (the value an element of dt holds). */
static double _Complex in_dtype(gp_dtype dt, double _Complex v)
{
    char b[16];
    put(b, dt, 0, v);
    return coef(b, dt, 0);
}

/* roots(p), CuPy 14's (cupy/lib/_routines_poly.py): p's leading zeros dropped (as_series of
 * p[::-1]); fewer than two coefficients left: no roots; two: -c0 / c1 of the series c (low to
 * high); three or more: the eigenvalues (syevd, ascending) of the companion matrix (ones below
 * the diagonal, last column -c[:-1] / c[-1]) when it is Hermitian, which only degree 2 with
 * c0 / c2 == -1 and a real c1 / c2 gives; any other is CuPy's NotImplementedError.  Each value
 * is computed in p's dtype; the result has it (real roots of a complex p are complex). */
static gp_array *roots(La *l, const gp_array *p)
{
    char *h = rt_xmalloc((size_t)(p->size ? p->size : 1) * l->esz);
    if (p->size) rt_to_host(p, h);
    int64_t first = 0;
    while (first < p->size && coef(h, l->dt, first) == 0) first++;
    int64_t n = p->size - first, k = n < 2 ? 0 : n - 1;
    char out[2 * 16];
    if (n == 2) put(out, l->dt, 0, in_dtype(l->dt, -coef(h, l->dt, p->size - 1)) / coef(h, l->dt, first));
    if (n > 2) {
        double _Complex c2 = coef(h, l->dt, first);
        double _Complex off = in_dtype(l->dt, 0.0 - in_dtype(l->dt, coef(h, l->dt, first + 2) / c2));
        double _Complex diag = in_dtype(l->dt, 0.0 - in_dtype(l->dt, coef(h, l->dt, first + 1) / c2));
        if (n > 3 || off != 1.0 || cimag(diag) != 0) {
            free(h);
            rt_raise("NotImplementedError", "Only complex Hermitian and real symmetric 2d arrays are supported "
                     "currently");
        }
        char m[4 * 16];
        put(m, l->dt, 0, 0.0);
        put(m, l->dt, 1, 1.0);
        put(m, l->dt, 2, 1.0);
        put(m, l->dt, 3, diag);
        gp_array *c = rt_from_host(l->dt, 2, (int64_t[]){2, 2}, m), *w;
        eigh(l, c, GP_EIGH_VALUES, &w);
        rt_release(c);
        rt_to_host(w, m);
        rt_release(w);
        for (int i = 0; i < 2; i++) put(out, l->dt, i, coef(m, l->real, i));
    }
    free(h);
    return rt_from_host(l->dt, 1, &k, out);
}

/* ---------------------------------------------------------------- entry point */

int rt_linalg(gp_la_kind kind, const gp_array *a, const gp_array *b, int64_t param, gp_array **out)
{
    La l = la_begin(a->dtype);
    if (b && b->dtype != a->dtype)
        rt_raise("TypeError", "linalg: operands of different dtypes (%s, %s)", rt_dtype_name(a->dtype),
                 rt_dtype_name(b->dtype));
    int n = 1;
    switch (kind) {
    case GP_LA_SOLVE:
        if (!b) rt_raise("RuntimeError", "rt_linalg: solve needs b");
        need_square(a);
        if (b->ndim < 1)
            rt_raise("ValueError", "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core "
                     "with signature (m,m),(m,n)->(m,n) requires 2)");
        out[0] = solve(&l, a, b);
        break;
    case GP_LA_INV: out[0] = inv(&l, a); break;
    case GP_LA_DET: n = det(&l, a, false, out); break;
    case GP_LA_SLOGDET: n = det(&l, a, true, out); break;
    case GP_LA_CHOLESKY: out[0] = cholesky(&l, a); break;
    case GP_LA_QR: n = qr(&l, a, (int)param, out); break;
    case GP_LA_EIGH: n = eigh(&l, a, param, out); break;
    case GP_LA_SVD: n = svd(&l, a, (int)param, out); break;
    case GP_LA_EIGVALS: out[0] = eigvals(&l, a); break;
    case GP_LA_ROOTS: out[0] = roots(&l, a); break;
    default: rt_raise("RuntimeError", "rt_linalg: unknown kind %d", (int)kind);
    }
    la_end(&l);
    return n;
}
