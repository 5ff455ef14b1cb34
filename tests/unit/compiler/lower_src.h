/*
 * lower_src.h — the front half of the pipeline for the compiler's unit tests: a script given
 * as a string (named t.py) parsed and lowered into arena a, as gpyc does before its passes.
 */
#ifndef GPYC_TEST_LOWER_SRC_H
#define GPYC_TEST_LOWER_SRC_H

#include <stdio.h>
#include <string.h>

#include "compiler/compiler.h"
#include "frontend/frontend.h"

/* The array IR of src, or NULL on a parse or lowering error (diagnostics reset first). */
static inline IrModule *lower_src(Arena *a, const char *src)
{
    SrcFile *f = ar_alloc(a, sizeof *f);
    f->path = f->name = "t.py";
    f->text = ar_strdup(a, src);
    f->len = strlen(src);
    diag_reset();
    int n_nodes = 0;
    AstNode *mod = fe_parse(a, f, &n_nodes);
    if (!mod || diag_count()) return NULL;
    CompileInput in = {.arena = a, .main = f, .module = mod, .search_dir = "."};
    return lower_module(&in);
}

/* The -v remarks of compiling src at -O2 through every pass (xmalloc'd); `seen`, when not NULL,
 * looks at the module after the passes. */
static inline char *lower_src_remarks(const char *src, void (*seen)(const IrModule *m))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *errs = open_memstream(&buf, &len);
    diag_set_stream(errs);
    diag_set_remarks(true);
    Arena *a = ar_new();
    IrModule *m = lower_src(a, src);
    if (m) {
        passes_run(m, 2, PASS_ALL);
        if (seen) seen(m);
        ir_module_free(m);
    }
    ar_delete(a);
    diag_set_remarks(false);
    diag_set_stream(NULL);
    fclose(errs);
    return buf;
}

#endif
