/*
 * manip.c — the run-time pieces of the array manipulation routines that the compiler builds
 * from views and copies (compiler/lower/api/manip.c): the shape checks of concatenate/stack with
 * NumPy's messages, squeeze's view, and repeat with an array of repeat counts (a result size
 * that depends on data).
 *
 * Invariants: every function here either raises (never returns) or gives the exact result of
 * NumPy 2 for its arguments; views share their base's buffer.  rt_repeat moves the data
 * through host memory (one download, one upload): its output layout depends on counts that
 * only the host knows, and per-element kernel launches would cost far more.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* concatenate: "all the input array dimensions except for the concatenation axis must match
 * exactly, but along dimension 1, the array at index 0 has size 3 and the array at index 1
 * has size 4"; stack: "all input arrays must have the same shape". */
void rt_concat_check(const char *what, int axis, int n, const gp_array *const *arrs)
{
    bool stack = what && strcmp(what, "stack") == 0;
    if (n <= 0)
        return;
    const gp_array *a0 = arrs[0];
    for (int k = 1; k < n; k++) {
        const gp_array *a = arrs[k];
        if (a->ndim != a0->ndim) {
            if (stack)
                rt_raise("ValueError", "all input arrays must have the same shape");
            rt_raise("ValueError", "all the input arrays must have same number of dimensions, but "
                     "the array at index 0 has %d dimension(s) and the array at index %d has %d "
                     "dimension(s)", a0->ndim, k, a->ndim);
        }
        for (int d = 0; d < a->ndim; d++) {
            if (a->shape[d] == a0->shape[d] || (!stack && d == axis))
                continue;
            if (stack)
                rt_raise("ValueError", "all input arrays must have the same shape");
            rt_raise("ValueError", "all the input array dimensions except for the concatenation "
                     "axis must match exactly, but along dimension %d, the array at index 0 has "
                     "size %lld and the array at index %d has size %lld", d,
                     (long long)a0->shape[d], k, (long long)a->shape[d]);
        }
    }
}

gp_array *rt_squeeze(const gp_array *a, int naxes, const int *axes)
{
    bool drop[GP_MAXDIM] = {false};
    for (int k = 0; k < naxes; k++) {
        int ax = axes[k];
        if (ax < 0 || ax >= a->ndim)
            rt_raise("numpy.exceptions.AxisError", "axis %d is out of bounds for array of "
                     "dimension %d", ax, a->ndim);
        if (a->shape[ax] != 1)
            rt_raise("ValueError", "cannot select an axis to squeeze out which has size not "
                     "equal to one");
        drop[ax] = true;
    }
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    int nd = 0;
    for (int i = 0; i < a->ndim; i++) {
        if (drop[i])
            continue;
        shape[nd] = a->shape[i];
        strides[nd] = a->strides[i];
        nd++;
    }
    return rt_view(a, nd, shape, strides, a->data);
}

gp_array *rt_diag_view(const gp_array *a, int p, int q)
{
    int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
    int nd = 0;
    for (int i = 0; i < a->ndim; i++) {
        if (i == q)
            continue;
        shape[nd] = a->shape[i];
        strides[nd] = a->strides[i] + (i == p ? a->strides[q] : 0);
        if (i == p && a->shape[q] < shape[nd])
            shape[nd] = a->shape[q];
        nd++;
    }
    return rt_view(a, nd, shape, strides, a->data);
}

