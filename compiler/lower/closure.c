/*
 * lower/closure.c — def statements, nested functions and what they capture, functions as values
 * (closures and variants of them), and @contextlib.contextmanager functions inlined around a
 * with block.
 *
 * A nested def (AST_DEF with outer set by the parser) is a compile-time binding of its name in
 * the enclosing function, as a module-level def is one of the module.  Its free names (read in
 * its body, assigned nowhere in it) that the calling function binds are captured when it is
 * called: their values at the call become extra arguments of the instance (lw_call_user), so
 * the body reads what Python's closure cell holds then.  Called by name, it is called from the
 * function that defines it or from functions nested in that one; a name declared `nonlocal` is
 * a hidden module global (the parser renames it, frontend/parse_stmt.c), so nothing writes a
 * captured name.  Passed to a user function, returned or stored, it becomes a function value
 * that carries its captured values with it (see "function values" below).
 *
 * A @contextlib.contextmanager function has exactly one `yield`, a statement at the top level
 * of its body, and no `return`.  `with f(args) [as x]: BODY` lowers f's statements before the
 * yield in a scope of f's own (its parameters bound to args, captured names aliasing the
 * caller's bindings), then BODY in the caller's scope (x bound to the yielded value), then f's
 * statements after the yield.  Python runs that last part only when BODY completes normally
 * (an exception in BODY ends the program, as gpyc has no try), which is what the inlined code
 * does; a return, break or continue leaving BODY would skip it and is rejected.
 *
 * A user decorator on a def (`@timed`, a factory's `@repeat(3)`, stacked ones; at module level
 * or nested) is applied at compile time: the decorator's body ends with `return` of a nested def
 * (its wrapper) or of its parameter, so `g` is bound to a new def beside g, a copy of the
 * wrapper whose reads of the decorator's parameter, of the factory's and of their locals are
 * renamed to hidden names of the decorator's module ("f@timed.ID", "n@repeat.ID",
 * "calls@counted.ID") bound to the undecorated function (a compile-time constant) and to the
 * factory's arguments (module globals assigned where the decorator stands): what the wrapper's
 * closure cells hold in Python.  The decorators' other statements run where the decorator
 * stands, once, with the same renames (the factories' when the decorator expressions are
 * evaluated, top down; the decorators' when they apply, bottom up).  The copy's sval2 is its
 * __name__ (functools.wraps: the wrapped function's) and its id the decorator's (its C name);
 * Lower.decorated keeps the copies, so a function lowered again (an instance of the function a
 * def is nested in) gets the same ones.  A nested copy's els names what the def it wraps
 * captures: the wrapper captures it too, to pass it on.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* ---------------------------------------------------------------- free names */

/* Appends to out the names read anywhere in n's subtree (nested defs included), once each. */
static void names_read(AstNode *n, Vec *out)
{
    if (!n) return;
    if (n->kind == AST_NAME && !lw_name_in(out, n->sval)) vec_push(out, (void *)n->sval);
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) names_read(kids[i], out);
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++) names_read(lists[i]->v[j], out);
}

/* The def named name in n's subtree whose outer function is outer (a sibling), or NULL. */
static AstNode *def_in(AstNode *n, const AstNode *outer, const char *name)
{
    if (!n) return NULL;
    if (n->kind == AST_DEF && n->outer == outer && !strcmp(n->sval, name)) return n;
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els }, *d;
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if ((d = def_in(kids[i], outer, name))) return d;
    const Vec *lists[] = { &n->elts, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++)
            if ((d = def_in(lists[i]->v[j], outer, name))) return d;
    return NULL;
}

/* def's free names into out (once each): read in its body (and in its els: the names a
 * decorated nested def's wrapper reads for the function it calls, user_decorated) and not its
 * parameters, locals or globals; and those of the sibling defs it calls (nested in the same
 * function: a call passes on what they capture), seen holding the defs walked. */
static void free_walk(AstNode *def, Vec *out, Vec *seen)
{
    vec_push(seen, def);
    Scope own = { 0 };
    lw_collect_names(&own, def->then);
    Vec all = { 0 };
    names_read(def->then, &all);
    names_read(def->els, &all);
    for (int k = 0; k < def->params.n; k++) { /* a hoisted default reads the definer's hidden local */
        AstNode *p = def->params.v[k];
        if (p->cond) names_read(p->rhs, &all);
    }
    for (int i = 0; i < all.n; i++) {
        const char *nm = all.v[i];
        bool param = false;
        for (int k = 0; k < def->params.n; k++) param |= !strcmp(((AstNode *)def->params.v[k])->sval, nm);
        if (param || lw_name_in(&own.local_names, nm) || lw_name_in(&own.global_names, nm)) continue;
        if (!lw_name_in(out, nm)) vec_push(out, (void *)nm);
        AstNode *sib = def->outer ? def_in(def->outer->then, def->outer, nm) : NULL;
        bool walked = false;
        for (int k = 0; sib && k < seen->n; k++) walked |= seen->v[k] == sib;
        if (sib && !walked) free_walk(sib, out, seen);
    }
    vec_free(&all);
    lw_scope_free(&own);
}

static void free_names(AstNode *def, Vec *out)
{
    Vec seen = { 0 };
    free_walk(def, out, &seen);
    vec_free(&seen);
}

/* Whether the current function is def's outer function or nested in it (where def's captured
 * names are bound); a located error otherwise. */
static bool in_outer(Lower *L, AstNode *def, Span sp)
{
    for (AstNode *d = L->inst ? L->inst->def : NULL; d; d = d->outer)
        if (d == def->outer) return true;
    diag_error(sp,
               "the nested function '%s' is called outside '%s', the function that defines it: gpyc "
               "compiles calls of a nested function inside its enclosing function only",
               def->sval, def->outer->sval);
    return false;
}

int lw_captures(Lower *L, AstNode *def, Span sp, const char ***names, IrValue ***vals)
{
    int np = def->params.n;
    Vec fr = { 0 };
    if (def->outer) {
        if (!in_outer(L, def, sp)) return -1;
        free_names(def, &fr);
    }
    *names = ar_alloc(L->a, sizeof(char *) * (size_t)(np + fr.n + 1));
    *vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(fr.n + 1));
    for (int k = 0; k < np; k++) (*names)[k] = ((AstNode *)def->params.v[k])->sval;
    int n = 0;
    for (int i = 0; i < fr.n; i++) {
        const char *nm = fr.v[i];
        if (L->scope->is_module || !lw_scope_find(L->scope, nm)) continue; /* a global or builtin */
        AstNode ref = { .kind = AST_NAME, .span = sp, .sval = nm };
        IrValue *v = lw_expr(L, &ref);
        if (!v) {
            vec_free(&fr);
            return -1;
        }
        (*names)[np + n] = nm;
        (*vals)[n++] = v;
    }
    vec_free(&fr);
    return n;
}

/* ---------------------------------------------------------------- function values
 *
 * A def used as a value that may leave the function that binds its captured names (passed to a
 * user function, returned, stored in a list or dict) becomes a function value (ty_closure): its
 * environment, the values of the names it captures (lw_captures) where it becomes one, a struct
 * at run time; a call of it passes them as a direct call does (lw_closure_env), so both share
 * instances.  Python's closure reads its cells when it is called, so the values taken here are
 * Python's as long as no captured name is bound again while the value lives: a value returned
 * from the function that binds the names (nothing there runs after the return), or passed to a
 * function that does not let it escape (lw_note_escape) is; otherwise every captured name must
 * be bound for the last time before the point where the value is made (no assignment after it
 * in the function that binds the name, nor in a loop around it), or it is a located error.  A
 * def that reads a nonlocal (a hidden module global, one for every call of the function that
 * binds it) escapes only as an argument that does not escape. */

