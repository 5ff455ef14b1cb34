/*
 * compiler.h — the compiler's one header: types, the array IR, the passes and the driver.
 *
 * Pipeline (driver.c compile()):
 *   fe_parse → resolve, infer and lower (lower*.c, per function instance) → the IR passes
 *   (passes.c, passes_run: the list in order, written once) → codegen (codegen/) → nvcc
 *
 * Sections, one per file: types.c · ir.c · lower*.c · each pass · passes.c · driver.c
 */
#ifndef GPYC_COMPILER_H
#define GPYC_COMPILER_H

#include "base/base.h"

typedef struct AstNode AstNode;   /* frontend/frontend.h: the lowering reads it, the IR only points at it */

/* ---------------------------------------------------------------- types.c
 * Array dtypes.  ORDER DTYPE: the same order as gp_dtype in runtime/include/gpyrt.h.        */
typedef enum DType {
    DT_BOOL, DT_INT8, DT_INT16, DT_INT32, DT_INT64,
    DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64,
    DT_FLOAT16, DT_FLOAT32, DT_FLOAT64, DT_COMPLEX64, DT_COMPLEX128,
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
    TY_FUNC,     /* a user function (def); def: its AST_DEF node */
    TY_BUILTIN,  /* a builtin or library function; name ("print", "cupy.zeros", "list.append") */
    TY_RANGE,    /* range(...), only as a for-loop iterable */
    TY_COUNT
} TypeKind;

typedef struct Type Type;
struct Type {
    TypeKind kind;
    DType dtype;        /* TY_ARRAY, TY_DTYPE */
    int ndim;           /* TY_ARRAY */
    int n;              /* TY_TUPLE: number of elements */
    Type **elems;       /* TY_TUPLE */
    Type *elem;         /* TY_LIST */
    const char *name;   /* TY_MODULE, TY_BUILTIN */
    AstNode *def;       /* TY_FUNC */
    Type *self;         /* TY_BUILTIN method: the receiver's type (for x.reshape, lst.append) */
    int id;             /* TY_TUPLE: index into IrModule.tuple_types once codegen needs a struct */
};

Type *ty_void(void);
Type *ty_none(void);
Type *ty_bool(void);
Type *ty_int(void);
Type *ty_float(void);
Type *ty_complex(void);
Type *ty_str(void);
Type *ty_array(DType dt, int ndim);
Type *ty_tuple(int n, Type **elems);   /* copies elems */
Type *ty_list(Type *elem);
Type *ty_dtype(DType dt);
Type *ty_module(const char *name);
Type *ty_func(AstNode *def);
Type *ty_builtin(const char *name, Type *self);
Type *ty_range(void);
bool ty_equal(const Type *a, const Type *b);
/* Releases every type made during the compile (types live in one arena until then). */
void ty_free_all(void);
bool ty_is_scalar(const Type *t);      /* bool, int, float, complex */
bool ty_is_numeric(const Type *t);     /* scalar or array */
/* "int", "float", "ndarray[float32, 2]", "tuple[int, int]", "list[float]" (for messages). */
const char *ty_str_of(const Type *t);
/* The dtype NumPy gives a Python scalar when it stands alone (int → int64 ...). */
DType ty_scalar_dtype(const Type *t);
/* NEP 50: the result dtype of an operation between a and b, each an array type or a Python
 * scalar type (weak).  Returns false when the kinds do not mix (str with an array ...).     */
bool ty_promote_operands(const Type *a, const Type *b, DType *out);

/* ---------------------------------------------------------------- ir.c
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
    /* ORDER IR_OP: the elementwise ops of ops.def first */
