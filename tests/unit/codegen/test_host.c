/*
 * test_host.c — host code generation (codegen/host/) and the nvcc invocation (codegen/nvcc.c).
 *
 * Small IR modules are built by hand with ir.c's constructors and the generated translation
 * unit is checked for the substrings that matter (names, calls, reference counting, control
 * flow).  One test per kind of module also compiles the generated .cu with nvcc (`-c`, sm_80,
 * the runtime's headers), which proves the host code is valid CUDA C++; those are skipped when
 * nvcc is absent or GPYC_TEST_NVCC=0 (`make check`, the quick loop that runs no nvcc).  CPU only.
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen/codegen.h"

/* ---------------------------------------------------------------- building IR */

static const char script[] =
    "x = 1\n"                                      /* 1 */
    "print(x, 2.5, 'a\"b', True, None, 1+2j)\n"    /* 2 */
    "while x < 10:\n"                              /* 3 */
    "    x = x + 1\n"                              /* 4 */
    "    if x == 3: continue\n"                    /* 5 */
    "    if x == 7: break\n"                       /* 6 */
    "for i in range(0, 10, 2):\n"                  /* 7 */
    "    print(i)\n"                               /* 8 */
    "def f(a):\n"                                  /* 9 */
    "    return a.shape[0], a\n"                   /* 10 */
    "n, b = f(cp.zeros(3))\n"                      /* 11 */
    "lst = [1, 2]\n"                               /* 12 */
    "lst.append(3)\n"                              /* 13 */
    "print(lst, len(lst))\n"                       /* 14 */
    "y = cp.array([1.0, 2.0]) * 2.0 + 1.0\n"       /* 15 */
    "print(y, f'{y!r}')\n"                         /* 16 */
    "s = f'{name!r:>10}' + str(int(2.7)) + sys.argv[1]\n"   /* 17 */
    "assert bool(s), 'empty'\n"                   /* 18 */
    "z = a[1:, None, 2, ...].reshape(-1, 2).T\n"  /* 19 */
    "t = sorted(fl)[-1]; fl[0] = t\n"             /* 20 */
    "raise ValueError('bad')\n";                  /* 21 */

static SrcFile src = {"t.py", "t.py", script, sizeof script - 1, false};
static Arena *arena;
static IrModule *M;

/* A span on line `line` of the script (the start of that line). */
static Span at(int line)
{
    Span s = {&src, 0, 0, (uint32_t)line, 1};
    const char *p = script;
    for (int l = 1; l < line && *p; p++)
        if (*p == '\n') l++;
    s.start = (uint32_t)(p - script);
    s.end = s.start + 1;
    return s;
}

static void setup(void)
{
    arena = ar_new();
    M = ir_module_new(arena, &src);
}

static void teardown(void)
{
    ir_module_free(M);
    ar_delete(arena);
}

static IrFunc *func(const char *name, const char *cname)
{
    IrFunc *f = ir_func_new(M, name, cname);
    if (!f->body) f->body = ir_block_new(M, NULL);
    bool listed = false;
    for (int i = 0; i < M->funcs.n; i++) listed |= M->funcs.v[i] == f;
    if (!listed) vec_push(&M->funcs, f);
    return f;
}

/* One instruction; args are IrValue* (n of them). */
static IrInstr *op(IrBlock *b, int line, IrOp o, Type *t, int n, ...)
{
    IrValue *args[16];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) args[i] = va_arg(ap, IrValue *);
    va_end(ap);
    return ir_emit(M, b, o, at(line), t, n, args);
}

static IrBlock *block(IrInstr *owner, int k)
{
    if (!owner->blocks[k]) owner->blocks[k] = ir_block_new(M, owner);
    return owner->blocks[k];
}

static IrValue *cint(IrBlock *b, int line, int64_t v)
{
    IrInstr *in = op(b, line, IR_CONST_INT, ty_int(), 0);
    in->ival = v;
    return in->res;
}

static IrValue *cfloat(IrBlock *b, int line, double v)
{
    IrInstr *in = op(b, line, IR_CONST_FLOAT, ty_float(), 0);
    in->fval = v;
    return in->res;
}

static IrValue *cstr(IrBlock *b, int line, const char *s)
{
    IrInstr *in = op(b, line, IR_CONST_STR, ty_str(), 0);
    in->sval = s;
    return in->res;
}

