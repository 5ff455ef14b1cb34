/*
 * lower/api/txtio.c — raw and text files: cp.fromfile and ndarray.tofile (binary, or text with
 * sep=), cp.loadtxt, cp.genfromtxt and cp.savetxt; the run-time halves are runtime/npyio.c
 * (binary) and runtime/txtio.c (text), the text parser runtime/txtfmt.c (which gpyc links
 * too).  Table: lw_txtio_api.
 *
 * NumPy's rules implemented here:
 *   - A loaded table's ndim is static: NumPy squeezes a rows x cols table (ndmin 0 or 1), so it
 *     depends on the data.  It is ndmin=2's 2, else the ndim of the array an earlier savetxt
 *     of the same constant path wrote (a column for a 1-d array; squeezed as NumPy will when
 *     that array's shape is static: (1, n) and (n, 1) load 1-d, (1, 1) 0-d), else the table of the file
 *     the constant path names at compile time (beside the script when relative) counted now;
 *     the run time checks it (TypeError).  unpack=True transposes.
 *   - dtype: any of NumPy's numeric dtypes; the text is parsed into float64, int64, uint64,
 *     bool or complex128 and cast (NumPy's loadtxt wraps integers the same way).
 *   - savetxt's fmt is a constant: its printf-style conversions are compiled here (the same
 *     translation as `fmt % args`, lower/strfmt.c) and applied at run time to each value.
 * Not supported (located errors): converters, encoding other than the default, quotechar,
 * genfromtxt's names, structured dtypes, usemask.
 */
#include "compiler/lower/lower.h"
#include "runtime/txtfmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A str argument that may be None (""), a constant str, or (list_ok) a list or tuple of
 * constant strs joined by '\x1f'; dflt when absent.  false after a located error. */
static bool strs_arg(Lower *L, AstNode *e, const char *dflt, bool list_ok, const char **out)
{
    *out = dflt;
    if (!e) return true;
    if (e->kind == AST_NONE) {
        *out = "";
        return true;
    }
    if (list_ok && lw_is_seq_lit(e)) {
        StrBuf sb = { 0 };
        for (int i = 0; i < e->elts.n; i++) {
            const char *s;
            if (!lw_str_arg(L, e->elts.v[i], "", &s)) {
                sb_free(&sb);
                return false;
            }
            sb_printf(&sb, "%s%s", i ? "\x1f" : "", s);
        }
        *out = ar_strdup(L->a, sb.s ? sb.s : "");
        sb_free(&sb);
        return true;
    }
    return lw_str_arg(L, e, dflt, out);
}

/* usecols: None, a constant int or a list or tuple of them, as "0,2,-1" ("" for all). */
static bool usecols_arg(Lower *L, AstNode *e, const char **out, int *n)
{
    *out = "";
    *n = 0;
    if (!e || e->kind == AST_NONE) return true;
    bool seq = lw_is_seq_lit(e);
    int cnt = seq ? e->elts.n : 1;
    StrBuf sb = { 0 };
    for (int i = 0; i < cnt; i++) {
        AstNode *x = seq ? e->elts.v[i] : e;
        IrValue *v = lw_expr(L, x);
        int64_t c;
        if (!v) return sb_free(&sb), false;
        if (!lw_is_const_int(v, &c)) {
            diag_error(x->span, "usecols must be constant ints here (gpyc needs the number of columns)");
            sb_free(&sb);
            return false;
        }
        sb_printf(&sb, "%s%lld", i ? "," : "", (long long)c);
    }
    *out = ar_strdup(L->a, sb.s ? sb.s : "");
    *n = cnt;
    sb_free(&sb);
    return true;
}

/* The dtype the text is parsed into for a result of dt. */
static DType wide_dtype(DType dt)
{
    if (dt == DT_BOOL) return DT_BOOL;
    if (dt_is_complex(dt)) return DT_COMPLEX128;
    if (dt_is_float(dt)) return DT_FLOAT64;
    return dt_is_signed(dt) ? DT_INT64 : DT_UINT64;
}

/* The ndim of the table in the file at path now (beside the script when relative): -1 after a
 * located error. */