#define OP(id, name, nargs, rule, fn) IR_##id,
#include "ir/ops.def"
#undef OP
    IR_EWISE_LAST = IR_CAST,

    /* constants (host scalars): ival / fval / fval2 / sval */
    IR_CONST_BOOL,     /* ival */
    IR_CONST_INT,      /* ival */
    IR_CONST_FLOAT,    /* fval */
    IR_CONST_COMPLEX,  /* fval (real), fval2 (imag) */
    IR_CONST_STR,      /* sval (NUL-terminated, may not contain NUL) */
    IR_CONST_NONE,
    /* Python scalar conversions (host): args[0] a scalar or 0-d-able array → res type */
    IR_TO_BOOL,        /* bool(x) / truth of a condition; array: must have size 1 (syncs) */
    IR_TO_INT,         /* int(x): float truncates toward zero; str parses; array → item */
    IR_TO_FLOAT,       /* float(x) */
    IR_TO_COMPLEX,     /* complex(x) */
    IR_TO_STR,         /* str(x) of any printable value → str */
    IR_FORMAT,         /* format(args[0], sval spec) with ival conversion ('r','s' or 0) → str */
    IR_STR_CONCAT,     /* args: strs → str */
    IR_STR_EQ,         /* args: two strs → bool (equal contents) */

    /* variables */
    IR_LOAD,           /* var → value */
    IR_STORE,          /* var ← args[0] */

    /* structured control flow */
    IR_IF,             /* args[0]: bool; blocks[0] then, blocks[1] else (may be empty) */
    IR_WHILE,          /* blocks[0]: condition block whose last instruction is IR_COND;
                          blocks[1]: body */
    IR_COND,           /* ends a WHILE condition block: args[0] bool */
    IR_FOR_RANGE,      /* var: induction variable (int); args: start, stop, step (int);
                          blocks[0]: body.  Python semantics: stop and step evaluated once;
                          the variable keeps its last value after the loop. */
    IR_BREAK,
    IR_CONTINUE,
    IR_RETURN,         /* args[0] or none */

    /* calls and printing */
    IR_CALL,           /* func: callee instance; args */
    IR_PRINT,          /* args: values printed with str(), separated by sval (sep), then sval2 (end) */
    IR_ASSERT,         /* args[0] bool, args[1] optional str message: AssertionError */

    /* tuples and lists (host) */
    IR_TUPLE,          /* args → tuple */
    IR_TUPLE_GET,      /* args[0] tuple, ival index → element (no new reference for arrays: see codegen) */
    IR_LIST_NEW,       /* args: initial elements → list (res type gives the element type) */
    IR_LIST_APPEND,    /* args[0] list, args[1] element */
    IR_LIST_GET,       /* args[0] list, args[1] int index (negative allowed) → element */
    IR_LIST_SET,       /* args[0] list, args[1] index, args[2] value */
    IR_LIST_LEN,       /* args[0] → int */
    IR_LIST_SORTED,    /* args[0] → new list, ascending; ival 1 = reverse */

    /* host library */
    IR_PERF_COUNTER,   /* → float seconds */
    IR_SYNC,           /* cp.cuda.Device().synchronize() */
    IR_FLUSH,          /* sys.stdout.flush() */
    IR_RANDOM_SEED,    /* cp.random.seed(args[0] int): CuPy's legacy generator (cuRAND XORWOW) */
    IR_ARGV_LEN,       /* → int */
    IR_ARGV_GET,       /* args[0] int → str (IndexError when out of range) */
    IR_RAISE,          /* sval: exception type, sval2: message, or args[0] a str message made at run
                          time (never returns) */

    /* arrays: metadata (host, no kernel) */
    IR_SHAPE_DIM,      /* args[0] array, ival axis (already normalised) → int */
    IR_SIZE,           /* args[0] array → int */

    /* arrays: views (host, no kernel; result shares the buffer) */
    IR_INDEX,          /* args[0] array, then one group of args per index item, described by
                          idx[0..nidx-1]: IDX_INT takes 1 arg, IDX_SLICE 3 args (start, stop,
                          step; each an int or None const), IDX_NEWAXIS and IDX_ELLIPSIS 0. */
    IR_RESHAPE,        /* args[0] array, args[1..] ints (one may be -1) → view or copy */
    IR_TRANSPOSE,      /* args[0] array; perm[0..ndim-1] (attrs) → view */
    IR_BROADCAST_TO,   /* args[0] array, args[1..] ints → read-only view */
    IR_COMPLEX_PART,   /* args[0] complex array; ival 0: .real, 1: .imag → view of the real
                          dtype with the same shape and byte strides (rt_complex_part) */
    IR_TOLIST,         /* args[0] array; ival 0: → list of Python scalars (1-d; rt_tolist),
                          1: → str, the nested lists' text (any ndim; rt_tolist_str); syncs */

    /* arrays: kernel-group instructions (besides the elementwise ops above) */
    IR_FULL,           /* args[0..ndim-1] ints (shape), args[ndim] scalar fill value → array */
    IR_ARANGE,         /* args: start, step (scalars), n (int) → 1-d array: start + i*step */
    IR_LINSPACE,       /* args: start, stop (scalars), n (int); ival endpoint (0/1) → 1-d array */
    IR_EYE,            /* args: n, m, k (ints) → 2-d array: 1 where col - row == k */
    IR_EMPTY,          /* args: shape ints → array, uninitialised (no kernel) */
    IR_RANDOM_DRAW,    /* args[0..ndim-1] shape ints, then the kind's parameters; ival: the
                          IrRandKind → new array of dtype drawn from the legacy generator
                          exactly as CuPy draws it (host call, cuRAND: rt_random_draw,
                          rt_random_randint; lower/api/random.c).  Never removed or reordered. */
    IR_ARRAY_LIT,      /* args: elements (scalars), flattened C order; shape[0..ndim-1] attrs */
    IR_COPY,           /* args[0] array → new C-contiguous array with the same values */
    IR_STORE_INTO,     /* args[0] destination array (a view or variable), args[1] array or scalar,
                          broadcast to the destination's shape and cast to its dtype; no result.
                          Overlapping source and destination give NumPy's result (codegen
                          copies the source first when they may overlap). */
    IR_REDUCE,         /* args[0] array; redop; axes[0..naxes-1] (normalised, ascending; naxes
                          == 0 means all axes); keepdims → array of dtype */
    /* arrays: library calls (host, no kernel group) */
    IR_MATMUL,         /* args[0] a, args[1] b (arrays of the result dtype, ndim >= 1 each);
                          ival: the runtime's gp_mm_mode (matmul, dot, vdot, inner, tensordot,
                          matrix_power), shape[0]: its int parameter (axes / exponent) → array
                          (rt_matmul, cuBLAS; lower/api/linalg.c) */
    IR_SCAN,           /* args[0] array of the result dtype; redop RED_SUM or RED_PROD; ival: the
                          axis (normalised), or -1 for the flattened array (1-d result) → array
                          of the same dtype: the inclusive scan (cumsum, cumprod; rt_scan, CUB;
                          lower/api/reduce.c) */
    /* arrays: manipulation helpers (host, no kernel group; runtime/manip.c, lower/api/manip.c) */
    IR_CONCAT_CHECK,   /* args: the arrays of a concatenate (sval "concatenate") or stack (sval
                          "stack"), ival: the axis (normalised) → no result; NumPy's ValueError
                          when their shapes do not fit (rt_concat_check) */
    IR_SQUEEZE,        /* args[0] array; axes[0..naxes-1] (normalised) → view without those axes,
                          each of which must have size 1 at run time (rt_squeeze) */
    IR_DIAG_VIEW,      /* args[0] array; axes[0] < axes[1] (normalised), two axes of one size (the
                          caller checks it) → view without axis axes[1] whose axis axes[0] steps
                          along both: their diagonal (rt_diag_view; einsum's 'ii->i') */
    IR_REPEAT,         /* args[0] array, args[1] 1-d int array of counts; ival: the axis → new
                          array (rt_repeat: the result size depends on the counts) */
    IR_CONCAT_LIST,    /* args[0] a list of arrays; sval "concatenate" or "stack", ival: the axis
                          (normalised against the result) → new array (rt_concat_list) */
    /* arrays: advanced indexing (host calls into runtime/indexing.cu; lower/api/index.c) */
    IR_ADV_INDEX,      /* args[0] array, then index items as IR_INDEX, except that an IDX_INT
                          item's arg may be an integer or boolean array (an index array) → new
                          array (a copy; rt_adv_get) */
    IR_ADV_STORE,      /* args as IR_ADV_INDEX, then the value: an array of args[0]'s dtype,
                          broadcast to the indexing result → no result (rt_adv_set; writes
                          args[0]'s memory) */
    IR_NONZERO,        /* args[0] array → int64 array (rt_nonzero, syncs): ival 0: (ndim, N)
                          coordinates, 1: argwhere (N, ndim), 2: flatnonzero (N,) */
    IR_MEDIAN,         /* args[0] real array; ival: the axis (normalised), or -1 for all axes;
                          keepdims; dtype: the result's (float64 for ints and bool) → array
                          (rt_median: a segmented sort, CUB; lower/api/reduce.c) */
    IR_QUANTILE,       /* args[0] real array, args[1] (optional) float64 array of q values;
                          axes[0..naxes-1] (normalised, ascending; naxes == 0: all axes);
                          keepdims; ival: GP_Q_* flags (nan-skipping, percent); dtype: the
                          result's → array of q's shape followed by the kept axes; without
                          args[1] the median (nanmedian) (rt_quantile; lower/api/reduce.c) */
    /* arrays: sorting, searching and sets (host calls into runtime/sort.cu; lower/api/sort.c) */
    IR_SORT,           /* args[0] real array (ndim >= 1), args[1] optional int kth (partition's
                          bounds check); ival: the axis (normalised); shape[0]: 1 for argsort
                          (int64 positions) → new array of args[0]'s shape (rt_sort) */
    IR_SEARCHSORTED,   /* args[0] sorted 1-d array, args[1] array of its dtype; ival 1: side
                          'right' → int64 array of args[1]'s shape (rt_searchsorted) */
    IR_UNIQUE,         /* args[0] real array; ival: the part (0 values, 1 first indices,
                          2 inverse, 3 counts) → array (rt_unique; syncs) */
    IR_ISIN,           /* args[0], args[1] real arrays of one dtype; ival 1: invert → bool array
                          of args[0]'s shape (rt_isin) */
    IR_SETOP,          /* args[0], args[1] real arrays of one dtype; ival: the runtime's
                          gp_setop → sorted unique 1-d array (rt_setop) */
    IR_FFT,            /* args[0] array in the transform's dtype (complex64/128, or float32/64
                          for R2C), args[1..naxes] the transform lengths (ints); ival: the
                          runtime's gp_fft_kind (C2C forward / inverse, R2C, C2R); axes[0..naxes-1]
                          (normalised, distinct, in the order given: the real transform runs
                          along the last); dtype: the result's → array, unnormalised (rt_fft,
                          cuFFT; lower/api/fft.c) */
    IR_LINALG,         /* args[0] a (ndim >= 2, in the computation dtype: float32/64 or
                          complex64/128), args[1] b for solve (a's dtype, ndim >= 1); ival: the
                          runtime's gp_la_kind (solve, inv, det, slogdet, cholesky, qr, eigh,
                          svd), shape[0]: its mode (gp_qr_mode, GP_EIGH_* flags, gp_svd_mode) →
                          an array, or a tuple of arrays (slogdet, qr, eigh, svd: the routine
                          runs once and fills every element) (rt_linalg, cuSOLVER; syncs;
                          lower/api/solver.c) */
    /* arrays: counting (host calls into runtime/hist.cu; lower/api/hist.c) */
    IR_BINCOUNT,       /* args[0] 1-d int or bool array, args[1] int minlength, args[2] optional
                          1-d real weights → int64, or float64 with weights (rt_bincount; syncs) */
    IR_DIGITIZE,       /* args[0] real array, args[1] 1-d bins of its dtype; ival 1: right →
                          int64 array of args[0]'s shape (rt_digitize; syncs) */
    IR_HIST_EDGES,     /* args[0] real array, args[1] int bin count, args[2..3] optional float
                          range; dtype: the edges' → 1-d array of count + 1 edges (rt_hist_edges;
                          syncs without a range) */
    IR_HISTOGRAM,      /* args[0] real array, args[1] 1-d edges, args[2] optional weights of
                          args[0]'s shape; ival 1: density → 1-d int64, or float64 with weights
                          or density (rt_histogram; syncs) */
    IR_HISTOGRAM2D,    /* args[0] x, args[1] y (1-d real), args[2], args[3] their edges,
                          args[4] optional weights; ival 1: density → 2-d float64
                          (rt_histogram2d; syncs) */
    IR_OP_COUNT
} IrOp;

