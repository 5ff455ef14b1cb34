/*
 * compiler.h — the compiler's one header: types, the array IR, the passes and the driver.
 *
 * Pipeline (driver.c compile()):
 *   fe_parse → resolve, infer and lower (lower/, per function instance) → the IR passes
 *   (passes/passes.c, passes_run: the list in order, written once) → codegen (codegen/) → nvcc
 *
 * One part per subfolder, a section per file in it:
 *   ir/ (types.c · ir.c · consts.c · alias.c) · lower/ (lower.c: the entry; the rest is private
 *   to lower/lower.h) · passes/ (passes.c, then each pass in pipeline order) · driver.c
 */
#ifndef GPYC_COMPILER_H
#define GPYC_COMPILER_H

#include "base/base.h"

typedef struct AstNode AstNode;   /* frontend/frontend.h: the lowering reads it, the IR only points at it */

/* ================================================================ ir/: the array IR and what the passes ask of it */

/* ---------------------------------------------------------------- ir/types.c
 * Array dtypes: the runtime's (runtime/include/gpyrt_kinds.def), in its order.             */
typedef enum DType {
#define GPK_DTYPE(id, name, ctype, size) DT_##id,
#include "runtime/include/gpyrt_kinds.def"
    DT_COUNT
} DType;

const char *dt_name(DType d);        /* "float32" */
const char *dt_gp_enum(DType d);     /* "GP_FLOAT32": the runtime's constant */
const char *dt_ctype(DType d);       /* C type in generated code: "float", "gp_c64", "__half" */
int dt_size(DType d);
bool dt_is_int(DType d);             /* signed or unsigned, not bool */
bool dt_is_signed(DType d);
bool dt_is_float(DType d);           /* float16/32/64 */
bool dt_is_complex(DType d);
DType dt_promote(DType a, DType b);  /* NumPy's promotion table for two arrays */
DType dt_real(DType d);              /* complex64 → float32, others unchanged */
DType dt_to_float(DType d);          /* the float dtype a FLOAT ufunc gives for d */
bool dt_same_kind(DType from, DType to);  /* np.can_cast(from, to, 'same_kind') */
/* NumPy's casting rules, in order of permissiveness */
typedef enum Casting { CAST_NO, CAST_EQUIV, CAST_SAFE, CAST_SAME_KIND, CAST_UNSAFE } Casting;
bool dt_casting(const char *name, Casting *out); /* "same_kind" → CAST_SAME_KIND; false if none */
extern const char *const dt_casting_names[CAST_UNSAFE + 1]; /* NumPy's names, by Casting */
bool dt_can_cast(DType from, DType to, Casting c); /* np.can_cast(from, to, c) */

/* Types of values.  Python scalars: bool, int (int64), float (float64), complex (complex128).
 * Types are interned where that is easy (scalars); compare with ty_equal.                    */
typedef enum TypeKind {
    TY_VOID,     /* no value (a function without return) */
    TY_NONE,     /* the value None */
    TY_BOOL, TY_INT, TY_FLOAT, TY_COMPLEX,
    TY_STR,
    TY_ARRAY,    /* dtype, ndim */
    TY_TUPLE,    /* elems[n] */
    TY_LIST,     /* elem (NULL while unknown: an empty list literal before its first append) */
    TY_DTYPE,    /* a dtype used as a value (cp.float32); dtype */
    TY_MODULE,   /* a module or namespace (cp, cp.random, math, sys, time); name */
    TY_FUNC,     /* a user function (def); def: its AST_DEF node.  A compile-time value, or with
                    keys set a function value (ty_closure, lower/closure.c): at run time a struct
                    of its environment, the values of the n names keys[i] it captures (elems, as
                    a tuple's; compile-time ones, such as functions, only in the type); or, def
                    NULL, one of several function values (ty_fvariant): a struct of an int tag
                    (elems[0]) and the environments of elems[1..n), the one the tag names set */
    TY_BUILTIN,  /* a builtin or library function; name ("print", "cupy.zeros", "list.append") */
    TY_RANGE,    /* range(...), only as a for-loop iterable */
    TY_KERNEL,   /* a user-defined kernel (cp.ElementwiseKernel ...): uk */
    TY_OBJ,      /* an object of CuPy's device API; name: its class ("cupy.cuda.Stream"); at run
                    time an int64 handle into the runtime's tables (GPK_DEV) */
    TY_SPARSE,   /* a cupyx.scipy.sparse matrix: name its format ("csr", "csc", "coo"), dtype
                    its values'; at run time a struct of its arrays and shape (elems, as a
                    tuple's: SP_DATA.. SP_NCOLS, lower/api/sparse.c) */
    TY_SDTYPE,   /* a NumPy structured dtype (numpy.dtype({'names': ..., 'formats': ...})): sdt;
                    a compile-time value, or with a run-time layout (sdt->rt) a struct of its
                    layout's ints (elems, as a tuple's; lower/api/record.c) */
    TY_SVIEW,    /* an array of a structured dtype (x.view(sd), numpy.empty(shape, sd)): sdt, ndim;
                    at run time a struct (elems, as a tuple's): a uint8 array of shape
                    shape + (itemsize,) holding the elements' bytes, then sdt->rt's layout ints */
    TY_DICT,     /* a dict keyed at run time (gp_dict *): key, elem (its values); both NULL while
                    unknown (`{}` before its first store, fixed then as a list's elem is) */
    TY_SET,      /* a set (gp_set *): elem (NULL while unknown: `set()` before its first add) */
    TY_BYTES,    /* a bytes value (x.tobytes(), cupy.random.bytes): at run time a 1-d C-contiguous
                    uint8 array (gp_array *) no one writes, hence dtype uint8 and ndim 1 here;
                    IR_VIEW_DTYPE turns such an array into one and back (lower/kit.c
                    lw_bytes_of, lw_bytes_array) */
    TY_POLY1D,   /* a cupy.poly1d (lower/api/poly1d.c): at run time its coefficient array (1-d, gp_array *);
                    dtype the coefficients', ndim 1, name the print variable ("x") */
    TY_COUNT
} TypeKind;

typedef struct Type Type;
typedef struct UKernel UKernel;
/* A structured dtype's layout as NumPy computes it (lower/api/record.c): field i is names[i]
 * of formats[i] (a TY_DTYPE or TY_SDTYPE), counts[i] of them (a subarray; 1 for none), at
 * byte offsets[i]; align: NumPy's alignment (1 unless built with align=True).  rt: offsets and
 * itemsize (-1 here) are known at run time only, held by the dtype's value: lay, a tuple of
 * ints (record.c's layout order). */
typedef struct SDType {
    int n;
    const char **names;
    const Type **formats;
    int64_t *counts, *offsets;
    int64_t itemsize, align;
    bool rt;
    Type *lay;
} SDType;
struct Type {
    TypeKind kind;
    DType dtype;        /* TY_ARRAY, TY_DTYPE, TY_SPARSE */
    int ndim;           /* TY_ARRAY */
    int n;              /* TY_TUPLE, TY_SPARSE: number of elements; a deque: its maxlen (-1: none) */
    Type **elems;       /* TY_TUPLE, TY_SPARSE */
    Type *elem;         /* TY_LIST, TY_SET: the elements; TY_DICT: the values */
    Type *key;          /* TY_DICT: the keys */
    const char *name;   /* TY_MODULE, TY_BUILTIN, TY_OBJ, TY_SPARSE, TY_POLY1D; TY_DICT: NULL, or "Counter",
                           or a defaultdict's factory ("int", "float", "str", "list"); TY_LIST:
                           NULL, or "deque"; TY_SET: NULL, or "frozenset" */
    bool numpy;         /* TY_MODULE "cupy" bound by importing numpy: its .random is NumPy's */
    AstNode *def;       /* TY_FUNC */
    Type *self;         /* TY_BUILTIN method: the receiver's type (for x.reshape, lst.append) */
    UKernel *uk;        /* TY_KERNEL */
    int id;             /* TY_TUPLE, TY_SPARSE: index into IrModule.tuple_types once codegen needs a struct */
    const char **keys;  /* TY_TUPLE of a dict with constant str keys (a record): element i is the
                           value of keys[i]; NULL for a tuple */
    const SDType *sdt;  /* TY_SDTYPE, TY_SVIEW */
};

