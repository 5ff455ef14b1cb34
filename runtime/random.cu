/*
 * random.cu — CuPy's legacy random generator (cupy.random's RandomState) on cuRAND.
 *
 * CuPy's RandomState creates a cuRAND generator of type CURAND_RNG_PSEUDO_DEFAULT (XORWOW);
 * seed(s) sets the pseudo-random seed to s (as uint64) and the offset to 0.  Each routine here
 * makes the cuRAND calls CuPy makes, with the same counts, in the same order:
 *   - random_sample: curandGenerateUniform[Double] (values in (0, 1]), then 1 → 0 (CuPy's
 *     _mod1_kernel); CuPy's _random_sample_raw is the same draw without the mapping;
 *   - normal / lognormal: curandGenerate[Log]Normal[Double] with the parameters passed to
 *     cuRAND; cuRAND fills even counts only, so an odd count n draws n + 1 and drops the last;
 *   - randint: CuPy's _interval over [0, high - 1 - low]: curandGenerate (32-bit words; two per
 *     value, little-endian, when the interval needs 64 bits); a power-of-two length is masked,
 *     any other rejects values above the largest multiple of the length and replaces them, in
 *     order, by the accepted values of supplementary draws of max(2 * rejected, 1024) values;
 *     then value % length + low, converted to the dtype;
 *   - permutation keys: curandGenerate of n int32 words (the compiler argsorts them);
 *   - the distributions CuPy's RandomState draws with its own per-element kernels (beta,
 *     binomial, gamma, poisson, ...: rt_random_rk) do not touch cuRAND: element i runs NumPy's
 *     legacy sampler (rkdist.cuh) on a randomkit state (xorshift128, CuPy's rk_seed) seeded
 *     with the RandomState's rk seed + i, and each such call advances the rk seed by the
 *     output's size, modulo 2**64 - 1; seed(s) sets the rk seed to s too.
 * Doing the same calls in the same order gives the same numbers as CuPy.
 *
 * Invariant: cupy.random's own generator is created at its first use (seeded from $CUPY_SEED
 * when set, as CuPy's get_random_state does, else from the clock); each RandomState object has
 * a generator and an rk seed of its own; every draw uses the selected one (rt_random_use; the
 * module's functions use the one set_random_state set, rt_random_global) on the current
 * stream.
 */
#include "gpyrt.h"
#include "internal.h"
#include "libgpu.h"
#include "rkdist.cuh"

#include <curand.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Generator 0 is cupy.random's own (get_random_state), created and seeded at its first use;
 * RandomState objects are the others.  `gen` is the selected one (rt_random_use). */
static curandGenerator_t gens[64];
static uint64_t rk_seeds[64]; /* each generator's RandomState._rk_seed */
static int ngens = 1;
static int cur_gen;
static curandGenerator_t gen;

/* seed(s) of generator k as CuPy's RandomState: the pseudo-random seed, offset 0, rk seed s */
static void seed_gen(int k, unsigned long long seed)
{
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(gens[k], seed));
    CHECK_CURAND(curandSetGeneratorOffset(gens[k], 0));
    rk_seeds[k] = seed;
}

