/*
 * types.c — dtypes, NumPy 2 promotion (NEP 50) and the types of gpyc values.
 *
 * Invariants: scalar types and array types are interned (one object per kind, per dtype and
 * ndim), so most comparisons are pointer comparisons; tuple and list types are built fresh and
 * compared structurally (ty_equal).  A list type's element may be NULL until the first append
 * fixes it: that one field is mutated in place, so every holder of the type sees it.
 */
#include "compiler/compiler.h"
#include "frontend/frontend.h"

#include <stdlib.h>
#include <string.h>

/* The runtime's dtype rows (runtime/include/gpyrt_kinds.def). */
static const struct {
    const char *name, *gp, *ctype;
    int size;
} dtinfo[DT_COUNT] = {
#define GPK_DTYPE(id, name, ctype, size) {name, "GP_" #id, ctype, size},
#include "runtime/include/gpyrt_kinds.def"
};

const char *dt_name(DType d) { return dtinfo[d].name; }
const char *dt_gp_enum(DType d) { return dtinfo[d].gp; }
const char *dt_ctype(DType d) { return dtinfo[d].ctype; }
int dt_size(DType d) { return dtinfo[d].size; }
bool dt_is_int(DType d) { return d >= DT_INT8 && d <= DT_UINT64; }
bool dt_is_signed(DType d) { return d >= DT_INT8 && d <= DT_INT64; }
bool dt_is_float(DType d) { return d >= DT_FLOAT16 && d <= DT_FLOAT64; }
bool dt_is_complex(DType d) { return d == DT_COMPLEX64 || d == DT_COMPLEX128; }

DType dt_real(DType d)
{
    if (d == DT_COMPLEX64) return DT_FLOAT32;
    if (d == DT_COMPLEX128) return DT_FLOAT64;
    return d;
}

/* The smallest float that holds every value of integer (or bool) dtype d exactly enough for
 * NumPy: 8-bit ints → float16, 16-bit → float32, wider → float64. */
static DType float_for_int(DType d)
{
    if (d == DT_BOOL || d == DT_INT8 || d == DT_UINT8) return DT_FLOAT16;
    if (d == DT_INT16 || d == DT_UINT16) return DT_FLOAT32;
    return DT_FLOAT64;
}

/* NumPy's 'same_kind' casting (np.can_cast(from, to, 'same_kind')): a safe cast, or one that
 * does not go down the kind order b < u < i < f < c (int64 → int8 and float64 → float32 are
 * same_kind; int64 → uint8 and float64 → int64 are not). */
bool dt_same_kind(DType from, DType to)
{
    static const int order[DT_COUNT] = {
        [DT_BOOL] = 0, [DT_UINT8] = 1, [DT_UINT16] = 1, [DT_UINT32] = 1, [DT_UINT64] = 1,
        [DT_INT8] = 2, [DT_INT16] = 2, [DT_INT32] = 2, [DT_INT64] = 2,
        [DT_FLOAT16] = 3, [DT_FLOAT32] = 3, [DT_FLOAT64] = 3, [DT_COMPLEX64] = 4, [DT_COMPLEX128] = 4,
    };
    return dt_promote(from, to) == to || order[from] <= order[to];
}

const char *const dt_casting_names[CAST_UNSAFE + 1] = { "no", "equiv", "safe", "same_kind", "unsafe" };

bool dt_casting(const char *name, Casting *out)
{
    for (int i = 0; i <= CAST_UNSAFE; i++)
        if (!strcmp(name, dt_casting_names[i])) {
            *out = (Casting)i;
            return true;
        }
    return false;
}

/* np.can_cast(from, to, c): 'no' and 'equiv' need equal dtypes (gpyc has native byte order
 * only), 'safe' a cast that promotes to `to`, 'same_kind' dt_same_kind, 'unsafe' anything. */
bool dt_can_cast(DType from, DType to, Casting c)
{
    switch (c) {
    case CAST_NO:
    case CAST_EQUIV: return from == to;
    case CAST_SAFE: return dt_promote(from, to) == to;
    case CAST_SAME_KIND: return dt_same_kind(from, to);
    default: return true;
    }
}

DType dt_to_float(DType d)
{
    if (dt_is_float(d) || dt_is_complex(d)) return d;
    return float_for_int(d);
}

