/*
 * kernels.c — the program's own kernels: the fatbins gpyc embeds in the executable (one per
 * batch of kernels nvcc compiled together, codegen/nvcc.c), loaded as CUDA libraries on first
 * use, and the one entry through which generated host code launches them.
 *
 * Invariants:
 *   - main() registers the fatbins (rt_kernels_register) before anything launches; they are
 *     static data of the executable and are never copied.
 *   - A gp_kernel names one extern "C" __global__ function and the fatbin that holds it (an
 *     index the link resolves: the build's assembly file defines gpyk_fb_<unit hash> per unit);
 *     its handle is looked up once and kept in the gp_kernel (generated code declares one
 *     static gp_kernel per kernel).  No lookup is ever made where the kernel is not, so no
 *     CUDA call fails on the way (compute-sanitizer counts failed calls as errors).
 *   - Loading is lazy: a fatbin becomes a library the first time one of its kernels is looked
 *     up, so a program that launches nothing touches no GPU here.  The libraries loaded are
 *     unloaded at exit (libs_drop, registered with the first).
 *   - Every failure (no code for this GPU, a kernel missing from every fatbin, a launch
 *     error) is a Python-style RuntimeError at the current script line, never a crash; each
 *     launch records its stack (rt_note_launch), so that a fault of the kernel, seen later,
 *     is traced to the line that launched it.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const void *const *fatbins;     /* registered by main() */
static int nfatbins;
static cudaLibrary_t *libs;            /* one per fatbin, NULL until loaded */

void rt_kernels_register(const void *const *fb, int n)
{
    fatbins = fb;
    nfatbins = n;
    libs = (cudaLibrary_t *)rt_xcalloc(n > 0 ? (size_t)n : 1, sizeof *libs);
}

/* At exit: every library loaded unloaded (after the graphs that launch its kernels: those
 * register their release later, so theirs runs first). */
static void libs_drop(void *arg)
{
    (void)arg;
    for (int i = 0; i < nfatbins; i++)
        if (libs[i]) {
            (void)cudaLibraryUnload(libs[i]);
            libs[i] = NULL;
        }
}

/* Fatbin i as a library, loaded on first use. */
static cudaLibrary_t library(int i)
{
    static bool registered;
    if (!libs[i]) {
        if (!registered)
            rt_at_exit(libs_drop, NULL);
        registered = true;
        cudaError_t e = cudaLibraryLoadData(&libs[i], fatbins[i], NULL, NULL, 0, NULL, NULL, 0);
        if (e != cudaSuccess)
            rt_raise("RuntimeError", "cannot load the program's kernels (fatbin %d of %d): %s: %s", i + 1,
                     nfatbins, cudaGetErrorName(e), cudaGetErrorString(e));
    }
    return libs[i];
}

const void *rt_kernel_fn(gp_kernel *k)
{
    if (k->fn)
        return k->fn;
    const int i = *k->fatbin;
    if (i < 0 || i >= nfatbins)
        rt_raise("RuntimeError", "kernel %s names fatbin %d of %d", k->name, i + 1, nfatbins);
    cudaKernel_t h = NULL;
    cudaError_t e = cudaLibraryGetKernel(&h, library(i), k->name);
    if (e != cudaSuccess || !h)
        rt_raise("RuntimeError", "kernel %s is not in fatbin %d of %d: %s: %s", k->name, i + 1, nfatbins,
                 cudaGetErrorName(e), cudaGetErrorString(e));
    k->fn = (const void *)h;
    return k->fn;
}

void rt_launch(gp_kernel *k, unsigned gx, unsigned gy, unsigned block, size_t smem, void **args)
{
    const dim3 grid = {gx, gy, 1}, threads = {block, 1, 1};
    if (!rt_graph_note_launch())
        return;
    rt_note_launch();   /* before: under CUDA_LAUNCH_BLOCKING=1 the launch itself reports a fault */
    cudaError_t e = cudaLaunchKernel(rt_kernel_fn(k), grid, threads, args, smem, rt_stream());
    if (e != cudaSuccess)
        rt_raise("RuntimeError", "%s: %s", cudaGetErrorName(e), cudaGetErrorString(e));
}

