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

#include <math.h>
#include <string.h>

#define PROP 0x100 /* ApiFn.arg: a property, not a method */
#define ARGB 0x200 /* ApiFn.arg of nvtx's C forms: an ARGB colour, not a colour id */
#define CONST 0x400 /* ApiFn.arg: a module's constant (cupy.cuda.runtime.streamCaptureModeRelaxed) */

static const char
    *const STREAM = "cupy.cuda.Stream",
           *const EVENT = "cupy.cuda.Event", *const DEVICE = "cupy.cuda.Device",
           *const POOL = "cupy.cuda.MemoryPool", *const PINNED = "cupy.cuda.PinnedMemoryPool",
           *const RSTATE = "cupy.random.RandomState", *const NP_RSTATE = "numpy.random.RandomState",
           *const PINNED_PTR = "cupy.cuda.PinnedMemoryPointer", *const GRAPH = "cupy.cuda.Graph",
           *const TIME_RANGE = "cupyx.profiler.time_range", *const PROFILE = "cupyx.profiler.profile",
           *const PERF = "cupyx.profiler._time._PerfCaseResult", *const PRINTOPTS = "cupy.printoptions",
           *const ERRSTATE = "cupyx.errstate";

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

/* Whether argument e is given (neither absent nor None). */
static bool given(const AstNode *e) { return e && e->kind != AST_NONE; }

/* An int argument e (NULL or None: dflt) as a host int value; NULL after an error. */
static IrValue *int_or(Lower *L, AstNode *e, Span sp, int64_t dflt)
{
    return lw_int_arg_or(L, given(e) ? e : NULL, sp, dflt);
}

/* True, after msg as a located error, when both exclusive arguments x and y are given. */
static bool both_given(Span sp, const AstNode *x, const AstNode *y, const char *msg)
{
    if (!given(x) || !given(y)) return false;
    diag_error(sp, "%s", msg);
    return true;
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
    case DEV_STREAM_CAPTURING: return dev1(L, call->span, c, ty_bool(), self);
    case DEV_STREAM_END_CAPTURE: return dev1(L, call->span, c, ty_obj(GRAPH), self);
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

/* stream.begin_capture(mode=None): CuPy's default mode is relaxed (-1 here); an int mode is
 * cupy.cuda.runtime.streamCaptureMode* (CUDA checks it) */
static IrValue *begin_capture(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "mode", 0, &a)) return NULL;
    IrValue *mode = int_or(L, a.p[0], call->span, -1);
    return mode ? dev(L, call->span, DEV_STREAM_CAPTURE, NULL, 2, (IrValue *[]){ self, mode }) : NULL;
}

/* graph.launch(stream=None) / graph.upload(stream=None): on the current stream when None;
 * arg the IrDevCall */
static IrValue *graph_run(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    if (!lw_bind(call, f->name, "stream", 0, &a)) return NULL;
    IrValue *s = obj_arg(L, a.p[0], STREAM, "stream", none_handle(L, call->span));
    return s ? dev(L, call->span, (IrDevCall)f->arg, NULL, 2, (IrValue *[]){ self, s }) : NULL;
}

/* cupy.cuda.Graph(...): CuPy's NotImplementedError, at compile time */
static IrValue *graph_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L, (void)f, (void)self;
    diag_error(call->span,
               "NotImplementedError: currently this class cannot be initiated by the user and must "
               "be created via stream capture");
    return NULL;
}

