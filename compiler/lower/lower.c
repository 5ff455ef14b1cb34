/*
 * lower.c — the lowering stage's core: scopes and name resolution, variables and their types,
 * statements and structured control flow, and monomorphized user functions.
 * Expressions are in lower/expr.c, calls of the API in lower/call.c (see lower.h).
 *
 * Invariant: a variable has one type for its whole life; an assignment of another type to a
 * name makes it a new variable (lower/flow.c: flow-sensitive bindings, joins after if and
 * around loops).  Values never cross a block boundary outward: everything a later block needs
 * goes through a variable.
 */
#include "compiler/lower/lower.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------- IR helpers */

/* Every value the lowering makes has a type: a NULL type (a type the lowering could not tell,
 * which no caller expects) is reported at sp and replaced by None's, so that no caller
 * dereferences it; the error stops the compile after lowering.  Statements (no result) go
 * through ir_emit. */
IrValue *lw_emit(Lower *L, IrOp op, Span sp, Type *t, int nargs, IrValue **args)
{
    if (!t) {
        diag_error(sp, "cannot tell the type of this value");
        t = ty_none();
    }
    IrInstr *in = ir_emit(L->m, L->blk, op, sp, t, nargs, args);
    return in->res;
}

IrValue *lw_emit1(Lower *L, IrOp op, Span sp, Type *t, IrValue *a)
{
    IrValue *args[1] = {a};
    return lw_emit(L, op, sp, t, 1, args);
}

IrValue *lw_emit2(Lower *L, IrOp op, Span sp, Type *t, IrValue *a, IrValue *b)
{
    IrValue *args[2] = {a, b};
    return lw_emit(L, op, sp, t, 2, args);
}

/* The element type of a list value, or NULL after reporting at sp that it is unknown (an empty
 * list with nothing appended before this point of the lowering).  Reads of a list's element
 * type that make a value go through here, or check it first with a message of their own
 * (a[i]: "list index out of range"; a, b = l: "cannot unpack list[unknown]"). */
Type *lw_list_elem(IrValue *list, Span sp)
{
    Type *t = list->type->elem;
    if (!t)
        diag_error(sp,
                   "the elements of this list have no type yet: nothing is appended to it before this line");
    return t;
}

/* A compile-time value with no instruction (a module, a dtype, a function). */
IrValue *lw_pseudo(Lower *L, Type *t)
{
    IrValue *v = ar_alloc(L->a, sizeof *v);
    v->id = -1;
    v->type = t;
    return v;
}

IrValue *lw_const_int(Lower *L, Span sp, int64_t val)
{
    IrValue *v = lw_emit(L, IR_CONST_INT, sp, ty_int(), 0, NULL);
    v->def->ival = val;
    return v;
}

IrValue *lw_const_float(Lower *L, Span sp, double val)
{
    IrValue *v = lw_emit(L, IR_CONST_FLOAT, sp, ty_float(), 0, NULL);
    v->def->fval = val;
    return v;
}

IrValue *lw_const_bool(Lower *L, Span sp, bool val)
{
    IrValue *v = lw_emit(L, IR_CONST_BOOL, sp, ty_bool(), 0, NULL);
    v->def->ival = val;
    return v;
}

IrValue *lw_const_str(Lower *L, Span sp, const char *s)
{
    IrValue *v = lw_emit(L, IR_CONST_STR, sp, ty_str(), 0, NULL);
    v->def->sval = s;
    return v;
}

IrValue *lw_const_none(Lower *L, Span sp) { return lw_emit(L, IR_CONST_NONE, sp, ty_none(), 0, NULL); }

bool lw_is_const_int(const IrValue *v, int64_t *out)
{
    if (!v || !v->def) return false;
    if (v->def->op == IR_CONST_INT || v->def->op == IR_CONST_BOOL) {
        if (out) *out = v->def->ival;
        return true;
    }
    return false;
}

bool lw_is_none(const IrValue *v) { return v && (v->type->kind == TY_NONE); }

bool lw_is_u64_const(const IrValue *v)
{
    return v && v->def && v->def->op == IR_CONST_INT && v->def->dtype == DT_UINT64;
}

/* ---------------------------------------------------------------- scopes */

bool lw_name_in(const Vec *names, const char *name)
{
    for (int i = 0; i < names->n; i++)
        if (strcmp(names->v[i], name) == 0) return true;
    return false;
}

static uint32_t name_hash(const char *name)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

/* The slot of s->index that holds `name`'s binding, or the empty slot where it goes. */
static Binding **index_slot(const Scope *s, const char *name)
{
    uint32_t mask = (uint32_t)s->index_cap - 1;
    for (uint32_t i = name_hash(name) & mask;; i = (i + 1) & mask) {
        Binding **slot = &s->index[i];
        if (!*slot || strcmp((*slot)->name, name) == 0) return slot;
    }
}

/* The latest binding of `name` in s: one hash probe (a scope of 40,000 module variables is
 * searched in constant time, issue 24). */
Binding *lw_scope_find(Scope *s, const char *name)
{
    return s->index_cap ? *index_slot(s, name) : NULL;
}

/* Enters binding b into s's index (the latest binding of its name). */
static void index_add(Scope *s, Binding *b)
{
    if (2 * (s->index_n + 1) > s->index_cap) { /* grow to keep the table at most half full */
        Binding **old = s->index;
        int old_cap = s->index_cap;
        s->index_cap = old_cap ? 2 * old_cap : 16;
        s->index = xcalloc(s->index_cap, sizeof *s->index);
        for (int i = 0; i < old_cap; i++)
            if (old[i]) *index_slot(s, old[i]->name) = old[i];
        free(old);
    }
    Binding **slot = index_slot(s, b->name);
    if (!*slot) s->index_n++;
    *slot = b;
}

void lw_scope_reindex(Scope *s)
{
    memset(s->index, 0, (size_t)s->index_cap * sizeof *s->index);
    s->index_n = 0;
    for (int i = 0; i < s->binds.n; i++) index_add(s, s->binds.v[i]);
}

Binding *lw_scope_add(Lower *L, Scope *s, const char *name, BindKind k)
{
    Binding *b = ar_alloc(L->a, sizeof *b);
    b->name = name;
    b->kind = k;
    vec_push(&s->binds, b);
    index_add(s, b);
    return b;
}

void lw_scope_free(Scope *s)
{
    vec_free(&s->binds);
    free(s->index);
    s->index = NULL;
    s->index_cap = s->index_n = 0;
    vec_free(&s->local_names);
    vec_free(&s->global_names);
}

/* The scope a name belongs to when assigned in the current function. */
static Scope *assign_scope(Lower *L, const char *name)
{
    if (L->scope->is_module || lw_name_in(&L->scope->global_names, name)) return L->module_scope;
    return L->scope;
}

/* Python's rule: local if assigned in the function, else global, else builtin (NULL here).  A
 * global read from a function is marked: it keeps its variable (lw_flow_rebind). */
Binding *lw_lookup(Lower *L, const char *name)
{
    if (!L->scope->is_module && !lw_name_in(&L->scope->global_names, name)) {
        Binding *b = lw_scope_find(L->scope, name);
        if (b || lw_name_in(&L->scope->local_names, name)) return b;
    }
    Binding *b = lw_scope_find(L->module_scope, name);
    if (b && !L->scope->is_module) b->read_by_func = true;
    return b;
}


static void collect_target(Scope *s, AstNode *t)
{
    if (!t) return;
    if (t->kind == AST_NAME) {
        if (!lw_name_in(&s->local_names, t->sval)) vec_push(&s->local_names, (void *)t->sval);
    } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
        for (int i = 0; i < t->elts.n; i++) collect_target(s, t->elts.v[i]);
    } else if (t->kind == AST_STARRED) {
        collect_target(s, t->lhs);
    }
}

/* The names that `name := value` expressions in e (not in nested defs) bind. */
static void collect_walrus(Scope *s, AstNode *e)
{
    if (!e || e->kind == AST_DEF || e->kind == AST_BLOCK) return;
    if (e->kind == AST_WALRUS) collect_target(s, e->lhs);
    collect_walrus(s, e->lhs);
    collect_walrus(s, e->rhs);
    collect_walrus(s, e->cond);
    if (e->kind == AST_IFEXP) {
        collect_walrus(s, e->then);
        collect_walrus(s, e->els);
    }
    for (int i = 0; i < e->elts.n; i++) collect_walrus(s, e->elts.v[i]);
    if (e->kind == AST_CALL)
        for (int i = 0; i < e->params.n; i++) collect_walrus(s, e->params.v[i]);
}

void lw_collect_names(Scope *s, AstNode *n)
{
    if (!n) return;
    if (n->kind != AST_BLOCK && n->kind != AST_MODULE && n->kind != AST_DEF) collect_walrus(s, n);
    switch (n->kind) {
    case AST_BLOCK:
    case AST_MODULE:
        for (int i = 0; i < n->body.n; i++) lw_collect_names(s, n->body.v[i]);
        break;
    case AST_ASSIGN:
        for (int i = 0; i < n->elts.n; i++) collect_target(s, n->elts.v[i]);
        break;
    case AST_AUGASSIGN: collect_target(s, n->lhs); break;
    case AST_DEF:
        if (!lw_name_in(&s->local_names, n->sval)) vec_push(&s->local_names, (void *)n->sval);
        break;
    case AST_FOR:
        collect_target(s, n->lhs);
        lw_collect_names(s, n->then);
        lw_collect_names(s, n->els);
        break;
    case AST_WHILE:
        lw_collect_names(s, n->then);
        lw_collect_names(s, n->els);
        break;
    case AST_IF:
        lw_collect_names(s, n->then);
        lw_collect_names(s, n->els);
        break;
    case AST_WITH:
        for (int i = 0; i < n->elts.n; i++) collect_target(s, ((AstNode *)n->elts.v[i])->rhs);
        lw_collect_names(s, n->then);
        break;
    case AST_GLOBAL:
        for (int i = 0; i < n->elts.n; i++) {
            AstNode *nm = n->elts.v[i];
            if (!lw_name_in(&s->global_names, nm->sval)) vec_push(&s->global_names, (void *)nm->sval);
        }
        break;
    case AST_IMPORT:
    case AST_IMPORT_FROM:
        for (int i = 0; i < n->elts.n; i++) {
            AstNode *al = n->elts.v[i];
            const char *nm = al->sval2 ? al->sval2 : al->sval;
            vec_push(&s->local_names, (void *)nm);
        }
        break;
    default: break;
    }
}

/* Does the block (or statement) assign name? */
bool lw_assigns_name(AstNode *block, const char *name)
{
    Scope tmp = { 0 };
    lw_collect_names(&tmp, block);
    bool r = lw_name_in(&tmp.local_names, name);
    vec_free(&tmp.local_names);
    vec_free(&tmp.global_names);
    return r;
}

/* ---------------------------------------------------------------- variables */

IrVar *lw_temp_var(Lower *L, const char *hint, Type *t)
{
    IrVar *v = ir_var_new(L->m, hint, t);
    if (L->fn) vec_push(&L->fn->locals, v);
    return v;
}

IrValue *lw_load(Lower *L, IrVar *var, Span sp)
{
    IrValue *v = lw_emit(L, IR_LOAD, sp, var->type, 0, NULL);
    v->def->var = var;
    return v;
}

void lw_store(Lower *L, IrVar *var, IrValue *v, Span sp)
{
    if (var->global && L->inst) lw_note_escape(L, v->type); /* a function value may outlive its captures */
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE, sp, NULL, 1, &v);
    in->var = var;
}

/* False, after a located error, when storing a value of type v into container c (a list, set,
 * deque or dict) would make c hold itself (`d["a"] = d`, `a.append([a])`): Python allows it, but a
 * container inside itself has no static type. */
bool lw_not_self_holding(const Type *c, const Type *v, Span sp)
{
    if (!ty_occurs(c, v)) return true;
    const char *what = c->kind == TY_DICT ? "dict" : ty_is_deque(c) ? "deque" : c->kind == TY_SET ? "set" : "list";
    diag_error(sp, "a %s cannot hold itself, directly or inside another container: gpyc types every value when "
               "compiling, and a %s inside itself has no type",
               what, what);
    return false;
}

/* Can a value of type `from` be stored in a variable of type `to`?  Lists with an unknown
 * element type unify with any list (and fix the element type). */
bool lw_unify(Type *to, Type *from)
{
    if ((to->kind == TY_LIST || to->kind == TY_SET) && from->kind == to->kind) {
        if (!to->name != !from->name || to->n != from->n) return false; /* a deque, a frozenset */
        if (ty_occurs(to, from->elem) || ty_occurs(from, to->elem)) return false; /* `a = [a]` */
        if (!to->elem && from->elem) to->elem = from->elem;
        if (!from->elem && to->elem) from->elem = to->elem;
        return !to->elem || !from->elem || ty_equal(to->elem, from->elem);
    }
    if (to->kind == TY_DICT && from->kind == TY_DICT) {
        if (ty_occurs(to, from->elem) || ty_occurs(from, to->elem)) return false;
        if (!to->key) to->key = from->key;
        if (!from->key) from->key = to->key;
        if (!to->elem) to->elem = from->elem;
        if (!from->elem) from->elem = to->elem;
        return ty_equal(to, from);
    }
    if (to->kind == TY_TUPLE && from->kind == TY_TUPLE) {
        if (to->n != from->n || !to->keys != !from->keys) return false;
        for (int i = 0; to->keys && i < to->n; i++)
            if (strcmp(to->keys[i], from->keys[i])) return false;
        for (int i = 0; i < to->n; i++)
            if (!lw_unify(to->elems[i], from->elems[i])) return false;
        return true;
    }
    return ty_equal(to, from);
}

bool lw_is_runtime_type(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: case TY_INT: case TY_FLOAT: case TY_COMPLEX: case TY_STR: case TY_ARRAY:
    case TY_SVIEW: case TY_BYTES: case TY_POLY1D: case TY_LIST: case TY_OBJ: case TY_SPARSE: case TY_DICT: case TY_SET: return true;
    case TY_TUPLE:
        for (int i = 0; i < t->n; i++)
            if (!lw_is_runtime_type(t->elems[i])) return false;
        return true;
    case TY_SDTYPE: return t->sdt->rt;
    case TY_FUNC: return ty_is_fvalue(t); /* a function value: its environment */
    default: return false;
    }
}

