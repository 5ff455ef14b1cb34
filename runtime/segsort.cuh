/*
 * segsort.cuh — the definitions behind segsort.h, included only by the segsort_kW.cu files,
 * each of which instantiates them for one key width (SEGSORT_INSTANTIATE).
 *
 * Invariants: as segsort.h.
 */
#include "gpyrt.h"
#include "internal.h"
#include "libgpu.h"
#include "segsort.h"

#include <cub/device/device_segmented_sort.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

/* The offset of line k (segment begin). */
struct seg_line_start {
    int64_t n;
    __host__ __device__ int64_t operator()(int64_t k) const { return k * n; }
};

/* The begin offsets of lines of n elements; shifted by one, their end offsets. */
static inline auto seg_begins(int64_t n)
{
    return thrust::make_transform_iterator(thrust::make_counting_iterator<int64_t>(0), seg_line_start{ n });
}

template <typename K> void seg_sort_keys(const K *in, K *out, int64_t size, int64_t lines, int64_t n)
{
    cudaStream_t s = rt_stream();
    auto b = seg_begins(n);
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedSort::SortKeys(NULL, bytes, in, out, (int)size, (int)lines, b, b + 1, s));
    void *tmp = gpu_malloc(bytes ? bytes : 1);
    CHECK_CUDA(cub::DeviceSegmentedSort::SortKeys(tmp, bytes, in, out, (int)size, (int)lines, b, b + 1, s));
    gpu_free(tmp);
}

template <typename K>
void seg_sort_pairs(const K *kin, K *kout, const int32_t *pin, int32_t *pout, int64_t size, int64_t lines,
                    int64_t n)
{
    cudaStream_t s = rt_stream();
    auto b = seg_begins(n);
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedSort::StableSortPairs(NULL, bytes, kin, kout, pin, pout, size, lines, b,
                                                         b + 1, s));
    void *tmp = gpu_malloc(bytes ? bytes : 1);
    CHECK_CUDA(cub::DeviceSegmentedSort::StableSortPairs(tmp, bytes, kin, kout, pin, pout, size, lines, b,
                                                         b + 1, s));
    gpu_free(tmp);
}

#define SEGSORT_INSTANTIATE(K)                                                 \
    template void seg_sort_keys<K>(const K *, K *, int64_t, int64_t, int64_t); \
    template void seg_sort_pairs<K>(const K *, K *, const int32_t *, int32_t *, int64_t, int64_t, int64_t);
