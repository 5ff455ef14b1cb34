/*
 * streams.c — the runtime's stream (rt_stream: every launch and copy of the program goes on
 * libgpu's one stream) and the per-stream table of library handles (rt_stream_handles) that
 * blas.c (cuBLAS) and solver.c (cuSOLVER) keep: a handle is made at the first call on a
 * stream and bound to it; past RT_STREAM_HANDLES streams the oldest handle is rebound.  A
 * table's handles are destroyed at exit (rt_at_exit, registered with its first handle).
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