static DType complex_for_float(DType f)
{
    return f == DT_FLOAT64 ? DT_COMPLEX128 : DT_COMPLEX64;
}

/* NumPy's promotion table (np.promote_types) for two dtypes:
 *   same kind: the larger; bool: the other; signed with unsigned: a signed type wider than the
 *   unsigned one (uint64 with a signed int: float64); int with float: a float wide enough for
 *   the int; anything with complex: a complex wide enough for the real part. */
DType dt_promote(DType a, DType b)
{
    if (a == b) return a;
    if (a == DT_BOOL) return b;
    if (b == DT_BOOL) return a;
    if (dt_is_complex(a) || dt_is_complex(b)) {
        DType c = dt_is_complex(a) ? a : b, o = dt_is_complex(a) ? b : a;
        if (dt_is_complex(o)) return c > o ? c : o;
        DType f = dt_is_float(o) ? o : float_for_int(o);
        DType cf = complex_for_float(f > dt_real(c) ? f : dt_real(c));
        return cf;
    }
    if (dt_is_float(a) || dt_is_float(b)) {
        DType f = dt_is_float(a) ? a : b, o = dt_is_float(a) ? b : a;
        if (dt_is_float(o)) return f > o ? f : o;
        DType need = float_for_int(o);
        return need > f ? need : f;
    }
    /* both integers */
    bool sa = dt_is_signed(a), sb = dt_is_signed(b);
    if (sa == sb) return dt_size(a) >= dt_size(b) ? a : b;
    DType s = sa ? a : b, u = sa ? b : a;
    if (dt_size(s) > dt_size(u)) return s;
    switch (u) {
    case DT_UINT8: return DT_INT16;
    case DT_UINT16: return DT_INT32;
    case DT_UINT32: return DT_INT64;
    default: return DT_FLOAT64;
    }
}

/* ---------------------------------------------------------------- types */

static Type t_void = {.kind = TY_VOID}, t_none = {.kind = TY_NONE}, t_bool = {.kind = TY_BOOL},
            t_int = {.kind = TY_INT}, t_float = {.kind = TY_FLOAT},
            t_complex = {.kind = TY_COMPLEX}, t_str = {.kind = TY_STR}, t_bytes = {.kind = TY_BYTES, .dtype = DT_UINT8, .ndim = 1},
            t_range = {.kind = TY_RANGE};
static Type *t_arrays[DT_COUNT][IR_MAXDIM + 1];
static Type *t_dtypes[DT_COUNT];

Type *ty_void(void) { return &t_void; }
Type *ty_none(void) { return &t_none; }
Type *ty_bool(void) { return &t_bool; }
Type *ty_int(void) { return &t_int; }
Type *ty_float(void) { return &t_float; }
Type *ty_complex(void) { return &t_complex; }
Type *ty_str(void) { return &t_str; }
Type *ty_bytes(void) { return &t_bytes; }
Type *ty_range(void) { return &t_range; }

/* Every type lives in one arena for the whole compile; ty_free_all releases it. */
static Arena *ty_arena;

void ty_free_all(void)
{
    if (ty_arena) ar_delete(ty_arena);
    ty_arena = NULL;
    memset(t_arrays, 0, sizeof t_arrays);
    memset(t_dtypes, 0, sizeof t_dtypes);
}

static Type *ty_new(TypeKind k)
{
    if (!ty_arena) ty_arena = ar_new();
    Type *t = ar_alloc(ty_arena, sizeof *t);
    t->kind = k;
    return t;
}

Type *ty_array(DType dt, int ndim)
{
    GPYC_ASSERT(ndim >= 0 && ndim <= IR_MAXDIM);
    if (!t_arrays[dt][ndim]) {
        Type *t = ty_new(TY_ARRAY);
        t->dtype = dt;
        t->ndim = ndim;
        t_arrays[dt][ndim] = t;
    }
    return t_arrays[dt][ndim];
}

Type *ty_dtype(DType dt)
{
    if (!t_dtypes[dt]) {
        t_dtypes[dt] = ty_new(TY_DTYPE);
        t_dtypes[dt]->dtype = dt;
    }
    return t_dtypes[dt];
}

