/*
 * views.c — broadcasting, the kernels' view of arrays (gp_kin, gp_rkin), reductions' split
 * of an iteration shape, and views: basic indexing, reshape, transpose, broadcast_to,
 * as_strided.
 *
 * Pure host logic: nothing here touches the GPU except rt_reshape of a non-contiguous array
 * that cannot be viewed (a copy).  Launch grids are in launch.c, the stream and the per-stream
 * library handles in streams.c.
 * Invariants: shapes never hold negative dims; byte strides may be zero or negative; a view's
 * data pointer is the address of its element [0, ..., 0] even when it is empty (NumPy puts an
 * empty slice at its start with offset 0, and so do we).  Error messages are NumPy's, byte for
 * byte, including NumPy's compact shape form "(2,3)" in broadcasting and reshape errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---------------------------------------------------------------- shapes */

void rt_shape_fmt(char *buf, size_t cap, int ndim, const int64_t *shape, bool compact)
{
    size_t n = 0;
    if (cap == 0)
        return;
    buf[0] = 0;
#define PUT(...) \
    do { if (n < cap) n += (size_t)snprintf(buf + n, cap - n, __VA_ARGS__); } while (0)
    int first = 0;
    if (compact)   /* NumPy drops leading unknown (-1) dims from the shape it prints */
        while (first < ndim && shape[first] < 0)
            first++;
    PUT("(");
    for (int i = first; i < ndim; i++) {
        if (i > first)
            PUT(compact ? "," : ", ");
        if (shape[i] < 0 && compact)
            PUT("newaxis");   /* NumPy's reshape error spells an unknown dimension so */
        else
            PUT("%lld", (long long)shape[i]);
    }
    PUT(ndim == 1 && first == 0 ? ",)" : ")");
#undef PUT
}

void rt_c_strides(int ndim, const int64_t *shape, size_t itemsize, int64_t *strides)
{
    int64_t st = (int64_t)itemsize;
    for (int i = ndim - 1; i >= 0; i--) {
        strides[i] = st;
        st *= shape[i] > 0 ? shape[i] : 1;
    }
}

gp_shape rt_shape_of(const gp_array *a)
{
    gp_shape s;
    memset(&s, 0, sizeof s);
    s.ndim = a->ndim;
    s.size = a->size;
    for (int i = 0; i < a->ndim; i++)
        s.dim[i] = a->shape[i];
    return s;
}

gp_shape rt_shape_make(int ndim, const int64_t *dims)
{
    gp_shape s;
    memset(&s, 0, sizeof s);
    if (ndim < 0 || ndim > GP_MAXDIM)
        rt_raise("ValueError", "maximum supported dimension for an ndarray is currently %d, "
                 "found %d", GP_MAXDIM, ndim);
    s.ndim = ndim;
    s.size = 1;
    for (int i = 0; i < ndim; i++) {
        if (dims[i] < 0)
            rt_raise("ValueError", "negative dimensions are not allowed");
        s.dim[i] = dims[i];
        s.size *= dims[i];
    }
    return s;
}

/* Division by d as a multiply and shift, for dividends n < 2^31 and 1 <= d < 2^31
 * (Granlund and Montgomery's round-up method): with l = ceil(log2 d), p = 31 + l and
 * m = ceil(2^p / d) < 2^32, the error e = m*d - 2^p < d makes n*e < 2^31 * 2^l = 2^p, so
 * floor(n*m / 2^p) == floor(n / d). */
int rt_ew_mode(gp_shape *s, bool fast)
{
    int mode = fast ? 1 : 0;
    if (s->size > INT32_MAX)
        return mode;
    for (int d = 0; d < s->ndim; d++) {
        const int64_t dd = s->dim[d];
        s->dmul[d] = 0;
        s->dshr[d] = 0;
        if (dd < 1 || dd > INT32_MAX)
            continue;   /* an empty shape: no index is ever divided */
        int l = 0;
        while ((INT64_C(1) << l) < dd)
            l++;
        const uint64_t two_p = UINT64_C(1) << (31 + l);
        s->dmul[d] = (uint32_t)((two_p + (uint64_t)dd - 1) / (uint64_t)dd);
        s->dshr[d] = (uint8_t)(31 + l);
    }
    return mode | 2;
}

