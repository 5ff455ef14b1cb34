/*
 * scalar.c — device loops (compiler/passes/devloop.c): a loop of host scalars, 0-d arrays and
 * single array elements as one single-thread kernel, and its launch.
 *
 * The kernel `dN_loop(int64_t *res, <inputs>, <entry values of the stored variables>)` runs
 * the loop's IR as C++ statements, in program order, on one thread:
 *   - a host scalar read from before the loop is a parameter v<id> of its host C type; an
 *     array is gp_kin a<id> (data, byte strides) and gp_shape sa<id>; a 0-d array from before
 *     the loop is the reference v<id> to its element (reads and stores go to memory);
 *   - values of the loop are locals v<id>: an element A[i, j] is a reference into A (its
 *     index checked against sa<id>, negative indices counted from the end), an operation's
 *     0-d result a value;
 *   - stored variable k (d->vars[k]) lives in r<k>: the value of a host scalar (from its entry
 *     value ov<k>), or for a 0-d array a pointer to its element (the entry array's data p<k>,
 *     or s<k> once the loop binds it to a new array, which flag c<k> records: devloop.c allows
 *     only new arrays there, read before the next store);
 *   - res (DEV_SLOTS + 2 per variable int64 slots, all zeroed first) gets the error code (0, DEV_ERR_INDEX with
 *     the index, axis and extent, DEV_ERR_STEP, DEV_ERR_ZERO with its message) and then, at the end, each variable's value and
 *     flag, which the host copies back in one read and stores; an error returns at once and
 *     the host raises it (gpyc has no try: the program ends there).
 */
#include "codegen/kernels/kernels.h"

#include <string.h>

enum { DEV_SLOTS = 4, DEV_ERR_INDEX = 1, DEV_ERR_STEP = 2, DEV_ERR_ZERO = 3 };

typedef struct Dev {
    StrBuf *out;
    const DevLoop *d;
    int nloops; /* it<k> counters */
} Dev;

static bool is_arr(const IrValue *v) { return v->type->kind == TY_ARRAY; }

/* The C type of variable v in the kernel (a 0-d array's element type). */
static const char *var_ctype(const IrVar *v)
{
    switch (v->type->kind) {
    case TY_ARRAY: return dt_ctype(v->type->dtype);
    case TY_BOOL: return "bool";
    case TY_INT: return "int64_t";
    default: return "double";
    }
}

static int var_slot(const DevLoop *d, const IrVar *v)
{
    for (int k = 0; k < d->vars.n; k++)
        if (VEC_AT(d->vars, k) == v) return k;
    return -1;
}

/* Python's messages for a division by zero of Python scalars (runtime/host.c's rt_i64_* and
 * rt_f64_*), which the kernel reports by index. */
static const char *const zero_messages[] = {
    "division by zero", "float division by zero", "integer division or modulo by zero",
    "float floor division by zero", "integer modulo by zero", "float modulo",
};

static bool int_kind(const IrValue *v) { return v->type->kind == TY_INT || v->type->kind == TY_BOOL; }

/* The zero_messages index of a /, // or % of Python scalars (the host raises on a zero
 * divisor; NumPy's 0-d arrays do not), else -1. */
static int zero_message(const IrInstr *in)
{
    if (in->res->type->kind == TY_ARRAY || in->nargs != 2) return -1;
    bool ints = int_kind(in->args[0]) && int_kind(in->args[1]);
    switch (in->op) {
    case IR_TRUEDIV: return ints ? 0 : 1;
    case IR_FLOORDIV: return ints ? 2 : 3;
    case IR_MOD: return ints ? 4 : 5;
    default: return -1;
    }
}

static void emit_block(Dev *x, int n, const IrBlock *b);
static void emit_instr(Dev *x, int n, const IrInstr *in);

/* for (it = start; step > 0 ? it < stop : it > stop; it += step) { r<var> = it; body } */
static void emit_for(Dev *x, int n, const IrInstr *in)
{
    int k = x->nloops++, s = in->args[2]->id;
    const IrInstr *sd = in->args[2]->def;
    if (!sd || sd->op != IR_CONST_INT || sd->ival == 0)
        cg_line(x->out, n, "if (v%d == 0) { res[0] = %d; return; }", s, DEV_ERR_STEP);
    cg_line(x->out, n, "for (int64_t it%d = v%d; v%d > 0 ? it%d < v%d : it%d > v%d; it%d += v%d) {", k,
            in->args[0]->id, s, k, in->args[1]->id, k, in->args[1]->id, k, s);
    cg_line(x->out, n + 1, "r%d = it%d;", var_slot(x->d, in->var), k);
    emit_block(x, n + 1, in->blocks[0]);
    cg_line(x->out, n, "}");
}

