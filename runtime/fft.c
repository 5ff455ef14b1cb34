/*
 * fft.c — cupy.fft on cuFFT: complex-to-complex, real-to-complex and complex-to-real
 * transforms along any set of axes, with NumPy's zero-padding and truncation to n.
 *
 * A transform over the last two or three dimensions, in order (fft2 and fftn of contiguous
 * images and volumes), is one rank-2/3 cuFFT plan batched over the leading dimensions.  Any
 * other set of axes is done one axis at a time (the DFT is separable): each step is one
 * batched 1-d cuFFT plan over a C-contiguous array, described with cuFFT's advanced layout: the transformed axis has element stride `inner` (the product of the dimensions
 * after it) and the batch runs over the dimensions before it (distance n when inner == 1) or
 * after it (distance 1 when there is nothing before it); when there are dimensions on both
 * sides, the plan (batch = inner) is executed once per index of the leading dimensions.
 *
 * Invariants: x arrives with the dtype the transform needs (complex64/128 for C2C and C2R,
 * float32/64 for R2C; the compiler casts), is borrowed and never written; results are new
 * C-contiguous arrays.  No copy is made when x is already C-contiguous, 16-byte aligned and of
 * the lengths asked for (a C2R transform always copies, since cuFFT overwrites a C2R input).
 * Transforms are unnormalised in both directions: the compiler multiplies by NumPy's norm
 * factor.
 * Plans are cached by (type, rank, lengths, layout, batch), at most PLAN_CACHE of them,
 * least recently used first out, the rest destroyed at exit; every execution runs on
 * rt_stream().
 */
#include <stdio.h>
#include <string.h>

#include <cufft.h>

#include "internal.h"

/* ---------------------------------------------------------------- the plan cache */

/* A plan: rank-1..3 transforms of logical lengths n[0..rank-1], the input stored with
 * dimensions inembed (the output with onembed), element strides istride/ostride and
 * batch distances idist/odist, batch of them. */
typedef struct PlanKey {
    cufftType type;
    int rank;
    long long n[3], inembed[3], onembed[3];
    long long istride, idist, ostride, odist, batch;
} PlanKey;

#define PLAN_CACHE 16
static struct {
    PlanKey key;
    cufftHandle plan;
    uint64_t used;      /* last use (a counter); 0: the slot is free */
} plans[PLAN_CACHE];
static uint64_t plan_clock;

static bool key_eq(const PlanKey *a, const PlanKey *b)
{
    if (a->type != b->type || a->rank != b->rank || a->istride != b->istride || a->idist != b->idist ||
        a->ostride != b->ostride || a->odist != b->odist || a->batch != b->batch)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->n[i] != b->n[i] || a->inembed[i] != b->inembed[i] || a->onembed[i] != b->onembed[i]) return false;
    return true;
}

/* At exit: every cached plan destroyed (with its work area). */
static void plans_drop(void *arg)
{
    (void)arg;
    for (int i = 0; i < PLAN_CACHE; i++)
        if (plans[i].used) {
            (void)cufftDestroy(plans[i].plan);
            plans[i].used = 0;
        }
}

/* The plan for k, bound to rt_stream(): from the cache, or made (evicting the least recently
 * used plan when the cache is full).  The first plan registers plans_drop. */
static cufftHandle plan_get(const PlanKey *k)
{
    int slot = -1;
    for (int i = 0; i < PLAN_CACHE; i++) {
        if (plans[i].used && key_eq(&plans[i].key, k)) {
            plans[i].used = ++plan_clock;
            CHECK_CUFFT(cufftSetStream(plans[i].plan, rt_stream()));
            return plans[i].plan;
        }
        if (slot < 0 || plans[i].used < plans[slot].used) slot = i;
    }
    if (plans[slot].used) {
        /* the evicted plan may still be in use by queued work: let it finish first */
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUFFT(cufftDestroy(plans[slot].plan));
        plans[slot].used = 0;
    }
    cufftHandle p;
    CHECK_CUFFT(cufftCreate(&p));
    long long n[3], inembed[3], onembed[3];   /* cuFFT takes non-const arrays */
    memcpy(n, k->n, sizeof n);
    memcpy(inembed, k->inembed, sizeof inembed);
    memcpy(onembed, k->onembed, sizeof onembed);
    size_t work = 0;
    cufftResult s = cufftMakePlanMany64(p, k->rank, n, inembed, k->istride, k->idist, onembed, k->ostride, k->odist,
                                        k->type, k->batch, &work);
    if (s != CUFFT_SUCCESS) {
        cufftDestroy(p);
        gpu_check_fail(GPU_CUFFT, s, "cufftMakePlanMany64(...)", __FILE__, __LINE__);
    }
    CHECK_CUFFT(cufftSetStream(p, rt_stream()));
    if (plan_clock == 0)
        rt_at_exit(plans_drop, NULL);
    plans[slot].key = *k;
    plans[slot].plan = p;
    plans[slot].used = ++plan_clock;
    return p;
}

/* ---------------------------------------------------------------- execution */

static int64_t prod(const int64_t *v, int lo, int hi)
{
    int64_t p = 1;
    for (int i = lo; i < hi; i++) p *= v[i];
    return p;
}

