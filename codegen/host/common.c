/*
 * common.c — what every host-code file uses: writing a line, C string literals and number
 * literals, the C types of values, the names of values and variables, retaining and releasing
 * references, and the scope stack that knows which owned values are live.
 */
#include "codegen/host/host.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- small helpers */

/* Writes one line of code at the current indentation. */
void cg_emit(Cg *cg, const char *fmt, ...)
{
    for (int i = 0; i < cg->indent; i++) sb_puts(cg->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(cg->out, fmt, ap);
    va_end(ap);
    sb_putc(cg->out, '\n');
}

/* Internal error naming the instruction: codegen met IR it cannot translate. */
_Noreturn void cg_bug(const IrInstr *in, const char *what)
{
    char msg[256];
    snprintf(msg, sizeof msg, "codegen: %s (op %s, line %u)", what, ir_op_name(in->op),
             (unsigned)in->span.line);
    util_internal_error(__FILE__, __LINE__, xstrdup(msg));
}

/* Appends s as a C string literal: printable ASCII as is, everything else escaped in octal
 * (always 3 digits, so a following digit never joins the escape); '?' is escaped so no
 * trigraph can form. */
void cg_put_cstr(StrBuf *sb, const char *s)
{
    sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned c = *p;
        if (c == '"' || c == '\\' || c == '?') {
            sb_putc(sb, '\\');
            sb_putc(sb, (char)c);
        } else if (c == '\n') {
            sb_puts(sb, "\\n");
        } else if (c == '\t') {
            sb_puts(sb, "\\t");
        } else if (c >= 0x20 && c < 0x7f) {
            sb_putc(sb, (char)c);
        } else {
            sb_printf(sb, "\\%03o", c);
        }
    }
    sb_putc(sb, '"');
}

/* A C string literal of s, allocated in the module's arena. */
const char *cg_cstr(Cg *cg, const char *s)
{
    StrBuf sb = {0};
    cg_put_cstr(&sb, s ? s : "");
    const char *r = ar_strdup(cg->m->arena, sb.s);
    sb_free(&sb);
    return r;
}

/* Formats into the module's arena (expressions built from pieces). */
const char *cg_fmt(Cg *cg, const char *f, ...)
{
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, f);
    sb_vprintf(&sb, f, ap);
    va_end(ap);
    const char *r = ar_strdup(cg->m->arena, sb.s ? sb.s : "");
    sb_free(&sb);
    return r;
}

/* ---------------------------------------------------------------- types */

/* True when a value of type t exists at run time (None, dtypes, modules ... have no storage). */
bool cg_has_storage(const Type *t)
{
    if (!t) return false;
    switch (t->kind) {
    case TY_BOOL: case TY_INT: case TY_FLOAT: case TY_COMPLEX: case TY_STR:
    case TY_ARRAY: case TY_LIST: case TY_TUPLE: case TY_OBJ: case TY_SVIEW: case TY_SPARSE:
    case TY_DICT: case TY_SET: case TY_BYTES: case TY_POLY1D:
        return true;
    case TY_SDTYPE: return t->sdt->rt; /* a run-time layout: its ints */
    case TY_FUNC: return ty_is_fvalue(t); /* a function value: its environment */
    default:
        return false;
    }
}

bool cg_has_refs(const Type *t)
{
    if (!t) return false;
    if (t->kind == TY_ARRAY || t->kind == TY_BYTES || t->kind == TY_POLY1D || t->kind == TY_LIST ||
        t->kind == TY_DICT || t->kind == TY_SET)
        return true;
    if (ty_is_struct(t))
        for (int i = 0; i < t->n; i++)
            if (cg_has_refs(t->elems[i])) return true;
    return false;
}

