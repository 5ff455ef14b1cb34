/*
 * ops.c — array instructions that the runtime carries out on the host side: indexing,
 * reshapes, random draws, matmul, linalg, FFT, sorting, set operations, histograms ...; each
 * becomes a call r = rt_X(...) (runtime/include/gpyrt.h), with its index items, shapes or
 * axes in a local array first.
 */
#include "codegen/host/host.h"

#include <stdlib.h>
#include <string.h>

/* A local int64_t array of the value args [from, from + n) named `name` (NULL when n == 0). */
static const char *emit_dims(Cg *cg, const IrInstr *in, int from, int n, const char *name)
{
    if (n <= 0) return "NULL";
    StrBuf sb = {0};
    for (int i = 0; i < n; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, from + i));
    cg_emit(cg, "int64_t %s[%d] = {%s};", name, n, sb.s);
    sb_free(&sb);
    return name;
}

/* Argument i of in, or NULL when it is None (an optional array parameter). */
static const char *opt_arg(Cg *cg, const IrInstr *in, int i)
{
    return cg_argkind(in, i) == TY_NONE ? "NULL" : cg_arg(cg, in, i);
}

/* The runtime's kind constant of an IR_NP_DRAW draw (NpRandKind). */
static const char *np_kind(int64_t k)
{
    switch (k) {
    case NPR_GAUSS:
    case NPR_GAUSS_ARR: return "RT_NP_GAUSS";
    case NPR_UNIFORM:
    case NPR_UNIFORM_ARR: return "RT_NP_UNIFORM";
    case NPR_G_RANDOM: return "RT_NPG_RANDOM";
    case NPR_G_NORMAL:
    case NPR_G_NORMAL_ARR: return "RT_NPG_NORMAL";
    case NPR_G_UNIFORM:
    case NPR_G_UNIFORM_ARR: return "RT_NPG_UNIFORM";
    default: return "RT_NPG_EXPONENTIAL";
    }
}

/* IR_NP_DRAW: a call of runtime/nprand.c (numpy.random's legacy generator), npgen.c (its
 * Generator) or cpgen.cu (cupy.random's Generator); args as compiler.h's NpRandKind says. */
