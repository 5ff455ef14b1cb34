/*
 * lower/star.c — calls that spread what lower/call.c's spread_args does not (issue 22):
 * `f(*expr)` of a tuple that is not a name, and `f(*xs)` of a list, whose length is known only
 * at run time.
 *
 * Every argument is evaluated once, in Python's order (the callee, the positional arguments,
 * then the keywords), into a hidden name `NAME@starLINE.COL.I` (a name, a literal or an
 * attribute of one is written again as it is: it has no effects, and a constant stays one);
 * the call is then written again over those names.  A tuple spreads into its items (t[0], t[1], ...), as spread_args spreads
 * a name.  A list keeps its run-time length: the items from the first list on are one list
 * (the list itself, or a new one the later items are appended to: one element type), so the
 * call has fixed items, then that list, and reaches
 *   - a user function: its positional parameters take the items by position.  For each length
 *     of the list, Python's outcome is known while compiling (the function's TypeErrors: got
 *     multiple values, takes N positional arguments, missing required arguments, with
 *     CPython's messages and order), so the call checks the length at run time: a raise for
 *     the lengths that fail, a call of the function for each length that fits (one per
 *     default a short list leaves to its parameter; their results join as an `if` joins);
 *   - a builtin that takes any number of arguments, written over the list: print (the items'
 *     str joined by sep), max and min (of the list, Python's TypeError for fewer than two
 *     items), math.hypot (of the items as floats), math.gcd and math.lcm (folded from 0 or
 *     1), os.path.join (folded from the first item), itertools.chain (the items' items);
 * anything else (a function whose result's type would follow the length: zip,
 * itertools.product, x.reshape, cp.* routines; a user function's *args) is a located error.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* The call, its arguments evaluated into hidden names. */
typedef struct Star {
    AstNode *call;
    Span sp;
    Vec fixed;        /* AstNode*: the positional items before the first list (names, t[k]) */
    Vec tail;         /* AstNode*: the items from the first list on */
    Vec tail_list;    /* per tail item: non-NULL where it is a list (its items are the call's) */
    AstNode *list;    /* the tail as one list (a name), once tail_list() made it */
    Vec kw;           /* AstNode*: the keywords (AST_KEYWORD, **d as AST_STARRED) */
    int serial;       /* hidden names made so far */
} Star;

static const char *hidden(Lower *L, Star *s, const char *what)
{
    return ar_printf(L->a, "%s@star%u.%u.%d", what, s->sp.line, s->sp.col, s->serial++);
}

/* name = v; the name's expression (a new node) */
static AstNode *bind(Lower *L, Star *s, const char *what, IrValue *v, Span sp)
{
    const char *n = hidden(L, s, what);
    return lw_assign(L, lw_ast_name(L, sp, n), v, sp) ? lw_ast_name(L, sp, n) : NULL;
}

/* e[k] (an AST_SUBSCRIPT of a new name node) */
static AstNode *item(Lower *L, AstNode *e, int64_t k)
{
    AstNode *sub = lw_ast_node(L, AST_SUBSCRIPT, e->span);
    sub->lhs = lw_ast_name(L, e->span, e->sval);
    sub->rhs = lw_ast_int(L, e->span, k);
    return sub;
}

static AstNode *keyword(Lower *L, Span sp, const char *name, AstNode *v)
{
    AstNode *k = lw_ast_node(L, AST_KEYWORD, sp);
    k->sval = name;
    k->rhs = v;
    return k;
}

/* ---------------------------------------------------------------- evaluating the arguments */

/* An argument with no effects and a value of its own (a name, a literal, an attribute of
 * one): written where the call is written again, not bound to a hidden name (print's end=
 * stays a constant). */
static bool plain(const AstNode *e)
{
    switch (e->kind) {
    case AST_NAME: case AST_INT: case AST_FLOAT: case AST_IMAG: case AST_STR: case AST_BYTES: case AST_BOOL:
    case AST_NONE: case AST_ELLIPSIS:
        return true;
    case AST_ATTR: return plain(e->lhs);
    case AST_UNARY: return plain(e->lhs);
    default: return false;
    }
}

