/*
 * alias.c — may two arrays of the IR share memory?  Shared by the passes that move or merge
 * kernels (siblings.c, hfuse.c).
 *
 * A view (index, reshape, transpose, broadcast_to, squeeze) shares its root's memory.  An
 * array a kernel made is new memory: it shares none with another such array, nor with an
 * array that existed before it was made, nor with a variable's value when it was never stored
 * to that variable (or passed where a load could see it); two local variables that only ever
 * hold such arrays, none held by both, share nothing.  Anything else may alias.
 */
#include "compiler/compiler.h"

/* The array a view is taken of (through index, reshape, transpose, broadcast_to, squeeze, diag_view). */
const IrValue *ir_view_root(const IrValue *v)
{
    while (v && v->def && v->def->nargs > 0 && ir_op_is_view(v->def->op))
        v = v->def->args[0];
    return v;
}

static bool is_fresh(const IrValue *root) { return root->def && root->def->group; }

/* Is block a equal to b or does it enclose it? */
static bool encloses(const IrBlock *a, const IrBlock *b)
{
    for (; b; b = b->owner ? b->owner->parent : NULL)
        if (a == b) return true;
    return false;
}

/* Was value o made before f's defining instruction runs (every time it runs)? */
static bool made_before(const IrValue *o, const IrValue *f)
{
    const IrInstr *od = o->def, *fd = f->def;
    if (!od || !fd) return false;
    if (od->parent == fd->parent) return ir_index_in_block(od->parent, od) < ir_index_in_block(fd->parent, fd);
    return od->parent != fd->parent && encloses(od->parent, fd->parent);
}

/* The outermost block of the function holding instruction d. */
static const IrBlock *top_of(const IrInstr *d)
{
    const IrBlock *top = d->parent;
    while (top->owner) top = top->owner->parent;
    return top;
}

/* How array f (or a view of it) leaves its defining function's values: recorded in `vars`
 * (variables it is stored to); false when it goes anywhere else a load could see it from
 * (a call, a list, a tuple). */
static bool escapes_to(const IrBlock *b, const IrValue *f, Vec *vars)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            if (!in->args[j] || ir_view_root(in->args[j]) != f) continue;
            if (in->op == IR_STORE) vec_push(vars, in->var);
            else if (in->op == IR_CALL || in->op == IR_TUPLE || in->op == IR_LIST_NEW ||
                     in->op == IR_LIST_APPEND || in->op == IR_LIST_SET)
                return false;
        }
        for (int k = 0; k < 2; k++)
            if (in->blocks[k] && !escapes_to(in->blocks[k], f, vars)) return false;
    }
    return true;
}

/* May load result o (variable x) be array f, made by a kernel? */
static bool load_may_see(const IrValue *o, const IrValue *f)
{
    Vec vars = {0};
    bool seen = !escapes_to(top_of(f->def), f, &vars);
    const IrVar *x = o->def->var;
    for (int i = 0; i < vars.n && !seen; i++) {
        const IrVar *v = VEC_AT(vars, i);
        seen = v == x || (v->global && x->global);  /* a call may copy one global to another */
    }
    vec_free(&vars);
    return seen;
}

/* Pushes to roots the arrays variable x may hold: the roots of the values stored to it in
 * block b; false when one is not new memory that a kernel made. */
static bool stored_roots(const IrBlock *b, const IrVar *x, Vec *roots)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && in->var == x) {
            const IrValue *r = ir_view_root(in->args[0]);
            if (!is_fresh(r)) return false;
            vec_push(roots, (void *)r);
        }
        for (int k = 0; k < 2; k++)
            if (in->blocks[k] && !stored_roots(in->blocks[k], x, roots)) return false;
    }
    return true;
}

/* Are a and b loads of two local variables of one function (not parameters, not globals)
 * that only ever hold new arrays a kernel made, none stored to both?  (mandelbrot's
 * `N = zeros(...)` and `Z = zeros(...)` then read in its loop.) */
static bool loads_disjoint(const IrValue *a, const IrValue *b)
{
    const IrInstr *da = a->def, *db = b->def;
    if (!da || !db || da->op != IR_LOAD || db->op != IR_LOAD || !da->var || !db->var) return false;
    const IrVar *x = da->var, *y = db->var;
    if (x == y || x->global || y->global || x->param || y->param) return false;
    const IrBlock *top = top_of(da);
    if (top != top_of(db)) return false;
    Vec rx = {0}, ry = {0};
    bool ok = stored_roots(top, x, &rx) && stored_roots(top, y, &ry);
    for (int i = 0; i < rx.n && ok; i++)
        for (int j = 0; j < ry.n && ok; j++) ok = VEC_AT(rx, i) != VEC_AT(ry, j);
    vec_free(&rx);
    vec_free(&ry);
    return ok;
}

/* May arrays a and b share memory?  An array a kernel made (f) is new memory: it shares none
 * with another such array, nor with an array that existed before it was made, nor with a
 * variable's value when f was never stored to that variable (or passed where it could be). */
bool ir_may_alias(const IrValue *a, const IrValue *b)
{
    a = ir_view_root(a);
    b = ir_view_root(b);
    if (a == b) return true;
    bool fa = is_fresh(a), fb = is_fresh(b);
    if (fa && fb) return false;
    if (!fa && !fb) return !loads_disjoint(a, b);
    const IrValue *f = fa ? a : b, *o = fa ? b : a;
    if (made_before(o, f)) return false;
    if (o->def && o->def->op == IR_LOAD && o->def->var) return load_may_see(o, f);
    return true;
}

