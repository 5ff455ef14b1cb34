/*
 * nvrtc.c — the symbols of a RawModule's name_expressions (templated kernels), found at compile
 * time the way CuPy finds them at run time: NVRTC compiles the module's source with each
 * expression added (nvrtcAddNameExpression) and gives its lowered, mangled name
 * (nvrtcGetLoweredName).  nvcc's compile of the same source, to which add_raw_unit (host.c)
 * appends a host function taking each expression's address so that the templates are
 * instantiated, gives its kernels the same names (one front end, one C++ ABI).
 *
 * NVRTC is the toolkit's libnvrtc, loaded with dlopen from the toolkit nvcc belongs to
 * ($CUDA_HOME, $CUDA_PATH, PATH, /usr/local/cuda: cg_find_nvcc's order), else from the
 * loader's path; gpyc needs it only for programs that give name_expressions.  Programs never
 * call NVRTC.
 */
#include "codegen/codegen.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef int (*NvCreate)(void **prog, const char *src, const char *name, int nh, const char *const *h,
                        const char *const *hn);
typedef int (*NvAddName)(void *prog, const char *expr);
typedef int (*NvCompile)(void *prog, int nopt, const char *const *opts);
typedef int (*NvLowered)(void *prog, const char *expr, const char **lowered);
typedef int (*NvLogSize)(void *prog, size_t *n);
typedef int (*NvLog)(void *prog, char *log);
typedef int (*NvDestroy)(void **prog);

/* libnvrtc: beside nvcc's toolkit (dir: the toolkit's root), else the loader's search. */
static void *open_nvrtc(const char *root)
{
    static const char *const names[] = { "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12" };
    static const char *const dirs[] = { "lib64", "lib", "targets/x86_64-linux/lib" };
    for (size_t d = 0; root && d < sizeof dirs / sizeof *dirs; d++)
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
            StrBuf p = { 0 };
            sb_printf(&p, "%s/%s/%s", root, dirs[d], names[i]);
            void *h = dlopen(p.s, RTLD_NOW | RTLD_LOCAL);
            sb_free(&p);
            if (h) return h;
        }
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (h) return h;
    }
    return NULL;
}

/* The toolkit root of the nvcc cg_find_nvcc finds (its bin/'s parent), xmalloc'd, or NULL. */
static char *toolkit_root(void)
{
    char *nvcc = cg_find_nvcc(NULL);
    if (!nvcc) return NULL;
    for (int k = 0; k < 2; k++) {
        char *slash = strrchr(nvcc, '/');
        if (!slash) {
            free(nvcc);
            return NULL;
        }
        *slash = 0;
    }
    return nvcc;
}

/* The first error line of an NVRTC log (its text after "error: "), xmalloc'd. */
static char *first_error(const char *log)
{
    const char *e = strstr(log, "error");
    const char *s = e ? e : log;
    size_t n = strcspn(s, "\n");
    StrBuf sb = { 0 };
    sb_putn(&sb, s, n);
    return sb.s ? sb.s : xstrdup("");
}

static bool nvrtc_off;

void cg_nvrtc_disable(void) { nvrtc_off = true; }

bool cg_lowered_names(const char *code, const char *const *exprs, int n, char **out, Span sp)
{
    char *root = nvrtc_off ? NULL : toolkit_root();
    void *h = nvrtc_off ? NULL : open_nvrtc(root);
    if (!h) {
        diag_error(sp, "name_expressions need NVRTC at compile time (libnvrtc of the CUDA toolkit), which is not found");
        free(root);
        return false;
    }
    NvCreate create = (NvCreate)dlsym(h, "nvrtcCreateProgram");
    NvAddName add = (NvAddName)dlsym(h, "nvrtcAddNameExpression");
    NvCompile compile = (NvCompile)dlsym(h, "nvrtcCompileProgram");
    NvLowered lowered = (NvLowered)dlsym(h, "nvrtcGetLoweredName");
    NvLogSize logsize = (NvLogSize)dlsym(h, "nvrtcGetProgramLogSize");
    NvLog getlog = (NvLog)dlsym(h, "nvrtcGetProgramLog");
    NvDestroy destroy = (NvDestroy)dlsym(h, "nvrtcDestroyProgram");
    bool ok = false;
    void *prog = NULL;
    if (!create || !add || !compile || !lowered || !logsize || !getlog || !destroy) {
        diag_error(sp, "name_expressions need NVRTC at compile time; the libnvrtc found lacks its functions");
        goto done;
    }
    if (create(&prog, code, "module.cu", 0, NULL, NULL) != 0) {
        diag_error(sp, "name_expressions: NVRTC could not take the module's source");
        goto done;
    }
    for (int i = 0; i < n; i++) add(prog, exprs[i]);
    StrBuf inc = { 0 };
    sb_printf(&inc, "--include-path=%s/include", root ? root : "/usr/local/cuda");
    const char *opts[] = { "-std=c++17", inc.s };
    int rc = compile(prog, 2, opts);
    sb_free(&inc);
    if (rc != 0) {
        size_t len = 0;
        char *log = NULL;
        if (logsize(prog, &len) == 0 && len) {
            log = xmalloc(len + 1);
            if (getlog(prog, log) != 0) log[0] = 0;
            log[len] = 0;
        }
        char *first = first_error(log ? log : "");
        diag_error(sp, "name_expressions: NVRTC cannot compile the module to find its kernels' names: %s", first);
        free(first);
        free(log);
        goto done;
    }
    ok = true;
    for (int i = 0; i < n; i++) {
        const char *l = NULL;
        out[i] = lowered(prog, exprs[i], &l) == 0 && l ? xstrdup(l) : NULL;
        if (!out[i]) {
            diag_error(sp, "name expression '%s' names no kernel of the module", exprs[i]);
            ok = false;
        }
    }
done:
    if (prog) destroy(&prog);
    dlclose(h);
    free(root);
    return ok;
}