/* ---------------------------------------------------------------- broadcasting */

/* NumPy's ufunc rule: right-align; each dim is 1 or the common size.
 * Error: "operands could not be broadcast together with shapes (3,) (4,) ". */
void rt_broadcast(gp_shape *out, int n, const gp_array *const *arrs)
{
    int nd = 0;
    for (int k = 0; k < n; k++)
        if (arrs[k] && arrs[k]->ndim > nd)
            nd = arrs[k]->ndim;
    int64_t dim[GP_MAXDIM];
    for (int i = 0; i < nd; i++)
        dim[i] = 1;
    bool ok = true;
    for (int k = 0; k < n && ok; k++) {
        const gp_array *a = arrs[k];
        if (!a)
            continue;
        for (int i = 0; i < a->ndim; i++) {
            int j = nd - a->ndim + i;
            int64_t d = a->shape[i];
            if (d == dim[j] || d == 1)
                continue;
            if (dim[j] == 1)
                dim[j] = d;
            else
                ok = false;
        }
    }
    if (!ok) {
        char msg[1024], sh[160];
        size_t len = (size_t)snprintf(msg, sizeof msg,
                                      "operands could not be broadcast together with shapes ");
        for (int k = 0; k < n; k++) {
            if (!arrs[k])
                continue;
            rt_shape_fmt(sh, sizeof sh, arrs[k]->ndim, arrs[k]->shape, true);
            if (len < sizeof msg)
                len += (size_t)snprintf(msg + len, sizeof msg - len, "%s ", sh);
        }
        rt_raise("ValueError", "%s", msg);
    }
    *out = rt_shape_make(nd, dim);
}

gp_kin rt_kin(const gp_array *a, const gp_shape *s)
{
    gp_kin k;
    memset(&k, 0, sizeof k);
    k.data = a->data;
    int lead = s->ndim - a->ndim;
    for (int i = 0; i < s->ndim; i++) {
        int j = i - lead;
        k.st[i] = (j < 0 || a->shape[j] == 1) ? 0 : a->strides[j];
    }
    return k;
}

/* True when k reads an array of `itemsize` bytes as C-contiguous over s, or reads one element
 * everywhere (all strides 0 along dimensions of size > 1).  Then the byte offset of linear
 * index i is i * k->st[last]; st[last] (free when the last dimension has size 1) is set to
 * that step here. */
static bool kin_fast(gp_kin *k, const gp_shape *s, int64_t itemsize)
{
    bool contig = true, zero = true;
    int64_t expect = itemsize;
    for (int d = s->ndim - 1; d >= 0; d--) {
        if (s->dim[d] != 1) {
            if (k->st[d] != expect)
                contig = false;
            if (k->st[d] != 0)
                zero = false;
        }
        expect *= s->dim[d];
    }
    if (s->ndim > 0 && (contig || zero))
        k->st[s->ndim - 1] = contig ? itemsize : 0;
    return contig || zero;
}

/* Merges the dimensions of s that every k[0..n) walks alike (st[d-1] == st[d] * dim[d]) and
 * drops those of size 1, as NumPy's iterator does: a contiguous 3-D array becomes 1-D and a
 * slice of rows 2-D, so the kernel's index arithmetic divides once per remaining dimension. */
static void ew_coalesce(gp_shape *s, gp_kin *k, int n)
{
    int nd = 0;
    for (int d = 0; d < s->ndim; d++) {
        if (s->dim[d] == 1)
            continue;
        bool merge = nd > 0;
        for (int j = 0; j < n && merge; j++)
            merge = k[j].st[nd - 1] == k[j].st[d] * s->dim[d];
        if (merge) {
            s->dim[nd - 1] *= s->dim[d];
            for (int j = 0; j < n; j++)
                k[j].st[nd - 1] = k[j].st[d];
            continue;
        }
        s->dim[nd] = s->dim[d];
        for (int j = 0; j < n; j++)
            k[j].st[nd] = k[j].st[d];
        nd++;
    }
    for (int d = nd; d < GP_MAXDIM; d++) {
        if (d < s->ndim)
            s->dim[d] = 1;
        for (int j = 0; j < n; j++)
            k[j].st[d] = 0;
    }
    s->ndim = nd;
}

