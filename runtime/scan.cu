/*
 * scan.cu — cumsum, cumprod and maximum/minimum.accumulate (rt_scan): NumPy's ufunc.accumulate
 * with the dtype already chosen by the compiler (the input arrives in the result dtype).
 *
 * Strategy, by the layout of the scanned axis in a C-contiguous copy (outer × n × inner):
 *   - one line (flattened, or outer == inner == 1): cub::DeviceScan::InclusiveScan;
 *   - the last axis (inner == 1): cub::DeviceScan::InclusiveScanByKey, the key of element k
 *     being its line k / n — every line scanned at once, whatever their number and length;
 *   - an inner axis with many lines (outer·inner >= LINES_PER_THREAD_MIN): one thread per line,
 *     adjacent threads on adjacent columns (coalesced reads), each walking its line;
 *   - an inner axis with few lines: the axis is moved last (a transposed copy), scanned by key,
 *     and the result moved back.
 * The combiners give the generated code's results (gp_red_sum / gp_red_prod of gpyrt_device.cuh,
 * or the standard operator with the same bits: see cub_scan_op), so integer scans wrap and
 * float16 rounds each step as the kernels do.  Everything is instantiated per (scan type,
 * operator) of cub_scan_op, not per dtype: a signed integer scans as its unsigned counterpart.  CUB's scan associates
 * differently from NumPy's sequential loop: float results may differ in the last bits.
 *
 * Invariants: everything runs on rt_stream(); temporary storage comes from the pool
 * (gpu_malloc/gpu_free, stream-ordered).
 */
#include "gpyrt.h"
#include "gpyrt_device.cuh"
#include "internal.h"
#include "libgpu.h"

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <cuda/std/type_traits>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

enum { BLOCK = 256, LINES_PER_THREAD_MIN = 16384 };

/* ---------------------------------------------------------------- kernels */

/* out/in: C-contiguous outer × n × inner; thread t scans line (t / inner, t % inner). */
template <typename T, typename Op>
__global__ void __launch_bounds__(BLOCK) scan_lines_kernel(const T *in, T *out, int64_t outer, int64_t n,
                                                          int64_t inner)
{
    const int64_t lines = outer * inner, stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < lines; t += stride) {
        const int64_t o = t / inner, i = t % inner;
        const int64_t base = o * n * inner + i;
        T acc = in[base];
        out[base] = acc;
        for (int64_t k = 1; k < n; k++) {
            acc = Op()(acc, in[base + k * inner]);
            out[base + k * inner] = acc;
        }
    }
}

/* The line of flat element k (the key of the segmented scan). */
struct line_of {
    int64_t n;
    __host__ __device__ int64_t operator()(int64_t k) const { return k / n; }
};

struct key_eq {
    __host__ __device__ bool operator()(int64_t a, int64_t b) const { return a == b; }
};

/* ---------------------------------------------------------------- launchers */

/* The type and operator a scan of T runs with.  CUB tunes its scan only for the operators it
 * recognises as primitive (cuda::std::plus, multiplies) on primitive types; with one of our
 * functors it falls back to a generic policy that reaches ~69 % of copy bandwidth on an H100 for
 * 2^28 float32 against ~80 % (measured, gpu/exp).  So float and double scan with the standard
 * operators, integers as their unsigned counterparts (the same bits: two's-complement
 * wraparound, without signed overflow; and int8 and uint8 share one instantiation, as do the
 * other widths), and bool, float16 and complex keep the generated code's combiner. */
template <typename T> struct scan_arith { enum { ok = 0 }; typedef T type; };
#define SCAN_ARITH(T, U)                                                                            \
    template <> struct scan_arith<T> {                                                              \
        enum { ok = 1 };                                                                            \
        typedef U type;                                                                             \
    };
