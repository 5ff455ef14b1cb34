/*
 * parse_stmt.c — the converter's statements: imports, def, if, for/while, with, assignments,
 * and the module with its docstring; constructs outside the dialect get located errors.
 */
#include "frontend/parse.h"

#include <stdlib.h>
#include <string.h>

static AstNode *block(Parser *p, TSNode n, TSNode owner);
static void stmt(Parser *p, TSNode n, Vec *out);

/* ---------------------------------------------------------------- statements */

/* dotted_name: name ("." name)* → "a.b.c" (spaces around dots dropped). */
static char *dotted(Parser *p, TSNode n)
{
    if (!ps_is(n, "dotted_name"))
        return ps_text_of(p, n);
    Kids ks = ps_named_kids(p, n);
    StrBuf sb = {0};
    for (int i = 0; i < ks.n; i++) {
        if (i)
            sb_putc(&sb, '.');
        uint32_t s = ts_node_start_byte(ks.k[i].node), e = ts_node_end_byte(ks.k[i].node);
        sb_putn(&sb, p->text + s, e - s);
    }
    char *r = ar_strndup(p->a, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    return r;
}

/* One imported name: dotted_name | dotted_name "as" name. */
static AstNode *alias(Parser *p, TSNode n)
{
    AstNode *a = ps_mk(p, AST_ALIAS, n);
    if (ps_is(n, "aliased_import")) {
        a->sval = dotted(p, ps_field(n, "name"));
        a->sval2 = ps_text_of(p, ps_field(n, "alias"));
    } else {
        a->sval = dotted(p, n);
    }
    return a;
}

/* The names of an import statement (its "name" fields). */
static Vec import_names(Parser *p, TSNode n)
{
    Kids ks = ps_kids_of(p, n);
    Vec v = {0};
    for (int i = 0; i < ks.n; i++)
        if (ks.k[i].field && strcmp(ks.k[i].field, "name") == 0)
            vec_push(&v, alias(p, ks.k[i].node));
    return ps_freeze(p, &v);
}

/* Takes a leading string-literal statement out of body as the docstring. */
static AstNode *take_docstring(Vec *body)
{
    if (body->n == 0)
        return NULL;
    AstNode *first = body->v[0];
    if (first->kind != AST_EXPR_STMT || !first->lhs || first->lhs->kind != AST_STR)
        return NULL;
    memmove(body->v, body->v + 1, sizeof(void *) * (size_t)(body->n - 1));
    body->n--;
    return first->lhs;
}

/* The statements among n's children, appended to out. */
static void statements(Parser *p, TSNode n, Vec *out)
{
    Kids ks = ps_named_kids(p, n);
    for (int i = 0; i < ks.n; i++)
        stmt(p, ks.k[i].node, out);
}

/* block: an indented suite (or the statements after the colon on the same line).  A null
 * node (an empty body tree-sitter tolerated) gives an empty block spanning owner. */
static AstNode *block(Parser *p, TSNode n, TSNode owner)
{
    AstNode *b = ps_mk(p, AST_BLOCK, ts_node_is_null(n) ? owner : n);
    if (ts_node_is_null(n))
        return b;
    Vec body = {0};
    if (ps_enter(p, n, true))
        statements(p, n, &body);
    ps_leave(p, true);
    b->body = ps_freeze(p, &body);
    return b;
}

/* Rejects `async` before def/for/with; true if it was there. */
static bool reject_async(Parser *p, TSNode n, const char *what)
{
    if (ts_node_child_count(n) > 0) {
        TSNode k = ts_node_child(n, 0);
        if (!ts_node_is_named(k) && ps_is(k, "async")) {
            ps_error_at(p, ps_span_of(p, k), "%s are not supported", what);
            return true;
        }
    }
    return false;
}

/* A loop's else clause (its block, outside the loop: a break there is the enclosing loop's),
 * or NULL. */
static AstNode *loop_else(Parser *p, TSNode n)
{
    TSNode alt = ps_field(n, "alternative");
    return ts_node_is_null(alt) ? NULL : block(p, ps_field(alt, "body"), alt);
}

/* Checks a parameter name against the earlier ones. */
static void check_param_name(Parser *p, TSNode name, Vec *params)
{
    char *s = ps_text_of(p, name);
    for (int i = 0; i < params->n; i++)
        if (strcmp(((AstNode *)params->v[i])->sval, s) == 0) {
            ps_error_at(p, ps_span_of(p, name), "duplicate parameter '%s' in function definition", s);
            return;
        }
}

/* parameters: "(" (name [":" type] ["=" default]),* ")" — annotations ignored; `*`, `*args`,
 * `**kwargs` rejected; `/` accepted and ignored. */
static Vec parameters(Parser *p, TSNode n)
{
    Vec params = {0};
    if (ts_node_is_null(n))
        return params;
    Kids ks = ps_named_kids(p, n);
    bool seen_default = false, seen_star = false, seen_kwargs = false;
    for (int i = 0; i < ks.n; i++) {
        TSNode k = ks.k[i].node;
        const char *t = ts_node_type(k);
        TSNode name = {0}, deflt = {0};
        bool have_default = false;
        if (strcmp(t, "identifier") == 0) {
            name = k;
        } else if (strcmp(t, "default_parameter") == 0 ||
                   strcmp(t, "typed_default_parameter") == 0) {
            name = ps_field(k, "name");
            deflt = ps_field(k, "value");
            have_default = true;
        } else if (strcmp(t, "typed_parameter") == 0) {
            Kids tk = ps_named_kids(p, k);
            for (int j = 0; j < tk.n; j++)
                if (!tk.k[j].field || strcmp(tk.k[j].field, "type") != 0) {
                    name = tk.k[j].node;
                    break;
                }
        } else if (strcmp(t, "positional_separator") == 0) {
            continue;
        } else if (strcmp(t, "keyword_separator") == 0) {
            seen_star = true; /* the parameters after it are keyword-only */
            continue;
        } else if (strcmp(t, "list_splat_pattern") == 0 || strcmp(t, "dictionary_splat_pattern") == 0) {
            Kids sk = ps_named_kids(p, k);
            bool dict = t[0] == 'd';
            if (sk.n != 1 || !ps_is(sk.k[0].node, "identifier") || (!dict && seen_star) || seen_kwargs) {
                ps_error_at(p, ps_span_of(p, k), "invalid syntax");
                continue;
            }
            check_param_name(p, sk.k[0].node, &params);
            AstNode *pa = ps_mk(p, AST_PARAM, k);
            pa->sval = ps_text_of(p, sk.k[0].node);
            pa->ival = dict ? PARAM_KWARGS : PARAM_ARGS;
            vec_push(&params, pa);
            seen_star = true;
            seen_kwargs = dict;
            continue;
        }
        if (ts_node_is_null(name) || !ps_is(name, "identifier")) {
            ps_error_at(p, ps_span_of(p, k), "unsupported parameter form");
            continue;
        }
        if (seen_kwargs) {
            ps_error_at(p, ps_span_of(p, k), "arguments cannot follow var-keyword argument");
            continue;
        }
        if (have_default) {
            seen_default = true;
        } else if (seen_default && !seen_star) {
            ps_error_at(p, ps_span_of(p, k), "parameter without a default follows parameter with a default");
        }
        check_param_name(p, name, &params);
        AstNode *pa = ps_mk(p, AST_PARAM, k);
        pa->sval = ps_text_of(p, name);
        pa->ival = seen_star ? PARAM_KWONLY : PARAM_PLAIN;
        if (have_default)
            pa->rhs = ps_expr(p, deflt);
        vec_push(&params, pa);
    }
    return ps_freeze(p, &params);
}

/* ---------------------------------------------------------------- nonlocal
 * `nonlocal x` in g, nested in f that binds x: f's x becomes the module global "x@f", which f
 * declares global at its top (a parameter x is copied into it there) and which every name x in
 * f's body and in its nested defs that do not bind an x of their own reads and writes; g's
 * nonlocal statement is then `global x@f`.  A nested function is called only while f runs, so
 * the shared global is f's variable as Python's cell is (f recursing into itself would share
 * it: gpyc documents that). */

static bool binds_name(const AstNode *n, const char *name);

/* Whether the assignment target t binds name. */
static bool target_binds(const AstNode *t, const char *name)
{
    if (!t) return false;
    if (t->kind == AST_NAME) return !strcmp(t->sval, name);
    if (t->kind == AST_TUPLE || t->kind == AST_LIST)
        for (int i = 0; i < t->elts.n; i++)
            if (target_binds(t->elts.v[i], name)) return true;
    return t->kind == AST_STARRED && target_binds(t->lhs, name);
}

/* Whether statement (or block) n binds name in its own scope: an assignment, for or with target,
 * a def or import of it (nested defs' bodies are their own). */
static bool binds_name(const AstNode *n, const char *name)
{
    if (!n) return false;
    switch (n->kind) {
    case AST_BLOCK:
        for (int i = 0; i < n->body.n; i++)
            if (binds_name(n->body.v[i], name)) return true;
        return false;
    case AST_ASSIGN:
        for (int i = 0; i < n->elts.n; i++)
            if (target_binds(n->elts.v[i], name)) return true;
        return false;
    case AST_AUGASSIGN: return target_binds(n->lhs, name);
    case AST_FOR: return target_binds(n->lhs, name) || binds_name(n->then, name) || binds_name(n->els, name);
    case AST_WHILE:
    case AST_IF: return binds_name(n->then, name) || binds_name(n->els, name);
    case AST_WITH:
        for (int i = 0; i < n->elts.n; i++)
            if (target_binds(((AstNode *)n->elts.v[i])->rhs, name)) return true;
        return binds_name(n->then, name);
    case AST_DEF: return !strcmp(n->sval, name);
    default: return false;
    }
}

/* Whether the statements of block (or statement) n declare name nonlocal (nested defs aside). */
static bool declares_nonlocal(const AstNode *n, const char *name)
{
    if (!n || n->kind == AST_DEF) return false;
    if (n->kind == AST_GLOBAL && n->ival == 1)
        for (int i = 0; i < n->elts.n; i++)
            if (!strcmp(((AstNode *)n->elts.v[i])->sval, name)) return true;
    for (int i = 0; i < n->body.n; i++)
        if (declares_nonlocal(n->body.v[i], name)) return true;
    return declares_nonlocal(n->then, name) || declares_nonlocal(n->els, name);
}

/* Whether def d has name as a parameter or binds it in its body (then its name is its own). */
static bool def_binds(const AstNode *d, const char *name)
{
    for (int i = 0; i < d->params.n; i++)
        if (!strcmp(((AstNode *)d->params.v[i])->sval, name)) return true;
    return binds_name(d->then, name);
}

/* Renames every AST_NAME `from` under n to `to`, skipping nested defs that bind a `from` of their
 * own (one they declare nonlocal is the enclosing one: renamed). */
static void rename_name(AstNode *n, const char *from, const char *to)
{
    if (!n) return;
    if (n->kind == AST_NAME && !strcmp(n->sval, from)) n->sval = to;
    if (n->kind == AST_DEF) {
        for (int i = 0; i < n->params.n; i++) rename_name(((AstNode *)n->params.v[i])->rhs, from, to);
        if (!def_binds(n, from) || declares_nonlocal(n->then, from)) rename_name(n->then, from, to);
        return;
    }
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) rename_name(kids[i], from, to);
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++) rename_name(lists[i]->v[j], from, to);
}

