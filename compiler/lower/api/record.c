/*
 * lower/api/record.c — numpy.dtype and NumPy's structured dtypes (CuPy's custom structs: the
 * host side of a struct a raw kernel takes by value), built at compile time:
 *
 *   numpy.dtype(obj, align=False): obj a dtype (cp.float32, 'f4', float, None: TY_DTYPE), a
 *   structured dtype (itself), a dict {'names': [...], 'formats': [...], 'offsets': [...],
 *   'itemsize': n, 'aligned': b} (a literal, or dict(names=..., ...)), or a list of
 *   (name, format[, shape]) tuples → a TY_SDTYPE with NumPy's layout (packed; with align=True
 *   or 'aligned' each field at its alignment, as a C compiler places it).  A format is a dtype,
 *   a structured dtype or (format, shape), a subarray.  Every part is a compile-time constant,
 *   written in the call: a list literal, [format] * n with a constant n, constant strings and
 *   ints.
 *
 *   x.view(sd) of a structured dtype → a TY_SVIEW (IR_STRUCT_VIEW; NumPy's checks of the view
 *   at run time): only a raw kernel's argument, passed by value as CuPy passes a NumPy array of
 *   size one (its bytes: runtime/kernels.c, rt_struct_arg).  gpyc's NumPy arrays are CuPy's, so
 *   a structured view is always passed by value; a pointer argument is the plain array.
 *   sd.itemsize, sd.names and sd.alignment are constants.
 *
 *   x.tobytes(order): the array's bytes as a bytes value (TY_BYTES), a C-order copy.
 */
#include "compiler/lower/lower.h"

#include <string.h>

enum { SD_MAXFIELDS = 64 };

/* The items of a list or tuple literal e, or of [x] * n / n * [x] with a constant n (at most
 * SD_MAXFIELDS); -1 after an error naming what. */
static int const_items(Lower *L, AstNode *e, const char *what, AstNode **out)
{
    if (e->kind == AST_BINOP && e->op == AOP_MUL) {
        AstNode *lst = e->lhs->kind == AST_LIST || e->lhs->kind == AST_TUPLE ? e->lhs : e->rhs;
        AstNode *cnt = lst == e->lhs ? e->rhs : e->lhs;
        int64_t n;
        IrValue *nv = (lst->kind == AST_LIST || lst->kind == AST_TUPLE) ? lw_expr(L, cnt) : NULL;
        if (nv && lw_is_const_int(nv, &n)) {
            int k = lst->elts.n;
            if (n < 0) n = 0;
            if (n * k > SD_MAXFIELDS) {
                diag_error(e->span, "gpyc supports at most %d fields in a structured dtype", SD_MAXFIELDS);
                return -1;
            }
            for (int i = 0; i < n * k; i++) out[i] = lst->elts.v[i % k];
            return (int)(n * k);
        }
    }
    if (e->kind != AST_LIST && e->kind != AST_TUPLE) {
        diag_error(e->span,
                   "%s of a structured dtype must be written in the call: a list literal or [x] * n with "
                   "a constant n (gpyc builds structured dtypes at compile time)",
                   what);
        return -1;
    }
    if (e->elts.n > SD_MAXFIELDS) {
        diag_error(e->span, "gpyc supports at most %d fields in a structured dtype", SD_MAXFIELDS);
        return -1;
    }
    for (int i = 0; i < e->elts.n; i++) out[i] = e->elts.v[i];
    return e->elts.n;
}

/* A compile-time int e (what names it in the error). */
static bool const_int(Lower *L, AstNode *e, const char *what, int64_t *out)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (!lw_is_const_int(v, out)) {
        diag_error(e->span, "%s of a structured dtype must be a constant int, got %s", what, ty_str_of(v->type));
        return false;
    }
    return true;
}

/* NumPy's size and alignment of a field's format. */
static int64_t fmt_size(const Type *f) { return f->kind == TY_SDTYPE ? f->sdt->itemsize : dt_size(f->dtype); }
static int64_t fmt_align(const Type *f)
{
    if (f->kind == TY_SDTYPE) return f->sdt->align;
    return dt_is_complex(f->dtype) ? dt_size(f->dtype) / 2 : dt_size(f->dtype);
}

/* A field's format e: a dtype, a structured dtype, or (format, shape) (*count: the subarray's
 * elements, multiplied in). */
