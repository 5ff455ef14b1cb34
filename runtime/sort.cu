/*
 * sort.cu — sorting, searching and sets: cupy.sort / argsort / partition (rt_sort),
 * searchsorted (rt_searchsorted), unique (rt_unique), isin (rt_isin) and intersect1d /
 * union1d / setdiff1d / setxor1d (rt_setop).
 *
 * Every routine orders elements by a *sortable key*: an unsigned integer of the element's width
 * whose unsigned order is NumPy's sort order for the dtype —
 *   - bool and unsigned ints: the bits themselves;
 *   - signed ints: the bits with the sign bit flipped;
 *   - floats (float16/32/64, read as raw bits): -0.0 and +0.0 share one key, negative values
 *     have every bit inverted, positive ones the sign bit set, and every NaN (either sign, any
 *     payload) the largest key: NaNs sort last and tie with each other, as in NumPy.
 * Keys turn every sort into a CUB radix sort (stable), and every comparison (searchsorted,
 * unique's runs, isin) into an integer comparison with the same order.
 *
 * Sorting along an axis: the axis is moved last in a C-contiguous copy (lines × n); each
 * element gets its key and its position in its line; one line sorts with
 * cub::DeviceRadixSort::SortPairs, several with cub::DeviceSegmentedSort::StableSortPairs
 * (segsort.h, instantiated once per key width in its own files), or when lines are longer than
 * 2^31 (64-bit positions) with one SortPairs per line.
 * The sorted positions are argsort's answer; sort gathers the elements by them (so -0.0 and
 * NaN payloads come through unchanged), except the values sort of one line, which radix-sorts
 * the elements themselves (sort_one_line; -0.0 before +0.0 there, as in CuPy).  The result is
 * moved back to the input's axis order.
 * partition and argpartition return the full sort, which is one of the partitions NumPy allows.
 *
 * Complex arrays are rejected by the compiler; the runtime raises TypeError as a backstop.
 *
 * Invariants: everything runs on rt_stream(); temporary storage comes from the pool
 * (gpu_malloc/gpu_free, stream-ordered); inputs are borrowed and never written.
 */
#include "gpyrt.h"
#include "internal.h"
#include "libgpu.h"
#include "segsort.h"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

enum { BLOCK = 256 };
enum KeyKind { KK_UNSIGNED, KK_SIGNED, KK_FLOAT };

/* ---------------------------------------------------------------- keys */

/* The sortable key of raw element bits u (see the file comment); inf: the bits of +inf for
 * floats (unused otherwise). */
template <typename K> __host__ __device__ inline K sort_key(K u, int kind, K inf)
{
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    if (kind == KK_UNSIGNED) return u;
    if (kind == KK_SIGNED) return (K)(u ^ sign);
    const K mag = (K)(u & (K)~sign);
    if (mag > inf) return (K)~(K)0; /* NaN: last */
    if (mag == 0) return sign;      /* -0.0 == +0.0 */
    return (u & sign) ? (K)~u : (K)(u | sign);
}

template <typename K> __host__ __device__ inline bool key_is_nan(K u, int kind, K inf)
{
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    return kind == KK_FLOAT && (K)(u & (K)~sign) > inf;
}

/* ---------------------------------------------------------------- kernels */

/* keys[i] = key of c[i]; pos[i] = i's position in its line of n (when pos is non-NULL; P
 * holds n - 1). */
template <typename K, typename P>
__global__ void __launch_bounds__(BLOCK) make_keys_kernel(const K *c, int64_t size, int64_t n, int kind, K inf,
                                                         K *keys, P *pos)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride) {
        keys[i] = sort_key(c[i], kind, inf);
        if (pos) pos[i] = (P)(n == size ? i : i % n);
    }
}

/* out[i] = in[i], widened. */
__global__ void __launch_bounds__(BLOCK) widen_kernel(const int32_t *in, int64_t size, int64_t *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride) out[i] = in[i];
}

