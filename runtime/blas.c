/*
 * blas.c — matrix products: NumPy's matmul, dot, vdot, inner, tensordot and
 * linalg.matrix_power, on cuBLAS for float16/32/64 and complex64/128 and on a runtime kernel
 * (blas_int.cu) for bool and integer dtypes.
 *
 * Every mode reduces to one batched product C[p] = A[p] · B[p] (row-major, p over the
 * broadcast batch dimensions), done by mm_batched().  cuBLAS is column-major, so the call
 * computes C^T = B^T · A^T: a row-major matrix with unit column stride is the column-major
 * transpose with the same leading dimension, and a transposed view (unit row stride) needs
 * only the transpose flag; any other layout, and batch dimensions that no single stride
 * describes, is copied first (rt_copy).
 *
 * Invariants: operands arrive with the result dtype (the compiler casts); a and b are
 * borrowed and every view or copy made here is released before returning; results are new
 * C-contiguous arrays.  float32 is true FP32: CUBLAS_COMPUTE_32F with CUBLAS_DEFAULT_MATH
 * (no TF32); float16 accumulates in FP32.  Every product, a single one included, is one
 * cublasGemmStridedBatchedEx (CuPy's 2-d matmul calls cublasGemmEx: measured the same for
 * W6, docs/benchmarks.md), except those of a small inner dimension and a small output side
 * (K and M, or K and N, at most RT_MM_SMALL): one bandwidth kernel (blas_small.cu, mm_small).
 * One cuBLAS handle per stream, created at first use (rt_stream_handle, shared with solver.c).
 * rt_matmul_store writes a product straight into the array a store puts it in, where it can.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cublas_v2.h>

#include "internal.h"

/* ---------------------------------------------------------------- handles */

static void *blas_make(cudaStream_t s)
{
    cublasHandle_t h;
    CHECK_CUBLAS(cublasCreate(&h));
    CHECK_CUBLAS(cublasSetStream(h, s));
    CHECK_CUBLAS(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));   /* no TF32 */
    CHECK_CUBLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    return h;
}

static void blas_bind(void *h, cudaStream_t s) { CHECK_CUBLAS(cublasSetStream((cublasHandle_t)h, s)); }

static void blas_drop(void *h) { (void)cublasDestroy((cublasHandle_t)h); }

static rt_stream_handles blas_handles = {.make = blas_make, .bind = blas_bind, .drop = blas_drop};

/* The cuBLAS handle bound to the current stream (created at the first product on it). */
static cublasHandle_t blas_handle(void) { return (cublasHandle_t)rt_stream_handle(&blas_handles); }

/* ---------------------------------------------------------------- LU solves */

/* Solves L U X = B in place for one column-major n x k B (leading dimension n), with L (unit
 * diagonal) and U packed in the column-major n x n lu as getrf leaves them: the two triangular
 * solves getrs makes after its row swaps (solver.c applies the swaps itself, while it
 * transposes B).  dt: float32, float64, complex64 or complex128. */
void rt_blas_lu_trsm(gp_dtype dt, const char *lu, char *b, int64_t n, int64_t k)
{
    static const float f1 = 1.0f;
    static const double d1 = 1.0;
    static const cuComplex c1 = {1.0f, 0.0f};
    static const cuDoubleComplex z1 = {1.0, 0.0};
    cublasHandle_t h = blas_handle();
    for (int upper = 0; upper < 2; upper++) {
        const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
        const cublasDiagType_t diag = upper ? CUBLAS_DIAG_NON_UNIT : CUBLAS_DIAG_UNIT;
        const cublasSideMode_t L = CUBLAS_SIDE_LEFT;
        const cublasOperation_t N = CUBLAS_OP_N;
        switch (dt) {
        case GP_FLOAT32:
            CHECK_CUBLAS(cublasStrsm_64(h, L, fill, N, diag, n, k, &f1, (const float *)lu, n, (float *)b, n));
            break;
        case GP_FLOAT64:
            CHECK_CUBLAS(cublasDtrsm_64(h, L, fill, N, diag, n, k, &d1, (const double *)lu, n, (double *)b, n));
            break;
        case GP_COMPLEX64:
            CHECK_CUBLAS(cublasCtrsm_64(h, L, fill, N, diag, n, k, &c1, (const cuComplex *)lu, n, (cuComplex *)b,
                                        n));
            break;
        default:
            CHECK_CUBLAS(cublasZtrsm_64(h, L, fill, N, diag, n, k, &z1, (const cuDoubleComplex *)lu, n,
                                        (cuDoubleComplex *)b, n));
            break;
        }
    }
}