SCAN_ARITH(float, float)
SCAN_ARITH(double, double)
SCAN_ARITH(int8_t, uint8_t)
SCAN_ARITH(int16_t, uint16_t)
SCAN_ARITH(int32_t, uint32_t)
SCAN_ARITH(int64_t, uint64_t)
SCAN_ARITH(uint8_t, uint8_t)
SCAN_ARITH(uint16_t, uint16_t)
SCAN_ARITH(uint32_t, uint32_t)
SCAN_ARITH(uint64_t, uint64_t)
#undef SCAN_ARITH

template <typename T, typename Op> struct cub_scan_op {
    typedef T type;
    typedef Op op;
};
template <typename T> struct cub_scan_op<T, gp_red_sum> {
    typedef typename scan_arith<T>::type type;
    typedef typename cuda::std::conditional<scan_arith<T>::ok, cuda::std::plus<type>, gp_red_sum>::type op;
};
template <typename T> struct cub_scan_op<T, gp_red_prod> {
    /* 8- and 16-bit products keep gp_red_prod (on the unsigned type, whose gpi_mul multiplies
     * as unsigned int): the operands of the standard operator promote to int, where
     * 65535 * 65535 would overflow */
    typedef typename scan_arith<T>::type type;
    typedef typename cuda::std::conditional<scan_arith<T>::ok && sizeof(T) >= 4, cuda::std::multiplies<type>,
                                            gp_red_prod>::type op;
};

/* out[0..len) = inclusive scan of in[0..len) (contiguous), restarting every n elements when
 * segmented. */
template <typename U, typename UOp>
static void device_scan(const U *in, U *out, int64_t len, int64_t n, bool segmented)
{
    cudaStream_t s = rt_stream();
    size_t bytes = 0;
    void *tmp = NULL;
    if (!segmented) {
        CHECK_CUDA(cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, UOp(), len, s));
        tmp = gpu_malloc(bytes ? bytes : 1);
        CHECK_CUDA(cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, UOp(), len, s));
    } else {
        auto keys = thrust::make_transform_iterator(thrust::make_counting_iterator<int64_t>(0), line_of{n});
        CHECK_CUDA(cub::DeviceScan::InclusiveScanByKey(tmp, bytes, keys, in, out, UOp(), len,
                                                       key_eq(), s));
        tmp = gpu_malloc(bytes ? bytes : 1);
        CHECK_CUDA(cub::DeviceScan::InclusiveScanByKey(tmp, bytes, keys, in, out, UOp(), len,
                                                       key_eq(), s));
    }
    gpu_free(tmp);
}

/* Scans in (C-contiguous, outer × n × inner) into out, with U and UOp of cub_scan_op. */
template <typename U, typename UOp>
static void scan_contig_as(const U *in, U *out, int64_t outer, int64_t n, int64_t inner)
{
    if (outer * inner == 1 || inner == 1) {
        device_scan<U, UOp>(in, out, outer * n * inner, n, outer > 1);
    } else {
        scan_lines_kernel<U, UOp>
            <<<rt_grid_for(outer * inner, BLOCK), BLOCK, 0, rt_stream()>>>(in, out, outer, n, inner);
        rt_check_launch();
    }
}

/* Scans the C-contiguous array c (outer × n × inner) of T into the new C-contiguous array r. */
template <typename T, typename Op>
static void scan_contig(const gp_array *c, gp_array *r, int64_t outer, int64_t n, int64_t inner)
{
    typedef typename cub_scan_op<T, Op>::type U;
    static_assert(sizeof(U) == sizeof(T), "the scan type has the element's size");
    scan_contig_as<U, typename cub_scan_op<T, Op>::op>((const U *)c->data, (U *)r->data, outer, n, inner);
}

template <typename T>
static void scan_typed(const gp_array *c, gp_array *r, int op, int64_t outer, int64_t n, int64_t inner)
{
    switch (op) {
    case GP_SCAN_PROD: scan_contig<T, gp_red_prod>(c, r, outer, n, inner); break;
    case GP_SCAN_MAX: scan_contig<T, gp_red_max>(c, r, outer, n, inner); break;
    case GP_SCAN_MIN: scan_contig<T, gp_red_min>(c, r, outer, n, inner); break;
    default: scan_contig<T, gp_red_sum>(c, r, outer, n, inner);
    }
}