/* A binding poisoned by an earlier error (a failed assignment), or whose paths bind it to
 * types that do not join: an assignment defines it afresh. */
static bool is_poisoned(const Binding *b)
{
    return b && ((b->kind == BIND_CONST && !b->value) || b->kind == BIND_CONFLICT);
}

IrVar *lw_new_var(Lower *L, Scope *s, const char *name, Type *t)
{
    IrVar *v = ir_var_new(L->m, name, t);
    v->global = s->is_module;
    if (s->is_module)
        vec_push(&L->m->globals, v);
    else
        vec_push(&L->fn->locals, v);
    return v;
}

/* Makes name a variable of type t in scope s, first assigned at `first`: b is its binding, a
 * poisoned one (defined afresh) or NULL (added). */
static Binding *declare_var(Lower *L, Scope *s, Binding *b, const char *name, Type *t, Span first)
{
    if (!b) b = lw_scope_add(L, s, name, BIND_VAR);
    b->kind = BIND_VAR;
    b->var = lw_new_var(L, s, name, t);
    b->value = NULL;
    b->first = first;
    b->guard = NULL;
    return b;
}

/* name = v */
static bool assign_name(Lower *L, AstNode *target, IrValue *v, Span sp)
{
    const char *name = target->sval;
    Scope *s = assign_scope(L, name);
    Binding *b = lw_scope_find(s, name);
    /* a function's global bound to a nested def: a function value (lower/closure.c) */
    if (s != L->scope && v->type->kind == TY_FUNC && v->type->def && v->type->def->outer &&
        !(v = lw_func_value(L, v, sp, ESC_STORE)))
        return false;
    if (is_poisoned(b)) {
        /* this assignment defines it afresh */
        if (!lw_is_runtime_type(v->type)) {
            b->kind = BIND_CONST;
            b->value = v;
            b->first = target->span;
            b->unbound = 0;
            b->bound = NULL;
            return true;
        }
        declare_var(L, s, b, name, v->type, target->span);
    }
    if (!lw_is_runtime_type(v->type)) {
        /* modules, dtypes, functions, None: compile-time bindings (x = cp.float32) */
        if (b && b->kind == BIND_VAR) {
            diag_error(target->span, "'%s' is %s here but was %s before", name, ty_str_of(v->type),
                       ty_str_of(b->var->type));
            diag_note(b->first, "first assigned here");
            return false;
        }
        if (!b) b = lw_scope_add(L, s, name, BIND_CONST);
        b->value = v;
        b->first = target->span;
        b->unbound = 0;
        b->bound = NULL;
        return true;
    }
    if (!b) {
        b = declare_var(L, s, NULL, name, v->type, target->span);
    } else if (b->kind != BIND_VAR && !lw_flow_rebind(L, s, b, v->type, target->span)) {
        /* (a compile-time value, None included, becomes a variable from here on) */
        diag_error(target->span, "'%s' is %s here but was %s before", name, ty_str_of(v->type),
                   ty_str_of(b->value->type));
        return false;
    } else if (!lw_unify(b->var->type, v->type) && !lw_flow_rebind(L, s, b, v->type, target->span)) {
        diag_error(sp,
                   "'%s' is %s here but %s before: a module global that functions read (or "
                   "that a function assigns) keeps one type",
                   name, ty_str_of(v->type), ty_str_of(b->var->type));
        diag_note(b->first, "assigned here");
        return false;
    }
    lw_flow_unguard(L, b, true, sp); /* (it holds a value from here on) */
    lw_flow_bind(L, b, sp);
    lw_store(L, b->var, v, sp);
    b->fill = lw_fill_const(v, NULL) ? v : NULL;
    b->known = s == L->scope ? v : NULL; /* (a function's store of a global: not this path's) */
    return true;
}

/* The array expression x of a flat iterator, x.flat or cp.flatiter(x) (cp a name); NULL for
 * anything else. */
static AstNode *flat_of(Lower *L, AstNode *e)
{
    if (e->kind == AST_ATTR && !strcmp(e->sval, "flat")) return e->lhs;
    if (e->kind != AST_CALL || e->elts.n != 1 || e->params.n || e->lhs->kind != AST_ATTR ||
        strcmp(e->lhs->sval, "flatiter") || e->lhs->lhs->kind != AST_NAME)
        return NULL;
    IrValue *m = lw_expr(L, e->lhs->lhs);
    return m && m->type->kind == TY_MODULE && !strcmp(m->type->name, "cupy") ? e->elts.v[0] : NULL;
}

/* The object of a subscript target (x in x[i] = v).  x.imag of a real array is NumPy's
 * read-only array of zeros: writing into it is an error. */
static IrValue *target_object(Lower *L, AstNode *e, IrValue **flat)
{
    *flat = NULL;
    AstNode *fx = flat_of(L, e);
    if (fx) {
        /* x.flat[i] = v: assigned into a C-order copy of x, which flat_back writes back */
        IrValue *base = lw_expr(L, fx);
        if (!base || base->type->kind != TY_ARRAY) return base ? lw_expr(L, e) : NULL;
        *flat = base;
        return lw_copy_of(L, e->span, lw_ravel(L, e->span, base));
    }
    if (e->kind == AST_ATTR && !strcmp(e->sval, "imag")) {
        IrValue *base = lw_expr(L, e->lhs);
        if (!base) return NULL;
        if (base->type->kind == TY_ARRAY && !dt_is_complex(base->type->dtype)) {
            diag_error(e->span, "assignment destination is read-only (the imaginary part of a real array)");
            return NULL;
        }
        if (base->type->kind == TY_ARRAY) return lw_complex_part(L, base, true, e->span);
        diag_error(e->span, "'%s' object has no attribute 'imag' that gpyc supports", ty_str_of(base->type));
        return NULL;
    }
    return lw_expr(L, e);
}

/* After an assignment through x.flat (target_object's flat: x): the changed copy t stored back
 * into x in its shape. */
static void flat_back(Lower *L, IrValue *x, IrValue *t, Span sp)
{
    if (!x) return;
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, dims);
    lw_store_into(L, sp, x, lw_emit_reshape(L, sp, t, x->type->ndim, dims));
}

/* The value stored through x.flat[idx] (target_object's flat set), as NumPy's flatiter and
 * CuPy's slice store take it: an array v's elements in C order repeat to fill the elements idx
 * selects (only the first are used when v has more).  A number, or a single element, as it is. */
static IrValue *flat_cycle(Lower *L, IrValue *v, IrValue *view, Span sp)
{
    if (v->type->kind != TY_ARRAY || v->type->ndim == 0 || view->type->kind != TY_ARRAY || view->type->ndim == 0)
        return v;
    IrValue *src = lw_ravel(L, sp, v);
    IrValue *n = lw_emit1(L, IR_SIZE, sp, ty_int(), view);
    IrValue *k = lw_ew2(L, IR_MOD, sp, lw_iota(L, sp, n), lw_emit1(L, IR_SIZE, sp, ty_int(), src));
    IrValue *r = k ? lw_gather(L, sp, src, k) : NULL;
    if (!r || view->type->ndim == 1) return r;
    IrValue *dims[IR_MAXDIM];
    lw_shape_of(L, view, sp, dims);
    return lw_emit_reshape(L, sp, r, view->type->ndim, dims);
}

/* The destination of `x.real = v` / `x.imag = v` (and op=): the view of x's part. */
static IrValue *attr_target(Lower *L, AstNode *t)
{
    if (strcmp(t->sval, "real") && strcmp(t->sval, "imag")) {
        diag_error(t->span, "assignment to attributes is not supported");
        return NULL;
    }
    IrValue *base = lw_expr(L, t->lhs);
    if (!base) return NULL;
    if (base->type->kind != TY_ARRAY) {
        diag_error(t->span, "assignment to attributes is not supported");
        return NULL;
    }
    bool imag = t->sval[0] == 'i';
    if (imag && !dt_is_complex(base->type->dtype)) {
        diag_error(t->span, "array does not have imaginary part to set");
        return NULL;
    }
    return lw_complex_part(L, base, imag, t->span);
}

/* A tuple built here (IR_TUPLE) that nothing reads once its elements are unpacked: it goes,
 * so that its elements' uses are only the targets' (a, b = f(x) of kernel values fuses). */
static void drop_unused_tuple(Lower *L, IrValue *v)
{
    if (!v->def || v->def->op != IR_TUPLE || v->nuses != 0 || v->def->parent != L->blk) return;
    int at = ir_index_in_block(L->blk, v->def);
    if (at >= 0) ir_remove(L->blk, at);
}

/* The index of the starred item of tuple or list target t, -1 when it has none, -2 after the
 * error of a second one (Python's SyntaxError). */
static int starred_at(const AstNode *t)
{
    int at = -1;
    for (int i = 0; i < t->elts.n; i++) {
        const AstNode *e = t->elts.v[i];
        if (e->kind != AST_STARRED) continue;
        if (at >= 0) {
            diag_error(e->span, "multiple starred expressions in assignment");
            return -2;
        }
        at = i;
    }
    return at;
}

bool lw_assign(Lower *L, AstNode *target, IrValue *v, Span sp)
{
    switch (target->kind) {
    case AST_NAME: return assign_name(L, target, v, sp);
    case AST_STARRED:
        diag_error(target->span, "starred assignment target must be in a list or tuple");
        return false;
    case AST_TUPLE:
    case AST_LIST: {
        int n = target->elts.n;
        int star = starred_at(target);
        if (star == -2) return false;
        if (star >= 0 && !lw_is_dict_record(v->type)) return lw_unpack_starred(L, target, star, v, sp);
        if (lw_is_dict_record(v->type)) {
            diag_error(sp, "unpacking a dict (its keys) is not supported: write list(d.keys())");
            return false;
        }
        if (v->type->kind == TY_TUPLE) {
            if (v->type->n != n) {
                diag_error(sp, "%s to unpack (expected %d, got %d)",
                           v->type->n > n ? "too many values" : "not enough values", n, v->type->n);
                return false;
            }
            bool ok = true;
            for (int i = 0; i < n; i++)
                ok &= lw_assign(L, target->elts.v[i], lw_tuple_get(L, v, i, sp), sp);
            drop_unused_tuple(L, v);
            return ok;
        }
        if (v->type->kind == TY_ARRAY && v->type->ndim >= 1) {
            /* a, b = array: unpack along the first axis (run-time length check by indexing) */
            bool ok = true;
            for (int i = 0; i < n; i++) {
                IrValue *args[2] = {v, lw_const_int(L, sp, i)};
                IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(v->type->dtype, v->type->ndim - 1), 2, args);
                r->def->nidx = 1;
                r->def->idx[0] = IDX_INT;
                ok &= lw_assign(L, target->elts.v[i], r, sp);
            }
            return ok;
        }
        if (v->type->kind == TY_LIST && v->type->elem) return lw_unpack_list(L, target, v, sp);
        diag_error(sp, "cannot unpack %s", ty_str_of(v->type));
        return false;
    }
    case AST_SUBSCRIPT: {
        IrValue *flat;
        IrValue *obj = target_object(L, target->lhs, &flat);
        if (!obj) return false;
        if (obj->type->kind == TY_TUPLE && obj->type->keys) return lw_dict_set(L, target, obj, v, sp);
        if (obj->type->kind == TY_SVIEW) return lw_sarray_store(L, obj, target->rhs, v, sp);
        if (obj->type->kind == TY_DICT) {
            IrValue *k = lw_expr(L, target->rhs);
            return k && lw_table_set(L, obj, k, v, sp);
        }
        if (obj->type->kind == TY_ARRAY) {
            IrValue *view = lw_index(L, obj, target->rhs, target->span);
            if (!view) return false;
            if (!ty_is_numeric(v->type)) {
                diag_error(sp, "cannot assign %s to an array element", ty_str_of(v->type));
                return false;
            }
            if (flat && !(v = flat_cycle(L, v, view, sp))) return false;
            if (view->def && view->def->op == IR_ADV_INDEX) {
                if (!lw_adv_assign(L, view, v, sp)) return false;
                flat_back(L, flat, obj, sp);
                return true;
            }
            /* NEP 50: a Python int stored into an integer array must fit its dtype (NumPy 2's
             * OverflowError "Python integer 300 out of bounds for uint8"), checked before the
             * store (lw_adv_assign does the same for an advanced index) */
            if (!lw_pyint_fits(L, sp, v, view->type->dtype)) return false;
            IrValue *args[2] = {view, v};
            IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, args);
            in->dtype = view->type->dtype;
            flat_back(L, flat, obj, sp);
            return true;
        }
        if (obj->type->kind == TY_LIST) {
            IrValue *raw = lw_expr(L, target->rhs);
            if (!raw) return false;
            IrValue *idx = lw_as_index(L, raw, target->rhs->span);
            if (!idx) {
                diag_error(target->rhs->span, "list indices must be integers, not %s", ty_str_of(raw->type));
                return false;
            }
            if (obj->type->elem && !lw_unify(obj->type->elem, v->type)) {
                diag_error(sp, "cannot store %s in %s", ty_str_of(v->type), ty_str_of(obj->type));
                return false;
            }
            IrValue *args[3] = {obj, idx, v};
            ir_emit(L->m, L->blk, IR_LIST_SET, sp, NULL, 3, args);
            return true;
        }
        diag_error(target->span, "'%s' does not support item assignment", ty_str_of(obj->type));
        return false;
    }
    case AST_ATTR: {
        if (!strcmp(target->sval, "shape")) return lw_assign_shape(L, target, v, sp);
        if (!strcmp(target->sval, "flat")) { /* x.flat = v is x.flat[...] = v */
            AstNode *all = ast_new(L->a, AST_SUBSCRIPT, target->span, NULL);
            all->lhs = target;
            all->rhs = ast_new(L->a, AST_ELLIPSIS, target->span, NULL);
            return lw_assign(L, all, v, sp);
        }
        /* z.real = v, z.imag = v: a store through the view */
        IrValue *dst = attr_target(L, target);
        if (!dst) return false;
        if (!ty_is_numeric(v->type)) {
            diag_error(sp, "cannot assign %s to an array", ty_str_of(v->type));
            return false;
        }
        if (!lw_pyint_fits(L, sp, v, dst->type->dtype)) return false;   /* NEP 50, as above */
        IrValue *args[2] = {dst, v};
        IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, args);
        in->dtype = dst->type->dtype;
        return true;
    }
    default:
        diag_error(target->span, "cannot assign to this expression");
        return false;
    }
}