Type *ty_void(void);
Type *ty_none(void);
Type *ty_bool(void);
Type *ty_int(void);
Type *ty_float(void);
Type *ty_complex(void);
Type *ty_str(void);
Type *ty_bytes(void);
Type *ty_poly1d(DType dt, const char *var);
Type *ty_array(DType dt, int ndim);
Type *ty_tuple(int n, Type **elems);   /* copies elems */
Type *ty_record(int n, const char **keys, Type **elems); /* a dict record (Type.keys); copies both */
Type *ty_list(Type *elem);
Type *ty_dict(Type *key, Type *val);   /* a dict keyed at run time (NULLs: unknown yet) */
Type *ty_set(Type *elem);              /* Type.name "frozenset" for a frozenset */
/* collections.deque: a list of Type.name "deque", Type.n its maxlen (-1: none) */
Type *ty_deque(Type *elem, int maxlen);
bool ty_is_deque(const Type *t);
Type *ty_dtype(DType dt);
Type *ty_module(const char *name);
Type *ty_func(AstNode *def);
/* A function value of def: its environment, the captured names names[0..n) of types elems
 * (copies both; n may be 0). */
Type *ty_closure(AstNode *def, int n, const char **names, Type **elems);
bool ty_is_closure(const Type *t);
/* One of the function values alts[0..n) (closures, distinct), told apart at run time by a tag. */
Type *ty_fvariant(int n, Type **alts);
bool ty_is_fvalue(const Type *t); /* a closure or a variant of them: a function with storage */
Type *ty_builtin(const char *name, Type *self);
Type *ty_range(void);
Type *ty_kernel(UKernel *uk);
Type *ty_obj(const char *cls);
Type *ty_sdtype(const SDType *sdt);
Type *ty_sview(const SDType *sdt, int ndim);
/* A sparse matrix of format fmt ("csr", "csc" or "coo") and values of dtype dt: its elements
 * data (dt, 1-d), indices and indptr (csr, csc) or row and col (coo) (int32, 1-d), the number
 * of rows and of columns (ints). */
enum { SP_DATA, SP_IDX, SP_PTR, SP_NROWS, SP_NCOLS, SP_NELEMS };
Type *ty_sparse(const char *fmt, DType dt);
bool ty_is_struct(const Type *t);      /* a tuple, a sparse matrix, a closure: a C struct at run time */
bool ty_equal(const Type *a, const Type *b);
bool ty_occurs(const Type *t, const Type *u); /* t is u or one of its elements, keys or fields */
/* Releases every type made during the compile (types live in one arena until then). */
void ty_free_all(void);
bool ty_is_scalar(const Type *t);      /* bool, int, float, complex */
bool ty_holds_obj(const Type *t);      /* a TY_OBJ or TY_SPARSE, or a list or tuple holding one */
/* A function value, or a container holding one: no str() (Python's shows an address). */
bool ty_holds_func(const Type *t);
bool ty_is_numeric(const Type *t);     /* scalar or array */
/* "int", "float", "ndarray[float32, 2]", "tuple[int, int]", "list[float]" (for messages). */
const char *ty_str_of(const Type *t);
/* The dtype NumPy gives a Python scalar when it stands alone (int → int64 ...). */
DType ty_scalar_dtype(const Type *t);
/* NEP 50: the result dtype of an operation between a and b, each an array type or a Python
 * scalar type (weak).  Returns false when the kinds do not mix (str with an array ...).     */
bool ty_promote_operands(const Type *a, const Type *b, DType *out);

/* ---------------------------------------------------------------- ir/ir.c
 * The array IR.  A module holds functions; a function holds a body of structured control flow
 * (IrBlock: a list of instructions, some of which own nested blocks).  Instructions produce
 * typed SSA values.  Python variables are IrVar slots read and written by IR_LOAD/IR_STORE
 * (values never cross a block boundary except through variables): a value is defined in one
 * block and used only in that block or blocks nested in it, after its definition.
 *
 * Ownership in the generated code: every array, list or str value holds one reference from its
 * definition to the end of the block that defines it; IR_LOAD takes a new reference; IR_STORE
 * retains the stored value and releases the variable's old one.  Function arguments are
 * borrowed; a returned value is a new reference.
 *
 * Elementwise and reduction instructions on arrays belong to a KernelGroup (set by group.c);
 * codegen emits one __global__ kernel per group, at the position of the group's last
 * instruction.  The same elementwise ops on Python scalars have no group and become host C.
 */
typedef enum IrOp {
    /* the elementwise ops (ops.def), then the others (instrs.def) */
#define OP(id, name, nargs, rule, fn) IR_##id,
#include "runtime/include/ops.def"
#undef OP
    IR_EWISE_LAST = IR_CAST,
#define INSTR(id, attrs, flags, call, rt, lib) IR_##id,
#include "ir/instrs.def"
#undef INSTR
    IR_OP_COUNT
} IrOp;

/* The runtime's kinds, modes and flags that instructions carry in ival (or shape[0]) and codegen
 * passes on: rows of runtime/include/gpyrt_kinds.def, so that both sides number them alike.
 * IR_RANDOM_DRAW's kinds: the runtime's gp_rand_kind (RAND_NORMAL: args loc, scale; RAND_LOGNORMAL:
 * mean, sigma; RAND_BITS: int32 raw words), then RAND_RANDINT (args: low, high ints → any integer
 * dtype in [low, high); rt_random_randint), then RAND_RK_<ID> for each GPK_RK row (args: the
 * kernel's parameters a, b, c, float64 arrays of the draw's shape or None; rt_random_rk). */
typedef enum IrRandKind {
#define GPK_RAND(id) RAND_##id,
#include "runtime/include/gpyrt_kinds.def"
    RAND_RANDINT,
#define GPK_RK(id) RAND_RK_##id,
#include "runtime/include/gpyrt_kinds.def"
} IrRandKind;
typedef enum IrDevCall {   /* IR_DEVICE's ival: the runtime function it calls */
#define GPK_DEV(id, fn) DEV_##id,
#include "runtime/include/gpyrt_kinds.def"
    DEV_COUNT
} IrDevCall;
const char *ir_dev_fn(IrDevCall c);     /* "rt_stream_new" */
const char *ir_dev_name(IrDevCall c);   /* "stream_new" (--emit=ir) */
typedef enum IrPyCall {    /* IR_PYLIB's ival: the runtime function it calls */
#define GPK_PY(id, fn) PY_##id,
#include "runtime/include/gpyrt_kinds.def"
    PY_COUNT
} IrPyCall;
const char *ir_py_fn(IrPyCall c);       /* "rt_str_strip" */
const char *ir_py_name(IrPyCall c);     /* "str_strip" (--emit=ir) */
/* IR_DICT's ival (the run-time containers of Python's library): d a dict, s a set, q a deque
 * (a list whose type names it, lower/pycoll.c), k a key, v a value, l a list; results owned
 * unless said */
