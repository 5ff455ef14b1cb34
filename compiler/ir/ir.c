/*
 * ir.c — the array IR: construction (modules, functions, blocks, variables, instructions),
 * the tables generated from ops.def, instrs.def, red.def and the runtime's gpyrt_kinds.def
 * (names, flags, attribute printers), the text form (--emit=ir, golden tests) and the
 * verifier that runs between passes.
 *
 * Invariants (checked by ir_verify):
 *   - Every instruction lives in exactly one block (in->parent) and every nested block points
 *     at the instruction that owns it (b->owner).
 *   - A value is defined once (v->def) and used only after its definition, in the defining
 *     block or in blocks nested in it (values cross other boundaries only through IrVars).
 *   - v->nuses counts the argument slots that name v.
 *   - Elementwise ops carry ops.def's number of arguments.
 *   - Once grouping has run (m->groups non-empty), every kernel instruction on arrays belongs
 *     to exactly one group, which lists it, and whose `last` is one of its instructions.
 * All IR memory comes from the module's arena; Vec storage is heap memory owned by the IR.
 */
#include "compiler/compiler.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- construction */

IrModule *ir_module_new(Arena *a, const SrcFile *main_file)
{
    IrModule *m = ar_alloc(a, sizeof *m);
    m->arena = a;
    m->main_file = main_file;
    m->next_value_id = 1;
    m->next_var_id = 1;
    return m;
}

/* A new function with an empty body, appended to m->funcs (the first is the module body). */
IrFunc *ir_func_new(IrModule *m, const char *name, const char *cname)
{
    IrFunc *f = ar_alloc(m->arena, sizeof *f);
    f->name = name;
    f->cname = cname;
    f->ret = ty_void();
    f->body = ir_block_new(m, NULL);
    f->file = m->main_file;
    vec_push(&m->funcs, f);
    return f;
}

IrBlock *ir_block_new(IrModule *m, IrInstr *owner)
{
    IrBlock *b = ar_alloc(m->arena, sizeof *b);
    b->owner = owner;
    return b;
}

/* A new variable; the caller files it (m->globals, f->params or f->locals). */
IrVar *ir_var_new(IrModule *m, const char *name, Type *type)
{
    IrVar *v = ar_alloc(m->arena, sizeof *v);
    v->id = m->next_var_id++;
    v->name = name;
    v->type = type;
    return v;
}

IrInstr *ir_emit(IrModule *m, IrBlock *b, IrOp op, Span sp, Type *res_type, int nargs, IrValue **args)
{
    IrInstr *in = ar_alloc(m->arena, sizeof *in);
    in->op = op;
    in->span = sp;
    in->parent = b;
    in->nargs = nargs;
    if (nargs > 0) {
        in->args = ar_alloc(m->arena, sizeof(IrValue *) * (size_t)nargs);
        for (int i = 0; i < nargs; i++) {
            in->args[i] = args[i];
            if (args[i]) args[i]->nuses++;
        }
    }
    if (res_type) {
        IrValue *v = ar_alloc(m->arena, sizeof *v);
        v->id = m->next_value_id++;
        v->type = res_type;
        v->def = in;
        in->res = v;
        if (res_type->kind == TY_ARRAY) in->dtype = res_type->dtype;
    }
    vec_push(&b->instrs, in);
    return in;
}

void ir_block_free(IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        ir_block_free(in->blocks[0]);
        ir_block_free(in->blocks[1]);
    }
    vec_free(&b->instrs);
}

void ir_block_discard(IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j]) in->args[j]->nuses--;
        ir_block_discard(in->blocks[0]);
        ir_block_discard(in->blocks[1]);
        in->blocks[0] = in->blocks[1] = NULL;
    }
    vec_free(&b->instrs);
}

void ir_module_free(IrModule *m)
{
    if (!m) return;
    for (int i = 0; i < m->funcs.n; i++) {
        IrFunc *f = VEC_AT(m->funcs, i);
        ir_block_free(f->body);
        vec_free(&f->params);
        vec_free(&f->locals);
    }
    for (int i = 0; i < m->chains.n; i++) vec_free(&((RowChain *)VEC_AT(m->chains, i))->members);
    vec_free(&m->chains);
    for (int i = 0; i < m->siblings.n; i++) vec_free(&((Siblings *)VEC_AT(m->siblings, i))->members);
    vec_free(&m->siblings);
    vec_free(&m->storereds);
    for (int i = 0; i < m->bundles.n; i++) vec_free(&((Bundle *)VEC_AT(m->bundles, i))->members);
    vec_free(&m->bundles);
    vec_free(&m->loopmaps);
    for (int i = 0; i < m->devloops.n; i++) {
        DevLoop *d = VEC_AT(m->devloops, i);
        vec_free(&d->ins);
        vec_free(&d->vars);
    }
    vec_free(&m->devloops);
    for (int i = 0; i < m->raws.n; i++) vec_free(&((UKernel *)VEC_AT(m->raws, i))->fnames);
    vec_free(&m->raws);
    for (int i = 0; i < m->groups.n; i++) {
        KernelGroup *g = VEC_AT(m->groups, i);
        vec_free(&g->instrs);
        vec_free(&g->inputs);
        vec_free(&g->outputs);
        vec_free(&g->reshapes);
    }
    vec_free(&m->funcs);
    vec_free(&m->globals);
    vec_free(&m->groups);
    vec_free(&m->tuple_types);
}

/* Tuples inside t come first, so that C structs can be declared in m->tuple_types' order. */
void ir_need_tuple(IrModule *m, Type *t)
{
    if (!t) return;
    if (t->kind == TY_LIST || t->kind == TY_SET || t->kind == TY_DICT) {
        if (t->kind == TY_DICT) ir_need_tuple(m, t->key);
        ir_need_tuple(m, t->elem);
        return;
    }
    if (!ty_is_struct(t)) return;
    for (int i = 0; i < t->n; i++) ir_need_tuple(m, t->elems[i]);
    for (int i = 0; i < m->tuple_types.n; i++) {
        Type *u = VEC_AT(m->tuple_types, i);
        if (u == t || ty_equal(u, t)) {
            t->id = i;
            return;
        }
    }
    t->id = m->tuple_types.n;
    vec_push(&m->tuple_types, t);
}