/* ---------------------------------------------------------------- operand layout */

/* One operand of the batched product as cuBLAS and the integer kernel read it: element
 * (p, r, c) lies at data + (p*bs + r*rs + c*cs) elements.  hold owns the view or copy. */
typedef struct Mat {
    gp_array *hold;
    int64_t rows, cols;
    int64_t rs, cs, bs;
} Mat;

/* True when the batch dimensions [0, nb) of v (element strides) are one arithmetic
 * progression over the flat batch index; sets *bs (0 when every batch dim has size 1 or is
 * broadcast). */
static bool uniform_batch(const gp_array *v, int nb, int64_t esz, int64_t *bs)
{
    bool have = false;
    int64_t span = 1, s = 0;
    for (int d = nb - 1; d >= 0; d--) {
        int64_t n = v->shape[d], st = v->strides[d] / esz;
        if (n > 1) {
            if (!have) {
                if (st % span) return false;
                s = st / span;
                have = true;
            } else if (st != s * span) {
                return false;
            }
        }
        span *= n;
    }
    if (s < 0) return false;
    *bs = s;
    return true;
}

/* Can cuBLAS read the core matrix as it lies?  Row-major (unit column stride) or
 * column-major (unit row stride) with a valid leading dimension. */
static bool core_ok(int64_t rows, int64_t cols, int64_t rs, int64_t cs)
{
    if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= (cols > 1 ? cols : 1))) return true;
    if ((rows <= 1 || rs == 1) && (cols <= 1 || cs >= (rows > 1 ? rows : 1))) return true;
    return false;
}

/* Prepares x (ndim >= 2, core dims last) broadcast to batch shape bshape[0..nb-1]. */
static Mat mat_prepare(const gp_array *x, int nb, const int64_t *bshape)
{
    int64_t shape[GP_MAXDIM];
    for (int i = 0; i < nb; i++) shape[i] = bshape[i];
    shape[nb] = x->shape[x->ndim - 2];
    shape[nb + 1] = x->shape[x->ndim - 1];
    int64_t esz = (int64_t)rt_dtype_size(x->dtype);
    gp_array *v = rt_broadcast_to(x, nb + 2, shape);
    Mat m = {.rows = shape[nb], .cols = shape[nb + 1]};
    int64_t rs = v->strides[nb] / esz, cs = v->strides[nb + 1] / esz, bs;
    if (!uniform_batch(v, nb, esz, &bs) || !core_ok(m.rows, m.cols, rs, cs)) {
        gp_array *c = rt_copy(v);
        rt_release(v);
        v = c;
        rs = m.cols;
        cs = 1;
        bs = m.rows * m.cols;
    }
    m.hold = v;
    m.rs = rs;
    m.cs = cs;
    m.bs = bs;
    return m;
}

/* A 1-d operand as a matrix: a row (1, K) when row, else a column (K, 1).  New reference. */
static gp_array *as_matrix(const gp_array *x, bool row)
{
    int64_t shape[2], strides[2];
    int64_t n = x->shape[0], st = x->strides[0];
    shape[0] = row ? 1 : n;
    shape[1] = row ? n : 1;
    strides[0] = row ? 0 : st;
    strides[1] = row ? st : 0;
    return rt_view(x, 2, shape, strides, x->data);
}

/* ---------------------------------------------------------------- the batched product */

static void check_int_dim(int64_t v)
{
    if (v > INT_MAX)
        rt_raise("ValueError", "matrix dimension %lld is too large for cuBLAS (at most %d)", (long long)v, INT_MAX);
}

/* The product on blas_small.cu's kernel when its inner dimension and one output side are at
 * most RT_MM_SMALL (float32/64, complex64/128, pointers aligned to the element): true when
 * launched.  M small: a thread per column of c; N small: the same kernel on C^T = B^T A^T, a
 * thread per row. */
