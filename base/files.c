/*
 * files.c — every file gpyc writes (the executable, --emit and --keep files, the build's
 * temporary files) goes through here: written to a temporary file in the destination's folder
 * and renamed over it once complete, so a failed or interrupted compile leaves no partial file
 * and an older file intact.  Every write, close and rename is checked; a failure is reported
 * once, "gpyc: error: cannot write PATH: reason".
 *
 * Invariants:
 *  - The destination is only ever replaced by rename(2).  The exception is an existing file
 *    that is not a regular file (/dev/null, /dev/full, a fifo): it is written in place, since
 *    renaming over it would replace the device; its content then comes from a temporary file
 *    in $TMPDIR.  A directory is refused.
 *  - The temporary file of the output being written is removed by SIGINT, SIGTERM and SIGHUP
 *    (util_files_on_signals), then the signal takes its default course.
 */
#include "base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary file being written, for the signal handler. */
static char pending[PATH_MAX];
static volatile sig_atomic_t have_pending;

static void set_pending(const char *tmp)
{
    have_pending = 0;
    if (tmp && strlen(tmp) < sizeof pending) {
        strcpy(pending, tmp);
        have_pending = 1;
    }
}

static void on_signal(int sig)
{
    if (have_pending) unlink(pending);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Removes the pending temporary file when gpyc is interrupted. */
void util_files_on_signals(void)
{
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
}

static bool write_failed(const char *path, const char *why)
{
    diag_fatal_noloc("cannot write %s: %s", path, why);
    return false;
}

/* Writes all n bytes to fd (short writes and EINTR retried); errno set on failure. */
static bool write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* Starts an output: the temporary file o->tmp (open as o->fd, with the mode a new file gets
 * from the umask: 0666, or 0777 when executable).  false after reporting. */
bool util_out_open(UtilOut *o, const char *path, bool executable)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->path = xstrdup(path);
    struct stat st;
    StrBuf t = {0};
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        free(o->path);
        return write_failed(path, "it is a directory");
    }
    o->direct = exists && !S_ISREG(st.st_mode);
    if (o->direct) {
        const char *tdir = getenv("TMPDIR");
        sb_printf(&t, "%s/gpyc-out-XXXXXX", tdir && *tdir ? tdir : "/tmp");
    } else {
        char *real = realpath(path, NULL); /* a symbolic link: replace its target, not the link */
        o->target = real ? real : xstrdup(path);
        sb_printf(&t, "%s.gpyc-tmp-XXXXXX", o->target);
    }
    o->tmp = t.s;
    o->fd = mkstemp(o->tmp);
    if (o->fd < 0) {
        write_failed(path, strerror(errno));
        o->tmp[0] = '\0'; /* nothing was made */
        util_out_abort(o);
        return false;
    }
    set_pending(o->tmp);
    mode_t mask = umask(0);
    umask(mask);
    fchmod(o->fd, (executable ? 0777 : 0666) & ~mask);
    return true;
}

/* Appends n bytes to an open output; false (and the output abandoned) after reporting. */
bool util_out_write(UtilOut *o, const void *data, size_t n)
{
    if (write_all(o->fd, data, n)) return true;
    write_failed(o->path, strerror(errno));
    util_out_abort(o);
    return false;
}

/* Copies the file src into the existing non-regular file dst (a device, a fifo). */
static bool copy_into(const char *src, const char *dst)
{
    int in = open(src, O_RDONLY), out = in < 0 ? -1 : open(dst, O_WRONLY | O_TRUNC | O_NOCTTY);
    bool ok = in >= 0 && out >= 0;
    char buf[65536];
    while (ok) {
        ssize_t k = read(in, buf, sizeof buf);
        if (k == 0) break;
        ok = k > 0 ? write_all(out, buf, (size_t)k) : errno == EINTR;
    }
    int e = errno;
    if (out >= 0 && close(out) != 0 && ok) ok = false, e = errno;
    if (in >= 0) close(in);
    errno = e;
    return ok;
}

/* Finishes an output: the temporary file closed and renamed over the destination (or copied
 * into it, for a device).  false after reporting; the temporary file is gone either way. */
bool util_out_commit(UtilOut *o)
{
    bool ok = close(o->fd) == 0;
    o->fd = -1;
    if (ok) ok = o->direct ? copy_into(o->tmp, o->path) : rename(o->tmp, o->target) == 0;
    if (!ok) write_failed(o->path, strerror(errno));
    if (ok && !o->direct) o->tmp[0] = '\0'; /* renamed: nothing left to remove */
    util_out_abort(o);
    return ok;
}

/* Abandons an output: the temporary file removed, the destination untouched. */
void util_out_abort(UtilOut *o)
{
    if (o->fd >= 0) close(o->fd);
    if (o->tmp && o->tmp[0]) unlink(o->tmp);
    set_pending(NULL);
    free(o->path);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    o->fd = -1;
}

/* Writes n bytes to path through a temporary file; false after reporting. */
bool util_write_file(const char *path, const void *data, size_t n, bool executable)
{
    UtilOut o;
    return util_out_open(&o, path, executable) && util_out_write(&o, data, n) && util_out_commit(&o);
}
