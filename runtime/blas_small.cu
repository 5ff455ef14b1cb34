/*
 * blas_small.cu — matrix products with a small inner dimension and a small output side
 * (K <= RT_MM_SMALL and M <= RT_MM_SMALL, any N, any batch) as one bandwidth kernel instead of
 * cuBLAS.  NPBench's stockham_fft multiplies a 2 x 2 DFT matrix by a 2 x 2^20 complex128 array
 * per stage: the bytes are reading B once and writing C once, and cuBLAS's GEMM tiles are
 * made for large k (issue 25: "`@` of small or degenerate shapes pick GEMV or a fused kernel
 * where that beats cuBLAS").
 *
 * One thread per output column (q, n): it loads B[q, :, n] (K values) into registers, then
 * writes C[q, m, n] = sum_k A[q, m, k] * B[q, k, n] for every m < M.  Threads of a warp take
 * consecutive n, so B's rows are read and C's rows written in coalesced runs; A (M x K per
 * matrix) stays in L1.  The transposed problem (N and K small, M large: C^T = B^T A^T) is the
 * same kernel with the operands' strides swapped (blas.c).  Terms are added in k order, each
 * product as an FMA (cuBLAS rounds the same sums in its own order).  float32 accumulates in
 * float32, as cuBLAS's FP32 GEMM does; float16 stays on cuBLAS.
 *
 * Invariants: element strides (any sign, any layout); a, b and c aligned to their element size
 * (blas.c checks); 1 <= K <= RT_MM_SMALL and 1 <= M <= RT_MM_SMALL.
 */
#include <stdint.h>

#include "internal.h"

struct SmallParams {
    int64_t batch, M, N, K;
    const char *a, *b;
    char *c;
    int64_t ars, acs, abs_, brs, bcs, bbs, crs, ccs, cbs;   /* element strides */
};

/* ---------------------------------------------------------------- element arithmetic */

struct alignas(8) C64 {
    float re, im;
};
struct alignas(16) C128 {
    double re, im;
};

__device__ inline float zero_of(float) { return 0.0f; }
__device__ inline double zero_of(double) { return 0.0; }
__device__ inline C64 zero_of(C64) { return C64{0.0f, 0.0f}; }
__device__ inline C128 zero_of(C128) { return C128{0.0, 0.0}; }

/* acc + x * y */
__device__ inline float madd(float acc, float x, float y) { return fmaf(x, y, acc); }
__device__ inline double madd(double acc, double x, double y) { return fma(x, y, acc); }
__device__ inline C64 madd(C64 acc, C64 x, C64 y)
{
    acc.re = fmaf(x.re, y.re, acc.re);
    acc.re = fmaf(-x.im, y.im, acc.re);
    acc.im = fmaf(x.re, y.im, acc.im);
    acc.im = fmaf(x.im, y.re, acc.im);
    return acc;
}
__device__ inline C128 madd(C128 acc, C128 x, C128 y)
{
    acc.re = fma(x.re, y.re, acc.re);
    acc.re = fma(-x.im, y.im, acc.re);
    acc.im = fma(x.re, y.im, acc.im);
    acc.im = fma(x.im, y.re, acc.im);
    return acc;
}

/* ---------------------------------------------------------------- kernel */

template <typename T>
__global__ void matmul_small_kernel(SmallParams p)
{
    const T *a = (const T *)p.a, *b = (const T *)p.b;
    T *c = (T *)p.c;
    int64_t total = p.batch * p.N, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) {
        int64_t q = p.batch == 1 ? 0 : i / p.N, n = p.batch == 1 ? i : i - q * p.N;
        const T *bq = b + q * p.bbs + n * p.bcs;
        const T *aq = a + q * p.abs_;
        T *cq = c + q * p.cbs + n * p.ccs;
        T bk[RT_MM_SMALL];
#pragma unroll
        for (int k = 0; k < RT_MM_SMALL; k++)
            if (k < p.K) bk[k] = bq[k * p.brs];
        for (int64_t m = 0; m < p.M; m++) {
            const T *am = aq + m * p.ars;
            T acc = zero_of(T());
#pragma unroll
            for (int k = 0; k < RT_MM_SMALL; k++)
                if (k < p.K) acc = madd(acc, am[k * p.acs], bk[k]);
            cq[m * p.crs] = acc;
        }
    }
}

/* ---------------------------------------------------------------- launcher */

extern "C" void rt_launch_matmul_small(gp_dtype dt, int64_t batch, int64_t M, int64_t N, int64_t K,
                                       const char *a, int64_t ars, int64_t acs, int64_t abs_, const char *b,
                                       int64_t brs, int64_t bcs, int64_t bbs, char *c, int64_t crs, int64_t ccs,
                                       int64_t cbs, cudaStream_t s)
{
    int64_t total = batch * N;
    if (total <= 0 || M <= 0) return;
    if (K < 1 || K > RT_MM_SMALL || M > RT_MM_SMALL)
        rt_raise("RuntimeError", "gpyc runtime: small matmul of %lld x %lld rows", (long long)M, (long long)K);
    SmallParams p = {batch, M, N, K, a, b, c, ars, acs, abs_, brs, bcs, bbs, crs, ccs, cbs};
    const unsigned block = 256;
    unsigned grid = rt_grid_for(total, block);
    switch (dt) {
    case GP_FLOAT32: matmul_small_kernel<float><<<grid, block, 0, s>>>(p); break;
    case GP_FLOAT64: matmul_small_kernel<double><<<grid, block, 0, s>>>(p); break;
    case GP_COMPLEX64: matmul_small_kernel<C64><<<grid, block, 0, s>>>(p); break;
    case GP_COMPLEX128: matmul_small_kernel<C128><<<grid, block, 0, s>>>(p); break;
    default: rt_raise("RuntimeError", "gpyc runtime: small matmul of %s", rt_dtype_name(dt));
    }
    rt_check_launch();
}