typedef enum IrDictOp {
    DK_NEW,       /* k0, v0, k1, v1 ... → dict (its type: the result's) */
    DK_GET,       /* d, k → d[k] (borrowed; KeyError) */
    DK_GET_OR,    /* d, k, v → d.get(k, v) (borrowed) */
    DK_SET,       /* d, k, v: d[k] = v */
    DK_SETDEFAULT,/* d, k, v → d.setdefault(k, v) (borrowed) */
    DK_POP,       /* d, k [, v] → d.pop(k[, v]) (KeyError without v) */
    DK_DEL,       /* d, k: del d[k] (KeyError) */
    DK_HAS,       /* d, k → k in d (bool) */
    DK_LEN,       /* d or s → len (int) */
    DK_KEYS,      /* d → list of its keys */
    DK_VALUES,    /* d → list of its values */
    DK_ITEMS,     /* d → list of (key, value) tuples */
    DK_UPDATE,    /* d, d2: d.update(d2) */
    DK_COPY,      /* d or s → a copy */
    DK_SET_NEW,   /* k0, k1 ... → set, added in order */
    DK_SET_CONST, /* k0, k1 ... (constants) → set, as CPython 3.11 builds such a display: its
                     frozenset constant (the elements added in order, then added again in that
                     set's order: the compiler's constant merging) merged into an empty set */
    DK_FROZENSET, /* k0, k1 ... (constants) → that frozenset itself (a for loop's iterable) */
    DK_SET_OF,    /* l → set(l) */
    DK_SET_KEYS,  /* d → set(d) */
    DK_SET_ADD,   /* s, k */
    DK_SET_HAS,   /* s, k → bool */
    DK_DISCARD,   /* s, k */
    DK_REMOVE,    /* s, k (KeyError) */
    DK_SET_LIST,  /* s → list of its elements in iteration order */
    DK_OR, DK_AND, DK_SUB, DK_XOR,       /* s, s2 → s | s2 ... (a new set) */
    DK_IOR, DK_IAND, DK_ISUB, DK_IXOR,   /* s, s2: s |= s2 ... in place */
    DK_LE,        /* s, s2 → s <= s2 */
    DK_EQ,        /* s, s2 → s == s2 */
    DK_MOST_COMMON, /* d [, n] → a Counter's (key, count) list, counts descending (the first n) */
    DK_DQ_NEW,    /* [l] → a deque of l's elements (the result's type: its maxlen) */
    DK_DQ_APPEND, DK_DQ_APPENDLEFT,      /* q, v */
    DK_DQ_EXTEND, DK_DQ_EXTENDLEFT,      /* q, l */
    DK_DQ_POP, DK_DQ_POPLEFT,            /* q → its end element (IndexError when empty) */
    DK_DQ_ROTATE, /* q, n */
    DK_DQ_CLEAR,  /* q */
    DK_COUNT
} IrDictOp;
const char *ir_dict_name(IrDictOp op); /* "get" (--emit=ir) */
enum {   /* IR_MATMUL's ival: gp_mm_mode */
#define GPK_MM(id) MM_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_FFT's ival: gp_fft_kind */
#define GPK_FFT(id) FFT_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_LINALG's ival: gp_la_kind; its shape[0]: gp_qr_mode, GP_EIGH_* flags, gp_svd_mode */
#define GPK_LA(id) LA_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {
#define GPK_QR(id) QR_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {
#define GPK_EIGH(id, bit) EIGH_##id = bit,
#include "runtime/include/gpyrt_kinds.def"
};
enum {
#define GPK_SVD(id) SVD_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum { /* IR_PYLIB PRINTOPTS_NEW's options given: GP_PRINT_* */
#define GPK_PRINT(id, bit) PRINT_##id = bit,
#include "runtime/include/gpyrt_kinds.def"
};
enum { /* IR_PYLIB ARRAY2STRING's kind: gp_text_kind */
#define GPK_TEXT(id) TEXT_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_QUANTILE's ival: GP_Q_* flags */
#define GPK_Q(id, bit) Q_##id = bit,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* DEV_ASSERT_ARRAYS's first argument: gp_assert_kind */
#define GPK_ASSERT(id) ASSERT_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_SETOP's ival: gp_setop */
#define GPK_SET(id) SET_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_SPARSE's ival: gp_sp_kind */
#define GPK_SP(id) SPK_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* a sparse format, rt_sparse's v[2] for TODENSE and SPMM */
    SPF_CSR, SPF_CSC, SPF_COO
};
enum { /* IR_ARRAY_INFO's ival (with the axis << 8): gp_info_kind */
#define GPK_INFO(id) INFO_##id,
#include "runtime/include/gpyrt_kinds.def"
};
enum {   /* IR_ADV_STORE's ival: gp_scatter_op */
#define GPK_SCATTER(id) SCATTER_##id,
#include "runtime/include/gpyrt_kinds.def"
};
/* The runtime's name of a kind ("GP_MM_DOT") and the IR's ("dot"), or "?" out of range. */
/* IR_NP_DRAW's kinds: numpy.random's legacy generator (runtime/nprand.c) and its Generator
 * (NPR_G_*, runtime/npgen.c).  Draws: args the size's dims, then two parameters (NPR_G_RANDOM:
 * ignored; NPR_G_EXP: the scale, then ignored); NPR_RANDINT: dims, low, high; NPR_G_INTEGERS:
 * dims, low, high, endpoint (bool); NPR_*_ARR: float64 array parameters (args: the size's dims
 * when given, then the two arrays); NPR_PERM/NPR_G_PERM: args n, draw (bool); NPR_CHOICE: args
 * the size's dims, pop, is_int, replace, p (an array or None), and for NPR_G_CHOICE shuffle;
 * NPR_G_PERMUTED: args x, axis (an int, -1 for None). */
typedef enum NpRandKind {
    NPR_UNIFORM,
    NPR_GAUSS,
    NPR_RANDINT,
    NPR_UNIFORM_ARR,
    NPR_GAUSS_ARR,
    NPR_PERM,
    NPR_CHOICE,
    NPR_G_RANDOM,
    NPR_G_NORMAL,
    NPR_G_UNIFORM,
    NPR_G_EXP,
    NPR_G_NORMAL_ARR,
    NPR_G_UNIFORM_ARR,
    NPR_G_EXP_ARR,
    NPR_G_INTEGERS,
    NPR_G_PERM,
    NPR_G_CHOICE,
    NPR_G_PERMUTED,
    NPR_C_INTEGERS,
    NPR_C_DRAW
} NpRandKind;
/* cupy.random.Generator's draws (runtime/cpgen.cu's RT_CPG_* in order): IR_NP_DRAW's ival is
 * NPR_C_DRAW + the kind, args the size's dims, then the parameters a, b and c (float64 arrays
 * of the draw's shape, or None); NPR_C_INTEGERS: dims, low, high, endpoint (bool). */
typedef enum CpDrawKind {
    CPD_RANDOM,
    CPD_RANDOM_F32,
    CPD_NORMAL,
    CPD_NORMAL_F32,
    CPD_EXPONENTIAL,
    CPD_GAMMA,
    CPD_BETA,
    CPD_POISSON,
    CPD_GEOMETRIC,
    CPD_BINOMIAL,
    CPD_HYPERGEOMETRIC,
    CPD_LOGSERIES
} CpDrawKind;
typedef enum RtKindSet { RTK_RAND, RTK_MM, RTK_FFT, RTK_LA, RTK_SET, RTK_SP } RtKindSet;
const char *ir_rt_kind_const(RtKindSet set, int64_t k);
const char *ir_rt_kind_name(RtKindSet set, int64_t k);