/* Does e call something or bind a name (`:=`)?  A later argument that does may rebind a name
 * read before it (a function that assigns a global, `f(x, *g())`), so that name is read into a
 * hidden one first, where Python reads it. */
static bool may_rebind(const AstNode *e)
{
    if (!e) return false;
    if (e->kind == AST_CALL || e->kind == AST_WALRUS) return true;
    if (may_rebind(e->lhs) || may_rebind(e->rhs) || may_rebind(e->cond) || may_rebind(e->then) || may_rebind(e->els))
        return true;
    for (int i = 0; i < e->elts.n; i++)
        if (may_rebind(e->elts.v[i])) return true;
    for (int i = 0; i < e->params.n; i++)
        if (may_rebind(e->params.v[i])) return true;
    return false;
}

/* Is e written again as it is (plain), given whether an argument after it may rebind a name
 * (may_rebind): a literal always, a name (or an attribute of one) only when none may. */
static bool plain_here(const AstNode *e, bool rebind_after)
{
    if (!plain(e)) return false;
    const AstNode *n = e;
    while (n->kind == AST_ATTR || n->kind == AST_UNARY) n = n->lhs;
    return n->kind != AST_NAME || !rebind_after;
}

/* For each item x of s's tail: `stmt(x)`, through `for e in xs: stmt(e)` for a list. */
static void each_tail(Lower *L, Star *s, AstNode *(*stmt)(Lower *L, AstNode *x, void *ctx), void *ctx)
{
    Span sp = s->sp;
    for (int i = 0; i < s->tail.n; i++) {
        AstNode *x = s->tail.v[i];
        if (!s->tail_list.v[i]) {
            lw_stmt(L, stmt(L, x, ctx));
            continue;
        }
        AstNode *e = lw_ast_name(L, sp, hidden(L, s, "e"));
        lw_stmt(L, lw_ast_for(L, sp, e, x, stmt(L, lw_ast_name(L, sp, e->sval), ctx)));
    }
}

static AstNode *append_stmt(Lower *L, AstNode *x, void *to) { return lw_ast_append(L, to, x); }

/* The tail as one list: the list itself when it is all, else a new one (`rest = []`, then
 * each item appended, in order; one element type). */
static AstNode *tail_list(Lower *L, Star *s)
{
    if (s->tail.n == 1 && s->tail_list.v[0]) return s->tail.v[0];
    const char *rest = hidden(L, s, "rest");
    lw_stmt(L, lw_ast_assign(L, s->sp, rest, lw_ast_node(L, AST_LIST, s->sp)));
    each_tail(L, s, append_stmt, (void *)rest);
    return lw_ast_name(L, s->sp, rest);
}

/* An item of the call: to s's fixed items, or its tail once a list came. */
static void push_item(Star *s, AstNode *x, bool list)
{
    if (!list && !s->tail.n) {
        vec_push(&s->fixed, x);
        return;
    }
    vec_push(&s->tail, x);
    vec_push(&s->tail_list, list ? (void *)1 : NULL);
}

