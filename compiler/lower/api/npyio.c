/*
 * lower/api/npyio.c — files: save and load of .npy files and .npz archives (fromfile, tofile
 * and text files: lower/api/txtio.c); the run-time half is
 * runtime/npyio.c, the header runtime/npyfmt.c (which gpyc links too).  Table: lw_npyio_api.
 *
 * NumPy's rules implemented here:
 *   - save(file, arr, allow_pickle=True, fix_imports=True): file a str (".npy" appended when
 *     missing, as numpy.save does), arr an array or anything cp.asarray takes; allow_pickle and
 *     fix_imports are constants that change nothing (gpyc has no object arrays).
 *   - load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII',
 *     max_header_size=10000): the keywords at their defaults only; an object array is NumPy's
 *     ValueError at run time.
 * Static types: a loaded array's dtype and ndim must be known when compiling.  They come from
 * an earlier cp.save of the same constant path in the program (the program writes the file it
 * reads back), else from the header of the file itself, which the path (a constant str; a
 * relative one is looked up beside the script, where the program is expected to run) must name
 * at compile time.  At run time the file must hold that dtype and ndim (shapes are free): a
 * TypeError otherwise.
 */
#include "compiler/lower/lower.h"
#include "runtime/npyfmt.h"
#include "runtime/npzfmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* numpy.save's name: file, with ".npy" appended when it does not end so. */
static const char *npy_name(Lower *L, const char *file)
{
    size_t n = strlen(file);
    return n >= 4 && !strcmp(file + n - 4, ".npy") ? file : ar_printf(L->a, "%s.npy", file);
}

/* ---------------------------------------------------------------- .npz archives
 *
 * f = cp.load(ARCHIVE) is a value of its own module type, named "numpy.lib.npyio.NpzFile(PATH)",
 * with no run-time storage: the path is a constant and the members' keys and array types are
 * known when compiling (from the archive's .npy headers, or from an earlier savez of that
 * path).  f[KEY] reads the member then, as NumPy's NpzFile reads it on each access. */

typedef struct NpzInfo {
    const char *type_name, *path;
    int n;
    const char **keys;
    Type **types;
} NpzInfo;

#define NPZ_PREFIX "numpy.lib.npyio.NpzFile("

bool lw_is_npz(const Type *t)
{
    return t->kind == TY_MODULE && !strncmp(t->name, NPZ_PREFIX, strlen(NPZ_PREFIX));
}

static const NpzInfo *npz_info(Lower *L, const Type *t)
{
    for (int i = 0; i < L->npz_files.n; i++) {
        const NpzInfo *z = L->npz_files.v[i];
        if (!strcmp(z->type_name, t->name)) return z;
    }
    return NULL;
}

/* Registers an archive's members: the module type of f = cp.load(path). */
static Type *npz_register(Lower *L, const char *path, int n, const char **keys, Type **types)
{
    NpzInfo *z = ar_alloc(L->a, sizeof *z);
    z->path = path;
    z->type_name = ar_printf(L->a, NPZ_PREFIX "%s)", path);
    z->n = n;
    z->keys = keys;
    z->types = types;
    vec_push(&L->npz_files, z);
    return ty_module(z->type_name);
}

/* NpzRead over a stdio stream. */
static bool read_file(void *ctx, uint64_t off, void *buf, size_t n)
{
    return fseeko(ctx, (off_t)off, SEEK_SET) == 0 && fread(buf, 1, n, ctx) == n;
}

