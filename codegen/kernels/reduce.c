/*
 * reduce.c — reduction kernels (KG_REDUCE) and their launch, and what the other reducing
 * families (rows.c, siblings.c) take from them: accumulator types, functors, identities.
 *
 * KG_REDUCE: one block (256 threads) per output element and per split of the reduced range;
 * threads stride over the reduced elements, accumulate in the accumulation type, and combine
 * with gp_block_reduce.  When the reduced range is long and there are few outputs the range
 * is split over several blocks that write partials, which gp_reduce_finish combines.
 * Elementwise instructions of the group before the IR_REDUCE (a fused prologue) run per
 * reduced element.  Index reductions (argmax, argmin, nanarg*) accumulate (value, index in the
 * reduced range) pairs, gp_argacc, whose combiner breaks ties by the smaller index, and store
 * the index.
 *
 * A store fused into a reduction (compiler/passes/storered.c, a StoreRed) gets the same kernels
 * under its own name, with the store group's arrays and scalars added to the parameters: at
 * each reduced element the store's instructions run first and write the destination's element
 * (every mode visits each element of the input shape once, and the launch runs them only when
 * that shape is the destination's), then the prologue reads the value written where it read
 * the destination (emit_step).  cg_storered_launch picks them or the two groups' own kernels.
 */
#include "codegen/kernels/kernels.h"

#include <stdlib.h>
#include <string.h>

const IrInstr *cg_reduce_of(const KernelGroup *g)
{
    const IrInstr *r = cg_find_op(g, IR_REDUCE);
    GPYC_ASSERT(r != NULL);
    return r;
}

/* 0-d array operands (gesummv's alpha in `alpha * A @ x`, a 0-d array as NPBench passes
 * it) read one element everywhere: they leave p's arrays for `unis`, the kernel takes each as
 * a pointer and loads it once (const T v<id> = *a<id>), and rt_red_setup sees only the other
 * arrays, so a 0-d operand neither costs a load per element nor keeps rows mode's vector path
 * off (a stride-0 reduced dimension fails its contiguity test) nor decides the mode (k[0]). */
static void split_uniform(KParams *p, Vec *unis)
{
    int m = 0;
    for (int i = 0; i < p->arrs.n; i++) {
        IrValue *v = VEC_AT(p->arrs, i);
        if (v->type->ndim == 0) vec_push(unis, v);
        else VEC_AT(p->arrs, m++) = v;
    }
    p->arrs.n = m;
}

/* The accumulation dtype: bool for any/all; float for float16; the result dtype otherwise
 * (mean's result dtype is already a float or complex).  Index reductions (argmax ...): the
 * dtype of the compared values, the input's (float for float16); their accumulator is the
 * pair gp_argacc<that type> (acc_ctype). */
DType cg_acc_dtype(const IrInstr *r)
{
    if (r->redop == RED_ANY || r->redop == RED_ALL) return DT_BOOL;
    DType d = RED_IS_ARG(r->redop) ? r->args[0]->type->dtype : r->res->type->dtype;
    if (d == DT_FLOAT16) return DT_FLOAT32;
    if (r->redop == RED_MEAN && !dt_is_float(d) && !dt_is_complex(d)) return DT_FLOAT64;
    return d;
}

/* The C type of the accumulator (valid until the next call). */
static const char *acc_ctype(const IrInstr *r)
{
    static char buf[64];
    const char *vt = dt_ctype(cg_acc_dtype(r));
    if (!RED_IS_ARG(r->redop)) return vt;
    snprintf(buf, sizeof buf, "gp_argacc<%s>", vt);
    return buf;
}

/* red.def's FUNCTOR; a user reduction's is its group's own, "<group>_ur" (cg_emit_ukernel_scopes
 * defines it).  Valid until the next call. */
const char *cg_red_functor(const IrInstr *r)
{
    static char buf[160];
    if (r->redop != RED_USER) return ir_redop_info(r->redop)->functor;
    snprintf(buf, sizeof buf, "%s_ur", r->group->name);
    return buf;
}

/* The identity of reduction r, as a C expression of its accumulator type (red.def's
 * IDENTITY, a format of the accumulator's element C type; a user reduction's identity
 * expression converted to it). */
void cg_put_identity(StrBuf *out, const IrInstr *r)
{
    const char *ct = dt_ctype(cg_acc_dtype(r));
    if (r->redop != RED_USER) {
        sb_printf(out, ir_redop_info(r->redop)->identity, ct);
        return;
    }
    /* host code passes it to the second pass: CUDA's device-only constants as math.h's */
    static const char *const names[][2] = { { "CUDART_INF_F", "INFINITY" },
                                            { "CUDART_INF", "INFINITY" },
                                            { "CUDART_NAN_F", "NAN" },
                                            { "CUDART_NAN", "NAN" } };
    sb_printf(out, "gp_cast<%s>(", ct);
    for (const char *p = r->uk->k->identity; *p;) {
        size_t k = 0;
        while (k < 4 && strncmp(p, names[k][0], strlen(names[k][0])) != 0) k++;
        if (k < 4) {
            sb_puts(out, names[k][1]);
            p += strlen(names[k][0]);
        } else {
            sb_putc(out, *p++);
        }
    }
    sb_putc(out, ')');
}

/* What the reduction kernels share: the group, its parameters, the reduction and the
 * C text of its accumulator type, identity and final value; for a store fused into the
 * reduction (storered.c), the store's group and its destination. */
typedef struct {
    const KernelGroup *g;
    const KernelGroup *st; /* the store group run in this kernel (storered.c), or NULL */
    const IrValue *dst;    /* st's destination, which g reads as the value stored */
    const IrValue *whole;  /* the array dst views whole (StoreRed.whole), read as dst, or NULL */
    const char *name;      /* the kernels' name: g's, or the StoreRed's */
    KParams p;
    const IrInstr *r;
    const char *rt; /* result type */
    char at[64];    /* accumulator type */
    StrBuf ident, fin;
    int V; /* vector width (elements per 16-byte load) */
    int unroll; /* reduced elements whose loads a thread of the column modes issues together
                   (UNROLL; a fused store's: storered_unroll); rows mode takes UNROLL */
    Vec ahead, late; /* IrValue*: p.arrs loaded `unroll` elements ahead, and where they are used
                        (a fused store's small operands: split_late) */
    Vec unis; /* IrValue*: 0-d array operands (split_uniform) */
} RedGen;

