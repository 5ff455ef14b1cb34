/*
 * lower/seq.c — the methods of lists, and those a deque shares with a list: sort, reverse,
 * insert, remove, index, count, pop([i]), extend, clear, copy (append: call.c; a deque's own
 * methods: pycoll.c).
 *
 * Each is written with the run-time operations of runtime/list.c that a deque already has
 * (rt_deque_*: rotate, push and pop at either end, clear) and with AST rewrites over hidden
 * names `what@seqID`.  As CPython's deque.insert does, insert(i, x) rotates the first i
 * elements to the end, pushes x at the front and rotates them back; removing element i is the
 * same with a pop (time linear in the length, as Python's list.insert).  sort and reverse make
 * the new order (sorted(), the elements from the end) and store it back element by element, so
 * every alias of the list sees it, as Python's in-place methods.  A list is a deque without
 * maxlen (codegen gives a list type's maxlen as -1).  Elements are compared with `==` (index,
 * count, remove): numbers with numbers, str with str, tuples with tuples of their type.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* The hidden name `what@seqID` of call's rewrite. */
static const char *hid(Lower *L, const AstNode *call, const char *what)
{
    return ar_printf(L->a, "%s@seq%d", what, call->id);
}

/* for j in range(len(src)): name[j] = src[j] — the new order src stored back into the list. */
static void store_back(Lower *L, const AstNode *call, const char *name, const char *src)
{
    Span sp = call->span;
    const char *j = hid(L, call, "j");
    AstNode *s = lw_ast_name(L, sp, src);
    AstNode *n = lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &s);
    AstNode *set = lw_ast_node(L, AST_ASSIGN, sp), *target = lw_ast_item(L, sp, name, lw_ast_name(L, sp, j));
    set->elts = lw_ast_vec(L, 1, &target);
    set->rhs = lw_ast_item(L, sp, src, lw_ast_name(L, sp, j));
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, j),
                          lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &n), set));
}

/* i counted from the end when negative (i + n), then clamped to [0, n] when clamp. */
static IrValue *normalise(Lower *L, Span sp, IrValue *i, IrValue *n, bool clamp)
{
    IrValue *neg = lw_to_scalar(L, lw_binop(L, AOP_LT, sp, i, lw_cint(L, sp, 0)), TY_INT, sp);
    i = lw_binop(L, AOP_ADD, sp, i, lw_binop(L, AOP_MUL, sp, neg, n));
    if (!clamp) return i;
    i = lw_ewise(L, IR_MINIMUM, sp, 2, (IrValue *[]){ i, n });
    return lw_ewise(L, IR_MAXIMUM, sp, 2, (IrValue *[]){ i, lw_cint(L, sp, 0) });
}

/* x as an element of list l: an int into a float list converted (as append does), the type of
 * the elements fixed by it when unknown; NULL after a located error. */
static IrValue *as_elem(Lower *L, IrValue *l, IrValue *x, const char *m, Span sp)
{
    Type *et = l->type->elem;
    if (x->type->kind == TY_FUNC && !(x = lw_func_value(L, x, sp, ESC_STORE))) return NULL; /* lower/closure.c */
    if (!lw_not_self_holding(l->type, x->type, sp)) return NULL;
    lw_note_escape(L, x->type);
    if (!et && lw_is_runtime_type(x->type) && x->type->kind != TY_SVIEW && x->type->kind != TY_SDTYPE) {
        l->type->elem = et = x->type;
        if (x->type->kind == TY_TUPLE) ir_need_tuple(L->m, x->type);
    }
    if (et && et->kind == TY_FLOAT && (x->type->kind == TY_INT || x->type->kind == TY_BOOL))
        x = lw_to_scalar(L, x, TY_FLOAT, sp);
    if (!et || !ty_equal(et, x->type)) {
        diag_error(sp, "%ss must be homogeneous: %s() of %s into %s", ty_is_deque(l->type) ? "deque" : "list",
                   m, ty_str_of(x->type), ty_str_of(l->type));
        return NULL;
    }
    return x;
}

/* The value x that index, count and remove compare with the elements of l: of their kind
 * (numbers, str, or tuples of their type); NULL after a located error. */
static IrValue *probe(Lower *L, AstNode *call, IrValue *l, const char *m)
{
    IrValue *x = lw_expr(L, call->elts.v[0]);
    if (!x) return NULL;
    Type *et = l->type->elem;
    bool ok = et && ((ty_is_scalar(et) && ty_is_scalar(x->type)) ||
                     (et->kind == TY_STR && x->type->kind == TY_STR) ||
                     (et->kind == TY_TUPLE && ty_equal(et, x->type)));
    if (!ok) {
        diag_error(((AstNode *)call->elts.v[0])->span,
                   "%s() compares %s with the elements of %s here: give it a value of their type", m,
                   ty_str_of(x->type), ty_str_of(l->type));
        return NULL;
    }
    return x;
}

