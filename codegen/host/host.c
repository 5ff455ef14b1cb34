/*
 * host.c — the whole translation unit: includes, tuple structs, globals, kernels, one static C
 * function per IrFunc, the module body (gp_module) and main(); the blocks and statements of a
 * function: the instruction dispatch, kernel launches, control flow, calls, tuples and lists.
 * The invariants the host code keeps are written in host.h.
 */
#include "codegen/host/host.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- names */

/* Names the vars of one scope (a function's params and locals, or the globals): prefix +
 * the Python name made C-safe; the var id is appended when the name had to change or when it
 * clashes with another var of the same scope. */
static void name_vars(Cg *cg, const Vec *a, const Vec *b, const char *prefix)
{
    const Vec *vecs[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if (!vecs[k]) continue;
        for (int i = 0; i < vecs[k]->n; i++) {
            IrVar *var = vecs[k]->v[i];
            StrBuf sb = {0};
            sb_puts(&sb, prefix);
            bool changed = false;
            for (const char *p = var->name ? var->name : "tmp"; *p; p++) {
                if (isalnum((unsigned char)*p) || *p == '_') {
                    sb_putc(&sb, *p);
                } else {
                    sb_putc(&sb, '_');
                    changed = true;
                }
            }
            bool clash = changed;
            for (int k2 = 0; k2 <= k && !clash; k2++) {
                if (!vecs[k2]) continue;
                int lim = k2 == k ? i : vecs[k2]->n;
                for (int j = 0; j < lim && !clash; j++) {
                    IrVar *o = vecs[k2]->v[j];
                    const char *on = cg->varnames[o->id];
                    if (on && strcmp(on, sb.s) == 0) clash = true;
                }
            }
            if (clash) sb_printf(&sb, "_%d", var->id);
            GPYC_ASSERT(var->id >= 0 && var->id < cg->m->next_var_id);
            free(cg->varnames[var->id]);
            cg->varnames[var->id] = sb.s;
        }
    }
}

/* ---------------------------------------------------------------- lines */

/* The text of the source line holding span sp, trimmed, made safe for a C comment. */
static const char *line_text(Cg *cg, Span sp)
{
    const SrcFile *f = sp.file;
    if (!f || !f->text || sp.start > f->len) return NULL;
    size_t b = sp.start, e = sp.start;
    while (b > 0 && f->text[b - 1] != '\n') b--;
    while (e < f->len && f->text[e] != '\n' && f->text[e] != '\r') e++;
    while (b < e && (f->text[b] == ' ' || f->text[b] == '\t')) b++;
    while (e > b && (f->text[e - 1] == ' ' || f->text[e - 1] == '\t')) e--;
    if (e - b > 100) e = b + 100;
    StrBuf sb = {0};
    for (size_t i = b; i < e; i++) {
        char c = f->text[i];
        if (c == '*' && i + 1 < e && f->text[i + 1] == '/') {
            sb_puts(&sb, "* ");
        } else if (c == '/' && i + 1 < e && f->text[i + 1] == '*') {
            sb_puts(&sb, "/ ");
        } else if ((unsigned char)c < 0x20 || c == 0x7f) {
            sb_putc(&sb, ' ');
        } else {
            sb_putc(&sb, c);
        }
    }
    const char *r = ar_strdup(cg->m->arena, sb.s ? sb.s : "");
    sb_free(&sb);
    return r;
}

/* Sets fr.line (with the source as a comment) before instruction in when its line differs. */
static void emit_line(Cg *cg, const IrInstr *in)
{
    int line = (int)in->span.line;
    if (line <= 0 || line == cg->last_line) return;
    const char *text = line_text(cg, in->span);
    if (text && *text)
        cg_emit(cg, "/* line %d: %s */", line, text);
    else
        cg_emit(cg, "/* line %d */", line);
    cg_emit(cg, "fr.line = %d;", line);
    cg->last_line = line;
}

/* ---------------------------------------------------------------- instructions */

static void emit_block(Cg *cg, const IrBlock *b, bool loop, int entry_line);
static bool terminates(const IrBlock *b);
static void emit_instr(Cg *cg, const IrInstr *in);

/* Releases the owned values of the open blocks down to (and including) the innermost loop
 * body (loop) or all of them (return). */
static void release_to(Cg *cg, bool to_loop)
{
    for (int i = cg->nscopes - 1; i >= 0; i--) {
        cg_scope_release(cg, &cg->scopes[i]);
        if (to_loop && cg->scopes[i].loop) return;
    }
    if (to_loop) util_internal_error(__FILE__, __LINE__, "codegen: break or continue outside a loop");
}

static void emit_return(Cg *cg, const IrInstr *in)
{
    const Type *rt = cg->f->ret;
    bool value = in->nargs > 0 && in->args[0] && cg_has_storage(rt) && cg_has_storage(in->args[0]->type);
    const char *a = value ? cg_arg(cg, in, 0) : NULL;
    if (value) cg_emit_refs(cg, a, in->args[0]->type, true);   /* the caller's new reference */
    release_to(cg, false);
    cg_release_locals(cg);
    cg_emit(cg, "rt_frame_leave(&fr);");
    if (value)
        cg_emit(cg, "return %s;", a);
    else
        cg_emit(cg, "return;");
}

/* IR_FOR_RANGE: start/stop/step evaluated once; a hidden counter drives the loop so that the
 * body assigning the variable does not change the iteration; the variable keeps its last
 * value after the loop. */
static void emit_for_range(Cg *cg, const IrInstr *in)
{
    int k = cg->ntmp++;
    const char *start = cg_arg(cg, in, 0), *stop = cg_arg(cg, in, 1);
    const char *step = in->nargs > 2 ? cg_arg(cg, in, 2) : "INT64_C(1)";
    if (in->nargs > 2)
        cg_emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
    cg_emit(cg, "for (int64_t it%d = %s; %s > 0 ? it%d < %s : it%d > %s; it%d += %s) {", k, start,
            step, k, stop, k, stop, k, step);
    cg->indent++;
    if (in->var && cg_has_storage(in->var->type)) cg_emit(cg, "%s = it%d;", cg_varname(cg, in->var), k);
    emit_block(cg, in->blocks[0], true, -1);
    cg->indent--;
    cg_emit(cg, "}");
}

/* Is v defined in b or in a block nested in it? */
static bool defined_in(const IrValue *v, const IrBlock *b)
{
    for (const IrBlock *p = v->def ? v->def->parent : NULL; p; p = p->owner ? p->owner->parent : NULL)
        if (p == b) return true;
    return false;
}

/* The inputs of a graph loop's body: the values it reads that are defined before the loop and
 * the variables it loads, each once.  False when there are more than `cap`. */
