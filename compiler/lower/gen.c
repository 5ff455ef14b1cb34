/*
 * lower/gen.c — generator functions, inlined where their call is iterated.
 *
 * A def whose body holds a `yield` statement, without @contextlib.contextmanager (lower/closure.c
 * inlines those around a with block), is a generator function.  gpyc has no lazy iterators and
 * no coroutine frames at run time: `for T in g(args): BODY [else: ELSE]` lowers, in the
 * caller's scope, as
 *
 *     p@g.ID = arg                  (each parameter; the arguments evaluated once, in order)
 *     stop@g.ID = False             (only where something leaves g's body early, below)
 *     for _ in range(1):            (the same: a one-pass loop that the early exits break)
 *         G'
 *     ELSE                          (under `if not broke@g.ID:` where BODY breaks)
 *
 * G' is g's body with each name g binds (its parameters and locals) read as x@g.ID, so that
 * they neither see nor clobber the caller's (ID: a hash of the for statement's node, the call's
 * and the enclosing inlining's ID), and each statement `yield e` replaced by
 *
 *     T = e'
 *     BODY
 *
 * the order Python runs them in: g runs up to its yield, the loop's body runs with the value,
 * g resumes after the yield.  `yield from it` is `for y in it: yield y`.  What leaves early:
 *   - a return in g (the generator ends: the loop ends, ELSE runs): `stop@g.ID = True; break`,
 *     and after each of g's loops that holds a return or a yield, `if stop@g.ID: break`, out to
 *     the one-pass loop around G';
 *   - a break in BODY (the loop ends; g is never resumed, so nothing after its yield runs): the
 *     same, and broke@g.ID = True where the loop has an else;
 *   - a continue in BODY (the next item: g resumes after its yield): BODY is the body of a
 *     one-pass loop of its own, which continue ends (followed by `if stop@g.ID: break` where
 *     BODY also breaks).
 * A return in BODY returns from the caller, as in Python.  `for i, x in enumerate(g(...))`
 * assigns (i, x) from a counter.  The loops of G' get node ids of their own (loop_id), so that
 * the hidden names keyed by a loop's id (a loop else's flag) stay apart when g is iterated
 * inside a loop over g.
 *
 * A call of g that is an argument of list(), tuple(), sorted(), set(), sum(), min() or max()
 * is that of the generator expression (x for x in g(args)) (lw_gen_args), which lower/comp.c
 * consumes as a list: these builtins take every item before they return, so the order of
 * what g and the caller do is Python's.  next(g(...)[, default]), any(g(...)) and all(g(...))
 * are the loops that stop at the item they need (lw_gen_builtin; next() of a generator
 * expression with one for clause, and any/all of a generator expression over g, too).  Any
 * other use of g's call (stored or passed on: an iterator consumed later) is a located error;
 * so are a generator that calls itself (or iterates itself through others: found as
 * GEN_DEPTH_MAX nested loops over it), one defined in another module, one with nested defs or
 * `global`, and one reading a module global that the calling function, or a function around
 * it, binds too (the inlined read would see that variable).  The rewrite's working lists are
 * malloc'd Vecs; what the AST keeps is copied into the arena (to_ast).
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- what a generator is */

/* (the parser marks a def whose own body yields: AST_DEF's ival) */
bool lw_is_generator(const AstNode *def) { return def->kind == AST_DEF && !def->elts.n && def->ival; }

/* The generator function that call calls by name, or NULL. */
static AstNode *generator_called(Lower *L, const AstNode *call)
{
    if (!call || call->kind != AST_CALL || call->lhs->kind != AST_NAME) return NULL;
    Binding *b = lw_lookup(L, call->lhs->sval);
    if (!b || b->kind != BIND_CONST || !b->value || b->value->type->kind != TY_FUNC) return NULL;
    AstNode *def = b->value->type->def;
    return def && lw_is_generator(def) ? def : NULL;
}

