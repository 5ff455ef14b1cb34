/*
 * lower/api/sparse.c — cupyx.scipy.sparse's csr_matrix, csc_matrix and coo_matrix, and
 * cupyx.cusparse's sorts, as CuPy has them.
 *
 * A sparse matrix is a value of its own type (TY_SPARSE: format and dtype known at compile
 * time), at run time a struct of its arrays and shape (ty_sparse's elements SP_DATA ..
 * SP_NCOLS): data, then indices and indptr (csr, csc) or row and col (coo), all ordinary
 * device arrays that the matrix shares with the script (CuPy's copy=False), and the numbers
 * of rows and columns.  What needs cuSPARSE is one IR_SPARSE instruction (runtime/sparse.c:
 * sorts, conversions, dense results, products); the rest is composed here from the matrix's
 * arrays: .T (a csr matrix's transpose is the csc matrix of the same arrays), nnz, sum()
 * (axis=None: the sum of data; an axis: a product with ones), has_sorted_indices.
 *
 * Invariants: data is float32/64 or complex64/128 (CuPy's dtypes without bool), indices int32
 * (the constructors cast as CuPy does), every array 1-d; a compressed matrix's major extent is
 * its rows (csr) or columns (csc), so the runtime sees a csc matrix as the csr matrix of its
 * transpose.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- values */

static bool is_fmt(const Type *t, const char *fmt) { return t->kind == TY_SPARSE && !strcmp(t->name, fmt); }

static bool compressed(const Type *t) { return !is_fmt(t, "coo"); }

static int fmt_code(const Type *t)
{
    return is_fmt(t, "csr") ? SPF_CSR : is_fmt(t, "csc") ? SPF_CSC : SPF_COO;
}

/* The sparse matrix of format fmt over data, the two index arrays and the shape. */
static IrValue *sp_make(Lower *L, Span sp, const char *fmt, IrValue *data, IrValue *a, IrValue *b,
                        IrValue *nrows, IrValue *ncols)
{
    Type *t = ty_sparse(fmt, data->type->dtype);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, SP_NELEMS, (IrValue *[]){ data, a, b, nrows, ncols });
}

static IrValue *sp_get(Lower *L, IrValue *x, int i, Span sp) { return lw_tuple_get(L, x, i, sp); }

/* One IR_SPARSE call of kind: args (arrays, then ints) → nres results (0: none, 1: an array of
 * rtype, 3: a tuple of data (dt), then two int32 arrays). */
static IrValue *sp_call(Lower *L, Span sp, int kind, int nres, Type *rtype, DType dt, int nargs,
                        IrValue **args)
{
    Type *t = NULL;
    if (nres == 1) t = rtype;
    if (nres == 3) {
        t = ty_tuple(3, (Type *[]){ ty_array(dt, 1), ty_array(DT_INT32, 1), ty_array(DT_INT32, 1) });
        ir_need_tuple(L->m, t);
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_SPARSE, sp, t, nargs, args);
    in->ival = kind;
    return in->res ? in->res : lw_pseudo(L, ty_none());
}

/* The matrix of format fmt from rt_sparse's tuple r (data, then the two index arrays). */
static IrValue *sp_from(Lower *L, Span sp, const char *fmt, IrValue *r, IrValue *nrows, IrValue *ncols)
{
    return sp_make(L, sp, fmt, lw_tuple_get(L, r, 0, sp), lw_tuple_get(L, r, 1, sp),
                   lw_tuple_get(L, r, 2, sp), nrows, ncols);
}

/* x's five elements, in order. */
static void sp_parts(Lower *L, IrValue *x, Span sp, IrValue **p)
{
    for (int i = 0; i < SP_NELEMS; i++) p[i] = sp_get(L, x, i, sp);
}

/* The major and minor extents of a compressed matrix. */
static void extents(const Type *t, IrValue **p, IrValue **major, IrValue **minor)
{
    bool csc = is_fmt(t, "csc");
    *major = p[csc ? SP_NCOLS : SP_NROWS];
    *minor = p[csc ? SP_NROWS : SP_NCOLS];
}

/* ---------------------------------------------------------------- constructors */

