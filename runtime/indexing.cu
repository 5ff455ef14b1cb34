/*
 * indexing.cu — NumPy's advanced indexing: integer and boolean index arrays, alone or mixed
 * with integers, slices, None and '...' (x[mask], x[idx], x[rows, cols], x[:, idx],
 * x[mask] = v, x[idx] = v), and nonzero / argwhere / flatnonzero.
 *
 * How an index is carried out (rt_adv_get, rt_adv_set):
 *   1. the basic part first: rt_index with every index array replaced by full slices (a
 *      boolean array of k dims by k of them) gives the view V; integers are applied there;
 *   2. each boolean array becomes its nonzero() coordinates (one int64 row per dimension it
 *      covers; this synchronises: the count sizes the result);
 *   3. the index arrays broadcast together to B; integers count as advanced indices for
 *      NumPy's placement rule: when the advanced items are adjacent in the index, B's dims
 *      replace them in place, otherwise B's dims come first;
 *   4. integer index arrays are bounds-checked on the device (one small copy back: the first
 *      bad element of the first bad array, as NumPy reports it);
 *   5. one kernel over the result's elements computes the source (get) or destination (set)
 *      offset from the index arrays and moves the element as an opaque word.
 * Assigning a single-element value through a boolean mask of the array's own shape (the common
 * `x[x < 0] = 0`) needs no count: one masked-fill kernel, no synchronisation.
 *
 * Invariants: all work runs on rt_stream(); temporaries come from the pool (gpu_malloc) and are
 * freed stream-ordered; the value given to rt_adv_set already has the destination's dtype.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cuda_fp16.h>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include "internal.h"

struct alignas(8) Word16 {
    uint64_t lo, hi;
};

/* How flags and index loads read an element: by storage class, not by dtype. */
enum ElemClass { EC_U8, EC_U16, EC_H16, EC_U32, EC_F32, EC_U64, EC_F64, EC_C64, EC_C128 };

static ElemClass elem_class(gp_dtype d)
{
    switch (d) {
    case GP_BOOL: case GP_INT8: case GP_UINT8: return EC_U8;
    case GP_INT16: case GP_UINT16: return EC_U16;
    case GP_FLOAT16: return EC_H16;
    case GP_INT32: case GP_UINT32: return EC_U32;
    case GP_FLOAT32: return EC_F32;
    case GP_INT64: case GP_UINT64: return EC_U64;
    case GP_FLOAT64: return EC_F64;
    case GP_COMPLEX64: return EC_C64;
    default: return EC_C128;
    }
}

/* Index dtypes, as the kernels read them. */
enum IdxType { IT_I8, IT_I16, IT_I32, IT_I64, IT_U8, IT_U16, IT_U32, IT_U64 };

static int idx_type(gp_dtype d)
{
    switch (d) {
    case GP_INT8: return IT_I8;
    case GP_INT16: return IT_I16;
    case GP_INT32: return IT_I32;
    case GP_INT64: return IT_I64;
    case GP_UINT8: case GP_BOOL: return IT_U8;
    case GP_UINT16: return IT_U16;
    case GP_UINT32: return IT_U32;
    case GP_UINT64: return IT_U64;
    default:
        rt_raise("IndexError", "arrays used as indices must be of integer (or boolean) type");
    }
}

/* An index value; uint64 values past INT64_MAX read as INT64_MAX (out of bounds anyway). */
__device__ __forceinline__ int64_t load_index(const char *p, int t)
{
    switch (t) {
    case IT_I8: return *(const int8_t *)p;
    case IT_I16: return *(const int16_t *)p;
    case IT_I32: return *(const int32_t *)p;
    case IT_I64: return *(const int64_t *)p;
    case IT_U8: return *(const uint8_t *)p;
    case IT_U16: return *(const uint16_t *)p;
    case IT_U32: return *(const uint32_t *)p;
    default: {
        uint64_t u = *(const uint64_t *)p;
        return u > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)u;
    }
    }
}

/* ---------------------------------------------------------------- kernels */

struct NdIter {
    int ndim;
    int64_t shape[GP_MAXDIM];
    int64_t st[GP_MAXDIM];   /* byte strides */
};

__device__ __forceinline__ int64_t nd_offset(const NdIter &it, int64_t i)
{
    int64_t off = 0;
    for (int d = it.ndim - 1; d >= 0; d--) {
        int64_t k = i % it.shape[d];
        i /= it.shape[d];
        off += k * it.st[d];
    }
    return off;
}

