/*
 * graph.c — loops replayed as CUDA graphs.  The compiler (compiler/passes/graphloop.c) marks a
 * `for ... in range(n)` loop whose iterations all launch the same kernels with the same
 * arguments and never synchronise; the generated code runs it as
 *
 *     static gp_graph site;                       one per loop in the program
 *     u = rt_graph_begin(&site, n);               0: run the loop as written
 *     for (j = 0; j < n; j++) {
 *         body                                    under capture while j < u: recorded, not run
 *         if (u && j + 1 == u) { j = rt_graph_end(&site, n) - 1; u = 0; }
 *     }
 *
 * rt_graph_begin starts a stream capture on rt_stream() and asks for the first u = min(n,
 * GPYRT_GRAPH_UNROLL) iterations; rt_graph_end ends it, instantiates the graph (or updates the
 * site's graph from an earlier run of the loop with cudaGraphExecUpdate, which is cheaper and
 * takes new pointers), launches it n / u times and returns the iterations done, n - n % u;
 * the loop runs the rest as written.  When anything went wrong — the pool allocated or freed
 * during the capture (a copy of an overlapping source, say), a CUDA call failed, the graph
 * could not be instantiated — the capture is thrown away, nothing of it has run, and
 * rt_graph_end returns 0: the loop starts again from its first iteration, uncaptured.  A
 * site that failed twice is not captured again.
 *
 * Environment (read once): GPYRT_GRAPHS=0 turns capture off; GPYRT_GRAPH_UNROLL=U iterations
 * per graph (default 8); GPYRT_GRAPH_MIN=N captures only loops of at least N iterations
 * (default 4, never below 2).  With GPYRT_STATS=1 rt_finish reports the counts below.
 *
 * Invariants: at most one capture is active (`active`), and only between rt_graph_begin and
 * rt_graph_end; rt_raise ends it (rt_graph_abort) before it prints, so an error in a captured
 * body reads as it would uncaptured.  `sites` lists every site that was given an executable
 * graph; they are destroyed at exit (sites_drop, registered with the first).
 */
#include <stdlib.h>

#include "internal.h"

static int cfg_read;
static int cfg_enabled = 1;
static int64_t cfg_unroll = 8, cfg_min = 4;
static gp_graph *active;          /* the site being captured */
static uint64_t ops_at_begin;     /* gpu_pool_ops() when the capture began */
static uint64_t n_captures, n_launches, n_fallbacks;
static gp_graph **sites;
static int nsites, capsites;

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
    cfg_min = env_int("GPYRT_GRAPH_MIN", 4);
    if (cfg_min < 2)
        cfg_min = 2;
}

int64_t rt_graph_begin(gp_graph *g, int64_t n)
{
    config();
    if (!cfg_enabled || active || g->off || n < cfg_min)
        return 0;
    cudaStream_t s = rt_stream();
    if (cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal) != cudaSuccess) {
        (void)cudaGetLastError();
        g->off = 1;
        return 0;
    }
    active = g;
    ops_at_begin = gpu_pool_ops();
    g->unroll = n < cfg_unroll ? n : cfg_unroll;
    return g->unroll;
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
    free(sites);
    sites = NULL;
    nsites = capsites = 0;
}

/* Lists g among the sites whose graphs are destroyed at exit. */
static void site_add(gp_graph *g)
{
    if (!sites)
        rt_at_exit(sites_drop, NULL);
    if (nsites == capsites) {
        capsites = capsites ? capsites * 2 : 8;
        sites = (gp_graph **)rt_xrealloc(sites, sizeof *sites * (size_t)capsites);
    }
    sites[nsites++] = g;
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
    }
    if (cudaGraphInstantiate(&exec, graph, 0) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    if (g->exec_unroll == 0)   /* its first executable graph */
        site_add(g);
    g->exec = exec;
    g->exec_unroll = g->unroll;
    return true;
}

int64_t rt_graph_end(gp_graph *g, int64_t n)
{
    if (active != g)
        return 0;
    active = NULL;
    cudaStream_t s = rt_stream();
    cudaGraph_t graph = NULL;
    cudaError_t e = cudaStreamEndCapture(s, &graph);
    bool ok = e == cudaSuccess && graph && gpu_pool_ops() == ops_at_begin;
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
    if (ok)
        ok = install(g, graph);
    if (graph)
        (void)cudaGraphDestroy(graph);
    if (!ok) {
        n_fallbacks++;
        if (++g->fails >= 2)
            g->off = 1;
        return 0;
    }
    n_captures++;
    int64_t reps = n / g->unroll;
    for (int64_t r = 0; r < reps; r++)
        CHECK_CUDA(cudaGraphLaunch((cudaGraphExec_t)g->exec, s));
    n_launches += (uint64_t)reps;
    return reps * g->unroll;
}

void rt_graph_abort(void)
{
    if (!active)
        return;
    active = NULL;
    cudaGraph_t graph = NULL;
    if (cudaStreamEndCapture(rt_stream(), &graph) == cudaSuccess && graph)
        (void)cudaGraphDestroy(graph);
    (void)cudaGetLastError();
}

void rt_graph_stats(uint64_t *captures, uint64_t *launches, uint64_t *fallbacks)
{
    *captures = n_captures;
    *launches = n_launches;
    *fallbacks = n_fallbacks;
}