static bool mm_small(gp_array *c, const Mat *a, const Mat *b, int64_t batch)
{
    int64_t M = a->rows, K = a->cols, N = b->cols;
    gp_dtype dt = c->dtype;
    size_t esz = rt_dtype_size(dt);
    if (dt != GP_FLOAT32 && dt != GP_FLOAT64 && dt != GP_COMPLEX64 && dt != GP_COMPLEX128) return false;
    if (K > RT_MM_SMALL || (M > RT_MM_SMALL && N > RT_MM_SMALL)) return false;
    if ((uintptr_t)a->hold->data % esz || (uintptr_t)b->hold->data % esz) return false;
    gpu_init();
    if (M <= RT_MM_SMALL && (N >= M || N > RT_MM_SMALL))
        rt_launch_matmul_small(dt, batch, M, N, K, a->hold->data, a->rs, a->cs, a->bs, b->hold->data, b->rs, b->cs,
                               b->bs, c->data, N, 1, M * N, rt_stream());
    else
        rt_launch_matmul_small(dt, batch, N, M, K, b->hold->data, b->cs, b->rs, b->bs, a->hold->data, a->cs, a->rs,
                               a->bs, c->data, 1, N, M * N, rt_stream());
    return true;
}

/* c (contiguous, batch x M x N) = a (batch x M x K) · b (batch x K x N); conj_a conjugates a
 * (only used with M == 1). */
static void mm_batched(gp_array *c, const Mat *a, const Mat *b, int64_t batch, bool conj_a)
{
    int64_t M = a->rows, K = a->cols, N = b->cols;
    gp_dtype dt = c->dtype;
    if (c->size == 0) return;
    if (K == 0) {
        gpu_init();
        CHECK_CUDA(cudaMemsetAsync(c->data, 0, (size_t)c->size * rt_dtype_size(dt), rt_stream()));
        return;
    }
    if (!rt_dtype_is_float(dt) && !rt_dtype_is_complex(dt)) {
        rt_launch_matmul_int(dt, batch, M, N, K, a->hold->data, a->rs, a->cs, a->bs, b->hold->data, b->rs,
                             b->cs, b->bs, c->data, rt_stream());
        return;
    }
    if (!conj_a && mm_small(c, a, b, batch)) return;
    check_int_dim(M);
    check_int_dim(N);
    check_int_dim(K);
    /* cuBLAS's A is our b: column-major N x K */
    cublasOperation_t opa, opb;
    int64_t lda, ldb;
    if ((b->cols <= 1 || b->cs == 1) && (b->rows <= 1 || b->rs >= (N > 1 ? N : 1))) {
        opa = CUBLAS_OP_N;
        lda = K > 1 ? b->rs : (N > 1 ? N : 1);
    } else {
        opa = CUBLAS_OP_T;
        lda = N > 1 ? b->cs : (K > 1 ? K : 1);
    }
    /* cuBLAS's B is our a: column-major K x M */
    if (conj_a) {   /* M == 1: a is a 1 x K column-major matrix with ld 1, conjugate-transposed */
        opb = CUBLAS_OP_C;
        ldb = 1;
        if (K > 1 && a->cs != 1) {   /* strided row: its elements are K columns cs apart */
            ldb = a->cs;
        }
    } else if ((a->cols <= 1 || a->cs == 1) && (a->rows <= 1 || a->rs >= (K > 1 ? K : 1))) {
        opb = CUBLAS_OP_N;
        ldb = M > 1 ? a->rs : (K > 1 ? K : 1);
    } else {
        opb = CUBLAS_OP_T;
        ldb = K > 1 ? a->cs : (M > 1 ? M : 1);
    }
    check_int_dim(lda);
    check_int_dim(ldb);
    cudaDataType_t t;
    cublasComputeType_t ct;
    union {
        float f;
        double d;
        float cf[2];
        double cd[2];
    } one, zero;
    memset(&one, 0, sizeof one);
    memset(&zero, 0, sizeof zero);
    switch (dt) {
    case GP_FLOAT16: t = CUDA_R_16F; ct = CUBLAS_COMPUTE_32F; one.f = 1.0f; break;
    case GP_FLOAT32: t = CUDA_R_32F; ct = CUBLAS_COMPUTE_32F; one.f = 1.0f; break;
    case GP_FLOAT64: t = CUDA_R_64F; ct = CUBLAS_COMPUTE_64F; one.d = 1.0; break;
    case GP_COMPLEX64: t = CUDA_C_32F; ct = CUBLAS_COMPUTE_32F; one.cf[0] = 1.0f; break;
    default: t = CUDA_C_64F; ct = CUBLAS_COMPUTE_64F; one.cd[0] = 1.0; break;
    }
    cublasHandle_t h = blas_handle();
    size_t esz = rt_dtype_size(dt);
    for (int64_t p0 = 0; p0 < batch; p0 += INT_MAX) {
        int64_t nbat = batch - p0 < INT_MAX ? batch - p0 : INT_MAX;
        const char *pa = b->hold->data + (size_t)(p0 * b->bs) * esz;
        const char *pb = a->hold->data + (size_t)(p0 * a->bs) * esz;
        char *pc = c->data + (size_t)(p0 * M * N) * esz;
        CHECK_CUBLAS(cublasGemmStridedBatchedEx(h, opa, opb, (int)N, (int)M, (int)K, &one, pa, t, (int)lda,
                                                 (long long)b->bs, pb, t, (int)ldb, (long long)a->bs, &zero, pc,
                                                 t, (int)N, (long long)(M * N), (int)nbat, ct,
                                                 CUBLAS_GEMM_DEFAULT));
    }
}

