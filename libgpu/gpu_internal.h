/*
 * gpu_internal.h — what device.c and pool.c share inside libgpu (not part of the contract).
 */
#ifndef GPYC_GPU_INTERNAL_H
#define GPYC_GPU_INTERNAL_H

#include "libgpu.h"

/* The memory pool gpu_malloc draws from (device 0's default pool, configured by gpu_init). */
cudaMemPool_t gpu_pool(void);
/* Hands a Python-style error to the runtime's hook (or prints it and exits); never returns. */
void gpu_error(const char *exc, const char *msg);
/* gpu_shutdown's part in pool.c: kept blocks (and with all, live allocations) freed, the
 * stream synchronised, the pool trimmed; statuses ignored. */
void gpu_pool_release(int all);

#endif