/* At the end of def d: the nonlocal names waiting for d.  A name d binds becomes its global;
 * another waits for d's outer def; at module level none binds it: Python's SyntaxError. */
static void resolve_nonlocals(Parser *p, AstNode *d)
{
    Vec pre = { 0 }; /* statements put at the top of d's body */
    for (int i = 0; i < p->nonlocals.n; i++) {
        NonlocalReq *r = p->nonlocals.v[i];
        if (r->def != d) continue;
        const char *nm = r->name->sval;
        if (strchr(nm, '@')) continue; /* renamed by an earlier request of d */
        if (!def_binds(d, nm) || declares_nonlocal(d->then, nm)) { /* not d's own x */
            if (d->outer) {
                r->def = d->outer;
            } else {
                ps_error_at(p, r->name->span, "no binding for nonlocal '%s' found", nm);
                r->def = NULL;
            }
            continue;
        }
        const char *g = ar_printf(p->a, "%s@%s", nm, d->sval);
        AstNode *gl = ast_new(p->a, AST_GLOBAL, r->name->span, &p->next_id),
                *gn = ast_new(p->a, AST_NAME, r->name->span, &p->next_id);
        gn->sval = g;
        vec_push(&gl->elts, gn);
        gl->elts = ps_freeze(p, &gl->elts);
        vec_push(&pre, gl);
        for (int k = 0; k < d->params.n; k++) {
            AstNode *pa = d->params.v[k];
            if (strcmp(pa->sval, nm)) continue;
            AstNode *as = ast_new(p->a, AST_ASSIGN, pa->span, &p->next_id),
                    *tn = ast_new(p->a, AST_NAME, pa->span, &p->next_id),
                    *src = ast_new(p->a, AST_NAME, pa->span, &p->next_id);
            tn->sval = g;
            src->sval = nm;
            vec_push(&as->elts, tn);
            as->elts = ps_freeze(p, &as->elts);
            as->rhs = src;
            vec_push(&pre, as);
        }
        rename_name(d->then, nm, g);
    }
    if (!pre.n) return;
    for (int i = 0; i < d->then->body.n; i++) vec_push(&pre, d->then->body.v[i]);
    d->then->body = ps_freeze(p, &pre);
}