typedef struct GraphInputs {
    const IrValue *vals[64];
    const IrVar *vars[64];
    int nvals, nvars;
} GraphInputs;

static bool graph_inputs(const IrBlock *body, const IrBlock *b, GraphInputs *gi)
{
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        for (int j = 0; j < in->nargs; j++) {
            const IrValue *v = in->args[j];
            if (!v || defined_in(v, body)) continue;
            int k = 0;
            while (k < gi->nvals && gi->vals[k] != v) k++;
            if (k == gi->nvals && gi->nvals == 64) return false;
            if (k == gi->nvals) gi->vals[gi->nvals++] = v;
        }
        if (in->op == IR_LOAD && in->var) {
            int k = 0;
            while (k < gi->nvars && gi->vars[k] != in->var) k++;
            if (k == gi->nvars && gi->nvars == 64) return false;
            if (k == gi->nvars) gi->vars[gi->nvars++] = in->var;
        }
        for (int h = 0; h < 2; h++)
            if (in->blocks[h] && !graph_inputs(body, in->blocks[h], gi)) return false;
    }
    return true;
}

/* Does b read v where the body may not have bound it: a load of v outside the body of every
 * for-range loop in b over v?  (A nested loop's variable read only in that loop is set
 * before each read, so its value before the graph loop is no input.) */
static bool loads_unbound(const IrBlock *b, const IrVar *v)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_LOAD && in->var == v) return true;
        if (in->op == IR_FOR_RANGE && in->var == v) continue;
        if (loads_unbound(in->blocks[0], v) || loads_unbound(in->blocks[1], v)) return true;
    }
    return false;
}

/* The words an input of type t adds to a graph loop's key: GP_GRAPH_KEY_ARRAY for an array,
 * one for a bool, int or float, none for what has no run-time storage; -1 for anything else
 * (the loop gets no key). */
static int key_words(const Type *t)
{
    if (!cg_has_storage(t) || t->kind == TY_NONE) return 0;
    switch (t->kind) {
    case TY_ARRAY: return 2 + 2 * IR_MAXDIM; /* GP_GRAPH_KEY_ARRAY */
    case TY_BOOL:
    case TY_INT:
    case TY_FLOAT: return 1;
    default: return -1;
    }
}

/* Emits the statements that add input expr (of type t) to key gk<k>. */
static void emit_key_input(Cg *cg, int k, const char *expr, const Type *t)
{
    if (key_words(t) <= 0) return;
    if (t->kind == TY_ARRAY)
        cg_emit(cg, "gkn%d += rt_graph_key_array(gk%d + gkn%d, %s);", k, k, k, expr);
    else if (t->kind == TY_FLOAT)
        cg_emit(cg, "{ double gf_ = %s; __builtin_memcpy(&gk%d[gkn%d++], &gf_, sizeof gf_); }", expr, k, k);
    else
        cg_emit(cg, "gk%d[gkn%d++] = (uint64_t)(%s);", k, k, expr);
}

/* Declares gk<k> and gkn<k>, the key of graph loop `in`: what its launches depend on (its
 * body's inputs: graphloop.c has checked that every launch is computed from them and
 * constants; for a graph_each loop also the loop variable's values, so the key holds the
 * bounds, start, step and count gn<k>, in place of the variable).  gkn<k> is -1 when the loop
 * has no key (an input of another type, too many, a store the replay would skip: graph_nokey):
 * rt_graph_replay then never replays it without a capture. */
static void emit_graph_key(Cg *cg, const IrInstr *in, int k)
{
    const IrBlock *body = in->blocks[0];
    GraphInputs *gi = xcalloc(1, sizeof *gi);
    bool ok = !in->graph_nokey && graph_inputs(body, body, gi);
    /* the loop variable (graph_each: its bounds below) and nested loops' variables read only
     * in their loops are no inputs */
    for (int i = 0; i < gi->nvars; i++)
        if (gi->vars[i] == in->var || !loads_unbound(body, gi->vars[i])) gi->vars[i--] = gi->vars[--gi->nvars];
    int words = in->graph_each ? 3 : 0;
    for (int i = 0; ok && i < gi->nvals; i++) {
        int w = key_words(gi->vals[i]->type);
        ok = w >= 0;
        words += w;
    }
    for (int i = 0; ok && i < gi->nvars; i++) {
        int w = key_words(gi->vars[i]->type);
        ok = w >= 0;
        words += w;
    }
    cg_emit(cg, "uint64_t gk%d[%d];", k, words > 0 ? words : 1);
    cg_emit(cg, "int64_t gkn%d = %d;", k, ok ? 0 : -1);
    for (int i = 0; ok && i < gi->nvals; i++)
        emit_key_input(cg, k, cg_vname(cg, gi->vals[i]), gi->vals[i]->type);
    for (int i = 0; ok && i < gi->nvars; i++)
        emit_key_input(cg, k, cg_varname(cg, gi->vars[i]), gi->vars[i]->type);
    if (ok && in->graph_each) {
        cg_emit(cg, "gk%d[gkn%d++] = (uint64_t)(%s);", k, k, cg_arg(cg, in, 0));
        cg_emit(cg, "gk%d[gkn%d++] = (uint64_t)(%s);", k, k, cg_arg(cg, in, 2));
        cg_emit(cg, "gk%d[gkn%d++] = (uint64_t)gn%d;", k, k, k);
    }
    free(gi);
}

/* Adds to vars the Python scalars block b (a graph_each body, its nested blocks too) stores:
 * its only host state that outlives an iteration (graphloop.c lets it rebind no other
 * variable; a nested loop's variable is set again by that loop). */
static void body_scalar_stores(const IrBlock *b, Vec *vars)
{
    for (int i = 0; b && i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if (in->op == IR_STORE && in->var && ty_is_scalar(in->var->type) && cg_has_storage(in->var->type) &&
            !vec_contains(vars, in->var))
            vec_push(vars, (void *)in->var);
        body_scalar_stores(in->blocks[0], vars);
        body_scalar_stores(in->blocks[1], vars);
    }
}

/* IR_FOR_RANGE marked by graphloop.c: the same loop over a counter j.  When the site's graph
 * from an earlier run was captured from the same inputs (emit_graph_key), rt_graph_replay
 * launches it without a capture and the loop runs only what is left; else its first u
 * iterations run under stream capture (recorded, not run) when rt_graph_begin says so; then
 * rt_graph_end replays them as a CUDA graph as many whole times as fit and returns the
 * iterations done (0: the capture was thrown away and nothing ran, so the loop starts again
 * uncaptured).  The body of a graph_each loop reads the loop variable: all its iterations run
 * under capture (rt_graph_begin_each), each with its own launches; any other body never reads
 * it.  The variable is set to its Python value.  A graph_each body may carry Python scalars
 * from one iteration to the next (`s = s + 1.0`): their values before the loop are kept
 * (gs<k>_<i>) and put back when a thrown-away capture starts the loop again, since the
 * iterations captured have run their host code. */
