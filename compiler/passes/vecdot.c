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
 *
 * A vector-matrix product `v @ M` (v 1-d, M 2-d, one float32/64 or complex dtype) right after
 * an elementwise store into M itself (`M += u1 * v1[None, :]`: the store_into of an elementwise
 * value whose destination is M, with nothing between them that writes memory or may read M's
 * memory; `M[...] = f(...)` stores into a view of M and is not matched: the product stays GEMV)
 * becomes the column reduction
 *     if v.shape[0] != M.shape[0]: raise ValueError(matmul's message)
 *     r = sum(v[:, None] * M, axis=0)
 * which storered.c can then run in the store's kernel: the store writes M and the reduction
 * reads the value stored, one pass over M instead of two (gemver's `A += outer(u1, v1) + ...;
 * x += beta * y @ A`, issue 25).  The terms are matmul's, added in another order.  Elsewhere
 * `v @ M` of a plain M stays cuBLAS's GEMV.
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

/* Appends to seq the check that a.shape[0] == b.shape[0], raising dot's or matmul's
 * ValueError (emit_raise) when they differ. */
static void emit_length_check(IrModule *m, IrBlock *seq, Span sp, IrValue *a, IrValue *b, bool dot)
{
    IrValue *ka = emit(m, seq, IR_SHAPE_DIM, sp, ty_int(), 1, &a);
    IrValue *kb = emit(m, seq, IR_SHAPE_DIM, sp, ty_int(), 1, &b);
    ka->def->ival = kb->def->ival = 0;
    IrValue *ne = emit(m, seq, IR_NE, sp, ty_bool(), 2, (IrValue *[]){ ka, kb });
    ne->def->dtype = DT_BOOL;
    ne->def->cdtype = DT_INT64;
    IrInstr *iff = ir_emit(m, seq, IR_IF, sp, NULL, 1, &ne);
    iff->blocks[0] = ir_block_new(m, iff);
    iff->blocks[1] = ir_block_new(m, iff);
    emit_raise(m, iff->blocks[0], sp, ka, kb, dot);
}

/* Ends seq with sum(t) (over axis 0 when axis0, else all axes), which defines r, the result of
 * the product at position i of b, and puts seq in the product's place. */
static void finish(IrModule *m, IrBlock *b, int i, IrBlock *seq, IrValue *t, IrValue *r, bool axis0)
{
    IrInstr *mm = VEC_AT(b->instrs, i);
    DType dt = t->type->dtype;
    IrInstr *red = ir_emit(m, seq, IR_REDUCE, mm->span, NULL, 1, &t);
    red->res = r;
    r->def = red;
    red->redop = RED_SUM;
    red->dtype = red->cdtype = dt;
    red->keepdims = false;
    red->naxes = axis0 ? 1 : 0;
    red->axes[0] = 0;
    for (int j = 0; j < mm->nargs; j++) mm->args[j]->nuses--; /* the product's arguments */
    ir_splice(b, i, &seq->instrs);
    vec_free(&seq->instrs);
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

/* The most instructions looked back from a product for the store before it. */
enum { STORE_WINDOW = 64 };

/* Is `in` at position i of b a product v @ M (see above) right after an elementwise store into
 * M: back from it, before anything that writes memory or may read M's memory, a store_into of
 * M whose value an elementwise op computes?  Inert host instructions pass, and so do kernels on
 * other arrays and the elementwise ops that compute v alone (`beta * y`: fusion takes them into
 * the reduction, where storered.c checks at run time what they read). */
static bool is_vecmat_after_store(const IrBlock *b, int i, const IrInstr *in)
{
    if (in->op != IR_MATMUL || in->nargs != 2 || !in->res || in->ival != MM_MATMUL) return false;
    const IrValue *v = in->args[0], *M = in->args[1];
    const Type *tv = v->type, *tm = M->type;
    DType dt = tv->dtype;
    if (tv->kind != TY_ARRAY || tm->kind != TY_ARRAY || tv->ndim != 1 || tm->ndim != 2 || tm->dtype != dt ||
        in->res->type->ndim != 1 || !(dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt_is_complex(dt)))
        return false;
    const IrValue *feeds[STORE_WINDOW + 1];     /* v and the arrays the ops computing it read */
    int nfeeds = 0;
    feeds[nfeeds++] = v;
    for (int k = i - 1; k >= 0 && k >= i - STORE_WINDOW; k--) {
        const IrInstr *p = VEC_AT(b->instrs, k);
        if (p->op == IR_STORE_INTO && p->args[0] == M) {
            const IrInstr *d = p->args[1]->def;
            return d && ir_op_is_ewise(d->op);
        }
        if (ir_writes_memory(p)) return false;
        if (ir_is_inert(p)) continue;
        if (p->blocks[0] || p->blocks[1]) return false;
        bool feeds_v = false;
        for (int f = 0; f < nfeeds && !feeds_v; f++) feeds_v = p->res && p->res == feeds[f];
        if (feeds_v && ir_op_is_ewise(p->op) && p->res->nuses == 1) {
            for (int j = 0; j < p->nargs && nfeeds < STORE_WINDOW; j++)
                if (p->args[j] && p->args[j]->type->kind == TY_ARRAY) feeds[nfeeds++] = p->args[j];
            continue;
        }
        for (int j = 0; j < p->nargs; j++)
            if (p->args[j] && p->args[j]->type->kind == TY_ARRAY && ir_may_alias(p->args[j], M)) return false;
    }
    return false;
}

/* Replaces the product a @ b at position i of b by the length check and sum(a * b), or for a
 * vector-matrix product (vecmat) sum(a[:, None] * b, axis=0); the sum defines the product's
 * result value (its uses stay). */
static void rewrite(IrModule *m, IrBlock *b, int i, bool vecmat)
{
    IrInstr *mm = VEC_AT(b->instrs, i);
    IrValue *a = mm->args[0], *v = mm->args[1], *r = mm->res;
    DType dt = a->type->dtype;
    Span sp = mm->span;
    IrBlock seq = { 0 };
    emit_length_check(m, &seq, sp, a, v, !vecmat && mm->ival == MM_DOT);
    if (vecmat) { /* a[:, None]: a view, never a copy */
        IrValue *none = emit(m, &seq, IR_CONST_NONE, sp, ty_none(), 0, NULL);
        a = emit(m, &seq, IR_INDEX, sp, ty_array(dt, 2), 4, (IrValue *[]){ a, none, none, none });
        a->def->nidx = 2;
        a->def->idx[0] = IDX_SLICE;
        a->def->idx[1] = IDX_NEWAXIS;
    }
    IrValue *t = emit(m, &seq, IR_MUL, sp, ty_array(dt, vecmat ? 2 : 1), 2, (IrValue *[]){ a, v });
    t->def->dtype = t->def->cdtype = dt;
    finish(m, b, i, &seq, t, r, vecmat);
}

static void vecdot_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        vecdot_block(m, in->blocks[0]);
        vecdot_block(m, in->blocks[1]);
        bool vecmat = !is_vecdot(in) && is_vecmat_after_store(b, i, in);
        if (!is_vecdot(in) && !vecmat) continue;
        int before = b->instrs.n;
        rewrite(m, b, i, vecmat);
        i += b->instrs.n - before; /* past the new instructions */
    }
}

void vecdot_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) vecdot_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