/* flags[i] = element i (C order) of a is nonzero. */
__global__ void flags_kernel(const char *data, NdIter it, int ec, int64_t n, uint8_t *flags)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const char *p = data + nd_offset(it, i);
        bool nz;
        switch (ec) {
        case EC_U8: nz = *(const uint8_t *)p != 0; break;
        case EC_U16: nz = *(const uint16_t *)p != 0; break;
        case EC_H16: nz = (*(const uint16_t *)p & 0x7fff) != 0; break;
        case EC_U32: nz = *(const uint32_t *)p != 0; break;
        case EC_F32: nz = *(const float *)p != 0.0f; break;
        case EC_U64: nz = *(const uint64_t *)p != 0; break;
        case EC_F64: nz = *(const double *)p != 0.0; break;
        case EC_C64: nz = ((const float *)p)[0] != 0.0f || ((const float *)p)[1] != 0.0f; break;
        default: nz = ((const double *)p)[0] != 0.0 || ((const double *)p)[1] != 0.0; break;
        }
        flags[i] = nz;
    }
}

/* Unravels the selected C-order positions lin[0..count) over shape into coordinates:
 * mode 0: out[d * count + j]; mode 1: out[j * ndim + d]; mode 2: out[j] = lin[j]. */
__global__ void unravel_kernel(const int64_t *lin, int64_t count, NdIter shp, int mode, int64_t *out)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < count; j += stride) {
        int64_t rem = lin[j];
        if (mode == 2) {
            out[j] = rem;
            continue;
        }
        for (int d = shp.ndim - 1; d >= 0; d--) {
            int64_t k = rem % shp.shape[d];
            rem /= shp.shape[d];
            if (mode == 0)
                out[d * count + j] = k;
            else
                out[j * shp.ndim + d] = k;
        }
    }
}

/* first[0] = the smallest C-order position of an index outside [-size, size). */
__global__ void check_kernel(const char *data, NdIter it, int t, int64_t n, int64_t size,
                             unsigned long long *first)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        int64_t v = load_index(data + nd_offset(it, i), t);
        if (v < -size || v >= size)
            atomicMin(first, (unsigned long long)i);
    }
}

#define MAXADV GP_MAXDIM

/* The gather/scatter: over the result's elements (rshape), the indexed side's offset is
 * base + sum(c[d] * bst[d]) + sum over index arrays j of idx_j * vst[j], and the plain side's
 * (the new array for get, the broadcast value for set) plain + sum(c[d] * pst[d]). */
struct AdvParams {
    int rnd;
    int64_t rshape[GP_MAXDIM];
    char *base;
    int64_t bst[GP_MAXDIM];
    char *plain;
    int64_t pst[GP_MAXDIM];
    int nadv;
    const char *idata[MAXADV];
    int itype[MAXADV];
    int64_t ist[MAXADV][GP_MAXDIM];   /* index array j's byte strides over the result dims */
    int64_t isize[MAXADV];            /* the indexed dim's length (negative indices wrap) */
    int64_t vst[MAXADV];              /* the indexed dim's byte stride */
    int64_t n;
};

static const unsigned BLOCK = 256;

/* The byte offsets of result element i on the indexed side (*boff) and the plain side (*poff). */
__device__ __forceinline__ void adv_offsets(const AdvParams &p, int64_t i, int64_t *boff, int64_t *poff)
{
    int64_t c[GP_MAXDIM];
    int64_t rem = i;
    for (int d = p.rnd - 1; d >= 0; d--) {
        c[d] = rem % p.rshape[d];
        rem /= p.rshape[d];
    }
    int64_t b = 0, q = 0;
    for (int d = 0; d < p.rnd; d++) {
        b += c[d] * p.bst[d];
        q += c[d] * p.pst[d];
    }
    for (int j = 0; j < p.nadv; j++) {
        int64_t ioff = 0;
        for (int d = 0; d < p.rnd; d++)
            ioff += c[d] * p.ist[j][d];
        int64_t v = load_index(p.idata[j] + ioff, p.itype[j]);
        if (v < 0)
            v += p.isize[j];
        b += v * p.vst[j];
    }
    *boff = b;
    *poff = q;
}

template <typename W, bool SCATTER>
__global__ void adv_kernel(AdvParams p)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += stride) {
        int64_t boff, poff;
        adv_offsets(p, i, &boff, &poff);
        if (SCATTER)
            *(W *)(p.base + boff) = *(const W *)(p.plain + poff);
        else
            *(W *)(p.plain + poff) = *(const W *)(p.base + boff);
    }
}

/* ---- the accumulating scatter (cupyx.scatter_add/max/min, NumPy's ufunc.at) ----
 * combine<OP>(old, v) is NumPy's add / maximum / minimum (NaN propagates); atomic_combine
 * applies it with a compare-and-swap loop on the aligned 4- or 8-byte word that holds the
 * element (1- and 2-byte elements share their word with neighbours, which the loop keeps). */
template <int OP, typename T> __device__ __forceinline__ T combine(T a, T b)
{
    if (OP == GP_SCATTER_ADD)
        return (T)(a + b);
    if (a != a)
        return a;
    if (b != b)
        return b;
    if (OP == GP_SCATTER_MAX)
        return a > b ? a : b;
    return a < b ? a : b;
}
template <> __device__ __forceinline__ bool combine<GP_SCATTER_ADD, bool>(bool a, bool b) { return a || b; }
template <int OP> __device__ __forceinline__ __half combine_h(__half a, __half b)
{
    return __float2half(combine<OP, float>(__half2float(a), __half2float(b)));
}
template <int OP> __device__ __forceinline__ float2 combine_c(float2 a, float2 b)
{
    return make_float2(a.x + b.x, a.y + b.y);   /* complex: add only (checked by the compiler) */
}

