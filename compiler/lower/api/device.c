/*
 * lower/api/device.c — CuPy's device programming model: streams, events, devices, memory
 * pools, RandomState objects, and the `with` statements that make a stream or a device
 * current.
 *
 * Every object is a TY_OBJ value (its class name: "cupy.cuda.Stream", "cupy.cuda.Event",
 * "cupy.cuda.Device", "cupy.cuda.MemoryPool", "cupy.cuda.PinnedMemoryPool",
 * "cupy.random.RandomState"), an int64 handle at run time; every operation on one is one
 * IR_DEVICE instruction calling the runtime function of its GPK_DEV row (gpyrt_kinds.def).
 * Methods and properties are rows of lw_device_api under the class name, so `--list-api`
 * prints CuPy's names (cupy.cuda.Stream.synchronize); a row whose arg has PROP is a property
 * (`stream.done`) and is lowered with the attribute node as its call.
 *
 * Invariants:
 *   - IR_DEVICE writes memory for the passes (OPF_WRITES), so no kernel moves across a stream
 *     switch, a record or a synchronisation;
 *   - a `with` of a stream or a device restores the previous one on every way out of its body
 *     that the program survives: the end of the body, return, break and continue (lw_with_*);
 *   - a RandomState method is cupy.random's function of the same name lowered between two
 *     RANDOM_USE calls that select the object's generator and then restore the previous one.
 */
#include "compiler/lower/lower.h"

#include <string.h>

#define PROP 0x100 /* ApiFn.arg: a property, not a method */

static const char *const STREAM = "cupy.cuda.Stream", *const EVENT = "cupy.cuda.Event",
                         *const DEVICE = "cupy.cuda.Device", *const POOL = "cupy.cuda.MemoryPool",
                         *const PINNED = "cupy.cuda.PinnedMemoryPool",
                         *const RSTATE = "cupy.random.RandomState",
                         *const NP_RSTATE = "numpy.random.RandomState",
                         *const PINNED_PTR = "cupy.cuda.PinnedMemoryPointer";

/* ---------------------------------------------------------------- helpers */

/* One IR_DEVICE call c of args, of result type t (NULL: none; the value is then None). */
static IrValue *dev(Lower *L, Span sp, IrDevCall c, Type *t, int n, IrValue **args)
{
    return lw_host_call(L, sp, IR_DEVICE, c, t, n, args);
}

static IrValue *dev1(Lower *L, Span sp, IrDevCall c, Type *t, IrValue *a) { return dev(L, sp, c, t, 1, &a); }

/* An object of class cls given as e (NULL or None: dflt, which may be NULL); NULL after a
 * located error. */
static IrValue *obj_arg(Lower *L, AstNode *e, const char *cls, const char *what, IrValue *dflt)
{
    if (!e || e->kind == AST_NONE) {
        if (!dflt) diag_error(e ? e->span : (Span){ 0 }, "%s must be a %s", what, cls);
        return dflt;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind != TY_OBJ || strcmp(v->type->name, cls)) {
        diag_error(e->span, "%s must be a %s, not %s", what, cls, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

/* The constant handle -1 (no object: "a new event", "the current stream", "every stream"). */
static IrValue *none_handle(Lower *L, Span sp) { return lw_cint(L, sp, -1); }

/* A constant True/False argument as a host bool value; NULL after an error. */
static IrValue *bool_arg(Lower *L, AstNode *e, bool dflt, Span sp)
{
    bool b;
    return lw_bool_arg(L, e, dflt, &b) ? lw_const_bool(L, sp, b) : NULL;
}

/* Binds a method's arguments (sig without self). */
static bool bind_method(AstNode *call, const ApiFn *f, const char *sig, int nreq, Args *a)
{
    if (call->kind != AST_CALL) { /* a property: no arguments */
        memset(a, 0, sizeof *a);
        a->call = call->span;
        return true;
    }
    return lw_bind(call, f->name, sig, nreq, a);
}

/* ---------------------------------------------------------------- streams and events */

/* cupy.cuda.Stream(null=False, non_blocking=False, ptds=False): null=True is Stream.null. */
static IrValue *stream_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "null,non_blocking,ptds", 0, &a)) return NULL;
    IrValue *args[3] = { bool_arg(L, a.p[1], false, call->span), bool_arg(L, a.p[0], false, call->span),
                         bool_arg(L, a.p[2], false, call->span) };
    if (!args[0] || !args[1] || !args[2]) return NULL;
    return dev(L, call->span, DEV_STREAM_NEW, ty_obj(STREAM), 3, args);
}

