/*
 * nvcc.c — finding nvcc and running it on the generated .cu file.
 *
 * Invariants: nvcc runs through fork/execv with an argv array, never through a shell, so no
 * path or flag is ever re-parsed; nvcc's own output goes to our stderr untouched; a failure to
 * start nvcc is reported (with the OS's reason) and distinguished from nvcc failing.
 *
 * Default code: sm_80 and sm_90 SASS plus compute_90 PTX, so one binary runs on A100, H100 and
 * newer GPUs (the driver JIT-compiles the PTX there).  The CUDA runtime is linked statically
 * (nvcc's default, --cudart static); the CUDA math libraries a program uses dynamically.
 */
#include "codegen.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* True when path names an executable regular file. */
static bool is_exe(const char *path)
{
    struct stat st;
    return path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* dir + "/" + name as an xmalloc'd string. */
static char *join(const char *dir, size_t n, const char *name)
{
    StrBuf sb = {0};
    sb_putn(&sb, dir, n);
    if (n && dir[n - 1] != '/') sb_putc(&sb, '/');
    sb_puts(&sb, name);
    return sb.s;
}

/* Tries $VAR/bin/nvcc. */
static char *from_env(const char *var)
{
    const char *d = getenv(var);
    if (!d || !*d) return NULL;
    char *p = join(d, strlen(d), "bin/nvcc");
    if (is_exe(p)) return p;
    free(p);
    return NULL;
}

/* The explicit path (--nvcc), else $CUDA_HOME/bin/nvcc, $CUDA_PATH/bin/nvcc, each PATH entry,
 * /usr/local/cuda/bin/nvcc. */
char *cg_find_nvcc(const char *explicit_path)
{
    if (explicit_path) {
        if (is_exe(explicit_path)) return xstrdup(explicit_path);
        diag_fatal_noloc("nvcc not found: %s (given with --nvcc) is not an executable file", explicit_path);
        return NULL;
    }
    char *p;
    if ((p = from_env("CUDA_HOME")) || (p = from_env("CUDA_PATH"))) return p;
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        /* an empty PATH entry means the current directory */
        p = n ? join(path, n, "nvcc") : xstrdup("./nvcc");
        if (is_exe(p)) return p;
        free(p);
        if (!colon) break;
        path = colon + 1;
    }
    if (is_exe("/usr/local/cuda/bin/nvcc")) return xstrdup("/usr/local/cuda/bin/nvcc");
    diag_fatal_noloc("nvcc not found (tried --nvcc, $CUDA_HOME, $CUDA_PATH, PATH, /usr/local/cuda/bin); "
                     "install the CUDA toolkit or pass --nvcc");
    return NULL;
}

/* Appends an argument to the NULL-terminated argv vector. */
static void push(Vec *argv, const char *s) { vec_push(argv, xstrdup(s)); }

static void pushf(Vec *argv, const char *fmt, const char *s)
{
    StrBuf sb = {0};
    sb_printf(&sb, fmt, s);
    vec_push(argv, sb.s);
}

/* Writes s to f quoted for a POSIX shell when it needs quoting (for -v output only). */
static void put_quoted(FILE *f, const char *s)
{
    bool plain = *s != 0;
    for (const char *p = s; *p; p++)
        if (!(strchr("@%+=:,./-_", *p) || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
              (*p >= 'A' && *p <= 'Z')))
            plain = false;
    if (plain) {
        fputs(s, f);
        return;
    }
    fputc('\'', f);
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            fputs("'\\''", f);
        else
            fputc(*p, f);
    }
    fputc('\'', f);
}

/* The arch flags for job->arch (see the file comment for the default). */
static void push_arch(Vec *argv, const char *arch)
{
    if (!arch || !*arch) {
        push(argv, "-gencode");
        push(argv, "arch=compute_80,code=sm_80");
        push(argv, "-gencode");
        push(argv, "arch=compute_90,code=[sm_90,compute_90]");
    } else if (strncmp(arch, "-arch", 5) == 0) {
        push(argv, arch);
    } else {
        pushf(argv, "-arch=%s", arch);   /* sm_XX, native, all, all-major */
    }
}

/* Runs `nvcc -O3 -std=c++17 <arch> -I<inc> -o <out> <cu> -L<lib> -lgpyrt <libs> -ldl -lrt
 * -lpthread -lm` (or `-c -o <out.o> <cu>`), waits, returns its exit status. */
int cg_run_nvcc(const NvccJob *job)
{
    char *nvcc = cg_find_nvcc(job->nvcc);
    if (!nvcc) return 1;
    Vec argv = {0};
    push(&argv, nvcc);
    push(&argv, "-O3");
    push(&argv, "-std=c++17");
    push_arch(&argv, job->arch);
    if (job->include_dir) pushf(&argv, "-I%s", job->include_dir);
    if (job->compile_only) push(&argv, "-c");
    push(&argv, "-o");
    push(&argv, job->out_path);
    push(&argv, job->cu_path);
    if (!job->compile_only) {
        if (job->lib_dir) pushf(&argv, "-L%s", job->lib_dir);
        push(&argv, "-lgpyrt");
        for (const char *const *l = job->libs; l && *l; l++) pushf(&argv, "-l%s", *l);
        push(&argv, "-ldl");
        push(&argv, "-lrt");
        push(&argv, "-lpthread");
        push(&argv, "-lm");
    }
    vec_push(&argv, NULL);

    if (job->verbose) {
        for (int i = 0; argv.v[i]; i++) {
            if (i) fputc(' ', stderr);
            put_quoted(stderr, argv.v[i]);
        }
        fputc('\n', stderr);
    }
    fflush(stdout);
    fflush(stderr);

    /* A close-on-exec pipe tells the parent whether execv failed (and why). */
    int status = 1;
    int fds[2];
    if (pipe(fds) != 0) {
        diag_fatal_noloc("cannot run %s: %s", nvcc, strerror(errno));
        goto done;
    }
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        diag_fatal_noloc("cannot run %s: %s", nvcc, strerror(errno));
        close(fds[0]);
        close(fds[1]);
        goto done;
    }
    if (pid == 0) {
        close(fds[0]);
        execv(nvcc, (char *const *)argv.v);
        int e = errno;
        ssize_t w = write(fds[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(fds[1]);
    int err = 0;
    ssize_t n;
    do
        n = read(fds[0], &err, sizeof err);
    while (n < 0 && errno == EINTR);
    close(fds[0]);
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR) {
            diag_fatal_noloc("cannot wait for %s: %s", nvcc, strerror(errno));
            goto done;
        }
    if (n == (ssize_t)sizeof err) {
        diag_fatal_noloc("cannot run %s: %s", nvcc, strerror(err));
        status = 1;
    } else if (WIFEXITED(ws)) {
        status = WEXITSTATUS(ws);
    } else if (WIFSIGNALED(ws)) {
        diag_fatal_noloc("%s was killed by signal %d", nvcc, WTERMSIG(ws));
        status = 1;
    }
done:
    for (int i = 0; i < argv.n; i++) free(argv.v[i]);
    vec_free(&argv);
    free(nvcc);
    return status;
}
