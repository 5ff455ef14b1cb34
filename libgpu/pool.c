/*
 * pool.c — stream-ordered device allocation for gpyc programs.
 *
 * Every device allocation goes through gpu_malloc/gpu_free: cudaMallocAsync on the current
 * stream, cudaFreeAsync on the stream the block was allocated on (after the current stream's
 * work, when another stream is current), from device 0's default pool, whose release threshold
 * gpu_init sets to unlimited, so a steady-state loop reuses pool memory and never reaches the
 * driver.
 *
 * gpu_free keeps up to CACHE_SLOTS freed blocks and gpu_malloc hands one back when its
 * rounded size matches, with no CUDA call (see "freed blocks kept for reuse" below).
 *
 * Invariants: `live` maps each pointer handed out and not yet freed to its (requested) size
 * and its stream,
 * so gpu_bytes_in_use() (the sum of those sizes rounded up to 512 bytes, as CuPy's pool counts
 * its used bytes) is exact and gpu_free of an unknown pointer is caught; alloc_calls
 * counts the allocations that grew the pool's reserved memory (what a test of "no driver
 * allocations in the loop" checks); pool_ops counts every gpu_malloc and gpu_free (a CUDA
 * graph capture must see none: runtime/graph.c).  Host-side bookkeeping uses plain malloc.
 *
 * A limit (CuPy's CUPY_GPU_MEMORY_LIMIT: bytes, or a percentage of the device's memory) bounds
 * the bytes in use plus the blocks kept, as CuPy's pool bounds its total: an allocation over
 * it gives the kept blocks back and, still over, raises CuPy's OutOfMemoryError with the limit.
 * A memory pool's set_limit (gpu_set_limit) replaces it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gpu_internal.h"
#include "libgpu.h"

typedef struct Slot {
    void *p;          /* NULL: empty; TOMB: deleted */
    size_t n;
    cudaStream_t s;   /* the stream it was allocated on (freed there) */
} Slot;

#define TOMB ((void *)1)

static Slot *slots;
static size_t nslots, nused;   /* nused counts live entries and tombstones */
static size_t nlive;
static uint64_t alloc_calls, bytes_in_use;
static uint64_t pool_ops;        /* gpu_malloc and gpu_free calls (graph capture checks) */
static uint64_t born_allocs, born_frees;   /* of those, blocks born in a capture (gpu_capture_ops) */
static uint64_t reserved_seen;   /* the pool's reserved bytes after our last allocation */

static size_t hash_ptr(void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void map_put(void *p, size_t n, cudaStream_t s);

/* Grows (or cleans) the table so that it stays at most half full. */
static void map_grow(void)
{
    Slot *old = slots;
    size_t oldn = nslots;
    /* Mostly tombstones: rehash at the same size rather than grow. */
    nslots = !nslots ? 256 : nlive * 4 < nslots ? nslots : nslots * 2;
    slots = calloc(nslots, sizeof *slots);
    if (!slots) {
        gpu_error("MemoryError", "out of host memory");
    }
    nused = 0;
    nlive = 0;
    for (size_t i = 0; i < oldn; i++)
        if (old[i].p && old[i].p != TOMB)
            map_put(old[i].p, old[i].n, old[i].s);
    free(old);
}

static void map_put(void *p, size_t n, cudaStream_t s)
{
    if ((nused + 1) * 2 > nslots)
        map_grow();
    size_t i = hash_ptr(p) & (nslots - 1);
    while (slots[i].p && slots[i].p != TOMB)
        i = (i + 1) & (nslots - 1);
    if (!slots[i].p)
        nused++;
    slots[i].p = p;
    slots[i].n = n;
    slots[i].s = s;
    nlive++;
}

/* Removes p and returns its size and, in *s, its stream; returns (size_t)-1 when p is unknown. */
static size_t map_take(void *p, cudaStream_t *s)
{
    if (!nslots)
        return (size_t)-1;
    size_t i = hash_ptr(p) & (nslots - 1);
    while (slots[i].p) {
        if (slots[i].p == p) {
            size_t n = slots[i].n;
            *s = slots[i].s;
            slots[i].p = TOMB;
            nlive--;
            return n;
        }
        i = (i + 1) & (nslots - 1);
    }
    return (size_t)-1;
}

/* 1234567 -> "1,234,567" (CuPy's formatting of byte counts). */
static void with_commas(char *out, uint64_t v)
{
    char digits[32];
    int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    int j = 0;
    for (int i = 0; i < nd; i++) {
        if (i > 0 && (nd - i) % 3 == 0)
            out[j++] = ',';
        out[j++] = digits[i];
    }
    out[j] = 0;
}

static uint64_t reserved_now(cudaMemPool_t pool)
{
    uint64_t r = 0;
    CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &r));
    return r;
}