/* out[i] = c[line start + pos[i]]: the elements of each line in sorted order. */
template <typename K>
__global__ void __launch_bounds__(BLOCK) gather_kernel(const K *c, const int64_t *pos, int64_t size, int64_t n, K *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride)
        out[i] = c[i - i % n + pos[i]];
}

/* out[i] = the insertion point of v[i] in the sorted a[0..na): the first index whose element is
 * not less than v[i] (left), or greater than it (right). */
template <typename K>
__global__ void __launch_bounds__(BLOCK) searchsorted_kernel(const K *a, int64_t na, const K *v, int64_t nv,
                                                            int kind, K inf, bool right, int64_t *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nv; i += stride) {
        const K kv = sort_key(v[i], kind, inf);
        int64_t lo = 0, hi = na;
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            const K ka = sort_key(a[mid], kind, inf);
            if (right ? ka <= kv : ka < kv) lo = mid + 1;
            else hi = mid;
        }
        out[i] = lo;
    }
}

/* flag[i] = 1 where sorted key i starts a run of equal keys. */
template <typename K>
__global__ void __launch_bounds__(BLOCK) run_flags_kernel(const K *keys, int64_t size, int64_t *flag)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride)
        flag[i] = i == 0 || keys[i] != keys[i - 1];
}

/* One of unique's outputs from the sorted positions pos, the run starts flag and the run
 * numbers id (1-based, inclusive scan of flag).  part 0: the values (first of each run),
 * 1: their first indices, 2: the inverse (run number of each input element), 3: the counts
 * (out zeroed beforehand). */
template <typename K>
__global__ void __launch_bounds__(BLOCK) unique_part_kernel(const K *c, const int64_t *pos, const int64_t *flag,
                                                           const int64_t *id, int64_t size, int part, void *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride) {
        const int64_t u = id[i] - 1;
        switch (part) {
        case 0: if (flag[i]) ((K *)out)[u] = c[pos[i]]; break;
        case 1: if (flag[i]) ((int64_t *)out)[u] = pos[i]; break;
        case 2: ((int64_t *)out)[pos[i]] = u; break;
        default: atomicAdd((unsigned long long *)out + u, 1ULL); break;
        }
    }
}

/* out[i] = (e[i] equals some element of the sorted keys tk[0..nt)) != invert; NaN never
 * equals anything. */
template <typename K>
__global__ void __launch_bounds__(BLOCK) isin_kernel(const K *e, int64_t ne, const K *tk, int64_t nt, int kind, K inf,
                                                    bool invert, bool *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < ne; i += stride) {
        bool found = false;
        if (!key_is_nan(e[i], kind, inf)) {
            const K k = sort_key(e[i], kind, inf);
            int64_t lo = 0, hi = nt;
            while (lo < hi) {
                const int64_t mid = lo + (hi - lo) / 2;
                if (tk[mid] < k) lo = mid + 1;
                else hi = mid;
            }
            found = lo < nt && tk[lo] == k;
        }
        out[i] = found != invert;
    }
}

/* ---------------------------------------------------------------- helpers */

static int key_kind(gp_dtype d)
{
    switch (d) {
    case GP_INT8: case GP_INT16: case GP_INT32: case GP_INT64: return KK_SIGNED;
    case GP_FLOAT16: case GP_FLOAT32: case GP_FLOAT64: return KK_FLOAT;
    case GP_COMPLEX64: case GP_COMPLEX128:
        rt_raise("TypeError", "sorting %s arrays is not supported", rt_dtype_name(d));
    default: return KK_UNSIGNED;
    }
}

/* The bits of +inf for a float of `width` bytes. */
template <typename K> static K inf_bits()
{
    return sizeof(K) == 2 ? (K)0x7C00u : sizeof(K) == 4 ? (K)0x7F800000u : (K)0x7FF0000000000000ull;
}

/* x as a C-contiguous array (new reference). */
static gp_array *contiguous(const gp_array *x)
{
    return rt_is_contiguous(x) ? rt_retain((gp_array *)x) : rt_copy(x);
}

