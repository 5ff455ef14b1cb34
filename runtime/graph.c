/*
 * graph.c — CUDA graphs: loops replayed as graphs, and CuPy's cupy.cuda.Graph objects (the end
 * of this file).
 *
 * Loops replayed as CUDA graphs.  The compiler (compiler/passes/graphloop.c) marks a
 * `for ... in range(n)` loop whose iterations all launch the same kernels with the same
 * arguments and never synchronise; the generated code runs it as
 *
 *     static gp_graph site;                       one per loop in the program
 *     key = the body's inputs                     rt_graph_key_array, scalars' bits
 *     d = rt_graph_replay(&site, n, key);         iterations done by the graph kept from last time
 *     u = d ? 0 : rt_graph_begin(&site, n);       0: run the loop as written
 *     for (j = d; j < n; j++) {
 *         body                                    under capture while j < u: recorded, not run
 *         if (u && j + 1 == u) { j = rt_graph_end(&site, n, key) - 1; u = 0; }
 *     }
 *
 * rt_graph_begin starts a stream capture on rt_stream() and asks for the first u iterations:
 * all n when n < 2 * GPYRT_GRAPH_UNROLL, else GPYRT_GRAPH_UNROLL; rt_graph_end ends it,
 * instantiates the graph (or updates the site's graph from an earlier run of the loop with
 * cudaGraphExecUpdate, which is cheaper and takes new pointers), launches it n / u times and
 * returns the iterations done, n - n % u; the loop runs the rest as written.  The site keeps
 * the key of the inputs its graph was captured from (the arrays' pointers, shapes and strides
 * and the scalars the body reads; the compiler has checked that the launches depend on
 * nothing else): when the loop runs again with the same key (cavity_flow's pressure loop, run
 * once per time step), rt_graph_replay launches the kept graph without capturing anything.  When anything went wrong — the pool allocated or freed
 * during the capture (a copy of an overlapping source, say), a CUDA call failed, the graph
 * could not be instantiated — the capture is thrown away, nothing of it has run, and
 * rt_graph_end returns 0: the loop starts again from its first iteration, uncaptured.  A
 * site that failed twice is not captured again.
 *
 * A loop whose launches move with the loop variable (`y[:, j] = a * y[:, j - 1] + x[:, j]`:
 * graphloop.c's graph_each) starts with rt_graph_begin_each instead: all n iterations run under
 * capture, each recording its own launches (its views' offsets and its scalars are the kernel
 * nodes' parameters), and the graph runs once.  Its key holds the loop's bounds besides the
 * body's inputs, so rt_graph_replay runs it again only for the same n iterations of the same
 * inputs (NPBench's deriche called again on its arrays: no host work per iteration then).
 * Such a graph pays only when it is replayed, so the site captures only a run whose key equals
 * that of one of its last GRAPH_SEEN runs not captured (`seen`): the first run with a key runs
 * as written, the second is captured, the later ones replay; a loop run once costs what it
 * did, and one whose key changes at every run (syrk's inner loop reads the outer variable) is
 * never captured.
 *
 * A site keeps up to GRAPH_KEEP executable graphs, each with its key (the site's own fields
 * hold the one replayed last, `graph_more` the others, most recently used first): the arrays a
 * loop reads may come back from the pool at a few addresses in turn (a function's work arrays
 * freed at its return and taken again, most recently kept first, at its next call: deriche's
 * y1 cycles through three blocks), and each of those keys replays its own graph.  A capture
 * under a new key keeps the site's graph among the others and takes the least recently used
 * one's place when all are kept (updated in place, as a single graph was).
 * Such a body may also make arrays that die in their iteration (floyd_warshall's copies of
 * row k): the pool's cudaMallocAsync and cudaFreeAsync during the capture become the graph's
 * own allocation and free nodes, so the capture is kept when every block it allocated was
 * freed in it and it freed nothing else (gpu_capture_ops); any other pool work throws it
 * away as before.  A body may nest loops, so a capture that has recorded more than
 * GPYRT_GRAPH_LAUNCH_MAX launches records no more (rt_graph_note_launch: rt_launch skips
 * them, as nothing of the capture will run) and the generated code ends it after the
 * iteration (rt_graph_over): it is thrown away, the loop runs as written, and the site is
 * not captured again (its next runs would most likely be as long).
 *
 * Environment (read once): GPYRT_GRAPHS=0 turns capture off; GPYRT_GRAPH_UNROLL=U iterations
 * per graph (default 8); GPYRT_GRAPH_MIN=N captures only loops of at least N iterations
 * (default 4, never below 2); GPYRT_GRAPH_EACH_MAX=N captures a graph_each loop only when it
 * runs at most N iterations (default 4096: the graph holds every iteration's launches);
 * GPYRT_GRAPH_LAUNCH_MAX=N throws away a capture of more than N launches (default 32768).  With
 * GPYRT_STATS=1 rt_finish reports the counts below.
 *
 * Invariants: a site's key (nkey >= 0) is the key of the capture its exec was made or updated
 * from; at most one capture is active (`active`), and only between rt_graph_begin and
 * rt_graph_end; rt_raise ends it (rt_graph_abort) before it prints, so an error in a captured
 * body reads as it would uncaptured.  `sites` lists every site that was given an executable
 * graph; they are destroyed at exit (sites_drop, registered with the first).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int cfg_read;
static int cfg_enabled = 1;
static int64_t cfg_unroll = 8, cfg_min = 4, cfg_each_max = 4096, cfg_launch_max = 32768;
static int64_t captured_launches; /* kernel launches the active capture recorded */
static bool over;                 /* it recorded more than cfg_launch_max: it is thrown away */
static gp_graph *active;          /* the site being captured */
static bool active_each;          /* its every iteration (rt_graph_begin_each) */
static uint64_t ops_at_begin;     /* gpu_pool_ops() when the capture began */
static uint64_t born_at_begin[2]; /* gpu_capture_ops() then */
static uint64_t n_captures, n_launches, n_fallbacks, n_reuses;
static gp_graph **sites;
static int nsites, capsites;