/* Which IrOp is elementwise, and its table row. */
typedef enum OpRule {
    RULE_ARITH, RULE_TDIV, RULE_FLOAT, RULE_SAME, RULE_CMP, RULE_BIT, RULE_LOGIC, RULE_ABS,
    RULE_WHERE, RULE_CLIP, RULE_ROUND, RULE_CAST,
    RULE_RFLOAT, RULE_FTEST, RULE_F64, RULE_FPOW, RULE_REM, RULE_INT, RULE_LDEXP, RULE_ANGLE,
    RULE_CPLX
} OpRule;
typedef struct OpInfo {
    const char *id;       /* "ADD" */
    const char *numpy;    /* "add" or "" */
    int nargs;
    OpRule rule;
    const char *fn;       /* "gp_add" */
} OpInfo;
const OpInfo *ir_op_info(IrOp op);    /* NULL unless op <= IR_EWISE_LAST */

/* The other ops' rows (instrs.def, where the columns are described). */
enum {
    OPF_VIEW = 1 << 0, OPF_KERNEL = 1 << 1, OPF_CREATION = 1 << 2, OPF_WRITES = 1 << 3,
    OPF_CONST = 1 << 4, OPF_META = 1 << 5,
};
typedef enum IrHostCall { HOST_OWN, HOST_R, HOST_VOID, HOST_R_A, HOST_R_AA, HOST_R_A_I, HOST_R_AA_B, HOST_VOID_AA,
                          HOST_R_A_T } IrHostCall;
typedef struct InstrInfo {
    unsigned flags;       /* OPF_* */
    IrHostCall call;
    const char *rt;       /* "rt_nonzero", or NULL */
    const char *lib;      /* "cusolver", or NULL */
} InstrInfo;
const InstrInfo *ir_instr_info(IrOp op);   /* NULL unless op > IR_EWISE_LAST */
unsigned ir_op_flags(IrOp op);             /* instrs.def's FLAGS; 0 for the elementwise ops */
const char *ir_op_name(IrOp op);      /* "add", "const_int", "reduce" ... for the IR printer */
bool ir_op_is_ewise(IrOp op);

/* Reductions: one row each in red.def. */
typedef enum RedOp {
#define RED(id, arg, functor, identity, empty) RED_##id,
#include "ir/red.def"
#undef RED
} RedOp;
typedef struct RedInfo {
    bool arg;               /* an index reduction (argmax ...) */
    const char *functor;    /* "gp_red_max" */
    const char *identity;   /* "gp_ident_max<%s>()": %s is the accumulator's element C type */
    const char *empty;      /* "maximum": the ufunc an empty reduction's ValueError names, or NULL */
} RedInfo;
const RedInfo *ir_redop_info(RedOp r);
/* True for the index reductions (red.def's ARG). */
#define RED_IS_ARG(r) (ir_redop_info(r)->arg)
const char *ir_redop_name(RedOp r);   /* "sum", "nanargmax" */

/* A user-defined elementwise kernel (cp.ElementwiseKernel, lower/api/kernel.c): its source
 * strings are compile-time constants, so its code goes into the program's device units.
 * Parameters: in_params then out_params, each "[raw] TYPE NAME" where TYPE is a dtype name
 * (typed) or a one-letter type placeholder resolved per call from the argument dtypes. */
typedef struct UkParam {
    const char *name;
    const char *tname;      /* the type as written: "float32" or "T" */
    bool typed;             /* a dtype name (dtype), else a placeholder */
    DType dtype;
    bool raw;               /* indexed by the operation itself (x[i]): not broadcast */
} UkParam;
typedef enum UkKind {
    UK_ELEMENTWISE, /* cp.ElementwiseKernel */
    UK_RAW, /* cp.RawKernel, RawModule.get_function: one __global__ of module */
    UK_MODULE, /* the source of a RawKernel or a cp.RawModule */
    UK_REDUCTION, /* cp.ReductionKernel: operation is map_expr */
    UK_JIT, /* @cupyx.jit.rawkernel(): def; each launch signature translated to
                               CUDA once, a UK_RAW of a module of its own (fnames: instances) */
} UkKind;
struct UKernel {
    UkKind kind;
    const char *name;       /* the kernel's name (a C identifier; UK_RAW: its symbol) */
    const char *operation, *preamble, *loop_prep;
    int nin, nout;
    UkParam *params;        /* nin + nout */
    bool no_return;
    bool indexed;           /* the operation reads i, _ind or a raw parameter: its iteration
                               space is its own (it never fuses into a consumer) */
    /* UK_MODULE: the CUDA source and the span of its string literal (nvcc's messages are
     * located there through #line), its index in IrModule.raws once a kernel of it is
     * launched (-1 before), and the names of its kernels launched (const char*) */
    const char *code;
    Span code_span;
    /* UK_REDUCTION: reduce_expr (over a and b), post_map_expr (a to the outputs), identity,
     * reduce_type as written (NULL: out_params[0]'s type) */
    const char *reduce_expr, *post_map, *identity, *reduce_type;
    int index;
    Vec fnames;
    UKernel *module;        /* UK_RAW: the module that defines it */
    /* UK_MODULE: RawModule's name_expressions (their kernels' symbols are the lowered names:
     * codegen/nvrtc.c) and the span of that argument */
    const char **nexprs;
    int nnexprs;
    Span nexprs_span;
    const AstNode *def; /* UK_JIT: the Python kernel; a UK_RAW translated from one: the same (its
                           array arguments are views: pointer, shape, byte strides) */
};
/* One call of a UKernel with its placeholders resolved (IR_UKERNEL's uk); for IR_RAW_LAUNCH,
 * types[j] is how kernel argument j is passed: by value as that dtype, or DT_COUNT for an
 * array's device pointer. */
typedef struct UkCall {
    const UKernel *k;
    DType *types;           /* per parameter (nin + nout) */
    int ntmap;
    const char **tnames;    /* placeholder → dtype, sorted by name */
    DType *tdtypes;
    bool outs_given;        /* args nin .. nin+nout-1 are the given outputs (read as `out`'s
                               initial value) */
    bool sized;             /* size=: the last arg is a broadcast view of that length */
} UkCall;

typedef enum IdxKind { IDX_INT, IDX_SLICE, IDX_NEWAXIS, IDX_ELLIPSIS } IdxKind;

typedef struct IrBlock IrBlock;
typedef struct IrInstr IrInstr;
typedef struct IrFunc IrFunc;
typedef struct KernelGroup KernelGroup;
typedef struct DevLoop DevLoop;

/* True for the instructions that run in a kernel group: elementwise ops with an array result
 * and the OPF_KERNEL ops (FULL, ARANGE, LINSPACE, EYE, COPY, STORE_INTO, REDUCE).           */
bool ir_is_kernel_instr(const IrInstr *in);

typedef struct IrValue {
    int id;             /* unique in the module: codegen names it v<id> */
    Type *type;
    IrInstr *def;       /* defining instruction */
    int nuses;
    unsigned stamp;     /* pass scratch: count is valid while stamp is the pass's ir_stamp */
    int count;
    int inner;          /* uses by instructions of its own kernel group (group.c, for fuse.c) */
} IrValue;

typedef struct IrVar {
    int id;
    const char *name;   /* Python name */
    Type *type;
    bool global;        /* module-level variable */
    bool param;         /* function parameter (borrowed on entry; codegen retains it) */
} IrVar;

#define IR_MAXDIM 8     /* == GP_MAXDIM */