/* ---------------------------------------------------------------- the op table */

static const OpInfo op_table[] = {
#define OP(id, name, nargs, rule, fn) {#id, name, nargs, RULE_##rule, "gp_" #fn},
#include "runtime/include/ops.def"
#undef OP
};

static const InstrInfo instr_table[] = {
#define INSTR(id, attrs, flags, call, rt, lib) {flags, HOST_##call, rt, lib},
#include "instrs.def"
#undef INSTR
};
_Static_assert(sizeof instr_table / sizeof instr_table[0] == IR_OP_COUNT - IR_EWISE_LAST - 1,
               "instrs.def rows and the IrOps after the elementwise ones disagree");
_Static_assert(sizeof op_table / sizeof op_table[0] == IR_EWISE_LAST + 1,
               "ops.def rows and the elementwise IrOps disagree");

/* The ids of every op ("ADD", "ADV_INDEX"), in IrOp order: the names are these in lower case. */
static const char *const op_ids[IR_OP_COUNT] = {
#define OP(id, name, nargs, rule, fn) #id,
#include "runtime/include/ops.def"
#undef OP
#define INSTR(id, attrs, flags, call, rt, lib) #id,
#include "instrs.def"
#undef INSTR
};

static const RedInfo red_table[] = {
#define RED(id, arg, functor, identity, empty) {arg, functor, identity, empty},
#include "red.def"
#undef RED
};
static const char *const red_ids[] = {
#define RED(id, arg, functor, identity, empty) #id,
#include "red.def"
#undef RED
};

/* Lower-case names of the ops and reductions ("add", "adv_index", "nanargmax"), built once. */
static char op_names[IR_OP_COUNT][24];
enum { RED_COUNT = sizeof red_ids / sizeof red_ids[0] };
static char red_names[RED_COUNT][16];

/* dst (n bytes, zero-filled until first use) ← id in lower case. */
static const char *lower_name(char *dst, size_t n, const char *id)
{
    if (!dst[0]) {
        size_t i = 0;
        for (; id[i] && i + 1 < n; i++) dst[i] = (char)tolower((unsigned char)id[i]);
        dst[i] = 0;
    }
    return dst;
}

/* The runtime's kinds that instructions carry (gpyrt_kinds.def): codegen writes the constant,
 * --emit=ir the lower-case id. */
typedef struct KindRow {
    const char *cname;   /* "GP_MM_DOT", or NULL (RAND_RANDINT: a runtime function of its own) */
    const char *id;      /* "DOT" */
} KindRow;
static const KindRow rand_rows[] = {
#define GPK_RAND(id) {"GP_RAND_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
    { NULL, "RANDINT" },
#define GPK_RK(id) { "GP_RK_" #id, "RK_" #id },
#include "runtime/include/gpyrt_kinds.def"
};
static const KindRow mm_rows[] = {
#define GPK_MM(id) {"GP_MM_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static const KindRow fft_rows[] = {
#define GPK_FFT(id) {"GP_FFT_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static const KindRow la_rows[] = {
#define GPK_LA(id) {"GP_LA_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static const KindRow set_rows[] = {
#define GPK_SET(id) {"GP_SET_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static const KindRow sp_rows[] = {
#define GPK_SP(id) {"GP_SP_" #id, #id},
#include "runtime/include/gpyrt_kinds.def"
};
#define KIND_SET(rows) {rows, (int)(sizeof rows / sizeof rows[0])}
static const struct {
    const KindRow *rows;
    int n;
} kind_sets[] = {
    [RTK_RAND] = KIND_SET(rand_rows), [RTK_MM] = KIND_SET(mm_rows), [RTK_FFT] = KIND_SET(fft_rows),
    [RTK_LA] = KIND_SET(la_rows), [RTK_SET] = KIND_SET(set_rows), [RTK_SP] = KIND_SET(sp_rows),
};
#undef KIND_SET
_Static_assert(sizeof rand_rows / sizeof rand_rows[0] == RAND_RK_OPEN_UNIFORM_F32 + 1,
               "IrRandKind is gp_rand_kind, then RANDINT, then gp_rk_kind");
static char kind_names[RTK_SP + 1][32][28];

static const KindRow *kind_row(RtKindSet set, int64_t k)
{
    if ((int)set < 0 || set > RTK_SP || k < 0 || k >= kind_sets[set].n || k >= 32) return NULL;
    return &kind_sets[set].rows[k];
}

const char *ir_rt_kind_const(RtKindSet set, int64_t k)
{
    const KindRow *r = kind_row(set, k);
    return r && r->cname ? r->cname : "?";
}

const char *ir_rt_kind_name(RtKindSet set, int64_t k)
{
    const KindRow *r = kind_row(set, k);
    return r ? lower_name(kind_names[set][k], sizeof kind_names[set][k], r->id) : "?";
}