/* IR_RANDOM_DRAW's kinds.  ORDER GP_RAND (runtime/include/gpyrt.h's gp_rand_kind), then
 * RAND_RANDINT (rt_random_randint). */
typedef enum IrRandKind {
    RAND_UNIFORM,      /* float32/64 in [0, 1) (random_sample) */
    RAND_UNIFORM_RAW,  /* float32/64 in (0, 1] (CuPy's _random_sample_raw) */
    RAND_NORMAL,       /* args: loc, scale (scalars) */
    RAND_LOGNORMAL,    /* args: mean, sigma (scalars) */
    RAND_BITS,         /* int32 raw 32-bit words (permutation keys) */
    RAND_RANDINT,      /* args: low, high (ints) → any integer dtype in [low, high) */
} IrRandKind;

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
const char *ir_op_name(IrOp op);      /* "add", "const_int", "reduce" ... for the IR printer */
bool ir_op_is_ewise(IrOp op);

typedef enum RedOp {
    RED_SUM, RED_PROD, RED_MAX, RED_MIN, RED_MEAN, RED_ANY, RED_ALL,
    /* lower/api/reduce.c: index reductions (int64 result: the first index of the extreme in C
     * order over the reduced axes; argmax/argmin: a NaN wins; nanarg*: NaNs are skipped and an
     * all-NaN line gives -1) and NaN-skipping max/min (an all-NaN line gives NaN) */
    RED_ARGMAX, RED_ARGMIN, RED_NANARGMAX, RED_NANARGMIN, RED_NANMAX, RED_NANMIN
} RedOp;
/* True for RED_ARGMAX .. RED_NANARGMIN. */
#define RED_IS_ARG(r) ((r) >= RED_ARGMAX && (r) <= RED_NANARGMIN)
const char *ir_redop_name(RedOp r);