static IrVar *var(IrFunc *f, const char *name, Type *t, bool global)
{
    IrVar *v = ir_var_new(M, name, t);
    v->global = global;
    Vec *vec = global ? &M->globals : &f->locals;
    bool listed = false;
    for (int i = 0; i < vec->n; i++) listed |= vec->v[i] == v;
    if (!listed) vec_push(vec, v);
    return v;
}

static IrVar *param(IrFunc *f, const char *name, Type *t)
{
    IrVar *v = ir_var_new(M, name, t);
    v->param = true;
    for (int i = 0; i < f->locals.n; i++)     /* in case ir_var_new listed it */
        if (f->locals.v[i] == v) f->locals.v[i] = f->locals.v[--f->locals.n];
    vec_push(&f->params, v);
    return v;
}

static void store(IrBlock *b, int line, IrVar *v, IrValue *x)
{
    op(b, line, IR_STORE, NULL, 1, x)->var = v;
}

static IrValue *load(IrBlock *b, int line, IrVar *v)
{
    IrInstr *in = op(b, line, IR_LOAD, v->type, 0);
    in->var = v;
    return in->res;
}

static IrValue *binop(IrBlock *b, int line, IrOp o, Type *t, DType cd, IrValue *x, IrValue *y)
{
    IrInstr *in = op(b, line, o, t, 2, x, y);
    in->cdtype = cd;
    return in->res;
}

/* The program of M as --emit=cuda lists it: device units, then the host file (caller frees). */
static char *gen(void)
{
    CgProgram p;
    cg_program(&p, M);
    StrBuf sb = {0};
    cg_program_listing(&sb, &p);
    cg_program_free(&p);
    return sb.s;
}

#define HAS(code, s) cr_expect(strstr(code, s) != NULL, "missing: %s\n---- generated:\n%s", s, code)
#define HASNT(code, s) cr_expect(strstr(code, s) == NULL, "unexpected: %s", s)

/* ---------------------------------------------------------------- the modules */

/* Lines 1-2: x = 1; print(x, 2.5, 'a"b', True, None, 1+2j) */
static void build_print(IrFunc *mod)
{
    IrBlock *b = mod->body;
    IrVar *x = var(mod, "x", ty_int(), true);
    store(b, 1, x, cint(b, 1, 1));
    IrValue *xv = load(b, 2, x);
    IrValue *f = cfloat(b, 2, 2.5);
    IrValue *s = cstr(b, 2, "a\"b\n\x01?");
    IrInstr *t = op(b, 2, IR_CONST_BOOL, ty_bool(), 0);
    t->ival = 1;
    IrValue *none = op(b, 2, IR_CONST_NONE, ty_none(), 0)->res;
    IrInstr *c = op(b, 2, IR_CONST_COMPLEX, ty_complex(), 0);
    c->fval = 1;
    c->fval2 = 2;
    IrInstr *inf = op(b, 2, IR_CONST_FLOAT, ty_float(), 0);
    inf->fval = -1.0 / 0.0;
    IrInstr *p = op(b, 2, IR_PRINT, NULL, 7, xv, f, s, t->res, none, c->res, inf->res);
    p->sval = " ";
    p->sval2 = "\n";
}

/* Lines 3-8: the while loop with continue and break, the for-range loop. */
static void build_loops(IrFunc *mod)
{
    IrBlock *b = mod->body;
    IrVar *x = var(mod, "x", ty_int(), true);
    IrInstr *w = op(b, 3, IR_WHILE, NULL, 0);
    IrBlock *cb = block(w, 0), *body = block(w, 1);
    IrValue *c = binop(cb, 3, IR_LT, ty_bool(), DT_INT64, load(cb, 3, x), cint(cb, 3, 10));
    op(cb, 3, IR_COND, NULL, 1, c);
    store(body, 4, x, binop(body, 4, IR_ADD, ty_int(), DT_INT64, load(body, 4, x), cint(body, 4, 1)));
    /* an owned array in the loop body, live at the break and the continue */
    IrInstr *e = op(body, 4, IR_EMPTY, ty_array(DT_FLOAT32, 1), 1, cint(body, 4, 4));
    e->dtype = DT_FLOAT32;
    IrInstr *i1 = op(body, 5, IR_IF, NULL, 1,
                     binop(body, 5, IR_EQ, ty_bool(), DT_INT64, load(body, 5, x), cint(body, 5, 3)));
    op(block(i1, 0), 5, IR_CONTINUE, NULL, 0);
    block(i1, 1);
    IrInstr *i2 = op(body, 6, IR_IF, NULL, 1,
                     binop(body, 6, IR_EQ, ty_bool(), DT_INT64, load(body, 6, x), cint(body, 6, 7)));
    op(block(i2, 0), 6, IR_BREAK, NULL, 0);
    block(i2, 1);

    IrVar *i = var(mod, "i", ty_int(), true);
    IrInstr *fr = op(b, 7, IR_FOR_RANGE, NULL, 3, cint(b, 7, 0), cint(b, 7, 10), cint(b, 7, 2));
    fr->var = i;
    IrBlock *fb = block(fr, 0);
    IrInstr *p = op(fb, 8, IR_PRINT, NULL, 1, load(fb, 8, i));
    p->sval = " ";
    p->sval2 = "\n";
    /* floor division and true division of Python ints */
    IrValue *q = binop(fb, 8, IR_FLOORDIV, ty_int(), DT_INT64, load(fb, 8, i), cint(fb, 8, 3));
    binop(fb, 8, IR_TRUEDIV, ty_float(), DT_FLOAT64, q, cint(fb, 8, 2));
}