/* cupy.cuda.runtime.streamCaptureModeGlobal / ThreadLocal / Relaxed: CUDA's values; arg the value */
static IrValue *capture_mode(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return lw_cint(L, call->span, f->arg & 0xff);
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
    IrValue *id = int_or(L, a.p[0], call->span, -1);
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

/* Device.attributes' keys (CuPy's: cupy_backends' cudaDevAttr* names without the prefix, in
 * its order) and their cudaDeviceAttr values. */
static const struct {
    const char *name;
    int attr;
} DEV_ATTRS[] = {
    { "MaxThreadsPerBlock", 1 },
    { "MaxBlockDimX", 2 },
    { "MaxBlockDimY", 3 },
    { "MaxBlockDimZ", 4 },
    { "MaxGridDimX", 5 },
    { "MaxGridDimY", 6 },
    { "MaxGridDimZ", 7 },
    { "MaxSharedMemoryPerBlock", 8 },
    { "TotalConstantMemory", 9 },
    { "WarpSize", 10 },
    { "MaxPitch", 11 },
    { "MaxRegistersPerBlock", 12 },
    { "ClockRate", 13 },
    { "TextureAlignment", 14 },
    { "GpuOverlap", 15 },
    { "MultiProcessorCount", 16 },
    { "KernelExecTimeout", 17 },
    { "Integrated", 18 },
    { "CanMapHostMemory", 19 },
    { "ComputeMode", 20 },
    { "MaxTexture1DWidth", 21 },
    { "MaxTexture2DWidth", 22 },
    { "MaxTexture2DHeight", 23 },
    { "MaxTexture3DWidth", 24 },
    { "MaxTexture3DHeight", 25 },
    { "MaxTexture3DDepth", 26 },
    { "MaxTexture2DLayeredWidth", 27 },
    { "MaxTexture2DLayeredHeight", 28 },
    { "MaxTexture2DLayeredLayers", 29 },
    { "SurfaceAlignment", 30 },
    { "ConcurrentKernels", 31 },
    { "EccEnabled", 32 },
    { "PciBusId", 33 },
    { "PciDeviceId", 34 },
    { "TccDriver", 35 },
    { "MemoryClockRate", 36 },
    { "GlobalMemoryBusWidth", 37 },
    { "L2CacheSize", 38 },
    { "MaxThreadsPerMultiProcessor", 39 },
    { "AsyncEngineCount", 40 },
    { "UnifiedAddressing", 41 },
    { "MaxTexture1DLayeredWidth", 42 },
    { "MaxTexture1DLayeredLayers", 43 },
    { "MaxTexture2DGatherWidth", 45 },
    { "MaxTexture2DGatherHeight", 46 },
    { "MaxTexture3DWidthAlt", 47 },
    { "MaxTexture3DHeightAlt", 48 },
    { "MaxTexture3DDepthAlt", 49 },
    { "PciDomainId", 50 },
    { "TexturePitchAlignment", 51 },
    { "MaxTextureCubemapWidth", 52 },
    { "MaxTextureCubemapLayeredWidth", 53 },
    { "MaxTextureCubemapLayeredLayers", 54 },
    { "MaxSurface1DWidth", 55 },
    { "MaxSurface2DWidth", 56 },
    { "MaxSurface2DHeight", 57 },
    { "MaxSurface3DWidth", 58 },
    { "MaxSurface3DHeight", 59 },
    { "MaxSurface3DDepth", 60 },
    { "MaxSurface1DLayeredWidth", 61 },
    { "MaxSurface1DLayeredLayers", 62 },
    { "MaxSurface2DLayeredWidth", 63 },
    { "MaxSurface2DLayeredHeight", 64 },
    { "MaxSurface2DLayeredLayers", 65 },
    { "MaxSurfaceCubemapWidth", 66 },
    { "MaxSurfaceCubemapLayeredWidth", 67 },
    { "MaxSurfaceCubemapLayeredLayers", 68 },
    { "MaxTexture1DLinearWidth", 69 },
    { "MaxTexture2DLinearWidth", 70 },
    { "MaxTexture2DLinearHeight", 71 },
    { "MaxTexture2DLinearPitch", 72 },
    { "MaxTexture2DMipmappedWidth", 73 },
    { "MaxTexture2DMipmappedHeight", 74 },
    { "MaxTexture1DMipmappedWidth", 77 },
    { "StreamPrioritiesSupported", 78 },
    { "GlobalL1CacheSupported", 79 },
    { "LocalL1CacheSupported", 80 },
    { "MaxSharedMemoryPerMultiprocessor", 81 },
    { "MaxRegistersPerMultiprocessor", 82 },
    { "ManagedMemory", 83 },
    { "IsMultiGpuBoard", 84 },
    { "MultiGpuBoardGroupID", 85 },
    { "HostNativeAtomicSupported", 86 },
    { "SingleToDoublePrecisionPerfRatio", 87 },
    { "PageableMemoryAccess", 88 },
    { "ConcurrentManagedAccess", 89 },
    { "ComputePreemptionSupported", 90 },
    { "CanUseHostPointerForRegisteredMem", 91 },
    { "Reserved92", 92 },
    { "Reserved93", 93 },
    { "Reserved94", 94 },
    { "CooperativeLaunch", 95 },
    { "CooperativeMultiDeviceLaunch", 96 },
    { "MaxSharedMemoryPerBlockOptin", 97 },
    { "CanFlushRemoteWrites", 98 },
    { "HostRegisterSupported", 99 },
    { "PageableMemoryAccessUsesHostPageTables", 100 },
    { "DirectManagedMemAccessFromHost", 101 },
    { "MaxBlocksPerMultiprocessor", 106 },
    { "ReservedSharedMemoryPerBlock", 111 },
    { "SparseCudaArraySupported", 112 },
    { "HostRegisterReadOnlySupported", 113 },
    { "MaxTimelineSemaphoreInteropSupported", 114 },
    { "MemoryPoolsSupported", 115 },
    { "GPUDirectRDMASupported", 116 },
    { "GPUDirectRDMAFlushWritesOptions", 117 },
    { "GPUDirectRDMAWritesOrdering", 118 },
    { "MemoryPoolSupportedHandleTypes", 119 },
};

/* device.attributes → a dict of every attribute's value (a record) */
static IrValue *device_attributes(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    enum { N = sizeof DEV_ATTRS / sizeof DEV_ATTRS[0] };
    const char *keys[N];
    IrValue *vs[N];
    for (int i = 0; i < N; i++) {
        keys[i] = DEV_ATTRS[i].name;
        vs[i] = dev(L, call->span, DEV_DEVICE_ATTR, ty_int(), 2,
                    (IrValue *[]){ self, lw_cint(L, call->span, DEV_ATTRS[i].attr) });
    }
    return lw_record(L, call->span, N, keys, vs);
}

/* getDeviceProperties' keys after 'name' (gpyrt_kinds.def's GPK_PROP rows) and their sizes */
static const struct {
    const char *name;
    int n;
} DEV_PROPS[] = {
#define GPK_PROP(name, n, expr) { #name, n },
#include "runtime/include/gpyrt_kinds.def"
};

/* cupy.cuda.runtime.getDeviceProperties(device) → CuPy's dict (a record): 'name' a str
 * (CuPy: bytes), the other keys ints or tuples of ints; CuPy's bytes keys (uuid, luid) left
 * out */
static IrValue *device_props(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "device", 1, &a)) return NULL;
    IrValue *id = lw_int_arg(L, a.p[0]);
    if (!id) return NULL;
    enum { N = 1 + sizeof DEV_PROPS / sizeof DEV_PROPS[0] };
    Span sp = call->span;
    const char *keys[N] = { "name" };
    IrValue *vs[N] = { dev1(L, sp, DEV_DEVICE_NAME, ty_str(), id) };
    for (int k = 1; k < N; k++) {
        IrValue *el[3];
        int n = DEV_PROPS[k - 1].n;
        for (int i = 0; i < n; i++)
            el[i] = dev(L, sp, DEV_DEVICE_PROP, ty_int(), 3,
                        (IrValue *[]){ id, lw_cint(L, sp, k - 1), lw_cint(L, sp, i) });
        keys[k] = DEV_PROPS[k - 1].name;
        vs[k] = n == 1 ? el[0] : lw_tuple(L, sp, n, el);
    }
    return lw_record(L, sp, N, keys, vs);
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
    if (given(a.p[0])) {
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
    if (!lw_bind(call, f->name, "size,fraction", 0, &a) ||
        both_given(sp, a.p[0], a.p[1], "size and fraction cannot be specified at one time"))
        return NULL;
    bool has_size = given(a.p[0]), has_frac = given(a.p[1]);
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

/* cupyx.empty_pinned / zeros_pinned (shape, dtype=float64, order='C') and empty_like_pinned /
 * zeros_like_pinned (a, dtype=None, order='K', subok=None, shape=None): gpyc's NumPy arrays are
 * device arrays, so these are cupy.empty / zeros / empty_like / zeros_like (arg: that order) */
static IrValue *pinned_array(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    static const char *const as[] = { "empty", "zeros", "empty_like", "zeros_like" };
    const ApiFn *g = lw_api_find("cupy", as[f->arg]);
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

/* frombuffer(b, dtype, count=-1, offset=0) of a bytes value b: NumPy's checks with its
 * ValueErrors at run time (offset in [0, len(b)]; without a count, len(b) - offset a multiple
 * of the itemsize; with one, enough bytes), then count items (len(b) - offset) // itemsize
 * without one) from offset, a copy (NumPy's array is a read-only view of the bytes; a copy is
 * aligned for any offset). */
static IrValue *frombuffer_bytes(Lower *L, Span sp, Args *a, IrValue *b, DType dt)
{
    IrValue *cnt = lw_int_arg_or(L, a->p[2], sp, -1), *off = lw_int_arg_or(L, a->p[3], sp, 0);
    if (!cnt || !off) return NULL;
    IrValue *buf = lw_bytes_array(L, sp, b), *len = lw_dim(L, sp, buf, 0), *isz = lw_cint(L, sp, dt_size(dt));
    IrValue *bad = lw_binop(L, AOP_BITOR, sp, lw_is_neg(L, sp, off), lw_binop(L, AOP_GT, sp, off, len));
    if (!lw_raise_first(L, sp, bad, "ValueError",
                        "offset must be non-negative and no greater than buffer length (", len, NULL, NULL,
                        NULL, ")"))
        return NULL;
    IrValue *rest = lw_isub(L, sp, len, off), *all = lw_is_neg(L, sp, cnt);
    IrValue *odd = lw_binop(L, AOP_NE, sp, lw_binop(L, AOP_MOD, sp, rest, isz), lw_cint(L, sp, 0));
    if (!lw_raise_if(L, sp, lw_binop(L, AOP_BITAND, sp, all, odd), "ValueError",
                     "buffer size must be a multiple of element size"))
        return NULL;
    IrValue *need = lw_imul(L, sp, cnt, isz);
    IrValue *small = lw_binop(L, AOP_BITAND, sp, lw_binop(L, AOP_GE, sp, cnt, lw_cint(L, sp, 0)),
                              lw_binop(L, AOP_LT, sp, rest, need));
    if (!lw_raise_if(L, sp, small, "ValueError", "buffer is smaller than requested size")) return NULL;
    IrValue *nbytes =
        lw_ewise(L, IR_WHERE, sp, 3,
                 (IrValue *[]){ all, lw_isub(L, sp, rest, lw_binop(L, AOP_MOD, sp, rest, isz)), need });
    IrValue *part = lw_slice_axis(L, sp, buf, 0, off, lw_iadd(L, sp, off, nbytes), NULL);
    IrValue *r = lw_emit1(L, IR_VIEW_DTYPE, sp, ty_array(dt, 1), lw_copy_of(L, sp, part));
    r->def->dtype = dt;
    return r;
}

/* numpy.frombuffer(buffer, dtype=float, count=-1, offset=0) of a bytes value (frombuffer_bytes)
 * or of a PinnedMemoryPointer: a new 1-d array of count elements (count required: the
 * pointer's size is not kept), uninitialised like the pinned memory; each call is an array of
 * its own (NumPy's views of one buffer share it). */
static IrValue *frombuffer(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "buffer,dtype,count,offset", 1, &a)) return NULL;
    IrValue *b = lw_expr(L, a.p[0]);
    if (!b) return NULL;
    DType dt = DT_FLOAT64;
    bool given;
    if (b->type->kind == TY_BYTES)
        return lw_dtype_arg(L, a.p[1], &dt, &given) ? frombuffer_bytes(L, call->span, &a, b, dt) : NULL;
    if (b->type->kind != TY_BUILTIN || strcmp(b->type->name, PINNED_PTR)) {
        diag_error(
            a.p[0]->span,
            "frombuffer() takes a bytes value or memory of cupy.cuda.alloc_pinned_memory in gpyc, not %s",
            ty_str_of(b->type));
        return NULL;
    }
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
    bool seeded = given(a.p[0]);
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

/* cupy.random.get_random_state(): the RandomState cupy.random's functions draw from (handle 0,
 * the module's own, until set_random_state); set_random_state(rs): makes it rs, returns None */
static IrValue *rs_global(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    bool set = f->arg;
    if (!lw_bind(call, f->name, set ? "rs" : "", set, &a)) return NULL;
    IrValue *h = set ? lw_expr(L, a.p[0]) : lw_const_int(L, call->span, -1);
    if (!h) return NULL;
    if (set && (h->type->kind != TY_OBJ || strcmp(h->type->name, RSTATE))) {
        diag_error(a.p[0]->span, "Random state must be an instance of RandomState. Actual: %s",
                   ty_str_of(h->type));
        return NULL;
    }
    IrValue *r = dev1(L, call->span, DEV_RANDOM_GLOBAL, ty_obj(RSTATE), h);
    return set ? lw_pseudo(L, ty_none()) : r;
}

/* ---------------------------------------------------------------- profiling */

/* A str argument e evaluated at run time (a message); NULL after a located error. */
static IrValue *str_value(Lower *L, AstNode *e, const char *what)
{
    IrValue *v = lw_expr(L, e);
    if (v && v->type->kind != TY_STR) {
        diag_error(e->span, "%s must be a str, not %s", what, ty_str_of(v->type));
        return NULL;
    }
    return v;
}

/* cupy.cuda.nvtx.RangePush(message, id_color=-1) / Mark(message, id_color=-1), and the ARGB
 * forms RangePushC(message, color=0) / MarkC(message, color=0): arg the IrDevCall, | ARGB for
 * the C forms. */
static IrValue *nvtx_call(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    bool argb = f->arg & ARGB;
    Args a;
    if (!lw_bind(call, f->name, argb ? "message,color" : "message,id_color", 1, &a)) return NULL;
    IrValue *msg = str_value(L, a.p[0], "message");
    IrValue *c = msg ? int_or(L, a.p[1], call->span, argb ? 0 : -1) : NULL;
    if (!c) return NULL;
    IrValue *none = lw_cint(L, call->span, -1);
    IrValue *args[3] = { msg, argb ? none : c, argb ? c : none };
    return dev(L, call->span, (IrDevCall)(f->arg & 0xff), NULL, 3, args);
}

/* Calls without arguments returning None: nvtx.RangePop(), cupy.cuda.profiler.start()/stop();
 * arg the IrDevCall */
static IrValue *call0(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    return dev(L, call->span, (IrDevCall)f->arg, NULL, 0, NULL);
}

/* cupyx.profiler.time_range(message=None, color_id=None, argb_color=None, sync=False): a range
 * object for a with statement (a decorator is rewritten by lower/closure.c into a with around
 * the function's body, its message the function's name) */
static IrValue *time_range(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    Span sp = call->span;
    if (!lw_bind(call, f->name, "message,color_id,argb_color,sync", 0, &a) ||
        both_given(sp, a.p[1], a.p[2], "ValueError: Only either color_id or argb_color can be specified"))
        return NULL;
    if (!given(a.p[0])) {
        diag_error(sp, "ValueError: when used as a context manager, the message argument cannot be None");
        return NULL;
    }
    IrValue *args[4] = { str_value(L, a.p[0], "message") };
    if (!args[0] || !(args[1] = int_or(L, a.p[1], sp, -1)) || !(args[2] = int_or(L, a.p[2], sp, -1)) ||
        !(args[3] = bool_arg(L, a.p[3], false, sp)))
        return NULL;
    return dev(L, sp, DEV_RANGE_NEW, ty_obj(TIME_RANGE), 4, args);
}

/* cupyx.profiler.profile(): a context manager that starts and stops the CUDA profiler */
static IrValue *profile(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    if (!lw_bind(call, f->name, "", 0, &a)) return NULL;
    IrValue *r = lw_emit(L, IR_CONST_INT, call->span, ty_obj(PROFILE), 0, NULL);
    r->def->ival = 0;
    return r;
}

/* cupyx.errstate(*, divide=None, over=None, under=None, invalid=None, linalg=None): a context
 * manager that changes nothing gpyc does: floating-point errors give inf and nan without a
 * warning ('ignore', 'warn', 'print', 'log' and 'call' differ from it on stderr only), and a
 * singular matrix raises LinAlgError as NumPy does, which is linalg='raise'.  'raise' for a
 * floating-point error (FloatingPointError) and linalg='ignore' (CuPy's nan results) would
 * change results: located errors. */
static IrValue *errstate(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    static const char *const names[] = { "divide", "over", "under", "invalid", "linalg" };
    if (call->elts.n) {
        diag_error(call->span, "errstate() takes keyword arguments only");
        return NULL;
    }
    for (int i = 0; i < call->params.n; i++) {
        AstNode *kw = call->params.v[i];
        int k = 0;
        while (k < 5 && strcmp(names[k], kw->sval)) k++;
        if (k == 5) {
            diag_error(kw->span, "%s() got an unexpected keyword argument '%s'", f->name, kw->sval);
            return NULL;
        }
        IrValue *v = lw_expr(L, kw->rhs);
        const char *mode = NULL;
        const IrInstr *bad;
        if (!v) return NULL;
        if (!lw_is_none(v) && !lw_fold_str(L, v, &mode, NULL, &bad)) {
            diag_error(kw->rhs->span, "errstate's %s= takes a constant str or None here", kw->sval);
            return NULL;
        }
        bool linalg = k == 4;
        if (mode && (linalg ? strcmp(mode, "raise") : !strcmp(mode, "raise"))) {
            diag_error(
                kw->rhs->span,
                linalg ? "errstate(linalg='%s') is not supported: gpyc raises LinAlgError for a singular "
                         "matrix, as NumPy does (linalg='raise')"
                       : "errstate(%s='%s') is not supported: gpyc raises no FloatingPointError (it gives "
                         "inf and nan, as 'ignore')",
                linalg ? mode : kw->sval, mode);
            return NULL;
        }
    }
    IrValue *r = lw_emit(L, IR_CONST_INT, call->span, ty_obj(ERRSTATE), 0, NULL);
    r->def->ival = 0;
    return r;
}

/* ---------------------------------------------------------------- cupy.memoize */

/* cupy.memoize(for_each_device=False) other than as a decorator: @cupy.memoize(...) on a def
 * compiles as the function itself (lower/closure.c). */
static IrValue *memoize(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)L, (void)f, (void)self;
    diag_error(call->span,
               "cupy.memoize() is supported only as a decorator (@cupy.memoize(...) on a def: gpyc "
               "calls the function each time, which gives the same results for a function without "
               "side effects)");
    return NULL;
}