/* CuPy's dtypes for sparse values: float32/64, complex64/128 (and bool, which gpyc lacks). */
static bool value_dtype_ok(DType d, Span sp)
{
    if (d == DT_FLOAT32 || d == DT_FLOAT64 || d == DT_COMPLEX64 || d == DT_COMPLEX128) return true;
    if (d == DT_BOOL)
        diag_error(sp, "sparse matrices of bool are not supported by gpyc");
    else
        diag_error(sp, "Only bool, float32, float64, complex64 and complex128 are supported");
    return false;
}

/* A 1-d array argument of a constructor (what names it in the message). */
static IrValue *vec_arg(IrValue *v, Span sp, const char *fmt, const char *what)
{
    if (v->type->kind != TY_ARRAY || v->type->ndim != 1) {
        diag_error(sp, "%s of %s_matrix((...)) must be a 1-d array here, not %s", what, fmt,
                   ty_str_of(v->type));
        return NULL;
    }
    return v;
}

/* max(x) + 1, or 0 for an empty x: an extent CuPy infers from indices (syncs). */
static IrValue *extent_of(Lower *L, Span sp, IrValue *x)
{
    IrValue *lit = lw_const_int(L, sp, -1);
    IrValue *m1 = lw_emit(L, IR_ARRAY_LIT, sp, ty_array(DT_INT32, 1), 1, &lit);
    m1->def->dtype = DT_INT32;
    m1->def->ndim = 1;
    m1->def->shape[0] = 1;
    IrValue *j = lw_join(L, sp, "concatenate", 2, (IrValue *[]){ x, m1 }, 0, DT_INT32);
    IrValue *m = lw_reduce_axes(L, sp, RED_MAX, j, 1, (int[]){ 0 }, false, DT_INT32);
    return lw_iadd(L, sp, lw_to_scalar(L, m, TY_INT, sp), lw_cint(L, sp, 1));
}

/* A matrix of another format (or a dense array) as format fmt; NULL after an error. */
static IrValue *convert(Lower *L, Span sp, IrValue *x, const char *fmt);

/* fmt_matrix(arg1, shape=None, dtype=None, copy=False) (CuPy): arg1 is (data, indices,
 * indptr) (csr, csc), (data, (row, col)) (any format: coo, then converted), a dense 2-d
 * array, or another sparse matrix.  dtype= casts the data; copy=True copies the arrays.
 * Without shape=, a compressed matrix has len(indptr) - 1 major slices and max(indices) + 1
 * minor ones, a coo matrix max(row) + 1 rows and max(col) + 1 columns. */