/* Lines 9-11: def f(a): return a.shape[0], a;  n, b = f(cp.empty(3)) */
static IrFunc *build_tuple_func(IrFunc *mod)
{
    Type *arr = ty_array(DT_FLOAT64, 1);
    Type *els[2] = {ty_int(), arr};
    Type *tup = ty_tuple(2, els);
    ir_need_tuple(M, tup);
    IrFunc *f = func("f", "f_f");
    f->ret = tup;
    IrVar *a = param(f, "a", arr);
    IrBlock *fb = f->body;
    IrValue *av = load(fb, 10, a);
    IrInstr *d = op(fb, 10, IR_SHAPE_DIM, ty_int(), 1, av);
    d->ival = 0;
    IrValue *t = op(fb, 10, IR_TUPLE, tup, 2, d->res, av)->res;
    op(fb, 10, IR_RETURN, NULL, 1, t);

    IrBlock *b = mod->body;
    IrInstr *e = op(b, 11, IR_EMPTY, arr, 1, cint(b, 11, 3));
    e->dtype = DT_FLOAT64;
    IrInstr *call = op(b, 11, IR_CALL, tup, 1, e->res);
    call->func = f;
    IrVar *n = var(mod, "n", ty_int(), true), *bv = var(mod, "b", arr, true);
    IrInstr *g0 = op(b, 11, IR_TUPLE_GET, ty_int(), 1, call->res);
    g0->ival = 0;
    IrInstr *g1 = op(b, 11, IR_TUPLE_GET, arr, 1, call->res);
    g1->ival = 1;
    store(b, 11, n, g0->res);
    store(b, 11, bv, g1->res);
    IrInstr *p = op(b, 11, IR_PRINT, NULL, 1, call->res);
    p->sval = " ";
    p->sval2 = "\n";
    return f;
}

/* Lines 12-14: lst = [1, 2]; lst.append(3); print(lst, len(lst)) */
static void build_list(IrFunc *mod)
{
    IrBlock *b = mod->body;
    Type *lt = ty_list(ty_int());
    IrVar *l = var(mod, "lst", lt, true);
    store(b, 12, l, op(b, 12, IR_LIST_NEW, lt, 2, cint(b, 12, 1), cint(b, 12, 2))->res);
    op(b, 13, IR_LIST_APPEND, NULL, 2, load(b, 13, l), cint(b, 13, 3));
    IrValue *lv = load(b, 14, l);
    IrValue *n = op(b, 14, IR_LIST_LEN, ty_int(), 1, lv)->res;
    IrInstr *p = op(b, 14, IR_PRINT, NULL, 2, lv, n);
    p->sval = " ";
    p->sval2 = "\n";
}