/* cupy.clear_memo(): None (gpyc keeps no memoized results) */
static IrValue *clear_memo(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    return lw_bind(call, f->name, "", 0, &a) ? lw_const_none(L, call->span) : NULL;
}

/* ---------------------------------------------------------------- cupyx.profiler.benchmark */

/* A hidden name of benchmark call `id` (what comp.c's hidden names look like). */
static AstNode *hidden(Lower *L, Span sp, const char *what, int id)
{
    AstNode *n = ast_new(L->a, AST_NAME, sp, NULL);
    n->sval = ar_printf(L->a, "%s@bench%d", what, id);
    return n;
}

/* `for i in range(n): body...` of the statements body[0..nb) (i, n hidden names). */
static AstNode *repeat(Lower *L, Span sp, AstNode *i, AstNode *n, int nb, AstNode **body)
{
    AstNode *f = ast_new(L->a, AST_FOR, sp, NULL), *range = ast_new(L->a, AST_CALL, sp, NULL);
    range->lhs = ast_new(L->a, AST_NAME, sp, NULL);
    range->lhs->sval = "range";
    range->elts = lw_ast_vec(L, 1, &n);
    f->lhs = i;
    f->rhs = range;
    f->then = ast_new(L->a, AST_BLOCK, sp, NULL);
    f->then->body = lw_ast_vec(L, nb, body);
    return f;
}

