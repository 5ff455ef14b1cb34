/*
 * fuzz_npyfmt.c — a libFuzzer harness of the .npy header reader (runtime/npyfmt.c, issue 23):
 * one input is one file's first bytes, parsed whole (at_eof) and in growing prefixes as the
 * runtime reads them; a header that parses is checked against the data that follows and
 * written back.  A crash, a sanitizer report or a hang is a finding.  Built by CMake with
 * -DGPYC_FUZZ=ON under clang (target npyfmt_fuzz); replay: build-fuzz/bin/npyfmt_fuzz FILE,
 * run: build-fuzz/bin/npyfmt_fuzz -max_total_time=60 CORPUS (tests/unit/compiler/npy_cases.inc
 * holds good and bad headers to start from).
 */
#include "runtime/npyfmt.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    NpyHeader h;
    NpyError e;
    size_t need = 0, have = size < 6 ? size : 6;
    int rc;
    while ((rc = npy_parse_header(data, have, have == size, &h, &need, &e)) == NPY_MORE)
        have = need < size ? need : size;
    if (rc == NPY_OK &&
        npy_check_data(&h, size - (h.data_offset < size ? h.data_offset : size), &e) == NPY_OK) {
        char out[512];
        npy_write_header(out, sizeof out, h.dtype, h.fortran, h.ndim < 8 ? h.ndim : 8, h.shape);
    }
    return 0;
}
