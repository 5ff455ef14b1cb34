/*
 * frontend.h — the frontend's one header: the gpyc AST that the parser (parse.c, over
 * tree-sitter-python) produces, built on base/base.h (arenas, vectors, spans, diagnostics).
 *
 * The frontend knows nothing of CUDA, of types or of the IR.  Everything it allocates lives in
 * the compile's arena: the source text, the AST, the strings in it.
 *
 * Sections, one per file:  ast.c · parse.c
 */
#ifndef GPYC_FRONTEND_H
#define GPYC_FRONTEND_H

#include "base/base.h"

/* ---------------------------------------------------------------- ast.c
 * The gpyc AST.  One node type with named fields; which fields a kind uses is listed beside it.
 * Statement bodies are AST_BLOCK nodes.  Every node has a span and a unique id (0..ast_count-1
 * within one parse), which later stages use to index side tables (types per function instance).
 */
typedef enum AstKind {
    /* ORDER AST_KIND (ast_kind_name) */
    /* statements */
    AST_MODULE,     /* body: Vec of statements; sval: module name */
    AST_BLOCK,      /* body */
    AST_EXPR_STMT,  /* lhs: the expression */
    AST_ASSIGN,     /* elts: targets (a = b = v gives two), rhs: value, cond: a str annotation */
    AST_AUGASSIGN,  /* op: AstOp, lhs: target, rhs: value */
    AST_IF,         /* cond, then: AST_BLOCK, els: AST_BLOCK | AST_IF (elif) | NULL */
    AST_FOR,        /* lhs: target (AST_NAME or AST_TUPLE of names), rhs: iterable, then: body,
                       els: the else block or NULL */
    AST_WHILE,      /* cond, then: body, els: the else block or NULL */
    AST_BREAK,
    AST_CONTINUE,
    AST_PASS,
    AST_RETURN,     /* lhs: value or NULL (a, b returns an AST_TUPLE) */
    AST_DEF,        /* sval: name, params: Vec of AST_PARAM, then: body, docstring: or NULL,
                       elts: decorators (@contextlib.contextmanager only), lhs: another
                       decorator (cp.fuse(), jit.rawkernel()) or NULL, outer: see below,
                       ival: 1 when its own body has a yield statement */
    AST_PARAM,      /* sval: name, rhs: default value or NULL, ival: a ParamKind; cond: the
                       default's own expression where lowering hoisted it (lower/closure.c) */
    AST_IMPORT,     /* elts: Vec of AST_ALIAS */
    AST_IMPORT_FROM,/* sval: module (dotted), elts: Vec of AST_ALIAS */
    AST_ALIAS,      /* sval: dotted name, sval2: as-name or NULL */
    AST_ASSERT,     /* cond, rhs: message or NULL */
    AST_GLOBAL,     /* elts: Vec of AST_NAME */
    AST_DEL,        /* elts: targets */
    AST_WITH,       /* elts: context expressions (AST_WITH_ITEM), then: body */
    AST_WITH_ITEM,  /* lhs: expression, rhs: `as` target or NULL */
    AST_YIELD,      /* a `yield [value]` statement; lhs: value or NULL; ival 1: `yield from lhs` */
    AST_RAISE,      /* `raise E` or `raise E(args)`; lhs: the exception expression */
    /* expressions */
    AST_NAME,       /* sval: identifier */
    AST_INT,        /* ival; conv 'u' for 2**63 .. 2**64-1 (ival holds the uint64 bits; only
                       uint64 contexts accept it); larger literals are a located error */
    AST_FLOAT,      /* fval */
    AST_IMAG,       /* fval: the imaginary part of a literal such as 2.5j */
    AST_STR,        /* sval: decoded bytes (adjacent literals concatenated), slen */
    AST_BYTES,      /* a bytes literal b'...': sval, slen its bytes (any, NUL too) */
    AST_FSTRING,    /* elts: parts, each AST_STR (literal text) or AST_FORMAT */
    AST_FORMAT,     /* lhs: expression, conv: 0, 'r', 's' or 'a', rhs: format spec (AST_FSTRING) or NULL;
                       sval: the expression's source text when written `{x=}`, else NULL */
    AST_BOOL,       /* ival: 0 or 1 */
    AST_NONE,
    AST_ELLIPSIS,
    AST_BINOP,      /* op, lhs, rhs */
    AST_UNARY,      /* op (AOP_NEG, AOP_POS, AOP_INVERT, AOP_NOT), lhs */
    AST_BOOLOP,     /* op (AOP_AND, AOP_OR), lhs, rhs (a and b and c nests to the left) */
    AST_COMPARE,    /* elts: operands (n >= 2), ops: comparison AstOps (n - 1), for chains */
    AST_IFEXP,      /* cond, then: value if true, els: value if false */
    AST_CALL,       /* lhs: callee, elts: positional args, params: Vec of AST_KEYWORD */
    AST_KEYWORD,    /* sval: name, rhs: value */
    AST_STARRED,    /* *value among a call's positional arguments, or **value among its keyword
                       arguments (ival 2); lhs: value */
    AST_WALRUS,     /* name := value; lhs: the AST_NAME, rhs: value */
    AST_COMP,       /* a list comprehension (ival 'l'), generator expression ('g'), set ('s') or
                       dict comprehension ('d': lhs the key, rhs the value); lhs: the
                       element, elts: the clauses in order, each an AST_FOR (lhs: target, rhs:
                       iterable, no body) or an AST_IF (cond) */
    AST_ATTR,       /* lhs: object, sval: attribute name */
    AST_SUBSCRIPT,  /* lhs: object, rhs: index (an AST_TUPLE when written a[i, j]) */
    AST_SLICE,      /* lhs: start, rhs: stop, cond: step; each NULL when omitted */
    AST_TUPLE,      /* elts */
    AST_DICT,       /* elts: keys, params: the values (as many) */
    AST_LIST,       /* elts */
    AST_SET,        /* a set display {a, b}: elts (none: the empty set lower/comp.c makes) */
    AST_KIND_COUNT
} AstKind;