/* A statement calling `obj.method(args)` (n of them). */
static AstNode *method_stmt(Lower *L, Span sp, AstNode *obj, const char *method, int n, AstNode **args)
{
    AstNode *c = ast_new(L->a, AST_CALL, sp, NULL), *st = ast_new(L->a, AST_EXPR_STMT, sp, NULL);
    c->lhs = ast_new(L->a, AST_ATTR, sp, NULL);
    c->lhs->lhs = obj;
    c->lhs->sval = method;
    c->elts = lw_ast_vec(L, n, args);
    st->lhs = c;
    return st;
}

/* The name CuPy reports for func f (its __name__), or NULL after a located error. */
static const char *func_name(Lower *L, AstNode *f)
{
    IrValue *v = lw_expr(L, f);
    if (!v) return NULL;
    if (v->type->kind == TY_FUNC && v->type->def) return v->type->def->sval;
    if (v->type->kind == TY_BUILTIN) {
        const char *dot = strrchr(v->type->name, '.');
        return dot ? dot + 1 : v->type->name;
    }
    diag_error(f->span,
               "benchmark() takes a function here (a def or a CuPy function), not %s; name= names it",
               ty_str_of(v->type));
    return NULL;
}

/* Whether e is a literal (a constant that stays one: axis=0 and the like). */
static bool is_literal(const AstNode *e)
{
    switch (e->kind) {
    case AST_INT:
    case AST_FLOAT:
    case AST_STR:
    case AST_BOOL:
    case AST_NONE: return true;
    case AST_UNARY: return is_literal(e->lhs);
    default: return false;
    }
}

