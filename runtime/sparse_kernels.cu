/*
 * sparse_kernels.cu — the one kernel behind sparse.c that cuSPARSE no longer offers: the
 * identity permutation its sorts start from (cusparseCreateIdentityPermutation is deprecated).
 * A grid-stride loop.
 */
#include <stdint.h>

#include "internal.h"

/* p[i] = i for i < n. */
__global__ void iota_i32_kernel(int *p, int64_t n)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) p[i] = (int)i;
}

extern "C" void rt_launch_iota_i32(int *p, int64_t n, cudaStream_t s)
{
    if (n <= 0) return;
    const unsigned block = 256;
    iota_i32_kernel<<<rt_grid_for(n, block), block, 0, s>>>(p, n);
    rt_check_launch();
}