/* The first node of kind k in the statements under n (nested defs' own excluded), or NULL. */
static AstNode *first_of(AstNode *n, AstKind k)
{
    if (!n) return NULL;
    if (n->kind == k) return n;
    if (n->kind == AST_DEF) return NULL;
    AstNode *kids[] = { n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) {
        AstNode *f = first_of(kids[i], k);
        if (f) return f;
    }
    for (int j = 0; j < n->body.n; j++) {
        AstNode *f = first_of(n->body.v[j], k);
        if (f) return f;
    }
    return NULL;
}

/* The first break or continue (kind) of the loop body n that leaves it (not one of a loop of
 * its own), or NULL. */
static AstNode *jump_of(AstNode *n, AstKind kind)
{
    if (!n || n->kind == AST_DEF) return NULL;
    if (n->kind == kind) return n;
    if (n->kind != AST_FOR && n->kind != AST_WHILE) {
        AstNode *j = jump_of(n->then, kind);
        if (j) return j;
        for (int i = 0; i < n->body.n; i++)
            if ((j = jump_of(n->body.v[i], kind))) return j;
    }
    return jump_of(n->els, kind); /* (a loop's else block is its enclosing loop's) */
}

/* Appends to out the names read under n (nested defs excluded), once each. */
static void reads(const AstNode *n, Vec *out)
{
    if (!n || n->kind == AST_DEF) return;
    if (n->kind == AST_NAME) {
        for (int i = 0; i < out->n; i++)
            if (!strcmp(out->v[i], n->sval)) return;
        vec_push(out, (void *)n->sval);
        return;
    }
    const AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) reads(kids[i], out);
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++) reads(lists[i]->v[j], out);
}

/* The first call of name under n (nested defs excluded), or NULL. */
static AstNode *calls_to(AstNode *n, const char *name)
{
    if (!n || n->kind == AST_DEF) return NULL;
    if (n->kind == AST_CALL && n->lhs->kind == AST_NAME && !strcmp(n->lhs->sval, name)) return n;
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) {
        AstNode *c = calls_to(kids[i], name);
        if (c) return c;
    }
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++) {
            AstNode *c = calls_to(lists[i]->v[j], name);
            if (c) return c;
        }
    return NULL;
}

/* How many loops over one generator may nest (its iteration inside the body of a loop over it). */
enum { GEN_DEPTH_MAX = 8 };

/* Whether the function f binds name x: a parameter or a local (sc: f's scope, or NULL to
 * collect its locals here). */
static bool binds(AstNode *f, const char *x, const Scope *sc)
{
    for (int k = 0; k < f->params.n; k++)
        if (!strcmp(((AstNode *)f->params.v[k])->sval, x)) return true;
    if (sc) return lw_name_in(&sc->local_names, x);
    Scope own = { 0 };
    lw_collect_names(&own, f->then);
    bool b = lw_name_in(&own.local_names, x);
    lw_scope_free(&own);
    return b;
}

/* Whether gpyc inlines def where the current function iterates its call; a located error (at
 * sp) otherwise. */