/* Whether n's subtree (nested defs aside) reads the nonlocal of f (named "x@f"); *name: x. */
static bool reads_nonlocal(const AstNode *n, const AstNode *f, const char **name)
{
    if (!n) return false;
    if (n->kind == AST_NAME) {
        const char *at = strchr(n->sval, '@');
        if (at && !strcmp(at + 1, f->sval)) {
            *name = n->sval;
            return true;
        }
    }
    const AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if (reads_nonlocal(kids[i], f, name)) return true;
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++)
            if (reads_nonlocal(lists[i]->v[j], f, name)) return true;
    return false;
}

/* The statement of the block (or statement) n that binds name after the byte offset pos: one
 * that starts after it, a simple statement around it (its targets are bound after its value),
 * or a loop around it (its next iteration).  NULL when none; nested defs are their own. */
static AstNode *bound_after(AstNode *n, const char *name, uint32_t pos)
{
    if (!n) return NULL;
    if (n->kind == AST_BLOCK) {
        for (int i = 0; i < n->body.n; i++) {
            AstNode *r = bound_after(n->body.v[i], name, pos);
            if (r) return r;
        }
        return NULL;
    }
    if (n->kind == AST_DEF) return NULL;
    if (n->span.start >= pos) return lw_assigns_name(n, name) ? n : NULL;
    if (n->span.end <= pos) return NULL;
    bool compound = n->kind == AST_IF || n->kind == AST_FOR || n->kind == AST_WHILE || n->kind == AST_WITH;
    if (!compound || n->kind == AST_FOR || n->kind == AST_WHILE) {
        if (lw_assigns_name(n, name)) return n;
        if (!compound) return NULL;
    }
    AstNode *r = bound_after(n->then, name, pos);
    return r ? r : bound_after(n->els, name, pos);
}

/* Whether f (a def) binds name: a parameter, or assigned in its body. */
static bool binds(AstNode *f, const char *name)
{
    for (int k = 0; k < f->params.n; k++)
        if (!strcmp(((AstNode *)f->params.v[k])->sval, name)) return true;
    return lw_assigns_name(f->then, name);
}

/* Where the code of the current function stands in f, an enclosing function of it: sp in f
 * itself, else the def (in f) of the function around it. */
static uint32_t pos_in(Lower *L, const AstNode *f, Span sp)
{
    const AstNode *d = L->inst ? L->inst->def : NULL;
    if (d == f) return sp.start;
    while (d && d->outer != f) d = d->outer;
    return d ? d->span.start : sp.start;
}

/* Whether the function value of def made here (sp, how) with the captured names names[0..n)
 * keeps Python's meaning (the comment above); false after a located error.  exact: nothing of
 * the function that defines def runs after this point (a return there). */
static bool captures_hold(Lower *L, AstNode *def, int n, const char **names, Span sp, bool exact, Escape how)
{
    static const char *const verb[] = { [ESC_ARG] = "passing", [ESC_RETURN] = "returning",
                                        [ESC_STORE] = "storing" };
    static const char *const where[] = { [ESC_ARG] = " to a function that keeps it", [ESC_RETURN] = "",
                                         [ESC_STORE] = " in a container" };
    const char *nl;
    for (AstNode *f = def->outer; f; f = f->outer)
        if (reads_nonlocal(def, f, &nl)) {
            int len = (int)(strchr(nl, '@') - nl);
            diag_error(sp,
                       "%s the nested function '%s'%s is not supported: it shares '%.*s' with '%s' through "
                       "nonlocal, which gpyc makes one variable for every call of '%s' (Python gives each "
                       "call its own); keep the state in a list that the def reads (`%.*s = [0]`, then "
                       "`%.*s[0] += 1`)",
                       verb[how], def->sval, where[how], len, nl, f->sval, f->sval, len, nl, len, nl);
            return false;
        }
    for (int i = 0; i < n; i++) {
        const char *x = names[i];
        AstNode *f = def->outer;
        while (f && !binds(f, x)) f = f->outer;
        if (!f || (exact && f == def->outer && L->inst && L->inst->def == f)) continue;
        uint32_t pos = pos_in(L, f, sp);
        AstNode *again = bound_after(f->then, x, pos);
        if (!again) continue;
        if (again->span.start < pos && (again->kind == AST_FOR || again->kind == AST_WHILE))
            diag_error(sp,
                       "%s the nested function '%s'%s is not supported here: it reads '%s', which the loop of "
                       "line %u around it assigns again, and Python's closures would all see its last value "
                       "where gpyc's would keep each iteration's; make it in a function called each "
                       "iteration (`def make(%s): def %s(...): ...; return %s`), which gives each its own '%s'",
                       verb[how], def->sval, where[how], x, (unsigned)again->span.line, x, def->sval, def->sval, x);
        else
            diag_error(sp,
                       "%s the nested function '%s'%s is not supported here: it reads '%s', which '%s' "
                       "assigns again after this point (line %u); Python's closure would see the later "
                       "value, gpyc's the one '%s' holds here (assign '%s' for the last time before the "
                       "def, or pass it as an argument)",
                       verb[how], def->sval, where[how], x, f->sval, (unsigned)again->span.line, x, x);
        return false;
    }
    return true;
}

/* The environment of a module-level functools.partial's def (lower/comp.c): the hidden globals
 * holding its arguments (def->els), their values now, as lw_captures gives a nested def's. */
static int partial_env(Lower *L, AstNode *def, const char ***names, IrValue ***vals)
{
    int np = def->params.n, n = def->els->elts.n;
    *names = ar_alloc(L->a, sizeof(char *) * (size_t)(np + n + 1));
    *vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(n + 1));
    for (int k = 0; k < np; k++) (*names)[k] = ((AstNode *)def->params.v[k])->sval;
    for (int i = 0; i < n; i++) {
        AstNode *h = def->els->elts.v[i];
        (*names)[np + i] = h->sval;
        if (!((*vals)[i] = lw_expr(L, h))) return -1;
    }
    return n;
}

IrValue *lw_func_value(Lower *L, IrValue *fv, Span sp, Escape how)
{
    if (fv->type->kind != TY_FUNC || ty_is_fvalue(fv->type)) return fv;
    AstNode *def = fv->type->def;
    const char **names;
    IrValue **vals;
    int n = def->outer || !def->els ? lw_captures(L, def, sp, &names, &vals) : partial_env(L, def, &names, &vals);
    if (n < 0) return NULL;
    if (how != ESC_ARG && !captures_hold(L, def, n, names + def->params.n, sp, how == ESC_RETURN, how))
        return NULL;
    Type **ts = ar_alloc(L->a, sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        ts[i] = vals[i]->type;
        /* a compile-time value (a function, a module): in the type only, its field a placeholder */
        if (!lw_is_runtime_type(ts[i])) vals[i] = lw_emit(L, IR_CONST_NONE, sp, ts[i], 0, NULL);
    }
    Type *t = ty_closure(def, n, names + def->params.n, ts);
    ir_need_tuple(L->m, t);
    return lw_emit(L, IR_TUPLE, sp, t, n, vals);
}

