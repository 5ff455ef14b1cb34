/*
 * parse_expr.c — the converter's expressions: operators and their chains, comparisons, calls,
 * subscripts and slices, containers, and assignment targets.
 */
#include "frontend/parse.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- expressions */

/* An expression in a value position: a bare `a, b` is a tuple, `yield` is rejected. */
static AstNode *display_item(Parser *p, TSNode n);

AstNode *ps_value(Parser *p, TSNode n)
{
    if (ps_is(n, "expression_list") || ps_is(n, "pattern_list")) {
        AstNode *t = ps_mk(p, AST_TUPLE, n);
        t->elts = ps_elements(p, n, display_item);
        return t;
    }
    return ps_expr(p, n);
}

/* The AstOp of an operator token ("+", "//=", "not in", ...); AOP_NONE if unknown. */
AstOp ps_op_of(const char *t)
{
    static const struct { const char *s; AstOp op; } ops[] = {
        {"+", AOP_ADD}, {"-", AOP_SUB}, {"*", AOP_MUL}, {"/", AOP_DIV}, {"//", AOP_FLOORDIV},
        {"%", AOP_MOD}, {"**", AOP_POW}, {"@", AOP_MATMUL}, {"<<", AOP_LSHIFT},
        {">>", AOP_RSHIFT}, {"&", AOP_BITAND}, {"|", AOP_BITOR}, {"^", AOP_BITXOR},
        {"and", AOP_AND}, {"or", AOP_OR}, {"==", AOP_EQ}, {"!=", AOP_NE}, {"<", AOP_LT},
        {"<=", AOP_LE}, {">", AOP_GT}, {">=", AOP_GE}, {"is", AOP_IS}, {"is not", AOP_ISNOT},
        {"in", AOP_IN}, {"not in", AOP_NOTIN},
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strcmp(ops[i].s, t) == 0)
            return ops[i].op;
    return AOP_NONE;
}

/* The elements of a tuple/list-like node, each converted by conv. */
Vec ps_elements(Parser *p, TSNode n, AstNode *(*conv)(Parser *, TSNode))
{
    Kids ks = ps_named_kids(p, n);
    Vec elts = {0};
    for (int i = 0; i < ks.n; i++)
        vec_push(&elts, conv(p, ks.k[i].node));
    return ps_freeze(p, &elts);
}

/* comprehension: body (for_in_clause | if_clause)+ → AST_COMP of kind 'l' (a list), 'g' (a
 * generator expression), 's' (a set) or 'd' (a dict: its body a key: value pair); `for x in
 * a, b` iterates over the tuple (a, b). */
static AstNode *comprehension(Parser *p, TSNode n, int kind)
{
    AstNode *c = ps_mk(p, AST_COMP, n);
    c->ival = kind;
    TSNode body = ps_field(n, "body");
    if (kind == 'd' && !ts_node_is_null(body) && ps_is(body, "pair")) {
        c->lhs = ps_expr(p, ps_field(body, "key"));
        c->rhs = ps_expr(p, ps_field(body, "value"));
    } else {
        c->lhs = ps_expr(p, body);
    }
    Vec clauses = {0};
    Kids ks = ps_named_kids(p, n);
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ps_is(k, "if_clause")) {
            Kids ik = ps_named_kids(p, k);
            AstNode *f = ps_mk(p, AST_IF, k);
            f->cond = ik.n == 1 ? ps_expr(p, ik.k[0].node) : ps_bad(p, k, "invalid syntax");
            vec_push(&clauses, f);
            continue;
        }
        if (!ps_is(k, "for_in_clause"))
            continue;
        if (ts_node_child_count(k) > 0 && ps_is(ts_node_child(k, 0), "async"))
            ps_error_at(p, ps_span_of(p, k), "asynchronous comprehensions are not supported");
        AstNode *f = ps_mk(p, AST_FOR, k);
        f->lhs = ps_target(p, ps_field(k, "left"));
        Kids fk = ps_kids_of(p, k);
        Vec iters = {0};
        for (int j = 0; j < fk.n; j++)
            if (fk.k[j].field && strcmp(fk.k[j].field, "right") == 0)
                vec_push(&iters, ps_expr(p, fk.k[j].node));
        if (iters.n == 1) {
            f->rhs = iters.v[0];
            vec_free(&iters);
        } else {
            f->rhs = ps_mk(p, AST_TUPLE, k);
            f->rhs->elts = ps_freeze(p, &iters);
        }
        vec_push(&clauses, f);
    }
    c->elts = ps_freeze(p, &clauses);
    return c;
}