static bool inlinable(Lower *L, AstNode *def, Span sp, const Scope *own)
{
    /* (g iterated in the body of a loop over g is inlined there again; g iterated by its own
     * code, directly or through others, would be inlined without end) */
    AstNode *self = calls_to(def->then, def->sval);
    if (self) {
        diag_error(self->span, "generator '%s' calls itself: gpyc inlines a generator where it is iterated, so "
                               "a recursive generator is not supported",
                   def->sval);
        return false;
    }
    int depth = 0;
    for (int i = 0; i < L->gens.n; i++) depth += L->gens.v[i] == def;
    if (depth >= GEN_DEPTH_MAX) {
        diag_error(sp, "generator '%s' is iterated inside %d loops over itself here: gpyc inlines a "
                       "generator where it is iterated, so a recursive generator is not supported",
                   def->sval, depth);
        return false;
    }
    AstNode *bad = first_of(def->then, AST_GLOBAL);
    if (bad || (bad = first_of(def->then, AST_DEF))) {
        diag_error(bad->span, "a %s in a generator function is not supported (gpyc inlines '%s' where it is "
                              "iterated)",
                   bad->kind == AST_DEF ? "nested def" : "global statement", def->sval);
        return false;
    }
    if (lw_module_of(L, def) != L->mod) {
        diag_error(sp, "generator '%s' of another module is iterated here: gpyc inlines a generator in "
                       "the module that defines it only",
                   def->sval);
        return false;
    }
    AstNode *fn = L->inst ? L->inst->def : NULL;
    if (def->outer && def->outer != fn) {
        diag_error(sp, "the nested generator '%s' is iterated outside '%s', the function that defines it: "
                       "gpyc inlines it there only",
                   def->sval, def->outer->sval);
        return false;
    }
    if (def->outer || !fn) return true;
    /* a module-level g called from a function: g's free names are module globals, which the
     * inlined code would read as the caller's (or an enclosing function's) variables of the
     * same names */
    Vec rd = { 0 };
    reads(def->then, &rd);
    bool ok = true;
    for (int i = 0; i < rd.n && ok; i++) {
        const char *x = rd.v[i];
        if (binds(def, x, own)) continue;
        for (AstNode *f = fn; f && ok; f = f->outer) {
            if (!binds(f, x, f == fn ? L->scope : NULL)) continue;
            diag_error(sp, "generator '%s' reads the global '%s', which '%s' binds too: gpyc inlines the "
                           "generator here, where '%s' would be that variable; rename one of them",
                       def->sval, x, f->sval, x);
            ok = false;
        }
    }
    vec_free(&rd);
    return ok;
}

/* ---------------------------------------------------------------- the rewrite */

typedef struct Gen {
    int id;             /* this inlining's (ID above) */
    AstNode *loop;      /* the consumer: for T in g(...) */
    AstNode *target;    /* T */
    const char *stop;   /* the early-exit flag, or NULL (nothing leaves g's body early) */
    const char *broke;  /* set by BODY's break where the loop has an else, or NULL */
    const char *count;  /* enumerate's counter, or NULL */
    bool body_continue; /* BODY ends an iteration by continue: it runs in a one-pass loop */
    int loops;          /* G's loops given ids so far */
} Gen;

static AstNode *bool_of(Lower *L, Span sp, bool v)
{
    AstNode *b = lw_ast_node(L, AST_BOOL, sp);
    b->ival = v;
    return b;
}

static AstNode *set_flag(Lower *L, Span sp, const char *flag, bool v)
{
    return lw_ast_assign(L, sp, flag, bool_of(L, sp, v));
}

/* `not e` */
static AstNode *not_of(Lower *L, Span sp, AstNode *e)
{
    AstNode *no = lw_ast_node(L, AST_UNARY, sp);
    no->op = AOP_NOT;
    no->lhs = e;
    return no;
}

/* `if flag: break` */
static AstNode *break_if(Lower *L, Span sp, const char *flag)
{
    return lw_ast_if(L, sp, lw_ast_name(L, sp, flag), lw_ast_node(L, AST_BREAK, sp));
}

/* A loop of the rewrite, or one of G's: an id of its own (see above), the same each time the
 * consumer is lowered (a loop lowered again names its hidden variables alike): a hash of the
 * consumer's id and the loop's number, negative (the parser's ids are not). */
static int mix(int a, int b)
{
    uint32_t h = (uint32_t)a * 2654435761u ^ (uint32_t)b * 2246822519u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return -1 - (int)(h & 0x3fffffff);
}

static void loop_id(Gen *g, AstNode *loop) { loop->id = mix(g->id, ++g->loops); }

/* `for _ in range(1): body...` (its body a copy of the statements stmts) */
static AstNode *one_pass(Lower *L, Gen *g, Span sp, const char *var, Vec *stmts)
{
    AstNode *one = lw_ast_int(L, sp, 1);
    AstNode *f = lw_ast_for(L, sp, lw_ast_name(L, sp, var), lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &one), NULL);
    f->then = lw_ast_node(L, AST_BLOCK, sp);
    f->then->body = lw_ast_vec(L, stmts->n, (AstNode **)stmts->v);
    loop_id(g, f);
    return f;
}