/* A batch whose b is one matrix for every p (bs 0: a 2-d operand broadcast over a's batch)
 * and whose a rows continue evenly from one batch to the next (row-major, batch stride rows *
 * rs) is one product of (batch * M) x K by K x N: doitgen's reshape(A, (NR, NQ, 1, NP)) @ C4,
 * NR * NQ single-row products, becomes one GEMM of NR * NQ rows instead of a batch of GEMVs
 * (issue 25).  The result (batch x M x N, contiguous) is the same memory either way. */
static void fold_batch(Mat *a, const Mat *b, int64_t *batch)
{
    if (*batch <= 1 || b->bs != 0 || (a->cols > 1 && a->cs != 1)) return;
    int64_t rs = a->rows > 1 ? a->rs : a->bs;
    if (rs < 1 || rs < a->cols || a->bs != a->rows * rs) return;
    a->rows *= *batch;
    a->rs = rs;
    a->bs = a->rows * rs;
    *batch = 1;
}

/* ---------------------------------------------------------------- NumPy's modes */

static void fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape)
{
    rt_shape_fmt(buf, cap, ndim, shape, true);
}

/* dot's "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)" */
static _Noreturn void not_aligned(const gp_array *a, int da, const gp_array *b, int db)
{
    char sa[160], sb[160];
    fmt_shape(sa, sizeof sa, a->ndim, a->shape);
    fmt_shape(sb, sizeof sb, b->ndim, b->shape);
    rt_raise("ValueError", "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)", sa, sb,
             (long long)a->shape[da], da, (long long)b->shape[db], db);
}

/* The destination of rt_matmul_store: dst[...] = reshape(product, rshape[0..rnd-1]) (rnd < 0:
 * the product itself); used: whether the product was written into dst. */
typedef struct StoreTo {
    gp_array *dst;
    int rnd;
    const int64_t *rshape;
    bool used;
} StoreTo;

/* A view of to->dst with the product's shape (oshape) that the product can be written into
 * directly, or NULL: dst C-contiguous and of the product's dtype, the stored value's shape
 * exactly dst's (no broadcast, no -1 to resolve), and no memory shared with a or b (the
 * product reads them while it writes).  New reference. */
static gp_array *store_view(StoreTo *to, const gp_array *a, const gp_array *b, int ond, const int64_t *oshape)
{
    gp_array *dst = to->dst;
    if (dst->dtype != a->dtype || !rt_is_contiguous(dst)) return NULL;
    int vnd = to->rnd < 0 ? ond : to->rnd;
    const int64_t *vshape = to->rnd < 0 ? oshape : to->rshape;
    if (vnd != dst->ndim || rt_prod(oshape, ond) != dst->size) return NULL;
    for (int i = 0; i < vnd; i++)
        if (vshape[i] != dst->shape[i]) return NULL;
    if (rt_may_overlap(dst, a) || rt_may_overlap(dst, b)) return NULL;
    int64_t st[GP_MAXDIM];
    rt_c_strides(ond, oshape, rt_dtype_size(dst->dtype), st);
    to->used = true;
    return rt_view(dst, ond, oshape, st, dst->data);
}