/* The index of the first element of list `name` (length n) equal to x@seq from a to b, or -1:
 *   r = -1
 *   for j in range(a, b):
 *       if name[j] == x: r = j; break */
static IrValue *find(Lower *L, const AstNode *call, const char *name, IrValue *a, IrValue *b)
{
    Span sp = call->span;
    const char *r = hid(L, call, "r"), *j = hid(L, call, "j"), *lo = hid(L, call, "lo"),
               *hi = hid(L, call, "hi");
    lw_assign(L, lw_ast_name(L, sp, r), lw_cint(L, sp, -1), sp);
    lw_assign(L, lw_ast_name(L, sp, lo), a, sp);
    lw_assign(L, lw_ast_name(L, sp, hi), b, sp);
    AstNode *eq = lw_ast_cmp(L, sp, AOP_EQ, lw_ast_item(L, sp, name, lw_ast_name(L, sp, j)),
                             lw_ast_name(L, sp, hid(L, call, "x")));
    AstNode *body = lw_ast_node(L, AST_BLOCK, sp);
    AstNode *stmts[2] = { lw_ast_assign(L, sp, r, lw_ast_name(L, sp, j)), lw_ast_node(L, AST_BREAK, sp) };
    body->body = lw_ast_vec(L, 2, stmts);
    AstNode *found = lw_ast_if(L, sp, eq, stmts[0]);
    found->then = body;
    AstNode *bounds[2] = { lw_ast_name(L, sp, lo), lw_ast_name(L, sp, hi) };
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, j),
                          lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 2, bounds), found));
    return lw_expr(L, lw_ast_name(L, sp, r));
}

/* Raises ValueError(msg) where r < 0: msg the constant given, else `repr(x) + tail`. */
static void raise_missing(Lower *L, Span sp, IrValue *r, IrValue *x, const char *msg, const char *tail)
{
    IrValue *cond = lw_binop(L, AOP_LT, sp, r, lw_cint(L, sp, 0));
    if (msg) {
        lw_emit_raise_if(L, sp, cond, "ValueError", msg);
        return;
    }
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &cond);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrValue *text = lw_emit2(L, IR_STR_CONCAT, sp, ty_str(), lw_format_part(L, x, "", 'r', sp, sp),
                             lw_const_str(L, sp, tail));
    IrInstr *raise = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &text);
    raise->sval = "ValueError";
    L->blk = outer;
}

/* Removes element i (within range) of list l and gives it: rotate(-i), popleft(), rotate(i). */
static IrValue *take_at(Lower *L, Span sp, IrValue *l, IrValue *i)
{
    lw_dk(L, DK_DQ_ROTATE, sp, NULL, 2, (IrValue *[]){ l, lw_binop(L, AOP_SUB, sp, lw_cint(L, sp, 0), i) });
    IrValue *v = lw_dk(L, DK_DQ_POPLEFT, sp, l->type->elem, 1, &l);
    lw_dk(L, DK_DQ_ROTATE, sp, NULL, 2, (IrValue *[]){ l, i });
    return v;
}

IrValue *lw_reversed_of(Lower *L, const AstNode *call, const char *name)
{
    Span sp = call->span;
    const char *j = hid(L, call, "j"), *nn = hid(L, call, "n");
    AstNode *ln = lw_ast_name(L, sp, name);
    lw_stmt(L, lw_ast_assign(L, sp, nn, lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &ln)));
    AstNode *back =
        lw_ast_bin(L, sp, AOP_SUB, lw_ast_bin(L, sp, AOP_SUB, lw_ast_name(L, sp, nn), lw_ast_int(L, sp, 1)),
                   lw_ast_name(L, sp, j));
    AstNode *c = lw_ast_node(L, AST_COMP, sp), *n = lw_ast_name(L, sp, nn);
    AstNode *cl = lw_ast_for(L, sp, lw_ast_name(L, sp, j),
                             lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &n), NULL);
    c->ival = 'l';
    c->id = -(1 << 28) - call->id; /* not the id of the list a rewrite of call may have made */
    c->lhs = lw_ast_item(L, sp, name, back);
    c->elts = lw_ast_vec(L, 1, &cl);
    return lw_comprehension(L, c);
}

/* The number of arguments of method m (lo to hi positional, no keywords but sort's); false
 * after a located error. */