template <int OP, typename T> __device__ __forceinline__ T combine_any(T a, T b) { return combine<OP, T>(a, b); }
template <> __device__ __forceinline__ __half combine_any<GP_SCATTER_ADD, __half>(__half a, __half b) { return combine_h<GP_SCATTER_ADD>(a, b); }
template <> __device__ __forceinline__ __half combine_any<GP_SCATTER_MAX, __half>(__half a, __half b) { return combine_h<GP_SCATTER_MAX>(a, b); }
template <> __device__ __forceinline__ __half combine_any<GP_SCATTER_MIN, __half>(__half a, __half b) { return combine_h<GP_SCATTER_MIN>(a, b); }
template <> __device__ __forceinline__ float2 combine_any<GP_SCATTER_ADD, float2>(float2 a, float2 b) { return combine_c<GP_SCATTER_ADD>(a, b); }

template <int OP, typename T> __device__ void atomic_combine(T *addr, T v)
{
    if constexpr (sizeof(T) == 8) {
        unsigned long long *w = (unsigned long long *)addr;
        unsigned long long old = *w, assumed;
        do {
            assumed = old;
            T cur;
            memcpy(&cur, &assumed, 8);
            T nv = combine_any<OP, T>(cur, v);
            unsigned long long nb;
            memcpy(&nb, &nv, 8);
            if (nb == assumed)
                break;
            old = atomicCAS(w, assumed, nb);
        } while (assumed != old);
    } else if constexpr (sizeof(T) == 4) {
        unsigned int *w = (unsigned int *)addr;
        unsigned int old = *w, assumed;
        do {
            assumed = old;
            T cur;
            memcpy(&cur, &assumed, 4);
            T nv = combine_any<OP, T>(cur, v);
            unsigned int nb;
            memcpy(&nb, &nv, 4);
            if (nb == assumed)
                break;
            old = atomicCAS(w, assumed, nb);
        } while (assumed != old);
    } else {
        size_t a = (size_t)addr;
        unsigned int *w = (unsigned int *)(a & ~(size_t)3);
        unsigned int shift = (unsigned int)(a & 3) * 8;
        unsigned int mask = sizeof(T) == 1 ? 0xffu : 0xffffu;
        unsigned int old = *w, assumed;
        do {
            assumed = old;
            unsigned int bits = (assumed >> shift) & mask;
            T cur;
            memcpy(&cur, &bits, sizeof(T));
            T nv = combine_any<OP, T>(cur, v);
            unsigned int nb = 0;
            memcpy(&nb, &nv, sizeof(T));
            unsigned int nw = (assumed & ~(mask << shift)) | ((nb & mask) << shift);
            if (nw == assumed)
                break;
            old = atomicCAS(w, assumed, nw);
        } while (assumed != old);
    }
}

template <typename T, int OP>
__global__ void adv_acc_kernel(AdvParams p)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += stride) {
        int64_t boff, poff;
        adv_offsets(p, i, &boff, &poff);
        atomic_combine<OP, T>((T *)(p.base + boff), *(const T *)(p.plain + poff));
    }
}

/* complex128 adds its two parts with double atomics */
__global__ void adv_acc_c128_kernel(AdvParams p)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += stride) {
        int64_t boff, poff;
        adv_offsets(p, i, &boff, &poff);
        const double *v = (const double *)(p.plain + poff);
        double *d = (double *)(p.base + boff);
        atomicAdd(d, v[0]);
        atomicAdd(d + 1, v[1]);
    }
}

template <int OP> static void launch_acc(gp_dtype dt, unsigned grid, cudaStream_t s, const AdvParams &k)
{
    switch (dt) {
    case GP_BOOL: adv_acc_kernel<bool, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_INT8: adv_acc_kernel<int8_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_INT16: adv_acc_kernel<int16_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_INT32: adv_acc_kernel<int32_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_INT64: adv_acc_kernel<int64_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_UINT8: adv_acc_kernel<uint8_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_UINT16: adv_acc_kernel<uint16_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_UINT32: adv_acc_kernel<uint32_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_UINT64: adv_acc_kernel<uint64_t, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_FLOAT16: adv_acc_kernel<__half, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_FLOAT32: adv_acc_kernel<float, OP><<<grid, BLOCK, 0, s>>>(k); break;
    case GP_FLOAT64: adv_acc_kernel<double, OP><<<grid, BLOCK, 0, s>>>(k); break;
    default: rt_raise("RuntimeError", "gpyc runtime: no accumulating scatter for this dtype"); break;
    }
}