/* Evaluates call's arguments into s (after the callee); false after a located error. */
static bool eval_args(Lower *L, Star *s)
{
    AstNode *call = s->call;
    /* rebind[i]: an argument after positional i (or keyword i - npos) may rebind a name */
    int npos = call->elts.n, nall = npos + call->params.n;
    bool *rebind = ar_alloc(L->a, sizeof *rebind * (size_t)(nall ? nall : 1));
    rebind[nall ? nall - 1 : 0] = false;
    for (int i = nall - 2; i >= 0; i--) {
        const AstNode *next = i + 1 < npos ? call->elts.v[i + 1] : call->params.v[i + 1 - npos];
        rebind[i] = rebind[i + 1] || may_rebind(next);
    }
    for (int i = 0; i < call->elts.n; i++) {
        AstNode *e = call->elts.v[i], *x = e->kind == AST_STARRED ? e->lhs : e;
        if (e->kind == AST_STARRED && x->kind == AST_LIST && !x->elts.n) continue; /* *[]: nothing */
        if (e->kind != AST_STARRED && plain_here(x, rebind[i])) {
            push_item(s, x, false);
            continue;
        }
        if (e->kind == AST_STARRED && x->kind == AST_CALL && x->lhs->kind == AST_NAME && !x->params.n &&
            !lw_lookup(L, x->lhs->sval) &&
            (!strcmp(x->lhs->sval, "range") || !strcmp(x->lhs->sval, "reversed") ||
             !strcmp(x->lhs->sval, "map") || !strcmp(x->lhs->sval, "filter"))) {
            x = lw_ast_call(L, x->span, lw_ast_name(L, x->span, "list"), 1, &x); /* *range(n): its items */
            x->id = e->id;
        }
        IrValue *v = lw_expr(L, x);
        if (v && e->kind == AST_STARRED && v->type->kind == TY_STR) v = lw_str_chars(L, v, x->span); /* *'ab' */
        AstNode *n = v ? bind(L, s, "a", v, x->span) : NULL;
        if (!n) return false;
        if (e->kind != AST_STARRED) {
            push_item(s, n, false);
        } else if (v->type->kind == TY_TUPLE && !v->type->keys) {
            for (int k = 0; k < v->type->n; k++) push_item(s, item(L, n, k), false);
        } else if (v->type->kind == TY_LIST) {
            push_item(s, n, true);
        } else {
            diag_error(e->span, "f(*x) takes a tuple or a list here, not %s", ty_str_of(v->type));
            return false;
        }
    }
    for (int i = 0; i < call->params.n; i++) {
        AstNode *k = call->params.v[i], *x = k->kind == AST_STARRED ? k->lhs : k->rhs;
        if (k->kind != AST_STARRED && plain_here(x, rebind[npos + i])) {
            vec_push(&s->kw, k);
            continue;
        }
        IrValue *v = lw_expr(L, x);
        AstNode *n = v ? bind(L, s, "k", v, x->span) : NULL;
        if (!n) return false;
        if (k->kind == AST_STARRED) {
            AstNode *d = lw_ast_node(L, AST_STARRED, k->span);
            d->ival = 2;
            d->lhs = n;
            vec_push(&s->kw, d);
        } else {
            vec_push(&s->kw, keyword(L, k->span, k->sval, n));
        }
    }
    return true;
}

/* callee(fixed..., more..., keywords) as a new call node; more: n items of the list */
static AstNode *respell(Lower *L, Star *s, AstNode *callee, int n)
{
    AstNode *c = lw_ast_node(L, AST_CALL, s->sp);
    c->lhs = callee;
    c->id = s->call->id;
    int np = s->fixed.n + n;
    c->elts = (Vec){ ar_alloc(L->a, sizeof(void *) * (size_t)(np ? np : 1)), np, 0 };
    for (int i = 0; i < s->fixed.n; i++) c->elts.v[i] = s->fixed.v[i];
    for (int i = 0; i < n; i++) c->elts.v[s->fixed.n + i] = item(L, s->list, i);
    c->params = lw_ast_vec(L, s->kw.n, (AstNode **)s->kw.v);
    return c;
}

/* A keyword of s by name (AST_KEYWORD), or NULL. */
static AstNode *kw_named(Star *s, const char *name)
{
    for (int i = 0; i < s->kw.n; i++) {
        AstNode *k = s->kw.v[i];
        if (k->kind == AST_KEYWORD && !strcmp(k->sval, name)) return k;
    }
    return NULL;
}

/* ---------------------------------------------------------------- user functions */

/* CPython's name of def in its messages: outer.<locals>.inner for a nested def */
static const char *qualname(Lower *L, const AstNode *def)
{
    return def->outer ? ar_printf(L->a, "%s.<locals>.%s", qualname(L, def->outer), def->sval) : def->sval;
}

