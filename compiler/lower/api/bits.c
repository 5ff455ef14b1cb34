/*
 * lower/api/bits.c — packbits and unpackbits, composed from a gather along the axis and
 * elementwise ops; no kernel or runtime entry of their own.
 *
 *   packbits(a, axis=None, bitorder='big'): along axis (of a.ravel() when None), the bytes of
 *     the truth values of a, 8 per byte: the axis gathered at positions 0 .. 8*ceil(n/8)-1
 *     (clipped to n-1), times each position's bit weight (128 >> p%8 big, 1 << p%8 little; 0 at
 *     positions past the end), the axis split into (ceil(n/8), 8) and summed over the 8 into
 *     uint8;
 *   unpackbits(a, axis=None, count=None, bitorder='big'): bit p of the axis is
 *     (a[p // 8] >> (7 - p%8)) & 1 (big; >> p%8 little), for p < count (8 * n by default; a
 *     negative count trims that many from the end; positions past 8 * n give 0).
 * The axis length and count may be known only at run time; axis and bitorder are constants.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* The array argument and the axis: a.ravel() and 0 when axis is None; false after an error. */
static bool bits_operand(Lower *L, Args *a, const char *fname, IrValue **x, int *axis)
{
    Span sp = a->call;
    *x = lw_array_arg(L, a->p[0], fname);
    if (!*x) return false;
    if (!a->p[1] || a->p[1]->kind == AST_NONE) {
        *x = lw_ravel(L, sp, *x);
        *axis = 0;
        return true;
    }
    if ((*x)->type->ndim == 0) {
        diag_error(a->p[1]->span, "axis 0 is out of bounds for array of dimension 0");
        return false;
    }
    return lw_axis1(L, a->p[1], (*x)->type->ndim, 0, axis);
}

/* bitorder: true for 'little', false for 'big'. */
static bool bitorder_arg(Lower *L, AstNode *e, bool *little)
{
    const char *s;
    if (!lw_str_arg(L, e, "big", &s)) return false;
    if (strcmp(s, "big") && strcmp(s, "little")) {
        diag_error(e->span, "'order' must be either 'little' or 'big'");
        return false;
    }
    *little = s[0] == 'l';
    return true;
}

/* v (a 1-d array along axis k of an ndim-d array) reshaped to broadcast along that axis. */
static IrValue *along_axis(Lower *L, Span sp, IrValue *v, IrValue *len, int k, int ndim)
{
    IrValue *dims[IR_MAXDIM];
    dims[0] = len;
    for (int i = 1; i < ndim - k; i++) dims[i] = lw_cint(L, sp, 1);
    return ndim - k == 1 ? v : lw_emit_reshape(L, sp, v, ndim - k, dims);
}

/* The shift of bit position p within its byte: 7 - p%8 (big) or p%8 (little). */
static IrValue *bit_shift(Lower *L, Span sp, IrValue *p, bool little)
{
    IrValue *r = lw_ew2(L, IR_MOD, sp, p, lw_cint(L, sp, 8));
    return little ? r : lw_ew2(L, IR_SUB, sp, lw_cint(L, sp, 7), r);
}

