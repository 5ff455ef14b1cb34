/*
 * solver_kernels.cu — the kernels behind solver.c that cuSOLVER has no routine for: zeroing
 * a triangle of each matrix of a batch (cholesky's L and qr's R leave the factorisation's other
 * half, or the Householder vectors, in the triangle NumPy returns as zeros), and transposing
 * each matrix of a batch (row-major to column-major and back), optionally zeroing the result's
 * strictly upper triangle on the way (cholesky's L, read back from column-major), or reading
 * the source's rows in a given order (solve's right-hand sides in the LU pivots' order); and
 * turning LAPACK's pivots into that order (lu_perm).
 *
 * The matrices are row-major and contiguous (batch x rows x cols); elements are moved as
 * opaque words of the dtype's size, so one instantiation serves float and complex dtypes of
 * that size.  tri_zero: a grid-stride loop over batch x rows x cols; transpose: 32 x 32 tiles
 * through shared memory (reads and writes both coalesced), a block per tile and matrix.
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

enum { TILE = 32, TROWS = 8 };

/* dst[q, k, r] = src[q, rowmap[q, r], k] (rowmap NULL: src[q, r, k]) for the batch x rows x
 * cols src, as mode says (RtTransposeMode, internal.h).  Block (TILE, TROWS) per TILE x TILE
 * tile of src, grid (column tiles, row tiles, matrices; a stride loop over the matrices past
 * gridDim.z).  A tile that mode fills with zeros without reading it is known from its place
 * alone, the same for the whole block: it returns before any barrier. */
template <typename T>
__global__ void transpose_kernel(const T *src, T *dst, int64_t batch, int64_t rows, int64_t cols,
                                 RtTransposeMode mode, const int *rowmap)
{
    __shared__ T tile[TILE][TILE + 1];
    const int64_t r0 = (int64_t)blockIdx.y * TILE, k0 = (int64_t)blockIdx.x * TILE;
    const bool lower_only = mode == RT_TR_DST_LOWER;
    /* a tile that is zeros in dst: wholly above dst's diagonal (DST_LOWER: every r > every k),
     * or wholly above src's (SRC_LOWER: every k > every r) */
    if ((lower_only && r0 >= k0 + TILE) || (mode == RT_TR_SRC_LOWER && k0 >= r0 + TILE)) {
        for (int64_t q = blockIdx.z; q < batch; q += gridDim.z)
            for (int y = threadIdx.y; y < TILE; y += TROWS) {
                const int64_t k = k0 + y, r = r0 + threadIdx.x;
                if (k < cols && r < rows) dst[q * rows * cols + k * rows + r] = T{};
            }
        return;
    }
    for (int64_t q = blockIdx.z; q < batch; q += gridDim.z) {
        const T *s = src + q * rows * cols;
        T *d = dst + q * rows * cols;
        for (int y = threadIdx.y; y < TILE; y += TROWS) {
            const int64_t r = r0 + y, k = k0 + threadIdx.x;
            if (r < rows && k < cols) tile[y][threadIdx.x] = s[(rowmap ? rowmap[q * rows + r] : r) * cols + k];
        }
        __syncthreads();
        for (int y = threadIdx.y; y < TILE; y += TROWS) {
            const int64_t k = k0 + y, r = r0 + threadIdx.x; /* d's row k, column r */
            if (k < cols && r < rows) d[k * rows + r] = lower_only && r > k ? T{} : tile[threadIdx.x][y];
        }
        __syncthreads();
    }
}

/* perm[q, :] = the row order LAPACK's pivots ipiv[q, :] (1-based, "row i was interchanged
 * with row ipiv[i]", applied for i = 0 .. n-1) make of 0 .. n-1: the swaps applied to the
 * identity, so that the pivoted rows of B are B[perm[i]].  One block per matrix; the pivots
 * and the permutation in shared memory (2 n ints), the swaps (sequential by nature) by one
 * thread. */
__global__ void lu_perm_kernel(const int64_t *ipiv, int *perm, int64_t batch, int n)
{
    extern __shared__ int sh[];
    int *p = sh, *v = sh + n;
    for (int64_t q = blockIdx.x; q < batch; q += gridDim.x) {
        for (int i = threadIdx.x; i < n; i += blockDim.x) {
            p[i] = i;
            v[i] = (int)ipiv[q * n + i] - 1;
        }
        __syncthreads();
        if (threadIdx.x == 0)
            for (int i = 0; i < n; i++) {
                int j = v[i], t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
        __syncthreads();
        for (int i = threadIdx.x; i < n; i += blockDim.x) perm[q * n + i] = p[i];
        __syncthreads();
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

extern "C" bool rt_launch_transpose(size_t esize, const char *src, char *dst, int64_t batch, int64_t rows,
                                    int64_t cols, RtTransposeMode mode, const int *rowmap, cudaStream_t s)
{
    const int64_t ty = (rows + TILE - 1) / TILE, tx = (cols + TILE - 1) / TILE;
    if (ty > 65535 || tx > INT32_MAX) return false;
    if (batch <= 0 || rows <= 0 || cols <= 0) return true;
    const dim3 grid((unsigned)tx, (unsigned)ty, (unsigned)(batch < 65535 ? batch : 65535)),
        block(TILE, TROWS);
    switch (esize) {
    case 4:
        transpose_kernel<uint32_t>
            <<<grid, block, 0, s>>>((const uint32_t *)src, (uint32_t *)dst, batch, rows, cols, mode, rowmap);
        break;
    case 8:
        transpose_kernel<uint64_t>
            <<<grid, block, 0, s>>>((const uint64_t *)src, (uint64_t *)dst, batch, rows, cols, mode, rowmap);
        break;
    default:
        transpose_kernel<Word16>
            <<<grid, block, 0, s>>>((const Word16 *)src, (Word16 *)dst, batch, rows, cols, mode, rowmap);
        break;
    }
    rt_check_launch();
    return true;
}

extern "C" bool rt_launch_lu_perm(const int64_t *ipiv, int *perm, int64_t batch, int64_t n, cudaStream_t s)
{
    if (n > RT_LU_PERM_MAX) return false;
    if (batch <= 0 || n <= 0) return true;
    lu_perm_kernel<<<(unsigned)(batch < 65535 ? batch : 65535), 256, 2 * (size_t)n * sizeof(int), s>>>(
        ipiv, perm, batch, (int)n);
    rt_check_launch();
    return true;
}
