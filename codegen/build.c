/*
 * build.c — from a CgProgram to an executable, the way a compile spends its time:
 *
 *   1. every unit's cache key: SHA-256 of the toolchain (the runtime headers' text, nvcc's
 *      identity, the device flags and arch) and the unit's text;
 *   2. hits come from the kernel cache (cache.c) as verified fatbins;
 *   3. misses are compiled by nvcc --fatbin in at most as many batches as there are cores,
 *      while the host compiler compiles the host file (it does not depend on any kernel);
 *      each batch's fatbin then goes into the cache under all its units' keys;
 *   4. one link: the host object, the fatbins (embedded with .incbin into a generated
 *      assembly file that also defines gpyk_fatbins), libgpyrt, the static CUDA runtime and
 *      the CUDA libraries the program uses.
 *
 * Invariants: the output is written only when every step succeeded, by the linker into a
 * temporary file beside it that is then renamed over it (base/files.c, as every file gpyc
 * writes), so a failed build never leaves a wrong executable; the temporary
 * folder is removed on every path (unless --keep, which copies the sources beside the
 * output first); a fatbin from the cache was verified by cache.c before it is linked.
 *
 * Default code: sm_80 and sm_90 SASS and compute_80 PTX from ONE compilation to PTX (cicc
 * runs once, ptxas twice), so one binary runs on A100, H100 and newer GPUs (the driver
 * compiles the PTX there).
 */
#include "codegen/codegen.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The host compiler's flags: CMakeLists.txt's GPYC_HOST_CXXFLAGS, which also precompile
 * gpyc_host.h (a precompiled header needs the same flags). */
#ifndef GPYC_HOST_CXXFLAGS
#define GPYC_HOST_CXXFLAGS "-Og -std=c++17 -w"
#endif
/* The top of every device file: the runtime's headers; kernels declare locals for every path,
 * some never read. */
#define DEVICE_PRELUDE                                                                     \
    "#include <gpyrt.h>\n#include <gpyrt_device.cuh>\n"                                     \
    "#pragma nv_diag_suppress 177   /* declared but never referenced */\n"                 \
    "#pragma nv_diag_suppress 550   /* set but never used */\n\n"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* argv under construction: every element xmalloc'd, NULL-terminated when run. */
static void arg(Vec *argv, const char *s) { vec_push(argv, xstrdup(s)); }

static void argf(Vec *argv, const char *fmt, const char *s)
{
    StrBuf sb = {0};
    sb_printf(&sb, fmt, s);
    vec_push(argv, sb.s);
}

static void args_free(Vec *argv)
{
    for (int i = 0; i < argv->n; i++) free(argv->v[i]);
    vec_free(argv);
}

static char *const *args_end(Vec *argv)
{
    vec_push(argv, NULL);
    argv->n--;   /* the NULL stays after the last element; args_free skips it */
    return (char *const *)argv->v;
}

/* nvcc's flags for the device code, the arch included (see the file comment for the default):
 * the same list goes on every nvcc command line and into the cache key. */
static void device_args(Vec *argv, const BuildJob *job)
{
    arg(argv, "-O3");
    arg(argv, "-std=c++17");
    if (job->device_opt != 3) {   /* --device-opt: cicc's and ptxas's level (3 by default) */
        char lv[8];
        snprintf(lv, sizeof lv, "-O%d", job->device_opt);
        arg(argv, "-Xcicc");
        arg(argv, lv);
        arg(argv, "-Xptxas");
        arg(argv, lv);
    }
    if (!job->arch || !*job->arch) {
        arg(argv, "-gencode");
        arg(argv, "arch=compute_80,code=[sm_80,sm_90,compute_80]");
    } else {
        argf(argv, "-arch=%s", job->arch);   /* sm_XX, compute_XX, native, all */
    }
}

/* dir/../rel of nvcc's folder (the toolkit's include and lib folders), xmalloc'd. */
static char *toolkit_path(const char *nvcc, const char *rel)
{
    const char *slash = strrchr(nvcc, '/');
    StrBuf sb = {0};
    if (slash) sb_putn(&sb, nvcc, (size_t)(slash - nvcc));
    else sb_puts(&sb, ".");
    sb_printf(&sb, "/../%s", rel);
    return sb.s;
}