static void emit_graph_range(Cg *cg, const IrInstr *in)
{
    int k = cg->ntmp++;
    const char *start = cg_arg(cg, in, 0), *stop = cg_arg(cg, in, 1), *step = cg_arg(cg, in, 2);
    const char *var = in->var && cg_has_storage(in->var->type) ? cg_varname(cg, in->var) : NULL;
    cg_emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "static gp_graph gl%d;   /* line %u: captured as a CUDA graph%s (graphloop.c) */", k,
            (unsigned)in->span.line, in->graph_each ? ", every iteration" : "");
    cg_emit(cg, "int64_t gn%d = gp_range_len(%s, %s, %s);", k, start, stop, step);
    emit_graph_key(cg, in, k);
    cg_emit(cg, "int64_t gd%d = rt_graph_replay(&gl%d, gn%d, gk%d, gkn%d);", k, k, k, k, k);
    if (in->graph_each)
        cg_emit(cg, "int64_t gu%d = gd%d ? 0 : rt_graph_begin_each(&gl%d, gn%d, gk%d, gkn%d);", k, k, k, k, k, k);
    else
        cg_emit(cg, "int64_t gu%d = gd%d ? 0 : rt_graph_begin(&gl%d, gn%d);", k, k, k, k);
    Vec kept = {0};
    if (in->graph_each) body_scalar_stores(in->blocks[0], &kept);
    for (int i = 0; i < kept.n; i++) {
        const IrVar *v = VEC_AT(kept, i);
        cg_emit(cg, "%s = %s;", cg_decl_of(cg, v->type, cg_fmt(cg, "gs%d_%d", k, i)), cg_varname(cg, v));
    }
    if (var) cg_emit(cg, "if (gd%d > 0) %s = %s + (gd%d - 1) * %s;", k, var, start, k, step);
    cg_emit(cg, "for (int64_t gj%d = gd%d; gj%d < gn%d; gj%d++) {", k, k, k, k, k);
    cg->indent++;
    if (var) cg_emit(cg, "%s = %s + gj%d * %s;", var, start, k, step);
    emit_block(cg, in->blocks[0], true, -1);
    if (in->graph_each)
        cg_emit(cg, "if (gu%d && (gj%d + 1 == gu%d || rt_graph_over())) {", k, k, k);
    else
        cg_emit(cg, "if (gu%d && gj%d + 1 == gu%d) {", k, k, k);
    cg->indent++;
    cg_emit(cg, "gj%d = rt_graph_end(&gl%d, gn%d, gk%d, gkn%d) - 1;", k, k, k, k, k);
    cg_emit(cg, "gu%d = 0;", k);
    if (var) cg_emit(cg, "if (gj%d >= 0) %s = %s + gj%d * %s;", k, var, start, k, step);
    if (kept.n) {
        cg_emit(cg, "if (gj%d < 0) {   /* the loop starts again: its scalars as they were */", k);
        cg->indent++;
        for (int i = 0; i < kept.n; i++)
            cg_emit(cg, "%s = gs%d_%d;", cg_varname(cg, VEC_AT(kept, i)), k, i);
        cg->indent--;
        cg_emit(cg, "}");
    }
    vec_free(&kept);
    cg->indent--;
    cg_emit(cg, "}");
    cg->indent--;
    cg_emit(cg, "}");
    cg->indent--;
    cg_emit(cg, "}");
}

/* IR_WHILE: `for (;;) { cond block; release its values; if (!c) break; body }` — the
 * condition sits at the top, so a C continue in the body re-evaluates it. */
static void emit_while(Cg *cg, const IrInstr *in)
{
    const IrBlock *cb = in->blocks[0];
    cg_emit(cg, "for (;;) {");
    cg->indent++;
    cg_scope_push(cg, false);
    cg->last_line = -1;
    const IrInstr *cond = NULL;
    for (int i = 0; i < cb->instrs.n; i++) {
        const IrInstr *ci = cb->instrs.v[i];
        if (ci->op == IR_COND) {
            cond = ci;
            break;
        }
        emit_instr(cg, ci);
    }
    if (!cond) cg_bug(in, "while condition block without IR_COND");
    cg_scope_pop(cg, true);
    cg_emit(cg, "if (!%s) break;", cg_arg(cg, cond, 0));
    emit_block(cg, in->blocks[1], true, cg->last_line);
    cg->indent--;
    cg_emit(cg, "}");
}

/* Calls user function in->func; None-typed params and results have no storage. */
static void emit_call(Cg *cg, const IrInstr *in)
{
    const IrFunc *fn = in->func;
    StrBuf sb = {0};
    bool first = true;
    for (int i = 0; i < in->nargs; i++) {
        const Type *pt = i < fn->params.n ? ((IrVar *)fn->params.v[i])->type : in->args[i]->type;
        if (!cg_has_storage(pt)) continue;
        sb_printf(&sb, "%s%s", first ? "" : ", ", cg_arg(cg, in, i));
        first = false;
    }
    if (in->res && cg_has_storage(in->res->type) && cg_has_storage(fn->ret))
        cg_emit(cg, "%s = %s(%s);", cg_vname(cg, in->res), fn->cname, sb.s ? sb.s : "");
    else
        cg_emit(cg, "%s(%s);", fn->cname, sb.s ? sb.s : "");
    sb_free(&sb);
}

/* True for ops that only exist inside a kernel group when they work on arrays. */
static bool is_kernel_op(IrOp op)
{
    switch (op) {
    case IR_FULL: case IR_ARANGE: case IR_LINSPACE: case IR_EYE: case IR_COPY:
    case IR_STORE_INTO: case IR_REDUCE:
        return true;
    default:
        return false;
    }
}

/* CgValueName for cg_kernel_launch. */
static const char *name_of_cb(const IrValue *v, void *ctx) { return cg_vname(ctx, v); }

/* CgVarName for cg_devloop_launch. */
static const char *var_of_cb(const IrVar *v, void *ctx) { return cg_varname(ctx, v); }

