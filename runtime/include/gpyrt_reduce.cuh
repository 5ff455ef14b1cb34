/*
 * gpyrt_reduce.cuh — the reductions' part of gpyrt_device.cuh, which includes it (generated code
 * and the runtime include gpyrt_device.cuh only): the combiners and identities that red.def
 * names, the index and NaN-skipping reductions, and the helpers of reduction kernels (a
 * warp-shuffle block reduce, in device code).
 */
#ifndef GPYRT_REDUCE_CUH
#define GPYRT_REDUCE_CUH

/* ================================================================ reductions
 * Combiners for gp_block_reduce and thread-local accumulation, and their identities.
 * max/min propagate NaN (NumPy); the accumulator type is chosen by the code generator
 * (float for float16, the result dtype otherwise).                                          */
struct gp_red_sum { template<typename T> GP_HD T operator()(const T &a, const T &b) const { return gpi_add(a, b); } };
struct gp_red_prod { template<typename T> GP_HD T operator()(const T &a, const T &b) const { return gpi_mul(a, b); } };
struct gp_red_max { template<typename T> GP_HD T operator()(const T &a, const T &b) const { return gpi_maximum(a, b); } };
struct gp_red_min { template<typename T> GP_HD T operator()(const T &a, const T &b) const { return gpi_minimum(a, b); } };
struct gp_red_any { GP_HD bool operator()(const bool &a, const bool &b) const { return a || b; } };
struct gp_red_all { GP_HD bool operator()(const bool &a, const bool &b) const { return a && b; } };

template<typename T> GP_HD T gp_ident_sum() { return gp_cast<T>(0); }
template<typename T> GP_HD T gp_ident_prod() { return gp_cast<T>(1); }
template<typename T> GP_HD T gp_ident_max() { return gp_lowest<T>(); }
template<typename T> GP_HD T gp_ident_min() { return gp_highest<T>(); }

/* x / n for the mean (n may be 0: NaN as NumPy, no warning printed). */
template<typename T> GP_HD T gp_mean_div(T x, int64_t n) { return gpi_truediv(x, gp_cast<T>(n)); }

/* The final value of a reduction: the mean divides by the number of reduced elements. */
#ifdef __CUDACC__
/* A sibling-reduction kernel's 8-byte partial cells (codegen/kernels/siblings.c). */
template<typename T> __device__ __forceinline__ void gp_sib_put(unsigned long long *c, T v) { memcpy(c, &v, sizeof(T)); }
template<typename T> __device__ __forceinline__ T gp_sib_get(const unsigned long long *c)
{
    T v;
    memcpy(&v, c, sizeof(T));
    return v;
}
#endif

template<bool MEAN> struct gp_red_fin {
    template<typename AT> static GP_HD AT f(AT a, int64_t) { return a; }
};
template<> struct gp_red_fin<true> {
    template<typename AT> static GP_HD AT f(AT a, int64_t n) { return gp_mean_div<AT>(a, n); }
};

/* a[i] for an array inside a kernel parameter (gp_shape::dim, gp_kin::st), i known only at
 * run time (a negative i gives a[0]).  Read at constant indices and selected: a run-time index
 * into a parameter that a device function reaches by reference makes nvcc copy the whole
 * parameter to local memory in every thread, before any work (W2's kernel: 328 bytes a thread;
 * with one thread per element that was 6x the kernel's own memory traffic).  Loops over
 * dimensions in generated device functions unroll over GP_MAXDIM for the same reason. */
template<typename T, int N> __device__ __forceinline__ T gp_at(const T (&a)[N], int i)
{
    T r = a[0];
#pragma unroll
    for (int k = 1; k < N; k++) r = i == k ? a[k] : r;
    return r;
}

/* r % d, leaving r / d in r: index arithmetic of reduction kernels (r >= 0, d > 0).  32-bit
 * division when both fit — a few instructions against the ~70 of the emulated 64-bit one,
 * which made a 10^6 x 16 reduction over a last axis of 2 compute-bound (W5's distances). */