struct IrInstr {
    IrOp op;
    Span span;              /* the source expression; span.line is the script line */
    IrValue *res;           /* NULL when the instruction has no result */
    IrValue **args;
    int nargs;
    /* attributes, by op (see the enum) */
    int64_t ival;
    double fval, fval2;
    const char *sval, *sval2;
    DType dtype;            /* array result dtype (kernel ops); CAST: target dtype */
    DType cdtype;           /* elementwise ops: the computation dtype operands are cast to */
    RedOp redop;
    int naxes;
    int axes[IR_MAXDIM];
    bool keepdims;
    int ndim;               /* IR_ARRAY_LIT: shape rank; IR_TRANSPOSE: perm length */
    int64_t shape[IR_MAXDIM];  /* IR_ARRAY_LIT */
    int perm[IR_MAXDIM];    /* IR_TRANSPOSE */
    int nidx;               /* IR_INDEX */
    IdxKind idx[IR_MAXDIM * 2];
    IrBlock *blocks[2];
    IrVar *var;             /* IR_LOAD, IR_STORE, IR_FOR_RANGE */
    const IrValue *known;   /* IR_LOAD: a value of the shape the variable surely holds there,
                               where the lowering knows it (Binding.known), for lw_static_dim;
                               not a use, read only while lowering */
    IrFunc *func;           /* IR_CALL */
    const UkCall *uk;       /* IR_UKERNEL, IR_RAW_LAUNCH; IR_REDUCE of RED_USER */
    KernelGroup *group;     /* set by group.c for kernel instructions on arrays */
    bool graph;             /* IR_FOR_RANGE: captured once as a CUDA graph and replayed
                               (graphloop.c) */
    bool graph_each;        /* with graph: its launches move with the loop variable (or its
                               branches), so every iteration is captured (graphloop.c) */
    bool graph_nokey;       /* with graph: its body binds a variable read after it, which a
                               replay by key would skip (graphloop.c) */
    DevLoop *dev;           /* IR_FOR_RANGE, IR_WHILE: runs on the device as one kernel (devloop.c) */
    KernelGroup *runs_in;   /* IR_RESHAPE: the group whose launch runs it (reshapes.c), or NULL */
    IrBlock *parent;        /* the block that holds this instruction */
    int pos;                /* ir_index_in_block's cache: its index in parent when not stale */
    unsigned stamp;         /* pass scratch (ir_stamp) */
};

struct IrBlock {
    Vec instrs;             /* IrInstr* in order */
    IrInstr *owner;         /* the instruction owning this block; NULL for a function body */
};

struct IrFunc {
    const char *name;       /* Python name ("<module>" for module code) */
    const char *cname;      /* C name, unique: "f_stats_1" */
    Vec params;             /* IrVar* */
    Vec locals;             /* IrVar* (params not included) */
    Type *ret;              /* TY_VOID when it returns nothing */
    IrBlock *body;
    const SrcFile *file;
};

/* A kernel group: one iteration space, its inputs and outputs, the operations inside.
 *   KG_EWISE:  iteration space = the shape of the outputs (all outputs share it); each
 *              instruction is elementwise or a creation op (FULL, ARANGE, LINSPACE, EYE,
 *              ARRAY_LIT is host-side and never grouped), COPY or STORE_INTO.
 *   KG_REDUCE: one IR_REDUCE whose input may be computed by elementwise instructions of the
 *              group (a prologue; empty until fusion) over the reduction's input shape.
 * inputs: values defined outside the group that the group reads (arrays and host scalars);
 * outputs: values defined in the group that are used outside it (or the destination of a
 * STORE_INTO, which is an input too).                                                      */
typedef enum KgKind { KG_EWISE, KG_REDUCE } KgKind;
typedef struct RowChain RowChain;
typedef struct Recurrence Recurrence;
typedef struct Siblings Siblings;
typedef struct Bundle Bundle;
typedef struct StoreRed StoreRed;
struct KernelGroup {
    int id;
    KgKind kind;
    const char *name;       /* "k3_add_mul": stable, readable */
    Vec instrs;             /* IrInstr* in program order */
    Vec inputs;             /* IrValue* */
    Vec outputs;            /* IrValue* */
    IrInstr *last;          /* where the kernel is launched */
    int line_lo, line_hi;   /* script lines covered */
    RowChain *chain;        /* the row chain it runs in (rowfuse.c), or NULL */
    Recurrence *recur;      /* the loop it runs per element (recur.c), or NULL */
    Siblings *siblings;     /* the sibling reductions it runs with (siblings.c), or NULL */
    Bundle *bundle;         /* the horizontal bundle it runs in (hfuse.c), or NULL */
    StoreRed *storered;     /* the store-and-reduction kernel it runs in (storered.c), or NULL */
    Vec reshapes;           /* IrInstr* IR_RESHAPE of its inputs, in program order, that its launch
                               runs, or skips when their sources agree in shape (reshapes.c) */
    bool ewise_only;        /* every instruction elementwise or a COPY */
    const char *labels[4];  /* the distinct ops of its name, in order */
    int nlabels;
    int slot;               /* fuse.c: its index in m->groups during the pass */
    unsigned stamp;         /* pass scratch (ir_stamp) */
};
/* Does an instruction of g read v as a value (an argument other than a STORE_INTO's
 * destination)?  (group.c) */
bool kg_reads_value(const KernelGroup *g, const IrValue *v);

/* Sibling reductions (siblings.c): member KG_REDUCE groups of one block, each reducing a 1-d
 * or 2-d input over all axes or over axis 0, that run as one kernel over their common rows
 * (when the shapes allow it at run time; else one by one), launched at `last`.  Each thread
 * keeps one accumulator per full reduction and SIB_MAX_COLS per axis-0 reduction. */
#define SIB_MAX_COLS 4
struct Siblings {
    int id;
    const char *name;       /* "s0_rows_k15_eq_cast_sum" */
    Vec members;            /* KernelGroup*, in launch order */
    IrInstr *last;
};

/* A horizontal bundle (hfuse.c): independent KG_EWISE member groups of one block that run as
 * one kernel, member k on the blocks with blockIdx.y == k, launched at `last`. */
struct Bundle {
    int id;
    const char *name;       /* "h0_k24_gt_maximum_truediv_where" */
    Vec members;            /* KernelGroup*, in launch order */
    IrInstr *last;
};

/* A store fused into a reduction (storered.c): `store`, an elementwise group ending in its
 * one STORE_INTO into `dst`, and `red`, a reduction group of the same block that reads dst
 * after it, run as one kernel launched at `last` (red's launch) that writes each element of
 * dst and reduces the value it wrote (when the shapes and the memory allow it at run time;
 * else the two groups launch one by one at `last`). */
struct StoreRed {
    int id;
    const char *name;       /* "t0_k17_mul_sum": its kernels */
    KernelGroup *store, *red;
    IrValue *dst;
    IrValue *whole;         /* the array dst views whole (dst = whole[...], whole[:]), or NULL:
                               red may read it for dst */
    const char *dst_name;   /* the Python name dst holds, for messages ("the array": none) */
    IrInstr *last;
};

/* An elementwise recurrence (recur.c): the group computes carry_out from carry_in, and runs
 * that len(range(start, stop, step)) times per element; an empty range leaves carry_in.  In
 * place (carry_in and carry_out NULL): the group's STORE_INTOs write whole arrays that it
 * reads at the same element, the values stored carry to the next iteration in registers and
 * are written once; ivars are the loop variable's loads the group reads, which the kernel
 * counts (start, start + step, ...). */