/* Stream.null: handle 0, the program's own stream. */
static IrValue *stream_null(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f, (void)self;
    IrValue *r = lw_emit(L, IR_CONST_INT, call->span, ty_obj(STREAM), 0, NULL);
    r->def->ival = 0;
    return r;
}

/* cupy.cuda.get_current_stream() */
static IrValue *current_stream(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return dev(L, call->span, DEV_STREAM_CURRENT, ty_obj(STREAM), 0, NULL);
}

/* Methods and properties without arguments: arg (low byte) the IrDevCall; the stream's use()
 * returns the stream, done a bool, ptr an int, synchronize None. */
static IrValue *obj_call0(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!bind_method(call, f, "", 0, &a)) return NULL;
    IrDevCall c = (IrDevCall)(f->arg & 0xff);
    switch (c) {
    case DEV_STREAM_SET: dev1(L, call->span, c, NULL, self); return self;
    case DEV_STREAM_DONE:
    case DEV_EVENT_DONE: return dev1(L, call->span, c, ty_bool(), self);
    case DEV_STREAM_PTR: return dev1(L, call->span, c, ty_int(), self);
    default: return dev1(L, call->span, c, NULL, self);
    }
}

/* Methods of one object argument, arg the IrDevCall: stream.record(event=None) → the event (a
 * new one when None), stream.wait_event(event), event.record(stream=None) (on the current
 * stream when None). */
static IrValue *obj_call1(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    IrDevCall c = (IrDevCall)f->arg;
    bool stream_arg = c == DEV_EVENT_RECORD, required = c == DEV_STREAM_WAIT;
    const char *what = stream_arg ? "stream" : "event";
    Args a;
    if (!lw_bind(call, f->name, what, required, &a)) return NULL;
    IrValue *v = obj_arg(L, a.p[0], stream_arg ? STREAM : EVENT, what, required ? NULL : none_handle(L, call->span));
    if (!v) return NULL;
    return dev(L, call->span, c, c == DEV_STREAM_RECORD ? ty_obj(EVENT) : NULL, 2, (IrValue *[]){ self, v });
}

/* cupy.cuda.Event(block=False, disable_timing=False, interprocess=False) */
static IrValue *event_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "block,disable_timing,interprocess", 0, &a)) return NULL;
    IrValue *args[3];
    for (int i = 0; i < 3; i++)
        if (!(args[i] = bool_arg(L, a.p[i], false, call->span))) return NULL;
    int64_t dt, ip;
    if (lw_is_const_int(args[1], &dt) && lw_is_const_int(args[2], &ip) && ip && !dt) {
        diag_error(call->span, "Timing must be disabled for interprocess events");
        return NULL;
    }
    return dev(L, call->span, DEV_EVENT_NEW, ty_obj(EVENT), 3, args);
}

/* cupy.cuda.get_elapsed_time(start_event, end_event) → float milliseconds */
static IrValue *elapsed_time(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "start_event,end_event", 2, &a)) return NULL;
    IrValue *s = obj_arg(L, a.p[0], EVENT, "start_event", NULL);
    IrValue *e = s ? obj_arg(L, a.p[1], EVENT, "end_event", NULL) : NULL;
    if (!e) return NULL;
    return dev(L, call->span, DEV_ELAPSED, ty_float(), 2, (IrValue *[]){ s, e });
}

/* ---------------------------------------------------------------- devices */

/* cupy.cuda.Device(device=None): the current device when None (its id is checked where it is
 * used, as CuPy does) */
static IrValue *device_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "device", 0, &a)) return NULL;
    IrValue *id = lw_int_arg_or(L, a.p[0] && a.p[0]->kind != AST_NONE ? a.p[0] : NULL, call->span, -1);
    return id ? dev1(L, call->span, DEV_DEVICE_NEW, ty_obj(DEVICE), id) : NULL;
}