/* dst[c] = *val wherever mask[c] (mask and dst iterate over the same shape). */
template <typename W>
__global__ void masked_fill_kernel(char *dst, NdIter dit, const char *mask, NdIter mit,
                                   const char *val, int64_t n)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        if (*(const uint8_t *)(mask + nd_offset(mit, i)))
            *(W *)(dst + nd_offset(dit, i)) = *(const W *)val;
}

/* ---------------------------------------------------------------- launchers and helpers */


static NdIter iter_of(const gp_array *a)
{
    NdIter it;
    memset(&it, 0, sizeof it);
    it.ndim = a->ndim;
    for (int d = 0; d < a->ndim; d++) {
        it.shape[d] = a->shape[d];
        it.st[d] = a->strides[d];
    }
    return it;
}

static void sync_stream(void) { CHECK_CUDA(cudaStreamSynchronize(rt_stream())); }

/* The C-order positions of a's nonzero elements: a new 1-d int64 array of *count entries
 * (its buffer may be larger).  Synchronises. */
static gp_array *nonzero_positions(const gp_array *a, int64_t *count)
{
    int64_t n = a->size;
    *count = 0;
    int64_t cap = n > 0 ? n : 1;
    gp_array *lin = rt_empty(GP_INT64, 1, &cap);
    if (n == 0) {
        lin->shape[0] = lin->size = 0;
        return lin;
    }
    cudaStream_t s = rt_stream();
    uint8_t *flags = (uint8_t *)gpu_malloc((size_t)n);
    int64_t *d_num = (int64_t *)gpu_malloc(sizeof(int64_t));
    flags_kernel<<<rt_grid_for(n, BLOCK), BLOCK, 0, s>>>(a->data, iter_of(a), elem_class(a->dtype), n, flags);
    rt_check_launch();
    thrust::counting_iterator<int64_t> first(0);
    size_t tmp_bytes = 0;
    CHECK_CUDA(cub::DeviceSelect::Flagged(NULL, tmp_bytes, first, flags, (int64_t *)lin->data,
                                          d_num, n, s));
    void *tmp = gpu_malloc(tmp_bytes ? tmp_bytes : 1);
    CHECK_CUDA(cub::DeviceSelect::Flagged(tmp, tmp_bytes, first, flags, (int64_t *)lin->data,
                                          d_num, n, s));
    int64_t h_num = 0;
    CHECK_CUDA(cudaMemcpyAsync(&h_num, d_num, sizeof h_num, cudaMemcpyDeviceToHost, s));
    sync_stream();
    gpu_free(tmp);
    gpu_free(d_num);
    gpu_free(flags);
    lin->shape[0] = lin->size = h_num;
    *count = h_num;
    return lin;
}

extern "C" gp_array *rt_nonzero(const gp_array *a, int mode)
{
    int64_t count;
    gp_array *lin = nonzero_positions(a, &count);
    if (mode == 2)
        return lin;
    int64_t shape[2];
    if (mode == 0) {
        shape[0] = a->ndim;
        shape[1] = count;
    } else {
        shape[0] = count;
        shape[1] = a->ndim;
    }
    gp_array *out = rt_empty(GP_INT64, 2, shape);
    if (count > 0 && a->ndim > 0) {
        NdIter shp = iter_of(a);
        unravel_kernel<<<rt_grid_for(count, BLOCK), BLOCK, 0, rt_stream()>>>(
            (const int64_t *)lin->data, count, shp, mode, (int64_t *)out->data);
        rt_check_launch();
    }
    rt_release(lin);
    return out;
}

/* One advanced index of the plan: an index array over one dim of the view V. */
typedef struct AdvEnt {
    int vdim;                 /* the dim of V it indexes */
    int axis;                 /* the axis of the indexed array (messages) */
    const char *data;
    gp_dtype dt;
    int ndim;
    int64_t shape[GP_MAXDIM], st[GP_MAXDIM];
    bool checked;             /* from a boolean mask: in bounds by construction */
} AdvEnt;

typedef struct Plan {
    gp_array *v;              /* the basic part (a view of a); owned */
    gp_array *hold[2 * GP_MAXDIM];   /* nonzero coordinates kept alive; owned */
    int nhold;
    int nadv;
    AdvEnt adv[MAXADV];
    int bnd;
    int64_t bshape[GP_MAXDIM];
    int rnd;
    int64_t rshape[GP_MAXDIM];
    int rfrom[GP_MAXDIM];     /* per result dim: the V dim it walks, or -1 for a B dim */
    int bpos;                 /* first result dim of B */
    int64_t size;
} Plan;

static void plan_free(Plan *p)
{
    rt_release(p->v);
    for (int i = 0; i < p->nhold; i++)
        rt_release(p->hold[i]);
}