static void emit_np_draw(Cg *cg, const IrInstr *in, const char *r)
{
    int n = in->ndim;
    int64_t k = in->ival;
    cg_emit(cg, "{");
    cg->indent++;
    if (k == NPR_PERM || k == NPR_G_PERM) {
        cg_emit(cg, "%s = %s(%s, %s);", r, k == NPR_PERM ? "rt_np_perm" : "rt_npg_perm", cg_arg(cg, in, 0),
                cg_arg(cg, in, 1));
    } else if (k >= NPR_C_DRAW) {
        static const char *const cpd[] = { "RT_CPG_RANDOM",     "RT_CPG_RANDOM_F32",     "RT_CPG_NORMAL",
                                           "RT_CPG_NORMAL_F32", "RT_CPG_EXPONENTIAL",    "RT_CPG_GAMMA",
                                           "RT_CPG_BETA",       "RT_CPG_POISSON",        "RT_CPG_GEOMETRIC",
                                           "RT_CPG_BINOMIAL",   "RT_CPG_HYPERGEOMETRIC", "RT_CPG_LOGSERIES" };
        _Static_assert(sizeof cpd / sizeof cpd[0] == CPD_LOGSERIES + 1, "one name per CpDrawKind");
        if (k - NPR_C_DRAW >= (int64_t)(sizeof cpd / sizeof cpd[0])) cg_bug(in, "bad cupy Generator draw");
        const char *shp = emit_dims(cg, in, 0, n, "shape");
        cg_emit(cg, "%s = rt_cpg_draw(%s, %d, %s, %s, %s, %s);", r, cpd[k - NPR_C_DRAW], n, shp,
                opt_arg(cg, in, n), opt_arg(cg, in, n + 1), opt_arg(cg, in, n + 2));
    } else if (k == NPR_G_PERMUTED) {
        cg_emit(cg, "%s = rt_npg_permuted(%s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1));
    } else if (k == NPR_GAUSS_ARR || k == NPR_UNIFORM_ARR || k == NPR_G_NORMAL_ARR ||
               k == NPR_G_UNIFORM_ARR || k == NPR_G_EXP_ARR) {
        const char *shp = emit_dims(cg, in, 0, in->nargs == 2 ? 0 : n, "shape");
        cg_emit(cg, "%s = rt_np_draw_arr(%s, %d, %s, %s, %s);", r, np_kind(k), n, shp,
                cg_arg(cg, in, in->nargs - 2), cg_arg(cg, in, in->nargs - 1));
    } else {
        const char *shp = emit_dims(cg, in, 0, n, "shape");
        if (k == NPR_CHOICE || k == NPR_G_CHOICE) {
            const char *p = cg_argkind(in, n + 3) == TY_NONE ? "NULL" : cg_arg(cg, in, n + 3);
            if (k == NPR_CHOICE)
                cg_emit(cg, "%s = rt_np_choice(%s, %s, %d, %s, %s, %s);", r, cg_arg(cg, in, n),
                        cg_arg(cg, in, n + 1), n, shp, cg_arg(cg, in, n + 2), p);
            else
                cg_emit(cg, "%s = rt_npg_choice(%s, %s, %d, %s, %s, %s, %s);", r, cg_arg(cg, in, n),
                        cg_arg(cg, in, n + 1), n, shp, cg_arg(cg, in, n + 2), p, cg_arg(cg, in, n + 4));
        } else if (k == NPR_RANDINT) {
            cg_emit(cg, "%s = rt_np_randint(%s, %s, %s, %d, %s);", r, dt_gp_enum(in->dtype),
                    cg_arg(cg, in, n), cg_arg(cg, in, n + 1), n, shp);
        } else if (k == NPR_G_INTEGERS || k == NPR_C_INTEGERS) {
            cg_emit(cg, "%s = %s(%s, %s, %s, %s, %d, %s);", r,
                    k == NPR_G_INTEGERS ? "rt_npg_integers" : "rt_cpg_integers", dt_gp_enum(in->dtype),
                    cg_arg(cg, in, n), cg_arg(cg, in, n + 1), cg_arg(cg, in, n + 2), n, shp);
        } else if (k == NPR_GAUSS || k == NPR_UNIFORM) {
            cg_emit(cg, "%s = rt_np_draw(%s, %d, %s, %s, %s);", r, np_kind(k), n, shp, cg_arg(cg, in, n),
                    cg_arg(cg, in, n + 1));
        } else {
            cg_emit(cg, "%s = rt_npg_draw(%s, %s, %d, %s, %s, %s);", r, np_kind(k), dt_gp_enum(in->dtype), n,
                    shp, cg_arg(cg, in, n), cg_arg(cg, in, n + 1));
        }
    }
    cg->indent--;
    cg_emit(cg, "}");
}

/* Index item k, a slice whose start, stop and step are args a..a+2 of `in` (None omitted). */
static void emit_slice_item(Cg *cg, const IrInstr *in, int k, int a)
{
    cg_emit(cg, "ix[%d].kind = GP_IDX_SLICE;", k);
    if (cg_argkind(in, a) != TY_NONE) cg_emit(cg, "ix[%d].has_start = true; ix[%d].start = %s;", k, k, cg_arg(cg, in, a));
    if (cg_argkind(in, a + 1) != TY_NONE)
        cg_emit(cg, "ix[%d].has_stop = true; ix[%d].stop = %s;", k, k, cg_arg(cg, in, a + 1));
    if (cg_argkind(in, a + 2) != TY_NONE) {
        const char *st = cg_arg(cg, in, a + 2);
        cg_emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"slice step cannot be zero\");", st);
        cg_emit(cg, "ix[%d].step = %s;", k, st);
    } else {
        cg_emit(cg, "ix[%d].step = 1;", k);
    }
}

/* Fills ix[] with the index items of in (args[1..]: an int, or start, stop, step per slice);
 * with adv (IR_ADV_INDEX / IR_ADV_STORE) an index-array item goes into ax[k] instead.  Returns
 * the position of the first argument after the items. */