/* The statements of the working list v, as an AST's (arena) list; v freed. */
static Vec to_ast(Lower *L, Vec *v)
{
    Vec r = lw_ast_vec(L, v->n, (AstNode **)v->v);
    vec_free(v);
    return r;
}

/* BODY's statements stmts, copied where a break or continue leaves BODY (out: the new list). */
static void body_stmts(Lower *L, Gen *g, const Vec *stmts, Vec *out);

static AstNode *body_block(Lower *L, Gen *g, AstNode *blk)
{
    if (!blk || blk->kind != AST_BLOCK) return blk;
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *blk;
    Vec v = { 0 };
    body_stmts(L, g, &blk->body, &v);
    c->body = to_ast(L, &v);
    return c;
}

static void body_stmts(Lower *L, Gen *g, const Vec *stmts, Vec *out)
{
    for (int i = 0; i < stmts->n; i++) {
        AstNode *s = stmts->v[i];
        if (s->kind == AST_BREAK) {
            if (g->broke) vec_push(out, set_flag(L, s->span, g->broke, true));
            vec_push(out, set_flag(L, s->span, g->stop, true));
            vec_push(out, s);
            continue;
        }
        if ((s->kind == AST_IF || s->kind == AST_WITH || s->kind == AST_FOR || s->kind == AST_WHILE) &&
            (jump_of(s, AST_BREAK) || jump_of(s, AST_CONTINUE))) {
            AstNode *c = ar_alloc(L->a, sizeof *c);
            *c = *s;
            if (s->kind == AST_IF || s->kind == AST_WITH) c->then = body_block(L, g, s->then);
            if (s->els && s->els->kind == AST_IF) { /* elif */
                Vec one = { 0 }, got = { 0 };
                vec_push(&one, s->els);
                body_stmts(L, g, &one, &got);
                c->els = got.v[0];
                vec_free(&one);
                vec_free(&got);
            } else {
                c->els = body_block(L, g, s->els);
            }
            s = c;
        }
        vec_push(out, s);
    }
}

static Vec g_stmts(Lower *L, Gen *g, const Vec *stmts);

/* (blocks of G' are its own copies: rewritten in place) */
static void g_block(Lower *L, Gen *g, AstNode *blk)
{
    if (!blk) return;
    if (blk->kind == AST_IF) { /* elif */
        g_block(L, g, blk->then);
        g_block(L, g, blk->els);
        return;
    }
    blk->body = g_stmts(L, g, &blk->body);
}

/* The statements for `yield e` (y), appended to out. */
static void yield_stmts(Lower *L, Gen *g, AstNode *y, Vec *out)
{
    Span sp = y->span;
    AstNode *v = y->lhs ? y->lhs : lw_ast_node(L, AST_NONE, sp);
    if (g->count) { /* enumerate: T = (count, e); count += 1 */
        AstNode *t = lw_ast_node(L, AST_TUPLE, sp), *items[2] = { lw_ast_name(L, sp, g->count), v };
        t->elts = lw_ast_vec(L, 2, items);
        v = t;
    }
    AstNode *a = lw_ast_node(L, AST_ASSIGN, sp);
    a->elts = lw_ast_vec(L, 1, &g->target);
    a->rhs = v;
    vec_push(out, a);
    if (g->count) {
        AstNode *inc = lw_ast_node(L, AST_AUGASSIGN, sp);
        inc->op = AOP_ADD;
        inc->lhs = lw_ast_name(L, sp, g->count);
        inc->rhs = lw_ast_int(L, sp, 1);
        vec_push(out, inc);
    }
    Vec body = { 0 };
    body_stmts(L, g, &g->loop->then->body, &body); /* (only where stop is set, a break there changes) */
    if (!g->body_continue) {
        for (int i = 0; i < body.n; i++) vec_push(out, body.v[i]);
    } else {
        vec_push(out, one_pass(L, g, sp, ar_printf(L->a, "_@body%d", g->id), &body));
        if (g->stop) vec_push(out, break_if(L, sp, g->stop));
    }
    vec_free(&body);
}

