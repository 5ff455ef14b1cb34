/*
 * lower/kit.c — the one kit of IR-building helpers every lowering file uses (declared in the
 * "kit" section of lower.h): host int arithmetic that folds constants (lw_cint, lw_iadd,
 * lw_imin ...), NULL-propagating elementwise ops (lw_ew1, lw_ew2), x.shape[i] (lw_dim,
 * lw_shape_of, lw_static_dim), run-time raises (lw_raise_if, lw_emit_raise_if), copies and
 * stores into views (lw_copy_of, lw_store_into), host loops (lw_loop_begin), arange(n) (lw_iota), index views built item by
 * item (LwIx: lw_ix_*, lw_slice_axis, lw_newaxis_at), and the plain creation and view ops
 * (lw_emit_full, lw_emit_empty, lw_emit_reshape, lw_emit_transpose, lw_broadcast_to, lw_ravel).
 *
 * Each helper emits exactly the instructions its callers would write by hand, in the same order
 * (the IR's value numbering shows it): no helper folds or reorders beyond what its comment says.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- host ints and elementwise ops */

IrValue *lw_cint(Lower *L, Span sp, int64_t v) { return lw_const_int(L, sp, v); }
IrValue *lw_iadd(Lower *L, Span sp, IrValue *a, IrValue *b) { return lw_binop(L, AOP_ADD, sp, a, b); }
IrValue *lw_isub(Lower *L, Span sp, IrValue *a, IrValue *b) { return lw_binop(L, AOP_SUB, sp, a, b); }
IrValue *lw_imul(Lower *L, Span sp, IrValue *a, IrValue *b) { return lw_binop(L, AOP_MUL, sp, a, b); }

IrValue *lw_imin(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    int64_t x, y;
    if (lw_is_const_int(a, &x) && lw_is_const_int(b, &y)) return lw_cint(L, sp, x < y ? x : y);
    return lw_ewise(L, IR_MINIMUM, sp, 2, (IrValue *[]){a, b});
}

IrValue *lw_imax(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    int64_t x, y;
    if (lw_is_const_int(a, &x) && lw_is_const_int(b, &y)) return lw_cint(L, sp, x > y ? x : y);
    return lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){a, b});
}

/* Elementwise op of one or two values; NULL when an operand is NULL (an earlier error), so
 * compositions chain without checking each step. */
IrValue *lw_ew1(Lower *L, IrOp op, Span sp, IrValue *a) { return a ? lw_ewise(L, op, sp, 1, &a) : NULL; }

IrValue *lw_ew2(Lower *L, IrOp op, Span sp, IrValue *a, IrValue *b)
{
    return a && b ? lw_ewise(L, op, sp, 2, (IrValue *[]){a, b}) : NULL;
}

/* v cast to dtype d when it has another (NULL stays NULL). */
IrValue *lw_cast_to(Lower *L, IrValue *v, DType d, Span sp)
{
    if (!v) return NULL;
    return v->type->dtype == d ? v : lw_cast(L, v, d, sp);
}

/* v < 0 for a host int, folded when v is a constant */
IrValue *lw_is_neg(Lower *L, Span sp, IrValue *v)
{
    int64_t c;
    if (lw_is_const_int(v, &c)) return lw_const_bool(L, sp, c < 0);
    return lw_binop(L, AOP_LT, sp, v, lw_cint(L, sp, 0));
}

/* ---------------------------------------------------------------- host calls */

IrValue *lw_host_call(Lower *L, Span sp, IrOp op, int ival, Type *t, int n, IrValue **args)
{
    if (!t) {
        IrInstr *in = ir_emit(L->m, L->blk, op, sp, NULL, n, args);
        in->ival = ival;
        return lw_pseudo(L, ty_none());
    }
    IrValue *r = lw_emit(L, op, sp, t, n, args);
    r->def->ival = ival;
    return r;
}

/* ---------------------------------------------------------------- run-time checks, stores, index arrays */

void lw_emit_raise_if(Lower *L, Span sp, IrValue *cond, const char *exc, const char *msg)
{
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrInstr *r = ir_emit(L->m, in->blocks[0], IR_RAISE, sp, NULL, 0, NULL);
    r->sval = exc;
    r->sval2 = msg;
}