/* The driver API's name of a runtime error ("cudaErrorInvalidValue" → "CUDA_ERROR_INVALID_VALUE"),
 * as CuPy's CUDADriverError names it. */
static void driver_error_name(const char *rt_name, char *out, size_t cap)
{
    const char *p = strncmp(rt_name, "cudaError", 9) == 0 ? rt_name + 9 : rt_name;
    size_t n = (size_t)snprintf(out, cap, "CUDA_ERROR");
    for (; *p && n + 3 < cap; p++) {
        if (isupper((unsigned char)*p)) out[n++] = '_';
        out[n++] = (char)toupper((unsigned char)*p);
    }
    out[n] = 0;
}

void rt_launch_raw(gp_kernel *k, int64_t gx, int64_t gy, int64_t gz, int64_t bx, int64_t by, int64_t bz,
                   int64_t smem, void **args)
{
    const dim3 grid = { (unsigned)gx, (unsigned)gy, (unsigned)gz },
               threads = { (unsigned)bx, (unsigned)by, (unsigned)bz };
    rt_note_launch();   /* before the launch, as in rt_launch */
    cudaError_t e = cudaLaunchKernel(rt_kernel_fn(k), grid, threads, args, (size_t)smem, rt_stream());
    if (e == cudaErrorInvalidConfiguration)
        e = cudaErrorInvalidValue; /* cuLaunchKernel's (CuPy's) word for it */
    if (e != cudaSuccess) {
        char name[128];
        driver_error_name(cudaGetErrorName(e), name, sizeof name);
        rt_raise("cupy_backends.cuda.api.driver.CUDADriverError", "%s: %s", name, cudaGetErrorString(e));
    }
}

gp_array *rt_struct_view(gp_array *a, int64_t itemsize)
{
    const int64_t es = (int64_t)rt_dtype_size(a->dtype);
    const int last = a->ndim - 1;
    if (itemsize != es) {
        if (a->ndim == 0)
            rt_raise("ValueError", "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
        if (a->shape[last] != 1 && a->strides[last] != es)
            rt_raise("ValueError", "To change to a dtype of a different size, the last axis must be contiguous");
        if (itemsize > es && (a->shape[last] * es) % itemsize != 0)
            rt_raise("ValueError", "When changing to a larger dtype, its size must be a divisor of the total size "
                                   "in bytes of the last axis of the array.");
        if (itemsize < es && es % itemsize != 0)
            rt_raise("ValueError", "When changing to a smaller dtype, its size must be a divisor of the size of "
                                   "original dtype");
    }
    if (a->ndim + 1 > GP_MAXDIM)
        rt_raise("ValueError", "gpyc: a structured view needs one more axis than %d", GP_MAXDIM);
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    int nd = a->ndim;
    for (int i = 0; i < a->ndim; i++) {
        shape[i] = a->shape[i];
        strides[i] = a->strides[i];
    }
    if (a->ndim && itemsize != es) {
        shape[last] = a->shape[last] * es / itemsize;
        strides[last] = itemsize;
    }
    shape[nd] = itemsize; /* the bytes of one element */
    strides[nd] = 1;
    gp_array *v = rt_view(a, nd + 1, shape, strides, a->data);
    v->dtype = GP_UINT8;
    return v;
}

void rt_struct_arg(const gp_array *a, int64_t cap, void *buf)
{
    const int nd = a->ndim - 1;
    int64_t n = 1;
    for (int i = 0; i < nd; i++) n *= a->shape[i];
    if (n != 1) {
        gp_sb sb = { 0 };
        rt_sb_shape(&sb, nd, a->shape);
        rt_raise("TypeError",
                 "You are trying to pass a numpy.ndarray of shape %s as a kernel parameter. Only numpy.ndarrays "
                 "of size one can be passed by value. If you meant to pass a pointer to __global__ memory, you "
                 "need to pass a cupy.ndarray instead.",
                 sb.s);
    }
    if (a->shape[nd] > cap)
        rt_raise("ValueError",
                 "gpyc passes a structure of at most %lld bytes by value, got one of %lld bytes",
                 (long long)cap, (long long)a->shape[nd]);
    rt_to_host(a, buf);
}
