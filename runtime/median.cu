/*
 * median.cu — cupy.median (rt_median): NumPy's median of each line of a real array.
 *
 * The reduced axis is moved last in a C-contiguous copy (lines × n), every line is sorted at
 * once with cub::DeviceSegmentedSort, and one thread per line picks the middle element, or the
 * mean of the two middle ones computed as NumPy's mean does (in the input float type; float16
 * in float; integers in float64).  A line holding a NaN gives NaN (found by scanning the line:
 * the segmented sort of short lines compares with <, so a NaN may land anywhere); an empty line
 * gives NaN (NumPy warns).
 *
 * Invariants: everything runs on rt_stream(); temporary storage comes from the pool.
 */
#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include "internal.h"
#include "libgpu.h"

#include <cub/device/device_segmented_sort.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

enum { BLOCK = 256 };

/* ---------------------------------------------------------------- kernels */

/* out[t] = median of the sorted line s[t*n .. t*n+n), computed in AT, stored as RT. */
template <typename T, typename AT, typename RT>
__global__ void __launch_bounds__(BLOCK) median_pick_kernel(const T *s, int64_t lines, int64_t n, RT *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < lines; t += stride) {
        const T *l = s + t * n;
        /* a NaN anywhere in the line makes the median NaN; the sort's comparisons may leave a
         * NaN anywhere (the segmented sort of short lines compares with <), so look at all */
        bool nan = n == 0;
        for (int64_t k = 0; k < n && !nan; k++) nan = gpi_isnan(l[k]);
        if (nan) {
            out[t] = gp_cast<RT>((double)NAN);
            continue;
        }
        AT m = gp_cast<AT>(l[n / 2]);
        if (n % 2 == 0) m = gpi_truediv(gpi_add(gp_cast<AT>(l[n / 2 - 1]), m), gp_cast<AT>(2));
        out[t] = gp_cast<RT>(m);
    }
}

/* The offset of line k (segment begin), for the segmented sort. */
struct line_start {
    int64_t n;
    __host__ __device__ int64_t operator()(int64_t k) const { return k * n; }
};

/* ---------------------------------------------------------------- launchers */

template <typename T, typename AT, typename RT>
static void median_typed(const gp_array *c, gp_array *r, int64_t lines, int64_t n)
{
    cudaStream_t s = rt_stream();
    T *sorted = NULL;
    if (n > 0 && lines > 0) {
        if (c->size > INT32_MAX) rt_raise("ValueError", "median() supports up to 2**31 - 1 elements");
        sorted = (T *)gpu_malloc((size_t)c->size * sizeof(T));
        auto begin = thrust::make_transform_iterator(thrust::make_counting_iterator<int64_t>(0), line_start{n});
        auto end = thrust::make_transform_iterator(thrust::make_counting_iterator<int64_t>(1), line_start{n});
        size_t bytes = 0;
        rt_check_cuda(cub::DeviceSegmentedSort::SortKeys(NULL, bytes, (const T *)c->data, sorted, (int)c->size,
                                                         (int)lines, begin, end, s),
                      "cub::DeviceSegmentedSort::SortKeys");
        void *tmp = gpu_malloc(bytes ? bytes : 1);
        rt_check_cuda(cub::DeviceSegmentedSort::SortKeys(tmp, bytes, (const T *)c->data, sorted, (int)c->size,
                                                         (int)lines, begin, end, s),
                      "cub::DeviceSegmentedSort::SortKeys");
        gpu_free(tmp);
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
    default: rt_raise("TypeError", "median() result dtype %s", gp_dtype_name(r->dtype));
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
    default: rt_raise("TypeError", "median() of %s arrays is not supported", gp_dtype_name(c->dtype));
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