/* The host C++ compiler: $CXX when set, else g++. */
static char *find_cxx(void)
{
    const char *want = getenv("CXX");
    return cg_which(want && *want ? want : "g++");
}

/* Hashes the regular files of dir in name order (the runtime headers units include). */
static void hash_dir(Sha256 *h, const char *dir)
{
    struct dirent **ents = NULL;
    int n = scandir(dir, &ents, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        StrBuf p = {0};
        sb_printf(&p, "%s/%s", dir, ents[i]->d_name);
        struct stat st;
        size_t nl = strlen(ents[i]->d_name);
        bool pch = nl > 4 && strcmp(ents[i]->d_name + nl - 4, ".gch") == 0;   /* host only */
        FILE *f = !pch && stat(p.s, &st) == 0 && S_ISREG(st.st_mode) ? fopen(p.s, "rb") : NULL;
        if (f) {
            sha256_update(h, ents[i]->d_name, strlen(ents[i]->d_name) + 1);
            char buf[65536];
            size_t k;
            while ((k = fread(buf, 1, sizeof buf, f)) > 0) sha256_update(h, buf, k);
            fclose(f);
        }
        sb_free(&p);
        free(ents[i]);
    }
    free(ents);
}

/* The toolchain's part of every key: key format, runtime headers, nvcc (its resolved path,
 * size and time, as ccache identifies a compiler), flags and arch. */
static void toolchain_hash(Sha256 *h, const char *nvcc, const char *inc, const BuildJob *job)
{
    sha256_init(h);
    sha256_update(h, "gpyc kernel cache 1", 20);
    hash_dir(h, inc);
    char *real = realpath(nvcc, NULL);
    struct stat st;
    StrBuf id = {0};
    if (real && stat(real, &st) == 0)
        sb_printf(&id, "%s %lld %lld.%09ld", real, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                  st.st_mtim.tv_nsec);
    else
        sb_puts(&id, nvcc);
    Vec flags = {0};
    device_args(&flags, job);
    for (int i = 0; i < flags.n; i++) sb_printf(&id, "|%s", (const char *)flags.v[i]);
    args_free(&flags);
    sha256_update(h, id.s, id.len + 1);
    sb_free(&id);
    free(real);
}

/* A batch of units compiled by one nvcc. */
typedef struct Batch {
    Vec units;      /* indices into the program's units */
    size_t bytes;   /* their text, the measure of their cost */
    bool user;      /* it holds a user's CUDA source: at most one, as users' sources are
                       translation units of their own (two may define the same names) */
    char *cu, *fatbin;
    pid_t pid;
} Batch;

/* qsort: unit indices of sort_units, largest text first (the first index on ties). */
static const CgProgram *sort_units;
static int by_size_desc(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    size_t la = ((const CgUnit *)sort_units->units.v[a])->len, lb = ((const CgUnit *)sort_units->units.v[b])->len;
    return la != lb ? (la < lb ? 1 : -1) : a - b;
}

