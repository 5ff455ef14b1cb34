/*
 * ast.c — names of AST kinds and operators, node creation, and the S-expression dump used by
 * `gpyc --emit=ast` and the frontend's unit tests.
 *
 * Dump format: one node per line, two spaces of indentation per level,
 *     (KIND ATTRS... @LINE:COL
 *       CHILD
 *       CHILD)
 * Leaves close on their own line: `(name x @1:1)`.  An absent optional child that has a fixed
 * position (slice bounds, a missing else) prints as `-`.  Strings print in double quotes with
 * C-style escapes, so a dump is one line per node whatever the source held.
 * Invariant: the dump is deterministic (no addresses, no ids), so tests can compare it exactly.
 */
#include "frontend/frontend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ORDER AST_KIND */
static const char *const kind_names[] = {
    "module",    "block",   "expr",    "assign", "augassign", "if",      "for",      "while", "break",
    "continue",  "pass",    "return",  "def",    "param",     "import",  "from",     "alias", "assert",
    "global",    "del",     "with",    "item",   "yield",     "raise",   "name",     "int",   "float",
    "imag",      "str",     "bytes",   "fstring", "format", "bool",      "none",    "ellipsis", "binop", "unary",
    "boolop",    "compare", "ifexp",   "call",   "keyword",   "starred", "walrus",   "comp",  "attr",
    "subscript", "slice",   "tuple",   "dict",   "list",      "set",
};

/* ORDER AST_OP */
static const char *const op_names[] = {
    "?", "+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^",
    "-", "+", "~", "not", "and", "or",
    "==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in",
};
_Static_assert(sizeof kind_names / sizeof *kind_names == AST_KIND_COUNT, "ORDER AST_KIND");
_Static_assert(sizeof op_names / sizeof *op_names == AOP_COUNT, "ORDER AST_OP");

/* The dump's name of a kind: "binop", "call", ... */
const char *ast_kind_name(AstKind k)
{
    return (unsigned)k < AST_KIND_COUNT ? kind_names[k] : "?";
}

/* Python's spelling of an operator. */
const char *ast_op_name(AstOp op)
{
    return (unsigned)op < AOP_COUNT ? op_names[op] : "?";
}

/* A zeroed node of the given kind, with the next id of this parse. */
AstNode *ast_new(Arena *a, AstKind kind, Span sp, int *next_id)
{
    AstNode *n = ar_alloc(a, sizeof(AstNode));
    n->kind = kind;
    n->span = sp;
    n->id = next_id ? (*next_id)++ : 0;
    return n;
}

/* Writes bytes as a double-quoted string with C escapes. */
static void dump_str(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '\n': fputs("\\n", out); break;
        case '\t': fputs("\\t", out); break;
        case '\r': fputs("\\r", out); break;
        case '\\': fputs("\\\\", out); break;
        case '"': fputs("\\\"", out); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fprintf(out, "\\x%02x", c);
            else
                fputc(c, out);
        }
    }
    fputc('"', out);
}