/* nonlocal name, ...: an AST_GLOBAL (ival 1) whose names resolve_nonlocals renames. */
static AstNode *nonlocal_stmt(Parser *p, TSNode n)
{
    if (p->fn_depth == 0) {
        ps_error_at(p, ps_keyword_span(p, n), "nonlocal declaration not allowed at module level");
        return NULL;
    }
    AstNode *s = ps_mk(p, AST_GLOBAL, n);
    s->ival = 1;
    s->elts = ps_elements(p, n, ps_expr);
    for (int i = 0; i < s->elts.n; i++) {
        AstNode *nm = s->elts.v[i];
        if (nm->kind != AST_NAME) continue;
        if (!p->cur_def->outer) {
            ps_error_at(p, nm->span, "no binding for nonlocal '%s' found", nm->sval);
            continue;
        }
        NonlocalReq *r = ar_alloc(p->scratch, sizeof *r);
        r->def = p->cur_def->outer;
        r->name = nm;
        vec_push(&p->nonlocals, r);
    }
    return s;
}

/* def: "def" name "(" parameters ")" ["->" type] ":" block, nested ones too; decos: its
 * decorators. */
static AstNode *funcdef(Parser *p, TSNode n, Vec decos)
{
    if (reject_async(p, n, "async functions"))
        return ps_placeholder(p, n);
    if (!ts_node_is_null(ps_field(n, "type_parameters")))
        ps_error_at(p, ps_span_of(p, ps_field(n, "type_parameters")), "type parameters are not supported");
    AstNode *d = ps_mk(p, AST_DEF, n);
    d->sval = ps_text_of(p, ps_field(n, "name"));
    d->params = parameters(p, ps_field(n, "parameters"));
    d->outer = p->cur_def;
    d->elts = decos;
    int saved_loops = p->loop_depth;
    p->fn_depth++;
    p->loop_depth = 0;
    p->cur_def = d;
    d->then = block(p, ps_field(n, "body"), n);
    p->cur_def = d->outer;
    p->fn_depth--;
    p->loop_depth = saved_loops;
    d->docstring = take_docstring(&d->then->body);
    resolve_nonlocals(p, d);
    return d;
}

/* decorated: ("@" expr NEWLINE)+ def.  Spelled `contextlib.contextmanager` or `contextmanager`
 * (lowering checks that the name is contextlib's), the one decorator is kept in the def's elts
 * and the body may `yield`; any other (cp.fuse(), jit.rawkernel(), a user's ...) is the def's
 * lhs, which lowering accepts or rejects; the decorators above it, when several are stacked,
 * are the elts of an AST_TUPLE in the def's rhs, the nearest first (applied in that order).
 * A decorated class, or @contextmanager among several, is rejected: NULL. */
static AstNode *decorated(Parser *p, TSNode n)
{
    TSNode def = ps_field(n, "definition");
    Kids ks = ps_named_kids(p, n);
    Vec decos = { 0 }; /* the decorators' expressions, top first */
    bool cm = false;
    for (int i = 0; i < ks.n; i++) {
        if (!ps_is(ks.k[i].node, "decorator")) continue;
        const char *text = ps_text_of(p, ks.k[i].node);
        cm |= !strcmp(text, "@contextlib.contextmanager") || !strcmp(text, "@contextmanager");
        vec_push(&decos, ps_expr(p, ps_named_kids(p, ks.k[i].node).k[0].node));
    }
    if (ts_node_is_null(def) || !ps_is(def, "function_definition") || !decos.n || (cm && decos.n > 1)) {
        ps_error_at(p, ks.n > 0 ? ps_span_of(p, ks.k[0].node) : ps_span_of(p, n),
                    cm ? "@contextlib.contextmanager with other decorators is not supported"
                       : "decorators are not supported (but on a def)");
        vec_free(&decos);
        return NULL;
    }
    Vec cmv = { 0 };
    if (cm) vec_push(&cmv, decos.v[0]);
    AstNode *d = funcdef(p, def, ps_freeze(p, &cmv));
    if (!cm && d && d->kind == AST_DEF) {
        d->lhs = decos.v[decos.n - 1];
        if (decos.n > 1) {
            AstNode *outer = ps_mk(p, AST_TUPLE, n);
            Vec ov = { 0 };
            for (int i = decos.n - 2; i >= 0; i--) vec_push(&ov, decos.v[i]);
            outer->elts = ps_freeze(p, &ov);
            d->rhs = outer;
        }
    }
    vec_free(&decos);
    return d;
}

