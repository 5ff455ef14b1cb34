/*
 * sparse.c — cupyx.scipy.sparse's matrices on cuSPARSE: sorting indices (cupyx.cusparse's
 * csrsort, cscsort, coosort), conversions between csr, csc, coo and dense, and products with a
 * dense vector or matrix through the generic API (SpMV, SpMM), as CuPy computes them.
 *
 * A compressed matrix is (data, indices, indptr) with a major and a minor extent: csr's major
 * axis is its rows, csc's its columns, so a csc matrix is the csr matrix of its transpose and
 * every compressed routine here is written once, for csr.  A coo matrix is (data, row, col).
 * Every routine works on the current stream (rt_stream), with one cuSPARSE handle per stream
 * (rt_stream_handle, as blas.c and solver.c).
 *
 * Invariants: arguments are borrowed and 1-d unless said (indices int32, data float32/64 or
 * complex64/128: the compiler casts); results are new C-contiguous arrays; a routine with no
 * entries (nnz 0) or an empty extent makes no cuSPARSE call (cuSPARSE rejects NULL buffers);
 * scratch memory comes from the pool (gpu_malloc) and is freed on the stream.
 */
#include <string.h>

#include <cusparse.h>

#include "internal.h"

/* ---------------------------------------------------------------- handles */

static void *sp_make(cudaStream_t s)
{
    cusparseHandle_t h;
    CHECK_CUSPARSE(cusparseCreate(&h));
    CHECK_CUSPARSE(cusparseSetStream(h, s));
    return h;
}

static void sp_bind(void *h, cudaStream_t s) { CHECK_CUSPARSE(cusparseSetStream((cusparseHandle_t)h, s)); }

static void sp_drop(void *h) { (void)cusparseDestroy((cusparseHandle_t)h); }

static rt_stream_handles sp_handles = { .make = sp_make, .bind = sp_bind, .drop = sp_drop };

static cusparseHandle_t sp_handle(void) { return (cusparseHandle_t)rt_stream_handle(&sp_handles); }

/* ---------------------------------------------------------------- helpers */

static cudaDataType sp_cuda_type(gp_dtype d)
{
    switch (d) {
    case GP_FLOAT32: return CUDA_R_32F;
    case GP_FLOAT64: return CUDA_R_64F;
    case GP_COMPLEX64: return CUDA_C_32F;
    case GP_COMPLEX128: return CUDA_C_64F;
    default: rt_raise("ValueError", "Only bool, float32, float64, complex64 and complex128 are supported");
    }
}

/* A C-contiguous array of x's values: x itself (retained) or a copy.  New reference. */
static gp_array *dense_of(const gp_array *x)
{
    return rt_is_contiguous(x) ? rt_retain((gp_array *)x) : rt_copy(x);
}

static gp_array *new1(gp_dtype d, int64_t n) { return rt_empty(d, 1, &n); }

static void zero(gp_array *a)
{
    if (a->size)
        CHECK_CUDA(cudaMemsetAsync(a->data, 0, (size_t)a->size * rt_dtype_size(a->dtype), rt_stream()));
}

/* Scratch memory of n bytes (NULL for none). */
static void *scratch(size_t n) { return n ? gpu_malloc(n) : NULL; }

static void scratch_free(void *p)
{
    if (p) gpu_free(p);
}

/* data[i] = old[p[i]] for i < nnz (cusparseGather: a sparse vector over the permutation). */
static void permute(gp_array *data, const int *p, int64_t nnz)
{
    gp_array *old = rt_copy(data);
    cudaDataType t = sp_cuda_type(data->dtype);
    cusparseSpVecDescr_t x;
    cusparseDnVecDescr_t y;
    CHECK_CUSPARSE(cusparseCreateSpVec(&x, nnz, nnz, (void *)p, data->data, CUSPARSE_INDEX_32I,
                                       CUSPARSE_INDEX_BASE_ZERO, t));
    CHECK_CUSPARSE(cusparseCreateDnVec(&y, nnz, old->data, t));
    CHECK_CUSPARSE(cusparseGather(sp_handle(), y, x));
    CHECK_CUSPARSE(cusparseDestroySpVec(x));
    CHECK_CUSPARSE(cusparseDestroyDnVec(y));
    rt_release(old);
}

