/*
 * lower/api/record.c — numpy.dtype and NumPy's structured dtypes (CuPy's custom structs: the
 * host side of a struct a raw kernel takes by value), and arrays of them:
 *
 *   numpy.dtype(obj, align=False): obj a dtype (cp.float32, 'f4', float, None: TY_DTYPE), a
 *   structured dtype (itself), a dict {'names': [...], 'formats': [...], 'offsets': [...],
 *   'itemsize': n, 'aligned': b} (a literal, or dict(names=..., ...)), or a list of
 *   (name, format[, shape]) tuples → a TY_SDTYPE with NumPy's layout (packed; with align=True
 *   or 'aligned' each field at its alignment, as a C compiler places it).  A format is a dtype,
 *   a structured dtype or (format, shape), a subarray.  Names and formats are known at compile
 *   time: written in the call, or a variable assigned once whose value is (names: list or tuple
 *   literals of constant strings, list(s) of a known string, [x] * n and slices of them with
 *   constant bounds; formats: a list or tuple of dtypes, which gpyc holds as a tuple).
 *   Offsets and the itemsize are constants (a compile-time layout) or values known at run time
 *   (ints, an int array's elements: CuPy's examples measure a struct's layout with a kernel):
 *   then sdt->rt, and the dtype's value is its layout, a struct of ints in this order:
 *     itemsize, offset of each field, then the layout of each structured field in turn.
 *   NumPy's itemsize check is then made at run time.
 *
 *   Arrays of a structured dtype (TY_SVIEW): numpy.empty / zeros(shape, dtype=sd), x.view(sd)
 *   (IR_STRUCT_VIEW; NumPy's checks of the view at run time).  At run time a struct: a uint8
 *   array of shape shape + (itemsize,) holding the elements' bytes, then the layout's ints when
 *   sdt->rt.  a['f'] is a field: a structured array again (a view of its bytes) or a view of
 *   the field's bytes as its dtype (a subarray as one more axis); a['f'] = v stores a value, or
 *   a structured value field by field in order as NumPy assigns them (cast to each field's
 *   dtype); str() prints as NumPy (rt_struct_str, IR_STRUCT_STR); a raw kernel's argument
 *   passes its one element's bytes by value (rt_struct_arg).
 *   sd.itemsize, sd.names and sd.alignment.
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
        if (!strcmp(what, "names"))
            diag_error(
                e->span,
                "the names of a structured dtype must be known at compile time: a list literal of constant "
                "strings, [x] * n with a constant n, list(s) of a known string, a slice of one with constant "
                "bounds, or a variable assigned one of these once");
        else
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

/* Is e a list or tuple display, or [x] * n of one? */
static bool is_display(const AstNode *e)
{
    if (e->kind == AST_BINOP && e->op == AOP_MUL)
        return e->lhs->kind == AST_LIST || e->lhs->kind == AST_TUPLE || e->rhs->kind == AST_LIST ||
               e->rhs->kind == AST_TUPLE;
    return e->kind == AST_LIST || e->kind == AST_TUPLE;
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

/* ---------------------------------------------------------------- names known at compile time */

/* Counts the bindings of name in n (not inside nested functions): a plain `name = v` adds 1
 * (*val: v), any other (augmented, unpacking, for, walrus, del) adds 2. */
static void count_binds(AstNode *n, const char *name, int *cnt, AstNode **val)
{
    if (!n || n->kind == AST_DEF) return;
    if (n->kind == AST_NAME) return;
    if (n->kind == AST_ASSIGN) {
        for (int i = 0; i < n->elts.n; i++) {
            AstNode *t = n->elts.v[i];
            if (t->kind == AST_NAME && !strcmp(t->sval, name)) {
                (*cnt)++;
                *val = n->rhs;
            } else {
                int c = 0;
                AstNode *ignored;
                count_binds(t, name, &c, &ignored);
                if (c) *cnt += 2;
            }
        }
        count_binds(n->rhs, name, cnt, val);
        return;
    }
    if ((n->kind == AST_AUGASSIGN || n->kind == AST_FOR || n->kind == AST_WALRUS) && n->lhs) {
        AstNode *t = n->lhs;
        bool hit = t->kind == AST_NAME && !strcmp(t->sval, name);
        for (int i = 0; !hit && t->kind == AST_TUPLE && i < t->elts.n; i++) {
            AstNode *u = t->elts.v[i];
            hit = u->kind == AST_NAME && !strcmp(u->sval, name);
        }
        if (hit) *cnt += 2;
    }
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (int i = 0; i < 5; i++) count_binds(kids[i], name, cnt, val);
    const Vec *vs[] = { &n->elts, &n->params, &n->body };
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < vs[k]->n; i++) count_binds(vs[k]->v[i], name, cnt, val);
}