/* Emits one instruction (and the blocks it owns). */
/* The ops that are one runtime call (instrs.def's CALL other than OWN); false for the others. */
static bool emit_rt_call(Cg *cg, const IrInstr *in, const char *r)
{
    const InstrInfo *ii = ir_instr_info(in->op);
    if (!ii || ii->call == HOST_OWN) return false;
    bool two = ii->call == HOST_R_AA || ii->call == HOST_R_AA_B || ii->call == HOST_VOID_AA;
    int nargs = two ? 2 : ii->call == HOST_R_A || ii->call == HOST_R_A_I || ii->call == HOST_R_A_T;
    bool result = ii->call != HOST_VOID && ii->call != HOST_VOID_AA;
    if (!ii->rt || (result && !r) || in->nargs < nargs) cg_bug(in, "bad runtime call");
    switch (ii->call) {
    case HOST_R: cg_emit(cg, "%s = %s();", r, ii->rt); break;
    case HOST_VOID: cg_emit(cg, "%s();", ii->rt); break;
    case HOST_R_A: cg_emit(cg, "%s = %s(%s);", r, ii->rt, cg_arg(cg, in, 0)); break;
    case HOST_R_AA: cg_emit(cg, "%s = %s(%s, %s);", r, ii->rt, cg_arg(cg, in, 0), cg_arg(cg, in, 1)); break;
    case HOST_R_A_I: cg_emit(cg, "%s = %s(%s, %d);", r, ii->rt, cg_arg(cg, in, 0), (int)in->ival); break;
    case HOST_R_AA_B:
        cg_emit(cg, "%s = %s(%s, %s, %s);", r, ii->rt, cg_arg(cg, in, 0), cg_arg(cg, in, 1), in->ival ? "true" : "false");
        break;
    case HOST_VOID_AA: cg_emit(cg, "%s(%s, %s);", ii->rt, cg_arg(cg, in, 0), cg_arg(cg, in, 1)); break;
    case HOST_R_A_T:
        cg_emit(cg, "%s = %s(%s, %s, %d);", r, ii->rt, cg_arg(cg, in, 0), dt_gp_enum(in->res->type->dtype),
                in->res->type->ndim);
        break;
    case HOST_OWN: return false;
    }
    return true;
}

/* The refs function of a stored element of type et that holds references other than an array
 * (a list, a tuple: its function goes beside the tuple typedefs, host.c's emit, once per type),
 * or of an array (rt_list_refs_array). */
const char *cg_refs_fn(Cg *cg, const Type *et)
{
    if (et->kind == TY_LIST) return "rt_list_refs_list";
    if (et->kind == TY_DICT) return "rt_dict_refs";
    if (et->kind == TY_SET) return "rt_set_refs";
    if (!ty_is_struct(et)) return "rt_list_refs_array";
    const Type *reg = cg_tuple_type(cg->m, et); /* the registered Type, which emit looks for */
    if (!vec_contains(&cg->list_tuples, reg)) vec_push(&cg->list_tuples, (void *)reg);
    return cg_fmt(cg, "%s_refs", cg_ctype_of(cg->m, et));
}

/* r = a new empty list of elements et (NULL: unknown, never appended to). */
void cg_emit_list_new(Cg *cg, const char *r, const Type *et)
{
    const char *ect = et && cg_has_storage(et) ? cg_ctype_of(cg->m, et) : "int64_t";
    if (et && et->kind != TY_ARRAY && cg_has_refs(et)) /* the list releases what its elements hold */
        cg_emit(cg, "%s = rt_list_new_refs(sizeof(%s), %s);", r, ect, cg_refs_fn(cg, et));
    else
        cg_emit(cg, "%s = rt_list_new(%s, sizeof(%s));", r, cg_list_kind(et), ect);
}

/* IR_DEVICE and IR_PYLIB: `r = FN(args...);` (gpyrt_kinds.def's GPK_DEV or GPK_PY row names FN). */
static void emit_device(Cg *cg, const IrInstr *in, const char *r)
{
    StrBuf sb = {0};
    for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, i));
    const char *fn = in->op == IR_PYLIB ? ir_py_fn((IrPyCall)in->ival) : ir_dev_fn((IrDevCall)in->ival);
    if (r) cg_emit(cg, "%s = %s(%s);", r, fn, sb.s ? sb.s : "");
    else cg_emit(cg, "%s(%s);", fn, sb.s ? sb.s : "");
    sb_free(&sb);
}

