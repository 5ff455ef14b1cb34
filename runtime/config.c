/*
 * config.c — cupy.show_config(): the configuration the program runs with, as CuPy prints it
 * (cupyx/_runtime.py's _RuntimeInfo: the same keys, in the same order, the same layout: each
 * key left-justified in a column two wider than the longest key, then ": " and the value).
 *
 * Every value is read when the program runs — uname and the C library for OS, the CUDA runtime
 * and driver, the CUDA libraries the program links (the driver links all five for a program
 * that calls show_config), the devices — except those fixed when this runtime was built (CUDA
 * Build Version, Thrust and CUB: their headers' macros, as CuPy's build records them).  What a
 * compiled program has no part of prints as CuPy prints a missing library, None: Python, CuPy,
 * NumPy, SciPy and Cython versions, CUDA Root and NVCC (nothing is compiled at run time), NVRTC
 * and Jitify, NCCL, cuTENSOR and cuSPARSELt.  cuBLAS and cuSPARSE print "(available)" unless
 * _full, as CuPy's do (their versions need a handle); _full adds CuPy's path rows: the file
 * each library was loaded from (None for the CUDA runtime linked into the program: the path
 * row is that of the shared one found on the machine, as CuPy's "locally installed").
 * docs/runtime.md lists the rows.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>

#include "internal.h"

typedef struct Row {
    char key[48];
    gp_sb val;
} Row;

typedef struct Table {
    Row *rows;
    int n, cap;
} Table;

/* A new row key whose value the caller writes (the row's val). */
static gp_sb *row(Table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static gp_sb *row(Table *t, const char *fmt, ...)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->rows = rt_xrealloc(t->rows, (size_t)t->cap * sizeof *t->rows);
    }
    Row *r = &t->rows[t->n++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->key, sizeof r->key, fmt, ap);
    va_end(ap);
    r->val = (gp_sb){ 0 };
    return &r->val;
}

static void row_str(Table *t, const char *key, const char *v) { rt_sb_puts(row(t, "%s", key), v ? v : "None"); }

static void row_int(Table *t, const char *key, int64_t v) { rt_sb_i64(row(t, "%s", key), v); }

/* ---------------------------------------------------------------- OS */

/* Python's platform.platform() on Linux: _platform(system, release, machine, processor,
 * 'with', libc), the parts joined by '-', filename obstacles made '-' or '_', "unknown"
 * dropped, '--' folded, trailing '-' cut; the processor is `uname -p`'s, left out where it
 * equals the machine (GNU's is the machine or "unknown", both dropped). */
static void platform_str(gp_sb *sb)
{
    struct utsname u;
    if (uname(&u) != 0) {
        rt_sb_puts(sb, "None");
        return;
    }
    char libc[64] = "";
    size_t n = confstr(_CS_GNU_LIBC_VERSION, libc, sizeof libc); /* "glibc 2.36" */
    if (n == 0 || n > sizeof libc) libc[0] = 0;
    char *sp = strchr(libc, ' ');
    if (sp) memmove(sp, sp + 1, strlen(sp)); /* libc_ver()'s name + version */
    const char *parts[] = { u.sysname, u.release, u.machine, "with", libc };
    gp_sb raw = { 0 };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        const char *p = parts[i];
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        size_t len = strlen(p);
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\n')) len--;
        if (!len) continue;
        if (raw.len) rt_sb_putc(&raw, '-');
        rt_sb_putn(&raw, p, len);
    }
    gp_sb out = { 0 };
    for (size_t i = 0; i < raw.len; i++) {
        char c = raw.s[i];
        if (!strncmp(raw.s + i, "unknown", 7)) {
            i += 6;
            continue;
        }
        c = c == ' ' ? '_' : strchr("/\\:;\"()", c) ? '-' : c;
        if (c == '-' && out.len && out.s[out.len - 1] == '-') continue;
        rt_sb_putc(&out, c);
    }
    while (out.len && out.s[out.len - 1] == '-') out.len--;
    rt_sb_putn(sb, out.s ? out.s : "", out.len);
    rt_sb_free(&raw);
    rt_sb_free(&out);
}