bool lw_raise_if(Lower *L, Span sp, IrValue *cond, const char *exc, const char *msg)
{
    int64_t c;
    if (lw_is_const_int(cond, &c)) {
        if (!c) return true;
        diag_error(sp, "%s", msg);
        return false;
    }
    lw_emit_raise_if(L, sp, cond, exc, msg);
    return true;
}

void lw_store_into(Lower *L, Span sp, IrValue *dst, IrValue *src)
{
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){dst, src});
    in->dtype = dst->type->dtype;
}

IrValue *lw_copy_of(Lower *L, Span sp, IrValue *x) { return lw_emit1(L, IR_COPY, sp, x->type, x); }

/* The bytes of x, a 1-d C-contiguous array of any dtype, as a bytes value (TY_BYTES: the same
 * memory read as uint8). */
IrValue *lw_bytes_of(Lower *L, Span sp, IrValue *x)
{
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_bytes(), x);
    r->def->dtype = DT_UINT8;
    return r;
}

/* The bytes of b (TY_BYTES) as a 1-d uint8 array, a view. */
IrValue *lw_bytes_array(Lower *L, Span sp, IrValue *b)
{
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(DT_UINT8, 1), b);
    r->def->dtype = DT_UINT8;
    return r;
}

/* for i in range(start, stop): a host loop the compiler writes (a run-time count of steps,
 * each a few kernels: Horner's rule over coefficients, lexsort's keys).  L->blk becomes its body
 * and *i the index there; the block to restore after the body is returned. */
IrBlock *lw_loop_begin(Lower *L, Span sp, IrValue *start, IrValue *stop, IrValue **i)
{
    IrVar *iv = lw_temp_var(L, "i", ty_int());
    IrInstr *loop =
        ir_emit(L->m, L->blk, IR_FOR_RANGE, sp, NULL, 3, (IrValue *[]){ start, stop, lw_cint(L, sp, 1) });
    loop->var = iv;
    loop->blocks[0] = ir_block_new(L->m, loop);
    IrBlock *saved = L->blk;
    L->blk = loop->blocks[0];
    *i = lw_load(L, iv, sp);
    return saved;
}

IrValue *lw_ravel(Lower *L, Span sp, IrValue *x)
{
    IrValue *d = lw_cint(L, sp, -1);
    return lw_emit_reshape(L, sp, x, 1, &d);
}

/* 0, 1, ..., n-1 as int64 */
IrValue *lw_iota(Lower *L, Span sp, IrValue *n)
{
    IrValue *args[3] = {lw_cint(L, sp, 0), lw_cint(L, sp, 1), n};
    IrValue *r = lw_emit(L, IR_ARANGE, sp, ty_array(DT_INT64, 1), 3, args);
    r->def->dtype = DT_INT64;
    return r;
}

/* x[idx] for a 1-d x and an int array idx of any shape: a copy (IR_ADV_INDEX; NULL idx
 * stays NULL). */
IrValue *lw_gather(Lower *L, Span sp, IrValue *x, IrValue *idx) { return lw_gather_axis(L, sp, x, 0, idx); }

IrValue *lw_gather_axis(Lower *L, Span sp, IrValue *x, int k, IrValue *idx)
{
    if (!idx) return NULL;
    IrValue *args[1 + 3 * IR_MAXDIM + 1];
    IdxKind kinds[IR_MAXDIM + 1];
    int na = 0;
    args[na++] = x;
    for (int i = 0; i < k; i++) {
        for (int j = 0; j < 3; j++) args[na++] = lw_const_none(L, sp);
        kinds[i] = IDX_SLICE;
    }
    args[na++] = idx;
    kinds[k] = IDX_INT;
    return lw_index_adv(L, x, sp, sp, k + 1, kinds, na, args);
}

/* ---------------------------------------------------------------- index views (IR_INDEX) */

void lw_ix_init(LwIx *ix, IrValue *x)
{
    memset(ix, 0, sizeof *ix);
    ix->args[ix->na++] = x;
}