/* G's statements stmts rewritten (an AST list) */
static Vec g_stmts(Lower *L, Gen *g, const Vec *stmts)
{
    Vec out = { 0 };
    for (int i = 0; i < stmts->n; i++) {
        AstNode *s = stmts->v[i];
        switch (s->kind) {
        case AST_YIELD:
            if (s->ival) { /* yield from it: for y in it: yield y */
                const char *y = ar_printf(L->a, "y@from%d.%d", g->id, s->id);
                AstNode *inner = lw_ast_node(L, AST_YIELD, s->span);
                inner->lhs = lw_ast_name(L, s->span, y);
                AstNode *f = lw_ast_for(L, s->span, lw_ast_name(L, s->span, y), s->lhs, inner);
                Vec one = { 0 };
                vec_push(&one, f);
                Vec got = g_stmts(L, g, &one);
                vec_free(&one);
                for (int k = 0; k < got.n; k++) vec_push(&out, got.v[k]);
                continue;
            }
            yield_stmts(L, g, s, &out);
            continue;
        case AST_RETURN:
            if (s->lhs) { /* (its value is the StopIteration's, which a for loop drops) */
                AstNode *e = lw_ast_node(L, AST_EXPR_STMT, s->span);
                e->lhs = s->lhs;
                vec_push(&out, e);
            }
            vec_push(&out, set_flag(L, s->span, g->stop, true));
            vec_push(&out, lw_ast_node(L, AST_BREAK, s->span));
            continue;
        case AST_FOR:
        case AST_WHILE: {
            /* (asked before the yields and returns under it are rewritten) */
            bool exits = g->stop && (first_of(s, AST_YIELD) || first_of(s, AST_RETURN));
            loop_id(g, s);
            g_block(L, g, s->then);
            g_block(L, g, s->els);
            vec_push(&out, s);
            if (exits) vec_push(&out, break_if(L, s->span, g->stop));
            continue;
        }
        case AST_IF:
        case AST_WITH:
            g_block(L, g, s->then);
            g_block(L, g, s->els);
            vec_push(&out, s);
            continue;
        default: vec_push(&out, s); continue;
        }
    }
    return to_ast(L, &out);
}