static int ncores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Each nvcc run costs ~0.45 CPU-s before any kernel (its own headers) and ~0.35 s more for
 * the runtime's device headers, so a batch gets at least this much unit text: below it, a
 * second nvcc costs more CPU than it saves wall time (16_kmeans.py's 73 KB of misses still
 * make 2 batches; a one-line script's 3 KB one). */
#define MIN_BATCH_BYTES (24 * 1024)

/* How many nvcc batches the nmiss misses (units without a fatbin) make: at most --jobs (the
 * cores by default), at most one per MIN_BATCH_BYTES of their text, at least one, and at
 * least one per user's CUDA source among them (Batch.user). */
static int batch_count(const BuildJob *job, const CgProgram *prog, char *const *unit_fatbin, int nmiss)
{
    if (nmiss == 0) return 0;
    size_t bytes = 0, nuser = 0;
    for (int i = 0; i < prog->units.n; i++)
        if (!unit_fatbin[i]) {
            bytes += ((const CgUnit *)prog->units.v[i])->len;
            nuser += ((const CgUnit *)prog->units.v[i])->user;
        }
    size_t nb = (bytes + MIN_BATCH_BYTES - 1) / MIN_BATCH_BYTES;
    const int cap = job->jobs > 0 ? job->jobs : ncores();
    if (nb > (size_t)cap) nb = (size_t)cap;
    if (nb > (size_t)nmiss) nb = (size_t)nmiss;
    if (nb < nuser) nb = nuser;
    return nb ? (int)nb : 1;
}

/* Spawns nvcc --fatbin on batch b's file. */
static pid_t spawn_nvcc(const BuildJob *job, const char *nvcc, const Batch *b)
{
    Vec argv = {0};
    arg(&argv, nvcc);
    arg(&argv, "--fatbin");
    device_args(&argv, job);
    argf(&argv, "-I%s", job->include_dir);
    arg(&argv, "-o");
    arg(&argv, b->fatbin);
    arg(&argv, b->cu);
    pid_t pid = cg_spawn(args_end(&argv), job->verbose);
    args_free(&argv);
    return pid;
}

/* Writes batch B's device file (B->cu): the prelude, then its units (indices into units),
 * users' CUDA sources last (their macros and #line reach only what follows them). */
static bool write_batch(const Batch *B, const CgUnit *const *units)
{
    StrBuf text = {0};
    sb_puts(&text, DEVICE_PRELUDE);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < B->units.n; k++) {
            const CgUnit *u = units[(intptr_t)B->units.v[k]];
            if (u->user != (pass == 1)) continue;
            sb_putn(&text, u->text, u->len);
            sb_putc(&text, '\n');
        }
    bool ok = util_write_file(B->cu, text.s, text.len, false);
    sb_free(&text);
    return ok;
}

/* Stores batch B's fatbin in the cache (when there is one) under the keys of all its units
 * (keys indexed like B->units' indices). */
static void batch_store(KCache *cache, const Batch *B, const char (*keys)[65])
{
    if (!cache) return;
    const char **bk = xmalloc((size_t)B->units.n * sizeof *bk);
    for (int k = 0; k < B->units.n; k++) bk[k] = keys[(intptr_t)B->units.v[k]];
    kc_put(cache, bk, B->units.n, B->fatbin);
    free(bk);
}

/* Appends s to sb quoted for the assembler's .incbin. */
static void put_asm_string(StrBuf *sb, const char *s)
{
    sb_putc(sb, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') sb_putc(sb, '\\');
        sb_putc(sb, *s);
    }
    sb_putc(sb, '"');
}

/* The assembly file that embeds the fatbins and defines gpyk_fatbins / gpyk_nfatbins, and
 * gpyk_fb_<hash>, the index of unit <hash>'s fatbin (unit_fb[i] for prog's unit i). */
static void fatbin_asm(StrBuf *s, const Vec *fatbins, const CgProgram *prog, const int *unit_fb)
{
    sb_puts(s, "    .section .rodata\n    .balign 4\n");
    for (int i = 0; i < prog->units.n; i++) {
        const CgUnit *u = prog->units.v[i];
        sb_printf(s, "    .globl gpyk_fb_%s\ngpyk_fb_%s:\n    .long %d\n", u->hash, u->hash, unit_fb[i]);
    }
    for (int i = 0; i < fatbins->n; i++) {
        sb_printf(s, "    .balign 64\ngpyk_fatbin%d:\n    .incbin ", i);
        put_asm_string(s, fatbins->v[i]);
        sb_putc(s, '\n');
    }
    sb_puts(s, "    .balign 4\n    .globl gpyk_nfatbins\n    .type gpyk_nfatbins, @object\ngpyk_nfatbins:\n");
    sb_printf(s, "    .long %d\n", fatbins->n);
    sb_puts(s, "    .section .data.rel.ro,\"aw\"\n    .balign 8\n    .globl gpyk_fatbins\n"
               "    .type gpyk_fatbins, @object\ngpyk_fatbins:\n");
    for (int i = 0; i < fatbins->n; i++) sb_printf(s, "    .quad gpyk_fatbin%d\n", i);
    if (!fatbins->n) sb_puts(s, "    .quad 0\n");
    sb_puts(s, "    .section .note.GNU-stack,\"\",@progbits\n");
}