static int emit_index_items(Cg *cg, const IrInstr *in, bool adv)
{
    int a = 1;
    for (int k = 0; k < in->nidx; k++) {
        switch (in->idx[k]) {
        case IDX_INT:
            if (adv && cg_argkind(in, a) == TY_ARRAY)
                cg_emit(cg, "ix[%d].kind = GP_IDX_INT; ax[%d] = %s;", k, k, cg_arg(cg, in, a));
            else
                cg_emit(cg, "ix[%d].kind = GP_IDX_INT; ix[%d].i = %s;", k, k, cg_arg(cg, in, a));
            a++;
            break;
        case IDX_SLICE:
            emit_slice_item(cg, in, k, a);
            a += 3;
            break;
        case IDX_NEWAXIS: cg_emit(cg, "ix[%d].kind = GP_IDX_NEWAXIS;", k); break;
        case IDX_ELLIPSIS: cg_emit(cg, "ix[%d].kind = GP_IDX_ELLIPSIS;", k); break;
        }
    }
    return a;
}

/* IR_INDEX: a gp_index per item, then rt_index. */
static void emit_index(Cg *cg, const IrInstr *in)
{
    const char *r = cg_vname(cg, in->res);
    if (in->nidx == 0) {
        cg_emit(cg, "%s = rt_index(%s, 0, NULL);", r, cg_arg(cg, in, 0));
        return;
    }
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_index ix[%d] = {};", in->nidx);
    emit_index_items(cg, in, false);
    cg_emit(cg, "%s = rt_index(%s, %d, ix);", r, cg_arg(cg, in, 0), in->nidx);
    cg->indent--;
    cg_emit(cg, "}");
}

/* IR_ADV_INDEX / IR_ADV_STORE (runtime/indexing.cu): a gp_index per item as for IR_INDEX and
 * a parallel array of index arrays (NULL for the other items), then rt_adv_get / rt_adv_set. */
static void emit_adv_index(Cg *cg, const IrInstr *in)
{
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_index ix[%d] = {};", in->nidx);
    cg_emit(cg, "const gp_array *ax[%d] = {};", in->nidx);
    int a = emit_index_items(cg, in, true);
    if (in->op == IR_ADV_INDEX)
        cg_emit(cg, "%s = rt_adv_get(%s, %d, ix, ax);", cg_vname(cg, in->res), cg_arg(cg, in, 0), in->nidx);
    else
        if (in->ival)   /* cupyx.scatter_add / max / min: gp_scatter_op */
            cg_emit(cg, "rt_adv_scatter(%s, %d, ix, ax, %s, %d);", cg_arg(cg, in, 0), in->nidx, cg_arg(cg, in, a), (int)in->ival);
        else
            cg_emit(cg, "rt_adv_set(%s, %d, ix, ax, %s);", cg_arg(cg, in, 0), in->nidx, cg_arg(cg, in, a));
    cg->indent--;
    cg_emit(cg, "}");
}

/* The runtime's constant for in->ival, one of the kinds of set (gpyrt_kinds.def). */
static const char *rt_kind(const IrInstr *in, RtKindSet set, const char *what)
{
    const char *c = ir_rt_kind_const(set, in->ival);
    if (c[0] == '?') cg_bug(in, what);
    return c;
}

/* IR_LINALG (runtime/solver.c): rt_linalg fills out[] with new references; a tuple result is
 * built from them as they are (it owns them: no retain, unlike IR_TUPLE). */
static void emit_linalg(Cg *cg, const IrInstr *in, const char *r)
{
    const char *kind = rt_kind(in, RTK_LA, "bad linalg");
    const Type *t = in->res ? in->res->type : NULL;
    int nout = t && t->kind == TY_TUPLE ? t->n : 1;
    if (!r || in->nargs < 1 || in->nargs > 2 || nout < 1 || nout > 3) cg_bug(in, "bad linalg");
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_array *la[3] = {NULL, NULL, NULL};");
    cg_emit(cg, "if (rt_linalg(%s, %s, %s, %s, la) != %d) rt_raise(\"RuntimeError\", \"rt_linalg: result count\");",
            kind, cg_arg(cg, in, 0), in->nargs > 1 ? cg_arg(cg, in, 1) : "NULL", cg_int_lit(cg, in->shape[0]), nout);
    if (t->kind == TY_TUPLE) {
        for (int i = 0; i < nout; i++)
            if (t->elems[i]->kind != TY_ARRAY) cg_bug(in, "linalg tuple of non-arrays");
        cg_emit(cg, "%s = %s{%s};", r, cg_ctype_of(cg->m, t), nout == 1 ? "la[0]" : nout == 2 ? "la[0], la[1]" : "la[0], la[1], la[2]");
    } else {
        cg_emit(cg, "%s = la[0];", r);
    }
    cg->indent--;
    cg_emit(cg, "}");
}

