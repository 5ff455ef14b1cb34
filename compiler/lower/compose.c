/*
 * lower/compose.c — the building blocks that several API areas compose (declared in the
 * "compose" section of lower.h): the matrix product (lw_matmul, the @ operator; lw_emit_matmul
 * for IR_MATMUL's other modes), reductions over axes (lw_reduce, lw_reduce_axes and NumPy's
 * default dtypes, lw_reduce_dtype), joining along an axis (lw_join), rolls and diagonals
 * (lw_roll_axis, lw_diagonal, lw_diag_view, lw_eye_masked), atleast_nd views (lw_atleast),
 * triangle masks (lw_col_minus_row), nonzero (lw_emit_nonzero, lw_nonzero), sorting (lw_sort) and
 * NumPy's index errors naming the first bad index (lw_raise_first).
 *
 * An API file uses only the lowering core, the kit (kit.c), the binder (bind.c) and these
 * blocks, never another API file: a routine that one area needs stays static in that area's
 * file, and one that a second area needs moves here.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- matrix products */

IrValue *lw_emit_matmul(Lower *L, Span sp, IrValue *a, IrValue *b, int mode, int64_t param, int ndim)
{
    DType dt = a->type->dtype;
    IrValue *r = lw_emit2(L, IR_MATMUL, sp, ty_array(dt, ndim), a, b);
    r->def->ival = mode;
    r->def->shape[0] = param;
    r->def->dtype = dt;
    return r;
}

/* Casts arrays a and b to their promoted dtype (NumPy's table for two arrays). */
void lw_promote_pair(Lower *L, Span sp, IrValue **a, IrValue **b)
{
    DType dt = dt_promote((*a)->type->dtype, (*b)->type->dtype);
    if ((*a)->type->dtype != dt) *a = lw_cast(L, *a, dt, sp);
    if ((*b)->type->dtype != dt) *b = lw_cast(L, *b, dt, sp);
}

/* The extent of elementwise value p's axis `back` places from its end (1: the last), as the
 * broadcast of its operands makes it: the largest of that axis over the array operands of
 * the elementwise ops of this block that p is made of (each is 1 or the extent when they
 * broadcast).  Reading the operands' shapes, not p's, leaves p free to fuse into its user. */
static IrValue *ewise_extent(Lower *L, Span sp, IrValue *p, int back, int depth)
{
    const IrInstr *d = p->def;
    if (depth > 8 || !d || d->parent != L->blk || !ir_op_is_ewise(d->op))
        return lw_dim(L, sp, p, p->type->ndim - back);
    IrValue *k = NULL;
    for (int j = 0; j < d->nargs; j++) {
        IrValue *a = d->args[j];
        if (a->type->kind != TY_ARRAY || a->type->ndim < back) continue;
        IrValue *e = ewise_extent(L, sp, a, back, depth + 1);
        k = k ? lw_imax(L, sp, k, e) : e;
    }
    return k ? k : lw_dim(L, sp, p, p->type->ndim - back);
}

/* The run-time check of matmul's core dimension: NumPy's ValueError when ka (operand 0's last
 * axis) differs from kb (operand 1's contracted axis); the message is built on the error path. */
static void check_core(Lower *L, Span sp, IrValue *ka, IrValue *kb)
{
    IrValue *cond = lw_binop(L, AOP_NE, sp, ka, kb);
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *msg = ir_matmul_core_msg(L->m, L->blk, sp, ka, kb);
    IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &msg);
    r->sval = "ValueError";
    L->blk = outer;
}

/* A matrix-vector product whose matrix p (ndim >= 2, float32/64 or complex) is an elementwise
 * value made just here, used by nothing else: p @ v as sum(p * v, axis=-1), v @ p as
 * sum(v[:, None] * p, axis=-2).  The elementwise op fuses p's producer, so the reduction
 * reads p's operands once, where cuBLAS would read p after a kernel wrote it whole:
 * gesummv's `alpha * A @ x + beta * B @ x` reads A and B once each (issue 25).  The terms
 * are the products NumPy's matmul adds (in another order, as cuBLAS's are).  NULL when the
 * operands are not of this form (a plain array, a view: cuBLAS reads it as it lies). */