bool lw_for_generator(Lower *L, AstNode *s)
{
    AstNode *call = s->rhs, *start = NULL;
    bool enumerate = call->kind == AST_CALL && call->lhs->kind == AST_NAME && !strcmp(call->lhs->sval, "enumerate") &&
                     !lw_lookup(L, "enumerate") && call->elts.n == 1;
    if (enumerate) {
        for (int i = 0; i < call->params.n; i++) {
            AstNode *kw = call->params.v[i];
            if (strcmp(kw->sval, "start")) return false; /* (lower_for's error) */
            start = kw->rhs;
        }
        call = call->elts.v[0];
    }
    AstNode *def = generator_called(L, call);
    if (!def) return false;
    Span sp = s->span;
    /* ID: the consumer's node and the call's (a loop that lower/comp.c makes has id 0) mixed with
     * the enclosing inlining's ID (g iterated in the body of a loop over g, whose inlined copy
     * holds the same nodes) */
    int id = mix(mix(L->gen_ids.n ? (int)(intptr_t)L->gen_ids.v[L->gen_ids.n - 1] : 0, s->id), call->id);
    Scope own = { 0 };
    lw_collect_names(&own, def->then);
    if (!inlinable(L, def, call->span, &own)) {
        lw_scope_free(&own);
        return true;
    }
    IrValue **args = lw_user_args(L, call, def, NULL);
    if (!args) {
        lw_scope_free(&own);
        return true;
    }
    /* g's names renamed, its parameters bound to the arguments */
    AstRenames r = { 0 };
    for (int k = 0; k < def->params.n; k++) {
        AstNode *p = def->params.v[k];
        const char *to = ar_printf(L->a, "%s@%s.%d", p->sval, def->sval, id);
        vec_push(&r.from, (void *)p->sval);
        vec_push(&r.to, (void *)to);
        lw_assign(L, lw_ast_name(L, p->span, to), args[k], p->span);
    }
    for (int i = 0; i < own.local_names.n; i++) {
        vec_push(&r.from, own.local_names.v[i]);
        vec_push(&r.to, ar_printf(L->a, "%s@%s.%d", (const char *)own.local_names.v[i], def->sval, id));
    }
    lw_scope_free(&own);
    AstNode *body = lw_ast_clone(L, def->then, &r);
    vec_free(&r.from);
    vec_free(&r.to);

    Gen g = { .id = id, .loop = s, .target = s->lhs };
    bool breaks = jump_of(s->then, AST_BREAK) != NULL;
    g.body_continue = jump_of(s->then, AST_CONTINUE) != NULL;
    if (breaks || first_of(def->then, AST_RETURN)) g.stop = ar_printf(L->a, "stop@%s.%d", def->sval, id);
    if (breaks && s->els) g.broke = ar_printf(L->a, "broke@%s.%d", def->sval, id);
    if (enumerate) {
        g.count = ar_printf(L->a, "i@enumerate%d", id);
        lw_stmt(L, lw_ast_assign(L, sp, g.count, start ? start : lw_ast_int(L, sp, 0)));
    }
    body->body = g_stmts(L, &g, &body->body);
    if (g.stop) lw_stmt(L, set_flag(L, sp, g.stop, false));
    if (g.broke) lw_stmt(L, set_flag(L, sp, g.broke, false));

    vec_push(&L->gens, def);
    vec_push(&L->gen_ids, (void *)(intptr_t)id);
    if (g.stop) {
        lw_stmt(L, one_pass(L, &g, sp, ar_printf(L->a, "_@gen%d", id), &body->body));
    } else {
        for (int i = 0; i < body->body.n && !L->dead; i++) lw_stmt(L, body->body.v[i]);
    }
    L->gens.n--;
    L->gen_ids.n--;
    if (!s->els || L->dead) return true;
    if (!g.broke) {
        lw_block(L, s->els);
        return true;
    }
    AstNode *i = lw_ast_if(L, sp, not_of(L, sp, lw_ast_name(L, sp, g.broke)), NULL);
    i->then = s->els;
    lw_stmt(L, i);
    return true;
}

/* ---------------------------------------------------------------- consumers */

void lw_gen_args(Lower *L, AstNode *call)
{
    static const char *const takers[] = { "list", "tuple", "sorted", "set", "sum", "min", "max" };
    if (call->lhs->kind != AST_NAME || !call->elts.n) return;
    bool taker = false;
    for (size_t i = 0; i < sizeof takers / sizeof *takers; i++) taker |= !strcmp(call->lhs->sval, takers[i]);
    if (!taker || lw_lookup(L, call->lhs->sval)) return;
    AstNode *a = call->elts.v[0];
    if (!generator_called(L, a)) return;
    /* (x for x in g(args)): the name x@genN, N the call's node */
    AstNode *x = lw_ast_name(L, a->span, ar_printf(L->a, "x@gen%d", a->id));
    AstNode *e = lw_ast_node(L, AST_COMP, a->span);
    e->ival = 'g';
    e->id = a->id;
    e->lhs = x;
    AstNode *f = lw_ast_for(L, a->span, x, a, NULL);
    e->elts = lw_ast_vec(L, 1, &f);
    AstNode **args = ar_alloc(L->a, sizeof(AstNode *) * (size_t)call->elts.n);
    for (int i = 0; i < call->elts.n; i++) args[i] = i ? call->elts.v[i] : e;
    call->elts = lw_ast_vec(L, call->elts.n, args);
}

void lw_gen_misused(const AstNode *def, Span sp)
{
    diag_error(sp,
               "'%s' is a generator function: gpyc inlines its call where it is iterated, in a for loop or "
               "a comprehension (for x in %s(...)), or the argument of list(), tuple(), sorted(), set(), "
               "sum(), min(), max(), any(), all() or next(); not stored or passed on",
               def->sval, def->sval);
}