static bool arity(AstNode *call, const char *m, int lo, int hi)
{
    if (call->elts.n >= lo && call->elts.n <= hi && (!call->params.n || !strcmp(m, "sort"))) return true;
    if (call->params.n)
        diag_error(call->span, "%s() takes no keyword arguments", m);
    else if (lo == hi)
        diag_error(call->span, "%s() takes %s (%d given)", m,
                   lo == 0   ? "no arguments"
                   : lo == 1 ? "exactly one argument"
                             : "exactly 2 arguments",
                   call->elts.n);
    else
        diag_error(call->span, "%s expected %s%d argument%s, got %d", m,
                   call->elts.n < lo ? "at least " : "at most ", call->elts.n < lo ? lo : hi,
                   (call->elts.n < lo ? lo : hi) == 1 ? "" : "s", call->elts.n);
    return false;
}

/* l.sort(key=None, reverse=False): sorted(l, key=, reverse=) stored back. */
static IrValue *seq_sort(Lower *L, AstNode *call, const char *name)
{
    AstNode c = *call, *arg = lw_ast_name(L, call->span, name);
    c.lhs = lw_ast_name(L, call->span, "sorted");
    c.elts = lw_ast_vec(L, 1, &arg);
    for (int i = 0; i < call->params.n; i++) {
        const char *k = ((AstNode *)call->params.v[i])->sval;
        if (strcmp(k, "key") && strcmp(k, "reverse")) {
            diag_error(call->span, "sort() got an unexpected keyword argument '%s'", k);
            return NULL;
        }
    }
    IrValue *s = lw_builtin_call(L, &c, "sorted");
    if (!s) return NULL;
    lw_assign(L, lw_ast_name(L, call->span, hid(L, call, "s")), s, call->span);
    store_back(L, call, name, hid(L, call, "s"));
    return lw_pseudo(L, ty_none());
}

static IrValue *seq_method(Lower *L, AstNode *call, IrValue *l, const char *m, bool tuple);

IrValue *lw_seq_method(Lower *L, AstNode *call, IrValue *l, const char *m)
{
    return seq_method(L, call, l, m, false);
}

IrValue *lw_tuple_method(Lower *L, AstNode *call, IrValue *t, const char *m)
{
    if (strcmp(m, "index") && strcmp(m, "count")) {
        diag_error(call->lhs->span, "'tuple' object has no attribute '%s'", m);
        return NULL;
    }
    int why = 0;
    IrValue *l = lw_tuple_as_list(L, t, call->span, &why);
    if (!l) {
        diag_error(call->lhs->span,
                   "%s() of a tuple of different types (%s): gpyc compares the items of a tuple of one type", m,
                   ty_str_of(t->type));
        return NULL;
    }
    return seq_method(L, call, l, m, true);
}

