/*
 * hist.cu — counting: cupy.bincount (rt_bincount), digitize (rt_digitize), histogram
 * (rt_hist_edges, rt_histogram) and histogram2d (rt_histogram2d).
 *
 * Elements are read through a dtype switch and compared in float64 (every real dtype, bool as
 * 0/1); counts are atomicAdds into a zeroed result (int64 counts, or float64 sums of weights).
 * NumPy's bin rule, for edges e[0..n]: x falls in bin i when e[i] <= x < e[i+1], the last bin
 * also takes x == e[n]; values outside [e[0], e[n]] and NaNs are not counted.
 * NumPy's data-dependent checks (negative bincount values, non-monotonic bins, a non-finite
 * autodetected range) need values on the host: those routines synchronise.
 *
 * Invariants: everything runs on rt_stream(); temporary storage comes from the pool
 * (gpu_malloc/gpu_free, stream-ordered); inputs are borrowed and never written.
 */
#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include "internal.h"
#include "libgpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* HIST_SMEM: the most dynamic shared memory a histogram block takes for its private bins and
 * edges (the default limit without an opt-in attribute). */
enum { BLOCK = 256, MAXBLOCKS = 1024, HIST_SMEM = 48 * 1024 };

/* ---------------------------------------------------------------- kernels */

/* The i-th element of a C-contiguous array of the real dtype dt, as a double (bool: 0/1).  The
 * switch is uniform across a launch, so it costs little and keeps one kernel per routine. */
__device__ inline double elem(const void *p, gp_dtype dt, int64_t i)
{
    switch (dt) {
    case GP_BOOL: case GP_UINT8: return ((const uint8_t *)p)[i];
    case GP_INT8: return ((const int8_t *)p)[i];
    case GP_INT16: return ((const int16_t *)p)[i];
    case GP_INT32: return ((const int32_t *)p)[i];
    case GP_INT64: return (double)((const int64_t *)p)[i];
    case GP_UINT16: return ((const uint16_t *)p)[i];
    case GP_UINT32: return ((const uint32_t *)p)[i];
    case GP_UINT64: return (double)((const uint64_t *)p)[i];
    case GP_FLOAT16: return __half2float(((const __half *)p)[i]);
    case GP_FLOAT32: return ((const float *)p)[i];
    default: return ((const double *)p)[i];
    }
}

/* Per-block minimum and maximum of p[0..n) (as doubles; nan: whether a NaN was seen). */
__global__ void __launch_bounds__(BLOCK) minmax_kernel(const void *p, gp_dtype dt, int64_t n, double *bmin, double *bmax, int *nan)
{
    __shared__ double smin[BLOCK], smax[BLOCK];
    double lo = INFINITY, hi = -INFINITY;
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const double v = elem(p, dt, i);
        if (v != v) *nan = 1;
        lo = fmin(lo, v);
        hi = fmax(hi, v);
    }
    smin[threadIdx.x] = lo;
    smax[threadIdx.x] = hi;
    __syncthreads();
    for (int w = BLOCK / 2; w > 0; w /= 2) {
        if ((int)threadIdx.x < w) {
            smin[threadIdx.x] = fmin(smin[threadIdx.x], smin[threadIdx.x + w]);
            smax[threadIdx.x] = fmax(smax[threadIdx.x], smax[threadIdx.x + w]);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        bmin[blockIdx.x] = smin[0];
        bmax[blockIdx.x] = smax[0];
    }
}

/* flags[0] = 1 where some p[i] > p[i+1], flags[1] = 1 where some p[i] < p[i+1]. */
__global__ void __launch_bounds__(BLOCK) mono_kernel(const void *p, gp_dtype dt, int64_t n, int *flags)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += stride) {
        const double a = elem(p, dt, i), b = elem(p, dt, i + 1);
        if (a > b) flags[0] = 1;
        if (a < b) flags[1] = 1;
    }
}