/* CuPy's seed when none is given: $CUPY_SEED for get_random_state's generator, else the clock */
static unsigned long long default_seed(bool env_ok)
{
    const char *env = env_ok ? getenv("CUPY_SEED") : NULL;
    if (env && *env) return strtoull(env, NULL, 10);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* At exit: every generator destroyed (with its state). */
static void gens_drop(void *)
{
    for (int k = 0; k < ngens; k++)
        if (gens[k]) (void)curandDestroyGenerator(gens[k]);
    memset(gens, 0, sizeof gens);
    ngens = 1;
    cur_gen = 0;
}

/* Creates generator k (the first one registers gens_drop). */
static void gen_make(int k)
{
    static bool registered;
    CHECK_CURAND(curandCreateGenerator(&gens[k], CURAND_RNG_PSEUDO_DEFAULT));
    if (!registered) rt_at_exit(gens_drop, NULL);
    registered = true;
}

static void ensure_gen(void)
{
    if (!gens[0]) {
        gpu_init();
        gen_make(0);
        seed_gen(0, default_seed(true));
    }
    gen = gens[cur_gen];
    CHECK_CURAND(curandSetStream(gen, rt_stream()));
}

extern "C" void rt_random_seed(uint64_t seed)
{
    ensure_gen();
    seed_gen(cur_gen, seed);
}

extern "C" int64_t rt_random_state_new(int64_t seed, bool seeded)
{
    gpu_init();
    if (ngens == (int)(sizeof gens / sizeof gens[0]))
        rt_raise("NotImplementedError", "gpyc programs make at most %d RandomState objects", ngens - 1);
    gen_make(ngens);
    seed_gen(ngens, seeded ? (unsigned long long)seed : default_seed(false));
    return ngens++;
}

extern "C" int64_t rt_random_use(int64_t state)
{
    int64_t prev = cur_gen;
    if (state < 0 || state >= ngens)
        rt_raise("RuntimeError", "gpyc runtime: bad RandomState handle %lld", (long long)state);
    cur_gen = (int)state;
    return prev;
}

extern "C" int64_t rt_random_global(int64_t h)
{
    if (h >= 0) rt_random_use(h);
    return cur_gen;
}

/* n 32-bit words into p (curandGenerate) */
static void draw_words(void *p, size_t n)
{
    if (n) CHECK_CURAND(curandGenerate(gen, (unsigned int *)p, n));
}

/* ================================================================ kernels */

/* x == 1 → 0 (CuPy's _mod1_kernel) */
template <typename T>
__global__ void mod1_kernel(T *x, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        if (x[i] == (T)1) x[i] = (T)0;
}

/* *cnt += the number of x[i] > lim */
template <typename S>
__global__ void count_above_kernel(const S *x, int64_t n, S lim, unsigned long long *cnt)
{
    unsigned long long c = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        c += x[i] > lim;
    if (c) atomicAdd(cnt, c);
}

/* out[i] = T((x[i] & mx, or x[i] % (mx + 1)) + lo): _interval's last step, astype, + low */
template <typename S, typename T>
__global__ void interval_kernel(const S *x, T *out, int64_t n, S mx, bool mask, uint64_t lo)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        S v = mask ? (S)(x[i] & mx) : (S)(x[i] % (S)(mx + 1));
        out[i] = (T)((uint64_t)v + lo);
    }
}

/* ================================================================ launchers */

extern "C" gp_array *rt_random_draw(gp_rand_kind kind, gp_dtype dt, int ndim, const int64_t *shape, double a, double b)
{
    bool bits = kind == GP_RAND_BITS;
    if (bits ? dt != GP_INT32 : dt != GP_FLOAT32 && dt != GP_FLOAT64)
        rt_raise("TypeError", "cupy.random only supports float32 and float64");
    gp_array *r = rt_empty(dt, ndim, shape);
    if (r->size == 0) return r;
    ensure_gen();
    size_t n = (size_t)r->size;
    bool f32 = dt == GP_FLOAT32;
    switch (kind) {
    case GP_RAND_UNIFORM:
    case GP_RAND_UNIFORM_RAW:
        if (f32) CHECK_CURAND(curandGenerateUniform(gen, (float *)r->data, n));
        else CHECK_CURAND(curandGenerateUniformDouble(gen, (double *)r->data, n));
        if (kind == GP_RAND_UNIFORM) {
            unsigned grid = rt_grid_for(r->size, 256);
            if (f32) mod1_kernel<float><<<grid, 256, 0, rt_stream()>>>((float *)r->data, r->size);
            else mod1_kernel<double><<<grid, 256, 0, rt_stream()>>>((double *)r->data, r->size);
            rt_check_launch();
        }
        return r;
    case GP_RAND_NORMAL:
    case GP_RAND_LOGNORMAL: {
        /* cuRAND's normal generators fill even counts only: draw n + 1, keep the first n */
        gp_array *buf = r;
        if (n % 2) {
            int64_t n1 = (int64_t)n + 1;
            buf = rt_empty(dt, 1, &n1);
        }
        if (kind == GP_RAND_NORMAL && f32)
            CHECK_CURAND(curandGenerateNormal(gen, (float *)buf->data, buf->size, (float)a,
                                              (float)b));
        else if (kind == GP_RAND_NORMAL)
            CHECK_CURAND(curandGenerateNormalDouble(gen, (double *)buf->data, buf->size, a, b));
        else if (f32)
            CHECK_CURAND(curandGenerateLogNormal(gen, (float *)buf->data, buf->size, (float)a,
                                                 (float)b));
        else
            CHECK_CURAND(curandGenerateLogNormalDouble(gen, (double *)buf->data, buf->size, a, b));
        if (buf != r) {
            CHECK_CUDA(cudaMemcpyAsync(r->data, buf->data, n * (f32 ? 4 : 8),
                                       cudaMemcpyDeviceToDevice, rt_stream()));
            rt_release(buf);
        }
        return r;
    }
    case GP_RAND_BITS: draw_words(r->data, n); return r;
    }
    rt_raise("RuntimeError", "rt_random_draw: unknown kind %d", (int)kind);
}