static IrValue *matvec_fused(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    bool row = b->type->ndim == 1;   /* p @ v, else v @ p */
    IrValue *p = row ? a : b, *v = row ? b : a;
    DType dt = p->type->dtype;
    bool real = dt == DT_FLOAT32 || dt == DT_FLOAT64;
    if (p->type->ndim < 2 || v->type->ndim != 1 || (!real && !dt_is_complex(dt))) return NULL;
    const IrInstr *d = p->def;
    if (!d || d->parent != L->blk || !ir_op_is_ewise(d->op) || p->nuses != 0) return NULL;
    int back = row ? 1 : 2;
    IrValue *kp = ewise_extent(L, sp, p, back, 0), *kv = lw_dim(L, sp, v, 0);
    if (row) check_core(L, sp, kp, kv);
    else check_core(L, sp, kv, kp);
    IrValue *t = row ? lw_ew2(L, IR_MUL, sp, p, v) : lw_ew2(L, IR_MUL, sp, lw_newaxis_at(L, sp, v, 1), p);
    if (!t) return NULL;
    int axis = t->type->ndim - back;
    return lw_reduce_axes(L, sp, RED_SUM, t, 1, &axis, false, dt);
}

/* a @ b, matmul(a, b): NumPy's gufunc (n?,k),(k,m?)->(n?,m?).  Both operands need at least one
 * dimension (a Python scalar is a 0-d operand: ValueError at compile time here); a 1-d operand
 * is a row (left) or a column (right) whose dimension is dropped from the result; leading
 * dimensions broadcast.  Result dtype: the promotion of the two array dtypes.  A
 * matrix-vector product of an elementwise value is a fused reduction (matvec_fused). */
IrValue *lw_matmul(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    Type *ta = a->type, *tb = b->type;
    if (!ty_is_numeric(ta) || !ty_is_numeric(tb) || (ta->kind != TY_ARRAY && tb->kind != TY_ARRAY)) {
        diag_error(sp, "unsupported operand type(s) for @: '%s' and '%s'", ty_str_of(ta), ty_str_of(tb));
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        Type *t = i ? tb : ta;
        if (t->kind != TY_ARRAY || t->ndim == 0) {
            diag_error(sp, "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with "
                           "signature %s requires 1)", i, ir_matmul_sig);
            return NULL;
        }
    }
    int na = ta->ndim, nb = tb->ndim;
    int nd = na == 1 && nb == 1 ? 0 : na == 1 ? nb - 1 : nb == 1 ? na - 1 : (na > nb ? na : nb);
    lw_promote_pair(L, sp, &a, &b);
    IrValue *fused = na + nb >= 3 && (na == 1 || nb == 1) ? matvec_fused(L, sp, a, b) : NULL;
    return fused ? fused : lw_emit_matmul(L, sp, a, b, MM_MATMUL, 0, nd);
}

/* ---------------------------------------------------------------- masks */

/* where(eye(n, m), x, 0) for a 2-d x: its diagonal, zeros elsewhere (NaNs off it dropped). */
IrValue *lw_eye_masked(Lower *L, Span sp, IrValue *x)
{
    IrValue *dims[2];
    lw_shape_of(L, x, sp, dims);
    IrValue *eye = lw_emit(L, IR_EYE, sp, ty_array(DT_BOOL, 2), 3,
                           (IrValue *[]){dims[0], dims[1], lw_const_int(L, sp, 0)});
    eye->def->dtype = DT_BOOL;
    return lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){eye, x, lw_const_int(L, sp, 0)});
}

/* ---------------------------------------------------------------- views */

/* atleast_1d / 2d / 3d of one array: views with axes of size 1 added as NumPy places them
 * (2d: (n,) → (1, n); 3d: (n,) → (1, n, 1), (m, n) → (m, n, 1)). */
IrValue *lw_atleast(Lower *L, Span sp, IrValue *x, int want)
{
    int nd = x->type->ndim;
    if (nd >= want) return x;
    LwIx ix;
    lw_ix_init(&ix, x);
    if (nd == 0) {
        for (int i = 0; i < want; i++) lw_ix_new(&ix);
    } else if (want == 2) {               /* nd == 1 */
        lw_ix_new(&ix);
        lw_ix_all(L, sp, &ix);
    } else if (nd == 1) {                 /* want == 3 */
        lw_ix_new(&ix);
        lw_ix_all(L, sp, &ix);
        lw_ix_new(&ix);
    } else {                              /* want == 3, nd == 2 */
        lw_ix_all(L, sp, &ix);
        lw_ix_all(L, sp, &ix);
        lw_ix_new(&ix);
    }
    return lw_ix_emit(L, sp, &ix);
}

/* col - row for an (N, M) grid, as int64 */
IrValue *lw_col_minus_row(Lower *L, Span sp, IrValue *N, IrValue *M)
{
    IrValue *r = lw_newaxis_at(L, sp, lw_iota(L, sp, N), 1);
    return lw_isub(L, sp, lw_iota(L, sp, M), r);
}

/* ---------------------------------------------------------------- reductions */