/* Removes dir and the files in it (one level: the build's temporary folder). */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            StrBuf p = {0};
            sb_printf(&p, "%s/%s", dir, e->d_name);
            unlink(p.s);
            sb_free(&p);
        }
        closedir(d);
    }
    rmdir(dir);
}

int cg_build(const BuildJob *job)
{
    const CgProgram *prog = job->prog;
    const int nu = prog->units.n;
    int status = 1;
    double t0 = now_s();
    char *nvcc = NULL, *cxx = NULL, *cuda_inc = NULL, *cuda_lib = NULL;
    KCache *cache = NULL;
    Batch *batches = NULL;
    int nb = 0;
    char (*keys)[65] = xcalloc(nu ? (size_t)nu : 1, sizeof *keys);
    char **unit_fatbin = xcalloc(nu ? (size_t)nu : 1, sizeof *unit_fatbin);
    int *unit_fb = xcalloc(nu ? (size_t)nu : 1, sizeof *unit_fb);
    Vec fatbins = {0};
    StrBuf tmp = {0}, host_cpp = {0}, host_o = {0};
    pid_t host_pid = -1;

    cxx = find_cxx();
    if (!cxx) {
        diag_fatal_noloc("the host C++ compiler was not found (%s; set CXX to its path)",
                         getenv("CXX") && *getenv("CXX") ? getenv("CXX") : "g++ on PATH");
        goto done;
    }
    if (nu && !(nvcc = cg_find_nvcc(job->nvcc))) goto done;
    if (!nvcc && !(nvcc = cg_find_nvcc(job->nvcc))) goto done;   /* the CUDA runtime's folders */
    cuda_inc = toolkit_path(nvcc, "include");
    cuda_lib = toolkit_path(nvcc, "lib64");

    const char *tdir = getenv("TMPDIR");
    sb_printf(&tmp, "%s/gpyc-XXXXXX", tdir && *tdir ? tdir : "/tmp");
    if (!mkdtemp(tmp.s)) {
        diag_fatal_noloc("cannot create a temporary folder %s: %s", tmp.s, strerror(errno));
        sb_free(&tmp);
        goto done;
    }

    /* the host file compiles while the kernels are found or compiled */
    sb_printf(&host_cpp, "%s/host.cpp", tmp.s);
    sb_printf(&host_o, "%s/host.o", tmp.s);
    if (!util_write_file(host_cpp.s, prog->host.s, prog->host.len, false)) goto done;
    {
        Vec argv = {0};
        arg(&argv, cxx);
        arg(&argv, "-c");
        char *flags = xstrdup(GPYC_HOST_CXXFLAGS);   /* -w: values declared for every path */
        for (char *f = strtok(flags, " "); f; f = strtok(NULL, " ")) arg(&argv, f);
        free(flags);
        argf(&argv, "-I%s", job->include_dir);
        argf(&argv, "-I%s", cuda_inc);
        arg(&argv, "-o");
        arg(&argv, host_o.s);
        arg(&argv, host_cpp.s);
        host_pid = cg_spawn(args_end(&argv), job->verbose);
        args_free(&argv);
        if (host_pid < 0) goto done;
    }

    /* keys and cache hits */
    double tc = now_s();
    if (nu && !job->no_cache) cache = kc_open(job->verbose);
    Sha256 tool;
    toolchain_hash(&tool, nvcc, job->include_dir, job);
    int nmiss = 0;
    char (*ids)[65] = xcalloc(nu ? (size_t)nu : 1, sizeof *ids);
    for (int i = 0; i < nu; i++) {
        const CgUnit *u = prog->units.v[i];
        Sha256 h = tool;
        uint8_t d[32];
        sha256_update(&h, u->text, u->len);
        sha256_final(&h, d);
        sha256_hex(d, keys[i]);
        if (!kc_payload_id(cache, keys[i], ids[i])) {
            nmiss++;
            continue;
        }
        /* a unit whose entry holds the bytes of one fetched already shares that copy */
        for (int k = 0; k < i && !unit_fatbin[i]; k++)
            if (unit_fatbin[k] && strcmp(ids[k], ids[i]) == 0) unit_fatbin[i] = xstrdup(unit_fatbin[k]);
        if (unit_fatbin[i]) continue;
        StrBuf p = {0};
        sb_printf(&p, "%s/u%d.fatbin", tmp.s, i);
        if (kc_get(cache, keys[i], p.s)) {
            unit_fatbin[i] = p.s;
        } else {
            sb_free(&p);
            nmiss++;
        }
    }
    free(ids);
    if (job->verbose)
        fprintf(stderr, "gpyc: cache      %8.1f ms  %d unit%s: %d hit%s, %d miss%s%s\n", (now_s() - tc) * 1e3, nu,
                nu == 1 ? "" : "s", nu - nmiss, nu - nmiss == 1 ? "" : "s", nmiss, nmiss == 1 ? "" : "es",
                cache ? "" : " (no cache)");

    /* the misses, in batches balanced by text size (largest first to the lightest batch) */
    double tn = now_s();
    nb = batch_count(job, prog, unit_fatbin, nmiss);
    batches = xcalloc(nb ? (size_t)nb : 1, sizeof *batches);
    int *order = xmalloc((nmiss ? (size_t)nmiss : 1) * sizeof *order), no = 0;
    for (int i = 0; i < nu; i++)
        if (!unit_fatbin[i]) order[no++] = i;
    sort_units = prog;
    qsort(order, (size_t)no, sizeof *order, by_size_desc);
    for (int k = 0; k < no; k++) {
        const CgUnit *u = prog->units.v[order[k]];
        int lb = -1;
        for (int b = 0; b < nb; b++)
            if ((!u->user || !batches[b].user) && (lb < 0 || batches[b].bytes < batches[lb].bytes)) lb = b;
        vec_push(&batches[lb].units, (void *)(intptr_t)order[k]);
        batches[lb].bytes += u->len;
        batches[lb].user |= u->user;
    }
    free(order);
    for (int b = 0; b < nb; b++) {
        Batch *B = &batches[b];
        B->pid = -1;
        StrBuf cu = {0}, fb = {0};
        sb_printf(&cu, "%s/b%d.cu", tmp.s, b);
        sb_printf(&fb, "%s/b%d.fatbin", tmp.s, b);
        B->cu = cu.s;
        B->fatbin = fb.s;
        if (!write_batch(B, (const CgUnit *const *)prog->units.v)) goto wait;
        B->pid = spawn_nvcc(job, nvcc, B);
        if (B->pid < 0) goto wait;
    }

wait:;
    bool ok = true;
    for (int b = 0; b < nb; b++) {
        Batch *B = &batches[b];
        if (!B->cu) {
            ok = false;
            continue;
        }
        int rc = B->pid < 0 ? 1 : cg_wait(B->pid, nvcc);
        if (rc != 0) {
            if (B->pid >= 0)
                diag_fatal_noloc("nvcc failed (exit status %d) on the generated kernels of %s", rc, job->script);
            ok = false;
            continue;
        }
        for (int k = 0; k < B->units.n; k++) unit_fatbin[(intptr_t)B->units.v[k]] = xstrdup(B->fatbin);
        batch_store(cache, B, (const char (*)[65])keys);
    }
    if (job->verbose && nb)
        fprintf(stderr, "gpyc: nvcc       %8.1f ms  %d batch%s\n", (now_s() - tn) * 1e3, nb, nb == 1 ? "" : "es");
    double th = now_s();
    int hrc = cg_wait(host_pid, cxx);
    host_pid = -1;
    if (job->verbose) fprintf(stderr, "gpyc: host c++   %8.1f ms  (after the kernels)\n", (now_s() - th) * 1e3);
    if (hrc != 0) {
        diag_fatal_noloc("the host C++ compiler failed (exit status %d) on the generated host code of %s", hrc,
                         job->script);
        ok = false;
    }
    if (cache) kc_trim(cache);
    if (!ok) goto done;

    /* each distinct fatbin once; unit_fb[i]: the index of unit i's.  Distinct files are
     * distinct bytes: hits with one payload id share one copy, and each batch made its own. */
    for (int i = 0; i < nu; i++) {
        unit_fb[i] = -1;
        for (int k = 0; k < fatbins.n && unit_fb[i] < 0; k++)
            if (strcmp(fatbins.v[k], unit_fatbin[i]) == 0) unit_fb[i] = k;
        if (unit_fb[i] >= 0) continue;
        unit_fb[i] = fatbins.n;
        vec_push(&fatbins, xstrdup(unit_fatbin[i]));
    }

    /* link */
    double tl = now_s();
    {
        StrBuf s = {0}, asm_path = {0};
        fatbin_asm(&s, &fatbins, prog, unit_fb);
        sb_printf(&asm_path, "%s/fatbins.s", tmp.s);
        bool ws = util_write_file(asm_path.s, s.s ? s.s : "", s.len, false);
        sb_free(&s);
        UtilOut out;
        if (!ws || !util_out_open(&out, job->out_path, true)) {
            sb_free(&asm_path);
            goto done;
        }
        Vec argv = {0};
        /* the compiler's own linker: gold links in half of ld.bfd's time here (0.18 s against
         * 0.25-0.57 s) but failed on a GPU machine's g++ (its libstdc++.so linker script) */
        arg(&argv, cxx);
        arg(&argv, "-o");
        arg(&argv, out.tmp);
        arg(&argv, host_o.s);
        arg(&argv, asm_path.s);
        argf(&argv, "-L%s", job->lib_dir);
        argf(&argv, "-L%s", cuda_lib);
        arg(&argv, "-Wl,--start-group");
        arg(&argv, "-lgpyrt");
        arg(&argv, "-lcudart_static");
        for (const char *const *l = job->libs; l && *l; l++) argf(&argv, "-l%s", *l);
        arg(&argv, "-Wl,--end-group");
        arg(&argv, "-l:libz.a"); /* .npz archives (runtime/npyio.c): zlib, the copy in lib_dir first */
        arg(&argv, "-ldl");
        arg(&argv, "-lrt");
        arg(&argv, "-lpthread");
        arg(&argv, "-lm");
        int rc = cg_run(args_end(&argv), job->verbose);
        args_free(&argv);
        sb_free(&asm_path);
        if (rc != 0) {
            diag_fatal_noloc("linking %s failed (exit status %d)", job->out_path, rc);
            util_out_abort(&out);
            goto done;
        }
        if (!util_out_commit(&out)) goto done;
    }
    if (job->verbose)
        fprintf(stderr, "gpyc: link       %8.1f ms  (%d fatbin%s)\ngpyc: build      %8.1f ms\n", (now_s() - tl) * 1e3,
                fatbins.n, fatbins.n == 1 ? "" : "s", (now_s() - t0) * 1e3);
    status = 0;

done:
    if (host_pid >= 0) cg_wait(host_pid, cxx ? cxx : "c++");
    if (job->keep_prefix && host_cpp.s) {
        StrBuf a = {0}, b = {0};
        sb_printf(&a, "%s.host.cpp", job->keep_prefix);
        sb_printf(&b, "%s.kernels.cu", job->keep_prefix);
        StrBuf dev = {0};
        sb_puts(&dev, DEVICE_PRELUDE);
        for (int i = 0; i < nu; i++) {
            const CgUnit *u = prog->units.v[i];
            sb_putn(&dev, u->text, u->len);
            sb_putc(&dev, '\n');
        }
        util_write_file(a.s, prog->host.s, prog->host.len, false);
        util_write_file(b.s, dev.s, dev.len, false);
        sb_free(&dev);
        sb_free(&a);
        sb_free(&b);
    }
    if (tmp.s) remove_tree(tmp.s);
    for (int b = 0; b < nb; b++) {
        free(batches[b].cu);
        free(batches[b].fatbin);
        vec_free(&batches[b].units);
    }
    free(batches);
    for (int i = 0; i < nu; i++) free(unit_fatbin[i]);
    free(unit_fatbin);
    free(unit_fb);
    free(keys);
    for (int i = 0; i < fatbins.n; i++) free(fatbins.v[i]);
    vec_free(&fatbins);
    if (cache) kc_close(cache);
    sb_free(&tmp);
    sb_free(&host_cpp);
    sb_free(&host_o);
    free(nvcc);
    free(cxx);
    free(cuda_inc);
    free(cuda_lib);
    return status;
}