static IrValue *construct(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    const char *fmt = ar_strndup(L->a, f->name, 3);
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, f->name, "arg1,shape,dtype,copy", 1, &a)) return NULL;
    DType dt = DT_COUNT;
    bool given, copy;
    if (!lw_dtype_arg(L, a.p[2], &dt, &given) || !lw_bool_arg(L, a.p[3], false, &copy)) return NULL;
    IrValue *dims[IR_MAXDIM] = { NULL, NULL };
    if (a.p[1] && a.p[1]->kind != AST_NONE) {
        int nd;
        if (!lw_shape_arg(L, a.p[1], dims, &nd)) return NULL;
        if (nd != 2) {
            diag_error(a.p[1]->span, "Only two-dimensional sparse arrays are supported.");
            return NULL;
        }
    }
    IrValue *arg = lw_expr(L, a.p[0]);
    if (!arg) return NULL;
    Span asp = a.p[0]->span;
    if (arg->type->kind == TY_SPARSE || (arg->type->kind == TY_ARRAY && arg->type->ndim == 2)) {
        if (a.p[1] || given || copy) {
            diag_error(sp, "%s() of a matrix or dense array takes no shape, dtype or copy in gpyc", f->name);
            return NULL;
        }
        if (arg->type->kind == TY_ARRAY && !value_dtype_ok(arg->type->dtype, asp)) return NULL;
        return convert(L, sp, arg, fmt);
    }
    bool coo_in = arg->type->kind == TY_TUPLE && arg->type->n == 2 && arg->type->elems[1]->kind == TY_TUPLE &&
                  arg->type->elems[1]->n == 2;
    if (!coo_in && (arg->type->kind != TY_TUPLE || arg->type->n != 3 || !strcmp(fmt, "coo"))) {
        diag_error(asp, "%s() takes %s, a dense 2-d array or a sparse matrix here, not %s", f->name,
                   strcmp(fmt, "coo") ? "(data, indices, indptr), (data, (row, col))" : "(data, (row, col))",
                   ty_str_of(arg->type));
        return NULL;
    }
    IrValue *data = vec_arg(lw_tuple_get(L, arg, 0, asp), asp, fmt, "data");
    IrValue *pair = coo_in ? lw_tuple_get(L, arg, 1, asp) : NULL;
    IrValue *i1 = vec_arg(coo_in ? lw_tuple_get(L, pair, 0, asp) : lw_tuple_get(L, arg, 1, asp), asp, fmt,
                          coo_in ? "row" : "indices");
    IrValue *i2 = vec_arg(coo_in ? lw_tuple_get(L, pair, 1, asp) : lw_tuple_get(L, arg, 2, asp), asp, fmt,
                          coo_in ? "col" : "indptr");
    if (!data || !i1 || !i2) return NULL;
    if (dt == DT_COUNT) dt = data->type->dtype;
    if (!value_dtype_ok(dt, given ? a.p[2]->span : asp)) return NULL;
    for (int k = 0; k < 2; k++) {
        IrValue *ix = k ? i2 : i1;
        if (!dt_is_int(ix->type->dtype) && ix->type->dtype != DT_BOOL) {
            diag_error(asp, "index arrays must be of an integer dtype, not %s", dt_name(ix->type->dtype));
            return NULL;
        }
    }
    data = lw_cast_to(L, data, dt, sp);
    i1 = lw_cast_to(L, i1, DT_INT32, sp);
    i2 = lw_cast_to(L, i2, DT_INT32, sp);
    if (copy) {
        data = lw_copy_of(L, sp, data);
        i1 = lw_copy_of(L, sp, i1);
        i2 = lw_copy_of(L, sp, i2);
    }
    if (coo_in) {
        if (!dims[0]) {
            dims[0] = extent_of(L, sp, i1);
            dims[1] = extent_of(L, sp, i2);
        }
        IrValue *m = sp_make(L, sp, "coo", data, i1, i2, dims[0], dims[1]);
        return strcmp(fmt, "coo") ? convert(L, sp, m, fmt) : m;
    }
    if (!dims[0]) {
        IrValue *major = lw_isub(L, sp, lw_emit1(L, IR_SIZE, sp, ty_int(), i2), lw_cint(L, sp, 1));
        IrValue *minor = extent_of(L, sp, i1);
        bool csr = !strcmp(fmt, "csr");
        dims[0] = csr ? major : minor;
        dims[1] = csr ? minor : major;
    }
    return sp_make(L, sp, fmt, data, i1, i2, dims[0], dims[1]);
}

/* ---------------------------------------------------------------- conversions */

/* x (a matrix) transposed: csr ↔ csc over the same arrays, coo with row and col swapped. */
static IrValue *transpose(Lower *L, Span sp, IrValue *x)
{
    IrValue *p[SP_NELEMS];
    sp_parts(L, x, sp, p);
    if (!compressed(x->type))
        return sp_make(L, sp, "coo", p[SP_DATA], p[SP_PTR], p[SP_IDX], p[SP_NCOLS], p[SP_NROWS]);
    return sp_make(L, sp, is_fmt(x->type, "csr") ? "csc" : "csr", p[SP_DATA], p[SP_IDX], p[SP_PTR],
                   p[SP_NCOLS], p[SP_NROWS]);
}