enum { GRAPH_KEEP = 4, GRAPH_SEEN = 4 };

/* One executable graph of a site and the key it was captured under. */
typedef struct {
    void *exec;
    int64_t unroll; /* iterations it runs */
    int64_t nkey;   /* -1: it matches no key */
    int dev;
    uint64_t *key;
} graph_entry;

/* A site's graphs besides the one in its own fields, and its last runs' keys not captured. */
typedef struct {
    graph_entry alt[GRAPH_KEEP - 1]; /* most recently used first */
    int nalt;
    uint64_t *seen[GRAPH_SEEN];
    int64_t nseen[GRAPH_SEEN]; /* each key's length + 1; 0: none */
    int seen_next;             /* the slot the next key takes */
} graph_more;

static graph_more *more_of(gp_graph *g)
{
    if (!g->more)
        g->more = rt_xcalloc(1, sizeof(graph_more));
    return (graph_more *)g->more;
}

static bool key_eq(const uint64_t *a, int64_t na, const uint64_t *b, int64_t nb)
{
    if (na != nb || na < 0)
        return false;
    for (int64_t i = 0; i < na; i++)
        if (a[i] != b[i]) return false;
    return true;
}

/* Exchanges the site's own graph with *e. */
static void entry_swap(gp_graph *g, graph_entry *e)
{
    graph_entry t = {g->exec, g->exec_unroll, g->nkey, g->dev, g->key};
    g->exec = e->exec;
    g->exec_unroll = e->unroll;
    g->nkey = e->nkey;
    g->dev = e->dev;
    g->key = e->key;
    *e = t;
}

/* A non-negative integer from the environment, or dflt. */
static int64_t env_int(const char *name, int64_t dflt)
{
    const char *e = getenv(name);
    char *end = NULL;
    long long v = e ? strtoll(e, &end, 10) : -1;
    return e && end != e && *end == 0 && v >= 0 ? (int64_t)v : dflt;
}

