/*
 * test_ir.c — compiler/ir.c and compiler/passes/group.c: construction, the op table, the text form,
 * the verifier (its failures exit with status 1 through util_internal_error) and grouping.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/compiler.h"

static Arena *arena;
static SrcFile src = {"t.py", "t.py", "x = 1\ny = 2\nz = 3\n", 18, false};

static IrModule *made;   /* the test's module, freed by teardown */

static void setup(void) { arena = ar_new(); }
static void teardown(void)
{
    if (made) ir_module_free(made);
    made = NULL;
    ar_delete(arena);
}

/* A new module for the test (one a test). */
static IrModule *module(void)
{
    cr_assert(!made, "one module a test");
    return made = ir_module_new(arena, &src);
}

static Span at(int line)
{
    Span s = {&src, 0, 1, (uint32_t)line, 1};
    return s;
}

static char *print_to_string(const IrModule *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ir_print(f, m);
    fclose(f);
    return buf;
}

TestSuite(ir, .init = setup, .fini = teardown);

Test(ir, op_table_and_names)
{
    cr_expect_str_eq(ir_op_name(IR_ADD), "add");
    cr_expect_str_eq(ir_op_name(IR_LOGICAL_AND), "logical_and");
    cr_expect_str_eq(ir_op_name(IR_CAST), "cast");
    cr_expect_str_eq(ir_op_name(IR_CONST_INT), "const_int");
    cr_expect_str_eq(ir_op_name(IR_REDUCE), "reduce");
    cr_expect_str_eq(ir_op_name(IR_STORE_INTO), "store_into");
    cr_expect_str_eq(ir_op_name(IR_FOR_RANGE), "for_range");
    cr_expect_str_eq(ir_op_info(IR_TRUEDIV)->numpy, "true_divide");
    cr_expect_str_eq(ir_op_info(IR_SQRT)->fn, "gp_sqrt");
    cr_expect_eq(ir_op_info(IR_WHERE)->nargs, 3);
    cr_expect_eq(ir_op_info(IR_LT)->rule, RULE_CMP);
    cr_expect_null(ir_op_info(IR_CONST_INT));
    cr_expect(ir_op_is_ewise(IR_CAST));
    cr_expect(!ir_op_is_ewise(IR_FULL));
    cr_expect_str_eq(ir_redop_name(RED_MEAN), "mean");
    /* every op has a distinct name */
    for (int a = 0; a < IR_OP_COUNT; a++)
        for (int b = a + 1; b < IR_OP_COUNT; b++)
            cr_expect(strcmp(ir_op_name(a), ir_op_name(b)) != 0, "%d and %d share a name", a, b);
}

/* instrs.def's RT column names functions gpyrt.h declares; a CALL shape needs one; LIB is a
 * CUDA library; red.def and gpyrt_kinds.def give the names codegen and --emit=ir use. */
