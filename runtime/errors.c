/*
 * errors.c — Python-style run-time errors: the frame stack behind tracebacks, rt_raise,
 * program start and finish, and the check generated code calls after each launch.
 *
 * Invariants: `top` is the innermost active frame; following ->prev leads to the outermost.
 * The runtime owns a "<module>" frame that is the bottom of the stack from rt_init on; when
 * generated code enters its own "<module>" frame while only the runtime's is on the stack, the
 * generated one replaces it (so either convention prints one module line).  rt_raise flushes
 * stdout before writing to stderr, so output and traceback appear in program order; both
 * rt_finish and rt_raise release the program's device resources last (exit.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static gp_frame module_frame = {"<module>", 0, NULL, NULL};
static gp_frame *top;
static const char *script = "script.py";
static int saved_argc;
static char **saved_argv;
static rt_raise_hook_fn raise_hook;
static char stdout_buf[1 << 16];
/* The stack at the last launch of one of the program's kernels (rt_note_launch), innermost
 * first: copies, since the frames themselves may be gone when a fault in that kernel shows. */
enum { LAUNCH_FRAMES = 32 };
static gp_frame launch_frames[LAUNCH_FRAMES];
static int nlaunch_frames;

const char *rt_script_name(void)
{
    return script;
}

int rt_saved_argc(void)
{
    return saved_argc;
}

char **rt_saved_argv(void)
{
    return saved_argv;
}

void rt_set_raise_hook(rt_raise_hook_fn hook)
{
    raise_hook = hook;
}

/* libgpu's failures (CUDA errors, out of memory) arrive here and become tracebacks. */
static void gpu_hook(const char *exc, const char *msg)
{
    rt_raise(exc, "%s", msg);
}

/* Program start: argv, the script name, the GPU error hook, a block-buffered stdout and the
 * signal thread (exit.c). */
void rt_init(int argc, char **argv, const char *script_name)
{
    saved_argc = argc;
    saved_argv = argv;
    if (script_name && *script_name)
        script = script_name;
    module_frame.line = 0;
    module_frame.prev = NULL;
    top = &module_frame;
    gpu_set_error_hook(gpu_hook);
    /* Python line-buffers a terminal and block-buffers pipes and files; so do we. */
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, stdout_buf, _IOFBF, sizeof stdout_buf);
    rt_signals_init();
}

/* Program end: late asynchronous errors surface here as tracebacks.  With GPYRT_STATS=1 in
 * the environment, one line on stderr counts the device allocations that reached the driver
 * (tests/run.sh's alloc suite: a steady-state loop adds none), and a second line counts the
 * loops captured as CUDA graphs (graph.c), and a third the allocations that took back a block
 * gpu_free had kept (libgpu/pool.c), and a fourth the allocations still live (arrays no
 * reference was released for: 0 once main has released the module's variables).  Then the
 * program's device resources are released (exit.c); all: every allocation still live too. */
static void finish(bool all)
{
    if (gpu_is_initialised()) {
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGetLastError());
        rt_reduce_raise_flagged();
    }
    fflush(stdout);
    const char *stats = getenv("GPYRT_STATS");
    if (stats && strcmp(stats, "1") == 0) {
        uint64_t cap, launch, fall, reuse;
        rt_graph_stats(&cap, &launch, &fall, &reuse);
        fprintf(stderr, "gpyrt: driver allocations: %llu\n", (unsigned long long)gpu_alloc_calls());
        fprintf(stderr, "gpyrt: graphs: %llu captured, %llu launches, %llu thrown away, %llu reused\n",
                (unsigned long long)cap, (unsigned long long)launch, (unsigned long long)fall,
                (unsigned long long)reuse);
        fprintf(stderr, "gpyrt: kept blocks reused: %llu\n", (unsigned long long)gpu_cache_hits());
        fprintf(stderr, "gpyrt: live allocations at exit: %llu\n",
                (unsigned long long)gpu_live_allocations());
    }
    rt_exit_release(all);
}

int rt_finish(void)
{
    finish(false);
    return 0;
}

/* sys.exit(), argparse's usage error and --help: the program's end from inside it, as
 * rt_finish ends it, except that every allocation still live is freed too: the arrays that the
 * frames left by the exit and the module's variables hold (Python's SystemExit unwinds those
 * frames; main()'s releases never run).  msg (sys.exit's str) goes to stderr after stdout is
 * flushed. */