/* For the vector path, after kin_fast: k reads one element everywhere, or its data is
 * aligned to `bytes` (the 16-byte access of V elements). */
static bool kin_aligned(const gp_kin *k, const gp_shape *s, int64_t bytes)
{
    if (s->ndim == 0 || k->st[s->ndim - 1] == 0)
        return true;
    return ((uintptr_t)k->data % (uintptr_t)bytes) == 0;
}

int rt_ew_setup(gp_shape *s, int n, const gp_array *const *arr, const uint8_t *itemsize, gp_kin *k,
                bool coalesce, int vec)
{
    for (int i = 0; i < n; i++)
        k[i] = rt_kin(arr[i], s);
    if (coalesce)
        ew_coalesce(s, k, n);
    bool fast = true;
    for (int i = 0; i < n; i++)
        fast = kin_fast(&k[i], s, itemsize[i]) && fast;   /* each sets its step */
    int mode = rt_ew_mode(s, fast);
    if (vec > 1 && mode == 3) {
        bool aligned = true;
        for (int i = 0; i < n && aligned; i++)
            aligned = kin_aligned(&k[i], s, (int64_t)vec * itemsize[i]);
        if (aligned)
            mode |= 4;
    }
    return mode;
}

/* ---------------------------------------------------------------- reductions */

/* reduced[i]: whether axis i of an ndim-shape is reduced (naxes == 0: all). */
static void reduced_mask(int ndim, int naxes, const int *axes, bool *reduced)
{
    for (int i = 0; i < ndim; i++)
        reduced[i] = naxes == 0;
    for (int k = 0; k < naxes; k++)
        if (axes[k] >= 0 && axes[k] < ndim)
            reduced[axes[k]] = true;
}

void rt_reduce_setup(const gp_shape *s, int naxes, const int *axes, bool keepdims,
                     gp_rshape *rs, gp_shape *out)
{
    bool reduced[GP_MAXDIM];
    reduced_mask(s->ndim, naxes, axes, reduced);
    memset(rs, 0, sizeof *rs);
    rs->nout = rs->nin = 1;
    int64_t odims[GP_MAXDIM];
    int ond = 0;
    for (int i = 0; i < s->ndim; i++) {
        if (reduced[i]) {
            rs->idim[rs->ind++] = s->dim[i];
            rs->nin *= s->dim[i];
            if (keepdims)
                odims[ond++] = 1;
        } else {
            rs->odim[rs->ond++] = s->dim[i];
            rs->nout *= s->dim[i];
            odims[ond++] = s->dim[i];
        }
    }
    *out = rt_shape_make(ond, odims);
}

gp_rkin rt_rkin(const gp_array *a, const gp_shape *s, int naxes, const int *axes)
{
    bool reduced[GP_MAXDIM];
    reduced_mask(s->ndim, naxes, axes, reduced);
    gp_kin k = rt_kin(a, s);
    gp_rkin r;
    memset(&r, 0, sizeof r);
    r.data = k.data;
    int o = 0, in = 0;
    for (int i = 0; i < s->ndim; i++) {
        if (reduced[i])
            r.ist[in++] = k.st[i];
        else
            r.ost[o++] = k.st[i];
    }
    return r;
}

/* Merges kept dimensions among themselves and reduced ones among themselves (C order within
 * each is unchanged, so argmax's index in the reduced range is too), dropping those of size 1:
 * rt_ew_setup's merge for one side (inner: the reduced strides) of every k[0..n). */
static int red_merge(int nd, int64_t *dim, gp_rkin *k, int n, bool inner)
{
    int m = 0;
    for (int d = 0; d < nd; d++) {
        if (dim[d] == 1)
            continue;
        bool merge = m > 0;
        for (int j = 0; j < n && merge; j++) {
            const int64_t *st = inner ? k[j].ist : k[j].ost;
            merge = st[m - 1] == st[d] * dim[d];
        }
        for (int j = 0; j < n; j++) {
            int64_t *st = inner ? k[j].ist : k[j].ost;
            st[merge ? m - 1 : m] = st[d];
        }
        if (merge) {
            dim[m - 1] *= dim[d];
        } else {
            dim[m] = dim[d];
            m++;
        }
    }
    for (int d = m; d < GP_MAXDIM; d++) {
        if (d < nd)
            dim[d] = 1;
        for (int j = 0; j < n; j++)
            (inner ? k[j].ist : k[j].ost)[d] = 0;
    }
    return m;
}