/* `r = E'; found = True; break` (ctx: the two names), the inner statement of next(genexpr) */
static AstNode *take_first(Lower *L, AstNode *e, void *ctx)
{
    const char **names = ctx;
    AstNode *b = lw_ast_node(L, AST_BLOCK, e->span);
    AstNode *v[3] = { lw_ast_assign(L, e->span, names[0], e), set_flag(L, e->span, names[1], true),
                      lw_ast_node(L, AST_BREAK, e->span) };
    b->body = lw_ast_vec(L, 3, v);
    AstNode *i = lw_ast_if(L, e->span, bool_of(L, e->span, true), NULL); /* (one statement: if True) */
    i->then = b;
    return i;
}

/* any: `if E': r = True; break`; all: `if not E': r = False; break` (ctx: r's name) */
static AstNode *take_truth(Lower *L, AstNode *e, void *ctx, bool any)
{
    const char **names = ctx;
    if (!any) e = not_of(L, e->span, e);
    AstNode *i = lw_ast_if(L, e->span, e, NULL);
    i->then = lw_ast_node(L, AST_BLOCK, e->span);
    AstNode *v[2] = { set_flag(L, e->span, names[0], any), lw_ast_node(L, AST_BREAK, e->span) };
    i->then->body = lw_ast_vec(L, 2, v);
    return i;
}

static AstNode *take_any(Lower *L, AstNode *e, void *ctx) { return take_truth(L, e, ctx, true); }
static AstNode *take_all(Lower *L, AstNode *e, void *ctx) { return take_truth(L, e, ctx, false); }

static bool gen_builtin(Lower *L, AstNode *call, const char *into, IrValue **out);

bool lw_gen_builtin(Lower *L, AstNode *call, IrValue **out) { return gen_builtin(L, call, NULL, out); }

bool lw_gen_assign(Lower *L, AstNode *s)
{
    AstNode *t = s->elts.n == 1 ? s->elts.v[0] : NULL, *call = s->rhs;
    if (!t || t->kind != AST_NAME || s->cond || call->kind != AST_CALL || call->elts.n != 2) return false;
    IrValue *v;
    return gen_builtin(L, call, t->sval, &v);
}

/* The generator call g(args) with its arguments first assigned to hidden names (Python
 * evaluates them when the call makes the generator, before next()'s default), or g(args)
 * itself when it spreads some (*xs, **d). */
static AstNode *args_first(Lower *L, AstNode *g, int id)
{
    int na = g->elts.n, nk = g->params.n;
    for (int i = 0; i < na; i++)
        if (((AstNode *)g->elts.v[i])->kind == AST_STARRED) return g;
    for (int i = 0; i < nk; i++)
        if (((AstNode *)g->params.v[i])->kind == AST_STARRED) return g;
    AstNode **pos = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(na + 1));
    AstNode **kws = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(nk + 1));
    for (int i = 0; i < na + nk; i++) {
        AstNode *kw = i < na ? NULL : g->params.v[i - na], *e = kw ? kw->rhs : g->elts.v[i];
        const char *h = ar_printf(L->a, "a%d@next%d", i, id);
        lw_stmt(L, lw_ast_assign(L, e->span, h, e));
        if (!kw) {
            pos[i] = lw_ast_name(L, e->span, h);
            continue;
        }
        kws[i - na] = lw_ast_node(L, AST_KEYWORD, kw->span);
        kws[i - na]->sval = kw->sval;
        kws[i - na]->rhs = lw_ast_name(L, e->span, h);
    }
    AstNode *c = lw_ast_node(L, AST_CALL, g->span);
    *c = *g; /* its id too: the inlined generator's hidden names derive from it */
    c->elts = lw_ast_vec(L, na, pos);
    c->params = lw_ast_vec(L, nk, kws);
    return c;
}