Type *ty_tuple(int n, Type **elems)
{
    Type *t = ty_new(TY_TUPLE);
    t->n = n;
    t->elems = ar_alloc(ty_arena, sizeof *t->elems * (n ? n : 1));
    for (int i = 0; i < n; i++) t->elems[i] = elems[i];
    t->id = -1;
    return t;
}

Type *ty_record(int n, const char **keys, Type **elems)
{
    Type *t = ty_tuple(n, elems);
    t->keys = ar_alloc(ty_arena, sizeof *t->keys * (n ? n : 1));
    for (int i = 0; i < n; i++) t->keys[i] = keys[i];
    return t;
}

Type *ty_list(Type *elem)
{
    Type *t = ty_new(TY_LIST);
    t->elem = elem;
    return t;
}

Type *ty_deque(Type *elem, int maxlen)
{
    Type *t = ty_list(elem);
    t->name = "deque";
    t->n = maxlen;
    return t;
}

bool ty_is_deque(const Type *t) { return t && t->kind == TY_LIST && t->name; }

Type *ty_dict(Type *key, Type *val)
{
    Type *t = ty_new(TY_DICT);
    t->key = key;
    t->elem = val;
    return t;
}

Type *ty_set(Type *elem)
{
    Type *t = ty_new(TY_SET);
    t->elem = elem;
    return t;
}

Type *ty_module(const char *name)
{
    Type *t = ty_new(TY_MODULE);
    t->name = name;
    return t;
}

Type *ty_func(AstNode *def)
{
    Type *t = ty_new(TY_FUNC);
    t->def = def;
    return t;
}

/* A closure's type is the record of its captured values (names and types), of kind TY_FUNC
 * with its def. */
Type *ty_closure(AstNode *def, int n, const char **names, Type **elems)
{
    Type *t = ty_record(n, names, elems);
    t->kind = TY_FUNC;
    t->def = def;
    return t;
}

bool ty_is_closure(const Type *t) { return t && t->kind == TY_FUNC && t->keys; }

Type *ty_fvariant(int n, Type **alts)
{
    Type *t = ty_new(TY_FUNC);
    t->n = n + 1;
    t->id = -1;
    t->elems = ar_alloc(ty_arena, sizeof *t->elems * (size_t)(n + 1));
    t->elems[0] = ty_int();
    for (int i = 0; i < n; i++) t->elems[i + 1] = alts[i];
    return t;
}

bool ty_is_fvalue(const Type *t) { return t && t->kind == TY_FUNC && (t->keys || !t->def); }

/* An object of CuPy's device API of class cls ("cupy.cuda.Stream"): an int64 handle at run time. */
Type *ty_obj(const char *cls)
{
    Type *t = ty_new(TY_OBJ);
    t->name = cls;
    return t;
}

Type *ty_builtin(const char *name, Type *self)
{
    Type *t = ty_new(TY_BUILTIN);
    t->name = name;
    t->self = self;
    return t;
}

Type *ty_kernel(UKernel *uk)
{
    Type *t = ty_new(TY_KERNEL);
    t->uk = uk;
    return t;
}

/* A NumPy structured dtype (a struct of its layout's ints when sdt->rt, else a compile-time
 * value) and an array of one (a struct: the uint8 array of its bytes, then those ints). */
Type *ty_sdtype(const SDType *sdt)
{
    Type *t = ty_new(TY_SDTYPE);
    t->sdt = sdt;
    if (sdt->rt) {
        t->n = sdt->lay->n;
        t->elems = sdt->lay->elems;
        t->id = -1;
    }
    return t;
}

Type *ty_sview(const SDType *sdt, int ndim)
{
    int k = sdt->rt ? sdt->lay->n : 0;
    Type *t = ty_new(TY_SVIEW);
    Type **es = ar_alloc(ty_arena, sizeof(Type *) * (size_t)(k + 1));
    es[0] = ty_array(DT_UINT8, ndim + 1);
    for (int i = 0; i < k; i++) es[1 + i] = sdt->lay->elems[i];
    t->sdt = sdt;
    t->ndim = ndim;
    t->n = k + 1;
    t->elems = es;
    t->id = -1;
    return t;
}

Type *ty_poly1d(DType dt, const char *var)
{
    Type *t = ty_new(TY_POLY1D);
    t->dtype = dt;
    t->ndim = 1;
    t->name = var;
    return t;
}

