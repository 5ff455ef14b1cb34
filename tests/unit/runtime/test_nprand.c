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
