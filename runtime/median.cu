/*
 * median.cu — cupy.median (rt_median): NumPy's median of each line of a real array.
 *
 * The reduced axis is moved last in a C-contiguous copy (lines × n), every element becomes its
 * radix key (rk_key: an unsigned integer of its width, CUB's radix order), every line of keys
 * is sorted at once with cub::DeviceSegmentedSort (segsort.h: one instantiation per key width,
 * shared by the dtypes of that width), and one thread per line picks the middle element, or the
 * mean of the two middle ones computed as NumPy's mean does (in the input float type; float16
 * in float; integers in float64).  A line holding a NaN gives NaN (found by scanning the whole
 * line); an empty line gives NaN (NumPy warns).
 *
 * rt_quantile (quantile, percentile, their nan* forms, nanmedian) sorts the same way, over any
 * set of axes (moved last), after a pass that counts each line's non-NaN elements and turns
 * its NaNs into +inf (so a line's first `valid` sorted elements are its sorted non-NaN values)
 * and every element into its radix key in place; then one thread per (q, line) interpolates as
 * NumPy's 'linear' method, or takes the middle (nanmedian).
 *
 * Invariants: everything runs on rt_stream(); temporary storage comes from the pool.
 */
#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include "internal.h"
#include "libgpu.h"
#include "segsort.h"

#include <string.h>

enum { BLOCK = 256 };

/* ---------------------------------------------------------------- radix keys */

/* The unsigned integer of T's width: the type of T's radix key. */
template <size_t W> struct rk_uint;
template <> struct rk_uint<1> {
    typedef uint8_t type;
};
template <> struct rk_uint<2> {
    typedef uint16_t type;
};
template <> struct rk_uint<4> {
    typedef uint32_t type;
};
template <> struct rk_uint<8> {
    typedef uint64_t type;
};
template <typename T> using rk_key_t = typename rk_uint<sizeof(T)>::type;

/* How T's bits become its radix key: as they are (bool, unsigned), sign bit flipped (signed),
 * or as a float (float16, float32, float64). */
enum { RK_UNSIGNED, RK_SIGNED, RK_FLOAT };
template <typename T> struct rk_kind {
    static constexpr int v = (T)-1 < (T)0 ? RK_SIGNED : RK_UNSIGNED;
};
template <> struct rk_kind<bool> {
    static constexpr int v = RK_UNSIGNED;
};
template <> struct rk_kind<__half> {
    static constexpr int v = RK_FLOAT;
};
template <> struct rk_kind<float> {
    static constexpr int v = RK_FLOAT;
};
template <> struct rk_kind<double> {
    static constexpr int v = RK_FLOAT;
};

/* v's radix key: an unsigned integer whose order is the order CUB's radix sort gives T (floats:
 * negative values have every bit inverted, the others the sign bit set, so -0.0 sorts before
 * +0.0 and NaNs go to either end by their sign).  A bijection: rk_value inverts it. */
template <typename T> __device__ inline rk_key_t<T> rk_key(T v)
{
    typedef rk_key_t<T> K;
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    K u;
    memcpy(&u, &v, sizeof u);
    if (rk_kind<T>::v == RK_SIGNED) return (K)(u ^ sign);
    if (rk_kind<T>::v == RK_FLOAT) return (u & sign) ? (K)~u : (K)(u | sign);
    return u;
}

/* The element whose radix key is k. */
template <typename T> __device__ inline T rk_value(rk_key_t<T> k)
{
    typedef rk_key_t<T> K;
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    K u = k;
    if (rk_kind<T>::v == RK_SIGNED) u = (K)(k ^ sign);
    if (rk_kind<T>::v == RK_FLOAT) u = (k & sign) ? (K)(k ^ sign) : (K)~k;
    T v;
    memcpy(&v, &u, sizeof v);
    return v;
}

/* ---------------------------------------------------------------- kernels */

/* keys[i] = rk_key(c[i]). */
template <typename T>
__global__ void __launch_bounds__(BLOCK) radix_keys_kernel(const T *c, int64_t size, rk_key_t<T> *keys)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride)
        keys[i] = rk_key(c[i]);
}

/* out[t] = median of the line of sorted radix keys s[t*n .. t*n+n), computed in AT, stored as
 * RT. */