/* device.id */
static IrValue *device_id(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    return dev1(L, call->span, DEV_DEVICE_ID, ty_int(), self);
}

/* device.use(): the device becomes current (no return to the previous one) */
static IrValue *device_use(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!bind_method(call, f, "", 0, &a)) return NULL;
    dev1(L, call->span, DEV_DEVICE_USE, ty_int(), self);
    return lw_pseudo(L, ty_none());
}

/* device.compute_capability → "90" */
static IrValue *device_cc(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    return dev1(L, call->span, DEV_DEVICE_CC, ty_str(), self);
}

/* (free, total) bytes of device id */
static IrValue *mem_info(Lower *L, Span sp, IrValue *id)
{
    IrValue *v[2];
    for (int k = 0; k < 2; k++)
        v[k] = dev(L, sp, DEV_DEVICE_MEM, ty_int(), 2, (IrValue *[]){ id, lw_cint(L, sp, k) });
    return lw_tuple(L, sp, 2, v);
}

static IrValue *device_mem_info(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    return mem_info(L, call->span, self);
}

/* cupy.cuda.runtime.getDeviceCount/getDevice/driverGetVersion/runtimeGetVersion → int;
 * deviceSynchronize(); arg: the IrDevCall */
static IrValue *runtime_query(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    if (f->arg == DEV_DEVICE_SYNC)
        return dev1(L, call->span, DEV_DEVICE_SYNC, NULL,
                    dev(L, call->span, DEV_DEVICE_GET, ty_int(), 0, NULL));
    return dev(L, call->span, (IrDevCall)f->arg, ty_int(), 0, NULL);
}

/* cupy.cuda.runtime.setDevice(device) */
static IrValue *runtime_set_device(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "device", 1, &a)) return NULL;
    IrValue *id = lw_int_arg(L, a.p[0]);
    if (!id) return NULL;
    dev1(L, call->span, DEV_DEVICE_USE, ty_int(), id);
    return lw_pseudo(L, ty_none());
}

/* cupy.cuda.runtime.memGetInfo() → (free, total) of the current device */
static IrValue *runtime_mem_info(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return mem_info(L, call->span, dev(L, call->span, DEV_DEVICE_GET, ty_int(), 0, NULL));
}

/* ---------------------------------------------------------------- memory pools */

/* cupy.get_default_memory_pool(), cupy.cuda.MemoryPool(), and the pinned ones: arg 1 pinned.
 * Every pool object stands for the runtime's pool (its figures are the runtime's). */
static IrValue *pool_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "allocator", 0, &a)) return NULL;
    if (a.p[0]) {
        diag_error(a.p[0]->span,
                   "%s(allocator=...) is not supported: gpyc's pools allocate from the runtime's one pool",
                   f->name);
        return NULL;
    }
    IrValue *r = lw_emit(L, IR_CONST_INT, call->span, ty_obj(f->arg ? PINNED : POOL), 0, NULL);
    r->def->ival = f->arg;
    return r;
}

/* pool.malloc: a value only set_allocator / set_pinned_memory_allocator take */
static IrValue *pool_malloc(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)call, (void)f;
    return lw_pseudo(L, ty_builtin(!strcmp(self->type->name, PINNED) ? "cupy.cuda.PinnedMemoryPool.malloc"
                                                                     : "cupy.cuda.MemoryPool.malloc",
                                   NULL));
}

/* cupy.cuda.set_allocator(allocator=None) / set_pinned_memory_allocator: a pool's malloc or
 * None (arg 1: pinned).  The runtime's pool serves every allocation either way. */
static IrValue *set_allocator(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "allocator", 0, &a)) return NULL;
    const char *want = f->arg ? "cupy.cuda.PinnedMemoryPool.malloc" : "cupy.cuda.MemoryPool.malloc";
    if (a.p[0] && a.p[0]->kind != AST_NONE) {
        IrValue *v = lw_expr(L, a.p[0]);
        if (!v) return NULL;
        if (v->type->kind != TY_BUILTIN || strcmp(v->type->name, want)) {
            diag_error(a.p[0]->span, "%s() takes a %s's malloc or None in gpyc, not %s", f->name,
                       f->arg ? "PinnedMemoryPool" : "MemoryPool", ty_str_of(v->type));
            return NULL;
        }
    }
    return lw_pseudo(L, ty_none());
}