/* The members of the archive fp (full: its name) as a registered type; NULL after an error. */
static Type *npz_now(Lower *L, Span sp, const char *path, const char *full, FILE *fp)
{
    fseeko(fp, 0, SEEK_END);
    uint64_t size = (uint64_t)ftello(fp);
    NpzMember *ms;
    int n, k = 0;
    NpyError e;
    Type *t = NULL;
    if (npz_members(read_file, fp, size, &ms, &n, &e) != NPY_OK) {
        diag_error(sp, "'%s' is not an .npz file gpyc can load: %s: %s", full, e.exc, e.msg);
        return NULL;
    }
    const char **keys = ar_alloc(L->a, sizeof *keys * (size_t)(n + 1));
    Type **types = ar_alloc(L->a, sizeof *types * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        size_t len = strlen(ms[i].name);
        if (len < 5 || strcmp(ms[i].name + len - 4, ".npy")) continue; /* not an array */
        NpyHeader h;
        if (npz_member_header(read_file, fp, &ms[i], &h, &e) != NPY_OK) {
            diag_error(sp, "'%s' member '%s' is not a .npy file gpyc can load: %s: %s", full, ms[i].name,
                       e.exc, e.msg);
            free(ms);
            return NULL;
        }
        if (h.ndim > IR_MAXDIM) continue;
        keys[k] = ar_printf(L->a, "%.*s", (int)(len - 4), ms[i].name);
        DType dt = DT_COUNT;
        for (int d = 0; d < DT_COUNT; d++)
            if (!strcmp(dt_name((DType)d), h.dtype)) dt = (DType)d;
        types[k++] = ty_array(dt, h.ndim);
    }
    free(ms);
    t = npz_register(L, path, k, keys, types);
    return t;
}

/* f[key] of an archive: key a constant str naming one of its arrays. */
IrValue *lw_npz_subscript(Lower *L, IrValue *obj, AstNode *e)
{
    const NpzInfo *z = npz_info(L, obj->type);
    IrValue *kv = lw_expr(L, e->rhs);
    if (!z || !kv) return NULL;
    const char *key = lw_const_text(L, kv, 0);
    if (!key) {
        diag_error(e->rhs->span,
                   "an .npz archive's key must be a constant str here (gpyc needs the member's type)");
        return NULL;
    }
    for (int i = 0; i < z->n; i++)
        if (!strcmp(z->keys[i], key)) {
            IrValue *args[2] = { lw_const_str(L, e->span, z->path), kv };
            IrValue *r = lw_emit(L, IR_NPZ_LOAD, e->span, z->types[i], 2, args);
            r->def->dtype = z->types[i]->dtype;
            return r;
        }
    diag_error(e->rhs->span, "KeyError: '%s is not a file in the archive'", key);
    return NULL;
}

/* f.files: the archive's keys, in its order. */
IrValue *lw_npz_attr(Lower *L, IrValue *obj, const char *at, Span sp)
{
    const NpzInfo *z = npz_info(L, obj->type);
    if (!z || strcmp(at, "files")) {
        diag_error(sp, "'NpzFile' object has no attribute '%s' that gpyc supports", at);
        return NULL;
    }
    IrValue **keys = ar_alloc(L->a, sizeof *keys * (size_t)(z->n + 1));
    for (int i = 0; i < z->n; i++) keys[i] = lw_const_str(L, sp, z->keys[i]);
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(ty_str()), z->n, keys);
}

/* savez(file, *args, **kwds) and savez_compressed: the keyword arrays first, in their order,
 * then the positional ones as arr_0, arr_1 ... (numpy.savez's order in the archive) */