/* IR_DEVICE's calls (GPK_DEV rows): the runtime function and the lower-case name. */
static const KindRow dev_rows[] = {
#define GPK_DEV(id, fn) {#fn, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static char dev_names[DEV_COUNT][24];

const char *ir_dev_fn(IrDevCall c) { return (int)c >= 0 && c < DEV_COUNT ? dev_rows[c].cname : "?"; }

const char *ir_dev_name(IrDevCall c)
{
    if ((int)c < 0 || c >= DEV_COUNT) return "?";
    return lower_name(dev_names[c], sizeof dev_names[c], dev_rows[c].id);
}

/* IR_PYLIB's calls (GPK_PY rows): the runtime function and the lower-case name. */
static const KindRow py_rows[] = {
#define GPK_PY(id, fn) {#fn, #id},
#include "runtime/include/gpyrt_kinds.def"
};
static char py_names[PY_COUNT][24];

const char *ir_py_fn(IrPyCall c) { return (int)c >= 0 && c < PY_COUNT ? py_rows[c].cname : "?"; }

const char *ir_py_name(IrPyCall c)
{
    if ((int)c < 0 || c >= PY_COUNT) return "?";
    return lower_name(py_names[c], sizeof py_names[c], py_rows[c].id);
}

const char *ir_dict_name(IrDictOp op)
{
    static const char *const names[] = { "new",      "get",     "get_or",   "set",     "setdefault", "pop",
                                          "del",      "has",     "len",      "keys",    "values",     "items",
                                          "update",   "copy",    "set_new",  "set_const", "frozenset", "set_of",   "set_keys",
                                          "add",      "set_has", "discard",  "remove",  "set_list",   "or",
                                          "and",      "sub",     "xor",      "ior",     "iand",       "isub",
                                          "ixor",     "le",      "eq",       "most_common", "dq_new",
                                          "dq_append", "dq_appendleft", "dq_extend", "dq_extendleft", "dq_pop",
                                          "dq_popleft", "dq_rotate", "dq_clear" };
    _Static_assert(sizeof names / sizeof names[0] == DK_COUNT, "one name per IrDictOp");
    return (int)op >= 0 && op < DK_COUNT ? names[op] : "?";
}

const OpInfo *ir_op_info(IrOp op)
{
    if ((int)op < 0 || op > IR_EWISE_LAST) return NULL;
    return &op_table[op];
}

const InstrInfo *ir_instr_info(IrOp op)
{
    if (op <= IR_EWISE_LAST || op >= IR_OP_COUNT) return NULL;
    return &instr_table[op - IR_EWISE_LAST - 1];
}

unsigned ir_op_flags(IrOp op)
{
    const InstrInfo *info = ir_instr_info(op);
    return info ? info->flags : 0;
}

const char *ir_op_name(IrOp op)
{
    if ((int)op < 0 || op >= IR_OP_COUNT) return "?";
    return lower_name(op_names[op], sizeof op_names[op], op_ids[op]);
}

bool ir_op_is_ewise(IrOp op) { return (int)op >= 0 && op <= IR_EWISE_LAST; }

const RedInfo *ir_redop_info(RedOp r)
{
    return &red_table[(int)r >= 0 && (int)r < RED_COUNT ? r : RED_SUM];
}

const char *ir_redop_name(RedOp r)
{
    if ((int)r < 0 || (int)r >= RED_COUNT) return "?";
    return lower_name(red_names[r], sizeof red_names[r], red_ids[r]);
}

bool ir_is_kernel_instr(const IrInstr *in)
{
    if (ir_op_flags(in->op) & OPF_KERNEL) return true;
    return ir_op_is_ewise(in->op) && in->res && in->res->type && in->res->type->kind == TY_ARRAY;
}

/* ---------------------------------------------------------------- printing */

static void put_indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++) fputs("  ", out);
}

/* A C-style quoted string (for const_str, print separators). */
static void put_quoted(StrBuf *out, const char *s)
{
    sb_putc(out, '"');
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') sb_printf(out, "\\%c", c);
        else if (c == '\n') sb_puts(out, "\\n");
        else if (c == '\t') sb_puts(out, "\\t");
        else if (c < 0x20 || c == 0x7f) sb_printf(out, "\\x%02x", c);
        else sb_putc(out, (char)c);
    }
    sb_putc(out, '"');
}

/* The attribute printers of instrs.def's ATTRS column: what follows an instruction's
 * arguments in --emit=ir. */
typedef void AttrPrinter(StrBuf *out, const IrInstr *in);