/* The keyword names s passes (its **d records' keys too), in order: *names; their count. */
static int kw_names(Lower *L, Star *s, const char ***names)
{
    int n = 0, cap = 0;
    for (int i = 0; i < s->kw.n; i++) {
        AstNode *k = s->kw.v[i];
        if (k->kind == AST_STARRED) {
            IrValue *d = lw_expr(L, k->lhs);
            if (d && d->type->kind == TY_TUPLE && d->type->keys) cap += d->type->n;
        } else {
            cap++;
        }
    }
    *names = ar_alloc(L->a, sizeof(char *) * (size_t)(cap ? cap : 1));
    for (int i = 0; i < s->kw.n; i++) {
        AstNode *k = s->kw.v[i];
        if (k->kind != AST_STARRED) {
            (*names)[n++] = k->sval;
            continue;
        }
        IrValue *d = lw_expr(L, k->lhs);
        if (d && d->type->kind == TY_TUPLE && d->type->keys)
            for (int j = 0; j < d->type->n && n < cap; j++) (*names)[n++] = d->type->keys[j];
    }
    return n;
}

/* Python's TypeError for def called with N positional arguments and the keywords kws (CPython's
 * initialize_locals, in its order: a keyword for a parameter the positional ones fill, too
 * many positional ones, missing ones), or NULL where the call binds; *many: the error is the
 * one of too many positional arguments. */
static const char *bind_error(Lower *L, const AstNode *def, int64_t N, const char **kws, int nkw, bool *many)
{
    *many = false;
    int k = 0, defaults = 0;
    for (int j = 0; j < def->params.n; j++) {
        const AstNode *p = def->params.v[j];
        if (p->ival != PARAM_PLAIN) continue;
        k++;
        defaults += p->rhs != NULL;
    }
    const char *qn = qualname(L, def);
    for (int i = 0; i < nkw; i++)
        for (int j = 0; j < def->params.n && j < N; j++) {
            const AstNode *p = def->params.v[j];
            if (p->ival == PARAM_PLAIN && !strcmp(p->sval, kws[i]))
                return ar_printf(L->a, "%s() got multiple values for argument '%s'", qn, kws[i]);
        }
    if (N > k) {
        *many = true;
        int kwonly = 0;
        for (int j = 0; j < def->params.n; j++) {
            const AstNode *p = def->params.v[j];
            for (int i = 0; p->ival == PARAM_KWONLY && i < nkw; i++) kwonly += !strcmp(p->sval, kws[i]);
        }
        const char *sig = defaults ? ar_printf(L->a, "from %d to %d", k - defaults, k) : ar_printf(L->a, "%d", k);
        const char *ksig = kwonly ? ar_printf(L->a, " positional argument%s (and %d keyword-only argument%s)",
                                              N != 1 ? "s" : "", kwonly, kwonly != 1 ? "s" : "")
                                  : "";
        return ar_printf(L->a, "%s() takes %s positional argument%s but %lld%s %s given", qn, sig,
                         defaults || k != 1 ? "s" : "", (long long)N, ksig, N == 1 && !kwonly ? "was" : "were");
    }
    StrBuf names = { 0 };
    int nmiss = 0, total = 0;
    for (int pass = 0; pass < 2; pass++) {
        int at = 0;
        for (int j = 0, pos = 0; j < def->params.n; j++) {
            const AstNode *p = def->params.v[j];
            if (p->ival != PARAM_PLAIN) continue;
            bool named = false;
            for (int i = 0; i < nkw; i++) named |= !strcmp(p->sval, kws[i]);
            if (pos++ < N || p->rhs || named) continue;
            if (!pass) {
                total++;
                continue;
            }
            sb_printf(&names, "%s'%s'", !at ? "" : total == 2 ? " and " : at == total - 1 ? ", and " : ", ",
                      p->sval);
            at++;
            nmiss++;
        }
    }
    const char *msg = nmiss ? ar_printf(L->a, "%s() missing %d required positional argument%s: %s", qn, nmiss,
                                        nmiss == 1 ? "" : "s", names.s)
                            : NULL;
    sb_free(&names);
    return msg;
}

