/*
 * random.cu — CuPy's legacy random generator on cuRAND.
 *
 * CuPy's RandomState creates a cuRAND generator of type CURAND_RNG_PSEUDO_DEFAULT (XORWOW),
 * seed(s) sets the pseudo-random seed to s (as uint64) and the offset to 0, and
 * random_sample draws with curandGenerateUniform (float32) or curandGenerateUniformDouble
 * (float64), whose values lie in (0, 1], then maps 1 to 0 so the result lies in [0, 1).
 * Doing the same calls in the same order gives the same numbers as CuPy.
 *
 * Invariant: one generator per process, created at the first use, on the runtime's stream.
 */
#include "gpyrt.h"
#include "internal.h"
#include "libgpu.h"

#include <curand.h>
#include <time.h>

static curandGenerator_t gen;
static bool have_gen;

static void check_curand(curandStatus_t s, const char *what)
{
    if (s != CURAND_STATUS_SUCCESS) rt_raise("RuntimeError", "cuRAND error %d in %s", (int)s, what);
}

static void ensure_gen(void)
{
    if (have_gen) return;
    gpu_init();
    check_curand(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT), "curandCreateGenerator");
    have_gen = true;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    check_curand(curandSetPseudoRandomGeneratorSeed(gen, (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec),
                 "curandSetPseudoRandomGeneratorSeed");
}

extern "C" void rt_random_seed(uint64_t seed)
{
    ensure_gen();
    check_curand(curandSetPseudoRandomGeneratorSeed(gen, seed), "curandSetPseudoRandomGeneratorSeed");
    check_curand(curandSetGeneratorOffset(gen, 0), "curandSetGeneratorOffset");
}

/* x == 1 → 0 (CuPy's _mod1_kernel) */
template <typename T>
__global__ void mod1_kernel(T *x, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        if (x[i] == (T)1) x[i] = (T)0;
}

extern "C" gp_array *rt_random_uniform(gp_dtype dt, int ndim, const int64_t *shape)
{
    if (dt != GP_FLOAT32 && dt != GP_FLOAT64)
        rt_raise("TypeError", "random() supports float32 and float64, not %s", gp_dtype_name(dt));
    gp_array *a = rt_empty(dt, ndim, shape);
    if (a->size == 0) return a;
    ensure_gen();
    check_curand(curandSetStream(gen, rt_stream()), "curandSetStream");
    unsigned grid = rt_grid_for(a->size, 256);
    if (dt == GP_FLOAT32) {
        check_curand(curandGenerateUniform(gen, (float *)a->data, (size_t)a->size), "curandGenerateUniform");
        mod1_kernel<float><<<grid, 256, 0, rt_stream()>>>((float *)a->data, a->size);
    } else {
        check_curand(curandGenerateUniformDouble(gen, (double *)a->data, (size_t)a->size),
                     "curandGenerateUniformDouble");
        mod1_kernel<double><<<grid, 256, 0, rt_stream()>>>((double *)a->data, a->size);
    }
    rt_check_launch();
    return a;
}