/* Rows mode's vector path: k's reduced dimension is contiguous (rs.ind == 1) and every row
 * starts `bytes`-aligned. */
static bool rkin_vec(const gp_rkin *k, const gp_rshape *rs, int64_t itemsize, int64_t bytes)
{
    if (rs->ind != 1 || k->ist[0] != itemsize || ((uintptr_t)k->data % (uintptr_t)bytes) != 0)
        return false;
    for (int d = 0; d < rs->ond; d++)
        if (k->ost[d] % bytes != 0)
            return false;
    return true;
}

/* Column mode's vector path for k: each thread takes V adjacent outputs (the innermost output
 * dimension, a multiple of V) and loads them as one `bytes`-wide vector per reduced element:
 * k walks that output dimension contiguously (or not at all: stride 0, one element loaded and
 * repeated) and every such vector is `bytes`-aligned. */
static bool rkin_colvec(const gp_rkin *k, const gp_rshape *rs, int64_t itemsize, int64_t bytes, int V)
{
    if (rs->ond == 0 || rs->odim[rs->ond - 1] % V != 0)
        return false;
    const int64_t so = k->ost[rs->ond - 1];
    if (so == 0)
        return true;
    if (so != itemsize || ((uintptr_t)k->data % (uintptr_t)bytes) != 0)
        return false;
    for (int d = 0; d < rs->ond - 1; d++)
        if (k->ost[d] % bytes != 0)
            return false;
    for (int d = 0; d < rs->ind; d++)
        if (k->ist[d] % bytes != 0)
            return false;
    return true;
}

/* The column mode of reduction kernels (one thread per output) pays when outputs are adjacent
 * in memory and reduced elements are not: the innermost kept stride of the first input is
 * smaller than its innermost reduced stride (sum(x, axis=0) of a C-contiguous x).  From 16
 * outputs on, a warp's loads of one row span whole 32-byte sectors (rows mode would read one
 * element per row and sector).  It also pays for many short reduced ranges whatever the
 * layout (argmin over 16 clusters of 10^6 points, a sum over a last axis of 2): a block per
 * output would leave most of its 256 threads idle and pay a block reduction per few elements;
 * a thread per output reads its short row alone (the rows of a warp share cache lines). */
static bool reduce_col(const gp_rshape *rs, const gp_rkin *k)
{
    if (rs->ond == 0 || rs->ind == 0)
        return false;
    if (rs->nin <= 64 && rs->nout >= 4096)
        return true;
    if (rs->nout < 16)
        return false;
    int64_t so = k->ost[rs->ond - 1], si = k->ist[rs->ind - 1];
    if (so < 0)
        so = -so;
    if (si < 0)
        si = -si;
    return so < si;
}

/* How many parts an output's reduced range is split into (partials combined by
 * gp_reduce_finish).  Rows mode: 1 unless the range is long and there are few outputs (a full
 * sum of 10^7 elements would otherwise run on one SM): at most ~2048 blocks in all, each over
 * at least 4K elements (16 per thread), so that a full reduction of 10^6 elements already
 * spreads over ~250 blocks (every SM of a large GPU) and a 10^6 x 2 column sum over ~500.
 * col: 0 rows mode, 1 column mode, V > 1 column vectors.  Column modes: enough threads to fill
 * the GPU (~256K, or ~128K taking V outputs each), each over at least 32 elements. */
static int64_t reduce_split(const gp_rshape *rs, int col)
{
    int64_t s, cap;
    if (col) {
        /* col > 1: each thread loads col adjacent outputs at once, so half as many threads
         * (each moving col times the bytes) keep as many loads in flight */
        const int64_t groups = rs->nout / col, target = col > 1 ? 131072 : 262144;
        s = (target + groups - 1) / groups;
        cap = rs->nin / 32;
    } else {
        if (rs->nin < 8192 || rs->nout >= 256)
            return 1;
        s = (rs->nin + 4095) / 4096;
        cap = 2048 / rs->nout;
    }
    if (cap < 1)
        cap = 1;
    if (s < 1)
        s = 1;
    return s < cap ? s : cap;
}