/* dictionary: "{" (key ":" value),* "}" → AST_DICT; `**d` inside is rejected. */
static AstNode *dict_display(Parser *p, TSNode n)
{
    AstNode *d = ps_mk(p, AST_DICT, n);
    Vec keys = {0}, vals = {0};
    Kids ks = ps_named_kids(p, n);
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (!ps_is(k, "pair")) {
            ps_bad(p, k, "%s", ps_is(k, "dictionary_splat") ? "dict unpacking (**d) is not supported" : "invalid syntax");
            continue;
        }
        vec_push(&keys, ps_expr(p, ps_field(k, "key")));
        vec_push(&vals, ps_expr(p, ps_field(k, "value")));
    }
    d->elts = ps_freeze(p, &keys);
    d->params = ps_freeze(p, &vals);
    return d;
}

/* The operand on the left edge of n that tree-sitter-python builds first: a call's function, an
 * operator's left operand, an attribute's object, a subscript's value (a null node else). */
static TSNode left_edge(Parser *p, TSNode n)
{
    if (ps_is(n, "call")) return ps_field(n, "function");
    if (ps_is(n, "binary_operator") || ps_is(n, "boolean_operator")) return ps_field(n, "left");
    if (ps_is(n, "attribute")) return ps_field(n, "object");
    if (ps_is(n, "subscript")) return ps_field(n, "value");
    if (ps_is(n, "comparison_operator") || ps_is(n, "conditional_expression")) {
        Kids ks = ps_named_kids(p, n);
        if (ks.n) return ks.k[0].node;
    }
    return (TSNode){ 0 };
}

/* tree-sitter-python reads a starred argument of a call to print that has arguments before it
 * (print was a statement in Python 2) with the star bound to the argument's first operand:
 * `print(x, *g() + t)` as `(*g)() + t`, `print(x, *t + u)` as `(*t) + u`, `print(x, *a if c
 * else b)` as `(*a) if c else b`.  Such an argument,
 * whose left edge (left_edge, repeatedly) ends at a list_splat, is the star of the whole
 * argument, read with the splat as its operand; NULL when k is not of this form. */
static AstNode *misread_splat(Parser *p, TSNode k)
{
    TSNode f = left_edge(p, k);
    while (!ts_node_is_null(f) && !ps_is(f, "list_splat")) f = left_edge(p, f);
    if (ts_node_is_null(f)) return NULL;
    Kids sk = ps_named_kids(p, f);
    if (sk.n != 1) return ps_bad(p, f, "invalid syntax");
    p->strip = f;
    p->strip_out = NULL;
    AstNode *x = ps_expr(p, k), *in = p->strip_out;
    p->strip = (TSNode){ 0 };
    /* the nodes over the operand start where it does, after the star */
    for (AstNode *e = x; in && e && e != in;
         e = e->kind == AST_COMPARE ? e->elts.v[0] : e->kind == AST_IFEXP ? e->then : e->lhs) {
        e->span.start = in->span.start;
        e->span.line = in->span.line;
        e->span.col = in->span.col;
        if (e->kind == AST_COMPARE && !e->elts.n) break;
    }
    AstNode *a = ps_mk(p, AST_STARRED, k);
    a->lhs = x;
    return a;
}

/* An item of a tuple or list display: an expression, or `*x` (an AST_STARRED: its items;
 * tree-sitter-python's misreading of `[*f(a)]` as `(*f)(a)` repaired as in calls). */