/* ---------------------------------------------------------------- gpyc --cache-fill */

/* Kernel text per nvcc run of --cache-fill: enough that the ~0.8 CPU-s each run spends on
 * headers is a small share, little enough that an executable whose hits come from a few
 * batches (a hit links its batch's whole fatbin) stays small.  The e2e and rterr programs
 * (1,746 distinct units, compute_90 at --device-opt=0, 2 jobs): 154 CPU-s in 86 batches of
 * 128 KB, 116 in 42 of 256 KB, 101 in 21 of 512 KB; their executables 3.1 MB on average with
 * 128 KB batches, 3.8 MB with 512 KB, linked in the same time. */
#define FILL_BATCH_BYTES (512 * 1024)

static const char (*fill_keys)[65];
static int by_key(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb, c = strcmp(fill_keys[a], fill_keys[b]);
    return c ? c : a - b;
}

/* Starts the next batch of the misses at *k (in input order, so that a program's units sit
 * together), FILL_BATCH_BYTES of text, as the b-th; B->pid is -1 when it could not start. */
static void fill_start(Batch *B, int b, const BuildJob *job, const char *nvcc, const char *tmp,
                       const CgUnit *const *units, const int *miss, int nmiss, int *k)
{
    memset(B, 0, sizeof *B);
    while (*k < nmiss && (B->bytes == 0 || (B->bytes + units[miss[*k]]->len <= FILL_BATCH_BYTES &&
                                            !(B->user && units[miss[*k]]->user)))) {
        vec_push(&B->units, (void *)(intptr_t)miss[*k]);
        B->user |= units[miss[*k]]->user;
        B->bytes += units[miss[(*k)++]]->len;
    }
    StrBuf cu = {0}, fb = {0};
    sb_printf(&cu, "%s/b%d.cu", tmp, b);
    sb_printf(&fb, "%s/b%d.fatbin", tmp, b);
    B->cu = cu.s;
    B->fatbin = fb.s;
    B->pid = write_batch(B, units) ? spawn_nvcc(job, nvcc, B) : -1;
}