Type *ty_sparse(const char *fmt, DType dt)
{
    Type *t = ty_tuple(SP_NELEMS, (Type *[]){ty_array(dt, 1), ty_array(DT_INT32, 1), ty_array(DT_INT32, 1),
                                             ty_int(), ty_int()});
    t->kind = TY_SPARSE;
    t->name = fmt;
    t->dtype = dt;
    return t;
}

bool ty_is_struct(const Type *t)
{
    return t && (t->kind == TY_TUPLE || t->kind == TY_SPARSE || t->kind == TY_SVIEW || ty_is_fvalue(t) ||
                 (t->kind == TY_SDTYPE && t->sdt->rt));
}

/* Same layout: fields (names, formats, counts, offsets) and itemsize. */
static bool sdt_equal(const SDType *a, const SDType *b)
{
    if (a == b) return true;
    if (a->n != b->n || a->itemsize != b->itemsize || a->align != b->align || a->rt != b->rt) return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->names[i], b->names[i]) || a->counts[i] != b->counts[i] || a->offsets[i] != b->offsets[i] ||
            !ty_equal(a->formats[i], b->formats[i]))
            return false;
    return true;
}

bool ty_equal(const Type *a, const Type *b)
{
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    switch (a->kind) {
    case TY_ARRAY: return a->dtype == b->dtype && a->ndim == b->ndim;
    case TY_DTYPE: return a->dtype == b->dtype;
    case TY_TUPLE:
        if (a->n != b->n || !a->keys != !b->keys || !a->name != !b->name ||
            (a->name && strcmp(a->name, b->name)))
            return false;
        for (int i = 0; i < a->n; i++)
            if (!ty_equal(a->elems[i], b->elems[i]) || (a->keys && strcmp(a->keys[i], b->keys[i]))) return false;
        return true;
    case TY_LIST: /* an unknown element type unifies with anything (fixed at the first append) */
        if (ty_is_deque(a) != ty_is_deque(b) || (ty_is_deque(a) && a->n != b->n)) return false;
        return !a->elem || !b->elem || ty_equal(a->elem, b->elem);
    case TY_SET:
        if (!a->name != !b->name) return false; /* a set, a frozenset */
        return !a->elem || !b->elem || ty_equal(a->elem, b->elem);
    case TY_DICT:
        if (!a->name != !b->name || (a->name && strcmp(a->name, b->name))) return false;
        return (!a->key || !b->key || ty_equal(a->key, b->key)) && (!a->elem || !b->elem || ty_equal(a->elem, b->elem));
    case TY_MODULE:
    case TY_OBJ:
    case TY_BUILTIN: return strcmp(a->name, b->name) == 0 && a->self == b->self;
    case TY_FUNC:
        if (a->def != b->def || !a->keys != !b->keys || a->n != b->n) return false;
        for (int i = 0; (a->keys || !a->def) && i < a->n; i++)
            if ((a->keys && strcmp(a->keys[i], b->keys[i])) || !ty_equal(a->elems[i], b->elems[i])) return false;
        return true;
    case TY_KERNEL: return a->uk == b->uk;
    case TY_SDTYPE: return sdt_equal(a->sdt, b->sdt);
    case TY_SVIEW: return a->ndim == b->ndim && sdt_equal(a->sdt, b->sdt);
    case TY_SPARSE: case TY_POLY1D: return a->dtype == b->dtype && !strcmp(a->name, b->name);
    default: return true;
    }
}

/* Does container type t occur in u: u itself, or (recursively) its elements, keys or fields?  A
 * container whose unknown element type were fixed to a type that holds it would be a recursive
 * type (`d["a"] = d`, `a.append([a])`), which gpyc's static types cannot express: the lowering
 * refuses such a store, so types never contain themselves and this recursion ends. */
bool ty_occurs(const Type *t, const Type *u)
{
    if (!u) return false;
    if (t == u) return true;
    switch (u->kind) {
    case TY_LIST:
    case TY_SET: return ty_occurs(t, u->elem);
    case TY_DICT: return ty_occurs(t, u->key) || ty_occurs(t, u->elem);
    case TY_TUPLE:
    case TY_FUNC:
        for (int i = 0; i < u->n; i++)
            if (ty_occurs(t, u->elems[i])) return true;
        return false;
    default: return false;
    }
}