/* for (;;) { condition block; if (!c) break; body } */
static void emit_while(Dev *x, int n, const IrInstr *in)
{
    const IrBlock *cb = in->blocks[0];
    cg_line(x->out, n, "for (;;) {");
    for (int i = 0; i < cb->instrs.n; i++) {
        const IrInstr *ci = VEC_AT(cb->instrs, i);
        if (ci->op == IR_COND) cg_line(x->out, n + 1, "if (!v%d) break;", ci->args[0]->id);
        else emit_instr(x, n + 1, ci);
    }
    emit_block(x, n + 1, in->blocks[1]);
    cg_line(x->out, n, "}");
}

/* T &v<id> = the element of A at the int indices, each checked against A's extent. */
static void emit_index(Dev *x, int n, const IrInstr *in)
{
    const IrValue *a = in->args[0];
    cg_line(x->out, n, "int64_t o%d = 0;", in->res->id);
    for (int k = 0; k < in->nidx; k++) {
        int i = in->args[k + 1]->id;
        cg_line(x->out, n, "{");
        cg_line(x->out, n + 1, "int64_t ix = v%d;", i);
        cg_line(x->out, n + 1, "if (ix < 0) ix += sa%d.dim[%d];", a->id, k);
        cg_line(x->out, n + 1,
                "if (ix < 0 || ix >= sa%d.dim[%d]) { res[0] = %d; res[1] = v%d; res[2] = %d; res[3] = sa%d.dim[%d]; return; }",
                a->id, k, DEV_ERR_INDEX, i, k, a->id, k);
        cg_line(x->out, n + 1, "o%d += ix * a%d.st[%d];", in->res->id, a->id, k);
        cg_line(x->out, n, "}");
    }
    const char *ct = cg_val_ctype(in->res);
    cg_line(x->out, n, "%s &v%d = *(%s *)(a%d.data + o%d);", ct, in->res->id, ct, a->id, in->res->id);
}

static void emit_instr(Dev *x, int n, const IrInstr *in)
{
    StrBuf *out = x->out;
    const char *rt = in->res ? cg_val_ctype(in->res) : NULL;
    int r = in->res ? in->res->id : 0;
    if (ir_op_is_ewise(in->op)) {
        int z = zero_message(in);
        if (z >= 0)
            cg_line(out, n, "if (v%d == 0) { res[0] = %d; res[1] = %d; return; }", in->args[1]->id, DEV_ERR_ZERO, z);
        cg_emit_ewise(out, n, in);
        return;
    }
    switch (in->op) {
    case IR_CONST_NONE:
    case IR_COND:
        break;
    case IR_CONST_BOOL: cg_line(out, n, "const bool v%d = %s;", r, in->ival ? "true" : "false"); break;
    case IR_CONST_INT: cg_line(out, n, "const int64_t v%d = (int64_t)0x%llxULL;", r, (unsigned long long)in->ival); break;
    case IR_CONST_FLOAT: {
        unsigned long long bits;
        memcpy(&bits, &in->fval, sizeof bits);
        cg_line(out, n, "const double v%d = __longlong_as_double((long long)0x%llxULL);", r, bits);
        break;
    }
    case IR_LOAD: {
        int k = var_slot(x->d, in->var);
        if (is_arr(in->res)) cg_line(out, n, "%s &v%d = *r%d;", rt, r, k);
        else cg_line(out, n, "const %s v%d = r%d;", rt, r, k);
        break;
    }
    case IR_STORE: {
        int k = var_slot(x->d, in->var);
        const char *vt = var_ctype(in->var);
        if (in->var->type->kind == TY_ARRAY)
            cg_line(out, n, "s%d = gp_cast<%s>(v%d); r%d = &s%d; c%d = true;", k, vt, in->args[0]->id, k, k, k);
        else
            cg_line(out, n, "r%d = gp_cast<%s>(v%d);", k, vt, in->args[0]->id);
        break;
    }
    case IR_IF:
        cg_line(out, n, "if (v%d) {", in->args[0]->id);
        emit_block(x, n + 1, in->blocks[0]);
        if (in->blocks[1] && in->blocks[1]->instrs.n) {
            cg_line(out, n, "} else {");
            emit_block(x, n + 1, in->blocks[1]);
        }
        cg_line(out, n, "}");
        break;
    case IR_WHILE: emit_while(x, n, in); break;
    case IR_FOR_RANGE: emit_for(x, n, in); break;
    case IR_BREAK: cg_line(out, n, "break;"); break;
    case IR_CONTINUE: cg_line(out, n, "continue;"); break;
    case IR_INDEX: emit_index(x, n, in); break;
    case IR_SHAPE_DIM: cg_line(out, n, "const int64_t v%d = sa%d.dim[%d];", r, in->args[0]->id, (int)in->ival); break;
    case IR_SIZE: cg_line(out, n, "const int64_t v%d = sa%d.size;", r, in->args[0]->id); break;
    case IR_STORE_INTO: {
        const char *dt = cg_val_ctype(in->args[0]);
        cg_line(out, n, "v%d = gp_cast<%s>(v%d);", in->args[0]->id, dt, in->args[1]->id);
        break;
    }
    case IR_COPY:
    case IR_TO_BOOL:
    case IR_TO_INT:
    case IR_TO_FLOAT:
        cg_line(out, n, "const %s v%d = gp_cast<%s>(v%d);", rt, r, rt, in->args[0]->id);
        break;
    default:
        cg_line(out, n, "#error \"gpyc: %s cannot run in a device loop\"", ir_op_name(in->op));
        break;
    }
}