static void emit_instr(Cg *cg, const IrInstr *in)
{
    if (in->dev) {  /* the loop runs on the device (devloop.c) */
        emit_line(cg, in);
        cg_devloop_launch(cg->out, cg->m, in->dev, name_of_cb, var_of_cb, cg, cg->indent);
        cg->last_line = -1;
        return;
    }
    if (in->group) {
        /* kernel instructions: the launch happens at the group's last instruction */
        if (in->group->last != in) return;
        const RowChain *c = in->group->chain;
        if (c && c->last != in) return;      /* a row chain launches at its last member */
        const Siblings *sb = in->group->siblings;
        if (sb && sb->last != in) return;    /* sibling reductions launch at their last member */
        const StoreRed *sr = in->group->storered;
        if (sr && sr->last != in) return;    /* a store fused into a reduction launches with it */
        const Bundle *bd = in->group->bundle;
        emit_line(cg, in);
        if (bd) {   /* a bundle member sets up at its launch point; the last one launches */
            int k = 0;
            while (VEC_AT(bd->members, k) != in->group) k++;
            cg_bundle_member(cg->out, cg->m, bd, k, name_of_cb, cg, cg->indent);
            for (int i = 0; i < in->group->instrs.n; i++) {
                const IrInstr *gi = in->group->instrs.v[i];
                if (gi->res && cg_has_storage(gi->res->type)) cg_own(cg, gi->res);
            }
            return;
        }
        if (c) cg_rows_launch(cg->out, cg->m, c, name_of_cb, cg, cg->indent);
        else if (sb) cg_siblings_launch(cg->out, cg->m, sb, name_of_cb, cg, cg->indent);
        else if (sr) cg_storered_launch(cg->out, cg->m, sr, name_of_cb, cg, cg->indent);
        else cg_kernel_launch(cg->out, cg->m, in->group, name_of_cb, cg, cg->indent);
        KernelGroup *pair[2] = { sr ? sr->store : NULL, sr ? sr->red : NULL };
        const Vec pairs = { (void **)pair, 2, 0 };     /* borrowed storage */
        const Vec *set = c ? &c->members : sb ? &sb->members : sr ? &pairs : NULL;
        for (int k = 0; k < (set ? set->n : 1); k++) {
            const KernelGroup *g = set ? set->v[k] : in->group;
            for (int i = 0; i < g->instrs.n; i++) {
                const IrInstr *gi = g->instrs.v[i];
                if (gi->res && cg_has_storage(gi->res->type)) cg_own(cg, gi->res);
            }
        }
        return;
    }
    if (in->runs_in) {   /* a reshape the group's launch runs (reshapes.c, kernels/ewise.c) */
        cg_own(cg, in->res);
        return;
    }
    if (is_kernel_op(in->op)) cg_bug(in, "kernel instruction outside a kernel group");
    if (in->op == IR_CONST_NONE) return;
    if (in->op != IR_WHILE) emit_line(cg, in);   /* its condition block sets the line */
    const char *r = in->res && cg_has_storage(in->res->type) ? cg_vname(cg, in->res) : NULL;

    if (in->op <= IR_EWISE_LAST) {
        cg_emit_ewise_host(cg, in);
        return;
    }
    switch (in->op) {
    case IR_CONST_BOOL: cg_emit(cg, "%s = %s;", r, in->ival ? "true" : "false"); break;
    case IR_CONST_INT: cg_emit(cg, "%s = %s;", r, cg_int_lit(cg, in->ival)); break;
    case IR_CONST_FLOAT: cg_emit(cg, "%s = %s;", r, cg_float_lit(cg, in->fval)); break;
    case IR_CONST_COMPLEX:
        cg_emit(cg, "%s = gp_c128{%s, %s};", r, cg_float_lit(cg, in->fval), cg_float_lit(cg, in->fval2));
        break;
    case IR_CONST_STR: cg_emit(cg, "%s = %s;", r, cg_cstr(cg, in->sval)); break;

    case IR_TO_BOOL: case IR_TO_INT: case IR_TO_FLOAT: case IR_TO_COMPLEX:
        cg_emit_convert(cg, in);
        break;
    case IR_TO_STR: {
        const Type *t = in->args[0]->type;
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "gp_sb sb = {NULL, 0, 0};");
        cg_emit_sb_str(cg, "sb", cg_has_storage(t) ? cg_arg(cg, in, 0) : "0", t);
        cg_emit(cg, "%s = rt_sb_take(&sb);", r);
        cg_emit(cg, "rt_sb_free(&sb);");
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case IR_FORMAT: cg_emit_format(cg, in); break;
    case IR_STR_CONCAT: {
        if (in->nargs == 0) {
            cg_emit(cg, "%s = \"\";", r);
            break;
        }
        StrBuf sb = {0};
        for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", cg_arg(cg, in, i));
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "const char *parts[%d] = {%s};", in->nargs, sb.s);
        cg_emit(cg, "%s = rt_str_concat(%d, parts);", r, in->nargs);
        cg->indent--;
        cg_emit(cg, "}");
        sb_free(&sb);
        break;
    }

    case IR_LOAD:
        if (!r) break;
        cg_emit(cg, "%s = %s;", r, cg_varname(cg, in->var));
        cg_emit_refs(cg, r, in->res->type, true);
        break;
    case IR_STORE: {
        if (!cg_has_storage(in->var->type) || !in->nargs || !cg_has_storage(in->args[0]->type)) break;
        const char *a = cg_arg(cg, in, 0), *vn = cg_varname(cg, in->var);
        cg_emit_refs(cg, a, in->args[0]->type, true);     /* retain first: x = x stays alive */
        cg_emit_refs(cg, vn, in->var->type, false);
        cg_emit(cg, "%s = %s;", vn, a);
        break;
    }

    case IR_IF: {
        cg_emit(cg, "if (%s) {", cg_arg(cg, in, 0));
        cg->indent++;
        int line = cg->last_line;
        emit_block(cg, in->blocks[0], false, line);
        cg->indent--;
        if (in->blocks[1] && in->blocks[1]->instrs.n) {
            cg_emit(cg, "} else {");
            cg->indent++;
            emit_block(cg, in->blocks[1], false, line);
            cg->indent--;
        }
        cg_emit(cg, "}");
        cg->last_line = -1;
        break;
    }
    case IR_WHILE: emit_while(cg, in); cg->last_line = -1; break;
    case IR_FOR_RANGE:
        if (in->graph) emit_graph_range(cg, in);
        else emit_for_range(cg, in);
        cg->last_line = -1;
        break;
    case IR_COND: cg_bug(in, "IR_COND outside a while condition");
    case IR_BREAK: release_to(cg, true); cg_emit(cg, "break;"); break;
    case IR_CONTINUE: release_to(cg, true); cg_emit(cg, "continue;"); break;
    case IR_RETURN: emit_return(cg, in); break;

    case IR_CALL: emit_call(cg, in); break;
    case IR_PRINT: cg_emit_print(cg, in); break;
    case IR_ASSERT:
        cg_emit(cg, "if (!%s) rt_raise(\"AssertionError\", \"%%s\", %s);", cg_arg(cg, in, 0),
                in->nargs > 1 && cg_argkind(in, 1) == TY_STR ? cg_arg(cg, in, 1) : "\"\"");
        break;

    case IR_TUPLE: {
        const Type *t = in->res->type;
        StrBuf sb = {0};
        bool first = true;
        for (int i = 0; i < in->nargs && i < t->n; i++) {
            if (!cg_has_storage(t->elems[i])) continue;
            sb_printf(&sb, "%s%s", first ? "" : ", ", cg_arg(cg, in, i));
            first = false;
        }
        cg_emit(cg, "%s = %s{%s};", r, cg_ctype_of(cg->m, t), sb.s ? sb.s : "");
        sb_free(&sb);
        cg_emit_refs(cg, r, t, true);
        break;
    }
    case IR_TUPLE_GET:
        if (r) cg_emit(cg, "%s = %s.f%lld;", r, cg_arg(cg, in, 0), (long long)in->ival);
        break;
    case IR_LIST_NEW: {
        cg_emit_list_new(cg, r, in->res->type->elem);
        for (int i = 0; i < in->nargs; i++) {
            const IrValue *e = in->args[i];
            if (e->type->kind != TY_ARRAY) cg_emit_refs(cg, cg_vname(cg, e), e->type, true);
            cg_emit(cg, "rt_list_append(%s, &%s);", r, cg_vname(cg, e));
        }
        break;
    }
    case IR_LIST_APPEND: {
        const IrValue *e = in->args[1];
        /* the list keeps arrays itself; other held references (tuples, lists) are retained
         * here and released by the list (its refs function) */
        if (e->type->kind != TY_ARRAY) cg_emit_refs(cg, cg_vname(cg, e), e->type, true);
        cg_emit(cg, "rt_list_append(%s, &%s);", cg_arg(cg, in, 0), cg_arg(cg, in, 1));
        break;
    }
    case IR_LIST_GET:
        if (r) cg_emit(cg, "%s = *(%s *)rt_list_at(%s, %s);", r, cg_ctype_of(cg->m, in->res->type),
                       cg_arg(cg, in, 0), cg_arg(cg, in, 1));
        break;
    case IR_LIST_SET: {
        const IrValue *e = in->args[2];
        if (e->type->kind != TY_ARRAY) cg_emit_refs(cg, cg_vname(cg, e), e->type, true);
        cg_emit(cg, "rt_list_set(%s, %s, &%s);", cg_arg(cg, in, 0), cg_arg(cg, in, 1), cg_arg(cg, in, 2));
        break;
    }
    case IR_LIST_LEN: cg_emit(cg, "%s = %s->len;", r, cg_arg(cg, in, 0)); break;
    case IR_STR_CMP: cg_emit(cg, "%s = strcmp(%s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1)); break;
    case IR_LIBM:
        cg_emit(cg, "%s = %s(%s%s%s);", r, in->sval, cg_arg(cg, in, 0), in->nargs > 1 ? ", " : "",
                in->nargs > 1 ? cg_arg(cg, in, 1) : "");
        break;
    case IR_LIST_SORTED: /* args[1]: the keys of sorted(key=) */
        if (in->nargs == 2)
            cg_emit(cg, "%s = rt_list_sorted_by(%s, %s, %s);", r, cg_arg(cg, in, 0), cg_arg(cg, in, 1),
                    in->ival ? "true" : "false");
        else
            cg_emit(cg, "%s = rt_list_sorted(%s, %s);", r, cg_arg(cg, in, 0), in->ival ? "true" : "false");
        break;

    case IR_FLUSH: cg_emit(cg, "fflush(stdout);"); break;
    case IR_EXIT: /* the program's end as at its last line, the live arrays freed (rt_sys_exit) */
        if (in->nargs && cg_argkind(in, 0) == TY_STR)
            cg_emit(cg, "rt_sys_exit(1, %s);", cg_arg(cg, in, 0));
        else
            cg_emit(cg, "rt_sys_exit((int)(%s), NULL);", in->nargs ? cg_arg(cg, in, 0) : "0");
        break;
    case IR_DEVICE: case IR_PYLIB: emit_device(cg, in, r); break;
    case IR_DICT: cg_emit_dict(cg, in, r); break;
    case IR_RANDOM_SEED: cg_emit(cg, "rt_random_seed((uint64_t)%s);", cg_arg(cg, in, 0)); break;
    case IR_NP_SEED: cg_emit(cg, "rt_np_seed(%s);", cg_arg(cg, in, 0)); break;
    case IR_ARGV_LEN: cg_emit(cg, "%s = (int64_t)rt_argc();", r); break;
    case IR_RAISE: /* the message: args[0] (a str made at run time) if given, else sval2 */
        cg_emit(cg, "rt_raise(%s, \"%%s\", %s);", cg_cstr(cg, in->sval ? in->sval : "RuntimeError"),
                in->nargs > 0 ? cg_arg(cg, in, 0) : cg_cstr(cg, in->sval2 ? in->sval2 : ""));
        break;

    default:
        if (!emit_rt_call(cg, in, r)) cg_emit_array_op(cg, in, r);
    }

    /* owned results: released at the end of the defining block (borrowed: TUPLE_GET, LIST_GET,
     * a dict's value) */
    if (r && in->op != IR_TUPLE_GET && in->op != IR_LIST_GET && !(in->op == IR_DICT && cg_dict_borrows(in)))
        cg_own(cg, in->res);
}