/* The unroll of a fused store's kernels: GPYC_STORERED_UNROLL (1 to 8, read here only: issue
 * 25's A/B knob for gemver), else 16 loads ahead per thread over the arrays loaded ahead (at
 * most 8 elements, at least 1): gemver's kernel loads only A ahead (split_late), 8 rows of 16
 * bytes per thread, 108 registers on sm_90 (two blocks of 256 per SM: 64 KB of A's loads in
 * flight per SM; W3's column kernel keeps 48 KB, 3 blocks x 4 rows). */
static int storered_unroll(int ahead)
{
    static int u = -1;
    if (u < 0) {
        const char *e = getenv("GPYC_STORERED_UNROLL");
        u = e && e[0] >= '1' && e[0] <= '8' && !e[1] ? e[0] - '0' : 0;
    }
    if (u) return u;
    const int k = ahead > 0 ? 16 / ahead : 8;
    return k > 8 ? 8 : k < 1 ? 1 : k;
}

/* Is array v, read by a fused store's kernel with destination dst, known to be small: fewer
 * dimensions than dst, or a view with a new axis (`y[:, None]`), or a reshape to a constant
 * size of 1 (`reshape(u1, (-1, 1))`, outer's operands)?  Such a vector is read again and again
 * from the caches, not from memory, so it need not be loaded ahead. */
static bool known_small(const IrValue *v, const IrValue *dst)
{
    if (v->type->ndim < dst->type->ndim) return true;
    const IrInstr *d = v->def;
    if (!d) return false;
    if (d->op == IR_INDEX)
        for (int i = 0; i < d->nidx; i++)
            if (d->idx[i] == IDX_NEWAXIS) return true;
    if (d->op == IR_RESHAPE)
        for (int j = 1; j < d->nargs; j++)
            if (d->args[j]->def && d->args[j]->def->op == IR_CONST_INT && d->args[j]->def->ival == 1) return true;
    return false;
}

/* R->ahead and R->late: a reduction's arrays are all loaded `unroll` elements ahead, as many
 * loads in flight as registers allow; a fused store's kernel loads only its large arrays (the
 * destination and those not known_small) ahead and the small ones where they are used, so its
 * registers go to the loads of memory: gemver's column-vector kernel kept 6 arrays x 4 x 16 bytes
 * in registers (170 registers, one block of 256 per SM, ~2.3 TB/s for the pair in session 12's
 * call 2), where only A's loads come from memory. */
static void split_late(RedGen *R)
{
    for (int i = 0; i < R->p.arrs.n; i++) {
        IrValue *v = VEC_AT(R->p.arrs, i);
        bool late = R->st && v != R->dst && v != R->whole && known_small(v, R->dst);
        vec_push(late ? &R->late : &R->ahead, v);
    }
}

/* Where the store of a fused store (R->st) finds its element's offset off<dst> in each loop:
 * the scalar loops saved it in so<dst>[u], rows mode's vector loop computes it from base<dst>,
 * column vectors add output w's stride. */
typedef enum { STEP_SCALAR, STEP_VEC, STEP_COLVEC } StepKind;

/* base<id> = the byte offset of output element `o`'s first input element, per array. */
static void emit_bases(StrBuf *out, int n, const KParams *p)
{
    if (!p->arrs.n) return;
    StrBuf decl = {0};
    for (int i = 0; i < p->arrs.n; i++)
        sb_printf(&decl, "%sbase%d = 0", i ? ", " : "", ((IrValue *)VEC_AT(p->arrs, i))->id);
    cg_line(out, n, "int64_t %s;", decl.s);
    sb_free(&decl);
    cg_line(out, n, "{");
    cg_line(out, n + 1, "int64_t r = o;");
    cg_line(out, n + 1, "for (int d = rs.ond - 1; d >= 0; d--) {");
    cg_line(out, n + 2, "const int64_t id = gp_divmod(r, rs.odim[d]);");
    for (int i = 0; i < p->arrs.n; i++) {
        int id = ((IrValue *)VEC_AT(p->arrs, i))->id;
        cg_line(out, n + 2, "base%d += id * a%d.ost[d];", id, id);
    }
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
}

/* acc = combine(acc, v): the reduction's functor on its accumulator (`acc` names it) and the
 * value of its argument; index reductions pair the value with j, its place in the range. */
void cg_emit_combine(StrBuf *out, int n, const IrInstr *r, const char *at, const char *acc)
{
    if (RED_IS_ARG(r->redop))
        cg_line(out, n, "%s = %s()(%s, gp_argacc<%s>{gp_cast<%s>(v%d), j});", acc, cg_red_functor(r), acc, at,
                at, r->args[0]->id);
    else
        cg_line(out, n, "%s = %s()(%s, gp_cast<%s>(v%d));", acc, cg_red_functor(r), acc, at, r->args[0]->id);
}

/* One reduced element: the group's prologue and the combine into `acc`.  With a fused store
 * (R->st), first the store's instructions, which write the element of dst, in a scope of their
 * own; then the prologue in a scope where v<dst> is the value stored (cast to dst's dtype), so
 * the reduction reads what it wrote (each element is visited once: storered.c). */