static const Type *field_format(Lower *L, AstNode *e, int64_t *count)
{
    if (e->kind == AST_TUPLE && e->elts.n == 2) {
        const Type *f = field_format(L, e->elts.v[0], count);
        if (!f) return NULL;
        AstNode *shape = e->elts.v[1];
        AstNode *dims[SD_MAXFIELDS];
        int nd = shape->kind == AST_TUPLE ? const_items(L, shape, "a subarray shape", dims) : 1;
        if (shape->kind != AST_TUPLE) dims[0] = shape;
        for (int i = 0; i < nd; i++) {
            int64_t d;
            if (!const_int(L, dims[i], "a subarray dimension", &d)) return NULL;
            if (d < 0) {
                diag_error(dims[i]->span, "negative dimensions are not allowed");
                return NULL;
            }
            *count *= d;
        }
        return nd < 0 ? NULL : f;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_SDTYPE) return v->type;
    DType d = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, e, &d, &given)) return NULL;
    return ty_dtype(d);
}

/* What numpy.dtype's dict form holds, as expressions (NULL: not given). */
typedef struct SdSpec {
    AstNode *names, *formats, *offsets, *itemsize, *aligned;
    Span at;
} SdSpec;

/* One key of the dict form. */
static bool spec_key(SdSpec *s, const char *key, AstNode *v, Span sp)
{
    static const char *const keys[] = { "names", "formats", "offsets", "itemsize", "aligned" };
    AstNode **slot[] = { &s->names, &s->formats, &s->offsets, &s->itemsize, &s->aligned };
    for (int i = 0; i < 5; i++)
        if (!strcmp(key, keys[i])) {
            *slot[i] = v;
            return true;
        }
    diag_error(sp,
               "a structured dtype's dict takes the keys 'names', 'formats', 'offsets', 'itemsize' and "
               "'aligned' in gpyc, got '%s'",
               key);
    return false;
}

/* NumPy's layout: fields packed or aligned, at the given offsets, the itemsize checked. */
static SDType *layout(SDType *d, const int64_t *offs, AstNode *offe, int64_t itemsize, Span isp,
                      bool aligned)
{
    int64_t end = 0, maxal = 1;
    for (int i = 0; i < d->n; i++) {
        int64_t sz = fmt_size(d->formats[i]) * d->counts[i], al = aligned ? fmt_align(d->formats[i]) : 1;
        int64_t off = offs ? offs[i] : (end + al - 1) / al * al;
        if (offs && off < 0) {
            diag_error(((AstNode *)offe->elts.v[i])->span, "offset %lld cannot be negative", (long long)off);
            return NULL;
        }
        if (offs && off % al) {
            diag_error(offe->span,
                       "offset %lld for NumPy dtype with fields is not divisible by the field alignment %lld "
                       "with align=True",
                       (long long)off, (long long)al);
            return NULL;
        }
        d->offsets[i] = off;
        if (off + sz > end) end = off + sz;
        if (al > maxal) maxal = al;
    }
    d->align = maxal;
    if (aligned) end = (end + maxal - 1) / maxal * maxal;
    if (itemsize < 0) {
        d->itemsize = end;
    } else if (itemsize < end) {
        diag_error(isp, "NumPy dtype descriptor requires %lld bytes, cannot override to smaller itemsize of %lld",
                   (long long)end, (long long)itemsize);
        return NULL;
    } else if (aligned && itemsize % maxal) {
        diag_error(isp,
                   "NumPy dtype descriptor requires alignment of %lld bytes, which is not divisible into the "
                   "specified itemsize %lld",
                   (long long)maxal, (long long)itemsize);
        return NULL;
    } else {
        d->itemsize = itemsize;
    }
    return d;
}

static SDType *sdt_new(Lower *L, int n)
{
    SDType *d = ar_alloc(L->a, sizeof *d);
    memset(d, 0, sizeof *d);
    d->n = n;
    d->names = ar_alloc(L->a, sizeof(char *) * (size_t)(n ? n : 1));
    d->formats = ar_alloc(L->a, sizeof(Type *) * (size_t)(n ? n : 1));
    d->counts = ar_alloc(L->a, sizeof(int64_t) * (size_t)(n ? n : 1));
    d->offsets = ar_alloc(L->a, sizeof(int64_t) * (size_t)(n ? n : 1));
    return d;
}