gp_array *rt_repeat(const gp_array *a, const gp_array *repeats, int axis)
{
    if (axis < 0 || axis >= a->ndim)
        rt_raise("numpy.exceptions.AxisError", "axis %d is out of bounds for array of dimension %d",
                 axis, a->ndim);
    if (rt_dtype_is_complex(repeats->dtype) || rt_dtype_is_float(repeats->dtype))
        rt_raise("TypeError", "Cannot cast array data from dtype('%s') to dtype('int64') according "
                 "to the rule 'safe'", rt_dtype_name(repeats->dtype));
    int64_t n = a->shape[axis];
    if (repeats->ndim > 1)
        rt_raise("ValueError", "object too deep for desired array");
    if (repeats->size != 1 && repeats->size != n)
        rt_raise("ValueError", "operands could not be broadcast together with shape (%lld,) "
                 "(%lld,)", (long long)n, (long long)repeats->size);
    /* the counts, on the host */
    size_t rsz = rt_dtype_size(repeats->dtype);
    char *rhost = rt_xmalloc(rsz * (size_t)(repeats->size ? repeats->size : 1));
    if (repeats->size)
        rt_to_host(repeats, rhost);
    int64_t *cnt = rt_xmalloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    int64_t total = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t c = rt_elem_i64(rhost + rsz * (size_t)(repeats->size == 1 ? 0 : i), repeats->dtype);
        if (c < 0) {
            free(rhost);
            free(cnt);
            rt_raise("ValueError", "repeats may not contain negative values.");
        }
        cnt[i] = c;
        total += c;
    }
    free(rhost);
    /* the result, built on the host: outer blocks of n slabs of `inner` bytes each */
    int64_t shape[GP_MAXDIM];
    int64_t outer = 1, inner = (int64_t)rt_dtype_size(a->dtype);
    for (int i = 0; i < a->ndim; i++) {
        shape[i] = i == axis ? total : a->shape[i];
        if (i < axis)
            outer *= a->shape[i];
        if (i > axis)
            inner *= a->shape[i];
    }
    size_t in_bytes = (size_t)(a->size * (int64_t)rt_dtype_size(a->dtype));
    size_t out_bytes = (size_t)(outer * total * inner);
    char *src = rt_xmalloc(in_bytes ? in_bytes : 1);
    char *dst = rt_xmalloc(out_bytes ? out_bytes : 1);
    if (a->size)
        rt_to_host(a, src);
    char *o = dst;
    for (int64_t b = 0; b < outer; b++)
        for (int64_t i = 0; i < n; i++) {
            const char *slab = src + (b * n + i) * inner;
            for (int64_t r = 0; r < cnt[i]; r++, o += inner)
                memcpy(o, slab, (size_t)inner);
        }
    gp_array *res = rt_from_host(a->dtype, a->ndim, shape, dst);
    free(src);
    free(dst);
    free(cnt);
    return res;
}

gp_array *rt_concat_list(const char *what, int axis, gp_list *l)
{
    bool stack = what && strcmp(what, "stack") == 0;
    int64_t n = l->len;
    if (n == 0)
        rt_raise("ValueError", "need at least one array to %s", stack ? "stack" : "concatenate");
    if (n > INT32_MAX)
        rt_raise("ValueError", "too many arrays to %s", stack ? "stack" : "concatenate");
    gp_array **arrs = rt_xmalloc(sizeof(gp_array *) * (size_t)n);
    for (int64_t i = 0; i < n; i++) {
        gp_array *a = *(gp_array **)rt_list_at(l, i);
        if (stack) {   /* a view with a new axis of size 1 at `axis` */
            int64_t shape[GP_MAXDIM], strides[GP_MAXDIM];
            int nd = 0;
            if (a->ndim + 1 > GP_MAXDIM)
                rt_raise("ValueError", "maximum supported dimension for an ndarray is currently %d",
                         GP_MAXDIM);
            for (int d = 0; d <= a->ndim; d++) {
                if (d == axis) {
                    shape[nd] = 1;
                    strides[nd++] = 0;
                }
                if (d < a->ndim) {
                    shape[nd] = a->shape[d];
                    strides[nd++] = a->strides[d];
                }
            }
            a = rt_view(a, nd, shape, strides, a->data);
        } else {
            rt_retain(a);
        }
        arrs[i] = a;
    }
    rt_concat_check(what, axis, (int)n, (const gp_array *const *)arrs);
    int nd = arrs[0]->ndim;
    if (axis < 0 || axis >= nd)
        rt_raise("numpy.exceptions.AxisError", "axis %d is out of bounds for array of dimension %d",
                 axis, nd);
    int64_t shape[GP_MAXDIM];
    for (int d = 0; d < nd; d++)
        shape[d] = arrs[0]->shape[d];
    shape[axis] = 0;
    for (int64_t i = 0; i < n; i++)
        shape[axis] += arrs[i]->shape[axis];
    gp_array *out = rt_empty(arrs[0]->dtype, nd, shape);
    int64_t off = 0;
    for (int64_t i = 0; i < n; i++) {
        gp_array *dst = rt_view(out, nd, arrs[i]->shape, out->strides,
                                out->data + off * out->strides[axis]);
        rt_strided_copy(dst, arrs[i]);
        off += arrs[i]->shape[axis];
        rt_release(dst);
        rt_release(arrs[i]);
    }
    free(arrs);
    return out;
}