/* NumPy's matmul of a and b (ndim >= 1 each, same dtype).  dot_errors: report a core
 * mismatch as dot does; conj_a: conjugate a (vdot; a is 1-d); to: a destination the product
 * may be written into (store_view), or NULL.  New reference (a view of to->dst when used). */
static gp_array *matmul_to(const gp_array *a, const gp_array *b, bool dot_errors, bool conj_a, StoreTo *to)
{
    if (a->ndim < 1 || b->ndim < 1)
        rt_raise("ValueError", "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core "
                 "with signature (n?,k),(k,m?)->(n?,m?) requires 1)", a->ndim < 1 ? 0 : 1);
    if (a->dtype != b->dtype)
        rt_raise("TypeError", "matmul: operands of different dtypes (%s, %s)", rt_dtype_name(a->dtype),
                 rt_dtype_name(b->dtype));
    int64_t ka = a->shape[a->ndim - 1], kb = b->shape[b->ndim == 1 ? 0 : b->ndim - 2];
    if (ka != kb) {
        if (dot_errors) not_aligned(a, a->ndim - 1, b, b->ndim == 1 ? 0 : b->ndim - 2);
        rt_raise("ValueError", "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                 "signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)", (long long)kb,
                 (long long)ka);
    }
    gp_array *a2 = a->ndim == 1 ? as_matrix(a, true) : rt_retain((gp_array *)a);
    gp_array *b2 = b->ndim == 1 ? as_matrix(b, false) : rt_retain((gp_array *)b);
    /* the broadcast batch shape */
    int na = a2->ndim - 2, nbb = b2->ndim - 2, nb = na > nbb ? na : nbb;
    int64_t bshape[GP_MAXDIM];
    int64_t batch = 1;
    for (int i = 0; i < nb; i++) {
        int ia = i - (nb - na), ib = i - (nb - nbb);
        int64_t da = ia >= 0 ? a2->shape[ia] : 1, db = ib >= 0 ? b2->shape[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            /* NumPy: "(2,2,3)->(2,newaxis,newaxis) (3,3,2)->(3,newaxis,newaxis)  and requested
             * shape (2,2)" */
            char msg[768];
            size_t n = (size_t)snprintf(msg, sizeof msg, "operands could not be broadcast together with remapped "
                                                         "shapes [original->remapped]: ");
            const gp_array *ops[2] = {a, b};
            for (int k = 0; k < 2 && n < sizeof msg; k++) {
                const gp_array *o = ops[k];
                char s0[160];
                fmt_shape(s0, sizeof s0, o->ndim, o->shape);
                n += (size_t)snprintf(msg + n, sizeof msg - n, "%s->(", s0);
                int core = o->ndim >= 2 ? 2 : 1;
                for (int d = 0; d < o->ndim && n < sizeof msg; d++)
                    n += (size_t)(d < o->ndim - core ? snprintf(msg + n, sizeof msg - n, "%s%lld", d ? "," : "",
                                                                 (long long)o->shape[d])
                                                     : snprintf(msg + n, sizeof msg - n, "%snewaxis", d ? "," : ""));
                if (n < sizeof msg) n += (size_t)snprintf(msg + n, sizeof msg - n, ") ");
            }
            int64_t req[2];
            int nreq = 0;
            if (a->ndim >= 2) req[nreq++] = a->shape[a->ndim - 2];
            if (b->ndim >= 2) req[nreq++] = b->shape[b->ndim - 1];
            char sr[64];
            fmt_shape(sr, sizeof sr, nreq, req);
            if (n < sizeof msg) snprintf(msg + n, sizeof msg - n, " and requested shape %s", sr);
            rt_release(a2);
            rt_release(b2);
            rt_raise("ValueError", "%s", msg);
        }
        bshape[i] = da == 1 ? db : da;
        batch *= bshape[i];
    }
    /* the result shape: batch, then n unless a is 1-d, then m unless b is 1-d */
    int64_t M = a2->shape[a2->ndim - 2], N = b2->shape[b2->ndim - 1];
    int64_t oshape[GP_MAXDIM];
    int ond = 0;
    for (int i = 0; i < nb; i++) oshape[ond++] = bshape[i];
    if (a->ndim >= 2) oshape[ond++] = M;
    if (b->ndim >= 2) oshape[ond++] = N;
    gp_array *c = to ? store_view(to, a, b, ond, oshape) : NULL;
    if (!c) c = rt_empty(a->dtype, ond, oshape);
    if (c->size > 0) {
        Mat ma = mat_prepare(a2, nb, bshape), mb = mat_prepare(b2, nb, bshape);
        if (conj_a && rt_dtype_is_complex(a->dtype) && ma.cs < 1) {   /* vdot needs a forward stride */
            gp_array *cp = rt_copy(ma.hold);
            rt_release(ma.hold);
            ma.hold = cp;
            ma.rs = ma.cols;
            ma.cs = 1;
            ma.bs = ma.rows * ma.cols;
        }
        bool conj = conj_a && rt_dtype_is_complex(a->dtype);
        if (!conj) fold_batch(&ma, &mb, &batch);
        mm_batched(c, &ma, &mb, batch, conj);
        rt_release(ma.hold);
        rt_release(mb.hold);
    }
    rt_release(a2);
    rt_release(b2);
    return c;
}