/* True for instructions after which nothing in their block runs. */
static bool is_terminator(const IrInstr *in)
{
    switch (in->op) {
    case IR_BREAK: case IR_CONTINUE: case IR_RETURN: case IR_RAISE: return true;
    case IR_IF: return terminates(in->blocks[0]) && terminates(in->blocks[1]);
    default: return false;
    }
}

/* True when control never leaves block b at its end (it breaks, continues, returns or raises
 * on every path). */
static bool terminates(const IrBlock *b)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++)
        if (is_terminator(b->instrs.v[i])) return true;
    return false;
}

/* Emits block b as a scope: its instructions, then the release of the values it owns.  The
 * instructions after a terminator are dead and not emitted (the terminator released the
 * block's values).  entry_line: fr.line on entry on every path, or -1. */
static void emit_block(Cg *cg, const IrBlock *b, bool loop, int entry_line)
{
    cg_scope_push(cg, loop);
    cg->last_line = entry_line;
    bool ended = false;
    for (int i = 0; b && i < b->instrs.n && !ended; i++) {
        emit_instr(cg, b->instrs.v[i]);
        ended = is_terminator(b->instrs.v[i]);
    }
    cg_scope_pop(cg, !ended);
    cg->last_line = -1;
}

/* ---------------------------------------------------------------- functions */

/* Declares v<id> for every result with storage in block b and the blocks nested in it. */
static void declare_values(Cg *cg, const IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = b->instrs.v[i];
        if (in->res && cg_has_storage(in->res->type))
            cg_emit(cg, "%s = %s;", cg_decl_of(cg, in->res->type, cg_vname(cg, in->res)), cg_zero_of(in->res->type));
        const Bundle *bd = in->group ? in->group->bundle : NULL;
        if (bd && bd->last == in) cg_bundle_decls(cg->out, bd, cg->indent);
        if (in->dev) continue;  /* its values live in its kernel */
        declare_values(cg, in->blocks[0]);
        declare_values(cg, in->blocks[1]);
    }
}

static bool is_module_body(const Cg *cg, const IrFunc *f) { return cg->m->funcs.n && cg->m->funcs.v[0] == f; }

/* `static T f_x(T l_a, ...)` without the trailing `;` or `{`. */
static const char *signature(Cg *cg, const IrFunc *f)
{
    if (is_module_body(cg, f)) return "static void gp_module(void)";
    StrBuf sb = {0};
    sb_printf(&sb, "static %s(",
              cg_has_storage(f->ret) ? cg_decl_of(cg, f->ret, f->cname) : cg_fmt(cg, "void %s", f->cname));
    bool first = true;
    for (int i = 0; i < f->params.n; i++) {
        IrVar *p = f->params.v[i];
        if (!cg_has_storage(p->type)) continue;
        sb_printf(&sb, "%s%s", first ? "" : ", ", cg_decl_of(cg, p->type, cg_varname(cg, p)));
        first = false;
    }
    if (first) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    const char *r = ar_strdup(cg->m->arena, sb.s);
    sb_free(&sb);
    return r;
}