/* The expression name was assigned, when that is its one binding in the function being lowered
 * (or, for a module variable, in the module); NULL otherwise. */
static AstNode *sole_value(Lower *L, const char *name)
{
    AstNode *scope = L->mod ? L->mod->ast : NULL;
    if (L->inst) {
        for (int i = 0; i < L->scope->local_names.n; i++)
            if (!strcmp(L->scope->local_names.v[i], name)) scope = L->inst->def;
    }
    if (!scope) return NULL;
    int cnt = 0;
    AstNode *val = NULL;
    if (scope->kind == AST_DEF) {
        for (int i = 0; i < scope->params.n; i++) {
            AstNode *p = scope->params.v[i];
            if (p->sval && !strcmp(p->sval, name)) return NULL; /* a parameter */
        }
        count_binds(scope->then, name, &cnt, &val);
        for (int i = 0; i < scope->body.n; i++) count_binds(scope->body.v[i], name, &cnt, &val);
    } else {
        for (int i = 0; i < scope->body.n; i++) count_binds(scope->body.v[i], name, &cnt, &val);
    }
    return cnt == 1 ? val : NULL;
}

/* A slice bound or step of a names expression: a constant int (absent: dflt). */
static bool slice_part(Lower *L, AstNode *e, int64_t dflt, int64_t *out)
{
    *out = dflt;
    return !e || const_int(L, e, "a slice bound of the names", out);
}

/* A field name e: a constant str; NULL after a located error. */
static const char *const_name(Lower *L, AstNode *e)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (!v->def || v->def->op != IR_CONST_STR) {
        diag_error(e->span, "a field name of a structured dtype must be a constant string, got %s",
                   ty_str_of(v->type));
        return NULL;
    }
    return v->def->sval;
}

/* The field names e denotes, known at compile time: a list or tuple literal of constant
 * strings, [x] * n, list(s) of a string the compiler knows, a slice of one with constant bounds,
 * or a variable assigned one of these once; their count, or -1 after a located error. */
static int name_items(Lower *L, AstNode *e, const char **out, int depth)
{
    if (depth > 16) {
        diag_error(e->span, "the names of a structured dtype are nested too deeply here (gpyc)");
        return -1;
    }
    if (e->kind == AST_NAME) {
        AstNode *v = sole_value(L, e->sval);
        if (v) return name_items(L, v, out, depth + 1);
    }
    if (e->kind == AST_CALL && e->lhs->kind == AST_NAME && !strcmp(e->lhs->sval, "list") &&
        !lw_lookup(L, "list") && e->elts.n == 1 && !e->params.n) {
        AstNode *arg = e->elts.v[0];
        if (arg->kind != AST_STR && arg->kind != AST_NAME) return name_items(L, arg, out, depth + 1);
        IrValue *sv = lw_expr(L, arg);
        const char *t;
        const IrInstr *bad;
        if (!sv) return -1;
        if (sv->type->kind == TY_STR && lw_fold_str(L, sv, &t, NULL, &bad)) {
            int n = 0;
            for (size_t i = 0; t[i];) {
                size_t j = i + 1;
                while (t[j] && ((unsigned char)t[j] & 0xC0) == 0x80) j++; /* a UTF-8 continuation byte */
                if (n == SD_MAXFIELDS) {
                    diag_error(e->span, "gpyc supports at most %d fields in a structured dtype",
                               SD_MAXFIELDS);
                    return -1;
                }
                out[n++] = ar_strndup(L->a, t + i, j - i);
                i = j;
            }
            return n;
        }
        if (sv->type->kind != TY_STR) return name_items(L, arg, out, depth + 1);
    }
    if (e->kind == AST_SUBSCRIPT && e->rhs->kind == AST_SLICE) {
        const char *all[SD_MAXFIELDS];
        int n = name_items(L, e->lhs, all, depth + 1);
        int64_t step, lo, hi;
        if (n < 0 || !slice_part(L, e->rhs->cond, 1, &step)) return -1;
        if (step == 0) {
            diag_error(e->rhs->span, "slice step cannot be zero");
            return -1;
        }
        if (!slice_part(L, e->rhs->lhs, step > 0 ? 0 : n - 1, &lo) ||
            !slice_part(L, e->rhs->rhs, step > 0 ? n : -n - 1, &hi))
            return -1;
        /* Python's slice.indices */
        int64_t b[2] = { lo, hi };
        for (int k = 0; k < 2; k++) {
            if (b[k] < 0) b[k] += n;
            if (b[k] < 0) b[k] = step > 0 ? 0 : -1;
            if (b[k] > n) b[k] = step > 0 ? n : n - 1;
            if (step < 0 && b[k] >= n) b[k] = n - 1;
        }
        int m = 0;
        for (int64_t i = b[0]; step > 0 ? i < b[1] : i > b[1]; i += step) out[m++] = all[i];
        return m;
    }
    AstNode *items[SD_MAXFIELDS];
    int n = const_items(L, e, "names", items);
    for (int i = 0; i < n; i++)
        if (!(out[i] = const_name(L, items[i]))) return -1;
    return n;
}

