/*
 * array.c — gp_array headers over reference-counted device buffers: creation, views,
 * retain/release, host transfers, copies, and Python scalars from size-1 arrays.
 *
 * Invariants: a header's refcnt counts its owners; a buffer's refcnt counts the headers that
 * point at it (a view retains its base's buffer, not the base header), so a base may be
 * released before its views.  a->data always points at element [0, ..., 0]; a->size is the
 * product of a->shape (1 for ndim 0).  Hand-built headers (tests) may have buf == NULL: every
 * function here accepts that.  All transfers run on rt_stream(); functions that hand values to
 * the host synchronise that stream first.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---------------------------------------------------------------- dtypes */

static const char *const dtype_names[GP_NDTYPES] = {
#define GPK_DTYPE(id, name, ctype, size) name,
#include "gpyrt_kinds.def"
};
static const size_t dtype_sizes[GP_NDTYPES] = {
#define GPK_DTYPE(id, name, ctype, size) size,
#include "gpyrt_kinds.def"
};

const char *rt_dtype_name(gp_dtype d)
{
    return (unsigned)d < GP_NDTYPES ? dtype_names[d] : "?";
}

size_t rt_dtype_size(gp_dtype d)
{
    return (unsigned)d < GP_NDTYPES ? dtype_sizes[d] : 0;
}

bool rt_dtype_is_complex(gp_dtype d)
{
    return d == GP_COMPLEX64 || d == GP_COMPLEX128;
}

bool rt_dtype_is_float(gp_dtype d)
{
    return d == GP_FLOAT16 || d == GP_FLOAT32 || d == GP_FLOAT64;
}

/* ---------------------------------------------------------------- float16 on the host */

/* IEEE binary16 bits to double (exact). */
double rt_half_to_f64(uint16_t h)
{
    int sign = h >> 15, exp = (h >> 10) & 31, mant = h & 1023;
    double v;
    if (exp == 0)
        v = ldexp(mant, -24);
    else if (exp == 31)
        v = mant ? NAN : INFINITY;
    else
        v = ldexp(1024 + mant, exp - 25);
    return sign ? -v : v;
}

/* double to binary16, rounding to nearest even (overflow gives inf). */
uint16_t rt_f64_to_half(double v)
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    if (isnan(v))
        return sign | 0x7e00;
    double a = fabs(v);
    if (a >= 65520.0)
        return sign | 0x7c00;
    if (a < 0x1p-14)   /* subnormal, in units of 2^-24; 1024 units encode the least normal */
        return sign | (uint16_t)nearbyint(a * 0x1p24);
    int e;
    double m = frexp(a, &e);                  /* a = m * 2^e, m in [0.5, 1) */
    double f = nearbyint((m * 2 - 1) * 1024);
    int ef = e - 1 + 15;
    if (f == 1024) {
        f = 0;
        ef++;
    }
    if (ef >= 31)
        return sign | 0x7c00;
    return sign | (uint16_t)(ef << 10) | (uint16_t)f;
}

/* ---------------------------------------------------------------- host element access */

double rt_elem_f64(const void *p, gp_dtype d)
{
    switch (d) {
    case GP_BOOL: return *(const uint8_t *)p != 0;
    case GP_INT8: return *(const int8_t *)p;
    case GP_INT16: return *(const int16_t *)p;
    case GP_INT32: return *(const int32_t *)p;
    case GP_INT64: return (double)*(const int64_t *)p;
    case GP_UINT8: return *(const uint8_t *)p;
    case GP_UINT16: return *(const uint16_t *)p;
    case GP_UINT32: return *(const uint32_t *)p;
    case GP_UINT64: return (double)*(const uint64_t *)p;
    case GP_FLOAT16: return rt_half_to_f64(*(const uint16_t *)p);
    case GP_FLOAT32: return *(const float *)p;
    case GP_FLOAT64: return *(const double *)p;
    case GP_COMPLEX64: return ((const float *)p)[0];
    case GP_COMPLEX128: return ((const double *)p)[0];
    default: return 0;
    }
}

/* Float to int64 as int() does for values in range; out-of-range values saturate. */
static int64_t f64_to_i64(double v)
{
    if (isnan(v))
        return 0;
    if (v >= 0x1p63)
        return INT64_MAX;
    if (v < -0x1p63)
        return INT64_MIN;
    return (int64_t)v;
}