static AstNode *display_item(Parser *p, TSNode n)
{
    AstNode *x = misread_splat(p, n);
    if (x) return x;
    if (!ps_is(n, "list_splat")) return ps_expr(p, n);
    Kids ks = ps_named_kids(p, n);
    x = ps_mk(p, AST_STARRED, n);
    x->lhs = ks.n == 1 ? ps_expr(p, ks.k[0].node) : ps_bad(p, n, "invalid syntax");
    return x;
}

/* call: primary "(" (expr | "*" expr | name "=" expr | "**" expr),* ")": a `**d` is an
 * AST_STARRED (ival 2) among the keywords. */
static AstNode *call(Parser *p, TSNode n)
{
    AstNode *c = ps_mk(p, AST_CALL, n);
    c->lhs = ps_expr(p, ps_field(n, "function"));
    TSNode args = ps_field(n, "arguments");
    if (ts_node_is_null(args))
        return c;
    if (ps_is(args, "generator_expression")) { /* f(x for x in xs): its one argument */
        Vec pos = {0};
        vec_push(&pos, comprehension(p, args, 'g'));
        c->elts = ps_freeze(p, &pos);
        return c;
    }
    Kids ks = ps_named_kids(p, args);
    Vec pos = {0}, kw = {0};
    AstNode *splat;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ps_is(k, "keyword_argument")) {
            AstNode *a = ps_mk(p, AST_KEYWORD, k);
            a->sval = ps_text_of(p, ps_field(k, "name"));
            a->rhs = ps_expr(p, ps_field(k, "value"));
            for (int j = 0; j < kw.n; j++)
                if (((AstNode *)kw.v[j])->kind == AST_KEYWORD &&
                    strcmp(((AstNode *)kw.v[j])->sval, a->sval) == 0) {
                    ps_bad(p, k, "keyword argument repeated: %s", a->sval);
                    break;
                }
            vec_push(&kw, a);
        } else if (ps_is(k, "list_splat")) { /* *t: lowering spreads a tuple of known length */
            Kids sk = ps_named_kids(p, k);
            AstNode *a = ps_mk(p, AST_STARRED, k);
            a->lhs = sk.n == 1 ? ps_expr(p, sk.k[0].node) : ps_bad(p, k, "invalid syntax");
            vec_push(&pos, a);
        } else if (ps_is(k, "dictionary_splat")) { /* **d: lowering spreads a dict record */
            Kids sk = ps_named_kids(p, k);
            AstNode *a = ps_mk(p, AST_STARRED, k);
            a->ival = 2;
            a->sval = "**";
            a->lhs = sk.n == 1 ? ps_expr(p, sk.k[0].node) : ps_bad(p, k, "invalid syntax");
            vec_push(&kw, a);
        } else if (ps_is(k, "parenthesized_list_splat")) {
            ps_bad(p, k, "argument unpacking is not supported");
        } else if ((splat = misread_splat(p, k))) {
            vec_push(&pos, splat); /* (a star may follow keywords, as in Python) */
        } else {
            if (kw.n > 0)
                ps_bad(p, k, "positional argument follows keyword argument");
            vec_push(&pos, ps_expr(p, k));
        }
    }
    c->elts = ps_freeze(p, &pos);
    c->params = ps_freeze(p, &kw);
    return c;
}

/* slice: [expr] ":" [expr] [":" [expr]] */
static AstNode *slice(Parser *p, TSNode n)
{
    AstNode *s = ps_mk(p, AST_SLICE, n);
    Kids ks = ps_kids_of(p, n);
    int part = 0;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (!ts_node_is_named(k)) {
            if (ps_is(k, ":"))
                part++;
            continue;
        }
        AstNode *e = ps_expr(p, k);
        if (part == 0)
            s->lhs = e;
        else if (part == 1)
            s->rhs = e;
        else
            s->cond = e;
    }
    return s;
}

/* An index inside brackets: a slice or an expression. */
static AstNode *index_item(Parser *p, TSNode n)
{
    return ps_is(n, "slice") ? slice(p, n) : ps_expr(p, n);
}

