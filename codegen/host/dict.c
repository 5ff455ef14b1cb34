/*
 * dict.c — the host code of IR_DICT: dicts and sets keyed at run time on runtime/dict.c, and
 * deques (lists) on runtime/list.c's rt_deque_*.
 *
 * Keys and values are passed by address (`&v3`); a key's layout string (kdesc, see gpyrt.h)
 * is written from its type.  A dict stores its values itself (it retains what it stores
 * through the refs function of their type and releases what it drops); a get, get-or and
 * setdefault result is the dict's own value (borrowed), a pop hands the dict's references over.
 * A dict or set whose key type is still unknown (never stored to) is one of int64 keys.
 */
#include "codegen/host/host.h"

#include <string.h>

/* Appends the layout string of key type t (gpyrt.h's kdesc) to sb. */
static void put_kdesc(StrBuf *sb, const Type *t)
{
    switch (t ? t->kind : TY_INT) {
    case TY_BOOL: sb_putc(sb, 'b'); break;
    case TY_FLOAT: sb_putc(sb, 'f'); break;
    case TY_STR: sb_putc(sb, 's'); break;
    case TY_SET: sb_putc(sb, 'S'); break; /* a frozenset */
    case TY_TUPLE:
        sb_putc(sb, '(');
        for (int i = 0; i < t->n; i++) put_kdesc(sb, t->elems[i]);
        sb_putc(sb, ')');
        break;
    default: sb_putc(sb, 'i'); break;
    }
}

const char *cg_key_ctype(Cg *cg, const Type *t) { return t ? cg_ctype_of(cg->m, t) : "int64_t"; }

/* `"kdesc", sizeof(K)` of key type t. */
static const char *key_args(Cg *cg, const Type *t)
{
    StrBuf sb = { 0 };
    put_kdesc(&sb, t);
    const char *r = cg_fmt(cg, "\"%s\", sizeof(%s)", sb.s, cg_key_ctype(cg, t));
    sb_free(&sb);
    return r;
}

bool cg_dict_borrows(const IrInstr *in)
{
    return in->ival == DK_GET || in->ival == DK_GET_OR || in->ival == DK_SETDEFAULT;
}

/* r = a new dict of type t. */
static void dict_new(Cg *cg, const char *r, const Type *t)
{
    const Type *vt = t->elem;
    cg_emit(cg, "%s = rt_dict_new(%s, sizeof(%s), %s);", r, key_args(cg, t->key), cg_key_ctype(cg, vt),
            vt && cg_has_refs(vt) ? cg_refs_fn(cg, vt) : "NULL");
}

/* The list result r of keys/values/items/set_list: a new list, filled by the runtime. */
static void to_list(Cg *cg, const IrInstr *in, const char *r)
{
    const Type *et = in->res->type->elem;
    cg_emit_list_new(cg, r, et);
    const char *a = cg_arg(cg, in, 0);
    switch (in->ival) {
    case DK_SET_LIST: cg_emit(cg, "rt_set_list(%s, %s);", a, r); break;
    case DK_KEYS: cg_emit(cg, "rt_dict_list(%s, %s, 0, 0);", a, r); break;
    case DK_VALUES: cg_emit(cg, "rt_dict_list(%s, %s, 1, 0);", a, r); break;
    default: cg_emit(cg, "rt_dict_list(%s, %s, 2, offsetof(%s, f1));", a, r, cg_ctype_of(cg->m, et)); break;
    }
}

/* The maxlen the rt_deque_* functions take for list type t: a deque's (-1 for None), -1 for a
 * list (the list methods of lower/seq.c use them too). */
static int maxlen_of(const Type *t) { return ty_is_deque(t) ? t->n : -1; }