/* ---------------------------------------------------------------- formats and layouts */

/* NumPy's size and alignment of a field's format (a structured one of a compile-time layout). */
static int64_t fmt_size(const Type *f) { return f->kind == TY_SDTYPE ? f->sdt->itemsize : dt_size(f->dtype); }
static int64_t fmt_align(const Type *f)
{
    if (f->kind == TY_SDTYPE) return f->sdt->align;
    return dt_is_complex(f->dtype) ? dt_size(f->dtype) / 2 : dt_size(f->dtype);
}

/* The number of ints of d's layout: itemsize, the offsets, the structured fields' layouts. */
static int lay_len(const SDType *d)
{
    int k = 1 + d->n;
    for (int i = 0; i < d->n; i++)
        if (d->formats[i]->kind == TY_SDTYPE) k += lay_len(d->formats[i]->sdt);
    return k;
}

/* Where structured field i's layout starts in d's. */
static int lay_at(const SDType *d, int i)
{
    int k = 1 + d->n;
    for (int j = 0; j < i; j++)
        if (d->formats[j]->kind == TY_SDTYPE) k += lay_len(d->formats[j]->sdt);
    return k;
}

/* d's layout as values (out: lay_len(d)): constants, or for a run-time layout the ints of the
 * struct v from its element base on (a dtype's: 0; a structured array's: 1). */
static void lay_of(Lower *L, const SDType *d, IrValue *v, int base, Span sp, IrValue **out)
{
    if (d->rt) {
        for (int i = 0; i < lay_len(d); i++) out[i] = lw_tuple_get(L, v, base + i, sp);
        return;
    }
    out[0] = lw_cint(L, sp, d->itemsize);
    for (int i = 0; i < d->n; i++) out[1 + i] = lw_cint(L, sp, d->offsets[i]);
    for (int i = 0; i < d->n; i++)
        if (d->formats[i]->kind == TY_SDTYPE) lay_of(L, d->formats[i]->sdt, NULL, 0, sp, out + lay_at(d, i));
}

/* Field i's size in bytes: its format's itemsize (lay: d's layout) times its count. */
static IrValue *field_size(Lower *L, const SDType *d, IrValue **lay, int i, Span sp)
{
    const Type *f = d->formats[i];
    IrValue *one = f->kind == TY_SDTYPE ? lay[lay_at(d, i)] : lw_cint(L, sp, dt_size(f->dtype));
    return d->counts[i] == 1 ? one : lw_imul(L, sp, one, lw_cint(L, sp, d->counts[i]));
}

/* A field's format e: a dtype, a structured dtype, or (format, shape) (*count: the subarray's
 * elements, multiplied in; *val: a structured dtype's value). */
static const Type *field_format(Lower *L, AstNode *e, int64_t *count, IrValue **val)
{
    if (e->kind == AST_TUPLE && e->elts.n == 2) {
        const Type *f = field_format(L, e->elts.v[0], count, val);
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
    *val = v;
    if (v->type->kind == TY_SDTYPE) return v->type;
    DType d = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, e, &d, &given)) return NULL;
    return ty_dtype(d);
}

/* The formats e gives (fmts, counts, and vals: a structured format's value): written in the
 * call (field_format of each), or a list or tuple of dtypes held in a variable; -1 after a
 * located error. */
static int format_items(Lower *L, AstNode *e, const Type **fmts, int64_t *counts, IrValue **vals)
{
    if (is_display(e)) {
        AstNode *items[SD_MAXFIELDS];
        int n = const_items(L, e, "formats", items);
        for (int i = 0; i < n; i++) {
            counts[i] = 1;
            vals[i] = NULL;
            if (!(fmts[i] = field_format(L, items[i], &counts[i], &vals[i]))) return -1;
        }
        return n;
    }
    IrValue *t = lw_expr(L, e);
    if (!t) return -1;
    if (t->type->kind != TY_TUPLE || t->type->keys) {
        diag_error(
            e->span,
            "the formats of a structured dtype are a list of dtypes (written in the call, or held in a "
            "variable), got %s",
            ty_str_of(t->type));
        return -1;
    }
    if (t->type->n > SD_MAXFIELDS) {
        diag_error(e->span, "gpyc supports at most %d fields in a structured dtype", SD_MAXFIELDS);
        return -1;
    }
    for (int i = 0; i < t->type->n; i++) {
        vals[i] = lw_tuple_get(L, t, i, e->span);
        fmts[i] = vals[i]->type;
        counts[i] = 1;
        if (fmts[i]->kind != TY_DTYPE && fmts[i]->kind != TY_SDTYPE) {
            diag_error(e->span, "a format of a structured dtype is a dtype, got %s", ty_str_of(fmts[i]));
            return -1;
        }
    }
    return t->type->n;
}

