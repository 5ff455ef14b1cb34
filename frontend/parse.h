/*
 * parse.h — private to the parser (parse.c, parse_lit.c, parse_expr.c, parse_stmt.c): the
 * parser's state, the CST helpers every part uses, and each part's entry points.  The
 * frontend's public interface is fe_parse in frontend.h.
 */
#ifndef GPYC_PARSE_H
#define GPYC_PARSE_H

#include "frontend/frontend.h"

#include <tree_sitter/api.h>

enum { MAX_NEST = 200, MAX_RECURSION = 1000 };

typedef struct Parser {
    Arena *a;          /* the compile's arena: AST and strings */
    Arena *scratch;    /* child lists, freed at the end of fe_parse */
    const SrcFile *src;
    const char *text;
    uint32_t len;
    uint32_t *lines;   /* byte offset of the start of each line (in scratch) */
    uint32_t nlines;
    int next_id;
    int nerr;          /* errors reported by this parse */
    int nest, rec;     /* current nesting and recursion depth */
    bool too_deep;     /* "too deeply nested" already reported */
    int fn_depth;      /* inside a def */
    AstNode *cur_def;  /* the innermost def being converted (AST_DEF's outer), NULL at module level */
    int loop_depth;    /* inside a for/while of the current function */
    Vec nonlocals; /* NonlocalReq*: `nonlocal` names waiting for the def that binds them */
    TSNode strip;       /* a list_splat that tree-sitter put inside a print argument (misread_splat):
                           read as its operand, which strip_out is then */
    AstNode *strip_out;
} Parser;

/* A name declared `nonlocal` in a nested def, waiting for the enclosing def that binds it
 * (parse_stmt.c, funcdef: that def's name becomes the hidden global "name@def"). */
typedef struct NonlocalReq {
    AstNode *def; /* the def whose end resolves it: the declaring def's outer, then further out */
    AstNode *name; /* the AST_NAME in the nonlocal statement (renamed with the others) */
} NonlocalReq;

/* A child of a CST node with the name of the field it fills (or NULL). */
typedef struct Kid {
    TSNode node;
    const char *field;
} Kid;

typedef struct Kids {
    Kid *k;
    int n;
} Kids;

/* ---------------------------------------------------------------- helpers (parse.c) */
Span ps_span_range(Parser *p, uint32_t start, uint32_t end);
Span ps_span_of(Parser *p, TSNode n);
__attribute__((format(printf, 3, 4)))
void ps_error_at(Parser *p, Span sp, const char *fmt, ...);
AstNode *ps_mk(Parser *p, AstKind k, TSNode n);
AstNode *ps_placeholder(Parser *p, TSNode n);
__attribute__((format(printf, 3, 4)))
AstNode *ps_bad(Parser *p, TSNode n, const char *fmt, ...);
bool ps_is(TSNode n, const char *type);
char *ps_text_of(Parser *p, TSNode n);
Kids ps_kids_of(Parser *p, TSNode n);
Kids ps_named_kids(Parser *p, TSNode n);
TSNode ps_field(TSNode n, const char *name);
Span ps_keyword_span(Parser *p, TSNode n);
Vec ps_freeze(Parser *p, Vec *v);
bool ps_enter(Parser *p, TSNode n, bool nest);
void ps_leave(Parser *p, bool nest);

/* ---------------------------------------------------------------- literals (parse_lit.c) */
AstNode *ps_integer(Parser *p, TSNode n, bool neg);
AstNode *ps_floating(Parser *p, TSNode n);
AstNode *ps_strings(Parser *p, TSNode whole);

/* ---------------------------------------------------------------- expressions (parse_expr.c) */
AstNode *ps_expr(Parser *p, TSNode n);
AstNode *ps_value(Parser *p, TSNode n);
AstNode *ps_target(Parser *p, TSNode n);
Vec ps_elements(Parser *p, TSNode n, AstNode *(*conv)(Parser *, TSNode));
AstOp ps_op_of(const char *t);

/* ---------------------------------------------------------------- statements (parse_stmt.c) */
AstNode *ps_module(Parser *p, TSNode root);

#endif