static void emit_step(StrBuf *out, int n, const RedGen *R, StepKind kind, const char *acc)
{
    if (!R->st) {
        cg_emit_instrs(out, n, R->g, "j");
        cg_emit_combine(out, n, R->r, dt_ctype(cg_acc_dtype(R->r)), acc);
        return;
    }
    const IrValue *d = R->dst, *val = R->st->last->args[1];
    const char *ct = cg_val_ctype(d);
    cg_line(out, n, "%s nv%d;", ct, d->id);
    cg_line(out, n, "{");
    if (kind == STEP_SCALAR) cg_line(out, n + 1, "const int64_t off%d = so%d;", d->id, d->id);
    else if (kind == STEP_VEC) cg_line(out, n + 1, "const int64_t off%d = base%d + j * (int64_t)sizeof(%s);", d->id, d->id, ct);
    else cg_line(out, n + 1, "const int64_t off%d = so%d + w * a%d.ost[rs.ond - 1];", d->id, d->id, d->id);
    cg_emit_instrs(out, n + 1, R->st, "j");
    cg_line(out, n + 1, "nv%d = gp_cast<%s>(v%d);", d->id, ct, val->id);
    cg_line(out, n, "}");
    cg_line(out, n, "{");
    cg_line(out, n + 1, "const %s v%d = nv%d;", ct, d->id, d->id);
    if (R->whole && cg_in_vec(&R->p.arrs, R->whole))
        cg_line(out, n + 1, "const %s v%d = nv%d;", ct, R->whole->id, d->id);
    cg_emit_instrs(out, n + 1, R->g, "j");
    cg_emit_combine(out, n + 1, R->r, dt_ctype(cg_acc_dtype(R->r)), acc);
    cg_line(out, n, "}");
}

/* so<dst>: the byte offset of the destination's element j in the loops of a fused store
 * (emit_step), computed where it is stored rather than kept from the loads (registers). */
static void emit_dst_offset(StrBuf *out, int n, const RedGen *R)
{
    if (!R->st) return;
    const int id = R->dst->id;
    cg_line(out, n, "int64_t so%d = base%d;", id, id);
    cg_line(out, n, "if (rs.ind == 1) {");
    cg_line(out, n + 1, "so%d += j * a%d.ist[0];", id, id);
    cg_line(out, n, "} else {");
    cg_line(out, n + 1, "int64_t r = j;");
    cg_line(out, n + 1, "#pragma unroll 1");
    cg_line(out, n + 1, "for (int d = rs.ind - 1; d >= 0; d--) so%d += gp_divmod(r, rs.idim[d]) * a%d.ist[d];", id, id);
    cg_line(out, n, "}");
}

/* off<id> = the byte offset of reduced element j (of output o, from base<id>) per array.
 * The loop over dimensions is not unrolled: its trip count is known only at run time (after
 * merging, usually 1 or 2), and cicc's runtime unrolling of its two-way divisions, inside the
 * unrolled loop over elements, made a third of the PTX of a program's reduction kernels and
 * of ptxas's time.  (emit_bases' loop, once per output, stays as cicc unrolls it: not
 * unrolling it made W3's row sums 7-10 % slower in an A/B run on an H200.) */
static void emit_reduced_offsets(StrBuf *out, int n, const Vec *arrs)
{
    for (int i = 0; i < arrs->n; i++) {
        int id = ((IrValue *)VEC_AT(*arrs, i))->id;
        cg_line(out, n, "int64_t off%d = base%d;", id, id);
    }
    if (!arrs->n) return;
    cg_line(out, n, "if (rs.ind == 1) {");
    for (int i = 0; i < arrs->n; i++) {
        int id = ((IrValue *)VEC_AT(*arrs, i))->id;
        cg_line(out, n + 1, "off%d += j * a%d.ist[0];", id, id);
    }
    cg_line(out, n, "} else {");
    cg_line(out, n + 1, "int64_t r = j;");
    cg_line(out, n + 1, "#pragma unroll 1");
    cg_line(out, n + 1, "for (int d = rs.ind - 1; d >= 0; d--) {");
    cg_line(out, n + 2, "const int64_t id = gp_divmod(r, rs.idim[d]);");
    for (int i = 0; i < arrs->n; i++) {
        int id = ((IrValue *)VEC_AT(*arrs, i))->id;
        cg_line(out, n + 2, "off%d += id * a%d.ist[d];", id, id);
    }
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
}

/* acc = combine(acc, x_j) for j = start, start + step, ... < j1: UNROLL elements per step,
 * loads first, then the prologue instructions and the combine. */
static void emit_accumulate(StrBuf *out, int n, const RedGen *R, const char *start, const char *step, int unroll)
{
    cg_line(out, n, "for (int64_t jb = %s; jb < j1; jb += %d * %s) {", start, unroll, step);
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        cg_line(out, n + 1, "%s in%d[%d];", cg_val_ctype(v), v->id, unroll);
    }
    cg_line(out, n + 1, "#pragma unroll");
    cg_line(out, n + 1, "for (int u = 0; u < %d; u++) {", unroll);
    cg_line(out, n + 2, "const int64_t j = jb + u * %s;", step);
    cg_line(out, n + 2, "if (j >= j1) break;");
    emit_reduced_offsets(out, n + 2, &R->ahead);
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        const char *ct = cg_val_ctype(v);
        cg_line(out, n + 2, "in%d[u] = *(const %s *)(a%d.data + off%d);", v->id, ct, v->id, v->id);
    }
    cg_line(out, n + 1, "}");
    cg_line(out, n + 1, "#pragma unroll");
    cg_line(out, n + 1, "for (int u = 0; u < %d; u++) {", unroll);
    cg_line(out, n + 2, "const int64_t j = jb + u * %s;", step);
    cg_line(out, n + 2, "if (j >= j1) break;");
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        cg_line(out, n + 2, "const %s v%d = in%d[u];", cg_val_ctype(v), v->id, v->id);
    }
    emit_reduced_offsets(out, n + 2, &R->late);
    for (int i = 0; i < R->late.n; i++) {
        const IrValue *v = VEC_AT(R->late, i);
        const char *ct = cg_val_ctype(v);
        cg_line(out, n + 2, "const %s v%d = *(const %s *)(a%d.data + off%d);", ct, v->id, ct, v->id, v->id);
    }
    emit_dst_offset(out, n + 2, R);
    emit_step(out, n + 2, R, STEP_SCALAR, "acc");
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
}

