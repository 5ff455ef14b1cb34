/*
 * cpgen.cu — CuPy's Generator API (cupy.random.default_rng, Generator, the BitGenerators XORWOW,
 * MRG32k3a and Philox4x3210) on cuRAND's device API, drawing what CuPy draws.
 *
 * A BitGenerator is CuPy's: its seed is NumPy's SeedSequence(seed).generate_state(1, uint32)[0]
 * (runtime/npgen.c), and it owns 8 * 256 * (the GPU's SM count) cuRAND states, state i made by
 * curand_init(seed, i, 0) in blocks of 256 threads.  Every distribution is one launch of
 * ceil(states / 256) blocks of 256 threads: thread t loads state t, computes the outputs t,
 * t + states, t + 2 * states, ... in turn with CuPy's device algorithms (uniform doubles from
 * curand_uniform_double with 1 mapped to 0, curand_normal_double, -log(1 - U) exponentials,
 * masked rejection for intervals, NumPy's legacy gamma, beta, Poisson, geometric, binomial,
 * hypergeometric and log-series samplers as CuPy runs them: rkdist.cuh, shared with the legacy
 * RandomState's kernels) and stores its state back; so with the same GPU (SM count) the numbers are
 * CuPy's.  What CuPy computes in Python around a launch (uniform's low + (high - low) * y,
 * exponential's scale, integers' + low) is elementwise IR in the compiled program.
 *
 * Invariants: gens[h] is Generator h (its states live until the program ends); rt_cpg_use
 * selects the one every draw uses; draws run on the current stream, in program order.
 */
#include "gpyrt.h"
#include "internal.h"
#include "libgpu.h"
#include "nprand.h"
#include "rkdist.cuh"

#include <curand_kernel.h>
#include <math.h>
#include <stdlib.h>

/* One Generator: its BitGenerator's kind (RT_CPG_XORWOW ...), states and their count. */
typedef struct CpGen {
    int kind;
    int64_t nstates;
    gp_array *states; /* nstates cuRAND states of the kind, as bytes */
} CpGen;

static CpGen *gens;
static int64_t ngens, cap, cur = -1;

/* At exit: every Generator's states released. */
static void gens_drop(void *)
{
    for (int64_t k = 0; k < ngens; k++) rt_release(gens[k].states);
    free(gens);
}

/* ---------------------------------------------------------------- CuPy's device samplers */

/* curand's (0, 1] mapped to [0, 1) by 1 → 0, in float (random(dtype=float32)) */
template <typename S> __device__ float cp_float(S &s)
{
    float r = curand_uniform(&s);
    return r >= 1.0f ? 0.0f : r;
}

/* ---------------------------------------------------------------- kernels */

/* The interval kinds, after gpyrt.h's RT_CPG_* draws. */
enum { CP_INTERVAL32 = RT_CPG_LOGSERIES + 1, CP_INTERVAL64 };

/* What one launch draws: the distribution, its parameters (arrays of the output's size) and an
 * interval's bound and mask. */
typedef struct CpDist {
    int kind;
    const double *a, *b, *c;
    uint64_t mx, mask;
} CpDist;

template <typename S> __global__ void cp_init(S *st, unsigned long long seed, int64_t n)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    if (id < n) curand_init(seed, id, 0, &st[id]);
}

/* Output id of d (its dtype is the kind's: float64, float32 for the _F32 kinds, uint32 or
 * uint64 for intervals, int64 for the counts). */
