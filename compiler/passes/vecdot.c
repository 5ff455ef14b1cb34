/*
 * vecdot.c — products of two vectors as fused reductions (-O2, after loopmap.c, before
 * group.c).  `a @ b` and `dot(a, b)` of two 1-d arrays of one float32/64 or complex dtype,
 * an IR_MATMUL that rt_matmul would run as cuBLAS's 1 x k by k x 1 product (operands made into
 * matrices, a strided one copied), become
 *     if a.shape[0] != b.shape[0]: raise ValueError(matmul's or dot's message)
 *     r = sum(a * b)                 (the product fuses into the reduction: one kernel)
 * NPBench's trisolv (`L[i, :i] @ x[:i]` per row), lu (`A[i, :j] @ A[:j, j]` per element) and
 * cholesky (`dot(A[i, :j], A[j, :j])`) make one such product per iteration (issue 25).  The
 * terms are NumPy's, added in another order (as cuBLAS's are); empty operands give 0.  It runs
 * after loopmap.c, which maps loops of products into one batched product (symm, trmm,
 * gramschmidt: a raise guard in the body would keep them loops).  Integer vectors stay the
 * runtime's product, and vdot / inner keep theirs.
 */
#include "compiler/compiler.h"

/* The result of a new instruction op(args) of type t appended to b. */
static IrValue *emit(IrModule *m, IrBlock *b, IrOp op, Span sp, Type *t, int n, IrValue **args)
{
    return ir_emit(m, b, op, sp, t, n, args)->res;
}

static IrValue *str_const(IrModule *m, IrBlock *b, Span sp, const char *s)
{
    IrValue *v = emit(m, b, IR_CONST_STR, sp, ty_str(), 0, NULL);
    v->def->sval = s;
    return v;
}

static IrValue *str_of(IrModule *m, IrBlock *b, Span sp, IrValue *k)
{
    return emit(m, b, IR_TO_STR, sp, ty_str(), 1, &k);
}

/* The raise of NumPy's ValueError for lengths ka != kb into block b: dot's message or
 * matmul's (its operand 1 first). */
static void emit_raise(IrModule *m, IrBlock *b, Span sp, IrValue *ka, IrValue *kb, bool dot)
{
    IrValue *msg;
    if (dot) {
        IrValue *sa = str_of(m, b, sp, ka), *sb = str_of(m, b, sp, kb);
        IrValue *parts[9] = { str_const(m, b, sp, "shapes ("),         sa,
                              str_const(m, b, sp, ",) and ("),         sb,
                              str_const(m, b, sp, ",) not aligned: "), sa,
                              str_const(m, b, sp, " (dim 0) != "),     sb,
                              str_const(m, b, sp, " (dim 0)") };
        msg = emit(m, b, IR_STR_CONCAT, sp, ty_str(), 9, parts);
    } else {
        msg = ir_matmul_core_msg(m, b, sp, ka, kb);
    }
    IrInstr *r = ir_emit(m, b, IR_RAISE, sp, NULL, 1, &msg);
    r->sval = "ValueError";
}

/* Is `in` a product of two vectors this pass rewrites? */
static bool is_vecdot(const IrInstr *in)
{
    if (in->op != IR_MATMUL || in->nargs != 2 || !in->res || (in->ival != MM_MATMUL && in->ival != MM_DOT))
        return false;
    const Type *ta = in->args[0]->type, *tb = in->args[1]->type;
    DType dt = ta->dtype;
    return ta->kind == TY_ARRAY && tb->kind == TY_ARRAY && ta->ndim == 1 && tb->ndim == 1 &&
           tb->dtype == dt && in->res->type->ndim == 0 &&
           (dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt_is_complex(dt));
}

/* Replaces the product at position i of b by the length check and sum(a * b), which defines
 * the product's result value (its uses stay). */
static void rewrite(IrModule *m, IrBlock *b, int i)
{
    IrInstr *mm = VEC_AT(b->instrs, i);
    IrValue *a = mm->args[0], *v = mm->args[1], *r = mm->res;
    DType dt = a->type->dtype;
    Span sp = mm->span;
    IrBlock seq = { 0 };
    IrValue *ka = emit(m, &seq, IR_SHAPE_DIM, sp, ty_int(), 1, &a);
    IrValue *kb = emit(m, &seq, IR_SHAPE_DIM, sp, ty_int(), 1, &v);
    ka->def->ival = kb->def->ival = 0;
    IrValue *ne = emit(m, &seq, IR_NE, sp, ty_bool(), 2, (IrValue *[]){ ka, kb });
    ne->def->dtype = DT_BOOL;
    ne->def->cdtype = DT_INT64;
    IrInstr *iff = ir_emit(m, &seq, IR_IF, sp, NULL, 1, &ne);
    iff->blocks[0] = ir_block_new(m, iff);
    iff->blocks[1] = ir_block_new(m, iff);
    emit_raise(m, iff->blocks[0], sp, ka, kb, mm->ival == MM_DOT);
    IrValue *t = emit(m, &seq, IR_MUL, sp, ty_array(dt, 1), 2, (IrValue *[]){ a, v });
    t->def->dtype = t->def->cdtype = dt;
    IrInstr *red = ir_emit(m, &seq, IR_REDUCE, sp, NULL, 1, &t);
    red->res = r;
    r->def = red;
    red->redop = RED_SUM;
    red->dtype = red->cdtype = dt;
    red->keepdims = false;
    red->naxes = 0;
    ir_splice(b, i, &seq.instrs);
    vec_free(&seq.instrs);
    a->nuses--; /* the product's arguments */
    v->nuses--;
}

static void vecdot_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        vecdot_block(m, in->blocks[0]);
        vecdot_block(m, in->blocks[1]);
        if (!is_vecdot(in)) continue;
        int before = b->instrs.n;
        rewrite(m, b, i);
        i += b->instrs.n - before; /* past the new instructions */
    }
}

void vecdot_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) vecdot_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