/* pool.used_bytes() / total_bytes() / free_bytes() / n_free_blocks() / get_limit(): arg the
 * IrDevCall (DEV_COUNT: free_bytes = total - used); a pinned pool holds nothing (0). */
static IrValue *pool_query(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!bind_method(call, f, "", 0, &a)) return NULL;
    Span sp = call->span;
    if (!strcmp(self->type->name, PINNED)) return lw_cint(L, sp, 0);
    if (f->arg == DEV_COUNT)
        return lw_isub(L, sp, dev(L, sp, DEV_POOL_TOTAL, ty_int(), 0, NULL),
                       dev(L, sp, DEV_POOL_USED, ty_int(), 0, NULL));
    return dev(L, sp, (IrDevCall)f->arg, ty_int(), 0, NULL);
}

/* pool.free_all_blocks(stream=None) */
static IrValue *pool_free_all(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!bind_method(call, f, "stream", 0, &a)) return NULL;
    IrValue *s = obj_arg(L, a.p[0], STREAM, "stream", none_handle(L, call->span));
    if (!s || !strcmp(self->type->name, PINNED)) return s ? lw_pseudo(L, ty_none()) : NULL;
    return dev1(L, call->span, DEV_POOL_FREE_ALL, NULL, s);
}

/* pool.set_limit(size=None, fraction=None): fraction of the device's memory (0 to 1) */
static IrValue *pool_set_limit(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    Span sp = call->span;
    if (!lw_bind(call, f->name, "size,fraction", 0, &a)) return NULL;
    bool has_size = a.p[0] && a.p[0]->kind != AST_NONE, has_frac = a.p[1] && a.p[1]->kind != AST_NONE;
    if (has_size && has_frac) {
        diag_error(sp, "size and fraction cannot be specified at one time");
        return NULL;
    }
    IrValue *n;
    if (has_frac) {
        IrValue *fr = lw_expr(L, a.p[1]);
        if (!fr) return NULL;
        if (!ty_is_scalar(fr->type) || fr->type->kind == TY_COMPLEX) {
            diag_error(a.p[1]->span, "fraction must be a number, not %s", ty_str_of(fr->type));
            return NULL;
        }
        fr = lw_to_scalar(L, fr, TY_FLOAT, sp);
        IrValue *bad = lw_binop(L, AOP_BITOR, sp, lw_binop(L, AOP_LT, sp, fr, lw_const_float(L, sp, 0.0)),
                                lw_binop(L, AOP_GT, sp, fr, lw_const_float(L, sp, 1.0)));
        if (!lw_raise_if(L, sp, bad, "ValueError", "memory limit fraction out of range")) return NULL;
        IrValue *total =
            dev(L, sp, DEV_DEVICE_MEM, ty_int(), 2,
                (IrValue *[]){ dev(L, sp, DEV_DEVICE_GET, ty_int(), 0, NULL), lw_cint(L, sp, 1) });
        n = lw_to_scalar(L, lw_binop(L, AOP_MUL, sp, fr, total), TY_INT, sp);
    } else {
        n = lw_int_arg_or(L, has_size ? a.p[0] : NULL, sp, 0);
        if (!n) return NULL;
        if (!lw_raise_if(L, sp, lw_is_neg(L, sp, n), "ValueError", "memory limit size out of range"))
            return NULL;
    }
    return dev1(L, sp, DEV_POOL_SET_LIMIT, NULL, n);
}

/* cupyx.empty_pinned / zeros_pinned (shape, dtype=float64, order='C'): gpyc's NumPy arrays are
 * device arrays, so these are cupy.empty / cupy.zeros; arg: 1 zeros */
static IrValue *pinned_array(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    const ApiFn *g = lw_api_find("cupy", f->arg ? "zeros" : "empty");
    return g->lower(L, call, g, self);
}

/* cupy.cuda.alloc_pinned_memory(size): a PinnedMemoryPointer, a value only numpy.frombuffer
 * takes (gpyc's NumPy arrays live on the device: the memory is the array frombuffer makes) */