static void shape_list(char *buf, size_t cap, const Plan *p)
{
    size_t len = 0;
    buf[0] = 0;
    for (int j = 0; j < p->nadv && len + 1 < cap; j++) {
        rt_shape_fmt(buf + len, cap - len, p->adv[j].ndim, p->adv[j].shape, true);
        len = strlen(buf);
        if (len + 1 < cap) {
            buf[len++] = ' ';
            buf[len] = 0;
        }
    }
}

/* Steps 1–3 of the file comment: fills p for a[ix] with index arrays arrs. */
static void plan_build(Plan *p, const gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs)
{
    memset(p, 0, sizeof *p);
    gp_index basic[4 * GP_MAXDIM];
    memset(basic, 0, sizeof basic);
    int m = 0, consumed = 0;
    for (int k = 0; k < n; k++) {
        if (arrs[k]) {
            int cover = arrs[k]->dtype == GP_BOOL ? arrs[k]->ndim : 1;
            if (arrs[k]->dtype != GP_BOOL)
                (void)idx_type(arrs[k]->dtype);   /* raises for float index arrays */
            consumed += cover;
            for (int d = 0; d < cover && m < 4 * GP_MAXDIM; d++) {
                memset(&basic[m], 0, sizeof basic[m]);
                basic[m].kind = GP_IDX_SLICE;
                basic[m].step = 1;
                m++;
            }
        } else {
            if (ix[k].kind == GP_IDX_INT || ix[k].kind == GP_IDX_SLICE)
                consumed++;
            if (m < 4 * GP_MAXDIM)
                basic[m++] = ix[k];
        }
    }
    if (consumed > a->ndim)
        rt_raise("IndexError", "too many indices for array: array is %d-dimensional, but %d were indexed",
                 a->ndim, consumed);
    p->v = rt_index(a, m, basic);
    const gp_array *v = p->v;

    /* label V's dims; find the advanced items (arrays and integers) */
    bool isadv[GP_MAXDIM * 2] = {false};
    int vstart[GP_MAXDIM * 2 + 1];
    int vd = 0, ax = 0, first = -1, last = -1;
    for (int k = 0; k < n; k++) {
        vstart[k] = vd;
        const gp_array *ia = arrs[k];
        if (ia && ia->dtype == GP_BOOL) {
            for (int d = 0; d < ia->ndim; d++)
                if (ia->shape[d] != v->shape[vd + d])
                    rt_raise("IndexError", "boolean index did not match indexed array along axis %d; size of "
                             "axis is %lld but size of corresponding boolean axis is %lld", ax + d,
                             (long long)v->shape[vd + d], (long long)ia->shape[d]);
            gp_array *coords = rt_nonzero(ia, 0);
            p->hold[p->nhold++] = coords;
            int64_t cnt = coords->shape[1];
            for (int d = 0; d < ia->ndim; d++) {
                AdvEnt *e = &p->adv[p->nadv++];
                e->vdim = vd + d;
                e->axis = ax + d;
                e->data = coords->data + (size_t)d * (size_t)cnt * sizeof(int64_t);
                e->dt = GP_INT64;
                e->ndim = 1;
                e->shape[0] = cnt;
                e->st[0] = sizeof(int64_t);
                e->checked = true;
            }
            vd += ia->ndim;
            ax += ia->ndim;
        } else if (ia) {
            AdvEnt *e = &p->adv[p->nadv++];
            e->vdim = vd;
            e->axis = ax;
            e->data = ia->data;
            e->dt = ia->dtype;
            e->ndim = ia->ndim;
            for (int d = 0; d < ia->ndim; d++) {
                e->shape[d] = ia->shape[d];
                e->st[d] = ia->strides[d];
            }
            vd++;
            ax++;
        } else {
            switch (ix[k].kind) {
            case GP_IDX_INT: ax++; break;
            case GP_IDX_SLICE: vd++; ax++; break;
            case GP_IDX_NEWAXIS: vd++; break;
            case GP_IDX_ELLIPSIS: vd += a->ndim - consumed; ax += a->ndim - consumed; break;
            }
        }
        if (ia || ix[k].kind == GP_IDX_INT) {
            isadv[k] = true;
            if (first < 0)
                first = k;
            last = k;
        }
    }
    bool adjacent = true;
    for (int k = first; k >= 0 && k <= last; k++)
        if (!isadv[k])
            adjacent = false;

    /* broadcast the index arrays */
    p->bnd = 0;
    for (int j = 0; j < p->nadv; j++)
        if (p->adv[j].ndim > p->bnd)
            p->bnd = p->adv[j].ndim;
    for (int d = 0; d < p->bnd; d++)
        p->bshape[d] = 1;
    for (int j = 0; j < p->nadv; j++) {
        const AdvEnt *e = &p->adv[j];
        int lead = p->bnd - e->ndim;
        for (int d = 0; d < e->ndim; d++) {
            int64_t *b = &p->bshape[lead + d];
            if (e->shape[d] == *b || e->shape[d] == 1)
                continue;
            if (*b == 1) {
                *b = e->shape[d];
                continue;
            }
            char shapes[512];
            shape_list(shapes, sizeof shapes, p);
            rt_raise("IndexError", "shape mismatch: indexing arrays could not be broadcast together with shapes %s",
                     shapes);
        }
    }

    /* the result's dims: V's basic dims with B at bpos */
    bool vadv[GP_MAXDIM * 2] = {false};
    for (int j = 0; j < p->nadv; j++)
        vadv[p->adv[j].vdim] = true;
    p->bpos = first >= 0 && adjacent ? vstart[first] : 0;
    int nbasic = 0;
    for (int d = 0; d < v->ndim; d++)
        nbasic += !vadv[d];
    if (nbasic + p->bnd > GP_MAXDIM)
        rt_raise("IndexError", "gpyc supports arrays of at most %d dimensions", GP_MAXDIM);
    p->rnd = 0;
    int placed = 0, seen = 0;
    for (int d = 0; d <= v->ndim; d++) {
        if (!placed && seen == p->bpos) {
            for (int b = 0; b < p->bnd; b++) {
                p->rfrom[p->rnd] = -1;
                p->rshape[p->rnd++] = p->bshape[b];
            }
            placed = 1;
        }
        if (d == v->ndim)
            break;
        if (vadv[d])
            continue;
        p->rfrom[p->rnd] = d;
        p->rshape[p->rnd++] = v->shape[d];
        seen++;
    }
    p->size = 1;
    for (int d = 0; d < p->rnd; d++)
        p->size *= p->rshape[d];
}

