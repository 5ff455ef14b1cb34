/*
 * launch.c — launch geometry: the grid of every kernel the runtime and generated code launch
 * (rt_grid_for, rt_grid_fit, rt_grid_ew) and the occupancy query behind rt_grid_fit, cached
 * per (kernel, block, shared bytes).
 *
 * Grid-stride grids are one wave: at most 4 blocks per SM (GPYRT_GRID_CAP), fewer when the
 * kernel's registers or shared memory allow fewer; the elementwise vector path instead runs
 * one pass, a thread per vector.  Small grids (32 blocks or fewer)
 * never ask the GPU anything, so the unit tests size them without one.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Blocks per SM at most in a grid-stride launch: 4, or GPYRT_GRID_CAP from the environment
 * (a tuning knob for benchmarks; 0 leaves grids uncapped).  Four 256-thread blocks are what
 * an SM holds of a kernel using 48-64 registers, as most fused kernels do: the grid is one
 * wave and every thread strides through the data.  Measured on an H100 against caps of 8, 16,
 * 32 (the former default), 64 and none: W2 0.418 -> 0.335 ms, W8 64.9 -> 37.4 ms, W4 0.332 ->
 * 0.278 ms, reductions unchanged; more blocks per SM only queue further waves. */
static int64_t grid_cap_per_sm(void)
{
    static int64_t cap = -1;
    if (cap < 0) {
        const char *e = getenv("GPYRT_GRID_CAP");
        char *end = NULL;
        long v = e ? strtol(e, &end, 10) : -1;
        cap = (e && end != e && *end == 0 && v >= 0) ? v : 4;
    }
    return cap;
}

unsigned rt_grid_for(int64_t n, unsigned block)
{
    if (block == 0)
        block = 256;
    if (n <= 0)
        return 1;
    int64_t blocks = (n + block - 1) / block;
    int64_t per_sm = grid_cap_per_sm();
    if (per_sm > 0 && blocks > 32) {   /* every GPU has an SM: only larger grids can hit the cap */
        int64_t cap = (int64_t)gpu_sm_count() * per_sm;
        if (blocks > cap)
            blocks = cap;
    }
    if (blocks > INT32_MAX)
        blocks = INT32_MAX;
    return blocks < 1 ? 1 : (unsigned)blocks;
}

/* The grid of an elementwise kernel over n items (16-byte vectors when vec, else elements).
 * The vector path runs in one pass, a thread per vector and no grid-stride iterations
 * (ceil(n / block) blocks), so the block scheduler keeps every SM fed to the end; the scalar
 * paths (strided views, misaligned slices, index math per element) keep rt_grid_fit's one-wave
 * grid-stride grid.  Measured on an H100 (docs/benchmarks.md, run 8), one pass against the
 * grid-stride grid: W2 (a vector-path kernel) 0.289 / 0.290 ms against 0.321 / 0.317; W8
 * (scalar path: stencils over slices offset by one element) 28.4 ms against 25.2, so it
 * stays grid-stride.  GPYRT_EW_GRID=fit gives every elementwise kernel the grid-stride grid
 * (an experiment knob). */
unsigned rt_grid_ew(int64_t n, bool vec, unsigned block, const void *kernel)
{
    static int fit = -1;
    if (fit < 0) {
        const char *e = getenv("GPYRT_EW_GRID");
        fit = e && strcmp(e, "fit") == 0;
    }
    if (block == 0)
        block = 256;
    if (fit || !vec)
        return rt_grid_fit(n, block, kernel, 0);
    int64_t blocks = n > 0 ? (n + block - 1) / block : 1;
    if (blocks > INT32_MAX)
        blocks = INT32_MAX;
    return (unsigned)blocks;
}

/* Blocks of `kernel` (with `smem` dynamic shared bytes) that one SM holds at once; 0 if the
 * driver cannot say. */
static int occupancy(const void *kernel, unsigned block, size_t smem)
{
    int nb = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, kernel, (int)block, smem) != cudaSuccess) {
        (void)cudaGetLastError();
        nb = 0;
    }
    return nb;
}

/* occupancy(), cached per (kernel, block, smem): the query goes to the driver, and a kernel is
 * launched many times. */
static int resident_per_sm(const void *kernel, unsigned block, size_t smem)
{
    enum { NCACHE = 256, PROBES = 8 };
    static struct {
        const void *k;
        unsigned block;
        size_t smem;
        int nb;
    } cache[NCACHE];
    size_t h = ((uintptr_t)kernel >> 4 ^ smem * 31 ^ block) % NCACHE;
    for (int probe = 0; probe < PROBES; probe++) {
        size_t i = (h + probe) % NCACHE;
        if (cache[i].k == kernel && cache[i].block == block && cache[i].smem == smem)
            return cache[i].nb;
        if (!cache[i].k) {
            cache[i].k = kernel;
            cache[i].block = block;
            cache[i].smem = smem;
            cache[i].nb = occupancy(kernel, block, smem);
            return cache[i].nb;
        }
    }
    return occupancy(kernel, block, smem);   /* a full neighbourhood: not cached */
}

/* rt_grid_for, capped at the blocks of `kernel` that fit on the GPU at once: a grid-stride
 * kernel with more registers than four blocks per SM allow (a row chain holding its row in
 * registers, 80 per thread: three blocks) would otherwise run a fourth block per SM after
 * the first three finish, over the same number of rows — W4 measured 1.33 waves. */
unsigned rt_grid_fit(int64_t n, unsigned block, const void *kernel, size_t smem)
{
    unsigned g = rt_grid_for(n, block);
    int64_t per_sm = grid_cap_per_sm();
    if (per_sm == 0 || g <= 32)
        return g;
    int nb = resident_per_sm(kernel, block ? block : 256, smem);
    if (nb <= 0 || nb >= per_sm)
        return g;
    int64_t cap = (int64_t)gpu_sm_count() * nb;
    return g > cap ? (unsigned)cap : g;
}