void lw_note_escape(Lower *L, const Type *t)
{
    if (!t) return;
    switch (t->kind) {
    case TY_LIST:
    case TY_SET: lw_note_escape(L, t->elem); return;
    case TY_DICT:
        lw_note_escape(L, t->key);
        lw_note_escape(L, t->elem);
        return;
    case TY_TUPLE:
    case TY_FUNC:
        if (t->kind == TY_FUNC && !ty_is_fvalue(t)) return;
        if (ty_is_closure(t) && !vec_contains(&L->escaped, t->def)) vec_push(&L->escaped, t->def);
        for (int i = 0; i < t->n; i++) lw_note_escape(L, t->elems[i]);
        return;
    default: return;
    }
}

bool lw_func_arg_done(Lower *L, AstNode *def, Span sp)
{
    if (!vec_contains(&L->escaped, def)) return true;
    Vec fr = { 0 };
    free_names(def, &fr);
    const char **names = ar_alloc(L->a, sizeof(char *) * (size_t)(fr.n + 1));
    int n = 0;
    for (int i = 0; i < fr.n; i++)
        if (!L->scope->is_module && lw_scope_find(L->scope, fr.v[i])) names[n++] = fr.v[i];
    vec_free(&fr);
    return captures_hold(L, def, n, names, sp, false, ESC_ARG);
}

int lw_closure_env(Lower *L, IrValue *fv, Span sp, const char ***names, IrValue ***vals)
{
    const Type *t = fv->type;
    AstNode *def = t->def;
    int np = def->params.n;
    *names = ar_alloc(L->a, sizeof(char *) * (size_t)(np + t->n + 1));
    *vals = ar_alloc(L->a, sizeof(IrValue *) * (size_t)(t->n + 1));
    for (int k = 0; k < np; k++) (*names)[k] = ((AstNode *)def->params.v[k])->sval;
    for (int i = 0; i < t->n; i++) {
        (*names)[np + i] = t->keys[i];
        (*vals)[i] = lw_is_runtime_type(t->elems[i]) ? lw_tuple_get(L, fv, i, sp) : lw_pseudo(L, t->elems[i]);
    }
    return t->n;
}

/* ---------------------------------------------------------------- variants
 *
 * Function values of different types in one list or dict (`[f, g, make_scaler(2)]`) are of one
 * variant type: a tag, the index of the value's own type among the variant's, and one
 * environment per type, the tag's set (the others zero: IR_CONST_NONE of a type with storage
 * is its zero value, codegen declaring every value zeroed).  A call goes over the tags in an
 * if chain (its results joining as an if's do: one type, or the join's located error naming
 * both). */

/* v (a function value of alternative i of the variant vt) as a value of vt. */
static IrValue *variant_of(Lower *L, Type *vt, int i, IrValue *v, Span sp)
{
    IrValue **f = ar_alloc(L->a, sizeof(IrValue *) * (size_t)vt->n);
    f[0] = lw_const_int(L, sp, i);
    for (int j = 1; j < vt->n; j++) f[j] = j == i + 1 ? v : lw_emit(L, IR_CONST_NONE, sp, vt->elems[j], 0, NULL);
    return lw_emit(L, IR_TUPLE, sp, vt, vt->n, f);
}

bool lw_func_values_join(Lower *L, int n, IrValue **vs, Span sp)
{
    bool same = true;
    for (int i = 1; i < n; i++) same &= ty_equal(vs[0]->type, vs[i]->type);
    if (same) return true;
    Type **alts = ar_alloc(L->a, sizeof(Type *) * (size_t)n);
    int na = 0;
    for (int i = 0; i < n; i++) {
        if (!ty_is_closure(vs[i]->type)) {
            diag_error(sp, "a list of functions cannot hold %s beside other functions here",
                       ty_str_of(vs[i]->type));
            return false;
        }
        int j = 0;
        while (j < na && !ty_equal(alts[j], vs[i]->type)) j++;
        if (j == na) alts[na++] = vs[i]->type;
    }
    Type *vt = ty_fvariant(na, alts);
    ir_need_tuple(L->m, vt);
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (!ty_equal(alts[j], vs[i]->type)) j++;
        vs[i] = variant_of(L, vt, j, vs[i], sp);
    }
    return true;
}

/* A hidden name of the call at sp (what: its part). */
static const char *vhidden(Lower *L, Span sp, const char *what, int i)
{
    return ar_printf(L->a, "%s@fn%u.%u.%d", what, sp.line, sp.col, i);
}

/* The if chain `if tag == 0: body(0) elif ...: ... else: body(n-1)` over the variant fv's tags. */
static bool variant_chain(Lower *L, IrValue *fv, Span sp, AstNode *(*body)(Lower *L, void *ctx, int i), void *ctx)
{
    const char *tag = vhidden(L, sp, "tag", 0);
    if (!lw_assign(L, lw_ast_name(L, sp, tag), lw_tuple_get(L, fv, 0, sp), sp)) return false;
    int n = fv->type->n - 1;
    AstNode *chain = NULL, *last = NULL;
    for (int i = 0; i < n; i++) {
        AstNode *b = body(L, ctx, i);
        if (!b) return false;
        if (i == n - 1 && last) {
            last->els = lw_ast_block(L, b);
            break;
        }
        AstNode *c = lw_ast_if(L, sp, lw_ast_cmp(L, sp, AOP_EQ, lw_ast_name(L, sp, tag), lw_ast_int(L, sp, i)), b);
        if (last) last->els = c;
        else chain = c;
        last = c;
    }
    lw_stmt(L, chain);
    return true;
}

typedef struct VCall {
    AstNode *call; /* the call, its arguments read from hidden names */
    IrValue *fv;
    const char *r; /* the result's hidden name */
} VCall;

static AstNode *call_alt(Lower *L, void *ctx, int i)
{
    VCall *vc = ctx;
    Span sp = vc->call->span;
    const char *fn = vhidden(L, sp, "f", i);
    if (!lw_assign(L, lw_ast_name(L, sp, fn), lw_tuple_get(L, vc->fv, i + 1, sp), sp)) return NULL;
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *vc->call;
    c->lhs = lw_ast_name(L, sp, fn);
    return lw_ast_assign(L, sp, vc->r, c);
}

IrValue *lw_call_variant(Lower *L, AstNode *call, IrValue *fv)
{
    Span sp = call->span;
    /* the arguments, once, in order, into hidden names */
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *call;
    int n = call->elts.n, k = call->params.n;
    AstNode **pos = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(n + 1)),
            **kws = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(k + 1));
    for (int i = 0; i < n + k; i++) {
        AstNode *e = i < n ? call->elts.v[i] : ((AstNode *)call->params.v[i - n])->rhs;
        IrValue *v = lw_expr(L, e);
        const char *h = vhidden(L, sp, "a", i);
        if (!v || !lw_assign(L, lw_ast_name(L, sp, h), v, e->span)) return NULL;
        if (i < n) {
            pos[i] = lw_ast_name(L, e->span, h);
        } else {
            kws[i - n] = ar_alloc(L->a, sizeof(AstNode));
            *kws[i - n] = *(AstNode *)call->params.v[i - n];
            kws[i - n]->rhs = lw_ast_name(L, e->span, h);
        }
    }
    c->elts = lw_ast_vec(L, n, pos);
    c->params = lw_ast_vec(L, k, kws);
    VCall vc = { c, fv, vhidden(L, sp, "r", 0) };
    int errors = diag_count();
    if (!variant_chain(L, fv, sp, call_alt, &vc) || diag_count() > errors) return NULL;
    Binding *b = lw_lookup(L, vc.r);
    if (b && b->kind == BIND_CONFLICT) {
        diag_error(sp,
                   "the functions this call may call (%s) return different types, %s and %s: a call of one of "
                   "several functions has one type in gpyc (make them return one type)",
                   ty_str_of(fv->type), ty_str_of(b->ctype[0]), ty_str_of(b->ctype[1]));
        return NULL;
    }
    return lw_expr(L, lw_ast_name(L, sp, vc.r));
}