/* The widest element of a reduction's arrays gives its vector width: 16 bytes per access
 * (1: no vector path). */
static int reduce_vec_width(const KParams *p)
{
    int widest = 1;
    for (int i = 0; i < p->arrs.n; i++) {
        int s = dt_size(((IrValue *)VEC_AT(p->arrs, i))->type->dtype);
        if (s > widest) widest = s;
    }
    return (p->arrs.n == 0 || widest >= 16) ? 1 : 16 / widest;
}

/* Rows mode's vector loop (vec true: the reduced range is one contiguous dimension of every
 * array and each row starts 16-byte aligned): the block's threads take vectors of V elements
 * j0/V + threadIdx.x, ... < j1/V; jt is left at the first element the scalar loop takes. */
static void emit_accumulate_vec(StrBuf *out, int n, const RedGen *R, int V)
{
    const KParams *p = &R->p;
    cg_line(out, n, "if (vec) {");
    cg_line(out, n + 1, "const int64_t jve = j1 / %d;", V);
    cg_line(out, n + 1, "#pragma unroll 4   /* four vectors in flight per thread */");
    cg_line(out, n + 1, "for (int64_t jv = j0 / %d + threadIdx.x; jv < jve; jv += blockDim.x) {", V);
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        const char *ct = cg_val_ctype(v);
        cg_line(out, n + 2, "const gp_vec<%s, %d> in%d = gp_vload<%s, %d>(a%d.data + base%d, true, (uint32_t)jv);", ct, V,
                v->id, ct, V, v->id, v->id);
    }
    cg_line(out, n + 2, "#pragma unroll");
    cg_line(out, n + 2, "for (int u = 0; u < %d; u++) {", V);
    cg_line(out, n + 3, "const int64_t j = jv * %d + u;", V);
    cg_line(out, n + 3, "(void)j;");
    for (int i = 0; i < p->arrs.n; i++) {
        const IrValue *v = VEC_AT(p->arrs, i);
        cg_line(out, n + 3, "const %s v%d = in%d.v[u];", cg_val_ctype(v), v->id, v->id);
    }
    emit_step(out, n + 3, R, STEP_VEC, "acc");
    cg_line(out, n + 2, "}");
    cg_line(out, n + 1, "}");
    cg_line(out, n + 1, "if (jve * %d > jt) jt = jve * %d;", V, V);
    cg_line(out, n, "}");
}

/* The final value of reduction r from its accumulator `acc` (a C expression). */
static void put_final(StrBuf *out, const IrInstr *r, const char *rt, const char *at, const char *acc)
{
    if (r->redop == RED_MEAN) sb_printf(out, "gp_cast<%s>(gp_mean_div<%s>(%s, rs.nin))", rt, at, acc);
    else if (RED_IS_ARG(r->redop)) sb_printf(out, "gp_arg_index(%s)", acc);
    else sb_printf(out, "gp_cast<%s>(%s)", rt, acc);
}

/* Column mode's vector loop (col == V > 1, see rt_red_setup): the thread's V adjacent
 * outputs o .. o+V-1 keep V accumulators; per reduced element j each array gives one V-wide
 * vector (one element repeated when its output stride is 0), UNROLL elements' loads first. */
static void emit_accumulate_colvec(StrBuf *out, int n, const RedGen *R, int V)
{
    cg_line(out, n, "for (int64_t jb = j0; jb < j1; jb += %d) {", R->unroll);
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        cg_line(out, n + 1, "gp_vec<%s, %d> in%d[%d];", cg_val_ctype(v), V, v->id, R->unroll);
    }
    cg_line(out, n + 1, "#pragma unroll");
    cg_line(out, n + 1, "for (int u = 0; u < %d; u++) {", R->unroll);
    cg_line(out, n + 2, "const int64_t j = jb + u;");
    cg_line(out, n + 2, "if (j >= j1) break;");
    emit_reduced_offsets(out, n + 2, &R->ahead);
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        const char *ct = cg_val_ctype(v);
        cg_line(out, n + 2, "in%d[u] = gp_vload<%s, %d>(a%d.data + off%d, a%d.ost[rs.ond - 1] != 0, 0u);", v->id, ct, V,
                v->id, v->id, v->id);
    }
    cg_line(out, n + 1, "}");
    cg_line(out, n + 1, "#pragma unroll");
    cg_line(out, n + 1, "for (int u = 0; u < %d; u++) {", R->unroll);
    cg_line(out, n + 2, "const int64_t j = jb + u;");
    cg_line(out, n + 2, "if (j >= j1) break;");
    emit_reduced_offsets(out, n + 2, &R->late);
    for (int i = 0; i < R->late.n; i++) {
        const IrValue *v = VEC_AT(R->late, i);
        const char *ct = cg_val_ctype(v);
        cg_line(out, n + 2, "const gp_vec<%s, %d> in%d = gp_vload<%s, %d>(a%d.data + off%d, a%d.ost[rs.ond - 1] != 0, 0u);",
                ct, V, v->id, ct, V, v->id, v->id, v->id);
    }
    emit_dst_offset(out, n + 2, R);
    cg_line(out, n + 2, "#pragma unroll");
    cg_line(out, n + 2, "for (int w = 0; w < %d; w++) {", V);
    for (int i = 0; i < R->ahead.n; i++) {
        const IrValue *v = VEC_AT(R->ahead, i);
        cg_line(out, n + 3, "const %s v%d = in%d[u].v[w];", cg_val_ctype(v), v->id, v->id);
    }
    for (int i = 0; i < R->late.n; i++) {
        const IrValue *v = VEC_AT(R->late, i);
        cg_line(out, n + 3, "const %s v%d = in%d.v[w];", cg_val_ctype(v), v->id, v->id);
    }
    emit_step(out, n + 3, R, STEP_COLVEC, "acc[w]");
    cg_line(out, n + 2, "}");
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
}