/* x with `axis` moved last, C-contiguous (new reference). */
static gp_array *lines_of(const gp_array *x, int axis)
{
    if (axis == x->ndim - 1) return contiguous(x);
    int perm[GP_MAXDIM], k = 0;
    for (int d = 0; d < x->ndim; d++)
        if (d != axis) perm[k++] = d;
    perm[k] = axis;
    gp_array *t = rt_transpose(x, perm);
    gp_array *c = rt_copy(t);
    rt_release(t);
    return c;
}

/* Sorts each line of n (key, position) pairs of kin/pin[0..size) by key, stably, into kout/pout:
 * several lines of 32-bit positions at once with the segmented sort, one line, or lines longer
 * than 2^31 (64-bit positions), with one radix sort each. */
template <typename K, typename P>
static void sort_pairs(const K *kin, K *kout, const P *pin, P *pout, int64_t size, int64_t n)
{
    if constexpr (sizeof(P) == 4) {
        if (size > n) {
            seg_sort_pairs<K>(kin, kout, pin, pout, size, size / n, n);
            return;
        }
    }
    cudaStream_t s = rt_stream();
    for (int64_t o = 0; o < size; o += n) {
        size_t bytes = 0;
        CHECK_CUDA(cub::DeviceRadixSort::SortPairs((void *)NULL, bytes, kin + o, kout + o, pin + o, pout + o,
                                                   n, 0, (int)sizeof(K) * 8, s));
        void *tmp = gpu_malloc(bytes ? bytes : 1);
        CHECK_CUDA(cub::DeviceRadixSort::SortPairs(tmp, bytes, kin + o, kout + o, pin + o, pout + o, n, 0,
                                                   (int)sizeof(K) * 8, s));
        gpu_free(tmp);
    }
}

/* sort_lines with positions of type P (holding n - 1) into pos_out. */
template <typename K, typename P>
static void sort_lines_as(const K *c, int64_t size, int64_t n, int kind, P *pos_out, K *keys_out)
{
    cudaStream_t s = rt_stream();
    K *kin = (K *)gpu_malloc((size_t)size * sizeof(K));
    K *kout = keys_out ? keys_out : (K *)gpu_malloc((size_t)size * sizeof(K));
    P *pin = (P *)gpu_malloc((size_t)size * sizeof(P));
    make_keys_kernel<K, P><<<rt_grid_for(size, BLOCK), BLOCK, 0, s>>>(c, size, n, kind, inf_bits<K>(), kin, pin);
    rt_check_launch();
    sort_pairs<K, P>(kin, kout, pin, pos_out, size, n);
    gpu_free(pin);
    gpu_free(kin);
    if (!keys_out) gpu_free(kout);
}

/* Sorts each line of n elements of c[0..size) (C-contiguous) into NumPy's order, stably:
 * pos_out[i] is the position in its line of the element that lands at i; the sorted keys go
 * to keys_out when it is non-NULL.  Lines shorter than 2^31 sort 32-bit positions, widened at
 * the end: each radix pass moves key + position, so for float32 keys that is 8 bytes an
 * element a pass instead of 12 (W10's argsort of 2^26 float32). */
template <typename K>
static void sort_lines(const K *c, int64_t size, int64_t n, int kind, int64_t *pos_out, K *keys_out)
{
    if (n > INT32_MAX) {
        sort_lines_as<K, int64_t>(c, size, n, kind, pos_out, keys_out);
        return;
    }
    int32_t *p32 = (int32_t *)gpu_malloc((size_t)size * sizeof(int32_t));
    sort_lines_as<K, int32_t>(c, size, n, kind, p32, keys_out);
    widen_kernel<<<rt_grid_for(size, BLOCK), BLOCK, 0, rt_stream()>>>(p32, size, pos_out);
    rt_check_launch();
    gpu_free(p32);
}

