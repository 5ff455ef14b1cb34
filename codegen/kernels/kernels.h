/*
 * kernels.h — what the kernel families of codegen/kernels/ share; private to that folder
 * (the rest of the compiler sees codegen.h only).
 *
 * Files: kernels.c (a group's comment, kernel and launch by kind; --emit=kernels) · common.c
 * (this header's helpers, the expression emitter) · ewise.c · reduce.c · rows.c ·
 * siblings.c · bundles.c · scalar.c (device loops).
 *
 * Names in generated code: kernel parameters and locals use the IR value ids (a<id> the
 * gp_kin of array v<id>, off<id> its byte offset, v<id> its element); host statements use
 * kg_-prefixed locals inside their own { } block and assign outputs to name_of(v).
 */
#ifndef GPYC_CODEGEN_KERNELS_H
#define GPYC_CODEGEN_KERNELS_H

#include "codegen/codegen.h"

/* ROW_REGS: a row chain keeps a row in registers (ROW_REGS vectors per thread) when it has at
 * most BLOCK * ROW_REGS vectors (8192 float32), else in shared memory when it fits. */
enum { BLOCK = 256, UNROLL = 4, ROW_REGS = 8 };

/* The arrays and scalars a kernel takes, in parameter order. */
typedef struct KParams {
    Vec outs;      /* IrValue*: arrays defined in the group and used outside (allocated) */
    Vec arrs;      /* IrValue*: array inputs (group inputs), read or written in place */
    Vec scalars;   /* IrValue*: host scalars the kernel code reads */
    Vec dsts;      /* IrValue*: STORE_INTO destinations */
    Vec raws;      /* IrValue*: raw arguments of user kernels (gp_raw ra<id>: the whole array) */
} KParams;

/* Where a launch's host statements go, and how they name the values (codegen.h). */
typedef struct Launch {
    StrBuf *out;
    CgValueName name_of;
    void *ctx;
    int n;          /* indentation level */
} Launch;

/* A bundle member's place in its bundle's host state (see cg_bundle_member). */
typedef struct Slot {
    const Bundle *bd;
    int k;          /* member k: arguments in hb<id>_m<k>, element count in hb<id>_n[k] */
    int copy0;      /* its copies go to hb<id>_rel[copy0...] */
} Slot;

/* ---------------------------------------------------------------- rows.c */
/* The longest rows (elements) a row chain runs a warp per row for (--emit=kernels says it). */
int cg_rows_warp_max(const RowChain *c);

/* ---------------------------------------------------------------- common.c */
bool cg_defined_in(const IrValue *v, const KernelGroup *g);
const char *cg_val_ctype(const IrValue *v);
void cg_line(StrBuf *out, int n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cg_push_unique(Vec *vec, IrValue *v);
bool cg_in_vec(const Vec *vec, const IrValue *v);
void cg_kparams_build(KParams *p, const KernelGroup *g);
void cg_kparams_free(KParams *p);
const IrInstr *cg_find_op(const KernelGroup *g, IrOp op);
void cg_emit_instrs(StrBuf *out, int n, const KernelGroup *g, const char *idx);
void cg_emit_ewise(StrBuf *out, int n, const IrInstr *in);
/* The file-scope code of g's user-kernel calls (their type placeholders and preambles, in a
 * namespace per call), written before g's kernel. */
void cg_emit_ukernel_scopes(StrBuf *out, const KernelGroup *g);
void cg_emit_scalar_params(StrBuf *out, const KParams *p);
const char *cg_nm(const Launch *L, const IrValue *v);
/* kg_s = the broadcast shape of p's arrays (a 0-d shape when there are none). */
void cg_emit_broadcast_shape(StrBuf *out, int n, const Launch *L, const KParams *p);
void cg_put_scalar_args(StrBuf *sb, const Launch *L, const KParams *p);

/* ---------------------------------------------------------------- kernels.c */
void cg_put_where(StrBuf *out, const IrModule *m, const KernelGroup *g);

/* ---------------------------------------------------------------- ewise.c */
void cg_ewise_def(StrBuf *out, const KernelGroup *g);
void cg_ewise_launch(const Launch *L, const KernelGroup *g, const Slot *slot);

/* ---------------------------------------------------------------- reduce.c */
const IrInstr *cg_reduce_of(const KernelGroup *g);
DType cg_acc_dtype(const IrInstr *r);
const char *cg_red_functor(const IrInstr *r);
void cg_put_identity(StrBuf *out, const IrInstr *r);
void cg_emit_combine(StrBuf *out, int n, const IrInstr *r, const char *at, const char *acc);
void cg_reduce_def(StrBuf *out, const KernelGroup *g);
void cg_reduce_launch(const Launch *L, const KernelGroup *g);

#endif
