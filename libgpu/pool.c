/*
 * pool.c — stream-ordered device allocation for gpyc programs.
 *
 * Every device allocation goes through gpu_malloc/gpu_free: cudaMallocAsync/cudaFreeAsync on
 * the current stream from device 0's default pool, whose release threshold gpu_init sets to
 * unlimited, so a steady-state loop reuses pool memory and never reaches the driver.
 *
 * Invariants: `live` maps each pointer handed out and not yet freed to its (requested) size,
 * so gpu_bytes_in_use() is exact and gpu_free of an unknown pointer is caught; alloc_calls
 * counts the allocations that grew the pool's reserved memory (what a test of "no driver
 * allocations in the loop" checks); pool_ops counts every gpu_malloc and gpu_free (a CUDA
 * graph capture must see none: runtime/graph.c).  Host-side bookkeeping uses plain malloc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libgpu.h"
#include "gpu_internal.h"

typedef struct Slot {
    void *p;          /* NULL: empty; TOMB: deleted */
    size_t n;
} Slot;

#define TOMB ((void *)1)

static Slot *slots;
static size_t nslots, nused;   /* nused counts live entries and tombstones */
static size_t nlive;
static uint64_t alloc_calls, bytes_in_use;
static uint64_t pool_ops;        /* gpu_malloc and gpu_free calls (graph capture checks) */
static uint64_t reserved_seen;   /* the pool's reserved bytes after our last allocation */

static size_t hash_ptr(void *p) {
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void map_put(void *p, size_t n);

/* Grows (or cleans) the table so that it stays at most half full. */
static void map_grow(void) {
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
            map_put(old[i].p, old[i].n);
    free(old);
}

static void map_put(void *p, size_t n) {
    if ((nused + 1) * 2 > nslots)
        map_grow();
    size_t i = hash_ptr(p) & (nslots - 1);
    while (slots[i].p && slots[i].p != TOMB)
        i = (i + 1) & (nslots - 1);
    if (!slots[i].p)
        nused++;
    slots[i].p = p;
    slots[i].n = n;
    nlive++;
}

/* Removes p and returns its size; returns (size_t)-1 when p is unknown. */
static size_t map_take(void *p) {
    if (!nslots)
        return (size_t)-1;
    size_t i = hash_ptr(p) & (nslots - 1);
    while (slots[i].p) {
        if (slots[i].p == p) {
            size_t n = slots[i].n;
            slots[i].p = TOMB;
            nlive--;
            return n;
        }
        i = (i + 1) & (nslots - 1);
    }
    return (size_t)-1;
}

/* 1234567 -> "1,234,567" (CuPy's formatting of byte counts). */
static void with_commas(char *out, uint64_t v) {
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

static uint64_t reserved_now(cudaMemPool_t pool) {
    uint64_t r = 0;
    CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &r));
    return r;
}

/* Raises CuPy's OutOfMemoryError; sizes are rounded up to 512 bytes as CuPy's pool does. */
static void out_of_memory(size_t n) {
    char want[40], have[40], msg[160];
    with_commas(want, ((uint64_t)n + 511) / 512 * 512);
    with_commas(have, bytes_in_use);
    snprintf(msg, sizeof msg, "Out of memory allocating %s bytes (allocated so far: %s bytes).",
             want, have);
    gpu_error("cupy.cuda.memory.OutOfMemoryError", msg);
}

/* Stream-ordered allocation of n bytes (n == 0 gives a unique valid pointer). */
void *gpu_malloc(size_t n) {
    gpu_init();
    cudaMemPool_t pool = gpu_pool();
    cudaStream_t s = gpu_stream();
    size_t req = n ? n : 1;
    void *p = NULL;
    pool_ops++;
    cudaError_t e = cudaMallocAsync(&p, req, s);
    if (e == cudaErrorMemoryAllocation) {
        /* Give memory the pool holds but does not use back to the driver, then retry once. */
        (void)cudaGetLastError();
        CHECK_CUDA(cudaStreamSynchronize(s));
        CHECK_CUDA(cudaMemPoolTrimTo(pool, 0));
        reserved_seen = reserved_now(pool);
        e = cudaMallocAsync(&p, req, s);
        if (e == cudaErrorMemoryAllocation) {
            (void)cudaGetLastError();
            out_of_memory(n);
        }
    }
    CHECK_CUDA(e);
    /* Only our allocations grow the pool and nothing shrinks it outside a trim, so one read
     * after the call tells whether this allocation reached the driver.  Not while the stream
     * is being captured into a CUDA graph (runtime/graph.c): the pool may not be queried then,
     * and the capture is thrown away anyway because it allocated (pool_ops). */
    enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    CHECK_CUDA(cudaStreamIsCapturing(s, &cs));
    if (cs == cudaStreamCaptureStatusNone) {
        uint64_t reserved = reserved_now(pool);
        if (reserved > reserved_seen)
            alloc_calls++;
        reserved_seen = reserved;
    }
    map_put(p, n);
    bytes_in_use += n;
    return p;
}

/* Stream-ordered free: the memory returns to the pool once prior work on the stream is done. */
void gpu_free(void *p) {
    if (!p)
        return;
    pool_ops++;
    size_t n = map_take(p);
    if (n == (size_t)-1) {
        gpu_error("RuntimeError", "gpyc runtime: gpu_free of a pointer gpu_malloc did not return");
    }
    bytes_in_use -= n;
    CHECK_CUDA(cudaFreeAsync(p, gpu_stream()));
}

uint64_t gpu_alloc_calls(void) {
    return alloc_calls;
}

uint64_t gpu_pool_ops(void) {
    return pool_ops;
}

uint64_t gpu_bytes_in_use(void) {
    return bytes_in_use;
}