int64_t rt_red_setup(gp_rshape *rs, const gp_shape *s, int naxes, const int *axes, int n,
                     const gp_array *const *arr, const uint8_t *itemsize, gp_rkin *k, int colmode,
                     int V, int *col, bool *vec)
{
    for (int i = 0; i < n; i++)
        k[i] = rt_rkin(arr[i], s, naxes, axes);
    int c = 0;
    if (n > 0) {
        if (rs->nin != 0 && rs->nout != 0) {
            rs->ond = red_merge(rs->ond, rs->odim, k, n, false);
            rs->ind = red_merge(rs->ind, rs->idim, k, n, true);
        }
        if (colmode >= 1 && reduce_col(rs, &k[0])) {
            c = 1;
            bool cv = colmode == 2;
            for (int i = 0; i < n && cv; i++)
                cv = rkin_colvec(&k[i], rs, itemsize[i], (int64_t)V * itemsize[i], V);
            if (cv)
                c = V;
        }
    }
    bool v = V > 1 && c == 0 && rs->ind == 1;
    for (int i = 0; i < n && v; i++)
        v = rkin_vec(&k[i], rs, itemsize[i], (int64_t)V * itemsize[i]);
    *col = c;
    *vec = v;
    return reduce_split(rs, c);
}

void rt_reduce_check_nonempty(const gp_rshape *rs, const char *opname)
{
    if (rs->nin == 0)
        rt_raise("ValueError", "zero-size array to reduction operation %s which has no identity",
                 opname);
}

/* ---------------------------------------------------------------- basic indexing */

/* Python's slice.indices(len): clamps start/stop; returns the number of elements. */
static int64_t slice_resolve(const gp_index *ix, int64_t len, int64_t *start)
{
    int64_t step = ix->step;
    int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? len : len - 1;
    int64_t b, e;
    if (ix->has_start) {
        b = ix->start;
        if (b < 0) {
            b += len;
            if (b < lower)
                b = lower;
        } else if (b > upper) {
            b = upper;
        }
    } else {
        b = step > 0 ? lower : upper;
    }
    if (ix->has_stop) {
        e = ix->stop;
        if (e < 0) {
            e += len;
            if (e < lower)
                e = lower;
        } else if (e > upper) {
            e = upper;
        }
    } else {
        e = step > 0 ? upper : lower;
    }
    *start = b;
    if (step > 0)
        return b < e ? (e - b - 1) / step + 1 : 0;
    return e < b ? (b - e - 1) / (-step) + 1 : 0;
}

gp_array *rt_index(const gp_array *a, int n, const gp_index *ix)
{
    int consumed = 0, newaxes = 0;
    bool ellipsis = false;
    for (int k = 0; k < n; k++) {
        switch (ix[k].kind) {
        case GP_IDX_INT:
        case GP_IDX_SLICE: consumed++; break;
        case GP_IDX_NEWAXIS: newaxes++; break;
        case GP_IDX_ELLIPSIS:
            if (ellipsis)
                rt_raise("IndexError", "an index can only have a single ellipsis ('...')");
            ellipsis = true;
            break;
        }
    }
    if (consumed > a->ndim)
        rt_raise("IndexError", "too many indices for array: array is %d-dimensional, but %d "
                 "were indexed", a->ndim, consumed);
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    int ond = 0;
    int ax = 0;   /* next axis of a */
    char *data = a->data;
#define PUSH(sz, st)                                                                          \
    do {                                                                                      \
        if (ond >= GP_MAXDIM)                                                                 \
            rt_raise("IndexError", "gpyc supports arrays of at most %d dimensions", GP_MAXDIM); \
        shape[ond] = (sz);                                                                    \
        strides[ond] = (st);                                                                  \
        ond++;                                                                                \
    } while (0)
    for (int k = 0; k < n; k++) {
        const gp_index *x = &ix[k];
        switch (x->kind) {
        case GP_IDX_INT: {
            int64_t len = a->shape[ax], i = x->i;
            if (i < 0 ? i < -len : i >= len)
                rt_raise("IndexError", "index %lld is out of bounds for axis %d with size %lld",
                         (long long)i, ax, (long long)len);
            if (i < 0)
                i += len;
            data += i * a->strides[ax];
            ax++;
            break;
        }
        case GP_IDX_SLICE: {
            int64_t start;
            int64_t len = slice_resolve(x, a->shape[ax], &start);
            if (len == 0)
                PUSH(0, a->strides[ax]);   /* NumPy: an empty slice starts at 0 with step 1 */
            else {
                data += start * a->strides[ax];
                PUSH(len, a->strides[ax] * x->step);
            }
            ax++;
            break;
        }
        case GP_IDX_NEWAXIS:
            PUSH(1, 0);
            break;
        case GP_IDX_ELLIPSIS:
            for (int m = a->ndim - consumed; m > 0; m--, ax++)
                PUSH(a->shape[ax], a->strides[ax]);
            break;
        }
    }
    for (; ax < a->ndim; ax++)
        PUSH(a->shape[ax], a->strides[ax]);
#undef PUSH
    return rt_view(a, ond, shape, strides, data);
}