/* The registered tuple type equal to t (codegen names its struct after the registered id). */
const Type *cg_tuple_type(const IrModule *m, const Type *t)
{
    for (int i = 0; i < m->tuple_types.n; i++)
        if (m->tuple_types.v[i] == t) return t;
    for (int i = 0; i < m->tuple_types.n; i++)
        if (ty_equal(m->tuple_types.v[i], t)) return m->tuple_types.v[i];
    util_internal_error(__FILE__, __LINE__, "codegen: a tuple type was not registered (ir_need_tuple)");
}

/* The C type of a value of type t ("int64_t", "gp_array *", "gp_tup3"). */
const char *cg_ctype_of(const IrModule *m, const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return "bool";
    case TY_INT: case TY_OBJ: return "int64_t";   /* an object: the runtime's handle */
    case TY_FLOAT: return "double";
    case TY_COMPLEX: return "gp_c128";
    case TY_STR: return "const char *";
    case TY_ARRAY: case TY_BYTES: case TY_POLY1D: return "gp_array *";
    case TY_LIST: return "gp_list *";
    case TY_DICT: return "gp_dict *";
    case TY_SET: return "gp_set *";
    case TY_TUPLE: case TY_SPARSE: case TY_SVIEW: case TY_SDTYPE: case TY_FUNC: return ar_printf(m->arena, "gp_tup%d", cg_tuple_type(m, t)->id);
    default:
        util_internal_error(__FILE__, __LINE__, "codegen: a value without storage has no C type");
    }
}

/* `T name` with the pointer star attached to the name. */
const char *cg_decl_of(Cg *cg, const Type *t, const char *name)
{
    const char *ct = cg_ctype_of(cg->m, t);
    size_t n = strlen(ct);
    if (n && ct[n - 1] == '*') return cg_fmt(cg, "%s%s", ct, name);
    return cg_fmt(cg, "%s %s", ct, name);
}

/* The initialiser of a declared local of type t. */
const char *cg_zero_of(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return "false";
    case TY_INT: case TY_OBJ: return "0";
    case TY_FLOAT: return "0.0";
    case TY_STR: case TY_ARRAY: case TY_BYTES: case TY_POLY1D: case TY_LIST: case TY_DICT: case TY_SET:
        return "NULL";
    default: return "{}";
    }
}

/* The list kind and element C type of a list of elem. */
const char *cg_list_kind(const Type *elem)
{
    if (!elem) return "GP_LIST_I64";
    switch (elem->kind) {
    case TY_BOOL: return "GP_LIST_BOOL";
    case TY_INT: case TY_OBJ: return "GP_LIST_I64";
    case TY_FLOAT: return "GP_LIST_F64";
    case TY_COMPLEX: return "GP_LIST_C128";
    case TY_STR: return "GP_LIST_STR";
    case TY_ARRAY: return "GP_LIST_ARRAY";
    default: return "GP_LIST_OTHER";
    }
}

/* ---------------------------------------------------------------- names */

const char *cg_vname(Cg *cg, const IrValue *v)
{
    if (!cg->vnames[v->id]) {
        char buf[32];
        snprintf(buf, sizeof buf, "v%d", v->id);
        cg->vnames[v->id] = xstrdup(buf);
    }
    return cg->vnames[v->id];
}

const char *cg_varname(Cg *cg, const IrVar *var)
{
    GPYC_ASSERT(var->id >= 0 && var->id < cg->m->next_var_id && cg->varnames[var->id]);
    return cg->varnames[var->id];
}

/* ---------------------------------------------------------------- references */

/* Retains (or releases) every reference held by the value `expr` of type t. */
void cg_emit_refs(Cg *cg, const char *expr, const Type *t, bool retain)
{
    if (!cg_has_refs(t)) return;
    if (t->kind == TY_ARRAY || t->kind == TY_BYTES || t->kind == TY_POLY1D) {
        cg_emit(cg, "%s(%s);", retain ? "rt_retain" : "rt_release", expr);
    } else if (t->kind == TY_LIST) {
        cg_emit(cg, "%s(%s);", retain ? "rt_list_retain" : "rt_list_release", expr);
    } else if (t->kind == TY_DICT || t->kind == TY_SET) {
        const char *k = t->kind == TY_DICT ? "dict" : "set";
        cg_emit(cg, "rt_%s_%s(%s);", k, retain ? "retain" : "release", expr);
    } else {
        for (int i = 0; i < t->n; i++)
            cg_emit_refs(cg, cg_fmt(cg, "%s.f%d", expr, i), t->elems[i], retain);
    }
}