static IrValue *convert(Lower *L, Span sp, IrValue *x, const char *fmt)
{
    if (x->type->kind == TY_ARRAY) {
        IrValue *r = sp_call(L, sp, SPK_FROMDENSE, 3, NULL, x->type->dtype, 2,
                             (IrValue *[]){ x, lw_cint(L, sp,
                                                       !strcmp(fmt, "csr")   ? SPF_CSR
                                                       : !strcmp(fmt, "csc") ? SPF_CSC
                                                                             : SPF_COO) });
        return sp_from(L, sp, fmt, r, lw_dim(L, sp, x, 0), lw_dim(L, sp, x, 1));
    }
    if (is_fmt(x->type, fmt)) return x;
    IrValue *p[SP_NELEMS];
    sp_parts(L, x, sp, p);
    DType dt = x->type->dtype;
    if (!strcmp(fmt, "coo")) {
        /* the major index of each entry expanded from indptr; the minor ones are indices */
        IrValue *major, *minor;
        extents(x->type, p, &major, &minor);
        IrValue *nnz = lw_emit1(L, IR_SIZE, sp, ty_int(), p[SP_IDX]);
        IrValue *e = sp_call(L, sp, SPK_EXPAND, 1, ty_array(DT_INT32, 1), dt, 3,
                             (IrValue *[]){ p[SP_PTR], major, nnz });
        bool csr = is_fmt(x->type, "csr");
        return sp_make(L, sp, "coo", p[SP_DATA], csr ? e : p[SP_IDX], csr ? p[SP_IDX] : e, p[SP_NROWS],
                       p[SP_NCOLS]);
    }
    if (!compressed(x->type)) {
        /* coo → compressed: sorted by the major index, then the minor one */
        bool csr = !strcmp(fmt, "csr");
        IrValue *maj = csr ? p[SP_IDX] : p[SP_PTR], *mnr = csr ? p[SP_PTR] : p[SP_IDX];
        IrValue *nmaj = csr ? p[SP_NROWS] : p[SP_NCOLS], *nmin = csr ? p[SP_NCOLS] : p[SP_NROWS];
        IrValue *r =
            sp_call(L, sp, SPK_COMPRESS, 3, NULL, dt, 5, (IrValue *[]){ p[SP_DATA], maj, mnr, nmaj, nmin });
        return sp_from(L, sp, fmt, r, p[SP_NROWS], p[SP_NCOLS]);
    }
    /* csr ↔ csc: the other compression of the same matrix */
    IrValue *major, *minor;
    extents(x->type, p, &major, &minor);
    IrValue *r = sp_call(L, sp, SPK_TRANSPOSE, 3, NULL, dt, 5,
                         (IrValue *[]){ p[SP_DATA], p[SP_IDX], p[SP_PTR], major, minor });
    return sp_from(L, sp, fmt, r, p[SP_NROWS], p[SP_NCOLS]);
}

/* The dense (rows, cols) array of x. */
static IrValue *todense(Lower *L, Span sp, IrValue *x)
{
    IrValue *p[SP_NELEMS];
    sp_parts(L, x, sp, p);
    return sp_call(L, sp, SPK_TODENSE, 1, ty_array(x->type->dtype, 2), x->type->dtype, 6,
                   (IrValue *[]){ p[SP_DATA], p[SP_IDX], p[SP_PTR], p[SP_NROWS], p[SP_NCOLS],
                                  lw_cint(L, sp, fmt_code(x->type)) });
}

/* ---------------------------------------------------------------- products */

/* x @ b, b a dense 1-d or 2-d array (cuSPARSE SpMV, SpMM): both in their promoted dtype (a
 * float one: CuPy's products compute in the sparse dtypes). */
static IrValue *matmul(Lower *L, Span sp, IrValue *x, IrValue *b)
{
    if (b->type->kind == TY_SPARSE) {
        diag_error(sp, "a product of two sparse matrices is not supported by gpyc");
        return NULL;
    }
    if (ty_is_scalar(b->type)) {
        diag_error(sp, "Scalar operands are not allowed, use '*' instead");
        return NULL;
    }
    if (b->type->kind != TY_ARRAY || b->type->ndim < 1 || b->type->ndim > 2) {
        diag_error(sp, "gpyc multiplies a sparse matrix by a dense 1-d or 2-d array only, not %s",
                   ty_str_of(b->type));
        return NULL;
    }
    DType dt = dt_promote(x->type->dtype, b->type->dtype);
    if (!dt_is_float(dt) && !dt_is_complex(dt)) dt = DT_FLOAT64;
    if (dt == DT_FLOAT16) dt = DT_FLOAT32;
    IrValue *p[SP_NELEMS];
    sp_parts(L, x, sp, p);
    IrValue *data = lw_cast_to(L, p[SP_DATA], dt, sp), *bb = lw_cast_to(L, b, dt, sp);
    return sp_call(L, sp, SPK_SPMM, 1, ty_array(dt, b->type->ndim), dt, 7,
                   (IrValue *[]){ data, p[SP_IDX], p[SP_PTR], bb, p[SP_NROWS], p[SP_NCOLS],
                                  lw_cint(L, sp, fmt_code(x->type)) });
}

IrValue *lw_sparse_matmul(Lower *L, Span sp, IrValue *a, IrValue *b)
{
    if (a->type->kind != TY_SPARSE) {
        diag_error(sp, "a dense array @ a sparse matrix is not supported by gpyc; write (B.T @ A.T).T");
        return NULL;
    }
    return matmul(L, sp, a, b);
}