/* bincount: counts[x[i]] += 1 (w NULL) or sums[x[i]] += w[i]; x holds non-negative ints. */
__global__ void __launch_bounds__(BLOCK) bincount_kernel(const void *x, gp_dtype xt, const void *w, gp_dtype wt,
                                                        int64_t n, void *out)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const int64_t b = xt == GP_INT64 ? ((const int64_t *)x)[i] : (int64_t)elem(x, xt, i);
        if (w) atomicAdd((double *)out + b, elem(w, wt, i));
        else atomicAdd((unsigned long long *)out + b, 1ull);
    }
}

/* The bin of v among the float64 edges e[0..ne) (ne >= 2), or -1 (outside, NaN). */
__device__ inline int64_t bin_of(const double *e, int64_t ne, double v)
{
    if (!(v >= e[0] && v <= e[ne - 1])) return -1;
    if (v == e[ne - 1]) return ne - 2;
    int64_t lo = 0, hi = ne; /* the first edge > v */
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (e[mid] <= v) lo = mid + 1;
        else hi = mid;
    }
    return lo - 1;
}

/* The bin index (x-major over nxe - 1 by nye - 1 bins when ye) of sample i, or -1. */
__device__ inline int64_t bin2_of(const double *xe, int64_t nxe, const double *ye, int64_t nye, double xv,
                                  double yv)
{
    int64_t b = bin_of(xe, nxe, xv);
    if (b < 0 || !ye) return b;
    const int64_t c = bin_of(ye, nye, yv);
    return c < 0 ? -1 : b * (nye - 1) + c;
}

/* histogram / histogram2d: grid-stride over the samples, UNROLL loads in flight per thread; the
 * bin of x (and of y when ye is non-NULL) gets 1 (int64 counts when !dbl) or its weight
 * (float64 sums); *total (when non-NULL) gets the sum of the counted weights, one atomicAdd
 * per warp.  priv (the edges and the nb bins fit in HIST_SMEM, dynamic shared memory): the
 * block copies the edges into shared memory, counts into its own shared bins, and adds its
 * non-zero bins to out at the end (a global atomic per bin and block instead of one per
 * sample: azimint_hist's 4·10^7 samples into 1000 bins). */
__global__ void __launch_bounds__(BLOCK)
    hist_kernel(const void *x, gp_dtype xt, const void *y, gp_dtype yt, const void *w, gp_dtype wt, int64_t n,
                const double *xe, int64_t nxe, const double *ye, int64_t nye, bool dbl, void *out,
                double *total, bool priv)
{
    extern __shared__ double hist_smem[];
    const int64_t nb = (nxe - 1) * (ye ? nye - 1 : 1);
    void *bins = out;
    if (priv) {
        double *se = hist_smem;
        unsigned long long *sb = (unsigned long long *)(se + nxe + (ye ? nye : 0));
        for (int64_t k = threadIdx.x; k < nxe; k += blockDim.x) se[k] = xe[k];
        for (int64_t k = threadIdx.x; ye && k < nye; k += blockDim.x) se[nxe + k] = ye[k];
        for (int64_t k = threadIdx.x; k < nb; k += blockDim.x) sb[k] = 0; /* 0.0 and 0 alike */
        __syncthreads();
        xe = se;
        if (ye) ye = se + nxe;
        bins = sb;
    }
    enum { UNROLL = 4 };
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    double tsum = 0;
    for (int64_t i0 = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i0 < n; i0 += UNROLL * stride) {
        double xv[UNROLL], yv[UNROLL], wv[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
            const int64_t i = i0 + u * stride;
            if (i >= n) break;
            xv[u] = elem(x, xt, i);
            yv[u] = ye ? elem(y, yt, i) : 0.0;
            wv[u] = w ? elem(w, wt, i) : 1.0;
        }
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
            if (i0 + u * stride >= n) break;
            const int64_t b = bin2_of(xe, nxe, ye, nye, xv[u], yv[u]);
            if (b < 0) continue;
            if (dbl)
                atomicAdd((double *)bins + b, wv[u]);
            else
                atomicAdd((unsigned long long *)bins + b, 1ull);
            tsum += wv[u];
        }
    }
    if (total) { /* a warp's sum first: one atomic per warp on the one address */
        for (int o = 16; o > 0; o /= 2) tsum += __shfl_down_sync(0xffffffffu, tsum, o);
        if ((threadIdx.x & 31) == 0) atomicAdd(total, tsum);
    }
    if (!priv) return;
    __syncthreads();
    for (int64_t k = threadIdx.x; k < nb; k += blockDim.x) {
        if (dbl) {
            const double v = ((const double *)bins)[k];
            if (v != 0) atomicAdd((double *)out + k, v);
        } else {
            const unsigned long long v = ((const unsigned long long *)bins)[k];
            if (v) atomicAdd((unsigned long long *)out + k, v);
        }
    }
}