/* The offsets e gives, as ints (constants where the compiler knows them): written in the call,
 * or a list, tuple or 1-d integer array of n elements (its length checked at run time); at[i]:
 * where offset i is written; false after a located error. */
static bool offset_items(Lower *L, AstNode *e, int n, IrValue **out, Span *at, int *count)
{
    if (is_display(e)) {
        AstNode *items[SD_MAXFIELDS];
        *count = const_items(L, e, "offsets", items);
        for (int i = 0; i < *count; i++) {
            IrValue *v = lw_int_arg(L, items[i]);
            if (!v) return false;
            out[i] = v;
            at[i] = items[i]->span;
        }
        return *count >= 0;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    *count = n;
    for (int i = 0; i < n; i++) at[i] = e->span;
    if (v->type->kind == TY_TUPLE && !v->type->keys) {
        *count = v->type->n;
        for (int i = 0; i < v->type->n && i < n; i++)
            if (!(out[i] = lw_as_index(L, lw_tuple_get(L, v, i, e->span), e->span))) break;
        if (*count == n && (!n || out[n - 1])) return true;
    } else if ((v->type->kind == TY_ARRAY && v->type->ndim == 1 && dt_is_int(v->type->dtype)) ||
               (v->type->kind == TY_LIST && v->type->elem && v->type->elem->kind == TY_INT)) {
        IrValue *len = v->type->kind == TY_LIST ? lw_emit1(L, IR_LIST_LEN, e->span, ty_int(), v)
                                                : lw_dim(L, e->span, v, 0);
        lw_emit_raise_if(L, e->span, lw_ew2(L, IR_NE, e->span, len, lw_cint(L, e->span, n)), "ValueError",
                         "all items in the dictionary must have the same length.");
        for (int i = 0; i < n; i++) {
            if (v->type->kind == TY_LIST) {
                out[i] = lw_emit2(L, IR_LIST_GET, e->span, ty_int(), v, lw_cint(L, e->span, i));
            } else {
                LwIx ix;
                lw_ix_init(&ix, v);
                lw_ix_int(&ix, lw_cint(L, e->span, i));
                out[i] = lw_as_index(L, lw_ix_emit(L, e->span, &ix), e->span);
            }
        }
        return true;
    }
    diag_error(e->span,
               "the offsets of a structured dtype are ints: a list, a tuple or an integer array, got %s",
               ty_str_of(v->type));
    return false;
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
static SDType *layout(SDType *d, const int64_t *offs, const Span *offsp, int64_t itemsize, Span isp,
                      bool aligned)
{
    int64_t end = 0, maxal = 1;
    for (int i = 0; i < d->n; i++) {
        int64_t sz = fmt_size(d->formats[i]) * d->counts[i], al = aligned ? fmt_align(d->formats[i]) : 1;
        int64_t off = offs ? offs[i] : (end + al - 1) / al * al;
        if (offs && off < 0) {
            diag_error(offsp[i], "offset %lld cannot be negative", (long long)off);
            return NULL;
        }
        if (offs && off % al) {
            diag_error(offsp[i],
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

/* Field i's name (not used before: NumPy's error at sp). */
static bool field_name(SDType *d, int i, const char *name, Span sp)
{
    for (int j = 0; j < i; j++)
        if (!strcmp(d->names[j], name)) {
            diag_error(sp, "field '%s' occurs more than once", name);
            return false;
        }
    d->names[i] = name;
    return true;
}

/* A layout known at run time: each field's offset given (offs) or packed after the one before,
 * the itemsize given (isz, checked against the fields' end as NumPy does) or their end → the
 * dtype's value, its layout (fvals: the structured formats' values). */
static IrValue *rt_layout(Lower *L, SDType *d, IrValue **offs, IrValue *isz, IrValue **fvals, Span sp,
                          Span isp)
{
    int k = lay_len(d);
    IrValue **lay = ar_alloc(L->a, sizeof(IrValue *) * (size_t)k);
    for (int i = 0; i < d->n; i++)
        if (d->formats[i]->kind == TY_SDTYPE)
            lay_of(L, d->formats[i]->sdt, fvals[i], 0, sp, lay + lay_at(d, i));
    IrValue *end = lw_cint(L, sp, 0);
    for (int i = 0; i < d->n; i++) {
        IrValue *off = offs ? offs[i] : end;
        if (offs)
            lw_raise_first(L, sp, lw_is_neg(L, sp, off), "ValueError", "offset ", off, NULL, "", NULL,
                           " cannot be negative");
        lay[1 + i] = off;
        end = lw_imax(L, sp, end, lw_iadd(L, sp, off, field_size(L, d, lay, i, sp)));
        d->offsets[i] = -1;
    }
    if (isz) {
        lw_raise_first(L, isp, lw_ew2(L, IR_LT, isp, isz, end), "ValueError",
                       "NumPy dtype descriptor requires ", end, NULL,
                       " bytes, cannot override to smaller itemsize of ", isz, "");
        lay[0] = isz;
    } else {
        lay[0] = end;
    }
    d->itemsize = -1;
    d->align = 1;
    d->rt = true;
    Type **ints = ar_alloc(L->a, sizeof(Type *) * (size_t)k);
    for (int i = 0; i < k; i++) ints[i] = ty_int();
    d->lay = ty_tuple(k, ints);
    ir_need_tuple(L->m, d->lay);
    Type *t = ty_sdtype(d);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, k, lay);
}

/* The dict form {'names': ..., 'formats': ..., ...}. */
static IrValue *from_spec(Lower *L, const SdSpec *s, bool align)
{
    if (!s->names || !s->formats) {
        diag_error(s->at, "a structured dtype's dict needs 'names' and 'formats' (gpyc)");
        return NULL;
    }
    const char *names[SD_MAXFIELDS];
    const Type *fmts[SD_MAXFIELDS];
    int64_t counts[SD_MAXFIELDS];
    IrValue *fvals[SD_MAXFIELDS], *offs[SD_MAXFIELDS];
    Span offsp[SD_MAXFIELDS];
    int n = name_items(L, s->names, names, 0),
        nf = n < 0 ? -1 : format_items(L, s->formats, fmts, counts, fvals);
    if (nf < 0) return NULL;
    int no = n;
    if (s->offsets && !offset_items(L, s->offsets, n, offs, offsp, &no)) return NULL;
    if (nf != n || no != n) {
        diag_error(s->at, "all items in the dictionary must have the same length.");
        return NULL;
    }
    SDType *d = sdt_new(L, n);
    bool rt = false;
    for (int i = 0; i < n; i++) {
        if (!field_name(d, i, names[i], s->names->span)) return NULL;
        d->formats[i] = fmts[i];
        d->counts[i] = counts[i];
        rt = rt || (fmts[i]->kind == TY_SDTYPE && fmts[i]->sdt->rt);
    }
    int64_t offc[SD_MAXFIELDS], itemsize = -1;
    for (int i = 0; s->offsets && i < n; i++) rt = rt || !lw_is_const_int(offs[i], &offc[i]);
    IrValue *isz = NULL;
    if (s->itemsize) {
        if (!(isz = lw_int_arg(L, s->itemsize))) return NULL;
        rt = rt || !lw_is_const_int(isz, &itemsize);
    }
    bool aligned = align;
    if (s->aligned && !lw_bool_arg(L, s->aligned, false, &aligned)) return NULL;
    aligned = aligned || align;
    Span isp = s->itemsize ? s->itemsize->span : s->at;
    if (rt && aligned) {
        diag_error(s->at, "gpyc builds an aligned structured dtype only from a layout known at compile time");
        return NULL;
    }
    if (rt) return rt_layout(L, d, s->offsets ? offs : NULL, isz, fvals, s->at, isp);
    if (!layout(d, s->offsets ? offc : NULL, offsp, itemsize, isp, aligned)) return NULL;
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
        const char *name = const_name(L, it->elts.v[0]);
        if (!name || !field_name(d, i, name, ((AstNode *)it->elts.v[0])->span)) return NULL;
        IrValue *fv = NULL;
        if (it->elts.n == 3) {
            /* (name, format, shape) is (name, (format, shape)) */
            AstNode sub = *it;
            sub.elts.v = it->elts.v + 1;
            sub.elts.n = 2;
            d->formats[i] = field_format(L, &sub, &d->counts[i], &fv);
        } else {
            d->formats[i] = field_format(L, it->elts.v[1], &d->counts[i], &fv);
        }
        if (!d->formats[i]) return NULL;
        if (d->formats[i]->kind == TY_SDTYPE && d->formats[i]->sdt->rt) {
            diag_error(it->span, "gpyc takes a structured format with a run-time layout in the dict form of "
                                 "numpy.dtype only");
            return NULL;
        }
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
    if (v->type->kind == TY_ARRAY) {
        diag_error(e->span, "Cannot construct a dtype from an array (write x.dtype for the dtype of an array x)");
        return NULL;
    }
    DType d = DT_FLOAT64; /* np.dtype(None) is float64 */
    bool given;
    if (!lw_dtype_arg(L, e, &d, &given)) return NULL;
    return lw_pseudo(L, ty_dtype(d));
}

/* ---------------------------------------------------------------- arrays of structured dtypes */

/* The structured array of dtype d and ndim dimensions whose bytes are arr (uint8, shape
 * shape + (itemsize,)) and layout lay (a run-time layout's ints; unused for a compile-time one). */
static IrValue *sv_make(Lower *L, Span sp, const SDType *d, int ndim, IrValue *arr, IrValue **lay)
{
    int k = d->rt ? lay_len(d) : 0;
    IrValue **el = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(k + 1));
    el[0] = arr;
    for (int i = 0; i < k; i++) el[1 + i] = lay[i];
    Type *t = ty_sview(d, ndim);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, k + 1, el);
}

/* The layout of structured array or dtype v (lay_len of its dtype's values). */
static IrValue **layout_of(Lower *L, IrValue *v, Span sp)
{
    const SDType *d = v->type->sdt;
    IrValue **lay = ar_alloc(L->a, sizeof(IrValue *) * (size_t)lay_len(d));
    lay_of(L, d, v, v->type->kind == TY_SVIEW ? 1 : 0, sp, lay);
    return lay;
}

/* The bytes of field i of the structured bytes arr (ndim + 1 axes; lay: d's layout): a view. */
static IrValue *field_bytes(Lower *L, Span sp, const SDType *d, IrValue **lay, IrValue *arr, int ndim, int i)
{
    IrValue *off = lay[1 + i];
    return lw_slice_axis(L, sp, arr, ndim, off, lw_iadd(L, sp, off, field_size(L, d, lay, i, sp)), NULL);
}

/* The bytes b (uint8, last axis count items of dt) read as dt: shape ... + (count,), or without
 * that axis when count is 1.  copy: from a copy of b (aligned for the device to read). */
static IrValue *bytes_as(Lower *L, Span sp, IrValue *b, DType dt, int64_t count, bool copy)
{
    int nd = b->type->ndim;
    if (copy) b = lw_copy_of(L, sp, b);
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(dt, nd), b);
    r->def->dtype = dt;
    if (count != 1) return r;
    LwIx ix;
    lw_ix_init(&ix, r);
    for (int k = 0; k < nd - 1; k++) lw_ix_all(L, sp, &ix);
    lw_ix_int(&ix, lw_cint(L, sp, 0));
    return lw_ix_emit(L, sp, &ix);
}

/* a[name] of a structured array a: field name, a structured array (a view) or an array of its
 * dtype (a view of its bytes); NULL after a located error. */
static IrValue *sv_field(Lower *L, IrValue *a, const char *name, Span sp)
{
    const SDType *d = a->type->sdt;
    int i = 0;
    while (i < d->n && strcmp(d->names[i], name)) i++;
    if (i == d->n) {
        diag_error(sp, "no field of name %s", name);
        return NULL;
    }
    IrValue **lay = layout_of(L, a, sp), *arr = lw_tuple_get(L, a, 0, sp);
    int nd = a->type->ndim;
    IrValue *b = field_bytes(L, sp, d, lay, arr, nd, i);
    const Type *f = d->formats[i];
    if (f->kind == TY_DTYPE) return bytes_as(L, sp, b, f->dtype, d->counts[i], false);
    if (d->counts[i] != 1) {
        diag_error(
            sp, "gpyc reads a structured field that is a subarray (field '%s') only through its own fields",
            name);
        return NULL;
    }
    return sv_make(L, sp, f->sdt, nd, b, lay + lay_at(d, i));
}

/* Stores src (a number or an array, broadcast to the field's shape) into the bytes fb (ndim + 1
 * axes) of a field of count items of dt: cast into a new array, whose bytes are copied in (a
 * byte copy needs no alignment of the field). */
static void store_leaf(Lower *L, Span sp, IrValue *fb, int ndim, DType dt, int64_t count, IrValue *src)
{
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, fb, sp, dims);
    dims[ndim] = lw_cint(L, sp, count);
    IrValue *tmp = lw_emit_empty(L, sp, dt, ndim + 1, dims), *into = tmp;
    if (count == 1) {
        LwIx ix;
        lw_ix_init(&ix, tmp);
        for (int k = 0; k < ndim; k++) lw_ix_all(L, sp, &ix);
        lw_ix_int(&ix, lw_cint(L, sp, 0));
        into = lw_ix_emit(L, sp, &ix);
    }
    lw_store_into(L, sp, into, src);
    IrValue *bytes = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(DT_UINT8, ndim + 1), tmp);
    bytes->def->dtype = DT_UINT8;
    lw_store_into(L, sp, fb, bytes);
}

