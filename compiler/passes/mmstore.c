/*
 * mmstore.c — a matrix product stored into an array is written there (-O2, after vecdot.c):
 *
 *     y[:] = cp.reshape(D @ T, (n,))      r = matmul D, T; v = reshape r, n; store_into y[:], v
 *                                    →    matmul_store y[:], D, T, n
 *
 * rt_matmul_store writes the product straight into the destination where it can take it
 * (C-contiguous, of the stored value's shape, sharing no memory with the operands), so the
 * product is neither written to a new array nor copied (NPBench's stockham_fft: a 32 MB array
 * written and read once more per stage; issue 25); elsewhere it computes into a new array and
 * copies, as the store did.
 *
 * The pattern, in one block: r = matmul(a, b) (matmul's mode, of the store's dtype: no cast)
 * whose one use is v = reshape(r, s...) with one use, or the store itself; then
 * store_into(t, v or r).  The product moves down to the store, so every other instruction
 * between the two must leave a and b as they are and raise nothing (an error first raised by
 * the product must stay first): ir_is_inert's constants, loads, shape reads and slice views
 * (the usual `y[:]`).  The reshape's shape
 * ints and t are defined before the store (SSA), and its errors come in the order they did:
 * the product's, the reshape's, the store's broadcast.  Runs after loopmap.c and vecdot.c,
 * which look for products and stores of their own.
 */
#include "compiler/compiler.h"

/* The product stored by store_into `st` at position i of b, or NULL; *reshape gets the
 * reshape between them (or NULL). */
static IrInstr *stored_product(IrBlock *b, int i, IrInstr **reshape)
{
    IrInstr *st = VEC_AT(b->instrs, i);
    if (st->op != IR_STORE_INTO || st->nargs != 2) return NULL;
    IrValue *v = st->args[1];
    if (!v->def || v->def->parent != b || v->nuses != 1 || v->type->kind != TY_ARRAY) return NULL;
    IrInstr *rs = NULL, *mm = v->def;
    if (mm->op == IR_RESHAPE) {
        rs = mm;
        IrValue *r = rs->args[0];
        if (!r->def || r->def->parent != b || r->nuses != 1) return NULL;
        mm = r->def;
    }
    if (mm->op != IR_MATMUL || mm->nargs != 2 || mm->ival != MM_MATMUL || !mm->res) return NULL;
    if (mm->res->type->kind != TY_ARRAY || mm->res->type->dtype != st->dtype) return NULL;
    const Type *ta = mm->args[0]->type, *tb = mm->args[1]->type;
    if (ta->kind != TY_ARRAY || tb->kind != TY_ARRAY || ta->dtype != st->dtype || tb->dtype != st->dtype)
        return NULL;
    int k = ir_index_in_block(b, mm);
    for (int j = k + 1; j < i; j++) {
        IrInstr *in = VEC_AT(b->instrs, j);
        if (in != rs && !ir_is_inert(in)) return NULL;
    }
    *reshape = rs;
    return mm;
}

/* Replaces the store at position i of b by matmul_store; the product and the reshape go. */
static void rewrite(IrModule *m, IrBlock *b, int i, IrInstr *mm, IrInstr *rs)
{
    IrInstr *st = VEC_AT(b->instrs, i);
    int nr = rs ? rs->nargs - 1 : 0;
    IrValue *args[3 + IR_MAXDIM];
    args[0] = st->args[0];
    args[1] = mm->args[0];
    args[2] = mm->args[1];
    for (int k = 0; k < nr; k++) args[3 + k] = rs->args[1 + k];
    IrBlock seq = { 0 };
    IrInstr *ms = ir_emit(m, &seq, IR_MATMUL_STORE, st->span, NULL, 3 + nr, args);
    ms->ival = rs ? nr : -1;
    ms->dtype = st->dtype;
    ir_splice(b, i, &seq.instrs);
    vec_free(&seq.instrs);
    st->args[0]->nuses--; /* the store's arguments */
    st->args[1]->nuses--;
    if (rs) ir_remove(b, ir_index_in_block(b, rs));
    ir_remove(b, ir_index_in_block(b, mm));
}

static void mmstore_block(IrModule *m, IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        IrInstr *in = VEC_AT(b->instrs, i);
        mmstore_block(m, in->blocks[0]);
        mmstore_block(m, in->blocks[1]);
        IrInstr *rs = NULL, *mm = stored_product(b, i, &rs);
        if (!mm) continue;
        rewrite(m, b, i, mm, rs);
        i -= rs ? 2 : 1; /* the removed instructions stood before i */
    }
}

void mmstore_module(IrModule *m)
{
    for (int i = 0; i < m->funcs.n; i++) mmstore_block(m, ((IrFunc *)VEC_AT(m->funcs, i))->body);
}
