/*
 * codegen.h — IR → a program (a host file for the host C++ compiler and the device units) →
 * an executable (kernel cache, nvcc, the host compiler, the link).
 *
 * Codegen knows nothing of tree-sitter: it reads the IR (compiler/compiler.h) and writes code
 * that includes only the runtime's public headers (gpyrt.h, gpyrt_device.cuh).
 *
 * Sections, one per part, in pipeline order: kernels/ (one __global__ per KernelGroup and its
 * launch, one file per kernel family: ewise.c, reduce.c, rows.c, siblings.c, bundles.c;
 * kernels/kernels.h holds what they share) · units.c (device units: canonical text, hash
 * names, host launchers) · host/ (the host file: functions, control flow, main; host/host.h
 * holds what its files share) · nvcc.c (finding nvcc, running tools) · cache.c (the
 * content-addressed cache of compiled files, by key) · build.c (units and host file to an
 * executable)
 */
#ifndef GPYC_CODEGEN_H
#define GPYC_CODEGEN_H

#include "compiler/compiler.h"

#include <sys/types.h>

/* ---------------------------------------------------------------- kernels/
 * Writes the kernel of group g (the __global__ function) and returns nothing; the launch is
 * written by cg_kernel_launch at the group's last instruction.                            */
void cg_kernel_def(StrBuf *out, const IrModule *m, const KernelGroup *g);
/* Writes the host statements that size the output(s), launch g and check the launch.
 * `name_of(v)` gives the C expression of a value (host code).
 * Contract with host/: the statements form one { } block (locals prefixed kg_); each output
 * array defined in g is ASSIGNED `name_of(v) = rt_empty(...)` (a new reference, declared by
 * the caller); inputs are borrowed; host scalars are read by value with their host C types
 * (bool, int64_t, double, gp_c128); STORE_INTO sources that may overlap the destination are
 * copied first and released after the launch.  Errors (broadcast, empty max) go through
 * rt_raise at the current frame line.                                                      */
typedef const char *(*CgValueName)(const IrValue *v, void *ctx);
void cg_kernel_launch(StrBuf *out, const IrModule *m, const KernelGroup *g, CgValueName name_of,
                      void *ctx, int indent);
/* One line per kernel: "k3_add  script.py:12-14" (for --emit=kernels), then one per loop
 * captured as a CUDA graph: "graph  script.py:5  (the loop of line 5, captured once and
 * replayed: k5_add k8_mul)". */
void cg_list_kernels(FILE *out, const IrModule *m);
/* A row chain (compiler/passes/rowfuse.c): its kernel, and its launch (the chain kernel, or the
 * members' own kernels when the rows are few), written at chain->last. */
void cg_rows_def(StrBuf *out, const IrModule *m, const RowChain *c);
void cg_rows_launch(StrBuf *out, const IrModule *m, const RowChain *c, CgValueName name_of, void *ctx, int indent);

/* Sibling reductions (compiler/passes/siblings.c): a set's kernels, and its launch at
 * set->last: one kernel over the common rows and a small one that combines the blocks, or the
 * members' own kernels when the shapes do not allow it. */
void cg_sibling_def(StrBuf *out, const IrModule *m, const Siblings *s);
void cg_siblings_launch(StrBuf *out, const IrModule *m, const Siblings *s, CgValueName name_of, void *ctx,
                        int indent);

/* A store fused into a reduction (compiler/passes/storered.c): its kernels (the reduction's
 * modes with the store's instructions in them), and its launch at sr->last: that kernel, or
 * the store's and the reduction's own kernels when the shapes or the memory do not allow it. */
void cg_storered_def(StrBuf *out, const StoreRed *sr);
void cg_storered_launch(StrBuf *out, const IrModule *m, const StoreRed *sr, CgValueName name_of, void *ctx,
                        int indent);

/* Device loops (compiler/passes/devloop.c): the single-thread kernel of loop d, and the host
 * statements in the loop's place (one { } block): launch, one read back of the error code and
 * the variables' values, the error raised, the variables assigned.  var_of(v) gives the C
 * expression of variable v (host code). */
typedef const char *(*CgVarName)(const IrVar *v, void *ctx);
void cg_devloop_def(StrBuf *out, const IrModule *m, const DevLoop *d);
void cg_devloop_launch(StrBuf *out, const IrModule *m, const DevLoop *d, CgValueName name_of, CgVarName var_of,
                       void *ctx, int indent);

/* Horizontal bundles (compiler/passes/hfuse.c): a bundle's device code (its members' bodies,
 * device functions written by cg_kernel_def, its argument structs and its kernel); the
 * argument structs alone (the host fills them); the host state a bundle keeps in the
 * function that launches it (declared with its values); member k's host code at its own
 * launch point, filling its slot, and after the last member's, the bundle's launch. */