/* The end of batch B, whose nvcc returned rc: its fatbin into the cache when it compiled;
 * false (reported) when it did not. */
static bool fill_finish(Batch *B, int rc, KCache *cache, const char (*keys)[65])
{
    bool ok = B->pid >= 0 && rc == 0;
    if (ok) batch_store(cache, B, keys);
    else if (B->pid >= 0) diag_fatal_noloc("nvcc failed (exit status %d) on %d kernel units", rc, B->units.n);
    unlink(B->cu);
    unlink(B->fatbin);
    free(B->cu);
    free(B->fatbin);
    vec_free(&B->units);
    return ok;
}

/* Compiles the units the cache lacks into it, at most --jobs (the cores) nvcc at once: a new
 * batch starts as soon as one ends, so that one long batch does not idle the other cores.
 * After a failure no batch starts; those running finish (and are stored). */
static bool fill_batches(const BuildJob *job, const char *nvcc, KCache *cache, const char *tmp,
                         const CgUnit *const *units, const char (*keys)[65], const int *miss, int nmiss,
                         int *nbatches)
{
    enum { MAX_RUNNING = 64 };
    int cap = job->jobs > 0 ? job->jobs : ncores();
    if (cap > MAX_RUNNING) cap = MAX_RUNNING;
    Batch run[MAX_RUNNING];
    pid_t pids[MAX_RUNNING];
    bool ok = true;
    int b = 0, k = 0, nrun = 0;
    for (;;) {
        for (; ok && k < nmiss && nrun < cap; nrun++, b++) {
            fill_start(&run[nrun], b, job, nvcc, tmp, units, miss, nmiss, &k);
            pids[nrun] = run[nrun].pid;
            if (pids[nrun] < 0) ok = fill_finish(&run[nrun--], 1, cache, keys);
        }
        if (nrun == 0) break;
        int w, rc = cg_wait_any(pids, nrun, &w, nvcc);
        if (w < 0) {   /* nothing to wait for: the batches are lost */
            for (int i = 0; i < nrun; i++) run[i].pid = -1, fill_finish(&run[i], 1, cache, keys);
            ok = false;
            break;
        }
        if (!fill_finish(&run[w], rc, cache, keys)) ok = false;
        run[w] = run[--nrun];
        pids[w] = pids[nrun];
    }
    *nbatches = b;
    return ok;
}

