/*
 * driver.c — the gpyc command line: options, the stage table, the stages in order
 * (compile(): parse, lower, the IR passes of passes.c, codegen, nvcc), and the search for the
 * runtime and nvcc.
 *
 * gpyc is relocatable: it finds the runtime's headers and library relative to its own
 * executable, at <bin>/../include/gpyc and <bin>/../lib (the build tree and an install prefix
 * share that layout).  Exit status: 0 on success, 1 on any error; never a signal.
 */
#include "compiler/compiler.h"
#include "frontend/frontend.h"
#include "codegen/codegen.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef GPYC_VERSION
#define GPYC_VERSION "0.1.0"
#endif

static const char usage[] =
    "usage: gpyc FILE.py [-o OUT] [options]\n"
    "\n"
    "Compiles a Python script written against CuPy's API into a standalone CUDA executable.\n"
    "\n"
    "options:\n"
    "  -o OUT              output path (default: the script's name without .py)\n"
    "  --emit=ast|ir|kernels|cuda\n"
    "                      print that stage's output (to stdout, or to OUT with -o) and stop\n"
    "  --check             check the program (parse, types, lowering) without generating code\n"
    "  --dump-after=PASS|all\n"
    "                      print the IR after that IR pass (or after each) on stdout, then go on\n"
    "  --arch=sm_XX|compute_XX|native|all\n"
    "                      GPU code to build (default: sm_80 and sm_90 SASS plus PTX;\n"
    "                      compute_XX: PTX only, compiled by the driver at run time)\n"
    "  -O0                 no fusion: one kernel per operation\n"
    "  -O2                 fusion and optimisations (default)\n"
    "  --nvcc PATH         the nvcc to use (default: $CUDA_HOME, $CUDA_PATH, PATH)\n"
    "  --keep              keep the generated files beside the output (OUT.host.cpp,\n"
    "                      OUT.kernels.cu)\n"
    "  -v                  print stage timings and every subprocess command\n"
    "  --list-api          print every cupy.* name that compiles, one per line, and exit\n"
    "  --no-cache          neither look up nor store compiled kernels in the kernel cache\n"
    "  --cache-stats       print the kernel cache's folder, size and counters, and exit\n"
    "  --cache-clear       empty the kernel cache and exit\n"
    "  --version           print the version and exit\n"
    "  --help              print this help and exit\n";

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Stage timing for -v. */
static bool verbose;
static double stage_t0;
static void stage_begin(void) { stage_t0 = now_s(); }
static void stage_end(const char *name)
{
    if (verbose) fprintf(stderr, "gpyc: %-10s %8.1f ms\n", name, (now_s() - stage_t0) * 1e3);
}

static bool starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* Parses argv into o; returns 0 to go on, 1 on a usage error (or a failed --cache-stats or
 * --cache-clear), 2 when --help, --version, --list-api or --cache-* is done. */