void cg_bundle_def(StrBuf *out, const IrModule *m, const Bundle *bd);
void cg_bundle_structs(StrBuf *out, const Bundle *bd);
void cg_bundle_decls(StrBuf *out, const Bundle *bd, int indent);
void cg_bundle_member(StrBuf *out, const IrModule *m, const Bundle *bd, int k, CgValueName name_of, void *ctx,
                      int indent);

/* ---------------------------------------------------------------- units.c
 * A unit: the device code of one launchable entity, canonicalised and named by its hash (see
 * units.c).  Its kernels: name as host code calls it (K_<name>, L_<name>), symbol in the
 * device code, parameter list (host-compilable C++).                                       */
typedef struct CgKernel {
    char *name;        /* "k3_add", "k1_sum_cv" */
    char *symbol;      /* "gk0123456789abcdef_0", "gk..._0_cv" */
    char *params;      /* "gp_shape s, int mode, gp_kin a0, int64_t v1" */
} CgKernel;
typedef struct CgUnit {
    char hash[17];     /* 16 hex digits of the SHA-256 of the canonical text */
    char *text;        /* the final device code (extern "C" kernels named gk<hash>_...) */
    size_t len;
    Vec kernels;       /* CgKernel*, in text order */
    bool user;         /* a user's CUDA source (cg_unit_new_raw): its macros and #line must not
                          reach gpyc's units, so a batch writes it after them */
} CgUnit;
/* The unit of raw device text whose own names are bases[0..nbases). */
CgUnit *cg_unit_new(const char *raw, size_t len, const char *const *bases, int nbases);
/* The unit of a user's CUDA source, its text as given (no canonical form: its names are the
 * user's), whose kernels are symbols[0..n) (extern "C"), called names[0..n) by host code. */
CgUnit *cg_unit_new_raw(const char *text, size_t len, const char *const *names, const char *const *symbols,
                        int n);
void cg_unit_free(CgUnit *u);
/* The host side of u's kernels: `static gp_kernel K_<name>` and a typed launcher
 * `L_<name>(gx, gy, block, smem, <the kernel's parameters>)` each. */
void cg_unit_host_decls(StrBuf *out, const CgUnit *u);

/* ---------------------------------------------------------------- host/
 * A program: the host translation unit (C++ for the host compiler alone: includes, tuple
 * structs, kernel handles and launchers, functions, main()) and the device units.  The host
 * text declares `gpyk_fatbins` and `gpyk_nfatbins`, which the driver defines after it (the
 * fatbins embedded with .incbin).                                                          */
typedef struct CgProgram {
    StrBuf host;
    Vec units;         /* CgUnit*, one per distinct hash */
} CgProgram;
void cg_program(CgProgram *p, const IrModule *m);
void cg_program_free(CgProgram *p);
/* --emit=cuda: the device file (the runtime header, then every unit) and the host file. */
void cg_program_listing(StrBuf *out, const CgProgram *p);

/* ---------------------------------------------------------------- nvcc.c */
/* The executable `name` names: itself when it holds a '/', else the first PATH entry holding
 * it (an empty entry: the current folder); xmalloc'd, or NULL. */
char *cg_which(const char *name);
/* Finds nvcc; returns an xmalloc'd path or NULL (and a diagnostic naming what was tried). */
char *cg_find_nvcc(const char *explicit_path);
/* Starts argv[0] (a path) with argv (NULL-terminated), printing the command first when
 * verbose; returns its pid, or -1 after a diagnostic when it cannot be started. */
pid_t cg_spawn(char *const *argv, bool verbose);
/* Waits for pid; returns its exit status (1, with a diagnostic, when it was killed). */
int cg_wait(pid_t pid, const char *what);
/* Waits for the first of the children pids[0..n) to end: its index into *which (-1 when waiting
 * failed, reported) and its status as cg_wait gives it.  Other children ending meanwhile are
 * reaped without a word: call it only where pids are all the children that run. */
int cg_wait_any(const pid_t *pids, int n, int *which, const char *what);
/* cg_spawn + cg_wait. */
int cg_run(char *const *argv, bool verbose);

/* ---------------------------------------------------------------- nvrtc.c */
/* The lowered (mangled) names of a RawModule's name expressions exprs[0..n) in its CUDA source
 * code, xmalloc'd into out (NVRTC at compile time); false after an error located at sp. */
bool cg_lowered_names(const char *code, const char *const *exprs, int n, char **out, Span sp);
/* From now on this process does not load NVRTC: name_expressions are the "not found" error.
 * The fuzzing harness's choice (NVRTC is a second's load and leaks libstdc++'s pool). */
void cg_nvrtc_disable(void);