typedef enum IdxKind { IDX_INT, IDX_SLICE, IDX_NEWAXIS, IDX_ELLIPSIS } IdxKind;

typedef struct IrBlock IrBlock;
typedef struct IrInstr IrInstr;
typedef struct IrFunc IrFunc;
typedef struct KernelGroup KernelGroup;

/* True for the instructions that run in a kernel group: elementwise ops with an array result,
 * FULL, ARANGE, LINSPACE, EYE, COPY, STORE_INTO and REDUCE.                                */
bool ir_is_kernel_instr(const IrInstr *in);

typedef struct IrValue {
    int id;             /* unique in the module: codegen names it v<id> */
    Type *type;
    IrInstr *def;       /* defining instruction */
    int nuses;
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
    IrFunc *func;           /* IR_CALL */
    KernelGroup *group;     /* set by group.c for kernel instructions on arrays */
    bool graph;             /* IR_FOR_RANGE: captured once as a CUDA graph and replayed
                               (graphloop.c) */
    IrBlock *parent;        /* the block that holds this instruction */
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
};

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

/* An elementwise recurrence (recur.c): the group computes carry_out from carry_in, and runs
 * that len(range(start, stop, step)) times per element; an empty range leaves carry_in. */
struct Recurrence {
    IrValue *carry_in, *carry_out;
    IrValue *start, *stop, *step;   /* ints */
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

typedef struct IrModule {
    Vec funcs;              /* IrFunc*; funcs.v[0] is the module body ("<module>") */
    Vec globals;            /* IrVar* */
    Vec groups;             /* KernelGroup* */
    Vec chains;             /* RowChain* (rowfuse.c) */
    Vec siblings;           /* Siblings* (siblings.c) */
    Vec bundles;            /* Bundle* (hfuse.c) */
    Vec tuple_types;        /* Type* (TY_TUPLE) that need a C struct, in dependency order */
    const SrcFile *main_file;
    int next_value_id, next_var_id;
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

/* ---------------------------------------------------------------- lower.c (+ resolve.c)
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

/* ---------------------------------------------------------------- group.c
 * Puts each kernel instruction on arrays into a kernel group of its own (the fusion pass,
 * fuse.c, merges groups later) and fills the groups' inputs and outputs.                   */
void group_module(IrModule *m);
/* Recomputes g's derived fields from g->instrs (program order): kind, inputs (values defined
 * outside g that it reads, and STORE_INTO destinations), outputs (values defined in g used
 * outside it, or not used at all), last, line range and name ("k3_add_mul").  Sets
 * in->group for each instruction.  For fusion: merge instrs lists, then call this.          */
void group_finish(IrModule *m, KernelGroup *g);

/* ---------------------------------------------------------------- consts.c
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

/* ---------------------------------------------------------------- unroll.c
 * Full unrolling (-O2, first pass) of innermost `for k in range(C)` loops with a small
 * compile-time trip count whose body is array statements with a reduction (see unroll.c). */
void unroll_module(IrModule *m);

/* ---------------------------------------------------------------- guards.c
 * Run-time checks that constants decide (-O2, before unroll.c and after forward.c): a raise
 * guard (ir_is_raise_guard) whose condition is False from constants is removed, with the host
 * instructions that only computed it (see guards.c). */
void guards_module(IrModule *m);

/* ---------------------------------------------------------------- forward.c
 * Load forwarding within blocks and removal of stores no load reads (-O2), so that values
 * named by variables can fuse (see forward.c). */
void forward_module(IrModule *m);

/* ---------------------------------------------------------------- smallred.c
 * Reductions over one axis of small compile-time extent written out as elementwise
 * operations on slices (-O2, after forward.c), so that they fuse (see smallred.c). */
void smallred_module(IrModule *m);

/* ---------------------------------------------------------------- fuse.c
 * The fusion pass (-O2): merges elementwise producer groups into their consumers (see fuse.c). */
void fuse_module(IrModule *m);

/* IR queries shared by the passes (ir.c) */
int ir_index_in_block(const IrBlock *b, const IrInstr *in);   /* -1 when absent */
/* Frees the instruction lists of block b and of the blocks nested in it. */
void ir_block_free(IrBlock *b);
/* Drops block b from the program: gives back the argument uses of its instructions and of
 * the blocks nested in them, then frees their lists (a removed IF's blocks, an unrolled
 * loop's old body, instructions built aside and abandoned). */
void ir_block_discard(IrBlock *b);
/* Removes the instruction at position i of b; its argument uses go with it. */
void ir_remove(IrBlock *b, int i);
/* Replaces the instruction at position pos of b by the instructions of seq, in order (their
 * parent becomes b).  The replaced instruction's argument uses are the caller's to give back. */
void ir_splice(IrBlock *b, int pos, const Vec *seq);
/* Does `in` (or anything nested in it) write arrays or call user code? */
bool ir_writes_memory(const IrInstr *in);
/* Creation ops compute from their own index space (full, arange, linspace, eye). */
bool ir_op_is_creation(IrOp op);
/* View ops: a new view of args[0] built on the host (index, reshape, transpose, broadcast_to,
 * squeeze, diag_view); the passes that look through views or let them pass (alias, hfuse,
 * siblings, unroll) share this list, so a new view op is added here once. */
bool ir_op_is_view(IrOp op);
/* A run-time check: an IF with nothing in its else block whose then block only builds a
 * message from host scalars (constants, scalar arithmetic, str, shape reads) and raises —
 * the NEP 50 range check of a Python int (lower/expr.c), lower_*.c's raise_if checks. */
bool ir_is_raise_guard(const IrInstr *in);

/* ---------------------------------------------------------------- rowfuse.c
 * Row chains (-O2, after fusion): consecutive groups over the rows of one array become one
 * kernel (see rowfuse.c). */
void rowfuse_module(IrModule *m);

/* ---------------------------------------------------------------- alias.c
 * The array a view is taken of (through index, reshape, transpose, broadcast_to, squeeze),
 * and whether arrays a and b may share memory (see alias.c). */
const IrValue *ir_view_root(const IrValue *v);
bool ir_may_alias(const IrValue *a, const IrValue *b);

/* ---------------------------------------------------------------- siblings.c
 * Sibling reductions (-O2, after row chains): reductions of one block over the same rows
 * become one multi-output kernel (see siblings.c). */
void siblings_module(IrModule *m);

/* ---------------------------------------------------------------- recur.c
 * Elementwise recurrences (-O2): `for i in range(n): x = f(x)` with f one elementwise kernel
 * becomes that kernel looping n times per element (see recur.c). */
void recur_module(IrModule *m);

/* ---------------------------------------------------------------- hfuse.c
 * Horizontal fusion (-O2, after recurrences): independent elementwise kernels of one block
 * become one launch (see hfuse.c). */
void hfuse_module(IrModule *m);

/* ---------------------------------------------------------------- graphloop.c
 * Loops captured as CUDA graphs (-O2, last): marks (in->graph) each `for ... in range` loop
 * whose iterations all launch the same allocation-free kernels with the same arguments and
 * never synchronise (see graphloop.c); codegen captures its first iterations and replays them. */
void graphloop_module(IrModule *m);

/* ---------------------------------------------------------------- passes.c
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
    PASS_GROUP,                 /* group.c: one kernel group per kernel instruction */
    PASS_FUSE,                  /* fuse.c */
    PASS_ROWFUSE,               /* rowfuse.c */
    PASS_SIBLINGS,              /* siblings.c */
    PASS_RECUR,                 /* recur.c */
    PASS_HFUSE,                 /* hfuse.c */
    PASS_GRAPHLOOP,             /* graphloop.c */
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

/* ---------------------------------------------------------------- driver.c */
typedef struct Options {
    const char *input;
    const char *output;
    const char *emit;      /* NULL, "ast", "ir", "kernels", "cuda" */
    int dump_after;        /* --dump-after: a PassId, PASS_DUMP_ALL or PASS_DUMP_NONE */
    const char *arch;      /* NULL (default fat binary), "sm_XX", "native", "all" */
    const char *nvcc;      /* --nvcc PATH */
    int opt_level;         /* 0 or 2 */
    bool check_only;
    bool verbose;
    bool keep;
} Options;
int driver_main(int argc, char **argv);

#endif