template <typename S> __device__ void cp_one(S &s, const CpDist &d, int64_t id, void *out)
{
    switch (d.kind) {
    case RT_CPG_RANDOM: ((double *)out)[id] = rk_double(s); break;
    case RT_CPG_RANDOM_F32: ((float *)out)[id] = cp_float(s); break;
    case RT_CPG_NORMAL: ((double *)out)[id] = curand_normal_double(&s); break;
    case RT_CPG_NORMAL_F32: ((float *)out)[id] = curand_normal(&s); break;
    case RT_CPG_EXPONENTIAL: ((double *)out)[id] = rk_exponential(s); break;
    case RT_CPG_GAMMA: ((double *)out)[id] = rk_gamma(s, d.a[id]); break;
    case RT_CPG_BETA: ((double *)out)[id] = rk_beta(s, d.a[id], d.b[id]); break;
    case RT_CPG_POISSON: ((int64_t *)out)[id] = rk_poisson(s, d.a[id]); break;
    case RT_CPG_GEOMETRIC: ((int64_t *)out)[id] = rk_geometric(s, d.a[id]); break;
    case RT_CPG_BINOMIAL: ((int64_t *)out)[id] = rk_binomial(s, (int)d.a[id], d.b[id]); break;
    case RT_CPG_HYPERGEOMETRIC:
        ((int64_t *)out)[id] = rk_hypergeometric(s, (int64_t)d.a[id], (int64_t)d.b[id], (int64_t)d.c[id]);
        break;
    case RT_CPG_LOGSERIES: ((int64_t *)out)[id] = rk_logseries(s, d.a[id]); break;
    case CP_INTERVAL32: {
        uint32_t v = curand(&s) & (uint32_t)d.mask;
        while (v > (uint32_t)d.mx) v = curand(&s) & (uint32_t)d.mask;
        ((uint32_t *)out)[id] = v;
        break;
    }
    default: { /* CP_INTERVAL64: two draws, the first the high word */
        uint64_t v;
        do {
            uint64_t hi = curand(&s);
            v = (hi << 32 | curand(&s)) & d.mask;
        } while (v > d.mx);
        ((uint64_t *)out)[id] = v;
    }
    }
}

template <typename S> __global__ void cp_dist(S *st, int64_t nstates, CpDist d, void *out, int64_t n)
{
    int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    S s = st[t];
    for (int64_t id = t; id < n; id += nstates) cp_one(s, d, id, out);
    st[t] = s;
}

/* The launches of generator g's kind: init (d NULL) or a distribution. */
template <typename S>
static void cp_launch(const CpGen *g, const CpDist *d, uint32_t seed, void *out, int64_t n)
{
    S *st = (S *)g->states->data;
    unsigned blocks = (unsigned)((g->nstates + 255) / 256);
    if (!d)
        cp_init<S><<<blocks, 256, 0, rt_stream()>>>(st, seed, g->nstates);
    else if (n)
        cp_dist<S><<<blocks, 256, 0, rt_stream()>>>(st, g->nstates, *d, out, n);
    CHECK_CUDA(cudaGetLastError());
}

static void launch(const CpGen *g, const CpDist *d, uint32_t seed, void *out, int64_t n)
{
    if (g->kind == RT_CPG_XORWOW)
        cp_launch<curandState>(g, d, seed, out, n);
    else if (g->kind == RT_CPG_MRG32K3A)
        cp_launch<curandStateMRG32k3a>(g, d, seed, out, n);
    else
        cp_launch<curandStatePhilox4_32_10_t>(g, d, seed, out, n);
}

/* ---------------------------------------------------------------- the API */

extern "C" int64_t rt_cpg_new(int kind, int64_t seed, bool seeded)
{
    uint32_t word = rt_np_seed_word(seed, seeded);
    if (ngens == cap) {
        if (!cap) rt_at_exit(gens_drop, NULL);
        cap = cap ? 2 * cap : 8;
        gens = (CpGen *)rt_xrealloc(gens, (size_t)cap * sizeof *gens);
    }
    CpGen *g = &gens[ngens];
    g->kind = kind;
    g->nstates = 8 * 256 * (int64_t)gpu_sm_count();
    size_t ssize = kind == RT_CPG_XORWOW     ? sizeof(curandState)
                   : kind == RT_CPG_MRG32K3A ? sizeof(curandStateMRG32k3a)
                                             : sizeof(curandStatePhilox4_32_10_t);
    int64_t bytes = g->nstates * (int64_t)ssize;
    g->states = rt_empty(GP_INT8, 1, &bytes);
    CHECK_CUDA(cudaMemsetAsync(g->states->data, 0, (size_t)bytes, rt_stream()));
    launch(g, NULL, word, NULL, 0);
    return ngens++;
}

extern "C" int64_t rt_cpg_use(int64_t h)
{
    int64_t prev = cur;
    if (h < -1 || h >= ngens)
        rt_raise("RuntimeError", "gpyc runtime: bad cupy.random.Generator handle %lld", (long long)h);
    cur = h;
    return prev;
}