/* subscript: primary "[" index ("," index)* [","] "]"; several indices make an AST_TUPLE. */
static AstNode *subscript(Parser *p, TSNode n)
{
    AstNode *s = ps_mk(p, AST_SUBSCRIPT, n);
    s->lhs = ps_expr(p, ps_field(n, "value"));
    Kids ks = ps_kids_of(p, n);
    Vec idx = {0};
    bool comma = false;
    uint32_t first = 0, last = 0;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ks.k[i].field && strcmp(ks.k[i].field, "subscript") == 0) {
            if (idx.n == 0)
                first = ts_node_start_byte(k);
            last = ts_node_end_byte(k);
            vec_push(&idx, index_item(p, k));
        } else if (!ts_node_is_named(k) && ps_is(k, ",") && idx.n > 0) {
            comma = true;
        }
    }
    if (idx.n == 1 && !comma) {
        s->rhs = idx.v[0];
        vec_free(&idx);
    } else {
        AstNode *t = ast_new(p->a, AST_TUPLE, ps_span_range(p, first, last), &p->next_id);
        if (idx.n == 0)
            t->span = ps_span_of(p, n);
        t->elts = ps_freeze(p, &idx);
        s->rhs = t;
    }
    return s;
}

/* comparison: expr (op expr)+ — a chain becomes one AST_COMPARE. */
static AstNode *comparison(Parser *p, TSNode n)
{
    AstNode *c = ps_mk(p, AST_COMPARE, n);
    Kids ks = ps_kids_of(p, n);
    Vec elts = {0}, ops = {0};
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        if (ks.k[i].field && strcmp(ks.k[i].field, "operators") == 0) {
            AstOp op = ps_op_of(ts_node_type(k));
            if (op == AOP_NONE)
                ps_bad(p, k, "invalid syntax: operator '%s'", ts_node_type(k));
            vec_push(&ops, (void *)(intptr_t)op);
        } else if (ts_node_is_named(k)) {
            vec_push(&elts, ps_expr(p, k));
        }
    }
    c->elts = ps_freeze(p, &elts);
    c->ops = ps_freeze(p, &ops);
    return c;
}

/* unary: ("-" | "+" | "~") primary; -9223372036854775808 is one int literal. */
static AstNode *unary(Parser *p, TSNode n)
{
    TSNode opn = ps_field(n, "operator"), arg = ps_field(n, "argument");
    AstOp op = AOP_NONE;
    if (!ts_node_is_null(opn)) {
        const char *t = ts_node_type(opn);
        op = t[0] == '-' ? AOP_NEG : t[0] == '+' ? AOP_POS : AOP_INVERT;
    }
    if (op == AOP_NEG && !ts_node_is_null(arg) && ps_is(arg, "integer")) {
        AstNode *lit = ps_integer(p, arg, true);
        if (lit->kind == AST_INT && (uint64_t)lit->ival == (uint64_t)INT64_MAX + 1) {
            lit->ival = INT64_MIN;
            lit->span = ps_span_of(p, n);
            return lit;
        }
        AstNode *u = ps_mk(p, AST_UNARY, n);
        u->op = op;
        u->lhs = lit;
        return u;
    }
    AstNode *u = ps_mk(p, AST_UNARY, n);
    u->op = op;
    u->lhs = ps_expr(p, arg);
    return u;
}

/* A run of `&` and `^` operators without parentheses, flattened in source order:
 * operand[0] op[0] operand[1] ... (see bitwise()). */
typedef struct BitChain {
    TSNode *operand;
    char *op;
    int n, cap;
} BitChain;

/* Is n a binary `&` or `^`?  Which one goes in *op. */
static bool is_bitop(TSNode n, char *op)
{
    if (ts_node_is_null(n) || !ps_is(n, "binary_operator"))
        return false;
    TSNode o = ps_field(n, "operator");
    if (ts_node_is_null(o) || (!ps_is(o, "&") && !ps_is(o, "^")))
        return false;
    *op = ts_node_type(o)[0];
    return true;
}