/* store_fields' work: src's fields (sd, slay, sarr of a structured value; else the value v). */
static bool store_rec(Lower *L, Span sp, IrValue *dst, int ndim, const SDType *d, IrValue **lay,
                      const SDType *sd, IrValue **slay, IrValue *sarr, IrValue *v)
{
    for (int i = 0; i < d->n; i++) {
        const Type *f = d->formats[i];
        IrValue *fb = field_bytes(L, sp, d, lay, dst, ndim, i);
        const Type *g = sd ? sd->formats[i] : NULL;
        IrValue *sb = sd ? field_bytes(L, sp, sd, slay, sarr, sarr->type->ndim - 1, i) : NULL;
        if (g && (f->kind == TY_SDTYPE) != (g->kind == TY_SDTYPE)) {
            diag_error(
                sp,
                "cannot assign field '%s' of a structured value to field '%s': one is structured, the other "
                "is not",
                sd->names[i], d->names[i]);
            return false;
        }
        if (f->kind == TY_SDTYPE) {
            if (d->counts[i] != 1 || (g && sd->counts[i] != 1)) {
                diag_error(
                    sp,
                    "gpyc assigns a structured field that is a subarray (field '%s') only through its own "
                    "fields",
                    d->names[i]);
                return false;
            }
            if (g && g->sdt->n != f->sdt->n) {
                diag_error(sp,
                           "cannot assign a structured value of %d fields to one of %d fields (NumPy assigns "
                           "fields by position)",
                           g->sdt->n, f->sdt->n);
                return false;
            }
            if (!store_rec(L, sp, fb, ndim, f->sdt, lay + lay_at(d, i), g ? g->sdt : NULL,
                           g ? slay + lay_at(sd, i) : NULL, sb, v))
                return false;
            continue;
        }
        IrValue *src = v;
        if (g) {
            if (d->counts[i] != sd->counts[i] && sd->counts[i] != 1) {
                diag_error(sp, "cannot assign field '%s' of %lld items to field '%s' of %lld", sd->names[i],
                           (long long)sd->counts[i], d->names[i], (long long)d->counts[i]);
                return false;
            }
            src = bytes_as(L, sp, sb, g->dtype, sd->counts[i], true);
            if (sd->counts[i] == 1 && d->counts[i] != 1) src = lw_newaxis_at(L, sp, src, src->type->ndim);
        } else if (!lw_pyint_fits(L, sp, v, f->dtype)) {
            return false;
        }
        store_leaf(L, sp, fb, ndim, f->dtype, d->counts[i], src);
    }
    return true;
}