#define RC_MAXIVARS 4
struct Recurrence {
    IrValue *carry_in, *carry_out;
    IrValue *start, *stop, *step;   /* ints */
    IrValue *ivars[RC_MAXIVARS];
    int nivars;
    int line;                       /* the loop's script line */
};

/* A row chain (rowfuse.c): member groups, in launch order, that all compute over the rows of
 * array x and run as one kernel, one block per row, launched at `last`. */
struct RowChain {
    int id;
    const char *name;       /* "r0_rows_k1_max" */
    Vec members;            /* KernelGroup* */
    IrValue *x;
    IrInstr *last;
};

/* A loop loopmap.c looked at (--emit=kernels lists them): mapped when why is NULL, else kept
 * for that reason. */
typedef struct LoopMap {
    Span span;              /* the loop's */
    const char *why;
    bool split;             /* mapped in three parts around the iteration that writes a row the others read */
    bool snap;              /* split in two parts instead, the first reading copies (loopmap.c snap_ok) */
    bool fused;             /* ... or one part over the copies (loopmap.c fused_ok) */
    bool per_element; /* kept by loopmap.c, then run per element in one kernel (recur.c, in place) */
    bool triangle;    /* a triangle of one matrix product, stored masked (triprod.c) */
    const IrInstr *fallback; /* triangle: the loop as written, behind the rewrite's test (loopmap.c
                                leaves it alone) */
    const DevLoop *dev; /* run on the device as one kernel (devloop.c) */
    const char *dev_why; /* devloop.c kept it on the host, for this reason */
} LoopMap;

/* A loop devloop.c runs on the device as one single-thread kernel (codegen/kernels/scalar.c):
 * `loop` (in->dev points here) with its nested blocks, which hold only host scalars, 0-d
 * arrays and single elements of arrays defined before it.  The host launches the kernel in
 * the loop's place and reads back, in one copy, an error code and the variables it stores. */
struct DevLoop {
    int id;
    const char *name;       /* "d0_loop": its kernel */
    IrInstr *loop;
    Vec ins;                /* IrValue*: defined before the loop, read in it (host scalars, arrays) */
    Vec vars;               /* IrVar*: stored in it (host scalars, 0-d arrays) */
    int steps;              /* instructions in the loop (the listing) */
};

typedef struct IrModule {
    Vec funcs;              /* IrFunc*; funcs.v[0] is the module body ("<module>") */
    Vec globals;            /* IrVar* */
    Vec groups;             /* KernelGroup* */
    Vec chains;             /* RowChain* (rowfuse.c) */
    Vec siblings;           /* Siblings* (siblings.c) */
    Vec bundles;            /* Bundle* (hfuse.c) */
    Vec storereds;          /* StoreRed* (storered.c) */
    Vec loopmaps;           /* LoopMap* (loopmap.c), in program order */
    Vec devloops;           /* DevLoop* (devloop.c) */
    Vec raws;               /* UKernel* (UK_MODULE): user CUDA sources with a launched kernel */
    Vec tuple_types;        /* Type* (TY_TUPLE) that need a C struct, in dependency order */
    const SrcFile *main_file;
    int next_value_id, next_var_id;
    unsigned stamp;         /* the last ir_stamp */
    Arena *arena;
} IrModule;

IrModule *ir_module_new(Arena *a, const SrcFile *main_file);
IrFunc *ir_func_new(IrModule *m, const char *name, const char *cname);
IrBlock *ir_block_new(IrModule *m, IrInstr *owner);
IrVar *ir_var_new(IrModule *m, const char *name, Type *type);
/* Appends a new instruction to block b; when res_type is non-NULL it gets a result value. */
IrInstr *ir_emit(IrModule *m, IrBlock *b, IrOp op, Span sp, Type *res_type, int nargs, IrValue **args);
/* Registers tuple type t (and the tuples inside it) in m->tuple_types; sets t->id. */
void ir_need_tuple(IrModule *m, Type *t);
/* Releases what the module holds outside its arena (the growable vectors). */
void ir_module_free(IrModule *m);
/* Text form for --emit=ir and golden tests. */
void ir_print(FILE *out, const IrModule *m);
/* Checks the invariants above; reports the first violation through GPYC_UNREACHABLE-style
 * internal error.  Called between passes in debug builds. */
void ir_verify(const IrModule *m);

/* ---------------------------------------------------------------- ir/consts.c
 * Constant module variables (stored once, at the top level, from an int constant, before
 * anything that could read them) and the compile-time value of an int. */
typedef struct IrConsts {
    bool *known;         /* per variable id: a constant module variable */
    int64_t *value;
    IrInstr **store;     /* its one store (top level of the module body) */
} IrConsts;
void ir_consts_find(const IrModule *m, IrConsts *c);
void ir_consts_free(IrConsts *c);
/* The compile-time value of int v (a constant, or a load of a constant module variable after
 * its store) as read by instruction `use`. */
bool ir_const_int(const IrModule *m, const IrConsts *c, const IrValue *v, const IrInstr *use, int64_t *out);

/* ---------------------------------------------------------------- ir/alias.c
 * The array a view is taken of (through index, reshape, transpose, broadcast_to, squeeze),
 * and whether arrays a and b may share memory (see alias.c). */
const IrValue *ir_view_root(const IrValue *v);
bool ir_may_alias(const IrValue *a, const IrValue *b);

/* ================================================================ lower/: AST → IR (its private header is lower/lower.h) */

/* ---------------------------------------------------------------- lower/lower.c
 * Name resolution, type and shape inference and lowering to IR, one function instance at a
 * time in source order (user functions are monomorphized per argument types at their first
 * call).  Reports every error it finds through diag_error; returns NULL when there were any. */
typedef struct CompileInput {
    Arena *arena;
    const SrcFile *main;
    AstNode *module;        /* the parsed main file */
    const char *search_dir; /* where `import helper` looks for helper.py */
} CompileInput;
IrModule *lower_module(const CompileInput *in);
/* gpyc --list-api: every cupy.* / cupyx.* name that compiles (functions, ndarray methods as
 * cupy.ndarray.NAME, scalar types), one per line, sorted and unique.  Read from the tables
 * that calls dispatch on (lower.h, "API tables"). */
void lower_list_api(FILE *out);

/* ================================================================ passes/: the pipeline (passes.c) and one pass per file, in pipeline order */

/* ---------------------------------------------------------------- passes/passes.c
 * The passes above in the order they run (each followed by ir_verify).  At opt_level < 2
 * only PASS_GROUP runs.  passes_run(m, level, PASS_ALL) is what gpyc does; the unit tests
 * stop after the pass they test.  Each pass has a name in passes.c's table (pass_name:
 * "guards", "fuse", ...), the one `gpyc --dump-after=NAME` takes. */
typedef enum PassId {
    PASS_GUARDS,                /* guards.c: checks that constants decide */
    PASS_UNROLL,                /* unroll.c */
    PASS_FORWARD,               /* forward.c */
    PASS_GUARDS_AFTER_FORWARD,  /* guards.c again, on the forwarded constants */
    PASS_SMALLRED,              /* smallred.c */
    PASS_MASKED,                /* masked.c */
    PASS_TRIPROD,               /* triprod.c */
    PASS_LOOPMAP,               /* loopmap.c */
    PASS_VECDOT,                /* vecdot.c */
    PASS_MMSTORE,               /* mmstore.c */
    PASS_FILLVIEW,              /* fillview.c */
    PASS_HOIST,                 /* hoist.c */
    PASS_DEVLOOP,               /* devloop.c */
    PASS_GROUP,                 /* group.c: one kernel group per kernel instruction */
    PASS_FUSE,                  /* fuse.c */
    PASS_ROWFUSE,               /* rowfuse.c */
    PASS_SIBLINGS,              /* siblings.c */
    PASS_RECUR,                 /* recur.c */
    PASS_HFUSE,                 /* hfuse.c */
    PASS_STORERED,              /* storered.c */
    PASS_GRAPHLOOP,             /* graphloop.c */
    PASS_RESHAPES,              /* reshapes.c */
    PASS_COUNT,
    PASS_ALL = PASS_COUNT - 1
} PassId;
void passes_run(IrModule *m, int opt_level, PassId last);