static void config(void)
{
    if (cfg_read)
        return;
    cfg_read = 1;
    cfg_enabled = env_int("GPYRT_GRAPHS", 1) != 0;
    cfg_unroll = env_int("GPYRT_GRAPH_UNROLL", 8);
    if (cfg_unroll < 1)
        cfg_unroll = 1;
    cfg_each_max = env_int("GPYRT_GRAPH_EACH_MAX", 4096);
    cfg_launch_max = env_int("GPYRT_GRAPH_LAUNCH_MAX", 32768);
    cfg_min = env_int("GPYRT_GRAPH_MIN", 4);
    if (cfg_min < 2)
        cfg_min = 2;
}

/* Starts capturing u of the n iterations of g's loop (each: all of them, see rt_graph_begin_each):
 * returns u, or 0 (no capture). */
static int64_t begin(gp_graph *g, int64_t n, int64_t u, bool each)
{
    if (!cfg_enabled || active || g->off || n < cfg_min || gpu_user_capturing())
        return 0;
    cudaStream_t s = rt_stream();
    if (cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal) != cudaSuccess) {
        (void)cudaGetLastError();
        g->off = 1;
        return 0;
    }
    active = g;
    active_each = each;
    captured_launches = 0;
    over = false;
    ops_at_begin = gpu_pool_ops();
    gpu_capture_ops(&born_at_begin[0], &born_at_begin[1]);
    g->unroll = u;
    return u;
}

/* Did the pool's work during the capture leave a graph that may be replayed: none at all, or
 * (a graph_each capture) only blocks allocated in the capture and freed in it, which are the
 * graph's own allocation and free nodes? */
static bool pool_ok(void)
{
    uint64_t ops = gpu_pool_ops() - ops_at_begin, born[2];
    gpu_capture_ops(&born[0], &born[1]);
    born[0] -= born_at_begin[0];
    born[1] -= born_at_begin[1];
    return ops == 0 || (active_each && born[0] == born[1] && ops == born[0] + born[1]);
}

bool rt_graph_note_launch(void)
{
    if (!active)
        return true;
    if (++captured_launches > cfg_launch_max)
        over = true;
    return !over;
}

bool rt_graph_over(void)
{
    return active && over;
}

int64_t rt_graph_begin(gp_graph *g, int64_t n)
{
    config();
    return begin(g, n, n < 2 * cfg_unroll ? n : cfg_unroll, false);
}

static void site_add(gp_graph *g);

int64_t rt_graph_begin_each(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey)
{
    config();
    if (!cfg_enabled || active || g->off || n < cfg_min || n > cfg_each_max || nkey < 0 || gpu_user_capturing())
        return 0;
    graph_more *m = more_of(g);
    site_add(g);
    for (int s = 0; s < GRAPH_SEEN; s++)
        if (key_eq(m->seen[s], m->nseen[s] - 1, key, nkey)) {
            m->nseen[s] = 0;
            return begin(g, n, n, true);
        }
    /* run as written; capture when one of the next runs has this key */
    int s = m->seen_next;
    m->seen_next = (s + 1) % GRAPH_SEEN;
    m->seen[s] = (uint64_t *)rt_xrealloc(m->seen[s], sizeof *key * (size_t)(nkey > 0 ? nkey : 1));
    for (int64_t i = 0; i < nkey; i++) m->seen[s][i] = key[i];
    m->nseen[s] = nkey + 1;
    return 0;
}

int64_t rt_graph_key_array(uint64_t *k, const gp_array *a)
{
    if (!a) {
        k[0] = 0;
        k[1] = UINT64_MAX;
        return 2;
    }
    k[0] = (uint64_t)(uintptr_t)a->data;
    k[1] = (uint64_t)a->dtype << 32 | (uint32_t)a->ndim;
    for (int i = 0; i < a->ndim; i++) {
        k[2 + i] = (uint64_t)a->shape[i];
        k[2 + a->ndim + i] = (uint64_t)a->strides[i];
    }
    return 2 + 2 * (int64_t)a->ndim;
}