/* ---------------------------------------------------------------- reshape, transpose */

/* Strides that view a's elements with shape nshape without copying, as NumPy finds them;
 * false when a's memory layout does not allow it. */
bool rt_reshape_view_strides(const gp_array *a, int nnd, const int64_t *nshape, int64_t *nst)
{
    int64_t osh[GP_MAXDIM], ost[GP_MAXDIM];
    int ond = 0;
    for (int i = 0; i < a->ndim; i++)   /* size-1 dims place no constraint */
        if (a->shape[i] != 1) {
            osh[ond] = a->shape[i];
            ost[ond] = a->strides[i];
            ond++;
        }
    int64_t isz = (int64_t)rt_dtype_size(a->dtype);
    int oi = 0, ni = 0;
    while (oi < ond && ni < nnd) {
        int oj = oi + 1, nj = ni + 1;
        int64_t op = osh[oi], np = nshape[ni];
        while (op != np) {   /* grow the smaller side until the group's sizes agree */
            if (np < op)
                np *= nshape[nj++];
            else
                op *= osh[oj++];
        }
        for (int k = oi; k < oj - 1; k++)
            if (ost[k] != osh[k + 1] * ost[k + 1])
                return false;
        nst[nj - 1] = ost[oj - 1];
        for (int k = nj - 1; k > ni; k--)
            nst[k - 1] = nst[k] * nshape[k];
        oi = oj;
        ni = nj;
    }
    for (; ni < nnd; ni++)   /* trailing new dims of size 1 */
        nst[ni] = isz;
    return true;
}

gp_array *rt_reshape(const gp_array *a, int ndim, const int64_t *shape)
{
    if (ndim < 0 || ndim > GP_MAXDIM)
        rt_raise("ValueError", "maximum supported dimension for an ndarray is currently %d, "
                 "found %d", GP_MAXDIM, ndim);
    int unknown = -1;
    int64_t known = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] == -1) {
            if (unknown >= 0)
                rt_raise("ValueError", "can only specify one unknown dimension");
            unknown = i;
        } else if (shape[i] < 0) {
            rt_raise("ValueError", "negative dimensions not allowed");
        } else {
            known *= shape[i];
        }
    }
    int64_t nshape[GP_MAXDIM];
    for (int i = 0; i < ndim; i++)
        nshape[i] = shape[i];
    bool bad = false;
    if (unknown >= 0) {
        if (known == 0 || a->size % known != 0)
            bad = true;
        else
            nshape[unknown] = a->size / known;
    } else if (known != a->size) {
        bad = true;
    }
    if (bad) {
        char sh[200];
        rt_shape_fmt(sh, sizeof sh, ndim, shape, true);
        rt_raise("ValueError", "cannot reshape array of size %lld into shape %s",
                 (long long)a->size, sh);
    }
    int64_t nst[GP_MAXDIM];
    if (a->size == 0 || rt_is_contiguous(a)) {
        rt_c_strides(ndim, nshape, rt_dtype_size(a->dtype), nst);
        return rt_view(a, ndim, nshape, nst, a->data);
    }
    if (rt_reshape_view_strides(a, ndim, nshape, nst))
        return rt_view(a, ndim, nshape, nst, a->data);
    gp_array *c = rt_copy(a);
    rt_c_strides(ndim, nshape, rt_dtype_size(a->dtype), nst);
    gp_array *v = rt_view(c, ndim, nshape, nst, c->data);
    rt_release(c);
    return v;
}

