/*
 * host.c — the whole translation unit: includes, tuple structs, globals, kernels, one static C
 * function per IrFunc, the module body (gp_module) and main().
 *
 * Generated code is CUDA C++ (nvcc compiles it), written to be read: 4-space indentation that
 * follows the IR's block structure, a `/ * line N: source * /` comment where the script line
 * changes, stable names (v<id> values, l_<name> locals and params, g_<name> globals).
 *
 * Invariants kept by the code written here:
 *  - every IrValue with storage is a C local v<id> declared at the top of its function
 *    (arrays and lists start NULL), so control flow never jumps over an initialisation;
 *  - ownership follows compiler.h: array/list results (and tuples holding them) are owned from
 *    their definition to the end of the block that defines them, except IR_TUPLE_GET and
 *    IR_LIST_GET results, which are borrowed.  A scope stack records, for each open block, the
 *    owned values defined so far, so break / continue / return release exactly the values that
 *    are live at that point (never a stale one from an earlier loop iteration);
 *  - params arrive borrowed: the parameter (named l_<name>) is retained at entry and released
 *    at every exit with the other locals; a returned value is retained before the releases;
 *  - `fr.line` is set before an instruction whenever its line differs from the last one set on
 *    every path reaching it (reset at block boundaries), so tracebacks name the script line.
 */
#include "codegen.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One open block: the owned values defined in it so far. */
typedef struct Scope {
    Vec owned;          /* IrValue* */
    bool loop;          /* a loop body: break / continue release up to here */
} Scope;

typedef struct Cg {
    StrBuf *out;            /* where the current function goes */
    const IrModule *m;
    const IrFunc *f;
    int indent;             /* levels of 4 spaces */
    int last_line;          /* line last set in fr.line on every path here; -1 unknown */
    Scope *scopes;
    int nscopes, capscopes;
    char **vnames;          /* by value id: "v12" */
    char **varnames;        /* by var id: "l_x", "g_x" */
    bool need_repr_str;     /* emit the str-repr helper */
    int ntmp;               /* hidden counters and temporaries: it<k> */
} Cg;

/* ---------------------------------------------------------------- small helpers */