/* The argument e of benchmark call `id`, the k-th (what: "a" or "k"): a literal as itself,
 * anything else evaluated once into a hidden name; NULL after an error. */
static AstNode *bench_arg(Lower *L, Span sp, AstNode *e, const char *what, int k, int id)
{
    if (is_literal(e)) return e;
    AstNode *n = hidden(L, sp, ar_printf(L->a, "%s%d", what, k), id);
    IrValue *v = lw_expr(L, e);
    return v && lw_assign(L, n, v, sp) ? n : NULL;
}

/* The call statement `func(a0, ..., k0=..., ...)` of benchmark call `id`: its arguments
 * evaluated once (bench_arg; args a tuple literal, or a tuple value passed as *args; kwargs a
 * dict literal). */
static AstNode *bench_call(Lower *L, AstNode *call, int id, AstNode *func, AstNode *args, AstNode *kwargs)
{
    Span sp = call->span;
    AstNode *c = ast_new(L->a, AST_CALL, sp, NULL), *st = ast_new(L->a, AST_EXPR_STMT, sp, NULL);
    c->lhs = func;
    st->lhs = c;
    if (args && args->kind != AST_TUPLE) { /* a tuple value: func(*t) */
        IrValue *t = lw_expr(L, args);
        if (!t) return NULL;
        if (t->type->kind != TY_TUPLE || t->type->keys) {
            diag_error(args->span, "ValueError: `args` should be of tuple type");
            return NULL;
        }
        AstNode *star = ast_new(L->a, AST_STARRED, sp, NULL);
        star->lhs = hidden(L, sp, "args", id);
        if (!lw_assign(L, star->lhs, t, sp)) return NULL;
        args = ast_new(L->a, AST_TUPLE, sp, NULL);
        args->elts = lw_ast_vec(L, 1, &star);
    }
    if (kwargs && kwargs->kind != AST_DICT) {
        diag_error(kwargs->span, "benchmark(kwargs=) takes a dict literal in gpyc");
        return NULL;
    }
    int na = args ? args->elts.n : 0, nk = kwargs ? kwargs->elts.n : 0;
    AstNode **pa = ar_alloc(L->a, sizeof *pa * (size_t)(na + 1)),
            **pk = ar_alloc(L->a, sizeof *pk * (size_t)(nk + 1));
    for (int i = 0; i < na; i++) {
        AstNode *e = args->elts.v[i];
        if (e->kind != AST_STARRED && !(pa[i] = bench_arg(L, sp, e, "a", i, id))) return NULL;
        if (e->kind == AST_STARRED) pa[i] = e;
    }
    for (int i = 0; i < nk; i++) {
        AstNode *key = kwargs->elts.v[i];
        if (key->kind != AST_STR) {
            diag_error(key->span, "benchmark(kwargs=) keys must be str literals");
            return NULL;
        }
        pk[i] = ast_new(L->a, AST_KEYWORD, sp, NULL);
        pk[i]->sval = key->sval;
        if (!(pk[i]->rhs = bench_arg(L, sp, kwargs->params.v[i], "k", i, id))) return NULL;
    }
    c->elts = lw_ast_vec(L, na, pa);
    c->params = lw_ast_vec(L, nk, pk);
    return st;
}