/* Lines 15-16: y = cp.array([1.0, 2.0]) * 2.0 + 1.0; print(y, f'{y!r}') — kernel groups. */
static void build_array(IrFunc *mod)
{
    IrBlock *b = mod->body;
    Type *arr = ty_array(DT_FLOAT64, 1);
    IrInstr *lit = op(b, 15, IR_ARRAY_LIT, arr, 2, cfloat(b, 15, 1.0), cfloat(b, 15, 2.0));
    lit->dtype = DT_FLOAT64;
    lit->ndim = 1;
    lit->shape[0] = 2;
    IrInstr *mul = op(b, 15, IR_MUL, arr, 2, lit->res, cfloat(b, 15, 2.0));
    mul->dtype = mul->cdtype = DT_FLOAT64;
    IrInstr *add = op(b, 15, IR_ADD, arr, 2, mul->res, cfloat(b, 15, 1.0));
    add->dtype = add->cdtype = DT_FLOAT64;
    IrVar *y = var(mod, "y", arr, true);
    store(b, 15, y, add->res);
    IrValue *yv = load(b, 16, y);
    IrInstr *f = op(b, 16, IR_FORMAT, ty_str(), 1, yv);
    f->ival = 'r';
    f->sval = "";
    IrInstr *p = op(b, 16, IR_PRINT, NULL, 2, yv, f->res);
    p->sval = " ";
    p->sval2 = "\n";
}

/* Lines 17-21: strings, conversions, assert, views, lists of floats, raise. */
static void build_misc(IrFunc *mod)
{
    IrBlock *b = mod->body;
    IrInstr *fm = op(b, 17, IR_FORMAT, ty_str(), 1, cstr(b, 17, "it's"));
    fm->ival = 'r';
    fm->sval = ">10";
    IrValue *i = op(b, 17, IR_TO_INT, ty_int(), 1, cfloat(b, 17, 2.7))->res;
    IrValue *si = op(b, 17, IR_TO_STR, ty_str(), 1, i)->res;
    IrValue *av = op(b, 17, IR_ARGV_GET, ty_str(), 1, cint(b, 17, 1))->res;
    IrValue *s = op(b, 17, IR_STR_CONCAT, ty_str(), 3, fm->res, si, av)->res;
    IrValue *ok = op(b, 18, IR_TO_BOOL, ty_bool(), 1, s)->res;
    op(b, 18, IR_ASSERT, NULL, 2, ok, cstr(b, 18, "empty"));
    op(b, 18, IR_ASSERT, NULL, 1, ok);

    Type *a3 = ty_array(DT_FLOAT32, 3);
    IrInstr *e = op(b, 19, IR_EMPTY, a3, 3, cint(b, 19, 2), cint(b, 19, 3), cint(b, 19, 4));
    e->dtype = DT_FLOAT32;
    IrValue *none = op(b, 19, IR_CONST_NONE, ty_none(), 0)->res;
    /* a[1:, None, 2, ...]: args a, (1, None, None), 2 */
    IrInstr *ix = op(b, 19, IR_INDEX, a3, 5, e->res, cint(b, 19, 1), none, none, cint(b, 19, 2));
    ix->nidx = 4;
    ix->idx[0] = IDX_SLICE;
    ix->idx[1] = IDX_NEWAXIS;
    ix->idx[2] = IDX_INT;
    ix->idx[3] = IDX_ELLIPSIS;
    Type *a2 = ty_array(DT_FLOAT32, 2);
    IrValue *r = op(b, 19, IR_RESHAPE, a2, 3, ix->res, cint(b, 19, -1), cint(b, 19, 2))->res;
    IrInstr *tr = op(b, 19, IR_TRANSPOSE, a2, 1, r);
    tr->ndim = 2;
    tr->perm[0] = 1;
    tr->perm[1] = 0;
    IrValue *sz = op(b, 19, IR_SIZE, ty_int(), 1, tr->res)->res;
    IrValue *it = op(b, 19, IR_TO_FLOAT, ty_float(), 1, tr->res)->res;
    IrInstr *p = op(b, 19, IR_PRINT, NULL, 2, sz, it);
    p->sval = ", ";
    p->sval2 = "";

    Type *lf = ty_list(ty_float());
    IrValue *l = op(b, 20, IR_LIST_NEW, lf, 1, cfloat(b, 20, 0.5))->res;
    IrInstr *so = op(b, 20, IR_LIST_SORTED, lf, 1, l);
    so->ival = 1;
    IrValue *t = op(b, 20, IR_LIST_GET, ty_float(), 2, so->res, cint(b, 20, -1))->res;
    op(b, 20, IR_LIST_SET, NULL, 3, l, cint(b, 20, 0), t);
    Type *els[2] = {ty_str(), lf};
    Type *tup = ty_tuple(2, els);
    ir_need_tuple(M, tup);
    IrValue *tv = op(b, 20, IR_TUPLE, tup, 2, s, l)->res;
    IrValue *t0 = op(b, 20, IR_PERF_COUNTER, ty_float(), 0)->res;
    op(b, 20, IR_DEVICE, NULL, 1, cint(b, 20, 0))->ival = DEV_DEVICE_SYNC;
    p = op(b, 20, IR_PRINT, NULL, 2, tv, t0);
    p->sval = " ";
    p->sval2 = "\n";
    IrInstr *rs = op(b, 21, IR_RAISE, NULL, 0);
    rs->sval = "ValueError";
    rs->sval2 = "bad";
}