/* l.m(...) of a list or deque, or (tuple) of a tuple's items as a list: index and count. */
static IrValue *seq_method(Lower *L, AstNode *call, IrValue *l, const char *m, bool tuple)
{
    static const char *const names[] = { "sort", "reverse", "insert", "remove", "index", "count",
                                         "pop",  "extend",  "clear",  "copy",   NULL };
    static const int lo[] = { 0, 0, 2, 1, 1, 1, 0, 1, 0, 0 }, hi[] = { 0, 0, 2, 1, 3, 1, 1, 1, 0, 0 };
    Span sp = call->span;
    bool dq = ty_is_deque(l->type);
    int k = 0;
    while (names[k] && strcmp(names[k], m)) k++;
    if (!names[k] || (dq && (k == 0 || k >= 6))) { /* a deque's pop, extend, clear, copy: pycoll.c */
        diag_error(sp, "'%s' object has no attribute '%s'", dq ? "collections.deque" : "list", m);
        return NULL;
    }
    if (!arity(call, m, lo[k], hi[k])) return NULL;
    const char *name = hid(L, call, "l");
    lw_assign(L, lw_ast_name(L, sp, name), l, sp);
    if (!l->type->elem && k != 2 && k != 7) { /* a list that is always empty here */
        if (k == 5) return lw_cint(L, sp, 0);
        if (k == 9) return lw_emit(L, IR_LIST_NEW, sp, ty_list(NULL), 0, NULL);
        if (k <= 1 || k == 8) return lw_pseudo(L, ty_none());
        diag_error(sp, "%s() of a list whose elements have no type yet (it is always empty here)", m);
        return NULL;
    }
    IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), l);
    AstNode *ln = lw_ast_name(L, sp, name);
    switch (k) {
    case 0: return seq_sort(L, call, name);
    case 1: { /* [l[n - 1 - j] for j in range(n)] stored back */
        IrValue *r = lw_reversed_of(L, call, name);
        if (!r) return NULL;
        lw_assign(L, lw_ast_name(L, sp, hid(L, call, "s")), r, sp);
        store_back(L, call, name, hid(L, call, "s"));
        return lw_pseudo(L, ty_none());
    }
    case 2: { /* insert(i, x): rotate(-i), appendleft(x), rotate(i) */
        IrValue *i = lw_int_arg(L, call->elts.v[0]), *x = i ? lw_expr(L, call->elts.v[1]) : NULL;
        if (!x || !(x = as_elem(L, l, x, m, sp))) return NULL;
        if (dq && l->type->n >= 0)
            lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, l->type->n)), "IndexError",
                             "deque already at its maximum size");
        i = normalise(L, sp, i, n, true);
        lw_dk(L, DK_DQ_ROTATE, sp, NULL, 2,
              (IrValue *[]){ l, lw_binop(L, AOP_SUB, sp, lw_cint(L, sp, 0), i) });
        if (x->type->kind == TY_TUPLE) ir_need_tuple(L->m, x->type);
        lw_dk(L, DK_DQ_APPENDLEFT, sp, NULL, 2, (IrValue *[]){ l, x });
        lw_dk(L, DK_DQ_ROTATE, sp, NULL, 2, (IrValue *[]){ l, i });
        return lw_pseudo(L, ty_none());
    }
    case 3: /* remove(x): take_at(index(x)) */
    case 4: { /* index(x[, start[, stop]]): the bounds as a slice's */
        IrValue *x = probe(L, call, l, m);
        if (!x) return NULL;
        lw_assign(L, lw_ast_name(L, sp, hid(L, call, "x")), x, sp);
        IrValue *a = lw_cint(L, sp, 0), *b = n;
        if (call->elts.n > 1 && !(a = lw_int_arg(L, call->elts.v[1]))) return NULL;
        if (call->elts.n > 2 && !(b = lw_int_arg(L, call->elts.v[2]))) return NULL;
        IrValue *r = find(L, call, name, call->elts.n > 1 ? normalise(L, sp, a, n, true) : a,
                          call->elts.n > 2 ? normalise(L, sp, b, n, true) : b);
        if (!r) return NULL;
        raise_missing(L, sp, r, x,
                      tuple         ? "tuple.index(x): x not in tuple"
                      : k == 3 && !dq ? "list.remove(x): x not in list"
                                      : NULL,
                      dq ? " is not in deque" : " is not in list");
        if (k == 4) return r;
        take_at(L, sp, l, r);
        return lw_pseudo(L, ty_none());
    }
    case 5: { /* count(x): len([e for e in l if e == x]) */
        IrValue *x = probe(L, call, l, m);
        if (!x) return NULL;
        lw_assign(L, lw_ast_name(L, sp, hid(L, call, "x")), x, sp);
        AstNode *e = lw_ast_name(L, sp, hid(L, call, "e")), *c = lw_ast_node(L, AST_COMP, sp),
                *cl[2] = { lw_ast_for(L, sp, e, lw_ast_name(L, sp, name), NULL), lw_ast_node(L, AST_IF, sp) };
        cl[1]->cond =
            lw_ast_cmp(L, sp, AOP_EQ, lw_ast_name(L, sp, e->sval), lw_ast_name(L, sp, hid(L, call, "x")));
        c->ival = 'l';
        c->id = call->id;
        c->lhs = lw_ast_int(L, sp, 1);
        c->elts = lw_ast_vec(L, 2, cl);
        IrValue *ones = lw_comprehension(L, c);
        return ones ? lw_emit1(L, IR_LIST_LEN, sp, ty_int(), ones) : NULL;
    }
    case 6: { /* pop([i]) */
        lw_emit_raise_if(L, sp, lw_binop(L, AOP_EQ, sp, n, lw_cint(L, sp, 0)), "IndexError",
                         "pop from empty list");
        if (!call->elts.n) return lw_dk(L, DK_DQ_POP, sp, l->type->elem, 1, &l);
        IrValue *i = lw_int_arg(L, call->elts.v[0]);
        if (!i) return NULL;
        i = normalise(L, sp, i, n, false);
        IrValue *out = lw_binop(L, AOP_LT, sp, i, lw_cint(L, sp, 0));
        out = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ out, lw_binop(L, AOP_GE, sp, i, n) });
        lw_emit_raise_if(L, sp, out, "IndexError", "pop index out of range");
        return take_at(L, sp, l, i);
    }
    case 7: { /* extend(it): for x in list(it): l.append(x) */
        AstNode *src = call->elts.v[0], *x = lw_ast_name(L, sp, hid(L, call, "x"));
        AstNode *lc = lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &src);
        lc->id = call->id;
        IrValue *t = lw_list_of(L, lc);
        if (!t) return NULL;
        lw_assign(L, lw_ast_name(L, sp, hid(L, call, "t")), t, sp);
        lw_stmt(L, lw_ast_for(L, sp, x, lw_ast_name(L, sp, hid(L, call, "t")),
                              lw_ast_append(L, name, lw_ast_name(L, sp, x->sval))));
        return lw_pseudo(L, ty_none());
    }
    case 8: lw_dk(L, DK_DQ_CLEAR, sp, NULL, 1, &l); return lw_pseudo(L, ty_none());
    default: { /* copy(): [x for x in l] */
        AstNode *c = lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &ln);
        c->id = call->id;
        return lw_list_of(L, c);
    }
    }
}