int cg_cache_fill(const BuildJob *job, const CgUnit *const *units, int n)
{
    double t0 = now_s();
    char *nvcc = cg_find_nvcc(job->nvcc);
    if (!nvcc) return 1;
    KCache *cache = job->no_cache ? NULL : kc_open(job->verbose);
    if (!cache) {
        diag_fatal_noloc("--cache-fill needs the kernel cache (it is %s)", job->no_cache ? "off: --no-cache" : "unusable");
        free(nvcc);
        return 1;
    }
    StrBuf tmp = {0};
    const char *tdir = getenv("TMPDIR");
    sb_printf(&tmp, "%s/gpyc-XXXXXX", tdir && *tdir ? tdir : "/tmp");
    if (!mkdtemp(tmp.s)) {
        diag_fatal_noloc("cannot create a temporary folder %s: %s", tmp.s, strerror(errno));
        sb_free(&tmp);
        kc_close(cache);
        free(nvcc);
        return 1;
    }
    Sha256 tool;
    toolchain_hash(&tool, nvcc, job->include_dir, job);
    char (*keys)[65] = xcalloc(n ? (size_t)n : 1, sizeof *keys);
    int *order = xmalloc((n ? (size_t)n : 1) * sizeof *order), *miss = xmalloc((n ? (size_t)n : 1) * sizeof *miss);
    for (int i = 0; i < n; i++) {
        Sha256 h = tool;
        uint8_t d[32];
        sha256_update(&h, units[i]->text, units[i]->len);
        sha256_final(&h, d);
        sha256_hex(d, keys[i]);
        order[i] = i;
    }
    /* distinct keys (the first unit of each), then those the cache lacks, in input order */
    fill_keys = (const char (*)[65])keys;
    qsort(order, (size_t)n, sizeof *order, by_key);
    bool *first = xcalloc(n ? (size_t)n : 1, sizeof *first);
    int ndistinct = 0, nmiss = 0, nb = 0;
    for (int k = 0; k < n; k++)
        if (k == 0 || strcmp(keys[order[k]], keys[order[k - 1]]) != 0) first[order[k]] = true, ndistinct++;
    char id[65];
    for (int i = 0; i < n; i++)
        if (first[i] && !kc_payload_id(cache, keys[i], id)) miss[nmiss++] = i;
    bool ok = fill_batches(job, nvcc, cache, tmp.s, units, (const char (*)[65])keys, miss, nmiss, &nb);
    if (job->verbose)
        fprintf(stderr, "gpyc: cache-fill %8.1f ms  %d units, %d distinct: %d in the cache, %d compiled in %d batch%s\n",
                (now_s() - t0) * 1e3, n, ndistinct, ndistinct - nmiss, nmiss, nb, nb == 1 ? "" : "es");
    kc_trim(cache);
    kc_close(cache);
    remove_tree(tmp.s);
    sb_free(&tmp);
    free(first);
    free(order);
    free(miss);
    free(keys);
    free(nvcc);
    return ok ? 0 : 1;
}