Test(ir, tables_agree_with_the_runtime)
{
    FILE *f = fopen("runtime/include/gpyrt.h", "r");
    cr_assert(f, "run from the source root");
    static char h[1 << 18];
    size_t n = fread(h, 1, sizeof h - 1, f);
    fclose(f);
    cr_assert(n < sizeof h - 1, "gpyrt.h outgrew the buffer");
    h[n] = 0;
    for (int op = IR_EWISE_LAST + 1; op < IR_OP_COUNT; op++) {
        const InstrInfo *ii = ir_instr_info((IrOp)op);
        cr_assert(ii);
        cr_expect(ii->call == HOST_OWN || ii->rt, "%s: a CALL shape without RT", ir_op_name((IrOp)op));
        if (ii->rt) {
            char decl[64], pdecl[64];   /* "void rt_flush(", "gp_array *rt_sort(" */
            snprintf(decl, sizeof decl, " %s(", ii->rt);
            snprintf(pdecl, sizeof pdecl, "*%s(", ii->rt);
            cr_expect(strstr(h, decl) || strstr(h, pdecl), "%s: gpyrt.h declares no %s", ir_op_name((IrOp)op), ii->rt);
        }
        for (const char *l = ii->lib; l && *l;) {   /* LIB: CUDA libraries, separated by spaces */
            size_t len = strcspn(l, " ");
            bool known = false;
            static const char *const cuda_libs[] = {"cublas", "cufft", "cusolver", "curand", "cusparse"};
            for (size_t k = 0; k < sizeof cuda_libs / sizeof cuda_libs[0]; k++)
                known |= strlen(cuda_libs[k]) == len && !strncmp(l, cuda_libs[k], len);
            cr_expect(known, "%s: LIB %s", ir_op_name((IrOp)op), ii->lib);
            l += len;
            l += *l == ' ';
        }
    }
    /* IR_DEVICE's calls (GPK_DEV rows): each runtime function is declared */
    for (int c = 0; c < DEV_COUNT; c++) {
        char decl[64], pdecl[64];
        snprintf(decl, sizeof decl, " %s(", ir_dev_fn((IrDevCall)c));
        snprintf(pdecl, sizeof pdecl, "*%s(", ir_dev_fn((IrDevCall)c));
        cr_expect(strstr(h, decl) || strstr(h, pdecl), "%s: gpyrt.h declares no %s", ir_dev_name((IrDevCall)c),
                  ir_dev_fn((IrDevCall)c));
    }
    cr_expect_str_eq(ir_dev_name(DEV_STREAM_WAIT), "stream_wait");
    cr_expect_str_eq(ir_dev_fn(DEV_STREAM_WAIT), "rt_stream_wait_event");
    cr_expect_null(ir_instr_info(IR_ADD));
    cr_expect(ir_op_is_view(IR_DIAG_VIEW) && !ir_op_is_view(IR_COPY));
    cr_expect(ir_op_is_creation(IR_EYE) && !ir_op_is_creation(IR_COPY));
    /* solver.c's solve and inv call blas.c's triangular solves: a program linking rt_linalg
     * without cuBLAS fails to link (DSO missing from command line) */
    cr_expect_str_eq(ir_instr_info(IR_LINALG)->lib, "cusolver cublas");
    cr_expect_str_eq(ir_redop_name(RED_NANARGMAX), "nanargmax");
    cr_expect(RED_IS_ARG(RED_NANARGMIN) && !RED_IS_ARG(RED_NANMAX));
    cr_expect_str_eq(ir_redop_info(RED_MEAN)->functor, "gp_red_sum");
    cr_expect_str_eq(ir_rt_kind_const(RTK_LA, LA_SVD), "GP_LA_SVD");
    cr_expect_str_eq(ir_rt_kind_name(RTK_FFT, FFT_C2R), "c2r");
    cr_expect_str_eq(ir_rt_kind_name(RTK_RAND, RAND_RANDINT), "randint");
    cr_expect_str_eq(ir_rt_kind_const(RTK_RAND, RAND_RANDINT), "?");
    cr_expect_str_eq(ir_rt_kind_const(RTK_SET, 4), "?");
    cr_expect_str_eq(dt_gp_enum(DT_COMPLEX128), "GP_COMPLEX128");
}

Test(ir, emit_counts_uses_and_links)
{
    IrModule *m = module();
    IrFunc *f = ir_func_new(m, "<module>", "gp_module");
    cr_assert_eq(m->funcs.n, 1);
    IrInstr *a = ir_emit(m, f->body, IR_CONST_INT, at(1), ty_int(), 0, NULL);
    IrValue *args[2] = {a->res, a->res};
    IrInstr *b = ir_emit(m, f->body, IR_ADD, at(1), ty_int(), 2, args);
    cr_expect_eq(a->res->nuses, 2);
    cr_expect_eq(b->res->def, b);
    cr_expect_eq(b->parent, f->body);
    cr_expect_eq(a->res->id, 1);
    cr_expect_eq(b->res->id, 2);
    IrVar *v = ir_var_new(m, "x", ty_int());
    cr_expect_eq(v->id, 1);
    ir_verify(m);
}

Test(ir, need_tuple_orders_inner_first)
{
    IrModule *m = module();
    Type *inner_e[2] = {ty_int(), ty_float()};
    Type *inner = ty_tuple(2, inner_e);
    Type *outer_e[2] = {inner, ty_array(DT_FLOAT32, 1)};
    Type *outer = ty_tuple(2, outer_e);
    ir_need_tuple(m, outer);
    cr_assert_eq(m->tuple_types.n, 2);
    cr_expect(ty_equal(VEC_AT(m->tuple_types, 0), inner));
    cr_expect_eq(outer->id, 1);
    Type *again = ty_tuple(2, inner_e);
    ir_need_tuple(m, again);
    cr_expect_eq(m->tuple_types.n, 2);
    cr_expect_eq(again->id, 0);
}