/* ---------------------------------------------------------------- statements */

/* After a failed assignment the target names are bound to nothing: later uses stay silent
 * instead of reporting "name is not defined" for an error already reported. */
static void poison_target(Lower *L, AstNode *t)
{
    if (t->kind == AST_NAME) {
        Scope *sc = assign_scope(L, t->sval);
        if (!lw_scope_find(sc, t->sval)) lw_scope_add(L, sc, t->sval, BIND_CONST); /* value NULL */
    } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
        for (int i = 0; i < t->elts.n; i++) poison_target(L, t->elts.v[i]);
    } else if (t->kind == AST_STARRED) {
        poison_target(L, t->lhs);
    }
}

void lw_block(Lower *L, AstNode *block)
{
    if (!block) return;
    /* (after a return, break, continue or raise the rest never runs: `if out is None: return
     * a` of a parameter None skips a rest that may not type) */
    for (int i = 0; i < block->body.n && !L->dead; i++) lw_stmt(L, block->body.v[i]);
}

/* Lowers `blk_ast` into a new block owned by `owner`, slot i. */
static void lower_into(Lower *L, IrInstr *owner, int slot, AstNode *blk_ast)
{
    IrBlock *saved = L->blk;
    owner->blocks[slot] = ir_block_new(L->m, owner);
    L->blk = owner->blocks[slot];
    if (blk_ast && blk_ast->kind == AST_IF)
        lw_stmt(L, blk_ast); /* elif */
    else
        lw_block(L, blk_ast);
    L->blk = saved;
}

/* NumPy's same_kind casting of an in-place operator's result r (statement s) into dtype `to`:
 * the result may not move to a higher kind than the destination's (int_array += 1.5). */
bool lw_same_kind(IrValue *r, DType to, AstNode *s)
{
    DType from = r->type->kind == TY_ARRAY ? r->type->dtype : ty_scalar_dtype(r->type);
    if (dt_same_kind(from, to)) return true;
    const OpInfo *oi = r->def && ir_op_is_ewise(r->def->op) ? ir_op_info(r->def->op) : NULL;
    diag_error(s->span,
               "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule "
               "'same_kind'",
               oi ? oi->numpy : ast_op_name(s->op), dt_name(from), dt_name(to));
    return false;
}

/* In-place operator on an array target: target op= value (NumPy's same_kind casting). */
static bool augassign_array(Lower *L, AstNode *s, IrValue *dst, IrValue *val)
{
    IrValue *r = lw_binop_py(L, s->op, s->span, dst, val);
    if (!r) return false;
    DType to = dst->type->dtype;
    if (!lw_same_kind(r, to, s)) return false;
    if (dst->type->ndim < (r->type->kind == TY_ARRAY ? r->type->ndim : 0)) {
        /* the run-time check reports it too, but the ndim says it already */
        diag_error(s->span, "non-broadcastable output operand: the result has more dimensions (%d) "
                            "than the target (%d)", r->type->ndim, dst->type->ndim);
        return false;
    }
    IrValue *args[2] = {dst, r};
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, s->span, NULL, 2, args);
    in->dtype = to;
    return true;
}

static void lower_augassign(Lower *L, AstNode *s)
{
    AstNode *t = s->lhs;
    if (t->kind == AST_ATTR) {
        IrValue *dst = attr_target(L, t);
        IrValue *val = dst ? lw_expr(L, s->rhs) : NULL;
        if (val) augassign_array(L, s, dst, val);
        return;
    }
    if (t->kind == AST_SUBSCRIPT) {
        IrValue *flat;
        IrValue *obj = target_object(L, t->lhs, &flat);
        if (!obj) return;
        if (obj->type->kind == TY_ARRAY) {
            IrValue *view = lw_index(L, obj, t->rhs, t->span);
            if (view && view->def && view->def->op == IR_ADV_INDEX) {
                if (lw_adv_augassign(L, s, view)) flat_back(L, flat, obj, s->span);
                return;
            }
            IrValue *val = view ? lw_expr(L, s->rhs) : NULL;
            if (val && augassign_array(L, s, view, val)) flat_back(L, flat, obj, s->span);
            return;
        }
        if (obj->type->kind == TY_LIST) {
            IrValue *raw = lw_expr(L, t->rhs);
            IrValue *idx = raw ? lw_as_index(L, raw, t->rhs->span) : NULL;
            if (raw && !idx) {
                diag_error(t->rhs->span, "list indices must be integers, not %s", ty_str_of(raw->type));
                return;
            }
            if (!idx) return;
            Type *et = lw_list_elem(obj, t->span);
            if (!et) return;
            IrValue *ga[2] = {obj, idx};
            IrValue *cur = lw_emit(L, IR_LIST_GET, t->span, et, 2, ga); /* (before the right side, as Python) */
            IrValue *val = lw_expr(L, s->rhs);
            if (!val) return;
            if (et->kind == TY_ARRAY) { /* the array itself, as NumPy's __iadd__: aliases see it */
                augassign_array(L, s, cur, val);
                return;
            }
            if (lw_list_inplace(L, s, cur, val)) return; /* xs[i] += [v]: the inner list itself */
            IrValue *r = lw_binop_py(L, s->op, s->span, cur, val);
            if (!r) return;
            if (!ty_equal(r->type, obj->type->elem)) {
                diag_error(s->span, "cannot store %s in %s", ty_str_of(r->type), ty_str_of(obj->type));
                return;
            }
            IrValue *sa[3] = {obj, idx, r};
            ir_emit(L->m, L->blk, IR_LIST_SET, s->span, NULL, 3, sa);
            return;
        }
        if (lw_is_dict_record(obj->type)) {
            /* a record: d['k'] = d['k'] op v, stored back as d['k'] = v is */
            IrValue *cur = lw_dict_get(L, obj, t->rhs, t->span);
            IrValue *val = cur ? lw_expr(L, s->rhs) : NULL;
            if (val && cur->type->kind == TY_ARRAY) {
                augassign_array(L, s, cur, val); /* (in place, as for a list's array) */
                return;
            }
            if (val && lw_list_inplace(L, s, cur, val)) return;
            IrValue *r = val ? lw_binop_py(L, s->op, s->span, cur, val) : NULL;
            if (r) lw_dict_set(L, t, obj, r, s->span);
            return;
        }
        if (obj->type->kind == TY_DICT) { /* d[k] op= v: d and k evaluated once */
            IrValue *k = lw_expr(L, t->rhs);
            IrValue *cur = k ? lw_table_get(L, obj, k, t->span) : NULL;
            IrValue *val = cur ? lw_expr(L, s->rhs) : NULL;
            if (val && cur->type->kind == TY_ARRAY) {
                augassign_array(L, s, cur, val);
                return;
            }
            if (val && lw_list_inplace(L, s, cur, val)) return;
            IrValue *r = val ? lw_binop_py(L, s->op, s->span, cur, val) : NULL;
            if (r) lw_table_set(L, obj, k, r, s->span);
            return;
        }
        diag_error(t->span, "'%s' does not support item assignment", ty_str_of(obj->type));
        return;
    }
    if (t->kind != AST_NAME) {
        diag_error(t->span, "cannot assign to this expression");
        return;
    }
    IrValue *cur = lw_expr(L, t);
    if (!cur) return;
    IrValue *val = lw_expr(L, s->rhs);
    if (!val) return;
    if (cur->type->kind == TY_ARRAY) {
        augassign_array(L, s, cur, val);
        return;
    }
    if (lw_list_inplace(L, s, cur, val)) return; /* in place, as Python's list.__iadd__, __imul__ */
    if (cur->type->kind == TY_SET && !cur->type->name &&
        val->type->kind == TY_SET && /* a frozenset: a new one */
        (s->op == AOP_BITOR || s->op == AOP_BITAND || s->op == AOP_SUB || s->op == AOP_BITXOR)) {
        lw_set_binop(L, s->op, s->span, cur, val, true); /* in place, as Python's set.__ior__ */
        return;
    }
    IrValue *r = lw_binop_py(L, s->op, s->span, cur, val);
    if (r) lw_assign(L, t, r, s->span);
}

/* for target in range(...) / enumerate / zip / list / array / a known str (the list of its
 * characters): a counted loop over a hidden index; the iterables are evaluated once, before
 * the loop. */
typedef struct IterSrc {
    IrValue *v;       /* list, array or NULL (range / enumerate counter) */
    int kind;         /* 0 range counter, 1 list, 2 array, 3 argv */
    Span sp;          /* the iterable's expression */
} IterSrc;

/* A tuple iterated as the list of its elements (a `*args` parameter, zipped, summed): they must
 * have one run-time type (an empty tuple is an empty list of int).  (A loop over one tuple whose
 * elements differ is written out per element: lower_for_value.) */
IrValue *lw_tuple_as_list(Lower *L, IrValue *t, Span sp, int *why)
{
    int n = t->type->n;
    if (!lw_is_runtime_type(t->type) || (n && t->type->elems[0]->kind == TY_SDTYPE)) {
        *why = LW_TUPLE_NOT_RUNTIME;
        return NULL;
    }
    IrValue **elems = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (!ty_equal(t->type->elems[i], t->type->elems[0])) {
            *why = LW_TUPLE_MIXED;
            return NULL;
        }
        elems[i] = lw_tuple_get(L, t, i, sp);
    }
    *why = 0;
    return lw_emit(L, IR_LIST_NEW, sp, ty_list(n ? t->type->elems[0] : ty_int()), n, elems);
}

/* A tuple zip walks (e) that is not a name or literal, or beside an iterable that is not a
 * tuple (a zip of tuples only is written out per element). */
static IrValue *tuple_as_list(Lower *L, IrValue *t, const AstNode *e)
{
    int why;
    IrValue *xs = lw_tuple_as_list(L, t, e->span, &why);
    const char *fix = e->kind == AST_NAME ? "make the zip's other iterables tuples" : "bind it to a name first";
    const char *what = e->kind == AST_NAME ? "beside an iterable that is not a tuple" : "that is not a name";
    if (why == LW_TUPLE_NOT_RUNTIME)
        diag_error(e->span,
                   "zip over a tuple (or list) of dtypes %s: gpyc writes a loop over such a tuple out per "
                   "element, through zip when each iterable is a tuple literal or a name bound to a tuple (%s)",
                   what, fix);
    else if (why == LW_TUPLE_MIXED)
        diag_error(e->span,
                   "zip over a tuple of different types (%s) %s: gpyc writes a loop over such a tuple out per "
                   "element, through zip when each iterable is a tuple literal or a name bound to a tuple (%s)",
                   ty_str_of(t->type), what, fix);
    return xs;
}

/* The iterable e evaluated, or NULL after an error. */
static IrValue *iter_value(Lower *L, AstNode *e)
{
    L->set_iter = e; /* a set display here is CPython's frozenset constant (lower/table.c) */
    IrValue *v = lw_expr(L, e);
    L->set_iter = NULL;
    return v;
}

/* The iteration source of iterable e, evaluated to v. */
static bool iter_source_of(Lower *L, AstNode *e, IrValue *v, IterSrc *src, IrValue **len)
{
    src->v = v;
    src->sp = e->span;
    if (lw_is_dict_record(v->type))
        src->v = v = lw_dict_iter(L, v, e->span); /* its keys */
    else if (lw_is_file(v))
        src->v = v = lw_file_lines(L, v, e->span); /* its lines */
    else if (v->type->kind == TY_DICT || v->type->kind == TY_SET) src->v = v = lw_table_list(L, v, e->span);
    else if (v->type->kind == TY_TUPLE && !(src->v = v = tuple_as_list(L, v, e)))
        return false;
    switch (v->type->kind) {
    case TY_LIST:
        src->kind = 1;
        *len = lw_emit1(L, IR_LIST_LEN, e->span, ty_int(), v);
        return true;
    case TY_ARRAY:
        if (v->type->ndim == 0) {
            diag_error(e->span, "iteration over a 0-d array");
            return false;
        }
        src->kind = 2;
        *len = lw_emit1(L, IR_SHAPE_DIM, e->span, ty_int(), v);
        (*len)->def->ival = 0;
        return true;
    case TY_STR:
        src->v = lw_str_chars(L, v, e->span);
        src->kind = 1;
        *len = lw_emit1(L, IR_LIST_LEN, e->span, ty_int(), src->v);
        return true;
    case TY_MODULE:
        if (strcmp(v->type->name, "sys.argv") == 0) {
            src->kind = 3;
            *len = lw_emit(L, IR_ARGV_LEN, e->span, ty_int(), 0, NULL);
            return true;
        }
        break;
    default: break;
    }
    diag_error(e->span, "cannot iterate over %s (for loops take range, enumerate, zip, a list or an array)",
               ty_str_of(v->type));
    return false;
}

static bool iter_source(Lower *L, AstNode *e, IterSrc *src, IrValue **len)
{
    IrValue *v = iter_value(L, e);
    return v && iter_source_of(L, e, v, src, len);
}

/* The i-th element of an iteration source (inside the loop body); NULL after an error (a list
 * whose element type is unknown). */
static IrValue *iter_elem(Lower *L, IterSrc *src, IrValue *i, Span sp)
{
    switch (src->kind) {
    case 1: {
        Type *et = lw_list_elem(src->v, src->sp);
        if (!et) return NULL;
        IrValue *args[2] = {src->v, i};
        return lw_emit(L, IR_LIST_GET, sp, et, 2, args);
    }
    case 2: {
        IrValue *args[2] = {src->v, i};
        IrValue *r = lw_emit(L, IR_INDEX, sp, ty_array(src->v->type->dtype, src->v->type->ndim - 1), 2, args);
        r->def->nidx = 1;
        r->def->idx[0] = IDX_INT;
        return r;
    }
    case 3: return lw_emit1(L, IR_ARGV_GET, sp, ty_str(), i);
    default: return i;
    }
}