__device__ __forceinline__ int64_t gp_divmod(int64_t &r, int64_t d)
{
    if ((uint64_t)(r | d) <= 0xffffffffull) {
        const uint32_t q = (uint32_t)r / (uint32_t)d, m = (uint32_t)r - q * (uint32_t)d;
        r = q;
        return m;
    }
    const int64_t q = r / d, m = r - q * d;
    r = q;
    return m;
}

/* r / s.dim[d] in an elementwise kernel's index arithmetic (codegen/kernels/ewise.c): the
 * 32-bit path (s.size < 2^31) multiplies by rt_ew_mode's reciprocal instead of dividing
 * (two instructions against the ~20 of a 32-bit division, and a quarter of ptxas's time on
 * kernels with strided operands); the 64-bit path divides. */
template<typename IT> __device__ __forceinline__ IT gp_dim_div(IT r, const gp_shape &s, int d)
{
    return r / (IT)s.dim[d];
}
template<> __device__ __forceinline__ uint32_t gp_dim_div<uint32_t>(uint32_t r, const gp_shape &s, int d)
{
    return (uint32_t)(((uint64_t)r * s.dmul[d]) >> s.dshr[d]);
}

#ifdef __CUDACC__
/* v of lane (laneid ^ m) of the warp, for any trivially copyable T (shuffled 32 bits at a
 * time: complex, (value, index) pairs, __half, bool). */
template<typename T> __device__ inline T gp_shfl_xor(T v, int m)
{
    enum { W = (sizeof(T) + 3) / 4 };
    unsigned w[W] = {};
    memcpy(w, &v, sizeof(T));
#pragma unroll
    for (int i = 0; i < W; i++) w[i] = __shfl_xor_sync(0xffffffffu, w[i], m);
    T r;
    memcpy(&r, w, sizeof(T));
    return r;
}

/* Reduces v over the warp with op (commutative, as every combiner here); every lane gets the
 * same value: a butterfly, lane l combining op(own, lane l ^ d) for d = 16, 8 .. 1 — a fixed
 * tree, so the same inputs give the same bits on every run. */
template<typename T, typename Op> __device__ inline T gp_warp_reduce(T v, Op op)
{
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) v = op(v, gp_shfl_xor(v, d));
    return v;
}

/* Reduces v over the block (blockDim.x == BLOCK, a multiple of 32) with op; the result is valid
 * in thread 0: each warp reduces (gp_warp_reduce), thread 0 combines the warps' values in warp
 * order — deterministic.  Two barriers; the last lets the next call (of the same T and BLOCK,
 * which shares this storage) overwrite it. */
template<typename T, int BLOCK, typename Op> __device__ inline T gp_block_reduce(T v, Op op)
{
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "gp_block_reduce: BLOCK is whole warps");
    __shared__ __align__(16) unsigned char raw[BLOCK / 32 * sizeof(T)];
    T *const sh = (T *)raw;
    v = gp_warp_reduce(v, op);
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
#pragma unroll
        for (int w = 1; w < BLOCK / 32; w++) v = op(v, sh[w]);
    }
    __syncthreads();
    return v;
}

/* Reduces v over the block (blockDim.x == BLOCK) with op; every thread gets the result, the
 * same in all (a butterfly within warps — op is commutative — then each thread combines the
 * warps' values in order).  sh: BLOCK/32 values of shared memory, which a block may reuse only
 * after another barrier (row chains alternate two buffers by row). One barrier. */
template<typename T, int BLOCK, typename Op> __device__ inline T gp_block_allreduce(T v, Op op, T *sh)
{
    v = gp_warp_reduce(v, op);
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
    __syncthreads();
    T r = sh[0];
#pragma unroll
    for (int w = 1; w < BLOCK / 32; w++) r = op(r, sh[w]);
    return r;
}