void cg_emit_dict(Cg *cg, const IrInstr *in, const char *r)
{
    const char *a = in->nargs ? cg_arg(cg, in, 0) : NULL;
    const char *k = in->nargs > 1 ? cg_arg(cg, in, 1) : NULL;
    const char *vt = r ? cg_ctype_of(cg->m, in->res->type) : NULL;
    static const char *const setops[] = { "GP_SETOP_OR", "GP_SETOP_AND", "GP_SETOP_SUB", "GP_SETOP_XOR" };
    switch ((IrDictOp)in->ival) {
    case DK_NEW:
        dict_new(cg, r, in->res->type);
        for (int i = 0; i + 1 < in->nargs; i += 2)
            cg_emit(cg, "rt_dict_set(%s, &%s, &%s);", r, cg_arg(cg, in, i), cg_arg(cg, in, i + 1));
        break;
    case DK_GET: cg_emit(cg, "%s = *(%s *)rt_dict_at(%s, &%s);", r, vt, a, k); break;
    case DK_GET_OR:
        cg_emit(cg, "{ void *p = rt_dict_find(%s, &%s); %s = p ? *(%s *)p : %s; }", a, k, r, vt,
                cg_arg(cg, in, 2));
        break;
    case DK_SET: cg_emit(cg, "rt_dict_set(%s, &%s, &%s);", a, k, cg_arg(cg, in, 2)); break;
    case DK_SETDEFAULT:
        cg_emit(cg, "%s = *(%s *)rt_dict_setdefault(%s, &%s, &%s);", r, vt, a, k, cg_arg(cg, in, 2));
        break;
    case DK_POP:
        if (in->nargs == 3) { /* the default, when taken, gets a reference of its own */
            cg_emit(cg, "if (!rt_dict_pop(%s, &%s, &%s, false)) {", a, k, r);
            cg->indent++;
            cg_emit(cg, "%s = %s;", r, cg_arg(cg, in, 2));
            cg_emit_refs(cg, r, in->res->type, true);
            cg->indent--;
            cg_emit(cg, "}");
        } else {
            cg_emit(cg, "rt_dict_pop(%s, &%s, &%s, true);", a, k, r);
        }
        break;
    case DK_DEL: cg_emit(cg, "rt_dict_pop(%s, &%s, NULL, true);", a, k); break;
    case DK_HAS: cg_emit(cg, "%s = rt_dict_find(%s, &%s) != NULL;", r, a, k); break;
    case DK_LEN: cg_emit(cg, "%s = %s->%s;", r, a, in->args[0]->type->kind == TY_SET ? "used" : "len"); break;
    case DK_KEYS:
    case DK_VALUES:
    case DK_ITEMS:
    case DK_SET_LIST: to_list(cg, in, r); break;
    case DK_UPDATE: cg_emit(cg, "rt_dict_update(%s, %s);", a, k); break;
    case DK_COPY:
        cg_emit(cg, "%s = rt_%s_copy(%s);", r, in->res->type->kind == TY_SET ? "set" : "dict", a);
        break;
    case DK_SET_NEW:
        cg_emit(cg, "%s = rt_set_new(%s);", r, key_args(cg, in->res->type->elem));
        for (int i = 0; i < in->nargs; i++) cg_emit(cg, "rt_set_add(%s, &%s);", r, cg_arg(cg, in, i));
        break;
    case DK_SET_CONST: case DK_FROZENSET: { /* CPython's frozenset constant, a display's set merged from it */
        const char *ka = key_args(cg, in->res->type->elem);
        cg_emit(cg, "{");
        cg->indent++;
        cg_emit(cg, "gp_set *f = rt_set_new(%s), *g = rt_set_new(%s);", ka, ka);
        for (int i = 0; i < in->nargs; i++) cg_emit(cg, "rt_set_add(f, &%s);", cg_arg(cg, in, i));
        cg_emit(cg, "int64_t pos = 0;");
        cg_emit(cg, "void *k;");
        cg_emit(cg, "while (rt_set_next(f, &pos, &k)) rt_set_add(g, k);");
        cg_emit(cg, "rt_set_release(f);");
        if (in->ival == DK_FROZENSET) {
            cg_emit(cg, "%s = g;", r);
        } else {
            cg_emit(cg, "%s = rt_set_copy(g);", r);
            cg_emit(cg, "rt_set_release(g);");
        }
        cg->indent--;
        cg_emit(cg, "}");
        break;
    }
    case DK_SET_OF:
        cg_emit(cg, "%s = rt_set_new(%s);", r, key_args(cg, in->res->type->elem));
        cg_emit(cg, "rt_set_add_list(%s, %s);", r, a);
        break;
    case DK_SET_KEYS:
        cg_emit(cg, "%s = rt_set_new(%s);", r, key_args(cg, in->res->type->elem));
        cg_emit(cg, "rt_set_add_keys(%s, %s);", r, a);
        break;
    case DK_SET_ADD: cg_emit(cg, "rt_set_add(%s, &%s);", a, k); break;
    case DK_SET_HAS: cg_emit(cg, "%s = rt_set_has(%s, &%s);", r, a, k); break;
    case DK_DISCARD: cg_emit(cg, "rt_set_discard(%s, &%s, false);", a, k); break;
    case DK_REMOVE: cg_emit(cg, "rt_set_discard(%s, &%s, true);", a, k); break;
    case DK_OR:
    case DK_AND:
    case DK_SUB:
    case DK_XOR: cg_emit(cg, "%s = rt_set_op(%s, %s, %s);", r, setops[in->ival - DK_OR], a, k); break;
    case DK_IOR:
    case DK_IAND:
    case DK_ISUB:
    case DK_IXOR: cg_emit(cg, "rt_set_iop(%s, %s, %s);", setops[in->ival - DK_IOR], a, k); break;
    case DK_LE: cg_emit(cg, "%s = rt_set_le(%s, %s);", r, a, k); break;
    case DK_EQ: cg_emit(cg, "%s = rt_set_eq(%s, %s);", r, a, k); break;
    case DK_MOST_COMMON: /* the (key, count) items of the dict in count order, the first n kept */
        cg_emit_list_new(cg, r, in->res->type->elem);
        cg_emit(cg,
                "{ gp_dict *t = rt_dict_by_count(%s); rt_dict_list(t, %s, 2, offsetof(%s, f1)); "
                "rt_dict_release(t); }",
                a, r, cg_ctype_of(cg->m, in->res->type->elem));
        if (k) cg_emit(cg, "if (%s->len > (%s < 0 ? 0 : %s)) %s->len = %s < 0 ? 0 : %s;", r, k, k, r, k, k);
        break;
    case DK_DQ_NEW: /* the maxlen of a deque: its type's */
        cg_emit_list_new(cg, r, in->res->type->elem);
        if (a) cg_emit(cg, "rt_deque_extend(%s, %s, false, %d);", r, a, maxlen_of(in->res->type));
        break;
    case DK_DQ_APPEND:
    case DK_DQ_APPENDLEFT: {
        const IrValue *e = in->args[1]; /* retained as a list's append retains it */
        if (e->type->kind != TY_ARRAY) cg_emit_refs(cg, cg_vname(cg, e), e->type, true);
        cg_emit(cg, "rt_deque_push(%s, &%s, %s, %d);", a, k, in->ival == DK_DQ_APPENDLEFT ? "true" : "false",
                maxlen_of(in->args[0]->type));
        break;
    }
    case DK_DQ_EXTEND:
    case DK_DQ_EXTENDLEFT:
        cg_emit(cg, "rt_deque_extend(%s, %s, %s, %d);", a, k, in->ival == DK_DQ_EXTENDLEFT ? "true" : "false",
                maxlen_of(in->args[0]->type));
        break;
    case DK_DQ_POP:
    case DK_DQ_POPLEFT:
        cg_emit(cg, "rt_deque_pop(%s, &%s, %s);", a, r, in->ival == DK_DQ_POPLEFT ? "true" : "false");
        break;
    case DK_DQ_ROTATE: cg_emit(cg, "rt_deque_rotate(%s, %s);", a, k); break;
    case DK_DQ_CLEAR: cg_emit(cg, "rt_deque_clear(%s);", a); break;
    default: cg_bug(in, "unknown dict operation");
    }
}