static void scan_dispatch(const gp_array *c, gp_array *r, int op, int64_t outer, int64_t n, int64_t inner)
{
    switch (c->dtype) {
    case GP_BOOL: scan_typed<bool>(c, r, op, outer, n, inner); break;
    case GP_INT8: scan_typed<int8_t>(c, r, op, outer, n, inner); break;
    case GP_INT16: scan_typed<int16_t>(c, r, op, outer, n, inner); break;
    case GP_INT32: scan_typed<int32_t>(c, r, op, outer, n, inner); break;
    case GP_INT64: scan_typed<int64_t>(c, r, op, outer, n, inner); break;
    case GP_UINT8: scan_typed<uint8_t>(c, r, op, outer, n, inner); break;
    case GP_UINT16: scan_typed<uint16_t>(c, r, op, outer, n, inner); break;
    case GP_UINT32: scan_typed<uint32_t>(c, r, op, outer, n, inner); break;
    case GP_UINT64: scan_typed<uint64_t>(c, r, op, outer, n, inner); break;
    case GP_FLOAT16: scan_typed<__half>(c, r, op, outer, n, inner); break;
    case GP_FLOAT32: scan_typed<float>(c, r, op, outer, n, inner); break;
    case GP_FLOAT64: scan_typed<double>(c, r, op, outer, n, inner); break;
    case GP_COMPLEX64: scan_typed<gp_c64>(c, r, op, outer, n, inner); break;
    case GP_COMPLEX128: scan_typed<gp_c128>(c, r, op, outer, n, inner); break;
    default: rt_raise("TypeError", "cumulative operation on an unsupported dtype");
    }
}

/* A C-contiguous array with a's contents: a new reference (a itself, retained, when it is). */
static gp_array *contiguous(const gp_array *a)
{
    if (rt_is_contiguous(a)) return rt_retain((gp_array *)a);
    return rt_copy(a);
}

extern "C" gp_array *rt_scan(const gp_array *x, int op, int axis)
{
    if (axis < 0) {
        /* flattened: the C-order elements as one line */
        gp_array *c = contiguous(x);
        const int64_t len = c->size;
        gp_array *r = rt_empty(c->dtype, 1, &len);
        if (len > 0) scan_dispatch(c, r, op, 1, len, 1);
        rt_release(c);
        return r;
    }
    int64_t outer = 1, inner = 1, n = x->shape[axis];
    for (int d = 0; d < axis; d++) outer *= x->shape[d];
    for (int d = axis + 1; d < x->ndim; d++) inner *= x->shape[d];
    if (x->size == 0) return rt_empty(x->dtype, x->ndim, x->shape);
    if (inner == 1 || outer * inner == 1 || outer * inner >= LINES_PER_THREAD_MIN) {
        gp_array *c = contiguous(x);
        gp_array *r = rt_empty(c->dtype, c->ndim, c->shape);
        scan_dispatch(c, r, op, outer, n, inner);
        rt_release(c);
        return r;
    }
    /* few long strided lines: scan with the axis moved last, then move it back */
    int perm[GP_MAXDIM], back[GP_MAXDIM], k = 0;
    for (int d = 0; d < x->ndim; d++)
        if (d != axis) perm[k++] = d;
    perm[k] = axis;
    for (int d = 0; d < x->ndim; d++) back[perm[d]] = d;
    gp_array *t = rt_transpose(x, perm);
    gp_array *c = rt_copy(t);
    gp_array *rt = rt_empty(c->dtype, c->ndim, c->shape);
    scan_dispatch(c, rt, op, outer * inner, n, 1);
    gp_array *v = rt_transpose(rt, back);
    gp_array *r = rt_copy(v);
    rt_release(v);
    rt_release(rt);
    rt_release(c);
    rt_release(t);
    return r;
}
