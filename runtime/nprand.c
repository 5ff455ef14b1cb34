/*
 * nprand.c — NumPy's legacy global generator (np.random.seed, rand, randn, randint, normal,
 * uniform ...: NumPy's RandomState) on the host, bit for bit: MT19937 seeded as NumPy seeds it
 * from an int (init_genrand), doubles of 53 bits from two draws ((a >> 5) * 2**26 + (b >> 6)) /
 * 2**53, the legacy gauss (polar Box-Muller keeping its second value for the next call), and
 * the legacy bounded integers (masked rejection sampling on 32-bit draws for ranges that fit
 * 32 bits, 64-bit draws (high word first) otherwise, 16- and 8-bit draws taken from a buffered
 * 32-bit word for the small dtypes).  Results are copied to the device (rt_from_host).
 *
 * Invariants: one generator state for the program (NumPy's global RandomState); unseeded it is
 * seeded from the clock (NumPy: the OS's entropy), so only seeded programs are reproducible;
 * every draw advances the state in NumPy's order, element by element in C order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "nprand.h"

/* ---------------------------------------------------------------- MT19937 */

enum { MT_N = 624, MT_M = 397 };

static rt_np_state global;
static bool seeded;

void rt_np_init(rt_np_state *s, uint32_t seed)
{
    s->key[0] = seed;
    for (int i = 1; i < MT_N; i++) s->key[i] = 1812433253u * (s->key[i - 1] ^ (s->key[i - 1] >> 30)) + (uint32_t)i;
    s->pos = MT_N;
    s->has_gauss = false;
    s->gauss = 0.0;
}

/* Regenerates the 624 words (the reference MT19937 twist). */
static void mt_twist(rt_np_state *s)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = (s->key[i] & 0x80000000u) | (s->key[(i + 1) % MT_N] & 0x7fffffffu);
        s->key[i] = s->key[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    s->pos = 0;
}

uint32_t rt_np_next32(rt_np_state *s)
{
    if (s->pos >= MT_N) mt_twist(s);
    uint32_t y = s->key[s->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* NumPy's next_uint64 for MT19937: the first draw is the high word. */
static uint64_t next64(rt_np_state *s)
{
    uint64_t hi = rt_np_next32(s);
    return hi << 32 | rt_np_next32(s);
}

double rt_np_double(rt_np_state *s)
{
    int32_t a = (int32_t)(rt_np_next32(s) >> 5), b = (int32_t)(rt_np_next32(s) >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double rt_np_gauss(rt_np_state *s)
{
    if (s->has_gauss) {
        s->has_gauss = false;
        return s->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * rt_np_double(s) - 1.0;
        x2 = 2.0 * rt_np_double(s) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    s->gauss = f * x1;
    s->has_gauss = true;
    return f * x2;
}

/* ---------------------------------------------------------------- bounded integers */

/* The smallest mask 2**k - 1 >= rng. */
static uint64_t gen_mask(uint64_t rng)
{
    uint64_t m = rng;
    for (int sh = 1; sh < 64; sh <<= 1) m |= m >> sh;
    return m;
}

/* A draw of `bits` bits (8, 16 or 32) as NumPy's buffered_uint8/16: one 32-bit word serves
 * 32 / bits draws, low bits first; *bcnt and *buf carry the word between draws. */
static uint32_t buffered(rt_np_state *s, int bits, int *bcnt, uint32_t *buf)
{
    if (bits == 32) return rt_np_next32(s);
    if (!*bcnt) {
        *buf = rt_np_next32(s);
        *bcnt = 32 / bits - 1;
    } else {
        *buf >>= bits;
        (*bcnt)--;
    }
    return bits == 16 ? (uint16_t)*buf : (uint8_t)*buf;
}

void rt_np_bounded(rt_np_state *s, uint64_t off, uint64_t rng, int bits, int64_t cnt, uint64_t *out)
{
    uint32_t buf = 0;
    int bcnt = 0;
    uint64_t full = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    /* a range of 32 bits or less draws 32-bit words even for the 64-bit dtypes */
    int width = bits == 64 && rng <= 0xffffffffu ? 32 : bits;
    uint64_t mask = gen_mask(rng);
    for (int64_t i = 0; i < cnt; i++) {
        uint64_t v;
        if (rng == 0) {
            v = 0;
        } else if (width == 64) {
            if (rng == UINT64_MAX) v = next64(s);
            else
                while ((v = next64(s) & mask) > rng) {}
        } else if (rng == (width == 32 ? 0xffffffffu : full)) {
            v = buffered(s, width, &bcnt, &buf);
        } else {
            while ((v = buffered(s, width, &bcnt, &buf) & mask) > rng) {}
        }
        out[i] = (off + v) & full;
    }
}

/* ---------------------------------------------------------------- the global generator */

static rt_np_state *state(void)
{
    if (!seeded) rt_np_seed((int64_t)((uint64_t)time(NULL) ^ (uint64_t)clock()) & 0xffffffff);
    return &global;
}

void rt_np_seed(int64_t seed)
{
    if (seed < 0 || seed > 0xffffffffLL) rt_raise("ValueError", "Seed must be between 0 and 2**32 - 1");
    rt_np_init(&global, (uint32_t)seed);
    seeded = true;
}

static int64_t count(int ndim, const int64_t *shape)
{
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) rt_raise("ValueError", "negative dimensions are not allowed");
        n *= shape[i];
    }
    return n;
}

gp_array *rt_np_draw(int kind, int ndim, const int64_t *shape, double a, double b)
{
    int64_t n = count(ndim, shape);
    double *v = rt_xmalloc((size_t)(n ? n : 1) * sizeof *v);
    rt_np_state *s = state();
    for (int64_t i = 0; i < n; i++) {
        if (kind == RT_NP_GAUSS) v[i] = a + b * rt_np_gauss(s);
        else v[i] = a + (b - a) * rt_np_double(s);
    }
    gp_array *r = rt_from_host(GP_FLOAT64, ndim, shape, v);
    free(v);
    return r;
}

gp_array *rt_np_randint(gp_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape)
{
    if (low >= high) rt_raise("ValueError", "low >= high");
    int64_t n = count(ndim, shape);
    int isz = (int)rt_dtype_size(dt);
    uint64_t *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
    rt_np_bounded(state(), (uint64_t)low, (uint64_t)high - 1 - (uint64_t)low, isz * 8, n, u);
    char *packed = rt_xmalloc((size_t)(n ? n : 1) * (size_t)isz);
    for (int64_t i = 0; i < n; i++) {
        uint8_t b1 = (uint8_t)u[i];
        uint16_t b2 = (uint16_t)u[i];
        uint32_t b4 = (uint32_t)u[i];
        void *src = isz == 1 ? (void *)&b1 : isz == 2 ? (void *)&b2 : isz == 4 ? (void *)&b4 : (void *)&u[i];
        memcpy(packed + i * isz, src, (size_t)isz);
    }
    gp_array *r = rt_from_host(dt, ndim, shape, packed);
    free(packed);
    free(u);
    return r;
}
