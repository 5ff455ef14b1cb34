/*
 * nprand.h — NumPy's generators as pure host functions: the legacy one (runtime/nprand.c:
 * MT19937 with NumPy's int seeding, its 53-bit doubles, the legacy gauss and the legacy bounded
 * integers) and the Generator's (runtime/npgen.c: SeedSequence, PCG64, the ziggurats, Lemire's
 * bounded integers), and what the two files share.  The unit test
 * (tests/unit/runtime/test_nprand.c) draws with these against NumPy's numbers.
 *
 * Invariants: an rt_np_state is NumPy's RandomState state (624 words, position, cached gauss);
 * an rt_npg_state is PCG64's (128-bit state and increment, the kept high half of a 64-bit draw).
 */
#ifndef GPYC_RUNTIME_NPRAND_H
#define GPYC_RUNTIME_NPRAND_H

#include <stdbool.h>
#include <stdint.h>

#include "gpyrt.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* ---------------------------------------------------------------- shared by nprand.c, npgen.c
 * The algorithms both generators run, on a generator's raw draws (rt_np_bits). */
typedef struct rt_np_bits {
    void *s; /* the state */
    uint32_t (*next32)(void *s);
    uint64_t (*next64)(void *s);
    double (*u01)(void *s); /* random() */
} rt_np_bits;
/* The element count of a shape; ValueError "negative dimensions are not allowed". */
int64_t rt_np_count(int ndim, const int64_t *shape);
/* A draw of `bits` bits (8, 16 or 32) as NumPy's buffered_uint8/16: one 32-bit word serves
 * 32 / bits draws, low bits first; *bcnt and *buf carry the word between draws. */
uint32_t rt_np_buffered(const rt_np_bits *g, int bits, int *bcnt, uint32_t *buf);
/* NumPy's random_interval: [0, max] by masked rejection, 32-bit draws when max fits 32 bits. */
uint64_t rt_np_interval(const rt_np_bits *g, uint64_t max);
/* The shuffle's swaps (i from n - 1 down to 1 with random_interval(i)) on arange(n). */
void rt_np_shuffle_index(const rt_np_bits *g, int64_t n, int64_t *p);
/* The shuffle's permutation of arange(n) as a new int64 array (g NULL: arange(n), no draws). */
gp_array *rt_np_perm_of(const rt_np_bits *g, int64_t n);
/* n draws of random() searched in p's cdf (rt_np_cdf_search). */
void rt_np_cdf_draws(const rt_np_bits *g, const double *p, int64_t pop, int64_t n, int64_t *out);
/* choice without replacement with p: rounds of random(n - found), the found entries' p set to
 * 0, each round's first occurrences kept in the order they came; ValueError "Fewer non-zero
 * entries in p than size". */
void rt_np_unique_p(const rt_np_bits *g, double *p, int64_t pop, int64_t n, int64_t *found);
/* A new array of dtype dt (an integer dtype) and shape from n values, each wrapped to dt. */
gp_array *rt_np_pack_ints(gp_dtype dt, int ndim, const int64_t *shape, const uint64_t *u, int64_t n);
/* choice's p (any real dtype) as float64 on the host (free it), checked with NumPy's messages
 * ('p' must be 1-dimensional, ... with the legacy generator's quotes when legacy). */
double *rt_np_choice_p(const gp_array *pa, int64_t pop, bool legacy);
/* out[k] = cdf.searchsorted(u[k], side='right'), cdf = cumsum(p) / cdf[-1] (p of pop > 0). */
void rt_np_cdf_search(const double *p, int64_t pop, const double *u, int64_t n, int64_t *out);

/* ---------------------------------------------------------------- npgen.c */
typedef struct rt_npg_state {
    unsigned __int128 state, inc;
    bool has32;
    uint32_t u32;
} rt_npg_state;

/* PCG64(SeedSequence(entropy)): entropy as its n uint32 words, low word first (an int seed). */
void rt_npg_init(rt_npg_state *s, const uint32_t *entropy, int n);
uint64_t rt_npg_next64(rt_npg_state *s);
uint32_t rt_npg_next32(rt_npg_state *s);
double rt_npg_double(rt_npg_state *s); /* random() */
float rt_npg_float(rt_npg_state *s); /* random(dtype=float32) */
double rt_npg_normal(rt_npg_state *s); /* standard_normal(): the ziggurat */
double rt_npg_exponential(rt_npg_state *s);
/* cnt values off + [0, rng] of a dtype of `bits` bits, wrapped to its width, as integers()
 * draws them (Lemire's method; 32-bit draws for ranges of 32 bits or less). */
void rt_npg_bounded(rt_npg_state *s, uint64_t off, uint64_t rng, int bits, int64_t cnt, uint64_t *out);
/* choice's n indices into a population of pop (checked) with the Generator's algorithms: with
 * replacement integers() or p's cdf; without, rounds with p (p is modified) or Floyd's
 * algorithm (shuffled when shuffle) or the tail of a partial shuffle. */
void rt_npg_choice_idx(rt_npg_state *s, int64_t pop, int64_t n, bool replace, double *p, bool shuffle,
                       int64_t *idx);
/* permuted's shuffles on n elements of isz bytes (isz <= 16) in C order: each lane of len
 * elements inner apart (the lanes in C order of the other indices), i from len - 1 down to 1
 * swapped with random_interval(i). */
void rt_npg_permute_lanes(rt_npg_state *s, char *v, size_t isz, int64_t n, int64_t len, int64_t inner);
/* NumPy's SeedSequence(seed).generate_state(1, uint32)[0] (CuPy's BitGenerator seed; unseeded:
 * of the clock); ValueError "expected non-negative integer" for a negative seed. */
uint32_t rt_np_seed_word(int64_t seed, bool seeded);
/* One draw of kind (RT_NPG_*) with parameters a, b from the selected Generator. */
double rt_npg_sample(int kind, double a, double b);

#ifdef __cplusplus
}
#endif
#endif