/* Sorted keys of c[0..size) (one line), no positions. */
template <typename K> static K *sorted_keys(const K *c, int64_t size, int kind)
{
    cudaStream_t s = rt_stream();
    K *kin = (K *)gpu_malloc((size_t)size * sizeof(K));
    K *kout = (K *)gpu_malloc((size_t)size * sizeof(K));
    make_keys_kernel<K, int64_t><<<rt_grid_for(size, BLOCK), BLOCK, 0, s>>>(c, size, size, kind, inf_bits<K>(), kin, NULL);
    rt_check_launch();
    size_t bytes = 0;
    void *tmp = NULL;
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(tmp, bytes, kin, kout, size, 0,
                                              (int)sizeof(K) * 8, s));
    tmp = gpu_malloc(bytes ? bytes : 1);
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(tmp, bytes, kin, kout, size, 0,
                                              (int)sizeof(K) * 8, s));
    gpu_free(tmp);
    gpu_free(kin);
    return kout;
}

/* ---------------------------------------------------------------- sort, argsort */

/* The values sort of one line (a 1-d sort, or every other axis of length 1): CUB's radix
 * sort on the elements themselves, keys only, straight into out — about half the traffic of
 * the keys + positions sort and its gather.  CUB orders floats by their bits, which agrees
 * with NumPy except that NaNs with the sign bit set come first; NumPy puts every NaN last.  A
 * one-thread kernel counts those leading NaNs into device memory (a binary search), and two
 * kernels that read the count rotate them to the end: they return at once when there are none,
 * so the common case costs two empty launches.  (The count lives in device memory, written
 * before either reader runs: the rotation must not decide from memory it is overwriting.) */
template <typename T> __device__ inline bool neg_nan(T) { return false; } /* integers */
template <> __device__ inline bool neg_nan<float>(float v) { return v != v && (__float_as_uint(v) >> 31); }
template <> __device__ inline bool neg_nan<double>(double v) { return v != v && __double_as_longlong(v) < 0; }

/* *k = the number of leading negative NaNs of sorted a[0..n). One thread. */
template <typename T> __global__ void count_neg_nans_kernel(const T *a, int64_t n, int64_t *k)
{
    int64_t lo = 0, hi = n; /* a[0..lo) are negative NaNs, a[hi..n) are not */
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (neg_nan(a[mid])) lo = mid + 1;
        else hi = mid;
    }
    *k = lo;
}

/* copy[0..n) = a when *k > 0. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) copy_if_kernel(const T *a, int64_t n, const int64_t *k, T *copy)
{
    if (*k == 0) return;
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) copy[i] = a[i];
}

/* out = sorted rotated left by *k (the leading NaNs go last) when *k > 0; out != sorted. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) rotate_kernel(const T *sorted, int64_t n, const int64_t *k, T *out)
{
    const int64_t r = *k;
    if (r == 0) return;
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = sorted[i + r < n ? i + r : i + r - n];
}

template <typename T> static void sort_one_line(const T *in, int64_t n, bool is_float, T *out)
{
    cudaStream_t s = rt_stream();
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys((void *)NULL, bytes, in, out, n, 0,
                                              (int)sizeof(T) * 8, s));
    void *tmp = gpu_malloc(bytes ? bytes : 1);
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n, 0, (int)sizeof(T) * 8, s));
    gpu_free(tmp);
    if (!is_float) return;
    int64_t *k = (int64_t *)gpu_malloc(sizeof(int64_t));
    T *copy = (T *)gpu_malloc((size_t)n * sizeof(T));
    count_neg_nans_kernel<T><<<1, 1, 0, s>>>(out, n, k);
    rt_check_launch();
    const unsigned grid = rt_grid_for(n, BLOCK);
    copy_if_kernel<T><<<grid, BLOCK, 0, s>>>(out, n, k, copy);
    rt_check_launch();
    rotate_kernel<T><<<grid, BLOCK, 0, s>>>(copy, n, k, out);
    rt_check_launch();
    gpu_free(copy);
    gpu_free(k);
}

/* Whether the values sort of c (one line) into r took the one-line path: every dtype CUB
 * orders as NumPy does (bool and float16 take the keys + positions path). */