typedef struct VName {
    IrValue *fv;
    const char *r;
    Span sp;
} VName;

static AstNode *name_alt(Lower *L, void *ctx, int i)
{
    VName *vn = ctx;
    AstNode *s = lw_ast_node(L, AST_STR, vn->sp);
    s->sval = lw_fvalue_name(L, vn->fv->type->elems[i + 1]);
    s->slen = (int)strlen(s->sval);
    return lw_ast_assign(L, vn->sp, vn->r, s);
}

IrValue *lw_variant_name(Lower *L, IrValue *fv, Span sp)
{
    VName vn = { fv, vhidden(L, sp, "name", 0), sp };
    if (!variant_chain(L, fv, sp, name_alt, &vn)) return NULL;
    return lw_expr(L, lw_ast_name(L, sp, vn.r));
}

/* ---------------------------------------------------------------- def statements */

/* Counts the yields under n into *yields and keeps its first return in *ret (nested defs are
 * their own). */
static void count_gen(AstNode *n, int *yields, AstNode **ret)
{
    if (!n || n->kind == AST_DEF) return;
    if (n->kind == AST_RETURN && !*ret) *ret = n;
    if (n->kind == AST_YIELD) (*yields)++;
    AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) count_gen(kids[i], yields, ret);
    for (int j = 0; j < n->body.n; j++) count_gen(n->body.v[j], yields, ret);
}

/* A @contextmanager def s: its decorator is contextlib's, and its body one gpyc inlines (one
 * top-level yield, no return); false after a located error. */
static bool check_generator(Lower *L, AstNode *s)
{
    AstNode *deco = s->elts.v[0];
    IrValue *d = lw_expr(L, deco);
    if (!d) return false;
    if (d->type->kind != TY_BUILTIN || strcmp(d->type->name, "contextlib.contextmanager")) {
        diag_error(deco->span, "decorators are not supported (but @contextlib.contextmanager)");
        return false;
    }
    int top = 0, all = 0;
    AstNode *ret = NULL;
    for (int i = 0; i < s->then->body.n; i++) {
        AstNode *st = s->then->body.v[i];
        top += st->kind == AST_YIELD && !st->ival; /* (not a yield from) */
    }
    count_gen(s->then, &all, &ret);
    if (ret) {
        diag_error(ret->span, "return in a @contextlib.contextmanager function is not supported: gpyc "
                              "inlines its body around the with block");
        return false;
    }
    if (top != 1 || all != 1) {
        diag_error(s->span, "a @contextlib.contextmanager function must yield exactly once, in a statement "
                            "at the top level of its body, for gpyc to inline it around the with block");
        return false;
    }
    return true;
}

/* Whether e is the literal None (or absent). */
static bool is_none(const AstNode *e) { return !e || e->kind == AST_NONE; }

/* def s under @cupyx.profiler.time_range(...) (s->lhs): the function whose body runs inside
 * `with time_range(...)`, the message the function's name where the call gives none (CuPy's
 * _recreate_cm). */
static IrValue *time_range_def(Lower *L, AstNode *s)
{
    AstNode *call = ar_alloc(L->a, sizeof *call), *name = ast_new(L->a, AST_STR, s->span, NULL);
    *call = *s->lhs;
    name->sval = s->sval;
    name->slen = (int)strlen(s->sval);
    bool named = false;
    AstNode **ps = (AstNode **)call->params.v;
    for (int i = 0; i < call->params.n; i++) {
        if (strcmp(ps[i]->sval, "message")) continue;
        named = true;
        if (is_none(ps[i]->rhs)) {
            AstNode *k = ar_alloc(L->a, sizeof *k);
            *k = *ps[i];
            k->rhs = name;
            call->params = lw_ast_vec(L, call->params.n, ps);
            ((AstNode **)call->params.v)[i] = k;
        }
    }
    if (!named && (call->elts.n == 0 || is_none(call->elts.v[0]))) {
        AstNode **args = ar_alloc(L->a, sizeof *args * (size_t)(call->elts.n + 1));
        if (call->elts.n) memcpy(args, call->elts.v, sizeof *args * (size_t)call->elts.n);
        args[0] = name;
        call->elts = lw_ast_vec(L, call->elts.n ? call->elts.n : 1, args);
    }
    AstNode *item = ast_new(L->a, AST_WITH_ITEM, call->span, NULL),
            *with = ast_new(L->a, AST_WITH, s->span, NULL);
    item->lhs = call;
    with->elts = lw_ast_vec(L, 1, &item);
    with->then = s->then;
    AstNode *d = ar_alloc(L->a, sizeof *d);
    *d = *s;
    d->lhs = NULL;
    d->then = lw_ast_block(L, with);
    return lw_pseudo(L, ty_func(d));
}

/* The name f of a def's decorator @functools.wraps(f) or @wraps(f) (one name), or NULL. */
static const char *wraps_of(const AstNode *def)
{
    const AstNode *c = def->lhs, *callee = c && c->kind == AST_CALL ? c->lhs : NULL;
    bool wraps = callee && ((callee->kind == AST_NAME && !strcmp(callee->sval, "wraps")) ||
                            (callee->kind == AST_ATTR && !strcmp(callee->sval, "wraps") &&
                             callee->lhs->kind == AST_NAME && !strcmp(callee->lhs->sval, "functools")));
    if (!wraps || c->elts.n != 1 || c->params.n || def->rhs || ((AstNode *)c->elts.v[0])->kind != AST_NAME)
        return NULL;
    return ((AstNode *)c->elts.v[0])->sval;
}

const char *lw_fvalue_name(Lower *L, const Type *t)
{
    const char *w = wraps_of(t->def);
    const Type *ft = NULL;
    for (int i = 0; w && ty_is_closure(t) && i < t->n; i++)
        if (!strcmp(t->keys[i], w)) ft = t->elems[i];
    Binding *b = w && !ft ? lw_lookup(L, w) : NULL;
    if (b) ft = b->kind == BIND_CONST && b->value ? b->value->type : b->kind == BIND_VAR ? b->var->type : NULL;
    return ft && ft->kind == TY_FUNC && ft->def ? lw_fvalue_name(L, ft) : lw_func_name(t->def);
}

/* The value a def s with a decorator other than @contextmanager (s->lhs) binds: the function
 * for @cupy.fuse / @cupy.fuse(...) / @cupy.vectorize (gpyc fuses every function), a jit kernel
 * for @cupyx.jit.rawkernel(), the function inside a range for @cupyx.profiler.time_range(...),
 * the function for @functools.lru_cache / cache and @cupy.memoize(...) (run at each call);
 * NULL after a located error. */