static IrValue *alloc_pinned(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "size", 1, &a) || !lw_int_arg(L, a.p[0])) return NULL;
    return lw_pseudo(L, ty_builtin(PINNED_PTR, NULL));
}

/* numpy.frombuffer(buffer, dtype=float, count=-1, offset=0) of a PinnedMemoryPointer: a new
 * 1-d array of count elements (count required: the pointer's size is not kept), uninitialised
 * like the pinned memory; each call is an array of its own (NumPy's views of one buffer
 * share it). */
static IrValue *frombuffer(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "buffer,dtype,count,offset", 1, &a)) return NULL;
    IrValue *b = lw_expr(L, a.p[0]);
    if (!b) return NULL;
    if (b->type->kind != TY_BUILTIN || strcmp(b->type->name, PINNED_PTR)) {
        diag_error(a.p[0]->span, "frombuffer() takes memory of cupy.cuda.alloc_pinned_memory in gpyc, not %s",
                   ty_str_of(b->type));
        return NULL;
    }
    DType dt = DT_FLOAT64;
    bool given;
    if (!lw_dtype_arg(L, a.p[1], &dt, &given)) return NULL;
    if (!a.p[2]) {
        diag_error(call->span, "frombuffer() of pinned memory needs count= in gpyc (the number of elements)");
        return NULL;
    }
    if (a.p[3]) {
        diag_error(a.p[3]->span, "frombuffer(offset=) is not supported by gpyc");
        return NULL;
    }
    IrValue *n = lw_int_arg(L, a.p[2]);
    if (!n || !lw_raise_if(L, call->span, lw_is_neg(L, call->span, n), "ValueError",
                           "negative dimensions are not allowed"))
        return NULL;
    return lw_emit_empty(L, call->span, dt, 1, &n);
}

/* ---------------------------------------------------------------- RandomState */

/* A RandomState object (class cls) made by op from the call's seed=None (an int, or
 * None: the runtime seeds from the clock). */
static IrValue *rs_make(Lower *L, AstNode *call, const ApiFn *f, IrDevCall op, const char *cls)
{
    Args a;
    if (!lw_bind(call, f->name, "seed", 0, &a)) return NULL;
    bool seeded = a.p[0] && a.p[0]->kind != AST_NONE;
    IrValue *seed = lw_int_arg_or(L, seeded ? a.p[0] : NULL, call->span, 0);
    if (!seed) return NULL;
    return dev(L, call->span, op, ty_obj(cls), 2, (IrValue *[]){ seed, lw_const_bool(L, call->span, seeded) });
}

/* cupy.random.RandomState(seed=None): its own cuRAND generator, seeded as CuPy seeds one (an
 * int seed; None: from the clock) */
static IrValue *rs_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return rs_make(L, call, f, DEV_RANDOM_NEW, RSTATE);
}

/* numpy.random.RandomState(seed=None): NumPy's legacy generator of its own (runtime/nprand.c),
 * seeded as np.random.seed seeds (an int in [0, 2**32): ValueError at run time otherwise; None:
 * from the clock) */
static IrValue *np_rs_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return rs_make(L, call, f, DEV_NP_RANDOM_NEW, NP_RSTATE);
}

/* rs.NAME(...): cupy.random.NAME(...) (numpy.random.NAME(...) for a numpy.random.RandomState)
 * drawn from rs's generator */
static IrValue *rs_method(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    bool np = f->arg == 1;
    const ApiFn *g = lw_api_find(np ? "numpy.random" : "cupy.random", f->name);
    IrDevCall use = np ? DEV_NP_RANDOM_USE : DEV_RANDOM_USE;
    Type *t = ty_obj(np ? NP_RSTATE : RSTATE);
    IrValue *prev = dev1(L, call->span, use, t, self);
    IrValue *r = g->lower(L, call, g, NULL);
    dev1(L, call->span, use, t, prev);
    return r;
}

/* cupy.random.get_random_state(): the module's own generator (handle 0) */
static IrValue *rs_global(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    IrValue *r = lw_emit(L, IR_CONST_INT, call->span, ty_obj(RSTATE), 0, NULL);
    r->def->ival = 0;
    return r;
}