/* raise TypeError(msg) where the int n equals m */
static void raise_at(Lower *L, Span sp, IrValue *n, int64_t m, const char *msg)
{
    lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, m)), "TypeError", msg);
}

/* def(fixed..., *list, keywords): see the file's comment. */
static IrValue *user_call(Lower *L, Star *s, AstNode *def)
{
    Span sp = s->sp;
    int k = 0;
    for (int j = 0; j < def->params.n; j++) {
        const AstNode *p = def->params.v[j];
        if (p->ival == PARAM_ARGS) {
            diag_error(sp, "f(*xs) of a list fills %s()'s *%s with the items left over, whose number gpyc must "
                           "know while compiling: pass a tuple",
                       def->sval, p->sval);
            return NULL;
        }
        k += p->ival == PARAM_PLAIN;
    }
    const char **kws;
    int nkw = kw_names(L, s, &kws);
    s->list = tail_list(L, s);
    IrValue *lv = lw_expr(L, s->list);
    if (!lv) return NULL;
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), lv);
    int64_t most = k - s->fixed.n; /* the longest list that can bind */
    int nfit = 0;
    int64_t *fit = ar_alloc(L->a, sizeof(int64_t) * (size_t)(most > 0 ? most + 1 : 1));
    bool many;
    for (int64_t m = 0; m <= most; m++) {
        const char *err = bind_error(L, def, s->fixed.n + m, kws, nkw, &many);
        if (err) raise_at(L, sp, n, m, err);
        else fit[nfit++] = m;
    }
    /* longer lists: too many positional arguments (or a keyword for a filled one), the count
     * in the message made on that path ("1 was given" apart) */
    int64_t over = most < 0 ? 0 : most + 1;
    if (s->fixed.n + over == 1) {
        raise_at(L, sp, n, over, bind_error(L, def, 1, kws, nkw, &many));
        over++;
    }
    IrValue *cond = lw_binop(L, AOP_GE, sp, n, lw_cint(L, sp, over));
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    const char *msg = bind_error(L, def, INT64_MAX, kws, nkw, &many);
    IrValue *text;
    if (!many) {
        text = lw_const_str(L, sp, msg);
    } else { /* "... but N were given": N = len + fixed items */
        const char *but = strstr(msg, " but ") + 5, *were = strstr(but, " were given");
        IrValue *N = lw_binop(L, AOP_ADD, sp, n, lw_cint(L, sp, s->fixed.n));
        text = lw_emit2(L, IR_STR_CONCAT, sp, ty_str(), lw_const_str(L, sp, ar_strndup(L->a, msg, (size_t)(but - msg))),
                        lw_str_of(L, N, sp));
        text = lw_emit2(L, IR_STR_CONCAT, sp, ty_str(), text, lw_const_str(L, sp, were));
    }
    IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &text);
    r->sval = "TypeError";
    L->blk = saved;
    if (!nfit) return lw_pseudo(L, ty_none()); /* every length raises */
    if (nfit == 1) return lw_expr(L, respell(L, s, s->call->lhs, (int)fit[0]));
    /* if len == fit[0]: r = f(...) elif ... else: r = f(...) (the other lengths raised) */
    const char *rn = hidden(L, s, "r"), *nn = hidden(L, s, "n");
    if (!lw_assign(L, lw_ast_name(L, sp, nn), n, sp)) return NULL;
    AstNode *chain = NULL, *last = NULL;
    for (int i = 0; i < nfit; i++) {
        AstNode *set = lw_ast_assign(L, sp, rn, respell(L, s, s->call->lhs, (int)fit[i]));
        if (i == nfit - 1) {
            last->els = lw_ast_block(L, set);
            break;
        }
        AstNode *c = lw_ast_if(L, sp, lw_ast_cmp(L, sp, AOP_EQ, lw_ast_name(L, sp, nn), lw_ast_int(L, sp, fit[i])), set);
        if (last) last->els = c;
        else chain = c;
        last = c;
    }
    lw_stmt(L, chain);
    return lw_expr(L, lw_ast_name(L, sp, rn));
}