/* Generator cur's launch of d into a new array of dtype dt and shape. */
static gp_array *draw(const CpDist *d, gp_dtype dt, int ndim, const int64_t *shape)
{
    if (cur < 0) rt_raise("RuntimeError", "gpyc runtime: no cupy.random.Generator selected");
    gp_array *r = rt_empty(dt, ndim, shape);
    launch(&gens[cur], d, 0, r->data, r->size);
    return r;
}

extern "C" gp_array *rt_cpg_draw(int kind, int ndim, const int64_t *shape, const gp_array *a,
                                 const gp_array *b, const gp_array *c)
{
    gp_dtype dt = kind == RT_CPG_RANDOM_F32 || kind == RT_CPG_NORMAL_F32 ? GP_FLOAT32
                  : kind >= RT_CPG_POISSON                               ? GP_INT64
                                                                         : GP_FLOAT64;
    CpDist d = { kind,
                 a ? (const double *)a->data : NULL,
                 b ? (const double *)b->data : NULL,
                 c ? (const double *)c->data : NULL,
                 0,
                 0 };
    return draw(&d, dt, ndim, shape);
}

/* out[i] = low + y[i] in T (cupy.add(low, y, dtype=T): both wrapped to T) */
template <typename T, typename U> __global__ void cp_add_low(T *out, const U *y, uint64_t low, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = (T)(low + (uint64_t)y[i]);
}

template <typename U> static void add_low(gp_array *r, const gp_array *y, uint64_t low)
{
    unsigned g = rt_grid_for(r->size, 256);
    const U *src = (const U *)y->data;
    switch (r->dtype) {
    case GP_INT8: cp_add_low<<<g, 256, 0, rt_stream()>>>((int8_t *)r->data, src, low, r->size); break;
    case GP_INT16: cp_add_low<<<g, 256, 0, rt_stream()>>>((int16_t *)r->data, src, low, r->size); break;
    case GP_INT32: cp_add_low<<<g, 256, 0, rt_stream()>>>((int32_t *)r->data, src, low, r->size); break;
    case GP_UINT8: cp_add_low<<<g, 256, 0, rt_stream()>>>((uint8_t *)r->data, src, low, r->size); break;
    case GP_UINT16: cp_add_low<<<g, 256, 0, rt_stream()>>>((uint16_t *)r->data, src, low, r->size); break;
    case GP_UINT32: cp_add_low<<<g, 256, 0, rt_stream()>>>((uint32_t *)r->data, src, low, r->size); break;
    case GP_UINT64: cp_add_low<<<g, 256, 0, rt_stream()>>>((uint64_t *)r->data, src, low, r->size); break;
    default: cp_add_low<<<g, 256, 0, rt_stream()>>>((int64_t *)r->data, src, low, r->size);
    }
    CHECK_CUDA(cudaGetLastError());
}

extern "C" gp_array *rt_cpg_integers(gp_dtype dt, int64_t low, int64_t high, bool endpoint, int ndim,
                                     const int64_t *shape)
{
    int bits = (int)rt_dtype_size(dt) * 8;
    bool sgn = dt == GP_INT8 || dt == GP_INT16 || dt == GP_INT32 || dt == GP_INT64;
    __int128 hi1 = (__int128)high - !endpoint, lb = sgn ? -((__int128)1 << (bits - 1)) : 0;
    __int128 ub = ((__int128)1 << (bits - sgn)) - 1;
    if (low > hi1) rt_raise("ValueError", "low >= high");
    if (low < lb) rt_raise("ValueError", "low is out of bounds for %s", rt_dtype_name(dt));
    if (hi1 > ub) rt_raise("ValueError", "high is out of bounds for %s", rt_dtype_name(dt));
    uint64_t diff = (uint64_t)(hi1 - low), mask = 0;
    while (mask < diff) mask = mask << 1 | 1;
    bool wide = diff > 0xffffffffu;
    CpDist d = { wide ? CP_INTERVAL64 : CP_INTERVAL32, NULL, NULL, NULL, diff, mask };
    gp_array *y = draw(&d, wide ? GP_UINT64 : GP_UINT32, ndim, shape);
    gp_array *r = rt_empty(dt, ndim, shape);
    if (r->size) {
        if (wide)
            add_low<uint64_t>(r, y, (uint64_t)low);
        else
            add_low<uint32_t>(r, y, (uint64_t)low);
    }
    rt_release(y);
    return r;
}