/* if: "if" cond ":" block ("elif" cond ":" block)* ["else" ":" block]; elif nests in els. */
static AstNode *ifstmt(Parser *p, TSNode n)
{
    AstNode *s = ps_mk(p, AST_IF, n);
    s->cond = ps_expr(p, ps_field(n, "condition"));
    s->then = block(p, ps_field(n, "consequence"), n);
    AstNode **tail = &s->els;
    Kids ks = ps_kids_of(p, n);
    for (int i = 0; i < ks.n; i++) {
        if (!ks.k[i].field || strcmp(ks.k[i].field, "alternative") != 0)
            continue;
        TSNode alt = ks.k[i].node;
        if (ps_is(alt, "elif_clause")) {
            AstNode *e = ps_mk(p, AST_IF, alt);
            e->cond = ps_expr(p, ps_field(alt, "condition"));
            e->then = block(p, ps_field(alt, "consequence"), alt);
            *tail = e;
            tail = &e->els;
        } else {
            *tail = block(p, ps_field(alt, "body"), alt);
        }
    }
    return s;
}

/* assignment: targets ("=" targets)* "=" value | target ":" type ["=" value].  A chain gives
 * several targets; an annotation without a value is a no-op (AST_PASS); one that is a string
 * is kept (cond: the type of an array cp.load reads from a path known at run time), any
 * other is dropped. */
static AstNode *assignment(Parser *p, TSNode n, TSNode stmt_node)
{
    AstNode *s = ps_mk(p, AST_ASSIGN, stmt_node);
    TSNode ann = ps_field(n, "type");
    if (!ts_node_is_null(ann) && ps_is(ann, "type") && ts_node_named_child_count(ann) == 1)
        ann = ts_node_named_child(ann, 0);
    if (!ts_node_is_null(ann) && ps_is(ann, "string")) s->cond = ps_value(p, ann);
    Vec targets = {0};
    TSNode cur = n;
    for (;;) {
        TSNode left = ps_field(cur, "left"), right = ps_field(cur, "right");
        if (ts_node_is_null(right)) {
            if (targets.n == 0) {
                vec_free(&targets);
                return ps_mk(p, AST_PASS, stmt_node);
            }
            s->rhs = ps_bad(p, cur, "invalid syntax");
            break;
        }
        vec_push(&targets, ps_target(p, left));
        if (ps_is(right, "assignment")) {
            cur = right;
            continue;
        }
        if (ps_is(right, "augmented_assignment"))
            s->rhs = ps_bad(p, right, "invalid syntax");
        else
            s->rhs = ps_value(p, right);
        break;
    }
    s->elts = ps_freeze(p, &targets);
    return s;
}

/* augmented assignment: target op= value, op one of + - * / // % ** @ << >> & | ^ */
static AstNode *augassign(Parser *p, TSNode n, TSNode stmt_node)
{
    AstNode *s = ps_mk(p, AST_AUGASSIGN, stmt_node);
    TSNode opn = ps_field(n, "operator"), left = ps_field(n, "left"), right = ps_field(n, "right");
    if (!ts_node_is_null(opn)) {
        char op[4] = {0};
        const char *t = ts_node_type(opn);
        size_t len = strlen(t);
        if (len >= 2 && len <= 4)
            memcpy(op, t, len - 1);
        s->op = ps_op_of(op);
    }
    if (!ts_node_is_null(left) && !ps_is(left, "identifier") && !ps_is(left, "attribute") &&
        !ps_is(left, "subscript"))
        s->lhs = ps_bad(p, left, "illegal expression for augmented assignment");
    else
        s->lhs = ps_target(p, left);
    if (!ts_node_is_null(right) && (ps_is(right, "assignment") || ps_is(right, "augmented_assignment")))
        s->rhs = ps_bad(p, right, "invalid syntax");
    else
        s->rhs = ps_value(p, right);
    return s;
}

/* expression statement: an expression, an assignment or an augmented assignment. */
static AstNode *expr_stmt(Parser *p, TSNode n)
{
    Kids ks = ps_named_kids(p, n);
    if (ks.n == 1 && ps_is(ks.k[0].node, "assignment"))
        return assignment(p, ks.k[0].node, n);
    if (ks.n == 1 && ps_is(ks.k[0].node, "augmented_assignment"))
        return augassign(p, ks.k[0].node, n);
    if (ks.n == 1 && ps_is(ks.k[0].node, "yield")) { /* yield [value]: a statement of its own */
        TSNode y = ks.k[0].node;
        AstNode *s = ps_mk(p, AST_YIELD, n);
        Kids yk = ps_named_kids(p, y);
        if (p->fn_depth == 0)
            ps_error_at(p, ps_span_of(p, y), "'yield' outside function");
        else
            p->cur_def->ival = 1; /* its def yields (lower/gen.c's lw_is_generator) */
        if (p->fn_depth && yk.n > 0)
            s->lhs = ps_value(p, yk.k[0].node);
        s->ival = ts_node_child_count(y) > 1 && ps_is(ts_node_child(y, 1), "from"); /* yield from */
        return s;
    }
    AstNode *s = ps_mk(p, AST_EXPR_STMT, n);
    if (ks.n == 1) {
        s->lhs = ps_expr(p, ks.k[0].node);
    } else { /* `a, b` as a statement */
        AstNode *t = ps_mk(p, AST_TUPLE, n);
        Vec elts = {0};
        for (int i = 0; i < ks.n; i++)
            vec_push(&elts, ps_expr(p, ks.k[i].node));
        t->elts = ps_freeze(p, &elts);
        s->lhs = t;
    }
    return s;
}