static IrValue *api_savez(Lower *L, AstNode *call, const char *fname)
{
    Span sp = call->span;
    if (call->elts.n < 1) {
        diag_error(sp, "%s() missing required argument 'file' (pos 1)", fname);
        return NULL;
    }
    IrValue *f = lw_file_arg(L, call->elts.v[0], fname);
    if (!f) return NULL;
    int n = call->elts.n - 1 + call->params.n;
    IrValue **args = ar_alloc(L->a, sizeof *args * (size_t)(n + 1));
    const char **keys = ar_alloc(L->a, sizeof *keys * (size_t)(n + 1));
    Type **types = ar_alloc(L->a, sizeof *types * (size_t)(n + 1));
    StrBuf names = { 0 };
    args[0] = f;
    int nkw = call->params.n;
    for (int i = 0; i < n; i++) {
        bool pos = i >= nkw;
        AstNode *kw = pos ? NULL : call->params.v[i];
        AstNode *e = pos ? call->elts.v[i - nkw + 1] : kw->rhs;
        keys[i] = pos ? ar_printf(L->a, "arr_%d", i - nkw) : kw->sval;
        for (int j = 0; j < i; j++)
            if (!strcmp(keys[j], keys[i])) {
                diag_error(e->span, "Cannot use un-named variables and keyword %s", keys[i]);
                sb_free(&names);
                return NULL;
            }
        IrValue *x = lw_arraylike(L, e, fname);
        if (!x) {
            sb_free(&names);
            return NULL;
        }
        args[i + 1] = x;
        types[i] = x->type;
        sb_printf(&names, "%s%s", i ? "," : "", keys[i]);
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_NPZ_SAVE, sp, NULL, n + 1, args);
    in->sval = ar_printf(L->a, "%s", names.s ? names.s : "");
    in->ival = !strcmp(fname, "savez_compressed");
    sb_free(&names);
    const char *path = lw_const_text(L, f, 0);
    if (path) {
        size_t len = strlen(path);
        const char *full =
            len >= 4 && !strcmp(path + len - 4, ".npz") ? path : ar_printf(L->a, "%s.npz", path);
        vec_push(&L->npy_saved, (void *)full);
        vec_push(&L->npy_saved, npz_register(L, full, n, keys, types));
    }
    return lw_pseudo(L, ty_none());
}

/* save(file, arr, allow_pickle=True, fix_imports=True) */
static IrValue *api_save(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "save", "file,arr,allow_pickle,fix_imports", 2, &a)) return NULL;
    IrValue *f = lw_file_arg(L, a.p[0], "save");
    IrValue *x = f ? lw_arraylike(L, a.p[1], "save") : NULL;
    bool ignored;
    if (!x || !lw_bool_arg(L, a.p[2], true, &ignored) || !lw_bool_arg(L, a.p[3], true, &ignored)) return NULL;
    IrValue *args[2] = { f, x };
    ir_emit(L->m, L->blk, IR_NPY_SAVE, call->span, NULL, 2, args);
    const char *path = lw_const_text(L, f, 0);
    if (path) {
        vec_push(&L->npy_saved, (void *)npy_name(L, path));
        vec_push(&L->npy_saved, x->type);
    }
    return lw_pseudo(L, ty_none());
}

/* The header of the file at path (beside the script when relative) read now, or for an .npz
 * archive its registered type in *npz: false after a located error. */
static bool header_now(Lower *L, Span sp, const char *path, NpyHeader *h, Type **npz)
{
    const char *full =
        path[0] == '/' || !strcmp(L->search_dir, ".") ? path : ar_printf(L->a, "%s/%s", L->search_dir, path);
    FILE *fp = fopen(full, "rb");
    if (!fp) {
        diag_error(sp,
                   "cannot read '%s' at compile time (%s): load() takes its array's dtype and ndim from the "
                   "file's header, or from a save() of the same path earlier in the program",
                   full, strerror(errno));
        return false;
    }
    *npz = NULL;
    unsigned char magic[4];
    if (fread(magic, 1, 4, fp) == 4 && npz_is_zip(magic, 4)) {
        *npz = npz_now(L, sp, path, full, fp);
        fclose(fp);
        return *npz != NULL;
    }
    rewind(fp);
    size_t cap = 4096, n = 0, need = 0;
    unsigned char *buf = NULL;
    int rc;
    NpyError e;
    for (;;) {
        buf = xrealloc(buf, cap);
        n += fread(buf + n, 1, cap - n, fp);
        rc = npy_parse_header(buf, n, n < cap, h, &need, &e);
        if (rc != NPY_MORE) break;
        while (cap < need) cap *= 2;
    }
    fclose(fp);
    free(buf);
    if (rc != NPY_OK) {
        diag_error(sp, "'%s' is not a .npy file gpyc can load: %s: %s", full, e.exc, e.msg);
        return false;
    }
    if (h->ndim > IR_MAXDIM) {
        diag_error(sp, "'%s' holds a %d-d array: gpyc arrays have at most %d dimensions", full, h->ndim,
                   IR_MAXDIM);
        return false;
    }
    return true;
}