static IrValue *decorated_value(Lower *L, AstNode *s)
{
    if (s->lhs->kind == AST_CALL) {
        IrValue *f = lw_expr(L, s->lhs->lhs);
        if (!f) return NULL;
        if (f->type->kind == TY_BUILTIN && !strcmp(f->type->name, "cupyx.profiler.time_range"))
            return time_range_def(L, s);
        if (f->type->kind == TY_BUILTIN && !strcmp(f->type->name, "functools.wraps") && wraps_of(s))
            return lw_pseudo(L, ty_func(s)); /* a wrapper made by a call of its decorator: s itself */
        if (f->type->kind == TY_BUILTIN &&
            (!strcmp(f->type->name, "functools.lru_cache") || !strcmp(f->type->name, "cupy.memoize")))
            return lw_pseudo(L,
                             ty_func(s)); /* @lru_cache(maxsize=...), @cupy.memoize(...): called each time */
    }
    IrValue *d = lw_expr(L, s->lhs);
    if (!d) return NULL;
    if (d->type->kind == TY_BUILTIN &&
        (!strcmp(d->type->name, "functools.lru_cache") || !strcmp(d->type->name, "functools.cache")))
        return lw_pseudo(L, ty_func(s));
    if (d->type->kind == TY_BUILTIN &&
        (!strcmp(d->type->name, "cupy.fuse") || !strcmp(d->type->name, "cupy.vectorize")))
        return lw_pseudo(L, ty_func(s));
    if (d->type->kind == TY_BUILTIN && !strcmp(d->type->name, "cupyx.jit.rawkernel()"))
        return lw_jit_kernel(L, s);
    diag_error(s->lhs->span, "decorators are not supported (but @contextlib.contextmanager, @cupy.fuse(), "
                             "@cupy.vectorize, @cupyx.jit.rawkernel(), @cupyx.profiler.time_range() and "
                             "@functools.lru_cache / @functools.cache)");
    return NULL;
}

/* ---------------------------------------------------------------- user decorators */

/* The def a module-level name e (or helper.name, of a user module) is bound to, or NULL. */
static AstNode *def_named(Lower *L, AstNode *e)
{
    if (e->kind == AST_ATTR && e->lhs->kind == AST_NAME) {
        Binding *m = lw_lookup(L, e->lhs->sval);
        if (!m || m->kind != BIND_CONST || !m->value || !lw_user_module(L, m->value->type)) return NULL;
        IrValue *v = lw_expr(L, e);
        return v && v->type->kind == TY_FUNC ? v->type->def : NULL;
    }
    if (e->kind != AST_NAME) return NULL;
    Binding *b = lw_lookup(L, e->sval);
    if (!b || b->kind != BIND_CONST || !b->value || b->value->type->kind != TY_FUNC) return NULL;
    return b->value->type->def;
}

/* Whether n's subtree holds a return, a yield or a def. */
static bool leaves_or_defines(const AstNode *n)
{
    if (!n) return false;
    if (n->kind == AST_RETURN || n->kind == AST_YIELD || n->kind == AST_DEF) return true;
    const AstNode *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if (leaves_or_defines(kids[i])) return true;
    const Vec *lists[] = { &n->elts, &n->params, &n->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++)
            if (leaves_or_defines(lists[i]->v[j])) return true;
    return false;
}

/* The body of a decorator (or factory) def, what names it: `return NAME` at its end (*ret),
 * the nested def of that name (*inner, NULL when NAME is none: `return f`) and the other
 * statements (*others, in order: they run once, when it decorates; no return, yield or def
 * among them); false after a located error. */
static bool split_body(Lower *L, const AstNode *def, const char *what, AstNode **inner, const char **ret,
                       Vec *others)
{
    const Vec *b = &def->then->body;
    AstNode *last = b->n ? b->v[b->n - 1] : NULL;
    if (!last || last->kind != AST_RETURN || !last->lhs || last->lhs->kind != AST_NAME) {
        diag_error(def->span,
                   "the %s '%s' must end with `return` of a nested def (its wrapper) or of its parameter for "
                   "gpyc to compile it",
                   what, def->sval);
        return false;
    }
    *ret = last->lhs->sval;
    *inner = NULL;
    AstNode **v = ar_alloc(L->a, sizeof(AstNode *) * (size_t)b->n);
    int n = 0;
    for (int i = 0; i + 1 < b->n; i++) {
        AstNode *st = b->v[i];
        if (st->kind == AST_DEF && !strcmp(st->sval, *ret) && !*inner && !st->elts.n && !st->rhs) {
            *inner = st;
            continue;
        }
        if (leaves_or_defines(st)) {
            diag_error(st->span,
                       "the %s '%s' runs its statements other than its wrapper once, when it decorates: a "
                       "return, yield or other def among them is not supported",
                       what, def->sval);
            return false;
        }
        v[n++] = st;
    }
    *others = lw_ast_vec(L, n, v);
    return true;
}

const char *lw_func_name(const AstNode *def) { return def->sval2 ? def->sval2 : def->sval; }

/* A copy of the subtree n with each name in from[0..nm) read as to[i], except those the
 * wrapper binds itself (own); a def whose outer is old gets outer now (its nested defs follow
 * the copy).  Copies reset sym (a def's instances are its own). */
typedef struct Renames {
    int n;
    const char **from, **to;
    Scope *own;
} Renames;

static AstNode *copy_ast(Lower *L, const AstNode *n, const Renames *r, const AstNode *old, AstNode *now)
{
    if (!n) return NULL;
    AstNode *c = ar_alloc(L->a, sizeof *c);
    *c = *n;
    c->sym = NULL;
    if (n->kind == AST_NAME && !lw_name_in(&r->own->local_names, n->sval))
        for (int i = 0; i < r->n; i++)
            if (!strcmp(n->sval, r->from[i])) c->sval = r->to[i];
    if (n->kind == AST_DEF) {
        if (n->outer == old) c->outer = now;
        old = n;
        now = c;
    }
    AstNode **kids[] = { &c->lhs, &c->rhs, &c->cond, &c->then, &c->els, &c->docstring };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) *kids[i] = copy_ast(L, *kids[i], r, old, now);
    Vec *lists[] = { &c->elts, &c->params, &c->body };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        AstNode **v = ar_alloc(L->a, sizeof *v * (size_t)(lists[i]->n ? lists[i]->n : 1));
        for (int j = 0; j < lists[i]->n; j++) v[j] = copy_ast(L, lists[i]->v[j], r, old, now);
        *lists[i] = lw_ast_vec(L, lists[i]->n, v);
    }
    return c;
}

/* Binds the hidden name `name` to v in the module of the decorator dd, whose wrapper reads it
 * there (a function: a compile-time constant; a value: a module global, assigned here). */
static bool bind_hidden(Lower *L, const AstNode *dd, const char *name, IrValue *v, Span sp)
{
    Scope *saved_scope;
    UserModule *saved_mod = lw_enter_module(L, lw_module_of(L, dd), &saved_scope);
    L->scope = L->module_scope;
    bool ok = true;
    if (v->type->kind == TY_FUNC) {
        Binding *b = lw_scope_add(L, L->module_scope, name, BIND_CONST);
        b->value = v;
        b->first = sp;
    } else {
        AstNode t = { .kind = AST_NAME, .span = sp, .sval = name };
        ok = lw_assign(L, &t, v, sp);
    }
    lw_leave_module(L, saved_mod, saved_scope);
    return ok;
}

/* Binds the parameters of the decorator factory fac to the arguments of the call deco
 * (`@repeat(3)`: n = 3, evaluated once, here) as hidden module names; adds the renames. */