/* ---------------------------------------------------------------- builtins */

/* `out = []`, then out.append(wrap(x)) for each item (wrap NULL: x itself), the list's
 * through a loop; out's name. */
typedef struct Wrap {
    const char *out, *fn;
} Wrap;

static AstNode *append_wrapped(Lower *L, AstNode *x, void *ctx)
{
    Wrap *w = ctx;
    if (w->fn) x = lw_ast_call(L, x->span, lw_ast_name(L, x->span, w->fn), 1, &x);
    return lw_ast_append(L, w->out, x);
}

static const char *all_items(Lower *L, Star *s, const char *wrap)
{
    Wrap w = { hidden(L, s, "all"), wrap };
    lw_stmt(L, lw_ast_assign(L, s->sp, w.out, lw_ast_node(L, AST_LIST, s->sp)));
    for (int i = 0; i < s->fixed.n; i++) lw_stmt(L, append_wrapped(L, s->fixed.v[i], &w));
    each_tail(L, s, append_wrapped, &w);
    return w.out;
}

/* print(*items, sep=, end=, file=, flush=): print(sep.join([str(x) ...]), end=, file=, flush=) */
static IrValue *star_print(Lower *L, Star *s)
{
    Span sp = s->sp;
    AstNode *sep = kw_named(s, "sep");
    IrValue *sv = sep ? lw_expr(L, sep->rhs) : NULL;
    if (sep && !sv) return NULL;
    AstNode *join = lw_ast_node(L, AST_ATTR, sp);
    join->sval = "join";
    if (sv && sv->type->kind != TY_NONE) {
        join->lhs = sep->rhs;
    } else {
        join->lhs = lw_ast_node(L, AST_STR, sp);
        join->lhs->sval = " ";
        join->lhs->slen = 1;
    }
    AstNode *parts = lw_ast_name(L, sp, all_items(L, s, "str"));
    AstNode *c = lw_ast_call(L, sp, s->call->lhs, 1, (AstNode *[]){ lw_ast_call(L, sp, join, 1, &parts) });
    Vec kw = { 0 };
    for (int i = 0; i < s->kw.n; i++)
        if (s->kw.v[i] != sep) vec_push(&kw, s->kw.v[i]);
    c->params = lw_ast_vec(L, kw.n, (AstNode **)kw.v);
    vec_free(&kw);
    return lw_expr(L, c);
}

/* max(*items, key=) / min: max(all) of two or more, Python's TypeErrors for fewer */
static IrValue *star_min_max(Lower *L, Star *s, const char *name)
{
    Span sp = s->sp;
    for (int i = 0; i < s->kw.n; i++) {
        AstNode *k = s->kw.v[i];
        if (k->kind != AST_KEYWORD || strcmp(k->sval, "key")) {
            diag_error(k->span, "%s(*xs) of a list takes key= only here (Python refuses default= with two or "
                                "more arguments)",
                       name);
            return NULL;
        }
    }
    AstNode *all = lw_ast_name(L, sp, all_items(L, s, NULL));
    IrValue *l = lw_expr(L, all);
    Type *et = l ? lw_list_elem(l, sp) : NULL;
    if (!et) return NULL;
    if (!ty_is_scalar(et) || et->kind == TY_COMPLEX) {
        diag_error(sp, "%s(*xs) of a list takes numbers here (one item would be iterated), not %s", name,
                   ty_str_of(et));
        return NULL;
    }
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), l);
    raise_at(L, sp, n, 0, ar_printf(L->a, "%s expected at least 1 argument, got 0", name));
    raise_at(L, sp, n, 1, ar_printf(L->a, "'%s' object is not iterable", ty_str_of(et)));
    AstNode *c = lw_ast_call(L, sp, s->call->lhs, 1, &all);
    c->params = lw_ast_vec(L, s->kw.n, (AstNode **)s->kw.v);
    return lw_expr(L, c);
}

typedef struct Fold {
    const char *r;
    AstNode *fn;
} Fold;

