/*
 * libgpu.h — the thin CUDA layer under the runtime: device selection, the current stream, the
 * stream-ordered memory pool, and the hook through which errors reach the runtime.  The status
 * checks (CHECK_CUDA, CHECK_CUBLAS, ...) are in check.h.
 *
 * Invariants: every device allocation of a gpyc program goes through gpu_malloc/gpu_free
 * (cudaMallocAsync on the current stream, cudaFreeAsync on the block's own stream, from a pool
 * whose release threshold is unlimited, so steady-state loops never reach the driver); the
 * device is initialised lazily, at the first call that needs it.  Sections: device.c · pool.c
 * (check.c: check.h)
 */
#ifndef GPYC_LIBGPU_H
#define GPYC_LIBGPU_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- device.c */
/* Selects device 0, creates the stream and the pool.  With no driver or no device it prints one
 * plain sentence to stderr ("gpyc: no CUDA-capable GPU was found (this program needs an NVIDIA
 * GPU and driver)") and exits with status 1.  Idempotent. */
void gpu_init(void);
/* True (1) once gpu_init() has run; never initialises anything itself. */
int gpu_is_initialised(void);
/* The current stream (the program's own one until gpu_set_stream). */
cudaStream_t gpu_stream(void);
cudaStream_t gpu_base_stream(void);
void gpu_set_stream(cudaStream_t s);
int gpu_sm_count(void);
void gpu_sync(void);
/* The runtime installs this so CUDA failures (check.h, the pool's out-of-memory error) become
 * Python-style tracebacks. */
typedef void (*GpuErrorHook)(const char *exc, const char *msg);
void gpu_set_error_hook(GpuErrorHook hook);
/* At the program's end (the runtime's rt_exit_release): every kept block back to the pool,
 * with `all` every allocation not yet freed too (the error path), the pool trimmed, the stream
 * destroyed.  CUDA's statuses are ignored (the device may be in an error state).  Nothing when
 * the device was never initialised; a later call of gpu_init starts again. */
void gpu_shutdown(int all);

/* ---------------------------------------------------------------- pool.c */
/* Stream-ordered allocation on the current stream; gpu_free frees on the stream the block was
 * allocated on (CuPy's pool does the same).  n == 0 returns a valid unique pointer.
 * Out of memory: the hook gets "cupy.cuda.memory.OutOfMemoryError" and
 * "Out of memory allocating 1,024 bytes (allocated so far: 0 bytes)." (with
 * ", limit set to: N bytes" before the period under CUPY_GPU_MEMORY_LIMIT, as CuPy). */
void *gpu_malloc(size_t n);
void gpu_free(void *p);
/* Counters for tests: driver-level allocations (pool growth), live bytes (rounded to 512). */
uint64_t gpu_alloc_calls(void);
uint64_t gpu_bytes_in_use(void);
/* gpu_malloc and gpu_free calls so far (a graph capture checks that it saw none). */
uint64_t gpu_pool_ops(void);
/* Of those, the allocations made while the stream was being captured into a CUDA graph (not a
 * CuPy capture: cudaMallocAsync recorded as the graph's allocation node) and the frees of such
 * blocks (cudaFreeAsync recorded as its free node).  A loop capture during which every op was
 * one of these, as many frees as allocations, holds its temporaries in the graph's own memory
 * (runtime/graph.c, graph_each). */
void gpu_capture_ops(uint64_t *allocs, uint64_t *frees);
/* gpu_malloc calls served by a block gpu_free kept (no CUDA call). */
uint64_t gpu_cache_hits(void);
/* Allocations handed out and not yet freed. */
uint64_t gpu_live_allocations(void);
/* CuPy's pool figures besides gpu_bytes_in_use (its used bytes): the bytes the pool holds
 * from the driver (live, kept and free), the blocks kept for reuse. */
uint64_t gpu_total_bytes(void);
int gpu_kept_blocks(void);
/* Gives the kept blocks of stream s (all != 0: of every stream) back to the pool, waits for
 * the device and returns the pool's unused memory to the driver. */
void gpu_free_all_blocks(cudaStream_t s, int all);
/* CuPy's stream captures (cupy.cuda.Stream.begin_capture): on != 0 one more capture begins
 * (0: one ended).  While one is in progress, an allocation on a captured stream is made outside
 * the graph, usable at once, and every freed block is held until the program's end (the graph
 * may use it at each replay). */
void gpu_user_capture(int on);
int gpu_user_capturing(void);
/* A memory pool's set_limit: replaces CUPY_GPU_MEMORY_LIMIT's limit (0: none). */
void gpu_set_limit(uint64_t bytes);
uint64_t gpu_get_limit(void);

#ifdef __cplusplus
}
#endif
#endif