static int ndim_now(Lower *L, Span sp, const char *path, const TxtOpts *o, int ndmin)
{
    const char *full =
        path[0] == '/' || !strcmp(L->search_dir, ".") ? path : ar_printf(L->a, "%s/%s", L->search_dir, path);
    FILE *fp = fopen(full, "rb");
    if (!fp) {
        diag_error(
            sp,
            "cannot read '%s' at compile time (%s): gpyc takes the table's number of dimensions from the "
            "file, from a savetxt() of the same path earlier in the program, or from ndmin=2",
            full, strerror(errno));
        return -1;
    }
    StrBuf sb = { 0 };
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, fp)) > 0) sb_putn(&sb, buf, k);
    fclose(fp);
    TxtTable t;
    NpyError e;
    int rc = txt_parse(sb.s ? sb.s : "", sb.len, o, &t, &e);
    sb_free(&sb);
    if (rc != NPY_OK) {
        diag_error(sp, "'%s' is not a table gpyc can load: %s: %s", full, e.exc, e.msg);
        return -1;
    }
    free(t.data);
    int nd;
    int64_t shape[2];
    txt_shape(t.rows, t.cols, ndmin, &nd, shape);
    return nd;
}

/* The static ndim of a loaded table (the file comment's rule); -1 after a located error. */
static int table_ndim(Lower *L, Span sp, IrValue *f, const TxtOpts *o, int ndmin)
{
    if (ndmin == 2) return 2;
    const char *path = lw_const_text(L, f, 0);
    if (!path) {
        diag_error(sp, "a table loaded from a path known only at run time: gpyc needs its number of "
                       "dimensions when compiling; pass ndmin=2 (or give the path as a constant str)");
        return -1;
    }
    Type *t = lw_saved_type(L, path);
    if (t && t->kind == TY_ARRAY) {
        int nd = o->nusecols == 1 ? 1 : t->ndim;
        return nd < ndmin ? ndmin : nd;
    }
    return ndim_now(L, sp, path, o, ndmin);
}

/* loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0,
 *         usecols=None, unpack=False, ndmin=0, encoding='bytes', max_rows=None, *,
 *         quotechar=None, like=None) and genfromtxt(fname, dtype=float, comments='#',
 *         delimiter=None, skip_header=0, skip_footer=0, converters=None, missing_values=None,
 *         filling_values=None, usecols=None, names=None, ..., unpack=None, ..., max_rows=None,
 *         encoding='bytes', *, ndmin=0, like=None) */