static void attrs_none(StrBuf *out, const IrInstr *in) { (void)out, (void)in; }
static void attrs_bool(StrBuf *out, const IrInstr *in) { sb_puts(out, in->ival ? " True" : " False"); }
static void attrs_int(StrBuf *out, const IrInstr *in) { sb_printf(out, " %lld", (long long)in->ival); }
static void attrs_float(StrBuf *out, const IrInstr *in) { sb_printf(out, " %.17g", in->fval); }
static void attrs_complex(StrBuf *out, const IrInstr *in) { sb_printf(out, " (%.17g%+.17gj)", in->fval, in->fval2); }
static void attrs_str(StrBuf *out, const IrInstr *in)
{
    sb_putc(out, ' ');
    put_quoted(out, in->sval);
}
static void attrs_format(StrBuf *out, const IrInstr *in)
{
    sb_puts(out, " spec=");
    put_quoted(out, in->sval ? in->sval : "");
    if (in->ival) sb_printf(out, " conv=%c", (char)in->ival);
}
static void attrs_print(StrBuf *out, const IrInstr *in)
{
    sb_puts(out, " sep=");
    put_quoted(out, in->sval ? in->sval : " ");
    sb_puts(out, " end=");
    put_quoted(out, in->sval2 ? in->sval2 : "\n");
}
static void attrs_raise(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s", in->sval ? in->sval : "?");
    if (in->nargs == 0) {
        sb_putc(out, ' ');
        put_quoted(out, in->sval2 ? in->sval2 : "");
    }
}
static void attrs_item(StrBuf *out, const IrInstr *in) { sb_printf(out, " [%lld]", (long long)in->ival); }
static void attrs_reverse(StrBuf *out, const IrInstr *in)
{
    if (in->ival) sb_puts(out, " reverse");
}
static void attrs_callee(StrBuf *out, const IrInstr *in) { sb_printf(out, " @%s", in->func ? in->func->cname : "?"); }
static void attrs_index(StrBuf *out, const IrInstr *in)
{
    sb_puts(out, " [");
    for (int i = 0; i < in->nidx; i++) {
        static const char *const k[] = {"int", "slice", "newaxis", "ellipsis"};
        sb_printf(out, "%s%s", i ? " " : "", k[in->idx[i]]);
    }
    sb_putc(out, ']');
}
static void attrs_perm(StrBuf *out, const IrInstr *in)
{
    sb_puts(out, " perm=(");
    for (int i = 0; i < in->ndim; i++) sb_printf(out, "%s%d", i ? "," : "", in->perm[i]);
    sb_putc(out, ')');
}
static void attrs_array_lit(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s shape=(", dt_name(in->dtype));
    for (int i = 0; i < in->ndim; i++) sb_printf(out, "%s%lld", i ? "," : "", (long long)in->shape[i]);
    sb_putc(out, ')');
}
static void attrs_endpoint(StrBuf *out, const IrInstr *in) { sb_printf(out, " endpoint=%d", (int)in->ival); }
static void attrs_random(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s %s", ir_rt_kind_name(RTK_RAND, in->ival), dt_name(in->dtype));
}
static void attrs_device(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", ir_dev_name((IrDevCall)in->ival)); }
static void attrs_dict(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", ir_dict_name((IrDictOp)in->ival)); }
static void attrs_pylib(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", ir_py_name((IrPyCall)in->ival)); }
static void attrs_np_random(StrBuf *out, const IrInstr *in)
{
    static const char *const names[] = { "uniform",       "gauss",      "randint",    "uniform_arr",
                                         "gauss_arr",     "perm",       "choice",     "g_random",
                                         "g_normal",      "g_uniform",  "g_exp",      "g_normal_arr",
                                         "g_uniform_arr", "g_exp_arr",  "g_integers", "g_perm",
                                         "g_choice",      "g_permuted", "c_integers" };
    _Static_assert(sizeof names / sizeof names[0] == NPR_C_DRAW, "one name per NpRandKind below NPR_C_DRAW");
    if (in->ival >= NPR_C_DRAW)
        sb_printf(out, " c_draw%lld %s", (long long)(in->ival - NPR_C_DRAW), dt_name(in->dtype));
    else
        sb_printf(out, " %s %s", names[in->ival], dt_name(in->dtype));
}
static void attrs_complex_part(StrBuf *out, const IrInstr *in) { sb_puts(out, in->ival ? " imag" : " real"); }
/* " axes=0,2" or " axes=all" */
static void put_axes(StrBuf *out, const IrInstr *in)
{
    sb_puts(out, " axes=");
    if (in->naxes == 0) sb_puts(out, "all");
    for (int i = 0; i < in->naxes; i++) sb_printf(out, "%s%d", i ? "," : "", in->axes[i]);
    if (in->keepdims) sb_puts(out, " keepdims");
}
static void attrs_reduce(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s", ir_redop_name(in->redop));
    put_axes(out, in);
}
/* " var_kernel out=0 <T=float32>" */
static void attrs_ukernel(StrBuf *out, const IrInstr *in)
{
    const UkCall *c = in->uk;
    sb_printf(out, " %s out=%lld", c->k->name, (long long)in->ival);
    for (int i = 0; i < c->ntmap; i++) sb_printf(out, " %s=%s", c->tnames[i], dt_name(c->tdtypes[i]));
    if (c->outs_given) sb_puts(out, " outs_given");
    if (c->sized) sb_puts(out, " sized");
}
/* " sgemm" */
static void attrs_raw_launch(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", in->uk->k->name); }
static void attrs_dtype(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", dt_name(in->dtype)); }
static void attrs_scan(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s axis=%lld", ir_redop_name(in->redop), (long long)in->ival);
}
static void attrs_median(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " axis=%lld%s", (long long)in->ival, in->keepdims ? " keepdims" : "");
}
static void attrs_quantile(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " flags=%lld", (long long)in->ival);
    put_axes(out, in);
}
static void attrs_sort(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " axis=%lld%s", (long long)in->ival, in->shape[0] ? " arg" : "");
}
static void attrs_ival(StrBuf *out, const IrInstr *in) { sb_printf(out, " %lld", (long long)in->ival); }
static void attrs_sparse(StrBuf *out, const IrInstr *in) { sb_printf(out, " %s", ir_rt_kind_name(RTK_SP, in->ival)); }
static void attrs_linalg(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s mode=%lld", ir_rt_kind_name(RTK_LA, in->ival), (long long)in->shape[0]);
}
static void attrs_fft(StrBuf *out, const IrInstr *in)
{
    sb_printf(out, " %s axes=", ir_rt_kind_name(RTK_FFT, in->ival));
    for (int i = 0; i < in->naxes; i++) sb_printf(out, "%s%d", i ? "," : "", in->axes[i]);
}

static AttrPrinter *const attr_printers[] = {
#define INSTR(id, attrs, flags, call, rt, lib) attrs_##attrs,
#include "instrs.def"
#undef INSTR
};
_Static_assert(sizeof attr_printers / sizeof attr_printers[0] == IR_OP_COUNT - IR_EWISE_LAST - 1,
               "one attribute printer per instrs.def row");

/* The attributes of an instruction, after its arguments. */
static void put_attrs(StrBuf *out, const IrInstr *in)
{
    if (in->op > IR_EWISE_LAST) {
        if (in->op < IR_OP_COUNT) attr_printers[in->op - IR_EWISE_LAST - 1](out, in);
    } else if (in->op == IR_CAST) {
        sb_printf(out, " -> %s", dt_name(in->dtype));
    } else if (in->res && in->res->type->kind == TY_ARRAY && in->cdtype != in->dtype) {
        sb_printf(out, " (in %s)", dt_name(in->cdtype));
    }
}

static void print_block(FILE *out, const IrBlock *b, int depth);

/* One instruction (and its nested blocks); a "# line N" comment at column 56. */
static void print_instr(FILE *out, const IrInstr *in, int depth)
{
    StrBuf o = {0};
    for (int i = 0; i < depth; i++) sb_puts(&o, "  ");
    if (in->res) sb_printf(&o, "v%d:%s = ", in->res->id, ty_str_of(in->res->type));
    switch (in->op) {
    case IR_LOAD: sb_printf(&o, "load %s", in->var ? in->var->name : "?"); break;
    case IR_STORE: sb_printf(&o, "store %s,", in->var ? in->var->name : "?"); break;
    case IR_FOR_RANGE: sb_printf(&o, "for %s in range", in->var ? in->var->name : "?"); break;
    default: sb_puts(&o, ir_op_name(in->op)); break;
    }
    for (int i = 0; i < in->nargs; i++) {
        if (in->args[i]) sb_printf(&o, "%s v%d", i ? "," : "", in->args[i]->id);
        else sb_printf(&o, "%s _", i ? "," : "");
    }
    put_attrs(&o, in);
    if (in->group) sb_printf(&o, "  [%s]", in->group->name);
    if (in->runs_in) sb_printf(&o, "  [in %s]", in->runs_in->name);
    if (in->graph) sb_puts(&o, in->graph_each ? "  [graph each]" : "  [graph]");
    if (in->dev) sb_printf(&o, "  [device %s]", in->dev->name);
    while (o.len < 54) sb_putc(&o, ' ');
    fprintf(out, "%s  # line %u\n", o.s, in->span.line);
    sb_free(&o);

    if (in->op == IR_IF) {
        print_block(out, in->blocks[0], depth + 1);
        if (in->blocks[1] && in->blocks[1]->instrs.n > 0) {
            put_indent(out, depth);
            fputs("else:\n", out);
            print_block(out, in->blocks[1], depth + 1);
        }
    } else if (in->op == IR_WHILE) {
        print_block(out, in->blocks[0], depth + 1);
        put_indent(out, depth);
        fputs("do:\n", out);
        print_block(out, in->blocks[1], depth + 1);
    } else if (in->op == IR_FOR_RANGE) {
        print_block(out, in->blocks[0], depth + 1);
    }
}

static void print_block(FILE *out, const IrBlock *b, int depth)
{
    if (!b) return;
    if (b->instrs.n == 0) {
        put_indent(out, depth);
        fputs("pass\n", out);
    }
    for (int i = 0; i < b->instrs.n; i++) print_instr(out, VEC_AT(b->instrs, i), depth);
}

/* One line per group: "group k3_add ewise: instrs v4=add inputs v1 v2 outputs v4  lines 3-3". */
static void print_group(FILE *out, const KernelGroup *g)
{
    fprintf(out, "group %s %s: instrs", g->name, g->kind == KG_REDUCE ? "reduce" : "ewise");
    for (int i = 0; i < g->instrs.n; i++) {
        const IrInstr *in = VEC_AT(g->instrs, i);
        if (in->res) fprintf(out, " v%d=", in->res->id);
        else fputc(' ', out);
        fputs(in->op == IR_REDUCE ? ir_redop_name(in->redop) : ir_op_name(in->op), out);
    }
    fputs(" inputs", out);
    for (int i = 0; i < g->inputs.n; i++) fprintf(out, " v%d", ((IrValue *)VEC_AT(g->inputs, i))->id);
    fputs(" outputs", out);
    for (int i = 0; i < g->outputs.n; i++) fprintf(out, " v%d", ((IrValue *)VEC_AT(g->outputs, i))->id);
    fprintf(out, "  lines %d-%d", g->line_lo, g->line_hi);
    if (g->recur && g->recur->carry_in)
        fprintf(out, "  recurrence v%d -> v%d over range(v%d, v%d, v%d) of line %d", g->recur->carry_in->id,
                g->recur->carry_out->id, g->recur->start->id, g->recur->stop->id, g->recur->step->id, g->recur->line);
    else if (g->recur)
        fprintf(out, "  recurrence in place over range(v%d, v%d, v%d) of line %d", g->recur->start->id,
                g->recur->stop->id, g->recur->step->id, g->recur->line);
    fputc('\n', out);
}

void ir_print(FILE *out, const IrModule *m)
{
    for (int i = 0; i < m->globals.n; i++) {
        const IrVar *v = VEC_AT(m->globals, i);
        fprintf(out, "global %s:%s\n", v->name, ty_str_of(v->type));
    }
    for (int i = 0; i < m->funcs.n; i++) {
        const IrFunc *f = VEC_AT(m->funcs, i);
        if (i > 0 || m->globals.n > 0) fputc('\n', out);
        fprintf(out, "func %s(", f->name);
        for (int j = 0; j < f->params.n; j++) {
            const IrVar *p = VEC_AT(f->params, j);
            fprintf(out, "%s%s:%s", j ? ", " : "", p->name, ty_str_of(p->type));
        }
        fprintf(out, ") -> %s", ty_str_of(f->ret));
        if (f->cname && strcmp(f->cname, f->name) != 0) fprintf(out, "  [%s]", f->cname);
        fputc('\n', out);
        print_block(out, f->body, 1);
    }
    if (m->groups.n > 0) fputc('\n', out);
    for (int i = 0; i < m->groups.n; i++) print_group(out, VEC_AT(m->groups, i));
    for (int i = 0; i < m->chains.n; i++) {
        const RowChain *c = VEC_AT(m->chains, i);
        fprintf(out, "chain %s: rows of v%d, members", c->name, c->x->id);
        for (int k = 0; k < c->members.n; k++) fprintf(out, " %s", ((KernelGroup *)VEC_AT(c->members, k))->name);
        fputc('\n', out);
    }
    for (int i = 0; i < m->siblings.n; i++) {
        const Siblings *s = VEC_AT(m->siblings, i);
        fprintf(out, "siblings %s: members", s->name);
        for (int k = 0; k < s->members.n; k++) fprintf(out, " %s", ((KernelGroup *)VEC_AT(s->members, k))->name);
        fputc('\n', out);
    }
    for (int i = 0; i < m->bundles.n; i++) {
        const Bundle *bd = VEC_AT(m->bundles, i);
        fprintf(out, "bundle %s: members", bd->name);
        for (int k = 0; k < bd->members.n; k++) fprintf(out, " %s", ((KernelGroup *)VEC_AT(bd->members, k))->name);
        fputc('\n', out);
    }
    for (int i = 0; i < m->storereds.n; i++) {
        const StoreRed *sr = VEC_AT(m->storereds, i);
        fprintf(out, "storered %s: store %s into v%d, reduction %s\n", sr->name, sr->store->name, sr->dst->id,
                sr->red->name);
    }
}

/* ---------------------------------------------------------------- queries for the passes */

bool ir_block_loads(const IrBlock *b, const IrVar *v)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == IR_LOAD && in->var == v) || ir_block_loads(in->blocks[0], v) ||
            ir_block_loads(in->blocks[1], v))
            return true;
    }
    return false;
}