/* sum/prod: bool and signed ints below 64 bits accumulate in int64, unsigned in uint64;
 * mean: ints and bool give float64; max/min keep the dtype; any/all give bool; the arg-reductions
 * give int64 positions. */
DType lw_reduce_dtype(RedOp r, DType in)
{
    switch (r) {
    case RED_SUM:
    case RED_PROD:
        if (in == DT_BOOL || (dt_is_signed(in) && in != DT_INT64)) return DT_INT64;
        if (dt_is_int(in) && !dt_is_signed(in)) return DT_UINT64;
        return in;
    case RED_MEAN: return (in == DT_BOOL || dt_is_int(in)) ? DT_FLOAT64 : in;
    case RED_ANY:
    case RED_ALL: return DT_BOOL;
    case RED_ARGMAX:
    case RED_ARGMIN:
    case RED_NANARGMAX:
    case RED_NANARGMIN: return DT_INT64;
    default: return in;
    }
}

IrValue *lw_reduce(Lower *L, Span sp, RedOp r, IrValue *x, AstNode *axis, AstNode *dtype,
                          AstNode *keepdims)
{
    if (x->type->kind != TY_ARRAY) {
        diag_error(sp, "%s() expects an array here, got %s", ir_redop_name(r), ty_str_of(x->type));
        return NULL;
    }
    int ndim = x->type->ndim;
    int axes[IR_MAXDIM], naxes;
    bool all, keep;
    if (!lw_axis_arg(L, axis, ndim, axes, &naxes, &all)) return NULL;
    if (!lw_bool_arg(L, keepdims, false, &keep)) return NULL;
    DType dt = lw_reduce_dtype(r, x->type->dtype);
    bool given;
    if (dtype && !lw_dtype_arg(L, dtype, &dt, &given)) return NULL;
    if (all) {
        naxes = ndim;
        for (int i = 0; i < ndim; i++) axes[i] = i;
    }
    return lw_reduce_axes(L, sp, r, x, naxes, axes, keep, dt);
}

IrValue *lw_reduce_axes(Lower *L, Span sp, RedOp r, IrValue *x, int naxes, const int *axes, bool keep, DType dt)
{
    int ndim = x->type->ndim;
    IrValue *v = lw_emit1(L, IR_REDUCE, sp, ty_array(dt, keep ? ndim : ndim - naxes), x);
    IrInstr *in = v->def;
    in->redop = r;
    in->dtype = dt;
    in->cdtype = x->type->dtype;
    in->keepdims = keep;
    in->naxes = naxes == ndim ? 0 : naxes;
    for (int i = 0; i < naxes; i++) in->axes[i] = axes[i];
    return v;
}

/* ---------------------------------------------------------------- index errors */

/* Raises exc at run time with NumPy's message "<pre>V<mid>N<post>" (pre: "index "; mid: " is out
 * of bounds for axis 0 with size ", ...; N: the int size) when cond holds, or, with cond NULL,
 * when any element of the bool array bad is true.  V: str(val), or with bad given the first
 * element of val (C order) where bad is true, as NumPy's loops report the first offending
 * index.  The message is built on the error path only (the first offender: an argmax of bad). */
bool lw_raise_first(Lower *L, Span sp, IrValue *cond, const char *exc, const char *pre, IrValue *val,
                    IrValue *bad, const char *mid, IrValue *size, const char *post)
{
    if (!val || (!cond && !bad)) return false;
    if (!cond) {
        IrValue *any = lw_reduce(L, sp, RED_ANY, bad, NULL, NULL, NULL);
        if (!any || !(cond = lw_truth(L, any, sp))) return false;
    }
    int64_t c;
    if (lw_is_const_int(cond, &c) && !c) return true;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *v = val;
    if (bad) {
        IrValue *k = lw_reduce(L, sp, RED_ARGMAX, lw_ravel(L, sp, bad), NULL, NULL, NULL);
        IrValue *ki = k ? lw_to_scalar(L, k, TY_INT, sp) : NULL;
        v = ki ? lw_emit2(L, IR_INDEX, sp, ty_array(val->type->dtype, 0), lw_ravel(L, sp, val), ki) : NULL;
        if (v) {
            v->def->nidx = 1;
            v->def->idx[0] = IDX_INT;
        }
    }
    IrValue *msg = v ? lw_str_of(L, v, sp) : NULL;
    msg = msg ? lw_binop(L, AOP_ADD, sp, lw_const_str(L, sp, pre), msg) : NULL;
    if (size) {
        msg = msg ? lw_binop(L, AOP_ADD, sp, msg, lw_const_str(L, sp, mid)) : NULL;
        IrValue *ns = msg ? lw_str_of(L, size, sp) : NULL;
        msg = ns ? lw_binop(L, AOP_ADD, sp, msg, ns) : NULL;
    }
    if (msg && *post) msg = lw_binop(L, AOP_ADD, sp, msg, lw_const_str(L, sp, post));
    if (msg) {
        IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &msg);
        r->sval = exc;
    }
    L->blk = outer;
    return msg != NULL;
}

