/*
 * streams.c — the runtime's current stream (rt_stream: every launch, copy and library call of
 * the program goes on libgpu's current stream), CuPy's Stream and Event objects (handles, see
 * below), and the per-stream table of library handles (rt_stream_handles) that blas.c (cuBLAS)
 * and solver.c (cuSOLVER) keep: a handle is made at the first call on a stream and bound to
 * it; past RT_STREAM_HANDLES streams the oldest handle is rebound.  A table's handles are
 * destroyed at exit (rt_at_exit, registered with its first handle).
 */
#include <string.h>

#include "internal.h"

cudaStream_t rt_stream(void)
{
    return gpu_stream();
}

void *rt_stream_handle(rt_stream_handles *t)
{
    gpu_init();
    return rt_stream_handle_for(t, rt_stream());
}

/* At exit: every handle of table arg destroyed. */
static void handles_drop(void *arg)
{
    rt_stream_handles *t = arg;
    for (int i = 0; i < t->n; i++)
        t->drop(t->slot[i].handle);
    t->n = 0;
}

void *rt_stream_handle_for(rt_stream_handles *t, cudaStream_t s)
{
    for (int i = 0; i < t->n; i++)
        if (t->slot[i].stream == s)
            return t->slot[i].handle;
    void *h;
    if (t->n == RT_STREAM_HANDLES) {   /* more streams than slots: rebind the oldest handle */
        h = t->slot[0].handle;
        memmove(t->slot, t->slot + 1, sizeof t->slot[0] * (RT_STREAM_HANDLES - 1));
        t->n--;
        t->bind(h, s);
    } else {
        h = t->make(s);
        if (t->n == 0)
            rt_at_exit(handles_drop, t);
    }
    t->slot[t->n].stream = s;
    t->slot[t->n].handle = h;
    t->n++;
    return h;
}

/* ---------------------------------------------------------------- CuPy's streams and events
 * A stream object is a handle into `streams` (0: Stream.null, the program's own stream); an
 * event one into `events`.  Neither is ever destroyed (freed blocks may still be queued on a
 * stream until the end).  CuPy's Stream.null is the legacy default stream, which orders itself
 * with every blocking stream; the program's own stream is a non-blocking one (CUDA graphs
 * cannot capture the legacy stream), so switching streams does that ordering: a blocking stream
 * made current waits for the work queued on Stream.null so far, and Stream.null made current
 * again waits for the blocking streams that were current since it last was.  Non-blocking
 * streams are ordered by the program only (record, wait_event, synchronize), as in CuPy. */

typedef struct RtStream {
    cudaStream_t s;
    bool blocking;     /* orders itself with Stream.null */
    bool dirty;        /* was current since Stream.null last was */
    cudaEvent_t mark;  /* for the waits above (no timing) */
} RtStream;

static RtStream *streams;
static int64_t nstreams, cur_stream;
static cudaEvent_t *events;
static int64_t nevents;

/* Stream handle h, checked; handle 0 is made on first use. */
static RtStream *stream_at(int64_t h)
{
    gpu_init();
    if (!nstreams) {
        streams = rt_xcalloc(16, sizeof *streams);
        streams[0].s = gpu_base_stream();
        nstreams = 1;
    }
    if (h < 0 || h >= nstreams)
        rt_raise("RuntimeError", "gpyc runtime: bad stream handle %lld", (long long)h);
    return &streams[h];
}

static cudaEvent_t event_at(int64_t h)
{
    if (h < 0 || h >= nevents)
        rt_raise("RuntimeError", "gpyc runtime: bad event handle %lld", (long long)h);
    return events[h];
}

/* `to` waits for the work queued on `from` so far. */
static void stream_order(RtStream *from, RtStream *to)
{
    if (!from->mark)
        CHECK_CUDA(cudaEventCreateWithFlags(&from->mark, cudaEventDisableTiming));
    CHECK_CUDA(cudaEventRecord(from->mark, from->s));
    CHECK_CUDA(cudaStreamWaitEvent(to->s, from->mark, 0));
}

