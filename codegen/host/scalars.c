/*
 * scalars.c — Python scalars and strings on the host: elementwise ops on Python numbers (with
 * Python's semantics where they differ from NumPy's), int()/float()/bool()/complex(), str()
 * and repr() of every type, format() and print().
 */
#include "codegen/host/host.h"

#include <string.h>

/* ---------------------------------------------------------------- str() and repr() */

static void emit_sb_repr(Cg *cg, const char *sb, const char *expr, const Type *t);

/* str() of a dict or set: '{' + the repr of each key (: value) in iteration order + '}'; an
 * empty set is "set()", a Counter "Counter({...})" in most_common() order ("Counter()" when
 * empty), a defaultdict "defaultdict(<class 'int'>, {...})".  The loop's names are numbered by
 * the indentation (nested tables print in nested blocks). */
static void emit_sb_table(Cg *cg, const char *sb, const char *expr, const Type *t)
{
    bool dict = t->kind == TY_DICT, counter = dict && t->name && !strcmp(t->name, "Counter");
    bool dflt = dict && t->name && !counter;
    const Type *kt = dict ? t->key : t->elem;
    bool frozen = !dict && t->name; /* frozenset({1, 2}) */
    const char *empty = counter  ? "Counter()"
                        : frozen ? "frozenset()"
                        : dict   ? NULL
                                 : "set()"; /* written alone when empty */
    if (dflt) cg_emit(cg, "rt_sb_puts(&%s, \"defaultdict(<class '%s'>, \");", sb, t->name);
    if (!kt || (dict && !t->elem)) { /* never stored to: always empty */
        cg_emit(cg, "rt_sb_puts(&%s, \"%s\");", sb, empty ? empty : "{}");
        if (dflt) cg_emit(cg, "rt_sb_putc(&%s, ')');", sb);
        return;
    }
    int d = cg->indent;
    cg_emit(cg, "{");
    cg->indent++;
    if (counter) {
        cg_emit(cg, "gp_dict *tc%d = rt_dict_by_count(%s);", d, expr);
        expr = cg_fmt(cg, "tc%d", d);
    }
    cg_emit(cg, "int64_t tpos%d = 0; void *tk%d, *tv%d = NULL; bool tfirst%d = true;", d, d, d, d);
    if (empty) cg_emit(cg, "if (%s->%s == 0) rt_sb_puts(&%s, \"%s\"); else {", expr, dict ? "len" : "used", sb, empty);
    if (counter || frozen) cg_emit(cg, "rt_sb_puts(&%s, \"%s(\");", sb, counter ? "Counter" : "frozenset");
    cg_emit(cg, "rt_sb_putc(&%s, '{');", sb);
    if (dict) cg_emit(cg, "while (rt_dict_next(%s, &tpos%d, &tk%d, &tv%d)) {", expr, d, d, d);
    else cg_emit(cg, "while (rt_set_next(%s, &tpos%d, &tk%d)) {", expr, d, d);
    cg->indent++;
    cg_emit(cg, "if (!tfirst%d) rt_sb_puts(&%s, \", \");", d, sb);
    cg_emit(cg, "tfirst%d = false;", d);
    emit_sb_repr(cg, sb, cg_fmt(cg, "(*(%s *)tk%d)", cg_ctype_of(cg->m, kt), d), kt);
    if (dict) {
        cg_emit(cg, "rt_sb_puts(&%s, \": \");", sb);
        emit_sb_repr(cg, sb, cg_fmt(cg, "(*(%s *)tv%d)", cg_ctype_of(cg->m, t->elem), d), t->elem);
    }
    cg->indent--;
    cg_emit(cg, "}");
    cg_emit(cg, "rt_sb_putc(&%s, '}');", sb);
    if (counter || frozen) cg_emit(cg, "rt_sb_putc(&%s, ')');", sb);
    if (empty) cg_emit(cg, "}");
    cg_emit(cg, "(void)tv%d;", d);
    if (counter) cg_emit(cg, "rt_dict_release(tc%d);", d);
    cg->indent--;
    cg_emit(cg, "}");
    if (dflt) cg_emit(cg, "rt_sb_putc(&%s, ')');", sb);
}

/* Appends str(expr) of the record type t, a dict literal's (`{'k': v}`) or a namedtuple's
 * (`P(x=1)`): a value inside a container (lower/dict.c writes a record printed itself). */