/* with: "with" item ("," item)* ":" block, item: expr ["as" target] */
static AstNode *withstmt(Parser *p, TSNode n)
{
    if (reject_async(p, n, "async with statements"))
        return ps_placeholder(p, n);
    AstNode *w = ps_mk(p, AST_WITH, n);
    Vec items = {0};
    Kids ks = ps_named_kids(p, n);
    for (int i = 0; i < ks.n; i++) {
        if (!ps_is(ks.k[i].node, "with_clause"))
            continue;
        Kids wi = ps_named_kids(p, ks.k[i].node);
        for (int j = 0; j < wi.n; j++) {
            TSNode item = wi.k[j].node;
            if (!ps_is(item, "with_item"))
                continue;
            AstNode *it = ps_mk(p, AST_WITH_ITEM, item);
            TSNode v = ps_field(item, "value");
            if (!ts_node_is_null(v) && ps_is(v, "as_pattern")) {
                Kids ak = ps_named_kids(p, v);
                it->lhs = ak.n > 0 ? ps_expr(p, ak.k[0].node) : ps_bad(p, v, "invalid syntax");
                TSNode tgt = ps_field(v, "alias");
                if (!ts_node_is_null(tgt)) {
                    Kids tk = ps_named_kids(p, tgt);
                    it->rhs = tk.n == 1 ? ps_target(p, tk.k[0].node) : ps_target(p, tgt);
                }
            } else {
                it->lhs = ps_expr(p, v);
            }
            vec_push(&items, it);
        }
    }
    w->elts = ps_freeze(p, &items);
    w->then = block(p, ps_field(n, "body"), n);
    return w;
}

/* ---------------------------------------------------------------- match
 * `match S:` becomes the if/elif chain Python's semantics amount to, over literal, capture,
 * wildcard, value, | , as and sequence patterns: S is evaluated once into a hidden name (a
 * plain name S is read as it is), each case is one `if` whose condition tests its pattern
 * (literals and dotted values with ==, None/True/False with `is`, a sequence pattern by
 * isinstance(m, (tuple, list)) and len(m) == n, then each item on m[k]), binds its captures
 * with := in pattern order, then tests its guard; an irrefutable last case is the else. */

typedef struct Pat {
    AstNode *cond; /* NULL: always true */
    Vec binds; /* AST_WALRUS nodes, in order */
} Pat;

static AstNode *mk_name(Parser *p, TSNode at, const char *name)
{
    AstNode *e = ps_mk(p, AST_NAME, at);
    e->sval = name;
    return e;
}

/* a and b (either NULL: the other). */
static AstNode *mk_and(Parser *p, TSNode at, AstNode *a, AstNode *b)
{
    if (!a || !b) return a ? a : b;
    AstNode *e = ps_mk(p, AST_BOOLOP, at);
    e->op = AOP_AND;
    e->lhs = a;
    e->rhs = b;
    return e;
}

static AstNode *mk_cmp(Parser *p, TSNode at, AstNode *a, AstOp op, AstNode *b)
{
    AstNode *e = ps_mk(p, AST_COMPARE, at);
    vec_push(&e->elts, a);
    vec_push(&e->elts, b);
    vec_push(&e->ops, (void *)(intptr_t)op);
    e->elts = ps_freeze(p, &e->elts);
    e->ops = ps_freeze(p, &e->ops);
    return e;
}

static AstNode *mk_call(Parser *p, TSNode at, const char *fn, AstNode *a, AstNode *b)
{
    AstNode *e = ps_mk(p, AST_CALL, at);
    e->lhs = mk_name(p, at, fn);
    vec_push(&e->elts, a);
    if (b) vec_push(&e->elts, b);
    e->elts = ps_freeze(p, &e->elts);
    return e;
}

/* subj[k] */
static AstNode *mk_item(Parser *p, TSNode at, AstNode *subj, int k)
{
    AstNode *e = ps_mk(p, AST_SUBSCRIPT, at);
    e->lhs = subj;
    e->rhs = ps_mk(p, AST_INT, at);
    e->rhs->ival = k;
    return e;
}

static bool pattern(Parser *p, TSNode n, AstNode *subj, Pat *out);

/* Binds name to subj (a capture). */
static void capture(Parser *p, TSNode at, const char *name, AstNode *subj, Pat *out)
{
    AstNode *w = ps_mk(p, AST_WALRUS, at);
    w->lhs = mk_name(p, at, name);
    w->rhs = subj;
    vec_push(&out->binds, w);
}

/* A sequence pattern of the items its kids (case_pattern nodes) give, over subj. */
static bool seq_pattern(Parser *p, TSNode n, Kids items, AstNode *subj, Pat *out)
{
    AstNode *types = ps_mk(p, AST_TUPLE, n);
    vec_push(&types->elts, mk_name(p, n, "tuple"));
    vec_push(&types->elts, mk_name(p, n, "list"));
    types->elts = ps_freeze(p, &types->elts);
    AstNode *len = ps_mk(p, AST_INT, n);
    len->ival = items.n;
    AstNode *cond = mk_and(p, n, mk_call(p, n, "isinstance", subj, types),
                           mk_cmp(p, n, mk_call(p, n, "len", subj, NULL), AOP_EQ, len));
    for (int k = 0; k < items.n; k++) {
        TSNode it = items.k[k].node;
        Pat sub = { 0 };
        bool ok = pattern(p, it, mk_item(p, it, subj, k), &sub);
        /* an item's captures bind after the tests before it, as Python's left-to-right match */
        for (int i = 0; ok && i < sub.binds.n; i++) vec_push(&out->binds, sub.binds.v[i]);
        vec_free(&sub.binds);
        if (!ok) return false;
        cond = mk_and(p, it, cond, sub.cond);
    }
    out->cond = mk_and(p, n, out->cond, cond);
    return true;
}