static void emit_block(Dev *x, int n, const IrBlock *b)
{
    if (!b) return;
    for (int i = 0; i < b->instrs.n; i++) emit_instr(x, n, VEC_AT(b->instrs, i));
}

/* The kernel's parameters after res. */
static void put_params(StrBuf *out, const DevLoop *d)
{
    for (int i = 0; i < d->ins.n; i++) {
        const IrValue *v = VEC_AT(d->ins, i);
        if (v->type->kind == TY_NONE) continue;
        if (is_arr(v)) sb_printf(out, ", gp_kin a%d, gp_shape sa%d", v->id, v->id);
        else sb_printf(out, ", %s v%d", cg_val_ctype(v), v->id);
    }
    for (int k = 0; k < d->vars.n; k++) {
        const IrVar *v = VEC_AT(d->vars, k);
        if (v->type->kind == TY_ARRAY) sb_printf(out, ", char *p%d", k);
        else sb_printf(out, ", %s ov%d", var_ctype(v), k);
    }
}

void cg_devloop_def(StrBuf *out, const IrModule *m, const DevLoop *d)
{
    const IrInstr *loop = d->loop;
    const char *f = loop->span.file && loop->span.file->name ? loop->span.file->name
                    : m->main_file && m->main_file->name ? m->main_file->name : "script.py";
    sb_printf(out, "/* %s — %s:%u: the loop runs on the device, one thread (devloop.c) */\n", d->name, f,
              (unsigned)loop->span.line);
    sb_printf(out, "__global__ void __launch_bounds__(32) %s(int64_t *res", d->name);
    put_params(out, d);
    sb_puts(out, ")\n{\n");
    cg_line(out, 1, "if (blockIdx.x != 0 || threadIdx.x != 0) return;");
    /* every slot written, so that the host's read-back copies no uninitialised bytes (an
     * error returns early; a host scalar's flag slot is never set): compute-sanitizer's
     * initcheck */
    cg_line(out, 1, "for (int s = 0; s < %d; s++) res[s] = 0;", DEV_SLOTS + 2 * d->vars.n);
    for (int i = 0; i < d->ins.n; i++) {
        const IrValue *v = VEC_AT(d->ins, i);
        if (is_arr(v) && v->type->ndim == 0) {
            const char *ct = cg_val_ctype(v);
            cg_line(out, 1, "%s &v%d = *(%s *)a%d.data;", ct, v->id, ct, v->id);
            cg_line(out, 1, "(void)v%d;", v->id);
        }
    }
    for (int k = 0; k < d->vars.n; k++) {
        const IrVar *v = VEC_AT(d->vars, k);
        const char *ct = var_ctype(v);
        if (v->type->kind == TY_ARRAY) {
            cg_line(out, 1, "%s s%d{};", ct, k);
            cg_line(out, 1, "%s *r%d = (%s *)p%d;", ct, k, ct, k);
            cg_line(out, 1, "bool c%d = false;", k);
        } else {
            cg_line(out, 1, "%s r%d = ov%d;", ct, k, k);
        }
    }
    Dev x = {out, d, 0};
    emit_instr(&x, 1, loop);
    for (int k = 0; k < d->vars.n; k++) {
        const IrVar *v = VEC_AT(d->vars, k);
        int slot = DEV_SLOTS + 2 * k;
        if (v->type->kind == TY_ARRAY) {
            cg_line(out, 1, "res[%d] = 0;", slot);
            cg_line(out, 1, "memcpy(&res[%d], &s%d, sizeof s%d);", slot, k, k);
            cg_line(out, 1, "res[%d] = c%d;", slot + 1, k);
        } else {
            cg_line(out, 1, "res[%d] = 0;", slot);
            cg_line(out, 1, "memcpy(&res[%d], &r%d, sizeof r%d);", slot, k, k);
        }
    }
    sb_puts(out, "}\n\n");
}

