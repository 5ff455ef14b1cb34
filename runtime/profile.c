/*
 * profile.c — CuPy's profiling helpers for generated code (GPK_DEV rows): NVTX ranges and
 * markers that Nsight Systems shows (cupy.cuda.nvtx, cupyx.profiler.time_range objects), the
 * CUDA profiler's start and stop (cupy.cuda.profiler, cupyx.profiler.profile), and the records
 * of cupyx.profiler.benchmark.
 *
 * NVTX 3 is header-only: without a tool attached its calls cost a branch.  CuPy's colours:
 * an id_color >= 0 picks one of its ten ARGB colours (id % 10), an explicit ARGB colour wins.
 *
 * A benchmark record (a handle into `benches`) keeps the name and, per timed repeat, the host
 * time of the call (perf_counter's delta) and the GPU time between two events recorded on the
 * current stream around it, as CuPy's _repeat measures them (both in seconds); its str() is
 * CuPy's _PerfCaseResult line.  Invariant: records are never freed (a program makes few).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_profiler_api.h>
#include <nvtx3/nvToolsExt.h>

#include "internal.h"

static const uint32_t colours[10] = { 0xFF00FF00, 0xFF007FFF, 0xFF7F00FF, 0xFFFF0000, 0xFF7FFF00,
                                      0xFF00FF7F, 0xFF0000FF, 0xFFFF007F, 0xFFFF7F00, 0xFF7F7F7F };

/* The event attributes of msg in colour (id_color, argb), or false for a plain message. */
static bool attributes(nvtxEventAttributes_t *a, const char *msg, int64_t id_color, int64_t argb)
{
    if (argb < 0 && id_color < 0)
        return false;
    memset(a, 0, sizeof *a);
    a->version = NVTX_VERSION;
    a->size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    a->messageType = NVTX_MESSAGE_TYPE_ASCII;
    a->message.ascii = msg;
    a->colorType = NVTX_COLOR_ARGB;
    a->color = argb >= 0 ? (uint32_t)argb : colours[id_color % 10];
    return true;
}

void rt_nvtx_push(const char *msg, int64_t id_color, int64_t argb)
{
    nvtxEventAttributes_t a;
    if (attributes(&a, msg, id_color, argb))
        nvtxRangePushEx(&a);
    else
        nvtxRangePushA(msg);
}

void rt_nvtx_pop(void)
{
    nvtxRangePop();
}

void rt_nvtx_mark(const char *msg, int64_t id_color, int64_t argb)
{
    nvtxEventAttributes_t a;
    if (attributes(&a, msg, id_color, argb))
        nvtxMarkEx(&a);
    else
        nvtxMarkA(msg);
}

void rt_profiler_start(void)
{
    gpu_init();
    CHECK_CUDA(cudaProfilerStart());
}

void rt_profiler_stop(void)
{
    gpu_init();
    CHECK_CUDA(cudaProfilerStop());
}

/* ---------------------------------------------------------------- time_range objects
 * cupyx.profiler.time_range(message, color_id, argb_color, sync=): a handle into `ranges`;
 * entering one pushes its range (after a device synchronisation with sync=True), leaving it
 * pops it (the same). */
typedef struct Range {
    char *msg;
    int64_t id_color, argb;
    bool sync;
} Range;

static Range *ranges;
static int64_t nranges;

int64_t rt_range_new(const char *msg, int64_t id_color, int64_t argb, bool sync)
{
    if (nranges % 16 == 0)
        ranges = rt_xrealloc(ranges, sizeof *ranges * (size_t)(nranges + 16));
    Range *r = &ranges[nranges];
    size_t n = strlen(msg);
    r->msg = rt_xrealloc(NULL, n + 1);
    memcpy(r->msg, msg, n + 1);
    r->id_color = id_color;
    r->argb = argb;
    r->sync = sync;
    return nranges++;
}

static Range *range_at(int64_t h)
{
    if (h < 0 || h >= nranges)
        rt_raise("RuntimeError", "gpyc runtime: bad time_range handle %lld", (long long)h);
    return &ranges[h];
}