/* Checks that a compressed matrix's arrays fit its major extent (CuPy's constructor checks). */
static void check_compressed(const gp_array *data, const gp_array *idx, const gp_array *ptr, int64_t major)
{
    if (ptr->size != major + 1)
        rt_raise("ValueError", "index pointer size (%lld) should be (%lld)", (long long)ptr->size,
                 (long long)(major + 1));
    if (data->size != idx->size) rt_raise("ValueError", "data and indices should have the same size");
}

/* ---------------------------------------------------------------- sorts */

/* Sorts the indices of each major slice of a compressed matrix (major x minor), in place, the
 * data with them (cusparseXcsrsort and a gather). */
static void sort_compressed(gp_array *data, gp_array *idx, gp_array *ptr, int64_t major, int64_t minor)
{
    int64_t nnz = idx->size;
    if (nnz == 0 || major == 0) return;
    cusparseHandle_t h = sp_handle();
    size_t bytes = 0;
    CHECK_CUSPARSE(cusparseXcsrsort_bufferSizeExt(h, (int)major, (int)minor, (int)nnz, (const int *)ptr->data,
                                                  (const int *)idx->data, &bytes));
    void *buf = scratch(bytes ? bytes : 1);
    int *p = gpu_malloc((size_t)nnz * sizeof(int));
    rt_launch_iota_i32(p, nnz, rt_stream());
    cusparseMatDescr_t d;
    CHECK_CUSPARSE(cusparseCreateMatDescr(&d));
    CHECK_CUSPARSE(cusparseXcsrsort(h, (int)major, (int)minor, (int)nnz, d, (const int *)ptr->data,
                                    (int *)idx->data, p, buf));
    CHECK_CUSPARSE(cusparseDestroyMatDescr(d));
    permute(data, p, nnz);
    gpu_free(p);
    scratch_free(buf);
}

/* The index pointer (major + 1 entries) of coo entries sorted by their major index. */
static gp_array *compress_sorted(const gp_array *maj, int64_t major)
{
    gp_array *ptr = new1(GP_INT32, major + 1);
    if (maj->size == 0) {
        zero(ptr);
        return ptr;
    }
    CHECK_CUSPARSE(cusparseXcoo2csr(sp_handle(), (const int *)maj->data, (int)maj->size, (int)major,
                                    (int *)ptr->data, CUSPARSE_INDEX_BASE_ZERO));
    return ptr;
}

/* Sorts coo entries by maj, then by mnr (both in place, data with them); returns the index
 * pointer of the sorted entries (major + 1 entries).  cusparseXcoosortByRow orders by maj
 * only; the compressed sort then orders each slice by mnr. */
static gp_array *sort_coo(gp_array *data, gp_array *maj, gp_array *mnr, int64_t major, int64_t minor)
{
    int64_t nnz = maj->size;
    if (mnr->size != nnz || data->size != nnz)
        rt_raise("ValueError", "row, column, and data array must all be the same length");
    if (nnz) {
        cusparseHandle_t h = sp_handle();
        size_t bytes = 0;
        CHECK_CUSPARSE(cusparseXcoosort_bufferSizeExt(
            h, (int)major, (int)minor, (int)nnz, (const int *)maj->data, (const int *)mnr->data, &bytes));
        void *buf = scratch(bytes ? bytes : 1);
        int *p = gpu_malloc((size_t)nnz * sizeof(int));
        rt_launch_iota_i32(p, nnz, rt_stream());
        CHECK_CUSPARSE(cusparseXcoosortByRow(h, (int)major, (int)minor, (int)nnz, (int *)maj->data,
                                             (int *)mnr->data, p, buf));
        permute(data, p, nnz);
        gpu_free(p);
        scratch_free(buf);
    }
    gp_array *ptr = compress_sorted(maj, major);
    sort_compressed(data, mnr, ptr, major, minor);
    return ptr;
}

/* ---------------------------------------------------------------- conversions */

/* The other compression of a compressed matrix (major x minor): (data, indices, indptr) of the
 * minor x major one (cusparseCsr2cscEx2).  Its indices come out sorted. */