static IrFunc *module_func(void)
{
    IrFunc *mod = func("<module>", "gp_module");
    mod->ret = ty_void();
    mod->file = &src;
    return mod;
}

/* ---------------------------------------------------------------- tests: generated text */

TestSuite(host, .init = setup, .fini = teardown);

Test(host, layout_and_print)
{
    IrFunc *mod = module_func();
    build_print(mod);
    char *code = gen();
    HAS(code, "#include <gpyrt.h>");
    HAS(code, "#include <gpyrt_device.cuh>");
    HAS(code, "static int64_t g_x;");
    HAS(code, "static void gp_module(void) {");
    HAS(code, "gp_frame fr = {\"<module>\", 0, NULL};");
    HAS(code, "rt_frame_enter(&fr);");
    HAS(code, "/* line 2: print(x, 2.5, 'a\"b', True, None, 1+2j) */");
    HAS(code, "fr.line = 2;");
    HAS(code, "rt_sb_i64(&sb, v");
    HAS(code, "rt_sb_f64(&sb, v");
    HAS(code, "rt_sb_puts(&sb, v");
    HAS(code, "rt_sb_bool(&sb, v");
    HAS(code, "rt_sb_none(&sb);");
    HAS(code, ".re, v");
    HAS(code, "= gp_c128{1.0, 2.0};");
    HAS(code, "= (-INFINITY);");
    HAS(code, "\"a\\\"b\\n\\001\\?\"");
    HAS(code, "rt_sb_puts(&sb, \" \");");
    HAS(code, "rt_sb_print(&sb, \"\\n\");");
    HAS(code, "rt_frame_leave(&fr);");
    HAS(code, "int main(int argc, char **argv) {\n    rt_kernels_register(gpyk_fatbins, gpyk_nfatbins);\n"
              "    rt_init(argc, argv, \"t.py\");\n    gp_module();\n    return rt_finish();\n}");
    free(code);
}

Test(host, loops_break_continue)
{
    IrFunc *mod = module_func();
    build_loops(mod);
    char *code = gen();
    HAS(code, "for (;;) {");
    HAS(code, "break;");
    HAS(code, "continue;");
    /* the owned array of the loop body is released before break and continue */
    const char *brk = strstr(code, "break;\n");
    cr_assert(brk);
    const char *cont = strstr(code, "continue;");
    cr_assert(cont);
    HAS(code, "rt_empty(GP_FLOAT32, 1, shape);");
    HAS(code, "range() arg 3 must not be zero");
    HAS(code, "for (int64_t it0 = v");
    HAS(code, "g_i = it0;");
    HAS(code, "rt_i64_floordiv(");
    HAS(code, "rt_i64_truediv(");
    HAS(code, "= gp_lt<int64_t>(v");
    /* count the releases of the body's array: end of body, before continue, before break */
    int n = 0;
    for (const char *p = code; (p = strstr(p, "rt_release(")); p++) n++;
    cr_expect_eq(n, 3, "expected 3 releases, got %d:\n%s", n, code);
    free(code);
}

Test(host, tuple_return)
{
    IrFunc *mod = module_func();
    build_tuple_func(mod);
    char *code = gen();
    HAS(code, "typedef struct gp_tup");
    HAS(code, "{ int64_t f0; gp_array *f1; } gp_tup");
    HAS(code, "static gp_tup");
    HAS(code, " f_f(gp_array *l_a);");
    HAS(code, "gp_frame fr = {\"f\", 0, NULL};");
    HAS(code, "rt_retain(l_a);");
    HAS(code, "->shape[0];");
    HAS(code, ".f1);");            /* the tuple retains its array / the caller releases it */
    HAS(code, "= f_f(v");
    HAS(code, "rt_sb_array_repr(&sb, v");   /* print of a tuple: repr of the elements */
    HAS(code, "rt_sb_putc(&sb, '(');");
    HAS(code, "rt_release(l_a);");
    HAS(code, "rt_release(g_b);");     /* store: release the old value */
    free(code);
}