/* cupyx.profiler.benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None,
 * n_warmup=10, max_duration=inf, devices=None), as CuPy's _repeat runs it: n_warmup untimed
 * calls, then up to n_repeat calls each timed on the host (perf_counter) and on the device
 * (events around it on the current stream, waited for), stopping once the time spent passes
 * max_duration.  Lowered as the loops written out in Python over hidden names.  cupyx.time.repeat
 * is the same function (CuPy's deprecated name for it). */
static IrValue *benchmark(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    Args a;
    Span sp = call->span;
    if (!lw_bind(call, f->name, "func,args,kwargs,n_repeat,name,n_warmup,max_duration,devices", 1, &a))
        return NULL;
    if (given(a.p[7])) {
        diag_error(a.p[7]->span, "benchmark(devices=) is not supported: gpyc programs run on device 0");
        return NULL;
    }
    IrValue *name = given(a.p[4]) ? str_value(L, a.p[4], "name") : NULL;
    if (!name) {
        if (given(a.p[4])) return NULL;
        const char *fn = func_name(L, a.p[0]);
        if (!fn) return NULL;
        name = lw_const_str(L, sp, fn);
    }
    int id = call->id;
    AstNode *nrep = hidden(L, sp, "n_repeat", id), *nwarm = hidden(L, sp, "n_warmup", id),
            *maxd = hidden(L, sp, "max_duration", id), *b = hidden(L, sp, "b", id);
    IrValue *v;
    if (!(v = int_or(L, a.p[3], sp, 10000)) || !lw_assign(L, nrep, v, sp)) return NULL;
    if (!(v = int_or(L, a.p[5], sp, 10)) || !lw_assign(L, nwarm, v, sp)) return NULL;
    v = given(a.p[6]) ? lw_expr(L, a.p[6]) : lw_const_float(L, sp, INFINITY);
    if (!v) return NULL;
    if (!ty_is_scalar(v->type) || v->type->kind == TY_COMPLEX) {
        diag_error(a.p[6]->span, "ValueError: `max_duration` should be given in seconds");
        return NULL;
    }
    if (!lw_assign(L, maxd, lw_to_scalar(L, v, TY_FLOAT, sp), sp)) return NULL;
    AstNode *run = bench_call(L, call, id, a.p[0], a.p[1], a.p[2]);
    if (!run) return NULL;
    lw_stmt(L, repeat(L, sp, hidden(L, sp, "w", id), nwarm, 1, &run));
    if (!lw_assign(L, b, dev1(L, sp, DEV_BENCH_NEW, ty_obj(PERF), name), sp)) return NULL;
    AstNode *stop = ast_new(L->a, AST_IF, sp, NULL), *brk = ast_new(L->a, AST_BREAK, sp, NULL);
    stop->cond = method_stmt(L, sp, b, "_stop", 1, &maxd)->lhs;
    stop->then = lw_ast_block(L, brk);
    AstNode *body[3] = { method_stmt(L, sp, b, "_start", 0, NULL), run, stop };
    lw_stmt(L, repeat(L, sp, hidden(L, sp, "i", id), nrep, 3, body));
    return lw_expr(L, b);
}