template <typename T, typename AT, typename RT>
__global__ void __launch_bounds__(BLOCK)
    median_pick_kernel(const rk_key_t<T> *s, int64_t lines, int64_t n, RT *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < lines; t += stride) {
        const rk_key_t<T> *l = s + t * n;
        /* a NaN anywhere in the line makes the median NaN (NaNs sort to either end by their
         * sign), so look at all */
        bool nan = n == 0;
        for (int64_t k = 0; k < n && !nan; k++) nan = gpi_isnan(rk_value<T>(l[k]));
        if (nan) {
            out[t] = gp_cast<RT>((double)NAN);
            continue;
        }
        AT m = gp_cast<AT>(rk_value<T>(l[n / 2]));
        if (n % 2 == 0) m = gpi_truediv(gpi_add(gp_cast<AT>(rk_value<T>(l[n / 2 - 1])), m), gp_cast<AT>(2));
        out[t] = gp_cast<RT>(m);
    }
}

/* Counts the non-NaN elements of each line of c (lines × n, C-contiguous) into valid[] and
 * replaces each element of c by its radix key, a NaN by that of +inf (so that NaNs sort after
 * every value). */
template <typename T>
__global__ void __launch_bounds__(BLOCK) quantile_prep_kernel(T *c, int64_t lines, int64_t n, int64_t *valid)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < lines; t += stride) {
        T *l = c + t * n;
        rk_key_t<T> *kl = (rk_key_t<T> *)l;
        int64_t k = 0;
        for (int64_t i = 0; i < n; i++) {
            const bool nan = gpi_isnan(l[i]);
            k += !nan;
            kl[i] = rk_key(nan ? gp_cast<T>((double)INFINITY) : l[i]);
        }
        valid[t] = k;
    }
}

/* out[j*lines + t]: quantile q[j] of sorted line t (its first valid[t] elements are its values;
 * a line with fewer than n is NaN unless nan_skip).  NumPy's 'linear' method:
 *   v = (k-1)·q; lo = floor(v), hi = lo+1, both clamped to [0, k-1]; g = v - lo;
 *   lerp(a, b, g) = g < 0.5 ? a + (b-a)·g : b - (b-a)·(1-g)   (numpy _lerp), in AT.
 * median (q NULL, nq 1): the middle element or the mean of the middle two, as rt_median. */
template <typename T, typename AT, typename RT>
__global__ void __launch_bounds__(BLOCK)
    quantile_pick_kernel(const rk_key_t<T> *s, const int64_t *valid, int64_t lines, int64_t n,
                         const double *q, int64_t nq, double scale, bool nan_skip, RT *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < lines * nq; i += stride) {
        const int64_t t = i % lines, j = i / lines;
        const rk_key_t<T> *l = s + t * n;
        const int64_t k = valid[t];
        if (k == 0 || (!nan_skip && k < n)) {
            out[i] = gp_cast<RT>((double)NAN);
            continue;
        }
        AT r;
        if (!q) {
            r = gp_cast<AT>(rk_value<T>(l[k / 2]));
            if (k % 2 == 0)
                r = gpi_truediv(gpi_add(gp_cast<AT>(rk_value<T>(l[k / 2 - 1])), r), gp_cast<AT>(2));
        } else {
            const double v = (double)(k - 1) * (q[j] / scale);
            double fl = floor(v);
            int64_t lo = (int64_t)fl, hi = lo + 1;
            if (v >= (double)(k - 1)) lo = hi = k - 1;
            if (v < 0) lo = hi = 0;
            const AT a = gp_cast<AT>(rk_value<T>(l[lo])), b = gp_cast<AT>(rk_value<T>(l[hi]));
            const AT g = gp_cast<AT>(v - (double)lo);
            if (lo == hi) r = a;
            else {
                const AT d = gpi_sub(b, a);
                r = g < gp_cast<AT>(0.5) ? gpi_add(a, gpi_mul(d, g))
                                         : gpi_sub(b, gpi_mul(d, gpi_sub(gp_cast<AT>(1), g)));
            }
        }
        out[i] = gp_cast<RT>(r);
    }
}

/* ---------------------------------------------------------------- launchers */

template <typename T, typename AT, typename RT>
static void median_typed(const gp_array *c, gp_array *r, int64_t lines, int64_t n)
{
    typedef rk_key_t<T> K;
    cudaStream_t s = rt_stream();
    K *sorted = NULL;
    if (n > 0 && lines > 0) {
        if (c->size > INT32_MAX) rt_raise("ValueError", "median() supports up to 2**31 - 1 elements");
        K *keys = (K *)gpu_malloc((size_t)c->size * sizeof(K));
        radix_keys_kernel<T><<<rt_grid_for(c->size, BLOCK), BLOCK, 0, s>>>((const T *)c->data, c->size, keys);
        rt_check_launch();
        sorted = (K *)gpu_malloc((size_t)c->size * sizeof(K));
        seg_sort_keys<K>(keys, sorted, c->size, lines, n);
        gpu_free(keys);
    }
    if (lines > 0) {
        median_pick_kernel<T, AT, RT><<<rt_grid_for(lines, BLOCK), BLOCK, 0, s>>>(sorted, lines, n, (RT *)r->data);
        rt_check_launch();
    }
    if (sorted) gpu_free(sorted);
}