/* IR_SPARSE (runtime/sparse.c): the array arguments in a[], the ints in v[], in order; rt_sparse
 * fills o[] with new references, which a tuple result owns as they are (as emit_linalg's). */
static void emit_sparse(Cg *cg, const IrInstr *in, const char *r)
{
    const Type *t = in->res ? in->res->type : NULL;
    int nout = !t ? 0 : t->kind == TY_TUPLE ? t->n : 1;
    if (nout > 3 || in->nargs > 8) cg_bug(in, "bad sparse");
    StrBuf arrs = {0}, ints = {0};
    for (int i = 0; i < in->nargs; i++) {
        bool arr = cg_argkind(in, i) == TY_ARRAY;
        sb_printf(arr ? &arrs : &ints, "%s%s", (arr ? arrs.len : ints.len) ? ", " : "", cg_arg(cg, in, i));
    }
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_array *a[] = {%s}, *o[3] = {NULL, NULL, NULL};", arrs.s ? arrs.s : "NULL");
    cg_emit(cg, "int64_t v[] = {%s};", ints.s ? ints.s : "0");
    cg_emit(cg, "if (rt_sparse(%s, a, v, o) != %d) rt_raise(\"RuntimeError\", \"rt_sparse: result count\");",
            rt_kind(in, RTK_SP, "bad sparse"), nout);
    if (nout == 3)
        cg_emit(cg, "%s = %s{o[0], o[1], o[2]};", r, cg_ctype_of(cg->m, t));
    else if (nout == 1)
        cg_emit(cg, "%s = o[0];", r);
    cg->indent--;
    cg_emit(cg, "}");
    sb_free(&arrs);
    sb_free(&ints);
}

/* IR_ARRAY_LIT: the elements in a host array of the dtype's C type, then rt_from_host. */
static void emit_array_lit(Cg *cg, const IrInstr *in)
{
    const char *r = cg_vname(cg, in->res);
    const char *ct = dt_ctype(in->dtype);
    cg_emit(cg, "{");
    cg->indent++;
    StrBuf sb = {0};
    for (int i = 0; i < in->ndim; i++) sb_printf(&sb, "%s%lld", i ? ", " : "", (long long)in->shape[i]);
    if (in->ndim) cg_emit(cg, "int64_t shape[%d] = {%s};", in->ndim, sb.s);
    sb_free(&sb);
    if (in->nargs) {
        cg_emit(cg, "%s data[%d] = {", ct, in->nargs);
        cg->indent++;
        StrBuf row = {0};
        for (int i = 0; i < in->nargs; i++) {
            sb_printf(&row, "gp_cast<%s>(%s),", ct, cg_arg(cg, in, i));
            if (row.len > 80 || i == in->nargs - 1) {
                cg_emit(cg, "%s", row.s);
                row.len = 0;
                row.s[0] = 0;
            } else {
                sb_putc(&row, ' ');
            }
        }
        sb_free(&row);
        cg->indent--;
        cg_emit(cg, "};");
    }
    cg_emit(cg, "%s = rt_from_host(%s, %d, %s, %s);", r, dt_gp_enum(in->dtype), in->ndim,
            in->ndim ? "shape" : "NULL", in->nargs ? "data" : "NULL");
    cg->indent--;
    cg_emit(cg, "}");
}

/* A user's raw kernel launched (IR_RAW_LAUNCH): each argument in a local of the type it is
 * passed as (an array's device pointer, a scalar converted to its dtype, as CuPy's CScalar, a
 * structured view's bytes), their addresses to rt_launch_raw. */