static void emit_func(Cg *cg, const IrFunc *f)
{
    cg->f = f;
    cg->indent = 0;
    cg->last_line = -1;
    cg_emit(cg, "/* %s */", is_module_body(cg, f) ? "module body" : cg_fmt(cg, "def %s", f->name));
    cg_emit(cg, "%s {", signature(cg, f));
    cg->indent = 1;
    if (f->file && f->file != cg->m->main_file && f->file->name)   /* a helper module's code */
        cg_emit(cg, "gp_frame fr = {%s, 0, NULL, %s};", cg_cstr(cg, f->name ? f->name : "<module>"), cg_cstr(cg, f->file->name));
    else
        cg_emit(cg, "gp_frame fr = {%s, 0, NULL};", cg_cstr(cg, f->name ? f->name : "<module>"));
    for (int i = 0; i < f->locals.n; i++) {
        IrVar *var = f->locals.v[i];
        if (var->global || !cg_has_storage(var->type)) continue;
        cg_emit(cg, "%s = %s;", cg_decl_of(cg, var->type, cg_varname(cg, var)), cg_zero_of(var->type));
    }
    declare_values(cg, f->body);
    cg_emit(cg, "rt_frame_enter(&fr);");
    for (int i = 0; i < f->params.n; i++) {   /* params are borrowed */
        IrVar *p = f->params.v[i];
        cg_emit_refs(cg, cg_varname(cg, p), p->type, true);
    }
    emit_block(cg, f->body, false, -1);
    if (!terminates(f->body)) {
        cg_release_locals(cg);
        cg_emit(cg, "rt_frame_leave(&fr);");
        if (cg_has_storage(f->ret)) cg_emit(cg, "return {};   /* not reached: every path returns */");
    }
    cg->indent = 0;
    cg_emit(cg, "}");
    cg_emit(cg, "%s", "");
}

/* ---------------------------------------------------------------- the program */

/* Adds the unit of the device text in raw (owned names bases[0..n)) to p, once per hash. */
static void add_unit(CgProgram *p, StrBuf *raw, const char *const *bases, int n)
{
    CgUnit *u = cg_unit_new(raw->s ? raw->s : "", raw->len, bases, n);
    sb_free(raw);
    /* two groups with the same text are one unit: their kernels keep both host names */
    for (int i = 0; i < p->units.n; i++) {
        CgUnit *o = p->units.v[i];
        if (strcmp(o->hash, u->hash) == 0) {
            for (int k = 0; k < u->kernels.n; k++) vec_push(&o->kernels, u->kernels.v[k]);
            u->kernels.n = 0;
            cg_unit_free(u);
            return;
        }
    }
    vec_push(&p->units, u);
}

/* The unit of a user's CUDA source (a RawKernel's or RawModule's): its text as written, after
 * a #line that places nvcc's messages in the script's string literal, then (with
 * name_expressions) a host function taking each expression's address, which instantiates its
 * template; its launched kernels by their own (extern "C") names, or a name expression's by
 * its lowered name (cg_lowered_names). */
static void add_raw_unit(CgProgram *p, const UKernel *mod)
{
    StrBuf text = { 0 };
    const SrcFile *f = mod->code_span.file;
    sb_printf(&text, "#line %u ", (unsigned)(mod->code_span.line ? mod->code_span.line : 1));
    cg_put_cstr(&text, f && f->path ? f->path : "script.py");
    sb_printf(&text, "\n%s\n", mod->code);
    int n = mod->fnames.n, ne = mod->nnexprs;
    char **lowered = xcalloc(ne ? ne : 1, sizeof *lowered);
    if (ne) {
        sb_puts(&text, "void gpyc_name_expressions(void)\n{\n");
        for (int i = 0; i < ne; i++) sb_printf(&text, "    (void)&%s;\n", mod->nexprs[i]);
        sb_puts(&text, "}\n");
        if (!cg_lowered_names(mod->code, mod->nexprs, ne, lowered, mod->nexprs_span)) ne = 0;
    }
    char **names = xcalloc(n ? n : 1, sizeof *names);
    const char **symbols = xcalloc(n ? n : 1, sizeof *symbols);
    for (int k = 0; k < n; k++) {
        StrBuf nm = { 0 };
        sb_printf(&nm, "rk%d_%d", mod->index, k);
        names[k] = nm.s;
        symbols[k] = VEC_AT(mod->fnames, k);
        for (int i = 0; i < ne; i++)
            if (!strcmp(mod->nexprs[i], symbols[k]) && lowered[i]) symbols[k] = lowered[i];
    }
    CgUnit *u = cg_unit_new_raw(text.s, text.len, (const char *const *)names, symbols, n);
    for (int k = 0; k < n; k++) free(names[k]);
    for (int i = 0; i < mod->nnexprs; i++) free(lowered[i]);
    free(names);
    free(symbols);
    free(lowered);
    sb_free(&text);
    vec_push(&p->units, u);
}

/* Every launchable entity's device code, as units: a group (unless a bundle runs it), a
 * bundle with its members' bodies, a row chain, a set of sibling reductions, a store fused
 * into a reduction, a device loop. */
static void build_units(CgProgram *p, const IrModule *m)
{
    StrBuf raw = {0};
    for (int i = 0; i < m->groups.n; i++) {
        const KernelGroup *g = m->groups.v[i];
        if (g->bundle) continue;
        cg_kernel_def(&raw, m, g);
        add_unit(p, &raw, &g->name, 1);
    }
    for (int i = 0; i < m->bundles.n; i++) {
        const Bundle *bd = m->bundles.v[i];
        const char **bases = xmalloc((size_t)(bd->members.n + 1) * sizeof *bases);
        bases[0] = bd->name;
        for (int k = 0; k < bd->members.n; k++) bases[k + 1] = ((const KernelGroup *)bd->members.v[k])->name;
        cg_bundle_def(&raw, m, bd);
        add_unit(p, &raw, bases, bd->members.n + 1);
        free(bases);
    }
    for (int i = 0; i < m->chains.n; i++) {
        const RowChain *c = m->chains.v[i];
        cg_rows_def(&raw, m, c);
        add_unit(p, &raw, &c->name, 1);
    }
    for (int i = 0; i < m->siblings.n; i++) {
        const Siblings *s = m->siblings.v[i];
        cg_sibling_def(&raw, m, s);
        add_unit(p, &raw, &s->name, 1);
    }
    for (int i = 0; i < m->storereds.n; i++) {
        const StoreRed *sr = m->storereds.v[i];
        cg_storered_def(&raw, sr);
        add_unit(p, &raw, &sr->name, 1);
    }
    for (int i = 0; i < m->devloops.n; i++) {
        const DevLoop *d = m->devloops.v[i];
        cg_devloop_def(&raw, m, d);
        add_unit(p, &raw, &d->name, 1);
    }
    for (int i = 0; i < m->raws.n; i++) add_raw_unit(p, m->raws.v[i]);
}

/* main()'s release of the module variables' references once the module body has run, so
 * that the program ends holding no array (docs/runtime.md: release at exit). */
static void release_globals(Cg *cg)
{
    cg->indent = 1;
    for (int i = cg->m->globals.n - 1; i >= 0; i--) {
        IrVar *var = cg->m->globals.v[i];
        if (cg_has_storage(var->type)) cg_emit_refs(cg, cg_varname(cg, var), var->type, false);
    }
    cg->indent = 0;
}