/* del l[i] and del l[a:b:c] of a list (lower.c's AST_DEL; the list is evaluated first, as
 * Python does). An item goes as pop(i) takes it, with Python's IndexError 'list assignment index
 * out of range'; a slice's items are those of list(range(len(l)))[a:b:c] (the bounds as a list
 * slice reads them), popped in increasing order, each index less the count popped before it. */
bool lw_seq_del(Lower *L, AstNode *target, IrValue *l)
{
    Span sp = target->span;
    bool slice = target->rhs->kind == AST_SLICE;
    if (ty_is_deque(l->type) && slice) {
        diag_error(target->rhs->span, "sequence index must be integer, not 'slice' (a deque has no slices)");
        return false;
    }
    const char *name = hid(L, target, "l");
    lw_assign(L, lw_ast_name(L, sp, name), l, sp);
    if (!slice) {
        IrValue *iv = lw_expr(L, target->rhs), *i = iv ? lw_as_index(L, iv, target->rhs->span) : NULL;
        if (!i) {
            if (iv)
                diag_error(target->rhs->span, "%s indices must be integers%s, not %s",
                           ty_is_deque(l->type) ? "sequence" : "list",
                           ty_is_deque(l->type) ? "" : " or slices", ty_str_of(iv->type));
            return false;
        }
        const char *msg =
            ty_is_deque(l->type) ? "deque index out of range" : "list assignment index out of range";
        if (!l->type->elem) {
            diag_error(sp, "%s (the %s is always empty here)", msg, ty_is_deque(l->type) ? "deque" : "list");
            return false;
        }
        IrValue *n = lw_emit1(L, IR_LIST_LEN, sp, ty_int(), l);
        i = normalise(L, sp, i, n, false);
        IrValue *out = lw_binop(L, AOP_LT, sp, i, lw_cint(L, sp, 0));
        out = lw_ewise(L, IR_LOGICAL_OR, sp, 2, (IrValue *[]){ out, lw_binop(L, AOP_GE, sp, i, n) });
        lw_emit_raise_if(L, sp, out, "IndexError", msg);
        take_at(L, sp, l, i);
        return true;
    }
    AstNode *ln = lw_ast_name(L, sp, name);
    AstNode *len = lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &ln);
    AstNode *rng = lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &len);
    IrValue *all = lw_expr(L, lw_ast_call(L, sp, lw_ast_name(L, sp, "list"), 1, &rng));
    IrValue *picked = all ? lw_list_slice(L, all, target) : NULL;
    if (!picked) return false;
    if (!l->type->elem) return true; /* nothing to remove from a list that is always empty */
    const char *ix = hid(L, target, "i"), *k = hid(L, target, "k");
    lw_assign(L, lw_ast_name(L, sp, ix), picked, sp);
    AstNode *ixn = lw_ast_name(L, sp, ix);
    lw_stmt(L, lw_ast_assign(L, sp, ix, lw_ast_call(L, sp, lw_ast_name(L, sp, "sorted"), 1, &ixn)));
    AstNode *attr = lw_ast_node(L, AST_ATTR, sp);
    attr->lhs = lw_ast_name(L, sp, name);
    attr->sval = "pop";
    AstNode *at = lw_ast_bin(L, sp, AOP_SUB, lw_ast_item(L, sp, ix, lw_ast_name(L, sp, k)), lw_ast_name(L, sp, k));
    AstNode *pop = lw_ast_call(L, sp, attr, 1, &at), *s = lw_ast_node(L, AST_EXPR_STMT, sp);
    pop->id = -(2 << 28) - target->id; /* its own hidden names, not those of target's */
    s->lhs = pop;
    ixn = lw_ast_name(L, sp, ix);
    len = lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &ixn);
    lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, k),
                          lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &len), s));
    return true;
}