void rt_sys_exit(int status, const char *msg)
{
    finish(true);
    if (msg)
        fprintf(stderr, "%s\n", msg);
    exit(status);
}

void rt_frame_enter(gp_frame *f)
{
    if (top == &module_frame && module_frame.prev == NULL && f->func &&
        strcmp(f->func, "<module>") == 0) {
        f->prev = NULL;   /* generated code brings its own module frame */
    } else {
        f->prev = top;
    }
    top = f;
}

void rt_frame_leave(gp_frame *f)
{
    if (top == f)
        top = f->prev ? f->prev : (f == &module_frame ? NULL : &module_frame);
}

void rt_note_launch(void)
{
    int n = 0;
    for (const gp_frame *f = top; f && n < LAUNCH_FRAMES; f = f->prev)
        launch_frames[n++] = *f;
    nlaunch_frames = n;
}

/* True for the statuses of a kernel that faulted (sticky: every later call returns them). */
static bool is_fault(cudaError_t e)
{
    switch (e) {
    case cudaErrorIllegalAddress: case cudaErrorLaunchTimeout: case cudaErrorAssert:
    case cudaErrorHardwareStackError: case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress: case cudaErrorInvalidAddressSpace: case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
        return true;
    default:
        return false;
    }
}

/* True when the error being raised is a kernel's fault: the device is in a sticky error state
 * and one of the program's kernels was launched. */
static bool kernel_fault(void)
{
    return nlaunch_frames > 0 && gpu_is_initialised() &&
           (is_fault(cudaPeekAtLastError()) || is_fault(cudaStreamQuery(gpu_stream())));
}

static void print_frame(const gp_frame *f)
{
    fprintf(stderr, "  File \"%s\", line %d, in %s\n", f->file ? f->file : script, f->line,
            f->func ? f->func : "?");
}

/* Prints frames outermost first. */
static void print_frames(const gp_frame *f, int depth)
{
    if (!f)
        return;
    if (depth < 100000)
        print_frames(f->prev, depth + 1);
    print_frame(f);
}

/* The traceback, then "EXC: message" (just "EXC" for an empty message), exit status 1 after
 * the device resources are released (every live allocation included).  A kernel's fault
 * (an illegal address, seen at a later synchronisation) is traced to the last launch of the
 * program's kernels instead of the line that saw it: the kernel at fault was launched there
 * or, without CUDA_LAUNCH_BLOCKING=1, earlier since the last synchronisation. */
void rt_raise(const char *exc, const char *fmt, ...)
{
    rt_graph_abort();   /* an error inside a captured loop body reads as it would uncaptured */
    char small[512];
    char *msg = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small) {
        char *big = malloc((size_t)n + 1);
        if (big) {
            va_start(ap, fmt);
            vsnprintf(big, (size_t)n + 1, fmt, ap);
            va_end(ap);
            msg = big;
        }
    }
    if (raise_hook)
        raise_hook(exc, msg);
    fflush(stdout);
    fputs("Traceback (most recent call last):\n", stderr);
    if (kernel_fault())
        for (int i = nlaunch_frames - 1; i >= 0; i--)
            print_frame(&launch_frames[i]);
    else
        print_frames(top, 0);
    if (*msg)
        fprintf(stderr, "%s: %s\n", exc, msg);
    else
        fprintf(stderr, "%s\n", exc);
    fflush(stderr);
    rt_exit_release(true);
    exit(1);
}

/* After a launch: "RuntimeError: cudaErrorInvalidConfiguration: invalid configuration ...". */
void rt_check_launch(void)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        rt_raise("RuntimeError", "%s: %s", cudaGetErrorName(e), cudaGetErrorString(e));
}

static void *checked(void *p, size_t n)
{
    if (!p && n)
        rt_raise("MemoryError", "%s", "");
    return p;
}

void *rt_xmalloc(size_t n)
{
    return checked(malloc(n ? n : 1), 1);
}

void *rt_xcalloc(size_t n, size_t size)
{
    return checked(calloc(n ? n : 1, size ? size : 1), 1);
}

void *rt_xrealloc(void *p, size_t n)
{
    return checked(realloc(p, n ? n : 1), 1);
}