/* One case_pattern (or a _simple_pattern child) n over subj: its test and captures. */
static bool pattern(Parser *p, TSNode n, AstNode *subj, Pat *out)
{
    Kids nk = ps_named_kids(p, n);
    Kids all = ps_kids_of(p, n);
    if (ps_is(n, "case_pattern")) {
        if (nk.n == 0) return true; /* _ */
        if (nk.n == 1 && all.n == 1) return pattern(p, nk.k[0].node, subj, out);
        if (all.n == 2 && ps_is(all.k[0].node, "-") && nk.n == 1) { /* a negative number */
            TSNode num = nk.k[0].node;
            AstNode *lit = ps_mk(p, AST_UNARY, n);
            lit->op = AOP_NEG;
            lit->lhs = ps_is(num, "integer") ? ps_integer(p, num, true) : ps_floating(p, num);
            out->cond = mk_and(p, n, out->cond, mk_cmp(p, n, subj, AOP_EQ, lit));
            return true;
        }
    }
    if (ps_is(n, "integer") || ps_is(n, "float") || ps_is(n, "string") || ps_is(n, "concatenated_string")) {
        out->cond = mk_and(p, n, out->cond, mk_cmp(p, n, subj, AOP_EQ, ps_expr(p, n)));
        return true;
    }
    if (ps_is(n, "none")) {
        out->cond = mk_and(p, n, out->cond, mk_cmp(p, n, subj, AOP_IS, ps_expr(p, n)));
        return true;
    }
    if (ps_is(n, "true") || ps_is(n, "false")) { /* `is True`: a bool equal to it */
        AstNode *is_bool = mk_call(p, n, "isinstance", subj, mk_name(p, n, "bool"));
        out->cond = mk_and(p, n, out->cond, mk_and(p, n, is_bool, mk_cmp(p, n, subj, AOP_EQ, ps_expr(p, n))));
        return true;
    }
    if (ps_is(n, "dotted_name")) {
        if (nk.n == 1) { /* a capture */
            capture(p, n, ps_text_of(p, n), subj, out);
            return true;
        }
        AstNode *v = mk_name(p, nk.k[0].node, ps_text_of(p, nk.k[0].node));
        for (int i = 1; i < nk.n; i++) {
            AstNode *a = ps_mk(p, AST_ATTR, nk.k[i].node);
            a->lhs = v;
            a->sval = ps_text_of(p, nk.k[i].node);
            v = a;
        }
        out->cond = mk_and(p, n, out->cond, mk_cmp(p, n, subj, AOP_EQ, v));
        return true;
    }
    if (ps_is(n, "as_pattern")) {
        TSNode alias = nk.k[nk.n - 1].node;
        if (!pattern(p, nk.k[0].node, subj, out)) return false;
        capture(p, alias, ps_text_of(p, alias), subj, out);
        return true;
    }
    if (ps_is(n, "union_pattern")) {
        AstNode *any = NULL;
        for (int i = 0; i < nk.n; i++) {
            Pat alt = { 0 };
            bool ok = pattern(p, nk.k[i].node, subj, &alt), binds = alt.binds.n > 0;
            vec_free(&alt.binds);
            if (!ok) return false;
            if (binds) {
                ps_error_at(p, ps_span_of(p, nk.k[i].node),
                            "a capture inside a | pattern is not supported: bind the whole with "
                            "`case 1 | 2 as n:`");
                return false;
            }
            if (!alt.cond) return true; /* `_` among the alternatives: always */
            if (!any) {
                any = alt.cond;
            } else {
                AstNode *o = ps_mk(p, AST_BOOLOP, n);
                o->op = AOP_OR;
                o->lhs = any;
                o->rhs = alt.cond;
                any = o;
            }
        }
        out->cond = mk_and(p, n, out->cond, any);
        return true;
    }
    if (ps_is(n, "tuple_pattern") || ps_is(n, "list_pattern")) {
        for (int i = 0; i < nk.n; i++)
            if (ps_is(nk.k[i].node, "splat_pattern") ||
                (ps_is(nk.k[i].node, "case_pattern") && ps_named_kids(p, nk.k[i].node).n == 1 &&
                 ps_is(ps_named_kids(p, nk.k[i].node).k[0].node, "splat_pattern"))) {
                ps_error_at(p, ps_span_of(p, nk.k[i].node),
                            "star patterns (*rest) are not supported: match the items one by one");
                return false;
            }
        return seq_pattern(p, n, nk, subj, out);
    }
    const char *what = ps_is(n, "class_pattern")     ? "class patterns (C(...))"
                       : ps_is(n, "dict_pattern")    ? "mapping patterns ({k: v})"
                       : ps_is(n, "splat_pattern")   ? "star patterns (*rest)"
                       : ps_is(n, "complex_pattern") ? "complex literal patterns"
                       : ps_is(n, "keyword_pattern") ? "keyword patterns"
                                                     : "this pattern";
    ps_error_at(p, ps_span_of(p, n),
                "%s are not supported in case: match literals, names, _, |, `as` and tuples of them", what);
    return false;
}

/* A case's test: its pattern (several comma-separated: a tuple pattern), captures, guard. */
/* An irrefutable case (no test, no guard) sets *irrefutable and puts its captures, as
 * assignments, in prelude. */
static AstNode *case_test(Parser *p, TSNode c, AstNode *subj, bool *irrefutable, Vec *prelude)
{
    Kids nk = ps_named_kids(p, c);
    Kids pats = { .k = ar_alloc(p->scratch, sizeof(Kid) * (size_t)(nk.n ? nk.n : 1)), .n = 0 };
    for (int i = 0; i < nk.n; i++)
        if (ps_is(nk.k[i].node, "case_pattern")) pats.k[pats.n++] = nk.k[i];
    Pat pt = { 0 };
    bool ok = pats.n == 1 ? pattern(p, pats.k[0].node, subj, &pt) : seq_pattern(p, c, pats, subj, &pt);
    if (!ok) {
        vec_free(&pt.binds);
        return NULL;
    }
    TSNode guard = ps_field(c, "guard");
    *irrefutable = !pt.cond && ts_node_is_null(guard);
    AstNode *cond = pt.cond;
    if (*irrefutable) { /* case n: its captures are assignments at the top of its block */
        for (int i = 0; i < pt.binds.n; i++) {
            AstNode *w = pt.binds.v[i], *as = ps_mk(p, AST_ASSIGN, c);
            as->span = w->span;
            vec_push(&as->elts, w->lhs);
            as->elts = ps_freeze(p, &as->elts);
            as->rhs = w->rhs;
            vec_push(prelude, as);
        }
    } else if (pt.binds.n) { /* (n := m, ..., True)[-1]: binds, and is true whatever the values */
        AstNode *t = ps_mk(p, AST_TUPLE, c);
        for (int i = 0; i < pt.binds.n; i++) vec_push(&t->elts, pt.binds.v[i]);
        AstNode *yes = ps_mk(p, AST_BOOL, c);
        yes->ival = 1;
        vec_push(&t->elts, yes);
        t->elts = ps_freeze(p, &t->elts);
        cond = mk_and(p, c, cond, mk_item(p, c, t, pt.binds.n));
    }
    vec_free(&pt.binds);
    if (!ts_node_is_null(guard)) {
        Kids gk = ps_named_kids(p, guard);
        cond = mk_and(p, guard, cond, gk.n ? ps_expr(p, gk.k[0].node) : ps_bad(p, guard, "invalid syntax"));
    }
    if (!cond) {
        cond = ps_mk(p, AST_BOOL, c);
        cond->ival = 1;
    }
    return cond;
}