/* start:stop:step; NULL parts are None */
void lw_ix_slice(Lower *L, Span sp, LwIx *ix, IrValue *start, IrValue *stop, IrValue *step)
{
    ix->k[ix->n++] = IDX_SLICE;
    ix->args[ix->na++] = start ? start : lw_const_none(L, sp);
    ix->args[ix->na++] = stop ? stop : lw_const_none(L, sp);
    ix->args[ix->na++] = step ? step : lw_const_none(L, sp);
}

void lw_ix_all(Lower *L, Span sp, LwIx *ix) { lw_ix_slice(L, sp, ix, NULL, NULL, NULL); }

void lw_ix_int(LwIx *ix, IrValue *i)
{
    ix->k[ix->n++] = IDX_INT;
    ix->args[ix->na++] = i;
    ix->nint++;
}

void lw_ix_new(LwIx *ix)
{
    ix->k[ix->n++] = IDX_NEWAXIS;
    ix->nnew++;
}

IrValue *lw_ix_emit(Lower *L, Span sp, LwIx *ix)
{
    IrValue *x = ix->args[0];
    int rnd = x->type->ndim - ix->nint + ix->nnew;
    IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(x->type->dtype, rnd), ix->na, ix->args);
    r->def->nidx = ix->n;
    for (int i = 0; i < ix->n; i++) r->def->idx[i] = ix->k[i];
    return r;
}

/* x[:, ..., start:stop:step] with the slice at `axis` */
IrValue *lw_slice_axis(Lower *L, Span sp, IrValue *x, int axis, IrValue *start, IrValue *stop, IrValue *step)
{
    LwIx ix;
    lw_ix_init(&ix, x);
    for (int i = 0; i < axis; i++) lw_ix_all(L, sp, &ix);
    lw_ix_slice(L, sp, &ix, start, stop, step);
    return lw_ix_emit(L, sp, &ix);
}

/* x with a new axis of size 1 at position axis (0 <= axis <= ndim) */
IrValue *lw_newaxis_at(Lower *L, Span sp, IrValue *x, int axis)
{
    LwIx ix;
    lw_ix_init(&ix, x);
    for (int i = 0; i < axis; i++) lw_ix_all(L, sp, &ix);
    lw_ix_new(&ix);
    return lw_ix_emit(L, sp, &ix);
}

IrValue *lw_broadcast_to(Lower *L, Span sp, IrValue *x, int nd, IrValue **dims)
{
    IrValue *args[IR_MAXDIM + 1];
    args[0] = x;
    for (int i = 0; i < nd; i++) args[1 + i] = dims[i];
    return lw_emit(L, IR_BROADCAST_TO, sp, ty_array(x->type->dtype, nd), nd + 1, args);
}

/* ---------------------------------------------------------------- shapes */

IrValue *lw_dim(Lower *L, Span sp, IrValue *x, int i)
{
    IrValue *d = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
    d->def->ival = i;
    return d;
}

/* The shape of array a as run-time ints. */
void lw_shape_of(Lower *L, IrValue *a, Span sp, IrValue **dims)
{
    for (int i = 0; i < a->type->ndim; i++) {
        dims[i] = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), a);
        dims[i]->def->ival = i;
    }
}

/* The size of dimension i of array v when it is known at compile time, else -1.  Follows the
 * instruction that made v (creation with constant shapes, literals, casts and copies,
 * transposes, reshapes and elementwise broadcasting). */