static int parse_options(int argc, char **argv, Options *o)
{
    memset(o, 0, sizeof *o);
    o->inputs = xcalloc((size_t)argc, sizeof *o->inputs);
    o->opt_level = 2;
    o->device_opt = 3;
    o->dump_after = PASS_DUMP_NONE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 2;
        } else if (strcmp(a, "--version") == 0) {
            printf("gpyc %s\n", GPYC_VERSION);
            return 2;
        } else if (strcmp(a, "--list-api") == 0) {
            lower_list_api(stdout);
            return 2;
        } else if (strcmp(a, "--cache-stats") == 0 || strcmp(a, "--cache-clear") == 0) {
            KCache *c = kc_open(o->verbose);
            if (!c) return 1;
            int failed = 0;
            if (strcmp(a, "--cache-stats") == 0)
                kc_print_stats(c, stdout);
            else
                failed = kc_clear(c);
            kc_close(c);
            return failed ? 1 : 2;
        } else if (strcmp(a, "--cache-fill") == 0) {
            o->cache_fill = true;
        } else if (strcmp(a, "--no-cache") == 0) {
            o->no_cache = true;
        } else if (strcmp(a, "-o") == 0) {
            if (++i >= argc) {
                diag_fatal_noloc("-o needs an argument");
                return 1;
            }
            o->output = argv[i];
        } else if (starts_with(a, "--emit=")) {
            o->emit = a + 7;
            if (strcmp(o->emit, "ast") && strcmp(o->emit, "ir") && strcmp(o->emit, "kernels") &&
                strcmp(o->emit, "cuda")) {
                diag_fatal_noloc("unknown --emit value '%s' (expected ast, ir, kernels or cuda)", o->emit);
                return 1;
            }
        } else if (starts_with(a, "--dump-after=")) {
            o->dump_after = pass_lookup(a + 13);
            if (o->dump_after == PASS_DUMP_NONE) {
                StrBuf names = {0};
                for (int p = 0; p < PASS_COUNT; p++) sb_printf(&names, ", %s", pass_name(p));
                diag_fatal_noloc("unknown pass '%s' for --dump-after (expected all%s)", a + 13, names.s);
                sb_free(&names);
                return 1;
            }
        } else if (strcmp(a, "--check") == 0) {
            o->check_only = true;
        } else if (starts_with(a, "--arch=")) {
            o->arch = a + 7;
            if (!starts_with(o->arch, "sm_") && !starts_with(o->arch, "compute_") && strcmp(o->arch, "native") &&
                strcmp(o->arch, "all")) {
                diag_fatal_noloc("unknown --arch value '%s' (expected sm_XX, compute_XX, native or all)", o->arch);
                return 1;
            }
        } else if (strcmp(a, "--nvcc") == 0) {
            if (++i >= argc) {
                diag_fatal_noloc("--nvcc needs an argument");
                return 1;
            }
            o->nvcc = argv[i];
        } else if (starts_with(a, "--nvcc=")) {
            o->nvcc = a + 7;
        } else if (strcmp(a, "-O0") == 0) {
            o->opt_level = 0;
        } else if (strcmp(a, "-O2") == 0 || strcmp(a, "-O") == 0) {
            o->opt_level = 2;
        } else if (starts_with(a, "--device-opt=")) {
            const char *n = a + 13;
            if (n[0] < '0' || n[0] > '3' || n[1]) {
                diag_fatal_noloc("unknown --device-opt value '%s' (expected 0, 1, 2 or 3)", n);
                return 1;
            }
            o->device_opt = n[0] - '0';
        } else if (starts_with(a, "--jobs=")) {
            char *end;
            long n = strtol(a + 7, &end, 10);
            if (a[7] < '0' || a[7] > '9' || *end || n < 1 || n > 1024) {
                diag_fatal_noloc("bad --jobs value '%s' (expected a number from 1 to 1024)", a + 7);
                return 1;
            }
            o->jobs = (int)n;
        } else if (strcmp(a, "-v") == 0) {
            o->verbose = true;
        } else if (strcmp(a, "--keep") == 0) {
            o->keep = true;
        } else if (a[0] == '-' && a[1]) {
            diag_fatal_noloc("unknown option '%s' (see gpyc --help)", a);
            return 1;
        } else {
            o->inputs[o->ninputs++] = a;
        }
    }
    if (!o->ninputs) {
        fputs(usage, stderr);
        return 1;
    }
    o->input = o->inputs[0];
    if (o->ninputs > 1 && !o->cache_fill) {
        diag_fatal_noloc("more than one input file ('%s' and '%s')", o->inputs[0], o->inputs[1]);
        return 1;
    }
    return 0;
}

/* The directory holding the running executable (from /proc/self/exe), xmalloc'd. */
static char *exe_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return xstrdup(".");
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (slash) *slash = 0;
    return xstrdup(buf);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Finds the runtime: <bin>/../include/gpyc/gpyrt.h and <bin>/../lib/libgpyrt.a. */
static bool find_runtime(char **inc, char **lib)
{
    char *dir = exe_dir();
    StrBuf i = {0}, l = {0}, h = {0}, a = {0};
    sb_printf(&i, "%s/../include/gpyc", dir);
    sb_printf(&l, "%s/../lib", dir);
    sb_printf(&h, "%s/gpyrt.h", i.s);
    sb_printf(&a, "%s/libgpyrt.a", l.s);
    bool ok = is_file(h.s) && is_file(a.s);
    if (!ok)
        diag_fatal_noloc("the gpyc runtime was not found beside the executable (looked for %s and %s)",
                         h.s, a.s);
    sb_free(&h);
    sb_free(&a);
    free(dir);
    *inc = i.s;
    *lib = l.s;
    return ok;
}