/* Writes one line of code at the current indentation. */
static void emit(Cg *cg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Cg *cg, const char *fmt, ...) {
    for (int i = 0; i < cg->indent; i++) sb_puts(cg->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(cg->out, fmt, ap);
    va_end(ap);
    sb_putc(cg->out, '\n');
}

/* Internal error naming the instruction: codegen met IR it cannot translate. */
static _Noreturn void cg_bug(const IrInstr *in, const char *what) {
    char msg[256];
    snprintf(msg, sizeof msg, "codegen: %s (op %s, line %u)", what, ir_op_name(in->op),
             (unsigned)in->span.line);
    util_internal_error(__FILE__, __LINE__, xstrdup(msg));
}

/* Appends s as a C string literal: printable ASCII as is, everything else escaped in octal
 * (always 3 digits, so a following digit never joins the escape); '?' is escaped so no
 * trigraph can form. */
static void put_cstr(StrBuf *sb, const char *s) {
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
static const char *cstr(Cg *cg, const char *s) {
    StrBuf sb = {0};
    put_cstr(&sb, s ? s : "");
    const char *r = ar_strdup(cg->m->arena, sb.s);
    sb_free(&sb);
    return r;
}

/* Formats into the module's arena (expressions built from pieces). */
static const char *fmt(Cg *cg, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(Cg *cg, const char *f, ...) {
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
static bool has_storage(const Type *t) {
    if (!t) return false;
    switch (t->kind) {
    case TY_BOOL: case TY_INT: case TY_FLOAT: case TY_COMPLEX: case TY_STR:
    case TY_ARRAY: case TY_LIST: case TY_TUPLE:
        return true;
    default:
        return false;
    }
}

/* True when a value of type t holds references (arrays, lists, tuples holding them). */
static bool has_refs(const Type *t) {
    if (!t) return false;
    if (t->kind == TY_ARRAY || t->kind == TY_LIST) return true;
    if (t->kind == TY_TUPLE)
        for (int i = 0; i < t->n; i++)
            if (has_refs(t->elems[i])) return true;
    return false;
}

/* The registered tuple type equal to t (codegen names its struct after the registered id). */
static const Type *tuple_reg(const IrModule *m, const Type *t) {
    for (int i = 0; i < m->tuple_types.n; i++)
        if (m->tuple_types.v[i] == t) return t;
    for (int i = 0; i < m->tuple_types.n; i++)
        if (ty_equal(m->tuple_types.v[i], t)) return m->tuple_types.v[i];
    util_internal_error(__FILE__, __LINE__, "codegen: a tuple type was not registered (ir_need_tuple)");
}

/* The C type of a value of type t ("int64_t", "gp_array *", "gp_tup3"). */
static const char *ctype_of(const IrModule *m, const Type *t) {
    switch (t->kind) {
    case TY_BOOL: return "bool";
    case TY_INT: return "int64_t";
    case TY_FLOAT: return "double";
    case TY_COMPLEX: return "gp_c128";
    case TY_STR: return "const char *";
    case TY_ARRAY: return "gp_array *";
    case TY_LIST: return "gp_list *";
    case TY_TUPLE: return ar_printf(m->arena, "gp_tup%d", tuple_reg(m, t)->id);
    default:
        util_internal_error(__FILE__, __LINE__, "codegen: a value without storage has no C type");
    }
}

/* `T name` with the pointer star attached to the name. */
static const char *decl_of(Cg *cg, const Type *t, const char *name) {
    const char *ct = ctype_of(cg->m, t);
    size_t n = strlen(ct);
    if (n && ct[n - 1] == '*') return fmt(cg, "%s%s", ct, name);
    return fmt(cg, "%s %s", ct, name);
}

/* The initialiser of a declared local of type t. */
static const char *zero_of(const Type *t) {
    switch (t->kind) {
    case TY_BOOL: return "false";
    case TY_INT: return "0";
    case TY_FLOAT: return "0.0";
    case TY_STR: case TY_ARRAY: case TY_LIST: return "NULL";
    default: return "{}";
    }
}

/* The list kind and element C type of a list of elem. */
static const char *list_kind(const Type *elem) {
    if (!elem) return "GP_LIST_I64";
    switch (elem->kind) {
    case TY_BOOL: return "GP_LIST_BOOL";
    case TY_INT: return "GP_LIST_I64";
    case TY_FLOAT: return "GP_LIST_F64";
    case TY_COMPLEX: return "GP_LIST_C128";
    case TY_STR: return "GP_LIST_STR";
    case TY_ARRAY: return "GP_LIST_ARRAY";
    default: return "GP_LIST_OTHER";
    }
}

/* ---------------------------------------------------------------- names */

static const char *vname(Cg *cg, const IrValue *v) {
    if (!cg->vnames[v->id]) {
        char buf[32];
        snprintf(buf, sizeof buf, "v%d", v->id);
        cg->vnames[v->id] = xstrdup(buf);
    }
    return cg->vnames[v->id];
}

/* CgValueName for cg_kernel_launch. */
static const char *name_of_cb(const IrValue *v, void *ctx) { return vname(ctx, v); }

static const char *varname(Cg *cg, const IrVar *var) {
    GPYC_ASSERT(var->id >= 0 && var->id < cg->m->next_var_id && cg->varnames[var->id]);
    return cg->varnames[var->id];
}

/* Names the vars of one scope (a function's params and locals, or the globals): prefix +
 * the Python name made C-safe; the var id is appended when the name had to change or when it
 * clashes with another var of the same scope. */
static void name_vars(Cg *cg, const Vec *a, const Vec *b, const char *prefix) {
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

/* ---------------------------------------------------------------- references */

/* Retains (or releases) every reference held by the value `expr` of type t. */
static void emit_refs(Cg *cg, const char *expr, const Type *t, bool retain) {
    if (!has_refs(t)) return;
    if (t->kind == TY_ARRAY) {
        emit(cg, "%s(%s);", retain ? "rt_retain" : "rt_release", expr);
    } else if (t->kind == TY_LIST) {
        emit(cg, "%s(%s);", retain ? "rt_list_retain" : "rt_list_release", expr);
    } else {
        for (int i = 0; i < t->n; i++)
            emit_refs(cg, fmt(cg, "%s.f%d", expr, i), t->elems[i], retain);
    }
}

static void scope_push(Cg *cg, bool loop) {
    if (cg->nscopes == cg->capscopes) {
        cg->capscopes = cg->capscopes ? cg->capscopes * 2 : 16;
        cg->scopes = xrealloc(cg->scopes, sizeof(Scope) * cg->capscopes);
    }
    cg->scopes[cg->nscopes++] = (Scope){.owned = {0}, .loop = loop};
}

/* Releases the owned values of scope s, latest first. */
static void scope_release(Cg *cg, const Scope *s) {
    for (int i = s->owned.n - 1; i >= 0; i--) {
        const IrValue *v = s->owned.v[i];
        emit_refs(cg, vname(cg, v), v->type, false);
    }
}

static void scope_pop(Cg *cg, bool release) {
    Scope *s = &cg->scopes[--cg->nscopes];
    if (release) scope_release(cg, s);
    vec_free(&s->owned);
}

/* Records v as owned by the innermost block. */
static void own(Cg *cg, const IrValue *v) {
    if (v && has_refs(v->type)) vec_push(&cg->scopes[cg->nscopes - 1].owned, (void *)v);
}

/* Releases the function's locals (params included) that hold references. */
static void release_locals(Cg *cg) {
    const Vec *vecs[2] = {&cg->f->locals, &cg->f->params};
    for (int k = 0; k < 2; k++)
        for (int i = vecs[k]->n - 1; i >= 0; i--) {
            IrVar *var = vecs[k]->v[i];
            if (!var->global) emit_refs(cg, varname(cg, var), var->type, false);
        }
}

/* ---------------------------------------------------------------- lines */

/* The text of the source line holding span sp, trimmed, made safe for a C comment. */
static const char *line_text(Cg *cg, Span sp) {
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
static void emit_line(Cg *cg, const IrInstr *in) {
    int line = (int)in->span.line;
    if (line <= 0 || line == cg->last_line) return;
    const char *text = line_text(cg, in->span);
    if (text && *text)
        emit(cg, "/* line %d: %s */", line, text);
    else
        emit(cg, "/* line %d */", line);
    emit(cg, "fr.line = %d;", line);
    cg->last_line = line;
}

/* ---------------------------------------------------------------- str() and repr() */

static void emit_sb_repr(Cg *cg, const char *sb, const char *expr, const Type *t);

/* Appends str(expr) of type t to the gp_sb named sb. */
static void emit_sb_str(Cg *cg, const char *sb, const char *expr, const Type *t) {
    switch (t->kind) {
    case TY_BOOL: emit(cg, "rt_sb_bool(&%s, %s);", sb, expr); break;
    case TY_INT: emit(cg, "rt_sb_i64(&%s, %s);", sb, expr); break;
    case TY_FLOAT: emit(cg, "rt_sb_f64(&%s, %s);", sb, expr); break;
    case TY_COMPLEX: emit(cg, "rt_sb_c128(&%s, %s.re, %s.im);", sb, expr, expr); break;
    case TY_STR: emit(cg, "rt_sb_puts(&%s, %s);", sb, expr); break;
    case TY_NONE: case TY_VOID: emit(cg, "rt_sb_none(&%s);", sb); break;
    case TY_ARRAY: emit(cg, "rt_sb_array_str(&%s, %s);", sb, expr); break;
    case TY_LIST: emit(cg, "rt_sb_list(&%s, %s);", sb, expr); break;
    case TY_DTYPE: emit(cg, "rt_sb_puts(&%s, \"%s\");", sb, dt_name(t->dtype)); break;
    case TY_TUPLE:
        /* str(tuple) is "(" + repr of the elements + ")", with a trailing comma for one. */
        emit(cg, "rt_sb_putc(&%s, '(');", sb);
        for (int i = 0; i < t->n; i++) {
            if (i) emit(cg, "rt_sb_puts(&%s, \", \");", sb);
            emit_sb_repr(cg, sb, fmt(cg, "%s.f%d", expr, i), t->elems[i]);
        }
        if (t->n == 1) emit(cg, "rt_sb_putc(&%s, ',');", sb);
        emit(cg, "rt_sb_putc(&%s, ')');", sb);
        break;
    default:
        util_internal_error(__FILE__, __LINE__, xstrdup(fmt(cg, "codegen: cannot print a value of type %s", ty_str_of(t))));
    }
}

/* Appends repr(expr) of type t: quoted strs, NumPy's repr of arrays, else as str(). */
static void emit_sb_repr(Cg *cg, const char *sb, const char *expr, const Type *t) {
    if (t->kind == TY_STR) {
        cg->need_repr_str = true;
        emit(cg, "gp_sb_repr_str(&%s, %s);", sb, expr);
    } else if (t->kind == TY_ARRAY) {
        emit(cg, "rt_sb_array_repr(&%s, %s);", sb, expr);
    } else if (t->kind == TY_DTYPE) {
        emit(cg, "rt_sb_puts(&%s, \"dtype('%s')\");", sb, dt_name(t->dtype));
    } else {
        emit_sb_str(cg, sb, expr, t);
    }
}

/* Python's repr() of a str, emitted once into the translation unit when a program needs it:
 * single quotes unless the text has ' and no ", backslash escapes for \\, the quote, \n \r \t
 * and other control characters (\xhh); other bytes (UTF-8 text) as they are. */
static const char repr_str_helper[] =
    "/* repr() of a str, as Python writes it. */\n"
    "static void gp_sb_repr_str(gp_sb *sb, const char *s) {\n"
    "    char q = (strchr(s, '\\'') && !strchr(s, '\"')) ? '\"' : '\\'';\n"
    "    rt_sb_putc(sb, q);\n"
    "    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {\n"
    "        char buf[8];\n"
    "        if (*p == '\\\\' || *p == (unsigned char)q) { rt_sb_putc(sb, '\\\\'); rt_sb_putc(sb, (char)*p); }\n"
    "        else if (*p == '\\n') rt_sb_puts(sb, \"\\\\n\");\n"
    "        else if (*p == '\\r') rt_sb_puts(sb, \"\\\\r\");\n"
    "        else if (*p == '\\t') rt_sb_puts(sb, \"\\\\t\");\n"
    "        else if (*p < 0x20 || *p == 0x7f) { snprintf(buf, sizeof buf, \"\\\\x%02x\", *p); rt_sb_puts(sb, buf); }\n"
    "        else rt_sb_putc(sb, (char)*p);\n"
    "    }\n"
    "    rt_sb_putc(sb, q);\n"
    "}\n\n";

/* ---------------------------------------------------------------- instructions */

static void emit_block(Cg *cg, const IrBlock *b, bool loop, int entry_line);
static bool terminates(const IrBlock *b);
static void emit_instr(Cg *cg, const IrInstr *in);

static const char *arg(Cg *cg, const IrInstr *in, int i) {
    if (i >= in->nargs || !in->args[i]) cg_bug(in, "missing argument");
    return vname(cg, in->args[i]);
}

static TypeKind argkind(const IrInstr *in, int i) {
    return i < in->nargs && in->args[i] && in->args[i]->type ? in->args[i]->type->kind : TY_VOID;
}

/* A double as a C literal: %.17g round-trips; inf and nan by name. */
static const char *float_lit(Cg *cg, double d) {
    if (isnan(d)) return "NAN";
    if (isinf(d)) return d > 0 ? "INFINITY" : "(-INFINITY)";
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", d);
    if (!strpbrk(buf, ".en")) strcat(buf, ".0");
    if (buf[0] == '-') return fmt(cg, "(%s)", buf);
    return fmt(cg, "%s", buf);
}

static const char *int_lit(Cg *cg, int64_t v) {
    if (v == INT64_MIN) return "INT64_MIN";
    return fmt(cg, "INT64_C(%lld)", (long long)v);
}

/* Operand i as C type ct: the value's name, wrapped in a conversion when its type differs. */
static const char *operand(Cg *cg, const IrInstr *in, int i, const char *ct) {
    const Type *t = in->args[i]->type;
    if (has_storage(t) && strcmp(ctype_of(cg->m, t), ct) == 0) return arg(cg, in, i);
    return fmt(cg, "gp_cast<%s>(%s)", ct, arg(cg, in, i));
}

/* Elementwise op on Python scalars (no kernel group): host C calling the op's DEVICE_FN, or
 * the runtime's Python-semantics helpers where Python differs from NumPy (division by zero
 * raises ZeroDivisionError, floor division and modulo take the divisor's sign). */
static void emit_ewise_host(Cg *cg, const IrInstr *in) {
    const OpInfo *oi = ir_op_info(in->op);
    if (!in->res || !has_storage(in->res->type)) cg_bug(in, "elementwise op without a result");
    for (int i = 0; i < in->nargs; i++)
        if (argkind(in, i) == TY_ARRAY) cg_bug(in, "elementwise op on arrays outside a kernel group");
    const Type *rt = in->res->type;
    const char *r = vname(cg, in->res);
    const char *rct = ctype_of(cg->m, rt);
    DType cd = in->cdtype;
    /* Python bools are ints: True + True is 2 */
    if (cd == DT_BOOL && rt->kind == TY_INT) cd = DT_INT64;
    const char *ct = dt_ctype(cd);
    bool ints = (cd == DT_INT64 || cd == DT_BOOL || dt_is_int(cd));
    bool both_int = (argkind(in, 0) == TY_INT || argkind(in, 0) == TY_BOOL) &&
                    (argkind(in, 1) == TY_INT || argkind(in, 1) == TY_BOOL);

    switch (in->op) {
    case IR_TRUEDIV:
        if (both_int) {
            emit(cg, "%s = rt_i64_truediv(%s, %s);", r, operand(cg, in, 0, "int64_t"), operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd)) {
            emit(cg, "%s = rt_f64_truediv(%s, %s);", r, operand(cg, in, 0, "double"),
                 operand(cg, in, 1, "double"));
            return;
        }
        if (dt_is_complex(cd)) {
            const char *b = arg(cg, in, 1);
            if (argkind(in, 1) == TY_COMPLEX)
                emit(cg, "if (%s.re == 0.0 && %s.im == 0.0) rt_raise(\"ZeroDivisionError\", \"complex division by zero\");", b, b);
            else
                emit(cg, "if (%s == 0) rt_raise(\"ZeroDivisionError\", \"complex division by zero\");", b);
        }
        break;
    case IR_FLOORDIV:
    case IR_MOD: {
        const char *fn = in->op == IR_FLOORDIV ? "floordiv" : "mod";
        if (ints) {
            emit(cg, "%s = rt_i64_%s(%s, %s);", r, fn, operand(cg, in, 0, "int64_t"), operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd)) {
            emit(cg, "%s = rt_f64_%s(%s, %s);", r, fn, operand(cg, in, 0, "double"),
                 operand(cg, in, 1, "double"));
            return;
        }
        break;
    }
    case IR_POW:
        if (ints && rt->kind == TY_INT) {
            emit(cg, "%s = rt_i64_pow(%s, %s);", r, operand(cg, in, 0, "int64_t"), operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd) && argkind(in, 1) != TY_COMPLEX && argkind(in, 0) != TY_COMPLEX)
            emit(cg, "if (%s == 0 && %s < 0) rt_raise(\"ZeroDivisionError\", \"0.0 cannot be raised to a negative power\");",
                 arg(cg, in, 0), arg(cg, in, 1));
        break;
    case IR_CAST: {
        const char *to = dt_ctype(in->dtype);
        if (strcmp(to, rct) == 0)
            emit(cg, "%s = gp_cast<%s>(%s);", r, to, arg(cg, in, 0));
        else
            emit(cg, "%s = gp_cast<%s>(gp_cast<%s>(%s));", r, rct, to, arg(cg, in, 0));
        return;
    }
    default:
        break;
    }

    /* DEVICE_FN<CT>(gp_cast<CT>(a), ...) */
    StrBuf call = {0};
    sb_printf(&call, "%s<%s>(", oi->fn, ct);
    for (int i = 0; i < in->nargs; i++) {
        if (i) sb_puts(&call, ", ");
        bool raw = (in->op == IR_ROUND && i == 1) || (in->op == IR_WHERE && i == 0);
        sb_puts(&call, raw ? arg(cg, in, i) : operand(cg, in, i, ct));
    }
    sb_putc(&call, ')');
    bool boolres = oi->rule == RULE_CMP || oi->rule == RULE_LOGIC;
    if (boolres || strcmp(ct, rct) == 0)
        emit(cg, "%s = %s;", r, call.s);
    else
        emit(cg, "%s = gp_cast<%s>(%s);", r, rct, call.s);
    sb_free(&call);
}

/* IR_TO_BOOL / TO_INT / TO_FLOAT / TO_COMPLEX: Python's conversions of one value. */
static void emit_convert(Cg *cg, const IrInstr *in) {
    const char *r = vname(cg, in->res);
    const char *a = in->nargs ? arg(cg, in, 0) : NULL;
    TypeKind k = argkind(in, 0);
    switch (in->op) {
    case IR_TO_BOOL:
        switch (k) {
        case TY_BOOL: emit(cg, "%s = %s;", r, a); break;
        case TY_INT: emit(cg, "%s = %s != 0;", r, a); break;
        case TY_FLOAT: emit(cg, "%s = %s != 0.0;", r, a); break;
        case TY_COMPLEX: emit(cg, "%s = %s.re != 0.0 || %s.im != 0.0;", r, a, a); break;
        case TY_STR: emit(cg, "%s = %s[0] != '\\0';", r, a); break;
        case TY_ARRAY: emit(cg, "%s = rt_item_bool(%s);", r, a); break;
        case TY_LIST: emit(cg, "%s = %s->len != 0;", r, a); break;
        case TY_TUPLE: emit(cg, "%s = %s;", r, in->args[0]->type->n ? "true" : "false"); break;
        case TY_NONE: emit(cg, "%s = false;", r); break;
        default: emit(cg, "%s = true;", r); break;   /* modules, functions, dtypes are truthy */
        }
        return;
    case IR_TO_INT:
        switch (k) {
        case TY_BOOL: case TY_INT: emit(cg, "%s = (int64_t)%s;", r, a); break;
        case TY_FLOAT:
            emit(cg, "if (isnan(%s)) rt_raise(\"ValueError\", \"cannot convert float NaN to integer\");", a);
            emit(cg, "if (isinf(%s)) rt_raise(\"OverflowError\", \"cannot convert float infinity to integer\");", a);
            emit(cg, "%s = gp_cast<int64_t>(%s);   /* truncates; saturates past int64 */", r, a);
            break;
        case TY_STR: emit(cg, "%s = rt_str_to_i64(%s);", r, a); break;
        case TY_ARRAY: emit(cg, "%s = rt_item_i64(%s);", r, a); break;
        default: cg_bug(in, "int() of this type");
        }
        return;
    case IR_TO_FLOAT:
        switch (k) {
        case TY_BOOL: case TY_INT: case TY_FLOAT: emit(cg, "%s = (double)%s;", r, a); break;
        case TY_STR: emit(cg, "%s = rt_str_to_f64(%s);", r, a); break;
        case TY_ARRAY: emit(cg, "%s = rt_item_f64(%s);", r, a); break;
        default: cg_bug(in, "float() of this type");
        }
        return;
    case IR_TO_COMPLEX:
        switch (k) {
        case TY_BOOL: case TY_INT: case TY_FLOAT:
            emit(cg, "%s = gp_c128{(double)%s, 0.0};", r, a);
            break;
        case TY_COMPLEX: emit(cg, "%s = %s;", r, a); break;
        case TY_ARRAY: emit(cg, "rt_item_c128(%s, &%s.re, &%s.im);", a, r, r); break;
        case TY_VOID: emit(cg, "%s = gp_c128{0.0, 0.0};", r); break;
        default: cg_bug(in, "complex() of this type");
        }
        return;
    default:
        GPYC_UNREACHABLE();
    }
}

/* IR_FORMAT: format(value, spec) after an optional !r / !s conversion. */
static void emit_format(Cg *cg, const IrInstr *in) {
    const char *r = vname(cg, in->res);
    const Type *t = in->args[0]->type;
    const char *a = has_storage(t) ? arg(cg, in, 0) : "0";
    const char *spec = cstr(cg, in->sval ? in->sval : "");
    bool empty = !in->sval || !*in->sval;
    emit(cg, "{");
    cg->indent++;
    emit(cg, "gp_sb sb = {NULL, 0, 0};");
    if (in->ival == 'r' || in->ival == 's' || in->ival == 'a') {
        emit(cg, "gp_sb conv = {NULL, 0, 0};");
        if (in->ival == 's')
            emit_sb_str(cg, "conv", a, t);
        else
            emit_sb_repr(cg, "conv", a, t);
        emit(cg, "rt_sb_fmt_str(&sb, rt_sb_take(&conv), %s);", spec);
        emit(cg, "rt_sb_free(&conv);");
    } else {
        switch (t->kind) {
        case TY_BOOL: emit(cg, "rt_sb_fmt_bool(&sb, %s, %s);", a, spec); break;
        case TY_INT: emit(cg, "rt_sb_fmt_i64(&sb, %s, %s);", a, spec); break;
        case TY_FLOAT: emit(cg, "rt_sb_fmt_f64(&sb, %s, %s);", a, spec); break;
        case TY_COMPLEX: emit(cg, "rt_sb_fmt_c128(&sb, %s.re, %s.im, %s);", a, a, spec); break;
        case TY_STR: emit(cg, "rt_sb_fmt_str(&sb, %s, %s);", a, spec); break;
        case TY_ARRAY: emit(cg, "rt_sb_fmt_array(&sb, %s, %s);", a, spec); break;
        default: {
            /* object.__format__: only the empty spec, which gives str() */
            const char *tn = t->kind == TY_NONE ? "NoneType" : t->kind == TY_TUPLE ? "tuple"
                             : t->kind == TY_LIST ? "list" : "type";
            if (empty)
                emit_sb_str(cg, "sb", a, t);
            else
                emit(cg, "rt_raise(\"TypeError\", \"unsupported format string passed to %s.__format__\");", tn);
        }
        }
    }
    emit(cg, "%s = rt_sb_take(&sb);", r);
    emit(cg, "rt_sb_free(&sb);");
    cg->indent--;
    emit(cg, "}");
}

/* IR_PRINT: one gp_sb per print; str() of each argument, sep between, end after. */
static void emit_print(Cg *cg, const IrInstr *in) {
    emit(cg, "{");
    cg->indent++;
    emit(cg, "gp_sb sb = {NULL, 0, 0};");
    const char *sep = in->sval ? in->sval : " ";
    for (int i = 0; i < in->nargs; i++) {
        if (i && *sep) emit(cg, "rt_sb_puts(&sb, %s);", cstr(cg, sep));
        const Type *t = in->args[i]->type;
        emit_sb_str(cg, "sb", has_storage(t) ? vname(cg, in->args[i]) : "0", t);
    }
    emit(cg, "rt_sb_print(&sb, %s);", cstr(cg, in->sval2 ? in->sval2 : "\n"));
    emit(cg, "rt_sb_free(&sb);");
    cg->indent--;
    emit(cg, "}");
}

/* A local int64_t array of the value args [from, from + n) named `name` (NULL when n == 0). */
static const char *emit_dims(Cg *cg, const IrInstr *in, int from, int n, const char *name) {
    if (n <= 0) return "NULL";
    StrBuf sb = {0};
    for (int i = 0; i < n; i++) sb_printf(&sb, "%s%s", i ? ", " : "", arg(cg, in, from + i));
    emit(cg, "int64_t %s[%d] = {%s};", name, n, sb.s);
    sb_free(&sb);
    return name;
}

/* Index item k, a slice whose start, stop and step are args a..a+2 of `in` (None omitted). */
static void emit_slice_item(Cg *cg, const IrInstr *in, int k, int a)
{
    emit(cg, "ix[%d].kind = GP_IDX_SLICE;", k);
    if (argkind(in, a) != TY_NONE) emit(cg, "ix[%d].has_start = true; ix[%d].start = %s;", k, k, arg(cg, in, a));
    if (argkind(in, a + 1) != TY_NONE)
        emit(cg, "ix[%d].has_stop = true; ix[%d].stop = %s;", k, k, arg(cg, in, a + 1));
    if (argkind(in, a + 2) != TY_NONE) {
        const char *st = arg(cg, in, a + 2);
        emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"slice step cannot be zero\");", st);
        emit(cg, "ix[%d].step = %s;", k, st);
    } else {
        emit(cg, "ix[%d].step = 1;", k);
    }
}

/* IR_INDEX: a gp_index per item, then rt_index. */
static void emit_index(Cg *cg, const IrInstr *in) {
    const char *r = vname(cg, in->res);
    if (in->nidx == 0) {
        emit(cg, "%s = rt_index(%s, 0, NULL);", r, arg(cg, in, 0));
        return;
    }
    emit(cg, "{");
    cg->indent++;
    emit(cg, "gp_index ix[%d] = {};", in->nidx);
    int a = 1;
    for (int k = 0; k < in->nidx; k++) {
        switch (in->idx[k]) {
        case IDX_INT:
            emit(cg, "ix[%d].kind = GP_IDX_INT; ix[%d].i = %s;", k, k, arg(cg, in, a));
            a++;
            break;
        case IDX_SLICE:
            emit_slice_item(cg, in, k, a);
            a += 3;
            break;
        case IDX_NEWAXIS: emit(cg, "ix[%d].kind = GP_IDX_NEWAXIS;", k); break;
        case IDX_ELLIPSIS: emit(cg, "ix[%d].kind = GP_IDX_ELLIPSIS;", k); break;
        }
    }
    emit(cg, "%s = rt_index(%s, %d, ix);", r, arg(cg, in, 0), in->nidx);
    cg->indent--;
    emit(cg, "}");
}

/* IR_ADV_INDEX / IR_ADV_STORE (runtime/indexing.cu): a gp_index per item as for IR_INDEX and
 * a parallel array of index arrays (NULL for the other items), then rt_adv_get / rt_adv_set. */
static void emit_adv_index(Cg *cg, const IrInstr *in) {
    emit(cg, "{");
    cg->indent++;
    emit(cg, "gp_index ix[%d] = {};", in->nidx);
    emit(cg, "const gp_array *ax[%d] = {};", in->nidx);
    int a = 1;
    for (int k = 0; k < in->nidx; k++) {
        switch (in->idx[k]) {
        case IDX_INT:
            if (argkind(in, a) == TY_ARRAY)
                emit(cg, "ix[%d].kind = GP_IDX_INT; ax[%d] = %s;", k, k, arg(cg, in, a));
            else
                emit(cg, "ix[%d].kind = GP_IDX_INT; ix[%d].i = %s;", k, k, arg(cg, in, a));
            a++;
            break;
        case IDX_SLICE:
            emit_slice_item(cg, in, k, a);
            a += 3;
            break;
        case IDX_NEWAXIS: emit(cg, "ix[%d].kind = GP_IDX_NEWAXIS;", k); break;
        case IDX_ELLIPSIS: emit(cg, "ix[%d].kind = GP_IDX_ELLIPSIS;", k); break;
        }
    }
    if (in->op == IR_ADV_INDEX)
        emit(cg, "%s = rt_adv_get(%s, %d, ix, ax);", vname(cg, in->res), arg(cg, in, 0), in->nidx);
    else
        if (in->ival)   /* cupyx.scatter_add / max / min: gp_scatter_op */
            emit(cg, "rt_adv_scatter(%s, %d, ix, ax, %s, %d);", arg(cg, in, 0), in->nidx, arg(cg, in, a), (int)in->ival);
        else
            emit(cg, "rt_adv_set(%s, %d, ix, ax, %s);", arg(cg, in, 0), in->nidx, arg(cg, in, a));
    cg->indent--;
    emit(cg, "}");
}

/* IR_LINALG (runtime/solver.c): rt_linalg fills out[] with new references; a tuple result is
 * built from them as they are (it owns them: no retain, unlike IR_TUPLE). */
static void emit_linalg(Cg *cg, const IrInstr *in, const char *r) {
    /* ORDER GP_LA: the gp_la_kind constants of gpyrt.h */
    static const char *const kinds[] = {"GP_LA_SOLVE", "GP_LA_INV", "GP_LA_DET", "GP_LA_SLOGDET",
                                        "GP_LA_CHOLESKY", "GP_LA_QR", "GP_LA_EIGH", "GP_LA_SVD"};
    const Type *t = in->res ? in->res->type : NULL;
    int nout = t && t->kind == TY_TUPLE ? t->n : 1;
    if (in->ival < 0 || in->ival >= (int64_t)(sizeof kinds / sizeof kinds[0]) || !r || in->nargs < 1 ||
        in->nargs > 2 || nout < 1 || nout > 3)
        cg_bug(in, "bad linalg");
    emit(cg, "{");
    cg->indent++;
    emit(cg, "gp_array *la[3] = {NULL, NULL, NULL};");
    emit(cg, "if (rt_linalg(%s, %s, %s, %s, la) != %d) rt_raise(\"RuntimeError\", \"rt_linalg: result count\");",
         kinds[in->ival], arg(cg, in, 0), in->nargs > 1 ? arg(cg, in, 1) : "NULL", int_lit(cg, in->shape[0]), nout);
    if (t->kind == TY_TUPLE) {
        for (int i = 0; i < nout; i++)
            if (t->elems[i]->kind != TY_ARRAY) cg_bug(in, "linalg tuple of non-arrays");
        emit(cg, "%s = %s{%s};", r, ctype_of(cg->m, t), nout == 1 ? "la[0]" : nout == 2 ? "la[0], la[1]" : "la[0], la[1], la[2]");
    } else {
        emit(cg, "%s = la[0];", r);
    }
    cg->indent--;
    emit(cg, "}");
}

/* IR_ARRAY_LIT: the elements in a host array of the dtype's C type, then rt_from_host. */
static void emit_array_lit(Cg *cg, const IrInstr *in) {
    const char *r = vname(cg, in->res);
    const char *ct = dt_ctype(in->dtype);
    emit(cg, "{");
    cg->indent++;
    StrBuf sb = {0};
    for (int i = 0; i < in->ndim; i++) sb_printf(&sb, "%s%lld", i ? ", " : "", (long long)in->shape[i]);
    if (in->ndim) emit(cg, "int64_t shape[%d] = {%s};", in->ndim, sb.s);
    sb_free(&sb);
    if (in->nargs) {
        emit(cg, "%s data[%d] = {", ct, in->nargs);
        cg->indent++;
        StrBuf row = {0};
        for (int i = 0; i < in->nargs; i++) {
            sb_printf(&row, "gp_cast<%s>(%s),", ct, arg(cg, in, i));
            if (row.len > 80 || i == in->nargs - 1) {
                emit(cg, "%s", row.s);
                row.len = 0;
                row.s[0] = 0;
            } else {
                sb_putc(&row, ' ');
            }
        }
        sb_free(&row);
        cg->indent--;
        emit(cg, "};");
    }
    emit(cg, "%s = rt_from_host(%s, %d, %s, %s);", r, dt_gp_enum(in->dtype), in->ndim,
         in->ndim ? "shape" : "NULL", in->nargs ? "data" : "NULL");
    cg->indent--;
    emit(cg, "}");
}

/* Releases the owned values of the open blocks down to (and including) the innermost loop
 * body (loop) or all of them (return). */
static void release_to(Cg *cg, bool to_loop) {
    for (int i = cg->nscopes - 1; i >= 0; i--) {
        scope_release(cg, &cg->scopes[i]);
        if (to_loop && cg->scopes[i].loop) return;
    }
    if (to_loop) util_internal_error(__FILE__, __LINE__, "codegen: break or continue outside a loop");
}

static void emit_return(Cg *cg, const IrInstr *in) {
    const Type *rt = cg->f->ret;
    bool value = in->nargs > 0 && in->args[0] && has_storage(rt) && has_storage(in->args[0]->type);
    const char *a = value ? arg(cg, in, 0) : NULL;
    if (value) emit_refs(cg, a, in->args[0]->type, true);   /* the caller's new reference */
    release_to(cg, false);
    release_locals(cg);
    emit(cg, "rt_frame_leave(&fr);");
    if (value)
        emit(cg, "return %s;", a);
    else
        emit(cg, "return;");
}

/* IR_FOR_RANGE: start/stop/step evaluated once; a hidden counter drives the loop so that the
 * body assigning the variable does not change the iteration; the variable keeps its last
 * value after the loop. */
static void emit_for_range(Cg *cg, const IrInstr *in) {
    int k = cg->ntmp++;
    const char *start = arg(cg, in, 0), *stop = arg(cg, in, 1);
    const char *step = in->nargs > 2 ? arg(cg, in, 2) : "INT64_C(1)";
    if (in->nargs > 2)
        emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
    emit(cg, "for (int64_t it%d = %s; %s > 0 ? it%d < %s : it%d > %s; it%d += %s) {", k, start,
         step, k, stop, k, stop, k, step);
    cg->indent++;
    if (in->var && has_storage(in->var->type)) emit(cg, "%s = it%d;", varname(cg, in->var), k);
    emit_block(cg, in->blocks[0], true, -1);
    cg->indent--;
    emit(cg, "}");
}

/* IR_FOR_RANGE marked by graphloop.c: the same loop over a counter j, whose first u
 * iterations run under stream capture (recorded, not run) when rt_graph_begin says so; then
 * rt_graph_end replays them as a CUDA graph as many whole times as fit and returns the
 * iterations done (0: the capture was thrown away and nothing ran, so the loop starts again
 * uncaptured).  The body never reads the loop variable; it is set to its Python value. */
static void emit_graph_range(Cg *cg, const IrInstr *in) {
    int k = cg->ntmp++;
    const char *start = arg(cg, in, 0), *stop = arg(cg, in, 1), *step = arg(cg, in, 2);
    const char *var = in->var && has_storage(in->var->type) ? varname(cg, in->var) : NULL;
    emit(cg, "if (%s == 0) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");", step);
    emit(cg, "{");
    cg->indent++;
    emit(cg, "static gp_graph gl%d;   /* line %u: captured as a CUDA graph (graphloop.c) */", k,
         (unsigned)in->span.line);
    emit(cg, "int64_t gn%d = gp_range_len(%s, %s, %s);", k, start, stop, step);
    emit(cg, "int64_t gu%d = rt_graph_begin(&gl%d, gn%d);", k, k, k);
    emit(cg, "for (int64_t gj%d = 0; gj%d < gn%d; gj%d++) {", k, k, k, k);
    cg->indent++;
    if (var) emit(cg, "%s = %s + gj%d * %s;", var, start, k, step);
    emit_block(cg, in->blocks[0], true, -1);
    emit(cg, "if (gu%d && gj%d + 1 == gu%d) {", k, k, k);
    cg->indent++;
    emit(cg, "gj%d = rt_graph_end(&gl%d, gn%d) - 1;", k, k, k);
    emit(cg, "gu%d = 0;", k);
    if (var) emit(cg, "if (gj%d >= 0) %s = %s + gj%d * %s;", k, var, start, k, step);
    cg->indent--;
    emit(cg, "}");
    cg->indent--;
    emit(cg, "}");
    cg->indent--;
    emit(cg, "}");
}

/* IR_WHILE: `for (;;) { cond block; release its values; if (!c) break; body }` — the
 * condition sits at the top, so a C continue in the body re-evaluates it. */
static void emit_while(Cg *cg, const IrInstr *in) {
    const IrBlock *cb = in->blocks[0];
    emit(cg, "for (;;) {");
    cg->indent++;
    scope_push(cg, false);
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
    scope_pop(cg, true);
    emit(cg, "if (!%s) break;", arg(cg, cond, 0));
    emit_block(cg, in->blocks[1], true, cg->last_line);
    cg->indent--;
    emit(cg, "}");
}

/* Calls user function in->func; None-typed params and results have no storage. */
static void emit_call(Cg *cg, const IrInstr *in) {
    const IrFunc *fn = in->func;
    StrBuf sb = {0};
    bool first = true;
    for (int i = 0; i < in->nargs; i++) {
        const Type *pt = i < fn->params.n ? ((IrVar *)fn->params.v[i])->type : in->args[i]->type;
        if (!has_storage(pt)) continue;
        sb_printf(&sb, "%s%s", first ? "" : ", ", arg(cg, in, i));
        first = false;
    }
    if (in->res && has_storage(in->res->type) && has_storage(fn->ret))
        emit(cg, "%s = %s(%s);", vname(cg, in->res), fn->cname, sb.s ? sb.s : "");
    else
        emit(cg, "%s(%s);", fn->cname, sb.s ? sb.s : "");
    sb_free(&sb);
}

/* True for ops that only exist inside a kernel group when they work on arrays. */
static bool is_kernel_op(IrOp op) {
    switch (op) {
    case IR_FULL: case IR_ARANGE: case IR_LINSPACE: case IR_EYE: case IR_COPY:
    case IR_STORE_INTO: case IR_REDUCE:
        return true;
    default:
        return false;
    }
}

/* Emits one instruction (and the blocks it owns). */
static void emit_instr(Cg *cg, const IrInstr *in) {
    if (in->group) {
        /* kernel instructions: the launch happens at the group's last instruction */
        if (in->group->last != in) return;
        const RowChain *c = in->group->chain;
        if (c && c->last != in) return;      /* a row chain launches at its last member */
        const Siblings *sb = in->group->siblings;
        if (sb && sb->last != in) return;    /* sibling reductions launch at their last member */
        const Bundle *bd = in->group->bundle;
        emit_line(cg, in);
        if (bd) {   /* a bundle member sets up at its launch point; the last one launches */
            int k = 0;
            while (VEC_AT(bd->members, k) != in->group) k++;
            cg_bundle_member(cg->out, cg->m, bd, k, name_of_cb, cg, cg->indent);
            for (int i = 0; i < in->group->instrs.n; i++) {
                const IrInstr *gi = in->group->instrs.v[i];
                if (gi->res && has_storage(gi->res->type)) own(cg, gi->res);
            }
            return;
        }
        if (c) cg_rows_launch(cg->out, cg->m, c, name_of_cb, cg, cg->indent);
        else if (sb) cg_siblings_launch(cg->out, cg->m, sb, name_of_cb, cg, cg->indent);
        else cg_kernel_launch(cg->out, cg->m, in->group, name_of_cb, cg, cg->indent);
        const Vec *set = c ? &c->members : sb ? &sb->members : NULL;
        for (int k = 0; k < (set ? set->n : 1); k++) {
            const KernelGroup *g = set ? set->v[k] : in->group;
            for (int i = 0; i < g->instrs.n; i++) {
                const IrInstr *gi = g->instrs.v[i];
                if (gi->res && has_storage(gi->res->type)) own(cg, gi->res);
            }
        }
        return;
    }
    if (is_kernel_op(in->op)) cg_bug(in, "kernel instruction outside a kernel group");
    if (in->op == IR_CONST_NONE) return;
    if (in->op != IR_WHILE) emit_line(cg, in);   /* its condition block sets the line */
    const char *r = in->res && has_storage(in->res->type) ? vname(cg, in->res) : NULL;

    if (in->op <= IR_EWISE_LAST) {
        emit_ewise_host(cg, in);
        return;
    }
    switch (in->op) {
    case IR_CONST_BOOL: emit(cg, "%s = %s;", r, in->ival ? "true" : "false"); break;
    case IR_CONST_INT: emit(cg, "%s = %s;", r, int_lit(cg, in->ival)); break;
    case IR_CONST_FLOAT: emit(cg, "%s = %s;", r, float_lit(cg, in->fval)); break;
    case IR_CONST_COMPLEX:
        emit(cg, "%s = gp_c128{%s, %s};", r, float_lit(cg, in->fval), float_lit(cg, in->fval2));
        break;
    case IR_CONST_STR: emit(cg, "%s = %s;", r, cstr(cg, in->sval)); break;

    case IR_TO_BOOL: case IR_TO_INT: case IR_TO_FLOAT: case IR_TO_COMPLEX:
        emit_convert(cg, in);
        break;
    case IR_TO_STR: {
        const Type *t = in->args[0]->type;
        emit(cg, "{");
        cg->indent++;
        emit(cg, "gp_sb sb = {NULL, 0, 0};");
        emit_sb_str(cg, "sb", has_storage(t) ? arg(cg, in, 0) : "0", t);
        emit(cg, "%s = rt_sb_take(&sb);", r);
        emit(cg, "rt_sb_free(&sb);");
        cg->indent--;
        emit(cg, "}");
        break;
    }
    case IR_FORMAT: emit_format(cg, in); break;
    case IR_STR_EQ: emit(cg, "%s = rt_str_eq(%s, %s);", r, arg(cg, in, 0), arg(cg, in, 1)); break;
    case IR_STR_CONCAT: {
        if (in->nargs == 0) {
            emit(cg, "%s = \"\";", r);
            break;
        }
        StrBuf sb = {0};
        for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", arg(cg, in, i));
        emit(cg, "{");
        cg->indent++;
        emit(cg, "const char *parts[%d] = {%s};", in->nargs, sb.s);
        emit(cg, "%s = rt_str_concat(%d, parts);", r, in->nargs);
        cg->indent--;
        emit(cg, "}");
        sb_free(&sb);
        break;
    }

    case IR_LOAD:
        if (!r) break;
        emit(cg, "%s = %s;", r, varname(cg, in->var));
        emit_refs(cg, r, in->res->type, true);
        break;
    case IR_STORE: {
        if (!has_storage(in->var->type) || !in->nargs || !has_storage(in->args[0]->type)) break;
        const char *a = arg(cg, in, 0), *vn = varname(cg, in->var);
        emit_refs(cg, a, in->args[0]->type, true);     /* retain first: x = x stays alive */
        emit_refs(cg, vn, in->var->type, false);
        emit(cg, "%s = %s;", vn, a);
        break;
    }

    case IR_IF: {
        emit(cg, "if (%s) {", arg(cg, in, 0));
        cg->indent++;
        int line = cg->last_line;
        emit_block(cg, in->blocks[0], false, line);
        cg->indent--;
        if (in->blocks[1] && in->blocks[1]->instrs.n) {
            emit(cg, "} else {");
            cg->indent++;
            emit_block(cg, in->blocks[1], false, line);
            cg->indent--;
        }
        emit(cg, "}");
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
    case IR_BREAK: release_to(cg, true); emit(cg, "break;"); break;
    case IR_CONTINUE: release_to(cg, true); emit(cg, "continue;"); break;
    case IR_RETURN: emit_return(cg, in); break;

    case IR_CALL: emit_call(cg, in); break;
    case IR_PRINT: emit_print(cg, in); break;
    case IR_ASSERT:
        emit(cg, "if (!%s) rt_raise(\"AssertionError\", \"%%s\", %s);", arg(cg, in, 0),
             in->nargs > 1 && argkind(in, 1) == TY_STR ? arg(cg, in, 1) : "\"\"");
        break;

    case IR_TUPLE: {
        const Type *t = in->res->type;
        StrBuf sb = {0};
        bool first = true;
        for (int i = 0; i < in->nargs && i < t->n; i++) {
            if (!has_storage(t->elems[i])) continue;
            sb_printf(&sb, "%s%s", first ? "" : ", ", arg(cg, in, i));
            first = false;
        }
        emit(cg, "%s = %s{%s};", r, ctype_of(cg->m, t), sb.s ? sb.s : "");
        sb_free(&sb);
        emit_refs(cg, r, t, true);
        break;
    }
    case IR_TUPLE_GET:
        if (r) emit(cg, "%s = %s.f%lld;", r, arg(cg, in, 0), (long long)in->ival);
        break;
    case IR_LIST_NEW: {
        const Type *et = in->res->type->elem;
        const char *ect = et && has_storage(et) ? ctype_of(cg->m, et) : "int64_t";
        emit(cg, "%s = rt_list_new(%s, sizeof(%s));", r, list_kind(et), ect);
        for (int i = 0; i < in->nargs; i++) {
            const IrValue *e = in->args[i];
            if (e->type->kind != TY_ARRAY) emit_refs(cg, vname(cg, e), e->type, true);
            emit(cg, "rt_list_append(%s, &%s);", r, vname(cg, e));
        }
        break;
    }
    case IR_LIST_APPEND: {
        const IrValue *e = in->args[1];
        /* the list keeps arrays itself; other held references (tuples, lists) it cannot
         * release, so they are retained for the list's lifetime */
        if (e->type->kind != TY_ARRAY) emit_refs(cg, vname(cg, e), e->type, true);
        emit(cg, "rt_list_append(%s, &%s);", arg(cg, in, 0), arg(cg, in, 1));
        break;
    }
    case IR_LIST_GET:
        if (r) emit(cg, "%s = *(%s *)rt_list_at(%s, %s);", r, ctype_of(cg->m, in->res->type),
                    arg(cg, in, 0), arg(cg, in, 1));
        break;
    case IR_LIST_SET: {
        const IrValue *e = in->args[2];
        if (e->type->kind != TY_ARRAY) emit_refs(cg, vname(cg, e), e->type, true);
        emit(cg, "rt_list_set(%s, %s, &%s);", arg(cg, in, 0), arg(cg, in, 1), arg(cg, in, 2));
        break;
    }
    case IR_LIST_LEN: emit(cg, "%s = %s->len;", r, arg(cg, in, 0)); break;
    case IR_LIST_SORTED:
        emit(cg, "%s = rt_list_sorted(%s, %s);", r, arg(cg, in, 0), in->ival ? "true" : "false");
        break;

    case IR_PERF_COUNTER: emit(cg, "%s = rt_perf_counter();", r); break;
    case IR_SYNC: emit(cg, "rt_sync();"); break;
    case IR_FLUSH: emit(cg, "fflush(stdout);"); break;
    case IR_RANDOM_SEED: emit(cg, "rt_random_seed((uint64_t)%s);", arg(cg, in, 0)); break;
    case IR_ARGV_LEN: emit(cg, "%s = (int64_t)rt_argc();", r); break;
    case IR_ARGV_GET: emit(cg, "%s = rt_argv(%s);", r, arg(cg, in, 0)); break;
    case IR_RAISE: /* the message: args[0] (a str made at run time) if given, else sval2 */
        emit(cg, "rt_raise(%s, \"%%s\", %s);", cstr(cg, in->sval ? in->sval : "RuntimeError"),
             in->nargs > 0 ? arg(cg, in, 0) : cstr(cg, in->sval2 ? in->sval2 : ""));
        break;

    case IR_SHAPE_DIM: emit(cg, "%s = %s->shape[%lld];", r, arg(cg, in, 0), (long long)in->ival); break;
    case IR_SIZE: emit(cg, "%s = %s->size;", r, arg(cg, in, 0)); break;
    case IR_INDEX: emit_index(cg, in); break;
    case IR_RESHAPE: case IR_BROADCAST_TO: case IR_EMPTY: {
        int from = in->op == IR_EMPTY ? 0 : 1;
        int n = in->nargs - from;
        emit(cg, "{");
        cg->indent++;
        const char *shp = emit_dims(cg, in, from, n, "shape");
        if (in->op == IR_RESHAPE)
            emit(cg, "%s = rt_reshape(%s, %d, %s);", r, arg(cg, in, 0), n, shp);
        else if (in->op == IR_BROADCAST_TO)
            emit(cg, "%s = rt_broadcast_to(%s, %d, %s);", r, arg(cg, in, 0), n, shp);
        else
            emit(cg, "%s = rt_empty(%s, %d, %s);", r, dt_gp_enum(in->dtype), n, shp);
        cg->indent--;
        emit(cg, "}");
        break;
    }
    case IR_RANDOM_DRAW: { /* rt_random_draw / rt_random_randint (runtime/random.cu) */
        /* ORDER GP_RAND */
        static const char *const kinds[] = {"GP_RAND_UNIFORM", "GP_RAND_UNIFORM_RAW", "GP_RAND_NORMAL",
                                            "GP_RAND_LOGNORMAL", "GP_RAND_BITS"};
        int n = in->ndim;
        emit(cg, "{");
        cg->indent++;
        const char *shp = emit_dims(cg, in, 0, n, "shape");
        if (in->ival == RAND_RANDINT)
            emit(cg, "%s = rt_random_randint(%s, %s, %s, %d, %s);", r, dt_gp_enum(in->dtype), arg(cg, in, n),
                 arg(cg, in, n + 1), n, shp);
        else
            emit(cg, "%s = rt_random_draw(%s, %s, %d, %s, %s, %s);", r, kinds[in->ival], dt_gp_enum(in->dtype), n,
                 shp, in->nargs > n ? arg(cg, in, n) : "0.0", in->nargs > n + 1 ? arg(cg, in, n + 1) : "0.0");
        cg->indent--;
        emit(cg, "}");
        break;
    }
    case IR_TRANSPOSE:
        if (in->ndim == 0) {
            emit(cg, "%s = rt_transpose(%s, NULL);", r, arg(cg, in, 0));
        } else {
            StrBuf sb = {0};
            for (int i = 0; i < in->ndim; i++) sb_printf(&sb, "%s%d", i ? ", " : "", in->perm[i]);
            emit(cg, "{");
            cg->indent++;
            emit(cg, "static const int perm[%d] = {%s};", in->ndim, sb.s);
            emit(cg, "%s = rt_transpose(%s, perm);", r, arg(cg, in, 0));
            cg->indent--;
            emit(cg, "}");
            sb_free(&sb);
        }
        break;
    case IR_COMPLEX_PART: emit(cg, "%s = rt_complex_part(%s, %d);", r, arg(cg, in, 0), (int)in->ival); break;
    case IR_TOLIST: emit(cg, "%s = %s(%s);", r, in->ival ? "rt_tolist_str" : "rt_tolist", arg(cg, in, 0)); break;
    case IR_ARRAY_LIT: emit_array_lit(cg, in); break;
    case IR_MATMUL: {
        /* ORDER GP_MM: the gp_mm_mode constants of gpyrt.h */
        static const char *const modes[] = {"GP_MM_MATMUL", "GP_MM_DOT", "GP_MM_VDOT", "GP_MM_INNER",
                                            "GP_MM_TENSORDOT", "GP_MM_MATRIX_POWER"};
        if (in->ival < 0 || in->ival >= (int64_t)(sizeof modes / sizeof modes[0])) cg_bug(in, "bad matmul mode");
        emit(cg, "%s = rt_matmul(%s, %s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), modes[in->ival],
             int_lit(cg, in->shape[0]));
        break;
    }
    case IR_MEDIAN: /* runtime/median.cu */
        emit(cg, "%s = rt_median(%s, %d, %s, %s);", r, arg(cg, in, 0), (int)in->ival, in->keepdims ? "true" : "false",
             dt_gp_enum(in->dtype));
        break;
    case IR_QUANTILE: { /* runtime/median.cu */
        if (in->nargs < 1 || in->nargs > 2) cg_bug(in, "bad quantile");
        StrBuf ax = {0};
        for (int i = 0; i < in->naxes; i++) sb_printf(&ax, "%s%d", i ? ", " : "", in->axes[i]);
        emit(cg, "{");
        cg->indent++;
        emit(cg, "static const int axes[%d] = {%s};", in->naxes ? in->naxes : 1, in->naxes ? ax.s : "0");
        emit(cg, "%s = rt_quantile(%s, %s, %d, axes, %s, %d, %s);", r, arg(cg, in, 0),
             in->nargs == 2 ? arg(cg, in, 1) : "NULL", in->naxes, in->keepdims ? "true" : "false", (int)in->ival,
             dt_gp_enum(in->dtype));
        cg->indent--;
        emit(cg, "}");
        sb_free(&ax);
        break;
    }
    case IR_FFT: { /* runtime/fft.c */
        /* ORDER GP_FFT: the gp_fft_kind constants of gpyrt.h */
        static const char *const kinds[] = {"GP_FFT_C2C_FORWARD", "GP_FFT_C2C_INVERSE", "GP_FFT_R2C", "GP_FFT_C2R"};
        if (in->ival < 0 || in->ival >= 4 || in->naxes < 1 || in->nargs != 1 + in->naxes) cg_bug(in, "bad fft");
        StrBuf ax = {0}, ns = {0};
        for (int i = 0; i < in->naxes; i++) {
            sb_printf(&ax, "%s%d", i ? ", " : "", in->axes[i]);
            sb_printf(&ns, "%s%s", i ? ", " : "", arg(cg, in, 1 + i));
        }
        emit(cg, "{");
        cg->indent++;
        emit(cg, "static const int axes[%d] = {%s};", in->naxes, ax.s);
        emit(cg, "const int64_t n[%d] = {%s};", in->naxes, ns.s);
        emit(cg, "%s = rt_fft(%s, %s, %d, axes, n);", r, arg(cg, in, 0), kinds[in->ival], in->naxes);
        cg->indent--;
        emit(cg, "}");
        sb_free(&ax);
        sb_free(&ns);
        break;
    }
    case IR_LINALG: emit_linalg(cg, in, r); break;
    case IR_SCAN: /* cumsum / cumprod (runtime/scan.cu) */
        emit(cg, "%s = rt_scan(%s, %s, %d);", r, arg(cg, in, 0), in->redop == RED_PROD ? "true" : "false",
             (int)in->ival);
        break;
    case IR_DIAG_VIEW:
        emit(cg, "%s = rt_diag_view(%s, %d, %d);", r, arg(cg, in, 0), in->axes[0], in->axes[1]);
        break;
    case IR_CONCAT_CHECK: case IR_SQUEEZE: case IR_REPEAT: case IR_CONCAT_LIST: { /* runtime/manip.c */
        StrBuf sb = {0};
        emit(cg, "{");
        cg->indent++;
        if (in->op == IR_CONCAT_CHECK) {
            for (int i = 0; i < in->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", arg(cg, in, i));
            emit(cg, "const gp_array *arrs[%d] = {%s};", in->nargs, sb.s);
            emit(cg, "rt_concat_check(%s, %d, %d, arrs);", cstr(cg, in->sval), (int)in->ival, in->nargs);
        } else if (in->op == IR_SQUEEZE) {
            for (int i = 0; i < in->naxes; i++) sb_printf(&sb, "%s%d", i ? ", " : "", in->axes[i]);
            emit(cg, "static const int axes[%d] = {%s};", in->naxes ? in->naxes : 1, in->naxes ? sb.s : "0");
            emit(cg, "%s = rt_squeeze(%s, %d, axes);", r, arg(cg, in, 0), in->naxes);
        } else if (in->op == IR_REPEAT) {
            emit(cg, "%s = rt_repeat(%s, %s, %d);", r, arg(cg, in, 0), arg(cg, in, 1), (int)in->ival);
        } else {
            emit(cg, "%s = rt_concat_list(%s, %d, %s);", r, cstr(cg, in->sval), (int)in->ival, arg(cg, in, 0));
        }
        cg->indent--;
        emit(cg, "}");
        sb_free(&sb);
        break;
    }
    case IR_ADV_INDEX: case IR_ADV_STORE: emit_adv_index(cg, in); break; /* runtime/indexing.cu */
    case IR_NONZERO: emit(cg, "%s = rt_nonzero(%s, %d);", r, arg(cg, in, 0), (int)in->ival); break;
    case IR_SORT: /* runtime/sort.cu */
        emit(cg, "%s = rt_sort(%s, %d, %s, %s, %s);", r, arg(cg, in, 0), (int)in->ival, in->shape[0] ? "true" : "false",
             in->nargs > 1 ? "true" : "false", in->nargs > 1 ? arg(cg, in, 1) : "0");
        break;
    case IR_SEARCHSORTED:
        emit(cg, "%s = rt_searchsorted(%s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), in->ival ? "true" : "false");
        break;
    case IR_UNIQUE: emit(cg, "%s = rt_unique(%s, %d);", r, arg(cg, in, 0), (int)in->ival); break;
    case IR_ISIN:
        emit(cg, "%s = rt_isin(%s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), in->ival ? "true" : "false");
        break;
    case IR_SETOP: {
        /* ORDER GP_SET: the gp_setop constants of gpyrt.h */
        static const char *const ops[] = {"GP_SET_INTERSECT", "GP_SET_UNION", "GP_SET_DIFF", "GP_SET_XOR"};
        if (in->ival < 0 || in->ival > 3) cg_bug(in, "bad set operation");
        emit(cg, "%s = rt_setop(%s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), ops[in->ival]);
        break;
    }
    case IR_BINCOUNT: /* runtime/hist.cu */
        emit(cg, "%s = rt_bincount(%s, %s, %s);", r, arg(cg, in, 0), in->nargs > 2 ? arg(cg, in, 2) : "NULL",
             arg(cg, in, 1));
        break;
    case IR_DIGITIZE:
        emit(cg, "%s = rt_digitize(%s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), in->ival ? "true" : "false");
        break;
    case IR_HIST_EDGES:
        emit(cg, "%s = rt_hist_edges(%s, %s, %s, %s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1),
             in->nargs > 3 ? "true" : "false", in->nargs > 3 ? arg(cg, in, 2) : "0.0",
             in->nargs > 3 ? arg(cg, in, 3) : "0.0", dt_gp_enum(in->dtype));
        break;
    case IR_HISTOGRAM:
        emit(cg, "%s = rt_histogram(%s, %s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1),
             in->nargs > 2 ? arg(cg, in, 2) : "NULL", in->ival ? "true" : "false");
        break;
    case IR_HISTOGRAM2D:
        emit(cg, "%s = rt_histogram2d(%s, %s, %s, %s, %s, %s);", r, arg(cg, in, 0), arg(cg, in, 1), arg(cg, in, 2),
             arg(cg, in, 3), in->nargs > 4 ? arg(cg, in, 4) : "NULL", in->ival ? "true" : "false");
        break;
    default:
        cg_bug(in, "no host code for this instruction");
    }

    /* owned results: released at the end of the defining block (borrowed: TUPLE_GET, LIST_GET) */
    if (r && in->op != IR_TUPLE_GET && in->op != IR_LIST_GET) own(cg, in->res);
}

/* True for instructions after which nothing in their block runs. */
static bool is_terminator(const IrInstr *in) {
    switch (in->op) {
    case IR_BREAK: case IR_CONTINUE: case IR_RETURN: case IR_RAISE: return true;
    case IR_IF: return terminates(in->blocks[0]) && terminates(in->blocks[1]);
    default: return false;
    }
}

/* True when control never leaves block b at its end (it breaks, continues, returns or raises
 * on every path). */
static bool terminates(const IrBlock *b) {
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++)
        if (is_terminator(b->instrs.v[i])) return true;
    return false;
}

/* Emits block b as a scope: its instructions, then the release of the values it owns.  The
 * instructions after a terminator are dead and not emitted (the terminator released the
 * block's values).  entry_line: fr.line on entry on every path, or -1. */
static void emit_block(Cg *cg, const IrBlock *b, bool loop, int entry_line) {
    scope_push(cg, loop);
    cg->last_line = entry_line;
    bool ended = false;
    for (int i = 0; b && i < b->instrs.n && !ended; i++) {
        emit_instr(cg, b->instrs.v[i]);
        ended = is_terminator(b->instrs.v[i]);
    }
    scope_pop(cg, !ended);
    cg->last_line = -1;
}

/* ---------------------------------------------------------------- functions */

/* Declares v<id> for every result with storage in block b and the blocks nested in it. */
static void declare_values(Cg *cg, const IrBlock *b) {
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = b->instrs.v[i];
        if (in->res && has_storage(in->res->type))
            emit(cg, "%s = %s;", decl_of(cg, in->res->type, vname(cg, in->res)), zero_of(in->res->type));
        const Bundle *bd = in->group ? in->group->bundle : NULL;
        if (bd && bd->last == in) cg_bundle_decls(cg->out, bd, cg->indent);
        declare_values(cg, in->blocks[0]);
        declare_values(cg, in->blocks[1]);
    }
}

static bool is_module_body(const Cg *cg, const IrFunc *f) { return cg->m->funcs.n && cg->m->funcs.v[0] == f; }

/* `static T f_x(T l_a, ...)` without the trailing `;` or `{`. */
static const char *signature(Cg *cg, const IrFunc *f) {
    if (is_module_body(cg, f)) return "static void gp_module(void)";
    StrBuf sb = {0};
    sb_printf(&sb, "static %s(",
              has_storage(f->ret) ? decl_of(cg, f->ret, f->cname) : fmt(cg, "void %s", f->cname));
    bool first = true;
    for (int i = 0; i < f->params.n; i++) {
        IrVar *p = f->params.v[i];
        if (!has_storage(p->type)) continue;
        sb_printf(&sb, "%s%s", first ? "" : ", ", decl_of(cg, p->type, varname(cg, p)));
        first = false;
    }
    if (first) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    const char *r = ar_strdup(cg->m->arena, sb.s);
    sb_free(&sb);
    return r;
}

static void emit_func(Cg *cg, const IrFunc *f) {
    cg->f = f;
    cg->indent = 0;
    cg->last_line = -1;
    emit(cg, "/* %s */", is_module_body(cg, f) ? "module body" : fmt(cg, "def %s", f->name));
    emit(cg, "%s {", signature(cg, f));
    cg->indent = 1;
    if (f->file && f->file != cg->m->main_file && f->file->name)   /* a helper module's code */
        emit(cg, "gp_frame fr = {%s, 0, NULL, %s};", cstr(cg, f->name ? f->name : "<module>"), cstr(cg, f->file->name));
    else
        emit(cg, "gp_frame fr = {%s, 0, NULL};", cstr(cg, f->name ? f->name : "<module>"));
    for (int i = 0; i < f->locals.n; i++) {
        IrVar *var = f->locals.v[i];
        if (var->global || !has_storage(var->type)) continue;
        emit(cg, "%s = %s;", decl_of(cg, var->type, varname(cg, var)), zero_of(var->type));
    }
    declare_values(cg, f->body);
    emit(cg, "rt_frame_enter(&fr);");
    for (int i = 0; i < f->params.n; i++) {   /* params are borrowed */
        IrVar *p = f->params.v[i];
        emit_refs(cg, varname(cg, p), p->type, true);
    }
    emit_block(cg, f->body, false, -1);
    if (!terminates(f->body)) {
        release_locals(cg);
        emit(cg, "rt_frame_leave(&fr);");
        if (has_storage(f->ret)) emit(cg, "return {};   /* not reached: every path returns */");
    }
    cg->indent = 0;
    emit(cg, "}");
    emit(cg, "%s", "");
}

/* ---------------------------------------------------------------- the translation unit */

void cg_module(StrBuf *out, const IrModule *m) {
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
    cg.out = out;
    sb_puts(out, "/*\n * Generated by gpyc from ");
    sb_puts(out, m->main_file && m->main_file->path ? m->main_file->path : script);
    sb_puts(out, " -- do not edit.\n"
                 " * Kernels first, then the host code: one static function per Python function,\n"
                 " * gp_module() for the module body, and main().\n */\n");
    bool any_reduce = false;
    for (int i = 0; i < m->groups.n; i++)
        any_reduce |= ((const KernelGroup *)VEC_AT(m->groups, i))->kind == KG_REDUCE;
    if (!any_reduce) sb_puts(out, "#define GPYRT_NO_BLOCK_REDUCE /* no reduction kernels: CUB is not needed */\n");
    sb_puts(out, "#include <gpyrt.h>\n#include <gpyrt_device.cuh>\n#include <math.h>\n"
                 "#include <stdio.h>\n#include <string.h>\n\n"
                 "/* every value is declared at the top of its function; some are never read */\n"
                 "#pragma nv_diag_suppress 177   /* declared but never referenced */\n"
                 "#pragma nv_diag_suppress 550   /* set but never used */\n\n");
    if (cg.need_repr_str) sb_puts(out, repr_str_helper);

    if (m->tuple_types.n) sb_puts(out, "/* tuples */\n");
    for (int i = 0; i < m->tuple_types.n; i++) {
        const Type *t = m->tuple_types.v[i];
        sb_printf(out, "typedef struct gp_tup%d {", t->id);
        for (int j = 0; j < t->n; j++)
            if (has_storage(t->elems[j])) sb_printf(out, " %s;", decl_of(&cg, t->elems[j], fmt(&cg, "f%d", j)));
        sb_printf(out, " } gp_tup%d;\n", t->id);
    }
    if (m->tuple_types.n) sb_putc(out, '\n');

    bool any = false;
    for (int i = 0; i < m->globals.n; i++) {
        IrVar *var = m->globals.v[i];
        if (!has_storage(var->type)) continue;
        if (!any) sb_puts(out, "/* module variables */\n");
        any = true;
        sb_printf(out, "static %s;\n", decl_of(&cg, var->type, varname(&cg, var)));
    }
    if (any) sb_putc(out, '\n');

    if (m->funcs.n > 1) sb_puts(out, "/* functions */\n");
    for (int i = 1; i < m->funcs.n; i++) sb_printf(out, "%s;\n", signature(&cg, m->funcs.v[i]));
    if (m->funcs.n > 1) sb_putc(out, '\n');

    if (m->groups.n) sb_puts(out, "/* ---------------------------------------------------------------- kernels */\n\n");
    for (int i = 0; i < m->groups.n; i++) cg_kernel_def(out, m, m->groups.v[i]);
    for (int i = 0; i < m->chains.n; i++) cg_rows_def(out, m, m->chains.v[i]);
    cg_siblings_defs(out, m);
    cg_bundle_defs(out, m);
    if (m->groups.n) sb_putc(out, '\n');

    sb_puts(out, "/* ---------------------------------------------------------------- host code */\n\n");
    if (body.s) sb_putn(out, body.s, body.len);
    sb_puts(out, "int main(int argc, char **argv) {\n    rt_init(argc, argv, ");
    put_cstr(out, script);
    sb_puts(out, ");\n    gp_module();\n    return rt_finish();\n}\n");

    sb_free(&body);
    for (int i = 0; i <= m->next_value_id; i++) free(cg.vnames[i]);
    for (int i = 0; i <= m->next_var_id; i++) free(cg.varnames[i]);
    free(cg.vnames);
    free(cg.varnames);
    free(cg.scopes);
}