/* match S: case ...: the hidden assignment (when S is not a name) and the if chain, to out. */
static void matchstmt(Parser *p, TSNode n, Vec *out)
{
    Kids ks = ps_kids_of(p, n);
    Vec subjects = { 0 };
    TSNode body = ps_field(n, "body");
    for (int i = 0; i < ks.n; i++)
        if (ks.k[i].field && !strcmp(ks.k[i].field, "subject"))
            vec_push(&subjects, ps_value(p, ks.k[i].node));
    AstNode *subj;
    if (subjects.n == 1 && ((AstNode *)subjects.v[0])->kind == AST_NAME) {
        subj = subjects.v[0];
    } else {
        AstNode *val = subjects.v[0];
        if (subjects.n > 1) { /* match a, b: a tuple */
            val = ps_mk(p, AST_TUPLE, n);
            val->elts = ps_freeze(p, &subjects);
        }
        AstNode *as = ps_mk(p, AST_ASSIGN, n);
        subj = mk_name(p, n, ar_printf(p->a, "match@%d", as->id));
        vec_push(&as->elts, subj);
        as->elts = ps_freeze(p, &as->elts);
        as->rhs = val;
        vec_push(out, as);
    }
    vec_free(&subjects);
    AstNode *first = NULL, **tail = &first;
    Kids cs = ts_node_is_null(body) ? (Kids){ 0 } : ps_named_kids(p, body);
    TSNode open = { 0 }; /* an irrefutable case before this one */
    for (int i = 0; i < cs.n; i++) {
        TSNode c = cs.k[i].node;
        if (!ps_is(c, "case_clause")) continue;
        if (!ts_node_is_null(open)) {
            Kids pk = ps_named_kids(p, open);
            char *text = ps_text_of(p, pk.k[0].node);
            if (!strcmp(text, "_"))
                ps_error_at(p, ps_span_of(p, pk.k[0].node), "wildcard makes remaining patterns unreachable");
            else
                ps_error_at(p, ps_span_of(p, pk.k[0].node),
                            "name capture '%s' makes remaining patterns unreachable", text);
            return;
        }
        bool irrefutable = false;
        Vec prelude = { 0 };
        AstNode *cond = case_test(p, c, subj, &irrefutable, &prelude);
        if (!cond) continue;
        AstNode *then = block(p, ps_field(c, "consequence"), c);
        if (prelude.n) {
            for (int j = 0; j < then->body.n; j++) vec_push(&prelude, then->body.v[j]);
            then->body = ps_freeze(p, &prelude);
        }
        if (irrefutable && tail != &first) {
            *tail = then; /* the last case: the else */
        } else {
            AstNode *s = ps_mk(p, AST_IF, c);
            s->cond = cond;
            s->then = then;
            *tail = s;
            tail = &s->els;
        }
        if (irrefutable) open = c;
    }
    if (first) vec_push(out, first);
}