int64_t rt_elem_i64(const void *p, gp_dtype d)
{
    switch (d) {
    case GP_BOOL: return *(const uint8_t *)p != 0;
    case GP_INT8: return *(const int8_t *)p;
    case GP_INT16: return *(const int16_t *)p;
    case GP_INT32: return *(const int32_t *)p;
    case GP_INT64: return *(const int64_t *)p;
    case GP_UINT8: return *(const uint8_t *)p;
    case GP_UINT16: return *(const uint16_t *)p;
    case GP_UINT32: return *(const uint32_t *)p;
    case GP_UINT64: return (int64_t)*(const uint64_t *)p;
    default: return f64_to_i64(rt_elem_f64(p, d));
    }
}

void rt_elem_c128(const void *p, gp_dtype d, double *re, double *im)
{
    if (d == GP_COMPLEX64) {
        *re = ((const float *)p)[0];
        *im = ((const float *)p)[1];
    } else if (d == GP_COMPLEX128) {
        *re = ((const double *)p)[0];
        *im = ((const double *)p)[1];
    } else {
        *re = rt_elem_f64(p, d);
        *im = 0;
    }
}

bool rt_elem_bool(const void *p, gp_dtype d)
{
    if (rt_dtype_is_complex(d)) {
        double re, im;
        rt_elem_c128(p, d, &re, &im);
        return re != 0 || im != 0;
    }
    if (rt_dtype_is_float(d))
        return rt_elem_f64(p, d) != 0;   /* NaN != 0 is true */
    return rt_elem_i64(p, d) != 0;
}

/* ---------------------------------------------------------------- buffers and headers */

static gp_buffer *buffer_new(size_t nbytes)
{
    gp_buffer *b = rt_xmalloc(sizeof *b);
    b->refcnt = 1;
    b->nbytes = nbytes;
    b->base = gpu_malloc(nbytes);
    return b;
}

static void buffer_release(gp_buffer *b)
{
    if (b && --b->refcnt == 0) {
        gpu_free(b->base);
        free(b);
    }
}

/* Product of the dims (ValueError for a negative one or an overflowing product). */
static int64_t checked_size(int ndim, const int64_t *shape, size_t itemsize)
{
    if (ndim < 0 || ndim > GP_MAXDIM)
        rt_raise("ValueError", "maximum supported dimension for an ndarray is currently %d, "
                 "found %d", GP_MAXDIM, ndim);
    int64_t size = 1;
    bool overflow = false;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0)
            rt_raise("ValueError", "negative dimensions are not allowed");
        if (shape[i] != 0 && size > INT64_MAX / shape[i])
            overflow = true;
        else
            size *= shape[i];
    }
    for (int i = 0; i < ndim; i++)
        if (shape[i] == 0)
            return 0;
    if (overflow || (itemsize && size > INT64_MAX / (int64_t)itemsize))
        rt_raise("ValueError", "array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                 "the maximum possible size.");
    return size;
}

gp_array *rt_empty(gp_dtype dt, int ndim, const int64_t *shape)
{
    size_t isz = rt_dtype_size(dt);
    int64_t size = checked_size(ndim, shape, isz);
    gp_array *a = rt_xcalloc(1, sizeof *a);
    a->refcnt = 1;
    a->dtype = dt;
    a->ndim = ndim;
    a->size = size;
    for (int i = 0; i < ndim; i++)
        a->shape[i] = shape[i];
    rt_c_strides(ndim, shape, isz, a->strides);
    a->buf = buffer_new((size_t)size * isz);
    a->data = a->buf->base;
    return a;
}

gp_array *rt_view(const gp_array *base, int ndim, const int64_t *shape, const int64_t *strides,
                  char *data)
{
    int64_t size = checked_size(ndim, shape, 0);
    gp_array *a = rt_xcalloc(1, sizeof *a);
    a->refcnt = 1;
    a->dtype = base->dtype;
    a->ndim = ndim;
    a->size = size;
    for (int i = 0; i < ndim; i++) {
        a->shape[i] = shape[i];
        a->strides[i] = strides[i];
    }
    a->data = data;
    a->buf = base->buf;
    if (a->buf)
        a->buf->refcnt++;
    return a;
}