/* Writes the shortest %g form of x that reads back exactly. */
static void dump_double(FILE *out, double x)
{
    if (isnan(x)) {
        fputs("nan", out);
        return;
    }
    if (isinf(x)) {
        fputs(x < 0 ? "-inf" : "inf", out);
        return;
    }
    /* the shortest digits that read back, laid out as Python's repr does */
    char buf[64];
    int prec = 1;
    for (; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    int exp10 = atoi(strchr(buf, 'e') + 1);
    if (exp10 >= -4 && exp10 < 16) {
        int decimals = prec - 1 - exp10;
        snprintf(buf, sizeof buf, "%.*f", decimals > 0 ? decimals : 0, x);
        if (!strchr(buf, '.'))
            strcat(buf, ".0");
    }
    fputs(buf, out);
}

static void dump(FILE *out, const AstNode *n, int depth);

/* A child on its own line, or `-` where an optional one is absent. */
static void child(FILE *out, const AstNode *n, int depth)
{
    fputc('\n', out);
    if (n) {
        dump(out, n, depth);
    } else {
        fprintf(out, "%*s-", 2 * depth, "");
    }
}

/* Each node of a vector, one per line. */
static void children(FILE *out, const Vec *v, int depth)
{
    for (int i = 0; i < v->n; i++)
        child(out, v->v[i], depth);
}

/* Dumps one node and its subtree at the given depth (no trailing newline). */
static void dump(FILE *out, const AstNode *n, int depth)
{
    fprintf(out, "%*s(%s", 2 * depth, "", ast_kind_name(n->kind));
    int d = depth + 1;
    /* attributes on the first line */
    switch (n->kind) {
    case AST_PARAM: /* *args, **kwargs, and a keyword-only one as *:name */
        fprintf(out, " %s%s",
                n->ival == PARAM_ARGS     ? "*"
                : n->ival == PARAM_KWARGS ? "**"
                : n->ival == PARAM_KWONLY ? "*:"
                                          : "",
                n->sval ? n->sval : "?");
        break;
    case AST_STARRED:
        if (n->ival == 2) fputs(" **", out);
        break;
    case AST_MODULE:
    case AST_DEF:
    case AST_IMPORT_FROM:
    case AST_NAME:
    case AST_KEYWORD: case AST_ATTR:
        fprintf(out, " %s", n->sval ? n->sval : "?");
        break;
    case AST_ALIAS:
        fprintf(out, " %s", n->sval ? n->sval : "?");
        if (n->sval2)
            fprintf(out, " as %s", n->sval2);
        break;
    case AST_AUGASSIGN: case AST_BINOP: case AST_UNARY: case AST_BOOLOP:
        fprintf(out, " %s", ast_op_name(n->op));
        break;
    case AST_COMPARE:
        for (int i = 0; i < n->ops.n; i++)
            fprintf(out, " %s", ast_op_name((AstOp)(intptr_t)n->ops.v[i]));
        break;
    case AST_INT:
        if (n->conv == 'u')
            fprintf(out, " %llu", (unsigned long long)n->ival);
        else
            fprintf(out, " %lld", (long long)n->ival);
        break;
    case AST_FLOAT:
        fputc(' ', out);
        dump_double(out, n->fval);
        break;
    case AST_IMAG:
        fputc(' ', out);
        dump_double(out, n->fval);
        fputc('j', out);
        break;
    case AST_STR:
    case AST_BYTES:
        fputc(' ', out);
        dump_str(out, n->sval ? n->sval : "", n->sval ? n->slen : 0);
        break;
    case AST_FORMAT:
        if (n->conv)
            fprintf(out, " !%c", n->conv);
        if (n->sval) {
            fputs(" =", out);
            dump_str(out, n->sval, strlen(n->sval));
        }
        break;
    case AST_BOOL:
        fputs(n->ival ? " True" : " False", out);
        break;
    default:
        break;
    }
    fprintf(out, " @%u:%u", (unsigned)n->span.line, (unsigned)n->span.col);
    /* children, one per line */
    switch (n->kind) {
    case AST_MODULE: case AST_BLOCK:
        if (n->docstring) {
            fprintf(out, "\n%*s(doc", 2 * d, "");
            child(out, n->docstring, d + 1);
            fputc(')', out);
        }
        children(out, &n->body, d);
        break;
    case AST_EXPR_STMT: case AST_ATTR: case AST_UNARY: case AST_STARRED:
        child(out, n->lhs, d);
        break;
    case AST_ASSIGN:
        children(out, &n->elts, d);
        child(out, n->rhs, d);
        if (n->cond) child(out, n->cond, d);
        break;
    case AST_AUGASSIGN:
    case AST_BINOP:
    case AST_BOOLOP:
    case AST_SUBSCRIPT:
    case AST_WALRUS:
        child(out, n->lhs, d);
        child(out, n->rhs, d);
        break;
    case AST_IF: case AST_IFEXP:
        child(out, n->cond, d);
        child(out, n->then, d);
        child(out, n->els, d);
        break;
    case AST_FOR:
        child(out, n->lhs, d);
        child(out, n->rhs, d);
        child(out, n->then, d);
        child(out, n->els, d);
        break;
    case AST_WHILE:
        child(out, n->cond, d);
        child(out, n->then, d);
        child(out, n->els, d);
        break;
    case AST_RETURN: case AST_YIELD: case AST_RAISE:
        if (n->lhs)
            child(out, n->lhs, d);
        break;
    case AST_DEF:
        if (n->docstring) {
            fprintf(out, "\n%*s(doc", 2 * d, "");
            child(out, n->docstring, d + 1);
            fputc(')', out);
        }
        if (n->elts.n) {
            fprintf(out, "\n%*s(decorators", 2 * d, "");
            children(out, &n->elts, d + 1);
            fputc(')', out);
        }
        children(out, &n->params, d);
        child(out, n->then, d);
        break;
    case AST_PARAM: case AST_KEYWORD:
        if (n->rhs)
            child(out, n->rhs, d);
        break;
    case AST_IMPORT: case AST_IMPORT_FROM: case AST_GLOBAL: case AST_DEL: case AST_FSTRING:
    case AST_TUPLE: case AST_LIST: case AST_SET: case AST_COMPARE:
        children(out, &n->elts, d);
        break;
    case AST_ASSERT:
        child(out, n->cond, d);
        if (n->rhs)
            child(out, n->rhs, d);
        break;
    case AST_WITH:
        children(out, &n->elts, d);
        child(out, n->then, d);
        break;
    case AST_WITH_ITEM:
        child(out, n->lhs, d);
        if (n->rhs)
            child(out, n->rhs, d);
        break;
    case AST_FORMAT:
        child(out, n->lhs, d);
        if (n->rhs)
            child(out, n->rhs, d);
        break;
    case AST_DICT:
        for (int i = 0; i < n->elts.n; i++) {
            child(out, n->elts.v[i], d);
            child(out, n->params.v[i], d);
        }
        break;
    case AST_COMP:
        child(out, n->lhs, d);
        if (n->rhs)
            child(out, n->rhs, d);
        children(out, &n->elts, d);
        break;
    case AST_CALL:
        child(out, n->lhs, d);
        children(out, &n->elts, d);
        children(out, &n->params, d);
        break;
    case AST_SLICE:
        child(out, n->lhs, d);
        child(out, n->rhs, d);
        child(out, n->cond, d);
        break;
    default:
        break;
    }
    fputc(')', out);
}

/* Writes the S-expression dump of n's subtree, ending with a newline. */
void ast_dump(FILE *out, const AstNode *n)
{
    if (!n) {
        fputs("-\n", out);
        return;
    }
    dump(out, n, 0);
    fputc('\n', out);
}