/* --dump-after: a PassId, or one of these. */
enum { PASS_DUMP_NONE = -1, PASS_DUMP_ALL = -2 };
const char *pass_name(PassId p);
/* The PassId named `name`, PASS_DUMP_ALL for "all", PASS_DUMP_NONE for an unknown name. */
int pass_lookup(const char *name);
/* passes_run, printing the IR (ir_print's form, after a line `;; after NAME`) to `out` after
 * the pass dump_after, or after every pass (PASS_DUMP_ALL); a pass -O0 skips prints only
 * `;; after NAME: not run at -O0`. */
void passes_run_dump(IrModule *m, int opt_level, PassId last, int dump_after, FILE *out);

/* ---------------------------------------------------------------- passes/guards.c
 * Run-time checks that constants decide (-O2, before unroll.c and after forward.c): a raise
 * guard (ir_is_raise_guard) whose condition is False from constants is removed, with the host
 * instructions that only computed it (see guards.c). */
void guards_module(IrModule *m);

/* ---------------------------------------------------------------- passes/unroll.c
 * Full unrolling (-O2, first pass) of innermost `for k in range(C)` loops with a small
 * compile-time trip count whose body is array statements with a reduction (see unroll.c). */
void unroll_module(IrModule *m);

/* ---------------------------------------------------------------- passes/forward.c
 * Load forwarding within blocks and removal of stores no load reads (-O2), so that values
 * named by variables can fuse (see forward.c). */
void forward_module(IrModule *m);

/* ---------------------------------------------------------------- passes/smallred.c
 * Reductions over one axis of small compile-time extent written out as elementwise
 * operations on slices (-O2, after forward.c), so that they fuse (see smallred.c). */
void smallred_module(IrModule *m);

/* ---------------------------------------------------------------- passes/masked.c
 * Scatters and reductions through a boolean mask of the array's shape, whose values are
 * elementwise in gathers through the same mask, become a select over the whole array and a
 * masked reduction (-O2, after smallred.c): no count, no synchronisation (see masked.c). */
void masked_module(IrModule *m);

/* ---------------------------------------------------------------- passes/loopmap.c
 * Loop to map (-O2, after masked.c): a `for` loop whose iterations read and write disjoint
 * rows of arrays (affine indices in the loop variable) becomes one operation over all its
 * iterations, under a run-time test of the rows' range, else the loop as written (see
 * loopmap.c); each candidate loop's decision goes to IrModule.loopmaps and -v. */
void loopmap_module(IrModule *m);

/* ---------------------------------------------------------------- passes/triprod.c
 * A row loop that stores a triangle of a matrix product (`C[i, i+c:H] = f(D[:, i] @ E[:,
 * i+c:H])`, by rows and/or columns; c >= 0) becomes the product over all rows and two masked
 * stores (-O2, before loopmap.c), under a run-time test, else the loop as written (see
 * triprod.c); the loop's record in IrModule.loopmaps says so. */
void triprod_module(IrModule *m);

/* ---------------------------------------------------------------- passes/vecdot.c
 * Products of two float or complex vectors become a length check and a fused sum of their
 * product (-O2, after loopmap.c): one reduction kernel, not cuBLAS (see vecdot.c). */
void vecdot_module(IrModule *m);

/* ---------------------------------------------------------------- passes/mmstore.c
 * A product stored into an array (`y[:] = reshape(A @ B, s)`) becomes one MATMUL_STORE that
 * writes it there where the destination can take it (-O2, after vecdot.c; see mmstore.c). */
void mmstore_module(IrModule *m);

/* ---------------------------------------------------------------- passes/fillview.c
 * An array made empty, filled whole by one store and read once is read as the stored value's
 * view (-O2, after mmstore.c; see fillview.c). */
void fillview_module(IrModule *m);

/* ---------------------------------------------------------------- passes/hoist.c
 * A copy made and dropped in each iteration of a loop becomes a store into one buffer made
 * before the loop (-O2, after loopmap.c), so the loop allocates nothing (see hoist.c). */
void hoist_module(IrModule *m);

/* ---------------------------------------------------------------- passes/devloop.c
 * Scalar loops on the device (-O2, after hoist.c, before grouping): a loop whose body works on
 * host scalars, 0-d arrays and single array elements only runs as one single-thread kernel,
 * without a host round trip per device read (see devloop.c); each decision goes to
 * IrModule.loopmaps and -v. */
void devloop_module(IrModule *m);

/* ---------------------------------------------------------------- passes/group.c
 * Puts each kernel instruction on arrays into a kernel group of its own (the fusion pass,
 * fuse.c, merges groups later) and fills the groups' inputs and outputs.                   */
void group_module(IrModule *m);
/* Recomputes g's derived fields from g->instrs (program order): kind, inputs (values defined
 * outside g that it reads, and STORE_INTO destinations), outputs (values defined in g used
 * outside it, or not used at all), last, line range and name ("k3_add_mul").  Sets
 * in->group for each instruction.  For fusion: merge instrs lists, then call this.          */
void group_finish(IrModule *m, KernelGroup *g);
/* Appends h's instructions to g, where all of h follows all of g in their block and g holds no
 * STORE_INTO (a fusion producer), updating g's
 * derived fields in O(|h| + |g's outputs|) instead of group_finish's O(|g| + |h|); the result
 * takes h's id (and so the name group_finish would give the merged list).  Needs g's fields as
 * group_finish or group_append left them, outputs possibly listing results that lost uses
 * since (they are checked again).  Sets in->group = g for h's instructions; h is the caller's
 * to retire. */
void group_append(IrModule *m, KernelGroup *g, KernelGroup *h);

/* ---------------------------------------------------------------- passes/fuse.c
 * The fusion pass (-O2): merges elementwise producer groups into their consumers (see fuse.c). */
void fuse_module(IrModule *m);

/* IR queries shared by the passes (ir.c) */
/* The index of `in` in b, -1 when absent: O(1) from in->pos while the block is unchanged
 * around it; a stale cache renumbers the whole block once (O(n) per change of the block, the
 * cost the change itself had). */
int ir_index_in_block(const IrBlock *b, const IrInstr *in);
/* Does an instruction of block b, or of the blocks nested in it, load variable v (IR_LOAD)?
 * Assign it (IR_STORE, or a FOR_RANGE over it)?  NULL b: no. */
bool ir_block_loads(const IrBlock *b, const IrVar *v);
bool ir_block_assigns(const IrBlock *b, const IrVar *v);
/* Are a and b the same value at run time, as far as their definitions show: one value, both
 * None, equal int constants, or loads of one variable (the caller knows nothing assigns it
 * between them, e.g. a loop body that never stores it)?  NULL equals only NULL. */
bool ir_same_invariant(const IrValue *a, const IrValue *b);
/* NumPy's gufunc signature of matmul, "(n?,k),(k,m?)->(n?,m?)" (its messages quote it). */
extern const char *const ir_matmul_sig;
/* matmul's ValueError message when operand 0's last axis ka differs from operand 1's
 * contracted axis kb ("... core dimension 0, with gufunc signature ... (size kb is different
 * from ka)"), built at run time by instructions appended to b; returns the string value.
 * Lowering (compose.c) and vecdot.c raise it. */