/* Raises CuPy's OutOfMemoryError for a request of n bytes (rounded up to 512 as CuPy's pool
 * rounds it), with the limit when one is set (CuPy's memory.pyx words it so). */
static void out_of_memory(size_t n, uint64_t limit)
{
    char want[40], have[40], lim[40], msg[200];
    with_commas(want, ((uint64_t)n + 511) / 512 * 512);
    with_commas(have, bytes_in_use);
    if (limit) {
        with_commas(lim, limit);
        snprintf(msg, sizeof msg,
                 "Out of memory allocating %s bytes (allocated so far: %s bytes, limit set to: %s bytes).",
                 want, have, lim);
    } else {
        snprintf(msg, sizeof msg, "Out of memory allocating %s bytes (allocated so far: %s bytes).", want,
                 have);
    }
    gpu_error("cupy.cuda.memory.OutOfMemoryError", msg);
}

/* The limit of CUPY_GPU_MEMORY_LIMIT, read at the first allocation: an integer of bytes, or
 * a percentage ("50%") of the device's total memory, as CuPy reads it; 0 for none.  A value
 * CuPy would not read raises ValueError with Python's words. */
static int limit_read;       /* memory_limit has its value (the environment's or set_limit's) */
static uint64_t limit;

static uint64_t memory_limit(void)
{
    if (limit_read)
        return limit;
    limit_read = 1;
    const char *v = getenv("CUPY_GPU_MEMORY_LIMIT");
    if (!v)
        return 0;
    char *end = NULL;
    size_t len = strlen(v);
    char msg[160];
    if (len > 0 && v[len - 1] == '%') {
        double pct = strtod(v, &end);
        if (end != v + len - 1 || !(pct >= 0 && pct <= 100)) {
            snprintf(msg, sizeof msg, "memory limit fraction out of range: %.60s", v);
            gpu_error("ValueError", msg);
        }
        size_t free_b = 0, total = 0;
        CHECK_CUDA(cudaMemGetInfo(&free_b, &total));
        limit = (uint64_t)(pct / 100.0 * (double)total);
    } else {
        unsigned long long b = strtoull(v, &end, 10);
        if (len == 0 || *end || v[0] == '-') {
            snprintf(msg, sizeof msg, "invalid literal for int() with base 10: '%.60s'", v);
            gpu_error("ValueError", msg);
        }
        limit = b;
    }
    return limit;
}

/* ---------------------------------------------------------------- freed blocks kept for reuse
 * cudaMallocAsync + cudaFreeAsync cost 1.2 µs of host time a pair on an H100, 1.75 µs inside
 * a launch-and-sync loop (docs/runtime.md), and a reduction in a timed loop makes two pairs
 * (its result and its partials).  So gpu_free keeps the block and a later gpu_malloc of the
 * same rounded size and the same stream takes it back without a CUDA call.  That is as safe as
 * the pool's own reuse: a block is kept for the stream it was allocated and freed on, so its
 * earlier uses on that stream are ordered before its next one.  Sizes round up to 512 bytes, as CuPy's pool rounds them, so that repeated shapes
 * meet again.  Full: the oldest block goes back to the pool.  Nothing is kept or taken while
 * the stream is being captured into a CUDA graph, nor is a block allocated during a capture
 * ever kept, even when it is freed after: it belongs to the graph (which is thrown away:
 * runtime/graph.c), so those calls go to the pool as before.  Blocks over CACHE_MAX_BYTES go
 * straight back, and every kept block goes back before an out-of-memory retry. */
enum { CACHE_SLOTS = 32, ROUND_BYTES = 512 };
#define CACHE_MAX_BYTES ((size_t)256 << 20)
/* Marks, in `live`'s size, a block allocated during a capture: freed later, it goes back to
 * the pool as before and is never kept. */
#define BORN_IN_CAPTURE ((size_t)1 << (sizeof(size_t) * 8 - 1))
static struct {
    void *p;
    size_t n;        /* rounded size */
    cudaStream_t s;  /* its stream */
} cache[CACHE_SLOTS];
static int ncache;      /* cache[0] is the oldest */
static uint64_t cache_hits;

static size_t rounded(size_t n)
{
    size_t r = n ? n : 1;
    return (r + ROUND_BYTES - 1) / ROUND_BYTES * ROUND_BYTES;
}

static bool capturing(cudaStream_t s)
{
    enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    CHECK_CUDA(cudaStreamIsCapturing(s, &cs));
    return cs != cudaStreamCaptureStatusNone;
}