/* Is t an object of CuPy's device API or a sparse matrix, or a list or tuple holding one (no
 * str() of them)? */
bool ty_holds_obj(const Type *t)
{
    if (!t) return false;
    if (t->kind == TY_OBJ || t->kind == TY_SPARSE) return true;
    if (t->kind == TY_LIST || t->kind == TY_DICT) return ty_holds_obj(t->elem);
    if (t->kind == TY_TUPLE)
        for (int i = 0; i < t->n; i++)
            if (ty_holds_obj(t->elems[i])) return true;
    return false;
}

bool ty_holds_func(const Type *t)
{
    if (!t) return false;
    if (ty_is_fvalue(t)) return true;
    if (t->kind == TY_LIST || t->kind == TY_SET) return ty_holds_func(t->elem);
    if (t->kind == TY_DICT) return ty_holds_func(t->key) || ty_holds_func(t->elem);
    if (t->kind == TY_TUPLE)
        for (int i = 0; i < t->n; i++)
            if (ty_holds_func(t->elems[i])) return true;
    return false;
}

bool ty_is_scalar(const Type *t)
{
    return t->kind == TY_BOOL || t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_COMPLEX;
}

bool ty_is_numeric(const Type *t) { return ty_is_scalar(t) || t->kind == TY_ARRAY; }

/* dtype([('x', 'float64'), ('m', 'float32', 16)], itemsize 24) */
static void sdt_write(StrBuf *sb, const SDType *d)
{
    sb_puts(sb, "dtype([");
    for (int i = 0; i < d->n; i++) {
        const Type *f = d->formats[i];
        sb_printf(sb, "%s('%s', ", i ? ", " : "", d->names[i]);
        if (f->kind == TY_SDTYPE)
            sdt_write(sb, f->sdt);
        else
            sb_printf(sb, "'%s'", dt_name(f->dtype));
        if (d->counts[i] != 1) sb_printf(sb, ", %lld", (long long)d->counts[i]);
        sb_puts(sb, ")");
    }
    if (d->rt)
        sb_puts(sb, "], layout known at run time)");
    else
        sb_printf(sb, "], itemsize %lld)", (long long)d->itemsize);
}

static void ty_write(StrBuf *sb, const Type *t)
{
    if (!t) {
        sb_puts(sb, "unknown");
        return;
    }
    switch (t->kind) {
    case TY_VOID: sb_puts(sb, "None"); break;
    case TY_NONE: sb_puts(sb, "None"); break;
    case TY_BOOL: sb_puts(sb, "bool"); break;
    case TY_INT: sb_puts(sb, "int"); break;
    case TY_FLOAT: sb_puts(sb, "float"); break;
    case TY_COMPLEX: sb_puts(sb, "complex"); break;
    case TY_STR: sb_puts(sb, "str"); break;
    case TY_BYTES: sb_puts(sb, "bytes"); break;
    case TY_ARRAY: sb_printf(sb, "ndarray[%s, %d]", dt_name(t->dtype), t->ndim); break;
    case TY_TUPLE:
        sb_puts(sb, t->keys ? "dict{" : "tuple[");
        for (int i = 0; i < t->n; i++) {
            if (i) sb_puts(sb, ", ");
            if (t->keys) sb_printf(sb, "'%s': ", t->keys[i]);
            ty_write(sb, t->elems[i]);
        }
        sb_puts(sb, t->keys ? "}" : "]");
        break;
    case TY_LIST:
    case TY_SET:
        sb_printf(sb, "%s[", t->name ? t->name : t->kind == TY_SET ? "set" : "list");
        ty_write(sb, t->elem);
        sb_puts(sb, "]");
        break;
    case TY_DICT:
        sb_puts(sb, !t->name ? "dict[" : strcmp(t->name, "Counter") ? "defaultdict[" : "Counter[");
        ty_write(sb, t->key);
        sb_puts(sb, ", ");
        ty_write(sb, t->elem);
        sb_puts(sb, "]");
        break;
    case TY_DTYPE: sb_printf(sb, "dtype %s", dt_name(t->dtype)); break;
    case TY_MODULE: sb_printf(sb, "module %s", t->name); break;
    case TY_FUNC:
        if (!t->def) { /* a variant: "function f | g" */
            sb_puts(sb, "function ");
            for (int i = 1; i < t->n; i++) sb_printf(sb, "%s%s", i > 1 ? " | " : "", t->elems[i]->def->sval);
            break;
        }
        sb_printf(sb, "function %s", t->def->sval ? t->def->sval : "?");
        break;
    case TY_BUILTIN: sb_printf(sb, "function %s", t->name); break;
    case TY_RANGE: sb_puts(sb, "range"); break;
    case TY_KERNEL: {
        static const char *const kinds[] = { [UK_ELEMENTWISE] = "ElementwiseKernel",
                                             [UK_RAW] = "RawKernel",
                                             [UK_MODULE] = "RawModule",
                                             [UK_REDUCTION] = "ReductionKernel",
                                             [UK_JIT] = "cupyx.jit.rawkernel" };
        _Static_assert(sizeof kinds / sizeof *kinds == UK_JIT + 1, "a name for every UkKind");
        sb_printf(sb, "%s %s", kinds[t->uk->kind], t->uk->name);
        break;
    }
    case TY_OBJ: sb_puts(sb, t->name); break;
    case TY_SPARSE: sb_printf(sb, "%s_matrix[%s]", t->name, dt_name(t->dtype)); break;
    case TY_POLY1D: sb_printf(sb, "poly1d[%s]", dt_name(t->dtype)); break;
    case TY_SDTYPE: sdt_write(sb, t->sdt); break;
    case TY_SVIEW:
        sb_puts(sb, "ndarray[");
        sdt_write(sb, t->sdt);
        sb_puts(sb, "]");
        break;
    default: sb_puts(sb, "?"); break;
    }
}