/* Column modes' second pass: a block takes 32 adjacent outputs, its 8 warps a slice of their
 * partials each (part[k*nout + o], read coalesced), combined in shared memory in a fixed
 * order; store(o, acc) writes the result.  Needs blockDim.x == 256. */
template<typename AT, typename Op, typename Store>
__device__ inline void gp_finish_cols(const AT *part, int64_t split, int64_t nout, AT ident, Store store)
{
    __shared__ __align__(16) unsigned char raw[8 * 32 * sizeof(AT)];
    AT *const sh = (AT *)raw;
    const int lane = threadIdx.x & 31, ks = threadIdx.x >> 5;
    for (int64_t ob = (int64_t)blockIdx.x * 32; ob < nout; ob += (int64_t)gridDim.x * 32) {
        const int64_t o = ob + lane;
        AT acc = ident;
        if (o < nout) {
            /* eight loads in flight before their combines; one at a time, each warp of W3's
             * column sums (a split of 64) waited for 8 trips to memory in turn */
            int64_t k = ks;
            for (; k + 7 * 8 < split; k += 8 * 8) {
                AT v[8];
#pragma unroll
                for (int i = 0; i < 8; i++) v[i] = part[(k + 8 * i) * nout + o];
#pragma unroll
                for (int i = 0; i < 8; i++) acc = Op()(acc, v[i]);
            }
            for (; k < split; k += 8) acc = Op()(acc, part[k * nout + o]);
        }
        sh[ks * 32 + lane] = acc;
        __syncthreads();
        if (ks == 0 && o < nout) {
            for (int q = 1; q < 8; q++) acc = Op()(acc, sh[q * 32 + lane]);
            store(o, acc);
        }
        __syncthreads();
    }
}

/* Second pass of a split reduction (the body of a generated <name>_fin kernel, launched with
 * 256 threads): out[o] = fin(combine of o's split partials).  Rows mode
 * (by_col false) leaves them at part[o*split .. o*split+split-1], a block combines them;
 * column modes at part[k*nout + o] (adjacent threads write adjacent partials), combined by
 * gp_finish_cols (launched with nout * 8 threads). */
template<typename AT, typename RT, typename Op, bool MEAN>
__device__ __forceinline__ void gp_reduce_finish(const AT *part, int64_t split, RT *out,
                                                        int64_t nout, int64_t nin, AT ident, bool by_col)
{
    if (by_col) {
        gp_finish_cols<AT, Op>(part, split, nout, ident,
                               [=](int64_t o, AT acc) { out[o] = gp_cast<RT>(gp_red_fin<MEAN>::f(acc, nin)); });
        return;
    }
    for (int64_t o = blockIdx.x; o < nout; o += gridDim.x) {
        AT acc = ident;
        for (int64_t k = threadIdx.x; k < split; k += blockDim.x) acc = Op()(acc, part[o * split + k]);
        acc = gp_block_reduce<AT, 256>(acc, Op());
        if (threadIdx.x == 0) out[o] = gp_cast<RT>(gp_red_fin<MEAN>::f(acc, nin));
    }
}
#endif

/* ================================================================ reductions: argmax/argmin, nanmax/nanmin
 * (compiler/lower/api/reduce.c, codegen/kernels/reduce.c).  An index reduction accumulates a (value,
 * index) pair; the index is the element's C-order position in the reduced range.  The
 * combiners are commutative and associative (ties go to the smaller index), so thread-local
 * loops, gp_block_reduce and split partials may combine in any order.                      */
template<typename T> struct gp_argacc { T v; int64_t i; };

/* argmax (MAX) or argmin.  NumPy: the first extreme; a NaN is the extreme (the first NaN);
 * NANSKIP (nanargmax): NaNs lose to every number, so an all-NaN range keeps the identity. */