bool ir_same_invariant(const IrValue *a, const IrValue *b)
{
    if (a == b) return true;
    if (!a || !b || !a->def || !b->def || a->def->op != b->def->op) return false;
    switch (a->def->op) {
    case IR_CONST_NONE: return true;
    case IR_CONST_INT: return a->def->ival == b->def->ival;
    case IR_LOAD: return a->def->var == b->def->var;
    default: return false;
    }
}

bool ir_block_assigns(const IrBlock *b, const IrVar *v)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (((in->op == IR_STORE || in->op == IR_FOR_RANGE) && in->var == v) ||
            ir_block_assigns(in->blocks[0], v) || ir_block_assigns(in->blocks[1], v))
            return true;
    }
    return false;
}

int ir_index_in_block(const IrBlock *b, const IrInstr *in)
{
    if (in->pos >= 0 && in->pos < b->instrs.n && VEC_AT(b->instrs, in->pos) == in) return in->pos;
    int at = -1;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *x = VEC_AT(b->instrs, i);
        x->pos = i;
        if (x == in) at = i;
    }
    return at;
}

unsigned ir_stamp(const IrModule *m)
{
    IrModule *mm = (IrModule *)m; /* scratch, not the module's meaning */
    if (++mm->stamp == 0) mm->stamp = 1;
    return mm->stamp;
}