/* ---------------------------------------------------------------- attributes */

/* has_sorted_indices of a compressed matrix: every index at least the one before it in its
 * major slice (CuPy's and SciPy's test), computed (syncs). */
static IrValue *sorted_indices(Lower *L, Span sp, IrValue *x)
{
    IrValue *p[SP_NELEMS], *major, *minor;
    sp_parts(L, x, sp, p);
    extents(x->type, p, &major, &minor);
    IrValue *nnz = lw_emit1(L, IR_SIZE, sp, ty_int(), p[SP_IDX]);
    IrValue *m = sp_call(L, sp, SPK_EXPAND, 1, ty_array(DT_INT32, 1), x->type->dtype, 3,
                         (IrValue *[]){ p[SP_PTR], major, nnz });
    IrValue *one = lw_cint(L, sp, 1), *neg = lw_cint(L, sp, -1);
    IrValue *i = p[SP_IDX];
    IrValue *up = lw_ew2(L, IR_GE, sp, lw_slice_axis(L, sp, i, 0, one, NULL, NULL),
                         lw_slice_axis(L, sp, i, 0, NULL, neg, NULL));
    IrValue *cut = lw_ew2(L, IR_NE, sp, lw_slice_axis(L, sp, m, 0, one, NULL, NULL),
                          lw_slice_axis(L, sp, m, 0, NULL, neg, NULL));
    IrValue *ok = lw_reduce_axes(L, sp, RED_ALL, lw_ew2(L, IR_LOGICAL_OR, sp, up, cut), 1, (int[]){ 0 },
                                 false, DT_BOOL);
    return lw_to_scalar(L, ok, TY_BOOL, sp);
}

IrValue *lw_sparse_attr(Lower *L, IrValue *x, const char *at, Span sp)
{
    const Type *t = x->type;
    bool cz = compressed(t);
    if (!strcmp(at, "data")) return sp_get(L, x, SP_DATA, sp);
    if (!strcmp(at, cz ? "indices" : "row")) return sp_get(L, x, SP_IDX, sp);
    if (!strcmp(at, cz ? "indptr" : "col")) return sp_get(L, x, SP_PTR, sp);
    if (!strcmp(at, "shape"))
        return lw_tuple(L, sp, 2, (IrValue *[]){ sp_get(L, x, SP_NROWS, sp), sp_get(L, x, SP_NCOLS, sp) });
    if (!strcmp(at, "nnz")) return lw_emit1(L, IR_SIZE, sp, ty_int(), sp_get(L, x, SP_DATA, sp));
    if (!strcmp(at, "dtype")) return lw_pseudo(L, ty_dtype(t->dtype));
    if (!strcmp(at, "ndim")) return lw_const_int(L, sp, 2);
    if (!strcmp(at, "format")) return lw_const_str(L, sp, t->name);
    if (!strcmp(at, "T")) return transpose(L, sp, x);
    if (!strcmp(at, "has_sorted_indices") && cz) return sorted_indices(L, sp, x);
    diag_error(sp, "'%s_matrix' object has no attribute '%s' that gpyc supports", t->name, at);
    return NULL;
}

/* ---------------------------------------------------------------- methods */

/* x.toarray(), x.todense() (CuPy: both a dense ndarray) */
static IrValue *m_toarray(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, f->name, "self,order,out", 0, x, &a) || !lw_no_arg(a.p[1], "order") ||
        !lw_no_arg(a.p[2], "out"))
        return NULL;
    return todense(L, call->span, x);
}

/* x.tocsr(copy=False), tocsc, tocoo: arg the format's first letter pair */
static IrValue *m_convert(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    bool copy;
    if (!lw_bind_self(call, f->name, "self,copy", 0, x, &a) || !lw_bool_arg(L, a.p[1], false, &copy))
        return NULL;
    const char *fmt = f->name + 2;
    IrValue *r = convert(L, call->span, x, fmt);
    if (!r || !copy || r != x) return r;
    IrValue *p[SP_NELEMS];
    Span sp = call->span;
    sp_parts(L, x, sp, p);
    return sp_make(L, sp, fmt, lw_copy_of(L, sp, p[SP_DATA]), lw_copy_of(L, sp, p[SP_IDX]),
                   lw_copy_of(L, sp, p[SP_PTR]), p[SP_NROWS], p[SP_NCOLS]);
}