void rt_range_enter(int64_t h)
{
    Range *r = range_at(h);
    if (r->sync) {
        gpu_init();
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    rt_nvtx_push(r->msg, r->id_color, r->argb);
}

void rt_range_exit(int64_t h)
{
    if (range_at(h)->sync)
        CHECK_CUDA(cudaDeviceSynchronize());
    rt_nvtx_pop();
}

/* ---------------------------------------------------------------- benchmark records */

typedef struct Bench {
    char *name;
    double *cpu, *gpu;         /* seconds per repeat */
    int64_t n, cap;
    double t0, duration;       /* the repeat's start; the seconds spent so far */
    cudaEvent_t ev[2];
} Bench;

static Bench *benches;
static int64_t nbenches;

static Bench *bench_at(int64_t h)
{
    if (h < 0 || h >= nbenches)
        rt_raise("RuntimeError", "gpyc runtime: bad benchmark handle %lld", (long long)h);
    return &benches[h];
}

int64_t rt_bench_new(const char *name)
{
    gpu_init();
    if (nbenches % 8 == 0)
        benches = rt_xrealloc(benches, sizeof *benches * (size_t)(nbenches + 8));
    Bench *b = &benches[nbenches];
    memset(b, 0, sizeof *b);
    size_t n = strlen(name);
    b->name = rt_xrealloc(NULL, n + 1);
    memcpy(b->name, name, n + 1);
    for (int k = 0; k < 2; k++)
        CHECK_CUDA(cudaEventCreate(&b->ev[k]));
    /* CuPy's _repeat: after the warm-up, the device reaches an event before the first repeat */
    CHECK_CUDA(cudaEventRecord(b->ev[0], rt_stream()));
    CHECK_CUDA(cudaEventSynchronize(b->ev[0]));
    return nbenches++;
}

void rt_bench_start(int64_t h)
{
    Bench *b = bench_at(h);
    CHECK_CUDA(cudaEventRecord(b->ev[0], rt_stream()));
    b->t0 = rt_perf_counter();
}

bool rt_bench_stop(int64_t h, double max_duration)
{
    Bench *b = bench_at(h);
    double cpu = rt_perf_counter() - b->t0;
    CHECK_CUDA(cudaEventRecord(b->ev[1], rt_stream()));
    CHECK_CUDA(cudaEventSynchronize(b->ev[1]));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, b->ev[0], b->ev[1]));
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        b->cpu = rt_xrealloc(b->cpu, sizeof(double) * (size_t)b->cap);
        b->gpu = rt_xrealloc(b->gpu, sizeof(double) * (size_t)b->cap);
    }
    b->cpu[b->n] = cpu;
    b->gpu[b->n] = ms * 1e-3;
    b->n++;
    b->duration += rt_perf_counter() - b->t0;
    return b->duration > max_duration;
}

/* One device's part of the line: CuPy's _to_str_per_item (NumPy's mean and population std). */
static void item_str(char *out, size_t cap, const char *dev, const double *t, int64_t n)
{
    double sum = 0, lo = INFINITY, hi = -INFINITY;
    for (int64_t i = 0; i < n; i++) {
        double us = t[i] * 1e6;
        sum += us;
        lo = us < lo ? us : lo;
        hi = us > hi ? us : hi;
    }
    double mean = sum / (double)n, var = 0;
    for (int64_t i = 0; i < n; i++)
        var += (t[i] * 1e6 - mean) * (t[i] * 1e6 - mean);
    int k = snprintf(out, cap, "    %s: %9.3f us", dev, mean);
    if (n > 1 && k > 0 && (size_t)k < cap)
        snprintf(out + k, cap - (size_t)k, "   +/- %6.3f (min: %9.3f / max: %9.3f) us",
                 sqrt(var / (double)n), lo, hi);
}

const char *rt_bench_str(int64_t h, bool show_gpu)
{
    Bench *b = bench_at(h);
    if (b->n == 0) /* n_repeat=0: CuPy's _PerfCaseResult asserts ts.shape[1] > 0 */
        rt_raise("AssertionError", "%s", "");
    char cpu[160], gpu[160];
    item_str(cpu, sizeof cpu, "CPU", b->cpu, b->n);
    item_str(gpu, sizeof gpu, "GPU-0", b->gpu, b->n);
    size_t n = strlen(b->name) + strlen(cpu) + strlen(gpu) + 32;
    char *s = rt_str_alloc(n);
    snprintf(s, n, "%-20s:%s%s%s", b->name, cpu, show_gpu ? " " : "", show_gpu ? gpu : "");
    return s;
}

const char *rt_bench_name(int64_t h)
{
    Bench *b = bench_at(h);
    size_t n = strlen(b->name);
    char *s = rt_str_alloc(n + 1);
    memcpy(s, b->name, n + 1);
    return s;
}

/* cpu_times (gpu 0): an array of shape (n,); gpu_times (gpu 1): of shape (1, n) (one device) */
gp_array *rt_bench_times(int64_t h, int64_t gpu)
{
    Bench *b = bench_at(h);
    int64_t shape[2] = { 1, b->n };
    return rt_from_host(GP_FLOAT64, gpu ? 2 : 1, gpu ? shape : shape + 1, gpu ? b->gpu : b->cpu);
}