/* lw_gen_builtin; into: the name that next()'s value is assigned to (None from a default None on
 * one path and an item on the other join there into an optional value), or NULL.  A generator
 * call's arguments are evaluated before the default (args_first); a generator expression's
 * first iterable after it (Python: before). */
static bool gen_builtin(Lower *L, AstNode *call, const char *into, IrValue **out)
{
    if (call->lhs->kind != AST_NAME) return false;
    const char *f = call->lhs->sval;
    bool next = !strcmp(f, "next"), any = !strcmp(f, "any"), all = !strcmp(f, "all");
    if ((!next && !any && !all) || lw_lookup(L, f) || call->params.n || call->elts.n < 1) return false;
    AstNode *it = call->elts.v[0];
    bool gen = generator_called(L, it) != NULL;
    int fors = 0;
    AstNode *clause = NULL;
    if (it->kind == AST_COMP && it->ival == 'g')
        for (int i = 0; i < it->elts.n; i++)
            if (((AstNode *)it->elts.v[i])->kind == AST_FOR) {
                fors++;
                clause = it->elts.v[i];
            }
    /* any/all of (e for x in g(...)): the loop that stops, as of g(...) itself */
    if (!next && !gen && fors == 1 && !generator_called(L, clause->rhs)) fors = 0;
    if (!gen && fors != 1) {
        if (!next) return false; /* (any/all of a list: lower/comp.c) */
        diag_error(it->span, "next() takes a generator function's call or a generator expression with one for "
                             "clause here (gpyc has no iterator objects: iter() is not supported)");
        *out = NULL;
        return true;
    }
    int nmax = next ? 2 : 1;
    if (call->elts.n > nmax) {
        diag_error(call->span, "%s() takes %s argument%s (%d given)", f, next ? "at most 2" : "exactly one",
                   next ? "s" : "", call->elts.n);
        *out = NULL;
        return true;
    }
    Span sp = call->span;
    if (into && !next) return false;
    const char *r = ar_printf(L->a, "r@%s%d", f, call->id), *found = ar_printf(L->a, "found@%s%d", f, call->id);
    const char *x = ar_printf(L->a, "x@%s%d", f, call->id);
    const char *d = ar_printf(L->a, "d@%s%d", f, call->id);
    if (!next) lw_stmt(L, set_flag(L, sp, r, all));
    else lw_stmt(L, set_flag(L, sp, found, false));
    if (next && call->elts.n == 2) {
        if (gen) it = args_first(L, it, call->id);
        lw_stmt(L, lw_ast_assign(L, sp, d, call->elts.v[1]));
    }
    AstNode *loop;
    const char *names[2] = { r, found };
    AstNode *(*take)(Lower *, AstNode *, void *) = next ? take_first : any ? take_any : take_all;
    if (gen) {
        loop = lw_ast_for(L, sp, lw_ast_name(L, sp, x), it, take(L, lw_ast_name(L, sp, x), (void *)names));
        loop->id = call->id;
    } else {
        loop = lw_comp_nest(L, it, take, (void *)names);
    }
    lw_stmt(L, loop);
    if (next && call->elts.n == 1) { /* no item and no default: StopIteration */
        IrValue *c = lw_expr(L, not_of(L, sp, lw_ast_name(L, sp, found)));
        if (!c) {
            *out = NULL;
            return true;
        }
        lw_emit_raise_if(L, sp, c, "StopIteration", "");
    }
    if (next && call->elts.n == 2) { /* if not found: v = d  else: v = r (an optional value where d is None) */
        const char *v = into ? into : ar_printf(L->a, "v@%s%d", f, call->id);
        AstNode *i = lw_ast_if(L, sp, not_of(L, sp, lw_ast_name(L, sp, found)),
                               lw_ast_assign(L, sp, v, lw_ast_name(L, sp, d)));
        i->els = lw_ast_block(L, lw_ast_assign(L, sp, v, lw_ast_name(L, sp, r)));
        lw_stmt(L, i);
        r = v;
    }
    *out = into ? NULL : lw_expr(L, lw_ast_name(L, sp, r));
    return true;
}