static bool sort_values_one_line(const gp_array *c, gp_array *r)
{
    const int64_t n = c->size;
    switch (c->dtype) {
    case GP_FLOAT32: sort_one_line<float>((const float *)c->data, n, true, (float *)r->data); return true;
    case GP_FLOAT64: sort_one_line<double>((const double *)c->data, n, true, (double *)r->data); return true;
    case GP_INT8: sort_one_line<int8_t>((const int8_t *)c->data, n, false, (int8_t *)r->data); return true;
    case GP_INT16: sort_one_line<int16_t>((const int16_t *)c->data, n, false, (int16_t *)r->data); return true;
    case GP_INT32: sort_one_line<int32_t>((const int32_t *)c->data, n, false, (int32_t *)r->data); return true;
    case GP_INT64: sort_one_line<int64_t>((const int64_t *)c->data, n, false, (int64_t *)r->data); return true;
    case GP_UINT8: sort_one_line<uint8_t>((const uint8_t *)c->data, n, false, (uint8_t *)r->data); return true;
    case GP_UINT16: sort_one_line<uint16_t>((const uint16_t *)c->data, n, false, (uint16_t *)r->data); return true;
    case GP_UINT32: sort_one_line<uint32_t>((const uint32_t *)c->data, n, false, (uint32_t *)r->data); return true;
    case GP_UINT64: sort_one_line<uint64_t>((const uint64_t *)c->data, n, false, (uint64_t *)r->data); return true;
    default: return false;
    }
}

template <typename K> static void sort_typed(const gp_array *c, gp_array *r, int64_t n, int kind, bool arg)
{
    int64_t *pos = arg ? (int64_t *)r->data : (int64_t *)gpu_malloc((size_t)c->size * sizeof(int64_t));
    sort_lines<K>((const K *)c->data, c->size, n, kind, pos, NULL);
    if (!arg) {
        gather_kernel<K><<<rt_grid_for(c->size, BLOCK), BLOCK, 0, rt_stream()>>>((const K *)c->data, pos, c->size, n,
                                                                                (K *)r->data);
        rt_check_launch();
        gpu_free(pos);
    }
}

extern "C" gp_array *rt_sort(const gp_array *x, int axis, bool arg, bool has_kth, int64_t kth)
{
    const int nd = x->ndim;
    if (axis < 0 || axis >= nd)
        rt_raise("numpy.exceptions.AxisError", "axis %d is out of bounds for array of dimension %d", axis, nd);
    const int kind = key_kind(x->dtype);
    const int64_t n = x->shape[axis];
    if (has_kth) {
        int64_t k = kth < 0 ? kth + n : kth;
        if (k < 0 || k >= n) rt_raise("ValueError", "kth(=%lld) out of bounds (%lld)", (long long)k, (long long)n);
    }
    gp_array *c = lines_of(x, axis);
    gp_array *r = rt_empty(arg ? GP_INT64 : x->dtype, c->ndim, c->shape);
    if (c->size > 0 && !(!arg && n == c->size && sort_values_one_line(c, r))) {
        switch (rt_dtype_size(x->dtype)) {
        case 1: sort_typed<uint8_t>(c, r, n, kind, arg); break;
        case 2: sort_typed<uint16_t>(c, r, n, kind, arg); break;
        case 4: sort_typed<uint32_t>(c, r, n, kind, arg); break;
        default: sort_typed<uint64_t>(c, r, n, kind, arg); break;
        }
    }
    rt_release(c);
    if (axis == nd - 1) return r;
    /* back to x's axis order: x's dim d sits at d (d < axis), nd-1 (d == axis) or d-1 in r */
    int back[GP_MAXDIM];
    for (int d = 0; d < nd; d++) back[d] = d < axis ? d : d == axis ? nd - 1 : d - 1;
    gp_array *t = rt_transpose(r, back);
    gp_array *out = rt_copy(t);
    rt_release(t);
    rt_release(r);
    return out;
}

/* ---------------------------------------------------------------- searchsorted */

template <typename K> static void searchsorted_typed(const gp_array *a, const gp_array *v, bool right, gp_array *r)
{
    searchsorted_kernel<K><<<rt_grid_for(v->size, BLOCK), BLOCK, 0, rt_stream()>>>(
        (const K *)a->data, a->size, (const K *)v->data, v->size, key_kind(a->dtype), inf_bits<K>(), right,
        (int64_t *)r->data);
    rt_check_launch();
}

