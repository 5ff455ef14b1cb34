/*
 * nprand.h — NumPy's legacy generator as pure host functions (runtime/nprand.c): MT19937 with
 * NumPy's int seeding, its 53-bit doubles, the legacy gauss and the legacy bounded integers.
 * The unit test (tests/unit/runtime/test_nprand.c) draws with these against NumPy's numbers.
 *
 * Invariant: an rt_np_state is NumPy's RandomState state (624 words, position, cached gauss).
 */
#ifndef GPYC_RUNTIME_NPRAND_H
#define GPYC_RUNTIME_NPRAND_H

#include <stdbool.h>
#include <stdint.h>

typedef struct rt_np_state {
    uint32_t key[624];
    int pos;
    bool has_gauss;
    double gauss;
} rt_np_state;

/* NumPy's RandomState(seed) for an int seed in [0, 2**32) (init_genrand; no cached gauss). */
void rt_np_init(rt_np_state *s, uint32_t seed);
uint32_t rt_np_next32(rt_np_state *s);
/* random_sample(): [0, 1) from two 32-bit draws */
double rt_np_double(rt_np_state *s);
/* standard_normal() of the legacy generator (polar Box-Muller, second value cached) */
double rt_np_gauss(rt_np_state *s);
/* cnt values off + [0, rng] of a dtype of `bits` bits (8, 16, 32, 64), wrapped to the dtype's
 * width, as NumPy's legacy randint draws them (masked rejection). */
void rt_np_bounded(rt_np_state *s, uint64_t off, uint64_t rng, int bits, int64_t cnt, uint64_t *out);

#endif