/* The same matrix as x over copies of its arrays. */
static IrValue *sp_copy(Lower *L, Span sp, IrValue *x)
{
    IrValue *p[SP_NELEMS];
    sp_parts(L, x, sp, p);
    return sp_make(L, sp, x->type->name, lw_copy_of(L, sp, p[SP_DATA]), lw_copy_of(L, sp, p[SP_IDX]),
                   lw_copy_of(L, sp, p[SP_PTR]), p[SP_NROWS], p[SP_NCOLS]);
}

/* x.copy() */
static IrValue *m_copy(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, f->name, "self", 0, x, &a)) return NULL;
    return sp_copy(L, call->span, x);
}

/* x.transpose(axes=None, copy=False) */
static IrValue *m_transpose(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    bool copy;
    if (!lw_bind_self(call, f->name, "self,axes,copy", 0, x, &a) || !lw_bool_arg(L, a.p[2], false, &copy))
        return NULL;
    if (a.p[1] && a.p[1]->kind != AST_NONE) {
        diag_error(a.p[1]->span,
                   "Sparse matrices do not support an 'axes' parameter because swapping dimensions "
                   "is the only logical permutation.");
        return NULL;
    }
    IrValue *r = transpose(L, call->span, x);
    return copy ? sp_copy(L, call->span, r) : r;
}

/* x.sum(axis=None, dtype=None, out=None): the sum of data (a 0-d array) for axis=None; for
 * axis 0 the (1, cols) row A.T @ ones(rows), for axis 1 the (rows, 1) column A @ ones(cols)
 * (CuPy's way: a 2-d result, as SciPy's matrix) */
static IrValue *m_sum(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, f->name, "self,axis,dtype,out", 0, x, &a) || !lw_no_arg(a.p[3], "out"))
        return NULL;
    Span sp = call->span;
    DType dt = x->type->dtype;
    bool given;
    if (!lw_dtype_arg(L, a.p[2], &dt, &given)) return NULL;
    if (given && !value_dtype_ok(dt, a.p[2]->span)) return NULL;
    IrValue *y = x;
    if (dt != x->type->dtype) {
        IrValue *p[SP_NELEMS];
        sp_parts(L, x, sp, p);
        y = sp_make(L, sp, x->type->name, lw_cast(L, p[SP_DATA], dt, sp), p[SP_IDX], p[SP_PTR], p[SP_NROWS],
                    p[SP_NCOLS]);
    }
    if (!a.p[1] || a.p[1]->kind == AST_NONE)
        return lw_reduce_axes(L, sp, RED_SUM, sp_get(L, y, SP_DATA, sp), 1, (int[]){ 0 }, false, dt);
    int axis;
    if (!lw_axis1(L, a.p[1], 2, 0, &axis)) return NULL;
    IrValue *m = axis == 0 ? transpose(L, sp, y) : y;
    IrValue *n = sp_get(L, m, SP_NCOLS, sp);
    IrValue *ones = lw_emit_full(L, sp, dt, 1, &n, lw_const_int(L, sp, 1));
    IrValue *v = matmul(L, sp, m, ones);
    if (!v) return NULL;
    IrValue *len = sp_get(L, m, SP_NROWS, sp), *one = lw_cint(L, sp, 1);
    return lw_emit_reshape(L, sp, v, 2, axis == 0 ? (IrValue *[]){ one, len } : (IrValue *[]){ len, one });
}

/* x.dot(b) */
static IrValue *m_dot(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, f->name, "self,other", 2, x, &a)) return NULL;
    IrValue *b = lw_expr(L, a.p[1]);
    return b ? matmul(L, call->span, x, b) : NULL;
}

/* x.sort_indices() of a compressed matrix: in place, as cupyx.cusparse.csrsort */
static IrValue *sort_in_place(Lower *L, Span sp, IrValue *x)
{
    IrValue *p[SP_NELEMS], *major, *minor;
    sp_parts(L, x, sp, p);
    if (compressed(x->type)) {
        extents(x->type, p, &major, &minor);
        return sp_call(L, sp, SPK_SORT, 0, NULL, x->type->dtype, 5,
                       (IrValue *[]){ p[SP_DATA], p[SP_IDX], p[SP_PTR], major, minor });
    }
    return sp_call(L, sp, SPK_SORT_COO, 0, NULL, x->type->dtype, 5,
                   (IrValue *[]){ p[SP_DATA], p[SP_IDX], p[SP_PTR], p[SP_NROWS], p[SP_NCOLS] });
}