gp_array *rt_retain(gp_array *a)
{
    if (a)
        a->refcnt++;
    return a;
}

void rt_release(gp_array *a)
{
    if (a && --a->refcnt == 0) {
        buffer_release(a->buf);
        free(a);
    }
}

bool rt_is_contiguous(const gp_array *a)
{
    if (a->size == 0)
        return true;
    int64_t expect = (int64_t)rt_dtype_size(a->dtype);
    for (int i = a->ndim - 1; i >= 0; i--) {
        if (a->shape[i] == 1)
            continue;
        if (a->strides[i] != expect)
            return false;
        expect *= a->shape[i];
    }
    return true;
}

void rt_array_extent(const gp_array *a, int64_t *lo, int64_t *hi)
{
    *lo = *hi = 0;
    if (a->size == 0)
        return;
    int64_t l = 0, h = 0;
    for (int i = 0; i < a->ndim; i++) {
        int64_t span = (a->shape[i] - 1) * a->strides[i];
        if (span < 0)
            l += span;
        else
            h += span;
    }
    *lo = l;
    *hi = h + (int64_t)rt_dtype_size(a->dtype);
}

bool rt_may_overlap(const gp_array *a, const gp_array *b)
{
    if (!a || !b || !a->buf || a->buf != b->buf || a->size == 0 || b->size == 0)
        return false;
    int64_t alo, ahi, blo, bhi;
    rt_array_extent(a, &alo, &ahi);
    rt_array_extent(b, &blo, &bhi);
    const char *a0 = a->data + alo, *a1 = a->data + ahi;
    const char *b0 = b->data + blo, *b1 = b->data + bhi;
    return a0 < b1 && b0 < a1;
}

/* g combined (gcd) with the strides of a's dimensions longer than one: every element of a
 * starts at a->data plus a multiple of the result. */
static int64_t stride_gcd(const gp_array *a, int64_t g)
{
    for (int i = 0; i < a->ndim; i++) {
        int64_t s = a->strides[i] < 0 ? -a->strides[i] : a->strides[i];
        if (a->shape[i] <= 1) continue;
        while (s) {
            const int64_t t = g % s;
            g = s;
            s = t;
        }
    }
    return g;
}

/* Do a and b (views of one buffer) have no byte in common although their ranges overlap?
 * With g the gcd of both arrays' strides, a's elements start at addresses x = a->data mod g
 * and b's at y with y - x = r mod g, r = (b->data - a->data) mod g: so y - x >= r or
 * y - x <= r - g, and [x, x + na) and [y, y + nb) are disjoint when r >= na and g - r >= nb.
 * Column j of a matrix against column j - 1 (adi's, deriche's recurrences): g is the row
 * pitch, r one element. */
static bool lattice_disjoint(const gp_array *a, const gp_array *b)
{
    const int64_t g = stride_gcd(b, stride_gcd(a, 0));
    if (g <= 0) return false;
    int64_t r = (int64_t)(b->data - a->data) % g;
    if (r < 0) r += g;
    return r >= (int64_t)rt_dtype_size(a->dtype) && g - r >= (int64_t)rt_dtype_size(b->dtype);
}

/* A kernel that writes dst element by element, reading src at the same iteration index,
 * needs src copied first when the two share memory, unless src is exactly dst (same first
 * element, shape, strides and item size): then each element is read and written by one
 * thread, read first, as `a[:] = a * 0.5 + b` needs.  Views whose elements interleave
 * without touching (lattice_disjoint) share no memory either. */
bool rt_store_needs_copy(const gp_array *dst, const gp_array *src)
{
    if (!rt_may_overlap(dst, src) || lattice_disjoint(dst, src)) return false;
    if (dst->data != src->data || dst->ndim != src->ndim ||
        rt_dtype_size(dst->dtype) != rt_dtype_size(src->dtype))
        return true;
    for (int i = 0; i < dst->ndim; i++)
        if (dst->shape[i] != src->shape[i] || dst->strides[i] != src->strides[i])
            return true;
    return false;
}

/* ---------------------------------------------------------------- transfers and copies */