/* The array type an assignment's annotation names: "DTYPE[:, ...]" (one ':' per dimension),
 * or NULL (also for an annotation that is not a constant str, whose text is NULL). */
static Type *annotated_type(const char *ann)
{
    if (!ann) return NULL;
    const char *br = strchr(ann, '[');
    size_t n = br ? (size_t)(br - ann) : 0;
    int ndim = 0;
    for (const char *c = br ? br + 1 : NULL; c && *c && *c != ']'; c++) {
        if (*c == ':')
            ndim++;
        else if (*c != ',' && *c != ' ')
            return NULL;
    }
    if (!br || !ndim || ndim > IR_MAXDIM || strcmp(br + strcspn(br, "]"), "]")) return NULL;
    for (int d = 0; d < DT_COUNT; d++)
        if (strlen(dt_name((DType)d)) == n && !strncmp(dt_name((DType)d), ann, n))
            return ty_array((DType)d, ndim);
    return NULL;
}

/* load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII',
 *      max_header_size=10000) */
static IrValue *api_load(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "load", "file,mmap_mode,allow_pickle,fix_imports,encoding,max_header_size", 1, &a))
        return NULL;
    if (a.p[1] && !lw_no_arg(a.p[1], "mmap_mode")) return NULL;
    bool pickle, ignored;
    if (!lw_bool_arg(L, a.p[2], false, &pickle) || !lw_bool_arg(L, a.p[3], true, &ignored)) return NULL;
    if (pickle) {
        diag_error(a.p[2]->span, "allow_pickle=True: gpyc has no object arrays");
        return NULL;
    }
    if (a.p[4] && !lw_no_arg(a.p[4], "encoding")) return NULL;
    if (a.p[5] && !lw_no_arg(a.p[5], "max_header_size")) return NULL;
    IrValue *f = lw_file_arg(L, a.p[0], "load");
    if (!f) return NULL;
    const char *path = lw_const_text(L, f, 0);
    Type *t = L->annotated == call ? annotated_type(L->annotation) : NULL;
    if (!t && path) t = lw_saved_type(L, path);
    if (!path && !t) {
        diag_error(a.p[0]->span,
                   "load() of a path known only at run time: gpyc needs the array's dtype and ndim "
                   "when compiling; give the path as a constant str naming a .npy file, or annotate "
                   "the variable with them: x: \"float64[:, :]\" = cp.load(path)");
        return NULL;
    }
    if (!t) {
        NpyHeader h;
        if (!header_now(L, sp, path, &h, &t)) return NULL;
        if (t) return lw_pseudo(L, t); /* an .npz archive */
        DType dt = DT_COUNT;
        for (int d = 0; d < DT_COUNT; d++)
            if (!strcmp(dt_name((DType)d), h.dtype)) dt = (DType)d;
        t = ty_array(dt, h.ndim);
    }
    if (lw_is_npz(t)) return lw_pseudo(L, t);
    IrValue *r = lw_emit(L, IR_NPY_LOAD, sp, t, 1, &f);
    r->def->dtype = t->dtype;
    return r;
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_save)
LW_API_PLAIN(api_load)
LW_API_NAMED(api_savez)

const ApiFn lw_npyio_api[] = {
    { "cupy", "save", api_save_api, 0 },
    { "cupy", "load", api_load_api, 0 },
    { "cupy", "savez", api_savez_api, 0 },
    { "cupy", "savez_compressed", api_savez_api, 0 },
    { NULL, NULL, NULL, 0 },
};