static IrValue *api_loadtxt(Lower *L, AstNode *call, const char *fname)
{
    Span sp = call->span;
    bool gen = !strcmp(fname, "genfromtxt");
    Args a;
    /* one signature for both: the keywords each takes */
    const char *sig =
        gen ? "fname,dtype,comments,delimiter,skip_header,skip_footer,converters,missing_values,"
              "filling_values,usecols,names,excludelist,deletechars,replace_space,autostrip,"
              "case_sensitive,defaultfmt,unpack,usemask,loose,invalid_raise,max_rows,encoding,"
              "ndmin,like"
            : "fname,dtype,comments,delimiter,converters,skiprows,usecols,unpack,ndmin,encoding,"
              "max_rows,quotechar,like";
    if (!lw_bind(call, fname, sig, 1, &a)) return NULL;
    AstNode *p_dtype = a.p[1], *p_comments = a.p[2], *p_delim = a.p[3];
    AstNode *p_skip = gen ? a.p[4] : a.p[5], *p_usecols = gen ? a.p[9] : a.p[6];
    AstNode *p_unpack = gen ? a.p[17] : a.p[7], *p_ndmin = gen ? a.p[23] : a.p[8];
    AstNode *p_max = gen ? a.p[21] : a.p[10];
    static const int gen_unsupported[] = { 6, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 22, 24 };
    static const int load_unsupported[] = { 4, 9, 11, 12 };
    const int *uns = gen ? gen_unsupported : load_unsupported;
    int nuns = gen ? 13 : 4;
    for (int i = 0; i < nuns; i++)
        if (a.p[uns[i]] && a.p[uns[i]]->kind != AST_NONE) {
            const char *name = sig;
            for (int k = 0; k < uns[i]; k++) name = strchr(name, ',') + 1;
            diag_error(a.p[uns[i]]->span, "%s(): the '%.*s' argument is not supported by gpyc", fname,
                       (int)strcspn(name, ","), name);
            return NULL;
        }
    IrValue *f = lw_file_arg(L, a.p[0], fname);
    DType dt = DT_FLOAT64;
    bool given, unpack;
    const char *comments, *delim, *usecols, *missing = "";
    int nuse;
    if (!f || !lw_dtype_arg(L, p_dtype, &dt, &given) || !strs_arg(L, p_comments, "#", !gen, &comments) ||
        !strs_arg(L, p_delim, "", false, &delim) || !usecols_arg(L, p_usecols, &usecols, &nuse) ||
        !lw_bool_arg(L, p_unpack && p_unpack->kind != AST_NONE ? p_unpack : NULL, false, &unpack))
        return NULL;
    if (!given) dt = DT_FLOAT64;
    if (gen && !strs_arg(L, a.p[7], "", true, &missing)) return NULL;
    int64_t ndmin = 0;
    if (p_ndmin) {
        IrValue *v = lw_expr(L, p_ndmin);
        if (!v) return NULL;
        if (!lw_is_const_int(v, &ndmin) || ndmin < 0 || ndmin > 2) {
            diag_error(p_ndmin->span,
                       "Illegal value of ndmin keyword: ndmin must be a constant 0, 1 or 2 here");
            return NULL;
        }
    }
    double fill = 0;
    int64_t flags = (gen ? TXT_GENFROMTXT : TXT_LOADTXT) | ndmin << 4;
    if (gen && a.p[8] && a.p[8]->kind != AST_NONE) {
        IrValue *v = lw_expr(L, a.p[8]);
        int64_t iv;
        if (!v) return NULL;
        if (lw_is_const_int(v, &iv))
            fill = (double)iv;
        else if (v->def && v->def->op == IR_CONST_FLOAT)
            fill = v->def->fval;
        else {
            diag_error(a.p[8]->span, "filling_values must be a constant number here");
            return NULL;
        }
        flags |= 256;
    }
    IrValue *skip = lw_int_arg_or(L, p_skip, sp, 0);
    IrValue *footer = lw_int_arg_or(L, gen ? a.p[5] : NULL, sp, 0);
    IrValue *maxr = lw_int_arg_or(L, p_max && p_max->kind != AST_NONE ? p_max : NULL, sp, -1);
    if (!skip || !footer || !maxr) return NULL;
    DType wide = wide_dtype(dt);
    TxtOpts o = { .mode = gen ? TXT_GENFROMTXT : TXT_LOADTXT,
                  .kind = TXT_COUNT,
                  .dtname = dt_name(dt),
                  .delim = delim,
                  .comments = comments,
                  .missing = missing,
                  .max_rows = -1,
                  .usecols = (int64_t[4096]){ 0 },
                  .nusecols = 0 };
    int64_t skipc, maxc;
    if (lw_is_const_int(skip, &skipc)) o.skiprows = skipc;
    if (lw_is_const_int(maxr, &maxc)) o.max_rows = maxc;
    if (lw_is_const_int(footer, &skipc)) o.skip_footer = skipc;
    for (const char *s = usecols; *s && o.nusecols < 4096;) {
        char *end;
        ((int64_t *)o.usecols)[o.nusecols++] = strtoll(s, &end, 10);
        s = *end ? end + 1 : end;
    }
    int nd = table_ndim(L, sp, f, &o, (int)ndmin);
    if (nd < 0) return NULL;
    IrValue *args[11] = { f,
                          lw_const_str(L, sp, delim),
                          lw_const_str(L, sp, comments),
                          skip,
                          maxr,
                          lw_const_str(L, sp, usecols),
                          lw_cint(L, sp, flags),
                          lw_const_float(L, sp, fill),
                          lw_const_str(L, sp, missing),
                          footer,
                          lw_const_str(L, sp, dt_name(dt)) };
    IrValue *r = lw_emit(L, IR_LOADTXT, sp, ty_array(wide, nd), 11, args);
    r->def->dtype = wide;
    if (wide != dt) r = lw_cast(L, r, dt, sp);
    if (r && unpack && nd == 2) r = lw_emit_transpose(L, sp, r, (int[]){ 1, 0 });
    return r;
}