static bool is_call_to(AstNode *e, const char *name)
{
    return e->kind == AST_CALL && e->lhs->kind == AST_NAME && strcmp(e->lhs->sval, name) == 0;
}

/* A for loop whose iterables are evaluated: what its body needs (lw_flow_loop lowers it). */
typedef struct ForLoop {
    AstNode *s;
    IrValue *range[3]; /* start, stop, step of the hidden index (or the user's variable) */
    IrVar *ivar;
    bool direct, is_range, is_enum, is_zip; /* (is_enum and is_zip: enumerate(zip(...))) */
    IrValue *enum_start;
    IterSrc *srcs;
    int nsrc;
} ForLoop;

/* Emits the IR_FOR_RANGE of fl and lowers its body: the target assigned, then the block. */
static IrInstr *for_body(Lower *L, void *ctx)
{
    ForLoop *fl = ctx;
    AstNode *target = fl->s->lhs;
    IrInstr *loop = ir_emit(L->m, L->blk, IR_FOR_RANGE, fl->s->span, NULL, 3, fl->range);
    loop->var = fl->ivar;
    loop->blocks[0] = ir_block_new(L->m, loop);
    IrBlock *saved = L->blk;
    L->blk = loop->blocks[0];
    bool ok = true;
    if (!fl->direct) {
        IrValue *i = lw_load(L, fl->ivar, target->span);
        if (fl->is_range) {
            ok = lw_assign(L, target, i, target->span);
        } else {
            /* enumerate: (index, element); zip: a tuple of elements, even of one */
            IrValue *elts[9];
            int ne = 0;
            if (fl->is_enum)
                elts[ne++] = fl->enum_start
                                 ? lw_ewise(L, IR_ADD, target->span, 2, (IrValue *[]){ i, fl->enum_start })
                                 : i;
            for (int k = 0; k < fl->nsrc && ok; k++)
                ok = (elts[ne++] = iter_elem(L, &fl->srcs[k], i, target->span)) != NULL;
            if (ok && fl->is_enum && fl->is_zip) { /* (index, (elements of the zip)) */
                elts[1] = lw_tuple(L, target->span, ne - 1, elts + 1);
                ne = 2;
            }
            IrValue *v = !ok                         ? NULL
                         : fl->is_enum || fl->is_zip ? lw_tuple(L, target->span, ne, elts)
                                                     : elts[0];
            ok = v && lw_assign(L, target, v, target->span);
        }
    }
    if (ok) lw_block(L, fl->s->then);
    lw_flow_back(L);
    L->blk = saved;
    return loop;
}

/* The first break or continue (kind 0; else the first of that kind) of block b's own loop (not
 * of a loop nested in it), or NULL. */
static const AstNode *find_jump(const AstNode *b, AstKind kind)
{
    const AstNode *j = NULL;
    if (!b) return NULL;
    switch (b->kind) {
    case AST_BREAK: case AST_CONTINUE: return !kind || b->kind == kind ? b : NULL;
    case AST_BLOCK:
        for (int i = 0; i < b->body.n && !j; i++) j = find_jump(b->body.v[i], kind);
        return j;
    case AST_IF: return (j = find_jump(b->then, kind)) ? j : find_jump(b->els, kind);
    case AST_WITH: return find_jump(b->then, kind);
    default: return NULL; /* expressions, and loops and defs with their own jumps */
    }
}

/* The iterables of `for t in (a, b, ...)` and `for t in zip((a, b), (c, d), ...)` (tuple
 * literals), into items[k] (their element expressions); their count, 0 when the loop is not
 * of this form. */
/* The most elements of a loop over a tuple written out per element because it must be (its
 * elements differ in type, it is a tuple value, its body has a break or continue): each copy is
 * code of its own.  (A tuple literal of one type and no jumps has no limit, as before.) */
enum { UNROLL_MAX = 64 };

/* Whether e names a value known only while compiling (a dtype, a function, a module, `float`,
 * or such an attribute of a module: `cp.sum`, not `math.pi`): what a run-time list cannot hold.
 * An attribute of a module is looked up (a constant's instruction is dropped again; an error
 * is reported once however often it is met). */
static bool names_compile_time(Lower *L, AstNode *e)
{
    const AstNode *root = e;
    while (root->kind == AST_ATTR) root = root->lhs;
    if (root->kind != AST_NAME) return false;
    Binding *b = lw_lookup(L, root->sval);
    if (!b) return root == e && (!strcmp(e->sval, "float") || !strcmp(e->sval, "int") ||
                                 !strcmp(e->sval, "bool") || !strcmp(e->sval, "complex"));
    if (b->kind != BIND_CONST || !b->value || lw_is_runtime_type(b->value->type)) return false;
    if (root == e || b->value->type->kind != TY_MODULE) return root == e;
    int n0 = L->blk->instrs.n;
    IrValue *v = lw_expr(L, e);
    if (!v || !lw_is_runtime_type(v->type)) return true;
    L->blk->instrs.n = n0; /* (math.pi's constant: nothing reads it) */
    return false;
}

/* A list display iterated by a for loop that holds such values, itself or in its tuple displays
 * (`for name, fn in [('sum', cp.sum), ('max', cp.max)]`): iterated as the tuple display of the
 * same elements (Python's loop is the same: the list is a temporary), which is written out per
 * element.  At most UNROLL_MAX elements (a longer one stays a list and its error). */
static bool list_display_unrolls(Lower *L, const AstNode *it)
{
    if (it->kind != AST_LIST || it->elts.n > UNROLL_MAX) return false;
    for (int i = 0; i < it->elts.n; i++) {
        AstNode *e = it->elts.v[i];
        if (e->kind == AST_STARRED) return false;
        if (names_compile_time(L, e)) return true;
        for (int k = 0; e->kind == AST_TUPLE && k < e->elts.n; k++)
            if (names_compile_time(L, e->elts.v[k])) return true;
    }
    return false;
}

static int tuple_iterables(Lower *L, AstNode *it, AstNode **items, int max)
{
    if (lw_display_starred(it)) return 0; /* ((*t, x): a tuple value, lower_for_value) */
    if (it->kind == AST_TUPLE || list_display_unrolls(L, it)) {
        items[0] = it;
        return 1;
    }
    if (!is_call_to(it, "zip") || lw_lookup(L, "zip") || it->params.n || it->elts.n < 1 || it->elts.n > max)
        return 0;
    for (int k = 0; k < it->elts.n; k++) {
        items[k] = it->elts.v[k];
        if (items[k]->kind != AST_TUPLE || lw_display_starred(items[k])) return 0;
    }
    return it->elts.n;
}

/* Is every element of tuple literal t a tuple literal of m elements (`for a, b in ((x, y), ...)`)? */
static bool rows_of(const AstNode *t, int m)
{
    for (int i = 0; i < t->elts.n; i++) {
        const AstNode *r = t->elts.v[i];
        if (r->kind != AST_TUPLE || r->elts.n != m || lw_display_starred(r)) return false;
    }
    return true;
}

/* A for loop over a tuple written out once per element (lower_for_tuple, lower_for_value):
 * each copy of the body is lowered with the target bound to its element, so each is typed on
 * its own.  The elements are evaluated once, first, in Python's order (vals: per iteration,
 * its w values). */
typedef enum { UNR_WHOLE, UNR_PARTS, UNR_ZIP } UnrollHow;
typedef struct Unroll {
    AstNode *s;        /* the for statement */
    int n, w;          /* iterations; values per iteration */
    IrValue **vals;    /* n * w */
    UnrollHow how;     /* the target takes the value whole (w 1), its w names take one value each
                          (parts of tuple literals or zipped elements), or the tuple of the w
                          zipped values */
    bool *konst;       /* per value position (w; unroll sets it, from the caller's NULL or forced
                          positions): the elements differ in type (or one is known only when
                          compiling: a dtype, a function), so a name bound to a str or int constant
                          or a compile-time value is that constant in its copy (`for dt in ('f4',
                          float, cp.int32)`: each copy's cp.ones(3, dtype=dt) has its dtype); also
                          the index of enumerate over such a tuple (u[i] of another tuple) */
    bool jumps;        /* the body has a break or continue: each copy is a loop that runs once */
    const char *broke; /* the hidden flag a break sets (lw_loop_else_begin), or NULL: no break */
    bool failed;       /* a target's assignment failed (reported) */
    bool zipped;       /* over zipped tuples (the messages' words) */
} Unroll;

/* Binds target (a part of the for's target) to v, one value of a copy.  With konst (its
 * position's elements differ in type), a name takes a str or int constant or a compile-time
 * value as that constant, whatever it held before (a copy is straight code: Python's
 * rebinding). */
static bool unroll_bind(Lower *L, AstNode *target, IrValue *v, bool konst, Span sp)
{
    bool is_const = !lw_is_runtime_type(v->type) || (v->def && v->def->op == IR_CONST_STR) ||
                    (lw_is_const_int(v, NULL) && !lw_is_u64_const(v));
    if (konst && is_const && target->kind == AST_NAME) {
        /* (assign_name makes a str a variable, and keeps a variable's binding) */
        Scope *sc = assign_scope(L, target->sval);
        Binding *b = lw_scope_find(sc, target->sval);
        if (lw_is_runtime_type(v->type) || (b && b->kind == BIND_VAR)) {
            if (!b) b = lw_scope_add(L, sc, target->sval, BIND_CONST);
            if (lw_flow_rebind_const(L, sc, b, v, target->span)) return true;
        }
    }
    return lw_assign(L, target, v, sp);
}

/* Binds the target of copy i to its values; false after a reported error. */
static bool unroll_target(Lower *L, Unroll *u, int i)
{
    AstNode *t = u->s->lhs;
    IrValue **row = u->vals + (size_t)i * (size_t)u->w;
    bool ok = true;
    switch (u->how) {
    case UNR_PARTS:
        for (int k = 0; k < u->w && ok; k++) ok = unroll_bind(L, t->elts.v[k], row[k], u->konst[k], t->span);
        return ok;
    case UNR_ZIP: {
        IrValue *v = lw_tuple(L, t->span, u->w, row);
        return v && lw_assign(L, t, v, t->span);
    }
    case UNR_WHOLE: return unroll_bind(L, t, row[0], u->konst[0], t->span);
    }
    return false;
}

/* The loop instruction of a copy with a break or continue (lw_flow_once): `while True:` the
 * body; the end of the body and each continue leave it, as each break does. */
static IrInstr *once_body(Lower *L, void *ctx)
{
    Unroll *u = ctx;
    Span sp = u->s->span;
    IrInstr *in = ir_emit(L->m, L->blk, IR_WHILE, sp, NULL, 0, NULL);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    IrValue *c = lw_const_bool(L, sp, true);
    ir_emit(L->m, L->blk, IR_COND, sp, NULL, 1, &c);
    L->blk = in->blocks[1];
    lw_block(L, u->s->then);
    lw_flow_back(L);
    L->blk = saved;
    return in;
}

/* Copy i of the body: its target bound, then the body; with a break or continue, in a loop
 * instruction that runs once.  After a copy that may break, `if not broke:` the next. */
static void unroll_copy(Lower *L, Unroll *u, int i)
{
    if (!unroll_target(L, u, i)) {
        u->failed = true;
        return;
    }
    if (!u->jumps) {
        lw_block(L, u->s->then);
        return;
    }
    lw_flow_once(L, u->s, once_body, u, u->broke);
}

static void unroll_guarded(Lower *L, Unroll *u, int i)
{
    Span sp = u->s->span;
    Binding *fb = lw_lookup(L, u->broke);
    IrValue *c = lw_load(L, fb->var, sp);
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &c);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    FlowState *t = lw_flow_save(L);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[1];
    unroll_copy(L, u, i);
    L->blk = saved;
    lw_flow_join_if(L, in, t, false, L->dead);
}

/* Lowers the copies of u, then the loop's else block (when no break left the loop). */
static void unroll(Lower *L, Unroll *u)
{
    AstNode *s = u->s;
    const AstNode *brk = find_jump(s->then, AST_BREAK);
    u->jumps = find_jump(s->then, 0) != NULL;
    bool wide = u->jumps, *forced = u->konst;
    u->konst = ar_alloc(L->a, sizeof *u->konst * (size_t)u->w);
    for (int k = 0; k < u->w; k++) u->konst[k] = forced && forced[k];
    for (int k = 0; k < u->w; k++) {
        for (int i = 0; i < u->n && !u->konst[k]; i++) {
            IrValue *v = u->vals[(size_t)i * (size_t)u->w + (size_t)k];
            u->konst[k] = !lw_is_runtime_type(v->type) || !ty_equal(v->type, u->vals[k]->type);
        }
        wide |= u->konst[k];
    }
    if (wide && u->n > UNROLL_MAX) {
        diag_error(s->rhs->span,
                   "this loop over %s of %d elements would be written out once per element (%s): gpyc does "
                   "that for at most %d elements (make %s of one type, or split %s)",
                   u->zipped ? "tuples" : "a tuple", u->n,
                   u->jumps ? "its body has a break or continue" : "its elements differ in type", UNROLL_MAX,
                   u->zipped ? "them lists" : "it a list", u->zipped ? "them" : "the tuple");
        return;
    }
    u->broke = brk ? lw_loop_else_begin(L, s) : NULL;
    for (int i = 0; i < u->n && !u->failed && !(u->jumps && L->dead); i++) {
        if (u->broke && i > 0)
            unroll_guarded(L, u, i);
        else
            unroll_copy(L, u, i);
    }
    if (u->failed || !s->els || L->dead) return;
    if (u->broke)
        lw_loop_else_end(L, s, u->broke);
    else
        lw_block(L, s->els); /* (no break: the else block runs) */
}

/* for over tuple literals (directly or zipped): the body written out once per element, the
 * target bound to that element, so the elements may be of different types (a str and a dtype
 * per iteration: `for name, dt in zip(('float', 'double'), (cp.float32, cp.float64))`).  A
 * tuple target takes the parts of zipped elements or of tuple-literal elements one by one (so
 * they need not make a tuple value).  false when s is not such a loop (nothing done). */