extern "C" gp_array *rt_searchsorted(const gp_array *a, const gp_array *v, bool right)
{
    if (a->ndim != 1) rt_raise("ValueError", "object too deep for desired array");
    if (a->dtype != v->dtype) rt_raise("TypeError", "searchsorted: operands of different dtypes");
    key_kind(a->dtype);
    gp_array *r = rt_empty(GP_INT64, v->ndim, v->shape);
    if (v->size > 0) {
        gp_array *ac = contiguous(a), *vc = contiguous(v);
        switch (rt_dtype_size(a->dtype)) {
        case 1: searchsorted_typed<uint8_t>(ac, vc, right, r); break;
        case 2: searchsorted_typed<uint16_t>(ac, vc, right, r); break;
        case 4: searchsorted_typed<uint32_t>(ac, vc, right, r); break;
        default: searchsorted_typed<uint64_t>(ac, vc, right, r); break;
        }
        rt_release(ac);
        rt_release(vc);
    }
    return r;
}

/* ---------------------------------------------------------------- unique */

template <typename K> static gp_array *unique_typed(const gp_array *x, const gp_array *c, int part)
{
    cudaStream_t s = rt_stream();
    const int64_t size = c->size;
    const unsigned grid = rt_grid_for(size, BLOCK);
    K *keys = (K *)gpu_malloc((size_t)size * sizeof(K));
    int64_t *pos = (int64_t *)gpu_malloc((size_t)size * sizeof(int64_t));
    int64_t *flag = (int64_t *)gpu_malloc((size_t)size * sizeof(int64_t));
    int64_t *id = (int64_t *)gpu_malloc((size_t)size * sizeof(int64_t));
    sort_lines<K>((const K *)c->data, size, size, key_kind(c->dtype), pos, keys);
    run_flags_kernel<K><<<grid, BLOCK, 0, s>>>(keys, size, flag);
    rt_check_launch();
    size_t bytes = 0;
    void *tmp = NULL;
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(tmp, bytes, flag, id, size, s));
    tmp = gpu_malloc(bytes ? bytes : 1);
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(tmp, bytes, flag, id, size, s));
    gpu_free(tmp);
    int64_t nu = 0;
    CHECK_CUDA(cudaMemcpyAsync(&nu, id + size - 1, sizeof nu, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    gp_array *r;
    if (part == 2) r = rt_empty(GP_INT64, x->ndim, x->shape);
    else r = rt_empty(part == 0 ? x->dtype : GP_INT64, 1, &nu);
    if (part == 3) CHECK_CUDA(cudaMemsetAsync(r->data, 0, (size_t)nu * sizeof(int64_t), s));
    unique_part_kernel<K><<<grid, BLOCK, 0, s>>>((const K *)c->data, pos, flag, id, size, part, r->data);
    rt_check_launch();
    gpu_free(id);
    gpu_free(flag);
    gpu_free(pos);
    gpu_free(keys);
    return r;
}

extern "C" gp_array *rt_unique(const gp_array *x, int part)
{
    key_kind(x->dtype);
    if (x->size == 0) {
        int64_t zero = 0;
        if (part == 2) return rt_empty(GP_INT64, x->ndim, x->shape);
        return rt_empty(part == 0 ? x->dtype : GP_INT64, 1, &zero);
    }
    gp_array *c = contiguous(x), *r;
    switch (rt_dtype_size(x->dtype)) {
    case 1: r = unique_typed<uint8_t>(x, c, part); break;
    case 2: r = unique_typed<uint16_t>(x, c, part); break;
    case 4: r = unique_typed<uint32_t>(x, c, part); break;
    default: r = unique_typed<uint64_t>(x, c, part); break;
    }
    rt_release(c);
    return r;
}

/* ---------------------------------------------------------------- isin */

template <typename K> static void isin_typed(const gp_array *e, const gp_array *t, bool invert, gp_array *r)
{
    const int kind = key_kind(e->dtype);
    K *tk = sorted_keys<K>((const K *)t->data, t->size, kind);
    isin_kernel<K><<<rt_grid_for(e->size, BLOCK), BLOCK, 0, rt_stream()>>>(
        (const K *)e->data, e->size, tk, t->size, kind, inf_bits<K>(), invert, (bool *)r->data);
    rt_check_launch();
    gpu_free(tk);
}

extern "C" gp_array *rt_isin(const gp_array *e, const gp_array *t, bool invert)
{
    if (e->dtype != t->dtype) rt_raise("TypeError", "isin: operands of different dtypes");
    key_kind(e->dtype);
    gp_array *r = rt_empty(GP_BOOL, e->ndim, e->shape);
    if (e->size == 0) return r;
    if (t->size == 0) {
        CHECK_CUDA(cudaMemsetAsync(r->data, invert ? 1 : 0, (size_t)r->size, rt_stream()));
        return r;
    }
    gp_array *ec = contiguous(e), *tc = contiguous(t);
    switch (rt_dtype_size(e->dtype)) {
    case 1: isin_typed<uint8_t>(ec, tc, invert, r); break;
    case 2: isin_typed<uint16_t>(ec, tc, invert, r); break;
    case 4: isin_typed<uint32_t>(ec, tc, invert, r); break;
    default: isin_typed<uint64_t>(ec, tc, invert, r); break;
    }
    rt_release(ec);
    rt_release(tc);
    return r;
}

/* ---------------------------------------------------------------- set operations */

/* concatenate((a.ravel(), b.ravel())): new reference. */
static gp_array *concat_flat(const gp_array *a, const gp_array *b)
{
    int64_t n = a->size + b->size;
    gp_array *r = rt_empty(a->dtype, 1, &n);
    const size_t w = rt_dtype_size(a->dtype);
    gp_array *ac = contiguous(a), *bc = contiguous(b);
    if (a->size)
        CHECK_CUDA(cudaMemcpyAsync(r->data, ac->data, (size_t)a->size * w,
                                   cudaMemcpyDeviceToDevice, rt_stream()));
    if (b->size)
        CHECK_CUDA(cudaMemcpyAsync(r->data + (size_t)a->size * w, bc->data, (size_t)b->size * w,
                                   cudaMemcpyDeviceToDevice, rt_stream()));
    rt_release(ac);
    rt_release(bc);
    return r;
}

/* a[mask] for 1-d a and bool mask: new reference. */
static gp_array *compress(const gp_array *a, const gp_array *mask)
{
    gp_index ix = {};
    ix.kind = GP_IDX_INT;
    const gp_array *arrs[1] = {mask};
    return rt_adv_get(a, 1, &ix, arrs);
}

/* a without the elements of b (elements of b in a when keep_common): ua unique already. */
static gp_array *select_in(const gp_array *ua, const gp_array *b, bool keep_common)
{
    gp_array *m = rt_isin(ua, b, !keep_common);
    gp_array *r = compress(ua, m);
    rt_release(m);
    return r;
}

extern "C" gp_array *rt_setop(const gp_array *a, const gp_array *b, gp_setop op)
{
    if (a->dtype != b->dtype) rt_raise("TypeError", "set operation on operands of different dtypes");
    if (op == GP_SET_UNION) {
        gp_array *cat = concat_flat(a, b);
        gp_array *r = rt_unique(cat, 0);
        rt_release(cat);
        return r;
    }
    gp_array *ua = rt_unique(a, 0), *r;
    if (op == GP_SET_INTERSECT) {
        gp_array *ub = rt_unique(b, 0);
        r = select_in(ua, ub, true);
        rt_release(ub);
    } else if (op == GP_SET_DIFF) {
        r = select_in(ua, b, false);
    } else {
        gp_array *ub = rt_unique(b, 0);
        gp_array *xa = select_in(ua, ub, false), *xb = select_in(ub, ua, false);
        gp_array *cat = concat_flat(xa, xb);
        r = rt_sort(cat, 0, false, false, 0);
        rt_release(cat);
        rt_release(xa);
        rt_release(xb);
        rt_release(ub);
    }
    rt_release(ua);
    return r;
}
