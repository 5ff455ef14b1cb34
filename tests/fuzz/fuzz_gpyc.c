/*
 * fuzz_gpyc.c — the libFuzzer harness (issue 24): one input is one script, run in-process
 * through every compile stage that needs no nvcc, as driver.c's compile() runs them:
 * fe_parse, lower_module, passes_run at -O2 (and at -O0 for every fourth input, by its first
 * byte), ir_print, cg_list_kernels, cg_program and its listing (the --emit=cuda text).
 *
 * A crash, a sanitizer report, a hang (-timeout) or an exit (an internal error exits 1) is a
 * finding; a compile error is not.  Between inputs nothing carries over: the diagnostics'
 * count is reset, the type arena and the module are freed, and the output of every stage goes
 * to one /dev/null stream.  Built by CMake with -DGPYC_FUZZ=ON under clang (tests/fuzz/fuzz.sh,
 * `make fuzz`); docs/testing.md ("Fuzzing").
 */
#include "compiler/compiler.h"
#include "frontend/frontend.h"
#include "codegen/codegen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static FILE *sink;

/* The stages after parsing, on a module lowering gave. */
static void compile_module(IrModule *m, int opt_level)
{
    passes_run(m, opt_level, PASS_ALL);
    ir_print(sink, m);
    cg_list_kernels(sink, m);
    CgProgram prog;
    cg_program(&prog, m);
    if (!diag_count()) {
        StrBuf l = {0};
        cg_program_listing(&l, &prog);
        fwrite(l.s, 1, l.len, sink);
        sb_free(&l);
    }
    cg_program_free(&prog);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink) {
        sink = fopen("/dev/null", "w");
        if (!sink) abort();
        diag_set_stream(sink);
        cg_nvrtc_disable();   /* name_expressions take their error path: no NVRTC per input */
    }
    diag_reset();
    Arena *arena = ar_new();
    SrcFile *src = ar_alloc(arena, sizeof *src);
    char *text = ar_alloc(arena, size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    src->path = src->name = "fuzz.py";
    fe_normalise_source(src, text, size);   /* as fe_read_source gives a file's text */
    int n_nodes = 0;
    AstNode *module = fe_parse(arena, src, &n_nodes);
    if (module && !diag_count()) {
        ast_dump(sink, module);
        /* `import helper` looks beside the script: nowhere here */
        CompileInput in = {.arena = arena, .main = src, .module = module, .search_dir = "/nonexistent"};
        IrModule *m = lower_module(&in);
        if (m && !diag_count()) compile_module(m, size && data[0] % 4 == 0 ? 0 : 2);
        ir_module_free(m);
    }
    ty_free_all();
    ar_delete(arena);
    return 0;
}