/* ---------------------------------------------------------------- nonzero */

IrValue *lw_emit_nonzero(Lower *L, Span sp, IrValue *a, int mode)
{
    Type *t = ty_array(DT_INT64, mode == 2 ? 1 : 2);
    IrValue *r = lw_emit1(L, IR_NONZERO, sp, t, a);
    r->def->ival = mode;
    return r;
}

static const char nonzero_0d[] =
    "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. If the "
    "context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.";

/* nonzero(a): a tuple of a.ndim int64 arrays (rows of one (ndim, N) array). */
IrValue *lw_nonzero(Lower *L, Span sp, IrValue *a)
{
    int nd = a->type->ndim;
    if (nd == 0) {
        diag_error(sp, "%s", nonzero_0d);
        return NULL;
    }
    IrValue *all = lw_emit_nonzero(L, sp, a, 0);
    IrValue *rows[IR_MAXDIM];
    for (int d = 0; d < nd; d++) {
        IrValue *args[2] = {all, lw_const_int(L, sp, d)};
        IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(DT_INT64, 1), 2, args);
        r->def->nidx = 1;
        r->def->idx[0] = IDX_INT;
        rows[d] = r;
    }
    return lw_tuple(L, sp, nd, rows);
}

/* ---------------------------------------------------------------- joining */

/* arrs[0..n-1] (one ndim >= 1) joined along axis into a new array of dtype dt: the sizes
 * along axis add up; the other sizes must agree (checked at run time, NumPy's message). */
IrValue *lw_join(Lower *L, Span sp, const char *what, int n, IrValue **arrs, int axis, DType dt)
{
    int nd = arrs[0]->type->ndim;
    if (n > 1) {
        IrInstr *chk = ir_emit(L->m, L->blk, IR_CONCAT_CHECK, sp, NULL, n, arrs);
        chk->sval = what;
        chk->ival = axis;
    }
    IrValue *dims[IR_MAXDIM], *lens[MAXARR];
    lw_shape_of(L, arrs[0], sp, dims);
    IrValue *total = NULL;
    for (int i = 0; i < n; i++) {
        lens[i] = lw_dim(L, sp, arrs[i], axis);
        total = total ? lw_iadd(L, sp, total, lens[i]) : lens[i];
    }
    dims[axis] = total;
    IrValue *out = lw_emit_empty(L, sp, dt, nd, dims);
    IrValue *off = lw_cint(L, sp, 0);
    for (int i = 0; i < n; i++) {
        IrValue *end = lw_iadd(L, sp, off, lens[i]);
        lw_store_into(L, sp, lw_slice_axis(L, sp, out, axis, off, end, NULL), arrs[i]);
        off = end;
    }
    return out;
}

/* ---------------------------------------------------------------- rolls and diagonals */

/* x rolled by shift along axis: out[s:] = x[:n-s], out[:s] = x[n-s:] with s = shift mod n. */
IrValue *lw_roll_axis(Lower *L, Span sp, IrValue *x, int axis, IrValue *shift)
{
    IrValue *n = lw_dim(L, sp, x, axis);
    IrValue *s = lw_binop(L, AOP_MOD, sp, shift, lw_imax(L, sp, n, lw_cint(L, sp, 1)));
    IrValue *ns = lw_isub(L, sp, n, s);
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    IrValue *out = lw_emit_empty(L, sp, x->type->dtype, x->type->ndim, dims);
    lw_store_into(L, sp, lw_slice_axis(L, sp, out, axis, s, NULL, NULL), lw_slice_axis(L, sp, x, axis, NULL, ns, NULL));
    lw_store_into(L, sp, lw_slice_axis(L, sp, out, axis, NULL, s, NULL), lw_slice_axis(L, sp, x, axis, ns, NULL, NULL));
    return out;
}

/* The diagonal of x between axes a1 and a2 (normalised, distinct) at offset k (an int), as
 * NumPy's diagonal: a view without both axes and with the diagonal as its last axis, elements
 * x[..., i, ..., i + k, ...] (i on a1).  Slicing a2 from max(k, 0) and a1 from max(-k, 0)
 * (Python slices clamp, so a k past the edge gives length 0) leaves the diagonal starting at
 * the corner; IR_DIAG_VIEW then steps both axes at once for min of their lengths. */
