/*
 * solver_kernels.cu — the one kernel behind solver.c that cuSOLVER has no routine for: zeroing
 * a triangle of each matrix of a batch (cholesky's L and qr's R leave the factorisation's other
 * half, or the Householder vectors, in the triangle NumPy returns as zeros).
 *
 * The matrices are row-major and contiguous (batch x rows x cols); elements are moved as
 * opaque words of the dtype's size, so one instantiation serves float and complex dtypes of
 * that size.  A grid-stride loop over batch x rows x cols.
 */
#include <stdint.h>

#include "internal.h"

struct alignas(8) Word16 {
    uint64_t lo, hi;
};

/* ---------------------------------------------------------------- kernels */

/* c[q, r, k] = 0 where k > r (upper) or k < r (lower). */
template <typename T>
__global__ void tri_zero_kernel(T *c, int64_t batch, int64_t rows, int64_t cols, bool upper)
{
    int64_t total = batch * rows * cols, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) {
        int64_t k = i % cols, r = (i / cols) % rows;
        if (upper ? k > r : k < r) c[i] = T{};
    }
}

/* ---------------------------------------------------------------- launchers */

extern "C" void rt_launch_tri_zero(size_t esize, char *c, int64_t batch, int64_t rows, int64_t cols, bool upper,
                                   cudaStream_t s)
{
    int64_t total = batch * rows * cols;
    if (total <= 0) return;
    const unsigned block = 256;
    unsigned grid = rt_grid_for(total, block);
    switch (esize) {
    case 4: tri_zero_kernel<uint32_t><<<grid, block, 0, s>>>((uint32_t *)c, batch, rows, cols, upper); break;
    case 8: tri_zero_kernel<uint64_t><<<grid, block, 0, s>>>((uint64_t *)c, batch, rows, cols, upper); break;
    default: tri_zero_kernel<Word16><<<grid, block, 0, s>>>((Word16 *)c, batch, rows, cols, upper); break;
    }
    rt_check_launch();
}