static void transpose(const gp_array *data, const gp_array *idx, const gp_array *ptr, int64_t major,
                      int64_t minor, gp_array **out)
{
    int64_t nnz = idx->size;
    out[0] = new1(data->dtype, nnz);
    out[1] = new1(GP_INT32, nnz);
    out[2] = new1(GP_INT32, minor + 1);
    if (nnz == 0 || major == 0 || minor == 0) {
        zero(out[2]);
        return;
    }
    cusparseHandle_t h = sp_handle();
    cudaDataType t = sp_cuda_type(data->dtype);
    size_t bytes = 0;
    CHECK_CUSPARSE(cusparseCsr2cscEx2_bufferSize(
        h, (int)major, (int)minor, (int)nnz, data->data, (const int *)ptr->data, (const int *)idx->data,
        out[0]->data, (int *)out[2]->data, (int *)out[1]->data, t, CUSPARSE_ACTION_NUMERIC,
        CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &bytes));
    void *buf = scratch(bytes ? bytes : 1);
    CHECK_CUSPARSE(cusparseCsr2cscEx2(h, (int)major, (int)minor, (int)nnz, data->data, (const int *)ptr->data,
                                      (const int *)idx->data, out[0]->data, (int *)out[2]->data,
                                      (int *)out[1]->data, t, CUSPARSE_ACTION_NUMERIC,
                                      CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, buf));
    scratch_free(buf);
}

/* The major index of each entry of a compressed matrix (cusparseXcsr2coo). */
static gp_array *expand(const gp_array *ptr, int64_t major, int64_t nnz)
{
    gp_array *r = new1(GP_INT32, nnz);
    if (nnz && major)
        CHECK_CUSPARSE(cusparseXcsr2coo(sp_handle(), (const int *)ptr->data, (int)nnz, (int)major,
                                        (int *)r->data, CUSPARSE_INDEX_BASE_ZERO));
    return r;
}

/* A compressed matrix (major x minor) as csr of its major extent: (data, indices, indptr),
 * new references: csr as it is, csc through transpose (major is then its columns), coo
 * compressed from sorted copies. */
static void as_csr(gp_array *const *a, int64_t rows, int64_t cols, int fmt, gp_array **out)
{
    if (fmt == 0) {
        check_compressed(a[0], a[1], a[2], rows);
        for (int i = 0; i < 3; i++) out[i] = dense_of(a[i]);
    } else if (fmt == 1) {
        check_compressed(a[0], a[1], a[2], cols);
        gp_array *c[3] = { dense_of(a[0]), dense_of(a[1]), dense_of(a[2]) };
        transpose(c[0], c[1], c[2], cols, rows, out);
        for (int i = 0; i < 3; i++) rt_release(c[i]);
    } else {
        out[0] = rt_copy(a[0]);
        gp_array *maj = rt_copy(a[1]);
        out[1] = rt_copy(a[2]);
        out[2] = sort_coo(out[0], maj, out[1], rows, cols);
        rt_release(maj);
    }
}

static void release3(gp_array **c)
{
    for (int i = 0; i < 3; i++) rt_release(c[i]);
}

/* The cuSPARSE descriptor of a csr matrix (rows x cols) over c. */
static cusparseSpMatDescr_t csr_descr(gp_array **c, int64_t rows, int64_t cols)
{
    cusparseSpMatDescr_t m;
    CHECK_CUSPARSE(cusparseCreateCsr(&m, rows, cols, c[1]->size, c[2]->data, c[1]->data, c[0]->data,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                                     sp_cuda_type(c[0]->dtype)));
    return m;
}

/* The dense (rows, cols) array of a matrix of format fmt (cusparseSparseToDense of its csr). */
static gp_array *todense(gp_array *const *a, int64_t rows, int64_t cols, int fmt)
{
    int64_t shape[2] = { rows, cols };
    gp_array *r = rt_empty(a[0]->dtype, 2, shape);
    zero(r);
    if (a[0]->size == 0 || rows == 0 || cols == 0) return r;
    gp_array *c[3];
    as_csr(a, rows, cols, fmt, c);
    cusparseHandle_t h = sp_handle();
    cusparseSpMatDescr_t m = csr_descr(c, rows, cols);
    cusparseDnMatDescr_t d;
    CHECK_CUSPARSE(
        cusparseCreateDnMat(&d, rows, cols, cols, r->data, sp_cuda_type(r->dtype), CUSPARSE_ORDER_ROW));
    size_t bytes = 0;
    CHECK_CUSPARSE(cusparseSparseToDense_bufferSize(h, m, d, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes));
    void *buf = scratch(bytes ? bytes : 1);
    CHECK_CUSPARSE(cusparseSparseToDense(h, m, d, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, buf));
    scratch_free(buf);
    CHECK_CUSPARSE(cusparseDestroySpMat(m));
    CHECK_CUSPARSE(cusparseDestroyDnMat(d));
    release3(c);
    return r;
}

/* The csr (data, indices, indptr) of the dense rows x cols matrix at p, read in row order
 * (col_order false) or, as its transpose, in column order (cusparseDenseToSparse). */
