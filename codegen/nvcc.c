/*
 * nvcc.c — finding nvcc, and running the tools a build needs (nvcc, the host C++ compiler).
 *
 * Invariants: tools run through fork/execv with an argv array, never through a shell, so no
 * path or flag is ever re-parsed; their own output goes to our stderr untouched; a failure to
 * start a tool is reported (with the OS's reason) and distinguished from the tool failing.
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

char *cg_which(const char *name)
{
    if (strchr(name, '/')) return is_exe(name) ? xstrdup(name) : NULL;
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        /* an empty PATH entry means the current directory */
        char *p = n ? join(path, n, name) : join(".", 1, name);
        if (is_exe(p)) return p;
        free(p);
        if (!colon) break;
        path = colon + 1;
    }
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
    if ((p = from_env("CUDA_HOME")) || (p = from_env("CUDA_PATH")) || (p = cg_which("nvcc"))) return p;
    if (is_exe("/usr/local/cuda/bin/nvcc")) return xstrdup("/usr/local/cuda/bin/nvcc");
    diag_fatal_noloc("nvcc not found (tried --nvcc, $CUDA_HOME, $CUDA_PATH, PATH, /usr/local/cuda/bin); "
                     "install the CUDA toolkit or pass --nvcc");
    return NULL;
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

pid_t cg_spawn(char *const *argv, bool verbose)
{
    if (verbose) {
        for (int i = 0; argv[i]; i++) {
            if (i) fputc(' ', stderr);
            put_quoted(stderr, argv[i]);
        }
        fputc('\n', stderr);
    }
    fflush(stdout);
    fflush(stderr);

    /* A close-on-exec pipe tells the parent whether execv failed (and why). */
    int fds[2];
    if (pipe(fds) != 0) {
        diag_fatal_noloc("cannot run %s: %s", argv[0], strerror(errno));
        return -1;
    }
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        diag_fatal_noloc("cannot run %s: %s", argv[0], strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        execv(argv[0], argv);
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
    if (n == (ssize_t)sizeof err) {
        int ws;
        while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
        diag_fatal_noloc("cannot run %s: %s", argv[0], strerror(err));
        return -1;
    }
    return pid;
}

/* What a wait status ws of `what` says: its exit status, or 1 (reported) when a signal ended it. */
static int exit_status(int ws, const char *what)
{
    if (WIFEXITED(ws)) return WEXITSTATUS(ws);
    if (WIFSIGNALED(ws)) diag_fatal_noloc("%s was killed by signal %d", what, WTERMSIG(ws));
    return 1;
}

int cg_wait(pid_t pid, const char *what)
{
    if (pid < 0) return 1;
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR) {
            diag_fatal_noloc("cannot wait for %s: %s", what, strerror(errno));
            return 1;
        }
    return exit_status(ws, what);
}

int cg_wait_any(const pid_t *pids, int n, int *which, const char *what)
{
    for (;;) {
        int ws;
        pid_t pid = waitpid(-1, &ws, 0);
        if (pid < 0) {
            if (errno == EINTR) continue;
            diag_fatal_noloc("cannot wait for %s: %s", what, strerror(errno));
            *which = -1;
            return 1;
        }
        for (int i = 0; i < n; i++)
            if (pids[i] == pid) {
                *which = i;
                return exit_status(ws, what);
            }
    }
}

int cg_run(char *const *argv, bool verbose)
{
    return cg_wait(cg_spawn(argv, verbose), argv[0]);
}