static void chain_push(BitChain *c, TSNode operand, char op)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->operand = xrealloc(c->operand, sizeof(TSNode) * (size_t)c->cap);
        c->op = xrealloc(c->op, (size_t)c->cap);
    }
    c->operand[c->n] = operand;
    c->op[c->n] = op; /* the operator after this operand; 0 for the last */
    c->n++;
}

static void flatten_bits(Parser *p, TSNode n, BitChain *c)
{
    char op;
    if (is_bitop(n, &op)) {
        if (ps_enter(p, n, false)) {
            flatten_bits(p, ps_field(n, "left"), c);
            c->op[c->n - 1] = op;
            flatten_bits(p, ps_field(n, "right"), c);
        } else {
            chain_push(c, n, 0); /* becomes a placeholder: the depth error is reported */
        }
        ps_leave(p, false);
        return;
    }
    chain_push(c, n, 0);
}

/* A binop over two converted operands, spanning both. */
static AstNode *join(Parser *p, AstOp op, AstNode *l, AstNode *r)
{
    AstNode *b = ast_new(p->a, AST_BINOP, ps_span_range(p, l->span.start, r->span.end), &p->next_id);
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return b;
}

static AstNode *bit_and(Parser *p, BitChain *c, int *k)
{
    AstNode *l = ps_expr(p, c->operand[*k]);
    while (*k < c->n - 1 && c->op[*k] == '&') {
        (*k)++;
        l = join(p, AOP_BITAND, l, ps_expr(p, c->operand[*k]));
    }
    return l;
}

/* `a ^ b & c`: tree-sitter-python 0.25 ranks `^` above `&` (grammar.js PREC.xor 16 >
 * PREC.bitwise_and 15), Python the other way round (& binds tighter than ^).  We re-associate
 * each unparenthesised run of the two: xor := and ("^" and)*, and := operand ("&" operand)*. */
static AstNode *bitwise(Parser *p, TSNode n)
{
    BitChain c = {0};
    flatten_bits(p, n, &c);
    int k = 0;
    AstNode *l = bit_and(p, &c, &k);
    while (k < c.n - 1 && c.op[k] == '^') {
        k++;
        l = join(p, AOP_BITXOR, l, bit_and(p, &c, &k));
    }
    xfree(c.operand);
    xfree(c.op);
    return l;
}