int64_t lw_static_dim(const IrValue *v, int i)
{
    const IrInstr *in = v ? v->def : NULL;
    if (!in || v->type->kind != TY_ARRAY || i < 0 || i >= v->type->ndim) return -1;
    int64_t c;
    switch (in->op) {
    case IR_FULL: case IR_EMPTY: case IR_RANDOM_DRAW: case IR_NP_DRAW:
        return lw_is_const_int(in->args[i], &c) && c >= 0 ? c : -1;
    case IR_RESHAPE: case IR_BROADCAST_TO:
        return lw_is_const_int(in->args[1 + i], &c) && c >= 0 ? c : -1;
    case IR_ARRAY_LIT: return in->shape[i];
    case IR_EYE: return lw_is_const_int(in->args[i], &c) && c >= 0 ? c : -1;
    case IR_COPY: case IR_COMPLEX_PART: return lw_static_dim(in->args[0], i);
    case IR_TRANSPOSE: return lw_static_dim(in->args[0], in->perm[i]);
    case IR_LOAD: return in->known ? lw_static_dim(in->known, i) : -1;
    case IR_ARANGE: case IR_LINSPACE: return lw_is_const_int(in->args[2], &c) && c >= 0 ? c : -1;
    default: break;
    }
    if (!ir_op_is_ewise(in->op)) return -1;
    int nd = v->type->ndim;
    int64_t r = 1;
    for (int k = 0; k < in->nargs; k++) {
        const IrValue *a = in->args[k];
        if (a->type->kind != TY_ARRAY) continue;
        int j = i - (nd - a->type->ndim);
        if (j < 0) continue;
        int64_t d = lw_static_dim(a, j);
        if (d < 0) return -1;
        if (d != 1) r = d;
    }
    return r;
}

/* ---------------------------------------------------------------- new arrays and views */

IrValue *lw_emit_full(Lower *L, Span sp, DType dt, int ndim, IrValue **dims, IrValue *fill)
{
    IrValue *args[IR_MAXDIM + 1];
    for (int i = 0; i < ndim; i++) args[i] = dims[i];
    args[ndim] = fill;
    IrValue *r = lw_emit(L, IR_FULL, sp, ty_array(dt, ndim), ndim + 1, args);
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return r;
}

IrValue *lw_emit_empty(Lower *L, Span sp, DType dt, int ndim, IrValue **dims)
{
    IrValue *r = lw_emit(L, IR_EMPTY, sp, ty_array(dt, ndim), ndim, dims);
    r->def->dtype = dt;
    r->def->ndim = ndim;
    return r;
}

IrValue *lw_emit_reshape(Lower *L, Span sp, IrValue *x, int ndim, IrValue **dims)
{
    IrValue *args[IR_MAXDIM + 1];
    args[0] = x;
    for (int i = 0; i < ndim; i++) args[1 + i] = dims[i];
    IrValue *r = lw_emit(L, IR_RESHAPE, sp, ty_array(x->type->dtype, ndim), ndim + 1, args);
    r->def->ndim = ndim;
    return r;
}


IrValue *lw_emit_transpose(Lower *L, Span sp, IrValue *x, const int *perm)
{
    int nd = x->type->ndim;
    IrValue *r = lw_emit1(L, IR_TRANSPOSE, sp, x->type, x);
    r->def->ndim = nd;
    for (int i = 0; i < nd; i++) r->def->perm[i] = perm ? perm[i] : nd - 1 - i;
    return r;
}

/* a, b = some_list: a run-time length check with Python's messages, then each element assigned
 * to its target. */
bool lw_unpack_list(Lower *L, AstNode *target, IrValue *list, Span sp)
{
    int n = target->elts.n;
    IrValue *len = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), list);
    IrValue *ne = lw_binop(L, AOP_NE, sp, len, lw_cint(L, sp, n));
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &ne);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    for (int k = 0; k < n; k++)
        lw_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, len, lw_cint(L, sp, k)), "ValueError",
                    ar_printf(L->a, "not enough values to unpack (expected %d, got %d)", n, k));
    IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 0, NULL);
    r->sval = "ValueError";
    r->sval2 = ar_printf(L->a, "too many values to unpack (expected %d)", n);
    L->blk = saved;
    /* every item read before any target is assigned (`ys[1], b = ys`), as Python unpacks */
    IrValue **vals = ar_alloc(L->a, sizeof *vals * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) vals[i] = lw_emit2(L, IR_LIST_GET, sp, list->type->elem, list, lw_cint(L, sp, i));
    bool ok = true;
    for (int i = 0; i < n; i++) ok &= lw_assign(L, target->elts.v[i], vals[i], sp);
    return ok;
}