/* r = fn(r, x) */
static AstNode *fold_stmt(Lower *L, AstNode *x, void *ctx)
{
    Fold *fo = ctx;
    Span sp = x->span;
    return lw_ast_assign(L, sp, fo->r, lw_ast_call(L, sp, fo->fn, 2, (AstNode *[]){ lw_ast_name(L, sp, fo->r), x }));
}

/* math.gcd(*items) / math.lcm: r = f(r, x) for each, from 0 / 1 */
static IrValue *star_fold(Lower *L, Star *s, int64_t start)
{
    Span sp = s->sp;
    if (s->kw.n) {
        diag_error(sp, "this function takes no keyword arguments");
        return NULL;
    }
    Fold fo = { hidden(L, s, "r"), s->call->lhs };
    lw_stmt(L, lw_ast_assign(L, sp, fo.r, lw_ast_int(L, sp, start)));
    for (int i = 0; i < s->fixed.n; i++) lw_stmt(L, fold_stmt(L, s->fixed.v[i], &fo));
    each_tail(L, s, fold_stmt, &fo);
    return lw_expr(L, lw_ast_name(L, sp, fo.r));
}

/* math.hypot(*items): CPython's vector norm of the items as floats */
static IrValue *star_hypot(Lower *L, Star *s)
{
    if (s->kw.n) {
        diag_error(s->sp, "math.hypot() takes no keyword arguments");
        return NULL;
    }
    IrValue *l = lw_expr(L, lw_ast_name(L, s->sp, all_items(L, s, "float")));
    return l ? lw_host_call(L, s->sp, IR_PYLIB, PY_MATH_HYPOT, ty_float(), 1, &l) : NULL;
}

/* os.path.join(*items): r = items[0], then r = join(r, x) for the others */
static IrValue *star_path_join(Lower *L, Star *s)
{
    Span sp = s->sp;
    if (s->kw.n) {
        diag_error(sp, "os.path.join() takes no keyword arguments");
        return NULL;
    }
    const char *all = all_items(L, s, NULL), *r = hidden(L, s, "r"), *i = hidden(L, s, "i");
    IrValue *l = lw_expr(L, lw_ast_name(L, sp, all));
    if (!l) return NULL;
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), l);
    raise_at(L, sp, n, 0, "join() missing 1 required positional argument: 'a'");
    lw_stmt(L, lw_ast_assign(L, sp, r, item(L, lw_ast_name(L, sp, all), 0)));
    AstNode *idx = lw_ast_node(L, AST_SUBSCRIPT, sp);
    idx->lhs = lw_ast_name(L, sp, all);
    idx->rhs = lw_ast_name(L, sp, i);
    AstNode *rng = lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 2,
                               (AstNode *[]){ lw_ast_int(L, sp, 1), lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1,
                                                                                (AstNode *[]){ lw_ast_name(L, sp, all) }) });
    AstNode *set = lw_ast_assign(L, sp, r, lw_ast_call(L, sp, s->call->lhs, 2, (AstNode *[]){ lw_ast_name(L, sp, r), idx }));
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, i), rng, set));
    return lw_expr(L, lw_ast_name(L, sp, r));
}

typedef struct Chain {
    Star *s;
    const char *out;
} Chain;

/* for e in it: out.append(e) */
static AstNode *chain_stmt(Lower *L, AstNode *it, void *ctx)
{
    Chain *ch = ctx;
    AstNode *e = lw_ast_name(L, it->span, hidden(L, ch->s, "e"));
    return lw_ast_for(L, it->span, e, it, lw_ast_append(L, ch->out, lw_ast_name(L, it->span, e->sval)));
}

/* itertools.chain(*iterables): the items of each, in order, as a list */
static IrValue *star_chain(Lower *L, Star *s)
{
    Span sp = s->sp;
    if (s->kw.n) {
        diag_error(sp, "itertools.chain() takes no keyword arguments");
        return NULL;
    }
    Chain ch = { s, hidden(L, s, "chain") };
    lw_stmt(L, lw_ast_assign(L, sp, ch.out, lw_ast_node(L, AST_LIST, sp)));
    for (int i = 0; i < s->fixed.n; i++) lw_stmt(L, chain_stmt(L, s->fixed.v[i], &ch));
    each_tail(L, s, chain_stmt, &ch);
    return lw_expr(L, lw_ast_name(L, sp, ch.out));
}