/* fromfile(file, dtype, count, sep) of a text file; fromstring(string, dtype, count, sep) when
 * in_place (file is then the text itself). */
static IrValue *fromfile_text(Lower *L, Span sp, IrValue *file, DType dt, IrValue *count, const char *sep,
                              bool in_place)
{
    DType wide = wide_dtype(dt);
    IrValue *args[11] = { file,
                          lw_const_str(L, sp, sep),
                          lw_const_str(L, sp, ""),
                          lw_cint(L, sp, 0),
                          count,
                          lw_const_str(L, sp, ""),
                          lw_cint(L, sp, TXT_SEP | (in_place ? 512 : 0)),
                          lw_const_float(L, sp, 0),
                          lw_const_str(L, sp, ""),
                          lw_cint(L, sp, 0),
                          lw_const_str(L, sp, dt_name(dt)) };
    IrValue *r = lw_emit(L, IR_LOADTXT, sp, ty_array(wide, 1), 11, args);
    r->def->dtype = wide;
    return wide != dt ? lw_cast(L, r, dt, sp) : r;
}

/* ---------------------------------------------------------------- writing */

/* The run-time program of the printf-style format f (runtime/txtio.c: records separated by
 * '\x1e'), appended to sb; *nconv its conversions.  false after a located error. */
static bool compile_fmt(Lower *L, Span sp, const char *f, StrBuf *sb, int *nconv)
{
    if (strchr(f, '\x1e')) {
        diag_error(sp, "a savetxt() format with the byte 0x1e is not supported");
        return false;
    }
    for (size_t pos = 0;;) {
        PctConv c;
        if (!lw_percent_next(sp, f, &pos, &c)) return false;
        if (c.nlit) sb_printf(sb, "\x1eL%.*s", (int)c.nlit, c.lit);
        if (!c.type) return true;
        if (c.type == '%') {
            sb_puts(sb, "\x1eL%");
            continue;
        }
        if (c.key) {
            diag_error(sp, "%%(key) mappings in a savetxt() format are not supported");
            return false;
        }
        if (c.type == 'c') { /* no character conversion at run time */
            diag_error(sp, "unsupported format character 'c' in a %% format");
            return false;
        }
        if (c.width == PCT_STAR || c.prec == PCT_STAR) {
            diag_error(sp, "'*' widths in a savetxt() format are not supported: write the width in the format");
            return false;
        }
        const char *spec;
        int conv;
        char kind;
        if (!lw_percent_spec(L, sp, &c, &spec, &conv, &kind)) return false;
        sb_printf(sb, "\x1e%c%s", kind == 's' ? (conv == 's' ? 's' : 'r') : kind, spec);
        (*nconv)++;
    }
}