template<bool MAX, bool NANSKIP> struct gp_red_arg {
    template<typename T>
    GP_HD gp_argacc<T> operator()(const gp_argacc<T> &a, const gp_argacc<T> &b) const
    {
        const bool na = gpi_isnan(a.v), nb = gpi_isnan(b.v);
        if (na || nb) {
            if (na && nb) return a.i <= b.i ? a : b;
            if (NANSKIP) return na ? b : a;
            return na ? a : b;
        }
        if (MAX ? gpi_lt(b.v, a.v) : gpi_lt(a.v, b.v)) return a;
        if (MAX ? gpi_lt(a.v, b.v) : gpi_lt(b.v, a.v)) return b;
        return a.i <= b.i ? a : b;
    }
};
/* The identity: the weakest value at an index past every real one. */
template<typename T, bool MAX> GP_HD gp_argacc<T> gp_ident_arg()
{
    gp_argacc<T> r;
    r.v = MAX ? gp_lowest<T>() : gp_highest<T>();
    r.i = INT64_MAX;
    return r;
}
/* The result: the index, or -1 when the range held no candidate (nanargmax of all NaN). */
template<typename T> GP_HD int64_t gp_arg_index(const gp_argacc<T> &a) { return a.i == INT64_MAX ? -1 : a.i; }

/* nanmax / nanmin (NumPy's fmax / fmin reductions): a NaN operand loses; identity NaN for
 * floats, so an all-NaN range gives NaN; integers behave as max / min. */
struct gp_red_nanmax {
    template<typename T> GP_HD T operator()(const T &a, const T &b) const
    {
        return gpi_isnan(a) ? b : gpi_isnan(b) ? a : gpi_maximum(a, b);
    }
};
struct gp_red_nanmin {
    template<typename T> GP_HD T operator()(const T &a, const T &b) const
    {
        return gpi_isnan(a) ? b : gpi_isnan(b) ? a : gpi_minimum(a, b);
    }
};
template<typename T> struct gp_nan_ident { static GP_HD T max() { return gp_lowest<T>(); } static GP_HD T min() { return gp_highest<T>(); } };
#define GP_NAN_IDENT(T, V)                                                                 \
    template<> struct gp_nan_ident<T> { static GP_HD T max() { return V; } static GP_HD T min() { return V; } };
GP_NAN_IDENT(float, (float)NAN)
GP_NAN_IDENT(double, (double)NAN)
GP_NAN_IDENT(gp_c64, (gp_c64{(float)NAN, 0.0f}))
GP_NAN_IDENT(gp_c128, (gp_c128{(double)NAN, 0.0}))
#undef GP_NAN_IDENT
template<typename T> GP_HD T gp_ident_nanmax() { return gp_nan_ident<T>::max(); }
template<typename T> GP_HD T gp_ident_nanmin() { return gp_nan_ident<T>::min(); }

#ifdef __CUDACC__
/* Second pass of a split index reduction: out[o] = index of the combine of o's partials, laid
 * out as for gp_reduce_finish. */
template<typename AT, typename Op>
__device__ __forceinline__ void gp_argreduce_finish(const AT *part, int64_t split, int64_t *out,
                                                           int64_t nout, AT ident, bool by_col)
{
    if (by_col) {
        gp_finish_cols<AT, Op>(part, split, nout, ident, [=](int64_t o, AT acc) { out[o] = gp_arg_index(acc); });
        return;
    }
    for (int64_t o = blockIdx.x; o < nout; o += gridDim.x) {
        AT acc = ident;
        for (int64_t k = threadIdx.x; k < split; k += blockDim.x) acc = Op()(acc, part[o * split + k]);
        acc = gp_block_reduce<AT, 256>(acc, Op());
        if (threadIdx.x == 0) out[o] = gp_arg_index(acc);
    }
}
#endif

/* ValueError of an index reduction over an empty range (NumPy: "attempt to get argmax of an
 * empty sequence"). */
static inline void rt_argreduce_check_nonempty(const gp_rshape *rs, const char *name)
{
    if (rs->nin == 0) rt_raise("ValueError", "attempt to get %s of an empty sequence", name);
}

#endif