/* density: h[i, j] = h[i, j] / (xe[i+1] - xe[i]) [/ (ye[j+1] - ye[j])] / *total, NumPy's order
 * of divisions. */
__global__ void __launch_bounds__(BLOCK) density_kernel(double *h, const double *xe, int64_t nx, const double *ye,
                                                       int64_t ny, const double *total)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < nx * ny; k += stride) {
        const int64_t i = k / ny, j = k % ny;
        double v = h[k] / (xe[i + 1] - xe[i]);
        if (ye) v = v / (ye[j + 1] - ye[j]);
        h[k] = v / *total;
    }
}

/* r[i] = n - r[i] (digitize with decreasing bins). */
__global__ void __launch_bounds__(BLOCK) flip_kernel(int64_t *r, int64_t size, int64_t n)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride) r[i] = n - r[i];
}

/* ---------------------------------------------------------------- helpers */

static gp_array *contiguous(const gp_array *x)
{
    return rt_is_contiguous(x) ? rt_retain((gp_array *)x) : rt_copy(x);
}

/* The compiler rejects complex operands; a backstop. */
static void real_only(gp_dtype d, const char *fname)
{
    if (d == GP_COMPLEX64 || d == GP_COMPLEX128)
        rt_raise("TypeError", "%s of %s arrays is not supported", fname, rt_dtype_name(d));
}

/* The minimum and maximum of the contiguous c (size > 0) as doubles; *nan when c holds a
 * NaN.  Per-block results finish on the host.  Synchronises. */