static size_t in_size(cufftType t)
{
    return t == CUFFT_R2C ? 4 : t == CUFFT_C2C || t == CUFFT_C2R || t == CUFFT_D2Z ? 8 : 16;
}

static size_t out_size(cufftType t)
{
    return t == CUFFT_C2R ? 4 : t == CUFFT_C2C || t == CUFFT_R2C || t == CUFFT_Z2D ? 8 : 16;
}

/* Runs plan k reps times, the r-th on in + r*istep and out + r*ostep elements. */
static void exec_plan(const PlanKey *k, int dir, void *in, void *out, int64_t reps, int64_t istep, int64_t ostep)
{
    cufftHandle p = plan_get(k);
    size_t isz = in_size(k->type), osz = out_size(k->type);
    for (int64_t r = 0; r < reps; r++) {
        char *i = (char *)in + (size_t)(r * istep) * isz;
        char *o = (char *)out + (size_t)(r * ostep) * osz;
        switch (k->type) {
        case CUFFT_C2C: CHECK_CUFFT(cufftExecC2C(p, (cufftComplex *)i, (cufftComplex *)o, dir)); break;
        case CUFFT_Z2Z:
            CHECK_CUFFT(cufftExecZ2Z(p, (cufftDoubleComplex *)i, (cufftDoubleComplex *)o, dir));
            break;
        case CUFFT_R2C: CHECK_CUFFT(cufftExecR2C(p, (cufftReal *)i, (cufftComplex *)o)); break;
        case CUFFT_D2Z: CHECK_CUFFT(cufftExecD2Z(p, (cufftDoubleReal *)i, (cufftDoubleComplex *)o)); break;
        case CUFFT_C2R: CHECK_CUFFT(cufftExecC2R(p, (cufftComplex *)i, (cufftReal *)o)); break;
        case CUFFT_Z2D: CHECK_CUFFT(cufftExecZ2D(p, (cufftDoubleComplex *)i, (cufftDoubleReal *)o)); break;
        default: rt_raise("RuntimeError", "gpyc runtime: bad cuFFT transform type %d", (int)k->type);
        }
    }
}

/* The 1-d transform along axis of the C-contiguous array at in (shape ishape, ndim dims) into
 * the C-contiguous array at out (shape oshape: ishape but for the axis).  type and dir as
 * cuFFT's; nlog: the transform's logical length (the complex side's for C2C, the real side's
 * for R2C and C2R).  in == out is an in-place C2C transform. */
static void exec_axis(cufftType type, int dir, void *in, const int64_t *ishape, void *out, const int64_t *oshape,
                      int ndim, int axis, int64_t nlog)
{
    int64_t outer = prod(ishape, 0, axis), inner = prod(ishape, axis + 1, ndim);
    int64_t nin = ishape[axis], nout = oshape[axis];
    if (outer == 0 || inner == 0) return;   /* nothing to transform */
    PlanKey k = {.type = type, .rank = 1, .n = {nlog}, .inembed = {nin}, .onembed = {nout}};
    int64_t reps = 1;
    if (inner == 1) {
        k.istride = 1, k.idist = nin, k.ostride = 1, k.odist = nout, k.batch = outer;
    } else {
        k.istride = inner, k.idist = 1, k.ostride = inner, k.odist = 1, k.batch = inner;
        reps = outer;
    }
    exec_plan(&k, dir, in, out, reps, nin * inner, nout * inner);
}

/* The rank-k transform (k = 2 or 3) over the last k dimensions of C-contiguous arrays, one
 * plan batched over the leading dimensions.  Lengths: nlog (the real side's last for R2C and
 * C2R), the storage as ishape / oshape. */
static void exec_trailing(cufftType type, int dir, void *in, const int64_t *ishape, void *out, const int64_t *oshape,
                          int ndim, int k, const int64_t *nlog)
{
    int64_t batch = prod(ishape, 0, ndim - k);
    if (batch == 0) return;
    PlanKey key = {.type = type, .rank = k, .istride = 1, .ostride = 1, .batch = batch};
    for (int i = 0; i < k; i++) {
        key.n[i] = nlog[i];
        key.inembed[i] = ishape[ndim - k + i];
        key.onembed[i] = oshape[ndim - k + i];
    }
    key.idist = prod(ishape, ndim - k, ndim);
    key.odist = prod(oshape, ndim - k, ndim);
    exec_plan(&key, dir, in, out, 1, 0, 0);
}

/* True when axes[0..naxes-1] are the last naxes dimensions (in order) and 2 <= naxes <= 3,
 * so one multi-dimensional plan does the whole transform. */
static bool trailing_axes(int ndim, int naxes, const int *axes)
{
    if (naxes < 2 || naxes > 3) return false;
    for (int i = 0; i < naxes; i++)
        if (axes[i] != ndim - naxes + i) return false;
    return true;
}

/* ---------------------------------------------------------------- padding and truncation */

/* A new C-contiguous array of x's dtype and the given shape holding x's elements where both
 * have them and zeros elsewhere (NumPy's zero-padding / truncation to n). */