static void emit_sb_record(Cg *cg, const char *sb, const char *expr, const Type *t)
{
    bool nt = t->name != NULL;
    cg->need_repr_str = cg->need_repr_str || !nt;
    cg_emit(cg, "rt_sb_puts(&%s, %s);", sb, cg_cstr(cg, nt ? cg_fmt(cg, "%s(", t->name + 11) : "{"));
    for (int i = 0; i < t->n; i++) {
        if (i) cg_emit(cg, "rt_sb_puts(&%s, \", \");", sb);
        if (nt) {
            cg_emit(cg, "rt_sb_puts(&%s, %s);", sb, cg_cstr(cg, cg_fmt(cg, "%s=", t->keys[i])));
        } else {
            cg_emit(cg, "gp_sb_repr_str(&%s, %s);", sb, cg_cstr(cg, t->keys[i]));
            cg_emit(cg, "rt_sb_puts(&%s, \": \");", sb);
        }
        emit_sb_repr(cg, sb, cg_fmt(cg, "%s.f%d", expr, i), t->elems[i]);
    }
    cg_emit(cg, "rt_sb_putc(&%s, '%c');", sb, nt ? ')' : '}');
}

/* Appends str(expr) of type t to the gp_sb named sb. */
void cg_emit_sb_str(Cg *cg, const char *sb, const char *expr, const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: cg_emit(cg, "rt_sb_bool(&%s, %s);", sb, expr); break;
    case TY_INT: cg_emit(cg, "rt_sb_i64(&%s, %s);", sb, expr); break;
    case TY_FLOAT: cg_emit(cg, "rt_sb_f64(&%s, %s);", sb, expr); break;
    case TY_COMPLEX: cg_emit(cg, "rt_sb_c128(&%s, %s.re, %s.im);", sb, expr, expr); break;
    case TY_STR: cg_emit(cg, "rt_sb_puts(&%s, %s);", sb, expr); break;
    case TY_NONE: case TY_VOID: cg_emit(cg, "rt_sb_none(&%s);", sb); break;
    case TY_ARRAY: cg_emit(cg, "rt_sb_array_str(&%s, %s);", sb, expr); break;
    case TY_POLY1D: cg_emit(cg, "rt_sb_poly1d(&%s, %s, \"%s\", false);", sb, expr, t->name); break;
    case TY_BYTES: /* str(b) is repr(b) */
        cg->need_repr_bytes = true;
        cg_emit(cg, "gp_sb_repr_bytes(&%s, %s);", sb, expr);
        break;
    case TY_LIST:
        if (ty_is_deque(t)) cg_emit(cg, "rt_sb_puts(&%s, \"deque(\");", sb);
        if (t->elem && t->elem->kind == TY_TUPLE) { /* [(1, 'a'), ...]: each tuple's repr */
            int d = cg->indent;
            cg_emit(cg, "rt_sb_putc(&%s, '[');", sb);
            cg_emit(cg, "for (int64_t ti%d = 0; ti%d < %s->len; ti%d++) {", d, d, expr, d);
            cg->indent++;
            cg_emit(cg, "if (ti%d) rt_sb_puts(&%s, \", \");", d, sb);
            cg_emit_sb_str(cg, sb, cg_fmt(cg, "(*(%s *)rt_list_at(%s, ti%d))", cg_ctype_of(cg->m, t->elem), expr, d),
                           t->elem);
            cg->indent--;
            cg_emit(cg, "}");
            cg_emit(cg, "rt_sb_putc(&%s, ']');", sb);
        } else {
            cg_emit(cg, "rt_sb_list(&%s, %s);", sb, expr);
        }
        if (ty_is_deque(t) && t->n >= 0)
            cg_emit(cg, "rt_sb_puts(&%s, \", maxlen=%d)\");", sb, t->n);
        else if (ty_is_deque(t))
            cg_emit(cg, "rt_sb_putc(&%s, ')');", sb);
        break;
    case TY_DICT: case TY_SET: emit_sb_table(cg, sb, expr, t); break;
    case TY_DTYPE: cg_emit(cg, "rt_sb_puts(&%s, \"%s\");", sb, dt_name(t->dtype)); break;
    case TY_TUPLE:
        if (t->keys && (!t->name || !strncmp(t->name, "namedtuple.", 11))) {
            emit_sb_record(cg, sb, expr, t);
            break;
        }
        /* str(tuple) is "(" + repr of the elements + ")", with a trailing comma for one. */
        cg_emit(cg, "rt_sb_putc(&%s, '(');", sb);
        for (int i = 0; i < t->n; i++) {
            if (i) cg_emit(cg, "rt_sb_puts(&%s, \", \");", sb);
            emit_sb_repr(cg, sb, cg_fmt(cg, "%s.f%d", expr, i), t->elems[i]);
        }
        if (t->n == 1) cg_emit(cg, "rt_sb_putc(&%s, ',');", sb);
        cg_emit(cg, "rt_sb_putc(&%s, ')');", sb);
        break;
    default:
        util_internal_error(__FILE__, __LINE__, xstrdup(cg_fmt(cg, "codegen: cannot print a value of type %s", ty_str_of(t))));
    }
}