static gp_array *matmul(const gp_array *a, const gp_array *b, bool dot_errors, bool conj_a)
{
    return matmul_to(a, b, dot_errors, conj_a, NULL);
}

/* x reshaped to 2-d (rows, cols): a view when possible, else a copy.  New reference. */
static gp_array *as_2d(const gp_array *x, int64_t rows, int64_t cols)
{
    int64_t s[2] = {rows, cols};
    return rt_reshape(x, 2, s);
}

/* Sums over the last n axes of a and the first n axes of b: (P, K) · (K, Q) reshaped to
 * a.shape[:-n] + b.shape[n:].  New reference. */
static gp_array *contract(const gp_array *a, const gp_array *b, int n)
{
    int64_t P = rt_prod(a->shape, a->ndim - n), K = rt_prod(a->shape + a->ndim - n, n);
    int64_t Q = rt_prod(b->shape + n, b->ndim - n);
    gp_array *a2 = as_2d(a, P, K), *b2 = as_2d(b, K, Q);
    gp_array *c2 = matmul(a2, b2, false, false);
    rt_release(a2);
    rt_release(b2);
    int64_t shape[GP_MAXDIM];
    int nd = 0;
    for (int i = 0; i < a->ndim - n; i++) shape[nd++] = a->shape[i];
    for (int i = n; i < b->ndim; i++) shape[nd++] = b->shape[i];
    gp_array *c = rt_reshape(c2, nd, shape);
    rt_release(c2);
    return c;
}

/* dot(a, b), ndim >= 1 each: matmul unless b has more than 2 dims, then a contraction of
 * a's last axis with b's second-to-last. */
static gp_array *dot(const gp_array *a, const gp_array *b)
{
    int db = b->ndim == 1 ? 0 : b->ndim - 2;
    if (a->shape[a->ndim - 1] != b->shape[db]) not_aligned(a, a->ndim - 1, b, db);
    if (b->ndim <= 2) return matmul(a, b, true, false);
    if (a->ndim + b->ndim - 2 > GP_MAXDIM)
        rt_raise("ValueError", "dot: the result would have %d dimensions (at most %d)", a->ndim + b->ndim - 2,
                 GP_MAXDIM);
    int perm[GP_MAXDIM], k = 0;
    perm[k++] = b->ndim - 2;
    for (int i = 0; i < b->ndim; i++)
        if (i != b->ndim - 2) perm[k++] = i;
    gp_array *bt = rt_transpose(b, perm);
    gp_array *c = contract(a, bt, 1);
    rt_release(bt);
    return c;
}