static gp_array *resized_copy(const gp_array *x, const int64_t *shape)
{
    gp_array *y = rt_empty(x->dtype, x->ndim, shape);
    int64_t m[GP_MAXDIM], msize = 1;
    bool pad = false;
    for (int d = 0; d < x->ndim; d++) {
        m[d] = shape[d] < x->shape[d] ? shape[d] : x->shape[d];
        pad |= shape[d] > x->shape[d];
        msize *= m[d];
    }
    if (pad && y->size) CHECK_CUDA(cudaMemsetAsync(y->data, 0, (size_t)y->size * rt_dtype_size(y->dtype), rt_stream()));
    if (msize) {
        gp_array *src = rt_view(x, x->ndim, m, x->strides, x->data);
        gp_array *dst = rt_view(y, y->ndim, m, y->strides, y->data);
        rt_strided_copy(dst, src);
        rt_release(dst);
        rt_release(src);
    }
    return y;
}

/* ---------------------------------------------------------------- entry */

gp_array *rt_fft(const gp_array *x, gp_fft_kind kind, int naxes, const int *axes, const int64_t *n)
{
    for (int i = 0; i < naxes; i++)
        if (n[i] < 1) rt_raise("ValueError", "Invalid number of FFT data points (%lld) specified.", (long long)n[i]);
    bool dbl = x->dtype == GP_COMPLEX128 || x->dtype == GP_FLOAT64;
    int nd = x->ndim, last = axes[naxes - 1];
    /* the input lengths: n, except the last axis of a C2R transform (n//2 + 1 values) */
    int64_t ishape[GP_MAXDIM];
    memcpy(ishape, x->shape, sizeof ishape);
    for (int i = 0; i < naxes; i++) ishape[axes[i]] = n[i];
    if (kind == GP_FFT_C2R) ishape[last] = n[naxes - 1] / 2 + 1;
    bool same = memcmp(ishape, x->shape, sizeof(int64_t) * (size_t)nd) == 0;
    gp_array *y = NULL;   /* owned input buffer, or NULL to read x where it lies */
    /* cuFFT reads complex data in 8- or 16-byte units: a view at an odd offset (x[1:] of a
     * float32 array) is copied to a fresh, aligned buffer from the pool */
    bool aligned = ((uintptr_t)x->data & 15) == 0;
    if (!same || !rt_is_contiguous(x) || !aligned || kind == GP_FFT_C2R)
        y = same ? rt_copy(x) : resized_copy(x, ishape);
    const gp_array *in = y ? y : x;
    cufftType c2c = dbl ? CUFFT_Z2Z : CUFFT_C2C;
    bool multi = trailing_axes(nd, naxes, axes);
    if (kind == GP_FFT_C2C_FORWARD || kind == GP_FFT_C2C_INVERSE) {
        int dir = kind == GP_FFT_C2C_FORWARD ? CUFFT_FORWARD : CUFFT_INVERSE;
        gp_array *out = y ? y : rt_empty(x->dtype, nd, ishape);
        if (multi)
            exec_trailing(c2c, dir, in->data, ishape, out->data, ishape, nd, naxes, n);
        else
            for (int i = 0; i < naxes; i++)
                exec_axis(c2c, dir, i ? out->data : in->data, ishape, out->data, ishape, nd, axes[i], n[i]);
        return out;
    }
    int64_t oshape[GP_MAXDIM];
    memcpy(oshape, ishape, sizeof oshape);
    gp_array *out;
    if (kind == GP_FFT_R2C) {
        /* the real transform along the last axis, then complex ones along the others */
        oshape[last] = n[naxes - 1] / 2 + 1;
        out = rt_empty(dbl ? GP_COMPLEX128 : GP_COMPLEX64, nd, oshape);
        if (multi) {
            exec_trailing(dbl ? CUFFT_D2Z : CUFFT_R2C, 0, in->data, ishape, out->data, oshape, nd, naxes, n);
        } else {
            exec_axis(dbl ? CUFFT_D2Z : CUFFT_R2C, 0, in->data, ishape, out->data, oshape, nd, last, n[naxes - 1]);
            for (int i = 0; i < naxes - 1; i++)
                exec_axis(c2c, CUFFT_FORWARD, out->data, oshape, out->data, oshape, nd, axes[i], n[i]);
        }
    } else {
        /* complex inverse transforms along all but the last axis (in place on the copy),
         * then the real one along it */
        oshape[last] = n[naxes - 1];
        out = rt_empty(dbl ? GP_FLOAT64 : GP_FLOAT32, nd, oshape);
        if (multi) {
            exec_trailing(dbl ? CUFFT_Z2D : CUFFT_C2R, 0, y->data, ishape, out->data, oshape, nd, naxes, n);
        } else {
            for (int i = 0; i < naxes - 1; i++)
                exec_axis(c2c, CUFFT_INVERSE, y->data, ishape, y->data, ishape, nd, axes[i], n[i]);
            exec_axis(dbl ? CUFFT_Z2D : CUFFT_C2R, 0, y->data, ishape, out->data, oshape, nd, last, n[naxes - 1]);
        }
    }
    rt_release(y);
    return out;
}
