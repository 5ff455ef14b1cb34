/*
 * device.c — device selection, the current stream and the error hook for libgpu.
 *
 * Invariants: nothing here touches the driver before gpu_init(); gpu_init() is idempotent and
 * either leaves the process with device 0 selected, one non-blocking stream (current until
 * gpu_set_stream makes another one current) and the default
 * memory pool configured (release threshold unlimited), or exits with status 1 after one plain
 * sentence on stderr.  Every failure of a CUDA call goes through gpu_error() (check.h's checks,
 * the pool), which hands a Python-style error to the runtime's hook (or prints and exits when
 * no hook is installed).
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "gpu_internal.h"
#include "libgpu.h"

static int initialised;
static cudaStream_t stream;     /* the program's own stream (CuPy's Stream.null) */
static cudaStream_t current;    /* where launches, copies and allocations go now */
static int sm_count;
static cudaMemPool_t pool;
static GpuErrorHook error_hook;

/* Reports that the program cannot run here, in one plain sentence, and exits.  The runtime
 * says "insufficient driver" also when no driver is installed at all; cudaDriverGetVersion
 * (0: no driver) tells the two apart. */
static void no_device(cudaError_t e)
{
    int driver = 0;
    fflush(stdout);
    if (e == cudaErrorInsufficientDriver && cudaDriverGetVersion(&driver) == cudaSuccess &&
        driver > 0)
        fputs("gpyc: the NVIDIA driver is too old for this program (CUDA 13 needs a newer "
              "driver)\n", stderr);
    else
        fputs("gpyc: no CUDA-capable GPU was found (this program needs an NVIDIA GPU and "
              "driver)\n", stderr);
    exit(1);
}

/* Selects device 0 and creates the stream and the pool (once). */
void gpu_init(void)
{
    if (initialised)
        return;
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0)
        no_device(e);
    e = cudaSetDevice(0);
    if (e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice)
        no_device(e);
    CHECK_CUDA(e);
    initialised = 1;
#ifdef GPYRT_CHECK_BUILD
    fputs("gpyrt: warning: this runtime was built for compile checks (device code unoptimised, "
          "GPYC_RUNTIME_DEVICE_OPT); build with `make` for programs that run\n", stderr);
#endif
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    current = stream;
    CHECK_CUDA(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, 0));
    if (sm_count < 1)
        sm_count = 1;
    CHECK_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
    uint64_t threshold = UINT64_MAX;
    CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
}

/* True once gpu_init() has selected the device (rt_finish syncs only then). */
int gpu_is_initialised(void)
{
    return initialised;
}

/* The current stream: every launch and copy of the program goes on it. */
cudaStream_t gpu_stream(void)
{
    gpu_init();
    return current;
}

/* The program's own stream, current until gpu_set_stream changes it. */
cudaStream_t gpu_base_stream(void)
{
    gpu_init();
    return stream;
}

/* Makes s the current stream (the runtime's streams.c: `with stream:`, stream.use()). */
void gpu_set_stream(cudaStream_t s)
{
    gpu_init();
    current = s;
}

/* The number of SMs of device 0 (cached at init). */
int gpu_sm_count(void)
{
    gpu_init();
    return sm_count;
}

/* The pool that gpu_malloc draws from (pool.c). */
cudaMemPool_t gpu_pool(void)
{
    gpu_init();
    return pool;
}

/* Waits for all work on the current stream and reports any asynchronous error. */
void gpu_sync(void)
{
    gpu_init();
    CHECK_CUDA(cudaStreamSynchronize(current));
}

void gpu_shutdown(int all)
{
    if (!initialised)
        return;
    gpu_pool_release(all);
    (void)cudaStreamDestroy(stream);
    (void)cudaGetLastError();
    stream = current = NULL;
    initialised = 0;
}

void gpu_set_error_hook(GpuErrorHook hook)
{
    error_hook = hook;
}

/* Hands exc/msg to the runtime's hook; without one, prints them and exits. */
void gpu_error(const char *exc, const char *msg)
{
    if (error_hook)
        error_hook(exc, msg);
    fflush(stdout);
    fprintf(stderr, "%s: %s\n", exc, msg);
    exit(1);
}