/* A str argument as a value (run-time allowed), dflt when absent. */
static IrValue *str_value(Lower *L, AstNode *e, Span sp, const char *dflt, const char *what)
{
    if (!e) return lw_const_str(L, sp, dflt);
    IrValue *v = lw_expr(L, e);
    if (v && v->type->kind != TY_STR) {
        diag_error(e->span, "%s must be a str, not %s", what, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

/* Emits SAVETXT of x with the format fe (NULL: dflt). */
static bool emit_savetxt(Lower *L, Span sp, IrValue *f, IrValue *x, AstNode *fe, const char *dflt,
                         const char *delim, IrValue *newline, IrValue *header, IrValue *footer,
                         IrValue *comments, bool tofile)
{
    StrBuf prog = { 0 }, text = { 0 }, err = { 0 };
    int nconv = 0;
    int64_t nfmt = 0;
    bool ok = true;
    if (fe && lw_is_seq_lit(fe)) { /* a list of formats: joined by the delimiter */
        sb_puts(&err, "Afmt has wrong shape.  [");
        for (int i = 0; ok && i < fe->elts.n; i++) {
            const char *one;
            ok = lw_str_arg(L, fe->elts.v[i], "", &one);
            if (!ok) break;
            sb_printf(&text, "%s%s", i ? delim : "", one);
            sb_printf(&err, "%s'%s'", i ? ", " : "", one);
        }
        sb_puts(&err, "]");
        nfmt = -(int64_t)fe->elts.n;
    } else {
        const char *one;
        ok = lw_str_arg(L, fe, dflt, &one);
        if (ok) {
            sb_puts(&text, one);
            for (const char *p = one; *p; p++) nfmt += *p == '%';
            sb_printf(&err, "Vfmt has wrong number of %% formats:  %s", one);
        }
    }
    ok = ok && compile_fmt(L, sp, text.s ? text.s : "", &prog, &nconv);
    if (ok) {
        IrValue *args[12] = { f,
                              x,
                              lw_const_str(L, sp, ar_strdup(L->a, prog.s ? prog.s : "")),
                              lw_cint(L, sp, nfmt),
                              lw_const_str(L, sp, ar_strdup(L->a, err.s)),
                              lw_const_str(L, sp, ar_strdup(L->a, text.s ? text.s : "")),
                              lw_const_str(L, sp, delim),
                              newline,
                              header,
                              footer,
                              comments,
                              lw_cint(L, sp, tofile) };
        ir_emit(L->m, L->blk, IR_SAVETXT, sp, NULL, 12, args);
    }
    sb_free(&prog);
    sb_free(&text);
    sb_free(&err);
    return ok;
}

/* savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='',
 *         comments='# ', encoding=None) */
static IrValue *api_savetxt(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "savetxt", "fname,X,fmt,delimiter,newline,header,footer,comments,encoding", 2, &a))
        return NULL;
    if (a.p[8] && !lw_no_arg(a.p[8], "encoding")) return NULL;
    IrValue *f = lw_file_arg(L, a.p[0], "savetxt");
    IrValue *x = f ? lw_arraylike(L, a.p[1], "savetxt") : NULL;
    const char *delim;
    if (!x || !lw_str_arg(L, a.p[3], " ", &delim)) return NULL;
    if (x->type->ndim != 1 && x->type->ndim != 2) {
        diag_error(a.p[1]->span, "ValueError: Expected 1D or 2D array, got %dD array instead", x->type->ndim);
        return NULL;
    }
    IrValue *nl = str_value(L, a.p[4], sp, "\n", "newline"), *hd = str_value(L, a.p[5], sp, "", "header");
    IrValue *ft = str_value(L, a.p[6], sp, "", "footer"), *cm = str_value(L, a.p[7], sp, "# ", "comments");
    if (!nl || !hd || !ft || !cm || !emit_savetxt(L, sp, f, x, a.p[2], "%.18e", delim, nl, hd, ft, cm, false))
        return NULL;
    const char *path = lw_const_text(L, f, 0);
    if (path) { /* what loadtxt of it gives: the table squeezed as NumPy does, when the shape is static */
        Type *t = x->type;
        int64_t rows = lw_static_dim(x, 0), cols = t->ndim == 1 ? 1 : lw_static_dim(x, 1);
        if (rows >= 0 && cols >= 0) {
            int nd;
            int64_t shape[2];
            txt_shape(rows, cols, 0, &nd, shape);
            t = ty_array(t->dtype, nd);
        }
        vec_push(&L->npy_saved, (void *)path);
        vec_push(&L->npy_saved, t);
    }
    return lw_pseudo(L, ty_none());
}

/* a.tofile(fid, sep, format='%s') with sep not '': the items in C order, format % item each,
 * sep between. */
static IrValue *tofile_text(Lower *L, AstNode *call, IrValue *file, IrValue *self, const char *sep,
                            AstNode *format)
{
    Span sp = call->span;
    IrValue *empty = lw_const_str(L, sp, "");
    return emit_savetxt(L, sp, file, self, format, "%s", sep, empty, empty, empty, empty, true)
               ? lw_pseudo(L, ty_none())
               : NULL;
}

/* ---------------------------------------------------------------- raw binary files */

/* fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None): sep '' (binary), else
 * a text file */
static IrValue *api_fromfile(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "fromfile", "file,dtype,count,sep,offset,like", 1, &a)) return NULL;
    IrValue *f = lw_file_arg(L, a.p[0], "fromfile");
    DType dt = DT_FLOAT64;
    bool given;
    const char *sep;
    if (!f || !lw_dtype_arg(L, a.p[1], &dt, &given) || !lw_str_arg(L, a.p[3], "", &sep)) return NULL;
    if (!given) dt = DT_FLOAT64;
    if (a.p[5] && !lw_no_arg(a.p[5], "like")) return NULL;
    IrValue *count = lw_int_arg_or(L, a.p[2], sp, -1);
    if (*sep && count && a.p[4]) {
        diag_error(a.p[4]->span, "fromfile(): offset is only permitted for binary files");
        return NULL;
    }
    if (*sep && count) return fromfile_text(L, sp, f, dt, count, sep, false);
    IrValue *offset = count ? lw_int_arg_or(L, a.p[4], sp, 0) : NULL;
    if (!offset) return NULL;
    IrValue *args[3] = { f, count, offset };
    IrValue *r = lw_emit(L, IR_FROMFILE, sp, ty_array(dt, 1), 3, args);
    r->def->dtype = dt;
    return r;
}