static bool lower_for_tuple(Lower *L, AstNode *s)
{
    AstNode *tup[8];
    int nt = tuple_iterables(L, s->rhs, tup, 8);
    if (!nt) return false;
    AstNode *t = s->lhs;
    int m = t->kind == AST_TUPLE || t->kind == AST_LIST ? t->elts.n : 0;
    /* parts: the values each iteration unpacks into m targets (0: the element whole) */
    bool zipped = s->rhs->kind != AST_TUPLE && s->rhs->kind != AST_LIST;
    int parts = zipped && m == nt ? nt : !zipped && m && rows_of(tup[0], m) ? m : 0;
    int n = INT32_MAX;
    for (int k = 0; k < nt; k++)
        if (tup[k]->elts.n < n) n = tup[k]->elts.n;
    Vec vals = { 0 }; /* per iteration: its parts, or its nt zipped elements */
    bool ok = true;
    if (zipped) {
        IrValue **all = xcalloc((size_t)nt * (size_t)(n + 1), sizeof *all);
        for (int k = 0; k < nt && ok; k++)
            for (int i = 0; i < tup[k]->elts.n && ok; i++) {
                IrValue *v = lw_expr(L, tup[k]->elts.v[i]);
                ok = v != NULL;
                if (i < n) all[i * nt + k] = v;
            }
        for (int i = 0; i < n * nt; i++) vec_push(&vals, all[i]);
        free(all);
    } else {
        for (int i = 0; i < n && ok; i++) {
            AstNode *e = tup[0]->elts.v[i];
            for (int k = 0; k < (parts ? parts : 1) && ok; k++) {
                IrValue *v = lw_expr(L, parts ? e->elts.v[k] : e);
                ok = v != NULL;
                vec_push(&vals, v);
            }
        }
    }
    if (ok) {
        Unroll u = { .s = s, .n = n, .vals = (IrValue **)vals.v, .zipped = zipped };
        u.w = zipped ? nt : parts ? parts : 1; /* values per iteration */
        u.how = parts ? UNR_PARTS : zipped ? UNR_ZIP : UNR_WHOLE;
        unroll(L, &u);
    }
    vec_free(&vals);
    return true;
}

/* Does iterating over tuple value v need the loop written out per element: its elements differ
 * in type, or are known only when compiling (a tuple of dtypes)?  A dict record is not. */
static bool type_unrolls(const Type *t)
{
    if (t->kind != TY_TUPLE || lw_is_dict_record(t) || !t->n) return false;
    if (!lw_is_runtime_type(t) || t->elems[0]->kind == TY_SDTYPE) return true;
    for (int i = 1; i < t->n; i++)
        if (!ty_equal(t->elems[i], t->elems[0])) return true;
    return false;
}

static bool tuple_unrolls(const IrValue *v) { return type_unrolls(v->type); }

/* The index of copy i of `for k, x in enumerate(...)`: start + i (start NULL: 0). */
static IrValue *enum_index(Lower *L, IrValue *start, int i, Span sp)
{
    int64_t k;
    if (!start || lw_is_const_int(start, &k)) return lw_const_int(L, sp, (start ? k : 0) + i);
    return lw_ewise(L, IR_ADD, sp, 2, (IrValue *[]){ start, lw_const_int(L, sp, i) });
}

/* for x in v and for k, x in enumerate(v[, start]) (is_enum; start NULL: 0), v an evaluated
 * tuple whose elements differ in type (a name, a call, `args`), or the n evaluated elements
 * elems of a tuple literal (`enumerate(('f4', float))`: they need not make a tuple value): the
 * body written out once per element, as over a tuple literal, the target bound to v[i] (or to
 * start + i and v[i]). */
static void lower_for_value(Lower *L, AstNode *s, IrValue *v, IrValue **elems, int n, bool is_enum,
                            IrValue *start)
{
    int w = is_enum ? 2 : 1;
    IrValue **vals = ar_alloc(L->a, sizeof *vals * (size_t)(n * w));
    for (int i = 0; i < n; i++) {
        if (is_enum) vals[i * w] = enum_index(L, start, i, s->rhs->span);
        vals[i * w + w - 1] = v ? lw_tuple_get(L, v, i, s->rhs->span) : elems[i];
    }
    AstNode *t = s->lhs;
    bool pair = (t->kind == AST_TUPLE || t->kind == AST_LIST) && t->elts.n == 2;
    bool enum_konst[2] = { is_enum, false };
    Unroll u = { .s = s, .n = n, .w = w, .vals = vals, .konst = enum_konst };
    u.how = !is_enum ? UNR_WHOLE : pair ? UNR_PARTS : UNR_ZIP;
    unroll(L, &u);
}

/* for ... in zip(a, b, ...) whose iterables are tuple literals and names bound to tuples, one
 * of them a tuple whose elements differ in type (`for dt, tol in zip(dtypes, tols)`): written
 * out per element as over zipped literals, the iterables evaluated in order, the shortest
 * giving the count.  false when s is not such a loop (nothing done: a name's binding is read,
 * not evaluated). */
static bool lower_for_zip_values(Lower *L, AstNode *s)
{
    AstNode *it = s->rhs, *t = s->lhs;
    int nt = it->elts.n;
    bool some = false;
    if (nt < 1 || nt > 8 || it->params.n) return false;
    for (int k = 0; k < nt; k++) {
        AstNode *a = it->elts.v[k];
        if (a->kind == AST_TUPLE && lw_display_starred(a)) return false;
        if (a->kind == AST_TUPLE) continue;
        Binding *b = a->kind == AST_NAME ? lw_lookup(L, a->sval) : NULL;
        Type *ty = !b                                   ? NULL
                   : b->kind == BIND_VAR                ? b->var->type
                   : b->kind == BIND_CONST && b->value ? b->value->type
                                                        : NULL;
        if (!ty || ty->kind != TY_TUPLE || lw_is_dict_record(ty)) return false;
        some |= type_unrolls(ty);
    }
    if (!some) return false;
    IrValue ***elems = ar_alloc(L->a, sizeof *elems * (size_t)nt);
    int n = INT32_MAX;
    for (int k = 0; k < nt; k++) {
        AstNode *a = it->elts.v[k];
        int m = a->kind == AST_TUPLE ? a->elts.n : 0;
        IrValue *v = NULL;
        if (!m && !(v = lw_expr(L, a))) return true;
        if (v) m = v->type->n;
        elems[k] = ar_alloc(L->a, sizeof **elems * (size_t)(m ? m : 1));
        for (int i = 0; i < m; i++)
            if (!(elems[k][i] = v ? lw_tuple_get(L, v, i, a->span) : lw_expr(L, a->elts.v[i]))) return true;
        if (m < n) n = m;
    }
    IrValue **vals = ar_alloc(L->a, sizeof *vals * (size_t)(n * nt + 1));
    for (int i = 0; i < n; i++)
        for (int k = 0; k < nt; k++) vals[i * nt + k] = elems[k][i];
    bool parts = (t->kind == AST_TUPLE || t->kind == AST_LIST) && t->elts.n == nt;
    Unroll u = { .s = s, .n = n, .w = nt, .vals = vals, .how = parts ? UNR_PARTS : UNR_ZIP, .zipped = true };
    unroll(L, &u);
    return true;
}

/* for k in d / d.keys() / d.values() / d.items() over a record d (a name the body does not
 * assign; no break or continue): unrolled, the body lowered once per key with k a constant
 * str, so that d[k] is the record's field (a loop over a dict of arrays compiles as the same
 * statements on plain variables).  The value of an iteration is read from d as it is then,
 * as Python's views do.  False: not such a loop (nothing lowered). */
static bool lower_for_record(Lower *L, AstNode *s)
{
    AstNode *it = s->rhs, *d = it;
    const char *view = "keys";
    if (it->kind == AST_CALL && it->lhs->kind == AST_ATTR && !it->elts.n && !it->params.n &&
        (!strcmp(it->lhs->sval, "keys") || !strcmp(it->lhs->sval, "values") ||
         !strcmp(it->lhs->sval, "items"))) {
        d = it->lhs->lhs;
        view = it->lhs->sval;
    }
    if (d->kind != AST_NAME || find_jump(s->then, 0) || lw_assigns_name(s->then, d->sval)) return false;
    Binding *b = lw_lookup(L, d->sval);
    if (!b || b->kind != BIND_VAR || b->var->type->kind != TY_TUPLE || !b->var->type->keys ||
        lw_is_namedtuple(b->var->type))
        return false;
    /* the key's name (k of `for k in d`, `for k, v in d.items()`) is the constant key */
    AstNode *kt = view[0] == 'k'                                                       ? s->lhs
                  : view[0] == 'i' && s->lhs->kind == AST_TUPLE && s->lhs->elts.n == 2 ? s->lhs->elts.v[0]
                                                                                       : NULL;
    if (view[0] != 'v' && (!kt || kt->kind != AST_NAME)) return false;
    Scope *ks = kt ? assign_scope(L, kt->sval) : NULL;
    Binding *kb = kt ? lw_scope_find(ks, kt->sval) : NULL;
    if (kb && lw_flow_global_fixed(L, ks, kb)) return false;
    Type *t = b->var->type;
    Span sp = s->span;
    IrValue *last = NULL;
    for (int i = 0; i < t->n && !L->dead; i++) {
        AstNode *key = ast_new(L->a, AST_STR, sp, NULL), *get = ast_new(L->a, AST_SUBSCRIPT, sp, NULL);
        key->sval = t->keys[i];
        key->slen = strlen(t->keys[i]);
        get->lhs = d;
        get->rhs = key;
        if (kt) {
            if (!kb) kb = lw_scope_add(L, ks, kt->sval, BIND_CONST);
            kb->kind = BIND_CONST;
            kb->value = last = lw_const_str(L, kt->span, t->keys[i]);
            kb->var = NULL;
            kb->first = kt->span;
            kb->fill = NULL;
        }
        IrValue *x = view[0] == 'k' ? NULL : lw_expr(L, get);
        if (view[0] != 'k' &&
            (!x || !lw_assign(L, view[0] == 'i' ? s->lhs->elts.v[1] : s->lhs, x, s->lhs->span)))
            return true;
        lw_block(L, s->then);
    }
    if (kt && last && kb->kind == BIND_CONST && kb->value == last) {
        /* after the loop the name is a variable holding the last key, as any assigned str */
        kb->kind = BIND_VAR;
        kb->var = lw_new_var(L, ks, kt->sval, ty_str());
        kb->value = NULL;
        lw_store(L, kb->var, lw_const_str(L, kt->span, last->def->sval), kt->span);
    }
    if (s->els && !L->dead) lw_block(L, s->els);
    return true;
}

/* The iteration source of enumerate(arg) in for loop s (start: enumerate's start, or NULL);
 * false after a located error, or when the loop was written out per element (lower_for_value):
 * either way nothing is left to do. */
static bool enum_source(Lower *L, AstNode *s, AstNode *arg, IrValue *enum_start, IterSrc *src, IrValue **len)
{
    IrValue *v = NULL;
    if (arg->kind == AST_TUPLE) {
        /* (as lw_expr evaluates it, unless an element is a compile-time value that a
         * tuple cannot hold: a dtype, a library function; a def becomes a value) */
        int n = arg->elts.n;
        IrValue **vs = ar_alloc(L->a, sizeof *vs * (size_t)(n ? n : 1));
        bool konst = false;
        for (int i = 0; i < n; i++) {
            if (!(vs[i] = lw_expr(L, arg->elts.v[i]))) return false;
            konst |= !lw_is_runtime_type(vs[i]->type) && vs[i]->type->kind != TY_FUNC;
        }
        if (konst) {
            lower_for_value(L, s, NULL, vs, n, true, enum_start);
            return false;
        }
        v = lw_tuple(L, arg->span, n, vs);
    } else {
        v = iter_value(L, arg);
    }
    if (!v) return false;
    if (tuple_unrolls(v)) {
        lower_for_value(L, s, v, NULL, v->type->n, true, enum_start);
        return false;
    }
    return iter_source_of(L, arg, v, src, len);
}

/* The iteration sources of zip(...) call it (1 to 8 iterables), *len the shortest's length;
 * false after a located error. */
static bool zip_sources(Lower *L, AstNode *it, IterSrc *srcs, int *nsrc, IrValue **len)
{
    if (it->elts.n < 1 || it->elts.n > 8) {
        diag_error(it->span, "zip takes 1 to 8 iterables here");
        return false;
    }
    for (int i = 0; i < it->elts.n; i++) {
        IrValue *li = NULL;
        if (((AstNode *)it->elts.v[i])->kind == AST_STARRED) {
            diag_error(((AstNode *)it->elts.v[i])->span,
                       "zip(*x) is not supported: the number of zip's iterables (each loop item's length) "
                       "must be written out, one argument each");
            return false;
        }
        if (!iter_source(L, it->elts.v[i], &srcs[i], &li)) return false;
        *len = *len ? lw_ewise(L, IR_MINIMUM, it->span, 2, (IrValue *[]){ *len, li }) : li;
    }
    *nsrc = it->elts.n;
    return true;
}