/* Field i's name e (a constant str, not used before). */
static bool field_name(Lower *L, SDType *d, int i, AstNode *e)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (!v->def || v->def->op != IR_CONST_STR) {
        diag_error(e->span, "a field name of a structured dtype must be a constant string, got %s",
                   ty_str_of(v->type));
        return false;
    }
    for (int j = 0; j < i; j++)
        if (!strcmp(d->names[j], v->def->sval)) {
            diag_error(e->span, "field '%s' occurs more than once", v->def->sval);
            return false;
        }
    d->names[i] = v->def->sval;
    return true;
}

/* The dict form {'names': ..., 'formats': ..., ...}. */
static IrValue *from_spec(Lower *L, const SdSpec *s, bool align)
{
    if (!s->names || !s->formats) {
        diag_error(s->at, "a structured dtype's dict needs 'names' and 'formats' (gpyc)");
        return NULL;
    }
    AstNode *names[SD_MAXFIELDS], *fmts[SD_MAXFIELDS], *offe[SD_MAXFIELDS];
    int n = const_items(L, s->names, "names", names), nf = n < 0 ? -1 : const_items(L, s->formats, "formats", fmts);
    if (nf < 0) return NULL;
    int no = s->offsets ? const_items(L, s->offsets, "offsets", offe) : n;
    if (no < 0) return NULL;
    if (nf != n || no != n) {
        diag_error(s->at, "all items in the dictionary must have the same length.");
        return NULL;
    }
    SDType *d = sdt_new(L, n);
    int64_t offs[SD_MAXFIELDS], itemsize = -1;
    for (int i = 0; i < n; i++) {
        d->counts[i] = 1;
        if (!field_name(L, d, i, names[i]) || !(d->formats[i] = field_format(L, fmts[i], &d->counts[i])))
            return NULL;
        if (s->offsets && !const_int(L, offe[i], "an offset", &offs[i])) return NULL;
    }
    if (s->itemsize && !const_int(L, s->itemsize, "the itemsize", &itemsize)) return NULL;
    bool aligned = align;
    if (s->aligned && !lw_bool_arg(L, s->aligned, false, &aligned)) return NULL;
    aligned = aligned || align;
    if (!layout(d, s->offsets ? offs : NULL, s->offsets, itemsize, s->itemsize ? s->itemsize->span : s->at,
                aligned))
        return NULL;
    return lw_pseudo(L, ty_sdtype(d));
}

/* The list form [(name, format[, shape]), ...]. */
static IrValue *from_list(Lower *L, AstNode *e, bool align)
{
    AstNode *items[SD_MAXFIELDS];
    int n = const_items(L, e, "the fields", items);
    if (n < 0) return NULL;
    SDType *d = sdt_new(L, n);
    for (int i = 0; i < n; i++) {
        AstNode *it = items[i];
        if (it->kind != AST_TUPLE || it->elts.n < 2 || it->elts.n > 3) {
            diag_error(it->span, "a field of a structured dtype is (name, format) or (name, format, shape)");
            return NULL;
        }
        d->counts[i] = 1;
        if (!field_name(L, d, i, it->elts.v[0])) return NULL;
        if (it->elts.n == 3) {
            /* (name, format, shape) is (name, (format, shape)) */
            AstNode sub = *it;
            sub.elts.v = it->elts.v + 1;
            sub.elts.n = 2;
            d->formats[i] = field_format(L, &sub, &d->counts[i]);
        } else {
            d->formats[i] = field_format(L, it->elts.v[1], &d->counts[i]);
        }
        if (!d->formats[i]) return NULL;
    }
    if (!layout(d, NULL, NULL, -1, e->span, align)) return NULL;
    return lw_pseudo(L, ty_sdtype(d));
}