bool rt_reshape_agree(int n, const gp_array *const *src, int nd, int64_t *shapes)
{
    for (int k = 0; k < n; k++) {   /* resolve a -1 as rt_reshape would */
        int64_t *s = shapes + (size_t)k * nd, known = 1;
        int unknown = -1, neg = 0;
        for (int j = 0; j < nd; j++) {
            if (s[j] == -1) unknown = j;
            if (s[j] < 0) neg++;
            else if (s[j] > 0 && known > INT64_MAX / s[j]) return false;
            else known *= s[j];
        }
        if (neg == 1 && unknown >= 0 && known > 0 && src[k]->size % known == 0) s[unknown] = src[k]->size / known;
    }
    const gp_array *a = src[0];
    int64_t size = 1;
    for (int j = 0; j < nd; j++) {
        if (shapes[j] < 0 || (shapes[j] > 0 && size > INT64_MAX / shapes[j])) return false;
        size *= shapes[j];
    }
    if (size != a->size) return false;
    for (int k = 1; k < n; k++) {
        const gp_array *b = src[k];
        if (b->ndim != a->ndim) return false;
        for (int j = 0; j < a->ndim; j++)
            if (b->shape[j] != a->shape[j]) return false;
        for (int j = 0; j < nd; j++)
            if (shapes[k * nd + j] != shapes[j]) return false;
    }
    return true;
}

/* .real / .imag: the complex element is {re, im}, so the parts are views of the real dtype with
 * the same byte strides, the imaginary one half an element further. */
gp_array *rt_complex_part(const gp_array *a, int imag)
{
    gp_dtype rd = a->dtype == GP_COMPLEX64 ? GP_FLOAT32 : GP_FLOAT64;
    if (a->dtype != GP_COMPLEX64 && a->dtype != GP_COMPLEX128)
        rt_raise("RuntimeError", "gpyc runtime: rt_complex_part needs a complex array");
    gp_array *v = rt_view(a, a->ndim, a->shape, a->strides, a->data + (imag ? rt_dtype_size(rd) : 0));
    v->dtype = rd;
    return v;
}