/* RT: float64 for integer input, else the input type; AT: the type the mean adds in. */
template <typename T, typename AT> static void median_out(const gp_array *c, gp_array *r, int64_t lines, int64_t n)
{
    switch (r->dtype) {
    case GP_FLOAT16: median_typed<T, AT, __half>(c, r, lines, n); break;
    case GP_FLOAT32: median_typed<T, AT, float>(c, r, lines, n); break;
    case GP_FLOAT64: median_typed<T, AT, double>(c, r, lines, n); break;
    default: rt_raise("TypeError", "median() result dtype %s", rt_dtype_name(r->dtype));
    }
}

static void median_dispatch(const gp_array *c, gp_array *r, int64_t lines, int64_t n)
{
    switch (c->dtype) {
    case GP_BOOL: median_out<bool, double>(c, r, lines, n); break;
    case GP_INT8: median_out<int8_t, double>(c, r, lines, n); break;
    case GP_INT16: median_out<int16_t, double>(c, r, lines, n); break;
    case GP_INT32: median_out<int32_t, double>(c, r, lines, n); break;
    case GP_INT64: median_out<int64_t, double>(c, r, lines, n); break;
    case GP_UINT8: median_out<uint8_t, double>(c, r, lines, n); break;
    case GP_UINT16: median_out<uint16_t, double>(c, r, lines, n); break;
    case GP_UINT32: median_out<uint32_t, double>(c, r, lines, n); break;
    case GP_UINT64: median_out<uint64_t, double>(c, r, lines, n); break;
    case GP_FLOAT16: median_out<__half, float>(c, r, lines, n); break;
    case GP_FLOAT32: median_out<float, float>(c, r, lines, n); break;
    case GP_FLOAT64: median_out<double, double>(c, r, lines, n); break;
    default: rt_raise("TypeError", "median() of %s arrays is not supported", rt_dtype_name(c->dtype));
    }
}

extern "C" gp_array *rt_median(const gp_array *x, int axis, bool keepdims, gp_dtype out)
{
    int64_t oshape[GP_MAXDIM];
    int ond = 0;
    int64_t n = axis < 0 ? x->size : x->shape[axis];
    for (int d = 0; d < x->ndim; d++) {
        bool reduced = axis < 0 || d == axis;
        if (!reduced) oshape[ond++] = x->shape[d];
        else if (keepdims) oshape[ond++] = 1;
    }
    gp_array *r = rt_empty(out, ond, oshape);
    const int64_t lines = n > 0 ? x->size / n : r->size;
    /* the lines, C-contiguous with the reduced axis last */
    gp_array *c;
    if (axis < 0 || axis == x->ndim - 1) {
        c = rt_is_contiguous(x) ? rt_retain((gp_array *)x) : rt_copy(x);
    } else {
        int perm[GP_MAXDIM], k = 0;
        for (int d = 0; d < x->ndim; d++)
            if (d != axis) perm[k++] = d;
        perm[k] = axis;
        gp_array *t = rt_transpose(x, perm);
        c = rt_copy(t);
        rt_release(t);
    }
    median_dispatch(c, r, lines, n);
    rt_release(c);
    return r;
}

/* ---------------------------------------------------------------- quantile */

/* Sorts each line of c (lines × n, C-contiguous, overwritten by the prep pass) into a new buffer,
 * then picks.  q: nq float64 values on the device, or NULL for the median. */
template <typename T, typename AT, typename RT>
static void quantile_typed(gp_array *c, gp_array *r, int64_t lines, int64_t n, const double *q, int64_t nq,
                           double scale, bool nan_skip)
{
    typedef rk_key_t<T> K;
    cudaStream_t s = rt_stream();
    if (lines == 0 || nq == 0) return;
    int64_t *valid = (int64_t *)gpu_malloc((size_t)lines * sizeof(int64_t));
    quantile_prep_kernel<T><<<rt_grid_for(lines, BLOCK), BLOCK, 0, s>>>((T *)c->data, lines, n, valid);
    rt_check_launch();
    K *sorted = NULL;
    if (n > 0) {
        if (c->size > INT32_MAX) rt_raise("ValueError", "quantile() supports up to 2**31 - 1 elements");
        sorted = (K *)gpu_malloc((size_t)c->size * sizeof(K));
        seg_sort_keys<K>((const K *)c->data, sorted, c->size, lines, n);
    }
    quantile_pick_kernel<T, AT, RT><<<rt_grid_for(lines * nq, BLOCK), BLOCK, 0, s>>>(
        sorted, valid, lines, n, q, nq, scale, nan_skip, (RT *)r->data);
    rt_check_launch();
    if (sorted) gpu_free(sorted);
    gpu_free(valid);
}