/* Whether the host may pick a column mode for reduction r (rt_red_setup): only when some
 * axis is kept.  Over all axes (naxes 0, which lowering also stores for an axis list naming
 * every axis) rs.ond is 0 and rt_red_setup picks rows: no column kernels are emitted. */
static bool reduce_has_col(const IrInstr *r) { return r->naxes != 0; }

/* Whether a reduction group may take column mode's vector path: a column mode exists, it reads
 * arrays, and no instruction depends on the output index (creation ops count elements
 * themselves). */
static bool reduce_has_colvec(const KernelGroup *g, const KParams *p, int V)
{
    if (V <= 1 || p->arrs.n == 0 || !reduce_has_col(cg_reduce_of(g))) return false;
    for (int i = 0; i < g->instrs.n; i++)
        if (ir_op_is_creation(((const IrInstr *)VEC_AT(g->instrs, i))->op)) return false;
    return true;
}

/* Opens one reduction kernel: all modes take the same parameters, so the host picks one with
 * the same argument list. */
static void reduce_head(StrBuf *out, const RedGen *R, const char *suffix)
{
    sb_printf(out, "__global__ void __launch_bounds__(%d) %s%s(gp_rshape rs, int col, bool vec, int64_t split, %s *out, %s *part",
              BLOCK, R->name, suffix, R->rt, R->at);
    for (int i = 0; i < R->p.arrs.n; i++) sb_printf(out, ", gp_rkin a%d", ((IrValue *)VEC_AT(R->p.arrs, i))->id);
    for (int i = 0; i < R->unis.n; i++) {
        const IrValue *v = VEC_AT(R->unis, i);
        sb_printf(out, ", const %s *a%d", cg_val_ctype(v), v->id);
    }
    cg_emit_scalar_params(out, &R->p);
    sb_puts(out, ")\n{\n");
    for (int i = 0; i < R->unis.n; i++) {
        const IrValue *v = VEC_AT(R->unis, i);
        cg_line(out, 1, "const %s v%d = *a%d;", cg_val_ctype(v), v->id, v->id);
    }
    cg_line(out, 1, "int64_t chunk = (rs.nin + split - 1) / split;");
    cg_line(out, 1, "(void)vec;");
    cg_line(out, 1, "(void)col;");
}

/* Opens the column modes' loop: a thread per (group of V adjacent outputs, split) pair, o the
 * group's first output, k its split, [j0, j1) its reduced range, base<id> per array. */
static void reduce_thread_loop(StrBuf *out, const RedGen *R, int V)
{
    const char *ng = V > 1 ? "ng" : "rs.nout";
    if (V > 1) cg_line(out, 1, "const int64_t stride = (int64_t)gridDim.x * blockDim.x, ng = rs.nout / %d;", V);
    else cg_line(out, 1, "const int64_t stride = (int64_t)gridDim.x * blockDim.x;");
    cg_line(out, 1, "for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < %s * split; t += stride) {", ng);
    cg_line(out, 2, "int64_t o = t, k = 0;");
    cg_line(out, 2, "if (split > 1) { k = t; o = gp_divmod(k, %s); }", ng);
    if (V > 1) cg_line(out, 2, "o *= %d;", V);
    cg_line(out, 2, "const int64_t j0 = k * chunk;");
    cg_line(out, 2, "const int64_t j1 = j0 + chunk < rs.nin ? j0 + chunk : rs.nin;");
    emit_bases(out, 2, &R->p);
}

/* Column vectors (<name>_cv, col == V, rt_red_setup checks every array): threads take (output
 * group, split) pairs, V adjacent outputs each, read as one 16-byte vector per reduced element. */