/* fromstring(string, dtype=float, count=-1, *, sep, like=None): the numbers of a str (known at
 * compile or at run time) separated by sep, as fromfile(sep=) reads a file; NumPy 2 refuses
 * the binary mode (sep ''). */
static IrValue *api_fromstring(Lower *L, AstNode *call)
{
    Span sp = call->span;
    Args a;
    if (!lw_bind(call, "fromstring", "string,dtype,count,sep,like", 1, &a) || !lw_no_arg(a.p[4], "like"))
        return NULL;
    IrValue *s = lw_expr(L, a.p[0]);
    if (!s) return NULL;
    if (s->type->kind != TY_STR) {
        diag_error(a.p[0]->span, "fromstring() takes a str here, not %s", ty_str_of(s->type));
        return NULL;
    }
    DType dt = DT_FLOAT64;
    bool given;
    const char *sep;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given) || !lw_str_arg(L, a.p[3], "", &sep)) return NULL;
    if (!given) dt = DT_FLOAT64;
    if (!*sep) {
        diag_error(a.p[3] ? a.p[3]->span : sp,
                   "The binary mode of fromstring is removed, use frombuffer instead");
        return NULL;
    }
    IrValue *count = lw_int_arg_or(L, a.p[2], sp, -1);
    return count ? fromfile_text(L, sp, s, dt, count, sep, true) : NULL;
}

/* a.tofile(fid, sep='', format='%s'): sep '' (binary: the bytes in C order), else text */
static IrValue *api_tofile(Lower *L, AstNode *call, const ApiFn *fn, IrValue *self)
{
    (void)fn;
    Args a;
    if (!lw_bind(call, "tofile", "fid,sep,format", 1, &a)) return NULL;
    IrValue *f = lw_file_arg(L, a.p[0], "tofile");
    const char *sep, *format;
    if (!f || !lw_str_arg(L, a.p[1], "", &sep) || !lw_str_arg(L, a.p[2], "%s", &format)) return NULL;
    if (*sep) return tofile_text(L, call, f, self, sep, a.p[2]);
    IrValue *args[2] = { f, self };
    ir_emit(L->m, L->blk, IR_TOFILE, call->span, NULL, 2, args);
    return lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- API table */

LW_API_NAMED(api_loadtxt)
LW_API_PLAIN(api_savetxt)
LW_API_PLAIN(api_fromfile)
LW_API_PLAIN(api_fromstring)

const ApiFn lw_txtio_api[] = {
    { "cupy", "loadtxt", api_loadtxt_api, 0 },
    { "cupy", "genfromtxt", api_loadtxt_api, 0 },
    { "cupy", "savetxt", api_savetxt_api, 0 },
    { "cupy", "fromfile", api_fromfile_api, 0 },
    { "cupy", "fromstring", api_fromstring_api, 0 },
    { "cupy.ndarray", "tofile", api_tofile, 0 },
    { NULL, NULL, NULL, 0 },
};