static IrValue *m_sort_indices(Lower *L, AstNode *call, const ApiFn *f, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, f->name, "self", 0, x, &a)) return NULL;
    if (!compressed(x->type)) {
        diag_error(call->span, "'coo_matrix' object has no attribute 'sort_indices'");
        return NULL;
    }
    return sort_in_place(L, call->span, x);
}

/* ---------------------------------------------------------------- module functions */

/* issparse(x), isspmatrix(x), isspmatrix_csr/csc/coo(x): known from x's type */
static IrValue *api_issparse(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    IrValue *x = lw_one_arg(L, call, f->name);
    if (!x) return NULL;
    const char *fmt = strchr(f->name, '_');
    return lw_const_bool(L, call->span, x->type->kind == TY_SPARSE && (!fmt || is_fmt(x->type, fmt + 1)));
}

/* cupyx.cusparse.csrsort(x, copy=False), cscsort(x, copy=False): x's indices sorted in place
 * (None); coosort(x, sort_by='r'): by row, then column ('c': by column, then row) */
static IrValue *api_sort(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Span sp = call->span;
    Args a;
    const char *want = ar_strndup(L->a, f->name, 3);
    bool coo = !strcmp(want, "coo");
    if (!lw_bind(call, f->name, coo ? "x,sort_by" : "x,copy", 1, &a)) return NULL;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (!is_fmt(x->type, want)) {
        diag_error(a.p[0]->span, "%s() takes a %s_matrix, not %s", f->name, want, ty_str_of(x->type));
        return NULL;
    }
    if (!coo) {
        bool copy;
        if (!lw_bool_arg(L, a.p[1], false, &copy)) return NULL;
        if (copy) {
            diag_error(a.p[1]->span, "%s(copy=True) is not supported by gpyc", f->name);
            return NULL;
        }
        return sort_in_place(L, sp, x);
    }
    const char *by;
    if (!lw_str_arg(L, a.p[1], "r", &by)) return NULL;
    if (strcmp(by, "r") && strcmp(by, "c")) {
        diag_error(a.p[1]->span, "sort_by must be either 'r' or 'c'");
        return NULL;
    }
    if (by[0] == 'r') return sort_in_place(L, sp, x);
    return sort_in_place(L, sp, transpose(L, sp, x));
}

const ApiFn lw_sparse_api[] = {
    { "cupyx.scipy.sparse", "csr_matrix", construct, 0 },
    { "cupyx.scipy.sparse", "csc_matrix", construct, 0 },
    { "cupyx.scipy.sparse", "coo_matrix", construct, 0 },
    { "cupyx.scipy.sparse", "issparse", api_issparse, 0 },
    { "cupyx.scipy.sparse", "isspmatrix", api_issparse, 0 },
    { "cupyx.scipy.sparse", "isspmatrix_csr", api_issparse, 0 },
    { "cupyx.scipy.sparse", "isspmatrix_csc", api_issparse, 0 },
    { "cupyx.scipy.sparse", "isspmatrix_coo", api_issparse, 0 },
    { "cupyx.cusparse", "csrsort", api_sort, 0 },
    { "cupyx.cusparse", "cscsort", api_sort, 0 },
    { "cupyx.cusparse", "coosort", api_sort, 0 },
    { "cupyx.scipy.sparse.spmatrix", "toarray", m_toarray, 0 },
    { "cupyx.scipy.sparse.spmatrix", "todense", m_toarray, 0 },
    { "cupyx.scipy.sparse.spmatrix", "tocsr", m_convert, 0 },
    { "cupyx.scipy.sparse.spmatrix", "tocsc", m_convert, 0 },
    { "cupyx.scipy.sparse.spmatrix", "tocoo", m_convert, 0 },
    { "cupyx.scipy.sparse.spmatrix", "copy", m_copy, 0 },
    { "cupyx.scipy.sparse.spmatrix", "transpose", m_transpose, 0 },
    { "cupyx.scipy.sparse.spmatrix", "sum", m_sum, 0 },
    { "cupyx.scipy.sparse.spmatrix", "dot", m_dot, 0 },
    { "cupyx.scipy.sparse.spmatrix", "sort_indices", m_sort_indices, 0 },
    { NULL, NULL, NULL, 0 },
};