/* Step 4: IndexError for the first out-of-bounds index of the first array holding one. */
static void plan_check(const Plan *p)
{
    if (p->size == 0)
        return;
    int nchk = 0;
    for (int j = 0; j < p->nadv; j++)
        nchk += !p->adv[j].checked;
    if (!nchk)
        return;
    cudaStream_t s = rt_stream();
    unsigned long long *d_first = (unsigned long long *)gpu_malloc(sizeof(unsigned long long) * MAXADV);
    CHECK_CUDA(cudaMemsetAsync(d_first, 0xff, sizeof(unsigned long long) * MAXADV, s));
    for (int j = 0; j < p->nadv; j++) {
        const AdvEnt *e = &p->adv[j];
        int64_t n = 1;
        for (int d = 0; d < e->ndim; d++)
            n *= e->shape[d];
        if (e->checked || n == 0)
            continue;
        NdIter it;
        memset(&it, 0, sizeof it);
        it.ndim = e->ndim;
        for (int d = 0; d < e->ndim; d++) {
            it.shape[d] = e->shape[d];
            it.st[d] = e->st[d];
        }
        check_kernel<<<rt_grid_for(n, BLOCK), BLOCK, 0, s>>>(e->data, it, idx_type(e->dt), n,
                                                              p->v->shape[e->vdim], d_first + j);
        rt_check_launch();
    }
    unsigned long long h_first[MAXADV];
    CHECK_CUDA(cudaMemcpyAsync(h_first, d_first, sizeof h_first, cudaMemcpyDeviceToHost, s));
    sync_stream();
    gpu_free(d_first);
    for (int j = 0; j < p->nadv; j++) {
        if (p->adv[j].checked || h_first[j] == ~0ull)
            continue;
        const AdvEnt *e = &p->adv[j];
        int64_t rem = (int64_t)h_first[j], off = 0;
        for (int d = e->ndim - 1; d >= 0; d--) {
            off += (rem % e->shape[d]) * e->st[d];
            rem /= e->shape[d];
        }
        unsigned char buf[8] = {0};
        size_t isz = rt_dtype_size(e->dt);
        CHECK_CUDA(cudaMemcpy(buf, e->data + off, isz, cudaMemcpyDeviceToHost));
        char num[32];
        if (e->dt == GP_UINT64)
            snprintf(num, sizeof num, "%llu", (unsigned long long)*(uint64_t *)buf);
        else
            snprintf(num, sizeof num, "%lld", (long long)rt_elem_i64(buf, e->dt));
        rt_raise("IndexError", "index %s is out of bounds for axis %d with size %lld", num, e->axis,
                 (long long)p->v->shape[e->vdim]);
    }
}

