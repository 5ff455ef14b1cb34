/*
 * blas_int.cu — the kernels behind blas.c that cuBLAS has no routine for: the matrix product
 * of bool and integer dtypes, and the identity a matrix_power(a, 0) returns.
 *
 * Integer products accumulate in 64 bits with wrap-around (uint64 arithmetic) and are cast
 * back to the dtype, which gives NumPy's result modulo 2^bits; bool products are the logical
 * or of ands, as NumPy's.  One thread per output element, a grid-stride loop over
 * batch x M x N; operands are read through element strides (any layout).
 */
#include <stdint.h>

#include "internal.h"

struct MmParams {
    int64_t batch, M, N, K;
    const char *a, *b;
    int64_t ars, acs, abs_, brs, bcs, bbs;   /* element strides */
    char *c;                                  /* contiguous batch x M x N */
};

struct alignas(8) Word16 {
    uint64_t lo, hi;
};

/* ---------------------------------------------------------------- kernels */

template <typename T>
__global__ void matmul_int_kernel(MmParams p)
{
    const T *a = (const T *)p.a, *b = (const T *)p.b;
    T *c = (T *)p.c;
    int64_t total = p.batch * p.M * p.N, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) {
        int64_t n = i % p.N, m = (i / p.N) % p.M, q = i / (p.N * p.M);
        const T *ar = a + q * p.abs_ + m * p.ars;
        const T *bc = b + q * p.bbs + n * p.bcs;
        uint64_t acc = 0;
        for (int64_t k = 0; k < p.K; k++) acc += (uint64_t)(int64_t)ar[k * p.acs] * (uint64_t)(int64_t)bc[k * p.brs];
        c[i] = (T)acc;
    }
}

__global__ void matmul_bool_kernel(MmParams p)
{
    const bool *a = (const bool *)p.a, *b = (const bool *)p.b;
    bool *c = (bool *)p.c;
    int64_t total = p.batch * p.M * p.N, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) {
        int64_t n = i % p.N, m = (i / p.N) % p.M, q = i / (p.N * p.M);
        const bool *ar = a + q * p.abs_ + m * p.ars;
        const bool *bc = b + q * p.bbs + n * p.bcs;
        bool acc = false;
        for (int64_t k = 0; k < p.K && !acc; k++) acc = ar[k * p.acs] && bc[k * p.brs];
        c[i] = acc;
    }
}

/* c[q, j, j] = one for every matrix q of a contiguous batch x n x n array. */
template <typename T>
__global__ void set_diag_kernel(T *c, int64_t batch, int64_t n, T one)
{
    int64_t total = batch * n, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) {
        int64_t q = i / n, j = i % n;
        c[q * n * n + j * n + j] = one;
    }
}

/* ---------------------------------------------------------------- launchers */

extern "C" void rt_launch_matmul_int(gp_dtype dt, int64_t batch, int64_t M, int64_t N, int64_t K, const char *a,
                                     int64_t ars, int64_t acs, int64_t abs_, const char *b, int64_t brs,
                                     int64_t bcs, int64_t bbs, char *c, cudaStream_t s)
{
    int64_t total = batch * M * N;
    if (total <= 0) return;
    MmParams p = {batch, M, N, K, a, b, ars, acs, abs_, brs, bcs, bbs, c};
    const unsigned block = 256;
    unsigned grid = rt_grid_for(total, block);
    switch (dt) {
    case GP_BOOL: matmul_bool_kernel<<<grid, block, 0, s>>>(p); break;
    case GP_INT8: matmul_int_kernel<int8_t><<<grid, block, 0, s>>>(p); break;
    case GP_INT16: matmul_int_kernel<int16_t><<<grid, block, 0, s>>>(p); break;
    case GP_INT32: matmul_int_kernel<int32_t><<<grid, block, 0, s>>>(p); break;
    case GP_INT64: matmul_int_kernel<int64_t><<<grid, block, 0, s>>>(p); break;
    case GP_UINT8: matmul_int_kernel<uint8_t><<<grid, block, 0, s>>>(p); break;
    case GP_UINT16: matmul_int_kernel<uint16_t><<<grid, block, 0, s>>>(p); break;
    case GP_UINT32: matmul_int_kernel<uint32_t><<<grid, block, 0, s>>>(p); break;
    case GP_UINT64: matmul_int_kernel<uint64_t><<<grid, block, 0, s>>>(p); break;
    default: rt_raise("RuntimeError", "gpyc runtime: integer matmul of %s", rt_dtype_name(dt));
    }
    rt_check_launch();
}

extern "C" void rt_launch_set_diag_one(gp_dtype dt, char *c, int64_t batch, int64_t n, cudaStream_t s)
{
    int64_t total = batch * n;
    if (total <= 0) return;
    const unsigned block = 256;
    unsigned grid = rt_grid_for(total, block);
    switch (rt_dtype_size(dt)) {
    case 1: set_diag_kernel<uint8_t><<<grid, block, 0, s>>>((uint8_t *)c, batch, n, (uint8_t)1); break;
    case 2: {
        uint16_t one = dt == GP_FLOAT16 ? (uint16_t)0x3c00 : (uint16_t)1;
        set_diag_kernel<uint16_t><<<grid, block, 0, s>>>((uint16_t *)c, batch, n, one);
        break;
    }
    case 4: {
        uint32_t one = dt == GP_FLOAT32 ? 0x3f800000u : 1u;
        set_diag_kernel<uint32_t><<<grid, block, 0, s>>>((uint32_t *)c, batch, n, one);
        break;
    }
    case 8: {
        uint64_t one = dt == GP_FLOAT64 ? 0x3ff0000000000000ull : dt == GP_COMPLEX64 ? 0x3f800000ull : 1ull;
        set_diag_kernel<uint64_t><<<grid, block, 0, s>>>((uint64_t *)c, batch, n, one);
        break;
    }
    case 16: {
        Word16 one = {0x3ff0000000000000ull, 0};
        set_diag_kernel<Word16><<<grid, block, 0, s>>>((Word16 *)c, batch, n, one);
        break;
    }
    default: rt_raise("RuntimeError", "gpyc runtime: identity of %s", rt_dtype_name(dt));
    }
    rt_check_launch();
}