static void emit_raw_launch(Cg *cg, const IrInstr *in)
{
    int n = in->nargs - 7;
    cg_emit(cg, "{");
    cg->indent++;
    StrBuf ptrs = { 0 };
    for (int j = 0; j < n; j++) {
        DType how = in->uk->types[j];
        const Type *t = in->args[7 + j]->type;
        if (t->kind == TY_SVIEW) {
            /* its bytes (a run-time layout's: at most CUDA's 4 KB of kernel parameters) */
            long long cap = t->sdt->rt ? 4096 : (long long)t->sdt->itemsize;
            cg_emit(cg, "alignas(16) unsigned char kg_r%d[%lld];", j, cap);
            cg_emit(cg, "rt_struct_arg(%s.f0, %lld, kg_r%d);", cg_arg(cg, in, 7 + j), cap, j);
        } else if (how == DT_COUNT && in->uk->k->def) {
            /* a jit kernel's array: gpjit_arr<T, nd> (pointer, shape, byte strides) by value */
            int nd = t->ndim ? t->ndim : 1;
            const char *a = cg_arg(cg, in, 7 + j);
            StrBuf sh = { 0 }, st = { 0 };
            for (int d = 0; d < nd; d++) {
                sb_printf(&sh, "%s%s", d ? ", " : "", t->ndim ? cg_fmt(cg, "%s->shape[%d]", a, d) : "1");
                sb_printf(&st, "%s%s", d ? ", " : "", t->ndim ? cg_fmt(cg, "%s->strides[%d]", a, d) : "0");
            }
            cg_emit(cg, "struct { void *p; int64_t sh[%d], st[%d]; } kg_r%d = {%s->data, {%s}, {%s}};", nd,
                    nd, j, a, sh.s, st.s);
            sb_free(&sh);
            sb_free(&st);
        } else if (how == DT_COUNT)
            cg_emit(cg, "void *kg_r%d = %s->data;", j, cg_arg(cg, in, 7 + j));
        else
            cg_emit(cg, "%s kg_r%d = %s;", dt_ctype(how), j, cg_operand(cg, in, 7 + j, dt_ctype(how)));
        sb_printf(&ptrs, "%s(void *)&kg_r%d", j ? ", " : "", j);
    }
    cg_emit(cg, "void *kg_p[%d] = {%s};", n ? n : 1, n ? ptrs.s : "NULL");
    sb_free(&ptrs);
    cg_emit(cg, "rt_launch_raw(&K_%s, %s, %s, %s, %s, %s, %s, %s, kg_p);", cg_raw_kernel_name(cg, in->uk->k),
            cg_arg(cg, in, 0), cg_arg(cg, in, 1), cg_arg(cg, in, 2), cg_arg(cg, in, 3), cg_arg(cg, in, 4),
            cg_arg(cg, in, 5), cg_arg(cg, in, 6));
    cg->indent--;
    cg_emit(cg, "}");
}

/* The instructions on arrays that the runtime carries out (r: the result's name, or NULL);
 * emit_instr records the owned result. */
