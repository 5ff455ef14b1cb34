/*
 * exit.c — the end of a program: the device resources released at exit, and the signals that
 * end a program early (SIGINT, SIGTERM).
 *
 * Invariants:
 *   - A file that makes a resource living to the program's end (the loaded kernels, a library
 *     handle and its workspace, a cuFFT plan, the cuRAND generator, an executable CUDA graph)
 *     registers one release with rt_at_exit, when it makes its first such resource.
 *     rt_exit_release runs them once, the latest registered first, then has libgpu give the
 *     pool's memory back and destroy its stream (gpu_shutdown).  rt_finish calls it after the
 *     last synchronisation; rt_raise on the error path, where the arrays that the interrupted
 *     frames held are freed too.  A release may meet a device in an error state (an illegal
 *     address is sticky): it ignores the statuses it gets and never raises.
 *   - From rt_init on, SIGINT and SIGTERM are blocked in every thread (threads inherit the
 *     mask; CUDA's are made later) and taken by one thread of the runtime's own (sigwait): it
 *     flushes stdout and the files open() wrote (every stdio stream, each under its lock),
 *     writes "KeyboardInterrupt" for SIGINT as Python does,
 *     and ends the process with status 128 + the signal (130, 143).  No code runs inside a
 *     signal handler.  Without that thread (it could not be made) the signals keep their
 *     default action.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "internal.h"

enum { MAX_RELEASES = 32 };

static struct {
    void (*fn)(void *);
    void *arg;
} releases[MAX_RELEASES];
static int nreleases;
static bool released;

void rt_at_exit(void (*fn)(void *arg), void *arg)
{
    if (nreleases == MAX_RELEASES)   /* a file registers once: a bug, not a user's error */
        rt_raise("RuntimeError", "gpyc runtime: more than %d releases at exit", MAX_RELEASES);
    releases[nreleases].fn = fn;
    releases[nreleases].arg = arg;
    nreleases++;
}

void rt_exit_release(bool all)
{
    if (released)
        return;
    released = true;
    while (nreleases > 0) {
        nreleases--;
        releases[nreleases].fn(releases[nreleases].arg);
    }
    gpu_shutdown(all);
}

/* The signal thread: waits for SIGINT or SIGTERM, then ends the program as the file's
 * comment says. */
static void *signal_thread(void *arg)
{
    const sigset_t *set = arg;
    int sig = 0;
    while (sigwait(set, &sig) != 0)
        ;
    fflush(NULL);
    if (sig == SIGINT) {
        static const char msg[] = "KeyboardInterrupt\n";
        (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
    }
    _exit(128 + sig);
    return NULL;
}

/* True when sig is ignored (SIG_IGN inherited, as a shell gives background jobs SIGINT): it
 * stays ignored. */
static bool ignored(int sig)
{
    struct sigaction sa;
    return sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN;
}

void rt_signals_init(void)
{
    static sigset_t set;
    static bool done;
    if (done)
        return;
    done = true;
    sigemptyset(&set);
    if (!ignored(SIGINT))
        sigaddset(&set, SIGINT);
    if (!ignored(SIGTERM))
        sigaddset(&set, SIGTERM);
    if (!sigismember(&set, SIGINT) && !sigismember(&set, SIGTERM))
        return;
    sigset_t old;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return;
    pthread_t t;
    if (pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0 &&
        pthread_sigmask(SIG_BLOCK, &set, &old) == 0 &&
        pthread_create(&t, &attr, signal_thread, &set) != 0)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
}