/* ---------------------------------------------------------------- list + list, list * n */

/* The hidden name `what@catSTART.END` of the operator at sp (stable when a loop's body is
 * lowered again; two operators never share a span's ends). */
static const char *op_hid(Lower *L, Span sp, const char *what)
{
    return ar_printf(L->a, "%s@cat%u.%u", what, sp.start, sp.end);
}

/* l.extend(src) of two list values, in place, by the run-time list's own copy (the items'
 * type need not be known yet here: a list first bound to [] in a loop's first pass). */
static void extend_by(Lower *L, Span sp, IrValue *l, IrValue *src)
{
    lw_dk(L, DK_DQ_EXTEND, sp, NULL, 2, (IrValue *[]){ l, src });
}

/* for _ in range(n): extend_by(l, src) */
static void extend_times(Lower *L, Span sp, IrValue *l, IrValue *src, IrValue *n)
{
    IrInstr *loop = ir_emit(L->m, L->blk, IR_FOR_RANGE, sp, NULL, 3,
                            (IrValue *[]){ lw_cint(L, sp, 0), n, lw_cint(L, sp, 1) });
    loop->var = lw_temp_var(L, "i", ty_int());
    loop->blocks[0] = ir_block_new(L->m, loop);
    IrBlock *saved = L->blk;
    L->blk = loop->blocks[0];
    extend_by(L, sp, l, src);
    L->blk = saved;
}

/* The items of v that `l += v` appends to a list: v itself (a list), or a tuple's (one element
 * type); NULL after a located error. */
static IrValue *extend_source(Lower *L, Span sp, IrValue *l, IrValue *v)
{
    int why = 0;
    IrValue *xs = v->type->kind == TY_LIST && !ty_is_deque(v->type) ? v
                  : v->type->kind == TY_TUPLE && !lw_is_dict_record(v->type) ? lw_tuple_as_list(L, v, sp, &why)
                                                                           : NULL;
    if (!xs)
        diag_error(sp, "%s += %s: gpyc extends a list by a list or a tuple of one element type here",
                   ty_str_of(l->type), ty_str_of(v->type));
    return xs;
}

/* Whether a list of l's elements may take xs's: the same type, or either has none yet. */
static bool same_elems(Span sp, const char *op, IrValue *l, IrValue *xs)
{
    Type *a = l->type->elem, *b = xs->type->elem;
    if (!a || !b || ty_equal(a, b)) return true;
    diag_error(sp, "%s of %s and %s: gpyc's lists hold one element type (Python's would hold both)", op,
               ty_str_of(l->type), ty_str_of(xs->type));
    return false;
}

bool lw_list_iadd(Lower *L, Span sp, IrValue *l, IrValue *v)
{
    IrValue *xs = extend_source(L, sp, l, v);
    if (!xs || !same_elems(sp, "+=", l, xs)) return false;
    extend_by(L, sp, l, xs); /* (l += l: the run-time copy takes the items as they were) */
    return true;
}

bool lw_list_inplace(Lower *L, AstNode *s, IrValue *cur, IrValue *val)
{
    if (cur->type->kind != TY_LIST || ty_is_deque(cur->type)) return false;
    if (s->op == AOP_ADD) {
        lw_list_iadd(L, s->span, cur, val);
        return true;
    }
    if (s->op != AOP_MUL || (val->type->kind != TY_INT && val->type->kind != TY_BOOL)) return false;
    /* l *= n: a copy of the items, then l cleared and extended by it n times */
    Span sp = s->span;
    IrValue *copy = lw_emit(L, IR_LIST_NEW, sp, cur->type, 0, NULL);
    extend_by(L, sp, copy, cur);
    lw_dk(L, DK_DQ_CLEAR, sp, NULL, 1, &cur);
    extend_times(L, sp, cur, copy, val);
    return true;
}

IrValue *lw_list_binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b)
{
    Type *ta = a->type, *tb = b->type;
    bool la = ta->kind == TY_LIST && !ty_is_deque(ta), lb = tb->kind == TY_LIST && !ty_is_deque(tb);
    bool ia = ta->kind == TY_INT || ta->kind == TY_BOOL, ib = tb->kind == TY_INT || tb->kind == TY_BOOL;
    if (!(aop == AOP_ADD && la && lb) && !(aop == AOP_MUL && ((la && ib) || (lb && ia)))) return NULL;
    if (aop == AOP_ADD && !same_elems(sp, "+", a, b)) return NULL;
    IrValue *l = la ? a : b;
    Type *et = aop == AOP_ADD && !ta->elem ? tb->elem : l->type->elem;
    IrValue *r = lw_emit(L, IR_LIST_NEW, sp, ty_list(et), 0, NULL);
    if (aop == AOP_ADD) {
        extend_by(L, sp, r, a);
        extend_by(L, sp, r, b);
    } else {
        extend_times(L, sp, r, l, la ? b : a);
    }
    return r;
}

