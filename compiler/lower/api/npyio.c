/*
 * lower/api/npyio.c — files: save and load of .npy files, fromfile and ndarray.tofile of raw
 * binary ones; the run-time half is
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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Counts the stores of var in b and the blocks under it; *val gets the last one's value. */
static int stores_of(const IrBlock *b, const IrVar *var, IrValue **val)
{
    int n = 0;
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var == var) {
            n++;
            *val = in->op == IR_STORE ? in->args[0] : NULL;
        }
        n += stores_of(in->blocks[0], var, val) + stores_of(in->blocks[1], var, val);
    }
    return n;
}

/* The text of a str value known when compiling: a literal, a concatenation of such, or a
 * variable stored once so far (in its function, or for a global in any function lowered so
 * far) from one; NULL otherwise. */
static const char *const_str(Lower *L, const IrValue *v, int depth)
{
    if (v->type->kind != TY_STR || !v->def || depth > 16) return NULL;
    const IrInstr *in = v->def;
    if (in->op == IR_CONST_STR) return in->sval;
    if (in->op == IR_STR_CONCAT) {
        const char *acc = "";
        for (int i = 0; i < in->nargs; i++) {
            const char *part = const_str(L, in->args[i], depth + 1);
            if (!part) return NULL;
            acc = ar_printf(L->a, "%s%s", acc, part);
        }
        return acc;
    }
    if (in->op != IR_LOAD || !in->var) return NULL;
    IrValue *val = NULL;
    int n = 0;
    if (in->var->global)
        for (int i = 0; i < L->m->funcs.n; i++)
            n += stores_of(((IrFunc *)L->m->funcs.v[i])->body, in->var, &val);
    else
        n = stores_of(L->fn->body, in->var, &val);
    return n == 1 && val ? const_str(L, val, depth + 1) : NULL;
}

/* A file name argument: a str (no file objects in gpyc). */
static IrValue *file_arg(Lower *L, AstNode *e, const char *fname)
{
    IrValue *f = lw_expr(L, e);
    if (f && f->type->kind != TY_STR) {
        diag_error(e->span, "%s() takes a file name (a str) here, not %s: gpyc has no file objects", fname,
                   ty_str_of(f->type));
        return NULL;
    }
    return f;
}

/* numpy.save's name: file, with ".npy" appended when it does not end so. */
static const char *npy_name(Lower *L, const char *file)
{
    size_t n = strlen(file);
    return n >= 4 && !strcmp(file + n - 4, ".npy") ? file : ar_printf(L->a, "%s.npy", file);
}

/* The type of the array an earlier save of the constant path wrote, or NULL. */
static Type *saved_type(Lower *L, const char *path)
{
    for (int i = L->npy_saved.n - 2; i >= 0; i -= 2)
        if (!strcmp(L->npy_saved.v[i], path)) return L->npy_saved.v[i + 1];
    return NULL;
}

/* save(file, arr, allow_pickle=True, fix_imports=True) */
static IrValue *api_save(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "save", "file,arr,allow_pickle,fix_imports", 2, &a)) return NULL;
    IrValue *f = file_arg(L, a.p[0], "save");
    IrValue *x = f ? lw_arraylike(L, a.p[1], "save") : NULL;
    bool ignored;
    if (!x || !lw_bool_arg(L, a.p[2], true, &ignored) || !lw_bool_arg(L, a.p[3], true, &ignored)) return NULL;
    IrValue *args[2] = { f, x };
    ir_emit(L->m, L->blk, IR_NPY_SAVE, call->span, NULL, 2, args);
    const char *path = const_str(L, f, 0);
    if (path) {
        vec_push(&L->npy_saved, (void *)npy_name(L, path));
        vec_push(&L->npy_saved, x->type);
    }
    return lw_pseudo(L, ty_none());
}

/* The header of the file at path (beside the script when relative) read now: false after a
 * located error. */
static bool header_now(Lower *L, Span sp, const char *path, NpyHeader *h)
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
    IrValue *f = file_arg(L, a.p[0], "load");
    if (!f) return NULL;
    const char *path = const_str(L, f, 0);
    if (!path) {
        diag_error(a.p[0]->span,
                   "load() of a path known only at run time: gpyc needs the array's dtype and ndim "
                   "when compiling; give the path as a constant str naming a .npy file");
        return NULL;
    }
    Type *t = saved_type(L, path);
    if (!t) {
        NpyHeader h;
        if (!header_now(L, sp, path, &h)) return NULL;
        DType dt = DT_COUNT;
        for (int d = 0; d < DT_COUNT; d++)
            if (!strcmp(dt_name((DType)d), h.dtype)) dt = (DType)d;
        t = ty_array(dt, h.ndim);
    }
    IrValue *r = lw_emit(L, IR_NPY_LOAD, sp, t, 1, &f);
    r->def->dtype = t->dtype;
    return r;
}

/* ---------------------------------------------------------------- raw binary files */

/* fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None): sep '' (binary) */
static IrValue *api_fromfile(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "fromfile", "file,dtype,count,sep,offset,like", 1, &a)) return NULL;
    IrValue *f = file_arg(L, a.p[0], "fromfile");
    DType dt = DT_FLOAT64;
    bool given;
    const char *sep;
    if (!f || !lw_dtype_arg(L, a.p[1], &dt, &given) || !lw_str_arg(L, a.p[3], "", &sep)) return NULL;
    if (!given) dt = DT_FLOAT64;
    if (a.p[5] && !lw_no_arg(a.p[5], "like")) return NULL;
    if (*sep) {
        diag_error(a.p[3]->span, "fromfile() with sep= (a text file) is not supported by gpyc yet");
        return NULL;
    }
    IrValue *count = lw_int_arg_or(L, a.p[2], sp, -1);
    IrValue *offset = count ? lw_int_arg_or(L, a.p[4], sp, 0) : NULL;
    if (!offset) return NULL;
    IrValue *args[3] = { f, count, offset };
    IrValue *r = lw_emit(L, IR_FROMFILE, sp, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    return r;
}

/* a.tofile(fid, sep='', format='%s'): sep '' (binary: the bytes in C order) */
static IrValue *api_tofile(Lower *L, AstNode *call, const ApiFn *fn, IrValue *self)
{
    (void)fn;
    Args a;
    if (!lw_bind(call, "tofile", "fid,sep,format", 1, &a)) return NULL;
    IrValue *f = file_arg(L, a.p[0], "tofile");
    const char *sep, *format;
    if (!f || !lw_str_arg(L, a.p[1], "", &sep) || !lw_str_arg(L, a.p[2], "%s", &format)) return NULL;
    if (*sep) {
        diag_error(a.p[1]->span, "tofile() with sep= (a text file) is not supported by gpyc yet");
        return NULL;
    }
    IrValue *args[2] = { f, self };
    ir_emit(L->m, L->blk, IR_TOFILE, call->span, NULL, 2, args);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_save)
LW_API_PLAIN(api_load)
LW_API_PLAIN(api_fromfile)

const ApiFn lw_npyio_api[] = {
    { "cupy", "save", api_save_api, 0 },
    { "cupy", "load", api_load_api, 0 },
    { "cupy", "fromfile", api_fromfile_api, 0 },
    { "cupy.ndarray", "tofile", api_tofile, 0 },
    { NULL, NULL, NULL, 0 },
};