gp_array *rt_from_host(gp_dtype dt, int ndim, const int64_t *shape, const void *host)
{
    gp_array *a = rt_empty(dt, ndim, shape);
    size_t nbytes = (size_t)a->size * rt_dtype_size(dt);
    if (nbytes) {
        /* The caller may free host memory on return: wait for the copy to finish. */
        cudaStream_t s = rt_stream();
        CHECK_CUDA(cudaMemcpyAsync(a->data, host, nbytes, cudaMemcpyHostToDevice, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
    }
    return a;
}

/* Gathers a's elements in C order from host bytes where a->data corresponds to base. */
static void gather(char *dst, const char *base, const gp_array *a)
{
    size_t isz = rt_dtype_size(a->dtype);
    int64_t idx[GP_MAXDIM] = {0};
    int64_t off = 0;
    for (int64_t k = 0; k < a->size; k++) {
        memcpy(dst + (size_t)k * isz, base + off, isz);
        for (int d = a->ndim - 1; d >= 0; d--) {   /* odometer increment */
            off += a->strides[d];
            if (++idx[d] < a->shape[d])
                break;
            off -= a->strides[d] * a->shape[d];
            idx[d] = 0;
        }
    }
}

void rt_to_host(const gp_array *a, void *dst)
{
    if (a->size == 0)
        return;
    size_t isz = rt_dtype_size(a->dtype);
    size_t nbytes = (size_t)a->size * isz;
    cudaStream_t s = rt_stream();
    if (rt_is_contiguous(a)) {
        CHECK_CUDA(cudaMemcpyAsync(dst, a->data, nbytes, cudaMemcpyDeviceToHost, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        rt_reduce_raise_flagged();
        return;
    }
    int64_t lo, hi;
    rt_array_extent(a, &lo, &hi);
    if ((uint64_t)(hi - lo) > 4 * (uint64_t)nbytes + (1u << 20)) {
        /* Sparse view of a large buffer: compact it on the device first. */
        gp_array *c = rt_copy(a);
        rt_to_host(c, dst);
        rt_release(c);
        return;
    }
    char *tmp = rt_xmalloc((size_t)(hi - lo));
    CHECK_CUDA(cudaMemcpyAsync(tmp, a->data + lo, (size_t)(hi - lo), cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    gather(dst, tmp - lo, a);
    rt_reduce_raise_flagged();
    free(tmp);
}

void rt_to_host_ranges(const gp_array *a, int n, const int64_t *lo, const int64_t *hi, void *dst)
{
    if (a->size == 0)
        return;
    const int nd = a->ndim - 1;
    const int64_t w = a->shape[nd], rows = a->size / w;
    /* equally spaced rows: the axes before the last, of extent > 1, nest as C order does */
    int64_t pitch = w, next = 0;
    bool even = a->dtype == GP_UINT8 && (w == 1 || a->strides[nd] == 1), first = true;
    for (int k = nd - 1; k >= 0 && even; k--) {
        if (a->shape[k] == 1)
            continue;
        if (first)
            pitch = a->strides[k];
        else if (a->strides[k] != next)
            even = false;
        next = a->strides[k] * a->shape[k];
        first = false;
    }
    for (int i = 0; i < n; i++)
        even = even && lo[i] >= 0 && hi[i] <= w;
    if (!even || (rows > 1 && pitch < w)) {
        rt_to_host(a, dst);
        return;
    }
    cudaStream_t s = rt_stream();
    for (int i = 0; i < n; i++)
        if (hi[i] > lo[i])
            CHECK_CUDA(cudaMemcpy2DAsync((char *)dst + lo[i], (size_t)w, a->data + lo[i], (size_t)pitch,
                                         (size_t)(hi[i] - lo[i]), (size_t)rows, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    rt_reduce_raise_flagged();
}

void rt_strided_copy(gp_array *dst, const gp_array *src)
{
    if (src->size == 0)
        return;
    size_t isz = rt_dtype_size(src->dtype);
    cudaStream_t s = rt_stream();
    if (rt_is_contiguous(src) && rt_is_contiguous(dst)) {
        CHECK_CUDA(cudaMemcpyAsync(dst->data, src->data, (size_t)src->size * isz,
                                   cudaMemcpyDeviceToDevice, s));
        return;
    }
    rt_launch_strided_copy(dst->data, dst->strides, src->data, src->strides, src->ndim,
                           src->shape, src->size, isz, s);
    rt_check_launch();
}

gp_array *rt_copy(const gp_array *a)
{
    gp_array *c = rt_empty(a->dtype, a->ndim, a->shape);
    rt_strided_copy(c, a);
    return c;
}

/* ---------------------------------------------------------------- Python scalars */

/* Copies the single element of a to host memory (synchronises). */
static void fetch_one(const gp_array *a, void *out)
{
    cudaStream_t s = rt_stream();
    CHECK_CUDA(cudaMemcpyAsync(out, a->data, rt_dtype_size(a->dtype), cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    rt_reduce_raise_flagged();
}

static void need_one(const gp_array *a)
{
    if (a->size != 1)
        rt_raise("TypeError", "only length-1 arrays can be converted to Python scalars");
}

double rt_item_f64(const gp_array *a)
{
    need_one(a);
    if (rt_dtype_is_complex(a->dtype))
        rt_raise("TypeError", "float() argument must be a string or a real number, not 'complex'");
    char v[16];
    fetch_one(a, v);
    return rt_elem_f64(v, a->dtype);
}

int64_t rt_item_i64(const gp_array *a)
{
    need_one(a);
    if (rt_dtype_is_complex(a->dtype))
        rt_raise("TypeError", "int() argument must be a string, a bytes-like object or a real "
                 "number, not 'complex'");
    char v[16];
    fetch_one(a, v);
    if (rt_dtype_is_float(a->dtype)) {
        double x = rt_elem_f64(v, a->dtype);
        if (isnan(x))
            rt_raise("ValueError", "cannot convert float NaN to integer");
        if (isinf(x))
            rt_raise("OverflowError", "cannot convert float infinity to integer");
        if (x >= 0x1p63 || x < -0x1p63)
            rt_raise("OverflowError", "Python int too large to convert to C long");
    }
    return rt_elem_i64(v, a->dtype);
}

bool rt_item_bool(const gp_array *a)
{
    if (a->size > 1)
        rt_raise("ValueError", "The truth value of an array with more than one element is "
                 "ambiguous. Use a.any() or a.all()");
    if (a->size == 0)
        return false;   /* NumPy < 2.2 (the oracle): a DeprecationWarning and False */
    char v[16];
    fetch_one(a, v);
    return rt_elem_bool(v, a->dtype);
}

void rt_item_c128(const gp_array *a, double *re, double *im)
{
    need_one(a);
    char v[16];
    fetch_one(a, v);
    rt_elem_c128(v, a->dtype, re, im);
}

/* ---------------------------------------------------------------- memory of arrays */

/* The byte offsets (from its buffer's start) of a's elements, sorted; their count is a->size. */
static int64_t *element_offsets(const gp_array *a)
{
    int64_t *off = rt_xmalloc(sizeof *off * (size_t)(a->size ? a->size : 1));
    int64_t idx[GP_MAXDIM] = { 0 }, o = a->data - a->buf->base;
    for (int64_t k = 0; k < a->size; k++) {
        off[k] = o;
        for (int d = a->ndim - 1; d >= 0; d--) {
            o += a->strides[d];
            if (++idx[d] < a->shape[d]) break;
            o -= a->strides[d] * a->shape[d];
            idx[d] = 0;
        }
    }
    return off;
}

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

bool rt_shares_memory(const gp_array *a, const gp_array *b)
{
    if (!rt_may_overlap(a, b)) return false;
    int64_t *oa = element_offsets(a), *ob = element_offsets(b);
    qsort(oa, (size_t)a->size, sizeof *oa, cmp_i64);
    qsort(ob, (size_t)b->size, sizeof *ob, cmp_i64);
    int64_t na = (int64_t)rt_dtype_size(a->dtype), nb = (int64_t)rt_dtype_size(b->dtype);
    bool hit = false;
    for (int64_t i = 0, j = 0; i < a->size && j < b->size && !hit;) {
        hit = oa[i] < ob[j] + nb && ob[j] < oa[i] + na; /* [oa, oa+na) meets [ob, ob+nb) */
        if (oa[i] + na <= ob[j] + nb)
            i++;
        else
            j++;
    }
    free(oa);
    free(ob);
    return hit;
}