/* ---------------------------------------------------------------- list == list */

/* len(name) */
static AstNode *len_of(Lower *L, Span sp, const char *name)
{
    AstNode *n = lw_ast_name(L, sp, name);
    return lw_ast_call(L, sp, lw_ast_name(L, sp, "len"), 1, &n);
}

/* Whether the list type t holds the type x (as its items, their items, ...). */
static bool holds(const Type *t, const Type *x)
{
    for (const Type *e = t->elem; e; e = e->kind == TY_LIST ? e->elem : NULL)
        if (e == x) return true;
    return false;
}

/* Python's == of values of types x and y is always False (a number and a list, a str and a
 * tuple ...): both known and of different kinds among numbers, str, list, tuple, None.  Arrays
 * compare elementwise and are not among these. */
static bool never_equal(const Type *x, const Type *y)
{
    const Type *t[2] = { x, y };
    int c[2];
    for (int i = 0; i < 2; i++) {
        TypeKind k = t[i]->kind;
        c[i] = k == TY_BOOL || k == TY_INT || k == TY_FLOAT || k == TY_COMPLEX ? 1
               : k == TY_STR                                                    ? 2
               : k == TY_LIST && !ty_is_deque(t[i])                            ? 3
               : k == TY_TUPLE && !t[i]->keys                                  ? 4
               : k == TY_NONE                                                   ? 5
                                                                                : 0;
    }
    return c[0] && c[1] && c[0] != c[1];
}

IrValue *lw_list_eq(Lower *L, Span sp, IrValue *a, IrValue *b, bool ne)
{
    if (!a->type->elem && !b->type->elem) { /* (both first bound to []: their items' type may come later) */
        IrValue *v = lw_emit2(L, IR_LIST_EQ_RT, sp, ty_bool(), a, b);
        return ne ? lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &v) : v;
    }
    /* r = len(a) == len(b); for i in range(min(len(a), len(b))): if a[i] != b[i]: r = False
     * (the items' != of lists of lists is this again, at the same span: names per depth) */
    static int depth;
    const char *tag = ar_printf(L->a, "e%d", depth);
    const char *an = op_hid(L, sp, ar_printf(L->a, "%sa", tag)), *bn = op_hid(L, sp, ar_printf(L->a, "%sb", tag)),
               *r = op_hid(L, sp, ar_printf(L->a, "%sq", tag)), *i = op_hid(L, sp, ar_printf(L->a, "%si", tag));
    depth++;
    lw_assign(L, lw_ast_name(L, sp, an), a, sp);
    lw_assign(L, lw_ast_name(L, sp, bn), b, sp);
    lw_stmt(L, lw_ast_assign(L, sp, r, lw_ast_cmp(L, sp, AOP_EQ, len_of(L, sp, an), len_of(L, sp, bn))));
    /* a list with no element type yet here (first bound to [] before a loop whose first pass
     * this is) takes the other's, as its first append would; not where the other holds it
     * (a == [a]: the type would hold itself) */
    if ((!a->type->elem && holds(b->type, a->type)) || (!b->type->elem && holds(a->type, b->type))) {
        diag_error(sp, "comparing a list with a list that holds it (%s and %s) is not supported",
                   ty_str_of(a->type), ty_str_of(b->type));
        depth--;
        return NULL;
    }
    if (!a->type->elem) a->type->elem = b->type->elem;
    if (!b->type->elem) b->type->elem = a->type->elem;
    if (a->type->elem && b->type->elem && never_equal(a->type->elem, b->type->elem)) {
        /* ([[1]] == [1]: no item equals another, so equal only when both are empty) */
        AstNode *f = lw_ast_node(L, AST_BOOL, sp);
        lw_stmt(L, lw_ast_if(L, sp, len_of(L, sp, an), lw_ast_assign(L, sp, r, f)));
    } else if (a->type->elem && b->type->elem) {
        AstNode *f = lw_ast_node(L, AST_BOOL, sp); /* False */
        AstNode *differ = lw_ast_cmp(L, sp, AOP_NE, lw_ast_item(L, sp, an, lw_ast_name(L, sp, i)),
                                     lw_ast_item(L, sp, bn, lw_ast_name(L, sp, i)));
        AstNode *lens[2] = { len_of(L, sp, an), len_of(L, sp, bn) };
        AstNode *n = lw_ast_call(L, sp, lw_ast_name(L, sp, "min"), 2, lens);
        lw_stmt(L, lw_ast_for(L, sp, lw_ast_name(L, sp, i), lw_ast_call(L, sp, lw_ast_name(L, sp, "range"), 1, &n),
                              lw_ast_if(L, sp, differ, lw_ast_assign(L, sp, r, f))));
    }
    depth--;
    IrValue *v = lw_expr(L, lw_ast_name(L, sp, r));
    return !v || !ne ? v : lw_ewise(L, IR_LOGICAL_NOT, sp, 1, &v);
}