void cg_program(CgProgram *p, const IrModule *m)
{
    memset(p, 0, sizeof *p);
    build_units(p, m);

    Cg cg = {0};
    cg.m = m;
    cg.vnames = xcalloc((size_t)m->next_value_id + 1, sizeof(char *));
    cg.varnames = xcalloc((size_t)m->next_var_id + 1, sizeof(char *));
    name_vars(&cg, &m->globals, NULL, "g_");
    for (int i = 0; i < m->funcs.n; i++) {
        const IrFunc *f = m->funcs.v[i];
        Vec nonglobal = {0};
        for (int j = 0; j < f->locals.n; j++) {
            IrVar *v = f->locals.v[j];
            if (!v->global) vec_push(&nonglobal, v);
        }
        name_vars(&cg, &f->params, &nonglobal, "l_");
        vec_free(&nonglobal);
    }

    /* functions first (into body), so helpers they need are known for the prelude */
    StrBuf body = {0};
    cg.out = &body;
    for (int i = 1; i < m->funcs.n; i++) emit_func(&cg, m->funcs.v[i]);
    if (m->funcs.n) emit_func(&cg, m->funcs.v[0]);

    const char *script = m->main_file && m->main_file->name ? m->main_file->name : "script.py";
    StrBuf *out = &p->host;
    cg.out = out;
    sb_puts(out, "/*\n * Generated by gpyc from ");
    sb_puts(out, m->main_file && m->main_file->path ? m->main_file->path : script);
    sb_puts(out, " -- do not edit.\n"
                 " * Host code, for the host C++ compiler: the kernels' handles and launchers, one\n"
                 " * static function per Python function, gp_module() for the module body, and main().\n */\n");
    sb_puts(out, "#include <gpyc_host.h>\n\n");
    if (cg.need_repr_str || cg.need_repr_bytes) sb_puts(out, cg_repr_str_helper);
    if (cg.need_repr_bytes) sb_puts(out, cg_repr_bytes_helper);

    if (m->tuple_types.n) sb_puts(out, "/* tuples */\n");
    for (int i = 0; i < m->tuple_types.n; i++) {
        const Type *t = m->tuple_types.v[i];
        sb_printf(out, "typedef struct gp_tup%d {", t->id);
        for (int j = 0; j < t->n; j++)
            if (cg_has_storage(t->elems[j])) sb_printf(out, " %s;", cg_decl_of(&cg, t->elems[j], cg_fmt(&cg, "f%d", j)));
        sb_printf(out, " } gp_tup%d;\n", t->id);
    }
    /* the references a tuple holds, for the lists of it (rt_list_new_refs) */
    for (int i = 0; i < m->tuple_types.n; i++) {
        const Type *t = m->tuple_types.v[i];
        if (!vec_contains(&cg.list_tuples, t)) continue;
        sb_printf(out, "static void gp_tup%d_refs(void *p, int d)\n{\n    gp_tup%d &e = *(gp_tup%d *)p;\n",
                  t->id, t->id, t->id);
        cg.indent = 2;
        sb_puts(out, "    if (d > 0) {\n");
        cg_emit_refs(&cg, "e", t, true);
        sb_puts(out, "    } else {\n");
        cg_emit_refs(&cg, "e", t, false);
        sb_puts(out, "    }\n}\n");
        cg.indent = 0;
    }
    if (m->tuple_types.n) sb_putc(out, '\n');

    bool any = false;
    for (int i = 0; i < m->globals.n; i++) {
        IrVar *var = m->globals.v[i];
        if (!cg_has_storage(var->type)) continue;
        if (!any) sb_puts(out, "/* module variables */\n");
        any = true;
        sb_printf(out, "static %s;\n", cg_decl_of(&cg, var->type, cg_varname(&cg, var)));
    }
    if (any) sb_putc(out, '\n');

    if (m->funcs.n > 1) sb_puts(out, "/* functions */\n");
    for (int i = 1; i < m->funcs.n; i++) sb_printf(out, "%s;\n", signature(&cg, m->funcs.v[i]));
    if (m->funcs.n > 1) sb_putc(out, '\n');

    if (p->units.n) sb_puts(out, "/* ---------------------------------------------------------------- kernels */\n\n");
    for (int i = 0; i < m->bundles.n; i++) cg_bundle_structs(out, m->bundles.v[i]);
    for (int i = 0; i < p->units.n; i++) cg_unit_host_decls(out, p->units.v[i]);
    if (p->units.n) sb_putc(out, '\n');
    sb_puts(out, "/* the program's fatbins (defined after this file's text by gpyc) */\n"
                 "extern const void *const gpyk_fatbins[];\nextern const int gpyk_nfatbins;\n\n");

    sb_puts(out, "/* ---------------------------------------------------------------- host code */\n\n");
    if (body.s) sb_putn(out, body.s, body.len);
    sb_puts(out, "int main(int argc, char **argv) {\n    rt_kernels_register(gpyk_fatbins, gpyk_nfatbins);\n"
                 "    rt_init(argc, argv, ");
    cg_put_cstr(out, script);
    sb_puts(out, ");\n    gp_module();\n");
    release_globals(&cg);
    sb_puts(out, "    return rt_finish();\n}\n");

    sb_free(&body);
    for (int i = 0; i <= m->next_value_id; i++) free(cg.vnames[i]);
    for (int i = 0; i <= m->next_var_id; i++) free(cg.varnames[i]);
    free(cg.vnames);
    free(cg.varnames);
    free(cg.scopes);
    vec_free(&cg.list_tuples);
}

void cg_program_free(CgProgram *p)
{
    sb_free(&p->host);
    for (int i = 0; i < p->units.n; i++) cg_unit_free(p->units.v[i]);
    vec_free(&p->units);
}

void cg_program_listing(StrBuf *out, const CgProgram *p)
{
    sb_printf(out, "// ================================================================ device code: %d unit%s\n",
              p->units.n, p->units.n == 1 ? "" : "s");
    sb_puts(out, "#include <gpyrt.h>\n#include <gpyrt_device.cuh>\n\n");
    for (int i = 0; i < p->units.n; i++) {
        const CgUnit *u = p->units.v[i];
        sb_puts(out, "// unit gk");
        sb_puts(out, u->hash);
        for (int k = 0; k < u->kernels.n; k++) sb_printf(out, "%s%s", k ? ", " : ": ", ((CgKernel *)u->kernels.v[k])->name);
        sb_putc(out, '\n');
        sb_putn(out, u->text, u->len);
        sb_putc(out, '\n');
    }
    sb_puts(out, "// ================================================================ host code\n");
    sb_putn(out, p->host.s, p->host.len);
}