static void min_max(const gp_array *c, double *lo, double *hi, bool *nan)
{
    cudaStream_t s = rt_stream();
    unsigned grid = rt_grid_for(c->size, BLOCK);
    if (grid > MAXBLOCKS) grid = MAXBLOCKS;
    const size_t bytes = 2 * grid * sizeof(double) + sizeof(int);
    double *d = (double *)gpu_malloc(bytes);
    int *dnan = (int *)(d + 2 * grid);
    CHECK_CUDA(cudaMemsetAsync(dnan, 0, sizeof(int), s));
    minmax_kernel<<<grid, BLOCK, 0, s>>>(c->data, c->dtype, c->size, d, d + grid, dnan);
    rt_check_launch();
    double *h = (double *)rt_xmalloc(bytes);
    CHECK_CUDA(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    gpu_free(d);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (unsigned b = 0; b < grid; b++) {
        *lo = fmin(*lo, h[b]);
        *hi = fmax(*hi, h[grid + b]);
    }
    int n;
    memcpy(&n, h + 2 * grid, sizeof n);
    *nan = n != 0;
    free(h);
}

/* 1: the contiguous 1-d c is non-decreasing, -1: non-increasing and not constant, 0: neither.
 * Synchronises. */
static int monotonicity(const gp_array *c)
{
    if (c->size < 2) return 1;
    cudaStream_t s = rt_stream();
    int *d = (int *)gpu_malloc(2 * sizeof(int)), h[2];
    CHECK_CUDA(cudaMemsetAsync(d, 0, 2 * sizeof(int), s));
    mono_kernel<<<rt_grid_for(c->size, BLOCK), BLOCK, 0, s>>>(c->data, c->dtype, c->size, d);
    rt_check_launch();
    CHECK_CUDA(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    gpu_free(d);
    if (!h[0]) return 1;
    return h[1] ? 0 : -1;
}

/* A float64, contiguous copy of the 1-d edges e (new reference); converted on the host (edges
 * are few). */
static gp_array *edges_f64(const gp_array *e)
{
    gp_array *c = contiguous(e);
    if (c->dtype == GP_FLOAT64) return c;
    const size_t es = rt_dtype_size(c->dtype), n = (size_t)(c->size ? c->size : 1);
    double *h = (double *)rt_xmalloc(n * sizeof(double));
    char *raw = (char *)rt_xmalloc(n * es);
    rt_to_host(c, raw);
    for (int64_t i = 0; i < c->size; i++) h[i] = rt_elem_f64(raw + (size_t)i * es, c->dtype);
    gp_array *r = rt_from_host(GP_FLOAT64, 1, &c->size, h);
    free(raw);
    free(h);
    rt_release(c);
    return r;
}

/* ---------------------------------------------------------------- bincount */

extern "C" gp_array *rt_bincount(const gp_array *x, const gp_array *w, int64_t minlength)
{
    if (x->ndim != 1)
        rt_raise("ValueError", "%s", x->ndim ? "object too deep for desired array" : "object of too small depth for desired array");
    if (x->dtype >= GP_UINT64 || x->dtype == GP_FLOAT16)
        rt_raise("TypeError", "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'",
                 rt_dtype_name(x->dtype));
    if (minlength < 0) rt_raise("ValueError", "'minlength' must not be negative");
    if (w) {
        real_only(w->dtype, "bincount weights");
        if (w->ndim != 1) rt_raise("ValueError", "object too deep for desired array");
        if (w->size != x->size) rt_raise("ValueError", "The weights and list don't have the same length.");
    }
    int64_t n = minlength;
    gp_array *xc = NULL;
    if (x->size > 0) {
        xc = contiguous(x);
        double lo, hi;
        bool nan;
        min_max(xc, &lo, &hi, &nan);
        if (lo < 0) rt_raise("ValueError", "'list' argument must have no negative elements");
        if ((int64_t)hi + 1 > n) n = (int64_t)hi + 1;
    }
    gp_array *r = rt_empty(w ? GP_FLOAT64 : GP_INT64, 1, &n);
    if (n > 0) CHECK_CUDA(cudaMemsetAsync(r->data, 0, (size_t)n * 8, rt_stream()));
    if (xc) {
        gp_array *wc = w ? contiguous(w) : NULL;
        bincount_kernel<<<rt_grid_for(xc->size, BLOCK), BLOCK, 0, rt_stream()>>>(
            xc->data, xc->dtype, wc ? wc->data : NULL, wc ? wc->dtype : GP_FLOAT64, xc->size, r->data);
        rt_check_launch();
        rt_release(wc);
        rt_release(xc);
    }
    return r;
}

/* ---------------------------------------------------------------- digitize */

extern "C" gp_array *rt_digitize(const gp_array *x, const gp_array *bins, bool right)
{
    real_only(x->dtype, "digitize");
    if (bins->ndim != 1) rt_raise("ValueError", "object too deep for desired array");
    gp_array *bc = contiguous(bins);
    const int mono = monotonicity(bc);
    rt_release(bc);
    if (mono == 0) rt_raise("ValueError", "bins must be monotonically increasing or decreasing");
    /* NumPy: searchsorted with the side swapped; decreasing bins are searched reversed and the
     * positions counted from the end */
    if (mono > 0) return rt_searchsorted(bins, x, !right);
    const int64_t n = bins->shape[0], st = -bins->strides[0];
    gp_array *rev = rt_view(bins, 1, &n, &st, bins->data + (n - 1) * bins->strides[0]);
    gp_array *r = rt_searchsorted(rev, x, !right);
    rt_release(rev);
    if (r->size > 0) {
        flip_kernel<<<rt_grid_for(r->size, BLOCK), BLOCK, 0, rt_stream()>>>((int64_t *)r->data, r->size, n);
        rt_check_launch();
    }
    return r;
}

/* ---------------------------------------------------------------- histogram, histogram2d */

/* Python's "[lo, hi]" of a range, into buf. */
static void range_str(char *buf, size_t cap, double lo, double hi)
{
    gp_sb sb = {0};
    rt_sb_putc(&sb, '[');
    rt_sb_f64(&sb, lo);
    rt_sb_puts(&sb, ", ");
    rt_sb_f64(&sb, hi);
    rt_sb_putc(&sb, ']');
    snprintf(buf, cap, "%s", sb.s);
    rt_sb_free(&sb);
}

extern "C" gp_array *rt_hist_edges(const gp_array *a, int64_t nbins, bool has_range, double lo, double hi, gp_dtype dt)
{
    real_only(a->dtype, "histogram");
    if (nbins < 1) rt_raise("ValueError", "`bins` must be positive, when an integer");
    char buf[128];
    if (has_range) {
        if (lo > hi) rt_raise("ValueError", "max must be larger than min in range parameter.");
        if (!isfinite(lo) || !isfinite(hi)) {
            range_str(buf, sizeof buf, lo, hi);
            rt_raise("ValueError", "supplied range of %s is not finite", buf);
        }
    } else if (a->size == 0) {
        lo = 0;
        hi = 1;
    } else {
        gp_array *c = contiguous(a);
        bool nan;
        min_max(c, &lo, &hi, &nan);
        rt_release(c);
        if (nan) lo = hi = NAN;
        if (!isfinite(lo) || !isfinite(hi)) {
            range_str(buf, sizeof buf, lo, hi);
            rt_raise("ValueError", "autodetected range of %s is not finite", buf);
        }
    }
    if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
    }
    /* NumPy's linspace(lo, hi, nbins + 1): lo + i * step, the last edge exactly hi */
    if (dt != GP_FLOAT16 && dt != GP_FLOAT32) dt = GP_FLOAT64;
    const int64_t ne = nbins + 1;
    const size_t es = rt_dtype_size(dt);
    char *h = (char *)rt_xmalloc((size_t)ne * es);
    const double step = (hi - lo) / (double)nbins;
    for (int64_t i = 0; i < ne; i++) {
        const double v = i == nbins ? hi : lo + (double)i * step;
        char *p = h + (size_t)i * es;
        if (dt == GP_FLOAT32) {
            const float f = (float)v;
            memcpy(p, &f, sizeof f);
        } else if (dt == GP_FLOAT16) {
            const uint16_t f = rt_f64_to_half(v);
            memcpy(p, &f, sizeof f);
        } else {
            memcpy(p, &v, sizeof v);
        }
    }
    gp_array *r = rt_from_host(dt, 1, &ne, h);
    free(h);
    return r;
}

/* The counts of histogram (ye NULL: 1-d over xe's bins) or of histogram2d (nx × ny), over the
 * flattened x (and y, w); xe, ye: float64 contiguous edges, at least one each. */
static gp_array *hist_count(const gp_array *x, const gp_array *y, const gp_array *w, const gp_array *xe,
                            const gp_array *ye, bool dbl, bool density)
{
    cudaStream_t s = rt_stream();
    const int64_t nx = xe->size - 1, ny = ye ? ye->size - 1 : 1;
    int64_t shape[2] = {nx, ny};
    gp_array *r = rt_empty(dbl ? GP_FLOAT64 : GP_INT64, ye ? 2 : 1, shape);
    double *total = density ? (double *)gpu_malloc(sizeof(double)) : NULL;
    if (r->size > 0) CHECK_CUDA(cudaMemsetAsync(r->data, 0, (size_t)r->size * 8, s));
    if (total) CHECK_CUDA(cudaMemsetAsync(total, 0, sizeof(double), s));
    if (x->size > 0 && r->size > 0) {
        gp_array *xc = contiguous(x), *yc = y ? contiguous(y) : NULL, *wc = w ? contiguous(w) : NULL;
        const size_t smem = (size_t)(xe->size + (ye ? ye->size : 0) + r->size) * sizeof(double);
        const bool priv = smem <= HIST_SMEM;
        hist_kernel<<<rt_grid_for(xc->size, BLOCK), BLOCK, priv ? smem : 0, s>>>(
            xc->data, xc->dtype, yc ? yc->data : NULL, yc ? yc->dtype : GP_FLOAT64, wc ? wc->data : NULL,
            wc ? wc->dtype : GP_FLOAT64, xc->size, (const double *)xe->data, xe->size,
            ye ? (const double *)ye->data : NULL, ye ? ye->size : 0, dbl, r->data, total, priv);
        rt_check_launch();
        rt_release(wc);
        rt_release(yc);
        rt_release(xc);
    }
    if (density && r->size > 0) {
        density_kernel<<<rt_grid_for(r->size, BLOCK), BLOCK, 0, s>>>((double *)r->data, (const double *)xe->data, nx,
                                                                     ye ? (const double *)ye->data : NULL, ny, total);
        rt_check_launch();
    }
    if (total) gpu_free(total);
    return r;
}

extern "C" gp_array *rt_histogram(const gp_array *a, const gp_array *edges, const gp_array *w, bool density)
{
    real_only(a->dtype, "histogram");
    if (edges->ndim != 1 || edges->size < 1) rt_raise("ValueError", "`bins` must be 1d, when an array");
    if (w) {
        bool same = w->ndim == a->ndim;
        for (int d = 0; same && d < a->ndim; d++) same = w->shape[d] == a->shape[d];
        if (!same) rt_raise("ValueError", "weights should have the same shape as a.");
        real_only(w->dtype, "histogram weights");
    }
    gp_array *ec = contiguous(edges);
    const int mono = monotonicity(ec);
    rt_release(ec);
    if (mono < 1) rt_raise("ValueError", "`bins` must increase monotonically, when an array");
    gp_array *e = edges_f64(edges);
    gp_array *r = hist_count(a, NULL, w, e, NULL, w || density, density);
    rt_release(e);
    return r;
}

extern "C" gp_array *rt_histogram2d(const gp_array *x, const gp_array *y, const gp_array *xedges,
                                    const gp_array *yedges, const gp_array *w, bool density)
{
    real_only(x->dtype, "histogram2d");
    real_only(y->dtype, "histogram2d");
    if (x->size != y->size) rt_raise("ValueError", "x and y must have the same length.");
    if (w && w->size != x->size) rt_raise("ValueError", "The weights and list don't have the same length.");
    const gp_array *es[2] = {xedges, yedges};
    for (int i = 0; i < 2; i++) {
        if (es[i]->ndim != 1 || es[i]->size < 1) rt_raise("ValueError", "`bins[%d]` must be a scalar or 1d array", i);
        gp_array *c = contiguous(es[i]);
        const int mono = monotonicity(c);
        rt_release(c);
        if (mono < 1) rt_raise("ValueError", "`bins[%d]` must be monotonically increasing, when an array", i);
    }
    gp_array *xe = edges_f64(xedges), *ye = edges_f64(yedges);
    gp_array *r = hist_count(x, y, w, xe, ye, true, density);
    rt_release(ye);
    rt_release(xe);
    return r;
}