static void fromdense_csr(const gp_array *x, int64_t rows, int64_t cols, bool col_order, gp_array **out)
{
    out[2] = new1(GP_INT32, rows + 1);
    if (rows == 0 || cols == 0) {
        zero(out[2]);
        out[0] = new1(x->dtype, 0);
        out[1] = new1(GP_INT32, 0);
        return;
    }
    cusparseHandle_t h = sp_handle();
    cudaDataType t = sp_cuda_type(x->dtype);
    cusparseDnMatDescr_t d;
    CHECK_CUSPARSE(cusparseCreateDnMat(&d, rows, cols, col_order ? rows : cols, x->data, t,
                                       col_order ? CUSPARSE_ORDER_COL : CUSPARSE_ORDER_ROW));
    cusparseSpMatDescr_t m;
    CHECK_CUSPARSE(cusparseCreateCsr(&m, rows, cols, 0, out[2]->data, NULL, NULL, CUSPARSE_INDEX_32I,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, t));
    size_t bytes = 0;
    CHECK_CUSPARSE(cusparseDenseToSparse_bufferSize(h, d, m, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bytes));
    void *buf = scratch(bytes ? bytes : 1);
    CHECK_CUSPARSE(cusparseDenseToSparse_analysis(h, d, m, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
    int64_t r, c, nnz;
    CHECK_CUSPARSE(cusparseSpMatGetSize(m, &r, &c, &nnz));
    out[0] = new1(x->dtype, nnz);
    out[1] = new1(GP_INT32, nnz);
    if (nnz) {
        CHECK_CUSPARSE(cusparseCsrSetPointers(m, out[2]->data, out[1]->data, out[0]->data));
        CHECK_CUSPARSE(cusparseDenseToSparse_convert(h, d, m, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
    } else {
        zero(out[2]);
    }
    scratch_free(buf);
    CHECK_CUSPARSE(cusparseDestroySpMat(m));
    CHECK_CUSPARSE(cusparseDestroyDnMat(d));
}

/* A dense 2-d array as a matrix of format fmt: csr, csc (the csr of its transpose, read in
 * column order), or coo (csr's entries with their rows expanded). */
static void fromdense(const gp_array *x, int fmt, gp_array **out)
{
    gp_array *c = dense_of(x);
    int64_t rows = c->shape[0], cols = c->shape[1];
    if (fmt == 1) {
        fromdense_csr(c, cols, rows, true, out);
    } else {
        fromdense_csr(c, rows, cols, false, out);
        if (fmt == 2) {
            gp_array *row = expand(out[2], rows, out[1]->size);
            rt_release(out[2]);
            out[2] = out[1];
            out[1] = row;
        }
    }
    rt_release(c);
}

/* ---------------------------------------------------------------- products */

/* A (rows x cols, format fmt) @ b: b 1-d (cols) → rows (cusparseSpMV), b 2-d (cols, k) →
 * (rows, k) (cusparseSpMM on column-major operands: b's transpose copied C-contiguous is b in
 * column order, and the result is read back the same way).  b has A's dtype. */
static gp_array *spmm(gp_array *const *a, int64_t rows, int64_t cols, int fmt, const gp_array *b)
{
    int64_t k = b->ndim == 2 ? b->shape[1] : 1;
    if (b->shape[0] != cols) rt_raise("ValueError", "dimension mismatch");
    int64_t shape[2] = { rows, k };
    gp_array *r = rt_empty(a[0]->dtype, b->ndim, shape);
    if (r->size == 0) return r;
    if (a[0]->size == 0 || cols == 0) {
        zero(r);
        return r;
    }
    gp_array *c[3];
    as_csr(a, rows, cols, fmt, c);
    cusparseHandle_t h = sp_handle();
    cudaDataType t = sp_cuda_type(a[0]->dtype);
    cusparseSpMatDescr_t m = csr_descr(c, rows, cols);
    double one[2] = { 1, 0 }, nil[2] = { 0, 0 };
    float onef[2] = { 1, 0 }, nilf[2] = { 0, 0 };
    bool sgl = t == CUDA_R_32F || t == CUDA_C_32F;
    const void *alpha = sgl ? (const void *)onef : (const void *)one,
               *beta = sgl ? (const void *)nilf : (const void *)nil;
    size_t bytes = 0;
    void *buf;
    if (b->ndim == 1) {
        gp_array *x = dense_of(b);
        cusparseDnVecDescr_t vx, vy;
        CHECK_CUSPARSE(cusparseCreateDnVec(&vx, cols, x->data, t));
        CHECK_CUSPARSE(cusparseCreateDnVec(&vy, rows, r->data, t));
        CHECK_CUSPARSE(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, m, vx, beta, vy, t,
                                               CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
        buf = scratch(bytes ? bytes : 1);
        CHECK_CUSPARSE(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, m, vx, beta, vy, t,
                                    CUSPARSE_SPMV_ALG_DEFAULT, buf));
        CHECK_CUSPARSE(cusparseDestroyDnVec(vx));
        CHECK_CUSPARSE(cusparseDestroyDnVec(vy));
        rt_release(x);
    } else {
        static const int swap[2] = { 1, 0 };
        gp_array *bt = rt_transpose(b, swap), *bc = rt_copy(bt); /* (k, cols) C order: b column-major */
        int64_t tshape[2] = { k, rows };
        gp_array *ct = rt_empty(r->dtype, 2, tshape);
        cusparseDnMatDescr_t mb, mc;
        CHECK_CUSPARSE(cusparseCreateDnMat(&mb, cols, k, cols, bc->data, t, CUSPARSE_ORDER_COL));
        CHECK_CUSPARSE(cusparseCreateDnMat(&mc, rows, k, rows, ct->data, t, CUSPARSE_ORDER_COL));
        CHECK_CUSPARSE(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                               CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, m, mb, beta, mc, t,
                                               CUSPARSE_SPMM_ALG_DEFAULT, &bytes));
        buf = scratch(bytes ? bytes : 1);
        CHECK_CUSPARSE(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                    alpha, m, mb, beta, mc, t, CUSPARSE_SPMM_ALG_DEFAULT, buf));
        CHECK_CUSPARSE(cusparseDestroyDnMat(mb));
        CHECK_CUSPARSE(cusparseDestroyDnMat(mc));
        gp_array *back = rt_transpose(ct, swap);
        rt_strided_copy(r, back);
        rt_release(back);
        rt_release(ct);
        rt_release(bc);
        rt_release(bt);
    }
    scratch_free(buf);
    CHECK_CUSPARSE(cusparseDestroySpMat(m));
    release3(c);
    return r;
}

/* ---------------------------------------------------------------- entry */

int rt_sparse(gp_sp_kind kind, gp_array *const *a, const int64_t *v, gp_array **out)
{
    switch (kind) {
    case GP_SP_SORT:
        check_compressed(a[0], a[1], a[2], v[0]);
        if (!rt_is_contiguous(a[0]) || !rt_is_contiguous(a[1]) || !rt_is_contiguous(a[2]))
            rt_raise("ValueError", "csrsort and cscsort need C-contiguous arrays");
        sort_compressed(a[0], a[1], a[2], v[0], v[1]);
        return 0;
    case GP_SP_SORT_COO:
        if (!rt_is_contiguous(a[0]) || !rt_is_contiguous(a[1]) || !rt_is_contiguous(a[2]))
            rt_raise("ValueError", "coosort needs C-contiguous arrays");
        rt_release(sort_coo(a[0], a[1], a[2], v[0], v[1]));
        return 0;
    case GP_SP_TRANSPOSE: {
        check_compressed(a[0], a[1], a[2], v[0]);
        gp_array *c[3] = { dense_of(a[0]), dense_of(a[1]), dense_of(a[2]) };
        transpose(c[0], c[1], c[2], v[0], v[1], out);
        release3(c);
        return 3;
    }
    case GP_SP_EXPAND: {
        gp_array *ptr = dense_of(a[0]);
        out[0] = expand(ptr, v[0], v[1]);
        rt_release(ptr);
        return 1;
    }
    case GP_SP_COMPRESS: {
        gp_array *maj = rt_copy(a[1]);
        out[0] = rt_copy(a[0]);
        out[1] = rt_copy(a[2]);
        out[2] = sort_coo(out[0], maj, out[1], v[0], v[1]);
        rt_release(maj);
        return 3;
    }
    case GP_SP_TODENSE: out[0] = todense(a, v[0], v[1], (int)v[2]); return 1;
    case GP_SP_FROMDENSE: fromdense(a[0], (int)v[0], out); return 3;
    case GP_SP_SPMM: out[0] = spmm(a, v[0], v[1], (int)v[2], a[3]); return 1;
    }
    rt_raise("RuntimeError", "rt_sparse: unknown routine %d", (int)kind);
}