/* Stores v into the structured bytes dst (ndim + 1 axes, dtype d, layout lay): a structured
 * value field by field in order (NumPy assigns by position), anything else into every field. */
static bool store_fields(Lower *L, Span sp, IrValue *dst, int ndim, const SDType *d, IrValue **lay,
                         IrValue *v)
{
    const SDType *sd = v->type->kind == TY_SVIEW ? v->type->sdt : NULL;
    IrValue **slay = sd ? layout_of(L, v, sp) : NULL, *sarr = sd ? lw_tuple_get(L, v, 0, sp) : NULL;
    if (!sd && !ty_is_numeric(v->type)) {
        diag_error(sp, "cannot assign %s to a field of a structured array", ty_str_of(v->type));
        return false;
    }
    if (sd && sd->n != d->n) {
        diag_error(
            sp,
            "cannot assign a structured value of %d fields to one of %d fields (NumPy assigns fields by "
            "position)",
            sd->n, d->n);
        return false;
    }
    return store_rec(L, sp, dst, ndim, d, lay, sd, slay, sarr, v);
}

/* a[name] = v of a structured array a. */
bool lw_sarray_store(Lower *L, IrValue *a, AstNode *index, IrValue *v, Span sp)
{
    IrValue *k = lw_expr(L, index);
    if (!k) return false;
    if (!k->def || k->def->op != IR_CONST_STR) {
        diag_error(index->span, "gpyc indexes a structured array by a constant field name only, got %s",
                   ty_str_of(k->type));
        return false;
    }
    const SDType *d = a->type->sdt;
    int i = 0;
    while (i < d->n && strcmp(d->names[i], k->def->sval)) i++;
    if (i == d->n) {
        diag_error(index->span, "no field of name %s", k->def->sval);
        return false;
    }
    IrValue **lay = layout_of(L, a, sp), *arr = lw_tuple_get(L, a, 0, sp);
    int nd = a->type->ndim;
    IrValue *fb = field_bytes(L, sp, d, lay, arr, nd, i);
    const Type *f = d->formats[i];
    if (f->kind == TY_SDTYPE) {
        if (d->counts[i] != 1) {
            diag_error(sp,
                       "gpyc assigns a structured field that is a subarray (field '%s') only through its own "
                       "fields",
                       d->names[i]);
            return false;
        }
        return store_fields(L, sp, fb, nd, f->sdt, lay + lay_at(d, i), v);
    }
    if (!ty_is_numeric(v->type)) {
        diag_error(sp, "cannot assign %s to field '%s' of dtype %s", ty_str_of(v->type), d->names[i],
                   dt_name(f->dtype));
        return false;
    }
    if (!lw_pyint_fits(L, sp, v, f->dtype)) return false;
    store_leaf(L, sp, fb, nd, f->dtype, d->counts[i], v);
    return true;
}

