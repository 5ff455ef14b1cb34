/*
 * host.h — what the files of codegen/host/ share (private to that folder): the state of one
 * translation unit being written (Cg), its scopes, and the helpers every file calls.
 *
 * Files: host.c (the translation unit, functions, blocks, the instruction dispatch and
 * control flow) · common.c (emitting lines, literals, C types, names, references and
 * scopes) · scalars.c (Python scalars and strings: arithmetic, conversions, str/repr,
 * format, print) · ops.c (array instructions the runtime carries out: r = rt_X(...)).
 *
 * Generated code is CUDA C++ (nvcc compiles it), written to be read: 4-space indentation that
 * follows the IR's block structure, a `/ * line N: source * /` comment where the script line
 * changes, stable names (v<id> values, l_<name> locals and params, g_<name> globals).
 *
 * Invariants kept by the code written here:
 *  - every IrValue with storage is a C local v<id> declared at the top of its function
 *    (arrays and lists start NULL), so control flow never jumps over an initialisation;
 *  - ownership follows compiler.h: array/list results (and tuples holding them) are owned from
 *    their definition to the end of the block that defines them, except IR_TUPLE_GET and
 *    IR_LIST_GET results, which are borrowed.  A scope stack records, for each open block, the
 *    owned values defined so far, so break / continue / return release exactly the values that
 *    are live at that point (never a stale one from an earlier loop iteration);
 *  - params arrive borrowed: the parameter (named l_<name>) is retained at entry and released
 *    at every exit with the other locals; a returned value is retained before the releases;
 *  - module variables (g_<name>, statics) own their values like locals; main() releases them
 *    after gp_module() returns, so a program ends holding no array;
 *  - `fr.line` is set before an instruction whenever its line differs from the last one set on
 *    every path reaching it (reset at block boundaries), so tracebacks name the script line.
 */
#ifndef GPYC_CODEGEN_HOST_H
#define GPYC_CODEGEN_HOST_H

#include "codegen/codegen.h"

/* One open block: the owned values defined in it so far. */
typedef struct Scope {
    Vec owned;          /* IrValue* */
    bool loop;          /* a loop body: break / continue release up to here */
} Scope;

typedef struct Cg {
    StrBuf *out;            /* where the current function goes */
    const IrModule *m;
    const IrFunc *f;
    int indent;             /* levels of 4 spaces */
    Vec list_tuples; /* tuple types that lists hold with references: their refs functions */
    int last_line;          /* line last set in fr.line on every path here; -1 unknown */
    Scope *scopes;
    int nscopes, capscopes;
    char **vnames;          /* by value id: "v12" */
    char **varnames;        /* by var id: "l_x", "g_x" */
    bool need_repr_str;     /* emit the str-repr helper */
    bool need_repr_bytes;   /* emit the bytes-repr helper */
    int ntmp;               /* hidden counters and temporaries: it<k> */
} Cg;

/* ---------------------------------------------------------------- common.c */
void cg_emit(Cg *cg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void cg_bug(const IrInstr *in, const char *what);
void cg_put_cstr(StrBuf *sb, const char *s);
const char *cg_cstr(Cg *cg, const char *s);
const char *cg_fmt(Cg *cg, const char *f, ...) __attribute__((format(printf, 2, 3)));
bool cg_has_storage(const Type *t);
/* True when a value of type t holds references (arrays, lists, tuples holding them). */
bool cg_has_refs(const Type *t);
const char *cg_ctype_of(const IrModule *m, const Type *t);
/* The registered type of the tuple-like t (m->tuple_types holds one Type of each structure). */
const Type *cg_tuple_type(const IrModule *m, const Type *t);
const char *cg_decl_of(Cg *cg, const Type *t, const char *name);
const char *cg_zero_of(const Type *t);
const char *cg_list_kind(const Type *elem);
const char *cg_vname(Cg *cg, const IrValue *v);
const char *cg_varname(Cg *cg, const IrVar *var);
void cg_emit_refs(Cg *cg, const char *expr, const Type *t, bool retain);
void cg_scope_push(Cg *cg, bool loop);
void cg_scope_release(Cg *cg, const Scope *s);
void cg_scope_pop(Cg *cg, bool release);
void cg_own(Cg *cg, const IrValue *v);
void cg_release_locals(Cg *cg);
const char *cg_arg(Cg *cg, const IrInstr *in, int i);
TypeKind cg_argkind(const IrInstr *in, int i);
const char *cg_float_lit(Cg *cg, double d);
const char *cg_int_lit(Cg *cg, int64_t v);
const char *cg_operand(Cg *cg, const IrInstr *in, int i, const char *ct);
/* The host name of a user's raw kernel k (UK_RAW, launched): "rk<module>_<k>" (K_, L_ ...). */
const char *cg_raw_kernel_name(Cg *cg, const UKernel *k);

/* ---------------------------------------------------------------- scalars.c */
void cg_emit_sb_str(Cg *cg, const char *sb, const char *expr, const Type *t);
extern const char cg_repr_str_helper[];
extern const char cg_repr_bytes_helper[];
void cg_emit_ewise_host(Cg *cg, const IrInstr *in);
void cg_emit_convert(Cg *cg, const IrInstr *in);
void cg_emit_format(Cg *cg, const IrInstr *in);
void cg_emit_print(Cg *cg, const IrInstr *in);

/* ---------------------------------------------------------------- host.c */
const char *cg_refs_fn(Cg *cg, const Type *et);
void cg_emit_list_new(Cg *cg, const char *r, const Type *et);

/* ---------------------------------------------------------------- dict.c */
void cg_emit_dict(Cg *cg, const IrInstr *in, const char *r);
bool cg_dict_borrows(const IrInstr *in); /* its result is the dict's own value */
const char *cg_key_ctype(Cg *cg, const Type *t); /* the C type of a key or value (int64_t when unknown) */

/* ---------------------------------------------------------------- ops.c */
void cg_emit_array_op(Cg *cg, const IrInstr *in, const char *r);

#endif