template <typename T, typename AT>
static void quantile_out(gp_array *c, gp_array *r, int64_t lines, int64_t n, const double *q, int64_t nq,
                         double scale, bool nan_skip)
{
    switch (r->dtype) {
    case GP_FLOAT16: quantile_typed<T, float, __half>(c, r, lines, n, q, nq, scale, nan_skip); break;
    case GP_FLOAT32: quantile_typed<T, AT, float>(c, r, lines, n, q, nq, scale, nan_skip); break;
    case GP_FLOAT64: quantile_typed<T, double, double>(c, r, lines, n, q, nq, scale, nan_skip); break;
    default: rt_raise("TypeError", "quantile() result dtype %s", rt_dtype_name(r->dtype));
    }
}

extern "C" gp_array *rt_quantile(const gp_array *x, const gp_array *q, int naxes, const int *axes, bool keepdims,
                                 int flags, gp_dtype out)
{
    const bool percent = flags & GP_Q_PERCENT, nan_skip = flags & GP_Q_NAN;
    const double scale = percent ? 100.0 : 1.0;
    /* q: float64 values, checked on the host as NumPy does (a NaN fails too) */
    gp_array *qc = NULL;
    int64_t nq = 1;
    if (q) {
        qc = rt_is_contiguous(q) ? rt_retain((gp_array *)q) : rt_copy(q);
        nq = qc->size;
        if (nq > 0) {
            double *h = (double *)malloc((size_t)nq * sizeof(double));
            if (!h) rt_raise("MemoryError", "out of host memory");
            rt_to_host(qc, h);
            bool ok = true;
            for (int64_t i = 0; i < nq; i++) ok = ok && h[i] >= 0 && h[i] <= scale;
            free(h);
            if (!ok) {
                rt_release(qc);
                rt_raise("ValueError", percent ? "Percentiles must be in the range [0, 100]"
                                               : "Quantiles must be in the range [0, 1]");
            }
        }
    }
    bool red[GP_MAXDIM] = {false};
    for (int d = 0; d < x->ndim; d++) red[d] = naxes == 0;
    for (int i = 0; i < naxes; i++) red[axes[i]] = true;
    int64_t oshape[2 * GP_MAXDIM];
    int ond = 0, perm[GP_MAXDIM], np_ = 0;
    int64_t n = 1;
    if (qc)
        for (int d = 0; d < qc->ndim; d++) oshape[ond++] = qc->shape[d];
    for (int d = 0; d < x->ndim; d++) {
        if (!red[d]) {
            oshape[ond++] = x->shape[d];
            perm[np_++] = d;
        } else if (keepdims) oshape[ond++] = 1;
    }
    for (int d = 0; d < x->ndim; d++)
        if (red[d]) {
            perm[np_++] = d;
            n *= x->shape[d];
        }
    if (ond > GP_MAXDIM) rt_raise("ValueError", "quantile() result has more than %d dimensions", GP_MAXDIM);
    gp_array *r = rt_empty(out, ond, oshape);
    const int64_t lines = n > 0 ? x->size / n : (qc ? r->size / (nq ? nq : 1) : r->size);
    /* the lines, a fresh C-contiguous copy with the reduced axes last (the prep pass writes it) */
    gp_array *t = rt_transpose(x, perm);
    gp_array *c = rt_copy(t);
    rt_release(t);
    const double *qd = qc ? (const double *)qc->data : NULL;
    switch (c->dtype) {
    case GP_BOOL: quantile_out<bool, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_INT8: quantile_out<int8_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_INT16: quantile_out<int16_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_INT32: quantile_out<int32_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_INT64: quantile_out<int64_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_UINT8: quantile_out<uint8_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_UINT16: quantile_out<uint16_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_UINT32: quantile_out<uint32_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_UINT64: quantile_out<uint64_t, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_FLOAT16: quantile_out<__half, float>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_FLOAT32: quantile_out<float, float>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    case GP_FLOAT64: quantile_out<double, double>(c, r, lines, n, qd, nq, scale, nan_skip); break;
    default:
        rt_release(c);
        rt_release(qc);
        rt_release(r);
        rt_raise("TypeError", "quantile() of %s arrays is not supported", rt_dtype_name(x->dtype));
    }
    rt_release(c);
    rt_release(qc);
    return r;
}