IrValue *ir_matmul_core_msg(IrModule *m, IrBlock *b, Span sp, IrValue *ka, IrValue *kb);
/* A fresh value for the `stamp` scratch fields of values, instructions and groups: a pass
 * marks what it has seen with it instead of searching lists (linear passes, issue 24). */
unsigned ir_stamp(const IrModule *m);
/* Frees the instruction lists of block b and of the blocks nested in it. */
void ir_block_free(IrBlock *b);
/* Drops block b from the program: gives back the argument uses of its instructions and of
 * the blocks nested in them, then frees their lists (a removed IF's blocks, an unrolled
 * loop's old body, instructions built aside and abandoned). */
void ir_block_discard(IrBlock *b);
/* Removes the instruction at position i of b; its argument uses go with it. */
void ir_remove(IrBlock *b, int i);
/* Removes, in one pass over b, every instruction of b whose stamp is `stamp` (ir_remove's
 * effect on each, in linear time: a pass that drops many instructions marks them first). */
void ir_remove_stamped(IrBlock *b, unsigned stamp);
/* Replaces the instruction at position pos of b by the instructions of seq, in order (their
 * parent becomes b).  The replaced instruction's argument uses are the caller's to give back. */
void ir_splice(IrBlock *b, int pos, const Vec *seq);
/* A copy of instruction `in` (op, attributes, a new result of its type) appended to block b,
 * its arguments renamed: one that is from[k] (k < n) becomes to[k] (a body copied
 * instruction by instruction: fusion's group clones, unrolling).  Its parent and group are
 * in's until the caller sets them. */
IrInstr *ir_clone(IrModule *m, IrBlock *b, const IrInstr *in, int n, IrValue *const *from, IrValue *const *to);
/* A copy of instruction `in` (op and attributes) over in->nargs new arguments `args`, with a new
 * result of type res_type (NULL: none), appended to block b (its parent; no group): an op
 * recomputed over other operands (smallred.c's slices, masked.c's whole arrays). */
IrInstr *ir_emit_like(IrModule *m, IrBlock *b, const IrInstr *in, Type *res_type, IrValue **args);
/* How IR_UKERNEL `in` reads its argument j: elementwise (broadcast to the iteration shape,
 * one element per index), raw (the whole array, indexed by the kernel's code: never fused
 * into it) or the size= view (its shape only). */
typedef enum UkArg { UKA_EW, UKA_RAW, UKA_SIZE } UkArg;
UkArg ir_ukernel_arg(const IrInstr *in, int j);
/* Does `in` (or anything nested in it) write arrays or call user code (an OPF_WRITES op)? */
bool ir_writes_memory(const IrInstr *in);
/* A host instruction that touches no array's memory (array metadata and host scalars only):
 * constants, loads of variables, views, shapes, mask_check, tuples, host scalar arithmetic.
 * It may raise.  The passes that move a launch past such instructions (hfuse, fuse) ask this. */
bool ir_is_passive(const IrInstr *in);
/* A host instruction that can neither raise nor touch any array's memory or the device:
 * constants, loads of variables, shape reads, transposes, and index views by slices (newaxis,
 * ellipsis) whose step is None or a nonzero constant (`y[:]`).  A pass may move an operation
 * past it without changing what the program does or which error it raises first (mmstore.c,
 * reshapes.c). */
bool ir_is_inert(const IrInstr *in);
/* Is `in` an IR_INDEX that views its whole array as it is (`a[:]`, `a[:, :]`, `a[...]`)? */
bool ir_is_identity_index(const IrInstr *in);
/* Creation ops compute from their own index space (OPF_CREATION: full, arange, linspace, eye). */
bool ir_op_is_creation(IrOp op);
/* View ops (OPF_VIEW): a new view of args[0] built on the host (index, reshape, transpose,
 * broadcast_to, squeeze, diag_view); the passes that look through views or let them pass
 * (alias, hfuse, siblings, unroll) ask this, so a new view op is flagged in instrs.def once. */
bool ir_op_is_view(IrOp op);
/* A run-time check: an IF with nothing in its else block whose then block only builds a
 * message from host scalars (constants, scalar arithmetic, str, shape reads) and raises —
 * the NEP 50 range check of a Python int (lower/expr.c), lower_*.c's raise_if checks. */
bool ir_is_raise_guard(const IrInstr *in);

/* ---------------------------------------------------------------- passes/reshapes.c
 * An elementwise group whose array inputs are reshapes of arrays of one shape reads the
 * sources in that shape when they agree at run time, instead of copying a source the reshape
 * cannot view (-O2, last; see reshapes.c). */
void reshapes_module(IrModule *m);

/* ---------------------------------------------------------------- passes/rowfuse.c
 * Row chains (-O2, after fusion): consecutive groups over the rows of one array become one
 * kernel (see rowfuse.c). */
void rowfuse_module(IrModule *m);

/* ---------------------------------------------------------------- passes/siblings.c
 * Sibling reductions (-O2, after row chains): reductions of one block over the same rows
 * become one multi-output kernel (see siblings.c). */
void siblings_module(IrModule *m);

/* ---------------------------------------------------------------- passes/recur.c
 * Elementwise recurrences (-O2): `for i in range(n): x = f(x)` with f one elementwise kernel
 * becomes that kernel looping n times per element (see recur.c). */
void recur_module(IrModule *m);

/* ---------------------------------------------------------------- passes/hfuse.c
 * Horizontal fusion (-O2, after recurrences): independent elementwise kernels of one block
 * become one launch (see hfuse.c). */
void hfuse_module(IrModule *m);

/* ---------------------------------------------------------------- passes/storered.c
 * A store fused into the reduction after it that reads the stored array (-O2, after
 * hfuse.c): one kernel writes each element and reduces the value written (see storered.c);
 * each decision goes to -v. */
void storered_module(IrModule *m);

/* ---------------------------------------------------------------- passes/graphloop.c
 * Loops captured as CUDA graphs (-O2, last): marks (in->graph) each `for ... in range` loop
 * whose iterations all launch the same allocation-free kernels with the same arguments and
 * never synchronise (see graphloop.c); codegen captures its first iterations and replays them.
 * A loop whose launches move with the loop variable is also in->graph_each: every iteration is
 * captured. */
void graphloop_module(IrModule *m);

/* ================================================================ the driver */

/* ---------------------------------------------------------------- driver.c */
typedef struct Options {
    const char *input;     /* inputs[0] */
    const char **inputs;   /* every FILE.py of the command line (several only with --cache-fill) */
    int ninputs;
    bool cache_fill;       /* --cache-fill: the inputs' kernels into the cache, no executable */
    const char *output;
    const char *emit;      /* NULL, "ast", "ir", "kernels", "cuda" */
    int dump_after;        /* --dump-after: a PassId, PASS_DUMP_ALL or PASS_DUMP_NONE */
    const char *arch;      /* NULL (default fat binary), "sm_XX", "native", "all" */
    const char *nvcc;      /* --nvcc PATH */
    int opt_level;         /* 0 or 2 */
    int device_opt;        /* --device-opt: nvcc's device optimisation level, 0..3 (default 3) */
    int jobs;              /* --jobs: at most this many nvcc processes (0: one per core) */
    bool check_only;
    bool verbose;
    bool keep;
    bool no_cache;         /* --no-cache: compile every kernel, store nothing (codegen/cache.c) */
} Options;
int driver_main(int argc, char **argv);

#endif