/* Returns a string that stays valid for the next 7 calls (messages use at most a few). */
const char *ty_str_of(const Type *t)
{
    static char *ring[8];
    static int next;
    StrBuf sb = {0};
    ty_write(&sb, t);
    free(ring[next]);
    ring[next] = sb.s;
    const char *s = ring[next];
    next = (next + 1) % 8;
    return s;
}

DType ty_scalar_dtype(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return DT_BOOL;
    case TY_INT: return DT_INT64;
    case TY_FLOAT: return DT_FLOAT64;
    case TY_COMPLEX: return DT_COMPLEX128;
    case TY_ARRAY: return t->dtype;
    default: return DT_FLOAT64;
    }
}

/* Python scalar kinds, in NumPy's order of kinds: bool < int < float < complex. */
static int scalar_rank(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return 0;
    case TY_INT: return 1;
    case TY_FLOAT: return 2;
    case TY_COMPLEX: return 3;
    default: return -1;
    }
}

static int dtype_rank(DType d)
{
    if (d == DT_BOOL) return 0;
    if (dt_is_int(d)) return 1;
    if (dt_is_float(d)) return 2;
    return 3;
}

/* NEP 50: an array's dtype against a weak Python scalar of kind rank k.  A scalar of the same
 * or a lower kind takes the array's dtype; a higher kind takes that kind's default precision,
 * except that a complex scalar keeps a float array's precision (float32 + 1j is complex64). */
static DType weak_promote(DType d, int k)
{
    int r = dtype_rank(d);
    if (k <= r) return d;
    switch (k) {
    case 1: return DT_INT64;
    case 2: return DT_FLOAT64;
    default:
        if (d == DT_FLOAT16 || d == DT_FLOAT32) return DT_COMPLEX64;
        return DT_COMPLEX128;
    }
}

bool ty_promote_operands(const Type *a, const Type *b, DType *out)
{
    if (!ty_is_numeric(a) || !ty_is_numeric(b)) return false;
    if (a->kind == TY_ARRAY && b->kind == TY_ARRAY) {
        *out = dt_promote(a->dtype, b->dtype);
    } else if (a->kind == TY_ARRAY) {
        *out = weak_promote(a->dtype, scalar_rank(b));
    } else if (b->kind == TY_ARRAY) {
        *out = weak_promote(b->dtype, scalar_rank(a));
    } else {
        int k = scalar_rank(a) > scalar_rank(b) ? scalar_rank(a) : scalar_rank(b);
        static const DType def[4] = {DT_BOOL, DT_INT64, DT_FLOAT64, DT_COMPLEX128};
        *out = def[k];
    }
    return true;
}