/* The integer limits of dt (randint's bounds check); false for a non-integer dtype. */
static bool int_limits(gp_dtype dt, int64_t *lo, uint64_t *hi)
{
    switch (dt) {
    case GP_INT8: *lo = INT8_MIN; *hi = INT8_MAX; return true;
    case GP_INT16: *lo = INT16_MIN; *hi = INT16_MAX; return true;
    case GP_INT32: *lo = INT32_MIN; *hi = INT32_MAX; return true;
    case GP_INT64: *lo = INT64_MIN; *hi = INT64_MAX; return true;
    case GP_UINT8: *lo = 0; *hi = UINT8_MAX; return true;
    case GP_UINT16: *lo = 0; *hi = UINT16_MAX; return true;
    case GP_UINT32: *lo = 0; *hi = UINT32_MAX; return true;
    case GP_UINT64: *lo = 0; *hi = UINT64_MAX; return true;
    default: return false;
    }
}

/* The number of sample values above lim (syncs). */
template <typename S>
static uint64_t count_above(const gp_array *s, S lim)
{
    int64_t one = 1;
    gp_array *c = rt_empty(GP_UINT64, 1, &one);
    CHECK_CUDA(cudaMemsetAsync(c->data, 0, 8, rt_stream()));
    count_above_kernel<S><<<rt_grid_for(s->size, 256), 256, 0, rt_stream()>>>((const S *)s->data, s->size, lim,
                                                                            (unsigned long long *)c->data);
    rt_check_launch();
    uint64_t n;
    rt_to_host(c, &n);
    rt_release(c);
    return n;
}

/* CuPy's rejection loop: every sample value above lim is replaced, in order, by the accepted
 * values (<= lim) of supplementary draws of max(2 * rejected, 1024) values, in order.  Rare
 * for small intervals, so it runs on the host.  Returns the fixed sample (new reference). */
template <typename S>
static gp_array *reject(gp_array *s, S lim)
{
    int64_t n = s->size;
    S *h = (S *)malloc((size_t)n * sizeof(S));
    int64_t *ng = (int64_t *)malloc((size_t)n * sizeof(int64_t));
    if (!h || !ng) rt_raise("MemoryError", "out of host memory in randint");
    rt_to_host(s, h);
    int64_t n_ng = 0;
    for (int64_t i = 0; i < n; i++)
        if (h[i] > lim) ng[n_ng++] = i;
    int64_t at = 0;   /* the next rejected position to fill */
    while (at < n_ng) {
        int64_t m = 2 * (n_ng - at) > 1024 ? 2 * (n_ng - at) : 1024;
        gp_array *sup = rt_empty(s->dtype, 1, &m);
        draw_words(sup->data, (size_t)m * (sizeof(S) / 4));
        S *hs = (S *)malloc((size_t)m * sizeof(S));
        if (!hs) rt_raise("MemoryError", "out of host memory in randint");
        rt_to_host(sup, hs);
        rt_release(sup);
        for (int64_t j = 0; j < m && at < n_ng; j++)
            if (hs[j] <= lim) h[ng[at++]] = hs[j];
        free(hs);
    }
    gp_array *r = rt_from_host(s->dtype, s->ndim, s->shape, h);
    free(h);
    free(ng);
    return r;
}

/* _interval over [0, mx] in S (uint32 or uint64), then + lo into out (any integer dtype).
 * mx == 0 draws nothing (CuPy returns zeros). */