static bool bind_factory(Lower *L, AstNode *fac, AstNode *deco, Renames *r)
{
    int np = fac->params.n;
    if (deco->elts.n > np) {
        diag_error(deco->span, "%s() takes %d positional arguments but %d were given", fac->sval, np,
                   deco->elts.n);
        return false;
    }
    for (int i = 0; i < np; i++) {
        AstNode *p = fac->params.v[i], *arg = i < deco->elts.n ? deco->elts.v[i] : NULL;
        for (int k = 0; k < deco->params.n; k++) {
            AstNode *kw = deco->params.v[k];
            if (!strcmp(kw->sval, p->sval)) arg = kw->rhs;
        }
        if (p->ival == PARAM_ARGS || p->ival == PARAM_KWARGS) {
            diag_error(p->span,
                       "a decorator factory with *args or **kwargs is not supported: name its parameters");
            return false;
        }
        if (!arg) arg = p->rhs;
        if (!arg) {
            diag_error(deco->span, "%s() missing required argument: '%s'", fac->sval, p->sval);
            return false;
        }
        IrValue *v = lw_expr(L, arg);
        const char *hidden = ar_printf(L->a, "%s@%s.%d", p->sval, fac->sval, deco->id);
        if (!v || !bind_hidden(L, fac, hidden, v, arg->span)) return false;
        r->from[r->n] = p->sval;
        r->to[r->n++] = hidden;
    }
    return true;
}

/* Renames the locals of the decorator (or factory) def, but the nested def `keep`, to hidden
 * names `x@NAME.ID` of its module (ID: the decorator's node): the variables its statements
 * that run once assign, which the wrapper reads as Python's closure cells. */
static void rename_locals(Lower *L, const AstNode *def, const char *keep, const AstNode *deco, Renames *r)
{
    Scope own = { 0 };
    lw_collect_names(&own, def->then);
    for (int i = 0; i < own.local_names.n; i++) {
        const char *x = own.local_names.v[i];
        if (strcmp(x, keep) && !lw_name_in(&own.global_names, x)) {
            r->from[r->n] = x;
            r->to[r->n++] = ar_printf(L->a, "%s@%s.%d", x, def->sval, deco->id);
        }
    }
    lw_scope_free(&own);
}

/* Runs the statements of the decorator (or factory) def that run once when it decorates, its
 * names renamed by r, in the module of def (module scope: its locals are hidden globals);
 * false after an error. */
static bool run_once(Lower *L, const AstNode *def, const Vec *stmts, Renames *r)
{
    int errors = diag_count();
    Scope none = { 0 }, *own = r->own, *saved_scope;
    r->own = &none;
    UserModule *saved_mod = lw_enter_module(L, lw_module_of(L, def), &saved_scope);
    L->scope = L->module_scope;
    for (int i = 0; i < stmts->n; i++) lw_stmt(L, copy_ast(L, stmts->v[i], r, NULL, NULL));
    lw_leave_module(L, saved_mod, saved_scope);
    r->own = own;
    return diag_count() == errors;
}

/* The number of names r may rename for the decorator dd and the factory fac (or NULL). */
static int renames_cap(const AstNode *dd, const AstNode *fac)
{
    int n = 1;
    const AstNode *defs[2] = { dd, fac };
    for (int k = 0; k < 2; k++) {
        if (!defs[k]) continue;
        Scope own = { 0 };
        lw_collect_names(&own, defs[k]->then);
        n += own.local_names.n + defs[k]->params.n;
        lw_scope_free(&own);
    }
    return n;
}

/* The def made of def under the decorator deco (NULL: the undecorated copy) before, or NULL. */
static AstNode *made_before(Lower *L, const AstNode *deco, const AstNode *def)
{
    for (int i = 0; i + 2 < L->decorated.n; i += 3)
        if (L->decorated.v[i] == deco && L->decorated.v[i + 1] == def) return L->decorated.v[i + 2];
    return NULL;
}

static void made(Lower *L, AstNode *deco, AstNode *def, AstNode *result)
{
    vec_push(&L->decorated, deco);
    vec_push(&L->decorated, def);
    vec_push(&L->decorated, result);
}

/* The function that the user decorator d (evaluated) makes of the function fn: its other
 * statements run here, once, then the result
 * is a new def beside fn (at module level, or nested in the function fn is nested in), the
 * decorator's wrapper with its reads of the decorated function, of the factory's parameters and
 * of their locals renamed to hidden names bound here; fn itself for `return f`.  NULL after a
 * located error. */
typedef struct Deco {
    AstNode *deco; /* the decorator expression: a def's name, or a factory's call */
    AstNode *dd; /* the decorator def (the factory's nested one), NULL: not a user function */
    Renames r; /* the factory's parameters and locals, then the decorator's */
} Deco;

/* Evaluates the decorator expression deco into d, as Python does before it decorates: a
 * factory's call binds its parameters and runs its statements; false after a located error. */
static bool deco_eval(Lower *L, AstNode *deco, Deco *d)
{
    AstNode *fac = deco->kind == AST_CALL ? def_named(L, deco->lhs) : NULL;
    *d = (Deco){ .deco = deco, .dd = deco->kind == AST_CALL ? NULL : def_named(L, deco) };
    if (!fac && !d->dd) return true;
    const char *ret;
    Vec others;
    if (fac) {
        if (!split_body(L, fac, "decorator factory", &d->dd, &ret, &others)) return false;
        if (!d->dd) {
            diag_error(fac->span, "the decorator factory '%s' must return a nested def, the decorator",
                       fac->sval);
            return false;
        }
    }
    int cap = renames_cap(d->dd, fac);
    d->r.from = ar_alloc(L->a, sizeof(char *) * (size_t)cap);
    d->r.to = ar_alloc(L->a, sizeof(char *) * (size_t)cap);
    if (!fac) return true;
    if (!bind_factory(L, fac, deco, &d->r)) return false;
    rename_locals(L, fac, d->dd->sval, deco, &d->r);
    return run_once(L, fac, &others, &d->r);
}

static IrValue *user_decorated(Lower *L, Deco *d, AstNode *fn)
{
    AstNode *deco = d->deco, *dd = d->dd, *w;
    Renames r = d->r;
    const char *ret;
    Vec others;
    if (dd->params.n != 1 || ((AstNode *)dd->params.v[0])->ival != PARAM_PLAIN) {
        diag_error(dd->span, "the decorator '%s' must take one parameter, the function it decorates",
                   dd->sval);
        return NULL;
    }
    if (!split_body(L, dd, "decorator", &w, &ret, &others)) return NULL;
    const char *f = ((AstNode *)dd->params.v[0])->sval,
               *hidden = ar_printf(L->a, "%s@%s.%d", f, dd->sval, deco->id);
    if (!w && strcmp(ret, f)) {
        diag_error(dd->span,
                   "the decorator '%s' must return a nested def (its wrapper) or its parameter '%s'",
                   dd->sval, f);
        return NULL;
    }
    bind_hidden(L, dd, hidden, lw_pseudo(L, ty_func(fn)), deco->span);
    r.from[r.n] = f;
    r.to[r.n++] = hidden;
    rename_locals(L, dd, w ? w->sval : "", deco, &r);
    if (!run_once(L, dd, &others, &r)) return NULL;
    if (!w) return lw_pseudo(L, ty_func(fn)); /* `return f`: the function itself */
    const char *name = w->sval; /* __name__: functools.wraps(f) copies f's */
    if (w->lhs) {
        const char *wf = wraps_of(w);
        if (!wf || strcmp(wf, f)) {
            diag_error(w->lhs->span, "the wrapper of a decorator takes one decorator here: @functools.wraps(%s)",
                       f);
            return NULL;
        }
        name = lw_func_name(fn);
    }
    AstNode *g = made_before(L, deco, fn);
    if (g) return lw_pseudo(L, ty_func(g));
    Scope own = { 0 };
    lw_collect_names(&own, w->then);
    for (int k = 0; k < w->params.n; k++)
        vec_push(&own.local_names, (void *)((AstNode *)w->params.v[k])->sval);
    r.own = &own;
    g = copy_ast(L, w, &r, NULL, NULL);
    lw_scope_free(&own);
    g->outer = fn->outer;
    g->lhs = NULL;
    g->sval2 = name;
    g->id = deco->id;
    if (fn->outer) { /* it also reads what fn captures, where it is called (free_names) */
        g->els = lw_ast_node(L, AST_TUPLE, fn->span);
        Vec fr = { 0 };
        free_names(fn, &fr);
        AstNode **v = ar_alloc(L->a, sizeof(AstNode *) * (size_t)(fr.n + 1));
        for (int i = 0; i < fr.n; i++) v[i] = lw_ast_name(L, fn->span, fr.v[i]);
        g->els->elts = lw_ast_vec(L, fr.n, v);
        vec_free(&fr);
    }
    made(L, deco, fn, g);
    return lw_pseudo(L, ty_func(g));
}