/* A kept block of exactly n (rounded) bytes, the most recently kept first; NULL if none. */
static void *cache_take(size_t n, cudaStream_t s)
{
    for (int i = ncache - 1; i >= 0; i--) {
        if (cache[i].n == n && cache[i].s == s) {
            void *p = cache[i].p;
            memmove(&cache[i], &cache[i + 1], sizeof cache[0] * (size_t)(ncache - 1 - i));
            ncache--;
            cache_hits++;
            return p;
        }
    }
    return NULL;
}

static void cache_put(void *p, size_t n, cudaStream_t s)
{
    if (ncache == CACHE_SLOTS) {
        CHECK_CUDA(cudaFreeAsync(cache[0].p, cache[0].s));
        memmove(&cache[0], &cache[1], sizeof cache[0] * (CACHE_SLOTS - 1));
        ncache--;
    }
    cache[ncache].p = p;
    cache[ncache].n = n;
    cache[ncache].s = s;
    ncache++;
}

/* The bytes the kept blocks hold. */
static uint64_t kept_bytes(void)
{
    uint64_t b = 0;
    for (int i = 0; i < ncache; i++)
        b += cache[i].n;
    return b;
}

/* Gives the kept blocks of stream s (all: every stream's) back to the pool. */
static void cache_flush(cudaStream_t s, bool all)
{
    int k = 0;
    for (int i = 0; i < ncache; i++) {
        if (all || cache[i].s == s)
            CHECK_CUDA(cudaFreeAsync(cache[i].p, cache[i].s));
        else
            cache[k++] = cache[i];
    }
    ncache = k;
}

/* Raises OutOfMemoryError unless req more bytes fit under the limit, giving the kept blocks
 * back first when they are what is in the way (CuPy's free_all_blocks).  Not while the stream
 * is captured: a capture that allocates is thrown away, and the loop runs again uncaptured,
 * checked then. */
static void check_limit(size_t req, cudaStream_t s, bool cap)
{
    const uint64_t limit = memory_limit();
    if (!limit || cap)
        return;
    if (bytes_in_use + kept_bytes() + req > limit)
        cache_flush(s, true);
    if (req > limit || bytes_in_use + req > limit)
        out_of_memory(req, limit);
}

/* ---------------------------------------------------------------- CuPy's stream captures
 * While the program captures a stream into a cupy.cuda.Graph (gpu_user_capture, runtime/graph.c),
 * memory behaves as CuPy's pool makes it behave: an array allocated during the capture is real
 * memory, outside the graph, that its replays write (cudaMallocAsync on `side`, a stream never
 * captured, waited for at once), and a block freed during the capture is held until the end,
 * never reused: the graph may read or write it at every replay. */
static int user_captures;     /* captures begun and not ended */
static cudaStream_t side;     /* allocations made during a capture */
static struct Held {
    void *p;
    cudaStream_t s;
} *held;
static size_t nheld, capheld;

void gpu_user_capture(int on)
{
    gpu_init();
    if (on && !side)
        CHECK_CUDA(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
    user_captures += on ? 1 : -1;
}

int gpu_user_capturing(void)
{
    return user_captures > 0;
}

/* n bytes (req rounded) outside the capture in progress, usable at once. */
static void *outside_malloc(size_t n, size_t req)
{
    const uint64_t lim = memory_limit();
    if (lim && (req > lim || bytes_in_use + req > lim))
        out_of_memory(n, lim);
    void *p = NULL;
    cudaError_t e = cudaMallocAsync(&p, req, side);
    if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        out_of_memory(n, lim);
    }
    CHECK_CUDA(e);
    CHECK_CUDA(cudaStreamSynchronize(side));
    map_put(p, n, side);
    bytes_in_use += req;
    return p;
}

/* Keeps p (of stream s), freed during a capture, until gpu_pool_release. */
static void hold(void *p, cudaStream_t s)
{
    if (nheld == capheld) {
        capheld = capheld ? capheld * 2 : 64;
        held = realloc(held, sizeof *held * capheld);
        if (!held)
            gpu_error("MemoryError", "out of host memory");
    }
    held[nheld].p = p;
    held[nheld].s = s;
    nheld++;
}