/* `a, *mid, z = v` of a tuple: its items by position, mid the list of the rest (Python makes it
 * a list whatever v is; here of one element type). */
static bool unpack_starred_tuple(Lower *L, AstNode *target, int star, IrValue *v, Span sp)
{
    int n = target->elts.n, m = v->type->n, after = n - star - 1;
    if (m < n - 1) {
        diag_error(sp, "not enough values to unpack (expected at least %d, got %d)", n - 1, m);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < star; i++) ok &= lw_assign(L, target->elts.v[i], lw_tuple_get(L, v, i, sp), sp);
    int k = m - after - star;
    IrValue **mid = ar_alloc(L->a, sizeof *mid * (size_t)(k ? k : 1));
    for (int i = 0; i < k; i++) {
        mid[i] = lw_tuple_get(L, v, star + i, sp);
        if (!ty_equal(mid[i]->type, mid[0]->type) || !lw_is_runtime_type(mid[i]->type)) {
            diag_error(((AstNode *)target->elts.v[star])->span,
                       "the starred name takes items of different types (%s and %s): gpyc makes it a list, of "
                       "one element type",
                       ty_str_of(mid[0]->type), ty_str_of(mid[i]->type));
            return false;
        }
    }
    IrValue *l = lw_emit(L, IR_LIST_NEW, sp, ty_list(k ? mid[0]->type : NULL), k, mid);
    ok &= lw_assign(L, ((AstNode *)target->elts.v[star])->lhs, l, sp);
    for (int i = 0; i < after; i++)
        ok &= lw_assign(L, target->elts.v[star + 1 + i], lw_tuple_get(L, v, m - after + i, sp), sp);
    return ok;
}

bool lw_unpack_starred(Lower *L, AstNode *target, int star, IrValue *v, Span sp)
{
    if (v->type->kind == TY_TUPLE) return unpack_starred_tuple(L, target, star, v, sp);
    bool list = v->type->kind == TY_LIST && v->type->elem && !ty_is_deque(v->type);
    if (!list && !(v->type->kind == TY_ARRAY && v->type->ndim >= 1)) {
        diag_error(sp, "cannot unpack %s into a starred target (gpyc: a tuple, a list or an array)",
                   ty_str_of(v->type));
        return false;
    }
    /* h = v; a length check with Python's messages; the items by position (from the end after
     * the star); the star's name the new list h[star:len(h) - after] (of an array: its rows) */
    int n = target->elts.n, after = n - star - 1;
    Span ts = target->span;
    const char *h = ar_printf(L->a, "v@unpack%u.%u", ts.start, ts.end);
    if (!lw_assign(L, lw_ast_name(L, sp, h), v, sp)) return false;
    AstNode *hn = lw_ast_name(L, sp, h);
    IrValue *len = lw_expr(L, lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &hn));
    if (!len) return false;
    for (int k = 0; k < n - 1; k++)
        lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, len, lw_cint(L, sp, k)), "ValueError",
                         ar_printf(L->a, "not enough values to unpack (expected at least %d, got %d)", n - 1, k));
    /* every item is read before any target is assigned (a target may be an item of the list:
     * `ys[2], *rest = ys`), as Python unpacks */
    IrValue **vals = ar_alloc(L->a, sizeof *vals * (size_t)n);
    for (int i = 0; i < n; i++) {
        AstNode *x;
        if (i == star) {
            AstNode *sl = lw_ast_node(L, AST_SLICE, sp);
            sl->lhs = lw_ast_int(L, sp, star);
            if (after) sl->rhs = lw_ast_int(L, sp, -after);
            x = lw_ast_item(L, sp, h, sl);
            x->id = target->id; /* (a list slice's hidden names: one per target) */
            if (!list) {
                x = lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &x);
                x->id = target->id;
            }
        } else {
            x = lw_ast_item(L, sp, h, lw_ast_int(L, sp, i < star ? i : i - n));
        }
        if (!(vals[i] = lw_expr(L, x))) return false;
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        AstNode *t = target->elts.v[i];
        ok &= lw_assign(L, i == star ? t->lhs : t, vals[i], sp);
    }
    return ok;
}