Test(host, list_append_print)
{
    IrFunc *mod = module_func();
    build_list(mod);
    char *code = gen();
    HAS(code, "static gp_list *g_lst;");
    HAS(code, "rt_list_new(GP_LIST_I64, sizeof(int64_t));");
    HAS(code, "rt_list_append(v");
    HAS(code, "rt_list_retain(");
    HAS(code, "rt_list_release(");
    HAS(code, "->len;");
    HAS(code, "rt_sb_list(&sb, v");
    /* main() releases the module variable once the module body has run */
    HAS(code, "    gp_module();\n    rt_list_release(g_lst);\n    return rt_finish();\n}");
    free(code);
}

Test(host, names_are_c_safe)
{
    IrFunc *mod = module_func();
    IrVar *v1 = var(mod, "int", ty_int(), true);
    IrVar *v2 = var(mod, "caf\xc3\xa9", ty_float(), true);
    store(mod->body, 1, v1, cint(mod->body, 1, INT64_MIN));
    store(mod->body, 1, v2, cfloat(mod->body, 1, 0.1));
    char *code = gen();
    HAS(code, "static int64_t g_int;");
    HAS(code, "static double g_caf__");
    HAS(code, "INT64_MIN");
    HAS(code, "0.10000000000000001");
    free(code);
}

Test(host, misc_ops)
{
    IrFunc *mod = module_func();
    build_misc(mod);
    char *code = gen();
    HAS(code, "static void gp_sb_repr_str(gp_sb *sb, const char *s)");
    HAS(code, "gp_sb_repr_str(&conv, v");
    HAS(code, "rt_sb_fmt_str(&sb, rt_sb_take(&conv), \">10\");");
    HAS(code, "cannot convert float NaN to integer");
    HAS(code, "rt_str_concat(3, parts);");
    HAS(code, "rt_argv(v");
    HAS(code, "[0] != '\\0';");
    HAS(code, "rt_raise(\"AssertionError\", \"%s\", v");
    HAS(code, "rt_raise(\"AssertionError\", \"%s\", \"\");");
    HAS(code, "ix[0].kind = GP_IDX_SLICE;");
    HAS(code, "ix[0].has_start = true; ix[0].start = v");
    HAS(code, "ix[0].step = 1;");
    HASNT(code, "ix[0].has_stop");
    HAS(code, "ix[1].kind = GP_IDX_NEWAXIS;");
    HAS(code, "ix[2].kind = GP_IDX_INT; ix[2].i = v");
    HAS(code, "ix[3].kind = GP_IDX_ELLIPSIS;");
    HAS(code, "= rt_index(v");
    HAS(code, "= rt_reshape(v");
    HAS(code, "static const int perm[2] = {1, 0};");
    HAS(code, "= rt_item_f64(v");
    HAS(code, "rt_list_sorted(v");
    HAS(code, "= *(double *)rt_list_at(v");
    HAS(code, "rt_list_set(v");
    HAS(code, "rt_sb_puts(&sb, \", \");");
    HAS(code, "rt_sb_print(&sb, \"\");");
    HAS(code, "rt_perf_counter();");
    HAS(code, "rt_device_sync(v");
    HAS(code, "rt_raise(\"ValueError\", \"%s\", \"bad\");");
    free(code);
}

/* sys.exit(3) and sys.exit('bye'): rt_sys_exit, which frees the arrays the frames left by the
 * exit still hold (compute-sanitizer memcheck's leak check on e2e sys_exit found the two of
 * its main() when the exit was rt_finish then exit()). */
Test(host, sys_exit)
{
    IrFunc *mod = module_func();
    IrBlock *b = mod->body;
    op(b, 1, IR_EXIT, NULL, 1, cint(b, 1, 3));
    op(b, 2, IR_EXIT, NULL, 1, cstr(b, 2, "bye"));
    char *code = gen();
    HAS(code, "rt_sys_exit((int)(v");
    HAS(code, "rt_sys_exit(1, v");
    HASNT(code, "exit(rc");
    free(code);
}