/* Launches g's executable graph n / exec_unroll times on s; returns the iterations done. */
static int64_t replay(gp_graph *g, int64_t n, cudaStream_t s)
{
    int64_t reps = n / g->exec_unroll;
    for (int64_t r = 0; r < reps; r++) CHECK_CUDA(cudaGraphLaunch((cudaGraphExec_t)g->exec, s));
    n_launches += (uint64_t)reps;
    return reps * g->exec_unroll;
}

int64_t rt_graph_replay(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey)
{
    config();
    if (!cfg_enabled || active || g->off || nkey < 0 || gpu_user_capturing())
        return 0;
    if (!key_eq(g->key, g->nkey, key, nkey)) {   /* another of the site's graphs, if kept */
        graph_more *m = (graph_more *)g->more;
        int i = 0;
        while (m && i < m->nalt && !key_eq(m->alt[i].key, m->alt[i].nkey, key, nkey)) i++;
        if (!m || i == m->nalt)
            return 0;
        entry_swap(g, &m->alt[i]);   /* the site's graph goes to alt[i]: then to the front */
        graph_entry e = m->alt[i];
        memmove(&m->alt[1], &m->alt[0], sizeof m->alt[0] * (size_t)i);
        m->alt[0] = e;
    }
    if (!g->exec || n < g->exec_unroll)
        return 0;
    int dev = -1;
    if (cudaGetDevice(&dev) != cudaSuccess || dev != g->dev) {
        (void)cudaGetLastError();
        return 0;
    }
    n_reuses++;
    return replay(g, n, rt_stream());
}

/* Keeps key[0..nkey) as the key of g's executable graph (nkey < 0: none). */
static void key_keep(gp_graph *g, const uint64_t *key, int64_t nkey)
{
    g->nkey = -1;
    if (nkey < 0) return;
    if (nkey > 0) {
        g->key = (uint64_t *)rt_xrealloc(g->key, sizeof *key * (size_t)nkey);
        for (int64_t i = 0; i < nkey; i++) g->key[i] = key[i];
    }
    g->nkey = nkey;
}

/* At exit: every site's executable graph destroyed. */
static void sites_drop(void *arg)
{
    (void)arg;
    for (int i = 0; i < nsites; i++)
        if (sites[i]->exec) {
            (void)cudaGraphExecDestroy((cudaGraphExec_t)sites[i]->exec);
            sites[i]->exec = NULL;
        }
    for (int i = 0; i < nsites; i++) {
        graph_more *m = (graph_more *)sites[i]->more;
        for (int k = 0; m && k < m->nalt; k++) {
            if (m->alt[k].exec) (void)cudaGraphExecDestroy((cudaGraphExec_t)m->alt[k].exec);
            free(m->alt[k].key);
        }
        for (int k = 0; m && k < GRAPH_SEEN; k++) free(m->seen[k]);
        free(m);
        sites[i]->more = NULL;
        free(sites[i]->key);
        sites[i]->key = NULL;
        sites[i]->nkey = -1;
        sites[i]->listed = 0;
    }
    free(sites);
    sites = NULL;
    nsites = capsites = 0;
}

/* Lists g (once) among the sites whose graphs and keys are dropped at exit. */
static void site_add(gp_graph *g)
{
    if (g->listed)
        return;
    g->listed = 1;
    if (!sites)
        rt_at_exit(sites_drop, NULL);
    if (nsites == capsites) {
        capsites = capsites ? capsites * 2 : 8;
        sites = (gp_graph **)rt_xrealloc(sites, sizeof *sites * (size_t)capsites);
    }
    sites[nsites++] = g;
}

/* Before a capture under key is installed: the site's graph, kept under another key, goes to
 * the front of the others; the least recently used of them, when all GRAPH_KEEP are kept,
 * comes to the site's fields to be updated in place (install). */