/* The description rt_struct_str reads of dtype d (layout lay): n, then per field its offset,
 * count and gp_dtype (-1 and its own description for a structured field). */
static void str_desc(Lower *L, Span sp, const SDType *d, IrValue **lay, Vec *out)
{
    vec_push(out, lw_cint(L, sp, d->n));
    for (int i = 0; i < d->n; i++) {
        const Type *f = d->formats[i];
        vec_push(out, lay[1 + i]);
        vec_push(out, lw_cint(L, sp, d->counts[i]));
        vec_push(out, lw_cint(L, sp, f->kind == TY_SDTYPE ? -1 : (int64_t)f->dtype));
        if (f->kind == TY_SDTYPE) str_desc(L, sp, f->sdt, lay + lay_at(d, i), out);
    }
}

IrValue *lw_sarray_str(Lower *L, IrValue *a, Span sp)
{
    Vec desc = { 0 };
    str_desc(L, sp, a->type->sdt, layout_of(L, a, sp), &desc);
    IrValue *list = lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_int()), desc.n, (IrValue **)desc.v);
    vec_free(&desc);
    return lw_emit2(L, IR_STRUCT_STR, sp, ty_str(), lw_tuple_get(L, a, 0, sp), list);
}

IrValue *lw_sarray_index(Lower *L, IrValue *a, AstNode *index, Span sp)
{
    IrValue *k = lw_expr(L, index);
    if (!k) return NULL;
    if (!k->def || k->def->op != IR_CONST_STR) {
        diag_error(index->span, "gpyc indexes a structured array by a constant field name only, got %s",
                   ty_str_of(k->type));
        return NULL;
    }
    return sv_field(L, a, k->def->sval, sp);
}