Test(host, array_group)
{
    IrFunc *mod = module_func();
    build_array(mod);
    group_module(M);
    char *code = gen();
    HAS(code, "rt_from_host(GP_FLOAT64, 1, shape, data);");
    HAS(code, "gp_cast<double>(v");
    HAS(code, "__global__");
    HAS(code, "rt_sb_array_str(&sb, v");
    HAS(code, "rt_sb_array_repr(&conv, v");
    free(code);
}

/* ---------------------------------------------------------------- tests: nvcc */

/* The source tree's root, from this file's path (CMake compiles it by absolute path). */
static char *source_root(void)
{
    const char *f = __FILE__;
    const char *p = strstr(f, "tests/unit/codegen/");
    if (!p) return NULL;
    return xstrndup(f, (size_t)(p - f));
}

/* Writes n bytes of text to path. */
static void write_to(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "w");
    cr_assert(f);
    cr_assert_eq(fwrite(text, 1, n, f), n);
    fclose(f);
}

/* Compiles M's program as a build does, without linking: the host file with the host C++
 * compiler alone (g++ -fsyntax-only: no CUDA compiler sees it) and the device units with
 * nvcc -c for sm_80. */
static void compile_ok(void)
{
    const char *use = getenv("GPYC_TEST_NVCC");
    if (use && strcmp(use, "0") == 0) cr_skip_test("GPYC_TEST_NVCC=0");
    char *nvcc = cg_find_nvcc(NULL);
    if (!nvcc) cr_skip_test("nvcc not found");
    char *root = source_root();
    if (!root) cr_skip_test("source tree not found from __FILE__");
    CgProgram p;
    cg_program(&p, M);
    char dir[] = "/tmp/gpyc-test-XXXXXX";
    cr_assert(mkdtemp(dir));
    char host[256], cu[256], obj[256], inc[1024], cinc[1024];
    snprintf(host, sizeof host, "%s/host.cpp", dir);
    snprintf(cu, sizeof cu, "%s/kernels.cu", dir);
    snprintf(obj, sizeof obj, "%s/kernels.o", dir);
    snprintf(inc, sizeof inc, "-I%sruntime/include", root);
    snprintf(cinc, sizeof cinc, "-I%.*s/../include", (int)(strrchr(nvcc, '/') - nvcc), nvcc);
    write_to(host, p.host.s, p.host.len);
    StrBuf dev = {0};
    sb_puts(&dev, "#include <gpyrt.h>\n#include <gpyrt_device.cuh>\n");
    for (int i = 0; i < p.units.n; i++) {
        const CgUnit *u = p.units.v[i];
        sb_putn(&dev, u->text, u->len);
    }
    write_to(cu, dev.s ? dev.s : "", dev.len);
    char *gxx[] = {"/usr/bin/g++", "-std=c++17", "-fsyntax-only", inc, cinc, host, NULL};
    cr_expect_eq(cg_run(gxx, false), 0, "g++ failed on:\n%s", p.host.s);
    char *nv[] = {nvcc, "-arch=sm_80", "-c", inc, "-o", obj, cu, NULL};
    cr_expect_eq(cg_run(nv, false), 0, "nvcc failed on:\n%s", dev.s);
    cr_expect(access(obj, F_OK) == 0);
    unlink(host);
    unlink(cu);
    unlink(obj);
    rmdir(dir);
    sb_free(&dev);
    cg_program_free(&p);
    free(root);
    free(nvcc);
}

Test(host, nvcc_compiles_host_code, .timeout = 300)
{
    IrFunc *mod = module_func();
    build_print(mod);
    build_loops(mod);
    build_tuple_func(mod);
    build_list(mod);
    build_misc(mod);
    compile_ok();
}

Test(host, nvcc_compiles_kernels, .timeout = 300)
{
    IrFunc *mod = module_func();
    build_array(mod);
    group_module(M);
    compile_ok();
}

Test(nvcc, missing_explicit_path)
{
    FILE *devnull = fopen("/dev/null", "w");
    diag_set_stream(devnull);
    char *p = cg_find_nvcc("/nonexistent/nvcc");
    diag_set_stream(stderr);
    fclose(devnull);
    cr_expect_null(p);
}

Test(nvcc, exit_status_is_returned)
{
    /* an executable that is not nvcc: /bin/false fails with status 1 */
    if (access("/bin/false", X_OK) != 0) cr_skip_test("/bin/false missing");
    char *argv[] = {"/bin/false", NULL};
    cr_expect_eq(cg_run(argv, false), 1);
}