void ir_remove(IrBlock *b, int i)
{
    IrInstr *in = VEC_AT(b->instrs, i);
    for (int j = 0; j < in->nargs; j++)
        if (in->args[j]) in->args[j]->nuses--;
    for (int k = i + 1; k < b->instrs.n; k++) {
        b->instrs.v[k - 1] = b->instrs.v[k];
        ((IrInstr *)b->instrs.v[k - 1])->pos = k - 1;
    }
    b->instrs.n--;
}

void ir_remove_stamped(IrBlock *b, unsigned stamp)
{
    int n = 0;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        if (in->stamp != stamp) {
            in->pos = n;
            b->instrs.v[n++] = in;
            continue;
        }
        for (int j = 0; j < in->nargs; j++)
            if (in->args[j]) in->args[j]->nuses--;
    }
    b->instrs.n = n;
}

void ir_splice(IrBlock *b, int pos, const Vec *seq)
{
    int n = seq->n, old = b->instrs.n;
    if (n == 0) {
        for (int k = pos + 1; k < old; k++) b->instrs.v[k - 1] = b->instrs.v[k];
        b->instrs.n--;
        return;
    }
    for (int k = 1; k < n; k++) vec_push(&b->instrs, NULL);
    for (int k = old - 1; k > pos; k--) b->instrs.v[k + n - 1] = b->instrs.v[k];
    for (int k = 0; k < n; k++) {
        IrInstr *in = VEC_AT(*seq, k);
        in->parent = b;
        b->instrs.v[pos + k] = in;
    }
}

/* NumPy's gufunc signature of matmul (its messages quote it). */
const char *const ir_matmul_sig = "(n?,k),(k,m?)->(n?,m?)";

IrValue *ir_matmul_core_msg(IrModule *m, IrBlock *b, Span sp, IrValue *ka, IrValue *kb)
{
    const char *text[3] = { NULL, " is different from ", ")" };
    text[0] = ar_printf(m->arena, "matmul: Input operand 1 has a mismatch in its core dimension 0, "
                                  "with gufunc signature %s (size ", ir_matmul_sig);
    IrValue *parts[5];
    for (int i = 0; i < 5; i++) {
        if (i % 2 == 0) {
            parts[i] = ir_emit(m, b, IR_CONST_STR, sp, ty_str(), 0, NULL)->res;
            parts[i]->def->sval = text[i / 2];
        } else {
            IrValue *k = i == 1 ? kb : ka;
            parts[i] = ir_emit(m, b, IR_TO_STR, sp, ty_str(), 1, &k)->res;
        }
    }
    return ir_emit(m, b, IR_STR_CONCAT, sp, ty_str(), 5, parts)->res;
}

IrInstr *ir_emit_like(IrModule *m, IrBlock *b, const IrInstr *in, Type *res_type, IrValue **args)
{
    IrInstr *c = ir_emit(m, b, in->op, in->span, res_type, in->nargs, args);
    IrValue *res = c->res;
    IrValue **cargs = c->args;
    *c = *in;                       /* the attributes */
    c->res = res;
    c->args = cargs;
    c->parent = b;
    c->group = NULL;
    c->runs_in = NULL;
    c->stamp = 0;
    if (res) res->def = c;
    return c;
}

IrInstr *ir_clone(IrModule *m, IrBlock *b, const IrInstr *in, int n, IrValue *const *from, IrValue *const *to)
{
    IrValue **args = xcalloc(in->nargs ? in->nargs : 1, sizeof *args);
    for (int j = 0; j < in->nargs; j++) {
        args[j] = in->args[j];
        for (int k = 0; k < n; k++)
            if (from[k] && from[k] == in->args[j]) args[j] = to[k];
    }
    IrInstr *c = ir_emit_like(m, b, in, in->res ? in->res->type : NULL, args);
    free(args);
    c->parent = in->parent;
    c->group = in->group;
    return c;
}