/* ---------------------------------------------------------------- cache.c
 * A content-addressed store of opaque files (compiled kernels), shared by every gpyc process
 * of a user: keys are 64 lowercase hex digits (a SHA-256 the caller computes); an entry is the
 * stored file, verified on every read.  Every kc_* function accepts NULL (the cache disabled,
 * as kc_open returns when it cannot be used): kc_get misses, kc_put stores nothing.  The folder
 * is $GPYC_CACHE_DIR, else $XDG_CACHE_HOME/gpyc, else $HOME/.cache/gpyc; its size cap is
 * $GPYC_CACHE_SIZE (bytes, optional K/M/G suffix; default 2G).  docs/cli.md, "Kernel cache". */
typedef struct KCache KCache;
/* Opens (creating it, mode 0700, parents as needed) the cache folder.  NULL after one warning
 * on stderr ("gpyc: warning: kernel cache disabled: cannot create DIR: REASON") when it
 * cannot be created or written; the compile goes on without a cache.  verbose: kc_get notes
 * corrupt entries on stderr.  kc_close writes this process's counters to the folder's stats. */
KCache *kc_open(bool verbose);
void kc_close(KCache *c);
const char *kc_dir(const KCache *c);
/* On a hit writes the entry's verified payload to dest_path (created or truncated), marks the
 * entry as used now (LRU) and returns true.  A missing, truncated or corrupt entry (bad magic,
 * length or SHA-256) is a miss: a damaged one is deleted (noted on stderr when verbose).  On
 * a miss dest_path is left as it was, or removed if a copy had begun.  An I/O error is a
 * miss, never a wrong payload. */
bool kc_get(KCache *c, const char *key, const char *dest_path);
/* The SHA-256 (hex) its header gives for key's payload, without reading or verifying the
 * payload: true when the entry exists and has a header.  Entries with the same id hold the
 * same bytes (units compiled in one batch share one file), so a caller fetches one of them
 * with kc_get (which verifies it) and uses that copy for all. */
bool kc_payload_id(const KCache *c, const char *key, char id[65]);
/* Stores the bytes of src_path as the entry of each of keys[0..nkeys): one file, hard-linked
 * under every key's name, each appearing atomically (rename) and replacing any entry there.
 * False (after a warning, once per process) when anything failed; the keys already placed
 * are complete entries, and no partial entry is ever visible under a key's name. */
bool kc_put(KCache *c, const char *const *keys, int nkeys, const char *src_path);
/* After puts: evicts the least recently used entries until the folder's distinct bytes are
 * within the cap, and removes temporary files left over 10 minutes by killed processes.
 * Nothing to do (no file system access) when this process stored nothing since the last trim;
 * otherwise the folder is only scanned when the size estimate in its stats file goes over
 * the cap. */
void kc_trim(KCache *c);
/* gpyc --cache-stats: the folder, keys, files, distinct bytes, cap, and the hits, misses and
 * stores of every process so far. */
void kc_print_stats(KCache *c, FILE *out);
/* gpyc --cache-clear: removes every entry and temporary file; 0, or 1 after an error message. */
int kc_clear(KCache *c);
/* This process's counters (for -v). */
int kc_hits(const KCache *c);
int kc_misses(const KCache *c);

/* ---------------------------------------------------------------- build.c
 * From a program to an executable: the device units from the kernel cache or compiled by nvcc
 * into fatbins (in parallel batches), the host file by the host C++ compiler at the same
 * time, then one link with the fatbins embedded.  Writes out_path only when every step
 * succeeded (through a temporary file and a rename).                                       */
typedef struct BuildJob {
    const CgProgram *prog;
    const char *script;       /* for messages */
    const char *out_path;     /* the executable */
    const char *nvcc;         /* explicit path, or NULL to search $CUDA_HOME, $CUDA_PATH, PATH */
    const char *arch;         /* NULL: sm_80 + sm_90 SASS and compute_80 PTX (build.c) */
    const char *include_dir;  /* the runtime's headers */
    const char *lib_dir;      /* libgpyrt.a */
    const char *const *libs;  /* NULL-terminated CUDA libraries to link ("cublas"), or NULL */
    const char *keep_prefix;  /* non-NULL: keep the generated files as <prefix>.host.cpp and
                                 <prefix>.kernels.cu */
    bool verbose;             /* stage times, cache hits and misses, every command */
    bool no_cache;            /* --no-cache */
    int device_opt;           /* cicc's and ptxas's -O level, 0..3 (--device-opt) */
    int jobs;                 /* at most this many nvcc processes at once; 0: one per core */
} BuildJob;
/* Returns 0 on success, 1 after diagnostics. */
int cg_build(const BuildJob *job);
/* gpyc --cache-fill: compiles the units[0..n) the kernel cache lacks into it (job's prog,
 * script, out_path, lib_dir, libs and keep_prefix are not used); 0, or 1 after diagnostics. */
int cg_cache_fill(const BuildJob *job, const CgUnit *const *units, int n);

#endif