/* Step 5: the kernel's parameters for plan p; plain/pst is the other side. */
static void plan_launch(const Plan *p, char *plain, const int64_t *pst, bool scatter, int op)
{
    if (p->size == 0)
        return;
    AdvParams k;
    memset(&k, 0, sizeof k);
    k.rnd = p->rnd;
    k.base = p->v->data;
    k.plain = plain;
    k.n = p->size;
    for (int d = 0; d < p->rnd; d++) {
        k.rshape[d] = p->rshape[d];
        k.bst[d] = p->rfrom[d] >= 0 ? p->v->strides[p->rfrom[d]] : 0;
        k.pst[d] = pst[d];
    }
    k.nadv = p->nadv;
    for (int j = 0; j < p->nadv; j++) {
        const AdvEnt *e = &p->adv[j];
        k.idata[j] = e->data;
        k.itype[j] = idx_type(e->dt);
        k.isize[j] = p->v->shape[e->vdim];
        k.vst[j] = p->v->strides[e->vdim];
        int lead = p->bnd - e->ndim;
        for (int b = 0; b < p->bnd; b++) {
            int d = b - lead;
            k.ist[j][p->bpos + b] = (d < 0 || e->shape[d] == 1) ? 0 : e->st[d];
        }
    }
    unsigned grid = rt_grid_for(p->size, BLOCK);
    cudaStream_t s = rt_stream();
    if (scatter && op != GP_SCATTER_SET) {
        gp_dtype dt = p->v->dtype;
        if (dt == GP_COMPLEX128 && op == GP_SCATTER_ADD)
            adv_acc_c128_kernel<<<grid, BLOCK, 0, s>>>(k);
        else if (dt == GP_COMPLEX64 && op == GP_SCATTER_ADD)
            adv_acc_kernel<float2, GP_SCATTER_ADD><<<grid, BLOCK, 0, s>>>(k);
        else if (op == GP_SCATTER_ADD)
            launch_acc<GP_SCATTER_ADD>(dt, grid, s, k);
        else if (op == GP_SCATTER_MAX && dt != GP_COMPLEX64 && dt != GP_COMPLEX128)
            launch_acc<GP_SCATTER_MAX>(dt, grid, s, k);
        else if (op == GP_SCATTER_MIN && dt != GP_COMPLEX64 && dt != GP_COMPLEX128)
            launch_acc<GP_SCATTER_MIN>(dt, grid, s, k);
        else
            rt_raise("RuntimeError", "gpyc runtime: no accumulating scatter for this dtype");
        rt_check_launch();
        return;
    }
    size_t esize = rt_dtype_size(p->v->dtype);
#define LAUNCH(W)                                                                                  \
    do {                                                                                           \
        if (scatter)                                                                               \
            adv_kernel<W, true><<<grid, BLOCK, 0, s>>>(k);                                         \
        else                                                                                       \
            adv_kernel<W, false><<<grid, BLOCK, 0, s>>>(k);                                        \
    } while (0)
    switch (esize) {
    case 1: LAUNCH(uint8_t); break;
    case 2: LAUNCH(uint16_t); break;
    case 4: LAUNCH(uint32_t); break;
    case 8: LAUNCH(uint64_t); break;
    default: LAUNCH(Word16); break;
    }
#undef LAUNCH
    rt_check_launch();
}

extern "C" gp_array *rt_adv_get(const gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs)
{
    Plan p;
    plan_build(&p, a, n, ix, arrs);
    plan_check(&p);
    gp_array *out = rt_empty(a->dtype, p.rnd, p.rshape);
    plan_launch(&p, out->data, out->strides, false, GP_SCATTER_SET);
    plan_free(&p);
    return out;
}

void rt_mask_check(const gp_array *a, const gp_array *mask)
{
    for (int d = 0; d < a->ndim; d++)
        if (mask->shape[d] != a->shape[d])
            rt_raise("IndexError", "boolean index did not match indexed array along axis %d; size of axis is "
                     "%lld but size of corresponding boolean axis is %lld", d, (long long)a->shape[d],
                     (long long)mask->shape[d]);
}

/* ---------------------------------------------------------------- masked max/min: empty selections
 *
 * A masked max or min (masked.c) over a selection that may be empty: the device compares, the
 * host learns it at its next synchronising read.  The flag is one int in mapped, pinned host
 * memory: 0 none, else 1 + the op (0 maximum, 1 minimum) of the first empty selection; the
 * device writes it, the host reads it after a synchronisation (rt_reduce_raise_flagged) — no
 * copy, no synchronisation of its own, and a launch that a CUDA graph may capture. */
static int *empty_flag; /* host view; NULL until the first masked max/min */
static int *empty_flag_dev; /* the device's view of the same int */

static void empty_flag_drop(void *arg)
{
    (void)arg;
    if (empty_flag) (void)cudaFreeHost(empty_flag);
    empty_flag = NULL;
}

__global__ void empty_flag_kernel(const bool *any, int *flag, int op)
{
    if (!*any && *flag == 0) *flag = 1 + op;
}

void rt_reduce_flag_empty(const gp_array *any, int64_t op)
{
    if (!empty_flag) {
        CHECK_CUDA(cudaHostAlloc((void **)&empty_flag, sizeof *empty_flag, cudaHostAllocMapped));
        CHECK_CUDA(cudaHostGetDevicePointer((void **)&empty_flag_dev, empty_flag, 0));
        *(volatile int *)empty_flag = 0;
        rt_at_exit(empty_flag_drop, NULL);
    }
    empty_flag_kernel<<<1, 1, 0, rt_stream()>>>((const bool *)any->data, empty_flag_dev, (int)op);
    rt_check_launch();
}