/* The value of the def s under user decorators (s->lhs the nearest, s->rhs's elts those above
 * it), or NULL with *user false when s->lhs is none (a library decorator). */
static IrValue *user_decorators(Lower *L, AstNode *s, bool *user)
{
    AstNode *plain = made_before(L, NULL, s);
    if (!plain) {
        plain = ar_alloc(L->a, sizeof *plain);
        *plain = *s;
        plain->lhs = plain->rhs = NULL;
        plain->sym = NULL;
        made(L, NULL, s, plain);
    }
    int n = 1 + (s->rhs ? s->rhs->elts.n : 0);
    Deco *ds = ar_alloc(L->a, sizeof(Deco) * (size_t)n);
    for (int i = n - 1; i >= 0; i--) /* the decorator expressions, top down, as Python */
        if (!deco_eval(L, i ? s->rhs->elts.v[i - 1] : s->lhs, &ds[i])) {
            *user = true;
            return NULL;
        }
    IrValue *v;
    *user = ds[0].dd || s->rhs;
    if (!*user) return NULL;
    if (ds[0].dd) {
        v = user_decorated(L, &ds[0], plain);
    } else { /* a library decorator under user ones */
        if (!(v = decorated_value(L, s))) return NULL;
        if (v->type->kind != TY_FUNC) {
            diag_error(s->rhs->span, "a decorator above %s is not supported", ty_str_of(v->type));
            return NULL;
        }
    }
    for (int i = 1; v && i < n; i++) {
        if (!ds[i].dd) {
            diag_error(
                ds[i].deco->span,
                "a library decorator above a user decorator is not supported (write it nearest the def)");
            return NULL;
        }
        v = user_decorated(L, &ds[i], v->type->def);
    }
    return v;
}

/* Whether some node of e's subtree is one that hit says so of. */
static bool any_node(Lower *L, const AstNode *e, bool (*hit)(Lower *, const AstNode *))
{
    if (!e) return false;
    if (hit(L, e)) return true;
    const AstNode *kids[] = { e->lhs, e->rhs, e->cond, e->then, e->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if (any_node(L, kids[i], hit)) return true;
    const Vec *lists[] = { &e->elts, &e->params };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        for (int j = 0; j < lists[i]->n; j++)
            if (any_node(L, lists[i]->v[j], hit)) return true;
    return false;
}

/* A node that makes a value each time it runs: a call, a display, a comprehension. */
static bool makes_value(Lower *L, const AstNode *e)
{
    (void)L;
    return e->kind == AST_CALL || e->kind == AST_LIST || e->kind == AST_DICT || e->kind == AST_SET ||
           e->kind == AST_COMP;
}

/* A node that makes a default depend on what runs before the def: a read of a name the
 * module binds (a variable, a function, any value), or a value made, so Python's one
 * evaluation at the def may differ from one at each call. */
static bool varies(Lower *L, const AstNode *e)
{
    return (e->kind == AST_NAME && lw_scope_find(L->module_scope, e->sval)) || makes_value(L, e);
}

/* A read of a name the enclosing function (not the module) binds. */
static bool local_read(Lower *L, const AstNode *e)
{
    return e->kind == AST_NAME && !L->scope->is_module && lw_scope_find(L->scope, e->sval);
}

/* The literal of the scalar constant v (int, bool, float, str, None), or NULL. */
static AstNode *const_literal(Lower *L, const IrValue *v, Span sp)
{
    static const struct { IrOp op; AstKind kind; } map[] = {
        { IR_CONST_INT, AST_INT }, { IR_CONST_BOOL, AST_BOOL }, { IR_CONST_FLOAT, AST_FLOAT },
        { IR_CONST_STR, AST_STR }, { IR_CONST_NONE, AST_NONE },
    };
    if (!v->def || (v->def->op == IR_CONST_INT && !ty_equal(v->type, ty_int()))) return NULL;
    for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
        if (map[i].op != v->def->op) continue;
        AstNode *n = lw_ast_node(L, map[i].kind, sp);
        n->ival = v->def->ival;
        n->fval = v->def->fval;
        n->sval = v->def->sval;
        n->slen = v->def->sval ? strlen(v->def->sval) : 0;
        return n;
    }
    return NULL;
}

/* A def's defaults, evaluated where the def stands, as Python does (a call then uses what the
 * parameter's default became; its own expression is kept in the parameter's cond, so a def
 * lowered again, in another instance of its function or another pass over a loop, evaluates
 * it again). A default that varies (at module level), or that varies or reads the enclosing
 * function's names (in a function), is evaluated there; then
 *   - at module level, a scalar constant becomes its literal (a compile-time constant at the
 *     calls), any other value is assigned to the hidden module name "k@f.ID" there (a
 *     variable, or a compile-time binding of a function or dtype), which the calls read: a
 *     list, dict or array default is one object shared by the calls, and a name rebound after
 *     the def does not change the default;
 *   - in a function, the value is bound to the hidden local "k@f.ID" (a binding of the
 *     function's instance: the parameter's AST is shared by the instances), which the calls
 *     read (lw_user_args: from the caller's scope, the defining function or one nested in it,
 *     which captures it as a free name, or from a function value's captured values).
 * Other defaults (constants, builtins) give the same at each call. */
static bool hoist_defaults(Lower *L, AstNode *s)
{
    bool module = L->scope->is_module;
    for (int k = 0; k < s->params.n; k++) {
        AstNode *p = s->params.v[k];
        AstNode *e = p->cond ? p->cond : p->rhs;
        if (!e || !(any_node(L, e, varies) || (!module && any_node(L, e, local_read)))) continue;
        IrValue *v = lw_expr(L, e);
        if (!v) return false;
        p->cond = e;
        if (module && (p->rhs = const_literal(L, v, e->span))) continue;
        AstNode *name = lw_ast_node(L, AST_NAME, e->span);
        name->sval = ar_printf(L->a, "%s@%s.%d", p->sval, s->sval, s->id);
        if (!module && !lw_name_in(&L->scope->local_names, name->sval))
            vec_push(&L->scope->local_names, (void *)name->sval);
        if (!lw_assign(L, name, v, e->span)) return false;
        p->rhs = name;
    }
    return true;
}