/* Appends repr(expr) of type t: quoted strs, NumPy's repr of arrays, else as str(). */
static void emit_sb_repr(Cg *cg, const char *sb, const char *expr, const Type *t)
{
    if (t->kind == TY_STR) {
        cg->need_repr_str = true;
        cg_emit(cg, "gp_sb_repr_str(&%s, %s);", sb, expr);
    } else if (t->kind == TY_ARRAY) {
        cg_emit(cg, "rt_sb_array_repr(&%s, %s);", sb, expr);
    } else if (t->kind == TY_POLY1D) {
        cg_emit(cg, "rt_sb_poly1d(&%s, %s, \"%s\", true);", sb, expr, t->name);
    } else if (t->kind == TY_BYTES) {
        cg->need_repr_bytes = true;
        cg_emit(cg, "gp_sb_repr_bytes(&%s, %s);", sb, expr);
    } else if (t->kind == TY_DTYPE) {
        cg_emit(cg, "rt_sb_puts(&%s, \"dtype('%s')\");", sb, dt_name(t->dtype));
    } else {
        cg_emit_sb_str(cg, sb, expr, t);
    }
}

/* Python's repr() of a str, emitted once into the translation unit when a program needs it
 * (or needs the bytes helper, which builds on it): single quotes unless the text has ' and no
 * ", backslash escapes for \\, the quote, \n \r \t and other control characters (\xhh); other
 * bytes (UTF-8 text) as they are, except in a bytes value: \xhh from 0x80 on too. */
const char cg_repr_str_helper[] =
    "/* repr() of n chars at p (bytes: of a bytes value), as Python writes it. */\n"
    "static void gp_sb_repr_chars(gp_sb *sb, const unsigned char *p, size_t n, bool bytes) {\n"
    "    char q = (memchr(p, '\\'', n) && !memchr(p, '\"', n)) ? '\"' : '\\'';\n"
    "    if (bytes) rt_sb_putc(sb, 'b');\n"
    "    rt_sb_putc(sb, q);\n"
    "    for (const unsigned char *e = p + n; p < e; p++) {\n"
    "        char buf[8];\n"
    "        if (*p == '\\\\' || *p == (unsigned char)q) { rt_sb_putc(sb, '\\\\'); rt_sb_putc(sb, (char)*p); }\n"
    "        else if (*p == '\\n') rt_sb_puts(sb, \"\\\\n\");\n"
    "        else if (*p == '\\r') rt_sb_puts(sb, \"\\\\r\");\n"
    "        else if (*p == '\\t') rt_sb_puts(sb, \"\\\\t\");\n"
    "        else if (*p < 0x20 || *p == 0x7f || (bytes && *p > 0x7f)) { snprintf(buf, sizeof buf, \"\\\\x%02x\", *p); rt_sb_puts(sb, buf); }\n"
    "        else rt_sb_putc(sb, (char)*p);\n"
    "    }\n"
    "    rt_sb_putc(sb, q);\n"
    "}\n\n"
    "static void gp_sb_repr_str(gp_sb *sb, const char *s) { gp_sb_repr_chars(sb, (const unsigned char *)s, strlen(s), false); }\n\n";

/* Python's repr() of a bytes value (a 1-d uint8 array on the device, copied to the host),
 * emitted after cg_repr_str_helper when a program needs it. */
const char cg_repr_bytes_helper[] =
    "/* repr() of a bytes value, as Python writes it. */\n"
    "static void gp_sb_repr_bytes(gp_sb *sb, const gp_array *b) {\n"
    "    size_t n = (size_t)b->size;\n"
    "    unsigned char *h = (unsigned char *)malloc(n ? n : 1);\n"
    "    rt_to_host(b, h);\n"
    "    gp_sb_repr_chars(sb, h, n, true);\n"
    "    free(h);\n"
    "}\n\n";

