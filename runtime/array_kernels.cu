/*
 * array_kernels.cu — the few kernels the runtime itself needs: a strided copy (any strides on
 * both sides, C order over the shape), used by rt_copy and rt_strided_copy.
 *
 * Invariants: launched on the stream the caller passes (rt_stream()); elements are moved as
 * opaque words of 1, 2, 4, 8 or 16 bytes; a grid-stride loop covers any n with a bounded grid.
 */
#include <stdint.h>

#include "internal.h"

struct CopyParams {
    int ndim;
    int64_t shape[GP_MAXDIM];
    int64_t sst[GP_MAXDIM];   /* source byte strides */
    int64_t dst_st[GP_MAXDIM];
    const char *src;
    char *dst;
    int64_t n;
};

struct alignas(8) Word16 {
    uint64_t lo, hi;
};

/* ---------------------------------------------------------------- kernels */

template <typename T>
__global__ void strided_copy_kernel(CopyParams p)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += stride) {
        int64_t rem = i, so = 0, d_o = 0;
        for (int d = p.ndim - 1; d >= 0; d--) {
            int64_t k = rem % p.shape[d];
            rem /= p.shape[d];
            so += k * p.sst[d];
            d_o += k * p.dst_st[d];
        }
        *(T *)(p.dst + d_o) = *(const T *)(p.src + so);
    }
}

/* ---------------------------------------------------------------- launchers */

extern "C" void rt_launch_strided_copy(char *dst, const int64_t *dst_st, const char *src,
                                       const int64_t *src_st, int ndim, const int64_t *shape,
                                       int64_t n, size_t esize, cudaStream_t stream)
{
    if (n <= 0)
        return;
    CopyParams p;
    p.ndim = ndim;
    for (int d = 0; d < GP_MAXDIM; d++) {
        p.shape[d] = d < ndim ? shape[d] : 1;
        p.sst[d] = d < ndim ? src_st[d] : 0;
        p.dst_st[d] = d < ndim ? dst_st[d] : 0;
    }
    p.src = src;
    p.dst = dst;
    p.n = n;
    const unsigned block = 256;
    unsigned grid = rt_grid_for(n, block);
    switch (esize) {
    case 1: strided_copy_kernel<uint8_t><<<grid, block, 0, stream>>>(p); break;
    case 2: strided_copy_kernel<uint16_t><<<grid, block, 0, stream>>>(p); break;
    case 4: strided_copy_kernel<uint32_t><<<grid, block, 0, stream>>>(p); break;
    case 8: strided_copy_kernel<uint64_t><<<grid, block, 0, stream>>>(p); break;
    case 16: strided_copy_kernel<Word16><<<grid, block, 0, stream>>>(p); break;
    default: rt_raise("RuntimeError", "gpyc runtime: strided copy of %zu-byte elements", esize);
    }
}