bool lw_default_reads_globals(Lower *L, AstNode *def, AstNode *e)
{
    if (any_node(L, e, makes_value)) return false;
    Vec rd = { 0 };
    names_read(e, &rd);
    bool local = false;
    for (AstNode *d = def->outer; d && !local; d = d->outer)
        for (int i = 0; i < rd.n && !local; i++) {
            local = lw_assigns_name(d->then, rd.v[i]);
            for (int k = 0; k < d->params.n && !local; k++)
                local = !strcmp(((AstNode *)d->params.v[k])->sval, rd.v[i]);
        }
    vec_free(&rd);
    return !local;
}

/* Whether the module-level def s rebinds a function name that a function compiled before it
 * reads (a located error: that function's instance keeps calling the first def, where Python
 * would call the new one). */
static bool rebinds_read_function(Lower *L, AstNode *s, const Binding *b)
{
    if (!b || b->kind != BIND_CONST || !b->value || b->value->type->kind != TY_FUNC || b->value->type->def == s)
        return false;
    for (int i = 0; i < L->instances.n; i++) {
        AstNode *d = ((Instance *)L->instances.v[i])->def;
        Vec rd = { 0 };
        names_read(d->then, &rd);
        bool reads = lw_name_in(&rd, s->sval);
        vec_free(&rd);
        if (reads) {
            diag_error(s->span,
                       "'%s' is defined again here, and '%s' (line %u), compiled before this, calls the "
                       "first '%s': gpyc binds a function's calls when it compiles it (give this def "
                       "another name)",
                       s->sval, d->sval, (unsigned)d->span.line, s->sval);
            return true;
        }
    }
    return false;
}

void lw_def_stmt(Lower *L, AstNode *s)
{
    if (s->elts.n && !check_generator(L, s)) return;
    if (!hoist_defaults(L, s)) return;
    bool user = false;
    IrValue *v = s->lhs ? user_decorators(L, s, &user) : NULL;
    if (s->lhs && !user && !v)
        v = decorated_value(L, s);
    else if (!s->lhs)
        v = lw_pseudo(L, ty_func(s));
    if (!v) return;
    if (!L->scope->is_module) { /* a nested function: a compile-time binding of the function */
        AstNode t = { .kind = AST_NAME, .span = s->span, .sval = s->sval };
        lw_assign(L, &t, v, s->span);
        return;
    }
    Binding *b = lw_scope_find(L->module_scope, s->sval);
    if (rebinds_read_function(L, s, b)) return;
    if (b && b->kind == BIND_VAR) {
        diag_error(s->span, "'%s' is a function here but %s before", s->sval, ty_str_of(b->var->type));
        return;
    }
    if (!b) b = lw_scope_add(L, L->module_scope, s->sval, BIND_CONST);
    b->value = v;
    b->first = s->span;
}

/* ---------------------------------------------------------------- with f(...): */

/* The first return, or break or continue outside a loop of its own, in the with block n. */
static AstNode *jump_out(AstNode *n, bool in_loop)
{
    if (!n || n->kind == AST_DEF) return NULL;
    if (n->kind == AST_RETURN || (!in_loop && (n->kind == AST_BREAK || n->kind == AST_CONTINUE))) return n;
    in_loop |= n->kind == AST_FOR || n->kind == AST_WHILE;
    AstNode *kids[] = { n->then, n->els };
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) {
        AstNode *j = jump_out(kids[i], in_loop);
        if (j) return j;
    }
    for (int i = 0; i < n->body.n; i++) {
        AstNode *j = jump_out(n->body.v[i], in_loop);
        if (j) return j;
    }
    return NULL;
}

/* The @contextmanager function that the with item calls (a name bound to it), or NULL. */
static AstNode *generator_of(Lower *L, AstNode *item)
{
    AstNode *call = item->lhs;
    if (call->kind != AST_CALL || call->lhs->kind != AST_NAME) return NULL;
    Binding *b = lw_lookup(L, call->lhs->sval);
    if (!b || b->kind != BIND_CONST || !b->value || b->value->type->kind != TY_FUNC) return NULL;
    AstNode *def = b->value->type->def;
    return def->elts.n ? def : NULL;
}

/* Binds def's parameters (values args) and the caller's bindings of its free names in gs. */
static void bind_generator(Lower *L, AstNode *def, IrValue **args, Scope *caller, Scope *gs)
{
    if (def->outer && !caller->is_module) {
        Vec fr = { 0 };
        free_names(def, &fr);
        for (int i = 0; i < fr.n; i++) {
            Binding *cb = lw_scope_find(caller, fr.v[i]);
            if (!cb) continue;
            Binding *gb = lw_scope_add(L, gs, cb->name, cb->kind);
            *gb = *cb; /* the caller's variable itself (read unchecked where it may be unbound) */
            gb->known = NULL; /* the code after the yield runs after the with block, which may assign it */
            gb->unbound = 0;
            gb->bound = NULL;
            gb->pend = NULL;
        }
        vec_free(&fr);
    }
    for (int k = 0; k < def->params.n; k++) {
        AstNode *p = def->params.v[k];
        IrValue *v = args[k];
        Binding *b = lw_scope_add(L, gs, p->sval, lw_is_runtime_type(v->type) ? BIND_VAR : BIND_CONST);
        b->first = p->span;
        if (b->kind == BIND_CONST) {
            b->value = v;
            continue;
        }
        b->var = lw_new_var(L, gs, p->sval, v->type);
        lw_store(L, b->var, v, p->span);
    }
}

bool lw_with_generator(Lower *L, AstNode *s)
{
    AstNode *item = s->elts.v[0];
    AstNode *def = generator_of(L, item);
    if (!def) return false;
    if (s->elts.n > 1) {
        diag_error(s->span, "a with statement of a @contextlib.contextmanager function takes one item here: "
                            "write the others as nested with statements");
        return true;
    }
    AstNode *j = jump_out(s->then, false);
    if (j) {
        diag_error(j->span,
                   "'%s' out of the with block of a @contextlib.contextmanager function is not "
                   "supported: the function's code after its yield would not run",
                   j->kind == AST_RETURN  ? "return"
                   : j->kind == AST_BREAK ? "break"
                                          : "continue");
        return true;
    }
    if (def->outer && !in_outer(L, def, item->span)) return true;
    IrValue **args = lw_user_args(L, item->lhs, def, NULL);
    if (!args) return true;
    Scope *caller = L->scope, *saved_scope;
    Scope *gs = ar_alloc(L->a, sizeof *gs);
    lw_collect_names(gs, def->then);
    bind_generator(L, def, args, caller, gs);
    UserModule *saved_mod = lw_enter_module(L, lw_module_of(L, def), &saved_scope);
    L->scope = gs;
    for (int i = 0; i < def->then->body.n; i++) {
        AstNode *st = def->then->body.v[i];
        if (st->kind != AST_YIELD) {
            lw_stmt(L, st);
            continue;
        }
        IrValue *v = st->lhs ? lw_expr(L, st->lhs) : lw_const_none(L, st->span);
        lw_leave_module(L, saved_mod, saved_scope);
        if (item->rhs && v) lw_assign(L, item->rhs, v, item->span);
        lw_block(L, s->then);
        saved_mod = lw_enter_module(L, lw_module_of(L, def), &saved_scope);
        L->scope = gs;
    }
    lw_leave_module(L, saved_mod, saved_scope);
    lw_scope_free(gs);
    return true;
}