UkArg ir_ukernel_arg(const IrInstr *in, int j)
{
    const UkCall *c = in->uk;
    if (c->sized && j == in->nargs - 1) return UKA_SIZE;
    return j < c->k->nin && c->k->params[j].raw ? UKA_RAW : UKA_EW;
}

bool ir_writes_memory(const IrInstr *in)
{
    if (ir_op_flags(in->op) & OPF_WRITES) return true;
    for (int k = 0; k < 2; k++) {
        const IrBlock *b = in->blocks[k];
        if (!b) continue;
        for (int i = 0; i < b->instrs.n; i++)
            if (ir_writes_memory(VEC_AT(b->instrs, i))) return true;
    }
    return false;
}

bool ir_is_passive(const IrInstr *in)
{
    if (ir_op_flags(in->op) & (OPF_VIEW | OPF_CONST | OPF_META)) return true;
    switch (in->op) {
    case IR_LOAD:
        return true;
    case IR_TO_BOOL: case IR_TO_INT: case IR_TO_FLOAT:
        break;
    default:
        if (!ir_op_is_ewise(in->op)) return false;
    }
    if (in->res && in->res->type->kind == TY_ARRAY) return false;    /* host scalar arithmetic only */
    for (int j = 0; j < in->nargs; j++)
        if (in->args[j] && in->args[j]->type->kind == TY_ARRAY) return false;
    return true;
}

static bool const_nonzero_or_none(const IrValue *v)
{
    if (!v || !v->def) return false;
    return v->def->op == IR_CONST_NONE || (v->def->op == IR_CONST_INT && v->def->ival != 0);
}

bool ir_is_identity_index(const IrInstr *in)
{
    if (in->op != IR_INDEX) return false;
    int a = 1;
    for (int i = 0; i < in->nidx; i++) {
        if (in->idx[i] == IDX_ELLIPSIS) continue;
        if (in->idx[i] != IDX_SLICE || a + 3 > in->nargs) return false;
        const IrValue *st = in->args[a + 2];
        if (!in->args[a]->def || in->args[a]->def->op != IR_CONST_NONE || !in->args[a + 1]->def ||
            in->args[a + 1]->def->op != IR_CONST_NONE || !st->def ||
            !(st->def->op == IR_CONST_NONE || (st->def->op == IR_CONST_INT && st->def->ival == 1)))
            return false;
        a += 3;
    }
    return true;
}

bool ir_is_inert(const IrInstr *in)
{
    if (in->blocks[0] || in->blocks[1]) return false;
    switch (in->op) {
    case IR_CONST_BOOL: case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_COMPLEX:
    case IR_CONST_STR: case IR_CONST_NONE: case IR_LOAD: case IR_SHAPE_DIM: case IR_SIZE:
    case IR_TRANSPOSE:   /* its permutation was checked against the ndim when lowered */
        return true;
    case IR_INDEX: {     /* slices (newaxis, ellipsis) whose step is None or a nonzero constant */
        int a = 1;
        for (int i = 0; i < in->nidx; i++) {
            if (in->idx[i] == IDX_NEWAXIS || in->idx[i] == IDX_ELLIPSIS) continue;
            if (in->idx[i] != IDX_SLICE || a + 3 > in->nargs || !const_nonzero_or_none(in->args[a + 2]))
                return false;
            a += 3;
        }
        return true;
    }
    default: return false;
    }
}

bool ir_op_is_creation(IrOp op) { return ir_op_flags(op) & OPF_CREATION; }

bool ir_op_is_view(IrOp op) { return ir_op_flags(op) & OPF_VIEW; }

static bool scalar_args(const IrInstr *in)
{
    for (int j = 0; j < in->nargs; j++)
        if (!in->args[j] || !ty_is_scalar(in->args[j]->type)) return false;
    return true;
}

bool ir_is_raise_guard(const IrInstr *in)
{
    if (in->op != IR_IF || (in->blocks[1] && in->blocks[1]->instrs.n)) return false;
    const IrBlock *b = in->blocks[0];
    if (!b || !b->instrs.n || ((const IrInstr *)VEC_AT(b->instrs, b->instrs.n - 1))->op != IR_RAISE) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *g = VEC_AT(b->instrs, i);
        if (g->blocks[0] || g->blocks[1] || g->group) return false;
        switch (g->op) {
        case IR_RAISE: case IR_STR_CONCAT: case IR_SHAPE_DIM: case IR_SIZE:
        case IR_CONST_BOOL: case IR_CONST_INT: case IR_CONST_FLOAT: case IR_CONST_STR:
            break;
        case IR_TO_STR:   /* of a host scalar: an array's str would read the device */
            if (!scalar_args(g)) return false;
            break;
        default:
            if (g->op > IR_EWISE_LAST || !scalar_args(g)) return false;
            break;
        }
    }
    return true;
}

/* ---------------------------------------------------------------- verification */

typedef struct Verifier {
    const IrModule *m;
    const IrFunc *f;
    int *def_block;             /* per value id: the serial of the block defining it, 0 before */
    unsigned char *open;        /* per block serial: the walk is inside it (its values in scope) */
    int nblocks, cap;
    bool grouped;
    int dev;                    /* depth of device loops (devloop.c: their bodies have no groups) */
    unsigned stamp;             /* marks the instructions listed by the groups met so far */
} Verifier;

static _Noreturn void verify_fail(const IrInstr *in, const char *what)
{
    static char msg[512];
    snprintf(msg, sizeof msg, "IR verifier: %s (%s at line %u)", what,
             in ? ir_op_name(in->op) : "-", in ? in->span.line : 0);
    util_internal_error(__FILE__, __LINE__, msg);
}

static void verify_block(Verifier *V, const IrBlock *b, const IrInstr *owner);