void rt_reduce_raise_flagged(void)
{
    int f = empty_flag ? *(volatile int *)empty_flag : 0;
    if (f == 0) return;
    *(volatile int *)empty_flag = 0;
    rt_raise("ValueError", "zero-size array to reduction operation %s which has no identity",
             f == 1 ? "maximum" : "minimum");
}

/* dst[mask] = v[0] for a boolean mask of dst's shape (no count needed). */
static void masked_fill(gp_array *dst, const gp_array *mask, const gp_array *v)
{
    rt_mask_check(dst, mask);
    int64_t n = dst->size;
    if (n == 0)
        return;
    NdIter dit = iter_of(dst), mit = iter_of(mask);
    unsigned grid = rt_grid_for(n, BLOCK);
    cudaStream_t s = rt_stream();
    switch (rt_dtype_size(dst->dtype)) {
    case 1: masked_fill_kernel<uint8_t><<<grid, BLOCK, 0, s>>>(dst->data, dit, mask->data, mit, v->data, n); break;
    case 2: masked_fill_kernel<uint16_t><<<grid, BLOCK, 0, s>>>(dst->data, dit, mask->data, mit, v->data, n); break;
    case 4: masked_fill_kernel<uint32_t><<<grid, BLOCK, 0, s>>>(dst->data, dit, mask->data, mit, v->data, n); break;
    case 8: masked_fill_kernel<uint64_t><<<grid, BLOCK, 0, s>>>(dst->data, dit, mask->data, mit, v->data, n); break;
    default: masked_fill_kernel<Word16><<<grid, BLOCK, 0, s>>>(dst->data, dit, mask->data, mit, v->data, n); break;
    }
    rt_check_launch();
}

/* a[index] = v (op GP_SCATTER_SET) or a[index] op= v, accumulating (ufunc.at). */
static void adv_store(gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs, const gp_array *v,
                      int op)
{
    if (v->dtype != a->dtype)
        rt_raise("RuntimeError", "gpyc runtime: rt_adv_set needs a value of the destination's dtype");
    /* NumPy's boolean-assignment path: one boolean index of the array's own ndim */
    bool boolpath = op == GP_SCATTER_SET && n == 1 && arrs[0] && arrs[0]->dtype == GP_BOOL &&
                    arrs[0]->ndim == a->ndim && a->ndim > 0;
    if (boolpath && v->ndim > 1)
        rt_raise("TypeError", "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, "
                 "input has %d dimensions", v->ndim);
    if (boolpath && v->size == 1 && !rt_may_overlap(arrs[0], a)) {
        masked_fill(a, arrs[0], v);
        return;
    }
    /* inputs that share memory with the destination are read from copies */
    gp_array *vc = rt_may_overlap(v, a) ? rt_copy(v) : NULL;
    const gp_array *val = vc ? vc : v;
    const gp_array *ia[4 * GP_MAXDIM];
    gp_array *icopies[4 * GP_MAXDIM];
    int ncopies = 0;
    for (int k = 0; k < n && k < 4 * GP_MAXDIM; k++) {
        ia[k] = arrs[k];
        if (arrs[k] && rt_may_overlap(arrs[k], a))
            ia[k] = icopies[ncopies++] = rt_copy(arrs[k]);
    }
    Plan p;
    plan_build(&p, a, n, ix, ia);
    if (boolpath && val->size != 1 && val->size != p.size)
        rt_raise("ValueError", "NumPy boolean array indexing assignment cannot assign %lld input values to the "
                 "%lld output values where the mask is true", (long long)val->size, (long long)p.size);
    /* the value broadcasts to the result shape (extra leading length-1 dims allowed) */
    int64_t pst[GP_MAXDIM] = {0};
    bool ok = true;
    int lead = p.rnd - val->ndim;
    for (int d = 0; d < val->ndim; d++) {
        int r = d + lead;
        if (r < 0) {
            ok &= val->shape[d] == 1;
            continue;
        }
        if (val->shape[d] == p.rshape[r])
            pst[r] = val->shape[d] == 1 ? 0 : val->strides[d];
        else
            ok &= val->shape[d] == 1;
    }
    if (!ok) {
        char vs[160], rs[160];
        rt_shape_fmt(vs, sizeof vs, val->ndim, val->shape, true);
        rt_shape_fmt(rs, sizeof rs, p.rnd, p.rshape, true);
        rt_raise("ValueError", "shape mismatch: value array of shape %s could not be broadcast to indexing "
                 "result of shape %s", vs, rs);
    }
    plan_check(&p);
    plan_launch(&p, val->data, pst, true, op);
    plan_free(&p);
    rt_release(vc);
    for (int i = 0; i < ncopies; i++)
        rt_release(icopies[i]);
}

extern "C" void rt_adv_set(gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs,
                           const gp_array *v)
{
    adv_store(a, n, ix, arrs, v, GP_SCATTER_SET);
}

extern "C" void rt_adv_scatter(gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs,
                               const gp_array *v, int op)
{
    adv_store(a, n, ix, arrs, v, op);
}