/* The conversion of one expression node; see ps_expr(). */
static AstNode *expr_inner(Parser *p, TSNode n)
{
    const char *t = ts_node_type(n);
    AstNode *x;
    if (strcmp(t, "identifier") == 0) {
        x = ps_mk(p, AST_NAME, n);
        x->sval = ps_text_of(p, n);
        return x;
    }
    if (strcmp(t, "integer") == 0)
        return ps_integer(p, n, false);
    if (strcmp(t, "float") == 0)
        return ps_floating(p, n);
    if (strcmp(t, "string") == 0 || strcmp(t, "concatenated_string") == 0)
        return ps_strings(p, n);
    if (strcmp(t, "true") == 0 || strcmp(t, "false") == 0) {
        x = ps_mk(p, AST_BOOL, n);
        x->ival = t[0] == 't';
        return x;
    }
    if (strcmp(t, "none") == 0)
        return ps_mk(p, AST_NONE, n);
    if (strcmp(t, "ellipsis") == 0)
        return ps_mk(p, AST_ELLIPSIS, n);
    char bitop;
    if (is_bitop(n, &bitop))
        return bitwise(p, n);
    if (strcmp(t, "binary_operator") == 0) {
        x = ps_mk(p, AST_BINOP, n);
        TSNode opn = ps_field(n, "operator");
        x->op = ts_node_is_null(opn) ? AOP_NONE : ps_op_of(ts_node_type(opn));
        x->lhs = ps_expr(p, ps_field(n, "left"));
        x->rhs = ps_expr(p, ps_field(n, "right"));
        return x;
    }
    if (strcmp(t, "boolean_operator") == 0) {
        x = ps_mk(p, AST_BOOLOP, n);
        TSNode opn = ps_field(n, "operator");
        x->op = ts_node_is_null(opn) ? AOP_NONE : ps_op_of(ts_node_type(opn));
        x->lhs = ps_expr(p, ps_field(n, "left"));
        x->rhs = ps_expr(p, ps_field(n, "right"));
        return x;
    }
    if (strcmp(t, "unary_operator") == 0)
        return unary(p, n);
    if (strcmp(t, "not_operator") == 0) {
        x = ps_mk(p, AST_UNARY, n);
        x->op = AOP_NOT;
        x->lhs = ps_expr(p, ps_field(n, "argument"));
        return x;
    }
    if (strcmp(t, "comparison_operator") == 0)
        return comparison(p, n);
    if (strcmp(t, "conditional_expression") == 0) {
        /* body "if" cond "else" orelse */
        Kids ks = ps_named_kids(p, n);
        if (ks.n != 3)
            return ps_bad(p, n, "invalid syntax");
        x = ps_mk(p, AST_IFEXP, n);
        x->then = ps_expr(p, ks.k[0].node);
        x->cond = ps_expr(p, ks.k[1].node);
        x->els = ps_expr(p, ks.k[2].node);
        return x;
    }
    if (strcmp(t, "call") == 0)
        return call(p, n);
    if (strcmp(t, "attribute") == 0) {
        x = ps_mk(p, AST_ATTR, n);
        x->lhs = ps_expr(p, ps_field(n, "object"));
        x->sval = ps_text_of(p, ps_field(n, "attribute"));
        return x;
    }
    if (strcmp(t, "subscript") == 0)
        return subscript(p, n);
    if (strcmp(t, "tuple") == 0 || strcmp(t, "expression_list") == 0 ||
        strcmp(t, "pattern_list") == 0 || strcmp(t, "tuple_pattern") == 0) {
        x = ps_mk(p, AST_TUPLE, n);
        x->elts = ps_elements(p, n, display_item);
        return x;
    }
    if (strcmp(t, "list") == 0 || strcmp(t, "list_pattern") == 0) {
        x = ps_mk(p, AST_LIST, n);
        x->elts = ps_elements(p, n, display_item);
        return x;
    }
    if (strcmp(t, "parenthesized_expression") == 0) {
        Kids ks = ps_named_kids(p, n);
        if (ks.n != 1)
            return ps_bad(p, n, "invalid syntax");
        return ps_expr(p, ks.k[0].node); /* no node for the parentheses */
    }
    if (strcmp(t, "slice") == 0)
        return ps_bad(p, n, "slices are only allowed inside brackets");
    if (strcmp(t, "lambda") == 0)
        return ps_bad(p, n,
                      "lambda expressions are not supported: write a def (a nested def may be passed to "
                      "sorted(key=), map, filter, cp.vectorize)");
    if (strcmp(t, "named_expression") == 0) { /* name := value */
        TSNode up = ts_node_parent(n);
        if (!ts_node_is_null(up) && (ps_is(up, "list_splat") || ps_is(up, "dictionary_splat")))
            return ps_bad(p, n, "invalid syntax"); /* (*a := b: Python's too; *(a := b) is one) */
        AstNode *w = ps_mk(p, AST_WALRUS, n);
        w->lhs = ps_expr(p, ps_field(n, "name"));
        w->rhs = ps_expr(p, ps_field(n, "value"));
        return w;
    }
    if (strcmp(t, "await") == 0)
        return ps_bad(p, n, "await is not supported");
    if (strcmp(t, "yield") == 0)
        return ps_bad(p, n,
                      "yield as an expression (a value sent in, or the yield's value used) is not "
                      "supported: write `yield value` as a statement of its own");
    if (strcmp(t, "list_comprehension") == 0)
        return comprehension(p, n, 'l');
    if (strcmp(t, "dictionary_comprehension") == 0)
        return comprehension(p, n, 'd');
    if (strcmp(t, "set_comprehension") == 0)
        return comprehension(p, n, 's');
    if (strcmp(t, "generator_expression") == 0)
        return comprehension(p, n, 'g');
    if (strcmp(t, "dictionary") == 0)
        return dict_display(p, n);
    if (strcmp(t, "set") == 0) {
        AstNode *s = ps_mk(p, AST_SET, n);
        s->elts = ps_elements(p, n, display_item); /* ({*xs, 1}: lowered as set([*xs, 1])) */
        return s;
    }
    if (!ts_node_is_null(p->strip) && ts_node_eq(n, p->strip)) {
        Kids sk = ps_named_kids(p, n); /* (misread_splat: one) */
        return p->strip_out = ps_expr(p, sk.k[0].node);
    }
    if (strcmp(t, "list_splat") == 0 || strcmp(t, "list_splat_pattern") == 0 ||
        strcmp(t, "dictionary_splat") == 0 || strcmp(t, "parenthesized_list_splat") == 0)
        return ps_bad(p, n, "star expressions are not supported");
    if (strcmp(t, "keyword_argument") == 0)
        return ps_bad(p, n, "keyword arguments are only allowed in calls");
    return ps_bad(p, n, "invalid syntax");
}