cudaStream_t rt_stream_of(int64_t h)
{
    return stream_at(h)->s;
}

int64_t rt_stream_new(bool non_blocking, bool null, bool ptds)
{
    stream_at(0);
    if (null)
        return 0;
    if (nstreams % 16 == 0)
        streams = rt_xrealloc(streams, sizeof *streams * (size_t)(nstreams + 16));
    RtStream *r = &streams[nstreams];
    memset(r, 0, sizeof *r);
    if (ptds)
        r->s = cudaStreamPerThread;
    else
        CHECK_CUDA(cudaStreamCreateWithFlags(&r->s, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault));
    r->blocking = !non_blocking;
    return nstreams++;
}

int64_t rt_stream_current(void)
{
    stream_at(0);
    return cur_stream;
}

void rt_stream_set(int64_t h)
{
    RtStream *to = stream_at(h);
    if (h == cur_stream)
        return;
    RtStream *null = &streams[0];
    if (h != 0 && to->blocking)
        stream_order(null, to);
    if (h == 0) {
        for (int64_t i = 1; i < nstreams; i++) {
            if (streams[i].dirty && streams[i].blocking)
                stream_order(&streams[i], null);
            streams[i].dirty = false;
        }
    } else {
        to->dirty = true;
    }
    cur_stream = h;
    gpu_set_stream(to->s);
}

int64_t rt_stream_enter(int64_t h)
{
    int64_t prev = rt_stream_current();
    rt_stream_set(h);
    return prev;
}

void rt_stream_sync(int64_t h)
{
    CHECK_CUDA(cudaStreamSynchronize(stream_at(h)->s));
}

bool rt_stream_done(int64_t h)
{
    cudaError_t e = cudaStreamQuery(stream_at(h)->s);
    if (e == cudaErrorNotReady)
        return false;
    CHECK_CUDA(e);
    return true;
}

int64_t rt_stream_ptr(int64_t h)
{
    return (int64_t)(uintptr_t)stream_at(h)->s;
}

int64_t rt_stream_record(int64_t h, int64_t ev)
{
    if (ev < 0)
        ev = rt_event_new(false, false, false);
    CHECK_CUDA(cudaEventRecord(event_at(ev), stream_at(h)->s));
    return ev;
}

void rt_stream_wait_event(int64_t h, int64_t ev)
{
    CHECK_CUDA(cudaStreamWaitEvent(stream_at(h)->s, event_at(ev), 0));
}

int64_t rt_event_new(bool block, bool disable_timing, bool interprocess)
{
    gpu_init();
    if (interprocess && !disable_timing)
        rt_raise("ValueError", "Timing must be disabled for interprocess events");
    unsigned flags = (block ? cudaEventBlockingSync : 0) | (disable_timing ? cudaEventDisableTiming : 0) |
                     (interprocess ? cudaEventInterprocess : 0);
    if (nevents % 16 == 0)
        events = rt_xrealloc(events, sizeof *events * (size_t)(nevents + 16));
    CHECK_CUDA(cudaEventCreateWithFlags(&events[nevents], flags));
    return nevents++;
}

void rt_event_record(int64_t ev, int64_t stream)
{
    CHECK_CUDA(cudaEventRecord(event_at(ev), stream_at(stream < 0 ? rt_stream_current() : stream)->s));
}

void rt_event_sync(int64_t ev)
{
    CHECK_CUDA(cudaEventSynchronize(event_at(ev)));
}

bool rt_event_done(int64_t ev)
{
    cudaError_t e = cudaEventQuery(event_at(ev));
    if (e == cudaErrorNotReady)
        return false;
    CHECK_CUDA(e);
    return true;
}

/* CuPy's get_elapsed_time: the end event is waited for first. */
double rt_event_elapsed(int64_t start, int64_t end)
{
    float ms = 0;
    CHECK_CUDA(cudaEventSynchronize(event_at(end)));
    CHECK_CUDA(cudaEventElapsedTime(&ms, event_at(start), event_at(end)));
    return ms;
}