void cg_emit_array_op(Cg *cg, const IrInstr *in, const char *r)
{
    switch (in->op) {
    case IR_SHAPE_DIM: cg_emit(cg, "%s = %s->shape[%lld];", r, cg_arg(cg, in, 0), (long long)in->ival); break;
    case IR_SIZE: cg_emit(cg, "%s = %s->size;", r, cg_arg(cg, in, 0)); break;
    case IR_INDEX: emit_index(cg, in); break;
    case IR_RESHAPE: case IR_BROADCAST_TO: case IR_STORE_VIEW: case IR_EMPTY: {
        int from = in->op == IR_EMPTY ? 0 : 1;
        int n = in->nargs - from;
        cg_emit(cg, "{");
        cg->indent++;
        const char *shp = emit_dims(cg, in, from, n, "shape");
        if (in->op == IR_RESHAPE)
            cg_emit(cg, "%s = rt_reshape(%s, %d, %s);", r, cg_arg(cg, in, 0), n, shp);
        else if (in->op == IR_BROADCAST_TO)
            cg_emit(cg, "%s = rt_broadcast_to(%s, %d, %s);", r, cg_arg(cg, in, 0), n, shp);
        else if (in->op == IR_STORE_VIEW)
            cg_emit(cg, "%s = rt_store_view(%s, %d, %s);", r, cg_arg(cg, in, 0), n, shp);
        else
            cg_emit(cg, "%s = rt_empty(%s, %d, %s);", r, dt_gp_enum(in->dtype), n, shp);
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case IR_AS_STRIDED: {
        int n = (in->nargs - 1) / 2;
        cg_emit(cg, "{");
        cg->indent++;
        const char *shp = emit_dims(cg, in, 1, n, "shape"), *st = emit_dims(cg, in, 1 + n, n, "strides");
        cg_emit(cg, "%s = rt_as_strided(%s, %d, %s, %s);", r, cg_arg(cg, in, 0), n, shp, st);
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case IR_RANDOM_DRAW: { /* rt_random_draw / rt_random_randint / rt_random_rk (runtime/random.cu) */
        int n = in->ndim;
        cg_emit(cg, "{");
        cg->indent++;
        const char *shp = emit_dims(cg, in, 0, n, "shape");
        if (in->ival == RAND_RANDINT)
            cg_emit(cg, "%s = rt_random_randint(%s, %s, %s, %d, %s);", r, dt_gp_enum(in->dtype), cg_arg(cg, in, n),
                    cg_arg(cg, in, n + 1), n, shp);
        else if (in->ival > RAND_RANDINT)
            cg_emit(cg, "%s = rt_random_rk(%s, %d, %s, %s, %s, %s);", r,
                    rt_kind(in, RTK_RAND, "bad random kind"), n, shp, opt_arg(cg, in, n),
                    opt_arg(cg, in, n + 1), opt_arg(cg, in, n + 2));
        else
            cg_emit(cg, "%s = rt_random_draw(%s, %s, %d, %s, %s, %s);", r, rt_kind(in, RTK_RAND, "bad random kind"), dt_gp_enum(in->dtype), n,
                    shp, in->nargs > n ? cg_arg(cg, in, n) : "0.0", in->nargs > n + 1 ? cg_arg(cg, in, n + 1) : "0.0");
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case IR_NP_DRAW: emit_np_draw(cg, in, r); break;
    case IR_TRANSPOSE:
        if (in->ndim == 0) {
            cg_emit(cg, "%s = rt_transpose(%s, NULL);", r, cg_arg(cg, in, 0));
        } else {
            StrBuf sb = {0};
            for (int i = 0; i < in->ndim; i++) sb_printf(&sb, "%s%d", i ? ", " : "", in->perm[i]);
            cg_emit(cg, "{");
            cg->indent++;
            cg_emit(cg, "static const int perm[%d] = {%s};", in->ndim, sb.s);
            cg_emit(cg, "%s = rt_transpose(%s, perm);", r, cg_arg(cg, in, 0));
            cg->indent--;
            cg_emit(cg, "}");
            sb_free(&sb);
        }
        break;
    case IR_TOLIST: cg_emit(cg, "%s = %s(%s);", r, in->ival ? "rt_tolist_str" : "rt_tolist", cg_arg(cg, in, 0)); break;
    case IR_ARRAY_LIT: emit_array_lit(cg, in); break;
    case IR_MATMUL: {
        const char *mode = rt_kind(in, RTK_MM, "bad matmul mode");
        cg_emit(cg, "%s = rt_matmul(%s, %s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1), mode,
                cg_int_lit(cg, in->shape[0]));
        break;
    }
    case IR_MATMUL_STORE: { /* runtime/blas.c; compiler/passes/mmstore.c */
        int nr = (int)in->ival;
        if (in->nargs != 3 + (nr < 0 ? 0 : nr)) cg_bug(in, "bad matmul_store");
        cg_emit(cg, "{");
        cg->indent++;
        if (nr > 0) {
            StrBuf sb = {0};
            for (int i = 0; i < nr; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, 3 + i));
            cg_emit(cg, "const int64_t shape[%d] = {%s};", nr, sb.s);
            sb_free(&sb);
        }
        cg_emit(cg, "rt_matmul_store(%s, %s, %s, %d, %s);", cg_arg(cg, in, 0), cg_arg(cg, in, 1), cg_arg(cg, in, 2), nr,
                nr > 0 ? "shape" : "NULL");
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case IR_MEDIAN: /* runtime/median.cu */
        cg_emit(cg, "%s = rt_median(%s, %d, %s, %s);", r, cg_arg(cg, in, 0), (int)in->ival, in->keepdims ? "true" : "false",
                dt_gp_enum(in->dtype));
        break;
    case IR_QUANTILE: { /* runtime/median.cu */
        if (in->nargs < 1 || in->nargs > 2) cg_bug(in, "bad quantile");
        StrBuf ax = {0};
        for (int i = 0; i < in->naxes; i++) sb_printf(&ax, "%s%d", i ? ", " : "", in->axes[i]);
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "static const int axes[%d] = {%s};", in->naxes ? in->naxes : 1, in->naxes ? ax.s : "0");
        cg_emit(cg, "%s = rt_quantile(%s, %s, %d, axes, %s, %d, %s);", r, cg_arg(cg, in, 0),
                in->nargs == 2 ? cg_arg(cg, in, 1) : "NULL", in->naxes, in->keepdims ? "true" : "false", (int)in->ival,
                dt_gp_enum(in->dtype));
        cg->indent--;
        cg_emit(cg, "}");
        sb_free(&ax);
        break;
    }
    case IR_FFT: { /* runtime/fft.c */
        const char *kind = rt_kind(in, RTK_FFT, "bad fft");
        if (in->naxes < 1 || in->nargs != 1 + in->naxes) cg_bug(in, "bad fft");
        StrBuf ax = {0}, ns = {0};
        for (int i = 0; i < in->naxes; i++) {
            sb_printf(&ax, "%s%d", i ? ", " : "", in->axes[i]);
            sb_printf(&ns, "%s%s", i ? ", " : "", cg_arg(cg, in, 1 + i));
        }
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "static const int axes[%d] = {%s};", in->naxes, ax.s);
        cg_emit(cg, "const int64_t n[%d] = {%s};", in->naxes, ns.s);
        cg_emit(cg, "%s = rt_fft(%s, %s, %d, axes, n);", r, cg_arg(cg, in, 0), kind, in->naxes);
        cg->indent--;
        cg_emit(cg, "}");
        sb_free(&ax);
        sb_free(&ns);
        break;
    }
    case IR_LINALG: emit_linalg(cg, in, r); break;
    case IR_SPARSE: emit_sparse(cg, in, r); break;
    case IR_SCAN: { /* cumsum / cumprod / ufunc.accumulate (runtime/scan.cu) */
        const char *op = in->redop == RED_PROD  ? "PROD"
                         : in->redop == RED_MAX ? "MAX"
                         : in->redop == RED_MIN ? "MIN"
                                                : "SUM";
        cg_emit(cg, "%s = rt_scan(%s, GP_SCAN_%s, %d);", r, cg_arg(cg, in, 0), op, (int)in->ival);
        break;
    }
    case IR_DIAG_VIEW:
        cg_emit(cg, "%s = rt_diag_view(%s, %d, %d);", r, cg_arg(cg, in, 0), in->axes[0], in->axes[1]);
        break;
    case IR_CONCAT_CHECK: case IR_SQUEEZE: case IR_REPEAT: case IR_CONCAT_LIST: { /* runtime/manip.c */
        StrBuf sb = {0};
        cg_emit(cg, "{");
        cg->indent++;
        if (in->op == IR_CONCAT_CHECK) {
            for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, i));
            cg_emit(cg, "const gp_array *arrs[%d] = {%s};", in->nargs, sb.s);
            cg_emit(cg, "rt_concat_check(%s, %d, %d, arrs);", cg_cstr(cg, in->sval), (int)in->ival, in->nargs);
        } else if (in->op == IR_SQUEEZE) {
            for (int i = 0; i < in->naxes; i++) sb_printf(&sb, "%s%d", i ? ", " : "", in->axes[i]);
            cg_emit(cg, "static const int axes[%d] = {%s};", in->naxes ? in->naxes : 1, in->naxes ? sb.s : "0");
            cg_emit(cg, "%s = rt_squeeze(%s, %d, axes);", r, cg_arg(cg, in, 0), in->naxes);
        } else if (in->op == IR_REPEAT) {
            cg_emit(cg, "%s = rt_repeat(%s, %s, %d);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1), (int)in->ival);
        } else {
            cg_emit(cg, "%s = rt_concat_list(%s, %d, %s);", r, cg_cstr(cg, in->sval), (int)in->ival, cg_arg(cg, in, 0));
        }
        cg->indent--;
        cg_emit(cg, "}");
        sb_free(&sb);
        break;
    }
    case IR_ADV_INDEX: case IR_ADV_STORE: emit_adv_index(cg, in); break; /* runtime/indexing.cu */
    case IR_SORT: /* runtime/sort.cu */
        cg_emit(cg, "%s = rt_sort(%s, %d, %s, %s, %s);", r, cg_arg(cg, in, 0), (int)in->ival, in->shape[0] ? "true" : "false",
                in->nargs > 1 ? "true" : "false", in->nargs > 1 ? cg_arg(cg, in, 1) : "0");
        break;
    case IR_SETOP: {
        cg_emit(cg, "%s = rt_setop(%s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1),
                rt_kind(in, RTK_SET, "bad set operation"));
        break;
    }
    case IR_NPZ_LOAD: /* runtime/npyio.c */
        cg_emit(cg, "%s = rt_npz_load(%s, %s, %s, %d);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1),
                dt_gp_enum(in->res->type->dtype), in->res->type->ndim);
        break;
    case IR_NPZ_SAVE: {
        int n = in->nargs - 1;
        StrBuf names = { 0 }, arrs = { 0 };
        const char *p = in->sval;
        for (int i = 0; i < n; i++) {
            const char *c = strchr(p, ',');
            size_t len = c ? (size_t)(c - p) : strlen(p);
            char *one = xstrndup(p, len);
            sb_printf(&names, "%s%s", i ? ", " : "", cg_cstr(cg, one));
            free(one);
            sb_printf(&arrs, "%s%s", i ? ", " : "", cg_arg(cg, in, i + 1));
            p += len + (c ? 1 : 0);
        }
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "static const char *const names[%d] = {%s};", n ? n : 1, n ? names.s : "NULL");
        cg_emit(cg, "gp_array *const arrs[%d] = {%s};", n ? n : 1, n ? arrs.s : "NULL");
        cg_emit(cg, "rt_npz_save(%s, %d, names, arrs, %s);", cg_arg(cg, in, 0), n,
                in->ival ? "true" : "false");
        cg->indent--;
        cg_emit(cg, "}");
        sb_free(&names);
        sb_free(&arrs);
        break;
    }
    case IR_FROMFILE: /* runtime/npyio.c */
        cg_emit(cg, "%s = rt_fromfile(%s, %s, %s, %s);", r, cg_arg(cg, in, 0),
                dt_gp_enum(in->res->type->dtype), cg_arg(cg, in, 1), cg_arg(cg, in, 2));
        break;
    case IR_LOADTXT: /* runtime/txtio.c */
    case IR_SAVETXT: {
        StrBuf sb = { 0 };
        for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, i));
        if (in->op == IR_LOADTXT)
            cg_emit(cg, "%s = rt_loadtxt(%s, %s, %d);", r, sb.s, dt_gp_enum(in->res->type->dtype),
                    in->res->type->ndim);
        else
            cg_emit(cg, "rt_savetxt(%s);", sb.s);
        sb_free(&sb);
        break;
    }
    case IR_BINCOUNT: /* runtime/hist.cu */
        cg_emit(cg, "%s = rt_bincount(%s, %s, %s);", r, cg_arg(cg, in, 0), in->nargs > 2 ? cg_arg(cg, in, 2) : "NULL",
                cg_arg(cg, in, 1));
        break;
    case IR_HIST_EDGES:
        cg_emit(cg, "%s = rt_hist_edges(%s, %s, %s, %s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1),
                in->nargs > 3 ? "true" : "false", in->nargs > 3 ? cg_arg(cg, in, 2) : "0.0",
                in->nargs > 3 ? cg_arg(cg, in, 3) : "0.0", dt_gp_enum(in->dtype));
        break;
    case IR_HISTOGRAM:
        cg_emit(cg, "%s = rt_histogram(%s, %s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1),
                in->nargs > 2 ? cg_arg(cg, in, 2) : "NULL", in->ival ? "true" : "false");
        break;
    case IR_HISTOGRAM2D:
        cg_emit(cg, "%s = rt_histogram2d(%s, %s, %s, %s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1), cg_arg(cg, in, 2),
                cg_arg(cg, in, 3), in->nargs > 4 ? cg_arg(cg, in, 4) : "NULL", in->ival ? "true" : "false");
        break;
    case IR_RAW_LAUNCH: emit_raw_launch(cg, in); break;
    default:
        cg_bug(in, "no host code for this instruction");
    }
}