/* The benchmark record's steps (internal: names with '_' are not listed): _start() before a
 * timed call, _stop(max_duration) after it (True: stop) */
static IrValue *bench_step(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    if (f->arg == DEV_BENCH_START) return dev1(L, call->span, DEV_BENCH_START, NULL, self);
    return dev(L, call->span, DEV_BENCH_STOP, ty_bool(), 2,
               (IrValue *[]){ self, lw_expr(L, call->elts.v[0]) });
}

/* result.name, result.cpu_times / gpu_times (arrays of seconds; arg 1: GPU), str(result) and
 * result.to_str(show_gpu=False) (CuPy's line; str shows the GPU part) */
static IrValue *perf_name(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)f;
    return dev1(L, call->span, DEV_BENCH_NAME, ty_str(), self);
}

static IrValue *perf_times(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Span sp = call->span;
    bool gpu = f->arg & 1;
    return dev(L, sp, DEV_BENCH_TIMES, ty_array(DT_FLOAT64, gpu ? 2 : 1), 2,
               (IrValue *[]){ self, lw_cint(L, sp, gpu) });
}

static IrValue *perf_str(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    Args a;
    bool show = f->arg & 1;
    if (call->kind == AST_CALL && f->name[0] != '_') {
        if (!lw_bind(call, f->name, "show_gpu", 0, &a) || !lw_bool_arg(L, a.p[0], false, &show)) return NULL;
    }
    return dev(L, call->span, DEV_BENCH_STR, ty_str(), 2,
               (IrValue *[]){ self, lw_const_bool(L, call->span, show) });
}

/* str(obj) / print(obj) of an object: its class's __str__ row, or NULL (not printable) */
IrValue *lw_device_str(Lower *L, IrValue *obj, AstNode *at)
{
    const ApiFn *f = obj->type->kind == TY_OBJ ? lw_api_find(obj->type->name, "__str__") : NULL;
    return f ? f->lower(L, at, f, obj) : NULL;
}

/* ---------------------------------------------------------------- with statements */

typedef struct WithCtx {
    IrOp op; /* IR_DEVICE, or IR_PYLIB (lw_with_push) */
    int exit; /* the call that ends the with: DEV_STREAM_SET, DEV_DEVICE_USE ... (-1: none) */
    Type *ret; /* its result type (NULL: none) */
    int nargs;
    IrValue *args[2]; /* its arguments: what the exit makes current again, or the object */
    Loop *loop; /* the loop around the with (break/continue leave it when it is L->loop) */
    IrFunc *fn;
} WithCtx;

/* Whether value v is an object of class cls. */
static bool is_obj(const IrValue *v, const char *cls)
{
    return v->type->kind == TY_OBJ && !strcmp(v->type->name, cls);
}

/* Pushes a with whose exit is call `exit` of op, returning ret, of nargs args. */
static void with_push(Lower *L, IrOp op, int exit, Type *ret, int nargs, IrValue **args)
{
    WithCtx *w = ar_alloc(L->a, sizeof *w);
    *w = (WithCtx){ .op = op, .exit = exit, .ret = ret, .nargs = nargs, .loop = L->loop, .fn = L->fn };
    for (int i = 0; i < nargs; i++) w->args[i] = args[i];
    vec_push(&L->withs, w);
}

void lw_with_push(Lower *L, IrOp op, int exit, int nargs, IrValue **args)
{
    with_push(L, op, exit, NULL, nargs, args);
}

bool lw_with_enter(Lower *L, IrValue *ctx, Span sp)
{
    bool stream = is_obj(ctx, STREAM), device = is_obj(ctx, DEVICE);
    bool range = is_obj(ctx, TIME_RANGE), prof = is_obj(ctx, PROFILE), popts = is_obj(ctx, PRINTOPTS);
    if (is_obj(ctx, ERRSTATE)) { /* nothing to do on entry or exit */
        with_push(L, IR_DEVICE, -1, NULL, 0, NULL);
        return true;
    }
    if (!stream && !device && !range && !prof && !popts) {
        diag_error(
            sp,
            "with statements take a cupy.cuda.Stream, a cupy.cuda.Device, a cupyx.profiler.time_range, "
            "cupyx.profiler.profile(), cupyx.errstate(), numpy.printoptions(), open() or cp.load() of an "
            ".npz "
            "in gpyc, not %s",
            ty_str_of(ctx->type));
        return false;
    }
    if (popts) { /* the options (api/printing.c) apply; the exit restores those they replaced */
        IrValue *prev = lw_host_call(L, sp, IR_PYLIB, PY_PRINTOPTS_APPLY, ty_int(), 1, &ctx);
        with_push(L, IR_PYLIB, PY_PRINTOPTS_APPLY, NULL, 1, &prev);
    } else if (range || prof) { /* no previous state: the exit pops the range or stops the profiler */
        dev(L, sp, range ? DEV_RANGE_ENTER : DEV_PROFILER_START, NULL, range, &ctx);
        with_push(L, IR_DEVICE, range ? DEV_RANGE_EXIT : DEV_PROFILER_STOP, NULL, range, &ctx);
    } else {
        IrValue *prev =
            dev1(L, sp, stream ? DEV_STREAM_ENTER : DEV_DEVICE_USE, stream ? ctx->type : ty_int(), ctx);
        with_push(L, IR_DEVICE, stream ? DEV_STREAM_SET : DEV_DEVICE_USE, device ? ty_int() : NULL, 1, &prev);
    }
    return true;
}