static void reduce_def_colvec(StrBuf *out, RedGen *R)
{
    const int V = R->V;
    reduce_head(out, R, "_cv");
    reduce_thread_loop(out, R, V);
    cg_line(out, 2, "%s acc[%d];", R->at, V);
    cg_line(out, 2, "#pragma unroll");
    cg_line(out, 2, "for (int w = 0; w < %d; w++) acc[w] = %s;", V, R->ident.s);
    emit_accumulate_colvec(out, 2, R, V);
    cg_line(out, 2, "#pragma unroll");
    cg_line(out, 2, "for (int w = 0; w < %d; w++) {", V);
    StrBuf finw = {0};
    put_final(&finw, R->r, R->rt, R->at, "acc[w]");
    cg_line(out, 3, "if (split == 1) out[o + w] = %s;", finw.s);
    sb_free(&finw);
    cg_line(out, 3, "else part[k * rs.nout + o + w] = acc[w];");
    cg_line(out, 2, "}");
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* Columns (<name>_col, col == 1): threads take (output, split) pairs, adjacent threads adjacent
 * outputs, each reducing its range alone: coalesced when outputs are adjacent in memory. */
static void reduce_def_col(StrBuf *out, RedGen *R)
{
    reduce_head(out, R, "_col");
    reduce_thread_loop(out, R, 1);
    cg_line(out, 2, "%s acc = %s;", R->at, R->ident.s);
    emit_accumulate(out, 2, R, "j0", "1", R->unroll);
    cg_line(out, 2, "if (split == 1) out[o] = %s;", R->fin.s);
    cg_line(out, 2, "else part[k * rs.nout + o] = acc;");
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* Rows (<name>, col == 0): blocks take (output, split) pairs; the block's threads stride over
 * the reduced range and combine with gp_block_reduce — for reduced elements adjacent in
 * memory.  Chunks round to 16 elements, so vector accesses start aligned in every split. */
static void reduce_def_rows(StrBuf *out, RedGen *R)
{
    reduce_head(out, R, "");
    cg_line(out, 1, "if (split > 1) chunk = (chunk + 15) / 16 * 16;");
    cg_line(out, 1, "for (int64_t b = blockIdx.x; b < rs.nout * split; b += gridDim.x) {");
    cg_line(out, 2, "int64_t o = b;");
    cg_line(out, 2, "const int64_t j0 = split > 1 ? gp_divmod(o, split) * chunk : 0;");
    cg_line(out, 2, "const int64_t j1 = j0 + chunk < rs.nin ? j0 + chunk : rs.nin;");
    emit_bases(out, 2, &R->p);
    cg_line(out, 2, "%s acc = %s;", R->at, R->ident.s);
    cg_line(out, 2, "int64_t jt = j0;");
    if (R->V > 1) emit_accumulate_vec(out, 2, R, R->V);
    emit_accumulate(out, 2, R, "jt + threadIdx.x", "(int64_t)blockDim.x", UNROLL);   /* a block per output: enough threads */
    cg_line(out, 2, "acc = gp_block_reduce<%s, %d>(acc, %s());", R->at, BLOCK, cg_red_functor(R->r));
    cg_line(out, 2, "if (threadIdx.x == 0) {");
    cg_line(out, 3, "if (split == 1) out[o] = %s;", R->fin.s);
    cg_line(out, 3, "else part[b] = acc;");
    cg_line(out, 2, "}");
    cg_line(out, 1, "}");
    sb_puts(out, "}\n\n");
}

/* <name>_fin: the second pass of a split reduction (gpyrt_reduce.cuh's gp_reduce_finish or
 * gp_argreduce_finish for this accumulator, result and combiner). */
static void reduce_def_finish(StrBuf *out, const RedGen *R)
{
    if (RED_IS_ARG(R->r->redop)) {
        sb_printf(out, "__global__ void __launch_bounds__(%d) %s_fin(const %s *part, int64_t split, int64_t *out, int64_t nout, %s ident, bool by_col)\n{\n",
                  BLOCK, R->name, R->at, R->at);
        cg_line(out, 1, "gp_argreduce_finish<%s, %s>(part, split, out, nout, ident, by_col);", R->at,
                cg_red_functor(R->r));
    } else {
        sb_printf(out, "__global__ void __launch_bounds__(%d) %s_fin(const %s *part, int64_t split, %s *out, int64_t nout, int64_t nin, %s ident, bool by_col)\n{\n",
                  BLOCK, R->name, R->at, R->rt, R->at);
        cg_line(out, 1, "gp_reduce_finish<%s, %s, %s, %s>(part, split, out, nout, nin, ident, by_col);",
                R->at, R->rt, cg_red_functor(R->r), R->r->redop == RED_MEAN ? "true" : "false");
    }
    sb_puts(out, "}\n\n");
}

/* The parameters of reduction group g's kernel; with st, those of st's kernel added (arrays and
 * scalars not already there; its STORE_INTO destination among the arrays, which g reads). */
static void red_params(KParams *p, const KernelGroup *g, const KernelGroup *st)
{
    cg_kparams_build(p, g);
    if (!st) return;
    KParams q;
    cg_kparams_build(&q, st);
    for (int i = 0; i < q.arrs.n; i++) cg_push_unique(&p->arrs, VEC_AT(q.arrs, i));
    for (int i = 0; i < q.scalars.n; i++) cg_push_unique(&p->scalars, VEC_AT(q.scalars, i));
    for (int i = 0; i < q.dsts.n; i++) cg_push_unique(&p->dsts, VEC_AT(q.dsts, i));
    cg_kparams_free(&q);
}

/* A reduction group becomes up to three kernels with one parameter list, one per mode, and the
 * host picks one (rt_red_setup; cg_reduce_launch); over all axes, the rows kernel alone.
 * Separate kernels because in one kernel the widest path's registers set the occupancy of
 * all: W5's argmin over 16 clusters in column mode ran at 128 registers, 2 blocks per SM; the
 * column kernel alone needs 80.
 * split > 1: partial results go to part, combined by gp_reduce_finish.
 * sr (storered.c): the pair whose store runs in these too, named after it. */
static void reduce_defs(StrBuf *out, const KernelGroup *g, const StoreRed *sr)
{
    const KernelGroup *st = sr ? sr->store : NULL;
    RedGen R = {.g = g, .st = st, .name = sr ? sr->name : g->name};
    if (sr) R.dst = sr->dst, R.whole = sr->whole;

    red_params(&R.p, g, st);
    split_uniform(&R.p, &R.unis);
    split_late(&R);
    R.unroll = sr ? storered_unroll(R.ahead.n) : UNROLL;
    R.r = cg_reduce_of(g);
    R.rt = dt_ctype(R.r->res->type->dtype);
    snprintf(R.at, sizeof R.at, "%s", acc_ctype(R.r));
    cg_put_identity(&R.ident, R.r);
    put_final(&R.fin, R.r, R.rt, R.at, "acc");
    R.V = reduce_vec_width(&R.p);
    if (reduce_has_colvec(g, &R.p, R.V)) reduce_def_colvec(out, &R);
    if (reduce_has_col(R.r)) reduce_def_col(out, &R);
    reduce_def_rows(out, &R);
    reduce_def_finish(out, &R);
    sb_free(&R.ident);
    sb_free(&R.fin);
    vec_free(&R.unis);
    vec_free(&R.ahead);
    vec_free(&R.late);
    cg_kparams_free(&R.p);
}

void cg_reduce_def(StrBuf *out, const KernelGroup *g) { reduce_defs(out, g, NULL); }

void cg_storered_def(StrBuf *out, const StoreRed *sr) { reduce_defs(out, sr->red, sr); }

/* Is v an array input of sr's store group other than its destination (and the array that
 * views whole): one that the fused launch reads from a copy kg_c<id> when it may overlap the
 * destination (cg_storered_launch)? */
static bool store_input(const StoreRed *sr, const IrValue *v)
{
    if (!sr || v == sr->dst || v == sr->whole) return false;
    for (int i = 0; i < sr->store->inputs.n; i++)
        if (VEC_AT(sr->store->inputs, i) == v) return v->type->kind == TY_ARRAY;
    return false;
}

/* The array v as the launch passes it: a store input from its copy when it has one. */
static void put_array(StrBuf *sb, const Launch *L, const StoreRed *sr, const IrValue *v)
{
    if (store_input(sr, v)) sb_printf(sb, "(kg_c%d ? kg_c%d : %s)", v->id, v->id, cg_nm(L, v));
    else sb_puts(sb, cg_nm(L, v));
}

/* The launch of reduction group g; with sr (storered.c), of sr's kernels, which run its store
 * too, over the destination's shape (cg_storered_launch has checked that every array fits). */
static void reduce_launch(const Launch *L, const KernelGroup *g, const StoreRed *sr)
{
    StrBuf *out = L->out;
    int n = L->n + 1;
    KParams p;
    const KernelGroup *st = sr ? sr->store : NULL;
    const char *name = sr ? sr->name : g->name;
    red_params(&p, g, st);
    const IrValue *dst = sr ? sr->dst : NULL;
    const IrInstr *r = cg_reduce_of(g);
    DType rd = r->res->type->dtype;
    const char *rt = dt_ctype(rd);
    char at[64];
    snprintf(at, sizeof at, "%s", acc_ctype(r));
    const bool arg = RED_IS_ARG(r->redop);

    /* the reduction's input shape */
    const IrValue *src = r->args[0];
    cg_line(out, n, "gp_shape kg_s;");
    if (st) {
        cg_line(out, n, "kg_s = rt_shape_of(%s);", cg_nm(L, dst));
    } else if (!cg_defined_in(src, g)) {
        cg_line(out, n, "kg_s = rt_shape_of(%s);", cg_nm(L, src));
    } else {
        cg_emit_broadcast_shape(out, n, L, &p);
    }
    const char *axes = "NULL";
    if (r->naxes > 0) {
        StrBuf a = {0};
        for (int i = 0; i < r->naxes; i++) sb_printf(&a, "%s%d", i ? ", " : "", r->axes[i]);
        cg_line(out, n, "const int kg_ax[%d] = {%s};", r->naxes, a.s);
        sb_free(&a);
        axes = "kg_ax";
    }
    Vec unis = {0};
    split_uniform(&p, &unis);
    cg_line(out, n, "gp_rshape kg_rs;");
    cg_line(out, n, "gp_shape kg_os;");
    cg_line(out, n, "rt_reduce_setup(&kg_s, %d, %s, %s, &kg_rs, &kg_os);", r->naxes, axes,
            r->keepdims ? "true" : "false");
    const char *empty = ir_redop_info(r->redop)->empty;   /* no identity: an empty axis raises */
    if (empty)
        cg_line(out, n, "%s(&kg_rs, \"%s\");", arg ? "rt_argreduce_check_nonempty" : "rt_reduce_check_nonempty", empty);
    const char *res = cg_nm(L, r->res);
    cg_line(out, n, "%s = rt_empty(%s, kg_os.ndim, kg_os.dim);", res, dt_gp_enum(rd));
    cg_line(out, n, "if (kg_rs.nout > 0) {");
    /* the inputs' views, the mode (rows, columns, column vectors), rows mode's vector path
     * and the split of the reduced range: one runtime call, rt_red_setup */
    const int V = reduce_vec_width(&p);
    const int colmode = reduce_has_colvec(g, &p, V) ? 2 : reduce_has_col(r) ? 1 : 0;
    const int na = p.arrs.n > 0 ? p.arrs.n : 1;   /* no zero-length arrays in C++ */
    StrBuf xs = {0}, zs = {0};
    for (int i = 0; i < p.arrs.n; i++) {
        const IrValue *v = VEC_AT(p.arrs, i);
        if (i) sb_puts(&xs, ", ");
        put_array(&xs, L, sr, v);
        sb_printf(&zs, "%s%d", i ? ", " : "", dt_size(v->type->dtype));
    }
    cg_line(out, n + 1, "const gp_array *const kg_x[%d] = {%s};", na, p.arrs.n ? xs.s : "NULL");
    cg_line(out, n + 1, "static const uint8_t kg_z[%d] = {%s};", na, p.arrs.n ? zs.s : "0");
    cg_line(out, n + 1, "gp_rkin kg_a[%d];", na);
    cg_line(out, n + 1, "int kg_col;");
    cg_line(out, n + 1, "bool kg_vec;");
    cg_line(out, n + 1, "const int64_t kg_split = rt_red_setup(&kg_rs, &kg_s, %d, %s, %d, kg_x, kg_z, kg_a, %d, %d, &kg_col, &kg_vec);",
            r->naxes, axes, p.arrs.n, colmode, V);
    sb_free(&xs);
    sb_free(&zs);
    const bool col = colmode > 0;
    cg_line(out, n + 1, "gp_array *kg_part = NULL;");
    cg_line(out, n + 1, "if (kg_split > 1) {");
    /* partials of the accumulator type, in an int64 buffer large enough */
    cg_line(out, n + 2, "const int64_t kg_np = kg_rs.nout * kg_split * (int64_t)((sizeof(%s) + 7) / 8);", at);
    cg_line(out, n + 2, "kg_part = rt_empty(GP_INT64, 1, &kg_np);");
    cg_line(out, n + 1, "}");
    StrBuf args = {0};
    sb_printf(&args, "kg_rs, kg_col, kg_vec, kg_split, (%s *)", rt);
    sb_printf(&args, "%s->data, kg_part ? (%s *)kg_part->data : NULL", res, at);
    for (int i = 0; i < p.arrs.n; i++) sb_printf(&args, ", kg_a[%d]", i);
    for (int i = 0; i < unis.n; i++) {
        const IrValue *v = VEC_AT(unis, i);
        sb_printf(&args, ", (const %s *)", cg_val_ctype(v));
        put_array(&args, L, sr, v);
        sb_puts(&args, "->data");
    }
    cg_put_scalar_args(&args, L, &p);
    cg_line(out, n + 1, "const int64_t kg_threads = (kg_col ? kg_rs.nout / kg_col : kg_rs.nout * %d) * kg_split;", BLOCK);
    if (colmode == 2) {
        cg_line(out, n + 1, "if (kg_col == %d)", V);
        cg_line(out, n + 2, "L_%s_cv(rt_grid_fit(kg_threads, %d, rt_kernel_fn(&K_%s_cv), 0), 1, %d, 0, %s);", name,
                BLOCK, name, BLOCK, args.s);
        cg_line(out, n + 1, "else if (kg_col)");
    } else if (col) {
        cg_line(out, n + 1, "if (kg_col)");
    }
    if (col) {
        cg_line(out, n + 2, "L_%s_col(rt_grid_fit(kg_threads, %d, rt_kernel_fn(&K_%s_col), 0), 1, %d, 0, %s);", name,
                BLOCK, name, BLOCK, args.s);
        cg_line(out, n + 1, "else");
    }
    cg_line(out, n + 1 + col, "L_%s(rt_grid_fit(kg_threads, %d, rt_kernel_fn(&K_%s), 0), 1, %d, 0, %s);", name, BLOCK,
            name, BLOCK, args.s);
    cg_line(out, n + 1, "if (kg_part) {");
    StrBuf ident = {0};
    cg_put_identity(&ident, r);
    if (arg) {
        cg_line(out, n + 2, "L_%s_fin(rt_grid_for(kg_rs.nout * (kg_col ? 8 : %d), %d), 1, %d, 0,", name, BLOCK, BLOCK, BLOCK);
        cg_line(out, n + 3, "(const %s *)kg_part->data, kg_split, (int64_t *)%s->data, kg_rs.nout, %s, kg_col != 0);", at,
                res, ident.s);
    } else {
        cg_line(out, n + 2, "L_%s_fin(rt_grid_for(kg_rs.nout * (kg_col ? 8 : %d), %d), 1, %d, 0,", name, BLOCK, BLOCK, BLOCK);
        cg_line(out, n + 3, "(const %s *)kg_part->data, kg_split, (%s *)%s->data, kg_rs.nout, kg_rs.nin, %s, kg_col != 0);",
                at, rt, res, ident.s);
    }
    cg_line(out, n + 2, "rt_release(kg_part);");
    cg_line(out, n + 1, "}");
    cg_line(out, n, "}");
    sb_free(&ident);
    sb_free(&args);
    vec_free(&unis);
    cg_kparams_free(&p);
}

void cg_reduce_launch(const Launch *L, const KernelGroup *g) { reduce_launch(L, g, NULL); }

/* The arrays of group g other than sr's destination (and the array it views whole) into vec
 * (without repeats). */
static void arrays_but(Vec *vec, const KernelGroup *g, const StoreRed *sr)
{
    for (int i = 0; i < g->inputs.n; i++) {
        IrValue *v = VEC_AT(g->inputs, i);
        if (v != sr->dst && v != sr->whole && v->type->kind == TY_ARRAY) cg_push_unique(vec, v);
    }
}

/* A store fused into a reduction (storered.c), at sr->last: the one kernel when dst is not
 * empty, every array of the store and of the reduction fits dst's shape (gp_fits_shape: the
 * reduction then walks dst's shape, each element once) and no array the reduction reads may
 * share memory with dst (it must read what the store leaves there); the store's inputs that
 * overlap dst read from copies (as cg_ewise_launch's).  Else the two groups' own launches, in
 * order, as they would have run. */
void cg_storered_launch(StrBuf *out, const IrModule *m, const StoreRed *sr, CgValueName name_of, void *ctx, int indent)
{
    Launch L = {out, name_of, ctx, indent + 1};
    const IrValue *dst = sr->dst;
    const char *d = name_of(dst, ctx);
    StrBuf where = {0};
    cg_put_where(&where, m, sr->red);
    cg_line(out, indent, "{   /* %s  %s: the store of %s in the reduction */", where.s, sr->name, sr->store->name);
    sb_free(&where);
    Vec all = {0}, red = {0}, ins = {0};
    arrays_but(&all, sr->store, sr);
    arrays_but(&all, sr->red, sr);
    arrays_but(&red, sr->red, sr);
    arrays_but(&ins, sr->store, sr);
    int n = indent + 1;
    cg_line(out, n, "bool kg_one = %s->size > 0;", d);
    for (int i = 0; i < all.n; i++) {
        const char *x = name_of(VEC_AT(all, i), ctx);
        cg_line(out, n, "kg_one = kg_one && gp_fits_shape(%s, %s->ndim, %s->shape);", x, d, d);
    }
    for (int i = 0; i < red.n; i++)
        cg_line(out, n, "kg_one = kg_one && !rt_may_overlap(%s, %s);", d, name_of(VEC_AT(red, i), ctx));
    cg_line(out, n, "if (kg_one) {");
    for (int i = 0; i < ins.n; i++) {
        const IrValue *v = VEC_AT(ins, i);
        const char *x = name_of(v, ctx);
        cg_line(out, n + 1, "gp_array *kg_c%d = rt_store_needs_copy(%s, %s) ? rt_copy(%s) : NULL;", v->id, d, x, x);
    }
    cg_line(out, n + 1, "{");
    L.n = n + 1;
    reduce_launch(&L, sr->red, sr);
    cg_line(out, n + 1, "}");
    for (int i = 0; i < ins.n; i++) cg_line(out, n + 1, "rt_release(kg_c%d);", ((const IrValue *)VEC_AT(ins, i))->id);
    cg_line(out, n, "} else {");
    cg_kernel_launch(out, m, sr->store, name_of, ctx, n + 1);
    cg_kernel_launch(out, m, sr->red, name_of, ctx, n + 1);
    cg_line(out, n, "}");
    cg_line(out, indent, "}");
    vec_free(&all);
    vec_free(&red);
    vec_free(&ins);
}