/* Elementwise op on Python scalars (no kernel group): host C calling the op's DEVICE_FN, or
 * the runtime's Python-semantics helpers where Python differs from NumPy (division by zero
 * raises ZeroDivisionError, floor division and modulo take the divisor's sign). */
void cg_emit_ewise_host(Cg *cg, const IrInstr *in)
{
    const OpInfo *oi = ir_op_info(in->op);
    if (!in->res || !cg_has_storage(in->res->type)) cg_bug(in, "elementwise op without a result");
    for (int i = 0; i < in->nargs; i++)
        if (cg_argkind(in, i) == TY_ARRAY) cg_bug(in, "elementwise op on arrays outside a kernel group");
    const Type *rt = in->res->type;
    const char *r = cg_vname(cg, in->res);
    const char *rct = cg_ctype_of(cg->m, rt);
    DType cd = in->cdtype;
    /* Python bools are ints: True + True is 2 */
    if (cd == DT_BOOL && rt->kind == TY_INT) cd = DT_INT64;
    const char *ct = dt_ctype(cd);
    bool ints = (cd == DT_INT64 || cd == DT_BOOL || dt_is_int(cd));
    bool both_int = (cg_argkind(in, 0) == TY_INT || cg_argkind(in, 0) == TY_BOOL) &&
                    (cg_argkind(in, 1) == TY_INT || cg_argkind(in, 1) == TY_BOOL);

    switch (in->op) {
    case IR_TRUEDIV:
        if (both_int) {
            cg_emit(cg, "%s = rt_i64_truediv(%s, %s);", r, cg_operand(cg, in, 0, "int64_t"), cg_operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd)) {
            cg_emit(cg, "%s = rt_f64_truediv(%s, %s);", r, cg_operand(cg, in, 0, "double"),
                    cg_operand(cg, in, 1, "double"));
            return;
        }
        if (dt_is_complex(cd)) {
            const char *b = cg_arg(cg, in, 1);
            if (cg_argkind(in, 1) == TY_COMPLEX)
                cg_emit(cg, "if (%s.re == 0.0 && %s.im == 0.0) rt_raise(\"ZeroDivisionError\", \"complex division by zero\");", b, b);
            else
                cg_emit(cg, "if (%s == 0) rt_raise(\"ZeroDivisionError\", \"complex division by zero\");", b);
        }
        break;
    case IR_FLOORDIV:
    case IR_MOD: {
        const char *fn = in->op == IR_FLOORDIV ? "floordiv" : "mod";
        if (ints) {
            cg_emit(cg, "%s = rt_i64_%s(%s, %s);", r, fn, cg_operand(cg, in, 0, "int64_t"), cg_operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd)) {
            cg_emit(cg, "%s = rt_f64_%s(%s, %s);", r, fn, cg_operand(cg, in, 0, "double"),
                    cg_operand(cg, in, 1, "double"));
            return;
        }
        break;
    }
    case IR_POW:
        if (ints && rt->kind == TY_INT) {
            cg_emit(cg, "%s = rt_i64_pow(%s, %s);", r, cg_operand(cg, in, 0, "int64_t"), cg_operand(cg, in, 1, "int64_t"));
            return;
        }
        if (dt_is_float(cd) && cg_argkind(in, 1) != TY_COMPLEX && cg_argkind(in, 0) != TY_COMPLEX)
            cg_emit(cg, "if (%s == 0 && %s < 0) rt_raise(\"ZeroDivisionError\", \"0.0 cannot be raised to a negative power\");",
                    cg_arg(cg, in, 0), cg_arg(cg, in, 1));
        break;
    case IR_CAST: {
        const char *to = dt_ctype(in->dtype);
        if (strcmp(to, rct) == 0)
            cg_emit(cg, "%s = gp_cast<%s>(%s);", r, to, cg_arg(cg, in, 0));
        else
            cg_emit(cg, "%s = gp_cast<%s>(gp_cast<%s>(%s));", r, rct, to, cg_arg(cg, in, 0));
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
        sb_puts(&call, raw ? cg_arg(cg, in, i) : cg_operand(cg, in, i, ct));
    }
    sb_putc(&call, ')');
    bool boolres = oi->rule == RULE_CMP || oi->rule == RULE_LOGIC;
    if (boolres || strcmp(ct, rct) == 0)
        cg_emit(cg, "%s = %s;", r, call.s);
    else
        cg_emit(cg, "%s = gp_cast<%s>(%s);", r, rct, call.s);
    sb_free(&call);
}

/* IR_TO_BOOL / TO_INT / TO_FLOAT / TO_COMPLEX: Python's conversions of one value. */
void cg_emit_convert(Cg *cg, const IrInstr *in)
{
    const char *r = cg_vname(cg, in->res);
    const char *a = in->nargs ? cg_arg(cg, in, 0) : NULL;
    TypeKind k = cg_argkind(in, 0);
    switch (in->op) {
    case IR_TO_BOOL:
        switch (k) {
        case TY_BOOL: cg_emit(cg, "%s = %s;", r, a); break;
        case TY_INT: cg_emit(cg, "%s = %s != 0;", r, a); break;
        case TY_FLOAT: cg_emit(cg, "%s = %s != 0.0;", r, a); break;
        case TY_COMPLEX: cg_emit(cg, "%s = %s.re != 0.0 || %s.im != 0.0;", r, a, a); break;
        case TY_STR: cg_emit(cg, "%s = %s[0] != '\\0';", r, a); break;
        case TY_ARRAY: cg_emit(cg, "%s = rt_item_bool(%s);", r, a); break;
        case TY_BYTES: cg_emit(cg, "%s = %s->size != 0;", r, a); break;
        case TY_LIST: cg_emit(cg, "%s = %s->len != 0;", r, a); break;
        case TY_DICT: cg_emit(cg, "%s = %s->len != 0;", r, a); break;
        case TY_SET: cg_emit(cg, "%s = %s->used != 0;", r, a); break;
        case TY_TUPLE: cg_emit(cg, "%s = %s;", r, in->args[0]->type->n ? "true" : "false"); break;
        case TY_NONE: cg_emit(cg, "%s = false;", r); break;
        default: cg_emit(cg, "%s = true;", r); break;   /* modules, functions, dtypes are truthy */
        }
        return;
    case IR_TO_INT:
        switch (k) {
        case TY_BOOL: case TY_INT: cg_emit(cg, "%s = (int64_t)%s;", r, a); break;
        case TY_FLOAT:
            cg_emit(cg, "if (isnan(%s)) rt_raise(\"ValueError\", \"cannot convert float NaN to integer\");", a);
            cg_emit(cg, "if (isinf(%s)) rt_raise(\"OverflowError\", \"cannot convert float infinity to integer\");", a);
            cg_emit(cg, "%s = gp_cast<int64_t>(%s);   /* truncates; saturates past int64 */", r, a);
            break;
        case TY_STR: cg_emit(cg, "%s = rt_str_to_i64(%s);", r, a); break;
        case TY_ARRAY: cg_emit(cg, "%s = rt_item_i64(%s);", r, a); break;
        default: cg_bug(in, "int() of this type");
        }
        return;
    case IR_TO_FLOAT:
        switch (k) {
        case TY_BOOL: case TY_INT: case TY_FLOAT: cg_emit(cg, "%s = (double)%s;", r, a); break;
        case TY_STR: cg_emit(cg, "%s = rt_str_to_f64(%s);", r, a); break;
        case TY_ARRAY: cg_emit(cg, "%s = rt_item_f64(%s);", r, a); break;
        default: cg_bug(in, "float() of this type");
        }
        return;
    case IR_TO_COMPLEX:
        switch (k) {
        case TY_BOOL: case TY_INT: case TY_FLOAT:
            cg_emit(cg, "%s = gp_c128{(double)%s, 0.0};", r, a);
            break;
        case TY_COMPLEX: cg_emit(cg, "%s = %s;", r, a); break;
        case TY_ARRAY: cg_emit(cg, "rt_item_c128(%s, &%s.re, &%s.im);", a, r, r); break;
        case TY_VOID: cg_emit(cg, "%s = gp_c128{0.0, 0.0};", r); break;
        default: cg_bug(in, "complex() of this type");
        }
        return;
    default:
        GPYC_UNREACHABLE();
    }
}

/* IR_FORMAT: format(value, spec) after an optional !r / !s conversion. */
void cg_emit_format(Cg *cg, const IrInstr *in)
{
    const char *r = cg_vname(cg, in->res);
    const Type *t = in->args[0]->type;
    const char *a = cg_has_storage(t) ? cg_arg(cg, in, 0) : "0";
    /* args[1]: a spec made at run time (f'{x:.{d}f}') */
    const char *spec = in->nargs > 1 ? cg_arg(cg, in, 1) : cg_cstr(cg, in->sval ? in->sval : "");
    bool empty = in->nargs == 1 && (!in->sval || !*in->sval);
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_sb sb = {NULL, 0, 0};");
    if (in->ival == 'r' || in->ival == 's' || in->ival == 'a') {
        cg_emit(cg, "gp_sb conv = {NULL, 0, 0};");
        if (in->ival == 's')
            cg_emit_sb_str(cg, "conv", a, t);
        else
            emit_sb_repr(cg, "conv", a, t);
        cg_emit(cg, "rt_sb_fmt_str(&sb, rt_sb_take(&conv), %s);", spec);
        cg_emit(cg, "rt_sb_free(&conv);");
    } else {
        switch (t->kind) {
        case TY_BOOL: cg_emit(cg, "rt_sb_fmt_bool(&sb, %s, %s);", a, spec); break;
        case TY_INT: cg_emit(cg, "rt_sb_fmt_i64(&sb, %s, %s);", a, spec); break;
        case TY_FLOAT: cg_emit(cg, "rt_sb_fmt_f64(&sb, %s, %s);", a, spec); break;
        case TY_COMPLEX: cg_emit(cg, "rt_sb_fmt_c128(&sb, %s.re, %s.im, %s);", a, a, spec); break;
        case TY_STR: cg_emit(cg, "rt_sb_fmt_str(&sb, %s, %s);", a, spec); break;
        case TY_ARRAY: cg_emit(cg, "rt_sb_fmt_array(&sb, %s, %s);", a, spec); break;
        default: {
            /* object.__format__: only the empty spec, which gives str() */
            const char *tn = t->kind == TY_NONE ? "NoneType" : t->kind == TY_TUPLE ? "tuple"
                             : t->kind == TY_LIST ? "list" : "type";
            if (empty)
                cg_emit_sb_str(cg, "sb", a, t);
            else if (in->nargs > 1) {
                cg_emit(cg,
                        "if (*%s) rt_raise(\"TypeError\", \"unsupported format string passed to "
                        "%s.__format__\");",
                        spec, tn);
                cg_emit_sb_str(cg, "sb", a, t);
            } else
                cg_emit(cg, "rt_raise(\"TypeError\", \"unsupported format string passed to %s.__format__\");", tn);
        }
        }
    }
    cg_emit(cg, "%s = rt_sb_take(&sb);", r);
    cg_emit(cg, "rt_sb_free(&sb);");
    cg->indent--;
    cg_emit(cg, "}");
}

/* IR_PRINT: one gp_sb per print; str() of each argument, sep between, end after; ival bit 1:
 * to stderr, bit 2: flush=True, bit 4: to the open() file that is the last argument. */
void cg_emit_print(Cg *cg, const IrInstr *in)
{
    cg_emit(cg, "{");
    cg->indent++;
    cg_emit(cg, "gp_sb sb = {NULL, 0, 0};");
    const char *sep = in->sval ? in->sval : " ";
    bool file = in->ival & 4;
    for (int i = 0; i < in->nargs - file; i++) {
        if (i && *sep) cg_emit(cg, "rt_sb_puts(&sb, %s);", cg_cstr(cg, sep));
        const Type *t = in->args[i]->type;
        cg_emit_sb_str(cg, "sb", cg_has_storage(t) ? cg_vname(cg, in->args[i]) : "0", t);
    }
    const char *end = cg_cstr(cg, in->sval2 ? in->sval2 : "\n");
    if (file)
        cg_emit(cg, "rt_file_print(%s, &sb, %s, %s);", cg_vname(cg, in->args[in->nargs - 1]), end,
                in->ival & 2 ? "true" : "false");
    else
        cg_emit(cg, "%s(&sb, %s);", in->ival & 1 ? "rt_sb_eprint" : "rt_sb_print", end);
    if ((in->ival & 2) && !file) cg_emit(cg, "fflush(%s);", in->ival & 1 ? "stderr" : "stdout");
    cg_emit(cg, "rt_sb_free(&sb);");
    cg->indent--;
    cg_emit(cg, "}");
}