/* ---------------------------------------------------------------- shared libraries */

typedef struct LibFind {
    const char *stem; /* "libcublas.so" */
    const char *path; /* where it was loaded from */
} LibFind;

static int find_loaded(struct dl_phdr_info *info, size_t size, void *ctx)
{
    (void)size;
    LibFind *f = ctx;
    const char *base = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;
    base = base ? base + 1 : info->dlpi_name;
    size_t n = strlen(f->stem);
    if (base && !strncmp(base, f->stem, n) && (base[n] == 0 || base[n] == '.')) {
        f->path = info->dlpi_name;
        return 1;
    }
    return 0;
}

/* The file lib<name>.so[.N] was loaded from, or NULL. */
static const char *loaded_path(const char *name)
{
    char stem[64];
    snprintf(stem, sizeof stem, "lib%s.so", name);
    LibFind f = { stem, NULL };
    dl_iterate_phdr(find_loaded, &f);
    return f.path;
}

/* The CUDA runtime installed on the machine (the program links its own): its version
 * (cudaRuntimeGetVersion of the shared library the dynamic loader finds, libcudart.so.MAJOR of
 * the linked one, else libcudart.so) and path; false when there is none. */
static bool local_runtime(int *version, char *path, size_t cap)
{
    char so[32];
    snprintf(so, sizeof so, "libcudart.so.%d", CUDART_VERSION / 1000);
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen("libcudart.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) return false;
    int (*get)(int *) = (int (*)(int *))dlsym(h, "cudaRuntimeGetVersion");
    bool ok = get && get(version) == 0;
    struct link_map *lm = NULL;
    path[0] = 0;
    if (ok && dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name) snprintf(path, cap, "%s", lm->l_name);
    dlclose(h);
    return ok;
}

/* ---------------------------------------------------------------- the table */

/* The rows of CuPy's _RuntimeInfo.__str__, in its order. */
static void fill(Table *t, bool full)
{
    platform_str(row(t, "OS"));
    row_str(t, "Python Version", NULL);
    row_str(t, "CuPy Version", NULL);
    row_str(t, "CuPy Platform", "NVIDIA CUDA");
    row_str(t, "NumPy Version", NULL);
    row_str(t, "SciPy Version", NULL);
    row_str(t, "Cython Build Version", NULL);
    row_str(t, "Cython Runtime Version", NULL);
    row_str(t, "CUDA Root", NULL);
    row_str(t, "NVCC PATH", NULL);
    row_int(t, "CUDA Build Version", CUDART_VERSION);
    int v = 0;
    CHECK_CUDA(cudaDriverGetVersion(&v));
    row_int(t, "CUDA Driver Version", v);
    CHECK_CUDA(cudaRuntimeGetVersion(&v));
    int local = 0;
    char local_path[4096];
    bool have_local = local_runtime(&local, local_path, sizeof local_path);
    gp_sb *rt = row(t, "CUDA Runtime Version");
    rt_sb_printf(rt, "%d (linked to the program) / ", v);
    if (have_local) rt_sb_printf(rt, "%d (locally installed)", local);
    else rt_sb_puts(rt, "None (locally installed)");
    if (full)
        rt_sb_printf(row(t, "CUDA Runtime Path"), "%s (locally installed)",
                     have_local && local_path[0] ? local_path : "None");
    row_str(t, "CUDA Extra Include Dirs", "(NVRTC unavailable)");

    /* the CUDA Toolkit's libraries, each followed by its path under _full */
    if (full) {
        cublasHandle_t h;
        CHECK_CUBLAS(cublasCreate(&h));
        CHECK_CUBLAS(cublasGetVersion(h, &v));
        CHECK_CUBLAS(cublasDestroy(h));
        row_int(t, "cuBLAS Version", v);
        row_str(t, "cuBLAS Path", loaded_path("cublas"));
    } else {
        row_str(t, "cuBLAS Version", "(available)");
    }
    CHECK_CUFFT(cufftGetVersion(&v));
    row_int(t, "cuFFT Version", v);
    if (full) row_str(t, "cuFFT Path", loaded_path("cufft"));
    CHECK_CURAND(curandGetVersion(&v));
    row_int(t, "cuRAND Version", v);
    if (full) row_str(t, "cuRAND Path", loaded_path("curand"));
    int major = 0, minor = 0, patch = 0;
    CHECK_CUSOLVER(cusolverGetProperty(MAJOR_VERSION, &major));
    CHECK_CUSOLVER(cusolverGetProperty(MINOR_VERSION, &minor));
    CHECK_CUSOLVER(cusolverGetProperty(PATCH_LEVEL, &patch));
    rt_sb_printf(row(t, "cuSOLVER Version"), "(%d, %d, %d)", major, minor, patch);
    if (full) row_str(t, "cuSOLVER Path", loaded_path("cusolver"));
    if (full) {
        cusparseHandle_t h;
        CHECK_CUSPARSE(cusparseCreate(&h));
        CHECK_CUSPARSE(cusparseGetVersion(h, &v));
        CHECK_CUSPARSE(cusparseDestroy(h));
        row_int(t, "cuSPARSE Version", v);
        row_str(t, "cuSPARSE Path", loaded_path("cusparse"));
    } else {
        row_str(t, "cuSPARSE Version", "(available)");
    }
    row_str(t, "NVRTC Version", NULL);
    if (full) row_str(t, "NVRTC Path", NULL);
    row_int(t, "Thrust Version", rt_thrust_version());
    row_int(t, "CUB Build Version", rt_cub_version());
    row_str(t, "Jitify Build Version", NULL);

    /* optional libraries: none is linked */
    row_str(t, "NCCL Build Version", NULL);
    row_str(t, "NCCL Runtime Version", NULL);
    if (full) row_str(t, "NCCL Path", NULL);
    row_str(t, "cuTENSOR Version", NULL);
    if (full) row_str(t, "cuTENSOR Path", NULL);
    row_str(t, "cuSPARSELt Build Version", NULL);
    if (full) row_str(t, "cuSPARSELt Path", NULL);

    /* the devices: none where CUDA finds none; another failure is CuPy's warning */
    int ndev = 0;
    cudaError_t e = cudaGetDeviceCount(&ndev);
    if (e != cudaSuccess) {
        if (e != cudaErrorNoDevice) {
            fflush(stdout);
            fprintf(stderr, "UserWarning: Failed to detect number of GPUs: %s: %s\n", cudaGetErrorName(e),
                    cudaGetErrorString(e));
        }
        (void)cudaGetLastError();
        ndev = 0;
    }
    for (int d = 0; d < ndev; d++) {
        rt_sb_puts(row(t, "Device %d Name", d), rt_device_name(d));
        rt_sb_puts(row(t, "Device %d Compute Capability", d), rt_device_cc(d));
        char bus[13] = ""; /* CuPy's deviceGetPCIBusId: 13 bytes */
        CHECK_CUDA(cudaDeviceGetPCIBusId(bus, (int)sizeof bus, d));
        rt_sb_puts(row(t, "Device %d PCI Bus ID", d), bus);
    }
}

void rt_show_config(bool full)
{
    Table t = { 0 };
    fill(&t, full);
    size_t width = 0;
    for (int i = 0; i < t.n; i++)
        if (strlen(t.rows[i].key) > width) width = strlen(t.rows[i].key);
    width += 2;
    gp_sb out = { 0 };
    for (int i = 0; i < t.n; i++) {
        rt_sb_puts(&out, t.rows[i].key);
        rt_sb_pad(&out, ' ', (int64_t)(width - strlen(t.rows[i].key)));
        rt_sb_puts(&out, ": ");
        rt_sb_putn(&out, t.rows[i].val.s ? t.rows[i].val.s : "", t.rows[i].val.len);
        rt_sb_putc(&out, '\n');
        rt_sb_free(&t.rows[i].val);
    }
    free(t.rows);
    rt_sb_print(&out, "");
    rt_sb_free(&out);
    fflush(stdout); /* CuPy's show_config flushes sys.stdout */
}