template <typename S>
static void interval(gp_array *out, uint64_t mx, uint64_t lo)
{
    int64_t n = out->size;
    gp_array *s = rt_empty(sizeof(S) == 4 ? GP_UINT32 : GP_UINT64, 1, &n);
    if (mx) draw_words(s->data, (size_t)n * (sizeof(S) / 4));
    else CHECK_CUDA(cudaMemsetAsync(s->data, 0, (size_t)n * sizeof(S), rt_stream()));
    bool pow2 = (mx & (mx + 1)) == 0;   /* the length mx + 1 a power of two (or 2**64) */
    if (!pow2) {
        /* the largest value whose residue class is complete: 2**bits - 1 - 2**bits % (mx + 1) */
        S m1 = (S)(mx + 1);
        S lim = (S)(~(S)0 - ((S)(~(S)0 % m1) + 1) % m1);
        if (count_above<S>(s, lim)) {
            gp_array *f = reject<S>(s, lim);
            rt_release(s);
            s = f;
        }
    }
    unsigned grid = rt_grid_for(n, 256);
    const S *x = (const S *)s->data;
#define RT_INTERVAL(T) \
    interval_kernel<S, T><<<grid, 256, 0, rt_stream()>>>(x, (T *)out->data, n, (S)mx, pow2, lo)
    switch (out->dtype) {
    case GP_INT8: RT_INTERVAL(int8_t); break;
    case GP_INT16: RT_INTERVAL(int16_t); break;
    case GP_INT32: RT_INTERVAL(int32_t); break;
    case GP_INT64: RT_INTERVAL(int64_t); break;
    case GP_UINT8: RT_INTERVAL(uint8_t); break;
    case GP_UINT16: RT_INTERVAL(uint16_t); break;
    case GP_UINT32: RT_INTERVAL(uint32_t); break;
    default: RT_INTERVAL(uint64_t); break;
    }
#undef RT_INTERVAL
    rt_check_launch();
    rt_release(s);
}

extern "C" gp_array *rt_random_randint(gp_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape)
{
    int64_t dmin;
    uint64_t dmax;
    if (!int_limits(dt, &dmin, &dmax)) rt_raise("TypeError", "randint() supports integer dtypes, not %s", rt_dtype_name(dt));
    if (low >= high) rt_raise("ValueError", "low >= high");
    int64_t hi1 = high - 1;
    if (low < dmin) rt_raise("ValueError", "low is out of bounds for %s", rt_dtype_name(dt));
    if (hi1 > 0 && (uint64_t)hi1 > dmax) rt_raise("ValueError", "high is out of bounds for %s", rt_dtype_name(dt));
    gp_array *r = rt_empty(dt, ndim, shape);
    uint64_t mx = (uint64_t)hi1 - (uint64_t)low;
    if (r->size == 0) return r;
    ensure_gen();
    if (mx <= UINT32_MAX) interval<uint32_t>(r, mx, (uint64_t)low);
    else interval<uint64_t>(r, mx, (uint64_t)low);
    return r;
}

/* ================================================================ CuPy's per-element kernels */

/* randomkit's state as CuPy's legacy kernels keep it: xorshift128 words and a spare Gaussian */
struct RkState {
    unsigned int xor128[4];
    double gauss;
    int has_gauss;
};

/* CuPy's rk_seed: four words of Knuth's multiplicative recurrence on the 64-bit seed */
__device__ static void rk_seed(unsigned long long s, RkState *st)
{
    for (int i = 1; i <= 4; i++) {
        s = 1812433253U * (s ^ (s >> 30)) + i;
        st->xor128[i - 1] = (unsigned int)s;
    }
    st->has_gauss = 0;
}

__device__ static unsigned int rk_random(RkState &st)
{
    unsigned int *x = st.xor128;
    unsigned int t = x[0] ^ (x[0] << 11);
    x[0] = x[1];
    x[1] = x[2];
    x[2] = x[3];
    return x[3] ^= (x[3] >> 19) ^ t ^ (t >> 8);
}