/* The default output: the script's path without ".py". */
static char *default_output(const char *input)
{
    size_t n = strlen(input);
    if (n > 3 && strcmp(input + n - 3, ".py") == 0) return xstrndup(input, n - 3);
    StrBuf sb = {0};
    sb_printf(&sb, "%s.out", input);
    return sb.s;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static char *dir_name(const char *path)
{
    const char *s = strrchr(path, '/');
    if (!s) return xstrdup(".");
    if (s == path) return xstrdup("/");
    return xstrndup(path, s - path);
}

/* An --emit's text goes to OUT when -o was given (gathered in memory, then written through a
 * temporary file: util_write_file), else to stdout (checked at exit). */
typedef struct Emit {
    FILE *f;
    char *buf;
    size_t len;
} Emit;

static FILE *emit_open(const Options *o, Emit *e)
{
    memset(e, 0, sizeof *e);
    e->f = o->output ? open_memstream(&e->buf, &e->len) : stdout;
    if (!e->f) diag_fatal_noloc("out of memory");
    return e->f;
}

/* 0 when the text reached its destination, else 1 (reported). */
static int emit_close(const Options *o, Emit *e)
{
    if (!e->f) return 1;
    if (e->f == stdout) return 0;
    bool ok = fclose(e->f) == 0 && util_write_file(o->output, e->buf, e->len, false);
    free(e->buf);
    return ok ? 0 : 1;
}

/* Is path the same file as out (an existing file, by device and inode)? */
static bool same_file(const char *out, const char *path)
{
    struct stat a, b;
    return stat(out, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* -o naming a file the compile reads (the script, or after lowering an imported module: m) is
 * an error, before anything is written: the output would replace the user's source. */
static bool output_is_input(const Options *o, const IrModule *m)
{
    const char *hit = NULL;
    if (o->output && same_file(o->output, o->input)) hit = o->input;
    for (int i = 0; m && o->output && !hit && i < m->funcs.n; i++) {
        const SrcFile *f = ((const IrFunc *)VEC_AT(m->funcs, i))->file;
        if (f && same_file(o->output, f->path)) hit = f->path;
    }
    if (hit) diag_fatal_noloc("-o %s would overwrite the input %s", o->output, hit);
    return hit != NULL;
}

/* Does any instruction of b (in any block) have op `op` (and variant ival, unless ival < 0)? */
static bool block_uses(const IrBlock *b, IrOp op, int64_t ival)
{
    if (!b) return false;
    for (int i = 0; i < b->instrs.n; i++) {
        const IrInstr *in = VEC_AT(b->instrs, i);
        if ((in->op == op && (ival < 0 || in->ival == ival)) || block_uses(in->blocks[0], op, ival) ||
            block_uses(in->blocks[1], op, ival))
            return true;
    }
    return false;
}

static bool module_uses(const IrModule *m, IrOp op, int64_t ival)
{
    for (int i = 0; i < m->funcs.n; i++)
        if (block_uses(((IrFunc *)VEC_AT(m->funcs, i))->body, op, ival)) return true;
    return false;
}

/* The CUDA libraries that runtime functions called through IR_DEVICE link, beyond those of the
 * ops (instrs.def's LIB): random.cu's generator objects (RandomState, set/get_random_state)
 * cuRAND's host library, config.c's show_config the five libraries whose versions it reports. */
static const struct {
    IrDevCall call;
    const char *libs[6];
} dev_libs[] = {
    { DEV_RANDOM_NEW, { "curand" } },
    { DEV_RANDOM_USE, { "curand" } },
    { DEV_RANDOM_GLOBAL, { "curand" } },
    { DEV_SHOW_CONFIG, { "cublas", "cufft", "curand", "cusolver", "cusparse" } },
};

/* Adds lib to libs[0..*n) unless it is there. */
static void add_lib(const char **libs, int *n, const char *lib)
{
    for (int k = 0; k < *n; k++)
        if (strcmp(libs[k], lib) == 0) return;
    libs[(*n)++] = lib;
}

/* Adds each library of the space-separated list (instrs.def's LIB: "cusolver cublas") to
 * libs[0..*n) unless it is there; the names are copied into arena. */
static void add_lib_list(Arena *arena, const char **libs, int *n, const char *list)
{
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len) add_lib(libs, n, ar_strndup(arena, p, len));
        p += len;
        p += *p == ' ';
    }
}

/* The whole pipeline, in order. */
/* Reads and parses input; NULL after diagnostics.  *src: the file, in arena. */
static AstNode *read_and_parse(Arena *arena, const char *input, SrcFile **src)
{
    stage_begin();
    *src = ar_alloc(arena, sizeof **src);
    (*src)->path = input;
    (*src)->name = base_name(input);
    const char *why = fe_read_source(arena, input, *src);
    if (why) {
        diag_fatal_noloc("cannot read %s: %s", input, why);
        return NULL;
    }
    int n_nodes = 0;
    AstNode *module = fe_parse(arena, *src, &n_nodes);
    stage_end("parse");
    return module && !diag_count() ? module : NULL;
}

/* Lowers a parsed module to IR and runs the passes (dumping as --dump-after asks); NULL
 * after diagnostics. */
static IrModule *lower_and_optimise(const Options *o, Arena *arena, SrcFile *src, AstNode *module)
{
    stage_begin();
    char *search_dir = dir_name(src->path);
    CompileInput in = {.arena = arena, .main = src, .module = module, .search_dir = search_dir};
    IrModule *m = lower_module(&in);
    free(search_dir);
    stage_end("lower");
    if (!m || diag_count()) {
        ir_module_free(m);
        return NULL;
    }
    stage_begin();
    passes_run_dump(m, o->opt_level, PASS_ALL, o->dump_after, stdout);
    stage_end("passes");
    return m;
}

/* gpyc --cache-fill FILE...: the kernels of every input into the kernel cache, no executable.
 * An input that does not compile is reported and skipped (exit 1 at the end). */
static int cache_fill(const Options *o)
{
    verbose = o->verbose;
    Vec units = {0}, progs = {0};
    int failed = 0;
    for (int i = 0; i < o->ninputs; i++) {
        diag_reset();
        Arena *arena = ar_new();
        SrcFile *src = NULL;
        AstNode *module = read_and_parse(arena, o->inputs[i], &src);
        IrModule *m = module ? lower_and_optimise(o, arena, src, module) : NULL;
        if (m) {
            CgProgram *prog = xcalloc(1, sizeof *prog);
            cg_program(prog, m);
            vec_push(&progs, prog);
            for (int k = 0; !diag_count() && k < prog->units.n; k++) vec_push(&units, prog->units.v[k]);
        }
        if (!m || diag_count()) failed++;
        ir_module_free(m);
        ty_free_all();
        ar_delete(arena);
    }
    diag_reset();
    int status = 1;
    char *inc = NULL, *lib = NULL;
    if (find_runtime(&inc, &lib)) {
        BuildJob job = {.script = o->input, .nvcc = o->nvcc, .arch = o->arch, .include_dir = inc,
                        .verbose = o->verbose, .no_cache = o->no_cache, .device_opt = o->device_opt, .jobs = o->jobs};
        status = cg_cache_fill(&job, (const CgUnit *const *)units.v, units.n);
    }
    if (failed) diag_fatal_noloc("--cache-fill: %d of %d inputs did not compile", failed, o->ninputs);
    free(inc);
    free(lib);
    for (int i = 0; i < progs.n; i++) {
        cg_program_free(progs.v[i]);
        free(progs.v[i]);
    }
    vec_free(&progs);
    vec_free(&units);
    return status || failed ? 1 : 0;
}

static int compile(const Options *o)
{
    verbose = o->verbose;
    diag_set_remarks(o->verbose);
    Arena *arena = ar_new();
    IrModule *m = NULL;
    int status = 1;

    if (output_is_input(o, NULL)) goto done;
    SrcFile *src = NULL;
    AstNode *module = read_and_parse(arena, o->input, &src);
    if (!module) goto done;

    if (o->emit && strcmp(o->emit, "ast") == 0) {
        Emit e;
        if (emit_open(o, &e)) ast_dump(e.f, module);
        status = emit_close(o, &e);
        goto done;
    }

    m = lower_and_optimise(o, arena, src, module);
    if (!m || output_is_input(o, m)) goto done;

    if (o->check_only) {
        status = 0;
        goto done;
    }
    if (o->emit && strcmp(o->emit, "ir") == 0) {
        Emit e;
        if (emit_open(o, &e)) ir_print(e.f, m);
        status = emit_close(o, &e);
        goto done;
    }
    if (o->emit && strcmp(o->emit, "kernels") == 0) {
        Emit e;
        if (emit_open(o, &e)) cg_list_kernels(e.f, m);
        status = emit_close(o, &e);
        goto done;
    }

    stage_begin();
    CgProgram prog;
    cg_program(&prog, m);
    stage_end("codegen");
    if (diag_count()) {
        cg_program_free(&prog);
        goto done;
    }
    if (o->emit && strcmp(o->emit, "cuda") == 0) {
        StrBuf l = {0};
        cg_program_listing(&l, &prog);
        if (o->output)
            status = util_write_file(o->output, l.s ? l.s : "", l.len, false) ? 0 : 1;
        else
            status = fwrite(l.s ? l.s : "", 1, l.len, stdout) == l.len ? 0 : 1; /* reported at exit */
        sb_free(&l);
        cg_program_free(&prog);
        goto done;
    }

    /* the kernels (cache or nvcc), the host code, the link */
    char *out = o->output ? xstrdup(o->output) : default_output(o->input);
    char *inc = NULL, *lib = NULL;
    if (find_runtime(&inc, &lib)) {
        /* the CUDA math libraries the program uses (instrs.def's LIB), linked dynamically */
        const char *libs[IR_OP_COUNT + 8];
        int nlibs = 0;
        for (int op = IR_EWISE_LAST + 1; op < IR_OP_COUNT; op++) {
            const char *l = ir_instr_info((IrOp)op)->lib;
            if (l && module_uses(m, (IrOp)op, -1)) add_lib_list(m->arena, libs, &nlibs, l);
        }
        for (size_t d = 0; d < sizeof dev_libs / sizeof dev_libs[0]; d++)
            if (module_uses(m, IR_DEVICE, dev_libs[d].call))
                for (int k = 0; dev_libs[d].libs[k]; k++) add_lib(libs, &nlibs, dev_libs[d].libs[k]);
        libs[nlibs] = NULL;
        BuildJob job = {.prog = &prog, .script = o->input, .out_path = out, .nvcc = o->nvcc, .arch = o->arch,
                        .include_dir = inc, .lib_dir = lib, .libs = libs, .keep_prefix = o->keep ? out : NULL,
                        .verbose = o->verbose, .no_cache = o->no_cache, .device_opt = o->device_opt, .jobs = o->jobs};
        status = cg_build(&job);
    }
    free(inc);
    free(lib);
    free(out);
    cg_program_free(&prog);
done:
    ir_module_free(m);
    ty_free_all();
    ar_delete(arena);
    if (diag_count()) status = 1;
    return status;
}

int driver_main(int argc, char **argv)
{
    /* A file-size limit (a full quota) makes writes fail with EFBIG, reported like any failed
     * write, instead of killing gpyc; the tools it runs inherit the setting. */
    signal(SIGXFSZ, SIG_IGN);
    util_files_on_signals();
    Options o;
    int rc = parse_options(argc, argv, &o);
    if (rc == 0) rc = o.cache_fill ? cache_fill(&o) : compile(&o);
    free(o.inputs);
    /* what went to stdout (--emit, --dump-after, --list-api, --help) must have got there */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        diag_fatal_noloc("cannot write to standard output: %s", strerror(errno ? errno : EIO));
        return 1;
    }
    return rc == 2 ? 0 : rc;
}