/* ---------------------------------------------------------------- (*t, x), [*xs, x] */

bool lw_display_starred(const AstNode *e)
{
    for (int i = 0; i < e->elts.n; i++)
        if (((const AstNode *)e->elts.v[i])->kind == AST_STARRED) return true;
    return false;
}

/* The items of starred operand x of a list display as a list value, or NULL after an error. */
static IrValue *spread_list(Lower *L, AstNode *star, int id)
{
    AstNode *x = star->lhs;
    if (x->kind == AST_CALL && x->lhs->kind == AST_NAME && !x->params.n && !lw_lookup(L, x->lhs->sval) &&
        (!strcmp(x->lhs->sval, "range") || !strcmp(x->lhs->sval, "map") || !strcmp(x->lhs->sval, "filter") ||
         !strcmp(x->lhs->sval, "reversed"))) {
        x = lw_ast_call(L, x->span, lw_ast_name(L, x->span, "list"), 1, &x);
        x->id = id;
    }
    IrValue *v = lw_expr(L, x);
    if (!v) return NULL;
    int why = 0;
    if (v->type->kind == TY_STR) return lw_str_chars(L, v, x->span);
    if (v->type->kind == TY_LIST && !ty_is_deque(v->type)) return v;
    IrValue *l = v->type->kind == TY_TUPLE && !lw_is_dict_record(v->type) ? lw_tuple_as_list(L, v, x->span, &why)
                                                                        : NULL;
    if (!l)
        diag_error(star->span, "[*x] takes a list, a tuple of one element type, a str or range() here, not %s",
                   ty_str_of(v->type));
    return l;
}

IrValue *lw_display_spread(Lower *L, AstNode *e)
{
    Span sp = e->span;
    if (e->kind == AST_TUPLE) {
        Vec items = { 0 };
        bool ok = true;
        for (int i = 0; i < e->elts.n && ok; i++) {
            AstNode *x = e->elts.v[i];
            IrValue *v = lw_expr(L, x->kind == AST_STARRED ? x->lhs : x);
            ok = v != NULL;
            if (!ok || x->kind != AST_STARRED) {
                if (ok) vec_push(&items, v);
                continue;
            }
            if (v->type->kind != TY_TUPLE || lw_is_dict_record(v->type)) {
                diag_error(x->span,
                           "(*x, ...) takes a tuple here (a tuple's length is static in gpyc), not %s: make it a "
                           "list, [*x, ...]",
                           ty_str_of(v->type));
                ok = false;
                continue;
            }
            for (int k = 0; k < v->type->n; k++) vec_push(&items, lw_tuple_get(L, v, k, x->span));
        }
        IrValue *t = ok ? lw_tuple(L, sp, items.n, (IrValue **)items.v) : NULL;
        vec_free(&items);
        return t;
    }
    /* r = []; r.append(x) for a plain item, r += items for a starred one, in order */
    const char *r = op_hid(L, sp, "d"), *x = op_hid(L, sp, "dx");
    lw_assign(L, lw_ast_name(L, sp, r), lw_emit(L, IR_LIST_NEW, sp, ty_list(NULL), 0, NULL), sp);
    for (int i = 0; i < e->elts.n; i++) {
        AstNode *it = e->elts.v[i];
        IrValue *v = it->kind == AST_STARRED ? spread_list(L, it, e->id) : lw_expr(L, it);
        if (!v) return NULL;
        if (it->kind == AST_STARRED) {
            IrValue *rv = lw_expr(L, lw_ast_name(L, sp, r));
            if (!rv) return NULL;
            if (!rv->type->elem && v->type->elem) rv->type->elem = v->type->elem; /* (typed by its items) */
            extend_by(L, it->span, rv, v);
        } else {
            lw_assign(L, lw_ast_name(L, sp, x), v, sp);
            lw_stmt(L, lw_ast_append(L, r, lw_ast_name(L, sp, x)));
        }
    }
    return lw_expr(L, lw_ast_name(L, sp, r));
}