/* Stream-ordered allocation of n bytes (n == 0 gives a unique valid pointer). */
void *gpu_malloc(size_t n)
{
    gpu_init();
    cudaMemPool_t pool = gpu_pool();
    cudaStream_t s = gpu_stream();
    const size_t req = rounded(n);
    pool_ops++;
    const bool cap = capturing(s);
    if (cap && user_captures)
        return outside_malloc(n, req);
    void *p = cap ? NULL : cache_take(req, s);
    if (p) {
        map_put(p, n, s);
        bytes_in_use += req;
        return p;
    }
    check_limit(req, s, cap);
    cudaError_t e = cudaMallocAsync(&p, req, s);
    if (e == cudaErrorMemoryAllocation) {
        /* Give kept blocks, and memory the pool holds but does not use, back to the driver,
         * then retry once. */
        (void)cudaGetLastError();
        cache_flush(s, true);
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaMemPoolTrimTo(pool, 0));
        reserved_seen = reserved_now(pool);
        e = cudaMallocAsync(&p, req, s);
        if (e == cudaErrorMemoryAllocation) {
            (void)cudaGetLastError();
            out_of_memory(n, memory_limit());
        }
    }
    CHECK_CUDA(e);
    map_put(p, cap ? n | BORN_IN_CAPTURE : n, s);
    born_allocs += cap;
    bytes_in_use += req;
    /* Only our allocations grow the pool and nothing shrinks it outside a trim, so one read
     * after the call tells whether this allocation reached the driver.  Not while the stream
     * is being captured into a CUDA graph (runtime/graph.c): the pool may not be queried then,
     * and the capture is thrown away anyway because it allocated (pool_ops). */
    if (!cap) {
        uint64_t reserved = reserved_now(pool);
        if (reserved > reserved_seen)
            alloc_calls++;
        reserved_seen = reserved;
    }
    return p;
}

/* A block freed while another stream is current was last used there (most likely): its own
 * stream, where it is freed and kept, first waits for the current stream's work so far. */
static void order_after_current(cudaStream_t s)
{
    static cudaEvent_t ev;
    cudaStream_t cur = gpu_stream();
    if (s == cur || capturing(cur))
        return;
    if (!ev)
        CHECK_CUDA(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    CHECK_CUDA(cudaEventRecord(ev, cur));
    CHECK_CUDA(cudaStreamWaitEvent(s, ev, 0));
}

/* Stream-ordered free on the block's stream: the memory returns to the pool once prior work on
 * that stream is done. */
void gpu_free(void *p)
{
    if (!p)
        return;
    pool_ops++;
    cudaStream_t s = NULL;
    size_t n = map_take(p, &s);
    if (n == (size_t)-1) {
        gpu_error("RuntimeError", "gpyc runtime: gpu_free of a pointer gpu_malloc did not return");
    }
    const bool born_in_capture = (n & BORN_IN_CAPTURE) != 0;
    born_frees += born_in_capture;
    n &= ~BORN_IN_CAPTURE;
    const size_t r = rounded(n);
    bytes_in_use -= r;
    if (user_captures) {
        hold(p, s);
        return;
    }
    order_after_current(s);
    if (r <= CACHE_MAX_BYTES && !born_in_capture && !capturing(s))
        cache_put(p, r, s);
    else
        CHECK_CUDA(cudaFreeAsync(p, s));
}

void gpu_pool_release(int all)
{
    for (size_t i = 0; i < nheld; i++)
        (void)cudaFreeAsync(held[i].p, held[i].s);
    free(held);
    held = NULL;
    nheld = capheld = 0;
    user_captures = 0;
    for (int i = 0; i < ncache; i++)
        (void)cudaFreeAsync(cache[i].p, cache[i].s);
    ncache = 0;
    for (size_t i = 0; all && i < nslots; i++)
        if (slots[i].p && slots[i].p != TOMB)
            (void)cudaFreeAsync(slots[i].p, slots[i].s);
    /* side last: the blocks allocated during a capture (live slots) are freed on it */
    if (side)
        (void)cudaStreamDestroy(side);
    side = NULL;
    if (all) {
        free(slots);
        slots = NULL;
        nslots = nused = nlive = 0;
        bytes_in_use = 0;
    }
    (void)cudaDeviceSynchronize();
    (void)cudaMemPoolTrimTo(gpu_pool(), 0);
    (void)cudaGetLastError();
}

uint64_t gpu_total_bytes(void)
{
    return gpu_is_initialised() ? reserved_now(gpu_pool()) : 0;
}

int gpu_kept_blocks(void)
{
    return ncache;
}

void gpu_free_all_blocks(cudaStream_t s, int all)
{
    if (!gpu_is_initialised())
        return;
    cache_flush(s, all != 0);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemPoolTrimTo(gpu_pool(), 0));
    reserved_seen = reserved_now(gpu_pool());
}

void gpu_set_limit(uint64_t bytes)
{
    limit_read = 1;
    limit = bytes;
}

uint64_t gpu_get_limit(void)
{
    return memory_limit();
}

uint64_t gpu_live_allocations(void)
{
    return nlive;
}

uint64_t gpu_cache_hits(void)
{
    return cache_hits;
}

uint64_t gpu_alloc_calls(void)
{
    return alloc_calls;
}

uint64_t gpu_pool_ops(void)
{
    return pool_ops;
}

void gpu_capture_ops(uint64_t *allocs, uint64_t *frees)
{
    *allocs = born_allocs;
    *frees = born_frees;
}

uint64_t gpu_bytes_in_use(void)
{
    return bytes_in_use;
}