/* matrix_power(a, n), n >= 0: NumPy's binary decomposition, in its order. */
static gp_array *matrix_power(const gp_array *a, int64_t n)
{
    if (a->ndim < 2)
        rt_raise("numpy.linalg.LinAlgError", "%d-dimensional array given. Array must be at least "
                 "two-dimensional", a->ndim);
    if (a->shape[a->ndim - 1] != a->shape[a->ndim - 2])
        rt_raise("numpy.linalg.LinAlgError", "Last 2 dimensions of the array must be square");
    if (n < 0) rt_raise("ValueError", "matrix_power with a negative exponent needs inv (not supported yet)");
    if (n == 0) {
        gp_array *c = rt_empty(a->dtype, a->ndim, a->shape);
        if (c->size > 0) {
            gpu_init();
            CHECK_CUDA(cudaMemsetAsync(c->data, 0, (size_t)c->size * rt_dtype_size(c->dtype), rt_stream()));
            int64_t m = a->shape[a->ndim - 1];
            rt_launch_set_diag_one(c->dtype, c->data, c->size / (m * m), m, rt_stream());
        }
        return c;
    }
    if (n == 1) return rt_copy(a);
    if (n == 2) return matmul(a, a, false, false);
    if (n == 3) {
        gp_array *a2 = matmul(a, a, false, false);
        gp_array *c = matmul(a2, a, false, false);
        rt_release(a2);
        return c;
    }
    gp_array *z = NULL, *result = NULL;
    while (n > 0) {
        if (!z) {
            z = rt_retain((gp_array *)a);
        } else {
            gp_array *z2 = matmul(z, z, false, false);
            rt_release(z);
            z = z2;
        }
        int64_t bit = n % 2;
        n /= 2;
        if (bit) {
            if (!result) {
                result = rt_retain(z);
            } else {
                gp_array *r2 = matmul(result, z, false, false);
                rt_release(result);
                result = r2;
            }
        }
    }
    rt_release(z);
    if (result == a) {   /* never for n >= 4, but stay safe: results are fresh arrays */
        gp_array *c = rt_copy(result);
        rt_release(result);
        result = c;
    }
    return result;
}

gp_array *rt_matmul(const gp_array *a, const gp_array *b, gp_mm_mode mode, int64_t param)
{
    switch (mode) {
    case GP_MM_MATMUL: return matmul(a, b, false, false);
    case GP_MM_DOT: return dot(a, b);
    case GP_MM_VDOT: {
        if (a->size != b->size)
            rt_raise("ValueError", "cannot reshape array of size %lld into shape (%lld,)", (long long)b->size,
                     (long long)a->size);
        int64_t na = a->size, nb = b->size;
        gp_array *ra = rt_reshape(a, 1, &na), *rb = rt_reshape(b, 1, &nb);
        gp_array *c = matmul(ra, rb, true, true);
        rt_release(ra);
        rt_release(rb);
        return c;
    }
    case GP_MM_INNER: {
        if (b->ndim == 1) {
            if (a->shape[a->ndim - 1] != b->shape[0]) not_aligned(a, a->ndim - 1, b, 0);
            return matmul(a, b, true, false);
        }
        int perm[GP_MAXDIM];
        for (int i = 0; i < b->ndim; i++) perm[i] = i;
        perm[b->ndim - 1] = b->ndim - 2;
        perm[b->ndim - 2] = b->ndim - 1;
        gp_array *bt = rt_transpose(b, perm);
        gp_array *c = dot(a, bt);
        rt_release(bt);
        return c;
    }
    case GP_MM_TENSORDOT: {
        int n = (int)param;
        if (n < 0 || n > a->ndim || n > b->ndim)
            rt_raise("ValueError", "tensordot: axes=%lld does not fit operands of %d and %d dimensions",
                     (long long)param, a->ndim, b->ndim);
        for (int i = 0; i < n; i++)
            if (a->shape[a->ndim - n + i] != b->shape[i]) rt_raise("ValueError", "shape-mismatch for sum");
        return contract(a, b, n);
    }
    case GP_MM_MATRIX_POWER: return matrix_power(a, param);
    }
    rt_raise("RuntimeError", "rt_matmul: unknown mode %d", (int)mode);
}

void rt_matmul_store(gp_array *dst, const gp_array *a, const gp_array *b, int rnd, const int64_t *rshape)
{
    StoreTo to = {.dst = dst, .rnd = rnd, .rshape = rshape, .used = false};
    gp_array *c = matmul_to(a, b, false, false, &to);
    if (to.used) {
        rt_release(c);
        return;
    }
    gp_array *v = rnd < 0 ? rt_retain(c) : rt_reshape(c, rnd, rshape);
    rt_release(c);
    gp_array *x = rt_store_view(v, dst->ndim, dst->shape);
    rt_strided_copy(dst, x);
    rt_release(x);
    rt_release(v);
}