IrValue *lw_sarray_new(Lower *L, Span sp, int ndim, IrValue **dims, IrValue *sd, bool zero)
{
    if (ndim + 1 > IR_MAXDIM) {
        diag_error(sp, "gpyc makes structured arrays of at most %d dimensions", IR_MAXDIM - 1);
        return NULL;
    }
    IrValue **lay = layout_of(L, sd, sp), *all[IR_MAXDIM];
    for (int i = 0; i < ndim; i++) all[i] = dims[i];
    all[ndim] = lay[0];
    IrValue *arr = zero ? lw_emit_full(L, sp, DT_UINT8, ndim + 1, all, lw_cint(L, sp, 0))
                        : lw_emit_empty(L, sp, DT_UINT8, ndim + 1, all);
    return sv_make(L, sp, sd->type->sdt, ndim, arr, lay);
}

/* x.view(dtype): a structured dtype gives x's elements as a structured array (IR_STRUCT_VIEW);
 * a plain dtype the same bytes read as it (IR_VIEW_DTYPE, NumPy's last-axis rule for another
 * itemsize, checked at run time); no dtype, a view of x as it is. */
static IrValue *api_view(Lower *L, AstNode *call, IrValue *x)
{
    Args a;
    if (!lw_bind_self(call, "view", "a,dtype,type", 0, x, &a)) return NULL;
    if (!lw_no_arg(a.p[2], "type")) return NULL;
    IrValue *d = a.p[1] ? lw_expr(L, a.p[1]) : NULL;
    if (a.p[1] && !d) return NULL;
    if (d && d->type->kind == TY_SDTYPE) {
        if (x->type->ndim + 1 > IR_MAXDIM) {
            diag_error(call->span, "gpyc makes structured arrays of at most %d dimensions", IR_MAXDIM - 1);
            return NULL;
        }
        IrValue **lay = layout_of(L, d, call->span);
        IrValue *b =
            lw_emit2(L, IR_STRUCT_VIEW, call->span, ty_array(DT_UINT8, x->type->ndim + 1), x, lay[0]);
        return sv_make(L, call->span, d->type->sdt, x->type->ndim, b, lay);
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

IrValue *lw_sdtype_attr(Lower *L, IrValue *sd, const char *at, Span sp)
{
    const SDType *d = sd->type->sdt;
    if (!strcmp(at, "itemsize")) return layout_of(L, sd, sp)[0];
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
