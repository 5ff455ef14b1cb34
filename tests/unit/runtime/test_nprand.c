/*
 * test_nprand.c — runtime/nprand.c against NumPy's legacy generator: random_sample, the
 * legacy gauss (with its cached second value) and randint for every dtype width and each of
 * NumPy's sampling paths.  Expected values come from nprand_cases.inc, written by
 * gen_nprand_cases.py (NumPy itself); every value is compared bit for bit.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "runtime/nprand.h"

typedef struct RandintCase {
    uint32_t seed;
    uint64_t off, rng;
    int bits, n;
    uint64_t want[40];
} RandintCase;

#include "nprand_cases.inc"

static uint64_t bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

Test(nprand, random_sample_seed0)
{
    rt_np_state s;
    rt_np_init(&s, 0);
    for (size_t i = 0; i < sizeof sample_seed0 / sizeof sample_seed0[0]; i++)
        cr_expect_eq(bits_of(rt_np_double(&s)), sample_seed0[i], "value %zu", i);
}

Test(nprand, gauss_seed1)
{
    rt_np_state s;
    rt_np_init(&s, 1);
    for (size_t i = 0; i < sizeof gauss_seed1 / sizeof gauss_seed1[0]; i++)
        cr_expect_eq(bits_of(rt_np_gauss(&s)), gauss_seed1[i], "value %zu", i);
}

Test(nprand, randint)
{
    for (size_t c = 0; c < sizeof randint_cases / sizeof randint_cases[0]; c++) {
        const RandintCase *k = &randint_cases[c];
        rt_np_state s;
        uint64_t got[40];
        rt_np_init(&s, k->seed);
        rt_np_bounded(&s, k->off, k->rng, k->bits, k->n, got);
        for (int i = 0; i < k->n; i++)
            cr_expect_eq(got[i], k->want[i], "case %zu (seed %u, %d bits) value %d: %llx != %llx", c, k->seed,
                         k->bits, i, (unsigned long long)got[i], (unsigned long long)k->want[i]);
    }
}

/* ---------------------------------------------------------------- the Generator (npgen.c) */

typedef struct RawCase {
    uint64_t seed;
    uint64_t want[4];
} RawCase;

typedef struct IntCase {
    uint32_t seed;
    uint64_t off, rng;
    int bits, n;
    uint64_t want[40];
} IntCase;

typedef struct ChoiceCase {
    uint32_t seed;
    int pop, n, replace, has_p, shuffle;
    int64_t want[40];
} ChoiceCase;

#include "npgen_cases.inc"

/* default_rng(seed) for a non-negative seed below 2**64 (one or two entropy words). */
static void npg_seed(rt_npg_state *s, uint64_t seed)
{
    uint32_t w[2] = { (uint32_t)seed, (uint32_t)(seed >> 32) };
    rt_npg_init(s, w, seed >> 32 ? 2 : 1);
}

/* gen_npgen_cases.py's hash: sum of bits(v[i]) * (2i + 1) mod 2**64 over n draws. */
static uint64_t npg_hash(rt_npg_state *s, double (*draw)(rt_npg_state *), int n, const uint64_t *first)
{
    uint64_t h = 0;
    for (int i = 0; i < n; i++) {
        uint64_t b = bits_of(draw(s));
        if (i < 32) cr_expect_eq(b, first[i], "value %d", i);
        h += b * (2 * (uint64_t)i + 1);
    }
    return h;
}

Test(npgen, seed_sequence_pcg64)
{
    for (size_t c = 0; c < sizeof raw_cases / sizeof raw_cases[0]; c++) {
        rt_npg_state s;
        npg_seed(&s, raw_cases[c].seed);
        for (int i = 0; i < 4; i++)
            cr_expect_eq(rt_npg_next64(&s), raw_cases[c].want[i], "seed %llx draw %d",
                         (unsigned long long)raw_cases[c].seed, i);
    }
}

Test(npgen, random_float64_float32)
{
    rt_npg_state s;
    npg_seed(&s, 3);
    for (int i = 0; i < 11; i++) {
        bool f32 = i < 5 || i >= 8;
        uint64_t got;
        if (f32) {
            uint32_t u;
            float f = rt_npg_float(&s);
            memcpy(&u, &f, sizeof u);
            got = u;
        } else {
            got = bits_of(rt_npg_double(&s));
        }
        cr_expect_eq(got, uniform_seed3[i], "value %d", i);
    }
}

Test(npgen, ziggurats)
{
    rt_npg_state s;
    npg_seed(&s, 4);
    cr_expect_eq(npg_hash(&s, rt_npg_normal, 300000, normal_first), normal_hash);
    npg_seed(&s, 5);
    cr_expect_eq(npg_hash(&s, rt_npg_exponential, 300000, expo_first), expo_hash);
}

Test(npgen, integers)
{
    for (size_t c = 0; c < sizeof int_cases / sizeof int_cases[0]; c++) {
        const IntCase *k = &int_cases[c];
        rt_npg_state s;
        uint64_t got[40];
        npg_seed(&s, k->seed);
        rt_npg_bounded(&s, k->off, k->rng, k->bits, k->n, got);
        for (int i = 0; i < k->n; i++)
            cr_expect_eq(got[i], k->want[i], "case %zu (seed %u, %d bits) value %d: %llx != %llx", c, k->seed,
                         k->bits, i, (unsigned long long)got[i], (unsigned long long)k->want[i]);
    }
}

Test(npgen, permutation)
{
    rt_npg_state s;
    npg_seed(&s, 6);
    int64_t p[50];
    for (int i = 0; i < 50; i++) p[i] = i;
    rt_npg_permute_lanes(&s, (char *)p, sizeof p[0], 50, 50, 1);
    for (int i = 0; i < 50; i++) cr_expect_eq((uint64_t)p[i], perm_seed6[i], "value %d", i);
}

Test(npgen, choice)
{
    for (size_t c = 0; c < sizeof choice_cases / sizeof choice_cases[0]; c++) {
        const ChoiceCase *k = &choice_cases[c];
        rt_npg_state s;
        double p[10];
        int64_t got[1000];
        memcpy(p, choice_p, sizeof p);
        npg_seed(&s, k->seed);
        rt_npg_choice_idx(&s, k->pop, k->n, k->replace, k->has_p ? p : NULL, k->shuffle, got);
        for (int i = 0; i < k->n && i < 40; i++)
            cr_expect_eq(got[i], k->want[i], "case %zu value %d: %lld != %lld", c, i, (long long)got[i],
                         (long long)k->want[i]);
    }
}

Test(npgen, permuted)
{
    rt_npg_state s;
    int64_t x[24];
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 24; i++) x[i] = i;
        npg_seed(&s, 14 + (uint64_t)pass);
        if (pass == 0)
            rt_npg_permute_lanes(&s, (char *)x, sizeof x[0], 24, 3, 4); /* axis=1 of shape (2, 3, 4) */
        else
            rt_npg_permute_lanes(&s, (char *)x, sizeof x[0], 24, 24, 1);
        const uint64_t *want = pass == 0 ? permuted_axis1 : permuted_all;
        for (int i = 0; i < 24; i++) cr_expect_eq((uint64_t)x[i], want[i], "pass %d value %d", pass, i);
    }
}