/* An AST_PARAM's kind (ival): positional-or-keyword, keyword-only (after `*` or `*args`),
 * `*args` (a tuple of the extra positional arguments), `**kwargs` (a record of the extra
 * keyword arguments). */
typedef enum ParamKind { PARAM_PLAIN, PARAM_KWONLY, PARAM_ARGS, PARAM_KWARGS } ParamKind;

typedef enum AstOp {
    /* ORDER AST_OP (ast_op_name) */
    AOP_NONE,
    AOP_ADD, AOP_SUB, AOP_MUL, AOP_DIV, AOP_FLOORDIV, AOP_MOD, AOP_POW, AOP_MATMUL,
    AOP_LSHIFT, AOP_RSHIFT, AOP_BITAND, AOP_BITOR, AOP_BITXOR,
    AOP_NEG, AOP_POS, AOP_INVERT, AOP_NOT,
    AOP_AND, AOP_OR,
    AOP_EQ, AOP_NE, AOP_LT, AOP_LE, AOP_GT, AOP_GE,
    AOP_IS, AOP_ISNOT, AOP_IN, AOP_NOTIN,
    AOP_COUNT
} AstOp;

typedef struct AstNode AstNode;
struct AstNode {
    AstKind kind;
    int id;            /* unique within one parse */
    Span span;
    AstOp op;
    int conv;          /* AST_FORMAT */
    AstNode *lhs, *rhs;
    AstNode *cond, *then, *els;
    Vec elts;          /* of AstNode* */
    Vec params;        /* of AstNode* */
    Vec body;          /* of AstNode*: AST_MODULE, AST_BLOCK */
    Vec ops;           /* AST_COMPARE: AstOp values stored as (void*)(intptr_t) */
    AstNode *docstring;
    const char *sval, *sval2;
    size_t slen;
    int64_t ival;
    double fval;
    AstNode *outer;    /* AST_DEF: the def it stands in (a nested function), NULL at module level */
    /* filled by later stages (compiler/lower/): what a name or attribute chain denotes */
    void *sym;
};

const char *ast_kind_name(AstKind k);
const char *ast_op_name(AstOp op);   /* Python spelling: "+", "//", "not in", ... */
AstNode *ast_new(Arena *a, AstKind kind, Span sp, int *next_id);
/* Writes an S-expression dump of the tree (for --emit=ast and the frontend's unit tests). */
void ast_dump(FILE *out, const AstNode *n);

/* ---------------------------------------------------------------- source.c
 * Reads a source file into src->text and src->len (path and name are the caller's): a regular
 * file of at most FE_MAX_SOURCE bytes, its byte-order mark dropped and its line ends made "\n"
 * (Python's universal newlines).  NULL on success, else why not, for "cannot read PATH: WHY". */
enum { FE_MAX_SOURCE = 16 << 20 };
const char *fe_read_source(Arena *a, const char *path, SrcFile *src);
/* src->text and src->len from the len bytes of text (NUL after them), as Python reads source:
 * a leading byte-order mark dropped (src->bom says so), "\r\n" and "\r" turned into "\n", in
 * place. fe_read_source does it; so does a caller that has the text in memory. */
void fe_normalise_source(SrcFile *src, char *text, size_t len);

/* ---------------------------------------------------------------- parse.c
 * Parses one source file.  On success returns an AST_MODULE and sets *n_nodes to the number of
 * ids used.  Syntax errors and constructs outside the dialect are reported through diag_error
 * (all of them, in source order; of Python's own errors, the first); the function then returns
 * NULL.  Never crashes, whatever the bytes: invalid UTF-8 and NUL bytes are errors (Python's
 * decoding), and so are truncation and deep nesting (a located "too deeply nested" error past
 * 200 levels).                                                                              */
AstNode *fe_parse(Arena *a, const SrcFile *src, int *n_nodes);

#endif