/* ---------------------------------------------------------------- with statements */

typedef struct WithCtx {
    IrDevCall exit; /* DEV_STREAM_SET or DEV_DEVICE_USE */
    IrValue *prev; /* what the exit makes current again */
    Loop *loop; /* the loop around the with (break/continue leave it when it is L->loop) */
    IrFunc *fn;
} WithCtx;

bool lw_with_enter(Lower *L, IrValue *ctx, Span sp)
{
    bool stream = ctx->type->kind == TY_OBJ && !strcmp(ctx->type->name, STREAM);
    bool device = ctx->type->kind == TY_OBJ && !strcmp(ctx->type->name, DEVICE);
    if (!stream && !device) {
        diag_error(sp,
                   "with statements take a cupy.cuda.Stream, a cupy.cuda.Device or cp.load() of an .npz in "
                   "gpyc, not %s",
                   ty_str_of(ctx->type));
        return false;
    }
    WithCtx *w = ar_alloc(L->a, sizeof *w);
    w->exit = stream ? DEV_STREAM_SET : DEV_DEVICE_USE;
    w->prev = dev1(L, sp, stream ? DEV_STREAM_ENTER : DEV_DEVICE_USE, stream ? ctx->type : ty_int(), ctx);
    w->loop = L->loop;
    w->fn = L->fn;
    vec_push(&L->withs, w);
    return true;
}

static void with_emit_exit(Lower *L, const WithCtx *w, Span sp)
{
    dev1(L, sp, w->exit, w->exit == DEV_DEVICE_USE ? ty_int() : NULL, w->prev);
}

void lw_with_exit(Lower *L, Span sp)
{
    WithCtx *w = L->withs.v[--L->withs.n];
    if (!L->dead) with_emit_exit(L, w, sp);
}

void lw_with_unwind(Lower *L, bool loop_only, Span sp)
{
    for (int i = L->withs.n - 1; i >= 0; i--) {
        const WithCtx *w = L->withs.v[i];
        if (w->fn != L->fn || (loop_only && w->loop != L->loop)) break;
        with_emit_exit(L, w, sp);
    }
}

/* ---------------------------------------------------------------- API table */

#define RS(name)                   \
    {                              \
        RSTATE, name, rs_method, 0 \
    }

#define NP_RS(name)                   \
    {                                 \
        NP_RSTATE, name, rs_method, 1 \
    }