static void lower_for(Lower *L, AstNode *s)
{
    if (lw_for_generator(L, s) || lower_for_tuple(L, s) || lw_for_itertools(L, s)) return;
    AstNode *it = s->rhs;
    if (lower_for_record(L, s)) return;
    IrValue *start = NULL, *stop = NULL, *step = NULL;
    IterSrc srcs[8];
    int nsrc = 0;
    bool is_range = false, is_enum = false, is_zip = false;
    IrValue *enum_start = NULL;

    if (is_call_to(it, "range") && !lw_lookup(L, "range")) {
        is_range = true;
        int n = it->elts.n;
        if (n < 1 || n > 3 || it->params.n) {
            diag_error(it->span, "range expected 1 to 3 integer arguments, got %d", n);
            return;
        }
        IrValue *a[3];
        for (int i = 0; i < n; i++)
            if (!(a[i] = lw_int_arg(L, it->elts.v[i]))) return;
        start = n == 1 ? lw_const_int(L, it->span, 0) : a[0];
        stop = n == 1 ? a[0] : a[1];
        step = n == 3 ? a[2] : lw_const_int(L, it->span, 1);
    } else {
        IrValue *len = NULL;
        if (is_call_to(it, "enumerate") && !lw_lookup(L, "enumerate")) {
            is_enum = true;
            if (it->elts.n != 1) {
                diag_error(it->span, "enumerate takes one iterable");
                return;
            }
            for (int i = 0; i < it->params.n; i++) {
                AstNode *kw = it->params.v[i];
                if (strcmp(kw->sval, "start") == 0) enum_start = lw_int_arg(L, kw->rhs);
                else {
                    diag_error(kw->span, "enumerate() got an unexpected keyword argument '%s'", kw->sval);
                    return;
                }
            }
            AstNode *arg = it->elts.v[0];
            if (is_call_to(arg, "zip") && !lw_lookup(L, "zip")) { /* enumerate(zip(a, b)) */
                is_zip = true;
                if (!zip_sources(L, arg, srcs, &nsrc, &len)) return;
            } else {
                if (!enum_source(L, s, arg, enum_start, &srcs[0], &len)) return;
                nsrc = 1;
            }
        } else if (is_call_to(it, "zip") && !lw_lookup(L, "zip")) {
            if (lower_for_zip_values(L, s)) return;
            is_zip = true;
            if (!zip_sources(L, it, srcs, &nsrc, &len)) return;
        } else {
            IrValue *v = iter_value(L, it);
            if (!v) return;
            if (tuple_unrolls(v)) {
                lower_for_value(L, s, v, NULL, v->type->n, false, NULL);
                return;
            }
            if (!iter_source_of(L, it, v, &srcs[0], &len)) return;
            nsrc = 1;
        }
        start = lw_const_int(L, it->span, 0);
        stop = len;
        step = lw_const_int(L, it->span, 1);
    }

    IrVar *ivar;
    AstNode *target = s->lhs;
    /* the counter is the user's variable unless the body rebinds it (then the name takes the
     * counter's value at the top of each iteration, as any target does) */
    bool direct = is_range && target->kind == AST_NAME && !lw_assigns_name(s->then, target->sval);
    if (direct) {
        /* the loop variable is the user's variable: a name bound to another type before
         * becomes a new variable (declared with no code: the store comes first in the loop) */
        Scope *sc = assign_scope(L, target->sval);
        Binding *b = lw_scope_find(sc, target->sval);
        bool unbound = !b || (b->kind == BIND_VAR && (b->unbound || b->bound || b->pend));
        Pend *was = b && b->kind == BIND_VAR ? b->pend : NULL;
        if (!b || is_poisoned(b))
            b = declare_var(L, sc, b, target->sval, ty_int(), target->span);
        else if ((b->kind != BIND_VAR || !ty_equal(b->var->type, ty_int())) &&
                 (b->kind != BIND_VAR || !lw_flow_rebind(L, sc, b, ty_int(), target->span))) {
            diag_error(target->span,
                       "'%s' is int here but %s before: a module global that functions read "
                       "(or a compile-time value) keeps one type",
                       target->sval,
                       b->kind == BIND_VAR ? ty_str_of(b->var->type) : ty_str_of(b->value->type));
            return;
        }
        ivar = b->var;
        b->unbound = 0;
        b->bound = NULL; /* (bound in the loop; after it, lw_flow_loop) */
        b->pend = NULL;
        if (unbound) {
            L->new_counter = b;
            L->counter_was = was;
        }
    } else {
        ivar = lw_temp_var(L, "i", ty_int());
    }
    ForLoop fl = {
        s, { start, stop, step }, ivar, direct, is_range, is_enum, is_zip, enum_start, srcs, nsrc
    };
    lw_flow_loop(L, s, for_body, &fl);
}

/* raise E / raise E(msg) of a built-in exception: the program ends with Python's traceback and
 * `E: msg` (msg converted by str(), a KeyError's by repr()); the path is dead after it. */
static void lower_raise(Lower *L, AstNode *s)
{
    static const char *const excs[] = {
        "Exception",         "ValueError",
        "TypeError",         "IndexError",
        "KeyError",          "ZeroDivisionError",
        "ArithmeticError",   "AssertionError",
        "RuntimeError",      "NotImplementedError",
        "OverflowError",     "LookupError",
        "FileNotFoundError", "OSError",
        "MemoryError",       NULL,
    };
    AstNode *e = s->lhs, *callee = e->kind == AST_CALL ? e->lhs : e;
    const char *exc = NULL;
    if (callee->kind == AST_NAME && !lw_lookup(L, callee->sval))
        for (int i = 0; excs[i] && !exc; i++)
            if (!strcmp(excs[i], callee->sval)) exc = excs[i];
    if (!exc) {
        diag_error(e->span, "raise takes a built-in exception here (raise ValueError(msg), TypeError, "
                            "IndexError, KeyError, RuntimeError, ...): gpyc has no exception classes");
        return;
    }
    IrValue *msg = NULL;
    if (e->kind == AST_CALL) {
        if (e->elts.n > 1 || e->params.n) {
            diag_error(e->span, "%s() takes one message here: raise %s(msg)", exc, exc);
            return;
        }
        if (e->elts.n == 1) {
            AstNode *a = e->elts.v[0];
            Span vsp = a->span;
            IrValue *v = lw_expr(L, a);
            if (v) /* str(KeyError(k)) is repr(k) */
                msg =
                    strcmp(exc, "KeyError") ? lw_str_of(L, v, vsp) : lw_format_part(L, v, "", 'r', vsp, vsp);
            if (!msg) return;
        }
    }
    IrInstr *r = ir_emit(L->m, L->blk, IR_RAISE, s->span, NULL, msg ? 1 : 0, msg ? &msg : NULL);
    r->sval = exc;
    L->dead = true;
}

/* if/else: each branch from the bindings before it, then their join (lower/flow.c).  A
 * constant condition (if __name__ == "__main__":, `if out is None:` of a parameter None) folds
 * later; the branch it skips is not lowered (its code may not type: `out * 2` of that None)
 * and flows nowhere. */
static void lower_if(Lower *L, AstNode *s)
{
    IrValue *c = lw_expr(L, s->cond);
    if (!c) return;
    c = lw_truth(L, c, s->cond->span);
    if (!c) return;
    int64_t k = -1;
    bool is_const = lw_is_const_int(c, &k);
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, s->span, NULL, 1, &c);
    FlowState *s0 = lw_flow_save(L);
    bool dead = L->dead, is_none = false;
    Binding *opt = lw_flow_none_name(L, s->cond, &is_none); /* `if x is not None:`: x has a value there */
    if (opt && !is_none) lw_flow_unguard(L, opt, false, s->span);
    lower_into(L, in, 0, is_const && !k ? NULL : s->then);
    bool tdead = L->dead || (is_const && !k);
    FlowState *t = lw_flow_save(L);
    lw_flow_restore(L, s0);
    lw_flow_else_begin(L, s0);
    L->dead = dead;
    if (opt && is_none) lw_flow_unguard(L, opt, false, s->span);
    lower_into(L, in, 1, is_const && k ? NULL : s->els);
    lw_flow_join_if(L, in, t, tdead, L->dead || (is_const && k));
}

/* Emits the IR_WHILE of statement ctx and lowers its condition and body. */
static IrInstr *while_body(Lower *L, void *ctx)
{
    AstNode *s = ctx;
    IrInstr *in = ir_emit(L->m, L->blk, IR_WHILE, s->span, NULL, 0, NULL);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *saved = L->blk;
    L->blk = in->blocks[0];
    IrValue *c = lw_expr(L, s->cond);
    if (c) c = lw_truth(L, c, s->cond->span);
    if (!c) c = lw_const_bool(L, s->cond->span, false);
    ir_emit(L->m, L->blk, IR_COND, s->cond->span, NULL, 1, &c);
    L->blk = in->blocks[1];
    lw_block(L, s->then);
    lw_flow_back(L);
    L->blk = saved;
    return in;
}

static void lower_while(Lower *L, AstNode *s) { lw_flow_loop(L, s, while_body, s); }

/* A loop's else block runs when the loop ends other than by a break: a hidden flag, False
 * before the loop, set by each break of this loop (AST_BREAK), read after it. */
const char *lw_loop_else_begin(Lower *L, AstNode *s)
{
    const char *broke = ar_printf(L->a, "broke@loop%d", s->id);
    AstNode *t = ast_new(L->a, AST_NAME, s->span, NULL);
    t->sval = broke;
    lw_assign(L, t, lw_const_bool(L, s->span, false), s->span);
    return broke;
}

void lw_loop_else_end(Lower *L, AstNode *s, const char *broke)
{
    AstNode *f = ast_new(L->a, AST_IF, s->span, NULL), *c = ast_new(L->a, AST_UNARY, s->span, NULL);
    c->op = AOP_NOT;
    c->lhs = ast_new(L->a, AST_NAME, s->span, NULL);
    c->lhs->sval = broke;
    f->cond = c;
    f->then = s->els;
    lower_if(L, f);
}

/* Whether expression e calls the function named name (nested defs and lambdas aside). */
static bool calls_name(const AstNode *e, const char *name)
{
    if (!e || e->kind == AST_DEF) return false;
    if (e->kind == AST_CALL && e->lhs && e->lhs->kind == AST_NAME && !strcmp(e->lhs->sval, name)) return true;
    if (calls_name(e->lhs, name) || calls_name(e->rhs, name) || calls_name(e->cond, name) ||
        calls_name(e->then, name) || calls_name(e->els, name))
        return true;
    const Vec *vs[3] = { &e->elts, &e->params, &e->body };
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < vs[k]->n; i++)
            if (calls_name(vs[k]->v[i], name)) return true;
    return false;
}

/* `return a if c else b` of a function that calls itself in one arm, before a return has
 * typed it: lowered as `if c: return a` / `else: return b` with the arm that does not call it
 * first (`if not c` when that is b), so that its return types the function before the call
 * (fib's `return n if n < 2 else fib(n - 1) + fib(n - 2)`).  False: not such a return. */
static bool return_ifexp(Lower *L, AstNode *s)
{
    AstNode *x = s->lhs;
    if (!x || x->kind != AST_IFEXP || L->inst->ret) return false;
    const char *self = L->inst->def->sval;
    bool in_then = calls_name(x->then, self), in_else = calls_name(x->els, self);
    if (in_then == in_else) return false;
    AstNode *first = lw_ast_node(L, AST_RETURN, s->span), *second = lw_ast_node(L, AST_RETURN, s->span);
    first->lhs = in_then ? x->els : x->then;
    second->lhs = in_then ? x->then : x->els;
    AstNode *c = x->cond;
    if (in_then) {
        c = lw_ast_node(L, AST_UNARY, x->cond->span);
        c->op = AOP_NOT;
        c->lhs = x->cond;
    }
    AstNode *ifs = lw_ast_if(L, s->span, c, first);
    ifs->els = lw_ast_block(L, second);
    lw_stmt(L, ifs);
    return true;
}

static void lower_return(Lower *L, AstNode *s)
{
    if (!L->inst) {
        diag_error(s->span, "'return' outside function");
        return;
    }
    if (return_ifexp(L, s)) return;
    IrValue *v = NULL;
    if (s->lhs) {
        v = lw_expr(L, s->lhs);
        if (!v) return;
        if (v->type->kind == TY_NONE) v = NULL;
    }
    if (v && v->type->kind == TY_FUNC && !(v = lw_func_value(L, v, s->lhs->span, ESC_RETURN))) return;
    if (v) lw_note_escape(L, v->type);
    Type *t = v ? v->type : ty_void();
    if (v && !lw_is_runtime_type(t)) {
        diag_error(s->lhs->span, "functions cannot return %s", ty_str_of(t));
        return;
    }
    Instance *I = L->inst;
    Type *j = I->ret && v && I->ret->kind != TY_VOID && !lw_unify(I->ret, t) ? lw_join_type(I->ret, t) : NULL;
    if (j && !ty_equal(j, I->ret)) {
        /* return 0.0 ... return cp.sum(x): the function returns the 0-d array */
        I->ret = j;
        L->fn->ret = j;
        I->ret_widened = true;
    }
    if (j) v = lw_flow_convert(L, v, I->ret, s->span);
    if (!I->ret) {
        I->ret = t;
        I->ret_span = s->span;
        L->fn->ret = t;
    } else if (!j && !lw_unify(I->ret, t)) {
        bool same = I->ret_span.file == s->span.file && I->ret_span.start == s->span.start;
        if (same) /* the two arms of `return a if c else b` (lowered as two returns) */
            diag_error(s->span, "'%s' returns %s from one arm of this conditional and %s from the other: a "
                                "function returns one type",
                       I->def->sval, ty_str_of(t), ty_str_of(I->ret));
        else {
            diag_error(s->span, "'%s' returns %s here but %s before: a function returns one type",
                       I->def->sval, ty_str_of(t), ty_str_of(I->ret));
            diag_note(I->ret_span, "first return here");
        }
        return;
    }
    lw_with_unwind(L, false, s->span);
    ir_emit(L->m, L->blk, IR_RETURN, s->span, NULL, v ? 1 : 0, v ? &v : NULL);
    L->dead = true;
}

/* ---------------------------------------------------------------- modules of the program */

UserModule *lw_module_of(Lower *L, const AstNode *def)
{
    for (int i = 0; i < L->modules.n; i++) {
        UserModule *um = L->modules.v[i];
        if (um->src == def->span.file) return um;
    }
    return L->modules.n ? L->modules.v[0] : L->mod;
}

UserModule *lw_enter_module(Lower *L, UserModule *um, Scope **saved_scope)
{
    UserModule *prev = L->mod;
    *saved_scope = L->scope;
    if (um && um != prev) {
        L->mod = um;
        L->module_scope = um->scope;
        L->file = um->src;
    }
    return prev;
}

void lw_leave_module(Lower *L, UserModule *prev, Scope *saved_scope)
{
    if (prev) {
        L->mod = prev;
        L->module_scope = prev->scope;
        L->file = prev->src;
    }
    L->scope = saved_scope;
}

UserModule *lw_user_module(Lower *L, const Type *t)
{
    if (!t || t->kind != TY_MODULE || !t->def) return NULL;
    for (int i = 0; i < L->modules.n; i++) {
        UserModule *um = L->modules.v[i];
        if (um->ast == t->def) return um;
    }
    return NULL;
}