/* np.packbits(a, axis=None, bitorder='big') */
static IrValue *api_packbits(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "packbits", "a,axis,bitorder", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x;
    int k;
    bool little;
    if (!bits_operand(L, &a, "packbits", &x, &k) || !bitorder_arg(L, a.p[2], &little)) return NULL;
    DType dt = x->type->dtype;
    if (dt != DT_BOOL && !dt_is_int(dt)) {
        diag_error(a.p[0]->span, "Expected an input array of integer or boolean data type");
        return NULL;
    }
    int nd = x->type->ndim;
    if (nd == 0) { /* NumPy packs a 0-d array as a 1-d one */
        x = lw_ravel(L, sp, x);
        nd = 1;
    }
    IrValue *bits = lw_cast_to(L, lw_ew2(L, IR_NE, sp, x, lw_cint(L, sp, 0)), DT_UINT8, sp);
    IrValue *n = lw_dim(L, sp, x, k);
    IrValue *nb = lw_binop(L, AOP_FLOORDIV, sp, lw_iadd(L, sp, n, lw_cint(L, sp, 7)), lw_cint(L, sp, 8));
    IrValue *len = lw_imul(L, sp, nb, lw_cint(L, sp, 8));
    IrValue *p = lw_iota(L, sp, len);
    IrValue *at = lw_ew2(L, IR_MINIMUM, sp, p, lw_isub(L, sp, n, lw_cint(L, sp, 1)));
    IrValue *g = lw_gather_axis(L, sp, bits, k, at);
    IrValue *w = lw_ew2(L, IR_LSHIFT, sp, lw_cint(L, sp, 1), bit_shift(L, sp, p, little));
    IrValue *in = lw_ew2(L, IR_LT, sp, p, n);
    w = lw_cast_to(L, lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ in, w, lw_cint(L, sp, 0) }), DT_UINT8, sp);
    IrValue *v = lw_ew2(L, IR_MUL, sp, g, along_axis(L, sp, w, len, k, nd));
    if (!v) return NULL;
    IrValue *dims[IR_MAXDIM + 1];
    lw_shape_of(L, v, sp, dims);
    memmove(dims + k + 2, dims + k + 1, sizeof *dims * (size_t)(nd - k - 1));
    dims[k] = nb;
    dims[k + 1] = lw_cint(L, sp, 8);
    if (nd + 1 > IR_MAXDIM) {
        diag_error(sp, "packbits() of a %d-d array is beyond gpyc's %d dimensions", nd, IR_MAXDIM - 1);
        return NULL;
    }
    v = lw_emit_reshape(L, sp, v, nd + 1, dims);
    int axis = k + 1;
    return lw_reduce_axes(L, sp, RED_SUM, v, 1, &axis, false, DT_UINT8);
}

/* np.unpackbits(a, axis=None, count=None, bitorder='big') */
static IrValue *api_unpackbits(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "unpackbits", "a,axis,count,bitorder", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x;
    int k;
    bool little;
    if (!bits_operand(L, &a, "unpackbits", &x, &k) || !bitorder_arg(L, a.p[3], &little)) return NULL;
    if (x->type->dtype != DT_UINT8) {
        diag_error(a.p[0]->span, "Expected an input array of unsigned byte data type");
        return NULL;
    }
    int nd = x->type->ndim;
    if (nd == 0) {
        x = lw_ravel(L, sp, x);
        nd = 1;
    }
    IrValue *total = lw_imul(L, sp, lw_dim(L, sp, x, k), lw_cint(L, sp, 8));
    IrValue *m = total;
    if (a.p[2] && a.p[2]->kind != AST_NONE) {
        IrValue *c = lw_int_arg(L, a.p[2]);
        if (!c) return NULL;
        IrValue *neg = lw_is_neg(L, sp, c);
        IrValue *trimmed = lw_iadd(L, sp, total, c);
        if (!lw_raise_if(L, sp, lw_ew2(L, IR_LOGICAL_AND, sp, neg, lw_is_neg(L, sp, trimmed)), "ValueError",
                         "-count larger than number of elements"))
            return NULL;
        m = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ neg, trimmed, c });
    }
    IrValue *p = lw_iota(L, sp, m);
    IrValue *last = lw_imax(L, sp, lw_isub(L, sp, total, lw_cint(L, sp, 1)), lw_cint(L, sp, 0));
    IrValue *byte = lw_ew2(L, IR_FLOORDIV, sp, lw_ew2(L, IR_MINIMUM, sp, p, last), lw_cint(L, sp, 8));
    IrValue *g = lw_gather_axis(L, sp, x, k, byte);
    IrValue *in = lw_ew2(L, IR_LT, sp, p, total);
    IrValue *sh =
        lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ in, bit_shift(L, sp, p, little), lw_cint(L, sp, 8) });
    IrValue *v = lw_ew2(L, IR_RSHIFT, sp, g, along_axis(L, sp, lw_cast_to(L, sh, DT_UINT8, sp), m, k, nd));
    return lw_ew2(L, IR_BITAND, sp, v, lw_cint(L, sp, 1));
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_packbits)
LW_API_PLAIN(api_unpackbits)

const ApiFn lw_bits_api[] = {
    { "cupy", "packbits", api_packbits_api, 0 },
    { "cupy", "unpackbits", api_unpackbits_api, 0 },
    { NULL, NULL, NULL, 0 },
};