/* x = full(3, 1.5); if c: y = x + x  (an array op inside a block) */
static IrModule *sample(void)
{
    IrModule *m = module();
    IrFunc *f = ir_func_new(m, "<module>", "gp_module");
    IrVar *x = ir_var_new(m, "x", ty_array(DT_FLOAT64, 1));
    vec_push(&m->globals, x);
    IrInstr *n = ir_emit(m, f->body, IR_CONST_INT, at(1), ty_int(), 0, NULL);
    n->ival = 3;
    IrInstr *fill = ir_emit(m, f->body, IR_CONST_FLOAT, at(1), ty_float(), 0, NULL);
    fill->fval = 1.5;
    IrValue *fa[2] = {n->res, fill->res};
    IrInstr *full = ir_emit(m, f->body, IR_FULL, at(1), ty_array(DT_FLOAT64, 1), 2, fa);
    IrInstr *st = ir_emit(m, f->body, IR_STORE, at(1), NULL, 1, &full->res);
    st->var = x;
    IrInstr *c = ir_emit(m, f->body, IR_CONST_BOOL, at(2), ty_bool(), 0, NULL);
    c->ival = 1;
    IrInstr *iff = ir_emit(m, f->body, IR_IF, at(2), NULL, 1, &c->res);
    iff->blocks[0] = ir_block_new(m, iff);
    iff->blocks[1] = ir_block_new(m, iff);
    IrInstr *ld = ir_emit(m, iff->blocks[0], IR_LOAD, at(3), ty_array(DT_FLOAT64, 1), 0, NULL);
    ld->var = x;
    IrValue *aa[2] = {ld->res, ld->res};
    IrInstr *add = ir_emit(m, iff->blocks[0], IR_ADD, at(3), ty_array(DT_FLOAT64, 1), 2, aa);
    add->cdtype = DT_FLOAT64;
    IrValue *pa[1] = {add->res};
    ir_emit(m, iff->blocks[0], IR_PRINT, at(3), NULL, 1, pa);
    return m;
}

Test(ir, grouping_and_print)
{
    IrModule *m = sample();
    ir_verify(m);
    group_module(m);
    ir_verify(m);
    cr_assert_eq(m->groups.n, 2);
    KernelGroup *g0 = VEC_AT(m->groups, 0), *g1 = VEC_AT(m->groups, 1);
    cr_expect_str_eq(g0->name, "k0_full");
    cr_expect_str_eq(g1->name, "k1_add");
    cr_expect_eq(g0->inputs.n, 2);
    cr_expect_eq(g1->inputs.n, 1);     /* x + x reads one value */
    cr_expect_eq(g1->outputs.n, 1);
    cr_expect_eq(g1->line_lo, 3);
    cr_expect_eq(g1->line_hi, 3);
    /* grouping twice changes nothing */
    group_module(m);
    cr_expect_eq(m->groups.n, 2);

    char *text = print_to_string(m);
    const char *want =
        "global x:ndarray[float64, 1]\n"
        "\n"
        "func <module>() -> None  [gp_module]\n"
        "  v1:int = const_int 3                                  # line 1\n"
        "  v2:float = const_float 1.5                            # line 1\n"
        "  v3:ndarray[float64, 1] = full v1, v2  [k0_full]       # line 1\n"
        "  store x, v3                                           # line 1\n"
        "  v4:bool = const_bool True                             # line 2\n"
        "  if v4                                                 # line 2\n"
        "    v5:ndarray[float64, 1] = load x                     # line 3\n"
        "    v6:ndarray[float64, 1] = add v5, v5  [k1_add]       # line 3\n"
        "    print v6 sep=\" \" end=\"\\n\"                           # line 3\n"
        "\n"
        "group k0_full ewise: instrs v3=full inputs v1 v2 outputs v3  lines 1-1\n"
        "group k1_add ewise: instrs v6=add inputs v5 outputs v6  lines 3-3\n";
    cr_expect_str_eq(text, want);
    free(text);
}

Test(ir, verify_rejects_use_outside_scope, .exit_code = 1)
{
    IrModule *m = sample();
    /* use the if-block's v6 after the if: outside its scope */
    IrFunc *f = VEC_AT(m->funcs, 0);
    IrInstr *iff = VEC_AT(f->body->instrs, f->body->instrs.n - 1);
    IrInstr *add = VEC_AT(iff->blocks[0]->instrs, 1);
    ir_emit(m, f->body, IR_PRINT, at(4), NULL, 1, &add->res);
    diag_set_stream(fopen("/dev/null", "w"));
    ir_verify(m);
}

Test(ir, verify_rejects_wrong_arity, .exit_code = 1)
{
    IrModule *m = module();
    IrFunc *f = ir_func_new(m, "<module>", "gp_module");
    IrInstr *a = ir_emit(m, f->body, IR_CONST_INT, at(1), ty_int(), 0, NULL);
    ir_emit(m, f->body, IR_ADD, at(1), ty_int(), 1, &a->res);
    ir_verify(m);
}

Test(ir, verify_rejects_ungrouped_kernel_op, .exit_code = 1)
{
    IrModule *m = sample();
    group_module(m);
    KernelGroup *g1 = VEC_AT(m->groups, 1);
    IrInstr *add = VEC_AT(g1->instrs, 0);
    add->group = NULL;
    ir_verify(m);
}

Test(ir, scalar_ops_get_no_group)
{
    IrModule *m = module();
    IrFunc *f = ir_func_new(m, "<module>", "gp_module");
    IrInstr *a = ir_emit(m, f->body, IR_CONST_INT, at(1), ty_int(), 0, NULL);
    IrValue *args[2] = {a->res, a->res};
    ir_emit(m, f->body, IR_MUL, at(1), ty_int(), 2, args);
    group_module(m);
    cr_expect_eq(m->groups.n, 0);
    ir_verify(m);
}