/* numpy.dtype(obj, align=False) */
static IrValue *api_dtype(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "dtype", "dtype,align,copy,metadata", 1, &a)) return NULL;
    bool align;
    if (!lw_bool_arg(L, a.p[1], false, &align) || !lw_no_arg(a.p[3], "metadata")) return NULL;
    if (a.p[2] && !lw_expr(L, a.p[2])) return NULL;
    AstNode *e = a.p[0];
    SdSpec s = { .at = e->span };
    if (e->kind == AST_DICT) {
        for (int i = 0; i < e->elts.n; i++) {
            AstNode *k = e->elts.v[i];
            if (k->kind != AST_STR) {
                diag_error(k->span, "a structured dtype's dict must have constant string keys (gpyc)");
                return NULL;
            }
            if (!spec_key(&s, k->sval, e->params.v[i], k->span)) return NULL;
        }
        return from_spec(L, &s, align);
    }
    if (e->kind == AST_CALL && e->lhs->kind == AST_NAME && !strcmp(e->lhs->sval, "dict") && !lw_lookup(L, "dict") &&
        !e->elts.n) {
        for (int i = 0; i < e->params.n; i++) {
            AstNode *kw = e->params.v[i];
            if (!spec_key(&s, kw->sval, kw->rhs, kw->span)) return NULL;
        }
        return from_spec(L, &s, align);
    }
    if (e->kind == AST_LIST) return from_list(L, e, align);
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind == TY_SDTYPE) return v;
    DType d = DT_FLOAT64; /* np.dtype(None) is float64 */
    bool given;
    if (!lw_dtype_arg(L, e, &d, &given)) return NULL;
    return lw_pseudo(L, ty_dtype(d));
}

/* x.view(dtype): a structured dtype gives a raw kernel's struct argument (IR_STRUCT_VIEW); a
 * plain dtype the same bytes read as it (IR_VIEW_DTYPE, NumPy's last-axis rule for another
 * itemsize, checked at run time); no dtype, a view of x as it is. */
static IrValue *api_view(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, "view", "a,dtype,type", 0, x, &a)) return NULL;
    if (!lw_no_arg(a.p[2], "type")) return NULL;
    IrValue *d = a.p[1] ? lw_expr(L, a.p[1]) : NULL;
    if (a.p[1] && !d) return NULL;
    if (d && d->type->kind == TY_SDTYPE) {
        IrValue *r = lw_emit1(L, IR_STRUCT_VIEW, call->span, ty_sview(d->type->sdt), x);
        r->def->ival = d->type->sdt->itemsize;
        return r;
    }
    DType dt = x->type->dtype;
    bool given;
    if (a.p[1] && !lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, call->span, ty_array(dt, x->type->ndim), x);
    r->def->dtype = dt;
    return r;
}

/* x.tobytes(order='C'): a bytes value of x's elements in C order ('F': Fortran order; None: C),
 * a copy. */
static IrValue *api_tobytes(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, "tobytes", "a,order", 0, x, &a)) return NULL;
    const char *order = "C";
    if (a.p[1] && a.p[1]->kind != AST_NONE && !lw_str_arg(L, a.p[1], "C", &order)) return NULL;
    if (strcmp(order, "C") && strcmp(order, "F")) {
        diag_error(a.p[1]->span, "tobytes(order='%s') is not supported by gpyc ('C' and 'F' are)", order);
        return NULL;
    }
    Span sp = call->span;
    if (*order == 'F') x = lw_emit_transpose(L, sp, x, NULL);
    return lw_bytes_of(L, sp, lw_copy_of(L, sp, lw_ravel(L, sp, x)));
}

IrValue *lw_sdtype_attr(Lower *L, const SDType *d, const char *at, Span sp)
{
    if (!strcmp(at, "itemsize")) return lw_const_int(L, sp, d->itemsize);
    if (!strcmp(at, "alignment")) return lw_const_int(L, sp, d->align);
    if (!strcmp(at, "names")) {
        IrValue *names[SD_MAXFIELDS];
        for (int i = 0; i < d->n; i++) names[i] = lw_const_str(L, sp, d->names[i]);
        return lw_tuple(L, sp, d->n, names);
    }
    diag_error(sp, "structured dtype attribute '%s' is not supported by gpyc (itemsize, alignment, names are)", at);
    return NULL;
}

LW_API_PLAIN(api_dtype)
LW_API_SELF(api_view)
LW_API_SELF(api_tobytes)

const ApiFn lw_record_api[] = {
    { "cupy", "dtype", api_dtype_api, 0 },
    { "cupy.ndarray", "view", api_view_api, 0 },
    { "cupy.ndarray", "tobytes", api_tobytes_api, 0 },
    { NULL, NULL, NULL, 0 },
};