static void with_emit_exit(Lower *L, const WithCtx *w, Span sp)
{
    if (w->exit < 0) return; /* cupyx.errstate: no exit */
    IrValue *args[2] = { w->args[0], w->args[1] };
    lw_host_call(L, sp, w->op, w->exit, w->ret, w->nargs, args);
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
    { STREAM, "begin_capture", begin_capture, 0 },
    { STREAM, "end_capture", obj_call0, DEV_STREAM_END_CAPTURE },
    { STREAM, "is_capturing", obj_call0, DEV_STREAM_CAPTURING },
    { "cupy.cuda.runtime", "streamCaptureModeGlobal", capture_mode, 0 | CONST },
    { "cupy.cuda.runtime", "streamCaptureModeThreadLocal", capture_mode, 1 | CONST },
    { "cupy.cuda.runtime", "streamCaptureModeRelaxed", capture_mode, 2 | CONST },
    /* graphs */
    { "cupy.cuda", "Graph", graph_new, 0 },
    { "cupy.cuda.graph", "Graph", graph_new, 0 },
    { GRAPH, "launch", graph_run, DEV_GRAPH_LAUNCH },
    { GRAPH, "upload", graph_run, DEV_GRAPH_UPLOAD },
    /* profiling */
    { "cupy.cuda.nvtx", "RangePush", nvtx_call, DEV_NVTX_PUSH },
    { "cupy.cuda.nvtx", "RangePushC", nvtx_call, DEV_NVTX_PUSH | ARGB },
    { "cupy.cuda.nvtx", "Mark", nvtx_call, DEV_NVTX_MARK },
    { "cupy.cuda.nvtx", "MarkC", nvtx_call, DEV_NVTX_MARK | ARGB },
    { "cupy.cuda.nvtx", "RangePop", call0, DEV_NVTX_POP },
    { "cupy.cuda.profiler", "start", call0, DEV_PROFILER_START },
    { "cupy.cuda.profiler", "stop", call0, DEV_PROFILER_STOP },
    { "cupyx.profiler", "time_range", time_range, 0 },
    { "cupyx", "errstate", errstate, 0 },
    { "cupyx.profiler", "profile", profile, 0 },
    { "cupyx.profiler", "benchmark", benchmark, 0 },
    { "cupyx.time", "repeat", benchmark, 0 }, /* CuPy's deprecated alias of benchmark */
    { "cupy", "memoize", memoize, 0 },
    { "cupy", "clear_memo", clear_memo, 0 },
    { PERF, "_start", bench_step, DEV_BENCH_START },
    { PERF, "_stop", bench_step, DEV_BENCH_STOP },
    { PERF, "__str__", perf_str, 1 },
    { PERF, "to_str", perf_str, 0 },
    { PERF, "name", perf_name, PROP },
    { PERF, "cpu_times", perf_times, 0 | PROP },
    { PERF, "gpu_times", perf_times, 1 | PROP },
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
    { DEVICE, "attributes", device_attributes, PROP },
    { "cupy.cuda.runtime", "getDeviceProperties", device_props, 0 },
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
    { "cupyx", "empty_like_pinned", pinned_array, 2 },
    { "cupyx", "zeros_like_pinned", pinned_array, 3 },
    { "cupy.cuda", "alloc_pinned_memory", alloc_pinned, 0 },
    { "cupy", "frombuffer", frombuffer, 0 },
    /* RandomState objects: the methods are cupy.random's functions */
    { "cupy.random", "RandomState", rs_new, 0 },
    { "cupy.random", "get_random_state", rs_global, 0 },
    { "cupy.random", "set_random_state", rs_global, 1 },
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
    RS("beta"),
    RS("binomial"),
    RS("chisquare"),
    RS("dirichlet"),
    RS("f"),
    RS("gamma"),
    RS("geometric"),
    RS("hypergeometric"),
    RS("logistic"),
    RS("logseries"),
    RS("negative_binomial"),
    RS("noncentral_chisquare"),
    RS("noncentral_f"),
    RS("poisson"),
    RS("standard_gamma"),
    RS("standard_t"),
    RS("vonmises"),
    RS("multivariate_normal"),
    RS("zipf"),
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

/* The row of a constant of module mod (`cupy.cuda.runtime.streamCaptureModeRelaxed`), or NULL. */
/* f when it is a row of this file's table with the flag bit set (other tables' arg fields mean
 * other things: os.path.splitext's -1 is not a constant), else NULL. */
static const ApiFn *device_row(const ApiFn *f, int flag)
{
    for (const ApiFn *r = lw_device_api; f && r->mod; r++)
        if (r == f) return (f->arg & flag) ? f : NULL;
    return NULL;
}

const ApiFn *lw_device_const(const char *mod, const char *name)
{
    return device_row(lw_api_find(mod, name), CONST);
}

/* The row of a property of class cls (`stream.done`, `Stream.null`), or NULL. */
const ApiFn *lw_device_prop(const char *cls, const char *name)
{
    return device_row(lw_api_find(cls, name), PROP);
}