static void verify_instr(Verifier *V, const IrInstr *in, const IrBlock *b, int serial)
{
    char what[160];
    if (in->parent != b) verify_fail(in, "instruction's parent is not its block");
    if ((int)in->op < 0 || in->op >= IR_OP_COUNT) verify_fail(in, "bad op");
    if (in->nargs < 0 || (in->nargs > 0 && !in->args)) verify_fail(in, "bad argument list");
    for (int i = 0; i < in->nargs; i++) {
        const IrValue *a = in->args[i];
        if (!a) verify_fail(in, "NULL argument");
        if (a->id <= 0 || a->id >= V->m->next_value_id) verify_fail(in, "argument id out of range");
        if (!V->def_block[a->id] || !V->open[V->def_block[a->id]]) {
            snprintf(what, sizeof what, "argument v%d is used outside the scope of its definition", a->id);
            verify_fail(in, what);
        }
    }
    const OpInfo *info = ir_op_info(in->op);
    if (info && in->nargs != info->nargs) {
        snprintf(what, sizeof what, "%s takes %d arguments, has %d", ir_op_name(in->op), info->nargs, in->nargs);
        verify_fail(in, what);
    }
    switch (in->op) {
    case IR_LOAD: case IR_STORE: case IR_FOR_RANGE:
        if (!in->var) verify_fail(in, "missing variable");
        break;
    case IR_CALL:
        if (!in->func) verify_fail(in, "call without callee");
        break;
    case IR_IF:
        if (in->nargs != 1 || !in->blocks[0]) verify_fail(in, "if needs a condition and a then block");
        break;
    case IR_WHILE: {
        const IrBlock *c = in->blocks[0];
        if (!c || !in->blocks[1]) verify_fail(in, "while needs a condition block and a body");
        if (c->instrs.n == 0 || ((IrInstr *)VEC_AT(c->instrs, c->instrs.n - 1))->op != IR_COND)
            verify_fail(in, "while's condition block must end with cond");
        break;
    }
    case IR_REDUCE:
        if (in->nargs != 1 || in->naxes < 0 || in->naxes > IR_MAXDIM) verify_fail(in, "bad reduce");
        break;
    case IR_STORE_INTO:
        if (in->nargs != 2 || in->res) verify_fail(in, "store_into takes (dst, src) and has no result");
        break;
    default:
        break;
    }
    if (in->op == IR_FOR_RANGE && in->nargs != 3) verify_fail(in, "for_range takes start, stop, step");
    if (in->graph && in->op != IR_FOR_RANGE) verify_fail(in, "only a for_range loop is captured as a graph");
    if (in->graph_each && !in->graph) verify_fail(in, "graph_each without graph");
    if (in->dev && (in->op != IR_FOR_RANGE && in->op != IR_WHILE)) verify_fail(in, "only a loop runs on the device");
    if (in->dev && (V->dev || in->graph || in->dev->loop != in)) verify_fail(in, "bad device loop");

    /* groups */
    if (in->group) {
        /* the first instruction of a group met stamps every instruction the group lists */
        KernelGroup *g = in->group;
        if (g->stamp != V->stamp) {
            g->stamp = V->stamp;
            for (int i = 0; i < g->instrs.n; i++) ((IrInstr *)VEC_AT(g->instrs, i))->stamp = V->stamp;
        }
        if (in->stamp != V->stamp) verify_fail(in, "instruction's group does not list it");
        if (!ir_is_kernel_instr(in)) verify_fail(in, "host instruction in a kernel group");
        if (V->dev) verify_fail(in, "kernel group inside a device loop");
    } else if (V->grouped && !V->dev && ir_is_kernel_instr(in)) {
        verify_fail(in, "kernel instruction outside every group");
    }

    V->dev += in->dev != NULL;
    for (int i = 0; i < 2; i++) {
        if (!in->blocks[i]) continue;
        if (in->blocks[i]->owner != in) verify_fail(in, "nested block's owner is not its instruction");
        verify_block(V, in->blocks[i], in);
    }
    V->dev -= in->dev != NULL;
    if (in->res) {
        if (in->res->def != in) verify_fail(in, "result's def is not its instruction");
        if (!in->res->type) verify_fail(in, "result without a type");
        if (in->res->id <= 0 || in->res->id >= V->m->next_value_id) verify_fail(in, "result id out of range");
        if (V->def_block[in->res->id]) verify_fail(in, "value defined twice");
        V->def_block[in->res->id] = serial;
    }
}

/* Values defined in b go out of scope at its end: b's serial closes (one write, not a walk
 * of b again). */
static void verify_block(Verifier *V, const IrBlock *b, const IrInstr *owner)
{
    if (b->owner != owner) verify_fail(owner, "block owner mismatch");
    int serial = ++V->nblocks;
    if (serial >= V->cap) {
        V->cap = 2 * serial + 16;
        V->open = xrealloc(V->open, V->cap);
    }
    V->open[serial] = 1;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (!in) verify_fail(owner, "NULL instruction");
        verify_instr(V, in, b, serial);
    }
    V->open[serial] = 0;
}

void ir_verify(const IrModule *m)
{
    Verifier V = {.m = m,
                  .def_block = xcalloc((size_t)m->next_value_id + 1, sizeof(int)),
                  .grouped = m->groups.n > 0,
                  .stamp = ir_stamp(m)};
    for (int i = 0; i < m->funcs.n; i++) {
        V.f = VEC_AT(m->funcs, i);
        if (!V.f->body) verify_fail(NULL, "function without a body");
        verify_block(&V, V.f->body, NULL);
    }
    for (int i = 0; i < m->groups.n; i++) {
        const KernelGroup *g = VEC_AT(m->groups, i);
        if (g->instrs.n == 0) verify_fail(NULL, "empty kernel group");
        bool has_last = false;
        for (int j = 0; j < g->instrs.n; j++) {
            const IrInstr *in = VEC_AT(g->instrs, j);
            if (in->group != g) verify_fail(in, "group lists an instruction of another group");
            has_last |= in == g->last;
        }
        if (!has_last) verify_fail(g->last, "group's last instruction is not in the group");
    }
    free(V.def_block);
    free(V.open);
}