gp_array *rt_view_dtype(const gp_array *a, gp_dtype dtype, int ndim)
{
    int64_t old = (int64_t)rt_dtype_size(a->dtype), nsz = (int64_t)rt_dtype_size(dtype);
    if (ndim != a->ndim) rt_raise("RuntimeError", "gpyc runtime: rt_view_dtype of another ndim");
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    for (int i = 0; i < a->ndim; i++) {
        shape[i] = a->shape[i];
        strides[i] = a->strides[i];
    }
    if (old != nsz) {
        int last = a->ndim - 1;
        if (last < 0)
            rt_raise("ValueError",
                     "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
        if (a->shape[last] != 1 && a->strides[last] != old)
            rt_raise("ValueError",
                     "To change to a dtype of a different size, the last axis must be contiguous");
        int64_t bytes = a->shape[last] * old;
        if (nsz > old && bytes % nsz)
            rt_raise("ValueError", "When changing to a larger dtype, its size must be a divisor of the total "
                                   "size in bytes of the last axis of the array.");
        if (nsz < old && old % nsz)
            rt_raise("ValueError", "When changing to a smaller dtype, its size must be a divisor of the size "
                                   "of original dtype");
        shape[last] = bytes / nsz;
        strides[last] = nsz;
    }
    gp_array *v = rt_view(a, a->ndim, shape, strides, a->data);
    v->dtype = dtype;
    return v;
}

/* a is contiguous in C order (c) or Fortran order: every axis of extent > 1 has the stride of
 * the axes after it (before it) times their extents; an empty array is both. */
static bool contiguous_in(const gp_array *a, bool c)
{
    if (a->size == 0) return true;
    int64_t expect = (int64_t)rt_dtype_size(a->dtype);
    for (int k = 0; k < a->ndim; k++) {
        int i = c ? a->ndim - 1 - k : k;
        if (a->shape[i] == 1) continue;
        if (a->strides[i] != expect) return false;
        expect *= a->shape[i];
    }
    return true;
}

int64_t rt_array_info(const gp_array *a, int what)
{
    int axis = what >> 8;
    switch (what & 0xff) {
    case GP_INFO_STRIDE: return axis < a->ndim ? a->strides[axis] : 0;
    case GP_INFO_C_CONTIGUOUS: return contiguous_in(a, true);
    case GP_INFO_F_CONTIGUOUS: return contiguous_in(a, false);
    default:
        for (int i = 0; i < a->ndim; i++)
            if (a->shape[i] > 1 && a->strides[i] == 0) return 0;
        return 1;
    }
}

gp_array *rt_transpose(const gp_array *a, const int *perm)
{
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    bool used[GP_MAXDIM] = {false};
    for (int i = 0; i < a->ndim; i++) {
        int p = perm ? perm[i] : a->ndim - 1 - i;
        if (p < 0)
            p += a->ndim;
        if (p < 0 || p >= a->ndim || used[p])
            rt_raise("ValueError", "axes don't match array");
        used[p] = true;
        shape[i] = a->shape[p];
        strides[i] = a->strides[p];
    }
    return rt_view(a, a->ndim, shape, strides, a->data);
}

gp_array *rt_as_strided(const gp_array *a, int ndim, const int64_t *shape, const int64_t *strides)
{
    for (int i = 0; i < ndim; i++)
        if (shape[i] < 0) rt_raise("ValueError", "Negative dimensions are not allowed");
    return rt_view(a, ndim, shape, strides, a->data);
}

void rt_check_store_shape(int dnd, const int64_t *dshape, int snd, const int64_t *sshape)
{
    bool ok = true;
    for (int i = 0; i < snd && ok; i++) {
        int di = dnd - snd + i;                 /* the matching dst axis (right-aligned) */
        if (di < 0) ok = sshape[i] == 1;
        else ok = sshape[i] == 1 || sshape[i] == dshape[di];
    }
    if (!ok) {
        gp_sb a = {0, 0, 0}, b = {0, 0, 0};
        rt_sb_shape(&a, snd, sshape);
        rt_sb_shape(&b, dnd, dshape);
        rt_raise("ValueError", "could not broadcast input array from shape %s into shape %s",
                 a.s, b.s);
    }
}

gp_array *rt_store_view(const gp_array *src, int ndim, const int64_t *shape)
{
    rt_check_store_shape(ndim, shape, src->ndim, src->shape);
    int lead = src->ndim > ndim ? src->ndim - ndim : 0;   /* size-1 dims the store drops */
    gp_array *w = rt_view(src, src->ndim - lead, src->shape + lead, src->strides + lead, src->data);
    gp_array *x = rt_broadcast_to(w, ndim, shape);
    rt_release(w);
    return x;
}

gp_array *rt_broadcast_to(const gp_array *a, int ndim, const int64_t *shape)
{
    if (ndim < 0 || ndim > GP_MAXDIM)
        rt_raise("ValueError", "maximum supported dimension for an ndarray is currently %d, "
                 "found %d", GP_MAXDIM, ndim);
    for (int i = 0; i < ndim; i++)
        if (shape[i] < 0)
            rt_raise("ValueError", "all elements of broadcast shape must be non-negative");
    if (a->ndim > ndim)
        rt_raise("ValueError", "input operand has more dimensions than allowed by the axis "
                 "remapping");
    int64_t strides[GP_MAXDIM];
    int lead = ndim - a->ndim;
    for (int i = 0; i < ndim; i++) {
        int j = i - lead;
        if (j < 0) {
            strides[i] = 0;
        } else if (a->shape[j] == shape[i]) {
            strides[i] = shape[i] == 1 ? 0 : a->strides[j];
        } else if (a->shape[j] == 1) {
            strides[i] = 0;
        } else {
            char from[160], to[160];
            rt_shape_fmt(from, sizeof from, a->ndim, a->shape, true);
            rt_shape_fmt(to, sizeof to, ndim, shape, true);
            rt_raise("ValueError", "operands could not be broadcast together with remapped "
                     "shapes [original->remapped]: %s  and requested shape %s", from, to);
        }
    }
    return rt_view(a, ndim, shape, strides, a->data);
}