static void keep_aside(gp_graph *g, const uint64_t *key, int64_t nkey)
{
    if (!g->exec || g->nkey < 0 || key_eq(g->key, g->nkey, key, nkey))
        return;
    graph_more *m = more_of(g);
    graph_entry lru = {NULL, 0, -1, -1, NULL};
    if (m->nalt == GRAPH_KEEP - 1)
        lru = m->alt[--m->nalt];
    memmove(&m->alt[1], &m->alt[0], sizeof m->alt[0] * (size_t)m->nalt);
    m->nalt++;
    m->alt[0] = lru;
    entry_swap(g, &m->alt[0]);
    g->nkey = -1;
}

/* Makes g->exec run `graph`: updates the site's executable graph in place when it has one of
 * the same shape, else instantiates a new one.  False when neither works. */
static bool install(gp_graph *g, cudaGraph_t graph)
{
    cudaGraphExec_t exec = (cudaGraphExec_t)g->exec;
    if (exec && g->exec_unroll == g->unroll) {
        cudaGraphExecUpdateResultInfo info;
        if (cudaGraphExecUpdate(exec, graph, &info) == cudaSuccess)
            return true;
        (void)cudaGetLastError();
    }
    if (exec) {
        (void)cudaGraphExecDestroy(exec);   /* a launch in flight completes first */
        g->exec = NULL;
        g->nkey = -1;
    }
    if (cudaGraphInstantiate(&exec, graph, 0) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    site_add(g);
    g->exec = exec;
    g->exec_unroll = g->unroll;
    if (cudaGetDevice(&g->dev) != cudaSuccess) {
        (void)cudaGetLastError();
        g->dev = -1;
    }
    return true;
}

int64_t rt_graph_end(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey)
{
    if (active != g)
        return 0;
    bool pool_fine = pool_ok() && !over;
    active = NULL;
    cudaStream_t s = rt_stream();
    cudaGraph_t graph = NULL;
    cudaError_t e = cudaStreamEndCapture(s, &graph);
    bool ok = e == cudaSuccess && graph && pool_fine;
    if (e != cudaSuccess)
        (void)cudaGetLastError();
    size_t nodes = 0;
    if (ok && cudaGraphGetNodes(graph, NULL, &nodes) != cudaSuccess) {
        (void)cudaGetLastError();
        ok = false;
    }
    if (ok && nodes == 0) {
        /* no launches at all (every kernel had an empty shape): nothing to replay */
        (void)cudaGraphDestroy(graph);
        n_captures++;
        return n;
    }
    if (ok) {
        keep_aside(g, key, nkey);
        ok = install(g, graph);
    }
    if (ok) key_keep(g, key, nkey);
    if (graph)
        (void)cudaGraphDestroy(graph);
    if (!ok) {
        n_fallbacks++;
        if (++g->fails >= 2 || over)
            g->off = 1;
        return 0;
    }
    n_captures++;
    return replay(g, n, s);
}

/* Ends the capture on s, throwing its graph away, errors ignored. */
static void capture_drop(cudaStream_t s)
{
    cudaGraph_t graph = NULL;
    if (cudaStreamEndCapture(s, &graph) == cudaSuccess && graph)
        (void)cudaGraphDestroy(graph);
    (void)cudaGetLastError();
}

static void user_abort(void);

void rt_graph_abort(void)
{
    user_abort();
    if (!active)
        return;
    active = NULL;
    capture_drop(rt_stream());
}

void rt_graph_stats(uint64_t *captures, uint64_t *launches, uint64_t *fallbacks, uint64_t *reuses)
{
    *captures = n_captures;
    *launches = n_launches;
    *fallbacks = n_fallbacks;
    *reuses = n_reuses;
}

/* ---------------------------------------------------------------- cupy.cuda.Graph
 * `s.begin_capture()` ... `g = s.end_capture()`, `g.launch(stream=None)`, as CuPy's Stream and
 * Graph (cupy/cuda/stream.pyx, graph.pyx): the work the program puts on s between the two
 * calls is recorded, not run, and runs at each launch.  A Graph object is a handle into
 * `execs` (its instantiated graph, destroyed at exit).  CUDA's failures are CuPy's
 * CUDARuntimeError ("cudaErrorStreamCaptureUnsupported: operation not permitted when stream is
 * capturing" for a synchronisation during a capture); capturing Stream.null is CuPy's
 * RuntimeError.  While a capture is in progress libgpu allocates outside the graph and holds
 * every freed block (gpu_user_capture); loops are not captured as graphs of their own then.
 *
 * Invariants: `ucap` lists the streams captured now, each counted once by gpu_user_capture;
 * an error raised meanwhile ends their captures first (rt_graph_abort), so the program's exit
 * runs on streams that capture nothing. */
static cudaGraphExec_t *execs;
static int64_t nexecs;
static cudaStream_t ucap[16];
static int nucap;

/* Raises CuPy's CUDARuntimeError for a failed status e. */
static void status_check(cudaError_t e)
{
    if (e == cudaSuccess)
        return;
    (void)cudaGetLastError();
    rt_raise("cupy_backends.cuda.api.runtime.CUDARuntimeError", "%s: %s", cudaGetErrorName(e),
             cudaGetErrorString(e));
}

static void user_abort(void)
{
    while (nucap > 0) {
        capture_drop(ucap[--nucap]);
        gpu_user_capture(0);
    }
}

/* At exit: every Graph object's executable graph destroyed. */
static void execs_drop(void *arg)
{
    (void)arg;
    for (int64_t i = 0; i < nexecs; i++)
        (void)cudaGraphExecDestroy(execs[i]);
    free(execs);
    execs = NULL;
    nexecs = 0;
}

void rt_stream_begin_capture(int64_t h, int64_t mode)
{
    if (h == 0)
        rt_raise("RuntimeError", "cannot capture on the default (legacy) stream");
    cudaStream_t s = rt_stream_of(h);
    if (nucap == (int)(sizeof ucap / sizeof ucap[0]))
        rt_raise("NotImplementedError", "gpyc captures at most %d streams at once", nucap);
    gpu_user_capture(1);
    cudaError_t e = cudaStreamBeginCapture(s, mode < 0 ? cudaStreamCaptureModeRelaxed
                                                       : (enum cudaStreamCaptureMode)mode);
    if (e != cudaSuccess)
        gpu_user_capture(0);
    status_check(e);
    ucap[nucap++] = s;
}

int64_t rt_stream_end_capture(int64_t h)
{
    cudaStream_t s = rt_stream_of(h);
    for (int i = 0; i < nucap; i++) {
        if (ucap[i] == s) {
            ucap[i] = ucap[--nucap];
            gpu_user_capture(0);
            break;
        }
    }
    cudaGraph_t graph = NULL;
    status_check(cudaStreamEndCapture(s, &graph));
    cudaGraphExec_t exec = NULL;
    cudaError_t e = cudaGraphInstantiate(&exec, graph, 0);
    (void)cudaGraphDestroy(graph);
    status_check(e);
    if (!execs)
        rt_at_exit(execs_drop, NULL);
    if (nexecs % 16 == 0)
        execs = rt_xrealloc(execs, sizeof *execs * (size_t)(nexecs + 16));
    execs[nexecs] = exec;
    return nexecs++;
}

bool rt_stream_is_capturing(int64_t h)
{
    enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    status_check(cudaStreamIsCapturing(rt_stream_of(h), &cs));
    return cs != cudaStreamCaptureStatusNone;
}

/* Graph g's executable graph, checked. */
static cudaGraphExec_t exec_at(int64_t g)
{
    if (g < 0 || g >= nexecs)
        rt_raise("RuntimeError", "gpyc runtime: bad graph handle %lld", (long long)g);
    return execs[g];
}

void rt_graph_launch(int64_t g, int64_t stream)
{
    cudaGraphExec_t e = exec_at(g);
    status_check(cudaGraphLaunch(e, stream < 0 ? rt_stream() : rt_stream_of(stream)));
}

void rt_graph_upload(int64_t g, int64_t stream)
{
    cudaGraphExec_t e = exec_at(g);
    status_check(cudaGraphUpload(e, stream < 0 ? rt_stream() : rt_stream_of(stream)));
}