const ApiFn lw_device_api[] = {
    /* streams */
    { "cupy.cuda", "Stream", stream_new, 0 },
    { "cupy.cuda.stream", "Stream", stream_new, 0 },
    { "cupy.cuda", "get_current_stream", current_stream, 0 },
    { "cupy.cuda.stream", "get_current_stream", current_stream, 0 },
    { STREAM, "null", stream_null, PROP },
    { STREAM, "synchronize", obj_call0, DEV_STREAM_SYNC },
    { STREAM, "use", obj_call0, DEV_STREAM_SET },
    { STREAM, "done", obj_call0, DEV_STREAM_DONE | PROP },
    { STREAM, "ptr", obj_call0, DEV_STREAM_PTR | PROP },
    { STREAM, "record", obj_call1, DEV_STREAM_RECORD },
    { STREAM, "wait_event", obj_call1, DEV_STREAM_WAIT },
    /* events */
    { "cupy.cuda", "Event", event_new, 0 },
    { "cupy.cuda.stream", "Event", event_new, 0 },
    { "cupy.cuda", "get_elapsed_time", elapsed_time, 0 },
    { "cupy.cuda.stream", "get_elapsed_time", elapsed_time, 0 },
    { EVENT, "record", obj_call1, DEV_EVENT_RECORD },
    { EVENT, "synchronize", obj_call0, DEV_EVENT_SYNC },
    { EVENT, "query", obj_call0, DEV_EVENT_DONE },
    { EVENT, "done", obj_call0, DEV_EVENT_DONE | PROP },
    /* devices */
    { "cupy.cuda", "Device", device_new, 0 },
    { DEVICE, "id", device_id, PROP },
    { DEVICE, "use", device_use, 0 },
    { DEVICE, "synchronize", obj_call0, DEV_DEVICE_SYNC },
    { DEVICE, "compute_capability", device_cc, PROP },
    { DEVICE, "mem_info", device_mem_info, PROP },
    { "cupy.cuda.runtime", "getDeviceCount", runtime_query, DEV_DEVICE_COUNT },
    { "cupy.cuda.runtime", "getDevice", runtime_query, DEV_DEVICE_GET },
    { "cupy.cuda.runtime", "setDevice", runtime_set_device, 0 },
    { "cupy.cuda.runtime", "deviceSynchronize", runtime_query, DEV_DEVICE_SYNC },
    { "cupy.cuda.runtime", "memGetInfo", runtime_mem_info, 0 },
    { "cupy.cuda.runtime", "driverGetVersion", runtime_query, DEV_DRIVER_VERSION },
    { "cupy.cuda.runtime", "runtimeGetVersion", runtime_query, DEV_RUNTIME_VERSION },
    /* memory pools */
    { "cupy", "get_default_memory_pool", pool_new, 0 },
    { "cupy", "get_default_pinned_memory_pool", pool_new, 1 },
    { "cupy.cuda", "MemoryPool", pool_new, 0 },
    { "cupy.cuda", "PinnedMemoryPool", pool_new, 1 },
    { "cupy.cuda", "set_allocator", set_allocator, 0 },
    { "cupy.cuda", "set_pinned_memory_allocator", set_allocator, 1 },
    { POOL, "malloc", pool_malloc, PROP },
    { POOL, "used_bytes", pool_query, DEV_POOL_USED },
    { POOL, "total_bytes", pool_query, DEV_POOL_TOTAL },
    { POOL, "free_bytes", pool_query, DEV_COUNT },
    { POOL, "n_free_blocks", pool_query, DEV_POOL_N_FREE },
    { POOL, "get_limit", pool_query, DEV_POOL_GET_LIMIT },
    { POOL, "free_all_blocks", pool_free_all, 0 },
    { POOL, "set_limit", pool_set_limit, 0 },
    { PINNED, "malloc", pool_malloc, PROP },
    { PINNED, "n_free_blocks", pool_query, DEV_POOL_N_FREE },
    { PINNED, "free_all_blocks", pool_free_all, 0 },
    { "cupyx", "empty_pinned", pinned_array, 0 },
    { "cupyx", "zeros_pinned", pinned_array, 1 },
    { "cupy.cuda", "alloc_pinned_memory", alloc_pinned, 0 },
    { "cupy", "frombuffer", frombuffer, 0 },
    /* RandomState objects: the methods are cupy.random's functions */
    { "cupy.random", "RandomState", rs_new, 0 },
    { "cupy.random", "get_random_state", rs_global, 0 },
    RS("seed"),
    RS("random_sample"),
    RS("rand"),
    RS("randn"),
    RS("uniform"),
    RS("normal"),
    RS("lognormal"),
    RS("standard_normal"),
    RS("randint"),
    RS("random_integers"),
    RS("standard_exponential"),
    RS("exponential"),
    RS("rayleigh"),
    RS("pareto"),
    RS("power"),
    RS("weibull"),
    RS("standard_cauchy"),
    RS("gumbel"),
    RS("laplace"),
    RS("wald"),
    RS("triangular"),
    RS("permutation"),
    RS("shuffle"),
    RS("choice"),
    /* numpy.random.RandomState objects: the methods are numpy.random's functions */
    { "numpy.random", "RandomState", np_rs_new, 0 },
    NP_RS("seed"),
    NP_RS("random_sample"),
    NP_RS("random"),
    NP_RS("rand"),
    NP_RS("randn"),
    NP_RS("standard_normal"),
    NP_RS("normal"),
    NP_RS("uniform"),
    NP_RS("randint"),
    NP_RS("permutation"),
    NP_RS("shuffle"),
    NP_RS("choice"),
    { NULL, NULL, NULL, 0 },
};

/* The row of a property of class cls (`stream.done`, `Stream.null`), or NULL. */
const ApiFn *lw_device_prop(const char *cls, const char *name)
{
    const ApiFn *f = lw_api_find(cls, name);
    return f && (f->arg & PROP) ? f : NULL;
}