void cg_scope_push(Cg *cg, bool loop)
{
    if (cg->nscopes == cg->capscopes) {
        cg->capscopes = cg->capscopes ? cg->capscopes * 2 : 16;
        cg->scopes = xrealloc(cg->scopes, sizeof(Scope) * cg->capscopes);
    }
    cg->scopes[cg->nscopes++] = (Scope){.owned = {0}, .loop = loop};
}

/* Releases the owned values of scope s, latest first. */
void cg_scope_release(Cg *cg, const Scope *s)
{
    for (int i = s->owned.n - 1; i >= 0; i--) {
        const IrValue *v = s->owned.v[i];
        cg_emit_refs(cg, cg_vname(cg, v), v->type, false);
    }
}

void cg_scope_pop(Cg *cg, bool release)
{
    Scope *s = &cg->scopes[--cg->nscopes];
    if (release) cg_scope_release(cg, s);
    vec_free(&s->owned);
}

/* Records v as owned by the innermost block. */
void cg_own(Cg *cg, const IrValue *v)
{
    if (v && cg_has_refs(v->type)) vec_push(&cg->scopes[cg->nscopes - 1].owned, (void *)v);
}

/* Releases the function's locals (params included) that hold references. */
void cg_release_locals(Cg *cg)
{
    const Vec *vecs[2] = {&cg->f->locals, &cg->f->params};
    for (int k = 0; k < 2; k++)
        for (int i = vecs[k]->n - 1; i >= 0; i--) {
            IrVar *var = vecs[k]->v[i];
            if (!var->global) cg_emit_refs(cg, cg_varname(cg, var), var->type, false);
        }
}

/* ---------------------------------------------------------------- operands */

const char *cg_arg(Cg *cg, const IrInstr *in, int i)
{
    if (i >= in->nargs || !in->args[i]) cg_bug(in, "missing argument");
    return cg_vname(cg, in->args[i]);
}

TypeKind cg_argkind(const IrInstr *in, int i)
{
    return i < in->nargs && in->args[i] && in->args[i]->type ? in->args[i]->type->kind : TY_VOID;
}

/* A double as a C literal: %.17g round-trips; inf and nan by name. */
const char *cg_float_lit(Cg *cg, double d)
{
    if (isnan(d)) return "NAN";
    if (isinf(d)) return d > 0 ? "INFINITY" : "(-INFINITY)";
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", d);
    if (!strpbrk(buf, ".en")) strcat(buf, ".0");
    if (buf[0] == '-') return cg_fmt(cg, "(%s)", buf);
    return cg_fmt(cg, "%s", buf);
}

const char *cg_int_lit(Cg *cg, int64_t v)
{
    if (v == INT64_MIN) return "INT64_MIN";
    return cg_fmt(cg, "INT64_C(%lld)", (long long)v);
}

/* Operand i as C type ct: the value's name, wrapped in a conversion when its type differs. */
const char *cg_operand(Cg *cg, const IrInstr *in, int i, const char *ct)
{
    const Type *t = in->args[i]->type;
    if (cg_has_storage(t) && strcmp(cg_ctype_of(cg->m, t), ct) == 0) return cg_arg(cg, in, i);
    return cg_fmt(cg, "gp_cast<%s>(%s)", ct, cg_arg(cg, in, i));
}

const char *cg_raw_kernel_name(Cg *cg, const UKernel *k)
{
    int f = 0;
    while (f < k->module->fnames.n && strcmp(VEC_AT(k->module->fnames, f), k->name) != 0) f++;
    return cg_fmt(cg, "rk%d_%d", k->module->index, f);
}