/* expression: every expression form of the dialect (DESIGN.md §2), depth-guarded. */
AstNode *ps_expr(Parser *p, TSNode n)
{
    if (ts_node_is_null(n))
        return ast_new(p->a, AST_NONE, ps_span_range(p, 0, 0), &p->next_id);
    const char *t = ts_node_type(n);
    bool nest = strcmp(t, "parenthesized_expression") == 0 || strcmp(t, "tuple") == 0 ||
                strcmp(t, "list") == 0 || strcmp(t, "call") == 0 ||
                strcmp(t, "subscript") == 0;
    AstNode *x;
    if (ps_enter(p, n, nest))
        x = expr_inner(p, n);
    else
        x = ps_placeholder(p, n);
    ps_leave(p, nest);
    return x;
}

/* target: name | attribute | subscript | "(" targets ")" | "[" targets "]" | targets "," */
AstNode *ps_target(Parser *p, TSNode n)
{
    if (ts_node_is_null(n))
        return ast_new(p->a, AST_NONE, ps_span_range(p, 0, 0), &p->next_id);
    const char *t = ts_node_type(n);
    AstNode *x;
    if (!ps_enter(p, n, true)) {
        x = ps_placeholder(p, n);
    } else if (strcmp(t, "identifier") == 0 || strcmp(t, "attribute") == 0 ||
               strcmp(t, "subscript") == 0) {
        x = ps_expr(p, n);
    } else if (strcmp(t, "pattern_list") == 0 || strcmp(t, "tuple_pattern") == 0 ||
               strcmp(t, "expression_list") == 0 || strcmp(t, "tuple") == 0) {
        x = ps_mk(p, AST_TUPLE, n);
        x->elts = ps_elements(p, n, ps_target);
    } else if (strcmp(t, "list_pattern") == 0 || strcmp(t, "list") == 0) {
        x = ps_mk(p, AST_LIST, n);
        x->elts = ps_elements(p, n, ps_target);
    } else if (strcmp(t, "parenthesized_expression") == 0) {
        Kids ks = ps_named_kids(p, n);
        x = ks.n == 1 ? ps_target(p, ks.k[0].node) : ps_bad(p, n, "invalid syntax");
    } else if (strcmp(t, "list_splat_pattern") == 0 || strcmp(t, "list_splat") == 0) {
        /* `a, *rest = xs`: lowering takes it in a tuple or list target only */
        Kids ks = ps_named_kids(p, n);
        x = ps_mk(p, AST_STARRED, n);
        x->lhs = ks.n == 1 ? ps_target(p, ks.k[0].node) : ps_bad(p, n, "invalid syntax");
    } else {
        x = ps_bad(p, n, "cannot assign to this expression");
    }
    ps_leave(p, true);
    return x;
}