/* ---------------------------------------------------------------- entry */

/* Does call spread something spread_args does not: a starred expression other than a name,
 * or a name bound to a list or a str? */
static bool needs_star(Lower *L, AstNode *call)
{
    for (int i = 0; i < call->elts.n; i++) {
        AstNode *e = call->elts.v[i];
        if (e->kind != AST_STARRED) continue;
        if (e->lhs->kind != AST_NAME) return true;
        Binding *b = lw_lookup(L, e->lhs->sval);
        Type *t = !b                                   ? NULL
                  : b->kind == BIND_VAR                ? b->var->type
                  : b->kind == BIND_CONST && b->value ? b->value->type
                                                       : NULL;
        if (t && (t->kind == TY_LIST || t->kind == TY_STR)) return true; /* (print(*s): its characters) */
    }
    return false;
}

bool lw_star_call(Lower *L, AstNode **callp, IrValue **out)
{
    AstNode *call = *callp, *f = call->lhs, *def = NULL;
    if (!needs_star(L, call)) return false;
    *out = NULL;
    Star s = { .call = call, .sp = call->span };
    /* the callee first, as Python evaluates it */
    const char *name = NULL;
    IrValue *fv = NULL;
    if (!plain(f)) {
        /* (a method of a value made here, a function a call returns: lw_call evaluates it,
         * once; a list reaches it as the error below) */
    } else if (f->kind == AST_ATTR) {
        IrValue *o = lw_expr(L, f->lhs);
        if (!o) return true;
        UserModule *um = lw_user_module(L, o->type);
        if (um) {
            if (!(fv = lw_user_module_attr(L, um, f->sval, f->span))) return true;
        } else if (o->type->kind == TY_MODULE) {
            name = ar_printf(L->a, "%s.%s", o->type->name, f->sval);
        }
    } else if (!(fv = lw_expr(L, f))) {
        return true;
    }
    if (fv && fv->type->kind == TY_FUNC) def = fv->type->def; /* (NULL: a variant, lw_call's) */
    if (fv && fv->type->kind == TY_BUILTIN) name = fv->type->name;
    bool ok = eval_args(L, &s);
    if (ok && !s.tail.n) { /* tuples only: the call over their items */
        AstNode *c = respell(L, &s, f, 0);
        vec_free(&s.fixed);
        vec_free(&s.tail);
        vec_free(&s.tail_list);
        vec_free(&s.kw);
        *callp = c;
        return false;
    }
    if (!ok) {
    } else if (def) {
        *out = user_call(L, &s, def);
    } else if (name && !strcmp(name, "print")) {
        *out = star_print(L, &s);
    } else if (name && (!strcmp(name, "max") || !strcmp(name, "min"))) {
        *out = star_min_max(L, &s, name);
    } else if (name && (!strcmp(name, "math.gcd") || !strcmp(name, "math.lcm"))) {
        *out = star_fold(L, &s, name[5] == 'l');
    } else if (name && !strcmp(name, "math.hypot")) {
        *out = star_hypot(L, &s);
    } else if (name && !strcmp(name, "os.path.join")) {
        *out = star_path_join(L, &s);
    } else if (name && !strcmp(name, "itertools.chain")) {
        *out = star_chain(L, &s);
    } else {
        diag_error(call->span,
                   "f(*xs) of a list (its length known only at run time) is supported for user functions and "
                   "print, max, min, math.hypot, math.gcd, math.lcm, os.path.join, itertools.chain%s%s%s: make xs a "
                   "tuple (its length static)",
                   name ? ", not " : "", name ? name : "", name ? "()" : "");
    }
    vec_free(&s.fixed);
    vec_free(&s.tail);
    vec_free(&s.tail_list);
    vec_free(&s.kw);
    return true;
}
