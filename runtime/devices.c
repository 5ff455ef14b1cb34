/*
 * devices.c — CuPy's Device objects, cupy.cuda.runtime's device queries and the memory-pool
 * objects' figures (cupy.get_default_memory_pool() and friends), for generated code (the
 * GPK_DEV rows of gpyrt_kinds.def).
 *
 * Invariants: a Device object is its id, checked where it is used, as CuPy checks it: an id
 * that is no device of this machine is CuPy's CUDARuntimeError (cudaErrorInvalidDevice); the
 * program runs on device 0 (libgpu's stream and pool), so making another device current is a
 * NotImplementedError.  Every pool object is libgpu's one pool: its figures are the pool's own.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Raises CuPy's error for an id that names no device (the count is asked once: a timed loop
 * may synchronise every iteration); returns the device count. */
static int check_device(int64_t id)
{
    static int n = -1;
    if (n < 0) {
        gpu_init();
        CHECK_CUDA(cudaGetDeviceCount(&n));
    }
    if (id < 0 || id >= n)
        rt_raise("cupy_backends.cuda.api.runtime.CUDARuntimeError",
                 "cudaErrorInvalidDevice: invalid device ordinal");
    return n;
}

int64_t rt_device_new(int64_t id) { return id < 0 ? rt_device_get() : id; }

int64_t rt_device_id(int64_t dev) { return dev; }

int64_t rt_device_get(void) { return 0; }

int64_t rt_device_count(void) { return check_device(0); }

int64_t rt_device_use(int64_t id)
{
    check_device(id);
    if (id != 0)
        rt_raise("NotImplementedError",
                 "gpyc programs run on device 0; cupy.cuda.Device(%lld) is another GPU of this machine",
                 (long long)id);
    return 0;
}

void rt_device_sync(int64_t id)
{
    check_device(id);
    CHECK_CUDA(cudaDeviceSynchronize());
    rt_reduce_raise_flagged();
}

const char *rt_device_cc(int64_t id)
{
    check_device(id);
    int major = 0, minor = 0;
    CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, (int)id));
    CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, (int)id));
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%d%d", major, minor);
    char *s = rt_str_alloc((size_t)n + 1);
    memcpy(s, buf, (size_t)n + 1);
    return s;
}

/* (free, total) bytes of device id: which 0 free, 1 total */
int64_t rt_device_mem(int64_t id, int64_t which)
{
    rt_device_use(id);
    size_t free_b = 0, total_b = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_b, &total_b));
    return (int64_t)(which ? total_b : free_b);
}

/* Device.attributes' value of cudaDeviceAttr attr; 0 for one this CUDA does not know (CuPy
 * leaves such a key out of its dict). */
int64_t rt_device_attr(int64_t id, int64_t attr)
{
    check_device(id);
    int v = 0;
    cudaError_t e = cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)attr, (int)id);
    if (e == cudaErrorInvalidValue) {
        (void)cudaGetLastError();
        return 0;
    }
    CHECK_CUDA(e);
    return v;
}

/* The cudaDeviceProp of device id, read once. */
static const struct cudaDeviceProp *props_of(int64_t id)
{
    enum { MAXDEV = 64 };
    static struct cudaDeviceProp props[MAXDEV];
    static bool have[MAXDEV];
    check_device(id);
    if (id >= MAXDEV)
        rt_raise("NotImplementedError", "gpyc reads the properties of devices 0 to %d", MAXDEV - 1);
    if (!have[id]) {
        CHECK_CUDA(cudaGetDeviceProperties(&props[id], (int)id));
        have[id] = true;
    }
    return &props[id];
}

int64_t rt_device_prop(int64_t id, int64_t row, int64_t i)
{
    const struct cudaDeviceProp *p = props_of(id);
    (void)p, (void)i;
#define ATTR(a) rt_device_attr(id, a)
    enum {
#define GPK_PROP(name, n, expr) PROP_##name,
#include "gpyrt_kinds.def"
    };
    switch (row) {
#define GPK_PROP(name, n, expr) \
    case PROP_##name: return (int64_t)(expr);
#include "gpyrt_kinds.def"
    }
#undef ATTR
    rt_raise("RuntimeError", "gpyc runtime: bad device property %lld", (long long)row);
}

const char *rt_device_name(int64_t id)
{
    const char *name = props_of(id)->name;
    size_t n = strnlen(name, sizeof props_of(id)->name);
    char *s = rt_str_alloc(n + 1);
    memcpy(s, name, n);
    s[n] = 0;
    return s;
}

int64_t rt_driver_version(void)
{
    int v = 0;
    CHECK_CUDA(cudaDriverGetVersion(&v));
    return v;
}

int64_t rt_runtime_version(void)
{
    int v = 0;
    CHECK_CUDA(cudaRuntimeGetVersion(&v));
    return v;
}

/* ---------------------------------------------------------------- memory pools */

int64_t rt_pool_used(void) { return (int64_t)gpu_bytes_in_use(); }

int64_t rt_pool_total(void) { return (int64_t)gpu_total_bytes(); }

int64_t rt_pool_n_free(void) { return gpu_kept_blocks(); }

/* free_all_blocks(stream=None): the kept blocks of that stream, or of every stream (-1) */
void rt_pool_free_all(int64_t stream)
{
    if (stream < 0) {
        gpu_free_all_blocks(NULL, 1);
        return;
    }
    gpu_free_all_blocks(rt_stream_of(stream), 0);
}

void rt_pool_set_limit(int64_t bytes) { gpu_set_limit((uint64_t)bytes); }

int64_t rt_pool_get_limit(void) { return (int64_t)gpu_get_limit(); }
