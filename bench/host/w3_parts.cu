// w3_parts.cu: the host cost of each step of the code gpyc generates for W3's `a.sum(axis=1)`
// and `a.sum(axis=0)` (8192 x 8192 float32), timed one by one against the runtime library
// (libgpyrt.a): the shape set-up, the output's allocation and release, rt_red_setup, the grid,
// the launch (a kernel of the same parameters that does nothing), an event record, and the
// whole sequence as the generated code runs it.  Each step is timed alone, 20,000 times, with
// CLOCK_MONOTONIC around it; the table gives medians and means in us.  bench/host/w3_parts.sh
// builds and runs it (a GPU); docs/benchmarks.md, "Launch and synchronisation", has the figures.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <algorithm>
#include <vector>

#include "gpyrt.h"

__global__ void red_k(gp_rshape rs, int col, bool vec, int64_t split, float *out, float *part, gp_rkin a0)
{
    if (rs.nout < 0 && col == 7 && vec && split < 0 && a0.data == nullptr) out[0] = part[0];
}
__global__ void fin_k(const float *part, int64_t split, float *out, int64_t nout, int64_t nin, float ident, bool by_col)
{
    if (nout < 0 && split < 0 && by_col && nin < 0 && ident > 1) out[0] = part[0];
}

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

enum { N = 20000 };
static gp_array *a;

struct Red {
    int axis;
    gp_shape s, os;
    gp_rshape rs0, rs;
    gp_rkin k[1];
    int col;
    bool vec;
    int64_t split;
    gp_array *out;
};

static void setup(Red *r)
{
    r->s = rt_shape_of(a);
    const int ax[1] = { r->axis };
    rt_reduce_setup(&r->s, 1, ax, false, &r->rs, &r->os);
}

static void red_setup(Red *r)
{
    const int ax[1] = { r->axis };
    const gp_array *const x[1] = { a };
    static const uint8_t z[1] = { 4 };
    r->split = rt_red_setup(&r->rs, &r->s, 1, ax, 1, x, z, r->k, 2, 4, &r->col, &r->vec);
}

static void launch(Red *r, gp_array *part)
{
    const int64_t threads = (r->col ? r->rs.nout / r->col : r->rs.nout * 256) * r->split;
    unsigned g = rt_grid_fit(threads, 256, (const void *)red_k, 0);
    float *o = (float *)r->out->data, *p = part ? (float *)part->data : nullptr;
    void *args[] = { &r->rs, &r->col, &r->vec, &r->split, &o, &p, &r->k[0] };
    cudaLaunchKernel((const void *)red_k, dim3(g), dim3(256), args, 0, rt_stream());
    if (part) {
        int64_t nout = r->rs.nout, nin = r->rs.nin;
        float ident = 0;
        bool by_col = r->col != 0;
        const float *cp = p;
        void *fa[] = { &cp, &r->split, &o, &nout, &nin, &ident, &by_col };
        cudaLaunchKernel((const void *)fin_k, dim3(rt_grid_for(nout * (r->col ? 8 : 256), 256)), dim3(256), fa, 0,
                         rt_stream());
    }
}

// The whole call as the generated code runs it; the result replaces the previous one (released).
static void whole(Red *r)
{
    setup(r);
    gp_array *prev = r->out;
    r->out = rt_empty(GP_FLOAT32, r->os.ndim, r->os.dim);
    red_setup(r);
    gp_array *part = nullptr;
    if (r->split > 1) {
        const int64_t np = r->rs.nout * r->split;
        part = rt_empty(GP_INT64, 1, &np);
    }
    launch(r, part);
    rt_release(part);
    rt_release(prev);
}

template <class F> static void timeit(const char *name, F f, int sync_every)
{
    std::vector<double> v;
    v.reserve(N);
    for (int i = 0; i < N; i++) {
        if (sync_every && i % sync_every == 0) cudaStreamSynchronize(rt_stream());
        double t0 = now();
        f();
        v.push_back(now() - t0);
    }
    cudaDeviceSynchronize();
    double sum = 0;
    for (double x : v) sum += x;
    std::sort(v.begin(), v.end());
    printf("| %s | %.3f | %.3f | %.3f |\n", name, v[N / 2], sum / N, v[N * 9 / 10]);
}

int main(int argc, char **argv)
{
    rt_init(argc, argv, "w3_parts");
    const int64_t shape[2] = { 8192, 8192 };
    a = rt_empty(GP_FLOAT32, 2, shape);
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    printf("| step | median us | mean us | 90th percentile us |\n| --- | ---: | ---: | ---: |\n");
    for (int axis = 1; axis >= 0; axis--) {
        Red r = {};
        r.axis = axis;
        whole(&r); // warm: kernels loaded, occupancy cached, pool blocks kept
        cudaDeviceSynchronize();
        char name[96];
        snprintf(name, sizeof name, "axis %d: rt_shape_of + rt_reduce_setup", axis);
        timeit(name, [&] { setup(&r); }, 0);
        snprintf(name, sizeof name, "axis %d: rt_empty + rt_release of the output", axis);
        timeit(name, [&] { rt_release(rt_empty(GP_FLOAT32, r.os.ndim, r.os.dim)); }, 0);
        r.rs0 = r.rs;
        snprintf(name, sizeof name, "axis %d: rt_red_setup (split %lld, col %d)", axis, (long long)r.split, r.col);
        timeit(name, [&] { r.rs = r.rs0; red_setup(&r); }, 0);
        setup(&r);
        red_setup(&r);
        const int64_t threads = (r.col ? r.rs.nout / r.col : r.rs.nout * 256) * r.split;
        snprintf(name, sizeof name, "axis %d: rt_grid_fit", axis);
        timeit(name, [&] { (void)rt_grid_fit(threads, 256, (const void *)red_k, 0); }, 0);
        if (r.split > 1) {
            const int64_t np = r.rs.nout * r.split;
            snprintf(name, sizeof name, "axis %d: rt_empty + rt_release of the partials", axis);
            timeit(name, [&] { rt_release(rt_empty(GP_INT64, 1, &np)); }, 0);
        }
        snprintf(name, sizeof name, "axis %d: the launch%s (an empty kernel)", axis, r.split > 1 ? "es" : "");
        gp_array *part = nullptr;
        if (r.split > 1) {
            const int64_t np = r.rs.nout * r.split;
            part = rt_empty(GP_INT64, 1, &np);
        }
        timeit(name, [&] { launch(&r, part); }, 64);
        rt_release(part);
        snprintf(name, sizeof name, "axis %d: the whole call", axis);
        timeit(name, [&] { whole(&r); }, 64);
        rt_release(r.out);
    }
    timeit("cudaEventRecord", [&] { cudaEventRecord(ev, rt_stream()); }, 0);
    rt_release(a);
    return rt_finish();
}