/* One statement (tree-sitter's _simple_statement or _compound_statement), appended to out. */
static void stmt_inner(Parser *p, TSNode n, Vec *out)
{
    const char *t = ts_node_type(n);
    AstNode *s = NULL;
    if (strcmp(t, "expression_statement") == 0) {
        s = expr_stmt(p, n);
    } else if (strcmp(t, "if_statement") == 0) {
        s = ifstmt(p, n);
    } else if (strcmp(t, "for_statement") == 0) {
        if (reject_async(p, n, "async for loops")) return;
        s = ps_mk(p, AST_FOR, n);
        s->lhs = ps_target(p, ps_field(n, "left"));
        s->rhs = ps_value(p, ps_field(n, "right"));
        p->loop_depth++;
        s->then = block(p, ps_field(n, "body"), n);
        p->loop_depth--;
        s->els = loop_else(p, n);
    } else if (strcmp(t, "while_statement") == 0) {
        s = ps_mk(p, AST_WHILE, n);
        s->cond = ps_expr(p, ps_field(n, "condition"));
        p->loop_depth++;
        s->then = block(p, ps_field(n, "body"), n);
        p->loop_depth--;
        s->els = loop_else(p, n);
    } else if (strcmp(t, "break_statement") == 0 || strcmp(t, "continue_statement") == 0) {
        bool brk = t[0] == 'b';
        if (p->loop_depth == 0)
            ps_error_at(p, ps_span_of(p, n), "'%s' outside loop", brk ? "break" : "continue");
        s = ps_mk(p, brk ? AST_BREAK : AST_CONTINUE, n);
    } else if (strcmp(t, "pass_statement") == 0) {
        s = ps_mk(p, AST_PASS, n);
    } else if (strcmp(t, "return_statement") == 0) {
        if (p->fn_depth == 0)
            ps_error_at(p, ps_keyword_span(p, n), "'return' outside function");
        s = ps_mk(p, AST_RETURN, n);
        Kids ks = ps_named_kids(p, n);
        if (ks.n > 0)
            s->lhs = ps_value(p, ks.k[0].node);
    } else if (strcmp(t, "function_definition") == 0) {
        s = funcdef(p, n, (Vec){0});
    } else if (strcmp(t, "import_statement") == 0) {
        s = ps_mk(p, AST_IMPORT, n);
        s->elts = import_names(p, n);
    } else if (strcmp(t, "import_from_statement") == 0) {
        TSNode mod = ps_field(n, "module_name");
        if (!ts_node_is_null(mod) && ps_is(mod, "relative_import")) {
            ps_error_at(p, ps_span_of(p, mod), "relative imports are not supported");
            return;
        }
        Kids all = ps_kids_of(p, n);
        TSNode last = all.k[all.n - 1].node;
        if (ps_is(last, ",")) { /* from m import a, (tree-sitter takes it; Python does not) */
            ps_error_at(p, ps_span_of(p, last), "trailing comma not allowed without surrounding parentheses");
            return;
        }
        Kids ks = ps_named_kids(p, n);
        for (int i = 0; i < ks.n; i++)
            if (ps_is(ks.k[i].node, "wildcard_import")) {
                ps_error_at(p, ps_span_of(p, ks.k[i].node), "wildcard imports are not supported");
                return;
            }
        s = ps_mk(p, AST_IMPORT_FROM, n);
        s->sval = ts_node_is_null(mod) ? "" : dotted(p, mod);
        s->elts = import_names(p, n);
    } else if (strcmp(t, "future_import_statement") == 0) {
        return; /* from __future__ import ...: nothing to do */
    } else if (strcmp(t, "assert_statement") == 0) {
        s = ps_mk(p, AST_ASSERT, n);
        Kids ks = ps_named_kids(p, n);
        s->cond = ks.n > 0 ? ps_expr(p, ks.k[0].node) : ps_bad(p, n, "invalid syntax");
        if (ks.n > 1)
            s->rhs = ps_expr(p, ks.k[1].node);
    } else if (strcmp(t, "global_statement") == 0) {
        s = ps_mk(p, AST_GLOBAL, n);
        s->elts = ps_elements(p, n, ps_expr);
    } else if (strcmp(t, "delete_statement") == 0) {
        s = ps_mk(p, AST_DEL, n);
        Kids ks = ps_named_kids(p, n);
        Vec elts = {0};
        for (int i = 0; i < ks.n; i++) {
            TSNode k = ks.k[i].node;
            if (ps_is(k, "expression_list")) {
                Kids ek = ps_named_kids(p, k);
                for (int j = 0; j < ek.n; j++)
                    vec_push(&elts, ps_target(p, ek.k[j].node));
            } else {
                vec_push(&elts, ps_target(p, k));
            }
        }
        s->elts = ps_freeze(p, &elts);
    } else if (strcmp(t, "with_statement") == 0) {
        s = withstmt(p, n);
    } else if (strcmp(t, "class_definition") == 0) {
        ps_error_at(p, ps_keyword_span(p, n),
                    "classes are not supported: keep the fields in a dict with str keys (a record) or a "
                    "collections.namedtuple, and write the methods as functions that take it");
        return;
    } else if (strcmp(t, "decorated_definition") == 0) {
        s = decorated(p, n);
        if (!s)
            return;
    } else if (strcmp(t, "try_statement") == 0) {
        ps_error_at(p, ps_keyword_span(p, n),
                    "try statements are not supported: test the condition before the call (if ...:), "
                    "or let the exception end the program with its traceback");
        return;
    } else if (strcmp(t, "match_statement") == 0) {
        matchstmt(p, n, out);
        return;
    } else if (strcmp(t, "raise_statement") == 0) {
        Kids ks = ps_named_kids(p, n);
        if (ks.n == 0) {
            ps_error_at(p, ps_keyword_span(p, n),
                        "a bare 'raise' re-raises the exception being handled, and gpyc has no try: "
                        "write raise ValueError(msg)");
            return;
        }
        if (ks.n > 1) {
            ps_error_at(p, ps_keyword_span(p, n),
                        "'raise ... from ...' is not supported: write raise E(msg)");
            return;
        }
        s = ps_mk(p, AST_RAISE, n);
        s->lhs = ps_expr(p, ks.k[0].node);
    } else if (strcmp(t, "nonlocal_statement") == 0) {
        if (!(s = nonlocal_stmt(p, n))) return;
    } else if (strcmp(t, "print_statement") == 0) {
        ps_error_at(p, ps_keyword_span(p, n), "missing parentheses in call to 'print'");
        return;
    } else if (strcmp(t, "exec_statement") == 0) {
        ps_error_at(p, ps_keyword_span(p, n), "missing parentheses in call to 'exec'");
        return;
    } else if (strcmp(t, "type_alias_statement") == 0) {
        ps_error_at(p, ps_keyword_span(p, n), "type alias statements are not supported");
        return;
    } else {
        ps_error_at(p, ps_span_of(p, n), "invalid syntax");
        return;
    }
    vec_push(out, s);
}

/* One statement, depth-guarded. */
static void stmt(Parser *p, TSNode n, Vec *out)
{
    if (ps_enter(p, n, false))
        stmt_inner(p, n, out);
    ps_leave(p, false);
}

/* module: statement* — its docstring taken out of the body. */
AstNode *ps_module(Parser *p, TSNode root)
{
    AstNode *m = ast_new(p->a, AST_MODULE, ps_span_range(p, 0, p->len), &p->next_id);
    const char *name = p->src->name ? p->src->name : p->src->path ? p->src->path : "<input>";
    const char *slash = strrchr(name, '/');
    if (slash)
        name = slash + 1;
    size_t nl = strlen(name);
    if (nl > 3 && strcmp(name + nl - 3, ".py") == 0)
        nl -= 3;
    m->sval = ar_strndup(p->a, name, nl);
    Vec body = {0};
    Kids ks = ps_named_kids(p, root);
    for (int i = 0; i < ks.n; i++) stmt(p, ks.k[i].node, &body); /* indentation: parse.c's layout pass */
    m->docstring = take_docstring(&body);
    m->body = ps_freeze(p, &body);
    return m;
}