IrValue *lw_diagonal(Lower *L, Span sp, IrValue *x, IrValue *k, int a1, int a2)
{
    IrValue *zero = lw_cint(L, sp, 0), *one = lw_cint(L, sp, 1);
    IrValue *kp = lw_imax(L, sp, k, zero);
    IrValue *km = lw_imax(L, sp, lw_ewise(L, IR_NEG, sp, 1, &k), zero);
    x = lw_slice_axis(L, sp, x, a2, kp, lw_dim(L, sp, x, a2), one);
    x = lw_slice_axis(L, sp, x, a1, km, lw_dim(L, sp, x, a1), one);
    int p = a1 < a2 ? a1 : a2, n = x->type->ndim;
    IrValue *d = lw_diag_view(L, sp, x, p, a1 < a2 ? a2 : a1);
    if (p == n - 2) return d;
    int perm[IR_MAXDIM], j = 0;
    for (int i = 0; i < n - 1; i++)
        if (i != p) perm[j++] = i;
    perm[j] = p;
    return lw_emit_transpose(L, sp, d, perm);
}

/* The view of x without axis q whose axis p (< q; both of one length, or the shorter is
 * taken) steps along both: their diagonal (IR_DIAG_VIEW, rt_diag_view). */
IrValue *lw_diag_view(Lower *L, Span sp, IrValue *x, int p, int q)
{
    IrValue *d = lw_emit1(L, IR_DIAG_VIEW, sp, ty_array(x->type->dtype, x->type->ndim - 1), x);
    d->def->naxes = 2;
    d->def->axes[0] = p;
    d->def->axes[1] = q;
    return d;
}

/* ---------------------------------------------------------------- sorting */

/* IR_SORT of x along axis (flat: of x.ravel()); kth: partition's int, or NULL. */
IrValue *lw_sort(Lower *L, Span sp, IrValue *x, int axis, bool flat, bool arg, IrValue *kth)
{
    if (flat) x = lw_ravel(L, sp, x);
    IrValue *args[2] = {x, kth};
    DType dt = arg ? DT_INT64 : x->type->dtype;
    IrValue *r = lw_emit(L, IR_SORT, sp, ty_array(dt, x->type->ndim), kth ? 2 : 1, args);
    r->def->ival = flat ? 0 : axis;
    r->def->shape[0] = arg;
    r->def->dtype = dt;
    return r;
}

/* ---------------------------------------------------------------- poly1d */

/* cupy.poly1d(c) of a 1-d array c (lower/api/poly1d.c; polyadd, polysub, polymul of a poly1d): its leading zeros trimmed ([0] when none is left), a new array,
 * typed a poly1d of variable var.  z = [0] + c read from one past the first nonzero element
 * (from len(c) when there is none: the 0 alone). */
IrValue *lw_poly1d_make(Lower *L, Span sp, IrValue *c, const char *var)
{
    DType dt = c->type->dtype;
    IrValue *n = lw_dim(L, sp, c, 0), *one = lw_cint(L, sp, 1);
    /* the first nonzero position: the least of where(c != 0, arange(n), n) and n */
    IrValue *nz = lw_ew2(L, IR_NE, sp, c, lw_cint(L, sp, 0));
    IrValue *pos = nz ? lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){ nz, lw_iota(L, sp, n), n }) : NULL;
    IrValue *ends =
        pos ? lw_join(L, sp, "concatenate", 2,
                      (IrValue *[]){ pos, lw_atleast(L, sp, lw_scalar_array(L, sp, n), 1) }, 0, DT_INT64)
            : NULL;
    int axis = 0;
    IrValue *first = ends ? lw_reduce_axes(L, sp, RED_MIN, ends, 1, &axis, false, DT_INT64) : NULL;
    IrValue *zero = lw_emit_full(L, sp, dt, 1, &one, lw_cint(L, sp, 0));
    IrValue *z = lw_join(L, sp, "concatenate", 2, (IrValue *[]){ zero, c }, 0, dt);
    if (!first || !z) return NULL;
    IrValue *f = lw_to_scalar(L, first, TY_INT, sp);
    IrValue *start = lw_iadd(L, sp, f, lw_to_scalar(L, lw_binop(L, AOP_LT, sp, f, n), TY_INT, sp));
    IrValue *r =
        lw_emit1(L, IR_VIEW_DTYPE, sp, ty_poly1d(dt, var), lw_slice_axis(L, sp, z, 0, start, NULL, NULL));
    r->def->dtype = dt;
    return r;
}