IrValue *lw_user_module_attr(Lower *L, UserModule *um, const char *attr, Span sp)
{
    Binding *b = lw_scope_find(um->scope, attr);
    if (!b) {
        if (um->state == MOD_FAILED) return NULL; /* its errors are reported */
        diag_error(sp, "module '%s' has no attribute '%s'", um->name, attr);
        return NULL;
    }
    if (b->kind == BIND_VAR) return lw_load(L, b->var, sp);
    if (b->kind == BIND_CONFLICT) {
        lw_flow_conflict(b, sp);
        return NULL;
    }
    IrValue *v = b->value;
    if (!v || !v->def) return v; /* NULL: poisoned by an earlier error */
    /* a constant: materialise a copy here (the original lives in the module's code) */
    IrInstr *c = v->def;
    IrValue *nv = lw_emit(L, c->op, sp, v->type, 0, NULL);
    nv->def->ival = c->ival;
    nv->def->fval = c->fval;
    nv->def->fval2 = c->fval2;
    nv->def->sval = c->sval;
    return nv;
}

/* Does p exist (fe_read_source then says if it cannot be read)?  Not opened: a fifo blocks. */
static bool is_file_path(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* Finds, parses and runs (once) the helper module `name` imported at sp; NULL after a located
 * error.  Its top-level statements become the function gp_module_NAME, called here: the
 * first import runs them, in import order, as Python does; later imports only bind names. */
static UserModule *load_module(Lower *L, const char *name, Span sp)
{
    for (int i = 0; i < L->modules.n; i++) {
        UserModule *um = L->modules.v[i];
        if (strcmp(um->name, name)) continue;
        if (um->state == MOD_LOADING) {
            if (um->is_main)
                diag_error(sp, "circular import: '%s' is the script being compiled (a module cannot import it)",
                           name);
            else
                diag_error(sp, "circular import: '%s' imports '%s', which is still being imported", L->mod->name,
                           name);
            if (!um->is_main) diag_note(um->import_span, "'%s' is first imported here", name);
            return NULL;
        }
        return um->state == MOD_DONE ? um : NULL;
    }
    if (strchr(name, '.')) {
        diag_error(sp, "import of '%s' is not supported (packages are not: a module is a .py file beside the script)",
                   name);
        return NULL;
    }
    const char *path = strcmp(L->search_dir, ".") ? ar_printf(L->a, "%s/%s.py", L->search_dir, name)
                                                  : ar_printf(L->a, "%s.py", name);
    if (!is_file_path(path)) {
        diag_error(sp,
                   "no module named '%s' (gpyc compiles cupy, numpy, math, time, sys, os, random, string, "
                   "argparse, itertools, functools, collections and .py files beside the script)",
                   name);
        return NULL;
    }
    if (!L->scope->is_module || L->blk != L->fn->body) {
        diag_error(sp, "import of module '%s' must be at the top level of a file (its code runs once, at the first import)",
                   name);
        return NULL;
    }
    SrcFile *src = ar_alloc(L->a, sizeof *src);
    src->path = path;
    src->name = ar_printf(L->a, "%s.py", name);
    const char *why = fe_read_source(L->a, path, src);
    if (why) {
        diag_error(sp, "cannot read %s: %s", path, why);
        return NULL;
    }
    UserModule *um = ar_alloc(L->a, sizeof *um);
    um->name = name;
    um->src = src;
    um->import_span = sp;
    um->state = MOD_LOADING;
    um->scope = ar_alloc(L->a, sizeof *um->scope);
    um->scope->is_module = true;
    vec_push(&L->modules, um);
    int before = diag_count();
    um->ast = fe_parse(L->a, src, NULL);
    if (!um->ast || diag_count() > before) {
        um->state = MOD_FAILED;
        return NULL;
    }
    um->body = ir_func_new(L->m, "<module>", ar_printf(L->a, "gp_module_%s", name));
    um->body->file = src;
    um->body->ret = ty_void();

    Scope *saved_scope;
    UserModule *prev = lw_enter_module(L, um, &saved_scope);
    IrFunc *saved_fn = L->fn;
    IrBlock *saved_blk = L->blk;
    Loop *saved_loop = L->loop;
    Instance *saved_inst = L->inst;
    L->scope = um->scope;
    L->fn = um->body;
    L->blk = um->body->body;
    L->loop = NULL;
    L->inst = NULL;
    lw_block(L, um->ast);
    L->fn = saved_fn;
    L->blk = saved_blk;
    L->loop = saved_loop;
    L->inst = saved_inst;
    lw_leave_module(L, prev, saved_scope);
    if (diag_count() > before) {
        um->state = MOD_FAILED;
        return NULL;
    }
    um->state = MOD_DONE;
    IrInstr *call = ir_emit(L->m, L->blk, IR_CALL, sp, NULL, 0, NULL);
    call->func = um->body;
    return um;
}

/* Binds name in the current scope to v (an import). */
static void bind_import(Lower *L, const char *name, IrValue *v, Span sp)
{
    Scope *sc = assign_scope(L, name);
    Binding *b = lw_scope_find(sc, name);
    if (v && lw_is_runtime_type(v->type)) {
        /* from helper import X, X a variable of helper: a name of its own, bound to X's value */
        AstNode *t = ar_alloc(L->a, sizeof *t);
        t->kind = AST_NAME;
        t->span = sp;
        t->sval = name;
        lw_assign(L, t, v, sp);
        return;
    }
    if (b && b->kind == BIND_VAR) {
        diag_error(sp, "'%s' is %s here but was %s before", name, v ? ty_str_of(v->type) : "a module",
                   ty_str_of(b->var->type));
        return;
    }
    if (!b) b = lw_scope_add(L, sc, name, BIND_CONST);
    b->kind = BIND_CONST;
    b->value = v; /* NULL: poisoned (the module failed) */
    b->first = sp;
}

/* import helper [as h] (al), or from helper import f [as g], ... (al NULL: every alias of s),
 * for a user module. */
static void import_user(Lower *L, AstNode *s, AstNode *al, const char *full)
{
    UserModule *um = load_module(L, full, al ? al->span : s->span);
    if (!al) {
        for (int i = 0; i < s->elts.n; i++) {
            AstNode *a = s->elts.v[i];
            IrValue *v = NULL;
            if (um && !lw_scope_find(um->scope, a->sval))
                diag_error(a->span, "cannot import name '%s' from '%s' (%s)", a->sval, um->name, um->src->name);
            else if (um)
                v = lw_user_module_attr(L, um, a->sval, a->span);
            bind_import(L, a->sval2 ? a->sval2 : a->sval, v, a->span);
        }
        return;
    }
    IrValue *v = NULL;
    if (um) {
        Type *t = ty_module(um->name);
        t->def = um->ast;
        v = lw_pseudo(L, t);
    }
    bind_import(L, al->sval2 ? al->sval2 : al->sval, v, al->span);
}

static void lower_import(Lower *L, AstNode *s)
{
    for (int i = 0; i < s->elts.n; i++) {
        AstNode *al = s->elts.v[i];
        const char *full = s->kind == AST_IMPORT_FROM ? s->sval : al->sval;
        const char *top = lw_canonical_module(full);
        static const char *known[] = { "cupy",      "cupyx",     "numpy.random", "math",   "time",
                                       "sys",       "argparse",  "contextlib",   "os",     "random",
                                       "string",    "pathlib",   "itertools",    "functools",
                                       "collections", NULL };
        bool ok = false;
        for (int k = 0; known[k]; k++) {
            size_t n = strlen(known[k]);
            if (strncmp(top, known[k], n) == 0 && (top[n] == 0 || top[n] == '.')) ok = true;
        }
        if (!ok) {
            if (s->kind == AST_IMPORT_FROM) {
                import_user(L, s, NULL, full);
                return;
            }
            import_user(L, s, al, full);
            continue;
        }
        IrValue *v;
        const char *bind_as;
        if (s->kind == AST_IMPORT_FROM) {
            if (!strcmp(full, "numpy") && !strcmp(al->sval, "random")) /* NumPy's generator */
                v = lw_pseudo(L, ty_module("numpy.random"));
            else
                v = lw_module_attr(L, top, al->sval, al->span);
            if (!v) continue;
            bind_as = al->sval2 ? al->sval2 : al->sval;
        } else if (al->sval2) {
            v = lw_pseudo(L, ty_module(top));
            v->type->numpy = !strcmp(full, "numpy");
            bind_as = al->sval2;
        } else {
            /* import a.b binds a */
            const char *dot = strchr(al->sval, '.');
            const char *first = dot ? ar_strndup(L->a, al->sval, dot - al->sval) : al->sval;
            v = lw_pseudo(L, ty_module(lw_canonical_module(first)));
            v->type->numpy = !strcmp(first, "numpy");
            bind_as = first;
        }
        Scope *sc = assign_scope(L, bind_as);
        Binding *b = lw_scope_find(sc, bind_as);
        if (!b) b = lw_scope_add(L, sc, bind_as, BIND_CONST);
        b->kind = BIND_CONST;
        b->value = v;
        b->first = al->span;
    }
}

void lw_stmt(Lower *L, AstNode *s)
{
    switch (s->kind) {
    case AST_EXPR_STMT: {
        AstNode *e = s->lhs;
        if (e->kind == AST_STR || e->kind == AST_ELLIPSIS) return; /* docstrings, `...` */
        lw_expr(L, e);
        return;
    }
    case AST_ASSIGN: {
        if (lw_gen_assign(L, s)) return; /* x = next(it, None) (lower/gen.c) */
        L->annotated = s->cond ? s->rhs : NULL;
        L->annotation = s->cond ? s->cond->sval : NULL;
        IrValue *v = lw_expr(L, s->rhs);
        L->annotated = NULL;
        if (!v) {
            for (int i = 0; i < s->elts.n; i++) poison_target(L, s->elts.v[i]);
            return;
        }
        /* a chained assignment (x, y = z = t): unpacking the first target must not drop the
         * tuple that the later ones store (drop_unused_tuple) */
        v->nuses += s->elts.n > 1;
        for (int i = 0; i < s->elts.n; i++) lw_assign(L, s->elts.v[i], v, s->span);
        v->nuses -= s->elts.n > 1;
        return;
    }
    case AST_AUGASSIGN: lower_augassign(L, s); return;
    case AST_IF: lower_if(L, s); return;
    case AST_FOR: lower_for(L, s); return;
    case AST_WHILE: lower_while(L, s); return;
    case AST_BREAK:
    case AST_CONTINUE:
        if (!L->loop) {
            diag_error(s->span, "'%s' outside loop", s->kind == AST_BREAK ? "break" : "continue");
            return;
        }
        lw_with_unwind(L, true, s->span);
        if (s->kind == AST_BREAK && L->loop->broke) {
            AstNode *t = ast_new(L->a, AST_NAME, s->span, NULL);
            t->sval = L->loop->broke;
            lw_assign(L, t, lw_const_bool(L, s->span, true), s->span);
        }
        lw_flow_back(L);
        /* (a peeled first iteration continues in the loop after it) */
        ir_emit(L->m, L->blk, s->kind == AST_BREAK || L->loop->peel ? IR_BREAK : IR_CONTINUE, s->span, NULL,
                0, NULL);
        L->dead = true;
        return;
    case AST_PASS: return;
    case AST_RETURN: lower_return(L, s); return;
    case AST_DEF: lw_def_stmt(L, s); return;
    case AST_YIELD:
        diag_error(s->span, "a generator function is compiled only where its call is iterated (gpyc "
                            "inlines it there): this one is called some other way");
        return;
    case AST_RAISE: lower_raise(L, s); return;
    case AST_IMPORT:
    case AST_IMPORT_FROM: lower_import(L, s); return;
    case AST_ASSERT: {
        IrValue *c = lw_expr(L, s->cond);
        if (!c || !(c = lw_truth(L, c, s->cond->span))) return;
        IrValue *args[2] = {c, NULL};
        int n = 1;
        if (s->rhs) {
            IrValue *msg = lw_expr(L, s->rhs);
            if (!msg || !(msg = lw_str_of(L, msg, s->rhs->span))) return;
            args[n++] = msg;
        }
        ir_emit(L->m, L->blk, IR_ASSERT, s->span, NULL, n, args);
        return;
    }
    case AST_GLOBAL:
        if (L->scope->is_module) return;
        return; /* collected by lw_collect_names */
    case AST_DEL:
        /* a name's variable stays; the name is unbound from here (lw_flow_del) */
        for (int i = 0; i < s->elts.n; i++) {
            AstNode *t = s->elts.v[i];
            IrValue *d = t->kind == AST_SUBSCRIPT ? lw_expr(L, t->lhs) : NULL;
            if (t->kind == AST_SUBSCRIPT && !d) continue; /* after its located error */
            if (d && d->type->kind == TY_DICT) {
                IrValue *k = lw_expr(L, t->rhs);
                if (k) lw_table_del(L, d, k, t->span);
            } else if (d && d->type->kind == TY_LIST)
                lw_seq_del(L, t, d);
            else if (t->kind == AST_SUBSCRIPT && lw_is_dict_record(d->type))
                lw_dict_del(L, t);
            else if (d && d->type->kind == TY_ARRAY) /* NumPy's ValueError */
                diag_error(t->span, "cannot delete array elements: write a = cp.delete(a, i)");
            else if (t->kind != AST_NAME)
                diag_error(
                    t->span,
                    "del of %s is not supported: del takes a name, d[k] of a dict, l[i] or l[a:b] of a list",
                    t->kind == AST_SUBSCRIPT ? ar_printf(L->a, "an item of %s", ty_str_of(d->type))
                    : t->kind == AST_ATTR    ? "an attribute"
                                             : "this expression");
            else {
                Binding *b = lw_lookup(L, t->sval);
                if (!b) diag_error(t->span, "name '%s' is not defined", t->sval);
                else lw_flow_del(L, b, t->span);
            }
        }
        return;
    case AST_WITH: {
        if (lw_with_generator(L, s)) return;
        int entered = 0, i = 0;
        for (; i < s->elts.n; i++) {
            AstNode *item = s->elts.v[i];
            IrValue *ctx = lw_expr(L, item->lhs);
            if (!ctx) break;
            if (!lw_is_npz(ctx->type)) {   /* an .npz archive: nothing to enter or leave */
                if (!lw_file_with(L, ctx, item->lhs->span) && !lw_with_enter(L, ctx, item->lhs->span)) break;
                entered++;
            }
            if (item->rhs) lw_assign(L, item->rhs, ctx, item->span);
        }
        if (i == s->elts.n) lw_block(L, s->then);
        while (entered-- > 0) lw_with_exit(L, s->span);
        return;
    }
    default:
        diag_error(s->span, "this statement is not supported");
        return;
    }
}

/* ---------------------------------------------------------------- user functions */

static bool const_equal(IrValue *a, IrValue *b)
{
    if (!a || !b) return a == b;
    if (a->def->op != b->def->op) return false;
    if (a->def->op == IR_CONST_NONE) return true;
    return a->def->ival == b->def->ival;
}

/* The constant an argument carries into an instance: ints, bools and None (so that `axis`
 * and similar parameters stay compile-time constants inside the function). */
static IrValue *arg_const(IrValue *v)
{
    if (!v || !v->def) return NULL;
    if (v->def->op == IR_CONST_INT || v->def->op == IR_CONST_BOOL || v->def->op == IR_CONST_NONE) return v;
    return NULL;
}

/* Binds the parameters and captured names of instance I (its arguments args) in scope sc: a
 * compile-time argument (a module, a dtype, a function, a constant int the body never assigns)
 * to its value, the others to the C parameters of I->fn. */
static void bind_params(Lower *L, Instance *I, Scope *sc, IrValue **args)
{
    AstNode *def = I->def;
    int n = I->nargs;
    for (int k = 0; k < n; k++) {
        const char *name = I->names[k];
        Span first = k < def->params.n ? ((AstNode *)def->params.v[k])->span : def->span;
        Binding *b = lw_scope_add(L, sc, name, BIND_VAR);
        b->first = first;
        Type *t = args[k]->type;
        if (!lw_is_runtime_type(t) || (I->arg_consts[k] && !lw_assigns_name(def->then, name))) {
            /* compile-time argument: bound to its value, no C parameter */
            b->kind = BIND_CONST;
            b->value = lw_is_runtime_type(t) ? I->arg_consts[k] : args[k];
            if (lw_is_runtime_type(t)) {
                /* re-materialise the constant inside the callee */
                IrInstr *c = I->arg_consts[k]->def;
                IrValue *nv = lw_emit(L, c->op, first, c->res->type, 0, NULL);
                nv->def->ival = c->ival;
                b->value = nv;
                b->kind = BIND_CONST;
            }
            continue;
        }
        b->var = ir_var_new(L->m, name, t);
        b->var->param = true;
        vec_push(&I->fn->params, b->var);
    }
}

/* Lowers the body of instance I (arguments args) into I->fn, in a fresh scope.  A return that
 * widens the return type (`return 0.0`, then `return cp.sum(x)`: a 0-d array), or a dict read
 * before a later statement of the body typed its values (a memo dict: `if n in memo: return
 * memo[n]` ... `memo[n] = r`), has the body lowered again with the type known from the start
 * (the first lowering, its diagnostics and the instances it made dropped). */
static void lower_body(Lower *L, Instance *I, IrValue **args)
{
    for (int pass = 0;; pass++) {
        Scope *sc = ar_alloc(L->a, sizeof *sc);
        lw_collect_names(sc, I->def->then);
        L->scope = sc;
        L->blk = I->fn->body;
        L->dead = false;
        I->ret_widened = false;
        int ninst = L->instances.n, nfuncs = L->m->funcs.n, nglobals = L->m->globals.n, nun = L->untyped.n;
        DiagHold hold;
        diag_hold(&hold);
        bind_params(L, I, sc, args);
        lw_block(L, I->def->then);
        bool typed_late = false;
        for (int i = nun; i < L->untyped.n; i++) typed_late |= ((Type *)L->untyped.v[i])->elem != NULL;
        L->untyped.n = nun;
        bool again = (I->ret_widened || typed_late) && pass < 4;
        diag_release(&hold, !again);
        lw_scope_free(sc);
        if (!again) return;
        lw_drop_instances(L, ninst);
        lw_drop_funcs(L, nfuncs);
        L->m->globals.n = nglobals;
        ir_block_discard(I->fn->body);
        I->fn->body = ir_block_new(L->m, NULL);
        I->fn->params.n = 0;
        I->fn->locals.n = 0;
    }
}

/* Drops the module's functions from n on (made by a lowering that is dropped), with their
 * bodies' instruction lists. */
void lw_drop_funcs(Lower *L, int n)
{
    for (int i = n; i < L->m->funcs.n; i++) {
        IrFunc *f = L->m->funcs.v[i];
        ir_block_discard(f->body);
        vec_free(&f->params);
        vec_free(&f->locals);
    }
    if (L->m->funcs.n > n) L->m->funcs.n = n;
}

void lw_drop_instances(Lower *L, int n)
{
    while (L->instances.n > n) { /* newest first: each def's chain goes back to where it was */
        Instance *I = L->instances.v[--L->instances.n];
        I->def->sym = I->prev;
    }
}

/* n (a function's body) has a `return value` outside the functions nested in it. */
static bool returns_value(const AstNode *n)
{
    if (!n || n->kind == AST_DEF) return false;
    if (n->kind == AST_RETURN) return n->lhs && n->lhs->kind != AST_NONE;
    if (returns_value(n->then) || returns_value(n->els)) return true;
    for (int i = 0; i < n->body.n; i++)
        if (returns_value(n->body.v[i])) return true;
    return false;
}

/* Calls the user function fv (its def, or a function value: lower/closure.c) with bound
 * arguments args[0..nparams-1] (every parameter filled, defaults already lowered by the caller);
 * a nested function also gets the names it captures (lw_captures, or a function value's
 * environment: lw_closure_env), as arguments after those.  Returns the call's value (NULL on error). */
IrValue *lw_call_user(Lower *L, IrValue *fv, IrValue **args, Span sp)
{
    AstNode *def = fv->type->def;
    if (lw_is_generator(def)) {
        lw_gen_misused(def, sp);
        return NULL;
    }
    if (def->elts.n) {
        diag_error(sp, "'%s' is a @contextlib.contextmanager function: gpyc compiles it as the item of a "
                       "with statement (`with %s(...):`) only", def->sval, def->sval);
        return NULL;
    }
    const char **names;
    IrValue **caps;
    int np = def->params.n, ncap = ty_is_closure(fv->type) ? lw_closure_env(L, fv, sp, &names, &caps)
                                                            : lw_captures(L, def, sp, &names, &caps);
    if (ncap < 0) return NULL;
    int n = np + ncap;
    IrValue **all = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    for (int k = 0; k < n; k++) all[k] = k < np ? args[k] : caps[k - np];
    bool *made = ar_alloc(L->a, sizeof(bool) * (size_t)(np + 1));
    for (int k = 0; k < np; k++) { /* a nested def passed on: a function value, its captures with it */
        made[k] = all[k]->type->kind == TY_FUNC && !ty_is_fvalue(all[k]->type) && all[k]->type->def->outer;
        if (made[k] && !(all[k] = lw_func_value(L, all[k], sp, ESC_ARG))) return NULL;
    }
    args = all;
    Instance *I = NULL;
    /* a recursive call (an instance of def is being lowered) passes its ints at run time: an
     * instance per constant would unroll the recursion at compile time */
    bool rec = false;
    for (Instance *c = def->sym; c && !rec; c = c->prev) rec = c->in_progress;
    /* def's instances are chained from def->sym: a call costs the instances of its callee */
    for (Instance *c = def->sym; c && !I; c = c->prev) {
        bool same = c->nargs == n;
        for (int k = 0; k < n && same; k++)
            same = !strcmp(c->names[k], names[k]) && ty_equal(c->arg_types[k], args[k]->type) &&
                   const_equal(c->arg_consts[k], rec ? NULL : arg_const(args[k]));
        if (same) I = c;
    }
    if (I && I->in_progress && !I->ret && returns_value(def->then)) {
        diag_error(sp,
                   "the recursive call to '%s' comes before any return of a value: gpyc takes its "
                   "type from a return before it (put the base case's return first)",
                   def->sval);
        return NULL;
    }
    if (!I) {
        if (L->depth > 50) {
            diag_error(sp, "calls nested too deeply while compiling '%s'", def->sval);
            return NULL;
        }
        I = ar_alloc(L->a, sizeof *I);
        I->def = def;
        I->nargs = n;
        I->names = names;
        I->arg_types = ar_alloc(L->a, sizeof(Type *) * (n ? n : 1));
        I->arg_consts = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
        for (int k = 0; k < n; k++) {
            I->arg_types[k] = args[k]->type;
            I->arg_consts[k] = rec ? NULL : arg_const(args[k]);
        }
        vec_push(&L->instances, I);
        I->prev = def->sym;
        def->sym = I;
        int count = 0;
        for (Instance *c = I; c; c = c->prev) count++;
        /* the body resolves globals in the module that defines it */
        Scope *saved_scope;
        UserModule *saved_mod = lw_enter_module(L, lw_module_of(L, def), &saved_scope);
        /* a nested function's C name has its line: two outer functions may nest one name */
        /* a decorator's wrapper has the id of the decorator that made it (lower/closure.c) */
        const char *cname = def->outer   ? ar_printf(L->a, "%s_l%u", def->sval, (unsigned)def->span.line)
                            : def->sval2 ? ar_printf(L->a, "%s_d%d", def->sval, def->id)
                                         : def->sval;
        const char *cfull = L->mod && !L->mod->is_main
                                ? ar_printf(L->a, "f_%s_%s_%d", L->mod->name, cname, count)
                                : ar_printf(L->a, "f_%s_%d", cname, count);
        /* a module that defines one name twice (def f ... def f again): the later one's line */
        for (int k = 0; k < L->m->funcs.n; k++)
            if (!strcmp(((IrFunc *)L->m->funcs.v[k])->cname, cfull)) {
                cfull = ar_printf(L->a, "%s_l%u", cfull, (unsigned)def->span.line);
                break;
            }
        I->fn = ir_func_new(L->m, def->sval, cfull);
        I->fn->file = L->file;

        /* the body, in a fresh scope (lower_body) */
        IrFunc *saved_fn = L->fn;
        Instance *saved_inst = L->inst;
        IrBlock *saved_blk = L->blk;
        Loop *saved_loop = L->loop;
        L->fn = I->fn;
        L->inst = I;
        L->loop = NULL;
        L->depth++;
        bool saved_dead = L->dead;
        L->dead = false;
        I->in_progress = true;
        int errors_before = diag_count();
        lower_body(L, I, args);
        I->in_progress = false;
        I->failed = diag_count() > errors_before;
        if (!I->ret) {
            I->ret = ty_void();
            I->fn->ret = ty_void();
        }
        lw_leave_module(L, saved_mod, saved_scope);
        L->fn = saved_fn;
        L->inst = saved_inst;
        L->blk = saved_blk;
        L->loop = saved_loop;
        L->dead = saved_dead;
        L->depth--;
    }
    if (I->failed) return NULL; /* reported inside the function */
    for (int k = 0; k < np; k++)
        if (made[k] && !lw_func_arg_done(L, all[k]->type->def, sp)) return NULL;
    /* the call passes the runtime parameters only */
    IrValue **cargs = ar_alloc(L->a, sizeof(IrValue *) * (n ? n : 1));
    int nc = 0;
    for (int k = 0; k < n; k++) {
        bool is_param = false;
        for (int j = 0; j < I->fn->params.n; j++)
            if (strcmp(((IrVar *)I->fn->params.v[j])->name, names[k]) == 0) is_param = true;
        if (is_param) cargs[nc++] = args[k];
    }
    Type *rt = I->ret && I->ret->kind != TY_VOID ? I->ret : NULL; /* (recursion: the returns so far) */
    IrInstr *call = ir_emit(L->m, L->blk, IR_CALL, sp, rt, nc, cargs);
    call->func = I->fn;
    return rt ? call->res : lw_pseudo(L, ty_none());
}

/* ---------------------------------------------------------------- entry */

IrModule *lower_module(const CompileInput *in)
{
    Lower L = {0};
    L.a = in->arena;
    L.file = in->main;
    L.search_dir = in->search_dir ? in->search_dir : ".";
    L.m = ir_module_new(in->arena, in->main);
    Scope *ms = ar_alloc(L.a, sizeof *ms);
    ms->is_module = true;
    L.module_scope = L.scope = ms;
    /* the script is a module too: a helper importing it is a circular import */
    UserModule *main_mod = ar_alloc(L.a, sizeof *main_mod);
    const char *base = in->main->name ? in->main->name : "script.py";
    size_t bl = strlen(base);
    main_mod->name = bl > 3 && !strcmp(base + bl - 3, ".py") ? ar_strndup(L.a, base, bl - 3) : base;
    main_mod->is_main = true;
    main_mod->src = in->main;
    main_mod->ast = in->module;
    main_mod->scope = ms;
    main_mod->state = MOD_LOADING;
    vec_push(&L.modules, main_mod);
    L.mod = main_mod;
    L.fn = ir_func_new(L.m, "<module>", "gp_module");
    L.fn->file = in->main;
    L.fn->ret = ty_void();
    L.blk = L.fn->body;
    int before = diag_count();
    lw_block(&L, in->module); /* AST_MODULE keeps its statements in body, like a block */
    for (int i = 0; i < L.modules.n; i++) {
        UserModule *um = L.modules.v[i];
        if (i) lw_scope_free(um->scope);
        vec_free(&um->declared_global);
    }
    vec_free(&L.modules);
    vec_free(&L.instances);
    vec_free(&L.untyped);
    vec_free(&L.npy_saved);
    vec_free(&L.npz_files);
    vec_free(&L.withs);
    vec_free(&L.argparsers);
    vec_free(&L.decorated);
    vec_free(&L.escaped);
    vec_free(&L.partials);
    vec_free(&L.gens);
    vec_free(&L.gen_ids);
    lw_scope_free(ms);
    if (diag_count() > before) {
        ir_module_free(L.m);
        return NULL;
    }
    return L.m;
}