/* 53 bits of two words: (a * 2**26 + b) / 2**53 */
__device__ double rk_double(RkState &st)
{
    int a = rk_random(st) >> 5;
    int b = rk_random(st) >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

/* the polar method, its second value kept for the next call */
__device__ double rk_normal(RkState &st)
{
    if (st.has_gauss) {
        st.has_gauss = 0;
        return st.gauss;
    }
    double f, x1, x2, r2;
    do {
        x1 = 2.0 * rk_double(st) - 1.0;
        x2 = 2.0 * rk_double(st) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    f = sqrt(-2.0 * log(r2) / r2);
    st.gauss = f * x1;
    st.has_gauss = 1;
    return f * x2;
}

/* element i of kind k (parameters a, b, c at i) into out: float64, int64 or (OPEN_UNIFORM_F32)
 * float32, as gpyrt_kinds.def says */
__device__ static void rk_one(RkState &st, int k, const double *a, const double *b, const double *c,
                              int64_t i, void *out)
{
    double *d = (double *)out;
    int64_t *n = (int64_t *)out;
    switch (k) {
    case GP_RK_BETA: d[i] = rk_beta(st, a[i], b[i]); break;
    case GP_RK_BINOMIAL: n[i] = rk_binomial(st, (int)a[i], b[i]); break;
    case GP_RK_CHISQUARE: d[i] = rk_chisquare(st, a[i]); break;
    case GP_RK_F: d[i] = rk_f(st, a[i], b[i]); break;
    case GP_RK_GAMMA: d[i] = rk_gamma(st, a[i]); break;
    case GP_RK_GEOMETRIC: n[i] = rk_geometric(st, a[i]); break;
    case GP_RK_HYPERGEOMETRIC:
        n[i] = rk_hypergeometric(st, (int64_t)a[i], (int64_t)b[i], (int64_t)c[i]);
        break;
    case GP_RK_LOGSERIES: n[i] = rk_logseries(st, a[i]); break;
    case GP_RK_NONCENTRAL_CHISQUARE: d[i] = rk_noncentral_chisquare(st, a[i], b[i]); break;
    case GP_RK_NONCENTRAL_F: d[i] = rk_noncentral_f(st, a[i], b[i], c[i]); break;
    case GP_RK_POISSON: n[i] = rk_poisson(st, a[i]); break;
    case GP_RK_STANDARD_T: d[i] = rk_standard_t(st, a[i]); break;
    case GP_RK_VONMISES: d[i] = rk_vonmises(st, a[i], b[i]); break;
    case GP_RK_ZIPF: n[i] = rk_zipf(st, a[i]); break;
    case GP_RK_OPEN_UNIFORM: {
        double u;
        do u = rk_double(st);
        while (u <= 0.0 || u >= 1.0);
        d[i] = u;
        break;
    }
    default: { /* GP_RK_OPEN_UNIFORM_F32 */
        float u;
        do u = (float)rk_double(st);
        while (u <= 0.0f || u >= 1.0f);
        ((float *)out)[i] = u;
    }
    }
}

__global__ void rk_kernel(int k, unsigned long long seed, const double *a, const double *b, const double *c,
                          int64_t n, void *out)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        RkState st;
        rk_seed(seed + (unsigned long long)i, &st);
        rk_one(st, k, a, b, c, i, out);
    }
}

extern "C" gp_array *rt_random_rk(gp_rk_kind kind, int ndim, const int64_t *shape, const gp_array *a,
                                  const gp_array *b, const gp_array *c)
{
    gp_dtype dt = kind == GP_RK_OPEN_UNIFORM_F32 ? GP_FLOAT32
                  : kind == GP_RK_BINOMIAL || kind == GP_RK_GEOMETRIC || kind == GP_RK_HYPERGEOMETRIC ||
                          kind == GP_RK_LOGSERIES || kind == GP_RK_POISSON || kind == GP_RK_ZIPF
                      ? GP_INT64
                      : GP_FLOAT64;
    gp_array *r = rt_empty(dt, ndim, shape);
    ensure_gen();
    uint64_t seed = rk_seeds[cur_gen];
    rk_seeds[cur_gen] = (uint64_t)(((unsigned __int128)seed + (uint64_t)r->size) % UINT64_MAX);
    if (r->size == 0) return r;
    const double *pa = a ? (const double *)a->data : NULL, *pb = b ? (const double *)b->data : NULL,
                 *pc = c ? (const double *)c->data : NULL;
    rk_kernel<<<rt_grid_for(r->size, 256), 256, 0, rt_stream()>>>((int)kind, seed, pa, pb, pc, r->size,
                                                                  r->data);
    rt_check_launch();
    return r;
}