/* The host side: the result slots, the launch on one thread, one read back; an error the
 * kernel met is raised here; then the variables take the loop's values (a 0-d array variable
 * the loop rebound becomes a new array holding its element). */
void cg_devloop_launch(StrBuf *out, const IrModule *m, const DevLoop *d, CgValueName name_of,
                       CgVarName var_of, void *ctx, int n)
{
    (void)m;
    int slots = DEV_SLOTS + 2 * d->vars.n;
    cg_line(out, n, "{   /* line %u: the loop runs on the device as one kernel, %s (devloop.c) */",
            (unsigned)d->loop->span.line, d->name);
    cg_line(out, n + 1, "const int64_t kg_n[1] = {%d};", slots);
    cg_line(out, n + 1, "gp_array *kg_r = rt_empty(GP_INT64, 1, kg_n);");
    StrBuf args = {0};
    sb_puts(&args, "(int64_t *)kg_r->data");
    for (int i = 0; i < d->ins.n; i++) {
        const IrValue *v = VEC_AT(d->ins, i);
        if (v->type->kind == TY_NONE) continue;
        const char *x = name_of(v, ctx);
        if (is_arr(v)) {
            cg_line(out, n + 1, "const gp_shape kg_s%d = rt_shape_of(%s);", v->id, x);
            sb_printf(&args, ", rt_kin(%s, &kg_s%d), kg_s%d", x, v->id, v->id);
        } else {
            sb_printf(&args, ", %s", x);
        }
    }
    for (int k = 0; k < d->vars.n; k++) {
        const IrVar *v = VEC_AT(d->vars, k);
        const char *x = var_of(v, ctx);
        if (v->type->kind == TY_ARRAY) sb_printf(&args, ", %s ? %s->data : (char *)NULL", x, x);
        else sb_printf(&args, ", %s", x);
    }
    cg_line(out, n + 1, "L_%s(1, 1, 32, 0, %s);", d->name, args.s);
    sb_free(&args);
    cg_line(out, n + 1, "int64_t kg_o[%d];", slots);
    cg_line(out, n + 1, "rt_to_host(kg_r, kg_o);");
    cg_line(out, n + 1, "rt_release(kg_r);");
    cg_line(out, n + 1, "if (kg_o[0] == %d)", DEV_ERR_INDEX);
    cg_line(out, n + 2, "rt_raise(\"IndexError\", \"index %%lld is out of bounds for axis %%d with size %%lld\", "
                        "(long long)kg_o[1], (int)kg_o[2], (long long)kg_o[3]);");
    cg_line(out, n + 1, "if (kg_o[0] == %d) rt_raise(\"ValueError\", \"range() arg 3 must not be zero\");",
            DEV_ERR_STEP);
    cg_line(out, n + 1, "if (kg_o[0] == %d) {", DEV_ERR_ZERO);
    StrBuf msgs = {0};
    for (size_t i = 0; i < sizeof zero_messages / sizeof *zero_messages; i++)
        sb_printf(&msgs, "%s\"%s\"", i ? ", " : "", zero_messages[i]);
    cg_line(out, n + 2, "static const char *const kg_zm[] = {%s};", msgs.s);
    sb_free(&msgs);
    cg_line(out, n + 2, "rt_raise(\"ZeroDivisionError\", \"%%s\", kg_zm[kg_o[1]]);");
    cg_line(out, n + 1, "}");
    for (int k = 0; k < d->vars.n; k++) {
        const IrVar *v = VEC_AT(d->vars, k);
        const char *x = var_of(v, ctx);
        int slot = DEV_SLOTS + 2 * k;
        if (v->type->kind == TY_ARRAY) {
            cg_line(out, n + 1, "if (kg_o[%d]) {", slot + 1);
            cg_line(out, n + 2, "rt_release(%s);", x);
            cg_line(out, n + 2, "%s = rt_from_host(%s, 0, NULL, &kg_o[%d]);", x, dt_gp_enum(v->type->dtype), slot);
            cg_line(out, n + 1, "}");
        } else {
            cg_line(out, n + 1, "memcpy(&%s, &kg_o[%d], sizeof %s);", x, slot, x);
        }
    }
    cg_line(out, n, "}");
}
